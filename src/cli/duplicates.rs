//! `ayo duplicates`: the same game recorded twice, and records cut short.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;

use schemars::JsonSchema;
use serde::Serialize;

use ayo::corpus::key::{Group, Heads, Index, Kind};
use ayo::diagnostics::Diagnostic;
use ayo::notation::{GameReader, RawGame, Record};
use ayo::output::json::schema_of;
use ayo::output::table::{Fit, Grid};
use ayo::replay::rules_of;
use ayo::rules::{Position, Ruleset};

use super::filter::Printer;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::sync::Arc;

use ayo::corpus::key::Key;

use super::parallel::ordered;
use super::{Ctx, Fatal, Input, JobsArg, TableArgs, TableFormat, input_names, write_schema};

/// Find games recorded more than once, and records cut short.
///
/// Two games are duplicates when their ruleset, start position and main line
/// are the same; tags, comments, glyphs and variations may differ. A game
/// whose main line is a proper prefix of another's (a record cut short) is
/// reported as a group of kind `prefix`: the shorter games first. Each group
/// lists the file and number of its games, and for duplicates the tags that
/// differ from the group's first game; `--format json` prints one object a
/// group. Exit 0 whether or not any are found
/// (1 when some record does not parse, 2 on errors).
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
    jobs: JobsArg,
    /// Print every game except the duplicates after the first, as written
    /// (records cut short are kept).
    #[arg(long, conflicts_with_all = ["format", "ascii", "width", "schema"])]
    drop: bool,
}

/// One game of a group, in JSON.
#[derive(Serialize, JsonSchema)]
struct GameJson<'a> {
    /// The input, as named on the command line (`<stdin>` for `-`).
    file: &'a str,
    /// The game's number in its input, from 1.
    game: u32,
    /// The main line's length.
    plies: u32,
}

/// One group, in JSON: `duplicate` (the same ruleset, start and main line)
/// or `prefix` (the first game's main line begins each other game's).
#[derive(Serialize, JsonSchema)]
struct GroupJson<'a> {
    /// `duplicate` or `prefix`.
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

