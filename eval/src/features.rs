//! Variant-independent evaluation features:
//!
//! - piece-square tables generated from two square features, *centralisation* (how much closer
//!   to the board centre than average a square is) and *advancement* (how far up the board from
//!   the owner's side, relative to the middle rank), with one weight each per piece kind, for
//!   both geometries of the frame (`Framed8` and `Board10`);
//! - the *piece-value method*: a piece's value in pawns from its move pattern, calibrated on the
//!   FIDE pieces, so that every variant's pieces get values by one stated rule.
//!
//! Both are described, with the formula and a table of values, in `docs/eval.md`.

use grimoire_engine::square::SQUARE_COUNT;
use grimoire_engine::{Bitboard, Color, Geometry, Square};

// ---------------------------------------------------------------------------------------------
// Piece-square tables from features
// ---------------------------------------------------------------------------------------------

/// The frame coordinate (column and row) of the board centre. It is 4.5 for both geometries:
/// `Framed8` uses columns and rows 1..=8, `Board10` uses 0..=9.
pub const CENTRE: f64 = 4.5;

/// The squares of the playing board proper of a geometry.
pub fn board_squares(g: Geometry) -> impl Iterator<Item = Square> {
    let n = g.board_size();
    (0..n).flat_map(move |r| (0..n).map(move |f| g.board_square(f, r)))
}

/// Euclidean distance of a square's centre from the board centre, in squares.
pub fn centre_distance(sq: Square) -> f64 {
    (sq.col() as f64 - CENTRE).hypot(sq.row() as f64 - CENTRE)
}

fn mean_centre_distance(g: Geometry) -> f64 {
    let n = g.board_size() as f64;
    board_squares(g).map(centre_distance).sum::<f64>() / (n * n)
}

/// Centralisation of `sq`: the board's average distance from the centre minus this square's.
/// Positive in the middle, negative at the edges, zero on average over the board. Frame squares
/// outside the board (Ghost's ring, Eldritch's strips) get the natural extension.
pub fn centralisation(g: Geometry, sq: Square) -> f64 {
    mean_centre_distance(g) - centre_distance(sq)
}

/// Relative rank of `sq` for `color`, 0-based: 0 is the owner's first rank, `size - 1` the last.
/// Frame rows outside the board give -1 and `size`.
pub fn relative_rank(g: Geometry, color: Color, sq: Square) -> i32 {
    let first = g.board_square(0, 0).row() as i32;
    let last = first + g.board_size() as i32 - 1;
    match color {
        Color::White => sq.row() as i32 - first,
        Color::Black => last - sq.row() as i32,
    }
}

/// Advancement of `sq` for `color`: relative rank minus the middle rank, zero on average.
pub fn advancement(g: Geometry, color: Color, sq: Square) -> f64 {
    relative_rank(g, color, sq) as f64 - (g.board_size() as f64 - 1.0) / 2.0
}

/// Weights of the square features for one piece kind in one game phase (centipawns per unit).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SquareWeights {
    /// Per square of centralisation.
    pub centre: i32,
    /// Per rank of advancement.
    pub advance: i32,
}

/// The piece-square table of one piece kind, one phase and one colour over the whole frame:
/// `round(centre * centralisation + advance * advancement)`, indexed by frame square index.
/// Black's table is White's mirrored top to bottom.
pub fn square_table(g: Geometry, color: Color, w: SquareWeights) -> [i32; SQUARE_COUNT] {
    let mean = mean_centre_distance(g);
    let mut t = [0; SQUARE_COUNT];
    for sq in Square::all() {
        let c = mean - centre_distance(sq);
        let a = advancement(g, color, sq);
        t[sq.index()] = (w.centre as f64 * c + w.advance as f64 * a).round() as i32;
    }
    t
}

// ---------------------------------------------------------------------------------------------
// The piece-value method
// ---------------------------------------------------------------------------------------------

