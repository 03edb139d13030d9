//! What `ayo standings` prints: one [`StandingJson`] a player, and the same
//! rows as a table (with a crosstable when asked).

use std::collections::HashMap;

use schemars::JsonSchema;
use serde::Serialize;

use super::table::{Fit, Grid};

/// One player's line of `ayo standings --format json`.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct StandingJson {
    /// With `--by TAG`: the tag's value in the table's games (the event, with
    /// `--by Event`); `null` for the games without the tag. Absent without
    /// `--by`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<Option<String>>,
    /// From 1; players level on points and seed difference share a rank.
    pub rank: u32,
    /// The name as written in the South or North tag, trimmed.
    pub player: String,
    /// Finished games played (`*` games are not counted).
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// 1 a win, 0.5 a draw.
    pub points: f64,
    /// Seeds the player ended their games with: the Score tag, else the
    /// replayed final score (else the stores after the last move played).
    pub seeds_for: u64,
    /// Seeds the opponents ended those games with.
    pub seeds_against: u64,
    /// With `--cross`: the points scored against each opponent met, in the
    /// table's order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cross: Option<Vec<CrossJson>>,
}

/// The games between a player and one opponent, in `--cross` JSON.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct CrossJson {
    /// The opponent's name.
    pub opponent: String,
    /// The player's points in each game against them, in input order.
    pub points: Vec<f64>,
}

/// Points as a table shows them: `2½`, `½`, `0`.
pub fn points_text(points: f64) -> String {
    let whole = points.trunc();
    let half = points - whole >= 0.5;
    match (whole as u64, half) {
        (0, true) => "½".to_string(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    }
}

/// A signed difference: `+25`, `-18`, `0`.
fn signed(d: i128) -> String {
    if d > 0 {
        format!("+{d}")
    } else {
        d.to_string()
    }
}

/// The standings as a grid, the rows in rank order. With `cross`, a column
/// for each row (by rank: `1`, `2`, …; `cross_columns` of them, at least the
/// rows, so that several tables can share one CSV header) holds the player's
/// points against that row's player, a game a number, `×` on the diagonal.
/// A table shows the seeds as `for-against` and their difference (`±`);
/// `csv` writes the JSON names as headers, the seeds in two columns and
/// points as decimals (`2.5`) instead of `2½`, and starts each row with the
/// event when the rows have one.
pub fn standings_grid(rows: &[StandingJson], cross: bool, cross_columns: usize, csv: bool) -> Grid {
    let event = csv && rows.iter().any(|r| r.event.is_some());
    let points = |p: f64| if csv { p.to_string() } else { points_text(p) };
    let mut header: Vec<String> = Vec::new();
    if event {
        header.push("event".into());
    }
    let names: &[&str] = if csv {
        &[
            "rank",
            "player",
            "games",
            "wins",
            "draws",
            "losses",
            "points",
            "seeds_for",
            "seeds_against",
        ]
    } else {
        &[
            "#", "player", "games", "won", "drawn", "lost", "points", "seeds", "±",
        ]
    };
    header.extend(names.iter().map(|s| s.to_string()));
    let columns = if cross {
        cross_columns.max(rows.len())
    } else {
        0
    };
    header.extend((1..=columns).map(|k| k.to_string()));
    let mut out = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let mut row: Vec<String> = Vec::new();
        if event {
            row.push(r.event.clone().flatten().unwrap_or_default());
        }
        row.extend([
            r.rank.to_string(),
            r.player.clone(),
            r.games.to_string(),
            r.wins.to_string(),
            r.draws.to_string(),
            r.losses.to_string(),
            points(r.points),
        ]);
        if csv {
            row.extend([r.seeds_for.to_string(), r.seeds_against.to_string()]);
        } else {
            // One column `for-against` reads as a score; CSV keeps two, so
            // that a spreadsheet does not take `75-50` for a date.
            row.push(format!("{}-{}", r.seeds_for, r.seeds_against));
            row.push(signed(
                i128::from(r.seeds_for) - i128::from(r.seeds_against),
            ));
        }
        if columns > 0 {
            // Each opponent met, by name: a look-up a cell.
            let met: HashMap<&str, String> = r
                .cross
                .iter()
                .flatten()
                .map(|c| {
                    let games: Vec<String> = c.points.iter().map(|&p| points(p)).collect();
                    (c.opponent.as_str(), games.join(" "))
                })
                .collect();
            for k in 0..columns {
                let cell = match rows.get(k) {
                    Some(_) if k == i && !csv => "×".to_string(),
                    Some(o) if k != i => met.get(o.player.as_str()).cloned().unwrap_or_default(),
                    _ => String::new(),
                };
                row.push(cell);
            }
        }
        out.push(row);
    }
    let mut grid = Grid::new(header, out);
    // In a narrow terminal long names wrap at spaces; numbers never do.
    grid.fit = grid
        .header
        .iter()
        .map(|h| match h.as_str() {
            "player" => Fit::Wrap,
            _ => Fit::Keep,
        })
        .collect();
    // Its width is being reworked apart (issue 24): not stacked meanwhile.
    grid.never_stacked = true;
    grid
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_as_written() {
        assert_eq!(points_text(0.0), "0");
        assert_eq!(points_text(0.5), "½");
        assert_eq!(points_text(2.5), "2½");
        assert_eq!(points_text(3.0), "3");
        assert_eq!(signed(3), "+3");
        assert_eq!(signed(-3), "-3");
        assert_eq!(signed(0), "0");
    }
}