pub fn run(args: Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    if args.table.schema {
        return write_schema(out, &schema_of::<GroupJson>());
    }
    if args.drop {
        return drop_duplicates(&args, ctx, out);
    }
    let names = input_names(&args.files);
    let mut index = Index::default();
    let mut places: Vec<Place> = Vec::new();
    // Standard input, a pipe or a process substitution cannot be read twice:
    // a copy of each is kept in a temporary file for the second pass.
    let mut spools: Vec<Option<Spool>> = Vec::new();
    let mut readable = vec![false; names.len()];
    let jobs = args.jobs.get();
    // The inputs whose first game was read, in order: the sink, which sees
    // games after the reading, takes one at each input's first game.
    let started: RefCell<VecDeque<usize>> = RefCell::new(VecDeque::new());
    let mut input = 0usize;
    // The workers parse and key each game; the index is built in input order.
    let work = |_: &str, raw: &RawGame| -> Result<Result<(Key, u32), Diagnostic>, Fatal> {
        Ok(keyed(raw, args.rules).map(|(record, rules, start)| {
            (key_of(&record, &rules, &start), record.moves.len() as u32)
        }))
    };
    let sink = |ctx: &mut Ctx, file: &str, raw: &RawGame, keyed: Result<(Key, u32), Diagnostic>| {
        if raw.index == 0
            && let Some(k) = started.borrow_mut().pop_front()
        {
            input = k;
        }
        match keyed {
            Ok((key, plies)) => {
                index.push(key, plies);
                places.push(Place {
                    input: input as u32,
                    game: raw.index as u32 + 1,
                    plies,
                });
            }
            Err(d) => ctx.diagnose(file, raw, &d),
        }
        Ok(())
    };
    ctx.start_progress(&names);
    ordered(jobs, ctx, work, sink, |ctx, ordered| {
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
            let mut games = GameReader::new(reader);
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
    // The second pass reads the inputs again; the bar covers the first.
    ctx.finish_progress();
    let duplicates = index.duplicates();
    // The second pass: prefixes of every main line and, for a table, the
    // tags that differ from the first game of a duplicate group (which is
    // read before the others). Only the first games' tags are kept whole.
    let lookup = index.lookup();
    let table = args.table.format != TableFormat::Json;
    let mut first_of: HashMap<usize, usize> = HashMap::new();
    if table {
        for g in &duplicates {
            for &id in &g.games {
                first_of.insert(id, g.games[0]);
            }
        }
    }
    let mut first_tags: HashMap<usize, Vec<(String, String)>> = HashMap::new();
    let mut differ: HashMap<usize, String> = HashMap::new();
    let mut pairs = Vec::new();
    // The ids of the games handed over, in order, for the sink.
    let ids: RefCell<VecDeque<usize>> = RefCell::new(VecDeque::new());
    let want_tags = table && !first_of.is_empty();
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
        if let (Some(&first), Some(tags)) = (first_of.get(&id), second.tags) {
            if first == id {
                first_tags.insert(id, tags);
            } else if let Some(a) = first_tags.get(&first) {
                differ.insert(id, differing(a, &tags));
            }
        }
        Ok(())
    };
    ordered(jobs, ctx, work, sink, |ctx, ordered| {
        let mut next = 0usize;
        for (k, name) in names.iter().enumerate() {
            if !readable[k] {
                // Skip its places: they were not all read.
                while places.get(next).is_some_and(|p| p.input as usize == k) {
                    next += 1;
                }
                continue;
            }
            let path = match spools.get(k) {
                Some(Some(s)) => s.path.clone(),
                _ => PathBuf::from(name),
            };
            let file = File::open(&path).map_err(|e| {
                Fatal::Error(format!(
                    "cannot read {name} again: {}",
                    super::io_message(&e)
                ))
            })?;
            let shown: Arc<str> = Arc::from(name.as_str());
            for raw in GameReader::new(BufReader::with_capacity(1 << 16, file)) {
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
    // The copies go now, not at the end of the run.
    drop(spools);
    let prefixes = index.prefix_groups(&pairs, &duplicates);
    let groups: Vec<&Group> = duplicates.iter().chain(&prefixes).collect();
    let file_of = |id: usize| {
        let input = places[id].input as usize;
        if names[input] == "-" {
            "<stdin>"
        } else {
            names[input].as_str()
        }
    };
    match args.table.style() {
        None => {
            for g in &groups {
                let json = GroupJson {
                    kind: kind_name(g.kind),
                    games: g
                        .games
                        .iter()
                        .map(|&id| GameJson {
                            file: file_of(id),
                            game: places[id].game,
                            plies: places[id].plies,
                        })
                        .collect(),
                };
                serde_json::to_writer(&mut *out, &json)?;
                out.write_all(b"\n")?;
            }
        }
        Some(style) => {
            let mut grid = Grid::new(
                ["group", "kind", "file", "game", "plies", "tags that differ"]
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
                for (k, &id) in g.games.iter().enumerate() {
                    let kind = match g.kind {
                        Kind::Duplicate => "duplicate",
                        Kind::Prefix if k < g.short => "cut short",
                        Kind::Prefix => "longer",
                    };
                    let differ = match g.kind {
                        Kind::Duplicate => differ.get(&id).cloned().unwrap_or_default(),
                        Kind::Prefix => String::new(),
                    };
                    grid.rows.push(vec![
                        (n + 1).to_string(),
                        kind.to_string(),
                        file_of(id).to_string(),
                        places[id].game.to_string(),
                        places[id].plies.to_string(),
                        differ,
                    ]);
                }
            }
            if !grid.rows.is_empty() {
                out.write_all(grid.render(style).as_bytes())?;
            }
        }
    }
    let count = |kind| groups.iter().filter(|g| g.kind == kind).count();
    let games = index.len();
    ctx.note(&format!(
        "{games} game{}, {} duplicate group{}, {} prefix group{}",
        plural(games),
        count(Kind::Duplicate),
        plural(count(Kind::Duplicate)),
        count(Kind::Prefix),
        plural(count(Kind::Prefix)),
    ));
    Ok(())
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Duplicate => "duplicate",
        Kind::Prefix => "prefix",
    }
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

/// `--drop`: one pass, printing each game unless its key was seen before.
fn drop_duplicates(args: &Args, ctx: &mut Ctx, out: &mut impl Write) -> Result<(), Fatal> {
    let mut seen = HashSet::new();
    let mut printer = Printer::default();
    let work = |_: &str, raw: &RawGame| -> Result<Result<Key, Diagnostic>, Fatal> {
        Ok(keyed(raw, args.rules).map(|(record, rules, start)| key_of(&record, &rules, &start)))
    };
    let sink = |ctx: &mut Ctx, file: &str, raw: &RawGame, key: Result<Key, Diagnostic>| {
        let first = match key {
            Ok(key) => seen.insert(key),
            // Not keyed: nothing to be a duplicate of; kept as written.
            Err(d) => {
                ctx.diagnose(file, raw, &d);
                true
            }
        };
        if first {
            printer.original(out, raw)?;
        }
        Ok(())
    };
    let names = input_names(&args.files);
    ctx.start_progress(&names);
    let result = ordered(args.jobs.get(), ctx, work, sink, |ctx, ordered| {
        for name in names {
            let input = match Input::open_for(&name, ctx) {
                Ok(input) => input,
                Err(e) => {
                    ordered.io_error(ctx, &Arc::from(name.as_str()), e);
                    continue;
                }
            };
            let file: Arc<str> = Arc::from(input.name.as_str());
            for raw in input.games() {
                match raw {
                    Ok(raw) => {
                        ctx.progress_game(&raw);
                        ordered.game(ctx, &file, raw)?;
                    }
                    Err(e) => {
                        ordered.io_error(ctx, &file, e);
                        break;
                    }
                }
            }
            ctx.progress_input_done();
        }
        Ok(())
    });
    ctx.finish_progress();
    result
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
