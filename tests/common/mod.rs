//! What the CLI test files share: the binary, run from the repository root,
//! and its output as one snapshot-friendly text.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;

pub mod console;

/// The `ayo` binary, run from the repository root, colour allowed to follow
/// the (redirected, so colourless) streams. Tables take their width from
/// COLUMNS when not at a terminal: tests choose it themselves.
pub fn ayo() -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("ayo"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS");
    cmd
}

/// `exit N`, then standard output and standard error, as one text.
pub fn run(args: &[&str], stdin: Option<&[u8]>) -> String {
    run_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, stdin)
}

/// [`run`] in another directory.
pub fn run_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> String {
    let mut cmd = ayo();
    cmd.current_dir(dir).args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    transcript(&cmd.output().unwrap())
}

/// A finished run as the tests compare it: `exit N` (-1 when a signal
/// ended it), then its standard output and error, each under a header when
/// not empty.
pub fn transcript(out: &std::process::Output) -> String {
    let mut s = format!("exit {}\n", out.status.code().unwrap_or(-1));
    if !out.stdout.is_empty() {
        s += &format!("--- stdout\n{}", String::from_utf8_lossy(&out.stdout));
    }
    if !out.stderr.is_empty() {
        s += &format!("--- stderr\n{}", String::from_utf8_lossy(&out.stderr));
    }
    s
}

/// The exit code alone.
pub fn code(args: &[&str], stdin: Option<&[u8]>) -> i32 {
    let mut cmd = ayo();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    cmd.output().unwrap().status.code().unwrap_or(-1)
}

/// Every `.ayo` file under fixtures/, as full paths, sorted.
pub fn fixture_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "ayo") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
        &mut out,
    );
    out.sort();
    out
}
