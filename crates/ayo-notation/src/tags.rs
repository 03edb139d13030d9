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
    /// use ayo_notation::{TagProblem, parse_record};
    /// let r = parse_record("[Rule \"russ\"]\n*").unwrap();
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
    // Bit i set: KNOWN_TAGS[i] was seen. Duplicates are rare, so only then is
    // the first one looked for; every tag of every game is checked, and
    // comparing each with the names before it cost a few percent of
    // `ayo validate`.
    let mut seen = 0u32;
    const { assert!(KNOWN_TAGS.len() <= 32) };
    for (k, t) in record.tags.iter().enumerate() {
        match known_index(&t.name) {
            Some(i) => {
                let known = KNOWN_TAGS[i];
                if seen & (1 << i) != 0
                    && let Some(first) = record.tags[..k].iter().find(|f| f.name == known)
                {
                    problems.push(TagProblem::Duplicate {
                        span: t.span,
                        name: known,
                        first: first.span,
                    });
                }
                seen |= 1 << i;
                if known == "Date" && !is_date(&t.value) {
                    problems.push(TagProblem::Date {
                        span: t.value_span,
                        value: t.value.clone(),
                    });
                }
            }
            None => {
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

/// Where `name` is in [`KNOWN_TAGS`], if it is a known name.
///
/// Every tag of every game is looked up here, by the parser and again by
/// [`check_tags`]: rather than compare the name with each known one, its
/// length and first and last bytes (which tell the known names apart) pick
/// the one it can be, and a comparison of two words confirms it. A test
/// checks the table against `KNOWN_TAGS`.
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
    /// Its index in [`KNOWN_TAGS`].
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

/// [`known_index`] of a name's bytes: the quick reader has them as bytes,
/// and checking them for UTF-8 first cost more than the look-up.
#[inline]
pub(crate) fn known_index_of_bytes(name: &[u8]) -> Option<usize> {
    let (&first, &last) = (name.first()?, name.last()?);
    let known = &BY_KEY[key(name.len(), first, last)];
    same_name(name, known).then_some(usize::from(known.index))
}

/// `YYYY.MM.DD`, each part digits or all `?`. Byte by byte rather than by
/// splitting at the dots: nearly every game has a date.
pub(crate) fn is_date(value: &str) -> bool {
    is_date_bytes(value.as_bytes())
}

/// [`is_date`] of a value's bytes (for the quick reader, as
/// [`known_index_of_bytes`]).
pub(crate) fn is_date_bytes(b: &[u8]) -> bool {
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
    use crate::parse_record;

    fn names(text: &str) -> Vec<String> {
        let r = parse_record(text).unwrap();
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
        let r = parse_record("[Event \"a\"]\n[Opening \"x\"]\n[Opening \"y\"]\n[Event \"b\"]\n*")
            .unwrap();
        let p = check_tags(&r);
        assert_eq!(
            names("[Event \"a\"]\n[Opening \"x\"]\n[Opening \"y\"]\n[Event \"b\"]\n*"),
            ["Event twice"]
        );
        assert!(p[0].is_error());
    }

    #[test]
    fn dates() {
        assert!(is_date("2026.11.29") && is_date("2026.??.??") && is_date("????.??.??"));
        assert!(
            !is_date("2026-11-29")
                && !is_date("29.11.2026")
                && !is_date("2026.1.29")
                && !is_date("2026.?1.29")
                && !is_date("2026.11.2?")
                && !is_date("2026.11.29.")
                && !is_date("20261.1.29")
                && !is_date("2026.11.2")
                && !is_date("2026.11.2\u{e9}")
                && !is_date("")
        );
        assert_eq!(names("[Date \"29/11/2026\"]\n*"), ["date 29/11/2026"]);
    }
}
