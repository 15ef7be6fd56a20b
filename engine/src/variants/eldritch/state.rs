//! The Eldritch position (ELD-630) and the queries every other module asks of it: pieces and
//! their per-piece state, check-bearers, royalty, passability, freezing and capturability.

use super::catalogue::*;
use super::geometry::{board_mask, neighbours};
use super::placement::Placing;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::overflow::Overflow;
use crate::piece::{Color, Piece};
use crate::square::Square;

/// `ShadowmancerMode` (ELD-OPT-2).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ShadowmancerMode {
    #[default]
    Immune,
    Forbid,
}

/// Each side's start squares as `(kind, square)` in square order (ELD-043).
pub type StartSquares = [Vec<(u8, Square)>; 2];

/// `BlockAdjacency` (ELD-OPT-1): what a blocking Barricade forbids its opponent's relocations.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BlockAdjacency {
    /// Ending on a square adjacent to it (ELD-222 b).
    #[default]
    Onto,
    /// Relocating a piece that stands adjacent to it.
    From,
}

/// The engine options of the spec (ELD-OPT-1..3), fixed for a game (G7).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct EldritchOptions {
    pub block_adjacency: BlockAdjacency,
    pub shadowmancer: ShadowmancerMode,
    /// `NobleIsRoyal` (ELD-OPT-3): the Pontiff is royal too.
    pub noble_is_royal: bool,
}

// Per-piece state bits, kept in the overflow tag of the piece's square (ELD-630 "per piece").
/// Vampire gained directions, one bit per [`DIRECTIONS`] entry.
pub const TAG_DIRECTIONS: u32 = 0xFF;
/// Gremlin turned (ELD-401).
pub const TAG_TURNED: u32 = 1 << 8;
/// Royal flag from a Court Magician promotion (ELD-262).
pub const TAG_ROYAL: u32 = 1 << 9;
/// A token's link (ELD-301, ELD-551): its creator's square index + 1 (a Beast's Druid, a
/// Riddle's Sphinx), 0 when unlinked.
pub const TAG_LINK: u32 = 0x7F << TAG_LINK_SHIFT;
pub const TAG_LINK_SHIFT: u32 = 10;
/// A Lightning Bolt in knight form (ELD-441).
pub const TAG_KNIGHT: u32 = 1 << 18;
/// A Beast has made its first own move (ELD-302).
pub const TAG_MOVED: u32 = 1 << 17;
/// Shapeshifter form (ELD-530): 0 base, 1..=4 the forms of `SHAPESHIFTER_FORMS`.
pub const TAG_FORM: u32 = 7 << TAG_FORM_SHIFT;
pub const TAG_FORM_SHIFT: u32 = 19;
/// A Mystic's start square (ELD-461) + 1 once it has left it; 0 while it stands on it, so that
/// equal positions have equal tags.
pub const TAG_START: u32 = 0x7F << TAG_START_SHIFT;
pub const TAG_START_SHIFT: u32 = 22;

/// A Highlander's stage (ELD-410): 0 q, 1 b, 2 r, 3 n, 4 p.
pub const TAG_STAGE: u32 = 7 << TAG_STAGE_SHIFT;
pub const TAG_STAGE_SHIFT: u32 = 29;

/// A pending reaction (ELD-605 c), decided by the captured piece's owner.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reaction {
    /// A captured Celestial (ELD-241): a qualifying Pawn becomes a Knight, or decline.
    Celestial { owner: Color },
    /// A captured Mystic (ELD-462): return to its start square, or decline; `royal` keeps a
    /// Court Magician's flag (our decision C3).
    Mystic {
        owner: Color,
        start: Square,
        royal: bool,
    },
    /// A captured Ghost's suborned piece to place next to `at` (ELD-385), decided by the
    /// Ghost's owner; `trophies` are a suborned Necromancer's.
    Release {
        at: Square,
        piece: Piece,
        tag: u32,
        trophies: Vec<u8>,
    },
}

impl Reaction {
    /// The player who decides it (ELD-602): the captured piece's owner.
    pub fn owner(&self) -> Color {
        match self {
            Reaction::Celestial { owner } | Reaction::Mystic { owner, .. } => *owner,
            Reaction::Release { piece, .. } => !piece.color(),
        }
    }
}

