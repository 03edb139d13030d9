//! Games across cores, output in input order.
//!
//! The main thread cuts the input into games (cheap), gathers them into
//! batches and hands each batch to a pool of workers, which do the costly part
//! (parse, replay, render into a buffer). The main thread takes the results
//! back in input order and passes each to the command's `sink`, which writes it
//! and reports its diagnostics through [`Ctx`]. So everything that has an
//! order (standard output, standard error, the exit code, summaries) is done
//! on one thread, in the order of the input, whatever the number of workers:
//! `--jobs 1` and `--jobs 8` print the same bytes.
//!
//! Memory stays bounded whatever the number of jobs: at most
//! [`IN_FLIGHT_PER_JOB`] batches a worker, and at most [`IN_FLIGHT_BYTES`] of
//! games' text in all, are out at once (the reading waits for the oldest to
//! come back and go through the sink); a batch holds at most [`BATCH_GAMES`]
//! games or about [`BATCH_BYTES`] of text, less with many jobs, so that each
//! still gets work. A game's results (its JSON, say) are held until its turn
//! too, and are a bounded multiple of its text, so the byte cap bounds them
//! as well. A game over [`DIRECT_BYTES`] is not batched: the batches before it
//! are finished first, then it is done alone on the main thread, so that no
//! more than one such game and its output are held at a time.
//!
//! With one job there are no threads at all: each game goes through `work`
//! and then `sink` as it is read.
//!
//! What is handed out is an [`Item`]: a game for most commands; for
//! `validate`, a chunk of an input (see `ayo::notation::Chunker`)
//! whose games the worker reads itself, so that the main thread only reads
//! and reports.

use std::collections::{BTreeMap, VecDeque};
use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};

use ayo::notation::RawGame;

use super::{Ctx, Fatal};

/// Games a batch holds at most. Batches are cut by their size in bytes
/// ([`BATCH_BYTES`]) first: this only bounds the batch of many tiny games.
pub const BATCH_GAMES: usize = 1024;
/// A batch is sent once its games' text reaches this many bytes: about 200
/// games of 25 plies, so that handing a batch over (a channel send and
/// receive each way, and waking a worker) costs little per game, and the
/// batches out at once hold little memory.
pub const BATCH_BYTES: usize = 64 << 10;
/// Games larger than this are done alone, in order, on the main thread.
pub const DIRECT_BYTES: usize = 1 << 20;
/// Batches out at once, per worker.
pub const IN_FLIGHT_PER_JOB: usize = 4;
/// Games' text out at once, in all, whatever the number of jobs: a game's
/// results are held until its turn, and `ayo json` writes some forty times
/// its input, so this is what bounds the memory of many jobs. It is what
/// `--jobs 2` has out anyway (8 batches of [`BATCH_BYTES`]): more jobs share
/// it in smaller batches.
pub const IN_FLIGHT_BYTES: usize = 2 * IN_FLIGHT_PER_JOB * BATCH_BYTES;
/// Batches that may be out whatever their bytes (with jobs enough for them):
/// what `--jobs 2` has out. `validate` sends its text in chunks of 256 KiB
/// (`CHUNK_BYTES`), which [`IN_FLIGHT_BYTES`] alone would hold to two at a
/// time, and two workers would wait on the reader. The memory this allows
/// is still bounded whatever `--jobs` is: this many of the largest items.
pub const ALWAYS_OUT: u64 = 2 * IN_FLIGHT_PER_JOB as u64;
/// The least text a batch is sent with, however many jobs share
/// [`IN_FLIGHT_BYTES`]: a few games, so that handing it over still costs
/// little next to its work.
pub const MIN_BATCH_BYTES: usize = 1 << 10;
/// The most worker threads: more would only hold more batches in memory.
pub const MAX_JOBS: usize = 256;

/// What the workers are handed: a game, or (for `validate`) a chunk of
/// games; its size in bytes decides how it is batched.
pub trait Item: Send {
    /// The bytes of text it holds.
    fn size(&self) -> usize;
}

impl Item for RawGame {
    fn size(&self) -> usize {
        self.bytes.len()
    }
}

