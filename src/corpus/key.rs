//! Recognising the same game under other tags and comments: a 128-bit key of
//! (canonical ruleset, start set-up, main-line letters) per game, and the
//! groups of games that share one, or whose main line is a prefix of another's.
//!
//! Memory: [`Index`] keeps 24 bytes a game (the key, the plies, padding);
//! [`Lookup`] adds 12 to 26 bytes a distinct main line (a 64-bit half of the
//! key and a game number in a hash table at its load factor). A million games
//! take 40 to 50 MB, and the command adds their places (12 bytes a game).
//! Prefixes are found by hashing every prefix of each main line as it is read
//! again ([`LineHasher`] is incremental) and looking the hash up, so no main
//! line is kept.
//!
//! ```
//! use ayo::corpus::key::{Index, Kind, LineHasher};
//! use ayo::rules::{Position, Ruleset};
//!
//! let start = Position::start(&Ruleset::RUSS);
//! let key = |line: &str| {
//!     let mut h = LineHasher::new(&Ruleset::RUSS, &start);
//!     line.chars().for_each(|c| h.push(c));
//!     h.key()
//! };
//! let mut index = Index::default();
//! index.push(key("cAd"), 3);
//! index.push(key("cA"), 2);
//! index.push(key("cAd"), 3);
//! let groups = index.duplicates();
//! assert_eq!((groups[0].kind, &groups[0].games[..]), (Kind::Duplicate, &[0, 2][..]));
//!
//! let lookup = index.lookup();
//! let mut h = LineHasher::new(&Ruleset::RUSS, &start);
//! assert_eq!(lookup.prefixes(&mut h, "cAd".chars()), vec![1]);
//! ```

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hasher};

use crate::notation::Record;
use crate::rules::{Position, Ruleset};

/// A main line with its ruleset and start: equal keys, the same game (up to a
/// 128-bit hash collision).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key(pub u128);

/// Hashes a main line one letter at a time: the key after each letter is the
/// key of the line cut there.
#[derive(Clone, Debug)]
pub struct LineHasher {
    // Two SipHash states fed the same bytes after different first bytes: a
    // 128-bit hash from the standard library's 64-bit one.
    high: DefaultHasher,
    low: DefaultHasher,
}

impl LineHasher {
    /// The hasher of the empty line from `start` under `rules`. The ruleset is
    /// hashed in canonical form, so `ayoayo` and `russ` are the same.
    pub fn new(rules: &Ruleset, start: &Position) -> Self {
        let mut high = DefaultHasher::new();
        let mut low = DefaultHasher::new();
        high.write_u8(1);
        low.write_u8(2);
        // Both texts end with a byte neither can hold, so the letters that
        // follow cannot be read as part of them.
        let head = format!("{rules}\0{start}\0");
        high.write(head.as_bytes());
        low.write(head.as_bytes());
        LineHasher { high, low }
    }

    /// Adds one move's letter.
    pub fn push(&mut self, letter: char) {
        let mut buf = [0; 4];
        let bytes = letter.encode_utf8(&mut buf).as_bytes();
        self.high.write(bytes);
        self.low.write(bytes);
    }

    /// The key of the line so far.
    pub fn key(&self) -> Key {
        Key(u128::from(self.high.finish()) << 64 | u128::from(self.low.finish()))
    }
}

/// [`LineHasher::new`] for many games: most share a ruleset and start, and
/// hashing their canonical text once is enough.
#[derive(Debug, Default)]
pub struct Heads {
    cache: HashMap<(Ruleset, Position), LineHasher>,
}

impl Heads {
    /// The hasher of the empty line from `start` under `rules`.
    pub fn hasher(&mut self, rules: &Ruleset, start: &Position) -> LineHasher {
        if let Some(h) = self.cache.get(&(*rules, *start)) {
            return h.clone();
        }
        // Games from set-ups can each start elsewhere: keep the cache small.
        if self.cache.len() >= 256 {
            self.cache.clear();
        }
        let h = LineHasher::new(rules, start);
        self.cache.insert((*rules, *start), h.clone());
        h
    }

    /// The key of a record's main line, as [`line_key`] gives it.
    pub fn key(&mut self, record: &Record, rules: &Ruleset, start: &Position) -> Key {
        let mut h = self.hasher(rules, start);
        for m in &record.moves {
            h.push(m.pit);
        }
        h.key()
    }
}

