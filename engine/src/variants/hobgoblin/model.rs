//! An independent, slow, literal reference model of the Hobgoblin turn (issue 17, part 1),
//! with the chance step of part 2 (pawn explosions, below).
//!
//! Written from the rules text alone (`shared/rules/hobgoblin.md` HOB-1..160 and HOB-A1..A31,
//! our reading `docs/rules/hobgoblin.md`, notation §2.7/§2.8/§3.7). It shares no code with the
//! move generator: it only reads a [`Hobgoblin`] (and prints one through its FEN printer).
//!
//! Representation: a list of units `{id, colour, kind, state: Pawn | Whole | Half(partner id),
//! square}` where the square is the node's representative (board square of a linked pair);
//! nodes are recomputed from the links every time. Castling rights are tied to unit ids
//! (HOB-60), a castling in progress to the ids of its four locked halves (HOB-62).
//!
//! Everything is brute force: every subset of a node's units, every mode, every mutation type
//! per unit, every unlink split, every promotion combination; distinct turns are distinct keys
//! (link token, FEN after the whole turn, sorted roll sites) in a `BTreeMap` (HOB-150).
//!
//! Choices the model makes where the texts leave room (to compare with the generator):
//! - A turn that ends the game (king captured at step 2, first verdict at step 4, final
//!   verdict) prints the state at that step with `result=`, field 2 passed to the opponent,
//!   the clocks as the turn leaves them (halfmove 0 on a capture or pawn movement, fullmove +1
//!   after Black), the record the move made (none for a king capture), no rolls, no
//!   promotions. A castling in progress whose locked halves no longer stand is not printed.
//! - Roll sites are node names sorted in square index order (a1, b1, .., i1, a2, ..).
//! - A piece consolidated by a move or by HOB-6 is a new identity (never carries a right).
//! - Unlink groups: kind K Q R B N P, then a right carrier marked `'` (only when an equal unit
//!   without the right shares the node), consolidated units, halves by partner index.
//! - Turn identity is the brief's key (link token, final FEN, rolls); HOB-150 speaks of the
//!   post-magnetism state plus declared promotions, which the final FEN encodes except in
//!   contrived cases where a promoted pawn and an unpromoted piece coincide.
//!
//! Part 2, the chance step (HOB-100..105, HOB-120 steps 5..8, HOB-140..142; G6), applied
//! literally to the units: each turn with rolls keeps its position after magnetism (with the
//! side, clocks and rights the turn leaves), its roll sites and the mover's declared promotions
//! as a map from pawn id to type. Every subset E of the distinct sites is an outcome with the
//! integer weight Π_{X∈E}(12^k_X − 11^k_X) · Π_{X∉E} 11^k_X over 12^k (HOB-104); its blasts
//! (HOB-102: the site and every node holding a square one king step from a square of the site,
//! nodes whole, partners of destroyed halves too) are united and removed at once (HOB-103);
//! then a destroyed king ends the game (step 6), the surviving declared pawns promote (step 7,
//! HOB-111), then either the opponent's G5 decision is pending (HOB-112) or the final verdict
//! applies (step 8, HOB-142, destroyed locked halves included). Subsets giving the same FEN are
//! merged (HOB-104), weights added. Choices where the texts leave room:
//! - An outcome is named by its FEN after the whole turn, or at the opponent's pending
//!   decision; `exploded` is one smallest subset giving it, ties broken by the smallest list
//!   of square indices (index order: a1 < b1 < .. < i1 < a2 ..).
//! - A game ended by an explosion (step 6 or the final verdict) prints as any ended game above:
//!   `result=`, side passed, the turn's clocks. A destroyed king's owner loses at step 6 even
//!   if the other side would also lose at step 8, by an attacked royal node or a destroyed
//!   locked rook half (HOB-120: the game ends at step 6, so step 8 is never reached; HOB-A29's
//!   "any other simultaneous double loss also draws" is read as the two losers of HOB-142).
//!   No promotion happens then, so the mover's pawns stay pawns on the last rank in that FEN,
//!   and the opponent takes no decision.
//! - Destroyed units reset the halfmove clock (HOB-146), though a turn with rolls has already
//!   reset it (a pawn moved). A destroyed king or rook loses its castling right (HOB-60).
//! - An en-passant record whose victim node lost its pawns to a blast is void (HOB-71) and is
//!   printed `-` (notation §2.7 drops void records).
//! - A destroyed locked half is remembered by the model until the final verdict, also across
//!   the opponent's pending decision (the decision comes first, our reading of HOB-120); a FEN
//!   cannot carry it there (the broken castling is not printed), so re-reading such a pending
//!   FEN forgets that loss. Equal FENs never hide different such losses, since a blast removes
//!   whole nodes and the partners of halves.
//! - A turn with more than 35 rolls (12^k beyond u128) is refused with a panic.
//! - Chance perft (G6, HOB-151's second mode): each turn has one child per distinct outcome
//!   FEN; an outcome at the opponent's decision branches over the decisions without depth, as
//!   in the all-survive perft; an outcome with `result=` has no children.
//! - The roll sites of part 1 were checked against HOB-100 for part 2 and kept: one roll per
//!   unit of the moving set that was a pawn when it moved (mutated or not, at T), one per unit
//!   that is a pawn after the move step (mutation included) and stands on another node after
//!   magnetism; nothing for unlinks, for units left in place, for captured pawns.

use std::collections::{BTreeMap, BTreeSet};

use rayon::prelude::*;

use super::position::{HobResult, Hobgoblin, Phase, Wing, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::bitboard::Bitboard;
use crate::piece::Color;
use crate::square::Square;

/// One distinct whole turn (HOB-150): the link-step token (notation §3.7) or none, the FEN
/// after the whole turn (or at the opponent's decision step), and the roll sites (node names,
/// one per roll, sorted in square index order: a1, b1, .., i1, a2, ..).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ModelTurn {
    pub link: Option<String>,
    pub fen: String,
    pub rolls: Vec<String>,
    /// The board field after magnetism, before the mover's promotions (empty for a turn that
    /// ends the game at step 2 or 4, and for the opponent's decision).
    pub before_promotion: String,
}

/// One distinct result of a turn's chance step (HOB-100..105, G6): the FEN after the whole
/// turn (explosions, king check, the mover's promotions, then either the opponent's pending
/// promotion decision, or the final verdict and the next turn, or `result=`), and its
/// probability as a weight over 12^k.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ModelOutcome {
    pub fen: String,
    pub weight: u128,
    /// One smallest set of exploding sites giving this result, node names in square index
    /// order (ties: the smallest list of square indices); empty for the all-survive result.
    pub exploded: Vec<String>,
}

/// One distinct turn (as [`ModelTurn`], along all-survive) with its chance results.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ModelChanceTurn {
    pub turn: ModelTurn,
    /// k, the number of rolls of the turn.
    pub rolls: u32,
    /// Distinct FENs, weights of equal results summed, sorted by FEN; the weights sum to
    /// 12^k. A turn without rolls has one outcome of weight 1.
    pub outcomes: Vec<ModelOutcome>,
}

