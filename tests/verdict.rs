//! One verdict on every game: `json`'s `result.winner`, `filter --winner`,
//! `standings`, `stats` and `annotate` say the same of each game, over
//! every fixture and a generated corpus with planted contradictions (a
//! token against the board, `*` on an unfinished board, no token at all, a
//! resignation, an exact copy).

use crate::common;

use std::collections::HashMap;
use std::path::Path;

use common::{ayo, fixture_files};
use serde_json::Value;

/// Standard output and standard error of `ayo ARGS`.
fn output(args: &[&str]) -> (String, String) {
    let out = ayo().args(args).output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// What `ayo json` says of one game.
#[derive(Debug)]
struct Said {
    game: u64,
    /// `"south"`, `"north"`, `"draw"`; `None` when not decided or unparsed.
    winner: Option<String>,
    /// Counted in standings (decided, nothing contradicting it).
    counted: bool,
    parsed: bool,
    players: Option<(String, String)>,
}

fn json_verdicts(file: &str) -> Vec<Said> {
    let (stdout, _) = output(&["json", file]);
    stdout
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let result = &v["result"];
            let name = |side: &str| {
                v["tags"][side]
                    .as_str()
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .map(String::from)
            };
            Said {
                game: v["game"].as_u64().unwrap(),
                winner: result["winner"].as_str().map(String::from),
                counted: !result.is_null() && result["not_counted"].is_null(),
                parsed: !result.is_null(),
                players: name("South").zip(name("North")),
            }
        })
        .collect()
}

/// Checks every command against `json` for each game of `file`.
fn agree(file: &str) {
    let said = json_verdicts(file);
    assert!(!said.is_empty(), "{file}: no game");
    for s in &said {
        let n = s.game.to_string();
        let at = format!("{file} game {n}");
        // filter --winner: selected by exactly the winner json gives.
        for side in ["south", "north", "draw"] {
            let (count, _) = output(&["filter", file, "--game", &n, "--winner", side, "--count"]);
            let expected = if s.winner.as_deref() == Some(side) {
                "1"
            } else {
                "0"
            };
            assert_eq!(count.trim(), expected, "{at}: filter --winner {side}");
        }
        // stats: the game's result column.
        let (stats, _) = output(&["stats", file, "--game", &n, "--format", "json"]);
        let stats: Value = serde_json::from_str(&stats).unwrap();
        let r = &stats["results"];
        let column = |k: &str| r[k].as_u64().unwrap();
        let expected = match (s.parsed, s.winner.as_deref()) {
            (false, _) => [0, 0, 0, 0],
            (true, Some("south")) => [1, 0, 0, 0],
            (true, Some("north")) => [0, 1, 0, 0],
            (true, Some("draw")) => [0, 0, 1, 0],
            (true, _) => [0, 0, 0, 1],
        };
        assert_eq!(
            [
                column("south"),
                column("north"),
                column("draw"),
                column("unfinished")
            ],
            expected,
            "{at}: stats"
        );
        // annotate: the JSON result and the words of the result line.
        if s.parsed {
            let (annotate, _) = output(&["annotate", file, "--game", &n, "--format", "json"]);
            let a: Value = serde_json::from_str(&annotate).unwrap();
            assert_eq!(
                a["result"]["winner"].as_str(),
                s.winner.as_deref(),
                "{at}: annotate"
            );
            let (text, _) = output(&["annotate", file, "--game", &n, "--width", "1000"]);
            let line = text.lines().rfind(|l| l.starts_with("Result ")).unwrap();
            let words = match s.winner.as_deref() {
                Some("south") => ": South wins",
                Some("north") => ": North wins",
                Some("draw") => ": draw",
                _ => ": not decided",
            };
            assert!(line.contains(words), "{at}: annotate says {line}");
        }
        // standings, the game alone: its winner 1 point, or listed apart.
        let (table, notes) = output(&["standings", file, "--game", &n, "--format", "json"]);
        let rows: HashMap<String, f64> = table
            .lines()
            .map(|l| {
                let v: Value = serde_json::from_str(l).unwrap();
                (
                    v["player"].as_str().unwrap().to_string(),
                    v["points"].as_f64().unwrap(),
                )
            })
            .collect();
        match (&s.players, s.counted) {
            (Some((south, north)), true) if south != north => {
                let expected = match s.winner.as_deref() {
                    Some("south") => (1.0, 0.0),
                    Some("north") => (0.0, 1.0),
                    _ => (0.5, 0.5),
                };
                assert_eq!((rows[south], rows[north]), expected, "{at}: standings");
            }
            (Some(_), true) => {}
            _ => {
                assert!(rows.is_empty(), "{at}: standings counted it: {table}");
                assert!(
                    notes.contains(&format!("note: not counted: {at}:")),
                    "{at}: standings does not list it: {notes}"
                );
            }
        }
    }
}

