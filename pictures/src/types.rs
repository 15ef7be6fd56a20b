//! Every piece type of every registered variant, read from its catalogue through the registry,
//! and a "type sheet" view that stands each of them on a board (`grimoire show --types`): the
//! way to picture types that no start position holds.

use grimoire_engine::catalogue::PieceType;
use grimoire_engine::piece::Color;
use grimoire_engine::view::{BoardView, PieceView, SquareView, Zone};

/// Every piece type of `variant` (a registry name), from its catalogue in kind order; `None`
/// for a variant the registry does not know. Ghost Chess lists its ghosts (`Ghost Queen`, ...:
/// the pieces a capture can leave on the edge ring, never a King) after the living pieces.
pub fn variant_types(variant: &str) -> Option<&'static [PieceType]> {
    Some(
        grimoire_registry::Registry::standard()
            .get(variant)?
            .piece_types,
    )
}

/// Every registered variant, in `UCI_Variant` order.
pub fn variants() -> Vec<&'static str> {
    grimoire_registry::variants()
        .iter()
        .map(|v| v.name)
        .collect()
}

/// A board holding every type of `variant`, in kind order from the top-left square: each type
/// as a White and a Black unit side by side where the board has room for both, otherwise one
/// unit per type, the colours alternating. Ghost Chess's ghosts stand on the edge ring.
pub fn types_view(variant: &str) -> Option<BoardView> {
    let game = grimoire_registry::create(variant)?;
    let types = game.entry().piece_types;
    let geometry = game.view().geometry;
    let n = geometry.board_size();
    let mut squares: Vec<SquareView> = (0..n)
        .rev()
        .flat_map(|rank| (0..n).map(move |file| (file, rank)))
        .map(|(file, rank)| SquareView {
            square: geometry.board_square(file, rank),
            zone: Zone::Board,
            units: Vec::new(),
        })
        .collect();
    let (living, ghosts): (Vec<&PieceType>, Vec<&PieceType>) =
        types.iter().partition(|t| !t.off_board);
    let unit = |t: &PieceType, color| PieceView::new(t.code, t.name, color);
    let both = living.len() * 2 <= squares.len();
    let mut i = 0;
    for (k, t) in living.iter().enumerate() {
        if both {
            squares[i].units.push(unit(t, Color::White));
            squares[i + 1].units.push(unit(t, Color::Black));
            i += 2;
        } else {
            let color = if k % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            squares[i].units.push(unit(t, color));
            i += 1;
        }
    }
    // Ghosts on the ring below the board (White's) and above it (Black's).
    for (k, t) in ghosts.iter().enumerate() {
        for (color, row) in [(Color::White, 0), (Color::Black, 9)] {
            let square = grimoire_engine::square::Square::new(k as u8 + 1, row);
            let mut u = unit(t, color);
            u.note = Some("ghost".to_string());
            squares.push(SquareView {
                square,
                zone: Zone::Edge,
                units: vec![u],
            });
        }
    }
    Some(BoardView {
        geometry,
        squares,
        hands: [Vec::new(), Vec::new()],
        side_to_move: Color::White,
    })
}
