//! The progress bar of long runs, on standard error.
//!
//! Shown only to a person watching: when standard error is a terminal and
//! `--quiet` was not given (so never in a pipeline, a log file or a test's
//! captured output). It counts the bytes read of the inputs' total when every
//! input is a regular file (a spinner with the bytes read otherwise), and the
//! games read and games a second. It appears after a moment, so that short
//! runs never show it.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Games between two updates of the games-a-second figure: setting the
/// message formats a string, too dear for every game.
const GAMES_PER_UPDATE: u64 = 512;

/// How long a run goes before the bar appears.
const DELAY: Duration = Duration::from_millis(500);

/// A progress bar, or nothing when none is wanted.
#[derive(Default)]
pub struct Progress {
    bar: Option<Bar>,
}

struct Bar {
    bar: ProgressBar,
    /// Bytes of the inputs before the current one.
    before: u64,
    /// Bytes of the current input up to the end of its last game read.
    current: u64,
    games: u64,
    started: Instant,
    /// Whether the bar has been drawn yet (it waits for [`DELAY`]).
    shown: bool,
}

impl Progress {
    /// A bar over inputs of `total` bytes (`None`: unknown), when standard
    /// error is a terminal and `quiet` is not set; else nothing.
    pub fn new(quiet: bool, total: Option<u64>) -> Progress {
        if quiet || !std::io::stderr().is_terminal() {
            return Progress::default();
        }
        let (bar, template) = match total {
            Some(total) => (
                ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden()),
                "{bytes}/{total_bytes} {msg}, {eta} left {wide_bar}",
            ),
            None => (
                ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
                "{spinner} {bytes} {msg}",
            ),
        };
        // The templates are constants; a refused one only loses the style.
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        Progress {
            bar: Some(Bar {
                bar,
                before: 0,
                current: 0,
                games: 0,
                started: Instant::now(),
                shown: false,
            }),
        }
    }

    /// The total size of the inputs named, when each is a regular file.
    pub fn total(names: &[String]) -> Option<u64> {
        names
            .iter()
            .map(|n| {
                (n != "-")
                    .then(|| std::fs::metadata(n).ok())
                    .flatten()
                    .filter(std::fs::Metadata::is_file)
                    .map(|m| m.len())
            })
            .sum()
    }

    /// A game was read, its last byte `end` bytes into the current input.
    pub fn game(&mut self, end: u64) {
        let Some(b) = &mut self.bar else { return };
        b.games += 1;
        b.current = end;
        if b.games % GAMES_PER_UPDATE != 0 {
            return;
        }
        b.bar.set_position(b.before + end);
        let secs = b.started.elapsed().as_secs_f64();
        if !b.shown && secs >= DELAY.as_secs_f64() {
            b.bar.set_draw_target(ProgressDrawTarget::stderr());
            b.shown = true;
        }
        let rate = if secs > 0.0 {
            b.games as f64 / secs
        } else {
            0.0
        };
        b.bar.set_message(format!("{} games, {rate:.0}/s", b.games));
    }

    /// The current input is over.
    pub fn input_done(&mut self) {
        if let Some(b) = &mut self.bar {
            b.before += std::mem::take(&mut b.current);
            b.bar.set_position(b.before);
        }
    }

    /// Runs `f` (a write to standard error) with the bar out of the way.
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(b) if b.shown => b.bar.suspend(f),
            _ => f(),
        }
    }

    /// Removes the bar: the run is over (its summary follows).
    pub fn finish(&mut self) {
        if let Some(b) = self.bar.take() {
            b.bar.finish_and_clear();
        }
    }
}
