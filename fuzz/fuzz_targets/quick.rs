//! `ayo validate`'s quick check on arbitrary bytes: it never calls a game valid
//! that the full parse and check report anything in (see `check_quick`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| ayo_fuzz::check_quick(data));
