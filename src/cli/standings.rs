//! `ayo standings`: a tournament table from the results of the games.

use std::io::Write;

use ayo::corpus::standings::{Report, Tally, Tiebreak, TiebreakError};
use ayo::output::json::Document;
use ayo::output::standings::View;
use ayo::replay::Options;
use ayo::rules::Ruleset;

use super::{Ctx, Fatal, GameArg, LapsArg, TableArgs, games, write_schema};

/// Rank the players by their results: a tournament table.
///
/// Each game counted gives its winner 1 point and its loser 0, a draw ½ to
/// each. Who won is the game's verdict, as `ayo json`'s `result.winner` says
/// it: the board for a game that ended on it, else the termination token (a
/// resignation, an agreement, an adjudication). Players are the South and
/// North tags, compared exactly (trimmed, in one Unicode form: a tone mark
/// typed as a combining character is the precomposed letter). Seeds won
/// and lost are the final
/// score of a game that ended on the board, else its Score tag, else the
/// stores after its last move. Players level on points are ordered by the
/// tie-breaks of --tiebreak, and share a rank (`3=`) when level on all of
/// them; the table names the tie-break that placed each player. Not
/// counted, and listed with the reason: games that nothing decides (`*` on
/// an unfinished board, an illegal move), games whose token or Result tag
/// contradicts the board, games that do not parse, games without a
/// player's name, and copies of a game already counted (the same moves and
/// players, as `ayo duplicates` finds them; a warning says how many). Names
/// that differ only in case or spacing are listed in a note. In CSV and
/// JSON those lists go to standard error, so that standard output holds
/// only the table. Exits 1 when some record is invalid (its errors are
/// reported as `ayo validate` reports them), as every command does; the
/// table of the games counted is still printed.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo standings tournament.ayo
  ayo standings --by Event --cross season/*.ayo
  ayo standings --tiebreak sb,h2h,wins,seeds tournament.ayo
  ayo standings --format markdown tournament.ayo > standings.md
  ayo standings --format json tournament.ayo | jq -r '[.rank, .player, .points] | @tsv'
  ayo standings --schema")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    /// One table per value of this tag (e.g. Event or Round); games without
    /// it make a table of their own.
    #[arg(long, value_name = "TAG")]
    by: Option<String>,
    /// Add a crosstable: a column per player, by place, with the points
    /// scored against them (`1`, `½`, `0`, one a game); too narrow a
    /// terminal lists each player's games on a line instead. A table, CSV or
    /// Markdown crosstable has a row and a column for each player, so one of
    /// more than --max-players players is refused; `--format json` lists
    /// only the pairings played, for any number of players.
    #[arg(long)]
    cross: bool,
    /// The most players a table, CSV or Markdown crosstable may have.
    #[arg(long, value_name = "N", default_value_t = 60)]
    max_players: usize,
    /// The tie-breaks for players level on points, in order, joined by
    /// commas: h2h (head-to-head: the points scored between them, when all
    /// of them have met), sb (Sonneborn-Berger), wins (games won), seeds
    /// (seed difference).
    #[arg(long, value_name = "LIST", default_value = "h2h,sb,wins,seeds",
          value_parser = order)]
    tiebreak: Order,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    /// Replay games under this ruleset instead of their Rules tag (default:
    /// the tag, else russ).
    #[arg(long, value_name = "RULESET")]
    rules: Option<Ruleset>,
    #[command(flatten)]
    laps: LapsArg,
    #[command(flatten)]
    table: TableArgs,
}

/// `--tiebreak`: the tie-breaks in order.
#[derive(Clone, Debug)]
struct Order(Vec<Tiebreak>);

fn order(s: &str) -> Result<Order, TiebreakError> {
    Tiebreak::parse_list(s).map(Order)
}

/// Every game of the input in its table: counted, or listed apart.
fn read(args: &Args, ctx: &mut Ctx) -> Result<Report, Fatal> {
    let opts = Options::new(args.rules, args.laps.max_laps);
    let games = games(&args.files, ctx, args.game.game);
    let report = Tally::new(args.by.clone(), opts).read(games, ctx, Ctx::diagnose)?;
    if let Some(warning) = report.copies_warning() {
        ctx.note(&warning);
    }
    Ok(report)
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &Document::Standing.schema());
    }
    let report = read(&args, ctx)?;
    if ctx.refused {
        // `--game N` past the end of an input: a usage error, and a table
        // without that input's game would mislead.
        return Ok(());
    }
    let note = report.names_note();
    let view = View {
        by: args.by.as_deref(),
        cross: args.cross,
        order: &args.tiebreak.0,
    };
    if args.cross && args.table.style().is_some() {
        report
            .check_crosstable(args.max_players)
            .map_err(|e| Fatal::Error(e.advice(view.by)))?;
    }
    let text = view.render(&report, args.table.style(), note.as_deref())?;
    out.write_all(text.as_bytes())?;
    if args.table.format == super::TableFormat::Json || args.table.format == super::TableFormat::Csv
    {
        // Standard output holds only the table: the lists go to standard
        // error.
        for line in report.side_notes(note.as_deref()) {
            ctx.note(&line);
        }
    }
    Ok(())
}
