//! The Duggan evaluator: tapered material and piece-square terms, mobility, attacks on the
//! Adept's zone, Mercenary advancement, and the two pieces' specifics: Golem crush targets and
//! Golems exposed to the few pieces that can take them, and loose pieces an Assassin can hunt
//! (teleport beside, take next move). All numbers come from [`EvalParams::duggan`]; material is
//! derived by the piece-value method ([`derived_piece_values`], `docs/eval.md`).
//!
//! Everything the parameters determine is expanded into tables when the evaluator is built, so
//! `evaluate` does no allocation and no move generation.

pub mod params;
pub use params::DUGGAN_KIND_NAMES;

use crate::features::{piece_value, piece_value_with};
use crate::params::EvalParams;
use crate::reader::{passed_spans, piece_square_tables, ParamReader};
use crate::score::S;
use grimoire_engine::eval_api::{Evaluator, Score, SearchParams};
use grimoire_engine::square::SQUARE_COUNT;
use grimoire_engine::variants::duggan::tables::{path_blockers, tables, DugganTables, NO_SQUARE};
use grimoire_engine::variants::duggan::{
    Duggan, ADEPT, ARCHER, ASSASSIN, BISHOP, COMMANDER, GOLEM, KINDS, MERCENARY,
};
use grimoire_engine::{prelude::*, Bitboard, Color, Geometry, Square};
use params::DugganTerms;

/// Evaluations are clamped to this, well inside the ±10000 the search reserves for mates.
pub const EVAL_LIMIT: i32 = 9000;

/// Mobility is counted from these numbers of reached squares (not holding an own piece) per
/// kind, so average freedom scores about zero (Golem, Archer, Bishop, Commander; the others
/// have no mobility term). Fixed, not tuned, as in chess.
pub const MOBILITY_CENTRE: [i32; KINDS] = [3, 0, 5, 6, 3, 0, 0];

/// Scale (out of 128) of the Adept-attack sum by the number of distinct attacking pieces.
pub const ATTACKER_SCALE: [i32; 8] = [0, 32, 64, 96, 112, 120, 124, 128];

/// The kinds with a mobility and an Adept-attack term.
const ACTIVE: [u8; 4] = [GOLEM, ARCHER, BISHOP, COMMANDER];
/// The kinds that count for the game phase.
const PHASED: [u8; 5] = [GOLEM, ARCHER, BISHOP, COMMANDER, ASSASSIN];

pub use crate::features::DerivedValue;

/// The piece-value method (`docs/eval.md`) applied to Duggan's pieces on the 8x8 board, from
/// the engine's own tables. The Adept is royal and gets no value.
///
/// - Golem: capture targets are all 8 destinations (it crushes whatever stands there, whatever
///   the path holds) plus the occupied path squares of a vector whose destination is occupied;
///   quiet targets are the destinations with an empty path. Immunity and self-crushes are not
///   movement and are left to separate terms.
/// - Mercenary: quiet one step forward (origins on ranks 2..7, as for the chess pawn), capture
///   targets left, right and forward (its threat steps, counted as if always available).
/// - Archer: its bent-rider reach (both targets and blockers count), from its path table.
/// - Bishop: the FIDE bishop. Commander: the wazir.
/// - Assassin: capture targets the 8 neighbours, quiet targets every empty square (teleport).
pub fn derived_piece_values() -> Vec<DerivedValue> {
    let t = tables();
    let board = t.board;
    let golem_captures = |s: Square, occ: Bitboard| {
        let i = s.index();
        let mut out = Bitboard::EMPTY;
        for v in 0..8 {
            let d = t.golem_dest[i][v];
            if d == NO_SQUARE {
                continue;
            }
            let dest = Square::from_index(d);
            out.set(dest);
            if occ.contains(dest) {
                out |= t.golem_path[i][v] & occ;
            }
        }
        out
    };
    let golem_quiet = |s: Square, occ: Bitboard| {
        let i = s.index();
        (0..8)
            .filter(|&v| t.golem_dest[i][v] != NO_SQUARE && (t.golem_path[i][v] & occ).is_empty())
            .fold(Bitboard::EMPTY, |b, v| {
                b | Bitboard::from_square(Square::from_index(t.golem_dest[i][v]))
            })
    };
    let merc_origins = t.rank[1..7].iter().fold(Bitboard::EMPTY, |b, r| b | *r);
    let white = Color::White.index();
    vec![
        DerivedValue {
            kind: GOLEM,
            name: "Golem",
            model: "captures: 8 AH destinations + occupied path squares of an occupied destination; quiet: destinations with an empty path",
            value: piece_value_with(board, board, golem_captures, golem_quiet),
        },
        DerivedValue {
            kind: MERCENARY,
            name: "Mercenary",
            model: "quiet fW, captures fsW (threat steps as if always threatened), ranks 2..7",
            value: piece_value_with(
                board,
                merc_origins,
                |s, _| t.merc_reach[white][s.index()],
                |s, _| {
                    s.offset(0, 1)
                        .filter(|n| board.contains(*n))
                        .map_or(Bitboard::EMPTY, Bitboard::from_square)
                },
            ),
        },
        DerivedValue {
            kind: ARCHER,
            name: "Archer",
            model: "equal-leg bent rider, a destination counts if one path is clear",
            value: piece_value(board, |s, occ| t.archer_reach(s, path_blockers(occ))),
        },
        DerivedValue {
            kind: BISHOP,
            name: "Bishop",
            model: "B",
            value: piece_value(board, |s, occ| t.base.bishop(s, occ)),
        },
        DerivedValue {
            kind: COMMANDER,
            name: "Commander",
            model: "W",
            value: piece_value(board, |s, _| t.wazir[s.index()]),
        },
        DerivedValue {
            kind: ASSASSIN,
            name: "Assassin",
            model: "captures cK; quiet: every empty square (teleport)",
            value: piece_value_with(
                board,
                board,
                |s, _| t.base.king[s.index()],
                |s, occ| board & !occ & !Bitboard::from_square(s),
            ),
        },
    ]
}

