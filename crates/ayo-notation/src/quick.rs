//! A quick reader of one game's bytes: the tokens that matter for checking
//! a record (tags, move numbers, moves with their claims, variations, the
//! termination token), handed to a [`Visitor`] in one pass, without building
//! the syntax tree.
//!
//! It reads a **conservative subset** of the grammar and gives up on anything
//! else. When [`read`] returns `true`, the game's text is one that
//! [`RawGame::parse`](super::RawGame::parse) accepts, and the visitor was handed
//! what the parser would have put in the [`Record`](super::Record): the same
//! tags with the same values, the same moves, numbers, claims and variations
//! in the same order. Comments, glyphs and NAGs are checked for syntax and
//! skipped. Anything unusual (a byte outside printable ASCII, other than tab
//! and line breaks where the grammar allows them; a syntax error; a number
//! out of range) makes it give up, and the caller reads the game the
//! ordinary way, which says what is wrong.
//!
//! It knows nothing of rules: `replay`'s quick check is the visitor that
//! plays the moves.

use super::ast::Outcome;
use super::parse::MAX_DEPTH;

/// What [`read`] hands out, in text order. Each method returns `false` to
/// give up (then `read` stops and returns `false`).
pub trait Visitor<'a> {
    /// A tag pair. `value` is the text between the quotes as written;
    /// `escaped` says whether it holds `\"` or `\\` (then the value the
    /// parser keeps differs from `value`).
    fn tag(&mut self, name: &'a [u8], value: &'a [u8], escaped: bool) -> bool;
    /// The tags are over; the movetext starts.
    fn movetext(&mut self) -> bool;
    /// A move number, `12.` (`north` false) or `12...` (`north` true).
    fn number(&mut self, number: u32, north: bool) -> bool;
    /// A move: its pit letter (ASCII), and its claim if it has one.
    fn play(&mut self, letter: u8, claim: Option<u32>) -> bool;
    /// `(`: a variation of the last move of the current line opens.
    fn open(&mut self) -> bool;
    /// `)`: the variation closes.
    fn close(&mut self) -> bool;
    /// The game-termination token, and nothing but white space after it.
    fn end(&mut self, outcome: Outcome) -> bool;
}

/// Byte classes, as bits of [`CLASS`].
const WS: u8 = 1;
/// A delimiter of grammar.md (the table the cutter and the parser share).
const DELIMITER: u8 = 2;
/// Printable ASCII or tab: what the quick reader accepts in tag values and
/// comments (line breaks aside). Anything else is left to the parser, which
/// names invisible and look-alike characters.
const PLAIN: u8 = 4;
/// Ends a word: a delimiter or `$`.
const WORD_END: u8 = 8;
/// May stand in a tag name after its first letter: ASCII letters, digits, `_`.
const NAME: u8 = 16;

const fn classes() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let mut c = 0;
        let byte = b as u8;
        if matches!(byte, b' ' | b'\t' | b'\r' | b'\n') {
            c |= WS;
        }
        if super::lex::IS_DELIMITER[b] {
            c |= DELIMITER | WORD_END;
        }
        if byte == b'$' {
            c |= WORD_END;
        }
        if byte.is_ascii_alphanumeric() || byte == b'_' {
            c |= NAME;
        }
        if (byte >= b' ' && byte <= b'~') || byte == b'\t' {
            c |= PLAIN;
        }
        table[b] = c;
        b += 1;
    }
    table
}

/// The class bits of every byte.
static CLASS: [u8; 256] = classes();

#[inline(always)]
fn is(b: u8, class: u8) -> bool {
    CLASS[usize::from(b)] & class != 0
}

/// `is(b, WS)` worked out in registers. White space is skipped before
/// every token, and where it ends decides where everything after it is
/// read: a load from the table at each step made that wait (about 5% of
/// `validate` on one core, though it takes more instructions).
#[inline(always)]
fn is_ws(b: u8) -> bool {
    const MASK: u64 = 1 << b' ' | 1 << b'\t' | 1 << b'\r' | 1 << b'\n';
    b < 64 && MASK >> b & 1 != 0
}

