//! A match between two players of `ayo generate`, colours alternated, with
//! the wins, draws and losses of the first: the figures of BENCHMARKS.md's
//! match table.
//!
//! `cargo run --release --example match -- engine:6 engine:2 200 [OPENING] [SEED]`
//!
//! Each game starts with OPENING random plies (default 4) so that engine
//! games differ; game k uses the seed stream `game_seed(SEED, k)`, as
//! `ayo generate` does.

use ayo::generate::{Match, Player};
use ayo::notation::Outcome;
use ayo::rules::{Engine, Ruleset, SplitMix64};
use ayo::search::Search;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [a, b, games, rest @ ..] = &args[..] else {
        return Err("usage: match PLAYER PLAYER GAMES [OPENING] [SEED]".into());
    };
    let first: Player = a.parse()?;
    let second: Player = b.parse()?;
    let games: usize = games.parse()?;
    let opening: usize = rest.first().map_or(Ok(4), |s| s.parse())?;
    let seed: u64 = rest.get(1).map_or(Ok(1), |s| s.parse())?;
    let engine = Engine::new(Ruleset::RUSS);
    let mut search = Search::new(engine);
    let (mut wins, mut draws, mut losses, mut unfinished) = (0, 0, 0, 0);
    let started = std::time::Instant::now();
    for round in 1..=games {
        // The first player is South in odd games, North in even ones.
        let south = round % 2 == 1;
        let players = if south {
            [first, second]
        } else {
            [second, first]
        };
        let m = Match {
            players,
            opening,
            max_plies: Match::MAX_PLIES,
            setup: false,
        };
        let mut rng = SplitMix64::new(Match::seed(seed, round));
        let record = m.play(&mut search, &engine.start(), &mut rng, round)?;
        match (record.result.outcome, south) {
            (Outcome::SouthWins, true) | (Outcome::NorthWins, false) => wins += 1,
            (Outcome::SouthWins, false) | (Outcome::NorthWins, true) => losses += 1,
            (Outcome::Draw, _) => draws += 1,
            (Outcome::Unknown, _) => unfinished += 1,
        }
    }
    println!(
        "{first} v {second}: {games} games, {wins} wins, {draws} draws, {losses} losses, {unfinished} unfinished ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
