//! Static exchange evaluation for Duggan: the captures on one square are played out on the
//! bitboards, each side taking with its least valuable piece that can capture (DUG-40, with
//! the threatened test for Mercenaries, recomputed after every capture), and either side may
//! stop. What Duggan adds to the FIDE method:
//!
//! - every step is an exact "can capture" test on the current bitboards, so Golem immunity
//!   (DUG-7), Golem paths (DUG-13) and Mercenary threat steps (DUG-41) are respected and lines
//!   opened by a capture are seen without x-ray tables;
//! - a Golem's move, the first one or a recapture landing on the square, also removes every
//!   piece on its path, of both sides; that material is part of the step's gain;
//! - the Adept recaptures only if no enemy piece could then capture it.
//!
//! Pins are ignored, as in chess. Promotions count as even trades.

use super::attacks::{merc_threatened, Bits};
use super::tables::{path_blockers, tables, NO_VECTOR};
use super::*;
use crate::rules::SearchHooks;

/// Exchange values (the Adept's is large so that it only ever captures last).
const SEE_VALUE: [i32; KINDS] = [296, 100, 523, 330, 145, 1659, 20_000];

/// Capturers in the order they are tried: least valuable first.
const ORDER: [u8; 7] = [MERCENARY, COMMANDER, GOLEM, BISHOP, ARCHER, ASSASSIN, ADEPT];

fn kind_at(b: &Bits, s: Square) -> u8 {
    (0..KINDS as u8)
        .find(|&k| b.kind[k as usize].contains(s))
        .expect("occupied square")
}

/// Material value of `set` for `side`: its enemies' pieces count plus, its own minus.
fn balance(b: &Bits, set: Bitboard, side: Color) -> i32 {
    set.into_iter()
        .map(|s| {
            let v = SEE_VALUE[kind_at(b, s) as usize];
            if b.color[side.index()].contains(s) {
                -v
            } else {
                v
            }
        })
        .sum()
}

/// The least valuable piece of `side` that can capture the piece on `x` by moving there, with
/// the squares its capture empties (a Golem's path included).
fn least_valuable_capturer(b: &Bits, x: Square, side: Color) -> Option<(Square, u8, Bitboard)> {
    let t = tables();
    let i = x.index();
    let victim_golem = b.kind[GOLEM as usize].contains(x);
    let occ = b.occ();
    for kind in ORDER {
        if victim_golem && !matches!(kind, MERCENARY | COMMANDER | ADEPT) {
            continue;
        }
        let mine = b.pieces(side, kind);
        if mine.is_empty() {
            continue;
        }
        let one = Bitboard::from_square(x);
        let found = match kind {
            MERCENARY => (t.merc_sources[side.index()][i] & mine)
                .into_iter()
                .find(|&m| merc_threatened(b, m, side))
                .map(|m| (m, one)),
            COMMANDER => (t.wazir[i] & mine).into_iter().next().map(|c| (c, one)),
            GOLEM => {
                let forbidden = b.kind[GOLEM as usize] | b.pieces(side, ADEPT);
                (t.golem_sources[i] & mine).into_iter().find_map(|g| {
                    let v = t.golem_vector(g, x);
                    if v == NO_VECTOR {
                        return None;
                    }
                    let v = v as usize;
                    let full = t.golem_full[g.index()][v];
                    let lands_here = t.golem_dest[g.index()][v] as usize == i;
                    (lands_here && (full & forbidden).is_empty()).then(|| (g, full & occ))
                })
            }
            BISHOP => (t.base.bishop(x, occ) & mine)
                .into_iter()
                .next()
                .map(|s| (s, one)),
            ARCHER => {
                let blockers = path_blockers(occ);
                (t.archer_targets[i] & mine)
                    .into_iter()
                    .find(|&a| t.archer_clear(x, a, blockers))
                    .map(|a| (a, one))
            }
            _ => (t.base.king[i] & mine).into_iter().next().map(|s| (s, one)),
        };
        if let Some((from, removed)) = found {
            return Some((from, kind, removed));
        }
    }
    None
}

impl SearchHooks for Duggan {
    /// Captures (every move that removes an enemy piece; a Golem crush is scored by the enemy
    /// material it removes minus the own material it removes) and promotions (Mercenary and
    /// Commander). A Golem crush of own pieces only is not tactical.
    fn tactical_order(&self, mv: Move) -> Option<i32> {
        let b = &self.board;
        let from = mv.from();
        let attacker = b.piece_at(from).kind();
        let removed = self.removed_by(mv);
        let enemy = removed & b.color(!self.side);
        let promotion = mv.kind() == MoveKind::Promotion;
        if enemy.is_empty() && !promotion {
            return None;
        }
        let value = |set: Bitboard| -> i32 {
            set.into_iter()
                .map(|s| ORDER_VALUE[b.piece_at(s).kind() as usize])
                .sum()
        };
        let mut key = 8 * (value(enemy) - value(removed & b.color(self.side)));
        if promotion {
            key += ORDER_VALUE[mv.piece_kind().unwrap_or(ARCHER) as usize]
                - ORDER_VALUE[attacker as usize];
        }
        Some(key - ORDER_VALUE[attacker as usize] / 10)
    }

