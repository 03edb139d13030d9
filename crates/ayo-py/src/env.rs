//! The learning environment's core (one move a step) and batched random
//! games: the loops that must run at native speed.

use ayo::rules::{self, Engine, Pit, SplitMix64, Status};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::position::{Position, side_name};
use crate::{Error, guard};

/// Most games `random_games` plays in one call.
const MAX_GAMES: u64 = 100_000_000;

/// One game's state for `ayo.Env`: plays a pit of the side to move a step.
#[pyclass(module = "ayo._ayo")]
pub struct EnvCore {
    engine: Engine,
    start: rules::Position,
    pos: rules::Position,
    steps: u64,
    max_steps: u64,
}

impl EnvCore {
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let p = &self.pos;
        let [s, n] = p.stores();
        let side = u16::from(p.to_move() == rules::Side::North);
        let mut obs = p.board().to_vec();
        obs.extend([s, n, side]);
        PyTuple::new(py, obs)
    }

    fn legal(&self) -> Vec<u8> {
        let pits = self.pos.pits();
        self.engine
            .legal_moves(&self.pos)
            .map(|(p, _)| p.index(pits))
            .collect()
    }

    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let info = PyDict::new(py);
        // A list, not bytes (what a `Vec<u8>` would become).
        info.set_item("legal_actions", PyList::new(py, self.legal())?)?;
        info.set_item("side", side_name(self.pos.to_move()))?;
        Ok(info)
    }
}

#[pymethods]
impl EnvCore {
    #[new]
    fn new(position: &Position, max_steps: u64) -> EnvCore {
        EnvCore {
            engine: Engine::new(position.rules),
            start: position.pos,
            pos: position.pos,
            steps: 0,
            max_steps,
        }
    }

    /// Back to the start: the observation and the info.
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        self.pos = self.start;
        self.steps = 0;
        Ok((self.observation(py)?, self.info(py)?))
    }

    /// Plays pit `action` (an index into the mover's row): the observation,
    /// the seeds the move captured, whether the game is over, whether it
    /// was cut at `max_steps`, and the info (`legal_actions`, `side`, and
    /// at the end `score` and `winner`).
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        action: i64,
    ) -> PyResult<(Bound<'py, PyTuple>, f64, bool, bool, Bound<'py, PyDict>)> {
        let pits = self.pos.pits();
        let side = self.pos.to_move();
        let pit = u8::try_from(action)
            .ok()
            .and_then(|i| Pit::new(side, i, pits))
            .ok_or_else(|| {
                PyValueError::new_err(format!("action {action}: expected 0 to {}", pits - 1))
            })?;
        let before = self.pos.stores()[side.index()];
        // The fast path plays without traces; a refused move is played
        // again through `Position` for the exception's reason and legal pits.
        let next = match self.engine.play(&self.pos, pit) {
            Ok(next) => next,
            Err(_) => {
                let here = Position {
                    pos: self.pos,
                    rules: *self.engine.rules(),
                };
                guard(|| here.play_outcome(pit))?.position
            }
        };
        self.pos = next;
        self.steps += 1;
        let reward = f64::from(next.stores()[side.index()] - before);
        let status = self
            .engine
            .status(&next)
            .map_err(|e| Error::new_err(format!("cannot tell whether the game is over: {e}")))?;
        let info = self.info(py)?;
        let terminated = match status {
            Status::Over(end) => {
                info.set_item("score", end.score.to_vec())?;
                info.set_item("winner", end.winner.map(side_name))?;
                true
            }
            Status::Ongoing => false,
        };
        let truncated = !terminated && self.steps >= self.max_steps;
        Ok((self.observation(py)?, reward, terminated, truncated, info))
    }

    /// The position now.
    #[getter]
    fn position(&self) -> Position {
        Position {
            pos: self.pos,
            rules: *self.engine.rules(),
        }
    }
}

/// `n` games of uniformly random legal moves from `position`, seeded: each
/// its moves (a string of letters), final score and winner.
#[pyfunction]
#[pyo3(signature = (n, seed, position, max_plies=10_000))]
#[allow(clippy::type_complexity)]
fn random_games<'py>(
    py: Python<'py>,
    n: i64,
    seed: u64,
    position: &Position,
    max_plies: usize,
) -> PyResult<Vec<(String, (u32, u32), Option<&'static str>)>> {
    let n = u64::try_from(n)
        .ok()
        .filter(|n| *n <= MAX_GAMES)
        .ok_or_else(|| PyValueError::new_err(format!("n {n}: expected 0 to {MAX_GAMES}")))?;
    let (engine, start) = (position.engine(), position.pos);
    py.detach(|| {
        guard(|| {
            let mut rng = SplitMix64::new(seed);
            let pits = start.pits();
            (0..n)
                .map(|_| {
                    let mut moves = String::new();
                    let end = engine
                        .random_game(&start, &mut rng, max_plies, |pit, _| {
                            moves.push(pit.letter(pits))
                        })
                        .map_err(|e| Error::new_err(format!("a relay is {e}")))?;
                    let (score, winner) = match engine.status(&end) {
                        Ok(Status::Over(e)) => ((e.score[0], e.score[1]), e.winner.map(side_name)),
                        _ => {
                            let [s, n] = end.stores();
                            ((u32::from(s), u32::from(n)), None)
                        }
                    };
                    Ok((moves, score, winner))
                })
                .collect()
        })
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<EnvCore>()?;
    m.add_function(wrap_pyfunction!(random_games, m)?)?;
    Ok(())
}
