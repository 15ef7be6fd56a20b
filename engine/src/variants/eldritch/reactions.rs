//! Reactions (ELD-605 c): the Celestial's knight (ELD-241, ELD-242) and the Mystic's return
//! (ELD-462..464), decided by the captured piece's owner in the middle of the mover's turn
//! (ELD-602), and the step that follows an action or a reaction: the next possible reaction,
//! the Lightning Bolt's continuation (ELD-606), or the end of the turn (ELD-607).

use super::catalogue::*;
use super::movegen::pass;
use super::state::{piece, Eldritch, Reaction, TAG_ROYAL, TAG_START};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Color;
use crate::square::Square;

/// `param` of a Celestial reaction (`d4=N`).
pub const DEC_CELESTIAL: u8 = 1;
/// `param` of a Mystic return (`*M@c7`).
pub const DEC_MYSTIC: u8 = 2;
/// `param` of a Ghost release (`>d4`).
pub const DEC_RELEASE: u8 = 3;

impl Eldritch {
    /// Queues the reaction that capturing the piece on `s` gives (ELD-241, ELD-462), before it
    /// leaves the board. A Mystic that already returned during this action gives none
    /// (ELD-463: at most once per action).
    pub(super) fn queue_reaction(&mut self, s: Square) {
        let p = self.piece_at(s);
        let entry = match p.kind() {
            CELESTIAL => Reaction::Celestial { owner: p.color() },
            MYSTIC if !self.mret.contains(s) => Reaction::Mystic {
                owner: p.color(),
                start: self.mystic_start(s),
                royal: self.tag(s) & TAG_ROYAL != 0,
            },
            _ => return,
        };
        if self.react.is_empty() {
            self.turn = self.side;
        }
        self.react.push(entry);
    }

