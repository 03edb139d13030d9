//! What `ayo tables` prints: a probe's answer ([`ProbeJson`],
//! [`ProbeJson::render`]), a table directory described ([`info_text`]), and the
//! lines of a build and a check.
//!
//! ```
//! use ayo::output::tables::ProbeJson;
//! use ayo::rules::{Position, Ruleset};
//! use ayo::tables::{Builder, Probed, Tables};
//!
//! let dir = tempfile::tempdir().unwrap();
//! Builder::new(&Ruleset::RUSS).build_dir(dir.path(), 3, &|_| {}).unwrap();
//! let tables = Tables::open(dir.path(), &Ruleset::RUSS).unwrap();
//! let pos = Position::from_setup("0,0,0,0,0,1/0,1,1,0,0,0 20-25 S", &Ruleset::RUSS).unwrap();
//! let probed = Probed::of(&tables, &pos, Ruleset::RUSS.end()).unwrap();
//! let text = ProbeJson::render(&pos, &probed, false).unwrap();
//! assert!(text.starts_with("net gain: +3 for South, to move\n"));
//! assert_eq!(ProbeJson::new(&pos, &probed).outcome, "loss");
//! ```

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::Path;
use std::time::Instant;

use serde::Serialize;

use crate::rules::{Position, Ruleset};
use crate::tables::{Builder, Probed, Progress, RulesetDir, TableError, Tables};

use super::plural;
use super::table::wrap_lines;

/// `ayo tables probe --format json`: one object a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ProbeJson {
    /// The net gain of the side to move, in seeds (RULES.md, "Net gain").
    pub net_gain: i8,
    /// `win`, `draw` or `loss`, for the side to move.
    pub outcome: &'static str,
    /// The exact final score under perfect play, South's first (a half
    /// seed each when play goes on for ever with an odd number of seeds
    /// left); `null` under `end=majority`.
    #[cfg_attr(feature = "schema", schemars(with = "Option<[f64; 2]>"))]
    pub exact_score: Option<[serde_json::Number; 2]>,
    /// Every legal move's net gain for the mover, by pit letter.
    pub move_net_gains: BTreeMap<String, i8>,
}

impl ProbeJson {
    /// The JSON of a probe of `pos`.
    pub fn new(pos: &Position, p: &Probed) -> ProbeJson {
        ProbeJson {
            net_gain: p.net_gain,
            outcome: outcome(p),
            exact_score: p.doubled_score.map(|[s, n]| [half(s), half(n)]),
            move_net_gains: p
                .moves
                .iter()
                .map(|m| (m.pit.letter(pos.pits()).to_string(), m.net_gain))
                .collect(),
        }
    }
}

/// `win`, `draw` or `loss` for the side to move.
fn outcome(p: &Probed) -> &'static str {
    match p.value.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    }
}

/// Half a doubled score as a JSON number: `27`, or `24.5`.
fn half(doubled: i64) -> serde_json::Number {
    if doubled % 2 == 0 {
        serde_json::Number::from(doubled / 2)
    } else {
        serde_json::Number::from_f64(doubled as f64 / 2.0).unwrap_or(serde_json::Number::from(0))
    }
}

impl ProbeJson {
    /// A probe of `pos` as `ayo tables probe` prints it: in words (its net
    /// gain, outcome, exact score and each move's net gain, a line each), or
    /// with `json` one JSON line.
    pub fn render(pos: &Position, p: &Probed, json: bool) -> serde_json::Result<String> {
        match json {
            true => Ok(serde_json::to_string(&ProbeJson::new(pos, p))? + "\n"),
            false => Ok(probe_text(pos, p)),
        }
    }
}

/// See [`ProbeJson::render`].
pub(crate) fn probe_text(pos: &Position, p: &Probed) -> String {
    let side = pos.to_move().title();
    let mut out = format!("net gain: {:+} for {side}, to move\n", p.net_gain);
    out += &format!("outcome: {} for {side}\n", outcome(p));
    out += &match p.doubled_score {
        Some([s, n]) => format!("score: {}-{} (South-North)\n", half(s), half(n)),
        None => "score: not exact under end=majority\n".to_string(),
    };
    let list: Vec<String> = p
        .moves
        .iter()
        .map(|m| format!("{} {:+}", m.pit.letter(pos.pits()), m.net_gain))
        .collect();
    out += &if p.over {
        "moves: none (the game is over)\n".to_string()
    } else if list.is_empty() {
        "moves: none (no legal move)\n".to_string()
    } else {
        format!("moves: {}\n", list.join(", "))
    };
    out
}

/// The tables of directory `dir` (its ruleset folders, `dirs`): for each
/// ruleset its levels present, and a row a level with its positions, bytes
/// and build time, then their totals. The words are wrapped to `width`;
/// the rows are not (their numbers cannot wrap).
pub fn info_text(dir: &Path, dirs: &[RulesetDir], width: u16) -> String {
    let wrapped = |text: String| -> String { text.lines().map(|l| wrap_lines(l, width)).collect() };
    let mut out = wrapped(format!("table directory: {}", dir.display()));
    if dirs.is_empty() {
        out += "no tables\n";
        return out;
    }
    for rd in dirs {
        let levels: Vec<u8> = rd.levels.iter().map(|l| l.0).collect();
        out += &wrapped(format!("{}: {}", rd.key, Tables::present_text(&levels)));
        out += &levels_table(rd);
    }
    out
}

