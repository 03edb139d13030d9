//! `ayo annotate`: a move-by-move table of each game.

use std::io::Write;

use ayo::output::json::schema_of;
use ayo::output::table::{
    AnnotateJson, Laps, Style, annotate, annotate_grid, result_line, rules_label, title, wrap_lines,
};
use ayo::replay::replay_main_line;

use super::{Ctx, Fatal, GameArg, ReplayArgs, TableArgs, csv_rows, each_record, write_schema};

/// Print a move-by-move table of each game.
///
/// One row a move of the main line: ply, side, move, seeds lifted, the relay
/// (each lap's origin and seeds, or with --laps full every pit sown), the
/// capture, the stores after, glyphs and NAGs, and comments. The result and how
/// the game ended follow each table. Tables fit the terminal: when they do not,
/// comments, notes and full relays move under their row, then the side, seeds
/// and capture columns are left out (the table says which).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo annotate fixtures/opening-lecture.ayo
  ayo annotate club.ayo --game 3 --laps full --width 120
  ayo annotate club.ayo --format csv > moves.csv
  ayo annotate game.ayo --format markdown >> report.md
  ayo annotate --schema")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    #[command(flatten)]
    game: GameArg,
    /// How much of each relay to show.
    #[arg(long, value_enum, default_value_t = LapsArg::Compact)]
    laps: LapsArg,
    #[command(flatten)]
    replay: ReplayArgs,
    #[command(flatten)]
    table: TableArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum LapsArg {
    /// Each lap's origin and seeds: `c4 A5 F5 e6 E6`.
    Compact,
    /// Each lap with every pit sown: `c4:defA A5:BCDEF ...`.
    Full,
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &schema_of::<AnnotateJson>());
    }
    // No lap traces and no variations' plies kept: the table shows the main
    // line alone, and `annotate` traces each move's laps as it builds its
    // row, so a big game's replay holds little beside its record.
    let opts = args.replay.options(false);
    let laps = match args.laps {
        LapsArg::Compact => Laps::Compact,
        LapsArg::Full => Laps::Full,
    };
    let style = args.table.style();
    let mut first = true;
    each_record(
        &args.files,
        ctx,
        args.game.game,
        |ctx, file, raw, record, number| {
            let game = replay_main_line(record, &opts);
            ctx.report_game(file, raw, &game);
            let rows = annotate(&game);
            let label = rules_label(&game.record, game.rules.as_ref(), opts.rules.is_some());
            let heading = title(&game.record, label.as_deref(), number);
            match style {
                None => {
                    let value = AnnotateJson::new(&game, file, number, heading, rows);
                    serde_json::to_writer(&mut *out, &value)?;
                    out.write_all(b"\n")?;
                }
                Some(Style::Csv) => {
                    let grid = annotate_grid(&rows, laps, true);
                    out.write_all(csv_rows(grid, file, number, first).as_bytes())?;
                }
                Some(style) => {
                    if !first {
                        out.write_all(b"\n")?;
                    }
                    let table = annotate_grid(&rows, laps, false).render(style);
                    let (heading, result) = match style {
                        Style::Table { width, .. } => (
                            wrap_lines(&heading, width),
                            wrap_lines(&result_line(&game), width),
                        ),
                        _ => (
                            format!("### {heading}\n"),
                            format!("{}\n", result_line(&game)),
                        ),
                    };
                    write!(out, "{heading}\n{table}\n{result}")?;
                }
            }
            first = false;
            Ok(())
        },
    )
}
