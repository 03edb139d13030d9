//! The `.ayo` notation: syntax tree, nom parser, canonical writer, and
//! game-at-a-time reading. Syntax only: legality is the replayer's business, and
//! tag values are kept as text.

#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(any(test, feature = "proptest"))]
pub mod arbitrary;
mod ast;
mod lex;
mod numbering;
mod parse;
#[doc(hidden)]
pub mod quick;
mod stream;
mod tags;
mod write;

pub use ast::{
    Comment, Glyph, List, Move, MoveNumber, Moves, Nag, Outcome, Record, Span, Tag, Termination,
    Variation,
};
pub use numbering::Numbering;
pub use parse::{MAX_DEPTH, Origin, SyntaxError, parse_game, parse_record, parse_tags};
pub use stream::{
    CHUNK_BYTES, Chunk, Chunker, DEFAULT_MAX_GAME_BYTES, GameReader, MAX_CHUNK_BYTES, RawGame,
    TooLarge, origin_after,
};
pub use tags::{TagProblem, check_tags, is_tag_name};
pub use write::{KNOWN_TAGS, WriteError, check_comment, check_writable, sort_tags, write_record};

#[cfg(test)]
pub(crate) mod tests;
