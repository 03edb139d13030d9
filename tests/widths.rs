//! `--width` holds for every table: each table-printing command, over every
//! fixture, at 40, 60, 80 and 120 columns, prints no line wider than asked,
//! through the real binary. The width comes from `--width`, or from
//! `COLUMNS` (standard output is not a terminal here), in turn.

use crate::common;

use common::{ayo, fixture_files};

/// The widths every table must fit.
const WIDTHS: [u16; 4] = [40, 60, 80, 120];

/// Every command that prints a table from records, with its arguments
/// before the file. A name the lead will enable is left in, commented.
const COMMANDS: &[(&str, &[&str])] = &[
    ("annotate", &["annotate"]),
    ("annotate --laps full", &["annotate", "--laps", "full"]),
    ("annotate --ascii", &["annotate", "--ascii"]),
    ("board", &["board"]),
    ("board --all", &["board", "--all"]),
    ("board --ply 1", &["board", "--ply", "1"]),
    ("stats", &["stats"]),
    ("duplicates", &["duplicates"]),
    (
        "compare",
        &["compare", "--rules", "russ", "--rules", "endodoi"],
    ),
    ("compare (default rulesets)", &["compare"]),
    ("analyze", &["analyze", "--depth", "1"]),
    ("moves", &["moves"]),
    ("moves --laps full", &["moves", "--laps", "full"]),
    ("standings", &["standings"]),
    ("standings --cross", &["standings", "--cross"]),
];

/// The lines of `text` wider than `width` display columns.
fn too_wide(text: &str, width: u16) -> Vec<String> {
    text.lines()
        .filter(|l| unicode_width::UnicodeWidthStr::width(*l) > usize::from(width))
        .map(|l| format!("{} columns: {l}", unicode_width::UnicodeWidthStr::width(l)))
        .collect()
}

/// Standard output of `args` at `width`: by `--width` at 40 and 80, by
/// `COLUMNS` at 60 and 120. Whatever the exit code (an invalid record still
/// prints its table).
fn output(args: &[&str], width: u16) -> (String, String) {
    let mut cmd = ayo();
    cmd.args(args);
    let how = if matches!(width, 40 | 80) {
        cmd.args(["--width", &width.to_string()]);
        format!("--width {width}")
    } else {
        cmd.env("COLUMNS", width.to_string());
        format!("COLUMNS={width}")
    };
    let out = cmd.output().unwrap();
    (String::from_utf8_lossy(&out.stdout).into_owned(), how)
}

#[test]
fn every_table_fits_every_width() {
    let mut failures = Vec::new();
    for file in fixture_files() {
        let name = file
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(&file)
            .display()
            .to_string();
        for &(command, args) in COMMANDS {
            for width in WIDTHS {
                let mut full: Vec<&str> = args.to_vec();
                full.push(file.to_str().unwrap());
                let (text, how) = output(&full, width);
                for line in too_wide(&text, width) {
                    failures.push(format!("ayo {command} {name} at {how}: {line}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} lines wider than asked:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A set-up, not a record: `moves` and `board` on a wide board.
#[test]
fn set_ups_fit_every_width() {
    let setup = "4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 0-0 S";
    let rules = "russ pits=12";
    let mut failures = Vec::new();
    for command in ["moves", "board"] {
        for laps in [&[][..], &["--laps", "full"][..]] {
            if command == "board" && !laps.is_empty() {
                continue;
            }
            for width in WIDTHS {
                let mut args = vec![command, "--setup", setup, "--rules", rules];
                args.extend(laps);
                let (text, how) = output(&args, width);
                for line in too_wide(&text, width) {
                    failures.push(format!("ayo {} at {how}: {line}", args.join(" ")));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A ruleset whose table key is wider than most lines: `tables info` and
/// `tables verify` name it.
const LONG_RULES: &str = "russ skip-origin=beyond-lap capture-seed=stays leftovers=owner";

/// `tables info` prints its tables at `COLUMNS`, its columns as wide as
/// their numbers, and wraps the lines that name a folder or a ruleset.
#[test]
fn the_endgame_tables_listing_fits_every_width() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    for rules in ["russ", "endodoi pits=12 seeds=3", LONG_RULES] {
        build_tables(rules, "4", d);
    }
    let mut failures = Vec::new();
    {
        let args = ["tables", "info", "--dir", d];
        for width in WIDTHS {
            let out = ayo()
                .args(args)
                .env("COLUMNS", width.to_string())
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(!text.is_empty(), "{args:?}");
            for line in too_wide(&text, width) {
                failures.push(format!(
                    "ayo {} at COLUMNS={width}: {line}",
                    args[..2].join(" ")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `best` over every fixture and on a set-up: its lines (the file's name,
/// the moves, twelve of them on a 12-pit board) wrap to the width.
#[test]
fn best_fits_every_width() {
    let mut failures = Vec::new();
    for file in fixture_files() {
        let name = file.to_str().unwrap();
        // At the end (most fixtures end their game: "no move", and why),
        // and after the first ply (every legal move valued).
        for ply in [&[][..], &["--ply", "1"][..]] {
            for width in WIDTHS {
                let mut args = vec!["best", "--depth", "1"];
                args.extend(ply);
                args.push(name);
                let (text, how) = output(&args, width);
                for line in too_wide(&text, width) {
                    failures.push(format!("ayo {} at {how}: {line}", args.join(" ")));
                }
            }
        }
    }
    let setup = "3,3,3,3,3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3,3,3,3,3 0-0 S";
    for width in WIDTHS {
        let args = [
            "best",
            "--depth",
            "1",
            "--rules",
            "endodoi pits=12 seeds=3",
            "--setup",
            setup,
        ];
        let (text, how) = output(&args, width);
        assert!(text.contains("moves "), "{text}");
        for line in too_wide(&text, width) {
            failures.push(format!("ayo {} at {how}: {line}", args.join(" ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `tables verify` prints a line a level, named by the ruleset's key: a
/// long key wraps to the width.
#[test]
fn tables_verify_fits_every_width() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    build_tables(LONG_RULES, "3", d);
    let mut failures = Vec::new();
    for width in WIDTHS {
        let (text, how) = output(&["tables", "verify", "--dir", d], width);
        assert!(text.contains("ok"), "{text}");
        for line in too_wide(&text, width) {
            failures.push(format!("ayo tables verify at {how}: {line}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Builds the tables of `rules` up to `max_seeds` seeds into `dir`.
fn build_tables(rules: &str, max_seeds: &str, dir: &str) {
    let built = ayo()
        .args([
            "tables",
            "build",
            "--rules",
            rules,
            "--max-seeds",
            max_seeds,
            "--dir",
            dir,
        ])
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
}
