//! The Hobgoblin position (`docs/hobgoblin-design.md` §1): nodes on the framed 8x8 board plus
//! the hallway i1..i8 (HOB-1, G1), crowds as counts per (colour, kind) (HOB-8), extended pieces
//! as partner pairs (HOB-4), links (HOB-3, HOB-81), castling rights and castling in progress
//! (HOB-60..62), the en-passant record (HOB-70), clocks, the link phase and its `+` step
//! (HOB-80, HOB-83), and a stored result (HOB-160 item 7).
//!
//! A node is named by its *representative square*: the board square if it has one, else the
//! hallway square. Everything stored per node is indexed by that square. The occupancy
//! bitboards set a node's bit on *both* squares of a linked node. Every setter keeps the
//! bitboards and the Zobrist hash in step (incremental), and [`Hobgoblin::recompute_hash`]
//! rebuilds the hash from scratch for the consistency checks.

use crate::bitboard::Bitboard;
use crate::piece::{Color, Piece};
use crate::square::{Geometry, Square, SQUARE_COUNT};
use crate::zobrist::KEYS;
use arrayvec::ArrayVec;

use crate::catalogue::PieceType;
/// Unit kinds, in the canonical FEN order (notation §2.7): K Q R B N P, the code order of the
/// standard pieces in Eldritch's catalogue too.
pub use crate::variants::eldritch::catalogue::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
/// Number of unit kinds (five pieces and the pawn).
pub const KINDS: usize = 6;
/// The piece catalogue, by kind (HOB-20..27): FIDE's patterns, with what crowds, halves,
/// links and the dice add.
pub const PIECES: [PieceType; KINDS] = [
    PieceType::plain("King", "K", "K", 0)
        .with_special("Royal in both halves when extended; castles in two stages (HOB-20, HOB-21, HOB-60..67).")
        .royal(),
    PieceType::plain("Queen", "Q", "Q", 900)
        .with_special("Moves in two stages: it may extend, standing on two nodes at once as two halves (HOB-40..47)."),
    PieceType::plain("Rook", "R", "R", 500)
        .with_special("Moves in two stages: it may extend, standing on two nodes at once as two halves (HOB-40..47)."),
    PieceType::plain("Bishop", "B", "B", 330)
        .with_special("Moves in two stages: it may extend; through the hallway it may change square colour (HOB-24, HOB-40..47)."),
    PieceType::plain("Knight", "N", "N", 320)
        .with_special("Moves in two stages: it may extend; in the hallway it steps up or down (HOB-25, HOB-40..47)."),
    PieceType::plain("Pawn", "P", "fmWfcF", 100)
        .with_special("Two- and three-square rides from its first ranks; pawns crowd; each pawn that moves rolls a die and explodes one time in 12, taking its neighbours with it (HOB-26, HOB-27, HOB-100..105)."),
];
/// Letters of the kinds, White's case.
pub const KIND_LETTERS: [char; KINDS] = {
    let mut out = ['?'; KINDS];
    let mut i = 0;
    while i < KINDS {
        out[i] = PIECES[i].code.as_bytes()[0] as char;
        i += 1;
    }
    out
};
/// Distinct pair entries one position can hold (design §1).
pub const MAX_PAIRS: usize = 64;

/// Castling right bits of [`Hobgoblin::rights`]: the FIDE rights, with chess's bits (HOB-60).
pub use crate::variants::chess::{
    BLACK_KINGSIDE, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_QUEENSIDE,
};

/// A castling wing.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Wing {
    King,
    Queen,
}

impl Wing {
    pub const BOTH: [Wing; 2] = [Wing::King, Wing::Queen];

    const fn index(self) -> usize {
        match self {
            Wing::King => 0,
            Wing::Queen => 1,
        }
    }

    /// The castling right bit of `color` on this wing.
    pub const fn right(self, color: Color) -> u8 {
        match (color, self) {
            (Color::White, Wing::King) => WHITE_KINGSIDE,
            (Color::White, Wing::Queen) => WHITE_QUEENSIDE,
            (Color::Black, Wing::King) => BLACK_KINGSIDE,
            (Color::Black, Wing::Queen) => BLACK_QUEENSIDE,
        }
    }

