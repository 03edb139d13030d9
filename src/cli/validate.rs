//! `ayo validate`: check every record move by move.

use std::cell::RefCell;
use std::io::Write;

use ayo::diagnostics::Diagnostic;
use ayo::notation::RawGame;
use ayo::output::json::{ErrorJson, VerdictJson, schema_of};
use ayo::replay::{QuickCheck, check};

use super::{Ctx, Fatal, Format, GameArg, JobsArg, ReplayArgs, each_game_ordered, write_schema};

/// Check that every record parses and every move is legal.
///
/// Replays each game under its Rules tag (or --rules), from its Setup tag or the
/// start, and checks every move, capture claim, move number, the result token
/// and the Result, Score and PlyCount tags. Variations are checked too. Prints a
/// diagnostic per problem and a summary on standard error.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo validate games/*.ayo
  ayo validate --quiet game.ayo && echo valid
  ayo validate --format json club.ayo | jq 'select(.valid | not)'
  ayo validate --rules 'russ capture-seed=stays' game.ayo")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    replay: ReplayArgs,
    #[command(flatten)]
    jobs: JobsArg,
    /// `text`: diagnostics and a summary on standard error; `json`: one object a
    /// game on standard output (file, game, valid, errors).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Print nothing; only set the exit code.
    #[arg(long, short)]
    quiet: bool,
    /// Print the JSON Schema of `--format json` and exit.
    #[arg(long)]
    schema: bool,
}

thread_local! {
    /// Each worker's quick check, with the rulesets and tag names it keeps
    /// from game to game.
    static QUICK: RefCell<QuickCheck> = RefCell::new(QuickCheck::new());
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.schema {
        return write_schema(out, &schema_of::<VerdictJson>());
    }
    ctx.quiet = args.quiet;
    let opts = args.replay.options(false);
    let (mut games, mut valid) = (0usize, 0usize);
    // The workers parse and replay; the rest is done in input order.
    let work = |_: &str, raw: &RawGame| -> Result<Vec<Diagnostic>, Fatal> {
        // Most games are plainly valid: the quick check says so without
        // parsing them into a tree; for any other it does not know, and the
        // full parse and check find every diagnostic.
        if raw.too_large.is_none() && QUICK.with_borrow_mut(|q| q.is_valid(&raw.bytes, &opts)) {
            return Ok(Vec::new());
        }
        Ok(match raw.parse() {
            Ok(record) => check(&record, &opts),
            Err(e) => vec![Diagnostic::from(e)],
        })
    };
    let sink = |ctx: &mut Ctx, file: &str, raw: &RawGame, errors: Vec<Diagnostic>| {
        games += 1;
        let game_valid = !errors.iter().any(Diagnostic::is_error);
        if game_valid {
            valid += 1;
        }
        if args.format == Format::Json {
            ctx.invalid |= !game_valid;
            if !args.quiet {
                let v = VerdictJson {
                    file: file.to_string(),
                    game: raw.index + 1,
                    valid: game_valid,
                    errors: errors.iter().map(ErrorJson::from).collect(),
                };
                serde_json::to_writer(&mut *out, &v)?;
                out.write_all(b"\n")?;
            }
        } else {
            for d in &errors {
                ctx.diagnose(file, raw, d);
            }
        }
        Ok(())
    };
    let jobs = args.jobs.get();
    each_game_ordered(&args.files, ctx, args.game.game, jobs, work, sink)?;
    if args.format == Format::Text {
        ctx.note(&format!(
            "{games} game{}, {valid} valid, {} invalid",
            if games == 1 { "" } else { "s" },
            games - valid
        ));
    }
    Ok(())
}
