//! The way back from JSON (as `ayo json` prints it) to records, for
//! `ayo import`. [`import_files`] does what `ayo import` does: it reads
//! streams of JSON games and writes each back as a record, with what
//! replaying it found. Its parts can be used alone: [`JsonGames`] cuts a byte stream into
//! one JSON value a game, and [`Imported::read`] turns one into a record and
//! the text it is written as.
//!
//! A game is read straight into the fields it keeps, never through a
//! `serde_json::Value`, and only the fields the notation holds are kept
//! (laps, boards and the like are skipped as they are read), so memory stays
//! a small multiple of the game's JSON.
//!

use std::io::{self, BufRead};

use serde::Deserialize;
use serde::de::{self, Deserializer, IgnoredAny};

use crate::diagnostics::Diagnostic;
use crate::notation::{
    Comment, Glyph, List, Move, Moves, Nag, Outcome, Record, Span, SyntaxError, Tag, Termination,
    Variation, WriteError,
};
use crate::replay::{self, Options};

mod files;

pub use files::import_files;

/// Why a JSON game cannot become a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// The value is not JSON (truncated, say), or not a game: a field that is
    /// unknown, missing or of the wrong type, or a value the notation has no
    /// spelling for (a pit that is not a letter, an unknown glyph, a comment
    /// that would start a new game). `line` and `column` are 1-based, counted
    /// in the value's own text.
    #[error("{}{message}", if path.is_empty() { String::new() } else { format!("{path}: ") })]
    Json {
        /// Where in the value, as `moves[0].pit`; empty for the value itself.
        path: String,
        /// What is wrong.
        message: String,
        /// Whether the text is not JSON at all (rather than JSON of the wrong
        /// shape).
        syntax: bool,
        /// 1-based line in the value's text.
        line: usize,
        /// 1-based column (in bytes) in the value's text.
        column: usize,
    },
    /// Neither a result nor the raw text of a game that could not be parsed.
    #[error("result: missing: a game needs {{\"token\": \"1-0\" | \"0-1\" | \"1/2-1/2\" | \"*\"}}")]
    NoResult,
    /// A tag name or value, or a comment, that the notation cannot hold:
    /// written as `.ayo`, the game would not read back as itself.
    #[error(
        "the game cannot be written as .ayo: {0} (a tag name, tag value or comment that the notation cannot hold)"
    )]
    Unwritable(WriteError),
    /// Written as `.ayo`, the game reads back as something else (`None`), or
    /// not at all (the error reading it back gave).
    #[error("the game cannot be written as .ayo{}", match .0 { Some(e) => format!(": {e} (a tag name, tag value or comment that the notation cannot hold)"), None => " without changing it (a comment or tag that the notation cannot hold)".to_string() })]
    NotReadBack(Option<SyntaxError>),
    /// The value was cut off before its end (see [`JsonGames`]), which is
    /// why it is not a game.
    #[error("cut off before its end: {0}")]
    CutOff(Box<ImportError>),
}

/// One game as `ayo import` reads it: every field `ayo json` writes, and no
/// other (an unknown field is an error, not silently dropped). The fields the
/// notation has no place for (boards, laps, validity) are skipped unread.
#[derive(Debug, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a game object, as `ayo json` writes one"
)]
pub(crate) struct ImportGame {
    #[serde(default, rename = "file")]
    _file: IgnoredAny,
    #[serde(default, rename = "game")]
    _game: IgnoredAny,
    #[serde(default, deserialize_with = "tags")]
    tags: Vec<(String, String)>,
    #[serde(default, rename = "rules")]
    _rules: IgnoredAny,
    #[serde(default, rename = "setup")]
    _setup: IgnoredAny,
    #[serde(default)]
    game_comments: Vec<CommentText>,
    #[serde(default)]
    moves: Vec<MoveIn>,
    #[serde(default)]
    result: Option<ImportResult>,
    #[serde(default, rename = "valid")]
    _valid: IgnoredAny,
    #[serde(default, rename = "errors")]
    _errors: IgnoredAny,
    #[serde(default, rename = "warnings")]
    _warnings: IgnoredAny,
    #[serde(default)]
    raw: Option<String>,
}

/// A move of the record, read from an [`ImportMove`] as soon as that is read:
/// a game's moves are never held twice, in both shapes.
#[derive(Debug, Deserialize)]
#[serde(from = "ImportMove")]
struct MoveIn(Move);

