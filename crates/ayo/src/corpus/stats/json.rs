//! The parts of [`StatsJson`](super::StatsJson): serialization shapes,
//! named by the JSON Schema of `ayo stats --format json`, not by a path of
//! the API (their fields are read through a `StatsJson`).

use serde::Serialize;

/// Games by who won, as `ayo json`'s `result.winner` says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ResultsJson {
    /// Won by South.
    pub south: u64,
    /// Won by North.
    pub north: u64,
    /// Drawn.
    pub draw: u64,
    /// Decided by nothing (the tables' `undecided`): `*` or no token on an
    /// unfinished board, or an invalid record.
    pub unfinished: u64,
}

impl ResultsJson {
    pub(crate) fn total(&self) -> u64 {
        self.south + self.north + self.draw + self.unfinished
    }
}

/// One ruleset's games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RulesetJson {
    /// The canonical ruleset; `null` for games whose Rules tag could not be
    /// read.
    pub rules: Option<String>,
    /// Games that parse under it.
    pub game_count: u64,
    /// Their results.
    pub results: ResultsJson,
}

/// A distribution.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct HistogramJson {
    /// Values counted.
    pub count: u64,
    /// Their mean, to two decimals; `null` when none.
    pub mean: Option<f64>,
    /// The largest (0 when none).
    pub max: u64,
    /// The non-empty buckets, in order.
    pub histogram: Vec<BucketJson>,
}

/// A histogram bucket: values from `min` to `max`, both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct BucketJson {
    /// The smallest value of the bucket.
    pub min: u64,
    /// The largest value of the bucket.
    pub max: u64,
    /// How many values fell in it.
    pub count: u64,
}

/// Valid games by how their main line ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct EndedJson {
    /// A store holds more than half of the seeds.
    pub majority: u64,
    /// The player to move has no legal move.
    #[serde(rename = "no-legal-move")]
    pub no_legal_move: u64,
    /// The main line stops before the game is over.
    pub unfinished: u64,
}

/// How one first move scored for the side that played it, by who won.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FirstMoveJson {
    /// The canonical ruleset.
    pub rules: String,
    /// The pit played.
    pub pit: char,
    /// Games that opened with it.
    pub game_count: u64,
    /// Won by the side that played it.
    pub win_count: u64,
    /// Drawn.
    pub draw_count: u64,
    /// Lost by the side that played it.
    pub loss_count: u64,
    /// That nothing decides (`undecided`): not in `points_rate`.
    pub unfinished_count: u64,
    /// Points a decided game for the side that played it (1 a win, 0.5 a
    /// draw), from 0 to 1, to three decimals; `null` when none is decided.
    pub points_rate: Option<f64>,
}