    /// The squares of the four locked halves of a castling in progress (HOB-61/62), as board
    /// files 1..8 (frame columns): king from, king to, rook from, rook to.
    pub const fn files(self) -> [u8; 4] {
        match self {
            Wing::King => [5, 7, 8, 6],
            Wing::Queen => [5, 3, 1, 4],
        }
    }
}

/// The global link phase (HOB-80).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Phase {
    Linking,
    Unlinking,
}

/// A result stored by a Hobgoblin ending (HOB-140..142, HOB-160 item 7; FEN key `result=`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum HobResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl HobResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub const fn token(self) -> &'static str {
        match self {
            HobResult::WhiteWins => "1-0",
            HobResult::BlackWins => "0-1",
            HobResult::Draw => "1/2-1/2",
        }
    }

    const fn index(self) -> usize {
        match self {
            HobResult::WhiteWins => 0,
            HobResult::BlackWins => 1,
            HobResult::Draw => 2,
        }
    }
}

/// The en-passant record (HOB-70): target squares, the victim node and the victim count k. The
/// victims are the side not to move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct EpRecord {
    pub targets: Bitboard,
    pub victim: Square,
    pub k: u8,
}

/// Most roll sites one turn can have: the destination and one node per magnetism ray (HOB-91).
pub const MAX_SITES: usize = 12;

/// A pending chance step (HOB-100..104, G6; FEN keys `rolls=` and `promo=`): the move has been
/// made and its explosion rolls are pending. `sites` are the roll sites (nodes), `rolls` the
/// number of rolls at each, in the index order of `sites`; `promo` the mover's declared
/// promotions (HOB-111) as a code over its last-rank pawn nodes in index order.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Chance {
    pub sites: Bitboard,
    pub rolls: [u8; MAX_SITES],
    pub promo: u32,
}

impl Chance {
    /// The roll sites with their roll counts, in index order.
    pub fn sites(&self) -> impl Iterator<Item = (Square, u8)> + '_ {
        self.sites.into_iter().zip(self.rolls)
    }

    /// The total number of rolls.
    pub fn total_rolls(&self) -> u32 {
        self.rolls.iter().map(|&n| n as u32).sum()
    }
}

/// The consolidated units and pawns of one node: `counts[kind]` of colour `color` (`color` is
/// White whenever all counts are zero, so equal positions compare equal).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Crowd {
    pub color: Color,
    pub counts: [u8; KINDS],
}

impl Crowd {
    const EMPTY: Crowd = Crowd {
        color: Color::White,
        counts: [0; KINDS],
    };

    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&c| c == 0)
    }
}

/// `count` equal extended pieces of `kind` and `color` with one half on node `a` and the other
/// on node `b` (`a < b`, representative squares) (HOB-4, HOB-8).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Pair {
    pub kind: u8,
    pub color: Color,
    pub a: Square,
    pub b: Square,
    pub count: u8,
}

impl Pair {
    /// The other end, seen from `node` (one of `a`, `b`).
    pub fn partner(&self, node: Square) -> Square {
        if node == self.a {
            self.b
        } else {
            self.a
        }
    }

    fn sort_key(&self) -> (Square, Square, Color, u8) {
        (self.a, self.b, self.color, self.kind)
    }
}

/// The derived bitboards (design §1 `HobBits`): per colour, occupancy, pawns, nodes holding a
/// consolidated piece of each kind, nodes holding a half of each kind. A linked node's bits are
/// set on both of its squares.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct HobBits {
    pub occ: [Bitboard; 2],
    pub pawns: [Bitboard; 2],
    pub whole: [[Bitboard; 5]; 2],
    pub halves: [[Bitboard; 5]; 2],
}

impl HobBits {
    /// The bitboard of `color`'s nodes holding consolidated units of `kind` (pawns included).
    #[inline]
    fn units_mut(&mut self, color: Color, kind: u8) -> &mut Bitboard {
        if kind == PAWN {
            &mut self.pawns[color.index()]
        } else {
            &mut self.whole[color.index()][kind as usize]
        }
    }

