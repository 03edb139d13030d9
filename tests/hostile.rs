//! Hostile input, through the real binary and the library: huge comments and
//! tag values, deep nesting, overflowing numbers, NUL bytes, records cut at
//! every byte, many empty games, and output that cannot be written.
//!
//! What must hold (docs/GUIDE.md, "Checking records"): never exit 101 (a panic) or die by a
//! signal; exit 0, 1 or 2 as documented; a broken pipe on standard output stops
//! quietly with 0, and any other write error exits 2. Big inputs are made here,
//! not committed.

use crate::common;

use std::fs::OpenOptions;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ayo::notation::{GameReader, Record};
use ayo::replay::{Game, Options};

/// Every run must finish within this; a hang is a failure, not a stuck test.
const TIMEOUT: Duration = Duration::from_secs(60);

fn ayo_path() -> &'static Path {
    assert_cmd::cargo::cargo_bin!("ayo")
}

fn ayo() -> Command {
    let mut cmd = Command::new(ayo_path());
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        // A panic's message in one line, not a backtrace.
        .env_remove("RUST_BACKTRACE");
    cmd
}

/// How a run ended, and what it printed.
#[derive(Debug)]
struct Run {
    /// The exit code; `None` when a signal (or the timeout) ended it.
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

impl Run {
    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }

    fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// Panics unless the run exited with one of the documented codes.
    fn documented(&self, what: &str) -> i32 {
        match self.code {
            Some(c @ 0..=2) => c,
            Some(101) => panic!("{what}: panicked (exit 101):\n{}", tail(&self.stderr)),
            Some(c) => panic!("{what}: exit {c}:\n{}", tail(&self.stderr)),
            None => panic!(
                "{what}: killed by a signal or the timeout:\n{}",
                tail(&self.stderr)
            ),
        }
    }

    fn expect(&self, code: i32, what: &str) {
        assert_eq!(
            self.documented(what),
            code,
            "{what}:\n{}",
            tail(&self.stderr)
        );
    }
}

/// The last lines of an output, enough to see a panic message.
fn tail(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(12)..].join("\n")
}

/// Waits for a child, killing it at the timeout; reads whatever of its
/// outputs were piped.
fn finish(mut child: Child) -> Run {
    let mut stdout = child.stdout.take();
    let mut stderr = child.stderr.take();
    // Read both pipes on threads so that neither fills up and blocks the child.
    let out = std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(s) = stdout.as_mut() {
            let _ = s.read_to_end(&mut buf);
        }
        buf
    });
    let err = std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(s) = stderr.as_mut() {
            let _ = s.read_to_end(&mut buf);
        }
        buf
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for ayo") {
            break Some(status);
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Run {
        code: status.and_then(|s| s.code()),
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }
}

/// Runs `ayo ARGS` with `input` on standard input.
fn run(args: &[&str], input: &[u8]) -> Run {
    let mut child = ayo()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting ayo");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    // Fed on a thread: a command may stop reading early, or print while it reads.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let result = finish(child);
    let _ = feeder.join();
    result
}

/// `FILE:LINE:COLUMN` with numbers that start at 1: the error names a place.
fn names_a_place(stderr: &str, file: &str) -> bool {
    stderr.lines().any(|l| {
        l.find(&format!("{file}:")).is_some_and(|at| {
            let rest = &l[at + file.len() + 1..];
            let mut parts = rest.splitn(3, ':');
            let line = parts.next().and_then(|s| s.parse::<u32>().ok());
            let column = parts.next().and_then(|s| s.parse::<u32>().ok());
            matches!((line, column), (Some(l), Some(c)) if l >= 1 && c >= 1)
        })
    })
}

const STDIN: &str = "<stdin>";

/// A valid record with every kind of token: tags (with escapes), a set-up,
/// move numbers (`1.` and `1...`), claims, glyphs, NAGs, brace and line
/// comments, nested variations, and a termination.
const EVERY_TOKEN: &str = r#"[Event "Hostile \"input\" \\ test"]
[Site "Ibadan"]
[Result "1/2-1/2"]
[Rules "russ"]
[Setup "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"]

{Before the first move.} 1. cx7! $1 {The main opening.} (1. d {or d} (1. e)) 1...
Fx2?! ; a line comment
2. cx7 $14 Fx7 (2... A) 1/2-1/2
"#;

#[test]
fn the_every_token_record_is_valid() {
    let record = Record::parse(EVERY_TOKEN).expect("EVERY_TOKEN parses");
    let game = Game::replay(record, &Options::default());
    assert!(game.is_valid(), "{:?}", game.errors);
    run(&["validate"], EVERY_TOKEN.as_bytes()).expect(0, "validate EVERY_TOKEN");
}

