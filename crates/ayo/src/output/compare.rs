//! Comparing rulings: one record replayed under several rulesets, and where
//! their outcomes part.

use serde::Serialize;

use crate::diagnostics::Diagnostic;
use crate::notation::{Move, Record};
use crate::replay::{self, Game, Ply, rules_of};
use crate::rules::{Ruleset, RulesetError, Side};

#[cfg(feature = "schema")]
use super::json::WinnerJson;
use super::json::serialize_winner;
use super::table::{Fit, Grid, Style, rules_label, title};

/// The rulings `ayo compare` varies by default, with every value each can
/// take (RULES.md, "Rulings"). `pits` and `seeds` are the record's own.
const RULINGS: [(&str, &[&str]); 5] = [
    ("skip-origin", &["lap", "beyond-lap", "never"]),
    ("capture-seed", &["captured", "stays"]),
    ("feeding", &["compulsory", "none"]),
    ("leftovers", &["opponent", "owner"]),
    ("end", &["majority", "exhaustion"]),
];

/// The rulesets of the written sources (RULES.md, "Each source as a
/// ruleset"), as overrides of a preset; the board (`pits`, `seeds`) is
/// supplied by the record.
const SOURCES: [&str; 4] = [
    "russ",
    "russ end=exhaustion",
    "russ skip-origin=beyond-lap capture-seed=stays end=exhaustion",
    "endodoi end=exhaustion",
];

/// The default set for a record played under `base`: `base` first, then
/// `base` with one ruling changed, for every other value of every ruling.
pub(crate) fn single_rulings(base: &Ruleset) -> Vec<Ruleset> {
    let mut set = vec![*base];
    for (key, values) in RULINGS {
        let current = base.value(key);
        for value in values {
            if current.as_deref() == Some(*value) {
                continue;
            }
            let mut changed = *base;
            // Every value in RULINGS is one the setter accepts.
            if changed.set(key, value).is_ok() {
                set.push(changed);
            }
        }
    }
    set
}

/// The rulesets of the written sources on `base`'s board (its pits and
/// seeds).
pub(crate) fn sources(base: &Ruleset) -> Vec<Ruleset> {
    let board = |r: &str| -> Option<Ruleset> {
        let mut r: Ruleset = r.parse().ok()?;
        r.set("pits", &base.value("pits")?).ok()?;
        r.set("seeds", &base.value("seeds")?).ok()?;
        Some(r)
    };
    SOURCES.iter().filter_map(|s| board(s)).collect()
}

/// What to compare a record under: a ruleset, or the written sources'
/// rulesets on the record's board (`sources`), as `--rules` takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// This ruleset.
    Ruleset(Ruleset),
    /// The written sources' rulesets, on the record's board (`sources`).
    Sources,
}

impl std::str::FromStr for Choice {
    type Err = RulesetError;

    /// `sources`, or a ruleset string.
    fn from_str(s: &str) -> Result<Choice, RulesetError> {
        if s.trim() == "sources" {
            return Ok(Choice::Sources);
        }
        s.parse().map(Choice::Ruleset)
    }
}

/// The rulesets to replay a record under, the record's own ruleset being
/// `own`: those chosen, in order, else `single_rulings` of `own`.
pub(crate) fn rulesets(choices: &[Choice], own: &Ruleset) -> Vec<Ruleset> {
    if choices.is_empty() {
        return single_rulings(own);
    }
    let mut set = Vec::new();
    for c in choices {
        match c {
            Choice::Ruleset(r) => set.push(*r),
            Choice::Sources => set.extend(sources(own)),
        }
    }
    set
}

/// A record compared: its title and its rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compared {
    /// The title line: players, event, the record's own ruleset.
    pub title: String,
    /// One row per ruleset.
    pub(crate) comparison: Comparison,
}

impl Compared {
    /// Game `number` of `file` compared, as `ayo compare` prints it in
    /// `style`: a heading and a table, CSV rows with the file and game in
    /// front and the header line, or (`None`) one JSON line.
    pub fn render(
        self,
        file: &str,
        number: usize,
        style: Option<Style>,
    ) -> serde_json::Result<String> {
        let Compared { title, comparison } = self;
        Ok(match style {
            None => {
                let rows = comparison.rows;
                let (file, game) = (file.to_string(), number);
                let json = CompareJson {
                    file,
                    game,
                    title,
                    rows,
                };
                serde_json::to_string(&json)? + "\n"
            }
            Some(Style::Csv) => comparison.grid(true).csv_rows(file, number, true),
            Some(style) => {
                let table = comparison.grid(false).render(style);
                format!("{}\n{table}", style.heading(&title))
            }
        })
    }
}

