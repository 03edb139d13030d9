//! Long relays from `fixtures/relays/long.txt` (found by
//! `examples/find_relays.rs`), checked against the engine, and against a naive
//! seed-by-seed sower with Floyd's cycle detection so that the fixtures do not
//! merely repeat the engine's own answers.

use std::collections::BTreeMap;

use ayo::rules::{Engine, Illegal, Pit, Position, Ruleset, SkipOrigin};

const FIXTURES: &str = include_str!("../fixtures/relays/long.txt");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Ends(usize),
    Endless(u64),
}

#[derive(Debug)]
struct Relay {
    line: usize,
    text: String,
    rules: Ruleset,
    pos: Position,
    pit: Pit,
    verdict: Verdict,
}

fn parse_verdict(s: &str) -> Option<Verdict> {
    let words: Vec<&str> = s.split_whitespace().collect();
    match words[..] {
        ["ends", n, "laps"] => n.parse().ok().map(Verdict::Ends),
        ["endless", "period", p] => p.parse().ok().map(Verdict::Endless),
        _ => None,
    }
}

fn relays() -> Vec<Relay> {
    let mut out = Vec::new();
    for (i, text) in FIXTURES.lines().enumerate() {
        let line = i + 1;
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = text.split('|').map(str::trim).collect();
        let [rules, setup, pit, verdict] = fields[..] else {
            panic!("line {line}: expected 4 fields separated by `|`: {text}");
        };
        let rules: Ruleset = rules
            .parse()
            .unwrap_or_else(|e| panic!("line {line}: ruleset: {e}"));
        let pos = Position::from_setup(setup, &rules)
            .unwrap_or_else(|e| panic!("line {line}: set-up: {e}"));
        let mut letters = pit.chars();
        let pit = match (letters.next(), letters.next()) {
            (Some(c), None) => Pit::from_letter(c, pos.pits()),
            _ => None,
        }
        .unwrap_or_else(|| panic!("line {line}: not a pit letter: {pit}"));
        let verdict =
            parse_verdict(verdict).unwrap_or_else(|| panic!("line {line}: verdict: {verdict}"));
        out.push(Relay {
            line,
            text: text.to_string(),
            rules,
            pos,
            pit,
            verdict,
        });
    }
    out
}

#[test]
fn fixtures_cover_russ_and_other_rulesets() {
    let mut kinds: BTreeMap<String, [usize; 2]> = BTreeMap::new();
    for r in relays() {
        let k = kinds.entry(r.rules.to_string()).or_default();
        match r.verdict {
            Verdict::Ends(laps) => {
                assert!(laps >= 500, "line {}: not long: {}", r.line, r.text);
                k[0] += 1;
            }
            Verdict::Endless(period) => {
                assert!(period >= 200, "line {}: not long: {}", r.line, r.text);
                k[1] += 1;
            }
        }
    }
    let [ends, endless] = kinds["russ"];
    assert!(
        ends >= 3 && endless >= 3,
        "russ: {ends} ends, {endless} endless"
    );
    assert!(kinds.len() >= 4, "rulesets: {kinds:?}");
}

