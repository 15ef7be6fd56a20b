//! `cargo +nightly fuzz run session`: see `grimoire_protocol::session_fuzz::fuzz_session`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    grimoire_protocol::session_fuzz::fuzz_session(data);
});
