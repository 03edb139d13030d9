//! The JSON API's handlers for games, moves, playing a move and the tables
//! (docs/SERVE.md). Each answers with the JSON the matching `ayo` command
//! prints, or an [`ApiError`].

use std::sync::Arc;

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Path, Query, Request, State as Shared};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use ayo::notation::Numbering;
use ayo::output::board::BoardView;
use ayo::output::html::ViewerGame;
use ayo::output::json::Document;
use ayo::output::moves::{LegalMove, Moves};
use ayo::output::tables::ProbeJson;
use ayo::replay::{Game, Options};
use ayo::rules::{Engine, Pit, Position, Ruleset, Side};
use ayo::tables::Probed;

use crate::State;
use crate::archive::Entry;
use crate::error::ApiError;

/// A JSON body whose rejections are typed errors: 413 over the cap, 400
/// for the rest.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(JsonRejection::BytesRejection(e))
                if e.status() == StatusCode::PAYLOAD_TOO_LARGE =>
            {
                Err(ApiError::TooLarge)
            }
            Err(e) => Err(ApiError::BadRequest(e.body_text())),
        }
    }
}

/// A position named by a request: its set-up string and ruleset.
#[derive(Clone, Debug, Deserialize, schemars::JsonSchema)]
pub struct PositionQuery {
    /// The set-up string (`4,4,4,4,4,4/4,4,4,4,4,4 0-0 S`); the ruleset's
    /// start when absent.
    pub setup: Option<String>,
    /// The ruleset string; the server's (`--rules`, else russ) when absent.
    pub rules: Option<String>,
}

impl PositionQuery {
    /// The ruleset and position asked for, or 400.
    pub fn read(&self, state: &State) -> Result<(Ruleset, Position), ApiError> {
        let rules = match &self.rules {
            Some(r) if !r.trim().is_empty() => r
                .parse::<Ruleset>()
                .map_err(|e| ApiError::BadRequest(format!("rules: {e}")))?,
            _ => state.config.rules,
        };
        let pos = match &self.setup {
            Some(s) if !s.trim().is_empty() => Position::from_setup(s, &rules)
                .map_err(|e| ApiError::BadRequest(format!("setup: {e}")))?,
            _ => Position::start(&rules),
        };
        Ok((rules, pos))
    }
}

/// The filters of the archive, as `ayo filter` reads them: a player (South
/// or North), an event, and a date (a prefix: `2024`, `2024.05`); each
/// compared without regard to case.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
pub struct GamesQuery {
    /// A player's name, or part of it.
    pub player: Option<String>,
    /// An event's name, or part of it.
    pub event: Option<String>,
    /// The start of a date.
    pub date: Option<String>,
}

/// The games of the archive.
#[derive(Serialize, schemars::JsonSchema)]
pub struct GamesJson {
    /// The games, by file name then place in the file.
    pub games: Vec<Entry>,
}

/// Whether `entry` passes `q`.
pub(crate) fn passes(entry: &Entry, q: &GamesQuery) -> bool {
    let tag = |name: &str| {
        entry
            .tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.to_lowercase())
            .unwrap_or_default()
    };
    let has = |hay: String, needle: &Option<String>| {
        needle
            .as_ref()
            .is_none_or(|n| hay.contains(&n.trim().to_lowercase()))
    };
    let player_ok = q.player.as_ref().is_none_or(|p| {
        let p = p.trim().to_lowercase();
        tag("South").contains(&p) || tag("North").contains(&p)
    });
    let date_ok = q
        .date
        .as_ref()
        .is_none_or(|d| tag("Date").starts_with(&d.trim().to_lowercase()));
    player_ok && date_ok && has(tag("Event"), &q.event)
}

/// Locks the archive for writing and reads again what changed on disk.
pub(crate) fn refreshed_mut(
    state: &State,
) -> Result<std::sync::RwLockWriteGuard<'_, crate::archive::Archive>, ApiError> {
    let mut archive = state
        .archive
        .write()
        .map_err(|_| ApiError::Internal("the archive's lock is poisoned".into()))?;
    archive
        .refresh()
        .map_err(|e| ApiError::Internal(format!("cannot read the folder: {e}")))?;
    Ok(archive)
}

/// Locks the archive and reads again what changed on disk.
pub(crate) fn refreshed(
    state: &State,
) -> Result<std::sync::RwLockReadGuard<'_, crate::archive::Archive>, ApiError> {
    drop(refreshed_mut(state)?);
    state
        .archive
        .read()
        .map_err(|_| ApiError::Internal("the archive's lock is poisoned".into()))
}

