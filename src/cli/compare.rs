//! `ayo compare`: one record under several rulings.

use std::io::Write;

use ayo::output::compare::{CompareJson, compare, grid, single_rulings, sources};
use ayo::output::json::schema_of;
use ayo::output::table::{Style, rules_label, title, wrap_lines};
use ayo::replay::rules_of;
use ayo::rules::Ruleset;

use super::{Ctx, Fatal, GameArg, LapsArg, TableArgs, csv_rows, each_record, write_schema};

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
    #[arg(long = "rules", value_name = "RULESET", value_parser = parse_choice)]
    rules: Vec<Choice>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    laps: LapsArg,
    #[command(flatten)]
    table: TableArgs,
}

/// One `--rules` value.
#[derive(Clone, Debug)]
enum Choice {
    Ruleset(Ruleset),
    /// The written sources' rulesets, on the record's board.
    Sources,
}

fn parse_choice(s: &str) -> Result<Choice, String> {
    if s.trim() == "sources" {
        return Ok(Choice::Sources);
    }
    s.parse().map(Choice::Ruleset).map_err(|e| e.to_string())
}

/// The rulesets to replay a record under, the record's own ruleset being
/// `own`.
fn rulesets(choices: &[Choice], own: &Ruleset) -> Vec<Ruleset> {
    if choices.is_empty() {
        return single_rulings(own);
    }
    let mut set = Vec::new();
    for c in choices {
        match c {
            Choice::Ruleset(r) => set.push(*r),
            Choice::Sources => set.extend(sources(own)),
        }
    }
    set
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &schema_of::<CompareJson>());
    }
    let style = args.table.style();
    let mut first = true;
    each_record(
        &args.files,
        ctx,
        args.game.game,
        |ctx, file, raw, record, number| {
            let own = match rules_of(&record, None) {
                Ok(r) => r,
                Err(d) => {
                    // Without its own ruleset a record has no board to
                    // compare on.
                    ctx.diagnose(file, raw, &d);
                    return Ok(());
                }
            };
            let comparison = compare(&record, &rulesets(&args.rules, &own), args.laps.max_laps);
            let label = rules_label(&record, Some(&own), false);
            let heading = title(&record, label.as_deref(), number);
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
                    let table = grid(&comparison, true);
                    out.write_all(csv_rows(table, file, number, first).as_bytes())?;
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
        },
    )
}
