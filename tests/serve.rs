//! `ayo serve` in a real headless Chromium: the real binary on a free
//! loopback port, its page driven by real mouse clicks and key presses over
//! the DevTools protocol ([`Devtools`]), the DOM read in real time; a few
//! pictures and deep links are taken with the page's test hook (`steps=`),
//! the DOM dumped once the browser's virtual time has run out. The saved file is checked by
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
    let mut page = Devtools::open(&browser, (1280, 900));
    page.goto(&format!("{}#board&rules={rules}", s.url));
    page.settled(0);
    // Without the sowing drawn seed by seed: the game is long.
    page.click("#still");
    // Each move a real click on its pit, once the last one is on the board.
    for (k, letter) in letters.iter().enumerate() {
        page.click(&format!("#board-box g.pit[data-pit=\"{letter}\"]"));
        page.settled(k + 1);
    }
    let dom = page.dom();
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
    let mut page = Devtools::board(&browser, &s.url);
    page.click("#board-box g.pit[data-pit=\"c\"]");
    page.settled(1);
    // South's pit again, on North's turn.
    page.click("#board-box g.pit[data-pit=\"c\"]");
    page.wait("document.getElementById('refused').textContent !== ''");
    let dom = page.dom();
    assert_eq!(moves_shown(&dom), ["cx7"]);
    assert_eq!(text_of(&dom, "refused"), "Refused: c: not North's pit");
    assert!(text_of(&dom, "caption").starts_with("South played cx7"));
}

