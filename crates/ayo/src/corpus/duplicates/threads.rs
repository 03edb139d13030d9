//! The passes of a run on many threads: [`Parallel`].

use std::io;
use std::sync::Arc;

use super::{Error, Feed, Runner};
use crate::corpus::input::InputError;
use crate::corpus::parallel::{Ordered, Reporter, ordered};
use crate::diagnostics::Diagnostic;
use crate::notation::RawGame;

/// A runner that does each game's work on `jobs` threads through the
/// ordered map of [`parallel`](crate::corpus::parallel), with the results
/// taken back in input order: the report is the same for any number of
/// jobs. An input that could not be read goes to the reporter as an
/// [`InputError`] note, and a game that cannot be keyed to `diagnose`, each
/// in its place; the reporter hears of the first pass's progress.
///
/// ```
/// use ayo::corpus::duplicates::{Options, Parallel, Scan};
/// use ayo::corpus::input::InputError;
/// use ayo::corpus::duplicates::Kind;
/// use ayo::corpus::parallel::Reporter;
///
/// /// Keeps what could not be read.
/// struct Notes(Vec<InputError>);
/// impl Reporter for Notes {
///     type Note = InputError;
///     type Error = Box<dyn std::error::Error + Send + Sync>;
///     fn note(&mut self, note: InputError) {
///         self.0.push(note);
///     }
/// }
///
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("club.ayo");
/// std::fs::write(&path, "1. c A *\n\n1. c A *\n\n1. ! *\n").unwrap();
/// let names = vec![path.display().to_string(), "missing.ayo".to_string()];
/// let mut notes = Notes(Vec::new());
/// let mut unkeyed = Vec::new();
/// let mut runner = Parallel {
///     reporter: &mut notes,
///     jobs: 2,
///     diagnose: |_: &mut Notes, _: &str, raw: &ayo::notation::RawGame, _: &_| {
///         unkeyed.push(raw.index + 1)
///     },
/// };
/// let found = Scan::read(&names, &Options::default(), &mut runner).unwrap();
/// let report = found.report(&mut runner, false).unwrap();
/// assert_eq!(report.count(Kind::Duplicate), 1);
/// assert_eq!(unkeyed, [3]);
/// assert!(matches!(&notes.0[..], [InputError::Read { file, .. }] if &**file == "missing.ayo"));
/// ```
pub struct Parallel<'r, R, D> {
    /// Where notes and progress go.
    pub reporter: &'r mut R,
    /// The threads of the work.
    pub jobs: usize,
    /// Reports a game that cannot be keyed: its input, its text and why.
    pub diagnose: D,
}

impl<R, D> Runner for Parallel<'_, R, D>
where
    R: Reporter,
    R::Note: From<InputError>,
    R::Error: From<Error>,
    D: FnMut(&mut R, &str, &RawGame, &Diagnostic),
{
    type Error = R::Error;

    fn pass<O: Send>(
        &mut self,
        work: impl Fn(&RawGame) -> O + Sync,
        mut sink: impl FnMut(&RawGame, O) -> Option<Diagnostic>,
        read: impl FnOnce(&mut dyn Feed<R::Error>) -> Result<(), R::Error>,
    ) -> Result<(), R::Error> {
        let diagnose = &mut self.diagnose;
        ordered(
            self.jobs,
            &mut *self.reporter,
            |_, raw: &RawGame| Ok(work(raw)),
            |reporter, file, raw, done| {
                if let Some(d) = sink(raw, done) {
                    diagnose(reporter, file, raw, &d);
                }
                Ok(())
            },
            |reporter, ordered| read(&mut Fed { reporter, ordered }),
        )
    }
}

/// Where a pass of [`Parallel`] hands its games.
struct Fed<'a, 'b, R: Reporter, O> {
    reporter: &'a mut R,
    ordered: &'a mut Ordered<'b, R, RawGame, O>,
}

impl<R: Reporter, O: Send> Feed<R::Error> for Fed<'_, '_, R, O>
where
    R::Note: From<InputError>,
{
    fn game(&mut self, file: &Arc<str>, raw: RawGame) -> Result<(), R::Error> {
        self.ordered.item(self.reporter, file, raw)
    }

    fn io_error(&mut self, file: &Arc<str>, source: io::Error) {
        let file = Arc::clone(file);
        let note = InputError::Read { file, source };
        self.ordered.note(self.reporter, note.into());
    }

    fn progress(&mut self, raw: &RawGame) {
        let end = raw.origin.offset + raw.bytes.len();
        self.reporter.progress(end as u64);
    }

    fn input_done(&mut self) {
        self.reporter.input_done();
    }
}
