//! `ayo filter` and `ayo duplicates` over `fixtures/corpus/`: every flag, the
//! exit codes, and the original text coming out byte for byte.
//!
//! `season.ayo` holds the four Mokola Open rounds (2025.05.17 and .18) and two
//! club-night games (one dated `2025.06.??`, one undated, `endodoi pits=8`).
//! `copies.ayo` holds round 1 again with other tags and no comments, round 1
//! cut short after 8 plies, round 4 again as written, and a game of its own.

use crate::common;

use common::{ayo, code, run};

const SEASON: &str = "fixtures/corpus/season.ayo";
const COPIES: &str = "fixtures/corpus/copies.ayo";

/// The position after `1. cx7 A` from the russ start.
const AFTER_CX7_A: &str = "6,6,2,7,0,6/0,1,6,6,0,1 7-0 S";

/// One game of each kind the play criteria tell apart: valid and finished,
/// illegal (`c` twice), broken (`%`), and valid but unfinished; the broken
/// one has good tags.
const MIXED: &[u8] = b"[Round \"1\"]\n\n1. cx7 Fx2 2. fx2 B 3. ex4 Ex2 4. d F 5. ax3 Fx3 6. d Ex2 7. ex5 D 8. ax2 B 9. cx3 1-0\n\n\
[Round \"2\"]\n\n1. c c *\n\n\
[Round \"3\"]\n\n1. c % *\n\n\
[Round \"4\"]\n\n1. cx7 A *\n";

/// `ayo filter ARGS` over both fixture files, as one snapshot text.
fn filter(args: &[&str]) -> String {
    let mut all = vec!["filter", SEASON, COPIES];
    all.extend_from_slice(args);
    run(&all, None)
}