/// Digits from `at`: their value, if there is at least one and it fits in a
/// `u32` (as the parser's `parse::<u32>()` requires), and where they end.
#[inline(always)]
fn number(bytes: &[u8], mut at: usize) -> Option<(u32, usize)> {
    let start = at;
    let mut n: u32 = 0;
    while let Some(&b) = bytes.get(at) {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        n = n.checked_mul(10)?.checked_add(u32::from(d))?;
        at += 1;
    }
    (at > start).then_some((n, at))
}

/// Reads one game's bytes (as the game reader cuts them), handing its
/// tokens to `v`. `true` when the whole game was read, it is in the subset
/// (so the parser accepts it), and `v` never gave up; see the module docs.
#[inline]
pub fn read<'a>(bytes: &'a [u8], v: &mut impl Visitor<'a>) -> bool {
    // The parser refuses a game whose offsets do not fit in a `u32`.
    u32::try_from(bytes.len()).is_ok() && read_game::<false>(bytes, v).is_some()
}

/// Where a game read by [`read_in_stream`] ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamEnd {
    /// Just past its termination token: the game's bytes, as
    /// [`GameReader`](super::GameReader) cuts them, are `bytes[..game]`.
    pub game: usize,
    /// Past the white space that ends the token's line, its line break
    /// excluded (or the end of `bytes`): the game reader takes the next
    /// game from the first byte other than white space from here.
    pub line: usize,
}

/// [`read`] on a game that starts at `bytes[0]` of a longer input (its first
/// byte other than white space), without cutting it out first: the game
/// reader's rules are checked on the way. `Some` when the game is in the
/// subset and `v` never gave up, as with [`read`], and besides
/// [`GameReader`](super::GameReader) would cut out exactly `bytes[..game]`
/// of the returned [`StreamEnd`]: nothing in it starts another game (no
/// blank line before a `[`, even in a comment), and after its termination
/// token only spaces, tabs and carriage returns stand on its line.
///
/// The caller checks what this cannot see: that `bytes[0]` is where the
/// game reader would start a game, that no byte-order mark comes first, and
/// that the game is within the reader's `max_game_bytes`.
#[inline]
pub fn read_in_stream<'a>(bytes: &'a [u8], v: &mut impl Visitor<'a>) -> Option<StreamEnd> {
    let game = read_game::<true>(bytes, v)?;
    u32::try_from(game).ok()?;
    let mut line = game;
    while let Some(b' ' | b'\t' | b'\r') = bytes.get(line) {
        line += 1;
    }
    match bytes.get(line) {
        None | Some(b'\n') => Some(StreamEnd { game, line }),
        Some(_) => None,
    }
}

/// [`read`] and [`read_in_stream`], with `?` for giving up; returns where
/// the termination token ends. With `STREAM` the game may be followed by
/// more input, and what would make the game reader cut it elsewhere gives
/// up.
///
/// This and the functions it calls are the quick check's inner loop: they
/// are inlined into one, as they were written before they were split.
#[inline(always)]
fn read_game<'a, const STREAM: bool>(bytes: &'a [u8], v: &mut impl Visitor<'a>) -> Option<usize> {
    let at = read_tags::<STREAM>(bytes, v)?;
    read_movetext::<STREAM>(bytes, at, v)
}

/// `Some(())` when `ok`, for giving up with `?`.
#[inline(always)]
fn check(ok: bool) -> Option<()> {
    ok.then_some(())
}

/// The byte at `at`, if any.
#[inline(always)]
fn byte(bytes: &[u8], at: usize) -> Option<u8> {
    bytes.get(at).copied()
}

/// Where the white space from `at` ends.
#[inline(always)]
fn skip_ws(bytes: &[u8], mut at: usize) -> usize {
    while byte(bytes, at).is_some_and(is_ws) {
        at += 1;
    }
    at
}

/// Where the spaces and tabs from `at` end.
#[inline(always)]
fn skip_blank(bytes: &[u8], mut at: usize) -> usize {
    while matches!(byte(bytes, at), Some(b' ' | b'\t')) {
        at += 1;
    }
    at
}

