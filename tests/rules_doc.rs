//! RULES.md's worked examples run as shown: every `$ command` in its `console`
//! blocks is run with bash in the repository, `ayo` being the binary under test,
//! and must print exactly the lines under it and exit 0. The document says each
//! example is reproduced by the command beside it; this keeps that true.

use crate::common;

use std::path::Path;

use common::console::{examples, run_all};

#[test]
fn rules_md_examples_run_as_shown() {
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(Path::new(root).join("RULES.md")).unwrap();
    let examples = examples(&doc);
    // The opening moves, the origin skip (2), the endless relay (2), the
    // Endodoi 2 x 8 relay (2), feeding (2) and perft (2).
    assert!(examples.len() >= 11, "too few worked examples");
    run_all(examples);
}