/// One move: only `pit` is required, so `{"pit": "c"}` is a move.
#[derive(Debug, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a move object, as in `ayo json`'s `moves`"
)]
struct ImportMove {
    #[serde(default, rename = "ply")]
    _ply: IgnoredAny,
    #[serde(default, rename = "number")]
    _number: IgnoredAny,
    #[serde(default, rename = "side")]
    _side: IgnoredAny,
    pit: PitLetter,
    #[serde(default)]
    claim: Option<u32>,
    #[serde(default, rename = "laps")]
    _laps: IgnoredAny,
    #[serde(default, rename = "capture")]
    _capture: IgnoredAny,
    #[serde(default, rename = "stores")]
    _stores: IgnoredAny,
    #[serde(default, rename = "board")]
    _board: IgnoredAny,
    #[serde(default, deserialize_with = "glyphs")]
    glyphs: Option<Glyph>,
    #[serde(default)]
    nags: Vec<u8>,
    #[serde(default)]
    comments: ImportComments,
    #[serde(default, deserialize_with = "variations")]
    variations: List<Variation>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a comments object with `before` and `after`"
)]
struct ImportComments {
    #[serde(default)]
    before: Vec<CommentText>,
    #[serde(default)]
    after: Vec<CommentText>,
}

#[derive(Debug, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a result object, as in `ayo json`'s `result`"
)]
struct ImportResult {
    #[serde(deserialize_with = "outcome")]
    token: Outcome,
    #[serde(default, rename = "score")]
    _score: IgnoredAny,
    #[serde(default, rename = "winner")]
    _winner: IgnoredAny,
    #[serde(default, rename = "ended_by")]
    _ended_by: IgnoredAny,
    #[serde(default, rename = "decided_by")]
    _decided_by: IgnoredAny,
    #[serde(default, rename = "not_counted")]
    _not_counted: IgnoredAny,
}

/// A pit letter, read from a one-letter string without allocating.
#[derive(Debug)]
struct PitLetter(char);

impl<'de> Deserialize<'de> for PitLetter {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl de::Visitor<'_> for V {
            type Value = PitLetter;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("one pit letter (a-z, A-Z)")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<PitLetter, E> {
                let mut chars = s.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => Ok(PitLetter(c)),
                    _ => Err(E::invalid_value(de::Unexpected::Str(s), &self)),
                }
            }
        }
        d.deserialize_str(V)
    }
}

/// A variation: a line of at least one move, read straight into the
/// variation's [`Moves`] (a one-move variation holds its move in place: no
/// list is made for it, not even for a while).
#[derive(Debug)]
struct Line(Moves);

impl<'de> Deserialize<'de> for Line {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> de::Visitor<'de> for V {
            type Value = Line;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Line, A::Error> {
                let mut moves = Moves::new();
                while let Some(MoveIn(m)) = seq.next_element()? {
                    moves.push(m);
                }
                if moves.is_empty() {
                    return Err(de::Error::invalid_length(
                        0,
                        &"a variation of at least one move",
                    ));
                }
                moves.shrink_to_fit();
                Ok(Line(moves))
            }
        }
        d.deserialize_seq(V)
    }
}

/// A move's variations, read straight into the list the move keeps (a game
/// can hold very many of them: no second list of them is made first).
fn variations<'de, D: Deserializer<'de>>(d: D) -> Result<List<Variation>, D::Error> {
    struct V;
    impl<'de> de::Visitor<'de> for V {
        type Value = List<Variation>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a sequence")
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut list = List::new();
            while let Some(Line(moves)) = seq.next_element()? {
                list.push(Variation {
                    moves,
                    span: Span::default(),
                });
            }
            list.shrink_to_fit();
            Ok(list)
        }
    }
    d.deserialize_seq(V)
}

/// A comment's text, refused when the reader would cut the game at it.
#[derive(Debug)]
struct CommentText(String);

impl<'de> Deserialize<'de> for CommentText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        // Said here rather than after the whole game is built, so that the
        // error carries the comment's path.
        Comment::check(&text).map_err(de::Error::custom)?;
        Ok(CommentText(text))
    }
}

