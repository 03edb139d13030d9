//! The page: the archive, the analysis board and the record form, one HTML
//! file with its script and style sheet, all inside the binary and readable
//! in `page/`. Nothing is loaded from the network. The viewer of a game is
//! the page `ayo html` writes.

use std::sync::Arc;

use axum::extract::{Path, State as Shared};
use axum::http::header;
use axum::response::{Html, IntoResponse};

use ayo::output::html::ViewerGame;

use crate::State;
use crate::api::viewer_game_in;
use crate::error::ApiError;

/// The page.
const INDEX: &str = include_str!("page/index.html");
/// Its script.
const SCRIPT: &str = include_str!("page/app.js");
/// Its style sheet.
const STYLE: &str = include_str!("page/app.css");

/// The headers every page gets: no sniffing, no framing by other sites, and
/// a policy that lets it load only from this server.
const SECURITY: [(header::HeaderName, &str); 3] = [
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "SAMEORIGIN"),
    (
        header::CONTENT_SECURITY_POLICY,
        "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; img-src 'self' data:",
    ),
];

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    (SECURITY, Html(INDEX))
}

/// `GET /app.js`.
pub async fn script() -> impl IntoResponse {
    (
        SECURITY,
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
}

/// `GET /app.css`.
pub async fn style() -> impl IntoResponse {
    (
        SECURITY,
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        STYLE,
    )
}

/// `GET /view/{id}`: the game in the viewer `ayo html` writes.
pub async fn viewer(
    Shared(state): Shared<Arc<State>>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, ApiError> {
    let (game, file) = viewer_game_in(&state, &id)?;
    let games = [game];
    let title = ViewerGame::page_title(&games, &[file]);
    Ok((SECURITY, Html(ViewerGame::page(&title, &games))))
}
