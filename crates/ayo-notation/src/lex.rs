//! The lexical facts that the game cutter ([`GameReader`](super::GameReader))
//! and the parser must share, so that both split text at the same places.

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

#[cfg(test)]
mod tests {
    use super::*;

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
