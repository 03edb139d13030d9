//! The JSON API against a real server on a free loopback port: every
//! endpoint, every error status, paths that try to leave the folder, the
//! body cap, concurrent saves, and files changed on disk.

mod common;

use std::path::Path;
use std::time::Duration;

use ayo::notation::GameReader;
use ayo::replay::{Game, Options};
use common::{Server, club};
use serde_json::json;

#[test]
fn the_page_and_its_files_are_served_from_the_binary() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    let page = s.get("/");
    assert_eq!(page.status, 200);
    assert!(
        page.text().contains("<script src=\"/app.js\""),
        "{}",
        page.text()
    );
    assert!(!page.text().contains("http://") && !page.text().contains("https://"));
    let js = s.get("/app.js");
    assert_eq!(js.status, 200);
    assert!(
        js.header("content-type")
            .unwrap()
            .starts_with("text/javascript")
    );
    assert!(
        s.get("/app.css")
            .header("content-type")
            .unwrap()
            .starts_with("text/css")
    );
    assert!(
        page.header("content-security-policy")
            .unwrap()
            .contains("default-src 'self'")
    );
    // No CORS headers by default.
    assert!(page.header("access-control-allow-origin").is_none());
}

#[test]
fn games_are_listed_with_their_tags_and_filtered() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    let all = s.get("/api/games").json();
    let games = all["games"].as_array().unwrap();
    assert_eq!(games.len(), 8);
    assert_eq!(games[0]["id"], "club-night:1");
    assert_eq!(games[0]["game"], 1);
    assert_eq!(
        games[0]["tags"][0],
        json!(["Event", "Agodi Ayo Club night"])
    );
    let by = |q: &str| {
        s.get(&format!("/api/games?{q}")).json()["games"]
            .as_array()
            .unwrap()
            .len()
    };
    assert_eq!(by("player=lanre"), 1 + by("player=lanre%20adigun") - 1);
    assert!(by("player=lanre") >= 1);
    assert_eq!(by("event=agodi"), 7);
    assert_eq!(by("date=2025.06"), 7);
    assert_eq!(by("date=1999"), 0);
}

#[test]
fn a_game_reads_as_ayo_json_and_opens_in_the_viewer() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    let g = s.get("/api/games/club-night:1").json();
    assert_eq!(g["file"], "club-night.ayo");
    assert_eq!(g["game"], 1);
    assert_eq!(g["result"]["token"], "1-0");
    assert_eq!(g["moves"][0]["pit"], "c");
    assert_eq!(g["start"]["to_move"], "south");
    let view = s.get("/view/club-night:1");
    assert_eq!(view.status, 200);
    assert!(view.text().contains("class=\"ayo-board\"") || view.text().contains("ayo-board"));
}

