//! A game's verdict: who won, decided once for every command (`json`'s
//! `result`, `filter --winner`, `standings`, `stats`, `annotate`'s result
//! line). RULES.md ("Who won a record") states the rules this code follows.

use std::fmt;

use crate::notation::{Outcome, Record};
use crate::rules::{GameEnd, Side};

use super::rule::outcome_of;
use super::{Game, find_tag};

/// What decided a game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecidedBy {
    /// The game ended on the board: the rules say who won.
    Board,
    /// The game did not end on the board: its termination token (a
    /// resignation, an agreement, an adjudication) says who won.
    Token,
}

impl DecidedBy {
    /// `"board"` or `"token"`, as the JSON output writes it.
    pub fn key(self) -> &'static str {
        match self {
            DecidedBy::Board => "board",
            DecidedBy::Token => "token",
        }
    }
}

/// Who won a replayed game, as every command says it.
///
/// - A game that ended on the board is decided by the board. A termination
///   token or `Result` tag that says otherwise is an error of the record
///   (`ayo validate` reports it): the board still decides, but the game does
///   not count in a table of results until the record is put right.
/// - A game that did not end on the board is decided by its token (`1-0`,
///   `0-1`, `1/2-1/2`); a `Result` tag that disagrees with the token keeps it
///   out of a table of results. `*` decides nothing.
/// - A record whose main line cannot be replayed to its end (an illegal
///   move, an unreadable `Rules` or `Setup` tag) decides nothing: its board
///   is unknown, so neither it nor the token can be checked.
///
/// A game that does not parse has no verdict; every command leaves it out
/// of its results and says why.
///
/// ```
/// use ayo::notation::{Outcome, Record};
/// use ayo::replay::{DecidedBy, Game, Options};
/// use ayo::rules::Side;
///
/// let verdict = |text: &str| Game::replay(Record::parse(text).unwrap(), &Options::default()).verdict();
///
/// // A resignation after one move: the token decides.
/// let v = verdict("1. c 0-1\n");
/// assert_eq!((v.outcome, v.decided_by), (Outcome::NorthWins, Some(DecidedBy::Token)));
/// assert_eq!(v.winner(), Some(Some(Side::North)));
/// assert!(v.counts());
///
/// // Adjourned: nothing decides it.
/// let v = verdict("1. c *\n");
/// assert_eq!((v.outcome, v.decided_by), (Outcome::Unknown, None));
/// assert_eq!(v.not_counted.as_deref(), Some("unfinished (`*`)"));
///
/// // An illegal move: the board is unknown, and so is the result.
/// let v = verdict("1. c c 1-0\n");
/// assert_eq!(v.outcome, Outcome::Unknown);
/// assert!(v.not_counted.unwrap().starts_with("the record is invalid: ply 2, North's c"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// `SouthWins`, `NorthWins` or `Draw`; `Unknown` when nothing decides
    /// the game.
    pub outcome: Outcome,
    /// What decided it; `None` when nothing did.
    pub decided_by: Option<DecidedBy>,
    /// Why the game does not count in a table of results (`ayo standings`):
    /// nothing decides it, or its record contradicts what does. `None` when
    /// it counts.
    pub not_counted: Option<String>,
}

impl Verdict {
    /// The winner: `Some(Some(side))`, `Some(None)` for a draw, `None` when
    /// the game is not decided.
    pub fn winner(&self) -> Option<Option<Side>> {
        match self.outcome {
            Outcome::SouthWins => Some(Some(Side::South)),
            Outcome::NorthWins => Some(Some(Side::North)),
            Outcome::Draw => Some(None),
            Outcome::Unknown => None,
        }
    }

    /// Whether the game counts in a table of results.
    pub fn counts(&self) -> bool {
        self.not_counted.is_none()
    }

    fn undecided(why: String) -> Verdict {
        Verdict {
            outcome: Outcome::Unknown,
            decided_by: None,
            not_counted: Some(why),
        }
    }
}

/// The outcome the `Result` tag claims, when it is readable and claims one.
fn tag_claim(record: &Record) -> Option<Outcome> {
    let tag = find_tag(record, "Result")?;
    Outcome::parse(&tag.value).filter(|&o| o != Outcome::Unknown)
}

/// The board's end, as the reasons quote it.
struct Ended<'a>(&'a GameEnd);

impl fmt::Display for Ended<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [south, north] = self.0.score;
        write!(
            f,
            "the game ended {} on the board ({}; final score {south}-{north})",
            outcome_of(self.0),
            self.0.reason
        )
    }
}

