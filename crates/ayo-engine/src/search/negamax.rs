//! [`Search`]: iterative deepening over a fail-soft negamax with alpha-beta.

use std::time::Instant;

use super::table::{Bound, Hit, Table};
use super::{Answer, Limit, Limits, MAX_DEPTH, Probe, SearchError, Value, zobrist};
use ayo_rules::{Engine, Illegal, Pit, Position, Side, Status};

/// Beyond every value (the most seeds a board holds is 5,200).
const INF: Value = 30_000;
/// Flag: some position below was scored at the horizon.
const HORIZON: u8 = 1;
/// Flag: some position below repeated one on the line; its value depends on
/// the path, so it is not stored in the table.
const REPEAT: u8 = 2;
/// Plies a search can reach below the root, and one for the root.
const MAX_PLY: usize = MAX_DEPTH as usize + 1;
/// The most moves a position has: one a pit of a row.
const MAX_MOVES: usize = Position::MAX_BOARD / 2;
/// The time limit is checked once every this many positions (a power of two).
const TIME_CHECK: u64 = 4096;
/// Default size of the transposition table: 2^18 entries, 4 MiB. Larger
/// tables cost a cache miss a lookup and searched slower in every measured
/// case (BENCHMARKS.md).
pub const DEFAULT_TABLE_BITS: u32 = 18;

/// Why a search stopped before finishing its iteration.
enum Stop {
    Limit(Limit),
    /// Boxed: the rare error stays out of every node's return value.
    Undecided(Box<SearchError>),
}

/// The store difference from the side to move's point of view: the value of a
/// majority stop, of a line that never ends, and of the horizon.
#[inline]
fn store_difference(pos: &Position) -> Value {
    let [s, n] = pos.stores();
    let d = Value::from(s) - Value::from(n);
    if pos.to_move() == Side::South { d } else { -d }
}

/// The answer for a position whose game is over (or that has no legal move)
/// at the root: its value, and the game's end when there is one.
fn over(engine: &Engine, pos: &Position, score: Value, started: Instant) -> Answer {
    Answer {
        best: None,
        score,
        exact: true,
        pv: Vec::new(),
        depth: 0,
        nodes: 1,
        elapsed: started.elapsed(),
        limit: Limit::Solved,
        moves: Vec::new(),
        end: match engine.status(pos) {
            Ok(Status::Over(end)) => Some(end),
            _ => None,
        },
    }
}

/// The value when the side to move has no legal move: the leftovers shared
/// by the ruleset's `leftovers` key.
#[inline]
fn stuck_value(engine: &Engine, pos: &Position) -> Value {
    let score = pos.final_score(engine.rules().leftovers(), pos.to_move());
    let d = score[0] as Value - score[1] as Value;
    if pos.to_move() == Side::South { d } else { -d }
}

/// Seeds in both stores: they never shrink along a line, so only positions
/// with the same total can repeat.
#[inline]
fn stored(pos: &Position) -> u32 {
    let [s, n] = pos.stores();
    u32::from(s) + u32::from(n)
}

/// The search: an engine, an optional [`Probe`], and the memory a search
/// works in (a transposition table and the line being searched), allocated
/// once in [`Search::new`] and reused by every [`Search::run`], so that no
/// search allocates per position.
pub struct Search<'p> {
    engine: Engine,
    probe: Option<&'p dyn Probe>,
    every_move: bool,
    table: Table,
    /// Positions searched so far in this run.
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    /// Limits apply (not during depth 1, which always finishes).
    checking: bool,
    /// Keys and store totals of the positions on the line above the one
    /// being searched, the game's history first.
    line: Vec<(u64, u32)>,
    /// Children of the position at each ply: `arena[ply * MAX_MOVES + i]`.
    arena: Vec<Position>,
    /// Triangular principal variations: row `ply` holds ring indices.
    pv: Vec<u8>,
    pv_len: [usize; MAX_PLY + 1],
}

