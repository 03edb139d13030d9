//! `ayo analyze`: every main-line move judged by the engine.

use std::io::{self, IsTerminal, Write};

use clap::ValueEnum;

use ayo::analysis::{Analyser, Thresholds};
use ayo::output::analyze::AnalyzeOptions;
use ayo::output::json::Document;

use super::search::{LimitArgs, TablesArg};
use super::signals;
use super::{Ctx, Fatal, GameArg, ReplayArgs, TableArgs, TableFormat, input_names, write_schema};

/// Judge every move of each game with the engine.
///
/// For each main-line move: the played move's value and the engine's best
/// move and value (in seeds, from the mover's point of view, searched to the
/// same depth), the loss (the difference), a label when the loss reaches a
/// threshold (blunder 8, mistake 4, inaccuracy 2 seeds by default), and the
/// engine's line. Then each side's total and average loss and label counts.
/// With endgame tables under end=majority, a move from a position inside them
/// that makes the mover's exact outcome worse (win->draw, win->loss,
/// draw->loss) says so and is labelled at least a mistake, and the engine's
/// move is one that keeps the outcome. Analysis stops at a record's first illegal move and says so (exit 1).
///
/// `--format ayo` prints the records instead, in canonical form, with a
/// comment after every labelled move (`{best c +4; played -2}`, or `{threw
/// away a won endgame; best c}`) and the label's glyph (`??`, `?`, `?!`)
/// where the move has none. Every other comment, glyph, NAG and variation is
/// kept, and the comments of an earlier run are replaced, so running it again
/// changes nothing. A game with a syntax error or an unreadable Rules or
/// Setup tag is printed as it was written (its error reported, exit 1), so
/// that `--format ayo a.ayo > b.ayo` keeps every game. `--write` writes the
/// same into each file, in place.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo analyze fixtures/opening-lecture.ayo
  ayo analyze games/*.ayo --depth 8 --format csv > verdicts.csv
  ayo analyze game.ayo --format ayo > game-analysed.ayo
  ayo analyze games/*.ayo --write
  ayo analyze club.ayo --format json | jq -c '{game, blunders: [.moves[] | select(.label == \"blunder\") | .ply]}'")]
#[command(mut_arg("format", |a| a
    .value_parser(TableFormat::and(
        TableFormat::Ayo,
        "ayo",
        "The records, with the verdicts added as comments and glyphs",
    ))
    // A flag always has a value ("false" by default): only "true" is --write.
    .default_value_if("write", "true", "ayo")))]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    tables: TablesArg,
    /// Least loss, in seeds, labelled a blunder (`??`).
    #[arg(long, value_name = "SEEDS", default_value_t = 8,
          value_parser = clap::value_parser!(i32).range(1..))]
    blunder: i32,
    /// Least loss, in seeds, labelled a mistake (`?`).
    #[arg(long, value_name = "SEEDS", default_value_t = 4,
          value_parser = clap::value_parser!(i32).range(1..))]
    mistake: i32,
    /// Least loss, in seeds, labelled an inaccuracy (`?!`).
    #[arg(long, value_name = "SEEDS", default_value_t = 2,
          value_parser = clap::value_parser!(i32).range(1..))]
    inaccuracy: i32,
    /// Rewrite each file in place with what `--format ayo` prints, as `ayo
    /// fmt --write` does: through a temporary file renamed over it; a link
    /// is followed; the file keeps its permissions; a file read-only, with
    /// other hard links (see --force) or changed during the analysis is
    /// refused (exit 2). A file with a game that does not parse or replay is
    /// left untouched (exit 1). Prints nothing: `--write > FILE` of earlier
    /// versions is now `--format ayo > FILE`.
    #[arg(long, conflicts_with_all = ["game", "schema"])]
    write: bool,
    /// With --write: rewrite a file that has other hard links too. Only the
    /// name given gets the new text; the other names keep the old one.
    #[arg(long, requires = "write")]
    force: bool,
    #[command(flatten)]
    replay: ReplayArgs,
    #[command(flatten)]
    table: TableArgs,
}

/// Progress on standard error, when it is a terminal: games and moves done.
struct Progress {
    on: bool,
    shown: bool,
}

impl Progress {
    fn show(&mut self, ctx: &mut Ctx, game: usize, ply: usize, plies: usize) {
        if self.on {
            ctx.write_stderr(&format!("\ranalyze: game {game}, move {ply}/{plies}"));
            self.shown = true;
        }
    }

    fn clear(&mut self, ctx: &mut Ctx) {
        if self.shown {
            ctx.write_stderr("\r\x1b[K");
            self.shown = false;
        }
    }
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &Document::Analysis.schema());
    }
    let names = input_names(&args.files);
    if args.write {
        if args.table.format != TableFormat::Ayo {
            return Err(Fatal::Error(format!(
                "--write writes records (--format ayo), not --format {}",
                args.table
                    .format
                    .to_possible_value()
                    .map_or(String::new(), |v| v.get_name().to_string())
            )));
        }
        signals::writing_files(&names)?;
    }
    let opts = AnalyzeOptions {
        replay: args.replay.options(false),
        game: args.game.game,
        max_game_bytes: ctx.max_game_bytes,
        records: args.table.format == TableFormat::Ayo,
        style: args.table.style(),
        write: args.write,
        force: args.force,
    };
    let thresholds = Thresholds {
        blunder: args.blunder,
        mistake: args.mistake,
        inaccuracy: args.inaccuracy,
    };
    let (limits, tables) = (args.limits.limits(), args.tables.cache());
    let mut analyser = Analyser::new(limits, thresholds, tables, opts.replay.max_laps);
    let mut progress = Progress {
        on: io::stderr().is_terminal() && !ctx.quiet,
        shown: false,
    };
    let shown = |ctx: &mut Ctx, at: Option<(usize, usize, usize)>| match at {
        Some((game, ply, plies)) => progress.show(ctx, game, ply, plies),
        None => progress.clear(ctx),
    };
    ctx.invalid |= !opts.run(&names, &mut analyser, ctx, shown, out)?;
    Ok(())
}
