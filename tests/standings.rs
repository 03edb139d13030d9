//! `ayo standings` over `fixtures/corpus/tournament.ayo`: the table checked by
//! hand, then every flag and format as snapshots.
//!
//! The file holds two events. Ibadan Spring Open 2025, a round robin of four:
//! Kehinde Oladipo beats Ibrahim Lawal 27-6, Segun Afolabi beats Ronke
//! Balogun 27-12 (as North), Ibrahim Lawal and Ronke Balogun draw 24-24,
//! Segun Afolabi beats Kehinde Oladipo (no Score tag: the replay's final
//! score, 25-23 after the leftovers), Kehinde Oladipo beats Ronke Balogun
//! 25-19, Ibrahim Lawal beats `Segun Afolabi ` (a trailing space) 25-22. Oyo
//! Club Cup 2025, three players: Bisi Adekunle beats Femi Ajayi 25-6, Femi
//! Ajayi and `kehinde  Oladipo` (lower case, two spaces) agree a draw after
//! seven moves at 10-18 (no Score tag: the stores), Bisi Adekunle beats
//! `kehinde  Oladipo` 26-12 (as North), and Femi Ajayi v Bisi Adekunle is
//! adjourned (`*`).

use crate::common;

use common::{ayo, code, run};

const TOURNAMENT: &str = "fixtures/corpus/tournament.ayo";

/// `ayo standings TOURNAMENT ARGS`, as one snapshot text.
fn standings(args: &[&str]) -> String {
    let mut all = vec!["standings", TOURNAMENT];
    all.extend_from_slice(args);
    run(&all, None)
}

/// The JSON rows as `(event, rank, player, games, wins, draws, losses,
/// points, seeds for, seeds against)`.
type Line = (
    Option<String>,
    u64,
    String,
    u64,
    u64,
    u64,
    u64,
    f64,
    u64,
    u64,
);

fn json_lines(args: &[&str]) -> Vec<Line> {
    let out = ayo()
        .args(["standings", TOURNAMENT, "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let n = |k: &str| v[k].as_u64().unwrap();
            (
                v["event"].as_str().map(String::from),
                n("rank"),
                v["player"].as_str().unwrap().to_string(),
                n("game_count"),
                n("win_count"),
                n("draw_count"),
                n("loss_count"),
                v["points"].as_f64().unwrap(),
                n("seeds_for"),
                n("seeds_against"),
            )
        })
        .collect()
}

