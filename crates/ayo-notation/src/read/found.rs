//! How a diagnostic names what it found: the word at the error, and any
//! character in it that cannot be seen or passes for another.

use crate::lex;

/// Whether `c` ends a word: one of the delimiters the reader shares with
/// the game cutter.
fn is_delimiter(c: char) -> bool {
    u8::try_from(c).is_ok_and(lex::is_delimiter)
}

/// A word: the longest run of characters that are not delimiters (possibly
/// empty).
fn word(i: &str) -> &str {
    let n = i.bytes().position(lex::is_delimiter).unwrap_or(i.len());
    &i[..n]
}

/// Characters that cannot be seen or pass for others, named in diagnostics
/// so that a slip invisible in the text is visible in the message: the
/// character, its Unicode name, and what was probably meant.
const LOOK_ALIKES: &[(char, &str, &str)] = &[
    ('\u{00A0}', "NO-BREAK SPACE", "did you mean a space?"),
    ('\u{2007}', "FIGURE SPACE", "did you mean a space?"),
    ('\u{2009}', "THIN SPACE", "did you mean a space?"),
    ('\u{202F}', "NARROW NO-BREAK SPACE", "did you mean a space?"),
    ('\u{3000}', "IDEOGRAPHIC SPACE", "did you mean a space?"),
    (
        '\u{200B}',
        "ZERO WIDTH SPACE",
        "an invisible character: delete it",
    ),
    (
        '\u{200C}',
        "ZERO WIDTH NON-JOINER",
        "an invisible character: delete it",
    ),
    (
        '\u{200D}',
        "ZERO WIDTH JOINER",
        "an invisible character: delete it",
    ),
    (
        '\u{2060}',
        "WORD JOINER",
        "an invisible character: delete it",
    ),
    (
        '\u{FEFF}',
        "ZERO WIDTH NO-BREAK SPACE",
        "a byte-order mark inside the text: delete it",
    ),
    (
        '\u{00AD}',
        "SOFT HYPHEN",
        "an invisible character: delete it",
    ),
    ('\u{2010}', "HYPHEN", "did you mean `-`?"),
    ('\u{2011}', "NON-BREAKING HYPHEN", "did you mean `-`?"),
    ('\u{2012}', "FIGURE DASH", "did you mean `-`?"),
    ('\u{2013}', "EN DASH", "did you mean `-`?"),
    ('\u{2014}', "EM DASH", "did you mean `-`?"),
    ('\u{2212}', "MINUS SIGN", "did you mean `-`?"),
    ('\u{2044}', "FRACTION SLASH", "did you mean `/`?"),
    (
        '\u{00BD}',
        "VULGAR FRACTION ONE HALF",
        "did you mean `1/2`?",
    ),
    ('\u{2026}', "HORIZONTAL ELLIPSIS", "did you mean `...`?"),
    ('\u{00D7}', "MULTIPLICATION SIGN", "did you mean `x`?"),
    (
        '\u{201C}',
        "LEFT DOUBLE QUOTATION MARK",
        "did you mean `\"`?",
    ),
    (
        '\u{201D}',
        "RIGHT DOUBLE QUOTATION MARK",
        "did you mean `\"`?",
    ),
    (
        '\u{201E}',
        "DOUBLE LOW-9 QUOTATION MARK",
        "did you mean `\"`?",
    ),
    (
        '\u{00AB}',
        "LEFT-POINTING DOUBLE ANGLE QUOTATION MARK",
        "did you mean `\"`?",
    ),
    (
        '\u{00BB}',
        "RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK",
        "did you mean `\"`?",
    ),
    (
        '\u{2018}',
        "LEFT SINGLE QUOTATION MARK",
        "did you mean `\"`?",
    ),
    (
        '\u{2019}',
        "RIGHT SINGLE QUOTATION MARK",
        "did you mean `\"`?",
    ),
];

/// `U+2013 EN DASH (did you mean `-`?)` for a character of [`LOOK_ALIKES`] or
/// a full-width form of an ASCII character; `None` for any other.
fn look_alike(c: char) -> Option<String> {
    let code = u32::from(c);
    if let Some((_, name, hint)) = LOOK_ALIKES.iter().find(|(k, ..)| *k == c) {
        return Some(format!("U+{code:04X} {name} ({hint})"));
    }
    // U+FF01..U+FF5E are the full-width forms of `!`..`~`.
    let ascii = char::from_u32(code.checked_sub(0xFEE0)?).filter(|a| ('!'..='~').contains(a))?;
    let name = if ascii.is_ascii_uppercase() {
        format!("FULLWIDTH LATIN CAPITAL LETTER {ascii}")
    } else if ascii.is_ascii_lowercase() {
        format!(
            "FULLWIDTH LATIN SMALL LETTER {}",
            ascii.to_ascii_uppercase()
        )
    } else {
        "a full-width form".to_string()
    };
    Some(format!("U+{code:04X} {name} (did you mean `{ascii}`?)"))
}

/// How to describe what stands at `i` in a diagnostic.
pub(super) fn found(i: &str) -> String {
    match i.chars().next() {
        None => "the end of the game".to_string(),
        Some(c) if is_delimiter(c) => match c {
            '\n' | '\r' => "the end of the line".to_string(),
            _ => format!("`{c}`"),
        },
        Some(c) => {
            if let Some(named) = look_alike(c) {
                return named;
            }
            let w = word(i);
            let shown: String = w.chars().take(20).collect();
            match w.chars().find_map(look_alike) {
                Some(named) => format!("`{shown}`, which holds {named}"),
                None => format!("`{shown}`"),
            }
        }
    }
}

/// Whether a word that is not a move looks like a chess move (`e4`, `Nf3`,
/// `exd5`, `O-O`): pits are single letters, and the message says so.
pub(super) fn looks_like_chess(w: &str) -> bool {
    if matches!(w, "O-O" | "O-O-O" | "0-0" | "0-0-0") {
        return true;
    }
    let w = w.trim_end_matches(['+', '#', '!', '?']);
    let b = w.as_bytes();
    let [prefix @ .., file, rank] = b else {
        return false;
    };
    (b'a'..=b'h').contains(file)
        && (b'1'..=b'8').contains(rank)
        && prefix.len() <= 3
        && prefix
            .iter()
            .all(|c| b"KQRBNx".contains(c) || (b'a'..=b'h').contains(c))
}
