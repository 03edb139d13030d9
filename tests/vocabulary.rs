//! One vocabulary: every field name of every command's JSON has one type
//! wherever it appears, and docs/GLOSSARY.md names each one.
//!
//! The fields are read from each command's `--schema` (through the real
//! binary), walking the JSON Schema into `$defs`, properties, items,
//! `anyOf`/`oneOf`/`allOf` and `additionalProperties`. The commands are those
//! of [`SCHEMA_COMMANDS`], and a test checks that list against the commands
//! whose `--help` offers `--schema`, so that a new one cannot be left out.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use common::ayo;
use serde_json::Value;

/// Every command that prints a JSON Schema with `--schema`: the one list the
/// tests below use. A command with a `--detail` option is also asked for the
/// schema of each of its levels (read from its `--help`).
const SCHEMA_COMMANDS: &[&[&str]] = &[
    &["validate"],
    &["annotate"],
    &["board"],
    &["compare"],
    &["json"],
    &["duplicates"],
    &["standings"],
    &["stats"],
    &["perft"],
    &["best"],
    &["moves"],
    &["analyze"],
    &["tables", "probe"],
];

/// Keys of an object by side (`board`'s rows, `stats`' results, `analyze`'s
/// totals): a `south` or `north` key holds, for that side, what its object
/// holds, so its type is that of the object's field (the glossary says so).
const SIDE_KEYS: &[&str] = &["south", "north"];

/// The help of `ayo ARGS --help`.
fn help(args: &[&str]) -> String {
    let out = ayo().args(args).arg("--help").output().unwrap();
    assert!(out.status.success(), "ayo {} --help failed", args.join(" "));
    String::from_utf8(out.stdout).unwrap()
}

/// The subcommands a help lists under `Commands:` (not `help`).
fn subcommands(help: &str) -> Vec<String> {
    let Some((_, rest)) = help.split_once("\nCommands:\n") else {
        return Vec::new();
    };
    rest.lines()
        .take_while(|l| !l.trim().is_empty())
        // A command's line starts two spaces in; its description's
        // continuation lines start further in.
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(String::from)
        .collect()
}

/// Every command and subcommand (`tables probe`) of the binary, from the
/// `Commands:` sections of the help texts.
fn all_commands() -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut todo: Vec<Vec<String>> = vec![Vec::new()];
    while let Some(path) = todo.pop() {
        let args: Vec<&str> = path.iter().map(String::as_str).collect();
        let subs = subcommands(&help(&args));
        if subs.is_empty() && !path.is_empty() {
            out.push(path.clone());
        }
        for s in subs {
            let mut p = path.clone();
            p.push(s);
            todo.push(p);
        }
    }
    out.sort();
    out
}

/// The values a help lists for an option (`--detail`), from its
/// `[possible values: a, b]` or its `Possible values:` list.
fn option_values(help: &str, option: &str) -> Vec<String> {
    let mut lines = help
        .lines()
        .skip_while(|l| !l.trim_start().starts_with(option));
    let Some(first) = lines.next() else {
        return Vec::new();
    };
    let block: Vec<&str> =
        std::iter::once(first)
            .chain(lines.take_while(|l| {
                !l.trim_start().starts_with('-') || l.trim_start().starts_with("- ")
            }))
            .collect();
    let text = block.join("\n");
    if let Some((_, rest)) = text.split_once("[possible values: ") {
        let list = rest.split(']').next().unwrap_or("");
        return list.split(',').map(|v| v.trim().to_string()).collect();
    }
    block
        .iter()
        .filter_map(|l| l.trim_start().strip_prefix("- "))
        .filter_map(|l| l.split(':').next())
        .map(|v| v.trim().to_string())
        .collect()
}

/// Each schema a command prints: `(label, schema)`, one per `--detail`
/// level when it has levels.
fn schemas() -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for command in SCHEMA_COMMANDS {
        let levels = option_values(&help(command), "--detail");
        let variants: Vec<Vec<String>> = if levels.is_empty() {
            vec![Vec::new()]
        } else {
            levels
                .iter()
                .map(|l| vec!["--detail".to_string(), l.clone()])
                .collect()
        };
        for extra in variants {
            let label = command
                .iter()
                .map(|s| s.to_string())
                .chain(extra.iter().cloned())
                .collect::<Vec<_>>()
                .join(" ");
            let out_ = ayo()
                .args(*command)
                .arg("--schema")
                .args(&extra)
                .output()
                .unwrap();
            assert!(out_.status.success(), "ayo {label} --schema failed");
            let schema: Value = serde_json::from_slice(&out_.stdout)
                .unwrap_or_else(|e| panic!("ayo {label} --schema is not JSON: {e}"));
            out.push((label, schema));
        }
    }
    out
}

