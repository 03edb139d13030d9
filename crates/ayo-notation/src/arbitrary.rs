//! Strategies for proptest that generate records: every construct of the
//! grammar, nested variations included. Behind the `proptest` feature, for
//! the round-trip tests here and the property tests of crates built on this
//! one.

use proptest::prelude::*;

use crate::*;

fn comment_text() -> impl Strategy<Value = String> {
    prop_oneof![
        // Brace comments: anything but `}`, line breaks included.
        "[^}\r]{0,30}",
        // Comments holding `}` can only be `;` comments: one line.
        "[^\r\n]{0,10}\\}[^\r\n]{0,10}",
        // A blank line and `[`: the reader would start a game there, so
        // `check_writable` refuses these.
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
    let known = proptest::sample::subsequence(Tag::KNOWN.to_vec(), 0..=Tag::KNOWN.len());
    let other = proptest::collection::vec("[A-Za-z][A-Za-z0-9_]{0,8}", 0..3);
    (known, other, proptest::collection::vec("[^\r\n]{0,12}", 16)).prop_map(
        |(known, other, values)| {
            known
                .into_iter()
                .map(str::to_string)
                .chain(
                    other
                        .into_iter()
                        .filter(|n| !Tag::KNOWN.contains(&n.as_str())),
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

/// Records the writer can write ([`check_writable`](crate::check_writable) passes): a comment that
/// would start a game has its `[` made `(`.
pub fn record() -> impl Strategy<Value = Record> {
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

/// Any record, including some that [`check_writable`](crate::check_writable) refuses.
pub fn any_record() -> impl Strategy<Value = Record> {
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
