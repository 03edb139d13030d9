//! `ayo annotate`: a move-by-move table of each game.

use std::io::Write;

use serde::Serialize;

use ayo::output::table::{AnnotatedMove, Laps, annotate, annotate_grid, result_line, title};
use ayo::replay::replay;

use super::{Ctx, Fatal, GameArg, ReplayArgs, TableFormat, csv_rows, each_record, table_style};

/// Print a move-by-move table of each game.
///
/// One row a move of the main line: ply, side, move, seeds lifted, the relay
/// (each lap's origin and seeds, or with --laps full every pit sown), the
/// capture, the stores after, glyphs and NAGs, and comments. The result and how
/// the game ended follow each table.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo annotate fixtures/opening-lecture.ayo
  ayo annotate club.ayo --game 3 --laps full
  ayo annotate club.ayo --format csv > moves.csv
  ayo annotate game.ayo --format markdown >> report.md")]
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
    /// Output format.
    #[arg(long, value_enum, default_value_t = TableFormat::Table)]
    format: TableFormat,
    /// Plain ASCII table borders.
    #[arg(long)]
    ascii: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum LapsArg {
    /// Each lap's origin and seeds: `c4 A5 F5 e6 E6`.
    Compact,
    /// Each lap with every pit sown: `c4:defA A5:BCDEF ...`.
    Full,
}

#[derive(Serialize)]
struct GameRows<'a> {
    file: &'a str,
    game: usize,
    title: String,
    moves: Vec<AnnotatedMove>,
    result: String,
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let opts = args.replay.options(true);
    let laps = match args.laps {
        LapsArg::Compact => Laps::Compact,
        LapsArg::Full => Laps::Full,
    };
    let style = table_style(args.format, args.ascii);
    let mut first = true;
    each_record(
        &args.files,
        ctx,
        args.game.game,
        |ctx, file, raw, record, number| {
            let game = replay(record, &opts);
            ctx.report_game(file, raw, &game);
            let rows = annotate(&game, laps);
            match (args.format, style) {
                (TableFormat::Json, _) => {
                    let value = GameRows {
                        file,
                        game: number,
                        title: title(&game.record, game.rules.as_ref(), number),
                        moves: rows,
                        result: result_line(&game),
                    };
                    serde_json::to_writer(&mut *out, &value)?;
                    out.write_all(b"\n")?;
                }
                (TableFormat::Csv, _) => {
                    out.write_all(csv_rows(annotate_grid(&rows), file, number, first).as_bytes())?;
                }
                (format, Some(style)) => {
                    if !first {
                        out.write_all(b"\n")?;
                    }
                    let heading = if format == TableFormat::Markdown {
                        "### "
                    } else {
                        ""
                    };
                    let table = annotate_grid(&rows).render(style);
                    write!(
                        out,
                        "{heading}{}\n\n{table}\n{}\n",
                        title(&game.record, game.rules.as_ref(), number),
                        result_line(&game)
                    )?;
                }
                (_, None) => unreachable!("every format but json has a table style"),
            }
            first = false;
            Ok(())
        },
    )
}
