//! `ayo json`: records to JSON.

use std::io::Write;

use ayo::diagnostics::Diagnostic;
use ayo::output::json::{game_json, schema, unparsed_json};
use ayo::replay::replay;

use ayo::notation::RawGame;

use super::{Ctx, Fatal, GameArg, JobsArg, ReplayArgs, each_game_ordered};

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
    #[command(flatten)]
    jobs: JobsArg,
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
    let opts = args.replay.options(true);
    // A worker replays the game and writes its JSON into a buffer; the
    // buffers and the diagnostics go out in input order.
    let work = |file: &str, raw: &RawGame| -> Result<(Vec<Diagnostic>, Vec<u8>), Fatal> {
        let mut buf = Vec::new();
        let diagnostics = match raw.parse() {
            Ok(record) => {
                let game = replay(record, &opts);
                write(&mut buf, &game_json(&game, Some(file), Some(raw.index)))?;
                game.errors
            }
            Err(e) => {
                let d = Diagnostic::from(e);
                write(&mut buf, &unparsed_json(file, raw.index, &d, &raw.bytes))?;
                vec![d]
            }
        };
        Ok((diagnostics, buf))
    };
    let sink = |ctx: &mut Ctx,
                file: &str,
                raw: &RawGame,
                (diagnostics, buf): (Vec<Diagnostic>, Vec<u8>)| {
        for d in &diagnostics {
            ctx.diagnose(file, raw, d);
        }
        out.write_all(&buf)?;
        Ok(())
    };
    let jobs = args.jobs.get();
    each_game_ordered(&args.files, ctx, args.game.game, jobs, work, sink)
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
