//! Eldritch Chess (`eldritch`), the whole game, as specified by `shared/rules/eldritch.md` (rulings
//! ELD-001 onwards) and described as implemented in `docs/rules/eldritch.md`.
//!
//! - `catalogue`: one table row per piece type (code, categories, atoms, promotion, flags).
//! - `army`: the bundle table, declarations and their validation, Matched Sides, proposals.
//! - `placement`: the placement phase as actions, and the default placement.
//! - `state`: the position and the rule queries (check-bearers, freeze, capturability).
//! - `geometry`: squares, orientation, leap paths, the Fiend's paths.
//! - `movegen`: catalogue-driven generation, attacks and legality.
//! - `plain`: the fast path of positions with FIDE pieces only and no rarer state.
//! - `play`: applying actions and their automatic effects.
//! - `diviner`: the Diviner's record, its Divine (undo) and the ban.
//! - `ghost`: the Ghost's moves, subornation, stacks and release.
//! - `highlander`: the Highlander's stages and returns.
//! - `reactions`: the Celestial's and the Mystic's reactions and what follows an action.
//! - `invokes`: the stage-2 invokes (Evoker, Conjurer, Miasma, Giant, Portalkeeper,
//!   Shieldmaiden): generation, play and tokens.
//! - `screen`: legality proven without playing where no enemy piece could reach the bearer.
//! - `reference`: an independent slow generator written from the spec (perft cross-checks).
//! - `cross_check`: seeded random games comparing the two generators position by position.
//! - `fen`: EFEN, move tokens, the `d` board and the view.
//! - `search_hooks`: move ordering and null moves for the search.

pub mod army;
pub mod catalogue;
#[cfg(feature = "cross-check")]
pub mod cross_check;
mod diviner;
mod fen;
pub mod geometry;
mod ghost;
pub mod highlander;
mod invokes;
mod movegen;
mod notation;
pub mod options;
pub mod pieces;
pub mod placement;
mod plain;
mod play;
mod reactions;
mod reference;
mod screen;
mod search_hooks;
mod state;

pub use army::{Bundle, Declaration};
pub use state::{BlockAdjacency, Eldritch, EldritchOptions, ShadowmancerMode};

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::Color;
use crate::rules::Position;
use crate::square::Geometry;
use crate::zobrist::KEYS;
use catalogue::*;

/// The FIDE-army start (ELD-060 with no substitutions).
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w * - 0 1";

fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The first row's squares of each side, as bits.
const FIRST_ROWS: [u128; 2] = {
    let mut rows = [0u128; 2];
    let mut col = 0;
    while col < 10 {
        rows[0] |= 1 << (10 + col);
        rows[1] |= 1 << (80 + col);
        col += 1;
    }
    rows
};

/// The kinds that castle (F_CASTLER) and those whose own atoms (not a tag's form) have the
/// virgin double step, as bit sets.
fn virgin_kinds() -> [u64; 2] {
    static SETS: std::sync::OnceLock<[u64; 2]> = std::sync::OnceLock::new();
    *SETS.get_or_init(|| {
        let mut sets = [0u64; 2];
        for k in 0..KINDS as u8 {
            let t = piece_type(k);
            let double = t
                .atoms
                .iter()
                .any(|a| matches!(a, MovePattern::Pawn { double: true, .. }));
            let by_tag = matches!(k, SHAPESHIFTER | HIGHLANDER | LIGHTNING_BOLT);
            sets[0] |= (t.has(F_CASTLER) as u64) << k;
            sets[1] |= ((double && !by_tag) as u64) << k;
        }
        sets
    })
}

