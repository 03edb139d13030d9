//! `ayo`: game records of Ayoayo, the Yoruba relay-sowing mancala, and its
//! relatives.
//!
//! The layers, each knowing only those before it:
//! - [`rules`]: the pure engine (rulesets, positions, relay sowing, game end, perft).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cli;
pub mod diagnostics;
pub mod generate;
pub mod notation;
pub mod output;
pub mod replay;
pub mod rules;
