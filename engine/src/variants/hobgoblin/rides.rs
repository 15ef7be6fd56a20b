//! Reach with links (HOB-12..17, HOB-85) and attack (HOB-130..132).
//!
//! Every set here is a set of *nodes*, each named by its representative square (the board
//! square of a linked pair). Steps and leaps stay inside one geometry (HOB-2); rides walk square
//! by square and may transfer at empty linked nodes (HOB-16). Occupancy bitboards carry a
//! node's bit on both of its squares, so one `contains` answers for the node.

use super::position::{
    is_board, is_hallway, last_rank, rank_squares, Hobgoblin, BISHOP, KING, KNIGHT, PAWN, QUEEN,
    ROOK,
};
use crate::bitboard::Bitboard;
use crate::piece::Color;
use crate::square::Square;
use crate::tables::DIRECTIONS as QUEEN_DIRS;
use crate::variants::chess::tables;

type Dir = (i8, i8);

/// The hallway's only connection: iN to iN±1 (HOB-13).
const UP_DOWN: [Dir; 2] = [(0, 1), (0, -1)];

/// Magnetism's ray order on the board: N, NE, E, SE, S, SW, W, NW (HOB-91).
pub const MAGNET_BOARD_RAYS: [Dir; 8] = QUEEN_DIRS;
/// Magnetism's hallway rays: up, then down (HOB-91).
pub const MAGNET_HALL_RAYS: [Dir; 2] = UP_DOWN;

/// One step from `sq` in direction `d`, inside `sq`'s geometry (HOB-2).
#[inline]
pub fn step(sq: Square, d: Dir) -> Option<Square> {
    let next = sq.offset(d.0, d.1)?;
    let same = if is_hallway(sq) {
        is_hallway(next)
    } else {
        is_board(next)
    };
    same.then_some(next)
}

/// The hallway's two directions as square index steps (up, down).
const UP_DOWN_STEPS: [i8; 2] = [10, -10];

/// The board directions of a slider kind, as indices into the FIDE direction order (N, NE, E,
/// SE, S, SW, W, NW) of the attack tables' rays.
fn board_dir_indices(kind: u8) -> &'static [usize] {
    match kind {
        QUEEN => &[0, 1, 2, 3, 4, 5, 6, 7],
        ROOK => &[0, 2, 4, 6],
        _ => &[1, 3, 5, 7],
    }
}

/// Whether ray `dir` (FIDE direction order) runs towards higher square indices (N, NE, E, NW).
pub const fn ray_ascends(dir: usize) -> bool {
    matches!(dir, 0 | 1 | 2 | 7)
}

/// The square of `set` (squares of one ray) nearest the ray's origin.
#[inline]
pub fn nearest_on_ray(set: Bitboard, dir: usize) -> Square {
    end_of(set, ray_ascends(dir))
}

/// The square of `set` (squares of one ray) farthest from the ray's origin.
#[inline]
pub fn farthest_on_ray(set: Bitboard, dir: usize) -> Square {
    end_of(set, !ray_ascends(dir))
}

/// The lowest square of `set` or its highest.
#[inline]
fn end_of(set: Bitboard, lowest: bool) -> Square {
    if lowest {
        set.lsb()
    } else {
        set.msb()
    }
}

/// Forward for `color` (HOB-7): the same row direction in both geometries.
pub const fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

impl Hobgoblin {
    /// The other square of a linked node's square.
    #[inline]
    pub fn other_square(&self, sq: Square) -> Option<Square> {
        if !self.linked().contains(sq) {
            return None;
        }
        if is_hallway(sq) {
            Some(Square::new(self.link(sq.row())?, sq.row()))
        } else {
            Some(Square::new(9, sq.row()))
        }
    }

