//! `ayo best`: a search's answer as text and JSON.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::analysis::{Best, Outcome, Outcomes};
use crate::notation::Numbering;
use crate::rules::{Pit, Position};
use crate::search::Answer;

use super::{end_text, line_text, result_token, signed};

/// `ayo best --format json`: one object a position.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct BestJson {
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
    pub value: i32,
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
    pub move_values: BTreeMap<String, i32>,
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
    pub(crate) fn new(
        answer: &Answer,
        outcomes: Option<&Outcomes>,
        pits: u8,
        setup: String,
    ) -> BestJson {
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

impl Best {
    /// The answer for `pos` as `ayo best` prints it: its text (see
    /// [`Best::text`]; `numbering`: the move to come), after the place the
    /// position came from (file, game from 1, ply; `None` for a set-up), or
    /// with `json` one JSON line.
    pub fn render(
        &self,
        (pos, numbering): (&Position, Numbering),
        place: Option<(&str, usize, usize)>,
        json: bool,
    ) -> serde_json::Result<String> {
        if !json {
            let mut text = String::new();
            if let Some((file, game, ply)) = place {
                text = format!("{file}: game {game}, after ply {ply}\n");
            }
            return Ok(text + &self.text(pos.pits(), numbering));
        }
        let (outcomes, setup) = (self.outcomes.as_ref(), pos.to_string());
        let mut json = BestJson::new(&self.answer, outcomes, pos.pits(), setup);
        if let Some((file, game, ply)) = place {
            (json.file, json.game, json.ply) = (Some(file.to_string()), Some(game), Some(ply));
        }
        Ok(serde_json::to_string(&json)? + "\n")
    }
}

impl Best {
    /// `ayo best`'s text: the move and score, the line, every move's value, and
    /// what the search did (no time: the text is the same run after run). With
    /// the tables' outcomes, two more lines: the exact outcome and each move's,
    /// and a third when the search's own best move was replaced. `pits` is
    /// the board's, and `start` numbers the position's move.
    pub fn text(&self, pits: u8, start: Numbering) -> String {
        best_text(&self.answer, self.outcomes.as_ref(), pits, start)
    }
}

/// See [`Best::text`].
pub(crate) fn best_text(
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
        crate::output::plural(answer.nodes),
        answer.limit.key()
    );
    out
}
