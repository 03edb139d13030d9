//! Records: reading games one at a time from a file or a string, each
//! replayed as `ayo json` replays it, and their JSON, canonical text and
//! viewer page.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};

use ayo::diagnostics::Diagnostic;
use ayo::notation::{GameReader, RawGame};
use ayo::output::html::ViewerGame;
use ayo::output::json::JsonWriter;
use ayo::replay::{Game, Options};
use ayo::rules::Ruleset;
use pyo3::exceptions::PyIOError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::position::parse_rules;
use crate::{ParseError, guard};

/// A game as read: replayed, or the syntax error that stopped its parse.
enum Read2 {
    Parsed(Box<Game>),
    Unparsed(Box<Diagnostic>),
}

/// One game of a record file, replayed (the Python `ayo.Game` wraps it).
#[pyclass(module = "ayo._ayo", frozen)]
pub struct NativeGame {
    read: Read2,
    raw: RawGame,
    file: String,
    given: Option<Ruleset>,
}

impl NativeGame {
    fn new(raw: RawGame, file: String, opts: &Options) -> NativeGame {
        let read = match raw.parse() {
            Ok(record) => Read2::Parsed(Box::new(Game::replay_main_line(record, opts))),
            Err(e) => Read2::Unparsed(Box::new(Diagnostic::from(e))),
        };
        NativeGame {
            read,
            raw,
            file,
            given: opts.rules,
        }
    }

    /// The file name the game was read under.
    pub(crate) fn file_name(&self) -> &str {
        &self.file
    }

    /// The game's place in its file, counted from 1.
    pub(crate) fn number(&self) -> usize {
        self.raw.index + 1
    }

    /// The replayed game, as the library has it (for the analysis).
    pub(crate) fn game(&self) -> PyResult<&Game> {
        match &self.read {
            Read2::Parsed(g) => Ok(g),
            Read2::Unparsed(d) => Err(parse_error(&self.file, d)),
        }
    }
}

/// `ayo.ParseError` for a diagnostic of `file`, carrying its fields.
pub(crate) fn parse_error(file: &str, d: &Diagnostic) -> PyErr {
    let e = ParseError::new_err(d.headline(file));
    Python::attach(|py| {
        let v = e.value(py);
        let _ = v.setattr("line", d.span.line);
        let _ = v.setattr("column", d.span.column);
        let _ = v.setattr("message", d.message.clone());
        let _ = v.setattr("file", file);
    });
    e
}

#[pymethods]
impl NativeGame {
    /// The game's JSON, exactly one line of `ayo json` (without the line
    /// break).
    fn json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let mut buf = Vec::new();
        let writer = JsonWriter::default();
        guard(|| {
            match &self.read {
                Read2::Parsed(g) => {
                    writer.write_game(&mut buf, g, Some(&self.file), Some(self.raw.index))
                }
                Read2::Unparsed(d) => {
                    writer.write_unparsed(&mut buf, &self.file, &self.raw, d, self.given)
                }
            }
            .map_err(|e| crate::Error::new_err(e.to_string()))
        })?;
        Ok(PyBytes::new(py, &buf))
    }

    /// No error found (warnings may remain).
    #[getter]
    fn valid(&self) -> bool {
        match &self.read {
            Read2::Parsed(g) => g.is_valid(),
            Read2::Unparsed(_) => false,
        }
    }

    /// The tag pairs in file order.
    #[getter]
    fn tags(&self) -> Vec<(String, String)> {
        let tags = match &self.read {
            Read2::Parsed(g) => g.record.tags.clone(),
            Read2::Unparsed(_) => self.raw.tags().unwrap_or_default(),
        };
        tags.into_iter()
            .map(|t| (t.name.to_string(), t.value))
            .collect()
    }

    /// The file the game came from.
    #[getter]
    fn file(&self) -> &str {
        &self.file
    }

    /// The game's place in its file, from 0.
    #[getter]
    fn index(&self) -> usize {
        self.raw.index
    }

    /// The plies of the main line (each move written, played or not).
    #[getter]
    fn ply_count(&self) -> usize {
        match &self.read {
            Read2::Parsed(g) => g.moves.len(),
            Read2::Unparsed(_) => 0,
        }
    }

    /// The canonical ruleset string (`None` when it cannot be read).
    #[getter]
    fn rules(&self) -> Option<String> {
        match &self.read {
            Read2::Parsed(g) => g.rules.map(|r| r.to_string()),
            Read2::Unparsed(_) => None,
        }
    }

    /// The canonical `.ayo` text; `ParseError` for a game that could not be
    /// parsed.
    fn text(&self) -> PyResult<String> {
        Ok(self.game()?.record.to_text())
    }

    /// The offline HTML viewer of `ayo html`, for this game alone.
    fn html(&self) -> PyResult<String> {
        guard(|| {
            let viewer = match &self.read {
                Read2::Parsed(g) => {
                    // The viewer shows every lap: replay again with traces.
                    let opts = Options {
                        rules: self.given,
                        max_laps: g.max_laps,
                        ..Options::default()
                    };
                    let traced = Game::replay(g.record.clone(), &opts);
                    ViewerGame::replayed(&traced, &self.file, &self.raw)
                }
                Read2::Unparsed(d) => ViewerGame::unparsed(&self.file, &self.raw, d, self.given),
            };
            Ok(ViewerGame::page(&self.file, &[viewer]))
        })
    }
}

