//! Parameter tuning from self-play games. The tuner itself arrives with the self-play issue
//! (Texel tuning over `grimoire-eval` parameters); this crate reserves its place in the workspace.
