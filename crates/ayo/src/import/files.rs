//! `ayo import` as one function: the JSON games of inputs written as
//! records, their problems reported.

use std::io::{self, Write};
use std::sync::Arc;

use super::{Imported, ImportedGame, games};
use crate::corpus::input::{Input, InputError};
use crate::corpus::parallel::Reporter;
use crate::notation::{Origin, RawGame};
use crate::replay::Options;

/// Does what `ayo import` does over the inputs `names` (files, `-` for
/// standard input, as [`Input::names`] gives them): every JSON game (NDJSON,
/// objects one after another, or an array, as [`super::JsonGames`] cuts
/// them; with `only`, that game of each input) written to `out` as a
/// canonical record, a blank line between two, replayed with `options`.
///
/// A game's replay problems go to [`Reporter::diagnose`], against the text
/// written (named `FILE (game N, as written)`); a value that is not a game,
/// or the raw text of a game `ayo json` could not parse (written back
/// unchanged), to [`Reporter::game_error`]; an input that cannot be read,
/// or that has no game `only`, to [`Reporter::note`].
///
/// ```
/// use ayo::corpus::input::InputError;
/// use ayo::corpus::parallel::{PoolError, Reporter};
/// use ayo::import::import_files;
/// use ayo::replay::Options;
///
/// #[derive(Default)]
/// struct Errors(Vec<String>);
/// #[derive(Debug)]
/// struct Stop;
/// impl From<PoolError> for Stop { fn from(_: PoolError) -> Stop { Stop } }
/// impl From<std::io::Error> for Stop { fn from(_: std::io::Error) -> Stop { Stop } }
/// impl Reporter for Errors {
///     type Note = InputError;
///     type Error = Stop;
///     fn note(&mut self, e: InputError) { self.0.push(e.to_string()) }
///     fn game_error(&mut self, file: &str, game: usize, message: &str) {
///         self.0.push(format!("{file}: game {game}: {message}"));
///     }
/// }
///
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("games.json");
/// std::fs::write(&path, r#"{"moves": [{"pit": "c"}], "result": {"token": "*"}}
/// {"moves": [{"pit": 3}]}"#).unwrap();
/// let names = [path.to_str().unwrap().to_string()];
/// let (mut errors, mut out) = (Errors::default(), Vec::new());
/// import_files(&names, &Options::default(), None, &mut errors, &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "1. c *\n");
/// assert!(errors.0[0].contains(":2:20: game 2: moves[0].pit: "), "{:?}", errors.0);
/// ```
pub fn import_files<R, W>(
    names: &[String],
    options: &Options,
    only: Option<u64>,
    reporter: &mut R,
    out: &mut W,
) -> Result<(), R::Error>
where
    R: Reporter<Note = InputError>,
    R::Error: From<io::Error>,
    W: Write,
{
    let mut first = true;
    'inputs: for name in names {
        let input = match Input::open(name) {
            Ok(input) => input,
            Err(e) => {
                reporter.note(e);
                continue;
            }
        };
        let file = Arc::clone(input.name());
        let mut games = games(input.into_reader(), options, only);
        for game in &mut games {
            match game {
                Ok(game) => write_game(reporter, out, &file, game, &mut first)?,
                Err(source) => {
                    let file = Arc::clone(&file);
                    reporter.note(InputError::Read { file, source });
                    continue 'inputs;
                }
            }
            reporter.check()?;
        }
        let count = games.read() as u64;
        if let Some(game) = only.filter(|&game| count < game) {
            reporter.note(InputError::NoSuchGame { file, game, count });
        }
    }
    Ok(())
}

/// Writes what a game became (a blank line before all but the first) and
/// reports its problems.
fn write_game<R: Reporter>(
    reporter: &mut R,
    out: &mut impl Write,
    file: &str,
    game: ImportedGame,
    first: &mut bool,
) -> io::Result<()> {
    let n = game.number;
    let place = format!("{file}:{}:{}", game.line, game.column);
    let mut write = |bytes: &[u8]| -> io::Result<()> {
        if !std::mem::take(first) {
            out.write_all(b"\n")?;
        }
        out.write_all(bytes)
    };
    match game.outcome {
        Ok(Imported::Record { text, .. }) => {
            write(text.as_bytes())?;
            if !game.diagnostics.is_empty() {
                // The diagnostics point into the text just written.
                let raw = RawGame {
                    index: n - 1,
                    origin: Origin::START,
                    bytes: text.into_bytes(),
                    leading: Vec::new(),
                    too_large: None,
                };
                let label = format!("{file} (game {n}, as written)");
                for d in &game.diagnostics {
                    reporter.diagnose(&label, &raw, d);
                }
            }
        }
        Ok(Imported::Unparsed(raw)) => {
            write(raw.as_bytes())?;
            if !raw.ends_with('\n') {
                out.write_all(b"\n")?;
            }
            reporter.game_error(
                &place,
                n,
                "the raw text of a game that could not be parsed (no result): written unchanged",
            );
        }
        Err(e) => reporter.game_error(&place, n, &e.to_string()),
    }
    Ok(())
}
