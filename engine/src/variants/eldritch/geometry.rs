//! Board geometry shared by the generators: existing squares, orientation (ELD-001..004),
//! path squares of leaps (ELD-008) and the Fiend's bent paths (ELD-340).

use super::catalogue::{Offset, KING_STEPS};
use crate::bitboard::Bitboard;
use crate::piece::Color;
use crate::square::{Geometry, Square};
use std::sync::OnceLock;

/// The 64 board squares (frame squares exist only through Geomancer strips), a constant
/// because every generator asks for it.
#[inline]
pub const fn board_mask() -> Bitboard {
    const MASK: u128 = {
        let mut m = 0u128;
        let mut r = 1;
        while r <= 8 {
            let mut f = 1;
            while f <= 8 {
                m |= 1u128 << (r * 10 + f);
                f += 1;
            }
            r += 1;
        }
        m
    };
    Bitboard(MASK)
}

/// Every square of the 10x10 frame but its four corners: the board and all twenty strips.
pub fn frame_mask() -> Bitboard {
    static MASK: OnceLock<Bitboard> = OnceLock::new();
    *MASK.get_or_init(|| {
        let mut m = Bitboard::EMPTY;
        for col in 0..10 {
            for row in 0..10 {
                if !((col == 0 || col == 9) && (row == 0 || row == 9)) {
                    m.set(Square::new(col, row));
                }
            }
        }
        m
    })
}

/// The twenty Geomancer strips (ELD-371) in the spec's order: z k..k+3 and i k..k+3 for
/// k = 1..5, then f..f+3 on rank 0 and on rank 9 for f = a..e. Each is four squares in a
/// line outside the board.
pub fn strips() -> &'static [Bitboard; 20] {
    static STRIPS: OnceLock<[Bitboard; 20]> = OnceLock::new();
    STRIPS.get_or_init(|| {
        let mut out = [Bitboard::EMPTY; 20];
        for k in 0..5u8 {
            for i in 0..4u8 {
                out[k as usize].set(Square::new(0, 1 + k + i)); // z
                out[5 + k as usize].set(Square::new(9, 1 + k + i)); // i
                out[10 + k as usize].set(Square::new(1 + k + i, 0)); // rank 0
                out[15 + k as usize].set(Square::new(1 + k + i, 9)); // rank 9
            }
        }
        out
    })
}

/// Whether a set of frame squares is a union of non-overlapping strips (ELD-372): on each of
/// the four lines its squares form runs of 4 or 8.
pub fn is_strip_union(frame: Bitboard) -> bool {
    if frame & board_mask() != Bitboard::EMPTY || frame & !frame_mask() != Bitboard::EMPTY {
        return false;
    }
    let lines: [Vec<Square>; 4] = [
        (1..=8).map(|r| Square::new(0, r)).collect(),
        (1..=8).map(|r| Square::new(9, r)).collect(),
        (1..=8).map(|c| Square::new(c, 0)).collect(),
        (1..=8).map(|c| Square::new(c, 9)).collect(),
    ];
    lines.iter().all(|line| {
        let mut run = 0;
        for s in line.iter().chain(std::iter::once(&Square::new(0, 0))) {
            if frame.contains(*s) && s.index() != 0 {
                run += 1;
            } else {
                if run != 0 && run != 4 && run != 8 {
                    return false;
                }
                run = 0;
            }
        }
        true
    })
}

/// Board square by 0-based file and rank.
#[inline]
pub const fn sq(file: u8, rank: u8) -> Square {
    Geometry::Framed8.board_square(file, rank)
}