impl Eldritch {
    /// The pieces (both colours) of the kinds in the bit set `kinds`.
    fn pieces_of_kinds(&self, mut kinds: u64) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        while kinds != 0 {
            out |= self.board.kind(kinds.trailing_zeros() as u8);
            kinds &= kinds - 1;
        }
        out
    }

    /// Virgin flags that can still matter (ELD-622): castlers and rooks on the first rank while
    /// the side has a virgin castler there, and pieces with a double step.
    fn relevant_virgins(&self) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for c in Color::BOTH {
            let mine = self.board.color(c) & self.virgin;
            // By kind sets, not square by square: hashing is hot.
            let [castler_kinds, double_kinds] = virgin_kinds();
            let first = mine & Bitboard(FIRST_ROWS[c.index()]);
            let castlers = first & self.pieces_of_kinds(castler_kinds);
            let rooks = first & self.board.kind(ROOK) & !castlers;
            let rest = mine & !castlers & !rooks;
            // ELD-622: a virgin Shapeshifter may still shift to its pawn form and double-step.
            out |= rest & (self.pieces_of_kinds(double_kinds) | self.board.kind(SHAPESHIFTER));
            // Forms and stages decide these by their tags.
            let by_tag = rest & (self.board.kind(HIGHLANDER) | self.board.kind(LIGHTNING_BOLT));
            for s in by_tag {
                if self.double_steps_at(s) {
                    out.set(s);
                }
            }
            if castlers.any() && rooks.any() {
                out |= castlers | rooks;
            }
        }
        out
    }

    /// [`Eldritch::relevant_virgins`] square by square, as ELD-622 reads (debug builds check
    /// the kind-set version against it).
    #[cfg(debug_assertions)]
    fn relevant_virgins_by_square(&self) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for c in Color::BOTH {
            let mut castlers = Bitboard::EMPTY;
            let mut rooks = Bitboard::EMPTY;
            for s in self.board.color(c) & self.virgin {
                let kind = self.piece_at(s).kind();
                let first = s.row() == geometry::first_row(c);
                if piece_type(kind).has(F_CASTLER) && first {
                    castlers.set(s);
                } else if kind == ROOK && first {
                    rooks.set(s);
                } else if self.double_steps_at(s) || kind == SHAPESHIFTER {
                    out.set(s);
                }
            }
            if castlers.any() && rooks.any() {
                out |= castlers | rooks;
            }
        }
        out
    }

    fn state_key(&self) -> u64 {
        #[cfg(debug_assertions)]
        assert_eq!(self.relevant_virgins(), self.relevant_virgins_by_square());
        // No castling rights: the virgin squares below stand for them.
        let mut h = KEYS.fide_state(self.side, 0, self.ep);
        for s in self.relevant_virgins() {
            h ^= KEYS.stacked[126][s.index()];
        }
        for s in self.blocks {
            h ^= mix(0xB10C_0000 | s.index() as u64);
        }
        if let Some(b) = self.bolt {
            h ^= mix(0xB017_0000 | b.index() as u64);
        }
        for (i, r) in self.react.iter().enumerate() {
            let code = match r {
                state::Reaction::Celestial { owner } => 1 | (owner.index() as u64) << 4,
                state::Reaction::Mystic {
                    owner,
                    start,
                    royal,
                } => {
                    2 | (owner.index() as u64) << 4
                        | (*royal as u64) << 5
                        | (start.index() as u64) << 8
                }
                state::Reaction::Release {
                    at,
                    piece,
                    tag,
                    trophies,
                } => {
                    let mut c = 3
                        | (piece.color().index() as u64) << 4
                        | (piece.kind() as u64) << 8
                        | (at.index() as u64) << 16
                        | (*tag as u64) << 32;
                    for &k in trophies {
                        c = mix(c ^ k as u64);
                    }
                    c
                }
            };
            h ^= mix(0x5EAC_0000_0000 | (i as u64) << 24 | code);
        }
        if !self.react.is_empty() {
            h ^= mix(0x7E5_0000 | self.turn.index() as u64);
        }
        for c in Color::BOTH {
            for (i, &n) in self.hl[c.index()].iter().enumerate() {
                if n > 0 {
                    h ^= mix(0x41_0000 | (c.index() as u64) << 12 | (i as u64) << 8 | n as u64);
                }
            }
        }
        if self.returned {
            h ^= mix(0x4E7_0000);
        }
        h ^= self.ban_key();
        for s in self.frame {
            h ^= mix(0xF7A3_0000 | s.index() as u64);
        }
        for &(s, tag) in &self.sub_tags {
            h ^= mix(0x5B7A_0000_0000 | (s.index() as u64) << 32 | tag as u64);
        }
        for s in self.mret {
            h ^= mix(0x3E7_0000 | s.index() as u64);
        }
        for (s, kinds) in &self.trophies {
            for (i, &k) in kinds.iter().enumerate() {
                h ^= mix(0x7E0_0000_0000 | (s.index() as u64) << 24 | (k as u64) << 16 | i as u64);
            }
        }
        for c in Color::BOTH {
            let [pawns, initiates] = self.grave[c.index()];
            if pawns | initiates != 0 {
                h ^= mix(0x6_0000
                    | (c.index() as u64) << 16
                    | (pawns as u64) << 8
                    | initiates as u64);
            }
        }
        if let Some(p) = self.placing() {
            h ^= KEYS.state[0];
            for c in Color::BOTH {
                for u in p.side(c) {
                    let mut code =
                        (c.index() as u64) << 56 | (u.kind as u64) << 48 | (u.count as u64) << 40;
                    for (i, &n) in u.replaced.iter().enumerate() {
                        code |= (n as u64) << (4 * i);
                    }
                    h ^= mix(code);
                }
            }
        }
        h
    }

    /// ELD-620 a: a side without check-bearers has lost (never during placement).
    fn eliminated(&self) -> Option<Color> {
        if self.placing.is_some() {
            return None;
        }
        Color::BOTH
            .into_iter()
            .find(|&c| self.check_bearers(c).is_empty())
    }

    /// ELD-624: `c` owns a piece that is not its liege, an Ooze, Portalkeeper, Riddle or Ghost,
    /// nor a Miasma while every enemy check-bearer is royal.
    pub fn has_mating_force(&self, c: Color) -> bool {
        let enemy_non_royal = self
            .check_bearers(!c)
            .into_iter()
            .any(|s| !self.is_royal_at(s));
        // A pending Highlander is still in play, and so is a Mystic whose return is pending
        // (our decision, as ELD-797 has it for a piece awaiting release).
        let returning = self.returns_pending(c)
            || self
                .react
                .iter()
                .any(|r| matches!(r, state::Reaction::Mystic { owner, .. } if *owner == c));
        // A riding Familiar (ELD-332) is a piece of its side too; it can leave and give mate.
        // Suborned pieces and a piece awaiting release count as on the board (ELD-381,
        // ELD-797).
        let force = |kind: u8| {
            !(piece_type(kind).is(LIEGE)
                || matches!(kind, OOZE | PORTALKEEPER | RIDDLE | GHOST)
                || (kind == MIASMA && !enemy_non_royal))
        };
        let released = self.react.iter().any(|r| {
            matches!(r, state::Reaction::Release { piece, .. } if piece.color() == c && force(piece.kind()))
        });
        returning
            || released
            || self.suborned_of(c).any(|(_, p)| force(p.kind()))
            || self.board.color(c).into_iter().any(|s| {
                let kind = self.piece_at(s).kind();
                let t = piece_type(kind);
                self.rider(s).is_some()
                    || !(t.is(LIEGE)
                        || matches!(kind, OOZE | PORTALKEEPER | RIDDLE | GHOST)
                        || (kind == MIASMA && !enemy_non_royal))
            })
    }
}

