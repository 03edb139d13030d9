//! `import` on arbitrary JSON: what it accepts writes and reads back as itself (see
//! `check_import`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| ayo_fuzz::check_import(data));
