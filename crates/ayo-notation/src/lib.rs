//! The `.ayo` notation: one reader of the grammar, the syntax tree built on
//! it, the canonical writer, and game-at-a-time reading. Syntax only: legality is the replayer's business, and
//! tag values are kept as text.
//!
//! # Public API
//!
//! - The syntax tree: [`Record`], its [`Tag`]s, [`Moves`] of [`Move`]s with
//!   their [`MoveNumber`], [`Comment`]s, [`Nag`]s, [`Glyph`]s and
//!   [`Variation`]s, the [`Termination`] and its [`Outcome`]; every node has a
//!   [`Span`]; [`List`] holds what a move carries besides its token.
//! - Reading: the module [`read`], the one reader of the grammar, hands a
//!   game's tokens to a [`read::Visitor`] ([`read::read_game`], or
//!   [`read::read_in_stream`] for a game where it stands in a longer input);
//!   the syntax tree is one visitor of it. [`Record::parse`] and
//!   [`SyntaxError`]; a game of a stream parses with [`RawGame::parse`] (or
//!   only its tags, [`RawGame::tags`]).
//! - Writing: [`Record::to_text`] (canonical form), [`Record::check_writable`]
//!   and [`Comment::check`] for records not read from text
//!   ([`WriteError`]), [`Tag::sort`] and [`Tag::KNOWN`].
//! - Tags: [`Record::check_tags`] ([`TagProblem`]), [`Tag::is_name`]; the
//!   same checks tag by tag, without a tree, with [`TagSlips`] ([`TagName`]).
//! - Reading many games: [`GameReader`] cuts any byte stream into
//!   [`RawGame`]s ([`TooLarge`], [`RawGame::DEFAULT_MAX_BYTES`]); [`Chunker`]
//!   cuts an input into [`Chunk`]s that threads can read at once, and
//!   [`Origin::after`] says where a reader resumes after some bytes.
//! - Move numbers: [`Numbering`].
//!
//! ```
//! use ayo_notation::GameReader;
//!
//! let input = "[Event \"x\"]\n\n1.   c   Fx2 *\n\n1. a 0-1\n";
//! let games: Vec<_> = GameReader::new(input.as_bytes())
//!     .map(|game| game.unwrap().parse().unwrap())
//!     .collect();
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[0].to_text(), "[Event \"x\"]\n\n1. c Fx2 *\n");
//! ```
//!
//! # Feature flags
//!
//! - `proptest`: the module `arbitrary` (only with this feature), proptest
//!   strategies that generate records, for property tests of crates built on
//!   this one.

#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(any(test, feature = "proptest"))]
pub mod arbitrary;
mod ast;
mod lex;
mod numbering;
pub mod read;
mod stream;
mod tags;
mod write;

pub use ast::{
    Comment, Glyph, List, Move, MoveNumber, Moves, Nag, Outcome, Record, Span, Tag, Termination,
    Variation,
};
pub use numbering::Numbering;
pub use read::locate::{Origin, SyntaxError};
pub use stream::{Chunk, Chunker, GameReader, RawGame, TooLarge};
pub use tags::TagProblem;
pub use tags::{TagName, TagSlips};
pub use write::WriteError;

#[cfg(test)]
pub(crate) mod tests;
