//! `cargo +nightly fuzz run fen`: see `grimoire_protocol::reliability::fuzz_fen`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    grimoire_protocol::reliability::fuzz_fen(data);
});
