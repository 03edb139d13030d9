//! What `fmt --write` and `analyze --write` share: files rewritten in place
//! through [`ayo::files::write::replace`], and the words that say why one was
//! left alone.

use std::collections::HashSet;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use ayo::files::write::{HardLinks, Refused, Snapshot, replace};

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

/// The files of one `--write` run: the folders already swept of a killed
/// run's temporary files, and what to do with a file that has other names.
pub struct Rewrite {
    swept: HashSet<PathBuf>,
    links: HardLinks,
}

impl Rewrite {
    /// `force`: rewrite a file with other hard links too (this name only).
    pub fn new(force: bool) -> Rewrite {
        Rewrite {
            swept: HashSet::new(),
            links: if force {
                HardLinks::Split
            } else {
                HardLinks::Refuse
            },
        }
    }

    /// Reads the whole file `name`, with the [`Snapshot`] taken when it was
    /// opened (to rewrite it only if it is still what was read), after the
    /// temporary files a killed `ayo` left in its folder are removed. `None`
    /// (reported) when it cannot be read.
    pub fn read(&mut self, name: &str, ctx: &mut Ctx) -> Option<(Vec<u8>, Snapshot)> {
        self.sweep_folder(Path::new(name), ctx);
        match read_to_replace(Path::new(name)) {
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
        match replace(Path::new(name), was, bytes, self.links) {
            Ok(()) => true,
            Err(e) => {
                report_refusal(name, &e, doing, ctx);
                false
            }
        }
    }

    /// Removes the temporary files a killed `ayo` left in the folder where the
    /// file's own would go (once a folder a run), saying so.
    fn sweep_folder(&mut self, path: &Path, ctx: &mut Ctx) {
        let Some(dir) = fs::canonicalize(path)
            .ok()
            .and_then(|p| p.parent().map(Path::to_path_buf))
        else {
            return;
        };
        if self.swept.insert(dir.clone()) {
            signals::writing_into(&dir, ctx);
        }
    }
}

/// Says that `file` was left as it was since its games `numbers` (from 1)
/// cannot be `done` ("formatted", "analysed"): exit 1.
pub fn left_unchanged(file: &str, numbers: &[usize], done: &str, ctx: &mut Ctx) {
    ctx.invalid = true;
    ctx.note(&format!(
        "{file}: left unchanged: {} cannot be {done}",
        game_list(numbers)
    ));
}

/// "game 2" or "games 2, 5".
pub fn game_list(numbers: &[usize]) -> String {
    let list: Vec<String> = numbers.iter().map(usize::to_string).collect();
    let s = if numbers.len() == 1 { "" } else { "s" };
    format!("game{s} {}", list.join(", "))
}

/// Reads the whole file, with the [`Snapshot`] taken when it was opened.
fn read_to_replace(path: &Path) -> io::Result<(Vec<u8>, Snapshot)> {
    let (mut reader, was) = Snapshot::open(path)?;
    let mut bytes = Vec::with_capacity(usize::try_from(was.len).unwrap_or(0));
    reader.read_to_end(&mut bytes)?;
    Ok((bytes, was))
}

/// Says why `replace` left a file alone.
fn report_refusal(file: &str, e: &io::Error, doing: &str, ctx: &mut Ctx) {
    let said = match Refused::of(e) {
        Some(Refused::Changed) => format!(
            "changed while it was being {doing}: left as it is, nothing written (run again)"
        ),
        Some(Refused::HardLinks(n)) => format!(
            "has {n} hard links: left as it is, since its other names would keep the old \
             text (--force rewrites this name alone)"
        ),
        _ => {
            ctx.io_error(file, e);
            return;
        }
    };
    ctx.io_error(file, &io::Error::other(said));
}
