//! A whole input annotated at once, as `ayo analyze --write` rewrites a
//! file: every game checked first, then every game judged.

use crate::analysis::{Analyser, AnalysisError};
use crate::corpus::input::InputError;
use crate::corpus::parallel::Reporter;
use crate::diagnostics::Diagnostic;
use crate::notation::{GameReader, RawGame};
use crate::replay::{Options, replay};
use crate::rewrite::{Rewriter, left_unchanged};

use super::annotated;

/// What the annotating of an input tells as it goes ([`annotate_files`]
/// passes on [`AnnotateEvent::Progress`] and [`AnnotateEvent::Annotated`]).
#[derive(Debug)]
pub enum AnnotateEvent<'a> {
    /// The problems of a game, found while the input is checked: its syntax
    /// error, or what its replay found (warnings too). Told for every game,
    /// with no problem at all too.
    Checked(&'a RawGame, &'a [Diagnostic]),
    /// Game `game` (from 1) is about to have its move `ply` of `plies`
    /// judged.
    Progress {
        /// The game, from 1.
        game: usize,
        /// The move about to be judged, from 0.
        ply: usize,
        /// The moves to judge.
        plies: usize,
    },
    /// A game is judged and annotated.
    Annotated,
}

/// The input `bytes` (games of at most `max_game_bytes`) with every game as
/// `ayo analyze --format ayo` prints it, replayed with `opts` and judged by
/// `analyser`: `Ok(Ok(text))`. When a game does not parse, or does not
/// replay without error, nothing is judged: `Ok(Err(numbers))` lists those
/// games (from 1). `each` is told of each step; an error from it stops
/// the work.
pub(crate) fn annotate_input<E: From<AnalysisError>>(
    analyser: &mut Analyser,
    bytes: &[u8],
    opts: &Options,
    max_game_bytes: usize,
    mut each: impl FnMut(AnnotateEvent<'_>) -> Result<(), E>,
) -> Result<Result<String, Vec<usize>>, E> {
    let games = || GameReader::new(bytes).max_game_bytes(max_game_bytes);
    let mut broken = Vec::new();
    // Bytes in memory: reading them cannot fail.
    for raw in games().map_while(Result::ok) {
        let problems = match raw.parse() {
            Ok(record) => {
                let game = replay(record, opts);
                if !game.is_valid() || game.rules.is_none() || game.start.is_none() {
                    broken.push(raw.index + 1);
                }
                game.errors
            }
            Err(e) => {
                broken.push(raw.index + 1);
                vec![Diagnostic::from(e)]
            }
        };
        each(AnnotateEvent::Checked(&raw, &problems))?;
    }
    if !broken.is_empty() {
        return Ok(Err(broken));
    }
    let mut text = String::with_capacity(bytes.len());
    for raw in games().map_while(Result::ok) {
        // Parsed and replayed without error just now.
        let Ok(record) = raw.parse() else { continue };
        let game = replay(record, opts);
        let number = raw.index + 1;
        let judged = analyser.verdicts(&game, |ply, plies| {
            // Progress that cannot be told is no reason to stop.
            let _ = each(AnnotateEvent::Progress {
                game: number,
                ply,
                plies,
            });
        })?;
        let Some((_, verdicts)) = judged else {
            continue;
        };
        if raw.index > 0 {
            text.push('\n');
        }
        text += &annotated(game.record, &verdicts);
        each(AnnotateEvent::Annotated)?;
    }
    Ok(Ok(text))
}

/// Does what `ayo analyze --write` does to the files `names`: each is read
/// whole and checked, then every game judged by `analyser` (replayed with
/// `opts`, games of at most `max_game_bytes`), and the file rewritten
/// (through [`crate::files::write`]; with `force`, one with other hard
/// links too) with what `ayo analyze --format ayo` prints, when that
/// changes it. A file with a game that does not parse or does not replay
/// without error is left as it was, and `Ok(false)` says so at the end.
///
/// Each game's problems go to [`Reporter::diagnose`], a file that cannot be
/// read or rewritten to [`Reporter::note`], a file left alone to
/// [`Reporter::say`]; `progress` is told as each move is judged and each
/// game annotated.
///
/// ```
/// use ayo::analysis::{Analyser, TableCache, Thresholds};
/// use ayo::corpus::input::InputError;
/// use ayo::corpus::parallel::{PoolError, Reporter};
/// use ayo::output::analyze::annotate_files;
/// use ayo::replay::Options;
/// use ayo::rules::Engine;
/// use ayo::search::Limits;
///
/// struct Said(Vec<String>);
/// #[derive(Debug)]
/// struct Stop;
/// impl From<PoolError> for Stop { fn from(_: PoolError) -> Stop { Stop } }
/// impl From<ayo::analysis::AnalysisError> for Stop { fn from(_: ayo::analysis::AnalysisError) -> Stop { Stop } }
/// impl Reporter for Said {
///     type Note = InputError;
///     type Error = Stop;
///     fn note(&mut self, e: InputError) { self.0.push(e.to_string()) }
///     fn say(&mut self, line: &str) { self.0.push(line.to_string()) }
/// }
///
/// let dir = tempfile::tempdir().unwrap();
/// let (good, bad) = (dir.path().join("good.ayo"), dir.path().join("bad.ayo"));
/// std::fs::write(&good, "1.c *").unwrap();
/// std::fs::write(&bad, "1. c (\n").unwrap();
/// let names: Vec<String> = [&good, &bad].iter().map(|p| p.to_str().unwrap().to_string()).collect();
/// let mut analyser = Analyser::new(Limits::depth(2), Thresholds::default(), TableCache::new(None), Engine::DEFAULT_MAX_LAPS);
/// let mut said = Said(Vec::new());
/// let all = annotate_files(&names, &mut analyser, &Options::default(), 1 << 20, false, &mut said, |_, _| {});
/// assert!(!all.unwrap());
/// assert_eq!(std::fs::read_to_string(&good).unwrap(), "1. c *\n");
/// assert!(said.0[0].ends_with("left unchanged: game 1 cannot be analysed"), "{:?}", said.0);
/// ```
pub fn annotate_files<R>(
    names: &[String],
    analyser: &mut Analyser,
    opts: &Options,
    max_game_bytes: usize,
    force: bool,
    reporter: &mut R,
    mut progress: impl FnMut(&mut R, AnnotateEvent<'_>),
) -> Result<bool, R::Error>
where
    R: Reporter<Note = InputError>,
    R::Error: From<AnalysisError>,
{
    let (mut files, mut clean) = (Rewriter::new(force), true);
    for name in names {
        let Some((before, was)) = files.read(name, reporter) else {
            continue;
        };
        let after = annotate_input(analyser, &before, opts, max_game_bytes, |e| {
            match e {
                AnnotateEvent::Checked(raw, problems) => {
                    problems
                        .iter()
                        .for_each(|d| reporter.diagnose(name, raw, d));
                }
                e => progress(reporter, e),
            }
            reporter.check()
        })?;
        match after {
            Err(broken) => {
                clean = false;
                left_unchanged(name, &broken, "analysed", reporter);
            }
            Ok(after) if after.as_bytes() != before => {
                files.replace(name, &was, after.as_bytes(), "analysed", reporter);
            }
            Ok(_) => {}
        }
    }
    Ok(clean)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{TableCache, Thresholds};
    use crate::rules::Engine;
    use crate::search::Limits;

    fn analyser() -> Analyser {
        let tables = TableCache::new(None);
        Analyser::new(
            Limits::depth(3),
            Thresholds::default(),
            tables,
            Engine::DEFAULT_MAX_LAPS,
        )
    }

    #[test]
    fn every_game_is_checked_before_any_is_judged() {
        let mut events = Vec::new();
        let input = b"1. c *\n\n1. cx9 *\n";
        let got = annotate_input::<AnalysisError>(
            &mut analyser(),
            input,
            &Options::default(),
            1 << 20,
            |e| {
                events.push(match e {
                    AnnotateEvent::Checked(_, p) => format!("checked {}", p.len()),
                    AnnotateEvent::Progress { .. } => "progress".to_string(),
                    AnnotateEvent::Annotated => "annotated".to_string(),
                });
                Ok(())
            },
        );
        assert_eq!(got.unwrap(), Err(vec![2]));
        assert_eq!(events, ["checked 0", "checked 1"]);
    }

    #[test]
    fn a_valid_input_is_annotated_game_by_game() {
        let mut annotated = 0;
        let input = b"1. c F 2. d *\n\n1. b *\n";
        let got = annotate_input::<AnalysisError>(
            &mut analyser(),
            input,
            &Options::default(),
            1 << 20,
            |e| {
                annotated += usize::from(matches!(e, AnnotateEvent::Annotated));
                Ok(())
            },
        );
        let text = got.unwrap().unwrap();
        assert_eq!(annotated, 2);
        assert!(text.contains("\n\n1. b"), "{text}");
    }
}
