//! `ayo best`: the engine's move in a position.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use ayo::notation::{Numbering, Record};
use ayo::output::analyze::{BestJson, Outcome, Outcomes, best_text};
use ayo::replay::{self, Game, replay};
use ayo::rules::End;
use ayo::rules::{Engine, Pit, Position, Ruleset, Side};
use ayo::search::{Answer, Limits, MAX_DEPTH, Search, SearchError, Value};
use ayo::tables::{Tables, table_key, value_of};

use super::{Ctx, Fatal, Format, GameArg, LapsArg, WidthArg, each_record, write_schema};

/// Depth searched when no limit is given.
pub const DEFAULT_DEPTH: u32 = 10;

/// `--depth`, `--nodes`, `--time`: when the search stops. At most one.
#[derive(Debug, Clone, Copy, clap::Args)]
#[group(id = "limit", multiple = false)]
pub struct LimitArgs {
    /// Search N plies deep (default 10; at most 100). Stops earlier when the
    /// value is exact.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    pub depth: Option<u32>,
    /// Search until N positions are visited, and answer from the last
    /// finished depth.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Search for this long (`2s`, `500ms`, `1m`), and answer from the last
    /// finished depth. Not deterministic.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub time: Option<Duration>,
}

impl LimitArgs {
    /// The search's limits: the one given, else depth 10.
    pub fn limits(&self) -> Limits {
        let limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            time: self.time,
        };
        if limits == Limits::default() {
            Limits::depth(DEFAULT_DEPTH)
        } else {
            limits
        }
    }
}

/// `--tables DIR`: endgame tables the search answers from.
#[derive(Debug, Clone, clap::Args)]
pub struct TablesArg {
    /// Endgame tables (`ayo tables build`) to answer from. Default:
    /// $AYO_TABLES when set. Under end=exhaustion a position inside them is
    /// exact without search, and the search probes them below the root.
    /// Under end=majority they know each move's exact win, draw or loss but
    /// not the final score: the answer gives those outcomes, and the best
    /// move is one that keeps the position's outcome (the search's scores,
    /// not exact, rank the moves that do). A folder (from either) that holds
    /// no table for the ruleset in use is an error, not a search without
    /// tables.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
}

/// The tables of each ruleset met in a run, opened once.
pub struct TableCache {
    /// The directory, and where it came from (`--tables`, `AYO_TABLES=`) to
    /// name it in errors.
    dir: Option<(PathBuf, &'static str)>,
    opened: HashMap<Ruleset, &'static Tables>,
}

impl TableCache {
    /// The directory from `--tables`, else `AYO_TABLES` when set; none means
    /// no tables. `AYO_TABLES` set but empty is an error when tables are
    /// first wanted (see [`TableCache::get`]), as an empty folder is.
    pub fn new(arg: &TablesArg) -> TableCache {
        let dir = match &arg.tables {
            Some(dir) => Some((dir.clone(), "--tables ")),
            None => std::env::var_os("AYO_TABLES").map(|v| (PathBuf::from(v), "AYO_TABLES=")),
        };
        TableCache {
            dir,
            opened: HashMap::new(),
        }
    }

