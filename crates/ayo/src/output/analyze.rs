//! What the engine commands print: `ayo best` (a search's answer) and `ayo
//! analyze` (each move of a game judged). They read [`Answer`]s and replayed
//! games; no search happens here.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use crate::notation::{Comment, Glyph, Numbering, Record, Span};
use crate::output::table::{Fit, Grid};
use crate::rules::{GameEnd, Pit, Side};
use crate::search::{Answer, Value};

/// A value as the commands write it: `+4`, `0`, `-2`.
pub fn signed(v: Value) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// A line of moves in record notation from `start`: `12. c A 13. d`, or
/// `12... A 13. d` when it starts with North's move.
pub fn line_text(moves: &[Pit], pits: u8, start: Numbering) -> String {
    let mut out = String::new();
    for (k, pit) in moves.iter().enumerate() {
        let place = start.nth(k);
        if k > 0 {
            out.push(' ');
        }
        if k == 0 || !place.north {
            out.push_str(&place.to_string());
            out.push(' ');
        }
        out.push(pit.letter(pits));
    }
    out
}

/// How a finished game ended, as `best` prints it: `South wins 25-21
/// (majority)`.
pub fn end_text(end: &GameEnd) -> String {
    format!("the game is over: {} ({})", winner_text(end), end.reason)
}

/// Who won a finished game and the final score: `South wins 25-21`, `draw
/// 24-24`.
pub fn winner_text(end: &GameEnd) -> String {
    let [s, n] = end.score;
    match end.winner {
        Some(side) => format!("{} wins {s}-{n}", side.title()),
        None => format!("draw {s}-{n}"),
    }
}

