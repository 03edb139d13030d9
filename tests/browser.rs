//! `ayo html` in a real browser: headless Chromium opens the pages of the
//! bundled fixtures at deep links (`#game=G&ply=K`) and after key presses
//! (the page's `keys=` hook), and the DOM it dumps once the script has run
//! must show, pit by pit and store by store, what `ayo json` says.
//!
//! Chromium is found as `$AYO_CHROMIUM`, else `chromium`, `chromium-browser`
//! or `google-chrome` on the PATH. Without it these tests print a notice and
//! pass, except under CI (`CI` set, as .ci/run does), where they fail.

use crate::common;
use crate::pictures;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{ayo, run};
use pictures::{Drawn, json_games, positions, read_svg};
use regex::Regex;
use serde_json::Value;

/// The browser, or `None` (with a notice) where the tests may skip.
pub(crate) fn browser() -> Option<PathBuf> {
    let found = std::env::var_os("AYO_CHROMIUM")
        .map(PathBuf::from)
        .or_else(|| {
            let path = std::env::var_os("PATH")?;
            std::env::split_paths(&path).find_map(|dir| {
                ["chromium", "chromium-browser", "google-chrome"]
                    .iter()
                    .map(|name| dir.join(name))
                    .find(|p| p.is_file())
            })
        });
    match found {
        Some(p) => Some(p),
        None if std::env::var_os("CI").is_some() => {
            panic!(
                "CI is set and no Chromium was found: .ci/run installs it (apt-get install chromium)"
            )
        }
        None => {
            eprintln!(
                "notice: browser tests skipped: no chromium on the PATH (install it, or set AYO_CHROMIUM)"
            );
            None
        }
    }
}

/// Writes the page `ayo html ARGS` makes into `dir`, and returns its path.
fn make_page(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let path = dir.join(name);
    let out = ayo()
        .arg("html")
        .args(args)
        .arg("--out")
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

/// The DOM of `page` opened at `#fragment`, once its script has run, without
/// the script elements (the games' JSON holds the board's drawing as text).
fn dump(browser: &Path, page: &Path, fragment: &str) -> String {
    let profile = tempfile::tempdir().unwrap();
    let url = format!("file://{}#{fragment}", page.display());
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-extensions",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("--dump-dom")
        .arg(&url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Read while it runs: a DOM larger than the pipe would stall it.
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut text).map(|_| text)
    });
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{url}: the browser took over a minute");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let dom = reader.join().unwrap().unwrap();
    assert!(dom.contains("</html>"), "{url}: no DOM dumped: {dom}");
    let scripts = Regex::new(r"(?s)<script\b.*?</script>").unwrap();
    scripts.replace_all(&dom, "").into_owned()
}

/// The board the DOM shows: exactly one `ayo-board`, and no pit or store
/// attributes outside it.
fn board_of(dom: &str, url: &str) -> Drawn {
    assert_eq!(
        dom.matches("class=\"ayo-board\"").count(),
        1,
        "{url}: one board"
    );
    let svg_start = dom.find("<svg").unwrap();
    let svg_end = dom.find("</svg>").unwrap();
    let outside = format!("{}{}", &dom[..svg_start], &dom[svg_end..]);
    assert!(
        !outside.contains("data-pit=") && !outside.contains("data-side="),
        "{url}: pit or store attributes outside the board"
    );
    read_svg(&dom[svg_start..svg_end])
}

