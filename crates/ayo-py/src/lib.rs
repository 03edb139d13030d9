//! The native part of the Python package `ayo` (`ayo._ayo`): pyo3 bindings
//! over the `ayo` library. The Python package around it (`python/ayo`)
//! gives the public names; this module only calls the library, so the rules,
//! the reader and the outputs are the command line's own.

use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

mod analysis;
mod env;
mod position;
mod records;

create_exception!(_ayo, Error, PyException, "The base of every error of ayo.");
create_exception!(
    _ayo,
    ParseError,
    Error,
    "A record or set-up string that cannot be read."
);
create_exception!(
    _ayo,
    IllegalMove,
    Error,
    "A move the rules refuse; `reason` and `legal` say why and what was legal."
);
create_exception!(
    _ayo,
    RulesetError,
    Error,
    "A ruleset string that cannot be read."
);
create_exception!(
    _ayo,
    TablesError,
    Error,
    "Endgame tables that cannot be used."
);

/// Runs `f`, turning a Rust panic into `ayo.Error` instead of letting it
/// cross into Python (pyo3 would raise a `PanicException`, which is not an
/// `Exception` and escapes `except Exception`).
pub(crate) fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(Error::new_err(format!("internal error in ayo: {what}")))
        }
    }
}

/// `ayo._ayo`: the native module.
#[pymodule]
fn _ayo(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("RulesetError", py.get_type::<RulesetError>())?;
    m.add("TablesError", py.get_type::<TablesError>())?;
    records::register(m)?;
    position::register(m)?;
    analysis::register(m)?;
    env::register(m)?;
    Ok(())
}
