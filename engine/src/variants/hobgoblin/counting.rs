//! Perft's last turn counted in bulk (HOB-151): every legal whole turn of a position, without
//! playing the turns out.
//!
//! Nearly all of a count is the link steps: a position in the linking phase has up to 64 of
//! them, and each is followed by every move again. A link step onto an empty hallway square
//! changes the board at one node only, so most moves after it are the moves before it: the
//! same plans, the same legality, the same state after the move but for the link. The counter
//! plays the position's own moves once, remembers each one's outcome and the squares it
//! depended on, and after each such link step plays again only the moves that depended on the
//! linked node's squares; the others it takes from the memo, their HOB-150 identities shifted
//! by what the link step changed in the hash.

use super::movegen::Collector;
use super::play::{hallway_neighbours, Effects};
use super::position::{
    is_hallway, last_rank, rank_squares, Hobgoblin, Phase, BISHOP, HALLWAY_SQUARES, QUEEN, ROOK,
};
use super::seen::SeenSet;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Color;
use crate::rules::Position as _;
use crate::square::Square;
use std::cell::{OnceCell, RefCell};
use std::ops::Range;

/// A unit move's outcome before any link step.
pub(super) struct Remembered {
    pub(super) mv: Move,
    /// `(HOB-150 identity, whole turns it counts)` when legal.
    legal: Option<(u64, u64)>,
    /// Squares whose contents the move's outcome depends on beyond its origin's rides: its
    /// origin and destination and every square the move or its magnetism changed.
    touched: Bitboard,
    /// The magnet (the destination node) has a hallway square: its hallway rays pass
    /// squares that a new link makes part of a board square's node.
    hall_magnet: bool,
    /// What the legality of the move depends on: the squares of the mover's royal nodes
    /// after the move and every node a ride from them reaches (HOB-131). A ride from a royal
    /// node that never meets a square of the new link is the same ride after it, so the
    /// attacks on it are the same (a leap lands on a node whose contents the move did not
    /// change, or the move is in `touched`); a royal node with a hallway square is
    /// `Bitboard::FULL`.
    royal_rides: Bitboard,
    /// The mover's royal nodes after the move: one on a linked square can be attacked
    /// through the link whatever its rides.
    royal: Bitboard,
    /// Occupancy per colour after the move.
    after: [Bitboard; 2],
    /// The move made an en-passant record: the squares it passed may be different after a
    /// link step.
    makes_record: bool,
    /// The move captured the enemy king: legal whatever the attacks (HOB-140).
    captures_king: bool,
    /// The position after the move (before any link step), kept once a link step has asked
    /// for its legality: most link steps that ask, ask of the same few moves.
    child: RefCell<Option<Box<Hobgoblin>>>,
}

/// The moves of one origin node, and the nodes its units' patterns reach (rides included).
struct RememberedOrigin {
    origin: Square,
    reach: Bitboard,
    moves: Range<usize>,
}

/// The outcomes of a position's unit moves, in generation order, grouped by origin.
#[derive(Default)]
pub(super) struct Memo {
    origins: Vec<RememberedOrigin>,
    moves: Vec<Remembered>,
    /// One identity table for every link step's count, cleared each time (not allocated).
    spare_seen: SeenSet,
    /// Listing rather than counting: only a few legal moves are kept, as witnesses that a
    /// link step leaves a legal move ([`Hobgoblin::witness_proves`]).
    witnesses_only: bool,
}

/// Legal moves a listing memo keeps in all, and from one origin: a few from several origins
/// prove nearly every link step (one that opens a square some witness's origin reaches
/// cannot use that witness).
const WITNESSES: usize = 8;
const WITNESSES_PER_ORIGIN: usize = 2;

impl Memo {
    /// A memo for listing moves: legal witnesses only.
    pub(super) fn witnesses() -> Self {
        Memo {
            witnesses_only: true,
            ..Memo::default()
        }
    }

