//! `fmt --write` keeps what it does not own: signals, a killed run, a file
//! that changes while it is formatted, read-only files, hard links, owners.
//! `analyze --write` goes through the same code: its tests are at the end.
//!
//! The tests that signal a run, or write to its file, wait until its
//! temporary file appears: the file is big enough (about 40 MB) that the
//! temporary file lives for a while, and a run that wins the race anyway (it
//! renames before the signal lands) is tried again.

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus};
use std::time::{Duration, Instant};

use super::common::run_in;

/// Games with a long tag each and a movetext not in canonical form.
fn big_unformatted() -> Vec<u8> {
    let tag = "x".repeat(1 << 20);
    (0..40)
        .flat_map(|_| format!("[Event \"{tag}\"]\n1.   c Fx2 *\n\n").into_bytes())
        .collect()
}

fn ayo_fmt_write(dir: &Path, file: &str) -> Child {
    Command::new(assert_cmd::cargo::cargo_bin!("ayo"))
        .current_dir(dir)
        .args(["fmt", "--write", file])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// The hidden temporary files in `dir`.
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with('.') && name.ends_with(".tmp")
        })
        .collect()
}

/// Waits until the run has a temporary file in `dir` (true) or has ended
/// (false).
fn temporary_appears(dir: &Path, child: &mut Child) -> bool {
    let start = Instant::now();
    loop {
        if !temporaries(dir).is_empty() {
            return true;
        }
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        assert!(start.elapsed() < Duration::from_secs(120), "no temporary");
        std::thread::sleep(Duration::from_micros(200));
    }
}

fn kill(child: &Child, signal: &str) {
    let status = Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// Waits for the run: its status and standard error.
fn finish(child: Child) -> (ExitStatus, String) {
    let out = child.wait_with_output().unwrap();
    (
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn sigint_and_sigterm_remove_the_temporary_and_keep_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.ayo");
    let original = big_unformatted();
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let mut caught = false;
        for _ in 0..5 {
            fs::write(&file, &original).unwrap();
            let mut child = ayo_fmt_write(dir.path(), "big.ayo");
            if !temporary_appears(dir.path(), &mut child) {
                finish(child);
                continue;
            }
            kill(&child, signal);
            let (status, stderr) = finish(child);
            if status.code() == Some(0) {
                continue; // Done before the signal landed.
            }
            assert_eq!(
                status.code(),
                Some(code),
                "SIG{signal}: {status:?} {stderr}"
            );
            assert_eq!(
                temporaries(dir.path()),
                Vec::<PathBuf>::new(),
                "SIG{signal}"
            );
            // The signal landed after the rename: the file is whole, formatted.
            if fs::metadata(&file).unwrap().len() != original.len() as u64 {
                continue;
            }
            assert!(fs::read(&file).unwrap() == original, "SIG{signal}");
            caught = true;
            break;
        }
        assert!(
            caught,
            "SIG{signal} never landed while the temporary existed"
        );
    }
}

#[test]
fn a_temporary_left_by_sigkill_is_removed_by_the_next_run() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.ayo");
    let original = big_unformatted();
    let mut left = Vec::new();
    for _ in 0..5 {
        fs::write(&file, &original).unwrap();
        let mut child = ayo_fmt_write(dir.path(), "big.ayo");
        if temporary_appears(dir.path(), &mut child) {
            kill(&child, "KILL");
        }
        finish(child);
        left = temporaries(dir.path());
        if !left.is_empty() {
            break;
        }
    }
    assert_eq!(
        left.len(),
        1,
        "SIGKILL never landed while the temporary existed"
    );
    assert!(fs::read(&file).unwrap() == original);
    let name = left[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with(".big.ayo.ayo-"), "{name}");

    let out = run_in(dir.path(), &["fmt", "--write", "big.ayo"], None);
    assert!(out.starts_with("exit 0\n"), "{out}");
    assert!(
        out.contains(&format!(
            "/{name}: removed a temporary file left by an interrupted ayo (process "
        )),
        "{out}"
    );
    assert_eq!(temporaries(dir.path()), Vec::<PathBuf>::new());
    assert!(fs::read(&file).unwrap() != original);
}

