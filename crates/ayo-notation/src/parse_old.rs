#![allow(dead_code, unused_imports)]
//! The grammar of one game's text, in nom. The rule names (`tag_pair`,
//! `tag_value`, `movetext`, `line`, `move_token`, `claim`, `glyph`, `nag`,
//! `move_number`, `comment`, `variation`, `termination`) are those of
//! grammar.md.
//!
//! nom reads the tokens; `GameParser::line` puts them together, because that
//! is where a diagnostic knows what it expected: "a move after move number 3.",
//! "`)` to close the variation opened at 4:7".

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till};
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::{opt, recognize};
use nom::sequence::preceded;
use nom::{IResult, Parser};
use std::borrow::Cow;

use crate::ast::{
    Comment, Glyph, List, Move, MoveNumber, Moves, Nag, Outcome, Record, Span, Tag, Termination,
    Variation,
};
use crate::lex;
use crate::tags::known_index;
use crate::write::KNOWN_TAGS;

/// Variations nested deeper than this are refused, so that hostile input cannot
/// overflow the stack.
pub(crate) const MAX_DEPTH: usize = 64;

/// A syntax error: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SyntaxError {
    /// The offending text (or the empty place where something was missing).
    pub span: Span,
    /// `expected …; found …`, or a sentence saying what is wrong.
    pub message: String,
}

/// Where a game's text starts in its input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    /// Byte offset in the input.
    pub offset: usize,
    /// 1-based line.
    pub line: u32,
    /// 1-based column (a game may start on the line where the last one ended).
    pub column: u32,
}

impl Origin {
    /// The start of an input.
    pub const START: Origin = Origin {
        offset: 0,
        line: 1,
        column: 1,
    };
}

/// Turns byte offsets within a game's text into spans of the whole input.
///
/// Spans are asked for mostly in increasing order, so the locator keeps a
/// cursor and only scans forward from it: a 100,000-move game on one line stays
/// linear. Columns of ASCII text are byte differences.
struct Locator<'a> {
    text: &'a str,
    origin: Origin,
    ascii: bool,
    /// 0-based line of the cursor, within the game.
    line: u32,
    /// Byte offset where the cursor's line starts.
    line_start: usize,
    /// The cursor: a byte offset and its column.
    at: usize,
    column: u32,
}

impl<'a> Locator<'a> {
    fn new(text: &'a str, origin: Origin) -> Self {
        Locator {
            text,
            origin,
            ascii: text.is_ascii(),
            line: 0,
            line_start: 0,
            at: 0,
            column: origin.column,
        }
    }

    // Runs for every token: inlined, the span is built in registers.
    #[inline(always)]
    fn span(&mut self, start: usize, end: usize) -> Span {
        if start < self.at {
            // Backwards: start again from the top (rare; spans are mostly made
            // in order).
            self.line = 0;
            self.line_start = 0;
            self.at = 0;
            self.column = self.origin.column;
        }
        let gap = &self.text.as_bytes()[self.at..start];
        // Most gaps are a space or two on the same line: looking for the last
        // line break first leaves counting them to the rare gap that has one.
        // A plain loop beats memchr's set-up on short gaps.
        let last = if gap.len() < 64 {
            gap.iter().rposition(|&b| b == b'\n')
        } else {
            memchr::memrchr(b'\n', gap)
        };
        if let Some(last) = last {
            let newlines = if last < 64 {
                1 + gap[..last].iter().filter(|&&b| b == b'\n').count()
            } else {
                memchr::memchr_iter(b'\n', gap).count()
            };
            self.line += newlines as u32;
            self.line_start = self.at + last + 1;
            self.at = self.line_start;
            self.column = 1;
        }
        self.column += if self.ascii {
            (start - self.at) as u32
        } else {
            self.text[self.at..start].chars().count() as u32
        };
        self.at = start;
        // Both fit: `parse_game` refuses a text longer than `u32::MAX`.
        Span {
            offset: start as u32,
            len: (end - start) as u32,
            line: self.origin.line + self.line,
            column: self.column,
        }
    }
}

type Res<'a, T> = IResult<&'a str, T>;

/// Whether `c` ends a word: one of the delimiters the parser shares with
/// the game cutter.
fn is_delimiter(c: char) -> bool {
    u8::try_from(c).is_ok_and(lex::is_delimiter)
}

