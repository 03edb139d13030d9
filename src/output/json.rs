//! The JSON form of a game: serde types whose field names are a fixed
//! contract (see the README), their JSON Schema (schemars), and the way back
//! from JSON to a [`Record`] for `ayo import`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::diagnostics::Diagnostic;
use crate::notation::{
    Comment, Glyph, Move, Nag, Outcome, Record, Span, Tag, Termination, Variation, parse_record,
    sort_tags, write_record,
};
use crate::replay::{Game, Ply, move_number};
use crate::rules::{MoveOutcome, Side};

/// One game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GameJson {
    /// The file the game came from (`<stdin>` for standard input).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 0-based position of the game in its file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// Tag pairs, in file order.
    #[serde(default, with = "tags")]
    #[schemars(with = "std::collections::BTreeMap<String, String>")]
    pub tags: Vec<(String, String)>,
    /// The canonical ruleset string; `null` when the `Rules` tag is unreadable.
    #[serde(default)]
    pub rules: Option<String>,
    /// The start position as a set-up string; `null` when it is unknown.
    #[serde(default)]
    pub setup: Option<String>,
    /// Comments of a game that has no moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// The main line.
    #[serde(default)]
    pub moves: Vec<MoveJson>,
    /// The result; `null` for a game that could not be parsed.
    pub result: Option<ResultJson>,
    /// No problem found.
    #[serde(default)]
    pub valid: bool,
    /// Every problem found.
    #[serde(default)]
    pub errors: Vec<ErrorJson>,
    /// The raw text of a game that could not be parsed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raw: Option<String>,
}

/// One move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MoveJson {
    /// 1-based ply; a variation's first move has the ply of the move it replaces.
    #[serde(default)]
    pub ply: u32,
    /// The move number: South's n-th turn and the North turn after it.
    #[serde(default)]
    pub number: u32,
    /// `"south"` or `"north"`: whose turn it was.
    #[serde(default)]
    pub side: Option<SideJson>,
    /// The pit letter played.
    pub pit: String,
    /// The capture claimed in the record (`dx7`), or `null`.
    #[serde(default)]
    pub claim: Option<u32>,
    /// Every lap of the relay; empty when the move was not played.
    #[serde(default)]
    pub laps: Vec<LapJson>,
    /// What went to the store, or `null`.
    #[serde(default)]
    pub capture: Option<CaptureJson>,
    /// The stores after the move, South's first; `null` when it was not played.
    #[serde(default)]
    pub stores: Option<[u16; 2]>,
    /// The board after the move; `null` when it was not played.
    #[serde(default)]
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

/// A side, lowercase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SideJson {
    /// South.
    South,
    /// North.
    North,
}

/// A lap of a relay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LapJson {
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

/// A capture.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CaptureJson {
    /// The pit taken from.
    pub pit: char,
    /// Every seed that went to the store (the capturing seed only when the
    /// ruleset sends it there).
    pub seeds: u16,
    /// Whether the capturing seed went to the store.
    #[serde(default)]
    pub capturing_seed: bool,
}

/// Both rows, each from its owner's left.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BoardJson {
    /// `a`, `b`, …
    pub south: Vec<u16>,
    /// `A`, `B`, …
    pub north: Vec<u16>,
}

/// Comments around a move.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CommentsJson {
    /// Before the move.
    #[serde(default)]
    pub before: Vec<String>,
    /// After the move.
    #[serde(default)]
    pub after: Vec<String>,
}

/// The result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ResultJson {
    /// The game-termination token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub token: String,
    /// The final score after leftovers, South's first; `null` when unfinished.
    #[serde(default)]
    pub score: Option<[u32; 2]>,
    /// `"south"`, `"north"`, `"draw"`, or `null` when unfinished.
    #[serde(default)]
    pub winner: Option<String>,
    /// `"majority"`, `"no-legal-move"`, or `null` when unfinished.
    #[serde(default)]
    pub ended_by: Option<String>,
}

/// A problem, at a place in the file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ErrorJson {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

impl From<&Diagnostic> for ErrorJson {
    fn from(d: &Diagnostic) -> Self {
        ErrorJson {
            line: d.span.line,
            column: d.span.column,
            message: d.message.clone(),
        }
    }
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
    let capture = o.capture.map(|c| CaptureJson {
        pit: c.pit.letter(pits),
        seeds: c.seeds(),
        capturing_seed: c.capturing_seed,
    });
    let board = BoardJson {
        south: o.position.row(Side::South).to_vec(),
        north: o.position.row(Side::North).to_vec(),
    };
    (laps, capture, o.stores(), board)
}