/// What the fields found are: for each name, each type it has and the
/// schemas (commands) that give it that type.
type Fields = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

/// The schema a `$ref` points to, within `root` (`#/$defs/X`,
/// `#/definitions/X`).
fn resolve<'a>(root: &'a Value, s: &'a Value) -> &'a Value {
    let mut s = s;
    let mut hops = 0;
    while let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let path = r.strip_prefix('#').expect("a local $ref");
        s = root
            .pointer(path)
            .unwrap_or_else(|| panic!("dangling $ref {r}"));
        hops += 1;
        assert!(hops < 100, "a cycle of $refs at {r}");
    }
    s
}

/// The type of a schema as this test compares them: `string`, `integer`,
/// `number`, `boolean`, `object`, `array of T`; `null` is left out (a field
/// that may be `null` has the type of its value), as are the string
/// constants of an enumeration (a `string`).
fn type_of(root: &Value, s: &Value) -> String {
    let s = resolve(root, s);
    let mut types: BTreeSet<String> = BTreeSet::new();
    match s.get("type") {
        Some(Value::String(t)) => {
            types.insert(t.clone());
        }
        Some(Value::Array(ts)) => {
            types.extend(ts.iter().filter_map(Value::as_str).map(String::from))
        }
        _ => {}
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        for sub in s.get(key).and_then(Value::as_array).into_iter().flatten() {
            let t = type_of(root, sub);
            if !t.is_empty() {
                types.insert(t);
            }
        }
    }
    if types.is_empty() && (s.get("const").is_some() || s.get("enum").is_some()) {
        types.insert("string".to_string());
    }
    types.remove("null");
    types.remove("");
    let types: Vec<String> = types
        .into_iter()
        .map(|t| {
            if t == "array" {
                let item = match s.get("items").or_else(|| s.get("prefixItems")) {
                    Some(Value::Array(items)) => items.first().map(|i| type_of(root, i)),
                    Some(item) => Some(type_of(root, item)),
                    None => None,
                };
                format!(
                    "array of {}",
                    item.unwrap_or_else(|| "anything".to_string())
                )
            } else {
                t
            }
        })
        .collect();
    types.join(" or ")
}

/// Collects every property name under `s` into `fields`, for `command`.
/// `seen` holds the `$ref`s being walked, so that a recursive type (a
/// move's variations are moves) is walked once.
fn walk(root: &Value, s: &Value, command: &str, seen: &mut Vec<String>, fields: &mut Fields) {
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        if seen.iter().any(|x| x == r) {
            return;
        }
        seen.push(r.to_string());
        walk(root, resolve(root, s), command, seen, fields);
        seen.pop();
        return;
    }
    if let Some(props) = s.get("properties").and_then(Value::as_object) {
        for (name, p) in props {
            fields
                .entry(name.clone())
                .or_default()
                .entry(type_of(root, p))
                .or_default()
                .insert(command.to_string());
            walk(root, p, command, seen, fields);
        }
    }
    for key in ["items", "prefixItems", "additionalProperties"] {
        match s.get(key) {
            Some(Value::Array(subs)) => {
                for sub in subs {
                    walk(root, sub, command, seen, fields);
                }
            }
            Some(sub @ Value::Object(_)) => walk(root, sub, command, seen, fields),
            _ => {}
        }
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        for sub in s.get(key).and_then(Value::as_array).into_iter().flatten() {
            walk(root, sub, command, seen, fields);
        }
    }
}

/// Every field of every schema given.
fn fields_of(schemas: &[(String, Value)]) -> Fields {
    let mut fields = Fields::new();
    for (command, schema) in schemas {
        walk(schema, schema, command, &mut Vec::new(), &mut fields);
    }
    fields
}

/// One line per name that has more than one type (side keys aside), naming
/// the types and the commands of each.
fn clashes(fields: &Fields) -> Vec<String> {
    fields
        .iter()
        .filter(|(name, types)| types.len() > 1 && !SIDE_KEYS.contains(&name.as_str()))
        .map(|(name, types)| {
            let each: Vec<String> = types
                .iter()
                .map(|(t, commands)| {
                    let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
                    format!("{t} in {}", commands.join(", "))
                })
                .collect();
            format!("`{name}` has {} types: {}", types.len(), each.join("; "))
        })
        .collect()
}

