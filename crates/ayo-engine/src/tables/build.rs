//! The level-by-level builder.
//!
//! Seeds on the board only fall (captures), so the positions with `n` seeds
//! depend on the levels below (after a capture) and on level `n` itself (moves
//! without a capture, which can cycle). Levels are built from 1 up, each from
//! the finished levels below it.
//!
//! # Exact values on the cycles of a level
//!
//! Inside a level a move either *exits* (it captures, or leads to a position
//! with no legal move: its value `e` for the mover is known), or is *internal*
//! (no capture, same seeds, worth minus the value of the position it leads
//! to). A line that stays in the level for ever is worth 0: an even split of
//! the seeds on the board.
//!
//! For a threshold `t ≥ 1`, let `A_t` be the positions whose mover can force a
//! net gain of at least `t`, and `B_t` those whose mover cannot avoid a net
//! gain of at most `-t`. A line that never ends is worth 0, which is neither,
//! so reaching `A_t` or `B_t` is a reachability game: `A_t` and `B_t` are the
//! *least* fixed point of
//!
//! ```text
//! u ∈ A_t  ⇔  some exit e ≥ t, or some internal move to w ∈ B_t
//! u ∈ B_t  ⇔  every exit e ≤ -t, and every internal move goes to w ∈ A_t
//! ```
//!
//! (the attractors of the two sides; a finite game of reachability is
//! determined). The value of `u` is then `t` for the largest `t` with
//! `u ∈ A_t`, `-t` for the largest `t` with `u ∈ B_t`, and 0 when `u` is in
//! neither: then each side can keep the other from a gain forever, and the
//! line-never-ends rule gives 0.
//!
//! The builder computes every threshold at once: it keeps for each position
//! `P(u)` = the largest `t` with `u ∈ A_t` found so far and `N(u)` likewise for
//! `B_t`, starts from `P = max(0, best exit)`, `N = 0` (under the least fixed
//! point) and applies
//!
//! ```text
//! P(u) = max(0, best exit, max over internal w of N(w))
//! N(u) = max(0, min(-best exit, min over internal w of P(w)))
//! ```
//!
//! until a whole pass changes nothing. Both only grow and never pass the least
//! fixed point (each step is sound), so a pass without change is the least
//! fixed point itself: the values are exact, not an approximation, and the
//! same whatever the order of updates, so threads may update in place.
//!
//! The first pass sows every move of every position (the expensive part) and
//! keeps, for the positions with internal moves, the best exit and the ranks
//! the internal moves lead to; the passes after it only read those.
//!
//! Endless relays are not moves (the engine says so exactly). A relay still
//! undecided at the lap limit stops the build with
//! [`TableError::Undecided`], naming the position and the limit.

use std::ops::Range;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use super::TableError;
use super::file::{self, Expect, Header, LevelFile};
use super::index::Ranker;
use super::{MAX_LEVEL, table_key, table_rules};
use ayo_rules::{Engine, Illegal, Leftovers, Pit, Position, Ruleset, Side};

/// Positions a worker takes at a time.
const CHUNK: u64 = 1 << 14;

/// Where a move leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Child {
    /// A capture of `captured` seeds: to rank `rank` of level `level`
    /// (seen by the opponent, who moves next).
    Lower {
        /// Seeds taken into the mover's store.
        captured: u16,
        /// Seeds left on the board.
        level: usize,
        /// The rank of the board seen by the opponent.
        rank: u64,
    },
    /// No capture: to rank `rank` of the same level, seen by the opponent.
    Same {
        /// The rank of the board seen by the opponent.
        rank: u64,
    },
}

/// Moves of positions as boards seen by their mover: the engine, and the
/// rankers of every level up to the one it serves.
pub struct Mover {
    engine: Engine,
    pits: u8,
    ring: usize,
    rankers: Vec<Ranker>,
}