    /// The squares where any of the bitboards of `self` and `other` differ.
    pub fn changed(&self, other: &HobBits) -> Bitboard {
        let mut d = Bitboard::EMPTY;
        for c in 0..2 {
            d |= (self.occ[c] ^ other.occ[c]) | (self.pawns[c] ^ other.pawns[c]);
            for k in 0..5 {
                d |= (self.whole[c][k] ^ other.whole[c][k])
                    | (self.halves[c][k] ^ other.halves[c][k]);
            }
        }
        d
    }
}

// Layout of the general-purpose `KEYS.state` keys.
const LINK_KEYS: usize = 0; // (rank - 1) * 8 + (file - 1): 64 keys
const PHASE_KEY: usize = 64; // UNLINKING
const AFTER_LINK_KEY: usize = 65; // the `+` of field 7
const IN_PROGRESS_KEYS: usize = 66; // colour * 2 + wing: 4 keys
const EP_VICTIM_KEYS: usize = 70; // + victim square index: 100 keys
const EP_K_KEY: usize = 170; // count-mixed with k
const RESULT_KEYS: usize = 171; // 3 keys
const ROLL_KEYS: usize = 174; // + site square index, count-mixed with the rolls: 100 keys
const PROMO_KEY: usize = 274; // mixed with the declared promotion code
const LOST_KEYS: usize = 275; // + colour mask 1..=3: 3 keys (index 275 unused for mask 0)

pub(super) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A key mixed with a count; count 0 hashes as nothing, count 1 (by far the most common) as
/// the key itself.
#[inline]
fn count_key(base: u64, count: u8) -> u64 {
    match count {
        0 => 0,
        1 => base,
        _ => mix(base ^ (count as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
    }
}

fn unit_key(node: Square, color: Color, kind: u8, count: u8) -> u64 {
    count_key(
        KEYS.piece_square[Piece::new(color, kind).index()][node.index()],
        count,
    )
}

/// The key of a pair entry. It must not be a XOR of one key per end: then pairs sharing an
/// end cancel (`(b6,d7) + (h5,d7)` hashed as `b6 + h5` for every `d7`), and distinct
/// positions collide, which HOB-150's duplicate removal took for the same turn (issue 48).
fn pair_key(p: &Pair) -> u64 {
    let piece = Piece::new(p.color, p.kind).index();
    count_key(
        mix(KEYS.stacked[piece][p.a.index()] ^ KEYS.stacked[piece][p.b.index()].rotate_left(23)),
        p.count,
    )
}

fn link_key(rank: u8, file: Option<u8>) -> u64 {
    file.map_or(0, |f| {
        KEYS.state[LINK_KEYS + (rank as usize - 1) * 8 + (f as usize - 1)]
    })
}

fn in_progress_key(color: Color, wing: Option<Wing>) -> u64 {
    wing.map_or(0, |w| {
        KEYS.state[IN_PROGRESS_KEYS + color.index() * 2 + w.index()]
    })
}

/// Replaces a hashed state value, moving the key from the old value's to the new one's.
fn replace_hashed<T: Copy>(hash: &mut u64, slot: &mut T, value: T, key: fn(T) -> u64) {
    *hash ^= key(*slot) ^ key(value);
    *slot = value;
}

fn ep_key(ep: Option<EpRecord>) -> u64 {
    let Some(ep) = ep else { return 0 };
    let mut key =
        KEYS.state[EP_VICTIM_KEYS + ep.victim.index()] ^ count_key(KEYS.state[EP_K_KEY], ep.k);
    for t in ep.targets {
        key ^= KEYS.en_passant[t.index()];
    }
    key
}

fn phase_key(phase: Phase) -> u64 {
    match phase {
        Phase::Linking => 0,
        Phase::Unlinking => KEYS.state[PHASE_KEY],
    }
}

fn flag_key(flag: bool, index: usize) -> u64 {
    if flag {
        KEYS.state[index]
    } else {
        0
    }
}

fn chance_key(chance: Option<Chance>) -> u64 {
    let Some(chance) = chance else { return 0 };
    let mut key = mix(KEYS.state[PROMO_KEY] ^ (chance.promo as u64 + 1));
    for (site, n) in chance.sites() {
        key ^= count_key(KEYS.state[ROLL_KEYS + site.index()], n);
    }
    key
}

fn lost_key(lost: u8) -> u64 {
    if lost == 0 {
        0
    } else {
        KEYS.state[LOST_KEYS + lost as usize]
    }
}

fn result_key(result: Option<HobResult>) -> u64 {
    result.map_or(0, |r| KEYS.state[RESULT_KEYS + r.index()])
}

/// The 64 board squares a1..h8 (frame columns and rows 1..=8).
pub const BOARD_SQUARES: Bitboard = Bitboard(board_mask());
/// The hallway squares i1..i8 (HOB-1).
pub const HALLWAY_SQUARES: Bitboard = Bitboard(hallway_mask());

const fn board_mask() -> u128 {
    let mut m = 0u128;
    let mut row = 1;
    while row <= 8 {
        m |= 0b1_1111_1110u128 << (row * 10);
        row += 1;
    }
    m
}

const fn hallway_mask() -> u128 {
    let mut m = 0u128;
    let mut row = 1;
    while row <= 8 {
        m |= 1u128 << (row * 10 + 9);
        row += 1;
    }
    m
}

/// The squares of rank `rank` (1..=8), hallway square included.
pub const fn rank_squares(rank: u8) -> Bitboard {
    Bitboard(0b11_1111_1110u128 << (rank as u32 * 10))
}

/// Whether `sq` is one of the 64 board squares a1..h8.
#[inline]
pub const fn is_board(sq: Square) -> bool {
    BOARD_SQUARES.contains(sq)
}

/// Whether `sq` is one of the hallway squares i1..i8 (HOB-1).
#[inline]
pub const fn is_hallway(sq: Square) -> bool {
    HALLWAY_SQUARES.contains(sq)
}

/// Whether `sq` exists in Hobgoblin (a1..h8, i1..i8).
#[inline]
pub const fn exists(sq: Square) -> bool {
    (BOARD_SQUARES.0 | HALLWAY_SQUARES.0) >> sq.index() & 1 != 0
}

/// The last rank of `color` (HOB-7): 8 for White, 1 for Black.
pub const fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => 8,
        Color::Black => 1,
    }
}