/// The tag section: `[Name "value"]`, each on its own line, handed to `v`.
/// Returns where the movetext starts.
#[inline(always)]
fn read_tags<'a, const STREAM: bool>(bytes: &'a [u8], v: &mut impl Visitor<'a>) -> Option<usize> {
    let mut at = 0;
    let mut tags = 0usize;
    loop {
        let line_end = at;
        at = skip_ws(bytes, at);
        if byte(bytes, at) != Some(b'[') {
            break;
        }
        // A tag line after a blank line starts the next game.
        let blank_line = || bytes[line_end..at].iter().filter(|&&b| b == b'\n').count() > 1;
        check(!STREAM || tags == 0 || !blank_line())?;
        let (name, value, escaped, end) = read_tag(bytes, at + 1)?;
        at = end;
        tags += 1;
        check(v.tag(name, value, escaped))?;
    }
    // Tags and nothing else is an error of its own (and in a stream, what
    // follows is another game's).
    check(!(at == bytes.len() && tags > 0))?;
    check(v.movetext())?;
    Some(at)
}

/// One tag line from just after its `[`: the name, the value (escapes not
/// undone), whether the value has escapes, and where the line ends (at its
/// line break, or the end of the input).
#[inline(always)]
fn read_tag(bytes: &[u8], at: usize) -> Option<(&[u8], &[u8], bool, usize)> {
    let mut at = skip_blank(bytes, at);
    let name_start = at;
    check(byte(bytes, at)?.is_ascii_alphabetic())?;
    while byte(bytes, at).is_some_and(|b| is(b, NAME)) {
        at += 1;
    }
    let name = &bytes[name_start..at];
    at = skip_blank(bytes, at);
    check(byte(bytes, at)? == b'"')?;
    at += 1;
    let value_start = at;
    // One pass to the closing quote: values are short, and a search
    // for the quote first cost more than it saved.
    let mut escaped = false;
    let close = loop {
        let b = byte(bytes, at)?;
        match b {
            b'"' => break at,
            b'\\' => {
                // An escape: `\"` or `\\`.
                match byte(bytes, at + 1)? {
                    b'"' | b'\\' => {}
                    _ => return None,
                }
                escaped = true;
                at += 2;
            }
            _ => {
                check(is(b, PLAIN))?;
                at += 1;
            }
        }
    };
    let value = &bytes[value_start..close];
    at = skip_blank(bytes, close + 1);
    check(byte(bytes, at)? == b']')?;
    at = skip_blank(bytes, at + 1);
    match byte(bytes, at) {
        None | Some(b'\n') => {}
        Some(b'\r') if byte(bytes, at + 1) == Some(b'\n') => {}
        Some(_) => return None,
    }
    Some((name, value, escaped, at))
}

/// The movetext from `at`, with the structure rules the parser enforces:
/// what the current line has had (a move; a variation last, after which no
/// NAG may follow), whether a move number waits for its move, and how many
/// variations are open. Returns where the termination token ends.
#[inline(always)]
fn read_movetext<'a, const STREAM: bool>(
    bytes: &'a [u8],
    mut at: usize,
    v: &mut impl Visitor<'a>,
) -> Option<usize> {
    let mut has_move = false;
    let mut number_pending = false;
    let mut after_variation = false;
    let mut depth = 0usize;
    loop {
        at = skip_ws(bytes, at);
        let c = byte(bytes, at)?;
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {
                let (claim, end) = read_move(bytes, at)?;
                at = end;
                has_move = true;
                number_pending = false;
                after_variation = false;
                check(v.play(c, claim))?;
            }
            b'0'..=b'9' | b'*' => {
                check(!number_pending)?;
                // `12.` or `12...`: digits and a dot.
                if let Some((n, end)) = number(bytes, at)
                    && byte(bytes, end) == Some(b'.')
                {
                    at = end + 1;
                    let north = bytes.get(at..at + 2) == Some(b"..");
                    if north {
                        at += 2;
                    }
                    number_pending = true;
                    check(v.number(n, north))?;
                    continue;
                }
                check(depth == 0)?;
                return read_termination::<STREAM>(bytes, at, v);
            }
            b'{' => at = skip_brace_comment::<STREAM>(bytes, at)?,
            b';' => {
                let rest = &bytes[at + 1..];
                let len = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
                check(rest[..len].iter().all(|&b| is(b, PLAIN) || b == b'\r'))?;
                at += 1 + len;
            }
            b'(' => {
                check(!number_pending && has_move && depth < MAX_DEPTH)?;
                at += 1;
                depth += 1;
                has_move = false;
                after_variation = false;
                check(v.open())?;
            }
            b')' => {
                check(!number_pending && depth > 0 && has_move)?;
                at += 1;
                depth -= 1;
                // The line it was opened in: its last move was the one
                // replaced, and a variation came last.
                has_move = true;
                after_variation = true;
                check(v.close())?;
            }
            b'$' => {
                // A NAG, right after its move.
                check(!number_pending && has_move && !after_variation)?;
                let (n, end) = number(bytes, at + 1)?;
                check(n <= 255 && byte(bytes, end).is_none_or(|b| is(b, WORD_END)))?;
                at = end;
            }
            _ => return None,
        }
    }
}