#[test]
fn the_viewer_offers_the_game_to_download_and_to_analyse() {
    let dir = club();
    // A file name with markup and a quote in it: its id reaches the page
    // only percent-encoded.
    std::fs::copy(
        dir.path().join("club-night.ayo"),
        dir.path().join("a\"><img src=x>&b.ayo"),
    )
    .unwrap();
    let s = Server::start(dir.path(), |_| {});
    let view = s.get("/view/club-night:3").text();
    let link =
        "<a id=\"download\" href=\"/api/games/club-night%3A3/ayo\" download>Download .ayo</a>";
    assert!(view.contains(link), "{view}");
    assert!(view.contains("<a id=\"analyse\" href=\"/#game=club-night%3A3&amp;ply=0\">"));
    // The link is under the page's heading, before the game's data.
    let (at, data) = (
        view.find(link).unwrap(),
        view.find("id=\"ayo-data\"").unwrap(),
    );
    assert!(view.find("</h1>").unwrap() < at && at < data);
    // It gives what the archive's own link gives: the game in canonical form.
    let got = s.get("/api/games/club-night%3A3/ayo");
    assert_eq!(got.status, 200);
    assert_eq!(got.text(), s.get("/api/games/club-night:3/ayo").text());
    assert!(
        got.header("content-disposition")
            .unwrap()
            .contains("club-night-3.ayo")
    );
    assert!(got.text().starts_with("[Event "), "{}", got.text());
    let id = "a\"><img src=x>&b:1";
    let games = s.get("/api/games").json();
    assert!(
        games["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id)
    );
    let view = s.get("/view/a%22%3E%3Cimg%20src=x%3E&b:1");
    assert_eq!(view.status, 200, "{}", view.text());
    let view = view.text();
    assert!(!view.contains("<img"), "{view}");
    assert!(view.contains("href=\"/api/games/a%22%3E%3Cimg%20src%3Dx%3E%26b%3A1/ayo\""));
    let got = s.get("/api/games/a%22%3E%3Cimg%20src%3Dx%3E%26b%3A1/ayo");
    assert_eq!(got.status, 200, "{}", got.text());
}

#[test]
fn moves_are_listed_with_previews_as_ayo_moves_gives_them() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    let m = s.get("/api/moves").json();
    assert_eq!(m["setup"], "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
    assert_eq!(m["moves"].as_array().unwrap().len(), 6);
    let c = &m["moves"][2];
    assert_eq!(
        (c["pit"].as_str(), c["notation"].as_str()),
        (Some("c"), Some("cx7"))
    );
    assert_eq!(c["stores"], json!([7, 0]));
}

#[test]
fn a_move_is_played_or_refused_with_its_reason() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    let r = s.post_json("/api/play", &json!({"pit": "c"}));
    assert_eq!(r.status, 200, "{}", r.text());
    let p = r.json();
    assert_eq!(p["move"]["notation"], "cx7");
    assert_eq!(p["move"]["capture"]["seeds"], 7);
    assert_eq!(p["to_move"], "north");
    let after = p["setup"].as_str().unwrap();
    assert!(after.ends_with(" 7-0 N"), "{after}");
    // North's pit on South's turn: 422 with the rules' reason.
    let r = s.post_json("/api/play", &json!({"pit": "C"}));
    assert_eq!((r.status, r.kind().as_str()), (422, "illegal_move"));
    assert_eq!(r.json()["error"]["message"], "C: not South's pit");
    // An empty pit.
    let r = s.post_json(
        "/api/play",
        &json!({"pit": "a", "setup": "0,5,4,4,4,4/4,4,4,4,4,4 0-0 S"}),
    );
    assert_eq!(r.status, 422);
    assert!(r.text().contains("empty pit"), "{}", r.text());
    // From the position after, North plays on.
    let r = s.post_json("/api/play", &json!({"pit": "F", "setup": after}));
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["move"]["side"], "north");
}

#[test]
fn the_board_is_drawn_before_and_after_a_move() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    let r = s.get("/api/board");
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("content-type"), Some("image/svg+xml"));
    let start = r.text();
    assert!(start.starts_with("<svg"), "{start}");
    assert!(start.contains("Start. South to move."), "{start}");
    // After a move, the caption says the move, not the start.
    let after = s.get("/api/board?pit=c").text();
    assert!(!after.contains("Start."), "{after}");
    assert!(
        after.contains("Ply 1: c (South), +7 from B. North to move."),
        "{after}"
    );
    let later = s.get("/api/board?pit=c&ply=9").text();
    assert!(later.contains("Ply 9: c (South)"), "{later}");
    // An illegal move is 422, a bad set-up 400.
    let r = s.get("/api/board?pit=C");
    assert_eq!((r.status, r.kind().as_str()), (422, "illegal_move"));
    let r = s.get("/api/board?setup=nonsense");
    assert_eq!((r.status, r.kind().as_str()), (400, "bad_request"));
}

#[test]
fn a_move_played_is_what_the_legal_moves_said_of_it() {
    // Play computes only the move played; over a whole game under two
    // rulesets, it answers what the list of legal moves said of it.
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    for rules in ["russ", "endodoi pits=8"] {
        let mut setup = String::new();
        let mut plies = 0;
        loop {
            let q = format!(
                "/api/moves?rules={}&setup={}",
                rules.replace(' ', "%20"),
                setup.replace(' ', "%20")
            );
            let moves = s.get(&q).json();
            let list = moves["moves"].as_array().unwrap();
            let Some(pick) = list.get(plies * 7 % list.len().max(1)) else {
                break;
            };
            let pit = pick["pit"].as_str().unwrap();
            let r = s.post_json(
                "/api/play",
                &json!({"rules": rules, "setup": moves["setup"], "pit": pit}),
            );
            assert_eq!(r.status, 200, "{}", r.text());
            let p = r.json();
            assert_eq!(&p["move"], pick, "{rules} {setup} {pit}");
            setup = p["setup"].as_str().unwrap().to_string();
            plies += 1;
        }
        assert!(plies > 5, "{rules}: {plies} plies");
    }
}

