//! Umbrella crate: hosts the workspace-wide integration tests and criterion benches.
pub use grimoire_engine as engine;