impl<'p> Search<'p> {
    /// A search with a table of the default size (4 MiB).
    pub fn new(engine: Engine) -> Search<'p> {
        Search::with_table_bits(engine, DEFAULT_TABLE_BITS)
    }

    /// A search with a table of 2^`bits` entries of 16 bytes (`bits` at
    /// most 30).
    pub fn with_table_bits(engine: Engine, bits: u32) -> Search<'p> {
        let start = engine.start();
        Search {
            engine,
            probe: None,
            every_move: false,
            table: Table::new(bits.min(30)),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            checking: false,
            line: Vec::new(),
            arena: vec![start; (MAX_PLY + 1) * MAX_MOVES],
            pv: vec![0; (MAX_PLY + 1) * MAX_PLY],
            pv_len: [0; MAX_PLY + 1],
        }
    }

    /// Asks `probe` for exact values (endgame tables) at the root and below.
    pub fn with_probe(mut self, probe: &'p dyn Probe) -> Search<'p> {
        self.probe = Some(probe);
        self
    }

    /// Whether to score every legal move at the root exactly
    /// ([`Answer::moves`]). Slower: the root's moves cannot cut each other off.
    pub fn every_move(mut self, every_move: bool) -> Search<'p> {
        self.every_move = every_move;
        self
    }

    /// The engine searched with.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Searches `pos` within `limits`.
    pub fn run(&mut self, pos: &Position, limits: &Limits) -> Result<Answer, SearchError> {
        self.run_line(&[], pos, limits)
    }

    /// Searches `pos`, which the game reached through `history` (oldest
    /// first, not `pos` itself): a position of the history that comes back in
    /// the search counts as a repetition.
    pub fn run_line(
        &mut self,
        history: &[Position],
        pos: &Position,
        limits: &Limits,
    ) -> Result<Answer, SearchError> {
        let started = Instant::now();
        self.start(history, limits, started);
        if self.engine.majority(pos).is_some() {
            return Ok(over(&self.engine, pos, store_difference(pos), started));
        }
        let children = self.root_children(pos)?;
        if children.is_empty() {
            let value = stuck_value(&self.engine, pos);
            return Ok(over(&self.engine, pos, value, started));
        }
        if let Some(answer) = self.probe_root(pos, &children, started) {
            return Ok(answer);
        }
        let (root, depth, limit) = self.deepen(pos, &children, limits)?;
        let (best_pit, _) = children[root.best];
        let pv = self.extend_pv(pos, root.pv, depth as usize);
        Ok(Answer {
            best: Some(best_pit),
            score: root.value,
            exact: root.flags & HORIZON == 0,
            pv,
            depth,
            nodes: self.nodes,
            elapsed: started.elapsed(),
            limit,
            moves: if self.every_move {
                children.iter().map(|c| c.0).zip(root.values).collect()
            } else {
                Vec::new()
            },
            end: None,
        })
    }

    /// Resets the counters and limits for a search started at `started`,
    /// with the positions of `history` on the line.
    fn start(&mut self, history: &[Position], limits: &Limits, started: Instant) {
        self.table.new_search();
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time.map(|t| started + t);
        self.checking = false;
        self.line.clear();
        self.line.reserve(history.len() + MAX_PLY + 1);
        self.line
            .extend(history.iter().map(|p| (zobrist(p), stored(p))));
    }

    /// Iterative deepening from depth 1 until the limits stop it or the
    /// position is solved: the last root that finished, its depth, and what
    /// stopped the search.
    fn deepen(
        &mut self,
        pos: &Position,
        children: &[(Pit, Position)],
        limits: &Limits,
    ) -> Result<(Root, u32, Limit), SearchError> {
        let deepest = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut last: Option<(Root, u32)> = None;
        let mut limit = Limit::Depth;
        let mut previous_best = None;
        for depth in 1..=deepest {
            self.checking = depth > 1;
            match self.root(pos, children, depth, previous_best) {
                Ok(root) => {
                    previous_best = Some(root.best);
                    let solved = root.flags & HORIZON == 0;
                    last = Some((root, depth));
                    if solved {
                        limit = Limit::Solved;
                        break;
                    }
                }
                Err(Stop::Limit(l)) => {
                    limit = l;
                    break;
                }
                Err(Stop::Undecided(e)) => return Err(*e),
            }
        }
        // Depth 1 never stops on a limit, so some iteration finished.
        let Some((root, depth)) = last else {
            unreachable!("depth 1 always finishes")
        };
        Ok((root, depth, limit))
    }

    /// The legal moves of the root, in pit order, or the undecided one.
    fn root_children(&self, pos: &Position) -> Result<Vec<(Pit, Position)>, SearchError> {
        let mut children = Vec::with_capacity(usize::from(pos.pits()));
        for (pit, verdict) in self.engine.verdicts(pos) {
            match verdict {
                Ok(next) => children.push((pit, next)),
                Err(Illegal::Undecided { laps }) => {
                    return Err(SearchError::Undecided {
                        position: *pos,
                        pit,
                        laps,
                    });
                }
                Err(_) => {}
            }
        }
        Ok(children)
    }

    /// The exact value of a position if it is over or the probe knows it.
    fn known(&self, pos: &Position) -> Option<Value> {
        if self.engine.majority(pos).is_some() {
            return Some(store_difference(pos));
        }
        match self.engine.status(pos) {
            Ok(Status::Over(_)) => return Some(stuck_value(&self.engine, pos)),
            Ok(Status::Ongoing) => {}
            Err(_) => return None,
        }
        self.probe.and_then(|p| p.probe(pos))
    }

    /// The answer straight from the probe, when it knows the root and the
    /// result of every move from it.
    fn probe_root(
        &self,
        pos: &Position,
        children: &[(Pit, Position)],
        started: Instant,
    ) -> Option<Answer> {
        let probe = self.probe?;
        let score = probe.probe(pos)?;
        let values: Vec<Value> = children
            .iter()
            .map(|(_, c)| self.known(c).map(|v| -v))
            .collect::<Option<_>>()?;
        // The first move of the highest value: ties go to pit order.
        let (best, _) =
            values.iter().enumerate().fold(
                (0, Value::MIN),
                |(bi, bv), (i, &v)| if v > bv { (i, v) } else { (bi, bv) },
            );
        // The line: each side plays its best known move, while values are
        // known, the game goes on and no position repeats.
        let mut pv = vec![children[best].0];
        let mut at = children[best].1;
        let mut seen = vec![zobrist(pos), zobrist(&at)];
        while pv.len() < MAX_DEPTH as usize {
            let mut next: Option<(Value, Pit, Position)> = None;
            for (pit, child) in self.engine.legal_moves(&at) {
                let v = -self.known(&child)?;
                if next.is_none_or(|(bv, _, _)| v > bv) {
                    next = Some((v, pit, child));
                }
            }
            let Some((_, pit, child)) = next else { break };
            let key = zobrist(&child);
            pv.push(pit);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            at = child;
        }
        Some(Answer {
            best: Some(children[best].0),
            score,
            exact: true,
            pv,
            depth: 1,
            nodes: 1 + children.len() as u64,
            elapsed: started.elapsed(),
            limit: Limit::Solved,
            moves: if self.every_move {
                children.iter().map(|c| c.0).zip(values).collect()
            } else {
                Vec::new()
            },
            end: None,
        })
    }

    /// One iteration at the root. Moves are searched best-first (the last
    /// iteration's best, then captures), but a move only displaces the best so
    /// far if it is better, or as good and earlier in pit order: each is
    /// searched with a window that tells those apart.
    fn root(
        &mut self,
        pos: &Position,
        children: &[(Pit, Position)],
        depth: u32,
        previous_best: Option<usize>,
    ) -> Result<Root, Stop> {
        self.nodes += 1;
        self.pv_len[0] = 0;
        let side = pos.to_move().index();
        let mut order: Vec<usize> = (0..children.len()).collect();
        // Stable: equal keys stay in pit order.
        order.sort_by_key(|&i| {
            let first = previous_best == Some(i);
            let gain = children[i].1.stores()[side] - pos.stores()[side];
            (std::cmp::Reverse(first), std::cmp::Reverse(gain))
        });
        let mut values = vec![0; children.len()];
        let mut best: Option<(usize, Value)> = None;
        let mut flags = 0;
        self.line.push((zobrist(pos), stored(pos)));
        for i in order {
            let (_, child) = children[i];
            let alpha = match best {
                _ if self.every_move => -INF,
                None => -INF,
                // An earlier pit must reach the best value, a later one beat it.
                Some((b, v)) if i < b => v - 1,
                Some((_, v)) => v,
            };
            let result = self.node(&child, zobrist(&child), depth - 1, 1, -INF, -alpha);
            let (v, f) = match result {
                Ok(r) => r,
                Err(e) => {
                    self.line.pop();
                    return Err(e);
                }
            };
            let v = -v;
            flags |= f;
            values[i] = v;
            let better = match best {
                None => true,
                Some((b, bv)) => v > bv || (v == bv && i < b),
            };
            if better {
                best = Some((i, v));
                self.set_pv(0, children[i].0.ring());
            }
        }
        self.line.pop();
        let Some((best, value)) = best else {
            unreachable!("the root has a legal move")
        };
        let pv = self.pv[..self.pv_len[0]]
            .iter()
            .map(|&r| Pit::from_ring(usize::from(r)))
            .collect();
        Ok(Root {
            best,
            value,
            flags,
            values,
            pv,
        })
    }

    /// Makes `pit` then the child's variation the variation at `ply`.
    #[inline]
    fn set_pv(&mut self, ply: usize, ring: usize) {
        let child = self.pv_len[ply + 1];
        let from = (ply + 1) * MAX_PLY;
        let to = ply * MAX_PLY;
        self.pv[to] = ring as u8;
        let room = child.min(MAX_PLY - 1);
        self.pv.copy_within(from..from + room, to + 1);
        self.pv_len[ply] = room + 1;
    }

    /// The principal variation, continued from the table where a table hit
    /// cut it short, up to `depth` moves.
    fn extend_pv(&self, root: &Position, mut pv: Vec<Pit>, depth: usize) -> Vec<Pit> {
        let mut at = *root;
        let mut seen = vec![zobrist(&at)];
        for &pit in &pv {
            match self.engine.play(&at, pit) {
                Ok(next) => at = next,
                Err(_) => return pv,
            }
            seen.push(zobrist(&at));
        }
        while pv.len() < depth {
            let Some(ring) = self.table.get(zobrist(&at)).and_then(|h| h.best) else {
                break;
            };
            let pit = Pit::from_ring(ring);
            let Ok(next) = self.engine.play(&at, pit) else {
                break;
            };
            pv.push(pit);
            let key = zobrist(&next);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            at = next;
        }
        pv
    }

    /// The value of `pos` (key `key`) searched `depth` plies deep, `ply`
    /// plies below the root, with the window `alpha`..`beta`: fail-soft, so a
    /// value outside the window is a bound on the true one. The flags say
    /// whether the value rests on the horizon or on a repetition.
    fn node(
        &mut self,
        pos: &Position,
        key: u64,
        depth: u32,
        ply: usize,
        mut alpha: Value,
        beta: Value,
    ) -> Result<(Value, u8), Stop> {
        self.nodes += 1;
        self.pv_len[ply] = 0;
        if let Some(leaf) = self.leaf(pos, key, depth)? {
            return Ok(leaf);
        }
        // One ply from the horizon the table costs more (a cache miss) than
        // the moves it could save: it is used from two plies up.
        let use_table = depth >= 2;
        let mut table_move = None;
        if use_table && let Some(hit) = self.table.get(key) {
            table_move = hit.best;
            if let Some(known) = usable(&hit, depth, alpha, beta) {
                return Ok(known);
            }
        }
        let base = ply * MAX_MOVES;
        let (mut rings, mut order) = ([0u8; MAX_MOVES], [0u8; MAX_MOVES]);
        let n = self.children(pos, base, table_move, &mut rings, &mut order)?;
        if n == 0 {
            return Ok((stuck_value(&self.engine, pos), 0));
        }

        let alpha_in = alpha;
        let mut best = -INF;
        let mut best_ring = None;
        let mut flags = 0;
        self.line.push((key, stored(pos)));
        for &i in &order[..n] {
            let i = usize::from(i);
            let child = self.arena[base + i];
            let result = self.node(&child, zobrist(&child), depth - 1, ply + 1, -beta, -alpha);
            let (v, f) = match result {
                Ok(r) => r,
                Err(e) => {
                    self.line.pop();
                    return Err(e);
                }
            };
            let v = -v;
            flags |= f;
            if v > best {
                best = v;
                best_ring = Some(usize::from(rings[i]));
                self.set_pv(ply, usize::from(rings[i]));
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.line.pop();
        if use_table && flags & REPEAT == 0 {
            let bound = if best <= alpha_in {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let best_ring = if bound == Bound::Upper {
                None
            } else {
                best_ring
            };
            self.table
                .put(key, best, depth, bound, flags & HORIZON != 0, best_ring);
        }
        Ok((best, flags))
    }

    /// The part of [`Search::node`] before any move is made: a limit that
    /// stops the search, or the value of a position that needs no search
    /// (a majority, a repetition on the line, a table's value, no seeds to
    /// move, the horizon); `None` when `pos` is to be searched.
    #[inline(always)]
    fn leaf(&mut self, pos: &Position, key: u64, depth: u32) -> Result<Option<(Value, u8)>, Stop> {
        if self.checking {
            if self.nodes > self.node_limit {
                return Err(Stop::Limit(Limit::Nodes));
            }
            if self.nodes.is_multiple_of(TIME_CHECK)
                && let Some(deadline) = self.deadline
                && Instant::now() >= deadline
            {
                return Err(Stop::Limit(Limit::Time));
            }
        }
        if self.engine.majority(pos).is_some() {
            return Ok(Some((store_difference(pos), 0)));
        }
        let total = stored(pos);
        for &(k, t) in self.line.iter().rev() {
            if t != total {
                break;
            }
            if k == key {
                return Ok(Some((store_difference(pos), REPEAT)));
            }
        }
        if let Some(v) = self.probe.and_then(|p| p.probe(pos)) {
            return Ok(Some((v, 0)));
        }
        if pos.row_total(pos.to_move()) == 0 {
            return Ok(Some((stuck_value(&self.engine, pos), 0)));
        }
        if depth == 0 {
            return Ok(Some((store_difference(pos), HORIZON)));
        }
        Ok(None)
    }

    /// Every legal move of `pos`, into the arena from `base`: each move's
    /// ring index into `rings`, the order to search them in into `order`
    /// (the table's move first, then captures, biggest first, else pit
    /// order); returns how many there are. The arrays are the caller's, so
    /// that nothing is copied back.
    #[inline(always)]
    fn children(
        &mut self,
        pos: &Position,
        base: usize,
        table_move: Option<usize>,
        rings: &mut [u8; MAX_MOVES],
        order: &mut [u8; MAX_MOVES],
    ) -> Result<usize, Stop> {
        let side = pos.to_move();
        let must_feed = self.engine.must_feed(pos);
        let mover_store = pos.stores()[side.index()];
        let mut keys = [0u32; MAX_MOVES];
        let mut n = 0;
        for pit in pos.pits_of(side) {
            if pos.seeds(pit) == 0 {
                continue;
            }
            let mut next = *pos;
            match self.engine.sow_in_place(&mut next, pit, must_feed) {
                Ok(_) => {
                    let gain = u32::from(next.stores()[side.index()] - mover_store);
                    self.arena[base + n] = next;
                    rings[n] = pit.ring() as u8;
                    keys[n] = if table_move == Some(pit.ring()) {
                        u32::MAX
                    } else {
                        gain
                    };
                    n += 1;
                }
                Err(Illegal::Undecided { laps }) => {
                    return Err(Stop::Undecided(Box::new(SearchError::Undecided {
                        position: *pos,
                        pit,
                        laps,
                    })));
                }
                Err(_) => {}
            }
        }
        // Insertion sort of the move indices, stable so that equal keys stay
        // in pit order.
        for i in 0..n {
            let mut j = i;
            while j > 0 && keys[usize::from(order[j - 1])] < keys[i] {
                order[j] = order[j - 1];
                j -= 1;
            }
            order[j] = i as u8;
        }
        Ok(n)
    }
}

/// A transposition-table hit's value and flags, when it answers a search
/// `depth` plies deep with the window `alpha`..`beta`.
#[inline(always)]
fn usable(hit: &Hit, depth: u32, alpha: Value, beta: Value) -> Option<(Value, u8)> {
    // A value searched to this depth is this depth's value; one that rests
    // on no horizon holds for any depth at least as deep.
    if hit.depth == depth || (!hit.horizon && depth >= hit.depth) {
        let flags = if hit.horizon { HORIZON } else { 0 };
        let usable = match hit.bound {
            Bound::Exact => true,
            Bound::Lower => hit.value >= beta,
            Bound::Upper => hit.value <= alpha,
        };
        if usable {
            return Some((hit.value, flags));
        }
    }
    None
}

/// One finished iteration at the root.
struct Root {
    /// Index of the best move among the root's children.
    best: usize,
    value: Value,
    flags: u8,
    /// Each child's value (exact only when every move is scored).
    values: Vec<Value>,
    pv: Vec<Pit>,
}
