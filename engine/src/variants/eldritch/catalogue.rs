//! The piece catalogue: one table row per piece type (ELD-010, ELD-011, Part B). Every rule that
//! depends on a piece's type reads it from here: its code and name, categories, movement atoms,
//! promotion rule, capture immunities and flags, its board limit, and the stage that implements
//! it. Part 2 adds invokes and reactions as new fields and atoms (`Invoke`, hooks keyed by kind)
//! without touching the rows' existing data.
//!
//! Kind indices follow the spec's *code order* (`K Q R B N P`, then the `*` codes by letter, then
//! the `^` codes by letter), so sorting by kind is the canonical order of `docs/notation.md`.

/// A displacement `(file, rank)` written for White; Black mirrors the rank component.
pub type Offset = (i8, i8);

// Piece kinds (code order).
pub const KING: u8 = 0;
pub const QUEEN: u8 = 1;
pub const ROOK: u8 = 2;
pub const BISHOP: u8 = 3;
pub const KNIGHT: u8 = 4;
pub const PAWN: u8 = 5;
pub const ABJURER: u8 = 6;
pub const BARRICADE: u8 = 7;
pub const CELESTIAL: u8 = 8;
pub const DIVINER: u8 = 9;
pub const ENCHANTER: u8 = 10;
pub const FAMILIAR: u8 = 11;
pub const GARGOYLE: u8 = 12;
pub const HIGHLANDER: u8 = 13;
pub const ILLUSIONIST: u8 = 14;
pub const COURT_MAGICIAN: u8 = 15;
pub const LIGHTNING_BOLT: u8 = 16;
pub const MYSTIC: u8 = 17;
pub const NECROMANCER: u8 = 18;
pub const OOZE: u8 = 19;
pub const PENDULUM: u8 = 20;
pub const RIDDLE: u8 = 21;
pub const SHADOWMANCER: u8 = 22;
pub const GIANT: u8 = 23;
pub const DRUID: u8 = 24;
pub const VALKYRIE: u8 = 25;
pub const DRAGON: u8 = 26;
pub const FIREBALL: u8 = 27;
pub const ARCHMAGE: u8 = 28;
pub const BERSERKER: u8 = 29;
pub const CONJURER: u8 = 30;
pub const DOPPELGANGER: u8 = 31;
pub const EVOKER: u8 = 32;
pub const FIEND: u8 = 33;
pub const GEOMANCER: u8 = 34;
pub const GHOST: u8 = 35;
pub const INITIATE: u8 = 36;
pub const MIASMA: u8 = 37;
pub const PORTALKEEPER: u8 = 38;
pub const PONTIFF: u8 = 39;
pub const GREMLIN: u8 = 40;
pub const SHAPESHIFTER: u8 = 41;
pub const BEAST: u8 = 42;
pub const VAMPIRE: u8 = 43;
pub const SHIELDMAIDEN: u8 = 44;
pub const SPHINX: u8 = 45;
/// Number of piece kinds (ELD-011).
pub const KINDS: usize = 46;

// Categories (ELD-010).
pub const SPELL: u8 = 1;
pub const PRIEST: u8 = 2;
pub const ROYAL: u8 = 4;
pub const LIEGE: u8 = 8;
pub const NOBLE: u8 = 16;

/// Whether a movement atom moves to empty squares, captures, or both.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Both,
    Move,
    Capture,
}

impl Mode {
    pub const fn moves(self) -> bool {
        !matches!(self, Mode::Capture)
    }
    pub const fn captures(self) -> bool {
        !matches!(self, Mode::Move)
    }
}

/// A leap atom: a single displacement per offset. Straight offsets pass over the squares
/// strictly between; knight-type offsets over their leg. `lame`: those squares must exist and
/// be passable (the Gargoyle, single steps trivially); otherwise it jumps, and only an Abjurer
/// (or an applying Block) on a passed square stops it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Leap {
    pub offsets: &'static [Offset],
    pub mode: Mode,
    pub lame: bool,
}

/// A slide atom: along each of `dirs` for `min..=max` squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Slide {
    pub dirs: &'static [Offset],
    pub min: u8,
    pub max: u8,
    pub mode: Mode,
}

