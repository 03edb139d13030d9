//! `ayo json`: records to JSON.

use std::io::Write;

use ayo::output::json::{Detail, Document, JsonWriter};

use super::{Ctx, Fatal, GameArg, JobsArg, ReplayArgs, with_games};

/// Print every game as JSON, one object a line (NDJSON).
///
/// Each move carries (at the default `--detail full`) its laps, capture,
/// stores and board after it, glyphs, NAGs, comments and variations; the
/// result carries the final score, the winner and how the game ended. Games with problems are still printed, with
/// `valid: false` and their `errors` (and the diagnostics on standard error).
/// `ayo import` turns the output back into canonical records.
///
/// `--detail game` or `--detail moves` write much less (see `--schema
/// --detail LEVEL`), for pipelines that need only the results or the moves
/// played.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo json game.ayo | jq '.moves[] | select(.capture) | {ply, pit, seeds: .capture.seeds}'
  ayo json games/*.ayo | jq -s 'map(.result.winner) | group_by(.) | map({(.[0] // \"unfinished\"): length}) | add'
  ayo json --detail moves games.ayo | jq -r 'select(.result.winner) | [.moves[0].pit, .result.winner] | @tsv'
  ayo json --schema > ayo.schema.json")]
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
    jobs: JobsArg,
    /// How much of each game to write.
    #[arg(long, value_enum, value_name = "LEVEL", default_value_t = DetailArg::Full)]
    detail: DetailArg,
    /// Indent the JSON (one object is then several lines).
    #[arg(long)]
    pretty: bool,
    /// Print the JSON Schema of the output (at `--detail`) and exit.
    #[arg(long)]
    schema: bool,
}

/// `--detail`: how much of each game `ayo json` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum DetailArg {
    /// The tags, rules, start, counts (`ply_count`, `capture_count`,
    /// `variation_count`, `comment_count`), result, validity and
    /// diagnostics; no moves.
    Game,
    /// `game` and the main line's moves, each its `pit`, `claim` and
    /// `seeds_captured` only.
    Moves,
    /// Everything: each move's laps, board, stores, glyphs, comments and
    /// variations too.
    Full,
}

impl DetailArg {
    fn detail(self) -> Detail {
        match self {
            DetailArg::Game => Detail::Game,
            DetailArg::Moves => Detail::Moves,
            DetailArg::Full => Detail::Full,
        }
    }
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let detail = args.detail.detail();
    if args.schema {
        let schema = Document::Game(detail).schema();
        if args.pretty {
            serde_json::to_writer_pretty(&mut *out, &schema)?;
        } else {
            serde_json::to_writer(&mut *out, &schema)?;
        }
        return Ok(out.write_all(b"\n")?);
    }
    let writer = JsonWriter {
        detail,
        pretty: args.pretty,
        jobs: args.jobs.get(),
        replay: args.replay.options(false),
    };
    with_games(&args.files, ctx, args.game.game, |games, ctx| {
        writer.write_games(games, ctx, Ctx::diagnose, out)
    })
}