/// The result token of a finished game: `1-0`, `0-1` or `1/2-1/2`.
pub fn result_token(end: &GameEnd) -> &'static str {
    match end.winner {
        Some(Side::South) => "1-0",
        Some(Side::North) => "0-1",
        None => "1/2-1/2",
    }
}

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
    pub fn of(value: Value) -> Outcome {
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
pub struct OutcomeLost {
    /// The outcome before the move, with perfect play.
    pub from: Outcome,
    /// The outcome after it, for the same side.
    pub to: Outcome,
}

impl OutcomeLost {
    /// The loss of outcome of playing a move worth `to` in a position worth
    /// `from`; `None` when the move keeps the outcome.
    pub fn of(from: Outcome, to: Outcome) -> Option<OutcomeLost> {
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

/// `ayo best --format json`: one object a position.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct BestJson {
    /// The file the position was read from (absent for `--setup`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The game's number in its file, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<usize>,
    /// The ply the position follows (0: the game's start).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    /// The position's set-up string.
    pub setup: String,
    /// The best move's letter; `null` when the game is over.
    pub best: Option<String>,
    /// The value, in seeds, from the side to move's point of view.
    pub value: Value,
    /// Whether the value is the game's exact value.
    pub exact: bool,
    /// The principal variation, letters from `best`.
    pub pv: Vec<String>,
    /// Depth of the last finished iteration, in plies.
    pub depth: u32,
    /// Positions searched.
    pub node_count: u64,
    /// Milliseconds spent.
    pub ms: u64,
    /// What stopped the search: `depth`, `nodes`, `time` or `solved`.
    pub limit: &'static str,
    /// Every legal move's value at the last finished depth, by pit letter.
    pub move_values: BTreeMap<String, Value>,
    /// The result token, when the game is over: `1-0`, `0-1`, `1/2-1/2`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<&'static str>,
    /// The final score, South's first, when the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<[u32; 2]>,
    /// The exact outcome for the side to move, from the endgame tables
    /// (under `end=majority`, with the position inside them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// Every legal move's exact outcome for the mover, from the tables, by
    /// pit letter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_outcomes: Option<BTreeMap<String, Outcome>>,
    /// The search's own best move, when it gave away the exact outcome and
    /// `best` is another move that keeps it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub switched_from: Option<String>,
}

impl BestJson {
    /// The JSON of an answer for a position of `pits` pits a row.
    /// `outcomes` are the tables' exact outcomes, when the position is
    /// inside them under `end=majority`.
    pub fn new(answer: &Answer, outcomes: Option<&Outcomes>, pits: u8, setup: String) -> BestJson {
        let letter = |p: &Pit| p.letter(pits).to_string();
        BestJson {
            file: None,
            game: None,
            ply: None,
            setup,
            best: answer.best.as_ref().map(letter),
            value: answer.score,
            exact: answer.exact,
            pv: answer.pv.iter().map(letter).collect(),
            depth: answer.depth,
            node_count: answer.nodes,
            ms: u64::try_from(answer.elapsed.as_millis()).unwrap_or(u64::MAX),
            limit: answer.limit.key(),
            move_values: answer.moves.iter().map(|(p, v)| (letter(p), *v)).collect(),
            token: answer.end.as_ref().map(result_token),
            score: answer.end.map(|e| e.score),
            outcome: outcomes.map(|o| o.outcome),
            move_outcomes: outcomes.map(|o| o.moves.iter().map(|(p, v)| (letter(p), *v)).collect()),
            switched_from: outcomes.and_then(|o| o.switched_from.as_ref().map(letter)),
        }
    }
}

/// `ayo best`'s text: the move and score, the line, every move's value, and
/// what the search did (no time: the text is the same run after run). With
/// the tables' `outcomes`, two more lines: the exact outcome and each move's,
/// and a third when the search's own best move was replaced.
pub fn best_text(
    answer: &Answer,
    outcomes: Option<&Outcomes>,
    pits: u8,
    start: Numbering,
) -> String {
    let Some(best) = answer.best else {
        let end = answer
            .end
            .as_ref()
            .map_or_else(|| "the game is over".to_string(), end_text);
        return format!("no move: {end}\n");
    };
    let exact = if answer.exact { " exact" } else { "" };
    let mut out = format!(
        "best {} {}{exact}\npv {}\n",
        best.letter(pits),
        signed(answer.score),
        line_text(&answer.pv, pits, start)
    );
    if !answer.moves.is_empty() {
        let moves: Vec<String> = answer
            .moves
            .iter()
            .map(|(p, v)| format!("{} {}", p.letter(pits), signed(*v)))
            .collect();
        out += &format!("moves {}\n", moves.join(", "));
    }
    if let Some(o) = outcomes {
        out += &format!("outcome {} exact (endgame tables)\n", o.outcome.as_str());
        let moves: Vec<String> = o
            .moves
            .iter()
            .map(|(p, v)| format!("{} {}", p.letter(pits), v.as_str()))
            .collect();
        out += &format!("outcomes {}\n", moves.join(", "));
        if let Some(from) = o.switched_from {
            out += &format!(
                "the search preferred {}, which gives away the {}: {} keeps it\n",
                from.letter(pits),
                o.outcome.as_str(),
                best.letter(pits)
            );
        }
    }
    out += &format!(
        "depth {}, {} node{}, stopped by {}\n",
        answer.depth,
        answer.nodes,
        super::plural(answer.nodes),
        answer.limit.key()
    );
    out
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
    pub blunder: Value,
    /// 4 by default.
    pub mistake: Value,
    /// 2 by default.
    pub inaccuracy: Value,
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
    pub fn label_move(&self, loss: Value, outcome_lost: Option<OutcomeLost>) -> Option<Label> {
        match (self.label(loss), outcome_lost) {
            (label, None) => label,
            (Some(Label::Blunder), Some(_)) => Some(Label::Blunder),
            (_, Some(_)) => Some(Label::Mistake),
        }
    }

    /// The label of a loss, the gravest that applies; `None` below every
    /// threshold (a loss of 0 never has one).
    pub fn label(&self, loss: Value) -> Option<Label> {
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
    pub value: Value,
    /// The engine's move.
    pub best: String,
    /// The engine's move's value.
    pub best_value: Value,
    /// `best_value - value`: seeds the move gave away (0 for the best move).
    pub loss: Value,
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
    pub outcome_lost: Option<OutcomeLost>,
}

/// One side's totals over a game.
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SideTotals {
    /// Moves judged.
    pub move_count: usize,
    /// Seeds lost over the game.
    pub total_loss: Value,
    /// Seeds lost a move, to two decimals.
    pub average_loss: f64,
    /// Moves labelled `blunder`.
    pub blunder_count: usize,
    /// Moves labelled `mistake`.
    pub mistake_count: usize,
    /// Moves labelled `inaccuracy`.
    pub inaccuracy_count: usize,
}

impl SideTotals {
    /// The totals of one side's moves.
    pub fn of(verdicts: &[MoveVerdict], side: &str) -> SideTotals {
        let mut t = SideTotals::default();
        for v in verdicts.iter().filter(|v| v.side == side) {
            t.move_count += 1;
            t.total_loss += v.loss;
            match v.label {
                Some(Label::Blunder) => t.blunder_count += 1,
                Some(Label::Mistake) => t.mistake_count += 1,
                Some(Label::Inaccuracy) => t.inaccuracy_count += 1,
                None => {}
            }
        }
        if t.move_count > 0 {
            // Hundredths, rounded, so that the figure is the same everywhere.
            let hundredths =
                (i64::from(t.total_loss) * 100 + t.move_count as i64 / 2) / t.move_count as i64;
            t.average_loss = hundredths as f64 / 100.0;
        }
        t
    }

    /// `12 seeds lost in 20 moves (0.60 a move): 1 blunder, 0 mistakes, 2 inaccuracies`.
    pub fn text(&self) -> String {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        format!(
            "{} lost in {} ({:.2} a move): {}, {}, {}",
            plural(self.total_loss.max(0) as usize, "seed", "seeds"),
            plural(self.move_count, "move", "moves"),
            self.average_loss,
            plural(self.blunder_count, "blunder", "blunders"),
            plural(self.mistake_count, "mistake", "mistakes"),
            plural(self.inaccuracy_count, "inaccuracy", "inaccuracies"),
        )
    }
}

/// `ayo analyze --format json`: one object a game.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GameAnalysis {
    /// The input's name.
    pub file: String,
    /// The game's number in its file, from 1.
    pub game: usize,
    /// The ruleset the game was analysed under.
    pub rules: String,
    /// Every main-line move that could be played, judged.
    pub moves: Vec<MoveVerdict>,
    /// South's totals.
    pub south: SideTotals,
    /// North's totals.
    pub north: SideTotals,
    /// Why the analysis stopped before the end of the main line: an illegal
    /// move.
    pub stopped: Option<String>,
}

/// The CSV and table columns of a verdict (CSV puts `file` and `game` first).
pub const ANALYZE_HEADER: [&str; 8] = [
    "ply",
    "move",
    "value",
    "best",
    "best_value",
    "loss",
    "label",
    "pv",
];

/// One grid row a verdict.
pub fn analyze_grid(verdicts: &[MoveVerdict], pits: u8) -> Grid {
    let rows = verdicts
        .iter()
        .map(|v| {
            let place = Numbering::new(v.number, v.side == "north");
            let pv: Vec<Pit> =
                v.pv.iter()
                    .filter_map(|l| l.chars().next().and_then(|c| Pit::from_letter(c, pits)))
                    .collect();
            vec![
                v.ply.to_string(),
                format!("{place} {}", v.played),
                signed(v.value),
                v.best.clone(),
                format!(
                    "{}{}",
                    signed(v.best_value),
                    if v.exact { " exact" } else { "" }
                ),
                v.loss.to_string(),
                match (v.label, v.outcome_lost) {
                    (Some(l), Some(lost)) => format!("{} ({lost})", l.as_str()),
                    (Some(l), None) => l.as_str().to_string(),
                    (None, Some(lost)) => lost.to_string(),
                    (None, None) => String::new(),
                },
                line_text(&pv, pits, place),
            ]
        })
        .collect();
    let mut grid = Grid::new(ANALYZE_HEADER.iter().map(|s| s.to_string()).collect(), rows);
    grid.fit = vec![
        Fit::Keep,
        Fit::Keep,
        Fit::Keep,
        Fit::Keep,
        Fit::Keep,
        Fit::Keep,
        Fit::Keep,
        Fit::Below(0),
    ];
    grid
}

/// The comment `analyze --format ayo` adds: `best c +4; played -2`, or, for a move that
/// gave away an exact outcome, `threw away a won endgame; best c` (or `a
/// drawn endgame`).
pub fn verdict_comment(v: &MoveVerdict) -> String {
    if let Some(lost) = v.outcome_lost {
        let what = match lost.from {
            Outcome::Win => "won",
            Outcome::Draw | Outcome::Loss => "drawn",
        };
        return format!("threw away a {what} endgame; best {}", v.best);
    }
    format!(
        "best {} {}; played {}",
        v.best,
        signed(v.best_value),
        signed(v.value)
    )
}

/// Whether a comment is one `analyze --format ayo` added (so a new run replaces it).
pub fn is_verdict_comment(text: &str) -> bool {
    static VERDICT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^(?:best [A-Za-z] (?:\+[1-9][0-9]*|0|-[1-9][0-9]*); played (?:\+[1-9][0-9]*|0|-[1-9][0-9]*)|threw away a (?:won|drawn) endgame; best [A-Za-z])$")
            .unwrap_or_else(|e| unreachable!("a fixed pattern: {e}"))
    });
    VERDICT.is_match(text)
}

