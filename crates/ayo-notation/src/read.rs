//! The one reader of the `.ayo` grammar (grammar.md): a streaming pass over a
//! game's bytes that hands its tokens to a [`Visitor`], in text order, with
//! their byte offsets. The rule names (`tag_pair`, `tag_value`, `movetext`,
//! `line`, `move`, `claim`, `glyph`, `nag`, `move_number`, `comment`,
//! `variation`, `termination`) are those of grammar.md.
//!
//! Everything that reads the grammar is a visitor of it (as in pgn-reader):
//! the syntax tree ([`RawGame::parse`](crate::RawGame::parse)), the tags
//! alone ([`RawGame::tags`](crate::RawGame::tags)), the quick check of
//! `ayo validate`, which plays the moves as they come without building a
//! tree, and the tag filter of `ayo filter`. A visitor skips what it does not
//! need by stopping: stopping at [`Visitor::movetext`] skips the movetext.
//!
//! The reader checks the whole grammar, the structure of lines included (a
//! move number waits for its move, a NAG follows a move, a variation follows
//! the move it replaces and holds one); a visitor sees only well-formed
//! text, up to the first syntax error, which [`read_game`] returns with its
//! place and what was expected there. What the tokens mean (the rules, the
//! tags' values) is the visitors' business.
//!
//! It is written as byte loops, not nom combinators: measured on the bench
//! corpus, each combinator the parser had (nom's `take_while`, `digit1`,
//! `tag`, `alt`) cost more instructions than the loop that replaced it
//! (BENCHMARKS.md, "Parser and replay").
//!
//! The bytes need not be UTF-8: tokens are ASCII, and the text of tag values
//! and comments is handed out as bytes. (A game read into a tree is checked
//! for UTF-8 first, so that its diagnostics can name characters.)
//!
//! ```
//! use std::ops::{ControlFlow, Range};
//! use ayo_notation::read::{Play, Visitor, read_game};
//! use ayo_notation::Origin;
//!
//! /// Counts the moves of the main line, skipping variations' moves.
//! #[derive(Default)]
//! struct MainLine {
//!     depth: usize,
//!     moves: usize,
//! }
//!
//! impl<'a> Visitor<'a> for MainLine {
//!     fn play(&mut self, _: Play) -> ControlFlow<()> {
//!         self.moves += usize::from(self.depth == 0);
//!         ControlFlow::Continue(())
//!     }
//!     fn open(&mut self, _: usize) -> ControlFlow<()> {
//!         self.depth += 1;
//!         ControlFlow::Continue(())
//!     }
//!     fn close(&mut self, _: usize) -> ControlFlow<()> {
//!         self.depth -= 1;
//!         ControlFlow::Continue(())
//!     }
//! }
//!
//! let mut v = MainLine::default();
//! let text = b"1. c {a comment} F (1... A 2. b) 2. d $1 *\n";
//! assert!(read_game(text, Origin::START, &mut v).is_ok());
//! assert_eq!(v.moves, 3);
//!
//! let e = read_game(b"1. c 2. *", Origin::START, &mut MainLine::default()).unwrap_err();
//! assert_eq!((e.span.line, e.span.column), (1, 9));
//! assert_eq!(e.message, "expected a move after move number 2.; found `*`");
//! ```

use std::borrow::Cow;
use std::ops::{ControlFlow, Range};

use super::ast::{Glyph, Outcome, Span};
use super::lex;

mod found;
pub(crate) mod locate;
mod tree;

use found::{found, looks_like_chess};
pub(crate) use locate::Locator;
use locate::{Origin, SyntaxError};
pub(crate) use tree::{parse_game, parse_tags};

/// Variations nested deeper than this are refused, so that hostile input
/// cannot exhaust what a visitor keeps per level.
pub(crate) const MAX_DEPTH: usize = 64;

/// What a [`Visitor`] says after each token: go on, or stop reading.
pub(crate) type Flow = ControlFlow<()>;

const GO: Flow = ControlFlow::Continue(());

/// What [`read_game`] hands out, in text order. Offsets are byte offsets in
/// the game's text. Each method returns [`ControlFlow::Break`] to stop
/// reading (then [`read_game`] returns `Ok(Break)`); each does nothing by
/// default, so that a visitor implements only what it needs.
pub trait Visitor<'a> {
    /// A tag pair.
    fn tag(&mut self, tag: TagPair<'a>) -> ControlFlow<()> {
        let _ = tag;
        GO
    }
    /// The tag section is over; the movetext starts at `at` (its first
    /// byte other than white space). Stop here to skip it.
    fn movetext(&mut self, at: usize) -> ControlFlow<()> {
        let _ = at;
        GO
    }
    /// A move number, `12.` (`north` false) or `12...` (`north` true).
    fn number(&mut self, number: u32, north: bool, at: Range<usize>) -> ControlFlow<()> {
        let _ = (number, north, at);
        GO
    }
    /// A move.
    fn play(&mut self, play: Play) -> ControlFlow<()> {
        let _ = play;
        GO
    }
    /// A NAG, `$3`, after the move it annotates.
    fn nag(&mut self, value: u8, at: Range<usize>) -> ControlFlow<()> {
        let _ = (value, at);
        GO
    }
    /// A comment: `{text}` or `;text` to the end of its line (carriage
    /// returns before the line feed left out). `text` starts at
    /// `at.start + 1`.
    fn comment(&mut self, text: &'a [u8], at: Range<usize>) -> ControlFlow<()> {
        let _ = (text, at);
        GO
    }
    /// `(` at `at`: a variation of the last move of the current line opens.
    fn open(&mut self, at: usize) -> ControlFlow<()> {
        let _ = at;
        GO
    }
    /// `)` at `at`: the innermost variation closes.
    fn close(&mut self, at: usize) -> ControlFlow<()> {
        let _ = at;
        GO
    }
    /// The game-termination token, at the end of the main line.
    fn end(&mut self, outcome: Outcome, at: Range<usize>) -> ControlFlow<()> {
        let _ = (outcome, at);
        GO
    }
}

