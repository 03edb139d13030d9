//! A board packed into one register: the first [`PACKED_RING`] pits, a byte
//! each. Sowing ([`super::sow`]) adds and shifts these words, and a
//! position tests a row for emptiness with one mask. A module of its own, on
//! nothing else of the crate, so that the position and the sowing both build
//! on it without depending on each other.

/// The largest ring whose pits fit the lanes of a [`Packed`] board.
pub(crate) const PACKED_RING: usize = 16;

/// The most seeds a board may hold for [`relay`](super::sow) to sow it packed: then no pit
/// can hold more than a byte's worth.
pub(crate) const PACKED_SEEDS: u16 = 255;

/// A ring of at most [`PACKED_RING`] pits, one byte a pit (pit `i` in byte
/// `i`, little-endian), for boards of at most [`PACKED_SEEDS`] seeds.
///
/// A short lap (fewer seeds than the ring) is then one addition of a
/// precomputed word ([`DELTAS`](super::sow)) that takes the seeds out of the lifted pit
/// and adds one to each pit sown, all in registers: the next pit's count is
/// a shift away instead of a store and a load through memory. The addition
/// wraps, and it is exact because every pit's true count after the lap lies
/// in `0..=255`, so no byte borrows from or carries into its neighbour in
/// the end result.
pub(crate) type Packed = u128;

/// Four pits from `at` as one word, a pit in each 16 bits (little-endian).
#[inline(always)]
fn four_pits<const N: usize>(board: &[u16; N], at: usize) -> u64 {
    (0..4).fold(0, |w, i| w | u64::from(board[at + i]) << (16 * i))
}

/// The first [`PACKED_RING`] pits of `board`, packed, a pit holding more than
/// 255 seeds taken as 255 (so a pit is 0 packed only when it is empty). For
/// sowing, each must hold at most 255 (pits past the ring hold none).
#[inline(always)]
pub(crate) fn pack<const N: usize>(board: &[u16; N]) -> Packed {
    const { assert!(N >= PACKED_RING) };
    #[cfg(target_arch = "x86_64")]
    {
        // One SSE2 instruction packs the sixteen pits; of the plain loop
        // below, the compiler made a long chain of extractions.
        use std::arch::x86_64::{
            _mm_cvtsi128_si64, _mm_packus_epi16, _mm_set_epi64x, _mm_unpackhi_epi64,
        };
        let word = |at| four_pits(board, at) as i64;
        let (low, high) = (word(0), word(4));
        let (low2, high2) = (word(8), word(12));
        // SAFETY: register operations of SSE2, which every x86-64 has (the
        // `unsafe` is for the target feature alone; no memory is touched).
        #[allow(unsafe_code)]
        let (lo, hi) = unsafe {
            let p = _mm_packus_epi16(_mm_set_epi64x(high, low), _mm_set_epi64x(high2, low2));
            (
                _mm_cvtsi128_si64(p) as u64,
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p)) as u64,
            )
        };
        Packed::from(lo) | Packed::from(hi) << 64
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        Packed::from_le_bytes(std::array::from_fn(|i| board[i].min(255) as u8))
    }
}

/// Writes a packed board back to the first [`PACKED_RING`] pits of `board`.
#[inline(always)]
pub(crate) fn unpack<const N: usize>(packed: Packed, board: &mut [u16; N]) {
    const { assert!(N >= PACKED_RING) };
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            _mm_cvtsi128_si64, _mm_set_epi64x, _mm_setzero_si128, _mm_unpackhi_epi8,
            _mm_unpackhi_epi64, _mm_unpacklo_epi8,
        };
        // SAFETY: as in `pack`, register operations of SSE2 alone.
        #[allow(unsafe_code)]
        let words: [u64; 4] = unsafe {
            let p = _mm_set_epi64x((packed >> 64) as u64 as i64, packed as u64 as i64);
            let zero = _mm_setzero_si128();
            let (low, high) = (_mm_unpacklo_epi8(p, zero), _mm_unpackhi_epi8(p, zero));
            [
                _mm_cvtsi128_si64(low) as u64,
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(low, low)) as u64,
                _mm_cvtsi128_si64(high) as u64,
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(high, high)) as u64,
            ]
        };
        for (k, w) in words.into_iter().enumerate() {
            for i in 0..4 {
                board[4 * k + i] = (w >> (16 * i)) as u16;
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    for (seeds, b) in board[..PACKED_RING].iter_mut().zip(packed.to_le_bytes()) {
        *seeds = u16::from(b);
    }
}
