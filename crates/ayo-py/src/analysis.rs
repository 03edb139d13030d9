//! Analysis: the engine's best move, a game's verdicts, and endgame-table
//! probes, each answering with the JSON of the matching command.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

use ayo::analysis::{Analyser, AnalysisError, Best, TableCache, Thresholds};
use ayo::notation::Numbering;
use ayo::output::analyze::GameAnalysis;
use ayo::output::tables::ProbeJson;
use ayo::replay::{Game, Options};
use ayo::rules::{Engine, Ruleset};
use ayo::search::Limits;
use ayo::tables::{Probed, Tables as Opened};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::position::Position;
use crate::records::NativeGame;
use crate::{Error, TablesError};

/// The search limits of the arguments, as `ayo best` reads its flags (depth
/// 10 when none is given).
fn limits(depth: Option<i64>, nodes: Option<i64>, time: Option<f64>) -> PyResult<Limits> {
    let depth = depth
        .map(|d| {
            u32::try_from(d)
                .ok()
                .filter(|d| (1..=Limits::MAX_DEPTH).contains(d))
                .ok_or_else(|| {
                    PyValueError::new_err(format!("depth {d}: expected 1 to {}", Limits::MAX_DEPTH))
                })
        })
        .transpose()?;
    let nodes = nodes
        .map(|n| {
            u64::try_from(n)
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| PyValueError::new_err(format!("nodes {n}: expected 1 or more")))
        })
        .transpose()?;
    let time = time
        .map(|t| {
            Duration::try_from_secs_f64(t)
                .ok()
                .filter(|t| !t.is_zero())
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "time {t}: expected a positive number of seconds"
                    ))
                })
        })
        .transpose()?;
    let limits = Limits { depth, nodes, time };
    Ok(if limits == Limits::default() {
        Limits::depth(10)
    } else {
        limits
    })
}

/// The table cache of a `tables` argument: a directory, or `AYO_TABLES`
/// when none is given (as the command line does).
fn cache(tables: Option<PathBuf>) -> TableCache {
    let dir = match tables {
        Some(dir) => Some((dir.clone(), format!("tables={}", dir.display()))),
        None => std::env::var_os("AYO_TABLES").map(|v| {
            let dir = PathBuf::from(v);
            let name = format!("AYO_TABLES={}", dir.display());
            (dir, name)
        }),
    };
    TableCache::new(dir)
}

fn analysis_error(e: AnalysisError) -> PyErr {
    match e {
        AnalysisError::Search(e) => Error::new_err(format!("{e}; raise max_laps")),
        e => TablesError::new_err(e.to_string()),
    }
}

/// Runs `work` on a thread of its own, without the GIL, and waits for it,
/// checking for signals every 50 ms: Ctrl-C raises `KeyboardInterrupt` at
/// once (the abandoned search runs on to its limit and is dropped). A panic
/// of `work` becomes `ayo.Error`.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> PyResult<T> + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(crate::guard(work));
    });
    let mut rx = rx;
    loop {
        // The receiver goes to the GIL-free closure and back (it is `Send`,
        // not `Sync`).
        let (got, back) = py.detach(move || (rx.recv_timeout(Duration::from_millis(50)), rx));
        rx = back;
        match got {
            Ok(r) => return r,
            Err(mpsc::RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(Error::new_err(
                    "internal error in ayo: the search thread died",
                ));
            }
        }
    }
}

/// `ayo best --format json`: the engine's move in a position.
#[pyfunction]
#[pyo3(signature = (position, depth=None, nodes=None, time=None, tables=None, max_laps=None))]
fn best<'py>(
    py: Python<'py>,
    position: &Position,
    depth: Option<i64>,
    nodes: Option<i64>,
    time: Option<f64>,
    tables: Option<PathBuf>,
    max_laps: Option<u64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let limits = limits(depth, nodes, time)?;
    let (pos, rules) = (position.pos, position.rules);
    let max_laps = max_laps.unwrap_or(ayo::rules::Engine::DEFAULT_MAX_LAPS);
    let json = interruptible(py, move || {
        let engine = Engine::new(rules).with_max_laps(max_laps);
        let best =
            Best::of(engine, &mut cache(tables), &[], &pos, &limits).map_err(analysis_error)?;
        // One JSON line, as `ayo best --format json` prints it (the
        // numbering is the text's only).
        let line = best
            .render((&pos, Numbering::new(1, false)), None, true)
            .map_err(|e| Error::new_err(e.to_string()))?;
        Ok(line.trim_end_matches('\n').as_bytes().to_vec())
    })?;
    Ok(PyBytes::new(py, &json))
}

