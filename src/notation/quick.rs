//! A quick lexer for one game's bytes: the tokens that matter for checking a
//! record (tags, move numbers, moves with their claims, variations, the
//! termination token), read in one pass without building the syntax tree.
//!
//! It reads a **conservative subset** of the grammar and gives up on anything
//! else. Whenever it reaches the game's termination token, the game's text is
//! one that [`parse_game`](super::parse_game) accepts, and the tokens it
//! handed out are those the parser would have put in the [`Record`]:
//! the same tags with the same values, the same moves, numbers, claims and
//! variations in the same order. Comments, glyphs and NAGs are checked for
//! syntax and skipped. Anything unusual (a byte outside printable ASCII,
//! other than tab and line breaks where the grammar allows them; a syntax
//! error; a number out of range) makes it give up, and the caller reads the
//! game the ordinary way, which says what is wrong.
//!
//! It knows nothing of rules: `replay`'s quick check plays the moves.
//!
//! [`Record`]: super::Record

use super::ast::Outcome;
use super::lex::is_delimiter;
use super::parse::MAX_DEPTH;

/// A token of the subset [`Lexer`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// A tag pair. `value` is the text between the quotes as written;
    /// `escaped` says whether it holds `\"` or `\\` (then the value the
    /// parser keeps differs from `value`).
    Tag {
        /// The tag name (ASCII letters, digits and `_`).
        name: &'a [u8],
        /// The value as written, escapes not undone.
        value: &'a [u8],
        /// The value holds an escape.
        escaped: bool,
    },
    /// A move number, `12.` (`north` false) or `12...` (`north` true).
    Number {
        /// The number.
        number: u32,
        /// Written with `...`.
        north: bool,
    },
    /// A move: its pit letter, and its claim if it has one.
    Move {
        /// The pit letter (ASCII).
        letter: u8,
        /// The number after `x`.
        claim: Option<u32>,
    },
    /// `(`: a variation of the last move of the current line opens.
    Open,
    /// `)`: the variation closes.
    Close,
    /// The game-termination token. Nothing follows it but white space: the
    /// game is read to its end.
    End(Outcome),
}

/// Where the lexer stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Tags,
    Movetext,
    Done,
}

/// Reads one game's bytes as [`Token`]s; see the module docs.
///
/// [`Lexer::next_token`] returns `None` when it gives up (and from then
/// on); after [`Token::End`] nothing more may be asked.
pub struct Lexer<'a> {
    bytes: &'a [u8],
    at: usize,
    phase: Phase,
    /// Tags read so far.
    tags: usize,
    /// Variations open.
    depth: usize,
    /// The current line has a move (a variation may follow it, a NAG too).
    has_move: bool,
    /// A move number waits for its move.
    number_pending: bool,
    /// The last token of the line was a variation (no NAG may follow).
    after_variation: bool,
}

