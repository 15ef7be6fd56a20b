//! `cargo +nightly fuzz run moves`: see `grimoire_protocol::reliability::fuzz_moves`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    grimoire_protocol::reliability::fuzz_moves(data);
});