/// See [`Compared::of_game`].
pub(crate) fn compare_game(
    record: &Record,
    number: usize,
    choices: &[Choice],
    max_laps: u64,
) -> Result<Compared, Diagnostic> {
    // Without its own ruleset a record has no board to compare on.
    let own = rules_of(record, None)?;
    let comparison = compare(record, &rulesets(choices, &own), max_laps);
    let label = rules_label(record, Some(&own), false);
    Ok(Compared {
        title: title(record, label.as_deref(), number),
        comparison,
    })
}

impl Compared {
    /// Game `number` (from 1) compared under the rulesets `choices` give
    /// (`rulesets`). An error when the record has no ruleset of its own to
    /// take its board from (a `Rules` tag that is not one).
    ///
    /// ```
    /// use ayo::notation::Record;
    /// use ayo::output::compare::Compared;
    ///
    /// let record = Record::parse("[South \"Ade\"]\n[North \"Bola\"]\n\n1. c d *\n")?;
    /// let compared = Compared::of_game(&record, 1, &[], 1_000).unwrap();
    /// assert_eq!(compared.title, "Game 1: Ade (South) v Bola (North), rules: russ (no Rules tag)");
    /// assert_eq!(compared.rows()[0].rules, "russ");
    /// # Ok::<(), ayo::notation::SyntaxError>(())
    /// ```
    pub fn of_game(
        record: &Record,
        number: usize,
        choices: &[Choice],
        max_laps: u64,
    ) -> Result<Compared, Diagnostic> {
        compare_game(record, number, choices, max_laps)
    }

    /// One row per ruleset, in the order asked for.
    pub fn rows(&self) -> &[Row] {
        &self.comparison.rows
    }
}

/// One ruleset's replay of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    pub other_error_count: usize,
    /// The first ply whose outcome (laps, capture or legality) differs from the
    /// first ruleset's; `null` for the first row and when none differs.
    pub first_difference: Option<u32>,
    /// Final score, South's first, when the game ended.
    pub score: Option<[u32; 2]>,
    /// `south`, `north`, `draw`, or `null` when the game did not end.
    #[serde(serialize_with = "serialize_winner")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<WinnerJson>"))]
    pub winner: Option<Option<Side>>,
    /// `majority`, `no-legal-move`, or `null`.
    pub ended_by: Option<String>,
}

/// One game's comparison, as `ayo compare --format json` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct CompareJson {
    /// The file the game came from (`<stdin>` for standard input).
    pub file: String,
    /// The game's place in its file, counted from 1.
    pub game: usize,
    /// The title line: players, event, and the record's own ruleset.
    pub title: String,
    /// One row per ruleset, in the order asked for.
    pub rows: Vec<Row>,
}

/// A record and its rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct Comparison {
    /// One row per ruleset, in the order asked for.
    pub(crate) rows: Vec<Row>,
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
        Some((_, p)) => (Some(p.ply), p.refusal.as_ref().map(ToString::to_string)),
        None if start_error => (
            None,
            game.errors
                .iter()
                .find(|d| d.is_error())
                .map(|d| d.message.clone()),
        ),
        None => (None, None),
    };
    let legal = illegal.is_none() && !start_error;
    let blocking = usize::from(illegal.is_some()) + usize::from(start_error);
    Row {
        rules: rules.to_string(),
        legal,
        illegal_at,
        reason,
        // Warnings (a misspelt tag, a date) are not errors of the replay.
        other_error_count: game
            .errors
            .iter()
            .filter(|d| d.is_error())
            .count()
            .saturating_sub(blocking),
        first_difference: first
            .and_then(|f| first_difference(&game.record.moves, &f.moves, &game.moves)),
        score: game.end.map(|e| e.score),
        winner: game.end.map(|e| e.winner),
        ended_by: game.end.map(|e| e.reason.key().to_string()),
    }
}