/// Forward rank step of a colour (ELD-002).
#[inline]
pub const fn forward(c: Color) -> i8 {
    match c {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// `off` as seen by colour `c` (Black mirrors ranks).
#[inline]
pub const fn orient(off: Offset, c: Color) -> Offset {
    (off.0, off.1 * forward(c))
}

/// The existing square `off` away from `s`.
#[inline]
pub fn step(s: Square, off: Offset, exists: Bitboard) -> Option<Square> {
    s.offset(off.0, off.1).filter(|t| exists.contains(*t))
}

/// The existing squares a ray from `s` along `d` crosses, each with its distance from `s`
/// (1, 2, ...), for at most `max` steps: it ends at the first square that does not exist.
/// The caller decides where a piece stops it.
#[inline]
pub fn ray(s: Square, d: Offset, max: u8, exists: Bitboard) -> impl Iterator<Item = (u8, Square)> {
    let mut cur = s;
    (1..=max).map_while(move |k| {
        cur = step(cur, d, exists)?;
        Some((k, cur))
    })
}

/// The square a straight two-step along `d` from `s` crosses and the one it lands on, when
/// both exist.
#[inline]
pub fn two_steps(s: Square, d: Offset, exists: Bitboard) -> Option<(Square, Square)> {
    let mid = step(s, d, exists)?;
    Some((mid, step(mid, d, exists)?))
}

/// The squares a leap of `off` passes over (ELD-008): strictly between for straight lines, the
/// leg for knight-type leaps. Squares outside the frame are `None` entries.
pub fn passed_squares(s: Square, off: Offset) -> arrayvec::ArrayVec<Option<Square>, 8> {
    let (dx, dy) = off;
    let (ax, ay) = (dx.abs(), dy.abs());
    let mut out = arrayvec::ArrayVec::new();
    if ax == 0 || ay == 0 || ax == ay {
        let n = ax.max(ay);
        for k in 1..n {
            out.push(s.offset(dx.signum() * k, dy.signum() * k));
        }
    } else if ax > ay {
        out.push(s.offset(dx.signum(), 0));
    } else {
        out.push(s.offset(0, dy.signum()));
    }
    out
}

/// Leaps up to this far on each axis have their passages in a table.
const PASSAGE_REACH: i8 = 4;
const PASSAGE_SPAN: usize = 2 * PASSAGE_REACH as usize + 1;

/// [`passed_squares`] as a set: the passed squares inside the frame, and whether any passed
/// square lies outside it. Leaps are tested for every attack, so the short ones are looked up.
#[inline]
pub fn leap_passage(s: Square, off: Offset) -> (Bitboard, bool) {
    static TABLE: OnceLock<Vec<(Bitboard, bool)>> = OnceLock::new();
    let (dx, dy) = off;
    if dx.abs() > PASSAGE_REACH || dy.abs() > PASSAGE_REACH {
        return passage_of(s, off);
    }
    let table = TABLE.get_or_init(|| {
        let mut t = Vec::with_capacity(100 * PASSAGE_SPAN * PASSAGE_SPAN);
        for i in 0..100u8 {
            for x in -PASSAGE_REACH..=PASSAGE_REACH {
                for y in -PASSAGE_REACH..=PASSAGE_REACH {
                    t.push(passage_of(Square::from_index(i), (x, y)));
                }
            }
        }
        t
    });
    let at = (s.index() * PASSAGE_SPAN + (dx + PASSAGE_REACH) as usize) * PASSAGE_SPAN
        + (dy + PASSAGE_REACH) as usize;
    table[at]
}

fn passage_of(s: Square, off: Offset) -> (Bitboard, bool) {
    let mut inside = Bitboard::EMPTY;
    let mut outside = false;
    for sq in passed_squares(s, off) {
        match sq {
            Some(sq) => inside.set(sq),
            None => outside = true,
        }
    }
    (inside, outside)
}

/// The side's first rank (row 1 or 8).
#[inline]
pub const fn first_row(c: Color) -> u8 {
    match c {
        Color::White => 1,
        Color::Black => 8,
    }
}

/// The side's promotion row (ELD-002).
#[inline]
pub const fn far_row(c: Color) -> u8 {
    match c {
        Color::White => 8,
        Color::Black => 1,
    }
}

/// The side's 7th rank (ELD-502 b).
#[inline]
pub const fn seventh_row(c: Color) -> u8 {
    match c {
        Color::White => 7,
        Color::Black => 2,
    }
}

/// Whether `s` is one of the side's promotion squares (a8..h8 / a1..h1, never frame squares).
#[inline]
pub fn is_promotion_square(s: Square, c: Color) -> bool {
    s.row() == far_row(c) && (1..=8).contains(&s.col())
}

/// King-distance neighbours of `s` that exist.
pub fn neighbours(s: Square, exists: Bitboard) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for off in KING_STEPS {
        if let Some(t) = step(s, off, exists) {
            b.set(t);
        }
    }
    b
}

/// One Fiend destination: the squares passed on each path that reaches it. `to` and the
/// paths may lie on frame squares; callers keep those whose squares exist.
#[derive(Clone, Debug)]
pub struct FiendTarget {
    pub to: Square,
    /// The intermediate squares of each valid path (ELD-340).
    pub paths: Vec<Bitboard>,
}

/// The Fiend's destinations from every square of the frame (ELD-340): king-step paths of
/// 1..3 steps in one direction, or k steps then m steps in a second direction that is neither
/// the same nor the reverse, with k + m <= 3; every path square must exist.
pub fn fiend_targets(from: Square) -> &'static [FiendTarget] {
    static TABLE: OnceLock<Vec<Vec<FiendTarget>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        // Built on the whole frame; a path is used only while all its squares exist.
        let exists = frame_mask();
        (0..100u8)
            .map(|i| {
                let s = Square::from_index(i);
                if !exists.contains(s) {
                    return Vec::new();
                }
                let mut out: Vec<FiendTarget> = Vec::new();
                let mut add = |to: Square, passed: Bitboard| {
                    if let Some(t) = out.iter_mut().find(|t| t.to == to) {
                        if !t.paths.contains(&passed) {
                            t.paths.push(passed);
                        }
                    } else {
                        out.push(FiendTarget {
                            to,
                            paths: vec![passed],
                        });
                    }
                };
                for d1 in KING_STEPS {
                    for k in 1..=3i8 {
                        // Straight: k steps of d1.
                        let mut passed = Bitboard::EMPTY;
                        let mut cur = Some(s);
                        for i in 0..k {
                            cur = cur.and_then(|c| step(c, d1, exists));
                            if i + 1 < k {
                                if let Some(c) = cur {
                                    passed.set(c);
                                }
                            }
                        }
                        if let Some(to) = cur {
                            add(to, passed);
                        }
                        // Bent: k steps of d1 then m steps of d2.
                        for d2 in KING_STEPS {
                            if d2 == d1 || d2 == (-d1.0, -d1.1) {
                                continue;
                            }
                            for m in 1..=(3 - k) {
                                let mut passed = Bitboard::EMPTY;
                                let mut cur = Some(s);
                                for _ in 0..k {
                                    cur = cur.and_then(|c| step(c, d1, exists));
                                    if let Some(c) = cur {
                                        passed.set(c);
                                    }
                                }
                                for i in 0..m {
                                    cur = cur.and_then(|c| step(c, d2, exists));
                                    if i + 1 < m {
                                        if let Some(c) = cur {
                                            passed.set(c);
                                        }
                                    }
                                }
                                if let Some(to) = cur {
                                    if to != s {
                                        add(to, passed);
                                    }
                                }
                            }
                        }
                    }
                }
                out
            })
            .collect()
    });
    &table[from.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fiend_reaches_the_7x7_box_on_an_empty_board() {
        // ELD-340: 48 squares at king distance <= 3 from a central square.
        let on_board = |from: Square| {
            fiend_targets(from)
                .iter()
                .filter(|t| {
                    board_mask().contains(t.to)
                        && t.paths.iter().any(|p| (*p & !board_mask()).is_empty())
                })
                .count()
        };
        assert_eq!(on_board(sq(3, 3)), 48);
        // From a corner only the on-board part of the box, until strips exist.
        assert_eq!(on_board(sq(0, 0)), 15);
        assert!(fiend_targets(sq(0, 0)).len() > 15);
    }
}
