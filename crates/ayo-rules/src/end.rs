//! How a game ends: [`Status`], [`GameEnd`].

use super::position::Side;

/// Whether a position is still being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The side to move has a legal move and nobody holds a majority.
    Ongoing,
    /// The game is over.
    Over(GameEnd),
}

/// A finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// What ended it.
    pub reason: EndReason,
    /// Final score, South's first: the stores, plus the leftovers when a player
    /// could not move.
    pub score: [u32; 2],
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
}

/// What ended a game: a majority, or a side to move with no legal move
/// (its row empty, or every move illegal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// This side's store holds more than half of all seeds (`end=majority`).
    Majority(Side),
    /// The side to move (this one) has no legal move: its row is empty.
    EmptyRow(Side),
    /// The side to move (this one) has no legal move: every non-empty pit is
    /// illegal (endless relays, or moves that fail feeding).
    EveryMoveIllegal(Side),
}

impl EndReason {
    /// `"majority"` or `"no-legal-move"`, as in the JSON output.
    #[inline]
    pub fn key(&self) -> &'static str {
        match self {
            EndReason::Majority(_) => "majority",
            EndReason::EmptyRow(_) | EndReason::EveryMoveIllegal(_) => "no-legal-move",
        }
    }
}

impl std::fmt::Display for EndReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EndReason::Majority(side) => {
                write!(f, "{} holds more than half of the seeds", side.title())
            }
            EndReason::EmptyRow(side) => {
                write!(f, "{} cannot move: their row is empty", side.title())
            }
            EndReason::EveryMoveIllegal(side) => {
                write!(f, "{} cannot move: every move is illegal", side.title())
            }
        }
    }
}
