//! The everyday surface, through the real binary: one numbering of games, one
//! error format, shared flags that mean the same everywhere, and `compare`
//! starting from the record's own ruleset.

use crate::common;

use common::{code, run};

/// The commands that read records, each with the arguments it needs.
const RECORD_COMMANDS: [&[&str]; 7] = [
    &["validate"],
    &["json"],
    &["annotate"],
    &["board"],
    &["compare"],
    &["fmt"],
    &["moves"],
];

#[test]
fn game_past_the_end_is_a_usage_error_everywhere() {
    for cmd in RECORD_COMMANDS {
        let mut args = cmd.to_vec();
        args.extend(["--game", "9", "fixtures/club-night.ayo"]);
        let out = run(&args, None);
        assert!(
            out.starts_with("exit 2\n")
                && out.contains("\nerror: --game 9: fixtures/club-night.ayo has 7 games\n"),
            "{args:?}: {out}"
        );
        // The game that exists is printed, and only that one.
        let mut args = cmd.to_vec();
        args.extend(["--game", "2", "fixtures/canonical.ayo"]);
        assert_eq!(code(&args, None), 0, "{args:?}");
    }
    insta::assert_snapshot!(run(&["json", "--game", "3", "fixtures/canonical.ayo"], None), @"
    exit 2
    --- stderr
    error: --game 3: fixtures/canonical.ayo has 2 games
    ");
}

/// `ayo json` of the seven games of `fixtures/club-night.ayo`: input for
/// `ayo import`.
fn club_night_json() -> Vec<u8> {
    common::ayo()
        .args(["json", "fixtures/club-night.ayo"])
        .output()
        .unwrap()
        .stdout
}

/// `--game N` past the end of an input is a usage error in every command
/// that has `--game`: exit 2, the error, and nothing else, not even a table,
/// count, summary or page of the games that are there (a partial one).
#[test]
fn game_past_the_end_says_only_so() {
    let json = club_night_json();
    let dir = tempfile::tempdir().unwrap();
    let split = dir.path().join("split");
    let site = dir.path().join("site");
    let commands: [&[&str]; 17] = [
        &["validate"],
        &["validate", "--format", "json"],
        &["json"],
        &["annotate"],
        &["board"],
        &["compare"],
        &["fmt"],
        &["moves"],
        &["best", "--depth", "1"],
        &["analyze"],
        &["html"],
        &["html", "--out-dir", site.to_str().unwrap()],
        &["stats"],
        &["standings"],
        &["filter"],
        &["filter", "--count"],
        &[
            "filter",
            "--split-by",
            "Round",
            "--out",
            split.to_str().unwrap(),
        ],
    ];
    let error = "error: --game 9: fixtures/club-night.ayo has 7 games\n";
    for cmd in commands {
        let mut args = cmd.to_vec();
        args.extend(["--game", "9", "fixtures/club-night.ayo"]);
        assert_eq!(
            run(&args, None),
            format!("exit 2\n--- stderr\n{error}"),
            "{args:?}"
        );
    }
    assert_eq!(
        run(&["import", "--game", "9"], Some(&json)),
        "exit 2\n--- stderr\nerror: --game 9: <stdin> has 7 games\n"
    );
    // Two inputs, the second too short: the commands that sum up every
    // input print nothing that would leave it out.
    let error = "error: --game 2: fixtures/mokola-open-r1.ayo has 1 game\n";
    for cmd in [
        &["validate"][..],
        &["stats"],
        &["stats", "--format", "csv"],
        &["standings"],
        &["standings", "--format", "csv"],
        &["filter", "--count"],
        &[
            "filter",
            "--split-by",
            "Round",
            "--out",
            split.to_str().unwrap(),
        ],
        &["html"],
        &["html", "--out-dir", site.to_str().unwrap()],
    ] {
        let mut args = cmd.to_vec();
        args.extend([
            "--game",
            "2",
            "fixtures/canonical.ayo",
            "fixtures/mokola-open-r1.ayo",
        ]);
        assert_eq!(
            run(&args, None),
            format!("exit 2\n--- stderr\n{error}"),
            "{args:?}"
        );
    }
    for folder in [split, site] {
        let files = std::fs::read_dir(&folder).map_or(0, Iterator::count);
        assert_eq!(files, 0, "{}", folder.display());
    }
}

#[test]
fn import_takes_game_too() {
    let json = club_night_json();
    let fmt = common::ayo()
        .args(["fmt", "--game", "3", "fixtures/club-night.ayo"])
        .output()
        .unwrap()
        .stdout;
    let out = common::ayo()
        .args(["import", "--game", "3"])
        .write_stdin(json.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&fmt)
    );
    insta::assert_snapshot!(run(&["import", "--game", "8"], Some(&json)), @"
    exit 2
    --- stderr
    error: --game 8: <stdin> has 7 games
    ");
}

#[test]
fn the_selected_game_is_the_only_one_read() {
    // The second game only: the first has a syntax error that must not be
    // reported, and the exit code is the second game's.
    let text = b"[Event \"broken\"]\n\n1. a %\n\n[Event \"fine\"]\n\n1. c *\n";
    insta::assert_snapshot!(run(&["validate", "--game", "2"], Some(text)), @"
    exit 0
    --- stderr
    1 game, 1 valid, 0 invalid
    ");
    insta::assert_snapshot!(run(&["validate", "--game", "1"], Some(text)), @"
    exit 1
    --- stderr
    error: <stdin>:3:6: expected a move, a move number, a comment, a variation or a game-termination token; found `%`
      |
    3 | 1. a %
      |      ^ syntax error
      |
    1 game, 0 valid, 1 invalid
    ");
}

#[test]
fn ply_past_the_end_is_a_usage_error() {
    insta::assert_snapshot!(run(&["board", "--ply", "99", "fixtures/canonical.ayo", "--game", "1"], None), @"
    exit 2
    --- stderr
    error: --ply 99: fixtures/canonical.ayo: game 1 has 23 plies
    ");
}

#[test]
fn flags_out_of_range_are_usage_errors() {
    for args in [
        &["validate", "--max-laps", "0", "fixtures/canonical.ayo"][..],
        &["compare", "--max-laps", "0", "fixtures/canonical.ayo"],
        &["validate", "--game", "0", "fixtures/canonical.ayo"],
        &["validate", "--game", "-1", "fixtures/canonical.ayo"],
        &[
            "json",
            "--game",
            "18446744073709551616",
            "fixtures/canonical.ayo",
        ],
    ] {
        let out = run(args, None);
        assert!(out.starts_with("exit 2\n"), "{args:?}: {out}");
        assert!(out.contains("error: "), "{args:?}: {out}");
    }
}

#[test]
fn one_error_format() {
    // No place: `error: FILE: message`.
    insta::assert_snapshot!(run(&["validate", "no-such-file.ayo"], None), @"
    exit 2
    --- stderr
    error: no-such-file.ayo: No such file or directory
    0 games, 0 valid, 0 invalid
    ");
    // A place: `error: FILE:LINE:COLUMN: message` and the line.
    insta::assert_snapshot!(run(&["validate", "fixtures/invalid/empty-pit.ayo"], None), @"
    exit 1
    --- stderr
    error: fixtures/invalid/empty-pit.ayo:10:15: ply 3, South's e: empty pit (legal: b, c, d, f)
       |
    10 | 1. cx7 Fx2 2. e B 3. a *
       |               ^ illegal move
       |
    2 games, 1 valid, 1 invalid
    ");
    // A usage error: `error: message`.
    insta::assert_snapshot!(run(&["board", "--setup", "1,2/3"], None), @"
    exit 2
    --- stderr
    error: --setup: expected three parts separated by spaces: rows (south/north), stores (S-N) and the side to move (S or N), e.g. `2,5,2,0,3,2/1,0,1,3,2,0 16-11 S`; found 1
    ");
}

#[test]
fn an_unreadable_file_does_not_stop_the_others() {
    let out = run(
        &["validate", "no-such-file.ayo", "fixtures/canonical.ayo"],
        None,
    );
    insta::assert_snapshot!(out, @"
    exit 2
    --- stderr
    error: no-such-file.ayo: No such file or directory
    2 games, 2 valid, 0 invalid
    ");
}

#[test]
fn compare_starts_from_the_records_own_ruleset() {
    let rows = |args: &[&str]| -> Vec<String> {
        let out = common::ayo().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| format!("{} -> {}", r["rules"], r["winner"]))
            .collect()
    };
    insta::assert_debug_snapshot!(rows(&["compare", "--format", "json", "fixtures/endodoi-2x12.ayo"]), @r#"
    [
        "\"endodoi pits=12 seeds=3\" -> \"south\"",
        "\"russ pits=12 seeds=3 feeding=none\" -> \"south\"",
        "\"endodoi pits=12 seeds=3 skip-origin=beyond-lap\" -> \"south\"",
        "\"endodoi pits=12 seeds=3 capture-seed=stays\" -> null",
        "\"russ pits=12 seeds=3 skip-origin=never\" -> null",
        "\"endodoi pits=12 seeds=3 leftovers=owner\" -> \"south\"",
        "\"endodoi pits=12 seeds=3 end=exhaustion\" -> \"south\"",
    ]
    "#);
    insta::assert_debug_snapshot!(rows(&["compare", "--format", "json", "fixtures/leftovers-owner.ayo"]), @r#"
    [
        "\"russ leftovers=owner\" -> \"north\"",
        "\"russ skip-origin=beyond-lap leftovers=owner\" -> null",
        "\"russ skip-origin=never leftovers=owner\" -> null",
        "\"russ capture-seed=stays leftovers=owner\" -> null",
        "\"russ feeding=none leftovers=owner\" -> null",
        "\"russ\" -> \"south\"",
        "\"russ leftovers=owner end=exhaustion\" -> \"north\"",
    ]
    "#);
    insta::assert_debug_snapshot!(
        rows(&["compare", "--format", "json", "--rules", "sources", "fixtures/endodoi-2x12.ayo"]),
        @r#"
    [
        "\"russ pits=12 seeds=3\" -> null",
        "\"russ pits=12 seeds=3 end=exhaustion\" -> null",
        "\"russ pits=12 seeds=3 skip-origin=beyond-lap capture-seed=stays end=exhaustion\" -> null",
        "\"endodoi pits=12 seeds=3 end=exhaustion\" -> \"south\"",
    ]
    "#
    );
    // --rules replaces the set, `sources` mixes with named rulesets.
    insta::assert_debug_snapshot!(
        rows(&["compare", "--format", "json", "--rules", "endodoi pits=12 seeds=3", "--rules", "sources", "fixtures/endodoi-2x12.ayo"]),
        @r#"
    [
        "\"endodoi pits=12 seeds=3\" -> \"south\"",
        "\"russ pits=12 seeds=3\" -> null",
        "\"russ pits=12 seeds=3 end=exhaustion\" -> null",
        "\"russ pits=12 seeds=3 skip-origin=beyond-lap capture-seed=stays end=exhaustion\" -> null",
        "\"endodoi pits=12 seeds=3 end=exhaustion\" -> \"south\"",
    ]
    "#
    );
}

#[test]
fn compare_reports_a_record_whose_rules_tag_is_not_a_ruleset() {
    insta::assert_snapshot!(run(&["compare", "fixtures/invalid/bad-rules-tag.ayo"], None), @r#"
    exit 1
    --- stdout
    Game 2: Jide Okonkwo (South) v Morenike Oladele (North), Ijebu-Ode Ayo Circle, round 5, 2025.03.29,
    rules: russ

    ┌────────────────────────────┬────────────────────────────┬──────────────────┬────────────┬────────┐
    │ ruleset                    ┆ verdict                    ┆ differs from ply ┆ score      ┆ winner │
    ╞════════════════════════════╪════════════════════════════╪══════════════════╪════════════╪════════╡
    │ russ                       ┆ legal throughout           ┆ (reference)      ┆ 27-11      ┆ South  │
    │ russ                       ┆ illegal at ply 9: empty    ┆ 3                ┆ unfinished ┆ -      │
    │ skip-origin=beyond-lap     ┆ pit (legal: b, d, e, f); 4 ┆                  ┆            ┆        │
    │                            ┆ claim, result or tag       ┆                  ┆            ┆        │
    │                            ┆ errors                     ┆                  ┆            ┆        │
    │ russ skip-origin=never     ┆ illegal at ply 9: empty    ┆ 3                ┆ unfinished ┆ -      │
    │                            ┆ pit (legal: b, d, e, f); 4 ┆                  ┆            ┆        │
    │                            ┆ claim, result or tag       ┆                  ┆            ┆        │
    │                            ┆ errors                     ┆                  ┆            ┆        │
    │ russ capture-seed=stays    ┆ illegal at ply 4: empty    ┆ 1                ┆ unfinished ┆ -      │
    │                            ┆ pit (legal: C, D, E); 2    ┆                  ┆            ┆        │
    │                            ┆ claim, result or tag       ┆                  ┆            ┆        │
    │                            ┆ errors                     ┆                  ┆            ┆        │
    │ russ feeding=none          ┆ legal throughout           ┆ -                ┆ 27-11      ┆ South  │
    │ russ leftovers=owner       ┆ legal throughout           ┆ -                ┆ 27-11      ┆ South  │
    │ russ end=exhaustion        ┆ legal throughout           ┆ -                ┆ unfinished ┆ -      │
    └────────────────────────────┴────────────────────────────┴──────────────────┴────────────┴────────┘
    --- stderr
    error: fixtures/invalid/bad-rules-tag.ayo:8:8: Rules tag: unknown rule key `leftover` (did you mean `leftovers`?): expected one of pits, seeds, skip-origin, capture-seed, feeding, leftovers, end
      |
    8 | [Rules "russ leftover=owner"]
      |        ^^^^^^^^^^^^^^^^^^^^^ not a ruleset
      |
    "#);
}

/// Every `<VALUE>` name in every command's help, by flag: each flag has one
/// value name everywhere, and rulesets, numbers and set-ups are called
/// RULESET, N and SETUP.
#[test]
fn value_names_agree_across_commands() {
    use std::collections::BTreeMap;
    let mut names: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for cmd in [
        "validate",
        "annotate",
        "board",
        "compare",
        "json",
        "import",
        "fmt",
        "perft",
        "completions",
    ] {
        let out = common::ayo().args([cmd, "--help"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        for line in help.lines() {
            let line = line.trim_start();
            let Some(rest) = line.strip_prefix("--") else {
                continue;
            };
            let flag = rest.split([' ', '=']).next().unwrap_or("").to_string();
            if let (Some(a), Some(b)) = (rest.find('<'), rest.find('>')) {
                names
                    .entry(flag)
                    .or_default()
                    .entry(rest[a + 1..b].to_string())
                    .or_default()
                    .push(cmd.to_string());
            }
        }
    }
    for (flag, values) in &names {
        assert_eq!(
            values.len(),
            1,
            "--{flag} has several value names: {values:?}"
        );
        let name = values.keys().next().unwrap();
        assert!(
            [
                "RULESET", "N", "SETUP", "FORMAT", "LAPS", "DIR", "SHELL", "FILE", "LEVEL"
            ]
            .contains(&name.as_str()),
            "--{flag} <{name}>"
        );
    }
}

#[test]
fn a_game_over_max_game_bytes_is_reported_and_skipped() {
    let big = format!(
        "[Event \"big\"]\n\n1. c {{{}}} *\n\n[Event \"next\"]\n\n1. c *\n",
        "x".repeat(3000)
    );
    insta::assert_snapshot!(run(&["validate", "--max-game-bytes", "1000"], Some(big.as_bytes())), @"
    exit 1
    --- stderr
    error: <stdin>:1:1: game too large: 3024 bytes, over the maximum of 1000 bytes; skipped
    2 games, 1 valid, 1 invalid
    ");
    // The default holds it.
    assert_eq!(code(&["validate"], Some(big.as_bytes())), 0);
}

/// `--max-game-bytes` is offered by the commands that read records, and by
/// no other: it means nothing to one that reads none.
#[test]
fn max_game_bytes_only_where_records_are_read() {
    let readers = [
        "validate",
        "annotate",
        "board",
        "html",
        "compare",
        "json",
        "fmt",
        "filter",
        "duplicates",
        "standings",
        "stats",
        "best",
        "moves",
        "analyze",
    ];
    for cmd in readers {
        let help = run(&[cmd, "--help"], None);
        assert!(help.contains("--max-game-bytes <N>"), "{cmd}");
    }
    let others: [&[&str]; 9] = [
        &["import"],
        &["perft", "1"],
        &["generate"],
        &["completions", "bash"],
        &["man"],
        &["tables", "build", "--max-seeds", "1"],
        &["tables", "probe", "--setup", "1,0/0,0 0-0 S"],
        &["tables", "verify"],
        &["tables", "info"],
    ];
    for args in others {
        let help = run(&[args, &["--help"]].concat(), None);
        assert!(!help.contains("--max-game-bytes"), "{args:?}");
        let given = run(&[args, &["--max-game-bytes", "1000"]].concat(), None);
        assert!(
            given.starts_with("exit 2\n")
                && given.contains("unexpected argument '--max-game-bytes'"),
            "{args:?}: {given}"
        );
    }
}

#[test]
fn warnings_print_as_warnings_and_deny_warnings_makes_them_errors() {
    let text = b"[Event \"x\"]\n[Rule \"russ\"]\n[Date \"June 2025\"]\n\n1. c *\n";
    insta::assert_snapshot!(run(&["validate"], Some(text)), @r#"
    exit 0
    --- stderr
    warning: <stdin>:2:1: unknown tag `Rule`: did you mean `Rules`?
      |
    2 | [Rule "russ"]
      | ------------- unknown tag
      |
    warning: <stdin>:3:7: Date tag `June 2025` is not `YYYY.MM.DD` (`??` for unknown parts, as in `2026.??.??`)
      |
    3 | [Date "June 2025"]
      |       ----------- not a date
      |
    1 game, 1 valid, 0 invalid
    "#);
    insta::assert_snapshot!(run(&["validate", "--deny-warnings"], Some(text)), @r#"
    exit 1
    --- stderr
    error: <stdin>:2:1: unknown tag `Rule`: did you mean `Rules`?
      |
    2 | [Rule "russ"]
      | ^^^^^^^^^^^^^ unknown tag
      |
    error: <stdin>:3:7: Date tag `June 2025` is not `YYYY.MM.DD` (`??` for unknown parts, as in `2026.??.??`)
      |
    3 | [Date "June 2025"]
      |       ^^^^^^^^^^^ not a date
      |
    1 game, 0 valid, 1 invalid
    "#);
    // A known tag twice is an error either way.
    let twice = b"[Event \"x\"]\n[Event \"y\"]\n\n1. c *\n";
    assert_eq!(code(&["validate"], Some(twice)), 1);
}

/// A record with only warnings: an unknown tag one letter from a known one,
/// and a date not in `YYYY.MM.DD`.
const WARNED: &[u8] = b"[Event \"x\"]\n[Rule \"russ\"]\n[Date \"June 2025\"]\n\n1. c *\n";

/// A Date warning, then a real error (a wrong claim).
const WARNED_THEN_WRONG: &[u8] = b"[Event \"x\"]\n[Date \"June 2025\"]\n\n1. cx9 *\n";

/// The JSON lines of a run's standard output.
fn json_lines(args: &[&str], stdin: &[u8]) -> Vec<serde_json::Value> {
    let out = common::ayo()
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn warnings_are_apart_from_errors_in_validate_json() {
    insta::assert_snapshot!(run(&["validate", "--format", "json"], Some(WARNED)), @r#"
    exit 0
    --- stdout
    {"file":"<stdin>","game":1,"valid":true,"errors":[],"warnings":[{"severity":"warning","line":2,"column":1,"message":"unknown tag `Rule`: did you mean `Rules`?"},{"severity":"warning","line":3,"column":7,"message":"Date tag `June 2025` is not `YYYY.MM.DD` (`??` for unknown parts, as in `2026.??.??`)"}]}
    "#);
    // The first error is the game's real error, not the warning before it.
    insta::assert_snapshot!(run(&["validate", "--format", "json"], Some(WARNED_THEN_WRONG)), @r#"
    exit 1
    --- stdout
    {"file":"<stdin>","game":1,"valid":false,"errors":[{"severity":"error","line":4,"column":4,"message":"ply 1, South's c: claims 9 seeds, but the move captures 7 from B"}],"warnings":[{"severity":"warning","line":2,"column":7,"message":"Date tag `June 2025` is not `YYYY.MM.DD` (`??` for unknown parts, as in `2026.??.??`)"}]}
    "#);
    // `--deny-warnings` makes them errors, where errors go.
    let denied = json_lines(&["validate", "--format", "json", "--deny-warnings"], WARNED);
    assert_eq!(denied[0]["valid"], false);
    assert_eq!(denied[0]["warnings"], serde_json::json!([]));
    let errors = denied[0]["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 2);
    assert!(
        errors.iter().all(|e| e["severity"] == "error"),
        "{errors:?}"
    );
}

#[test]
fn warnings_are_apart_from_errors_in_ayo_json() {
    // One job streams a game's JSON, two buffer it: both paths split alike.
    for jobs in ["1", "2"] {
        let warned = &json_lines(&["json", "-j", jobs], WARNED)[0];
        assert_eq!(warned["valid"], true);
        assert_eq!(warned["errors"], serde_json::json!([]));
        let warnings = warned["warnings"].as_array().unwrap();
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings.iter().all(|w| w["severity"] == "warning"));
        let wrong = &json_lines(&["json", "-j", jobs], WARNED_THEN_WRONG)[0];
        assert_eq!(wrong["valid"], false);
        assert_eq!(wrong["errors"].as_array().unwrap().len(), 1);
        assert_eq!(wrong["errors"][0]["severity"], "error");
        assert_eq!(
            wrong["errors"][0]["message"],
            "ply 1, South's c: claims 9 seeds, but the move captures 7 from B"
        );
        assert_eq!(wrong["warnings"][0]["severity"], "warning");
        assert_eq!(wrong["warnings"][0]["line"], 2);
    }
    // A game that does not parse: its syntax error, no warnings.
    let unparsed = &json_lines(&["json"], b"[Date \"June\"]\n\n1. c % *\n")[0];
    assert_eq!(unparsed["errors"][0]["severity"], "error");
    assert_eq!(unparsed["warnings"], serde_json::json!([]));
    // `ayo import` reads the JSON back, warnings and all.
    let json = common::ayo()
        .arg("json")
        .write_stdin(WARNED_THEN_WRONG)
        .output()
        .unwrap()
        .stdout;
    let back = common::ayo()
        .arg("import")
        .write_stdin(json)
        .output()
        .unwrap();
    assert_eq!(back.stdout, WARNED_THEN_WRONG);
}

#[test]
fn schemas_have_warnings_and_severity() {
    for args in [&["validate", "--schema"][..], &["json", "--schema"]] {
        let out = common::ayo().args(args).output().unwrap();
        let schema: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for field in ["valid", "errors", "warnings"] {
            assert!(
                schema["properties"].get(field).is_some(),
                "{args:?}: {field}"
            );
        }
        let diagnostic = &schema["$defs"]["DiagnosticJson"];
        assert!(
            diagnostic["required"]
                .as_array()
                .unwrap()
                .contains(&"severity".into()),
            "{args:?}"
        );
        let severities: Vec<&str> = schema["$defs"]["Severity"]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["const"].as_str().unwrap())
            .collect();
        assert_eq!(severities, ["error", "warning"], "{args:?}");
        // Real output with warnings and errors is valid under it.
        let validator = jsonschema::validator_for(&schema).unwrap();
        let run_args: &[&str] = if args[0] == "json" {
            &["json"]
        } else {
            &["validate", "--format", "json"]
        };
        for input in [WARNED, WARNED_THEN_WRONG] {
            for line in json_lines(run_args, input) {
                assert!(validator.is_valid(&line), "{args:?}: {line}");
            }
        }
    }
}

#[test]
fn compare_gives_the_first_error_not_a_warning() {
    let text = b"[Date \"June 2025\"]\n[Setup \"abc\"]\n\n1. c *\n";
    let row = &json_lines(&["compare", "--format", "json"], text)[0]["rows"][0];
    assert_eq!(row["legal"], false);
    assert!(
        row["reason"].as_str().unwrap().starts_with("Setup tag:"),
        "{row}"
    );
    assert_eq!(row["other_error_count"], 0, "{row}");
    let claim = &json_lines(&["compare", "--format", "json"], WARNED_THEN_WRONG)[0]["rows"][0];
    assert_eq!(claim["other_error_count"], 1, "{claim}");
}

/// Counts read right in the singular, and no message names a Rust type.
#[test]
fn one_of_a_thing_is_said_in_the_singular_and_no_message_names_a_type() {
    let stats = run(&["stats"], Some(b"[Event \"x\"]\n\n1. c\n"));
    assert!(
        stats.contains("1 game: 0 valid, 1 invalid (1 does not parse)"),
        "{stats}"
    );
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let built = run(&["tables", "build", "--max-seeds", "1", "--dir", d], None);
    assert!(
        built.contains("sowing 1 move; 1 position on cycles, "),
        "{built}"
    );
    for (input, expected) in [
        (
            &b"[1]\n"[..],
            "expected a game object, as `ayo json` writes one",
        ),
        (
            &b"{\"moves\":[1]}\n"[..],
            "expected a move object, as in `ayo json`'s `moves`",
        ),
        (
            &b"{\"result\":1}\n"[..],
            "expected a result object, as in `ayo json`'s `result`",
        ),
    ] {
        let out = run(&["import"], Some(input));
        assert!(out.contains(expected), "{out}");
        assert!(!out.contains("struct") && !out.contains("Import"), "{out}");
    }
}

/// A title line at the top of a file is a game of its own with no tags
/// (grammar.md: a file is games; text before a tag section starts one):
/// reported at its first word with what may stand there, and the game after
/// it read as usual.
#[test]
fn a_title_line_before_the_first_game_says_what_was_expected() {
    let game = std::fs::read_to_string("fixtures/mokola-open-r1.ayo").unwrap();
    let text = format!("Club championship 2026\n\n{game}");
    let out = run(&["validate"], Some(text.as_bytes()));
    assert!(out.starts_with("exit 1\n"), "{out}");
    assert!(
        out.contains("error: <stdin>:1:1: expected a tag pair or a move; found `Club`: a title before a game must be a tag (`[Event \"...\"]`) or a `{comment}`\n"),
        "{out}"
    );
    assert!(out.contains("\n2 games, 1 valid, 1 invalid\n"), "{out}");
}
