//! The engine on arbitrary set-ups and moves under arbitrary rulesets: seeds conserved, no
//! panic, bounded work (see `check_engine`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| ayo_fuzz::check_engine(data));
