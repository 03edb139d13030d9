//! The search against a plain minimax (no table, no ordering, no pruning) on
//! random positions under every ruling, and solved positions where the best
//! move is unique.

use ayo::rules::{Engine, Pit, Position, Ruleset, Side, SplitMix64, Status};
use ayo::search::{Limit, Limits, Probe, Search, SearchError};

/// Every ruling key, each away from the default once, and Endodoi boards.
const RULESETS: &[&str] = &[
    "russ",
    "russ capture-seed=stays",
    "russ leftovers=owner",
    "russ end=exhaustion",
    "russ skip-origin=beyond-lap",
    "russ skip-origin=never",
    "russ feeding=none",
    "russ pits=4 seeds=3",
    "endodoi",
    "endodoi pits=8 seeds=3",
    "russ skip-origin=beyond-lap capture-seed=stays end=exhaustion",
];

fn diff(score: [u32; 2], side: Side) -> i32 {
    let d = score[0] as i32 - score[1] as i32;
    if side == Side::South { d } else { -d }
}

/// RULES.md's value, by the book: majority stop, repetition on the line, no
/// legal move, horizon; then the best of every legal move.
fn minimax(engine: &Engine, pos: &Position, depth: u32, line: &mut Vec<Position>) -> i32 {
    let stores = pos.stores().map(u32::from);
    let side = pos.to_move();
    if engine.majority(pos).is_some() || line.contains(pos) {
        return diff(stores, side);
    }
    if pos.row_total(side) == 0 {
        return diff(pos.final_score(engine.rules().leftovers(), side), side);
    }
    if depth == 0 {
        return diff(stores, side);
    }
    let moves: Vec<Position> = engine.legal_moves(pos).map(|(_, p)| p).collect();
    if moves.is_empty() {
        return diff(pos.final_score(engine.rules().leftovers(), side), side);
    }
    line.push(*pos);
    let best = moves
        .iter()
        .map(|child| -minimax(engine, child, depth - 1, line))
        .max()
        .unwrap_or(i32::MIN);
    line.pop();
    best
}

/// Positions from random games: `count` of them, 0 to 40 plies in.
fn random_positions(engine: &Engine, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let plies = rng.below(40);
        let end = engine
            .random_game(&engine.start(), &mut rng, plies, |_, _| {})
            .unwrap();
        if matches!(engine.status(&end), Ok(Status::Ongoing)) {
            out.push(end);
        }
    }
    out
}

#[test]
fn same_root_value_as_plain_minimax() {
    for (r, rules) in RULESETS.iter().enumerate() {
        let engine = Engine::new(rules.parse::<Ruleset>().unwrap());
        let mut search = Search::with_table_bits(engine, 16).every_move(r % 2 == 0);
        for (i, pos) in random_positions(&engine, 300, r as u64).iter().enumerate() {
            let depth = 1 + (i % 4) as u32;
            let expected = minimax(&engine, pos, depth, &mut Vec::new());
            let answer = search.run(pos, &Limits::depth(depth)).unwrap();
            assert_eq!(answer.score, expected, "{rules}: {pos} at depth {depth}");
            // The best move is worth the score.
            let best = answer.best.unwrap();
            let after = engine.play(pos, best).unwrap();
            let played = -minimax(&engine, &after, depth - 1, &mut vec![*pos]);
            if answer.limit == Limit::Depth {
                assert_eq!(answer.depth, depth);
                assert_eq!(played, expected, "{rules}: {pos}: {best:?}");
            }
            // Every move's score, when asked for, is its minimax value.
            for &(pit, v) in &answer.moves {
                let after = engine.play(pos, pit).unwrap();
                let m = -minimax(&engine, &after, answer.depth - 1, &mut vec![*pos]);
                assert_eq!(v, m, "{rules}: {pos}: move {pit:?}");
            }
        }
    }
}