impl Game {
    /// Who won, and whether the game counts in a table of results: see
    /// [`Verdict`].
    pub fn verdict(&self) -> Verdict {
        if self.rules.is_none() || self.start.is_none() {
            // The Rules or Setup tag could not be read: its error says why.
            let why = self
                .errors
                .iter()
                .find(|d| d.is_error())
                .map_or("the game cannot be replayed".to_string(), |d| {
                    d.message.clone()
                });
            return Verdict::undecided(format!("the record is invalid: {why}"));
        }
        if let Some((ply, refusal)) = self
            .moves
            .iter()
            .find_map(|p| Some((p, p.refusal.as_deref()?)))
        {
            // Worded as `ayo validate` words the move.
            return Verdict::undecided(format!(
                "the record is invalid: ply {}, {}'s {}: {refusal}",
                ply.ply,
                ply.side.title(),
                ply.letter
            ));
        }
        let token = self.record.result.outcome;
        let claim = tag_claim(&self.record);
        if let Some(end) = &self.end {
            let outcome = outcome_of(end);
            let not_counted = if token != Outcome::Unknown && token != outcome {
                Some(format!("the record says {token}, but {}", Ended(end)))
            } else {
                claim
                    .filter(|&c| c != outcome)
                    .map(|c| format!("the Result tag says {c}, but {}", Ended(end)))
            };
            return Verdict {
                outcome,
                decided_by: Some(DecidedBy::Board),
                not_counted,
            };
        }
        if token == Outcome::Unknown {
            return Verdict::undecided("unfinished (`*`)".to_string());
        }
        Verdict {
            outcome: token,
            decided_by: Some(DecidedBy::Token),
            not_counted: claim.filter(|&c| c != token).map(|c| {
                format!("the Result tag says {c}, but the termination token says {token}")
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Record;
    use crate::replay::{Game, Options};

    fn verdict(text: &str) -> Verdict {
        Game::replay(Record::parse(text).unwrap(), &Options::default()).verdict()
    }

    /// Fixture games: the board's end, against tokens that agree or not.
    const WON_BY_SOUTH: &str = "[Result \"1-0\"]\n\n1. cx7 Fx2 2. fx2 D 3. dx3 Cx3 4. ax3 E 5. dx2 B 6. e E 7. b E 8. fx3 A 9. cx2\nEx2 10. c B 11. bx2 Ex4 12. cx2 1-0\n";

    #[test]
    fn the_board_decides_a_finished_game() {
        let v = verdict(WON_BY_SOUTH);
        assert_eq!(v.outcome, Outcome::SouthWins);
        assert_eq!(v.decided_by, Some(DecidedBy::Board));
        assert!(v.counts());
        // `*` claims nothing: the board still decides, and it counts.
        let v = verdict(
            &WON_BY_SOUTH
                .replace(" 1-0\n", " *\n")
                .replace("\"1-0\"", "\"*\""),
        );
        assert_eq!((v.outcome, v.counts()), (Outcome::SouthWins, true));
    }

    #[test]
    fn a_token_against_the_board_is_not_counted() {
        let v = verdict(&WON_BY_SOUTH.replace("1-0", "0-1"));
        assert_eq!(v.outcome, Outcome::SouthWins);
        assert_eq!(v.decided_by, Some(DecidedBy::Board));
        assert_eq!(
            v.not_counted.as_deref(),
            Some(
                "the record says 0-1, but the game ended 1-0 on the board (South holds more than half of the seeds; final score 26-11)"
            )
        );
        // The Result tag alone against the board.
        let v = verdict(&WON_BY_SOUTH.replace("[Result \"1-0\"]", "[Result \"0-1\"]"));
        assert!(
            v.not_counted
                .unwrap()
                .starts_with("the Result tag says 0-1")
        );
    }

    #[test]
    fn the_token_decides_an_unfinished_game() {
        let v = verdict("[Result \"1/2-1/2\"]\n\n1. c C 1/2-1/2\n");
        assert_eq!(
            (v.outcome, v.decided_by),
            (Outcome::Draw, Some(DecidedBy::Token))
        );
        assert_eq!(v.winner(), Some(None));
        assert!(v.counts());
        let v = verdict("[Result \"1-0\"]\n\n1. c C 1/2-1/2\n");
        assert_eq!(v.outcome, Outcome::Draw);
        assert_eq!(
            v.not_counted.as_deref(),
            Some("the Result tag says 1-0, but the termination token says 1/2-1/2")
        );
    }

    #[test]
    fn an_unreadable_ruleset_decides_nothing() {
        let v = verdict("[Rules \"russ pit=8\"]\n\n1. c 1-0\n");
        assert_eq!((v.outcome, v.decided_by), (Outcome::Unknown, None));
        assert!(
            v.not_counted
                .unwrap()
                .starts_with("the record is invalid: Rules tag:")
        );
    }
}
