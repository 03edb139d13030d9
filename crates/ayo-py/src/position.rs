//! Positions and rulesets: the rules engine, move by move.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use ayo::output::board::BoardView;
use ayo::rules::{
    self, EndReason, Engine, Illegal, MoveOutcome, Pit, Ruleset as Rules, Side, Status,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::{IllegalMove, ParseError, RulesetError, guard};

/// Reads a ruleset string (`RulesetError` when it cannot be read).
pub(crate) fn parse_rules(text: &str) -> PyResult<Rules> {
    text.parse::<Rules>()
        .map_err(|e| RulesetError::new_err(format!("{text:?}: {e}")))
}

pub(crate) fn side_name(side: Side) -> &'static str {
    match side {
        Side::South => "south",
        Side::North => "north",
    }
}

/// A ruleset: a preset and its keys (RULES.md), each an attribute.
#[pyclass(module = "ayo._ayo", name = "Ruleset", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ruleset {
    pub(crate) rules: Rules,
}

#[pymethods]
impl Ruleset {
    #[new]
    #[pyo3(signature = (text = "russ"))]
    fn new(text: &str) -> PyResult<Ruleset> {
        Ok(Ruleset {
            rules: parse_rules(text)?,
        })
    }

    /// The keys, in the order of the canonical string.
    #[classattr]
    fn keys() -> Vec<&'static str> {
        Rules::KEYS.to_vec()
    }

    /// A key's value by its name (`skip-origin` or `skip_origin`): an `int`
    /// for `pits` and `seeds`, else the value's word.
    fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        let key = name.replace('_', "-");
        match key.as_str() {
            "pits" => Ok(self.rules.pits().into_pyobject(py)?.into_any().unbind()),
            "seeds" => Ok(self.rules.seeds().into_pyobject(py)?.into_any().unbind()),
            _ => match self.rules.value(&key) {
                Some(v) => Ok(v.into_pyobject(py)?.into_any().unbind()),
                None => Err(pyo3::exceptions::PyAttributeError::new_err(format!(
                    "Ruleset has no key {name:?} (keys: {})",
                    Rules::KEYS.join(", ")
                ))),
            },
        }
    }

    /// Every key and its value.
    fn items(&self) -> Vec<(&'static str, String)> {
        Rules::KEYS
            .iter()
            .map(|k| (*k, self.rules.value(k).unwrap_or_default()))
            .collect()
    }

    fn __str__(&self) -> String {
        self.rules.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Ruleset('{}')", self.rules)
    }
}

/// A position under a ruleset: the board, the stores and the side to move.
/// Immutable: `play` returns a new one.
#[pyclass(module = "ayo._ayo", name = "Position", frozen)]
#[derive(Clone, Copy)]
pub struct Position {
    pub(crate) pos: rules::Position,
    pub(crate) rules: Rules,
}

impl Position {
    pub(crate) fn engine(&self) -> Engine {
        Engine::new(self.rules)
    }

    /// The pit of an argument: a letter of the side to move, or an index
    /// into its row (0 for its first pit).
    pub(crate) fn pit_of(&self, pit: &Bound<'_, PyAny>) -> PyResult<Pit> {
        let pits = self.pos.pits();
        let side = self.pos.to_move();
        if let Ok(i) = pit.extract::<i64>() {
            return u8::try_from(i)
                .ok()
                .and_then(|i| Pit::new(side, i, pits))
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "pit index {i} out of range: 0 to {} for {pits} pits a row",
                        pits - 1
                    ))
                });
        }
        let text: String = pit.extract().map_err(|_| {
            PyValueError::new_err("a pit is a letter (\"a\") or an index into the mover's row")
        })?;
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Pit::from_letter(c, pits).ok_or_else(|| {
                PyValueError::new_err(format!("no pit {c:?} on a board of {pits} pits a row"))
            }),
            _ => Err(PyValueError::new_err(format!(
                "a pit is one letter, not {text:?}"
            ))),
        }
    }

    /// The letters of the legal moves.
    pub(crate) fn legal_letters(&self) -> Vec<String> {
        let pits = self.pos.pits();
        self.engine()
            .legal_moves(&self.pos)
            .map(|(p, _)| p.letter(pits).to_string())
            .collect()
    }

    /// Plays `pit`, or raises `IllegalMove` with the reason and the legal
    /// pits.
    pub(crate) fn play_outcome(&self, pit: Pit) -> PyResult<MoveOutcome> {
        let pits = self.pos.pits();
        let side = self.pos.to_move();
        if pit.side(pits) != side {
            return Err(illegal(self, pit, &Illegal::NotOwnPit { side }.to_string()));
        }
        self.engine()
            .play_traced(&self.pos, pit)
            .map_err(|why| illegal(self, pit, &why.to_string()))
    }
}

