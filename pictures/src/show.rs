//! `grimoire show`: a position as text, as an SVG picture (`--svg out.svg`), as a PNG picture
//! rasterised in-process (`--png out.png [--size N]`), or as the board view's JSON (`--json`).

use crate::png::render_png;
use crate::svg::render_svg;
use crate::types::{types_view, variants};
use grimoire_registry as registry;
use std::path::{Path, PathBuf};

/// Arguments of `grimoire show`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ShowArgs {
    /// The variant (`grimoire variants` lists them).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Start from this FEN instead of the variant's start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play from the start position or FEN first.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// Write an SVG picture of the position to this file instead of printing the board.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Write a PNG picture of the position to this file (drawn in-process, no outside tool).
    #[arg(long)]
    pub png: Option<PathBuf>,
    /// Width of the PNG in pixels (the height keeps the proportions); default twice the SVG's.
    #[arg(long, requires = "png")]
    pub size: Option<u32>,
    /// Print the board view as JSON (squares with their units, hands, side to move) for other
    /// front ends, instead of the text board.
    #[arg(long)]
    pub json: bool,
    /// Instead of a position, stand every piece type of the variant on the board (a type
    /// sheet: each type's glyph with the key naming them all), including types no FEN can
    /// hold yet.
    #[arg(long, conflicts_with_all = ["fen", "moves"])]
    pub types: bool,
}

/// Builds the position. With `--svg` and/or `--png` writes the pictures (the last move
/// highlighted, the result as caption if the game is over) and returns a line per file saying
/// where; with `--json` returns the view's JSON; otherwise returns the text board of the `d`
/// command.
pub fn run(args: &ShowArgs) -> Result<String, String> {
    if args.types {
        return types_sheet(args);
    }
    let mut game = registry::create(&args.variant).ok_or_else(|| {
        format!(
            "unknown variant '{}' (known: {})",
            args.variant,
            registry::variant_names().join(", ")
        )
    })?;
    let tokens: Vec<&str> = args.moves.iter().map(String::as_str).collect();
    game.set_position(args.fen.as_deref(), &tokens)
        .map_err(|e| e.to_string())?;
    let view = game.view();
    if args.json {
        return Ok(view.to_json());
    }
    if args.svg.is_none() && args.png.is_none() {
        return Ok(game.display());
    }
    let caption = game.outcome().map(|o| o.to_string());
    let svg = render_svg(&view, &game.last_move_squares(), caption.as_deref());
    write_pictures(args, &svg, &format!("{} position", game.variant()))
}

/// `--types`: the type sheet of the variant.
fn types_sheet(args: &ShowArgs) -> Result<String, String> {
    let view = types_view(&args.variant).ok_or_else(|| {
        format!(
            "no type sheet for variant '{}' (known: {})",
            args.variant,
            variants().join(", ")
        )
    })?;
    if args.json {
        return Ok(view.to_json());
    }
    if args.svg.is_none() && args.png.is_none() {
        return Err("--types draws a picture: give --svg, --png or --json".to_string());
    }
    let caption = format!("{}: every piece type", args.variant);
    let svg = render_svg(&view, &[], Some(&caption));
    write_pictures(args, &svg, &format!("{} type sheet", args.variant))
}

/// Writes the SVG and/or the PNG of `svg` where `args` asks; a line per file written.
fn write_pictures(args: &ShowArgs, svg: &str, what: &str) -> Result<String, String> {
    // Everything is made before anything is written, so an error leaves no file behind.
    let png = match &args.png {
        Some(_) => Some(render_png(svg, args.size)?),
        None => None,
    };
    let mut lines = Vec::new();
    let mut write = |path: &Path, bytes: &[u8]| -> Result<(), String> {
        std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        lines.push(format!("wrote {what} to {}", path.display()));
        Ok(())
    };
    if let Some(path) = &args.svg {
        write(path, svg.as_bytes())?;
    }
    if let (Some(path), Some(png)) = (&args.png, &png) {
        write(path, png)?;
    }
    Ok(lines.join("\n"))
}
