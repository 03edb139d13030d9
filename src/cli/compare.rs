//! `ayo compare`: one record under several rulings.

use std::io::Write;

use ayo::output::compare::{Choice, Compared};
use ayo::output::json::Document;

use ayo::diagnostics::Diagnostic;
use ayo::notation::RawGame;

use super::{
    Ctx, Fatal, GameArg, JobsArg, LapsArg, Rendered, TableArgs, render_games, write_schema,
};

/// Replay each game under several rulesets and show where they part.
///
/// For each ruleset: whether every move is legal (or the first illegal ply and
/// why), the first ply whose laps, capture or legality differ from the first
/// ruleset's, and the final score and winner. A game turning illegal under
/// another ruling is the finding, not an error: the exit code is 0 whenever the
/// input parses, 1 only for syntax errors.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo compare fixtures/opening-lecture.ayo
  ayo compare game.ayo --rules russ --rules 'russ capture-seed=stays'
  ayo compare club.ayo --format json | jq -c 'select([.rows[].winner] | unique | length > 1)'
  ayo compare --schema")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    /// A ruleset to compare, or `sources` for the rulesets of the written
    /// sources on the record's board; repeat for more. Default: the record's
    /// own ruleset (its Rules tag, else russ), then that ruleset with one
    /// ruling changed, for every other value of skip-origin, capture-seed,
    /// feeding, leftovers and end.
    #[arg(long = "rules", value_name = "RULESET")]
    rules: Vec<Choice>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    #[command(flatten)]
    laps: LapsArg,
    #[command(flatten)]
    table: TableArgs,
    #[command(flatten)]
    jobs: JobsArg,
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &Document::Compare.schema());
    }
    let style = args.table.style();
    // A worker replays the game under each ruleset and renders the
    // comparison (a CSV one with its header) into a buffer; the sink knows
    // which game comes first.
    let work = |file: &str, raw: &RawGame| -> Result<Rendered, Fatal> {
        let record = match raw.parse() {
            Ok(record) => record,
            Err(e) => return Ok((vec![Diagnostic::from(e)], None)),
        };
        let number = raw.index + 1;
        match Compared::of_game(&record, number, &args.rules, args.laps.max_laps) {
            Ok(c) => Ok((
                Vec::new(),
                Some(c.render(file, number, style)?.into_bytes()),
            )),
            Err(d) => Ok((vec![d], None)),
        }
    };
    let chosen = (args.game.game, args.jobs.get());
    render_games(&args.files, ctx, chosen, style, work, out)
}
