//! `ayo board` over records as one function: the positions of each game
//! chosen, and drawn as text, CSV, JSON or SVG pictures.

use std::io::{self, Write};

use super::{BoardView, Pictures};
use crate::corpus::input::{Games, InputError};
use crate::corpus::parallel::Reporter;
use crate::diagnostics::Diagnostic;
use crate::notation::RawGame;
use crate::output::FolderError;
use crate::output::table::Style;
use crate::replay::{Game, Options};

/// Which positions [`BoardOptions::draw`] draws, and how.
#[derive(Clone, Copy, Debug)]
pub struct BoardOptions {
    /// How each record is replayed (`--rules`, `--max-laps`; with `trace`
    /// for pictures, whose last move shows its laps).
    pub replay: Options,
    /// Only this game of each input (from 1).
    pub game: Option<u64>,
    /// The most bytes one game may have.
    pub max_game_bytes: usize,
    /// The position after this ply (0: the start); by default the final one.
    pub ply: Option<u32>,
    /// Every position of the main line.
    pub all: bool,
    /// Text in this style, or (`None`) a JSON line a position; pictures
    /// ignore it.
    pub style: Option<Style>,
}

impl Default for BoardOptions {
    fn default() -> Self {
        BoardOptions {
            replay: Options::default(),
            game: None,
            max_game_bytes: RawGame::DEFAULT_MAX_BYTES,
            ply: None,
            all: false,
            style: None,
        }
    }
}

impl BoardOptions {
    /// Does what `ayo board` does over the records of the inputs `names` (files,
    /// `-` for standard input, as [`crate::corpus::input::Input::names`] gives
    /// them): the positions `opts` chooses of each game, drawn to `out` under
    /// the game's title (see [`BoardView::render_views`]), or, with `pictures`,
    /// put there as SVG pictures (see [`BoardView::game_svg`]).
    ///
    /// Each game's problems go to [`Reporter::diagnose`], an input that cannot
    /// be read to [`Reporter::note`], a ply past a game's end to
    /// [`Reporter::refuse`] (and nothing is drawn of that game).
    ///
    /// ```
    /// use ayo::corpus::input::InputError;
    /// use ayo::corpus::parallel::{PoolError, Reporter};
    /// use ayo::output::board::BoardOptions;
    /// use ayo::output::FolderError;
    /// use ayo::output::table::Style;
    ///
    /// #[derive(Default)]
    /// struct Refused(Vec<String>);
    /// #[derive(Debug)]
    /// struct Stop;
    /// impl From<PoolError> for Stop { fn from(_: PoolError) -> Stop { Stop } }
    /// impl From<std::io::Error> for Stop { fn from(_: std::io::Error) -> Stop { Stop } }
    /// impl From<FolderError> for Stop { fn from(_: FolderError) -> Stop { Stop } }
    /// impl Reporter for Refused {
    ///     type Note = InputError;
    ///     type Error = Stop;
    ///     fn note(&mut self, _: InputError) {}
    ///     fn refuse(&mut self, message: &str) { self.0.push(message.to_string()) }
    /// }
    ///
    /// let dir = tempfile::tempdir().unwrap();
    /// let path = dir.path().join("a.ayo");
    /// std::fs::write(&path, "1. c F *\n").unwrap();
    /// let names = [path.to_str().unwrap().to_string()];
    /// let (mut refused, mut out) = (Refused::default(), Vec::new());
    /// let csv = BoardOptions { style: Some(Style::Csv), all: true, ..BoardOptions::default() };
    /// csv.draw(&names, None, &mut refused, &mut out).unwrap();
    /// assert_eq!(String::from_utf8(out).unwrap().lines().count(), 4, "a header and 3 positions");
    ///
    /// let past = BoardOptions { ply: Some(5), ..BoardOptions::default() };
    /// past.draw(&names, None, &mut refused, &mut Vec::new()).unwrap();
    /// assert!(refused.0[0].starts_with("--ply 5: "), "{:?}", refused.0);
    /// ```
    pub fn draw<R>(
        &self,
        names: &[String],
        mut pictures: Option<&mut Pictures>,
        reporter: &mut R,
        out: &mut impl Write,
    ) -> Result<(), R::Error>
    where
        R: Reporter<Note = InputError>,
        R::Error: From<io::Error> + From<FolderError>,
    {
        let opts = self;
        let games = Games::new(names.to_vec())
            .max_game_bytes(opts.max_game_bytes)
            .only(opts.game);
        let mut first = true;
        for event in games {
            let Some((file, raw)) = event.into_game(reporter) else {
                continue;
            };
            match pictures.as_deref_mut() {
                Some(pictures) => draw_svg(&file, &raw, opts, pictures, reporter)?,
                None => draw_text(&file, &raw, opts, reporter, out, &mut first)?,
            }
            reporter.check()?;
        }
        Ok(())
    }
}