#[test]
fn bad_requests_are_400_with_a_typed_body() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    for path in [
        "/api/moves?setup=1,2,3",
        "/api/moves?rules=nonsense",
        "/api/analyse?setup=x",
        "/api/tables?setup=x",
    ] {
        let r = s.get(path);
        assert_eq!(
            (r.status, r.kind().as_str()),
            (400, "bad_request"),
            "{path}: {}",
            r.text()
        );
        assert_eq!(r.header("content-type"), Some("application/json"));
    }
    for body in [
        json!({"pit": "z"}),
        json!({"pit": "cc"}),
        json!({"nopit": 1}),
    ] {
        let r = s.post_json("/api/play", &body);
        assert_eq!(
            (r.status, r.kind().as_str()),
            (400, "bad_request"),
            "{body}: {}",
            r.text()
        );
    }
    let r = s.request(
        "POST",
        "/api/play",
        &[("content-type", "application/json")],
        b"{not json",
    );
    assert_eq!(r.status, 400);
    let r = s.request(
        "POST",
        "/api/play",
        &[("content-type", "text/plain")],
        b"{}",
    );
    assert_eq!(r.status, 400);
}

#[test]
fn unknown_games_and_paths_are_404_and_nothing_outside_is_read() {
    let dir = club();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(
        outside.path().join("secret.ayo"),
        "[Event \"secret\"]\n\n1. c *\n",
    )
    .unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        outside.path().join("secret.ayo"),
        dir.path().join("link.ayo"),
    )
    .unwrap();
    let s = Server::start(dir.path(), |_| {});
    let listed = s.get("/api/games").text();
    assert!(
        !listed.contains("secret"),
        "a link out of the folder was read: {listed}"
    );
    let secret = outside.path().join("secret").display().to_string();
    for path in [
        "/api/games/link:1".to_string(),
        "/api/games/nothing:1".to_string(),
        "/api/games/club-night:99".to_string(),
        "/api/games/..%2F..%2Fetc%2Fpasswd:1".to_string(),
        "/api/games/%2Fetc%2Fpasswd:1".to_string(),
        format!("/api/games/{}:1", secret.replace('/', "%2F")),
        "/api/games/..%2Fclub-night:1".to_string(),
        "/view/..%2F..%2Fsecret:1".to_string(),
        "/api/games/../../etc/passwd".to_string(),
        "/../../etc/passwd".to_string(),
        "/app.js/..%2F..%2FCargo.toml".to_string(),
        "/nothing".to_string(),
    ] {
        let r = s.get(&path);
        assert_eq!(r.status, 404, "{path}: {}", r.text());
        assert!(!r.text().contains("secret\""), "{path}");
    }
}

#[test]
fn saving_is_off_without_writable() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    let r = s.post_json("/api/save", &json!({"file": "new.ayo", "moves": ["c"]}));
    assert_eq!((r.status, r.kind().as_str()), (403, "forbidden"));
    assert!(!dir.path().join("new.ayo").exists());
}

fn writable(dir: &Path) -> Server {
    Server::start(dir, |c| c.writable = true)
}

/// Whether every game of `path` replays without error, and how many there are.
fn validates(path: &Path) -> (bool, usize) {
    let bytes = std::fs::read(path).unwrap();
    let mut n = 0;
    let mut ok = true;
    for raw in GameReader::new(&bytes[..]) {
        n += 1;
        let game = Game::replay(raw.unwrap().parse().unwrap(), &Options::default());
        ok &= game.is_valid();
    }
    (ok, n)
}

#[test]
fn a_saved_game_is_canonical_filled_in_and_validates() {
    let dir = club();
    let s = writable(dir.path());
    let body = json!({
        "file": "club-night.ayo",
        "tags": [["Event", "Agodi \"Ayo\" Club night"], ["South", "A"], ["North", "B"], ["Rules", "ayoayo"]],
        "moves": ["c", "F", "f"]
    });
    let r = s.post_json("/api/save", &body);
    assert_eq!(r.status, 200, "{}", r.text());
    let saved = r.json();
    assert_eq!(saved["id"], "club-night:8");
    let text = saved["text"].as_str().unwrap();
    assert!(text.contains("1. cx7 Fx2 2. fx2"), "{text}");
    assert!(text.contains("[PlyCount \"3\"]"), "{text}");
    assert!(
        text.contains("[Event \"Agodi \\\"Ayo\\\" Club night\"]"),
        "{text}"
    );
    assert_eq!(validates(&dir.path().join("club-night.ayo")), (true, 8));
    // It reads back by its id.
    assert_eq!(
        s.get("/api/games/club-night:8").json()["tags"]["South"],
        "A"
    );
    // A new file.
    let r = s.post_json("/api/save", &json!({"file": "new one.ayo", "moves": ["a"]}));
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(validates(&dir.path().join("new one.ayo")), (true, 1));
}

