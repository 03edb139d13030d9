//! `ayo compare`: one record under several rulings.

use std::io::Write;

use ayo::output::compare::{CompareJson, DEFAULT_RULESETS, compare, grid};
use ayo::output::json::schema_of;
use ayo::output::table::{Style, title, wrap_lines};
use ayo::rules::{DEFAULT_MAX_LAPS, Ruleset};

use super::{Ctx, Fatal, TableArgs, csv_rows, each_record, write_schema};

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
    /// A ruleset to compare; repeat for more. Default: russ; russ with
    /// capture-seed=stays, leftovers=owner, skip-origin=beyond-lap or
    /// end=exhaustion; endodoi.
    #[arg(long = "rules", value_name = "RULESET")]
    rules: Vec<Ruleset>,
    /// Only the N-th game of each file (from 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    game: Option<u64>,
    /// Laps a relay may run before its move is undecided.
    #[arg(long, default_value_t = DEFAULT_MAX_LAPS, value_name = "N")]
    max_laps: u64,
    #[command(flatten)]
    table: TableArgs,
}

/// How the title names the record's own ruleset, which compare sets aside.
fn record_rules(record: &ayo::notation::Record) -> String {
    match record.tag("Rules") {
        None => format!("recorded rules: {} (no Rules tag)", Ruleset::RUSS),
        Some(tag) => match tag.parse::<Ruleset>() {
            Ok(r) => format!("recorded rules: {r}"),
            Err(_) => format!("recorded rules: {tag} (unreadable)"),
        },
    }
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &schema_of::<CompareJson>());
    }
    let rulesets: Vec<Ruleset> = if args.rules.is_empty() {
        DEFAULT_RULESETS
            .iter()
            .map(|s| s.parse().map_err(|e| Fatal::Error(format!("{s}: {e}"))))
            .collect::<Result<_, _>>()?
    } else {
        args.rules.clone()
    };
    let style = args.table.style();
    let mut first = true;
    each_record(&args.files, ctx, args.game, |_, file, _, record, number| {
        let comparison = compare(&record, &rulesets, args.max_laps);
        let heading = title(&record, Some(&record_rules(&record)), number);
        match style {
            None => {
                let value = CompareJson {
                    file: file.to_string(),
                    game: number,
                    title: heading,
                    rows: comparison.rows,
                };
                serde_json::to_writer(&mut *out, &value)?;
                out.write_all(b"\n")?;
            }
            Some(Style::Csv) => {
                out.write_all(csv_rows(grid(&comparison, true), file, number, first).as_bytes())?;
            }
            Some(style) => {
                if !first {
                    out.write_all(b"\n")?;
                }
                let heading = match style {
                    Style::Table { width, .. } => wrap_lines(&heading, width),
                    _ => format!("### {heading}\n"),
                };
                write!(out, "{heading}\n{}", grid(&comparison, false).render(style))?;
            }
        }
        first = false;
        Ok(())
    })
}
