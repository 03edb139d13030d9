//! Cutting an input into chunks that each begin where a game always begins,
//! so that each chunk can be cut into games on its own (on another thread)
//! and give the games [`GameReader`](super::GameReader) gives of the whole.
//!
//! The one place where the game reader starts a game whatever state it is in
//! is a `[` that starts a line right after a blank line (see
//! [`line_start_kind`](super::line_start_kind)): in movetext, in a tag line,
//! in an unclosed comment or variation alike. A chunk ends just before such a
//! `[`, so its last game is cut off at the same byte whether the reader sees
//! what follows or not; a [`GameReader::resume`](super::GameReader::resume)
//! at the chunk's [`Origin`] reads its games exactly as the whole input's
//! reader would, the white space before the chunk's first game aside (which
//! the whole input's reader hands out as that game's `leading`).

use std::io::{self, BufRead, Cursor, Read};

use super::Origin;
use crate::lex::{count_bytes, count_chars, line_start_kind};

/// A chunk of an input, cut by a [`Chunker`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The chunk's bytes: from a game's first byte (or the input's start) to
    /// just before the first byte of a game (or the input's end).
    pub bytes: Vec<u8>,
    /// Where its first byte stands in the input.
    pub origin: Origin,
}

/// The size a chunk is cut at, at least, when the input goes on: big
/// enough that handing a chunk to a thread costs little against the games
/// in it, small enough that a few chunks a thread in flight hold little.
pub(crate) const CHUNK_BYTES: usize = 256 << 10;

/// The most bytes a [`Chunker`] holds while it looks for a place to cut.
pub(crate) const MAX_CHUNK_BYTES: usize = 4 << 20;

/// Reads an input in [`Chunk`]s. Where no game start comes within
/// 4 MiB (one very large game, or games not separated by blank
/// lines), [`Chunker::next_chunk`] returns `None` with
/// [`Chunker::is_stuck`] set: the rest of the input is then for a
/// [`GameReader`](super::GameReader), from [`Chunker::into_rest`].
pub struct Chunker<R> {
    reader: R,
    /// Bytes read and not yet handed out, from `origin` on.
    pending: Vec<u8>,
    origin: Origin,
    eof: bool,
    stuck: bool,
    size: usize,
    limit: usize,
}

impl<R: Read> Chunker<R> {
    /// A chunker over a whole input, cutting at 256 KiB and holding
    /// at most 4 MiB.
    pub fn new(reader: R) -> Self {
        Chunker::with_sizes(reader, CHUNK_BYTES, MAX_CHUNK_BYTES)
    }

    /// A chunker that cuts chunks of at least `size` bytes (when the input
    /// goes on) and holds at most `limit` bytes (at least `size`).
    pub fn with_sizes(reader: R, size: usize, limit: usize) -> Self {
        let size = size.max(1);
        Chunker {
            reader,
            pending: Vec::new(),
            origin: Origin::START,
            eof: false,
            stuck: false,
            size,
            limit: limit.max(size),
        }
    }

    /// The next chunk, or `None` at the end of the input or when the
    /// chunker is stuck (see [`Chunker::is_stuck`]).
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        if self.stuck {
            return Ok(None);
        }
        loop {
            if self.eof {
                if self.pending.is_empty() {
                    return Ok(None);
                }
                let bytes = std::mem::take(&mut self.pending);
                return Ok(Some(self.cut(bytes)));
            }
            if self.pending.len() >= self.size {
                if let Some(at) =
                    game_start_before(&self.pending, self.pending.len()).filter(|&at| at > 0)
                {
                    let rest = self.pending.split_off(at);
                    let bytes = std::mem::replace(&mut self.pending, rest);
                    return Ok(Some(self.cut(bytes)));
                }
                if self.pending.len() >= self.limit {
                    self.stuck = true;
                    return Ok(None);
                }
            }
            self.fill()?;
        }
    }

    /// Whether the chunker found no game start within its limit: the rest of
    /// the input, from [`Chunker::into_rest`], is to be read game by game.
    pub fn is_stuck(&self) -> bool {
        self.stuck
    }

    /// What is left of the input (the bytes held, then the rest of the
    /// reader) and where it starts.
    pub fn into_rest(self) -> (Cursor<Vec<u8>>, R, Origin) {
        (Cursor::new(self.pending), self.reader, self.origin)
    }

    /// Hands out `bytes`, the next bytes held, as a chunk.
    fn cut(&mut self, bytes: Vec<u8>) -> Chunk {
        let origin = self.origin;
        self.origin = origin_after(origin, &bytes);
        Chunk { bytes, origin }
    }

    /// Reads up to [`Chunker::size`] more bytes (into room it does not
    /// zero first); sets `eof` at the end. On an error the bytes read before
    /// it are kept.
    fn fill(&mut self) -> io::Result<()> {
        // Room for it all at once: growing as it reads would copy what is
        // held again and again.
        self.pending.reserve(self.size);
        let read = (&mut self.reader)
            .take(self.size as u64)
            .read_to_end(&mut self.pending)?;
        self.eof = read == 0;
        Ok(())
    }
}

impl<R: BufRead> Chunker<R> {
    /// [`Chunker::into_rest`] as one reader.
    pub fn into_reader(self) -> (io::Chain<Cursor<Vec<u8>>, R>, Origin) {
        let (held, reader, origin) = self.into_rest();
        (held.chain(reader), origin)
    }
}

