//! `ayo perft`: move-path counts.

use std::io::Write;

use ayo::rules::{Engine, Position, Ruleset, perft};

use ayo::output::json::{PerftJson, schema_of};

use super::{Fatal, Format, LapsArg, write_schema};

/// Count the move paths of 1 to DEPTH plies.
///
/// Prints `DEPTH NODES` for each depth. A finished game has no moves. A relay
/// still undecided at the lap limit stops the count (exit 2) rather than print
/// a wrong number.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo perft 6
  ayo perft 4 --rules 'endodoi pits=12 seeds=3'
  ayo perft 3 --setup '2,5,2,0,3,2/1,0,1,3,2,0 16-11 S' --format json")]
pub struct Args {
    /// Deepest ply to count.
    #[arg(required_unless_present = "schema")]
    depth: Option<usize>,
    /// Ruleset string: a preset (russ, ayoayo, endodoi) and key=value overrides.
    #[arg(long, default_value = "russ", value_name = "RULESET")]
    rules: Ruleset,
    /// Start from this set-up string instead of the start position.
    #[arg(long, value_name = "SETUP")]
    setup: Option<String>,
    #[command(flatten)]
    laps: LapsArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Print the JSON Schema of `--format json` and exit.
    #[arg(long)]
    schema: bool,
}

pub fn run(args: Args, out: &mut impl Write) -> Result<(), Fatal> {
    let Some(depth) = args.depth.filter(|_| !args.schema) else {
        return write_schema(out, &schema_of::<PerftJson>());
    };
    let engine = Engine::new(args.rules).with_max_laps(args.laps.max_laps);
    let start = match &args.setup {
        Some(s) => Position::from_setup(s, &args.rules)
            .map_err(|e| Fatal::Error(format!("--setup: {e}")))?,
        None => engine.start(),
    };
    let counts = perft(&engine, &start, depth)
        .map_err(|e| Fatal::Error(format!("perft stopped: a relay is {e}")))?;
    for (i, nodes) in counts.iter().enumerate() {
        let depth = i + 1;
        match args.format {
            Format::Text => writeln!(out, "{depth} {nodes}")?,
            Format::Json => {
                serde_json::to_writer(
                    &mut *out,
                    &PerftJson {
                        depth,
                        nodes: *nodes,
                    },
                )?;
                out.write_all(b"\n")?;
            }
        }
    }
    Ok(())
}
