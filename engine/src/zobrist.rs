//! Zobrist keys for the complete game state, generated at compile time from a fixed seed so that
//! hash keys are reproducible across runs and builds.

use crate::piece::{Color, Piece};
use crate::square::{Square, SQUARE_COUNT};

const PIECES: usize = Piece::INDEX_LIMIT;
/// Hand counts up to this many pieces of one kind are distinguished.
pub const MAX_HAND_COUNT: usize = 16;
/// Keys for variant state (counters, phases, flags); variants index them by their own layout.
pub const STATE_KEYS: usize = 512;

pub struct Keys {
    pub piece_square: [[u64; SQUARE_COUNT]; PIECES],
    /// A second piece layer, for the pieces under the top of a stack.
    pub stacked: [[u64; SQUARE_COUNT]; PIECES],
    pub side: u64,
    pub castling: [u64; 16],
    pub en_passant: [u64; SQUARE_COUNT],
    pub hand: [[u64; MAX_HAND_COUNT]; PIECES],
    pub state: [u64; STATE_KEYS],
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn generate() -> Keys {
    let mut s = 0x6772_696D_6F69_7265u64; // "grimoire"
    let mut k = Keys {
        piece_square: [[0; SQUARE_COUNT]; PIECES],
        stacked: [[0; SQUARE_COUNT]; PIECES],
        side: 0,
        castling: [0; 16],
        en_passant: [0; SQUARE_COUNT],
        hand: [[0; MAX_HAND_COUNT]; PIECES],
        state: [0; STATE_KEYS],
    };
    let mut p = 0;
    while p < PIECES {
        let mut sq = 0;
        while sq < SQUARE_COUNT {
            k.piece_square[p][sq] = splitmix(&mut s);
            k.stacked[p][sq] = splitmix(&mut s);
            sq += 1;
        }
        let mut c = 1; // count 0 hashes as nothing
        while c < MAX_HAND_COUNT {
            k.hand[p][c] = splitmix(&mut s);
            c += 1;
        }
        p += 1;
    }
    k.side = splitmix(&mut s);
    // Castling keys are per combination: XOR of the four single-right keys keeps updates cheap.
    let single = [
        splitmix(&mut s),
        splitmix(&mut s),
        splitmix(&mut s),
        splitmix(&mut s),
    ];
    let mut mask = 0;
    while mask < 16 {
        let mut key = 0;
        let mut bit = 0;
        while bit < 4 {
            if mask & (1 << bit) != 0 {
                key ^= single[bit];
            }
            bit += 1;
        }
        k.castling[mask] = key;
        mask += 1;
    }
    let mut sq = 0;
    while sq < SQUARE_COUNT {
        k.en_passant[sq] = splitmix(&mut s);
        sq += 1;
    }
    let mut i = 0;
    while i < STATE_KEYS {
        k.state[i] = splitmix(&mut s);
        i += 1;
    }
    k
}

pub static KEYS: Keys = generate();

impl Keys {
    /// The side-to-move key: `side` for Black, nothing for White.
    #[inline]
    pub fn side_to_move(&self, side: Color) -> u64 {
        if side == Color::Black {
            self.side
        } else {
            0
        }
    }

    /// The FIDE state beside the board: side to move, castling rights and en-passant square.
    #[inline]
    pub fn fide_state(&self, side: Color, castling: u8, ep: Option<Square>) -> u64 {
        let ep = ep.map_or(0, |s| self.en_passant[s.index()]);
        self.side_to_move(side) ^ self.castling[castling as usize] ^ ep
    }
}

#[inline]
pub fn piece_square(piece: Piece, sq: Square) -> u64 {
    KEYS.piece_square[piece.index()][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_distinct() {
        let mut seen = HashSet::new();
        for p in 0..PIECES {
            for sq in 0..SQUARE_COUNT {
                assert!(seen.insert(KEYS.piece_square[p][sq]));
                assert!(seen.insert(KEYS.stacked[p][sq]));
            }
        }
        assert!(seen.insert(KEYS.side));
        for sq in 0..SQUARE_COUNT {
            assert!(seen.insert(KEYS.en_passant[sq]));
        }
        for k in KEYS.state {
            assert!(seen.insert(k));
        }
        assert_eq!(KEYS.castling[0], 0);
        assert_eq!(KEYS.castling[3], KEYS.castling[1] ^ KEYS.castling[2]);
    }
}
