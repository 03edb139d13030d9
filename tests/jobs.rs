//! `--jobs N`: every command that spreads its games over threads prints the
//! same standard output, standard error and exit code with one thread as
//! with several, on every fixture, on a generated corpus of many batches
//! (with invalid and broken games among them), around games too large to
//! batch, and with inputs that cannot be read or a `--game` past the end in
//! between.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use ayo::rules::{Engine, SplitMix64};
use ayo_testkit::{Options, random_record};

use common::ayo;

/// Every command and format that takes `--jobs`, as the arguments before the
/// files.
const VARIANTS: &[&[&str]] = &[
    &["validate"],
    &["validate", "--format", "json"],
    &["validate", "--quiet"],
    &["json"],
    &["json", "--pretty"],
    &["annotate"],
    &["annotate", "--format", "csv"],
    &["annotate", "--format", "markdown"],
    &["annotate", "--format", "json", "--laps", "full"],
    &["compare"],
    &["compare", "--format", "csv"],
    &["compare", "--format", "json"],
    &["filter", "--tag", "Rules=russ"],
    &["filter", "--valid", "--fmt"],
    &["filter", "--invalid", "--count"],
    &["filter", "--plies", "..30", "--invert"],
    &["duplicates"],
    &["duplicates", "--format", "json"],
    &["duplicates", "--drop"],
    &["stats"],
    &["stats", "--format", "json"],
    &["stats", "--format", "csv"],
];

/// What a run printed and how it ended.
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

fn outcome(args: &[&str], jobs: &str, stdin: Option<&[u8]>) -> Outcome {
    let mut cmd = ayo();
    cmd.args(args).args(["--jobs", jobs]).env("COLUMNS", "100");
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let out = cmd.output().unwrap();
    Outcome {
        code: out.status.code(),
        stdout: out.stdout,
        stderr: out.stderr,
    }
}

/// Runs `args` with `--jobs 1` and `--jobs 2` and checks that they agree;
/// returns the outcome, for checks that the run did something.
fn same_for_every_jobs(args: &[&str], stdin: Option<&[u8]>) -> Outcome {
    same_for(&["2"], args, stdin)
}

/// Runs `args` with `--jobs 1` and each of `jobs`, and checks that they agree.
fn same_for(jobs: &[&str], args: &[&str], stdin: Option<&[u8]>) -> Outcome {
    let one = outcome(args, "1", stdin);
    for &jobs in jobs {
        let many = outcome(args, jobs, stdin);
        assert!(
            one == many,
            "`ayo {} --jobs {jobs}` differs from --jobs 1:\nexit {:?} vs {:?}\n--- stdout 1\n{}\n--- stdout {jobs}\n{}\n--- stderr 1\n{}\n--- stderr {jobs}\n{}",
            args.join(" "),
            one.code,
            many.code,
            tail(&one.stdout),
            tail(&many.stdout),
            tail(&one.stderr),
            tail(&many.stderr),
        );
    }
    one
}

/// The end of a long output, for a readable failure.
fn tail(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let start = text.len().saturating_sub(2000);
    let start = (start..=text.len())
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    text[start..].to_string()
}

/// Every `.ayo` file under fixtures/, relative to the repository root, sorted.
fn fixtures() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    common::fixture_files()
        .iter()
        .map(|path| {
            path.strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

/// A corpus of many batches: 3,000 generated games (some with comments and
/// variations), with every fixture's text spliced in every 500 games, so
/// that invalid and broken games fall in many batches, duplicates span
/// batches, and some games are cut short copies.
fn corpus() -> &'static Path {
    static CORPUS: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    let (_, path) = CORPUS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let fixture_text: Vec<u8> = fixtures()
            .iter()
            .flat_map(|f| {
                let mut text = std::fs::read(root.join(f)).unwrap();
                text.extend_from_slice(b"\n\n");
                text
            })
            .collect();
        let engine = Engine::new("russ".parse().unwrap());
        let mut rng = SplitMix64::new(11);
        let opts = Options {
            comment_percent: 5,
            variation_percent: 3,
            ..Options::default()
        };
        let mut text = Vec::new();
        for i in 0..3000 {
            if i % 500 == 250 {
                text.extend_from_slice(&fixture_text);
            }
            let record = random_record(&engine, &engine.start(), &mut rng, &opts, i % 700).unwrap();
            text.extend_from_slice(record.to_text().as_bytes());
            text.push(b'\n');
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("corpus.ayo");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    });
    path
}

