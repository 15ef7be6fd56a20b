//! The rules traits every variant implements, one per role, and [`Rules`], all of them together.
//! Search and perft are generic over it, so each variant gets its own monomorphized hot path.

use crate::catalogue::PieceType;
use crate::errors::{FenError, MoveError};
use crate::moves::{Move, MoveList};
use crate::piece::Color;
use crate::square::Geometry;
use crate::view::BoardView;
use std::fmt;

pub use crate::outcome::{Outcome, Reason};

/// The FIDE order of endings (G3), the default of [`MoveGen::terminal`]: no legal action ends the
/// game first (checkmate or stalemate), then the 100-ply rule, then
/// [`Position::insufficient_material`]. An override with endings of its own calls it after them.
pub fn fide_terminal<R: Rules>(pos: &R) -> Option<Outcome> {
    if !pos.has_legal_action() {
        return Some(if pos.in_check() {
            Outcome::Win {
                winner: !pos.side_to_move(),
                reason: Reason::Checkmate,
            }
        } else {
            Outcome::Draw {
                reason: Reason::Stalemate,
            }
        });
    }
    if pos.halfmove_clock() >= 100 {
        return Some(Outcome::Draw {
            reason: Reason::FiftyMoveRule,
        });
    }
    if pos.insufficient_material() {
        return Some(Outcome::Draw {
            reason: Reason::InsufficientMaterial,
        });
    }
    None
}

/// A variant's rule options type.
pub type OptionsOf<R> = <R as Position>::Options;

/// The core of a variant's rules, implemented by its position type next to `play` (copy-make:
/// `play` changes the position in place; callers that need the old position keep a clone).
/// The other roles ([`Fen`], [`MoveGen`], [`Chance`], [`Notation`], [`Reference`],
/// [`SearchHooks`]) are
/// implemented in the files that hold their code; [`Rules`] is all of them together.
pub trait Position: Clone + PartialEq + fmt::Debug + Send + Sync + 'static {
    /// The variant's registry and `UCI_Variant` name.
    const NAME: &'static str;
    /// How squares are named.
    const GEOMETRY: Geometry;
    /// Perft may count the last ply by the length of the legal move list. False for variants
    /// where a move can lead to a decision node that consumes no perft depth (G5).
    const BULK_LEAF_COUNT: bool = true;
    /// Repetition is judged only since the last irreversible move (FIDE); false makes the whole
    /// game history count (ARC-92).
    const REPETITION_SINCE_RESET: bool = true;
    /// When the third occurrence and the 100-ply rule fall on the same action, the game
    /// reports repetition (ArchMage ARC-95) rather than the position's own clock draw.
    const REPETITION_BEFORE_CLOCK_RULE: bool = false;
    /// Draws by repetition and by the clock are claims (FIDE: threefold and 50 moves; the
    /// referee, a match runner or a GUI, makes them) rather than endings of their own (G3).
    const DRAWS_ARE_CLAIMS: bool = false;
    /// Kinds of piece a player can hold in hand (the `pocket` a Fairy-Stockfish GUI draws).
    const POCKET_KINDS: u32 = 0;

    /// The variant's engine options, fixed for a game (G7).
    type Options: Default + Clone + fmt::Debug + Send + Sync;

    /// The player who takes the next decision (the mover, or the deciding player at a G5 step).
    fn side_to_move(&self) -> Color;

    /// Zobrist key of the complete state, maintained incrementally.
    fn hash(&self) -> u64;

    /// Plays a legal action.
    fn play(&mut self, mv: Move);

    /// Whether the player to decide is in check (false where the variant has no check).
    fn in_check(&self) -> bool;

    /// False at decision nodes that perft walks without consuming depth (GHO-27 (A), HOB-151).
    fn consumes_depth(&self) -> bool {
        true
    }

    /// Plies counted by the 100-ply rule.
    fn halfmove_clock(&self) -> u32;

    /// Material that can never mate (the variant's no-mating-material rule, G3).
    fn insufficient_material(&self) -> bool {
        false
    }
}

/// Reading and writing positions: the start position and the (variant-extended) FEN.
pub trait Fen: Position {
    fn start_position(options: &Self::Options) -> Self;

    /// Parses a (variant-extended) FEN; never panics, names what is wrong.
    fn from_fen(fen: &str, options: &Self::Options) -> Result<Self, FenError>;

