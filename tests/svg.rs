//! `ayo board --format svg`: the pictures' data attributes read back and
//! compared with `ayo json` on every fixture, the files `--out` writes, and
//! snapshots of the pictures themselves.

use crate::common;
use crate::pictures;

use std::collections::BTreeMap;
use std::path::Path;

use common::{ayo, run};
use pictures::{json_games, positions, read_svg};
use regex::Regex;

/// Every start tag closed, in order, and nothing after the root: the picture
/// is well-formed XML (our writer never uses comments, CDATA or doctypes).
fn assert_well_formed(svg: &str, name: &str) {
    let tag = Regex::new(r#"<(/?)([A-Za-z][A-Za-z0-9:-]*)(?:\s[^<>]*?)?(/?)>"#).unwrap();
    let mut open: Vec<String> = Vec::new();
    let mut last = 0;
    for c in tag.captures_iter(svg) {
        let m = c.get(0).unwrap();
        assert!(
            !svg[last..m.start()].contains(['<', '>']),
            "{name}: stray angle bracket in {:?}",
            &svg[last..m.start()]
        );
        last = m.end();
        let name_ = c[2].to_string();
        if &c[1] == "/" {
            assert_eq!(open.pop().as_deref(), Some(name_.as_str()), "{name}");
        } else if &c[3] != "/" {
            open.push(name_);
        }
        if open.is_empty() {
            assert_eq!(svg[last..].trim(), "", "{name}: text after the root");
        }
    }
    assert!(open.is_empty(), "{name}: unclosed {open:?}");
}

/// The fixtures that replay (the malformed ones have no position to draw).
fn fixtures() -> Vec<String> {
    let mut files = Vec::new();
    for dir in ["fixtures", "fixtures/corpus", "fixtures/invalid"] {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        for entry in std::fs::read_dir(&root).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if name.ends_with(".ayo") {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_picture_of_every_fixture_says_what_ayo_json_says() {
    let mut checked = 0;
    let mut most_laps = 0;
    for file in fixtures() {
        let dir = tempfile::tempdir().unwrap();
        let out = ayo()
            .args(["board", &file, "--all", "--format", "svg", "--out"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stdout.is_empty(), "{file}: pictures went to files");
        let mut expected = BTreeMap::new();
        for (g, game) in json_games(&file).iter().enumerate() {
            for p in positions(game) {
                expected.insert(format!("game{}-ply{:03}.svg", g + 1, p.ply), p);
            }
        }
        let mut written: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        written.sort();
        assert_eq!(
            written,
            expected.keys().cloned().collect::<Vec<_>>(),
            "{file}: one picture per position"
        );
        for (name, want) in &expected {
            let svg = std::fs::read_to_string(dir.path().join(name)).unwrap();
            assert_well_formed(&svg, name);
            assert_eq!(&read_svg(&svg), want, "{file}: {name}");
            most_laps = most_laps.max(assert_lap_numbers_apart(&svg, &format!("{file}: {name}")));
            // Nothing from outside: no links, no fonts, no images.
            assert!(!svg.contains("href") && !svg.contains("@import") && !svg.contains("url(http"));
            checked += 1;
        }
    }
    assert!(checked > 300, "only {checked} pictures checked");
    // Moves of five laps and more (up to 22) were among them.
    assert!(most_laps >= 20, "at most {most_laps} laps drawn");
}

/// No lap's number covers another's or a count (a pit's or a store's), and
/// each sits inside the picture; returns how many numbers were drawn. A
/// number is a circle of radius 7; a count is taken as a box of 10 pixels a
/// digit by 22 round its centre (its font is 15 to 22 pixels).
fn assert_lap_numbers_apart(svg: &str, name: &str) -> usize {
    let num = |c: &regex::Captures, k: usize| c[k].parse::<f64>().unwrap();
    let tags: Vec<(f64, f64)> =
        Regex::new(r#"<circle class="lap\d" cx="([\d.]+)" cy="([\d.]+)" r="7"/>"#)
            .unwrap()
            .captures_iter(svg)
            .map(|c| (num(&c, 1), num(&c, 2)))
            .collect();
    let counts: Vec<(f64, f64, f64)> =
        Regex::new(r#"<text class="count" x="([\d.]+)" y="([\d.]+)">(\d+)</text>"#)
            .unwrap()
            .captures_iter(svg)
            .map(|c| (num(&c, 1), num(&c, 2), c[3].len() as f64 * 5.0))
            .collect();
    assert!(!counts.is_empty(), "{name}: no counts read");
    let width = Regex::new(r#"viewBox="0 0 (\d+) \d+""#)
        .unwrap()
        .captures(svg)
        .unwrap()[1]
        .parse::<f64>()
        .unwrap();
    for (i, &(x, y)) in tags.iter().enumerate() {
        assert!(
            x >= 7.0 && x + 7.0 <= width,
            "{name}: number {} outside",
            i + 1
        );
        for (j, &(x2, y2)) in tags.iter().enumerate().skip(i + 1) {
            assert!(
                (x - x2).abs() >= 14.0 || (y - y2).abs() >= 14.0,
                "{name}: lap {}'s number covers lap {}'s",
                i + 1,
                j + 1
            );
        }
        for &(cx, cy, half) in &counts {
            assert!(
                (x - cx).abs() >= 7.0 + half || (y - cy).abs() >= 7.0 + 11.0,
                "{name}: lap {}'s number covers the count at {cx},{cy}",
                i + 1
            );
        }
    }
    tags.len()
}

#[test]
fn the_same_position_is_the_same_picture() {
    let draw = || {
        ayo()
            .args([
                "board",
                "fixtures/opening-lecture.ayo",
                "--ply",
                "3",
                "--format",
                "svg",
            ])
            .output()
            .unwrap()
            .stdout
    };
    assert_eq!(draw(), draw());
}

#[test]
fn several_files_name_their_pictures_after_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = ayo()
        .args([
            "board",
            "fixtures/bom.ayo",
            "fixtures/canonical.ayo",
            "--format",
            "svg",
            "--out",
        ])
        .arg(dir.path().join("new"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let mut written: Vec<String> = std::fs::read_dir(dir.path().join("new"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    written.sort();
    insta::assert_debug_snapshot!(written);
}

#[test]
fn svg_snapshots() {
    // The first move of the lecture: five laps and a capture.
    insta::assert_snapshot!(
        "lecture_ply1",
        run(
            &[
                "board",
                "fixtures/opening-lecture.ayo",
                "--ply",
                "1",
                "--format",
                "svg"
            ],
            None
        )
    );
    // A set-up: no move to mark.
    insta::assert_snapshot!(
        "setup",
        run(
            &[
                "board",
                "--setup",
                "2,5,2,0,3,2/1,0,1,13,2,0 16-11 S",
                "--format",
                "svg"
            ],
            None
        )
    );
    // Twelve pits a row.
    insta::assert_snapshot!(
        "endodoi_final",
        run(
            &["board", "fixtures/endodoi-2x12.ayo", "--format", "svg"],
            None
        )
    );
}

#[test]
fn svg_usage_errors() {
    insta::assert_snapshot!(
        "svg_usage_errors",
        [
            run(
                &["board", "fixtures/club-night.ayo", "--format", "svg"],
                None
            ),
            run(
                &["board", "fixtures/opening-lecture.ayo", "--out", "x"],
                None
            ),
            run(
                &[
                    "annotate",
                    "fixtures/opening-lecture.ayo",
                    "--format",
                    "svg"
                ],
                None
            ),
            run(
                &[
                    "board",
                    "fixtures/bom.ayo",
                    "--format",
                    "svg",
                    "--out",
                    "Cargo.toml/x"
                ],
                None
            ),
        ]
        .join("\n")
    );
}

#[test]
fn readme_pictures_section_runs_as_shown() {
    use common::console::{examples, run_all, section};
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/GUIDE.md"))
            .unwrap();
    let shown = examples(section(&guide, "Pictures and the game viewer"));
    assert!(shown.len() >= 3, "too few examples");
    run_all(shown);
}

#[test]
fn a_long_relay_draws_its_first_laps_and_says_so() {
    // 3272 laps (fixtures/relays/long.txt).
    let record = "[Rules \"endodoi pits=12 seeds=3\"]\n\
        [Setup \"2,5,0,1,0,3,0,1,5,2,0,10/1,0,5,1,9,1,0,1,0,3,6,7 7-2 N\"]\n\n1... E *\n";
    let out = ayo()
        .args(["board", "--format", "svg"])
        .write_stdin(record)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let svg = String::from_utf8(out.stdout).unwrap();
    assert_eq!(svg.matches("<g class=\"tag\"").count(), 24);
    assert_eq!(assert_lap_numbers_apart(&svg, "long relay"), 24);
    assert!(svg.contains("(laps 1-24 of 3272 drawn)"));
    assert!(svg.contains("Played: E (3272 laps)."));
    assert!(svg.len() < 20_000, "{} bytes", svg.len());
}

#[test]
fn board_help_offers_svg_and_out() {
    insta::assert_snapshot!("board_help", run(&["board", "--help"], None));
}
