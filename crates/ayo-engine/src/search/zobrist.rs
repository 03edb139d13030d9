//! Zobrist keys of positions: board, stores and side to move.

use ayo_rules::{Position, Side};

/// Seed counts below this have their own random word in [`PITS`]; larger ones
/// (rare: a pit holding 64 seeds or more) are mixed from it.
const COUNTS: usize = 64;

/// SplitMix64's finaliser: a bijective mix of 64 bits.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One random word for every pit and every seed count below [`COUNTS`],
/// made at compile time from a fixed seed, so that keys are the same in
/// every run and build.
static PITS: [[u64; COUNTS]; Position::MAX_BOARD] = {
    let mut table = [[0u64; COUNTS]; Position::MAX_BOARD];
    let mut state: u64 = 0x6179_6f61_796f_2121;
    let mut pit = 0;
    while pit < Position::MAX_BOARD {
        let mut n = 0;
        while n < COUNTS {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            table[pit][n] = mix(state);
            n += 1;
        }
        pit += 1;
    }
    table
};

/// The word XORed in when North is to move.
const NORTH: u64 = 0x8F1B_BCDC_BFA5_3E0B;

/// The Zobrist key of a position: the XOR of one random word per (pit, seed
/// count), a mix of the two stores, and a word for North to move.
///
/// Equal positions have equal keys; different positions collide with a
/// chance of about 2^-64 a pair, which the transposition table accepts.
/// Relay sowing changes many pits a move, so keys are computed afresh rather
/// than updated.
#[inline]
pub fn zobrist(pos: &Position) -> u64 {
    let mut key = 0;
    for (ring, &n) in pos.board().iter().enumerate() {
        let n = usize::from(n);
        key ^= if n < COUNTS {
            PITS[ring][n]
        } else {
            mix(PITS[ring][n % COUNTS] ^ ((n as u64) << 32))
        };
    }
    let [s, n] = pos.stores();
    key ^= mix((u64::from(s) << 16 | u64::from(n)) ^ 0x5354_4f52_4553_0000);
    if pos.to_move() == Side::North {
        key ^= NORTH;
    }
    key
}

#[cfg(test)]
mod tests {
    use ayo_rules::{Engine, Pit, Ruleset};

    use super::zobrist;

    #[test]
    fn equal_positions_have_equal_keys() {
        let engine = Engine::new(Ruleset::RUSS);
        let start = engine.start();
        let after = engine
            .play(&start, Pit::from_letter('c', 6).unwrap())
            .unwrap();
        assert_eq!(zobrist(&start), zobrist(&engine.start()));
        assert_ne!(zobrist(&start), zobrist(&after));
    }
}
