//! Throughput of reading records: parse alone, validate (parse and
//! `Game::check`, as `ayo validate` does), and json (parse, replay and
//! stream the JSON, as `ayo json` does), on a generated corpus of over 10 MB.
//!
//! `cargo bench --bench records`

use std::hint::black_box;
use std::time::Duration;

use ayo::notation::GameReader;
use ayo::output::json::JsonWriter;
use ayo::replay::{self, Game};
use ayo::rules::{Engine, Ruleset, SplitMix64};
use ayo_testkit::{Options, random_record};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Random russ games with the odd comment and variation, written canonically,
/// until the text passes 10 MB.
fn corpus() -> Vec<u8> {
    let engine = Engine::new(Ruleset::RUSS);
    let mut rng = SplitMix64::new(42);
    let opts = Options {
        comment_percent: 5,
        variation_percent: 3,
        ..Options::default()
    };
    let mut text = String::new();
    let mut i = 0;
    while text.len() < 10_500_000 {
        let record = random_record(&engine, &engine.start(), &mut rng, &opts, i).unwrap();
        if i > 0 {
            text.push('\n');
        }
        text.push_str(&record.to_text());
        i += 1;
    }
    text.into_bytes()
}

fn records(c: &mut Criterion) {
    let corpus = corpus();
    let opts = replay::Options::default();
    let check_only = replay::Options {
        trace: false,
        ..opts
    };
    let mut group = c.benchmark_group("records");
    group.throughput(Throughput::Bytes(corpus.len() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("parse", |b| {
        b.iter(|| {
            let mut moves = 0;
            for g in GameReader::new(&corpus[..]) {
                moves += g.unwrap().parse().unwrap().moves.len();
            }
            black_box(moves)
        })
    });
    group.bench_function("validate", |b| {
        b.iter(|| {
            let mut valid = 0;
            for g in GameReader::new(&corpus[..]) {
                let errors = replay::Game::check(&g.unwrap().parse().unwrap(), &check_only);
                valid += usize::from(errors.is_empty());
            }
            black_box(valid)
        })
    });
    group.bench_function("json", |b| {
        let mut out = Vec::with_capacity(corpus.len() * 20);
        b.iter(|| {
            out.clear();
            for g in GameReader::new(&corpus[..]) {
                let g = g.unwrap();
                let game = Game::replay(g.parse().unwrap(), &opts);
                JsonWriter::default()
                    .write_game(&mut out, &game, Some("corpus.ayo"), Some(g.index))
                    .unwrap();
                out.push(b'\n');
            }
            black_box(out.len())
        })
    });
    group.finish();
}

criterion_group!(benches, records);
criterion_main!(benches);