impl Mover {
    /// Moves for boards of up to `level` seeds under `rules` (its table
    /// ruleset is used: played to exhaustion).
    pub fn new(rules: &Ruleset, max_laps: u64, level: u8) -> Result<Mover, TableError> {
        let rules = table_rules(rules);
        let pits = rules.pits();
        let ring = 2 * usize::from(pits);
        let rankers = (0..=usize::from(level))
            .map(|n| {
                Ranker::new(ring, n).ok_or(TableError::TooLarge {
                    level: n as u8,
                    positions: u64::MAX,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Mover {
            engine: Engine::new(rules).with_max_laps(max_laps),
            pits,
            ring,
            rankers,
        })
    }

    /// The ranker of level `n` (at most the level this serves).
    pub fn ranker(&self, n: usize) -> &Ranker {
        &self.rankers[n]
    }

    /// The position of a board seen by its mover: South to move, empty stores.
    pub fn position(&self, board: &[u16]) -> Position {
        let pits = usize::from(self.pits);
        Position::from_rows(&board[..pits], &board[pits..self.ring], [0, 0], Side::South)
            .unwrap_or_else(|e| unreachable!("a level's board is a position: {e}"))
    }

    /// The net gain of a position whose mover has no legal move: the
    /// leftovers, as the `leftovers` key shares them.
    pub fn terminal_value(&self, board: &[u16]) -> i8 {
        let pits = usize::from(self.pits);
        let mine: i32 = board[..pits].iter().map(|&x| i32::from(x)).sum();
        let theirs: i32 = board[pits..self.ring].iter().map(|&x| i32::from(x)).sum();
        let v = match self.engine.rules().leftovers() {
            Leftovers::Opponent => -(mine + theirs),
            Leftovers::Owner => mine - theirs,
        };
        // Boards have at most MAX_LEVEL seeds.
        v as i8
    }

    /// Calls `f` with every legal move of the board (seen by its mover, at
    /// most the served level's seeds) and where it leads; returns whether
    /// there was one. An undecided relay is an error.
    #[inline]
    pub fn moves(&self, board: &[u16], mut f: impl FnMut(Pit, Child)) -> Result<bool, TableError> {
        let pos = self.position(board);
        let n = pos.total_seeds() as usize;
        let must_feed = self.engine.must_feed(&pos);
        let pits = usize::from(self.pits);
        let mut any = false;
        for i in 0..pits {
            if pos.board()[i] == 0 {
                continue;
            }
            let pit = Pit::from_ring(i);
            let mut next = pos;
            match self.engine.sow_in_place(&mut next, pit, must_feed) {
                Ok(_) => {}
                Err(Illegal::Undecided { laps }) => {
                    return Err(TableError::Undecided {
                        position: pos.to_string(),
                        laps,
                    });
                }
                Err(_) => continue,
            }
            any = true;
            let captured = next.stores()[0];
            let left = n - usize::from(captured);
            // The child as its mover (the opponent) sees it: from their pit A.
            let rank = self.rankers[left]
                .rank_from(next.board(), pits)
                .unwrap_or_else(|| unreachable!("sowing keeps the seeds"));
            f(
                pit,
                if captured > 0 {
                    Child::Lower {
                        captured,
                        level: left,
                        rank,
                    }
                } else {
                    Child::Same { rank }
                },
            );
        }
        Ok(any)
    }
}

/// What building a level did.
#[derive(Clone, Copy, Debug, Default)]
pub struct LevelStats {
    /// Seeds on the board.
    pub level: u8,
    /// Positions.
    pub positions: u64,
    /// Moves sown (the first pass).
    pub moves: u64,
    /// Positions with a move that stays in the level (iterated).
    pub cyclic: u64,
    /// Passes over those until nothing changed.
    pub passes: u64,
    /// Position updates in all (first pass and the passes after).
    pub updates: u64,
    /// Wall time of the first pass (sowing every move), in milliseconds.
    pub sow_millis: u64,
    /// Wall time in all, in milliseconds.
    pub millis: u64,
}

/// The line `ayo tables build` prints for a level built, with its figures:
/// `level 3: 120 positions in 0.01 s (0.00 s sowing 300 moves; 0 positions
/// on cycles, 1 pass)`.
impl std::fmt::Display for LevelStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = |n: u64| if n == 1 { "" } else { "s" };
        write!(
            f,
            "level {}: {} position{} in {:.2} s ({:.2} s sowing {} move{}; {} position{} on cycles, {} pass{})",
            self.level,
            self.positions,
            s(self.positions),
            self.millis as f64 / 1000.0,
            self.sow_millis as f64 / 1000.0,
            self.moves,
            s(self.moves),
            self.cyclic,
            s(self.cyclic),
            self.passes,
            if self.passes == 1 { "" } else { "es" }
        )
    }
}

/// Where a build stands, for a progress bar.
#[derive(Clone, Copy, Debug)]
pub enum Progress {
    /// Sowing every move of a level: `done` of `total` positions.
    Sowing {
        /// The level.
        level: u8,
        /// Positions done.
        done: u64,
        /// Positions in all.
        total: u64,
    },
    /// Pass `pass` over the cyclic positions of a level.
    Iterating {
        /// The level.
        level: u8,
        /// The pass.
        pass: u64,
    },
}

/// The line of a progress bar: `level 9: [#####     ]  50%` (a bar of 30
/// columns) while sowing, `level 9: pass 3` while iterating.
impl std::fmt::Display for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Progress::Sowing { level, done, total } => {
                let width = 30;
                let filled = (done * width / total.max(1)) as usize;
                write!(
                    f,
                    "level {level}: [{}{}] {:>3}%",
                    "#".repeat(filled),
                    " ".repeat(width as usize - filled),
                    done * 100 / total.max(1)
                )
            }
            Progress::Iterating { level, pass } => write!(f, "level {level}: pass {pass}"),
        }
    }
}

