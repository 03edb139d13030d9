//! Replays the committed fuzz corpus (`fuzz/corpus/<target>/`) and every input
//! that once crashed a fuzzer (`fuzz/regressions/<target>/`) through the same
//! checks the fuzz targets run, on stable Rust, so that CI holds every property
//! the fuzzers check on every input they kept. See docs/ARCHITECTURE.md, "Fuzzing".

#[path = "../fuzz/checks.rs"]
mod checks;

use std::path::Path;

#[test]
fn corpus_and_regressions_pass_their_checks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut failures = Vec::new();
    let mut seen = 0;
    // The failures are collected and shown once, below: keep the default
    // hook from printing each panic with its backtrace as well.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for (target, check) in checks::TARGETS {
        let corpus = checks::corpus_files(&root.join("corpus").join(target));
        assert!(!corpus.is_empty(), "fuzz/corpus/{target}/ is empty");
        let regressions = checks::corpus_files(&root.join("regressions").join(target));
        for (path, bytes) in corpus.iter().chain(&regressions) {
            seen += 1;
            if let Err(panic) = std::panic::catch_unwind(|| check(bytes)) {
                let why = panic
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| panic.downcast_ref::<&str>().copied())
                    .unwrap_or("(no message)");
                failures.push(format!("{}: {why}", path.display()));
            }
        }
    }
    std::panic::set_hook(hook);
    assert!(
        failures.is_empty(),
        "{} of {seen} inputs fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
