//! `ayo board`: draw positions.

use std::io::Write;

use serde::Serialize;

use ayo::output::board::{BoardView, game_views, render, setup_view};
use ayo::replay::replay;
use ayo::rules::{Engine, Position, Ruleset, Side};

use super::{Ctx, Fatal, Format, GameArg, ReplayArgs, each_record};

/// Draw the board: a game's final position, the one after a given ply, or
/// every one; or a set-up.
///
/// Seen from South: North's row on top (F … A from left to right) with North's
/// store at the left end, South's row below (a … f) with South's store at the
/// right end. The pit just played is shown as [n], the pit captured from as (n).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo board fixtures/opening-lecture.ayo
  ayo board game.ayo --ply 12
  ayo board game.ayo --all --ascii | less
  ayo board --setup '2,5,2,0,3,2/1,0,1,3,2,0 16-11 S'")]
pub struct Args {
    /// Record files; standard input when none or `-` (and no --setup).
    files: Vec<String>,
    #[command(flatten)]
    game: GameArg,
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
    /// Plain ASCII borders.
    #[arg(long)]
    ascii: bool,
    /// `text`: drawn boards; `json`: one object a position.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Serialize)]
struct BoardJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<usize>,
    ply: u32,
    setup: String,
    south: &'a [u16],
    north: &'a [u16],
    stores: [u16; 2],
    to_move: &'static str,
    played: Option<char>,
    captured: Option<char>,
    caption: &'a str,
}

fn write_view(
    out: &mut impl Write,
    view: &BoardView,
    args: &Args,
    place: Option<(&str, usize)>,
) -> Result<(), Fatal> {
    match args.format {
        Format::Text => {
            let heading = place.map_or(String::new(), |(f, n)| format!("{f}, game {n}: "));
            writeln!(out, "{heading}{}", render(view, args.ascii))?;
        }
        Format::Json => {
            let pos = &view.position;
            let pits = pos.pits();
            let value = BoardJson {
                file: place.map(|p| p.0),
                game: place.map(|p| p.1),
                ply: view.ply,
                setup: pos.to_string(),
                south: pos.row(Side::South),
                north: pos.row(Side::North),
                stores: pos.stores(),
                to_move: pos.to_move().name(),
                played: view.played.map(|p| p.letter(pits)),
                captured: view.captured.map(|p| p.letter(pits)),
                caption: &view.caption,
            };
            serde_json::to_writer(&mut *out, &value)?;
            out.write_all(b"\n")?;
        }
    }
    Ok(())
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let opts = args.replay.options(false);
    if let Some(setup) = &args.setup {
        let rules = opts.rules.unwrap_or(Ruleset::RUSS);
        let pos = Position::from_setup(setup, &rules)
            .map_err(|e| Fatal::Error(format!("--setup: {e}")))?;
        let engine = Engine::new(rules).with_max_laps(opts.max_laps);
        return write_view(out, &setup_view(&pos, &engine), &args, None);
    }
    each_record(
        &args.files,
        ctx,
        args.game.game,
        |ctx, file, raw, record, number| {
            let game = replay(record, &opts);
            ctx.report_game(file, raw, &game);
            let views = game_views(&game);
            let place = Some((file, number));
            let chosen: Vec<&BoardView> = match (args.all, args.ply) {
                (true, _) => views.iter().collect(),
                (false, Some(k)) => match views.iter().find(|v| v.ply == k) {
                    Some(v) => vec![v],
                    None => {
                        let last = views.last().map_or(0, |v| v.ply);
                        ctx.usage_error(&format!(
                            "--ply {k}: {file}: game {number} has {last} plies{}",
                            if last < game.record.moves.len() as u32 {
                                " that could be played"
                            } else {
                                ""
                            }
                        ));
                        Vec::new()
                    }
                },
                (false, None) => views.last().into_iter().collect(),
            };
            for v in chosen {
                write_view(out, v, &args, place)?;
            }
            Ok(())
        },
    )
}