/// An Eldritch position. Copy-make; the placement phase state is boxed because it exists only
/// before play.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Eldritch {
    pub(super) board: Board<KINDS>,
    /// Per-piece state tags (and, in part 2, stacks).
    pub(super) extra: Overflow,
    /// ELD-009 virgin pieces.
    pub(super) virgin: Bitboard,
    pub(super) side: Color,
    /// The square passed by the last double step, kept only while an en-passant capture of it
    /// is legal (ELD-152, ELD-622).
    pub(super) ep: Option<Square>,
    pub(super) halfmove: u16,
    pub(super) fullmove: u16,
    /// Army types per side (ELD-043), a bit per kind: game setup, not hashed.
    pub(super) army: [u64; 2],
    /// The placement phase (ELD-051), while it lasts.
    pub(super) placing: Option<Box<Placing>>,
    /// Graveyards (ELD-562): `[side][0]` Pawns, `[side][1]` Initiates that left the board by
    /// capture, destruction or removal, less those returned. Counted only for a side that can
    /// ever hold a Valkyrie ([`Eldritch::keeps_graveyard`]).
    pub(super) grave: [[u8; 2]; 2],
    /// ELD-043 start squares `(kind, square)` of each side whose army holds the Necromancer
    /// (the only reader, ELD-473), fixed when play begins; `None` when no side has one.
    pub(super) start: Option<std::sync::Arc<StartSquares>>,
    /// ELD-471 trophies: `(Necromancer square, captured types)`, by square, types in order.
    pub(super) trophies: Vec<(Square, Vec<u8>)>,
    /// The Lightning Bolt whose continuation decision is pending (ELD-606): the mover decides
    /// again, the Bolt's second action or a pass; clock and en passant hold the turn's values.
    pub(super) bolt: Option<Square>,
    /// Blocking Barricades (ELD-221): each restricts the side to move, its owner's opponent,
    /// for this whole turn (ELD-222); they expire when the turn ends (ELD-223).
    pub(super) blocks: Bitboard,
    /// Pending reactions, first in first out (ELD-605 c); while any is pending, `side` is the
    /// decider of the first and `turn` the player whose turn it is.
    pub(super) react: Vec<Reaction>,
    /// The mover while `react` is not empty; White otherwise, so equal positions are equal.
    pub(super) turn: Color,
    /// Mystics (by square) that returned during the action being resolved (ELD-463).
    pub(super) mret: Bitboard,
    /// Pending Highlander returns (ELD-411): `[owner][next stage]` counts, stage index as
    /// [`super::highlander::PendingStage`] (+4 for a royal one).
    pub(super) hl: [[u8; 8]; 2],
    /// A Highlander return was made in this turn (FEN `phase=`): the clock is reset, and the
    /// turn's first decision is past.
    pub(super) returned: bool,
    /// Tokens banned as the first action of this re-taken turn (ELD-273, FEN `ban=`).
    pub(super) ban: Vec<String>,
    /// Tags of suborned pieces by their stack square (ELD-381: they keep their state).
    pub(super) sub_tags: Vec<(Square, u32)>,
    /// Frame squares brought into being by Geomancer strips (ELD-371): empty, or a union of
    /// non-overlapping strips.
    pub(super) frame: Bitboard,
    /// The Diviner's record of the past (ELD-271); not part of the position's identity.
    pub(super) history: super::diviner::History,
    pub(super) options: EldritchOptions,
}

impl Eldritch {
    pub fn board(&self) -> &Board<KINDS> {
        &self.board
    }

    pub fn options(&self) -> &EldritchOptions {
        &self.options
    }

    /// The squares that exist (ELD-001): the board and the Geomancers' strips (ELD-371).
    #[inline]
    pub fn exists(&self) -> Bitboard {
        board_mask() | self.frame
    }

    /// The frame squares that exist: the strips made so far (ELD-371, ELD-372).
    pub fn frame(&self) -> Bitboard {
        self.frame
    }

    #[inline]
    pub fn piece_at(&self, s: Square) -> Piece {
        self.board.piece_at(s)
    }

