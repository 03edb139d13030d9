//! RULES.md's worked examples run as shown: every `$ command` in its `console`
//! blocks is run with bash in the repository, `ayo` being the binary under test,
//! and must print exactly the lines under it and exit 0. The document says each
//! example is reproduced by the command beside it; this keeps that true.

use std::path::Path;
use std::process::Command;

struct Example {
    command: String,
    expected: String,
}

/// The `$ ` commands of every `console` block, each with the lines under it.
fn examples(doc: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut in_block = false;
    let mut current: Option<Example> = None;
    for line in doc.lines() {
        if line.starts_with("```") {
            if in_block {
                out.extend(current.take());
            }
            in_block = line == "```console";
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.extend(current.take());
            current = Some(Example {
                command: cmd.to_string(),
                expected: String::new(),
            });
        } else if let Some(ex) = current.as_mut() {
            ex.expected.push_str(line);
            ex.expected.push('\n');
        }
    }
    out
}

#[test]
fn rules_md_examples_run_as_shown() {
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(Path::new(root).join("RULES.md")).unwrap();
    let examples = examples(&doc);
    // The opening moves, the origin skip (2), the endless relay (2), the
    // Endodoi 2 x 8 relay (2), feeding (2) and perft (2).
    assert!(examples.len() >= 11, "too few worked examples");
    let bin = Path::new(assert_cmd::cargo::cargo_bin!("ayo"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for ex in examples {
        let out = Command::new("bash")
            .args(["-c", &ex.command])
            .current_dir(root)
            .env("PATH", &path)
            .env_remove("NO_COLOR")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "`{}` failed: {}",
            ex.command,
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            ex.expected,
            "`{}` printed something else",
            ex.command
        );
    }
}
