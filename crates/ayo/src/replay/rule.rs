//! The checker: every rule replay holds a record to, decided here once.
//!
//! Both ways of checking a game call these functions: the full replay
//! ([`super::Replayer`]), which walks the parsed record and turns each
//! verdict into a diagnostic at the token at fault, and the quick check
//! ([`super::quick`]), which meets the same tokens as events of the
//! notation's reader, builds no tree, and gives up on the first
//! verdict that is not "agrees". Neither decides a rule of its own: a
//! change to what replay accepts is made here.

use crate::notation::{Numbering, Outcome};
use crate::rules::{Capture, Engine, GameEnd, Illegal, Pit, Position, Ruleset, Side, Status};

/// The ruleset a game is played under: `given` (from `--rules`) when there
/// is one, else its `Rules` tag's value as `parse` reads it, else russ.
#[inline]
pub(super) fn ruleset<V, E>(
    given: Option<Ruleset>,
    tag: Option<V>,
    parse: impl FnOnce(V) -> Result<Ruleset, E>,
) -> Result<Ruleset, E> {
    match (given, tag) {
        (Some(r), _) => Ok(r),
        (None, None) => Ok(Ruleset::RUSS),
        (None, Some(value)) => parse(value),
    }
}

/// Where a game starts under `rules`: its `Setup` tag's position, else the
/// ruleset's start.
#[inline]
pub(super) fn start(
    rules: &Ruleset,
    setup: Option<&str>,
) -> Result<Position, crate::rules::SetupError> {
    match setup {
        None => Ok(Position::start(rules)),
        Some(value) => Position::from_setup(value, rules),
    }
}

/// The numbering of a line's first move from `pos`: a main line starts at
/// 1, or `1...` when North moves first.
#[inline]
pub(super) fn first_numbering(pos: &Position) -> Numbering {
    Numbering::new(1, pos.to_move() == Side::North)
}

/// Whether a move number written `number` (`number...` when `north`) is the
/// one `expected`.
#[inline]
pub(super) fn number_agrees(expected: Numbering, number: u32, north: bool) -> bool {
    number == expected.number && north == expected.north
}

/// The player whose move a numbering is.
#[inline]
pub(super) fn side_of(numbering: Numbering) -> Side {
    if numbering.north {
        Side::North
    } else {
        Side::South
    }
}

/// The player a pit letter belongs to: lowercase South's, uppercase North's.
#[inline]
pub(super) fn side_of_letter(letter: char) -> Side {
    if letter.is_ascii_lowercase() {
        Side::South
    } else {
        Side::North
    }
}

/// What a move's claim should say: the seeds it sends to the store.
#[inline]
pub(super) fn claimed(capture: Option<Capture>) -> u32 {
    capture.map_or(0, |c| u32::from(c.seeds()))
}

/// How a checker has the engine decide a move: the full replay through its
/// cache of long relays (and building the outcome when plies are kept), the
/// quick check straight on the engine within its own lap budget.
pub(super) trait Decide {
    /// What deciding a legal move gives.
    type Decided;
    /// Plays `pit` from `*pos`: a legal move advances `*pos` to the position
    /// after it. After an illegal one `*pos` is unspecified for the quick
    /// check (which gives up) and as it was for the full replay.
    fn decide(&mut self, pos: &mut Position, pit: Pit) -> Result<Self::Decided, Illegal>;
    /// The capture of a decided move.
    fn capture(decided: &Self::Decided) -> Option<Capture>;
    /// Whether `pit` is legal from `pos`, which is left as it is.
    fn legal(&mut self, pos: &Position, pit: Pit) -> Result<(), Illegal>;
    /// The engine moves are decided by (its rules and lap limit).
    fn engine(&self) -> &Engine;
}

/// Why a move was not played.
#[derive(Clone, Copy, Debug)]
pub(super) enum Fault {
    /// The letter is a pit of the player not to move.
    WrongSide,
    /// No pit has that letter on this board.
    NoSuchPit,
    /// The engine refused it.
    Illegal(Illegal),
}

/// A move that was played, and whether its claim agrees with it.
pub(super) struct Checked<D> {
    /// What the engine gave.
    pub decided: D,
    /// The capture it made.
    pub capture: Option<Capture>,
    /// A claim that is not the seeds captured (the move still stands).
    pub wrong_claim: Option<u32>,
}