/// A Python file object read as bytes (text files are encoded as UTF-8).
struct PyFile(Py<PyAny>);

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::attach(|py| {
            let data = self
                .0
                .call_method1(py, "read", (buf.len(),))
                .map_err(io::Error::other)?;
            let data = data.bind(py);
            let bytes: Vec<u8> = if let Ok(s) = data.cast::<PyString>() {
                s.to_cow().map_err(io::Error::other)?.as_bytes().to_vec()
            } else {
                data.extract::<Vec<u8>>().map_err(io::Error::other)?
            };
            // A text file's `read(n)` counts characters: its bytes can be more.
            let n = bytes.len().min(buf.len());
            if n < bytes.len() {
                return Err(io::Error::other(
                    "a text file gave more bytes than asked: open it in binary mode",
                ));
            }
            buf[..n].copy_from_slice(&bytes[..n]);
            Ok(n)
        })
    }
}

type Source = GameReader<Box<dyn BufRead + Send + Sync>>;

/// The games of one input, read and replayed one at a time.
#[pyclass(module = "ayo._ayo")]
pub struct Reader {
    games: Source,
    file: String,
    opts: Options,
}

#[pymethods]
impl Reader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<NativeGame>> {
        let (games, file, opts) = (&mut self.games, &self.file, &self.opts);
        // Reading and replaying leave the GIL to other threads (a Python
        // file object takes it back for each read).
        let next = py.detach(|| {
            guard(|| {
                Ok(games
                    .next()
                    .map(|r| r.map(|raw| NativeGame::new(raw, file.clone(), opts))))
            })
        })?;
        match next {
            None => Ok(None),
            Some(Err(e)) => Err(PyIOError::new_err(format!("{file}: {e}"))),
            Some(Ok(game)) => Ok(Some(game)),
        }
    }
}

fn options(rules: Option<&str>) -> PyResult<Options> {
    Ok(Options {
        rules: rules.map(parse_rules).transpose()?,
        // The JSON traces each move's laps as it writes them.
        trace: false,
        ..Options::default()
    })
}

fn reader(
    source: Box<dyn BufRead + Send + Sync>,
    file: String,
    rules: Option<&str>,
) -> PyResult<Reader> {
    Ok(Reader {
        games: GameReader::new(source).max_game_bytes(RawGame::DEFAULT_MAX_BYTES),
        file,
        opts: options(rules)?,
    })
}

/// The games of a file (a path) in order.
#[pyfunction]
#[pyo3(signature = (path, rules=None))]
fn read_path(path: &str, rules: Option<&str>) -> PyResult<Reader> {
    let file = File::open(path).map_err(|e| PyIOError::new_err(format!("{path}: {e}")))?;
    let source = Box::new(BufReader::with_capacity(1 << 16, file));
    reader(source, path.to_string(), rules)
}

/// The games of a Python file object, named `name`.
#[pyfunction]
#[pyo3(signature = (file, name, rules=None))]
fn read_file(file: Py<PyAny>, name: String, rules: Option<&str>) -> PyResult<Reader> {
    let source = Box::new(BufReader::with_capacity(1 << 16, PyFile(file)));
    reader(source, name, rules)
}

/// The games of a string, named `name`.
#[pyfunction]
#[pyo3(signature = (text, name, rules=None))]
fn read_text(text: String, name: String, rules: Option<&str>) -> PyResult<Reader> {
    let source = Box::new(Cursor::new(text.into_bytes()));
    reader(source, name, rules)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeGame>()?;
    m.add_class::<Reader>()?;
    m.add_function(wrap_pyfunction!(read_path, m)?)?;
    m.add_function(wrap_pyfunction!(read_file, m)?)?;
    m.add_function(wrap_pyfunction!(read_text, m)?)?;
    Ok(())
}
