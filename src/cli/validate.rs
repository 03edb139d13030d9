//! `ayo validate`: check every record move by move.

use std::io::Write;

use ayo::corpus::validate::Settings;
use ayo::output::json::Document;

use super::{Ctx, Fatal, Format, GameArg, JobsArg, ReplayArgs, input_names, write_schema};

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
    pub(super) read: super::ReadArgs,
    #[command(flatten)]
    replay: ReplayArgs,
    #[command(flatten)]
    jobs: JobsArg,
    /// `text`: diagnostics and a summary on standard error; `json`: one object a
    /// game on standard output (file, game, valid, errors, warnings).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Print nothing; only set the exit code.
    #[arg(long, short)]
    quiet: bool,
    /// Print the JSON Schema of `--format json` and exit.
    #[arg(long)]
    schema: bool,
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.schema {
        return write_schema(out, &Document::Verdict.schema());
    }
    ctx.quiet = args.quiet;
    let settings = Settings {
        options: args.replay.options(false),
        jobs: args.jobs.get(),
        max_game_bytes: ctx.max_game_bytes,
        only: args.game.game,
    };
    let json = args.format == Format::Json;
    let (mut games, mut valid) = (0usize, 0usize);
    let names = input_names(&args.files);
    ctx.start_progress(&names);
    let result = settings.check(names, ctx, |ctx, checked| {
        games += 1;
        let game_valid = checked.is_valid();
        valid += usize::from(game_valid);
        if json {
            ctx.invalid |= !game_valid;
            if !args.quiet {
                serde_json::to_writer(&mut *out, &checked)?;
                out.write_all(b"\n")?;
            }
        } else if let Some(raw) = checked.game {
            for d in checked.diagnostics {
                ctx.diagnose(checked.file, raw, d);
            }
        }
        Ok(())
    });
    ctx.finish_progress();
    result?;
    // `--game N` past the end of an input is a usage error: no summary
    // that would count without it.
    if !json && !ctx.refused {
        ctx.note(&format!(
            "{games} game{}, {valid} valid, {} invalid",
            if games == 1 { "" } else { "s" },
            games - valid
        ));
    }
    Ok(())
}
