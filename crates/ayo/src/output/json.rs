//! The JSON every command writes: field names that are a fixed contract
//! (docs/GLOSSARY.md), and their JSON Schema (schemars, with the `schema`
//! feature). The way back from JSON to a record, for `ayo import`, is in
//! [`crate::import`].
//!
//! The documents are written, not built by hand: their shapes are this
//! crate's own. A Rust user reads the domain types ([`Game`], [`Checked`],
//! [`Stats`](crate::corpus::stats::Stats), [`Moves`](crate::output::moves::Moves),
//! [`Best`](crate::analysis::Best), ...) and gets JSON from them:
//!
//! - a game: [`JsonWriter::write_game`] streams its JSON, at a [`Detail`]
//!   level, without building it; [`GameJson::of`] builds the value;
//!   [`JsonWriter::write_games`] writes a whole input, one game a line;
//! - a game checked by `ayo validate` and a [`Diagnostic`] serialize as that
//!   command writes them (both implement `Serialize`);
//! - every other command's document comes from its domain type's `render`
//!   or `json` method;
//! - [`Document`] names each document for its JSON Schema
//!   ([`Document::schema`]), and each part a schema of one's own may
//!   contain ([`Document::subschema`]).
//!
//! ```
//! use ayo::notation::Record;
//! use ayo::output::json::{Detail, JsonWriter};
//! use ayo::replay::{Game, Options};
//!
//! let game = Game::replay(Record::parse("1. c C *\n").unwrap(), &Options::default());
//! let writer = JsonWriter { detail: Detail::Game, ..JsonWriter::default() };
//! let mut out = Vec::new();
//! writer.write_game(&mut out, &game, Some("g.ayo"), Some(0)).unwrap();
//! let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
//! assert_eq!((json["game"].as_u64(), json["ply_count"].as_u64()), (Some(1), Some(2)));
//! ```

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::corpus::validate::Checked;
use crate::diagnostics::{Diagnostic, Severity};
use crate::notation::{Move, Numbering, RawGame, Tag};
use crate::replay::{Game, Ply, rules_of_tags};
use crate::rules::{Capture, MoveOutcome, Ruleset, Side};

mod corpus;

/// One game, with everything `ayo json` gives of it ([`Detail::Full`]);
/// serialized at another level with [`GameJson::at`]. Built from a replayed
/// game by [`GameJson::of`]; [`JsonWriter::write_game`] writes the same
/// bytes without building it.
///
/// ```
/// use ayo::notation::Record;
/// use ayo::output::json::{Detail, GameJson};
/// use ayo::replay::{Game, Options};
///
/// let game = Game::replay(Record::parse("1. c C *\n").unwrap(), &Options::default());
/// let json = serde_json::to_value(GameJson::of(&game, None, None).at(Detail::Moves)).unwrap();
/// assert_eq!(json["moves"][1]["pit"], "C");
/// ```
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GameJson {
    /// The file the game came from (`<stdin>` for standard input).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) file: Option<String>,
    /// The game's place in its file, counted from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) game: Option<usize>,
    /// Tag pairs, in file order: for a game that could not be parsed, those
    /// of its tag section when that parses on its own.
    #[serde(default, with = "tags")]
    #[cfg_attr(
        feature = "schema",
        schemars(with = "std::collections::BTreeMap<String, String>")
    )]
    pub(crate) tags: Vec<(String, String)>,
    /// The canonical ruleset string; `null` when the `Rules` tag is unreadable.
    #[serde(default)]
    pub(crate) rules: Option<String>,
    /// The start position as a set-up string; `null` when it is unknown.
    #[serde(default)]
    pub(crate) setup: Option<String>,
    /// Comments of a game that has no moves (a move's own comments are in
    /// its `comments`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) game_comments: Vec<String>,
    /// The main line.
    #[serde(default)]
    pub(crate) moves: Vec<MoveJson>,
    /// The result; `null` for a game that could not be parsed.
    pub(crate) result: Option<ResultJson>,
    /// No error found (warnings may remain).
    #[serde(default)]
    pub(crate) valid: bool,
    /// Every error found: each makes the game invalid.
    #[serde(default)]
    pub(crate) errors: Vec<DiagnosticJson>,
    /// Every warning found: likely slips that leave the game valid.
    #[serde(default)]
    pub(crate) warnings: Vec<DiagnosticJson>,
    /// The raw text of a game that could not be parsed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) raw: Option<String>,
    /// The counts the lighter levels give ([`Detail::Game`],
    /// [`Detail::Moves`]); not part of the full output, so not read back.
    #[serde(skip)]
    pub(crate) counts: CountsJson,
}

/// How much of each game `ayo json` writes (`--detail`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Detail {
    /// The tags, rules, start, counts, result, validity and diagnostics:
    /// no moves.
    Game,
    /// [`Detail::Game`] and the main line, each move its pit, claim and
    /// capture only (`MoveBriefJson`).
    Moves,
    /// Everything: each move with its laps, board, stores, annotations and
    /// variations ([`GameJson`]).
    #[default]
    Full,
}

/// A game's counts, at the [`Detail::Game`] and [`Detail::Moves`] levels;
/// each `null` for a game that could not be parsed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct CountsJson {
    /// The moves of the main line (each a ply), played or not.
    pub ply_count: Option<usize>,
    /// The main-line moves that captured.
    pub capture_count: Option<usize>,
    /// The variations of the record, at every depth.
    pub variation_count: Option<usize>,
    /// The comments of the record: the game's, and those before and after
    /// every move, variations included.
    pub comment_count: Option<usize>,
}

impl CountsJson {
    /// The counts of a replayed game.
    pub fn of(game: &Game) -> CountsJson {
        /// Variations and comments of a line, at every depth.
        fn line(moves: &[Move]) -> (usize, usize) {
            moves.iter().fold((0, 0), |(v, c), m| {
                let inner = m
                    .variations()
                    .iter()
                    .map(|var| line(&var.moves))
                    .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
                (
                    v + m.variations().len() + inner.0,
                    c + m.before().len() + m.after().len() + inner.1,
                )
            })
        }
        let record = &game.record;
        let (variations, comments) = line(&record.moves);
        let captures = game
            .moves
            .iter()
            .filter(|p| p.outcome.as_ref().is_some_and(|o| o.capture.is_some()))
            .count();
        CountsJson {
            ply_count: Some(record.moves.len()),
            capture_count: Some(captures),
            variation_count: Some(variations),
            comment_count: Some(record.comments.len() + comments),
        }
    }
}

/// One move at `--detail moves` (`Detail::Moves`): what was played and
/// what it took. Its ply is its place in `moves` (counted from 1), its side
/// the case of its pit letter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct MoveBriefJson {
    /// The pit letter played: lowercase for South, uppercase for North.
    pub pit: String,
    /// The capture claimed in the record (`dx7`); absent when it claims none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<u32>,
    /// The seeds the move's capture sent to the store (`capture.seeds` of
    /// the full level); absent when it took nothing or was not played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds_captured: Option<u16>,
}

impl From<&MoveJson> for MoveBriefJson {
    fn from(m: &MoveJson) -> Self {
        MoveBriefJson {
            pit: m.pit.clone(),
            claim: m.claim,
            seeds_captured: m.capture.as_ref().map(|c| c.seeds),
        }
    }
}

