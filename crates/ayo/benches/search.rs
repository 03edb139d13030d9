//! Search speed: nodes per second from the start and from mid-game
//! positions, depth 12 from the start, `analyze --depth 8` per move on the
//! bundled fixtures, and `generate` with random players against
//! `random_game`. See BENCHMARKS.md, "Judging play".
//!
//! `cargo bench --bench search`

use std::hint::black_box;
use std::time::Duration;

use ayo::generate::{Match, Player};
use ayo::notation::Record;
use ayo::replay::{Game, Options};
use ayo::rules::{Engine, Position, Ruleset, SplitMix64, Status};
use ayo::search::{Limits, Search};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Mid-game positions: 20 plies into random games that are still going.
fn mid_game(engine: &Engine, count: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(12);
    let mut out = Vec::new();
    while out.len() < count {
        let pos = engine
            .random_game(&engine.start(), &mut rng, 20, |_, _| {})
            .unwrap();
        if matches!(engine.status(&pos), Ok(Status::Ongoing)) {
            out.push(pos);
        }
    }
    out
}

fn nodes_per_second(c: &mut Criterion) {
    let engine = Engine::new(Ruleset::RUSS);
    let mut search = Search::new(engine);
    let mut group = c.benchmark_group("search");
    group
        .measurement_time(Duration::from_secs(10))
        .sample_size(10);

    let start = engine.start();
    let nodes = search.run(&start, &Limits::depth(12)).unwrap().nodes;
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("start depth 12", |b| {
        b.iter(|| black_box(search.run(&start, &Limits::depth(12)).unwrap()))
    });

    let positions = mid_game(&engine, 10);
    let nodes: u64 = positions
        .iter()
        .map(|p| search.run(p, &Limits::depth(10)).unwrap().nodes)
        .sum();
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("10 mid-game positions depth 10", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(search.run(p, &Limits::depth(10)).unwrap());
            }
        })
    });
    group.finish();
}

/// `ayo analyze --depth 8`'s work on the bundled fixtures: every main-line
/// position, every move scored.
fn analyze_depth_8(c: &mut Criterion) {
    let mut games = Vec::new();
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures")).unwrap()
    {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ayo") {
            let text = std::fs::read_to_string(&path).unwrap();
            let Ok(record) = Record::parse(text.trim_start_matches('\u{feff}')) else {
                continue;
            };
            let game = Game::replay(record, &Options::default());
            if let (Some(rules), Some(start)) = (game.rules, game.start) {
                let mut line = vec![start];
                line.extend(
                    game.moves
                        .iter()
                        .map_while(|m| m.outcome.as_ref().map(|o| o.position)),
                );
                games.push((rules, line));
            }
        }
    }
    let moves: usize = games.iter().map(|(_, l)| l.len() - 1).sum();
    let mut group = c.benchmark_group("analyze");
    group
        .measurement_time(Duration::from_secs(10))
        .sample_size(10);
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("fixtures depth 8 (per move)", |b| {
        b.iter(|| {
            for (rules, line) in &games {
                let mut search = Search::with_table_bits(Engine::new(*rules), 18).every_move(true);
                for i in 0..line.len() - 1 {
                    black_box(
                        search
                            .run_line(&line[..i], &line[i], &Limits::depth(8))
                            .unwrap(),
                    );
                }
            }
        })
    });
    group.finish();
}

/// Random games through `Match::play` (records, tags) against bare
/// `random_game`.
fn generate_random(c: &mut Criterion) {
    const GAMES: u64 = 1_000;
    let engine = Engine::new(Ruleset::RUSS);
    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(GAMES));
    let m = Match {
        players: [Player::Random, Player::Random],
        opening: 0,
        max_plies: Match::MAX_PLIES,
        setup: false,
    };
    let mut search = Search::with_table_bits(engine, 4);
    group.bench_function("play_game random v random", |b| {
        b.iter(|| {
            for round in 1..=GAMES as usize {
                let mut rng = SplitMix64::new(Match::seed(1, round));
                black_box(
                    m.play(&mut search, &engine.start(), &mut rng, round)
                        .unwrap(),
                );
            }
        })
    });
    group.bench_function("random_game", |b| {
        b.iter(|| {
            for round in 1..=GAMES as usize {
                let mut rng = SplitMix64::new(Match::seed(1, round));
                black_box(
                    engine
                        .random_game(&engine.start(), &mut rng, Match::MAX_PLIES, |_, _| {})
                        .unwrap(),
                );
            }
        })
    });
    group.finish();
}

criterion_group!(benches, nodes_per_second, analyze_depth_8, generate_random);
criterion_main!(benches);