/// One movement atom (ELD-008 paths). A piece's moves are the union of its atoms'.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MovePattern {
    /// A single displacement per offset: [`Leap`].
    Leap(Leap),
    /// Slides along its directions (intermediate squares passable): [`Slide`].
    Slide(Slide),
    /// Pawn-type moves (ELD-151): push, virgin double step, diagonal capture, en passant.
    /// `captures` false gives the Illusionist's quiet pawn moves (its captures are separate).
    Pawn {
        double: bool,
        push: bool,
        captures: bool,
    },
    /// The Berserker's one-shot moves: any of the inner atoms, after which it is removed
    /// (ELD-231). Displacements that are pawn-type moves are not one-shot moves.
    OneShot(&'static [MovePattern]),
    /// The Fiend's bent king-step paths (ELD-340..343).
    Fiend,
    /// The Dragon's 2-square jumps with the adjacent capture (ELD-290..292).
    Dragon,
    /// The Vampire's gained single steps, and queen slides once it holds all 8 (ELD-570).
    VampireSteps,
}

impl MovePattern {
    /// A [`Leap`] atom.
    pub const fn leap(offsets: &'static [Offset], mode: Mode, lame: bool) -> Self {
        MovePattern::Leap(Leap {
            offsets,
            mode,
            lame,
        })
    }

    /// A [`Slide`] atom.
    pub const fn slide(dirs: &'static [Offset], min: u8, max: u8, mode: Mode) -> Self {
        MovePattern::Slide(Slide {
            dirs,
            min,
            max,
            mode,
        })
    }
}

/// How a piece promotes (ELD-080).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Promotion {
    Never,
    /// Mandatory into P(S), only by pawn-type moves (Pawn, Berserker, Lightning Bolt).
    PawnMoves,
    /// Mandatory into P(S) by any own move, leaving a royal flag (Court Magician, ELD-262).
    AnyMove,
    /// Optional, into the priests of ELD-432 (Initiate).
    Priests,
}

/// What stage of the spec implements a type's complete rules (the spec's staging, Summary).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// Movement and every rule: playable in armies now.
    One,
    /// Has an invoke (part 2). Its movement exists, its invoke does not yet.
    Invokes,
    /// Has a reaction or a multi-step turn (part 2, stage 3).
    Reactions,
    /// The Geomancer's frame squares (part 2, stage 4).
    Frame,
}

// Flags.
/// Castles (ELD-071): the liege (not the Archmage) and the Doppelganger.
pub const F_CASTLER: u32 = 1;
/// The only castling partner (ELD-120).
pub const F_CASTLE_ROOK: u32 = 1 << 1;
/// Never captured by any capture (Ooze, ELD-481).
pub const F_UNCAPTURABLE: u32 = 1 << 2;
/// Captured only by royal pieces; no jump passes over it (Abjurer, ELD-201/202).
pub const F_ABJURER: u32 = 1 << 3;
/// Immune to spells: captures by spell pieces and blasts (Gargoyle, ELD-361).
pub const F_SPELL_IMMUNE: u32 = 1 << 4;
/// Passable for its own side (Ooze, ELD-482).
pub const F_PASSABLE_OWN: u32 = 1 << 5;
/// Passable for the enemy (Necromancer, ELD-472).
pub const F_PASSABLE_ENEMY: u32 = 1 << 6;
/// A check-bearer without being a liege (Doppelganger, ELD-281).
pub const F_DOPPELGANGER: u32 = 1 << 7;
/// Freezes adjacent enemies (Enchanter, ELD-311).
pub const F_FREEZES: u32 = 1 << 8;
/// Protects its liege from check and capture (Shadowmancer, ELD-521).
pub const F_SHADOW: u32 = 1 << 9;
/// A capture blasts the target's neighbourhood (Fireball, ELD-351).
pub const F_BLAST: u32 = 1 << 10;
/// May capture its own pieces by landing (Fiend, ELD-341).
pub const F_CAPTURES_OWN: u32 = 1 << 11;
/// Cannot capture a liege (Berserker, ELD-233).
pub const F_SPARES_LIEGE: u32 = 1 << 12;
/// Its virgin flag can still matter (castling or a double step, ELD-622).
pub const F_VIRGIN_MATTERS: u32 = 1 << 13;
/// Its forward direction reverses on its far rank (Gremlin, ELD-401).
pub const F_TURNS: u32 = 1 << 14;
/// Non-capturing moves may not end next to a priest; own adjacent pawns are captured (Fiend).
pub const F_FIEND: u32 = 1 << 15;
/// Beast and Riddle: created during play, never declared (ELD-042).
pub const F_TOKEN: u32 = 1 << 16;

