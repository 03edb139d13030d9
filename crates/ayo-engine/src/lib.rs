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
//!   [`Answer`](search::Answer) (best move, its value in seeds as an `i32`,
//!   principal variation, the [`Limit`](search::Limit) that stopped it) or a
//!   [`SearchError`](search::SearchError); [`Probe`](search::Probe) is what it
//!   asks of endgame tables; [`Limits::MAX_DEPTH`](search::Limits::MAX_DEPTH).
//! - [`tables`]: [`Builder`](tables::Builder) builds a table directory
//!   ([`Progress`](tables::Progress), [`LevelStats`](tables::LevelStats));
//!   [`Tables`](tables::Tables) probes it
//!   ([`Tables::value_of`](tables::Tables::value_of),
//!   [`Tables::doubled_score`](tables::Tables::doubled_score)), and
//!   [`Probed::of`](tables::Probed::of) gives a position's value and its
//!   moves' at once; [`Tables::default_dir`](tables::Tables::default_dir),
//!   [`Tables::ruleset_dir`](tables::Tables::ruleset_dir),
//!   [`Tables::key`](tables::Tables::key) and
//!   [`Tables::rules_for`](tables::Tables::rules_for) say where tables live
//!   and which ruleset they serve; [`TableError`](tables::TableError);
//!   [`Tables::MAX_LEVEL`](tables::Tables::MAX_LEVEL).
//! - A whole table directory: [`RulesetDir::list`](tables::RulesetDir::list)
//!   finds its folders (each level's figures and header, and what a folder
//!   that is not one looks like, read through it),
//!   [`Tables::verify_dir`](tables::Tables::verify_dir) checks every level
//!   ([`Checked`](tables::Checked)), and
//!   [`Tables::present_text`](tables::Tables::present_text) names the levels
//!   found.

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod search;
pub mod tables;
