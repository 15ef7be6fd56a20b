//! `grimoire show`: a position as text, or as an SVG picture (`--svg out.svg`).

use crate::svg::render_svg;
use grimoire_registry as registry;
use std::path::PathBuf;

/// Arguments of `grimoire show`.
#[derive(clap::Args, Debug, Clone)]
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
}

/// Builds the position; with `--svg` writes the picture (the last move highlighted, the result
/// as caption if the game is over) and returns a line saying where, otherwise returns the text
/// board of the `d` command.
pub fn run(args: &ShowArgs) -> Result<String, String> {
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
    let Some(path) = &args.svg else {
        return Ok(game.display());
    };
    let caption = game.outcome().map(|o| o.to_string());
    let svg = render_svg(&game.view(), &game.last_move_squares(), caption.as_deref());
    std::fs::write(path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(format!(
        "wrote {} position to {}",
        game.variant(),
        path.display()
    ))
}
