//! A game that does not parse keeps what could be read: a game whose
//! movetext is broken (here, no termination token) but whose tag section
//! parses shows its tags, and the ruleset they give, in `ayo json` and in
//! the viewer's data (`ayo standings` lists it: tests/standings.rs).

use crate::common;

use common::ayo;
use serde_json::{Value, json};

/// The first game: its moves end without a termination token.
const FILE: &str = "fixtures/malformed/missing-termination.ayo";

/// What could be read of the first game: tags and ruleset.
fn read_of(game: &Value) -> Value {
    json!({
        "South": game["tags"]["South"],
        "North": game["tags"]["North"],
        "Event": game["tags"]["Event"],
        "tags": game["tags"].as_object().map(|t| t.len()),
        "rules": game["rules"],
        "valid": game["valid"],
    })
}

fn expected() -> Value {
    json!({
        "South": "Fela Adebowale",
        "North": "Titi Ogunde",
        "Event": "Ibadan Ayo League",
        "tags": 9,
        "rules": "russ",
        "valid": false,
    })
}

#[test]
fn json_keeps_the_tags() {
    // One job streams the game; two write it from a worker's buffer.
    for jobs in ["1", "2"] {
        let out = ayo().args(["json", FILE, "-j", jobs]).output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        let text = String::from_utf8(out.stdout).unwrap();
        let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        assert_eq!(read_of(&first), expected(), "-j {jobs}");
        // The raw text and the error are kept as before.
        assert!(first["raw"].as_str().unwrap().starts_with("[Event"));
        assert_eq!(first["errors"][0]["line"], 12);
    }
    // --rules is the ruleset, as for a game that parses.
    let out = ayo()
        .args(["json", FILE, "--rules", "endodoi"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["rules"], "endodoi");
}

#[test]
fn a_rules_tag_that_is_not_a_ruleset_gives_no_rules() {
    let input = b"[South \"A\"]\n[North \"B\"]\n[Rules \"oware\"]\n\n1. c %\n";
    let out = ayo().arg("json").write_stdin(&input[..]).output().unwrap();
    let game: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(game["tags"]["South"], "A");
    assert_eq!(game["rules"], Value::Null);
    // Broken tags: nothing could be read.
    let out = ayo()
        .args(["json", "fixtures/malformed/missing-bracket.ayo"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["tags"], json!({}));
    assert_eq!(first["rules"], Value::Null);
}

#[test]
fn the_viewer_shows_the_players() {
    let out = ayo().args(["html", FILE]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let page = String::from_utf8(out.stdout).unwrap();
    let start = r#"<script type="application/json" id="ayo-data">"#;
    let at = page.find(start).unwrap() + start.len();
    let end = at + page[at..].find("</script>").unwrap();
    let data: Value = serde_json::from_str(&page[at..end]).unwrap();
    let first = &data["games"][0];
    // The script titles a game with its South and North tags.
    assert_eq!(read_of(first), expected());
    assert_eq!(first["start"], Value::Null);
    insta::assert_json_snapshot!(read_of(first));
}