/// The Duggan evaluator. Build it once ([`DugganEval::default`] or
/// [`DugganEval::from_params`]) and share it; `evaluate` only reads it.
#[derive(Clone)]
pub struct DugganEval {
    /// The terms that are one number each.
    terms: DugganTerms,
    params: EvalParams,
    tables: &'static DugganTables,
    /// Material plus piece-square value per colour, kind and frame square.
    psqt: [[[S; SQUARE_COUNT]; KINDS]; 2],
    phase_weight: [i32; KINDS],
    phase_max: i32,
    mobility: [S; KINDS],
    adept_attack: [S; KINDS],
    /// By 0-based relative rank (entries 1..=6 used).
    passed: [S; 8],
    /// Squares ahead of a square on its and the adjacent files, per colour.
    passed_span: [[Bitboard; SQUARE_COUNT]; 2],
    /// The Adept square and its neighbours.
    adept_zone: [Bitboard; SQUARE_COUNT],
}

evaluator_impls!(
    DugganEval,
    Duggan,
    crate::EvalParams::duggan_tuned(),
    from_params
);

impl DugganEval {
    /// Builds the evaluator, or says why `params` does not fit it.
    pub fn try_from_params(params: EvalParams) -> Result<DugganEval, String> {
        let r = ParamReader::new(&params, "duggan", &DUGGAN_KIND_NAMES)?;
        let all: Vec<u8> = (0..KINDS as u8).collect();
        // The Adept has no material value.
        let material: [S; KINDS] = r.per_kind(
            "material",
            &[GOLEM, MERCENARY, ARCHER, BISHOP, COMMANDER, ASSASSIN],
        )?;
        let psqt = piece_square_tables(
            Geometry::Framed8,
            &material,
            &r.per_kind("pst_centre", &all)?,
            &r.per_kind("pst_advance", &all)?,
        );
        let phase_weight: [i32; KINDS] = r.phase_weights(&PHASED)?;
        // The start position: two Golems, Archers and Bishops and one Assassin per side.
        let phase_max = (4
            * (phase_weight[GOLEM as usize]
                + phase_weight[ARCHER as usize]
                + phase_weight[BISHOP as usize])
            + 2 * phase_weight[ASSASSIN as usize])
            .max(1);
        let passed = r.by_rank_8("mercenary_passed_rank")?;
        let tables = tables();
        let board = tables.board;
        let passed_span = passed_spans(board);
        let mut adept_zone = [Bitboard::EMPTY; SQUARE_COUNT];
        for from in board {
            adept_zone[from.index()] = tables.base.king[from.index()] | Bitboard::from_square(from);
        }
        Ok(DugganEval {
            terms: DugganTerms::read(&r)?,
            tables,
            psqt,
            phase_weight,
            phase_max,
            mobility: r.per_kind("mobility", &ACTIVE)?,
            adept_attack: r.per_kind("adept_attack", &ACTIVE)?,
            passed,
            passed_span,
            adept_zone,
            params,
        })
    }

    /// The parameters this evaluator was built from.
    pub fn params(&self) -> &EvalParams {
        &self.params
    }

    /// Game phase: from `phase_max()` (the start position's pieces) down to 0.
    pub fn phase(&self, pos: &Duggan) -> i32 {
        let b = pos.board();
        let phase: i32 = PHASED
            .iter()
            .map(|&k| self.phase_weight[k as usize] * b.kind(k).count() as i32)
            .sum();
        phase.min(self.phase_max)
    }

    /// The phase of the start position (the middlegame end of the taper).
    pub fn phase_max(&self) -> i32 {
        self.phase_max
    }

    /// The reach (DUG-40 e) of one non-Mercenary piece, from the engine's tables.
    #[inline]
    fn reach(
        &self,
        kind: u8,
        s: Square,
        golems: Bitboard,
        occ: Bitboard,
        own_adept: Bitboard,
    ) -> Bitboard {
        let t = self.tables;
        let i = s.index();
        match kind {
            GOLEM => t.golem_reach(s, occ, golems | own_adept),
            ARCHER => t.archer_reach(s, path_blockers(occ)),
            BISHOP => t.base.bishop(s, occ),
            COMMANDER => t.wazir[i],
            _ => t.base.king[i],
        }
    }

