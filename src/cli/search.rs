//! The arguments of the commands that search (`best`, `analyze`): when the
//! search stops, and the endgame tables it answers from; and what their
//! errors say.

use std::path::PathBuf;
use std::time::Duration;

use ayo::analysis::{AnalysisError, TableCache};
use ayo::search::{Limits, SearchError};

use super::Fatal;

/// Depth searched when no limit is given.
pub const DEFAULT_DEPTH: u32 = 10;

/// `--depth`, `--nodes`, `--time`: when the search stops. At most one.
#[derive(Debug, Clone, Copy, clap::Args)]
#[group(id = "limit", multiple = false)]
pub struct LimitArgs {
    /// Search N plies deep (default 10; at most 100). Stops earlier when the
    /// value is exact.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(Limits::MAX_DEPTH)))]
    pub depth: Option<u32>,
    /// Search until N positions are visited, and answer from the last
    /// finished depth.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Search for this long (`2s`, `500ms`, `1m`), and answer from the last
    /// finished depth. Not deterministic.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub time: Option<Duration>,
}

impl LimitArgs {
    /// The search's limits: the one given, else depth 10.
    pub fn limits(&self) -> Limits {
        let limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            time: self.time,
        };
        if limits == Limits::default() {
            Limits::depth(DEFAULT_DEPTH)
        } else {
            limits
        }
    }
}

/// `--tables DIR`: endgame tables the search answers from.
#[derive(Debug, Clone, clap::Args)]
pub struct TablesArg {
    /// Endgame tables (`ayo tables build`) to answer from. Default:
    /// $AYO_TABLES when set. Under end=exhaustion a position inside them is
    /// exact without search, and the search probes them below the root.
    /// Under end=majority they know each move's exact win, draw or loss but
    /// not the final score: the answer gives those outcomes, and the best
    /// move is one that keeps the position's outcome (the search's scores,
    /// not exact, rank the moves that do). A folder (from either) that holds
    /// no table for the ruleset in use is an error, not a search without
    /// tables.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
}

impl TablesArg {
    /// The tables of `--tables`, else of `AYO_TABLES` when set; none means
    /// no tables. `AYO_TABLES` set but empty is an error when tables are
    /// first wanted, as an empty folder is. Errors name the folder as it was
    /// given.
    pub fn cache(&self) -> TableCache {
        let dir = match &self.tables {
            Some(dir) => Some((dir.clone(), "--tables ")),
            None => std::env::var_os("AYO_TABLES").map(|v| (PathBuf::from(v), "AYO_TABLES=")),
        };
        TableCache::new(dir.map(|(dir, from)| {
            let name = format!("{from}{}", dir.display());
            (dir, name)
        }))
    }
}

/// `500ms`, `2s`, `1.5s`, `1m`.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let scale = match unit {
        "ms" => 0.001,
        "s" => 1.0,
        "m" | "min" => 60.0,
        _ => {
            return Err(format!(
                "expected a number and ms, s or m, e.g. `2s` or `500ms`; found `{text}`"
            ));
        }
    };
    let n: f64 = number.parse().map_err(|_| {
        format!("expected a number and ms, s or m, e.g. `2s` or `500ms`; found `{text}`")
    })?;
    Duration::try_from_secs_f64(n * scale).map_err(|e| format!("`{text}`: {e}"))
}

/// The error of a search stopped by an undecided relay (exit 2).
pub fn undecided(e: &SearchError) -> Fatal {
    Fatal::Error(format!("{e}; raise --max-laps"))
}

/// What an analysis's error says (exit 2).
impl From<AnalysisError> for Fatal {
    fn from(e: AnalysisError) -> Fatal {
        match e {
            AnalysisError::Search(e) => undecided(&e),
            e => Fatal::Error(e.to_string()),
        }
    }
}
