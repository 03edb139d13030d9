//! Engine speed: perft from the start (leaf nodes/s) and random whole games
//! (games/s) under `russ` on the standard board, each next to a minimal
//! hard-coded Russ move generator ([`reference`]), the yardstick the engine is
//! compared with. See BENCHMARKS.md.
//!
//! `cargo bench --bench engine`

use std::hint::black_box;
use std::time::Duration;

use ayo::rules::{Engine, Illegal, Ruleset, SplitMix64};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Perft depth benchmarked: 58,497 leaves under russ.
const PERFT_DEPTH: usize = 7;
/// Depth to which the reference must agree with the engine before anything is
/// timed.
const CHECK_DEPTH: usize = 6;
/// Games per benchmark iteration.
const GAMES: u64 = 1_000;
/// A game stops after this many plies whatever happens (random games end long
/// before).
const MAX_PLIES: usize = 10_000;

/// A minimal hard-coded Russ generator for the standard board: `[u8; 12]` ring
/// (`a..f` then `A..F`), seed-by-seed sowing, origin skip for laps of 12 or
/// more, capture with the capturing seed, compulsory feeding, majority end.
/// Endless relays are caught by a lap cap, which is good enough for a yardstick
/// (random russ play meets relays of about 1,000 laps that end and periods of
/// about 2,000) but not for the engine, which must be exact.
mod reference {
    use ayo::rules::SplitMix64;

    pub const PITS: usize = 6;
    const RING: usize = 12;
    /// A relay still going after this many laps is taken as endless.
    const MAX_LAPS: u32 = 10_000;
    /// More than half of the 48 seeds.
    const MAJORITY: u8 = 25;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Pos {
        pub board: [u8; RING],
        pub stores: [u8; 2],
        /// 0: South to move, 1: North.
        pub side: usize,
    }

    pub fn start() -> Pos {
        Pos {
            board: [4; RING],
            stores: [0, 0],
            side: 0,
        }
    }

    fn row_total(board: &[u8; RING], side: usize) -> u32 {
        board[side * PITS..side * PITS + PITS]
            .iter()
            .map(|&x| u32::from(x))
            .sum()
    }

    pub fn over(p: &Pos) -> bool {
        p.stores[0] >= MAJORITY || p.stores[1] >= MAJORITY
    }

    /// Plays ring pit `pit` (one of the mover's); `None` if illegal.
    pub fn play(p: &Pos, pit: usize) -> Option<Pos> {
        if p.board[pit] == 0 {
            return None;
        }
        let side = p.side;
        let must_feed = row_total(&p.board, 1 - side) == 0;
        let mut b = p.board;
        let mut origin = pit;
        let mut laps = 0;
        let last = loop {
            let seeds = b[origin];
            b[origin] = 0;
            let skip = usize::from(seeds) >= RING;
            let mut at = origin;
            for _ in 0..seeds {
                at = if at == RING - 1 { 0 } else { at + 1 };
                if skip && at == origin {
                    at = if at == RING - 1 { 0 } else { at + 1 };
                }
                b[at] += 1;
            }
            laps += 1;
            if b[at] == 1 {
                break at;
            }
            if laps >= MAX_LAPS {
                return None;
            }
            origin = at;
        };
        let mut stores = p.stores;
        if last / PITS == side {
            let across = RING - 1 - last;
            if b[across] > 0 {
                stores[side] += b[across] + 1;
                b[across] = 0;
                b[last] -= 1;
            }
        }
        if must_feed && row_total(&b, 1 - side) == 0 {
            return None;
        }
        Some(Pos {
            board: b,
            stores,
            side: 1 - side,
        })
    }

    fn walk(p: &Pos, counts: &mut [u64], ply: usize) {
        if over(p) {
            return;
        }
        for i in 0..PITS {
            if let Some(next) = play(p, p.side * PITS + i) {
                counts[ply] += 1;
                if ply + 1 < counts.len() {
                    walk(&next, counts, ply + 1);
                }
            }
        }
    }

    /// Move paths of 1 ..= `depth` plies, as `ayo::rules::perft` counts them.
    pub fn perft(depth: usize) -> Vec<u64> {
        let mut counts = vec![0; depth];
        if depth > 0 {
            walk(&start(), &mut counts, 0);
        }
        counts
    }

