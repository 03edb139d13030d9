//! The guide's (docs/GUIDE.md) "Large corpora" DuckDB example runs as shown: its `results.sql`
//! block is written to a scratch directory beside a link to `fixtures/`, and
//! each `$ command` of its `console` block is run there with bash, `ayo` being
//! the binary under test; the last must print exactly the lines under it.
//!
//! It needs Python's `duckdb` package. `.ci/run` installs it when missing and
//! sets `CI`: there the test fails without it; elsewhere it says so on
//! standard error and passes.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::console::{examples, section};

/// The body of the first code block of `doc` opened with `fence`.
fn block<'d>(doc: &'d str, fence: &str) -> &'d str {
    let start = doc
        .find(&format!("{fence}\n"))
        .unwrap_or_else(|| panic!("no {fence} block"))
        + fence.len()
        + 1;
    let len = doc[start..].find("```").expect("an unclosed block");
    &doc[start..start + len]
}

fn duckdb_available() -> bool {
    Command::new("python3")
        .args(["-c", "import duckdb"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn readme_duckdb_example_runs_as_shown() {
    if !duckdb_available() {
        assert!(
            std::env::var_os("CI").is_none(),
            "python3 with the duckdb package is needed (pip install duckdb); .ci/run installs it"
        );
        eprintln!("skipped: python3 -c 'import duckdb' failed (pip install duckdb)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("docs/GUIDE.md")).unwrap();
    let text = section(&readme, "Large corpora");
    let sql = block(text, "```sql");
    assert!(sql.contains("read_json_auto('games.ndjson')"));
    let steps = examples(text);
    assert!(steps.len() >= 2, "too few commands");

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("results.sql"), sql).unwrap();
    std::os::unix::fs::symlink(root.join("fixtures"), dir.path().join("fixtures")).unwrap();
    let bin = Path::new(assert_cmd::cargo::cargo_bin!("ayo"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for step in &steps {
        let out = Command::new("bash")
            .args(["-c", &step.command])
            .current_dir(dir.path())
            .env("PATH", &path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "`{}` failed: {}",
            step.command,
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            step.expected,
            "`{}` printed something else",
            step.command
        );
    }
}
