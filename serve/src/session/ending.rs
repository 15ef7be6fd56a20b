//! How a game ended, in a sentence for the page's game-over banner: the rules' reason
//! (`Reason`) said in words, with the royal unit that was lost named from the catalogue.

use grimoire_arena::referee::title;
use grimoire_engine::view::BoardView;
use grimoire_engine::{Color, Outcome, Reason};
use grimoire_registry::AnyGame;

/// The names of `side`'s royal types of `game`'s catalogue, as "King" or "King or Queen".
fn royal_names(game: &dyn AnyGame) -> String {
    let names: Vec<&str> = game
        .entry()
        .piece_types
        .iter()
        .filter(|t| t.royal && !t.off_board)
        .map(|t| t.name)
        .collect();
    match names.as_slice() {
        [] => "royal piece".to_string(),
        [one] => one.to_string(),
        many => format!("royal piece ({})", many.join(", ")),
    }
}

/// Whether `side` still has a royal unit on the board of `view`.
fn has_royal(game: &dyn AnyGame, view: &BoardView, side: Color) -> bool {
    let types = game.entry().piece_types;
    view.squares.iter().any(|s| {
        s.units.iter().any(|u| {
            u.color == side
                && types.iter().any(|t| {
                    t.royal && (t.name == u.name || (u.name.is_empty() && t.code == u.code))
                })
        })
    })
}

/// The end `outcome` of `game` (in its final position) in a sentence.
pub fn explain(outcome: Outcome, game: &dyn AnyGame) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let (w, l) = (title(winner), title(!winner));
            match reason {
                Reason::Checkmate => format!("{l}'s {} is checkmated.", royal_names(game)),
                Reason::RoyalCaptured => {
                    format!("{w} captured {l}'s {}.", royal_names(game))
                }
                Reason::VariantRule if !has_royal(game, &game.view(), !winner) => {
                    format!("{w} captured or destroyed {l}'s {}.", royal_names(game))
                }
                Reason::VariantRule => format!(
                    "{l} lost by the variant's own rule: a castling in progress was broken or a \
                     royal unit was left attacked at the verdict."
                ),
                Reason::Stalemate => format!("{l} has no legal action: stalemate loses here."),
                other => format!("{w} wins by {}.", other.describe()),
            }
        }
        Outcome::Draw { reason } => match reason {
            Reason::Stalemate => format!(
                "{} has no legal action and is not in check: stalemate.",
                title(game.side_to_move())
            ),
            Reason::FiftyMoveRule => {
                "Fifty moves by each side without a capture or a pawn move.".to_string()
            }
            Reason::Repetition => "The same position occurred three times.".to_string(),
            Reason::InsufficientMaterial => {
                "Neither side has the material left to win.".to_string()
            }
            Reason::VariantRule => "A draw by the variant's own rule.".to_string(),
            other => format!("Draw by {}.", other.describe()),
        },
    }
}