#[test]
fn a_record_cut_at_every_byte_never_panics_and_errors_name_a_place() {
    let bytes = EVERY_TOKEN.as_bytes();
    for cut in 0..bytes.len() {
        let prefix = &bytes[..cut];
        // The library: the reader and the parser on every prefix.
        for raw in GameReader::new(prefix) {
            let raw = raw.expect("reading a byte slice");
            // Offsets count from the start of the game.
            let end = raw.bytes.len();
            match raw.parse() {
                Ok(record) => {
                    let game = Game::replay(record, &Options::default());
                    for d in &game.errors {
                        assert!(d.span.line >= 1 && d.span.column >= 1, "cut {cut}: {d:?}");
                        assert!(
                            (d.span.offset + d.span.len) as usize <= end,
                            "cut {cut}: {d:?}"
                        );
                    }
                }
                Err(e) => {
                    assert!(e.span.line >= 1 && e.span.column >= 1, "cut {cut}: {e:?}");
                    assert!(
                        (e.span.offset + e.span.len) as usize <= end,
                        "cut {cut}: {e:?}"
                    );
                }
            }
        }
    }
    // The binary, on every prefix: 0 only for a prefix that is itself a valid
    // game (none, or the whole record without its last line break), else 1
    // with an error that names its place.
    for cut in 0..bytes.len() {
        let r = run(&["validate"], &bytes[..cut]);
        let what = format!("validate of the record cut at byte {cut}");
        match r.documented(&what) {
            0 => assert!(
                cut == 0 || cut + 1 == bytes.len(),
                "{what}: exit 0 for a cut record\n{}",
                r.stderr()
            ),
            1 => assert!(
                names_a_place(&r.stderr(), STDIN),
                "{what}: no place:\n{}",
                r.stderr()
            ),
            c => panic!("{what}: exit {c}\n{}", r.stderr()),
        }
    }
}

#[test]
fn a_one_megabyte_comment() {
    let comment = "seeds ".repeat((1 << 20) / 6);
    let text = format!("1. c {{{comment}}} *\n");
    let record = Record::parse(&text).expect("a long comment parses");
    assert_eq!(record.moves[0].after()[0].text.len(), comment.len());
    run(&["validate"], text.as_bytes()).expect(0, "validate");
    let fmt = run(&["fmt"], text.as_bytes());
    fmt.expect(0, "fmt");
    assert!(fmt.stdout().contains(&comment));
    run(&["json"], text.as_bytes()).expect(0, "json");
    // Unclosed, it runs to the end of the input: an error at its `{`.
    let unclosed = format!("1. c {{{comment}");
    let r = run(&["validate"], unclosed.as_bytes());
    r.expect(1, "validate of an unclosed 1 MB comment");
    assert!(r.stderr().contains("<stdin>:1:6"), "{}", tail(&r.stderr));
}

#[test]
fn a_ten_megabyte_tag_value() {
    let value = "x".repeat(10 << 20);
    let text = format!("[Event \"{value}\"]\n\n1. c *\n");
    let record = Record::parse(&text).expect("a long tag value parses");
    assert_eq!(record.tag("Event").map(str::len), Some(value.len()));
    run(&["validate"], text.as_bytes()).expect(0, "validate");
    let json = run(&["json"], text.as_bytes());
    json.expect(0, "json");
    assert!(json.stdout.len() > value.len());
    // Unclosed: the value runs to the end of the line, which never comes.
    let unclosed = format!("[Event \"{value}");
    let r = run(&["validate"], unclosed.as_bytes());
    r.expect(1, "validate of an unclosed 10 MB tag value");
    assert!(names_a_place(&r.stderr(), STDIN), "{}", tail(&r.stderr));
}

