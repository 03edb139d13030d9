//! Every game of a corpus as JSON, one object a line:
//! [`JsonWriter::write_games`].

use std::io::{self, Write};

use serde::Serialize;

use super::{GameJson, JsonWriter, unparsed_json};
use crate::corpus::input::{Games, InputError};
use crate::corpus::parallel::{DIRECT_BYTES, Reporter};
use crate::diagnostics::Diagnostic;
use crate::notation::{RawGame, Tag};
use crate::replay::{self, Game};
use crate::rules::Ruleset;

impl JsonWriter {
    /// Writes every game of `games` as JSON, one object a line (NDJSON), in
    /// input order whatever the number of jobs: a game that does not parse as
    /// [`JsonWriter::write_unparsed`] writes it. The problems of each game go to `diagnose`,
    /// in its place; what could not be read goes to the reporter as a note.
    ///
    /// Each game is replayed without lap traces and without its variations'
    /// plies: the JSON traces each move's laps, and replays each variation, as
    /// it is written, so that a big game holds its main line's plies and one
    /// variation's at most. Workers write each game's JSON into a buffer; with
    /// one job, or for a game large enough to be done alone in its turn (see
    /// [`crate::corpus::parallel`]), the JSON is streamed straight out, move by
    /// move, unbuffered: a game's JSON can be a hundred times its text.
    ///
    /// ```
    /// use ayo::corpus::input::{Games, InputError};
    /// use ayo::corpus::parallel::Reporter;
    /// use ayo::output::json::{Detail, JsonWriter};
    ///
    /// struct Notes(Vec<InputError>);
    /// impl Reporter for Notes {
    ///     type Note = InputError;
    ///     type Error = Box<dyn std::error::Error + Send + Sync>;
    ///     fn note(&mut self, note: InputError) {
    ///         self.0.push(note);
    ///     }
    /// }
    ///
    /// let dir = tempfile::tempdir().unwrap();
    /// let path = dir.path().join("club.ayo");
    /// std::fs::write(&path, "1. c *\n\n1. ! *\n").unwrap();
    /// let writer = JsonWriter { detail: Detail::Game, jobs: 2, ..JsonWriter::default() };
    /// let (mut notes, mut errors, mut out) = (Notes(Vec::new()), 0, Vec::new());
    /// let games = Games::new(vec![path.display().to_string()]);
    /// writer.write_games(games, &mut notes, |_, _, _, _| errors += 1, &mut out).unwrap();
    /// let lines: Vec<serde_json::Value> = out
    ///     .split(|&b| b == b'\n')
    ///     .filter(|l| !l.is_empty())
    ///     .map(|l| serde_json::from_slice(l).unwrap())
    ///     .collect();
    /// assert_eq!(lines.len(), 2);
    /// assert_eq!((lines[0]["valid"].as_bool(), lines[1]["valid"].as_bool()), (Some(true), Some(false)));
    /// assert_eq!(errors, 1);
    /// ```
    pub fn write_games<R: Reporter>(
        &self,
        games: Games,
        reporter: &mut R,
        mut diagnose: impl FnMut(&mut R, &str, &RawGame, &Diagnostic),
        out: &mut impl Write,
    ) -> Result<(), R::Error>
    where
        R::Note: From<InputError>,
        R::Error: From<io::Error> + From<serde_json::Error>,
    {
        let (detail, jobs) = (self.detail, self.jobs);
        let opts = replay::Options {
            trace: false,
            ..self.replay
        };
        let work = |file: &str, raw: &RawGame| -> Result<Done, R::Error> {
            let direct = jobs <= 1 || raw.bytes.len() > DIRECT_BYTES;
            let game = raw
                .parse()
                .map(|record| Game::replay_main_line(record, &opts))
                .map_err(|e| Unparsed {
                    error: Diagnostic::from(e),
                    tags: raw.tags(),
                });
            if direct {
                return Ok(Done::Direct(Box::new(game)));
            }
            let mut buf = Vec::new();
            let diagnostics = match game {
                Ok(game) => {
                    self.write_game(&mut buf, &game, Some(file), Some(raw.index))?;
                    buf.push(b'\n');
                    game.errors
                }
                Err(u) => {
                    write_line(
                        &mut buf,
                        &u.json(file, raw, opts.rules).at(detail),
                        self.pretty,
                    )?;
                    vec![u.error]
                }
            };
            Ok(Done::Buffered(diagnostics, buf))
        };
        let sink = |reporter: &mut R, file: &str, raw: &RawGame, done: Done| {
            match done {
                Done::Buffered(diagnostics, buf) => {
                    for d in &diagnostics {
                        diagnose(reporter, file, raw, d);
                    }
                    out.write_all(&buf)?;
                }
                Done::Direct(done) => match *done {
                    Ok(game) => {
                        for d in &game.errors {
                            diagnose(reporter, file, raw, d);
                        }
                        // Streamed move by move: a big game's JSON is never held.
                        self.write_game(&mut *out, &game, Some(file), Some(raw.index))?;
                        out.write_all(b"\n")?;
                    }
                    Err(u) => {
                        diagnose(reporter, file, raw, &u.error);
                        write_line(
                            &mut *out,
                            &u.json(file, raw, opts.rules).at(detail),
                            self.pretty,
                        )?;
                    }
                },
            }
            Ok(())
        };
        games.ordered(jobs, reporter, work, sink)
    }
}