/// `glyphs`: at most one known glyph.
fn glyphs<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Glyph>, D::Error> {
    struct V;
    impl<'de> de::Visitor<'de> for V {
        type Value = Option<Glyph>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a list of at most one glyph (!, ?, !!, ??, !? or ?!)")
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let Some(g) = seq.next_element::<String>()? else {
                return Ok(None);
            };
            let glyph = Glyph::parse(&g).ok_or_else(|| {
                de::Error::invalid_value(
                    de::Unexpected::Str(&g),
                    &"a glyph: !, ?, !!, ??, !? or ?!",
                )
            })?;
            if seq.next_element::<IgnoredAny>()?.is_some() {
                return Err(de::Error::custom("a move takes at most one glyph"));
            }
            Ok(Some(glyph))
        }
    }
    d.deserialize_seq(V)
}

/// `result.token`.
fn outcome<'de, D: Deserializer<'de>>(d: D) -> Result<Outcome, D::Error> {
    let token = <std::borrow::Cow<'de, str>>::deserialize(d)?;
    Outcome::parse(&token).ok_or_else(|| {
        de::Error::invalid_value(
            de::Unexpected::Str(&token),
            &"a game-termination token: 1-0, 0-1, 1/2-1/2 or *",
        )
    })
}

/// `tags`: a JSON object whose order (and repeated names) are kept.
fn tags<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, String)>, D::Error> {
    struct Ordered;
    impl<'de> de::Visitor<'de> for Ordered {
        type Value = Vec<(String, String)>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object of tag names to string values")
        }
        fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(entry) = map.next_entry::<String, String>()? {
                out.push(entry);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Ordered)
}

/// Reads one game from the text of one JSON value. Every error says where it
/// is: the path of the field, and the line and column in `bytes`.
pub(crate) fn read_game(bytes: &[u8]) -> Result<ImportGame, ImportError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let game = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let path = if path == "." { String::new() } else { path };
        json_error(path, e.inner())
    })?;
    de.end().map_err(|e| json_error(String::new(), &e))?;
    Ok(game)
}

fn json_error(path: String, e: &serde_json::Error) -> ImportError {
    let message = e.to_string();
    // serde_json puts the place after the message; it is kept apart here.
    let place = format!(" at line {} column {}", e.line(), e.column());
    let message = message
        .strip_suffix(&place)
        .map_or(message.clone(), str::to_string);
    let syntax = e.is_syntax() || e.is_eof();
    ImportError::Json {
        // A path into text that is not JSON says nothing.
        path: if syntax { String::new() } else { path },
        message: if syntax {
            format!("malformed JSON: {message}")
        } else {
            message
        },
        syntax,
        line: e.line(),
        column: e.column(),
    }
}

/// What a JSON game becomes.
#[derive(Debug)]
pub enum Imported {
    /// A record, the canonical text it is written as, and spans into that text
    /// (the record is the text parsed back, so replay can point into it).
    Record {
        /// The canonical text.
        text: String,
        /// `text`, parsed.
        record: Record,
    },
    /// A game `ayo json` could not parse: it carries no result, only the raw
    /// text, which is given back unchanged.
    Unparsed(String),
}

fn comments<C: FromIterator<Comment>>(texts: Vec<CommentText>) -> C {
    texts
        .into_iter()
        .map(|t| Comment {
            text: t.0,
            span: Span::default(),
        })
        .collect()
}

impl From<ImportMove> for MoveIn {
    fn from(m: ImportMove) -> MoveIn {
        let mut mv = Move::new(m.pit.0);
        mv.claim = m.claim;
        mv.glyph = m.glyphs;
        // Only a move that has NAGs, comments or variations gets room for
        // them.
        if !m.nags.is_empty() {
            *mv.nags_mut() = m
                .nags
                .into_iter()
                .map(|value| Nag {
                    value,
                    span: Span::default(),
                })
                .collect();
        }
        mv.set_before(comments(m.comments.before));
        if !m.comments.after.is_empty() {
            *mv.after_mut() = comments(m.comments.after);
        }
        if !m.variations.is_empty() {
            *mv.variations_mut() = m.variations;
        }
        MoveIn(mv)
    }
}