/// `ayo analyze --format json` of one game: `None` when it cannot be judged
/// (no rules or start position).
#[pyfunction]
#[pyo3(signature = (game, depth=None, nodes=None, time=None, tables=None, blunder=8, mistake=4, inaccuracy=2, rules=None))]
#[allow(clippy::too_many_arguments)]
fn analyze<'py>(
    py: Python<'py>,
    game: &NativeGame,
    depth: Option<i64>,
    nodes: Option<i64>,
    time: Option<f64>,
    tables: Option<PathBuf>,
    blunder: i32,
    mistake: i32,
    inaccuracy: i32,
    rules: Option<&str>,
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    let limits = limits(depth, nodes, time)?;
    if [blunder, mistake, inaccuracy].iter().any(|t| *t < 1) {
        return Err(PyValueError::new_err(
            "blunder, mistake and inaccuracy are 1 or more seeds",
        ));
    }
    let thresholds = Thresholds {
        blunder,
        mistake,
        inaccuracy,
    };
    let opts = Options {
        rules: rules.map(crate::position::parse_rules).transpose()?,
        trace: false,
        ..Options::default()
    };
    let record = game.game()?.record.clone();
    let (file, number) = (game.file_name().to_string(), game.number());
    let json = interruptible(py, move || {
        let game = Game::replay(record, &opts);
        let mut analyser = Analyser::new(limits, thresholds, cache(tables), opts.max_laps);
        let judged = analyser
            .verdicts(&game, |_, _| {})
            .map_err(analysis_error)?;
        judged
            .map(|(rules, verdicts)| {
                let analysis = GameAnalysis::new(&file, number, &rules, &game, verdicts);
                serde_json::to_vec(&analysis).map_err(|e| Error::new_err(e.to_string()))
            })
            .transpose()
    })?;
    Ok(json.map(|j| PyBytes::new(py, &j)))
}

/// Endgame tables in a directory (`ayo tables build`), opened per ruleset
/// as probes need them.
#[pyclass(module = "ayo._ayo", name = "Tables")]
pub struct Tables {
    dir: PathBuf,
    open: HashMap<Ruleset, Opened>,
}

#[pymethods]
impl Tables {
    #[new]
    fn new(dir: PathBuf) -> PyResult<Tables> {
        if !dir.is_dir() {
            return Err(TablesError::new_err(format!(
                "{}: not a directory of tables",
                dir.display()
            )));
        }
        Ok(Tables {
            dir,
            open: HashMap::new(),
        })
    }

    /// The directory.
    #[getter]
    fn dir(&self) -> PathBuf {
        self.dir.clone()
    }

    /// `ayo tables probe --format json` of a position.
    fn probe<'py>(
        &mut self,
        py: Python<'py>,
        position: &Position,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let (pos, rules) = (position.pos, position.rules);
        let dir = &self.dir;
        let open = &mut self.open;
        let json = py.detach(|| {
            crate::guard(|| {
                let tables = match open.entry(rules) {
                    Entry::Occupied(e) => e.into_mut(),
                    Entry::Vacant(e) => e.insert(
                        Opened::open(dir, &rules)
                            .map_err(|e| TablesError::new_err(e.to_string()))?,
                    ),
                };
                let probed = Probed::of(tables, &pos, rules.end())
                    .map_err(|e| TablesError::new_err(e.to_string()))?;
                serde_json::to_vec(&ProbeJson::new(&pos, &probed))
                    .map_err(|e| Error::new_err(e.to_string()))
            })
        })?;
        Ok(PyBytes::new(py, &json))
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(best, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_class::<Tables>()?;
    Ok(())
}