/// The longest start of `i` whose bytes pass `test`, and the rest: never
/// fails. `test` must accept only ASCII bytes or reject only ASCII
/// bytes: either way the cut falls where nom's char-by-char `take_while`
/// would put it, on a character boundary (the bytes of a multi-byte
/// character are never ASCII). A plain byte loop: `take_while` decodes every
/// character, and its byte version was not reliably inlined.
/// (Benchmarked, callgrind on the bench corpus: byte loops here and for
/// digits took parse from 1,196M to 1,119M instructions, see BENCHMARKS.md.
/// Digits have since gone back to nom's `digit1`, for 1.2% more: 1,026M to
/// 1,038M.)
// Inlined: it runs between every two tokens.
#[inline(always)]
fn ascii_while(i: &str, test: impl Fn(u8) -> bool) -> (&str, &str) {
    let n = i.bytes().position(|b| !test(b)).unwrap_or(i.len());
    (&i[n..], &i[..n])
}

/// `{ ws }`: skips white space, line breaks included.
fn ws(i: &str) -> &str {
    ascii_while(i, |b| matches!(b, b' ' | b'\t' | b'\r' | b'\n')).0
}

/// `{ blank }`: skips spaces and tabs; returns the rest and what was skipped.
fn blank(i: &str) -> (&str, &str) {
    ascii_while(i, |b| matches!(b, b' ' | b'\t'))
}

fn tag_name(i: &str) -> Res<'_, &str> {
    recognize((satisfy(|c| c.is_ascii_alphabetic()), |i| {
        Ok(ascii_while(i, |b| b.is_ascii_alphanumeric() || b == b'_'))
    }))
    .parse(i)
}

/// A word: the longest run of characters that are not delimiters (possibly
/// empty).
fn word(i: &str) -> &str {
    ascii_while(i, |b| !lex::is_delimiter(b)).1
}

fn pit_letter(i: &str) -> Res<'_, char> {
    satisfy(|c| c.is_ascii_alphabetic()).parse(i)
}

/// `x` and digits, right after the pit letter.
fn claim(i: &str) -> Res<'_, &str> {
    preceded(char('x'), digit1).parse(i)
}

fn glyph(i: &str) -> Res<'_, Glyph> {
    alt((
        tag("!!").map(|_| Glyph::Brilliant),
        tag("??").map(|_| Glyph::Blunder),
        tag("!?").map(|_| Glyph::Interesting),
        tag("?!").map(|_| Glyph::Dubious),
        tag("!").map(|_| Glyph::Good),
        tag("?").map(|_| Glyph::Mistake),
    ))
    .parse(i)
}

// Inlined into `number_or_termination`, which runs for every move number: the
// compiler stopped doing so by itself once `line` became generic (6% more
// instructions in parsing).
#[inline(always)]
fn move_number(i: &str) -> Res<'_, (&str, bool)> {
    // One dot, then two more for North's move: a South number (`12.`) is
    // then one `char`, not a failed `tag("...")` first (a third fewer
    // instructions for numbers).
    (digit1, char('.'), opt(tag("..")))
        .map(|(d, _, more)| (d, more.is_some()))
        .parse(i)
}

fn nag(i: &str) -> Res<'_, &str> {
    preceded(char('$'), digit1).parse(i)
}

fn brace_comment(i: &str) -> Res<'_, &str> {
    (char('{'), take_till(|c| c == '}'), char('}'))
        .map(|(_, text, _)| text)
        .parse(i)
}

