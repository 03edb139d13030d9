//! `ayo validate` reads its inputs in chunks, each game checked where it
//! stands (src/cli/validate.rs); every other command, and `validate --game
//! N`, reads game by game. The two must agree: on an input of several
//! chunks with every fixture's text (broken and invalid games, a byte-order
//! mark, CRLF lines, unclosed comments) spliced between generated games,
//! `validate` prints for each game what `validate --game N` prints for it,
//! in text and in JSON, and numbers the games of each input from 1.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use ayo::rules::{Engine, SplitMix64};
use ayo_testkit::{Options, random_record};

use common::{ayo, fixture_files};

/// What a run printed and how it ended.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut cmd = ayo();
    cmd.args(args).env("COLUMNS", "100");
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let out = cmd.output().unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// The chunk size of `validate` (`CHUNK_BYTES` in crates/ayo-notation/src/stream/chunks.rs).
const CHUNK_BYTES: usize = 256 << 10;

/// About three chunks of games: generated ones, every fixture every 100
/// games, and now and then a game with a comment of 50 KB, so that chunks
/// end at many kinds of game.
fn corpus() -> &'static Path {
    static CORPUS: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    let (_, path) = CORPUS.get_or_init(|| {
        let fixture_text: Vec<u8> = fixture_files()
            .iter()
            .flat_map(|f| {
                let mut text = std::fs::read(f).unwrap();
                text.extend_from_slice(b"\n\n");
                text
            })
            .collect();
        let engine = Engine::new("russ".parse().unwrap());
        let mut rng = SplitMix64::new(5);
        let opts = Options {
            comment_percent: 5,
            variation_percent: 3,
            ..Options::default()
        };
        let mut text = Vec::new();
        for i in 0..400 {
            if i % 100 == 50 {
                text.extend_from_slice(&fixture_text);
            }
            if i % 37 == 0 {
                let pad = "x".repeat(50_000);
                text.extend_from_slice(
                    format!("[Event \"padding\"]\n\n{{{pad}}} 1. a *\n\n").as_bytes(),
                );
            }
            let record = random_record(&engine, &engine.start(), &mut rng, &opts, i).unwrap();
            text.extend_from_slice(record.to_text().as_bytes());
            text.push(b'\n');
        }
        assert!(text.len() > 2 * CHUNK_BYTES, "{} bytes", text.len());
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("corpus.ayo");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    });
    path
}

/// The summary line `validate` ends its standard error with.
fn split_summary(stderr: &str) -> (&str, &str) {
    let body = stderr.trim_end_matches('\n');
    let at = body.rfind('\n').map_or(0, |i| i + 1);
    (&stderr[..at], &stderr[at..])
}

#[test]
fn validate_in_chunks_says_what_game_by_game_says() {
    let file = corpus().to_str().unwrap();
    let whole = run(&["validate", "--jobs", "2", file], None);
    let json = run(&["validate", "--jobs", "2", "--format", "json", file], None);
    let lines: Vec<&str> = json.stdout.lines().collect();
    assert!(lines.len() > 500, "{} games", lines.len());
    assert_eq!(json.code, Some(1), "the fixtures hold invalid games");
    assert_eq!(whole.code, Some(1));

    let mut diagnostics = String::new();
    let mut invalid = 0;
    for (k, line) in lines.iter().enumerate() {
        let n = (k + 1).to_string();
        let one = run(
            &[
                "validate", "--jobs", "1", "--format", "json", "--game", &n, file,
            ],
            None,
        );
        assert_eq!(one.stdout.trim_end(), *line, "game {n}, JSON");
        let text = run(&["validate", "--jobs", "1", "--game", &n, file], None);
        let (body, summary) = split_summary(&text.stderr);
        diagnostics.push_str(body);
        invalid += usize::from(summary.contains(" 0 valid"));
    }
    let (body, summary) = split_summary(&whole.stderr);
    assert_eq!(body, diagnostics, "the diagnostics, in order");
    let games = lines.len();
    assert_eq!(
        summary.trim_end(),
        format!(
            "{games} games, {} valid, {invalid} invalid",
            games - invalid
        )
    );
}

#[test]
fn games_are_numbered_in_each_input_and_stdin_reads_alike() {
    let file = corpus().to_str().unwrap();
    let small = fixture_files()
        .into_iter()
        .find(|f| f.ends_with("club-night.ayo"))
        .unwrap();
    let small = small.to_str().unwrap();
    let both = run(&["validate", "--format", "json", small, file, small], None);
    let mut expected = String::new();
    for f in [small, file, small] {
        expected.push_str(&run(&["validate", "--format", "json", f], None).stdout);
    }
    assert_eq!(both.stdout, expected);

    let bytes = std::fs::read(file).unwrap();
    let stdin = run(&["validate", "--format", "json", "-"], Some(&bytes));
    let named = run(&["validate", "--format", "json", file], None);
    assert_eq!(
        stdin.stdout,
        named
            .stdout
            .replace(&format!("\"file\":\"{file}\""), "\"file\":\"<stdin>\"")
    );
    assert_eq!(stdin.code, named.code);
}

/// A byte-order mark, whole or cut short, at the start of the input or
/// later: the chunked path says what the game-by-game path says.
#[test]
fn byte_order_marks_read_alike() {
    for input in [
        &b"\xEF\xBB\xBF1. c *\n"[..],
        b"\xEF\xBB1. c *\n",
        b"\xEF\xBB\xBF\n\n[Event \"x\"]\n\n1. cx6 *\n",
        b"  \xEF\xBB\xBF1. c *",
        b"1. c *\n\n\xEF\xBB\xBF[Event \"x\"]\n\n1. c *\n",
    ] {
        let chunked = run(&["validate", "--format", "json", "-"], Some(input));
        let mut expected = String::new();
        for n in 1..=chunked.stdout.lines().count() {
            let n = n.to_string();
            let one = run(
                &["validate", "--format", "json", "--game", &n, "-"],
                Some(input),
            );
            expected.push_str(&one.stdout);
        }
        assert!(!expected.is_empty());
        assert_eq!(
            chunked.stdout,
            expected,
            "{:?}",
            String::from_utf8_lossy(input)
        );
    }
}