/// The game attribute of the board (which game of the page it shows).
fn game_of(dom: &str) -> usize {
    Regex::new(r#"<svg [^>]*data-game="(\d+)""#)
        .unwrap()
        .captures(dom)
        .unwrap()[1]
        .parse()
        .unwrap()
}

/// Checks the board of `page#fragment` against the `ply`-th position of game
/// `game` (from 1) of `ayo json FILE`.
fn check(browser: &Path, page: &Path, fragment: &str, file: &str, game: usize, ply: usize) {
    let dom = dump(browser, page, fragment);
    let games = json_games(file);
    let want = positions(&games[game - 1]).remove(ply);
    assert_eq!(game_of(&dom), game, "{file}#{fragment}");
    assert_eq!(board_of(&dom, fragment), want, "{file}#{fragment}");
}

#[test]
fn deep_links_open_the_position_ayo_json_gives() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let lecture = make_page(
        dir.path(),
        "lecture.html",
        &["fixtures/opening-lecture.ayo"],
    );
    check(
        &browser,
        &lecture,
        "game=1&ply=0",
        "fixtures/opening-lecture.ayo",
        1,
        0,
    );
    check(
        &browser,
        &lecture,
        "game=1&ply=3",
        "fixtures/opening-lecture.ayo",
        1,
        3,
    );
    check(
        &browser,
        &lecture,
        "game=1&ply=33",
        "fixtures/opening-lecture.ayo",
        1,
        33,
    );
    let club = make_page(dir.path(), "club.html", &["fixtures/club-night.ayo"]);
    check(
        &browser,
        &club,
        "game=4&ply=7",
        "fixtures/club-night.ayo",
        4,
        7,
    );
    let endodoi = make_page(dir.path(), "endodoi.html", &["fixtures/endodoi-2x12.ayo"]);
    check(
        &browser,
        &endodoi,
        "game=1&ply=20",
        "fixtures/endodoi-2x12.ayo",
        1,
        20,
    );
    let north = make_page(
        dir.path(),
        "north.html",
        &["fixtures/study-north-to-move.ayo"],
    );
    check(
        &browser,
        &north,
        "game=1&ply=1",
        "fixtures/study-north-to-move.ayo",
        1,
        1,
    );
}

#[test]
fn a_variation_opens_at_its_node() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = make_page(
        dir.path(),
        "lecture.html",
        &["fixtures/opening-lecture.ayo"],
    );
    // The nodes are numbered from the start (0) in the order of the text:
    // the first move's variations (1. bx7: node 1; 1. e 1... Bx11: nodes 2
    // and 3) come before the move they replace (1. cx7: node 4).
    let dom = dump(&browser, &page, "game=1&node=3");
    let games = json_games("fixtures/opening-lecture.ayo");
    let m = &games[0]["moves"][0]["variations"][1][1];
    assert_eq!(m["pit"], "B");
    let nums = |v: &Value| -> Vec<u64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect()
    };
    let want = Drawn {
        ply: 2,
        rules: "russ".to_string(),
        south: nums(&m["board"]["south"]),
        north: nums(&m["board"]["north"]),
        stores: [
            m["stores"][0].as_u64().unwrap(),
            m["stores"][1].as_u64().unwrap(),
        ],
    };
    assert_eq!(board_of(&dom, "node=3"), want);
    // The move list marks where the board is.
    assert!(
        dom.contains("aria-current=\"step\">Bx11!</a>"),
        "the current move marked"
    );
}

#[test]
fn keys_step_through_the_games() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = "fixtures/club-night.ayo";
    let page = make_page(dir.path(), "club.html", &[file]);
    // (fragment, game, ply it must show)
    let cases = [
        ("game=2&ply=0&keys=Right,Right,Right", 2, 3),
        ("game=1&ply=5&keys=ArrowLeft,Left,Right", 1, 4),
        ("game=3&ply=2&keys=End,Left", 3, usize::MAX),
        ("game=1&ply=9&keys=Down,Down,Right,Home,Right", 3, 1),
        ("game=2&ply=4&keys=Up,End", 1, usize::MAX - 1),
    ];
    let games = json_games(file);
    for (fragment, game, ply) in cases {
        let all = positions(&games[game - 1]);
        let ply = match ply {
            // End, then one back.
            usize::MAX => all.len() - 2,
            // End.
            p if p == usize::MAX - 1 => all.len() - 1,
            p => p,
        };
        let dom = dump(&browser, &page, fragment);
        assert_eq!(game_of(&dom), game, "{fragment}");
        assert_eq!(board_of(&dom, fragment), all[ply], "{fragment}");
    }
}

