//! What threatens the player to act, for a board to show ([`crate::AnyGame::danger`]): the
//! check, the royal units in danger (a check, a Ghost Chess ghost that can take the king next
//! move, a Hobgoblin castling in progress: [`SearchHooks::in_danger`]), and the units the
//! opponent could take if the player passed.
//!
//! Everything here is generic: the royal units are found in the position's view by the
//! catalogue's `royal` flags, and the threats by the opponent's legal actions in the position
//! with the turn passed ([`SearchHooks::make_null`], or the FEN with the other side to move
//! where the variant will not pass here), each played to see which of the player's units it
//! removes.

use grimoire_engine::catalogue::PieceType;
use grimoire_engine::prelude::*;
use grimoire_engine::view::{BoardView, PieceView};
use grimoire_engine::{Color, Square};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Longest the opponent's actions may take to list (Hobgoblin's crowds can take seconds):
/// past it the threats are what was listed.
const LIST_BUDGET: Duration = Duration::from_millis(40);
/// Most opponent actions played one by one to see what they remove; past it, an action
/// threatens the player's unit on its destination square.
const PLAYED_ACTIONS: usize = 400;

/// What threatens the player to act.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Danger {
    /// The player to act is in check ([`Position::in_check`]).
    pub check: bool,
    /// The player must answer a threat as urgently as a check ([`SearchHooks::in_danger`]).
    pub in_danger: bool,
    /// Where `in_danger` holds: the squares of the player's royal units that the opponent's
    /// actions would take (from `threatened`), or all of them where that is not known (a
    /// position the variant cannot pass in, such as a check). Empty otherwise.
    pub royal: Vec<String>,
    /// The squares of the player's units that some legal action of the opponent would remove
    /// if the player passed; `None` where no such position exists (a check, a pending
    /// decision or roll, a FEN the variant refuses with the other side to move).
    pub threatened: Option<Vec<String>>,
    /// The squares of the opponent's royal units that a legal action of the player to act
    /// moves onto now: a royal piece that can be taken (Ghost Chess: a ghost that spawned
    /// where it reaches the king, GHO-52). Empty where royal units cannot be taken (check
    /// rules keep them safe).
    pub capturable_royal: Vec<String>,
}

/// Whether `unit` is of a royal type of `types` (by name where the view names it, else code).
fn is_royal(types: &[PieceType], unit: &PieceView) -> bool {
    types.iter().any(|t| {
        t.royal
            && if unit.name.is_empty() {
                t.code == unit.code
            } else {
                t.name == unit.name
            }
    })
}

/// Units of `side` per square of `view`.
fn units_of(view: &BoardView, side: Color) -> HashMap<Square, u32> {
    let mut out = HashMap::new();
    for s in &view.squares {
        let n: u32 = s
            .units
            .iter()
            .filter(|u| u.color == side)
            .map(|u| u.count)
            .sum();
        if n > 0 {
            out.insert(s.square, n);
        }
    }
    out
}

/// The squares of royal units of `side` (by the catalogue `types`) in `view`.
fn royal_squares(types: &[PieceType], view: &BoardView, side: Color) -> Vec<Square> {
    view.squares
        .iter()
        .filter(|s| {
            s.units
                .iter()
                .any(|u| u.color == side && is_royal(types, u))
        })
        .map(|s| s.square)
        .collect()
}

/// The legal actions of `pos`, listed within [`LIST_BUDGET`].
fn actions_within_budget<R: Rules>(pos: &R) -> MoveList {
    let mut list = MoveList::new();
    let started = Instant::now();
    pos.generate_legal_until(&mut list, &mut |_| started.elapsed() > LIST_BUDGET);
    list
}

/// The position with the turn passed to the other side, if the variant allows one here.
fn passed<R: Rules>(pos: &R, options: &R::Options) -> Option<R> {
    if pos.is_chance_node() {
        return None;
    }
    if let Some(p) = pos.make_null() {
        return Some(p);
    }
    // The same board with the other side to move and no en passant square (FEN field 4 in
    // every variant's FEN); the variant's FEN reader refuses what it cannot hold.
    let fen = pos.to_fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    let side = fields.get_mut(1)?;
    *side = match *side {
        "w" => "b",
        "b" => "w",
        _ => return None,
    };
    if let Some(ep) = fields.get_mut(3) {
        *ep = "-";
    }
    let next = R::from_fen(&fields.join(" "), options).ok()?;
    (next.side_to_move() != pos.side_to_move()).then_some(next)
}

