//! Comparing rulings: one record replayed under several rulesets, and where
//! their outcomes part.

use serde::Serialize;

use crate::notation::{Move, Record};
use crate::replay::{self, Game, Ply, replay};
use crate::rules::Ruleset;

use super::table::Grid;

/// The rulesets compared by default: Russ, Russ with each single ruling
/// changed, and Endodoi.
pub const DEFAULT_RULESETS: [&str; 6] = [
    "russ",
    "russ capture-seed=stays",
    "russ leftovers=owner",
    "russ skip-origin=beyond-lap",
    "russ end=exhaustion",
    "endodoi",
];

/// One ruleset's replay of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The canonical ruleset string.
    pub rules: String,
    /// Every move of the main line is legal under this ruleset.
    pub legal: bool,
    /// The first illegal ply, if any.
    pub illegal_at: Option<u32>,
    /// Why that ply is illegal (or why the record cannot start).
    pub reason: Option<String>,
    /// Other errors: false claims, or a result or tag the game contradicts.
    pub other_errors: usize,
    /// The first ply whose outcome (laps, capture or legality) differs from the
    /// first ruleset's; `null` for the first row and when none differs.
    pub first_difference: Option<u32>,
    /// Final score, South's first, when the game ended.
    pub score: Option<[u32; 2]>,
    /// `south`, `north`, `draw`, or `null` when the game did not end.
    pub winner: Option<String>,
    /// `majority`, `no-legal-move`, or `null`.
    pub ended_by: Option<String>,
}

/// A record and its rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// One row per ruleset, in the order asked for.
    pub rows: Vec<Row>,
}

/// The first ply at which two replays of the same line part: a move legal in
/// one and not the other, or with other laps or another capture.
fn first_difference(moves: &[Move], a: &[Ply], b: &[Ply]) -> Option<u32> {
    for ((_, pa), pb) in moves.iter().zip(a).zip(b) {
        let same = match (&pa.outcome, &pb.outcome) {
            (Some(x), Some(y)) => x.laps == y.laps && x.capture == y.capture,
            (None, None) => true,
            _ => false,
        };
        if !same {
            return Some(pa.ply);
        }
        // Neither played this move: nothing after it can be compared.
        pa.outcome.as_ref()?;
    }
    None
}

fn row(game: &Game, rules: &Ruleset, first: Option<&Game>) -> Row {
    let illegal = game
        .record
        .moves
        .iter()
        .zip(&game.moves)
        .find(|(_, p)| p.outcome.is_none());
    let start_error = game.start.is_none();
    let (illegal_at, reason) = match illegal {
        Some((m, p)) => {
            let reason = game.errors.iter().find(|d| d.span == m.span).map(|d| {
                let msg = d.message.as_str();
                msg.split_once(": ").map_or(msg, |(_, r)| r).to_string()
            });
            (Some(p.ply), reason)
        }
        None if start_error => (None, game.errors.first().map(|d| d.message.clone())),
        None => (None, None),
    };
    let legal = illegal.is_none() && !start_error;
    let blocking = usize::from(illegal.is_some()) + usize::from(start_error);
    Row {
        rules: rules.to_string(),
        legal,
        illegal_at,
        reason,
        other_errors: game.errors.len().saturating_sub(blocking),
        first_difference: first
            .and_then(|f| first_difference(&game.record.moves, &f.moves, &game.moves)),
        score: game.end.map(|e| e.score),
        winner: game.end.map(|e| {
            e.winner
                .map_or("draw".to_string(), |s| s.name().to_string())
        }),
        ended_by: game.end.map(|e| e.reason.key().to_string()),
    }
}

/// Replays a record's main line under each ruleset (the first is the
/// reference for `first_difference`). The record's own `Rules` tag is ignored;
/// its `Setup` is kept. Variations are left out: they are alternatives, not
/// the game.
pub fn compare(record: &Record, rulesets: &[Ruleset], max_laps: u64) -> Comparison {
    let mut record = record.clone();
    for m in &mut record.moves {
        m.variations.clear();
    }
    let games: Vec<(Ruleset, Game)> = rulesets
        .iter()
        .map(|r| {
            let opts = replay::Options {
                rules: Some(*r),
                max_laps,
                trace: true,
                deny_warnings: false,
            };
            (*r, replay(record.clone(), &opts))
        })
        .collect();
    let first = games.first().map(|(_, g)| g);
    Comparison {
        rows: games
            .iter()
            .enumerate()
            .map(|(i, (r, g))| row(g, r, if i == 0 { None } else { first }))
            .collect(),
    }
}

/// The rows as a grid: ruleset, verdict, first difference, score and winner.
pub fn grid(c: &Comparison) -> Grid {
    Grid {
        header: ["ruleset", "verdict", "differs from ply", "score", "winner"]
            .map(str::to_string)
            .to_vec(),
        rows: c
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mut verdict = match (r.illegal_at, &r.reason) {
                    (Some(ply), Some(why)) => format!("illegal at ply {ply}: {why}"),
                    (Some(ply), None) => format!("illegal at ply {ply}"),
                    (None, Some(why)) => why.clone(),
                    (None, None) => "legal throughout".to_string(),
                };
                if r.other_errors > 0 {
                    verdict += &format!(
                        "; {} claim, result or tag error{}",
                        r.other_errors,
                        if r.other_errors == 1 { "" } else { "s" }
                    );
                }
                vec![
                    r.rules.clone(),
                    verdict,
                    match (i, r.first_difference) {
                        (0, _) => "(reference)".to_string(),
                        (_, Some(p)) => p.to_string(),
                        (_, None) => "-".to_string(),
                    },
                    r.score
                        .map_or("unfinished".to_string(), |s| format!("{}-{}", s[0], s[1])),
                    r.winner.clone().unwrap_or_else(|| "-".to_string()),
                ]
            })
            .collect(),
    }
}