#[test]
fn engine_agrees_with_fixtures() {
    for r in relays() {
        let engine = Engine::new(r.rules);
        let ctx = format!("line {}: {}", r.line, r.text);
        assert_eq!(
            r.pos.pits_of(r.pos.to_move()).find(|&p| p == r.pit),
            Some(r.pit),
            "{ctx}: not a pit of the side to move"
        );
        match r.verdict {
            Verdict::Ends(laps) => {
                let outcome = engine
                    .play_traced(&r.pos, r.pit)
                    .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                assert_eq!(outcome.laps.len(), laps, "{ctx}");
                assert_eq!(outcome.laps[0].from, r.pit, "{ctx}");
                assert_eq!(Ok(outcome.position), engine.play(&r.pos, r.pit), "{ctx}");
                // One lap short of the end, the move is undecided, not illegal.
                assert_eq!(
                    engine.with_max_laps(laps as u64 - 1).play(&r.pos, r.pit),
                    Err(Illegal::Undecided {
                        laps: laps as u64 - 1
                    }),
                    "{ctx}"
                );
            }
            Verdict::Endless(period) => {
                assert_eq!(
                    engine.play(&r.pos, r.pit),
                    Err(Illegal::Endless { period }),
                    "{ctx}"
                );
                assert!(engine.play_traced(&r.pos, r.pit).is_err(), "{ctx}");
                // A cycle of `period` laps cannot be seen in fewer laps.
                assert_eq!(
                    engine.with_max_laps(period).play(&r.pos, r.pit),
                    Err(Illegal::Undecided { laps: period }),
                    "{ctx}"
                );
            }
        }
    }
}

/// A relay state: the ring, and the pit about to be lifted.
#[derive(Clone, Copy, PartialEq, Eq)]
struct State {
    board: [u32; 52],
    pit: usize,
}

/// Sows one lap seed by seed, the way RULES.md ("Playing a move") says it; `None`
/// when the last seed falls in a pit that was empty (the relay ends).
fn lap(s: &State, ring: usize, rule: SkipOrigin) -> Option<State> {
    let mut next = *s;
    let origin = s.pit;
    let seeds = next.board[origin];
    next.board[origin] = 0;
    let skip = match rule {
        SkipOrigin::Lap => seeds as usize >= ring,
        SkipOrigin::BeyondLap => seeds as usize > ring,
        SkipOrigin::Never => false,
    };
    let mut at = origin;
    for _ in 0..seeds {
        at = (at + 1) % ring;
        if skip && at == origin {
            at = (at + 1) % ring;
        }
        next.board[at] += 1;
    }
    next.pit = at;
    (next.board[at] > 1).then_some(next)
}

/// The naive check is skipped above this many laps of work (Floyd's needs about
/// three times the preperiod plus the period).
const NAIVE_BUDGET: u64 = 20_000_000;

#[test]
fn naive_sower_agrees_with_fixtures() {
    let mut checked = 0;
    for r in relays() {
        let ctx = format!("line {}: {}", r.line, r.text);
        let ring = 2 * usize::from(r.pos.pits());
        let rule = r.rules.skip_origin();
        let mut board = [0u32; 52];
        for (b, &x) in board.iter_mut().zip(r.pos.board()) {
            *b = u32::from(x);
        }
        let start = State {
            board,
            pit: r.pit.ring(),
        };
        let step = |s: &State| lap(s, ring, rule);
        match r.verdict {
            Verdict::Ends(laps) => {
                let mut s = start;
                for n in 1..laps {
                    s = step(&s).unwrap_or_else(|| panic!("{ctx}: ends after {n} laps"));
                }
                assert!(step(&s).is_none(), "{ctx}: goes on after {laps} laps");
            }
            Verdict::Endless(period) => {
                if 3 * period > NAIVE_BUDGET {
                    continue;
                }
                let endless = |s: Option<State>| s.unwrap_or_else(|| panic!("{ctx}: ends"));
                // Floyd: the hare runs twice as fast until they meet in the cycle.
                let mut work = 0u64;
                let mut tortoise = endless(step(&start));
                let mut hare = endless(step(&endless(step(&start))));
                while tortoise != hare {
                    tortoise = endless(step(&tortoise));
                    hare = endless(step(&endless(step(&hare))));
                    work += 3;
                    assert!(work < 3 * NAIVE_BUDGET, "{ctx}: no cycle within the budget");
                }
                // The least period: laps from the meeting point back to itself.
                let mut lambda = 1;
                let mut s = endless(step(&tortoise));
                while s != tortoise {
                    s = endless(step(&s));
                    lambda += 1;
                }
                assert_eq!(lambda, period, "{ctx}");
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} fixtures checked naively");
}