#[test]
fn problems_show_the_game_up_to_them_and_validate_s_words() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let files = [
        "fixtures/invalid/empty-pit.ayo",
        "fixtures/malformed/missing-bracket.ayo",
    ];
    let page = make_page(dir.path(), "bad.html", &files);
    let validate = run(&["validate", files[0], files[1]], None);
    let unescape = |s: &str| {
        s.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&amp;", "&")
    };
    let pre = Regex::new(r#"(?s)<pre class="error">(.*?)</pre>"#).unwrap();
    // An illegal third move: the board stops after ply 2, however far the
    // link asks, and the move that could not be played is struck out.
    let dom = dump(&browser, &page, "game=1&ply=9");
    let games = json_games(files[0]);
    assert_eq!(board_of(&dom, "empty-pit"), positions(&games[0]).remove(2));
    let shown: Vec<String> = pre.captures_iter(&dom).map(|c| unescape(&c[1])).collect();
    assert_eq!(shown.len(), 1);
    assert!(
        validate.contains(&shown[0]),
        "{} not in {validate}",
        shown[0]
    );
    assert!(dom.contains("<span class=\"unplayed\""));
    // A syntax error: no board, the error as validate words it.
    let dom = dump(&browser, &page, "game=3");
    assert!(!dom.contains("class=\"ayo-board\""));
    let shown: Vec<String> = pre.captures_iter(&dom).map(|c| unescape(&c[1])).collect();
    assert_eq!(shown.len(), 1);
    assert!(shown[0].contains("missing-bracket.ayo:4:11: expected `]`"));
    assert!(
        validate.contains(&shown[0]),
        "{} not in {validate}",
        shown[0]
    );
}

#[test]
fn a_page_is_self_contained_and_small() {
    // No browser needed. A 65-ply game: the page must stay under 150 KB.
    let file = "fixtures/mokola-open-r3.ayo";
    let games = json_games(file);
    let plies = games[0]["moves"].as_array().unwrap().len();
    assert!(plies >= 60, "{plies} plies");
    let out = ayo().args(["html", file]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.len() < 150 * 1024, "{} bytes", page.len());
    // Nothing fetched: no external scripts, styles, fonts or images.
    for needle in ["src=", "href=\"http", "@import", "url(http", "<link"] {
        assert!(!page.contains(needle), "{needle}");
    }
}