/// A Hobgoblin position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Hobgoblin {
    crowds: [Crowd; SQUARE_COUNT],
    pairs: ArrayVec<Pair, MAX_PAIRS>,
    /// Per rank (index 1..=8), the linked board file (frame column 1..=8).
    links: [Option<u8>; 9],
    linked: Bitboard,
    bits: HobBits,
    pub(super) side: Color,
    rights: u8,
    in_progress: [Option<Wing>; 2],
    ep: Option<EpRecord>,
    halfmove: u16,
    fullmove: u16,
    phase: Phase,
    after_link: bool,
    chance: Option<Chance>,
    /// At the opponent's decision after explosions: bit 1 White, bit 2 Black, a locked castling
    /// half of that colour was destroyed this turn (the final verdict counts it, HOB-142).
    locked_lost: u8,
    result: Option<HobResult>,
    hash: u64,
    /// The rule options (G7; not part of the state's hash).
    pub(super) options: super::options::HobOptions,
}

impl Default for Hobgoblin {
    fn default() -> Self {
        Self::empty()
    }
}

impl Hobgoblin {
    pub const GEOMETRY: Geometry = Geometry::Framed8;

    /// An empty board: White to move, no rights, no record, clocks 0 and 1, LINKING.
    pub fn empty() -> Self {
        Hobgoblin {
            crowds: [Crowd::EMPTY; SQUARE_COUNT],
            pairs: ArrayVec::new(),
            links: [None; 9],
            linked: Bitboard::EMPTY,
            bits: HobBits::default(),
            side: Color::White,
            rights: 0,
            in_progress: [None; 2],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            phase: Phase::Linking,
            after_link: false,
            chance: None,
            locked_lost: 0,
            result: None,
            hash: 0,
            options: Default::default(),
        }
    }

    // ---------------------------------------------------------------- nodes and links

    /// The node (representative square) of `sq`: a linked hallway square maps to its board
    /// square (HOB-3).
    #[inline]
    pub fn node(&self, sq: Square) -> Square {
        // Column arithmetic, not two 128-bit tests: magnetism and rides ask this per square.
        if sq.col() == 9 {
            if let Some(&Some(f)) = self.links.get(sq.row() as usize) {
                return Square::new(f, sq.row());
            }
        }
        sq
    }