#[test]
fn a_save_that_would_not_validate_or_names_a_path_is_refused() {
    let dir = club();
    let outside = tempfile::tempdir().unwrap();
    let s = writable(dir.path());
    // An illegal move: 422 with validate's words, nothing written.
    let r = s.post_json("/api/save", &json!({"file": "x.ayo", "moves": ["c", "c"]}));
    assert_eq!(
        (r.status, r.kind().as_str()),
        (422, "invalid"),
        "{}",
        r.text()
    );
    assert!(
        r.json()["error"]["problems"][0]["text"]
            .as_str()
            .unwrap()
            .contains("error")
    );
    assert!(!dir.path().join("x.ayo").exists());
    let target = outside.path().join("out.ayo").display().to_string();
    // (A body is JSON, not a URL: "a%2Fb.ayo" there is a plain name.)
    for file in [
        "../out.ayo",
        target.as_str(),
        "a/b.ayo",
        "a\\b.ayo",
        "..",
        "x.txt",
        ".ayo",
    ] {
        let r = s.post_json("/api/save", &json!({"file": file, "moves": ["c"]}));
        assert_eq!(r.status, 400, "{file}: {}", r.text());
    }
    assert!(!outside.path().join("out.ayo").exists());
    // A link in the folder to a file outside: 409, the file untouched.
    std::fs::write(outside.path().join("t.ayo"), "").unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(outside.path().join("t.ayo"), dir.path().join("t.ayo")).unwrap();
        let r = s.post_json("/api/save", &json!({"file": "t.ayo", "moves": ["c"]}));
        assert_eq!(
            (r.status, r.kind().as_str()),
            (409, "conflict"),
            "{}",
            r.text()
        );
        assert_eq!(std::fs::read(outside.path().join("t.ayo")).unwrap(), b"");
    }
    // A bad tag name or a value over two lines.
    let r = s.post_json(
        "/api/save",
        &json!({"file": "x.ayo", "tags": [["a b", "c"]]}),
    );
    assert_eq!(r.status, 400);
    let r = s.post_json(
        "/api/save",
        &json!({"file": "x.ayo", "tags": [["Event", "a\n[X \"y\"]"]]}),
    );
    assert_eq!(r.status, 400);
}

#[test]
fn saving_needs_the_same_origin() {
    let dir = club();
    let s = writable(dir.path());
    let body = json!({"file": "x.ayo", "moves": ["c"]}).to_string();
    let evil = [
        ("content-type", "application/json"),
        ("origin", "http://evil.example"),
    ];
    let r = s.request("POST", "/api/save", &evil, body.as_bytes());
    assert_eq!(r.status, 403, "{}", r.text());
    let cross = [
        ("content-type", "application/json"),
        ("sec-fetch-site", "cross-site"),
    ];
    assert_eq!(
        s.request("POST", "/api/save", &cross, body.as_bytes())
            .status,
        403
    );
    assert!(!dir.path().join("x.ayo").exists());
    let origin = format!("http://{}", s.addr);
    let same = [
        ("content-type", "application/json"),
        ("origin", origin.as_str()),
        ("sec-fetch-site", "same-origin"),
    ];
    assert_eq!(
        s.request("POST", "/api/save", &same, body.as_bytes())
            .status,
        200
    );
}

#[test]
fn bodies_over_the_cap_are_413() {
    let dir = club();
    let s = writable(dir.path());
    let big = format!(
        "{{\"file\":\"x.ayo\",\"tags\":[[\"Annotator\",\"{}\"]]}}",
        "a".repeat(1 << 20)
    );
    let r = s.request(
        "POST",
        "/api/save",
        &[("content-type", "application/json")],
        big.as_bytes(),
    );
    assert_eq!(
        (r.status, r.kind().as_str()),
        (413, "too_large"),
        "{}",
        r.text()
    );
    let r = s.request(
        "POST",
        "/api/play",
        &[("content-type", "application/json")],
        big.as_bytes(),
    );
    assert_eq!(r.status, 413);
    assert!(!dir.path().join("x.ayo").exists());
}

