//! The legal moves of a position, each with what it would do: its laps, its
//! capture, the stores after it, and the game's end when it ends the game
//! (`ayo moves`).

use serde::Serialize;

use crate::notation::Numbering;
use crate::replay::DecidedBy;
use crate::rules::{Engine, GameEnd, Illegal, Position, Ruleset, Status};
use crate::search::SearchError;

use super::analyze::{end_text, result_token, winner_text};
use super::json::{CaptureJson, LapJson, ResultJson, SideJson, side_json};
use super::table::{Fit, Grid, Laps, Style, capture_text, laps_json, laps_text};

/// One legal move and what it would do, in the field names `annotate` uses.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LegalMove {
    /// The move number the move would have: South's n-th turn and the North
    /// turn after it.
    pub number: u32,
    /// Who would move.
    pub side: SideJson,
    /// The pit letter played.
    pub pit: char,
    /// The move as a record writes it, the capture claimed: `cx7`, `E`.
    pub notation: String,
    /// Seeds lifted from the pit played.
    pub seeds: u16,
    /// Every lap of the relay.
    pub laps: Vec<LapJson>,
    /// What would go to the store, or `null`.
    pub capture: Option<CaptureJson>,
    /// The stores after the move, South's first.
    pub stores: [u16; 2],
    /// How the game would end with this move, in the shape `ayo json` gives
    /// a result; `null` when the game would go on.
    pub result: Option<ResultJson>,
    /// The same end, for the table.
    #[serde(skip)]
    pub end: Option<GameEnd>,
}

/// A position's legal moves, as `ayo moves --format json` prints them.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MovesJson {
    /// The file the position was read from (absent for `--setup`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The game's number in its file, from 1 (absent for `--setup`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<usize>,
    /// The ply the position follows, 0 for the game's start (absent for
    /// `--setup`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    /// The canonical ruleset string the moves were played under.
    pub rules: String,
    /// The position's set-up string.
    pub setup: String,
    /// The side to move.
    pub to_move: SideJson,
    /// Every legal move, in pit order; empty when the game is over.
    pub moves: Vec<LegalMove>,
    /// How the game ended when it is over at this position (it then has no
    /// legal move); `null` while it goes on.
    pub result: Option<ResultJson>,
}

/// The legal moves of a position and how the game stands there.
#[derive(Clone, Debug, PartialEq)]
pub struct Moves {
    /// Every legal move, in pit order.
    pub moves: Vec<LegalMove>,
    /// How the game ended, when it is over at this position.
    pub end: Option<GameEnd>,
    /// The number the next move has.
    pub numbering: Numbering,
}

/// The result of a game that ended on the board, as `ayo json` writes one.
fn end_json(end: &GameEnd) -> ResultJson {
    ResultJson {
        token: result_token(end).to_string(),
        score: Some(end.score),
        winner: Some(
            end.winner
                .map_or("draw".to_string(), |s| s.name().to_string()),
        ),
        ended_by: Some(end.reason.key().to_string()),
        decided_by: Some(DecidedBy::Board.key().to_string()),
        not_counted: None,
    }
}

/// See [`Moves::legal`].
#[allow(
    clippy::result_large_err,
    reason = "SearchError holds the whole position so that its message can name it; it is returned once, when a search stops"
)]
pub(crate) fn legal_moves(
    engine: &Engine,
    pos: &Position,
    numbering: Numbering,
) -> Result<Moves, SearchError> {
    let pits = pos.pits();
    let undecided = |pit, laps| SearchError::Undecided {
        position: *pos,
        pit,
        laps,
    };
    let mut moves = Vec::new();
    for (pit, verdict) in engine.verdicts(pos) {
        match verdict {
            Ok(_) => {}
            Err(Illegal::Undecided { laps }) => return Err(undecided(pit, laps)),
            Err(_) => continue,
        }
        let o = engine.play_traced(pos, pit).map_err(|e| match e {
            Illegal::Undecided { laps } => undecided(pit, laps),
            // `verdicts` found it legal; playing it again cannot differ.
            _ => undecided(pit, engine.max_laps()),
        })?;
        let capture = o.capture.map(|c| CaptureJson {
            pit: c.pit.letter(pits),
            seeds: c.seeds(),
            capturing_seed: c.capturing_seed,
        });
        let mut notation = pit.letter(pits).to_string();
        if let Some(c) = &capture {
            notation += &format!("x{}", c.seeds);
        }
        // The game's end after the move; when the side to move next has a
        // relay undecided at the limit, nobody can say, and none is given.
        let end = match engine.status(&o.position) {
            Ok(Status::Over(end)) => Some(end),
            _ => None,
        };
        moves.push(LegalMove {
            number: numbering.number,
            side: side_json(o.side),
            pit: pit.letter(pits),
            notation,
            seeds: o.seeds(),
            laps: laps_json(&o, &o.laps),
            capture,
            stores: o.stores(),
            result: end.as_ref().map(end_json),
            end,
        });
    }
    let end = match engine.status(pos) {
        Ok(Status::Over(end)) => Some(end),
        _ => None,
    };
    Ok(Moves {
        moves,
        end,
        numbering,
    })
}

