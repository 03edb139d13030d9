//! Games across cores, output in input order: the library's ordered map
//! ([`ayo::corpus::parallel`]) with [`Ctx`] as its reporter, and the reports
//! of the commands (an input that could not be read, a `--game` past the
//! end) as its notes.

use std::io;
use std::sync::Arc;

use ayo::corpus::input::InputError;
use ayo::corpus::parallel;
pub use ayo::corpus::parallel::{DIRECT_BYTES, Item};

use super::{Ctx, Fatal, Note};

/// Where the reading side of a command hands its games and its reports.
pub struct Ordered<'o, 'a, I, O> {
    inner: &'o mut parallel::Ordered<'a, Ctx, I, O>,
}

/// Runs `read`, which hands games to the [`Ordered`] it is given, with
/// `work` done on `jobs` threads and `sink` called on this one, in input
/// order (see [`parallel::ordered`]).
pub fn ordered<I: Item, O: Send>(
    jobs: usize,
    ctx: &mut Ctx,
    work: impl Fn(&str, &I) -> Result<O, Fatal> + Sync,
    sink: impl FnMut(&mut Ctx, &str, &I, O) -> Result<(), Fatal>,
    read: impl FnOnce(&mut Ctx, &mut Ordered<'_, '_, I, O>) -> Result<(), Fatal>,
) -> Result<(), Fatal> {
    parallel::ordered(jobs, ctx, work, sink, |ctx, inner| {
        read(ctx, &mut Ordered { inner })
    })
}

impl<I: Item, O: Send> Ordered<'_, '_, I, O> {
    /// Hands over a game (or another item) of `file`.
    pub fn game(&mut self, ctx: &mut Ctx, file: &Arc<str>, raw: I) -> Result<(), Fatal> {
        self.inner.item(ctx, file, raw)
    }

    /// Reports an input that could not be read, after the games before it.
    pub fn io_error(&mut self, ctx: &mut Ctx, file: &Arc<str>, error: io::Error) {
        let file = Arc::clone(file);
        let e = InputError::Read {
            file,
            source: error,
        };
        self.inner.note(ctx, Note::Input(e));
    }

    /// Reports a usage error about one input (`--game` past its end), after
    /// the games before it.
    pub fn usage_error(&mut self, ctx: &mut Ctx, message: String) {
        self.inner.note(ctx, Note::Usage(message));
    }
}
