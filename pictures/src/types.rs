//! Every piece type of every variant, read from the variants' own tables, and a "type sheet"
//! view that stands each of them on a board (`grimoire show --types`): the way to picture types
//! that no FEN can hold yet (Eldritch's part-2 types).

use grimoire_engine::piece::Color;
use grimoire_engine::square::Geometry;
use grimoire_engine::variants::{archmage, chess, duggan, eldritch};
use grimoire_engine::view::{BoardView, PieceView, SquareView, Zone};

/// One piece type: its upper-case FEN code and full name (what the view's units carry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceType {
    pub code: String,
    pub name: String,
}

fn from_letters(letters: &[char], names: &[&str]) -> Vec<PieceType> {
    letters
        .iter()
        .zip(names)
        .map(|(l, n)| PieceType {
            code: l.to_ascii_uppercase().to_string(),
            name: n.to_string(),
        })
        .collect()
}

/// Every piece type of `variant` (a registry name), in the variant's kind order; `None` for a
/// variant this module does not know. Ghost Chess lists its ghosts (`Ghost Queen`, ...: the
/// pieces a capture can leave on the edge ring, never a King) after the living pieces.
pub fn variant_types(variant: &str) -> Option<Vec<PieceType>> {
    Some(match variant {
        "chess" => from_letters(&chess::LETTERS, &chess::NAMES),
        "duggan" => from_letters(&duggan::LETTERS, &duggan::NAMES),
        "archmage" => from_letters(&archmage::pieces::LETTERS, &archmage::pieces::NAMES),
        "ghost" => {
            let mut t = from_letters(&chess::LETTERS, &chess::NAMES);
            let ghosts: Vec<PieceType> = t
                .iter()
                .filter(|p| p.code != "K")
                .map(|p| PieceType {
                    code: p.code.clone(),
                    name: format!("Ghost {}", p.name),
                })
                .collect();
            t.extend(ghosts);
            t
        }
        // Hobgoblin's units are the FIDE types; crowds, halves and links are counts and notes.
        "hobgoblin" => from_letters(&chess::LETTERS, &chess::NAMES),
        "eldritch" => eldritch::catalogue::CATALOGUE
            .iter()
            .map(|t| PieceType {
                code: t.code.to_string(),
                name: t.name.to_string(),
            })
            .collect(),
        _ => return None,
    })
}

/// The variants [`variant_types`] knows.
pub const VARIANTS: [&str; 6] = [
    "chess",
    "duggan",
    "archmage",
    "ghost",
    "eldritch",
    "hobgoblin",
];

/// A board holding every type of `variant`, in kind order from the top-left square: each type
/// as a White and a Black unit side by side where the board has room for both, otherwise one
/// unit per type, the colours alternating. Ghost Chess's ghosts stand on the edge ring.
pub fn types_view(variant: &str) -> Option<BoardView> {
    let types = variant_types(variant)?;
    let geometry = if variant == "archmage" {
        Geometry::Board10
    } else {
        Geometry::Framed8
    };
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
    let ghost = |t: &PieceType| t.name.starts_with("Ghost ") && variant == "ghost";
    let (living, ghosts): (Vec<&PieceType>, Vec<&PieceType>) =
        types.iter().partition(|t| !ghost(t));
    let unit = |t: &PieceType, color| PieceView::new(t.code.clone(), t.name.clone(), color);
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
