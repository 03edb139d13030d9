//! `GET /api/schema`: the JSON Schema of every JSON endpoint, held to the
//! real server's answers (every endpoint, every error status) and to the
//! field names of docs/GLOSSARY.md.

mod common;

use std::collections::BTreeSet;
use std::time::Duration;

use common::{Response, Server, club};
use serde_json::{Value, json};

/// The schema document of a server.
fn document(s: &Server) -> Value {
    let r = s.get("/api/schema");
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(
        r.header("content-type")
            .unwrap()
            .starts_with("application/json")
    );
    r.json()
}

/// Why `value` does not fit `schema` (empty when it does).
fn misfits(schema: &Value, value: &Value) -> Vec<String> {
    let validator = jsonschema::validator_for(schema).expect("a valid JSON Schema");
    validator
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

/// Asserts that `value` fits the schema at `pointer` in `doc`.
fn fits(doc: &Value, pointer: &str, value: &Value) {
    let schema = doc
        .pointer(pointer)
        .unwrap_or_else(|| panic!("no schema at {pointer}"));
    let wrong = misfits(schema, value);
    assert!(wrong.is_empty(), "{pointer}: {wrong:?}\n{value:#}");
}

/// Asserts that `r` is `status` with an error body that fits the schema.
fn error_fits(doc: &Value, r: &Response, status: u16) {
    assert_eq!(r.status, status, "{}", r.text());
    fits(doc, "/error", &r.json());
}

/// The `info` events of an analysis stream.
fn infos(text: &str) -> Vec<Value> {
    let mut event = "";
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(e) = line.strip_prefix("event: ") {
            event = e;
        } else if let Some(d) = line.strip_prefix("data: ")
            && event == "info"
        {
            out.push(serde_json::from_str(d).unwrap());
        }
    }
    out
}

/// `/endpoints/<key>/<part>` as a JSON pointer (a `/` in a key is `~1`).
fn at(key: &str, part: &str) -> String {
    format!(
        "/endpoints/{}/{part}",
        key.replace('~', "~0").replace('/', "~1")
    )
}