/// A digest of what a record says, spans and move numbers aside (what
/// [`Record::normalized`] keeps). Comparing digests tells whether the text read
/// back says what was written without holding both records at once: a big
/// game's parsed record is the largest thing `import` holds.
fn digest(record: &Record) -> u64 {
    use std::hash::{Hash, Hasher};
    fn comments(cs: &[Comment], h: &mut impl Hasher) {
        cs.len().hash(h);
        for c in cs {
            c.text.hash(h);
        }
    }
    fn line(moves: &[Move], h: &mut impl Hasher) {
        moves.len().hash(h);
        for m in moves {
            (m.pit, m.claim, m.glyph.map(Glyph::as_str)).hash(h);
            m.nags().len().hash(h);
            for n in m.nags() {
                n.value.hash(h);
            }
            comments(m.before(), h);
            comments(m.after(), h);
            m.variations().len().hash(h);
            for v in m.variations() {
                line(&v.moves, h);
            }
        }
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    record.tags.len().hash(&mut h);
    for t in &record.tags {
        (&*t.name, &t.value).hash(&mut h);
    }
    comments(&record.comments, &mut h);
    line(&record.moves, &mut h);
    record.result.outcome.as_str().hash(&mut h);
    h.finish()
}

/// Turns a JSON game into a record and its canonical text (see
/// [`Imported::read`]).
pub(crate) fn to_record(game: ImportGame) -> Result<Imported, ImportError> {
    let Some(result) = game.result else {
        return game
            .raw
            .map(Imported::Unparsed)
            .ok_or(ImportError::NoResult);
    };
    let mut tags: Vec<Tag> = game
        .tags
        .into_iter()
        .map(|(name, value)| Tag {
            name: name.into(),
            value,
            span: Span::default(),
            value_span: Span::default(),
        })
        .collect();
    // The writer orders tags canonically; so does the record, so that it is
    // exactly what parsing the written text gives back.
    Tag::sort(&mut tags, |t| &t.name);
    let moves: Vec<Move> = game.moves.into_iter().map(|m| m.0).collect();
    let record = Record {
        tags,
        comments: if moves.is_empty() {
            comments(game.game_comments)
        } else {
            Vec::new()
        },
        moves,
        result: Termination {
            outcome: result.token,
            span: Span::default(),
        },
        span: Span::default(),
    };
    // Tags (and comments, already checked one by one) the notation cannot
    // hold; the comparison below is the net for anything else.
    if let Err(e) = record.check_writable() {
        return Err(ImportError::Unwritable(e));
    }
    let text = record.to_text();
    let written = digest(&record);
    drop(record);
    match Record::parse(&text) {
        Ok(back) if digest(&back) == written => Ok(Imported::Record { text, record: back }),
        Ok(_) => Err(ImportError::NotReadBack(None)),
        Err(e) => Err(ImportError::NotReadBack(Some(e))),
    }
}

impl Imported {
    /// Reads one game from the text of one JSON value (as `ayo json` prints
    /// it), and turns it into a record and its canonical text. Every error
    /// of the JSON says where it is: the path of the field, and the line and
    /// column in `bytes`. Fails too when the JSON holds something the
    /// notation cannot say (a tag value with a line break, a comment that
    /// would close early); what it returns always writes and parses back to
    /// itself.
    ///
    /// ```
    /// use ayo::import::{ImportError, Imported};
    ///
    /// let json = br#"{"tags": {"South": "Ade"}, "moves": [{"pit": "c"}], "result": {"token": "*"}}"#;
    /// let Ok(Imported::Record { text, .. }) = Imported::read(json) else { panic!() };
    /// assert_eq!(text, "[South \"Ade\"]\n\n1. c *\n");
    /// let Err(ImportError::Json { line, column, .. }) = Imported::read(b"{\"moves\": 3}") else {
    ///     panic!()
    /// };
    /// assert_eq!((line, column), (1, 11));
    /// ```
    pub fn read(bytes: &[u8]) -> Result<Imported, ImportError> {
        read_game(bytes).and_then(to_record)
    }
}

/// The text of one top-level JSON value, and where it starts in its input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonValue {
    /// 1-based number of the value in its input (of the game, in an array).
    pub number: usize,
    /// 1-based line of its first byte.
    pub line: usize,
    /// 1-based column (in bytes) of its first byte.
    pub column: usize,
    /// Its bytes: a whole value, or a broken one up to where it was cut off.
    pub bytes: Vec<u8>,
    /// The value was cut off: by a line break inside a string, a line
    /// starting with `{` while it was open, or the end of the input.
    pub cut_off: bool,
}

