//! Reading games one at a time from any byte stream.
//!
//! [`GameReader`] cuts the input into games with the lexical layer the reader
//! stands on (`lex.rs`), in its lenient, resumable mode: it walks
//! tag lines, comments, variation depth and words across buffer ends, and
//! looks inside a word only when it may be a termination token, to find where
//! one game ends: after its game-termination token, or, when that is
//! missing, where a tag line starts after movetext. Whatever state a game is
//! in (a complete tag section, a broken tag line, an unclosed comment or
//! variation), a line starting with `[` after a blank line starts the next
//! game. Only the current game is held in memory, and no more than
//! [`GameReader::max_game_bytes`] of it, so memory does not grow with the
//! number or the size of games; a broken game is cut out whole and the next
//! one is read as usual.
//!
//! [`Chunker`] cuts an input into chunks that each start where a game always
//! starts (a tag line after a blank line), so that threads can read the
//! games of different chunks at once: a [`GameReader::resume`] at a chunk's
//! origin reads its games as the whole input's reader would.

use std::io::{self, BufRead};
use std::ops::ControlFlow::{self, Break, Continue};

use super::ast::Outcome;
use super::ast::{Record, Span, Tag};
use super::lex::{
    self, BOM, LO, bytes_equal, is_delimiter, line_start_kind, skip, skip_words, stop_table,
    zero_bytes,
};
use super::read::{parse_game, parse_tags};
use super::{Origin, SyntaxError};

/// See [`RawGame::DEFAULT_MAX_BYTES`].
pub(crate) const DEFAULT_MAX_GAME_BYTES: usize = 16 << 20;

/// What one step of [`Cutter::scan`] found: where to go on in the buffer, or
/// that it stops there (`Some` where the game ends, `None` at the buffer's
/// end).
type Step = ControlFlow<Option<usize>, usize>;

/// One game's bytes, as cut from the input, and where they start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawGame {
    /// 0-based position of the game in its input.
    pub index: usize,
    /// Where its first byte stands in the input.
    pub origin: Origin,
    /// The raw bytes, not yet known to be UTF-8.
    pub bytes: Vec<u8>,
    /// The white space between the previous game (or the start of the input,
    /// after any byte-order mark) and this one: `fmt --check` compares it.
    pub leading: Vec<u8>,
    /// Set when the game was larger than the reader's maximum: its bytes were
    /// dropped as they were read (`bytes` is empty), and [`RawGame::text`]
    /// and [`RawGame::parse`] report it as an error at its start.
    pub too_large: Option<TooLarge>,
}

/// A game over [`GameReader::max_game_bytes`], skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The game's size in bytes.
    pub size: u64,
    /// The maximum it was over.
    pub max: usize,
}

impl RawGame {
    /// The default of [`GameReader::max_game_bytes`]: 16 MiB, far above any real
    /// game (a 1,000-move game with comments is a few tens of KB).
    pub const DEFAULT_MAX_BYTES: usize = DEFAULT_MAX_GAME_BYTES;

    /// The text, or a syntax error at the first byte that is not UTF-8.
    pub fn text(&self) -> Result<&str, SyntaxError> {
        if let Some(TooLarge { size, max }) = self.too_large {
            return Err(SyntaxError::at_start(
                self.origin,
                format!("game too large: {size} bytes, over the maximum of {max} bytes; skipped"),
            ));
        }
        std::str::from_utf8(&self.bytes).map_err(|e| {
            let at = e.valid_up_to();
            // The prefix is valid, so it can be measured in characters.
            let valid = std::str::from_utf8(&self.bytes[..at]).unwrap_or_default();
            let line_breaks = valid.matches('\n').count() as u32;
            let column = match valid.rfind('\n') {
                Some(p) => 1 + valid[p + 1..].chars().count() as u32,
                None => self.origin.column + valid.chars().count() as u32,
            };
            SyntaxError {
                // Both fit: `len` never exceeds `at`, and a text longer than
                // `u32::MAX` is refused by the parser anyway.
                span: Span {
                    offset: u32::try_from(at).unwrap_or(u32::MAX),
                    len: u32::try_from(e.error_len().unwrap_or(self.bytes.len() - at))
                        .unwrap_or(u32::MAX),
                    line: self.origin.line + line_breaks,
                    column,
                },
                message: format!(
                    "invalid UTF-8 at byte offset {}: records must be UTF-8 text",
                    self.origin.offset + at
                ),
            }
        })
    }

