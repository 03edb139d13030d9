//! The API's errors: each a status and a typed JSON body,
//! `{"error": {"kind": "...", "message": "..."}}`, with `problems` when a
//! record to save does not validate.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Why a request was refused. The kind names the case for programs (the
/// `kind` of the body); the message says it for people.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed: a bad set-up, ruleset, pit or field (400).
    #[error("{0}")]
    BadRequest(String),
    /// No game, file or route of that name (404).
    #[error("{0}")]
    NotFound(String),
    /// Saving is off (the server was started without `--writable`), or the
    /// request did not come from the page's own origin (403).
    #[error("{0}")]
    Forbidden(String),
    /// The file changed on disk while it was being saved into, or is not a
    /// file that can be written (409).
    #[error("{0}")]
    Conflict(String),
    /// The request body is over the cap (413).
    #[error("the request body is over the server's cap")]
    TooLarge,
    /// The move is not legal in the position (422): the reason the rules give.
    #[error("{0}")]
    IllegalMove(String),
    /// The record to save does not validate (422): its problems, worded as
    /// `ayo validate` words them.
    #[error("the game does not validate")]
    Invalid(Vec<Problem>),
    /// Every search slot is taken (503): try again later.
    #[error("{0}")]
    Busy(String),
    /// The server could not do what was asked: an I/O error (500).
    #[error("{0}")]
    Internal(String),
}

/// The body of an error response.
#[derive(Serialize, schemars::JsonSchema)]
pub struct ErrorBody {
    /// The error.
    pub error: ErrorJson,
}

/// What went wrong.
#[derive(Serialize, schemars::JsonSchema)]
pub struct ErrorJson {
    /// `bad_request`, `not_found`, `forbidden`, `conflict`, `too_large`,
    /// `illegal_move`, `invalid`, `busy` or `internal`.
    pub kind: &'static str,
    /// The reason, in words.
    pub message: String,
    /// For `invalid`: every problem of the record, as `ayo validate` words it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<Problem>,
}

/// A problem as `ayo validate` prints it: the `problems` of a game of the
/// viewer (`GET /api/games/{id}`) and of a record refused by `POST
/// /api/save`, one shape for both.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(rename = "ProblemJson")]
pub struct Problem {
    /// `"error"` or `"warning"`.
    pub severity: &'static str,
    /// The diagnostic: its headline and the source line with a caret.
    pub text: String,
}

impl ApiError {
    /// The HTTP status and the kind of the body.
    pub fn status(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            ApiError::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::Forbidden(_) => (StatusCode::FORBIDDEN, "forbidden"),
            ApiError::Conflict(_) => (StatusCode::CONFLICT, "conflict"),
            ApiError::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "too_large"),
            ApiError::IllegalMove(_) => (StatusCode::UNPROCESSABLE_ENTITY, "illegal_move"),
            ApiError::Invalid(_) => (StatusCode::UNPROCESSABLE_ENTITY, "invalid"),
            ApiError::Busy(_) => (StatusCode::SERVICE_UNAVAILABLE, "busy"),
            ApiError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, kind) = self.status();
        let problems = match &self {
            ApiError::Invalid(p) => p.clone(),
            _ => Vec::new(),
        };
        let body = ErrorBody {
            error: ErrorJson {
                kind,
                message: self.to_string(),
                problems,
            },
        };
        (status, Json(body)).into_response()
    }
}
