//! `GET /api/standings?event=…`: the tournament table of the archive's
//! games that pass its filter, as `ayo standings --format json` ranks them.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Query, State as Shared};
use serde::Serialize;

use ayo::corpus::standings::{Tally, Tiebreak};
use ayo::output::json::Document;
use ayo::output::standings::View;
use ayo::replay::Options;

use crate::State;
use crate::api::{GamesQuery, passes, refreshed};
use crate::error::ApiError;

/// The standings of the games listed.
#[derive(schemars::JsonSchema)]
#[allow(
    dead_code,
    reason = "a description of the JSON: the answer is `Standings`"
)]
pub struct StandingsJson {
    /// A player a line, ranked: the lines of `ayo standings --format json`.
    #[schemars(schema_with = "standing_lines")]
    pub standings: (),
    /// What `ayo standings --format json` writes on standard error, in its
    /// order: a warning on copies, each game not counted and why, then a
    /// note on names that differ only in case or spacing.
    pub notes: Vec<String>,
}

/// The schema of the lines of `ayo standings --format json`, a list.
fn standing_lines(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let line = Document::Standing.subschema(generator);
    schemars::json_schema!({ "type": "array", "items": line })
}

/// The standings of the games listed, as [`StandingsJson`] describes them.
#[derive(Serialize)]
pub struct Standings<S> {
    /// The players' lines, ranked.
    pub standings: S,
    /// The notes of `ayo standings --format json`.
    pub notes: Vec<String>,
}

/// `GET /api/standings?event=&player=&date=`: the games the archive lists
/// for the same filter, read into one table in the archive's order (by
/// file name, then place) with the default tie-breaks, as `ayo standings
/// --format json FILES` would.
pub async fn standings(
    Shared(state): Shared<Arc<State>>,
    Query(q): Query<GamesQuery>,
) -> Result<Json<Standings<impl Serialize + use<>>>, ApiError> {
    let archive = refreshed(&state)?;
    let mut tally = Tally::new(None, Options::default());
    for (entry, raw) in archive.games().filter(|(e, _)| passes(e, &q)) {
        // What the CLI would print on a game's text (a syntax error, a
        // missing name) is already in the archive's `errors`.
        let _said = tally.add(&entry.file, raw, raw.parse());
    }
    let report = tally.finish();
    let view = View {
        by: None,
        cross: false,
        order: &Tiebreak::DEFAULT,
    };
    let standings = view.json(&report);
    let note = report.names_note();
    let mut notes: Vec<String> = report.copies_warning().into_iter().collect();
    notes.extend(report.side_notes(note.as_deref()));
    Ok(Json(Standings { standings, notes }))
}
