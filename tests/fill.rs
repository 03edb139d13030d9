//! `ayo fmt --fill` and `--fix` through the binary: a record typed as bare
//! moves comes out as `ayo validate` wants it, and a wrong value is never
//! changed without `--fix`.

use std::fs;

use crate::common;

use common::{ayo, code, fixture_files, run, run_in};

/// Standard output of a run fed `stdin`.
fn stdout(args: &[&str], stdin: &[u8]) -> String {
    let out = ayo().args(args).write_stdin(stdin).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// A record as typed by hand: no claims, no Score, PlyCount or Result tag,
/// `*` for the result (only for records whose comments hold no `x` followed
/// by a digit).
fn bare(record: &str) -> String {
    let mut out = String::new();
    for line in record.lines() {
        if ["[Result ", "[Score ", "[PlyCount "]
            .iter()
            .any(|t| line.starts_with(t))
        {
            continue;
        }
        let mut chars = line.chars().peekable();
        let mut prev = ' ';
        while let Some(c) = chars.next() {
            if c == 'x'
                && prev.is_ascii_alphabetic()
                && chars.peek().is_some_and(char::is_ascii_digit)
            {
                while chars.peek().is_some_and(char::is_ascii_digit) {
                    chars.next();
                }
                continue;
            }
            out.push(c);
            prev = c;
        }
        out.push('\n');
    }
    out.replace(" 1-0\n", " *\n")
        .replace(" 0-1\n", " *\n")
        .replace(" 1/2-1/2\n", " *\n")
}

/// A game the board decided (South past 25), typed as bare moves.
const BARE: &str = "[Event \"Club night\"]\n[South \"Ade\"]\n[North \"Bisi\"]\n\n\
    1. c F 2. f B 3. e E 4. d 4... F 5. a F 6. d E 7. e! 7... D 8. a B 9. c *\n";

#[test]
fn bare_moves_come_out_filled_and_valid() {
    let out = run(&["fmt", "--fill"], Some(BARE.as_bytes()));
    insta::assert_snapshot!(out, @r#"
    exit 0
    --- stdout
    [Event "Club night"]
    [South "Ade"]
    [North "Bisi"]
    [Result "1-0"]
    [Score "26-9"]
    [PlyCount "17"]

    1. cx7 Fx2 2. fx2 B 3. ex4 Ex2 4. d F 5. ax3 Fx3 6. d Ex2 7. ex5! D 8. ax2 B
    9. cx3 1-0
    "#);
    let filled = stdout(&["fmt", "--fill"], BARE.as_bytes());
    assert_eq!(code(&["validate"], Some(filled.as_bytes())), 0);
    // Without --fill, nothing is filled.
    assert!(!stdout(&["fmt"], BARE.as_bytes()).contains("cx7"));
}

/// Every generated game (claims on every capture, Score, PlyCount, Result)
/// typed bare and filled is the game as generated.
#[test]
fn filling_bare_moves_gives_back_the_generated_records() {
    for rules in [
        "russ",
        "russ capture-seed=stays end=exhaustion",
        "endodoi pits=8",
    ] {
        let generated = stdout(
            &["generate", "--games", "12", "--seed", "5", "--rules", rules],
            b"",
        );
        assert_eq!(generated.matches("[Event ").count(), 12, "{rules}");
        let canonical = stdout(&["fmt"], generated.as_bytes());
        // A game cut off at the ply limit keeps `*`, and its Result tag
        // cannot be filled: none is here.
        assert!(!canonical.contains("[Result \"*\"]"), "{rules}");
        let typed = bare(&generated);
        assert!(!typed.contains("[Score "), "{rules}");
        let out = ayo()
            .args(["fmt", "--fill"])
            .write_stdin(typed)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{rules}");
        assert_eq!(String::from_utf8(out.stdout).unwrap(), canonical, "{rules}");
    }
}

/// A game with every value wrong: two claims, the Score, PlyCount and
/// Result tags and the termination token.
const WRONG: &str = "[Result \"0-1\"]\n[Score \"20-9\"]\n[PlyCount \"16\"]\n\n\
    1. cx6 Fx2 2. fx2 Bx3 3. ex4 Ex2 4. d F 5. ax3 Fx3 6. d Ex2 7. ex5 D 8. ax2 B\n\
    9. cx3 0-1\n";

#[test]
fn wrong_values_are_reported_and_kept_without_fix() {
    let out = run(&["fmt", "--fill"], Some(WRONG.as_bytes()));
    assert!(out.starts_with("exit 1\n"), "{out}");
    // Kept as written.
    let printed = stdout(&["fmt", "--fill"], WRONG.as_bytes());
    assert!(printed.contains("1. cx6 Fx2 2. fx2 Bx3 "), "{printed}");
    assert!(printed.contains("[Score \"20-9\"]") && printed.ends_with(" 0-1\n"));
    // Each reported as validate words it (the wrong claim, word for word).
    let validate = run(&["validate"], Some(WRONG.as_bytes()));
    let claim = "<stdin>:5:4: ply 1, South's c: claims 6 seeds, but the move captures 7 from B";
    assert!(out.contains(claim) && validate.contains(claim), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn fix_corrects_wrong_values_and_says_each() {
    let out = run(&["fmt", "--fix"], Some(WRONG.as_bytes()));
    insta::assert_snapshot!(out);
    let fixed = stdout(&["fmt", "--fix"], WRONG.as_bytes());
    assert_eq!(
        run(&["validate"], Some(fixed.as_bytes())),
        "exit 0\n--- stderr\n1 game, 1 valid, 0 invalid\n"
    );
    // What validate reported of the record, fill reports, and fix corrects:
    // both give the same record.
    assert_eq!(fixed, stdout(&["fmt", "--fill", "--fix"], WRONG.as_bytes()));
}

/// A game the board has not decided keeps its result: a resignation, or `*`.
#[test]
fn an_undecided_game_keeps_its_result() {
    let resigned = "[Result \"0-1\"]\n[Termination \"South resigned\"]\n\n1. c F 2. d 0-1\n";
    insta::assert_snapshot!(run(&["fmt", "--fill"], Some(resigned.as_bytes())), @r#"
    exit 0
    --- stdout
    [Result "0-1"]
    [PlyCount "3"]
    [Termination "South resigned"]

    1. cx7 Fx2 2. d 0-1
    "#);
    insta::assert_snapshot!(run(&["fmt", "--fill"], Some(b"1. c F *\n")), @r#"
    exit 0
    --- stdout
    [PlyCount "2"]

    1. cx7 Fx2 *
    "#);
}

/// A `Result` tag that contradicts the termination token of a game the board
/// has not decided is reported and kept, as `validate` reports it; `--fix`
/// sets it to the token, and a `*` tag is filled.
#[test]
fn a_result_tag_against_the_token_is_kept_or_fixed() {
    let resigned = "[Result \"1-0\"]\n\n1. cx7 Fx2 2. d 0-1\n";
    insta::assert_snapshot!(run(&["fmt", "--fill"], Some(resigned.as_bytes())), @r#"
    exit 1
    --- stdout
    [Result "1-0"]
    [PlyCount "3"]

    1. cx7 Fx2 2. d 0-1
    --- stderr
    error: <stdin>:1:9: the Result tag says 1-0 but the game-termination token says 0-1
      |
    1 | [Result "1-0"]
      |         ^^^^^ disagrees with the termination token
      |
    <stdin>: 1 wrong value kept (--fix corrects them)
    "#);
    insta::assert_snapshot!(run(&["fmt", "--fix"], Some(resigned.as_bytes())), @r#"
    exit 0
    --- stdout
    [Result "0-1"]
    [PlyCount "3"]

    1. cx7 Fx2 2. d 0-1
    --- stderr
    fixed: <stdin>:1:9: Result tag: 1-0 → 0-1
    "#);
    let starred = "[Result \"*\"]\n\n1. cx7 Fx2 2. d 0-1\n";
    insta::assert_snapshot!(run(&["fmt", "--fill"], Some(starred.as_bytes())), @r#"
    exit 0
    --- stdout
    [Result "0-1"]
    [PlyCount "3"]

    1. cx7 Fx2 2. d 0-1
    "#);
}

/// A move that cannot be played stops its line: the moves after it are left
/// as written, no tag is filled, and the problem is reported as validate
/// reports it.
#[test]
fn an_illegal_move_stops_the_filling() {
    let record = "[Event \"e\"]\n\n1. c F 2. e B 3. a *\n";
    let out = run(&["fmt", "--fill"], Some(record.as_bytes()));
    insta::assert_snapshot!(out);
    assert!(out.contains("1. cx7 Fx2 2. e B 3. a *"), "{out}");
    assert!(!out.contains("PlyCount"), "{out}");
    // A Rules tag it cannot play from: nothing is filled.
    let out = run(
        &["fmt", "--fill"],
        Some(b"[Rules \"russ pits=99\"]\n\n1. c F *\n"),
    );
    assert!(
        out.starts_with("exit 1\n") && out.contains("1. c F *"),
        "{out}"
    );
    assert!(out.contains("not a ruleset"), "{out}");
    // A relay undecided at the lap limit (--max-laps) stops it too.
    let slow = "[Rules \"endodoi pits=12 seeds=3\"]\n\
        [Setup \"4,1,4,7,0,1,0,1,0,4,0,2/5,8,0,9,0,1,6,1,0,1,2,1 5-9 N\"]\n\n1... B *\n";
    let out = run(
        &["fmt", "--fill", "--max-laps", "1000"],
        Some(slow.as_bytes()),
    );
    assert!(out.starts_with("exit 1\n"), "{out}");
    assert!(
        out.contains("ply 1, North's B: undecided after 1000 laps; raise --max-laps"),
        "{out}"
    );
    assert!(!out.contains("PlyCount"), "{out}");
}

/// Variations are replayed and their claims checked as the main line's are:
/// they are filled too, and an illegal move in one stops that line alone.
#[test]
fn claims_are_filled_in_variations() {
    let record = "1. c (1. d B (1... C) 2. a) F (1... D) (1... E) 2. d *\n";
    let out = run(&["fmt", "--fill"], Some(record.as_bytes()));
    insta::assert_snapshot!(out);
    assert!(
        out.contains("1. cx7 (1. dx7 Bx2 (1... Cx11) 2. a) 1... Fx2 (1... Dx9) (1... E) 2. d *"),
        "{out}"
    );
    // The main line played: its tags are filled.
    assert!(out.contains("[PlyCount \"3\"]"), "{out}");
    // A wrong claim in a variation is reported as validate words it.
    let out = run(&["fmt", "--fill"], Some(b"1. c (1. dx6) F *\n"));
    assert!(
        out.contains("<stdin>:1:10: ply 1 (variation), South's d: claims 6 seeds"),
        "{out}"
    );
    assert!(stdout(&["fmt", "--fix"], b"1. c (1. dx6) F *\n").contains("(1. dx7)"));
}

#[test]
fn fill_check_says_which_files_would_change() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("bare.ayo"), BARE).unwrap();
    let filled = stdout(&["fmt", "--fill"], BARE.as_bytes());
    fs::write(dir.path().join("filled.ayo"), &filled).unwrap();
    insta::assert_snapshot!(run_in(dir.path(), &["fmt", "--fill", "--check", "bare.ayo", "filled.ayo"], None), @r"
    exit 1
    --- stderr
    error: bare.ayo: would change (run `ayo fmt --fill`)
    ");
    assert_eq!(
        run_in(
            dir.path(),
            &["fmt", "--fill", "--check", "filled.ayo"],
            None
        ),
        "exit 0\n"
    );
    // Plain --check does not fill: the bare record is canonical as it is.
    let canonical = stdout(&["fmt"], BARE.as_bytes());
    assert_eq!(code(&["fmt", "--check"], Some(canonical.as_bytes())), 0);
    assert_eq!(
        code(&["fmt", "--fill", "--check"], Some(canonical.as_bytes())),
        1
    );
    // --diff shows the filling.
    let diff = run(&["fmt", "--fill", "--diff"], Some(b"1. c F *\n"));
    assert!(diff.contains("+1. cx7 Fx2 *"), "{diff}");
}

#[cfg(unix)]
#[test]
fn fill_write_fills_files_in_place_and_fix_corrects_them() {
    let dir = tempfile::tempdir().unwrap();
    let bare_file = dir.path().join("bare.ayo");
    let wrong_file = dir.path().join("wrong.ayo");
    fs::write(&bare_file, BARE).unwrap();
    fs::write(&wrong_file, WRONG).unwrap();
    let files = ["bare.ayo", "wrong.ayo"];

    let out = run_in(
        dir.path(),
        &["fmt", "--fill", "--write", files[0], files[1]],
        None,
    );
    assert!(out.starts_with("exit 1\n"), "{out}");
    assert!(
        out.contains("wrong.ayo: 6 wrong values kept (--fix corrects them)"),
        "{out}"
    );
    assert!(!out.contains("fixed:"), "{out}");
    assert_eq!(
        fs::read_to_string(&bare_file).unwrap(),
        stdout(&["fmt", "--fill"], BARE.as_bytes())
    );
    // Filled where nothing was written, wrong values kept.
    let wrong = fs::read_to_string(&wrong_file).unwrap();
    assert!(
        wrong.contains("1. cx6 ") && wrong.contains("[Score \"20-9\"]"),
        "{wrong}"
    );

    let out = run_in(
        dir.path(),
        &["fmt", "--fix", "--write", files[0], files[1]],
        None,
    );
    insta::assert_snapshot!(out);
    assert_eq!(
        code(
            &["validate", &dir.path().join("wrong.ayo").to_string_lossy()],
            None
        ),
        0
    );
    // Idempotent: nothing more to fill or fix.
    assert_eq!(
        run_in(
            dir.path(),
            &["fmt", "--fix", "--write", files[0], files[1]],
            None
        ),
        "exit 0\n"
    );
}

/// Corrections are said one line each, at most 20 an input, then counted.
#[test]
fn corrections_said_are_bounded() {
    let generated = stdout(&["generate", "--games", "8", "--seed", "3"], b"");
    let mut wrong = String::new();
    let mut claims = 0;
    let mut chars = generated.chars().peekable();
    while let Some(c) = chars.next() {
        wrong.push(c);
        if c == 'x' && chars.peek().is_some_and(char::is_ascii_digit) {
            while chars.peek().is_some_and(char::is_ascii_digit) {
                chars.next();
            }
            wrong.push_str("99");
            claims += 1;
        }
    }
    assert!(claims > 25, "{claims} claims");
    let out = ayo()
        .args(["fmt", "--fix"])
        .write_stdin(wrong)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        stdout(&["fmt"], generated.as_bytes())
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 21, "{stderr}");
    assert!(
        lines[..20].iter().all(|l| l.starts_with("fixed: <stdin>:")),
        "{stderr}"
    );
    assert_eq!(
        lines[20],
        format!("fixed: <stdin>: {} more corrections", claims - 20)
    );
}

/// Filling what was filled changes nothing, for every fixture that parses
/// (valid or not).
#[test]
fn filling_is_idempotent() {
    for path in fixture_files() {
        let path = path.to_string_lossy().into_owned();
        if path.contains("malformed") {
            continue;
        }
        for flag in ["--fill", "--fix"] {
            let once = ayo().args(["fmt", flag, &path]).output().unwrap().stdout;
            let twice = ayo()
                .args(["fmt", flag])
                .write_stdin(once.clone())
                .output()
                .unwrap()
                .stdout;
            assert_eq!(
                String::from_utf8_lossy(&twice),
                String::from_utf8_lossy(&once),
                "{path} {flag}"
            );
        }
    }
}
