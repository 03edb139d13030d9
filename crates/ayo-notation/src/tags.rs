//! Checks of a record's tag section that are not syntax but catch slips: a
//! misspelt known tag, a known tag given twice, a date not in `YYYY.MM.DD`.
//! Still notation only: nothing here reads a tag's value for the rules.

use super::ast::{Record, Span, Tag};
use super::write::KNOWN_TAGS;

/// A problem in a record's tags, found by [`Record::check_tags`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagProblem {
    /// An unknown tag whose name is close to a known one (`Rule`, `Sotuh`):
    /// probably a slip. A warning: any tag name is allowed.
    Misspelt {
        /// The tag pair.
        span: Span,
        /// The name as written.
        name: String,
        /// The known name it is close to.
        known: &'static str,
    },
    /// A known tag given a second time. An error: which value holds is
    /// anyone's guess, and a JSON object cannot hold both.
    Duplicate {
        /// The second tag pair.
        span: Span,
        /// Its name.
        name: &'static str,
        /// The first.
        first: Span,
    },
    /// A `Date` value that is not `YYYY.MM.DD` (`??` for unknown parts). A
    /// warning.
    Date {
        /// The value, quotes included.
        span: Span,
        /// The value.
        value: String,
    },
}

impl TagProblem {
    /// Whether the record is invalid for it (otherwise it is a warning).
    pub fn is_error(&self) -> bool {
        matches!(self, TagProblem::Duplicate { .. })
    }
}

impl Record {
    /// The slips in the record's tags, in file order.
    ///
    /// ```
    /// use ayo_notation::{TagProblem, Record};
    /// let r = Record::parse("[Rule \"russ\"]\n*").unwrap();
    /// assert!(matches!(r.check_tags()[..], [TagProblem::Misspelt { known: "Rules", .. }]));
    /// ```
    pub fn check_tags(&self) -> Vec<TagProblem> {
        check_tags(self)
    }
}

impl Tag {
    /// Whether `name` can be a tag's name: a letter, then letters, digits or `_`
    /// (grammar.md).
    pub fn is_name(name: &str) -> bool {
        is_tag_name(name)
    }
}

/// See [`Record::check_tags`].
pub(crate) fn check_tags(record: &Record) -> Vec<TagProblem> {
    let mut problems = Vec::new();
    let mut seen = SeenTags::default();
    for (k, t) in record.tags.iter().enumerate() {
        match seen.check(t.name.as_bytes()) {
            Checked::Known { index, twice } => {
                let known = KNOWN_TAGS[index];
                // Duplicates are rare: only then is the first one looked for.
                if twice && let Some(first) = record.tags[..k].iter().find(|f| f.name == known) {
                    problems.push(TagProblem::Duplicate {
                        span: t.span,
                        name: known,
                        first: first.span,
                    });
                }
                if bad_date(index, t.value.as_bytes()) {
                    problems.push(TagProblem::Date {
                        span: t.value_span,
                        value: t.value.clone(),
                    });
                }
            }
            Checked::Unknown => {
                if let Some(known) = close_known_tag(&t.name) {
                    problems.push(TagProblem::Misspelt {
                        span: t.span,
                        name: t.name.to_string(),
                        known,
                    });
                }
            }
        }
    }
    problems
}

/// The known tags of one game seen so far: bit i set, [`Tag::KNOWN`]`[i]`
/// was. Every tag of every game is checked, and comparing each with the
/// names before it cost a few percent of `ayo validate`.
#[derive(Clone, Copy, Default)]
pub(crate) struct SeenTags(u32);

/// One tag as the rules of [`TagProblem`] see it, from [`SeenTags::check`].
#[derive(Clone, Copy)]
pub(crate) enum Checked {
    /// A known name.
    Known {
        /// Its index in [`Tag::KNOWN`].
        index: usize,
        /// Given before in the game: [`TagProblem::Duplicate`].
        twice: bool,
    },
    /// Another name: [`TagProblem::Misspelt`] when [`close_known_tag`]
    /// finds the known one it is close to.
    Unknown,
}

/// Where `Date` is in [`Tag::KNOWN`].
const DATE: usize = {
    let mut i = 0;
    while !matches!(KNOWN_TAGS[i].as_bytes(), b"Date") {
        i += 1;
    }
    i
};

impl SeenTags {
    /// Which name `name` is, and for a known one whether it was given
    /// before in the game (which it now has been): the rule of
    /// [`TagProblem::Duplicate`], for [`Record::check_tags`] and
    /// [`TagSlips::check`] alike.
    #[inline(always)]
    pub(crate) fn check(&mut self, name: &[u8]) -> Checked {
        const { assert!(KNOWN_TAGS.len() <= 32) };
        let Some(index) = known_index_of_bytes(name) else {
            return Checked::Unknown;
        };
        let twice = self.0 & (1 << index) != 0;
        self.0 |= 1 << index;
        Checked::Known { index, twice }
    }
}