/// One chunk's positions with internal moves.
#[derive(Default)]
struct Cyclic {
    nodes: Vec<u32>,
    /// Best exit, `i8::MIN` for none.
    exit: Vec<i8>,
    /// `children[start[k]..start[k + 1]]` are node k's internal moves.
    start: Vec<u32>,
    children: Vec<u32>,
}

/// `P` in the low byte, `N` in the high byte.
#[inline]
fn pn(p: u8, n: u8) -> u16 {
    u16::from(p) | (u16::from(n) << 8)
}

/// The builder of one ruleset's tables.
pub struct Builder {
    rules: Ruleset,
    max_laps: u64,
    threads: usize,
}

impl Builder {
    /// A builder for `rules` (its `end` key is ignored: tables are built under
    /// `end=exhaustion`), on every core, with the default lap limit.
    pub fn new(rules: &Ruleset) -> Builder {
        Builder {
            rules: table_rules(rules),
            max_laps: ayo_rules::Engine::DEFAULT_MAX_LAPS,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    /// Uses `threads` threads (at least one).
    pub fn threads(self, threads: usize) -> Builder {
        Builder {
            threads: threads.max(1),
            ..self
        }
    }

    /// Sets the lap limit of the engine.
    pub fn max_laps(self, max_laps: u64) -> Builder {
        Builder { max_laps, ..self }
    }

    /// The ruleset the values are for (played to exhaustion).
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Builds level `level` from the values of every level below it
    /// (`lower[n]` for `n < level`; level 0, the empty board, is worth 0).
    /// Returns the values, one signed byte a position in rank order.
    pub fn build_level(
        &self,
        level: u8,
        lower: &[&[u8]],
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<(Vec<u8>, LevelStats), TableError> {
        let started = Instant::now();
        if level > MAX_LEVEL {
            return Err(TableError::LevelTooHigh(u64::from(level)));
        }
        let mover = Mover::new(&self.rules, self.max_laps, level)?;
        let ranker = mover.ranker(usize::from(level));
        let count = ranker.count();
        if count > u64::from(u32::MAX) || usize::try_from(count).is_err() {
            return Err(TableError::TooLarge {
                level,
                positions: count,
            });
        }
        let state: Vec<AtomicU16> = (0..count).map(|_| AtomicU16::new(0)).collect();
        let sowing = Sowing {
            level,
            lower,
            mover: &mover,
            ranker,
            count,
            chunks: count.div_ceil(CHUNK),
            ring: 2 * usize::from(self.rules.pits()),
            state: &state,
            next: AtomicU64::new(0),
            done: AtomicU64::new(0),
            moves: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            failed: Mutex::new(None),
            cyclic: Mutex::new(Vec::new()),
        };
        let (cyclic, moves) = self.sow(sowing, progress)?;
        let sow_millis = started.elapsed().as_millis() as u64;
        let cyclic_count: u64 = cyclic.iter().map(|c| c.nodes.len() as u64).sum();
        let (passes, updates) = if cyclic_count > 0 {
            self.iterate(level, &cyclic, &state, progress)
        } else {
            (0, count)
        };
        drop(cyclic);
        let stats = LevelStats {
            level,
            positions: count,
            moves,
            cyclic: cyclic_count,
            passes,
            updates,
            sow_millis,
            millis: started.elapsed().as_millis() as u64,
        };
        Ok((values_of(state), stats))
    }

    /// Pass one: sows every move of every position, on every thread. Returns
    /// the chunks' positions with internal moves, and the moves sown.
    fn sow(
        &self,
        job: Sowing<'_>,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<(Vec<Cyclic>, u64), TableError> {
        std::thread::scope(|s| {
            for _ in 0..self.threads {
                s.spawn(|| job.work(progress));
            }
        });
        if let Some(e) = job.failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(e);
        }
        let cyclic = job.cyclic.into_inner().unwrap_or_else(|p| p.into_inner());
        Ok((cyclic, job.moves.into_inner()))
    }

    /// The passes after the first: to the least fixed point. After the first,
    /// a position is evaluated again only if one of its children changed
    /// since its last evaluation: `last` marks the positions changed in the
    /// previous pass, `now` those changed in this one. Both are bitsets, 16
    /// times smaller than the states, so the check stays in cache where the
    /// states would not (from about 16 seeds the states outgrow it). Returns
    /// the passes and the position updates in all (the first pass's
    /// included).
    fn iterate(
        &self,
        level: u8,
        cyclic: &[Cyclic],
        state: &[AtomicU16],
        progress: &(dyn Fn(Progress) + Sync),
    ) -> (u64, u64) {
        let count = state.len() as u64;
        let updates = AtomicU64::new(count);
        let words = usize::try_from(count.div_ceil(64)).unwrap_or(usize::MAX);
        let bits = || (0..words).map(|_| AtomicU64::new(0)).collect::<Vec<_>>();
        let (mut last, mut now) = (bits(), bits());
        let mut passes = 0u64;
        loop {
            passes += 1;
            progress(Progress::Iterating {
                level,
                pass: passes,
            });
            let dirty = Dirty {
                last: (passes > 1).then_some(&last[..]),
                now: &now,
            };
            if !self.pass(cyclic, state, &dirty, &updates) {
                break;
            }
            std::mem::swap(&mut last, &mut now);
            for w in &now {
                w.store(0, Ordering::Relaxed);
            }
        }
        (passes, updates.into_inner())
    }

    /// One pass over every cyclic position, on every thread: whether any
    /// changed. Adds the positions evaluated to `updates`.
    fn pass(
        &self,
        cyclic: &[Cyclic],
        state: &[AtomicU16],
        dirty: &Dirty<'_>,
        updates: &AtomicU64,
    ) -> bool {
        let changed = AtomicBool::new(false);
        let next = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..self.threads {
                s.spawn(|| {
                    let (mut any, mut evaluated) = (false, 0u64);
                    loop {
                        let c = next.fetch_add(1, Ordering::Relaxed);
                        let Some(cy) = cyclic.get(c) else { break };
                        any |= relax(cy, state, dirty, &mut evaluated);
                    }
                    if any {
                        changed.store(true, Ordering::Relaxed);
                    }
                    updates.fetch_add(evaluated, Ordering::Relaxed);
                });
            }
        });
        changed.into_inner()
    }