    /// A random game, drawing from `rng` exactly as `ayo::rules::Engine::random_game`
    /// does (non-empty pits in order, a random one tried, illegal ones struck
    /// out), so that the same seed plays the same game.
    pub fn random_game(rng: &mut SplitMix64, max_plies: usize) -> Pos {
        let mut p = start();
        for _ in 0..max_plies {
            if over(&p) {
                break;
            }
            let mut candidates = [0usize; PITS];
            let mut n = 0;
            for i in 0..PITS {
                let pit = p.side * PITS + i;
                if p.board[pit] > 0 {
                    candidates[n] = pit;
                    n += 1;
                }
            }
            let mut next = None;
            while n > 0 {
                let i = rng.below(n);
                match play(&p, candidates[i]) {
                    Some(q) => {
                        next = Some(q);
                        break;
                    }
                    None => {
                        n -= 1;
                        candidates[i] = candidates[n];
                    }
                }
            }
            let Some(q) = next else { break };
            p = q;
        }
        p
    }
}

fn russ() -> Engine {
    Engine::new(Ruleset::RUSS)
}

/// The reference is only a yardstick if it plays the same game: same perft
/// counts, and the same random games move for move.
fn check_reference_agrees() {
    let engine = russ();
    let start = engine.start();
    assert_eq!(
        reference::perft(CHECK_DEPTH),
        engine.perft(&start, CHECK_DEPTH).unwrap(),
        "reference perft disagrees with the engine"
    );
    for seed in 0..200 {
        let mut rng = SplitMix64::new(seed);
        let mut ref_rng = rng.clone();
        let end = engine
            .random_game(&start, &mut rng, MAX_PLIES, |_, _| {})
            .unwrap();
        let ref_end = reference::random_game(&mut ref_rng, MAX_PLIES);
        let board: Vec<u16> = ref_end.board.iter().map(|&x| u16::from(x)).collect();
        let stores = ref_end.stores.map(u16::from);
        assert_eq!(
            (end.board(), end.stores(), end.to_move().index()),
            (&board[..], stores, ref_end.side),
            "seed {seed}: reference random game disagrees with the engine"
        );
    }
}

fn bench_perft(c: &mut Criterion) {
    check_reference_agrees();
    let engine = russ();
    let start = engine.start();
    let leaves = reference::perft(PERFT_DEPTH)[PERFT_DEPTH - 1];
    assert_eq!(
        engine.perft(&start, PERFT_DEPTH).unwrap()[PERFT_DEPTH - 1],
        leaves
    );
    let mut g = c.benchmark_group("perft");
    g.throughput(Throughput::Elements(leaves));
    g.bench_function(format!("engine russ depth {PERFT_DEPTH}"), |b| {
        b.iter(|| engine.perft(black_box(&start), PERFT_DEPTH).unwrap())
    });
    g.bench_function(format!("reference russ depth {PERFT_DEPTH}"), |b| {
        b.iter(|| reference::perft(black_box(PERFT_DEPTH)))
    });
    g.finish();
}

fn bench_games(c: &mut Criterion) {
    let engine = russ();
    let start = engine.start();
    let mut g = c.benchmark_group("random games");
    g.throughput(Throughput::Elements(GAMES));
    // Every iteration plays the same GAMES games, so that the two sides and
    // successive runs time the same work.
    g.bench_function(format!("engine russ {GAMES} games"), |b| {
        b.iter(|| {
            let mut rng = SplitMix64::new(black_box(1));
            let mut plies = 0usize;
            for _ in 0..GAMES {
                engine
                    .random_game(&start, &mut rng, MAX_PLIES, |_, _| plies += 1)
                    .unwrap();
            }
            plies
        })
    });
    g.bench_function(format!("reference russ {GAMES} games"), |b| {
        b.iter(|| {
            let mut rng = SplitMix64::new(black_box(1));
            let mut seeds = 0u32;
            for _ in 0..GAMES {
                seeds += u32::from(reference::random_game(&mut rng, MAX_PLIES).stores[0]);
            }
            seeds
        })
    });
    g.finish();
}

/// Plies per game and how often a move tried is endless, for BENCHMARKS.md.
fn report_game_shape() {
    let engine = russ();
    let start = engine.start();
    let mut rng = SplitMix64::new(1);
    let mut plies = 0u64;
    let (mut tried, mut endless) = (0u64, 0u64);
    for _ in 0..GAMES {
        engine
            .random_game(&start, &mut rng, MAX_PLIES, |_, pos| {
                plies += 1;
                for pit in pos.pits_of(pos.to_move()) {
                    if pos.seeds(pit) > 0 {
                        tried += 1;
                        if matches!(engine.play(pos, pit), Err(Illegal::Endless { .. })) {
                            endless += 1;
                        }
                    }
                }
            })
            .unwrap();
    }
    eprintln!(
        "random russ games: {:.1} plies a game; {endless} of {tried} moves tried from \
         the positions reached are endless",
        plies as f64 / GAMES as f64
    );
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(8))
}

fn benches(c: &mut Criterion) {
    report_game_shape();
    bench_perft(c);
    bench_games(c);
}

criterion_group! {
    name = engine;
    config = config();
    targets = benches
}
criterion_main!(engine);
