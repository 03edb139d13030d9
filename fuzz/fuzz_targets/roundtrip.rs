//! One game's text: parse, replay, write, re-read, import its JSON (see `check_roundtrip`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| ayo_fuzz::check_roundtrip(data));