impl GameJson {
    /// The game at a level of detail, to serialize: at [`Detail::Full`],
    /// what serializing the game itself writes.
    pub fn at(&self, detail: Detail) -> impl Serialize + '_ {
        Fields {
            detail,
            file: self.file.as_deref(),
            game: self.game,
            tags: TagPairs(&self.tags),
            rules: self.rules.as_deref().map(Cow::Borrowed),
            setup: self.setup.as_deref().map(Cow::Borrowed),
            comments: (!self.game_comments.is_empty()).then_some(&self.game_comments),
            counts: Cow::Borrowed(&self.counts),
            moves: &self.moves,
            brief: stream::Seq(|| self.moves.iter().map(MoveBriefJson::from)),
            result: self.result.as_ref().map(Cow::Borrowed),
            valid: self.valid,
            errors: &self.errors,
            warnings: &self.warnings,
            raw: self.raw.as_deref(),
        }
    }
}

impl Serialize for GameJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.at(Detail::Full).serialize(s)
    }
}

/// Tag pairs as a JSON object in file order (see [`tags`]).
struct TagPairs<'a>(&'a [(String, String)]);

impl Serialize for TagPairs<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        tags::serialize(self.0, s)
    }
}

/// A game's top-level fields at a level of detail, from a built
/// [`GameJson`] or a replayed game ([`stream::GameView`]): the one writer of
/// their names, order and omissions, so that both give the same bytes.
/// `moves` is the full main line and `brief` the same at the moves level;
/// the level says which (if either) is written.
struct Fields<'a, T, C, M, B, D> {
    detail: Detail,
    file: Option<&'a str>,
    game: Option<usize>,
    tags: T,
    rules: Option<Cow<'a, str>>,
    setup: Option<Cow<'a, str>>,
    /// The game's own comments; `None` when it has none.
    comments: Option<C>,
    counts: Cow<'a, CountsJson>,
    moves: M,
    brief: B,
    result: Option<Cow<'a, ResultJson>>,
    valid: bool,
    errors: D,
    warnings: D,
    raw: Option<&'a str>,
}

impl<T, C, M, B, D> Serialize for Fields<'_, T, C, M, B, D>
where
    T: Serialize,
    C: Serialize,
    M: Serialize,
    B: Serialize,
    D: Serialize,
{
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let full = self.detail == Detail::Full;
        let mut st = s.serialize_struct("GameJson", 16)?;
        if let Some(file) = self.file {
            st.serialize_field("file", file)?;
        }
        if let Some(game) = self.game {
            st.serialize_field("game", &game)?;
        }
        st.serialize_field("tags", &self.tags)?;
        st.serialize_field("rules", &self.rules)?;
        st.serialize_field("setup", &self.setup)?;
        if full {
            if let Some(comments) = &self.comments {
                st.serialize_field("game_comments", comments)?;
            }
        } else {
            let c = &*self.counts;
            st.serialize_field("ply_count", &c.ply_count)?;
            st.serialize_field("capture_count", &c.capture_count)?;
            st.serialize_field("variation_count", &c.variation_count)?;
            st.serialize_field("comment_count", &c.comment_count)?;
        }
        match self.detail {
            Detail::Full => st.serialize_field("moves", &self.moves)?,
            Detail::Moves => st.serialize_field("moves", &self.brief)?,
            Detail::Game => {}
        }
        st.serialize_field("result", &self.result)?;
        st.serialize_field("valid", &self.valid)?;
        st.serialize_field("errors", &self.errors)?;
        st.serialize_field("warnings", &self.warnings)?;
        if let Some(raw) = self.raw {
            st.serialize_field("raw", raw)?;
        }
        st.end()
    }
}

// Serialized through `MoveFields`, as a move of a replayed game streamed by
// `write_game` is (the doc comment is the schema's description).
/// One move.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(transform = absent_is_null)
)]
pub(crate) struct MoveJson {
    /// 1-based ply; a variation's first move has the ply of the move it replaces.
    #[serde(default)]
    pub ply: u32,
    /// The move number: South's n-th turn and the North turn after it.
    #[serde(default)]
    pub number: u32,
    /// `"south"` or `"north"`: whose turn it was.
    pub side: Option<SideJson>,
    /// The pit letter played.
    pub pit: String,
    /// The capture claimed in the record (`dx7`), or `null`.
    pub claim: Option<u32>,
    /// Every lap of the relay; empty when the move was not played.
    #[serde(default)]
    pub laps: Vec<LapJson>,
    /// What went to the store, or `null`.
    pub capture: Option<CaptureJson>,
    /// The stores after the move, South's first; `null` when it was not played.
    pub stores: Option<[u16; 2]>,
    /// The board after the move; `null` when it was not played.
    pub board: Option<BoardJson>,
    /// Suffix glyphs (`!`, `?`, `!!`, `??`, `!?`, `?!`).
    #[serde(default)]
    pub glyphs: Vec<String>,
    /// Numeric annotation glyphs.
    #[serde(default)]
    pub nags: Vec<u8>,
    /// Comments before and after the move.
    #[serde(default)]
    pub comments: CommentsJson,
    /// Other moves in place of this one, each a line in the same shape.
    #[serde(default)]
    pub variations: Vec<Vec<MoveJson>>,
}

impl Serialize for MoveJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        MoveFields {
            ply: self.ply,
            number: self.number,
            side: self.side,
            pit: &self.pit,
            claim: self.claim,
            laps: &self.laps,
            capture: self.capture.as_ref(),
            stores: self.stores,
            board: self.board.as_ref(),
            glyphs: &self.glyphs,
            nags: &self.nags,
            comments: &self.comments,
            variations: &self.variations,
        }
        .serialize(s)
    }
}

/// A move's fields, from a built [`MoveJson`] or a move of a replayed game
/// ([`stream`]): the one writer of their names and order, so that both give
/// the same bytes.
#[derive(Serialize)]
#[serde(rename = "MoveJson")]
struct MoveFields<P, L, C, B, G, N, K, V> {
    ply: u32,
    number: u32,
    side: Option<SideJson>,
    pit: P,
    claim: Option<u32>,
    laps: L,
    capture: Option<C>,
    stores: Option<[u16; 2]>,
    board: Option<B>,
    glyphs: G,
    nags: N,
    comments: K,
    variations: V,
}

/// A side, lowercase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub(crate) enum SideJson {
    /// South.
    South,
    /// North.
    North,
}

// Serialized through `LapFields`.
/// A lap of a relay.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct LapJson {
    /// The pit lifted.
    pub from: char,
    /// Seeds lifted.
    pub seeds: u16,
    /// Every pit sown, in order.
    pub sown: Vec<char>,
    /// The origin, when the lap was long enough to skip it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skipped: Option<char>,
}

impl Serialize for LapJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        LapFields {
            from: self.from,
            seeds: self.seeds,
            sown: &self.sown,
            skipped: self.skipped,
        }
        .serialize(s)
    }
}

