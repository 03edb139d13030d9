//! What `ayo standings` prints of a [`Report`]: one JSON object a player
//! ([`View::json`]), and the same rows as a table (with a crosstable when asked), in a
//! terminal, Markdown or CSV ([`View`]).
//!
//! ```
//! use ayo::corpus::standings::{Report, Table, Tiebreak};
//! use ayo::notation::Outcome;
//! use ayo::output::standings::View;
//! use ayo::output::table::Style;
//!
//! let mut table = Table::default();
//! table.standings.add("Ade", "Bola", Outcome::SouthWins, [26, 20]);
//! let report = Report { tables: vec![table], copies: 0 };
//! let view = View { by: None, cross: false, order: &Tiebreak::DEFAULT };
//! let rows = serde_json::to_value(view.json(&report)).unwrap();
//! assert_eq!((rows[0]["player"].as_str(), rows[0]["points"].as_f64()), (Some("Ade"), Some(1.0)));
//! let csv = view.csv(&report);
//! assert!(csv.starts_with("rank,player,game_count,"));
//! let text = view.text(&report, Style::Markdown, None);
//! assert!(text.contains("| 1 | Ade "));
//! ```

use std::collections::HashMap;

use serde::Serialize;

use crate::corpus::standings::{Report, Row, Table, Tiebreak};

use super::table::{Fit, Grid, Style};

mod json;
mod text;

pub(crate) use json::{CrossJson, TiebreaksJson};

/// The heading of the list of games not counted.
const NOT_COUNTED: &str = "Not counted";

/// How a standings [`Report`] is shown.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The tag the report's tables are by (`Event`), if any: a heading for
    /// each table, and the `event` of each row.
    pub by: Option<&'a str>,
    /// A crosstable: columns of points against each player, or, in JSON,
    /// each player's pairings.
    pub cross: bool,
    /// The tie-breaks the tables are ranked by, in order.
    pub order: &'a [Tiebreak],
}

impl View<'_> {
    /// Every table's rows, ranked, as one JSON array: the lines `--format
    /// json` writes, one a player
    /// ([`Document::Standing`](super::json::Document::Standing)).
    pub fn json(&self, report: &Report) -> impl Serialize + use<> {
        report
            .tables
            .iter()
            .flat_map(|t| self.rows(t))
            .collect::<Vec<_>>()
    }

    /// A table's rows, ranked, as `--format json` writes them.
    pub(crate) fn rows(&self, table: &Table) -> Vec<StandingJson> {
        let rows = table.standings.ranked_by(self.order);
        let event = self.by.is_some().then(|| table.value.clone());
        rows.iter()
            .map(|r| standing_json(r, &rows, event.clone(), self.cross))
            .collect()
    }

    /// Every table as CSV, under one header (the JSON names); empty when
    /// there is no table. The games not counted are not in it.
    pub fn csv(&self, report: &Report) -> String {
        let columns = report
            .tables
            .iter()
            .map(|t| t.standings.names().count())
            .max()
            .unwrap_or(0);
        let layout = Layout {
            cross: self.cross,
            short: false,
            droppable: 0,
        };
        let mut all: Option<Grid> = None;
        for t in &report.tables {
            let grid = standings_grid(&self.rows(t), layout, columns, true);
            match &mut all {
                None => all = Some(grid),
                Some(all) => all.rows.extend(grid.rows),
            }
        }
        all.map_or_else(String::new, |grid| grid.render(Style::Csv))
    }

    /// The report as `ayo standings` prints it in `style`: its tables
    /// (see [`View::text`], with the names `note`), CSV, or (`None`) a JSON
    /// line a player.
    pub fn render(
        &self,
        report: &Report,
        style: Option<Style>,
        note: Option<&str>,
    ) -> serde_json::Result<String> {
        Ok(match style {
            None => {
                let mut text = String::new();
                for t in &report.tables {
                    for row in self.rows(t) {
                        text += &(serde_json::to_string(&row)? + "\n");
                    }
                }
                text
            }
            Some(Style::Csv) => self.csv(report),
            Some(style) => self.text(report, style, note),
        })
    }

    /// Every table in a terminal or in Markdown (`style`), each with its
    /// heading, legend and games not counted, then `note` (see
    /// [`Report::names_note`]) as a paragraph.
    pub fn text(&self, report: &Report, style: Style, note: Option<&str>) -> String {
        let text = text::Text { style, view: *self };
        let mut blocks: Vec<String> = Vec::new();
        for t in &report.tables {
            blocks.push(text.table(t, &self.rows(t)));
        }
        if let Some(note) = note {
            blocks.push(text.paragraph(&format!("Note: {note}")));
        }
        // Names come from the records: their control characters are shown,
        // not sent (the tables' cells are already).
        super::visible(&blocks.join("\n")).into_owned()
    }
}