#[test]
fn a_file_that_grows_while_it_is_formatted_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.ayo");
    let original = big_unformatted();
    let added = b"[Event \"added\"]\n\n1. c *\n";
    for attempt in 0..5 {
        fs::write(&file, &original).unwrap();
        let mut child = ayo_fmt_write(dir.path(), "big.ayo");
        if !temporary_appears(dir.path(), &mut child) {
            finish(child);
            continue;
        }
        let mut appender = fs::OpenOptions::new().append(true).open(&file).unwrap();
        std::io::Write::write_all(&mut appender, added).unwrap();
        let (status, stderr) = finish(child);
        if status.code() == Some(0) && attempt < 4 {
            continue; // Renamed before the game was added, to the new file.
        }
        assert_eq!(status.code(), Some(2), "{stderr}");
        assert_eq!(
            stderr,
            "error: big.ayo: changed while it was being formatted: left as it is, \
             nothing written (run again)\n"
        );
        let now = fs::read(&file).unwrap();
        assert!(now.len() == original.len() + added.len() && now.ends_with(added));
        assert_eq!(temporaries(dir.path()), Vec::<PathBuf>::new());
        return;
    }
    panic!("the file never grew while the temporary existed");
}

const UNFORMATTED: &str = "[Event \"a\"]\n1.   c *\n";
const FORMATTED: &str = "[Event \"a\"]\n\n1. c *\n";

#[test]
fn a_read_only_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ro.ayo");
    fs::write(&file, UNFORMATTED).unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
    insta::assert_snapshot!(run_in(dir.path(), &["fmt", "--write", "ro.ayo"], None), @r"
    exit 2
    --- stderr
    error: ro.ayo: read-only: left as it is (give it write permission to rewrite it)
    ");
    assert_eq!(fs::read_to_string(&file).unwrap(), UNFORMATTED);
    // Already canonical: nothing to write, nothing refused.
    fs::set_permissions(&file, fs::Permissions::from_mode(0o644)).unwrap();
    fs::write(&file, FORMATTED).unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
    insta::assert_snapshot!(run_in(dir.path(), &["fmt", "--write", "ro.ayo"], None), @"exit 0");
}

#[test]
fn a_file_with_two_hard_links_is_refused_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.ayo");
    let other = dir.path().join("b.ayo");
    fs::write(&file, UNFORMATTED).unwrap();
    fs::hard_link(&file, &other).unwrap();
    insta::assert_snapshot!(run_in(dir.path(), &["fmt", "--write", "a.ayo"], None), @r"
    exit 2
    --- stderr
    error: a.ayo: has 2 hard links: left as it is, since its other names would keep the old text (--force rewrites this name alone)
    ");
    assert_eq!(fs::read_to_string(&file).unwrap(), UNFORMATTED);
    assert_eq!(fs::metadata(&file).unwrap().nlink(), 2);
    let out = run_in(dir.path(), &["fmt", "--write", "--force", "a.ayo"], None);
    assert_eq!(out, "exit 0\n");
    assert_eq!(fs::read_to_string(&file).unwrap(), FORMATTED);
    assert_eq!(fs::read_to_string(&other).unwrap(), UNFORMATTED);
    // --force is for --write alone.
    let out = run_in(dir.path(), &["fmt", "--force", "a.ayo"], None);
    assert!(out.starts_with("exit 2\n"), "{out}");
}

#[test]
fn permissions_owner_and_group_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.ayo");
    for mode in [0o640, 0o600, 0o755, 0o2664] {
        fs::write(&file, UNFORMATTED).unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(mode)).unwrap();
        assert_eq!(
            run_in(dir.path(), &["fmt", "--write", "a.ayo"], None),
            "exit 0\n"
        );
        assert_eq!(fs::read_to_string(&file).unwrap(), FORMATTED);
        assert_eq!(
            fs::metadata(&file).unwrap().mode() & 0o7777,
            mode,
            "{mode:o}"
        );
    }
    // The owner of a file this test creates is the user running it.
    if fs::metadata(&file).unwrap().uid() != 0 {
        eprintln!("skipped: only root may keep another user's ownership");
        return;
    }
    fs::write(&file, UNFORMATTED).unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o664)).unwrap();
    std::os::unix::fs::chown(&file, Some(4321), Some(8765)).unwrap();
    assert_eq!(
        run_in(dir.path(), &["fmt", "--write", "a.ayo"], None),
        "exit 0\n"
    );
    let meta = fs::metadata(&file).unwrap();
    assert_eq!(fs::read_to_string(&file).unwrap(), FORMATTED);
    assert_eq!(
        (meta.uid(), meta.gid(), meta.mode() & 0o7777),
        (4321, 8765, 0o664)
    );
}

/// A process id that is no longer running: a finished `true`'s.
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