/// A lap's fields, from a built [`LapJson`] or a lap traced from a replayed
/// game: one writer for both, as [`MoveFields`].
#[derive(Serialize)]
#[serde(rename = "LapJson")]
struct LapFields<S> {
    from: char,
    seeds: u16,
    sown: S,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<char>,
}

/// A capture.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct CaptureJson {
    /// The pit taken from.
    pub pit: char,
    /// Every seed that went to the store (the capturing seed only when the
    /// ruleset sends it there).
    pub seeds: u16,
    /// Whether the capturing seed went to the store.
    #[serde(default)]
    pub capturing_seed: bool,
}

// Serialized through `BoardFields`.
/// Both rows, each from its owner's left.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct BoardJson {
    /// `a`, `b`, …
    pub south: Vec<u16>,
    /// `A`, `B`, …
    pub north: Vec<u16>,
}

impl Serialize for BoardJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        BoardFields {
            south: &self.south[..],
            north: &self.north[..],
        }
        .serialize(s)
    }
}

/// A board's fields, from a built [`BoardJson`] or a replayed position: one
/// writer for both, as [`MoveFields`].
#[derive(Serialize)]
#[serde(rename = "BoardJson")]
struct BoardFields<'a> {
    south: &'a [u16],
    north: &'a [u16],
}

// Serialized through `CommentsFields`.
/// Comments around a move.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct CommentsJson {
    /// Before the move.
    #[serde(default)]
    pub before: Vec<String>,
    /// After the move.
    #[serde(default)]
    pub after: Vec<String>,
}

impl Serialize for CommentsJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        CommentsFields {
            before: &self.before,
            after: &self.after,
        }
        .serialize(s)
    }
}

/// A move's comments, from a built [`CommentsJson`] or a parsed move: one
/// writer for both, as [`MoveFields`].
#[derive(Serialize)]
#[serde(rename = "CommentsJson")]
struct CommentsFields<T> {
    before: T,
    after: T,
}

/// The result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(transform = absent_is_null)
)]
pub(crate) struct ResultJson {
    /// The game-termination token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub token: String,
    /// The final score after leftovers, South's first; `null` when unfinished.
    pub score: Option<[u32; 2]>,
    /// Who won, as every command says it: `"south"`, `"north"`, `"draw"`,
    /// or `null` when nothing decides the game (`*` on an unfinished
    /// board, an invalid record). See `decided_by`.
    pub winner: Option<String>,
    /// How the game ended on the board: `"majority"`, `"no-legal-move"`, or
    /// `null` when it did not.
    pub ended_by: Option<String>,
    /// What decided `winner`: `"board"` (the game ended on the board),
    /// `"token"` (it did not: a resignation, an agreement, an
    /// adjudication), or `null` when nothing did.
    pub decided_by: Option<String>,
    /// Why the game does not count in `ayo standings` (`null` when it
    /// does): nothing decides it, or its token or `Result` tag contradicts
    /// what does.
    pub not_counted: Option<String>,
}

/// A problem, at a place in the file: an error or a warning.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct DiagnosticJson {
    /// `"error"` (the game is invalid) or `"warning"` (a likely slip; the
    /// game stays valid).
    pub severity: Severity,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

impl From<&Diagnostic> for DiagnosticJson {
    fn from(d: &Diagnostic) -> Self {
        DiagnosticJson {
            severity: d.severity,
            line: d.span.line,
            column: d.span.column,
            message: d.message.clone(),
        }
    }
}

/// The diagnostics of one severity, in the order found: a game's `errors`
/// or its `warnings`.
pub(crate) fn diagnostics_json(all: &[Diagnostic], severity: Severity) -> Vec<DiagnosticJson> {
    all.iter()
        .filter(|d| d.severity == severity)
        .map(DiagnosticJson::from)
        .collect()
}

/// Tags as a JSON object that keeps file order (and repeated names).
mod tags {
    use serde::de::{MapAccess, Visitor};
    use serde::ser::SerializeMap;
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(tags: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(tags.len()))?;
        for (k, v) in tags {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, String)>, D::Error> {
        struct Ordered;
        impl<'de> Visitor<'de> for Ordered {
            type Value = Vec<(String, String)>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of tag names to string values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<String, String>()? {
                    out.push(entry);
                }
                Ok(out)
            }
        }
        d.deserialize_map(Ordered)
    }
}

fn outcome_fields(o: &MoveOutcome) -> (Vec<LapJson>, Option<CaptureJson>, [u16; 2], BoardJson) {
    let pits = o.position.pits();
    let laps = o
        .laps
        .iter()
        .map(|l| LapJson {
            from: l.from.letter(pits),
            seeds: l.seeds,
            sown: l.sown.iter().map(|p| p.letter(pits)).collect(),
            skipped: l.skipped.map(|p| p.letter(pits)),
        })
        .collect();
    let capture = o.capture.map(|c| capture_json(c, pits));
    let board = BoardJson {
        south: o.position.row(Side::South).to_vec(),
        north: o.position.row(Side::North).to_vec(),
    };
    (laps, capture, o.stores(), board)
}

/// A capture in JSON, on a board of `pits` pits a row.
fn capture_json(c: Capture, pits: u8) -> CaptureJson {
    CaptureJson {
        pit: c.pit.letter(pits),
        seeds: c.seeds(),
        capturing_seed: c.capturing_seed,
    }
}

/// A side in JSON.
impl From<Side> for SideJson {
    fn from(side: Side) -> SideJson {
        side_json(side)
    }
}

/// Serializes a side as the JSON names it (`#[serde(serialize_with)]`).
pub(crate) fn serialize_side<S: serde::Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
    side_json(*side).serialize(s)
}

/// Serializes a game's winner as the JSON names it: `None` when the game
/// did not end, `Some(None)` for a draw (`#[serde(serialize_with)]`).
pub(crate) fn serialize_winner<S: serde::Serializer>(
    winner: &Option<Option<Side>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    winner.map(WinnerJson::of).serialize(s)
}

/// A side as the JSON names it.
pub(crate) fn side_json(s: Side) -> SideJson {
    match s {
        Side::South => SideJson::South,
        Side::North => SideJson::North,
    }
}

/// The JSON of a line: the record's moves with what replay found for each.
/// Moves replay never reached still carry ply, number and side, counted on from
/// the line's start.
fn line_json(
    moves: &[Move],
    plies: &[Ply],
    first_ply: u32,
    first_number: u32,
    first: Side,
) -> Vec<MoveJson> {
    moves
        .iter()
        .enumerate()
        .map(|(k, m)| {
            let ply = plies.get(k);
            let (p, n, side) = place(k, ply, first_ply, first_number, first);
            let (laps, capture, stores, board) = match ply.and_then(|p| p.outcome.as_ref()) {
                Some(o) => {
                    let (l, c, s, b) = outcome_fields(o);
                    (l, c, Some(s), Some(b))
                }
                None => (Vec::new(), None, None, None),
            };
            let variations = m
                .variations()
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let var_plies = ply
                        .and_then(|p| p.variations.get(i))
                        .map_or(&[][..], |v| &v[..]);
                    line_json(&v.moves, var_plies, p, n, side)
                })
                .collect();
            MoveJson {
                ply: p,
                number: n,
                side: Some(side_json(side)),
                pit: m.pit.to_string(),
                claim: m.claim,
                laps,
                capture,
                stores,
                board,
                glyphs: m.glyph.iter().map(|g| g.as_str().to_string()).collect(),
                nags: m.nags().iter().map(|n| n.value).collect(),
                comments: CommentsJson {
                    before: m.before().iter().map(|c| c.text.clone()).collect(),
                    after: m.after().iter().map(|c| c.text.clone()).collect(),
                },
                variations,
            }
        })
        .collect()
}