/// The rule of [`TagProblem::Date`]: whether a known tag (at `index` in
/// [`Tag::KNOWN`]) is a `Date` whose `value` is not `YYYY.MM.DD`.
#[inline(always)]
pub(crate) fn bad_date(index: usize, value: &[u8]) -> bool {
    index == DATE && !is_date(value)
}

/// The checks of [`Record::check_tags`] on the tags of one game as a
/// reader of the text hands them out, without a [`Record`]: whether the
/// game's tags give no [`TagProblem`] at all (no known tag twice, no
/// misspelt name, a well-formed `Date`). The rules are the ones `check_tags`
/// applies (`SeenTags::check`, `bad_date`, `close_known_tag`), not copies.
///
/// It checks one game at a time: [`TagSlips::new_game`] starts the next.
/// Unknown names that are not slips are remembered across games (a few
/// dozen at most), so that a corpus of the same few extra tags costs one
/// look-up a tag and allocates nothing.
#[derive(Default)]
pub struct TagSlips {
    /// Unknown names found not to be slips of a known one.
    fine: Vec<Box<[u8]>>,
    /// The known tags of this game so far.
    seen: SeenTags,
}

/// How many unknown names [`TagSlips`] remembers.
const FINE_NAMES: usize = 64;

/// A tag name that [`TagSlips::check`] passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagName {
    /// The known name at this index of [`Tag::KNOWN`].
    Known(usize),
    /// Another name, not a slip for a known one.
    Other,
}

impl TagSlips {
    /// A checker that remembers no name yet.
    pub fn new() -> Self {
        TagSlips::default()
    }

    /// A new game: its tags are checked from here on, and the last game's
    /// forgotten (the names remembered as no slip are kept).
    #[inline]
    pub fn new_game(&mut self) {
        self.seen = SeenTags::default();
    }

    /// Checks the game's next tag (its tags before it since
    /// [`TagSlips::new_game`] are the ones it is checked against). Returns which
    /// name it is, or `None` when `check_tags` would report something: a
    /// known name given twice, a misspelt name, a `Date` not in
    /// `YYYY.MM.DD`. An `escaped` value is read as given: no date has an
    /// escape, so a `Date` with one is refused here, which is all this
    /// answer needs (`None` only says "look closer").
    ///
    /// ```
    /// use ayo_notation::{TagName, TagSlips};
    ///
    /// let mut slips = TagSlips::new();
    /// assert_eq!(slips.check(b"Date", b"2026.??.??", false), Some(TagName::Known(2)));
    /// assert_eq!(slips.check(b"Club", b"x", false), Some(TagName::Other));
    /// assert_eq!(slips.check(b"Rule", b"russ", false), None);
    /// assert_eq!(slips.check(b"Date", b"2026.??.??", false), None);
    /// slips.new_game();
    /// assert_eq!(slips.check(b"Date", b"2026.??.??", false), Some(TagName::Known(2)));
    /// ```
    #[inline]
    pub fn check(&mut self, name: &[u8], value: &[u8], escaped: bool) -> Option<TagName> {
        debug_assert!(!escaped || !is_date(value));
        match self.seen.check(name) {
            Checked::Known { index, twice } => {
                (!twice && !bad_date(index, value)).then_some(TagName::Known(index))
            }
            Checked::Unknown => self.not_a_slip(name).then_some(TagName::Other),
        }
    }

    /// Whether an unknown `name` is not a slip for a known one: remembered,
    /// or found so by [`close_known_tag`] (and remembered while there is
    /// room). A name that is not UTF-8 is no tag name: `false`.
    #[inline]
    fn not_a_slip(&mut self, name: &[u8]) -> bool {
        if self.fine.iter().any(|f| **f == *name) {
            return true;
        }
        let Ok(name) = std::str::from_utf8(name) else {
            return false;
        };
        if close_known_tag(name).is_some() {
            return false;
        }
        if self.fine.len() < FINE_NAMES {
            self.fine.push(name.as_bytes().into());
        }
        true
    }
}

/// Where `name` is in [`Tag::KNOWN`], if it is a known name.
///
/// Every tag of every game is looked up here, by the parser and again by
/// [`check_tags`]: rather than compare the name with each known one, its
/// length and first and last bytes (which tell the known names apart) pick
/// the one it can be, and a comparison of two words confirms it. A test
/// checks the table against `KNOWN_TAGS`. (The parser and [`check_tags`]
/// have bytes and call [`known_index_of_bytes`]; the tests, strings.)
#[cfg(test)]
pub(crate) fn known_index(name: &str) -> Option<usize> {
    known_index_of_bytes(name.as_bytes())
}

