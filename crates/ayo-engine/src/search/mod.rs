//! The engine that judges play: negamax with alpha-beta, iterative deepening,
//! a transposition table and move ordering. No I/O.
//!
//! # Values
//!
//! A value (an `i32`) is in seeds, from the side to move's point of view (RULES.md,
//! "Conventions for analysis"): the final score difference, under the
//! ruleset's own end. At a majority stop it is the difference of the stores;
//! when the side to move has no legal move, the difference after the
//! `leftovers` key has shared the board. A line that never ends is worth an
//! even split of the board, which is the store difference; so a position that
//! repeats one earlier on the current line (board, stores and side to move) is
//! scored by its store difference. Even with an odd number of seeds on the
//! board the two half seeds cancel, so every value is a whole number of seeds.
//!
//! At the horizon the search scores a position by its store difference (the
//! same rule as a line that never ends). A position whose side to move has an
//! empty row is scored exactly even there.
//!
//! # Exactness
//!
//! An answer is *exact* when no position the search looked at was scored at
//! the horizon: every line that decided the value ended (a majority, no legal
//! move, a repetition, or an exact [`Probe`] answer) within the depth. Then the
//! value is the game's value, and deepening stops ([`Limit::Solved`]).
//!
//! # Determinism
//!
//! With a depth or node limit, the same position, ruleset, probe and limits
//! give the same move, score and principal variation, run after run. Among
//! moves of equal value the first in pit order (`a` before `b`) is chosen. A
//! time limit is not deterministic.
//!
//! # Moves that are not moves
//!
//! A relay that never ends is illegal (RULES.md, rule 6), so the search never
//! plays it. A relay still undecided at the engine's lap limit stops the search
//! with [`SearchError::Undecided`], which names the position and the pit: the
//! search never guesses.
//!
//! ```
//! use ayo_rules::{Engine, Position, Ruleset};
//! use ayo_engine::search::{Limits, Search};
//!
//! let engine = Engine::new(Ruleset::RUSS);
//! // South to move: `b` relays through c into the empty e, captures B's seed
//! // and the capturing seed, and stops the game 25-21.
//! let pos = Position::from_setup("1,1,1,0,0,0/0,1,0,0,0,0 23-21 S", &Ruleset::RUSS).unwrap();
//! let mut search = Search::new(engine);
//! let answer = search.run(&pos, &Limits::depth(6))?;
//! assert_eq!(answer.best.map(|p| p.letter(6)), Some('b'));
//! assert_eq!((answer.score, answer.exact), (4, true));
//! # Ok::<(), ayo_engine::search::SearchError>(())
//! ```

mod negamax;
mod table;
mod zobrist;

use std::time::Duration;

use ayo_rules::{GameEnd, Pit, Position};

pub use negamax::Search;
pub(crate) use zobrist::zobrist;

/// A position's value in seeds, from the side to move's point of view (see
/// the [module docs](self#values)).
pub(crate) type Value = i32;

/// See [`Limits::MAX_DEPTH`].
pub(crate) const MAX_DEPTH: u32 = 100;

/// Exact values of positions from outside the search: endgame tables.
///
/// `probe` returns the exact value of a position (from the side to move's
/// point of view, in seeds, under the search's ruleset) or `None` when the
/// position is outside what it knows. The search asks it at the root (when
/// every move's result is known there, the answer is exact at once) and at
/// every node below before searching it.
pub trait Probe: Sync {
    /// The exact value of `position`, or `None`.
    fn probe(&self, position: &Position) -> Option<i32>;
}

/// When to stop searching. Every limit given applies; the first reached
/// stops the search. Without any, the search deepens until it is exact or
/// reaches [`Limits::MAX_DEPTH`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies (1 at least).
    pub depth: Option<u32>,
    /// Most positions to visit. An iteration cut short by it is thrown away:
    /// the answer is the last finished iteration's. Depth 1 is always
    /// finished.
    pub nodes: Option<u64>,
    /// Most time to spend, checked every few thousand positions; like
    /// `nodes`, an unfinished iteration is thrown away. Not deterministic.
    pub time: Option<Duration>,
}

impl Limits {
    /// The deepest search asked for, in plies. Deeper requests are searched to
    /// this depth.
    pub const MAX_DEPTH: u32 = MAX_DEPTH;

    /// A depth limit only.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A node limit only.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A time limit only.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }
}

/// What stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The depth limit (or [`Limits::MAX_DEPTH`]).
    Depth,
    /// The node limit.
    Nodes,
    /// The time limit.
    Time,
    /// No limit: the value became exact (or the game is over).
    Solved,
}

impl Limit {
    /// `"depth"`, `"nodes"`, `"time"` or `"solved"`, as the JSON output says it.
    pub fn key(self) -> &'static str {
        match self {
            Limit::Depth => "depth",
            Limit::Nodes => "nodes",
            Limit::Time => "time",
            Limit::Solved => "solved",
        }
    }
}

/// A search's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The best move; `None` when the game is over (see `end`).
    pub best: Option<Pit>,
    /// The value of the position (see [Values](self#values)).
    pub score: i32,
    /// Whether `score` is the game's exact value.
    pub exact: bool,
    /// The principal variation, from `best`: the line both sides are expected
    /// to play. It may be shorter than `depth`.
    pub pv: Vec<Pit>,
    /// The last finished iteration's depth, in plies.
    pub depth: u32,
    /// Positions visited, in every iteration (the unfinished one included).
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// What stopped the search.
    pub limit: Limit,
    /// Every legal move and its value after it (from the mover's point of
    /// view), in pit order, at the last finished depth; empty unless asked
    /// for with [`Search::every_move`].
    pub moves: Vec<(Pit, i32)>,
    /// How the game ended, when it is over at this position.
    pub end: Option<GameEnd>,
}

/// Why a search could not answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// A relay was still undecided at the engine's lap limit, so the moves of
    /// `position` are not known.
    #[error(
        "the relay of {} from `{position}` is undecided at the lap limit ({laps})",
        .pit.letter(.position.pits())
    )]
    Undecided {
        /// The position the move was tried from.
        position: Position,
        /// The pit played.
        pit: Pit,
        /// The lap limit reached.
        laps: u64,
    },
}