#[test]
fn every_fixture_alike_for_every_jobs() {
    let files = fixtures();
    assert!(files.len() > 30, "fixtures/ not found");
    for variant in VARIANTS {
        let mut args: Vec<&str> = variant.to_vec();
        args.extend(files.iter().map(String::as_str));
        let run = same_for_every_jobs(&args, None);
        let quiet = variant.contains(&"--quiet");
        assert!(quiet || !run.stdout.is_empty() || !run.stderr.is_empty());
    }
}

#[test]
fn each_fixture_alike_for_every_jobs() {
    // One file at a time: the first game of a file, and a file of one game,
    // are where "first" and summaries differ.
    for file in fixtures() {
        for variant in [
            &["validate"][..],
            &["annotate", "--format", "csv"],
            &["json"],
        ] {
            let mut args = variant.to_vec();
            args.push(&file);
            same_for_every_jobs(&args, None);
        }
    }
}

/// The size of a batch (`BATCH_BYTES` in src/cli/parallel.rs): batches are
/// cut by bytes.
const BATCH_BYTES: u64 = 64 << 10;

#[test]
fn generated_corpus_alike_for_every_jobs() {
    // Many batches, so that they come back out of order.
    let size = std::fs::metadata(corpus()).unwrap().len();
    assert!(size > 8 * BATCH_BYTES, "{size} bytes: too few batches");
    let corpus = corpus().to_str().unwrap();
    for variant in VARIANTS {
        let mut args = variant.to_vec();
        args.push(corpus);
        let run = same_for_every_jobs(&args, None);
        let quiet = variant.contains(&"--quiet");
        assert!(quiet || !run.stdout.is_empty() || !run.stderr.is_empty());
    }
}

#[test]
fn more_threads_than_cores_alike() {
    let corpus = corpus().to_str().unwrap();
    for variant in [&["validate"][..], &["json"], &["duplicates"]] {
        let mut args = variant.to_vec();
        args.push(corpus);
        same_for(&["3", "8"], &args, None);
    }
}

#[test]
fn standard_input_alike_for_every_jobs() {
    let text = std::fs::read(corpus()).unwrap();
    for variant in [
        &["validate"][..],
        &["json"],
        &["duplicates"],
        &["filter", "--valid"],
    ] {
        let run = same_for_every_jobs(variant, Some(&text));
        assert!(!run.stdout.is_empty() || !run.stderr.is_empty());
    }
}

#[test]
fn reports_between_games_stay_in_their_place() {
    // A missing input and a --game past the end of a short file, between
    // long ones: each is reported after the games before it.
    let corpus = corpus().to_str().unwrap();
    for command in ["validate", "json", "annotate", "compare"] {
        let args = [
            command,
            corpus,
            "fixtures/no-such-file.ayo",
            "fixtures/opening-lecture.ayo",
            corpus,
        ];
        let run = same_for_every_jobs(&args, None);
        assert_eq!(run.code, Some(2), "{command}");
        let args = [
            command,
            "--game",
            "2",
            corpus,
            "fixtures/opening-lecture.ayo",
            "fixtures/club-night.ayo",
        ];
        let run = same_for_every_jobs(&args, None);
        assert_eq!(run.code, Some(2), "{command}");
        assert!(
            String::from_utf8_lossy(&run.stderr)
                .contains("--game 2: fixtures/opening-lecture.ayo has 1 game"),
            "{command}"
        );
    }
    let run = same_for_every_jobs(
        &[
            "filter",
            "--games",
            "3..4",
            corpus,
            "fixtures/opening-lecture.ayo",
            "fixtures/no-such-file.ayo",
            corpus,
        ],
        None,
    );
    assert_eq!(run.code, Some(2));
    let run = same_for_every_jobs(
        &["duplicates", corpus, "fixtures/no-such-file.ayo", corpus],
        None,
    );
    assert_eq!(run.code, Some(2));
}