impl JsonValue {
    /// The line and column in the input of `line` and `column` in the value.
    pub fn place(&self, line: usize, column: usize) -> (usize, usize) {
        // serde_json gives column 0 for a line break; call it column 1.
        let column = column.max(1);
        match line {
            0 | 1 => (self.line, self.column + column.saturating_sub(1)),
            _ => (self.line + line - 1, column),
        }
    }
}

/// Cuts a byte stream into top-level JSON values, one game each: NDJSON, JSON
/// objects one after another (pretty-printed or not), or a JSON array of games
/// (as `jq -s` makes), whose elements come out one by one. A byte-order mark at
/// the start is skipped.
///
/// Only one value is held at a time. The cutting knows just enough JSON
/// (strings, escapes, nesting) to find where a value ends, and leaves the
/// checking to the parser, so that one malformed value does not spoil the rest:
/// a value ends where a line break falls inside a string (JSON strings cannot
/// hold one), and where a line starts with `{` in its first column while a value
/// is still open. So a truncated line of NDJSON is one bad value and the next
/// line is read as usual. (A pretty printer indents nested objects, so a game
/// never has a line starting with `{` inside it.)
pub struct JsonGames<R> {
    reader: R,
    line: Vec<u8>,
    pos: usize,
    line_number: usize,
    in_array: bool,
    count: usize,
}

impl<R: BufRead> JsonGames<R> {
    /// Values read from `reader`.
    pub fn new(reader: R) -> Self {
        JsonGames {
            reader,
            line: Vec::new(),
            pos: 0,
            line_number: 0,
            in_array: false,
            count: 0,
        }
    }

    /// Reads the next line into `self.line`; false at the end of the input.
    fn next_line(&mut self) -> io::Result<bool> {
        self.line.clear();
        self.pos = 0;
        if self.reader.read_until(b'\n', &mut self.line)? == 0 {
            return Ok(false);
        }
        self.line_number += 1;
        if self.line_number == 1 && self.line.starts_with(b"\xEF\xBB\xBF") {
            self.pos = 3;
        }
        Ok(true)
    }

    fn column(&self) -> usize {
        let bom = if self.line_number == 1 && self.line.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        self.pos + 1 - bom
    }

    fn value(&mut self, bytes: Vec<u8>, line: usize, column: usize, cut_off: bool) -> JsonValue {
        self.count += 1;
        JsonValue {
            number: self.count,
            line,
            column,
            bytes,
            cut_off,
        }
    }

    /// Skips what lies between values: white space (and, in an array, its
    /// brackets and commas). False at the end of the input.
    fn skip_between(&mut self) -> io::Result<bool> {
        loop {
            if self.pos >= self.line.len() && !self.next_line()? {
                return Ok(false);
            }
            match self.line[self.pos] {
                b' ' | b'\t' | b'\r' | b'\n' => self.pos += 1,
                b',' if self.in_array => self.pos += 1,
                b']' if self.in_array => {
                    self.in_array = false;
                    self.pos += 1;
                }
                b'[' if !self.in_array => {
                    self.in_array = true;
                    self.pos += 1;
                }
                _ => return Ok(true),
            }
        }
    }

