//! The engine's judgements as data: exact outcomes from the endgame tables,
//! the labels of a move's loss, and the verdict on one move. The outputs
//! (`output::analyze`) render them.

use serde::Serialize;

use crate::notation::Glyph;
use crate::rules::Pit;

/// A position's exact outcome for the side to move under `end=majority`, as
/// the endgame tables give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The side to move loses with perfect play by both sides.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins with perfect play by both sides.
    Win,
}

impl Outcome {
    /// The outcome of an exact value's sign: above 0 a win, 0 a draw, below
    /// 0 a loss.
    pub fn of(value: i32) -> Outcome {
        match value.signum() {
            1 => Outcome::Win,
            0 => Outcome::Draw,
            _ => Outcome::Loss,
        }
    }

    /// `win`, `draw` or `loss`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        }
    }
}

/// A move that made the exact outcome worse for its mover: from a win to a
/// draw or loss, or from a draw to a loss. Written `win->draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutcomeLost {
    /// The outcome before the move, with perfect play.
    pub(crate) from: Outcome,
    /// The outcome after it, for the same side.
    pub(crate) to: Outcome,
}

impl OutcomeLost {
    /// The loss of outcome of playing a move worth `to` in a position worth
    /// `from`; `None` when the move keeps the outcome.
    pub(crate) fn of(from: Outcome, to: Outcome) -> Option<OutcomeLost> {
        (to < from).then_some(OutcomeLost { from, to })
    }
}

impl std::fmt::Display for OutcomeLost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}->{}", self.from.as_str(), self.to.as_str())
    }
}

impl Serialize for OutcomeLost {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// What the endgame tables add to a search's answer under `end=majority`,
/// where they know each move's exact win, draw or loss but not its final
/// score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcomes {
    /// The position's exact outcome for the side to move.
    pub outcome: Outcome,
    /// Every legal move and its exact outcome for the mover, in pit order.
    pub moves: Vec<(Pit, Outcome)>,
    /// The search's own best move, when it gives away the exact outcome and
    /// another move was chosen instead.
    pub switched_from: Option<Pit>,
}

impl Outcomes {
    /// The exact outcome of playing `pit`, when the tables know it.
    pub fn of_move(&self, pit: Pit) -> Option<Outcome> {
        self.moves.iter().find(|(p, _)| *p == pit).map(|&(_, o)| o)
    }
}

/// How much a move lost, named: the labels of `ayo analyze`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Label {
    /// Lost at least [`Thresholds::blunder`] seeds.
    Blunder,
    /// Lost at least [`Thresholds::mistake`] seeds.
    Mistake,
    /// Lost at least [`Thresholds::inaccuracy`] seeds.
    Inaccuracy,
}

impl Label {
    /// `blunder`, `mistake` or `inaccuracy`.
    pub fn as_str(self) -> &'static str {
        match self {
            Label::Blunder => "blunder",
            Label::Mistake => "mistake",
            Label::Inaccuracy => "inaccuracy",
        }
    }

    /// The glyph `analyze --format ayo` gives a move that has none: `??`, `?`, `?!`.
    pub fn glyph(self) -> Glyph {
        match self {
            Label::Blunder => Glyph::Blunder,
            Label::Mistake => Glyph::Mistake,
            Label::Inaccuracy => Glyph::Dubious,
        }
    }
}

/// The least loss, in seeds, of each label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// 8 by default.
    pub blunder: i32,
    /// 4 by default.
    pub mistake: i32,
    /// 2 by default.
    pub inaccuracy: i32,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            blunder: 8,
            mistake: 4,
            inaccuracy: 2,
        }
    }
}