/// Deeper: iterative deepening and the table meet more transpositions.
#[test]
fn same_root_value_at_depth_6() {
    for (r, rules) in ["russ", "endodoi", "russ end=exhaustion leftovers=owner"]
        .iter()
        .enumerate()
    {
        let engine = Engine::new(rules.parse::<Ruleset>().unwrap());
        let mut search = Search::with_table_bits(engine, 16);
        for pos in random_positions(&engine, 20, 100 + r as u64) {
            let expected = minimax(&engine, &pos, 6, &mut Vec::new());
            let answer = search.run(&pos, &Limits::depth(6)).unwrap();
            assert_eq!(answer.score, expected, "{rules}: {pos}");
        }
    }
}

/// The first pit in pit order among equal moves, and the same answer twice.
#[test]
fn deterministic_with_ties_to_pit_order() {
    let engine = Engine::new(Ruleset::RUSS);
    let mut search = Search::new(engine).every_move(true);
    for pos in random_positions(&engine, 50, 7) {
        let a = search.run(&pos, &Limits::depth(5)).unwrap();
        let b = search.run(&pos, &Limits::depth(5)).unwrap();
        assert_eq!((a.best, a.score, &a.pv), (b.best, b.score, &b.pv));
        let first = a.moves.iter().find(|(_, v)| *v == a.score).map(|m| m.0);
        assert_eq!(a.best, first, "{pos}");
        // Without every move scored, the root's windows still find the first.
        let mut plain = Search::new(engine);
        let c = plain.run(&pos, &Limits::depth(5)).unwrap();
        assert_eq!((c.best, c.score), (a.best, a.score), "{pos}");
        assert_eq!(c.pv.first(), c.best.as_ref());
    }
}

fn letter(c: char) -> Pit {
    Pit::from_letter(c, 6).unwrap()
}

/// A solved position: the engine must be exact, find `best`, and give every
/// move the value exhaustive minimax gives it (which the test checks is
/// unique at the top).
fn solved(rules: &str, setup: &str, best: char, value: i32) {
    let rules: Ruleset = rules.parse().unwrap();
    let engine = Engine::new(rules);
    let pos = Position::from_setup(setup, &rules).unwrap();
    let answer = Search::new(engine)
        .every_move(true)
        .run(&pos, &Limits::depth(30))
        .unwrap();
    assert!(answer.exact, "{setup}: not exact at depth {}", answer.depth);
    assert_eq!(answer.limit, Limit::Solved);
    assert_eq!(
        answer.best,
        Some(letter(best)),
        "{setup}: {:?}",
        answer.moves
    );
    assert_eq!(answer.score, value, "{setup}");
    let top = answer.moves.iter().filter(|m| m.1 == value).count();
    assert_eq!(
        top, 1,
        "{setup}: the best move is not unique: {:?}",
        answer.moves
    );
    // Exhaustive search, as deep as the answer needed, agrees on each move.
    for &(pit, v) in &answer.moves {
        let after = engine.play(&pos, pit).unwrap();
        let m = -minimax(&engine, &after, answer.depth - 1, &mut vec![pos]);
        assert_eq!(v, m, "{setup}: move {}", pit.letter(6));
    }
}

#[test]
fn solved_positions_russ() {
    // b sows into c, whose 2 relay to d and e: e is empty and opposite B's
    // seed, a capture that ends the game 25-21.
    solved("russ", "1,1,1,0,0,0/0,1,0,0,0,0 23-21 S", 'b', 4);
    solved("russ", "0,0,0,0,0,0/0,1,0,1,2,1 20-23 N", 'E', 5);
}

#[test]
fn solved_positions_capture_seed_stays() {
    solved(
        "russ capture-seed=stays",
        "0,0,0,1,0,0/0,1,0,1,1,0 20-24 N",
        'B',
        5,
    );
}

#[test]
fn solved_positions_leftovers_owner() {
    // The same position as under russ, but D is worth -2 instead of +4.
    solved(
        "russ leftovers=owner",
        "0,0,0,0,0,0/0,1,0,1,2,1 20-23 N",
        'E',
        5,
    );
    solved(
        "russ leftovers=owner",
        "1,1,1,0,0,0/0,1,0,0,0,0 23-21 S",
        'b',
        4,
    );
}

