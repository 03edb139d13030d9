//! Endgame tables, checked a second, independent way.
//!
//! The builder ranks boards, folds the side to move, works level by level and
//! iterates lower bounds forward to the least fixed point. The checks here use
//! none of that: they enumerate positions (both sides to move) into hash maps
//! through the engine's public API only, and solve each level by the textbook
//! backward attractor (predecessor lists and counters), once per threshold;
//! on a tiny board, a plain recursive search that scores a repeated position
//! as an even split checks the line-never-ends convention itself.

use std::collections::HashMap;
use std::path::Path;

use ayo::rules::{End, Engine, Illegal, Position, Ruleset, Side};
use ayo::tables::Builder;
use ayo::tables::Tables;

use crate::common;

/// A position with empty stores: the board and the side to move.
type Key = (Vec<u16>, Side);

fn position(key: &Key, pits: usize) -> Position {
    Position::from_rows(&key.0[..pits], &key.0[pits..], [0, 0], key.1).unwrap()
}

/// Every board with `n` seeds over `ring` pits.
fn boards(ring: usize, n: u16) -> Vec<Vec<u16>> {
    fn go(prefix: &mut Vec<u16>, ring: usize, left: u16, out: &mut Vec<Vec<u16>>) {
        if prefix.len() == ring - 1 {
            prefix.push(left);
            out.push(prefix.clone());
            prefix.pop();
            return;
        }
        for x in 0..=left {
            prefix.push(x);
            go(prefix, ring, left - x, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    go(&mut Vec::new(), ring, n, &mut out);
    out
}

/// A move as the independent solver sees it.
enum Edge {
    /// Its value for the mover is known.
    Exit(i32),
    /// No capture: to this position of the same level.
    Internal(usize),
}

/// Every position's net gain, levels 0 to `max`, by the backward attractor
/// of each threshold, from the engine's moves.
fn solve(rules: &Ruleset, max: u16) -> HashMap<Key, i32> {
    let rules = rules.with_end(End::Exhaustion);
    let engine = Engine::new(rules);
    let pits = usize::from(rules.pits());
    let mut values: HashMap<Key, i32> = HashMap::new();
    for n in 0..=max {
        let keys: Vec<Key> = boards(2 * pits, n)
            .into_iter()
            .flat_map(|b| [(b.clone(), Side::South), (b, Side::North)])
            .collect();
        let index: HashMap<&Key, usize> = keys.iter().enumerate().map(|(i, k)| (k, i)).collect();
        let mut edges: Vec<Vec<Edge>> = Vec::with_capacity(keys.len());
        let mut terminal: Vec<Option<i32>> = Vec::with_capacity(keys.len());
        for key in &keys {
            let pos = position(key, pits);
            let me = key.1.index();
            let mut out = Vec::new();
            for (_, verdict) in engine.verdicts(&pos) {
                let child = match verdict {
                    Ok(child) => child,
                    Err(Illegal::Undecided { laps }) => panic!("{pos}: undecided after {laps}"),
                    Err(_) => continue,
                };
                let captured = i32::from(child.stores()[me]);
                let board = child.board().to_vec();
                let ckey = (board, child.to_move());
                if captured > 0 {
                    out.push(Edge::Exit(captured - values[&ckey]));
                } else {
                    out.push(Edge::Internal(index[&ckey]));
                }
            }
            terminal.push(out.is_empty().then(|| {
                let s = pos.final_score(rules.leftovers(), key.1);
                s[me] as i32 - s[1 - me] as i32
            }));
            edges.push(out);
        }
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); keys.len()];
        for (u, es) in edges.iter().enumerate() {
            for e in es {
                if let Edge::Internal(w) = e {
                    preds[*w].push(u);
                }
            }
        }
        let mut value = vec![0i32; keys.len()];
        for t in 1..=i32::from(n) {
            // 1: the mover forces >= t; 2: the mover gets <= -t whatever it does.
            let mut side = vec![0u8; keys.len()];
            let mut count = vec![0usize; keys.len()];
            let mut queue = Vec::new();
            for u in 0..keys.len() {
                if let Some(v) = terminal[u] {
                    side[u] = if v >= t {
                        1
                    } else if v <= -t {
                        2
                    } else {
                        0
                    };
                } else {
                    let mut open = 0;
                    let mut win = false;
                    for e in &edges[u] {
                        match e {
                            Edge::Exit(v) if *v >= t => win = true,
                            Edge::Exit(v) if *v <= -t => {}
                            _ => open += 1,
                        }
                    }
                    count[u] = open;
                    side[u] = if win {
                        1
                    } else if open == 0 {
                        2
                    } else {
                        0
                    };
                }
                if side[u] != 0 {
                    queue.push(u);
                }
            }
            while let Some(w) = queue.pop() {
                for &p in &preds[w] {
                    if side[p] != 0 {
                        continue;
                    }
                    if side[w] == 2 {
                        side[p] = 1;
                        queue.push(p);
                    } else {
                        count[p] -= 1;
                        if count[p] == 0 {
                            side[p] = 2;
                            queue.push(p);
                        }
                    }
                }
            }
            for u in 0..keys.len() {
                match side[u] {
                    1 => value[u] = t,
                    2 => value[u] = -t,
                    _ => {}
                }
            }
        }
        for (k, v) in keys.into_iter().zip(value) {
            values.insert(k, v);
        }
    }
    values
}

/// Builds `rules` to `max` seeds in a fresh directory, checks every position
/// against the independent solution and runs `tables verify` on it.
fn check(rules: &str, max: u16) {
    let rules: Ruleset = rules.parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    Builder::new(&rules)
        .build_dir(dir.path(), max as u8, &|_| {})
        .unwrap();
    let tables = Tables::open(dir.path(), &rules).unwrap();
    let expected = solve(&rules, max);
    let pits = usize::from(rules.pits());
    let mut checked = 0;
    for (key, v) in &expected {
        let pos = position(key, pits);
        assert_eq!(
            tables.net_gain(&pos).map(i32::from),
            Some(*v),
            "{rules}: {pos}"
        );
        checked += 1;
    }
    assert!(checked > 500, "{checked}");
    verify_cli(dir.path());
}

fn verify_cli(dir: &Path) {
    let out = common::ayo()
        .args(["tables", "verify", "--dir"])
        .arg(dir)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn russ_to_8_seeds_matches_the_independent_solution() {
    check("russ", 8);
}

#[test]
fn capture_seed_stays_to_8_seeds() {
    check("russ capture-seed=stays", 8);
}

#[test]
fn leftovers_owner_to_8_seeds() {
    check("russ leftovers=owner", 8);
}

#[test]
fn endodoi_8_pits_to_6_seeds() {
    check("endodoi pits=8", 6);
}

#[test]
fn small_boards_every_ruleset_key() {
    for rules in [
        "russ pits=2",
        "russ pits=3 skip-origin=beyond-lap",
        "endodoi pits=3 leftovers=owner capture-seed=stays",
    ] {
        check(rules, 7);
    }
}

/// Negamax over the moves of `pos` (empty stores), a position that repeats
/// one earlier on the line scoring 0: the convention as RULES.md states it
/// for searches, with no fixed points involved. Exponential: tiny boards only.
fn search(engine: &Engine, pos: &Position, line: &mut Vec<Position>, nodes: &mut u64) -> i32 {
    *nodes += 1;
    assert!(*nodes < 50_000_000, "search too large");
    if line.contains(pos) {
        return 0;
    }
    let me = pos.to_move().index();
    let mut best = None;
    line.push(*pos);
    for (_, verdict) in engine.verdicts(pos) {
        let Ok(child) = verdict else { continue };
        let captured = i32::from(child.stores()[me]);
        let mut next = Position::from_rows(
            child.row(Side::South),
            child.row(Side::North),
            [0, 0],
            child.to_move(),
        )
        .unwrap();
        if captured == 0 {
            // Same seeds: the line goes on, repetitions and all.
            next = child;
        }
        let v = captured - search(engine, &next, line, nodes);
        best = Some(best.map_or(v, |b: i32| b.max(v)));
    }
    line.pop();
    best.unwrap_or_else(|| {
        let s = pos.final_score(engine.rules().leftovers(), pos.to_move());
        s[me] as i32 - s[1 - me] as i32
    })
}

#[test]
fn tables_agree_with_a_search_that_scores_repetitions_as_even() {
    for (rules, max) in [
        ("russ pits=2", 8),
        ("endodoi pits=2", 7),
        ("russ pits=3", 4),
        ("russ", 3),
    ] {
        let rules: Ruleset = rules.parse().unwrap();
        let dir = tempfile::tempdir().unwrap();
        Builder::new(&rules)
            .build_dir(dir.path(), max, &|_| {})
            .unwrap();
        let tables = Tables::open(dir.path(), &rules).unwrap();
        let exhaustion = Tables::open(dir.path(), &rules.with_end(End::Exhaustion)).unwrap();
        let engine = Engine::new(Tables::rules_for(&rules));
        let pits = usize::from(rules.pits());
        let mut nodes = 0;
        for n in 1..=u16::from(max) {
            for board in boards(2 * pits, n) {
                for side in [Side::South, Side::North] {
                    let pos = position(&(board.clone(), side), pits);
                    let v = search(&engine, &pos, &mut Vec::new(), &mut nodes);
                    let net = tables.net_gain(&pos).unwrap();
                    assert_eq!(i32::from(net), v, "{rules}: {pos}");
                    assert_eq!(Tables::value_of(&pos, net), v);
                    assert_eq!(tables.exact(&pos, End::Exhaustion), Some(v));
                    assert_eq!(exhaustion.value(&pos), Some(v));
                }
            }
        }
        eprintln!("{rules}: {nodes} search nodes");
    }
}

/// `ayo ARGS` run in `dir`, build times blanked out, and the passes too: threads
/// update in place, so how many passes reach the fixed point varies from run
/// to run (the fixed point does not).
fn ayo_in(dir: &Path, args: &[&str]) -> String {
    let text = common::run_in(dir, args, None);
    let secs = regex::Regex::new(r"\d+\.\d\d( s|\s*$)").unwrap();
    let passes = regex::Regex::new(r"\d+ pass(es)?\b").unwrap();
    text.lines()
        .map(|l| {
            let l = secs.replace_all(l, "T$1");
            passes.replace_all(&l, "P passes").into_owned() + "\n"
        })
        .collect()
}

#[test]
fn cli_build_probe_info_verify() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    insta::assert_snapshot!(ayo_in(dir, &["tables", "build", "--max-seeds", "4", "--dir", "t"]), @"
    exit 0
    --- stdout
    russ: building levels 1-4 in t (no levels present)
    level 1: 12 positions in T s (T s sowing 1 move; 1 position on cycles, P passes)
    level 2: 78 positions in T s (T s sowing 45 moves; 39 positions on cycles, P passes)
    level 3: 364 positions in T s (T s sowing 385 moves; 251 positions on cycles, P passes)
    level 4: 1365 positions in T s (T s sowing 1995 moves; 1062 positions on cycles, P passes)
    built 4 levels, 1819 positions in T s
    ");
    // Resumes: levels 1-4 are kept.
    insta::assert_snapshot!(ayo_in(dir, &["tables", "build", "--max-seeds", "9", "--dir", "t"]), @"
    exit 0
    --- stdout
    russ: building levels 1-9 in t (levels 1-4 present)
    level 5: 4368 positions in T s (T s sowing 7830 moves; 3585 positions on cycles, P passes)
    level 6: 12376 positions in T s (T s sowing 25597 moves; 10441 positions on cycles, P passes)
    level 7: 31824 positions in T s (T s sowing 73299 moves; 27259 positions on cycles, P passes)
    level 8: 75582 positions in T s (T s sowing 189531 moves; 65304 positions on cycles, P passes)
    level 9: 167960 positions in T s (T s sowing 451462 moves; 145820 positions on cycles, P passes)
    built 5 levels, 292110 positions in T s
    ");
    insta::assert_snapshot!(ayo_in(dir, &["tables", "info", "--dir", "t"]), @"
    exit 0
    --- stdout
    table directory: t
    russ: levels 1-9 present
      level  positions   bytes  build (s)
          1         12     268       T
          2         78     334       T
          3        364     620       T
          4       1365    1621       T
          5       4368    4624       T
          6      12376   12632       T
          7      31824   32080       T
          8      75582   75838       T
          9     167960  168216       T
      total     293929  296233       T
    ");
    insta::assert_snapshot!(ayo_in(dir, &["tables", "verify", "--dir", "t"]), @"
    exit 0
    --- stdout
    russ: level 1: 12 positions ok
    russ: level 2: 78 positions ok
    russ: level 3: 364 positions ok
    russ: level 4: 1365 positions ok
    russ: level 5: 4368 positions ok
    russ: level 6: 12376 positions ok
    russ: level 7: 31824 positions ok
    russ: level 8: 75582 positions ok
    russ: level 9: 167960 positions ok
    ");
    let setup = "2,0,1,0,1,1/1,0,0,0,1,0 18-23 N";
    insta::assert_snapshot!(ayo_in(dir, &["tables", "probe", "--dir", "t", "--setup", setup]), @"
    exit 0
    --- stdout
    net gain: -1 for North, to move
    outcome: win for North
    score: not exact under end=majority
    moves: A -3, E -1
    ");
    insta::assert_snapshot!(ayo_in(dir, &["tables", "probe", "--dir", "t", "--setup", setup,
        "--rules", "russ end=exhaustion", "--format", "json"]), @r#"
    exit 0
    --- stdout
    {"net_gain":-1,"outcome":"win","exact_score":[22,26],"move_net_gains":{"A":-3,"E":-1}}
    "#);
    // An odd number of seeds split evenly: halves.
    let split = "0,0,0,0,0,1/0,0,0,2,0,6 20-19 S";
    insta::assert_snapshot!(ayo_in(dir, &["tables", "probe", "--dir", "t", "--setup", split,
        "--rules", "russ end=exhaustion", "--format", "json"]), @r#"
    exit 0
    --- stdout
    {"net_gain":0,"outcome":"win","exact_score":[24.5,23.5],"move_net_gains":{"f":0}}
    "#);
    // Both agree with `tables probe --schema`.
    let schema = stdout_json(&ayo_in(dir, &["tables", "probe", "--schema"]));
    let validator = jsonschema::validator_for(&schema).unwrap();
    for at in [setup, split] {
        let json = stdout_json(&ayo_in(
            dir,
            &[
                "tables",
                "probe",
                "--dir",
                "t",
                "--setup",
                at,
                "--rules",
                "russ end=exhaustion",
                "--format",
                "json",
            ],
        ));
        if let Err(e) = validator.validate(&json) {
            panic!("{at}: {e}\n{json}");
        }
    }
    // Outside the tables, or another ruleset's: exit 2, naming what is there.
    insta::assert_snapshot!(ayo_in(dir, &["tables", "probe", "--dir", "t", "--setup",
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"]), @"
    exit 2
    --- stderr
    error: level 48 is not in t/russ: levels 1-9 present
    ");
    insta::assert_snapshot!(ayo_in(dir, &["tables", "probe", "--dir", "t", "--setup",
        "0,0,0,0,0,1/0,0,0,0,0,0 0-0 S", "--rules", "russ leftovers=owner"]), @"
    exit 2
    --- stderr
    error: level 1 is not in t/russ_leftovers=owner: no levels present
    ");
    // Far past the levels built; another board size, never built.
    insta::assert_snapshot!(ayo_in(dir, &["tables", "probe", "--dir", "t", "--setup",
        "100,100,100,0,0,0/0,0,0,0,0,0 0-0 S"]), @"
    exit 2
    --- stderr
    error: level 300 is not in t/russ: levels 1-9 present
    ");
    insta::assert_snapshot!(ayo_in(dir, &["tables", "probe", "--dir", "t", "--setup",
        "1,0,0,0/0,0,0,1 0-0 S", "--rules", "russ pits=4"]), @"
    exit 2
    --- stderr
    error: level 2 is not in t/russ_pits=4: no levels present
    ");
}

#[test]
fn damaged_files_are_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    assert_eq!(
        common::run_in(
            dir,
            &["tables", "build", "--max-seeds", "3", "--dir", "t"],
            None
        )
        .lines()
        .next(),
        Some("exit 0")
    );
    let level = dir.join("t/russ/level-002.ayt");
    let mut bytes = std::fs::read(&level).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&level, &bytes).unwrap();
    insta::assert_snapshot!(ayo_in(dir, &["tables", "verify", "--dir", "t"]), @"
    exit 1
    --- stdout
    russ: level 1: 12 positions ok
    --- stderr
    error: t/russ/level-002.ayt: the values do not match the checksum (a damaged file)
    error: t/russ/level-003.ayt: not checked against its moves: a level below it is missing or damaged
    ");
    insta::assert_snapshot!(ayo_in(dir, &["tables", "probe", "--dir", "t", "--setup",
        "0,0,0,0,0,1/0,0,0,0,0,0 0-0 S"]), @"
    exit 2
    --- stderr
    error: t/russ/level-002.ayt: the values do not match the checksum (a damaged file)
    ");
    // A consistent checksum over a wrong value: verify's recurrence finds it.
    // The checksum of the file format (ayo-engine's tables/file.rs), written
    // out again here: the format is the engine's own, not its API.
    fn checksum(values: &[u8]) -> u64 {
        const K: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut h = 0xcbf2_9ce4_8422_2325u64 ^ (values.len() as u64);
        for w in values.chunks(8) {
            let mut b = [0u8; 8];
            b[..w.len()].copy_from_slice(w);
            h = (h ^ u64::from_le_bytes(b)).wrapping_mul(K).rotate_left(29);
        }
        h ^ (h >> 31)
    }
    let values = &mut bytes[256..];
    let sum = checksum(values);
    bytes[32..40].copy_from_slice(&sum.to_le_bytes());
    std::fs::write(&level, &bytes).unwrap();
    insta::assert_snapshot!(ayo_in(dir, &["tables", "verify", "--dir", "t"]), @"
    exit 1
    --- stdout
    russ: level 1: 12 positions ok
    russ: level 3: 364 positions ok
    --- stderr
    error: t/russ/level-002.ayt: position 2,0,0,0,0,0/0,0,0,0,0,0 0-0 S holds -1, its moves give -2 (1 of 78 positions disagree)
    ");
    // Another file's header under this level's name.
    std::fs::copy(dir.join("t/russ/level-001.ayt"), &level).unwrap();
    insta::assert_snapshot!(ayo_in(dir, &["tables", "build", "--max-seeds", "3", "--dir", "t"]), @"
    exit 2
    --- stderr
    error: t/russ/level-002.ayt: the header says level 1, expected 2
    ");
}

/// The exact value under the position's own ruleset (`end=majority` here), by
/// a plain search: a majority stops the game at the store difference, a
/// repeated position scores the store difference, no legal move shares the
/// leftovers. Exponential: tiny boards only.
fn majority_search(engine: &Engine, pos: &Position, line: &mut Vec<Position>) -> i32 {
    let me = pos.to_move().index();
    let diff = i32::from(pos.stores()[me]) - i32::from(pos.stores()[1 - me]);
    if engine.majority(pos).is_some() || line.contains(pos) {
        return diff;
    }
    line.push(*pos);
    let mut best = None;
    for (_, verdict) in engine.verdicts(pos) {
        let Ok(child) = verdict else { continue };
        let v = -majority_search(engine, &child, line);
        best = Some(best.map_or(v, |b: i32| b.max(v)));
    }
    line.pop();
    best.unwrap_or_else(|| {
        let s = pos.final_score(engine.rules().leftovers(), pos.to_move());
        s[me] as i32 - s[1 - me] as i32
    })
}

#[test]
fn majority_win_draw_loss_from_the_exhaustion_tables() {
    for (rules, max) in [
        ("russ pits=2", 6),
        ("russ pits=3 leftovers=owner", 3),
        ("endodoi pits=2", 5),
    ] {
        let rules: Ruleset = rules.parse().unwrap();
        assert_eq!(rules.end(), End::Majority);
        let dir = tempfile::tempdir().unwrap();
        Builder::new(&rules)
            .build_dir(dir.path(), max, &|_| {})
            .unwrap();
        let tables = Tables::open(dir.path(), &rules).unwrap();
        let engine = Engine::new(rules);
        let pits = usize::from(rules.pits());
        let mut decided = [0; 3];
        for n in 1..=u16::from(max) {
            for board in boards(2 * pits, n) {
                for side in [Side::South, Side::North] {
                    // Stores around the majority line, so that it matters.
                    for stores in [[0, 0], [3, 1], [1, 4], [5, 5], [6, 2]] {
                        let pos = Position::from_rows(&board[..pits], &board[pits..], stores, side)
                            .unwrap();
                        let exact = majority_search(&engine, &pos, &mut Vec::new());
                        let net = tables.net_gain(&pos).unwrap();
                        let from_tables = Tables::value_of(&pos, net).signum();
                        assert_eq!(from_tables, exact.signum(), "{rules}: {pos}");
                        assert_eq!(tables.exact(&pos, End::Majority), Some(exact.signum()));
                        assert_eq!(tables.value(&pos), None);
                        decided[(from_tables + 1) as usize] += 1;
                    }
                }
            }
        }
        assert!(decided.iter().all(|&d| d > 0), "{rules}: {decided:?}");
    }
}

/// The same comparison further up, for `cargo test --release --test tests --
/// --ignored tables::` (a few minutes; see BENCHMARKS.md).
#[test]
#[ignore = "a few minutes: run with --ignored (BENCHMARKS.md)"]
fn bigger_levels_match_the_independent_solution() {
    check("russ", 11);
    check("russ capture-seed=stays", 10);
    check("russ leftovers=owner", 10);
    check("endodoi pits=8", 8);
}

/// The search and the tables agree: on random positions inside the tables
/// (both sides' stores random), a search without tables that finds an exact
/// value finds the tables' value, and a search given the tables answers with
/// it at once, exact. Under `end=exhaustion`, where the tables are exact for
/// a search.
#[test]
fn search_agrees_with_the_tables() {
    use ayo::search::{Limits, Search};
    for rules in [
        "russ end=exhaustion",
        "russ end=exhaustion capture-seed=stays",
        "russ end=exhaustion leftovers=owner",
    ] {
        let rules: Ruleset = rules.parse().unwrap();
        let dir = tempfile::tempdir().unwrap();
        Builder::new(&rules)
            .build_dir(dir.path(), 7, &|_| {})
            .unwrap();
        let tables = Tables::open(dir.path(), &rules).unwrap();
        let engine = Engine::new(rules);
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |below: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % below
        };
        let (mut exact, mut tried) = (0, 0);
        while tried < 300 {
            let seeds = 1 + next(7) as u16;
            let mut board = [0u16; 12];
            for _ in 0..seeds {
                board[next(12) as usize] += 1;
            }
            let south_store = next(30) as u16;
            let stores = [south_store, 48 - seeds - south_store];
            let side = if next(2) == 0 {
                Side::South
            } else {
                Side::North
            };
            let Ok(pos) = Position::from_rows(&board[..6], &board[6..], stores, side) else {
                continue;
            };
            tried += 1;
            let Some(value) = tables.value(&pos) else {
                panic!("{rules}: {pos} is inside the tables");
            };
            let probed = Search::new(engine)
                .with_probe(&tables)
                .run(&pos, &Limits::depth(4))
                .unwrap();
            assert!(probed.exact, "{rules}: {pos}");
            assert_eq!(probed.score, value, "{rules}: {pos} (with the tables)");
            let searched = Search::new(engine).run(&pos, &Limits::depth(24)).unwrap();
            if searched.exact {
                exact += 1;
                assert_eq!(searched.score, value, "{rules}: {pos} (search alone)");
            }
        }
        assert!(exact > 100, "{rules}: only {exact} exact searches");
    }
}

/// `best --tables` and `analyze --tables` answer from the tables; a missing
/// directory is exit 2; under end=majority they give the exact outcome.
#[test]
fn best_and_analyze_use_the_tables() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let rules = "russ end=exhaustion";
    let built = common::run_in(
        dir.path(),
        &[
            "tables",
            "build",
            "--rules",
            rules,
            "--max-seeds",
            "9",
            "--dir",
            d,
        ],
        None,
    );
    assert!(built.contains("exit 0"), "{built}");
    let setup = "0,0,3,1,2,0/0,1,0,0,2,0 20-19 S";
    let best = |extra: &[&str]| {
        let mut args = vec![
            "best", "--setup", setup, "--rules", rules, "--format", "json",
        ];
        args.extend_from_slice(extra);
        common::run_in(dir.path(), &args, None)
    };
    let with = best(&["--tables", d, "--depth", "2"]);
    assert!(with.contains(r#""exact":true"#), "{with}");
    assert!(with.contains(r#""limit":"solved""#), "{with}");
    let probe = common::run_in(
        dir.path(),
        &[
            "tables", "probe", "--setup", setup, "--rules", rules, "--dir", d, "--format", "json",
        ],
        None,
    );
    // The value `best` reports is the tables' final score difference.
    let json = |text: &str| -> serde_json::Value {
        serde_json::from_str(text.lines().nth(2).unwrap()).unwrap()
    };
    let score = &json(&probe)["exact_score"];
    let expected = score[0].as_f64().unwrap() - score[1].as_f64().unwrap();
    assert_eq!(
        json(&with)["value"].as_f64(),
        Some(expected),
        "{with}\n{probe}"
    );
    let without = best(&["--depth", "2"]);
    assert!(without.contains(r#""exact":false"#), "{without}");

    let missing = best(&["--tables", "/nonexistent/ayo-tables"]);
    assert!(missing.contains("exit 2"), "{missing}");
    assert!(missing.contains("no such directory"), "{missing}");

    let majority = common::run_in(
        dir.path(),
        &["best", "--setup", setup, "--depth", "2", "--tables", d],
        None,
    );
    // Under end=majority the tables give the exact outcome, not the score,
    // and no note says they go unused.
    assert!(majority.contains("outcome "), "{majority}");
    assert!(!majority.contains("not use"), "{majority}");

    let record = dir.path().join("end.ayo");
    std::fs::write(
        &record,
        format!("[Rules \"{rules}\"]\n[Setup \"{setup}\"]\n\n1. c *\n"),
    )
    .unwrap();
    let analysed = common::run_in(
        dir.path(),
        &[
            "analyze",
            record.to_str().unwrap(),
            "--tables",
            d,
            "--format",
            "json",
        ],
        None,
    );
    assert!(analysed.contains(r#""exact":true"#), "{analysed}");
}

/// The JSON of a `run_in` answer: its standard output.
fn stdout_json(text: &str) -> serde_json::Value {
    let out = text
        .split_once("--- stdout\n")
        .unwrap_or_else(|| panic!("no stdout: {text}"))
        .1;
    let out = out.split("--- stderr\n").next().unwrap_or(out);
    serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// The exact outcome of each move from `tables probe --format json`: the
/// mover's store lead plus the move's net gain, by its sign.
fn probe_outcomes(dir: &Path, setup: &str) -> (String, serde_json::Map<String, serde_json::Value>) {
    let probe = stdout_json(&common::run_in(
        dir,
        &[
            "tables", "probe", "--setup", setup, "--dir", ".", "--format", "json",
        ],
        None,
    ));
    let pos = Position::from_setup(setup, &Ruleset::RUSS).unwrap();
    let [s, n] = pos.stores().map(i64::from);
    let lead = match pos.to_move() {
        Side::South => s - n,
        Side::North => n - s,
    };
    let word = |v: i64| match v.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    };
    let moves = probe["move_net_gains"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, g)| (k.clone(), word(lead + g.as_i64().unwrap()).into()))
        .collect();
    (probe["outcome"].as_str().unwrap().to_string(), moves)
}

/// Under end=majority (russ), `best --tables` gives the exact outcome of the
/// position and of every move, as `tables probe` has them, and picks its move
/// among those that keep the outcome, saying so when the search's own choice
/// would have thrown it away. The positions were found by probing tables to 9
/// seeds: at depth 1 the search prefers a move that loses.
#[test]
fn best_under_majority_keeps_the_exact_outcome() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let built = common::run_in(
        d,
        &["tables", "build", "--max-seeds", "9", "--dir", "."],
        None,
    );
    assert!(built.contains("exit 0"), "{built}");
    let schema = stdout_json(&common::run_in(d, &["best", "--schema"], None));
    let validator = jsonschema::validator_for(&schema).unwrap();
    let best = |setup: &str, extra: &[&str]| {
        let mut args = vec!["best", "--setup", setup, "--depth", "1", "--tables", "."];
        args.extend_from_slice(extra);
        common::run_in(d, &args, None)
    };
    // (set-up, the search's own best when it throws the outcome away, the
    // move chosen instead).
    let cases = [
        // North wins with A; C (the search's +5) and F lose.
        ("0,1,1,1,1,0/2,0,2,0,0,1 18-21 N", Some("C"), "A"),
        // South draws with a or f; e (the search's +3) loses.
        ("1,0,0,0,1,1/0,1,1,1,1,1 20-20 S", Some("e"), "a"),
        // The search's own A keeps North's win: no change.
        ("1,0,1,1,0,0/2,1,0,0,1,1 19-21 N", None, "A"),
    ];
    for (setup, switched, chosen) in cases {
        let json = stdout_json(&best(setup, &["--format", "json"]));
        if let Err(e) = validator.validate(&json) {
            panic!("{setup}: {e}\n{json}");
        }
        let (outcome, moves) = probe_outcomes(d, setup);
        assert_eq!(json["outcome"], outcome.as_str(), "{setup}: {json}");
        assert_eq!(
            json["move_outcomes"].as_object(),
            Some(&moves),
            "{setup}: {json}"
        );
        assert_eq!(json["best"], chosen, "{setup}: {json}");
        assert_eq!(
            json["move_outcomes"][chosen],
            outcome.as_str(),
            "{setup}: {json}"
        );
        assert_eq!(json["switched_from"].as_str(), switched, "{setup}: {json}");
        // The value stays the search's value of the move chosen, not exact.
        assert_eq!(
            json["value"], json["move_values"][chosen],
            "{setup}: {json}"
        );
        assert_eq!(json["exact"], false, "{setup}: {json}");
        assert_eq!(json["pv"][0], chosen, "{setup}: {json}");
    }
    insta::assert_snapshot!("best_majority_switch", best(cases[0].0, &[]));
    insta::assert_snapshot!("best_majority_keep", best(cases[2].0, &[]));

    // Outside the tables (the start: 48 seeds), and under end=exhaustion, no
    // outcomes.
    let start = stdout_json(&best(
        "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
        &["--format", "json"],
    ));
    assert!(start.get("outcome").is_none(), "{start}");
    assert!(start.get("move_outcomes").is_none(), "{start}");
    let exhaustion = stdout_json(&best(
        cases[0].0,
        &["--rules", "russ end=exhaustion", "--format", "json"],
    ));
    assert!(exhaustion.get("outcome").is_none(), "{exhaustion}");
    assert_eq!(exhaustion["exact"], true, "{exhaustion}");
    // Without tables, the search's own move.
    let plain = stdout_json(&common::run_in(
        d,
        &[
            "best", "--setup", cases[0].0, "--depth", "1", "--format", "json",
        ],
        None,
    ));
    assert_eq!(plain["best"], "C", "{plain}");
    assert!(plain.get("move_outcomes").is_none(), "{plain}");
}

/// Under end=majority, `analyze --tables` says when a played move made the
/// mover's exact outcome worse (`outcome_lost`, at least a mistake, and a
/// `--format ayo` comment of its own that a second run replaces), and says
/// nothing of a move that keeps it.
#[test]
fn analyze_under_majority_names_a_thrown_away_endgame() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let built = common::run_in(
        d,
        &["tables", "build", "--max-seeds", "9", "--dir", "."],
        None,
    );
    assert!(built.contains("exit 0"), "{built}");
    let games = "[Event \"won\"]\n[Setup \"0,1,1,1,1,0/2,0,2,0,0,1 18-21 N\"]\n\n1... C *\n\n\
                 [Event \"kept\"]\n[Setup \"0,1,1,1,1,0/2,0,2,0,0,1 18-21 N\"]\n\n1... A *\n\n\
                 [Event \"drawn\"]\n[Setup \"1,0,0,0,1,1/0,1,1,1,1,1 20-20 S\"]\n\n1. e {a note} *\n";
    std::fs::write(d.join("end.ayo"), games).unwrap();
    let analyze = |extra: &[&str]| {
        let mut args = vec!["analyze", "end.ayo", "--depth", "1", "--tables", "."];
        args.extend_from_slice(extra);
        common::run_in(d, &args, None)
    };
    let json = analyze(&["--format", "json"]);
    let schema = stdout_json(&common::run_in(d, &["analyze", "--schema"], None));
    let validator = jsonschema::validator_for(&schema).unwrap();
    let verdicts: Vec<serde_json::Value> = json
        .lines()
        .skip(2)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(verdicts.len(), 3, "{json}");
    for v in &verdicts {
        if let Err(e) = validator.validate(v) {
            panic!("{e}\n{v}");
        }
    }
    let first = |g: usize| &verdicts[g]["moves"][0];
    assert_eq!(first(0)["outcome_lost"], "win->loss", "{json}");
    assert_eq!(first(0)["label"], "mistake", "{json}");
    assert_eq!(first(0)["best"], "A", "{json}");
    assert!(first(1).get("outcome_lost").is_none(), "{json}");
    assert!(first(1)["label"].is_null(), "{json}");
    assert_eq!(first(2)["outcome_lost"], "draw->loss", "{json}");
    assert_eq!(first(2)["label"], "mistake", "{json}");

    insta::assert_snapshot!("analyze_majority_table", analyze(&[]));
    insta::assert_snapshot!("analyze_majority_csv", analyze(&["--format", "csv"]));
    let written = analyze(&["--format", "ayo"]);
    insta::assert_snapshot!("analyze_majority_format_ayo", written);
    // Its own comments are recognised and replaced: a second run is the same.
    let body = written.split_once("--- stdout\n").unwrap().1;
    std::fs::write(d.join("written.ayo"), body).unwrap();
    let again = common::run_in(
        d,
        &[
            "analyze",
            "written.ayo",
            "--depth",
            "1",
            "--tables",
            ".",
            "--format",
            "ayo",
        ],
        None,
    );
    assert_eq!(again, written);
    // --write puts the same into the file itself.
    std::fs::copy(d.join("end.ayo"), d.join("in-place.ayo")).unwrap();
    let in_place = common::run_in(
        d,
        &[
            "analyze",
            "in-place.ayo",
            "--depth",
            "1",
            "--tables",
            ".",
            "--write",
        ],
        None,
    );
    assert_eq!(in_place, "exit 0\n");
    assert_eq!(
        std::fs::read_to_string(d.join("in-place.ayo")).unwrap(),
        body
    );
}

/// `ayo ARGS` in `dir` with `env` set (and `AYO_TABLES` unset unless `env`
/// sets it), killed after 10 s: a command that blocks (opening a named pipe,
/// say) fails the test instead of hanging the suite. As
/// [`common::run_in`]: `exit N` (-1 when killed), then the streams.
fn ayo_timed(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> String {
    let mut cmd = common::ayo();
    cmd.current_dir(dir)
        .args(args)
        .env_remove("AYO_TABLES")
        .timeout(std::time::Duration::from_secs(10));
    for (k, v) in env {
        cmd.env(k, v);
    }
    common::transcript(&cmd.output().unwrap())
}

/// A table directory `t` with russ levels 1-3, in a fresh temporary
/// directory, and a record for `analyze` beside it.
fn small_tables() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let built = ayo_timed(
        tmp.path(),
        &["tables", "build", "--max-seeds", "3", "--dir", "t"],
        &[],
    );
    assert!(built.starts_with("exit 0\n"), "{built}");
    std::fs::write(
        tmp.path().join("end.ayo"),
        "[Setup \"0,0,0,0,0,1/0,0,0,0,0,1 23-23 S\"]\n\n1. f *\n",
    )
    .unwrap();
    tmp
}

/// Every command that opens level files, with the tables in `t`.
const OPENING_LEVELS: &[&[&str]] = &[
    &["tables", "info", "--dir", "t"],
    &["tables", "verify", "--dir", "t"],
    &[
        "tables",
        "probe",
        "--dir",
        "t",
        "--setup",
        "0,0,0,0,0,1/0,0,0,0,0,0 0-0 S",
    ],
    &["tables", "build", "--dir", "t", "--max-seeds", "5"],
    &[
        "best",
        "--setup",
        "0,0,0,0,0,1/0,0,0,0,0,1 23-23 S",
        "--tables",
        "t",
    ],
    &["analyze", "end.ayo", "--tables", "t", "--depth", "2"],
];

/// Each command of [`OPENING_LEVELS`] stops at once with exit 2 and `error`.
fn every_command_refuses(dir: &Path, error: &str) {
    for args in OPENING_LEVELS {
        let out = ayo_timed(dir, args, &[]);
        assert!(out.starts_with("exit 2\n"), "{args:?}: {out}");
        assert!(out.contains(error), "{args:?}: {out}");
    }
}

#[test]
fn a_named_pipe_named_like_a_level_is_refused_at_once() {
    let tmp = small_tables();
    let dir = tmp.path();
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join("t/russ/level-004.ayt"))
        .status()
        .unwrap();
    assert!(made.success());
    every_command_refuses(
        dir,
        "t/russ/level-004.ayt: is a named pipe, not a table file",
    );
    insta::assert_snapshot!(ayo_timed(dir, OPENING_LEVELS[2], &[]), @"
    exit 2
    --- stderr
    error: t/russ/level-004.ayt: is a named pipe, not a table file
    ");
}

#[cfg(unix)]
#[test]
fn a_directory_or_device_named_like_a_level_is_refused() {
    let tmp = small_tables();
    let dir = tmp.path();
    let level = dir.join("t/russ/level-004.ayt");
    std::fs::create_dir(&level).unwrap();
    every_command_refuses(
        dir,
        "t/russ/level-004.ayt: is a directory, not a table file",
    );
    std::fs::remove_dir(&level).unwrap();
    std::os::unix::fs::symlink("/dev/urandom", &level).unwrap();
    every_command_refuses(
        dir,
        "t/russ/level-004.ayt: is a link to a character device, not a table file",
    );
    std::fs::remove_file(&level).unwrap();
    std::os::unix::fs::symlink("no-such-level.ayt", &level).unwrap();
    insta::assert_snapshot!(ayo_timed(dir, &["tables", "verify", "--dir", "t"], &[]), @"
    exit 2
    --- stderr
    error: t/russ/level-004.ayt: is a link whose target does not exist, not a table file
    ");
    // A link to a good level is a good level.
    std::fs::remove_file(&level).unwrap();
    std::os::unix::fs::symlink("level-003.ayt", dir.join("t/russ/level-009.ayt")).unwrap();
    let out = ayo_timed(dir, &["tables", "verify", "--dir", "t"], &[]);
    assert!(out.contains("header says level 3, expected 9"), "{out}");
}

#[test]
fn verify_with_nothing_to_check_is_an_error() {
    let tmp = small_tables();
    let dir = tmp.path();
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    std::fs::create_dir_all(dir.join("other/russ_pits=4")).unwrap();
    let verify = |d: &str| ayo_timed(dir, &["tables", "verify", "--dir", d], &[]);
    insta::assert_snapshot!(verify("no/such/typo"), @"
    exit 2
    --- stderr
    error: no/such/typo: no such directory
    ");
    insta::assert_snapshot!(verify("t/russ"), @"
    exit 2
    --- stderr
    error: no tables in t/russ: it holds level files, as one ruleset's folder does; did you mean the folder above it, t?
    ");
    insta::assert_snapshot!(verify("other/russ_pits=4"), @"
    exit 2
    --- stderr
    error: no tables in other/russ_pits=4: it is named like one ruleset's folder; did you mean the folder above it, other?
    ");
    insta::assert_snapshot!(verify("empty"), @"
    exit 2
    --- stderr
    error: no tables in empty (a table directory holds one folder a ruleset, as `ayo tables build` makes)
    ");
    // The environment's directory is checked the same way.
    let from_env = ayo_timed(dir, &["tables", "verify"], &[("AYO_TABLES", "empty")]);
    assert!(from_env.starts_with("exit 2\n"), "{from_env}");
}

#[test]
fn tables_without_the_ruleset_in_use_are_an_error() {
    let tmp = small_tables();
    let dir = tmp.path();
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    let best = ["best", "--setup", "0,0,0,0,0,1/0,0,0,0,0,1 23-23 S"];
    let with = |extra: &[&str], env: &[(&str, &str)]| {
        let mut args = best.to_vec();
        args.extend_from_slice(extra);
        ayo_timed(dir, &args, env)
    };
    insta::assert_snapshot!(with(&["--tables", "empty"], &[]), @"
    exit 2
    --- stderr
    error: --tables empty: no tables for the ruleset `russ` (nothing in empty/russ; build them with `ayo tables build --rules 'russ' --dir empty`)
    ");
    insta::assert_snapshot!(with(&[], &[("AYO_TABLES", "empty")]), @"
    exit 2
    --- stderr
    error: AYO_TABLES=empty: no tables for the ruleset `russ` (nothing in empty/russ; build them with `ayo tables build --rules 'russ' --dir empty`)
    ");
    insta::assert_snapshot!(with(&[], &[("AYO_TABLES", "no/such/dir")]), @"
    exit 2
    --- stderr
    error: AYO_TABLES=no/such/dir: no such directory (build tables with `ayo tables build`)
    ");
    // Tables of another ruleset are none for this one.
    let other = with(
        &["--tables", "t", "--rules", "russ capture-seed=stays"],
        &[],
    );
    assert!(other.starts_with("exit 2\n"), "{other}");
    assert!(
        other.contains("no tables for the ruleset `russ capture-seed=stays`"),
        "{other}"
    );
    let analysed = ayo_timed(
        dir,
        &["analyze", "end.ayo", "--tables", "empty", "--depth", "2"],
        &[],
    );
    assert!(analysed.starts_with("exit 2\n"), "{analysed}");
    assert!(
        analysed.contains("--tables empty: no tables for the ruleset `russ`"),
        "{analysed}"
    );
    // The tables in use still answer.
    let used = with(&["--tables", "t"], &[]);
    assert!(used.starts_with("exit 0\n"), "{used}");
    // Set but empty, AYO_TABLES is an error as an empty folder is; unset,
    // it means no tables: a search without them.
    let empty = with(&["--depth", "2"], &[("AYO_TABLES", "")]);
    assert!(empty.starts_with("exit 2\n"), "{empty}");
    assert!(
        empty.contains("error: AYO_TABLES=: set but empty (name a table folder, or unset it"),
        "{empty}"
    );
    let none = with(&["--depth", "2"], &[]);
    assert!(none.starts_with("exit 0\n"), "{none}");
}

/// `tables build` and `tables verify` take `--jobs`/`-j` as every command
/// does; `--threads`, their old name, still works but is not shown.
#[test]
fn tables_take_jobs_and_the_old_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for (jobs, max) in [("-j", "1"), ("--jobs", "2"), ("--threads", "3")] {
        let args = [
            "tables",
            "build",
            "--max-seeds",
            max,
            "--dir",
            "t",
            jobs,
            "2",
        ];
        assert!(ayo_in(dir, &args).starts_with("exit 0\n"), "{jobs}");
        let args = ["tables", "verify", "--dir", "t", jobs, "1"];
        assert!(ayo_in(dir, &args).starts_with("exit 0\n"), "{jobs}");
    }
    for sub in ["build", "verify"] {
        let help = common::run(&["tables", sub, "--help"], None);
        assert!(help.contains("-j, --jobs <N>"), "{sub}");
        assert!(!help.contains("--threads"), "{sub}");
    }
    let zero = ayo_in(
        dir,
        &[
            "tables",
            "build",
            "--max-seeds",
            "3",
            "--dir",
            "t",
            "-j",
            "0",
        ],
    );
    assert!(zero.starts_with("exit 2\n"), "{zero}");
}