/// The JSON of a replayed game: see [`GameJson::of`].
pub(crate) fn game_json(game: &Game, file: Option<&str>, index: Option<usize>) -> GameJson {
    let record = &game.record;
    let first = first_side(game);
    GameJson {
        file: file.map(str::to_string),
        game: index.map(|i| i + 1),
        tags: record
            .tags
            .iter()
            .map(|t| (t.name.to_string(), t.value.clone()))
            .collect(),
        rules: game.rules.map(|r| r.to_string()),
        setup: game.start.map(|p| p.to_string()),
        game_comments: record.comments.iter().map(|c| c.text.clone()).collect(),
        moves: line_json(&record.moves, &game.moves, 1, 1, first),
        result: Some(result_json(game)),
        valid: game.is_valid(),
        errors: diagnostics_json(&game.errors, Severity::Error),
        warnings: diagnostics_json(&game.errors, Severity::Warning),
        raw: None,
        counts: CountsJson::of(game),
    }
}

impl GameJson {
    /// The JSON of a replayed game, game `index` (from 0) of `file` when
    /// they are given. Its variations carry what the game's replay kept of
    /// them: a game from [`Game::replay`](crate::replay::Game::replay) for their boards
    /// and laps ([`JsonWriter::write_game`] also replays them itself for a
    /// game from [`Game::replay_main_line`](crate::replay::Game::replay_main_line)).
    pub fn of(game: &Game, file: Option<&str>, index: Option<usize>) -> GameJson {
        game_json(game, file, index)
    }
}

/// How the JSON of games is written (`ayo json`): the level of detail,
/// indented or not, and, for a whole input ([`JsonWriter::write_games`]),
/// the threads and how each game is replayed.
#[derive(Clone, Copy, Debug, Default)]
pub struct JsonWriter {
    /// How much of each game.
    pub detail: Detail,
    /// Indented (one object is then several lines).
    pub pretty: bool,
    /// The threads that replay and write the games of an input.
    pub jobs: usize,
    /// How each game of an input is replayed.
    pub replay: crate::replay::Options,
}

impl JsonWriter {
    /// Writes one replayed game as JSON to `w`, game `index` (from 0) of
    /// `file` when they are given: byte for byte what serializing
    /// [`GameJson::of`] the game [`at`](GameJson::at) the writer's detail
    /// writes, without building that value first: each move goes out as it
    /// is read from the game, so a game's JSON costs no memory beyond the
    /// game's own (a [`GameJson`] of a game of 200,000 variations took about
    /// as much again as the replayed game). Nothing is written after the
    /// object: the caller adds the line break of NDJSON.
    ///
    /// A game replayed without [`Options::trace`](crate::replay::Options::trace)
    /// is written with its laps all the same, each move's traced as it is
    /// written ([`Game::laps`]): the same bytes, and plies that hold less. So is
    /// a game replayed with [`Game::replay_main_line`](crate::replay::Game::replay_main_line),
    /// which keeps no plies for its variations: each variation is replayed when
    /// its turn comes,
    /// so a game of many variations holds one variation's plies at a time.
    ///
    /// `w` can be a buffer (one per worker, written out in order) or the output
    /// itself.
    ///
    /// ```
    /// use ayo::notation::Record;
    /// use ayo::output::json::{GameJson, JsonWriter};
    /// use ayo::replay::{Game, Options};
    ///
    /// let record = Record::parse("1. c (1. d) C *\n").unwrap();
    /// let game = Game::replay(record.clone(), &Options::default());
    /// let writer = JsonWriter::default();
    /// let mut out = Vec::new();
    /// writer.write_game(&mut out, &game, Some("g.ayo"), Some(0)).unwrap();
    /// assert_eq!(out, serde_json::to_vec(&GameJson::of(&game, Some("g.ayo"), Some(0))).unwrap());
    ///
    /// // Replayed without lap traces: the same JSON.
    /// let untraced = Game::replay(record.clone(), &Options { trace: false, ..Options::default() });
    /// let mut again = Vec::new();
    /// writer.write_game(&mut again, &untraced, Some("g.ayo"), Some(0)).unwrap();
    /// assert_eq!(again, out);
    ///
    /// // Replayed without the variations' plies: the same JSON.
    /// let main_line = Game::replay_main_line(record, &Options::default());
    /// let mut again = Vec::new();
    /// writer.write_game(&mut again, &main_line, Some("g.ayo"), Some(0)).unwrap();
    /// assert_eq!(again, out);
    /// ```
    pub fn write_game(
        &self,
        w: impl std::io::Write,
        game: &Game,
        file: Option<&str>,
        index: Option<usize>,
    ) -> serde_json::Result<()> {
        let view = stream::GameView {
            game,
            file,
            index,
            detail: self.detail,
        };
        if self.pretty {
            serde_json::to_writer_pretty(w, &view)
        } else {
            serde_json::to_writer(w, &view)
        }
    }

    /// Writes the JSON of a game that could not be parsed, game `raw` of
    /// `file`, as [`JsonWriter::write_games`] writes it: its `error` and raw
    /// text, with what could be read of it (the tag pairs of its tag section
    /// when that parses alone, and the ruleset they give: `given`, the
    /// `--rules` of the command, when there is one). Nothing is written after
    /// the object.
    ///
    /// ```
    /// use ayo::diagnostics::Diagnostic;
    /// use ayo::notation::GameReader;
    /// use ayo::output::json::JsonWriter;
    ///
    /// let raw = GameReader::new(&b"[Rules \"russ\"]\n\n1. ! *\n"[..]).next().unwrap().unwrap();
    /// let error = Diagnostic::from(raw.parse().unwrap_err());
    /// let mut out = Vec::new();
    /// JsonWriter::default().write_unparsed(&mut out, "g.ayo", &raw, &error, None).unwrap();
    /// let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    /// assert_eq!((json["valid"].as_bool(), json["rules"].as_str()), (Some(false), Some("russ")));
    /// ```
    pub fn write_unparsed(
        &self,
        w: impl std::io::Write,
        file: &str,
        raw: &RawGame,
        error: &Diagnostic,
        given: Option<Ruleset>,
    ) -> serde_json::Result<()> {
        let tags = raw.tags();
        let json = unparsed_json(file, raw.index, error, &raw.bytes, tags.as_deref(), given);
        if self.pretty {
            serde_json::to_writer_pretty(w, &json.at(self.detail))
        } else {
            serde_json::to_writer(w, &json.at(self.detail))
        }
    }
}