    /// Parses the game.
    pub fn parse(&self) -> Result<Record, SyntaxError> {
        parse_game(self.text()?, self.origin)
    }

    /// The tag pairs of a game that does not parse as a whole, when its tag
    /// section parses alone: what every command that shows
    /// such a game shows of it. `None` when the tag section is broken too.
    ///
    /// ```
    /// use ayo_notation::GameReader;
    ///
    /// let text = "[South \"Ade\"]\n[North \"Bola\"]\n\n1. c C 2. % *\n";
    /// let game = GameReader::new(text.as_bytes()).next().unwrap().unwrap();
    /// assert!(game.parse().is_err());
    /// let tags = game.tags().unwrap();
    /// assert_eq!((tags[0].value.as_str(), tags[1].value.as_str()), ("Ade", "Bola"));
    /// ```
    pub fn tags(&self) -> Option<Vec<Tag>> {
        parse_tags(self.text().ok()?, self.origin).ok()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Movetext,
    /// After the termination token, up to the end of its line.
    AfterTermination,
    Brace,
    LineComment,
    TagLine,
    TagString,
    TagEscape,
}

/// Cuts a byte stream into [`RawGame`]s. See the module docs for the rules.
pub struct GameReader<R> {
    reader: R,
    cut: Cutter,
}

/// The lexer state of [`GameReader`], apart from the reader so that it can be
/// fed from the reader's buffer without copying.
struct Cutter {
    // Where the reader stands in the input.
    bom_seen: usize,
    bom_is_mark: bool,
    at: Origin,
    // White space read since the last game.
    gap: Vec<u8>,
    // The game being cut.
    in_game: bool,
    game: Vec<u8>,
    origin: Origin,
    index: usize,
    state: State,
    depth: u32,
    movetext: bool,
    /// The game's bytes so far end inside a word, at depth 0, that holds a
    /// `*` or `-`: it may be a termination token, known once it ends.
    open_word: bool,
    /// Where the game's own text starts within `game`: after the bytes of a
    /// byte-order mark that turned out not to be one (they start no word).
    text_from: usize,
    /// Where the termination token ended, within the game's bytes.
    term_end: Option<usize>,
    /// Text other than white space follows the termination token on its line.
    trailing_text: bool,
    /// The most bytes a game may have.
    max: usize,
    /// Bytes of the current game dropped because it is over `max`: `game`
    /// then holds only the last few, for `line_start_kind` to look back on.
    dropped: Option<u64>,
}

impl<R: BufRead> GameReader<R> {
    /// A reader over `reader`.
    pub fn new(reader: R) -> Self {
        GameReader {
            reader,
            cut: Cutter::new(),
        }
    }

    /// Sets the most bytes one game may have (default
    /// [`RawGame::DEFAULT_MAX_BYTES`]). A larger game is not held in memory: it is
    /// read through, handed out with [`RawGame::too_large`] set and no bytes,
    /// and reading goes on with the next game.
    pub fn max_game_bytes(mut self, max: usize) -> Self {
        self.cut.max = max;
        self
    }

    /// A reader over `reader`, whose first byte stands at `origin` of a
    /// longer input (and is not its first: no byte-order mark is looked
    /// for), and whose first game is the input's game number `index`
    /// (from 0). `reader` must start where this reader would start a game
    /// or be between games: at a game's first byte, or in the white space
    /// before one, as a [`Chunker`] cuts an input. With `origin` at the
    /// input's start this is [`GameReader::new`].
    pub fn resume(reader: R, origin: Origin, index: usize) -> Self {
        let mut games = GameReader::new(reader);
        let cut = &mut games.cut;
        if origin != Origin::START {
            cut.bom_seen = BOM.len();
        }
        cut.at = origin;
        cut.index = index;
        games
    }