    /// Whether [`Memo::note`] keeps a move that is legal (`legal`) or not.
    fn keeps(&self, legal: bool) -> bool {
        if !self.witnesses_only {
            return true;
        }
        let from_origin = self.origins.last().map_or(0, |o| o.moves.len());
        legal && self.moves.len() < WITNESSES && from_origin < WITNESSES_PER_ORIGIN
    }

    /// The moves that follow come from `origin`, whose patterns reach `reach`.
    pub(super) fn begin_origin(&mut self, origin: Square, reach: Bitboard) {
        let at = self.moves.len();
        self.origins.push(RememberedOrigin {
            origin,
            reach,
            moves: at..at,
        });
    }

    fn push(&mut self, entry: Remembered) {
        self.moves.push(entry);
        if let Some(o) = self.origins.last_mut() {
            o.moves.end = self.moves.len();
        }
    }

    /// The outcome of `mv` played from `before` into `child` with effects `fx`: `legal`
    /// holds its identity and turn count, `None` when it is illegal.
    pub(super) fn note(
        &mut self,
        before: &Hobgoblin,
        child: &Hobgoblin,
        mv: Move,
        fx: &Effects,
        legal: Option<(u64, u64)>,
    ) {
        if !self.keeps(legal.is_some()) {
            return;
        }
        let magnet = before.node(mv.to());
        let touched = child.bits().changed(before.bits())
            | Bitboard::from_square(before.node(mv.from()))
            | Bitboard::from_square(magnet);
        let royal = child.royal_nodes(before.side());
        let mut royal_rides = Bitboard::EMPTY;
        for x in royal {
            let squares = child.node_squares(x);
            if (squares & HALLWAY_SQUARES).any() {
                royal_rides = Bitboard::FULL;
                break;
            }
            royal_rides |= squares | child.slider_reach(x, QUEEN);
        }
        self.push(Remembered {
            mv,
            legal,
            touched,
            hall_magnet: (before.node_squares(magnet) & HALLWAY_SQUARES).any(),
            royal_rides,
            royal,
            after: child.bits().occ,
            makes_record: fx.new_ep.is_some(),
            captures_king: fx.king_captured,
            child: RefCell::new(None),
        });
    }

    /// A move refused by an engine limit: played again after every link step.
    pub(super) fn note_refused(&mut self, mv: Move) {
        if self.witnesses_only {
            return;
        }
        self.push(Remembered {
            mv,
            legal: None,
            touched: Bitboard::FULL,
            hall_magnet: true,
            royal_rides: Bitboard::FULL,
            royal: Bitboard::FULL,
            after: [Bitboard::FULL; 2],
            makes_record: true,
            captures_king: false,
            child: RefCell::new(None),
        });
    }
}

impl Hobgoblin {
    /// The count of [`Hobgoblin::count_turns`], with the memo (`reuse`) or playing every move.
    pub(super) fn count_turns_with(&self, reuse: bool) -> Option<u64> {
        if !self.consumes_depth() {
            return None;
        }
        if self.result().is_some() {
            return Some(0);
        }
        let mut list = MoveList::new();
        let mut out = Collector::counter(&mut list);
        if reuse && self.memo_may_serve() {
            out.memo = Some(Memo::default());
        }
        self.generate_moves(&mut out, None);
        self.generate_link_steps(&mut out, None);
        Some(out.count)
    }

    /// Whether remembered moves can stand for moves after a link step at all: the linking
    /// phase, and no castling in progress (its locked halves and danger nodes depend on
    /// attacks the memo does not track).
    pub(super) fn memo_may_serve(&self) -> bool {
        self.phase() == Phase::Linking
            && self.in_progress(self.side()).is_none()
            && self.in_progress(!self.side()).is_none()
    }

