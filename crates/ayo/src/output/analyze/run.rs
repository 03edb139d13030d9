//! `ayo analyze` as one function: every game of the inputs judged, printed
//! as a table, CSV, JSON or annotated records, or written back in place.

use std::io::{self, Write};

use super::input::rewrite_files;
use super::{GameAnalysis, annotated};
use crate::analysis::{Analyser, AnalysisError};
use crate::canonical::write_as_read;
use crate::corpus::input::{Event, Games, InputError};
use crate::corpus::parallel::Reporter;
use crate::diagnostics::Diagnostic;
use crate::notation::RawGame;
use crate::output::table::Style;
use crate::replay::{Game, Options};

/// What [`AnalyzeOptions::run`] prints or writes.
#[derive(Clone, Copy, Debug)]
pub struct AnalyzeOptions {
    /// How each record is replayed (`--rules`, `--max-laps`).
    pub replay: Options,
    /// Only this game of each input (from 1); not with `write`.
    pub game: Option<u64>,
    /// The most bytes one game may have.
    pub max_game_bytes: usize,
    /// The records with the verdicts as comments and glyphs (`--format
    /// ayo`), rather than the analysis in `style`.
    pub records: bool,
    /// The analysis as a table in this style, or (`None`) JSON lines.
    pub style: Option<Style>,
    /// Rewrite each file in place with its records and verdicts.
    pub write: bool,
    /// With `write`: rewrite a file that has other hard links too.
    pub force: bool,
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        AnalyzeOptions {
            replay: Options::default(),
            game: None,
            max_game_bytes: RawGame::DEFAULT_MAX_BYTES,
            records: false,
            style: None,
            write: false,
            force: false,
        }
    }
}

impl AnalyzeOptions {
    /// Does what `ayo analyze` does over the inputs `names` (files, `-` for
    /// standard input, as [`crate::corpus::input::Input::names`] gives them):
    /// every main-line move of every game judged by `analyser`, and the
    /// analysis written to `out` as `opts` asks. A game that cannot be judged
    /// (a syntax error, an unreadable Rules or Setup tag) is printed as it was
    /// written when the records are asked for, so that none is lost.
    ///
    /// With `opts.write` nothing is printed: each file is checked whole, then
    /// rewritten (through [`crate::files::write`]) with its annotated records,
    /// when that changes it; a file with a game that does not parse or replay
    /// without error is left as it was (said through [`Reporter::say`]), and
    /// `Ok(false)` says so at the end.
    ///
    /// Each game's problems go to [`Reporter::diagnose`], an input that cannot
    /// be read or a file that cannot be rewritten to [`Reporter::note`].
    /// `progress` is told `Some((game, ply, plies))` as each move is about to be
    /// judged, and `None` once a game is.
    ///
    /// ```
    /// use ayo::analysis::{Analyser, TableCache, Thresholds};
    /// use ayo::corpus::input::InputError;
    /// use ayo::corpus::parallel::{PoolError, Reporter};
    /// use ayo::output::analyze::AnalyzeOptions;
    /// use ayo::rules::Engine;
    /// use ayo::search::Limits;
    ///
    /// struct Said(Vec<String>);
    /// #[derive(Debug)]
    /// struct Stop;
    /// impl From<PoolError> for Stop { fn from(_: PoolError) -> Stop { Stop } }
    /// impl From<ayo::analysis::AnalysisError> for Stop { fn from(_: ayo::analysis::AnalysisError) -> Stop { Stop } }
    /// impl From<std::io::Error> for Stop { fn from(_: std::io::Error) -> Stop { Stop } }
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
    /// let (mut said, mut out) = (Said(Vec::new()), Vec::new());
    ///
    /// let json = AnalyzeOptions::default();
    /// assert!(json.run(&names[..1], &mut analyser, &mut said, |_, _| {}, &mut out).unwrap());
    /// assert!(String::from_utf8(out).unwrap().starts_with("{\"file\":"));
    ///
    /// let write = AnalyzeOptions { write: true, ..AnalyzeOptions::default() };
    /// let all = write.run(&names, &mut analyser, &mut said, |_, _| {}, &mut Vec::new());
    /// assert!(!all.unwrap());
    /// assert_eq!(std::fs::read_to_string(&good).unwrap(), "1. c *\n");
    /// assert!(said.0[0].ends_with("left unchanged: game 1 cannot be analysed"), "{:?}", said.0);
    /// ```
    pub fn run<R, P>(
        &self,
        names: &[String],
        analyser: &mut Analyser,
        reporter: &mut R,
        mut progress: P,
        out: &mut impl Write,
    ) -> Result<bool, R::Error>
    where
        R: Reporter<Note = InputError>,
        R::Error: From<AnalysisError> + From<io::Error>,
        P: FnMut(&mut R, Option<(usize, usize, usize)>),
    {
        let opts = self;
        if opts.write {
            return rewrite_files(names, analyser, opts, reporter, progress);
        }
        let games = Games::new(names.to_vec())
            .max_game_bytes(opts.max_game_bytes)
            .only(opts.game);
        let mut first = true;
        for event in games {
            match event {
                Event::Game { file, raw } => {
                    let judge = (&mut *analyser, &mut progress);
                    print_game(&file, &raw, opts, judge, reporter, out, &mut first)?;
                    reporter.check()?;
                }
                Event::Problem(e) => reporter.note(e),
                Event::Done(_) => {}
            }
        }
        Ok(true)
    }
}

/// Judges one game and writes it as `opts` asks: the record with the
/// verdicts (or as it was written, when it cannot be judged), or the
/// analysis as a table, CSV or JSON.
fn print_game<R, P>(
    file: &str,
    raw: &RawGame,
    opts: &AnalyzeOptions,
    (analyser, progress): (&mut Analyser, &mut P),
    reporter: &mut R,
    out: &mut impl Write,
    first: &mut bool,
) -> Result<(), R::Error>
where
    R: Reporter<Note = InputError>,
    R::Error: From<AnalysisError> + From<io::Error>,
    P: FnMut(&mut R, Option<(usize, usize, usize)>),
{
    let number = raw.index + 1;
    // A blank line between records, as `fmt` and `--write` have it.
    if opts.records && !std::mem::replace(first, false) {
        out.write_all(b"\n")?;
    }
    let unchanged = |out: &mut _| match opts.records {
        true => write_as_read(out, raw),
        false => Ok(()),
    };
    let record = match raw.parse() {
        Ok(record) => record,
        Err(e) => {
            reporter.diagnose(file, raw, &Diagnostic::from(e));
            // The records lose no game: this one as it was written.
            return Ok(unchanged(out)?);
        }
    };
    let game = Game::replay(record, &opts.replay);
    for d in &game.errors {
        reporter.diagnose(file, raw, d);
    }
    let judged = analyser.verdicts(&game, |ply, plies| {
        progress(reporter, Some((number, ply, plies)));
    })?;
    let Some((rules, verdicts)) = judged else {
        // No rules or start position (reported above): nothing to judge,
        // and the record is kept as it was written.
        return Ok(unchanged(out)?);
    };
    progress(reporter, None);
    if opts.records {
        out.write_all(annotated(game.record, &verdicts).as_bytes())?;
        return Ok(());
    }
    let analysis = GameAnalysis::new(file, number, &rules, &game, verdicts);
    let forced = opts.replay.rules.is_some();
    let text = analysis.render(&game, (&rules, forced), opts.style);
    let text = text.map_err(io::Error::from)?;
    Ok(Style::write_game(out, opts.style, first, text.as_bytes())?)
}
