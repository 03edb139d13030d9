//! Output names from tag values: every name stays in its folder and none collide (see `check_names`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| ayo_fuzz::check_names(data));
