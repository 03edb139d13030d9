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
//!   [`End`]; [`KEYS`] and the bounds [`MIN_PITS`], [`MAX_PITS`],
//!   [`MIN_SEEDS`], [`MAX_SEEDS`]; [`RulesetError`].
//! - Positions: [`Position`] (with its set-up string), [`Pit`], [`Side`],
//!   [`MAX_BOARD`]; [`SetupError`].
//! - Playing: [`Engine`] (legal moves, [`Engine::play`] and its traced
//!   [`MoveOutcome`] with [`Lap`]s and [`Capture`], [`Illegal`]), the lap
//!   limit [`DEFAULT_MAX_LAPS`].
//! - Game end: [`Status`], [`GameEnd`], [`EndReason`], [`NoMove`],
//!   [`final_score`], [`winner`].
//! - Counting and playing out: [`perft`], [`perft_leaves`],
//!   [`MAX_PERFT_DEPTH`], [`PerftError`]; [`random_game`] with its seeded
//!   generator [`SplitMix64`].
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

pub use end::{EndReason, GameEnd, NoMove, Status};
pub use engine::{DEFAULT_MAX_LAPS, Engine, final_score, winner};
pub use outcome::{Capture, Illegal, Lap, MoveOutcome};
pub use perft::{MAX_PERFT_DEPTH, PerftError, perft, perft_leaves};
pub use playout::{SplitMix64, random_game};
pub use position::{MAX_BOARD, Pit, Position, SetupError, Side};
pub use ruleset::{
    CaptureSeed, End, Feeding, KEYS, Leftovers, MAX_PITS, MAX_SEEDS, MIN_PITS, MIN_SEEDS, Ruleset,
    RulesetError, SkipOrigin,
};

#[cfg(test)]
mod tests;