impl Moves {
    /// Every legal move of `pos`, each played and traced, the first numbered
    /// `numbering`. A relay undecided at the engine's lap limit is an error: the
    /// moves of the position are then not known (an endless relay is simply not
    /// legal).
    #[allow(
        clippy::result_large_err,
        reason = "SearchError holds the whole position so that its message can name it; it is returned once, when a search stops"
    )]
    pub fn legal(
        engine: &Engine,
        pos: &Position,
        numbering: Numbering,
    ) -> Result<Moves, SearchError> {
        legal_moves(engine, pos, numbering)
    }
}

impl Moves {
    /// These moves of `pos` under `rules` as `ayo moves` prints them in
    /// `style`, `place` being the file, game (from 1) and ply the position
    /// follows (`None` for a set-up): a heading, how the game stands and the
    /// table (`laps` as asked); CSV rows with the file and game in front and
    /// the header line; or (`None`) one JSON line.
    pub fn render(
        &self,
        (pos, rules): (&Position, &Ruleset),
        place: Option<(&str, usize, usize)>,
        laps: Laps,
        style: Option<Style>,
    ) -> serde_json::Result<String> {
        Ok(match style {
            None => {
                let mut json = self.json(pos, rules.to_string());
                if let Some((file, game, ply)) = place {
                    (json.file, json.game, json.ply) =
                        (Some(file.to_string()), Some(game), Some(ply));
                }
                serde_json::to_string(&json)? + "\n"
            }
            Some(Style::Csv) => {
                let (file, game, _) = place.unwrap_or(("", 0, 0));
                self.grid(laps, true).csv_rows(file, game, true)
            }
            Some(style) => {
                let heading = match place {
                    Some((file, game, ply)) => {
                        format!("{file}: game {game}, after ply {ply}, rules: {rules}")
                    }
                    None => format!("Set-up {pos}, rules: {rules}"),
                };
                let summary = style.line(&self.summary(pos));
                let mut text = format!("{}\n{summary}", style.heading(&heading));
                if !self.moves.is_empty() {
                    text += &format!("\n{}", self.grid(laps, false).render(style));
                }
                text
            }
        })
    }

    /// The JSON of these moves, of `pos` under `rules`.
    pub fn json(&self, pos: &Position, rules: String) -> MovesJson {
        MovesJson {
            file: None,
            game: None,
            ply: None,
            rules,
            setup: pos.to_string(),
            to_move: side_json(pos.to_move()),
            moves: self.moves.clone(),
            result: self.end.as_ref().map(end_json),
        }
    }

    /// The line under the heading: the move number, whose turn it is and how
    /// many moves they have (`Move 2, South to move: 4 legal moves.`), or how
    /// the game ended (`No legal move: the game is over: …`).
    pub fn summary(&self, pos: &Position) -> String {
        match (&self.end, self.moves.len()) {
            (Some(end), _) => format!("No legal move: {}.", end_text(end)),
            (None, n) => format!(
                "Move {}, {} to move: {n} legal move{}.",
                self.numbering.number,
                pos.to_move().title(),
                if n == 1 { "" } else { "s" }
            ),
        }
    }

    /// The moves as a grid: move (as a record writes it, its number left to
    /// the summary: every row shares it), seeds, relay (laps written as `annotate`
    /// writes them), capture, stores, and the result of the moves that end
    /// the game (no column when none does). For
    /// `csv` the stores take two columns (`south_store`, `north_store`), as
    /// in `annotate`.
    pub fn grid(&self, laps: Laps, csv: bool) -> Grid {
        let mut header = vec!["move", "seeds", "relay", "capture"];
        let mut fit = vec![
            Fit::Keep,
            Fit::Optional(1),
            // A relay wraps at its laps, a capture at its words: a narrow
            // terminal keeps every move's story in its row.
            Fit::Wrap,
            Fit::Wrap,
        ];
        if csv {
            header.extend(["south_store", "north_store"]);
            fit.extend([Fit::Keep, Fit::Keep]);
        } else {
            header.push("stores");
            fit.push(Fit::Keep);
        }
        // The result column only when some move ends the game; CSV keeps
        // it always, for one header over every position.
        let results = csv || self.moves.iter().any(|m| m.end.is_some());
        if results {
            header.push("result");
            fit.push(Fit::Optional(2));
        }
        let rows = self
            .moves
            .iter()
            .map(|m| {
                let mut row = vec![
                    m.notation.clone(),
                    m.seeds.to_string(),
                    laps_text(&m.laps, laps),
                    m.capture.as_ref().map(capture_text).unwrap_or_default(),
                ];
                let [s, n] = m.stores;
                if csv {
                    row.extend([s.to_string(), n.to_string()]);
                } else {
                    row.push(format!("{s}-{n}"));
                }
                if results {
                    row.push(m.end.as_ref().map(winner_text).unwrap_or_default());
                }
                row
            })
            .collect();
        Grid {
            header: header.into_iter().map(str::to_string).collect(),
            rows,
            fit,
            never_stacked: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    #[test]
    fn the_start_has_six_moves_and_b_takes_seven() {
        let engine = Engine::new(Ruleset::RUSS);
        let moves = legal_moves(&engine, &engine.start(), Numbering::new(1, false)).unwrap();
        assert_eq!(moves.moves.len(), 6);
        let b = &moves.moves[1];
        assert_eq!((b.pit, b.notation.as_str(), b.stores), ('b', "bx7", [7, 0]));
        assert!(moves.end.is_none());
    }
}