/// The games' JSON of a page, pretty.
fn page_data(page: &str) -> String {
    let re =
        Regex::new(r#"(?s)<script type="application/json" id="ayo-data">(.*?)</script>"#).unwrap();
    let data: Value = serde_json::from_str(&re.captures(page).unwrap()[1]).unwrap();
    serde_json::to_string_pretty(&data).unwrap()
}

#[test]
fn html_snapshots() {
    // No browser needed: what the page holds, and the command's words.
    let out = ayo()
        .args(["html", "fixtures/invalid/empty-pit.ayo", "--game", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let page = String::from_utf8(out.stdout).unwrap();
    insta::assert_snapshot!("html_data_illegal_move", page_data(&page));
    insta::assert_snapshot!("html_help", run(&["html", "--help"], None));
    insta::assert_snapshot!(
        "html_errors",
        [
            run(&["html", "no/such.ayo"], None),
            run(
                &["html", "fixtures/bom.ayo", "--out", "no/such/dir/page.html"],
                None
            ),
            run(
                &["html", "fixtures/bom.ayo", "--out-dir", "Cargo.toml/site"],
                None
            ),
        ]
        .join("\n")
    );
}

#[test]
fn out_dir_writes_a_page_per_file_and_an_index() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let out = ayo()
        .args([
            "html",
            "fixtures/bom.ayo",
            "fixtures/corpus/season.ayo",
            "--out-dir",
        ])
        .arg(&site)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = std::fs::read_dir(&site)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["bom.html", "index.html", "season.html"]);
    let season = std::fs::read_to_string(site.join("season.html")).unwrap();
    let data: Value = serde_json::from_str(&page_data(&season)).unwrap();
    assert_eq!(data["games"].as_array().unwrap().len(), 6);
    insta::assert_snapshot!(
        "html_index",
        std::fs::read_to_string(site.join("index.html")).unwrap()
    );
}

#[test]
fn out_dir_gives_files_of_one_name_a_page_each() {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["a", "b"] {
        std::fs::create_dir(dir.path().join(sub)).unwrap();
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/bom.ayo"),
            dir.path().join(sub).join("index.ayo"),
        )
        .unwrap();
    }
    let out = ayo()
        .current_dir(dir.path())
        .args(["html", "a/index.ayo", "b/index.ayo", "--out-dir", "site"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let mut names: Vec<String> = std::fs::read_dir(dir.path().join("site"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["index-2.html", "index-3.html", "index.html"]);
}

/// The DOM of a page that holds `page` in a frame (same folder), presses
/// Right in it three times (at once, then with "No animation" ticked after
/// going back) and writes what the frame's board showed each time.
fn motion_report(browser: &Path, page: &Path, flags: &[&str]) -> String {
    let frame = page.with_file_name("frame.html");
    let name = page.file_name().unwrap().to_string_lossy();
    std::fs::write(
        &frame,
        format!(
            r#"<!DOCTYPE html><html><body><p id="out"></p>
<iframe id="f" src="{name}#game=1&amp;ply=0"></iframe>
<script>
document.getElementById("f").onload = function () {{
  var d = this.contentDocument, seen = [];
  var press = function (key) {{
    d.dispatchEvent(new KeyboardEvent("keydown", {{ key: key, bubbles: true }}));
  }};
  var look = function () {{
    var b = d.querySelector(".ayo-board");
    seen.push(b.getAttribute("data-ply") + ":" +
      b.querySelector('g.store[data-side="south"]').getAttribute("data-seeds") + ":" +
      (d.getElementById("caption").textContent.indexOf("Lap") === 0 ? "sowing" : "still"));
  }};
  press("ArrowRight"); look();
  press("ArrowLeft");
  d.getElementById("still").checked = true;
  press("ArrowRight"); look();
  document.getElementById("out").textContent = seen.join(" ");
}};
</script></body></html>"#
        ),
    )
    .unwrap();
    let profile = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(browser);
    cmd.arg(format!("--user-data-dir={}", profile.path().display()));
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--allow-file-access-from-files",
    ])
    .args(flags)
    .arg("--dump-dom")
    .arg(format!("file://{}", frame.display()));
    let out = cmd.output().unwrap();
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    Regex::new(r#"<p id="out">([^<]*)</p>"#)
        .unwrap()
        .captures(&dom)
        .unwrap_or_else(|| panic!("no report in {dom}"))[1]
        .to_string()
}

#[test]
fn a_move_is_sown_unless_motion_is_reduced_or_animation_off() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = make_page(
        dir.path(),
        "lecture.html",
        &["fixtures/opening-lecture.ayo"],
    );
    // 1. cx7 puts 7 in South's store once the move is over. Sowing starts
    // with the first lap, an untouched store and the board still saying ply
    // 0 (it says 1 once the move is over); "No animation" jumps.
    assert_eq!(motion_report(&browser, &page, &[]), "0:0:sowing 1:7:still");
    // A system set to reduce motion jumps too.
    assert_eq!(
        motion_report(&browser, &page, &["--force-prefers-reduced-motion"]),
        "1:7:still 1:7:still"
    );
}

/// What `script` reports about `page` held in a frame of `width` by `height`
/// pixels, opened at `#fragment`: the script runs once the frame has loaded,
/// with `w` the frame's window and `d` its document, and writes its report
/// into `out.textContent`. `flags` go to the browser.
fn frame_report(
    browser: &Path,
    page: &Path,
    (width, height): (u32, u32),
    fragment: &str,
    script: &str,
    flags: &[&str],
) -> String {
    let frame = page.with_file_name("report.html");
    let name = page.file_name().unwrap().to_string_lossy();
    let fragment = fragment.replace('&', "&amp;");
    std::fs::write(
        &frame,
        format!(
            r#"<!DOCTYPE html><html><body style="margin:0"><p id="out"></p>
<iframe id="f" src="{name}#{fragment}" width="{width}" height="{height}" style="border:0"></iframe>
<script>
document.getElementById("f").onload = function () {{
  var w = this.contentWindow, d = this.contentDocument, out = document.getElementById("out");
  {script}
}};
</script></body></html>"#
        ),
    )
    .unwrap();
    let profile = tempfile::tempdir().unwrap();
    let out = Command::new(browser)
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--allow-file-access-from-files",
        ])
        .args(flags)
        .arg("--dump-dom")
        .arg(format!("file://{}", frame.display()))
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    Regex::new(r#"<p id="out">([^<]*)</p>"#)
        .unwrap()
        .captures(&dom)
        .unwrap_or_else(|| panic!("no report in {dom}"))[1]
        .replace("&amp;", "&")
}

