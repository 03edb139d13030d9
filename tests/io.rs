//! `ayo fmt` and `ayo import` through the binary: neither loses a game.

use std::fs;
use std::path::Path;

use crate::common;
#[cfg(unix)]
#[path = "io/in_place.rs"]
mod in_place;

use common::{ayo, run, run_in};

fn stdout(args: &[&str], stdin: &[u8]) -> String {
    let out = ayo().args(args).write_stdin(stdin).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// Three games, the second with a syntax error, none canonical.
const THREE: &str =
    "[Event \"a\"]\n1.   c *\n\n[Event \"b\"]\n1. c % *\n\n[Event \"c\"]\n\n1. d   *\n";

#[test]
fn fmt_prints_a_game_it_cannot_parse_unchanged() {
    let out = run(&["fmt"], Some(THREE.as_bytes()));
    assert!(out.starts_with("exit 1\n"), "{out}");
    assert!(out.contains("[Event \"b\"]\n1. c % *\n"), "{out}");
    insta::assert_snapshot!(out);
    // Every game is still there when the output is read again.
    let formatted = stdout(&["fmt"], THREE.as_bytes());
    let verdicts = stdout(&["validate", "--format", "json"], formatted.as_bytes());
    assert_eq!(verdicts.lines().count(), 3, "{verdicts}");
}

#[test]
fn fmt_check_names_the_games_it_cannot_format() {
    let out = run(&["fmt", "--check"], Some(THREE.as_bytes()));
    assert!(!out.contains("run `ayo fmt`"), "{out}");
    insta::assert_snapshot!(out);
    insta::assert_snapshot!(run(&["fmt", "--check"], Some(b"1. c   *\n")), @r"
    exit 1
    --- stderr
    error: <stdin>: not in canonical form (run `ayo fmt`)
    ");
}

/// What `fmt --check`, `--check --fill` and `--write` say of a file is an
/// error, said as every error is (`error: FILE: ...`); only the lines of a
/// diagnostic's snippet and `fixed:` lines stand without it.
#[test]
fn fmt_says_what_is_wrong_with_a_file_as_an_error() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("broken.ayo"), THREE).unwrap();
    fs::write(dir.path().join("loose.ayo"), "1.   c *\n").unwrap();
    fs::write(dir.path().join("bare.ayo"), "1. c *\n").unwrap();
    for (args, said) in [
        (
            &["--check", "loose.ayo"][..],
            "error: loose.ayo: not in canonical form",
        ),
        (
            &["--check", "broken.ayo"][..],
            "error: broken.ayo: game 2 cannot be formatted",
        ),
        (
            &["--check", "--fill", "bare.ayo"][..],
            "error: bare.ayo: would change",
        ),
        (
            &["--write", "broken.ayo"][..],
            "error: broken.ayo: left unchanged",
        ),
    ] {
        let out = ayo()
            .current_dir(dir.path())
            .arg("fmt")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            stderr.lines().any(|l| l.starts_with(said)),
            "{args:?}: {stderr}"
        );
        for line in stderr.lines() {
            let snippet = line.starts_with(' ')
                || line
                    .split_once(" |")
                    .is_some_and(|(n, _)| n.trim().parse::<u32>().is_ok());
            assert!(
                snippet || line.starts_with("error: ") || line.starts_with("warning: "),
                "{args:?}: {line}"
            );
        }
    }
}

#[test]
fn fmt_diff_shows_what_would_change() {
    insta::assert_snapshot!(run(&["fmt", "--diff"], Some(THREE.as_bytes())));
    insta::assert_snapshot!(run(&["fmt", "--diff"], Some(b"1. c *\n")), @"exit 0");
}