    /// The legal whole turns after link step `step` from this position: from the memo where
    /// it serves, else by playing every move.
    pub(super) fn count_after_link_step(&self, step: Move, memo: Option<&mut Memo>) -> u64 {
        let mut child = self.clone();
        child.apply_link_step(step);
        match memo {
            Some(memo) if self.memo_serves_link(step) => {
                let opening = Opening::new(self, &child, step);
                child.count_moves_reusing(memo, &opening)
            }
            _ => child.count_moves(),
        }
    }

    /// Whether a legal move the memo keeps is still legal after link step `step` (played on
    /// `after`): the link step is then legal (HOB-83) without looking for a move after it.
    /// Only moves from origins whose rides the link leaves alone count; those are the moves
    /// [`Hobgoblin::count_moves_reusing`] takes from the memo.
    pub(super) fn witness_proves(&self, after: &Hobgoblin, step: Move, memo: &Memo) -> bool {
        if memo.moves.is_empty() || !self.memo_serves_link(step) {
            return false;
        }
        let opening = Opening::new(self, after, step);
        memo.origins.iter().any(|origin| {
            (origin.reach & opening.opened).is_empty()
                && !opening.linked.contains(origin.origin)
                && memo.moves[origin.moves.clone()]
                    .iter()
                    .any(|r| r.legal.is_some() && matches!(opening.verdict(r), Verdict::Same))
        })
    }

    /// Whether the memo serves after `step`: a link onto an empty hallway square (so no unit
    /// changes node) that leaves the en-passant record as it is.
    fn memo_serves_link(&self, step: Move) -> bool {
        let (hall, board) = (step.from(), step.to());
        if step.kind() != MoveKind::Link || !is_hallway(hall) || self.color_on(hall).is_some() {
            return false;
        }
        self.ep().is_none_or(|ep| {
            let squares = Bitboard::from_square(hall) | Bitboard::from_square(board);
            (ep.targets & squares).is_empty() && !squares.contains(ep.victim)
        })
    }

    /// The legal whole turns that follow a link step (the position is at `L+`/`U+`).
    fn count_moves(&self) -> u64 {
        let mut list = MoveList::new();
        let mut out = Collector::counter(&mut list);
        self.generate_moves(&mut out, None);
        out.count
    }

    /// [`Hobgoblin::count_moves`] after the link step of `opening`, with the moves from before
    /// it in `memo`. An origin whose rides reach an opened square may ride through the new
    /// link, so its moves are generated again (and each one the memo has is judged as below);
    /// every other origin's moves are the memo's, each replayed or taken as it was by
    /// [`Opening::verdict`].
    fn count_moves_reusing(&self, memo: &mut Memo, opening: &Opening<'_>) -> u64 {
        let mut seen = std::mem::take(&mut memo.spare_seen);
        seen.clear();
        let remembered: &Memo = memo;
        let mut list = MoveList::new();
        let mut out = Collector::counter(&mut list);
        out.seen = seen;
        out.safety = self.safety(self.side());
        self.generate_castling(&mut out);
        for origin in &remembered.origins {
            let moves = &remembered.moves[origin.moves.clone()];
            if (origin.reach & opening.opened).any() || opening.linked.contains(origin.origin) {
                out.reuse = Some((moves, opening));
                self.generate_from(origin.origin, &mut out);
                out.reuse = None;
                continue;
            }
            out.dedup = true;
            for r in moves {
                match opening.verdict(r) {
                    Verdict::Replay => self.push_turn(r.mv, None, &mut out),
                    Verdict::Same => out.count_remembered(r, opening.shift),
                    Verdict::Illegal => {}
                }
            }
        }
        let count = out.count;
        let seen = out.seen;
        memo.spare_seen = seen;
        count
    }
}

/// The nodes a ride through the new node reaches beyond it (the first occupied node of each
/// ride included), and whether an enemy unit there attacks along it.
struct Beyond {
    nodes: Bitboard,
    armed: bool,
}

/// A remembered move after a link step: played again, the same outcome, or now illegal.
enum Verdict {
    Replay,
    Same,
    Illegal,
}

