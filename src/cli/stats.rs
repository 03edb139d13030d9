//! `ayo stats`: figures over a corpus, in one pass and bounded memory.

use std::io::Write;

use ayo::corpus::stats::Stats;
use ayo::output::json::Document;

use super::{Ctx, Fatal, GameArg, JobsArg, ReplayArgs, TableArgs, with_games, write_schema};

/// Figures over a corpus: games, valid and invalid, results, plies, laps,
/// captures, endings and first moves.
///
/// Reads every game once and keeps only counts, sums and histograms, so any
/// number of games fits in memory. Results (by side, and by the ruleset each
/// game is replayed under) are by who won, as `ayo json`'s `result.winner`
/// says it: the board for a game that ended on it, else the termination
/// token; `undecided` counts games that nothing decides (`*` or no token
/// on an unfinished board, or an invalid record); plies count the main
/// line of every game that parses. Laps per move, capture sizes, how games end
/// and how each first move scored come from the main lines of the valid
/// games; first moves only from games that start at the ruleset's start
/// position, scored for the side that played them. Exits 1 when some game is
/// invalid (`ayo validate` says why), as validate does; a game over
/// --max-game-bytes is reported, and counted as one that does not parse.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo stats games/*.ayo
  ayo stats --format json games/*.ayo | jq '.results'
  ayo stats --format csv games/*.ayo > stats.csv
  ayo stats --schema")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    #[command(flatten)]
    replay: ReplayArgs,
    #[command(flatten)]
    table: TableArgs,
    #[command(flatten)]
    jobs: JobsArg,
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &Document::Stats.schema());
    }
    // Traced: laps are counted from each move's laps.
    let opts = args.replay.options(true);
    let stats = with_games(&args.files, ctx, args.game.game, |games, ctx| {
        Stats::read(games, &opts, args.jobs.get(), ctx, Ctx::syntax_error)
    })?;
    if ctx.refused {
        // `--game N` past the end of an input: a usage error, and figures
        // without that input's game would mislead.
        return Ok(());
    }
    out.write_all(stats.render(args.table.style())?.as_bytes())?;
    if stats.invalid() > 0 {
        ctx.invalid = true;
        let n = stats.invalid();
        let s = if n == 1 { "" } else { "s" };
        ctx.note(&format!(
            "{n} invalid game{s}: `ayo validate` says what is wrong"
        ));
    }
    Ok(())
}
