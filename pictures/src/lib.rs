//! Pictures of positions: SVG drawn from a variant-independent board view, and `grimoire show`.

pub mod show;
pub mod svg;