fn side_json(s: Side) -> SideJson {
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
            let side = ply.map_or(if k % 2 == 0 { first } else { first.opponent() }, |p| {
                p.side
            });
            let (p, n) = ply.map_or(
                (first_ply + k as u32, move_number(k, first_number, first)),
                |p| (p.ply, p.number),
            );
            let (laps, capture, stores, board) = match ply.and_then(|p| p.outcome.as_ref()) {
                Some(o) => {
                    let (l, c, s, b) = outcome_fields(o);
                    (l, c, Some(s), Some(b))
                }
                None => (Vec::new(), None, None, None),
            };
            let variations = m
                .variations
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
                nags: m.nags.iter().map(|n| n.value).collect(),
                comments: CommentsJson {
                    before: m.before.iter().map(|c| c.text.clone()).collect(),
                    after: m.after.iter().map(|c| c.text.clone()).collect(),
                },
                variations,
            }
        })
        .collect()
}

/// The JSON of a replayed game.
pub fn game_json(game: &Game, file: Option<&str>, index: Option<usize>) -> GameJson {
    let record = &game.record;
    let first = game.start.map_or_else(
        || {
            if record
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
    );
    GameJson {
        file: file.map(str::to_string),
        index,
        tags: record
            .tags
            .iter()
            .map(|t| (t.name.to_string(), t.value.clone()))
            .collect(),
        rules: game.rules.map(|r| r.to_string()),
        setup: game.start.map(|p| p.to_string()),
        comments: record.comments.iter().map(|c| c.text.clone()).collect(),
        moves: line_json(&record.moves, &game.moves, 1, 1, first),
        result: Some(ResultJson {
            token: record.result.outcome.as_str().to_string(),
            score: game.end.map(|e| e.score),
            winner: game.end.map(|e| {
                e.winner
                    .map_or("draw".to_string(), |s| s.name().to_string())
            }),
            ended_by: game.end.map(|e| e.reason.key().to_string()),
        }),
        valid: game.is_valid(),
        errors: game.errors.iter().map(ErrorJson::from).collect(),
        raw: None,
    }
}

/// The JSON of a game that could not be parsed: its errors and raw text.
pub fn unparsed_json(file: &str, index: usize, error: &Diagnostic, raw: &[u8]) -> GameJson {
    GameJson {
        file: Some(file.to_string()),
        index: Some(index),
        tags: Vec::new(),
        rules: None,
        setup: None,
        comments: Vec::new(),
        moves: Vec::new(),
        result: None,
        valid: false,
        errors: vec![ErrorJson::from(error)],
        raw: Some(String::from_utf8_lossy(raw).into_owned()),
    }
}

/// Why a JSON game cannot become a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ImportError(pub String);

// Generic: a record keeps its comments in a `Vec`, a move in a `List`.
fn comments<C: FromIterator<Comment>>(texts: &[String]) -> C {
    texts
        .iter()
        .map(|t| Comment {
            text: t.clone(),
            span: Span::default(),
        })
        .collect()
}

fn line_record(moves: &[MoveJson], path: &str) -> Result<Vec<Move>, ImportError> {
    moves
        .iter()
        .enumerate()
        .map(|(k, m)| {
            let here = format!("{path}[{k}]");
            let mut chars = m.pit.chars();
            let pit = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => c,
                _ => {
                    return Err(ImportError(format!(
                        "{here}.pit: expected one pit letter (a-z, A-Z), found {:?}",
                        m.pit
                    )));
                }
            };
            let glyph = match m.glyphs.as_slice() {
                [] => None,
                [g] => Some(Glyph::parse(g).ok_or_else(|| {
                    ImportError(format!(
                        "{here}.glyphs: unknown glyph {g:?}: expected !, ?, !!, ??, !? or ?!"
                    ))
                })?),
                _ => {
                    return Err(ImportError(format!(
                        "{here}.glyphs: a move takes at most one glyph"
                    )));
                }
            };
            let variations = m
                .variations
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let moves = line_record(v, &format!("{here}.variations[{i}]"))?;
                    if moves.is_empty() {
                        return Err(ImportError(format!(
                            "{here}.variations[{i}]: a variation needs at least one move"
                        )));
                    }
                    Ok(Variation {
                        moves,
                        span: Span::default(),
                    })
                })
                .collect::<Result<_, _>>()?;
            Ok(Move {
                number: None,
                pit,
                claim: m.claim,
                glyph,
                nags: m
                    .nags
                    .iter()
                    .map(|&value| Nag {
                        value,
                        span: Span::default(),
                    })
                    .collect(),
                before: comments(&m.comments.before),
                after: comments(&m.comments.after),
                variations,
                span: Span::default(),
            })
        })
        .collect()
}

