//! Perft counts from the start position: the engine's regression data.
//!
//! The depth-7 counts of the six standard-board rulesets were cross-checked
//! against an independent Python implementation; the Endodoi board-size counts
//! come from `ayo perft 4 --rules '...'`. RULES.md ("Perft counts") lists them all,
//! with the commands that print them.
//!
//! CI runs `cargo test --release`; the whole file takes a couple of seconds
//! there (`skip-origin=never` and `endodoi` are the slow ones: without the
//! origin skip, endless relays have long periods).

use ayo::rules::{Engine, Illegal, Ruleset, perft};

fn counts(rules: &str, depth: usize) -> Vec<u64> {
    let rules: Ruleset = rules.parse().expect("ruleset");
    let engine = Engine::new(rules);
    perft(&engine, &engine.start(), depth).expect("no relay undecided at the default lap limit")
}

#[test]
fn russ() {
    assert_eq!(counts("russ", 7), [6, 28, 132, 624, 2870, 13041, 58497]);
}

#[test]
fn ayoayo_is_russ() {
    assert_eq!(counts("ayoayo", 6), counts("russ", 6));
}

#[test]
fn russ_capture_seed_stays() {
    assert_eq!(
        counts("russ capture-seed=stays", 7),
        [6, 28, 130, 604, 2779, 12715, 58046]
    );
}

#[test]
fn russ_skip_origin_beyond_lap() {
    assert_eq!(
        counts("russ skip-origin=beyond-lap", 7),
        [6, 28, 132, 630, 2959, 13552, 61632]
    );
}

#[test]
fn russ_skip_origin_never() {
    assert_eq!(
        counts("russ skip-origin=never", 7),
        [6, 28, 129, 610, 2886, 13244, 60142]
    );
}

#[test]
fn russ_feeding_none() {
    // Differs from russ only at depth 7: two move paths that fail feeding.
    assert_eq!(
        counts("russ feeding=none", 7),
        [6, 28, 132, 624, 2870, 13041, 58499]
    );
}

#[test]
fn endodoi() {
    // Endodoi is skip-origin=never plus feeding=none: again two more paths at
    // depth 7 than with feeding.
    assert_eq!(counts("endodoi", 7), [6, 28, 129, 610, 2886, 13244, 60144]);
}

#[test]
fn endodoi_pits_8() {
    assert_eq!(counts("endodoi pits=8", 4), [8, 58, 366, 2372]);
}

#[test]
fn endodoi_pits_12_seeds_3() {
    assert_eq!(counts("endodoi pits=12 seeds=3", 4), [12, 102, 1005, 9553]);
}

#[test]
fn depth_zero_counts_nothing() {
    let engine = Engine::new(Ruleset::default());
    assert_eq!(perft(&engine, &engine.start(), 0), Ok(vec![]));
}

/// Every opening relay runs 5 laps: below that the count must stop, never be
/// short.
#[test]
fn tiny_lap_limit_is_undecided() {
    let engine = Engine::new(Ruleset::default()).with_max_laps(3);
    let start = engine.start();
    for depth in 1..=4 {
        assert!(
            matches!(
                perft(&engine, &start, depth),
                Err(Illegal::Undecided { .. })
            ),
            "depth {depth}"
        );
    }
}

/// Whatever the lap limit, perft gives either the right counts or
/// `Undecided`: a relay cut short is never counted as legal or illegal.
#[test]
fn any_lap_limit_gives_right_counts_or_undecided() {
    let rules: Ruleset = "russ".parse().unwrap();
    let right = counts("russ", 5);
    let mut undecided = 0;
    for max_laps in 1..=64 {
        let engine = Engine::new(rules).with_max_laps(max_laps);
        match perft(&engine, &engine.start(), 5) {
            Ok(c) => assert_eq!(c, right, "max_laps {max_laps}"),
            Err(Illegal::Undecided { laps }) => {
                assert_eq!(laps, max_laps);
                undecided += 1;
            }
            Err(e) => panic!("max_laps {max_laps}: unexpected {e:?}"),
        }
    }
    assert!(undecided >= 4, "the limits below 5 laps are undecided");
}