/// One piece type.
#[derive(Copy, Clone, Debug)]
pub struct PieceType {
    /// Code in upper case (White): `K`, `*A`, `^V`.
    pub code: &'static str,
    pub name: &'static str,
    /// Categories (ELD-010): [`SPELL`], [`PRIEST`], [`ROYAL`], [`LIEGE`], [`NOBLE`].
    pub categories: u8,
    pub atoms: &'static [MovePattern],
    pub promotion: Promotion,
    pub flags: u32,
    /// Board limit (ELD-041, ELD-080): at most this many per side; 0 = none.
    pub limit: u8,
    pub stage: Stage,
}

impl PieceType {
    pub const fn has(&self, flag: u32) -> bool {
        self.flags & flag != 0
    }
    pub const fn is(&self, category: u8) -> bool {
        self.categories & category != 0
    }
}

// Offset sets.
pub const KING_STEPS: [Offset; 8] = crate::tables::DIRECTIONS;
pub const ORTHOGONAL: [Offset; 4] = crate::tables::ORTHOGONAL;
pub const DIAGONAL: [Offset; 4] = crate::tables::DIAGONAL;
pub const KNIGHT_LEAPS: [Offset; 8] = crate::tables::KNIGHT_OFFSETS;
/// D and A leaps: exactly two squares along the 8 lines.
pub const TWO_STEPS: [Offset; 8] = multiples(KING_STEPS, 2);
/// F, A, G and (4,4): one to four squares diagonally, nearest first.
const CELESTIAL_LEAPS: [Offset; 16] = multiples(DIAGONAL, 1);

/// The offsets `dirs` times `first`, then times `first + 1`, and so on until `M` are made.
const fn multiples<const N: usize, const M: usize>(dirs: [Offset; N], first: i8) -> [Offset; M] {
    let mut out = [(0, 0); M];
    let mut i = 0;
    while i < M {
        let k = first + (i / N) as i8;
        out[i] = (dirs[i % N].0 * k, dirs[i % N].1 * k);
        i += 1;
    }
    out
}

const VERTICAL: [Offset; 2] = [(0, 1), (0, -1)];
const FORWARD: [Offset; 1] = [(0, 1)];
const SIDEWAYS: [Offset; 2] = [(1, 0), (-1, 0)];
const ORTHO_STEPS: [Offset; 4] = ORTHOGONAL;

// MovePattern building blocks.
const K_STEP: MovePattern = MovePattern::leap(&KING_STEPS, Mode::Both, false);
const N_LEAP: MovePattern = MovePattern::leap(&KNIGHT_LEAPS, Mode::Both, false);
const Q_SLIDE: MovePattern = MovePattern::slide(&KING_STEPS, 1, 9, Mode::Both);
const R_SLIDE: MovePattern = MovePattern::slide(&ORTHOGONAL, 1, 9, Mode::Both);
const B_SLIDE: MovePattern = MovePattern::slide(&DIAGONAL, 1, 9, Mode::Both);
const PAWN_MOVES: MovePattern = MovePattern::Pawn {
    double: true,
    push: true,
    captures: true,
};

/// One table row (a constructor keeps the table below to one line per fact).
#[allow(clippy::too_many_arguments)]
const fn row(
    code: &'static str,
    name: &'static str,
    categories: u8,
    atoms: &'static [MovePattern],
    promotion: Promotion,
    flags: u32,
    limit: u8,
    stage: Stage,
) -> PieceType {
    PieceType {
        code,
        name,
        categories,
        atoms,
        promotion,
        flags,
        limit,
        stage,
    }
}

use Promotion::{AnyMove, Never, PawnMoves, Priests};
use Stage::{Frame, Invokes, One, Reactions};