/// `move = pit_letter [claim] [glyph]` at `at` (a letter), then a word end:
/// the claim, and where the move ends.
#[inline(always)]
fn read_move(bytes: &[u8], mut at: usize) -> Option<(Option<u32>, usize)> {
    at += 1;
    let mut claim = None;
    if byte(bytes, at) == Some(b'x') && byte(bytes, at + 1).is_some_and(|b| b.is_ascii_digit()) {
        let (n, end) = number(bytes, at + 1)?;
        claim = Some(n);
        at = end;
    }
    // Glyphs, longest first as the parser tries them.
    if let Some(b'!' | b'?') = byte(bytes, at) {
        at += match bytes.get(at..at + 2) {
            Some(b"!!" | b"??" | b"!?" | b"?!") => 2,
            _ => 1,
        };
    }
    check(byte(bytes, at).is_none_or(|b| is(b, WORD_END)))?;
    Some((claim, at))
}

/// The game-termination token at `at` (a word starting with a digit or
/// `*` that is no move number), at variation depth 0: handed to `v`;
/// returns where it ends.
#[inline(always)]
fn read_termination<'a, const STREAM: bool>(
    bytes: &'a [u8],
    at: usize,
    v: &mut impl Visitor<'a>,
) -> Option<usize> {
    // Digits too many for a number fail as a move number as well: then
    // this is no termination token either.
    let len = bytes[at..]
        .iter()
        .take_while(|&&b| !is(b, DELIMITER))
        .count();
    let word = &bytes[at..at + len];
    let outcome = Outcome::from_bytes(word)?;
    // In a stream the rest is the next game's, which `read_in_stream` sees
    // to.
    check(STREAM || bytes[at + len..].iter().all(|&b| is(b, WS)))?;
    check(v.end(outcome))?;
    Some(at + len)
}