#[cfg(unix)]
#[test]
fn fmt_write_replaces_files_whole_and_keeps_their_permissions() {
    use std::os::unix::fs::{PermissionsExt, symlink};

    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.ayo");
    fs::write(&good, "[Event \"a\"]\n1.   c *\n").unwrap();
    fs::set_permissions(&good, fs::Permissions::from_mode(0o640)).unwrap();
    symlink("good.ayo", dir.path().join("link.ayo")).unwrap();
    let broken = dir.path().join("broken.ayo");
    fs::write(&broken, THREE).unwrap();
    let canonical = dir.path().join("canonical.ayo");
    fs::write(&canonical, "1. c *\n").unwrap();

    let out = run_in(
        dir.path(),
        &["fmt", "--write", "link.ayo", "broken.ayo", "canonical.ayo"],
        None,
    );
    insta::assert_snapshot!(out);
    assert_eq!(
        fs::read_to_string(&good).unwrap(),
        "[Event \"a\"]\n\n1. c *\n"
    );
    assert_eq!(
        fs::metadata(&good).unwrap().permissions().mode() & 0o777,
        0o640
    );
    assert!(
        fs::symlink_metadata(dir.path().join("link.ayo"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    // A file with a syntax error is left exactly as it was.
    assert_eq!(fs::read_to_string(&broken).unwrap(), THREE);
    assert_eq!(fs::read_to_string(&canonical).unwrap(), "1. c *\n");
    // No temporary file is left behind.
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["broken.ayo", "canonical.ayo", "good.ayo", "link.ayo"]
    );
    // Standard input cannot be rewritten.
    insta::assert_snapshot!(run(&["fmt", "--write"], Some(b"1. c *\n")), @r"
    exit 2
    --- stderr
    error: --write needs files: it cannot rewrite standard input
    ");
}

/// `n` games of one move each as NDJSON, as `ayo json` prints them.
fn ndjson(n: usize) -> String {
    let games: String = (1..=n)
        .map(|k| format!("[Event \"{k}\"]\n\n1. c *\n\n"))
        .collect();
    stdout(&["json"], games.as_bytes())
}

#[test]
fn import_resumes_after_a_truncated_line() {
    let json = ndjson(7);
    let mut lines: Vec<String> = json.lines().map(str::to_string).collect();
    let half = lines[2].len() / 2;
    lines[2].truncate(half);
    let input = lines.join("\n") + "\n";
    let out = run(&["import"], Some(input.as_bytes()));
    assert_eq!(out.matches("[Event ").count(), 6, "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn import_reads_arrays_pretty_json_and_a_byte_order_mark() {
    let json = ndjson(3);
    let expected = stdout(&["import"], json.as_bytes());
    assert_eq!(expected.matches("[Event ").count(), 3);
    let array = format!("[\n  {}\n]\n", json.trim_end().replace('\n', ",\n  "));
    assert_eq!(stdout(&["import"], array.as_bytes()), expected);
    let compact_array = format!("[{}]", json.trim_end().replace('\n', ","));
    assert_eq!(stdout(&["import"], compact_array.as_bytes()), expected);
    let pretty: String = json
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            serde_json::to_string_pretty(&v).unwrap() + "\n"
        })
        .collect();
    assert_eq!(stdout(&["import"], pretty.as_bytes()), expected);
    let bom = format!("\u{feff}{json}");
    assert_eq!(stdout(&["import"], bom.as_bytes()), expected);
}

#[test]
fn import_reports_every_problem_with_its_path() {
    let input = concat!(
        r#"{"tags": {"Event": "minimal"}, "moves": [{"pit": "c"}, {"pit": "F", "claim": 2}], "result": {"token": "*"}}"#,
        "\n",
        r#"{"moves": [{"pit": "c", "comment": "x"}], "result": {"token": "*"}}"#,
        "\n",
        r#"{"moves": [{"pit": "c", "claim": "7"}], "result": {"token": "*"}}"#,
        "\n",
        r#"{"moves": [{"pit": "c", "comments": {"after": ["a\n\n[Event \"x\"]"]}}], "result": {"token": "*"}}"#,
        "\n",
        r#"{"moves": [{"pit": "c"}, {"pit": "c"}], "result": {"token": "*"}}"#,
        "\n",
        r#"{"moves": [], "result": null, "raw": "1. c % *"}"#,
        "\n",
        r#"{"moves": []}"#,
        "\n",
    );
    let out = run(&["import"], Some(input.as_bytes()));
    assert!(!out.contains("export"), "{out}");
    insta::assert_snapshot!(out);
}

/// A game of 200,000 variations: import's memory stays a small multiple of
/// the JSON (it was 497 MB for this 3 MB).
#[cfg(target_os = "linux")]
#[test]
fn import_memory_follows_the_size_of_the_game() {
    if !Path::new("/usr/bin/time").exists() {
        eprintln!("skipped: no /usr/bin/time");
        return;
    }
    let variations = vec![r#"[{"pit": "d"}]"#; 200_000].join(",");
    let json = format!(
        r#"{{"tags": {{"Event": "wide"}}, "moves": [{{"pit": "c", "variations": [{variations}]}}], "result": {{"token": "*"}}}}"#
    );
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("wide.json");
    fs::write(&input, &json).unwrap();
    let out = std::process::Command::new("/usr/bin/time")
        .arg("-v")
        .arg(assert_cmd::cargo::cargo_bin!("ayo"))
        .arg("import")
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout)
            .matches("(1. d)")
            .count(),
        200_000
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let kib: usize = stderr
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.trim().parse().ok())
        .unwrap();
    let ratio = kib * 1024 / json.len();
    eprintln!(
        "peak RSS {kib} KiB for {} bytes of JSON: {ratio}x",
        json.len()
    );
    // Most of what is left is the parsed record the text is checked with.
    assert!(ratio < 48, "peak RSS {kib} KiB is {ratio}x the JSON");
}

// Output folders: `filter --split-by`, `html --out-dir` and `board --out`
// never write through a link, never replace a file unless `--force`, and
// give every output a name of its own.

/// A game of round `round`.
fn round(round: &str) -> String {
    format!("[Round \"{round}\"]\n\n1. c *\n")
}

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The three commands that write into a folder, each writing `out/NAME`
/// (their first output) from the input `R1.ayo`, which holds round R1.
const WRITERS: [(&str, &[&str]); 3] = [
    (
        "R1.ayo",
        &["filter", "R1.ayo", "--split-by", "Round", "--out", "out"],
    ),
    ("R1.html", &["html", "R1.ayo", "--out-dir", "out"]),
    (
        "game1-ply000.svg",
        &[
            "board", "R1.ayo", "--ply", "0", "--format", "svg", "--out", "out",
        ],
    ),
];

#[cfg(unix)]
#[test]
fn output_folders_never_write_through_a_link() {
    for (name, args) in WRITERS {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("R1.ayo"), round("R1")).unwrap();
        fs::write(dir.path().join("victim.txt"), "keep").unwrap();
        fs::create_dir(dir.path().join("out")).unwrap();
        let link = dir.path().join("out").join(name);
        std::os::unix::fs::symlink("../victim.txt", &link).unwrap();

        let out = run_in(dir.path(), args, None);
        assert!(out.starts_with("exit 2\n"), "{args:?}: {out}");
        assert!(
            out.contains(&format!("error: out/{name} is already there")),
            "{args:?}: {out}"
        );
        assert_eq!(
            fs::read_to_string(dir.path().join("victim.txt")).unwrap(),
            "keep"
        );
        // Nothing else was written either.
        assert_eq!(listing(&dir.path().join("out")), [name], "{args:?}");

        let forced = [args, &["--force"]].concat();
        let out = run_in(dir.path(), &forced, None);
        assert!(out.starts_with("exit 0\n"), "{forced:?}: {out}");
        assert_eq!(
            fs::read_to_string(dir.path().join("victim.txt")).unwrap(),
            "keep"
        );
        let meta = fs::symlink_metadata(&link).unwrap();
        assert!(
            meta.file_type().is_file(),
            "{forced:?}: the link is replaced"
        );
        assert!(fs::read_to_string(&link).unwrap().len() > 4);
    }
}