    fn to_fen(&self) -> String;

    /// Whether the position keeps to what a FEN of the variant may hold
    /// (`docs/notation.md`, FEN limits): play can go past them (Hobgoblin's crowds grow by
    /// mutation), and perft refuses such a position rather than exhaust memory. The default:
    /// no limits beyond the board.
    fn within_fen_limits(&self) -> Result<(), FenError> {
        Ok(())
    }
}

/// How a long move generation asks whether to give up ([`MoveGen::generate_legal_until`]):
/// called with its [`Progress`], `true` stops it.
pub type Interrupt<'a> = &'a mut dyn FnMut(Progress) -> bool;

/// Where a long move generation stands when it asks its [`Interrupt`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Actions listed so far.
    pub listed: usize,
    /// Candidates tried (played and tested) since the last question.
    pub tried: u32,
}

/// The fast legal move generator, and the game's end judged from the position.
pub trait MoveGen: Position {
    /// Every legal action of the player to decide. Empty when the game is over by the variant's
    /// own rule (G8).
    fn generate_legal(&self, moves: &mut MoveList);

    /// Perft's last counted turn without playing it: the number of legal action sequences of
    /// one turn from here, free decision steps after it included (G5). `None` (the default)
    /// makes perft play each action; variants with [`Position::BULK_LEAF_COUNT`] count the list.
    /// Perft keeps these counts by [`Position::hash`] and the halfmove clock
    /// ([`crate::perft_table`]), so the count must depend on nothing else.
    fn count_last_turns(&self) -> Option<u64> {
        None
    }

    /// [`MoveGen::generate_legal`] that a long generation may give up: `interrupt` is asked
    /// every hundred or so candidates how far it got, and a `true` stops it. Returns whether the list is complete. The default generates in full
    /// (cheap generators); Hobgoblin's crowds can take seconds for one position (issue 49).
    fn generate_legal_until(&self, moves: &mut MoveList, interrupt: Interrupt<'_>) -> bool {
        let _ = interrupt;
        self.generate_legal(moves);
        true
    }