    /// The owner's FIDE Pawns that qualify for a Celestial reaction (ELD-241): a Knight of the
    /// owner on the Pawn's square would have no capture as the owner's next action (ELD-612:
    /// freeze, capturability and the Blocks restricting the owner now, ELD-791).
    pub fn qualifying_pawns(&self, owner: Color) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for s in self.board.pieces(owner, PAWN) {
            let mut probe = self.clone();
            probe.board.remove(s);
            probe.board.put(s, piece(owner, KNIGHT));
            probe.side = owner;
            probe.react.clear();
            probe.bolt = None;
            let mut captures = false;
            if !probe.frozen(owner).contains(s) {
                let mut list = MoveList::new();
                probe.piece_moves(s, &mut list);
                captures = list
                    .iter()
                    .any(|&m| probe.piece_at(m.to()).is_some() && !probe.breaks_block(m));
            }
            if !captures {
                out.set(s);
            }
        }
        out
    }

    /// Whether the Mystic may return to `start` now (ELD-462, ELD-463): the square is empty or
    /// holds a single piece it may capture (either colour; never a check-bearer, an Ooze, an
    /// Abjurer unless the Mystic is royal, nor a Barricade blocking against its owner), and no
    /// check-bearer of the mover is newly in check afterwards.
    fn mystic_may_return(&self, owner: Color, start: Square, royal: bool) -> bool {
        let v = self.piece_at(start);
        if v.is_some() {
            let vt = piece_type(v.kind());
            let refused = self.is_stack(start)
                || self.check_bearers(v.color()).contains(start)
                || vt.has(F_UNCAPTURABLE)
                || (vt.has(F_ABJURER) && !royal)
                || (vt.has(F_SPELL_IMMUNE) && piece_type(MYSTIC).is(SPELL))
                || self.blocks_against(owner).contains(start);
            if refused {
                return false;
            }
        }
        let mover = self.mover();
        let before = self.checked_bearers(mover);
        let mut probe = self.clone();
        probe.return_mystic(owner, start, royal);
        (probe.checked_bearers(mover) & !before).is_empty()
    }

    /// Puts a returning Mystic on its start square, capturing what stands there (ELD-462,
    /// ELD-464): virgin, on its start square, royal flag kept.
    fn return_mystic(&mut self, owner: Color, start: Square, royal: bool) {
        if self.piece_at(start).is_some() {
            self.capture(start); // its effects as any capture's, reactions included
        }
        self.board.put(start, piece(owner, MYSTIC));
        self.virgin.set(start);
        self.extra.set_tag(start, royal.then_some(TAG_ROYAL));
        self.mret.set(start);
        self.halfmove = 0; // ELD-623: a capture-free return resets the clock too
    }

    pub(super) fn reaction_possible(&self, r: &Reaction) -> bool {
        match *r {
            Reaction::Celestial { owner } => self.qualifying_pawns(owner).any(),
            Reaction::Mystic {
                owner,
                start,
                royal,
            } => self.mystic_may_return(owner, start, royal),
            // ELD-385: a release is a step when an empty square is next to the stack's.
            Reaction::Release { at, .. } => self.release_squares(at).any(),
        }
    }

    /// The options of the pending reaction: each qualifying Pawn (`d4=N`) or the return
    /// (`*M@c7`), and decline (`0000`).
    pub(super) fn reaction_options(&self, list: &mut MoveList) {
        let Some(head) = self.react.first() else {
            return;
        };
        match *head {
            Reaction::Release { at, .. } => {
                // No decline (ELD-385): one option per square.
                for s in self.release_squares(at) {
                    list.push(Move::build(
                        None,
                        Some(s),
                        MoveKind::Decision,
                        None,
                        DEC_RELEASE,
                        0,
                    ));
                }
                return;
            }
            Reaction::Celestial { owner } => {
                for s in self.qualifying_pawns(owner) {
                    list.push(Move::build(
                        None,
                        Some(s),
                        MoveKind::Decision,
                        Some(KNIGHT),
                        DEC_CELESTIAL,
                        0,
                    ));
                }
            }
            Reaction::Mystic { start, .. } => list.push(Move::build(
                None,
                Some(start),
                MoveKind::Decision,
                Some(MYSTIC),
                DEC_MYSTIC,
                0,
            )),
        }
        list.push(pass());
    }

    /// Plays the pending reaction's option, then goes on with the turn.
    pub(super) fn play_reaction(&mut self, mv: Move, settle_ep: bool) {
        let mover = self.turn;
        let head = self.react.remove(0);
        if mv.kind() == MoveKind::Decision {
            match head {
                Reaction::Celestial { owner } => {
                    // ELD-241: the Pawn becomes a Knight, virgin flag and rider kept; a
                    // promotion for the clock (ELD-623).
                    let s = mv.to();
                    self.board.remove(s);
                    self.board.put(s, piece(owner, KNIGHT));
                    self.halfmove = 0;
                }
                Reaction::Mystic {
                    owner,
                    start,
                    royal,
                } => self.return_mystic(owner, start, royal),
                Reaction::Release {
                    piece,
                    tag,
                    trophies,
                    ..
                } => {
                    self.place_released(mv.to(), (piece, tag, trophies));
                    self.halfmove = 0; // ELD-623: a release
                }
            }
        }
        self.advance(mover, settle_ep);
    }

    /// ELD-605 b..d after an action or a reaction of `mover`'s turn: an elimination ends the
    /// turn; otherwise the first pending reaction that is possible is decided next (one that
    /// is impossible gives no step), then the Bolt's continuation if its conditions hold
    /// (ELD-606), else the turn ends (ELD-607).
    pub(super) fn advance(&mut self, mover: Color, settle_ep: bool) {
        if self.eliminated().is_some() {
            self.react.clear();
            self.bolt = None;
        }
        while let Some(head) = self.react.first() {
            if self.reaction_possible(head) {
                self.turn = mover;
                self.side = head.owner();
                return;
            }
            if let Reaction::Release {
                at,
                piece,
                tag,
                trophies,
            } = self.react.remove(0)
            {
                self.release_by_default(at, (piece, tag, trophies));
            }
        }
        self.turn = Color::White;
        self.side = mover;
        self.mret = Bitboard::EMPTY;
        if let Some(b) = self.bolt {
            let continues = self.piece_at(b) == piece(mover, LIGHTNING_BOLT)
                && self.eliminated().is_none()
                && self.checked_bearers(!mover).is_empty();
            if continues {
                return;
            }
            self.bolt = None;
        }
        self.end_turn(mover, settle_ep);
    }
}

/// Keeps a Mystic's start-square tag canonical after it moved from `from` to `to`: 0 while it
/// stands on its start square (ELD-461).
pub(super) fn mystic_start_tag(tag: u32, from: Square, to: Square) -> u32 {
    use super::state::TAG_START_SHIFT;
    let start = match (tag & TAG_START) >> TAG_START_SHIFT {
        0 => from,
        i => Square::from_index(i as u8 - 1),
    };
    let rest = tag & !TAG_START;
    if start == to {
        rest
    } else {
        rest | (start.index() as u32 + 1) << TAG_START_SHIFT
    }
}