/// The slot in [`BY_KEY`] of a name of `len` bytes from `first` to `last`.
/// Mixed so that no two known names share a slot (checked as the table is
/// built), and with no branch: a `match` on the three made a jump through
/// a table, which the predictor often missed.
#[inline(always)]
const fn key(len: usize, first: u8, last: u8) -> usize {
    (first as usize ^ (last as usize) << 1 ^ len << 2) & 31
}

/// A known name as [`BY_KEY`] holds it.
#[derive(Clone, Copy)]
struct Known {
    /// Its index in [`Tag::KNOWN`].
    index: u8,
    /// Its length (0: no known name has this slot's key).
    len: u8,
    /// Its bytes, then zeros.
    bytes: [u8; 16],
}

/// The known name of each [`key`], if any.
static BY_KEY: [Known; 32] = by_key();

const fn by_key() -> [Known; 32] {
    let none = Known {
        index: 0,
        len: 0,
        bytes: [0; 16],
    };
    let mut table = [none; 32];
    let mut i = 0;
    while i < KNOWN_TAGS.len() {
        let name = KNOWN_TAGS[i].as_bytes();
        // `same_name` compares words of four or eight bytes.
        assert!(name.len() >= 4 && name.len() <= 16);
        let k = key(name.len(), name[0], name[name.len() - 1]);
        assert!(table[k].len == 0, "two known names share a key");
        let mut bytes = [0; 16];
        let mut j = 0;
        while j < name.len() {
            bytes[j] = name[j];
            j += 1;
        }
        table[k] = Known {
            index: i as u8,
            len: name.len() as u8,
            bytes,
        };
        i += 1;
    }
    table
}

/// Whether `name` is `known`: the same length, then the first and last
/// words of four or eight bytes (which overlap in a shorter name), without
/// a call to compare memory.
#[inline(always)]
fn same_name(name: &[u8], known: &Known) -> bool {
    let n = name.len();
    if n != usize::from(known.len) {
        return false;
    }
    let k = &known.bytes;
    if n >= 8 {
        let word = |b: &[u8], at: usize| {
            let mut w = [0; 8];
            w.copy_from_slice(&b[at..at + 8]);
            u64::from_le_bytes(w)
        };
        word(name, 0) == word(k, 0) && word(name, n - 8) == word(k, n - 8)
    } else {
        // Every known name has at least four bytes.
        let word = |b: &[u8], at: usize| {
            let mut w = [0; 4];
            w.copy_from_slice(&b[at..at + 4]);
            u32::from_le_bytes(w)
        };
        word(name, 0) == word(k, 0) && word(name, n - 4) == word(k, n - 4)
    }
}

/// `known_index` of a name's bytes: the reader hands them out as bytes,
/// and checking them for UTF-8 first cost more than the look-up.
#[inline]
pub(crate) fn known_index_of_bytes(name: &[u8]) -> Option<usize> {
    let (&first, &last) = (name.first()?, name.last()?);
    let known = &BY_KEY[key(name.len(), first, last)];
    same_name(name, known).then_some(usize::from(known.index))
}

/// `YYYY.MM.DD`, each part digits or all `?`. Byte by byte rather than by
/// splitting at the dots: nearly every game has a date. Of bytes: a reader
/// of the text has them, and checking them for UTF-8 first cost more.
pub(crate) fn is_date(b: &[u8]) -> bool {
    let part = |p: &[u8]| p.iter().all(u8::is_ascii_digit) || p.iter().all(|&c| c == b'?');
    b.len() == 10
        && b[4] == b'.'
        && b[7] == b'.'
        && part(&b[..4])
        && part(&b[5..7])
        && part(&b[8..])
}