#[test]
fn twenty_saves_at_once_lose_nothing_and_interleave_nothing() {
    let dir = club();
    let s = writable(dir.path());
    let addr = s.addr;
    let threads: Vec<_> = (0..20)
        .map(|i| {
            std::thread::spawn(move || {
                let body = json!({
                    "file": "busy.ayo",
                    "tags": [["Event", format!("save {i}")], ["Round", i.to_string()]],
                    "moves": ["c", "F", "f", "B"]
                });
                common::request(
                    addr,
                    "POST",
                    "/api/save",
                    &[("content-type", "application/json")],
                    body.to_string().as_bytes(),
                )
            })
        })
        .collect();
    for t in threads {
        let r = t.join().unwrap();
        assert_eq!(r.status, 200, "{}", r.text());
    }
    let path = dir.path().join("busy.ayo");
    assert_eq!(validates(&path), (true, 20));
    let text = std::fs::read_to_string(&path).unwrap();
    for i in 0..20 {
        assert_eq!(
            text.matches(&format!("[Event \"save {i}\"]")).count(),
            1,
            "save {i}"
        );
    }
    // Canonical: one blank line between games, no more.
    assert!(!text.contains("\n\n\n"));
}

#[test]
fn files_changed_on_disk_are_noticed() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    assert_eq!(
        s.get("/api/games").json()["games"]
            .as_array()
            .unwrap()
            .len(),
        8
    );
    std::fs::write(
        dir.path().join("later.ayo"),
        "[Event \"later\"]\n\n1. c *\n",
    )
    .unwrap();
    assert_eq!(s.get("/api/games/later:1").json()["tags"]["Event"], "later");
    std::fs::write(
        dir.path().join("later.ayo"),
        "[Event \"changed\"]\n\n1. c F *\n",
    )
    .unwrap();
    assert_eq!(
        s.get("/api/games/later:1").json()["tags"]["Event"],
        "changed"
    );
    std::fs::remove_file(dir.path().join("opening-lecture.ayo")).unwrap();
    assert_eq!(
        s.get("/api/games").json()["games"]
            .as_array()
            .unwrap()
            .len(),
        8
    );
    assert_eq!(s.get("/api/games/opening-lecture:1").status, 404);
}

/// The `info` events of an analysis stream, as JSON.
fn infos(text: &str) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    let mut event = "";
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

#[test]
fn analysis_streams_each_depth_then_done() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    let setup = "1,1,1,0,0,0/0,1,0,0,0,0 23-21 S";
    let r = s.get(&format!(
        "/api/analyse?setup={}&time_ms=5000",
        setup.replace(' ', "%20")
    ));
    assert_eq!(r.status, 200);
    assert!(
        r.header("content-type")
            .unwrap()
            .starts_with("text/event-stream")
    );
    let infos = infos(&r.text());
    let last = infos.last().unwrap();
    assert_eq!(
        (
            last["best"].as_str(),
            last["value"].as_i64(),
            last["exact"].as_bool()
        ),
        (Some("b"), Some(4), Some(true))
    );
    assert!(
        infos
            .windows(2)
            .all(|w| w[0]["depth"].as_u64() < w[1]["depth"].as_u64())
    );
    assert!(r.text().contains("event: done"));
}

#[test]
fn searches_beyond_the_slots_are_503() {
    let dir = club();
    let s = Server::start(dir.path(), |c| {
        c.searches = 1;
        c.search_time = Duration::from_millis(1500);
    });
    let addr = s.addr;
    let long = std::thread::spawn(move || {
        common::request(addr, "GET", "/api/analyse?time_ms=1500", &[], b"")
    });
    std::thread::sleep(Duration::from_millis(300));
    let r = s.get("/api/analyse?time_ms=100");
    assert_eq!((r.status, r.kind().as_str()), (503, "busy"), "{}", r.text());
    let first = long.join().unwrap();
    assert_eq!(first.status, 200);
    // The cap held: the stream ended on its own, and the slot is free again.
    assert!(first.text().contains("event: done"));
    assert_eq!(s.get("/api/analyse?time_ms=100").status, 200);
}