/// The glossary's table: each row's name (first cell, in backquotes) and
/// type (second cell).
fn glossary() -> BTreeMap<String, String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/GLOSSARY.md");
    let text = std::fs::read_to_string(path).expect("docs/GLOSSARY.md");
    let mut names = BTreeMap::new();
    for line in text.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let name = cells[0].trim_start_matches("| ").trim_matches('`');
        let ty = cells.get(1).copied().unwrap_or("").trim();
        assert!(
            names.insert(name.to_string(), ty.to_string()).is_none(),
            "docs/GLOSSARY.md lists `{name}` twice"
        );
    }
    names
}

#[test]
fn the_list_of_schema_commands_is_complete() {
    let offered: Vec<Vec<String>> = all_commands()
        .into_iter()
        .filter(|c| {
            let args: Vec<&str> = c.iter().map(String::as_str).collect();
            help(&args).contains("--schema")
        })
        .collect();
    let listed: Vec<Vec<String>> = SCHEMA_COMMANDS
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    let missing: Vec<String> = offered
        .iter()
        .filter(|c| !listed.contains(c))
        .map(|c| c.join(" "))
        .collect();
    let stale: Vec<String> = listed
        .iter()
        .filter(|c| !offered.contains(c))
        .map(|c| c.join(" "))
        .collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "SCHEMA_COMMANDS in tests/vocabulary.rs: missing {missing:?} (they offer --schema), \
         stale {stale:?} (they do not)"
    );
}

#[test]
fn every_field_name_has_one_type() {
    let fields = fields_of(&schemas());
    assert!(fields.len() > 50, "too few fields found: {}", fields.len());
    let clashes = clashes(&fields);
    assert!(
        clashes.is_empty(),
        "one name, several types (rename one; see docs/GLOSSARY.md):\n{}",
        clashes.join("\n")
    );
}

#[test]
fn every_field_name_is_in_the_glossary_with_its_type() {
    let fields = fields_of(&schemas());
    let glossary = glossary();
    let mut problems = Vec::new();
    for (name, types) in &fields {
        let commands: BTreeSet<&str> = types.values().flatten().map(String::as_str).collect();
        let commands: Vec<&str> = commands.into_iter().collect();
        match glossary.get(name) {
            None => problems.push(format!(
                "`{name}` ({}) is missing from docs/GLOSSARY.md",
                commands.join(", ")
            )),
            // The glossary's type starts with the JSON type, read for
            // people after it (`array of integer, [south, north]`).
            Some(ty) if !SIDE_KEYS.contains(&name.as_str()) => {
                let schema_type = types.keys().next().unwrap();
                let top = schema_type.split(' ').next().unwrap();
                if !ty.starts_with(top) {
                    problems.push(format!(
                        "`{name}`: docs/GLOSSARY.md says {ty:?}, the schemas of {} say {schema_type}",
                        commands.join(", ")
                    ));
                }
            }
            Some(_) => {}
        }
    }
    for name in glossary.keys() {
        if !fields.contains_key(name) {
            problems.push(format!(
                "`{name}` is in docs/GLOSSARY.md but in no command's schema"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The checks above can fail: a name with two types in two schemas is
/// reported with both types and the commands of each, and a `$ref` into
/// `$defs` and the items of an array are followed to find it.
#[test]
fn a_planted_clash_is_reported() {
    let one: Value = serde_json::json!({
        "type": "object",
        "properties": { "score": { "type": ["array", "null"], "items": { "type": "integer" } } }
    });
    let two: Value = serde_json::json!({
        "type": "object",
        "properties": { "lines": { "type": "array", "items": { "$ref": "#/$defs/Line" } } },
        "$defs": { "Line": { "type": "object", "properties": { "score": { "type": "integer" } } } }
    });
    let fields = fields_of(&[("json".to_string(), one), ("best".to_string(), two)]);
    assert_eq!(
        clashes(&fields),
        ["`score` has 2 types: array of integer in json; integer in best"]
    );
    // A side key's type follows its object, and is not a clash.
    let sides: Value = serde_json::json!({
        "type": "object",
        "properties": {
            "board": { "type": "object", "properties": { "south": { "type": "array" } } },
            "results": { "type": "object", "properties": { "south": { "type": "integer" } } }
        }
    });
    assert!(clashes(&fields_of(&[("x".to_string(), sides)])).is_empty());
}