/// `GET /api/games`: every game of the folder with its tags, filtered.
pub async fn list_games(
    Shared(state): Shared<Arc<State>>,
    Query(q): Query<GamesQuery>,
) -> Result<Json<GamesJson>, ApiError> {
    let archive = refreshed(&state)?;
    let games = archive
        .entries()
        .filter(|e| passes(e, &q))
        .cloned()
        .collect();
    Ok(Json(GamesJson { games }))
}

/// The game of id `id`, replayed with its laps, as the viewer reads it.
pub fn viewer_game(state: &State, id: &str) -> Result<ViewerGame, ApiError> {
    viewer_game_in(state, id).map(|(game, _)| game)
}

/// [`viewer_game`], with the name of the file the game is in.
pub fn viewer_game_in(state: &State, id: &str) -> Result<(ViewerGame, String), ApiError> {
    let found = refreshed(state)?
        .find(id)
        .ok_or_else(|| ApiError::NotFound(format!("no game {id:?}")))?;
    let opts = Options {
        rules: None,
        ..Options::default()
    };
    Ok((
        match found.raw.parse() {
            Ok(record) => {
                ViewerGame::replayed(&Game::replay(record, &opts), &found.file, &found.raw)
            }
            Err(e) => {
                let d = ayo::diagnostics::Diagnostic::from(e);
                ViewerGame::unparsed(&found.file, &found.raw, &d, None)
            }
        },
        found.file.clone(),
    ))
}

/// `GET /api/games/{id}`: the game as `ayo json` prints it, with its start
/// position and its problems as `ayo validate` words them.
pub async fn read_game(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
) -> Result<Json<ViewerGame>, ApiError> {
    Ok(Json(viewer_game(&state, &id)?))
}

/// The legal moves of `pos`, numbered from its side to move.
fn moves_of(engine: &Engine, pos: &Position) -> Result<ayo::output::moves::Moves, ApiError> {
    let numbering = Numbering::new(1, pos.to_move() == Side::North);
    Moves::legal(engine, pos, numbering).map_err(|e| ApiError::IllegalMove(e.to_string()))
}

/// `GET /api/moves?setup=…&rules=…`: the legal moves with what each would
/// do, as `ayo moves --format json` prints them.
pub async fn moves(
    Shared(state): Shared<Arc<State>>,
    Query(q): Query<PositionQuery>,
) -> Result<Json<impl Serialize>, ApiError> {
    let (rules, pos) = q.read(&state)?;
    let moves = moves_of(&Engine::new(rules), &pos)?;
    // `Moves::json` takes the list: it is moved, not copied.
    Ok(Json(moves.json(&pos, &rules)))
}

/// A move to play.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct PlayRequest {
    /// The position, as for `/api/moves`.
    #[serde(flatten)]
    pub position: PositionQuery,
    /// The pit letter.
    pub pit: String,
}

/// A move played.
#[derive(Serialize, schemars::JsonSchema)]
pub struct PlayJson {
    /// The move and what it did, as `ayo moves` lists it.
    #[serde(rename = "move")]
    pub played: LegalMove,
    /// The set-up string of the position after it.
    pub setup: String,
    /// Who moves next.
    #[serde(serialize_with = "side_name")]
    #[schemars(schema_with = "side_schema")]
    pub to_move: Side,
}

/// A side as every JSON of `ayo` names it: `"south"` or `"north"`.
fn side_name<S: serde::Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(side.name())
}

/// The schema of a side, the library's (`SideJson`).
pub(crate) fn side_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    Document::Side.subschema(generator)
}

/// The pit of `letter` in `pos`, or 400.
fn pit_of(letter: &str, pos: &Position) -> Result<Pit, ApiError> {
    let mut chars = letter.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Pit::from_letter(c, pos.pits()),
        _ => None,
    }
    .ok_or_else(|| {
        ApiError::BadRequest(format!("pit: {letter:?} is not a pit letter of this board"))
    })
}