/// The key of a record's main line, under `rules` from `start`.
pub fn line_key(record: &Record, rules: &Ruleset, start: &Position) -> Key {
    let mut h = LineHasher::new(rules, start);
    for m in &record.moves {
        h.push(m.pit);
    }
    h.key()
}

/// What a group of games has in common.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The same ruleset, start and main line.
    Duplicate,
    /// The first games' main line (they share it) is a proper prefix of each
    /// of the others': a record cut short.
    Prefix,
}

/// Games found together, by their numbers in the [`Index`] (in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Why they are together.
    pub kind: Kind,
    /// The games, in index order; for [`Kind::Prefix`], the shorter games
    /// first, then the longer ones.
    pub games: Vec<usize>,
    /// For [`Kind::Prefix`], how many games at the front have the short line.
    pub short: usize,
}

/// A game in the index: its key as two halves (a `u128` field would align
/// the entry to 16 bytes and make it 32 instead of 24), and its plies.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: [u64; 2],
    plies: u32,
}

impl Entry {
    fn key(&self) -> Key {
        Key(u128::from(self.key[0]) << 64 | u128::from(self.key[1]))
    }
}

/// The keys of a corpus, one a game, numbered from 0 in the order pushed.
#[derive(Clone, Debug, Default)]
pub struct Index {
    entries: Vec<Entry>,
}

impl Index {
    /// Adds a game; returns its number.
    pub fn push(&mut self, key: Key, plies: u32) -> usize {
        self.entries.push(Entry {
            key: [(key.0 >> 64) as u64, key.0 as u64],
            plies,
        });
        self.entries.len() - 1
    }

    /// How many games.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The groups of two or more games with the same key, each in index
    /// order, ordered by their first game.
    pub fn duplicates(&self) -> Vec<Group> {
        let mut order: Vec<u32> = (0..self.entries.len() as u32).collect();
        // Stable: equal keys keep index order.
        order.sort_by_key(|&i| self.entries[i as usize].key);
        let mut groups: Vec<Group> = order
            .chunk_by(|&a, &b| self.entries[a as usize].key == self.entries[b as usize].key)
            .filter(|g| g.len() > 1)
            .map(|g| Group {
                kind: Kind::Duplicate,
                games: g.iter().map(|&i| i as usize).collect(),
                short: 0,
            })
            .collect();
        groups.sort_by_key(|g| g.games[0]);
        groups
    }

    /// A table from key to the first game with it, for [`Lookup::prefixes`].
    pub fn lookup(&self) -> Lookup<'_> {
        let mut first = HashMap::with_capacity(self.entries.len());
        let mut clash = HashMap::new();
        for (i, e) in self.entries.iter().enumerate() {
            let half = e.key[1];
            match first.get(&half) {
                None => {
                    first.insert(half, i as u32);
                }
                Some(&j) if self.entries[j as usize].key != e.key => {
                    // Two main lines agreeing in 64 bits: rare enough for a
                    // side table keyed by all 128.
                    clash.entry(e.key()).or_insert(i as u32);
                }
                Some(_) => {}
            }
        }
        Lookup {
            index: self,
            first,
            clash,
        }
    }

    /// The groups of games whose main line is a prefix of others', from the
    /// `(short, long)` pairs [`Lookup::prefixes`] found: one group for each
    /// short line, with every game that has it, then every longer game.
    pub fn prefix_groups(&self, pairs: &[(usize, usize)], duplicates: &[Group]) -> Vec<Group> {
        let mut same: HashMap<usize, &[usize]> = HashMap::new();
        for g in duplicates {
            same.insert(g.games[0], &g.games);
        }
        let mut longer: HashMap<usize, Vec<usize>> = HashMap::new();
        for &(short, long) in pairs {
            longer.entry(short).or_default().push(long);
        }
        let mut groups: Vec<Group> = longer
            .into_iter()
            .map(|(short, mut long)| {
                long.sort_unstable();
                long.dedup();
                let first: &[usize] = same.get(&short).copied().unwrap_or(&[]);
                let mut games = if first.is_empty() {
                    vec![short]
                } else {
                    first.to_vec()
                };
                let n = games.len();
                games.extend(long);
                Group {
                    kind: Kind::Prefix,
                    games,
                    short: n,
                }
            })
            .collect();
        groups.sort_by_key(|g| g.games[0]);
        groups
    }
}

/// Finds games by key (see [`Index::lookup`]).
pub struct Lookup<'a> {
    index: &'a Index,
    first: HashMap<u64, u32>,
    clash: HashMap<Key, u32>,
}

