//! The parts of a [`StandingJson`](super::StandingJson): serialization
//! shapes, named by the JSON Schema of `ayo standings --format json`, not by
//! a path of the API.

use serde::Serialize;

/// A player's tie-break values, in `ayo standings --format json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TiebreaksJson {
    /// The points scored against the other players of the group it was
    /// applied to (those level on points, or what the tie-breaks before it
    /// left level); `null` when it was not applied (a player level with
    /// nobody, or a group whose players have not all met each other).
    pub head_to_head: Option<f64>,
    /// Sonneborn-Berger: the final points of each opponent beaten, and half
    /// those of each opponent drawn with, a game at a time.
    pub sonneborn_berger: f64,
    /// Games won.
    pub win_count: u32,
    /// Seeds for minus seeds against.
    pub seed_difference: i64,
}

/// The games between a player and one opponent, in `--cross` JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CrossJson {
    /// The opponent's name.
    pub opponent: String,
    /// The player's points in each game against them, in input order.
    pub game_points: Vec<f64>,
}
