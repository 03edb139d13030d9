//! Items across cores, results in input order: the ordered parallel map of
//! the commands that read many games.
//!
//! The calling thread cuts the input into items (games, or chunks of games:
//! cheap), gathers them into batches and hands each batch to a pool of
//! workers, which do the costly part (parse, replay, render into a buffer).
//! The calling thread takes the results back in input order and passes each
//! to the `sink`, with the notes read between them (an input that could not
//! be read, say) delivered in their place through [`Reporter::note`]. So
//! everything that has an order (output, diagnostics, a verdict, a summary)
//! is done on one thread, in the order of the input, whatever the number of
//! workers: one job and eight give the same results in the same order.
//!
//! Memory stays bounded whatever the number of jobs: at most
//! `IN_FLIGHT_PER_JOB` batches a worker, and at most `IN_FLIGHT_BYTES` of
//! items' text in all, are out at once (the reading waits for the oldest to
//! come back and go through the sink); a batch holds at most `BATCH_GAMES`
//! items or about 64 KiB of text, less with many jobs, so that each
//! still gets work. An item's results (its JSON, say) are held until its turn
//! too, and are a bounded multiple of its text, so the byte cap bounds them
//! as well. An item over 1 MiB is not batched: the batches before
//! it are finished first, then it is done alone on the calling thread, so that
//! no more than one such item and its output are held at a time.
//!
//! With one job there are no threads at all: each item goes through `work`
//! and then `sink` as it is read.
//!
//! What is handed out is an item: a game for most uses; for
//! [`super::validate`], a chunk of an input (see
//! [`crate::notation::Chunker`]) whose games the worker reads itself,
//! so that the calling thread only reads and reports.

use std::collections::{BTreeMap, VecDeque};
use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};

use crate::diagnostics::Diagnostic;
use crate::notation::RawGame;

/// Items a batch holds at most. Batches are cut by their size in bytes
/// ([`BATCH_BYTES`]) first: this only bounds the batch of many tiny games.
pub(crate) const BATCH_GAMES: usize = 1024;
/// A batch is sent once its items' text reaches this many bytes: about 200
/// games of 25 plies, so that handing a batch over (a channel send and
/// receive each way, and waking a worker) costs little per game, and the
/// batches out at once hold little memory.
pub(crate) const BATCH_BYTES: usize = 64 << 10;
/// Items larger than this are done alone, in order, on the calling thread.
pub(crate) const DIRECT_BYTES: usize = 1 << 20;
/// Batches out at once, per worker.
pub(crate) const IN_FLIGHT_PER_JOB: usize = 4;
/// Items' text out at once, in all, whatever the number of jobs: an item's
/// results are held until its turn, and `ayo json` writes some forty times
/// its input, so this is what bounds the memory of many jobs. It is what
/// two jobs have out anyway (8 batches of [`BATCH_BYTES`]): more jobs share
/// it in smaller batches.
pub(crate) const IN_FLIGHT_BYTES: usize = 2 * IN_FLIGHT_PER_JOB * BATCH_BYTES;
/// Batches that may be out whatever their bytes (with jobs enough for them):
/// what two jobs have out. [`super::validate`] sends its text in chunks of
/// 256 KiB, which [`IN_FLIGHT_BYTES`] alone would hold to two at a time, and
/// two workers would wait on the reader. The memory this allows is still
/// bounded whatever the number of jobs: this many of the largest items.
pub(crate) const ALWAYS_OUT: u64 = 2 * IN_FLIGHT_PER_JOB as u64;
/// The least text a batch is sent with, however many jobs share
/// [`IN_FLIGHT_BYTES`]: a few games, so that handing it over still costs
/// little next to its work.
pub(crate) const MIN_BATCH_BYTES: usize = 1 << 10;
/// The most worker threads: more would only hold more batches in memory.
pub(crate) const MAX_JOBS: usize = 256;

/// What the workers are handed: a game, or a chunk of games; its size in
/// bytes decides how it is batched.
pub(crate) trait Item: Send {
    /// The bytes of text it holds.
    fn size(&self) -> usize;
}

impl Item for RawGame {
    fn size(&self) -> usize {
        self.bytes.len()
    }
}

/// The calling thread's side of a run: where notes go, in their place among
/// the items, and how far the reading has come. A command line implements it
/// with its standard error and progress bar; a library user may implement
/// only [`Reporter::note`].
pub trait Reporter {
    /// What is said between items (an input that could not be read, say).
    type Note: Send;
    /// What stops a run: returned by `work`, `sink` or the reading, and made
    /// from a [`PoolError`].
    type Error: Send + From<PoolError>;

