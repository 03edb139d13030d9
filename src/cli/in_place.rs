//! What `fmt --write` and `analyze --write` share: files rewritten in place
//! through [`ayo::files::write::InPlace`], and the words that say why one was
//! left alone.

use std::io;
use std::path::Path;

use ayo::canonical::InputFormatted;
use ayo::files::write::{HardLinks, InPlace, Refused, Snapshot};

use super::{Ctx, Fatal, signals};

/// Before a `--write` run over `names` (from [`super::input_names`]):
/// standard input is refused (it cannot be rewritten), and from now on
/// SIGINT and SIGTERM remove the temporary files.
pub fn begin(names: &[String]) -> Result<(), Fatal> {
    if names.iter().any(|n| n == "-") {
        return Err(Fatal::Error(
            "--write needs files: it cannot rewrite standard input".to_string(),
        ));
    }
    signals::clean_up_on_exit_signals();
    Ok(())
}

/// The files of one `--write` run, their problems reported.
pub struct Rewrite(InPlace);

impl Rewrite {
    /// `force`: rewrite a file with other hard links too (this name only).
    pub fn new(force: bool) -> Rewrite {
        Rewrite(InPlace::new(if force {
            HardLinks::Split
        } else {
            HardLinks::Refuse
        }))
    }

    /// Reads the whole file `name`, with its [`Snapshot`], after the
    /// temporary files a killed `ayo` left in its folder are removed (said
    /// on standard error). `None` (reported) when it cannot be read.
    pub fn read(&mut self, name: &str, ctx: &mut Ctx) -> Option<(Vec<u8>, Snapshot)> {
        signals::say_swept(self.0.sweep(Path::new(name)), ctx);
        match self.0.read(Path::new(name)) {
            Ok(read) => Some(read),
            Err(e) => {
                ctx.io_error(name, &e);
                None
            }
        }
    }

    /// Replaces the file `name`, read as `was`, by `bytes`; a refusal is
    /// reported (exit 2) in the words of the command, which was `doing` the
    /// file ("formatted", "analysed") while it changed. Whether the file
    /// was written.
    pub fn replace(
        &self,
        name: &str,
        was: &Snapshot,
        bytes: &[u8],
        doing: &str,
        ctx: &mut Ctx,
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
                ctx.io_error(name, &e);
                return false;
            }
        };
        ctx.io_error(name, &io::Error::other(said));
        false
    }
}

/// Says that `file` was left as it was since its games `numbers` (from 1)
/// cannot be `done` ("formatted", "analysed"): exit 1.
pub fn left_unchanged(file: &str, numbers: &[usize], done: &str, ctx: &mut Ctx) {
    ctx.invalid = true;
    ctx.note(&InputFormatted::unchanged_note(file, numbers, done));
}
