//! [`Engine`]: a ruleset plus the lap limit, and the moves it allows.

use super::end::{EndReason, GameEnd, Status};
use super::outcome::{Capture, Illegal, MoveOutcome};
use super::packed::{PACKED_RING, PACKED_SEEDS};
use super::position::{Pit, Position, Side};
use super::ruleset::{CaptureSeed, End, Feeding, Leftovers, Ruleset};
use super::sow::{relay, relay_traced};

/// See [`Engine::DEFAULT_MAX_LAPS`].
pub(crate) const DEFAULT_MAX_LAPS: u64 = 1 << 26;

impl Engine {
    /// The default lap limit: 2^26 laps, about a second of sowing (RULES.md,
    /// "Endless relays and the lap limit"). Far
    /// beyond any relay of real play (random play on the standard board stays
    /// under about 1,100 laps), and it decides the Endodoi 2 × 8 example of
    /// RULES.md (period 5,589,754). Analysis of boards without the origin skip
    /// raises it.
    pub const DEFAULT_MAX_LAPS: u64 = DEFAULT_MAX_LAPS;
}

/// Plays moves under a ruleset.
///
/// The lap limit is not a rule: it bounds the work spent on one relay so that a
/// hostile set-up cannot make the engine run for ever. A relay still undecided at
/// the limit makes its move [`Illegal::Undecided`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engine {
    rules: Ruleset,
    /// At least 1 (see [`Engine::with_max_laps`]).
    max_laps: u64,
}

/// What one move did, before anyone asks for its laps.
struct Played {
    position: Position,
    sown: Sown,
}

/// What sowing a move did, besides changing the position it was sown on.
pub struct Sown {
    /// The pit the last seed fell in.
    pub ended_in: Pit,
    /// What the move captured, if anything.
    pub capture: Option<Capture>,
    /// The laps its relay took.
    pub laps: u64,
}

impl Engine {
    /// An engine with the default lap limit.
    #[inline]
    pub fn new(rules: Ruleset) -> Engine {
        Engine {
            rules,
            max_laps: DEFAULT_MAX_LAPS,
        }
    }

    /// The same engine with another lap limit. A limit of 0 is taken as 1:
    /// every relay sows its first lap, so no smaller limit means anything.
    #[inline]
    pub fn with_max_laps(self, max_laps: u64) -> Engine {
        Engine {
            max_laps: max_laps.max(1),
            ..self
        }
    }

    /// The rules.
    #[inline]
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Laps a relay may run before its move is undecided.
    #[inline]
    pub fn max_laps(&self) -> u64 {
        self.max_laps
    }

    /// The start position of the ruleset.
    #[inline]
    pub fn start(&self) -> Position {
        Position::start(&self.rules)
    }

    /// The side whose store holds more than half of every seed, if the ruleset
    /// stops the game there.
    #[inline]
    pub fn majority(&self, pos: &Position) -> Option<Side> {
        if self.rules.end() != End::Majority {
            return None;
        }
        let total = pos.total_seeds();
        [Side::South, Side::North]
            .into_iter()
            .find(|&s| 2 * u32::from(pos.stores[s.index()]) > total)
    }

    fn apply(&self, pos: &Position, pit: Pit) -> Result<Played, Illegal> {
        self.playable(pos, pit)?;
        let mut position = *pos;
        let sown = self.sow_in_place(&mut position, pit, self.must_feed(pos))?;
        Ok(Played { position, sown })
    }

    /// The checks made before sowing a move: the game not won by majority,
    /// the pit the mover's own and not empty.
    #[inline(always)]
    fn playable(&self, pos: &Position, pit: Pit) -> Result<(), Illegal> {
        if self.majority(pos).is_some() {
            return Err(Illegal::GameOver);
        }
        let side = pos.to_move;
        let pits = pos.pits;
        if pit.ring() >= 2 * usize::from(pits) || pit.side(pits) != side {
            return Err(Illegal::NotOwnPit { side });
        }
        if pos.seeds(pit) == 0 {
            return Err(Illegal::EmptyPit);
        }
        Ok(())
    }

    /// [`Engine::play_capture`] on `pos` itself: its capture and the laps its
    /// relay took. On `Err`, `pos` may be left half-sown: for callers that
    /// drop the position then (the quick check of a record gives up on the
    /// game). Spares the two copies of the position that returning the one
    /// after the move costs.
    #[inline]
    pub fn play_in_place(
        &self,
        pos: &mut Position,
        pit: Pit,
    ) -> Result<(Option<Capture>, u64), Illegal> {
        self.playable(pos, pit)?;
        let must_feed = self.must_feed(pos);
        let sown = self.sow_in_place(pos, pit, must_feed)?;
        Ok((sown.capture, sown.laps))
    }

    /// Whether the move from `pos`, whichever it is, must leave the opponent
    /// seeds. The same for every move from a position, so callers that try
    /// them all work it out once.
    #[inline]
    pub fn must_feed(&self, pos: &Position) -> bool {
        self.rules.feeding() == Feeding::Compulsory && pos.row_is_empty(pos.to_move.opponent())
    }

