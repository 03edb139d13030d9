//! Search and exact endgame tables for Ayoayo, on [`ayo_rules`].
//!
//! - [`search`]: iterative-deepening negamax with a transposition table; it
//!   sees endgame tables only through its [`Probe`](search::Probe) trait.
//! - [`tables`]: exact endgame tables, built level by level and probed from
//!   memory-mapped files; [`Tables`](tables::Tables) implements `Probe`.
//!
//! The `ayo` crate re-exports both modules as `ayo::search` and
//! `ayo::tables`.
//!
//! # Public API
//!
//! - [`search`]: [`Search`](search::Search) (built on an `ayo_rules::Engine`,
//!   run with [`Limits`](search::Limits)) gives an
//!   [`Answer`](search::Answer) (best move, [`Value`](search::Value),
//!   principal variation, the [`Limit`](search::Limit) that stopped it) or a
//!   [`SearchError`](search::SearchError); [`Probe`](search::Probe) is what it
//!   asks of endgame tables; [`MAX_DEPTH`](search::MAX_DEPTH).
//! - [`tables`]: [`Builder`](tables::Builder) builds a table directory
//!   ([`Progress`](tables::Progress), [`LevelStats`](tables::LevelStats));
//!   [`Tables`](tables::Tables) probes it ([`MoveGain`](tables::MoveGain),
//!   [`value_of`](tables::value_of), [`doubled_score`](tables::doubled_score));
//!   [`default_dir`](tables::default_dir),
//!   [`ruleset_dir`](tables::ruleset_dir), [`table_key`](tables::table_key)
//!   and [`table_rules`](tables::table_rules) say where tables live and which
//!   ruleset they serve; [`TableError`](tables::TableError);
//!   [`MAX_LEVEL`](tables::MAX_LEVEL).

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod search;
pub mod tables;