/// The last place before `end` where a game always starts: a `[` at the
/// start of a line right after a blank line, the text before it being
/// `bytes` from its start (the start of an input or of a game).
pub(crate) fn game_start_before(bytes: &[u8], end: usize) -> Option<usize> {
    let mut end = end.min(bytes.len());
    while let Some(at) = memchr::memrchr(b'[', &bytes[..end]) {
        if line_start_kind(bytes[..at].iter().copied()) == 2 {
            return Some(at);
        }
        end = at;
    }
    None
}

impl Origin {
    /// Where the byte after `bytes` stands, `bytes` standing at `self`
    /// (columns count characters, as the game reader counts them): where a
    /// [`GameReader::resume`](super::GameReader::resume) after them starts.
    #[inline(always)]
    pub fn after(self, bytes: &[u8]) -> Origin {
        origin_after(self, bytes)
    }
}

/// See [`Origin::after`].
#[inline(always)]
pub(crate) fn origin_after(origin: Origin, bytes: &[u8]) -> Origin {
    let offset = origin.offset + bytes.len();
    match memchr::memrchr(b'\n', bytes) {
        Some(last) => Origin {
            offset,
            line: origin.line + count_lines(bytes),
            column: 1 + count_chars(&bytes[last + 1..]),
        },
        None => Origin {
            offset,
            line: origin.line,
            column: origin.column + count_chars(bytes),
        },
    }
}

/// The line breaks in `bytes`.
fn count_lines(bytes: &[u8]) -> u32 {
    count_bytes(bytes, |b| b == b'\n') as u32
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::GameReader;
    use super::*;

    /// Every game of `input` as the whole input's reader cuts it: origin,
    /// bytes, and whether too large.
    fn whole(input: &[u8], max: usize) -> Vec<(Origin, Vec<u8>, bool)> {
        GameReader::new(input)
            .max_game_bytes(max)
            .map(|g| {
                let g = g.unwrap();
                (g.origin, g.bytes, g.too_large.is_some())
            })
            .collect()
    }

    /// The same, chunk by chunk, each chunk's games read by a reader of its
    /// own resumed at its origin; the rest by one reader when stuck.
    fn chunked(
        input: &[u8],
        size: usize,
        limit: usize,
        max: usize,
    ) -> Vec<(Origin, Vec<u8>, bool)> {
        let mut chunker = Chunker::with_sizes(input, size, limit);
        let mut games = Vec::new();
        let mut index = 0;
        let mut end = Origin::START;
        while let Some(chunk) = chunker.next_chunk().unwrap() {
            assert_eq!(chunk.origin, end, "chunks follow each other");
            end = origin_after(chunk.origin, &chunk.bytes);
            for g in GameReader::resume(&chunk.bytes[..], chunk.origin, index).max_game_bytes(max) {
                let g = g.unwrap();
                assert_eq!(g.index, index);
                index += 1;
                games.push((g.origin, g.bytes, g.too_large.is_some()));
            }
        }
        if chunker.is_stuck() {
            let (rest, origin) = chunker.into_reader();
            assert_eq!(origin, end);
            for g in GameReader::resume(rest, origin, index).max_game_bytes(max) {
                let g = g.unwrap();
                games.push((g.origin, g.bytes, g.too_large.is_some()));
            }
        }
        games
    }

    #[test]
    fn chunks_cut_where_games_start() {
        let input = b"[Event \"a\"]\n\n1. a *\n\n[Event \"b\"]\n1. b {\n\n[x} *\n\n\n  [Event \"c\"]\n1. c *";
        for size in 1..input.len() + 2 {
            assert_eq!(
                chunked(input, size, size, 1 << 20),
                whole(input, 1 << 20),
                "{size}"
            );
        }
        let last = input.len() - b"[Event \"c\"]\n1. c *".len();
        assert_eq!(game_start_before(input, input.len()), Some(last));
        // The `[` of the unclosed comment's line follows a blank line too.
        assert_eq!(
            game_start_before(input, last),
            Some(input.iter().position(|&b| b == b'x').unwrap() - 1)
        );
        assert_eq!(game_start_before(b"[a\n[b", 5), None);
    }

    fn piece() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "[Event \"x\"]",
            "[",
            "]",
            "\"",
            "\\",
            "{",
            "}",
            "(",
            ")",
            ";",
            "\n",
            "\r\n",
            " ",
            "\t",
            "1.",
            "a",
            "Bx3",
            "*",
            "1-0",
            "0-1",
            "1/2-1/2",
            "-",
            "\u{feff}",
            "\u{e9}",
            "\n\n[",
            "\n \n[Rules \"russ\"]\n",
        ])
    }

    proptest! {
        /// Chunk by chunk, an input gives the games the whole input's reader
        /// gives, at any chunk size and limit, with tiny game maximums too.
        #[test]
        fn chunked_reading_matches_whole(
            pieces in prop::collection::vec(piece(), 0..60),
            size in 1usize..40,
            extra in 0usize..80,
            max in prop::sample::select(vec![1usize, 5, 30, 1 << 20]),
        ) {
            let input = pieces.concat();
            let input = input.as_bytes();
            prop_assert_eq!(chunked(input, size, size + extra, max), whole(input, max));
        }
    }
}