/// See [`Report::names_note`].
pub(crate) fn names_note(report: &Report) -> Option<String> {
    let names = report.name_variants();
    (!names.is_empty()).then(|| {
        let groups: Vec<String> = names
            .iter()
            .map(|g| {
                g.iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .collect();
        format!(
            "names that differ only in case or spacing count as different players: {}.",
            groups.join("; ")
        )
    })
}

impl Report {
    /// The note on the names that differ only in case or spacing
    /// ([`Report::name_variants`]), `None` when there are none.
    pub fn names_note(&self) -> Option<String> {
        names_note(self)
    }
}

/// See [`Report::side_notes`].
pub(crate) fn side_notes(report: &Report, note: Option<&str>) -> Vec<String> {
    let heading = NOT_COUNTED.to_lowercase();
    let mut lines: Vec<String> = report
        .tables
        .iter()
        .flat_map(|t| &t.apart)
        .map(|a| format!("note: {heading}: {a}"))
        .collect();
    lines.extend(note.map(|note| format!("note: {note}")));
    lines
}

impl Report {
    /// The lines the CSV and JSON formats write on standard error (so that
    /// standard output holds only the table): each game not counted, then
    /// `note`.
    pub fn side_notes(&self, note: Option<&str>) -> Vec<String> {
        side_notes(self, note)
    }
}

/// See [`Report::copies_warning`].
pub(crate) fn copies_warning(report: &Report) -> Option<String> {
    let n = report.copies;
    (n > 0).then(|| {
        format!(
            "warning: {n} {} of {} already read (the same moves and players) and not counted; `ayo duplicates` lists them",
            if n == 1 { "game is a copy" } else { "games are copies" },
            if n == 1 { "a game" } else { "games" },
        )
    })
}

impl Report {
    /// The warning on the games not counted as copies of another
    /// ([`Report::copies`]), `None` when there are none.
    pub fn copies_warning(&self) -> Option<String> {
        copies_warning(self)
    }
}

/// A table too large for a crosstable grid (see [`Report::check_crosstable`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the table has {players} players, over the most a crosstable may have ({max})")]
pub struct CrosstableTooLarge {
    /// The table's tag value ([`Table::value`]).
    pub value: Option<String>,
    /// Its players.
    pub players: usize,
    /// The most allowed.
    pub max: usize,
}

impl CrosstableTooLarge {
    /// What `ayo standings --cross` says when it refuses the table, `by`
    /// being the tag the tables are by: which table, and what to do
    /// instead.
    ///
    /// ```
    /// use ayo::output::standings::CrosstableTooLarge;
    /// let e = CrosstableTooLarge { value: None, players: 70, max: 60 };
    /// assert!(e.advice(Some("Event")).starts_with(
    ///     "--cross: the table for the games with no Event tag has 70 players, over --max-players 60:"
    /// ));
    /// ```
    pub fn advice(&self, by: Option<&str>) -> String {
        let which = match (by, &self.value) {
            (Some(tag), Some(value)) => format!(" for {tag} `{value}`"),
            (Some(tag), None) => format!(" for the games with no {tag} tag"),
            (None, _) => String::new(),
        };
        format!(
            "--cross: the table{which} has {} players, over --max-players {}: \
             a crosstable has a row and a column for each player; \
             `--format json` lists only the pairings played, or raise --max-players",
            self.players, self.max
        )
    }
}

/// See [`Report::check_crosstable`].
pub(crate) fn check_crosstable(report: &Report, max: usize) -> Result<(), CrosstableTooLarge> {
    for t in &report.tables {
        let players = t.standings.names().count();
        if players > max {
            return Err(CrosstableTooLarge {
                value: t.value.clone(),
                players,
                max,
            });
        }
    }
    Ok(())
}

impl Report {
    /// Refuses a crosstable grid of more than `max` players: it has a row and a
    /// column for each, so its size is the square of theirs (9,800 players of
    /// 20,000 games made 855 MB of text and took 3 GB). JSON lists only the
    /// pairings played and needs no such check.
    pub fn check_crosstable(&self, max: usize) -> Result<(), CrosstableTooLarge> {
        check_crosstable(self, max)
    }
}

/// A player's row as JSON; `event` when the tables are by a tag, the
/// crosstable with `cross`.
fn standing_json(
    r: &Row,
    rows: &[Row],
    event: Option<Option<String>>,
    cross: bool,
) -> StandingJson {
    StandingJson {
        event,
        rank: r.rank,
        player: r.player.clone(),
        game_count: r.games(),
        win_count: r.wins,
        draw_count: r.draws,
        loss_count: r.losses,
        points: r.points(),
        seeds_for: r.seeds_for,
        seeds_against: r.seeds_against,
        tiebreak: r.tiebreak.map(|t| t.key().to_string()),
        tiebreaks: TiebreaksJson {
            head_to_head: r.head_to_head(),
            sonneborn_berger: r.sonneborn_berger(),
            win_count: r.wins,
            seed_difference: r.seed_difference(),
        },
        cross: cross.then(|| {
            r.cross
                .iter()
                .filter_map(|(o, games)| {
                    Some(CrossJson {
                        opponent: rows.get(*o)?.player.clone(),
                        game_points: games.iter().map(|&h| f64::from(h) / 2.0).collect(),
                    })
                })
                .collect()
        }),
    }
}

/// One player's line of `ayo standings --format json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct StandingJson {
    /// With `--by TAG`: the tag's value in the table's games (the event, with
    /// `--by Event`); `null` for the games without the tag. Absent without
    /// `--by`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<Option<String>>,
    /// From 1; players level on points and on every tie-break share a rank.
    pub rank: u32,
    /// The name as written in the South or North tag, trimmed.
    pub player: String,
    /// Finished games played (`*` games are not counted).
    pub game_count: u32,
    /// Games won.
    pub win_count: u32,
    /// Games drawn.
    pub draw_count: u32,
    /// Games lost.
    pub loss_count: u32,
    /// 1 a win, 0.5 a draw.
    pub points: f64,
    /// Seeds the player ended their games with: the Score tag, else the
    /// replayed final score (else the stores after the last move played).
    pub seeds_for: u64,
    /// Seeds the opponents ended those games with.
    pub seeds_against: u64,
    /// The tie-break that decided the player's place among the players level
    /// with them on points (a key of `tiebreaks`); `null` for a player level
    /// with nobody on points, and for players who share a rank.
    pub tiebreak: Option<String>,
    /// The player's tie-break values.
    pub tiebreaks: TiebreaksJson,
    /// With `--cross`: the points scored against each opponent met, in the
    /// table's order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cross: Option<Vec<CrossJson>>,
}

/// Points as a table shows them: `2½`, `½`, `0`.
pub(crate) fn points_text(points: f64) -> String {
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

/// The rank as a table shows it: `3=` when shared.
fn rank_text(rows: &[StandingJson], r: &StandingJson) -> String {
    if rows.iter().filter(|o| o.rank == r.rank).count() > 1 {
        format!("{}=", r.rank)
    } else {
        r.rank.to_string()
    }
}

/// The short name of a tie-break key, as a table shows it.
fn tiebreak_short(key: &str) -> &str {
    match Tiebreak::DEFAULT.into_iter().find(|t| t.key() == key) {
        Some(t) => t.short(),
        None => key,
    }
}

/// How a standings table is laid out: `short` headers (`g w d l pts`, for a
/// narrow terminal, whose optional columns may then be left out), and a
/// crosstable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Layout {
    /// A crosstable column for each row.
    pub cross: bool,
    /// One-letter headers.
    pub short: bool,
    /// With `short`, how many of the columns another says again may be
    /// left out when the table does not fit, in order: the seeds (`±`
    /// stays), games (won, drawn and lost add up to them), drawn, lost,
    /// won (the points stay).
    pub droppable: u8,
}

/// The standings as a grid, the rows in rank order. With `layout.cross`, a
/// column for each row (by place: `1`, `2`, …; `cross_columns` of them, at
/// least the rows, so that several tables can share one CSV header) holds
/// the player's points against that row's player, a game a number, `×` on
/// the diagonal. A table shows the seeds as `for-against` and their
/// difference (`±`), a shared rank as `3=`, and a `tie-break` column when a
/// tie-break placed someone; `csv` writes the JSON names as headers, the
/// seeds in two columns, points as decimals (`2.5`) instead of `2½`, and
/// the `tiebreak` column always, and starts each row with the event when
/// the rows have one.
pub(crate) fn standings_grid(
    rows: &[StandingJson],
    layout: Layout,
    cross_columns: usize,
    csv: bool,
) -> Grid {
    let plan = Plan {
        short: layout.short && !csv,
        csv,
        event: csv && rows.iter().any(|r| r.event.is_some()),
        tiebreaks: csv || rows.iter().any(|r| r.tiebreak.is_some()),
        columns: if layout.cross {
            cross_columns.max(rows.len())
        } else {
            0
        },
    };
    let cells = (0..rows.len()).map(|i| plan.row(rows, i)).collect();
    let mut grid = Grid::new(plan.header(), cells);
    grid.fit = plan.fit(&grid.header, layout.droppable);
    // Its width is being reworked apart (issue 24): not stacked meanwhile.
    grid.never_stacked = true;
    grid
}

/// What [`standings_grid`] puts in a grid: which headers, which columns.
struct Plan {
    /// One-letter headers.
    short: bool,
    /// CSV: JSON names, two seed columns, decimal points.
    csv: bool,
    /// An `event` column first.
    event: bool,
    /// A tie-break column.
    tiebreaks: bool,
    /// Crosstable columns.
    columns: usize,
}

impl Plan {
    /// The column titles.
    fn header(&self) -> Vec<String> {
        let mut header: Vec<String> = Vec::new();
        if self.event {
            header.push("event".into());
        }
        let names: &[&str] = if self.csv {
            &[
                "rank",
                "player",
                "game_count",
                "win_count",
                "draw_count",
                "loss_count",
                "points",
                "seeds_for",
                "seeds_against",
                "tiebreak",
            ]
        } else if self.short {
            &["#", "player", "g", "w", "d", "l", "pts", "seeds", "±", "tb"]
        } else {
            &[
                "#",
                "player",
                "games",
                "won",
                "drawn",
                "lost",
                "points",
                "seeds",
                "±",
                "tie-break",
            ]
        };
        let names = if self.tiebreaks {
            names
        } else {
            &names[..names.len() - 1]
        };
        header.extend(names.iter().map(|s| s.to_string()));
        header.extend((1..=self.columns).map(|k| k.to_string()));
        header
    }

    /// Points in a cell: `2½`, or `2.5` in CSV.
    fn points(&self, p: f64) -> String {
        if self.csv {
            p.to_string()
        } else {
            points_text(p)
        }
    }

    /// The cells of row `i`.
    fn row(&self, rows: &[StandingJson], i: usize) -> Vec<String> {
        let r = &rows[i];
        let mut row: Vec<String> = Vec::new();
        if self.event {
            row.push(r.event.clone().flatten().unwrap_or_default());
        }
        row.extend([
            if self.csv {
                r.rank.to_string()
            } else {
                rank_text(rows, r)
            },
            r.player.clone(),
            r.game_count.to_string(),
            r.win_count.to_string(),
            r.draw_count.to_string(),
            r.loss_count.to_string(),
            self.points(r.points),
        ]);
        if self.csv {
            row.extend([r.seeds_for.to_string(), r.seeds_against.to_string()]);
        } else {
            // One column `for-against` reads as a score; CSV keeps two, so
            // that a spreadsheet does not take `75-50` for a date.
            row.push(format!("{}-{}", r.seeds_for, r.seeds_against));
            row.push(signed(
                i128::from(r.seeds_for) - i128::from(r.seeds_against),
            ));
        }
        if self.tiebreaks {
            let key = r.tiebreak.as_deref().unwrap_or_default();
            row.push(if self.csv {
                key.to_string()
            } else {
                tiebreak_short(key).to_string()
            });
        }
        if self.columns > 0 {
            self.cross_cells(rows, i, &mut row);
        }
        row
    }

    /// The crosstable's cells of row `i`: the points against each row's
    /// player, `×` against oneself (empty in CSV).
    fn cross_cells(&self, rows: &[StandingJson], i: usize, row: &mut Vec<String>) {
        // Each opponent met, by name: a look-up a cell.
        let met: HashMap<&str, String> = rows[i]
            .cross
            .iter()
            .flatten()
            .map(|c| {
                let games: Vec<String> = c.game_points.iter().map(|&p| self.points(p)).collect();
                (c.opponent.as_str(), games.join(" "))
            })
            .collect();
        for k in 0..self.columns {
            let cell = match rows.get(k) {
                Some(_) if k == i && !self.csv => "×".to_string(),
                Some(o) if k != i => met.get(o.player.as_str()).cloned().unwrap_or_default(),
                _ => String::new(),
            };
            row.push(cell);
        }
    }

    /// How each column fits a narrow terminal: long names wrap at spaces;
    /// numbers never do. With short headers, the first `droppable` columns
    /// of [`Layout::droppable`]'s list may be left out.
    fn fit(&self, header: &[String], droppable: u8) -> Vec<Fit> {
        header
            .iter()
            .map(|h| {
                let rank = match h.as_str() {
                    "player" => return Fit::Wrap,
                    "seeds" if self.short => 0,
                    "g" => 1,
                    "d" => 2,
                    "l" => 3,
                    "w" => 4,
                    _ => return Fit::Keep,
                };
                if rank < droppable {
                    Fit::Optional(rank)
                } else {
                    Fit::Keep
                }
            })
            .collect()
    }
}

/// The words under a table: what its short headers and its tie-break column
/// mean, and what `=` after a rank says. `None` when it needs none.
pub(crate) fn legend(rows: &[StandingJson], layout: Layout, order: &[Tiebreak]) -> Option<String> {
    let mut parts = Vec::new();
    if layout.short {
        parts.push("g games, w won, d drawn, l lost, pts points.".to_string());
    }
    if rows.iter().any(|r| r.tiebreak.is_some()) {
        let names: Vec<String> = order
            .iter()
            .map(|t| format!("{} {}", t.short(), t.title()))
            .collect();
        parts.push(format!(
            "Tie-breaks for players level on points, in order: {}. The {} column names the one that placed each player.",
            names.join(", "),
            if layout.short { "tb" } else { "tie-break" }
        ));
    }
    if rows
        .iter()
        .enumerate()
        .any(|(i, r)| i > 0 && rows[i - 1].rank == r.rank)
    {
        parts
            .push("A rank with `=` is shared: level on points and on every tie-break.".to_string());
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// The crosstable as lines, for a terminal too narrow for its columns: each
/// player's row number and name, then `vN` and the points scored against
/// the player of row N, a game a number.
pub(crate) fn cross_lines(rows: &[StandingJson]) -> Vec<String> {
    let place: HashMap<&str, usize> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| (r.player.as_str(), i + 1))
        .collect();
    rows.iter()
        .enumerate()
        .map(|(i, r)| {
            let games: Vec<String> = r
                .cross
                .iter()
                .flatten()
                .filter_map(|c| {
                    let k = place.get(c.opponent.as_str())?;
                    let points: Vec<String> =
                        c.game_points.iter().map(|&p| points_text(p)).collect();
                    Some(format!("v{k} {}", points.join(" ")))
                })
                .collect();
            format!("{} {}: {}", i + 1, r.player, games.join(", "))
        })
        .collect()
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