/// A tag pair, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagPair<'a> {
    /// The name (ASCII).
    pub name: &'a [u8],
    /// The text between the quotes, escapes not undone.
    pub value: &'a [u8],
    /// Whether `value` holds `\"` or `\\` (then the value meant differs
    /// from `value`: see [`TagPair::text`]).
    pub escaped: bool,
    /// From `[` to `]`.
    pub at: Range<usize>,
    /// The value with its quotes.
    pub value_at: Range<usize>,
}

impl<'a> TagPair<'a> {
    /// The value meant, escapes undone; `None` when it is not UTF-8.
    pub fn text(&self) -> Option<Cow<'a, str>> {
        let value = std::str::from_utf8(self.value).ok()?;
        Some(if self.escaped {
            unescape(value)
        } else {
            Cow::Borrowed(value)
        })
    }
}

/// A tag value as written with `\"` and `\\` undone.
pub(crate) fn unescape(value: &str) -> Cow<'_, str> {
    if !value.contains('\\') {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        // The reader lets through only `\"` and `\\`.
        out.push(if c == '\\' {
            chars.next().unwrap_or(c)
        } else {
            c
        });
    }
    Cow::Owned(out)
}

/// A move token: `move = pit_letter [claim] [glyph]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// The pit letter (ASCII).
    pub letter: u8,
    /// The claim `x7`, if any.
    pub claim: Option<u32>,
    /// The glyph, if any.
    pub glyph: Option<Glyph>,
    /// The token.
    pub at: Range<usize>,
}

/// Reads one game's text (as [`GameReader`](crate::GameReader) cuts it),
/// handing its tokens to `v`. `Ok(Continue)` when the whole game was read,
/// `Ok(Break)` when `v` stopped, and the first syntax error otherwise
/// (located from `origin`, where the text starts in its input).
///
/// A text of more than `u32::MAX` bytes is an error: spans could not hold
/// its offsets.
pub fn read_game<'a>(
    text: &'a [u8],
    origin: Origin,
    v: &mut impl Visitor<'a>,
) -> Result<ControlFlow<()>, SyntaxError> {
    let mut r = Reader::<false> {
        text,
        origin,
        error: None,
    };
    if u32::try_from(text.len()).is_err() {
        return Err(r.too_large());
    }
    match r.game(v) {
        Ok(_) => Ok(GO),
        Err(Halt::Stopped) => Ok(ControlFlow::Break(())),
        Err(Halt::Error) => Err(r.error.take().unwrap_or_else(|| r.too_large())),
    }
}

/// Where a game read by [`read_in_stream`] ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamEnd {
    /// Just past its termination token: the game's bytes, as
    /// [`GameReader`](crate::GameReader) cuts them, are `bytes[..game]`.
    pub game: usize,
    /// Past the white space that ends the token's line, its line break
    /// excluded (or the end of `bytes`): the game reader takes the next
    /// game from the first byte other than white space from here.
    pub line: usize,
}

/// [`read_game`] on a game that starts at `bytes[0]` of a longer input (its
/// first byte other than white space), without cutting it out first: the
/// game reader's cutting rule is checked on the way. `Some` when the game
/// was read whole, with no syntax error, `v` never stopped, and
/// [`GameReader`](crate::GameReader) would cut out exactly `bytes[..game]`
/// of the returned [`StreamEnd`]: nothing in it starts another game (no
/// blank line before a `[`, even in a comment), and after its termination
/// token only spaces, tabs and carriage returns stand on its line. `None`
/// says nothing either way: cut the game out and read it with
/// [`read_game`], which names any error.
///
/// The caller checks what this cannot see: that `bytes[0]` is where the
/// game reader would start a game, that no byte-order mark comes first, and
/// that the game is within the reader's `max_game_bytes`.
pub fn read_in_stream<'a>(bytes: &'a [u8], v: &mut impl Visitor<'a>) -> Option<StreamEnd> {
    let mut r = Reader::<true> {
        text: bytes,
        origin: Origin::START,
        error: None,
    };
    let game = r.game(v).ok()?;
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

/// Why reading stopped before the end: a syntax error (kept in
/// [`Reader::error`], except in a stream, where none is made), or the
/// visitor. Small, so that every step returns in registers.
#[derive(Clone, Copy, Debug)]
enum Halt {
    Error,
    Stopped,
}

type Step<T> = Result<T, Halt>;

/// A visitor's answer as a step.
#[inline(always)]
fn flow(f: Flow) -> Step<()> {
    match f {
        ControlFlow::Continue(()) => Ok(()),
        ControlFlow::Break(()) => Err(Halt::Stopped),
    }
}

/// The reader of one game. With `STREAM` the game stands at the start of a
/// longer input: what follows its termination token is another game's, a
/// syntax error is only a reason to give up (no message is made), and what
/// would make the game reader cut the text elsewhere gives up too.
struct Reader<'a, const STREAM: bool> {
    text: &'a [u8],
    origin: Origin,
    error: Option<SyntaxError>,
}

/// The bytes that may stand in a tag name after its first letter: ASCII
/// letters, digits and `_` (a table: one load, where the tests took
/// several).
static NAME: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    table
};

/// The bytes that end a run of a tag value's plain bytes: its closing
/// quote, an escape, or a line break (an unclosed value).
static TAG_VALUE_STOPS: [u8; 256] = lex::stop_table(b"\"\\\n\r", false);

/// The byte at `at`, if any.
#[inline(always)]
fn byte(text: &[u8], at: usize) -> Option<u8> {
    text.get(at).copied()
}

/// `{ ws }`: where the white space from `at` (line breaks included) ends.
#[inline(always)]
fn skip_ws(text: &[u8], mut at: usize) -> usize {
    while byte(text, at).is_some_and(is_ws) {
        at += 1;
    }
    at
}