    /// A note, delivered after the items read before it.
    fn note(&mut self, note: Self::Note);

    /// Asked after each item went through the sink: an `Err` stops the run
    /// there (a command line whose standard error went away, say).
    fn check(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Progress: an item was read whose input has been read `end` bytes
    /// into. Called by the readers of [`super::input`] and
    /// [`super::validate`]; nothing by default.
    fn progress(&mut self, end: u64) {
        let _ = end;
    }

    /// Progress: an input was read to its end.
    fn input_done(&mut self) {}

    /// A problem in the text of game `raw` of `file` (a command line shows
    /// it with the line at fault). Told by the functions that do a whole
    /// command ([`crate::canonical::FmtOptions::run`], say); nothing by default.
    fn diagnose(&mut self, file: &str, raw: &RawGame, d: &Diagnostic) {
        let _ = (file, raw, d);
    }

    /// A problem with game `game` (from 1) of `file` that has no place in a
    /// text of the game (a JSON value that is not a game, say): an error.
    /// Nothing by default.
    fn game_error(&mut self, file: &str, game: usize, message: &str) {
        let _ = (file, game, message);
    }

    /// A request about one input that cannot be met (a ply past a game's
    /// end, say): the work goes on with the next. Nothing by default.
    fn refuse(&mut self, message: &str) {
        let _ = message;
    }

    /// A line for the person running the work: a correction made, a
    /// temporary file removed. Nothing by default.
    fn say(&mut self, line: &str) {
        let _ = line;
    }

    /// What is wrong with an input as a whole, in a line that starts with
    /// its name: an error without a place in a game (a file not in canonical
    /// form, a file left as it was and why). A command line shows it as
    /// every error, `error: LINE`. By default, said as a line
    /// ([`Reporter::say`]).
    fn input_fault(&mut self, line: &str) {
        self.say(line);
    }

    /// Says that each temporary file of `swept`, left by an interrupted
    /// `ayo` (see [`crate::files::write::sweep_stale`]), was removed.
    fn swept(&mut self, swept: Vec<(PathBuf, u32)>) {
        for (stale, pid) in swept {
            self.say(&format!(
                "{}: removed a temporary file left by an interrupted ayo (process {pid})",
                stale.display()
            ));
        }
    }
}

/// Why the pool could not do its work.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// A worker thread could not be started.
    #[error("cannot start a thread: {0}")]
    Spawn(#[source] io::Error),
    /// A worker stopped without its results: only a panic does that, and the
    /// panic is passed on, so this is never seen.
    #[error("a worker thread stopped")]
    Stopped,
}

/// One step of the input, in order: an item, or a note between items.
enum Step<I, O, N, E> {
    Item {
        file: Arc<str>,
        raw: I,
        /// `None` until the work is done.
        done: Option<Result<O, E>>,
    },
    Note(N),
}

/// The step of reporter `R`.
type StepOf<R, I, O> = Step<I, O, <R as Reporter>::Note, <R as Reporter>::Error>;

/// A batch and its number, the order it was read in.
type Numbered<R, I, O> = (u64, Vec<StepOf<R, I, O>>);

/// The per-item work: runs on any thread, sees only the item.
type Work<'a, R, I, O> = dyn Fn(&str, &I) -> Result<O, <R as Reporter>::Error> + Sync + 'a;

/// The per-item sink: runs on the calling thread, in input order.
type Sink<'a, R, I, O> = dyn FnMut(&mut R, &str, &I, O) -> Result<(), <R as Reporter>::Error> + 'a;

/// Where the reading side of a run hands its items and its notes.
pub(crate) struct Ordered<'a, R: Reporter, I, O> {
    jobs: usize,
    work: &'a Work<'a, R, I, O>,
    sink: &'a mut Sink<'a, R, I, O>,
    /// The batch being filled, and its text's size.
    batch: Vec<StepOf<R, I, O>>,
    batch_bytes: usize,
    /// A batch is sent once its text reaches this: [`BATCH_BYTES`], or less
    /// when the jobs' batches would hold more than [`IN_FLIGHT_BYTES`].
    send_at: usize,
    /// Channels to and from the workers (`None` with one job).
    pool: Option<Pool<R, I, O>>,
    /// The sink returned an error: nothing more goes to it.
    sink_failed: bool,
    /// Emptied batches, to be filled again instead of growing a new vector
    /// for each batch.
    spare: Vec<Vec<StepOf<R, I, O>>>,
}