#[test]
fn lap_numbers_cover_neither_each_other_nor_a_count() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = "fixtures/club-night.ayo";
    let page = make_page(dir.path(), "club.html", &[file]);
    // Every position of every game, as a link opens it: the numbers' boxes
    // as the browser lays them out, against each other and every count.
    let report = frame_report(
        &browser,
        &page,
        (1000, 800),
        "game=1&ply=0",
        r##"d.getElementById("still").checked = true;
  var data = JSON.parse(d.getElementById("ayo-data").textContent);
  var hit = function (a, b) {
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  };
  var box = function (el) { return el.getBoundingClientRect(); };
  var bad = [], most = 0, moves = 0;
  data.games.forEach(function (g, gi) {
    g.moves.forEach(function (m) {
      if (!m.board) { return; }
      w.location.hash = "#game=" + (gi + 1) + "&ply=" + m.ply;
      w.dispatchEvent(new HashChangeEvent("hashchange"));
      var at = (gi + 1) + "/" + m.ply;
      var tags = Array.prototype.map.call(d.querySelectorAll("g.tag circle"), box);
      var counts = Array.prototype.map.call(d.querySelectorAll("text.count"), box);
      if (tags.length !== Math.min(m.laps.length, 24)) { bad.push(at + ": " + tags.length + " numbers"); }
      moves += 1;
      most = Math.max(most, tags.length);
      tags.forEach(function (a, i) {
        tags.forEach(function (b, j) {
          if (j > i && hit(a, b)) { bad.push(at + ": lap " + (i + 1) + " on lap " + (j + 1)); }
        });
        counts.forEach(function (c) {
          if (hit(a, c)) { bad.push(at + ": lap " + (i + 1) + " on a count"); }
        });
      });
    });
  });
  out.textContent = moves + " moves, at most " + most + " laps; overlaps: " + bad.join(", ");"##,
        &[],
    );
    assert!(report.ends_with("overlaps: "), "{report}");
    let most: usize = Regex::new(r"at most (\d+) laps")
        .unwrap()
        .captures(&report)
        .unwrap()[1]
        .parse()
        .unwrap();
    assert!(most >= 20, "{report}");
    // The numbers sit where `ayo board --format svg` puts them (the script
    // places them as src/output/svg.rs does): ply 7 of game 1, twenty laps.
    let places = |text: &str| -> Vec<String> {
        Regex::new(r#"<circle class="lap\d" cx="([\d.]+)" cy="([\d.]+)" r="7"/?>"#)
            .unwrap()
            .captures_iter(text)
            .map(|c| format!("{},{}", &c[1], &c[2]))
            .collect()
    };
    let svg = run(
        &[
            "board", file, "--game", "1", "--ply", "7", "--format", "svg",
        ],
        None,
    );
    let dom = dump(&browser, &page, "game=1&ply=7");
    assert_eq!(places(&svg).len(), 20);
    assert_eq!(places(&dom), places(&svg));
}