/// What a link step onto an empty hallway square changed, as the memo sees it.
pub(super) struct Opening<'a> {
    mover: Color,
    hall: Square,
    board: Square,
    /// The two squares now one node.
    linked: Bitboard,
    /// The linked squares where a ride can now take a new way: both, or the hallway square
    /// alone when the board square is occupied (a ride stops on an occupied node and
    /// transfers only at empty ones, HOB-16).
    opened: Bitboard,
    /// The hash of the position after the link step XOR the one before it: a state after a
    /// move that differs by the link alone differs by this.
    shift: u64,
    /// Where a ride that enters the new node from the board goes on: the rides up and down
    /// the hallway from the hallway square, with the hallway squares next to it (a royal node
    /// on the new node is attacked by a leap or pawn step from there).
    /// Worked out on first need (most link steps never ask).
    hall_side: OnceCell<Beyond>,
    /// Where a ride that enters the new node from the hallway goes on: the board rides from
    /// the board square.
    board_side: OnceCell<Beyond>,
    /// The position after the link step, for the [`Beyond`] sides.
    after: &'a Hobgoblin,
    /// The position before it, whose moves the memo holds.
    before: &'a Hobgoblin,
}

impl<'a> Opening<'a> {
    fn new(before: &'a Hobgoblin, after: &'a Hobgoblin, step: Move) -> Self {
        let (hall, board) = (step.from(), step.to());
        let linked = Bitboard::from_square(hall) | Bitboard::from_square(board);
        Opening {
            mover: after.side(),
            hall,
            board,
            linked,
            opened: if before.color_on(board).is_some() {
                Bitboard::from_square(hall)
            } else {
                linked
            },
            shift: before.hash() ^ after.hash(),
            hall_side: OnceCell::new(),
            board_side: OnceCell::new(),
            after,
            before,
        }
    }

    /// The enemy units that attack along a ride (a queen, rook or bishop pattern, or a
    /// promoting pawn, HOB-133b), in the position after the link step.
    fn enemy_riders(&self) -> Bitboard {
        let after = self.after;
        let enemy = !self.mover;
        let src = after.attack_sources(enemy);
        let promoting = after.bits().pawns[enemy.index()] & rank_squares(last_rank(enemy));
        src[QUEEN as usize] | src[ROOK as usize] | src[BISHOP as usize] | promoting
    }

    fn hall_side(&self) -> &Beyond {
        self.hall_side.get_or_init(|| {
            let after = self.after;
            let rides = after.hall_rides(self.board, self.hall, QUEEN);
            let next = hallway_neighbours(self.hall);
            let enemy = after.bits().occ[(!self.mover).index()];
            Beyond {
                nodes: rides | next,
                armed: (rides & self.enemy_riders()).any() || (next & enemy).any(),
            }
        })
    }

    fn board_side(&self) -> &Beyond {
        self.board_side.get_or_init(|| {
            let rides = self.after.board_rides(self.board, QUEEN);
            Beyond {
                nodes: rides,
                armed: (rides & self.enemy_riders()).any(),
            }
        })
    }

