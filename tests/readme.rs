//! The documents run as shown. The guide's "Checking records", "Pipelines",
//! "Managing a corpus" and "Judging play" sections (docs/GUIDE.md) and the
//! README's tour: every `$ command` in their `console` blocks is run with
//! bash in the repository, `ayo` being the binary under test, and must print
//! exactly the lines under it and exit 0. And every relative link and
//! `#anchor` of the Markdown documents (the README, docs/, and the other
//! documents at the root) points at a file and a heading that exist.
//!
//! The examples use `jq`; `.ci/run` installs it when it is missing.

use crate::common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::console::{examples, run_all, section};

fn read(path: &str) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    std::fs::read_to_string(Path::new(root).join(path)).unwrap()
}

#[test]
fn readme_pipelines_run_as_shown() {
    let guide = read("docs/GUIDE.md");
    let pipelines = examples(section(&guide, "Pipelines"));
    assert!(pipelines.len() >= 4, "too few pipeline examples");
    let corpus = examples(section(&guide, "Managing a corpus"));
    assert!(corpus.len() >= 4, "too few corpus examples");
    assert!(
        Command::new("jq").arg("--version").output().is_ok(),
        "the guide's pipelines need jq (apt-get install jq)"
    );
    let judging = examples(section(&guide, "Judging play"));
    assert!(judging.len() >= 5, "too few engine examples");
    run_all(pipelines.into_iter().chain(corpus).chain(judging));
}

#[test]
fn guide_checking_records_runs_as_shown() {
    let guide = read("docs/GUIDE.md");
    let checking = examples(section(&guide, "Checking records"));
    assert!(!checking.is_empty(), "no example under Checking records");
    run_all(checking);
}

#[test]
fn readme_tour_runs_as_shown() {
    let readme = read("README.md");
    let tour = examples(section(&readme, "A short tour"));
    assert!(tour.len() >= 5, "too few examples in the README's tour");
    run_all(tour);
}

/// The Markdown documents whose links are checked, from the repository root.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs = Vec::new();
    for dir in [root.to_path_buf(), root.join("docs")] {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "md") {
                docs.push(path);
            }
        }
    }
    docs.sort();
    docs
}

/// The lines of `doc` outside fenced code blocks, with the text of inline
/// code spans left out, so that `jq` filters and the like are not read as
/// links.
fn prose(doc: &str) -> Vec<String> {
    outside_fences(doc)
        .into_iter()
        .map(|line| {
            let mut out = String::new();
            let mut in_code = false;
            for c in line.chars() {
                if c == '`' {
                    in_code = !in_code;
                    out.push('`');
                } else if !in_code {
                    out.push(c);
                }
            }
            out
        })
        .collect()
}

/// The lines of `doc` outside fenced code blocks.
fn outside_fences(doc: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut fenced = false;
    for line in doc.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            lines.push(line.to_string());
        }
    }
    lines
}

/// The targets of the inline links and images of a line: `[text](target)`.
fn link_targets(line: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.to_string());
        rest = &after[end..];
    }
    targets
}

/// GitHub's anchor for a heading: the text as shown (no backticks, emphasis
/// or link targets), lower case, with every character other than a letter, a
/// digit, `-`, `_` or a space left out and spaces made `-`.
fn slug(heading: &str) -> String {
    let mut shown = String::new();
    let mut rest = heading;
    // A link shows its text only.
    while let Some(open) = rest.find('[') {
        match rest[open..].find("](").map(|m| open + m) {
            Some(mid) if rest[mid..].contains(')') => {
                let close = mid + rest[mid..].find(')').unwrap();
                shown.push_str(&rest[..open]);
                shown.push_str(&rest[open + 1..mid]);
                rest = &rest[close + 1..];
            }
            _ => break,
        }
    }
    shown.push_str(rest);
    shown
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every anchor a document has: its headings' (a repeated one gets `-1`,
/// `-2`... as on GitHub) and the `id`s of its HTML anchors.
fn anchors(doc: &str) -> HashSet<String> {
    let mut found = HashSet::new();
    for line in outside_fences(doc) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            let base = slug(line[hashes..].trim());
            let mut anchor = base.clone();
            let mut n = 0;
            while !found.insert(anchor.clone()) {
                n += 1;
                anchor = format!("{base}-{n}");
            }
        }
        for attr in ["id=\"", "name=\""] {
            let mut rest = line.as_str();
            while let Some(at) = rest.find(attr) {
                let value = &rest[at + attr.len()..];
                let end = value.find('"').unwrap_or(value.len());
                found.insert(value[..end].to_string());
                rest = &value[end..];
            }
        }
    }
    found
}

#[test]
fn every_relative_link_and_anchor_resolves() {
    let mut broken = Vec::new();
    let docs = documents();
    assert!(docs.len() >= 8, "too few documents: {docs:?}");
    for doc in &docs {
        let text = std::fs::read_to_string(doc).unwrap();
        let dir = doc.parent().unwrap();
        for line in prose(&text) {
            for target in link_targets(&line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (path, anchor) = match target.split_once('#') {
                    Some((p, a)) => (p, Some(a)),
                    None => (target.as_str(), None),
                };
                let file = if path.is_empty() {
                    doc.clone()
                } else {
                    dir.join(path)
                };
                let name = doc.file_name().unwrap().to_string_lossy().into_owned();
                if !file.exists() {
                    broken.push(format!("{name}: {target}: no such file"));
                    continue;
                }
                let Some(anchor) = anchor else { continue };
                let linked = std::fs::read_to_string(&file).unwrap_or_default();
                if !anchors(&linked).contains(anchor) {
                    broken.push(format!("{name}: {target}: no such heading"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    assert_eq!(slug("Who won a record"), "who-won-a-record");
    assert_eq!(
        slug("`skip-origin`: `lap`, `beyond-lap`, `never`"),
        "skip-origin-lap-beyond-lap-never"
    );
    assert_eq!(
        slug("What does \"the state repeats after 90 laps\" mean?"),
        "what-does-the-state-repeats-after-90-laps-mean"
    );
    assert_eq!(slug("See [the guide](docs/GUIDE.md)"), "see-the-guide");
    let doc = "# A\n\n## Twice\n\n```sh\n# not a heading\n```\n\n## Twice\n\n## `code` too\n";
    let found = anchors(doc);
    assert!(found.contains("twice") && found.contains("twice-1"));
    assert!(found.contains("code-too"));
    assert!(!found.contains("not-a-heading"));
    let line = &prose("see [x](a.md#b), `[y](no.md)` and ![p](images/p.png)")[0];
    assert_eq!(link_targets(line), ["a.md#b", "images/p.png"]);
}
