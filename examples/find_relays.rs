//! Random search for long relays: legal moves whose relay ends after many laps,
//! and endless relays with long periods.
//!
//! Plays random games from the start position of each ruleset and, at every
//! position met, tries every move of the side to move. Finds are printed in the
//! line format of `fixtures/relays/long.txt`:
//!
//! ```text
//! russ | 2,5,2,0,3,2/1,0,1,3,2,0 16-11 S | c | endless period 243
//! ```
//!
//! Usage (every option may be left out):
//!
//! ```text
//! cargo run --release --example find_relays -- \
//!     --rules russ --rules 'russ skip-origin=beyond-lap' \
//!     --games 20000 --seed 1 --min-laps 500 --min-period 200 --finds 5
//! ```
//!
//! `--finds N` stops a ruleset's search once it has N finds of each kind.
//! `--max-period P` leaves out endless relays whose period exceeds P (handy for
//! fixtures that must check quickly).

use std::collections::HashSet;
use std::time::Instant;

use ayo::rules::{Engine, Illegal, Pit, Position, Ruleset, SplitMix64};

struct Options {
    rules: Vec<Ruleset>,
    games: u64,
    seed: u64,
    min_laps: usize,
    min_period: u64,
    max_period: u64,
    finds: usize,
    max_plies: usize,
}

fn usage(msg: &str) -> ! {
    eprintln!("find_relays: {msg}");
    eprintln!(
        "usage: find_relays [--rules R]... [--games N] [--seed S] [--min-laps L] \
         [--min-period P] [--max-period P] [--finds N] [--max-plies N]"
    );
    std::process::exit(2);
}

fn options() -> Options {
    let mut o = Options {
        rules: Vec::new(),
        games: 20_000,
        seed: 1,
        min_laps: 500,
        min_period: 200,
        max_period: u64::MAX,
        finds: 5,
        max_plies: 1_000,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .unwrap_or_else(|| usage(&format!("{flag} needs a value")));
        let num = |v: &str| -> u64 {
            v.parse()
                .unwrap_or_else(|_| usage(&format!("{flag}: not a number: {v}")))
        };
        match flag.as_str() {
            "--rules" => o.rules.push(
                value
                    .parse()
                    .unwrap_or_else(|e| usage(&format!("--rules: {e}"))),
            ),
            "--games" => o.games = num(&value),
            "--seed" => o.seed = num(&value),
            "--min-laps" => o.min_laps = num(&value) as usize,
            "--min-period" => o.min_period = num(&value),
            "--max-period" => o.max_period = num(&value),
            "--finds" => o.finds = num(&value) as usize,
            "--max-plies" => o.max_plies = num(&value) as usize,
            _ => usage(&format!("unknown option {flag}")),
        }
    }
    if o.rules.is_empty() {
        o.rules.push(Ruleset::default());
    }
    o
}

/// A relay worth keeping.
enum Find {
    Ends(usize),
    Endless(u64),
}

/// What the move `pit` from `pos` is, if its relay is long enough to report.
///
/// `short` is the same engine with a lap limit of the smaller threshold: every
/// relay that ends within it, or whose cycle is found within it, is decided
/// there, cheaply. Only moves undecided at that limit (long relays, and endless
/// ones: a period of P laps cannot be found in fewer than P laps) go to the full
/// engine.
fn examine(engine: &Engine, short: &Engine, o: &Options, pos: &Position, pit: Pit) -> Option<Find> {
    match short.play(pos, pit) {
        Err(Illegal::Undecided { .. }) => {}
        _ => return None,
    }
    match engine.play(pos, pit) {
        Ok(_) => {
            let laps = engine
                .play_traced(pos, pit)
                .expect("legal by play, so legal traced")
                .laps
                .len();
            (laps >= o.min_laps).then_some(Find::Ends(laps))
        }
        Err(Illegal::Endless { period }) => {
            (period >= o.min_period && period <= o.max_period).then_some(Find::Endless(period))
        }
        Err(Illegal::Undecided { laps }) => {
            eprintln!(
                "# undecided after {laps} laps: {pos} | {}",
                pit.letter(pos.pits())
            );
            None
        }
        // Long relays that end but fail feeding.
        Err(_) => None,
    }
}

fn search(rules: Ruleset, o: &Options) {
    let engine = Engine::new(rules);
    let threshold = (o.min_laps as u64).min(o.min_period).max(1);
    let short = engine.with_max_laps(threshold);
    let start = engine.start();
    let began = Instant::now();
    let mut seen: HashSet<(Position, Pit)> = HashSet::new();
    let (mut ends, mut endless) = (0usize, 0usize);
    let mut longest_end = 0usize;
    let mut longest_period = 0u64;
    let mut positions = 0u64;
    let mut games = 0u64;
    let mut tried = 0u64;
    eprintln!(
        "# searching {rules}: up to {} games, seed {}",
        o.games, o.seed
    );
    for game in 0..o.games {
        if ends >= o.finds && endless >= o.finds {
            break;
        }
        games += 1;
        let mut rng = SplitMix64::new(o.seed.wrapping_add(game));
        let mut line = vec![start];
        let played = engine.random_game(&start, &mut rng, o.max_plies, |_, p| line.push(*p));
        if let Err(e) = played {
            eprintln!("# game {game}: {e}");
        }
        for (ply, pos) in line.iter().enumerate() {
            if engine.majority(pos).is_some() {
                continue;
            }
            positions += 1;
            for pit in pos.pits_of(pos.to_move()) {
                if pos.seeds(pit) == 0 {
                    continue;
                }
                tried += 1;
                let find = examine(&engine, &short, o, pos, pit);
                // Only finds are remembered: a set of every move tried would
                // grow by gigabytes over a long search.
                if find.is_none() || !seen.insert((*pos, pit)) {
                    continue;
                }
                let verdict = match find {
                    Some(Find::Ends(laps)) if ends < o.finds || laps > longest_end => {
                        ends += 1;
                        longest_end = longest_end.max(laps);
                        format!("ends {laps} laps")
                    }
                    Some(Find::Endless(period)) if endless < o.finds || period > longest_period => {
                        endless += 1;
                        longest_period = longest_period.max(period);
                        format!("endless period {period}")
                    }
                    _ => continue,
                };
                println!("# seed {} game {game} ply {ply}", o.seed);
                println!("{rules} | {pos} | {} | {verdict}", pit.letter(pos.pits()));
            }
        }
    }
    eprintln!(
        "# {rules}: {games} games, {positions} positions, {} moves tried in {:.1?}; \
         {ends} long ends (longest {longest_end} laps), \
         {endless} long endless (longest period {longest_period})",
        tried,
        began.elapsed()
    );
}

fn main() {
    let o = options();
    for &rules in &o.rules {
        search(rules, &o);
    }
}