/// White space of the grammar (`ws`).
#[inline(always)]
fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// Printable ASCII and tab: what the quick path accepts in tag values and
/// comments (line breaks aside). Anything else is left to the parser, which
/// names invisible and look-alike characters.
#[inline(always)]
fn is_plain(b: u8) -> bool {
    (b' '..=b'~').contains(&b) || b == b'\t'
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of a game's bytes.
    pub fn new(bytes: &'a [u8]) -> Self {
        Lexer {
            bytes,
            at: 0,
            phase: Phase::Tags,
            tags: 0,
            depth: 0,
            has_move: false,
            number_pending: false,
            after_variation: false,
        }
    }

    /// Variations open at the current token.
    pub fn depth(&self) -> usize {
        self.depth
    }

    #[inline(always)]
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    #[inline(always)]
    fn skip_ws(&mut self) {
        while self.peek().is_some_and(is_ws) {
            self.at += 1;
        }
    }

    #[inline(always)]
    fn skip_blank(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    /// Digits from the current byte: their value, if there is at least one
    /// and it fits in a `u32` (as the parser's `parse::<u32>()` requires).
    #[inline(always)]
    fn number(&mut self) -> Option<u32> {
        let start = self.at;
        let mut n: u64 = 0;
        while let Some(b @ b'0'..=b'9') = self.peek() {
            n = n * 10 + u64::from(b - b'0');
            if n > u64::from(u32::MAX) {
                return None;
            }
            self.at += 1;
        }
        if self.at == start {
            return None;
        }
        u32::try_from(n).ok()
    }

    /// The next token, or `None` to give up.
    #[inline]
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        match self.phase {
            Phase::Tags => {
                self.skip_ws();
                if self.peek() == Some(b'[') {
                    let t = self.tag_pair();
                    if t.is_none() {
                        self.phase = Phase::Done;
                    }
                    return t;
                }
                // Tags and nothing else is an error of its own.
                if self.at == self.bytes.len() && self.tags > 0 {
                    self.phase = Phase::Done;
                    return None;
                }
                self.phase = Phase::Movetext;
                self.movetext()
            }
            Phase::Movetext => self.movetext(),
            Phase::Done => None,
        }
    }

    /// `[Name "value"]`, then the end of its line.
    fn tag_pair(&mut self) -> Option<Token<'a>> {
        self.at += 1;
        self.skip_blank();
        let name_start = self.at;
        if !self.peek()?.is_ascii_alphabetic() {
            return None;
        }
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            self.at += 1;
        }
        let name = &self.bytes[name_start..self.at];
        self.skip_blank();
        if self.peek() != Some(b'"') {
            return None;
        }
        self.at += 1;
        let value_start = self.at;
        let mut escaped = false;
        loop {
            match self.peek()? {
                b'"' => break,
                b'\\' => match self.bytes.get(self.at + 1) {
                    Some(b'"' | b'\\') => {
                        escaped = true;
                        self.at += 2;
                    }
                    _ => return None,
                },
                b if is_plain(b) => self.at += 1,
                _ => return None,
            }
        }
        let value = &self.bytes[value_start..self.at];
        self.at += 1;
        self.skip_blank();
        if self.peek() != Some(b']') {
            return None;
        }
        self.at += 1;
        self.skip_blank();
        match self.peek() {
            None | Some(b'\n') => {}
            Some(b'\r') if self.bytes.get(self.at + 1) == Some(&b'\n') => {}
            Some(_) => return None,
        }
        self.tags += 1;
        Some(Token::Tag {
            name,
            value,
            escaped,
        })
    }

    /// The next token of the movetext; comments, glyphs and NAGs checked and
    /// skipped, with the structure rules the parser enforces.
    #[inline]
    fn movetext(&mut self) -> Option<Token<'a>> {
        let token = self.movetext_token();
        if token.is_none() || matches!(token, Some(Token::End(_))) {
            self.phase = Phase::Done;
        }
        token
    }

    #[inline(always)]
    fn movetext_token(&mut self) -> Option<Token<'a>> {
        loop {
            self.skip_ws();
            let c = self.peek()?;
            match c {
                b'a'..=b'z' | b'A'..=b'Z' => return self.move_token(c),
                b'0'..=b'9' | b'*' => {
                    if self.number_pending {
                        return None;
                    }
                    return self.number_or_termination();
                }
                b'{' => {
                    self.at += 1;
                    loop {
                        match self.peek()? {
                            b'}' => break,
                            b if is_plain(b) || b == b'\n' || b == b'\r' => self.at += 1,
                            _ => return None,
                        }
                    }
                    self.at += 1;
                }
                b';' => {
                    self.at += 1;
                    while let Some(b) = self.peek() {
                        if b == b'\n' {
                            break;
                        }
                        if !(is_plain(b) || b == b'\r') {
                            return None;
                        }
                        self.at += 1;
                    }
                }
                b'(' => {
                    if self.number_pending || !self.has_move || self.depth >= MAX_DEPTH {
                        return None;
                    }
                    self.at += 1;
                    self.depth += 1;
                    self.has_move = false;
                    self.after_variation = false;
                    return Some(Token::Open);
                }
                b')' => {
                    if self.number_pending || self.depth == 0 || !self.has_move {
                        return None;
                    }
                    self.at += 1;
                    self.depth -= 1;
                    // The line it was opened in: its last move was the one
                    // replaced, and a variation came last.
                    self.has_move = true;
                    self.after_variation = true;
                    return Some(Token::Close);
                }
                b'$' => {
                    if self.number_pending || !self.has_move || self.after_variation {
                        return None;
                    }
                    self.at += 1;
                    let n = self.number()?;
                    if n > 255 || !self.delimited() {
                        return None;
                    }
                }
                _ => return None,
            }
        }
    }

    /// Whether the next byte ends a word (a delimiter, `$`, or the end).
    #[inline(always)]
    fn delimited(&self) -> bool {
        self.peek().is_none_or(|b| is_delimiter(b) || b == b'$')
    }

    /// `move = pit_letter [claim] [glyph]`, followed by a delimiter.
    #[inline(always)]
    fn move_token(&mut self, letter: u8) -> Option<Token<'a>> {
        self.at += 1;
        let mut claim = None;
        if self.peek() == Some(b'x') && self.bytes.get(self.at + 1).is_some_and(u8::is_ascii_digit)
        {
            self.at += 1;
            claim = Some(self.number()?);
        }
        // Glyphs, longest first as the parser tries them.
        if let Some(b'!' | b'?') = self.peek() {
            let two = self.bytes.get(self.at..self.at + 2);
            self.at += match two {
                Some(b"!!" | b"??" | b"!?" | b"?!") => 2,
                _ => 1,
            };
        }
        if !self.delimited() {
            return None;
        }
        self.has_move = true;
        self.number_pending = false;
        self.after_variation = false;
        Some(Token::Move { letter, claim })
    }

    /// `12.`, `12...`, or a termination token that ends the game.
    fn number_or_termination(&mut self) -> Option<Token<'a>> {
        let start = self.at;
        let digits = self.bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits > 0 && self.bytes.get(start + digits) == Some(&b'.') {
            let number = self.number()?;
            self.at += 1;
            let north = self.bytes.get(self.at..self.at + 2) == Some(b"..");
            if north {
                self.at += 2;
            }
            self.number_pending = true;
            return Some(Token::Number { number, north });
        }
        let len = self.bytes[start..]
            .iter()
            .take_while(|&&b| !is_delimiter(b))
            .count();
        let word = &self.bytes[start..start + len];
        let outcome = Outcome::ALL
            .into_iter()
            .find(|o| o.as_str().as_bytes() == word)?;
        if self.depth > 0 {
            return None;
        }
        self.at = start + len;
        if !self.bytes[self.at..].iter().all(|&b| is_ws(b)) {
            return None;
        }
        self.at = self.bytes.len();
        Some(Token::End(outcome))
    }
}

