//! Every integration test of `ayo`, in one binary (as ripgrep and jiff do):
//! one link of the library instead of one per file, which was most of the
//! time of a cold `cargo test`. Each module is one former test file; its
//! snapshots are named `tests__<module>__<test>`.

mod common;
mod pictures;

mod analyze;
mod architecture;
mod bounded;
mod browser;
mod chunks;
mod cli;
mod corpus;
mod differential;
mod fill;
mod fuzz_corpus;
mod hostile;
mod io;
mod jobs;
mod large_corpora;
mod long_relays;
mod moves;
mod perft;
mod quick;
mod readme;
mod rules_doc;
mod search;
mod serve;
mod standings;
mod stats;
mod surface;
mod svg;
mod tables;
mod unparsed;
mod verdict;
mod vocabulary;
mod widths;
