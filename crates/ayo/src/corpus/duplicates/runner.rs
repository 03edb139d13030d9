//! How the games of a pass are worked on: the [`Runner`]s
//! ([`Parallel`](super::Parallel), and one for the tests) and
//! the [`Feed`] a pass hands its games through. Both traits are sealed in
//! practice (not nameable outside the crate): a caller uses
//! [`Parallel`](super::Parallel).

use std::io;
use std::sync::Arc;

use super::Error;
use crate::diagnostics::Diagnostic;
use crate::notation::RawGame;

/// Runs the passes of a run: how each game's work is done, and where the
/// problems met on the way are reported.
pub trait Runner {
    /// What stops a run: an [`Error`](enum@Error), or the runner's own reasons.
    type Error: From<Error>;

    /// Calls `read`, which feeds games through the [`Feed`] it is given;
    /// runs `work` on each game fed (on any thread) and `sink` on each result
    /// on this thread, in the order the games were fed. A diagnostic the sink
    /// returns is reported for its game.
    fn pass<O: Send>(
        &mut self,
        work: impl Fn(&RawGame) -> O + Sync,
        sink: impl FnMut(&RawGame, O) -> Option<Diagnostic>,
        read: impl FnOnce(&mut dyn Feed<Self::Error>) -> Result<(), Self::Error>,
    ) -> Result<(), Self::Error>;
}

/// Where a pass hands its games, and the problems of its inputs, in order.
pub trait Feed<E> {
    /// Hands over a game of `file`.
    fn game(&mut self, file: &Arc<str>, raw: RawGame) -> Result<(), E>;

    /// Reports an input that could not be read (or read to its end), after
    /// the games before it.
    fn io_error(&mut self, file: &Arc<str>, error: io::Error);

    /// A game was read by the first pass (for a progress bar).
    fn progress(&mut self, _raw: &RawGame) {}

    /// The first pass read an input to its end.
    fn input_done(&mut self) {}
}
