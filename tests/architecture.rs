//! The drawing of the crates in docs/ARCHITECTURE.md is true to the code:
//! its arrows are exactly the dependencies between the workspace's crates
//! that the `Cargo.toml` files declare, solid for a dependency (of any
//! target) and dashed for a dev-dependency alone.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A dependency of one crate of the workspace on another.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Arrow {
    from: String,
    to: String,
    /// A dev-dependency only (tests, benchmarks, examples).
    dev_only: bool,
}

/// The manifests of the workspace: the root package's and each of `crates/`.
fn manifests() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = vec![root.join("Cargo.toml")];
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let manifest = entry.unwrap().path().join("Cargo.toml");
        if manifest.exists() {
            found.push(manifest);
        }
    }
    found
}

/// Which table of a manifest a line is in, as far as dependencies go.
#[derive(Clone, Copy, PartialEq)]
enum Table {
    Package,
    Dependencies,
    DevDependencies,
    Other,
}

/// The package name of a manifest and the names it depends on, each with
/// whether it is a dev-dependency only. A small reader of the TOML these
/// manifests use: `[package]`, `[dependencies]`, `[dev-dependencies]`,
/// `[build-dependencies]`, their `[target.'cfg(..)'.*]` forms and
/// `[dependencies.NAME]` tables.
fn read_manifest(text: &str) -> (String, BTreeMap<String, bool>) {
    let mut name = None;
    let mut deps: BTreeMap<String, bool> = BTreeMap::new();
    let mut table = Table::Other;
    let add = |dep: &str, dev: bool, deps: &mut BTreeMap<String, bool>| {
        let entry = deps.entry(dep.to_string()).or_insert(dev);
        *entry = *entry && dev;
    };
    for line in text.lines() {
        let line = line.split(" #").next().unwrap().trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let header = header.trim_matches(['[', ']']);
            let header = header.rsplit_once("'.").map_or(header, |(_, tail)| tail);
            let (kind, sub) = header.split_once('.').unwrap_or((header, ""));
            table = match kind {
                "package" if sub.is_empty() => Table::Package,
                "dependencies" | "build-dependencies" => Table::Dependencies,
                "dev-dependencies" => Table::DevDependencies,
                _ => Table::Other,
            };
            // `[dependencies.NAME]`: a dependency given as a table.
            if !sub.is_empty() && table != Table::Other {
                add(sub, table == Table::DevDependencies, &mut deps);
                table = Table::Other;
            }
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        match table {
            Table::Package if key == "name" => {
                name = Some(value.trim().trim_matches('"').to_string());
            }
            Table::Dependencies | Table::DevDependencies => {
                let dep = key.split('.').next().unwrap().trim_matches('"');
                add(dep, table == Table::DevDependencies, &mut deps);
            }
            _ => {}
        }
    }
    (name.expect("a [package] with a name"), deps)
}

/// The arrows between the workspace's crates that the manifests declare.
fn declared() -> BTreeSet<Arrow> {
    let crates: Vec<(String, BTreeMap<String, bool>)> = manifests()
        .iter()
        .map(|m| read_manifest(&std::fs::read_to_string(m).unwrap()))
        .collect();
    let names: BTreeSet<&str> = crates.iter().map(|(n, _)| n.as_str()).collect();
    let mut arrows = BTreeSet::new();
    for (from, deps) in &crates {
        for (to, &dev_only) in deps {
            if names.contains(to.as_str()) {
                arrows.insert(Arrow {
                    from: from.clone(),
                    to: to.clone(),
                    dev_only,
                });
            }
        }
    }
    arrows
}

/// The arrows of the Mermaid drawing: `id[crate-name]` declares a node,
/// `a --> b` is a dependency and `a -.-> b` a dev-dependency only.
fn drawn(doc: &str) -> BTreeSet<Arrow> {
    let block = doc
        .split("```mermaid\n")
        .nth(1)
        .expect("a mermaid block")
        .split("```")
        .next()
        .unwrap();
    let mut nodes = BTreeMap::new();
    let mut edges = Vec::new();
    for line in block.lines().map(str::trim) {
        if let Some((from, to)) = line.split_once("-.->") {
            edges.push((from.trim(), to.trim(), true));
        } else if let Some((from, to)) = line.split_once("-->") {
            edges.push((from.trim(), to.trim(), false));
        } else if let Some((id, label)) = line.split_once('[') {
            let label = label.trim_end_matches(']').trim_matches('"');
            nodes.insert(id.trim(), label.to_string());
        }
    }
    let name = |id: &str| {
        nodes
            .get(id)
            .unwrap_or_else(|| panic!("the drawing's node `{id}` has no [crate-name]"))
            .clone()
    };
    edges
        .into_iter()
        .map(|(from, to, dev_only)| Arrow {
            from: name(from),
            to: name(to),
            dev_only,
        })
        .collect()
}

#[test]
fn the_drawing_of_the_crates_is_true_to_the_manifests() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/ARCHITECTURE.md");
    let drawn = drawn(&std::fs::read_to_string(path).unwrap());
    let declared = declared();
    assert!(
        declared.len() >= 8,
        "too few dependencies found: {declared:?}"
    );
    let show = |arrows: Vec<&Arrow>| {
        arrows
            .iter()
            .map(|a| {
                let arrow = if a.dev_only { "-.->" } else { "-->" };
                format!("  {} {arrow} {}", a.from, a.to)
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let missing: Vec<&Arrow> = declared.difference(&drawn).collect();
    let extra: Vec<&Arrow> = drawn.difference(&declared).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "docs/ARCHITECTURE.md's drawing differs from the Cargo.toml files.\n\
         Declared but not drawn (or drawn with the other line):\n{}\n\
         Drawn but not declared:\n{}",
        show(missing),
        show(extra)
    );
}

#[test]
fn the_manifest_reader_tells_dependencies_from_dev_dependencies() {
    let (name, deps) = read_manifest(
        "[package]\nname = \"a\"\n\n[dependencies]\nb.workspace = true\n\
         c = { path = \"../c\" }\n\n[target.'cfg(unix)'.dependencies]\nd = \"1\"\n\n\
         [dev-dependencies]\nb = { workspace = true, features = [\"x\"] }\ne.workspace = true\n\n\
         [dev-dependencies.f]\npath = \"../f\"\n\n[features]\ng = [\"dep:h\"]\n",
    );
    assert_eq!(name, "a");
    let expected: BTreeMap<String, bool> = [
        ("b", false),
        ("c", false),
        ("d", false),
        ("e", true),
        ("f", true),
    ]
    .into_iter()
    .map(|(n, dev)| (n.to_string(), dev))
    .collect();
    assert_eq!(deps, expected);
}
