//! The game cutter as it was when it looked at every byte: kept, unchanged,
//! as the reference that the cutter which skips ordinary bytes is checked
//! against (the proptest `cuts_as_the_reference_does` in `cutter.rs`). It
//! lives with the tests, the only code that uses it, and keeps its own copy
//! of the two lexical facts it took from the crate (the delimiters and
//! `line_start_kind`), so that it stays what it was.

use std::io::{self, BufRead};

use ayo_notation::{Origin, RawGame, TooLarge};

/// The delimiters of grammar.md as a lookup table, indexed by byte.
static IS_DELIMITER: [bool; 256] = {
    let mut table = [false; 256];
    let delimiters = b" \t\r\n(){};[]\"";
    let mut k = 0;
    while k < delimiters.len() {
        table[delimiters[k] as usize] = true;
        k += 1;
    }
    table
};

/// How the text `before` (read backwards) leaves the next byte: 0 when other
/// text precedes it on its line, 1 at the start of a line, 2 at the start of
/// a line that follows a blank line.
fn line_start_kind(before: impl DoubleEndedIterator<Item = u8>) -> u8 {
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

const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

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
    offset: usize,
    line: u32,
    column: u32,
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
    word: [u8; 8],
    word_len: usize,
    /// The current word may be a termination token (starts with `*`, `0`, `1`).
    candidate: bool,
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
                    if cut.offset == cut.bom_seen && cut.bom_seen < 3 && b == BOM[cut.bom_seen] {
                        cut.bom_seen += 1;
                        cut.offset += 1;
                        cut.bom_is_mark = cut.bom_seen == 3;
                    } else if cut.bom_seen > 0 && cut.bom_seen < 3 {
                        cut.begin_after_partial_bom();
                        seg_start = i;
                        break;
                    } else if b.is_ascii_whitespace() {
                        cut.gap.push(b);
                        cut.pass(&buf[i..=i]);
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

fn is_termination(word: &[u8]) -> bool {
    matches!(word, b"*" | b"1-0" | b"0-1" | b"1/2-1/2")
}

fn count_chars(bytes: &[u8]) -> u32 {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u32
}

impl Cutter {
    fn new() -> Self {
        Cutter {
            bom_seen: 0,
            bom_is_mark: false,
            offset: 0,
            line: 1,
            column: 1,
            gap: Vec::new(),
            in_game: false,
            game: Vec::new(),
            origin: Origin::START,
            index: 0,
            state: State::Movetext,
            depth: 0,
            movetext: false,
            word: [0; 8],
            word_len: 0,
            candidate: false,
            term_end: None,
            trailing_text: false,
            max: RawGame::DEFAULT_MAX_BYTES,
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
        held.extend_from_slice(&bytes[drop - from_held..]);
        held.shrink_to(4 * KEEP);
        self.game = held;
        self.dropped = self.dropped.map(|d| d + drop as u64);
    }

    /// Moves the input position over `bytes`.
    fn pass(&mut self, bytes: &[u8]) {
        self.offset += bytes.len();
        match memchr::memrchr(b'\n', bytes) {
            Some(last) => {
                self.line += memchr::memchr_iter(b'\n', bytes).count() as u32;
                self.column = 1 + count_chars(&bytes[last + 1..]);
            }
            None => self.column += count_chars(bytes),
        }
    }

    /// How the byte at `at` starts its line (see [`line_start_kind`]).
    fn line_start_kind(&self, buf: &[u8], seg_start: usize, at: usize) -> u8 {
        line_start_kind(self.game.iter().chain(&buf[seg_start..at]).copied())
    }

    /// Feeds `buf[seg_start..]`, the current game's next bytes. Returns the
    /// index the game ends before, if it ends in this buffer.
    fn scan(&mut self, buf: &[u8], seg_start: usize) -> Option<usize> {
        let mut i = seg_start;
        while i < buf.len() {
            match self.state {
                // Each state keeps the bytes coming in its own loop until it
                // changes: dispatching on the state once per byte cost an
                // indirect jump per byte, mispredicted at every word's end.
                State::Movetext => {
                    while i < buf.len() {
                        let b = buf[i];
                        if !IS_DELIMITER[usize::from(b)] {
                            if self.word_len == 0 {
                                self.candidate = matches!(b, b'*' | b'0' | b'1');
                            }
                            if self.candidate && self.word_len < self.word.len() {
                                self.word[self.word_len] = b;
                            }
                            self.word_len += 1;
                            self.movetext = true;
                            i += 1;
                            continue;
                        }
                        if self.word_len > 0 {
                            if self.candidate
                                && self.depth == 0
                                && self.word_len <= self.word.len()
                                && is_termination(&self.word[..self.word_len])
                            {
                                // The game ends here unless more text follows on
                                // the same line: then that text is kept with the
                                // game, to be reported as what it is.
                                self.term_end = Some(self.game.len() + (i - seg_start));
                                self.trailing_text = false;
                                self.state = State::AfterTermination;
                                break;
                            }
                            self.word_len = 0;
                        }
                        i += 1;
                        match b {
                            b'{' => {
                                self.state = State::Brace;
                                break;
                            }
                            b';' => {
                                self.state = State::LineComment;
                                break;
                            }
                            b'(' => self.depth += 1,
                            b')' => self.depth = self.depth.saturating_sub(1),
                            b'[' => {
                                // A tag line after movetext, or after a blank
                                // line (whatever came before), starts the next
                                // game.
                                let kind = self.line_start_kind(buf, seg_start, i - 1);
                                if kind == 2 || (self.movetext && kind == 1) {
                                    return Some(i - 1);
                                }
                                self.state = State::TagLine;
                                break;
                            }
                            _ => {}
                        }
                    }
                }
                State::AfterTermination => {
                    match buf[i] {
                        b'\n' => return Some(i),
                        b' ' | b'\t' | b'\r' => {}
                        _ => self.trailing_text = true,
                    }
                    i += 1;
                }
                State::Brace => match memchr::memchr2(b'}', b'[', &buf[i..]) {
                    None => i = buf.len(),
                    Some(k) => {
                        let at = i + k;
                        if buf[at] == b'}' {
                            self.state = State::Movetext;
                        } else if self.line_start_kind(buf, seg_start, at) == 2 {
                            // An unclosed comment must not swallow the rest of the
                            // file: a tag line after a blank line starts the next game.
                            return Some(at);
                        }
                        i = at + 1;
                    }
                },
                State::LineComment => match memchr::memchr(b'\n', &buf[i..]) {
                    None => i = buf.len(),
                    Some(k) => {
                        self.state = State::Movetext;
                        i += k + 1;
                    }
                },
                State::TagLine => {
                    while i < buf.len() {
                        i += 1;
                        match buf[i - 1] {
                            b'"' => {
                                self.state = State::TagString;
                                break;
                            }
                            b']' | b'\n' => {
                                self.state = State::Movetext;
                                break;
                            }
                            _ => {}
                        }
                    }
                }
                State::TagString => {
                    while i < buf.len() {
                        i += 1;
                        match buf[i - 1] {
                            b'\\' => {
                                self.state = State::TagEscape;
                                break;
                            }
                            b'"' => {
                                self.state = State::TagLine;
                                break;
                            }
                            b'\n' => {
                                self.state = State::Movetext;
                                break;
                            }
                            _ => {}
                        }
                    }
                }
                State::TagEscape => {
                    self.state = if buf[i] == b'\n' {
                        State::Movetext
                    } else {
                        State::TagString
                    };
                    i += 1;
                }
            }
        }
        None
    }

    fn begin(&mut self) {
        self.in_game = true;
        self.origin = Origin {
            offset: self.offset,
            line: self.line,
            column: self.column,
        };
        self.state = State::Movetext;
        self.depth = 0;
        self.movetext = false;
        self.word_len = 0;
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
        self.offset = 0;
        self.begin();
        self.game.extend_from_slice(&BOM[..seen]);
    }
}

impl<R: BufRead> Iterator for GameReader<R> {
    type Item = io::Result<RawGame>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_game().transpose()
    }
}
