//! Holds no code: the criterion benches are `perft.rs` and `search.rs` beside it.
