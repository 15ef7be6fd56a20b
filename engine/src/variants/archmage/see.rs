//! Static exchange evaluation: plays out the captures on one square, least valuable attacker
//! first. The attackers are recomputed on the shrinking occupancy after every capture, so
//! x-ray attackers of every kind (sliders, the ArchMage's slides, bent riders whose path
//! opens) join as pieces leave. Pins, promotions during the exchange and drops are ignored.

use super::attacks::attackers_to;
use super::*;
use crate::rules::SearchHooks;

/// Exchange values: the ordering values, the King's large so that it only captures last.
fn see_value(kind: u8) -> i32 {
    if kind == KING {
        20_000
    } else {
        ORDER_VALUE[kind as usize]
    }
}

impl SearchHooks for ArchMage {
    fn tactical_order(&self, mv: Move) -> Option<i32> {
        let victim = match mv.kind() {
            MoveKind::EnPassant => Some(PAWN),
            MoveKind::Normal | MoveKind::Promotion | MoveKind::DoublePush => {
                let p = self.board.piece_at(mv.to());
                p.is_some().then(|| p.kind())
            }
            _ => None,
        };
        let gain = match (mv.kind(), mv.piece_kind()) {
            (MoveKind::Promotion, Some(k)) => {
                ORDER_VALUE[k as usize]
                    - ORDER_VALUE[self.board.piece_at(mv.from()).kind() as usize]
            }
            (MoveKind::Switch, Some(k)) => {
                let (_, old) = self.switch_promotion(mv.from(), mv.to())?;
                ORDER_VALUE[k as usize] - ORDER_VALUE[old as usize]
            }
            _ => 0,
        };
        if victim.is_none() && gain == 0 {
            return None;
        }
        let attacker = match mv.from_opt() {
            Some(f) => ORDER_VALUE[self.board.piece_at(f).kind() as usize],
            None => 0,
        };
        Some(victim.map_or(0, |v| ORDER_VALUE[v as usize] * 8) + gain - attacker / 10)
    }

    /// True if `mv` wins at least `threshold` centipawns once the exchange on its square is over.
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        // Castling, switches, drops and en passant: counted as even trades.
        if !matches!(
            mv.kind(),
            MoveKind::Normal | MoveKind::DoublePush | MoveKind::Promotion
        ) {
            return 0 >= threshold;
        }
        let b = &self.board;
        let from = mv.from();
        let to = mv.to();
        let victim = b.piece_at(to);
        let mover = b.piece_at(from).kind();
        let landed = mv.piece_kind().unwrap_or(mover);
        let gain = see_value(landed) - see_value(mover);
        let mut swap = if victim.is_some() {
            see_value(victim.kind())
        } else {
            0
        } + gain
            - threshold;
        if swap < 0 {
            return false;
        }
        swap = see_value(landed) - swap;
        if swap <= 0 {
            return true;
        }
        let mut occ = b.occupied() ^ Bitboard::from_square(from);
        occ.set(to);
        let mut side = self.side;
        let mut result = true;
        loop {
            side = !side;
            let ours = attackers_to(b, to, side, occ) & occ & !Bitboard::from_square(to);
            if ours.is_empty() {
                break;
            }
            result = !result;
            let least = ours
                .into_iter()
                .min_by_key(|&s| see_value(b.piece_at(s).kind()))
                .expect("an attacker");
            let kind = b.piece_at(least).kind();
            if kind == KING {
                // The King may recapture only if the other side has nothing left to retake with.
                let others = attackers_to(b, to, !side, occ ^ Bitboard::from_square(least))
                    & occ
                    & !Bitboard::from_square(to);
                return if others.any() { !result } else { result };
            }
            swap = see_value(kind) - swap;
            if swap < result as i32 {
                break;
            }
            occ.clear(least);
        }
        result
    }

    fn make_null(&self) -> Option<Self> {
        self.null_position()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Fen, Notation};

    fn see(fen: &str, token: &str, threshold: i32) -> bool {
        let pos = ArchMage::from_fen(fen, &ArchMageOptions::default()).unwrap();
        let mv = pos.parse_move(token).unwrap();
        pos.see_ge(mv, threshold)
    }

    #[test]
    fn exchanges() {
        // Rook takes an undefended Bishop: +330.
        let fen = "5k4/10/10/10/3b6/10/10/10/10/3R1K4[] w - - 0 1";
        assert!(see(fen, "d1d6", 330));
        assert!(!see(fen, "d1d6", 331));
        // Rook takes a Pawn a Manticore defends (first step e6, then the diagonal to d7? the
        // Manticore on e5 reaches d7 via e6): loses 500 for 100.
        let fen = "5k4/10/10/3p6/10/4x5/10/10/10/3R1K4[] w - - 0 1";
        assert!(!see(fen, "d1d7", 0));
        // A piece on e6 blocks the Manticore's path: the Pawn hangs.
        let fen = "5k4/10/10/3p6/4P5/4x5/10/10/10/3R1K4[] w - - 0 1";
        assert!(see(fen, "d1d7", 100));
        // X-ray: Rook takes a Rook defended once, a second own Rook behind: wins a Rook.
        let fen = "3r1k4/3r6/10/10/10/10/10/10/3R6/3R1K4[] w - - 0 1";
        assert!(see(fen, "d2d9", 500));
        assert!(!see(fen, "d2d9", 501));
        // Without the second Rook it is an even trade.
        let fen = "3r1k4/3r6/10/10/10/10/10/10/3R6/5K4[] w - - 0 1";
        assert!(see(fen, "d2d9", 0));
        assert!(!see(fen, "d2d9", 1));
    }
}
