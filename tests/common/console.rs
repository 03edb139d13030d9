//! Documents whose examples run as shown: every `$ command` in a `console`
//! block is run with bash in the repository, `ayo` being the binary under
//! test, and must print exactly the lines under it and exit 0.

use std::path::Path;
use std::process::Command;

/// One `$ command` and the lines printed under it.
pub struct Example {
    pub command: String,
    pub expected: String,
}

/// The `$ ` commands of every `console` block of `doc`, each with the lines
/// under it.
pub fn examples(doc: &str) -> Vec<Example> {
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

/// The `## TITLE` section of a Markdown document.
pub fn section<'d>(doc: &'d str, title: &str) -> &'d str {
    doc.split("\n## ")
        .find(|s| s.starts_with(title))
        .unwrap_or_else(|| panic!("no {title} section"))
}

/// Runs each example from the repository root and checks what it prints.
pub fn run_all(examples: impl IntoIterator<Item = Example>) {
    let root = env!("CARGO_MANIFEST_DIR");
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
