//! The pure rules engine: board, rulesets, move generation, relay sowing, game
//! end, perft.
//!
//! No I/O and no record parsing here. The only text this layer reads and writes
//! is its own: ruleset strings ([`Ruleset`]'s `FromStr`/`Display`) and set-up
//! strings ([`Position`]'s).
//!
//! # Public API
//!
//! - Rulesets: [`Ruleset`] (parsed from and written as a ruleset string) and
//!   its keys [`SkipOrigin`], [`CaptureSeed`], [`Feeding`], [`Leftovers`],
//!   [`End`]; [`Ruleset::KEYS`] and the bounds [`Ruleset::MIN_PITS`],
//!   [`Ruleset::MAX_PITS`], [`Ruleset::MIN_SEEDS`], [`Ruleset::MAX_SEEDS`];
//!   [`RulesetError`].
//! - Positions: [`Position`] (with its set-up string), [`Pit`], [`Side`],
//!   [`Position::MAX_BOARD`]; [`SetupError`].
//! - Playing: [`Engine`] (legal moves, [`Engine::play`] and its traced
//!   [`MoveOutcome`] with [`Lap`]s and [`Capture`], [`Illegal`]), the lap
//!   limit [`Engine::DEFAULT_MAX_LAPS`].
//! - Game end: [`Status`], [`GameEnd`], [`EndReason`],
//!   [`Position::final_score`].
//! - Counting and playing out: [`Engine::perft`], [`Engine::perft_leaves`],
//!   [`Engine::MAX_PERFT_DEPTH`], [`PerftError`]; [`Engine::random_game`] with
//!   its seeded generator [`SplitMix64`].
//!
//! ```
//! use ayo_rules::{Engine, Pit, Ruleset};
//!
//! let engine = Engine::new("russ".parse::<Ruleset>().unwrap());
//! let start = engine.start();
//! let c = Pit::from_letter('c', 6).unwrap();
//! let outcome = engine.play_traced(&start, c).unwrap();
//! assert_eq!(outcome.trace(), "c(4):defA A(5):BCDEF F(5):abcde e(6):fABCDE E(6):Fabcde");
//! assert_eq!(outcome.capture.unwrap().seeds(), 7);
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

mod end;
mod engine;
mod outcome;
mod packed;
mod perft;
mod playout;
mod position;
mod ruleset;
mod sow;

pub use end::{EndReason, GameEnd, Status};
pub use engine::Engine;
pub use outcome::{Capture, Illegal, Lap, MoveOutcome};
pub use perft::PerftError;
pub use playout::SplitMix64;
pub use position::{Pit, Position, SetupError, Side};
pub use ruleset::{CaptureSeed, End, Feeding, Leftovers, Ruleset, RulesetError, SkipOrigin};

#[cfg(test)]
mod tests;