impl Thresholds {
    /// The label of a move: its loss's, raised to at least a mistake when
    /// the move gave away an exact outcome (a won or drawn endgame thrown
    /// away is never a mere inaccuracy, however few seeds the search sees).
    pub(crate) fn label_move(&self, loss: i32, outcome_lost: Option<OutcomeLost>) -> Option<Label> {
        match (self.label(loss), outcome_lost) {
            (label, None) => label,
            (Some(Label::Blunder), Some(_)) => Some(Label::Blunder),
            (_, Some(_)) => Some(Label::Mistake),
        }
    }

    /// The label of a loss, the gravest that applies; `None` below every
    /// threshold (a loss of 0 never has one).
    pub fn label(&self, loss: i32) -> Option<Label> {
        if loss <= 0 {
            None
        } else if loss >= self.blunder {
            Some(Label::Blunder)
        } else if loss >= self.mistake {
            Some(Label::Mistake)
        } else if loss >= self.inaccuracy {
            Some(Label::Inaccuracy)
        } else {
            None
        }
    }
}

/// The engine's verdict on one main-line move.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MoveVerdict {
    /// Ply, from 1.
    pub ply: u32,
    /// Move number.
    pub number: u32,
    /// `south` or `north`.
    pub side: &'static str,
    /// The move played.
    pub played: String,
    /// The played move's value, in seeds, from the mover's point of view.
    pub value: i32,
    /// The engine's move.
    pub best: String,
    /// The engine's move's value.
    pub best_value: i32,
    /// `best_value - value`: seeds the move gave away (0 for the best move).
    pub loss: i32,
    /// The label of the loss, if any.
    pub label: Option<Label>,
    /// Whether the values are exact.
    pub exact: bool,
    /// The depth searched.
    pub depth: u32,
    /// The engine's line from the position before the move.
    pub pv: Vec<String>,
    /// When the endgame tables (under `end=majority`) show that the move
    /// made the mover's exact outcome worse: `win->draw`, `win->loss` or
    /// `draw->loss`. Such a move is labelled at least a mistake, and `best`
    /// is a move that keeps the outcome.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub(crate) outcome_lost: Option<OutcomeLost>,
}

impl MoveVerdict {
    /// When the endgame tables (under `end=majority`) show that the move
    /// made the mover's exact outcome worse: the outcome before the move and
    /// the one after it, for the mover (`win` to `draw`, `win` to `loss`, or
    /// `draw` to `loss`; JSON writes it `win->draw`). Such a move is
    /// labelled at least a mistake, and `best` is a move that keeps the
    /// outcome.
    pub fn outcome_lost(&self) -> Option<(Outcome, Outcome)> {
        self.outcome_lost.map(|l| (l.from, l.to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_order_and_losses() {
        assert_eq!(Outcome::of(3), Outcome::Win);
        assert_eq!(Outcome::of(0), Outcome::Draw);
        assert_eq!(Outcome::of(-1), Outcome::Loss);
        assert_eq!(OutcomeLost::of(Outcome::Win, Outcome::Win), None);
        assert_eq!(OutcomeLost::of(Outcome::Loss, Outcome::Loss), None);
        assert_eq!(OutcomeLost::of(Outcome::Draw, Outcome::Win), None);
        let lost = OutcomeLost::of(Outcome::Win, Outcome::Draw);
        assert_eq!(lost.map(|l| l.to_string()).as_deref(), Some("win->draw"));
        let lost = OutcomeLost::of(Outcome::Draw, Outcome::Loss);
        assert_eq!(lost.map(|l| l.to_string()).as_deref(), Some("draw->loss"));
    }

    #[test]
    fn a_lost_outcome_is_at_least_a_mistake() {
        let t = Thresholds::default();
        let lost = OutcomeLost::of(Outcome::Win, Outcome::Loss);
        assert_eq!(t.label_move(0, None), None);
        assert_eq!(t.label_move(0, lost), Some(Label::Mistake));
        assert_eq!(t.label_move(2, lost), Some(Label::Mistake));
        assert_eq!(t.label_move(9, lost), Some(Label::Blunder));
        assert_eq!(t.label_move(9, None), Some(Label::Blunder));
    }
}
