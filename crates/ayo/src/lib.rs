//! `ayo`: game records of Ayoayo, the Yoruba relay-sowing mancala, and its
//! relatives (Endodoi, and every reading of the rules the sources disagree on).
//!
//! The layers, each knowing only those above it in this list:
//!
//! - [`rules`]: the pure engine. Rulesets, positions and set-up strings, relay
//!   sowing with exact endless-relay detection, game end, perft. No I/O.
//! - [`notation`]: the `.ayo` format (grammar.md). A nom parser with spans, the
//!   canonical writer, and a reader that takes one game at a time from any
//!   stream. Syntax only: tag values stay text.
//! - [`replay`]: where records meet the rules. A [`notation::Record`] becomes a
//!   [`replay::Game`]: every move verified and played, every problem a
//!   [`diagnostics::Diagnostic`] at the token at fault.
//! - [`output`]: what the commands print, read from `Game`s: JSON (with its
//!   schema, and the way back for `ayo import`), tables, boards, comparisons.
//! - [`corpus`]: many records at once: choosing games, and keys of main lines
//!   to find the same game twice.
//! - [`generate`]: random records made by the engine, for tests and benchmarks.
//!
//! Reading, checking and printing a record:
//!
//! ```
//! use ayo::notation::parse_record;
//! use ayo::replay::{Options, replay};
//!
//! let record = parse_record("[Rules \"russ\"]\n\n1. cx7 Fx2 2. d *\n").unwrap();
//! let game = replay(record, &Options::default());
//! assert!(game.is_valid(), "{:?}", game.errors);
//! let c = game.moves[0].outcome.as_ref().unwrap();
//! assert_eq!(c.trace(), "c(4):defA A(5):BCDEF F(5):abcde e(6):fABCDE E(6):Fabcde");
//! assert_eq!(game.final_position().unwrap().to_string(), "0,7,3,0,1,8/3,1,7,7,1,1 7-2 N");
//!
//! // A false claim is reported where it stands.
//! let game = replay(parse_record("1. cx6 *\n").unwrap(), &Options::default());
//! assert_eq!(game.errors[0].message, "ply 1, South's c: claims 6 seeds, but the move captures 7 from B");
//! assert_eq!((game.errors[0].span.line, game.errors[0].span.column), (1, 4));
//!
//! // What a move carries besides its token is read as slices.
//! let record = parse_record("1. c {the usual} (1. d) C *\n").unwrap();
//! assert_eq!(record.moves[0].after()[0].text, "the usual");
//! assert_eq!(record.moves[0].variations()[0].moves[0].pit, 'd');
//! assert!(record.moves[1].variations().is_empty());
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod canonical;
pub mod corpus;
pub mod diagnostics;
pub use ayo_files as files;
pub mod generate;
pub mod import;
pub use ayo_notation as notation;
pub mod output;
pub mod replay;
pub use ayo_engine::search;
pub use ayo_engine::tables;
pub use ayo_rules as rules;