    /// The movement atoms of the piece on `s`: its type's, or a Shapeshifter's form's.
    #[inline]
    pub fn atoms_at(&self, s: Square) -> &'static [MovePattern] {
        atoms_for(self.piece_at(s).kind(), self.tag(s))
    }

    /// Whether the piece on `s` has the virgin double step in its current movement (a
    /// Shapeshifter only in pawn form).
    pub fn double_steps_at(&self, s: Square) -> bool {
        self.atoms_at(s)
            .iter()
            .any(|a| matches!(a, MovePattern::Pawn { double: true, .. }))
    }

    /// The Familiar riding the piece on `s` (ELD-332), if any. Stacks hold one unit under
    /// the mailbox piece: a Familiar of the host's side, or an enemy piece suborned by the
    /// Ghost in the mailbox (ELD-381).
    #[inline]
    pub fn rider(&self, s: Square) -> Option<Piece> {
        let host = self.board.piece_at(s);
        self.extra
            .stacked_on(s)
            .next()
            .filter(|u| u.color() == host.color())
    }

    /// The piece the Ghost on `s` suborns (ELD-381), if any.
    #[inline]
    pub fn suborned(&self, s: Square) -> Option<Piece> {
        let host = self.board.piece_at(s);
        self.extra
            .stacked_on(s)
            .next()
            .filter(|u| u.color() != host.color())
    }

    /// The per-piece state of the piece suborned on `s` (its tag, kept while it is stacked).
    pub fn suborned_tag(&self, s: Square) -> u32 {
        self.sub_tags
            .iter()
            .find(|(t, _)| *t == s)
            .map_or(0, |&(_, tag)| tag)
    }

    /// The pieces of `c` suborned by enemy Ghosts, by stack square: they still count as `c`'s
    /// pieces on the board (ELD-381: ELD-251, ELD-473, board limits, ELD-624).
    pub fn suborned_of(&self, c: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board
            .pieces(!c, GHOST)
            .into_iter()
            .filter_map(move |s| self.suborned(s).map(|p| (s, p)))
    }

    /// How many pieces of `kind` `c` has on the board, suborned ones included (ELD-381).
    pub fn count_on_board(&self, c: Color, kind: u8) -> u32 {
        self.board.pieces(c, kind).count()
            + self
                .suborned_of(c)
                .filter(|(_, p)| p.kind() == kind)
                .count() as u32
    }

    /// Whether `s` holds a stack (ELD-006).
    #[inline]
    pub fn is_stack(&self, s: Square) -> bool {
        self.extra.has_stack(s)
    }

    /// The creator a token on `s` is linked to (a Beast's Druid, a Riddle's Sphinx).
    pub fn link_of(&self, s: Square) -> Option<Square> {
        match (self.tag(s) & TAG_LINK) >> TAG_LINK_SHIFT {
            0 => None,
            i => Some(Square::from_index(i as u8 - 1)),
        }
    }

    /// The token a Druid or Sphinx on `creator` has on the board, linked to it.
    pub fn linked_token(&self, creator: Square) -> Option<Square> {
        let p = self.piece_at(creator);
        let token = token_of(p.kind())?;
        self.board
            .pieces(p.color(), token)
            .into_iter()
            .find(|&s| self.link_of(s) == Some(creator))
    }

    /// The blocking Barricades that restrict `side`'s actions (ELD-222, ELD-612): those of its
    /// opponent. Only the mover is ever restricted, by the Blocks its opponent invoked last
    /// turn; a reacting non-mover is not (ELD-791).
    #[inline]
    pub fn blocks_against(&self, side: Color) -> Bitboard {
        self.blocks & self.board.color(!side)
    }

    /// The squares of the blocking Barricades (FEN `block=`).
    pub fn blocking(&self) -> Bitboard {
        self.blocks
    }

    /// The trophies of the Necromancer on `s` (ELD-471), in type order.
    pub fn trophies_at(&self, s: Square) -> &[u8] {
        self.trophies
            .iter()
            .find(|(t, _)| *t == s)
            .map_or(&[], |(_, v)| v.as_slice())
    }

    /// The start squares of `c` (ELD-043), recorded only for a side whose army holds the
    /// Necromancer.
    pub fn start_squares(&self, c: Color) -> &[(u8, Square)] {
        self.start.as_ref().map_or(&[], |s| s[c.index()].as_slice())
    }

    /// Records the start squares when play begins (ELD-043): each side whose army types hold
    /// the Necromancer gets its current placement.
    pub(super) fn record_start(&mut self) {
        let mut start: StartSquares = Default::default();
        for c in Color::BOTH {
            if self.army[c.index()] & (1u64 << NECROMANCER) != 0 {
                start[c.index()] = self
                    .board
                    .color(c)
                    .into_iter()
                    .map(|s| (self.piece_at(s).kind(), s))
                    .collect();
            }
        }
        self.start =
            (!start[0].is_empty() || !start[1].is_empty()).then(|| std::sync::Arc::new(start));
    }

    /// The player whose turn it is (ELD-602): the side to move except during a reaction.
    #[inline]
    pub fn mover(&self) -> Color {
        if self.react.is_empty() {
            self.side
        } else {
            self.turn
        }
    }

    /// The pending reactions, the one being decided first (FEN `react=`).
    pub fn reactions(&self) -> &[Reaction] {
        &self.react
    }

    /// Mystics that returned during the action being resolved (FEN `mret=`).
    pub fn returned_mystics(&self) -> Bitboard {
        self.mret
    }

    /// A Mystic's start square (ELD-461).
    pub fn mystic_start(&self, s: Square) -> Square {
        match (self.tag(s) & TAG_START) >> TAG_START_SHIFT {
            0 => s,
            i => Square::from_index(i as u8 - 1),
        }
    }

    /// The Lightning Bolt whose continuation is pending (FEN `bolt=`).
    pub fn bolt(&self) -> Option<Square> {
        self.bolt
    }

    /// Whether `c` keeps a graveyard (ELD-562): only a Valkyrie reads it, so only a side whose
    /// army types hold the Valkyrie, or the Initiate that promotes into one (ELD-432), counts
    /// its losses. (Our decision: the count cannot matter to any other side, and leaving it out
    /// keeps their FENs and keys as in part 1.)
    pub fn keeps_graveyard(&self, c: Color) -> bool {
        self.army[c.index()] & (1u64 << VALKYRIE | 1u64 << INITIATE) != 0
    }

    /// The graveyard of `c`: (Pawns, Initiates).
    pub fn graveyard(&self, c: Color) -> (u8, u8) {
        let g = self.grave[c.index()];
        (g[0], g[1])
    }

    /// The per-piece state of the piece on `s` (0 = default).
    #[inline]
    pub fn tag(&self, s: Square) -> u32 {
        self.extra.tag(s).unwrap_or(0)
    }

    pub fn is_virgin(&self, s: Square) -> bool {
        self.virgin.contains(s)
    }

    pub fn side(&self) -> Color {
        self.side
    }

    /// Whether the placement phase is in progress.
    pub fn is_placing(&self) -> bool {
        self.placing.is_some()
    }

    pub fn placing(&self) -> Option<&Placing> {
        self.placing.as_deref()
    }

    /// Army types of `c` (ELD-043) as a bit set by kind.
    pub fn army_types(&self, c: Color) -> u64 {
        self.army[c.index()]
    }

    pub fn fullmove(&self) -> u32 {
        self.fullmove as u32
    }

    /// The kinds that are royal by type, given the options (ELD-010, ELD-OPT-3).
    #[inline]
    pub fn royal_kind(&self, kind: u8) -> bool {
        piece_type(kind).is(ROYAL) || (kind == PONTIFF && self.options.noble_is_royal)
    }

    /// Royal by type or by a Court Magician promotion flag (ELD-262).
    #[inline]
    pub fn is_royal_at(&self, s: Square) -> bool {
        self.royal_kind(self.piece_at(s).kind()) || self.tag(s) & TAG_ROYAL != 0
    }

    /// The liege of `c` (ELD-070), if on the board.
    pub fn liege(&self, c: Color) -> Option<Square> {
        let b = &self.board;
        let set =
            b.pieces(c, KING) | b.pieces(c, ARCHMAGE) | b.pieces(c, PONTIFF) | b.pieces(c, VAMPIRE);
        set.any().then(|| set.lsb())
    }

    /// The check-bearers of `c` (ELD-610): liege and Doppelganger.
    pub fn check_bearers(&self, c: Color) -> Bitboard {
        let b = &self.board;
        b.pieces(c, KING)
            | b.pieces(c, ARCHMAGE)
            | b.pieces(c, PONTIFF)
            | b.pieces(c, VAMPIRE)
            | b.pieces(c, DOPPELGANGER)
    }

    /// ELD-521: `c`'s liege is protected by its Shadowmancer (immune mode only).
    #[inline]
    pub fn shadow_immune(&self, c: Color) -> bool {
        self.options.shadowmancer == ShadowmancerMode::Immune
            && self.board.pieces(c, SHADOWMANCER).any()
    }

    /// Squares of `c`'s pieces that are frozen (ELD-311): adjacent to an enemy Enchanter.
    pub fn frozen(&self, c: Color) -> Bitboard {
        let mut zone = Bitboard::EMPTY;
        for e in self.board.pieces(!c, ENCHANTER) {
            zone |= neighbours(e, self.exists());
        }
        zone & self.board.color(c)
    }

    /// ELD-008: `s` is passable for a piece of side `side`.
    #[inline]
    pub fn passable(&self, s: Square, side: Color) -> bool {
        let p = self.piece_at(s);
        if p.is_none() {
            return true;
        }
        if self.is_stack(s) {
            return false; // ELD-332: a stack is never passable
        }
        let t = piece_type(p.kind());
        (p.color() == side && t.has(F_PASSABLE_OWN))
            || (p.color() != side && t.has(F_PASSABLE_ENEMY))
    }

    /// Whether a jump by `side` may pass over `s` (ELD-008): never over an Abjurer, nor over a
    /// Barricade whose Block applies to `side` (ELD-222 c).
    #[inline]
    pub fn jumpable(&self, s: Square, side: Color) -> bool {
        let p = self.piece_at(s);
        p.is_none()
            || !(piece_type(p.kind()).has(F_ABJURER) || self.blocks_against(side).contains(s))
    }

    /// ELD-611: may the piece of `attacker_kind` on `from` (side `side`) capture the piece on
    /// `target`? `own_ok` grants the friendly-capture exception of the method used (a Fiend
    /// landing). The target square must be occupied.
    pub fn can_capture(&self, from: Square, side: Color, target: Square, own_ok: bool) -> bool {
        let victim = self.piece_at(target);
        if victim.is_none() {
            return false;
        }
        let attacker = piece_type(self.piece_at(from).kind());
        let vt = piece_type(victim.kind());
        if victim.color() == side {
            // (a) own pieces only under an exception (a priest may take its own Riddle,
            // ELD-552), and never a check-bearer.
            let riddle = victim.kind() == RIDDLE && attacker.is(PRIEST);
            let own_stack = self.is_stack(target);
            if !(own_ok || riddle) || vt.is(LIEGE) || vt.has(F_DOPPELGANGER) || own_stack {
                return false;
            }
        }
        // (f) a Barricade blocking against the capturer (ELD-222 a).
        if self.blocks_against(side).contains(target) {
            return false;
        }
        // (c) Ooze; (d) Abjurer; (e) Gargoyle against spells.
        if vt.has(F_UNCAPTURABLE)
            || (vt.has(F_ABJURER) && !self.is_royal_at(from))
            || (vt.has(F_SPELL_IMMUNE) && attacker.is(SPELL))
        {
            return false;
        }
        // (g) lieges: never by a Berserker, never while protected by a Shadowmancer.
        if vt.is(LIEGE)
            && (attacker.has(F_SPARES_LIEGE)
                || (victim.color() != side && self.shadow_immune(victim.color())))
        {
            return false;
        }
        true
    }
}

/// The movement atoms of a piece of `kind` with state `tag`: its type's, or its current
/// form's (Shapeshifter, knight-form Bolt, Highlander stage).
pub fn atoms_for(kind: u8, tag: u32) -> &'static [MovePattern] {
    if kind == SHAPESHIFTER {
        shapeshifter_atoms((tag & TAG_FORM) >> TAG_FORM_SHIFT)
    } else if kind == LIGHTNING_BOLT && tag & TAG_KNIGHT != 0 {
        shapeshifter_atoms(4) // the knight's leap
    } else if kind == HIGHLANDER && tag & TAG_STAGE != 0 {
        super::highlander::stage_atoms((tag & TAG_STAGE) >> TAG_STAGE_SHIFT)
    } else {
        piece_type(kind).atoms
    }
}

/// The token a creator makes: the Druid's Beast, the Sphinx's Riddle.
pub fn token_of(creator: u8) -> Option<u8> {
    match creator {
        DRUID => Some(BEAST),
        SPHINX => Some(RIDDLE),
        _ => None,
    }
}

/// A coloured piece of `kind`.
#[inline]
pub fn piece(c: Color, kind: u8) -> Piece {
    Piece::new(c, kind)
}