/// `POST /api/play`: plays a move, or says why it is illegal (422). Only
/// the move played is sown and traced, not every legal move.
pub async fn play(
    Shared(state): Shared<Arc<State>>,
    Body(req): Body<PlayRequest>,
) -> Result<Json<PlayJson>, ApiError> {
    let (rules, pos) = req.position.read(&state)?;
    let pit = pit_of(&req.pit, &pos)?;
    let numbering = Numbering::new(1, pos.to_move() == Side::North);
    let (played, after) = LegalMove::played(&Engine::new(rules), &pos, pit, numbering)
        .map_err(|e| ApiError::IllegalMove(format!("{}: {e}", pit.letter(pos.pits()))))?;
    Ok(Json(PlayJson {
        played,
        setup: after.to_string(),
        to_move: after.to_move(),
    }))
}

/// `GET /api/tables?setup=…&rules=…`: the position's exact value from the
/// tables, as `ayo tables probe --format json` prints it; 404 when there
/// are no tables or the position is outside them.
pub async fn tables(
    Shared(state): Shared<Arc<State>>,
    Query(q): Query<PositionQuery>,
) -> Result<Json<ProbeJson>, ApiError> {
    let (rules, pos) = q.read(&state)?;
    let tables = open_tables(&state, rules)?.ok_or_else(|| {
        ApiError::NotFound("no tables: start the server with --tables DIR".into())
    })?;
    let probed = Probed::of(tables, &pos, rules.end())
        .map_err(|e| ApiError::NotFound(format!("not in the tables: {e}")))?;
    Ok(Json(ProbeJson::new(&pos, &probed)))
}

/// The tables for `rules`, if the server has any.
pub fn open_tables(
    state: &State,
    rules: Ruleset,
) -> Result<Option<&'static ayo::tables::Tables>, ApiError> {
    if state.config.tables.is_none() {
        return Ok(None);
    }
    let mut cache = state
        .tables
        .lock()
        .map_err(|_| ApiError::Internal("the tables' lock is poisoned".into()))?;
    // A ruleset without tables is searched without them.
    Ok(cache.get(rules).ok().flatten())
}

/// Any other path: 404.
pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::NotFound(format!("no such page: {}", uri.path()))
}

/// The board to draw: a position, and the move just played from it.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct BoardQuery {
    /// The position (before `pit`, when given).
    #[serde(flatten)]
    pub position: PositionQuery,
    /// The move played from it: the board after it is drawn, the move's pit,
    /// laps and capture marked.
    pub pit: Option<String>,
    /// The ply number to draw (0: the start).
    pub ply: Option<u32>,
}

/// `GET /api/board?setup=…&rules=…&pit=…`: the board as `ayo board
/// --format svg` draws it.
pub async fn board(
    Shared(state): Shared<Arc<State>>,
    Query(q): Query<BoardQuery>,
) -> Result<impl axum::response::IntoResponse, ApiError> {
    let (rules, pos) = q.position.read(&state)?;
    let engine = Engine::new(rules);
    let outcome = match &q.pit {
        Some(letter) => {
            let pit = pit_of(letter, &pos)?;
            let o = engine
                .play_traced(&pos, pit)
                .map_err(|e| ApiError::IllegalMove(format!("{letter}: {e}")))?;
            Some(o)
        }
        None => None,
    };
    let svg = match &outcome {
        Some(o) => BoardView::setup(&o.position, &engine).svg_after(&rules, q.ply.unwrap_or(1), o),
        None => BoardView::setup(&pos, &engine).svg(&rules),
    };
    Ok(([(axum::http::header::CONTENT_TYPE, "image/svg+xml")], svg))
}

/// The name a downloaded game is offered under: its id with the colon as a
/// dash (`club-night-3.ayo`), and anything but letters, digits, `-`, `_`
/// and `.` as `_`, so that it is a plain name in any header or folder.
fn download_name(id: &str) -> String {
    let stem: String = id
        .chars()
        .map(|c| match c {
            ':' => '-',
            c if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') => c,
            _ => '_',
        })
        .collect();
    format!("{stem}.ayo")
}

/// `GET /api/games/{id}/ayo`: the game in canonical form, as `ayo fmt`
/// writes it (a game that does not parse as it stands), offered as a file.
pub async fn download(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
) -> Result<impl axum::response::IntoResponse, ApiError> {
    let found = refreshed(&state)?
        .find(&id)
        .ok_or_else(|| ApiError::NotFound(format!("no game {id:?}")))?;
    let text = match found.raw.parse() {
        Ok(record) => ayo::canonical::Formatted::of(record, None).text,
        Err(_) => {
            let mut text = String::from_utf8_lossy(&found.raw.bytes).into_owned();
            text.push('\n');
            text
        }
    };
    let disposition = format!("attachment; filename=\"{}\"", download_name(&id));
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (axum::http::header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    ))
}
