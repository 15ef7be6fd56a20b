//! `cargo +nightly fuzz run setoption`: see `grimoire_protocol::reliability::fuzz_setoption`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    grimoire_protocol::reliability::fuzz_setoption(data);
});