    /// Where the reader stands in its input: just past the last game handed
    /// out and the white space that ended its line.
    pub fn position(&self) -> Origin {
        self.cut.at
    }

    /// Whether the input began with a byte-order mark.
    pub fn had_bom(&self) -> bool {
        self.cut.bom_is_mark
    }

    /// The white space after the last game, once the reader is exhausted.
    pub fn trailing(&self) -> &[u8] {
        &self.cut.gap
    }

    fn next_game(&mut self) -> io::Result<Option<RawGame>> {
        let cut = &mut self.cut;
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                if !cut.in_game && cut.bom_seen > 0 && cut.bom_seen < 3 {
                    // A partial byte-order mark alone: keep it as a (broken) game.
                    cut.begin_after_partial_bom();
                }
                return Ok(cut.in_game.then(|| cut.finish()));
            }
            let mut seg_start = 0;
            if !cut.in_game {
                let mut i = 0;
                while i < buf.len() && !cut.in_game {
                    let b = buf[i];
                    if cut.at.offset == cut.bom_seen && cut.bom_seen < 3 && b == BOM[cut.bom_seen] {
                        cut.bom_seen += 1;
                        cut.at.offset += 1;
                        cut.bom_is_mark = cut.bom_seen == 3;
                    } else if cut.bom_seen > 0 && cut.bom_seen < 3 {
                        cut.begin_after_partial_bom();
                        seg_start = i;
                        break;
                    } else if b.is_ascii_whitespace() {
                        // The whole run of white space at once.
                        let run = buf[i..]
                            .iter()
                            .position(|b| !b.is_ascii_whitespace())
                            .map_or(buf.len(), |k| i + k);
                        cut.gap.extend_from_slice(&buf[i..run]);
                        cut.pass(&buf[i..run]);
                        i = run;
                        continue;
                    } else {
                        cut.begin();
                        seg_start = i;
                        break;
                    }
                    i += 1;
                }
                if !cut.in_game {
                    let n = buf.len();
                    self.reader.consume(n);
                    continue;
                }
            }
            if let Some(end) = cut.scan(buf, seg_start) {
                cut.take(&buf[seg_start..end]);
                self.reader.consume(end);
                return Ok(Some(cut.finish()));
            }
            cut.take(&buf[seg_start..]);
            let n = buf.len();
            self.reader.consume(n);
        }
    }
}

/// Of an oversized game, this many of its last bytes are kept: enough for
/// `line_start_kind` to see a blank line before a `[`.
const KEEP: usize = 64;

/// The longest termination token, `1/2-1/2`.
const LONGEST_TERMINATION: usize = 7;

/// The bytes that matter in movetext once its first word is read: those that
/// change the state (`{ ; ( ) [`) and those that every termination token
/// holds (`*`, `-`). A word without `*` or `-` is no termination token, so
/// the other bytes (words, white space, the other delimiters) pass unseen:
/// the cutter's skip mode.
static MOVETEXT_STOPS: [u8; 256] = stop_table(b"{;()[*-", false);
/// In movetext before its first word: those of [`MOVETEXT_STOPS`] and every
/// word byte (the first one sets `movetext`).
static FIRST_WORD_STOPS: [u8; 256] = stop_table(b"{;()[*-", true);

/// The bytes of [`MOVETEXT_STOPS`], and two more that share their bit
/// patterns (`+`, and the control byte ESC), which the caller passes over:
/// three tests instead of seven.
#[inline(always)]
fn movetext_stops(x: u64) -> u64 {
    // `(` `)` `*` `+` are 0x28 to 0x2B; `;` `[` `{` (and ESC) are 0x1B with
    // any of bits 5 and 6.
    zero_bytes((x & (LO * 0xFC)) ^ (LO * 0x28))
        | zero_bytes((x & (LO * 0x9F)) ^ (LO * 0x1B))
        | bytes_equal(x, b'-')
}

impl Cutter {
    fn new() -> Self {
        Cutter {
            bom_seen: 0,
            bom_is_mark: false,
            at: Origin::START,
            gap: Vec::new(),
            in_game: false,
            game: Vec::new(),
            origin: Origin::START,
            index: 0,
            state: State::Movetext,
            depth: 0,
            movetext: false,
            open_word: false,
            text_from: 0,
            term_end: None,
            trailing_text: false,
            max: DEFAULT_MAX_GAME_BYTES,
            dropped: None,
        }
    }