    /// Builds levels 1 to `max_level` into `dir` (the table directory; the
    /// ruleset's own subdirectory is made in it), keeping the levels already
    /// there (each checked against its header and checksum) and building the
    /// rest. Returns the stats of the levels built.
    pub fn build_dir(
        &self,
        dir: &Path,
        max_level: u8,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Vec<LevelStats>, TableError> {
        self.build_dir_with(dir, max_level, progress, &mut |_| {})
    }

    /// [`Builder::build_dir`], calling `on_level` as each level is written.
    pub fn build_dir_with(
        &self,
        dir: &Path,
        max_level: u8,
        progress: &(dyn Fn(Progress) + Sync),
        on_level: &mut dyn FnMut(&LevelStats),
    ) -> Result<Vec<LevelStats>, TableError> {
        if max_level > MAX_LEVEL {
            return Err(TableError::LevelTooHigh(u64::from(max_level)));
        }
        let sub = super::ruleset_dir(dir, &self.rules);
        std::fs::create_dir_all(&sub).map_err(|source| TableError::Io {
            path: sub.clone(),
            source,
        })?;
        let key = table_key(&self.rules);
        let pits = self.rules.pits();
        let ring = 2 * usize::from(pits);
        let mut levels: Vec<LevelFile> = Vec::new();
        let mut built = Vec::new();
        for level in 1..=max_level {
            let path = sub.join(file::level_file_name(level));
            let count = super::index::level_count(ring, usize::from(level)).ok_or(
                TableError::TooLarge {
                    level,
                    positions: u64::MAX,
                },
            )?;
            let expect = Expect {
                rules: &key,
                pits,
                level,
                count,
            };
            if path.exists() {
                levels.push(file::open_level(&path, expect, true)?);
                continue;
            }
            let lower: Vec<&[u8]> = std::iter::once(&[0u8][..])
                .chain(levels.iter().map(|l| l.body.values()))
                .collect();
            let (values, stats) = self.build_level(level, &lower, progress)?;
            let header = Header {
                rules: key.clone(),
                pits,
                level,
                count,
                checksum: file::checksum(&values),
                build_millis: stats.millis,
            };
            file::write_level(&path, &header, &values)?;
            on_level(&stats);
            built.push(stats);
            levels.push(LevelFile {
                header,
                path,
                body: file::Body::Owned(values),
            });
        }
        Ok(built)
    }
}

/// What the threads of a level's first pass share (see
/// [`Builder::build_level`]): chunks of `CHUNK` positions are handed out in
/// turn.
struct Sowing<'a> {
    level: u8,
    /// The values of the levels below.
    lower: &'a [&'a [u8]],
    mover: &'a Mover,
    ranker: &'a Ranker,
    /// Positions in the level.
    count: u64,
    chunks: u64,
    /// Pits on the board.
    ring: usize,
    /// `P` and `N` of every position (see [`pn`]).
    state: &'a [AtomicU16],
    /// The next chunk to hand out.
    next: AtomicU64,
    /// Positions done, for the progress.
    done: AtomicU64,
    /// Moves sown.
    moves: AtomicU64,
    /// Set on the first error: the other threads stop.
    stop: AtomicBool,
    failed: Mutex<Option<TableError>>,
    cyclic: Mutex<Vec<Cyclic>>,
}

