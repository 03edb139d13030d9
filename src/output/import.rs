//! The way back from JSON (as `ayo json` prints it) to a [`Record`], for
//! `ayo import`.

use crate::notation::{
    Comment, Glyph, Move, Nag, Outcome, Record, Span, Tag, Termination, Variation, parse_record,
    sort_tags, write_record,
};
use crate::output::json::{GameJson, MoveJson};

/// Why a JSON game cannot become a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ImportError(pub String);

// Generic: a record keeps its comments in a `Vec`, a move in a `ThinVec`.
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::output::json::game_json;
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
