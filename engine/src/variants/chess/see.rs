//! Static exchange evaluation: plays out the captures on one square, least valuable attacker
//! first, with x-ray attackers joining as pieces leave their lines. Pins are ignored.

use super::*;
use crate::rules::SearchHooks;

/// Exchange values (the king's is large so that it only ever captures last).
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

impl SearchHooks for Chess {
    fn pawn_key(&self) -> u64 {
        let mix =
            |bb: u128, k: u64| ((bb as u64) ^ ((bb >> 64) as u64).rotate_left(23)).wrapping_mul(k);
        let b = &self.board;
        let white = mix(b.pieces(Color::White, PAWN).0, 0x9E37_79B9_7F4A_7C15);
        let black = mix(b.pieces(Color::Black, PAWN).0, 0xC2B2_AE3D_27D4_EB4F);
        (white ^ black.rotate_left(31)) ^ ((white ^ black) >> 29)
    }

    fn moved_piece(&self, mv: Move) -> u8 {
        mv.from_opt()
            .map_or(0, |from| self.board.piece_at(from).kind() + 1)
    }

    fn tactical_order(&self, mv: Move) -> Option<i32> {
        const VALUE: [i32; 6] = [100, 300, 310, 500, 900, 0];
        let victim = match mv.kind() {
            MoveKind::EnPassant => Some(PAWN),
            MoveKind::Castle => None,
            _ => Some(self.board.piece_at(mv.to()))
                .filter(|p| p.is_some())
                .map(|p| p.kind()),
        };
        let promotion = match mv.kind() {
            MoveKind::Promotion => {
                VALUE[mv.piece_kind().unwrap_or(QUEEN) as usize] - VALUE[PAWN as usize]
            }
            _ => 0,
        };
        if victim.is_none() && promotion == 0 {
            return None;
        }
        let attacker = self.board.piece_at(mv.from()).kind();
        Some(victim.map_or(0, |v| VALUE[v as usize] * 8) + promotion - attacker as i32)
    }

    /// True if `mv` wins at least `threshold` centipawns once the exchange on its square is over.
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        // Castling, en passant and promotions: counted at what they take and promote to, as
        // if nothing recaptured (never below zero, so a threshold up to 0 always passes).
        if !matches!(mv.kind(), MoveKind::Normal | MoveKind::DoublePush) {
            return self.tactical_gain(mv) >= threshold;
        }
        let t = tables();
        let b = &self.board;
        let from = mv.from();
        let to = mv.to();
        let victim = b.piece_at(to);
        let mut swap = if victim.is_some() {
            SEE_VALUE[victim.kind() as usize]
        } else {
            0
        } - threshold;
        if swap < 0 {
            return false;
        }
        swap = SEE_VALUE[b.piece_at(from).kind() as usize] - swap;
        if swap <= 0 {
            return true;
        }
        let mut occ = b.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
        let mut side = self.side;
        let queens = b.kind(QUEEN);
        let diagonal = b.kind(BISHOP) | queens;
        let straight = b.kind(ROOK) | queens;
        let mut attackers = self.all_attackers_to(to, occ);
        let mut result = true;
        loop {
            side = !side;
            attackers &= occ;
            let ours = attackers & b.color(side);
            if ours.is_empty() {
                break;
            }
            result = !result;
            // The least valuable attacker recaptures.
            let Some(kind) = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
                .into_iter()
                .find(|&k| (ours & b.kind(k)).any())
            else {
                break;
            };
            if kind == KING {
                // The king may recapture only if the other side has nothing left to retake with.
                return if (attackers & b.color(!side)).any() {
                    !result
                } else {
                    result
                };
            }
            swap = SEE_VALUE[kind as usize] - swap;
            if swap < result as i32 {
                break;
            }
            occ.clear((ours & b.kind(kind)).lsb());
            if matches!(kind, PAWN | BISHOP | QUEEN) {
                attackers |= t.bishop(to, occ) & diagonal;
            }
            if matches!(kind, ROOK | QUEEN) {
                attackers |= t.rook(to, occ) & straight;
            }
        }
        result
    }

    fn make_null(&self) -> Option<Self> {
        self.null_position()
    }
}

impl Chess {
    /// What a castling, en passant or promotion takes and promotes to, as if nothing
    /// recaptured (0 for castling).
    fn tactical_gain(&self, mv: Move) -> i32 {
        let victim = match mv.kind() {
            MoveKind::EnPassant => SEE_VALUE[PAWN as usize],
            MoveKind::Promotion => {
                let v = self.board.piece_at(mv.to());
                if v.is_some() {
                    SEE_VALUE[v.kind() as usize]
                } else {
                    0
                }
            }
            _ => 0,
        };
        let promotion = match mv.kind() {
            MoveKind::Promotion => {
                SEE_VALUE[mv.piece_kind().unwrap_or(QUEEN) as usize] - SEE_VALUE[PAWN as usize]
            }
            _ => 0,
        };
        victim + promotion
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Fen, Notation};

    fn see(fen: &str, token: &str, threshold: i32) -> bool {
        let pos = Chess::from_fen(fen, &()).unwrap();
        let mv = pos.parse_move(token).unwrap();
        pos.see_ge(mv, threshold)
    }

    #[test]
    fn exchanges() {
        // Pawn takes an undefended knight: +320.
        assert!(see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320));
        assert!(!see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 321));
        // Queen takes a pawn defended by a pawn: loses the queen for a pawn.
        assert!(!see("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 0));
        // Rook takes a rook defended by a rook, with a second rook behind (x-ray): even.
        assert!(see("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 0));
        assert!(!see("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 1));
        // Knight takes a pawn defended once: loses 320 for 100.
        assert!(!see("4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5", 0));
        // A quiet move onto a square the enemy pawn covers loses the piece.
        assert!(!see("4k3/8/2p5/8/8/8/8/3QK3 w - - 0 1", "d1d5", 0));
        assert!(see("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d5", 0));
    }

    #[test]
    fn special_moves_count_what_they_take_and_promote_to() {
        // Promotion taking a rook: 500 + 950 − 100, whatever recaptures.
        let fen = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        assert!(see(fen, "a7b8q", 1350) && !see(fen, "a7b8q", 1351));
        // A knight promotion on an empty square: 320 − 100.
        assert!(see(fen, "a7a8n", 220) && !see(fen, "a7a8n", 221));
        // En passant: a pawn.
        let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert!(see(ep, "e5d6", 100) && !see(ep, "e5d6", 101));
        // Castling takes nothing.
        let castle = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        assert!(see(castle, "e1g1", 0) && !see(castle, "e1g1", 1));
    }

    #[test]
    fn moved_piece_codes_tell_the_kinds_apart_within_the_continuation_bits() {
        let pos = Chess::from_fen("r3k2r/8/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1", &()).unwrap();
        let code = |token: &str| pos.moved_piece(pos.parse_move(token).unwrap());
        let codes = [code("a2a3"), code("b1c3"), code("h1g1"), code("e1g1")];
        // Pawn, knight, rook, king (castling is the king's move); every code fits the bits
        // the continuation history keeps.
        assert_eq!(codes, [PAWN + 1, KNIGHT + 1, ROOK + 1, KING + 1]);
        let limit = 1 << crate::rules::CONTINUATION_PIECE_BITS;
        assert!((PAWN..=KING).all(|k| k + 1 < limit));
    }
}
