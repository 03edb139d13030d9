//! The `.ayo` notation: syntax tree, nom parser, canonical writer, and
//! game-at-a-time reading. Syntax only: legality is the replayer's business, and
//! tag values are kept as text.

#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(any(test, feature = "proptest"))]
pub mod arbitrary;
pub mod ast;
mod lex;
pub mod numbering;
pub mod parse;
pub mod quick;
pub mod stream;
pub mod tags;
pub mod write;

pub use ast::*;
pub use numbering::Numbering;
pub use parse::{MAX_DEPTH, Origin, SyntaxError, parse_game, parse_record, parse_tags};
pub use stream::{DEFAULT_MAX_GAME_BYTES, GameReader, RawGame, TooLarge};
pub use tags::{TagProblem, check_tags};
pub use write::{KNOWN_TAGS, WriteError, sort_tags, write_record};

#[cfg(test)]
pub(crate) mod tests;
