//! What the engine commands print: `ayo best` (a search's answer) and `ayo
//! analyze` (each move of a game judged). They read [`Answer`]s and replayed
//! games; no search happens here.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use crate::analysis::{Label, MoveVerdict, Outcome, Outcomes};
use crate::notation::{Comment, Numbering, Record, Span, write_record};
use crate::output::table::{Fit, Grid, Style, result_line, wrap_lines};
use crate::replay::Game;
use crate::rules::{GameEnd, Pit, Ruleset, Side};
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

/// `ayo best --format json`: one object a position.
#[derive(Debug, Serialize, schemars::JsonSchema)]
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

/// One side's totals over a game.
#[derive(Clone, Debug, Default, Serialize, schemars::JsonSchema)]
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
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
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

impl GameAnalysis {
    /// The analysis of game `number` of `file`, replayed as `game` under
    /// `rules`, from the verdicts on its main-line moves: each side's totals,
    /// and why the verdicts stop short of the end, when they do.
    pub fn new(
        file: &str,
        number: usize,
        rules: &Ruleset,
        game: &Game,
        verdicts: Vec<MoveVerdict>,
    ) -> GameAnalysis {
        let stopped = game.moves.get(verdicts.len()).map(|m| {
            let side = m.side.title();
            match &m.refusal {
                Some(why) => format!("ply {}, {side}'s {}: {why}", m.ply, m.letter),
                None => format!("ply {}: not played", m.ply),
            }
        });
        GameAnalysis {
            file: file.to_string(),
            game: number,
            rules: rules.to_string(),
            south: SideTotals::of(&verdicts, Side::South.name()),
            north: SideTotals::of(&verdicts, Side::North.name()),
            moves: verdicts,
            stopped,
        }
    }

    /// The analysis as `ayo analyze` prints it in a terminal table
    /// ([`Style::Table`]) or Markdown: the `heading`, the verdicts' table,
    /// the result of `game` and each side's totals. CSV and JSON are not
    /// text of this kind: see [`analyze_grid`] and the serialization.
    pub fn text(&self, game: &Game, heading: &str, style: Style) -> String {
        let pits = game.rules.map_or(6, |r| r.pits());
        let table = analyze_grid(&self.moves, pits).render(style);
        let mut summary = format!(
            "{}\nSouth: {}\nNorth: {}\n",
            result_line(game),
            self.south.text(),
            self.north.text()
        );
        if let Some(why) = &self.stopped {
            summary += &format!("analysis stopped at {why}\n");
        }
        match style {
            Style::Table { width, .. } => {
                let summary: String = summary.lines().map(|l| wrap_lines(l, width)).collect();
                format!("{}\n{table}\n{summary}", wrap_lines(heading, width))
            }
            _ => format!("### {heading}\n\n{table}\n{summary}"),
        }
    }
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

/// The record as `analyze --format ayo` prints it: canonical, with the
/// verdicts added (see [`write_verdicts`]).
pub fn annotated(mut record: Record, verdicts: &[MoveVerdict]) -> String {
    write_verdicts(&mut record, verdicts);
    write_record(&record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdict_comments_are_recognised() {
        assert!(is_verdict_comment("best c +4; played -2"));
        assert!(is_verdict_comment("threw away a won endgame; best A"));
        assert!(is_verdict_comment("threw away a drawn endgame; best a"));
        assert!(!is_verdict_comment("threw away a won endgame"));
        assert!(!is_verdict_comment("threw away a lost endgame; best a"));
    }
}