/// Adds the verdicts to a record's main line, as `analyze --format ayo` prints it: every
/// comment an earlier run added is removed; each labelled move gets its
/// comment, and its label's glyph when it has none. Everything else (other
/// comments, glyphs, NAGs, variations) is left as it was.
pub fn write_verdicts(record: &mut Record, verdicts: &[MoveVerdict]) {
    for m in &mut record.moves {
        if m.after().iter().any(|c| is_verdict_comment(&c.text)) {
            let kept: Vec<Comment> = std::mem::take(m.after_mut())
                .into_iter()
                .filter(|c| !is_verdict_comment(&c.text))
                .collect();
            for c in kept {
                m.after_mut().push(c);
            }
        }
    }
    for v in verdicts {
        let Some(label) = v.label else { continue };
        let Some(m) = usize::try_from(v.ply)
            .ok()
            .and_then(|p| p.checked_sub(1))
            .and_then(|i| record.moves.get_mut(i))
        else {
            continue;
        };
        if m.glyph.is_none() {
            m.glyph = Some(label.glyph());
        }
        m.after_mut().push(Comment {
            text: verdict_comment(v),
            span: Span::default(),
        });
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

    #[test]
    fn verdict_comments_are_recognised() {
        assert!(is_verdict_comment("best c +4; played -2"));
        assert!(is_verdict_comment("threw away a won endgame; best A"));
        assert!(is_verdict_comment("threw away a drawn endgame; best a"));
        assert!(!is_verdict_comment("threw away a won endgame"));
        assert!(!is_verdict_comment("threw away a lost endgame; best a"));
    }
}