#[cfg(unix)]
#[test]
fn a_dangling_link_stops_the_run_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let games = [round("R1"), round("R2"), round("R3")].join("\n");
    fs::write(dir.path().join("games.ayo"), games).unwrap();
    fs::create_dir(dir.path().join("out")).unwrap();
    std::os::unix::fs::symlink("nowhere", dir.path().join("out/R2.ayo")).unwrap();
    let out = run_in(
        dir.path(),
        &["filter", "games.ayo", "--split-by", "Round", "--out", "out"],
        None,
    );
    insta::assert_snapshot!(out, @r"
    exit 2
    --- stderr
    error: out/R2.ayo is already there: nothing was written (--force replaces it)
    ");
    // No R1.ayo, no temporary file: only the link.
    assert_eq!(listing(&dir.path().join("out")), ["R2.ayo"]);
    // Several names taken: the first is named, and how many more.
    fs::write(dir.path().join("out/R3.ayo"), "mine").unwrap();
    let out = run_in(
        dir.path(),
        &[
            "board",
            "games.ayo",
            "--all",
            "--format",
            "svg",
            "--out",
            "out",
        ],
        None,
    );
    assert!(out.starts_with("exit 0\n"), "{out}");
    let out = run_in(
        dir.path(),
        &["filter", "games.ayo", "--split-by", "Round", "--out", "out"],
        None,
    );
    insta::assert_snapshot!(out, @r"
    exit 2
    --- stderr
    error: out/R2.ayo and 1 more of the files to write are already there: nothing was written (--force replaces them)
    ");
    assert_eq!(
        fs::read_to_string(dir.path().join("out/R3.ayo")).unwrap(),
        "mine"
    );
}

#[test]
fn a_file_already_there_is_replaced_only_with_force() {
    for (name, args) in WRITERS {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("R1.ayo"), round("R1")).unwrap();
        fs::create_dir(dir.path().join("out")).unwrap();
        let target = dir.path().join("out").join(name);
        fs::write(&target, "mine").unwrap();
        let out = run_in(dir.path(), args, None);
        assert!(out.starts_with("exit 2\n"), "{args:?}: {out}");
        assert!(
            out.contains(&format!("out/{name} is already there")),
            "{out}"
        );
        assert_eq!(fs::read_to_string(&target).unwrap(), "mine");
        assert_eq!(listing(&dir.path().join("out")), [name], "{args:?}");
        let forced = [args, &["--force"]].concat();
        let out = run_in(dir.path(), &forced, None);
        assert!(out.starts_with("exit 0\n"), "{forced:?}: {out}");
        assert_ne!(fs::read_to_string(&target).unwrap(), "mine");
    }
    // `html --out FILE` alike.
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("R1.ayo"), round("R1")).unwrap();
    fs::write(dir.path().join("page.html"), "mine").unwrap();
    let out = run_in(dir.path(), &["html", "R1.ayo", "--out", "page.html"], None);
    insta::assert_snapshot!(out, @r"
    exit 2
    --- stderr
    error: page.html is already there: nothing was written (--force replaces it)
    ");
    assert_eq!(
        fs::read_to_string(dir.path().join("page.html")).unwrap(),
        "mine"
    );
    let out = run_in(
        dir.path(),
        &["html", "R1.ayo", "--out", "page.html", "--force"],
        None,
    );
    assert_eq!(out, "exit 0\n");
    assert!(
        fs::read_to_string(dir.path().join("page.html"))
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
}

#[test]
fn outputs_that_would_share_a_name_get_names_of_their_own() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for sub in ["d1", "d2"] {
        fs::create_dir(d.join(sub)).unwrap();
        fs::write(d.join(sub).join("x.ayo"), round("1")).unwrap();
    }
    fs::write(d.join("x.ayo"), round("A")).unwrap();
    fs::write(d.join("x.txt"), round("a")).unwrap();
    fs::write(d.join("X.AYO"), round("1")).unwrap();
    let board = |inputs: &[&str], out: &str| {
        let args = [
            &["board"],
            inputs,
            &["--all", "--format", "svg", "--out", out],
        ]
        .concat();
        let text = run_in(d, &args, None);
        assert!(text.starts_with("exit 0\n"), "{args:?}: {text}");
        listing(&d.join(out))
    };
    assert_eq!(
        board(&["d1/x.ayo", "d2/x.ayo"], "o1"),
        [
            "x-2-game1-ply000.svg",
            "x-2-game1-ply001.svg",
            "x-game1-ply000.svg",
            "x-game1-ply001.svg"
        ]
    );
    assert_eq!(board(&["x.ayo", "x.txt", "X.AYO"], "o2").len(), 6);
    assert_eq!(
        board(&["x.ayo", "X.AYO"], "o3"),
        [
            "X-2-game1-ply000.svg",
            "X-2-game1-ply001.svg",
            "x-game1-ply000.svg",
            "x-game1-ply001.svg"
        ]
    );
    let out = run_in(
        d,
        &["html", "x.ayo", "x.txt", "X.AYO", "--out-dir", "site"],
        None,
    );
    assert_eq!(out, "exit 0\n");
    assert_eq!(
        listing(&d.join("site")),
        ["X-3.html", "index.html", "x-2.html", "x.html"]
    );
    // Round values `A` and `a`: two files, whatever the file system.
    let out = run_in(
        d,
        &[
            "filter",
            "x.ayo",
            "x.txt",
            "--split-by",
            "Round",
            "--out",
            "rounds",
        ],
        None,
    );
    insta::assert_snapshot!(out, @r"
    exit 0
    --- stdout
    rounds/A.ayo	1
    rounds/a-2.ayo	1
    ");
}

#[test]
fn output_names_are_safe_for_every_file_system() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let values = [
        "con", "nul.txt", "LPT9.x", "../../up", "a/b", ".hidden", "", "COM¹",
    ];
    let games: Vec<String> = values.iter().map(|v| round(v)).collect();
    fs::write(d.join("games.ayo"), games.join("\n")).unwrap();
    let out = run_in(
        d,
        &["filter", "games.ayo", "--split-by", "Round", "--out", "out"],
        None,
    );
    insta::assert_snapshot!(out, @r"
    exit 0
    --- stdout
    out/con_.ayo	1
    out/nul_.txt.ayo	1
    out/LPT9_.x.ayo	1
    out/_.._up.ayo	1
    out/a_b.ayo	1
    out/hidden.ayo	1
    out/_.ayo	1
    out/COM¹_.ayo	1
    ");
    assert_eq!(listing(d).len(), 2, "nothing written outside out/");
    // An input's name is made safe by the same rule.
    fs::write(d.join("nul.txt.ayo"), round("1")).unwrap();
    fs::write(d.join("Lpt1.ayo"), round("1")).unwrap();
    let out = run_in(
        d,
        &["html", "nul.txt.ayo", "Lpt1.ayo", "--out-dir", "site"],
        None,
    );
    assert_eq!(out, "exit 0\n");
    assert_eq!(
        listing(&d.join("site")),
        ["Lpt1_.html", "index.html", "nul_.txt.html"]
    );
}
