//! The second stage of reading an EFEN: the record the syntax gave, checked as a whole and
//! made a position. Keys that only make sense together are checked here (their errors name
//! the key); what no game can reach is an [`Illegality`] (notation §2.6).

use super::super::catalogue::*;
use super::super::state::{piece, token_of, Eldritch, TAG_TURNED};
use crate::errors::{FenError, Illegality};
use crate::piece::Color;
use crate::square::{Geometry, Square};

use super::keys::{default_army, Keys};

const G: Geometry = Geometry::Framed8;

/// Makes the position of a read record: `pos` with its board, side, virgin squares and
/// counters, the en-passant square `ep` as written, and the key fields `keys`.
pub(super) fn settle(
    mut pos: Eldritch,
    ep: Option<Square>,
    keys: Keys,
) -> Result<Eldritch, FenError> {
    pos.placing = keys.placing;
    pos.hl = keys.hl;
    pos.ban = keys.ban;
    pos.grave = keys.grave;
    // ELD-605 c: pending reactions; the side to move decides the first, `turn=` (default:
    // the side to move) is the mover.
    if let Some(t) = keys.turn {
        if keys.react.is_empty() {
            return Err(FenError::field("turn", "turn= comes only with react="));
        }
        pos.turn = t;
    } else {
        pos.turn = pos.side;
    }
    if let Some(head) = keys.react.first() {
        if pos.placing.is_some() || head.owner() != pos.side {
            return Err(FenError::field(
                "react",
                "the first pending reaction is the side to move's, in play",
            ));
        }
    }
    let mover = pos.turn;
    pos.react = keys.react;
    if pos.react.is_empty() {
        pos.turn = Color::White;
        if keys.mret.any() {
            return Err(FenError::field("mret", "mret= comes only with react="));
        }
    }
    for s in keys.mret {
        if pos.piece_at(s).kind() != MYSTIC || pos.is_stack(s) {
            return Err(FenError::field(
                "mret",
                format!("{} holds no Mystic", G.name(s)),
            ));
        }
    }
    pos.mret = keys.mret;
    // ELD-603: `phase=return` (a return made, more pending) or `phase=action` (returns
    // made, the action is next): the clock is the turn's, reset by the return.
    if let Some(phase) = keys.phase.as_deref() {
        let pending = pos.returns_pending(mover);
        match phase {
            "return" if pending => {}
            "action" if !pending => {}
            _ => {
                return Err(FenError::field(
                    "phase",
                    "phase=return needs pending returns of the mover, phase=action none",
                ))
            }
        }
        if pos.placing.is_some() || pos.halfmove != 0 {
            return Err(FenError::field(
                "phase",
                "after a return the clock is 0 (ELD-623), in play",
            ));
        }
        pos.returned = true;
    }
    if pos.placing.is_some()
        && (pos.returns_pending(Color::White) || pos.returns_pending(Color::Black))
    {
        return Err(FenError::field(
            "hl",
            "no Highlander returns during placement",
        ));
    }
    pos.army = match keys.army {
        Some(army) => army,
        None => [
            default_army(&pos, Color::White),
            default_army(&pos, Color::Black),
        ],
    };
    // ELD-221: a Block restricts the mover, so it is a Barricade of the other side.
    for s in keys.blocks {
        if pos.piece_at(s) != piece(!mover, BARRICADE) {
            return Err(FenError::field(
                "block",
                format!("{} holds no Barricade of the side not moving", G.name(s)),
            ));
        }
    }
    pos.blocks = keys.blocks;
    // ELD-606: a continuation is pending (after any reactions) for a Bolt of the mover.
    if let Some(b) = keys.bolt {
        if pos.placing.is_some() || pos.piece_at(b) != piece(mover, LIGHTNING_BOLT) {
            return Err(FenError::field(
                "bolt",
                format!("{} holds no Lightning Bolt of the mover", G.name(b)),
            ));
        }
        pos.bolt = Some(b);
    }
    // ELD-043: the start squares of a side with a Necromancer, its current placement
    // unless `start=` gives them (never during placement: they are fixed when play begins).
    if pos.placing.is_none() {
        pos.record_start();
    }
    if let Some(given) = keys.start {
        let mut recorded: [Vec<(u8, Square)>; 2] =
            pos.start.as_deref().cloned().unwrap_or_default();
        for c in Color::BOTH {
            if given[c.index()].is_empty() {
                continue;
            }
            if pos.placing.is_some() || pos.army[c.index()] & (1u64 << NECROMANCER) == 0 {
                return Err(FenError::field(
                    "start",
                    format!("start= is kept only for a side whose army holds the Necromancer, in play ({})", c.name()),
                ));
            }
            recorded[c.index()] = given[c.index()].clone();
        }
        pos.start = Some(std::sync::Arc::new(recorded));
    }
    validity(&pos)?;
    if let Some(head) = pos.react.first() {
        if !pos.reaction_possible(head) {
            return Err(FenError::field(
                "react",
                "the first pending reaction cannot be taken here (ELD-241, ELD-462, ELD-463)",
            ));
        }
    }
    if pos.placing.is_some() && !pos.ban.is_empty() {
        return Err(FenError::field("ban", "no bans during placement"));
    }
    if let (Some(s), Some(b)) = (ep, pos.bolt) {
        // Inside a Bolt's turn the square is the would-be one of its first action's double
        // step, judged when the turn ends (ELD-607): the square just behind the Bolt.
        let behind = s.offset(0, super::super::geometry::forward(pos.mover())) == Some(b);
        if behind && pos.piece_at(s).is_none() {
            pos.ep = Some(s);
        }
    } else if let Some(s) = ep {
        pos.ep = Some(s);
        let ok = pos.ep_victim(s).is_some_and(|v| {
            let p = pos.piece_at(v);
            p.is_some() && p.color() != pos.side && pos.double_steps_at(v)
        }) && pos.piece_at(s).is_none();
        if !ok || !pos.ep_is_legal() {
            pos.ep = None;
        }
    }
    // A FEN has no past (notation §2.1): at a turn's first decision its own start is kept,
    // so the turn played from it may be divined; inside a turn nothing is (design C7).
    let first_decision = pos.react.is_empty() && pos.bolt.is_none() && !pos.returned;
    if pos.placing.is_none() && first_decision {
        pos.begin_turn_record();
    }
    Ok(pos)
}

