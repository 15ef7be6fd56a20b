//! The twenty piece types of ArchMage (ARC §3) as data: letters, names, movement atoms,
//! promotion and summoner flags. Only the Pawn, the Prince's non-capturing two-step, castling,
//! switches and drops need code of their own.

use crate::atoms::{BentRider, LeapAtom};
use crate::catalogue::{self, PieceType};

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

/// The piece catalogue, by kind (ARC-6, ARC-20..46); values as the move ordering's.
pub const PIECES: [PieceType; KINDS] = [
    PieceType::plain("Pawn", "P", "fmWfcF", 100)
        .with_special("Two squares forward from relative ranks 1 to 3 (mnD), en passant; becomes an ArchMage on the last rank (ARC-24..28)."),
    PieceType::plain("King", "K", "K", 0)
        .with_special("Castles; never takes part in a switch (ARC-20, ARC-70).")
        .royal(),
    PieceType::plain("Queen", "Q", "Q", 950),
    PieceType::plain("Rook", "R", "R", 500)
        .with_special("Becomes a Chancellor on the last rank (ARC-22)."),
    PieceType::plain("Bishop", "B", "B", 330)
        .with_special("Becomes an Archbishop on the last rank (ARC-23)."),
    PieceType::plain("ArchMage", "A", "QNADGH", 1450)
        .with_special("A summoner: may switch places with a friendly piece, or drop a Dragon from the hand beside itself (ARC-29, ARC-30, ARC-51, ARC-61)."),
    PieceType::plain("Mage", "M", "KNAD", 800)
        .with_special("A summoner (switch, drop); becomes an ArchMage on the last rank (ARC-31)."),
    PieceType::plain("Sorceress", "S", "KADGH", 700)
        .with_special("A summoner (switch, drop); becomes an ArchMage on the last rank (ARC-32)."),
    PieceType::plain("Lion", "L", "KNAD", 800),
    PieceType::plain("Phoenix", "F", "WA", 350)
        .with_special("Becomes a Lion on the last rank (ARC-34)."),
    PieceType::plain("Prince", "I", "KmnD", 350)
        .with_special("Its two-step never captures or gives check; becomes an Amazon, Lion, Manticore or Griffon on the last rank (ARC-35, ARC-36)."),
    PieceType::plain("Amazon", "Z", "QN", 1250),
    PieceType::plain("Archbishop", "J", "BN", 900),
    PieceType::plain("Chancellor", "C", "RN", 1000),
    PieceType::plain("Centaur", "T", "KN", 600)
        .with_special("Becomes a Lion on the last rank (ARC-40)."),
    PieceType::plain("Buffalo", "U", "NCZ", 650),
    PieceType::plain("Dragon King", "D", "RF", 700)
        .with_special("Enters play only by a drop from the hand (ARC-42, ARC-60)."),
    PieceType::plain("Dragon Horse", "H", "BW", 600)
        .with_special("Enters play only by a drop from the hand (ARC-43, ARC-60)."),
    PieceType::plain("Manticore", "X", "WyafsW", 500)
        .with_special("A bent rider: one orthogonal step, then slides diagonally outwards (ARC-44)."),
    PieceType::plain("Griffon", "G", "FyafsF", 480)
        .with_special("A bent rider: one diagonal step, then slides orthogonally outwards (ARC-45)."),
];

/// FEN letters by kind (ARC-6); the same letters name promotion results in move tokens.
pub const LETTERS: [char; KINDS] = catalogue::letters(&PIECES);

/// Piece names by kind.
pub const NAMES: [&str; KINDS] = catalogue::names(&PIECES);

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
