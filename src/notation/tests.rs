//! Round trips over generated records: `parse(write(r)) == r`, the writer is
//! stable, and the game reader cuts a file of written games back into them.

use proptest::prelude::*;
use thin_vec::ThinVec;

use super::*;

fn comment_text() -> impl Strategy<Value = String> {
    prop_oneof![
        // Brace comments: anything but `}` (and `[`, which after a blank line
        // would start a game), line breaks included.
        "[^}\\[\r]{0,30}",
        // Comments holding `}` can only be `;` comments: one line.
        "[^\\[\r\n]{0,10}\\}[^\\[\r\n]{0,10}",
    ]
}

fn comments(max: usize) -> impl Strategy<Value = Vec<Comment>> {
    proptest::collection::vec(
        comment_text().prop_map(|text| Comment {
            text,
            span: Span::default(),
        }),
        0..=max,
    )
}

fn glyph() -> impl Strategy<Value = Option<Glyph>> {
    proptest::option::of(proptest::sample::select(Glyph::ALL.to_vec()))
}

fn a_move(depth: u32) -> BoxedStrategy<Move> {
    let variations = if depth == 0 {
        Just(Vec::new()).boxed()
    } else {
        proptest::collection::vec(
            line(depth - 1).prop_map(|moves| Variation {
                moves,
                span: Span::default(),
            }),
            0..=2,
        )
        .boxed()
    };
    (
        proptest::char::ranges(vec!['a'..='z', 'A'..='Z'].into()),
        proptest::option::of(0u32..200),
        glyph(),
        proptest::collection::vec(any::<u8>(), 0..=2),
        comments(2),
        variations,
    )
        .prop_map(|(pit, claim, glyph, nags, after, variations)| Move {
            number: None,
            pit,
            claim,
            glyph,
            nags: nags
                .into_iter()
                .map(|value| Nag {
                    value,
                    span: Span::default(),
                })
                .collect(),
            before: ThinVec::new(),
            after: after.into(),
            variations: variations.into(),
            span: Span::default(),
        })
        .boxed()
}

/// A line of moves, with comments before any of them.
fn line(depth: u32) -> BoxedStrategy<Vec<Move>> {
    proptest::collection::vec((a_move(depth), comments(2)), 1..6)
        .prop_map(|moves| {
            moves
                .into_iter()
                .map(|(mut m, before)| {
                    m.before = before.into();
                    m
                })
                .collect()
        })
        .boxed()
}

fn tags() -> impl Strategy<Value = Vec<Tag>> {
    let known = proptest::sample::subsequence(KNOWN_TAGS.to_vec(), 0..=KNOWN_TAGS.len());
    let other = proptest::collection::vec("[A-Za-z][A-Za-z0-9_]{0,8}", 0..3);
    (known, other, proptest::collection::vec("[^\r\n]{0,12}", 16)).prop_map(
        |(known, other, values)| {
            known
                .into_iter()
                .map(str::to_string)
                .chain(
                    other
                        .into_iter()
                        .filter(|n| !KNOWN_TAGS.contains(&n.as_str())),
                )
                .zip(values)
                .map(|(name, value)| Tag {
                    name: name.into(),
                    value,
                    span: Span::default(),
                    value_span: Span::default(),
                })
                .collect()
        },
    )
}

pub(crate) fn record() -> impl Strategy<Value = Record> {
    (
        tags(),
        prop_oneof![line(3), Just(Vec::new())],
        comments(2),
        proptest::sample::select(Outcome::ALL.to_vec()),
    )
        .prop_map(|(tags, moves, comments, outcome)| Record {
            tags,
            comments: if moves.is_empty() {
                comments
            } else {
                Vec::new()
            },
            moves,
            result: Termination {
                outcome,
                span: Span::default(),
            },
            span: Span::default(),
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parse_write_is_the_identity(r in record()) {
        let text = write_record(&r);
        let back = parse_record(&text).map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
        prop_assert_eq!(back.normalized(), r.normalized(), "{}", text);
        prop_assert_eq!(write_record(&back), text);
    }

    #[test]
    fn the_reader_cuts_written_games_back_apart(rs in proptest::collection::vec(record(), 1..5)) {
        let text: Vec<String> = rs.iter().map(write_record).collect();
        let file = text.join("\n");
        let games: Vec<RawGame> = GameReader::new(file.as_bytes()).collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(games.len(), rs.len(), "{}", file);
        for (g, r) in games.iter().zip(&rs) {
            let back = g.parse().map_err(|e| TestCaseError::fail(format!("{e:?}\n{file}")))?;
            prop_assert_eq!(back.normalized(), r.normalized());
        }
    }

    #[test]
    fn the_parser_never_panics(bytes in proptest::collection::vec(
        proptest::sample::select(b"[]{}();$*.!?x0123456789-/ \n\r\"\\aBcDe\xff\xe9".to_vec()), 0..200)) {
        for g in GameReader::new(&bytes[..]) {
            let _ = g.unwrap().parse();
        }
    }
}