/// The side who moves first in a game's main line: the start position's, or
/// when it is unknown, the first letter's.
fn first_side(game: &Game) -> Side {
    game.start.map_or_else(
        || {
            if game
                .record
                .moves
                .first()
                .is_some_and(|m| m.pit.is_ascii_uppercase())
            {
                Side::North
            } else {
                Side::South
            }
        },
        |p| p.to_move(),
    )
}

/// Where a move of a line stands: its ply, number and side, from replay when
/// it reached the move, else counted on from the line's start.
fn place(
    k: usize,
    ply: Option<&Ply>,
    first_ply: u32,
    first_number: u32,
    first: Side,
) -> (u32, u32, Side) {
    match ply {
        Some(p) => (p.ply, p.number, p.side),
        None => (
            first_ply + k as u32,
            Numbering::new(first_number, first == Side::North)
                .nth(k)
                .number,
            if k.is_multiple_of(2) {
                first
            } else {
                first.opponent()
            },
        ),
    }
}

/// [`GameJson`] as views of a replayed game, serialized field by field in the
/// same order and with the same skipped fields, so that the bytes agree.
mod stream {
    use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

    use super::{
        BoardFields, CommentsFields, CountsJson, Detail, DiagnosticJson, Fields, LapFields,
        MoveBriefJson, MoveFields, capture_json, first_side, place, result_json, side_json,
    };
    use crate::diagnostics::{Diagnostic, Severity};
    use crate::notation::{Comment, Move, Variation};
    use crate::replay::{Game, Ply, VariationReplayer};
    use std::borrow::Cow;
    use std::cell::RefCell;

    use crate::rules::{Lap, MoveOutcome, Position, Side};

    /// Serializes the items of an iterator as a sequence; the iterator is
    /// made anew by `make` (serializing takes `&self`).
    pub(super) struct Seq<F>(pub(super) F);

    impl<F, I> Serialize for Seq<F>
    where
        F: Fn() -> I,
        I: ExactSizeIterator,
        I::Item: Serialize,
    {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let items = (self.0)();
            let mut seq = s.serialize_seq(Some(items.len()))?;
            for item in items {
                seq.serialize_element(&item)?;
            }
            seq.end()
        }
    }

    /// The texts of comments, as a sequence of strings.
    fn texts(comments: &[Comment]) -> impl Serialize + '_ {
        Seq(move || comments.iter().map(|c| c.text.as_str()))
    }

    pub(super) struct GameView<'a> {
        pub game: &'a Game,
        pub file: Option<&'a str>,
        pub index: Option<usize>,
        pub detail: Detail,
    }

    /// The game being written, and the replayer of the variations its replay
    /// kept no plies for (made when the first is reached).
    struct Writing<'a> {
        game: &'a Game,
        variations: RefCell<Option<VariationReplayer>>,
    }

    impl Writing<'_> {
        /// The plies of `m`'s `i`th variation, `v`: those the game's replay
        /// kept, else (a game replayed with
        /// [`replay_main_line`](crate::replay::Game::replay_main_line)) replayed
        /// now, so that only the line being written has plies in memory.
        /// None when replay did not play the variation: the move was not
        /// reached, or came after a refused one.
        fn variation<'p>(
            &self,
            m: &Move,
            ply: Option<&'p Ply>,
            before: Option<&Position>,
            i: usize,
            v: &Variation,
        ) -> Cow<'p, [Ply]> {
            match (ply, before) {
                (Some(ply), _) if ply.variations.len() == m.variations().len() => {
                    Cow::Borrowed(&ply.variations[i][..])
                }
                (Some(ply), Some(before)) => {
                    let mut replayer = self.variations.borrow_mut();
                    let replayer =
                        replayer.get_or_insert_with(|| VariationReplayer::new(self.game));
                    Cow::Owned(replayer.line(&v.moves, before, ply))
                }
                _ => Cow::Borrowed(&[]),
            }
        }
    }

    impl Serialize for GameView<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let game = self.game;
            let record = &game.record;
            let writing = Writing {
                game,
                variations: RefCell::new(None),
            };
            let line = Line {
                w: &writing,
                before: game.start,
                moves: &record.moves,
                plies: Cow::Borrowed(&game.moves),
                first_ply: 1,
                first_number: 1,
                first: first_side(game),
            };
            let brief = Seq(|| {
                record.moves.iter().enumerate().map(|(k, m)| MoveBriefJson {
                    pit: m.pit.to_string(),
                    claim: m.claim,
                    seeds_captured: game
                        .moves
                        .get(k)
                        .and_then(|p| p.outcome.as_ref())
                        .and_then(|o| o.capture)
                        .map(|c| c.seeds()),
                })
            });
            // Counted only where they are written.
            let counts = if self.detail == Detail::Full {
                CountsJson::default()
            } else {
                CountsJson::of(game)
            };
            Fields {
                detail: self.detail,
                file: self.file,
                game: self.index.map(|i| i + 1),
                tags: Tags(game),
                rules: game.rules.map(|r| Cow::Owned(r.to_string())),
                setup: game.start.map(|p| Cow::Owned(p.to_string())),
                comments: (!record.comments.is_empty()).then(|| texts(&record.comments)),
                counts: Cow::Owned(counts),
                moves: line,
                brief,
                result: Some(Cow::Owned(result_json(game))),
                valid: game.is_valid(),
                errors: Diagnostics(&game.errors, Severity::Error),
                warnings: Diagnostics(&game.errors, Severity::Warning),
                raw: None,
            }
            .serialize(s)
        }
    }

    /// The diagnostics of one severity, as
    /// [`diagnostics_json`](super::diagnostics_json) gives them, without
    /// collecting them first.
    struct Diagnostics<'a>(&'a [Diagnostic], Severity);

    impl Serialize for Diagnostics<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let Diagnostics(all, severity) = *self;
            let of = move || all.iter().filter(move |d| d.severity == severity);
            let mut seq = s.serialize_seq(Some(of().count()))?;
            for d in of() {
                seq.serialize_element(&DiagnosticJson::from(d))?;
            }
            seq.end()
        }
    }

    struct Tags<'a>(&'a Game);

    impl Serialize for Tags<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let tags = &self.0.record.tags;
            let mut map = s.serialize_map(Some(tags.len()))?;
            for t in tags {
                map.serialize_entry(&*t.name, &t.value)?;
            }
            map.end()
        }
    }

    /// A line's moves with what replay found for each (`plies` may be
    /// shorter, or empty, where replay did not reach).
    struct Line<'a> {
        w: &'a Writing<'a>,
        /// The position before the line's first move, when it was played.
        before: Option<Position>,
        moves: &'a [Move],
        plies: Cow<'a, [Ply]>,
        first_ply: u32,
        first_number: u32,
        first: Side,
    }

    impl Serialize for Line<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut seq = s.serialize_seq(Some(self.moves.len()))?;
            let mut before = self.before;
            for (k, m) in self.moves.iter().enumerate() {
                let ply = self.plies.get(k);
                let (p, n, side) = place(k, ply, self.first_ply, self.first_number, self.first);
                seq.serialize_element(&MoveView {
                    w: self.w,
                    before,
                    m,
                    ply,
                    at: (p, n, side),
                })?;
                // A move not played leaves the rest of its line unplayed.
                before = ply.and_then(|p| p.outcome.as_ref()).map(|o| o.position);
            }
            seq.end()
        }
    }

    struct MoveView<'a> {
        w: &'a Writing<'a>,
        /// The position the move was played from, when it was.
        before: Option<Position>,
        m: &'a Move,
        ply: Option<&'a Ply>,
        at: (u32, u32, Side),
    }

    impl Serialize for MoveView<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let m = self.m;
            let (p, n, side) = self.at;
            let outcome: Option<&MoveOutcome> = self.ply.and_then(|p| p.outcome.as_ref());
            let pits = outcome.map_or(0, |o| o.position.pits());
            // Traced here when replay kept no traces (`ayo json` replays
            // without, so that a big game's plies hold less).
            let laps = match (self.ply, &self.before) {
                (Some(ply), Some(before)) => self.w.game.laps(before, ply),
                _ => Cow::Borrowed(&[][..]),
            };
            MoveFields {
                ply: p,
                number: n,
                side: Some(side_json(side)),
                pit: m.pit,
                claim: m.claim,
                laps: Seq(|| laps.iter().map(|lap| lap_fields(lap, pits))),
                capture: outcome
                    .and_then(|o| o.capture)
                    .map(|c| capture_json(c, pits)),
                stores: outcome.map(MoveOutcome::stores),
                board: outcome.map(|o| BoardFields {
                    south: o.position.row(Side::South),
                    north: o.position.row(Side::North),
                }),
                glyphs: Seq(|| m.glyph.iter().map(|g| g.as_str())),
                nags: Seq(|| m.nags().iter().map(|n| n.value)),
                comments: CommentsFields {
                    before: texts(m.before()),
                    after: texts(m.after()),
                },
                variations: Seq(|| {
                    m.variations().iter().enumerate().map(move |(i, v)| Line {
                        w: self.w,
                        before: self.before,
                        moves: &v.moves,
                        plies: self.w.variation(m, self.ply, self.before.as_ref(), i, v),
                        first_ply: p,
                        first_number: n,
                        first: side,
                    })
                }),
            }
            .serialize(s)
        }
    }

    /// A traced lap's fields, its pits lettered on a board of `pits` a row.
    fn lap_fields(lap: &Lap, pits: u8) -> LapFields<impl Serialize + '_> {
        LapFields {
            from: lap.from.letter(pits),
            seeds: lap.seeds,
            sown: Seq(move || lap.sown.iter().map(move |p| p.letter(pits))),
            skipped: lap.skipped.map(|p| p.letter(pits)),
        }
    }
}
/// The result of a replayed game.
pub(crate) fn result_json(game: &Game) -> ResultJson {
    let verdict = game.verdict();
    ResultJson {
        token: game.record.result.outcome.as_str().to_string(),
        score: game.end.map(|e| e.score),
        winner: verdict
            .winner()
            .map(|w| w.map_or("draw".to_string(), |s| s.name().to_string())),
        ended_by: game.end.map(|e| e.reason.key().to_string()),
        decided_by: verdict.decided_by.map(|d| d.key().to_string()),
        not_counted: verdict.not_counted,
    }
}

