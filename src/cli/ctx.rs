//! What every command shares: [`Ctx`] (standard error, the progress bar,
//! what went wrong so far), [`Fatal`] (why a command stopped, and what the
//! library's errors become) and [`write_schema`] (`--schema`).

use std::io::{self, IsTerminal, Write};

use ayo::corpus::input::InputError;
use ayo::corpus::parallel::{PoolError, Reporter};
use ayo::diagnostics::Diagnostic;
use ayo::notation::{RawGame, SyntaxError};
use ayo::output::FolderError;
use ayo::replay::Game;

use super::{past_the_end, progress};

/// Why a command stopped before the end of its input.
#[derive(Debug)]
pub enum Fatal {
    /// Usage or I/O error, or a result that cannot be decided (exit 2). The
    /// message is printed as `error: MESSAGE`.
    Error(String),
    /// The reader of standard output or standard error went away (`ayo json |
    /// head`): its choice, not an error.
    BrokenPipe,
    /// Standard error cannot be written (a full disk, say): exit 2, with
    /// nothing more to say since there is nowhere to say it.
    Stderr,
}

impl From<io::Error> for Fatal {
    fn from(e: io::Error) -> Self {
        match e.kind() {
            io::ErrorKind::BrokenPipe => Fatal::BrokenPipe,
            _ => Fatal::Error(format!("cannot write the output: {e}")),
        }
    }
}

impl From<serde_json::Error> for Fatal {
    fn from(e: serde_json::Error) -> Self {
        match e.io_error_kind() {
            Some(io::ErrorKind::BrokenPipe) => Fatal::BrokenPipe,
            _ => Fatal::Error(format!("cannot write the output: {e}")),
        }
    }
}

/// What every command shares: standard error, and what went wrong so far.
///
/// Every line on standard error goes through here, in the one format of the
/// whole CLI: `error: FILE:LINE:COLUMN: message` (with the source line) when
/// there is a place, `error: FILE: game N: message` when there is a game but
/// no place, `error: message` otherwise; `warning:` likewise. A write to
/// standard error that fails is remembered, and the run stops at the next game.
pub struct Ctx {
    pub(super) color: bool,
    /// Some record was invalid.
    pub invalid: bool,
    /// Some input could not be read, or a request about one could not be met
    /// (`--game` past its end): exit 2 at the end.
    pub failed: bool,
    /// A request about an input could not be met (`--game` past its end,
    /// `board --ply` past a game's end): a usage error. A command whose
    /// output sums up every input (a table, a count, a summary, one page)
    /// then prints none, since it would leave out what was asked for.
    pub refused: bool,
    /// Print nothing on standard error.
    pub quiet: bool,
    /// Why standard error could not be written, once it could not.
    pub(super) stderr: Option<io::ErrorKind>,
    /// `--max-game-bytes`.
    pub(super) max_game_bytes: usize,
    /// The progress bar of a long run, if one is shown.
    pub(super) progress: progress::Progress,
}

impl Ctx {
    pub(super) fn new() -> Self {
        Ctx {
            // Colour only for a person at a terminal: not when either stream
            // is redirected, and never with NO_COLOR (https://no-color.org).
            color: io::stdout().is_terminal()
                && io::stderr().is_terminal()
                && std::env::var_os("NO_COLOR").is_none(),
            invalid: false,
            failed: false,
            refused: false,
            quiet: false,
            stderr: None,
            max_game_bytes: RawGame::DEFAULT_MAX_BYTES,
            progress: progress::Progress::default(),
        }
    }

    /// Starts a progress bar over the inputs named (see [`progress`]: only
    /// at a terminal, and not with `--quiet`).
    pub fn start_progress(&mut self, names: &[String]) {
        self.progress = progress::Progress::new(self.quiet, progress::Progress::total(names));
    }

    /// Takes the progress bar away (before a summary).
    pub fn finish_progress(&mut self) {
        self.progress.finish();
    }

    /// Writes to standard error, unless quiet or it already failed.
    pub(super) fn write_stderr(&mut self, text: &str) {
        if self.quiet || self.stderr.is_some() {
            return;
        }
        let written = self.progress.suspend(|| {
            let mut err = io::stderr().lock();
            err.write_all(text.as_bytes()).and_then(|()| err.flush())
        });
        if let Err(e) = written {
            self.stderr = Some(e.kind());
        }
    }

    /// `Err` once standard error could not be written: the loops over games
    /// stop there, quietly for a closed pipe, with exit 2 otherwise.
    pub fn check_stderr(&self) -> Result<(), Fatal> {
        match self.stderr {
            None => Ok(()),
            Some(io::ErrorKind::BrokenPipe) => Err(Fatal::BrokenPipe),
            Some(_) => Err(Fatal::Stderr),
        }
    }

