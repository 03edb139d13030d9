//! The two passes over the inputs: keying every game, then finding the
//! prefixes of main lines and the tags that differ within groups.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet, VecDeque};
use std::io::BufRead;
use std::sync::Arc;

use super::spool::Spool;
use super::{Differ, Error, Feed, Options, Place, Runner, Scan};
use crate::corpus::input::{Input, InputError};
use crate::corpus::key::{Group, Heads, Index, Key, nfc, record_players};
use crate::diagnostics::Diagnostic;
use crate::notation::{GameReader, Outcome, RawGame, Record};
use crate::replay::rules_of;
use crate::rules::{Position, Ruleset};

/// What the first pass keeps of a game.
struct Keyed {
    key: Key,
    players: u64,
    plies: u32,
    finished: bool,
}

/// What the first pass's reading records of each input.
struct Inputs {
    spools: Vec<Option<Spool>>,
    /// Whether each input could be opened.
    opened: Vec<bool>,
    /// Whether each input was read to its end.
    readable: Vec<bool>,
}

/// The first pass: parses and keys every game, in input order, and keeps a
/// copy of each input that cannot be read twice.
pub(super) fn first<R: Runner>(
    names: Vec<String>,
    options: Options,
    runner: &mut R,
) -> Result<Scan, R::Error> {
    let mut index = Index::default();
    let mut places: Vec<Place> = Vec::new();
    let mut inputs = Inputs {
        spools: Vec::new(),
        opened: vec![false; names.len()],
        readable: vec![false; names.len()],
    };
    // The inputs whose first game was read, in order: the sink, which sees
    // games after the reading, takes one at each input's first game.
    let started: RefCell<VecDeque<usize>> = RefCell::new(VecDeque::new());
    let mut input = 0usize;
    // The workers parse and key each game; the index is built in input order.
    let work = |raw: &RawGame| -> Result<Keyed, Diagnostic> {
        keyed(raw, options.rules).map(|(record, rules, start)| Keyed {
            key: key_of(&record, &rules, &start),
            players: record_players(&record),
            plies: record.moves.len() as u32,
            finished: record.result.outcome != Outcome::Unknown,
        })
    };
    let sink = |raw: &RawGame, keyed: Result<Keyed, Diagnostic>| {
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
                None
            }
            Err(d) => Some(d),
        }
    };
    runner.pass(work, sink, |feed| {
        read_first(&names, options.max_game_bytes, feed, &started, &mut inputs)
    })?;
    Ok(Scan {
        options,
        names,
        index,
        places,
        spools: inputs.spools,
        opened: inputs.opened,
        readable: inputs.readable,
    })
}

/// The reading of the first pass: every game of every input, in order, with
/// a copy of each input that is not a regular file.
fn read_first<E: From<Error>>(
    names: &[String],
    max: usize,
    feed: &mut dyn Feed<E>,
    started: &RefCell<VecDeque<usize>>,
    inputs: &mut Inputs,
) -> Result<(), E> {
    for (k, name) in names.iter().enumerate() {
        let input = match Input::open(name) {
            Ok(input) => input,
            Err(InputError::Open { file, source } | InputError::Read { file, source }) => {
                feed.io_error(&file, source);
                continue;
            }
            // Opening reads no game.
            Err(InputError::NoSuchGame { .. }) => continue,
        };
        let file = Arc::clone(input.name());
        let reader = input.into_reader();
        let spools = &mut inputs.spools;
        spools.resize_with(k + 1, || None);
        // Standard input, a pipe or a process substitution cannot be read
        // twice: a copy of each is kept in a temporary file for the next pass.
        let regular = name != "-" && std::fs::metadata(name).is_ok_and(|m| m.is_file());
        if !regular {
            spools[k] = Some(Spool::new(k, &file)?);
        }
        let reader: Box<dyn BufRead + '_> = match &mut spools[k] {
            Some(s) => Box::new(s.tee(reader)),
            None => reader,
        };
        let mut games = GameReader::new(reader).max_game_bytes(max);
        inputs.opened[k] = true;
        inputs.readable[k] = true;
        for raw in games.by_ref() {
            let raw = match raw {
                Ok(raw) => raw,
                Err(e) => {
                    feed.io_error(&file, e);
                    inputs.readable[k] = false;
                    break;
                }
            };
            if raw.index == 0 {
                started.borrow_mut().push_back(k);
            }
            feed.progress(&raw);
            feed.game(&file, raw)?;
        }
        feed.input_done();
        drop(games);
        if let Some(s) = &mut spools[k] {
            s.check()?;
        }
    }
    Ok(())
}

