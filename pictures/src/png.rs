//! PNG pictures: the SVG rasterised in-process with `resvg` (no outside tool).
//!
//! Glyphs are plain vector shapes and need no font. Labels, notes, the key's names and captions
//! are SVG text, drawn with the system's fonts (DejaVu Sans where installed, Debian's
//! `fonts-dejavu-core`); on a machine with no fonts at all the picture is still made, without
//! its text.

use resvg::{tiny_skia, usvg};
use std::sync::{Arc, OnceLock};

/// Smallest and largest PNG width accepted.
pub const MIN_WIDTH: u32 = 16;
pub const MAX_WIDTH: u32 = 8192;

/// The system fonts, loaded once per process.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            db.set_sans_serif_family("DejaVu Sans");
            Arc::new(db)
        })
        .clone()
}

/// Rasterises the SVG document `svg` to PNG bytes. `width` is the PNG's width in pixels (the
/// height keeps the picture's proportions); `None` draws at twice the SVG's own size.
pub fn render_png(svg: &str, width: Option<u32>) -> Result<Vec<u8>, String> {
    let options = usvg::Options {
        font_family: "DejaVu Sans".to_string(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("bad SVG: {e}"))?;
    let size = tree.size();
    let width = match width {
        Some(w) if !(MIN_WIDTH..=MAX_WIDTH).contains(&w) => {
            return Err(format!(
                "PNG width {w} is outside {MIN_WIDTH}..={MAX_WIDTH}"
            ))
        }
        Some(w) => w,
        None => (size.width() * 2.0).round() as u32,
    };
    let scale = width as f32 / size.width();
    let height = ((size.height() * scale).round() as u32).max(1);
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| format!("cannot make a {width}x{height} picture"))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| format!("cannot encode PNG: {e}"))
}