fn line_comment(i: &str) -> Res<'_, &str> {
    // The carriage returns before the line feed are the line's ending, however
    // many there are (as in a `{…}` comment): kept, the writer's own line
    // break would read back as one fewer.
    preceded(char(';'), take_till(|c| c == '\n'))
        .map(|t: &str| t.trim_end_matches('\r'))
        .parse(i)
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
fn found(i: &str) -> String {
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
fn looks_like_chess(w: &str) -> bool {
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

/// Parses one game's text (as cut by the game splitter) into a [`Record`].
pub(crate) fn parse_game(text: &str, origin: Origin) -> Result<Record, SyntaxError> {
    GameParser::new(text, origin)?.record()
}

/// Parses the tag section of one game's text alone, as [`parse_game`] reads
/// it, and not the movetext after it: what can still be read of a game whose
/// moves do not parse (its players, its ruleset). An error only when the tag
/// pairs themselves are broken.
pub(crate) fn parse_tags(text: &str, origin: Origin) -> Result<Vec<Tag>, SyntaxError> {
    let mut p = GameParser::new(text, origin)?;
    p.tag_section(ws(text)).map(|(_, tags)| tags)
}

/// Parses a text holding exactly one game, e.g. in tests.
pub fn parse_record(text: &str) -> Result<Record, SyntaxError> {
    parse_game(text, Origin::START)
}

struct GameParser<'a> {
    text: &'a str,
    loc: Locator<'a>,
    /// The outcome the `Result` tag gives, if any: a missing termination
    /// token is most likely that one.
    result_tag: Option<Outcome>,
}

/// The moves of a line being read: a `Vec` for the main line (a
/// [`Record`]'s), [`Moves`] for a variation's.
trait LineMoves: std::ops::DerefMut<Target = [Move]> {
    /// Room for `n` moves.
    fn with_room(n: usize) -> Self;
    fn push(&mut self, m: Move);
    /// Gives back the spare room of a finished line, when there is much of it.
    fn finish(&mut self);
}

impl LineMoves for Vec<Move> {
    fn with_room(n: usize) -> Self {
        Vec::with_capacity(n)
    }
    #[inline(always)]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
    fn finish(&mut self) {
        // The main line was given room for a move every six bytes: a game
        // of many variations would otherwise hold several times its moves (a
        // 1.4 MB game of 200,000 one-move variations: 99 MB to validate, 36 MB
        // with this and the exact room of a variation's first move). Only room
        // for more than twice the moves (and four) is shrunk, which growing
        // by doubling never leaves: shrinking every line cost a reallocation
        // each, about 13 M instructions of `ayo validate` on 40,000 games.
        if self.capacity() > 2 * self.len() + 4 {
            self.shrink_to_fit();
        }
    }
}

impl LineMoves for Moves {
    /// No room asked for: a first move is kept in place, and most
    /// variations are one move.
    fn with_room(_: usize) -> Self {
        Moves::new()
    }
    #[inline(always)]
    fn push(&mut self, m: Move) {
        Moves::push(self, m);
    }
    fn finish(&mut self) {
        // Exact: a variation's moves are kept as long as the game, and a game
        // may have hundreds of thousands of them.
        self.shrink_to_fit();
    }
}

/// Moves `comments` to the end of those after `m`: nothing to do, and no
/// room made for notes, when there are none (most lines end without one).
#[inline(always)]
fn append_after(m: &mut Move, comments: &mut List<Comment>) {
    if !comments.is_empty() {
        m.after_mut().append(comments);
    }
}

/// Gives back the spare room of a move's lists once no more can be added to
/// them (a list grows from room for four; most moves that have one have one
/// item). Cheap for a move without NAGs, comments or variations, as most are.
#[inline(always)]
fn finish_move(m: &mut Move) {
    m.shrink_to_fit();
}

/// A line being read: what the steps of [`GameParser::line`] share.
struct Line<M> {
    kind: LineKind,
    moves: M,
    /// Comments waiting for the next move: at the start of the line, after a
    /// move number, or after a variation.
    pending: List<Comment>,
    /// A move number waiting for its move.
    number: Option<MoveNumber>,
    /// The last token was a variation.
    after_variation: bool,
}

impl<M: LineMoves> Line<M> {
    /// The moves, and the comments left over at the end: those go after the
    /// last move, and a line with no moves hands them back.
    fn finish(mut self) -> (M, List<Comment>) {
        self.moves.finish();
        match self.moves.last_mut() {
            Some(m) => {
                append_after(m, &mut self.pending);
                finish_move(m);
                (self.moves, List::new())
            }
            None => (self.moves, self.pending),
        }
    }
}

/// What a line of moves is: the main line, or a variation opened at a span.
#[derive(Clone, Copy)]
enum LineKind {
    Main,
    Variation { open: Span, depth: usize },
}

/// How a line ended.
enum LineEnd {
    Termination(Termination),
    Close,
}

impl<'a> GameParser<'a> {
    /// A parser of one game's text; an error for a text too long to locate.
    fn new(text: &'a str, origin: Origin) -> Result<Self, SyntaxError> {
        // A span's offset and length are `u32`: a longer game could not be
        // located, so it is refused here (the game reader's `max_game_bytes`
        // keeps games far below this).
        if u32::try_from(text.len()).is_err() {
            return Err(SyntaxError {
                span: Span {
                    offset: 0,
                    len: 0,
                    line: origin.line,
                    column: origin.column,
                },
                message: format!(
                    "game too large: {} bytes, over the maximum of {} bytes a game can have; skipped",
                    text.len(),
                    u32::MAX
                ),
            });
        }
        Ok(GameParser {
            text,
            loc: Locator::new(text, origin),
            result_tag: None,
        })
    }

    fn off(&self, rest: &str) -> usize {
        self.text.len() - rest.len()
    }

    // As `Locator::span`.
    #[inline(always)]
    fn span_of(&mut self, from: &'a str, to: &'a str) -> Span {
        let (a, b) = (self.off(from), self.off(to));
        self.loc.span(a, b)
    }

    /// `start` stretched to end where `to` begins.
    fn extend(&self, start: Span, to: &'a str) -> Span {
        Span {
            len: self.off(to) as u32 - start.offset,
            ..start
        }
    }

    fn error_at(&mut self, at: &'a str, len: usize, message: String) -> SyntaxError {
        let start = self.off(at);
        let len = len.min(at.len());
        SyntaxError {
            span: self.loc.span(start, start + len),
            message,
        }
    }

    /// An error just after the game's last token, not at the white space (or
    /// the next game) that follows it.
    fn at_the_end(&mut self, message: String) -> SyntaxError {
        let end = self.text.trim_end().len();
        let at = &self.text[end..];
        self.error_at(at, 0, message)
    }

    /// For a missing termination token: `: add `1-0` (from the Result tag)`
    /// when the game has a `Result` tag, nothing otherwise.
    fn termination_hint(&self) -> String {
        self.result_tag
            .map(|o| format!(": add `{o}` (from the Result tag)"))
            .unwrap_or_default()
    }

    fn expected(&mut self, at: &'a str, what: &str) -> SyntaxError {
        let w = word(at)
            .len()
            .max(at.chars().next().map_or(0, char::len_utf8));
        let message = format!("expected {what}; found {}", found(at));
        self.error_at(at, w, message)
    }

    fn record(&mut self) -> Result<Record, SyntaxError> {
        let text = self.text;
        let i = ws(text);
        let start = self.span_of(i, i);
        let (i, tags) = self.tag_section(i)?;
        self.result_tag = tags
            .iter()
            .find(|t| t.name == "Result")
            .and_then(|t| Outcome::parse(&t.value));
        if i.is_empty() && !tags.is_empty() {
            // Tags and nothing else: most likely a game cut short.
            let message = format!(
                "expected movetext or a termination token after the tag pairs; found the end of the game{}",
                self.termination_hint()
            );
            return Err(self.at_the_end(message));
        }
        let (rest, moves, comments, end) = self.line::<Vec<Move>>(i, LineKind::Main)?;
        let LineEnd::Termination(result) = end else {
            unreachable!("the main line ends only at its termination token")
        };
        let rest = ws(rest);
        if !rest.is_empty() {
            return Err(self.expected(rest, "the end of the game after its termination token"));
        }
        let span = Span {
            len: self.off(rest) as u32 - start.offset,
            ..start
        };
        Ok(Record {
            tags,
            comments: comments.into(),
            moves,
            result,
            span,
        })
    }

    /// The tag pairs from `i` (after white space), each on a line of its
    /// own, and the text after them.
    #[inline(always)]
    fn tag_section(&mut self, mut i: &'a str) -> Result<(&'a str, Vec<Tag>), SyntaxError> {
        // Room for the tag roster the canonical writer puts out (seven tags).
        let mut tags = Vec::with_capacity(if i.starts_with('[') { 8 } else { 0 });
        while i.starts_with('[') {
            let (rest, t) = self.tag_pair(i)?;
            tags.push(t);
            let (rest, _) = blank(rest);
            if !(rest.is_empty() || rest.starts_with('\n') || rest.starts_with("\r\n")) {
                return Err(self.expected(rest, "the end of the line after the tag pair"));
            }
            i = ws(rest);
        }
        Ok((i, tags))
    }

    /// `tag_pair = "[" blank tag_name blank+ tag_value blank "]"`
    // Inlined for the reason given at `move_token`.
    #[inline(always)]
    fn tag_pair(&mut self, i: &'a str) -> Result<(&'a str, Tag), SyntaxError> {
        let open = self.span_of(i, i);
        let i = &i[1..];
        let (i, _) = blank(i);
        let Ok((i, name)) = tag_name(i) else {
            return Err(self.expected(i, "a tag name (a letter, then letters, digits or `_`)"));
        };
        let (i, gap) = blank(i);
        if !i.starts_with('"') {
            let what = if gap.is_empty() && !i.starts_with(']') {
                "a space after the tag name"
            } else {
                "a tag value in double quotes"
            };
            return Err(self.expected(i, what));
        }
        let value_start = self.span_of(i, i);
        let (i, value) = self.tag_value(i)?;
        let value_span = self.extend(value_start, i);
        let (i, _) = blank(i);
        let Some(rest) = i.strip_prefix(']') else {
            return Err(self.expected(i, "`]` to close the tag pair"));
        };
        let span = self.extend(open, rest);
        // Known names are borrowed, not allocated (see `Tag::name`).
        let name = match known_index(name) {
            Some(i) => Cow::Borrowed(KNOWN_TAGS[i]),
            None => Cow::Owned(name.to_string()),
        };
        let tag = Tag {
            name,
            value,
            span,
            value_span,
        };
        Ok((rest, tag))
    }

    /// `tag_value = '"' { char | '\"' | '\\' } '"'`, on one line.
    fn tag_value(&mut self, i: &'a str) -> Result<(&'a str, String), SyntaxError> {
        let open = i;
        let mut value = String::new();
        let mut rest = &i[1..];
        loop {
            let (r, chunk) = ascii_while(rest, |b| !matches!(b, b'"' | b'\\' | b'\n' | b'\r'));
            rest = r;
            match rest.chars().next() {
                Some('"') => {
                    // Most values have no escapes: one piece, copied at its size.
                    if value.is_empty() {
                        return Ok((&rest[1..], chunk.to_string()));
                    }
                    value.push_str(chunk);
                    return Ok((&rest[1..], value));
                }
                Some('\\') => match rest[1..].chars().next() {
                    Some(c @ ('"' | '\\')) => {
                        value.push_str(chunk);
                        value.push(c);
                        rest = &rest[2..];
                    }
                    other => {
                        let len = 1 + other.map_or(0, char::len_utf8);
                        let shown = other.map_or("the end of the line".to_string(), |c| {
                            if c == '\n' || c == '\r' {
                                "the end of the line".to_string()
                            } else {
                                format!("`\\{c}`")
                            }
                        });
                        return Err(self.error_at(
                            rest,
                            len,
                            format!("expected `\\\"` or `\\\\` in a tag value; found {shown}"),
                        ));
                    }
                },
                _ => {
                    return Err(self.error_at(
                        open,
                        1,
                        "unclosed tag value: expected `\"` before the end of the line".to_string(),
                    ));
                }
            }
        }
    }

    /// `comment = "{" text "}" | ";" text eol`
    fn comment(&mut self, i: &'a str) -> Result<(&'a str, Comment), SyntaxError> {
        let parsed = if i.starts_with('{') {
            brace_comment(i)
        } else {
            line_comment(i)
        };
        match parsed {
            Ok((rest, text)) => {
                let span = self.span_of(i, rest);
                // A line break inside a comment is a line break, whatever the
                // file's convention: CRLF is read as LF, so that canonical
                // output has one kind of line ending. Carriage returns piled up
                // before a line feed go with it (`\r\r\n` is one line break):
                // kept, the writer's LF would make a new CRLF of the last one.
                let text = if text.contains("\r\n") {
                    let mut t = text.replace("\r\n", "\n");
                    while t.contains("\r\n") {
                        t = t.replace("\r\n", "\n");
                    }
                    t
                } else {
                    text.to_string()
                };
                Ok((rest, Comment { text, span }))
            }
            Err(_) => Err(self.error_at(
                i,
                1,
                "unclosed comment: expected `}` before the end of the game".to_string(),
            )),
        }
    }

    /// `line = { move_number | move | nag | comment | variation }`, ended by a
    /// termination token (main line) or `)` (variation). Each token kind has
    /// its own step below; what they share is the [`Line`].
    // Not inlined into `record` (the main line's is no longer recursive, and
    // inlined it cost `ayo validate` about 2% more instructions).
    #[inline(never)]
    #[allow(clippy::type_complexity)]
    fn line<M: LineMoves>(
        &mut self,
        mut i: &'a str,
        kind: LineKind,
    ) -> Result<(&'a str, M, List<Comment>, LineEnd), SyntaxError> {
        let mut line = Line {
            kind,
            // Most of a game's text is its main line, at about six bytes a
            // move (`12. dx3 E `), comments and variations included.
            moves: M::with_room(match kind {
                LineKind::Main => i.len() / 6 + 1,
                // Room for one move: most variations are short, and a
                // second move then grows it.
                LineKind::Variation { .. } => 1,
            }),
            pending: List::new(),
            number: None,
            after_variation: false,
        };
        loop {
            i = ws(i);
            let c = i.chars().next();
            // A move number must be followed by its move; comments may stand
            // between them, and a NAG or a stray character has its own message.
            if let Some(n) = line.number
                && matches!(c, None | Some('(' | ')' | '*' | '0'..='9'))
            {
                return Err(self.dangling_number(n, i));
            }
            i = match c {
                None => return Err(self.end_of_text(&line)),
                Some('{' | ';') => self.comment_in_line(i, &mut line)?,
                Some('(') => self.variation(i, &mut line)?,
                Some(')') => {
                    let LineKind::Variation { .. } = kind else {
                        return Err(self.error_at(
                            i,
                            1,
                            "unexpected `)`: no variation is open".to_string(),
                        ));
                    };
                    let (moves, trailing) = line.finish();
                    return Ok((&i[1..], moves, trailing, LineEnd::Close));
                }
                Some('$') => self.nag_in_line(i, &mut line)?,
                Some('*' | '0'..='9') => match self.number_or_termination(i, &mut line)? {
                    Ok(rest) => rest,
                    Err((rest, termination)) => {
                        let (moves, trailing) = line.finish();
                        return Ok((rest, moves, trailing, LineEnd::Termination(termination)));
                    }
                },
                Some('a'..='z' | 'A'..='Z') => self.move_in_line(i, &mut line)?,
                Some('[') => {
                    return Err(self.error_at(
                        i,
                        1,
                        "a tag pair must come before the movetext; found `[` after a move (is a game-termination token missing?)".to_string(),
                    ));
                }
                Some(_) => {
                    return Err(self.expected(
                        i,
                        "a move, a move number, a comment, a variation or a game-termination token",
                    ));
                }
            };
        }
    }

    /// The text ended inside a line: no termination token, or no `)`.
    fn end_of_text(&mut self, line: &Line<impl LineMoves>) -> SyntaxError {
        match line.kind {
            LineKind::Main => {
                let message = format!(
                    "missing game-termination token: expected a move, a comment, a variation or 1-0, 0-1, 1/2-1/2 or * to end the game; found the end of the game{}",
                    self.termination_hint()
                );
                self.at_the_end(message)
            }
            LineKind::Variation { open, .. } => SyntaxError {
                span: Span { len: 1, ..open },
                message: "unclosed variation: expected `)` before the end of the game".to_string(),
            },
        }
    }

    /// A comment goes after the move it follows, or waits for the next move.
    fn comment_in_line(
        &mut self,
        i: &'a str,
        line: &mut Line<impl LineMoves>,
    ) -> Result<&'a str, SyntaxError> {
        let (rest, comment) = self.comment(i)?;
        match line.moves.last_mut() {
            Some(m) if line.number.is_none() && !line.after_variation => {
                m.after_mut().push(comment)
            }
            _ => line.pending.push(comment),
        }
        Ok(rest)
    }

    /// `variation = "(" line ")"`, attached to the move before it.
    fn variation(
        &mut self,
        i: &'a str,
        line: &mut Line<impl LineMoves>,
    ) -> Result<&'a str, SyntaxError> {
        let depth = match line.kind {
            LineKind::Main => 1,
            LineKind::Variation { depth, .. } => depth + 1,
        };
        if line.moves.is_empty() {
            return Err(self.error_at(
                i,
                1,
                "a variation must follow the move it replaces; found `(` before any move"
                    .to_string(),
            ));
        }
        if depth > MAX_DEPTH {
            return Err(self.error_at(
                i,
                1,
                format!("variations nested more than {MAX_DEPTH} deep"),
            ));
        }
        let open = self.span_of(i, &i[1..]);
        let (rest, mut var_moves, trailing, _) =
            self.line::<Moves>(&i[1..], LineKind::Variation { open, depth })?;
        match var_moves.last_mut() {
            Some(m) => append_after(m, &mut { trailing }),
            None => {
                return Err(self.error_at(
                    i,
                    rest.len().max(1).min(self.off(rest) - self.off(i)),
                    "empty variation: expected at least one move between `(` and `)`".to_string(),
                ));
            }
        }
        let span = self.extend(open, rest);
        let Some(last) = line.moves.last_mut() else {
            unreachable!("checked above")
        };
        // Comments between variations stay with the move they follow.
        append_after(last, &mut line.pending);
        last.variations_mut().push(Variation {
            moves: var_moves,
            span,
        });
        line.after_variation = true;
        Ok(rest)
    }

    /// `nag = "$" digit { digit }`, right after its move.
    fn nag_in_line(
        &mut self,
        i: &'a str,
        line: &mut Line<impl LineMoves>,
    ) -> Result<&'a str, SyntaxError> {
        let Ok((rest, digits)) = nag(i) else {
            return Err(self.expected(i, "a NAG: `$` and a number from 0 to 255"));
        };
        let span = self.span_of(i, rest);
        let Ok(value) = digits.parse::<u8>() else {
            return Err(SyntaxError {
                span,
                message: format!("NAG `${digits}` is out of range: expected `$0` to `$255`"),
            });
        };
        match line.moves.last_mut() {
            Some(m) if line.number.is_none() && !line.after_variation => {
                m.nags_mut().push(Nag { value, span })
            }
            _ => {
                return Err(SyntaxError {
                    span,
                    message: "a NAG must follow the move it annotates".to_string(),
                });
            }
        }
        self.check_delimited(rest, "a space after the NAG")
    }

    /// `move_number`, or a `termination` (which ends the line: returned as
    /// `Err`, with the text after it).
    // Inlined for the reason given at `move_token`.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn number_or_termination(
        &mut self,
        i: &'a str,
        line: &mut Line<impl LineMoves>,
    ) -> Result<Result<&'a str, (&'a str, Termination)>, SyntaxError> {
        // Most words here are move numbers, and no termination token reads as
        // one (`1-0` and `1/2-1/2` stop after a digit): try the move number
        // first, the whole word only when it fails.
        let Ok((rest, (digits, ellipsis))) = move_number(i) else {
            let w = word(i);
            if let Some(outcome) = Outcome::parse(w) {
                let rest = &i[w.len()..];
                let span = self.span_of(i, rest);
                if let LineKind::Variation { open, .. } = line.kind {
                    return Err(SyntaxError {
                        span,
                        message: format!(
                            "expected `)` to close the variation opened at {}:{}; found the game-termination token `{w}`",
                            open.line, open.column
                        ),
                    });
                }
                return Ok(Err((rest, Termination { outcome, span })));
            }
            if let Some(token) = Outcome::ALL.iter().find(|o| w.starts_with(o.as_str())) {
                return Err(self.expected(
                    i,
                    &format!(
                        "a space or the end of the line after the game-termination token `{token}`"
                    ),
                ));
            }
            return Err(self.expected(
                i,
                "a move number (`12.` or `12...`) or a game-termination token (1-0, 0-1, 1/2-1/2, *)",
            ));
        };
        let span = self.span_of(i, rest);
        let Ok(value) = digits.parse::<u32>() else {
            return Err(SyntaxError {
                span,
                message: format!("move number `{digits}` is too large"),
            });
        };
        line.number = Some(MoveNumber {
            number: value,
            ellipsis,
            span,
        });
        Ok(Ok(rest))
    }

    /// A move, with the number and comments waiting for it.
    // Inlined for the reason given at `move_token`.
    #[inline(always)]
    fn move_in_line(
        &mut self,
        i: &'a str,
        line: &mut Line<impl LineMoves>,
    ) -> Result<&'a str, SyntaxError> {
        let (rest, token) = self.move_token(i)?;
        if let Some(last) = line.moves.last_mut() {
            finish_move(last);
        }
        // Built in place: a move is large, and most are never moved again.
        let mut m = Move::new(token.pit);
        m.number = line.number.take();
        m.claim = token.claim;
        m.glyph = token.glyph;
        m.span = token.span;
        m.set_before(std::mem::take(&mut line.pending));
        line.moves.push(m);
        line.after_variation = false;
        Ok(rest)
    }

    fn dangling_number(&mut self, n: MoveNumber, at: &'a str) -> SyntaxError {
        let dots = if n.ellipsis { "..." } else { "." };
        let message = format!(
            "expected a move after move number {}{dots}; found {}",
            n.number,
            found(at)
        );
        let len = word(at).len().max(1);
        self.error_at(at, len, message)
    }

    /// After a token, the next character must end the word.
    fn check_delimited(&mut self, rest: &'a str, what: &str) -> Result<&'a str, SyntaxError> {
        match rest.chars().next() {
            None => Ok(rest),
            Some(c) if is_delimiter(c) || c == '$' => Ok(rest),
            Some(_) => Err(self.expected(rest, what)),
        }
    }

    /// `move = pit_letter [claim] [glyph]`
    // Inlined into `line`: returned through memory, the token's narrow fields
    // were stored one by one and read back as whole words at once, which
    // stalls the CPU (store forwarding fails); perf put 14% of the parser's
    // time on that one load.
    #[inline(always)]
    fn move_token(&mut self, i: &'a str) -> Result<(&'a str, MoveToken), SyntaxError> {
        let Ok((rest, pit)) = pit_letter(i) else {
            return Err(self.expected(i, "a pit letter"));
        };
        // Most moves carry neither claim nor glyph: a look at the next byte
        // saves trying nom's parsers (and building their errors) on every
        // move. Measured (callgrind, cutting and parsing the 10 MB bench
        // corpus): 1,268M instructions without the look, 1,038M with it.
        let (rest, claimed) = match rest.starts_with('x').then(|| claim(rest)) {
            Some(Ok((r, d))) => (r, Some(d)),
            _ => (rest, None),
        };
        let claim = match claimed {
            Some(d) => match d.parse::<u32>() {
                Ok(n) => Some(n),
                Err(_) => {
                    return Err(self.error_at(
                        &i[1..],
                        1 + d.len(),
                        format!("capture claim `x{d}` is too large"),
                    ));
                }
            },
            None => None,
        };
        let (rest, glyph) = match rest.starts_with(['!', '?']).then(|| glyph(rest)) {
            Some(Ok((r, g))) => (r, Some(g)),
            _ => (rest, None),
        };
        let span = self.span_of(i, rest);
        let rest = match self.check_delimited(
            rest,
            "a space, a comment or a variation after the move (a move is a pit letter, an optional claim `x7` and an optional glyph `!`, `?`, `!!`, `??`, `!?`, `?!`)",
        ) {
            Ok(rest) => rest,
            Err(e) => {
                let w = word(i);
                if !looks_like_chess(w) {
                    return Err(e);
                }
                return Err(self.error_at(
                    i,
                    w.len(),
                    format!(
                        "expected a move; found `{w}`, which looks like chess: a move here is a single pit letter (`{pit}`), with an optional claim such as `{pit}x3` (see grammar.md, Moves)"
                    ),
                ));
            }
        };
        Ok((
            rest,
            MoveToken {
                pit,
                claim,
                glyph,
                span,
            },
        ))
    }
}