/// The `[Event]`, `[Round]` and `[South]` lines of the selected games: enough
/// to see which they are.
fn which(args: &[&str]) -> String {
    let text = filter(args);
    text.lines()
        .filter(|l| {
            l.starts_with("exit")
                || l.starts_with("---")
                || l.starts_with("[Round")
                || l.starts_with("[South")
                || l.starts_with("error")
                || l.chars().next().is_some_and(|c| c.is_ascii_digit()) && !l.contains('.')
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn filter_tag_equals() {
    insta::assert_snapshot!(filter(&["--tag", "Round=2"]));
}

#[test]
fn filter_tag_regex_and_either() {
    insta::assert_snapshot!(which(&["--tag", "South~^(Femi|Wale)"]));
    insta::assert_snapshot!(which(&["--tag", "Round=3", "--tag", "Site~^Agodi"]));
}

#[test]
fn filter_player() {
    insta::assert_snapshot!(which(&["--player", "Ibrahim Lawal"]));
}

#[test]
fn filter_result_and_winner() {
    insta::assert_snapshot!(which(&["--result", "1/2-1/2", "--result", "*"]));
    insta::assert_snapshot!(which(&["--winner", "north"]));
}

#[test]
fn filter_ruleset() {
    // `ayoayo` is russ, and so is a record without a Rules tag.
    insta::assert_snapshot!(which(&["--ruleset", "ayoayo", "--count"]));
    insta::assert_snapshot!(which(&["--ruleset", "endodoi pits=8"]));
}

#[test]
fn filter_dates() {
    // 2025.06.?? is in June; the undated game is in no range.
    insta::assert_snapshot!(which(&[
        "--date-from",
        "2025.05.18",
        "--date-to",
        "2025.06"
    ]));
    insta::assert_snapshot!(which(&["--date-to", "2025.05.17"]));
}

/// Dates given are days of the calendar: a month 01 to 12, a day its month
/// has (leap years counted); `??` stands for a part not known, as in a tag.
#[test]
fn filter_dates_are_checked() {
    let mut all = String::new();
    for (flag, date) in [
        ("--date-from", "2026.13.45"),
        ("--date-from", "2025.02.30"),
        ("--date-from", "2025.00.00"),
        ("--date-to", "2025.04.31"),
        ("--date-to", "2023.02.29"),
        ("--date-to", "2025.13"),
    ] {
        let text = run(&["filter", SEASON, flag, date], None);
        let head: Vec<&str> = text.lines().take(3).collect();
        all += &format!("$ filter {flag} {date}\n{}\n\n", head.join("\n"));
    }
    insta::assert_snapshot!(all, @r"
    $ filter --date-from 2026.13.45
    exit 2
    --- stderr
    error: invalid value '2026.13.45' for '--date-from <DATE>': there is no month 13 in `2026.13.45`: months run from 01 to 12

    $ filter --date-from 2025.02.30
    exit 2
    --- stderr
    error: invalid value '2025.02.30' for '--date-from <DATE>': there is no day 30 in `2025.02.30`: February 2025 has 28 days

    $ filter --date-from 2025.00.00
    exit 2
    --- stderr
    error: invalid value '2025.00.00' for '--date-from <DATE>': there is no month 00 in `2025.00.00`: months run from 01 to 12

    $ filter --date-to 2025.04.31
    exit 2
    --- stderr
    error: invalid value '2025.04.31' for '--date-to <DATE>': there is no day 31 in `2025.04.31`: April 2025 has 30 days

    $ filter --date-to 2023.02.29
    exit 2
    --- stderr
    error: invalid value '2023.02.29' for '--date-to <DATE>': there is no day 29 in `2023.02.29`: February 2023 has 28 days

    $ filter --date-to 2025.13
    exit 2
    --- stderr
    error: invalid value '2025.13' for '--date-to <DATE>': there is no month 13 in `2025.13`: months run from 01 to 12
    ");
    // A leap day, and `??` for what is not known.
    assert_eq!(
        filter(&["--date-from", "2024.02.29", "--count"]),
        filter(&["--date-from", "2024", "--count"])
    );
    assert_eq!(
        filter(&["--date-from", "2025.06.??", "--count"]),
        filter(&["--date-from", "2025.06", "--count"])
    );
}

/// Games count from 1 in `--game` and `--games` alike.
#[test]
fn game_numbers_count_from_1() {
    let mut all = String::new();
    for (flag, n) in [
        ("--game", "0"),
        ("--games", "0"),
        ("--games", "0..3"),
        ("--games", "0.."),
        ("--games", "..0"),
    ] {
        let text = run(&["filter", SEASON, flag, n], None);
        let head: Vec<&str> = text.lines().take(3).collect();
        all += &format!("$ filter {flag} {n}\n{}\n\n", head.join("\n"));
    }
    insta::assert_snapshot!(all, @r"
    $ filter --game 0
    exit 2
    --- stderr
    error: invalid value '0' for '--game <N>': games are numbered from 1, found `0`

    $ filter --games 0
    exit 2
    --- stderr
    error: invalid value '0' for '--games <N..M>': games are numbered from 1, found `0`

    $ filter --games 0..3
    exit 2
    --- stderr
    error: invalid value '0..3' for '--games <N..M>': games are numbered from 1, found `0..3`

    $ filter --games 0..
    exit 2
    --- stderr
    error: invalid value '0..' for '--games <N..M>': games are numbered from 1, found `0..`

    $ filter --games ..0
    exit 2
    --- stderr
    error: invalid value '..0' for '--games <N..M>': games are numbered from 1, found `..0`
    ");
}

/// A `--games` range that runs past the end of a file selects the games
/// there, in every file, without an error; `--game N` past the end stays one.
#[test]
fn a_range_past_the_end_selects_what_is_there() {
    let seven: String = (1..=7)
        .map(|i| format!("[Round \"{i}\"]\n\n1. c *\n\n"))
        .collect();
    let rounds = |args: &[&str], stdin: &str| {
        let mut all = vec!["filter"];
        all.extend_from_slice(args);
        run(&all, Some(stdin.as_bytes()))
            .lines()
            .filter(|l| l.starts_with("exit") || l.starts_with("[Round") || l.starts_with("error"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(
        rounds(&["--games", "6..10"], &seven),
        r#"exit 0 [Round "6"] [Round "7"]"#
    );
    assert_eq!(rounds(&["--games", "7.."], &seven), r#"exit 0 [Round "7"]"#);
    // Past the end altogether: nothing selected, as any filter that selects
    // nothing (exit 1), and no error.
    assert_eq!(rounds(&["--games", "8..9"], &seven), "exit 1");
    // Several files, one shorter than the range: each gives what it has.
    let two: String = seven
        .split("\n\n1. c *\n\n")
        .take(2)
        .map(|g| format!("{g}\n\n1. c *\n\n"))
        .collect();
    assert_eq!(
        rounds(&[SEASON, "-", "--games", "1..3", "-j", "2"], &two),
        r#"exit 0 [Round "1"] [Round "2"] [Round "3"] [Round "1"] [Round "2"]"#
    );
    assert_eq!(
        rounds(&["-", "--game", "9"], &seven),
        "exit 2 error: --game 9: <stdin> has 7 games"
    );
}

#[test]
fn filter_validity() {
    let mixed = |args: &[&str]| {
        let mut all = vec!["filter"];
        all.extend_from_slice(args);
        run(&all, Some(MIXED))
    };
    insta::assert_snapshot!(mixed(&["--valid"]));
    insta::assert_snapshot!(mixed(&["--invalid"]));
    insta::assert_snapshot!(mixed(&["--unfinished"]));
    // The broken game's tags are good: tag criteria select it, move criteria
    // do not.
    insta::assert_snapshot!(mixed(&["--tag", "Round=3"]));
    insta::assert_snapshot!(mixed(&["--tag", "Round=3", "--plies", "..5"]));
    // --fmt cannot write a game that does not parse: reported, left out.
    insta::assert_snapshot!(mixed(&["--fmt", "--tag", "Round~[34]"]));
}

#[test]
fn filter_plies() {
    insta::assert_snapshot!(which(&["--plies", "30..60"]));
    insta::assert_snapshot!(which(&["--plies", "..10", "--plies", "70.."]));
}

#[test]
fn filter_position() {
    insta::assert_snapshot!(which(&["--position", AFTER_CX7_A]));
    // Other stores, same board and side to move: the same position.
    insta::assert_snapshot!(which(&[
        "--position",
        "6,6,2,7,0,6/0,1,6,6,0,1 3-4 S",
        "--count"
    ]));
    insta::assert_snapshot!(which(&[
        "--position",
        "6,6,2,7,0,6/0,1,6,6,0,1 7-0 N",
        "--count"
    ]));
}

#[test]
fn filter_moves() {
    insta::assert_snapshot!(which(&["--moves", "c A d"]));
}

#[test]
fn filter_game_numbers() {
    insta::assert_snapshot!(which(&["--game", "4"]));
    insta::assert_snapshot!(which(&["--games", "2..3"]));
    // Past the end of copies.ayo (4 games): what is there, no error.
    insta::assert_snapshot!(which(&["--games", "5..6"]));
    insta::assert_snapshot!(run(&["filter", COPIES, "--game", "9"], None));
}

#[test]
fn filter_invert_count_fmt() {
    insta::assert_snapshot!(which(&["--tag", "Event~Mokola", "--invert"]));
    insta::assert_snapshot!(filter(&["--tag", "Round=4", "--count"]));
    insta::assert_snapshot!(run(&["filter", COPIES, "--game", "1", "--fmt"], None));
}

#[test]
fn filter_split_by() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("split-by-round");
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_string_lossy().to_string();
    let listing = filter(&["--split-by", "Round", "--out", &out]).replace(&out, "OUT");
    insta::assert_snapshot!(listing);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    assert_eq!(names, ["1.ayo", "2.ayo", "3.ayo", "4.ayo"]);
    insta::assert_snapshot!(std::fs::read_to_string(dir.join("4.ayo")).unwrap());
    // Unsafe values become safe names; games without the tag, `untagged.ayo`.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("split-by-site");
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_string_lossy().to_string();
    let listing = filter(&["--split-by", "Site", "--out", &out]).replace(&out, "OUT");
    insta::assert_snapshot!(listing);
}

/// With no criteria, the output is the input: comments, spacing, line endings.
#[test]
fn filter_keeps_the_text_byte_for_byte() {
    for file in [
        SEASON,
        COPIES,
        "fixtures/crlf.ayo",
        "fixtures/unicode.ayo",
        "fixtures/club-night.ayo",
        "fixtures/opening-lecture.ayo",
    ] {
        let out = ayo().args(["filter", file]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{file}");
        let input = std::fs::read(file).unwrap();
        assert!(out.stdout == input, "{file}");
    }
    // A byte-order mark marks the file, not the game: it is not repeated.
    let out = ayo().args(["filter", "fixtures/bom.ayo"]).output().unwrap();
    let input = std::fs::read("fixtures/bom.ayo").unwrap();
    assert!(out.stdout == input[3..]);
}

#[test]
fn filter_exit_codes() {
    assert_eq!(code(&["filter", SEASON, "--tag", "Round=1"], None), 0);
    assert_eq!(code(&["filter", SEASON, "--tag", "Round=9"], None), 1);
    assert_eq!(
        code(&["filter", SEASON, "--tag", "Round=9", "--count"], None),
        1
    );
    assert_eq!(code(&["filter", SEASON, "no/such/file.ayo"], None), 2);
    assert_eq!(code(&["filter", SEASON, "--game", "7"], None), 2);
    assert_eq!(
        code(&["filter", SEASON, "--game", "1", "--games", "1..2"], None),
        2
    );
    assert_eq!(
        code(
            &[
                "filter",
                SEASON,
                "--split-by",
                "Round",
                "--out",
                "x",
                "--fmt"
            ],
            None
        ),
        2
    );
    // A syntax error is no verdict: --invalid selects the game.
    assert_eq!(code(&["filter", "--invalid"], Some(b"1. c % *\n")), 0);
    assert_eq!(code(&["filter", "--valid"], Some(b"1. c % *\n")), 1);
}

#[test]
fn filter_usage_errors() {
    let mut all = String::new();
    for bad in [
        ["--tag", "Round"],
        ["--tag", "1x=2"],
        ["--tag", "Event~("],
        ["--date-from", "2025.5"],
        ["--plies", "5..3"],
        ["--games", "x..2"],
        ["--position", "4,4/4,4 0-0 X"],
        ["--moves", "cF"],
        ["--result", "2-0"],
        ["--winner", "east"],
        ["--ruleset", "oware"],
        ["--split-by", "Round"],
    ] {
        let text = run(&["filter", SEASON, bad[0], bad[1]], None);
        // clap's usage lines and tips say nothing new: the first two lines.
        let head: Vec<&str> = text.lines().take(3).collect();
        all += &format!("$ filter {} '{}'\n{}\n\n", bad[0], bad[1], head.join("\n"));
    }
    insta::assert_snapshot!(all);
}

#[test]
fn filter_help() {
    insta::assert_snapshot!(run(&["filter", "--help"], None));
}

#[test]
fn duplicates_table() {
    insta::assert_snapshot!(run(&["duplicates", SEASON, COPIES], None));
    insta::assert_snapshot!(run(
        &["duplicates", SEASON, COPIES, "--format", "csv"],
        None
    ));
}

#[test]
fn duplicates_json() {
    insta::assert_snapshot!(run(
        &["duplicates", SEASON, COPIES, "--format", "json"],
        None
    ));
}

#[test]
fn duplicates_from_standard_input() {
    let mut input = std::fs::read(SEASON).unwrap();
    input.extend_from_slice(b"\n");
    input.extend(std::fs::read(COPIES).unwrap());
    insta::assert_snapshot!(run(&["duplicates", "--format", "json"], Some(&input)));
}

#[test]
fn duplicates_none() {
    insta::assert_snapshot!(run(&["duplicates", SEASON], None));
}

#[test]
fn duplicates_rules_override() {
    // The same letters under two rulesets are two games, unless --rules puts
    // every record under one.
    let input =
        b"[Rules \"russ\"]\n\n1. cx7 A *\n\n[Rules \"russ leftovers=owner\"]\n\n1. cx7 A *\n";
    insta::assert_snapshot!(run(&["duplicates", "--format", "json"], Some(input)));
    insta::assert_snapshot!(run(
        &["duplicates", "--format", "json", "--rules", "russ"],
        Some(input)
    ));
}

#[test]
fn duplicates_drop() {
    let out = ayo()
        .args(["duplicates", "--drop", SEASON, COPIES])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    // Season's six, then copies.ayo's cut-short game and its game of its own.
    let season = std::fs::read_to_string(SEASON).unwrap();
    let rest = text.strip_prefix(&season).unwrap();
    insta::assert_snapshot!(rest);
}

#[test]
fn duplicates_report_broken_records() {
    let input = b"1. c % *\n\n1. cx7 A *\n\n1. cx7 A {again} *\n\n[Rules \"oware\"]\n\n1. c *\n";
    insta::assert_snapshot!(run(&["duplicates", "--format", "json"], Some(input)));
    insta::assert_snapshot!(run(&["duplicates", "--drop"], Some(input)));
}

#[test]
fn duplicates_schema() {
    insta::assert_snapshot!(run(&["duplicates", "--schema"], None));
}

#[test]
fn duplicates_help() {
    insta::assert_snapshot!(run(&["duplicates", "--help"], None));
}

/// A game of `moves` (its main line and termination) between `south` and
/// `north`, and the blank line after it.
fn game(south: &str, north: &str, moves: &str) -> String {
    format!("[South \"{south}\"]\n[North \"{north}\"]\n\n{moves}\n\n")
}

/// `ayo duplicates ARGS` on `input`: exit code, standard output and error.
fn duplicates(args: &[&str], input: &str) -> (i32, String, String) {
    let out = ayo()
        .arg("duplicates")
        .args(args)
        .write_stdin(input.as_bytes())
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn duplicates_same_moves_by_other_players_are_kept() {
    // The issue's case: one main line, A v B and C v D. Two games, not one.
    let input = game("A", "B", "1. c A 0-1") + &game("C", "D", "1. c A 0-1");
    insta::assert_snapshot!(run(&["duplicates"], Some(input.as_bytes())));
    insta::assert_snapshot!(run(
        &["duplicates", "--format", "json"],
        Some(input.as_bytes())
    ));
    let (status, kept, err) = duplicates(&["--drop"], &input);
    assert_eq!((status, kept.trim_end()), (0, input.trim_end()));
    assert_eq!(err, "2 games, 0 dropped\n");
    // And the standings of what --drop kept still have C and D.
    let standings = run(&["standings", "--format", "json"], Some(kept.as_bytes()));
    for player in ["A", "B", "C", "D"] {
        assert!(
            standings.contains(&format!("\"player\":\"{player}\"")),
            "{player} lost: {standings}"
        );
    }
}

#[test]
fn duplicates_players_compare_without_case_and_spaces() {
    // Games 1 and 2 are one game (the names differ only in case and
    // spaces); game 3 has the same moves and other players.
    let input = game("Ade  Bello", "chi", "1. c A 0-1")
        + &game(" ade bello ", "CHI", "1. c A 0-1")
        + &game("Femi", "Chi", "1. c A 0-1");
    insta::assert_snapshot!(run(
        &["duplicates", "--format", "csv"],
        Some(input.as_bytes())
    ));
    let (status, kept, err) = duplicates(&["--drop"], &input);
    assert_eq!(status, 0);
    assert_eq!(kept.matches("[South").count(), 2, "{kept}");
    assert!(kept.contains("Ade  Bello") && kept.contains("Femi"));
    assert!(!kept.contains(" ade bello "));
    assert_eq!(
        err,
        "3 games, 1 dropped: 1 repeat of an earlier game (group 2)\n"
    );
}

#[test]
fn duplicates_a_finished_game_is_never_cut_short() {
    // `1. c A 0-1` ended with a result: a game of its own, not the start of
    // game 2 cut short.
    let finished = game("A", "B", "1. c A 0-1") + &game("A", "B", "1. c A 2. d *");
    let (_, out, err) = duplicates(&["--format", "json"], &finished);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "2 games, 0 duplicate groups, 0 same-moves groups, 0 prefix groups\n"
    );
    // Ending in `*`, it can be.
    let unfinished = game("A", "B", "1. c A *") + &game("A", "B", "1. c A 2. d 1-0");
    insta::assert_snapshot!(run(&["duplicates"], Some(unfinished.as_bytes())));
}

#[test]
fn duplicates_drop_says_what_it_dropped() {
    let out = ayo()
        .args(["duplicates", "--drop", SEASON, COPIES])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "10 games, 2 dropped: 2 repeats of an earlier game (groups 1 and 2)\n"
    );
    // Twelve groups: the line names five and counts the rest.
    let mut input = String::new();
    for _ in 0..2 {
        for s in ["a", "b", "c", "d", "e", "f"] {
            for n in ["A", "B"] {
                input += &game("P", "Q", &format!("1. {s} {n} 1-0"));
            }
        }
    }
    let (status, kept, err) = duplicates(&["--drop"], &input);
    assert_eq!(status, 0);
    assert_eq!(kept.matches("[South").count(), 12);
    assert_eq!(
        err,
        "24 games, 12 dropped: 12 repeats of an earlier game (groups 1, 2, 3, 4, 5 and 7 more)\n"
    );
}

#[test]
fn duplicates_drop_prefixes() {
    // Game 1 is game 2 cut short (the same players); game 3 begins game 4
    // but other players played it: a game of its own.
    let input = game("A", "B", "1. c A *")
        + &game("A", "B", "1. c A 2. d 1-0")
        + &game("C", "D", "1. f *")
        + &game("E", "F", "1. f A 0-1");
    let (status, kept, err) = duplicates(&["--drop"], &input);
    assert_eq!((status, kept.trim_end()), (0, input.trim_end()));
    assert_eq!(err, "4 games, 0 dropped\n");
    let (status, kept, err) = duplicates(&["--drop", "--drop-prefixes"], &input);
    assert_eq!(status, 0);
    assert_eq!(
        kept.trim_end(),
        input[game("A", "B", "1. c A *").len()..].trim_end()
    );
    assert_eq!(err, "4 games, 1 dropped: 1 record cut short (group 1)\n");
    // It goes with --drop only.
    assert_eq!(code(&["duplicates", "--drop-prefixes", SEASON], None), 2);
}

#[test]
fn duplicates_moves_only() {
    let input = game("A", "B", "1. c A 0-1")
        + &game("C", "D", "1. c A 0-1")
        + &game("a", "b", "1. c A 0-1")
        + &game("C", "D", "1. c A 0-1")
        + &game("E", "F", "1. d 1-0")
        + &game("E", "F", "1. d 1-0");
    insta::assert_snapshot!(run(
        &["duplicates", "--moves-only", "--format", "json"],
        Some(input.as_bytes())
    ));
    // --drop still keeps one game of each pair of players.
    let (status, kept, err) = duplicates(&["--moves-only", "--drop"], &input);
    assert_eq!(status, 0);
    let one_each =
        game("A", "B", "1. c A 0-1") + &game("C", "D", "1. c A 0-1") + &game("E", "F", "1. d 1-0");
    assert_eq!(kept.trim_end(), one_each.trim_end());
    assert_eq!(
        err,
        "6 games, 3 dropped: 3 repeats of an earlier game (groups 1 and 2)\n"
    );
}

#[test]
fn duplicates_json_kinds_are_the_table_words() {
    // A duplicate, a same-moves group and a prefix group.
    let input = game("A", "B", "1. c A 0-1")
        + &game("a", "b", "1. c A 0-1")
        + &game("C", "D", "1. c A 0-1")
        + &game("A", "B", "1. d *")
        + &game("A", "B", "1. d B 1-0");
    let (_, csv, _) = duplicates(&["--format", "csv"], &input);
    let (_, json, _) = duplicates(&["--format", "json"], &input);
    let mut table: Vec<(usize, String)> = csv
        .lines()
        .skip(1)
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            (cells[0].parse().unwrap(), cells[1].to_string())
        })
        .collect();
    table.dedup();
    let json: Vec<(usize, String)> = json
        .lines()
        .enumerate()
        .map(|(n, l)| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (n + 1, v["kind"].as_str().unwrap().to_string())
        })
        .collect();
    assert_eq!(table, json);
    let kinds: Vec<&str> = json.iter().map(|(_, k)| k.as_str()).collect();
    assert_eq!(kinds, ["same moves", "duplicate", "prefix"]);
}

/// Yoruba names with tone marks, typed in either Unicode form (precomposed
/// letters, NFC, or letters and combining marks, NFD): one player in
/// `standings`, `duplicates` and `filter --player`, and `--split-by` names
/// files after them with every letter and tone mark kept.
#[test]
fn names_with_tone_marks_are_one_name_in_either_unicode_form() {
    let nfc = "Ad\u{e9}w\u{e1}l\u{e9} \u{d2}g\u{fa}nl\u{1eb9}\u{300}y\u{1eb9}";
    let nfd = "Ade\u{301}wa\u{301}le\u{301} O\u{300}gu\u{301}nle\u{323}\u{300}ye\u{323}";
    let game = |south: &str, round: &str| {
        format!(
            "[Round \"{round}\"]\n[South \"{south}\"]\n[North \"Bisi\"]\n\n1. cx7 Fx2 2. fx2 B 3. ex4 Ex2 4. d F 5. ax3 Fx3 6. d Ex2 7. ex5 D 8. ax2 B 9. cx3 1-0\n\n"
        )
    };
    // Round names in the other form than their players', for --split-by.
    let text = format!(
        "{}{}",
        game(nfc, "\u{1ecc}\u{300}y\u{1ecd}\u{301} 1"),
        game(nfd, "O\u{323}\u{300}yo\u{323}\u{301} 2")
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("nf.ayo");
    std::fs::write(&file, &text).unwrap();
    let file = file.to_str().unwrap();

    // One player (else three rows): the second game, the same moves by the
    // same players, is a copy of the first, and not counted.
    let out = ayo()
        .args(["standings", "--format", "json", file])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let rows: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0]["player"], nfc);
    assert_eq!(rows[0]["game_count"], 1);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("1 game is a copy"), "{stderr}");

    // The same moves by the same players: a duplicate, not `same moves`.
    let out = ayo()
        .args(["duplicates", "--format", "json", file])
        .output()
        .unwrap();
    let listing = String::from_utf8(out.stdout).unwrap();
    assert!(listing.contains("\"duplicate\""), "{listing}");
    assert!(!listing.contains("same moves"), "{listing}");

    for name in [nfc, nfd] {
        assert_eq!(
            run(&["filter", "--count", "--player", name, file], None),
            "exit 0\n--- stdout\n2\n"
        );
    }

    let split = dir.path().join("split");
    let split = split.to_str().unwrap();
    for tag in ["South", "Round"] {
        let out = ayo()
            .args(["filter", "--split-by", tag, "--out", split, "--force", file])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
    }
    let mut names: Vec<String> = std::fs::read_dir(split)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let player = format!("{}.ayo", nfc.replace(' ', "_"));
    assert_eq!(
        names,
        [
            player,
            "\u{1ecc}\u{300}y\u{1ecd}\u{301}_1.ayo".to_string(),
            "\u{1ecc}\u{300}y\u{1ecd}\u{301}_2.ayo".to_string(),
        ]
    );
}
