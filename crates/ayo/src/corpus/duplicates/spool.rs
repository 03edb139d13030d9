//! Copies of the inputs that cannot be read twice.

use std::fs::File;
use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};

use super::Error;

/// A copy of an input that cannot be read twice, in a temporary file that
/// goes when the spool does (also when the run stops early).
pub(super) struct Spool {
    path: PathBuf,
    file: Option<File>,
    error: Option<io::Error>,
}

impl Spool {
    /// A new, empty copy of input `k`, named `name`.
    pub(super) fn new(k: usize, name: &str) -> Result<Spool, Error> {
        let path =
            std::env::temp_dir().join(format!("ayo-duplicates-{}-{k}.ayo", std::process::id()));
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|source| Error::Spool {
                name: name.to_string(),
                path: path.clone(),
                source,
            })?;
        Ok(Spool {
            path,
            file: Some(file),
            error: None,
        })
    }

    /// Where the copy is.
    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// A reader over `inner` that copies what it reads into the spool.
    pub(super) fn tee<'a>(&'a mut self, inner: Box<dyn BufRead + 'a>) -> Tee<'a> {
        Tee { inner, spool: self }
    }

    /// Whether everything read so far was copied.
    pub(super) fn check(&mut self) -> Result<(), Error> {
        match self.error.take() {
            None => Ok(()),
            Some(source) => Err(Error::Copy {
                path: self.path.clone(),
                source,
            }),
        }
    }
}

impl Drop for Spool {
    fn drop(&mut self) {
        drop(self.file.take());
        // A temporary file left behind is no reason to fail the run.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Reads through a [`Spool`].
pub(super) struct Tee<'a> {
    inner: Box<dyn BufRead + 'a>,
    spool: &'a mut Spool,
}

impl Read for Tee<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = {
            let avail = self.fill_buf()?;
            let n = avail.len().min(buf.len());
            buf[..n].copy_from_slice(&avail[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Tee<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        if amt > 0 && self.spool.error.is_none() {
            // The bytes being consumed are still in the buffer: fill_buf
            // hands them out again without reading.
            let copied = match (self.inner.fill_buf(), &mut self.spool.file) {
                (Ok(buf), Some(file)) => file.write_all(&buf[..amt.min(buf.len())]),
                (Err(e), _) => Err(e),
                (_, None) => Ok(()),
            };
            if let Err(e) = copied {
                self.spool.error = Some(e);
            }
        }
        self.inner.consume(amt);
    }
}
