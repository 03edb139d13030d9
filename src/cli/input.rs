//! The commands' side of reading the inputs: the loop itself is the
//! library's ([`ayo::corpus::input`]); these hand its games to a command's
//! closure and its problems to [`Ctx`].

use std::io::Write;

use ayo::corpus::input::{self as corpus_input, Event, Games, Input};
use ayo::diagnostics::Diagnostic;
use ayo::notation::{RawGame, Record, SyntaxError};
use ayo::output::table::Style;

use super::{Ctx, Fatal};

/// The inputs named on the command line: standard input when there are none.
pub fn input_names(files: &[String]) -> Vec<String> {
    Input::names(files)
}

/// The games of the inputs named on the command line, read with the run's
/// `--max-game-bytes`; with `game`, only the `game`-th of each (from 1).
pub fn games(files: &[String], ctx: &Ctx, game: Option<u64>) -> Games {
    Games::new(input_names(files))
        .max_game_bytes(ctx.max_game_bytes)
        .only(game)
}

/// A game as read from an input: parsed, or the syntax error that stopped it.
pub struct ReadGame<'a> {
    /// The input's name.
    pub file: &'a str,
    /// The raw text.
    pub raw: &'a RawGame,
    /// The parsed record, or why not.
    pub record: Result<Record, SyntaxError>,
}

/// Opens every input in turn; one that cannot be opened is reported and
/// skipped.
pub fn each_input(
    files: &[String],
    ctx: &mut Ctx,
    mut f: impl FnMut(&mut Ctx, Input) -> Result<(), Fatal>,
) -> Result<(), Fatal> {
    for name in input_names(files) {
        match corpus_input::Input::open(&name) {
            Ok(input) => f(ctx, input.max_game_bytes(ctx.max_game_bytes))?,
            Err(e) => ctx.input_error(&e),
        }
    }
    Ok(())
}

/// Reads every game of every input in turn, one at a time; with `game`, only
/// the `game`-th of each input (from 1), and a usage error for an input that
/// has fewer. Unreadable inputs are reported and skipped.
pub fn each_game(
    files: &[String],
    ctx: &mut Ctx,
    game: Option<u64>,
    mut f: impl FnMut(&mut Ctx, ReadGame<'_>) -> Result<(), Fatal>,
) -> Result<(), Fatal> {
    for event in games(files, ctx, game) {
        match event {
            Event::Game { file, raw } => {
                let record = raw.parse();
                let read = ReadGame {
                    file: &file,
                    raw: &raw,
                    record,
                };
                f(ctx, read)?;
                ctx.check_stderr()?;
            }
            Event::Problem(e) => ctx.input_error(&e),
            Event::Done(_) => {}
        }
    }
    Ok(())
}

/// Runs `f` on the games of the inputs named on the command line (as
/// [`each_game`] reads them) with a progress bar over the inputs: a command
/// hands them to the library (or to [`Games::ordered`], which does each
/// game's costly part on `--jobs` threads and its output on this one, in
/// input order).
pub fn with_games<T>(
    files: &[String],
    ctx: &mut Ctx,
    game: Option<u64>,
    f: impl FnOnce(Games, &mut Ctx) -> Result<T, Fatal>,
) -> Result<T, Fatal> {
    ctx.start_progress(&input_names(files));
    let result = f(games(files, ctx, game), ctx);
    ctx.finish_progress();
    result
}

/// `--game 7: FILE has 3 games`: the usage error for a number past the end.
pub fn past_the_end(flag: &str, n: u64, file: &str, count: u64, what: &str) -> String {
    let s = if count == 1 { "" } else { "s" };
    format!("{flag} {n}: {file} has {count} {what}{s}")
}

/// Like [`each_game`] for the commands that only work on parsed records:
/// reports syntax errors, and hands over the record with its place (file,
/// number from 1).
pub fn each_record(
    files: &[String],
    ctx: &mut Ctx,
    game: Option<u64>,
    mut f: impl FnMut(&mut Ctx, &str, &RawGame, Record, usize) -> Result<(), Fatal>,
) -> Result<(), Fatal> {
    each_game(files, ctx, game, |ctx, g| {
        let number = g.raw.index + 1;
        match g.record {
            Ok(record) => f(ctx, g.file, g.raw, record, number),
            Err(e) => {
                ctx.syntax_error(g.file, g.raw, &e);
                Ok(())
            }
        }
    })
}

/// What a worker of [`render_games`] returns for a game: its problems, and
/// its output rendered (none when it could not be).
pub type Rendered = (Vec<Diagnostic>, Option<Vec<u8>>);

/// Renders the games of the inputs on `jobs` threads (`work` replays a game
/// and renders it, a CSV game with its header) and writes them in input
/// order (see [`Style::write_game`]), each game's problems reported before
/// its output.
pub fn render_games(
    files: &[String],
    ctx: &mut Ctx,
    (game, jobs): (Option<u64>, usize),
    style: Option<Style>,
    work: impl Fn(&str, &RawGame) -> Result<Rendered, Fatal> + Sync,
    out: &mut impl Write,
) -> Result<(), Fatal> {
    let mut first = true;
    let sink = |ctx: &mut Ctx, file: &str, raw: &RawGame, (problems, buf): Rendered| {
        for d in &problems {
            ctx.diagnose(file, raw, d);
        }
        let Some(buf) = buf else { return Ok(()) };
        Ok(Style::write_game(out, style, &mut first, &buf)?)
    };
    with_games(files, ctx, game, |games, ctx| {
        games.ordered(jobs, ctx, work, sink)
    })
}
