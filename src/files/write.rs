//! The safe-write function: temporary file, then rename.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// What to do when the name is already taken by a file this run did not write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Refuse: the write fails with [`io::ErrorKind::AlreadyExists`].
    Refuse,
    /// Replace it (`--force`). A link is replaced, never the file it points to.
    Replace,
}

/// Writes `bytes` as a new file at `path`.
///
/// The bytes go to a temporary file in the same folder, flushed to disk, then
/// renamed to `path`: a reader sees no file or the whole file, and a link at
/// `path` is never followed. With [`Existing::Refuse`] the rename does not
/// replace anything already at `path` (a file, a link, even a dangling one).
///
/// ```
/// use ayo::files::write::{write_new, Existing};
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("a.ayo");
/// write_new(&path, b"1. c *\n", Existing::Refuse).unwrap();
/// let again = write_new(&path, b"2", Existing::Refuse).unwrap_err();
/// assert_eq!(again.kind(), std::io::ErrorKind::AlreadyExists);
/// write_new(&path, b"2", Existing::Replace).unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"2");
/// ```
pub fn write_new(path: &Path, bytes: &[u8], existing: Existing) -> io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".ayo-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    match existing {
        Existing::Refuse => tmp.persist_noclobber(path).map_err(|e| e.error)?,
        Existing::Replace => tmp.persist(path).map_err(|e| e.error)?,
    };
    Ok(())
}

/// Whether something (a file, a folder, a link, even a dangling one) is at `path`.
pub fn taken(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok()
}