    /// Plays a move on `pos` itself, which must be the mover's own non-empty
    /// pit in a game not yet won by majority; `must_feed` is
    /// [`Engine::must_feed`]. Working in place spares search a copy of the
    /// position per move. On `Err`, `pos` is left half-sown: callers play on a
    /// copy they can drop. Always inlined: LLVM left it a call in perft, whose
    /// every move then paid for saving and restoring registers.
    #[inline(always)]
    pub fn sow_in_place(
        &self,
        pos: &mut Position,
        pit: Pit,
        must_feed: bool,
    ) -> Result<Sown, Illegal> {
        let side = pos.to_move;
        let pits = pos.pits;
        let opponent = side.opponent();
        let ring = 2 * usize::from(pits);
        let end = relay(
            &mut pos.board,
            ring,
            pit.ring(),
            self.rules.skip_origin(),
            self.max_laps,
            ring <= PACKED_RING && pos.total <= PACKED_SEEDS,
        )?;
        let ended_in = Pit::from_ring(end.last);
        // Without a branch: where a relay ends, and whether the pit across
        // holds seeds, are near enough to a coin's toss that branches on them
        // were often mispredicted. Taking nothing changes nothing.
        let across = ended_in.opposite(pits);
        let taken = pos.board[across.ring()] * u16::from(ended_in.side(pits) == side);
        let capturing_seed = self.rules.capture_seed() == CaptureSeed::Captured;
        let with_seed = u16::from(capturing_seed && taken > 0);
        pos.board[across.ring()] -= taken;
        pos.board[end.last] -= with_seed;
        pos.stores[side.index()] += taken + with_seed;
        let capture = (taken > 0).then_some(Capture {
            pit: across,
            taken,
            capturing_seed,
        });
        if must_feed && pos.row_is_empty(opponent) {
            return Err(Illegal::FailsFeeding { opponent });
        }
        pos.to_move = opponent;
        Ok(Sown {
            ended_in,
            capture,
            laps: end.laps,
        })
    }

    /// Plays a move and returns the position after it, or why it is illegal.
    /// Records no laps: this is the fast path for search and perft. An illegal
    /// move leaves `pos` as it was (it is only read).
    ///
    /// ```
    /// use ayo_rules::{Engine, Illegal, Pit, Position, Ruleset};
    ///
    /// let engine = Engine::new(Ruleset::RUSS);
    /// let pos = Position::from_setup("2,5,2,0,3,2/1,0,1,3,2,0 16-11 S", &Ruleset::RUSS).unwrap();
    /// let letter = |c| Pit::from_letter(c, 6).unwrap();
    /// assert!(engine.play(&pos, letter('a')).is_ok());
    /// assert_eq!(engine.play(&pos, letter('d')), Err(Illegal::EmptyPit));
    /// // c's relay comes back to a state it has been in: it would never end.
    /// assert!(matches!(engine.play(&pos, letter('c')), Err(Illegal::Endless { .. })));
    /// ```
    #[inline]
    pub fn play(&self, pos: &Position, pit: Pit) -> Result<Position, Illegal> {
        self.apply(pos, pit).map(|p| p.position)
    }

    /// Plays a move and returns the position after it, its capture and the
    /// laps its relay took: what checking a record needs, without the rest of
    /// a [`MoveOutcome`].
    pub fn play_capture(
        &self,
        pos: &Position,
        pit: Pit,
    ) -> Result<(Position, Option<Capture>, u64), Illegal> {
        self.apply(pos, pit)
            .map(|p| (p.position, p.sown.capture, p.sown.laps))
    }

    /// Plays a move and returns its full outcome, every lap included.
    ///
    /// ```
    /// use ayo_rules::{Engine, Pit, Ruleset};
    ///
    /// let engine = Engine::new(Ruleset::RUSS);
    /// let b = Pit::from_letter('b', 6).unwrap();
    /// let outcome = engine.play_traced(&engine.start(), b).unwrap();
    /// assert_eq!(outcome.laps.len(), 5);
    /// assert_eq!(outcome.capture.unwrap().seeds(), 7);
    /// assert_eq!(outcome.stores(), [7, 0]);
    /// ```
    #[inline]
    pub fn play_traced(&self, pos: &Position, pit: Pit) -> Result<MoveOutcome, Illegal> {
        self.play_outcome(pos, pit, true)
    }

    /// Plays a move and returns its outcome; its laps only when `trace` is set
    /// (tracing re-sows the relay and allocates, so checking alone skips it).
    pub fn play_outcome(
        &self,
        pos: &Position,
        pit: Pit,
        trace: bool,
    ) -> Result<MoveOutcome, Illegal> {
        self.play_outcome_counted(pos, pit, trace).map(|(o, _)| o)
    }

