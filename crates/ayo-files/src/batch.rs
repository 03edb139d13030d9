//! Files written into one folder as a whole: all of them, or none.
//!
//! A command that writes several files into a folder (`filter --split-by`,
//! `html --out-dir`, `board --out`) may not know all their names before it
//! has read its input, and must not leave half its output behind when it
//! fails. So each file is written to a hidden temporary file in the folder
//! (made new, so no link is followed, and named as every temporary file of
//! [`super::write`]), and only at the end, when every name
//! is known, are the names checked, all at once, and the files renamed into
//! place: a name already taken (by a file, a folder or a link, dangling or
//! not) stops the run before any file appears, unless it is to be replaced;
//! a rename replaces a link, never the file it points to. A batch dropped
//! before [`Batch::commit`] removes its temporary files.
//!
//! ```
//! use ayo_files::batch::Batch;
//! use ayo_files::write::Existing;
//!
//! let dir = tempfile::tempdir().unwrap();
//! std::fs::write(dir.path().join("b.ayo"), "old").unwrap();
//! let mut batch = Batch::new(dir.path()).unwrap();
//! batch.write("a", "ayo", b"1. c *\n").unwrap();
//! batch.write("b", "ayo", b"1. d *\n").unwrap();
//! // b.ayo is there already: nothing is written, not even a.ayo.
//! assert!(batch.commit(Existing::Refuse).is_err());
//! assert!(!dir.path().join("a.ayo").exists());
//! assert_eq!(std::fs::read(dir.path().join("b.ayo")).unwrap(), b"old");
//! ```

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::TempPath;

use super::name::Names;
use super::write::{Existing, Listed, taken, temporary_for};

/// A file of the batch, by its place in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot(usize);

/// One file to be: its final name, and its temporary file until then.
struct Staged {
    name: String,
    temp: TempPath,
    /// Its entry in the registry a signal handler cleans up; dropped after
    /// `temp`, so once the file is renamed or removed.
    _listed: Listed,
    /// The temporary file's device and inode, to check it is still the file
    /// made when it is opened again.
    #[cfg(unix)]
    id: (u64, u64),
}

/// Files to be written into one folder, named by [`Names`].
pub struct Batch {
    dir: PathBuf,
    names: Names,
    files: Vec<Staged>,
}

/// Why [`Batch::commit`] wrote nothing, or stopped.
#[derive(Debug)]
pub enum Refused {
    /// Names taken by files or links this run did not write; nothing was
    /// written.
    Taken {
        /// The first few of them.
        paths: Vec<PathBuf>,
        /// How many in all.
        count: usize,
    },
    /// A folder is where a file is to go, and even `--force` does not
    /// replace a folder; nothing was written.
    Folder(PathBuf),
    /// A file could not be written.
    Io(PathBuf, io::Error),
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Taken { paths, count } => {
                let first = paths
                    .first()
                    .map_or(String::new(), |p| p.display().to_string());
                if *count > 1 {
                    write!(
                        f,
                        "{first} and {} more of the files to write are already there: \
                         nothing was written (--force replaces them)",
                        count - 1
                    )
                } else {
                    write!(
                        f,
                        "{first} is already there: nothing was written (--force replaces it)"
                    )
                }
            }
            Refused::Folder(path) => write!(
                f,
                "{} is a folder where a file is to go: nothing was written",
                path.display()
            ),
            Refused::Io(path, e) => write!(f, "cannot write {}: {}", path.display(), plain(e)),
        }
    }
}

