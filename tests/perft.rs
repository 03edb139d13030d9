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

use ayo::rules::{Engine, Illegal, PerftError, Ruleset};

fn counts(rules: &str, depth: usize) -> Vec<u64> {
    let rules: Ruleset = rules.parse().expect("ruleset");
    let engine = Engine::new(rules);
    engine
        .perft(&engine.start(), depth)
        .expect("no relay undecided at the default lap limit")
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
    assert_eq!(engine.perft(&engine.start(), 0), Ok(vec![]));
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
                engine.perft(&start, depth),
                Err(PerftError::Undecided(Illegal::Undecided { .. }))
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
        match engine.perft(&engine.start(), 5) {
            Ok(c) => assert_eq!(c, right, "max_laps {max_laps}"),
            Err(PerftError::Undecided(Illegal::Undecided { laps })) => {
                assert_eq!(laps, max_laps);
                undecided += 1;
            }
            Err(e) => panic!("max_laps {max_laps}: unexpected {e:?}"),
        }
    }
    assert!(undecided >= 4, "the limits below 5 laps are undecided");
}

/// The `ayo` binary, run from the crate's root.
fn ayo() -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin!("ayo"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

fn exit_and_stderr(args: &[&str]) -> (Option<i32>, String) {
    let out = ayo().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Depths past 64 are a usage error before anything is counted: they used to
/// overflow the stack (30859), allocate 8 GB (10^9) or panic (u64::MAX).
#[test]
fn cli_refuses_depths_past_64() {
    for depth in ["65", "30859", "1000000000", "18446744073709551615", "-1"] {
        let (code, stderr) = exit_and_stderr(&["perft", depth]);
        assert_eq!(code, Some(2), "perft {depth}: {stderr}");
        assert!(!stderr.contains("panicked"), "perft {depth}: {stderr}");
    }
    let (code, stderr) = exit_and_stderr(&["perft", "65"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("0..=64"), "{stderr}");
}

#[test]
fn cli_refuses_a_lap_limit_of_zero() {
    let (code, stderr) = exit_and_stderr(&["perft", "1", "--max-laps", "0"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--max-laps"), "{stderr}");
}

/// An undecided relay stops the count with exit 2, after the depths that
/// were counted, and says which flag raises the limit.
#[test]
fn cli_undecided_names_the_flag() {
    let out = ayo()
        .args(["perft", "3", "--max-laps", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // Every opening relay takes exactly 5 laps; deeper ones take more.
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1 6\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("perft stopped at depth 2") && stderr.contains("raise --max-laps"),
        "{stderr}"
    );
}

/// Each depth's line comes out as soon as it is counted: the first lines of
/// `perft 64` (which would not finish) arrive, and the process is killed.
#[test]
fn cli_prints_each_depth_as_it_is_counted() {
    use std::io::{BufRead, BufReader};
    let mut child = ayo()
        .args(["perft", "64"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let lines: Vec<String> = BufReader::new(stdout)
        .lines()
        .take(3)
        .map(Result::unwrap)
        .collect();
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(lines, ["1 6", "2 28", "3 132"]);
}
