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
    let page = ViewerGame::page(&title, &games);
    Ok((SECURITY, Html(with_links(page, &id))))
}

/// `id` with every byte but ASCII letters, digits, `-`, `_`, `.` and `~`
/// percent-encoded: the same in a path, a fragment or an attribute, and
/// never markup.
fn encoded(id: &str) -> String {
    id.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The viewer's page with the links of the game of `id` under its heading:
/// its canonical `.ayo` to download, the game on the analysis board, and
/// the archive. Put after the first `</h1>` of the body, the page's own
/// heading: the title in it is escaped, and the game's data comes later.
fn with_links(page: String, id: &str) -> String {
    let id = encoded(id);
    let links = format!(
        "<nav class=\"serve-links\" aria-label=\"This game\" style=\"margin:0 0 .8em\">\
         <a id=\"download\" href=\"/api/games/{id}/ayo\" download>Download .ayo</a> \u{b7} \
         <a id=\"analyse\" href=\"/#game={id}&amp;ply=0\">Analyse</a> \u{b7} \
         <a id=\"archive\" href=\"/#archive\">Archive</a></nav>"
    );
    let heading = page
        .find("<body>")
        .and_then(|body| page[body..].find("</h1>").map(|h| body + h + "</h1>".len()));
    match heading {
        Some(at) => format!("{}{links}{}", &page[..at], &page[at..]),
        None => page,
    }
}
