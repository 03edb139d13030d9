//! The index of a table: a perfect hash of the board.
//!
//! A board with `n` seeds over a ring of `m = 2 × pits` pits is a composition
//! `x[0] + … + x[m-1] = n`. Writing it as `m - 1` bars among `n + m - 1` slots,
//! bar `j` stands at `b[j] = x[0] + … + x[j] + j`, and the combinatorial number
//! system ranks the set of bars: `rank = Σ C(b[j], j + 1)`. That is a bijection
//! onto `0..C(n + m - 1, m - 1)`, so a table stores one value a position and no
//! keys. Boards are read from the mover's first pit (`a` for South, `A` for
//! North), which folds the side to move away.

/// Ranks and unranks the boards of one level: `seeds` seeds over `ring` pits.
#[derive(Clone, Debug)]
pub struct Ranker {
    ring: usize,
    seeds: usize,
    /// `tab[j * (seeds + 1) + s] = C(s + j, j + 1)`: the term of bar `j` when
    /// the first `j + 1` pits hold `s` seeds.
    tab: Vec<u64>,
    count: u64,
}

/// `C(a, b)`, or `None` when it does not fit in a `u64`.
pub fn binomial(a: u64, b: u64) -> Option<u64> {
    if b > a {
        return Some(0);
    }
    let b = b.min(a - b);
    let mut r: u128 = 1;
    for i in 0..b {
        // r * (a - i) / (i + 1) stays exact: r is C(a, i) times i!/i! here.
        r = r * u128::from(a - i) / u128::from(i + 1);
        if r > u128::from(u64::MAX) {
            return None;
        }
    }
    u64::try_from(r).ok()
}

/// The number of boards with `seeds` seeds over `ring` pits, or `None` when it
/// does not fit in a `u64`.
pub fn level_count(ring: usize, seeds: usize) -> Option<u64> {
    binomial((seeds + ring - 1) as u64, (ring - 1) as u64)
}

impl Ranker {
    /// The ranker of `seeds` seeds over `ring` pits (`ring` ≥ 2), or `None`
    /// when the level has more than `u64::MAX` positions.
    pub fn new(ring: usize, seeds: usize) -> Option<Ranker> {
        let count = level_count(ring, seeds)?;
        let mut tab = Vec::with_capacity((ring - 1) * (seeds + 1));
        for j in 0..ring - 1 {
            for s in 0..=seeds {
                // Every term is below the count, so it fits.
                tab.push(binomial((s + j) as u64, (j + 1) as u64)?);
            }
        }
        Some(Ranker {
            ring,
            seeds,
            tab,
            count,
        })
    }

    /// Positions in the level.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The rank of the board read from ring pit `start` on (wrapping), or
    /// `None` when its seeds are not the level's.
    #[inline]
    pub fn rank_from(&self, board: &[u16], start: usize) -> Option<u64> {
        let ring = self.ring;
        let stride = self.seeds + 1;
        let mut s = 0usize;
        let mut r = 0u64;
        for j in 0..ring - 1 {
            let mut i = start + j;
            if i >= ring {
                i -= ring;
            }
            s += usize::from(board[i]);
            if s > self.seeds {
                return None;
            }
            r += self.tab[j * stride + s];
        }
        let mut last = start + ring - 1;
        if last >= ring {
            last -= ring;
        }
        (s + usize::from(board[last]) == self.seeds).then_some(r)
    }

    /// The rank of a board read from ring pit 0.
    #[cfg(test)]
    pub fn rank(&self, board: &[u16]) -> Option<u64> {
        self.rank_from(board, 0)
    }

    /// The board of rank `r` (< count) into `board[..ring]`.
    ///
    /// Rank 0 has every seed in the last pit; [`Ranker::next`] walks the
    /// ranks in order from there.
    pub fn unrank(&self, mut r: u64, board: &mut [u16]) {
        let ring = self.ring;
        let stride = self.seeds + 1;
        // Prefix sums, from the last bar down: the largest s whose term fits.
        let mut above = self.seeds;
        for j in (0..ring - 1).rev() {
            let row = &self.tab[j * stride..j * stride + stride];
            // Terms grow with s, so the last one <= r is found by search.
            let s = row[..=above].partition_point(|&t| t <= r) - 1;
            r -= row[s];
            board[j + 1] = (above - s) as u16;
            above = s;
        }
        board[0] = above as u16;
    }

    /// Steps `board` to the board of the next rank; `false` after the last.
    #[inline]
    pub fn next(&self, board: &mut [u16]) -> bool {
        // Colex successor of the bars: the lowest bar j that can move up one
        // (pit j + 1 is not empty) does, and the bars under it drop to the
        // bottom, i.e. pits 0..j empty and pit j takes their seeds plus one.
        let ring = self.ring;
        let mut below = 0u16;
        for j in 0..ring - 1 {
            if board[j + 1] > 0 {
                board[j + 1] -= 1;
                board[j] += below + 1;
                for x in &mut board[..j] {
                    *x = 0;
                }
                return true;
            }
            below += board[j];
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_in_order() {
        for (ring, seeds) in [(4, 0), (4, 3), (6, 5), (12, 4), (16, 3)] {
            let r = Ranker::new(ring, seeds).unwrap();
            let mut board = vec![0u16; ring];
            // Rank 0: every seed in the last pit.
            board[ring - 1] = seeds as u16;
            let mut seen = 0u64;
            loop {
                assert_eq!(r.rank(&board), Some(seen), "{board:?}");
                let mut back = vec![0u16; ring];
                r.unrank(seen, &mut back);
                assert_eq!(back, board);
                seen += 1;
                if !r.next(&mut board) {
                    break;
                }
            }
            assert_eq!(seen, r.count());
        }
    }

    #[test]
    fn counts() {
        assert_eq!(level_count(12, 20), Some(84_672_315));
        assert_eq!(level_count(12, 0), Some(1));
        let total: u64 = (0..=20).map(|n| level_count(12, n).unwrap()).sum();
        assert_eq!(total, 225_792_840);
    }

    #[test]
    fn rotation_and_wrong_level() {
        let r = Ranker::new(4, 3).unwrap();
        let board = [0u16, 1, 2, 0];
        assert_eq!(r.rank_from(&board, 2), r.rank(&[2, 0, 0, 1]));
        assert_eq!(r.rank(&[1, 1, 0, 0]), None);
        assert_eq!(r.rank(&[4, 0, 0, 0]), None);
    }
}