/// Whether `b` is white space: a space, tab, carriage return or line feed.
/// (A mask of the four: one test, where a `match` made four.)
#[inline(always)]
fn is_ws(b: u8) -> bool {
    const MASK: u64 = 1 << b' ' | 1 << b'\t' | 1 << b'\r' | 1 << b'\n';
    b < 64 && MASK >> b & 1 != 0
}

/// `{ blank }`: where the spaces and tabs from `at` end.
#[inline(always)]
fn skip_blank(text: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\t') = byte(text, at) {
        at += 1;
    }
    at
}

/// [`skip_blank`], for where `next` mostly stands right at `at`.
#[inline(always)]
fn skip_blank_before(text: &[u8], at: usize, next: u8) -> usize {
    if byte(text, at) == Some(next) {
        at
    } else {
        skip_blank(text, at)
    }
}

/// Where the digits from `at` end.
#[inline(always)]
fn skip_digits(text: &[u8], mut at: usize) -> usize {
    while byte(text, at).is_some_and(|b| b.is_ascii_digit()) {
        at += 1;
    }
    at
}

/// The word at `at`: the longest run of bytes that are not delimiters
/// (possibly empty).
fn word(text: &[u8], at: usize) -> &[u8] {
    let rest = &text[at.min(text.len())..];
    let n = rest
        .iter()
        .position(|&b| lex::is_delimiter(b))
        .unwrap_or(rest.len());
    &rest[..n]
}

/// Whether the word `w` is a whole move: a pit letter, a claim, a glyph
/// ([`move_parts`] reads them, as for a move; a claim too large to count is
/// still a move's claim here).
fn is_move_word(w: &[u8]) -> bool {
    let whole = |parts: MoveParts| parts.end == w.len();
    w.first().is_some_and(u8::is_ascii_alphabetic)
        && move_parts(w, 0, |digits| Ok::<_, ()>(skip_digits(w, digits))).is_ok_and(whole)
}

/// The parts of `move = pit_letter [claim] [glyph]` after its letter.
struct MoveParts {
    claim: Option<u32>,
    glyph: Option<Glyph>,
    /// Where the glyph (or claim, or letter) ends.
    end: usize,
}

/// `move = pit_letter [claim] [glyph]` whose letter is at `start`: the one
/// lexer of the move token, for the movetext and for the title-line
/// diagnostic ([`is_move_word`]). A claim's digits at `digits` too many for
/// a `u32` go to `too_large`, which refuses them or says where they end.
/// What follows the token is the caller's to judge.
#[inline(always)]
fn move_parts<E>(
    text: &[u8],
    start: usize,
    too_large: impl FnOnce(usize) -> Result<usize, E>,
) -> Result<MoveParts, E> {
    let mut at = start + 1;
    let mut claim = None;
    if byte(text, at) == Some(b'x') && byte(text, at + 1).is_some_and(|b| b.is_ascii_digit()) {
        match number(text, at + 1) {
            Some((n, end)) => (claim, at) = (Some(n), end),
            None => at = too_large(at + 1)?,
        }
    }
    // Glyphs, longest first.
    let mut glyph = None;
    if let Some(b'!' | b'?') = byte(text, at) {
        let (g, len) = match text.get(at..at + 2) {
            Some(b"!!") => (Glyph::Brilliant, 2),
            Some(b"??") => (Glyph::Blunder, 2),
            Some(b"!?") => (Glyph::Interesting, 2),
            Some(b"?!") => (Glyph::Dubious, 2),
            _ if text[at] == b'!' => (Glyph::Good, 1),
            _ => (Glyph::Mistake, 1),
        };
        glyph = Some(g);
        at += len;
    }
    Ok(MoveParts {
        claim,
        glyph,
        end: at,
    })
}

/// The digits from `at`: their value, if it fits in a `u32` (as
/// `str::parse` reads them), and where they end; `None` when there are none
/// or too many. One pass, value and end together.
#[inline(always)]
fn number(text: &[u8], mut at: usize) -> Option<(u32, usize)> {
    let start = at;
    let mut n: u32 = 0;
    while let Some(&b) = text.get(at) {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        n = n.checked_mul(10)?.checked_add(u32::from(d))?;
        at += 1;
    }
    (at > start).then_some((n, at))
}

/// The length of the UTF-8 character whose first byte is `b` (1 for a byte
/// that starts none).
fn char_len(b: u8) -> usize {
    match b {
        0xF0.. => 4,
        0xE0.. => 3,
        0xC0.. => 2,
        _ => 1,
    }
}

/// The text from `at` for a diagnostic: its word and a little after.
fn text_at(text: &[u8], at: usize) -> String {
    let at = at.min(text.len());
    let end = (at + word(text, at).len().max(4)).min(text.len());
    String::from_utf8_lossy(&text[at..end]).into_owned()
}

/// Where the movetext reader stands in the line it reads: what the line
/// has had (a move; a variation last, after which no NAG may follow),
/// whether a move number waits for its move, and where each open variation
/// opened.
struct Lines {
    has_move: bool,
    after_variation: bool,
    pending: Option<(u32, bool)>,
    opens: [u32; MAX_DEPTH],
    depth: usize,
}

impl Lines {
    /// Where the innermost open variation opened (`None` in the main line).
    #[inline(always)]
    fn innermost(&self) -> Option<usize> {
        self.depth.checked_sub(1).map(|d| self.opens[d] as usize)
    }
}

impl<'a, const STREAM: bool> Reader<'a, STREAM> {
    /// `tag section, movetext`; returns where the termination token ends.
    #[inline(always)]
    fn game(&mut self, v: &mut impl Visitor<'a>) -> Step<usize> {
        let (at, tags) = self.tags(v)?;
        flow(v.movetext(at))?;
        if at == self.text.len() && tags > 0 {
            // Tags and nothing else: most likely a game cut short.
            return Err(self.at_the_end(|r| {
                format!(
                    "expected movetext or a termination token after the tag pairs; found the end of the game{}",
                    r.termination_hint()
                )
            }));
        }
        let end = self.movetext(at, v);
        if !STREAM && tags == 0 && matches!(end, Err(Halt::Error)) && self.stray_text(at) {
            return Err(self.before_the_game(at));
        }
        end
    }

