//! Search and exact endgame tables for Ayoayo, on [`ayo_rules`].
//!
//! - [`search`]: iterative-deepening negamax with a transposition table; it
//!   sees endgame tables only through its [`Probe`](search::Probe) trait.
//! - [`tables`]: exact endgame tables, built level by level and probed from
//!   memory-mapped files; [`Tables`](tables::Tables) implements `Probe`.
//!
//! The `ayo` crate re-exports both modules as `ayo::search` and
//! `ayo::tables`.

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod search;
pub mod tables;