    /// Reports a problem in a game's text, with its snippet. An error makes
    /// the run invalid; a warning does not.
    pub fn diagnose(&mut self, file: &str, game: &RawGame, d: &Diagnostic) {
        self.invalid |= d.is_error();
        if self.quiet {
            return;
        }
        let rendered = if game.too_large.is_some() {
            // Its text was not kept: there is no line to show.
            format!("{}: {}\n", d.severity.as_str(), d.headline(file))
        } else {
            d.render_bytes(file, &game.bytes, game.origin, self.color)
        };
        self.write_stderr(&rendered);
    }

    /// Reports a syntax error.
    pub fn syntax_error(&mut self, file: &str, game: &RawGame, e: &SyntaxError) {
        self.diagnose(file, game, &Diagnostic::from(e));
    }

    /// Reports a problem with a game that has no place in its text (a JSON
    /// object that is not a game, say): `error: FILE: game N: MESSAGE`.
    pub fn game_error(&mut self, file: &str, game: usize, message: &str) {
        self.invalid = true;
        self.write_stderr(&format!("error: {file}: game {game}: {message}\n"));
    }

    /// Reports an input that could not be read; the run goes on with the next.
    pub fn io_error(&mut self, file: &str, e: &io::Error) {
        self.failed = true;
        self.write_stderr(&format!("error: {file}: {}\n", io_message(e)));
    }

    /// Reports a usage error that concerns one input (`--game` past its end);
    /// the run goes on with the next, and exits 2.
    pub fn usage_error(&mut self, message: &str) {
        self.failed = true;
        self.write_stderr(&format!("error: {message}\n"));
    }

    /// A note on standard error (a summary line), unless quiet.
    pub fn note(&mut self, text: &str) {
        self.write_stderr(&format!("{text}\n"));
    }

    /// Reports every problem of a replayed game.
    pub fn report_game(&mut self, file: &str, raw: &RawGame, game: &Game) {
        for d in &game.errors {
            self.diagnose(file, raw, d);
        }
    }

    /// Reports what the readers of the inputs could not read: an input (the
    /// run goes on with the next, and exits 2), or a `--game` past an
    /// input's end (a usage error).
    pub fn input_error(&mut self, e: &InputError) {
        match e {
            InputError::Open { file, source } | InputError::Read { file, source } => {
                self.io_error(file, source);
            }
            InputError::NoSuchGame { file, game, count } => {
                self.refused = true;
                self.usage_error(&past_the_end("--game", *game, file, *count, "game"));
            }
        }
    }
}

/// An I/O error as people say it: "No such file or directory", without the
/// "(os error 2)" that only helps programmers.
pub fn io_message(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// A folder's files that could not be written (`board --out`, `html
/// --out-dir`); the one picture for standard output as any output.
impl From<FolderError> for Fatal {
    fn from(e: FolderError) -> Self {
        match e {
            FolderError::Output(e) => Fatal::from(e),
            e => Fatal::Error(e.to_string()),
        }
    }
}

impl From<PoolError> for Fatal {
    fn from(e: PoolError) -> Self {
        Fatal::Error(e.to_string())
    }
}

/// The parallel map and the readers report through the context: notes go to
/// standard error, progress to the bar, and a standard error that cannot be
/// written stops the run.
impl Reporter for Ctx {
    type Note = InputError;
    type Error = Fatal;

    fn note(&mut self, note: InputError) {
        self.input_error(&note);
    }

    fn check(&mut self) -> Result<(), Fatal> {
        self.check_stderr()
    }

    fn progress(&mut self, end: u64) {
        self.progress.game(end);
    }

    fn input_done(&mut self) {
        self.progress.input_done();
    }

    fn diagnose(&mut self, file: &str, raw: &RawGame, d: &Diagnostic) {
        Ctx::diagnose(self, file, raw, d);
    }

    fn say(&mut self, line: &str) {
        Ctx::note(self, line);
    }

    fn input_fault(&mut self, line: &str) {
        self.invalid = true;
        self.write_stderr(&format!("error: {line}\n"));
    }

    fn refuse(&mut self, message: &str) {
        self.refused = true;
        Ctx::usage_error(self, message);
    }

    fn game_error(&mut self, file: &str, game: usize, message: &str) {
        Ctx::game_error(self, file, game, message);
    }
}

/// Writes a JSON Schema, pretty, as `--schema` prints it.
pub fn write_schema(out: &mut impl Write, schema: &serde_json::Value) -> Result<(), Fatal> {
    serde_json::to_writer_pretty(&mut *out, schema)?;
    out.write_all(b"\n")?;
    Ok(())
}
