//! The lexical layer of the `.ayo` grammar (grammar.md): which bytes end a
//! word, where a tag value, a tag line and a comment end, and the cutting
//! rule (a `[` after a blank line starts a game). Two readers stand on it:
//!
//! - the reader of the grammar ([`read`](crate::read)), which checks each
//!   token against the grammar, strictly, over one game's bytes;
//! - the game cutter ([`GameReader`](crate::GameReader)), which is this
//!   layer's lenient, resumable mode: it walks the same tokens across buffer
//!   ends, skips the words it need not read (only a termination token
//!   matters to it), and applies the cutting rule, so that broken text is cut
//!   where the reader would have wanted it cut.
//!
//! A token's extent is decided here once, for both: were the two to disagree,
//! a game the reader accepts could be cut elsewhere.

mod bytes;

pub(crate) use bytes::{
    LO, bytes_equal, count_bytes, count_chars, skip, skip_words, stop_table, zero_bytes,
};

/// The delimiters of grammar.md: the bytes that end a word. Every other byte
/// (digits, letters, `$`, `!`, `*`, any byte of a non-ASCII character...) is
/// part of a word.
pub(crate) const DELIMITERS: &[u8] = b" \t\r\n(){};[]\"";

const fn delimiter_table() -> [bool; 256] {
    let mut table = [false; 256];
    let mut k = 0;
    while k < DELIMITERS.len() {
        table[DELIMITERS[k] as usize] = true;
        k += 1;
    }
    table
}

/// [`DELIMITERS`] as a lookup table, indexed by byte.
pub(crate) static IS_DELIMITER: [bool; 256] = delimiter_table();

/// Whether byte `b` is a delimiter.
#[inline(always)]
pub(crate) fn is_delimiter(b: u8) -> bool {
    IS_DELIMITER[usize::from(b)]
}

/// The game-cutting rule that holds in every state of a game: a `[` that
/// starts a line (spaces and tabs aside) right after a blank line starts a
/// new game. `before` is the text before the `[`; returns whether it ends
/// with a line break, a blank line (only spaces, tabs or CR) and then only
/// spaces, tabs or CR.
pub(crate) fn after_blank_line(before: impl DoubleEndedIterator<Item = u8>) -> bool {
    line_start_kind(before) == 2
}

/// How the text `before` (read backwards) leaves the next byte: 0 when other
/// text precedes it on its line, 1 at the start of a line, 2 at the start of
/// a line that follows a blank line.
pub(crate) fn line_start_kind(before: impl DoubleEndedIterator<Item = u8>) -> u8 {
    let mut kind = 0;
    for b in before.rev() {
        match b {
            b' ' | b'\t' | b'\r' => {}
            b'\n' if kind < 2 => kind += 1,
            _ => return kind,
        }
        if kind == 2 {
            return 2;
        }
    }
    kind
}

/// The byte offset of the first `[` in `text` that would start a new game
/// (see [`after_blank_line`]) if `text` were written inside a game.
pub(crate) fn game_start_inside(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    bytes
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'[')
        .map(|(k, _)| k)
        .find(|&k| after_blank_line(bytes[..k].iter().copied()))
}

/// The byte-order mark some editors write at the start of a UTF-8 file: not
/// part of the text.
pub(crate) const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// The bytes that end a stretch of a tag value: its closing quote, the
/// backslash of an escape, and the line feed (a value stays on its line).
/// The reader stops at a carriage return too, which a value may not hold;
/// the cutter, lenient, passes over it.
static TAG_STRING_STOPS: [u8; 256] = stop_table(b"\\\"\n", false);
/// The bytes that end a stretch of a tag line outside its value: the
/// value's opening quote, the closing `]`, and the line break.
static TAG_LINE_STOPS: [u8; 256] = stop_table(b"\"]\n", false);

/// The bytes of [`TAG_STRING_STOPS`], eight at a time.
#[inline(always)]
fn tag_string_stops(x: u64) -> u64 {
    bytes_equal(x, b'\\') | bytes_equal(x, b'"') | bytes_equal(x, b'\n')
}

/// The bytes of [`TAG_LINE_STOPS`], eight at a time.
#[inline(always)]
fn tag_line_stops(x: u64) -> u64 {
    bytes_equal(x, b'"') | bytes_equal(x, b']') | bytes_equal(x, b'\n')
}