/// Replays one game with `replay_with` and reports its problems: `None` for a
/// game with a syntax error (reported too).
fn read<R: Reporter>(
    file: &str,
    raw: &RawGame,
    opts: &Options,
    replay_with: fn(crate::notation::Record, &Options) -> Game,
    reporter: &mut R,
) -> Option<Game> {
    match raw.parse() {
        Ok(record) => {
            let game = replay_with(record, opts);
            for d in &game.errors {
                reporter.diagnose(file, raw, d);
            }
            Some(game)
        }
        Err(e) => {
            reporter.diagnose(file, raw, &Diagnostic::from(e));
            None
        }
    }
}

/// The chosen positions of one game as text, CSV or JSON.
fn draw_text<R>(
    file: &str,
    raw: &RawGame,
    opts: &BoardOptions,
    reporter: &mut R,
    out: &mut impl Write,
    first: &mut bool,
) -> Result<(), R::Error>
where
    R: Reporter<Note = InputError>,
    R::Error: From<io::Error>,
{
    // The main line's plies alone: the views are its positions.
    let Some(game) = read(file, raw, &opts.replay, Game::replay_main_line, reporter) else {
        return Ok(());
    };
    let number = raw.index + 1;
    let views = BoardView::of_game(&game);
    let chosen: Vec<&BoardView> = choose(&views, opts, (file, number), &game, reporter)
        .into_iter()
        .map(|k| &views[k])
        .collect();
    // A game that could not start (an unreadable Rules or Setup tag) has no
    // position to draw: its diagnostics said why.
    let Some(rules) = game.rules.filter(|_| !chosen.is_empty()) else {
        return Ok(());
    };
    let heading = format!(
        "{file}: {}",
        game.title(number, opts.replay.rules.is_some())
    );
    let at = (&rules, Some((file, number)));
    let text = BoardView::render_views(&chosen, at, &heading, opts.style, *first);
    out.write_all(text.map_err(io::Error::from)?.as_bytes())?;
    *first = false;
    Ok(())
}

/// The chosen positions of one game as SVG pictures.
fn draw_svg<R>(
    file: &str,
    raw: &RawGame,
    opts: &BoardOptions,
    pictures: &mut Pictures,
    reporter: &mut R,
) -> Result<(), R::Error>
where
    R: Reporter<Note = InputError>,
    R::Error: From<FolderError>,
{
    let Some(game) = read(file, raw, &opts.replay, Game::replay, reporter) else {
        return Ok(());
    };
    let number = raw.index + 1;
    let views = BoardView::of_game(&game);
    let Some(rules) = game.rules else {
        return Ok(());
    };
    for k in choose(&views, opts, (file, number), &game, reporter) {
        let name = format!("game{number}-ply{:03}", views[k].ply);
        pictures.put(file, &name, BoardView::game_svg(&game, &views, k, &rules))?;
    }
    Ok(())
}

/// The views `all` or `ply` ask for (by their place in `views`), else the
/// last; none, refused, for a ply past the game's end.
fn choose<R: Reporter>(
    views: &[BoardView],
    opts: &BoardOptions,
    (file, number): (&str, usize),
    game: &Game,
    reporter: &mut R,
) -> Vec<usize> {
    match (opts.all, opts.ply) {
        (true, _) => (0..views.len()).collect(),
        (false, Some(k)) => match views.iter().position(|v| v.ply == k) {
            Some(i) => vec![i],
            None => {
                let last = views.last().map_or(0, |v| v.ply);
                reporter.refuse(&format!(
                    "--ply {k}: {file}: game {number} has {last} {}{}",
                    if last == 1 { "ply" } else { "plies" },
                    if last < game.record.moves.len() as u32 {
                        " that could be played"
                    } else {
                        ""
                    }
                ));
                Vec::new()
            }
        },
        (false, None) => views.len().checked_sub(1).into_iter().collect(),
    }
}