    /// The untapered score from White's point of view, before the tempo bonus.
    pub fn white_terms(&self, pos: &Duggan) -> S {
        let b = pos.board();
        let occ = b.occupied();
        let golems = b.kind(GOLEM);
        // Per side: every square its non-Mercenary pieces reach (its defence and attack map).
        let mut maps = [Bitboard::EMPTY; 2];
        let mut side = [S::ZERO; 2];
        let mut attackers = [0usize; 2];
        let mut attack = [S::ZERO; 2];
        for us in Color::BOTH {
            let ui = us.index();
            let own = b.color(us);
            let own_adept = b.pieces(us, ADEPT);
            let prey = b.color(!us) & !golems & !b.kind(ADEPT);
            let enemy_zone = self.adept_zone[b.pieces(!us, ADEPT).lsb().index()];
            let psqt = &self.psqt[ui];
            let mut s = S::ZERO;
            let mut map = self.tables.base.king[own_adept.lsb().index()];
            s += psqt[ADEPT as usize][own_adept.lsb().index()];
            for &k in &ACTIVE {
                let ki = k as usize;
                for sq in b.pieces(us, k) {
                    s += psqt[ki][sq.index()];
                    let r = self.reach(k, sq, golems, occ, own_adept);
                    map |= r;
                    if k == GOLEM {
                        // Enemy pieces the Golem could crush.
                        s += self.terms.golem_crush_target * (r & prey).count() as i32;
                    }
                    s += self.mobility[ki] * ((r & !own).count() as i32 - MOBILITY_CENTRE[ki]);
                    let hits = (r & enemy_zone).count() as i32;
                    if hits > 0 {
                        attackers[ui] += 1;
                        attack[ui] += self.adept_attack[ki] * hits;
                    }
                }
            }
            for sq in b.pieces(us, ASSASSIN) {
                s += psqt[ASSASSIN as usize][sq.index()];
                map |= self.tables.base.king[sq.index()];
            }
            maps[ui] = map;
            side[ui] = s;
        }
        for us in Color::BOTH {
            let ui = us.index();
            let them = !us;
            let ti = them.index();
            let mut s = side[ui];
            let scale = ATTACKER_SCALE[attackers[ui].min(7)];
            s += S::new(attack[ui].mg * scale / 128, attack[ui].eg * scale / 128);
            // Mercenaries: material, squares, and passers (no enemy Mercenary ahead on the
            // same or a neighbouring file).
            let our_mercs = b.pieces(us, MERCENARY);
            let their_mercs = b.pieces(them, MERCENARY);
            for sq in our_mercs {
                let i = sq.index();
                s += self.psqt[ui][MERCENARY as usize][i];
                if (self.passed_span[ui][i] & their_mercs).is_empty() {
                    let rel = if us == Color::White {
                        sq.row() - 1
                    } else {
                        8 - sq.row()
                    };
                    s += self.passed[rel as usize];
                    let stop = if us == Color::White { i + 10 } else { i - 10 };
                    if !occ.contains(Square::from_index(stop as u8)) {
                        s += self.terms.mercenary_passed_free;
                    }
                }
            }
            let prey = b.color(them) & !golems & !b.kind(ADEPT);
            // Golems exposed to the pieces that can take one: an enemy Commander or Adept
            // beside it, an enemy Mercenary on whose flank or front it stands.
            for g in b.pieces(us, GOLEM) {
                let t = self.tables;
                let hunters = (t.wazir[g.index()] & b.pieces(them, COMMANDER))
                    | (t.base.king[g.index()] & b.pieces(them, ADEPT))
                    | (t.merc_sources[ti][g.index()] & their_mercs);
                if hunters.any() {
                    s += self.terms.golem_hunted;
                }
            }
            // Assassin: loose enemy pieces (not a Golem, not the Adept, reached by no piece of
            // their side) she can teleport beside and take.
            if b.pieces(us, ASSASSIN).any() {
                let loose = prey & !maps[ti];
                s += self.terms.assassin_loose_target * loose.count().min(4) as i32;
            }
            side[ui] = s;
        }
        side[0] - side[1]
    }

    /// Blends a pair by phase.
    #[inline]
    pub fn taper(&self, s: S, phase: i32) -> i32 {
        s.taper(phase, self.phase_max)
    }
}

impl Evaluator<Duggan> for DugganEval {
    /// The margins of this set's `search.*` entries (the defaults where it has none).
    fn search_params(&self) -> &SearchParams {
        self.params.search()
    }

    fn evaluate(&self, pos: &Duggan) -> Score {
        let relative = self.white_terms(pos).for_side(pos.side_to_move());
        let score = self.taper(relative + self.terms.tempo, self.phase(pos));
        score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}
