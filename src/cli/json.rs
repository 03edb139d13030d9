//! `ayo json`: records to JSON.

use std::io::Write;

use ayo::diagnostics::Diagnostic;
use ayo::output::json::{schema, unparsed_json, write_game};
use ayo::replay::replay;

use super::{Ctx, Fatal, GameArg, ReplayArgs, each_game};

/// Print every game as JSON, one object a line (NDJSON).
///
/// Each move carries its laps, capture, stores and board after it, glyphs,
/// NAGs, comments and variations; the result carries the final score, the
/// winner and how the game ended. Games with problems are still printed, with
/// `valid: false` and their `errors` (and the diagnostics on standard error).
/// `ayo import` turns the output back into canonical records.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo json game.ayo | jq '.moves[] | select(.capture) | {ply, pit, seeds: .capture.seeds}'
  ayo json games/*.ayo | jq -s 'map(.result.winner) | group_by(.) | map({(.[0] // \"unfinished\"): length}) | add'
  ayo json --schema > ayo.schema.json")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    replay: ReplayArgs,
    /// Indent the JSON (one object is then several lines).
    #[arg(long)]
    pretty: bool,
    /// Print the JSON Schema of the output and exit.
    #[arg(long)]
    schema: bool,
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let write = |out: &mut dyn Write, value: &dyn erased::Json| -> Result<(), Fatal> {
        value.write(out, args.pretty)?;
        out.write_all(b"\n")?;
        Ok(())
    };
    if args.schema {
        return write(out, &schema());
    }
    // No lap traces kept: `write_game` traces each move's as it writes it,
    // so a big game's plies hold less.
    let opts = args.replay.options(false);
    each_game(&args.files, ctx, args.game.game, |ctx, g| {
        match g.record {
            Ok(record) => {
                let game = replay(record, &opts);
                ctx.report_game(g.file, g.raw, &game);
                // Streamed move by move: a big game's JSON is never held.
                write_game(
                    &mut *out,
                    &game,
                    Some(g.file),
                    Some(g.raw.index),
                    args.pretty,
                )?;
                out.write_all(b"\n")?;
                Ok(())
            }
            Err(e) => {
                let d = Diagnostic::from(e);
                ctx.diagnose(g.file, g.raw, &d);
                write(out, &unparsed_json(g.file, g.raw.index, &d, &g.raw.bytes))
            }
        }
    })
}

/// Writing any serializable value, compact or pretty, through one closure.
mod erased {
    use std::io::Write;

    use super::Fatal;

    pub trait Json {
        fn write(&self, out: &mut dyn Write, pretty: bool) -> Result<(), Fatal>;
    }

    impl<T: serde::Serialize> Json for T {
        fn write(&self, out: &mut dyn Write, pretty: bool) -> Result<(), Fatal> {
            let r = if pretty {
                serde_json::to_writer_pretty(out, self)
            } else {
                serde_json::to_writer(out, self)
            };
            Ok(r?)
        }
    }
}
