//! `ayo compare`: one record under several rulings.

use std::io::Write;

use serde::Serialize;

use ayo::output::compare::{Comparison, DEFAULT_RULESETS, compare, grid};
use ayo::output::table::title;
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
    /// A ruleset to compare; repeat for more. Default: russ; russ with
    /// capture-seed=stays, leftovers=owner, skip-origin=beyond-lap or
    /// end=exhaustion; endodoi.
    #[arg(long = "rules", value_name = "RULESET")]
    rules: Vec<Ruleset>,
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

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let rulesets: Vec<Ruleset> = if args.rules.is_empty() {
        DEFAULT_RULESETS
            .iter()
            .map(|s| s.parse().map_err(|e| Fatal::Error(format!("{s}: {e}"))))
            .collect::<Result<_, _>>()?
    } else {
        args.rules.clone()
    };
    let style = table_style(args.format, args.ascii);
    let mut first = true;
    each_record(
        &args.files,
        ctx,
        args.game.game,
        |_, file, _, record, number| {
            let comparison = compare(&record, &rulesets, args.laps.max_laps);
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