/// What a move token says by itself.
struct MoveToken {
    pit: char,
    claim: Option<u32>,
    glyph: Option<Glyph>,
    span: Span,
}

#[cfg(test)]
mod differential {
    use super::*;
    use std::path::Path;

    fn files(dir: &Path, out: &mut Vec<Vec<u8>>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                files(&p, out)
            } else if let Ok(b) = std::fs::read(&p) {
                out.push(b)
            }
        }
    }

    fn same(text: &str, n: &mut usize) {
        let o = parse_game(
            text,
            Origin {
                offset: 3,
                line: 2,
                column: 4,
            },
        )
        .map_err(|e| (e.span, e.message));
        let new = crate::read::parse_game(
            text,
            crate::read::Origin {
                offset: 3,
                line: 2,
                column: 4,
            },
        )
        .map_err(|e| (e.span, e.message));
        assert_eq!(o, new, "{text:?}");
        let ot = parse_tags(text, Origin::START).map_err(|e| (e.span, e.message));
        let nt = crate::read::parse_tags(text, crate::read::Origin::START)
            .map_err(|e| (e.span, e.message));
        assert_eq!(ot, nt, "tags of {text:?}");
        *n += 1;
    }

    #[test]
    fn old_and_new_agree() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut inputs = Vec::new();
        for d in [
            "fixtures",
            "fuzz/corpus",
            "fuzz/regressions",
            "tests",
            "docs",
        ] {
            files(&root.join(d), &mut inputs);
        }
        if let Ok(b) = std::fs::read("/tmp/ayo-bench/c200k.ayo") {
            inputs.push(b[..b.len().min(3_000_000)].to_vec())
        }
        let mut n = 0;
        let mut seed: u64 = 0x9E3779B97F4A7C15;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let pieces: [&str; 24] = [
            "(",
            ")",
            "{",
            "}",
            ";",
            "\n",
            "\n\n",
            "[",
            "]",
            "\"",
            "\\",
            "$",
            "$300",
            "1.",
            "2...",
            "x",
            "x99999999999",
            "!",
            "?!",
            "*",
            "1-0",
            "\u{a0}",
            "\u{2013}",
            "\r\n",
        ];
        for input in &inputs {
            for raw in crate::GameReader::new(&input[..]) {
                let Ok(raw) = raw else { continue };
                let Ok(text) = raw.text() else { continue };
                same(text, &mut n);
                if text.len() > 4000 {
                    continue;
                }
                for _ in 0..60 {
                    let mut t = text.to_string();
                    for _ in 0..(1 + rnd() % 3) {
                        let mut at = (rnd() as usize) % (t.len() + 1);
                        while !t.is_char_boundary(at) {
                            at -= 1
                        }
                        match rnd() % 3 {
                            0 => {
                                let p = pieces[(rnd() as usize) % pieces.len()];
                                t.insert_str(at, p)
                            }
                            1 => {
                                let mut e = (at + 1 + (rnd() as usize) % 6).min(t.len());
                                while !t.is_char_boundary(e) {
                                    e += 1
                                }
                                t.replace_range(at..e, "")
                            }
                            _ => {
                                let p = pieces[(rnd() as usize) % pieces.len()];
                                let mut e = (at + 1).min(t.len());
                                while !t.is_char_boundary(e) {
                                    e += 1
                                }
                                t.replace_range(at..e, p)
                            }
                        }
                    }
                    same(&t, &mut n);
                }
            }
        }
        eprintln!("{n} texts agree");
        assert!(n > 10_000);
    }
}
