//! Golden tests of the `ayo` binary over `fixtures/`, and its exit codes.
//!
//! Every fixture gets snapshots of what `validate`, `fmt` and `json` print;
//! `fixtures/malformed/` and `fixtures/invalid/` show the diagnostics.

use std::path::Path;

use crate::common;

use common::{ayo, code, run};

fn rel(path: &Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/")
}

#[test]
fn validate_every_fixture() {
    insta::glob!("../fixtures", "**/*.ayo", |path| {
        insta::assert_snapshot!(run(&["validate", &rel(path)], None));
    });
}

#[test]
fn fmt_every_fixture() {
    insta::glob!("../fixtures", "**/*.ayo", |path| {
        insta::assert_snapshot!(run(&["fmt", &rel(path)], None));
    });
}

#[test]
fn json_every_fixture() {
    insta::glob!("../fixtures", "**/*.ayo", |path| {
        insta::assert_snapshot!(run(&["json", &rel(path)], None));
    });
}

/// Every fixture, sorted, as paths from the repository root.
fn fixture_paths() -> Vec<String> {
    let mut files: Vec<String> = common::fixture_files().iter().map(|p| rel(p)).collect();
    files.sort();
    files
}

/// `ayo json --detail game` and `--detail moves` over every fixture (valid,
/// invalid, unparsed): one snapshot a level.
#[test]
fn json_detail_levels_over_every_fixture() {
    let files = fixture_paths();
    for level in ["game", "moves"] {
        let mut args = vec!["json", "--detail", level];
        args.extend(files.iter().map(String::as_str));
        insta::assert_snapshot!(format!("json_detail_{level}"), run(&args, None));
    }
}

