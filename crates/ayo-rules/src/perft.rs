//! Move-path counting, the regression data of the engine.

use super::engine::Engine;
use super::outcome::Illegal;
use super::position::Position;

/// See [`Engine::MAX_PERFT_DEPTH`].
const MAX_PERFT_DEPTH: usize = 64;

/// Why a perft count could not be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PerftError {
    /// A relay was still undecided at the engine's lap limit: a count that
    /// skipped it would be wrong.
    #[error("a relay is {0}")]
    Undecided(Illegal),
    /// The depth asked for is beyond [`Engine::MAX_PERFT_DEPTH`].
    #[error("depth {0} is too deep: at most {MAX_PERFT_DEPTH}")]
    TooDeep(usize),
    /// A count does not fit in 64 bits.
    #[error("the count at depth {0} does not fit in 64 bits")]
    Overflow(usize),
}

impl Engine {
    /// The deepest perft asked for. The walk recurses one frame a ply (a few
    /// hundred bytes each), so this also bounds its stack; no count this deep
    /// would finish anyway.
    pub const MAX_PERFT_DEPTH: usize = MAX_PERFT_DEPTH;

    /// Counts the move paths of exactly 1, 2, … `depth` plies from `pos`, in one
    /// walk. `counts[k]` is the number of paths of `k + 1` plies. A finished game
    /// has no moves.
    ///
    /// `Err` when some relay is undecided at the lap limit, when `depth` is beyond
    /// [`Engine::MAX_PERFT_DEPTH`], or when a count overflows.
    pub fn perft(&self, pos: &Position, depth: usize) -> Result<Vec<u64>, PerftError> {
        if depth > MAX_PERFT_DEPTH {
            return Err(PerftError::TooDeep(depth));
        }
        let mut counts = [0u64; MAX_PERFT_DEPTH];
        if depth > 0 {
            walk(self, pos, &mut counts[..depth], 0)?;
        }
        Ok(counts[..depth].to_vec())
    }

    /// The number of move paths of exactly `depth` plies from `pos` (1 for depth
    /// 0). Counting depth after depth with this gives each count as soon as it is
    /// known, for about 1.3 times the work of [`Engine::perft`] on the standard board.
    ///
    /// ```
    /// use ayo_rules::{Engine, Ruleset};
    ///
    /// let engine = Engine::new(Ruleset::RUSS);
    /// let counts: Vec<u64> = (1..=4)
    ///     .map(|d| engine.perft_leaves(&engine.start(), d))
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(counts, [6, 28, 132, 624]);
    /// # Ok::<(), ayo_rules::PerftError>(())
    /// ```
    pub fn perft_leaves(&self, pos: &Position, depth: usize) -> Result<u64, PerftError> {
        if depth > MAX_PERFT_DEPTH {
            return Err(PerftError::TooDeep(depth));
        }
        if depth == 0 {
            return Ok(1);
        }
        // Only the last depth's count is kept; the others are the walk's own.
        let mut counts = [0u64; MAX_PERFT_DEPTH];
        walk(self, pos, &mut counts[..depth], 0)?;
        Ok(counts[depth - 1])
    }
}

/// Adds one path to `counts[ply]` and walks on below it. `counts` is at most
/// [`Engine::MAX_PERFT_DEPTH`] long, so the recursion is too.
fn walk(engine: &Engine, pos: &Position, counts: &mut [u64], ply: usize) -> Result<(), PerftError> {
    if engine.majority(pos).is_some() {
        return Ok(());
    }
    // What `Engine::verdicts` does, but sowing each move straight into the
    // child position rather than returning it through a `Result`.
    let must_feed = engine.must_feed(pos);
    for pit in pos.pits_of(pos.to_move()) {
        if pos.seeds(pit) == 0 {
            continue;
        }
        let mut next = *pos;
        match engine.sow_in_place(&mut next, pit, must_feed) {
            Ok(_) => {
                counts[ply] = counts[ply]
                    .checked_add(1)
                    .ok_or(PerftError::Overflow(ply + 1))?;
                if ply + 1 < counts.len() {
                    walk(engine, &next, counts, ply + 1)?;
                }
            }
            Err(e @ Illegal::Undecided { .. }) => return Err(PerftError::Undecided(e)),
            Err(_) => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

    #[test]
    fn depth_is_bounded() {
        let e = Engine::new(Ruleset::RUSS);
        let start = e.start();
        for depth in [65, 30859, 1_000_000_000, usize::MAX] {
            assert_eq!(e.perft(&start, depth), Err(PerftError::TooDeep(depth)));
            assert_eq!(
                e.perft_leaves(&start, depth),
                Err(PerftError::TooDeep(depth))
            );
        }
    }

    #[test]
    fn leaves_agree_with_the_one_walk() {
        let e = Engine::new("endodoi pits=8".parse().unwrap());
        let all = e.perft(&e.start(), 4).unwrap();
        for (k, &n) in all.iter().enumerate() {
            assert_eq!(e.perft_leaves(&e.start(), k + 1), Ok(n));
        }
    }

    /// The walk recurses one frame a ply: 64 plies deep it fits in a small
    /// stack (4 KB a frame even in an unoptimised build). On a 2 x 2 board
    /// with 3 seeds and no end by majority, games do run 64 plies.
    #[test]
    fn depth_64_fits_a_small_stack() {
        let rules: Ruleset = "endodoi pits=2 seeds=3 end=exhaustion".parse().unwrap();
        let counted = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || {
                let e = Engine::new(rules);
                e.perft_leaves(&e.start(), MAX_PERFT_DEPTH)
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(counted, Ok(4));
    }

    /// A count that would pass u64::MAX is an error, not a wrapped number.
    #[test]
    fn overflow_is_an_error() {
        let e = Engine::new(Ruleset::RUSS);
        let mut counts = [u64::MAX - 2];
        assert_eq!(
            walk(&e, &e.start(), &mut counts, 0),
            Err(PerftError::Overflow(1))
        );
    }
}