fn illegal(pos: &Position, pit: Pit, reason: &str) -> PyErr {
    let legal = pos.legal_letters();
    let letter = pit.letter(pos.pos.pits());
    let e = IllegalMove::new_err(format!(
        "{letter}: {reason} (legal: {})",
        if legal.is_empty() {
            "none".to_string()
        } else {
            legal.join(", ")
        }
    ));
    Python::attach(|py| {
        let v = e.value(py);
        let _ = v.setattr("reason", reason);
        let _ = v.setattr("legal", legal);
        let _ = v.setattr("pit", letter.to_string());
    });
    e
}

/// A move's outcome as a dict, with the field names of `ayo json`'s moves.
pub(crate) fn outcome_dict<'py>(
    py: Python<'py>,
    o: &MoveOutcome,
    pits: u8,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let letter = |p: Pit| p.letter(pits).to_string();
    d.set_item("side", side_name(o.side))?;
    d.set_item("pit", letter(o.pit))?;
    let laps = PyList::empty(py);
    for lap in &o.laps {
        let l = PyDict::new(py);
        l.set_item("from", letter(lap.from))?;
        l.set_item("seeds", lap.seeds)?;
        l.set_item(
            "sown",
            lap.sown.iter().map(|p| letter(*p)).collect::<Vec<_>>(),
        )?;
        if let Some(s) = lap.skipped {
            l.set_item("skipped", letter(s))?;
        }
        laps.append(l)?;
    }
    d.set_item("laps", laps)?;
    match o.capture {
        Some(c) => {
            let cap = PyDict::new(py);
            cap.set_item("pit", letter(c.pit))?;
            cap.set_item("seeds", c.seeds())?;
            cap.set_item("capturing_seed", c.capturing_seed)?;
            d.set_item("capture", cap)?;
        }
        None => d.set_item("capture", py.None())?,
    }
    d.set_item("stores", o.stores().to_vec())?;
    let board = PyDict::new(py);
    board.set_item("south", o.position.row(Side::South).to_vec())?;
    board.set_item("north", o.position.row(Side::North).to_vec())?;
    d.set_item("board", board)?;
    Ok(d)
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (setup = None, rules = None))]
    fn new(setup: Option<&str>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Position> {
        let rules = match rules {
            None => Rules::RUSS,
            Some(r) => match r.cast::<Ruleset>() {
                Ok(r) => r.get().rules,
                Err(_) => parse_rules(&r.str()?.to_cow()?)?,
            },
        };
        let pos = match setup {
            None => rules::Position::start(&rules),
            Some(s) => rules::Position::from_setup(s, &rules)
                .map_err(|e| ParseError::new_err(format!("set-up {s:?}: {e}")))?,
        };
        Ok(Position { pos, rules })
    }

    /// The ruleset.
    #[getter]
    fn rules(&self) -> Ruleset {
        Ruleset { rules: self.rules }
    }

    /// The rows, each from its owner's left: `{"south": [...], "north": [...]}`.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let board = PyDict::new(py);
        board.set_item("south", self.pos.row(Side::South).to_vec())?;
        board.set_item("north", self.pos.row(Side::North).to_vec())?;
        Ok(board)
    }

    /// The stores, South's then North's.
    #[getter]
    fn stores(&self) -> (u16, u16) {
        let [s, n] = self.pos.stores();
        (s, n)
    }

    /// The side to move: `"south"` or `"north"`.
    #[getter]
    fn side(&self) -> &'static str {
        side_name(self.pos.to_move())
    }

    /// Pits a row.
    #[getter]
    fn pits(&self) -> u8 {
        self.pos.pits()
    }

    /// The letters of the legal moves, in board order.
    fn legal_moves(&self) -> Vec<String> {
        self.legal_letters()
    }

    /// Plays a pit (a letter, or an index into the mover's row): the new
    /// position and what the move did (laps, capture, stores, board).
    fn play<'py>(
        &self,
        py: Python<'py>,
        pit: &Bound<'py, PyAny>,
    ) -> PyResult<(Position, Bound<'py, PyDict>)> {
        let pit = self.pit_of(pit)?;
        let o = guard(|| self.play_outcome(pit))?;
        let info = outcome_dict(py, &o, self.pos.pits())?;
        Ok((
            Position {
                pos: o.position,
                rules: self.rules,
            },
            info,
        ))
    }

    /// Whether the game is over.
    fn is_over(&self) -> PyResult<bool> {
        Ok(matches!(self.status()?, Status::Over(_)))
    }

    /// `None` while the game goes on; else its `score`, `winner` (`None`
    /// for a draw) and `ended_by`, as in `ayo json`'s result.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Status::Over(end) = self.status()? else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("score", end.score.to_vec())?;
        d.set_item("winner", end.winner.map(side_name))?;
        d.set_item("ended_by", end.reason.key())?;
        if let EndReason::EmptyRow(side) | EndReason::EveryMoveIllegal(side) = end.reason {
            d.set_item("stuck", side_name(side))?;
        }
        Ok(Some(d))
    }

    /// The set-up string (`ayo board --setup`).
    fn setup(&self) -> String {
        self.pos.to_string()
    }

    /// The board as SVG (what `ayo board --format svg` draws).
    fn svg(&self) -> String {
        BoardView::setup(&self.pos, &self.engine()).svg(&self.rules)
    }

    /// The board as SVG with the move just played from `before` marked.
    fn svg_after(&self, before: &Position, pit: &Bound<'_, PyAny>, ply: u32) -> PyResult<String> {
        let pit = before.pit_of(pit)?;
        let o = before.play_outcome(pit)?;
        let view = BoardView::setup(&o.position, &self.engine());
        Ok(view.svg_after(&self.rules, ply, &o))
    }

    /// Jupyter shows the board.
    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Position>()
            .is_ok_and(|o| o.get().pos == self.pos && o.get().rules == self.rules)
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.pos.hash(&mut h);
        self.rules.hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    fn __repr__(&self) -> String {
        // Python's quotes: neither string can hold a quote.
        format!("Position('{}', rules='{}')", self.pos, self.rules)
    }
}

impl Position {
    fn status(&self) -> PyResult<Status> {
        self.engine().status(&self.pos).map_err(|e| {
            crate::Error::new_err(format!("cannot tell whether the game is over: {e}"))
        })
    }
}

/// The number of move paths of 1, 2, … `depth` plies (`ayo perft`).
#[pyfunction]
fn perft(py: Python<'_>, position: &Position, depth: i64) -> PyResult<Vec<u64>> {
    let depth = usize::try_from(depth)
        .ok()
        .filter(|d| *d <= Engine::MAX_PERFT_DEPTH)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "depth {depth}: expected 0 to {}",
                Engine::MAX_PERFT_DEPTH
            ))
        })?;
    let (engine, pos) = (position.engine(), position.pos);
    py.detach(|| {
        guard(|| {
            engine
                .perft(&pos, depth)
                .map_err(|e| crate::Error::new_err(e.to_string()))
        })
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Ruleset>()?;
    m.add_class::<Position>()?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    Ok(())
}
