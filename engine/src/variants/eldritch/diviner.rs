//! The Diviner's Divine (ELD-271..276, ELD-803): the record of the opponent's last turn that
//! makes it possible, the undo itself, and the ban on repeating the undone first action.

use super::catalogue::*;
use super::invokes::invoke;
use super::state::Eldritch;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Color;
use crate::rules::{Notation, Position};
use crate::square::Square;
use std::sync::Arc;

/// What the Divine needs of the past: not part of a position's identity (equality ignores it;
/// the hash mixes it, since it changes what may follow).
#[derive(Clone, Debug, Default)]
pub struct History {
    /// The current turn's start, with its own history cleared, and its hash: kept while the
    /// player not moving has a Diviner on the board.
    turn_start: Option<(Arc<Eldritch>, u64)>,
    /// The token of this turn's first action (ELD-604), as played.
    first: Option<Arc<str>>,
    /// At a turn's first decision: the opponent's previous turn (its start and first action).
    undo: Option<Arc<Undo>>,
}

#[derive(Debug)]
struct Undo {
    start: Arc<Eldritch>,
    start_hash: u64,
    first: Arc<str>,
}

impl PartialEq for History {
    fn eq(&self, _: &History) -> bool {
        true // the past is not part of the position (ELD-622's identity)
    }
}

impl Eq for History {}

/// FNV-1a over a token, for hashing bans and records.
fn token_hash(token: &str) -> u64 {
    token.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Eldritch {
    /// The hash term of the history (transposition keys only): the undo record at a first
    /// decision of a side with a Diviner, the turn's start and first action inside a turn.
    pub(super) fn history_key(&self) -> u64 {
        let h = &self.history;
        let mut key = 0;
        if let Some(u) = &h.undo {
            if self.board.pieces(self.side, DIVINER).any() {
                key ^= u.start_hash.rotate_left(7) ^ token_hash(&u.first);
            }
        }
        if let (Some((_, hash)), Some(first)) = (&h.turn_start, &h.first) {
            key ^= hash.rotate_left(13) ^ token_hash(first).rotate_left(3);
        }
        key
    }

    /// The hash term of the ban set (part of the position, FEN `ban=`).
    pub(super) fn ban_key(&self) -> u64 {
        self.ban
            .iter()
            .enumerate()
            .fold(0, |k, (i, t)| k ^ token_hash(t).rotate_left(i as u32 + 1))
    }

    /// The bans on the first action of this re-taken turn (ELD-273), as tokens.
    pub fn banned(&self) -> &[String] {
        &self.ban
    }

    /// At a turn's start: keeps the start while the player not moving has a Diviner on the
    /// board, so that it may undo this turn (ELD-271 a, b).
    pub(super) fn begin_turn_record(&mut self) {
        self.history.first = None;
        self.history.turn_start = None;
        if self.board.pieces(!self.side, DIVINER).any() {
            let mut snapshot = self.clone();
            snapshot.history = History::default();
            let hash = snapshot.hash();
            self.history.turn_start = Some((Arc::new(snapshot), hash));
        }
    }

    /// Records the turn's first action (ELD-604) while a start is kept.
    pub(super) fn record_first_action(&mut self, mv: Move) {
        if self.history.turn_start.is_some() && self.history.first.is_none() {
            self.history.first = Some(Arc::from(self.format_move(mv)));
        }
    }

    /// ELD-607: the ending turn becomes the record the next mover may undo; its ban ends.
    pub(super) fn end_turn_record(&mut self) {
        let start = self.history.turn_start.take();
        let first = self.history.first.take();
        self.history.undo = match (start, first) {
            (Some((start, start_hash)), Some(first)) => Some(Arc::new(Undo {
                start,
                start_hash,
                first,
            })),
            _ => None,
        };
        self.ban.clear();
    }

    /// A search pass or a position without its past: no record, no Divine.
    pub(super) fn forget_history(&mut self) {
        self.history = History::default();
    }

    /// ELD-272: the opponent's previous turn undone by the Diviner on `d`: its start, less the
    /// Diviner and its rider, with the clock at 0 and the undone first action banned.
    fn restored(&self, d: Square) -> Option<Eldritch> {
        let undo = self.history.undo.as_ref()?;
        let mut r = (*undo.start).clone();
        // The Diviner has not moved since: only its owner moves it (design §2.11).
        debug_assert_eq!(r.piece_at(d), self.piece_at(d));
        if r.piece_at(d) != self.piece_at(d) {
            return None;
        }
        r.take_off(d);
        r.halfmove = 0;
        r.ban.push(undo.first.to_string());
        r.history = History::default();
        r.begin_turn_record();
        Some(r)
    }

    /// The Divine options of the side to move (ELD-271): at the first decision of its turn,
    /// after an opponent's turn with an action, for each of its Diviners on the board, when no
    /// check-bearer of its is in check in the restored position (ELD-274).
    pub(super) fn divine_moves(&self, list: &mut MoveList) {
        let first_decision = !self.returned && self.react.is_empty() && self.bolt.is_none();
        if self.history.undo.is_none() || !first_decision || self.placing.is_some() {
            return;
        }
        let us = self.side;
        for d in self.board.pieces(us, DIVINER) {
            if let Some(r) = self.restored(d) {
                if r.checked_bearers(us).is_empty() {
                    list.push(invoke(d, d, None, 0));
                }
            }
        }
    }

    /// Plays a Divine (ELD-272): the opponent now re-takes its turn.
    pub(super) fn divine(&mut self, d: Square) {
        if let Some(r) = self.restored(d) {
            *self = r;
        }
    }

    /// ELD-273, ELD-613 c: drops the banned first actions of a re-taken turn.
    pub(super) fn drop_banned(&self, list: &mut MoveList) {
        if self.ban.is_empty() || self.bolt.is_some() || !self.react.is_empty() {
            return;
        }
        list.retain(|m| {
            m.kind() == MoveKind::Placement || !self.ban.iter().any(|b| *b == self.format_move(*m))
        });
    }

    /// The opponent's previous turn as the record holds it: its start and first action.
    pub(super) fn undo_record(&self) -> Option<(&Eldritch, &str)> {
        self.history
            .undo
            .as_ref()
            .map(|u| (u.start.as_ref(), u.first.as_ref()))
    }

    /// Whether `mv` is a Divine (the Diviner's only special action).
    pub fn is_divine(&self, mv: Move) -> bool {
        mv.kind() == MoveKind::Invoke
            && mv.ext() != super::invokes::EXT_LEAVE
            && self.piece_at(mv.from()).kind() == DIVINER
    }

    /// Whether `c` can ever divine: a Diviner on the board.
    pub fn has_diviner(&self, c: Color) -> bool {
        self.board.pieces(c, DIVINER).any()
    }
}
