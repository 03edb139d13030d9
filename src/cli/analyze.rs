//! `ayo analyze`: every main-line move judged by the engine.

use std::io::{self, IsTerminal, Write};

use clap::ValueEnum;

use ayo::notation::{GameReader, Record, write_record};
use ayo::output::analyze::{
    GameAnalysis, MoveVerdict, OutcomeLost, SideTotals, Thresholds, analyze_grid, write_verdicts,
};
use ayo::output::json::schema_of;
use ayo::output::table::{Style, result_line, rules_label, title, wrap_lines};
use ayo::replay::{Game, Options, replay};
use ayo::rules::{Engine, Ruleset, Side};
use ayo::search::{Limits, Search, Value};

use ayo::tables::Tables;

use super::best::{
    LimitArgs, TableCache, TablesArg, main_line, searcher, table_outcomes, undecided,
};
use super::in_place::{self, Rewrite};
use super::{
    Ctx, Fatal, GameArg, ReplayArgs, TableArgs, TableFormat, csv_rows, each_game, input_names,
    write_schema, write_unchanged,
};

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

/// What judges the moves of every game of a run: the options, and one
/// search (and its 4 MiB table) for every game of a ruleset.
struct Analyser {
    opts: Options,
    limits: Limits,
    thresholds: Thresholds,
    tables: TableCache,
    search: Option<(Ruleset, Search<'static>, Option<&'static Tables>)>,
    progress: Progress,
}

impl Analyser {
    fn new(args: &Args, ctx: &Ctx) -> Analyser {
        Analyser {
            opts: args.replay.options(false),
            limits: args.limits.limits(),
            thresholds: Thresholds {
                blunder: args.blunder,
                mistake: args.mistake,
                inaccuracy: args.inaccuracy,
            },
            tables: TableCache::new(&args.tables),
            search: None,
            progress: Progress {
                on: io::stderr().is_terminal() && !ctx.quiet,
                shown: false,
            },
        }
    }

    /// The verdicts on the main-line moves of game `number`, up to its first
    /// illegal move, with its ruleset; `None` when its ruleset or start
    /// position could not be read.
    fn verdicts(
        &mut self,
        ctx: &mut Ctx,
        game: &Game,
        number: usize,
    ) -> Result<Option<(Ruleset, Vec<MoveVerdict>)>, Fatal> {
        let (Some(rules), Some(_)) = (game.rules, game.start) else {
            return Ok(None);
        };
        let (search, rules_tables) = match &mut self.search {
            Some((r, s, t)) if *r == rules => (s, *t),
            slot => {
                let engine = Engine::new(rules).with_max_laps(self.opts.max_laps);
                let t = self.tables.get(rules)?;
                (&mut slot.insert((rules, searcher(engine, t), t)).1, t)
            }
        };
        let line = main_line(game);
        let plies = line.len() - 1;
        let pits = rules.pits();
        let mut verdicts = Vec::with_capacity(plies);
        for i in 0..plies {
            self.progress.show(ctx, number, i, plies);
            let mut answer = search
                .run_line(&line[..i], &line[i], &self.limits)
                .map_err(|e| undecided(&e))?;
            let outcomes = table_outcomes(rules_tables, &rules, &line[i], &mut answer);
            let m = &game.moves[i];
            let Some(outcome) = &m.outcome else { break };
            let played = outcome.pit;
            let value = answer
                .moves
                .iter()
                .find(|(p, _)| *p == played)
                .map_or(answer.score, |&(_, v)| v);
            let loss: Value = (answer.score - value).max(0);
            let outcome_lost = outcomes
                .as_ref()
                .and_then(|o| OutcomeLost::of(o.outcome, o.of_move(played)?));
            let letter = |p: ayo::rules::Pit| p.letter(pits).to_string();
            verdicts.push(MoveVerdict {
                ply: m.ply,
                number: m.number,
                side: m.side.name(),
                played: letter(played),
                value,
                best: answer.best.map_or(String::new(), letter),
                best_value: answer.score,
                loss,
                label: self.thresholds.label_move(loss, outcome_lost),
                exact: answer.exact,
                depth: answer.depth,
                pv: answer.pv.iter().map(|&p| letter(p)).collect(),
                outcome_lost,
            });
        }
        self.progress.clear(ctx);
        Ok(Some((rules, verdicts)))
    }
}