    /// Adds `bytes` to the current game, or, once the game is over the
    /// maximum, moves the input position over them instead.
    fn take(&mut self, bytes: &[u8]) {
        if self.dropped.is_none() {
            if self.game.len() + bytes.len() <= self.max {
                self.game.extend_from_slice(bytes);
                return;
            }
            self.dropped = Some(0);
        }
        // Over the maximum: of the game so far and `bytes`, in input order,
        // all but the last `KEEP` bytes are passed over and dropped.
        let mut held = std::mem::take(&mut self.game);
        let drop = (held.len() + bytes.len()).saturating_sub(KEEP);
        let from_held = drop.min(held.len());
        self.pass(&held[..from_held]);
        self.pass(&bytes[..drop - from_held]);
        held.drain(..from_held);
        // What is kept of the game is its last bytes: a not-a-mark prefix
        // (which starts no word) is dropped with them only when they reach
        // past it. A game over a tiny maximum may keep it whole.
        self.text_from = self.text_from.saturating_sub(from_held);
        held.extend_from_slice(&bytes[drop - from_held..]);
        held.shrink_to(4 * KEEP);
        self.game = held;
        self.dropped = self.dropped.map(|d| d + drop as u64);
    }

    /// Moves the input position over `bytes`.
    fn pass(&mut self, bytes: &[u8]) {
        if !bytes.is_empty() {
            self.at = self.at.after(bytes);
        }
    }

    /// The word, in movetext, that holds `buf[p]` (or, with `p ==
    /// seg_start`, the word the game's bytes so far end in): where it ends in
    /// `buf` and whether it is a termination token; `None` when `buf` ends
    /// before it does.
    fn word_around(&self, buf: &[u8], seg_start: usize, p: usize) -> Option<(usize, bool)> {
        let end = p + buf.get(p..)?.iter().position(|&b| is_delimiter(b))?;
        // Back from its end to the delimiter before it (or the start of the
        // game's text), no further than a termination token's length.
        let held = self.game.get(self.text_from..).unwrap_or_default();
        let mut word = [0u8; LONGEST_TERMINATION];
        let mut len = 0;
        for &b in held.iter().chain(&buf[seg_start..end]).rev() {
            if is_delimiter(b) {
                break;
            }
            if len == LONGEST_TERMINATION {
                return Some((end, false));
            }
            len += 1;
            word[LONGEST_TERMINATION - len] = b;
        }
        Some((
            end,
            Outcome::from_bytes(&word[LONGEST_TERMINATION - len..]).is_some(),
        ))
    }

    /// The game's termination token ends `at` bytes into this buffer's part of
    /// it: the game ends there unless more text follows on the same line
    /// (then that text is kept with the game, to be reported as what it is).
    fn terminated_at(&mut self, at: usize) {
        self.term_end = Some(self.game.len() + at);
        self.trailing_text = false;
        self.state = State::AfterTermination;
    }

    /// How the byte at `at` starts its line (see [`line_start_kind`]).
    fn line_start_kind(&self, buf: &[u8], seg_start: usize, at: usize) -> u8 {
        let here = &buf[seg_start..at];
        // Mostly the answer lies in this buffer: no need to chain the game's
        // bytes before it.
        let mut kind = 0;
        for &b in here.iter().rev() {
            match b {
                b' ' | b'\t' | b'\r' => {}
                b'\n' => {
                    kind += 1;
                    if kind == 2 {
                        return 2;
                    }
                }
                _ => return kind,
            }
        }
        line_start_kind(self.game.iter().chain(here).copied())
    }

