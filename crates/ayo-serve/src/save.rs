//! `POST /api/save`: a game appended, in canonical form, to a `.ayo` file of
//! the folder. Only with `--writable`, only from the page's own origin, one
//! save at a time, through `ayo-files`' safe writes: the file is replaced
//! whole by a temporary file renamed over it, so a reader (or a Ctrl-C)
//! sees the old file or the new one, never half of either.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use axum::Json;
use axum::extract::State as Shared;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};

use ayo::canonical::{Fill, Formatted};
use ayo::files::write::{Existing, HardLinks, InPlace, write_new};
use ayo::notation::Record;
use ayo::replay::{Game, Options};

use crate::State;
use crate::api::Body;
use crate::archive::plain_name;
use crate::error::{ApiError, Problem};

/// A game to save.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct SaveRequest {
    /// The file's name in the folder (`club.ayo`); created if missing.
    pub file: String,
    /// The tag pairs, in order (`Event`, `Site`, `Date`, `Round`, `South`,
    /// `North`, `Rules`, `Setup`…).
    #[serde(default)]
    pub tags: Vec<(String, String)>,
    /// The main line's pit letters.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// Where the game was saved.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct SavedJson {
    /// The saved game's id.
    pub id: String,
    /// The file's name.
    pub file: String,
    /// The game's place in the file, from 1.
    pub game: usize,
    /// The game as written, in canonical form.
    pub text: String,
}

/// Refuses a request that a browser sent from another site: its
/// `Sec-Fetch-Site` is not `same-origin`, or its `Origin` is not this
/// server's. Programs that send neither (curl) are let through: they are not
/// a page another site made the browser send.
fn same_origin(headers: &HeaderMap) -> Result<(), ApiError> {
    let header = |name| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(site) = header("sec-fetch-site")
        && site != "same-origin"
    {
        return Err(ApiError::Forbidden(format!(
            "saving needs a same-origin request (Sec-Fetch-Site: {site})"
        )));
    }
    if let Some(origin) = header("origin") {
        let host = header("host").unwrap_or("");
        if origin != format!("http://{host}") {
            return Err(ApiError::Forbidden(format!(
                "saving needs a same-origin request (Origin: {origin})"
            )));
        }
    }
    Ok(())
}

/// A tag value as a record writes it: `"` and `\` escaped.
fn quoted(value: &str) -> String {
    format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The record of `req` in canonical form, its claims, Score and PlyCount
/// filled in from the replay; 422 with its problems when it does not
/// validate.
pub fn canonical_text(req: &SaveRequest) -> Result<String, ApiError> {
    let mut text = String::new();
    for (name, value) in &req.tags {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(ApiError::BadRequest(format!(
                "tag name {name:?}: letters, digits and _ only"
            )));
        }
        if value.contains(['\n', '\r']) {
            return Err(ApiError::BadRequest(format!(
                "tag {name}: a value is one line"
            )));
        }
        text += &format!("[{name} {}]\n", quoted(value));
    }
    text.push('\n');
    for m in &req.moves {
        if m.chars().count() != 1 || !m.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(ApiError::BadRequest(format!("move {m:?}: one pit letter")));
        }
        text += m;
        text.push(' ');
    }
    text.push_str("*\n");
    let record = Record::parse(&text).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let fill = Fill {
        fix: true,
        opts: Options::default(),
    };
    let formatted = Formatted::of(record, Some(&fill));
    // The text written must validate on its own, as `ayo validate` reads it.
    let check = Record::parse(&formatted.text).map_err(|e| ApiError::Internal(e.to_string()))?;
    let game = Game::replay(check, &Options::default());
    if !game.is_valid() {
        let problems = game
            .errors
            .iter()
            .map(|d| Problem {
                severity: d.severity.as_str(),
                text: d.render_bytes(
                    &req.file,
                    formatted.text.as_bytes(),
                    Default::default(),
                    false,
                ),
            })
            .collect();
        return Err(ApiError::Invalid(problems));
    }
    Ok(formatted.text)
}

/// Appends `text` (a game, ending in a newline) to `path`, one blank line
/// after the last game, through a safe replace; or creates the file. A link
/// or anything but a regular file is refused (409), as is a file changed
/// while it was read.
fn append(path: &Path, text: &str) -> Result<(), ApiError> {
    let conflict =
        |e: std::io::Error| ApiError::Conflict(format!("cannot write {}: {e}", name_of(path)));
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return write_new(path, Existing::Refuse, |f| f.write_all(text.as_bytes()))
                .map_err(conflict);
        }
        Err(e) => return Err(conflict(e)),
        Ok(meta) if !meta.file_type().is_file() => {
            return Err(ApiError::Conflict(format!(
                "{} is not a regular file: nothing saved",
                name_of(path)
            )));
        }
        Ok(_) => {}
    }
    let files = InPlace::new(HardLinks::Refuse);
    let (mut old, was) = files.read(path).map_err(conflict)?;
    while old.last().is_some_and(|b| b.is_ascii_whitespace()) {
        old.pop();
    }
    if !old.is_empty() {
        old.extend_from_slice(b"\n\n");
    }
    old.extend_from_slice(text.as_bytes());
    files.replace(path, &was, &old).map_err(conflict)
}

/// The file name of `path`, for messages (never the folder's path).
fn name_of(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// `POST /api/save`: see the module docs.
pub async fn save(
    Shared(state): Shared<Arc<State>>,
    headers: HeaderMap,
    Body(req): Body<SaveRequest>,
) -> Result<Json<SavedJson>, ApiError> {
    if !state.config.writable {
        return Err(ApiError::Forbidden(
            "saving is off: start the server with --writable".into(),
        ));
    }
    same_origin(&headers)?;
    if !plain_name(&req.file) {
        return Err(ApiError::BadRequest(format!(
            "file {:?}: a plain file name ending in .ayo, in the served folder",
            req.file
        )));
    }
    let text = canonical_text(&req)?;
    let path = state.config.dir.join(&req.file);
    let _held = state.save_lock.lock().await;
    let written = text.clone();
    // The write runs to its end even if the client goes away or the server
    // is asked to stop: a blocking task is not cancelled.
    tokio::task::spawn_blocking(move || append(&path, &written))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))??;
    let archive = crate::api::refreshed_mut(&state)?;
    let last = archive
        .entries()
        .filter(|e| e.file == req.file)
        .last()
        .ok_or_else(|| ApiError::Internal("the saved game was not read back".into()))?;
    Ok(Json(SavedJson {
        id: last.id.clone(),
        file: req.file.clone(),
        game: last.game,
        text,
    }))
}