/// A `{…}` comment at `at`: checked for syntax and skipped; returns where it
/// ends.
#[inline(always)]
fn skip_brace_comment<const STREAM: bool>(bytes: &[u8], at: usize) -> Option<usize> {
    let len = memchr::memchr(b'}', &bytes[at + 1..])?;
    let text = &bytes[at + 1..at + 1 + len];
    check(
        text.iter()
            .all(|&b| is(b, PLAIN) || b == b'\n' || b == b'\r'),
    )?;
    // A `[` after a blank line, even in a comment, starts the next game: in
    // a stream, give up on any `[` in a comment of several lines.
    check(
        !STREAM || memchr::memchr(b'[', text).is_none() || memchr::memchr(b'\n', text).is_none(),
    )?;
    Some(at + len + 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens as text, or `None` when the reader gave up.
    #[derive(Default)]
    struct Tokens(Vec<String>);

    impl<'a> Visitor<'a> for Tokens {
        fn tag(&mut self, name: &'a [u8], value: &'a [u8], escaped: bool) -> bool {
            let (name, value) = (
                String::from_utf8_lossy(name),
                String::from_utf8_lossy(value),
            );
            self.0.push(format!(
                "[{name} {value}{}]",
                if escaped { " escaped" } else { "" }
            ));
            true
        }
        fn movetext(&mut self) -> bool {
            self.0.push("|".into());
            true
        }
        fn number(&mut self, number: u32, north: bool) -> bool {
            self.0
                .push(format!("{number}{}", if north { "..." } else { "." }));
            true
        }
        fn play(&mut self, letter: u8, claim: Option<u32>) -> bool {
            let claim = claim.map(|c| format!("x{c}")).unwrap_or_default();
            self.0.push(format!("{}{claim}", char::from(letter)));
            true
        }
        fn open(&mut self) -> bool {
            self.0.push("(".into());
            true
        }
        fn close(&mut self) -> bool {
            self.0.push(")".into());
            true
        }
        fn end(&mut self, outcome: Outcome) -> bool {
            self.0.push(outcome.to_string());
            true
        }
    }

    fn tokens(text: &str) -> Option<String> {
        let mut t = Tokens::default();
        read(text.as_bytes(), &mut t).then(|| t.0.join(" "))
    }

    #[test]
    fn white_space_is_the_class() {
        for b in 0..=255u8 {
            assert_eq!(is_ws(b), is(b, WS), "byte {b}");
        }
    }

    #[test]
    fn reads_the_common_subset() {
        assert_eq!(
            tokens(
                "[Event \"a \\\\b\"]\r\n[Rules \"russ\"]\n\n{c} 1. cx7! $1 (1. d) 1... Fx12 *\n"
            )
            .as_deref(),
            Some(r#"[Event a \\b escaped] [Rules russ] | 1. cx7 ( 1. d ) 1... Fx12 *"#)
        );
        assert_eq!(
            tokens("1.a;x\r\n2.b?!{y\nz} 2...Cx0!! $0 $3 (2...D(2...E)) 1/2-1/2 \r\n").as_deref(),
            Some("| 1. a 2. b 2... Cx0 ( 2... D ( 2... E ) ) 1/2-1/2")
        );
        assert_eq!(tokens("*").as_deref(), Some("| *"));
        assert_eq!(
            tokens("[Event \"x\\\"y\"]\n*").as_deref(),
            Some(r#"[Event x\"y escaped] | *"#)
        );
    }

    /// What the parser refuses, the reader gives up on; and the unusual.
    #[test]
    fn gives_up_on_syntax_errors_and_the_unusual() {
        for text in [
            "",
            "[Event \"x\"]\n",
            "1. a",
            "1. a B 1-0 x",
            "1. a (1. b *) *",
            "1. *",
            "1. 2. a *",
            "(1. a) *",
            "1. a () *",
            "1. a (1. b) $1 *",
            "1. a (1. b) {c} $1 *",
            "$1 1. a *",
            "1. $1 a *",
            "1. a $256 *",
            "1. a $1x *",
            "1. ax *",
            "1. a!!! *",
            "1. a# *",
            "1. ax4294967296 *",
            "4294967296. a *",
            "1. a {\u{a0}} *",
            "1. a {\u{7}} *",
            "1. a ;\u{e9}\n*",
            "[Event \"\u{e9}\"]\n*",
            "[Event \"x\"] [Site \"y\"]\n*",
            "[Event \"x\"]\r*",
            "[Event \"x\\n\"]\n*",
            "[Event \"x\\\"]\n*",
            "[Event \"x]\n*",
            "[1 \"x\"]\n*",
            "1. a 1-0x",
            "1. a ) *",
            "1. a [ *",
            "1.. a *",
            "1. a *x",
            "1. a * {c}",
            "1. a {open *",
        ] {
            assert_eq!(tokens(text), None, "{text:?}");
            assert!(
                crate::parse_record(text).is_err() || !text.is_ascii() || text.contains('\u{7}'),
                "{text:?}"
            );
        }
        let deep = format!("1. a {}{} *", "(1. b ".repeat(65), ")".repeat(65));
        assert_eq!(tokens(&deep), None);
        let ok = format!("1. a {}{} *", "(1. b ".repeat(64), ")".repeat(64));
        assert!(tokens(&ok).is_some());
    }
}