/// What no game reaches (notation §2.6): the check-bearers, lieges and Doppelgangers of each
/// side, Gremlins past their turning rank, token links, a placement step with nothing to
/// place, the side not to move in check.
fn validity(pos: &Eldritch) -> Result<(), Illegality> {
    for c in Color::BOTH {
        // ELD-620 a: a side without check-bearers has lost; like chess without a king, such a
        // board is no position to play from (placement places them first, ELD-051).
        if pos.placing.is_none() && pos.check_bearers(c).is_empty() {
            return Err(Illegality::NoRoyal {
                side: c,
                what: "check-bearer (a liege or Doppelganger)",
                ruling: "ELD-610, ELD-620",
            });
        }
        let lieges = pos.check_bearers(c) & !pos.board.pieces(c, DOPPELGANGER);
        Illegality::at_most(lieges.count(), 1, "ELD-070", || {
            format!("lieges of {}", c.name())
        })?;
        let doppelgangers = pos.board.pieces(c, DOPPELGANGER).count();
        Illegality::at_most(doppelgangers, 1, "ELD-282", || {
            format!("Doppelgangers of {}", c.name())
        })?;
        for s in pos.board.pieces(c, GREMLIN) {
            let beyond = if c == Color::White {
                s.row() >= 8
            } else {
                s.row() <= 1
            };
            if beyond && pos.tag(s) & TAG_TURNED == 0 {
                return Err(Illegality::rule(
                    "ELD-401",
                    format!("the Gremlin on {} must be turned {{t}}", G.name(s)),
                ));
            }
        }
        // ELD-301, ELD-551: a token links to a creator of its side, one token per creator.
        for token in pos.board.pieces(c, BEAST) | pos.board.pieces(c, RIDDLE) {
            let Some(creator) = pos.link_of(token) else {
                continue;
            };
            let kind = pos.piece_at(token).kind();
            if token_of(pos.piece_at(creator).kind()) != Some(kind)
                || pos.piece_at(creator).color() != c
            {
                return Err(Illegality::rule(
                    "ELD-301, ELD-551",
                    format!(
                        "the {} on {} is linked to {}, which holds no {} of its side",
                        piece_type(kind).name,
                        G.name(token),
                        G.name(creator),
                        if kind == BEAST { "Druid" } else { "Sphinx" }
                    ),
                ));
            }
            if pos.linked_token(creator) != Some(token) {
                return Err(Illegality::rule(
                    "ELD-301, ELD-551",
                    format!("{} has two linked tokens", G.name(creator)),
                ));
            }
        }
    }
    if pos.is_placing() {
        let mut options = crate::moves::MoveList::new();
        pos.placement_options(&mut options);
        if options.is_empty() {
            return Err(Illegality::rule(
                "ELD-051",
                format!(
                    "{} has nothing to place in this phase of the placement",
                    pos.side.name()
                ),
            ));
        }
    } else if !pos.returned {
        // After a Highlander return (`phase=`) the returned piece may check the opponent
        // before the mover's action: the position is mid-turn, not one to refuse.
        let them = !pos.side;
        let bearers = pos.check_bearers(them);
        if bearers.any() && pos.checked_bearers(them) == bearers {
            return Err(Illegality::OpponentInCheck { ruling: None });
        }
    }
    Ok(())
}