/// In a tag value, from `from` (past its opening quote, or past an escape):
/// where the next byte of [`TAG_STRING_STOPS`] stands, or the length of
/// `text`; eight bytes a step, as the cutter meets values in stretches of
/// tag lines. (The reader's `tag_value` tests byte by byte, the carriage
/// return too: values are short, and a search cost more than it saved.)
#[inline(always)]
pub(crate) fn tag_string_stop(text: &[u8], from: usize) -> usize {
    skip_words(text, from, tag_string_stops, &TAG_STRING_STOPS)
}

/// In a tag line outside its value, from `from`: where the next `"`, `]`
/// or line feed stands, or the length of `text`.
#[inline(always)]
pub(crate) fn tag_line_stop(text: &[u8], from: usize) -> usize {
    skip_words(text, from, tag_line_stops, &TAG_LINE_STOPS)
}

/// Where the usual tag line `[Name "value"]` whose `[` ends at `from`
/// leaves off, just after its `]`, when its value has no escape and nothing
/// but blanks and the name stand around it; `None` when the line is anything
/// else (then it is read token by token).
#[inline(always)]
pub(crate) fn plain_tag_line(text: &[u8], from: usize) -> Option<usize> {
    let open = tag_line_stop(text, from);
    if text.get(open) != Some(&b'"') {
        return None;
    }
    let close = tag_string_stop(text, open + 1);
    match text.get(close..close + 2) {
        Some(b"\"]") => Some(close + 2),
        _ => None,
    }
}

/// The length of a `{…}` comment's text, `rest` starting just past its `{`:
/// up to its first `}` (a comment holds no escapes), if `rest` holds one.
#[inline(always)]
pub(crate) fn brace_comment_len(rest: &[u8]) -> Option<usize> {
    memchr::memchr(b'}', rest)
}

/// [`brace_comment_len`], stopping at a `[` too: a `[` may start the next
/// game, even inside a comment (see [`line_start_kind`]), so that an
/// unclosed comment does not swallow the rest of the input. The cutter's
/// search.
#[inline(always)]
pub(crate) fn brace_comment_stop(rest: &[u8]) -> Option<usize> {
    memchr::memchr2(b'}', b'[', rest)
}

/// The length of a `;` comment's text, `rest` starting just past its `;`:
/// up to the line feed that ends it, or all of `rest`.
#[inline(always)]
pub(crate) fn line_comment_len(rest: &[u8]) -> usize {
    memchr::memchr(b'\n', rest).unwrap_or(rest.len())
}

/// Whether a `[` in `text[from..to]` starts a game by the cutting rule,
/// `text` being a game's bytes from its start.
pub(crate) fn game_starts_within(text: &[u8], from: usize, to: usize) -> bool {
    memchr::memchr_iter(b'[', &text[from..to])
        .any(|k| line_start_kind(text[..from + k].iter().copied()) == 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reader_and_the_cutter_end_a_tag_value_at_the_same_bytes() {
        use crate::Origin;
        use crate::read::{Flow, TagPair, Visitor, read_game};
        struct Value(Vec<u8>);
        impl<'a> Visitor<'a> for Value {
            fn tag(&mut self, tag: TagPair<'a>) -> Flow {
                self.0 = tag.value.to_vec();
                Flow::Continue(())
            }
        }
        for b in 0..=255u8 {
            let text = [b"[A \"a".as_slice(), &[b], b"a\"]\n\n*\n"].concat();
            let mut value = Value(Vec::new());
            let whole = read_game(&text, Origin::START, &mut value).is_ok() && value.0.len() == 3;
            // The reader refuses a carriage return that the cutter passes.
            let stops = TAG_STRING_STOPS[usize::from(b)] != 0 || b == b'\r';
            assert_eq!(
                whole,
                !stops,
                "{b:#x} {:?}",
                String::from_utf8_lossy(&value.0)
            );
            let cutter_stops = tag_string_stop(&text, 5) == 5;
            assert_eq!(
                cutter_stops,
                TAG_STRING_STOPS[usize::from(b)] != 0,
                "{b:#x}"
            );
        }
    }

    #[test]
    fn the_table_is_the_list() {
        for b in 0..=255u8 {
            assert_eq!(is_delimiter(b), DELIMITERS.contains(&b), "{b}");
        }
    }

    #[test]
    fn a_tag_line_after_a_blank_line_starts_a_game() {
        assert_eq!(game_start_inside("a\n\n[Event"), Some(3));
        assert_eq!(game_start_inside("a\r\n \t\r\n  [Event"), Some(9));
        assert_eq!(game_start_inside("a\n[Event"), None);
        assert_eq!(game_start_inside("a\n\nx [Event"), None);
        assert_eq!(game_start_inside("[a\n\n"), None);
    }
}
