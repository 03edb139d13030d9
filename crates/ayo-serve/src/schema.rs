//! `GET /api/schema`: the JSON Schema of every JSON request and answer of
//! the API, made by schemars from the types the handlers use, as `ayo
//! COMMAND --schema` prints a command's (docs/SERVE.md). The answers the
//! API shares with a command (`ayo moves`, `ayo json`, `ayo tables probe`,
//! `ayo standings`) are described by that command's own types.

use std::sync::OnceLock;

use axum::Json;
use schemars::JsonSchema;
use serde_json::{Map, Value};

use ayo::output::json::{Document, GameJson};

use crate::analyse::{AnalyseQuery, InfoJson};
use crate::api::{
    BoardQuery, GamesJson, GamesQuery, PlayJson, PlayRequest, PositionQuery, side_schema,
};
use crate::error::{ErrorBody, Problem};
use crate::save::{SaveRequest, SavedJson};
use crate::standings::StandingsJson;

/// A game as `GET /api/games/{id}` gives it: `ayo json`'s object for the
/// game, with what the viewer of `ayo html` needs besides. Only described
/// here: the answer is the library's `ViewerGame`, whose fields are the
/// library's own; the tests validate real answers against this.
#[derive(JsonSchema)]
#[schemars(rename = "ViewerGame")]
#[allow(dead_code, reason = "a description of the JSON, never built")]
struct ViewerGameSchema {
    /// `ayo json`'s fields.
    #[serde(flatten)]
    game: GameJson,
    /// The start position; `null` when the game could not start.
    start: Option<StartSchema>,
    /// Pits a row; `null` when the game could not start.
    pits: Option<u8>,
    /// Every problem, as `ayo validate` prints it.
    problems: Vec<Problem>,
}

/// A position before any move.
#[derive(JsonSchema)]
#[schemars(rename = "StartJson")]
#[allow(dead_code, reason = "a description of the JSON, never built")]
struct StartSchema {
    /// Both rows, each from its owner's left.
    #[schemars(schema_with = "board_schema")]
    board: (),
    /// The stores, South's first.
    stores: [u16; 2],
    /// Who moves first.
    #[schemars(schema_with = "side_schema")]
    to_move: (),
}

/// The schema of a board, the library's (`BoardJson`).
fn board_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    Document::Board.subschema(generator)
}

/// The JSON Schema of a type of the API.
fn schema_of<T: JsonSchema>() -> Value {
    serde_json::to_value(schemars::schema_for!(T)).unwrap_or_default()
}

/// The schemas of one endpoint: what its query string, its body and its
/// answer hold (the events of a stream, by event name).
struct Endpoint {
    key: &'static str,
    parts: Vec<(&'static str, Value)>,
}

/// Every JSON endpoint, `"METHOD /path"`, with its schemas.
fn endpoints() -> Vec<Endpoint> {
    let e = |key, parts| Endpoint { key, parts };
    vec![
        e(
            "GET /api/games",
            vec![
                ("query", schema_of::<GamesQuery>()),
                ("response", schema_of::<GamesJson>()),
            ],
        ),
        e(
            "GET /api/games/{id}",
            vec![("response", schema_of::<ViewerGameSchema>())],
        ),
        e(
            "GET /api/standings",
            vec![
                ("query", schema_of::<GamesQuery>()),
                ("response", schema_of::<StandingsJson>()),
            ],
        ),
        e(
            "GET /api/moves",
            vec![
                ("query", schema_of::<PositionQuery>()),
                ("response", Document::Moves.schema()),
            ],
        ),
        e(
            "POST /api/play",
            vec![
                ("request", schema_of::<PlayRequest>()),
                ("response", schema_of::<PlayJson>()),
            ],
        ),
        e("GET /api/board", vec![("query", schema_of::<BoardQuery>())]),
        e(
            "GET /api/tables",
            vec![
                ("query", schema_of::<PositionQuery>()),
                ("response", Document::Probe.schema()),
            ],
        ),
        e(
            "GET /api/analyse",
            vec![
                ("query", schema_of::<AnalyseQuery>()),
                (
                    "events",
                    serde_json::json!({ "info": schema_of::<InfoJson>() }),
                ),
            ],
        ),
        e(
            "POST /api/save",
            vec![
                ("request", schema_of::<SaveRequest>()),
                ("response", schema_of::<SavedJson>()),
            ],
        ),
    ]
}

/// The whole document: `{"endpoints": {"METHOD /path": {"query",
/// "request", "response", "events"}}, "error": <the body of every error>}`,
/// each part present when the endpoint has it.
pub fn document() -> Value {
    let mut all = Map::new();
    for Endpoint { key, parts } in endpoints() {
        let parts: Map<String, Value> =
            parts.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        all.insert(key.to_string(), Value::Object(parts));
    }
    serde_json::json!({ "endpoints": all, "error": schema_of::<ErrorBody>() })
}

/// `GET /api/schema`: [`document`], made once.
pub async fn schema() -> Json<Value> {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    Json(DOCUMENT.get_or_init(document).clone())
}
