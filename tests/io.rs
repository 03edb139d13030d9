//! `ayo fmt` and `ayo import` through the binary: neither loses a game.

use std::fs;
use std::path::Path;

mod common;
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
    <stdin>: not in canonical form (run `ayo fmt`)
    ");
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