    /// The tables for `rules`, opened on first use. A search borrows them
    /// for as long as it lives, and searches are kept across games, so each
    /// ruleset's tables are opened once and kept until the process exits
    /// (leaked on purpose: a handful of memory maps a run).
    ///
    /// A directory given that holds no level for `rules` is an error: a
    /// search that quietly ran without the tables asked for would pass for
    /// one that used them.
    pub fn get(&mut self, rules: Ruleset) -> Result<Option<&'static Tables>, Fatal> {
        let Some((dir, from)) = &self.dir else {
            return Ok(None);
        };
        if let Some(t) = self.opened.get(&rules) {
            return Ok(Some(t));
        }
        let named = format!("{from}{}", dir.display());
        if dir.as_os_str().is_empty() {
            return Err(Fatal::Error(format!(
                "{named}: set but empty (name a table folder, or unset it to search without tables)"
            )));
        }
        if !dir.is_dir() {
            return Err(Fatal::Error(format!(
                "{named}: no such directory (build tables with `ayo tables build`)"
            )));
        }
        let tables =
            Tables::open(dir, &rules).map_err(|e| Fatal::Error(format!("{named}: {e}")))?;
        if tables.levels().is_empty() {
            let key = table_key(&rules);
            return Err(Fatal::Error(format!(
                "{named}: no tables for the ruleset `{key}` (nothing in {}; build them with `ayo tables build --rules '{key}' --dir {}`)",
                tables.dir().display(),
                dir.display()
            )));
        }
        let tables: &'static Tables = Box::leak(Box::new(tables));
        self.opened.insert(rules, tables);
        Ok(Some(tables))
    }
}

/// A search for `rules`, probing `tables` when there are any.
pub fn searcher(engine: Engine, tables: Option<&'static Tables>) -> Search<'static> {
    let search = Search::new(engine).every_move(true);
    match tables {
        Some(t) => search.with_probe(t),
        None => search,
    }
}

/// Under `end=majority`, with the position inside the tables: the exact
/// outcome of the position and of each legal move, and `answer` changed so
/// that its best move keeps the position's outcome. The search's values rank
/// the moves that keep it (ties to the first in pit order); when the
/// search's own best move gives the outcome away, the best becomes that
/// move, with its search value as the score, a line of that move alone (the
/// search's line began with the other) and `exact` false.
///
/// `None`, and `answer` unchanged, under `end=exhaustion` (the search's
/// probe already makes those values exact), without tables, when the game is
/// over, or when the position or a level its moves reach is not in the
/// tables.
pub fn table_outcomes(
    tables: Option<&Tables>,
    rules: &Ruleset,
    pos: &Position,
    answer: &mut Answer,
) -> Option<Outcomes> {
    if rules.end() != End::Majority {
        return None;
    }
    let tables = tables?;
    let searched_best = answer.best?;
    let outcome = Outcome::of(tables.exact(pos, End::Majority)?);
    let mut moves: Vec<(Pit, Outcome)> = tables
        .move_gains(pos)
        .ok()?
        .iter()
        .map(|g| (g.pit, Outcome::of(value_of(pos, g.net_gain))))
        .collect();
    moves.sort_by_key(|&(p, _)| p);
    // The position's outcome is its best move's; the tables agree with
    // themselves, but the choice below relies only on the moves.
    let keep = moves.iter().map(|&(_, o)| o).max()?;
    let keeps = |pit: Pit| moves.iter().any(|&(p, o)| p == pit && o == keep);
    let mut switched_from = None;
    if !keeps(searched_best) {
        // The first of the highest search values among the moves that keep
        // the outcome; a move the search did not value comes after them.
        let mut choice: Option<(Pit, Option<Value>)> = None;
        for &(pit, _) in moves.iter().filter(|&&(_, o)| o == keep) {
            let value = answer
                .moves
                .iter()
                .find(|(p, _)| *p == pit)
                .map(|&(_, v)| v);
            if choice.is_none_or(|(_, best)| value > best) {
                choice = Some((pit, value));
            }
        }
        let (pit, value) = choice?;
        switched_from = Some(searched_best);
        answer.best = Some(pit);
        if let Some(v) = value {
            answer.score = v;
        }
        answer.pv = vec![pit];
        answer.exact = false;
    }
    Some(Outcomes {
        outcome,
        moves,
        switched_from,
    })
}

/// `500ms`, `2s`, `1.5s`, `1m`.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let scale = match unit {
        "ms" => 0.001,
        "s" => 1.0,
        "m" | "min" => 60.0,
        _ => {
            return Err(format!(
                "expected a number and ms, s or m, e.g. `2s` or `500ms`; found `{text}`"
            ));
        }
    };
    let n: f64 = number.parse().map_err(|_| {
        format!("expected a number and ms, s or m, e.g. `2s` or `500ms`; found `{text}`")
    })?;
    Duration::try_from_secs_f64(n * scale).map_err(|e| format!("`{text}`: {e}"))
}

