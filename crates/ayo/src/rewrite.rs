//! What `ayo fmt --write` and `ayo analyze --write` share: files rewritten
//! in place through [`InPlace`], each problem told to the [`Reporter`] in
//! the words of the command.

use std::io;
use std::path::Path;
use std::sync::Arc;

use crate::canonical::InputFormatted;
use crate::corpus::input::InputError;
use crate::corpus::parallel::Reporter;
use crate::files::write::{HardLinks, InPlace, Refused, Snapshot};

/// The files of one `--write` run.
pub(crate) struct Rewriter(InPlace);

impl Rewriter {
    /// `force`: rewrite a file with other hard links too (this name only).
    pub(crate) fn new(force: bool) -> Rewriter {
        Rewriter(InPlace::new(if force {
            HardLinks::Split
        } else {
            HardLinks::Refuse
        }))
    }

    /// Reads the whole file `name`, with its [`Snapshot`], after the
    /// temporary files a killed `ayo` left in its folder are removed (each
    /// said). `None` (told as an [`InputError`]) when it cannot be read.
    pub(crate) fn read<R: Reporter<Note = InputError>>(
        &mut self,
        name: &str,
        reporter: &mut R,
    ) -> Option<(Vec<u8>, Snapshot)> {
        reporter.swept(self.0.sweep(Path::new(name)));
        match self.0.read(Path::new(name)) {
            Ok(read) => Some(read),
            Err(source) => {
                reporter.note(read_error(name, source));
                None
            }
        }
    }

    /// Replaces the file `name`, read as `was`, by `bytes`; a refusal is
    /// told (as an [`InputError`]) in the words of the command, which was
    /// `doing` the file ("formatted", "analysed") while it changed. Whether
    /// the file was written.
    pub(crate) fn replace<R: Reporter<Note = InputError>>(
        &self,
        name: &str,
        was: &Snapshot,
        bytes: &[u8],
        doing: &str,
        reporter: &mut R,
    ) -> bool {
        let Err(e) = self.0.replace(Path::new(name), was, bytes) else {
            return true;
        };
        let said = match Refused::of(&e) {
            Some(Refused::Changed) => format!(
                "changed while it was being {doing}: left as it is, nothing written (run again)"
            ),
            Some(Refused::HardLinks(n)) => format!(
                "has {n} hard links: left as it is, since its other names would keep the old \
                 text (--force rewrites this name alone)"
            ),
            _ => {
                reporter.note(read_error(name, e));
                return false;
            }
        };
        reporter.note(read_error(name, io::Error::other(said)));
        false
    }
}

/// An I/O error on the file `name`, as the readers of inputs report one.
fn read_error(name: &str, source: io::Error) -> InputError {
    InputError::Read {
        file: Arc::from(name),
        source,
    }
}

/// Says that `file` was left as it was since its games `numbers` (from 1)
/// cannot be `done` ("formatted", "analysed").
pub(crate) fn left_unchanged<R: Reporter>(
    file: &str,
    numbers: &[usize],
    done: &str,
    reporter: &mut R,
) {
    reporter.input_fault(&InputFormatted::unchanged_note(file, numbers, done));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a run tells, as lines.
    #[derive(Default)]
    struct Told(Vec<String>);

    impl Reporter for Told {
        type Note = InputError;
        type Error = crate::corpus::parallel::PoolError;

        fn note(&mut self, note: InputError) {
            self.0.push(format!("error: {note}"));
        }

        fn say(&mut self, line: &str) {
            self.0.push(line.to_string());
        }

        fn input_fault(&mut self, line: &str) {
            self.0.push(format!("error: {line}"));
        }
    }

    #[test]
    fn a_file_is_read_and_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.ayo");
        std::fs::write(&path, "1.c *").unwrap();
        let name = path.to_str().unwrap();
        let (mut files, mut told) = (Rewriter::new(false), Told::default());
        let (bytes, was) = files.read(name, &mut told).unwrap();
        assert_eq!(bytes, b"1.c *");
        assert!(files.replace(name, &was, b"1. c *\n", "formatted", &mut told));
        assert_eq!(std::fs::read(&path).unwrap(), b"1. c *\n");
        assert!(told.0.is_empty(), "{:?}", told.0);
    }

    #[test]
    fn a_file_changed_since_it_was_read_is_refused_in_the_commands_words() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.ayo");
        std::fs::write(&path, "1.c *").unwrap();
        let name = path.to_str().unwrap();
        let (mut files, mut told) = (Rewriter::new(false), Told::default());
        let (_, was) = files.read(name, &mut told).unwrap();
        std::fs::write(&path, "1.c F 2.a *\n").unwrap();
        assert!(!files.replace(name, &was, b"1. c *\n", "analysed", &mut told));
        assert!(
            told.0[0].contains("changed while it was being analysed"),
            "{:?}",
            told.0
        );
        assert!(files.read("no/such/file.ayo", &mut told).is_none());
        assert_eq!(told.0.len(), 2);
        left_unchanged("a.ayo", &[2], "formatted", &mut told);
        assert_eq!(
            told.0[2],
            "error: a.ayo: left unchanged: game 2 cannot be formatted"
        );
    }
}