/// The JSON of a game that could not be parsed (see
/// [`JsonWriter::write_unparsed`]): its errors and raw text,
/// with what could be read of it: the tag pairs of its tag section when that
/// parses alone ([`RawGame::tags`](crate::notation::RawGame::tags), `None`
/// when it does not either), and the ruleset they give: `given` (`--rules`)
/// when there is one, else as `rules_of` reads
/// the tags; `null` when it
/// cannot be read.
pub(crate) fn unparsed_json(
    file: &str,
    index: usize,
    error: &Diagnostic,
    raw: &[u8],
    tags: Option<&[Tag]>,
    given: Option<Ruleset>,
) -> GameJson {
    let rules = match tags {
        Some(tags) => rules_of_tags(tags, given).ok(),
        None => given,
    };
    GameJson {
        file: Some(file.to_string()),
        game: Some(index + 1),
        tags: tags
            .unwrap_or_default()
            .iter()
            .map(|t| (t.name.to_string(), t.value.clone()))
            .collect(),
        rules: rules.map(|r| r.to_string()),
        setup: None,
        game_comments: Vec::new(),
        moves: Vec::new(),
        result: None,
        valid: false,
        errors: vec![DiagnosticJson::from(error)],
        warnings: Vec::new(),
        raw: Some(String::from_utf8_lossy(raw).into_owned()),
        counts: CountsJson::default(),
    }
}

/// The JSON Schema of [`GameJson`].
#[cfg(feature = "schema")]
pub(crate) fn schema() -> serde_json::Value {
    schema_of::<GameJson>()
}

/// The JSON Schema of a game at a level of detail: at [`Detail::Full`],
/// that of [`GameJson`]; below, the same fields without the game's `comments`, with
/// those of [`CountsJson`], and `moves` of `MoveBriefJson`
/// ([`Detail::Moves`]) or none ([`Detail::Game`]). Made from the full one,
/// so that each field is described once.
#[cfg(feature = "schema")]
fn schema_at(detail: Detail) -> serde_json::Value {
    use serde_json::{Value, json};
    let mut root = schema();
    if detail == Detail::Full {
        return root;
    }
    let counts = schema_of::<CountsJson>();
    let brief = schema_of::<MoveBriefJson>();
    let Value::Object(top) = &mut root else {
        return root;
    };
    if let Some(Value::Object(defs)) = top.get_mut("$defs") {
        // What only the full moves use.
        for name in [
            "MoveJson",
            "LapJson",
            "CaptureJson",
            "BoardJson",
            "CommentsJson",
            "SideJson",
        ] {
            defs.remove(name);
        }
        if detail == Detail::Moves {
            let mut brief = brief;
            if let Value::Object(b) = &mut brief {
                b.remove("$schema");
                b.remove("title");
            }
            defs.insert("MoveBriefJson".into(), brief);
        }
    }
    let mut required: Vec<Value> = Vec::new();
    if let Some(Value::Object(props)) = top.get_mut("properties") {
        props.remove("game_comments");
        props.remove("moves");
        if let Some(Value::Object(count_props)) = counts.get("properties") {
            props.extend(count_props.clone());
            required.extend(count_props.keys().map(|k| Value::from(k.as_str())));
        }
        if detail == Detail::Moves {
            props.insert(
                "moves".into(),
                json!({
                    "description": "The main line, each move its pit, claim and capture only.",
                    "items": {"$ref": "#/$defs/MoveBriefJson"},
                    "type": "array",
                }),
            );
            required.push("moves".into());
        }
    }
    match top.get_mut("required") {
        Some(Value::Array(r)) => r.extend(required),
        _ => {
            top.insert("required".into(), Value::Array(required));
        }
    }
    top.insert(
        "title".into(),
        Value::from(match detail {
            Detail::Game => "GameJson at --detail game",
            _ => "GameJson at --detail moves",
        }),
    );
    root
}