struct Pool<R: Reporter, I, O> {
    to_workers: SyncSender<Numbered<R, I, O>>,
    from_workers: Receiver<Numbered<R, I, O>>,
    /// The number the next batch sent gets, and the number of the next batch
    /// to hand to the sink.
    sent: u64,
    next: u64,
    /// Batches back from the workers before their turn.
    waiting: BTreeMap<u64, Vec<StepOf<R, I, O>>>,
    /// The text of each batch out (sent, not yet through the sink), oldest
    /// first, and their sum.
    out_sizes: VecDeque<usize>,
    out_bytes: usize,
}

/// Runs `read`, which hands items to the [`Ordered`] it is given, with
/// `work` done on `jobs` threads and `sink` called on this one, in input
/// order. Returns the first error of `read` or `sink`, or of `work` when its
/// item's turn comes.
pub(crate) fn ordered<R: Reporter, I: Item, O: Send>(
    jobs: usize,
    ctx: &mut R,
    work: impl Fn(&str, &I) -> Result<O, R::Error> + Sync,
    mut sink: impl FnMut(&mut R, &str, &I, O) -> Result<(), R::Error>,
    read: impl FnOnce(&mut R, &mut Ordered<'_, R, I, O>) -> Result<(), R::Error>,
) -> Result<(), R::Error> {
    let jobs = jobs.clamp(1, MAX_JOBS);
    let work: &Work<'_, R, I, O> = &work;
    if jobs == 1 {
        let mut ordered = Ordered {
            jobs,
            work,
            sink: &mut sink,
            batch: Vec::new(),
            batch_bytes: 0,
            send_at: BATCH_BYTES,
            pool: None,
            sink_failed: false,
            spare: Vec::new(),
        };
        return read(ctx, &mut ordered);
    }
    std::thread::scope(|scope| {
        let in_flight = jobs * IN_FLIGHT_PER_JOB;
        // No more than `in_flight` batches are ever out (`send` waits for the
        // oldest first), so a send on this channel never waits.
        let (to_workers, inbox) = mpsc::sync_channel::<Numbered<R, I, O>>(in_flight);
        let (outbox, from_workers) = mpsc::channel();
        let inbox = Arc::new(Mutex::new(inbox));
        for _ in 0..jobs {
            let inbox = Arc::clone(&inbox);
            let outbox: Sender<Numbered<R, I, O>> = outbox.clone();
            std::thread::Builder::new()
                .spawn_scoped(scope, move || worker::<R, I, O>(work, &inbox, &outbox))
                .map_err(PoolError::Spawn)?;
        }
        drop(outbox);
        let mut ordered = Ordered {
            jobs,
            work,
            sink: &mut sink,
            batch: Vec::new(),
            batch_bytes: 0,
            send_at: (IN_FLIGHT_BYTES / in_flight).clamp(MIN_BATCH_BYTES, BATCH_BYTES),
            pool: Some(Pool {
                to_workers,
                from_workers,
                sent: 0,
                next: 0,
                waiting: BTreeMap::new(),
                out_sizes: VecDeque::new(),
                out_bytes: 0,
            }),
            sink_failed: false,
            spare: Vec::new(),
        };
        let read = read(ctx, &mut ordered);
        if ordered.sink_failed {
            return read;
        }
        // When the reading stopped on an error, the items before it are still
        // delivered, as with one job.
        let finished = ordered.finish(ctx);
        read.and(finished)
        // Returning drops the channel to the workers: they stop, on an error
        // as well, and the scope waits for them.
    })
}

/// A worker: takes batches until the channel closes, does each item's work.
fn worker<R: Reporter, I, O>(
    work: &Work<'_, R, I, O>,
    inbox: &Mutex<Receiver<Numbered<R, I, O>>>,
    outbox: &Sender<Numbered<R, I, O>>,
) {
    loop {
        // A poisoned lock means another worker panicked: stop too (the scope
        // passes the panic on).
        let next = match inbox.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok((n, mut batch)) = next else { return };
        // A panic (a bug) still sends the batch back, its items from there on
        // without a result: the calling thread stops there instead of waiting
        // for it forever, and the scope then passes the panic on.
        let worked = panic::catch_unwind(AssertUnwindSafe(|| {
            for step in &mut batch {
                if let Step::Item { file, raw, done } = step {
                    *done = Some(work(file, raw));
                }
            }
        }));
        let sent = outbox.send((n, batch));
        if let Err(payload) = worked {
            panic::resume_unwind(payload);
        }
        if sent.is_err() {
            return;
        }
    }
}

impl<R: Reporter, I: Item, O: Send> Ordered<'_, R, I, O> {
    /// Hands over an item (a game, or a chunk of games) of `file`.
    pub fn item(&mut self, ctx: &mut R, file: &Arc<str>, raw: I) -> Result<(), R::Error> {
        if self.pool.is_none() {
            let done = (self.work)(file, &raw);
            return self.deliver(
                ctx,
                Step::Item {
                    file: Arc::clone(file),
                    raw,
                    done: Some(done),
                },
            );
        }
        let size = raw.size();
        if size > DIRECT_BYTES {
            // Everything before it first, then this item alone, here.
            self.send(ctx)?;
            self.drain(ctx)?;
            let done = (self.work)(file, &raw);
            return self.deliver(
                ctx,
                Step::Item {
                    file: Arc::clone(file),
                    raw,
                    done: Some(done),
                },
            );
        }
        self.batch.push(Step::Item {
            file: Arc::clone(file),
            raw,
            done: None,
        });
        self.batch_bytes += size;
        if self.batch.len() >= BATCH_GAMES || self.batch_bytes >= self.send_at {
            self.send(ctx)?;
        }
        Ok(())
    }

    /// Hands over a note, to be delivered after the items before it.
    pub fn note(&mut self, ctx: &mut R, note: R::Note) {
        if self.pool.is_none() {
            // Notes do not fail; only sinks do, and this is none.
            let _ = self.deliver(ctx, Step::Note(note));
        } else {
            self.batch.push(Step::Note(note));
        }
    }

    /// Whether a batch of `bytes` of text may go out now: one always may
    /// when none is out, and [`ALWAYS_OUT`] may whatever their size;
    /// otherwise the count and the bytes out are capped.
    fn room_for(&self, bytes: usize) -> bool {
        let Some(pool) = &self.pool else {
            return true;
        };
        let out = pool.sent - pool.next;
        out == 0
            || (out < (self.jobs * IN_FLIGHT_PER_JOB) as u64
                && (out < ALWAYS_OUT || pool.out_bytes + bytes <= IN_FLIGHT_BYTES))
    }

    /// Sends the batch being filled, first waiting, when too many batches or
    /// too many bytes are out, for the oldest to come back and go to the
    /// sink.
    fn send(&mut self, ctx: &mut R) -> Result<(), R::Error> {
        if self.batch.is_empty() {
            return Ok(());
        }
        while !self.room_for(self.batch_bytes) {
            self.wait_one(ctx)?;
        }
        let bytes = self.batch_bytes;
        let next = self
            .spare
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(BATCH_GAMES.min(64)));
        let batch = std::mem::replace(&mut self.batch, next);
        self.batch_bytes = 0;
        let Some(pool) = &mut self.pool else {
            return Ok(());
        };
        let n = pool.sent;
        pool.sent += 1;
        pool.out_sizes.push_back(bytes);
        pool.out_bytes += bytes;
        pool.to_workers
            .send((n, batch))
            .map_err(|_| PoolError::Stopped)?;
        // Whatever is back already goes out now, to keep the output flowing.
        while let Ok((n, batch)) = pool.from_workers.try_recv() {
            pool.waiting.insert(n, batch);
        }
        self.flush_waiting(ctx)
    }

    /// Waits for one batch to come back from the workers, and hands to the
    /// sink every batch whose turn has come.
    fn wait_one(&mut self, ctx: &mut R) -> Result<(), R::Error> {
        let Some(pool) = &mut self.pool else {
            return Ok(());
        };
        if pool.sent > pool.next {
            let (n, batch) = pool.from_workers.recv().map_err(|_| PoolError::Stopped)?;
            pool.waiting.insert(n, batch);
        }
        self.flush_waiting(ctx)
    }

    /// Hands to the sink every batch whose turn has come, waiting for the
    /// workers until none is out.
    fn drain(&mut self, ctx: &mut R) -> Result<(), R::Error> {
        self.flush_waiting(ctx)?;
        while self.pool.as_ref().is_some_and(|p| p.sent > p.next) {
            self.wait_one(ctx)?;
        }
        Ok(())
    }

    /// Hands to the sink the batches back from the workers, in order, up to
    /// the first still out.
    fn flush_waiting(&mut self, ctx: &mut R) -> Result<(), R::Error> {
        loop {
            let Some(pool) = &mut self.pool else {
                return Ok(());
            };
            let Some(mut batch) = pool.waiting.remove(&pool.next) else {
                return Ok(());
            };
            pool.next += 1;
            pool.out_bytes -= pool.out_sizes.pop_front().unwrap_or(0);
            for step in batch.drain(..) {
                self.deliver(ctx, step)?;
            }
            // No more than one spare a batch that can be out at once.
            if self.spare.len() < self.jobs * IN_FLIGHT_PER_JOB {
                self.spare.push(batch);
            }
        }
    }

    /// One step, in its turn.
    fn deliver(&mut self, ctx: &mut R, step: StepOf<R, I, O>) -> Result<(), R::Error> {
        match step {
            Step::Item { file, raw, done } => {
                let done = done
                    .ok_or_else(|| PoolError::Stopped.into())
                    .and_then(|done| done)
                    .and_then(|done| (self.sink)(ctx, &file, &raw, done))
                    .and_then(|()| ctx.check());
                self.sink_failed |= done.is_err();
                done
            }
            Step::Note(note) => {
                ctx.note(note);
                Ok(())
            }
        }
    }

    /// Sends the last batch and waits for every batch to come back.
    fn finish(&mut self, ctx: &mut R) -> Result<(), R::Error> {
        self.send(ctx)?;
        self.drain(ctx)
    }
}

