//! Recognising the same game under other tags and comments: a 128-bit key of
//! (canonical ruleset, start set-up, main-line letters) per game, a 64-bit
//! hash of its players, and the groups of games that share them, or whose
//! main line is a prefix of another's.
//!
//! Three kinds of group ([`Kind`]): a `duplicate` is the same game twice (the
//! same key **and** the same players); `same moves` is one main line played by
//! different players (different games that happen to agree, never to be
//! dropped); a `prefix` group is an unfinished record whose main line begins
//! longer ones (a record cut short). A game that ends with a result is
//! finished and never the short end of a prefix group.
//!
//! Memory: [`Index`] keeps 32 bytes a game (the key, the players' hash, the
//! plies, whether it is finished, padding); [`Lookup`] adds 12 to 26 bytes a
//! distinct unfinished main line (a 64-bit half of the key and a game number
//! in a hash table at its load factor). A million games take 32 MB, and up to
//! 58 MB when none is finished; the command adds their places (12 bytes a
//! game). Prefixes are found by
//! hashing every prefix of each main line as it is read again
//! ([`LineHasher`] is incremental) and looking the hash up, so no main line
//! is kept.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hasher};

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

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
pub(crate) struct Heads {
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

    /// The key of a record's main line, under `rules` from `start`.
    pub fn key(&mut self, record: &Record, rules: &Ruleset, start: &Position) -> Key {
        let mut h = self.hasher(rules, start);
        for m in &record.moves {
            h.push(m.pit);
        }
        h.key()
    }
}

/// `text` in Unicode normalisation form C (composed): the one form in
/// which names are compared, so that a name typed with combining tone marks
/// (`A` + U+0301) and one with precomposed letters (`Á`) are one name, as
/// they look. Borrowed when `text` is in that form already (ASCII always is).
pub fn nfc(text: &str) -> Cow<'_, str> {
    match is_nfc_quick(text.chars()) {
        IsNormalized::Yes => Cow::Borrowed(text),
        _ => Cow::Owned(text.nfc().collect()),
    }
}

/// A hash of a game's players, South then North, compared without case and
/// with each run of white space as one space and none at the ends: `Ade
/// Bello` and ` ade  BELLO ` are the same player. Names are compared in one
/// Unicode form ([`nfc`]): a tone mark typed as a combining character is
/// the same as the precomposed letter. A missing tag counts as empty.
pub fn players_key(south: &str, north: &str) -> u64 {
    let mut h = DefaultHasher::new();
    for name in [south, north] {
        for (k, word) in nfc(name).split_whitespace().enumerate() {
            if k > 0 {
                h.write_u8(b' ');
            }
            h.write(word.to_lowercase().as_bytes());
        }
        // A byte no UTF-8 text holds: the names cannot run into each other.
        h.write_u8(0xff);
    }
    h.finish()
}

/// [`players_key`] of a record's South and North tags.
pub(crate) fn record_players(record: &Record) -> u64 {
    players_key(
        record.tag("South").unwrap_or(""),
        record.tag("North").unwrap_or(""),
    )
}

/// What a group of games has in common.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The same game: the same ruleset, start, main line and players.
    Duplicate,
    /// The same ruleset, start and main line, played by different players:
    /// different games.
    SameMoves,
    /// The first games' main line (they share it, and none of them ends with
    /// a result) is a proper prefix of each of the others': a record cut
    /// short.
    Prefix,
}

impl Kind {
    /// The kind's name, as every output writes it: `duplicate`, `same moves`
    /// or `prefix`.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Duplicate => "duplicate",
            Kind::SameMoves => "same moves",
            Kind::Prefix => "prefix",
        }
    }
}