/// Says in the schema of [`MoveJson`] and [`ResultJson`] that each field
/// that may be absent is then `null` (`"default": null`): their `Option`
/// fields, which serde reads as `None` when absent, rather than a
/// `#[serde(default)]` on each. Their other fields that may be absent carry
/// a `#[serde(default)]`, which gives their own default.
#[cfg(feature = "schema")]
fn absent_is_null(schema: &mut schemars::Schema) {
    use serde_json::Value;
    let required: Vec<Value> = match schema.get("required") {
        Some(Value::Array(required)) => required.clone(),
        _ => Vec::new(),
    };
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        for (name, property) in properties {
            if let Value::Object(property) = property
                && !required.contains(&Value::from(name.as_str()))
            {
                property.entry("default").or_insert(Value::Null);
            }
        }
    }
}

/// The JSON Schema of a document type: what `--schema` prints.
#[cfg(feature = "schema")]
pub(crate) fn schema_of<T: schemars::JsonSchema>() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(T)).unwrap_or_default()
}

/// A JSON document a command writes, or a part of one that other schemas
/// share, named for its JSON Schema: [`Document::schema`] is what the
/// command's `--schema` prints, [`Document::subschema`] the same in a schema
/// of one's own (the `schema` feature adds both). Each schema's title and
/// the names of its `$defs` are those of the types that write the document.
///
/// ```
/// # #[cfg(feature = "schema")] {
/// use ayo::output::json::{Detail, Document};
///
/// let schema = Document::Game(Detail::Full).schema();
/// assert_eq!(schema["title"], "GameJson");
/// assert!(schema["$defs"]["MoveJson"]["properties"]["laps"].is_object());
/// assert_eq!(Document::Game(Detail::Game).schema()["title"], "GameJson at --detail game");
/// assert_eq!(Document::Verdict.schema()["title"], "VerdictJson");
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Document {
    /// A game of `ayo json`, at a level of detail ([`GameJson`],
    /// [`JsonWriter::write_game`]).
    Game(Detail),
    /// A game's verdict, a line of `ayo validate --format json`: a
    /// serialized [`Checked`].
    Verdict,
    /// A position's legal moves, `ayo moves --format json`
    /// ([`Moves::json`](crate::output::moves::Moves::json)).
    Moves,
    /// A board, a line of `ayo board --format json`.
    Position,
    /// A game annotated, a line of `ayo annotate --format json`
    /// ([`AnnotatedMove::render_game`](crate::output::table::AnnotatedMove::render_game)).
    Annotate,
    /// A game replayed under several rulesets, a line of `ayo compare
    /// --format json` ([`Compared::render`](crate::output::compare::Compared::render)).
    Compare,
    /// A group of copies, a line of `ayo duplicates --format json`
    /// ([`Report::write`](crate::corpus::duplicates::Report::write)).
    Duplicates,
    /// A player's line of `ayo standings --format json`
    /// ([`View::json`](crate::output::standings::View::json)).
    Standing,
    /// A position probed in the endgame tables, `ayo tables probe --format
    /// json` ([`ProbeJson`](crate::output::tables::ProbeJson)).
    Probe,
    /// A search's answer, `ayo best --format json`
    /// ([`Best::render`](crate::analysis::Best::render)).
    Best,
    /// A game analysed, `ayo analyze --format json`
    /// ([`GameAnalysis`](crate::output::analyze::GameAnalysis)).
    Analysis,
    /// A corpus' figures, `ayo stats --format json`
    /// ([`Stats::render`](crate::corpus::stats::Stats::render)).
    Stats,
    /// A part: a board, both rows, each from its owner's left (`BoardJson`).
    Board,
    /// A part: a side, `"south"` or `"north"` (`SideJson`).
    Side,
}

#[cfg(feature = "schema")]
impl Document {
    /// The JSON Schema of the document, as its command's `--schema` prints
    /// it. For [`Document::Game`]: at [`Detail::Full`], that of
    /// [`GameJson`]; below, the same fields without the game's `comments`,
    /// with its counts, and `moves` of `MoveBriefJson` ([`Detail::Moves`])
    /// or none ([`Detail::Game`]).
    pub fn schema(self) -> serde_json::Value {
        use crate::output::{analyze, board, compare, duplicates, moves, standings, table, tables};
        match self {
            Document::Game(detail) => schema_at(detail),
            Document::Verdict => schema_of::<VerdictJson>(),
            Document::Moves => schema_of::<moves::MovesJson>(),
            Document::Position => schema_of::<board::PositionJson>(),
            Document::Annotate => schema_of::<table::AnnotateJson>(),
            Document::Compare => schema_of::<compare::CompareJson>(),
            Document::Duplicates => schema_of::<duplicates::GroupJson<'static>>(),
            Document::Standing => schema_of::<standings::StandingJson>(),
            Document::Probe => schema_of::<tables::ProbeJson>(),
            Document::Best => schema_of::<analyze::BestJson>(),
            Document::Analysis => schema_of::<analyze::GameAnalysis>(),
            Document::Stats => schema_of::<crate::corpus::stats::StatsJson>(),
            Document::Board => schema_of::<BoardJson>(),
            Document::Side => schema_of::<SideJson>(),
        }
    }

    /// The document's schema inside one being generated, as a field of its
    /// type gives it: a reference to it, its definitions added to
    /// `generator`'s. For a `schema_with` of schemars, to describe a field
    /// that holds the document or a part. [`Document::Game`] gives the full
    /// game's, [`GameJson`], at every level.
    ///
    /// ```
    /// use ayo::output::json::Document;
    ///
    /// let mut generator = schemars::SchemaGenerator::default();
    /// let side = Document::Side.subschema(&mut generator);
    /// assert_eq!(side.get("$ref").unwrap(), "#/$defs/SideJson");
    /// assert!(generator.definitions().contains_key("SideJson"));
    /// ```
    pub fn subschema(self, generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        use crate::output::{analyze, board, compare, duplicates, moves, standings, table, tables};
        match self {
            Document::Game(_) => generator.subschema_for::<GameJson>(),
            Document::Verdict => generator.subschema_for::<VerdictJson>(),
            Document::Moves => generator.subschema_for::<moves::MovesJson>(),
            Document::Position => generator.subschema_for::<board::PositionJson>(),
            Document::Annotate => generator.subschema_for::<table::AnnotateJson>(),
            Document::Compare => generator.subschema_for::<compare::CompareJson>(),
            Document::Duplicates => generator.subschema_for::<duplicates::GroupJson<'static>>(),
            Document::Standing => generator.subschema_for::<standings::StandingJson>(),
            Document::Probe => generator.subschema_for::<tables::ProbeJson>(),
            Document::Best => generator.subschema_for::<analyze::BestJson>(),
            Document::Analysis => generator.subschema_for::<analyze::GameAnalysis>(),
            Document::Stats => generator.subschema_for::<crate::corpus::stats::StatsJson>(),
            Document::Board => generator.subschema_for::<BoardJson>(),
            Document::Side => generator.subschema_for::<SideJson>(),
        }
    }
}

/// A game's winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub(crate) enum WinnerJson {
    /// South won.
    South,
    /// North won.
    North,
    /// Neither: a draw.
    Draw,
}

impl WinnerJson {
    /// The winner of a finished game (`None`: a draw).
    pub fn of(winner: Option<Side>) -> WinnerJson {
        match winner {
            Some(Side::South) => WinnerJson::South,
            Some(Side::North) => WinnerJson::North,
            None => WinnerJson::Draw,
        }
    }
}