    /// Whether the syntax error of a game without tags is in its first
    /// word, at `at`, and that word is text that no movetext starts with (a
    /// title line, `Club championship 2026`): not a move (nor a chess move,
    /// which has a message of its own), a move number, a termination token,
    /// a comment or a variation.
    #[cold]
    fn stray_text(&self, at: usize) -> bool {
        let w = word(self.text, at);
        let in_first_word = self
            .error
            .as_ref()
            .is_some_and(|e| (e.span.offset as usize) <= at + w.len());
        if !in_first_word {
            return false;
        }
        match byte(self.text, at) {
            None => false,
            Some(b'a'..=b'z' | b'A'..=b'Z') => {
                let w = String::from_utf8_lossy(w);
                w.len() > 1 && !is_move_word(w.as_bytes()) && !looks_like_chess(&w)
            }
            Some(b'0'..=b'9') => w.iter().all(u8::is_ascii_digit),
            Some(b) => !b"*{;()$[".contains(&b) && !lex::is_delimiter(b),
        }
    }

    /// The error for text before the tags of a game ([`Reader::stray_text`]),
    /// over its first word: what may stand there, and how to keep a title.
    #[cold]
    fn before_the_game(&mut self, at: usize) -> Halt {
        let first = byte(self.text, at).map_or(0, char_len);
        let len = word(self.text, at).len().max(first);
        self.error_at(at, len, |r| {
            format!(
                "expected a tag pair or a move; found {}: a title before a game must be a tag (`[Event \"...\"]`) or a `{{comment}}`",
                found(&text_at(r.text, at))
            )
        })
    }

    /// The tag pairs, each on a line of its own; returns where the movetext
    /// starts and how many tags there were.
    #[inline(always)]
    fn tags(&mut self, v: &mut impl Visitor<'a>) -> Step<(usize, usize)> {
        let text = self.text;
        let mut at = skip_ws(text, 0);
        let mut count = 0;
        while byte(text, at) == Some(b'[') {
            let tag = self.tag_pair(at)?;
            let rest = skip_blank_before(text, tag.at.end, b'\n');
            match byte(text, rest) {
                None | Some(b'\n') => {}
                Some(b'\r') if byte(text, rest + 1) == Some(b'\n') => {}
                Some(_) => {
                    return Err(self.expected(rest, "the end of the line after the tag pair"));
                }
            }
            count += 1;
            flow(v.tag(tag))?;
            at = skip_ws(text, rest);
            // A tag line after a blank line starts the next game. Between the
            // tag line's end and `at` there is only white space, so a blank
            // line there is a second line break (most tag lines are followed
            // by one byte, their line feed, and the next tag).
            if STREAM
                && byte(text, at) == Some(b'[')
                && at - rest > 1
                && memchr::memchr_iter(b'\n', &text[rest..at]).nth(1).is_some()
            {
                return Err(Halt::Error);
            }
        }
        Ok((at, count))
    }

