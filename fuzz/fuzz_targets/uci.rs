//! `cargo +nightly fuzz run uci`: see `grimoire_protocol::reliability::fuzz_uci`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    grimoire_protocol::reliability::fuzz_uci(data);
});