    /// Both occupancies together.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.bits().occ[0] | self.bits().occ[1]
    }

    /// The nodes a queen, rook or bishop of `kind` on `start` reaches (HOB-16, HOB-17): every
    /// node of every ride, the first occupied node of each ride included.
    pub fn slider_reach(&self, start: Square, kind: u8) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for from in self.node_squares(start) {
            out |= if is_board(from) {
                self.board_rides(from, kind)
            } else {
                self.hall_rides(start, from, kind)
            };
        }
        out
    }

    /// The rides of `kind` from board square `from` (its node's representative square):
    /// [`Hobgoblin::slider_reach`] of that square alone.
    pub fn board_rides(&self, from: Square, kind: u8) -> Bitboard {
        let occ = self.occupied();
        let t = tables();
        // The straight rides are the FIDE attacks (no board square is visited yet); empty
        // linked squares on them open transfers (HOB-16).
        let straight = match kind {
            QUEEN => t.queen(from, occ),
            ROOK => t.rook(from, occ),
            _ => t.bishop(from, occ),
        };
        straight | self.transfers(from, straight & self.linked() & !occ, kind)
    }

    /// The nodes of the rides of `kind` from board square `x` (its own node) that transfer
    /// into the hallway at the empty linked squares `open` on its straight rides (HOB-16):
    /// [`Hobgoblin::board_rides`] less the straight rides themselves.
    fn transfers(&self, x: Square, open: Bitboard, kind: u8) -> Bitboard {
        let t = tables();
        let occ = self.occupied();
        let mut out = Bitboard::EMPTY;
        for n in open {
            let seen = Bitboard::from_square(x) | t.between(x, n) | Bitboard::from_square(n);
            for d in UP_DOWN_STEPS {
                self.ride_hall(Square::new(9, n.row()), d, kind, seen, occ, &mut out);
            }
        }
        out
    }

    /// The rides of `kind` up and down the hallway from hallway square `from` of node `start`
    /// ([`Hobgoblin::slider_reach`] of that square alone).
    pub fn hall_rides(&self, start: Square, from: Square, kind: u8) -> Bitboard {
        let occ = self.occupied();
        let mut out = Bitboard::EMPTY;
        for d in UP_DOWN_STEPS {
            self.ride_hall(from, d, kind, Bitboard::from_square(start), occ, &mut out);
        }
        out
    }

    /// One board ride from `from` along direction `dir` (an index into the FIDE direction
    /// order), over empty nodes not yet `visited`, with transfers into the hallway at empty
    /// linked squares (HOB-16). Board squares are their own nodes, so the straight part is the
    /// FIDE ray cut at the first occupied or visited square.
    fn ride_board(
        &self,
        from: Square,
        dir: usize,
        kind: u8,
        visited: Bitboard,
        occ: Bitboard,
        out: &mut Bitboard,
    ) {
        let t = tables();
        let ray = t.rays[dir][from.index()];
        let stops = ray & (occ | visited);
        let segment = if stops.is_empty() {
            ray
        } else {
            let end = nearest_on_ray(stops, dir);
            if !visited.contains(end) {
                out.set(end);
            }
            t.between(from, end)
        };
        *out |= segment;
        for n in segment & self.linked() {
            let seen = visited | t.between(from, n) | Bitboard::from_square(n);
            for d in UP_DOWN_STEPS {
                self.ride_hall(Square::new(9, n.row()), d, kind, seen, occ, out);
            }
        }
    }

    /// One hallway ride from `from` up (`d` = 10) or down (`d` = -10), transferring onto the
    /// board at empty linked nodes (HOB-16).
    fn ride_hall(
        &self,
        from: Square,
        d: i8,
        kind: u8,
        mut visited: Bitboard,
        occ: Bitboard,
        out: &mut Bitboard,
    ) {
        let mut cur = from;
        loop {
            let next = Square::from_index((cur.index() as i8 + d) as u8);
            if !is_hallway(next) {
                return;
            }
            let node = self.node(next);
            if visited.contains(node) {
                return;
            }
            out.set(node);
            if occ.contains(next) {
                return;
            }
            visited.set(node);
            if node != next {
                for &i in board_dir_indices(kind) {
                    self.ride_board(node, i, kind, visited, occ, out);
                }
            }
            cur = next;
        }
    }

    /// The nodes a king or knight on `start` reaches with one step or leap (HOB-13, HOB-15,
    /// HOB-20, HOB-25).
    pub fn leap_reach(&self, start: Square, kind: u8) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for from in self.node_squares(start) {
            if is_board(from) {
                let t = tables();
                out |= if kind == KNIGHT {
                    t.knight[from.index()]
                } else {
                    t.king[from.index()]
                };
                continue;
            }
            for &d in &UP_DOWN {
                if let Some(to) = step(from, d) {
                    out.set(self.node(to));
                }
            }
        }
        out.clear(start);
        out
    }

    /// The nodes a piece pattern of `kind` (not a pawn) reaches from `start`.
    pub fn piece_reach(&self, start: Square, kind: u8) -> Bitboard {
        match kind {
            KING | KNIGHT => self.leap_reach(start, kind),
            _ => self.slider_reach(start, kind),
        }
    }

    /// The nodes a pawn of `color` on `start` reaches by its capture step (HOB-27): the
    /// forward diagonals on the board, the forward step in the hallway.
    pub fn pawn_capture_reach(&self, start: Square, color: Color) -> Bitboard {
        let f = forward(color);
        let mut out = Bitboard::EMPTY;
        for from in self.node_squares(start) {
            let dirs: &[Dir] = if is_hallway(from) {
                &[(0, 0)]
            } else {
                &[(-1, 0), (1, 0)]
            };
            for &(dc, _) in dirs {
                if let Some(to) = step(from, (dc, f)) {
                    out.set(self.node(to));
                }
            }
        }
        out
    }

    /// The ride lengths a pawn of `color` standing on rank `rank` may use without capturing
    /// (HOB-26): 1; 1–2 from its second rank; 1–3 from its first.
    pub fn pawn_max_ride(color: Color, rank: u8) -> u8 {
        let first = match color {
            Color::White => 1,
            Color::Black => 8,
        };
        let second = match color {
            Color::White => 2,
            Color::Black => 7,
        };
        if rank == first {
            3
        } else if rank == second {
            2
        } else {
            1
        }
    }

    /// The nodes a pawn of `color` on `start` reaches by its non-capturing forward moves
    /// (HOB-26, HOB-17): each ride's last node, its intermediate nodes empty. The caller drops
    /// enemy nodes.
    pub fn pawn_push_reach(&self, start: Square, color: Color) -> Bitboard {
        let max = Self::pawn_max_ride(color, start.row());
        let mut out = Bitboard::EMPTY;
        for from in self.node_squares(start) {
            for len in 1..=max {
                self.pawn_ride(
                    from,
                    color,
                    len,
                    Bitboard::from_square(start),
                    &mut |node, _| out.set(node),
                );
            }
        }
        out
    }

    /// Walks every pawn ride of exactly `len` squares from `from` (intermediate nodes empty,
    /// transfers allowed, HOB-16/17), calling `found(destination, passed squares)`.
    pub fn pawn_ride(
        &self,
        from: Square,
        color: Color,
        len: u8,
        visited: Bitboard,
        found: &mut dyn FnMut(Square, Bitboard),
    ) {
        self.pawn_ride_from(from, color, len, visited, Bitboard::EMPTY, found);
    }

    fn pawn_ride_from(
        &self,
        from: Square,
        color: Color,
        len: u8,
        mut visited: Bitboard,
        passed: Bitboard,
        found: &mut dyn FnMut(Square, Bitboard),
    ) {
        let Some(next) = step(from, (0, forward(color))) else {
            return;
        };
        let node = self.node(next);
        if visited.contains(node) {
            return;
        }
        if len == 1 {
            found(node, passed);
            return;
        }
        if self.occupied().contains(next) {
            return;
        }
        visited.set(node);
        let passed = passed | self.node_squares(node);
        self.pawn_ride_from(next, color, len - 1, visited, passed, found);
        if let Some(other) = self.other_square(next) {
            self.pawn_ride_from(other, color, len - 1, visited, passed, found);
        }
    }

    // ---------------------------------------------------------------- attack (HOB-131)

    /// Nodes whose units of `color` attack with the pattern of each kind (index KING..PAWN):
    /// pawns, consolidated pieces, and halves that are not locked on a node that also holds a
    /// pawn or a consolidated piece of `color` (HOB-131, HOB-A31).
    pub fn attack_sources(&self, color: Color) -> [Bitboard; 6] {
        let b = self.bits();
        let c = color.index();
        let whole_any = b.whole[c].iter().fold(Bitboard::EMPTY, |a, &x| a | x);
        let armed = whole_any | b.pawns[c];
        let mut out = [Bitboard::EMPTY; 6];
        for (kind, slot) in out.iter_mut().take(5).enumerate() {
            *slot = b.whole[c][kind] | (b.halves[c][kind] & armed);
        }
        out[PAWN as usize] = b.pawns[c];
        if let Some(wing) = self.in_progress(color) {
            // A locked half attacks nothing: drop the node's bit when the locked piece is the
            // only half of its kind there.
            let rank = match color {
                Color::White => 1,
                Color::Black => 8,
            };
            let [kf, kt, rf, rt] = wing.files();
            for (kind, x, y) in [(KING, kf, kt), (ROOK, rf, rt)] {
                let (x, y) = (Square::new(x, rank), Square::new(y, rank));
                for node in [x, y] {
                    let only_locked = self
                        .halves_on(node)
                        .filter(|p| p.color == color && p.kind == kind)
                        .map(|p| p.count as u32)
                        .sum::<u32>()
                        <= 1;
                    if only_locked {
                        out[kind as usize].clear(node);
                    }
                }
            }
        }
        out
    }

    /// Whether node `x` is attacked by `by` (HOB-131), optionally counting `by`'s pawns on its
    /// last rank as a queen and a knight (HOB-133b).
    pub fn attacked_by(&self, x: Square, by: Color, promoting_pawns: bool) -> bool {
        self.attacked_from(x, by, &self.sources_with_promotions(by, promoting_pawns))
    }

    /// [`Hobgoblin::attack_sources`], with `by`'s pawns on its last rank also attacking as a
    /// queen and a knight when `promoting_pawns` (HOB-133b: the promotion is still open).
    fn sources_with_promotions(&self, by: Color, promoting_pawns: bool) -> [Bitboard; 6] {
        let mut src = self.attack_sources(by);
        if promoting_pawns {
            let promoting = self.bits().pawns[by.index()] & rank_squares(last_rank(by));
            src[QUEEN as usize] |= promoting;
            src[KNIGHT as usize] |= promoting;
        }
        src
    }

    fn attacked_from(&self, x: Square, by: Color, src: &[Bitboard; 6]) -> bool {
        if !self.linked().contains(x) && is_board(x) {
            return self.board_square_attacked(x, by, src);
        }
        if (self.leap_reach(x, KNIGHT) & src[KNIGHT as usize]).any()
            || (self.leap_reach(x, KING) & src[KING as usize]).any()
        {
            return true;
        }
        // Pawns: the squares from which a capture step lands on a square of x.
        let back = -forward(by);
        for sq in self.node_squares(x) {
            let dirs: &[i8] = if is_hallway(sq) { &[0] } else { &[-1, 1] };
            for &dc in dirs {
                if let Some(from) = step(sq, (dc, back)) {
                    if src[PAWN as usize].contains(from) && self.node(from) != x {
                        return true;
                    }
                }
            }
        }
        let Some((q, r, b)) = riders(src) else {
            return false;
        };
        // A queen's rides include every rook and bishop ride (the same rules over fewer
        // directions), so one queen reach settles most cases: the exact rook or bishop reach
        // is walked only when the queen's meets a rook or bishop.
        let around = self.slider_reach(x, QUEEN);
        if (around & q).any() {
            return true;
        }
        ((around & r).any() && (self.slider_reach(x, ROOK) & r).any())
            || ((around & b).any() && (self.slider_reach(x, BISHOP) & b).any())
    }

    /// [`Hobgoblin::attacked_from`] for a board square that is a node of its own (most kings,
    /// most of the time): its leaps and pawn steps are the FIDE ones (a unit on a linked node
    /// is on its board square too, and no leap or capture step joins the board to the
    /// hallway), and its straight rides are the FIDE rides; only an empty linked square on
    /// one of them lets a ride transfer (HOB-16), and the rides through those transfers are
    /// walked last.
    fn board_square_attacked(&self, x: Square, by: Color, src: &[Bitboard; 6]) -> bool {
        let t = tables();
        let i = x.index();
        if (t.knight[i] & src[KNIGHT as usize]).any()
            || (t.king[i] & src[KING as usize]).any()
            || (t.pawn[(!by).index()][i] & src[PAWN as usize]).any()
        {
            return true;
        }
        let Some((q, r, b)) = riders(src) else {
            return false;
        };
        let occ = self.occupied();
        let (straight, diagonal) = (t.rook(x, occ), t.bishop(x, occ));
        if (straight & (q | r)).any() || (diagonal & (q | b)).any() {
            return true;
        }
        let open = self.linked() & !occ;
        let (straight_open, diagonal_open) = (straight & open, diagonal & open);
        if (straight_open | diagonal_open).is_empty() {
            return false;
        }
        // A queen ride without transfer is a rook or a bishop ride, and a queen's rides
        // include every rook and bishop ride: one queen walk settles most cases.
        let around = self.transfers(x, straight_open | diagonal_open, QUEEN);
        if (around & q).any() {
            return true;
        }
        ((around & r).any() && (self.transfers(x, straight_open, ROOK) & r).any())
            || ((around & b).any() && (self.transfers(x, diagonal_open, BISHOP) & b).any())
    }

    /// The royal nodes of `color` (HOB-130): its consolidated king's node, both nodes of an
    /// extended king, and the danger nodes of a castling in progress (HOB-64).
    pub fn royal_nodes(&self, color: Color) -> Bitboard {
        let b = self.bits();
        let c = color.index();
        let mut out = Bitboard::EMPTY;
        for sq in b.whole[c][KING as usize] | b.halves[c][KING as usize] {
            out.set(self.node(sq));
        }
        if let Some(wing) = self.in_progress(color) {
            out |= danger_nodes(color, wing);
        }
        out
    }

    /// Every node an attack on node `x` (HOB-131) can come from or pass over in this position:
    /// the squares of `x`, every node of its queen rides (the first occupied node of each
    /// included, hallway transfers too, HOB-16), and its knight and king leaps (which cover the
    /// pawn capture steps into `x`). A position with the same links that differs from this one
    /// only outside these nodes has the same rides from `x` ending on the same units, so it
    /// attacks `x` exactly when this one does.
    pub fn attack_reach(&self, x: Square) -> Bitboard {
        self.node_squares(x)
            | self.slider_reach(x, QUEEN)
            | self.leap_reach(x, KNIGHT)
            | self.leap_reach(x, KING)
    }

    /// Whether a royal node of `color` is attacked by the other side (HOB-132).
    pub fn royal_attacked(&self, color: Color, promoting_pawns: bool) -> bool {
        let by = !color;
        let src = self.sources_with_promotions(by, promoting_pawns);
        self.royal_nodes(color)
            .into_iter()
            .any(|x| self.attacked_from(x, by, &src))
    }

    /// Whether a danger node of `color`'s castling in progress is attacked (HOB-65b).
    pub fn danger_attacked(&self, color: Color) -> bool {
        let Some(wing) = self.in_progress(color) else {
            return false;
        };
        let src = self.attack_sources(!color);
        danger_nodes(color, wing)
            .into_iter()
            .any(|x| self.attacked_from(x, !color, &src))
    }
}

/// The queen, rook and bishop sources of `src`; `None` when there are none.
fn riders(src: &[Bitboard; 6]) -> Option<(Bitboard, Bitboard, Bitboard)> {
    let (q, r, b) = (
        src[QUEEN as usize],
        src[ROOK as usize],
        src[BISHOP as usize],
    );
    (q | r | b).any().then_some((q, r, b))
}

/// The danger nodes of a castling in progress (HOB-64): the king-half nodes and the node between.
pub fn danger_nodes(color: Color, wing: super::position::Wing) -> Bitboard {
    let rank = match color {
        Color::White => 1,
        Color::Black => 8,
    };
    let [kf, kt, _, rt] = wing.files();
    let mut out = Bitboard::EMPTY;
    for f in [kf, kt, rt] {
        out.set(Square::new(f, rank));
    }
    out
}