/// The error of a search stopped by an undecided relay (exit 2).
pub fn undecided(e: &SearchError) -> Fatal {
    Fatal::Error(format!("{e}; raise --max-laps"))
}

/// Find the best move in a position: a set-up, or a position of a record.
///
/// Prints the best move and its value, in seeds from the side to move's point
/// of view (`+4`; `+4 exact` when every line was searched to its end), the
/// principal variation in record notation, every legal move's value, and what
/// stopped the search. A finished game has no move: its result is printed
/// instead (exit 0). A relay undecided at the lap limit stops the search
/// (exit 2).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo best --setup '1,1,1,0,0,0/0,1,0,0,0,0 23-21 S'
  ayo best --setup '4,4,4,4,4,4/4,4,4,4,4,4 0-0 S' --depth 12 --format json
  ayo best game.ayo --ply 20 --time 2s
  ayo best --rules 'endodoi pits=8' --nodes 1000000 --setup '4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 0-0 S'")]
pub struct Args {
    /// A record file: the position after --ply of each of its games (default:
    /// the end). Standard input when none or `-` (and no --setup).
    #[arg(conflicts_with = "setup")]
    file: Option<String>,
    #[command(flatten)]
    game: GameArg,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    /// The position after this ply (0: the start). Default: the end.
    #[arg(long, value_name = "K", conflicts_with = "setup")]
    ply: Option<u32>,
    /// Search this set-up string instead of reading a record.
    #[arg(long, value_name = "SETUP")]
    setup: Option<String>,
    /// Ruleset string (default: the record's Rules tag, else russ).
    #[arg(long, value_name = "RULESET")]
    rules: Option<Ruleset>,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    tables: TablesArg,
    #[command(flatten)]
    laps: LapsArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    width: WidthArg,
    /// Print the JSON Schema of `--format json` and exit.
    #[arg(long)]
    schema: bool,
}

/// Where a position came from: a file, a game in it (from 1), the ply it
/// follows.
pub struct Place<'a> {
    pub file: &'a str,
    pub game: usize,
    pub ply: usize,
}

/// A position of a record, as `best` and `moves` start from it.
pub struct At<'a> {
    pub place: Place<'a>,
    pub rules: Ruleset,
    /// The main line's positions before it, from the start.
    pub before: &'a [Position],
    pub pos: &'a Position,
    /// The number and side of the move to come.
    pub numbering: Numbering,
}