/// Probability that a square is occupied in the random boards the method averages over (about a
/// third of the squares: a middlegame-to-endgame density). A rider's square `k` steps away is
/// reached with probability `(1 - p)^(k - 1)`.
pub const BLOCKER_DENSITY: f64 = 0.3;
/// A target at Chebyshev distance `d` counts `d^RANGE_EXPONENT`: far targets are worth more
/// (the piece gets across the board faster).
pub const RANGE_EXPONENT: f64 = 0.5;
/// Weight of a target ahead of the piece (White's view: a higher row). Forward moves are about
/// twice as useful as backward ones (H. G. Muller's experiments); sideways moves count 1. The
/// two weights average 1, so pieces that move alike both ways are unaffected.
pub const FORWARD_WEIGHT: f64 = 4.0 / 3.0;
/// Weight of a target behind the piece.
pub const BACKWARD_WEIGHT: f64 = 2.0 / 3.0;
/// Weight of a target the piece can only capture on (and not move to quietly).
pub const CAPTURE_ONLY_WEIGHT: f64 = 2.0 / 3.0;
/// Weight of a target the piece can only move to without capturing.
pub const QUIET_ONLY_WEIGHT: f64 = 1.0 / 3.0;
/// Value in pawns = `VALUE_LINEAR * M + VALUE_QUADRATIC * M^2` for effective mobility `M`.
pub const VALUE_LINEAR: f64 = 0.40;
/// The quadratic term: moves of one piece cooperate (a queen is worth more than rook + bishop).
pub const VALUE_QUADRATIC: f64 = 0.0037;
/// Random boards per origin square (the same pseudo-random boards for every piece).
pub const SAMPLES: usize = 2048;
const SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// A piece of a variant's army with the value the piece-value method gives it.
#[derive(Clone, Debug)]
pub struct DerivedValue {
    pub kind: u8,
    pub name: &'static str,
    /// How the move pattern was fed to the method.
    pub model: &'static str,
    pub value: PieceValue,
}

/// What the method says about one piece.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PieceValue {
    /// Average number of squares attacked or reachable on the empty board, over all origins.
    pub empty_mobility: f64,
    /// Effective mobility `M`: the weighted average the value is computed from.
    pub mobility: f64,
    /// Value in pawns.
    pub pawns: f64,
}

impl PieceValue {
    /// Value in centipawns, rounded.
    pub fn centipawns(&self) -> i32 {
        (self.pawns * 100.0).round() as i32
    }
}

/// The value in pawns of a piece with effective mobility `m`.
pub fn value_of_mobility(m: f64) -> f64 {
    VALUE_LINEAR * m + VALUE_QUADRATIC * m * m
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// The value of a piece that captures where it moves, given its attack function
/// `attacks(origin, occupancy) -> targets` (targets include the first blocker of a slide, as the
/// engine's attack tables do), averaged over every square of `board`.
///
/// ```
/// use grimoire_eval::features::{leap, piece_value, ride, symmetric_offsets};
/// let board = grimoire_engine::tables::masks::board10();
/// let (diag, knight) = (symmetric_offsets(1, 1), symmetric_offsets(1, 2));
/// // An Archbishop on ArchMage's 10x10 board, from a move pattern:
/// let v = piece_value(board, |sq, occ| ride(board, sq, occ, &diag, 0) | leap(board, sq, &knight));
/// assert!((7.0..9.5).contains(&v.pawns));
/// ```
pub fn piece_value(board: Bitboard, attacks: impl Fn(Square, Bitboard) -> Bitboard) -> PieceValue {
    piece_value_with(board, board, &attacks, &attacks)
}

/// The general form: origins to average over (e.g. a pawn's ranks 2..7), the board that random
/// blockers are drawn on, and separate capture and quiet-move target functions. Targets of both
/// count 1, capture-only targets [`CAPTURE_ONLY_WEIGHT`], quiet-only ones [`QUIET_ONLY_WEIGHT`].
/// Attack functions describe White's piece: "forward" is towards higher rows.
pub fn piece_value_with(
    board: Bitboard,
    origins: Bitboard,
    captures: impl Fn(Square, Bitboard) -> Bitboard,
    quiet: impl Fn(Square, Bitboard) -> Bitboard,
) -> PieceValue {
    let range: [f64; 10] = std::array::from_fn(|d| (d as f64).powf(RANGE_EXPONENT));
    let weight = |o: Square, t: Square, cap: Bitboard, qu: Bitboard| -> f64 {
        let mode = match (cap.contains(t), qu.contains(t)) {
            (true, true) => 1.0,
            (true, false) => CAPTURE_ONLY_WEIGHT,
            _ => QUIET_ONLY_WEIGHT,
        };
        let dc = (t.col() as i32 - o.col() as i32).unsigned_abs();
        let dr = t.row() as i32 - o.row() as i32;
        let dir = match dr.signum() {
            1 => FORWARD_WEIGHT,
            -1 => BACKWARD_WEIGHT,
            _ => 1.0,
        };
        mode * dir * range[dc.max(dr.unsigned_abs()) as usize]
    };
    let n = origins.count() as f64;
    let empty_mobility = origins
        .iter()
        .map(|o| (captures(o, Bitboard::EMPTY) | quiet(o, Bitboard::EMPTY)).count() as f64)
        .sum::<f64>()
        / n;
    let threshold = (BLOCKER_DENSITY * (1u64 << 32) as f64) as u64;
    let mut rng = Rng(SEED);
    let mut total = 0.0;
    for _ in 0..SAMPLES {
        let mut occ = Bitboard::EMPTY;
        for sq in board {
            if rng.next() >> 32 < threshold {
                occ.set(sq);
            }
        }
        for o in origins {
            let mut occ_o = occ;
            occ_o.clear(o);
            let cap = captures(o, occ_o);
            let qu = quiet(o, occ_o);
            total += (cap | qu)
                .iter()
                .map(|t| weight(o, t, cap, qu))
                .sum::<f64>();
        }
    }
    let mobility = total / (SAMPLES as f64 * n);
    PieceValue {
        empty_mobility,
        mobility,
        pawns: value_of_mobility(mobility),
    }
}

/// The distinct offsets `(±dc, ±dr)` and `(±dr, ±dc)`: the 4 or 8 moves of a symmetric leaper
/// (`(1, 2)` is the knight, `(1, 0)` the wazir, `(1, 1)` the ferz, `(1, 3)` the camel).
pub fn symmetric_offsets(dc: i8, dr: i8) -> Vec<(i8, i8)> {
    let mut v = Vec::with_capacity(8);
    for (a, b) in [(dc, dr), (dr, dc)] {
        for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let o = (a * sa, b * sb);
            if !v.contains(&o) {
                v.push(o);
            }
        }
    }
    v
}