/// One step of the input, in order: a game, or something to report between
/// games (an input that could not be read, `--game` past the end).
enum Step<I, O> {
    Game {
        file: Arc<str>,
        raw: I,
        /// `None` until the work is done.
        done: Option<Result<O, Fatal>>,
    },
    IoError {
        file: Arc<str>,
        error: io::Error,
    },
    Usage(String),
}

/// A batch and its number, the order it was read in.
type Numbered<I, O> = (u64, Vec<Step<I, O>>);

/// The command's per-game work: runs on any thread, sees only the game.
type Work<'a, I, O> = dyn Fn(&str, &I) -> Result<O, Fatal> + Sync + 'a;

/// The command's per-game sink: runs on the main thread, in input order.
type Sink<'a, I, O> = dyn FnMut(&mut Ctx, &str, &I, O) -> Result<(), Fatal> + 'a;

/// Where the reading side of a command hands its games and its reports.
pub struct Ordered<'a, I, O> {
    jobs: usize,
    work: &'a Work<'a, I, O>,
    sink: &'a mut Sink<'a, I, O>,
    /// The batch being filled, and its text's size.
    batch: Vec<Step<I, O>>,
    batch_bytes: usize,
    /// A batch is sent once its text reaches this: [`BATCH_BYTES`], or less
    /// when the jobs' batches would hold more than [`IN_FLIGHT_BYTES`].
    send_at: usize,
    /// Channels to and from the workers (`None` with one job).
    pool: Option<Pool<I, O>>,
    /// The sink returned an error: nothing more goes to it.
    sink_failed: bool,
    /// Emptied batches, to be filled again instead of growing a new vector
    /// for each batch.
    spare: Vec<Vec<Step<I, O>>>,
}

struct Pool<I, O> {
    to_workers: SyncSender<Numbered<I, O>>,
    from_workers: Receiver<Numbered<I, O>>,
    /// The number the next batch sent gets, and the number of the next batch
    /// to hand to the sink.
    sent: u64,
    next: u64,
    /// Batches back from the workers before their turn.
    waiting: BTreeMap<u64, Vec<Step<I, O>>>,
    /// The text of each batch out (sent, not yet through the sink), oldest
    /// first, and their sum.
    out_sizes: VecDeque<usize>,
    out_bytes: usize,
}

/// Runs `read`, which hands games to the [`Ordered`] it is given, with
/// `work` done on `jobs` threads and `sink` called on this one, in input
/// order. Returns the first error of `read` or `sink`, or of `work` when its
/// game's turn comes.
pub fn ordered<I: Item, O: Send>(
    jobs: usize,
    ctx: &mut Ctx,
    work: impl Fn(&str, &I) -> Result<O, Fatal> + Sync,
    mut sink: impl FnMut(&mut Ctx, &str, &I, O) -> Result<(), Fatal>,
    read: impl FnOnce(&mut Ctx, &mut Ordered<'_, I, O>) -> Result<(), Fatal>,
) -> Result<(), Fatal> {
    let jobs = jobs.clamp(1, MAX_JOBS);
    let work: &Work<'_, I, O> = &work;
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
        let (to_workers, inbox) = mpsc::sync_channel::<Numbered<I, O>>(in_flight);
        let (outbox, from_workers) = mpsc::channel();
        let inbox = Arc::new(Mutex::new(inbox));
        for _ in 0..jobs {
            let inbox = Arc::clone(&inbox);
            let outbox: Sender<Numbered<I, O>> = outbox.clone();
            std::thread::Builder::new()
                .spawn_scoped(scope, move || worker(work, &inbox, &outbox))
                .map_err(|e| Fatal::Error(format!("cannot start a thread: {e}")))?;
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
        // When the reading stopped on an error, the games before it are still
        // reported, as with one job.
        let finished = ordered.finish(ctx);
        read.and(finished)
        // Returning drops the channel to the workers: they stop, on an error
        // as well, and the scope waits for them.
    })
}

