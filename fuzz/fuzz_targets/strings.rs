//! Ruleset and set-up strings: no panic, canonical printing reads back (see `check_strings`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| ayo_fuzz::check_strings(data));
