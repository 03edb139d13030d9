//! `ayo moves`: the legal moves of a position, through the real binary.

use crate::common;

use common::{code, run};
use serde_json::Value;

const START: &str = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";
const LECTURE: &str = "fixtures/opening-lecture.ayo";
/// South cannot move: their row is empty.
const OVER: &str = "0,0,0,0,0,0/1,0,0,0,0,0 24-23 S";

/// Standard output of a run that must succeed, as JSON lines.
fn json_lines(args: &[&str]) -> Vec<Value> {
    let out = common::ayo().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn the_start_position() {
    insta::assert_snapshot!(
        "start_text",
        run(&["moves", "--setup", START, "--width", "100"], None)
    );
    insta::assert_snapshot!(
        "start_json",
        run(&["moves", "--setup", START, "--format", "json"], None)
    );
}

#[test]
fn a_position_of_a_record() {
    insta::assert_snapshot!(
        "record_ply_text",
        run(
            &[
                "moves", LECTURE, "--ply", "2", "--laps", "full", "--width", "100"
            ],
            None
        )
    );
    insta::assert_snapshot!(
        "record_ply_json",
        run(&["moves", LECTURE, "--ply", "2", "--format", "json"], None)
    );
}

/// The move the record plays from the position after ply 2 (`2. fx12`) is
/// listed exactly as `annotate` shows it played: laps, capture, stores.
#[test]
fn the_move_played_matches_annotate() {
    let moves = &json_lines(&["moves", LECTURE, "--ply", "2", "--format", "json"])[0];
    let annotated = &json_lines(&["annotate", LECTURE, "--format", "json"])[0]["moves"][2];
    let played = annotated["pit"].as_str().unwrap();
    let listed = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["pit"] == played)
        .expect("the move played is legal");
    assert_eq!(listed["notation"], "fx12");
    for field in ["number", "side", "seeds", "laps", "capture", "stores"] {
        assert_eq!(listed[field], annotated[field], "{field}");
    }
}

/// Every move's stores agree with `best --depth 1`, whose value of a move
/// that does not end the game is the mover's store less the other's.
#[test]
fn stores_agree_with_best_at_depth_one() {
    for args in [
        vec!["--setup", START],
        vec![LECTURE, "--ply", "2"],
        vec![LECTURE, "--ply", "3"],
        vec![LECTURE, "--ply", "30"],
    ] {
        let moves = &json_lines(&[&["moves", "--format", "json"], &args[..]].concat())[0];
        let best =
            &json_lines(&[&["best", "--depth", "1", "--format", "json"], &args[..]].concat())[0];
        let values = best["move_values"].as_object().unwrap();
        let listed = moves["moves"].as_array().unwrap();
        assert_eq!(listed.len(), values.len(), "{args:?}");
        let mover = usize::from(moves["to_move"] == "north");
        for m in listed {
            let stores = &m["stores"];
            let net = stores[mover].as_i64().unwrap() - stores[1 - mover].as_i64().unwrap();
            let pit = m["pit"].as_str().unwrap();
            assert_eq!(values[pit].as_i64(), Some(net), "{args:?} {pit}");
        }
    }
}

/// After ply 30 of the lecture, `a` would leave North's row empty: the
/// feeding rule forbids it, and it is not listed.
#[test]
fn a_move_that_fails_feeding_is_not_listed() {
    let moves = &json_lines(&["moves", LECTURE, "--ply", "30", "--format", "json"])[0];
    let pits: Vec<&str> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["pit"].as_str().unwrap())
        .collect();
    assert!(!pits.contains(&"a"), "{pits:?}");
    assert!(pits.contains(&"e"), "{pits:?}");
}

#[test]
fn a_move_that_ends_the_game_says_so() {
    insta::assert_snapshot!(
        "ends_the_game",
        run(
            &[
                "moves",
                "--setup",
                "1,1,1,0,0,0/0,1,0,0,0,0 23-21 S",
                "--width",
                "100"
            ],
            None
        )
    );
}

#[test]
fn a_finished_game_has_no_move() {
    insta::assert_snapshot!("over_text", run(&["moves", "--setup", OVER], None));
    insta::assert_snapshot!(
        "over_json",
        run(&["moves", "--setup", OVER, "--format", "json"], None)
    );
    // The end of a finished record.
    insta::assert_snapshot!(
        "over_record",
        run(&["moves", LECTURE, "--format", "json"], None)
    );
}

#[test]
fn csv_and_markdown() {
    insta::assert_snapshot!(
        "csv",
        run(&["moves", LECTURE, "--ply", "3", "--format", "csv"], None)
    );
    insta::assert_snapshot!(
        "markdown",
        run(
            &[
                "moves", LECTURE, "--ply", "3", "--format", "markdown", "--ascii"
            ],
            None
        )
    );
}

/// Every line fits `--width`. With `--laps full` at 40 columns the widest lap
/// and the `capture` title, words that are never broken, need 42.
#[test]
fn tables_fit_the_width() {
    for width in ["40", "60", "80", "120"] {
        for laps in ["compact", "full"] {
            if (width, laps) == ("40", "full") {
                continue;
            }
            let args = [
                "moves", LECTURE, "--ply", "2", "--laps", laps, "--width", width,
            ];
            let out = common::ayo().args(args).output().unwrap();
            let text = String::from_utf8(out.stdout).unwrap();
            let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
            assert!(widest <= width.parse().unwrap(), "{args:?}:\n{text}");
        }
    }
}

#[test]
fn errors() {
    insta::assert_snapshot!("bad_setup", run(&["moves", "--setup", "1,2/3"], None));
    insta::assert_snapshot!(
        "ply_past_end",
        run(&["moves", LECTURE, "--ply", "99"], None)
    );
    assert_eq!(code(&["moves", "--setup", START, "--ply", "2"], None), 2);
    insta::assert_snapshot!(
        "undecided",
        run(&["moves", "--max-laps", "2", "--setup", START], None)
    );
}

#[test]
fn schema() {
    let out = run(&["moves", "--schema"], None);
    let schema: Value = serde_json::from_str(out.split_once("--- stdout\n").unwrap().1).unwrap();
    let props = schema["properties"].as_object().unwrap();
    for field in ["rules", "setup", "to_move", "moves", "result"] {
        assert!(props.contains_key(field), "{field}");
    }
    insta::assert_snapshot!("schema", out);
}

#[test]
fn help() {
    insta::assert_snapshot!("help", run(&["moves", "--help"], None));
}

/// `--rules` decides what a move does: with the capturing seed staying in
/// its pit, every capture of the start is one seed less.
#[test]
fn rules_change_the_moves() {
    insta::assert_snapshot!(
        "rules_capture_seed_stays",
        run(
            &[
                "moves",
                "--setup",
                START,
                "--rules",
                "russ capture-seed=stays",
                "--format",
                "csv"
            ],
            None
        )
    );
}