#[test]
fn the_tables_give_the_exact_value() {
    let dir = club();
    let tables = tempfile::tempdir().unwrap();
    ayo::tables::Builder::new(&ayo::rules::Ruleset::RUSS)
        .build_dir(tables.path(), 3, &|_| {})
        .unwrap();
    let s = Server::start(dir.path(), |c| c.tables = Some(tables.path().to_path_buf()));
    let setup = "0,0,0,0,0,1/0,1,1,0,0,0%2020-25%20S";
    let r = s.get(&format!("/api/tables?setup={setup}"));
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["net_gain"], 3);
    // Outside the tables: 404.
    assert_eq!(s.get("/api/tables").status, 404);
    // The analysis of a position inside them is exact at once.
    let infos = infos(&s.get(&format!("/api/analyse?setup={setup}")).text());
    assert!(infos.last().unwrap()["exact"].as_bool().unwrap());
    // A server without tables: 404 too.
    let bare = Server::start(dir.path(), |_| {});
    assert_eq!(
        bare.get(&format!("/api/tables?setup={setup}")).kind(),
        "not_found"
    );
}

/// Keeps what `Settings::check` could not read.
struct Unread(Vec<String>);

impl ayo::corpus::parallel::Reporter for Unread {
    type Note = ayo::corpus::input::InputError;
    type Error = ayo::corpus::parallel::PoolError;
    fn note(&mut self, note: Self::Note) {
        self.0.push(note.to_string());
    }
}

/// Each game of `path` as the validator sees it: valid, and its errors as
/// `[line, column, message]`.
fn validated(path: &Path) -> Vec<(bool, Vec<serde_json::Value>)> {
    use ayo::corpus::validate::Settings;
    let mut out = Vec::new();
    let mut unread = Unread(Vec::new());
    let names = vec![path.display().to_string()];
    Settings::default()
        .check(names, &mut unread, |_, v| {
            let errors = v
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .map(|d| json!([d.span.line, d.span.column, d.message]))
                .collect();
            out.push((v.is_valid(), errors));
            Ok(())
        })
        .unwrap();
    assert!(unread.0.is_empty(), "{:?}", unread.0);
    out
}

#[test]
fn games_are_listed_with_their_problems_as_validate_words_them() {
    let dir = club();
    let bad = dir.path().join("slips.ayo");
    std::fs::write(
        &bad,
        "[Event \"slips\"]\n\n1. cx7 Fx2 *\n\n1. cx6 *\n\n[Event \"x\"\n\n1. c *\n",
    )
    .unwrap();
    let s = Server::start(dir.path(), |_| {});
    let all = s.get("/api/games").json();
    let games = all["games"].as_array().unwrap();
    assert_eq!(games.len(), 11);
    let listed: Vec<_> = games
        .iter()
        .filter(|g| g["file"] == "slips.ayo")
        .map(|g| {
            let errors = g["errors"].as_array().unwrap();
            let words = errors
                .iter()
                .map(|e| json!([e["line"], e["column"], e["message"]]))
                .collect::<Vec<_>>();
            (g["valid"].as_bool().unwrap(), words)
        })
        .collect();
    let expected = validated(&bad);
    assert_eq!(listed, expected);
    assert_eq!(
        listed.iter().map(|(v, _)| *v).collect::<Vec<_>>(),
        [true, false, false]
    );
    assert!(!listed[1].1.is_empty() && !listed[2].1.is_empty());
    // The club's games are all valid, with no errors listed.
    let club_games = games.iter().filter(|g| g["file"] == "club-night.ayo");
    for g in club_games {
        assert_eq!(g["valid"], true, "{g}");
        assert_eq!(g["errors"], json!([]));
    }
}