impl Sowing<'_> {
    /// One thread's share: chunks until there are none left or a thread
    /// failed.
    fn work(&self, progress: &(dyn Fn(Progress) + Sync)) {
        let mut board = [0u16; Position::MAX_BOARD];
        let mut local_moves = 0u64;
        let mut mine = Vec::new();
        let mut kids: Vec<u32> = Vec::with_capacity(Position::MAX_BOARD);
        while !self.stop.load(Ordering::Relaxed) {
            let c = self.next.fetch_add(1, Ordering::Relaxed);
            if c >= self.chunks {
                break;
            }
            let lo = c * CHUNK;
            let hi = (lo + CHUNK).min(self.count);
            match self.chunk(lo..hi, &mut board, &mut kids, &mut local_moves) {
                Ok(cy) => mine.push(cy),
                Err(e) => {
                    self.stop.store(true, Ordering::Relaxed);
                    let mut f = self.failed.lock().unwrap_or_else(|p| p.into_inner());
                    f.get_or_insert(e);
                    return;
                }
            }
            let d = self.done.fetch_add(hi - lo, Ordering::Relaxed) + (hi - lo);
            progress(Progress::Sowing {
                level: self.level,
                done: d,
                total: self.count,
            });
        }
        self.moves.fetch_add(local_moves, Ordering::Relaxed);
        self.cyclic
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend(mine);
    }

    /// Sows every move of the positions of ranks `ranks`: the state of a
    /// position whose moves all exit is its value; the others start from
    /// their best exit and are returned, with their internal moves, for the
    /// passes. Counts the moves sown into `moves`.
    #[inline]
    fn chunk(
        &self,
        ranks: Range<u64>,
        board: &mut [u16; Position::MAX_BOARD],
        kids: &mut Vec<u32>,
        moves: &mut u64,
    ) -> Result<Cyclic, TableError> {
        let (ring, lo) = (self.ring, ranks.start);
        let mut sown = 0u64;
        let mut cy = Cyclic::default();
        self.ranker.unrank(lo, &mut board[..ring]);
        for u in ranks {
            if u > lo {
                self.ranker.next(&mut board[..ring]);
            }
            let mut best = i16::MIN;
            kids.clear();
            let any = self.mover.moves(&board[..ring], |_, child| {
                sown += 1;
                match child {
                    Child::Lower {
                        captured,
                        level: l,
                        rank,
                    } => {
                        let v = if l == 0 {
                            0
                        } else {
                            i16::from(self.lower[l][rank as usize] as i8)
                        };
                        best = best.max(captured as i16 - v);
                    }
                    Child::Same { rank } => kids.push(rank as u32),
                }
            });
            let any = any?;
            let value = if !any {
                i16::from(self.mover.terminal_value(&board[..ring]))
            } else {
                best
            };
            if kids.is_empty() {
                let p = value.max(0) as u8;
                let n = (-value).max(0) as u8;
                self.state[u as usize].store(pn(p, n), Ordering::Relaxed);
            } else {
                let exit = if best == i16::MIN {
                    i8::MIN
                } else {
                    best as i8
                };
                self.state[u as usize].store(pn(best.max(0) as u8, 0), Ordering::Relaxed);
                cy.start.push(cy.children.len() as u32);
                cy.nodes.push(u as u32);
                cy.exit.push(exit);
                cy.children.extend_from_slice(kids);
            }
        }
        cy.start.push(cy.children.len() as u32);
        *moves += sown;
        Ok(cy)
    }
}