/// The one check of a move: its letter a pit of `side` (the player to move)
/// on this board, the move legal from `*pos` (played there), and its claim,
/// if any, the seeds it captures.
#[inline(always)]
pub(super) fn check_move<D: Decide>(
    decide: &mut D,
    pos: &mut Position,
    side: Side,
    letter: char,
    claim: Option<u32>,
) -> Result<Checked<D::Decided>, Fault> {
    if side_of_letter(letter) != side {
        return Err(Fault::WrongSide);
    }
    let pit = Pit::from_letter(letter, pos.pits()).ok_or(Fault::NoSuchPit)?;
    let decided = decide.decide(pos, pit).map_err(Fault::Illegal)?;
    let capture = D::capture(&decided);
    let wrong_claim = claim.filter(|&c| c != claimed(capture));
    Ok(Checked {
        decided,
        capture,
        wrong_claim,
    })
}

/// Whether the game is over at `pos` (an error when a move is undecided
/// within the lap limit, so that it cannot be told): the engine's
/// [`Engine::status_by`], each pit decided through `decide`.
pub(super) fn status<D: Decide>(decide: &mut D, pos: &Position) -> Result<Status, Illegal> {
    let engine = *decide.engine();
    engine.status_by(pos, |pit| decide.legal(pos, pit))
}

/// The termination token a finished game calls for.
pub(super) fn outcome_of(end: &GameEnd) -> Outcome {
    match end.winner {
        Some(Side::South) => Outcome::SouthWins,
        Some(Side::North) => Outcome::NorthWins,
        None => Outcome::Draw,
    }
}

/// What the end of a game is checked against: the termination token, and
/// the values (as written, escapes undone) of the tags that speak of it.
pub(super) struct Ending<'v> {
    /// The game-termination token.
    pub token: Outcome,
    /// The `Result` tag's value.
    pub result: Option<&'v [u8]>,
    /// The `Score` tag's value.
    pub score: Option<&'v [u8]>,
    /// The `PlyCount` tag's value.
    pub ply_count: Option<&'v [u8]>,
    /// The main line's moves.
    pub plies: u64,
}

/// A way the end of a game disagrees with its record.
#[derive(Clone, Copy, Debug)]
pub(super) enum Disagreement {
    /// The `Result` tag is not a termination token.
    NotAResult,
    /// The `Result` tag is this token, not the termination token.
    ResultTag(Outcome),
    /// The termination token contradicts how the game ended.
    WrongResult,
    /// The `Score` tag is not the final score.
    WrongScore,
    /// The `PlyCount` tag is not the main line's moves.
    WrongPlyCount,
}

/// The agreements at the end of a game whose main line ended at `end` (or
/// did not end the game): the `Result` tag with the termination token, the
/// token with how the game ended, `Score` with its final score (read only
/// when it ended), `PlyCount` with the main line. Each disagreement goes to
/// `report`, in that order.
pub(super) fn check_ending(
    ending: &Ending,
    end: Option<&GameEnd>,
    mut report: impl FnMut(Disagreement),
) {
    if let Some(value) = ending.result {
        // A value that is not UTF-8 is no token: it reads as none.
        match Outcome::from_bytes(value) {
            None => report(Disagreement::NotAResult),
            Some(o) if o != ending.token => report(Disagreement::ResultTag(o)),
            Some(_) => {}
        }
    }
    if let Some(end) = end {
        if ending.token != Outcome::Unknown && ending.token != outcome_of(end) {
            report(Disagreement::WrongResult);
        }
        if let Some(value) = ending.score
            && !score_matches(value, end.score)
        {
            report(Disagreement::WrongScore);
        }
    }
    if let Some(value) = ending.ply_count
        && !is_decimal(value, ending.plies)
    {
        report(Disagreement::WrongPlyCount);
    }
}

/// Whether a `Score` tag's value is `score`, written `S-N`.
pub(super) fn score_matches(value: &[u8], [south, north]: [u32; 2]) -> bool {
    // A short value: a plain search, not memchr's call.
    value.iter().position(|&b| b == b'-').is_some_and(|dash| {
        is_decimal(&value[..dash], u64::from(south))
            && is_decimal(&value[dash + 1..], u64::from(north))
    })
}

/// Whether `text` is `n` as `n.to_string()` writes it, without allocating
/// that string: checked for the `PlyCount` and `Score` tags of every game
/// (as bytes, which need not be seen as UTF-8 first).
pub(super) fn is_decimal(text: &(impl AsRef<[u8]> + ?Sized), mut n: u64) -> bool {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    text.as_ref() == &digits[start..]
}
