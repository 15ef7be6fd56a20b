//! Pictures of positions: SVG drawn from a variant-independent board view with a drawn glyph
//! per piece type and a key, PNG rasterised in-process, and `grimoire show`.

pub mod betza;
pub mod glyphs;
pub mod png;
pub mod show;
pub mod svg;
pub mod types;