    /// True if `mv` wins at least `threshold` centipawns once the exchange on its square is over.
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        if mv.kind() != MoveKind::Normal && mv.kind() != MoveKind::DoublePush {
            return 0 >= threshold;
        }
        let mut b = Bits::from_board(&self.board);
        let from = mv.from();
        let x = mv.to();
        let us = self.side;
        let mover = kind_at(&b, from);
        let removed = self.removed_by(mv);
        // Gains of each step for the side making it; the first step is forced.
        let mut gains: arrayvec::ArrayVec<i32, 64> = arrayvec::ArrayVec::new();
        gains.push(balance(&b, removed, us));
        b.clear(removed | Bitboard::from_square(from));
        b.put(x, us, mover);
        let mut on_square = mover;
        let mut side = !us;
        while gains.len() < 64 {
            if on_square == ADEPT {
                // Nothing captures an Adept (DUG-51): a capturer means the step before was illegal.
                break;
            }
            let Some((from, kind, removed)) = least_valuable_capturer(&b, x, side) else {
                break;
            };
            let gain = balance(&b, removed, side);
            let mut after = b;
            after.clear(removed | Bitboard::from_square(from));
            after.put(x, side, kind);
            if kind == ADEPT && least_valuable_capturer(&after, x, !side).is_some() {
                break;
            }
            gains.push(gain);
            b = after;
            on_square = kind;
            side = !side;
        }
        // Each later step is optional: best(d) = max(0, gain(d) - best(d + 1)).
        let mut best = 0;
        for &g in gains.iter().skip(1).rev() {
            best = (g - best).max(0);
        }
        gains[0] - best >= threshold
    }

    fn make_null(&self) -> Option<Self> {
        // Unsound in zugzwang: refuse in check and when the mover has only Adept and Mercenaries.
        let us = self.board.color(self.side);
        if self.in_check || (us & !(self.board.kind(MERCENARY) | self.board.kind(ADEPT))).is_empty()
        {
            return None;
        }
        let mut next = self.clone();
        next.side = !self.side;
        next.halfmove = next.halfmove.saturating_add(1);
        // The side that passed is not in check, and the side to move was not either.
        next.in_check = false;
        Some(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Fen, Notation};

    fn see(fen: &str, token: &str, threshold: i32) -> bool {
        let pos = Duggan::from_fen(fen, &DugganOptions::default()).unwrap();
        pos.see_ge(pos.parse_move(token).unwrap(), threshold)
    }

    #[test]
    fn exchanges() {
        // A threatened Mercenary takes an undefended Archer: +523.
        let fen = "7d/7b/8/4a3/4M3/8/8/7D w - - 0 1";
        assert!(see(fen, "e4e5", 523) && !see(fen, "e4e5", 524));
        // Commander takes a Mercenary that a Golem guards (d8-d5 lands on d5): 100 - 145.
        let fen = "3g3d/8/8/3m4/3C4/8/8/7D w - - 0 1";
        assert!(see(fen, "d4d5", -45) && !see(fen, "d4d5", -44));
        // Ga1xd1 from the start crushes only own pieces.
        let start = START_FEN;
        assert!(!see(start, "a1d1", -2000) && see(start, "a1d1", -2512));
        // A teleport onto a square a Bishop covers loses the Assassin.
        let fen = "7d/8/8/8/8/8/b7/3S3D w - - 0 1";
        assert!(!see(fen, "d1b1", -1000) && see(fen, "d1e5", 0));
        // A Golem on the square is immune to the Bishop: the Golem's crush is safe.
        let fen = "7d/8/2b5/8/4m3/8/8/G3G2D w - - 0 1";
        assert!(see(fen, "e1e4", 100));
        // The Adept recaptures the Bishop on d7, unless the Commander d6 covers d7 too.
        let fen = "4d3/3a4/8/8/B7/8/8/7D w - - 0 1";
        assert!(see(fen, "a4d7", 193) && !see(fen, "a4d7", 194));
        let fen = "4d3/3a4/3C4/8/B7/8/8/7D w - - 0 1";
        assert!(see(fen, "a4d7", 523));
    }
}