#[test]
fn solved_positions_endodoi() {
    solved("endodoi", "0,0,0,0,1,0/1,0,2,0,1,0 20-23 N", 'A', 5);
    solved("endodoi", "0,0,2,0,0,0/1,1,0,0,1,1 19-23 N", 'A', 7);
}

/// An endless relay is not a move (RULES.md's example: c never ends).
#[test]
fn endless_relays_are_not_moves() {
    let engine = Engine::new(Ruleset::RUSS);
    let pos = Position::from_setup("2,5,2,0,3,2/1,0,1,3,2,0 16-11 S", &Ruleset::RUSS).unwrap();
    let answer = Search::new(engine)
        .every_move(true)
        .run(&pos, &Limits::depth(3))
        .unwrap();
    let moves: String = answer.moves.iter().map(|m| m.0.letter(6)).collect();
    assert_eq!(moves, "abef");
}

/// A relay undecided at the lap limit stops the search, naming the position.
#[test]
fn undecided_relay_is_an_error() {
    let engine = Engine::new(Ruleset::RUSS).with_max_laps(3);
    let pos = engine.start();
    let err = Search::new(engine)
        .run(&pos, &Limits::depth(4))
        .unwrap_err();
    let SearchError::Undecided {
        position,
        pit,
        laps,
    } = err;
    assert_eq!((position, pit.letter(6), laps), (pos, 'a', 3));
    insta::assert_snapshot!(err.to_string(), @"the relay of a from `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S` is undecided at the lap limit (3)");
}

/// A finished game has no best move; its value is its result.
#[test]
fn game_over() {
    let engine = Engine::new(Ruleset::RUSS);
    let pos = Position::from_setup("0,0,0,0,0,0/1,0,0,0,0,2 20-25 S", &Ruleset::RUSS).unwrap();
    let answer = Search::new(engine).run(&pos, &Limits::depth(4)).unwrap();
    assert_eq!((answer.best, answer.score, answer.exact), (None, -5, true));
    assert!(answer.end.is_some());
}

/// Limits: the answer says which one stopped it, and a node limit is
/// deterministic.
#[test]
fn limits_are_reported() {
    let engine = Engine::new(Ruleset::RUSS);
    let start = engine.start();
    let mut search = Search::new(engine);
    let a = search.run(&start, &Limits::depth(4)).unwrap();
    assert_eq!((a.limit, a.depth), (Limit::Depth, 4));
    let b = search.run(&start, &Limits::nodes(5_000)).unwrap();
    assert_eq!(b.limit, Limit::Nodes);
    let c = search.run(&start, &Limits::nodes(5_000)).unwrap();
    assert_eq!(
        (b.best, b.score, b.depth, &b.pv),
        (c.best, c.score, c.depth, &c.pv)
    );
    let t = search
        .run(&start, &Limits::time(std::time::Duration::from_millis(20)))
        .unwrap();
    assert_eq!(t.limit, Limit::Time);
}

/// A probe that knows every position with at most `seeds` seeds on the
/// board, by exhaustive minimax: the search must agree with it.
struct Exhaustive {
    engine: Engine,
    seeds: u32,
}

impl Probe for Exhaustive {
    fn probe(&self, position: &Position) -> Option<i32> {
        let on_board = position.row_total(Side::South) + position.row_total(Side::North);
        (on_board <= self.seeds).then(|| minimax(&self.engine, position, 40, &mut Vec::new()))
    }
}

#[test]
fn probe_answers_at_the_root_and_below() {
    let engine = Engine::new(Ruleset::RUSS);
    let probe = Exhaustive { engine, seeds: 6 };
    let pos = Position::from_setup("0,0,0,2,1,0/1,0,0,0,0,2 20-22 S", &Ruleset::RUSS).unwrap();
    let plain = Search::new(engine).run(&pos, &Limits::depth(30)).unwrap();
    let probed = Search::new(engine)
        .with_probe(&probe)
        .run(&pos, &Limits::depth(30))
        .unwrap();
    assert!(plain.exact && probed.exact);
    assert_eq!((probed.best, probed.score), (plain.best, plain.score));
    assert!(probed.nodes < plain.nodes);
}
