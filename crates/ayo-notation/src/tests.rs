//! Round trips over generated records: `parse(write(r)) == r`, the writer is
//! stable, and the game reader cuts a file of written games back into them.

use proptest::prelude::*;

use super::*;
use crate::arbitrary::{any_record, record};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parse_write_is_the_identity(r in record()) {
        let text = r.to_text();
        let back = Record::parse(&text).map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
        prop_assert_eq!(back.normalized(), r.normalized(), "{}", text);
        prop_assert_eq!(back.to_text(), text);
    }

    /// Whatever the writer emits, once `check_writable` has passed it, the game
    /// reader cuts back into the same games, and each parses back.
    #[test]
    fn the_reader_cuts_written_games_back_apart(rs in proptest::collection::vec(any_record(), 1..8)) {
        let rs: Vec<Record> = rs.into_iter().filter(|r| write::check_writable(r).is_ok()).collect();
        let text: Vec<String> = rs.iter().map(Record::to_text).collect();
        let file = text.join("\n");
        let games: Vec<RawGame> = GameReader::new(file.as_bytes()).collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(games.len(), rs.len(), "{}", file);
        for (g, r) in games.iter().zip(&rs) {
            let back = g.parse().map_err(|e| TestCaseError::fail(format!("{e:?}\n{file}")))?;
            prop_assert_eq!(back.normalized(), r.normalized());
        }
    }

    /// Every comment the generator makes that `check_writable` refuses really
    /// would start a game.
    #[test]
    fn check_refuses_only_what_the_reader_would_cut(r in any_record()) {
        if let Err(write::WriteError::CommentStartsGame { .. }) = write::check_writable(&r) {
            let text = r.to_text();
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
    /// (`check_writable` passes) and reads back as itself.
    #[test]
    fn the_parser_never_panics(pieces in proptest::collection::vec(fragment(), 0..1000)) {
        let bytes = pieces.concat();
        for g in GameReader::new(&bytes[..]) {
            if let Ok(r) = g.unwrap().parse() {
                prop_assert_eq!(write::check_writable(&r), Ok(()));
                let text = r.to_text();
                let back = Record::parse(&text).map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
                prop_assert_eq!(back.to_text(), text);
            }
        }
    }
}