    /// `tag_pair = "[" blank tag_name blank+ tag_value blank "]"` at `open`.
    #[inline(always)]
    fn tag_pair(&mut self, open: usize) -> Step<TagPair<'a>> {
        let text = self.text;
        let letter = |at| byte(text, at).is_some_and(|b: u8| b.is_ascii_alphabetic());
        let mut at = open + 1;
        if !letter(at) {
            at = skip_blank(text, at);
            if !letter(at) {
                return Err(self.expected(at, "a tag name (a letter, then letters, digits or `_`)"));
            }
        }
        let name_start = at;
        while byte(text, at).is_some_and(|b| NAME[usize::from(b)]) {
            at += 1;
        }
        let name = &text[name_start..at];
        let gap = at;
        // Mostly one space, then the value.
        at = if text.get(at..at + 2) == Some(b" \"") {
            at + 1
        } else {
            skip_blank(text, at)
        };
        if byte(text, at) != Some(b'"') {
            let what = if at == gap && byte(text, at) != Some(b']') {
                "a space after the tag name"
            } else {
                "a tag value in double quotes"
            };
            return Err(self.expected(at, what));
        }
        let (value_end, escaped) = self.tag_value(at)?;
        let value_at = at..value_end;
        at = skip_blank_before(text, value_end, b']');
        if byte(text, at) != Some(b']') {
            return Err(self.expected(at, "`]` to close the tag pair"));
        }
        Ok(TagPair {
            name,
            value: &text[value_at.start + 1..value_end - 1],
            escaped,
            at: open..at + 1,
            value_at,
        })
    }

    /// `tag_value = '"' { char | '\"' | '\\' } '"'`, on one line, at `open`:
    /// where it ends (past its closing quote) and whether it has escapes.
    #[inline(always)]
    fn tag_value(&mut self, open: usize) -> Step<(usize, bool)> {
        let text = self.text;
        let mut at = open + 1;
        let mut escaped = false;
        // One pass to the closing quote, through a table of the bytes that
        // stop it (values are short: a search for the quote first cost more
        // than it saved).
        loop {
            at = lex::skip(text, at, &TAG_VALUE_STOPS);
            match byte(text, at) {
                Some(b'"') => return Ok((at + 1, escaped)),
                Some(b'\\') => match byte(text, at + 1) {
                    Some(b'"' | b'\\') => {
                        escaped = true;
                        at += 2;
                    }
                    other => return Err(self.bad_escape(at, other)),
                },
                None | Some(b'\n' | b'\r') => {
                    return Err(self.error_at(open, 1, |_| {
                        "unclosed tag value: expected `\"` before the end of the line".to_string()
                    }));
                }
                Some(_) => at += 1,
            }
        }
    }

    /// `line = { move_number | move | nag | comment | variation }`, for the
    /// main line and the variations in it, ended by the termination token:
    /// returns where it ends. Variations are read in this loop, not by
    /// recursion: [`Lines`] is all the state there is.
    #[inline(always)]
    fn movetext(&mut self, mut at: usize, v: &mut impl Visitor<'a>) -> Step<usize> {
        let text = self.text;
        let mut lines = Lines {
            has_move: false,
            after_variation: false,
            pending: None,
            opens: [0; MAX_DEPTH],
            depth: 0,
        };
        loop {
            at = skip_ws(text, at);
            let Some(c) = byte(text, at) else {
                return Err(
                    self.dangling_or(lines.pending, at, |r| r.end_of_text(lines.innermost()))
                );
            };
            match c {
                b'a'..=b'z' | b'A'..=b'Z' => {
                    let play = self.move_token(at)?;
                    at = play.at.end;
                    lines.has_move = true;
                    lines.pending = None;
                    lines.after_variation = false;
                    flow(v.play(play))?;
                }
                b'0'..=b'9' | b'*' => match self.number_or_termination(at, &mut lines, v)? {
                    ControlFlow::Continue(end) => at = end,
                    ControlFlow::Break(end) => return Ok(end),
                },
                b'{' | b';' => {
                    let (comment, end) = self.comment(at)?;
                    flow(v.comment(comment, at..end))?;
                    at = end;
                }
                b'(' => {
                    self.open_variation(at, &mut lines)?;
                    flow(v.open(at))?;
                    at += 1;
                }
                b')' => {
                    self.close_variation(at, &mut lines)?;
                    flow(v.close(at))?;
                    at += 1;
                }
                b'$' => {
                    let placed =
                        lines.has_move && lines.pending.is_none() && !lines.after_variation;
                    let (value, end) = self.nag(at, placed)?;
                    flow(v.nag(value, at..end))?;
                    at = end;
                }
                b'[' => {
                    return Err(self.error_at(at, 1, |_| {
                        "a tag pair must come before the movetext; found `[` after a move (is a game-termination token missing?)".to_string()
                    }));
                }
                _ => {
                    return Err(self.expected(
                        at,
                        "a move, a move number, a comment, a variation or a game-termination token",
                    ));
                }
            }
        }
    }

    /// A word at `at` that starts with a digit or `*`: a move number
    /// (`Continue` where it ends) or the termination token (`Break` where the
    /// game ends).
    #[inline(always)]
    fn number_or_termination(
        &mut self,
        at: usize,
        lines: &mut Lines,
        v: &mut impl Visitor<'a>,
    ) -> Step<ControlFlow<usize, usize>> {
        let text = self.text;
        // A move number must be followed by its move (comments may stand
        // between them; a NAG or a stray character has its own message).
        if let Some((n, north)) = lines.pending {
            return Err(self.dangling_number(n, north, at));
        }
        // Most words here are move numbers, and no termination token reads
        // as one (`1-0` and `1/2-1/2` stop after a digit): the move number
        // first, the whole word when it is none.
        if let Some((n, digits)) = number(text, at)
            && byte(text, digits) == Some(b'.')
        {
            let north = text.get(digits + 1..digits + 3) == Some(b"..");
            let end = digits + if north { 3 } else { 1 };
            lines.pending = Some((n, north));
            flow(v.number(n, north, at..end))?;
            return Ok(ControlFlow::Continue(end));
        }
        let digits = skip_digits(text, at);
        if digits > at && byte(text, digits) == Some(b'.') {
            return Err(self.number_too_large(at, digits));
        }
        self.termination(at, lines.innermost(), v)
            .map(ControlFlow::Break)
    }

    /// `(` at `at`: a variation of the line's last move opens.
    #[inline(always)]
    fn open_variation(&mut self, at: usize, lines: &mut Lines) -> Step<()> {
        if let Some((n, north)) = lines.pending {
            return Err(self.dangling_number(n, north, at));
        }
        if !lines.has_move {
            return Err(self.error_at(at, 1, |_| {
                "a variation must follow the move it replaces; found `(` before any move"
                    .to_string()
            }));
        }
        if lines.depth >= MAX_DEPTH {
            return Err(self.error_at(at, 1, |_| {
                format!("variations nested more than {MAX_DEPTH} deep")
            }));
        }
        // Fits: a text over `u32::MAX` bytes is refused.
        lines.opens[lines.depth] = at as u32;
        lines.depth += 1;
        lines.has_move = false;
        lines.after_variation = false;
        Ok(())
    }

    /// `)` at `at`: the innermost variation closes.
    #[inline(always)]
    fn close_variation(&mut self, at: usize, lines: &mut Lines) -> Step<()> {
        if let Some((n, north)) = lines.pending {
            return Err(self.dangling_number(n, north, at));
        }
        if lines.depth == 0 {
            return Err(self.error_at(at, 1, |_| {
                "unexpected `)`: no variation is open".to_string()
            }));
        }
        lines.depth -= 1;
        if !lines.has_move {
            return Err(self.empty_variation(lines.opens[lines.depth] as usize, at + 1));
        }
        // Back in the line it was opened in: its last move was the one
        // replaced, and a variation came last.
        lines.after_variation = true;
        Ok(())
    }

    /// `move = pit_letter [claim] [glyph]` at `at` (a letter), then the end
    /// of the word.
    #[inline(always)]
    fn move_token(&mut self, start: usize) -> Step<Play> {
        let Ok(MoveParts { claim, glyph, end }) = move_parts(self.text, start, |_| Err(())) else {
            return Err(self.claim_too_large(start));
        };
        if !self.delimited(end) {
            return Err(self.not_a_move(start, end));
        }
        Ok(Play {
            letter: self.text[start],
            claim,
            glyph,
            at: start..end,
        })
    }

    /// Whether a token that ends at `at` is followed by the end of its word.
    #[inline(always)]
    fn delimited(&self, at: usize) -> bool {
        byte(self.text, at).is_none_or(|b| lex::is_delimiter(b) || b == b'$')
    }

    /// `nag = "$" digit { digit }` at `at`, right after its move
    /// (`placed`): its value and where it ends.
    #[inline(always)]
    fn nag(&mut self, at: usize, placed: bool) -> Step<(u8, usize)> {
        let Some((value, end)) = number(self.text, at + 1) else {
            if byte(self.text, at + 1).is_some_and(|b| b.is_ascii_digit()) {
                return Err(self.nag_out_of_range(at, skip_digits(self.text, at + 1)));
            }
            return Err(self.expected(at, "a NAG: `$` and a number from 0 to 255"));
        };
        let Ok(value) = u8::try_from(value) else {
            return Err(self.nag_out_of_range(at, end));
        };
        if !placed {
            return Err(self.error_at(at, end - at, |_| {
                "a NAG must follow the move it annotates".to_string()
            }));
        }
        if !self.delimited(end) {
            return Err(self.expected(end, "a space after the NAG"));
        }
        Ok((value, end))
    }

    /// `comment = "{" text "}" | ";" text eol` at `at`: its text and where
    /// it ends (a `;` comment at its line break).
    #[inline(always)]
    fn comment(&mut self, at: usize) -> Step<(&'a [u8], usize)> {
        let text = self.text;
        let rest = &text[at + 1..];
        if text[at] == b'{' {
            let Some(len) = lex::brace_comment_len(rest) else {
                return Err(self.error_at(at, 1, |_| {
                    "unclosed comment: expected `}` before the end of the game".to_string()
                }));
            };
            let comment = &rest[..len];
            // A `[` after a blank line, even in a comment, starts the next
            // game: in a stream, the game ends before it.
            if STREAM && lex::game_starts_within(text, at + 1, at + 1 + len) {
                return Err(Halt::Error);
            }
            return Ok((comment, at + len + 2));
        }
        let len = lex::line_comment_len(rest);
        // The carriage returns before the line feed are the line's ending,
        // however many there are (as in a `{…}` comment): kept, the
        // writer's own line break would read back as one fewer.
        let mut comment = &rest[..len];
        while let [before @ .., b'\r'] = comment {
            comment = before;
        }
        Ok((comment, at + 1 + len))
    }

    /// A word at `at` starting with a digit or `*` that is no move number:
    /// the termination token, which ends the main line (`open`, where the
    /// innermost open variation opened, is `None`). Returns where the
    /// token ends.
    #[inline(always)]
    fn termination(
        &mut self,
        at: usize,
        open: Option<usize>,
        v: &mut impl Visitor<'a>,
    ) -> Step<usize> {
        let w = word(self.text, at);
        let end = at + w.len();
        let Some(outcome) = Outcome::from_bytes(w) else {
            return Err(self.not_a_termination(at, w));
        };
        if let Some(open) = open {
            return Err(self.in_variation(open, at, end));
        }
        flow(v.end(outcome, at..end))?;
        if !STREAM {
            // In a stream the rest is the next game's, which
            // `read_in_stream` sees to.
            let rest = skip_ws(self.text, end);
            if rest < self.text.len() {
                return Err(self.expected(rest, "the end of the game after its termination token"));
            }
        }
        Ok(end)
    }
}