/// The record as `--format ayo` prints it: canonical, with the verdicts added.
fn annotated(mut record: Record, verdicts: &[MoveVerdict]) -> String {
    write_verdicts(&mut record, verdicts);
    write_record(&record)
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &schema_of::<GameAnalysis>());
    }
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
        return rewrite(&args, ctx);
    }
    let mut analyser = Analyser::new(&args, ctx);
    let style = args.table.style();
    let mut first = true;
    let records = args.table.format == TableFormat::Ayo;
    each_game(&args.files, ctx, args.game.game, |ctx, g| {
        let (file, raw, number) = (g.file, g.raw, g.raw.index + 1);
        // A blank line between records, as `fmt` and `--write` have it.
        if records && !std::mem::replace(&mut first, false) {
            out.write_all(b"\n")?;
        }
        let record = match g.record {
            Ok(record) => record,
            Err(e) => {
                ctx.syntax_error(file, raw, &e);
                // The records lose no game: this one as it was written.
                if records {
                    write_unchanged(out, raw)?;
                }
                return Ok(());
            }
        };
        let game = replay(record, &analyser.opts);
        ctx.report_game(file, raw, &game);
        let Some((rules, verdicts)) = analyser.verdicts(ctx, &game, number)? else {
            // No rules or start position (reported above): nothing to
            // judge, and the record is kept as it was written.
            if records {
                write_unchanged(out, raw)?;
            }
            return Ok(());
        };
        if records {
            out.write_all(annotated(game.record, &verdicts).as_bytes())?;
            return Ok(());
        }
        let pits = rules.pits();
        let stopped = game.moves.get(verdicts.len()).map(|m| {
            let side = m.side.title();
            match &m.refusal {
                Some(why) => format!("ply {}, {side}'s {}: {why}", m.ply, m.letter),
                None => format!("ply {}: not played", m.ply),
            }
        });
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
                let label = rules_label(&game.record, Some(&rules), analyser.opts.rules.is_some());
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
    })
}

/// `--write`: each file is read whole and checked (every game must parse
/// and replay, or the file is left as it is), then analysed, and rewritten
/// when that changed it.
fn rewrite(args: &Args, ctx: &mut Ctx) -> Result<(), Fatal> {
    let names = input_names(&args.files);
    in_place::begin(&names)?;
    let mut analyser = Analyser::new(args, ctx);
    let mut rewrite = Rewrite::new(args.force);
    for name in names {
        let Some((before, was)) = rewrite.read(&name, ctx) else {
            continue;
        };
        if !analysable(&name, &before, &analyser.opts, ctx)? {
            continue;
        }
        let mut after = String::with_capacity(before.len());
        let games = GameReader::new(&before[..]).max_game_bytes(ctx.max_game_bytes);
        for (index, raw) in games.enumerate() {
            // Read, parsed and replayed without error just now.
            let game = raw
                .and_then(|raw| raw.parse().map_err(io::Error::other))
                .map(|record| replay(record, &analyser.opts))
                .map_err(|e| Fatal::Error(format!("{name}: {e}")))?;
            let Some((_, verdicts)) = analyser.verdicts(ctx, &game, index + 1)? else {
                return Err(Fatal::Error(format!(
                    "{name}: game {}: no rules",
                    index + 1
                )));
            };
            if index > 0 {
                after.push('\n');
            }
            after += &annotated(game.record, &verdicts);
            ctx.check_stderr()?;
        }
        if after.as_bytes() != before {
            rewrite.replace(&name, &was, after.as_bytes(), "analysed", ctx);
        }
    }
    Ok(())
}

/// Whether every game of `file` parses and replays without error, each
/// problem reported (a game over `--max-game-bytes` is one); if not, the
/// file is said to be left unchanged (exit 1).
fn analysable(file: &str, bytes: &[u8], opts: &Options, ctx: &mut Ctx) -> Result<bool, Fatal> {
    let mut broken = Vec::new();
    for raw in GameReader::new(bytes).max_game_bytes(ctx.max_game_bytes) {
        let raw = match raw {
            Ok(raw) => raw,
            Err(e) => {
                ctx.io_error(file, &e);
                return Ok(false);
            }
        };
        match raw.parse() {
            Ok(record) => {
                let game = replay(record, opts);
                ctx.report_game(file, &raw, &game);
                if !game.is_valid() || game.rules.is_none() || game.start.is_none() {
                    broken.push(raw.index + 1);
                }
            }
            Err(e) => {
                ctx.syntax_error(file, &raw, &e);
                broken.push(raw.index + 1);
            }
        }
        ctx.check_stderr()?;
    }
    if !broken.is_empty() {
        in_place::left_unchanged(file, &broken, "analysed", ctx);
    }
    Ok(broken.is_empty())
}