// ------------------------------------------------------------------------------ the model

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum State {
    Pawn,
    Whole,
    Half(u32),
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Unit {
    id: u32,
    color: Color,
    kind: u8,
    state: State,
    /// The representative square of the unit's node.
    sq: Square,
}

#[derive(Clone, PartialEq, Eq, Debug)]
struct Ep {
    targets: BTreeSet<Square>,
    victim: Square,
    k: usize,
    color: Color,
}

#[derive(Clone, Debug)]
struct Castling {
    wing: Wing,
    /// King half on e, king half on g/c, rook half on h/a, rook half on f/d.
    locked: [u32; 4],
}

#[derive(Clone, Debug)]
struct Model {
    units: Vec<Unit>,
    next_id: u32,
    /// Per rank 1..=8: the linked board file 1..=8.
    links: [Option<u8>; 9],
    side: Color,
    /// [colour][wing: 0 king, 1 queen]: the (king id, rook id) carrying the right.
    rights: [[Option<(u32, u32)>; 2]; 2],
    castling: [Option<Castling>; 2],
    ep: Option<Ep>,
    halfmove: u16,
    fullmove: u16,
    phase: Phase,
    after_link: bool,
    result: Option<HobResult>,
    /// Read from a position at a pending decision (`lost=`): a locked half of that colour was
    /// destroyed in the turn, which the castling record can no longer show.
    lost: [bool; 2],
}

type Dir = (i8, i8);
/// Colour on each node (indexed by the representative square), a snapshot for pattern walks.
type Occ = [Option<Color>; 100];
/// A set of nodes as marks indexed by the representative square.
type Marks = [bool; 100];

const ORTH: [Dir; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [Dir; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const ALL8: [Dir; 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const LEAPS: [Dir; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const HALL: [Dir; 2] = [(0, 1), (0, -1)];

fn wing_index(w: Wing) -> usize {
    match w {
        Wing::King => 0,
        Wing::Queen => 1,
    }
}

/// Files of the castling squares (HOB-61): king from, king to, rook from, rook to.
fn castle_files(w: Wing) -> [u8; 4] {
    match w {
        Wing::King => [5, 7, 8, 6],
        Wing::Queen => [5, 3, 1, 4],
    }
}

fn home_rank(c: Color) -> u8 {
    match c {
        Color::White => 1,
        Color::Black => 8,
    }
}

fn second_rank(c: Color) -> u8 {
    match c {
        Color::White => 2,
        Color::Black => 7,
    }
}

fn final_rank(c: Color) -> u8 {
    match c {
        Color::White => 8,
        Color::Black => 1,
    }
}

fn fwd(c: Color) -> i8 {
    match c {
        Color::White => 1,
        Color::Black => -1,
    }
}

fn on_board(sq: Square) -> bool {
    (1..=8).contains(&sq.col()) && (1..=8).contains(&sq.row())
}

fn in_hall(sq: Square) -> bool {
    sq.col() == 9 && (1..=8).contains(&sq.row())
}

fn sq_name(sq: Square) -> String {
    Hobgoblin::GEOMETRY.name(sq)
}

fn letter(color: Color, kind: u8) -> char {
    let l = ['K', 'Q', 'R', 'B', 'N', 'P'][kind as usize];
    if color == Color::White {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

/// One step in the geometry of `sq` (HOB-2, HOB-12, HOB-13): on the board any offset that
/// stays on a1..h8; in the hallway only straight up or down.
fn step(sq: Square, d: Dir) -> Option<Square> {
    if in_hall(sq) {
        if d.0 != 0 {
            return None;
        }
        let r = sq.row() as i8 + d.1;
        if (1..=8).contains(&r) {
            Some(Square::new(9, r as u8))
        } else {
            None
        }
    } else {
        let c = sq.col() as i8 + d.0;
        let r = sq.row() as i8 + d.1;
        if (1..=8).contains(&c) && (1..=8).contains(&r) {
            Some(Square::new(c as u8, r as u8))
        } else {
            None
        }
    }
}

impl Model {
    // ------------------------------------------------------------------ conversion

    fn from_pos(pos: &Hobgoblin) -> Model {
        let mut m = Model {
            units: Vec::new(),
            next_id: 0,
            links: [None; 9],
            side: pos.side(),
            rights: [[None; 2]; 2],
            castling: [None, None],
            ep: None,
            halfmove: pos.halfmove(),
            fullmove: pos.fullmove(),
            phase: pos.phase(),
            after_link: pos.after_link(),
            lost: pos.locked_lost(),
            result: pos.result(),
        };
        for rank in 1..=8u8 {
            m.links[rank as usize] = pos.link(rank);
        }
        for row in 1..=8u8 {
            for col in 1..=9u8 {
                let sq = Square::new(col, row);
                if m.node(sq) != sq {
                    continue;
                }
                for color in Color::BOTH {
                    for kind in 0..6u8 {
                        for _ in 0..pos.count(sq, color, kind) {
                            let state = if kind == PAWN {
                                State::Pawn
                            } else {
                                State::Whole
                            };
                            m.add(color, kind, state, sq);
                        }
                    }
                }
            }
        }
        for p in pos.pairs() {
            for _ in 0..p.count {
                let a = m.fresh();
                let b = m.fresh();
                m.units.push(Unit {
                    id: a,
                    color: p.color,
                    kind: p.kind,
                    state: State::Half(b),
                    sq: p.a,
                });
                m.units.push(Unit {
                    id: b,
                    color: p.color,
                    kind: p.kind,
                    state: State::Half(a),
                    sq: p.b,
                });
            }
        }
        for color in Color::BOTH {
            let r0 = home_rank(color);
            for wing in Wing::BOTH {
                let [kf, kt, rf, rt] = castle_files(wing);
                if pos.rights() & wing.right(color) != 0 {
                    let k = m.find(color, KING, State::Whole, Square::new(kf, r0), &[]);
                    let taken: Vec<u32> = m.rights[color.index()]
                        .iter()
                        .flatten()
                        .map(|x| x.1)
                        .collect();
                    let r = m.find(color, ROOK, State::Whole, Square::new(rf, r0), &taken);
                    if let (Some(k), Some(r)) = (k, r) {
                        m.rights[color.index()][wing_index(wing)] = Some((k, r));
                    }
                }
                if pos.in_progress(color) == Some(wing) {
                    let half = |m: &Model, kind: u8, a: u8, b: u8| {
                        m.units
                            .iter()
                            .find(|u| {
                                u.color == color
                                    && u.kind == kind
                                    && u.sq == Square::new(a, r0)
                                    && matches!(u.state, State::Half(p) if m.unit(p).sq == Square::new(b, r0))
                            })
                            .map(|u| (u.id, m.partner(u.id)))
                    };
                    let (ke, kg) = half(&m, KING, kf, kt).expect("locked king halves");
                    let (rh, rf2) = half(&m, ROOK, rf, rt).expect("locked rook halves");
                    m.castling[color.index()] = Some(Castling {
                        wing,
                        locked: [ke, kg, rh, rf2],
                    });
                }
            }
        }
        if let Some(ep) = pos.ep() {
            m.ep = Some(Ep {
                targets: ep.targets.iter().collect(),
                victim: ep.victim,
                k: ep.k as usize,
                color: !pos.side(),
            });
        }
        m
    }

    fn to_pos(&self) -> Hobgoblin {
        let mut p = Hobgoblin::empty();
        for rank in 1..=8u8 {
            if let Some(f) = self.links[rank as usize] {
                p.set_link(rank, Some(f));
            }
        }
        let mut counts: BTreeMap<(Square, usize, u8), u8> = BTreeMap::new();
        let mut pairs: BTreeMap<(usize, u8, Square, Square), u8> = BTreeMap::new();
        for u in &self.units {
            match u.state {
                State::Pawn | State::Whole => {
                    *counts.entry((u.sq, u.color.index(), u.kind)).or_default() += 1;
                }
                State::Half(p) => {
                    let other = self.unit(p).sq;
                    if u.sq < other {
                        *pairs
                            .entry((u.color.index(), u.kind, u.sq, other))
                            .or_default() += 1;
                    }
                }
            }
        }
        for ((sq, c, kind), n) in counts {
            p.set_count(sq, Color::BOTH[c], kind, n);
        }
        for ((c, kind, a, b), n) in pairs {
            assert!(p.set_pair(Color::BOTH[c], kind, a, b, n), "too many pairs");
        }
        p.set_side(self.side);
        let mut rights = 0u8;
        for color in Color::BOTH {
            for wing in Wing::BOTH {
                if self.rights[color.index()][wing_index(wing)].is_some() {
                    rights |= wing.right(color);
                }
            }
            if self.castling_intact(color) {
                p.set_in_progress(color, self.castling[color.index()].as_ref().map(|c| c.wing));
            }
        }
        p.set_rights(rights);
        if let Some(ep) = &self.ep {
            let mut targets = Bitboard::EMPTY;
            for &t in &ep.targets {
                targets.set(t);
            }
            p.set_ep(Some(super::position::EpRecord {
                targets,
                victim: ep.victim,
                k: ep.k as u8,
            }));
        }
        p.set_clocks(self.halfmove, self.fullmove);
        p.set_phase(self.phase);
        p.set_after_link(self.after_link);
        p.set_result(self.result);
        if self.result.is_none() && self.pending() {
            p.set_locked_lost([
                self.locked_half_destroyed(Color::White),
                self.locked_half_destroyed(Color::Black),
            ]);
        }
        p
    }

    fn fen(&self) -> String {
        self.to_pos().to_fen()
    }

    // ------------------------------------------------------------------ basic queries

    fn fresh(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }

    fn add(&mut self, color: Color, kind: u8, state: State, sq: Square) -> u32 {
        let id = self.fresh();
        self.units.push(Unit {
            id,
            color,
            kind,
            state,
            sq,
        });
        id
    }

    fn find(&self, color: Color, kind: u8, state: State, sq: Square, not: &[u32]) -> Option<u32> {
        self.units
            .iter()
            .find(|u| {
                u.color == color
                    && u.kind == kind
                    && u.state == state
                    && u.sq == sq
                    && !not.contains(&u.id)
            })
            .map(|u| u.id)
    }

    fn get(&self, id: u32) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    fn unit(&self, id: u32) -> &Unit {
        self.get(id).expect("unit id")
    }

    fn unit_mut(&mut self, id: u32) -> &mut Unit {
        self.units.iter_mut().find(|u| u.id == id).expect("unit id")
    }

    fn remove(&mut self, id: u32) {
        self.units.retain(|u| u.id != id);
    }

    fn partner(&self, id: u32) -> u32 {
        match self.unit(id).state {
            State::Half(p) => p,
            _ => panic!("not a half"),
        }
    }

    /// The node (representative square) of `sq` under the current links (HOB-3).
    fn node(&self, sq: Square) -> Square {
        if in_hall(sq) {
            if let Some(f) = self.links[sq.row() as usize] {
                return Square::new(f, sq.row());
            }
        }
        sq
    }

    /// The squares of a node: one, or board square and hallway square of a linked pair.
    fn squares(&self, node: Square) -> Vec<Square> {
        if on_board(node) && self.links[node.row() as usize] == Some(node.col()) {
            vec![node, Square::new(9, node.row())]
        } else {
            vec![node]
        }
    }

    /// The other square of a linked node, if `sq` is part of one.
    fn other_square(&self, sq: Square) -> Option<Square> {
        let link = self.links[sq.row() as usize]?;
        if in_hall(sq) {
            Some(Square::new(link, sq.row()))
        } else if sq.col() == link {
            Some(Square::new(9, sq.row()))
        } else {
            None
        }
    }

    fn all_nodes(&self) -> Vec<Square> {
        let mut v = Vec::new();
        for row in 1..=8u8 {
            for col in 1..=9u8 {
                let sq = Square::new(col, row);
                if self.node(sq) == sq {
                    v.push(sq);
                }
            }
        }
        v
    }

    fn on(&self, node: Square) -> Vec<Unit> {
        self.units
            .iter()
            .filter(|u| u.sq == node)
            .copied()
            .collect()
    }

    fn color_on(&self, node: Square) -> Option<Color> {
        self.units.iter().find(|u| u.sq == node).map(|u| u.color)
    }

    fn occ(&self) -> Occ {
        let mut o = [None; 100];
        for u in &self.units {
            o[u.sq.index()] = Some(u.color);
        }
        o
    }

    fn is_locked(&self, id: u32) -> bool {
        self.castling
            .iter()
            .flatten()
            .any(|c| c.locked.contains(&id))
    }

    /// Whether the castling in progress of `color` still stands as HOB-61/62 leave it.
    fn castling_intact(&self, color: Color) -> bool {
        let Some(c) = &self.castling[color.index()] else {
            return false;
        };
        let r0 = home_rank(color);
        let [kf, kt, rf, rt] = castle_files(c.wing);
        let want = [
            (c.locked[0], KING, kf, c.locked[1]),
            (c.locked[1], KING, kt, c.locked[0]),
            (c.locked[2], ROOK, rf, c.locked[3]),
            (c.locked[3], ROOK, rt, c.locked[2]),
        ];
        want.iter().all(|&(id, kind, f, p)| {
            self.get(id).is_some_and(|u| {
                u.kind == kind
                    && u.color == color
                    && u.state == State::Half(p)
                    && u.sq == Square::new(f, r0)
            })
        })
    }

    /// HOB-6: both halves of one piece on one node consolidate at once (a fresh identity: a
    /// piece that was extended carries no castling right).
    fn consolidate_meetings(&mut self) {
        loop {
            let meet = self.units.iter().find_map(|u| match u.state {
                State::Half(p) if self.unit(p).sq == u.sq => Some((u.id, p)),
                _ => None,
            });
            let Some((a, b)) = meet else { break };
            let u = *self.unit(a);
            self.remove(a);
            self.remove(b);
            self.add(u.color, u.kind, State::Whole, u.sq);
        }
    }

    // ------------------------------------------------------------------ patterns

    /// Rides (HOB-16) from node `s` along `board_dirs` on the board and up/down in the hallway:
    /// every node some ride reaches.
    fn rides(&self, s: Square, board_dirs: &[Dir], occ: &Occ, out: &mut Marks) {
        for d in self.squares(s) {
            let dirs: &[Dir] = if in_hall(d) { &HALL } else { board_dirs };
            for &dir in dirs {
                let mut visited = vec![s];
                self.walk(d, dir, board_dirs, occ, &mut visited, out);
            }
        }
    }

    fn walk(
        &self,
        sq: Square,
        dir: Dir,
        board_dirs: &[Dir],
        occ: &Occ,
        visited: &mut Vec<Square>,
        out: &mut Marks,
    ) {
        let Some(next) = step(sq, dir) else { return };
        let n = self.node(next);
        if visited.contains(&n) {
            return;
        }
        out[n.index()] = true;
        if occ[n.index()].is_some() {
            return;
        }
        visited.push(n);
        self.walk(next, dir, board_dirs, occ, visited, out);
        if let Some(o) = self.other_square(next) {
            let dirs: &[Dir] = if in_hall(o) { &HALL } else { board_dirs };
            for &d2 in dirs {
                self.walk(o, d2, board_dirs, occ, visited, out);
            }
        }
        visited.pop();
    }

    /// Single steps or leaps (HOB-15) from either square of `s`.
    fn steps(&self, s: Square, board_dirs: &[Dir], out: &mut Marks) {
        for d in self.squares(s) {
            let dirs: &[Dir] = if in_hall(d) { &HALL } else { board_dirs };
            for &dir in dirs {
                if let Some(t) = step(d, dir) {
                    let n = self.node(t);
                    if n != s {
                        out[n.index()] = true;
                    }
                }
            }
        }
    }

    /// Every node a non-pawn piece of `kind` on `s` reaches with its pattern (HOB-20..25).
    fn piece_reach(&self, s: Square, kind: u8, occ: &Occ) -> BTreeSet<Square> {
        let mut marks = [false; 100];
        self.piece_marks(s, kind, occ, &mut marks);
        (0..100u8)
            .filter(|&i| marks[i as usize])
            .map(Square::from_index)
            .collect()
    }

    fn piece_marks(&self, s: Square, kind: u8, occ: &Occ, out: &mut Marks) {
        match kind {
            KING => self.steps(s, &ALL8, out),
            QUEEN => self.rides(s, &ALL8, occ, out),
            ROOK => self.rides(s, &ORTH, occ, out),
            BISHOP => self.rides(s, &DIAG, occ, out),
            KNIGHT => self.steps(s, &LEAPS, out),
            _ => unreachable!(),
        }
    }

    /// A pawn's capture step (HOB-27): diagonal-forward on the board, forward in the hallway.
    fn pawn_capture_step(&self, s: Square, color: Color) -> BTreeSet<Square> {
        let f = fwd(color);
        let mut out = BTreeSet::new();
        for d in self.squares(s) {
            let dirs: Vec<Dir> = if in_hall(d) {
                vec![(0, f)]
            } else {
                vec![(1, f), (-1, f)]
            };
            for dir in dirs {
                if let Some(t) = step(d, dir) {
                    out.insert(self.node(t));
                }
            }
        }
        out
    }

    /// The forward non-capturing pawn moves (HOB-26): (destination, length, passed nodes) for
    /// every ride, with transfers at empty linked intermediate nodes (HOB-16, HOB-17).
    fn pawn_forward(
        &self,
        s: Square,
        color: Color,
        occ: &Occ,
    ) -> Vec<(Square, usize, Vec<Square>)> {
        let max = if s.row() == home_rank(color) {
            3
        } else if s.row() == second_rank(color) {
            2
        } else {
            1
        };
        let mut out = Vec::new();
        for d in self.squares(s) {
            let mut visited = vec![s];
            self.pawn_walk(d, color, max, occ, &mut visited, &mut out);
        }
        out
    }

    fn pawn_walk(
        &self,
        sq: Square,
        color: Color,
        max: usize,
        occ: &Occ,
        visited: &mut Vec<Square>,
        out: &mut Vec<(Square, usize, Vec<Square>)>,
    ) {
        let Some(next) = step(sq, (0, fwd(color))) else {
            return;
        };
        let n = self.node(next);
        if visited.contains(&n) {
            return;
        }
        let len = visited.len(); // the start node is in `visited`
        let here = occ[n.index()];
        if here != Some(!color) {
            out.push((n, len, visited[1..].to_vec()));
        }
        if here.is_some() || len == max {
            return;
        }
        visited.push(n);
        self.pawn_walk(next, color, max, occ, visited, out);
        if let Some(o) = self.other_square(next) {
            self.pawn_walk(o, color, max, occ, visited, out);
        }
        visited.pop();
    }

    // ------------------------------------------------------------------ attack (HOB-131)

    /// Every node attacked by `c`. With `proxies`, each pawn of `c` on its last rank also
    /// attacks like a consolidated queen and knight on its node (HOB-133b).
    fn attacked_by(&self, c: Color, proxies: bool) -> Marks {
        let occ = self.occ();
        let mut nodes: BTreeMap<Square, Vec<Unit>> = BTreeMap::new();
        for u in self.units.iter().filter(|u| u.color == c) {
            nodes.entry(u.sq).or_default().push(*u);
        }
        let mut out = [false; 100];
        for (s, units) in nodes {
            let armed = units
                .iter()
                .any(|u| matches!(u.state, State::Pawn | State::Whole));
            let mut kinds = [false; 6];
            let mut pawn = false;
            for u in &units {
                match u.state {
                    State::Pawn => pawn = true,
                    State::Whole => kinds[u.kind as usize] = true,
                    State::Half(_) => {
                        if armed && !self.is_locked(u.id) {
                            kinds[u.kind as usize] = true;
                        }
                    }
                }
            }
            let mut reach = [false; 100];
            if pawn {
                for n in self.pawn_capture_step(s, c) {
                    reach[n.index()] = true;
                }
                if proxies && s.row() == final_rank(c) {
                    kinds[QUEEN as usize] = true;
                    kinds[KNIGHT as usize] = true;
                }
            }
            for k in KING..=KNIGHT {
                if kinds[k as usize] {
                    self.piece_marks(s, k, &occ, &mut reach);
                }
            }
            // HOB-131: the attacker stands on a node S != X.
            reach[s.index()] = false;
            for i in 0..100 {
                out[i] |= reach[i];
            }
        }
        out
    }

    /// Royal nodes (HOB-130, HOB-64).
    fn royal_nodes(&self, c: Color) -> Vec<Square> {
        if let Some(cs) = &self.castling[c.index()] {
            let r0 = home_rank(c);
            let [kf, kt, _, _] = castle_files(cs.wing);
            let mid = (kf + kt) / 2;
            return [kf, mid, kt]
                .iter()
                .map(|&f| self.node(Square::new(f, r0)))
                .collect();
        }
        self.units
            .iter()
            .filter(|u| u.color == c && u.kind == KING)
            .map(|u| u.sq)
            .collect()
    }

    fn danger_nodes(&self, c: Color) -> Vec<Square> {
        if self.castling[c.index()].is_some() {
            self.royal_nodes(c)
        } else {
            Vec::new()
        }
    }

    /// HOB-60 with our "moved = stands on another node": a right survives while its king and
    /// rook are the same consolidated units on their home squares.
    fn update_rights(&mut self) {
        for c in Color::BOTH {
            let r0 = home_rank(c);
            for w in Wing::BOTH {
                let [kf, _, rf, _] = castle_files(w);
                if let Some((k, r)) = self.rights[c.index()][wing_index(w)] {
                    let ok = |id: u32, kind: u8, f: u8| {
                        self.get(id).is_some_and(|u| {
                            u.kind == kind
                                && u.state == State::Whole
                                && u.color == c
                                && u.sq == Square::new(f, r0)
                        })
                    };
                    if !(ok(k, KING, kf) && ok(r, ROOK, rf)) {
                        self.rights[c.index()][wing_index(w)] = None;
                    }
                }
            }
        }
    }

    fn pending(&self) -> bool {
        self.result.is_none()
            && !self.after_link
            && self.units.iter().any(|u| {
                u.color == self.side
                    && u.state == State::Pawn
                    && u.sq.row() == final_rank(self.side)
            })
    }

    // ------------------------------------------------------------------ magnetism

    /// HOB-90..94 from `magnet`; returns the ids of units that now stand on another node.
    fn magnetism(&mut self, magnet: Square, mover: Color) -> Vec<u32> {
        let mut rays: Vec<(Square, Dir)> = Vec::new();
        for sq in self.squares(magnet) {
            if on_board(sq) {
                for d in ALL8 {
                    rays.push((sq, d));
                }
            }
        }
        for sq in self.squares(magnet) {
            if in_hall(sq) {
                rays.push((sq, (0, 1)));
                rays.push((sq, (0, -1)));
            }
        }
        // Snapshot (HOB-92): each ray's target node and the crowd standing there now.
        let mut targets: Vec<(Square, Dir, Square, Vec<u32>, Color)> = Vec::new();
        let mut seen: Vec<Square> = Vec::new();
        for (start, dir) in rays {
            let mut sq = start;
            while let Some(next) = step(sq, dir) {
                sq = next;
                let n = self.node(sq);
                if let Some(c) = self.color_on(n) {
                    if n != magnet && !seen.contains(&n) {
                        seen.push(n);
                        let ids = self.on(n).iter().map(|u| u.id).collect();
                        targets.push((start, dir, sq, ids, c));
                    }
                    break;
                }
            }
        }
        let mut moved = Vec::new();
        for (start, dir, hit, ids, c) in targets {
            let from = self.unit(ids[0]).sq;
            let dest = if c == mover {
                // Attracted to the node of the square next to the magnet on this ray.
                self.node(step(start, dir).expect("ray has a first square"))
            } else {
                // Repelled over every following square whose node is empty now.
                let mut cur = hit;
                while let Some(next) = step(cur, dir) {
                    if self.color_on(self.node(next)).is_some() {
                        break;
                    }
                    cur = next;
                }
                self.node(cur)
            };
            if dest != from {
                for &id in &ids {
                    self.unit_mut(id).sq = dest;
                    moved.push(id);
                }
            }
        }
        moved
    }

    // ------------------------------------------------------------------ explosions

    /// HOB-102, HOB-A21: the nodes an explosion at node `x` destroys: `x` and every node that
    /// holds a square one king step from a square of `x` (HOB-12 on the board: the 8
    /// neighbours; HOB-13 in the hallway: iN-1 and iN+1). A node is a whole node here.
    fn blast(&self, x: Square) -> BTreeSet<Square> {
        let mut out = BTreeSet::from([x]);
        for sq in self.squares(x) {
            // `step` keeps each geometry: from a hallway square only (0, ±1) exist.
            for d in ALL8 {
                if let Some(t) = step(sq, d) {
                    out.insert(self.node(t));
                }
            }
        }
        out
    }

    /// The units destroyed by blasts over `nodes`: every unit on them, and the partner of
    /// every destroyed half, wherever it stands (HOB-102).
    fn destroyed_by(&self, nodes: &BTreeSet<Square>) -> BTreeSet<u32> {
        let mut ids = BTreeSet::new();
        for u in self.units.iter().filter(|u| nodes.contains(&u.sq)) {
            ids.insert(u.id);
            if let State::Half(q) = u.state {
                ids.insert(q);
            }
        }
        ids
    }

    /// HOB-65, HOB-142: whether `c` has a castling in progress one of whose locked halves is
    /// gone. Before the explosions a turn never leaves one (HOB-133a for the mover, the first
    /// verdict HOB-141 for the opponent), so only a blast does this.
    fn locked_half_destroyed(&self, c: Color) -> bool {
        self.lost[c.index()]
            || self.castling[c.index()]
                .as_ref()
                .is_some_and(|cs| cs.locked.iter().any(|&id| self.get(id).is_none()))
    }
}

// ------------------------------------------------------------------------------ turns

/// (link token, FEN after the turn, roll sites, board after magnetism before the mover's
/// promotions: a pawn that promotes and a unit that became that piece by mutation leave the
/// same FEN, but HOB-150 tells them apart by the state after magnetism).
type Key = (Option<String>, String, Vec<String>, String);

/// What the chance step of a turn with rolls needs (HOB-120 steps 5..8): the position after
/// magnetism with the side, clocks and rights the turn leaves, the roll sites (one per roll,
/// HOB-100, HOB-102) and the mover's declared promotions (pawn id, type; HOB-111).
#[derive(Clone, Debug)]
struct Chance {
    post: Model,
    rolls: Vec<Square>,
    declared: Vec<(u32, u8)>,
}

/// What the move step did, for the later steps of HOB-120.
struct MoveInfo {
    magnet: Square,
    king_captured: bool,
    capture: bool,
    /// Units that were pawns when they moved in the move step (HOB-100).
    pawn_movers: Vec<u32>,
    new_ep: Option<Ep>,
}

/// What a unit of the moving set became in the move step (before mutation).
#[derive(Copy, Clone)]
enum Moved {
    Pawn(u32),
    Carried(u32),
    Extended { s_half: u32, t_half: u32 },
    Shifted(u32),
    Consolidated,
}

struct Gen {
    forbid: bool,
    out: BTreeMap<Key, Model>,
    /// With `Some`, the chance step of every turn that has rolls, by the turn's key.
    chance: Option<BTreeMap<Key, Chance>>,
}

fn multisets(n: usize, from: u8) -> Vec<Vec<u8>> {
    // Non-decreasing sequences of length n over kinds from..=KNIGHT.
    if n == 0 {
        return vec![vec![]];
    }
    let mut v = Vec::new();
    for k in from..=KNIGHT {
        for mut rest in multisets(n - 1, k) {
            rest.insert(0, k);
            v.push(rest);
        }
    }
    v
}

/// Every combination of promotion multisets for `color`'s pawns on its last rank
/// (HOB-110..112): one list of (pawn id, type) per combination.
fn declarations(m: &Model, color: Color) -> Vec<Vec<(u32, u8)>> {
    let mut nodes: BTreeMap<Square, Vec<u32>> = BTreeMap::new();
    for u in &m.units {
        if u.color == color && u.state == State::Pawn && u.sq.row() == final_rank(color) {
            nodes.entry(u.sq).or_default().push(u.id);
        }
    }
    let mut acc: Vec<Vec<(u32, u8)>> = vec![Vec::new()];
    for (_, ids) in nodes {
        let mut next = Vec::new();
        for base in &acc {
            for choice in multisets(ids.len(), QUEEN) {
                let mut b = base.clone();
                b.extend(ids.iter().copied().zip(choice));
                next.push(b);
            }
        }
        acc = next;
    }
    acc
}

/// Promotes the declared pawns that still stand (HOB-110); a choice for a destroyed pawn
/// lapses (HOB-111).
fn promote(m: &mut Model, declared: &[(u32, u8)]) {
    for &(id, k) in declared {
        if let Some(u) = m.units.iter_mut().find(|u| u.id == id) {
            u.kind = k;
            u.state = State::Whole;
        }
    }
}

/// One model per promotion combination of `color` (HOB-110..112).
fn promotions(m: &Model, color: Color) -> Vec<Model> {
    declarations(m, color)
        .into_iter()
        .map(|d| {
            let mut b = m.clone();
            promote(&mut b, &d);
            b
        })
        .collect()
}

/// The final verdict (HOB-142) of the turn of `p`, in the position after promotions.
fn final_verdict(m: &mut Model, p: Color) {
    let o = !p;
    let p_loses = m.locked_half_destroyed(p) || {
        let att = m.attacked_by(o, false);
        m.royal_nodes(p).iter().any(|n| att[n.index()])
    };
    let danger = m.danger_nodes(o);
    let o_loses = m.locked_half_destroyed(o)
        || (!danger.is_empty() && {
            let att = m.attacked_by(p, false);
            danger.iter().any(|n| att[n.index()])
        });
    m.result = match (p_loses, o_loses) {
        (false, false) => None,
        (true, true) => Some(HobResult::Draw),
        (true, false) => Some(win(o)),
        (false, true) => Some(win(p)),
    };
}

fn win(c: Color) -> HobResult {
    match c {
        Color::White => HobResult::WhiteWins,
        Color::Black => HobResult::BlackWins,
    }
}

/// The opponent's G5 promotion decision (HOB-112) at a pending position: one model per option,
/// with the final verdict of the finished turn applied.
fn decisions(m: &Model) -> BTreeMap<String, Model> {
    let mut out = BTreeMap::new();
    let decider = m.side;
    for mut d in promotions(m, decider) {
        final_verdict(&mut d, !decider);
        out.insert(d.fen(), d);
    }
    out
}

impl Gen {
    fn insert(
        &mut self,
        link: &Option<String>,
        m: Model,
        rolls: Vec<Square>,
        before: String,
        chance: Option<Chance>,
    ) {
        let mut rolls = rolls;
        rolls.sort();
        let names = rolls.into_iter().map(sq_name).collect();
        let key = (link.clone(), m.fen(), names, before);
        if let (Some(map), Some(c)) = (self.chance.as_mut(), chance) {
            map.insert(key.clone(), c);
        }
        self.out.insert(key, m);
    }

    /// All turns of `m` (HOB-120), with and without link steps.
    fn turns(&mut self, m: &Model) {
        if m.result.is_some() {
            return;
        }
        self.moves(m, &None);
        if m.after_link {
            return;
        }
        for (token, after) in self.link_steps(m) {
            self.moves(&after, &Some(token));
        }
    }

    // ---------------------------------------------------------------- link step (HOB-80..84)

    fn link_steps(&self, m: &Model) -> Vec<(String, Model)> {
        let p = m.side;
        let mut out: BTreeMap<(String, String), Model> = BTreeMap::new();
        let ep_named = |m: &Model, a: Square, b: Square| {
            m.ep.as_ref().is_some_and(|ep| {
                let mut named: BTreeSet<Square> = ep.targets.clone();
                named.extend(m.squares(ep.victim));
                named.contains(&a) || named.contains(&b)
            })
        };
        match m.phase {
            Phase::Linking => {
                for rank in 1..=8u8 {
                    if m.links[rank as usize].is_some() {
                        continue;
                    }
                    let hall = Square::new(9, rank);
                    for file in 1..=8u8 {
                        let board = Square::new(file, rank);
                        let on_both: Vec<Unit> =
                            m.on(hall).into_iter().chain(m.on(board)).collect();
                        if on_both.iter().any(|u| u.color != p) {
                            continue;
                        }
                        if on_both.iter().any(|u| m.is_locked(u.id)) {
                            continue;
                        }
                        let partners = on_both.iter().any(|u| {
                            matches!(u.state, State::Half(q) if {
                                let qs = m.unit(q).sq;
                                (u.sq == hall && qs == board) || (u.sq == board && qs == hall)
                            })
                        });
                        if partners {
                            continue;
                        }
                        let mut a = m.clone();
                        if ep_named(m, board, hall) {
                            a.ep = None;
                        }
                        a.links[rank as usize] = Some(file);
                        for u in a.units.iter_mut() {
                            if u.sq == hall {
                                u.sq = board;
                            }
                        }
                        if a.links[1..].iter().all(|l| l.is_some()) {
                            a.phase = Phase::Unlinking;
                        }
                        a.after_link = true;
                        let token = format!("{}={}", sq_name(hall), sq_name(board));
                        out.insert((token.clone(), a.fen()), a);
                    }
                }
            }
            Phase::Unlinking => {
                for rank in 1..=8u8 {
                    let Some(file) = m.links[rank as usize] else {
                        continue;
                    };
                    let hall = Square::new(9, rank);
                    let board = Square::new(file, rank);
                    let units = m.on(board);
                    if units.iter().any(|u| m.is_locked(u.id)) {
                        continue;
                    }
                    if self.forbid && units.iter().any(|u| u.color != p) {
                        continue;
                    }
                    for mask in 0u64..(1u64 << units.len()) {
                        let mut a = m.clone();
                        if ep_named(m, board, hall) {
                            a.ep = None;
                        }
                        a.links[rank as usize] = None;
                        let mut sent = Vec::new();
                        for (i, u) in units.iter().enumerate() {
                            if mask >> i & 1 == 1 {
                                a.unit_mut(u.id).sq = hall;
                                sent.push(*u);
                            }
                        }
                        if a.links[1..].iter().all(|l| l.is_none()) {
                            a.phase = Phase::Linking;
                        }
                        a.update_rights();
                        a.after_link = true;
                        let mut token = format!("{}|{}", sq_name(hall), sq_name(board));
                        if !sent.is_empty() {
                            token.push('(');
                            token.push_str(&group(m, &units, &sent));
                            token.push(')');
                        }
                        out.insert((token.clone(), a.fen()), a);
                    }
                }
            }
        }
        out.into_iter().map(|((t, _), a)| (t, a)).collect()
    }

    // ---------------------------------------------------------------- moves (HOB-40..74)

    fn moves(&mut self, m: &Model, link: &Option<String>) {
        let p = m.side;
        let occ = m.occ();
        self.castling_moves(m, link);
        for s in m.all_nodes() {
            let movable: Vec<Unit> = m
                .on(s)
                .into_iter()
                .filter(|u| u.color == p && !m.is_locked(u.id))
                .collect();
            if movable.is_empty() {
                continue;
            }
            // Per-unit reach from S (depends only on the unit's kind and state).
            let forward = m.pawn_forward(s, p, &occ);
            let capture_step = m.pawn_capture_step(s, p);
            let ep_nodes: BTreeSet<Square> = match &m.ep {
                Some(ep)
                    if ep.color == !p
                        && m.on(ep.victim)
                            .iter()
                            .filter(|u| u.color == ep.color && u.state == State::Pawn)
                            .count()
                            >= ep.k =>
                {
                    capture_step
                        .iter()
                        .copied()
                        .filter(|&n| {
                            m.color_on(n).is_none()
                                && m.squares(n).iter().any(|q| ep.targets.contains(q))
                        })
                        .collect()
                }
                _ => BTreeSet::new(),
            };
            // HOB-41 (a)/(b) per unit: (non-capturing reach, capturing reach, partner node).
            let reach: Vec<(BTreeSet<Square>, BTreeSet<Square>, Option<Square>)> = movable
                .iter()
                .map(|u| {
                    let mut noncap = BTreeSet::new();
                    let mut cap = BTreeSet::new();
                    let mut partner = None;
                    match u.state {
                        State::Pawn => {
                            for (t, _, _) in &forward {
                                noncap.insert(*t);
                            }
                            for &t in &capture_step {
                                if m.color_on(t) == Some(!p) {
                                    cap.insert(t);
                                }
                            }
                        }
                        State::Whole | State::Half(_) => {
                            for t in m.piece_reach(s, u.kind, &occ) {
                                if m.color_on(t) == Some(!p) {
                                    cap.insert(t);
                                } else {
                                    noncap.insert(t);
                                }
                            }
                            if let State::Half(q) = u.state {
                                partner = Some(m.unit(q).sq);
                            }
                        }
                    }
                    (noncap, cap, partner)
                })
                .collect();
            let n = movable.len();
            for mask in 1u64..(1u64 << n) {
                let members: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
                let set: Vec<Unit> = members.iter().map(|&i| movable[i]).collect();
                let has_pawn = set.iter().any(|u| u.state == State::Pawn);
                let mut noncap: BTreeSet<Square> = BTreeSet::new();
                let mut cap: BTreeSet<Square> = BTreeSet::new();
                let mut partner_nodes: BTreeSet<Square> = BTreeSet::new();
                for &i in &members {
                    noncap.extend(&reach[i].0);
                    cap.extend(&reach[i].1);
                    partner_nodes.extend(reach[i].2);
                }
                let mut dests: BTreeSet<Square> = BTreeSet::new();
                dests.extend(&noncap);
                dests.extend(&cap);
                dests.extend(&partner_nodes);
                if has_pawn {
                    dests.extend(&ep_nodes);
                }
                dests.remove(&s);
                for t in dests {
                    let is_capture = m.color_on(t) == Some(!p);
                    let reach_ok = if is_capture {
                        cap.contains(&t)
                    } else {
                        noncap.contains(&t)
                            || partner_nodes.contains(&t)
                            || (has_pawn && ep_nodes.contains(&t))
                    };
                    if !reach_ok {
                        continue;
                    }
                    let en_passant = !is_capture && has_pawn && ep_nodes.contains(&t);
                    let wholes: Vec<u32> = set
                        .iter()
                        .filter(|u| u.state == State::Whole)
                        .map(|u| u.id)
                        .collect();
                    let consolidates = set
                        .iter()
                        .any(|u| matches!(u.state, State::Half(q) if m.unit(q).sq == t));
                    for modes in 0u64..(1u64 << wholes.len()) {
                        let extending: Vec<u32> = (0..wholes.len())
                            .filter(|i| modes >> i & 1 == 1)
                            .map(|i| wholes[i])
                            .collect();
                        // HOB-43 inchworm.
                        if !(has_pawn || !extending.is_empty() || consolidates) {
                            continue;
                        }
                        // HOB-51 mutation choices.
                        let v: Vec<u8> = if en_passant {
                            vec![PAWN]
                        } else if is_capture {
                            let mut v = BTreeSet::new();
                            for u in m.on(t) {
                                if u.kind != KING {
                                    v.insert(u.kind);
                                }
                            }
                            v.into_iter().collect()
                        } else {
                            Vec::new()
                        };
                        let capturers: Vec<u32> = if v.is_empty() {
                            Vec::new()
                        } else {
                            set.iter()
                                .filter(|u| u.kind != KING)
                                .map(|u| u.id)
                                .collect()
                        };
                        let combos = v.len().pow(capturers.len() as u32);
                        for combo in 0..combos {
                            let mut c = combo;
                            let mut mutation = Vec::new();
                            for &id in &capturers {
                                mutation.push((id, v[c % v.len()]));
                                c /= v.len();
                            }
                            let (after, info) = apply_unit_move(
                                m, s, t, &set, &extending, &mutation, en_passant, &forward,
                            );
                            self.finish(m, after, info, link);
                        }
                    }
                }
            }
        }
    }

    fn castling_moves(&mut self, m: &Model, link: &Option<String>) {
        let p = m.side;
        let r0 = home_rank(p);
        let sq = |f: u8| Square::new(f, r0);
        if let Some(cs) = m.castling[p.index()].clone() {
            // Completion (HOB-63).
            let [ke, kg, rh, rf] = cs.locked;
            let [_, _, _, rt] = castle_files(cs.wing);
            let mut a = m.clone();
            let k = *a.unit(kg);
            let r = *a.unit(rf);
            a.remove(ke);
            a.remove(kg);
            a.remove(rh);
            a.remove(rf);
            a.add(p, KING, State::Whole, k.sq);
            a.add(p, ROOK, State::Whole, r.sq);
            a.castling[p.index()] = None;
            let info = MoveInfo {
                magnet: a.node(sq(rt)),
                king_captured: false,
                capture: false,
                pawn_movers: Vec::new(),
                new_ep: None,
            };
            self.finish(m, a, info, link);
            return;
        }
        for w in Wing::BOTH {
            let Some((k, r)) = m.rights[p.index()][wing_index(w)] else {
                continue;
            };
            let [kf, kt, rf, rt] = castle_files(w);
            let between: Vec<u8> = if w == Wing::King {
                vec![6, 7]
            } else {
                vec![2, 3, 4]
            };
            let span: Vec<u8> = if w == Wing::King {
                (5..=8).collect()
            } else {
                (1..=5).collect()
            };
            let alone = |id: u32, f: u8| {
                let on = m.on(sq(f));
                on.len() == 1 && on[0].id == id && on[0].state == State::Whole
            };
            if !alone(k, kf) || !alone(r, rf) {
                continue;
            }
            if between.iter().any(|&f| m.color_on(sq(f)).is_some()) {
                continue;
            }
            if span.iter().any(|&f| m.links[r0 as usize] == Some(f)) {
                continue;
            }
            let mut a = m.clone();
            let k2 = a.add(p, KING, State::Half(k), sq(kt));
            let r2 = a.add(p, ROOK, State::Half(r), sq(rt));
            a.unit_mut(k).state = State::Half(k2);
            a.unit_mut(r).state = State::Half(r2);
            a.rights[p.index()] = [None, None];
            a.castling[p.index()] = Some(Castling {
                wing: w,
                locked: [k, k2, r, r2],
            });
            let info = MoveInfo {
                magnet: sq(rt),
                king_captured: false,
                capture: false,
                pawn_movers: Vec::new(),
                new_ep: None,
            };
            self.finish(m, a, info, link);
        }
    }

    /// Steps 2..8 of HOB-120 after the move step.
    fn finish(&mut self, before: &Model, mut a: Model, info: MoveInfo, link: &Option<String>) {
        let p = before.side;
        let o = !p;
        let end_turn = |x: &mut Model, reset: bool| {
            x.side = o;
            x.after_link = false;
            x.halfmove = if reset { 0 } else { before.halfmove + 1 };
            if p == Color::Black {
                x.fullmove = before.fullmove + 1;
            }
            x.update_rights();
        };
        if info.king_captured {
            // HOB-140: P wins at step 2; the state at that step identifies the turn.
            a.result = Some(win(p));
            a.ep = None;
            end_turn(&mut a, true);
            self.insert(link, a, Vec::new(), String::new(), None);
            return;
        }
        let locked_of = |x: &Model, c: Color| -> Vec<(u32, Square)> {
            x.castling[c.index()]
                .iter()
                .flat_map(|cs| cs.locked.iter().map(|&id| (id, x.get(id).map(|u| u.sq))))
                .map(|(id, s)| (id, s.unwrap_or(Square::new(0, 0))))
                .collect()
        };
        let o_locked = locked_of(before, o);
        let p_locked = locked_of(&a, p);
        let pawn_state_before_mag: BTreeSet<u32> = a
            .units
            .iter()
            .filter(|u| u.state == State::Pawn)
            .map(|u| u.id)
            .collect();
        let moved = a.magnetism(info.magnet, p);
        a.consolidate_meetings();
        let broken = |x: &Model, l: &[(u32, Square)]| {
            l.iter().any(|&(id, s)| x.get(id).is_none_or(|u| u.sq != s))
        };
        // HOB-133 (a) and (b).
        if broken(&a, &p_locked) {
            return;
        }
        let o_att = a.attacked_by(o, true);
        if a.royal_nodes(p).iter().any(|n| o_att[n.index()]) {
            return;
        }
        let pawn_moved_by_mag = moved.iter().any(|id| pawn_state_before_mag.contains(id));
        let promoting = |x: &Model, c: Color| {
            x.units
                .iter()
                .any(|u| u.color == c && u.state == State::Pawn && u.sq.row() == final_rank(c))
        };
        let reset = info.capture
            || !info.pawn_movers.is_empty()
            || pawn_moved_by_mag
            || promoting(&a, p)
            || promoting(&a, o);
        a.ep = info.new_ep.clone();
        // HOB-141 first verdict.
        if a.castling[o.index()].is_some() {
            let p_att = a.attacked_by(p, false);
            if broken(&a, &o_locked) || a.danger_nodes(o).iter().any(|n| p_att[n.index()]) {
                a.result = Some(win(p));
                end_turn(&mut a, reset);
                self.insert(link, a, Vec::new(), String::new(), None);
                return;
            }
        }
        // HOB-100 roll sites.
        let mut rolls = Vec::new();
        for &id in &info.pawn_movers {
            rolls.push(a.unit(id).sq);
        }
        for &id in &moved {
            if pawn_state_before_mag.contains(&id) && !info.pawn_movers.contains(&id) {
                rolls.push(a.unit(id).sq);
            }
        }
        end_turn(&mut a, reset);
        let before = a.fen().split(' ').next().unwrap_or("").to_string();
        // Step 5 along all-survive (HOB-151); the chance step keeps `a` (Chance).
        // Step 7: P's declared promotions, then O's decision step (or the final verdict).
        for declared in declarations(&a, p) {
            let mut b = a.clone();
            promote(&mut b, &declared);
            if !b.pending() {
                final_verdict(&mut b, p);
            }
            let chance = (self.chance.is_some() && !rolls.is_empty()).then(|| Chance {
                post: a.clone(),
                rolls: rolls.clone(),
                declared,
            });
            self.insert(link, b, rolls.clone(), before.clone(), chance);
        }
    }
}

/// The unlink group (notation §3.7): members sent to the hallway, K Q R B N P, right carriers
/// (`'`, only when an equal unit without the right stands on the node), consolidated, then
/// halves by partner node; White before Black within a kind.
fn group(m: &Model, node_units: &[Unit], sent: &[Unit]) -> String {
    let carrier = |u: &Unit| {
        m.rights
            .iter()
            .flatten()
            .flatten()
            .any(|&(k, r)| k == u.id || r == u.id)
    };
    let ambiguous = |u: &Unit| {
        carrier(u)
            && node_units.iter().any(|v| {
                v.id != u.id
                    && v.kind == u.kind
                    && v.color == u.color
                    && v.state == u.state
                    && !carrier(v)
            })
    };
    let mut descs: BTreeMap<(u8, usize, u8, usize), (String, usize)> = BTreeMap::new();
    for u in sent {
        let l = letter(u.color, u.kind);
        let (order, partner_idx, text) = match u.state {
            State::Pawn | State::Whole if ambiguous(u) => (0u8, 0usize, format!("{l}'")),
            State::Pawn | State::Whole => (1, 0, l.to_string()),
            State::Half(q) => {
                let ps = m.unit(q).sq;
                (2, ps.index(), format!("{l}~{}", sq_name(ps)))
            }
        };
        let e = descs
            .entry((u.kind, u.color.index(), order, partner_idx))
            .or_insert((text, 0));
        e.1 += 1;
    }
    descs
        .into_values()
        .map(|(t, n)| if n > 1 { format!("{n}{t}") } else { t })
        .collect::<Vec<_>>()
        .join(",")
}

/// The move step of a unit move (HOB-42, HOB-47, HOB-50..52, HOB-70..72).
#[allow(clippy::too_many_arguments)]
fn apply_unit_move(
    m: &Model,
    s: Square,
    t: Square,
    set: &[Unit],
    extending: &[u32],
    mutation: &[(u32, u8)],
    en_passant: bool,
    forward: &[(Square, usize, Vec<Square>)],
) -> (Model, MoveInfo) {
    let p = m.side;
    let mut a = m.clone();
    let mut king_captured = false;
    let mut capture = false;
    // Captures (HOB-50) and en passant (HOB-72).
    if en_passant {
        let ep = m.ep.as_ref().expect("record");
        let victims: Vec<u32> = m
            .on(ep.victim)
            .iter()
            .filter(|u| u.color == ep.color && u.state == State::Pawn)
            .map(|u| u.id)
            .take(ep.k)
            .collect();
        for id in victims {
            a.remove(id);
        }
        capture = true;
    } else {
        let victims = m.on(t);
        if victims.iter().any(|u| u.color != p) {
            capture = true;
            for u in victims {
                if u.kind == KING {
                    king_captured = true;
                }
                if let State::Half(q) = u.state {
                    if m.unit(q).kind == KING {
                        king_captured = true;
                    }
                    a.remove(q);
                }
                a.remove(u.id);
            }
        }
    }
    // HOB-70 record, from the pre-move position.
    let pawns: Vec<u32> = set
        .iter()
        .filter(|u| u.state == State::Pawn)
        .map(|u| u.id)
        .collect();
    let mut new_ep = None;
    if !pawns.is_empty() {
        let first = s.row() == home_rank(p);
        let mut targets: BTreeSet<Square> = BTreeSet::new();
        let mut any = false;
        for (dest, len, passed) in forward {
            if *dest == t && (*len >= 2 || first) {
                any = true;
                for &n in passed {
                    targets.extend(m.squares(n));
                }
            }
        }
        if any {
            if first {
                targets.extend(m.squares(s));
            }
            new_ep = Some(Ep {
                targets,
                victim: t,
                k: pawns.len(),
                color: p,
            });
        }
    }
    // HOB-42: each unit of M.
    let mut what: Vec<(u32, Moved)> = Vec::new();
    for u in set {
        let w = match u.state {
            State::Pawn => {
                a.unit_mut(u.id).sq = t;
                Moved::Pawn(u.id)
            }
            State::Whole if extending.contains(&u.id) => {
                let t_half = a.add(p, u.kind, State::Half(u.id), t);
                a.unit_mut(u.id).state = State::Half(t_half);
                Moved::Extended {
                    s_half: u.id,
                    t_half,
                }
            }
            State::Whole => {
                a.unit_mut(u.id).sq = t;
                Moved::Carried(u.id)
            }
            State::Half(q) => {
                if a.unit(q).sq == t {
                    a.remove(u.id);
                    a.remove(q);
                    a.add(p, u.kind, State::Whole, t);
                    Moved::Consolidated
                } else {
                    a.unit_mut(u.id).sq = t;
                    Moved::Shifted(u.id)
                }
            }
        };
        what.push((u.id, w));
    }
    // HOB-51/52 mutation.
    for &(id, k) in mutation {
        let w = what.iter().find(|x| x.0 == id).expect("member").1;
        let to_pawn = |a: &mut Model, x: u32| {
            let u = a.unit_mut(x);
            u.kind = PAWN;
            u.state = State::Pawn;
        };
        match w {
            Moved::Pawn(x) => {
                if k != PAWN {
                    let u = a.unit_mut(x);
                    u.kind = k;
                    u.state = State::Whole;
                }
            }
            Moved::Carried(x) => {
                if k != PAWN {
                    a.unit_mut(x).kind = k;
                } else {
                    a.remove(x);
                    a.add(p, PAWN, State::Pawn, t);
                    a.add(p, PAWN, State::Pawn, t);
                }
            }
            Moved::Extended { s_half, t_half } => {
                for x in [s_half, t_half] {
                    if k != PAWN {
                        a.unit_mut(x).kind = k;
                    } else {
                        to_pawn(&mut a, x);
                    }
                }
            }
            Moved::Shifted(x) => {
                let q = a.partner(x);
                for y in [x, q] {
                    if k != PAWN {
                        a.unit_mut(y).kind = k;
                    } else {
                        to_pawn(&mut a, y);
                    }
                }
            }
            Moved::Consolidated => unreachable!("a consolidation never captures"),
        }
    }
    let info = MoveInfo {
        magnet: t,
        king_captured,
        capture,
        pawn_movers: pawns,
        new_ep,
    };
    (a, info)
}

fn model_turn_map(m: &Model, forbid: bool) -> BTreeMap<Key, Model> {
    if m.result.is_some() {
        return BTreeMap::new();
    }
    if m.pending() {
        return decisions(m)
            .into_iter()
            .map(|(fen, d)| ((None, fen, Vec::new(), String::new()), d))
            .collect();
    }
    let mut g = Gen {
        forbid,
        out: BTreeMap::new(),
        chance: None,
    };
    g.turns(m);
    g.out
}

/// Every distinct whole turn of `pos` (HOB-150), sorted, without duplicates. At the start of a
/// turn: with and without link steps; after the link step (`L+`/`U+`): the moves only; at a
/// pending decision (HOB-112): the decision options. A finished game or a position without a
/// legal turn gives none.
pub fn model_turns(pos: &Hobgoblin, forbid_unlink_enemy: bool) -> Vec<ModelTurn> {
    let m = Model::from_pos(pos);
    model_turn_map(&m, forbid_unlink_enemy)
        .into_keys()
        .map(|(link, fen, rolls, before_promotion)| ModelTurn {
            link,
            fen,
            rolls,
            before_promotion,
        })
        .collect()
}

fn perft_model(m: &Model, depth: u32, forbid: bool) -> u64 {
    if m.result.is_some() {
        return u64::from(depth == 0);
    }
    if m.pending() {
        return decisions(m)
            .values()
            .map(|d| perft_model(d, depth, forbid))
            .sum();
    }
    if depth == 0 {
        return 1;
    }
    model_turn_map(m, forbid)
        .values()
        .map(|c| perft_model(c, depth - 1, forbid))
        .sum()
}

/// HOB-151 perft: sequences of `depth` whole turns along the all-survive line; a pending
/// decision (at the root or after any turn, the last included) branches without depth;
/// finished games have no children; no draw rules (G8).
pub fn model_perft(pos: &Hobgoblin, depth: u32, forbid_unlink_enemy: bool) -> u64 {
    let m = Model::from_pos(pos);
    if depth < 2 || m.result.is_some() || m.pending() {
        return perft_model(&m, depth, forbid_unlink_enemy);
    }
    // The root's children in parallel (the counting is the same as `perft_model`).
    let children: Vec<Model> = model_turn_map(&m, forbid_unlink_enemy)
        .into_values()
        .collect();
    children
        .par_iter()
        .map(|c| perft_model(c, depth - 1, forbid_unlink_enemy))
        .sum()
}

// ------------------------------------------------------------------------------ chance (part 2)

/// One outcome while it is being collected: its weight over 12^k, one smallest exploding set
/// giving it, and the position.
struct Outcome {
    weight: u128,
    exploded: Vec<Square>,
    model: Model,
}

/// HOB-103 and HOB-120 steps 6..8 for one destroyed set (unit ids, partners included) of the
/// turn of `p`.
fn after_explosions(c: &Chance, p: Color, destroyed: &BTreeSet<u32>) -> Model {
    let mut b = c.post.clone();
    let king_hit = |color: Color| {
        c.post
            .units
            .iter()
            .any(|u| u.color == color && u.kind == KING && destroyed.contains(&u.id))
    };
    let (white_king, black_king) = (king_hit(Color::White), king_hit(Color::Black));
    b.units.retain(|u| !destroyed.contains(&u.id));
    if !destroyed.is_empty() {
        // HOB-146: a destroyed unit resets the count.
        b.halfmove = 0;
    }
    // HOB-71: the record is void once its victim node holds fewer than k victims (notation
    // §2.7 drops it).
    if let Some(ep) = &b.ep {
        let left = b
            .on(ep.victim)
            .iter()
            .filter(|u| u.color == ep.color && u.state == State::Pawn)
            .count();
        if left < ep.k {
            b.ep = None;
        }
    }
    // HOB-60: a destroyed king or rook loses its rights.
    b.update_rights();
    // Step 6 (HOB-140, HOB-A29): a destroyed king ends the game; both: a draw.
    b.result = match (white_king, black_king) {
        (true, true) => Some(HobResult::Draw),
        (true, false) => Some(win(Color::Black)),
        (false, true) => Some(win(Color::White)),
        (false, false) => None,
    };
    if b.result.is_some() {
        return b;
    }
    // Step 7: the mover's declared promotions for its surviving pawns (HOB-110, HOB-111), then
    // the opponent's decision (HOB-112) or step 8, the final verdict (HOB-142).
    promote(&mut b, &c.declared);
    if !b.pending() {
        final_verdict(&mut b, p);
    }
    b
}

/// Every distinct result of the chance step of a turn of `p` (HOB-104): k, and the outcomes
/// by FEN.
fn chance_outcomes(c: &Chance, p: Color) -> (u32, BTreeMap<String, Outcome>) {
    let k = c.rolls.len() as u32;
    assert!(
        k <= 35,
        "a turn with {k} explosion rolls: 12^{k} does not fit in u128 (the model allows 35)"
    );
    let mut per_site: BTreeMap<Square, u32> = BTreeMap::new();
    for &x in &c.rolls {
        *per_site.entry(x).or_default() += 1;
    }
    let sites: Vec<(Square, u32)> = per_site.into_iter().collect();
    // A turn has at most 11 sites: T and one node per magnetism ray (HOB-91).
    assert!(sites.len() < 32, "{} roll sites", sites.len());
    // HOB-104: site X explodes with q_X = 1 - (11/12)^k_X, as weights over 12^k_X.
    let boom: Vec<u128> = sites
        .iter()
        .map(|&(_, kx)| 12u128.pow(kx) - 11u128.pow(kx))
        .collect();
    let calm: Vec<u128> = sites.iter().map(|&(_, kx)| 11u128.pow(kx)).collect();
    let blasts: Vec<BTreeSet<Square>> = sites.iter().map(|&(x, _)| c.post.blast(x)).collect();
    let mut results: BTreeMap<BTreeSet<u32>, (String, Model)> = BTreeMap::new();
    let mut out: BTreeMap<String, Outcome> = BTreeMap::new();
    for mask in 0u32..(1u32 << sites.len()) {
        let mut weight: u128 = 1;
        let mut nodes: BTreeSet<Square> = BTreeSet::new();
        let mut exploded: Vec<Square> = Vec::new();
        for (i, &(x, _)) in sites.iter().enumerate() {
            if mask >> i & 1 == 1 {
                weight *= boom[i];
                nodes.extend(&blasts[i]);
                exploded.push(x);
            } else {
                weight *= calm[i];
            }
        }
        // HOB-103: the union of the blasts, on the position after magnetism, no chains.
        let destroyed = c.post.destroyed_by(&nodes);
        let (fen, model) = results
            .entry(destroyed)
            .or_insert_with_key(|d| {
                let m = after_explosions(c, p, d);
                (m.fen(), m)
            })
            .clone();
        match out.get_mut(&fen) {
            Some(o) => {
                o.weight += weight;
                if (exploded.len(), &exploded) < (o.exploded.len(), &o.exploded) {
                    o.exploded = exploded;
                }
            }
            None => {
                out.insert(
                    fen,
                    Outcome {
                        weight,
                        exploded,
                        model,
                    },
                );
            }
        }
    }
    (k, out)
}

/// Every distinct turn of `m` with its chance results (as `model_turn_map`, keyed the same).
fn chance_turn_map(m: &Model, forbid: bool) -> Vec<(Key, u32, BTreeMap<String, Outcome>)> {
    let single = |model: Model| {
        let mut o = BTreeMap::new();
        o.insert(
            model.fen(),
            Outcome {
                weight: 1,
                exploded: Vec::new(),
                model,
            },
        );
        o
    };
    if m.result.is_some() {
        return Vec::new();
    }
    if m.pending() {
        return decisions(m)
            .into_iter()
            .map(|(fen, d)| ((None, fen, Vec::new(), String::new()), 0, single(d)))
            .collect();
    }
    let mut g = Gen {
        forbid,
        out: BTreeMap::new(),
        chance: Some(BTreeMap::new()),
    };
    g.turns(m);
    let mut chance = g.chance.take().unwrap_or_default();
    g.out
        .into_iter()
        .map(|(key, model)| match chance.remove(&key) {
            Some(c) => {
                let (k, outcomes) = chance_outcomes(&c, m.side);
                (key, k, outcomes)
            }
            None => (key, 0, single(model)),
        })
        .collect()
}

/// Every distinct turn of `pos` (as [`model_turns`], along all-survive) with the distinct
/// results of its chance step (HOB-100..105, HOB-120 steps 5..8, G6).
pub fn model_chance_turns(pos: &Hobgoblin, forbid_unlink_enemy: bool) -> Vec<ModelChanceTurn> {
    let m = Model::from_pos(pos);
    chance_turn_map(&m, forbid_unlink_enemy)
        .into_iter()
        .map(
            |((link, fen, rolls, before_promotion), k, outcomes)| ModelChanceTurn {
                turn: ModelTurn {
                    link,
                    fen,
                    rolls,
                    before_promotion,
                },
                rolls: k,
                outcomes: outcomes
                    .into_iter()
                    .map(|(fen, o)| ModelOutcome {
                        fen,
                        weight: o.weight,
                        exploded: o.exploded.into_iter().map(sq_name).collect(),
                    })
                    .collect(),
            },
        )
        .collect()
}

fn chance_perft_model(m: &Model, depth: u32, forbid: bool) -> u64 {
    if m.result.is_some() {
        return u64::from(depth == 0);
    }
    if m.pending() {
        return decisions(m)
            .values()
            .map(|d| chance_perft_model(d, depth, forbid))
            .sum();
    }
    if depth == 0 {
        return 1;
    }
    chance_turn_map(m, forbid)
        .into_iter()
        .flat_map(|(_, _, outcomes)| outcomes.into_values())
        .map(|o| chance_perft_model(&o.model, depth - 1, forbid))
        .sum()
}

/// G6 chance perft: as [`model_perft`], but each turn has one child per distinct result of
/// its chance step (HOB-151's second mode); a pending decision branches without depth.
pub fn model_chance_perft(pos: &Hobgoblin, depth: u32, forbid_unlink_enemy: bool) -> u64 {
    let m = Model::from_pos(pos);
    if depth < 2 || m.result.is_some() || m.pending() {
        return chance_perft_model(&m, depth, forbid_unlink_enemy);
    }
    // The root's children in parallel (the counting is the same as `chance_perft_model`).
    let children: Vec<Model> = chance_turn_map(&m, forbid_unlink_enemy)
        .into_iter()
        .flat_map(|(_, _, outcomes)| outcomes.into_values().map(|o| o.model))
        .collect();
    children
        .par_iter()
        .map(|c| chance_perft_model(c, depth - 1, forbid_unlink_enemy))
        .sum()
}
