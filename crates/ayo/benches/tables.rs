//! Endgame tables: probing speed from memory-mapped files, and build speed of
//! one level. See BENCHMARKS.md.
//!
//! `cargo bench --bench tables`. With `AYO_BENCH_TABLES=DIR` the probes read
//! the tables already built in DIR (to its highest russ level) instead of
//! building levels 1-12 in a temporary directory first.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use ayo::rules::{Position, Ruleset, Side, SplitMix64};
use ayo::tables::Builder;
use ayo::tables::Tables;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Positions probed per iteration.
const BATCH: usize = 4096;

/// `count` random positions of `seeds` seeds on the standard board.
fn positions(seeds: u16, count: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(14);
    (0..count)
        .map(|_| {
            let mut board = [0u16; 12];
            for _ in 0..seeds {
                board[(rng.next_u64() % 12) as usize] += 1;
            }
            let side = if rng.next_u64().is_multiple_of(2) {
                Side::South
            } else {
                Side::North
            };
            Position::from_rows(&board[..6], &board[6..], [0, 0], side).unwrap()
        })
        .collect()
}

fn probe(c: &mut Criterion) {
    let rules: Ruleset = "russ".parse().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let dir = match std::env::var_os("AYO_BENCH_TABLES") {
        Some(d) => PathBuf::from(d),
        None => {
            Builder::new(&rules)
                .build_dir(tmp.path(), 12, &|_| {})
                .unwrap();
            tmp.path().to_path_buf()
        }
    };
    let tables = Tables::open(&dir, &rules).unwrap();
    let top = *tables.levels().last().unwrap();
    let batch = positions(u16::from(top), BATCH);
    let mut g = c.benchmark_group("tables");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.measurement_time(Duration::from_secs(5));
    g.bench_function(format!("probe level {top}"), |b| {
        b.iter(|| {
            let mut sum = 0i64;
            for p in &batch {
                sum += i64::from(tables.net_gain(black_box(p)).unwrap());
            }
            sum
        })
    });
    g.finish();
}

fn build(c: &mut Criterion) {
    let rules: Ruleset = "russ".parse().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let builder = Builder::new(&rules);
    builder.build_dir(tmp.path(), 10, &|_| {}).unwrap();
    let tables = Tables::open(tmp.path(), &rules).unwrap();
    let lower: Vec<&[u8]> = std::iter::once(&[0u8][..])
        .chain(tables.files().map(|f| f.body.values()))
        .collect();
    let mut g = c.benchmark_group("tables");
    g.sample_size(10);
    g.throughput(Throughput::Elements(705_432));
    g.bench_function("build level 11", |b| {
        b.iter(|| builder.build_level(11, &lower, &|_| {}).unwrap())
    });
    g.finish();
}

criterion_group!(benches, probe, build);
criterion_main!(benches);