#[test]
fn ten_thousand_levels_of_variations() {
    let depth = 10_000;
    let nested = format!("1. c {}{} *\n", "(1. d ".repeat(depth), ")".repeat(depth));
    let unclosed = format!("1. c {}*\n", "(1. d ".repeat(depth));
    let closes = format!("1. c {}*\n", ")".repeat(depth));
    for (name, text) in [
        ("nested", &nested),
        ("unclosed", &unclosed),
        ("closes", &closes),
    ] {
        let e = Record::parse(text).expect_err(name);
        assert!(e.span.line >= 1 && e.span.column >= 1, "{name}: {e:?}");
        for args in [
            &["validate"][..],
            &["fmt"],
            &["json"],
            &["annotate"],
            &["board"],
            &["compare"],
        ] {
            let r = run(args, text.as_bytes());
            let what = format!("{args:?} on {name} variations");
            r.expect(1, &what);
            assert!(
                names_a_place(&r.stderr(), STDIN),
                "{what}:\n{}",
                tail(&r.stderr)
            );
        }
    }
    // The same depth in JSON for `ayo import`: refused, not a stack overflow.
    let mut json = String::from(r#"{"result":{"token":"*"},"moves":[{"pit":"c","variations":["#);
    for _ in 0..depth {
        json.push_str(r#"[{"pit":"d","variations":["#);
    }
    for _ in 0..depth {
        json.push_str("]}]");
    }
    json.push_str("]}]}");
    run(&["import"], json.as_bytes()).expect(1, "import of 10,000 nested variations");
}

/// Records whose numbers overflow every integer type they could be read into.
const BIG: &str = "99999999999999999999999999999999";

#[test]
fn overflowing_numbers_in_records() {
    let records = [
        format!("{BIG}. c *\n"),
        "4294967296. c *\n".to_string(),
        "18446744073709551616. c *\n".to_string(),
        format!("1. c {BIG}... F *\n"),
        format!("1. cx{BIG} *\n"),
        "1. cx65536 *\n".to_string(),
        "1. cx4294967296 *\n".to_string(),
        format!("1. c ${BIG} *\n"),
        "1. c $256 *\n".to_string(),
        "1. c $65536 *\n".to_string(),
        format!("[Setup \"{BIG},4,4,4,4,4/4,4,4,4,4,4 0-0 S\"]\n\n1. a *\n"),
        "[Setup \"65536,4,4,4,4,4/4,4,4,4,4,4 0-0 S\"]\n\n1. a *\n".to_string(),
        "[Setup \"65535,65535,4,4,4,4/4,4,4,4,4,4 0-0 S\"]\n\n1. a *\n".to_string(),
        format!("[Setup \"4,4,4,4,4,4/4,4,4,4,4,4 {BIG}-0 S\"]\n\n1. a *\n"),
        "[Setup \"4,4,4,4,4,4/4,4,4,4,4,4 65535-65535 S\"]\n\n1. a *\n".to_string(),
        format!("[Rules \"russ pits={BIG}\"]\n\n1. a *\n"),
        format!("[Rules \"russ seeds={BIG}\"]\n\n1. a *\n"),
        format!("[PlyCount \"{BIG}\"]\n\n1. a *\n"),
    ];
    for text in &records {
        if let Ok(record) = Record::parse(text) {
            let game = Game::replay(record, &Options::default());
            assert!(!game.is_valid(), "{text:?} is valid");
        }
        for args in [
            &["validate"][..],
            &["fmt"],
            &["json"],
            &["annotate"],
            &["board"],
            &["compare"],
        ] {
            let r = run(args, text.as_bytes());
            let what = format!("{args:?} on {text:?}");
            let code = r.documented(&what);
            // fmt and compare only read the syntax: they exit 0 on a record
            // that parses; validate finds every one of these invalid.
            if args == ["validate"] {
                assert_eq!(code, 1, "{what}");
                assert!(names_a_place(&r.stderr(), STDIN), "{what}:\n{}", r.stderr());
            }
        }
    }
}

#[test]
fn overflowing_numbers_on_the_command_line() {
    let file = "fixtures/canonical.ayo";
    let setup = format!("{BIG},4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    let rules = format!("russ pits={BIG}");
    let mut failures = Vec::new();
    let mut check = |args: &[&str], ok: &dyn Fn(i32) -> bool, want: &str| {
        let r = run(args, b"");
        match r.code {
            Some(code @ 0..=2) if ok(code) => {}
            code => failures.push(format!(
                "ayo {}: {code:?}, want {want}: {}",
                args.join(" "),
                tail(&r.stderr)
            )),
        }
    };
    // Numbers that do not fit their type are usage errors.
    for args in [
        &["annotate", "--game", BIG, file][..],
        &["board", "--game", BIG, file],
        &["compare", "--game", BIG, file],
        &["board", "--ply", "4294967296", file],
        &["board", "--ply", BIG, file],
        &["validate", "--max-laps", "18446744073709551616", file],
        &["json", "--max-laps", BIG, file],
        &["annotate", "--max-laps", "-1", file],
        &["perft", "18446744073709551616"],
        &["perft", BIG],
        &["perft", "-1"],
        &["perft", "2", "--max-laps", BIG],
        &["board", "--setup", &setup],
        &["perft", "2", "--setup", &setup],
        &[
            "perft",
            "2",
            "--setup",
            "65535,65535,4,4,4,4/4,4,4,4,4,4 0-0 S",
        ],
        &["perft", "2", "--rules", &rules],
    ] {
        check(args, &|c| c == 2, "exit 2");
    }
    // Numbers that fit but are out of reach: a documented code, at once.
    for args in [
        &["annotate", "--game", "18446744073709551615", file][..],
        &["board", "--game", "18446744073709551615", file],
        &["compare", "--game", "18446744073709551615", file],
        &["board", "--ply", "4294967295", file],
        &["validate", "--max-laps", "18446744073709551615", file],
        &["validate", "--max-laps", "0", file],
        &["annotate", "--max-laps", "0", file],
    ] {
        check(args, &|_| true, "exit 0, 1 or 2");
    }
    // A perft depth that fits `usize` but cannot be counted: refused (exit
    // 2), never a panic or an allocation failure.
    for depth in ["18446744073709551615", "4294967296"] {
        check(&["perft", depth], &|c| c == 2, "exit 2");
    }
    assert!(
        failures.is_empty(),
        "{} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn nul_bytes() {
    let inputs: [&[u8]; 5] = [
        b"\0",
        b"1. c\0 *\n",
        b"1. c {a \0 comment} *\n",
        b"[Event \"a \0 value\"]\n\n1. c *\n",
        b"\0\0\0\0[Event \"x\"]\n\n1. c *\n\0",
    ];
    for input in inputs {
        for raw in GameReader::new(input) {
            let _ = raw.expect("reading a byte slice").parse();
        }
        for args in [
            &["validate"][..],
            &["fmt"],
            &["json"],
            &["annotate"],
            &["board"],
            &["compare"],
        ] {
            let r = run(args, input);
            let what = format!("{args:?} on {input:?}");
            if r.documented(&what) == 1 {
                assert!(names_a_place(&r.stderr(), STDIN), "{what}:\n{}", r.stderr());
            }
        }
    }
    // A NUL where a move must stand is a syntax error.
    run(&["validate"], b"1. \0 *\n").expect(1, "validate of a NUL move");
    // JSON with NUL bytes, raw and escaped.
    run(&["import"], b"{\"result\":{\"token\":\"*\"},\0}").expect(1, "import of a raw NUL");
    run(
        &["import"],
        br#"{"result":{"token":"*"},"tags":[["Event","\u0000"]],"moves":[{"pit":"c","comments":{"after":["\u0000"]}}]}"#,
    )
    .documented("import of escaped NULs");
}

#[test]
fn two_hundred_thousand_empty_games() {
    let n = 200_000;
    let text = "*\n".repeat(n);
    assert_eq!(GameReader::new(text.as_bytes()).count(), n);
    let r = run(&["validate"], text.as_bytes());
    r.expect(0, "validate");
    assert!(r.stderr().contains(&format!("{n} games")), "{}", r.stderr());
    let fmt = run(&["fmt"], text.as_bytes());
    fmt.expect(0, "fmt");
    assert_eq!(fmt.stdout().matches('*').count(), n);
    let json = run(&["json"], text.as_bytes());
    json.expect(0, "json");
    assert_eq!(json.stdout().lines().count(), n);
    // The JSON back through import: as many games.
    let back = run(&["import"], &json.stdout);
    back.expect(0, "import");
    assert_eq!(back.stdout().matches('*').count(), n);
}

/// Where a stream goes in the write-error tests.
#[derive(Clone, Copy, Debug)]
enum Sink {
    /// A pipe whose reader has gone away: writes fail with `EPIPE`.
    ClosedPipe,
    /// `/dev/full`: writes fail with `ENOSPC`.
    Full,
}

/// Runs `ayo ARGS` (standard input from `input`) with standard output or
/// standard error sent to `sink`, the other stream read as usual.
fn run_into(args: &[&str], input: &[u8], stream: &str, sink: Sink) -> Run {
    let mut cmd = ayo();
    cmd.args(args).stdin(Stdio::piped());
    let target = || match sink {
        Sink::ClosedPipe => closed_pipe(),
        Sink::Full => Stdio::from(
            OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .expect("opening /dev/full"),
        ),
    };
    if stream == "stdout" {
        cmd.stdout(target()).stderr(Stdio::piped());
    } else {
        cmd.stdout(Stdio::piped()).stderr(target());
    }
    let mut child = cmd.spawn().expect("starting ayo");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let r = finish(child);
    let _ = feeder.join();
    r
}

/// The writing end of a pipe whose reading end is closed before `ayo` starts,
/// so that its first write fails. (Closing the reading end after starting
/// `ayo` races with it: a fast command can finish writing first.) The reading
/// end is given to `true`, which exits without reading; only the writing end
/// is left, here.
fn closed_pipe() -> Stdio {
    let mut reader = Command::new("true")
        .stdin(Stdio::piped())
        .spawn()
        .expect("starting true");
    let end = reader.stdin.take().expect("piped stdin");
    reader.wait().expect("waiting for true");
    Stdio::from(end)
}

/// One command run for the write-error tests: its arguments and its standard
/// input.
struct Case {
    args: Vec<String>,
    input: Vec<u8>,
}

/// A run of every command that writes output, and of every command that
/// writes diagnostics (valid, invalid and malformed records, bad JSON, a
/// bad set-up, a missing file).
fn cases() -> Vec<Case> {
    let dir = |d: &str| -> Vec<String> {
        let mut files: Vec<String> = std::fs::read_dir(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("fixtures")
                .join(d),
        )
        .expect("a fixtures folder")
        .map(|e| {
            let name = e.expect("a directory entry").file_name();
            format!("fixtures/{d}/{}", name.to_string_lossy())
        })
        .collect();
        files.sort();
        files
    };
    let valid = vec!["fixtures/canonical.ayo".to_string()];
    let invalid = dir("invalid");
    let malformed = dir("malformed");
    let json = run(&["json", &valid[0]], b"").stdout;
    let case = |args: &[&str], files: &[String], input: &[u8]| Case {
        args: args
            .iter()
            .map(|s| s.to_string())
            .chain(files.iter().cloned())
            .collect(),
        input: input.to_vec(),
    };
    let mut cases = Vec::new();
    for files in [&valid, &invalid, &malformed] {
        cases.extend([
            case(&["validate"], files, b""),
            case(&["validate", "--format", "json"], files, b""),
            case(&["annotate"], files, b""),
            case(&["annotate", "--format", "csv"], files, b""),
            case(&["board", "--all"], files, b""),
            case(&["compare"], files, b""),
            case(&["json"], files, b""),
            case(&["fmt"], files, b""),
            case(&["fmt", "--check"], files, b""),
        ]);
    }
    cases.extend([
        case(
            &["board", "--setup", "2,5,2,0,3,2/1,0,1,3,2,0 16-11 S"],
            &[],
            b"",
        ),
        case(&["json", "--schema"], &[], b""),
        case(&["import"], &[], &json),
        case(&["import"], &[], b"{\"result\": 7}"),
        case(&["import"], &[], b"{\"result\""),
        case(&["perft", "3"], &[], b""),
        case(&["perft", "2", "--setup", "nonsense"], &[], b""),
        case(&["completions", "bash"], &[], b""),
        case(&["man"], &[], b""),
        case(&["validate", "no/such/file.ayo"], &[], b""),
        case(&["--help"], &[], b""),
        case(&["--version"], &[], b""),
        case(&["validate", "--no-such-flag"], &[], b""),
    ]);
    cases
}

/// What a command must do when one of its streams cannot be written.
/// `writes`: whether it writes anything to that stream when it can.
fn expected_code(writes: bool, stream: &str, sink: Sink, normal: i32, code: i32) -> bool {
    match (writes, stream, sink) {
        // It never noticed: its usual verdict.
        (false, _, _) => code == normal,
        // The reader of its output went away: its choice, not an error.
        (true, "stdout", Sink::ClosedPipe) => code == 0,
        // Nowhere to report the broken pipe: stopped quietly, or finished
        // with its own verdict.
        (true, _, Sink::ClosedPipe) => code == 0 || code == normal,
        // Any other write error.
        (true, _, Sink::Full) => code == 2,
    }
}

/// Runs every case with `stream` sent to `sink`; panics listing every case
/// that did not end as it must.
fn write_errors(stream: &str, sink: Sink) {
    let mut failures = Vec::new();
    for c in cases() {
        let args: Vec<&str> = c.args.iter().map(String::as_str).collect();
        let normal = run(&args, &c.input);
        let writes = !if stream == "stdout" {
            &normal.stdout
        } else {
            &normal.stderr
        }
        .is_empty();
        let normal = normal.documented(&format!("{args:?}"));
        let r = run_into(&args, &c.input, stream, sink);
        let verdict = match r.code {
            Some(code @ 0..=2) if expected_code(writes, stream, sink, normal, code) => continue,
            Some(code) => format!("exit {code}"),
            None => "a signal or the timeout".to_string(),
        };
        let why = String::from_utf8_lossy(&r.stderr)
            .lines()
            .find(|l| l.contains("panicked") || l.contains("error"))
            .map(|l| l.chars().take(160).collect::<String>())
            .unwrap_or_default();
        // Fixture lists are long: the folder is enough to tell the case.
        let mut shown = args.join(" ");
        if let Some(cut) = shown.find(".ayo ") {
            shown = format!("{} ...", &shown[..cut + 4]);
        }
        failures.push(format!(
            "ayo {shown} ({stream} to {sink:?}): {verdict} {why}"
        ));
    }
    assert!(
        failures.is_empty(),
        "{} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn standard_output_to_a_closed_pipe_stops_quietly_with_0() {
    write_errors("stdout", Sink::ClosedPipe);
}

#[test]
fn standard_output_to_a_full_disk_exits_2() {
    write_errors("stdout", Sink::Full);
}

#[test]
fn standard_error_to_a_closed_pipe_never_panics() {
    write_errors("stderr", Sink::ClosedPipe);
}

#[test]
fn standard_error_to_a_full_disk_exits_2() {
    write_errors("stderr", Sink::Full);
}

/// The shell pipelines of the issue, as written.
#[test]
fn shell_pipelines_never_panic() {
    let ayo = ayo_path().display().to_string();
    let mut failures = Vec::new();
    for script in [
        r#""$AYO" validate fixtures/invalid/*.ayo 2>&1 | head -1 >/dev/null; exit ${PIPESTATUS[0]}"#,
        r#""$AYO" json fixtures/*.ayo 2>&1 | head -c 10 >/dev/null; exit ${PIPESTATUS[0]}"#,
        r#""$AYO" annotate fixtures/*.ayo | head -1 >/dev/null; exit ${PIPESTATUS[0]}"#,
        r#""$AYO" validate fixtures/canonical.ayo 2>/dev/full"#,
    ] {
        let child = Command::new("bash")
            .args(["-c", script])
            .env("AYO", &ayo)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starting bash");
        let r = finish(child);
        // Every documented code is fine for a pipeline whose reader stops
        // early (head may take all it wants before ayo writes more); /dev/full
        // is a write error.
        let ok = match r.code {
            Some(2) => true,
            Some(0 | 1) => !script.ends_with("/dev/full"),
            _ => false,
        };
        if !ok {
            failures.push(format!("{script}: {:?}", r.code));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `ayo json` streams each game move by move (`write_game`) instead of
/// building its `GameJson`: the bytes must be those of serializing the value,
/// compact and pretty, at every `--detail` level, for every game of every fixture (valid, invalid,
/// malformed, relays) and for games with variations, comments, refusals and
/// moves after a refused one; and the same bytes again from the game
/// replayed without lap traces, its laps traced as they are written; and
/// from the game replayed for its main line alone without lap traces (as
/// `ayo json` replays), each variation replayed when its turn comes.
#[test]
fn streamed_json_is_the_json_of_game_json() {
    use ayo::output::json::{Detail, GameJson, JsonWriter};

    let files = common::fixture_files();
    let mut games = 0;
    let extra = [
        "{before} 1. c {after} (1. d! $1 (1. e) D 2. B) (1... x) C 2. Z (2. b) b *\n",
        "[Setup \"garbage\"]\n\n1. c C *\n",
        "[Rules \"nonsense\"]\n\n{only a comment} *\n",
        "1. cx9 2. F (2. f) *\n",
    ];
    let mut texts: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|p| (p.display().to_string(), std::fs::read(p).unwrap()))
        .collect();
    texts.extend(
        extra
            .iter()
            .map(|t| ("extra".to_string(), t.as_bytes().to_vec())),
    );
    for (name, bytes) in &texts {
        for (i, raw) in GameReader::new(&bytes[..]).enumerate() {
            let Ok(raw) = raw else { continue };
            let Ok(record) = raw.parse() else { continue };
            let untraced = Game::replay(
                record.clone(),
                &Options {
                    trace: false,
                    ..Options::default()
                },
            );
            let main_line = Game::replay_main_line(
                record.clone(),
                &Options {
                    trace: false,
                    ..Options::default()
                },
            );
            let game = Game::replay(record, &Options::default());
            let value = GameJson::of(&game, Some(name), Some(i));
            for (pretty, detail) in [false, true]
                .into_iter()
                .flat_map(|p| [Detail::Game, Detail::Moves, Detail::Full].map(|d| (p, d)))
            {
                let want = if pretty {
                    serde_json::to_vec_pretty(&value.at(detail)).unwrap()
                } else {
                    serde_json::to_vec(&value.at(detail)).unwrap()
                };
                if detail == Detail::Full {
                    // The value at the full level is the value itself.
                    assert_eq!(
                        want,
                        if pretty {
                            serde_json::to_vec_pretty(&value).unwrap()
                        } else {
                            serde_json::to_vec(&value).unwrap()
                        }
                    );
                    let mut got = Vec::new();
                    let full = JsonWriter {
                        pretty,
                        ..JsonWriter::default()
                    };
                    full.write_game(&mut got, &main_line, Some(name), Some(i))
                        .unwrap();
                    assert_eq!(got, want, "write_game is the full level");
                }
                for g in [&game, &untraced, &main_line] {
                    let mut got = Vec::new();
                    let writer = JsonWriter {
                        detail,
                        pretty,
                        ..JsonWriter::default()
                    };
                    writer.write_game(&mut got, g, Some(name), Some(i)).unwrap();
                    assert_eq!(
                        String::from_utf8_lossy(&got),
                        String::from_utf8_lossy(&want),
                        "{name}, game {}, {detail:?}, traced: {}",
                        i + 1,
                        g.moves
                            .iter()
                            .any(|p| p.outcome.as_ref().is_some_and(|o| !o.laps.is_empty()))
                    );
                }
            }
            games += 1;
        }
    }
    assert!(games > 40, "only {games} games read");
}

/// Bytes allocated and not yet freed on this thread, and the most there were
/// since the last [`heap::reset`]: the test below measures what one game
/// holds while other tests run on other threads of this binary.
mod heap {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    thread_local! {
        static LIVE: Cell<isize> = const { Cell::new(0) };
        static PEAK: Cell<isize> = const { Cell::new(0) };
    }

    pub struct Counting;

    fn add(n: isize) {
        // `try_with`: a thread being torn down still frees memory.
        let _ = LIVE.try_with(|live| {
            live.set(live.get() + n);
            let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
        });
    }

    // SAFETY: every call goes straight to the system allocator with the same
    // arguments; the counting beside it touches no memory of the caller's.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            add(layout.size() as isize);
            unsafe { System.alloc(layout) }
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            add(-(layout.size() as isize));
            unsafe { System.dealloc(ptr, layout) }
        }
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            add(new_size as isize - layout.size() as isize);
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }

    /// Live bytes now.
    pub fn live() -> isize {
        LIVE.with(Cell::get)
    }

    /// The peak since the last reset, which starts it at the live bytes.
    pub fn peak() -> isize {
        PEAK.with(Cell::get)
    }

    pub fn reset() {
        PEAK.with(|p| p.set(live()));
    }
}

#[global_allocator]
static COUNTING: heap::Counting = heap::Counting;

/// Memory for one big game (issue: within a small multiple of its size): a
/// game of 20,000 one-move variations, 7 bytes of text each. Its syntax tree
/// and its replayed plies are counted per variation, and writing its JSON
/// must add next to nothing (it is streamed, not built as a value first),
/// also from the game replayed for its main line alone (as `ayo json` does),
/// which replays one variation at a time as it writes it.
/// The bounds are about 10% over what this build measures (syntax tree 80
/// bytes a variation, plies with lap traces 402): a change that holds more per move
/// fails here. (The syntax tree was 182 bytes a variation before spans went
/// to 16 bytes, a one-move variation came to hold its move in place, and a
/// move's NAGs, comments and variations went into one box that a move
/// without any does not have.)
#[test]
fn memory_per_variation_of_a_big_game() {
    use ayo::output::json::JsonWriter;

    const N: usize = 20_000;
    let text = format!("1. a {}*\n", "(1. b) ".repeat(N));
    let per = |bytes: isize| bytes / N as isize;

    let before = heap::live();
    let record = Record::parse(&text).unwrap();
    let ast = heap::live() - before;

    let copy = record.clone();
    let before = heap::live();
    let main_line = Game::replay_main_line(
        copy,
        &Options {
            trace: false,
            ..Options::default()
        },
    );
    let main_plies = heap::live() - before;
    assert!(main_line.is_valid());
    heap::reset();
    let before = heap::live();
    JsonWriter::default()
        .write_game(std::io::sink(), &main_line, Some("big.ayo"), Some(0))
        .unwrap();
    let writing_main_line = heap::peak() - before;
    drop(main_line);

    let before = heap::live();
    let game = Game::replay(record, &Options::default());
    let plies = heap::live() - before;
    assert!(game.is_valid());
    assert_eq!(game.moves[0].variations.len(), N);

    heap::reset();
    let before = heap::live();
    JsonWriter::default()
        .write_game(std::io::sink(), &game, Some("big.ayo"), Some(0))
        .unwrap();
    let writing = heap::peak() - before;

    eprintln!(
        "syntax tree {} B a variation, plies {} B a variation, writing JSON {writing} B; \
         main-line plies {main_plies} B, writing their JSON {writing_main_line} B",
        per(ast),
        per(plies)
    );
    assert!(
        per(ast) <= 88,
        "syntax tree: {} bytes a variation",
        per(ast)
    );
    assert!(per(plies) <= 440, "plies: {} bytes a variation", per(plies));
    assert!(writing < 4096, "writing the JSON took {writing} bytes");
    // The main line's one ply, and one variation's ply (with its outcome and
    // laps) at a time while writing.
    assert!(main_plies < 4096, "main-line plies: {main_plies} bytes");
    assert!(
        writing_main_line < 8192,
        "writing the JSON of the main-line replay took {writing_main_line} bytes"
    );
}

/// Memory for one big game in the commands that show its main line alone, and
/// in `fmt`: a game of 20,000 one-move variations replayed for its main line
/// (what `ayo annotate` and `ayo board` do) keeps no ply for a variation, the
/// annotate rows trace the laps of the main line only, and writing the
/// canonical text holds little beyond the text (its tokens are laid out as
/// they are made). Before: plies 402 bytes a variation, the writer's tokens
/// well over 3 times the text.
#[test]
fn memory_of_a_big_game_shown_by_its_main_line() {
    use ayo::output::table::AnnotatedMove;

    const N: usize = 20_000;
    let text = format!("1. a {}*\n", "(1. b) ".repeat(N));
    let record = Record::parse(&text).unwrap();

    heap::reset();
    let before = heap::live();
    let written = record.to_text();
    let writing = heap::peak() - before;
    // The same length: wrapping turns spaces into line breaks.
    assert_eq!(written.len(), text.len());

    let untraced = Options {
        trace: false,
        ..Options::default()
    };
    let before = heap::live();
    let game = Game::replay_main_line(record, &untraced);
    let plies = heap::live() - before;
    assert!(game.is_valid());
    assert!(game.moves[0].variations.is_empty());

    heap::reset();
    let before = heap::live();
    let rows = AnnotatedMove::of_game(&game);
    let annotating = heap::peak() - before;
    let first = serde_json::to_value(&rows[0]).unwrap();
    assert_eq!(first["laps"].as_array().map(Vec::len), Some(5));

    eprintln!(
        "writing {writing} B for {} B of text, main-line plies {plies} B, annotate rows {annotating} B",
        written.len()
    );
    // The text doubles as it grows: at most three times its length at once.
    assert!(
        writing <= 3 * written.len() as isize,
        "writing the text took {writing} bytes for {} of text",
        written.len()
    );
    assert!(plies < 16 * 1024, "main-line plies: {plies} bytes");
    assert!(annotating < 16 * 1024, "annotate rows: {annotating} bytes");
}

/// `--max-game-bytes` stops below 4 GiB, where a span's `u32` offset within a
/// game would no longer reach: past it is a usage error (exit 2), not a limit
/// silently cut down; the largest value is accepted.
#[test]
fn max_game_bytes_stays_below_4_gib() {
    let game = b"1. a *\n";
    run(&["validate", "--max-game-bytes", "4294967295"], game).expect(0, "the largest limit");
    for too_big in ["4294967296", "18446744073709551615"] {
        let r = run(&["validate", "--max-game-bytes", too_big], game);
        r.expect(2, too_big);
        insta::allow_duplicates! {
            insta::assert_snapshot!(r.stderr().lines().next().unwrap_or_default().replace(too_big, "N"), @"error: invalid value 'N' for '--max-game-bytes <N>': N is not in 1..=4294967295");
        }
    }
}

/// Control characters in a record (an escape sequence that would clear the
/// screen and retitle the window, a bell, a NUL, a C1 control) are shown,
/// not sent, by every human-readable output: tables, Markdown, captions and
/// diagnostics. JSON escapes them itself; records and CSV are data.
#[test]
fn control_characters_never_reach_the_terminal() {
    let record = "[South \"A\u{1b}[2J\u{1b}]0;pwned\u{7}\"]\n[North \"B\u{0}\u{9b}1m\"]\n\n1. cx6 {\u{1b}[31mred} A *\n";
    let commands: [&[&str]; 12] = [
        &["validate"],
        &["annotate"],
        &["annotate", "--format", "markdown"],
        &["board"],
        &["board", "--format", "markdown"],
        &["standings"],
        &["standings", "--format", "markdown"],
        &["stats"],
        &["analyze", "--depth", "1000"],
        &["analyze", "--depth", "1000", "--format", "markdown"],
        &["moves"],
        &["fmt", "--check"],
    ];
    for args in commands {
        let run = run(args, record.as_bytes());
        run.documented(&args.join(" "));
        for (name, bytes) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
            let text = String::from_utf8_lossy(bytes);
            let sent: Vec<char> = text
                .chars()
                .filter(|&c| c.is_control() && c != '\n' && c != '\t')
                .collect();
            assert!(sent.is_empty(), "{args:?} {name}: {sent:?} in\n{text}");
        }
    }
    let run = run(&["validate"], record.as_bytes());
    insta::assert_snapshot!(run.stderr(), @r"
    error: <stdin>:4:4: ply 1, South's c: claims 6 seeds, but the move captures 7 from B
      |
    4 | 1. cx6 {␛[31mred} A *
      |    ^^^ wrong claim
      |
    1 game, 0 valid, 1 invalid
    ");
}
