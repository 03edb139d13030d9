//! `ayo stats`: figures checked by hand on `fixtures/corpus/tournament.ayo`,
//! every format and flag as snapshots, and the exit codes.

use crate::common;

use common::{ayo, code, run};

const TOURNAMENT: &str = "fixtures/corpus/tournament.ayo";
const SEASON: &str = "fixtures/corpus/season.ayo";

/// A valid game, an illegal one (`c` twice), one that does not parse, and a
/// valid one under a Rules tag that is no ruleset (invalid: no rules).
const MIXED: &[u8] =
    b"1. cx7 Fx2 2. d 1-0\n\n1. c c *\n\n1. c % *\n\n[Rules \"oware\"]\n\n1. c 0-1\n";

fn stats_json(args: &[&str], stdin: Option<&[u8]>) -> serde_json::Value {
    let mut cmd = ayo();
    cmd.args(["stats", "--format", "json"]).args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let out = cmd.output().unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The tournament's figures, counted by hand from its ten games.
#[test]
fn figures_are_as_counted_by_hand() {
    let s = stats_json(&[TOURNAMENT], None);
    assert_eq!(
        (&s["game_count"], &s["valid_count"], &s["invalid_count"]),
        (&10.into(), &10.into(), &0.into())
    );
    // 1-0: games 1, 4, 5, 6, 7; 0-1: 2, 9; draws: 3, 8; `*`: 10.
    assert_eq!(
        s["results"],
        serde_json::json!({"south": 5, "north": 2, "draw": 2, "unfinished": 1})
    );
    assert_eq!(s["rulesets"][0]["rules"], "russ");
    assert_eq!(s["rulesets"][0]["game_count"], 10);
    // Plies: 11, 20, 33, 23, 57, 17, 15, 13, 16, 9 = 214, the longest 57.
    assert_eq!(s["plies_per_game"]["count"], 10);
    assert_eq!(s["plies_per_game"]["mean"], 21.4);
    assert_eq!(s["plies_per_game"]["max"], 57);
    // Every move of these valid games was played: 214 moves.
    assert_eq!(s["laps_per_move"]["count"], 214);
    // Majority: 1, 2, 5, 6, 7, 9; no legal move: 3 (24-24) and 4 (North
    // stuck); the draw by agreement (8) and the adjourned game (10) stop
    // before the end.
    assert_eq!(
        s["endings"],
        serde_json::json!({"majority": 6, "no-legal-move": 2, "unfinished": 2})
    );
    // First moves: c in 1 and 3 (a win and a draw), f in 2 and 8 (a loss and
    // a draw), e in 4, 6, 7 and 10 (three wins and `*`), b in 5, d in 9.
    let firsts: Vec<(String, u64, f64)> = s["first_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["pit"].as_str().unwrap().to_string(),
                f["game_count"].as_u64().unwrap(),
                f["points_rate"].as_f64().unwrap(),
            )
        })
        .collect();
    let expected = [
        ("b", 1, 1.0),
        ("c", 2, 0.75),
        ("d", 1, 0.0),
        ("e", 4, 1.0),
        ("f", 2, 0.25),
    ];
    assert_eq!(
        firsts,
        expected.map(|(p, g, s)| (p.to_string(), g, s)).to_vec()
    );
}

#[test]
fn table() {
    insta::assert_snapshot!(run(&["stats", TOURNAMENT], None));
}

#[test]
fn markdown() {
    insta::assert_snapshot!(run(&["stats", "--format", "markdown", TOURNAMENT], None));
}

#[test]
fn csv() {
    insta::assert_snapshot!(run(&["stats", "--format", "csv", TOURNAMENT], None));
}

#[test]
fn json() {
    insta::assert_snapshot!(run(
        &["stats", "--format", "json", TOURNAMENT, SEASON],
        None
    ));
}

#[test]
fn ascii() {
    insta::assert_snapshot!(run(&["stats", "--ascii", SEASON], None));
}

#[test]
fn invalid_games_are_counted_and_exit_1() {
    // The ruleset that cannot be read is listed last, as `null`.
    insta::assert_snapshot!(run(&["stats", "--format", "json"], Some(MIXED)));
    insta::assert_snapshot!(run(&["stats"], Some(MIXED)));
}

#[test]
fn one_game_of_each_file() {
    insta::assert_snapshot!(run(
        &[
            "stats", "--format", "csv", "--game", "2", TOURNAMENT, SEASON
        ],
        None
    ));
    insta::assert_snapshot!(run(&["stats", "--game", "11", TOURNAMENT], None));
}

#[test]
fn replay_flags() {
    // Under `capture-seed=stays` the tournament's claims are wrong: every
    // game that captures is invalid, and the results are by that ruleset.
    let s = stats_json(&["--rules", "russ capture-seed=stays", TOURNAMENT], None);
    assert_eq!(s["valid_count"], 0);
    assert_eq!(s["rulesets"][0]["rules"], "russ capture-seed=stays");
    assert_eq!(s["rulesets"][0]["game_count"], 10);
    // One lap decides no relay: the games with one are invalid.
    let s = stats_json(&["--max-laps", "1", TOURNAMENT], None);
    assert_eq!(s["valid_count"], 0);
    // A warning (a misspelt tag) is an error with --deny-warnings.
    let warned = b"[Rule \"russ\"]\n\n1. cx7 *\n";
    assert_eq!(stats_json(&[], Some(warned))["valid_count"], 1);
    assert_eq!(
        stats_json(&["--deny-warnings"], Some(warned))["valid_count"],
        0
    );
}

#[test]
fn games_over_the_size_limit() {
    // Games 3 and 5 are over 300 bytes: reported, and counted as games that
    // do not parse.
    insta::assert_snapshot!(run(
        &[
            "stats",
            "--format",
            "csv",
            "--max-game-bytes",
            "300",
            TOURNAMENT
        ],
        None
    ));
}

#[test]
fn width() {
    // Ruleset strings wrap at spaces; numbers stay whole.
    insta::assert_snapshot!(run(
        &["stats", "--width", "40", "fixtures/club-night.ayo"],
        None
    ));
}

#[test]
fn nothing_to_count() {
    insta::assert_snapshot!(run(&["stats"], Some(b"")));
    insta::assert_snapshot!(run(&["stats", "--format", "json"], Some(b"")));
}

#[test]
fn exit_codes() {
    assert_eq!(code(&["stats", TOURNAMENT], None), 0);
    assert_eq!(code(&["stats"], Some(MIXED)), 1);
    assert_eq!(code(&["stats", TOURNAMENT, "no/such.ayo"], None), 2);
    assert_eq!(code(&["stats", "--format", "yaml"], None), 2);
}

/// Figures do not depend on how the games are split among files.
#[test]
fn the_same_games_give_the_same_figures_however_read() {
    let mut both = std::fs::read(TOURNAMENT).unwrap();
    both.extend_from_slice(b"\n");
    both.extend(std::fs::read(SEASON).unwrap());
    assert_eq!(
        stats_json(&[TOURNAMENT, SEASON], None),
        stats_json(&[], Some(&both))
    );
}

#[test]
fn schema_and_output_agree() {
    let out = ayo().args(["stats", "--schema"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let schema: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    for value in [
        stats_json(&[TOURNAMENT, SEASON], None),
        stats_json(&[], Some(MIXED)),
        stats_json(&[], Some(b"")),
    ] {
        assert!(validator.is_valid(&value), "{value}");
    }
    insta::assert_snapshot!(run(&["stats", "--schema"], None));
}

#[test]
fn help() {
    insta::assert_snapshot!(run(&["stats", "--help"], None));
}