/// See [`Tag::is_name`].
pub(crate) fn is_tag_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The known tag `name` is probably a slip for (see
/// [`close_to`](ayo_spelling::close_to)). `White` (two edits from `Site`)
/// is not flagged: it is a PGN tag, not a slip.
pub(crate) fn close_known_tag(name: &str) -> Option<&'static str> {
    ayo_spelling::close_to(name, &KNOWN_TAGS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Record;

    fn names(text: &str) -> Vec<String> {
        let r = Record::parse(text).unwrap();
        check_tags(&r)
            .iter()
            .map(|p| match p {
                TagProblem::Misspelt { name, known, .. } => format!("{name} -> {known}"),
                TagProblem::Duplicate { name, .. } => format!("{name} twice"),
                TagProblem::Date { value, .. } => format!("date {value}"),
            })
            .collect()
    }

    /// The table in `known_index` finds every known name, and no name one
    /// byte away from a known one (a changed, dropped or added byte), nor
    /// another letter case.
    #[test]
    fn known_index_finds_exactly_the_known_names() {
        for (i, known) in KNOWN_TAGS.iter().enumerate() {
            assert_eq!(known_index(known), Some(i), "{known}");
            assert_eq!(known_index(&known.to_ascii_lowercase()), None);
            assert_eq!(known_index(&known.to_ascii_uppercase()), None);
            let b = known.as_bytes();
            for at in 0..b.len() {
                for byte in [b'a', b'e', b'z', b'S', b' '] {
                    let mut changed = b.to_vec();
                    changed[at] = byte;
                    let changed = String::from_utf8(changed).unwrap();
                    let want = KNOWN_TAGS.iter().position(|k| *k == changed);
                    assert_eq!(known_index(&changed), want, "{changed}");
                }
                let dropped = format!("{}{}", &known[..at], &known[at + 1..]);
                assert_eq!(known_index(&dropped), None, "{dropped}");
            }
            assert_eq!(known_index(&format!("{known}s")), None);
        }
        assert_eq!(known_index(""), None);
    }

    #[test]
    fn slips_in_tag_names() {
        assert_eq!(
            names("[rules \"russ\"]\n[Rule \"x\"]\n[Sotuh \"a\"]\n[Resutl \"*\"]\n*"),
            [
                "rules -> Rules",
                "Rule -> Rules",
                "Sotuh -> South",
                "Resutl -> Result"
            ]
        );
        // Other unknown tags are fine, PGN's included.
        assert!(
            names("[White \"a\"]\n[Black \"b\"]\n[Opening \"x\"]\n[ECO \"A00\"]\n[Club \"c\"]\n*")
                .is_empty()
        );
    }

    #[test]
    fn a_known_tag_twice_is_an_error() {
        let r = Record::parse("[Event \"a\"]\n[Opening \"x\"]\n[Opening \"y\"]\n[Event \"b\"]\n*")
            .unwrap();
        let p = check_tags(&r);
        assert_eq!(
            names("[Event \"a\"]\n[Opening \"x\"]\n[Opening \"y\"]\n[Event \"b\"]\n*"),
            ["Event twice"]
        );
        assert!(p[0].is_error());
    }

    /// The fast check passes a game's tags exactly when `check_tags` finds
    /// nothing in them, and names the known tags it passes.
    #[test]
    fn tag_slips_agree_with_check_tags() {
        let mut slips = TagSlips::new();
        for text in [
            "",
            "[Event \"a\"]\n[Date \"2026.11.??\"]\n[Club \"c\"]\n[Club \"d\"]\n",
            "[Club \"c\"]\n[ECO \"A00\"]\n[White \"w\"]\n",
            "[Event \"a\"]\n[Event \"b\"]\n",
            "[Rule \"russ\"]\n",
            "[Date \"2026-11-29\"]\n",
            "[Date \"2026.11.29\"]\n[Date \"2026.11.29\"]\n",
            "[Sotuh \"a\"]\n[Club \"c\"]\n",
        ] {
            let record = Record::parse(&format!("{text}\n*")).unwrap();
            slips.new_game();
            let passed: Option<Vec<TagName>> = record
                .tags
                .iter()
                .map(|t| slips.check(t.name.as_bytes(), t.value.as_bytes(), false))
                .collect();
            assert_eq!(passed.is_some(), check_tags(&record).is_empty(), "{text:?}");
            if let Some(passed) = passed {
                for (t, name) in record.tags.iter().zip(passed) {
                    let want = known_index(&t.name).map_or(TagName::Other, TagName::Known);
                    assert_eq!(name, want, "{text:?}");
                }
            }
        }
        // An escaped `Date` value is never a date as written.
        slips.new_game();
        assert_eq!(slips.check(b"Date", b"2026\\.11.29", true), None);
    }

    #[test]
    fn dates() {
        assert!(is_date(b"2026.11.29") && is_date(b"2026.??.??") && is_date(b"????.??.??"));
        assert!(
            !is_date(b"2026-11-29")
                && !is_date(b"29.11.2026")
                && !is_date(b"2026.1.29")
                && !is_date(b"2026.?1.29")
                && !is_date(b"2026.11.2?")
                && !is_date(b"2026.11.29.")
                && !is_date(b"20261.1.29")
                && !is_date(b"2026.11.2")
                && !is_date("2026.11.2\u{e9}".as_bytes())
                && !is_date(b"")
        );
        assert_eq!(names("[Date \"29/11/2026\"]\n*"), ["date 29/11/2026"]);
    }
}