#[test]
fn a_variation_branches_off_and_typed_letters_play() {
    let Some(browser) = browser() else { return };
    let dir = folder_with(&[]);
    let s = Served::start(dir.path(), &[]);
    let mut page = Devtools::board(&browser, &s.url);
    // c by a click, F by its key, back by the left arrow, then A instead of
    // F by a click: a variation. Real input events, each sown in turn.
    page.click("#board-box g.pit[data-pit=\"c\"]");
    page.settled(1);
    page.press("F");
    page.settled(2);
    page.press("ArrowLeft");
    page.settled(1);
    page.click("#board-box g.pit[data-pit=\"A\"]");
    page.settled(2);
    let dom = page.dom();
    assert_eq!(moves_shown(&dom), ["cx7", "Fx2", "A"]);
    assert!(dom.contains("class=\"var\""), "{dom}");
    assert!(
        Regex::new(r#"aria-current="step">A<"#)
            .unwrap()
            .is_match(&dom),
        "the variation's move is the current one"
    );
    // Home goes to the start, End to the end of the line shown.
    page.press("Home");
    page.settled(0);
    page.press("End");
    page.settled(2);
    // A letter of the wrong side is refused with the rules' reason.
    page.press("C");
    page.wait("document.getElementById('refused').textContent !== ''");
    assert_eq!(
        text_of(&page.dom(), "refused"),
        "Refused: C: not South's pit"
    );
    assert_eq!(moves_shown(&page.dom()), ["cx7", "Fx2", "A"]);
}

#[test]
fn a_recorded_game_is_saved_and_validates() {
    let Some(browser) = browser() else { return };
    let dir = folder_with(&[]);
    let s = Served::start(dir.path(), &["--writable"]);
    let mut page = Devtools::board(&browser, &s.url);
    for (k, letter) in ["c", "F", "f", "B"].into_iter().enumerate() {
        page.click(&format!("#board-box g.pit[data-pit=\"{letter}\"]"));
        page.settled(k + 1);
    }
    page.click("#save");
    page.wait("document.getElementById('saved').textContent !== ''");
    let dom = page.dom();
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

/// The attribute `name` of the element of id `id`.
fn attribute_of(dom: &str, id: &str, name: &str) -> Option<String> {
    let tag = Regex::new(&format!(r#"<\w+ [^>]*id="{id}"[^>]*>"#))
        .unwrap()
        .find(dom)?
        .as_str()
        .to_string();
    Regex::new(&format!(r#"\b{name}="([^"]*)""#))
        .unwrap()
        .captures(&tag)
        .map(|c| c[1].to_string())
}

#[test]
fn a_move_played_is_sown_lap_by_lap_then_drawn_as_the_server_draws_it() {
    let Some(browser) = browser() else { return };
    let dir = folder_with(&[]);
    let s = Served::start(dir.path(), &[]);
    // c from the start: 5 laps, 26 seeds sown, one capture: 32 frames.
    let dom = dump(
        &browser,
        &format!("{}#board&animate&steps=c", s.url),
        (1280, 900),
    );
    assert!(dom.contains("data-steps=\"done\""), "{dom}");
    assert_eq!(
        attribute_of(&dom, "board-box", "data-frames").as_deref(),
        Some("32")
    );
    assert_eq!(attribute_of(&dom, "board-box", "data-sowing"), None);
    assert!(text_of(&dom, "caption").starts_with("South played cx7"));
    // The board it ends on is the server's drawing of the position after c,
    // its laps marked.
    let svg = &dom[dom.find("<svg").unwrap()..dom.find("</svg>").unwrap()];
    let drawn = read_svg(svg);
    let games = json_games("fixtures/club-night.ayo");
    let after_c = &positions(&games[0])[1];
    assert_eq!(
        (&drawn.south, &drawn.north, drawn.stores),
        (&after_c.south, &after_c.north, after_c.stores)
    );
    assert_eq!(svg.matches("class=\"tag\"").count(), 5, "{svg}");
    // Without &animate (or with No animation), nothing is sown.
    let dom = dump(&browser, &format!("{}#board&steps=c", s.url), (1280, 900));
    assert_eq!(attribute_of(&dom, "board-box", "data-frames"), None);
}

/// The last `info` event's principal variation of `/api/analyse?setup=`.
fn principal_variation(url: &str, setup: &str) -> Vec<String> {
    use std::io::{Read, Write};
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    let path = format!("/api/analyse?setup={}", setup.replace(' ', "%20"));
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let last = text
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .rfind(|d| d.contains("\"pv\""))
        .unwrap()
        .to_string();
    let info: serde_json::Value = serde_json::from_str(&last).unwrap();
    info["pv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_engine_s_line_marks_its_best_move_and_plays_through_when_clicked() {
    let Some(browser) = browser() else { return };
    let dir = folder_with(&[]);
    let s = Served::start(dir.path(), &[]);
    // Solved in well under a second, its line five moves long.
    let setup = "0,1,0,2,0,1/1,0,2,0,1,0 20-20 S";
    let pv = principal_variation(&s.url, setup);
    assert!(pv.len() >= 3, "{pv:?}");
    let mut page = Devtools::open(&browser, (1280, 900));
    page.goto(&format!(
        "{}#board&setup={}",
        s.url,
        setup.replace(' ', "%20")
    ));
    page.settled(0);
    page.click("#analyse");
    page.wait("document.getElementById('engine-note').textContent === 'Done.'");
    // Each depth's line is a row of links, the best move marked on the board.
    let dom = page.dom();
    let line = Regex::new(r#"<td class="pv">(.*?)</td>"#)
        .unwrap()
        .captures(&dom)
        .unwrap_or_else(|| panic!("no line: {dom}"))[1]
        .to_string();
    let links: Vec<String> = Regex::new(r#"<a href="\#"[^>]*>([^<]*)</a>"#)
        .unwrap()
        .captures_iter(&line)
        .map(|c| c[1].to_string())
        .collect();
    assert_eq!(links, pv, "{line}");
    let best = Regex::new(&format!(r#"<g class="pit best" data-pit="{}""#, pv[0])).unwrap();
    assert!(best.is_match(&dom), "the best move is not marked: {dom}");
    // Its third move clicked: the line's first three moves are played.
    page.click("#depths tbody tr:first-child td.pv a:nth-of-type(3)");
    page.settled(3);
    let played: Vec<String> = moves_shown(&page.dom())
        .iter()
        .map(|m| m.split('x').next().unwrap().to_string())
        .collect();
    assert_eq!(played, pv[..3]);
}

/// Headless Chromium driven over the DevTools protocol (a WebSocket of
/// plain sockets): pages opened, real mouse clicks and key presses sent as
/// input events (`Input.dispatchMouseEvent`, `Input.dispatchKeyEvent`), the
/// DOM read in real time rather than the browser's virtual time.
struct Devtools {
    child: Child,
    socket: std::net::TcpStream,
    next: u64,
    _profile: tempfile::TempDir,
}

impl Devtools {
    fn open(browser: &Path, size: (u32, u32)) -> Devtools {
        use std::io::{Read, Write};
        let profile = tempfile::tempdir().unwrap();
        let mut child = Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
            ])
            .args(["--disable-extensions", "--remote-debugging-port=0"])
            .arg(format!("--window-size={},{}", size.0, size.1))
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/…"
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        let port = loop {
            line.clear();
            assert!(stderr.read_line(&mut line).unwrap() > 0, "no DevTools port");
            if let Some(rest) = line.split("ws://127.0.0.1:").nth(1) {
                break rest.split('/').next().unwrap().to_string();
            }
        };
        std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
        let addr = format!("127.0.0.1:{port}");
        // The page's own socket, from the list of targets.
        // (The DevTools server keeps the connection open: the body is read
        // by its length.)
        let mut http = BufReader::new(std::net::TcpStream::connect(&addr).unwrap());
        http.get_ref()
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        write!(
            http.get_mut(),
            "GET /json/list HTTP/1.1\r\nHost: {addr}\r\n\r\n"
        )
        .unwrap();
        let mut len = 0;
        loop {
            line.clear();
            http.read_line(&mut line).unwrap();
            if line == "\r\n" || line.is_empty() {
                break;
            }
            if let Some((k, v)) = line.split_once(':')
                && k.eq_ignore_ascii_case("content-length")
            {
                len = v.trim().parse().unwrap();
            }
        }
        let mut body = vec![0; len];
        http.read_exact(&mut body).unwrap();
        let targets: serde_json::Value = serde_json::from_slice(&body).unwrap();
        let page = targets
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["type"] == "page")
            .unwrap();
        let ws = page["webSocketDebuggerUrl"].as_str().unwrap();
        let path = &ws[ws.find(&port).unwrap() + port.len()..];
        let mut socket = std::net::TcpStream::connect(&addr).unwrap();
        socket
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        write!(
            socket,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .unwrap();
        let mut head = Vec::new();
        while !head.ends_with(b"\r\n\r\n") {
            let mut b = [0];
            socket.read_exact(&mut b).unwrap();
            head.push(b[0]);
        }
        assert!(
            head.starts_with(b"HTTP/1.1 101"),
            "{}",
            String::from_utf8_lossy(&head)
        );
        Devtools {
            child,
            socket,
            next: 0,
            _profile: profile,
        }
    }

    /// Sends one text frame (masked, as a client must; the mask is zero).
    fn send(&mut self, text: &str) {
        use std::io::Write;
        let bytes = text.as_bytes();
        let mut frame = vec![0x81u8];
        match bytes.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n if n < 65536 => {
                frame.push(0x80 | 126);
                frame.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        frame.extend_from_slice(&[0, 0, 0, 0]);
        frame.extend_from_slice(bytes);
        self.socket.write_all(&frame).unwrap();
    }

    /// One whole message (its fragments joined).
    fn receive(&mut self) -> String {
        use std::io::Read;
        let mut message = Vec::new();
        loop {
            let mut head = [0u8; 2];
            self.socket.read_exact(&mut head).unwrap();
            let mut len = u64::from(head[1] & 0x7f);
            if len == 126 {
                let mut b = [0u8; 2];
                self.socket.read_exact(&mut b).unwrap();
                len = u64::from(u16::from_be_bytes(b));
            } else if len == 127 {
                let mut b = [0u8; 8];
                self.socket.read_exact(&mut b).unwrap();
                len = u64::from_be_bytes(b);
            }
            let mut payload = vec![0; len as usize];
            self.socket.read_exact(&mut payload).unwrap();
            message.extend_from_slice(&payload);
            if head[0] & 0x80 != 0 {
                return String::from_utf8(message).unwrap();
            }
        }
    }

    /// Calls a DevTools method; its result.
    fn call(&mut self, method: &str, params: serde_json::Value) -> serde_json::Value {
        self.next += 1;
        let id = self.next;
        self.send(&serde_json::json!({"id": id, "method": method, "params": params}).to_string());
        loop {
            let reply: serde_json::Value = serde_json::from_str(&self.receive()).unwrap();
            if reply["id"] == id {
                assert!(reply["error"].is_null(), "{method}: {reply}");
                return reply["result"].clone();
            }
        }
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, expression: &str) -> serde_json::Value {
        let r = self.call(
            "Runtime.evaluate",
            serde_json::json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        r["result"]["value"].clone()
    }

    /// Waits (in real time, up to 30 s) until `expression` is true.
    fn wait(&mut self, expression: &str) {
        let start = Instant::now();
        while self.eval(expression) != serde_json::Value::Bool(true) {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "waited for {expression}"
            );
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    fn goto(&mut self, url: &str) {
        self.call("Page.navigate", serde_json::json!({ "url": url }));
        self.wait("document.readyState === 'complete'");
    }

    /// A page on the analysis board of the server at `url`, from the start,
    /// ready for input.
    fn board(browser: &Path, url: &str) -> Devtools {
        let mut page = Devtools::open(browser, (1280, 900));
        page.goto(&format!("{url}#board"));
        page.settled(0);
        page
    }

    /// A real click in the middle of the element `selector` finds.
    fn click(&mut self, selector: &str) {
        let js = format!(
            "(function () {{ var e = document.querySelector({s}); if (!e) return null; \
             e.scrollIntoView({{block: 'center'}}); var r = e.getBoundingClientRect(); \
             return [r.left + r.width / 2, r.top + r.height / 2]; }})()",
            s = serde_json::to_string(selector).unwrap()
        );
        let at = self.eval(&js);
        let (x, y) = (
            at[0].as_f64().unwrap_or_else(|| panic!("no {selector}")),
            at[1].as_f64().unwrap(),
        );
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                serde_json::json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// A real key press: a letter (typed), or a named key (`ArrowLeft`).
    fn press(&mut self, key: &str) {
        let (code, vk, text) = match key {
            "ArrowLeft" => ("ArrowLeft".to_string(), 37, None),
            "ArrowRight" => ("ArrowRight".to_string(), 39, None),
            "Home" => ("Home".to_string(), 36, None),
            "End" => ("End".to_string(), 35, None),
            k => {
                let c = k.chars().next().unwrap();
                (
                    format!("Key{}", c.to_ascii_uppercase()),
                    c.to_ascii_uppercase() as u32,
                    Some(k),
                )
            }
        };
        let down = if text.is_some() {
            "keyDown"
        } else {
            "rawKeyDown"
        };
        let mut event = serde_json::json!({
            "type": down, "key": key, "code": code, "windowsVirtualKeyCode": vk,
        });
        if let Some(t) = text {
            event["text"] = t.into();
            if t.chars().all(|c| c.is_ascii_uppercase()) {
                event["modifiers"] = 8.into(); // Shift
            }
        }
        self.call("Input.dispatchKeyEvent", event.clone());
        event["type"] = "keyUp".into();
        self.call("Input.dispatchKeyEvent", event);
    }

    /// The page's DOM, as `--dump-dom` gives it, without its scripts.
    fn dom(&mut self) -> String {
        let html = self.eval("document.documentElement.outerHTML");
        Regex::new(r"(?s)<script\b.*?</script>")
            .unwrap()
            .replace_all(html.as_str().unwrap(), "")
            .into_owned()
    }

    /// Waits until the board shows the position after `plies` plies, no
    /// move is being asked for and none is being sown.
    fn settled(&mut self, plies: usize) {
        self.wait(&format!(
            "(function () {{ var s = document.querySelector('#board-box svg'); \
             return !!s && s.getAttribute('data-ply') === '{plies}' && \
             !document.getElementById('board-box').hasAttribute('data-sowing'); }})()"
        ));
    }
}

impl Drop for Devtools {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