    /// Whether remembered move `r` has its outcome after the link step. The state after it
    /// differs by the link alone unless ([`Opening::changes_outcome`]) the link changes what
    /// the move or its magnetism does. Then only its legality can change, and only through
    /// the new node: a royal node on it, or a ride from a royal node that reaches it.
    /// - An illegal move is replayed (a ride may be cut off: one node now stands for two
    ///   squares, and rides stop on an occupied one).
    /// - A legal move stays legal unless an attack is added. With the board square occupied
    ///   and no royal node there, rides stop there and on the hallway square: none is. A ride
    ///   that entered the new node from the board goes on from the hallway square, one from
    ///   the hallway from the board square, and a royal node there is now on the hallway
    ///   square too ([`Beyond`]); where the move changed nothing on those nodes and no enemy
    ///   unit there attacks along them, no attack is added.
    /// - Otherwise the attacks are tested on the state after the move with the link
    ///   ([`Opening::still_legal`]).
    fn verdict(&self, r: &Remembered) -> Verdict {
        if self.changes_outcome(r) {
            return Verdict::Replay;
        }
        let royal_linked = (r.royal & self.linked).any();
        let board_empty = !(r.after[0] | r.after[1]).contains(self.board);
        let from_board = board_empty && r.royal_rides.contains(self.board);
        let from_hall = board_empty && r.royal_rides.contains(self.hall);
        let hall_blocked = !board_empty && r.royal_rides.contains(self.hall);
        if !royal_linked && !from_board && !from_hall && !hall_blocked {
            return Verdict::Same;
        }
        if r.legal.is_none() {
            return Verdict::Replay;
        }
        if r.captures_king || (!royal_linked && !board_empty) {
            return Verdict::Same;
        }
        let unchanged = |side: &Beyond| !side.armed && (r.touched & side.nodes).is_empty();
        let hall_side_same = !(royal_linked || from_board) || unchanged(self.hall_side());
        let board_side_same = !from_hall || unchanged(self.board_side());
        if hall_side_same && board_side_same {
            return Verdict::Same;
        }
        if self.still_legal(r) {
            Verdict::Same
        } else {
            Verdict::Illegal
        }
    }

    /// Whether the link step may change what move `r` does beyond adding the link: the move
    /// touched the hallway square; it left an enemy unit on the board square (which now
    /// stands on the hallway square too); or its magnetism may take another course. Magnetism's
    /// hallway rays stop at the first occupied square: a magnet with a hallway square meets
    /// the board square's units on the hallway square where the board square is or was
    /// occupied, and one on the board square (now with hallway rays) may meet a unit on
    /// any occupied hallway square.
    fn changes_outcome(&self, r: &Remembered) -> bool {
        let enemy = !self.mover;
        let board_occupied = (r.after[0] | r.after[1] | r.touched).contains(self.board);
        let hallway_units =
            (HALLWAY_SQUARES & (self.after.occupied() | r.touched) & !self.linked).any();
        r.touched.contains(self.hall)
            || r.after[enemy.index()].contains(self.board)
            || (r.hall_magnet && board_occupied)
            || (r.mv.to() == self.board && hallway_units)
    }

    /// Whether legal move `r`, whose state after the link step differs from its state
    /// before by the link alone, leaves the mover's royal nodes unattacked after it: the
    /// state after the move (kept in `r` once made) with the link set, tested and unset.
    fn still_legal(&self, r: &Remembered) -> bool {
        let mut kept = r.child.borrow_mut();
        let child = kept.get_or_insert_with(|| {
            let mut child = Box::new(self.before.clone());
            child.move_stage(r.mv);
            child
        });
        let rank = self.hall.row();
        child.set_link(rank, Some(self.board.col()));
        let safe = !child.royal_attacked(self.mover, true);
        child.set_link(rank, None);
        safe
    }
}

impl Collector<'_> {
    /// While an origin's moves are generated again after a link step: counts `mv` from the
    /// memo when it has the move with the same outcome; whether it did.
    pub(super) fn take_remembered(&mut self, mv: Move) -> bool {
        let Some((moves, opening)) = self.reuse else {
            return false;
        };
        // A pawn ride's record names the squares it passed (HOB-70): one through the new
        // node passes both its squares. Only an origin whose rides reach the new node
        // can pass it, and those are generated again.
        let Some(r) = moves.iter().find(|r| r.mv == mv && !r.makes_record) else {
            return false;
        };
        match opening.verdict(r) {
            Verdict::Same => self.count_remembered(r, opening.shift),
            Verdict::Illegal => {}
            Verdict::Replay => return false,
        }
        true
    }

    /// Counts remembered move `r` as it was before the link step (its identity shifted).
    fn count_remembered(&mut self, r: &Remembered, shift: u64) {
        if let Some((identity, turns)) = r.legal {
            if self.seen.insert(identity ^ shift, 0) {
                self.count += turns;
            }
        }
    }
}