#[test]
fn a_wrong_claim_and_an_illegal_move_are_marked_in_the_move_list() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = make_page(
        dir.path(),
        "bad.html",
        &[
            "fixtures/invalid/wrong-claim.ayo",
            "fixtures/invalid/empty-pit.ayo",
        ],
    );
    let marked = |dom: &str, re: &str| -> Vec<String> {
        Regex::new(re)
            .unwrap()
            .captures_iter(dom)
            .map(|c| c[1].to_string())
            .collect()
    };
    // 1. dx6 captures 7: its link is marked, and says why; no other move is.
    let dom = dump(&browser, &page, "game=1&ply=0");
    assert_eq!(
        marked(&dom, r#"<a [^>]*class="bad"[^>]*>([^<]*)</a>"#),
        ["dx6"]
    );
    assert!(dom.contains("title=\"wrong claim: the move captures 7 from A\""));
    assert!(
        dom.contains("aria-label=\"ply 1, south dx6, wrong claim: the move captures 7 from A\"")
    );
    // 2. e is illegal (an empty pit): marked; the moves after it are only
    // struck out, as not played.
    let dom = dump(&browser, &page, "game=3&ply=0");
    assert_eq!(
        marked(&dom, r#"<span class="unplayed bad"[^>]*>([^<]*)</span>"#),
        ["e"]
    );
    assert_eq!(
        marked(&dom, r#"<span class="unplayed"[^>]*>([^<]*)</span>"#),
        ["B", "a"]
    );
    assert_eq!(
        marked(&dom, r#"<a [^>]*class="bad"[^>]*>([^<]*)</a>"#),
        Vec::<String>::new()
    );
}

/// Where the strip of games stands when the viewer, in a frame as wide as a
/// phone, opens `#fragment` and after each of `keys`: its `scrollLeft`, and
/// `in` when the selected tab lies wholly inside the strip, `out` when not.
fn tab_report(browser: &Path, page: &Path, fragment: &str, keys: &[&str]) -> String {
    let keys: Vec<String> = keys.iter().map(|k| format!("\"{k}\"")).collect();
    frame_report(
        browser,
        page,
        (390, 844),
        fragment,
        &format!(
            r##"var strip = d.querySelector("#games ol"), seen = [];
  var look = function () {{
    var s = strip.getBoundingClientRect();
    var t = d.querySelector('#games a[aria-current="true"]').getBoundingClientRect();
    seen.push(Math.round(strip.scrollLeft) + (t.left >= s.left - 1 && t.right <= s.right + 1 ? " in" : " out"));
  }};
  look();
  [{}].forEach(function (key) {{
    d.dispatchEvent(new KeyboardEvent("keydown", {{ key: key, bubbles: true }}));
    look();
  }});
  out.textContent = (strip.scrollWidth > strip.clientWidth ? "scrolls: " : "fits: ") + seen.join(", ");"##,
            keys.join(",")
        ),
        &[],
    )
}

#[test]
fn on_a_phone_the_strip_of_games_scrolls_to_the_game_shown() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = make_page(dir.path(), "club.html", &["fixtures/club-night.ayo"]);
    // The last game's tab, opened by a link, then the first again by keys,
    // then the last: each time the tab is in view.
    let report = tab_report(
        &browser,
        &page,
        "game=5&ply=0",
        &["Up", "Up", "Up", "Up", "Down", "Down", "Down", "Down"],
    );
    assert!(report.starts_with("scrolls: "), "{report}");
    let seen: Vec<&str> = report["scrolls: ".len()..].split(", ").collect();
    assert_eq!(seen.len(), 9, "{report}");
    assert!(seen.iter().all(|s| s.ends_with(" in")), "{report}");
    let left = |s: &str| s.split(' ').next().unwrap().parse::<u32>().unwrap();
    assert!(left(seen[0]) > 0, "{report}");
    assert_eq!(left(seen[4]), 0, "{report}");
    assert_eq!(left(seen[8]), left(seen[0]), "{report}");
}

#[test]
fn the_keyboard_hint_is_not_shown_on_a_touch_screen() {
    let Some(browser) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = make_page(dir.path(), "club.html", &["fixtures/club-night.ayo"]);
    // Chromium's settings stand for the device: a touch screen (no hover, a
    // coarse pointer) and a mouse (hover, a fine pointer).
    let hint = |settings: &str| {
        frame_report(
            &browser,
            &page,
            (390, 844),
            "game=1&ply=0",
            r#"var k = d.querySelector(".keys");
  out.textContent = w.getComputedStyle(k).display + " " + k.getBoundingClientRect().height;"#,
            &[&format!("--blink-settings={settings}")],
        )
    };
    assert_eq!(hint("primaryHoverType=1,primaryPointerType=2"), "none 0");
    let shown = hint("primaryHoverType=2,primaryPointerType=4");
    assert!(shown.starts_with("block ") && shown != "block 0", "{shown}");
}
