//! The README's "Pipelines", "Managing a corpus" and "Judging play" sections
//! run as shown:
//! every `$ command` in their `console` blocks is run with bash in the
//! repository, `ayo` being the binary under test, and must print exactly the
//! lines under it and exit 0.
//!
//! The examples use `jq`; `.ci/run` installs it when it is missing.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::console::{examples, run_all, section};

#[test]
fn readme_pipelines_run_as_shown() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(Path::new(root).join("README.md")).unwrap();
    let pipelines = examples(section(&readme, "Pipelines"));
    assert!(pipelines.len() >= 4, "too few pipeline examples");
    let corpus = examples(section(&readme, "Managing a corpus"));
    assert!(corpus.len() >= 4, "too few corpus examples");
    assert!(
        Command::new("jq").arg("--version").output().is_ok(),
        "the README pipelines need jq (apt-get install jq)"
    );
    let judging = examples(section(&readme, "Judging play"));
    assert!(judging.len() >= 5, "too few engine examples");
    run_all(pipelines.into_iter().chain(corpus).chain(judging));
}