/// An I/O error's text without its `(os error N)`.
fn plain(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

impl Batch {
    /// A batch for `dir`, made (with its parents) when missing.
    pub fn new(dir: &Path) -> io::Result<Batch> {
        std::fs::create_dir_all(dir)?;
        Ok(Batch {
            dir: dir.to_path_buf(),
            names: Names::new(),
            files: Vec::new(),
        })
    }

    /// Sets `name` aside for a file the caller adds later under that name
    /// (`index.html`), so that no other file gets it.
    pub fn reserve(&mut self, name: &str) {
        self.names.reserve(name);
    }

    /// A new, empty file named from `text` and `ext` by [`Names::take`].
    pub fn add(&mut self, text: &str, ext: &str) -> io::Result<Slot> {
        let name = self.names.take(text, ext);
        self.add_named(name)
    }

    /// A new, empty file of exactly this name (one set aside with
    /// [`Batch::reserve`]).
    pub fn add_reserved(&mut self, name: &str) -> io::Result<Slot> {
        self.add_named(name.to_string())
    }

    fn add_named(&mut self, name: String) -> io::Result<Slot> {
        // Named and listed as every temporary file of `files::write`, so
        // that a signal handler removes it and a later run sweeps it.
        let (file, listed) = temporary_for(&self.dir.join(&name))?;
        #[cfg(unix)]
        let id = {
            use std::os::unix::fs::MetadataExt;
            let m = file.as_file().metadata()?;
            (m.dev(), m.ino())
        };
        // Closed until written to: a batch can hold more files than a
        // process can keep open.
        let temp = file.into_temp_path();
        self.files.push(Staged {
            name,
            temp,
            _listed: listed,
            #[cfg(unix)]
            id,
        });
        Ok(Slot(self.files.len() - 1))
    }

    /// The file of `slot`, opened to append to.
    pub fn open(&self, slot: Slot) -> io::Result<File> {
        let staged = &self.files[slot.0];
        let file = OpenOptions::new().append(true).open(&staged.temp)?;
        // Only this run writes the hidden file, but should something have put
        // another in its place, it is not written to.
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let m = file.metadata()?;
            if (m.dev(), m.ino()) != staged.id {
                return Err(io::Error::other(format!(
                    "{} was replaced while it was written",
                    staged.temp.display()
                )));
            }
        }
        Ok(file)
    }

    /// Appends `bytes` to the file of `slot`.
    pub fn append(&self, slot: Slot, bytes: &[u8]) -> io::Result<()> {
        self.open(slot)?.write_all(bytes)
    }

    /// A new file named from `text` and `ext`, holding `bytes`; its name.
    pub fn write(&mut self, text: &str, ext: &str, bytes: &[u8]) -> io::Result<String> {
        let slot = self.add(text, ext)?;
        self.append(slot, bytes)?;
        Ok(self.files[slot.0].name.clone())
    }

    /// The folder the files go to.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The path the file of `slot` will have.
    pub fn path(&self, slot: Slot) -> PathBuf {
        self.dir.join(&self.files[slot.0].name)
    }

    /// Puts every file in place, in the order they were added, after checking
    /// every name: with [`Existing::Refuse`] a name already taken stops it
    /// before anything is written; with [`Existing::Replace`] files and links
    /// there are replaced (a link, never its target), folders never. Returns
    /// the paths written.
    pub fn commit(self, existing: Existing) -> Result<Vec<PathBuf>, Refused> {
        let mut clash = Vec::new();
        let mut count = 0;
        for staged in &self.files {
            let path = self.dir.join(&staged.name);
            if !taken(&path) {
                continue;
            }
            if path.symlink_metadata().is_ok_and(|m| m.is_dir()) {
                return Err(Refused::Folder(path));
            }
            count += 1;
            if clash.len() < 10 {
                clash.push(path);
            }
        }
        if count > 0 && existing == Existing::Refuse {
            return Err(Refused::Taken {
                paths: clash,
                count,
            });
        }
        let mut written = Vec::with_capacity(self.files.len());
        for staged in self.files {
            let path = self.dir.join(&staged.name);
            let done = match existing {
                Existing::Refuse => staged.temp.persist_noclobber(&path),
                Existing::Replace => staged.temp.persist(&path),
            };
            if let Err(e) = done {
                return Err(match e.error.kind() {
                    io::ErrorKind::AlreadyExists => Refused::Taken {
                        paths: vec![path],
                        count: 1,
                    },
                    _ => Refused::Io(path, e.error),
                });
            }
            written.push(path);
        }
        Ok(written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn appends_then_puts_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let mut batch = Batch::new(dir.path()).unwrap();
        batch.reserve("index.html");
        let a = batch.add("A", "ayo").unwrap();
        let b = batch.add("a", "ayo").unwrap();
        batch.append(a, b"1").unwrap();
        batch.append(b, b"2").unwrap();
        batch.append(a, b"3").unwrap();
        let index = batch.add_reserved("index.html").unwrap();
        batch.append(index, b"i").unwrap();
        assert_eq!(batch.path(b), dir.path().join("a-2.ayo"));
        // Nothing visible before the commit.
        assert_eq!(names(dir.path()).len(), 3);
        assert!(
            names(dir.path())
                .iter()
                .all(|n| n.starts_with('.') && n.contains(".ayo-") && n.ends_with(".tmp"))
        );
        let written = batch.commit(Existing::Refuse).unwrap();
        assert_eq!(written.len(), 3);
        assert_eq!(names(dir.path()), ["A.ayo", "a-2.ayo", "index.html"]);
        assert_eq!(std::fs::read(dir.path().join("A.ayo")).unwrap(), b"13");
    }

    #[test]
    fn a_batch_dropped_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let mut batch = Batch::new(dir.path()).unwrap();
        batch.write("x", "svg", b"<svg/>").unwrap();
        drop(batch);
        assert!(names(dir.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn links_are_replaced_only_when_asked_and_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, "keep").unwrap();
        let out = dir.path().join("out");
        std::fs::create_dir(&out).unwrap();
        std::os::unix::fs::symlink("../victim.txt", out.join("R1.ayo")).unwrap();
        std::os::unix::fs::symlink("nowhere", out.join("R2.ayo")).unwrap();
        let stage = |existing| {
            let mut batch = Batch::new(&out).unwrap();
            batch.write("R1", "ayo", b"new").unwrap();
            batch.write("R2", "ayo", b"new").unwrap();
            batch.commit(existing)
        };
        let refused = stage(Existing::Refuse).unwrap_err();
        assert!(
            matches!(&refused, Refused::Taken { count: 2, .. }),
            "{refused}"
        );
        assert!(
            refused.to_string().contains("R1.ayo and 1 more"),
            "{refused}"
        );
        assert_eq!(names(&out), ["R1.ayo", "R2.ayo"]);
        stage(Existing::Replace).unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
        for name in ["R1.ayo", "R2.ayo"] {
            let m = std::fs::symlink_metadata(out.join(name)).unwrap();
            assert!(m.is_file(), "{name}");
            assert_eq!(std::fs::read(out.join(name)).unwrap(), b"new");
        }
    }

    #[test]
    fn a_folder_is_never_replaced() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("x.svg")).unwrap();
        let mut batch = Batch::new(dir.path()).unwrap();
        batch.write("x", "svg", b"<svg/>").unwrap();
        let e = batch.commit(Existing::Replace).unwrap_err();
        assert!(matches!(e, Refused::Folder(_)), "{e}");
        assert_eq!(names(dir.path()), ["x.svg"]);
    }
}