#[cfg(test)]
mod tests {

    /// The example the module's docs gave while these items were public.
    #[test]
    fn ordered_example() {
        use crate::corpus::parallel::{PoolError, Reporter, ordered};
        use crate::notation::GameReader;

        /// Collects the notes; stops on nothing.
        struct Notes(Vec<String>);
        impl Reporter for Notes {
            type Note = String;
            type Error = PoolError;
            fn note(&mut self, note: String) {
                self.0.push(note);
            }
        }

        let text = "1. c *\n\n1. d *\n\n1. e *\n";
        let mut plies = Vec::new();
        let mut notes = Notes(Vec::new());
        ordered(
            2,
            &mut notes,
            // On any thread: the costly part.
            |_file, raw: &crate::notation::RawGame| Ok(raw.parse().map_or(0, |r| r.moves.len())),
            // On this one, in input order.
            |_notes, _file, raw, n| {
                plies.push((raw.index, n));
                Ok(())
            },
            |notes, ordered| {
                let file = "games.ayo".into();
                for raw in GameReader::new(text.as_bytes()) {
                    ordered.item(notes, &file, raw.unwrap())?;
                }
                ordered.note(notes, "the end".to_string());
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(plies, [(0, 1), (1, 1), (2, 1)]);
        assert_eq!(notes.0, ["the end"]);
    }
    use std::cell::Cell;
    use std::time::Duration;

    use crate::notation::Origin;

    use super::*;

    /// A reporter that says nothing: notes travel with the batches unseen.
    struct Quiet;

    /// What the tests' sinks stop with.
    #[derive(Debug)]
    enum Stop {
        Pool,
        Sink,
    }

    impl From<PoolError> for Stop {
        fn from(_: PoolError) -> Self {
            Stop::Pool
        }
    }

    impl Reporter for Quiet {
        type Note = String;
        type Error = Stop;
        fn note(&mut self, _: String) {}
    }

    fn game(index: usize, size: usize) -> RawGame {
        RawGame {
            index,
            origin: Origin {
                offset: 0,
                line: 1,
                column: 1,
            },
            bytes: vec![b' '; size],
            leading: Vec::new(),
            too_large: None,
        }
    }

    /// The game numbers the sink saw, in order, and the most games read but
    /// not yet through the sink at any time.
    fn run(jobs: usize, games: usize, big_every: usize) -> (Vec<String>, usize) {
        let file: Arc<str> = Arc::from("f");
        let seen = std::cell::RefCell::new(Vec::new());
        // Games read but not yet through the sink, at the most.
        let (read_n, sunk_n, most) = (Cell::new(0usize), Cell::new(0usize), Cell::new(0usize));
        let work = |_: &str, raw: &RawGame| -> Result<usize, Stop> {
            // Early games take longest, so later batches come back first.
            if raw.index.is_multiple_of(97) {
                std::thread::sleep(Duration::from_millis(2));
            }
            Ok(raw.index)
        };
        let sink = |_: &mut Quiet, _: &str, raw: &RawGame, n: usize| {
            assert_eq!(raw.index, n);
            seen.borrow_mut().push(n.to_string());
            sunk_n.set(sunk_n.get() + 1);
            Ok(())
        };
        ordered(jobs, &mut Quiet, work, sink, |ctx, ordered| {
            for i in 0..games {
                let size = if big_every > 0 && i % big_every == big_every - 1 {
                    DIRECT_BYTES + 1
                } else {
                    100
                };
                ordered.item(ctx, &file, game(i, size))?;
                read_n.set(read_n.get() + 1);
                most.set(most.get().max(read_n.get() - sunk_n.get()));
                if i.is_multiple_of(250) {
                    // Notes travel with the batches (quiet here: unseen).
                    ordered.note(ctx, format!("after {i}"));
                }
            }
            Ok(())
        })
        .unwrap();
        (seen.into_inner(), most.get())
    }

    #[test]
    fn games_come_out_in_input_order() {
        let (one, _) = run(1, 2000, 0);
        let expected: Vec<String> = (0..2000).map(|i| i.to_string()).collect();
        assert_eq!(one, expected);
        for jobs in [2, 3, 8] {
            let (many, _) = run(jobs, 2000, 0);
            assert_eq!(many, expected, "--jobs {jobs}");
        }
    }

    #[test]
    fn games_in_flight_are_bounded() {
        for jobs in [2, 4] {
            let (_, most) = run(jobs, 5000, 0);
            let bound = (jobs * IN_FLIGHT_PER_JOB + 1) * BATCH_GAMES;
            assert!(
                most <= bound,
                "--jobs {jobs}: {most} games in flight, over {bound}"
            );
        }
    }

    /// However many jobs, the games' text read but not yet through the sink
    /// stays within [`IN_FLIGHT_BYTES`] (and the batch being filled), even
    /// when the first game holds up every later one.
    #[test]
    fn bytes_in_flight_are_bounded_whatever_the_jobs() {
        let file: Arc<str> = Arc::from("f");
        let (read, sunk, most) = (Cell::new(0usize), Cell::new(0usize), Cell::new(0usize));
        let work = |_: &str, raw: &RawGame| -> Result<usize, Stop> {
            if raw.index == 0 {
                std::thread::sleep(Duration::from_millis(300));
            }
            Ok(raw.bytes.len())
        };
        let sink = |_: &mut Quiet, _: &str, _: &RawGame, size: usize| {
            sunk.set(sunk.get() + size);
            Ok(())
        };
        ordered(256, &mut Quiet, work, sink, |ctx, ordered| {
            for i in 0..40_000 {
                ordered.item(ctx, &file, game(i, 200))?;
                read.set(read.get() + 200);
                most.set(most.get().max(read.get() - sunk.get()));
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(sunk.get(), 40_000 * 200);
        let bound = IN_FLIGHT_BYTES + BATCH_BYTES;
        assert!(
            most.get() <= bound,
            "{} bytes in flight, over {bound}",
            most.get()
        );
    }

    #[test]
    fn large_games_keep_their_place() {
        let expected: Vec<String> = (0..300).map(|i| i.to_string()).collect();
        for jobs in [1, 2] {
            let (seen, _) = run(jobs, 300, 7);
            assert_eq!(seen, expected, "--jobs {jobs}");
        }
    }

    #[test]
    fn a_failing_sink_stops_the_run() {
        let file: Arc<str> = Arc::from("f");
        let delivered = Cell::new(0usize);
        let work = |_: &str, raw: &RawGame| -> Result<usize, Stop> { Ok(raw.index) };
        let sink = |_: &mut Quiet, _: &str, _: &RawGame, n: usize| {
            delivered.set(delivered.get() + 1);
            if n == 500 {
                return Err(Stop::Sink);
            }
            Ok(())
        };
        let result = ordered(2, &mut Quiet, work, sink, |ctx, ordered| {
            for i in 0..100_000 {
                ordered.item(ctx, &file, game(i, 10))?;
            }
            Ok(())
        });
        assert!(matches!(result, Err(Stop::Sink)));
        assert_eq!(
            delivered.get(),
            501,
            "nothing goes to the sink after it failed"
        );
    }
}
