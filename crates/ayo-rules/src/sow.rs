//! Relay sowing: laps, the origin skip, and exact endless-relay detection.
//!
//! A relay is a walk over states `(board, pit about to be lifted)` under the lap
//! map. It either reaches a lap that ends in an empty pit, or, since the states
//! are finite, falls into a cycle. Brent's algorithm finds that cycle exactly in
//! constant memory: one saved state, compared whenever the hare stands on the
//! saved pit. The hare is the sowing itself, so a relay that ends costs nothing
//! beyond its laps.

use super::outcome::{Illegal, Lap};
use super::packed::{PACKED_RING, Packed, pack, unpack};
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
    long_lap_last(ring, origin, rem, skip)
}

/// Where a lap of full circles and `rem` more seeds from `origin` ends (the
/// lap of [`sow_lap`] and of [`long_lap_packed`] alike): past the remainder,
/// or with none, in the last pit of the circle (before the origin when the
/// origin is skipped, the origin itself when it is not).
#[inline(always)]
fn long_lap_last(ring: usize, origin: usize, rem: usize, skip: bool) -> usize {
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

/// Rings a [`DELTAS`] table exists for: every even ring from 4 to
/// [`PACKED_RING`] (a board has 2 to 26 pits a row, so rings are even).
const PACKED_RINGS: usize = PACKED_RING / 2 - 1;

/// `DELTAS[ring / 2 - 2][16 * pit + seeds]`: what a lap of `seeds` seeds
/// (`1 <= seeds < ring`) lifted from `pit` adds to a [`Packed`] board, as a
/// wrapping addition.
static DELTAS: [[Packed; PACKED_RING * PACKED_RING]; PACKED_RINGS] = deltas();

const fn deltas() -> [[Packed; PACKED_RING * PACKED_RING]; PACKED_RINGS] {
    let mut table = [[0; PACKED_RING * PACKED_RING]; PACKED_RINGS];
    let mut r = 0;
    while r < PACKED_RINGS {
        let ring = 2 * r + 4;
        let mut pit = 0;
        while pit < ring {
            let mut seeds = 1;
            while seeds < ring {
                let mut delta: Packed = 0u128.wrapping_sub((seeds as Packed) << (8 * pit));
                let mut k = 1;
                while k <= seeds {
                    delta = delta.wrapping_add(1 << (8 * ((pit + k) % ring)));
                    k += 1;
                }
                table[r][PACKED_RING * pit + seeds] = delta;
                seeds += 1;
            }
            pit += 1;
        }
        r += 1;
    }
    table
}

/// The seeds of pit `pit` of a packed board.
#[inline(always)]
fn packed_seeds(board: Packed, pit: usize) -> usize {
    // The half the pit is in, then a shift of 64 bits: a shift of the whole
    // 128 took two shifts and a select.
    let half = if pit < 8 {
        board as u64
    } else {
        (board >> 64) as u64
    };
    usize::from((half >> (8 * (pit & 7))) as u8)
}

/// Sows the relay that starts by lifting `origin`, in place. `small` says
/// that the ring has at most [`PACKED_RING`] pits and the board at most
/// [`PACKED_SEEDS`](super::packed::PACKED_SEEDS) seeds: then the relay is sown packed
/// ([`relay_packed`]), lap for lap and check for check as [`relay_from`]
/// sows it unpacked, so the result is the same either way.
///
/// On `Err` the board holds a half-sown state: callers work on a copy.
#[inline(always)]
pub(crate) fn relay(
    board: &mut [u16; MAX_BOARD],
    ring: usize,
    origin: usize,
    rule: SkipOrigin,
    max_laps: u64,
    small: bool,
) -> Result<RelayEnd, Illegal> {
    if !small {
        return relay_from(board, ring, origin, rule, max_laps, 0);
    }
    debug_assert!((4..=PACKED_RING).contains(&ring) && ring.is_multiple_of(2));
    let mut packed = pack(board);
    let end = relay_packed(&mut packed, ring, origin, rule, max_laps);
    unpack(packed, board);
    end
}

/// [`relay_from`] from the start of a relay, on a packed board.
#[inline(always)]
fn relay_packed(
    packed: &mut Packed,
    ring: usize,
    origin: usize,
    rule: SkipOrigin,
    max_laps: u64,
) -> Result<RelayEnd, Illegal> {
    let deltas = &DELTAS[ring / 2 - 2];
    // The same lap count as `relay_from` checks the lap limit at, or starts
    // watching for a cycle.
    let check_at = WARMUP_LAPS.min(max_laps.max(1));
    let mut pit = origin;
    let mut laps: u64 = 0;
    // The seeds of the pit about to be lifted: worked out once, both to see
    // whether the last lap ended and to sow the next. They are the chain
    // from one lap to the next, so a short lap reads them off the board
    // before it: it never comes back to its origin, so its last pit holds
    // one seed more than before, and the read does not wait for the load
    // from the table.
    let mut seeds = packed_seeds(*packed, pit);
    loop {
        let before = *packed;
        let last = packed_lap(packed, deltas, ring, pit, seeds, rule);
        laps += 1;
        seeds = if seeds < ring {
            packed_seeds(before, last) + 1
        } else {
            packed_seeds(*packed, last)
        };
        if seeds == 1 {
            return Ok(RelayEnd { last, laps });
        }
        pit = last;
        if laps == check_at {
            if laps >= max_laps {
                return Err(Illegal::Undecided { laps });
            }
            return relay_detecting_packed(packed, deltas, ring, pit, rule, max_laps, laps);
        }
    }
}

/// Sows the lap of `seeds` seeds lifted from `pit` on a packed board (the
/// lap of [`relay_packed`] and of [`relay_detecting_packed`] alike);
/// returns the pit its last seed fell in.
#[inline(always)]
fn packed_lap(
    packed: &mut Packed,
    deltas: &[Packed; PACKED_RING * PACKED_RING],
    ring: usize,
    pit: usize,
    seeds: usize,
    rule: SkipOrigin,
) -> usize {
    if seeds < ring {
        // `seeds < ring <= 16` and `pit < ring`: the mask only spares a
        // bounds check.
        *packed = packed.wrapping_add(deltas[(pit << 4 | seeds) & 0xFF]);
        let last = pit + seeds;
        if last >= ring { last - ring } else { last }
    } else {
        long_lap_packed(packed, deltas, ring, pit, seeds, rule)
    }
}

/// [`sow_lap`] of a lap of at least a ring's worth of seeds, on a packed
/// board: full circles, then the rest as a short lap.
#[cold]
#[inline(never)]
fn long_lap_packed(
    packed: &mut Packed,
    deltas: &[Packed; PACKED_RING * PACKED_RING],
    ring: usize,
    origin: usize,
    seeds: usize,
    rule: SkipOrigin,
) -> usize {
    let skip = seeds >= skip_threshold(rule, ring);
    let circle = if skip { ring - 1 } else { ring };
    let (full, rem) = (seeds / circle, seeds % circle);
    // Every pit of the ring gets `full` seeds but a skipped origin, and the
    // origin loses the seeds of the full circles; the remainder is a short
    // lap (its entry takes those seeds out of the origin too), which never
    // reaches the origin.
    let ones: Packed = Packed::MAX >> (8 * (PACKED_RING - ring)) & (Packed::MAX / 0xFF);
    let off_origin = (full * circle + if skip { full } else { 0 }) as Packed;
    *packed = packed
        .wrapping_add(ones.wrapping_mul(full as Packed))
        .wrapping_sub(off_origin << (8 * origin))
        .wrapping_add(deltas[(origin << 4 | rem) & 0xFF]);
    long_lap_last(ring, origin, rem, skip)
}

/// [`relay_detecting`] on a packed board: Brent's saved state is one word.
#[cold]
#[inline(never)]
fn relay_detecting_packed(
    packed: &mut Packed,
    deltas: &[Packed; PACKED_RING * PACKED_RING],
    ring: usize,
    mut pit: usize,
    rule: SkipOrigin,
    max_laps: u64,
    mut laps: u64,
) -> Result<RelayEnd, Illegal> {
    let mut saved = *packed;
    let mut saved_pit = pit;
    let mut power: u64 = 1;
    let mut lambda: u64 = 0;
    loop {
        let last = packed_lap(packed, deltas, ring, pit, packed_seeds(*packed, pit), rule);
        laps += 1;
        if packed_seeds(*packed, last) == 1 {
            return Ok(RelayEnd { last, laps });
        }
        pit = last;
        if laps >= max_laps {
            return Err(Illegal::Undecided { laps });
        }
        lambda += 1;
        if pit == saved_pit && *packed == saved {
            return Err(Illegal::Endless { period: lambda });
        }
        if lambda == power {
            saved = *packed;
            saved_pit = pit;
            power *= 2;
            lambda = 0;
        }
    }
}

/// Goes on with a relay that has sown `laps` laps and is about to lift `pit`
/// (`laps` 0: the relay's start), unpacked.
#[inline]
fn relay_from(
    board: &mut [u16; MAX_BOARD],
    ring: usize,
    mut pit: usize,
    rule: SkipOrigin,
    max_laps: u64,
    mut laps: u64,
) -> Result<RelayEnd, Illegal> {
    let skip_from = skip_threshold(rule, ring);
    // The one lap count at which anything but the lap's end needs checking:
    // the lap limit, or the start of cycle detection, whichever comes first.
    let check_at = WARMUP_LAPS.min(max_laps.max(1));
    if laps >= check_at {
        if laps >= max_laps {
            return Err(Illegal::Undecided { laps });
        }
        return relay_detecting(board, ring, pit, rule, max_laps, laps);
    }
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

    /// The packed relay gives what the unpacked one gives, board, last pit,
    /// laps and verdict alike, on every small ring, rule and lap limit,
    /// endless and undecided relays included.
    #[test]
    fn packed_relay_matches_unpacked() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut endless = 0;
        for ring in (4..=PACKED_RING).step_by(2) {
            for _ in 0..400 {
                let mut board = [0u16; MAX_BOARD];
                // Up to 255 seeds in all, some boards sparse, some full.
                let cap = 1 + next() % 40;
                let mut total = 0u64;
                for pit in board[..ring].iter_mut() {
                    let seeds = (next() % cap).min(255 - total);
                    *pit = seeds as u16;
                    total += seeds;
                }
                for origin in (0..ring).filter(|&o| board[o] > 0) {
                    for rule in [SkipOrigin::Lap, SkipOrigin::BeyondLap, SkipOrigin::Never] {
                        for max_laps in [1, 3, WARMUP_LAPS, WARMUP_LAPS + 1, 1000, 1 << 20] {
                            let (mut a, mut b) = (board, board);
                            let packed = relay(&mut a, ring, origin, rule, max_laps, true);
                            let plain = relay(&mut b, ring, origin, rule, max_laps, false);
                            assert_eq!(packed, plain, "ring {ring} origin {origin} {board:?}");
                            assert_eq!(a, b, "ring {ring} origin {origin} {board:?}");
                            endless += usize::from(matches!(plain, Err(Illegal::Endless { .. })));
                        }
                    }
                }
            }
        }
        // The comparison reached cycles, not only relays that end.
        assert!(endless > 0);
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
