//! The legal moves of a position, each with what it would do: its laps, its
//! capture, the stores after it, and the game's end when it ends the game
//! (`ayo moves`).

use serde::Serialize;

use crate::notation::Numbering;
use crate::replay::DecidedBy;
use crate::rules::{Engine, GameEnd, Illegal, Pit, Position, Ruleset, Side, Status};
use crate::search::SearchError;

use super::analyze::{end_text, result_token, winner_text};
use super::json::{CaptureJson, LapJson, ResultJson, SideJson, serialize_side, side_json};
use super::table::{Fit, Grid, Laps, Style, capture_text, laps_json, laps_text};

/// One legal move and what it would do, in the field names `annotate` uses.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LegalMove {
    /// The move number the move would have: South's n-th turn and the North
    /// turn after it.
    pub number: u32,
    /// Who would move.
    #[serde(serialize_with = "serialize_side")]
    #[cfg_attr(feature = "schema", schemars(with = "SideJson"))]
    pub side: Side,
    /// The pit letter played.
    pub pit: char,
    /// The move as a record writes it, the capture claimed: `cx7`, `E`.
    pub notation: String,
    /// Seeds lifted from the pit played.
    pub seeds: u16,
    /// Every lap of the relay.
    pub(crate) laps: Vec<LapJson>,
    /// What would go to the store, or `null`.
    pub(crate) capture: Option<CaptureJson>,
    /// The stores after the move, South's first.
    pub stores: [u16; 2],
    /// How the game would end with this move, in the shape `ayo json` gives
    /// a result; `null` when the game would go on.
    pub(crate) result: Option<ResultJson>,
    /// The same end, for the table.
    #[serde(skip)]
    pub end: Option<GameEnd>,
}

/// A position's legal moves, as `ayo moves --format json` prints them.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct MovesJson {
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