/// The JSON rows as parsed.
fn json_values(args: &[&str]) -> Vec<serde_json::Value> {
    let out = ayo()
        .args(["standings", TOURNAMENT, "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn line(
    event: Option<&str>,
    rank: u64,
    player: &str,
    [games, wins, draws, losses]: [u64; 4],
    points: f64,
    [seeds_for, seeds_against]: [u64; 2],
) -> Line {
    (
        event.map(String::from),
        rank,
        player.to_string(),
        games,
        wins,
        draws,
        losses,
        points,
        seeds_for,
        seeds_against,
    )
}

/// The whole file as one table, worked out by hand from the games above,
/// with the seed difference as the only tie-break.
#[test]
fn the_table_is_as_worked_out_by_hand() {
    assert_eq!(
        json_lines(&["--tiebreak", "seeds"]),
        [
            // 25-6, 26-12.
            line(None, 1, "Bisi Adekunle", [2, 2, 0, 0], 2.0, [51, 18]),
            // 27-6, 23-25, 25-19: level with Segun Afolabi on points, ahead
            // on the seed difference (+25 against +14).
            line(None, 2, "Kehinde Oladipo", [3, 2, 0, 1], 2.0, [75, 50]),
            // 27-12, 25-23, 22-25: the trailing space is trimmed.
            line(None, 3, "Segun Afolabi", [3, 2, 0, 1], 2.0, [74, 60]),
            // 6-27, 24-24, 25-22.
            line(None, 4, "Ibrahim Lawal", [3, 1, 1, 1], 1.5, [55, 73]),
            // 18-10, 12-26: -6.
            line(None, 5, "kehinde  Oladipo", [2, 0, 1, 1], 0.5, [30, 36]),
            // 12-27, 24-24, 19-25: -21.
            line(None, 6, "Ronke Balogun", [3, 0, 1, 2], 0.5, [55, 76]),
            // 6-25, 10-18: -27.
            line(None, 7, "Femi Ajayi", [2, 0, 1, 1], 0.5, [16, 43]),
        ]
    );
}

/// The default tie-breaks, FIDE's order: head-to-head (passed over when
/// the players level on points have not all met), Sonneborn-Berger, wins,
/// seeds.
#[test]
fn the_default_tiebreaks_as_worked_out_by_hand() {
    assert_eq!(
        json_lines(&[]),
        [
            // Three players on 2 points who have not all met: no
            // head-to-head. Sonneborn-Berger: Segun Afolabi beat Ronke
            // Balogun (½) and Kehinde Oladipo (2): 2½; Kehinde Oladipo beat
            // Ibrahim Lawal (1½) and Ronke Balogun (½): 2; Bisi Adekunle
            // beat Femi Ajayi and `kehinde  Oladipo` (½ each): 1.
            line(None, 1, "Segun Afolabi", [3, 2, 0, 1], 2.0, [74, 60]),
            line(None, 2, "Kehinde Oladipo", [3, 2, 0, 1], 2.0, [75, 50]),
            line(None, 3, "Bisi Adekunle", [2, 2, 0, 0], 2.0, [51, 18]),
            line(None, 4, "Ibrahim Lawal", [3, 1, 1, 1], 1.5, [55, 73]),
            // On ½: Ronke Balogun drew with Ibrahim Lawal (1½): ¾; the
            // other two drew with each other (¼ each), and the seeds part
            // them.
            line(None, 5, "Ronke Balogun", [3, 0, 1, 2], 0.5, [55, 76]),
            line(None, 6, "kehinde  Oladipo", [2, 0, 1, 1], 0.5, [30, 36]),
            line(None, 7, "Femi Ajayi", [2, 0, 1, 1], 0.5, [16, 43]),
        ]
    );
    let rows = json_values(&[]);
    let tiebreaks: Vec<(&str, serde_json::Value)> = rows
        .iter()
        .map(|v| {
            (
                v["tiebreak"].as_str().unwrap_or("-"),
                v["tiebreaks"]["sonneborn_berger"].clone(),
            )
        })
        .collect();
    assert_eq!(
        tiebreaks,
        [
            ("sonneborn_berger", 2.5.into()),
            ("sonneborn_berger", 2.0.into()),
            ("sonneborn_berger", 1.0.into()),
            ("-", 2.25.into()),
            ("sonneborn_berger", 0.75.into()),
            ("seed_difference", 0.25.into()),
            ("seed_difference", 0.25.into()),
        ]
    );
    assert!(
        rows.iter()
            .all(|v| v["tiebreaks"]["head_to_head"].is_null())
    );
    // Sonneborn-Berger last: the seeds decide among the three on 2.
    let order: Vec<String> = json_lines(&["--tiebreak", "seeds,sb"])
        .into_iter()
        .map(|l| l.2)
        .take(3)
        .collect();
    assert_eq!(order, ["Bisi Adekunle", "Kehinde Oladipo", "Segun Afolabi"]);
}

/// `--tiebreak` refuses an unknown name and a name given twice.
#[test]
fn tiebreak_lists_are_checked() {
    assert_eq!(
        code(
            &["standings", TOURNAMENT, "--tiebreak", "sb,buchholz"],
            None
        ),
        2
    );
    assert_eq!(
        code(&["standings", TOURNAMENT, "--tiebreak", "sb,SB"], None),
        2
    );
    insta::assert_snapshot!(run(
        &["standings", TOURNAMENT, "--tiebreak", "sb,buchholz"],
        None
    ));
}

/// Players level on points and every tie-break share a rank, shown `1=`.
#[test]
fn a_tie_not_broken_shares_the_rank() {
    let input = b"[South \"Ade\"]\n[North \"Bola\"]\n\n1. c 1-0\n\n[South \"Bola\"]\n[North \"Ade\"]\n\n1. c 1-0\n";
    let text = run(&["standings", "--width", "100"], Some(input));
    assert!(text.contains("│ 1= ┆ Ade "), "{text}");
    assert!(text.contains("│ 1= ┆ Bola "), "{text}");
    assert!(text.contains("A rank with `=` is shared"), "{text}");
    // Head-to-head first: each beat the other. By the seeds alone, still level.
    let json = run(
        &["standings", "--format", "json", "--tiebreak", "seeds"],
        Some(input),
    );
    assert_eq!(json.matches("\"rank\":1,").count(), 2, "{json}");
}

#[test]
fn one_table_per_event() {
    let spring = Some("Ibadan Spring Open 2025");
    let oyo = Some("Oyo Club Cup 2025");
    assert_eq!(
        json_lines(&["--by", "Event"]),
        [
            // Level on points, and they met: Segun Afolabi won.
            line(spring, 1, "Segun Afolabi", [3, 2, 0, 1], 2.0, [74, 60]),
            line(spring, 2, "Kehinde Oladipo", [3, 2, 0, 1], 2.0, [75, 50]),
            line(spring, 3, "Ibrahim Lawal", [3, 1, 1, 1], 1.5, [55, 73]),
            line(spring, 4, "Ronke Balogun", [3, 0, 1, 2], 0.5, [55, 76]),
            line(oyo, 1, "Bisi Adekunle", [2, 2, 0, 0], 2.0, [51, 18]),
            line(oyo, 2, "kehinde  Oladipo", [2, 0, 1, 1], 0.5, [30, 36]),
            line(oyo, 3, "Femi Ajayi", [2, 0, 1, 1], 0.5, [16, 43]),
        ]
    );
}

#[test]
fn table() {
    insta::assert_snapshot!(standings(&[]));
}

#[test]
fn by_event_with_crosstable() {
    insta::assert_snapshot!(standings(&["--by", "Event", "--cross"]));
}

#[test]
fn by_a_tag_some_games_lack() {
    // Round is in every game; Annotator in none: one table, headed as such.
    insta::assert_snapshot!(standings(&["--by", "Annotator"]));
    insta::assert_snapshot!(standings(&["--by", "Round"]));
}

#[test]
fn markdown() {
    insta::assert_snapshot!(standings(&["--format", "markdown", "--by", "Event"]));
    insta::assert_snapshot!(standings(&["--format", "markdown", "--cross"]));
}

#[test]
fn csv() {
    insta::assert_snapshot!(standings(&["--format", "csv"]));
    insta::assert_snapshot!(standings(&["--format", "csv", "--by", "Event", "--cross"]));
}

#[test]
fn json() {
    insta::assert_snapshot!(standings(&["--format", "json"]));
    insta::assert_snapshot!(standings(&["--format", "json", "--by", "Event", "--cross"]));
}

#[test]
fn narrow_and_ascii() {
    insta::assert_snapshot!(standings(&["--width", "60", "--ascii", "--cross"]));
}

#[test]
fn one_game_of_each_file() {
    // The third game: Ibrahim Lawal and Ronke Balogun draw.
    insta::assert_snapshot!(standings(&["--game", "3"]));
    insta::assert_snapshot!(standings(&["--game", "11"]));
}

#[test]
fn seeds_from_the_moves_follow_the_rules() {
    // Game 4 has no Score tag: under `leftovers=owner` North keeps the seed
    // left in its row, and the final score is 24-24 instead of 25-23.
    let input = std::fs::read(TOURNAMENT).unwrap();
    let text = run(
        &[
            "standings",
            "--game",
            "4",
            "--rules",
            "russ leftovers=owner",
            "--format",
            "csv",
        ],
        Some(&input),
    );
    insta::assert_snapshot!(text);
    // The lap limit is passed on: with one lap the replay stops at the
    // first move, which needs more, and no seeds are counted.
    insta::assert_snapshot!(run(
        &[
            "standings",
            "--game",
            "4",
            "--max-laps",
            "1",
            "--format",
            "csv"
        ],
        Some(&input)
    ));
}

#[test]
fn records_it_cannot_count() {
    let input = b"[South \"A\"]\n[North \"B\"]\n\n1. c % 1-0\n\n\
[South \"A\"]\n\n1. cx7 1-0\n\n\
[South \"A\"]\n[North \"  \"]\n\n1. cx7 0-1\n\n\
[South \"A\"]\n[North \"B\"]\n[Score \"26:22\"]\n\n1. cx7 Fx2 1-0\n\n\
[South \"A\"]\n[North \"B\"]\n[Rules \"oware\"]\n\n1. cx7 0-1\n";
    // A syntax error (exit 1); no North, an empty North (warnings); a Score
    // tag that is not a score (the stores after the moves: 7-2); a Rules tag
    // that is not a ruleset (counted with no seeds).
    insta::assert_snapshot!(run(&["standings"], Some(input)));
}

#[test]
fn games_over_the_size_limit() {
    // Over 300 bytes: reported at their start, and not counted.
    insta::assert_snapshot!(standings(&["--max-game-bytes", "300", "--format", "csv"]));
}

#[test]
fn nothing_to_count() {
    insta::assert_snapshot!(run(&["standings"], Some(b"")));
    insta::assert_snapshot!(run(&["standings", "--format", "json"], Some(b"")));
    insta::assert_snapshot!(run(
        &["standings"],
        Some(b"[South \"A\"]\n[North \"B\"]\n\n1. cx7 *\n")
    ));
}

#[test]
fn exit_codes() {
    assert_eq!(code(&["standings", TOURNAMENT], None), 0);
    assert_eq!(code(&["standings", TOURNAMENT, "no/such.ayo"], None), 2);
    assert_eq!(code(&["standings", TOURNAMENT, "--game", "11"], None), 2);
    assert_eq!(code(&["standings", "--rules", "oware"], None), 2);
    assert_eq!(code(&["standings", "--format", "yaml"], None), 2);
    assert_eq!(code(&["standings"], Some(b"1. c % 1-0\n")), 1);
}

/// A record `ayo validate` calls invalid makes `standings` exit 1, as it
/// makes every command: the table of the other games is still printed, and
/// the errors are said on standard error as `validate` says them.
#[test]
fn an_invalid_record_exits_1_with_its_errors() {
    let invalid = "fixtures/invalid/empty-pit.ayo";
    for format in ["table", "csv", "json"] {
        let out = ayo()
            .args(["standings", "fixtures/mokola-open-r1.ayo", invalid])
            .args(["--format", format])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{format}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(stdout.contains("Kehinde Oladipo"), "{format}: {stdout}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
        assert_eq!(errors.len(), 1, "{format}: {stderr}");
        assert!(
            errors[0].starts_with(&format!("error: {invalid}:")) && errors[0].contains("empty pit"),
            "{format}: {stderr}"
        );
    }
    // Valid records alone: 0.
    assert_eq!(code(&["standings", "fixtures/mokola-open-r1.ayo"], None), 0);
}

#[test]
fn schema_and_output_agree() {
    let out = ayo().args(["standings", "--schema"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let schema: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    for args in [&[][..], &["--by", "Event", "--cross"][..]] {
        let out = ayo()
            .args(["standings", TOURNAMENT, "--format", "json"])
            .args(args)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().count(), 7);
        for l in text.lines() {
            let value: serde_json::Value = serde_json::from_str(l).unwrap();
            assert!(validator.is_valid(&value), "{l}");
        }
    }
    insta::assert_snapshot!(run(&["standings", "--schema"], None));
}

#[test]
fn help() {
    insta::assert_snapshot!(run(&["standings", "--help"], None));
}

/// `pairs` games, each between two players met nowhere else.
fn many_players(pairs: usize) -> Vec<u8> {
    (0..pairs)
        .map(|k| format!("[South \"S{k}\"]\n[North \"N{k}\"]\n[Score \"25-20\"]\n\n1. cx7 1-0\n\n"))
        .collect::<String>()
        .into_bytes()
}

#[test]
fn a_crosstable_of_more_than_max_players_is_refused() {
    // 62 players: a row and a column each is 3,844 cells.
    let input = many_players(31);
    for format in ["table", "csv", "markdown"] {
        let out = ayo()
            .args(["standings", "--cross", "--format", format])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{format}");
        assert!(out.stdout.is_empty(), "{format}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("62 players, over --max-players 60"), "{err}");
        assert!(err.contains("--format json"), "{err}");
    }
    insta::assert_snapshot!(run(&["standings", "--cross"], Some(&input)));
    // Under --by, the message names the table: here the second, the first
    // (two players) being within the limit.
    let by = String::from_utf8(many_players(1)).unwrap()
        + &String::from_utf8(input.clone())
            .unwrap()
            .replace("[South", "[Event \"Club\"]\n[South");
    insta::assert_snapshot!(run(
        &[
            "standings",
            "--cross",
            "--by",
            "Event",
            "--max-players",
            "3"
        ],
        Some(by.as_bytes())
    ));
    // Without --cross, or with a higher limit, the table is printed.
    assert_eq!(code(&["standings"], Some(&input)), 0);
    let csv = run(
        &[
            "standings",
            "--cross",
            "--format",
            "csv",
            "--max-players",
            "62",
        ],
        Some(&input),
    );
    // The exit line, the stdout marker, the header and 62 rows.
    assert_eq!(csv.lines().count(), 65, "{csv}");
}

#[test]
fn json_lists_only_the_pairings_played() {
    let out = ayo()
        .args(["standings", "--cross", "--format", "json"])
        .write_stdin(many_players(31))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 62);
    for l in text.lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        let cross = v["cross"].as_array().unwrap();
        // One opponent each: the one met, not the other 60.
        assert_eq!(cross.len(), 1, "{l}");
        let player = v["player"].as_str().unwrap();
        let opponent = cross[0]["opponent"].as_str().unwrap();
        assert_eq!(&player[1..], &opponent[1..], "{l}");
    }
}

#[test]
fn a_game_that_does_not_parse_is_listed_with_its_players() {
    // The first game has no termination token; its tags are fine.
    let file = "fixtures/malformed/missing-termination.ayo";
    insta::assert_snapshot!(run(&["standings", file], None));
    insta::assert_snapshot!(run(&["standings", file, "--format", "csv"], None));
    // Under --by, it is listed in its event's table.
    insta::assert_snapshot!(run(&["standings", file, "--by", "Event"], None));
}

/// The Result token says North won, the board says South did (26-11): the
/// game is not counted, and listed with the reason, in every format.
#[test]
fn a_token_against_the_board_is_listed_not_counted() {
    let file = "fixtures/invalid/wrong-result.ayo";
    let text = run(&["standings", file, "--width", "200"], None);
    assert!(!text.contains("┆ Simi Oyediran"), "counted: {text}");
    assert!(
        text.contains("game 1: Simi Oyediran v Bode Akinyemi: the record says 0-1, but the game ended 1-0 on the board"),
        "{text}"
    );
    insta::assert_snapshot!(text);
    let json = run(&["standings", file, "--format", "json"], None);
    assert!(
        json.contains("note: not counted: fixtures/invalid/wrong-result.ayo game 1"),
        "{json}"
    );
}

/// Every game not counted is listed: `*`, a game with no termination token
/// and no readable tags, an illegal move, a copy.
#[test]
fn every_game_not_counted_is_listed() {
    let game = "[South \"A\"]\n[North \"B\"]\n\n1. c C 1-0\n\n";
    let input = format!(
        "{game}\
         [South \"A\"]\n[North \"C\"]\n\n1. c C *\n\n\
         [South \"A\"]\n[North \"C\"]\n\n1. c c 0-1\n\n\
         {game}\
         1. c C\n"
    );
    let text = run(&["standings", "--width", "200"], Some(input.as_bytes()));
    for listed in [
        "<stdin> game 2: A v C: unfinished (`*`)",
        "<stdin> game 3: A v C: the record is invalid: ply 2, North's c: it is North's turn",
        "<stdin> game 4: A v B: a copy of <stdin> game 1 (the same moves and players)",
        "<stdin> game 5: ? v ?: could not be read: line 21, column 7: missing game-termination token",
    ] {
        assert!(text.contains(listed), "{listed}\n{text}");
    }
    insta::assert_snapshot!(text);
}

/// An exact copy (the same game pasted twice) counts once, with one bounded
/// warning however many copies there are.
#[test]
fn copies_count_once() {
    let one = std::fs::read_to_string("fixtures/mokola-open-r1.ayo").unwrap();
    let three = format!("{one}\n{one}\n{one}\n");
    let out = ayo()
        .args(["standings", "--format", "json"])
        .write_stdin(three)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    for l in stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        assert_eq!(v["game_count"], 1, "{l}");
    }
    let stderr = String::from_utf8(out.stderr).unwrap();
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect();
    assert_eq!(
        warnings,
        [
            "warning: 2 games are copies of games already read (the same moves and players) and not counted; `ayo duplicates` lists them"
        ]
    );
    // The same game under other players is another game, and counts.
    let other = one.replace("[South \"", "[South \"Other ");
    let both = format!("{one}\n{other}\n");
    let json = run(&["standings", "--format", "json"], Some(both.as_bytes()));
    assert!(!json.contains("warning"), "{json}");
    assert_eq!(json.matches("\"game_count\":1,").count(), 2, "{json}");
    assert_eq!(json.matches("\"game_count\":2,").count(), 1, "{json}");
}

/// No line of `standings`, plain or `--cross`, is wider than `--width`, for
/// every fixture.
#[test]
fn standings_fit_every_width() {
    use unicode_width::UnicodeWidthStr;
    for file in common::fixture_files() {
        for width in ["40", "60", "80", "120"] {
            for cross in [false, true] {
                let mut args = vec!["standings", file.to_str().unwrap(), "--width", width];
                if cross {
                    args.push("--cross");
                }
                let out = ayo().args(&args).output().unwrap();
                let stdout = String::from_utf8_lossy(&out.stdout);
                let max: usize = width.parse().unwrap();
                for line in stdout.lines() {
                    assert!(
                        line.width() <= max,
                        "{args:?}: {} columns:\n{line}\n{stdout}",
                        line.width()
                    );
                }
            }
        }
    }
}

/// An adjourned game (`*`) and the same moves finished later are one game:
/// the finished one is counted, and the adjourned one is listed as
/// unfinished, not the finished one as its copy. A copy of a counted game
/// is still a copy.
#[test]
fn only_a_counted_game_has_copies() {
    let adjourned = "[South \"Ade\"]\n[North \"Bisi\"]\n\n1. cx7 A 2. d C *\n";
    let finished = "[South \"Ade\"]\n[North \"Bisi\"]\n\n1. cx7 A 2. d C 1-0\n";
    let input = format!("{adjourned}\n{finished}\n{finished}");
    insta::assert_snapshot!(run(&["standings", "--format", "markdown"], Some(input.as_bytes())), @r"
    exit 0
    --- stdout
    | # | player | games | won | drawn | lost | points | seeds | ± |
    |---|---|---|---|---|---|---|---|---|
    | 1 | Ade | 1 | 1 | 0 | 0 | 1 | 7-0 | +7 |
    | 2 | Bisi | 1 | 0 | 0 | 1 | 0 | 0-7 | -7 |

    Not counted:

    - <stdin> game 1: Ade v Bisi: unfinished (`*`)
    - <stdin> game 3: Ade v Bisi: a copy of <stdin> game 2 (the same moves and players)
    --- stderr
    warning: 1 game is a copy of a game already read (the same moves and players) and not counted; `ayo duplicates` lists them
    ");
}
