//! `ayo board`: draw positions.

use std::io::Write;
use std::path::PathBuf;

use clap::builder::TypedValueParser;

use ayo::files::write::Existing;
use ayo::output::board::{BoardView, Pictures, PositionJson};
use ayo::output::json::schema_of;
use ayo::replay::{Game, Options, replay, replay_main_line};
use ayo::rules::{Engine, Ruleset};

use super::signals;
use super::{
    Ctx, Fatal, GameArg, ReplayArgs, TableArgs, TableFormat, each_record, input_names, write_schema,
};

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

/// Writes the chosen views of one game (or of a set-up, with no place)
/// under their heading (see [`BoardView::render_views`]).
fn write_views(
    out: &mut impl Write,
    views: &[&BoardView],
    (args, heading): (&Args, &str),
    at: (&Ruleset, Option<(&str, usize)>),
    first: &mut bool,
) -> Result<(), Fatal> {
    let text = BoardView::render_views(views, at, heading, args.table.style(), *first)?;
    out.write_all(text.as_bytes())?;
    *first = false;
    Ok(())
}

/// The views `--all` or `--ply` ask for (by their place in `views`), else the
/// last; a usage error for a ply past the game's end.
fn choose(
    views: &[BoardView],
    args: &Args,
    ctx: &mut Ctx,
    file: &str,
    number: usize,
    game: &Game,
) -> Vec<usize> {
    match (args.all, args.ply) {
        (true, _) => (0..views.len()).collect(),
        (false, Some(k)) => match views.iter().position(|v| v.ply == k) {
            Some(i) => vec![i],
            None => {
                let last = views.last().map_or(0, |v| v.ply);
                ctx.usage_error(&format!(
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

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &schema_of::<PositionJson>());
    }
    if args.table.format == TableFormat::Svg {
        return run_svg(&args, ctx, out);
    }
    if args.out.is_some() {
        return Err(Fatal::Error("--out DIR is for --format svg".to_string()));
    }
    let opts = args.replay.options(false);
    let mut first = true;
    if let Some(setup) = &args.setup {
        let (rules, view) = set_up(setup, &opts)?;
        let heading = format!("Set-up {setup}, rules: {rules}");
        return write_views(out, &[&view], (&args, &heading), (&rules, None), &mut first);
    }
    each_record(
        &args.files,
        ctx,
        args.game.game,
        |ctx, file, raw, record, number| {
            // The main line's plies alone: the views are its positions.
            let game = replay_main_line(record, &opts);
            ctx.report_game(file, raw, &game);
            let views = BoardView::of_game(&game);
            let chosen: Vec<&BoardView> = choose(&views, &args, ctx, file, number, &game)
                .into_iter()
                .map(|k| &views[k])
                .collect();
            // A game that could not start (an unreadable Rules or Setup tag)
            // has no position to draw: its diagnostics said why.
            let Some(rules) = game.rules.filter(|_| !chosen.is_empty()) else {
                return Ok(());
            };
            let heading = format!("{file}: {}", game.title(number, opts.rules.is_some()));
            let at = (&rules, Some((file, number)));
            write_views(out, &chosen, (&args, &heading), at, &mut first)
        },
    )
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
fn run_svg(args: &Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let opts = args.replay.options(true);
    let mut pictures = match &args.out {
        Some(dir) => {
            let several = input_names(&args.files).len() > 1;
            Pictures::folder(signals::out_folder(dir, ctx)?, several)
        }
        None => Pictures::stdout(),
    };
    if let Some(setup) = &args.setup {
        let (rules, view) = set_up(setup, &opts)?;
        pictures.put("setup", "setup", view.svg(&rules))?;
    } else {
        each_record(
            &args.files,
            ctx,
            args.game.game,
            |ctx, file, raw, record, number| {
                let game = replay(record, &opts);
                ctx.report_game(file, raw, &game);
                let views = BoardView::of_game(&game);
                let Some(rules) = game.rules else {
                    return Ok(());
                };
                for k in choose(&views, args, ctx, file, number, &game) {
                    let name = format!("game{number}-ply{:03}", views[k].ply);
                    pictures.put(file, &name, BoardView::game_svg(&game, &views, k, &rules))?;
                }
                Ok(())
            },
        )?;
    }
    Ok(pictures.finish(Existing::replacing(args.force), out)?)
}