#[test]
fn games_too_large_to_batch_keep_their_place() {
    // Games over a megabyte are done alone, in their turn: between batches,
    // one after another, and at the very end.
    let big_comment = "x".repeat(1_200_000);
    let big = format!("[Event \"big\"]\n\n1. c {{{big_comment}}} A 2. d *\n\n");
    let bad = format!("[Event \"big and bad\"]\n\n1. c c {{{big_comment}}} *\n\n");
    let small = std::fs::read_to_string("fixtures/club-night.ayo").unwrap();
    let mut text = String::new();
    for i in 0..40 {
        text.push_str(&small);
        text.push_str("\n\n");
        if i % 13 == 0 {
            text.push_str(&big);
            text.push_str(&bad);
        }
    }
    text.push_str(&big);
    for variant in [
        &["validate"][..],
        &["json"],
        &["annotate", "--format", "csv"],
        &["filter", "--invalid"],
        &["duplicates", "--drop"],
    ] {
        let run = same_for_every_jobs(variant, Some(text.as_bytes()));
        assert!(!run.stdout.is_empty() || !run.stderr.is_empty());
    }
}

#[test]
fn jobs_zero_is_a_usage_error() {
    let out = ayo()
        .args(["validate", "--jobs", "0", "fixtures/opening-lecture.ayo"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    insta::assert_snapshot!(String::from_utf8_lossy(&out.stderr));
}

#[test]
fn a_closed_output_ends_quietly_with_jobs() {
    // `ayo json --jobs 2 big | head -c 100`: the reader goes away; the run
    // ends with 0 and says nothing.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("ayo"))
        .args(["json", "--jobs", "2", corpus().to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 100];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("cannot write"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn split_files_alike_for_every_jobs() {
    // `filter --split-by` writes its files in input order too.
    let corpus = corpus().to_str().unwrap();
    let mut written = Vec::new();
    for jobs in ["1", "2"] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().to_str().unwrap();
        let args = [
            "filter",
            corpus,
            "fixtures/club-night.ayo",
            "--split-by",
            "Event",
            "--out",
            out,
        ];
        let run = outcome(&args, jobs, None);
        assert_eq!(run.code, Some(0));
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| {
                let path = e.unwrap().path();
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read(&path).unwrap())
            })
            .collect();
        files.sort();
        assert!(files.len() > 100);
        let listing = String::from_utf8_lossy(&run.stdout).replace(out, "DIR");
        written.push((listing, files));
    }
    assert!(written[0] == written[1], "--split-by differs with --jobs 2");
}

#[test]
fn filter_quick_refusal_selects_what_the_tags_select() {
    // `--tag NAME=VALUE` and `--player` first look for the quoted value in
    // the game's text; a regex (`~`) reads the tags. Both must pick the same
    // games.
    let corpus = corpus().to_str().unwrap();
    let pairs: &[(&[&str], &[&str])] = &[
        (&["--tag", "Round=1"], &["--tag", "Round~^1$"]),
        (
            &["--tag", "Event=Generated game 7"],
            &["--tag", "Event~^Generated game 7$"],
        ),
        (
            &[
                "--tag",
                "Event=Generated game 7",
                "--tag",
                "Event=Generated game 80",
            ],
            &["--tag", "Event~^Generated game (7|80)$"],
        ),
        (
            &["--player", "Engine A"],
            &["--tag", "South~^Engine A$", "--tag", "North~^Engine A$"],
        ),
        (&["--tag", "Result=1-0"], &["--tag", "Result~^1-0$"]),
        (
            &["--tag", "Rules=endodoi pits=8"],
            &["--tag", "Rules~^endodoi pits=8$"],
        ),
    ];
    for (quick, slow) in pairs {
        for invert in [false, true] {
            let run = |criteria: &[&str]| {
                let mut args = vec!["filter", corpus, "fixtures/club-night.ayo"];
                args.extend_from_slice(criteria);
                if invert {
                    args.push("--invert");
                }
                outcome(&args, "2", None)
            };
            let (a, b) = (run(quick), run(slow));
            assert!(a == b, "{quick:?} and {slow:?} differ (invert: {invert})");
            assert!(!a.stdout.is_empty(), "{quick:?} selected nothing");
        }
    }
}
