//! What the engine commands print: `ayo best` (a search's answer) and `ayo
//! analyze` (each move of a game judged). They read [`Answer`](crate::search::Answer)s and replayed
//! games; no search happens here.

use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use crate::analysis::{Label, MoveVerdict, Outcome};
use crate::notation::{Comment, Numbering, Record, Span};
use crate::output::table::{Fit, Grid, Style, result_line, wrap_lines};
use crate::output::visible;
use crate::replay::Game;
use crate::rules::{GameEnd, Pit, Ruleset, Side};

mod best;
mod input;
mod run;

#[cfg(feature = "schema")]
pub(crate) use best::BestJson;
pub use run::AnalyzeOptions;

/// A value as the commands write it: `+4`, `0`, `-2`.
pub(crate) fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// A line of moves in record notation from `start`: `12. c A 13. d`, or
/// `12... A 13. d` when it starts with North's move.
pub(crate) fn line_text(moves: &[Pit], pits: u8, start: Numbering) -> String {
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
pub(crate) fn end_text(end: &GameEnd) -> String {
    format!("the game is over: {} ({})", winner_text(end), end.reason)
}

/// Who won a finished game and the final score: `South wins 25-21`, `draw
/// 24-24`.
pub(crate) fn winner_text(end: &GameEnd) -> String {
    let [s, n] = end.score;
    match end.winner {
        Some(side) => format!("{} wins {s}-{n}", side.title()),
        None => format!("draw {s}-{n}"),
    }
}

/// The result token of a finished game: `1-0`, `0-1` or `1/2-1/2`.
pub(crate) fn result_token(end: &GameEnd) -> &'static str {
    match end.winner {
        Some(Side::South) => "1-0",
        Some(Side::North) => "0-1",
        None => "1/2-1/2",
    }
}

/// One side's totals over a game.
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct SideTotals {
    /// Moves judged.
    pub(crate) move_count: usize,
    /// Seeds lost over the game.
    pub(crate) total_loss: i32,
    /// Seeds lost a move, to two decimals.
    pub(crate) average_loss: f64,
    /// Moves labelled `blunder`.
    pub(crate) blunder_count: usize,
    /// Moves labelled `mistake`.
    pub(crate) mistake_count: usize,
    /// Moves labelled `inaccuracy`.
    pub(crate) inaccuracy_count: usize,
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
    pub(crate) file: String,
    /// The game's number in its file, from 1.
    pub(crate) game: usize,
    /// The ruleset the game was analysed under.
    pub(crate) rules: String,
    /// Every main-line move that could be played, judged.
    pub(crate) moves: Vec<MoveVerdict>,
    /// South's totals.
    pub(crate) south: SideTotals,
    /// North's totals.
    pub(crate) north: SideTotals,
    /// Why the analysis stopped before the end of the main line: an illegal
    /// move.
    pub(crate) stopped: Option<String>,
}

impl GameAnalysis {
    /// Every main-line move that could be played, judged.
    pub fn moves(&self) -> &[MoveVerdict] {
        &self.moves
    }

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

    /// The analysis as `ayo analyze` prints it in `style`, `game` replayed
    /// under `rules` (`forced`: given with `--rules`): the text of
    /// [`GameAnalysis::text`] under the game's title, CSV rows with the file
    /// and game in front and the header line, or (`None`) one JSON line.
    pub fn render(
        &self,
        game: &Game,
        (rules, forced): (&Ruleset, bool),
        style: Option<Style>,
    ) -> serde_json::Result<String> {
        Ok(match style {
            None => serde_json::to_string(self)? + "\n",
            Some(Style::Csv) => {
                let grid = MoveVerdict::grid(&self.moves, rules.pits());
                grid.csv_rows(&self.file, self.game, true)
            }
            Some(style) => self.text(game, &game.title(self.game, forced), style),
        })
    }

    /// The analysis as `ayo analyze` prints it in a terminal table
    /// ([`Style::Table`]) or Markdown: the `heading`, the verdicts' table,
    /// the result of `game` and each side's totals. CSV and JSON are not
    /// text of this kind: see the serialization.
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
            _ => format!("### {}\n\n{table}\n{summary}", visible(heading)),
        }
    }
}

/// The CSV and table columns of a verdict (CSV puts `file` and `game` first).
pub(crate) const ANALYZE_HEADER: [&str; 8] = [
    "ply",
    "move",
    "value",
    "best",
    "best_value",
    "loss",
    "label",
    "pv",
];

/// See [`MoveVerdict::grid`].
pub(crate) fn analyze_grid(verdicts: &[MoveVerdict], pits: u8) -> Grid {
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

impl MoveVerdict {
    /// One grid row a verdict.
    pub(crate) fn grid(verdicts: &[MoveVerdict], pits: u8) -> Grid {
        analyze_grid(verdicts, pits)
    }
}

/// The comment `analyze --format ayo` adds: `best c +4; played -2`, or, for a move that
/// gave away an exact outcome, `threw away a won endgame; best c` (or `a
/// drawn endgame`).
pub(crate) fn verdict_comment(v: &MoveVerdict) -> String {
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

impl MoveVerdict {
    /// Whether a comment is one `analyze --format ayo` added (so a new run
    /// replaces it).
    ///
    /// ```
    /// use ayo::analysis::MoveVerdict;
    /// assert!(MoveVerdict::is_verdict_comment("best c +4; played -2"));
    /// assert!(!MoveVerdict::is_verdict_comment("a fine move"));
    /// ```
    pub fn is_verdict_comment(text: &str) -> bool {
        is_verdict_comment(text)
    }
}

/// See [`MoveVerdict::is_verdict_comment`].
pub(crate) fn is_verdict_comment(text: &str) -> bool {
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
pub(crate) fn write_verdicts(record: &mut Record, verdicts: &[MoveVerdict]) {
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

/// See [`MoveVerdict::annotated`].
pub(crate) fn annotated(mut record: Record, verdicts: &[MoveVerdict]) -> String {
    write_verdicts(&mut record, verdicts);
    record.to_text()
}

impl MoveVerdict {
    /// The record as `analyze --format ayo` prints it: canonical, with the
    /// verdicts added (see `write_verdicts`).
    pub fn annotated(record: Record, verdicts: &[MoveVerdict]) -> String {
        annotated(record, verdicts)
    }
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
