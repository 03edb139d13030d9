//! The README's "Pipelines" and "Managing a corpus" sections run as shown:
//! every `$ command` in their `console` blocks is run with bash in the
//! repository, `ayo` being the binary under test, and must print exactly the
//! lines under it and exit 0.
//!
//! The examples use `jq`; `.ci/run` installs it when it is missing.

use std::path::Path;
use std::process::Command;

struct Example {
    command: String,
    expected: String,
}

fn examples(readme: &str, title: &str) -> Vec<Example> {
    let section = readme
        .split("\n## ")
        .find(|s| s.starts_with(title))
        .unwrap_or_else(|| panic!("README has no {title} section"));
    let mut out = Vec::new();
    let mut in_block = false;
    let mut current: Option<Example> = None;
    for line in section.lines() {
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
fn readme_pipelines_run_as_shown() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(Path::new(root).join("README.md")).unwrap();
    let pipelines = examples(&readme, "Pipelines");
    assert!(pipelines.len() >= 4, "too few pipeline examples");
    let corpus = examples(&readme, "Managing a corpus");
    assert!(corpus.len() >= 4, "too few corpus examples");
    let examples = pipelines.into_iter().chain(corpus);
    assert!(
        Command::new("jq").arg("--version").output().is_ok(),
        "the README pipelines need jq (apt-get install jq)"
    );
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
