//! `ayo analyze`: every main-line move judged by the engine.

use std::io::{self, IsTerminal, Write};

use ayo::notation::write_record;
use ayo::output::analyze::{
    GameAnalysis, MoveVerdict, OutcomeLost, SideTotals, Thresholds, analyze_grid, write_verdicts,
};
use ayo::output::json::schema_of;
use ayo::output::table::{Style, result_line, rules_label, title, wrap_lines};
use ayo::replay::replay;
use ayo::rules::{Engine, Ruleset, Side};
use ayo::search::{Search, Value};

use ayo::tables::Tables;

use super::best::{
    LimitArgs, TableCache, TablesArg, main_line, searcher, table_outcomes, undecided,
};
use super::{Ctx, Fatal, GameArg, ReplayArgs, TableArgs, csv_rows, each_record, write_schema};

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
/// With --write, prints each record instead, with a comment after every
/// labelled move (`{best c +4; played -2}`, or `{threw away a won endgame;
/// best c}`) and the label's glyph (`??`, `?`,
/// `?!`) where the move has none. Every other comment, glyph, NAG and
/// variation is kept, and the comments of an earlier --write are replaced, so
/// running it again changes nothing.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo analyze fixtures/opening-lecture.ayo
  ayo analyze games/*.ayo --depth 8 --format csv > verdicts.csv
  ayo analyze game.ayo --write > game-analysed.ayo
  ayo analyze club.ayo --format json | jq -c '{game, blunders: [.moves[] | select(.label == \"blunder\") | .ply]}'")]
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
    /// Print each record with the verdicts added as comments and glyphs.
    #[arg(long)]
    write: bool,
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
        return write_schema(out, &schema_of::<GameAnalysis>());
    }
    let opts = args.replay.options(false);
    let limits = args.limits.limits();
    let thresholds = Thresholds {
        blunder: args.blunder,
        mistake: args.mistake,
        inaccuracy: args.inaccuracy,
    };
    let style = args.table.style();
    let mut progress = Progress {
        on: io::stderr().is_terminal() && !ctx.quiet,
        shown: false,
    };
    // One search (and its 4 MiB table) for every game of a ruleset.
    let mut tables = TableCache::new(&args.tables);
    let mut search_slot: Option<(Ruleset, Search<'static>, Option<&'static Tables>)> = None;
    let mut first = true;
    each_record(
        &args.files,
        ctx,
        args.game.game,
        |ctx, file, raw, record, number| {
            let game = replay(record, &opts);
            ctx.report_game(file, raw, &game);
            let (Some(rules), Some(_)) = (game.rules, game.start) else {
                return Ok(());
            };
            let (search, rules_tables) = match &mut search_slot {
                Some((r, s, t)) if *r == rules => (s, *t),
                slot => {
                    let engine = Engine::new(rules).with_max_laps(opts.max_laps);
                    let t = tables.get(rules)?;
                    (&mut slot.insert((rules, searcher(engine, t), t)).1, t)
                }
            };
            let line = main_line(&game);
            let plies = line.len() - 1;
            let pits = rules.pits();
            let mut verdicts = Vec::with_capacity(plies);
            for i in 0..plies {
                progress.show(ctx, number, i, plies);
                let mut answer = search
                    .run_line(&line[..i], &line[i], &limits)
                    .map_err(|e| undecided(&e))?;
                let outcomes = table_outcomes(rules_tables, &rules, &line[i], &mut answer);
                let m = &game.moves[i];
                let Some(outcome) = &m.outcome else { break };
                let played = outcome.pit;
                let score = answer
                    .moves
                    .iter()
                    .find(|(p, _)| *p == played)
                    .map_or(answer.score, |&(_, v)| v);
                let loss: Value = (answer.score - score).max(0);
                let outcome_lost = outcomes
                    .as_ref()
                    .and_then(|o| OutcomeLost::of(o.outcome, o.of_move(played)?));
                let letter = |p: ayo::rules::Pit| p.letter(pits).to_string();
                verdicts.push(MoveVerdict {
                    ply: m.ply,
                    number: m.number,
                    side: m.side.name(),
                    played: letter(played),
                    score,
                    best: answer.best.map_or(String::new(), letter),
                    best_score: answer.score,
                    loss,
                    label: thresholds.label_move(loss, outcome_lost),
                    exact: answer.exact,
                    depth: answer.depth,
                    pv: answer.pv.iter().map(|&p| letter(p)).collect(),
                    outcome_lost,
                });
            }
            progress.clear(ctx);
            let stopped = game.moves.get(plies).map(|m| {
                let side = m.side.title();
                match &m.refusal {
                    Some(why) => format!("ply {}, {side}'s {}: {why}", m.ply, m.letter),
                    None => format!("ply {}: not played", m.ply),
                }
            });
            if args.write {
                let mut record = game.record;
                write_verdicts(&mut record, &verdicts);
                out.write_all(write_record(&record).as_bytes())?;
                first = false;
                return Ok(());
            }
            let analysis = GameAnalysis {
                file: file.to_string(),
                game: number,
                rules: rules.to_string(),
                south: SideTotals::of(&verdicts, Side::South.name()),
                north: SideTotals::of(&verdicts, Side::North.name()),
                moves: verdicts,
                stopped,
            };
            match style {
                None => {
                    serde_json::to_writer(&mut *out, &analysis)?;
                    out.write_all(b"\n")?;
                }
                Some(Style::Csv) => {
                    let grid = analyze_grid(&analysis.moves, pits);
                    out.write_all(csv_rows(grid, file, number, first).as_bytes())?;
                }
                Some(style) => {
                    if !first {
                        out.write_all(b"\n")?;
                    }
                    let label = rules_label(&game.record, Some(&rules), opts.rules.is_some());
                    let heading = title(&game.record, label.as_deref(), number);
                    let table = analyze_grid(&analysis.moves, pits).render(style);
                    let mut summary = format!(
                        "{}\nSouth: {}\nNorth: {}\n",
                        result_line(&game),
                        analysis.south.text(),
                        analysis.north.text()
                    );
                    if let Some(why) = &analysis.stopped {
                        summary += &format!("analysis stopped at {why}\n");
                    }
                    match style {
                        Style::Table { width, .. } => {
                            let summary: String =
                                summary.lines().map(|l| wrap_lines(l, width)).collect();
                            write!(out, "{}\n{table}\n{summary}", wrap_lines(&heading, width))?
                        }
                        _ => write!(out, "### {heading}\n\n{table}\n{summary}")?,
                    }
                }
            }
            first = false;
            Ok(())
        },
    )
}
