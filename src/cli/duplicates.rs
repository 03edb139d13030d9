//! `ayo duplicates`: the same game recorded twice, one main line played by
//! different players, and records cut short.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet, VecDeque};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::sync::Arc;

use schemars::JsonSchema;
use serde::Serialize;

use ayo::corpus::key::{Group, Heads, Index, Key, Kind, record_players};
use ayo::diagnostics::Diagnostic;
use ayo::notation::{GameReader, Outcome, RawGame, Record};
use ayo::output::json::schema_of;
use ayo::output::table::{Fit, Grid, Style};
use ayo::replay::rules_of;
use ayo::rules::{Position, Ruleset};

use super::filter::Printer;
use super::parallel::ordered;
use super::{Ctx, Fatal, Input, JobsArg, TableArgs, TableFormat, input_names, write_schema};

/// Find games recorded more than once, games whose moves agree, and records
/// cut short.
///
/// Groups are of three kinds, named alike in every format. `duplicate`: the
/// same game more than once, that is the same ruleset, start position and
/// main line and the same players (South and North, compared without case and
/// with runs of spaces as one); other tags, comments, glyphs and variations
/// may differ. `same moves`: one main line played by different players,
/// which are different games (the games of their duplicate groups included).
/// `prefix`: a record cut short, that is an unfinished game (ending in `*`)
/// whose main line begins longer games, listed first; a game that ends with
/// a result is finished and never cut short. Each group lists the file,
/// number and plies of its games and, in a table, the tags that differ from
/// the group's first game; `--format json` prints one object a group. Exit 0
/// whether or not any are found (1 when some record does not parse, 2 on
/// errors).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  ayo duplicates games/*.ayo
  ayo duplicates games/*.ayo --format json | jq -c 'select(.kind == \"duplicate\")'
  ayo duplicates --drop games/*.ayo > unique.ayo
  ayo duplicates --schema")]
pub struct Args {
    /// Record files; standard input when none or `-`.
    files: Vec<String>,
    /// Key each game under this ruleset instead of its Rules tag (default:
    /// the tag, else russ).
    #[arg(long, value_name = "RULESET")]
    rules: Option<Ruleset>,
    #[command(flatten)]
    table: TableArgs,
    #[command(flatten)]
    pub(super) read: super::ReadArgs,
    #[command(flatten)]
    jobs: JobsArg,
    /// Group games by their moves alone, whoever played them: one group a
    /// main line, `duplicate` when one pair of players played every game of
    /// it, else `same moves`. With `--drop`, one game of each pair of players
    /// is still kept.
    #[arg(long)]
    moves_only: bool,
    /// Print every game, as written, except those that repeat an earlier game
    /// (the same main line and players): the first of each duplicate group
    /// is kept. Games with the same moves but other players, and records cut
    /// short, are kept. Standard error says how many were dropped and from
    /// which groups (numbered as without `--drop`).
    #[arg(long, conflicts_with_all = ["format", "ascii", "width", "schema"])]
    drop: bool,
    /// With `--drop`, also drop each record cut short (an unfinished game)
    /// whose main line a longer game of the same players continues.
    #[arg(long, requires = "drop")]
    drop_prefixes: bool,
}

/// One game of a group, in JSON.
#[derive(Serialize, JsonSchema)]
struct GameJson<'a> {
    /// The input, as named on the command line (`<stdin>` for `-`).
    file: &'a str,
    /// The game's number in its input, from 1.
    game: u32,
    /// The main line's length, in plies.
    ply_count: u32,
}

/// One group, in JSON: `duplicate` (the same ruleset, start, main line and
/// players), `same moves` (the same ruleset, start and main line, other
/// players) or `prefix` (the first games, unfinished, share a main line that
/// begins each other game's).
#[derive(Serialize, JsonSchema)]
struct GroupJson<'a> {
    /// `duplicate`, `same moves` or `prefix`: the words of the table's kind
    /// column.
    kind: &'static str,
    /// The games, in input order; for `prefix`, the shorter games first.
    games: Vec<GameJson<'a>>,
}

/// Where each keyed game stands: its input and number there (from 1).
#[derive(Clone, Copy)]
struct Place {
    input: u32,
    game: u32,
    plies: u32,
}

/// What the first pass learns: every keyed game's key and place, and copies
/// of the inputs that cannot be read twice.
struct Scan {
    names: Vec<String>,
    index: Index,
    places: Vec<Place>,
    spools: Vec<Option<Spool>>,
    /// Whether each input could be opened.
    opened: Vec<bool>,
    /// Whether each input was read to its end.
    readable: Vec<bool>,
}

impl Scan {
    /// The name of a game's input as printed (`<stdin>` for `-`).
    fn file_of(&self, id: usize) -> &str {
        let input = self.places[id].input as usize;
        if self.names[input] == "-" {
            "<stdin>"
        } else {
            self.names[input].as_str()
        }
    }

    /// Where input `k` can be read again.
    fn path(&self, k: usize) -> PathBuf {
        match self.spools.get(k) {
            Some(Some(s)) => s.path.clone(),
            _ => PathBuf::from(&self.names[k]),
        }
    }

    /// Opens input `k` again.
    fn reopen(&self, k: usize, max: usize) -> Result<GameReader<BufReader<File>>, Fatal> {
        let name = &self.names[k];
        let file = File::open(self.path(k)).map_err(|e| {
            Fatal::Error(format!(
                "cannot read {name} again: {}",
                super::io_message(&e)
            ))
        })?;
        Ok(GameReader::new(BufReader::with_capacity(1 << 16, file)).max_game_bytes(max))
    }
}

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &schema_of::<GroupJson>());
    }
    let mut scan = first_pass(&args, ctx)?;
    let groups = scan.index.groups(args.moves_only);
    let table = !args.drop && args.table.format != TableFormat::Json;
    // The second pass finds prefixes and, for a table, the tags that differ.
    let second = if !args.drop || args.drop_prefixes {
        Some(second_pass(&args, ctx, &scan, &groups, table)?)
    } else {
        None
    };
    let (prefixes, differ) = match second {
        Some((pairs, differ)) => (scan.index.prefix_groups(&pairs), differ),
        None => (Vec::new(), HashMap::new()),
    };
    let groups: Vec<Group> = groups.into_iter().chain(prefixes).collect();
    if args.drop {
        write_kept(&args, ctx, &scan, &groups, out)
    } else {
        // The copies go now, not at the end of the run.
        scan.spools.clear();
        write_report(&args, ctx, &scan, &groups, &differ, out)
    }
}

/// The groups as a table or JSON, then a count of each kind on standard
/// error.
fn write_report(
    args: &Args,
    ctx: &mut Ctx,
    scan: &Scan,
    groups: &[Group],
    differ: &Differ,
    out: &mut impl Write,
) -> Result<(), Fatal> {
    match args.table.style() {
        None => {
            for g in groups {
                let json = GroupJson {
                    kind: g.kind.as_str(),
                    games: g
                        .games
                        .iter()
                        .map(|&id| GameJson {
                            file: scan.file_of(id),
                            game: scan.places[id].game,
                            ply_count: scan.places[id].plies,
                        })
                        .collect(),
                };
                serde_json::to_writer(&mut *out, &json)?;
                out.write_all(b"\n")?;
            }
        }
        Some(style) => {
            // CSV names the length as JSON does; a table in words.
            let plies = if matches!(style, Style::Csv) {
                "ply_count"
            } else {
                "plies"
            };
            let mut grid = Grid::new(
                ["group", "kind", "file", "game", plies, "tags that differ"]
                    .map(String::from)
                    .to_vec(),
                Vec::new(),
            );
            grid.fit = vec![
                Fit::Keep,
                Fit::Keep,
                Fit::Wrap,
                Fit::Keep,
                Fit::Keep,
                Fit::Wrap,
            ];
            for (n, g) in groups.iter().enumerate() {
                for &id in &g.games {
                    let differ = differ.get(&(g.games[0], id)).cloned();
                    grid.rows.push(vec![
                        (n + 1).to_string(),
                        g.kind.as_str().to_string(),
                        scan.file_of(id).to_string(),
                        scan.places[id].game.to_string(),
                        scan.places[id].plies.to_string(),
                        differ.unwrap_or_default(),
                    ]);
                }
            }
            if !grid.rows.is_empty() {
                out.write_all(grid.render(style).as_bytes())?;
            }
        }
    }
    let count = |kind| groups.iter().filter(|g| g.kind == kind).count();
    let games = scan.index.len();
    let (d, s, p) = (
        count(Kind::Duplicate),
        count(Kind::SameMoves),
        count(Kind::Prefix),
    );
    ctx.note(&format!(
        "{games} game{}, {d} duplicate group{}, {s} same-moves group{}, {p} prefix group{}",
        plural(games),
        plural(d),
        plural(s),
        plural(p),
    ));
    Ok(())
}

/// The first pass: parses and keys every game, in input order, and keeps a
/// copy of each input that cannot be read twice.
fn first_pass(args: &Args, ctx: &mut Ctx) -> Result<Scan, Fatal> {
    let names = input_names(&args.files);
    let mut index = Index::default();
    let mut places: Vec<Place> = Vec::new();
    // Standard input, a pipe or a process substitution cannot be read twice:
    // a copy of each is kept in a temporary file for the next pass.
    let mut spools: Vec<Option<Spool>> = Vec::new();
    let mut opened = vec![false; names.len()];
    let mut readable = vec![false; names.len()];
    let max = ctx.max_game_bytes;
    // The inputs whose first game was read, in order: the sink, which sees
    // games after the reading, takes one at each input's first game.
    let started: RefCell<VecDeque<usize>> = RefCell::new(VecDeque::new());
    let mut input = 0usize;
    // The workers parse and key each game; the index is built in input order.
    let work = |_: &str, raw: &RawGame| -> Result<Result<Keyed, Diagnostic>, Fatal> {
        Ok(keyed(raw, args.rules).map(|(record, rules, start)| Keyed {
            key: key_of(&record, &rules, &start),
            players: record_players(&record),
            plies: record.moves.len() as u32,
            finished: record.result.outcome != Outcome::Unknown,
        }))
    };
    let sink = |ctx: &mut Ctx, file: &str, raw: &RawGame, keyed: Result<Keyed, Diagnostic>| {
        if raw.index == 0
            && let Some(k) = started.borrow_mut().pop_front()
        {
            input = k;
        }
        match keyed {
            Ok(k) => {
                index.push(k.key, k.players, k.plies, k.finished);
                places.push(Place {
                    input: input as u32,
                    game: raw.index as u32 + 1,
                    plies: k.plies,
                });
            }
            Err(d) => ctx.diagnose(file, raw, &d),
        }
        Ok(())
    };
    ctx.start_progress(&names);
    ordered(args.jobs.get(), ctx, work, sink, |ctx, ordered| {
        for (k, name) in names.iter().enumerate() {
            let input = match Input::open(name) {
                Ok(input) => input,
                Err(e) => {
                    ordered.io_error(ctx, &Arc::from(name.as_str()), e);
                    continue;
                }
            };
            let file: Arc<str> = Arc::from(input.name.as_str());
            spools.resize_with(k + 1, || None);
            let regular = name != "-" && std::fs::metadata(name).is_ok_and(|m| m.is_file());
            if !regular {
                spools[k] = Some(Spool::new(k, &file)?);
            }
            let reader: Box<dyn BufRead + '_> = match &mut spools[k] {
                Some(s) => Box::new(s.tee(input.into_reader())),
                None => input.into_reader(),
            };
            let mut games = GameReader::new(reader).max_game_bytes(max);
            opened[k] = true;
            readable[k] = true;
            for raw in games.by_ref() {
                let raw = match raw {
                    Ok(raw) => raw,
                    Err(e) => {
                        ordered.io_error(ctx, &file, e);
                        readable[k] = false;
                        break;
                    }
                };
                if raw.index == 0 {
                    started.borrow_mut().push_back(k);
                }
                ctx.progress_game(&raw);
                ordered.game(ctx, &file, raw)?;
            }
            ctx.progress_input_done();
            drop(games);
            if let Some(s) = &mut spools[k] {
                s.check()?;
            }
        }
        Ok(())
    })?;
    // A later pass reads the inputs again; the bar covers the first.
    ctx.finish_progress();
    Ok(Scan {
        names,
        index,
        places,
        spools,
        opened,
        readable,
    })
}

/// What the first pass keeps of a game.
struct Keyed {
    key: Key,
    players: u64,
    plies: u32,
    finished: bool,
}

/// The tags of a game that differ from its group's first game's, by (first
/// game, game).
type Differ = HashMap<(usize, usize), String>;

/// The second pass: the `(short, long)` pairs of prefixes of every main line
/// and, for a table, the tags that differ from the first game of each group
/// of one main line (which is read before the others). Only the first games'
/// tags are kept whole.
fn second_pass(
    args: &Args,
    ctx: &mut Ctx,
    scan: &Scan,
    groups: &[Group],
    table: bool,
) -> Result<(Vec<(usize, usize)>, Differ), Fatal> {
    let lookup = scan.index.lookup();
    // The first games of groups each game is compared with.
    let mut firsts_of: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut firsts: HashSet<usize> = HashSet::new();
    if table {
        for g in groups {
            firsts.insert(g.games[0]);
            for &id in &g.games[1..] {
                firsts_of.entry(id).or_default().push(g.games[0]);
            }
        }
    }
    let mut first_tags: HashMap<usize, Vec<(String, String)>> = HashMap::new();
    let mut differ: Differ = HashMap::new();
    let mut pairs = Vec::new();
    // The ids of the games handed over, in order, for the sink.
    let ids: RefCell<VecDeque<usize>> = RefCell::new(VecDeque::new());
    let want_tags = !firsts.is_empty();
    // The workers parse each game again and look up the prefixes of its main
    // line; the pairs and the tags are gathered in input order.
    let work = |_: &str, raw: &RawGame| -> Result<Option<Second>, Fatal> {
        let Ok((record, rules, start)) = keyed(raw, args.rules) else {
            return Ok(None);
        };
        let mut h = HEADS.with_borrow_mut(|heads| heads.hasher(&rules, &start));
        let prefixes = lookup.prefixes(&mut h, record.moves.iter().map(|m| m.pit));
        let tags = want_tags.then(|| {
            record
                .tags
                .iter()
                .map(|t| (t.name.to_string(), t.value.clone()))
                .collect()
        });
        Ok(Some(Second { prefixes, tags }))
    };
    let sink = |_: &mut Ctx, _: &str, _: &RawGame, second: Option<Second>| {
        let Some(id) = ids.borrow_mut().pop_front() else {
            return Ok(());
        };
        let Some(second) = second else { return Ok(()) };
        for short in second.prefixes {
            pairs.push((short, id));
        }
        let Some(tags) = second.tags else {
            return Ok(());
        };
        for first in firsts_of.get(&id).into_iter().flatten() {
            if let Some(a) = first_tags.get(first) {
                differ.insert((*first, id), differing(a, &tags));
            }
        }
        if firsts.contains(&id) {
            first_tags.insert(id, tags);
        }
        Ok(())
    };
    let max = ctx.max_game_bytes;
    ordered(args.jobs.get(), ctx, work, sink, |ctx, ordered| {
        let mut next = 0usize;
        let places = &scan.places;
        for k in 0..scan.names.len() {
            if !scan.readable[k] {
                // Skip its places: they were not all read.
                while places.get(next).is_some_and(|p| p.input as usize == k) {
                    next += 1;
                }
                continue;
            }
            let name = &scan.names[k];
            let shown: Arc<str> = Arc::from(name.as_str());
            for raw in scan.reopen(k, max)? {
                let raw =
                    raw.map_err(|e| Fatal::Error(format!("cannot read {name} again: {e}")))?;
                let Some(place) = places.get(next) else { break };
                if place.input as usize != k || place.game as usize != raw.index + 1 {
                    continue;
                }
                ids.borrow_mut().push_back(next);
                next += 1;
                ordered.game(ctx, &shown, raw)?;
            }
            while places.get(next).is_some_and(|p| p.input as usize == k) {
                next += 1;
            }
        }
        Ok(())
    })?;
    Ok((pairs, differ))
}

/// `--drop`: every game read again and printed as written, except those
/// that repeat an earlier game and, with `--drop-prefixes`, the records cut
/// short that a longer game of the same players continues; then a summary on
/// standard error.
fn write_kept(
    args: &Args,
    ctx: &mut Ctx,
    scan: &Scan,
    groups: &[Group],
    out: &mut impl Write,
) -> Result<(), Fatal> {
    let index = &scan.index;
    // Each game's group in the report: the one that holds it with the game it
    // repeats (its duplicate group, or with --moves-only its main line's).
    let mut group_of: HashMap<usize, usize> = HashMap::new();
    for (n, g) in groups.iter().enumerate() {
        let holds = match g.kind {
            Kind::Duplicate => true,
            Kind::SameMoves => args.moves_only,
            Kind::Prefix => false,
        };
        if holds {
            for &id in &g.games {
                group_of.insert(id, n + 1);
            }
        }
    }
    let repeats: Vec<usize> = index.repeats().into_iter().map(|(id, _)| id).collect();
    let mut repeat_groups: Vec<usize> = repeats
        .iter()
        .filter_map(|id| group_of.get(id).copied())
        .collect();
    let repeated: HashSet<usize> = repeats.iter().copied().collect();
    let mut cut: Vec<usize> = Vec::new();
    let mut cut_groups: Vec<usize> = Vec::new();
    if args.drop_prefixes {
        for (n, g) in groups.iter().enumerate() {
            if g.kind != Kind::Prefix {
                continue;
            }
            let (short, long) = g.games.split_at(g.short);
            for &s in short.iter().filter(|s| !repeated.contains(s)) {
                if long.iter().any(|&l| index.same_players(s, l)) {
                    cut.push(s);
                    cut_groups.push(n + 1);
                }
            }
        }
    }
    let dropped: HashSet<(u32, u32)> = repeats
        .iter()
        .chain(&cut)
        .map(|&id| (scan.places[id].input, scan.places[id].game))
        .collect();
    let mut printer = Printer::default();
    for k in 0..scan.names.len() {
        // An input that could not be opened was reported by the first pass.
        if !scan.opened[k] {
            continue;
        }
        for raw in scan.reopen(k, ctx.max_game_bytes)? {
            // A read error ends the input, as it ended the first pass,
            // which reported it.
            let Ok(raw) = raw else { break };
            // A game over --max-game-bytes was reported, and its text not kept.
            if raw.too_large.is_some() || dropped.contains(&(k as u32, raw.index as u32 + 1)) {
                continue;
            }
            printer.original(out, &raw)?;
        }
    }
    let mut summary = format!(
        "{} game{}, {} dropped",
        index.len(),
        plural(index.len()),
        dropped.len()
    );
    if !repeats.is_empty() {
        let n = repeats.len();
        summary += &format!(
            ": {n} repeat{} of an earlier game ({})",
            plural(n),
            numbers(&mut repeat_groups)
        );
    }
    if !cut.is_empty() {
        let n = cut.len();
        summary += if repeats.is_empty() { ": " } else { ", " };
        summary += &format!(
            "{n} record{} cut short ({})",
            plural(n),
            numbers(&mut cut_groups)
        );
    }
    ctx.note(&summary);
    Ok(())
}

/// Group numbers for a summary line: `group 3`, `groups 1, 4 and 9`, or the
/// first few and how many more, so that the line stays short.
fn numbers(groups: &mut Vec<usize>) -> String {
    const SHOWN: usize = 5;
    groups.sort_unstable();
    groups.dedup();
    let list = |g: &[usize]| {
        g.iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match groups.len() {
        1 => format!("group {}", groups[0]),
        n if n <= SHOWN => format!("groups {} and {}", list(&groups[..n - 1]), groups[n - 1]),
        n => format!("groups {} and {} more", list(&groups[..SHOWN]), n - SHOWN),
    }
}

fn plural(n: usize) -> &'static str {
    ayo::output::plural(n as u64)
}

/// What the second pass finds of a keyed game.
struct Second {
    /// The first games of the keys that are proper prefixes of its main line.
    prefixes: Vec<usize>,
    /// Its tags, when a table needs them.
    tags: Option<Vec<(String, String)>>,
}

thread_local! {
    /// Each thread's [`Heads`]: the hashers of the rulesets and starts seen.
    static HEADS: RefCell<Heads> = RefCell::new(Heads::default());
}

/// The key of a record's main line, with this thread's [`Heads`].
fn key_of(record: &Record, rules: &Ruleset, start: &Position) -> Key {
    HEADS.with_borrow_mut(|heads| heads.key(record, rules, start))
}

/// The tags of `b` that are not as in `a` (`Name: value`), and those of `a`
/// that `b` lacks (`Name: -`).
fn differing(a: &[(String, String)], b: &[(String, String)]) -> String {
    let value = |tags: &[(String, String)], name: &str| {
        tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone())
    };
    let mut out: Vec<String> = Vec::new();
    for (name, v) in b {
        if value(a, name).as_ref() != Some(v)
            && !out.iter().any(|o| o.starts_with(&format!("{name}:")))
        {
            out.push(format!("{name}: {v}"));
        }
    }
    for (name, _) in a {
        if value(b, name).is_none() && !out.iter().any(|o| o.starts_with(&format!("{name}:"))) {
            out.push(format!("{name}: -"));
        }
    }
    out.join("; ")
}

/// A game's record, ruleset and start, or why it cannot be keyed (a syntax
/// error, a bad Rules or Setup tag).
fn keyed(raw: &RawGame, given: Option<Ruleset>) -> Result<(Record, Ruleset, Position), Diagnostic> {
    let record = raw.parse().map_err(|e| Diagnostic::from(&e))?;
    let rules = rules_of(&record, given)?;
    match record.tags.iter().find(|t| t.name == "Setup") {
        None => {
            let start = Position::start(&rules);
            Ok((record, rules, start))
        }
        Some(tag) => match Position::from_setup(&tag.value, &rules) {
            Ok(start) => Ok((record, rules, start)),
            Err(e) => Err(Diagnostic::new(
                tag.value_span,
                format!("Setup tag: {e}"),
                "not a set-up for these rules",
            )),
        },
    }
}

/// A copy of an input that cannot be read twice, in a temporary file that
/// goes when the spool does (also when the run stops early).
struct Spool {
    path: PathBuf,
    file: Option<File>,
    error: Option<io::Error>,
}

impl Spool {
    fn new(k: usize, name: &str) -> Result<Spool, Fatal> {
        let path =
            std::env::temp_dir().join(format!("ayo-duplicates-{}-{k}.ayo", std::process::id()));
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| {
                Fatal::Error(format!(
                    "cannot make a temporary copy of {name} at {}: {}",
                    path.display(),
                    super::io_message(&e)
                ))
            })?;
        Ok(Spool {
            path,
            file: Some(file),
            error: None,
        })
    }

    /// A reader over `inner` that copies what it reads into the spool.
    fn tee(&mut self, inner: Box<dyn BufRead>) -> Tee<'_> {
        Tee { inner, spool: self }
    }

    fn check(&mut self) -> Result<(), Fatal> {
        match self.error.take() {
            None => Ok(()),
            Some(e) => Err(Fatal::Error(format!(
                "cannot copy an input to {}: {}",
                self.path.display(),
                super::io_message(&e)
            ))),
        }
    }
}

impl Drop for Spool {
    fn drop(&mut self) {
        drop(self.file.take());
        // A temporary file left behind is no reason to fail the run.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Reads through a [`Spool`].
struct Tee<'a> {
    inner: Box<dyn BufRead>,
    spool: &'a mut Spool,
}

impl Read for Tee<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = {
            let avail = self.fill_buf()?;
            let n = avail.len().min(buf.len());
            buf[..n].copy_from_slice(&avail[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Tee<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        if amt > 0 && self.spool.error.is_none() {
            // The bytes being consumed are still in the buffer: fill_buf
            // hands them out again without reading.
            let copied = match (self.inner.fill_buf(), &mut self.spool.file) {
                (Ok(buf), Some(file)) => file.write_all(&buf[..amt.min(buf.len())]),
                (Err(e), _) => Err(e),
                (_, None) => Ok(()),
            };
            if let Err(e) = copied {
                self.spool.error = Some(e);
            }
        }
        self.inner.consume(amt);
    }
}
