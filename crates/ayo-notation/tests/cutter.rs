//! The game cutter against the byte-at-a-time reference it replaced
//! ([`crate::reference`]).

use std::io::{self, BufRead};

use ayo_notation::{GameReader, RawGame};
use proptest::prelude::*;

use crate::reference;

/// Pieces of `.ayo` text that reach every state of the cutter and every
/// way out of it, and words that hold `*` or `-` without being a
/// termination token.
fn cutter_fragment() -> impl Strategy<Value = Vec<u8>> {
    const PIECES: &[&[u8]] = &[
        b"[Event \"x\"]\n",
        b"[Result \"1-0\"]\n",
        b"[A \"a\\\"b\\\\\"]",
        b"[",
        b"]",
        b"\"",
        b"\\",
        b"\n",
        b"\n\n",
        b"\r\n",
        b"\r\n\r\n",
        b" \t\r\n \n",
        b" ",
        b"\t",
        b"\x0c",
        b"1. ",
        b"12... ",
        b"c",
        b"Fx2",
        b"dx10 ",
        b"{",
        b"}",
        b"{a 1-0 comment}",
        b"{\n\n[",
        b"(",
        b")",
        b"(1... D *)",
        b";line 1-0\n",
        b";",
        b"1-0",
        b"0-1",
        b"1/2-1/2",
        b"*",
        b"1-0 ",
        b"* ",
        b"0-1\n",
        b"1/2-1/2\r\n",
        b"1-0 trailing",
        b"1-00",
        b"01-0",
        b"1/2-1/2-",
        b"x1/2-1/2",
        b"**",
        b"-",
        b"--------",
        b"a-b",
        b"1-",
        b"-0",
        b"1/2",
        b"\xEF",
        b"\xEF\xBB",
        b"\xEF\xBB\xBF",
        b"\xC3\xA9",
        b"\xE2\x80\x93",
        b"+",
        b"\x1b",
        b"2+",
    ];
    prop_oneof![
        1 => any::<u8>().prop_map(|b| vec![b]),
        8 => proptest::sample::select(PIECES).prop_map(<[u8]>::to_vec),
    ]
}

/// A reader that hands out its bytes in pieces of the sizes given, in
/// turn, to test every place a buffer can end.
struct Pieces<'a> {
    bytes: &'a [u8],
    sizes: Vec<usize>,
    turn: usize,
}

impl io::Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()];
        self.turn += 1;
        let n = size.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// Everything a reader hands out: the games, then whether the input had a
/// byte-order mark and the white space after the last game.
type Cut = (Vec<RawGame>, bool, Vec<u8>);

fn cut_all(mut games: GameReader<impl BufRead>) -> Cut {
    let all = games.by_ref().map(|g| g.unwrap()).collect();
    (all, games.had_bom(), games.trailing().to_vec())
}

fn cut_by_reference(mut games: reference::GameReader<impl BufRead>) -> Cut {
    let all = games.by_ref().map(|g| g.unwrap()).collect();
    (all, games.had_bom(), games.trailing().to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The cutter cuts every input into the same games as the byte-at-a-
    /// time reference it replaced, whatever the buffer sizes and the
    /// maximum game size.
    #[test]
    fn cuts_as_the_reference_does(
        pieces in proptest::collection::vec(cutter_fragment(), 0..200),
        capacity in 1usize..80,
        sizes in proptest::collection::vec(1usize..40, 1..8),
        max in prop_oneof![Just(RawGame::DEFAULT_MAX_BYTES), 1usize..300],
    ) {
        let bytes = pieces.concat();
        let expected = cut_by_reference(
            reference::GameReader::new(&bytes[..]).max_game_bytes(max),
        );
        let whole = cut_all(GameReader::new(&bytes[..]).max_game_bytes(max));
        prop_assert_eq!(&whole, &expected);
        let reader = io::BufReader::with_capacity(
            capacity,
            Pieces { bytes: &bytes, sizes: sizes.clone(), turn: 0 },
        );
        let split = cut_all(GameReader::new(reader).max_game_bytes(max));
        prop_assert_eq!(&split, &expected);
    }
}

/// A lone 0xEF (the first byte of a byte-order mark, and no more of it)
/// before a game, read one byte at a time with a 1-byte game limit: a
/// case the property test above found.
#[test]
fn a_partial_byte_order_mark_read_a_byte_at_a_time() {
    let bytes = b"\xEF0-1\n";
    let expected = cut_by_reference(reference::GameReader::new(&bytes[..]).max_game_bytes(1));
    let whole = cut_all(GameReader::new(&bytes[..]).max_game_bytes(1));
    assert_eq!(whole, expected);
    let reader = io::BufReader::with_capacity(
        1,
        Pieces {
            bytes,
            sizes: vec![1],
            turn: 0,
        },
    );
    assert_eq!(cut_all(GameReader::new(reader).max_game_bytes(1)), expected);
}

/// The reference itself still cuts the examples above as they say.
#[test]
fn the_reference_agrees_on_the_examples() {
    let input =
        b"\xEF\xBB\xBF[A \"1\"]\n1. a (1. b) * 1. c\n[B \"2\"]\n0-1\n\n{open\n\n[C \"3\"]\n*\n";
    let new = cut_all(GameReader::new(&input[..]));
    let old = cut_by_reference(reference::GameReader::new(&input[..]));
    assert_eq!(new, old);
    assert_eq!(new.0.len(), 4);
}