    /// Reads an object or array from `self.pos` to its closing bracket,
    /// copying each finished line from `seg` into `bytes`; true when the
    /// value is cut off first (see [`JsonGames`]).
    fn scan_object(&mut self, bytes: &mut Vec<u8>, seg: &mut usize) -> io::Result<bool> {
        let (mut depth, mut in_string, mut escape) = (0usize, false, false);
        loop {
            if self.pos >= self.line.len() {
                bytes.extend_from_slice(&self.line[*seg..]);
                let more = self.next_line()?;
                *seg = self.pos;
                if !more {
                    return Ok(true);
                }
                if !in_string && self.line.first() == Some(&b'{') {
                    // A new value in the first column: the open one was cut off.
                    return Ok(true);
                }
            }
            let b = self.line[self.pos];
            self.pos += 1;
            if in_string {
                match b {
                    _ if escape => escape = false,
                    b'\\' => escape = true,
                    b'"' => in_string = false,
                    // A line break cannot be in a string: the value was cut off.
                    b'\n' => return Ok(true),
                    _ => {}
                }
            } else {
                match b {
                    b'"' => in_string = true,
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            return Ok(false);
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    fn read_value(&mut self) -> io::Result<Option<JsonValue>> {
        if !self.skip_between()? {
            return Ok(None);
        }
        let (line, column) = (self.line_number, self.column());
        let first = self.line[self.pos];
        if first != b'{' && first != b'[' {
            // Not an object: the rest of the line, for the parser to name.
            let bytes = self.line[self.pos..].trim_ascii_end().to_vec();
            self.pos = self.line.len();
            return Ok(Some(self.value(bytes, line, column, false)));
        }
        let mut bytes = Vec::new();
        // Where the part of the current line not yet copied to `bytes` starts:
        // the value is copied a line at a time.
        let mut seg = self.pos;
        let cut_off = self.scan_object(&mut bytes, &mut seg)?;
        if bytes.is_empty() && self.line[self.pos..].iter().all(u8::is_ascii_whitespace) {
            // The value is the rest of its line (a line of NDJSON): the line
            // becomes the value, not copied, so a big game is held once. The
            // next value starts on a later line, so the line is not needed.
            let mut taken = std::mem::take(&mut self.line);
            taken.truncate(self.pos);
            taken.drain(..seg);
            self.pos = 0;
            bytes = taken;
        } else {
            bytes.extend_from_slice(&self.line[seg..self.pos]);
        }
        Ok(Some(self.value(bytes, line, column, cut_off)))
    }
}

impl<R: BufRead> Iterator for JsonGames<R> {
    type Item = io::Result<JsonValue>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read_value().transpose()
    }
}

/// One JSON value of an input, read as a game by [`games`].
#[derive(Debug)]
pub(crate) struct ImportedGame {
    /// 1-based number of the value in its input (of the game, in an array).
    pub number: usize,
    /// 1-based line in the input: where the fault is for an
    /// [`ImportError::Json`], else where the value starts.
    pub line: usize,
    /// 1-based column (in bytes) in the input, as `line`.
    pub column: usize,
    /// What the value became.
    pub outcome: Result<Imported, ImportError>,
    /// What replaying an imported record found, with spans into its text
    /// ([`Imported::Record`]'s `text`); empty for anything else.
    pub diagnostics: Vec<Diagnostic>,
}

/// The games of a JSON input: the iterator [`games`] returns.
pub(crate) struct Games<R> {
    values: JsonGames<R>,
    options: Options,
    only: Option<u64>,
    done: bool,
}

/// Reads JSON games from `reader` (NDJSON, objects one after another, or an
/// array, as [`JsonGames`] cuts them) and turns each into a record, replayed
/// with `options`. With `only`, just the game of that number is read into a
/// record, and reading stops after it. An error reading the input ends the
/// iteration. Every game comes back, whether or not it could be read: see
/// [`ImportedGame`].
pub(crate) fn games<R: BufRead>(reader: R, options: &Options, only: Option<u64>) -> Games<R> {
    Games {
        values: JsonGames::new(reader),
        options: *options,
        only,
        done: false,
    }
}

impl<R: BufRead> Games<R> {
    /// How many JSON values have been read so far (with `only`, including
    /// those skipped).
    pub fn read(&self) -> usize {
        self.values.count
    }

    fn import(&self, mut value: JsonValue) -> ImportedGame {
        // The JSON text is let go as soon as it is read: for a big game it is
        // the largest thing held, and the record comes next.
        let bytes = std::mem::take(&mut value.bytes);
        let game = read_game(&bytes);
        drop(bytes);
        let outcome = game.and_then(to_record);
        let ((line, column), outcome) = match outcome {
            Err(e) => {
                let place = match e {
                    ImportError::Json { line, column, .. } => value.place(line, column),
                    _ => (value.line, value.column),
                };
                let e = if value.cut_off {
                    ImportError::CutOff(Box::new(e))
                } else {
                    e
                };
                (place, Err(e))
            }
            ok => ((value.line, value.column), ok),
        };
        let diagnostics = match &outcome {
            Ok(Imported::Record { record, .. }) => replay::Game::check(record, &self.options),
            _ => Vec::new(),
        };
        ImportedGame {
            number: value.number,
            line,
            column,
            outcome,
            diagnostics,
        }
    }
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = io::Result<ImportedGame>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let value = match self.values.next()? {
                Ok(value) => value,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            match self.only {
                Some(n) if n != value.number as u64 => continue,
                Some(_) => self.done = true,
                None => {}
            }
            return Some(Ok(self.import(value)));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::output::json::game_json;
    use crate::replay::{Game, Options};

    #[test]
    fn games_come_back_read_or_not() {
        let json = r#"{"tags": {"Rules": "russ"}, "moves": [{"pit": "c", "claim": 7}], "result": {"token": "*"}}
{"moves": [{"pit": "c", "claim": 6}], "result": {"token": "*"}}
{"moves": [{"pit": 3}]}"#;
        let mut read = games(json.as_bytes(), &Options::default(), None);
        let first = read.next().unwrap().unwrap();
        let Ok(Imported::Record { text, .. }) = &first.outcome else {
            panic!()
        };
        assert_eq!(text, "[Rules \"russ\"]\n\n1. cx7 *\n");
        assert!(first.diagnostics.is_empty());
        // A false claim is imported, and reported as replay reports it.
        let second = read.next().unwrap().unwrap();
        assert_eq!(second.diagnostics.len(), 1);
        // A game that cannot be read says where it went wrong.
        let third = read.next().unwrap().unwrap();
        assert_eq!((third.number, third.line, third.column), (3, 3, 20));
        assert!(
            third
                .outcome
                .unwrap_err()
                .to_string()
                .starts_with("moves[0].pit: ")
        );
        assert!(read.next().is_none());
    }

    fn import(json: &str) -> Result<String, String> {
        let game = read_game(json.as_bytes()).map_err(|e| e.to_string())?;
        match to_record(game).map_err(|e| e.to_string())? {
            Imported::Record { text, .. } => Ok(text),
            Imported::Unparsed(raw) => Ok(format!("unparsed: {raw}")),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// `ayo json | ayo import` is `ayo fmt`, whatever the record holds, legal
        /// or not; and every field `ayo json` writes is one import knows.
        #[test]
        fn import_of_json_is_fmt(r in crate::notation::arbitrary::record()) {
            let text = r.to_text();
            let parsed = Record::parse(&text).unwrap();
            let game = Game::replay(parsed, &Options::default());
            let json = serde_json::to_string(&game_json(&game, Some("f"), Some(0))).unwrap();
            let imported = import(&json).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(imported, text);
        }
    }

    #[test]
    fn import_refuses_what_the_notation_cannot_hold() {
        let game = |tags: &str, moves: &str| -> String {
            format!(r#"{{"tags": {tags}, "moves": {moves}, "result": {{"token": "*"}}}}"#)
        };
        let err = |json: String| import(&json).unwrap_err();
        insta::assert_snapshot!(err(game(r#"{"Event": "two\nlines"}"#, "[]")), @"the game cannot be written as .ayo: tag `Event`: a tag value cannot hold a line break (a tag name, tag value or comment that the notation cannot hold)");
        insta::assert_snapshot!(err(game("{}", r#"[{"pit": "ab"}]"#)), @r#"moves[0].pit: invalid value: string "ab", expected one pit letter (a-z, A-Z)"#);
        insta::assert_snapshot!(err(game("{}", r#"[{"pit": "a", "glyphs": ["!!!"]}]"#)), @r#"moves[0].glyphs: invalid value: string "!!!", expected a glyph: !, ?, !!, ??, !? or ?!"#);
        insta::assert_snapshot!(err(game("{}", r#"[{"pit": "a", "glyphs": ["!", "?"]}]"#)), @"moves[0].glyphs: a move takes at most one glyph");
        insta::assert_snapshot!(err(game("{}", r#"[{"pit": "a", "comments": {"after": ["x}\ny"]}}]"#)), @r#"moves[0].comments.after[0]: comment holds both `}` and a line break, so neither comment form can hold it: "x}\ny""#);
        insta::assert_snapshot!(err(game("{}", r#"[{"pit": "a", "variations": [[]]}]"#)), @"moves[0].variations[0]: invalid length 0, expected a variation of at least one move");
        insta::assert_snapshot!(err(game("{}", r#"[{"pit": "a", "comment": "x"}]"#)), @"moves[0].comment: unknown field `comment`, expected one of `ply`, `number`, `side`, `pit`, `claim`, `laps`, `capture`, `stores`, `board`, `glyphs`, `nags`, `comments`, `variations`");
        insta::assert_snapshot!(err(game("{}", r#"[{"pit": "a", "claim": "2"}]"#)), @r#"moves[0].claim: invalid type: string "2", expected u32"#);
        insta::assert_snapshot!(err(game("{}", r#"[{"pit": "a", "comments": {"before": ["a\n\n[Event \"x\"]"]}}]"#)), @r#"moves[0].comments.before[0]: comment holds a blank line followed by a line starting with `[`, which would start a new game: "a\n\n[Event \"x\"]""#);
        insta::assert_snapshot!(err(r#"{"moves": []}"#.to_string()), @r#"result: missing: a game needs {"token": "1-0" | "0-1" | "1/2-1/2" | "*"}"#);
        insta::assert_snapshot!(err(r#"{"moves": [], "result": {"token": "2-0"}}"#.to_string()), @r#"result.token: invalid value: string "2-0", expected a game-termination token: 1-0, 0-1, 1/2-1/2 or *"#);
        insta::assert_snapshot!(err(r#"{"moves": [{"pit": "a"}"#.to_string()), @"malformed JSON: EOF while parsing a list");
        let ok = game(
            r#"{"Zeta": "1", "Event": "e"}"#,
            r#"[{"pit": "a", "claim": 2}]"#,
        );
        assert_eq!(
            import(&ok).unwrap(),
            "[Event \"e\"]\n[Zeta \"1\"]\n\n1. ax2 *\n"
        );
        assert_eq!(
            import(r#"{"result": null, "raw": "1. c % *"}"#).unwrap(),
            "unparsed: 1. c % *"
        );
    }

    /// Comments that would start a new game when read back, and ones that
    /// would not.
    fn values(input: &str) -> Vec<(usize, usize, usize, String)> {
        JsonGames::new(input.as_bytes())
            .map(|v| {
                let v = v.unwrap();
                (
                    v.number,
                    v.line,
                    v.column,
                    String::from_utf8(v.bytes).unwrap(),
                )
            })
            .collect()
    }

    #[test]
    fn values_are_cut_from_ndjson_pretty_json_and_arrays() {
        let ndjson = "{\"a\": 1}\n{\"b\": \"}{\"}\r\n\n{\"c\": [\"\\\"]\"]}\n";
        assert_eq!(
            values(ndjson),
            [
                (1, 1, 1, "{\"a\": 1}".to_string()),
                (2, 2, 1, "{\"b\": \"}{\"}".to_string()),
                (3, 4, 1, "{\"c\": [\"\\\"]\"]}".to_string()),
            ]
        );
        let pretty = "\u{feff}{\n  \"a\": {\n    \"b\": 1\n  }\n} {\"c\": 2}";
        assert_eq!(
            values(pretty),
            [
                (1, 1, 1, "{\n  \"a\": {\n    \"b\": 1\n  }\n}".to_string()),
                (2, 5, 3, "{\"c\": 2}".to_string()),
            ]
        );
        // A value that is the rest of its line (after a mark and spaces) is
        // the line itself, taken rather than copied; places stay right.
        let spaced = "\u{feff}  {\"a\": 1}  \n {\"b\": [2]}\t\n{\"c\": 3}";
        assert_eq!(
            values(spaced),
            [
                (1, 1, 3, "{\"a\": 1}".to_string()),
                (2, 2, 2, "{\"b\": [2]}".to_string()),
                (3, 3, 1, "{\"c\": 3}".to_string()),
            ]
        );
        let array = "[\n  {\"a\": 1},\n  {\"b\": 2}\n]\n[{\"c\": 3}]";
        assert_eq!(
            values(array),
            [
                (1, 2, 3, "{\"a\": 1}".to_string()),
                (2, 3, 3, "{\"b\": 2}".to_string()),
                (3, 5, 2, "{\"c\": 3}".to_string()),
            ]
        );
    }

    /// A truncated line is one bad value; the next line is the next value.
    #[test]
    fn a_truncated_value_ends_at_its_line() {
        let cut: Vec<bool> = JsonGames::new(&b"{\"a\": 1\n{\"b\": \"\n{}\n{"[..])
            .map(|v| v.unwrap().cut_off)
            .collect();
        assert_eq!(cut, [true, true, false, true]);
        let input = "{\"a\": {\"b\": 1}\n{\"c\": \"x\n{\"d\": 2}\n42\n{\"e\": [";
        assert_eq!(
            values(input),
            [
                (1, 1, 1, "{\"a\": {\"b\": 1}\n".to_string()),
                (2, 2, 1, "{\"c\": \"x\n".to_string()),
                (3, 3, 1, "{\"d\": 2}".to_string()),
                (4, 4, 1, "42".to_string()),
                (5, 5, 1, "{\"e\": [".to_string()),
            ]
        );
    }
}