    /// Feeds `buf[seg_start..]`, the current game's next bytes. Returns the
    /// index the game ends before, if it ends in this buffer.
    ///
    /// Each state skips, eight bytes a step, the bytes that cannot change it
    /// (see [`MOVETEXT_STOPS`]): in movetext, only `{ ; ( ) [` and the `*` or
    /// `-` that every termination token holds are looked at, and a word is
    /// looked at whole only when it holds one of those two.
    fn scan(&mut self, buf: &[u8], seg_start: usize) -> Option<usize> {
        let mut i = seg_start;
        if self.open_word {
            // The word cut by the end of the last buffer goes on here.
            let (end, is_termination) = self.word_around(buf, seg_start, seg_start)?;
            self.open_word = false;
            i = end;
            if is_termination {
                self.terminated_at(end - seg_start);
            }
        }
        while i < buf.len() {
            let step = match self.state {
                State::Movetext => self.scan_movetext(buf, seg_start, i),
                State::AfterTermination => {
                    match buf[i] {
                        b'\n' => return Some(i),
                        b' ' | b'\t' | b'\r' => {}
                        _ => self.trailing_text = true,
                    }
                    Continue(i + 1)
                }
                State::Brace => self.scan_brace(buf, seg_start, i),
                State::LineComment => match lex::line_comment_len(&buf[i..]) {
                    // The comment goes on in the next buffer.
                    len if i + len == buf.len() => Continue(buf.len()),
                    len => {
                        self.state = State::Movetext;
                        Continue(i + len + 1)
                    }
                },
                State::TagLine => self.scan_tag_line(buf, i),
                State::TagString => self.scan_tag_string(buf, i),
                State::TagEscape => {
                    self.state = if buf[i] == b'\n' {
                        State::Movetext
                    } else {
                        State::TagString
                    };
                    Continue(i + 1)
                }
            };
            match step {
                Continue(next) => i = next,
                Break(end) => return end,
            }
        }
        None
    }

    /// [`Cutter::scan`] in movetext at `buf[i]`.
    #[inline(always)]
    fn scan_movetext(&mut self, buf: &[u8], seg_start: usize, i: usize) -> Step {
        // Until the first word, every word byte is looked at: it sets
        // `movetext`, which decides what a `[` means.
        let i = if self.movetext {
            skip_words(buf, i, movetext_stops, &MOVETEXT_STOPS)
        } else {
            skip(buf, i, &FIRST_WORD_STOPS)
        };
        let Some(&b) = buf.get(i) else {
            return Break(None);
        };
        match b {
            b'{' => {
                self.state = State::Brace;
                Continue(i + 1)
            }
            b';' => {
                self.state = State::LineComment;
                Continue(i + 1)
            }
            b'(' => {
                self.depth += 1;
                Continue(i + 1)
            }
            b')' => {
                self.depth = self.depth.saturating_sub(1);
                Continue(i + 1)
            }
            b'[' => self.scan_tag_lines(buf, seg_start, i),
            // A `*` or `-`: its word may be a termination token (which
            // counts only outside variations).
            b'*' | b'-' if self.movetext && self.depth == 0 => {
                match self.word_around(buf, seg_start, i) {
                    None => {
                        self.open_word = true;
                        Continue(buf.len())
                    }
                    Some((end, is_termination)) => {
                        if is_termination {
                            self.terminated_at(end - seg_start);
                        }
                        Continue(end)
                    }
                }
            }
            // The first word byte: from here on only the bytes of
            // `MOVETEXT_STOPS` are looked at (this one again too).
            _ if !self.movetext && !is_delimiter(b) => {
                self.movetext = true;
                Continue(i)
            }
            // A `*` or `-` in a variation, or a byte that only looked like a
            // stop.
            _ => Continue(i + 1),
        }
    }

    /// [`Cutter::scan`] at a `[` in movetext (`buf[i]`).
    #[inline(always)]
    fn scan_tag_lines(&mut self, buf: &[u8], seg_start: usize, mut i: usize) -> Step {
        // A tag line after movetext, or after a blank line (whatever came
        // before), starts the next game.
        let kind = self.line_start_kind(buf, seg_start, i);
        if kind == 2 || (self.movetext && kind == 1) {
            return Break(Some(i));
        }
        // The usual tag lines, one after another, in one go; anything else
        // through the states.
        loop {
            let Some(end) = lex::plain_tag_line(buf, i + 1) else {
                self.state = State::TagLine;
                return Continue(i + 1);
            };
            // Back in movetext after the `]`. A `[` right after the line
            // break starts a line, not after a blank line: the next game's
            // if movetext came before, else the next tag line.
            i = end;
            let next = match buf.get(end..end + 2) {
                Some([b'\n', _]) => end + 1,
                Some(b"\r\n") => end + 2,
                _ => return Continue(i),
            };
            if buf.get(next) != Some(&b'[') {
                return Continue(i);
            }
            if self.movetext {
                return Break(Some(next));
            }
            i = next;
        }
    }