/// Games found together, by their numbers in the run (in input order).
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
/// the entry to 16 bytes), its players' hash, plies, and whether it ends
/// with a result.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: [u64; 2],
    players: u64,
    plies: u32,
    finished: bool,
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
    /// Adds a game: the key of its main line, its `players_key`, its plies
    /// and whether it ends with a result (`1-0`, `0-1`, `1/2-1/2`) rather
    /// than `*`. Returns its number.
    pub fn push(&mut self, key: Key, players: u64, plies: u32, finished: bool) -> usize {
        self.entries.push(Entry {
            key: [(key.0 >> 64) as u64, key.0 as u64],
            players,
            plies,
            finished,
        });
        self.entries.len() - 1
    }

    /// How many games.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether games `a` and `b` have the same players.
    pub fn same_players(&self, a: usize, b: usize) -> bool {
        self.entries[a].players == self.entries[b].players
    }

    /// The games of each main line that two or more games have, in runs of
    /// one pair of players (a run can be one game), each run in index order.
    fn lines(&self) -> Vec<Vec<Vec<usize>>> {
        let mut order: Vec<u32> = (0..self.entries.len() as u32).collect();
        // Stable: games with equal keys and players keep index order.
        order.sort_by_key(|&i| {
            let e = &self.entries[i as usize];
            (e.key, e.players)
        });
        let key = |i: u32| self.entries[i as usize].key;
        let players = |i: u32| self.entries[i as usize].players;
        order
            .chunk_by(|&a, &b| key(a) == key(b))
            .filter(|line| line.len() > 1)
            .map(|line| {
                line.chunk_by(|&a, &b| players(a) == players(b))
                    .map(|same| same.iter().map(|&i| i as usize).collect())
                    .collect()
            })
            .collect()
    }

    /// The groups of games with one main line, ordered by their first game
    /// (a `same moves` group before a `duplicate` group with the same first
    /// game). With `moves_only`, one group a main line: `duplicate` when its
    /// games have one pair of players, `same moves` otherwise. Without it,
    /// a `duplicate` group for each pair of players with two or more games,
    /// and a `same moves` group with every game of a main line that more than
    /// one pair played.
    pub fn groups(&self, moves_only: bool) -> Vec<Group> {
        let mut groups = Vec::new();
        let group = |kind, mut games: Vec<usize>| {
            games.sort_unstable();
            Group {
                kind,
                games,
                short: 0,
            }
        };
        for pairs in self.lines() {
            if pairs.len() > 1 {
                groups.push(group(Kind::SameMoves, pairs.concat()));
            }
            if moves_only {
                if pairs.len() == 1 {
                    groups.push(group(Kind::Duplicate, pairs.concat()));
                }
                continue;
            }
            for same in pairs.into_iter().filter(|s| s.len() > 1) {
                groups.push(group(Kind::Duplicate, same));
            }
        }
        groups.sort_by_key(|g| (g.games[0], g.kind != Kind::SameMoves));
        groups
    }

    /// The games that repeat an earlier one (the same main line and players),
    /// each with the first game it repeats, in index order: what `--drop`
    /// leaves out.
    pub fn repeats(&self) -> Vec<(usize, usize)> {
        let mut found: Vec<(usize, usize)> = self
            .lines()
            .into_iter()
            .flatten()
            .flat_map(|same| {
                let first = same[0];
                same.into_iter().skip(1).map(move |g| (g, first))
            })
            .collect();
        found.sort_unstable();
        found
    }

    /// A table from key to the first unfinished game with it, for
    /// [`Lookup::prefixes`]: only an unfinished game can be cut short.
    pub fn lookup(&self) -> Lookup<'_> {
        let mut first = HashMap::with_capacity(self.entries.len());
        let mut clash = HashMap::new();
        for (i, e) in self.entries.iter().enumerate() {
            if e.finished {
                continue;
            }
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
    /// short line, with every unfinished game that has it, then every longer
    /// game; ordered by their first game.
    pub fn prefix_groups(&self, pairs: &[(usize, usize)]) -> Vec<Group> {
        let mut longer: HashMap<usize, Vec<usize>> = HashMap::new();
        for &(short, long) in pairs {
            longer.entry(short).or_default().push(long);
        }
        // Every unfinished game with a short line, under that line's first.
        let firsts: HashMap<[u64; 2], usize> =
            longer.keys().map(|&s| (self.entries[s].key, s)).collect();
        let mut same: HashMap<usize, Vec<usize>> = HashMap::new();
        for (i, e) in self.entries.iter().enumerate() {
            if let (false, Some(&s)) = (e.finished, firsts.get(&e.key)) {
                same.entry(s).or_default().push(i);
            }
        }
        let mut groups: Vec<Group> = longer
            .into_iter()
            .map(|(short, mut long)| {
                long.sort_unstable();
                long.dedup();
                let mut games = same.remove(&short).unwrap_or_else(|| vec![short]);
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

    /// The example the module's docs gave while these items were public.
    #[test]
    fn module_example() {
        use crate::corpus::key::{Index, Kind, LineHasher, players_key};
        use crate::rules::{Position, Ruleset};

        let start = Position::start(&Ruleset::RUSS);
        let key = |line: &str| {
            let mut h = LineHasher::new(&Ruleset::RUSS, &start);
            line.chars().for_each(|c| h.push(c));
            h.key()
        };
        let (ab, cd) = (players_key("A", "B"), players_key("C", "D"));
        let mut index = Index::default();
        index.push(key("cAd"), ab, 3, true);
        index.push(key("cA"), ab, 2, false);
        index.push(key("cAd"), ab, 3, true);
        index.push(key("cAd"), cd, 3, true);
        let groups = index.groups(false);
        let seen: Vec<(Kind, &[usize])> = groups.iter().map(|g| (g.kind, &g.games[..])).collect();
        assert_eq!(
            seen,
            [
                (Kind::SameMoves, &[0, 2, 3][..]),
                (Kind::Duplicate, &[0, 2][..])
            ]
        );
        assert_eq!(index.repeats(), [(2, 0)]);

        let lookup = index.lookup();
        let mut h = LineHasher::new(&Ruleset::RUSS, &start);
        assert_eq!(lookup.prefixes(&mut h, "cAd".chars()), vec![1]);
    }
    /// The key of a record's main line, with no cache of hashers.
    fn line_key(record: &Record, rules: &Ruleset, start: &Position) -> Key {
        let mut h = LineHasher::new(rules, start);
        for m in &record.moves {
            h.push(m.pit);
        }
        h.key()
    }

    use super::*;
    use crate::notation::Record;

    fn key_of(text: &str) -> Key {
        let record = Record::parse(text).unwrap();
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
            let record = Record::parse(text).unwrap();
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
        let record = Record::parse("1. c *").unwrap();
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
        let p = players_key("A", "B");
        let mut index = Index::default();
        for l in lines {
            index.push(key(l), p, l.len() as u32, false);
        }
        let dups = index.groups(false);
        let games: Vec<&[usize]> = dups.iter().map(|g| &g.games[..]).collect();
        assert_eq!(games, [&[0, 4][..], &[1, 7][..]]);
        assert!(dups.iter().all(|g| g.kind == Kind::Duplicate));
        let lookup = index.lookup();
        let mut pairs = Vec::new();
        for (i, l) in lines.iter().enumerate() {
            let mut h = LineHasher::new(&Ruleset::RUSS, &start);
            for s in lookup.prefixes(&mut h, l.chars()) {
                pairs.push((s, i));
            }
        }
        let groups = index.prefix_groups(&pairs);
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

    #[test]
    fn players_count_without_case_and_spaces() {
        assert_eq!(
            players_key("Ade Bello", "Chi"),
            players_key("  ade \t BELLO ", "CHI")
        );
        assert_ne!(
            players_key("Ade Bello", "Chi"),
            players_key("Chi", "Ade Bello")
        );
        assert_ne!(
            players_key("AdeBello", "Chi"),
            players_key("Ade Bello", "Chi")
        );
        assert_ne!(players_key("Ade", "Bello"), players_key("Ade Bello", ""));
        // One name in two Unicode forms: precomposed (NFC) and with
        // combining tone marks (NFD).
        assert_eq!(
            players_key(
                "Ad\u{e9}w\u{e1}l\u{e9} \u{d2}g\u{fa}nl\u{1eb9}\u{300}y\u{1eb9}",
                "Chi"
            ),
            players_key(
                "Ade\u{301}wa\u{301}le\u{301} O\u{300}gu\u{301}nle\u{323}\u{300}ye\u{323}",
                "Chi"
            )
        );
    }

    #[test]
    fn same_moves_by_other_players_is_no_duplicate() {
        let start = Position::start(&Ruleset::RUSS);
        let mut h = LineHasher::new(&Ruleset::RUSS, &start);
        "cA".chars().for_each(|c| h.push(c));
        let (ab, cd) = (players_key("A", "B"), players_key("C", "D"));
        let mut index = Index::default();
        for p in [ab, cd, ab, cd, cd] {
            index.push(h.key(), p, 2, true);
        }
        let seen = |moves_only| {
            let groups = index.groups(moves_only);
            groups
                .iter()
                .map(|g| (g.kind, g.games.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            seen(false),
            [
                (Kind::SameMoves, vec![0, 1, 2, 3, 4]),
                (Kind::Duplicate, vec![0, 2]),
                (Kind::Duplicate, vec![1, 3, 4]),
            ]
        );
        assert_eq!(seen(true), [(Kind::SameMoves, vec![0, 1, 2, 3, 4])]);
        assert_eq!(index.repeats(), [(2, 0), (3, 1), (4, 1)]);
    }

    #[test]
    fn a_finished_game_is_never_cut_short() {
        let start = Position::start(&Ruleset::RUSS);
        let key = |line: &str| {
            let mut h = LineHasher::new(&Ruleset::RUSS, &start);
            line.chars().for_each(|c| h.push(c));
            h.key()
        };
        let p = players_key("A", "B");
        let mut index = Index::default();
        index.push(key("cA"), p, 2, true);
        index.push(key("cA"), p, 2, false);
        index.push(key("cAd"), p, 3, true);
        let lookup = index.lookup();
        let mut h = LineHasher::new(&Ruleset::RUSS, &start);
        let pairs: Vec<(usize, usize)> = lookup
            .prefixes(&mut h, "cAd".chars())
            .into_iter()
            .map(|s| (s, 2))
            .collect();
        assert_eq!(pairs, [(1, 2)]);
        let groups = index.prefix_groups(&pairs);
        assert_eq!((&groups[0].games[..], groups[0].short), (&[1, 2][..], 1));
    }
}
