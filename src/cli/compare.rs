//! `ayo compare`: one record under several rulings.

use std::io::Write;

use serde::Serialize;

use ayo::output::compare::{Comparison, compare, grid, single_rulings, sources};
use ayo::output::table::title;
use ayo::replay::rules_of;
use ayo::rules::Ruleset;

use super::{Ctx, Fatal, GameArg, LapsArg, TableFormat, csv_rows, each_record, table_style};

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
  ayo compare club.ayo --format json | jq -c 'select([.rows[].winner] | unique | length > 1)'")]
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
    /// Output format (`json`: one object a game, NDJSON).
    #[arg(long, value_enum, default_value_t = TableFormat::Table)]
    format: TableFormat,
    /// Plain ASCII table borders.
    #[arg(long)]
    ascii: bool,
}

#[derive(Serialize)]
struct GameComparison<'a> {
    file: &'a str,
    game: usize,
    #[serde(flatten)]
    comparison: Comparison,
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
    let style = table_style(args.format, args.ascii);
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
            match style {
                None => {
                    let value = GameComparison {
                        file,
                        game: number,
                        comparison,
                    };
                    serde_json::to_writer(&mut *out, &value)?;
                    out.write_all(b"\n")?;
                }
                Some(style) => {
                    let table = grid(&comparison);
                    if args.format == TableFormat::Csv {
                        out.write_all(csv_rows(table, file, number, first).as_bytes())?;
                    } else {
                        if !first {
                            out.write_all(b"\n")?;
                        }
                        let heading = if args.format == TableFormat::Markdown {
                            "### "
                        } else {
                            ""
                        };
                        let title = title(&record, None, number);
                        write!(out, "{heading}{title}\n\n{}", table.render(style))?;
                    }
                }
            }
            first = false;
            Ok(())
        },
    )
}