/// The squares of `side`'s units (in `view`) that a legal action of `opponent_pos` removes.
fn threatened_squares<R: Rules>(opponent_pos: &R, view: &BoardView, side: Color) -> Vec<Square> {
    let mine = units_of(view, side);
    let total: u32 = mine.values().sum();
    let list = actions_within_budget(opponent_pos);
    let mut hit: Vec<Square> = Vec::new();
    let mark = |sq: Square, hit: &mut Vec<Square>| {
        if !hit.contains(&sq) {
            hit.push(sq);
        }
    };
    if list.len() <= PLAYED_ACTIONS {
        for &mv in list.iter() {
            let mut after = opponent_pos.clone();
            after.play(mv);
            let now = units_of(&after.view(), side);
            if now.values().sum::<u32>() >= total {
                continue;
            }
            for (&sq, &n) in &mine {
                if now.get(&sq).copied().unwrap_or(0) < n {
                    mark(sq, &mut hit);
                }
            }
        }
    } else {
        for &mv in list.iter() {
            if let Some(to) = mv.to_opt().filter(|to| mine.contains_key(to)) {
                mark(to, &mut hit);
            }
        }
    }
    hit.sort_by_key(|s| s.index());
    hit
}

/// The danger of the player to act in `pos`.
pub fn danger_of<R: Rules>(pos: &R, options: &R::Options) -> Danger {
    let check = pos.in_check();
    let in_danger = check || pos.in_danger();
    let side = pos.side_to_move();
    let view = pos.view();
    let threatened = passed(pos, options).map(|p| threatened_squares(&p, &view, side));
    let types = R::piece_types();
    let royal: Vec<Square> = if in_danger {
        let all = royal_squares(types, &view, side);
        let hit: Vec<Square> = match &threatened {
            Some(t) => all.iter().copied().filter(|s| t.contains(s)).collect(),
            None => Vec::new(),
        };
        if hit.is_empty() {
            all
        } else {
            hit
        }
    } else {
        Vec::new()
    };
    let theirs = royal_squares(types, &view, !side);
    let mut capturable: Vec<Square> = Vec::new();
    if !theirs.is_empty() && !pos.is_chance_node() {
        for &mv in actions_within_budget(pos).iter() {
            if let Some(to) = mv.to_opt().filter(|to| theirs.contains(to)) {
                if !capturable.contains(&to) {
                    capturable.push(to);
                }
            }
        }
    }
    capturable.sort_by_key(|s| s.index());
    let name = |sq: &Square| R::GEOMETRY.name(*sq);
    Danger {
        check,
        in_danger,
        royal: royal.iter().map(name).collect(),
        threatened: threatened.map(|t| t.iter().map(name).collect()),
        capturable_royal: capturable.iter().map(name).collect(),
    }
}

#[cfg(test)]
mod tests {
    use crate::create;

    fn danger(variant: &str, fen: Option<&str>, moves: &[&str]) -> super::Danger {
        let mut g = create(variant).expect("registered");
        g.set_position(fen, moves).expect("position");
        g.danger()
    }

    #[test]
    fn a_check_marks_the_king() {
        let d = danger("chess", Some("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"), &[]);
        assert!(d.check && d.in_danger);
        assert_eq!(d.royal, ["e1"]);
    }

    #[test]
    fn the_start_is_safe_and_threats_are_the_units_the_opponent_could_take() {
        let d = danger("chess", None, &[]);
        assert!(!d.check && !d.in_danger && d.royal.is_empty());
        assert_eq!(d.threatened, Some(vec![]));
        // 1.e4 d5: White to move; Black's pawn on d5 could take e4 (if White passed).
        let d = danger("chess", None, &["e2e4", "d7d5"]);
        assert_eq!(d.threatened, Some(vec!["e4".to_string()]));
    }

    /// The line: 1.h4 e6 2.c3 Qg5 3.hxg5, the queen's ghost spawned on i5, where it
    /// can take the king (GHO-52): Black may take it now; if Black does not, White is in
    /// danger without a check.
    #[test]
    fn a_ghost_that_can_take_the_king_is_a_danger_not_a_check() {
        let mut g = create("ghost").unwrap();
        g.set_position(None, &["h2h4", "e7e6", "c2c3", "d8g5", "h4g5"])
            .unwrap();
        let d = g.danger();
        assert_eq!(d.capturable_royal, ["e1"], "{d:?}");
        assert!(!d.in_danger && d.royal.is_empty());
        g.play_token("a7a6").unwrap();
        let d = g.danger();
        assert!(!d.check && d.in_danger, "{d:?}");
        assert_eq!(d.royal, ["e1"]);
        assert!(d.capturable_royal.is_empty());
    }

    /// Eldritch: a liege in check; Hobgoblin: a castling in progress is a danger (HOB-65), both
    /// king halves are marked.
    #[test]
    fn eldritch_checks_and_hobgoblin_castling_are_marked() {
        let d = danger("eldritch", Some("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"), &[]);
        assert!(d.check);
        assert_eq!(d.royal, ["e1"]);
        let castling = danger(
            "hobgoblin",
            Some("4k4/9/9/9/9/9/9/4K2R1 w K - 0 1 L"),
            &["e1g1", "e8d8"],
        );
        assert!(!castling.check && castling.in_danger);
        assert_eq!(castling.royal, ["e1", "g1"]);
    }
}