/// `ayo standings --format json fixtures/club-night.ayo`, as it prints it.
const CLUB_STANDINGS: &str = r#"{"rank":1,"player":"Wale Ogundipe","game_count":3,"win_count":2,"draw_count":0,"loss_count":1,"points":2.0,"seeds_for":61,"seeds_against":70,"tiebreak":null,"tiebreaks":{"head_to_head":null,"sonneborn_berger":2.0,"win_count":2,"seed_difference":-9}}
{"rank":2,"player":"Lanre Adigun","game_count":3,"win_count":1,"draw_count":0,"loss_count":2,"points":1.0,"seeds_for":33,"seeds_against":64,"tiebreak":"sonneborn_berger","tiebreaks":{"head_to_head":null,"sonneborn_berger":2.0,"win_count":1,"seed_difference":-31}}
{"rank":3,"player":"Dayo Ogunleye","game_count":2,"win_count":1,"draw_count":0,"loss_count":1,"points":1.0,"seeds_for":57,"seeds_against":34,"tiebreak":"seed_difference","tiebreaks":{"head_to_head":null,"sonneborn_berger":1.0,"win_count":1,"seed_difference":23}}
{"rank":4,"player":"Sade Akintola","game_count":2,"win_count":1,"draw_count":0,"loss_count":1,"points":1.0,"seeds_for":42,"seeds_against":25,"tiebreak":"seed_difference","tiebreaks":{"head_to_head":null,"sonneborn_berger":1.0,"win_count":1,"seed_difference":17}}
"#;

#[test]
fn the_standings_of_an_event_are_those_ayo_standings_gives() {
    let dir = club();
    let s = Server::start(dir.path(), |_| {});
    let got = s.get("/api/standings?event=agodi");
    assert_eq!(got.status, 200);
    let got = got.json();
    let expected: Vec<serde_json::Value> = CLUB_STANDINGS
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got["standings"], json!(expected));
    assert_eq!(
        got["notes"],
        json!([
            "note: not counted: club-night.ayo game 2: Sade Akintola v Dayo Ogunleye: unfinished (`*`)",
            "note: not counted: club-night.ayo game 7: Sade Akintola v Lanre Adigun: unfinished (`*`)",
        ])
    );
    // The archive page has the table the filter fills in.
    let page = s.get("/").text();
    assert!(page.contains("<table id=\"standings\">"), "{page}");
    // An event no game has: an empty table.
    let none = s.get("/api/standings?event=no%20such%20event").json();
    assert_eq!(none["standings"], json!([]));
    assert_eq!(none["notes"], json!([]));
    // A copy of a counted game is left out, as the command line does.
    let text = std::fs::read_to_string(dir.path().join("club-night.ayo")).unwrap();
    std::fs::write(dir.path().join("copy.ayo"), text).unwrap();
    let again = s.get("/api/standings?event=agodi").json();
    assert_eq!(again["standings"], json!(expected));
    let notes = again["notes"].as_array().unwrap();
    assert!(
        notes
            .first()
            .unwrap()
            .as_str()
            .unwrap()
            .starts_with("warning: 5 games are copies"),
        "{notes:?}"
    );
    // Only a counted game has copies: the two unfinished games of the copy
    // are listed as unfinished, as their originals are.
    assert!(
        notes.iter().any(|n| n
            == "note: not counted: copy.ayo game 2: Sade Akintola v Dayo Ogunleye: unfinished (`*`)"),
        "{notes:?}"
    );
}

#[test]
fn a_game_downloads_in_canonical_form_as_ayo_fmt_writes_it() {
    let dir = club();
    std::fs::write(
        dir.path().join("odd name.ayo"),
        "[South \"Ade\"]\n[Event \"x\"]\n[North \"Bola\"]\n\n1.c   F\n2. b *\n\n1. cx7 Fx2 *\n",
    )
    .unwrap();
    let s = Server::start(dir.path(), |_| {});
    // `ayo fmt` of that file, game by game.
    let got = s.get("/api/games/odd%20name:1/ayo");
    assert_eq!(got.status, 200);
    assert_eq!(
        got.text(),
        "[Event \"x\"]\n[South \"Ade\"]\n[North \"Bola\"]\n\n1. c F 2. b *\n"
    );
    assert_eq!(
        got.header("content-disposition"),
        Some("attachment; filename=\"odd_name-1.ayo\"")
    );
    assert!(
        got.header("content-type")
            .unwrap()
            .starts_with("text/plain")
    );
    assert_eq!(
        s.get("/api/games/odd%20name:2/ayo").text(),
        "1. cx7 Fx2 *\n"
    );
    // The archive offers it on each game's row.
    assert!(s.get("/app.js").text().contains("\"/ayo\""));
    assert_eq!(s.get("/api/games/odd%20name:3/ayo").status, 404);
    assert_eq!(s.get("/api/games/..%2Fx:1/ayo").status, 404);
}
