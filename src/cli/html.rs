//! `ayo html`: one self-contained page that replays records in a browser.

use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

use ayo::files::batch::Refused;
use ayo::files::write::{Existing, write_new};

use ayo::diagnostics::Diagnostic;
use ayo::output::html::{Site, ViewerGame};
use ayo::replay::Game;

use super::signals;
use super::{Ctx, Fatal, GameArg, ReplayArgs, each_game, each_input, input_names, io_message};

/// Write one HTML page that replays every game of the input.
///
/// The page is self-contained (its style and script inline, the games as
/// JSON, nothing fetched) and works opened from disk. It shows each game's
/// tags, the board, the moves with their comments, glyphs, NAGs and
/// variations, and sows each move lap by lap. Keys: left and right arrows,
/// Home, End; up and down go to the other games. `#game=G&ply=K` in the
/// address opens game G (from 1, in page order) after ply K (0: the start).
/// Problems are shown as `ayo validate` words them, and the game up to them.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo html game.ayo --out game.html
  ayo html club/*.ayo --out-dir site/
  ayo html season.ayo --game 3 > game3.html")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    #[command(flatten)]
    replay: ReplayArgs,
    /// Write the page to FILE instead of standard output.
    #[arg(long, value_name = "FILE", conflicts_with = "out_dir")]
    out: Option<PathBuf>,
    /// Write one page per input file into DIR (`DIR/NAME.html` for
    /// `NAME.ayo`), created if missing, and `DIR/index.html` linking them.
    /// Pages are put in place only once all are written.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Replace files already there: without it, a file or link where --out
    /// or --out-dir writes is an error and nothing is written. A link is
    /// replaced, never the file it points to.
    /// A read-only file is replaced too, as `mv` would. Files are written as
    /// hidden temporary files first: SIGINT and SIGTERM remove them (exit
    /// 130, 143), and the next run into the folder removes any a killed run
    /// left.
    #[arg(long)]
    force: bool,
}

/// The viewer's games of `files`, with their diagnostics on standard error.
fn read_games(files: &[String], args: &Args, ctx: &mut Ctx) -> Result<Vec<ViewerGame>, Fatal> {
    let opts = args.replay.options(true);
    let mut games = Vec::new();
    each_game(files, ctx, args.game.game, |ctx, g| {
        games.push(match g.record {
            Ok(record) => {
                let game = Game::replay(record, &opts);
                ctx.report_game(g.file, g.raw, &game);
                ViewerGame::replayed(&game, g.file, g.raw)
            }
            Err(e) => {
                let d = Diagnostic::from(e);
                ctx.diagnose(g.file, g.raw, &d);
                ViewerGame::unparsed(g.file, g.raw, &d, opts.rules)
            }
        });
        Ok(())
    })?;
    Ok(games)
}

/// The page's title: the first game's event, else the file names.
fn title(games: &[ViewerGame], files: &[String]) -> String {
    ViewerGame::page_title(games, &input_names(files))
}

/// Writes `--out`, an error naming it when it cannot be.
fn write_file(path: &Path, text: &str, existing: Existing) -> Result<(), Fatal> {
    write_new(path, existing, |f| f.write_all(text.as_bytes())).map_err(|e| {
        Fatal::Error(match e.kind() {
            ErrorKind::AlreadyExists => Refused::Taken {
                paths: vec![path.to_path_buf()],
                count: 1,
            }
            .to_string(),
            _ => format!("cannot write {}: {}", path.display(), io_message(&e)),
        })
    })
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if let Some(dir) = &args.out_dir {
        return run_dir(&args, dir, ctx);
    }
    let games = read_games(&args.files, &args, ctx)?;
    if (games.is_empty() && ctx.failed) || ctx.refused {
        // Nothing could be read, or `--game N` is past the end of an input
        // (a usage error): no page rather than an empty or partial one.
        return Ok(());
    }
    let html = ViewerGame::page(&title(&games, &args.files), &games);
    match &args.out {
        Some(path) => {
            let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
            signals::writing_into(folder.unwrap_or(Path::new(".")), ctx);
            write_file(path, &html, Existing::replacing(args.force))
        }
        None => Ok(out.write_all(html.as_bytes())?),
    }
}

/// `--out-dir`: a page per input file, and an index of them, put in place
/// together once all are written.
fn run_dir(args: &Args, dir: &Path, ctx: &mut Ctx) -> Result<(), Fatal> {
    let mut site = Site::new(signals::out_folder(dir, ctx)?);
    for name in input_names(&args.files) {
        // One input at a time: an unreadable one is reported and skipped.
        let mut opened = false;
        each_input(std::slice::from_ref(&name), ctx, |_, _| {
            opened = true;
            Ok(())
        })?;
        if !opened {
            continue;
        }
        let files = [name.clone()];
        let games = read_games(&files, args, ctx)?;
        site.page(&name, &title(&games, &files), &games)?;
    }
    if ctx.refused {
        // `--game N` past the end of an input: a usage error, and nothing
        // is written (the pages' temporary files are removed).
        return Ok(());
    }
    site.finish(Existing::replacing(args.force))?;
    Ok(())
}
