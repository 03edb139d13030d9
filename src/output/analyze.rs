//! What the engine commands print: `ayo best` (a search's answer) and `ayo
//! analyze` (each move of a game judged). They read [`Answer`]s and replayed
//! games; no search happens here.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::notation::Numbering;
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
    let [s, n] = end.score;
    let who = match end.winner {
        Some(side) => format!("{} wins", side.title()),
        None => "draw".to_string(),
    };
    format!("the game is over: {who} {s}-{n} ({})", end.reason)
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
    pub score: Value,
    /// Whether the value is the game's exact value.
    pub exact: bool,
    /// The principal variation, letters from `best`.
    pub pv: Vec<String>,
    /// Depth of the last finished iteration, in plies.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub ms: u64,
    /// What stopped the search: `depth`, `nodes`, `time` or `solved`.
    pub limit: &'static str,
    /// Every legal move's value at the last finished depth.
    pub moves: BTreeMap<String, Value>,
    /// The result token, when the game is over: `1-0`, `0-1`, `1/2-1/2`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<&'static str>,
    /// The final score, South's first, when the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub final_score: Option<[u32; 2]>,
}

impl BestJson {
    /// The JSON of an answer for a position of `pits` pits a row.
    pub fn new(answer: &Answer, pits: u8, setup: String) -> BestJson {
        let letter = |p: &Pit| p.letter(pits).to_string();
        BestJson {
            file: None,
            game: None,
            ply: None,
            setup,
            best: answer.best.as_ref().map(letter),
            score: answer.score,
            exact: answer.exact,
            pv: answer.pv.iter().map(letter).collect(),
            depth: answer.depth,
            nodes: answer.nodes,
            ms: u64::try_from(answer.elapsed.as_millis()).unwrap_or(u64::MAX),
            limit: answer.limit.key(),
            moves: answer.moves.iter().map(|(p, v)| (letter(p), *v)).collect(),
            result: answer.end.as_ref().map(result_token),
            final_score: answer.end.map(|e| e.score),
        }
    }
}

/// `ayo best`'s text: the move and score, the line, every move's value, and
/// what the search did (no time: the text is the same run after run).
pub fn best_text(answer: &Answer, pits: u8, start: Numbering) -> String {
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
    out += &format!(
        "depth {}, {} nodes, stopped by {}\n",
        answer.depth,
        answer.nodes,
        answer.limit.key()
    );
    out
}
