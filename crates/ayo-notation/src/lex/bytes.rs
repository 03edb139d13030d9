//! Byte searches for the lexers: a table of stop bytes, and the same search
//! eight bytes a step (SWAR: a `u64` holds eight bytes, and a few integer
//! operations test them all at once), and counts of bytes and characters.

/// A table of the bytes in `stops` (1) and the rest (0).
use super::IS_DELIMITER;

pub(crate) const fn stop_table(stops: &[u8], word_bytes_too: bool) -> [u8; 256] {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        if word_bytes_too && !IS_DELIMITER[b] {
            table[b] = 1;
        }
        b += 1;
    }
    let mut k = 0;
    while k < stops.len() {
        table[stops[k] as usize] = 1;
        k += 1;
    }
    table
}

/// The index of the first byte of `buf` from `i` on that is in `stops`, or
/// the length of `buf`: the loop for the short stretch of movetext before its
/// first word.
#[inline(always)]
pub(crate) fn skip(buf: &[u8], mut i: usize, stops: &[u8; 256]) -> usize {
    while let Some(&b) = buf.get(i) {
        if stops[usize::from(b)] != 0 {
            break;
        }
        i += 1;
    }
    i
}

/// How many bytes of `bytes` pass `test`: counted in byte-sized sums over
/// runs of 255, which the compiler turns into wide vector adds.
#[inline(always)]
pub(crate) fn count_bytes(bytes: &[u8], test: impl Fn(u8) -> bool) -> usize {
    bytes
        .chunks(255)
        .map(|run| usize::from(run.iter().fold(0u8, |n, &b| n + u8::from(test(b)))))
        .sum()
}

/// The characters of UTF-8 `bytes`: the bytes that do not continue one.
pub(crate) fn count_chars(bytes: &[u8]) -> u32 {
    count_bytes(bytes, |b| b & 0xC0 != 0x80) as u32
}

/// `0x01` in every byte of a word.
pub(crate) const LO: u64 = u64::from_le_bytes([0x01; 8]);
/// `0x80` in every byte of a word.
pub(crate) const HI: u64 = u64::from_le_bytes([0x80; 8]);

/// Of the eight bytes of `v` (little-endian), the lowest that is zero has its
/// top bit set in the result; none is set when no byte is zero. Bytes above
/// the lowest zero may be set too (a borrow), so only the lowest counts.
#[inline(always)]
pub(crate) fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(LO) & !v & HI
}

/// The bytes of `x` equal to `b`, as [`zero_bytes`] marks them.
#[inline(always)]
pub(crate) fn bytes_equal(x: u64, b: u8) -> u64 {
    zero_bytes(x ^ (LO * u64::from(b)))
}

/// Like [`skip`], eight bytes a step: `found` marks, as [`zero_bytes`] does,
/// the bytes of a word that may be in `stops` (and must mark each that is),
/// and the lowest marked is where the search stops. The last few bytes of
/// `buf` go through the table.
#[inline(always)]
pub(crate) fn skip_words(
    buf: &[u8],
    mut i: usize,
    found: impl Fn(u64) -> u64,
    stops: &[u8; 256],
) -> usize {
    // Two words a step while sixteen bytes are left: one branch for both.
    while let Some(pair) = buf.get(i..).and_then(|rest| rest.first_chunk::<16>()) {
        let (low, high) = pair.split_at(8);
        let low = found(u64::from_le_bytes(low.try_into().unwrap_or_default()));
        let high = found(u64::from_le_bytes(high.try_into().unwrap_or_default()));
        if low | high != 0 {
            return if low != 0 {
                i + (low.trailing_zeros() / 8) as usize
            } else {
                i + 8 + (high.trailing_zeros() / 8) as usize
            };
        }
        i += 16;
    }
    while let Some(chunk) = buf.get(i..).and_then(|rest| rest.first_chunk::<8>()) {
        let marks = found(u64::from_le_bytes(*chunk));
        if marks != 0 {
            return i + (marks.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    skip(buf, i, stops)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_bytes_of_any_length() {
        for len in [0, 1, 254, 255, 256, 509, 510, 511, 4081] {
            let bytes: Vec<u8> = (0..len).map(|k| [b'\n', b'a', 0xC3, 0xA9][k % 4]).collect();
            let lines = bytes.iter().filter(|&&b| b == b'\n').count();
            assert_eq!(count_bytes(&bytes, |b| b == b'\n'), lines, "{len}");
            let chars = String::from_utf8_lossy(&bytes).chars().count();
            if len % 4 == 0 {
                assert_eq!(count_chars(&bytes) as usize, chars, "{len}");
            }
        }
    }
}