/// Turns a JSON game back into a record. Fails when the JSON holds something
/// the notation cannot say (a tag value with a line break, a comment that would
/// close early); what it returns always writes and parses back to itself.
pub fn to_record(game: &GameJson) -> Result<Record, ImportError> {
    let Some(result) = &game.result else {
        return Err(ImportError(
            "the game has no result: it could not be parsed when it was exported".to_string(),
        ));
    };
    let outcome = Outcome::parse(&result.token).ok_or_else(|| {
        ImportError(format!(
            "result.token: expected 1-0, 0-1, 1/2-1/2 or *, found {:?}",
            result.token
        ))
    })?;
    let mut tags: Vec<Tag> = game
        .tags
        .iter()
        .map(|(name, value)| Tag {
            name: name.clone().into(),
            value: value.clone(),
            span: Span::default(),
            value_span: Span::default(),
        })
        .collect();
    // The writer orders tags canonically; so does the record, so that it is
    // exactly what parsing the written text gives back.
    sort_tags(&mut tags, |t| &t.name);
    let moves = line_record(&game.moves, "moves")?;
    let record = Record {
        tags,
        comments: if moves.is_empty() {
            comments(&game.comments)
        } else {
            Vec::new()
        },
        moves,
        result: Termination {
            outcome,
            span: Span::default(),
        },
        span: Span::default(),
    };
    let text = write_record(&record);
    match parse_record(&text) {
        Ok(back) if back.normalized() == record.normalized() => Ok(record),
        Ok(_) => Err(ImportError(
            "the game cannot be written as .ayo without changing it (a comment or tag that the notation cannot hold)".to_string(),
        )),
        Err(e) => Err(ImportError(format!(
            "the game cannot be written as .ayo: {} (a tag name, tag value or comment that the notation cannot hold)",
            e.message
        ))),
    }
}

/// The JSON Schema of [`GameJson`].
pub fn schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(GameJson)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::replay::{Options, replay};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// `ayo json | ayo import` is `ayo fmt`, whatever the record holds, legal
        /// or not.
        #[test]
        fn import_of_json_is_fmt(r in crate::notation::tests::record()) {
            let text = write_record(&r);
            let parsed = parse_record(&text).unwrap();
            let game = replay(parsed, &Options::default());
            let json = serde_json::to_string(&game_json(&game, Some("f"), Some(0))).unwrap();
            let back: GameJson = serde_json::from_str(&json).unwrap();
            let imported = to_record(&back).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(write_record(&imported), text);
        }
    }

    #[test]
    fn import_refuses_what_the_notation_cannot_hold() {
        let game = |tags: &str, moves: &str| -> GameJson {
            serde_json::from_str(&format!(
                r#"{{"tags": {tags}, "moves": {moves}, "result": {{"token": "*"}}}}"#
            ))
            .unwrap()
        };
        let err = |g: GameJson| to_record(&g).unwrap_err().to_string();
        insta::assert_snapshot!(err(game(r#"{"Event": "two\nlines"}"#, "[]")), @"the game cannot be written as .ayo: unclosed tag value: expected `\"` before the end of the line (a tag name, tag value or comment that the notation cannot hold)");
        insta::assert_snapshot!(err(game("{}", r#"[{"pit": "ab"}]"#)), @r#"moves[0].pit: expected one pit letter (a-z, A-Z), found "ab""#);
        insta::assert_snapshot!(err(game("{}", r#"[{"pit": "a", "glyphs": ["!!!"]}]"#)), @r#"moves[0].glyphs: unknown glyph "!!!": expected !, ?, !!, ??, !? or ?!"#);
        insta::assert_snapshot!(err(game("{}", r#"[{"pit": "a", "comments": {"after": ["x}\ny"]}}]"#)), @"the game cannot be written as .ayo without changing it (a comment or tag that the notation cannot hold)");
        insta::assert_snapshot!(err(game("{}", r#"[{"pit": "a", "variations": [[]]}]"#)), @"moves[0].variations[0]: a variation needs at least one move");
        let ok = game(
            r#"{"Zeta": "1", "Event": "e"}"#,
            r#"[{"pit": "a", "claim": 2}]"#,
        );
        assert_eq!(
            write_record(&to_record(&ok).unwrap()),
            "[Event \"e\"]\n[Zeta \"1\"]\n\n1. ax2 *\n"
        );
    }
}
