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
use super::position::{
    is_hallway, last_rank, rank_squares, Hobgoblin, Phase, BISHOP, HALLWAY_SQUARES, QUEEN, ROOK,
};
use super::seen::SeenSet;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Color;
use crate::rules::Position as _;
use crate::square::Square;
use std::ops::Range;

/// A unit move's outcome before any link step.
pub(super) struct Remembered {
    pub(super) mv: Move,
    /// `(HOB-150 identity, whole turns it counts)` when legal.
    legal: Option<(u64, u64)>,
    /// Squares whose contents the move's outcome depends on beyond its origin's rides: its
    /// origin and destination and every square the move or its magnetism changed; every
    /// square when the outcome may depend on more (a magnet with a hallway square).
    touched: Bitboard,
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
    /// The move made an en-passant record: from a linked node its pawns ride from both
    /// squares, so the record may change.
    makes_record: bool,
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
}

impl Memo {
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

    /// The outcome of `mv` played from `before` into `child`: `legal` holds its identity and
    /// turn count, `None` when it is illegal.
    pub(super) fn note(
        &mut self,
        before: &Hobgoblin,
        child: &Hobgoblin,
        mv: Move,
        makes_record: bool,
        legal: Option<(u64, u64)>,
    ) {
        let magnet = before.node(mv.to());
        // A magnet with a hallway square sends rays along the hallway, where a new link
        // changes which node a square belongs to: such a move is always played again.
        let touched = if (before.node_squares(magnet) & HALLWAY_SQUARES).any() {
            Bitboard::FULL
        } else {
            child.bits().changed(before.bits())
                | Bitboard::from_square(before.node(mv.from()))
                | Bitboard::from_square(magnet)
        };
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
            royal_rides,
            royal,
            after: child.bits().occ,
            makes_record,
        });
    }

    /// A move refused by an engine limit: played again after every link step.
    pub(super) fn note_refused(&mut self, mv: Move) {
        self.push(Remembered {
            mv,
            legal: None,
            touched: Bitboard::FULL,
            royal_rides: Bitboard::FULL,
            royal: Bitboard::FULL,
            after: [Bitboard::FULL; 2],
            makes_record: true,
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
    fn memo_may_serve(&self) -> bool {
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
                }
            }
        }
        let count = out.count;
        let seen = out.seen;
        memo.spare_seen = seen;
        count
    }
}

/// A remembered move after a link step: played again, or the same outcome.
enum Verdict {
    Replay,
    Same,
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
    /// Every node a ride from the new node reaches, the first occupied node of each included
    /// (whatever stands on the node itself), and whether an enemy unit there attacks with a
    /// ride (a queen, rook or bishop pattern, or a promoting pawn, HOB-133b). A ride from a
    /// royal node that takes the new way goes on only over these nodes.
    /// Worked out on first need (most link steps never ask).
    beyond: std::cell::OnceCell<(Bitboard, bool)>,
    /// The position after the link step, for `beyond`.
    after: &'a Hobgoblin,
}

impl<'a> Opening<'a> {
    fn new(before: &Hobgoblin, after: &'a Hobgoblin, step: Move) -> Self {
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
            beyond: std::cell::OnceCell::new(),
            after,
        }
    }

    /// `beyond` and whether an enemy rider stands there.
    fn beyond(&self) -> (Bitboard, bool) {
        *self.beyond.get_or_init(|| {
            let after = self.after;
            let beyond = self.linked | after.slider_reach(self.board, QUEEN);
            let enemy = !self.mover;
            let src = after.attack_sources(enemy);
            let promoting = after.bits().pawns[enemy.index()] & rank_squares(last_rank(enemy));
            let riders =
                src[QUEEN as usize] | src[ROOK as usize] | src[BISHOP as usize] | promoting;
            (beyond, (beyond & riders).any())
        })
    }

    /// Whether remembered move `r` has its outcome after the link step. The state after it
    /// differs by the link alone unless the move touched the hallway square, landed on the
    /// board square (a magnet there now has hallway rays), left an enemy unit or a royal node
    /// there (which now stands on the hallway square too), or made an en-passant record from
    /// it (its pawns now ride from both squares). Then only its legality can change, through
    /// a ride from a royal node that reaches the new node:
    /// - with the board square occupied after the move, rides stop there and on the hallway
    ///   square: no attack is added (a legal move stays legal), one may be cut off (an
    ///   illegal one is replayed);
    /// - with it empty, a ride may go on through the new node: an attack is added only from
    ///   a rider `beyond`, or if the move changed a square there; and since one node now
    ///   stands for two squares, a ride may no longer visit both (an illegal move is
    ///   replayed).
    fn verdict(&self, r: &Remembered) -> Verdict {
        let enemy = !self.mover;
        if r.touched.contains(self.hall)
            || (r.royal & self.linked).any()
            || r.mv.to() == self.board
            || r.after[enemy.index()].contains(self.board)
            || (r.makes_record && r.mv.from() == self.board)
        {
            return Verdict::Replay;
        }
        let board_empty = !(r.after[0] | r.after[1]).contains(self.board);
        let opened = if board_empty {
            self.linked
        } else {
            Bitboard::from_square(self.hall)
        };
        if (r.royal_rides & opened).is_empty() {
            return Verdict::Same;
        }
        let still_safe = r.legal.is_some()
            && (!board_empty || {
                let (beyond, armed) = self.beyond();
                !armed && (r.touched & beyond & !self.linked).is_empty()
            });
        if still_safe {
            Verdict::Same
        } else {
            Verdict::Replay
        }
    }
}

impl Collector<'_> {
    /// While an origin's moves are generated again after a link step: counts `mv` from the
    /// memo when it has the move with the same outcome; whether it did.
    pub(super) fn take_remembered(&mut self, mv: Move) -> bool {
        let Some((moves, opening)) = self.reuse else {
            return false;
        };
        match moves.iter().find(|r| r.mv == mv) {
            Some(r) if matches!(opening.verdict(r), Verdict::Same) => {
                self.count_remembered(r, opening.shift);
                true
            }
            _ => false,
        }
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
