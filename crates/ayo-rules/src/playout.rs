//! Random games: the raw material for benchmarks, differential tests and
//! generated corpora.

use super::engine::Engine;
use super::outcome::Illegal;
use super::position::{MAX_BOARD, Pit, Position};

/// A small, fast, seedable generator (SplitMix64), so that generated games are
/// reproducible from a seed without a dependency. Not for cryptography.
///
/// ```
/// use ayo_rules::SplitMix64;
///
/// let (mut a, mut b) = (SplitMix64::new(7), SplitMix64::new(7));
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!((0..100).all(|_| a.below(6) < 6));
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    #[inline]
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

impl Engine {
    /// Plays uniformly random legal moves from `start` until the game ends or
    /// `max_plies` moves are made, calling `visit` with each move and the position
    /// it led to. Returns the final position.
    ///
    /// Tries the non-empty pits in random order and keeps the first legal one,
    /// which is the same as picking uniformly among the legal moves.
    /// `Err` if a relay is undecided at the engine's lap limit.
    ///
    /// ```
    /// use ayo_rules::{Engine, Ruleset, SplitMix64, Status};
    ///
    /// let engine = Engine::new(Ruleset::RUSS);
    /// let mut plies = 0;
    /// let end = engine.random_game(&engine.start(), &mut SplitMix64::new(1), 10_000, |_, _| {
    ///     plies += 1
    /// })?;
    /// assert!(plies > 0);
    /// assert!(matches!(engine.status(&end)?, Status::Over(_)));
    /// # Ok::<(), ayo_rules::Illegal>(())
    /// ```
    pub fn random_game(
        &self,
        start: &Position,
        rng: &mut SplitMix64,
        max_plies: usize,
        mut visit: impl FnMut(Pit, &Position),
    ) -> Result<Position, Illegal> {
        let mut pos = *start;
        let mut candidates = [Pit::from_ring(0); MAX_BOARD];
        for _ in 0..max_plies {
            if self.majority(&pos).is_some() {
                break;
            }
            let mut n = 0;
            for p in pos.pits_of(pos.to_move()) {
                if pos.seeds(p) > 0 {
                    candidates[n] = p;
                    n += 1;
                }
            }
            // The candidates are the mover's non-empty pits and nobody holds a
            // majority, so every move can skip the checks `play` makes first.
            let must_feed = self.must_feed(&pos);
            // Each try sows into `pos` itself; the copy kept in `before` puts it
            // back after the rare illegal try that left it half-sown.
            let before = pos;
            let mut played = None;
            while n > 0 {
                let i = rng.below(n);
                let pit = candidates[i];
                match self.sow_in_place(&mut pos, pit, must_feed) {
                    Ok(_) => {
                        played = Some(pit);
                        break;
                    }
                    Err(e @ Illegal::Undecided { .. }) => return Err(e),
                    Err(_) => {
                        pos = before;
                        n -= 1;
                        candidates[i] = candidates[n];
                    }
                }
            }
            let Some(pit) = played else { break };
            visit(pit, &pos);
        }
        Ok(pos)
    }
}
