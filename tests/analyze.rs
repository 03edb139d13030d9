//! `ayo best`, `ayo analyze` and `ayo generate` from the command line.

use crate::common;

use common::{code, run};

use ayo::generate::{Match, Player};
use ayo::notation::Record;
use ayo::replay::{Game, Options};
use ayo::rules::{Engine, Ruleset, SplitMix64};
use ayo::search::{Limits, Search};

/// Milliseconds differ run after run.
fn no_ms(text: &str) -> String {
    regex::Regex::new(r#""ms":\d+"#)
        .unwrap()
        .replace_all(text, r#""ms":0"#)
        .into_owned()
}

#[test]
fn best_text_and_json() {
    insta::assert_snapshot!(
        "best_setup",
        run(
            &["best", "--setup", "1,1,1,0,0,0/0,1,0,0,0,0 23-21 S"],
            None
        )
    );
    insta::assert_snapshot!(
        "best_start_json",
        no_ms(&run(
            &[
                "best",
                "--setup",
                "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
                "--depth",
                "8",
                "--format",
                "json"
            ],
            None
        ))
    );
    insta::assert_snapshot!(
        "best_north_to_move",
        run(
            &[
                "best",
                "--setup",
                "0,0,2,0,0,0/1,1,0,0,1,1 19-23 N",
                "--rules",
                "endodoi"
            ],
            None
        )
    );
    insta::assert_snapshot!(
        "best_record_ply",
        run(
            &[
                "best",
                "fixtures/opening-lecture.ayo",
                "--ply",
                "4",
                "--depth",
                "6"
            ],
            None
        )
    );
    insta::assert_snapshot!(
        "best_nodes",
        run(
            &[
                "best",
                "--setup",
                "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
                "--nodes",
                "3000"
            ],
            None
        )
    );
}

#[test]
fn best_when_the_game_is_over() {
    insta::assert_snapshot!(
        "best_over_text",
        run(&["best", "fixtures/mokola-open-r1.ayo"], None)
    );
    insta::assert_snapshot!(
        "best_over_json",
        no_ms(&run(
            &[
                "best",
                "--setup",
                "0,0,0,0,0,0/1,0,0,0,0,2 20-25 S",
                "--format",
                "json"
            ],
            None
        ))
    );
}

#[test]
fn best_errors() {
    insta::assert_snapshot!("best_bad_setup", run(&["best", "--setup", "1,2/3"], None));
    insta::assert_snapshot!(
        "best_two_limits",
        run(
            &[
                "best",
                "--depth",
                "3",
                "--nodes",
                "9",
                "--setup",
                "1,1/1,1 0-0 S"
            ],
            None
        )
    );
    insta::assert_snapshot!(
        "best_bad_time",
        run(
            &["best", "--time", "soon", "--setup", "1,1/1,1 0-0 S"],
            None
        )
    );
    insta::assert_snapshot!(
        "best_ply_past_end",
        run(
            &["best", "fixtures/opening-lecture.ayo", "--ply", "999"],
            None
        )
    );
    insta::assert_snapshot!(
        "best_undecided",
        run(&["best", "--max-laps", "2"], Some(b"1. c *\n"))
    );
}

#[test]
fn analyze_formats() {
    let file = "fixtures/mokola-open-r2.ayo";
    for format in ["table", "markdown", "csv", "json"] {
        insta::assert_snapshot!(
            format!("analyze_{format}"),
            run(&["analyze", file, "--depth", "6", "--format", format], None)
        );
    }
    insta::assert_snapshot!(
        "analyze_thresholds",
        run(
            &[
                "analyze",
                file,
                "--depth",
                "6",
                "--blunder",
                "3",
                "--mistake",
                "2",
                "--inaccuracy",
                "1",
                "--format",
                "csv"
            ],
            None
        )
    );
}

#[test]
fn analyze_stops_at_an_illegal_move() {
    let out = run(
        &["analyze", "fixtures/invalid/empty-pit.ayo", "--depth", "4"],
        None,
    );
    assert!(out.starts_with("exit 1\n"), "{out}");
    insta::assert_snapshot!("analyze_invalid", out);
}

/// --format ayo keeps everything, re-parses, replays valid, and is idempotent.
#[test]
fn analyze_format_ayo() {
    let file = "fixtures/opening-lecture.ayo";
    let once = ayo_stdout(&["analyze", file, "--depth", "6", "--format", "ayo"], None);
    insta::assert_snapshot!("analyze_format_ayo", once);
    let twice = ayo_stdout(
        &["analyze", "-", "--depth", "6", "--format", "ayo"],
        Some(once.as_bytes()),
    );
    assert_eq!(once, twice);
    let record = Record::parse(&once).unwrap();
    assert!(Game::replay(record.clone(), &Options::default()).is_valid());
    // Every original comment, glyph, NAG and variation is still there.
    let original = Record::parse(&std::fs::read_to_string(file).unwrap()).unwrap();
    for (before, after) in original.moves.iter().zip(&record.moves) {
        let texts =
            |m: &ayo::notation::Move| m.after().iter().map(|c| c.text.clone()).collect::<Vec<_>>();
        let kept: Vec<String> = texts(after)
            .into_iter()
            .filter(|t| !ayo::analysis::MoveVerdict::is_verdict_comment(t))
            .collect();
        assert_eq!(texts(before), kept);
        if before.glyph.is_some() {
            assert_eq!(before.glyph, after.glyph);
        }
        assert_eq!(before.nags().len(), after.nags().len());
        assert_eq!(before.variations().len(), after.variations().len());
        assert_eq!(before.before().len(), after.before().len());
    }
}

/// --format ayo loses no game: one with a syntax error or an unreadable
/// Rules tag is printed as it was written (and reported, exit 1).
#[test]
fn analyze_format_ayo_keeps_broken_games() {
    let good = "[Event \"good\"]\n[Rules \"russ\"]\n[Result \"*\"]\n\n1. c D 2. e *\n";
    let syntax = "[Event \"syntax\"]\n[Rules \"russ\"]\n\n1. c ]] D  *\n";
    let rules = "[Event \"bad rules\"]\n[Rules \"rus pit=8\"]\n\n1. c   D *\n";
    let input = format!("{good}\n{syntax}\n{rules}");
    let out = common::ayo()
        .args(["analyze", "-", "--depth", "2", "--format", "ayo"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let games: Vec<&str> = stdout.split("\n\n[").collect();
    assert_eq!(games.len(), 3, "{stdout}");
    assert!(games[0].starts_with("[Event \"good\"]"), "{stdout}");
    assert!(games[0].contains("1. c D 2. e"), "{stdout}");
    assert_eq!(format!("[{}\n", games[1]), syntax);
    assert_eq!(format!("[{}", games[2]), rules);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("<stdin>:10:6:"), "{stderr}");
    assert!(stderr.contains("Rules tag"), "{stderr}");
}

fn ayo_stdout(args: &[&str], stdin: Option<&[u8]>) -> String {
    let mut cmd = common::ayo();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let out = cmd.output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn generate_is_deterministic_and_valid() {
    let args = [
        "generate",
        "--games",
        "20",
        "--seed",
        "9",
        "--south",
        "engine:3",
        "--opening",
        "2",
        "--alternate",
    ];
    let a = ayo_stdout(&args, None);
    assert_eq!(a, ayo_stdout(&args, None));
    assert_eq!(code(&["validate", "-"], Some(a.as_bytes())), 0);
    insta::assert_snapshot!(
        "generate_two",
        ayo_stdout(
            &[
                "generate", "--games", "2", "--seed", "3", "--north", "engine:2"
            ],
            None
        )
    );
    // Game 2 is the same whether one or two games are made.
    let setup = "3,3,3,3/3,3,3,3 0-0 S";
    let two = ayo_stdout(
        &[
            "generate",
            "--games",
            "2",
            "--rules",
            "russ pits=4 seeds=3",
            "--setup",
            setup,
        ],
        None,
    );
    let valid = run(&["validate", "-"], Some(two.as_bytes()));
    assert!(valid.starts_with("exit 0"), "{valid}");
    assert!(two.contains("[Setup \"3,3,3,3/3,3,3,3 0-0 S\"]"));
}

#[test]
fn generate_errors() {
    insta::assert_snapshot!(
        "generate_bad_player",
        run(&["generate", "--south", "engine:0"], None)
    );
    insta::assert_snapshot!(
        "generate_undecided",
        run(&["generate", "--max-laps", "1"], None)
    );
}

/// The ply guard: a game stopped by it ends with `*` and a comment, and
/// still replays valid.
#[test]
fn ply_guard() {
    let engine = Engine::new(Ruleset::RUSS);
    let m = Match {
        players: [Player::Random, Player::Engine(Limits::depth(2))],
        opening: 0,
        max_plies: 6,
        setup: false,
    };
    let mut search = Search::with_table_bits(engine, 10);
    let record = m
        .play(&mut search, &engine.start(), &mut SplitMix64::new(4), 3)
        .unwrap();
    let text = record.to_text();
    insta::assert_snapshot!("ply_guard", text);
    assert!(Game::replay(Record::parse(&text).unwrap(), &Options::default()).is_valid());
}

#[test]
fn help() {
    for cmd in ["best", "analyze", "generate"] {
        insta::assert_snapshot!(format!("help_{cmd}"), run(&[cmd, "--help"], None));
    }
}
