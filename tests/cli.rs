//! Golden tests of the `ayo` binary over `fixtures/`, and its exit codes.
//!
//! Every fixture gets snapshots of what `validate`, `fmt` and `json` print;
//! `fixtures/malformed/` and `fixtures/invalid/` show the diagnostics.

use std::path::Path;

use assert_cmd::Command;

fn ayo() -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("ayo"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR");
    cmd
}

/// `exit N`, then standard output and standard error, as one snapshot.
fn run(args: &[&str], stdin: Option<&[u8]>) -> String {
    let mut cmd = ayo();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let out = cmd.output().unwrap();
    let mut s = format!("exit {}\n", out.status.code().unwrap_or(-1));
    if !out.stdout.is_empty() {
        s += &format!("--- stdout\n{}", String::from_utf8_lossy(&out.stdout));
    }
    if !out.stderr.is_empty() {
        s += &format!("--- stderr\n{}", String::from_utf8_lossy(&out.stderr));
    }
    s
}

fn code(args: &[&str], stdin: Option<&[u8]>) -> i32 {
    let mut cmd = ayo();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    cmd.output().unwrap().status.code().unwrap_or(-1)
}

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
    {"file":"<stdin>","index":0,"valid":true,"errors":[]}
    {"file":"<stdin>","index":1,"valid":false,"errors":[{"line":3,"column":6,"message":"ply 2, North's c: it is North's turn, but `c` is a pit of South (lowercase letters are South's, uppercase North's)"}]}
    {"file":"<stdin>","index":2,"valid":false,"errors":[{"line":5,"column":4,"message":"expected a move, a move number, a comment, a variation or a game-termination token; found `%`"}]}
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
    {"depth":1,"nodes":6}
    {"depth":2,"nodes":28}
    "#);
}

#[test]
fn json_schema_is_derived_from_the_types() {
    let out = ayo().args(["json", "--schema"]).output().unwrap();
    let schema: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let props = &schema["properties"];
    for field in [
        "tags", "rules", "setup", "moves", "result", "valid", "errors",
    ] {
        assert!(
            props.get(field).is_some(),
            "{field} missing from the schema"
        );
    }
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