/// The diagnostics: out of the way of the reading, made only when a game
/// has an error (and never in a stream).
impl<const STREAM: bool> Reader<'_, STREAM> {
    /// An error of `len` bytes (as many as there are) at `at`.
    #[cold]
    #[inline(never)]
    fn error_at(&mut self, at: usize, len: usize, message: impl FnOnce(&Self) -> String) -> Halt {
        if !STREAM {
            let len = len.min(self.text.len() - at);
            let span = self.locate(at, at + len);
            self.error = Some(SyntaxError {
                span,
                message: message(self),
            });
        }
        Halt::Error
    }

    /// The span of `start..end`.
    fn locate(&self, start: usize, end: usize) -> Span {
        Locator::new(self.text, self.origin).span(start, end)
    }

    /// `expected {what}; found {…}`, over the word at `at` (or its first
    /// character).
    #[cold]
    fn expected(&mut self, at: usize, what: &str) -> Halt {
        let first = byte(self.text, at).map_or(0, char_len);
        let len = word(self.text, at).len().max(first);
        self.error_at(at, len, |r| {
            format!("expected {what}; found {}", found(&text_at(r.text, at)))
        })
    }

    /// An error just after the game's last token, not at the white space (or
    /// the next game) that follows it.
    #[cold]
    fn at_the_end(&mut self, message: impl FnOnce(&Self) -> String) -> Halt {
        if STREAM {
            return Halt::Error;
        }
        let end = match std::str::from_utf8(self.text) {
            Ok(text) => text.trim_end().len(),
            Err(_) => self.text.trim_ascii_end().len(),
        };
        self.error_at(end, 0, message)
    }

    /// For a missing termination token: `: add `1-0` (from the Result tag)`
    /// when the game has a `Result` tag, nothing otherwise. The tags are read
    /// again for it: only a game with this error pays for it.
    fn termination_hint(&self) -> String {
        /// The outcome of the first `Result` tag.
        #[derive(Default)]
        struct ResultTag(Option<Option<Outcome>>);
        impl Visitor<'_> for ResultTag {
            fn tag(&mut self, tag: TagPair<'_>) -> Flow {
                if self.0.is_none() && tag.name == b"Result" {
                    // A value with escapes is no outcome.
                    self.0 = Some(Outcome::from_bytes(tag.value).filter(|_| !tag.escaped));
                }
                GO
            }
            fn movetext(&mut self, _: usize) -> Flow {
                ControlFlow::Break(())
            }
        }
        let mut result = ResultTag::default();
        let mut again = Reader::<false> {
            text: self.text,
            origin: self.origin,
            error: None,
        };
        let _ = again.tags(&mut result);
        result
            .0
            .flatten()
            .map(|o| format!(": add `{o}` (from the Result tag)"))
            .unwrap_or_default()
    }

    fn too_large(&self) -> SyntaxError {
        SyntaxError::at_start(
            self.origin,
            format!(
                "game too large: {} bytes, over the maximum of {} bytes a game can have; skipped",
                self.text.len(),
                u32::MAX
            ),
        )
    }

    /// `\` in a tag value at `at`, followed by `next`, which is not `"` or
    /// `\`.
    #[cold]
    fn bad_escape(&mut self, at: usize, next: Option<u8>) -> Halt {
        let len = 1 + next.map_or(0, char_len);
        self.error_at(at, len, |r| {
            let shown = match next {
                None | Some(b'\n' | b'\r') => "the end of the line".to_string(),
                Some(_) => {
                    let c = text_at(r.text, at + 1).chars().next().unwrap_or('\u{FFFD}');
                    format!("`\\{c}`")
                }
            };
            format!("expected `\\\"` or `\\\\` in a tag value; found {shown}")
        })
    }

    /// The text ended inside a line: no termination token (`open` is
    /// `None`), or no `)` for the variation opened at `open`.
    #[cold]
    fn end_of_text(&mut self, open: Option<usize>) -> Halt {
        match open {
            None => self.at_the_end(|r| {
                format!(
                    "missing game-termination token: expected a move, a comment, a variation or 1-0, 0-1, 1/2-1/2 or * to end the game; found the end of the game{}",
                    r.termination_hint()
                )
            }),
            Some(open) => self.error_at(open, 1, |_| {
                "unclosed variation: expected `)` before the end of the game".to_string()
            }),
        }
    }

    /// At the end of the text: a move number waiting for its move, or else
    /// `otherwise`.
    #[cold]
    fn dangling_or(
        &mut self,
        pending: Option<(u32, bool)>,
        at: usize,
        otherwise: impl FnOnce(&mut Self) -> Halt,
    ) -> Halt {
        match pending {
            Some((n, north)) => self.dangling_number(n, north, at),
            None => otherwise(self),
        }
    }

    /// A move number with no move after it, at `at`.
    #[cold]
    fn dangling_number(&mut self, n: u32, north: bool, at: usize) -> Halt {
        let len = word(self.text, at).len().max(1);
        self.error_at(at, len, |r| {
            let dots = if north { "..." } else { "." };
            format!(
                "expected a move after move number {n}{dots}; found {}",
                found(&text_at(r.text, at))
            )
        })
    }

    /// A move number at `at` whose digits, to `digits`, are too many.
    #[cold]
    fn number_too_large(&mut self, at: usize, digits: usize) -> Halt {
        let north = self.text.get(digits + 1..digits + 3) == Some(b"..");
        let end = digits + if north { 3 } else { 1 };
        self.error_at(at, end - at, |r| {
            format!(
                "move number `{}` is too large",
                String::from_utf8_lossy(&r.text[at..digits])
            )
        })
    }

    /// The claim of the move at `start`, too large.
    #[cold]
    fn claim_too_large(&mut self, start: usize) -> Halt {
        let end = skip_digits(self.text, start + 2);
        self.error_at(start + 1, end - start - 1, |r| {
            format!(
                "capture claim `x{}` is too large",
                String::from_utf8_lossy(&r.text[start + 2..end])
            )
        })
    }

    /// The NAG at `at`, its digits to `end`, out of range.
    #[cold]
    fn nag_out_of_range(&mut self, at: usize, end: usize) -> Halt {
        self.error_at(at, end - at, |r| {
            format!(
                "NAG `${}` is out of range: expected `$0` to `$255`",
                String::from_utf8_lossy(&r.text[at + 1..end])
            )
        })
    }

    /// `()` opened at `open`, closed just before `end`.
    #[cold]
    fn empty_variation(&mut self, open: usize, end: usize) -> Halt {
        let len = (self.text.len() - end).max(1).min(end - open);
        self.error_at(open, len, |_| {
            "empty variation: expected at least one move between `(` and `)`".to_string()
        })
    }

    /// A move token from `start` whose word goes on at `at`.
    #[cold]
    fn not_a_move(&mut self, start: usize, at: usize) -> Halt {
        let w = String::from_utf8_lossy(word(self.text, start)).into_owned();
        if !looks_like_chess(&w) {
            return self.expected(
                at,
                "a space, a comment or a variation after the move (a move is a pit letter, an optional claim `x7` and an optional glyph `!`, `?`, `!!`, `??`, `!?`, `?!`)",
            );
        }
        let pit = char::from(self.text[start]);
        self.error_at(start, w.len(), |_| {
            format!(
                "expected a move; found `{w}`, which looks like chess: a move here is a single pit letter (`{pit}`), with an optional claim such as `{pit}x3` (see grammar.md, Moves)"
            )
        })
    }

    /// A word `w` at `at` that is neither a move number nor a termination
    /// token.
    #[cold]
    fn not_a_termination(&mut self, at: usize, w: &[u8]) -> Halt {
        if let Some(token) = Outcome::ALL
            .iter()
            .find(|o| w.starts_with(o.as_str().as_bytes()))
        {
            return self.expected(
                at,
                &format!(
                    "a space or the end of the line after the game-termination token `{token}`"
                ),
            );
        }
        self.expected(
            at,
            "a move number (`12.` or `12...`) or a game-termination token (1-0, 0-1, 1/2-1/2, *)",
        )
    }

    /// The termination token at `at..end` inside the variation opened at
    /// `open`.
    #[cold]
    fn in_variation(&mut self, open: usize, at: usize, end: usize) -> Halt {
        if STREAM {
            return Halt::Error;
        }
        let open = self.locate(open, open + 1);
        self.error_at(at, end - at, |r| {
            format!(
                "expected `)` to close the variation opened at {}:{}; found the game-termination token `{}`",
                open.line,
                open.column,
                String::from_utf8_lossy(&r.text[at..end])
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The title-line test reads a word as a move exactly where the movetext
    /// would lex one: letter, claim (even one too large to count), glyph.
    #[test]
    fn move_words_are_lexed_as_moves_are() {
        let moves = [
            "a",
            "F",
            "x",
            "ax3",
            "bx0!",
            "cx12??",
            "d!?",
            "e?!",
            "ax99999999999",
            "f!",
        ];
        let words = [
            "", "1a", "ax", "ax3x", "a!!!", "ab", "a$1", "x3", "a!x", "ax3!!?",
        ];
        for w in moves {
            assert!(is_move_word(w.as_bytes()), "{w} is a move");
        }
        for w in words {
            assert!(!is_move_word(w.as_bytes()), "{w} is no move");
        }
    }

    /// The tokens handed out, as text.
    #[derive(Default)]
    struct Tokens(Vec<String>);

    impl<'a> Visitor<'a> for Tokens {
        fn tag(&mut self, tag: TagPair<'a>) -> Flow {
            let escaped = if tag.escaped { " escaped" } else { "" };
            self.0.push(format!(
                "[{} {}{escaped}]",
                String::from_utf8_lossy(tag.name),
                String::from_utf8_lossy(tag.value)
            ));
            GO
        }
        fn movetext(&mut self, _: usize) -> Flow {
            self.0.push("|".into());
            GO
        }
        fn number(&mut self, number: u32, north: bool, _: Range<usize>) -> Flow {
            self.0
                .push(format!("{number}{}", if north { "..." } else { "." }));
            GO
        }
        fn play(&mut self, play: Play) -> Flow {
            let claim = play.claim.map(|c| format!("x{c}")).unwrap_or_default();
            let glyph = play.glyph.map(|g| g.as_str()).unwrap_or_default();
            self.0
                .push(format!("{}{claim}{glyph}", char::from(play.letter)));
            GO
        }
        fn nag(&mut self, value: u8, _: Range<usize>) -> Flow {
            self.0.push(format!("${value}"));
            GO
        }
        fn comment(&mut self, text: &'a [u8], _: Range<usize>) -> Flow {
            self.0
                .push(format!("{{{}}}", String::from_utf8_lossy(text)));
            GO
        }
        fn open(&mut self, _: usize) -> Flow {
            self.0.push("(".into());
            GO
        }
        fn close(&mut self, _: usize) -> Flow {
            self.0.push(")".into());
            GO
        }
        fn end(&mut self, outcome: Outcome, _: Range<usize>) -> Flow {
            self.0.push(outcome.to_string());
            GO
        }
    }

    fn tokens(text: &str) -> Option<String> {
        let mut t = Tokens::default();
        matches!(read_game(text.as_bytes(), Origin::START, &mut t), Ok(GO)).then(|| t.0.join(" "))
    }

    #[test]
    fn hands_out_every_token() {
        assert_eq!(
            tokens(
                "[Event \"a \\\\b\"]\r\n[Rules \"russ\"]\n\n{c} 1. cx7! $1 (1. d) 1... Fx12 *\n"
            )
            .as_deref(),
            Some(r#"[Event a \\b escaped] [Rules russ] | {c} 1. cx7! $1 ( 1. d ) 1... Fx12 *"#)
        );
        assert_eq!(
            tokens("1.a;x\r\n2.b?!{y\nz} 2...Cx0!! $0 $3 (2...D(2...E)) 1/2-1/2 \r\n").as_deref(),
            Some("| 1. a {x} 2. b?! {y\nz} 2... Cx0!! $0 $3 ( 2... D ( 2... E ) ) 1/2-1/2")
        );
        assert_eq!(tokens("*").as_deref(), Some("| *"));
        assert_eq!(
            tokens("[Event \"x\\\"y\"]\n*").as_deref(),
            Some(r#"[Event x\"y escaped] | *"#)
        );
        // Text that is no tokens' business: any bytes in values and comments.
        assert_eq!(
            tokens("[Event \"\u{e9}\"]\n1. a {\u{a0}\u{7}} *").as_deref(),
            Some("[Event \u{e9}] | 1. a {\u{a0}\u{7}} *")
        );
    }

    /// What is not the grammar is refused, with a message.
    #[test]
    fn refuses_syntax_errors() {
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
            assert!(crate::Record::parse(text).is_err(), "{text:?}");
        }
        let deep = format!("1. a {}{} *", "(1. b ".repeat(65), ")".repeat(65));
        assert_eq!(tokens(&deep), None);
        let ok = format!("1. a {}{} *", "(1. b ".repeat(64), ")".repeat(64));
        assert!(tokens(&ok).is_some());
    }

    #[test]
    fn a_visitor_stops_where_it_likes() {
        struct TagsOnly(usize);
        impl Visitor<'_> for TagsOnly {
            fn tag(&mut self, _: TagPair<'_>) -> Flow {
                self.0 += 1;
                GO
            }
            fn movetext(&mut self, _: usize) -> Flow {
                ControlFlow::Break(())
            }
        }
        let mut v = TagsOnly(0);
        // The movetext is not read, so its error is not seen.
        let read = read_game(b"[A \"1\"]\n[B \"2\"]\n\n1. % *", Origin::START, &mut v);
        assert_eq!((read, v.0), (Ok(ControlFlow::Break(())), 2));
    }

    #[test]
    fn in_a_stream_the_game_ends_at_its_termination() {
        let text = b"[A \"1\"]\n\n1. a *  \n\n[B \"2\"]\n1. b *\n";
        let end = read_in_stream(text, &mut Tokens::default()).unwrap();
        assert_eq!((end.game, end.line), (15, 17));
        // What the game reader would cut elsewhere is given up on.
        for text in [
            &b"[A \"1\"]\n\n[B \"2\"]\n1. a *\n"[..],
            b"1. a {x\n\n[B \"2\"]} *\n",
            b"1. a * B\n",
            b"1. a (1. b",
        ] {
            assert_eq!(
                read_in_stream(text, &mut Tokens::default()),
                None,
                "{text:?}"
            );
        }
    }
}