/// What the second pass finds of a keyed game.
struct Second {
    /// The first games of the keys that are proper prefixes of its main line.
    prefixes: Vec<usize>,
    /// Its tags, when a table needs them.
    tags: Option<Vec<(String, String)>>,
}

/// The `(short, long)` pairs of games whose main line begins another's.
type Pairs = Vec<(usize, usize)>;

/// The second pass: the `(short, long)` pairs of prefixes of every main line
/// and, with `table`, the tags that differ from the first game of each group
/// of one main line (which is read before the others). Only the first games'
/// tags are kept whole.
pub(super) fn second<R: Runner>(
    scan: &Scan,
    runner: &mut R,
    groups: &[Group],
    table: bool,
) -> Result<(Pairs, Differ), R::Error> {
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
    let work = |raw: &RawGame| -> Option<Second> {
        let (record, rules, start) = keyed(raw, scan.options.rules).ok()?;
        let mut h = HEADS.with_borrow_mut(|heads| heads.hasher(&rules, &start));
        let prefixes = lookup.prefixes(&mut h, record.moves.iter().map(|m| m.pit));
        let tags = want_tags.then(|| {
            record
                .tags
                .iter()
                .map(|t| (t.name.to_string(), t.value.clone()))
                .collect()
        });
        Some(Second { prefixes, tags })
    };
    let sink = |_: &RawGame, second: Option<Second>| -> Option<Diagnostic> {
        let id = ids.borrow_mut().pop_front()?;
        let second = second?;
        for short in second.prefixes {
            pairs.push((short, id));
        }
        let tags = second.tags?;
        for first in firsts_of.get(&id).into_iter().flatten() {
            if let Some(a) = first_tags.get(first) {
                differ.insert((*first, id), differing(a, &tags));
            }
        }
        if firsts.contains(&id) {
            first_tags.insert(id, tags);
        }
        None
    };
    runner.pass(work, sink, |feed| read_second(scan, feed, &ids))?;
    Ok((pairs, differ))
}

/// The reading of the second pass: the keyed games of each input read to its
/// end the first time, each with its id queued for the sink.
fn read_second<E: From<Error>>(
    scan: &Scan,
    feed: &mut dyn Feed<E>,
    ids: &RefCell<VecDeque<usize>>,
) -> Result<(), E> {
    let mut next = 0usize;
    let places = &scan.places;
    for k in 0..scan.names.len() {
        if scan.readable[k] {
            let name = &scan.names[k];
            let shown: Arc<str> = Arc::from(name.as_str());
            for raw in scan.reopen(k)? {
                let raw = raw.map_err(|source| Error::Reread {
                    name: name.clone(),
                    source,
                })?;
                let Some(place) = places.get(next) else { break };
                if place.input as usize != k || place.game as usize != raw.index + 1 {
                    continue;
                }
                ids.borrow_mut().push_back(next);
                next += 1;
                feed.game(&shown, raw)?;
            }
        }
        // Skip the places not read: all of an input not read to its end.
        while places.get(next).is_some_and(|p| p.input as usize == k) {
            next += 1;
        }
    }
    Ok(())
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
        // Values that differ only in their Unicode form look the same.
        if value(a, name).is_none_or(|w| nfc(&w) != nfc(v))
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