/// Calls `f` with each chosen game's position after ply `ply` of its main
/// line (default: the end), the game replayed by `replay_with` and its
/// diagnostics reported. A game without that ply is a usage error (exit 2)
/// and the run goes on; a game whose ruleset or start cannot be read was
/// reported and is passed over.
pub fn each_position(
    files: &[String],
    ctx: &mut Ctx,
    game: Option<u64>,
    ply: Option<u32>,
    (replay_with, opts): (fn(Record, &replay::Options) -> Game, &replay::Options),
    mut f: impl FnMut(&mut Ctx, At<'_>) -> Result<(), Fatal>,
) -> Result<(), Fatal> {
    each_record(files, ctx, game, |ctx, file, raw, record, number| {
        let game = replay_with(record, opts);
        ctx.report_game(file, raw, &game);
        let (Some(rules), Some(start)) = (game.rules, game.start) else {
            return Ok(());
        };
        let line = main_line(&game);
        let played = line.len() - 1;
        let ply = ply.map_or(played, |k| k as usize);
        let Some(pos) = line.get(ply) else {
            ctx.usage_error(&format!(
                "--ply {ply}: {file}: game {number} has {played} {} that can be played",
                if played == 1 { "ply" } else { "plies" }
            ));
            return Ok(());
        };
        let at = At {
            place: Place {
                file,
                game: number,
                ply,
            },
            rules,
            before: &line[..ply],
            pos,
            numbering: numbering_after(&game, ply, &start),
        };
        f(ctx, at)
    })
}

fn write_answer(
    out: &mut impl Write,
    args: &Args,
    answer: &Answer,
    outcomes: Option<&Outcomes>,
    pos: &Position,
    numbering: Numbering,
    place: Option<Place<'_>>,
) -> Result<(), Fatal> {
    match args.format {
        Format::Text => {
            let mut text = String::new();
            if let Some(p) = &place {
                text = format!("{}: game {}, after ply {}\n", p.file, p.game, p.ply);
            }
            text += &best_text(answer, outcomes, pos.pits(), numbering);
            out.write_all(args.width.wrap(&text).as_bytes())?;
        }
        Format::Json => {
            let mut json = BestJson::new(answer, outcomes, pos.pits(), pos.to_string());
            if let Some(p) = place {
                json.file = Some(p.file.to_string());
                json.game = Some(p.game);
                json.ply = Some(p.ply);
            }
            serde_json::to_writer(&mut *out, &json)?;
            out.write_all(b"\n")?;
        }
    }
    Ok(())
}

/// The numbering of the move after `ply` plies of a game.
pub fn numbering_after(game: &Game, ply: usize, start: &Position) -> Numbering {
    match ply.checked_sub(1).and_then(|i| game.moves.get(i)) {
        Some(m) => Numbering::new(m.number, m.side == Side::North).next(),
        None => Numbering::new(1, start.to_move() == Side::North),
    }
}

/// The positions of a game's main line: the start, then after each played
/// move.
pub fn main_line(game: &Game) -> Vec<Position> {
    game.start
        .into_iter()
        .chain(
            game.moves
                .iter()
                .map_while(|m| m.outcome.as_ref().map(|o| o.position)),
        )
        .collect()
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.schema {
        return write_schema(out, &ayo::output::json::schema_of::<BestJson>());
    }
    let limits = args.limits.limits();
    let mut tables = TableCache::new(&args.tables);
    if let Some(setup) = &args.setup {
        let rules = args.rules.unwrap_or(Ruleset::RUSS);
        let pos = Position::from_setup(setup, &rules)
            .map_err(|e| Fatal::Error(format!("--setup: {e}")))?;
        let engine = Engine::new(rules).with_max_laps(args.laps.max_laps);
        let tables = tables.get(rules)?;
        let mut answer = searcher(engine, tables)
            .run(&pos, &limits)
            .map_err(|e| undecided(&e))?;
        let outcomes = table_outcomes(tables, &rules, &pos, &mut answer);
        let numbering = Numbering::new(1, pos.to_move() == Side::North);
        return write_answer(
            out,
            &args,
            &answer,
            outcomes.as_ref(),
            &pos,
            numbering,
            None,
        );
    }
    let files: Vec<String> = args.file.iter().cloned().collect();
    let opts = replay::Options {
        rules: args.rules,
        max_laps: args.laps.max_laps,
        trace: false,
        deny_warnings: false,
    };
    each_position(
        &files,
        ctx,
        args.game.game,
        args.ply,
        (replay, &opts),
        |_, at| {
            let engine = Engine::new(at.rules).with_max_laps(args.laps.max_laps);
            let tables = tables.get(at.rules)?;
            let mut answer = searcher(engine, tables)
                .run_line(at.before, at.pos, &limits)
                .map_err(|e| undecided(&e))?;
            let outcomes = table_outcomes(tables, &at.rules, at.pos, &mut answer);
            write_answer(
                out,
                &args,
                &answer,
                outcomes.as_ref(),
                at.pos,
                at.numbering,
                Some(at.place),
            )
        },
    )
}