/// The values of a finished level from its states: `P` when it is
/// positive, else `-N`.
fn values_of(state: Vec<AtomicU16>) -> Vec<u8> {
    state
        .into_iter()
        .map(|s| {
            let s = s.into_inner();
            let (p, n) = ((s & 0xff) as u8, (s >> 8) as u8);
            debug_assert!(p == 0 || n == 0);
            if p > 0 { p } else { (-(n as i8)) as u8 }
        })
        .collect()
}

/// The change marks of one pass (see [`Builder::iterate`]).
struct Dirty<'a> {
    /// Changed in the previous pass; `None` in the first pass, which
    /// evaluates everything.
    last: Option<&'a [AtomicU64]>,
    /// Changed in this pass so far.
    now: &'a [AtomicU64],
}

#[inline]
fn bit(set: &[AtomicU64], i: usize) -> bool {
    set[i / 64].load(Ordering::Relaxed) & (1 << (i % 64)) != 0
}

/// One pass over a chunk's cyclic positions; whether any changed.
#[inline]
fn relax(cy: &Cyclic, state: &[AtomicU16], dirty: &Dirty<'_>, evaluated: &mut u64) -> bool {
    let mut changed = false;
    for k in 0..cy.nodes.len() {
        let kids = &cy.children[cy.start[k] as usize..cy.start[k + 1] as usize];
        if let Some(last) = dirty.last {
            let stale = kids.iter().any(|&w| {
                let w = w as usize;
                bit(last, w) || bit(dirty.now, w)
            });
            if !stale {
                continue;
            }
        }
        *evaluated += 1;
        let u = cy.nodes[k] as usize;
        let old = state[u].load(Ordering::Relaxed);
        let exit = cy.exit[k];
        let mut p = i16::from(exit).max(0) as u8;
        let mut n = if exit == i8::MIN {
            u8::MAX
        } else {
            (-i16::from(exit)).max(0) as u8
        };
        for &w in kids {
            let s = state[w as usize].load(Ordering::Relaxed);
            p = p.max((s >> 8) as u8);
            n = n.min((s & 0xff) as u8);
        }
        let new = pn(p, n);
        if new != old {
            state[u].store(new, Ordering::Relaxed);
            // After the store: whoever sees the mark sees the new state.
            dirty.now[u / 64].fetch_or(1 << (u % 64), Ordering::Release);
            changed = true;
        }
    }
    changed
}