    /// [`Cutter::scan`] in a `{…}` comment at `buf[i]`.
    #[inline(always)]
    fn scan_brace(&mut self, buf: &[u8], seg_start: usize, i: usize) -> Step {
        match lex::brace_comment_stop(&buf[i..]) {
            None => Continue(buf.len()),
            Some(k) => {
                let at = i + k;
                if buf[at] == b'}' {
                    self.state = State::Movetext;
                } else if self.line_start_kind(buf, seg_start, at) == 2 {
                    // An unclosed comment must not swallow the rest of the
                    // file: a tag line after a blank line starts the next game.
                    return Break(Some(at));
                }
                Continue(at + 1)
            }
        }
    }

    /// [`Cutter::scan`] in a tag line, outside its value, at `buf[i]`.
    #[inline(always)]
    fn scan_tag_line(&mut self, buf: &[u8], i: usize) -> Step {
        let i = lex::tag_line_stop(buf, i);
        let Some(&b) = buf.get(i) else {
            return Break(None);
        };
        self.state = if b == b'"' {
            State::TagString
        } else {
            // `]` or a line break.
            State::Movetext
        };
        Continue(i + 1)
    }

    /// [`Cutter::scan`] in a tag value at `buf[i]`.
    #[inline(always)]
    fn scan_tag_string(&mut self, buf: &[u8], i: usize) -> Step {
        let mut i = lex::tag_string_stop(buf, i);
        let Some(&b) = buf.get(i) else {
            return Break(None);
        };
        self.state = match b {
            b'\\' => State::TagEscape,
            b'"' => State::TagLine,
            // A line break.
            _ => State::Movetext,
        };
        i += 1;
        // Most often the `]` follows: take it here rather than through
        // another search, as `TagLine` would.
        if self.state == State::TagLine && buf.get(i) == Some(&b']') {
            self.state = State::Movetext;
            i += 1;
        }
        Continue(i)
    }

    fn begin(&mut self) {
        self.in_game = true;
        self.origin = self.at;
        self.state = State::Movetext;
        self.depth = 0;
        self.movetext = false;
        self.open_word = false;
        self.text_from = 0;
        self.term_end = None;
        self.trailing_text = false;
        self.dropped = None;
    }

    fn finish(&mut self) -> RawGame {
        self.in_game = false;
        let mut bytes = std::mem::take(&mut self.game);
        let leading = std::mem::take(&mut self.gap);
        if let Some(dropped) = self.dropped.take() {
            // Over the maximum: only its last bytes are left, and the
            // position has been moved over the rest.
            self.pass(&bytes);
            let game = RawGame {
                index: self.index,
                origin: self.origin,
                bytes: Vec::new(),
                leading,
                too_large: Some(TooLarge {
                    size: dropped + bytes.len() as u64,
                    max: self.max,
                }),
            };
            self.term_end = None;
            self.index += 1;
            return game;
        }
        // White space after the termination token is not the game's: it
        // starts the gap before the next one.
        let tail = match self.term_end.take() {
            Some(end) if !self.trailing_text && end <= bytes.len() => bytes.split_off(end),
            _ => Vec::new(),
        };
        self.pass(&bytes);
        self.pass(&tail);
        self.gap = tail;
        let game = RawGame {
            index: self.index,
            origin: self.origin,
            bytes,
            leading,
            too_large: None,
        };
        self.index += 1;
        game
    }

    /// Starts a game with the bytes of a byte-order mark that turned out not
    /// to be one, so that nothing of the input is dropped.
    fn begin_after_partial_bom(&mut self) {
        let seen = self.bom_seen;
        self.bom_seen = 3;
        self.at.offset = 0;
        self.begin();
        self.game.extend_from_slice(&BOM[..seen]);
        self.text_from = seen;
    }
}