/// Squares of `board` a leaper on `sq` reaches with `offsets`.
pub fn leap(board: Bitboard, sq: Square, offsets: &[(i8, i8)]) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for &(dc, dr) in offsets {
        if let Some(t) = sq.offset(dc, dr) {
            if board.contains(t) {
                b.set(t);
            }
        }
    }
    b
}

/// Squares of `board` a rider on `sq` reaches along `dirs` (at most `max_steps` steps, 0 = no
/// limit), stopping at and including the first occupied square.
pub fn ride(
    board: Bitboard,
    sq: Square,
    occ: Bitboard,
    dirs: &[(i8, i8)],
    max_steps: u8,
) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for &(dc, dr) in dirs {
        let mut cur = sq;
        let mut steps = 0;
        while let Some(t) = cur.offset(dc, dr) {
            if !board.contains(t) || (max_steps != 0 && steps == max_steps) {
                break;
            }
            b.set(t);
            steps += 1;
            if occ.contains(t) {
                break;
            }
            cur = t;
        }
    }
    b
}

/// One row of the demonstration table: a piece's name, its Betza notation and its value.
#[derive(Clone, Debug)]
pub struct ReferencePiece {
    pub name: &'static str,
    pub betza: &'static str,
    pub value: PieceValue,
}

/// The method applied on `board` to the FIDE pieces and a few fairy pieces (the table of
/// `docs/eval.md`; `cargo run --release -p grimoire-eval --example piece_values` prints it).
pub fn reference_pieces(board: Bitboard) -> Vec<ReferencePiece> {
    let orth = symmetric_offsets(1, 0);
    let diag = symmetric_offsets(1, 1);
    let all: Vec<(i8, i8)> = orth.iter().chain(&diag).copied().collect();
    let knight = symmetric_offsets(1, 2);
    let camel = symmetric_offsets(1, 3);
    let zebra = symmetric_offsets(2, 3);
    let mut mage = all.clone();
    for o in [(2, 0), (2, 2), (1, 2)] {
        mage.extend(symmetric_offsets(o.0, o.1));
    }
    let slide_leap = |dirs: &[(i8, i8)], leaps: &[(i8, i8)]| {
        let dirs = dirs.to_vec();
        let leaps = leaps.to_vec();
        move |sq: Square, occ: Bitboard| ride(board, sq, occ, &dirs, 0) | leap(board, sq, &leaps)
    };
    let v = |f: &dyn Fn(Square, Bitboard) -> Bitboard| piece_value(board, f);
    let mut out = vec![
        ("Knight", "N", v(&slide_leap(&[], &knight))),
        ("Bishop", "B", v(&slide_leap(&diag, &[]))),
        ("Rook", "R", v(&slide_leap(&orth, &[]))),
        ("Queen", "Q", v(&slide_leap(&all, &[]))),
        ("Commoner (non-royal king)", "K", v(&slide_leap(&[], &all))),
        ("Wazir", "W", v(&slide_leap(&[], &orth))),
        ("Ferz", "F", v(&slide_leap(&[], &diag))),
        ("Camel", "C", v(&slide_leap(&[], &camel))),
        ("Zebra", "Z", v(&slide_leap(&[], &zebra))),
        ("Archbishop", "BN", v(&slide_leap(&diag, &knight))),
        ("Chancellor", "RN", v(&slide_leap(&orth, &knight))),
        ("Amazon", "QN", v(&slide_leap(&all, &knight))),
        ("Mage", "KNAD", v(&slide_leap(&[], &mage))),
    ];
    // The pawn, as a check of the capture/quiet and forward weights: origins on ranks 2..7 of
    // the board, captures one step diagonally forward, quiet one step forward.
    let first = board.lsb().row();
    let last = board.msb().row();
    let origins = board
        .iter()
        .filter(|s| s.row() > first && s.row() < last)
        .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s));
    let pawn = piece_value_with(
        board,
        origins,
        |sq, _| leap(board, sq, &[(-1, 1), (1, 1)]),
        |sq, occ| ride(board, sq, occ, &[(0, 1)], 1),
    );
    out.push(("Pawn (without double step)", "fmWfcF", pawn));
    out.into_iter()
        .map(|(name, betza, value)| ReferencePiece { name, betza, value })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use grimoire_engine::tables::masks;

    #[test]
    fn centralisation_and_advancement_average_zero_on_both_boards() {
        for g in [Geometry::Framed8, Geometry::Board10] {
            let n = (g.board_size() as f64).powi(2);
            let c: f64 = board_squares(g).map(|s| centralisation(g, s)).sum();
            assert!(c.abs() < 1e-9, "{g:?}");
            for color in Color::BOTH {
                let a: f64 = board_squares(g).map(|s| advancement(g, color, s)).sum();
                assert!(a.abs() < 1e-9, "{g:?} {color:?}");
            }
            assert_eq!(board_squares(g).count() as f64, n);
        }
    }

    #[test]
    fn square_tables_are_mirrored_between_colours_and_peak_in_the_centre() {
        for g in [Geometry::Framed8, Geometry::Board10] {
            let n = g.board_size();
            let w = SquareWeights {
                centre: 10,
                advance: 3,
            };
            let white = square_table(g, Color::White, w);
            let black = square_table(g, Color::Black, w);
            for f in 0..n {
                for r in 0..n {
                    let s = g.board_square(f, r);
                    let m = g.board_square(f, n - 1 - r);
                    assert_eq!(white[s.index()], black[m.index()]);
                    // Left-right symmetric too.
                    let lr = g.board_square(n - 1 - f, r);
                    assert_eq!(white[s.index()], white[lr.index()]);
                }
            }
            let centre_only = square_table(
                g,
                Color::White,
                SquareWeights {
                    centre: 10,
                    advance: 0,
                },
            );
            let corner = centre_only[g.board_square(0, 0).index()];
            let middle = centre_only[g.board_square(n / 2, n / 2).index()];
            assert!(corner < 0 && middle > 0, "{g:?}: {corner} {middle}");
        }
    }

    #[test]
    fn offsets_and_riders() {
        assert_eq!(symmetric_offsets(1, 2).len(), 8);
        assert_eq!(symmetric_offsets(1, 0).len(), 4);
        assert_eq!(symmetric_offsets(1, 1).len(), 4);
        let board = masks::board8();
        let t = grimoire_engine::variants::chess::tables();
        let dirs = symmetric_offsets(1, 0);
        let occ = Bitboard(0x0123_4567_89ab_cdef_0fed_cba9 & board.0);
        for sq in board {
            assert_eq!(ride(board, sq, occ, &dirs, 0), t.rook(sq, occ));
            assert_eq!(
                leap(board, sq, &symmetric_offsets(1, 2)),
                t.knight[sq.index()]
            );
        }
    }
}