/// What [`verify_level`] found.
#[derive(Clone, Debug, Default)]
pub struct VerifyReport {
    /// Positions checked.
    pub positions: u64,
    /// Positions whose stored value is not what one pass of the recurrence
    /// gives.
    pub mismatches: u64,
    /// The first of them: (set-up string, stored, computed).
    pub first: Option<(String, i8, i8)>,
}

/// Re-checks every value of a level against its moves: one pass of the
/// recurrence (best over moves of capture minus the child's value, or minus
/// the child's value inside the level; the leftovers with no legal move),
/// with `lower[n]` the values of level `n` (`lower[level]` the level itself).
pub fn verify_level(
    rules: &Ruleset,
    max_laps: u64,
    level: u8,
    values: &[&[u8]],
    threads: usize,
) -> Result<VerifyReport, TableError> {
    let mover = Mover::new(rules, max_laps, level)?;
    let count = mover.ranker(usize::from(level)).count();
    let ring = 2 * usize::from(table_rules(rules).pits());
    let chunks = count.div_ceil(CHUNK);
    let next = AtomicU64::new(0);
    let report = Mutex::new(VerifyReport {
        positions: count,
        ..VerifyReport::default()
    });
    let failed: Mutex<Option<TableError>> = Mutex::new(None);
    let verifying = Verifying {
        mover: &mover,
        level,
        values,
        ring,
        report: &report,
    };
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut board = [0u16; Position::MAX_BOARD];
                loop {
                    let c = next.fetch_add(1, Ordering::Relaxed);
                    if c >= chunks {
                        break;
                    }
                    let lo = c * CHUNK;
                    let hi = (lo + CHUNK).min(count);
                    if let Err(e) = verifying.chunk(lo..hi, &mut board) {
                        failed
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .get_or_insert(e);
                        return;
                    }
                }
            });
        }
    });
    if let Some(e) = failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    Ok(report.into_inner().unwrap_or_else(|p| p.into_inner()))
}

/// What the threads of [`verify_level`] share.
struct Verifying<'a> {
    mover: &'a Mover,
    level: u8,
    /// The values of every level up to this one.
    values: &'a [&'a [u8]],
    /// Pits on the board.
    ring: usize,
    report: &'a Mutex<VerifyReport>,
}

impl Verifying<'_> {
    /// The stored value of rank `rank` of level `l` (level 0 is worth 0).
    #[inline]
    fn value(&self, l: usize, rank: u64) -> i16 {
        if l == 0 {
            0
        } else {
            i16::from(self.values[l][rank as usize] as i8)
        }
    }

    /// Checks the positions of ranks `ranks`, noting mismatches in the report.
    fn chunk(
        &self,
        ranks: Range<u64>,
        board: &mut [u16; Position::MAX_BOARD],
    ) -> Result<(), TableError> {
        let (ring, lo, level) = (self.ring, ranks.start, usize::from(self.level));
        let ranker = self.mover.ranker(level);
        ranker.unrank(lo, &mut board[..ring]);
        for u in ranks {
            if u > lo {
                ranker.next(&mut board[..ring]);
            }
            let mut best = i16::MIN;
            let any = self.mover.moves(&board[..ring], |_, child| {
                let v = match child {
                    Child::Lower {
                        captured,
                        level: l,
                        rank,
                    } => captured as i16 - self.value(l, rank),
                    Child::Same { rank } => -self.value(level, rank),
                };
                best = best.max(v);
            })?;
            let computed = if any {
                best
            } else {
                i16::from(self.mover.terminal_value(&board[..ring]))
            };
            let stored = self.value(level, u);
            if computed != stored {
                let mut r = self.report.lock().unwrap_or_else(|p| p.into_inner());
                r.mismatches += 1;
                if r.first.is_none() {
                    let pos = self.mover.position(&board[..ring]);
                    r.first = Some((pos.to_string(), stored as i8, computed as i8));
                }
            }
        }
        Ok(())
    }
}
