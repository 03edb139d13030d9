//! Prints random game records: `cargo run --release --example corpus -- GAMES [RULES] [SEED]`.
//!
//! Used to make benchmark corpora and to seed fixtures.

use std::io::{BufWriter, Write};

use ayo::rules::{Engine, SplitMix64};
use ayo_testkit::{Options, random_record};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().map_or(Ok(10), |s| s.parse())?;
    let rules = args.get(1).map_or("russ", String::as_str).parse()?;
    let seed: u64 = args.get(2).map_or(Ok(1), |s| s.parse())?;
    let engine = Engine::new(rules);
    let mut rng = SplitMix64::new(seed);
    let opts = Options {
        comment_percent: 5,
        variation_percent: 3,
        ..Options::default()
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    for i in 0..games {
        let record = random_record(&engine, &engine.start(), &mut rng, &opts, i + 1)?;
        if i > 0 {
            out.write_all(b"\n")?;
        }
        out.write_all(record.to_text().as_bytes())?;
    }
    Ok(())
}