/// The checks of [`check_tags`](super::check_tags) on the tags of one game
/// as the [`Lexer`] hands them out, without a [`Record`](super::Record):
/// whether the game's tags give no [`TagProblem`](super::TagProblem) at all
/// (no known tag twice, no misspelt name, a well-formed `Date`).
///
/// Unknown names that are not slips are remembered (a few dozen at most),
/// so that a corpus of the same few extra tags costs one look-up a tag.
#[derive(Default)]
pub struct TagSlips {
    /// Unknown names found not to be slips of a known one.
    fine: Vec<Box<[u8]>>,
}

/// How many unknown names [`TagSlips`] remembers.
const FINE_NAMES: usize = 64;

/// A tag name that [`TagSlips::check`] passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagName {
    /// The known name at this index of [`KNOWN_TAGS`](super::KNOWN_TAGS).
    Known(usize),
    /// Another name, not a slip for a known one.
    Other,
}

/// The tags of one game seen so far, for [`TagSlips::check`].
#[derive(Clone, Copy, Default)]
pub struct SeenTags(u32);

impl TagSlips {
    /// A checker that remembers no name yet.
    pub fn new() -> Self {
        TagSlips::default()
    }

    /// Checks one tag (`seen`: the game's tags before it). Returns which
    /// name it is, or `None` when `check_tags` would report something: a
    /// known name given twice, a misspelt name, a `Date` not in `YYYY.MM.DD`
    /// (or with an escape, which this does not undo).
    pub fn check(
        &mut self,
        seen: &mut SeenTags,
        name: &[u8],
        value: &[u8],
        escaped: bool,
    ) -> Option<TagName> {
        let name = std::str::from_utf8(name).ok()?;
        match super::tags::known_index(name) {
            Some(i) => {
                if seen.0 & (1 << i) != 0 {
                    return None;
                }
                seen.0 |= 1 << i;
                if super::KNOWN_TAGS[i] == "Date" {
                    let value = std::str::from_utf8(value).ok()?;
                    if escaped || !super::tags::is_date(value) {
                        return None;
                    }
                }
                Some(TagName::Known(i))
            }
            None => {
                if self.fine.iter().any(|f| **f == *name.as_bytes()) {
                    return Some(TagName::Other);
                }
                if super::tags::close_known_tag(name).is_some() {
                    return None;
                }
                if self.fine.len() < FINE_NAMES {
                    self.fine.push(name.as_bytes().into());
                }
                Some(TagName::Other)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Option<Vec<Token<'_>>> {
        let mut lexer = Lexer::new(text.as_bytes());
        let mut out = Vec::new();
        loop {
            let t = lexer.next_token()?;
            out.push(t);
            if let Token::End(_) = t {
                return Some(out);
            }
        }
    }

    #[test]
    fn reads_the_common_subset() {
        let t = tokens(
            "[Event \"a \\\"b\\\"\"]\r\n[Rules \"russ\"]\n\n{c} 1. cx7! $1 (1. d) 1... Fx12 *\n",
        )
        .unwrap();
        assert_eq!(
            t,
            [
                Token::Tag {
                    name: b"Event",
                    value: b"a \\\"b\\\"",
                    escaped: true
                },
                Token::Tag {
                    name: b"Rules",
                    value: b"russ",
                    escaped: false
                },
                Token::Number {
                    number: 1,
                    north: false
                },
                Token::Move {
                    letter: b'c',
                    claim: Some(7)
                },
                Token::Open,
                Token::Number {
                    number: 1,
                    north: false
                },
                Token::Move {
                    letter: b'd',
                    claim: None
                },
                Token::Close,
                Token::Number {
                    number: 1,
                    north: true
                },
                Token::Move {
                    letter: b'F',
                    claim: Some(12)
                },
                Token::End(Outcome::Unknown),
            ]
        );
    }

    /// What the parser refuses, the lexer gives up on.
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
            "$1 1. a *",
            "1. a $256 *",
            "1. ax *",
            "1. a!!! *",
            "1. a# *",
            "1. ax4294967296 *",
            "4294967296. a *",
            "1. a {\u{a0}} *",
            "1. a {\u{7}} *",
            "[Event \"\u{e9}\"]\n*",
            "[Event \"x\"] [Site \"y\"]\n*",
            "[Event \"x\\n\"]\n*",
            "1. a 1-0x",
            "1. a ) *",
            "1. a [ *",
            "1.. a *",
            "1. a *x",
            "1. a * {c}",
        ] {
            assert_eq!(tokens(text), None, "{text:?}");
            assert!(crate::notation::parse_record(text).is_err() || text.contains(['{', '"']));
        }
        let deep = format!("1. a {}{} *", "(1. b ".repeat(65), ")".repeat(65));
        assert_eq!(tokens(&deep), None);
        let ok = format!("1. a {}{} *", "(1. b ".repeat(64), ")".repeat(64));
        assert!(tokens(&ok).is_some());
    }
}
