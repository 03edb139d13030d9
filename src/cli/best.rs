//! `ayo best`: the engine's move in a position.

use std::io::Write;

use ayo::analysis::Best;
use ayo::replay::Game;

use super::position::{At, PositionArgs};
use super::search::{LimitArgs, TablesArg};
use super::{Ctx, Fatal, Format, LapsArg, WidthArg, write_schema};

/// Find the best move in a position: a set-up, or a position of a record.
///
/// Prints the best move and its value, in seeds from the side to move's point
/// of view (`+4`; `+4 exact` when every line was searched to its end), the
/// principal variation in record notation, every legal move's value, and what
/// stopped the search. A finished game has no move: its result is printed
/// instead (exit 0). A relay undecided at the lap limit stops the search
/// (exit 2).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo best --setup '1,1,1,0,0,0/0,1,0,0,0,0 23-21 S'
  ayo best --setup '4,4,4,4,4,4/4,4,4,4,4,4 0-0 S' --depth 12 --format json
  ayo best game.ayo --ply 20 --time 2s
  ayo best --rules 'endodoi pits=8' --nodes 1000000 --setup '4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 0-0 S'")]
#[command(mut_arg("setup", |a| a.help("Search this set-up string instead of reading a record")))]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    tables: TablesArg,
    #[command(flatten)]
    laps: LapsArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    width: WidthArg,
    /// Print the JSON Schema of `--format json` and exit.
    #[arg(long)]
    schema: bool,
}

/// Writes one answer: its text (after its place, for a position of a
/// record) or one JSON line.
fn write_answer(out: &mut impl Write, args: &Args, best: &Best, at: At<'_>) -> Result<(), Fatal> {
    let place = at.place.map(|p| (p.file, p.game, p.ply));
    let json = args.format == Format::Json;
    let text = best.render((at.pos, at.numbering), place, json)?;
    match json {
        true => out.write_all(text.as_bytes())?,
        false => out.write_all(args.width.wrap(&text).as_bytes())?,
    }
    Ok(())
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.schema {
        return write_schema(out, &ayo::output::json::Document::Best.schema());
    }
    let limits = args.limits.limits();
    let mut tables = args.tables.cache();
    args.position
        .each(ctx, args.laps.max_laps, Game::replay, |at| {
            let best = Best::of(at.engine, &mut tables, at.before, at.pos, &limits)?;
            write_answer(out, &args, &best, at)
        })
}