/// The objects `ayo json ARGS` prints over every fixture.
fn json_objects(args: &[&str]) -> Vec<serde_json::Value> {
    let files = fixture_paths();
    let out = ayo().args(args).args(&files).output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `--detail full` is the default, and writes what `ayo json` wrote before
/// the levels (the `json_every_fixture` snapshots); the lighter levels say
/// what the full one says: the same top-level fields but the game's
/// comments, the counts of what it shows, and each move's pit, claim and
/// captured seeds.
#[test]
fn json_detail_levels_agree_with_the_full_output() {
    let files = fixture_paths();
    let bytes = |extra: &[&str]| {
        let out = ayo().arg("json").args(extra).args(&files).output().unwrap();
        (out.status.code(), out.stdout, out.stderr)
    };
    assert_eq!(bytes(&[]), bytes(&["--detail", "full"]));
    let full = json_objects(&["json"]);
    let game = json_objects(&["json", "--detail", "game"]);
    let moves = json_objects(&["json", "--detail", "moves"]);
    assert_eq!(full.len(), game.len());
    assert_eq!(full.len(), moves.len());
    assert!(full.len() >= 40, "only {} games", full.len());
    for ((f, g), m) in full.iter().zip(&game).zip(&moves) {
        let label = format!("{} game {}", f["file"], f["game"]);
        for key in [
            "file", "game", "tags", "rules", "setup", "result", "valid", "errors", "warnings",
            "raw",
        ] {
            assert_eq!(f.get(key), g.get(key), "{label}: {key}");
            assert_eq!(f.get(key), m.get(key), "{label}: {key}");
        }
        assert!(
            g.get("moves").is_none() && g.get("comments").is_none(),
            "{label}"
        );
        assert!(m.get("comments").is_none(), "{label}");
        let counts = [
            "ply_count",
            "capture_count",
            "variation_count",
            "comment_count",
        ];
        for key in counts {
            assert_eq!(g[key], m[key], "{label}: {key}");
        }
        if f["raw"].is_string() {
            // Not parsed: nothing counted.
            assert!(counts.iter().all(|k| g[*k].is_null()), "{label}");
            assert_eq!(m["moves"], serde_json::json!([]), "{label}");
            continue;
        }
        let full_moves = f["moves"].as_array().unwrap();
        assert_eq!(g["ply_count"], full_moves.len(), "{label}");
        let captures = full_moves
            .iter()
            .filter(|x| !x["capture"].is_null())
            .count();
        assert_eq!(g["capture_count"], captures, "{label}");
        let brief: Vec<serde_json::Value> = full_moves
            .iter()
            .map(|x| {
                let mut o = serde_json::json!({"pit": x["pit"]});
                if !x["claim"].is_null() {
                    o["claim"] = x["claim"].clone();
                }
                if !x["capture"].is_null() {
                    o["seeds_captured"] = x["capture"]["seeds"].clone();
                }
                o
            })
            .collect();
        assert_eq!(m["moves"], serde_json::Value::from(brief), "{label}");
    }
    // The fixtures have games with variations and comments to count.
    let total = |key: &str| game.iter().filter_map(|g| g[key].as_u64()).sum::<u64>();
    assert!(total("variation_count") > 0 && total("comment_count") > 0);
}

/// Each level has its schema (`--schema --detail LEVEL`): the output of
/// every fixture is valid under it, and has exactly its fields: every
/// required one, and none it does not name.
#[test]
fn json_detail_levels_match_their_schemas() {
    use serde_json::Value;
    for level in ["game", "moves", "full"] {
        let out = ayo()
            .args(["json", "--schema", "--detail", level])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{level}");
        let schema: Value = serde_json::from_slice(&out.stdout).unwrap();
        let validator = jsonschema::validator_for(&schema).unwrap();
        // The fields an object of a schema may have, and those it must.
        let keys = |s: &Value| {
            let s = match s["$ref"].as_str() {
                Some(r) => &schema["$defs"][r.trim_start_matches("#/$defs/")],
                None => s,
            };
            let props: Vec<String> = s["properties"]
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect();
            let required: Vec<String> = s["required"]
                .as_array()
                .map(|r| r.iter().map(|v| v.as_str().unwrap().to_string()).collect())
                .unwrap_or_default();
            (props, required)
        };
        let check = |what: &str, value: &Value, (props, required): &(Vec<String>, Vec<String>)| {
            let obj = value.as_object().unwrap();
            for k in obj.keys() {
                assert!(
                    props.contains(k),
                    "{level}: {what} has `{k}`, not in its schema"
                );
            }
            for k in required {
                assert!(obj.contains_key(k), "{level}: {what} lacks required `{k}`");
            }
        };
        let game_keys = keys(&schema);
        let move_keys = (level != "game").then(|| keys(&schema["properties"]["moves"]["items"]));
        assert_eq!(level == "game", schema["properties"].get("moves").is_none());
        for value in json_objects(&["json", "--detail", level]) {
            if let Err(e) = validator.validate(&value) {
                panic!("--detail {level}: {e}\n{value}");
            }
            check("a game", &value, &game_keys);
            if let Some(move_keys) = &move_keys {
                for m in value["moves"].as_array().unwrap() {
                    check("a move", m, move_keys);
                }
            }
        }
    }
    // Today's schema is the full level's.
    let plain = ayo().args(["json", "--schema"]).output().unwrap().stdout;
    let full = ayo()
        .args(["json", "--schema", "--detail", "full"])
        .output()
        .unwrap()
        .stdout;
    assert_eq!(plain, full);
}

/// A level `--detail` does not know is a usage error, naming the levels.
#[test]
fn json_detail_refuses_an_unknown_level() {
    let out = ayo()
        .args(["json", "--detail", "plies", "fixtures/canonical.ayo"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("game, moves, full"), "{err}");
}

/// `ayo json g.ayo | ayo import` prints what `ayo fmt g.ayo` prints.
#[test]
fn import_of_json_is_fmt_for_every_fixture() {
    insta::glob!("../fixtures", "**/*.ayo", |path| {
        let file = rel(path);
        let json = ayo().args(["json", &file]).output().unwrap().stdout;
        let imported = ayo()
            .arg("import")
            .write_stdin(json)
            .output()
            .unwrap()
            .stdout;
        let formatted = ayo().args(["fmt", &file]).output().unwrap().stdout;
        assert_eq!(
            String::from_utf8_lossy(&imported),
            String::from_utf8_lossy(&formatted),
            "{file}"
        );
    });
}

/// Canonical text is a fixed point of `fmt`.
#[test]
fn fmt_output_passes_fmt_check() {
    insta::glob!("../fixtures", "*.ayo", |path| {
        let formatted = ayo().args(["fmt", &rel(path)]).output().unwrap().stdout;
        assert_eq!(
            code(&["fmt", "--check"], Some(&formatted)),
            0,
            "{}",
            rel(path)
        );
    });
}

#[test]
fn exit_codes() {
    let valid = b"[Rules \"russ\"]\n\n1. cx7 *\n";
    let illegal = b"1. c c *\n";
    let broken = b"1. c % *\n";
    // 0: everything valid.
    assert_eq!(code(&["validate"], Some(valid)), 0);
    assert_eq!(code(&["validate", "-"], Some(valid)), 0);
    assert_eq!(code(&["json"], Some(valid)), 0);
    assert_eq!(code(&["fmt"], Some(valid)), 0);
    // 1: some record invalid, by the rules or by syntax.
    assert_eq!(code(&["validate"], Some(illegal)), 1);
    assert_eq!(code(&["validate"], Some(broken)), 1);
    assert_eq!(code(&["json"], Some(illegal)), 1);
    assert_eq!(code(&["fmt"], Some(broken)), 1);
    assert_eq!(code(&["fmt", "--check"], Some(b"1.  c *\n")), 1);
    assert_eq!(code(&["fmt", "--check"], Some(b"1. c *\n")), 0);
    assert_eq!(code(&["import"], Some(b"{\"moves\": 3}")), 1);
    // 2: usage and I/O errors, even when other inputs are fine.
    assert_eq!(code(&["validate", "no/such/file.ayo"], None), 2);
    assert_eq!(
        code(
            &[
                "validate",
                "fixtures/opening-lecture.ayo",
                "no/such/file.ayo"
            ],
            None
        ),
        2
    );
    assert_eq!(code(&["validate", "--rules", "oware"], Some(valid)), 2);
    assert_eq!(code(&["validate", "--format", "yaml"], Some(valid)), 2);
    assert_eq!(code(&["frobnicate"], None), 2);
    assert_eq!(code(&["perft", "1", "--max-laps", "3"], None), 2);
}

#[test]
fn quiet_prints_nothing() {
    let out = ayo()
        .args(["validate", "--quiet"])
        .write_stdin("1. c c *\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
}

#[test]
fn validate_json_reports_each_game() {
    insta::assert_snapshot!(run(&["validate", "--format", "json"], Some(b"1. c *\n\n1. c c *\n\n1. % *\n")), @r#"
    exit 1
    --- stdout
    {"file":"<stdin>","game":1,"valid":true,"errors":[],"warnings":[]}
    {"file":"<stdin>","game":2,"valid":false,"errors":[{"severity":"error","line":3,"column":6,"message":"ply 2, North's c: it is North's turn, but `c` is a pit of South (lowercase letters are South's, uppercase North's)"}],"warnings":[]}
    {"file":"<stdin>","game":3,"valid":false,"errors":[{"severity":"error","line":5,"column":4,"message":"expected a move, a move number, a comment, a variation or a game-termination token; found `%`"}],"warnings":[]}
    "#);
}

#[test]
fn rules_flag_overrides_the_tag() {
    let record = b"[Rules \"russ\"]\n\n1. bx7 *\n";
    assert_eq!(code(&["validate"], Some(record)), 0);
    insta::assert_snapshot!(run(&["validate", "--rules", "russ capture-seed=stays"], Some(record)), @r"
    exit 1
    --- stderr
    error: <stdin>:3:4: ply 1, South's b: claims 7 seeds, but the move captures 6 from C
      |
    3 | 1. bx7 *
      |    ^^^ wrong claim
      |
    1 game, 0 valid, 1 invalid
    ");
}

/// A slip in a ruleset key gets "did you mean", as a misspelt tag does,
/// in `--rules` and in a Rules tag alike.
#[test]
fn misspelt_rule_keys_get_a_did_you_mean() {
    insta::assert_snapshot!(run(&["best", "--rules", "russ pit=8"], None), @"
    exit 2
    --- stderr
    error: invalid value 'russ pit=8' for '--rules <RULESET>': unknown rule key `pit` (did you mean `pits`?): expected one of pits, seeds, skip-origin, capture-seed, feeding, leftovers, end

    For more information, try '--help'.
    ");
    let record = b"[Rules \"russ pit=8\"]\n\n1. c *\n";
    insta::assert_snapshot!(run(&["validate"], Some(record)), @"
    exit 1
    --- stderr
    error: <stdin>:1:8: Rules tag: unknown rule key `pit` (did you mean `pits`?): expected one of pits, seeds, skip-origin, capture-seed, feeding, leftovers, end
      |
    1 | [Rules \"russ pit=8\"]
      |        ^^^^^^^^^^^^ not a ruleset
      |
    1 game, 0 valid, 1 invalid
    ");
}

/// `generate --tag NAME=VALUE` sets a tag in every game, or replaces the
/// value generate writes; a malformed one, or a tag the game decides, is a
/// usage error.
#[test]
fn generate_sets_tags() {
    let out = run(
        &[
            "generate",
            "--games",
            "2",
            "--tag",
            "Event=Club night",
            "--tag",
            "Site=Ijebu \"Ode\"",
            "--tag",
            "South=Ade",
            "--tag",
            "Annotator=me",
            "--tag",
            "Event=Club final",
        ],
        None,
    );
    let tags: Vec<&str> = out.lines().filter(|l| l.starts_with('[')).collect();
    insta::assert_snapshot!(tags.join("\n"), @r#"
    [Event "Club final"]
    [Site "Ijebu \"Ode\""]
    [Round "1"]
    [South "Ade"]
    [North "random"]
    [Result "0-1"]
    [Rules "russ"]
    [Score "14-26"]
    [PlyCount "36"]
    [Annotator "me"]
    [Event "Club final"]
    [Site "Ijebu \"Ode\""]
    [Round "2"]
    [South "Ade"]
    [North "random"]
    [Result "0-1"]
    [Rules "russ"]
    [Score "21-25"]
    [PlyCount "40"]
    [Annotator "me"]
    "#);
    // The records stay valid, the games the same.
    let records = out.strip_prefix("exit 0\n--- stdout\n").unwrap();
    assert_eq!(code(&["validate"], Some(records.as_bytes())), 0);
    for bad in [
        "Event",
        "=x",
        "1st=x",
        "Result=1-0",
        "Rules=endodoi",
        "Event=a\nb",
    ] {
        let r = run(&["generate", "--tag", bad], None);
        assert!(
            r.starts_with("exit 2\n--- stderr\nerror: invalid value"),
            "{bad}: {r}"
        );
    }
    insta::assert_snapshot!(run(&["generate", "--tag", "PlyCount=3"], None), @"
    exit 2
    --- stderr
    error: invalid value 'PlyCount=3' for '--tag <NAME=VALUE>': `PlyCount` is written from the game itself and cannot be set (use --rules and --setup to choose the rules and the start)

    For more information, try '--help'.
    ");
}

#[test]
fn perft_prints_only_counts() {
    insta::assert_snapshot!(run(&["perft", "4"], None), @r"
    exit 0
    --- stdout
    1 6
    2 28
    3 132
    4 624
    ");
    insta::assert_snapshot!(run(&["perft", "2", "--format", "json"], None), @r#"
    exit 0
    --- stdout
    {"depth":1,"node_count":6}
    {"depth":2,"node_count":28}
    "#);
}

#[test]
fn json_schema_is_derived_from_the_types() {
    let out = ayo().args(["json", "--schema"]).output().unwrap();
    let schema: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let props = &schema["properties"];
    for field in [
        "tags", "rules", "setup", "moves", "result", "valid", "errors", "warnings",
    ] {
        assert!(
            props.get(field).is_some(),
            "{field} missing from the schema"
        );
    }
    // The deprecated 0-based `index` is gone: `game` numbers games from 1.
    assert!(props.get("index").is_none(), "index is still in the schema");
    let out = ayo()
        .args(["json", "fixtures/opening-lecture.ayo"])
        .output()
        .unwrap();
    let game: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(game.get("index").is_none(), "{game}");
    assert_eq!(game["game"], 1);
    let defs = &schema["$defs"]["MoveJson"]["properties"];
    for field in [
        "ply",
        "number",
        "side",
        "pit",
        "claim",
        "laps",
        "capture",
        "stores",
        "board",
        "glyphs",
        "nags",
        "comments",
        "variations",
    ] {
        assert!(
            defs.get(field).is_some(),
            "moves.{field} missing from the schema"
        );
    }
}

#[test]
fn annotate_every_fixture() {
    insta::glob!("../fixtures", "**/*.ayo", |path| {
        insta::assert_snapshot!(run(&["annotate", &rel(path)], None));
    });
}

#[test]
fn annotate_marks_the_row_of_a_wrong_claim() {
    // 1. dx6 captures 7 (validate's "wrong claim"); 1. fx1 captures nothing;
    // a right claim (1... Dx2) and a move without one (3... D) are not marked.
    let file = "fixtures/invalid/wrong-claim.ayo";
    let table = run(&["annotate", file, "--game", "1", "--width", "100"], None);
    insta::assert_snapshot!("annotate_wrong_claim", table);
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| l.contains("notes: wrong claim: captures 7 from A"))
        .collect();
    assert_eq!(rows.len(), 1, "{table}");
    let csv = run(&["annotate", file, "--game", "1", "--format", "csv"], None);
    insta::assert_snapshot!("annotate_wrong_claim_csv", csv);
    let nothing = run(
        &["annotate", "--format", "csv"],
        Some(b"[Rules \"russ\"]\n\n1. fx1 Dx2 *\n"),
    );
    assert!(
        nothing.contains(",1. fx1,4,f4 D5 c5 B6 b6,,0,0,wrong claim: captures nothing,\r\n"),
        "{nothing}"
    );
    // The JSON keeps its shape: the claim and the capture tell it.
    let json = run(&["annotate", file, "--game", "1", "--format", "json"], None);
    assert!(!json.contains("\"wrong_claim\""), "{json}");
}

#[test]
fn annotate_formats() {
    let file = "fixtures/mokola-open-r1.ayo";
    insta::assert_snapshot!(
        "annotate_markdown",
        run(&["annotate", file, "--format", "markdown"], None)
    );
    insta::assert_snapshot!(
        "annotate_csv",
        run(&["annotate", file, "--format", "csv"], None)
    );
    insta::assert_snapshot!(
        "annotate_json",
        run(&["annotate", file, "--format", "json"], None)
    );
    insta::assert_snapshot!(
        "annotate_laps_full_ascii",
        run(&["annotate", file, "--laps", "full", "--ascii"], None)
    );
}

#[test]
fn board_every_fixture() {
    insta::glob!("../fixtures", "**/*.ayo", |path| {
        insta::assert_snapshot!(run(&["board", &rel(path)], None));
    });
}

#[test]
fn board_views() {
    let file = "fixtures/mokola-open-r1.ayo";
    insta::assert_snapshot!("board_all", run(&["board", file, "--all", "--ascii"], None));
    insta::assert_snapshot!("board_ply_3", run(&["board", file, "--ply", "3"], None));
    insta::assert_snapshot!(
        "board_ply_json",
        run(&["board", file, "--ply", "3", "--format", "json"], None)
    );
    insta::assert_snapshot!(
        "board_setup",
        run(
            &["board", "--setup", "2,5,2,0,3,2/1,0,1,3,2,0 16-11 S"],
            None
        )
    );
    insta::assert_snapshot!(
        "board_ply_out_of_range",
        run(&["board", file, "--ply", "999"], None)
    );
    assert_eq!(code(&["board", "--setup", "1,2/3"], None), 2);
}

#[test]
fn compare_every_fixture() {
    insta::glob!("../fixtures", "**/*.ayo", |path| {
        insta::assert_snapshot!(run(&["compare", &rel(path)], None));
    });
}

#[test]
fn compare_formats_and_exit_codes() {
    let file = "fixtures/mokola-open-r2.ayo";
    insta::assert_snapshot!(
        "compare_json",
        run(&["compare", file, "--format", "json"], None)
    );
    insta::assert_snapshot!(
        "compare_two_rulesets_csv",
        run(
            &[
                "compare",
                file,
                "--rules",
                "russ",
                "--rules",
                "russ capture-seed=stays",
                "--format",
                "csv"
            ],
            None
        )
    );
    // Illegal under another ruling is a finding, not a failure.
    assert_eq!(code(&["compare"], Some(b"1. c c *\n")), 0);
    assert_eq!(code(&["compare"], Some(b"1. c % *\n")), 1);
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = ayo().args(["completions", shell]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8_lossy(&out.stdout);
        assert!(
            script.contains("annotate") && script.contains("validate"),
            "{shell}"
        );
    }
    assert_eq!(code(&["completions", "tcsh"], None), 2);
}

/// `ayo man` prints ayo(1) in roff, every command listed; `ayo man CMD` the
/// page of one command, `ayo man tables build` of a command of a command.
#[test]
fn man_pages_in_roff() {
    let page = |args: &[&str]| {
        let out = ayo().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8(out.stdout)
            .unwrap()
            .replace(env!("CARGO_PKG_VERSION"), "VERSION")
    };
    let ayo1 = page(&["man"]);
    for section in [".TH ayo 1", ".SH NAME", ".SH SYNOPSIS", ".SH SUBCOMMANDS"] {
        assert!(ayo1.contains(section), "{section}");
    }
    for command in ["validate", "annotate", "generate", "tables", "man"] {
        assert!(ayo1.contains(&format!("ayo\\-{command}(1)")), "{command}");
    }
    let head = |text: &str| text.lines().take(8).collect::<Vec<_>>().join("\n");
    insta::assert_snapshot!("man_ayo", head(&ayo1));
    let validate = page(&["man", "validate"]);
    assert!(validate.contains(".SH OPTIONS") && validate.contains("\\-\\-deny\\-warnings"));
    insta::assert_snapshot!("man_validate", head(&validate));
    assert!(page(&["man", "tables", "build"]).contains(".TH ayo-tables-build 1"));
    insta::assert_snapshot!(run(&["man", "nope"], None), @"
    exit 2
    --- stderr
    error: `ayo` has no command `nope`: expected one of validate, annotate, board, html, compare, json, import, fmt, filter, duplicates, standings, stats, perft, best, moves, analyze, generate, completions, man, tables, serve
    ");
}

/// The table commands at 40, 80 and 120 columns: words stay whole, long text
/// moves under its row, optional columns drop with a note, titles wrap.
#[test]
fn tables_fit_the_width() {
    for file in ["fixtures/opening-lecture.ayo", "fixtures/endodoi-2x12.ayo"] {
        let name = file
            .trim_start_matches("fixtures/")
            .trim_end_matches(".ayo");
        for width in ["40", "80", "120"] {
            for command in ["annotate", "board", "compare"] {
                insta::assert_snapshot!(
                    format!("{command}_{name}_width_{width}"),
                    run(&[command, file, "--width", width], None)
                );
            }
        }
    }
    insta::assert_snapshot!(
        "annotate_laps_full_width_80",
        run(
            &[
                "annotate",
                "fixtures/mokola-open-r1.ayo",
                "--laps",
                "full",
                "--width",
                "80"
            ],
            None
        )
    );
}

/// No line of a table is wider than asked when the words allow it, and every
/// word of the comments, NAGs and relays comes out whole, at any width.
#[test]
fn tables_never_break_words() {
    let file = "fixtures/opening-lecture.ayo";
    let json = ayo()
        .args(["annotate", file, "--format", "json", "--laps", "full"])
        .output()
        .unwrap()
        .stdout;
    let game: serde_json::Value = serde_json::from_slice(&json).unwrap();
    let mut words: Vec<String> = Vec::new();
    for m in game["moves"].as_array().unwrap() {
        for place in ["before", "after"] {
            for c in m["comments"][place].as_array().unwrap() {
                words.extend(c.as_str().unwrap().split_whitespace().map(str::to_string));
            }
        }
        for l in m["laps"].as_array().unwrap() {
            let sown: String = l["sown"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap())
                .collect();
            words.push(format!(
                "{}{}:{sown}",
                l["from"].as_str().unwrap(),
                l["seeds"]
            ));
        }
    }
    assert!(words.len() > 100);
    for width in [40, 55, 80, 100, 120, 200] {
        let w = width.to_string();
        let out = ayo()
            .args(["annotate", file, "--laps", "full", "--width", &w])
            .output()
            .unwrap()
            .stdout;
        let text = String::from_utf8(out).unwrap();
        let found: std::collections::HashSet<&str> = text
            .split(|c: char| c.is_whitespace() || "│┆".contains(c))
            .collect();
        for word in &words {
            assert!(
                found.contains(word.as_str()),
                "{word:?} broken at {width} columns"
            );
        }
        for line in text.lines() {
            assert!(line.chars().count() <= width, "{line:?} wider than {width}");
        }
    }
}

/// Piped, tables take their width from COLUMNS, else 100; --width wins.
#[test]
fn table_width_comes_from_columns_else_100() {
    let widest = |columns: Option<&str>, args: &[&str]| {
        let mut cmd = ayo();
        cmd.args(["annotate", "fixtures/opening-lecture.ayo"])
            .args(args);
        if let Some(c) = columns {
            cmd.env("COLUMNS", c);
        }
        let out = cmd.output().unwrap();
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| l.chars().count())
            .max()
            .unwrap()
    };
    // Columns are as wide as their cells: a table fills the width only
    // where its cells need it, and never goes past it.
    let default = widest(None, &[]);
    assert!((61..=100).contains(&default), "{default}");
    assert!(widest(Some("60"), &[]) <= 60);
    assert!((61..=90).contains(&widest(Some("60"), &["--width", "90"])));
    assert_eq!(widest(Some("junk"), &[]), default);
    assert_eq!(code(&["annotate", "--width", "5"], Some(b"1. c *\n")), 2);
}

/// The ruleset used is in the title, and where it came from when that is
/// not the record's Rules tag.
#[test]
fn titles_name_the_ruleset() {
    let untagged = b"[South \"Ade\"]\n\n1. c *\n";
    insta::assert_snapshot!(run(&["annotate", "--width", "80"], Some(untagged)), @r#"
    exit 0
    --- stdout
    Game 1: Ade (South), rules: russ (no Rules tag)

    ┌─────┬───────┬──────┬───────┬────────────────┬───────────┬────────┬───────┐
    │ ply ┆ side  ┆ move ┆ seeds ┆ relay          ┆ capture   ┆ stores ┆ notes │
    ╞═════╪═══════╪══════╪═══════╪════════════════╪═══════════╪════════╪═══════╡
    │ 1   ┆ South ┆ 1. c ┆ 4     ┆ c4 A5 F5 e6 E6 ┆ +7 from B ┆ 7-0    ┆       │
    └─────┴───────┴──────┴───────┴────────────────┴───────────┴────────┴───────┘

    Result *: not decided; unfinished after 1 ply; stores 7-0, North to move.
    "#);
    insta::assert_snapshot!(run(&["annotate", "--width", "80", "--rules", "endodoi"], Some(untagged)), @r#"
    exit 0
    --- stdout
    Game 1: Ade (South), rules: endodoi (--rules)

    ┌─────┬───────┬──────┬───────┬────────────────┬───────────┬────────┬───────┐
    │ ply ┆ side  ┆ move ┆ seeds ┆ relay          ┆ capture   ┆ stores ┆ notes │
    ╞═════╪═══════╪══════╪═══════╪════════════════╪═══════════╪════════╪═══════╡
    │ 1   ┆ South ┆ 1. c ┆ 4     ┆ c4 A5 F5 e6 E6 ┆ +7 from B ┆ 7-0    ┆       │
    └─────┴───────┴──────┴───────┴────────────────┴───────────┴────────┴───────┘

    Result *: not decided; unfinished after 1 ply; stores 7-0, North to move.
    "#);
    insta::assert_snapshot!(run(&["board", "--width", "80"], Some(untagged)), @r#"
    exit 0
    --- stdout
    <stdin>: Game 1: Ade (South), rules: russ (no Rules tag)

    Ply 1: 1. c (South), +7 from B. North to move.
    ┌───────┬───┬───┬─────┬───┬─────┬───┬───────┐
    │ North ┆ F ┆ E ┆  D  ┆ C ┆  B  ┆ A ┆       │
    ╞═══════╪═══╪═══╪═════╪═══╪═════╪═══╪═══════╡
    │   0   ┆ 1 ┆ 0 ┆  6  ┆ 6 ┆ (0) ┆ 1 ┆       │
    ├╌╌╌╌╌╌╌┼╌╌╌┼╌╌╌┼╌╌╌╌╌┼╌╌╌┼╌╌╌╌╌┼╌╌╌┼╌╌╌╌╌╌╌┤
    │       ┆ 6 ┆ 6 ┆ [2] ┆ 7 ┆  0  ┆ 6 ┆   7   │
    ├╌╌╌╌╌╌╌┼╌╌╌┼╌╌╌┼╌╌╌╌╌┼╌╌╌┼╌╌╌╌╌┼╌╌╌┼╌╌╌╌╌╌╌┤
    │       ┆ a ┆ b ┆  c  ┆ d ┆  e  ┆ f ┆ South │
    └───────┴───┴───┴─────┴───┴─────┴───┴───────┘
    [n] pit played, (n) pit captured from; stores at the ends: North's left, South's
    right.
    "#);
    insta::assert_snapshot!(run(&["compare", "--width", "80", "--rules", "russ"], Some(untagged)), @r#"
    exit 0
    --- stdout
    Game 1: Ade (South), rules: russ (no Rules tag)

    ┌─────────┬──────────────────┬──────────────────┬────────────┬────────┐
    │ ruleset ┆ verdict          ┆ differs from ply ┆ score      ┆ winner │
    ╞═════════╪══════════════════╪══════════════════╪════════════╪════════╡
    │ russ    ┆ legal throughout ┆ (reference)      ┆ unfinished ┆ -      │
    └─────────┴──────────────────┴──────────────────┴────────────┴────────┘
    "#);
}

/// CSV keeps the two stores (and the two scores) in columns of their own.
#[test]
fn csv_splits_stores_and_scores() {
    let record = b"1. c C 2. b *\n";
    insta::assert_snapshot!(run(&["annotate", "--format", "csv"], Some(record)), @r#"
    exit 1
    --- stdout
    file,game,ply,side,move,seeds,relay,capture,south_store,north_store,notes,comments
    <stdin>,1,1,south,1. c,4,c4 A5 F5 e6 E6,+7 from B,7,0,,
    <stdin>,1,2,north,1... C,6,C6 c3 f7 a8 C2 E3 b9,,7,0,,
    <stdin>,1,3,south,2. b,,"illegal: empty pit (legal: a, c, d, e, f)",,,,,
    --- stderr
    error: <stdin>:1:11: ply 3, South's b: empty pit (legal: a, c, d, e, f)
      |
    1 | 1. c C 2. b *
      |           ^ illegal move
      |
    "#);
    insta::assert_snapshot!(run(&["compare", "--format", "csv", "--rules", "russ"], Some(b"[Rules \"russ\"]\n[Setup \"0,0,0,0,0,1/0,0,0,0,0,0 24-23 S\"]\n\n1. f 1-0\n")), @r#"
    exit 0
    --- stdout
    file,game,ruleset,verdict,differs from ply,south_score,north_score,winner
    <stdin>,1,russ,legal throughout,(reference),25,23,south
    "#);
    insta::assert_snapshot!(run(&["board", "--format", "csv", "--all"], Some(record)), @r#"
    exit 1
    --- stdout
    file,game,rules,ply,setup,south_store,north_store,to_move,played,captured,caption
    <stdin>,1,russ,0,"4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",0,0,south,,,Start. South to move.
    <stdin>,1,russ,1,"6,6,2,7,0,6/1,0,6,6,0,1 7-0 N",7,0,north,c,B,"Ply 1: 1. c (South), +7 from B. North to move."
    <stdin>,1,russ,2,"1,0,2,10,3,2/4,3,1,10,1,4 7-0 S",7,0,south,C,,Ply 2: 1... C (North). South to move.
    --- stderr
    error: <stdin>:1:11: ply 3, South's b: empty pit (legal: a, c, d, e, f)
      |
    1 | 1. c C 2. b *
      |           ^ illegal move
      |
    "#);
    insta::assert_snapshot!(run(&["board", "--format", "markdown"], Some(record)), @"
    exit 1
    --- stdout
    ### <stdin>: Game 1: South v North, rules: russ (no Rules tag)

    Ply 2: 1... C (North). South to move.

    | North | F | E | D | C | B | A |  |
    |---|---|---|---|---|---|---|---|
    | 0 | 4 | 1 | 10 | [1] | 3 | 4 |  |
    |  | 1 | 0 | 2 | 10 | 3 | 2 | 7 |
    |  | a | b | c | d | e | f | South |

    --- stderr
    error: <stdin>:1:11: ply 3, South's b: empty pit (legal: a, c, d, e, f)
      |
    1 | 1. c C 2. b *
      |           ^ illegal move
      |
    ");
}

/// Every command that prints JSON has `--schema`, and its real output on
/// every fixture is valid under it.
#[test]
fn json_output_matches_its_schema() {
    let schema = |args: &[&str]| {
        let out = ayo().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let schema: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        jsonschema::validator_for(&schema).unwrap()
    };
    let commands: [(&[&str], &[&str]); 5] = [
        (&["validate", "--schema"], &["validate", "--format", "json"]),
        (&["json", "--schema"], &["json"]),
        (&["annotate", "--schema"], &["annotate", "--format", "json"]),
        (
            &["board", "--schema"],
            &["board", "--all", "--format", "json"],
        ),
        (&["compare", "--schema"], &["compare", "--format", "json"]),
    ];
    let fixtures: Vec<String> = common::fixture_files().iter().map(|p| rel(p)).collect();
    for (schema_args, args) in commands {
        let validator = schema(schema_args);
        let out = ayo().args(args).args(&fixtures).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let mut lines = 0;
        for line in text.lines() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            if let Err(e) = validator.validate(&value) {
                panic!("{args:?}: {e}\n{line}");
            }
            lines += 1;
        }
        assert!(lines >= 20, "{args:?}: only {lines} lines");
    }
    let validator = schema(&["perft", "--schema"]);
    let out = ayo()
        .args(["perft", "3", "--format", "json"])
        .output()
        .unwrap();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(validator.is_valid(&value), "{line}");
    }
    // The schema refuses what the vocabulary does not allow.
    let annotate = schema(&["annotate", "--schema"]);
    let mut game: serde_json::Value = serde_json::from_slice(
        &ayo()
            .args([
                "annotate",
                "fixtures/opening-lecture.ayo",
                "--format",
                "json",
            ])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert!(annotate.is_valid(&game));
    game["moves"][0]["side"] = "South".into();
    assert!(!annotate.is_valid(&game));
}
