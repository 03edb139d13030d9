//! `ayo serve` in a real headless Chromium: the real binary on a free
//! loopback port, its page driven by clicks and keys through the page's test
//! hook (`steps=`), the DOM dumped once the browser's virtual time has run
//! out (it waits for the requests in flight). The saved file is checked by
//! `ayo validate`, and deep links against `ayo json`.

use crate::browser::browser;
use crate::common;
use crate::pictures;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::ayo;
use pictures::{json_games, positions, read_svg};
use regex::Regex;

/// `ayo serve DIR` running until dropped.
struct Served {
    child: Child,
    url: String,
}

impl Served {
    fn start(dir: &Path, flags: &[&str]) -> Served {
        // A free port: bound, read, and let go just before the server binds it.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut child = Command::new(env!("CARGO_BIN_EXE_ayo"))
            .arg("serve")
            .arg(dir)
            .args(["--addr", &format!("127.0.0.1:{port}")])
            .args(flags)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // It says where it listens once it does.
        let mut line = String::new();
        BufReader::new(child.stderr.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert!(line.contains("on http://127.0.0.1:"), "{line}");
        Served {
            child,
            url: format!("http://127.0.0.1:{port}/"),
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The DOM of `url` once its script and the requests it made are done
/// (`--virtual-time-budget`), without its script elements.
fn dump(browser: &Path, url: &str, size: (u32, u32)) -> String {
    let profile = tempfile::tempdir().unwrap();
    let start = Instant::now();
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-extensions",
            "--virtual-time-budget=20000",
        ])
        .arg(format!("--window-size={},{}", size.0, size.1))
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("--dump-dom")
        .arg(url)
        .stderr(Stdio::null())
        .output()
        .unwrap();
    assert!(start.elapsed() < Duration::from_secs(90), "{url}: too slow");
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(dom.contains("</html>"), "{url}: no DOM dumped: {dom}");
    Regex::new(r"(?s)<script\b.*?</script>")
        .unwrap()
        .replace_all(&dom, "")
        .into_owned()
}

/// The text of the element of id `id` (tags removed).
fn text_of(dom: &str, id: &str) -> String {
    let re = Regex::new(&format!(r#"(?s)<(\w+) id="{id}"[^>]*>(.*?)</(\w+)>"#)).unwrap();
    let inner = re.captures(dom).unwrap_or_else(|| panic!("no #{id}"))[2].to_string();
    Regex::new("<[^>]*>")
        .unwrap()
        .replace_all(&inner, "")
        .into_owned()
}

/// The moves shown, in order (main line and variations as written).
fn moves_shown(dom: &str) -> Vec<String> {
    let start = dom.find("id=\"moves\"").unwrap();
    let end = start + dom[start..].find("</div>").unwrap();
    Regex::new(r#"<a href="\#"[^>]*>([^<]*)</a>"#)
        .unwrap()
        .captures_iter(&dom[start..end])
        .map(|c| c[1].to_string())
        .collect()
}

fn folder_with(names: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in names {
        std::fs::copy(Path::new("fixtures").join(name), dir.path().join(name)).unwrap();
    }
    dir
}

/// The main line of game `game` (from 1) of `file`, as pit letters.
fn main_line(file: &str, game: usize) -> (String, Vec<String>) {
    let g = &json_games(file)[game - 1];
    let letters = g["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["pit"].as_str().unwrap().to_string())
        .collect();
    (g["rules"].as_str().unwrap().to_string(), letters)
}

#[test]
fn a_whole_game_is_played_by_clicks() {
    let Some(browser) = browser() else { return };
    let dir = folder_with(&[]);
    let s = Served::start(dir.path(), &[]);
    let (rules, letters) = main_line("fixtures/club-night.ayo", 1);
    let url = format!("{}#board&rules={rules}&steps={}", s.url, letters.join(","));
    let dom = dump(&browser, &url, (1280, 900));
    assert!(dom.contains("data-steps=\"done\""), "{dom}");
    let want: Vec<String> = json_games("fixtures/club-night.ayo")[0]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            m["notation"]
                .as_str()
                .unwrap_or_else(|| m["pit"].as_str().unwrap())
                .to_string()
        })
        .collect();
    let shown = moves_shown(&dom);
    assert_eq!(shown.len(), letters.len(), "{shown:?}");
    let caption = text_of(&dom, "caption");
    assert!(caption.contains("Game over: 1-0"), "{caption}");
    // The board drawn is the last position `ayo json` gives.
    let last = positions(&json_games("fixtures/club-night.ayo")[0])
        .pop()
        .unwrap();
    let svg_start = dom.find("<svg").unwrap();
    let drawn = read_svg(&dom[svg_start..dom.find("</svg>").unwrap()]);
    assert_eq!(
        (drawn.south, drawn.north, drawn.stores),
        (last.south, last.north, last.stores)
    );
    assert_eq!(want.len(), shown.len());
}

#[test]
fn an_illegal_move_is_refused_with_its_reason_and_changes_nothing() {
    let Some(browser) = browser() else { return };
    let dir = folder_with(&[]);
    let s = Served::start(dir.path(), &[]);
    let dom = dump(&browser, &format!("{}#board&steps=c,c", s.url), (1280, 900));
    assert_eq!(moves_shown(&dom), ["cx7"]);
    assert_eq!(text_of(&dom, "refused"), "Refused: c: not North's pit");
    assert!(text_of(&dom, "caption").starts_with("South played cx7"));
}

#[test]
fn a_variation_branches_off_and_typed_letters_play() {
    let Some(browser) = browser() else { return };
    let dir = folder_with(&[]);
    let s = Served::start(dir.path(), &[]);
    // c, F by key, back, then A instead of F: a variation.
    let url = format!("{}#board&steps=c,k:F,k:ArrowLeft,A", s.url);
    let dom = dump(&browser, &url, (1280, 900));
    assert_eq!(moves_shown(&dom), ["cx7", "Fx2", "A"]);
    assert!(dom.contains("class=\"var\""), "{dom}");
    assert!(
        Regex::new(r#"aria-current="step">A<"#)
            .unwrap()
            .is_match(&dom),
        "the variation's move is the current one"
    );
}

#[test]
fn a_recorded_game_is_saved_and_validates() {
    let Some(browser) = browser() else { return };
    let dir = folder_with(&[]);
    let s = Served::start(dir.path(), &["--writable"]);
    let dom = dump(
        &browser,
        &format!("{}#board&steps=c,F,f,B,save", s.url),
        (1280, 900),
    );
    let saved = text_of(&dom, "saved");
    assert_eq!(saved, "Saved as games:1 in games.ayo.", "{dom}");
    let file = dir.path().join("games.ayo");
    let out = ayo().arg("validate").arg(&file).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("1. cx7 Fx2 2. fx2 B"), "{text}");
    // The same record, formatted again, is unchanged: canonical.
    let fmt = ayo().args(["fmt", "--check"]).arg(&file).output().unwrap();
    assert!(
        fmt.status.success(),
        "{}",
        String::from_utf8_lossy(&fmt.stderr)
    );
}

#[test]
fn a_deep_link_opens_the_position_ayo_json_gives() {
    let Some(browser) = browser() else { return };
    let dir = folder_with(&["club-night.ayo"]);
    let s = Served::start(dir.path(), &[]);
    let games = json_games("fixtures/club-night.ayo");
    for (game, ply) in [(1, 5), (3, 0), (2, 9)] {
        let url = format!("{}#game=club-night:{game}&ply={ply}", s.url);
        let dom = dump(&browser, &url, (1280, 900));
        let svg_start = dom.find("<svg").unwrap();
        let drawn = read_svg(&dom[svg_start..dom.find("</svg>").unwrap()]);
        let want = &positions(&games[game - 1])[ply];
        assert_eq!(
            (&drawn.south, &drawn.north, drawn.stores, drawn.ply),
            (&want.south, &want.north, want.stores, want.ply),
            "{url}"
        );
    }
}

#[test]
fn the_archive_lists_games_and_record_text_stays_text() {
    let Some(browser) = browser() else { return };
    let dir = folder_with(&["club-night.ayo"]);
    std::fs::write(
        dir.path().join("hostile.ayo"),
        "[Event \"<img src=x onerror=alert(1)>\"]\n[South \"<script>alert(2)</script>\"]\n[North \"&amp; <b>bold</b>\"]\n\n1. c *\n",
    )
    .unwrap();
    let s = Served::start(dir.path(), &[]);
    let dom = dump(&browser, &format!("{}#archive", s.url), (1280, 900));
    assert_eq!(text_of(&dom, "count"), "8 games");
    assert!(dom.contains("&lt;img src=x onerror=alert(1)&gt;"), "{dom}");
    assert!(
        !dom.contains("<img"),
        "markup from a record reached the page"
    );
    assert!(
        !dom.contains("<b>bold"),
        "markup from a record reached the page"
    );
    // The analysis board of that game shows the tags as text too.
    let dom = dump(
        &browser,
        &format!("{}#game=hostile:1&ply=1", s.url),
        (1280, 900),
    );
    assert!(
        text_of(&dom, "title").contains("&lt;script&gt;alert(2)&lt;/script&gt;"),
        "{dom}"
    );
    assert!(!dom.contains("<img") && !dom.contains("<b>bold"));
}

/// Screenshots for docs/SERVE.md: `AYO_SCREENSHOTS=docs/images cargo test
/// --release -p ayo-cli --test tests serve::screenshots -- --ignored`.
#[test]
#[ignore = "writes the documentation's screenshots"]
fn screenshots() {
    let Some(browser) = browser() else { return };
    let out = PathBuf::from(std::env::var("AYO_SCREENSHOTS").unwrap_or("docs/images".into()));
    let dir = folder_with(&["club-night.ayo", "opening-lecture.ayo"]);
    let s = Served::start(dir.path(), &[]);
    for (name, fragment, size) in [
        ("serve-board.png", "#game=club-night:1&ply=5", (1280, 820)),
        ("serve-archive.png", "#archive", (1280, 560)),
        (
            "serve-board-phone.png",
            "#game=club-night:1&ply=5",
            (390, 1400),
        ),
        ("serve-archive-phone.png", "#archive", (390, 844)),
    ] {
        let profile = tempfile::tempdir().unwrap();
        let status = Command::new(&browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
            ])
            .arg("--virtual-time-budget=10000")
            .arg(format!("--window-size={},{}", size.0, size.1))
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg(format!("--screenshot={}", out.join(name).display()))
            .arg(format!("{}{fragment}", s.url))
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
    }
}

#[test]
fn the_archive_shows_a_game_s_first_problem_as_validate_words_it() {
    let Some(browser) = browser() else { return };
    let dir = folder_with(&["club-night.ayo"]);
    std::fs::write(dir.path().join("bad.ayo"), "1. cx6 *\n").unwrap();
    let s = Served::start(dir.path(), &[]);
    let dom = dump(&browser, &format!("{}#archive", s.url), (1280, 900));
    assert_eq!(text_of(&dom, "count"), "8 games");
    // `ayo validate --format json bad.ayo`: line 1, column 4, this message.
    assert!(
        dom.contains(
            "<td>line 1, column 4: ply 1, South's c: claims 6 seeds, but the move captures 7 from B</td>"
        ),
        "{dom}"
    );
}

/// A save sent to `addr`: the status and body of the answer, and when it
/// came; `None` when no answer came (the connection was refused or closed).
fn post_save(addr: &str, body: &str) -> Option<(u16, String, Instant)> {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(60))).ok()?;
    let head = format!(
        "POST /api/save HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(head.as_bytes()).ok()?;
    let mut raw = String::new();
    s.read_to_string(&mut raw).ok()?;
    let at = Instant::now();
    let status = raw.split(' ').nth(1)?.parse().ok()?;
    let body = raw.split_once("\r\n\r\n")?.1.to_string();
    Some((status, body, at))
}

/// Ctrl-C or SIGTERM while saves are under way: the server stops only once
/// they are done. Eight saves into a file of 10,500 games are queued on the
/// save lock; the signal is sent as soon as the first is answered, the
/// others still in flight. Every save answered is then in the file, whole,
/// once; the server exits with 0; and the file validates with every game it
/// had before.
#[cfg(unix)]
#[test]
fn a_save_under_way_completes_when_the_server_is_stopped() {
    for signal in ["-TERM", "-INT"] {
        stopped_while_saving(signal);
    }
}

/// See [`a_save_under_way_completes_when_the_server_is_stopped`]: `kill
/// SIGNAL` sent to the server while it saves.
#[cfg(unix)]
fn stopped_while_saving(signal: &str) {
    let dir = tempfile::tempdir().unwrap();
    let club = std::fs::read_to_string("fixtures/club-night.ayo").unwrap();
    let big = dir.path().join("big.ayo");
    std::fs::write(&big, vec![club.trim_end(); 1500].join("\n\n") + "\n").unwrap();
    let mut s = Served::start(dir.path(), &["--writable"]);
    let addr = s
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let (tx, rx) = std::sync::mpsc::channel();
    let savers: Vec<_> = (0..8)
        .map(|k| {
            let (addr, tx) = (addr.clone(), tx.clone());
            std::thread::spawn(move || {
                let body = format!(
                    r#"{{"file": "big.ayo", "tags": [["Event", "Stop test"], ["South", "Saver {k}"], ["North", "B"]], "moves": ["c", "F", "f", "B"]}}"#
                );
                let answer = post_save(&addr, &body);
                let _ = tx.send(());
                answer
            })
        })
        .collect();
    rx.recv_timeout(Duration::from_secs(60))
        .expect("a first save answered");
    let signalled = Instant::now();
    let kill = Command::new("kill")
        .args([signal, &s.child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let answers: Vec<_> = savers.into_iter().map(|t| t.join().unwrap()).collect();
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = s.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the server did not stop");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{signal}: {status:?}");
    let text = std::fs::read_to_string(&big).unwrap();
    let mut after_signal = 0;
    for (k, answer) in answers.iter().enumerate() {
        let name = format!("[South \"Saver {k}\"]");
        let copies = text.matches(&name).count();
        match answer {
            Some((200, body, at)) => {
                assert_eq!(copies, 1, "saver {k}: {body}");
                after_signal += usize::from(*at > signalled);
            }
            // Not answered: in the file whole (validate says so below), or
            // not at all.
            other => assert!(copies <= 1, "saver {k}: {other:?}"),
        }
    }
    assert!(
        after_signal > 0,
        "{signal}: no save was under way when it came"
    );
    let out = ayo()
        .args(["validate", "--format", "json"])
        .arg(&big)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let games = text.matches("[Event ").count();
    let saved = text.matches("[Event \"Stop test\"]").count();
    assert_eq!(games, 1500 * 7 + saved);
    assert!(saved >= after_signal);
}