    /// [`MoveGen::generate_tactical`] that may give up as [`MoveGen::generate_legal_until`] does.
    fn generate_tactical_until(&self, moves: &mut MoveList, interrupt: Interrupt<'_>) -> bool
    where
        Self: SearchHooks,
    {
        let _ = interrupt;
        self.generate_tactical(moves);
        true
    }

    /// Whether the player to decide has a legal action at all (the game-end tests ask it; a
    /// variant with huge lists answers from the first one found).
    fn has_legal_action(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// The legal actions as a fresh list (convenience for non-hot code).
    fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Search support: the tactical actions (those with a [`SearchHooks::tactical_order`] key)
    /// when not in check. The default filters the full legal list; variants may generate them
    /// directly, which quiescence search rewards.
    fn generate_tactical(&self, moves: &mut MoveList)
    where
        Self: SearchHooks,
    {
        self.generate_legal(moves);
        moves.retain(|m| self.tactical_order(*m).is_some());
    }

    /// The game's end judged from this position alone (no history): mate, stalemate, royal
    /// capture, 100-ply rule, insufficient material. Repetition is judged by [`crate::Game`].
    /// The default is the FIDE order (G3): no legal action ends the game first (checkmate or
    /// stalemate, so a mate on the 100th ply stands), then the 100-ply rule, then
    /// [`Position::insufficient_material`]. Variants with other endings override it.
    fn terminal(&self) -> Option<Outcome>
    where
        Self: Rules,
    {
        fide_terminal(self)
    }
}

/// Text for people and other programs: move tokens, PGN moves, the `d` board and the picture.
pub trait Notation: Position {
    /// The piece catalogue: every type this variant can put on the board (or beside it), in
    /// kind order (`crate::catalogue`).
    fn piece_types() -> &'static [PieceType]
    where
        Self: Sized;

    /// The canonical token of a legal action (`docs/notation.md`).
    fn format_move(&self, mv: Move) -> String;

    /// The readable text of a legal action (`docs/notation.md` §6): SAN for chess, the
    /// variant's SAN-like notation elsewhere; by default the token. People read it (move list,
    /// analysis lines, PGN); the protocol keeps the tokens.
    fn format_san(&self, mv: Move) -> String {
        self.format_move(mv)
    }

    /// The readable text of every legal action, in legal-list order (one pass, where
    /// [`Notation::format_san`] of each would repeat the disambiguation's work). No two legal
    /// actions share a text.
    fn format_san_all(&self) -> Vec<(Move, String)>
    where
        Self: MoveGen,
    {
        self.legal_moves()
            .iter()
            .map(|&m| (m, self.format_san(m)))
            .collect()
    }

    /// The legal action that `text` names: a token, or the readable text of
    /// [`Notation::format_san`], with check and mate marks, annotation glyphs and `0-0`
    /// forgiven.
    fn parse_san(&self, text: &str) -> Result<Move, MoveError>
    where
        Self: MoveGen,
    {
        let text = text.trim();
        if let Ok(m) = self.parse_move(text) {
            return Ok(m);
        }
        self.parse_readable(text).ok_or_else(|| MoveError::Illegal {
            token: text.to_string(),
        })
    }

    /// The legal action whose readable text ([`Notation::format_san`]) is `text`, matched
    /// exactly or with check and mate marks, annotation glyphs and `0-0` forgiven.
    fn parse_readable(&self, text: &str) -> Option<Move>
    where
        Self: MoveGen,
    {
        let all = self.format_san_all();
        if let Some(&(m, _)) = all.iter().find(|(_, t)| t == text) {
            return Some(m);
        }
        let wanted = forgiven(text);
        all.iter()
            .find(|(_, t)| forgiven(t) == wanted)
            .map(|&(m, _)| m)
    }

    /// The action as written in a PGN file: its readable text ([`Notation::format_san`]),
    /// which for chess is SAN, so chess tools read our PGN.
    fn format_pgn(&self, mv: Move) -> String {
        self.format_san(mv)
    }

    /// Parses a token into a legal action of this position.
    fn parse_move(&self, token: &str) -> Result<Move, MoveError>
    where
        Self: MoveGen,
    {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list.iter()
            .copied()
            .find(|&m| self.format_move(m) == token)
            .ok_or_else(|| MoveError::Illegal {
                token: token.to_string(),
            })
    }

    /// The position as text for the `d` command (board, no trailing newline).
    fn render(&self) -> String;

    /// The position as a variant-independent picture (squares in play, pieces, hands), for
    /// the SVG writer.
    fn view(&self) -> BoardView;
}

/// The slow, independent reference implementation the consistency checks compare with.
pub trait Reference: Position {
    /// The key of [`Position::hash`] computed from scratch.
    fn recompute_hash(&self) -> u64;

    /// A superset of the legal actions, generated by a simpler reference method; legal moves are
    /// exactly those that pass [`Reference::is_legal_pseudo`].
    fn generate_pseudo_legal(&self, moves: &mut MoveList);

    /// Legality of a pseudo-legal action, decided by a slow independent test (play it, then look).
    fn is_legal_pseudo(&self, mv: Move) -> bool;
}

/// G6 chance steps (Hobgoblin's explosions): which positions are random events, and the
/// probability of each outcome. Every default says "no chance here", so a variant without dice
/// implements it empty.
pub trait Chance: MoveGen {
    /// G6: the pending step is a random event. [`MoveGen::generate_legal`] then lists its
    /// outcomes (kind `Chance`), and [`Chance::outcome_weight`] gives each one's probability.
    fn is_chance_node(&self) -> bool {
        false
    }

    /// Search support, at a chance node: whether no outcome can cost more than pawns (Hobgoblin:
    /// no blast reaches a piece), so the move that led here may be pruned and reduced like a
    /// quiet move. The default says no: every move that rolls dice is searched as tactical.
    fn quiet_chance(&self) -> bool {
        false
    }

    /// The probability of a chance outcome, as a weight; the weights of one node's outcomes are
    /// relative to their sum.
    fn outcome_weight(&self, _mv: Move) -> u32 {
        1
    }

    /// G6: the outcomes of the pending chance step with their probabilities as weights
    /// (relative to their sum). The default weighs the legal actions by
    /// [`Chance::outcome_weight`]; variants with exact, large weights override it (Hobgoblin:
    /// over 12^k).
    fn weighted_outcomes(&self) -> Vec<(Move, u128)> {
        self.legal_moves()
            .iter()
            .map(|&m| (m, self.outcome_weight(m) as u128))
            .collect()
    }

    /// The outcome a chance step takes when nobody names one: the line perft counts by
    /// convention (HOB-151: every roll survives) and the one a move list implies when its next
    /// token names no outcome (`docs/notation.md` §3.7). `None` (the default): perft expands
    /// every outcome, and a move list must name each.
    fn implicit_outcome(&self) -> Option<Move> {
        None
    }
}

/// What the search asks of a variant beyond the rules: threats, endings found without
/// generating moves, how often to look at the clock, move ordering, exchange evaluation and
/// null moves.
pub trait SearchHooks: Position {
    /// Whether [`SearchHooks::in_danger`] can hold without a check (Ghost Chess, Hobgoblin's
    /// castling in progress); where it cannot, the search reuses a known check for it.
    const DANGER_BEYOND_CHECK: bool = false;
    /// Nodes the search counts between looks at the clock and the node limit. Variants whose
    /// nodes cost far more than a chess node (Hobgoblin generates thousands of turns) look
    /// more often, so `movetime` and `go nodes` hold.
    const SEARCH_CHECK_INTERVAL: u64 = 2048;

    /// Search support: the player to decide must answer a threat as urgently as a check, so
    /// the search neither prunes nor stands pat here (Ghost Chess: a ghost can take the king,
    /// which is not a check, GHO-12, GHO-52). Where this holds without a check, the tactical
    /// actions ([`SearchHooks::tactical_order`]) must include every action that can answer the
    /// threat; quiescence search then looks at those only. Only [`Position::in_check`] makes a
    /// position without moves a loss. A check is always a danger: `in_check` implies this.
    /// A variant that overrides it says so with [`SearchHooks::DANGER_BEYOND_CHECK`].
    fn in_danger(&self) -> bool {
        self.in_check()
    }

    /// Search support: the game ended by the variant's own rule in this position (a royal piece
    /// captured or destroyed, G4), found cheaply without generating moves.
    fn ended_by_rule(&self) -> Option<Outcome> {
        None
    }

    /// Search support: an ordering key for captures and promotions (larger = try first, most
    /// valuable victim before least valuable attacker), `None` for quiet actions. Quiescence
    /// search looks only at actions with a key.
    fn tactical_order(&self, mv: Move) -> Option<i32>;

    /// Search support: static exchange evaluation, "does `mv` win at least `threshold`
    /// (centipawns) after the best sequence of recaptures on its square?". The default says
    /// yes to everything, so a variant without SEE is never pruned by it.
    fn see_ge(&self, _mv: Move, _threshold: i32) -> bool {
        true
    }

    /// Search support: the position after passing the turn, where a pass is sound enough for
    /// null-move pruning; `None` where zugzwang or the variant's rules make it unsound.
    fn make_null(&self) -> Option<Self> {
        None
    }

    /// Search support: a key of the pawn structure, the slow-changing part of a position
    /// whose evaluation errors the search's correction history learns. The default, 0, gives
    /// the history one entry per side.
    fn pawn_key(&self) -> u64 {
        0
    }

    /// Search support: a small code of the kind of piece that makes `mv` (only its lowest
    /// [`CONTINUATION_PIECE_BITS`] bits count), for the continuation history. The default, 0,
    /// keys that history by squares alone.
    fn moved_piece(&self, _mv: Move) -> u8 {
        0
    }
}

/// Bits of [`SearchHooks::moved_piece`] the continuation history tells apart.
pub const CONTINUATION_PIECE_BITS: u32 = 3;

/// The rules of one variant: all its roles. Generic code (search, perft, games) is bound by it;
/// every type with all the roles has it.
pub trait Rules: Position + Fen + MoveGen + Chance + Notation + Reference + SearchHooks {}

impl<T: Position + Fen + MoveGen + Chance + Notation + Reference + SearchHooks> Rules for T {}

/// `text` as SAN readers forgive it: without check and mate marks and annotation glyphs, with
/// letter O for zeros in castling.
pub fn forgiven(text: &str) -> String {
    let core = text.trim_end_matches(['+', '#', '!', '?']);
    if core.starts_with("0-0") && core.bytes().all(|b| b == b'0' || b == b'-') {
        core.replace('0', "O")
    } else {
        core.to_string()
    }
}