#[test]
fn every_answer_of_the_server_fits_its_schema() {
    let dir = club();
    std::fs::write(
        dir.path().join("broken.ayo"),
        "[Event \"x\"]\n\n1. c c *\n\n[Event\n",
    )
    .unwrap();
    let tables = tempfile::tempdir().unwrap();
    ayo::tables::Builder::new(&ayo::rules::Ruleset::RUSS)
        .build_dir(tables.path(), 3, &|_| {})
        .unwrap();
    let s = Server::start(dir.path(), |c| {
        c.writable = true;
        c.tables = Some(tables.path().to_path_buf());
    });
    let doc = document(&s);

    let games = s.get("/api/games").json();
    fits(&doc, &at("GET /api/games", "response"), &games);
    assert!(
        games["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["valid"] == false)
    );
    fits(
        &doc,
        &at("GET /api/games", "response"),
        &s.get("/api/games?player=zzz").json(),
    );
    for g in games["games"].as_array().unwrap() {
        let id = g["id"].as_str().unwrap().replace(' ', "%20");
        let r = s.get(&format!("/api/games/{id}"));
        assert_eq!(r.status, 200, "{id}");
        fits(&doc, &at("GET /api/games/{id}", "response"), &r.json());
    }
    let standings = s.get("/api/standings?event=club");
    fits(
        &doc,
        &at("GET /api/standings", "response"),
        &standings.json(),
    );
    assert!(!standings.json()["standings"].as_array().unwrap().is_empty());

    // A whole game, each position's moves and each move played, to the
    // move that ends it (its `result` filled in) and the position after it
    // (no move, the game's `result`).
    let (mut setup, mut last) = (String::new(), Value::Null);
    for _ in 0..400 {
        let r = s.get(&format!("/api/moves?setup={}", setup.replace(' ', "%20")));
        assert_eq!(r.status, 200, "{}", r.text());
        let moves = r.json();
        fits(&doc, &at("GET /api/moves", "response"), &moves);
        let Some(first) = moves["moves"].as_array().unwrap().last() else {
            assert!(!moves["result"].is_null());
            break;
        };
        let body = json!({"pit": first["pit"], "setup": moves["setup"]});
        fits(&doc, &at("POST /api/play", "request"), &body);
        let r = s.post_json("/api/play", &body);
        assert_eq!(r.status, 200, "{}", r.text());
        last = r.json();
        fits(&doc, &at("POST /api/play", "response"), &last);
        setup = last["setup"].as_str().unwrap().to_string();
    }
    assert!(!last["move"]["result"].is_null(), "{last}");
    let r = s.get("/api/tables?setup=0,0,0,0,0,1/0,1,1,0,0,0%2020-25%20S");
    assert_eq!(r.status, 200, "{}", r.text());
    fits(&doc, &at("GET /api/tables", "response"), &r.json());
    let infos = infos(&s.get("/api/analyse?time_ms=300").text());
    assert!(!infos.is_empty());
    for info in &infos {
        fits(&doc, &at("GET /api/analyse", "events/info"), info);
    }
    let save = json!({"file": "new.ayo", "tags": [["Event", "E"]], "moves": ["c", "F"]});
    fits(&doc, &at("POST /api/save", "request"), &save);
    let r = s.request(
        "POST",
        "/api/save",
        &[
            ("content-type", "application/json"),
            ("sec-fetch-site", "same-origin"),
        ],
        save.to_string().as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    fits(&doc, &at("POST /api/save", "response"), &r.json());
}

#[test]
fn every_error_body_fits_the_error_schema() {
    let dir = club();
    let s = Server::start(dir.path(), |c| {
        c.writable = true;
        c.body_limit = 4096;
        c.searches = 1;
        c.search_time = Duration::from_millis(1500);
    });
    let doc = document(&s);
    error_fits(&doc, &s.get("/api/moves?setup=nonsense"), 400);
    error_fits(&doc, &s.get("/api/games/nobody:1"), 404);
    error_fits(&doc, &s.get("/no/such/page"), 404);
    error_fits(&doc, &s.post_json("/api/play", &json!({"pit": "C"})), 422);
    let invalid = s.post_json("/api/save", &json!({"file": "x.ayo", "moves": ["c", "c"]}));
    error_fits(&doc, &invalid, 422);
    assert!(
        !invalid.json()["error"]["problems"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let big = json!({"file": "x.ayo", "moves": vec!["a"; 5000]});
    error_fits(&doc, &s.post_json("/api/save", &big), 413);
    let foreign = s.request(
        "POST",
        "/api/save",
        &[
            ("content-type", "application/json"),
            ("sec-fetch-site", "cross-site"),
        ],
        br#"{"file": "x.ayo"}"#,
    );
    error_fits(&doc, &foreign, 403);
    let addr = s.addr;
    let long = std::thread::spawn(move || {
        common::request(addr, "GET", "/api/analyse?time_ms=1500", &[], b"")
    });
    std::thread::sleep(Duration::from_millis(300));
    error_fits(&doc, &s.get("/api/analyse?time_ms=100"), 503);
    long.join().unwrap();
    let read_only = Server::start(dir.path(), |_| {});
    error_fits(
        &doc,
        &read_only.post_json("/api/save", &json!({"file": "x.ayo"})),
        403,
    );
}

/// The schemas can fail: an answer with a field of the wrong type, a
/// missing field, or a side that is not one, does not fit.
#[test]
fn a_wrong_answer_does_not_fit() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    let doc = document(&s);
    let play = s.post_json("/api/play", &json!({"pit": "c"})).json();
    let schema = doc.pointer(&at("POST /api/play", "response")).unwrap();
    assert!(misfits(schema, &play).is_empty());
    let mut wrong = play.clone();
    wrong["to_move"] = json!("east");
    assert!(!misfits(schema, &wrong).is_empty());
    let mut wrong = play.clone();
    wrong["move"]["stores"] = json!("7-0");
    assert!(!misfits(schema, &wrong).is_empty());
    let mut wrong = play;
    wrong.as_object_mut().unwrap().remove("setup");
    assert!(!misfits(schema, &wrong).is_empty());
    let schema = doc.pointer("/error").unwrap();
    assert!(!misfits(schema, &json!({"error": {"message": "no kind"}})).is_empty());
}

/// Every property name under `s` (following `$ref`s into `root`).
fn names(root: &Value, s: &Value, seen: &mut Vec<String>, out: &mut BTreeSet<String>) {
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        if seen.iter().any(|x| x == r) {
            return;
        }
        seen.push(r.to_string());
        let target = root
            .pointer(r.trim_start_matches('#'))
            .expect("a local $ref");
        names(root, target, seen, out);
        seen.pop();
        return;
    }
    match s {
        Value::Object(map) => {
            for (k, v) in map {
                if k == "properties"
                    && let Some(props) = v.as_object()
                {
                    out.extend(props.keys().cloned());
                }
                if k != "$defs" {
                    names(root, v, seen, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| names(root, v, seen, out)),
        _ => {}
    }
}

#[test]
fn the_fields_of_the_bodies_are_named_as_docs_glossary_names_them() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    let doc = document(&s);
    let glossary = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/GLOSSARY.md"
    ))
    .unwrap();
    // The table's rows (`| \`name\` |`) and the web API's list (`- \`name\``).
    let listed: BTreeSet<String> = glossary
        .lines()
        .filter_map(|l| l.strip_prefix("| `").or_else(|| l.strip_prefix("- `")))
        .filter_map(|l| l.split('`').next())
        .map(String::from)
        .collect();
    let mut fields = BTreeSet::new();
    for (key, parts) in doc["endpoints"].as_object().unwrap() {
        for (part, schema) in parts.as_object().unwrap() {
            // A query string's parameters are not JSON fields.
            if part == "query" {
                continue;
            }
            let schemas: Vec<&Value> = match part.as_str() {
                "events" => schema.as_object().unwrap().values().collect(),
                _ => vec![schema],
            };
            for schema in schemas {
                names(schema, schema, &mut Vec::new(), &mut fields);
            }
        }
        assert!(key.contains(" /api/"), "{key}");
    }
    names(&doc["error"], &doc["error"], &mut Vec::new(), &mut fields);
    assert!(fields.len() > 60, "too few fields: {fields:?}");
    let missing: Vec<&String> = fields.iter().filter(|f| !listed.contains(*f)).collect();
    assert!(missing.is_empty(), "not in docs/GLOSSARY.md: {missing:?}");
}

#[test]
fn every_json_route_has_a_schema() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    let doc = document(&s);
    let keys: BTreeSet<&str> = doc["endpoints"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let lib = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/lib.rs")).unwrap();
    // Every API route of the router, but the schema itself and the two that
    // answer text or SVG (their query is described with the board's).
    for line in lib.lines().filter(|l| l.contains(".route(\"/api/")) {
        let path = line.split('"').nth(1).unwrap();
        let method = if line.contains("post(") {
            "POST"
        } else {
            "GET"
        };
        let key = format!("{method} {path}");
        if path == "/api/schema" || path == "/api/games/{id}/ayo" {
            continue;
        }
        assert!(keys.contains(key.as_str()), "no schema for {key}");
    }
}