/// The rows of a ruleset's levels, indented, the columns as wide as their
/// widest cell: the table fits a narrow terminal as long as its numbers do.
fn levels_table(rd: &RulesetDir) -> String {
    let mut rows: Vec<Vec<String>> = vec![
        ["level", "positions", "bytes", "build (s)"]
            .map(String::from)
            .to_vec(),
    ];
    let (mut positions, mut bytes, mut millis) = (0u64, 0u64, 0u64);
    for info in rd.levels_info() {
        match info.header {
            Ok(h) => {
                rows.push(vec![
                    info.level.to_string(),
                    h.positions.to_string(),
                    info.bytes.to_string(),
                    seconds(h.build_millis),
                ]);
                positions += h.positions;
                millis += h.build_millis;
            }
            Err(e) => rows.push(vec![info.level.to_string(), format!("unreadable: {e}")]),
        }
        bytes += info.bytes;
    }
    rows.push(vec![
        "total".to_string(),
        positions.to_string(),
        bytes.to_string(),
        seconds(millis),
    ]);
    // An unreadable level's message runs on past the columns.
    let widths: Vec<usize> = (0..4)
        .map(|c| {
            rows.iter()
                .filter(|r| r.len() == 4)
                .map(|r| r[c].len())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, &w))| match (c, row.len()) {
                (1, 2) => cell.clone(),
                _ => format!("{cell:>w$}"),
            })
            .collect();
        out += &format!("  {}\n", cells.join("  "));
    }
    out
}

/// Milliseconds as seconds with two decimals.
fn seconds(millis: u64) -> String {
    format!("{:.2}", millis as f64 / 1000.0)
}

/// The last line of a build: levels and positions built, and the time.
fn built_line(levels: usize, positions: u64, secs: f64) -> String {
    format!(
        "built {} level{}, {} position{} in {:.2} s",
        levels,
        plural(levels as u64),
        positions,
        plural(positions),
        secs
    )
}

/// Does what `ayo tables build` does: builds levels 1 to `max_seeds` of the
/// tables of `rules` in `dir` (see [`Builder::build_dir_with`]; `jobs`
/// threads, `max_laps` a relay), and prints to `out` a line before, a
/// line a level built, and the totals. `progress` is told of the work as
/// it goes, and `None` before each line is printed (a progress bar clears
/// itself then).
///
/// ```
/// use ayo::output::tables::build_tables;
/// use ayo::rules::{Engine, Ruleset};
/// use ayo::tables::TableError;
///
/// #[derive(Debug)]
/// enum Failed { Tables(TableError), Io(std::io::Error) }
/// impl From<TableError> for Failed { fn from(e: TableError) -> Failed { Failed::Tables(e) } }
/// impl From<std::io::Error> for Failed { fn from(e: std::io::Error) -> Failed { Failed::Io(e) } }
///
/// let dir = tempfile::tempdir().unwrap();
/// let mut out = Vec::new();
/// let limits = (1, Engine::DEFAULT_MAX_LAPS);
/// build_tables::<Failed>(&Ruleset::RUSS, dir.path(), 2, limits, &|_| {}, &mut out).unwrap();
/// let out = String::from_utf8(out).unwrap();
/// assert!(out.starts_with("russ: building levels 1-2 in "), "{out}");
/// assert!(out.contains("\nbuilt 2 levels, "), "{out}");
/// ```
pub fn build_tables<E: From<TableError> + From<io::Error>>(
    rules: &Ruleset,
    dir: &Path,
    max_seeds: u8,
    (jobs, max_laps): (usize, u64),
    progress: &(dyn Fn(Option<Progress>) + Sync),
    out: &mut impl Write,
) -> Result<(), E> {
    let present = Tables::open(dir, rules)?.levels();
    let (key, present) = (Tables::key(rules), Tables::present_text(&present));
    let dir_shown = dir.display();
    writeln!(
        out,
        "{key}: building levels 1-{max_seeds} in {dir_shown} ({present})"
    )?;
    out.flush()?;
    let builder = Builder::new(rules).threads(jobs).max_laps(max_laps);
    let started = Instant::now();
    let mut positions = 0u64;
    let mut written: io::Result<()> = Ok(());
    let result = builder.build_dir_with(dir, max_seeds, &|p| progress(Some(p)), &mut |s| {
        progress(None);
        positions += s.positions;
        if written.is_ok() {
            written = writeln!(out, "{s}").and_then(|()| out.flush());
        }
    });
    progress(None);
    let built = result?;
    written?;
    let secs = started.elapsed().as_secs_f64();
    writeln!(out, "{}", built_line(built.len(), positions, secs))?;
    Ok(())
}