#[test]
fn every_fixture_gets_one_verdict() {
    for file in fixture_files() {
        let rel = file
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap()
            .to_str()
            .unwrap()
            .trim_start_matches('/')
            .to_string();
        agree(&rel);
    }
}

/// `ayo generate`'s games, each with its own players, then the planted
/// records: a token against the board, `*` and a resignation on a game cut
/// short, a game with no token, and an exact copy of game 1.
fn planted_corpus() -> (String, usize) {
    let (generated, _) = output(&["generate", "--games", "12", "--seed", "7"]);
    let mut games: Vec<String> = generated
        .split("[Event ")
        .filter(|g| !g.trim().is_empty())
        .enumerate()
        .map(|(k, g)| {
            format!("[Event {}", g.trim_end())
                .replace("[South \"random\"]", &format!("[South \"S{}\"]", k % 4))
                .replace("[North \"random\"]", &format!("[North \"N{}\"]", k % 3))
        })
        .collect();
    let token = |g: &str| g.split_whitespace().last().unwrap().to_string();
    let tags = |g: &str| g.split("\n\n").next().unwrap().to_string();
    let moves = |g: &str, words: usize| -> String {
        let text = g.split("\n\n").nth(1).unwrap();
        text.split_whitespace()
            .take(words)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let without = |tags: String, names: &[&str]| -> String {
        tags.lines()
            .filter(|l| !names.iter().any(|n| l.starts_with(&format!("[{n} "))))
            .collect::<Vec<_>>()
            .join("\n")
    };
    // Game 2: the token and Result tag say the other side won.
    let won = token(&games[1]);
    let other = if won == "1-0" { "0-1" } else { "1-0" };
    games[1] = games[1].replace(&format!("\"{won}\""), &format!("\"{other}\""));
    let cut = games[1].rfind(&won).unwrap();
    games[1].replace_range(cut.., other);
    // Game 3: cut short and adjourned.
    games[2] = format!(
        "{}\n[Result \"*\"]\n\n{} *",
        without(tags(&games[2]), &["Result", "Score", "PlyCount"]),
        moves(&games[2], 5)
    );
    // Game 4: cut short, and North resigns.
    games[3] = format!(
        "{}\n[Result \"1-0\"]\n\n{} 1-0",
        without(tags(&games[3]), &["Result", "Score", "PlyCount"]),
        moves(&games[3], 5)
    );
    // Game 5: no termination token.
    let t = token(&games[4]);
    let cut = games[4].rfind(&t).unwrap();
    games[4].truncate(cut);
    // Game 13: game 1 again.
    games.push(games[0].clone());
    (games.join("\n\n") + "\n", games.len())
}

#[test]
fn a_corpus_with_planted_contradictions_gets_one_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("planted.ayo");
    let (text, count) = planted_corpus();
    std::fs::write(&path, &text).unwrap();
    let file = path.to_str().unwrap();
    let said = json_verdicts(file);
    assert_eq!(said.len(), count);
    // The plants are what they were meant to be.
    assert!(
        said[1].winner.is_some() && !said[1].counted,
        "{:?}",
        said[1]
    );
    assert!(
        said[2].winner.is_none() && !said[2].counted,
        "{:?}",
        said[2]
    );
    assert_eq!(said[3].winner.as_deref(), Some("south"));
    assert!(said[3].counted);
    assert!(!said[4].parsed);
    agree(file);
    // The whole corpus: each player's points are those of the games counted,
    // the copy (game 13) left out.
    let mut expected: HashMap<String, f64> = HashMap::new();
    for s in said.iter().take(count - 1).filter(|s| s.counted) {
        let (south, north) = s.players.clone().unwrap();
        let (a, b) = match s.winner.as_deref() {
            Some("south") => (1.0, 0.0),
            Some("north") => (0.0, 1.0),
            _ => (0.5, 0.5),
        };
        *expected.entry(south).or_default() += a;
        *expected.entry(north).or_default() += b;
    }
    let (table, notes) = output(&["standings", file, "--format", "json"]);
    let got: HashMap<String, f64> = table
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (
                v["player"].as_str().unwrap().to_string(),
                v["points"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, expected);
    assert!(
        notes.contains("warning: 1 game is a copy of a game already read"),
        "{notes}"
    );
    assert!(
        notes.contains(&format!("game 13: S0 v N0: a copy of {file} game 1")),
        "{notes}"
    );
    let _ = Path::new(file);
}