#[test]
fn output_folders_clean_up_on_signals_and_sweep_what_a_killed_run_left() {
    use std::io::Write;
    let games: Vec<u8> = (0..20_000)
        .flat_map(|i| format!("[Round \"{}\"]\n1. c Fx2 *\n\n", i % 7).into_bytes())
        .collect();
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let dir = tempfile::tempdir().unwrap();
        // Standard input stays open: the run is still reading when signalled,
        // with its files staged as temporary files in the folder.
        let mut child = Command::new(assert_cmd::cargo::cargo_bin!("ayo"))
            .current_dir(dir.path())
            .args(["filter", "--split-by", "Round", "--out", "out", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(&games).unwrap();
        stdin.flush().unwrap();
        let out = dir.path().join("out");
        let start = Instant::now();
        while !out.exists() || temporaries(&out).is_empty() {
            assert!(start.elapsed() < Duration::from_secs(60), "no temporary");
            std::thread::sleep(Duration::from_millis(1));
        }
        kill(&child, signal);
        let (status, stderr) = finish(child);
        drop(stdin);
        assert_eq!(status.code(), Some(code), "SIG{signal}: {stderr}");
        let left: Vec<_> = fs::read_dir(&out).unwrap().collect();
        assert!(left.is_empty(), "SIG{signal}: {left:?}");
    }

    // A temporary file of a process that is gone is removed by the next run
    // that writes into the folder, which says so.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    fs::create_dir(&out).unwrap();
    let stale = format!(".1.ayo.ayo-{}-abc123.tmp", dead_pid());
    fs::write(out.join(&stale), "half").unwrap();
    let input = dir.path().join("in.ayo");
    fs::write(&input, "[Round \"1\"]\n1. c *\n").unwrap();
    let said = run_in(
        dir.path(),
        &["filter", "--split-by", "Round", "--out", "out", "in.ayo"],
        None,
    );
    assert!(said.starts_with("exit 0\n"), "{said}");
    assert!(
        said.contains(&format!(
            "{stale}: removed a temporary file left by an interrupted ayo"
        )),
        "{said}"
    );
    assert!(!out.join(&stale).exists());
    assert!(out.join("1.ayo").exists());
}

/// `analyze ARGS` in `dir`, as [`run_in`] gives it.
fn analyze_in(dir: &Path, args: &[&str]) -> String {
    let mut all = vec!["analyze", "--depth", "6"];
    all.extend_from_slice(args);
    run_in(dir, &all, None)
}

/// What `analyze --format ayo` prints for `file` in `dir`, with `args`.
fn analyze_ayo(dir: &Path, file: &str, args: &[&str]) -> String {
    let mut all = vec![file, "--format", "ayo"];
    all.extend_from_slice(args);
    let out = analyze_in(dir, &all);
    out.strip_prefix("exit 0\n--- stdout\n")
        .unwrap_or_else(|| panic!("{out}"))
        .to_string()
}

/// The `{best ...}` and `{threw away ...}` comments of a record, in order.
fn verdict_comments(text: &str) -> Vec<String> {
    regex::Regex::new(r"\{(best [^}]*|threw away [^}]*)\}")
        .unwrap()
        .find_iter(text)
        .map(|m| m.as_str().to_string())
        .collect()
}

/// Two games of the fixtures, one file.
fn two_games() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let read = |name: &str| fs::read_to_string(root.join(name)).unwrap();
    format!(
        "{}\n{}",
        read("opening-lecture.ayo"),
        read("mokola-open-r2.ayo")
    )
}

