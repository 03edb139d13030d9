//! `ayo annotate`: a move-by-move table of each game.

use std::io::Write;

use ayo::output::json::Document;
use ayo::output::table::AnnotatedMove;
use ayo::replay::Game;

use ayo::diagnostics::Diagnostic;
use ayo::notation::RawGame;

use super::laps::LapsShown;
use super::{
    Ctx, Fatal, GameArg, JobsArg, Rendered, ReplayArgs, TableArgs, render_games, write_schema,
};

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
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    /// How much of each relay to show.
    #[arg(long, value_enum, default_value_t = LapsShown::Compact)]
    laps: LapsShown,
    #[command(flatten)]
    replay: ReplayArgs,
    #[command(flatten)]
    table: TableArgs,
    #[command(flatten)]
    jobs: JobsArg,
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &Document::Annotate.schema());
    }
    // No lap traces and no variations' plies kept: the table shows the main
    // line alone, and `annotate` traces each move's laps as it builds its
    // row, so a big game's replay holds little beside its record.
    let opts = args.replay.options(false);
    let laps = args.laps.laps();
    let style = args.table.style();
    // A worker replays the game and renders its table (a CSV one with its
    // header) into a buffer; the sink knows which game comes first.
    let work = |file: &str, raw: &RawGame| -> Result<Rendered, Fatal> {
        let record = match raw.parse() {
            Ok(record) => record,
            Err(e) => return Ok((vec![Diagnostic::from(e)], None)),
        };
        let game = Game::replay_main_line(record, &opts);
        let place = (file, raw.index + 1);
        let text = AnnotatedMove::render_game(&game, place, opts.rules.is_some(), laps, style)?;
        Ok((game.errors, Some(text.into_bytes())))
    };
    let chosen = (args.game.game, args.jobs.get());
    render_games(&args.files, ctx, chosen, style, work, out)
}