impl Lookup<'_> {
    /// The first game with this key and this many plies.
    pub fn find(&self, key: Key, plies: u32) -> Option<usize> {
        let i = *self.first.get(&(key.0 as u64))?;
        let e = self.index.entries[i as usize];
        let i = if e.key() == key {
            i
        } else {
            *self.clash.get(&key)?
        };
        (self.index.entries[i as usize].plies == plies).then_some(i as usize)
    }

    /// The games (the first of each key) whose main line is a proper,
    /// non-empty prefix of the line `letters` played on from `hasher`.
    pub fn prefixes(
        &self,
        hasher: &mut LineHasher,
        letters: impl IntoIterator<Item = char>,
    ) -> Vec<usize> {
        let mut found = Vec::new();
        let mut letters = letters.into_iter().peekable();
        let mut plies = 0u32;
        while let Some(c) = letters.next() {
            hasher.push(c);
            plies += 1;
            if letters.peek().is_none() {
                break;
            }
            if let Some(i) = self.find(hasher.key(), plies) {
                found.push(i);
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_record;

    fn key_of(text: &str) -> Key {
        let record = parse_record(text).unwrap();
        let rules: Ruleset = record.tag("Rules").unwrap_or("russ").parse().unwrap();
        line_key(&record, &rules, &Position::start(&rules))
    }

    #[test]
    fn tags_and_comments_do_not_count() {
        assert_eq!(
            key_of("[Event \"a\"]\n\n1. cx7 {wow} A 2. d *"),
            key_of("[Event \"b\"]\n[Rules \"ayoayo\"]\n\n1. c! (1. d) A $1 2. d 1-0"),
        );
        assert_ne!(key_of("1. c A *"), key_of("1. c B *"));
        assert_ne!(key_of("1. c A *"), key_of("1. c A 2. d *"));
        assert_ne!(
            key_of("1. c A *"),
            key_of("[Rules \"russ leftovers=owner\"]\n\n1. c A *")
        );
    }

    #[test]
    fn heads_give_the_same_keys() {
        let mut heads = Heads::default();
        for text in [
            "1. c A *",
            "[Rules \"endodoi\"]\n\n1. c A *",
            "1. c A 2. d *",
        ] {
            let record = parse_record(text).unwrap();
            let rules: Ruleset = record.tag("Rules").unwrap_or("russ").parse().unwrap();
            let start = Position::start(&rules);
            assert_eq!(
                heads.key(&record, &rules, &start),
                line_key(&record, &rules, &start)
            );
        }
    }

    #[test]
    fn the_start_counts() {
        let rules = Ruleset::RUSS;
        let record = parse_record("1. c *").unwrap();
        let other: Position = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N".parse().unwrap();
        assert_ne!(
            line_key(&record, &rules, &Position::start(&rules)),
            line_key(&record, &rules, &other)
        );
    }

    #[test]
    fn groups() {
        let start = Position::start(&Ruleset::RUSS);
        let key = |line: &str| {
            let mut h = LineHasher::new(&Ruleset::RUSS, &start);
            line.chars().for_each(|c| h.push(c));
            h.key()
        };
        let lines = ["cAd", "c", "cAdB", "cA", "cAd", "f", "", "c"];
        let mut index = Index::default();
        for l in lines {
            index.push(key(l), l.len() as u32);
        }
        let dups = index.duplicates();
        let games: Vec<&[usize]> = dups.iter().map(|g| &g.games[..]).collect();
        assert_eq!(games, [&[0, 4][..], &[1, 7][..]]);
        let lookup = index.lookup();
        let mut pairs = Vec::new();
        for (i, l) in lines.iter().enumerate() {
            let mut h = LineHasher::new(&Ruleset::RUSS, &start);
            for s in lookup.prefixes(&mut h, l.chars()) {
                pairs.push((s, i));
            }
        }
        let groups = index.prefix_groups(&pairs, &dups);
        let seen: Vec<(&[usize], usize)> = groups.iter().map(|g| (&g.games[..], g.short)).collect();
        // The empty line is nobody's prefix; "c" (games 1 and 7) begins four
        // longer games, "cA" three, "cAd" (0 and 4) one.
        assert_eq!(
            seen,
            [
                (&[0, 4, 2][..], 2),
                (&[1, 7, 0, 2, 3, 4][..], 2),
                (&[3, 0, 2, 4][..], 1),
            ]
        );
    }
}