#[test]
fn analyze_write_rewrites_the_file_with_what_format_ayo_prints() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let original = two_games();
    fs::write(d.join("a.ayo"), &original).unwrap();
    fs::set_permissions(d.join("a.ayo"), fs::Permissions::from_mode(0o640)).unwrap();
    symlink("a.ayo", d.join("link.ayo")).unwrap();
    let printed = analyze_ayo(d, "a.ayo", &[]);
    assert_eq!(printed.matches("[Event ").count(), 2, "{printed}");
    assert!(!verdict_comments(&printed).is_empty(), "{printed}");

    // The link is followed: the file it points to is rewritten, and the
    // link stays. Nothing is printed.
    assert_eq!(analyze_in(d, &["--write", "link.ayo"]), "exit 0\n");
    assert_eq!(fs::read_to_string(d.join("a.ayo")).unwrap(), printed);
    assert_eq!(
        fs::metadata(d.join("a.ayo")).unwrap().mode() & 0o7777,
        0o640
    );
    assert!(
        fs::symlink_metadata(d.join("link.ayo"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(temporaries(d), Vec::<PathBuf>::new());

    // Again: nothing changes, so nothing is written (the same inode).
    let inode = fs::metadata(d.join("a.ayo")).unwrap().ino();
    assert_eq!(analyze_in(d, &["--write", "a.ayo"]), "exit 0\n");
    assert_eq!(fs::read_to_string(d.join("a.ayo")).unwrap(), printed);
    assert_eq!(fs::metadata(d.join("a.ayo")).unwrap().ino(), inode);

    // Other thresholds: the comments of the earlier run are replaced, not
    // added to.
    let lower = ["--inaccuracy", "1"];
    assert_eq!(
        analyze_in(d, &["--write", "a.ayo", lower[0], lower[1]]),
        "exit 0\n"
    );
    let written = fs::read_to_string(d.join("a.ayo")).unwrap();
    let expected = verdict_comments(&analyze_ayo(d, "a.ayo", &lower));
    assert_eq!(verdict_comments(&written), expected);
    assert!(expected.len() > verdict_comments(&printed).len());
    fs::write(d.join("fresh.ayo"), &original).unwrap();
    assert_eq!(
        verdict_comments(&analyze_ayo(d, "fresh.ayo", &lower)),
        expected
    );
}

#[test]
fn analyze_write_leaves_a_file_it_cannot_analyse_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let good = "[Event \"good\"]\n\n1. c F 2. c *\n";
    // The second game has an illegal move, the third a syntax error.
    let illegal = format!("{good}\n[Event \"illegal\"]\n\n1. c F 2. e *\n");
    let syntax = format!("{illegal}\n[Event \"syntax\"]\n\n1. c % *\n");
    fs::write(d.join("ok.ayo"), good).unwrap();
    fs::write(d.join("bad.ayo"), &syntax).unwrap();
    let out = analyze_in(d, &["--write", "bad.ayo", "ok.ayo"]);
    insta::assert_snapshot!(out, @r"
    exit 1
    --- stderr
    error: bad.ayo:7:11: ply 3, South's e: empty pit (legal: b, c, d, f)
      |
    7 | 1. c F 2. e *
      |           ^ illegal move
      |
    error: bad.ayo:11:6: expected a move, a move number, a comment, a variation or a game-termination token; found `%`
       |
    11 | 1. c % *
       |      ^ syntax error
       |
    error: bad.ayo: left unchanged: games 2, 3 cannot be analysed
    ");
    assert_eq!(fs::read_to_string(d.join("bad.ayo")).unwrap(), syntax);
    // The other file is rewritten all the same.
    assert_eq!(
        fs::read_to_string(d.join("ok.ayo")).unwrap(),
        analyze_ayo(d, "ok.ayo", &[])
    );
    assert_ne!(fs::read_to_string(d.join("ok.ayo")).unwrap(), good);
    assert_eq!(temporaries(d), Vec::<PathBuf>::new());
    // A game over --max-game-bytes is not skipped: the file is kept whole.
    fs::write(d.join("big.ayo"), &illegal).unwrap();
    let out = analyze_in(d, &["--write", "--max-game-bytes", "20", "big.ayo"]);
    assert!(out.starts_with("exit 1\n"), "{out}");
    assert!(
        out.ends_with("big.ayo: left unchanged: games 1, 2 cannot be analysed\n"),
        "{out}"
    );
    assert_eq!(fs::read_to_string(d.join("big.ayo")).unwrap(), illegal);
}

#[test]
fn analyze_write_refuses_what_fmt_write_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let game = "[Event \"a\"]\n\n1. c F 2. c *\n";
    // Standard input cannot be rewritten; --write writes records only.
    insta::assert_snapshot!(run_in(d, &["analyze", "--write"], Some(game.as_bytes())), @r"
    exit 2
    --- stderr
    error: --write needs files: it cannot rewrite standard input
    ");
    fs::write(d.join("a.ayo"), game).unwrap();
    insta::assert_snapshot!(analyze_in(d, &["--write", "--format", "csv", "a.ayo"]), @r"
    exit 2
    --- stderr
    error: --write writes records (--format ayo), not --format csv
    ");
    assert_eq!(fs::read_to_string(d.join("a.ayo")).unwrap(), game);
    assert_eq!(
        analyze_in(d, &["--write", "--format", "ayo", "a.ayo"]),
        "exit 0\n"
    );
    let analysed = fs::read_to_string(d.join("a.ayo")).unwrap();
    assert_ne!(analysed, game);

    fs::write(d.join("ro.ayo"), game).unwrap();
    fs::set_permissions(d.join("ro.ayo"), fs::Permissions::from_mode(0o444)).unwrap();
    insta::assert_snapshot!(analyze_in(d, &["--write", "ro.ayo"]), @r"
    exit 2
    --- stderr
    error: ro.ayo: read-only: left as it is (give it write permission to rewrite it)
    ");
    assert_eq!(fs::read_to_string(d.join("ro.ayo")).unwrap(), game);

    fs::write(d.join("h.ayo"), game).unwrap();
    fs::hard_link(d.join("h.ayo"), d.join("h2.ayo")).unwrap();
    insta::assert_snapshot!(analyze_in(d, &["--write", "h.ayo"]), @r"
    exit 2
    --- stderr
    error: h.ayo: has 2 hard links: left as it is, since its other names would keep the old text (--force rewrites this name alone)
    ");
    assert_eq!(fs::read_to_string(d.join("h.ayo")).unwrap(), game);
    assert_eq!(analyze_in(d, &["--write", "--force", "h.ayo"]), "exit 0\n");
    assert_eq!(fs::read_to_string(d.join("h.ayo")).unwrap(), analysed);
    assert_eq!(fs::read_to_string(d.join("h2.ayo")).unwrap(), game);
    assert_eq!(temporaries(d), Vec::<PathBuf>::new());
}

/// Starts `analyze --write --time 1s a.ayo` on a game of three moves (a
/// few seconds) in `dir`, and waits until it has swept the folder: the
/// stale temporary file put there first is gone, and SIGINT and SIGTERM are
/// handled from then on.
fn slow_analyze_write(dir: &Path) -> Child {
    let stale = dir.join(format!(".a.ayo.ayo-{}-abc123.tmp", dead_pid()));
    fs::write(&stale, "half").unwrap();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("ayo"))
        .current_dir(dir)
        .args(["analyze", "--write", "--time", "1s", "a.ayo"])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while stale.exists() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "ended before the sweep"
        );
        assert!(start.elapsed() < Duration::from_secs(60), "no sweep");
        std::thread::sleep(Duration::from_millis(1));
    }
    child
}

#[test]
fn analyze_write_handles_signals_and_a_file_changed_during_the_analysis() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Not in canonical form (the spaces), so that the run always has
    // something to write: a game the analysis labels nothing in, already
    // canonical, is left as it is, and a change to it goes unseen, rightly
    // (how deep the search gets in its second, and so whether it labels a
    // move, depends on the machine's load).
    let game = "[Event \"a\"]\n\n1. c  F  2. c *\n";
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        fs::write(d.join("a.ayo"), game).unwrap();
        let child = slow_analyze_write(d);
        kill(&child, signal);
        let (status, stderr) = finish(child);
        assert_eq!(status.code(), Some(code), "SIG{signal}: {stderr}");
        assert_eq!(fs::read_to_string(d.join("a.ayo")).unwrap(), game);
        assert_eq!(temporaries(d), Vec::<PathBuf>::new());
    }
    let added = "\n[Event \"added\"]\n\n1. c *\n";
    // The file is read just after the sweep, then analysed for three
    // seconds (three plies, `--time 1s`); under load the read can come late,
    // so each attempt waits longer before changing the file.
    for (attempt, wait) in [300, 1000, 2000].into_iter().enumerate() {
        fs::write(d.join("a.ayo"), game).unwrap();
        let child = slow_analyze_write(d);
        std::thread::sleep(Duration::from_millis(wait));
        let mut appender = fs::OpenOptions::new()
            .append(true)
            .open(d.join("a.ayo"))
            .unwrap();
        std::io::Write::write_all(&mut appender, added.as_bytes()).unwrap();
        let (status, stderr) = finish(child);
        if status.code() == Some(0) && attempt < 2 {
            continue; // Read after the game was added.
        }
        assert_eq!(
            status.code(),
            Some(2),
            "attempt {attempt}: {stderr}\nthe file now: {}",
            fs::read_to_string(d.join("a.ayo")).unwrap()
        );
        assert!(
            stderr.ends_with(
                "error: a.ayo: changed while it was being analysed: left as it is, \
                 nothing written (run again)\n"
            ),
            "{stderr}"
        );
        assert_eq!(
            fs::read_to_string(d.join("a.ayo")).unwrap(),
            format!("{game}{added}")
        );
        assert_eq!(temporaries(d), Vec::<PathBuf>::new());
        return;
    }
    panic!("the file never changed during the analysis");
}
