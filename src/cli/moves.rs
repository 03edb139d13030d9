//! `ayo moves`: the legal moves of a position and what each would do.

use std::io::Write;

use ayo::output::json::Document;
use ayo::output::moves::Moves;
use ayo::output::table::Style;
use ayo::replay::Game;

use super::laps::LapsShown;
use super::position::{At, PositionArgs};
use super::search::undecided;
use super::{Ctx, Fatal, LapsArg, TableArgs, write_schema};

/// List the legal moves of a position, each with what it would do.
///
/// A set-up (--setup), or the position of a record after --ply (default: the
/// end) of each of its games. One row a legal move, in pit order: the move as
/// a record writes it (the capture claimed: `bx7`), the seeds lifted, the
/// relay (each lap's origin and seeds, or with --laps full every pit sown, as
/// `annotate` writes them), the capture, the stores after it, and the result
/// when the move ends the game. A finished game has no move: how it ended is
/// printed instead (exit 0). A relay undecided at the lap limit is an error
/// (exit 2).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo moves --setup '4,4,4,4,4,4/4,4,4,4,4,4 0-0 S'
  ayo moves game.ayo --ply 12 --laps full
  ayo moves --rules 'endodoi pits=8' --setup '4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 0-0 S'
  ayo moves game.ayo --ply 3 --format json | jq '.moves[] | select(.capture)'
  ayo moves --schema")]
#[command(mut_arg("setup", |a| a.help("List the moves of this set-up string instead of reading a record")))]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// How much of each relay to show.
    #[arg(long, value_enum, default_value_t = LapsShown::Compact)]
    laps: LapsShown,
    #[command(flatten)]
    max_laps: LapsArg,
    #[command(flatten)]
    table: TableArgs,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
}

/// Writes the moves of one position: its heading, how the game stands, and
/// the table; or one JSON line.
fn write_moves(
    out: &mut impl Write,
    args: &Args,
    at: At<'_>,
    first: &mut bool,
) -> Result<(), Fatal> {
    let (pos, place) = (at.pos, at.place);
    let moves = Moves::legal(&at.engine, pos, at.numbering).map_err(|e| undecided(&e))?;
    let place = place.map(|p| (p.file, p.game, p.ply));
    let style = args.table.style();
    let text = moves.render((pos, at.engine.rules()), place, args.laps.laps(), style)?;
    Ok(Style::write_game(out, style, first, text.as_bytes())?)
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &Document::Moves.schema());
    }
    let mut first = true;
    let max_laps = args.max_laps.max_laps;
    args.position
        .each(ctx, max_laps, Game::replay_main_line, |at| {
            write_moves(out, &args, at, &mut first)
        })
}
