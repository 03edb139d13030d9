//! `GET /api/analyse`: the engine's best move and value at increasing
//! depth, as server-sent events, under a time cap; at most one search per
//! core at once, the rest refused with 503.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Query, State as Shared};
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use serde::{Deserialize, Serialize};

use ayo::rules::{Engine, Position};
use ayo::search::{Limits, Search};

use crate::State;
use crate::api::{PositionQuery, open_tables};
use crate::error::ApiError;

/// The position to analyse and for how long.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct AnalyseQuery {
    /// The position.
    #[serde(flatten)]
    pub position: PositionQuery,
    /// The time cap in milliseconds; the server's own cap when absent or
    /// larger.
    pub time_ms: Option<u64>,
}

/// One finished depth: an `info` event, in the field names of `ayo best
/// --format json`.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct InfoJson {
    /// The depth searched, in plies.
    pub depth: u32,
    /// The best move's letter; `null` when the game is over.
    pub best: Option<String>,
    /// The value, in seeds, from the side to move's point of view.
    pub value: i32,
    /// Whether the value is the game's exact value (solved, or from the
    /// tables).
    pub exact: bool,
    /// The principal variation, letters from `best`.
    pub pv: Vec<String>,
    /// Positions searched so far.
    pub node_count: u64,
    /// Milliseconds spent so far.
    pub ms: u64,
}

/// Deepens one ply at a time until the value is exact, the depth limit or
/// the time cap is reached, or `tx` is closed (the client went away),
/// sending each finished depth.
fn deepen(
    state: &State,
    engine: Engine,
    pos: Position,
    cap: Duration,
    tx: &tokio::sync::mpsc::Sender<InfoJson>,
) {
    let tables = open_tables(state, *engine.rules()).ok().flatten();
    let mut search = Search::new(engine);
    if let Some(t) = tables {
        search = search.with_probe(t);
    }
    let start = Instant::now();
    let mut nodes = 0;
    for depth in 1..=Limits::MAX_DEPTH {
        let Some(left) = cap.checked_sub(start.elapsed()) else {
            break;
        };
        let limits = Limits {
            depth: Some(depth),
            time: Some(left),
            nodes: None,
        };
        let Ok(answer) = search.run(&pos, &limits) else {
            break;
        };
        nodes += answer.nodes;
        if answer.depth < depth && depth > 1 {
            break; // cut short by the cap: that depth did not finish
        }
        let pits = pos.pits();
        let info = InfoJson {
            depth: answer.depth,
            best: answer.best.map(|p| p.letter(pits).to_string()),
            value: answer.score,
            exact: answer.exact,
            pv: answer
                .pv
                .iter()
                .map(|p| p.letter(pits).to_string())
                .collect(),
            node_count: nodes,
            ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
        };
        let done = answer.exact || answer.best.is_none() || answer.depth < depth;
        if tx.blocking_send(info).is_err() || done {
            break;
        }
    }
}

/// `GET /api/analyse?setup=…&rules=…&time_ms=…`: an `info` event per
/// finished depth, then `done`. 503 when every search slot is taken.
pub async fn analyse(
    Shared(state): Shared<Arc<State>>,
    Query(q): Query<AnalyseQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let (rules, pos) = q.position.read(&state)?;
    let permit =
        state.searches.clone().try_acquire_owned().map_err(|_| {
            ApiError::Busy("every search slot is taken: try again in a moment".into())
        })?;
    let cap = q
        .time_ms
        .map(Duration::from_millis)
        .unwrap_or(state.config.search_time)
        .min(state.config.search_time);
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    let shared = state.clone();
    tokio::task::spawn_blocking(move || {
        deepen(&shared, Engine::new(rules), pos, cap, &tx);
        drop(permit);
    });
    let infos = futures_util::stream::unfold(Some(rx), |rx| async move {
        let mut rx = rx?;
        match rx.recv().await {
            Some(info) => {
                let event = Event::default()
                    .event("info")
                    .json_data(&info)
                    .unwrap_or_else(|_| Event::default().event("info"));
                Some((Ok(event), Some(rx)))
            }
            None => Some((Ok(Event::default().event("done").data("{}")), None)),
        }
    });
    Ok(Sse::new(infos).keep_alive(KeepAlive::default()))
}
