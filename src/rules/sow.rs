//! Relay sowing: laps, the origin skip, and exact endless-relay detection.
//!
//! A relay is a walk over states `(board, pit about to be lifted)` under the lap
//! map. It either reaches a lap that ends in an empty pit, or, since the states
//! are finite, falls into a cycle. Brent's algorithm finds that cycle exactly in
//! constant memory: one saved state, compared whenever the hare stands on the
//! saved pit. The hare is the sowing itself, so a relay that ends costs nothing
//! beyond its laps.

use super::outcome::{Illegal, Lap};
use super::position::{MAX_BOARD, Pit};
use super::ruleset::SkipOrigin;

/// Laps sown before cycle detection starts. Almost every relay ends sooner, so the
/// common move never copies the board for Brent's saved state. Brent finds a
/// cycle from any starting point of an eventually periodic walk, so starting late
/// changes nothing but cost.
const WARMUP_LAPS: u64 = 16;

/// The fewest seeds with which a lap on a ring of `ring` pits skips its origin.
/// A relay works this out once rather than matching on the rule every lap.
#[inline]
fn skip_threshold(rule: SkipOrigin, ring: usize) -> usize {
    match rule {
        SkipOrigin::Lap => ring,
        SkipOrigin::BeyondLap => ring + 1,
        SkipOrigin::Never => usize::MAX,
    }
}

/// Whether a lap of `seeds` seeds on a ring of `ring` pits skips its origin.
#[inline]
pub(crate) fn skips_origin(rule: SkipOrigin, seeds: u16, ring: usize) -> bool {
    usize::from(seeds) >= skip_threshold(rule, ring)
}

/// Lifts `origin` and sows its seeds; returns the pit the last seed fell in.
///
/// A lap shorter than a circle goes to [`sow_short`]: most laps carry 4–6
/// seeds, and for so few a fixed walk beats slice fills. Longer laps sow full
/// circles in bulk, so a lap costs O(ring) whatever its seeds.
///
/// Never inlined: [`relay`] calls it only for laps of at least a ring's worth
/// of seeds (about one lap in forty in generated games), and inlined, the
/// set-up of its bulk loops was paid on every relay.
#[inline(never)]
fn sow_lap(board: &mut [u16; MAX_BOARD], ring: usize, origin: usize, skip: bool) -> usize {
    let seeds = usize::from(board[origin]);
    board[origin] = 0;
    let circle = if skip { ring - 1 } else { ring };
    if seeds < circle {
        // Never comes back to the origin, so the skip plays no part.
        return sow_short(board, ring, origin, seeds);
    }
    let (full, rem) = (seeds / circle, seeds % circle);
    if full > 0 {
        // At most 65535 seeds in a position, so no pit can overflow.
        let full = full as u16;
        board[..ring].iter_mut().for_each(|x| *x += full);
        if skip {
            board[origin] = 0;
        }
    }
    // The remainder never reaches the origin again: rem < circle.
    let start = origin + 1;
    let first = rem.min(ring - start);
    board[start..start + first].iter_mut().for_each(|x| *x += 1);
    board[..rem - first].iter_mut().for_each(|x| *x += 1);
    if rem > 0 {
        let last = origin + rem;
        if last >= ring { last - ring } else { last }
    } else if skip {
        (origin + ring - 1) % ring
    } else {
        origin
    }
}

/// Pits a short lap always walks (see [`sow_short`]). Covers the 4–6 seeds of
/// most laps on the standard board with room to spare.
const SHORT_LANES: usize = 8;

/// Sows `seeds` seeds lifted from `origin` (already emptied); `seeds` is less
/// than the ring, so the lap never reaches its origin and no rule makes it
/// skip. Returns the pit the last seed fell in.
///
/// A loop of `seeds` steps ends at a count the branch predictor cannot know,
/// and paid about one mispredicted branch a lap. So a lap of up to
/// [`SHORT_LANES`] seeds instead walks all [`SHORT_LANES`] pits after its
/// origin and adds 1 to the first `seeds` of them and 0 to the rest: a fixed
/// amount of work without a data-dependent branch. Each pit's index is worked
/// out from the origin alone, not from the pit before, so the steps do not
/// wait on each other. Adding 0 changes nothing, so the pits past the lap
/// come to no harm. Longer short laps, and rings of at most
/// [`SHORT_LANES`] pits (where one subtraction cannot wrap every pit
/// walked), go seed by seed.
///
/// Always inlined: left a call, the relay paid for the call on every lap.
#[inline(always)]
fn sow_short(board: &mut [u16; MAX_BOARD], ring: usize, origin: usize, seeds: usize) -> usize {
    // `origin + SHORT_LANES < 2 * ring` makes one subtraction wrap every pit walked.
    if seeds <= SHORT_LANES && ring > SHORT_LANES {
        for i in 0..SHORT_LANES {
            let at = origin + 1 + i;
            let at = if at >= ring { at - ring } else { at };
            board[at] += u16::from(i < seeds);
        }
        let last = origin + seeds;
        return if last >= ring { last - ring } else { last };
    }
    let mut at = origin;
    for _ in 0..seeds {
        at += 1;
        if at == ring {
            at = 0;
        }
        board[at] += 1;
    }
    at
}

