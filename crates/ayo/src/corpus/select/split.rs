//! Writing chosen games as they were written: one after another
//! ([`Printer`]), or into one file per value of a tag ([`Split`]).

use std::collections::HashMap;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use thiserror::Error;

use super::scan_tags;
use crate::corpus::key::nfc;
use crate::corpus::plain;
use crate::files::batch::{Batch, Refused, Slot};
use crate::files::write::Existing;
use crate::notation::RawGame;

/// The line ending a game's text uses: CRLF when it has one, else LF.
fn line_ending(bytes: &[u8]) -> &'static [u8] {
    if memchr::memmem::find(bytes, b"\r\n").is_some() {
        b"\r\n"
    } else {
        b"\n"
    }
}

/// Writes games one after another, a blank line between them.
#[derive(Debug, Default)]
pub(crate) struct Printer {
    /// The line ending of the last game written, if any.
    last: Option<&'static [u8]>,
}

impl Printer {
    /// A game's original text, then a line ending of its own kind.
    pub fn original(&mut self, out: &mut impl Write, raw: &RawGame) -> io::Result<()> {
        if let Some(eol) = self.last {
            out.write_all(eol)?;
        }
        let eol = line_ending(&raw.bytes);
        out.write_all(&raw.bytes)?;
        out.write_all(eol)?;
        self.last = Some(eol);
        Ok(())
    }

    /// A game in canonical form (which ends with a line ending).
    pub fn canonical(&mut self, out: &mut impl Write, text: &str) -> io::Result<()> {
        if let Some(eol) = self.last {
            out.write_all(eol)?;
        }
        out.write_all(text.as_bytes())?;
        self.last = Some(b"\n");
        Ok(())
    }
}

/// Why a game could not be written by a [`Split`].
#[derive(Debug, Error)]
pub enum SplitError {
    /// No file could be made for a value.
    #[error("cannot write in {}: {}", dir.display(), plain(source))]
    Add {
        /// The folder.
        dir: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A value's file could not be opened or written.
    #[error("cannot write {}: {}", path.display(), plain(source))]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A game could not be written into its value's file.
    #[error("{}: cannot write the output: {source}", path.display())]
    Print {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// Games written into one file per value of a tag (`untagged.ayo` for those
/// without it), all put in place at the end (see [`Batch`]), so that a run
/// that fails writes none.
///
/// ```
/// use ayo::corpus::select::Split;
/// use ayo::files::{batch::Batch, write::Existing};
/// use ayo::notation::GameReader;
///
/// let dir = tempfile::tempdir().unwrap();
/// let text = "[Round \"1\"]\n\n1. c *\n\n[Round \"2\"]\n\n1. d *\n\n1. e *\n";
/// let mut split = Split::new("Round".to_string(), Batch::new(dir.path()).unwrap());
/// for raw in GameReader::new(text.as_bytes()) {
///     split.write(&raw.unwrap()).unwrap();
/// }
/// let files = split.finish(Existing::Refuse).unwrap();
/// let names: Vec<String> = files
///     .iter()
///     .map(|(path, n)| format!("{} {n}", path.file_name().unwrap().to_string_lossy()))
///     .collect();
/// assert_eq!(names, ["1.ayo 1", "2.ayo 1", "untagged.ayo 1"]);
/// ```
pub struct Split {
    tag: String,
    batch: Batch,
    /// Each value's file, its printer and number of games.
    files: HashMap<Option<String>, (Slot, Printer, u64)>,
    /// Values in the order first seen.
    order: Vec<Option<String>>,
}

impl Split {
    /// Splits by the value of `tag`, into the files of `batch`.
    pub fn new(tag: String, batch: Batch) -> Split {
        Split {
            tag,
            batch,
            files: HashMap::new(),
            order: Vec::new(),
        }
    }

    /// Writes a game, as written, into its value's file. Values are
    /// compared in one Unicode form (NFC): a name typed with combining
    /// tone marks and the same name with precomposed letters share a file.
    pub fn write(&mut self, raw: &RawGame) -> Result<(), SplitError> {
        let value = scan_tags(&raw.bytes).and_then(|tags| {
            tags.into_iter()
                .find(|t| t.name == self.tag)
                .map(|t| nfc(&t.value).into_owned())
        });
        if !self.files.contains_key(&value) {
            let text = value.as_deref().unwrap_or("untagged");
            let slot = self
                .batch
                .add(text, "ayo")
                .map_err(|source| SplitError::Add {
                    dir: self.batch.dir().to_path_buf(),
                    source,
                })?;
            self.files
                .insert(value.clone(), (slot, Printer::default(), 0));
            self.order.push(value.clone());
        }
        let Some((slot, printer, n)) = self.files.get_mut(&value) else {
            return Ok(());
        };
        // Opened for each game, so that a tag with many values does not run
        // out of file handles.
        let path = self.batch.path(*slot);
        let cannot = |source| SplitError::Write {
            path: path.clone(),
            source,
        };
        let mut w = BufWriter::new(self.batch.open(*slot).map_err(cannot)?);
        printer
            .original(&mut w, raw)
            .map_err(|source| SplitError::Print {
                path: path.clone(),
                source,
            })?;
        w.flush().map_err(cannot)?;
        *n += 1;
        Ok(())
    }

    /// Puts the files in place (see [`Batch::commit`]), and returns each
    /// file written with its number of games, in the order their values were
    /// first seen.
    pub fn finish(self, existing: Existing) -> Result<Vec<(PathBuf, u64)>, Refused> {
        let listing: Vec<(PathBuf, u64)> = self
            .order
            .iter()
            .filter_map(|value| self.files.get(value))
            .map(|(slot, _, n)| (self.batch.path(*slot), *n))
            .collect();
        self.batch.commit(existing)?;
        Ok(listing)
    }
}

#[cfg(test)]
mod printer_example {
    #[test]
    fn printer() {
        use crate::corpus::select::Printer;
        use crate::notation::GameReader;

        // Each game keeps its own line endings.
        let text = "[Round \"1\"]\r\n\r\n1. c A *\r\n\r\n1. d *";
        let mut out = Vec::new();
        let mut printer = Printer::default();
        for raw in GameReader::new(text.as_bytes()) {
            printer.original(&mut out, &raw.unwrap()).unwrap();
        }
        assert_eq!(out, b"[Round \"1\"]\r\n\r\n1. c A *\r\n\r\n1. d *\n");
    }
}
