//! The game reader on arbitrary bytes: nothing dropped, places right, every game that parses
//! round-trips (see `check_reader`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| ayo_fuzz::check_reader(data));