    /// [`Engine::play_outcome`], and the laps the relay took (whether or not
    /// they were traced).
    pub fn play_outcome_counted(
        &self,
        pos: &Position,
        pit: Pit,
        trace: bool,
    ) -> Result<(MoveOutcome, u64), Illegal> {
        let played = self.apply(pos, pit)?;
        let laps = if trace {
            let mut board = pos.board;
            relay_traced(
                &mut board,
                2 * usize::from(pos.pits),
                pit.ring(),
                self.rules.skip_origin(),
                played.sown.laps,
            )
        } else {
            Vec::new()
        };
        let outcome = MoveOutcome {
            side: pos.to_move,
            pit,
            laps,
            ended_in: played.sown.ended_in,
            capture: played.sown.capture,
            position: played.position,
        };
        Ok((outcome, played.sown.laps))
    }

    /// Every pit of the side to move, with its verdict.
    pub fn verdicts(
        &self,
        pos: &Position,
    ) -> impl Iterator<Item = (Pit, Result<Position, Illegal>)> + '_ {
        let pos = *pos;
        // The checks `play` makes before sowing, made once for every pit.
        let over = self.majority(&pos).is_some();
        let must_feed = self.must_feed(&pos);
        pos.pits_of(pos.to_move).map(move |pit| {
            let verdict = if over {
                Err(Illegal::GameOver)
            } else if pos.seeds(pit) == 0 {
                Err(Illegal::EmptyPit)
            } else {
                let mut next = pos;
                self.sow_in_place(&mut next, pit, must_feed).map(|_| next)
            };
            (pit, verdict)
        })
    }

    /// The legal moves of the side to move, with the positions they lead to.
    #[inline]
    pub fn legal_moves(&self, pos: &Position) -> impl Iterator<Item = (Pit, Position)> + '_ {
        self.verdicts(pos)
            .filter_map(|(p, r)| r.ok().map(|n| (p, n)))
    }

    /// Whether the game goes on, or how it ended and the final score.
    ///
    /// `Err` only when the side to move has no legal move but some move is
    /// undecided at the lap limit: then nobody can say whether the game is over.
    pub fn status(&self, pos: &Position) -> Result<Status, Illegal> {
        // The check `play` makes before sowing that `status_by` does not,
        // made once for every pit (as `verdicts` does).
        let must_feed = self.must_feed(pos);
        self.status_by(pos, |pit| {
            let mut next = *pos;
            self.sow_in_place(&mut next, pit, must_feed).map(|_| ())
        })
    }

    /// [`Engine::status`], each move decided by `legal`: for callers that
    /// decide moves their own way (through a cache of long relays, or within
    /// a lap budget of their own) but must reach this verdict of the game.
    /// `legal` is asked only of the mover's pits that hold seeds, in a game
    /// not won by majority, and must say what [`Engine::play`] would.
    ///
    /// ```
    /// use ayo_rules::{Engine, Ruleset, Status};
    ///
    /// let engine = Engine::new(Ruleset::RUSS);
    /// let start = engine.start();
    /// let status = engine.status_by(&start, |pit| engine.play(&start, pit).map(|_| ()));
    /// assert_eq!(status, Ok(Status::Ongoing));
    /// ```
    #[inline]
    pub fn status_by(
        &self,
        pos: &Position,
        mut legal: impl FnMut(Pit) -> Result<(), Illegal>,
    ) -> Result<Status, Illegal> {
        if let Some(side) = self.majority(pos) {
            let score = pos.stores.map(u32::from);
            return Ok(Status::Over(GameEnd {
                reason: EndReason::Majority(side),
                score,
                winner: Some(side),
            }));
        }
        let side = pos.to_move;
        let reason = if pos.row_total(side) == 0 {
            EndReason::EmptyRow(side)
        } else {
            let mut undecided = None;
            for pit in pos.pits_of(side) {
                if pos.seeds(pit) == 0 {
                    continue;
                }
                match legal(pit) {
                    Ok(()) => return Ok(Status::Ongoing),
                    Err(e @ Illegal::Undecided { .. }) => undecided = Some(e),
                    Err(_) => {}
                }
            }
            if let Some(e) = undecided {
                return Err(e);
            }
            EndReason::EveryMoveIllegal(side)
        };
        let score = pos.final_score(self.rules.leftovers(), side);
        Ok(Status::Over(GameEnd {
            reason,
            score,
            winner: winner(score),
        }))
    }
}

impl Position {
    /// The final score when `stuck` cannot move, under a `leftovers` ruling.
    pub fn final_score(&self, leftovers: Leftovers, stuck: Side) -> [u32; 2] {
        let pos = self;
        let mut score = pos.stores.map(u32::from);
        match leftovers {
            Leftovers::Opponent => {
                score[stuck.opponent().index()] +=
                    pos.row_total(Side::South) + pos.row_total(Side::North);
            }
            Leftovers::Owner => {
                for side in [Side::South, Side::North] {
                    score[side.index()] += pos.row_total(side);
                }
            }
        }
        score
    }
}

/// The side with the higher score, or `None` for a draw.
#[inline]
pub(crate) fn winner(score: [u32; 2]) -> Option<Side> {
    match score[0].cmp(&score[1]) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    }
}