impl<R: BufRead> Iterator for GameReader<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_game().transpose()
    }
}

mod chunks;
pub use chunks::{Chunk, Chunker};

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(input: &[u8]) -> Vec<String> {
        GameReader::new(input)
            .map(|g| {
                let g = g.unwrap();
                format!(
                    "{}:{}@{} {:?}",
                    g.origin.line,
                    g.origin.column,
                    g.origin.offset,
                    String::from_utf8_lossy(&g.bytes)
                )
            })
            .collect()
    }

    #[test]
    fn games_end_at_their_termination_token() {
        let games = cut(b"[Event \"a * b\"]\n\n1. a {1-0 *} (1. b *) B 1-0\n\n[Event \"2\"]\n1. c *  1. d 0-1\n1/2-1/2");
        insta::assert_debug_snapshot!(games, @r#"
        [
            "1:1@0 \"[Event \\\"a * b\\\"]\\n\\n1. a {1-0 *} (1. b *) B 1-0\"",
            "5:1@46 \"[Event \\\"2\\\"]\\n1. c *  1. d 0-1\"",
            "7:1@75 \"1/2-1/2\"",
        ]
        "#);
    }

    #[test]
    fn a_missing_termination_or_unclosed_comment_spoils_only_its_game() {
        let games = cut(b"1. a B\n[Event \"next\"]\n1. c *\n\n{open\n\n[Event \"last\"]\n*\n");
        insta::assert_debug_snapshot!(games, @r#"
        [
            "1:1@0 \"1. a B\\n\"",
            "2:1@7 \"[Event \\\"next\\\"]\\n1. c *\"",
            "5:1@30 \"{open\\n\\n\"",
            "7:1@37 \"[Event \\\"last\\\"]\\n*\"",
        ]
        "#);
    }

    #[test]
    fn bom_and_crlf() {
        let games = cut(b"\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. a *\r\n");
        assert_eq!(
            games,
            vec!["1:1@3 \"[Event \\\"x\\\"]\\r\\n\\r\\n1. a *\"".to_string()]
        );
    }

    #[test]
    fn invalid_utf8_is_a_syntax_error_of_its_game() {
        let mut r = GameReader::new(&b"1. a *\n{caf\xE9} 1. b *\n1. c *"[..]);
        assert!(r.next().unwrap().unwrap().parse().is_ok());
        let bad = r.next().unwrap().unwrap();
        let e = bad.parse().unwrap_err();
        // The offset counts from the game's start, which is byte 7 of the input.
        assert_eq!((e.span.line, e.span.column, e.span.offset), (2, 5, 4));
        assert_eq!(bad.origin.offset, 7);
        insta::assert_snapshot!(e.message, @"invalid UTF-8 at byte offset 11: records must be UTF-8 text");
        assert!(r.next().unwrap().unwrap().parse().is_ok());
        assert!(r.next().is_none());
    }

    #[test]
    fn tiny_reads_cut_the_same_games() {
        struct OneByte<'a>(&'a [u8]);
        impl io::Read for OneByte<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() || buf.is_empty() {
                    return Ok(0);
                }
                buf[0] = self.0[0];
                self.0 = &self.0[1..];
                Ok(1)
            }
        }
        let input = b"\xEF\xBB\xBF[A \"1\"]\n1. a (1. b) * 1. c\n[B \"2\"]\n0-1";
        let whole: Vec<_> = GameReader::new(&input[..]).map(|g| g.unwrap()).collect();
        let tiny: Vec<_> = GameReader::new(io::BufReader::with_capacity(1, OneByte(input)))
            .map(|g| g.unwrap())
            .collect();
        assert_eq!(whole, tiny);
        assert_eq!(whole.len(), 2);
    }

    /// Reading is streaming: the first game comes out after one buffer of
    /// input, however long the input is, and no game is held once handed out.
    #[test]
    fn games_come_out_before_the_input_ends() {
        use std::cell::Cell;
        use std::rc::Rc;
        const GAME: &[u8] = b"[Event \"x\"]\n\n1. c Fx2 2. d *\n\n";
        struct Endless {
            served: Rc<Cell<usize>>,
        }
        impl io::Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = buf.len().min(GAME.len());
                let at = self.served.get() % GAME.len();
                let n = n.min(GAME.len() - at);
                buf[..n].copy_from_slice(&GAME[at..at + n]);
                self.served.set(self.served.get() + n);
                Ok(n)
            }
        }
        let served = Rc::new(Cell::new(0));
        let reader = io::BufReader::with_capacity(
            4096,
            Endless {
                served: served.clone(),
            },
        );
        let mut games = GameReader::new(reader);
        for _ in 0..10_000 {
            let g = games.next().unwrap().unwrap();
            assert!(g.parse().is_ok());
            assert!(g.bytes.len() < 64);
        }
        // Read through a 4 KiB buffer: no more than one buffer ahead of the
        // last game handed out.
        assert!(
            served.get() <= 10_000 * GAME.len() + 4096,
            "{}",
            served.get()
        );
        assert!(games.cut.game.capacity() < 4096);
    }

    /// A blank line and a line starting with `[` start a new game whatever
    /// state the game before is in.
    #[test]
    fn a_tag_line_after_a_blank_line_always_starts_a_game() {
        // A complete tag section with no movetext: its own (broken) game.
        let games = cut(b"[Event \"truncated\"]\n[Site \"x\"]\n\n[Event \"good\"]\n\n1. c *");
        insta::assert_debug_snapshot!(games, @r#"
        [
            "1:1@0 \"[Event \\\"truncated\\\"]\\n[Site \\\"x\\\"]\\n\\n\"",
            "4:1@32 \"[Event \\\"good\\\"]\\n\\n1. c *\"",
        ]
        "#);
        // A tag line missing its `]`, an unclosed string, an open variation.
        let games = cut(b"[Event \"x\"\n\n[Event \"y\n\n1. a (1. b\n\n[Event \"good\"]\n1. c *\n");
        insta::assert_debug_snapshot!(games, @r#"
        [
            "1:1@0 \"[Event \\\"x\\\"\\n\\n\"",
            "3:1@12 \"[Event \\\"y\\n\\n1. a (1. b\\n\\n\"",
            "7:1@35 \"[Event \\\"good\\\"]\\n1. c *\"",
        ]
        "#);
        let mut r = GameReader::new(&b"[Event \"x\"\n\n[Event \"good\"]\n1. c *\n"[..]);
        assert!(r.next().unwrap().unwrap().parse().is_err());
        assert!(r.next().unwrap().unwrap().parse().is_ok());
        assert!(r.next().is_none());
    }

    #[test]
    fn a_game_over_the_maximum_is_skipped_and_reported() {
        let big = format!("[Event \"big\"]\n\n{}*\n\n", "1. a B ".repeat(1000));
        let input = format!("1. a *\n\n{big}[Event \"next\"]\n1. c *\n");
        for capacity in [1, 7, 4096, 1 << 20] {
            let reader = io::BufReader::with_capacity(capacity, input.as_bytes());
            let mut r = GameReader::new(reader).max_game_bytes(1000);
            assert!(r.next().unwrap().unwrap().parse().is_ok());
            let skipped = r.next().unwrap().unwrap();
            assert!(skipped.bytes.is_empty());
            assert!(
                r.cut.game.capacity() <= 4 * KEEP,
                "{}",
                r.cut.game.capacity()
            );
            let e = skipped.parse().unwrap_err();
            assert_eq!((e.span.line, e.span.column, e.span.offset), (3, 1, 0));
            assert_eq!(skipped.origin.offset, 8);
            insta::allow_duplicates! {
                insta::assert_snapshot!(e.message, @"game too large: 7016 bytes, over the maximum of 1000 bytes; skipped");
            }
            let next = r.next().unwrap().unwrap();
            assert_eq!((next.origin.line, next.origin.column), (7, 1));
            assert_eq!(next.parse().unwrap().tag("Event"), Some("next"));
            assert!(r.next().is_none());
        }
    }
}
