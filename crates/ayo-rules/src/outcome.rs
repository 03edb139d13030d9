//! What a move did ([`MoveOutcome`], [`Lap`], [`Capture`]) or why it could not be
//! played ([`Illegal`]).

use super::position::{Pit, Position, Side};

/// One lift and sowing of a relay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lap {
    /// The pit the seeds were lifted from.
    pub from: Pit,
    /// How many seeds were lifted.
    pub seeds: u16,
    /// Every pit sown, in order (a pit appears again on each pass).
    pub sown: Vec<Pit>,
    /// The origin, when this lap was long enough to skip it.
    pub skipped: Option<Pit>,
}

/// The seeds a move sent to the mover's store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
    /// The pit taken from (across from where the move ended).
    pub pit: Pit,
    /// Seeds taken from that pit.
    pub taken: u16,
    /// Whether the capturing seed went to the store too (`capture-seed=captured`).
    pub capturing_seed: bool,
}

impl Capture {
    /// Every seed that went to the store.
    #[inline]
    pub fn seeds(&self) -> u16 {
        self.taken + u16::from(self.capturing_seed)
    }
}

/// The full story of a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    /// Who moved.
    pub side: Side,
    /// The pit played.
    pub pit: Pit,
    /// Every lap, the first one lifted from `pit`.
    pub laps: Vec<Lap>,
    /// The pit where the last seed fell.
    pub ended_in: Pit,
    /// The capture, if any.
    pub capture: Option<Capture>,
    /// The position after the move.
    pub position: Position,
}

impl MoveOutcome {
    /// Seeds lifted from the played pit.
    #[inline]
    pub fn seeds(&self) -> u16 {
        self.laps.first().map_or(0, |l| l.seeds)
    }

    /// The stores after the move.
    #[inline]
    pub fn stores(&self) -> [u16; 2] {
        self.position.stores()
    }

    /// The laps written as in RULES.md ("Writing laps"), `origin(seeds):pits sown`, one word a lap,
    /// with the skipped origin as `-x` when a lap skipped it.
    pub fn trace(&self) -> String {
        let pits = self.position.pits();
        let mut out = String::new();
        for (i, lap) in self.laps.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push(lap.from.letter(pits));
            out.push_str(&format!("({}):", lap.seeds));
            out.extend(lap.sown.iter().map(|p| p.letter(pits)));
            if let Some(skipped) = lap.skipped {
                out.push('-');
                out.push(skipped.letter(pits));
            }
        }
        out
    }
}

/// Why a move cannot be played. The position it was tried on is left untouched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// A store already holds a majority (`end=majority`).
    #[error("the game is already over")]
    GameOver,
    /// The pit belongs to the other player.
    #[error("not {}'s pit", .side.title())]
    NotOwnPit {
        /// The side to move.
        side: Side,
    },
    /// The pit holds no seeds.
    #[error("empty pit")]
    EmptyPit,
    /// The relay returns to a state it reached before, and so never ends.
    #[error("endless relay (the state repeats after {period} laps)")]
    Endless {
        /// The length of the cycle, in laps.
        period: u64,
    },
    /// The lap limit ran out before the relay ended or repeated. Not a rule:
    /// a bound on work, which whoever set it can raise.
    #[error("undecided after {laps} laps")]
    Undecided {
        /// The lap limit reached.
        laps: u64,
    },
    /// The opponent's row was empty and the move leaves it empty.
    #[error("fails feeding: {}'s row would stay empty", .opponent.title())]
    FailsFeeding {
        /// The player left without seeds.
        opponent: Side,
    },
}
