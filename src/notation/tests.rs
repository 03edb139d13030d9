//! Round trips over generated records: `parse(write(r)) == r`, the writer is
//! stable, and the game reader cuts a file of written games back into them.

use proptest::prelude::*;

use super::*;

fn comment_text() -> impl Strategy<Value = String> {
    prop_oneof![
        // Brace comments: anything but `}`, line breaks included.
        "[^}\r]{0,30}",
        // Comments holding `}` can only be `;` comments: one line.
        "[^\r\n]{0,10}\\}[^\r\n]{0,10}",
        // A blank line and `[`: the reader would start a game there, so
        // `write::check` refuses these.
        "[^}\r]{0,5}\n[ \t]*\n[ \t]*\\[[^}\r]{0,5}",
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
                moves: moves.into(),
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
        .prop_map(|(pit, claim, glyph, nags, after, variations)| {
            let mut m = Move::new(pit);
            m.claim = claim;
            m.glyph = glyph;
            m.nags_mut().extend(nags.into_iter().map(|value| Nag {
                value,
                span: Span::default(),
            }));
            *m.after_mut() = after.into();
            *m.variations_mut() = variations.into();
            // As the parser leaves a move: no box for empty notes.
            m.shrink_to_fit();
            m
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
                    m.set_before(before.into());
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

/// Records the writer can write ([`write::check`] passes): a comment that
/// would start a game has its `[` made `(`.
pub(crate) fn record() -> impl Strategy<Value = Record> {
    fn fix(cs: &mut [Comment]) {
        for c in cs {
            if super::lex::game_start_inside(&c.text).is_some() {
                c.text = c.text.replace('[', "(");
            }
        }
    }
    fn fix_moves(ms: &mut [Move]) {
        for m in ms {
            fix(m.before_mut());
            fix(m.after_mut());
            for v in m.variations_mut().iter_mut() {
                fix_moves(&mut v.moves);
            }
        }
    }
    any_record().prop_map(|mut r| {
        fix(&mut r.comments);
        fix_moves(&mut r.moves);
        r
    })
}

/// Any record, including some that [`write::check`] refuses.
pub(crate) fn any_record() -> impl Strategy<Value = Record> {
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

    /// Whatever the writer emits, once `write::check` has passed it, the game
    /// reader cuts back into the same games, and each parses back.
    #[test]
    fn the_reader_cuts_written_games_back_apart(rs in proptest::collection::vec(any_record(), 1..8)) {
        let rs: Vec<Record> = rs.into_iter().filter(|r| write::check(r).is_ok()).collect();
        let text: Vec<String> = rs.iter().map(write_record).collect();
        let file = text.join("\n");
        let games: Vec<RawGame> = GameReader::new(file.as_bytes()).collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(games.len(), rs.len(), "{}", file);
        for (g, r) in games.iter().zip(&rs) {
            let back = g.parse().map_err(|e| TestCaseError::fail(format!("{e:?}\n{file}")))?;
            prop_assert_eq!(back.normalized(), r.normalized());
        }
    }

    /// Every comment the generator makes that `write::check` refuses really
    /// would start a game.
    #[test]
    fn check_refuses_only_what_the_reader_would_cut(r in any_record()) {
        if let Err(write::WriteError::CommentStartsGame { .. }) = write::check(&r) {
            let text = write_record(&r);
            prop_assert!(GameReader::new(text.as_bytes()).count() > 1, "{}", text);
        }
    }
}

/// Pieces of `.ayo` text, single bytes of any value, and any characters: the
/// reader and parser see inputs of a few KB that are near enough to records to
/// reach deep into the grammar, and far enough to hit every error.
fn fragment() -> impl Strategy<Value = Vec<u8>> {
    const PIECES: &[&str] = &[
        "[Event \"x\"]\n",
        "[Result \"1-0\"]\n",
        "[Date \"2026.??.01\"]",
        "[",
        "]",
        "\"",
        "\\",
        "\n",
        "\n\n",
        "\r\n",
        " ",
        "\t",
        "1. ",
        "12... ",
        "4294967296. ",
        "c",
        "Fx2",
        "dx7!",
        "bx2?!",
        "x",
        "$1",
        "$300",
        "{",
        "}",
        "{a comment}",
        "(",
        ")",
        "(1... D)",
        ";line\n",
        "1-0",
        "0-1",
        "1/2-1/2",
        "*",
        "\u{feff}",
        "\u{a0}",
        "\u{2013}",
        "\u{201c}",
        "é",
        "e4",
        "Nf3",
    ];
    prop_oneof![
        any::<u8>().prop_map(|b| vec![b]),
        proptest::sample::select(PIECES).prop_map(|s| s.as_bytes().to_vec()),
        any::<String>().prop_map(String::into_bytes),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any bytes: no panic, and every game that parses can be written back
    /// (`write::check` passes) and reads back as itself.
    #[test]
    fn the_parser_never_panics(pieces in proptest::collection::vec(fragment(), 0..1000)) {
        let bytes = pieces.concat();
        for g in GameReader::new(&bytes[..]) {
            if let Ok(r) = g.unwrap().parse() {
                prop_assert_eq!(write::check(&r), Ok(()));
                let text = write_record(&r);
                let back = parse_record(&text).map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
                prop_assert_eq!(write_record(&back), text);
            }
        }
    }
}
