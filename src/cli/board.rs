//! `ayo board`: draw positions.

use std::io::Write;
use std::path::PathBuf;

use clap::builder::TypedValueParser;

use ayo::files::write::Existing;
use ayo::output::board::{BoardOptions, BoardView, Pictures};
use ayo::output::json::Document;
use ayo::replay::Options;
use ayo::rules::{Engine, Ruleset};

use super::signals;
use super::{Ctx, Fatal, GameArg, ReplayArgs, TableArgs, TableFormat, input_names, write_schema};

/// Draw the board: a game's final position, the one after a given ply, or
/// every one; or a set-up.
///
/// Seen from South: North's row on top (F … A from left to right) with North's
/// store at the left end, South's row below (a … f) with South's store at the
/// right end. The pit just played is shown as [n], the pit captured from as (n).
/// Each game starts with its title line, which names the ruleset used. CSV has
/// one line a position (its set-up string, stores and marks). SVG draws a
/// picture, the last move's laps and capture marked.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo board fixtures/opening-lecture.ayo
  ayo board game.ayo --ply 12
  ayo board game.ayo --all --ascii | less
  ayo board game.ayo --ply 3 --format svg > ply3.svg
  ayo board game.ayo --all --format svg --out pictures/
  ayo board --setup '2,5,2,0,3,2/1,0,1,3,2,0 16-11 S'
  ayo board --schema")]
#[command(mut_arg("format", |a| a.value_parser(formats())))]
pub struct Args {
    /// Record files; standard input when none or `-` (and no --setup).
    files: Vec<String>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    /// The position after this ply (0: the start). Default: the final position.
    #[arg(long, value_name = "N", conflicts_with = "all")]
    ply: Option<u32>,
    /// Every position of the main line.
    #[arg(long)]
    all: bool,
    /// Draw this set-up string instead of reading records.
    #[arg(long, value_name = "SETUP", conflicts_with_all = ["files", "game", "ply", "all"])]
    setup: Option<String>,
    #[command(flatten)]
    replay: ReplayArgs,
    #[command(flatten)]
    table: TableArgs,
    /// With `--format svg`: write each picture to a file in DIR
    /// (`game1-ply007.svg`; `FILE-game1-ply007.svg` for several input files;
    /// `setup.svg`), created if missing, instead of one picture to standard
    /// output. Pictures are put in place only once all are drawn; a name
    /// already there (a file or a link) is an error and nothing is written,
    /// unless --force.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// With --out: replace files already in DIR (a link is replaced, never
    /// the file it points to).
    /// A read-only file is replaced too, as `mv` would. Files are written as
    /// hidden temporary files first: SIGINT and SIGTERM remove them (exit
    /// 130, 143), and the next run into the folder removes any a killed run
    /// left.
    #[arg(long, requires = "out")]
    force: bool,
}

/// The values of `ayo board --format`: every table format, and `svg`.
fn formats() -> impl TypedValueParser<Value = TableFormat> {
    TableFormat::and(
        TableFormat::Svg,
        "svg",
        "An SVG picture, the last move's laps and capture marked",
    )
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &Document::Position.schema());
    }
    let svg = args.table.format == TableFormat::Svg;
    if args.out.is_some() && !svg {
        return Err(Fatal::Error("--out DIR is for --format svg".to_string()));
    }
    let opts = BoardOptions {
        replay: args.replay.options(svg),
        game: args.game.game,
        max_game_bytes: ctx.max_game_bytes,
        ply: args.ply,
        all: args.all,
        style: args.table.style(),
    };
    if svg {
        return run_svg(&args, &opts, ctx, out);
    }
    let Some(setup) = &args.setup else {
        let names = input_names(&args.files);
        return opts.draw(&names, None, ctx, out);
    };
    let (rules, view) = set_up(setup, &opts.replay)?;
    let heading = format!("Set-up {setup}, rules: {rules}");
    let text = BoardView::render_views(&[&view], (&rules, None), &heading, opts.style, true)?;
    Ok(out.write_all(text.as_bytes())?)
}

/// `--setup`: its ruleset (`--rules`, else russ) and its view.
fn set_up(setup: &str, opts: &Options) -> Result<(Ruleset, BoardView), Fatal> {
    let rules = opts.rules.unwrap_or(Ruleset::RUSS);
    let pos = super::args::setup(setup, &rules)?;
    let engine = Engine::new(rules).with_max_laps(opts.max_laps);
    Ok((rules, BoardView::setup(&pos, &engine)))
}

/// `--format svg`: one picture to standard output, or one file per position
/// with `--out DIR`.
fn run_svg(
    args: &Args,
    opts: &BoardOptions,
    ctx: &mut Ctx,
    out: &mut impl Write,
) -> Result<(), Fatal> {
    let names = input_names(&args.files);
    let mut pictures = match &args.out {
        Some(dir) => Pictures::folder(signals::out_folder(dir, ctx)?, names.len() > 1),
        None => Pictures::stdout(),
    };
    if let Some(setup) = &args.setup {
        let (rules, view) = set_up(setup, &opts.replay)?;
        pictures.put("setup", "setup", view.svg(&rules))?;
    } else {
        opts.draw(&names, Some(&mut pictures), ctx, out)?;
    }
    Ok(pictures.finish(Existing::replacing(args.force), out)?)
}