/// See [`Moves::json`].
fn moves_json(
    moves: Vec<LegalMove>,
    end: Option<&GameEnd>,
    pos: &Position,
    rules: &Ruleset,
) -> MovesJson {
    MovesJson {
        file: None,
        game: None,
        ply: None,
        rules: rules.to_string(),
        setup: pos.to_string(),
        to_move: side_json(pos.to_move()),
        moves,
        result: end.map(end_json),
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
        let (legal, _) = LegalMove::played(engine, pos, pit, numbering).map_err(|e| match e {
            Illegal::Undecided { laps } => undecided(pit, laps),
            // `verdicts` found it legal; playing it again cannot differ.
            _ => undecided(pit, engine.max_laps()),
        })?;
        moves.push(legal);
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

impl LegalMove {
    /// `pit` played from `pos`, numbered `numbering`, as [`Moves::legal`]
    /// lists it, with the position after it; or why the rules refuse it. One
    /// move, without finding the others (what a program playing a game move
    /// by move wants).
    ///
    /// ```
    /// use ayo::notation::Numbering;
    /// use ayo::output::moves::LegalMove;
    /// use ayo::rules::{Engine, Pit, Ruleset};
    ///
    /// let engine = Engine::new(Ruleset::RUSS);
    /// let start = engine.start();
    /// let c = Pit::from_letter('c', start.pits()).unwrap();
    /// let (m, after) = LegalMove::played(&engine, &start, c, Numbering::new(1, false)).unwrap();
    /// assert_eq!((m.notation.as_str(), m.stores), ("cx7", [7, 0]));
    /// assert_eq!(after.stores(), [7, 0]);
    /// ```
    pub fn played(
        engine: &Engine,
        pos: &Position,
        pit: Pit,
        numbering: Numbering,
    ) -> Result<(LegalMove, Position), Illegal> {
        let pits = pos.pits();
        let o = engine.play_traced(pos, pit)?;
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
        let legal = LegalMove {
            number: numbering.number,
            side: o.side,
            pit: pit.letter(pits),
            notation,
            seeds: o.seeds(),
            laps: laps_json(&o, &o.laps),
            capture,
            stores: o.stores(),
            result: end.as_ref().map(end_json),
            end,
        };
        Ok((legal, o.position))
    }
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
                let mut json = moves_json(self.moves.clone(), self.end.as_ref(), pos, rules);
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

    /// The JSON of these moves, of `pos` under `rules`: what `ayo moves
    /// --format json` prints of a set-up ([`Document::Moves`](super::json::Document::Moves)).
    ///
    /// ```
    /// use ayo::notation::Numbering;
    /// use ayo::output::moves::Moves;
    /// use ayo::rules::{Engine, Ruleset};
    ///
    /// let engine = Engine::new(Ruleset::RUSS);
    /// let start = engine.start();
    /// let moves = Moves::legal(&engine, &start, Numbering::new(1, false)).unwrap();
    /// let json = serde_json::to_value(moves.json(&start, &Ruleset::RUSS)).unwrap();
    /// assert_eq!((json["to_move"].as_str(), json["moves"][2]["notation"].as_str()), (Some("south"), Some("cx7")));
    /// ```
    pub fn json(self, pos: &Position, rules: &Ruleset) -> impl Serialize + use<> {
        moves_json(self.moves, self.end.as_ref(), pos, rules)
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
    pub(crate) fn grid(&self, laps: Laps, csv: bool) -> Grid {
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
    use crate::rules::{Side, SplitMix64};

    /// Every pit of every position of `games` random games under `rules`:
    /// [`LegalMove::played`] answers what [`Moves::legal`] lists, and refuses what it
    /// leaves out with the rules' own reason.
    fn agrees(rules: Ruleset, games: u64) -> usize {
        let engine = Engine::new(rules);
        let mut checked = 0;
        for seed in 0..games {
            let mut positions = vec![engine.start()];
            let mut rng = SplitMix64::new(seed);
            engine
                .random_game(&engine.start(), &mut rng, 400, |_, p| positions.push(*p))
                .unwrap();
            for pos in positions {
                let numbering = Numbering::new(1, pos.to_move() == Side::North);
                let Ok(all) = Moves::legal(&engine, &pos, numbering) else {
                    continue;
                };
                for pit in pos.pits_of(pos.to_move()) {
                    let listed = all.moves.iter().find(|m| m.pit == pit.letter(pos.pits()));
                    match (LegalMove::played(&engine, &pos, pit, numbering), listed) {
                        (Ok((one, after)), Some(listed)) => {
                            assert_eq!(&one, listed, "{pos}");
                            assert_eq!(Ok(after), engine.play(&pos, pit), "{pos}");
                        }
                        (Err(e), None) => {
                            assert_eq!(Err(e), engine.play(&pos, pit), "{pos}")
                        }
                        (one, listed) => panic!("{pos} {pit:?}: {one:?} but {listed:?}"),
                    }
                    checked += 1;
                }
            }
        }
        checked
    }

    #[test]
    fn one_move_is_what_the_list_of_legal_moves_says_of_it() {
        assert!(agrees(Ruleset::RUSS, 200) > 20_000);
        for rules in [
            "endodoi",
            "russ pits=8",
            "russ seeds=3 skip-origin=never capture-seed=stays end=exhaustion",
        ] {
            assert!(agrees(rules.parse().unwrap(), 10) > 1000, "{rules}");
        }
    }

    #[test]
    fn a_move_that_ends_the_game_carries_its_result() {
        let engine = Engine::new(Ruleset::RUSS);
        // South holds 24 of 48 seeds; b's capture takes it past half.
        let pos = Position::from_setup("0,4,0,0,0,0/1,1,1,1,1,15 24-0 S", &Ruleset::RUSS).unwrap();
        let b = Pit::from_letter('b', 6).unwrap();
        let (m, _) = LegalMove::played(&engine, &pos, b, Numbering::new(1, false)).unwrap();
        let listed = Moves::legal(&engine, &pos, Numbering::new(1, false)).unwrap();
        assert_eq!(Some(&m), listed.moves.iter().find(|l| l.pit == 'b'));
        let result = m.result.expect("the game is over");
        assert_eq!(
            (result.token.as_str(), result.winner.as_deref()),
            ("1-0", Some("south"))
        );
    }

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