/// The catalogue, indexed by kind.
pub static CATALOGUE: [PieceType; KINDS] = [
    row(
        "K",
        "King",
        ROYAL | LIEGE,
        &[K_STEP],
        Never,
        F_CASTLER | F_VIRGIN_MATTERS,
        0,
        One,
    ),
    row("Q", "Queen", ROYAL, &[Q_SLIDE], Never, 0, 0, One),
    row(
        "R",
        "Rook",
        0,
        &[R_SLIDE],
        Never,
        F_CASTLE_ROOK | F_VIRGIN_MATTERS,
        0,
        One,
    ),
    row("B", "Bishop", PRIEST, &[B_SLIDE], Never, 0, 0, One),
    row("N", "Knight", 0, &[N_LEAP], Never, 0, 0, One),
    row(
        "P",
        "Pawn",
        0,
        &[PAWN_MOVES],
        PawnMoves,
        F_VIRGIN_MATTERS,
        0,
        One,
    ),
    // ELD-200..203
    row("*A", "Abjurer", 0, &[K_STEP], Never, F_ABJURER, 0, One),
    // ELD-220 (Block: part 2)
    row(
        "*B",
        "Barricade",
        SPELL,
        &[MovePattern::slide(&ORTHOGONAL, 1, 3, Mode::Both)],
        Never,
        0,
        0,
        Invokes,
    ),
    // ELD-240 (reaction: part 2)
    row(
        "*C",
        "Celestial",
        PRIEST,
        &[MovePattern::leap(&CELESTIAL_LEAPS, Mode::Both, false)],
        Never,
        0,
        0,
        Reactions,
    ),
    row("*D", "Diviner", 0, &[K_STEP], Never, 0, 0, Reactions),
    // ELD-310..313
    row(
        "*E",
        "Enchanter",
        0,
        &[
            MovePattern::slide(&KING_STEPS, 2, 2, Mode::Move),
            MovePattern::leap(&KING_STEPS, Mode::Capture, false),
        ],
        Never,
        F_FREEZES,
        0,
        One,
    ),
    row("*F", "Familiar", 0, &[K_STEP], Never, 0, 0, Invokes),
    // ELD-360..362: the Mao, lame knight.
    row(
        "*G",
        "Gargoyle",
        0,
        &[MovePattern::leap(&KNIGHT_LEAPS, Mode::Both, true)],
        Never,
        F_SPELL_IMMUNE,
        0,
        One,
    ),
    // ELD-410 (stage q shown; stages and returns: part 2)
    row("*H", "Highlander", 0, &[Q_SLIDE], Never, 0, 0, Reactions),
    // ELD-420..423
    row(
        "*I",
        "Illusionist",
        0,
        &[
            MovePattern::Pawn {
                double: true,
                push: true,
                captures: true,
            },
            MovePattern::slide(&ORTHOGONAL, 1, 9, Mode::Move),
            MovePattern::slide(&DIAGONAL, 1, 9, Mode::Move),
            MovePattern::leap(&KNIGHT_LEAPS, Mode::Move, false),
        ],
        Never,
        F_VIRGIN_MATTERS,
        1,
        One,
    ),
    // ELD-260..263
    row(
        "*K",
        "Court Magician",
        ROYAL,
        &[K_STEP, N_LEAP],
        AnyMove,
        0,
        0,
        One,
    ),
    row(
        "*L",
        "Lightning Bolt",
        SPELL,
        &[PAWN_MOVES],
        PawnMoves,
        F_VIRGIN_MATTERS,
        0,
        Reactions,
    ),
    row(
        "*M",
        "Mystic",
        0,
        &[PAWN_MOVES],
        Never,
        F_VIRGIN_MATTERS,
        0,
        Reactions,
    ),
    row(
        "*N",
        "Necromancer",
        0,
        &[B_SLIDE],
        Never,
        F_PASSABLE_ENEMY,
        0,
        Invokes,
    ),
    // ELD-480..483
    row(
        "*O",
        "Ooze",
        0,
        &[MovePattern::leap(&KING_STEPS, Mode::Move, false)],
        Never,
        F_UNCAPTURABLE | F_PASSABLE_OWN,
        6,
        One,
    ),
    // ELD-490
    row(
        "*P",
        "Pendulum",
        0,
        &[MovePattern::leap(&VERTICAL, Mode::Both, false)],
        Never,
        0,
        0,
        One,
    ),
    row("*R", "Riddle", SPELL, &[], Never, F_TOKEN, 0, Invokes),
    // ELD-520..523
    row("*S", "Shadowmancer", 0, &[K_STEP], Never, F_SHADOW, 0, One),
    row(
        "*T",
        "Giant",
        0,
        &[MovePattern::slide(&ORTHOGONAL, 1, 2, Mode::Both)],
        Never,
        0,
        0,
        Invokes,
    ),
    row(
        "*U",
        "Druid",
        PRIEST,
        &[PAWN_MOVES],
        Never,
        F_VIRGIN_MATTERS,
        0,
        Invokes,
    ),
    row(
        "*V",
        "Valkyrie",
        ROYAL | PRIEST,
        &[N_LEAP],
        Never,
        0,
        0,
        Invokes,
    ),
    // ELD-290..293
    row("*W", "Dragon", 0, &[MovePattern::Dragon], Never, 0, 0, One),
    // ELD-350..356
    row(
        "*X",
        "Fireball",
        SPELL,
        &[MovePattern::slide(&DIAGONAL, 1, 3, Mode::Both)],
        Never,
        F_BLAST,
        0,
        One,
    ),
    // ELD-210..213
    row(
        "^A",
        "Archmage",
        LIEGE,
        &[
            MovePattern::leap(&KING_STEPS, Mode::Move, false),
            MovePattern::leap(&TWO_STEPS, Mode::Move, false),
        ],
        Never,
        0,
        0,
        One,
    ),
    // ELD-230..235
    row(
        "^B",
        "Berserker",
        0,
        &[PAWN_MOVES, MovePattern::OneShot(&[N_LEAP, Q_SLIDE])],
        PawnMoves,
        F_SPARES_LIEGE | F_VIRGIN_MATTERS,
        0,
        One,
    ),
    row(
        "^C",
        "Conjurer",
        0,
        &[PAWN_MOVES],
        Never,
        F_VIRGIN_MATTERS,
        1,
        Invokes,
    ),
    // ELD-280..284
    row(
        "^D",
        "Doppelganger",
        0,
        &[K_STEP],
        Never,
        F_DOPPELGANGER | F_CASTLER | F_VIRGIN_MATTERS,
        1,
        One,
    ),
    row(
        "^E",
        "Evoker",
        0,
        &[PAWN_MOVES],
        Never,
        F_VIRGIN_MATTERS,
        3,
        Invokes,
    ),
    // ELD-340..344
    row(
        "^F",
        "Fiend",
        0,
        &[MovePattern::Fiend],
        Never,
        F_CAPTURES_OWN | F_FIEND,
        0,
        One,
    ),
    row("^G", "Geomancer", 0, &[K_STEP], Never, 0, 0, Frame),
    row(
        "^H",
        "Ghost",
        0,
        &[MovePattern::slide(&KING_STEPS, 2, 2, Mode::Move)],
        Never,
        0,
        0,
        Reactions,
    ),
    // ELD-430..433
    row(
        "^I",
        "Initiate",
        PRIEST,
        &[
            MovePattern::leap(&FORWARD, Mode::Both, false),
            MovePattern::leap(&SIDEWAYS, Mode::Move, false),
        ],
        Priests,
        0,
        0,
        One,
    ),
    row(
        "^M",
        "Miasma",
        SPELL,
        &[MovePattern::leap(&ORTHO_STEPS, Mode::Move, false)],
        Never,
        0,
        0,
        Invokes,
    ),
    row("^O", "Portalkeeper", 0, &[], Never, 0, 0, Invokes),
    // ELD-500..503
    row(
        "^P",
        "Pontiff",
        NOBLE | PRIEST | LIEGE,
        &[MovePattern::slide(&DIAGONAL, 2, 2, Mode::Both)],
        Never,
        F_CASTLER | F_VIRGIN_MATTERS,
        0,
        One,
    ),
    // ELD-400..402
    row(
        "^R",
        "Gremlin",
        0,
        &[MovePattern::Pawn {
            double: false,
            push: true,
            captures: true,
        }],
        Never,
        F_TURNS,
        0,
        One,
    ),
    row(
        "^S",
        "Shapeshifter",
        0,
        &[],
        Never,
        F_VIRGIN_MATTERS,
        0,
        Invokes,
    ),
    row("^U", "Beast", 0, &[N_LEAP], Never, F_TOKEN, 0, Invokes),
    // ELD-570..573
    row(
        "^V",
        "Vampire",
        ROYAL | LIEGE,
        &[N_LEAP, MovePattern::VampireSteps],
        Never,
        F_CASTLER | F_VIRGIN_MATTERS,
        0,
        One,
    ),
    row("^W", "Shieldmaiden", 0, &[Q_SLIDE], Never, 0, 0, Invokes),
    row(
        "^X",
        "Sphinx",
        PRIEST | ROYAL,
        &[N_LEAP, PAWN_MOVES],
        Never,
        F_VIRGIN_MATTERS,
        0,
        Invokes,
    ),
];