/// Writes `value` as JSON, then a newline.
fn write_line(mut out: impl Write, value: &impl Serialize, pretty: bool) -> io::Result<()> {
    if pretty {
        serde_json::to_writer_pretty(&mut out, value)?;
    } else {
        serde_json::to_writer(&mut out, value)?;
    }
    out.write_all(b"\n")
}

/// A game's JSON, written by a worker, or its replay, for the sink to write.
enum Done {
    /// The diagnostics and the JSON text.
    Buffered(Vec<Diagnostic>, Vec<u8>),
    /// The replayed game, or why it could not be parsed.
    Direct(Box<Result<Game, Unparsed>>),
}

/// A game that could not be parsed: why, and its tags when they could be read.
struct Unparsed {
    error: Diagnostic,
    tags: Option<Vec<Tag>>,
}

impl Unparsed {
    fn json(&self, file: &str, raw: &RawGame, given: Option<Ruleset>) -> GameJson {
        let tags = self.tags.as_deref();
        unparsed_json(file, raw.index, &self.error, &raw.bytes, tags, given)
    }
}

#[cfg(test)]
mod tests {
    use std::error::Error;

    use super::*;

    struct Notes(usize);

    impl Reporter for Notes {
        type Note = InputError;
        type Error = Box<dyn Error + Send + Sync>;

        fn note(&mut self, _: InputError) {
            self.0 += 1;
        }
    }

    /// The same bytes on one job (streamed) as on several (buffered), and
    /// the same diagnostics in the same order.
    #[test]
    fn streamed_and_buffered_alike() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.ayo");
        let mut text = String::new();
        for k in 0..30 {
            if k % 7 == 3 {
                text.push_str("[Round \"x\"]\n\n1. ! *\n\n");
            } else {
                text.push_str("1. c A 2. ax9 *\n\n");
            }
        }
        std::fs::write(&path, text).unwrap();
        let name = path.display().to_string();
        let run = |jobs: usize, pretty: bool| {
            let writer = JsonWriter {
                jobs,
                pretty,
                ..JsonWriter::default()
            };
            let (mut notes, mut out, mut seen) = (Notes(0), Vec::new(), Vec::new());
            let games = Games::new(vec![name.clone(), "missing.ayo".to_string()]);
            let diagnose = |_: &mut Notes, _: &str, raw: &RawGame, d: &Diagnostic| {
                seen.push((raw.index, d.is_error()));
            };
            writer
                .write_games(games, &mut notes, diagnose, &mut out)
                .unwrap();
            assert_eq!(notes.0, 1);
            (out, seen)
        };
        for pretty in [false, true] {
            let one = run(1, pretty);
            assert_eq!(run(3, pretty), one);
            assert_eq!(one.1.iter().filter(|(i, _)| i % 7 == 3).count(), 4);
        }
        let (compact, _) = run(2, false);
        assert_eq!(compact.iter().filter(|&&b| b == b'\n').count(), 30);
    }
}
