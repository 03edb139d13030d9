//! `ayo duplicates`: the same game recorded twice, one main line played by
//! different players, and records cut short.

use std::io::Write;

use ayo::corpus::duplicates::{self, Options, Parallel, Scan};
use ayo::output::json::Document;
use ayo::rules::Ruleset;

use super::{Ctx, Fatal, JobsArg, TableArgs, input_names, write_schema};

/// Find games recorded more than once, games whose moves agree, and records
/// cut short.
///
/// Groups are of three kinds, named alike in every format. `duplicate`: the
/// same game more than once, that is the same ruleset, start position and
/// main line and the same players (South and North, compared without case and
/// with runs of spaces as one); other tags, comments, glyphs and variations
/// may differ. `same moves`: one main line played by different players,
/// which are different games (the games of their duplicate groups included).
/// `prefix`: a record cut short, that is an unfinished game (ending in `*`)
/// whose main line begins longer games, listed first; a game that ends with
/// a result is finished and never cut short. Each group lists the file,
/// number and plies of its games and, in a table, the tags that differ from
/// the group's first game; `--format json` prints one object a group. Exit 0
/// whether or not any are found (1 when some record does not parse, 2 on
/// errors).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo duplicates games/*.ayo
  ayo duplicates games/*.ayo --format json | jq -c 'select(.kind == \"duplicate\")'
  ayo duplicates --drop games/*.ayo > unique.ayo
  ayo duplicates --schema")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    /// Key each game under this ruleset instead of its Rules tag (default:
    /// the tag, else russ).
    #[arg(long, value_name = "RULESET")]
    rules: Option<Ruleset>,
    #[command(flatten)]
    table: TableArgs,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    #[command(flatten)]
    jobs: JobsArg,
    /// Group games by their moves alone, whoever played them: one group a
    /// main line, `duplicate` when one pair of players played every game of
    /// it, else `same moves`. With `--drop`, one game of each pair of players
    /// is still kept.
    #[arg(long)]
    moves_only: bool,
    /// Print every game, as written, except those that repeat an earlier game
    /// (the same main line and players): the first of each duplicate group
    /// is kept. Games with the same moves but other players, and records cut
    /// short, are kept. Standard error says how many were dropped and from
    /// which groups (numbered as without `--drop`).
    #[arg(long, conflicts_with_all = ["format", "ascii", "width", "schema"])]
    drop: bool,
    /// With `--drop`, also drop each record cut short (an unfinished game)
    /// whose main line a longer game of the same players continues.
    #[arg(long, requires = "drop")]
    drop_prefixes: bool,
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &Document::Duplicates.schema());
    }
    let names = input_names(&args.files);
    let options = Options {
        rules: args.rules,
        moves_only: args.moves_only,
        max_game_bytes: ctx.max_game_bytes,
    };
    let jobs = args.jobs.get();
    ctx.start_progress(&names);
    let mut runner = Parallel {
        reporter: &mut *ctx,
        jobs,
        diagnose: Ctx::diagnose,
    };
    let found = Scan::read(&names, &options, &mut runner)?;
    // A later pass reads the inputs again; the bar covers the first.
    ctx.finish_progress();
    let mut runner = Parallel {
        reporter: &mut *ctx,
        jobs,
        diagnose: Ctx::diagnose,
    };
    if args.drop {
        let kept = found.write_kept(&mut runner, args.drop_prefixes, out)?;
        ctx.note(&kept.summary());
        return Ok(());
    }
    // A table shows the tags that differ within each group; JSON does not.
    let style = args.table.style();
    let report = found.report(&mut runner, style.is_some())?;
    report.write(style, out)?;
    ctx.note(&report.summary());
    Ok(())
}

impl From<duplicates::Error> for Fatal {
    fn from(e: duplicates::Error) -> Self {
        match e {
            duplicates::Error::Write(e) => Fatal::from(e),
            e => Fatal::Error(e.to_string()),
        }
    }
}