/// How a relay ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RelayEnd {
    /// Ring index of the pit the last seed fell in.
    pub last: usize,
    /// Laps sown.
    pub laps: u64,
}

/// Sows the relay that starts by lifting `origin`, in place.
///
/// On `Err` the board holds a half-sown state: callers work on a copy.
#[inline]
pub(crate) fn relay(
    board: &mut [u16; MAX_BOARD],
    ring: usize,
    origin: usize,
    rule: SkipOrigin,
    max_laps: u64,
) -> Result<RelayEnd, Illegal> {
    let skip_from = skip_threshold(rule, ring);
    // The one lap count at which anything but the lap's end needs checking:
    // the lap limit, or the start of cycle detection, whichever comes first.
    let check_at = WARMUP_LAPS.min(max_laps.max(1));
    let mut pit = origin;
    let mut laps: u64 = 0;
    loop {
        let seeds = usize::from(board[pit]);
        // Most laps are shorter than the ring, and no rule skips the origin
        // of those: sow them without looking at the rule.
        let last = if seeds < ring {
            board[pit] = 0;
            sow_short(board, ring, pit, seeds)
        } else {
            sow_lap(board, ring, pit, seeds >= skip_from)
        };
        laps += 1;
        if board[last] == 1 {
            return Ok(RelayEnd { last, laps });
        }
        pit = last;
        if laps == check_at {
            if laps >= max_laps {
                return Err(Illegal::Undecided { laps });
            }
            return relay_detecting(board, ring, pit, rule, max_laps, laps);
        }
    }
}

/// Goes on with a relay that has run [`WARMUP_LAPS`] laps and is about to lift
/// `pit`, now watching for a cycle. Kept out of [`relay`] so that the common
/// short relay neither sets up nor checks Brent's saved state.
#[cold]
#[inline(never)]
fn relay_detecting(
    board: &mut [u16; MAX_BOARD],
    ring: usize,
    mut pit: usize,
    rule: SkipOrigin,
    max_laps: u64,
    mut laps: u64,
) -> Result<RelayEnd, Illegal> {
    let skip_from = skip_threshold(rule, ring);
    // Brent's tortoise: the saved state, and how far the hare has gone since.
    let mut saved_board = *board;
    let mut saved_pit = pit;
    let mut power: u64 = 1;
    let mut lambda: u64 = 0;
    loop {
        let skip = usize::from(board[pit]) >= skip_from;
        let last = sow_lap(board, ring, pit, skip);
        laps += 1;
        if board[last] == 1 {
            return Ok(RelayEnd { last, laps });
        }
        pit = last;
        if laps >= max_laps {
            return Err(Illegal::Undecided { laps });
        }
        lambda += 1;
        if pit == saved_pit && board[..ring] == saved_board[..ring] {
            return Err(Illegal::Endless { period: lambda });
        }
        if lambda == power {
            saved_board[..ring].copy_from_slice(&board[..ring]);
            saved_pit = pit;
            power *= 2;
            lambda = 0;
        }
    }
}

/// Sows exactly `laps` laps from `origin`, recording each. Only called for a
/// relay already known to end after `laps` laps.
pub(crate) fn relay_traced(
    board: &mut [u16; MAX_BOARD],
    ring: usize,
    origin: usize,
    rule: SkipOrigin,
    laps: u64,
) -> Vec<Lap> {
    let mut out = Vec::with_capacity(laps.min(1024) as usize);
    let mut pit = origin;
    for _ in 0..laps {
        let seeds = board[pit];
        let skip = skips_origin(rule, seeds, ring);
        let mut sown = Vec::with_capacity(usize::from(seeds));
        let mut at = pit;
        for _ in 0..seeds {
            at = (at + 1) % ring;
            if skip && at == pit {
                at = (at + 1) % ring;
            }
            sown.push(Pit::from_ring(at));
        }
        out.push(Lap {
            from: Pit::from_ring(pit),
            seeds,
            sown,
            skipped: skip.then_some(Pit::from_ring(pit)),
        });
        pit = sow_lap(board, ring, pit, skip);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sows seed by seed, the way the rules describe it, for comparison.
    fn naive_lap(board: &mut [u16; MAX_BOARD], ring: usize, origin: usize, skip: bool) -> usize {
        let seeds = board[origin];
        board[origin] = 0;
        let mut at = origin;
        for _ in 0..seeds {
            at = (at + 1) % ring;
            if skip && at == origin {
                at = (at + 1) % ring;
            }
            board[at] += 1;
        }
        at
    }

    #[test]
    fn bulk_lap_matches_seed_by_seed() {
        for ring in [4usize, 8, 9, 10, 12, 16, 24, MAX_BOARD] {
            for seeds in 1u16..60 {
                for origin in 0..ring {
                    for skip in [false, true] {
                        let mut a = [0u16; MAX_BOARD];
                        for (i, x) in a[..ring].iter_mut().enumerate() {
                            *x = (i as u16 * 7) % 5;
                        }
                        a[origin] = seeds;
                        let mut b = a;
                        let la = sow_lap(&mut a, ring, origin, skip);
                        let lb = naive_lap(&mut b, ring, origin, skip);
                        assert_eq!(
                            (la, a),
                            (lb, b),
                            "ring {ring} seeds {seeds} origin {origin}"
                        );
                    }
                }
            }
        }
    }
}