/// Replays a record's main line under each ruleset (the first is the
/// reference for `first_difference`). The record's own `Rules` tag is ignored;
/// its `Setup` is kept. Variations are left out: they are alternatives, not
/// the game.
pub(crate) fn compare(record: &Record, rulesets: &[Ruleset], max_laps: u64) -> Comparison {
    let mut record = record.clone();
    for m in &mut record.moves {
        if !m.variations().is_empty() {
            m.variations_mut().clear();
        }
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
            (*r, Game::replay(record.clone(), &opts))
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

/// See [`Comparison::grid`].
pub(crate) fn grid(c: &Comparison, csv: bool) -> Grid {
    let mut header = vec!["ruleset", "verdict", "differs from ply"];
    // The verdict is what the table is for: it wraps beside its ruleset rather
    // than moving under it; the first difference is the first to go.
    let mut fit = vec![Fit::Wrap, Fit::Wrap, Fit::Optional(1)];
    if csv {
        header.extend(["south_score", "north_score"]);
        fit.extend([Fit::Keep, Fit::Keep]);
    } else {
        header.push("score");
        fit.push(Fit::Keep);
    }
    header.push("winner");
    fit.push(Fit::Keep);
    Grid {
        header: header.into_iter().map(str::to_string).collect(),
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
                if r.other_error_count > 0 {
                    verdict += &format!(
                        "; {} claim, result or tag error{}",
                        r.other_error_count,
                        if r.other_error_count == 1 { "" } else { "s" }
                    );
                }
                let mut row = vec![
                    r.rules.clone(),
                    verdict,
                    match (i, r.first_difference) {
                        (0, _) => "(reference)".to_string(),
                        (_, Some(p)) => p.to_string(),
                        (_, None) => "-".to_string(),
                    },
                ];
                match (r.score, csv) {
                    (Some([s, n]), true) => row.extend([s.to_string(), n.to_string()]),
                    (None, true) => row.extend([String::new(), String::new()]),
                    (Some([s, n]), false) => row.push(format!("{s}-{n}")),
                    (None, false) => row.push("unfinished".to_string()),
                }
                // Sides as every table writes them (CSV as JSON does).
                row.push(
                    match (r.winner, csv) {
                        (Some(Some(Side::South)), false) => "South",
                        (Some(Some(Side::North)), false) => "North",
                        (Some(Some(Side::South)), true) => "south",
                        (Some(Some(Side::North)), true) => "north",
                        (Some(None), _) => "draw",
                        (None, true) => "",
                        (None, false) => "-",
                    }
                    .to_string(),
                );
                row
            })
            .collect(),
        fit,
        never_stacked: false,
    }
}

impl Comparison {
    /// The rows as a grid: ruleset, verdict, first difference, score and winner.
    /// For `csv`, the score takes two columns (`south_score`, `north_score`:
    /// `26-13` reads as a date in a spreadsheet) and a missing value is empty.
    pub(crate) fn grid(&self, csv: bool) -> Grid {
        grid(self, csv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(set: &[Ruleset]) -> Vec<String> {
        set.iter().map(Ruleset::to_string).collect()
    }

    #[test]
    fn the_default_set_changes_one_ruling_of_the_records_own_ruleset() {
        let base: Ruleset = "russ leftovers=owner".parse().unwrap();
        insta::assert_debug_snapshot!(names(&single_rulings(&base)), @r#"
        [
            "russ leftovers=owner",
            "russ skip-origin=beyond-lap leftovers=owner",
            "russ skip-origin=never leftovers=owner",
            "russ capture-seed=stays leftovers=owner",
            "russ feeding=none leftovers=owner",
            "russ",
            "russ leftovers=owner end=exhaustion",
        ]
        "#);
        let base: Ruleset = "endodoi pits=12 seeds=3".parse().unwrap();
        insta::assert_debug_snapshot!(names(&single_rulings(&base)), @r#"
        [
            "endodoi pits=12 seeds=3",
            "russ pits=12 seeds=3 feeding=none",
            "endodoi pits=12 seeds=3 skip-origin=beyond-lap",
            "endodoi pits=12 seeds=3 capture-seed=stays",
            "russ pits=12 seeds=3 skip-origin=never",
            "endodoi pits=12 seeds=3 leftovers=owner",
            "endodoi pits=12 seeds=3 end=exhaustion",
        ]
        "#);
    }

    #[test]
    fn the_sources_keep_the_records_board() {
        let base: Ruleset = "endodoi pits=8".parse().unwrap();
        insta::assert_debug_snapshot!(names(&sources(&base)), @r#"
        [
            "russ pits=8",
            "russ pits=8 end=exhaustion",
            "russ pits=8 skip-origin=beyond-lap capture-seed=stays end=exhaustion",
            "endodoi pits=8 end=exhaustion",
        ]
        "#);
    }
}
