//! Legality without playing, where it is provable (ELD-613 with one check-bearer): when every
//! enemy piece that could reach the bearer on an empty board (`may_reach`) is a slider with a
//! stopping piece between, a move that moves no bearer, adds no bearer and takes none
//! of those stops away leaves the bearer unattacked, so it needs no copy played and looked at.
//! Anything else (the bearer moving, invokes, castling, blasts, removals elsewhere, an Evoker's
//! ranged capture) is played as before.

use super::catalogue::*;
use super::movegen::{is_en_passant, may_reach};
use super::plain::tables;
use super::state::{Eldritch, ShadowmancerMode};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};

/// What a move must leave standing for the proof: the stops between the bearer and each
/// enemy slider that could reach it.
pub(super) struct Screen {
    bearer: crate::square::Square,
    /// The stopping pieces (and missing squares) between the bearer and each reaching slider.
    stops: arrayvec::ArrayVec<Bitboard, 16>,
}

/// Whether every capture of `kind` is a slide (ELD-008), whatever its state: a stop between
/// it and its target then always stands in the way.
fn slides_only(kind: u8) -> bool {
    !matches!(kind, SHAPESHIFTER | LIGHTNING_BOLT | HIGHLANDER | EVOKER)
        && piece_type(kind)
            .atoms
            .iter()
            .all(|a| matches!(a, MovePattern::Slide(_)))
}

impl Eldritch {
    /// The screen of the side to move, or `None` where the proof does not apply.
    pub(super) fn screen(&self) -> Option<Screen> {
        let us = self.side;
        let bearers = self.check_bearers(us);
        if bearers.count() != 1 || !self.react.is_empty() || self.bolt.is_some() {
            return None;
        }
        let b = &self.board;
        let them = b.color(!us);
        // ELD-322: an Evoker captures at range; ELD-OPT-2 forbid also judges the enemy liege.
        if b.pieces(!us, EVOKER).any()
            || (self.options.shadowmancer == ShadowmancerMode::Forbid
                && b.pieces(!us, SHADOWMANCER).any())
        {
            return None;
        }
        let bearer = bearers.lsb();
        let stopping = (b.occupied() & !self.passable_pieces(!us)) | !self.exists();
        let mut stops = arrayvec::ArrayVec::new();
        for s in them {
            let kind = self.piece_at(s).kind();
            let delta = (
                bearer.col() as i8 - s.col() as i8,
                bearer.row() as i8 - s.row() as i8,
            );
            if !may_reach(kind, !us, delta) {
                continue;
            }
            let between = tables().between(bearer, s) & stopping;
            if !slides_only(kind) || between.is_empty() || stops.is_full() {
                return None;
            }
            stops.push(between);
        }
        Some(Screen { bearer, stops })
    }

    /// Whether `mv` is proven legal by `screen` (false: play it and look).
    pub(super) fn screened(&self, screen: &Screen, mv: Move) -> bool {
        let from = mv.from();
        if from == screen.bearer {
            return false;
        }
        match mv.kind() {
            MoveKind::Normal | MoveKind::DoublePush | MoveKind::EnPassant => {}
            // A promotion into a check-bearer adds one (ELD-610).
            MoveKind::Promotion => {
                if mv.piece_kind().is_some_and(|k| {
                    matches!(k, KING | ARCHMAGE | PONTIFF | VAMPIRE | DOPPELGANGER)
                }) {
                    return false;
                }
            }
            _ => return false,
        }
        let mover = self.piece_at(from).kind();
        // Blasts and captures of own Pawns take more than the target (ELD-351, ELD-343).
        if matches!(mover, FIREBALL | FIEND) {
            return false;
        }
        let mut removed = Bitboard::from_square(from);
        if is_en_passant(mv) {
            match self.ep_victim(mv.to()) {
                Some(v) => removed.set(v),
                None => return false,
            }
        }
        // The landing square stays a stop unless the piece there leaves or lets slides pass.
        let landed = match mv.piece_kind() {
            Some(k) if mv.kind() == MoveKind::Promotion => k,
            _ => mover,
        };
        if matches!(mover, BEAST | BERSERKER) || piece_type(landed).has(F_PASSABLE_ENEMY) {
            removed.set(mv.to());
        }
        let mut target = mv.to();
        if mover == DRAGON && mv.param() != 0 && mv.kind() == MoveKind::Normal {
            target = crate::square::Square::from_index(mv.param()); // ELD-291
            removed.set(target);
        }
        // A captured Beast takes its Druid with it (ELD-303).
        if self.piece_at(target).kind() == BEAST && self.piece_at(target).is_some() {
            return false;
        }
        screen.stops.iter().all(|&s| (s & !removed).any())
    }
}