/// A worker: takes batches until the channel closes, does each game's work.
fn worker<I, O>(
    work: &Work<'_, I, O>,
    inbox: &Mutex<Receiver<Numbered<I, O>>>,
    outbox: &Sender<Numbered<I, O>>,
) {
    loop {
        // A poisoned lock means another worker panicked: stop too (the scope
        // passes the panic on).
        let next = match inbox.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok((n, mut batch)) = next else { return };
        // A panic (a bug) still sends the batch back, its games from there on
        // without a result: the main thread stops there instead of waiting
        // for it forever, and the scope then passes the panic on.
        let worked = panic::catch_unwind(AssertUnwindSafe(|| {
            for step in &mut batch {
                if let Step::Game { file, raw, done } = step {
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

impl<I: Item, O: Send> Ordered<'_, I, O> {
    /// Hands over a game (or another item) of `file`.
    pub fn game(&mut self, ctx: &mut Ctx, file: &Arc<str>, raw: I) -> Result<(), Fatal> {
        if self.pool.is_none() {
            let done = (self.work)(file, &raw);
            return self.deliver(
                ctx,
                Step::Game {
                    file: Arc::clone(file),
                    raw,
                    done: Some(done),
                },
            );
        }
        let size = raw.size();
        if size > DIRECT_BYTES {
            // Everything before it first, then this game alone, here.
            self.send(ctx)?;
            self.drain(ctx)?;
            let done = (self.work)(file, &raw);
            return self.deliver(
                ctx,
                Step::Game {
                    file: Arc::clone(file),
                    raw,
                    done: Some(done),
                },
            );
        }
        self.batch.push(Step::Game {
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

    /// Reports an input that could not be read, after the games before it.
    pub fn io_error(&mut self, ctx: &mut Ctx, file: &Arc<str>, error: io::Error) {
        self.report(
            ctx,
            Step::IoError {
                file: Arc::clone(file),
                error,
            },
        );
    }

    /// Reports a usage error about one input (`--game` past its end), after
    /// the games before it.
    pub fn usage_error(&mut self, ctx: &mut Ctx, message: String) {
        self.report(ctx, Step::Usage(message));
    }

    fn report(&mut self, ctx: &mut Ctx, step: Step<I, O>) {
        if self.pool.is_none() {
            // Reports do not fail; only sinks do, and this is none.
            let _ = self.deliver(ctx, step);
        } else {
            self.batch.push(step);
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
    fn send(&mut self, ctx: &mut Ctx) -> Result<(), Fatal> {
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
        pool.to_workers.send((n, batch)).map_err(|_| stopped())?;
        // Whatever is back already goes out now, to keep the output flowing.
        while let Ok((n, batch)) = pool.from_workers.try_recv() {
            pool.waiting.insert(n, batch);
        }
        self.flush_waiting(ctx)
    }

    /// Waits for one batch to come back from the workers, and hands to the
    /// sink every batch whose turn has come.
    fn wait_one(&mut self, ctx: &mut Ctx) -> Result<(), Fatal> {
        let Some(pool) = &mut self.pool else {
            return Ok(());
        };
        if pool.sent > pool.next {
            let (n, batch) = pool.from_workers.recv().map_err(|_| stopped())?;
            pool.waiting.insert(n, batch);
        }
        self.flush_waiting(ctx)
    }

    /// Hands to the sink every batch whose turn has come, waiting for the
    /// workers until none is out.
    fn drain(&mut self, ctx: &mut Ctx) -> Result<(), Fatal> {
        self.flush_waiting(ctx)?;
        while self.pool.as_ref().is_some_and(|p| p.sent > p.next) {
            self.wait_one(ctx)?;
        }
        Ok(())
    }

    /// Hands to the sink the batches back from the workers, in order, up to
    /// the first still out.
    fn flush_waiting(&mut self, ctx: &mut Ctx) -> Result<(), Fatal> {
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
    fn deliver(&mut self, ctx: &mut Ctx, step: Step<I, O>) -> Result<(), Fatal> {
        match step {
            Step::Game { file, raw, done } => {
                let done = done
                    .ok_or_else(stopped)
                    .and_then(|done| done)
                    .and_then(|done| (self.sink)(ctx, &file, &raw, done))
                    .and_then(|()| ctx.check_stderr());
                self.sink_failed |= done.is_err();
                done
            }
            Step::IoError { file, error } => {
                ctx.io_error(&file, &error);
                Ok(())
            }
            Step::Usage(message) => {
                ctx.usage_error(&message);
                Ok(())
            }
        }
    }

    /// Sends the last batch and waits for every batch to come back.
    fn finish(&mut self, ctx: &mut Ctx) -> Result<(), Fatal> {
        self.send(ctx)?;
        self.drain(ctx)
    }
}

/// A game came back without its result: only a worker's panic does that, and
/// the scope passes the panic on; this error is never seen.
fn stopped() -> Fatal {
    Fatal::Error("a worker thread stopped".to_string())
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::time::Duration;

    use ayo::notation::Origin;

    use super::*;

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
        let mut ctx = Ctx::new();
        ctx.quiet = true;
        let file: Arc<str> = Arc::from("f");
        let seen = std::cell::RefCell::new(Vec::new());
        // Games read but not yet through the sink, at the most.
        let (read_n, sunk_n, most) = (Cell::new(0usize), Cell::new(0usize), Cell::new(0usize));
        let work = |_: &str, raw: &RawGame| -> Result<usize, Fatal> {
            // Early games take longest, so later batches come back first.
            if raw.index.is_multiple_of(97) {
                std::thread::sleep(Duration::from_millis(2));
            }
            Ok(raw.index)
        };
        let sink = |_: &mut Ctx, _: &str, raw: &RawGame, n: usize| {
            assert_eq!(raw.index, n);
            seen.borrow_mut().push(n.to_string());
            sunk_n.set(sunk_n.get() + 1);
            Ok(())
        };
        ordered(jobs, &mut ctx, work, sink, |ctx, ordered| {
            for i in 0..games {
                let size = if big_every > 0 && i % big_every == big_every - 1 {
                    DIRECT_BYTES + 1
                } else {
                    100
                };
                ordered.game(ctx, &file, game(i, size))?;
                read_n.set(read_n.get() + 1);
                most.set(most.get().max(read_n.get() - sunk_n.get()));
                if i.is_multiple_of(250) {
                    // Reports travel with the batches (quiet here: unseen).
                    ordered.usage_error(ctx, format!("after {i}"));
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
        let mut ctx = Ctx::new();
        ctx.quiet = true;
        let file: Arc<str> = Arc::from("f");
        let (read, sunk, most) = (Cell::new(0usize), Cell::new(0usize), Cell::new(0usize));
        let work = |_: &str, raw: &RawGame| -> Result<usize, Fatal> {
            if raw.index == 0 {
                std::thread::sleep(Duration::from_millis(300));
            }
            Ok(raw.bytes.len())
        };
        let sink = |_: &mut Ctx, _: &str, _: &RawGame, size: usize| {
            sunk.set(sunk.get() + size);
            Ok(())
        };
        ordered(256, &mut ctx, work, sink, |ctx, ordered| {
            for i in 0..40_000 {
                ordered.game(ctx, &file, game(i, 200))?;
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
        let mut ctx = Ctx::new();
        ctx.quiet = true;
        let file: Arc<str> = Arc::from("f");
        let delivered = Cell::new(0usize);
        let work = |_: &str, raw: &RawGame| -> Result<usize, Fatal> { Ok(raw.index) };
        let sink = |_: &mut Ctx, _: &str, _: &RawGame, n: usize| {
            delivered.set(delivered.get() + 1);
            if n == 500 {
                return Err(Fatal::BrokenPipe);
            }
            Ok(())
        };
        let result = ordered(2, &mut ctx, work, sink, |ctx, ordered| {
            for i in 0..100_000 {
                ordered.game(ctx, &file, game(i, 10))?;
            }
            Ok(())
        });
        assert!(matches!(result, Err(Fatal::BrokenPipe)));
        assert_eq!(
            delivered.get(),
            501,
            "nothing goes to the sink after it failed"
        );
    }
}