/// The catalogue row of `kind`.
#[inline]
pub fn piece_type(kind: u8) -> &'static PieceType {
    &CATALOGUE[kind as usize]
}

/// The kind with upper-case code `code` (`K`, `*A`, `^V`).
pub fn kind_of_code(code: &str) -> Option<u8> {
    CATALOGUE
        .iter()
        .position(|t| t.code == code)
        .map(|k| k as u8)
}

/// The code of `kind` in the colour's case: `*A` for White, `*a` for Black.
pub fn colored_code(kind: u8, white: bool) -> String {
    let code = piece_type(kind).code;
    if white {
        code.to_string()
    } else {
        code.to_ascii_lowercase()
    }
}

/// Whether the kind is a pawn-type piece with the double step (ELD-151 b).
/// The Shapeshifter's forms in tag order (ELD-530): base, then the kind each form moves as.
pub const SHAPESHIFTER_FORMS: [u8; 4] = [PAWN, ROOK, BISHOP, KNIGHT];

/// The movement of a Shapeshifter in form `form` (0 base, 1..=4 as [`SHAPESHIFTER_FORMS`]):
/// nothing in base form, else that piece's (ELD-532; the pawn form never promotes because the
/// Shapeshifter's row says `Never`).
pub fn shapeshifter_atoms(form: u32) -> &'static [MovePattern] {
    static FORMS: [&[MovePattern]; 5] = [&[], &[PAWN_MOVES], &[R_SLIDE], &[B_SLIDE], &[N_LEAP]];
    FORMS.get(form as usize).copied().unwrap_or(&[])
}

