//! `ayo perft`: move-path counts.

use std::io::Write;

use ayo::rules::{Engine, PerftError, Ruleset};

use super::{Fatal, Format, LapsArg, write_schema};

/// One line of `ayo perft --format json`.
#[derive(serde::Serialize, schemars::JsonSchema)]
struct PerftJson {
    /// Plies from the start position.
    depth: usize,
    /// Move paths of exactly that many plies.
    node_count: u64,
}

/// Count the move paths of 1 to DEPTH plies.
///
/// Prints `DEPTH NODES` for each depth, each as soon as it is counted. A
/// finished game has no moves. A relay still undecided at the lap limit stops
/// the count (exit 2) rather than print a wrong number.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo perft 6
  ayo perft 4 --rules 'endodoi pits=12 seeds=3'
  ayo perft 3 --setup '2,5,2,0,3,2/1,0,1,3,2,0 16-11 S' --format json")]
pub struct Args {
    /// Deepest ply to count, at most 64.
    #[arg(required_unless_present = "schema",
          value_parser = clap::value_parser!(u64).range(0..=Engine::MAX_PERFT_DEPTH as u64))]
    depth: Option<u64>,
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
        let schema = serde_json::to_value(schemars::schema_for!(PerftJson))?;
        return write_schema(out, &schema);
    };
    let engine = Engine::new(args.rules).with_max_laps(args.laps.max_laps);
    let start = match &args.setup {
        Some(s) => super::args::setup(s, &args.rules)?,
        None => engine.start(),
    };
    // At most MAX_PERFT_DEPTH, checked by clap.
    let deepest = usize::try_from(depth).unwrap_or(Engine::MAX_PERFT_DEPTH);
    for depth in 1..=deepest {
        // Depth after depth, so that each line is out before the next, much
        // longer, count starts.
        let nodes = engine.perft_leaves(&start, depth).map_err(|e| match e {
            PerftError::Undecided(why) => Fatal::Error(format!(
                "perft stopped at depth {depth}: a relay is {why}; raise --max-laps"
            )),
            other => Fatal::Error(format!("perft stopped at depth {depth}: {other}")),
        })?;
        match args.format {
            Format::Text => writeln!(out, "{depth} {nodes}")?,
            Format::Json => {
                serde_json::to_writer(
                    &mut *out,
                    &PerftJson {
                        depth,
                        node_count: nodes,
                    },
                )?;
                out.write_all(b"\n")?;
            }
        }
        out.flush()?;
    }
    Ok(())
}
