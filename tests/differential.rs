//! The differential test: random games made by the engine go through the
//! writer, the parser and the replayer, and every move's outcome must be the
//! engine's own.

use ayo::notation::{GameReader, Move};
use ayo::replay::{self, Game, Ply};
use ayo::rules::{Engine, Pit, Position, Ruleset, SplitMix64};
use ayo_testkit::{Options, random_record};

/// Rulesets that exercise each disputed ruling (capture seed, leftovers, the
/// origin pit, the end of the game) on the russ and endodoi presets. Endodoi
/// 2 × 8 is left out: its endless relays take billions of laps to decide.
const RULESETS: [&str; 6] = [
    "russ",
    "russ capture-seed=stays",
    "russ leftovers=owner",
    "russ skip-origin=beyond-lap end=exhaustion",
    "endodoi",
    "endodoi pits=12 seeds=3",
];

const GAMES: usize = 10_000;

/// Checks a replayed line against the engine, move by move, variations too.
fn check_line(engine: &Engine, start: &Position, moves: &[Move], plies: &[Ply]) -> usize {
    assert_eq!(moves.len(), plies.len());
    let mut pos = *start;
    let mut checked = 0;
    for (m, ply) in moves.iter().zip(plies) {
        for (v, vp) in m.variations().iter().zip(&ply.variations) {
            checked += check_line(engine, &pos, &v.moves, vp);
        }
        let pit = Pit::from_letter(m.pit, pos.pits()).expect("a pit of this board");
        let direct = engine
            .play_traced(&pos, pit)
            .expect("the generator plays legal moves");
        let replayed = ply.outcome.as_ref().expect("replay played the move");
        assert_eq!(replayed, &direct, "ply {}", ply.ply);
        let captured = u32::from(direct.capture.map_or(0, |c| c.seeds()));
        assert!(m.claim.is_none_or(|c| c == captured), "ply {}", ply.ply);
        pos = direct.position;
        checked += 1;
    }
    checked
}

#[test]
fn ten_thousand_random_games_replay_exactly_as_the_engine_plays_them() {
    let opts = Options {
        comment_percent: 3,
        variation_percent: 2,
        ..Options::default()
    };
    let mut rng = SplitMix64::new(2026);
    let mut moves = 0;
    let per_ruleset = GAMES / RULESETS.len() + 1;
    for rules in RULESETS {
        let ruleset: Ruleset = rules.parse().unwrap();
        let engine = Engine::new(ruleset);
        // Write a batch into one text, then read it back game by game, as a file.
        let mut text = String::new();
        let mut records = Vec::new();
        for i in 0..per_ruleset {
            let record = random_record(&engine, &engine.start(), &mut rng, &opts, i).unwrap();
            if i > 0 {
                text.push('\n');
            }
            text.push_str(&record.to_text());
            records.push(record);
        }
        let games: Vec<_> = GameReader::new(text.as_bytes())
            .map(|g| g.unwrap())
            .collect();
        assert_eq!(games.len(), records.len(), "{rules}");
        for (raw, record) in games.iter().zip(&records) {
            let parsed = raw.parse().unwrap();
            assert_eq!(parsed.normalized(), record.normalized());
            let game = Game::replay(parsed, &replay::Options::default());
            assert!(
                game.is_valid(),
                "{rules}: {:?}\n{}",
                game.errors,
                String::from_utf8_lossy(&raw.bytes)
            );
            assert_eq!(game.rules, Some(ruleset));
            moves += check_line(&engine, &engine.start(), &game.record.moves, &game.moves);
        }
    }
    assert!(moves > 100_000, "only {moves} moves checked");
}
