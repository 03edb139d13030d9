//! `ayo serve`: an analysis board and a club's archive of Ayoayo games in
//! the browser, on a JSON API (docs/SERVE.md).
//!
//! The server is a thin layer over the `ayo` library: positions are read by
//! [`ayo::rules::Position::from_setup`], moves listed by
//! [`ayo::output::moves::Moves::legal`], games replayed by
//! [`ayo::replay::Game::replay`], searched by [`ayo::search::Search`], probed in
//! [`ayo::tables`], written in canonical form by
//! [`ayo::canonical::Formatted::of`] and saved by [`ayo::files::write`]. It
//! holds no rule of its own.
//!
//! ```no_run
//! use ayo_serve::{Config, run};
//!
//! let config = Config::new("club".into());
//! // Serves until Ctrl-C.
//! run(config).unwrap();
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod analyse;
pub mod api;
pub mod archive;
pub mod error;
pub mod page;
pub mod save;
pub mod schema;
pub mod standings;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use ayo::analysis::TableCache;
use ayo::rules::Ruleset;
use tokio::sync::Semaphore;

use archive::Archive;

/// What to serve, and how.
#[derive(Clone, Debug)]
pub struct Config {
    /// The folder whose `.ayo` files are served.
    pub dir: PathBuf,
    /// Where to listen; loopback by default.
    pub addr: SocketAddr,
    /// The endgame tables' folder, if any.
    pub tables: Option<PathBuf>,
    /// The ruleset of positions given without one (default: russ).
    pub rules: Ruleset,
    /// Whether games may be saved into the folder.
    pub writable: bool,
    /// The largest request body, in bytes.
    pub body_limit: usize,
    /// The longest a search may run.
    pub search_time: Duration,
    /// How many searches may run at once (the rest get 503).
    pub searches: usize,
}

impl Config {
    /// Serving `dir` on 127.0.0.1:8080, read-only, russ, a 1 MiB body cap,
    /// searches of at most 10 s, one per core.
    pub fn new(dir: PathBuf) -> Config {
        Config {
            dir,
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            tables: None,
            rules: Ruleset::RUSS,
            writable: false,
            body_limit: 1 << 20,
            search_time: Duration::from_secs(10),
            searches: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The folder could not be read.
    #[error("cannot read {dir}: {source}")]
    Folder {
        /// The folder.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The address could not be bound, or serving failed.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
}

/// What every request shares.
pub struct State {
    /// The configuration.
    pub config: Config,
    /// The games of the folder.
    pub archive: RwLock<Archive>,
    /// Held while a save writes: one save at a time.
    pub save_lock: tokio::sync::Mutex<()>,
    /// One permit a running search.
    pub searches: Arc<Semaphore>,
    /// The tables, opened on first use.
    pub tables: Mutex<TableCache>,
}

/// The shared state of a server for `config`, the folder read.
pub fn state(config: Config) -> Result<Arc<State>, ServeError> {
    let archive = Archive::open(&config.dir).map_err(|source| ServeError::Folder {
        dir: config.dir.clone(),
        source,
    })?;
    let tables = TableCache::new(
        config
            .tables
            .clone()
            .map(|d| (d.clone(), d.display().to_string())),
    );
    Ok(Arc::new(State {
        searches: Arc::new(Semaphore::new(config.searches.max(1))),
        archive: RwLock::new(archive),
        save_lock: tokio::sync::Mutex::new(()),
        tables: Mutex::new(tables),
        config,
    }))
}

/// Every route: the page, its files and the API (docs/SERVE.md).
pub fn router(state: Arc<State>) -> Router {
    let limit = state.config.body_limit;
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/app.css", get(page::style))
        .route("/view/{id}", get(page::viewer))
        .route("/api/games", get(api::list_games))
        .route("/api/games/{id}", get(api::read_game))
        .route("/api/games/{id}/ayo", get(api::download))
        .route("/api/standings", get(standings::standings))
        .route("/api/moves", get(api::moves))
        .route("/api/play", post(api::play))
        .route("/api/board", get(api::board))
        .route("/api/tables", get(api::tables))
        .route("/api/analyse", get(analyse::analyse))
        .route("/api/save", post(save::save))
        .route("/api/schema", get(schema::schema))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(limit))
        .with_state(state)
}

/// Serves `config` until Ctrl-C (or SIGTERM): requests under way, a save
/// among them, are finished before it returns.
pub fn run(config: Config) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Runtime::new().map_err(|source| ServeError::Listen {
        addr: config.addr,
        source,
    })?;
    runtime.block_on(async { serve(config, shutdown_signal()).await })
}

/// Serves `config` until `stop` completes, then lets requests under way
/// finish. Prints the address it listens on to standard error.
pub async fn serve(
    config: Config,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let addr = config.addr;
    let state = state(config)?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Listen { addr, source })?;
    serve_on(listener, state, stop).await
}

/// Serves `state` on `listener` (already bound: a test binds port 0) until
/// `stop` completes, then lets requests under way finish.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    state: Arc<State>,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let addr = state.config.addr;
    let listen = |source| ServeError::Listen { addr, source };
    let bound = listener.local_addr().map_err(listen)?;
    let games = state.archive.read().map(|a| a.len()).unwrap_or(0);
    eprintln!("ayo serve: {games} games, on http://{bound}/ (Ctrl-C stops)");
    // Each answer is written at once: Nagle's wait for an acknowledgement
    // would only add latency to a keep-alive connection's next answer.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, router(state))
        .with_graceful_shutdown(stop)
        .await
        .map_err(listen)
}

/// Ctrl-C, or SIGTERM on Unix. The handlers are set up when this is called
/// (inside the runtime), before the server says it listens: a signal sent as
/// soon as it does is not missed.
fn shutdown_signal() -> impl std::future::Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let int = signal(SignalKind::interrupt());
        let term = signal(SignalKind::terminate());
        async move {
            match (int, term) {
                (Ok(mut int), Ok(mut term)) => {
                    tokio::select! {
                        _ = int.recv() => {}
                        _ = term.recv() => {}
                    }
                }
                _ => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}
