//! The twenty piece types of ArchMage (ARC §3) as data: letters, names, movement atoms,
//! promotion and summoner flags. Only the Pawn, the Prince's non-capturing two-step, castling,
//! switches and drops need code of their own.

use crate::atoms::{BentRider, LeapAtom};

pub const PAWN: u8 = 0;
pub const KING: u8 = 1;
pub const QUEEN: u8 = 2;
pub const ROOK: u8 = 3;
pub const BISHOP: u8 = 4;
pub const ARCHMAGE: u8 = 5;
pub const MAGE: u8 = 6;
pub const SORCERESS: u8 = 7;
pub const LION: u8 = 8;
pub const PHOENIX: u8 = 9;
pub const PRINCE: u8 = 10;
pub const AMAZON: u8 = 11;
pub const ARCHBISHOP: u8 = 12;
pub const CHANCELLOR: u8 = 13;
pub const CENTAUR: u8 = 14;
pub const BUFFALO: u8 = 15;
pub const DRAGON_KING: u8 = 16;
pub const DRAGON_HORSE: u8 = 17;
pub const MANTICORE: u8 = 18;
pub const GRIFFON: u8 = 19;
/// Number of piece kinds.
pub const KINDS: usize = 20;

/// FEN letters by kind (ARC-6); the same letters name promotion results in move tokens.
pub const LETTERS: [char; KINDS] = [
    'p', 'k', 'q', 'r', 'b', 'a', 'm', 's', 'l', 'f', 'i', 'z', 'j', 'c', 't', 'u', 'd', 'h', 'x',
    'g',
];

pub const NAMES: [&str; KINDS] = [
    "Pawn",
    "King",
    "Queen",
    "Rook",
    "Bishop",
    "ArchMage",
    "Mage",
    "Sorceress",
    "Lion",
    "Phoenix",
    "Prince",
    "Amazon",
    "Archbishop",
    "Chancellor",
    "Centaur",
    "Buffalo",
    "Dragon King",
    "Dragon Horse",
    "Manticore",
    "Griffon",
];

/// How one piece type moves and captures (ARC-20..46), apart from the special moves named in
/// the module docs. Leaps are never blocked; slides follow ARC-11.
#[derive(Copy, Clone, Debug)]
pub struct Movement {
    pub leaps: &'static [LeapAtom],
    pub orthogonal_slide: bool,
    pub diagonal_slide: bool,
    pub bent: Option<BentRider>,
}

const fn leaper(leaps: &'static [LeapAtom]) -> Movement {
    Movement {
        leaps,
        orthogonal_slide: false,
        diagonal_slide: false,
        bent: None,
    }
}

const fn slider(leaps: &'static [LeapAtom], orthogonal: bool, diagonal: bool) -> Movement {
    Movement {
        leaps,
        orthogonal_slide: orthogonal,
        diagonal_slide: diagonal,
        bent: None,
    }
}

const fn bent(rider: BentRider) -> Movement {
    Movement {
        leaps: &[],
        orthogonal_slide: false,
        diagonal_slide: false,
        bent: Some(rider),
    }
}

use LeapAtom::{A, C, D, F, G, H, N, W, Z};

/// Capturing movement by kind. The Pawn's captures are its own (ARC-26), so it has no atoms
/// here; the Prince's entry is its capturing King step (ARC-35 a).
pub const MOVEMENT: [Movement; KINDS] = [
    leaper(&[]),                                // Pawn: ARC-24..28, code
    leaper(&[W, F]),                            // King ARC-20
    slider(&[], true, true),                    // Queen ARC-21
    slider(&[], true, false),                   // Rook ARC-22
    slider(&[], false, true),                   // Bishop ARC-23
    slider(&[W, F, A, D, G, H, N], true, true), // ArchMage ARC-29: leaps at 1..3 plus Queen slides
    leaper(&[W, F, N, A, D]),                   // Mage ARC-31
    leaper(&[W, F, A, D, G, H]),                // Sorceress ARC-32
    leaper(&[W, F, N, A, D]),                   // Lion ARC-33
    leaper(&[W, A]),                            // Phoenix ARC-34
    leaper(&[W, F]),                            // Prince ARC-35 (a)
    slider(&[N], true, true),                   // Amazon ARC-37
    slider(&[N], false, true),                  // Archbishop ARC-38
    slider(&[N], true, false),                  // Chancellor ARC-39
    leaper(&[W, F, N]),                         // Centaur ARC-40
    leaper(&[N, C, Z]),                         // Buffalo ARC-41
    slider(&[F], true, false),                  // Dragon King ARC-42
    slider(&[W], false, true),                  // Dragon Horse ARC-43
    bent(BentRider::Manticore),                 // Manticore ARC-44
    bent(BentRider::Griffon),                   // Griffon ARC-45
];

/// Promotion results by kind (ARC-47); empty for kinds that never promote.
pub const PROMOTES_TO: [&[u8]; KINDS] = {
    let mut p: [&[u8]; KINDS] = [&[]; KINDS];
    p[PAWN as usize] = &[ARCHMAGE];
    p[MAGE as usize] = &[ARCHMAGE];
    p[SORCERESS as usize] = &[ARCHMAGE];
    p[PHOENIX as usize] = &[LION];
    p[CENTAUR as usize] = &[LION];
    p[BISHOP as usize] = &[ARCHBISHOP];
    p[ROOK as usize] = &[CHANCELLOR];
    p[PRINCE as usize] = &[AMAZON, LION, MANTICORE, GRIFFON];
    p
};

/// Whether a kind is a summoner (ARC-51, ARC-61): ArchMage, Mage, Sorceress.
#[inline]
pub const fn is_summoner(kind: u8) -> bool {
    matches!(kind, ARCHMAGE | MAGE | SORCERESS)
}

/// The two Dragon kinds, in hand order (index 0 Dragon King, 1 Dragon Horse).
pub const DRAGONS: [u8; 2] = [DRAGON_KING, DRAGON_HORSE];

/// Hand slot of a Dragon kind.
#[inline]
pub const fn dragon_slot(kind: u8) -> Option<usize> {
    match kind {
        DRAGON_KING => Some(0),
        DRAGON_HORSE => Some(1),
        _ => None,
    }
}
