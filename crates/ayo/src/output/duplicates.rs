//! What `ayo duplicates` prints: one JSON object a group, or a table of the
//! groups' games, then a count of each kind; with `--drop`, a summary of what
//! was left out.

use std::io::{self, Write};

use serde::Serialize;

use crate::corpus::duplicates::{Kept, Report};
use crate::corpus::key::{Group, Kind};

use super::plural;
use super::table::{Fit, Grid, Style};

/// One game of a group, in JSON.
#[derive(Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
struct GameJson<'a> {
    /// The input, as named on the command line (`<stdin>` for `-`).
    file: &'a str,
    /// The game's number in its input, from 1.
    game: u32,
    /// The main line's length, in plies.
    ply_count: u32,
}

/// One group, in JSON: `duplicate` (the same ruleset, start, main line and
/// players), `same moves` (the same ruleset, start and main line, other
/// players) or `prefix` (the first games, unfinished, share a main line that
/// begins each other game's).
#[derive(Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct GroupJson<'a> {
    /// `duplicate`, `same moves` or `prefix`: the words of the table's kind
    /// column.
    kind: &'static str,
    /// The games, in input order; for `prefix`, the shorter games first.
    games: Vec<GameJson<'a>>,
}

impl<'a> GroupJson<'a> {
    /// A group of `report` in JSON.
    pub(crate) fn of(report: &'a Report, group: &Group) -> GroupJson<'a> {
        GroupJson {
            kind: group.kind.as_str(),
            games: group
                .games
                .iter()
                .map(|&id| {
                    let g = report.game(id);
                    GameJson {
                        file: g.file,
                        game: g.game,
                        ply_count: g.plies,
                    }
                })
                .collect(),
        }
    }
}

/// See [`Report::write_json`].
pub(crate) fn write_json(report: &Report, out: &mut impl Write) -> io::Result<()> {
    for g in &report.groups {
        serde_json::to_writer(&mut *out, &GroupJson::of(report, g))?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

impl Report {
    /// Writes every group as one line of JSON.
    pub fn write_json(&self, out: &mut impl Write) -> io::Result<()> {
        write_json(self, out)
    }

    /// Writes the groups as `ayo duplicates` prints them in `style` (as
    /// a table of the groups; nothing when there are none), or (`None`) as JSON
    /// lines (see [`Report::write_json`]).
    pub fn write(&self, style: Option<Style>, out: &mut impl Write) -> io::Result<()> {
        let Some(style) = style else {
            return self.write_json(out);
        };
        let grid = self.grid(style);
        if grid.rows.is_empty() {
            return Ok(());
        }
        out.write_all(grid.render(style).as_bytes())
    }
}

/// See [`Report::grid`].
pub(crate) fn grid(report: &Report, style: Style) -> Grid {
    // CSV names the length as JSON does; a table in words.
    let plies = if matches!(style, Style::Csv) {
        "ply_count"
    } else {
        "plies"
    };
    let mut grid = Grid::new(
        ["group", "kind", "file", "game", plies, "tags that differ"]
            .map(String::from)
            .to_vec(),
        Vec::new(),
    );
    grid.fit = vec![
        Fit::Keep,
        Fit::Keep,
        Fit::Wrap,
        Fit::Keep,
        Fit::Keep,
        Fit::Wrap,
    ];
    for (n, g) in report.groups.iter().enumerate() {
        for &id in &g.games {
            let game = report.game(id);
            grid.rows.push(vec![
                (n + 1).to_string(),
                g.kind.as_str().to_string(),
                game.file.to_string(),
                game.game.to_string(),
                game.plies.to_string(),
                report
                    .differ(g.games[0], id)
                    .unwrap_or_default()
                    .to_string(),
            ]);
        }
    }
    grid
}

impl Report {
    /// The groups as a grid: a row a game, with its group's number and kind,
    /// its place and plies, and the tags that differ from its group's first
    /// game's (when the report has them).
    pub(crate) fn grid(&self, style: Style) -> Grid {
        grid(self, style)
    }
}

/// See [`Report::summary`].
pub(crate) fn summary(report: &Report) -> String {
    let games = report.games();
    let (d, s, p) = (
        report.count(Kind::Duplicate),
        report.count(Kind::SameMoves),
        report.count(Kind::Prefix),
    );
    format!(
        "{games} game{}, {d} duplicate group{}, {s} same-moves group{}, {p} prefix group{}",
        plural_of(games),
        plural_of(d),
        plural_of(s),
        plural_of(p),
    )
}

impl Report {
    /// The line after the groups: how many games, and groups of each kind.
    pub fn summary(&self) -> String {
        summary(self)
    }
}

/// See [`Kept::summary`].
pub(crate) fn kept_summary(kept: &Kept) -> String {
    let mut summary = format!(
        "{} game{}, {} dropped",
        kept.games,
        plural_of(kept.games),
        kept.dropped
    );
    if kept.repeats > 0 {
        let n = kept.repeats;
        summary += &format!(
            ": {n} repeat{} of an earlier game ({})",
            plural_of(n),
            numbers(&kept.repeat_groups)
        );
    }
    if kept.cut > 0 {
        let n = kept.cut;
        summary += if kept.repeats == 0 { ": " } else { ", " };
        summary += &format!(
            "{n} record{} cut short ({})",
            plural_of(n),
            numbers(&kept.cut_groups)
        );
    }
    summary
}

impl Kept {
    /// The line after `--drop`: how many games were left out, and from which
    /// groups.
    pub fn summary(&self) -> String {
        kept_summary(self)
    }
}

/// Group numbers (in order, each once) for a summary line: `group 3`,
/// `groups 1, 4 and 9`, or the first few and how many more, so that the line
/// stays short.
fn numbers(groups: &[usize]) -> String {
    const SHOWN: usize = 5;
    let list = |g: &[usize]| {
        g.iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match groups.len() {
        1 => format!("group {}", groups[0]),
        n if n <= SHOWN => format!("groups {} and {}", list(&groups[..n - 1]), groups[n - 1]),
        n => format!("groups {} and {} more", list(&groups[..SHOWN]), n - SHOWN),
    }
}

fn plural_of(n: usize) -> &'static str {
    plural(n as u64)
}