    /// The squares of `node`: one, or two for a linked pair.
    #[inline]
    pub fn node_squares(&self, node: Square) -> Bitboard {
        let mut b = Bitboard::from_square(node);
        // A linked board square's partner is the hallway square of its rank.
        if self.linked.contains(node) && is_board(node) {
            b.set(Square::new(9, node.row()));
        }
        b
    }

    /// The board file (frame column 1..=8) linked to the hallway square of `rank`.
    #[inline]
    pub fn link(&self, rank: u8) -> Option<u8> {
        self.links[rank as usize]
    }

    /// Both squares of every linked pair.
    #[inline]
    pub fn linked(&self) -> Bitboard {
        self.linked
    }

    /// How many links exist.
    pub fn link_count(&self) -> usize {
        self.links.iter().flatten().count()
    }

    /// Every node of the position, in index order.
    pub fn nodes(&self) -> impl Iterator<Item = Square> + '_ {
        Square::all().filter(move |&sq| exists(sq) && self.node(sq) == sq)
    }

    // ---------------------------------------------------------------- contents

    /// The consolidated units and pawns on `node`.
    #[inline]
    pub fn crowd(&self, node: Square) -> &Crowd {
        &self.crowds[node.index()]
    }

    /// Consolidated units (or pawns) of `kind` and `color` on `node`.
    #[inline]
    pub fn count(&self, node: Square, color: Color, kind: u8) -> u8 {
        let c = &self.crowds[node.index()];
        if c.color == color {
            c.counts[kind as usize]
        } else {
            0
        }
    }

    /// Every pair entry, sorted by (a, b, colour, kind).
    #[inline]
    pub fn pairs(&self) -> &[Pair] {
        &self.pairs
    }

    /// The pair entries with an end on `node`.
    pub fn halves_on(&self, node: Square) -> impl Iterator<Item = &Pair> + '_ {
        self.pairs
            .iter()
            .filter(move |p| p.a == node || p.b == node)
    }

    /// Whether `node` holds a half of `color`.
    #[inline]
    pub fn has_halves(&self, node: Square, color: Color) -> bool {
        self.bits.halves[color.index()]
            .iter()
            .any(|h| h.contains(node))
    }

    /// The count of the pair entry (`kind`, `color`) between nodes `x` and `y`.
    pub fn pair_count(&self, color: Color, kind: u8, x: Square, y: Square) -> u8 {
        let (a, b) = if x < y { (x, y) } else { (y, x) };
        self.pairs
            .iter()
            .find(|p| p.a == a && p.b == b && p.color == color && p.kind == kind)
            .map_or(0, |p| p.count)
    }

    /// The colour of the crowd on `node`, if any unit stands there.
    #[inline]
    pub fn color_on(&self, node: Square) -> Option<Color> {
        Color::BOTH
            .into_iter()
            .find(|c| self.bits.occ[c.index()].contains(node))
    }

    /// Whether `color` has any king unit (consolidated or a half).
    pub fn has_king(&self, color: Color) -> bool {
        let b = &self.bits;
        (b.whole[color.index()][KING as usize] | b.halves[color.index()][KING as usize]).any()
    }

    /// The derived bitboards.
    #[inline]
    pub fn bits(&self) -> &HobBits {
        &self.bits
    }

    /// Sets the count of consolidated units (or pawns) of `kind` and `color` on `node`. `node`
    /// must be a representative square, and the node must hold no unit of the other colour.
    pub fn set_count(&mut self, node: Square, color: Color, kind: u8, count: u8) {
        debug_assert!(exists(node) && self.node(node) == node);
        debug_assert!(self.color_on(node).is_none_or(|c| c == color));
        let crowd = &mut self.crowds[node.index()];
        let old = if crowd.color == color {
            crowd.counts[kind as usize]
        } else {
            0
        };
        if old == count {
            return;
        }
        self.hash ^= unit_key(node, color, kind, old) ^ unit_key(node, color, kind, count);
        crowd.color = color;
        crowd.counts[kind as usize] = count;
        let emptied = crowd.is_empty();
        if emptied {
            crowd.color = Color::White;
        }
        // The node's bits change only when a class appears or disappears.
        if old != 0 && count != 0 {
            return;
        }
        let squares = self.node_squares(node);
        let c = color.index();
        let slot = self.bits.units_mut(color, kind);
        if count != 0 {
            *slot |= squares;
            self.bits.occ[c] |= squares;
        } else {
            *slot &= !squares;
            let b = &mut self.bits;
            if emptied && !b.halves[c].iter().any(|h| h.contains(node)) {
                b.occ[c] &= !squares;
            }
        }
    }

    /// Moves every consolidated unit and pawn on node `from` (of `color`) onto node `to` when
    /// `to` is empty, in one pass (magnetism moves whole crowds, HOB-93/94, onto empty nodes
    /// as a rule); returns false, changing nothing, when `to` is occupied.
    pub fn move_units_to_empty(&mut self, from: Square, to: Square, color: Color) -> bool {
        debug_assert!(self.node(from) == from && self.node(to) == to && from != to);
        if (self.bits.occ[0] | self.bits.occ[1]).contains(to) {
            return false;
        }
        let crowd = self.crowds[from.index()];
        debug_assert!(crowd.is_empty() || crowd.color == color);
        if crowd.is_empty() {
            return true;
        }
        let (from_squares, to_squares) = (self.node_squares(from), self.node_squares(to));
        let c = color.index();
        for (kind, &n) in crowd.counts.iter().enumerate() {
            if n == 0 {
                continue;
            }
            self.hash ^= unit_key(from, color, kind as u8, n) ^ unit_key(to, color, kind as u8, n);
            let slot = self.bits.units_mut(color, kind as u8);
            *slot = (*slot & !from_squares) | to_squares;
        }
        self.crowds[to.index()] = crowd;
        self.crowds[from.index()] = Crowd::EMPTY;
        let b = &mut self.bits;
        b.occ[c] |= to_squares;
        if !b.halves[c].iter().any(|h| h.contains(from)) {
            b.occ[c] &= !from_squares;
        }
        true
    }

    /// Sets the count of the pair entry (`kind`, `color`) between nodes `x != y`. Returns false
    /// (changing nothing) when a new entry would pass [`MAX_PAIRS`].
    pub fn set_pair(&mut self, color: Color, kind: u8, x: Square, y: Square, count: u8) -> bool {
        debug_assert!(x != y && kind != PAWN);
        let (a, b) = if x < y { (x, y) } else { (y, x) };
        let probe = Pair {
            kind,
            color,
            a,
            b,
            count,
        };
        let pos = self
            .pairs
            .binary_search_by(|p| p.sort_key().cmp(&probe.sort_key()));
        match pos {
            Ok(i) => {
                self.hash ^= pair_key(&self.pairs[i]) ^ pair_key(&probe);
                if count == 0 {
                    self.pairs.remove(i);
                    self.drop_half_bits(color, kind, a);
                    self.drop_half_bits(color, kind, b);
                } else {
                    self.pairs[i].count = count;
                }
            }
            Err(i) => {
                if count == 0 {
                    return true;
                }
                if self.pairs.is_full() {
                    return false;
                }
                self.hash ^= pair_key(&probe);
                self.pairs.insert(i, probe);
                let squares = self.node_squares(a) | self.node_squares(b);
                let c = color.index();
                self.bits.halves[c][kind as usize] |= squares;
                self.bits.occ[c] |= squares;
            }
        }
        true
    }

    /// Clears the half bit of (`color`, `kind`) on `node` after a pair entry ending there was
    /// removed, unless another entry still has a half of that kind there; clears the node's
    /// occupancy when nothing of `color` is left on it.
    fn drop_half_bits(&mut self, color: Color, kind: u8, node: Square) {
        let still = self
            .pairs
            .iter()
            .any(|p| p.color == color && p.kind == kind && (p.a == node || p.b == node));
        if still {
            return;
        }
        let squares = self.node_squares(node);
        let c = color.index();
        let b = &mut self.bits;
        b.halves[c][kind as usize] &= !squares;
        let crowd = &self.crowds[node.index()];
        let crowd_has = crowd.color == color && !crowd.is_empty();
        if !crowd_has && !b.halves[c].iter().any(|h| h.contains(node)) {
            b.occ[c] &= !squares;
        }
    }

    /// Links the hallway square of `rank` to board file `file` (frame column 1..=8), or unlinks
    /// it (`None`). Units are not moved: a new link needs an empty hallway square (the link
    /// step's merging and splitting is play's business); unlinking leaves the crowd on the
    /// board square.
    pub fn set_link(&mut self, rank: u8, file: Option<u8>) {
        debug_assert!((1..=8).contains(&rank));
        let hall = Square::new(9, rank);
        if let Some(old) = self.links[rank as usize] {
            self.hash ^= link_key(rank, Some(old));
            self.links[rank as usize] = None;
            self.linked.clear(hall);
            self.linked.clear(Square::new(old, rank));
            self.clear_bits(Bitboard::from_square(hall));
            self.refresh(Square::new(old, rank));
        }
        if let Some(f) = file {
            debug_assert!((1..=8).contains(&f));
            debug_assert!(
                self.crowds[hall.index()].is_empty() && self.halves_on(hall).next().is_none()
            );
            self.hash ^= link_key(rank, Some(f));
            self.links[rank as usize] = Some(f);
            self.linked.set(hall);
            self.linked.set(Square::new(f, rank));
            self.refresh(Square::new(f, rank));
        }
    }

    fn clear_bits(&mut self, squares: Bitboard) {
        let keep = !squares;
        let b = &mut self.bits;
        for c in 0..2 {
            b.occ[c] &= keep;
            b.pawns[c] &= keep;
            for k in 0..5 {
                b.whole[c][k] &= keep;
                b.halves[c][k] &= keep;
            }
        }
    }

    /// Recomputes the bitboards of `node` from its contents.
    fn refresh(&mut self, node: Square) {
        let squares = self.node_squares(node);
        self.clear_bits(squares);
        let crowd = self.crowds[node.index()];
        let mut any = [false; 2];
        if !crowd.is_empty() {
            let c = crowd.color.index();
            any[c] = true;
            if crowd.counts[PAWN as usize] > 0 {
                self.bits.pawns[c] |= squares;
            }
            for k in 0..5 {
                if crowd.counts[k] > 0 {
                    self.bits.whole[c][k] |= squares;
                }
            }
        }
        for p in self.pairs.iter().filter(|p| p.a == node || p.b == node) {
            let c = p.color.index();
            any[c] = true;
            self.bits.halves[c][p.kind as usize] |= squares;
        }
        for (occ, any) in self.bits.occ.iter_mut().zip(any) {
            if any {
                *occ |= squares;
            }
        }
    }

    // ---------------------------------------------------------------- the rest of the state

    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    pub fn set_side(&mut self, side: Color) {
        self.hash ^= KEYS.side_to_move(self.side) ^ KEYS.side_to_move(side);
        self.side = side;
    }

    /// The castling rights (bits [`WHITE_KINGSIDE`] .. [`BLACK_QUEENSIDE`]).
    #[inline]
    pub fn rights(&self) -> u8 {
        self.rights
    }

    pub fn set_rights(&mut self, rights: u8) {
        self.hash ^= KEYS.castling[self.rights as usize] ^ KEYS.castling[rights as usize & 15];
        self.rights = rights & 15;
    }

    /// The castling in progress of `color`, if any (HOB-62).
    #[inline]
    pub fn in_progress(&self, color: Color) -> Option<Wing> {
        self.in_progress[color.index()]
    }

    pub fn set_in_progress(&mut self, color: Color, wing: Option<Wing>) {
        let slot = &mut self.in_progress[color.index()];
        self.hash ^= in_progress_key(color, *slot) ^ in_progress_key(color, wing);
        *slot = wing;
    }

    /// The en-passant record (HOB-70).
    pub fn ep(&self) -> Option<EpRecord> {
        self.ep
    }

    pub fn set_ep(&mut self, ep: Option<EpRecord>) {
        replace_hashed(&mut self.hash, &mut self.ep, ep, ep_key);
    }

    /// The turn clock (HOB-146).
    pub fn halfmove(&self) -> u16 {
        self.halfmove
    }

    pub fn fullmove(&self) -> u16 {
        self.fullmove
    }

    /// Sets the clocks (not hashed: like every variant's, the hash is the repetition identity).
    pub fn set_clocks(&mut self, halfmove: u16, fullmove: u16) {
        self.halfmove = halfmove;
        self.fullmove = fullmove.max(1);
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn set_phase(&mut self, phase: Phase) {
        replace_hashed(&mut self.hash, &mut self.phase, phase, phase_key);
    }

    /// Whether this turn's link step has been made and the move is pending (`L+`/`U+`, HOB-83).
    pub fn after_link(&self) -> bool {
        self.after_link
    }

    pub fn set_after_link(&mut self, after_link: bool) {
        self.hash ^=
            flag_key(self.after_link, AFTER_LINK_KEY) ^ flag_key(after_link, AFTER_LINK_KEY);
        self.after_link = after_link;
    }

    /// The pending chance step, if any (`rolls=`, `promo=`).
    #[inline]
    pub fn chance(&self) -> Option<Chance> {
        self.chance
    }

    pub fn set_chance(&mut self, chance: Option<Chance>) {
        replace_hashed(&mut self.hash, &mut self.chance, chance, chance_key);
    }

    /// Per colour, whether a locked castling half of it was destroyed in the turn whose
    /// opponent decision is pending (FEN key `lost=`).
    pub fn locked_lost(&self) -> [bool; 2] {
        [self.locked_lost & 1 != 0, self.locked_lost & 2 != 0]
    }

    pub fn set_locked_lost(&mut self, lost: [bool; 2]) {
        let bits = lost[0] as u8 | (lost[1] as u8) << 1;
        replace_hashed(&mut self.hash, &mut self.locked_lost, bits, lost_key);
    }

    /// The stored result of a finished game (`result=`).
    pub fn result(&self) -> Option<HobResult> {
        self.result
    }

    pub fn set_result(&mut self, result: Option<HobResult>) {
        replace_hashed(&mut self.hash, &mut self.result, result, result_key);
    }

    /// Whether the position is at the opponent-promotion decision (HOB-112, notation §2.7): no
    /// result, no `+`, and the side to move has pawns on its own last rank.
    pub fn pending_decision(&self) -> bool {
        self.result.is_none()
            && !self.after_link
            && self.chance.is_none()
            && self.pawns_on_last_rank(self.side)
    }

    /// Whether `color` has pawns on its own last rank (hallway square included, HOB-7).
    pub fn pawns_on_last_rank(&self, color: Color) -> bool {
        (self.bits.pawns[color.index()] & rank_squares(last_rank(color))).any()
    }

    // ---------------------------------------------------------------- hash

    /// The incrementally maintained Zobrist key of the whole state except the clocks.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist key computed from scratch.
    pub fn recompute_hash(&self) -> u64 {
        let mut h = KEYS.side_to_move(self.side)
            ^ KEYS.castling[self.rights as usize]
            ^ ep_key(self.ep)
            ^ phase_key(self.phase)
            ^ flag_key(self.after_link, AFTER_LINK_KEY)
            ^ chance_key(self.chance)
            ^ lost_key(self.locked_lost)
            ^ result_key(self.result);
        for color in Color::BOTH {
            h ^= in_progress_key(color, self.in_progress[color.index()]);
        }
        for rank in 1..=8u8 {
            h ^= link_key(rank, self.links[rank as usize]);
        }
        for sq in Square::all() {
            let crowd = &self.crowds[sq.index()];
            for kind in 0..KINDS as u8 {
                h ^= unit_key(sq, crowd.color, kind, crowd.counts[kind as usize]);
            }
        }
        for p in &self.pairs {
            h ^= pair_key(p);
        }
        h
    }

    /// Recomputes the bitboards from scratch (for checks): equal to [`Hobgoblin::bits`] in
    /// every reachable state.
    pub fn recompute_bits(&self) -> HobBits {
        let mut copy = self.clone();
        copy.bits = HobBits::default();
        let nodes: Vec<Square> = copy.nodes().collect();
        for n in nodes {
            copy.refresh(n);
        }
        copy.bits
    }
}