pub fn double_steps(kind: u8) -> bool {
    piece_type(kind)
        .atoms
        .iter()
        .any(|a| matches!(a, MovePattern::Pawn { double: true, .. }))
}

/// The Initiate's promotion choices (ELD-432).
pub const INITIATE_PROMOTIONS: [u8; 5] = [BISHOP, CELESTIAL, DRUID, SPHINX, VALKYRIE];

/// Compass directions in canonical order with their offsets (Vampire directions, ELD-571).
pub const DIRECTIONS: [(&str, Offset); 8] = [
    ("n", (0, 1)),
    ("ne", (1, 1)),
    ("e", (1, 0)),
    ("se", (1, -1)),
    ("s", (0, -1)),
    ("sw", (-1, -1)),
    ("w", (-1, 0)),
    ("nw", (-1, 1)),
];

/// Centipawn values for move ordering and the army proposal (the evaluation derives its own
/// material by the piece-value method of `docs/eval.md`).
pub const ORDER_VALUES: [i32; KINDS] = [
    0, 900, 500, 330, 320, 100, // K Q R B N P
    280, 350, 500, 280, 300, 280, 300, 900, 450, 480, 250, 200, 330, 150, 140, 100, 280, 350, 150,
    320, 220, 280, // *A..*X
    0, 250, 200, 280, 200, 400, 280, 300, 130, 120, 100, 0, 100, 300, 200, 0, 900,
    400, // ^A..^X
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_in_code_order() {
        let key = |c: &str| {
            let rank = match c.as_bytes()[0] {
                b'*' => 1,
                b'^' => 2,
                _ => 0,
            };
            let std = "KQRBNP".find(c).unwrap_or(0);
            (
                rank,
                if rank == 0 {
                    std as u8
                } else {
                    c.as_bytes()[1]
                },
            )
        };
        for w in CATALOGUE.windows(2) {
            assert!(
                key(w[0].code) < key(w[1].code),
                "{} {}",
                w[0].code,
                w[1].code
            );
        }
        assert_eq!(kind_of_code("^X"), Some(SPHINX));
        assert_eq!(piece_type(VAMPIRE).name, "Vampire");
        assert_eq!(piece_type(FIREBALL).code, "*X");
    }

    #[test]
    fn categories_follow_eld_010() {
        let with = |cat: u8| -> Vec<&str> {
            CATALOGUE
                .iter()
                .filter(|t| t.is(cat))
                .map(|t| t.code)
                .collect()
        };
        assert_eq!(with(SPELL), ["*B", "*L", "*R", "*X", "^M"]);
        assert_eq!(with(PRIEST), ["B", "*C", "*U", "*V", "^I", "^P", "^X"]);
        assert_eq!(with(ROYAL), ["K", "Q", "*K", "*V", "^V", "^X"]);
        assert_eq!(with(LIEGE), ["K", "^A", "^P", "^V"]);
        assert_eq!(with(NOBLE), ["^P"]);
    }
}