/// One game's verdict from `ayo validate --format json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct VerdictJson {
    /// The file the game came from (`<stdin>` for standard input).
    pub file: String,
    /// The game's place in its file, counted from 1.
    pub game: usize,
    /// No error found (warnings may remain).
    pub valid: bool,
    /// Every error found: each makes the game invalid.
    pub errors: Vec<DiagnosticJson>,
    /// Every warning found: likely slips that leave the game valid.
    pub warnings: Vec<DiagnosticJson>,
}

/// A game checked by [`Settings::check`](crate::corpus::validate::Settings::check)
/// serializes as its verdict, a line of `ayo validate --format json`
/// ([`Document::Verdict`]): its place, validity, errors and warnings.
impl Serialize for Checked<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        VerdictJson::of(self).serialize(s)
    }
}

/// A diagnostic serializes as `ayo json` and `ayo validate` write each of a
/// game's `errors` and `warnings`: its severity, line, column and message.
impl Serialize for Diagnostic {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        DiagnosticJson::from(self).serialize(s)
    }
}

/// The schema of a serialized diagnostic: `DiagnosticJson`, as in the
/// schemas of `ayo json` and `ayo validate`.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Diagnostic {
    fn inline_schema() -> bool {
        <DiagnosticJson as schemars::JsonSchema>::inline_schema()
    }

    fn schema_name() -> Cow<'static, str> {
        <DiagnosticJson as schemars::JsonSchema>::schema_name()
    }

    fn schema_id() -> Cow<'static, str> {
        <DiagnosticJson as schemars::JsonSchema>::schema_id()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        <DiagnosticJson as schemars::JsonSchema>::json_schema(generator)
    }
}

impl VerdictJson {
    /// The verdict of a game checked by
    /// [`Settings::check`](crate::corpus::validate::Settings::check).
    pub(crate) fn of(checked: &Checked<'_>) -> VerdictJson {
        let all = checked.diagnostics;
        VerdictJson {
            file: checked.file.to_string(),
            game: checked.number,
            valid: checked.is_valid(),
            errors: diagnostics_json(all, Severity::Error),
            warnings: diagnostics_json(all, Severity::Warning),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Record;
    use crate::replay::{Game, Options};

    /// Errors and warnings go apart, in the order found, the same whether
    /// the game's JSON is built or streamed.
    #[test]
    fn errors_and_warnings_apart_built_and_streamed_alike() {
        let text = "[Rule \"russ\"]\n[Date \"June\"]\n\n1. cx9 D 2. ax1 *\n";
        let game = Game::replay(Record::parse(text).unwrap(), &Options::default());
        let built = game_json(&game, None, None);
        assert!(!built.valid);
        let lines = |ds: &[DiagnosticJson], severity: Severity| {
            assert!(ds.iter().all(|d| d.severity == severity), "{ds:?}");
            ds.iter().map(|d| (d.line, d.column)).collect::<Vec<_>>()
        };
        assert_eq!(lines(&built.warnings, Severity::Warning), [(1, 1), (2, 7)]);
        // The wrong claim, then the empty pit.
        assert_eq!(lines(&built.errors, Severity::Error), [(4, 4), (4, 13)]);
        let mut streamed = Vec::new();
        JsonWriter::default()
            .write_game(&mut streamed, &game, None, None)
            .unwrap();
        assert_eq!(streamed, serde_json::to_vec(&built).unwrap());
    }

    /// The writer of the JSON (the `*Fields` shapes) and the types that
    /// describe it (which read it back and give the schema) name the same
    /// fields in the same order: a game with every field filled in writes
    /// JSON that reads back as the same value and writes the same bytes
    /// again, and each move's fields are those its schema lists.
    #[test]
    fn written_json_reads_back_as_the_same_value() {
        let text = "[Rules \"russ\"]\n\n{first} 1. cx7! $1 {after} (1. d {var}) Fx2 2. d *\n";
        let game = Game::replay(Record::parse(text).unwrap(), &Options::default());
        let built = game_json(&game, Some("f.ayo"), Some(0));
        let first = &built.moves[0];
        assert!(!first.laps.is_empty() && first.capture.is_some() && first.board.is_some());
        assert!(!first.glyphs.is_empty() && !first.nags.is_empty());
        assert!(!first.comments.before.is_empty() && !first.comments.after.is_empty());
        assert_eq!(first.variations.len(), 1);
        let bytes = serde_json::to_vec(&built).unwrap();
        let mut back: GameJson = serde_json::from_slice(&bytes).unwrap();
        // Not part of the full output, so not read back.
        back.counts = built.counts.clone();
        assert_eq!(back, built);
        assert_eq!(serde_json::to_vec(&back).unwrap(), bytes);
        #[cfg(feature = "schema")]
        {
            let schema = schema();
            let written = serde_json::to_value(first).unwrap();
            let keys = |v: &serde_json::Value| -> Vec<String> {
                let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
                k.sort();
                k
            };
            assert_eq!(
                keys(&schema["$defs"]["MoveJson"]["properties"]),
                keys(&written)
            );
        }
    }

    /// A move's and a result's `Option` fields may be absent: they read as
    /// `null`, and their schema says so (`"default": null`), while the
    /// fields that must be there have no default.
    #[test]
    fn absent_fields_are_null() {
        let m: MoveJson = serde_json::from_str(r#"{"pit": "c"}"#).unwrap();
        assert_eq!((m.side, m.claim, m.stores), (None, None, None));
        assert!(m.capture.is_none() && m.board.is_none());
        let r: ResultJson = serde_json::from_str(r#"{"token": "*"}"#).unwrap();
        assert_eq!(r.score, None);
        assert!(r.winner.is_none() && r.ended_by.is_none());
        assert!(r.decided_by.is_none() && r.not_counted.is_none());
        assert!(serde_json::from_str::<ResultJson>("{}").is_err());
        #[cfg(feature = "schema")]
        {
            let schema = schema();
            let defaults = |name: &str| -> Vec<(String, serde_json::Value)> {
                let props = schema["$defs"][name]["properties"].as_object().unwrap();
                let mut d: Vec<_> = props
                    .iter()
                    .filter_map(|(k, p)| Some((k.clone(), p.get("default")?.clone())))
                    .collect();
                d.sort_by(|a, b| a.0.cmp(&b.0));
                d
            };
            let null = serde_json::Value::Null;
            let nulls =
                |names: &[&str]| -> Vec<String> { names.iter().map(|s| s.to_string()).collect() };
            let null_fields = |name: &str| -> Vec<String> {
                defaults(name)
                    .into_iter()
                    .filter(|(_, v)| *v == null)
                    .map(|(k, _)| k)
                    .collect()
            };
            assert_eq!(
                null_fields("MoveJson"),
                nulls(&["board", "capture", "claim", "side", "stores"])
            );
            assert_eq!(
                null_fields("ResultJson"),
                nulls(&["decided_by", "ended_by", "not_counted", "score", "winner"])
            );
            assert!(defaults("MoveJson").iter().all(|(k, _)| k != "pit"));
            assert!(defaults("ResultJson").iter().all(|(k, _)| k != "token"));
        }
    }
}
