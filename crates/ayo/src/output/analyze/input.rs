//! A whole input annotated at once, as `ayo analyze --write` rewrites a
//! file: every game checked first, then every game judged.

use crate::analysis::{Analyser, AnalysisError};
use crate::corpus::input::InputError;
use crate::corpus::parallel::Reporter;
use crate::diagnostics::Diagnostic;
use crate::notation::{GameReader, RawGame};
use crate::replay::{Game, Options};
use crate::rewrite::{Rewriter, left_unchanged};

use super::{AnalyzeOptions, annotated};

/// What the annotating of an input tells as it goes.
#[derive(Debug)]
pub(crate) enum AnnotateEvent<'a> {
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
                let game = Game::replay(record, opts);
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
        let game = Game::replay(record, opts);
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

/// `ayo analyze --write` (see [`super::analyze`]): each file of `names`
/// read whole and checked, then every game judged and the file rewritten
/// when that changes it; `Ok(false)` when a file was left as it was.
pub(crate) fn rewrite_files<R, P>(
    names: &[String],
    analyser: &mut Analyser,
    opts: &AnalyzeOptions,
    reporter: &mut R,
    mut progress: P,
) -> Result<bool, R::Error>
where
    R: Reporter<Note = InputError>,
    R::Error: From<AnalysisError>,
    P: FnMut(&mut R, Option<(usize, usize, usize)>),
{
    let (mut files, mut clean) = (Rewriter::new(opts.force), true);
    for name in names {
        let Some((before, was)) = files.read(name, reporter) else {
            continue;
        };
        let (replay, max) = (&opts.replay, opts.max_game_bytes);
        let after = annotate_input(analyser, &before, replay, max, |e| {
            match e {
                AnnotateEvent::Checked(raw, problems) => {
                    problems
                        .iter()
                        .for_each(|d| reporter.diagnose(name, raw, d));
                }
                AnnotateEvent::Progress { game, ply, plies } => {
                    progress(reporter, Some((game, ply, plies)));
                }
                AnnotateEvent::Annotated => progress(reporter, None),
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