/// No dice in Eldritch: no position is a chance step.
impl crate::rules::Chance for Eldritch {}

impl Position for Eldritch {
    const NAME: &'static str = "eldritch";
    const GEOMETRY: Geometry = Geometry::Framed8;
    type Options = EldritchOptions;

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn hash(&self) -> u64 {
        self.board.hash() ^ self.extra.hash() ^ self.state_key() ^ self.history_key()
    }

    fn play(&mut self, mv: Move) {
        if mv.kind() == MoveKind::Placement && self.placing.is_none() {
            self.play_return(mv); // ELD-412
        } else if mv.kind() == MoveKind::Placement {
            self.play_placement(mv);
        } else {
            self.play_action(mv, true);
        }
    }

    fn in_check(&self) -> bool {
        self.placing.is_none() && self.checked_bearers(self.side).any()
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove as u32
    }

    fn insufficient_material(&self) -> bool {
        self.placing.is_none()
            && !self.has_mating_force(Color::White)
            && !self.has_mating_force(Color::Black)
    }
}

/// Fixed positions (FENs) searched by `bench`: varied openings, middle games and endings.
pub const BENCH: &[&str] = &[
    START_FEN,
    // Dragons and a Court Magician against a Vampire with Fiends.
    "r*w2^vb*wr/pppppppp/8/8/8/8/PPPPPPPP/R^FB*KKB^FR w * - 0 1",
    // Gremlins, Enchanter and Gargoyles against Pontiff, Initiates and a Fireball.
    "^r^r^r1^p2r/^i^i^i^i^ipp*x/8/3p4/4P3/2N2*G2/PPPP1PPP/R1B*EKB1R w a1,e1,h1,a2,b2,c2,d2,f2,g2,h2 - 0 6",
    // Middle game: Abjurer, Shadowmancer, Berserker, Ooze.
    "r1b1k2r/pp1n1ppp/2p1p3/3p*a3/3P^B3/2N1*S3/PPP2*OPP/R3KB1R b - - 3 11",
    // Doppelganger and Dragon middle game.
    "2kr3r/ppp2ppp/2n1*w3/4p3/4P3/2^D2N2/PPP2PPP/2KR3R w - - 4 14",
    // Fiend and Illusionist, open position.
    "r3k2r/ppp2ppp/2n5/3^f4/4*I3/5N2/PPP2PPP/R3K2R w a1,e1,h1,a8,e8,h8 - 2 12",
    // Endgame: Vampire with directions against a Court Magician and pawns.
    "8/5p2/8/3^v{n,e,sw}4/8/1*K6/5PPP/6K1 w - - 0 40",
    // Endgame: Pendulums and Gremlins.
    "4k3/2*p*p4/8/8/8/8/3^R^R3/4K3 w - - 0 45",
    // Archmage liege against a Fireball and Gargoyle.
    "4^a3/8/8/8/2*X5/5*G2/8/4K3 w - - 0 50",
    // Pontiff liege with a pawn on the seventh (the Bishop option).
    "8/1P6/8/8/8/8/6k1/4^P3 w - - 0 55",
    // Part 2 invokers: Conjurer, Portalkeeper and Shieldmaiden against an Evoker and a Giant.
    "r1b1k2r/pp^e2ppp/2n1*t3/3p4/3P4/2N^C1N2/PP^O2PPP/R1B1K^W1R w a1,e1,h1,a8,e8,h8 - 0 10",
    // Part 2 invokers: Evokers against a Miasma among pawns.
    "4k3/3^m4/2pPp3/8/8/2^E1^E3/8/4K3 w - - 0 30",
    // Reactions: Celestials and Mystics of both sides in contact (ELD-241, ELD-462).
    "r3k1n1/pp1*m1ppp/2*c2*m2/3P4/2P1p3/2*M2N2/PP*C2PPP/R3K3 w a1,e1,a2,b2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8,g8 - 0 14",
    // Highlanders at every stage (ELD-410..412).
    "r3k3/pp3ppp/2*h{n}5/3*H{b}4/2*h3*H{r}1/5N2/PP3PPP/4K2R w h1,e1,a2,b2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8 - 0 16",
    // Diviners on both sides (ELD-271): the undo of every turn searched.
    "r3k3/pp3ppp/2n1*d3/3p4/3P4/2N1*D3/PP3PPP/R3K3 w a1,e1,a2,b2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8 - 0 12",
    // Geomancers with strips on both sides (ELD-371).
    "xxxxxxxxxx/xr3k4/xpp3ppp1/x2n1^g4/x3p5/4P4x/3N5x/1PP3PPPx/1R^G2K3x/xxxxxxxxxx w a1,b1,e1,a2,b2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8 - 0 13",
    // Ghosts ready to suborn beside an Ooze and a Necromancer (ELD-381, ELD-383).
    "r3k3/pp1n1ppp/2p1^h3/3p4/3P*O3/2^HN*n3/PPP2PPP/R3K3 w a1,e1,a2,b2,c2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8 - 0 14",
    // Ghost stacks of both sides, a Knight and a Dragon suborned (ELD-383, ELD-385).
    "4k3/2p5/1(^h,N)2*N3/8/3(^H,*w)4/2*o5/4P3/4K3 w e2 - 0 20",
];
