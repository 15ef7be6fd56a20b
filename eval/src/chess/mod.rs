//! The chess evaluator: tapered material and piece-square terms, mobility, king safety, pawn
//! structure, bishop pair, rooks on open files and a tempo bonus, all read from [`EvalParams`].
//!
//! Everything the parameters determine is expanded into tables when the evaluator is built, so
//! `evaluate` does no move generation and no parameter look-ups, and allocates nothing beyond
//! its thread's pawn-and-king cache on the first call (`pawn_cache`).

pub use crate::nnue;
pub mod params;
mod pawn_cache;
pub use params::CHESS_KIND_NAMES;

use crate::params::EvalParams;
use crate::reader::{passed_spans, piece_square_tables, ParamReader};
pub use crate::score::S;
use grimoire_engine::eval_api::{Evaluator, Score, SearchParams};
use grimoire_engine::square::SQUARE_COUNT;
use grimoire_engine::tables::{masks, AttackTables};
use grimoire_engine::variants::chess::{self, Chess, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use grimoire_engine::{prelude::*, Bitboard, Color, Geometry, Square};
use params::ChessTerms;
use pawn_cache::PawnKingTerms;

/// Mobility is counted from these numbers of safe squares per kind (pawn and king unused), so a
/// piece with average freedom scores about zero and the term does not shift material values.
/// Fixed, not tuned: a tunable offset would be the same as a change of material.
pub const MOBILITY_CENTRE: [i32; 6] = [0, 4, 6, 6, 12, 0];

/// Scale (out of 128) of the king-attack sum by the number of distinct attacking pieces: one
/// attacker alone is rarely dangerous, several together are.
pub const ATTACKER_SCALE: [i32; 8] = [0, 32, 64, 96, 112, 120, 124, 128];

/// Evaluations are clamped to this, well inside the ±10000 the search reserves for mates.
pub const EVAL_LIMIT: i32 = 9000;

const W: usize = 0;
const B: usize = 1;

/// Chebyshev distance between two squares, capped at 5 (farther is no worse).
#[inline]
fn king_distance(a: Square, b: Square) -> i32 {
    (a.row().abs_diff(b.row()).max(a.col().abs_diff(b.col())) as i32).min(5)
}

/// The 0-based rank of a frame square seen from `color`'s side (frame rows 1 to 8 are the board).
#[inline]
fn relative_rank(color: usize, sq: Square) -> i32 {
    if color == W {
        sq.row() as i32 - 1
    } else {
        8 - sq.row() as i32
    }
}

/// Adds the per-square offsets (`psq_<kind>_<square>`, [`params::square_offset_name`]) to the
/// feature tables: each square is read from its owner's side.
fn add_square_offsets(
    r: &ParamReader,
    psqt: &mut [[[S; SQUARE_COUNT]; 6]; 2],
) -> Result<(), String> {
    for (k, kind) in CHESS_KIND_NAMES.iter().enumerate() {
        for sq in masks::board8() {
            let (file, row) = (sq.col() as usize, sq.row() as usize);
            for (color, rank) in [(W, row), (B, 9 - row)] {
                if let Some(name) = params::square_offset_name(kind, file, rank) {
                    psqt[color][k][sq.index()] += r.tapered(&name)?;
                }
            }
        }
    }
    Ok(())
}

/// The chess evaluator. Build it once ([`ChessEval::default`] or [`ChessEval::from_params`]) and
/// share it; `evaluate` only reads it.
#[derive(Clone)]
pub struct ChessEval {
    /// The terms that are one number each.
    terms: ChessTerms,
    params: EvalParams,
    tables: &'static AttackTables,
    board: Bitboard,
    /// Material plus piece-square value per colour, kind and frame square.
    psqt: [[[S; SQUARE_COUNT]; 6]; 2],
    phase_weight: [i32; 6],
    phase_max: i32,
    /// Per kind and number of safe squares: the linear mobility term plus its offset.
    mobility: [[S; 28]; 6],
    king_attack: [S; 6],
    /// By [colour-independent] edge distance of the file (0 = a/h) and the nearest pawn's
    /// 0-based relative rank (0: none): the own pawn's shelter, the enemy pawn's storm.
    shelter: [[S; 7]; 4],
    storm: [[S; 7]; 4],
    /// Squares on files c to f and relative ranks 2 to 4, per colour.
    space_zone: [Bitboard; 2],
    /// Squares on a square's rank and all ranks ahead of it, per colour.
    at_or_ahead: [[Bitboard; SQUARE_COUNT]; 2],
    /// The board squares of one colour (the other colour is the rest of the board).
    light: Bitboard,
    /// By 0-based relative rank (entries 1..=6 used).
    passed: [S; 8],
    /// Per own knight or bishop (index = kind) on an outpost: relative rank 4 to 6, defended
    /// by an own pawn, and no enemy pawn on a neighbouring file ahead that could chase it.
    outpost: [S; 6],
    /// Per square from which an own piece of the kind could check the enemy king and that no
    /// enemy pawn or king guards (index = kind; knight to queen used).
    safe_check: [S; 6],
    /// Whether any outpost or safe-check value is non-zero (else their work is skipped).
    outposts_on: bool,
    safe_checks_on: bool,
    /// Board squares of each frame column (empty for columns 0 and 9).
    file: [Bitboard; 10],
    /// Board squares of the columns beside a column.
    adjacent_files: [Bitboard; 10],
    /// Squares ahead of a square on its file, per colour.
    front_file: [[Bitboard; SQUARE_COUNT]; 2],
    /// Squares ahead of a square on its and the adjacent files (enemy pawns there stop a passer).
    passed_span: [[Bitboard; SQUARE_COUNT]; 2],
    /// Shield squares one and two ranks ahead of a king on its first two ranks, per colour.
    shield: [[[Bitboard; SQUARE_COUNT]; 2]; 2],
    /// The king square and its neighbours.
    king_zone: [Bitboard; SQUARE_COUNT],
    /// Board squares of a square's rank.
    rank_of: [Bitboard; SQUARE_COUNT],
    /// This evaluator's identity in the pawn-and-king cache (`pawn_cache`).
    owner: u64,
    /// The parameter set's network: a plain one replaces the terms' evaluation, a residual one
    /// is added to it (`docs/eval.md`, Network).
    network: Option<std::sync::Arc<nnue::Network>>,
}

evaluator_impls!(
    ChessEval,
    Chess,
    crate::EvalParams::chess_shipped(),
    from_params
);

impl ChessEval {
    /// Builds the evaluator, or says why `params` does not fit it.
    pub fn try_from_params(params: EvalParams) -> Result<ChessEval, String> {
        let r = ParamReader::new(&params, "chess", &CHESS_KIND_NAMES)?;
        let network = params.network().map(|n| n.0.clone());
        let all_kinds = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];
        let pieces = [KNIGHT, BISHOP, ROOK, QUEEN];
        // The king has no material value.
        let material: [S; 6] = r.per_kind("material", &[PAWN, KNIGHT, BISHOP, ROOK, QUEEN])?;
        let mut psqt = piece_square_tables(
            Geometry::Framed8,
            &material,
            &r.per_kind("pst_centre", &all_kinds)?,
            &r.per_kind("pst_advance", &all_kinds)?,
        );
        add_square_offsets(&r, &mut psqt)?;
        let phase_weight: [i32; 6] = r.phase_weights(&pieces)?;
        // The start position: two knights, bishops and rooks and one queen per side.
        let phase_max = (4 * (phase_weight[1] + phase_weight[2] + phase_weight[3])
            + 2 * phase_weight[4])
            .max(1);
        let passed = r.by_rank_8("passed_rank")?;
        let safe_check: [S; 6] = r.per_kind("safe_check", &pieces)?;
        let outpost: [S; 6] = r.per_kind("outpost", &[KNIGHT, BISHOP])?;
        let linear: [S; 6] = r.per_kind("mobility", &pieces)?;
        let mut shelter = [[S::ZERO; 7]; 4];
        let mut storm = [[S::ZERO; 7]; 4];
        for (d, file) in ["a", "b", "c", "d"].iter().enumerate() {
            for (i, rank) in params::SHELTER_RANKS.iter().enumerate() {
                shelter[d][i] = r.tapered(&format!("king_shelter_{file}_{rank}"))?;
                storm[d][i] = r.tapered(&format!("king_storm_{file}_{rank}"))?;
            }
        }
        let mut mobility = [[S::ZERO; 28]; 6];
        for (k, (kind, most)) in pieces.iter().zip(params::MOBILITY_COUNTS) {
            let k = *k as usize;
            for (n, value) in mobility[k].iter_mut().enumerate().take(most + 1) {
                *value = linear[k] * (n as i32 - MOBILITY_CENTRE[k])
                    + r.tapered(&format!("mobility_{kind}_{n}"))?;
            }
        }

        let board = masks::board8();
        let sq_set = |f: &dyn Fn(Square) -> bool| {
            board
                .iter()
                .filter(|&s| f(s))
                .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s))
        };
        let file: [Bitboard; 10] = std::array::from_fn(|c| sq_set(&|s| s.col() as usize == c));
        let adjacent_files: [Bitboard; 10] = std::array::from_fn(|c| {
            sq_set(&|s| s.col() as usize + 1 == c || s.col() as usize == c + 1)
        });
        let ahead = |color: usize, from: Square, s: Square| {
            if color == W {
                s.row() > from.row()
            } else {
                s.row() < from.row()
            }
        };
        let mut front_file = [[Bitboard::EMPTY; SQUARE_COUNT]; 2];
        let passed_span = passed_spans(board);
        let mut shield = [[[Bitboard::EMPTY; SQUARE_COUNT]; 2]; 2];
        let mut king_zone = [Bitboard::EMPTY; SQUARE_COUNT];
        let tables = chess::tables();
        for from in board {
            let i = from.index();
            king_zone[i] = tables.king[i] | Bitboard::from_square(from);
            for color in [W, B] {
                front_file[color][i] = sq_set(&|s| s.col() == from.col() && ahead(color, from, s));
                let rel = if color == W {
                    from.row() as i32 - 1
                } else {
                    8 - from.row() as i32
                };
                if rel <= 1 {
                    for (d, mask) in shield[color].iter_mut().enumerate() {
                        let dist = d as i32 + 1;
                        mask[i] = sq_set(&|s| {
                            s.col().abs_diff(from.col()) <= 1
                                && (s.row() as i32 - from.row() as i32).abs() == dist
                                && ahead(color, from, s)
                        });
                    }
                }
            }
        }

        Ok(ChessEval {
            terms: ChessTerms::read(&r)?,
            tables,
            board,
            psqt,
            phase_weight,
            phase_max,
            mobility,
            king_attack: r.per_kind("king_attack", &pieces)?,
            shelter,
            storm,
            space_zone: [W, B].map(|color| {
                sq_set(&|s| {
                    (3..=6).contains(&s.col()) && (1..=3).contains(&relative_rank(color, s))
                })
            }),
            at_or_ahead: [W, B].map(|color| {
                std::array::from_fn(|i| {
                    let from = Square::from_index(i as u8);
                    sq_set(&|s| relative_rank(color, s) >= relative_rank(color, from))
                })
            }),
            light: sq_set(&|s| (s.row() + s.col()) % 2 == 0),
            passed,
            safe_check,
            outpost,
            outposts_on: outpost.iter().any(|v| *v != S::ZERO),
            safe_checks_on: safe_check.iter().any(|v| *v != S::ZERO),
            file,
            adjacent_files,
            front_file,
            passed_span,
            shield,
            king_zone,
            rank_of: std::array::from_fn(|i| {
                let row = Square::from_index(i as u8).row();
                sq_set(&|s| s.row() == row)
            }),
            params,
            owner: pawn_cache::new_owner(),
            network,
        })
    }

    /// The parameters this evaluator was built from.
    pub fn params(&self) -> &EvalParams {
        &self.params
    }

    /// Game phase of a position: from `phase_max()` (all pieces) down to 0 (pawns and kings).
    pub fn phase(&self, pos: &Chess) -> i32 {
        let b = pos.board();
        let mut phase = 0;
        for k in [KNIGHT, BISHOP, ROOK, QUEEN] {
            phase += self.phase_weight[k as usize] * b.kind(k).count() as i32;
        }
        phase.min(self.phase_max)
    }

    /// The phase of the start position (the middlegame end of the taper).
    pub fn phase_max(&self) -> i32 {
        self.phase_max
    }

    /// The untapered score from White's point of view, before the tempo bonus.
    pub fn white_terms(&self, pos: &Chess) -> S {
        let b = pos.board();
        let wp = b.pieces(Color::White, PAWN);
        let bp = b.pieces(Color::Black, PAWN);
        let board = self.board.0;
        // Pawn attacks by shifting: the frame columns beside the 8x8 board absorb the wrap.
        let pawn_attacks = [
            Bitboard(((wp.0 << 9) | (wp.0 << 11)) & board),
            Bitboard(((bp.0 >> 9) | (bp.0 >> 11)) & board),
        ];
        let kings = [Color::White, Color::Black].map(|c| b.pieces(c, KING).lsb().index() as u8);
        let pk = pawn_cache::lookup(self.owner, [wp.0, bp.0], kings, || {
            let (white, white_passed) = self.pawn_king_terms(pos, Color::White, pawn_attacks);
            let (black, black_passed) = self.pawn_king_terms(pos, Color::Black, pawn_attacks);
            PawnKingTerms {
                score: [white, black],
                passed: [white_passed, black_passed],
            }
        });
        self.side_terms(pos, Color::White, pawn_attacks, &pk)
            - self.side_terms(pos, Color::Black, pawn_attacks, &pk)
    }

    /// The terms of `us` that depend only on the pawns and the kings (cached by
    /// `white_terms`), and `us`'s passed pawns.
    fn pawn_king_terms(
        &self,
        pos: &Chess,
        us: Color,
        pawn_attacks: [Bitboard; 2],
    ) -> (S, Bitboard) {
        let b = pos.board();
        let ui = us.index();
        let them = !us;
        let our_pawns = b.pieces(us, PAWN);
        let their_pawns = b.pieces(them, PAWN);
        let psqt = &self.psqt[ui];
        let mut s = S::ZERO;
        let mut passed = Bitboard::EMPTY;

        // Pawns: material, squares and structure.
        for sq in our_pawns {
            let i = sq.index();
            s += psqt[PAWN as usize][i];
            if (self.front_file[ui][i] & our_pawns).any() {
                s += self.terms.pawn_doubled;
            } else if (self.passed_span[ui][i] & their_pawns).is_empty() {
                let rel = relative_rank(ui, sq);
                s += self.passed[rel as usize];
                passed |= Bitboard::from_square(sq);
                let stop =
                    Square::from_index(if us == Color::White { i + 10 } else { i - 10 } as u8);
                // Kings race to the passer: from rank 5 on, the enemy king's distance to the
                // stop square helps, the own king's hurts.
                let weight = (rel - 3).max(0);
                if weight > 0 {
                    let their_king = b.pieces(them, KING).lsb();
                    let our_king = b.pieces(us, KING).lsb();
                    s += self.terms.passed_enemy_king_distance
                        * (weight * king_distance(their_king, stop));
                    s += self.terms.passed_own_king_distance
                        * (weight * king_distance(our_king, stop));
                }
            }
            let beside = self.adjacent_files[sq.col() as usize] & our_pawns;
            if beside.is_empty() {
                s += self.terms.pawn_isolated;
            } else {
                // Backward: every neighbour is ahead of it, and an enemy pawn guards its stop.
                let stop = if us == Color::White { i + 10 } else { i - 10 };
                if (beside & !self.passed_span[ui][i]).is_empty()
                    && pawn_attacks[them.index()].contains(Square::from_index(stop as u8))
                {
                    s += self.terms.pawn_backward;
                }
                if (beside & self.rank_of[i]).any() {
                    s += self.terms.pawn_phalanx;
                }
            }
            if pawn_attacks[ui].contains(sq) {
                s += self.terms.pawn_supported;
            }
        }

        // Space: safe central squares behind (or under) the own pawn chain.
        let behind_pawns = if us == Color::White {
            our_pawns.south(1) | our_pawns.south(2) | our_pawns.south(3) | our_pawns
        } else {
            our_pawns.north(1) | our_pawns.north(2) | our_pawns.north(3) | our_pawns
        };
        s += self.terms.space
            * (self.space_zone[ui] & behind_pawns & !pawn_attacks[them.index()]).count() as i32;

        // Own king: square, pawn shield, open files beside it.
        let ksq = b.pieces(us, KING).lsb();
        let ki = ksq.index();
        s += psqt[KING as usize][ki];
        s += self.terms.king_shield_near * (self.shield[ui][0][ki] & our_pawns).count() as i32;
        s += self.terms.king_shield_far * (self.shield[ui][1][ki] & our_pawns).count() as i32;
        let nearest_pawn = our_pawns
            .iter()
            .map(|p| king_distance(ksq, p))
            .min()
            .unwrap_or(0);
        s += self.terms.king_pawn_distance * nearest_pawn;
        // Shelter and storm on the three files around the king (b to g for its middle file):
        // the rearmost own and enemy pawns on each, not behind the king.
        let front = self.at_or_ahead[ui][ki];
        let middle = (ksq.col() as usize).clamp(2, 7);
        for c in middle - 1..=middle + 1 {
            let edge = (c - 1).min(8 - c);
            let on_file = self.file[c] & front;
            let rearmost = |pawns: Bitboard| {
                if pawns.is_empty() {
                    0
                } else if us == Color::White {
                    relative_rank(ui, pawns.lsb()) as usize
                } else {
                    relative_rank(ui, pawns.msb()) as usize
                }
            };
            s += self.shelter[edge][rearmost(on_file & our_pawns)];
            s += self.storm[edge][rearmost(on_file & their_pawns)];
        }
        let kc = ksq.col() as usize;
        for c in kc - 1..=kc + 1 {
            // Columns 0 and 9 have no board squares: not a file, so not an open one.
            if self.file[c].any() && (self.file[c] & our_pawns).is_empty() {
                s += self.terms.king_open_file;
            }
        }
        (s, passed)
    }

    #[inline]
    fn side_terms(
        &self,
        pos: &Chess,
        us: Color,
        pawn_attacks: [Bitboard; 2],
        pk: &PawnKingTerms,
    ) -> S {
        let t = self.tables;
        let b = pos.board();
        let ui = us.index();
        let them = !us;
        let occ = b.occupied();
        let own = b.color(us);
        let our_pawns = b.pieces(us, PAWN);
        let their_pawns = b.pieces(them, PAWN);
        let all_pawns = our_pawns | their_pawns;
        let psqt = &self.psqt[ui];
        let mut s = pk.score[ui];
        // A passed pawn whose stop square is empty (the other pieces: outside the cache).
        for sq in pk.passed[ui] {
            let i = sq.index();
            let stop = Square::from_index(if us == Color::White { i + 10 } else { i - 10 } as u8);
            if !occ.contains(stop) {
                s += self.terms.passed_free;
            }
        }

        // Pieces: material, squares, mobility and attacks on the enemy king zone.
        let area = self.board & !own & !pawn_attacks[them.index()];
        let enemy_zone = self.king_zone[b.pieces(them, KING).lsb().index()];
        let mut attackers = 0usize;
        let mut attack = S::ZERO;
        // What each kind of own piece attacks, for the threat terms.
        let mut attacked_by = [Bitboard::EMPTY; 6];
        macro_rules! piece_loop {
            ($kind:expr, $attacks:expr) => {{
                let k = $kind as usize;
                for sq in b.pieces(us, $kind) {
                    s += psqt[k][sq.index()];
                    let a: Bitboard = $attacks(sq);
                    attacked_by[k] |= a;
                    s += self.mobility[k][(a & area).count() as usize];
                    let hits = (a & enemy_zone).count() as i32;
                    if hits > 0 {
                        attackers += 1;
                        attack += self.king_attack[k] * hits;
                    }
                }
            }};
        }
        piece_loop!(KNIGHT, |sq: Square| t.knight[sq.index()]);
        piece_loop!(BISHOP, |sq| t.bishop(sq, occ));
        // Outposts: skipped while the set gives them no value (the shipped sets do not).
        if self.outposts_on {
            for kind in [KNIGHT, BISHOP] {
                for sq in b.pieces(us, kind) & pawn_attacks[ui] {
                    let rel = relative_rank(ui, sq);
                    let chasers = self.passed_span[ui][sq.index()]
                        & self.adjacent_files[sq.col() as usize]
                        & their_pawns;
                    if (3..=5).contains(&rel) && chasers.is_empty() {
                        s += self.outpost[kind as usize];
                    }
                }
            }
        }
        piece_loop!(ROOK, |sq| t.rook(sq, occ));
        piece_loop!(QUEEN, |sq| t.queen(sq, occ));
        let scale = ATTACKER_SCALE[attackers.min(7)];
        let attack = S::new(attack.mg * scale / 128, attack.eg * scale / 128);
        s += attack;
        let mut danger = attack.mg;

        // Minor pieces: shielded by a pawn right in front; bishops hemmed in by own pawns on
        // their colour.
        let minors = b.pieces(us, KNIGHT) | b.pieces(us, BISHOP);
        let pawns_ahead = if us == Color::White {
            Bitboard(all_pawns.0 >> 10)
        } else {
            Bitboard(all_pawns.0 << 10)
        };
        s += self.terms.minor_behind_pawn * (minors & pawns_ahead).count() as i32;
        for sq in b.pieces(us, BISHOP) {
            let colour = if self.light.contains(sq) {
                self.light
            } else {
                self.board & !self.light
            };
            s += self.terms.bishop_pawns_same_colour * (our_pawns & colour).count() as i32;
        }

        // Threats: enemy pieces under attack now are material the opponent must spend a move
        // on (or lose), which the static score cannot otherwise see.
        let their_majors = b.pieces(them, ROOK) | b.pieces(them, QUEEN);
        let their_pieces = b.pieces(them, KNIGHT) | b.pieces(them, BISHOP) | their_majors;
        s += self.terms.threat_by_pawn * (pawn_attacks[ui] & their_pieces).count() as i32;
        let by_minor = attacked_by[KNIGHT as usize] | attacked_by[BISHOP as usize];
        s += self.terms.threat_by_minor * (by_minor & their_majors).count() as i32;
        s += self.terms.threat_by_rook
            * (attacked_by[ROOK as usize] & b.pieces(them, QUEEN)).count() as i32;
        let all_attacks =
            by_minor | attacked_by[ROOK as usize] | attacked_by[QUEEN as usize] | pawn_attacks[ui];
        s += self.terms.threat_hanging
            * (all_attacks & their_pieces & !pawn_attacks[them.index()]).count() as i32;
        let our_king = b.pieces(us, KING).lsb();
        s += self.terms.threat_by_king
            * (t.king[our_king.index()]
                & (their_pieces | their_pawns)
                & !pawn_attacks[them.index()])
            .count() as i32;
        // Safe checks: squares from which a piece could check the enemy king next move,
        // neither own-occupied nor guarded by an enemy pawn or the king itself. Skipped while
        // the set gives them no value (the shipped sets do not).
        if self.safe_checks_on {
            let their_king = b.pieces(them, KING).lsb();
            let safe =
                self.board & !own & !pawn_attacks[them.index()] & !t.king[their_king.index()];
            let knight_checks = t.knight[their_king.index()];
            let bishop_checks = t.bishop(their_king, occ);
            let rook_checks = t.rook(their_king, occ);
            for (kind, from) in [
                (KNIGHT, knight_checks),
                (BISHOP, bishop_checks),
                (ROOK, rook_checks),
                (QUEEN, bishop_checks | rook_checks),
            ] {
                let k = kind as usize;
                let checks = self.safe_check[k] * (attacked_by[k] & from & safe).count() as i32;
                s += checks;
                danger += checks.mg;
            }
        }

        // King danger grows with the square of the attack: several attackers and checks
        // together break a king's position, one alone rarely does.
        // Over 65536, so that one unit of the parameter is about a centipawn at a strong
        // attack (250) and the tuner's unit steps stay small; in i64, as q · d² can pass i32
        // at the cap.
        let d2 = i64::from(danger.clamp(0, 1500)).pow(2);
        let quadratic = |q: i32| (i64::from(q) * d2 / 65536) as i32;
        s += S::new(
            quadratic(self.terms.king_danger_quadratic.mg),
            quadratic(self.terms.king_danger_quadratic.eg),
        );

        for sq in b.pieces(us, ROOK) {
            let f = self.file[sq.col() as usize];
            if (f & all_pawns).is_empty() {
                s += self.terms.rook_open_file;
            } else if (f & our_pawns).is_empty() {
                s += self.terms.rook_semi_open_file;
            }
        }
        let pawns_less_five = our_pawns.count() as i32 - 5;
        s += self.terms.knight_pawn_count * (b.pieces(us, KNIGHT).count() as i32 * pawns_less_five);
        s += self.terms.rook_pawn_count * (b.pieces(us, ROOK).count() as i32 * pawns_less_five);
        if b.pieces(us, BISHOP).more_than_one() {
            s += self.terms.bishop_pair;
        }

        s
    }

    /// The endgame scale of a position, out of 64, for the side `white_eg` favours.
    pub fn endgame_scale(&self, pos: &Chess, white_eg: i32) -> i32 {
        let b = pos.board();
        let count = |c: Color, k| b.pieces(c, k).count() as i32;
        let minor_units = |c: Color| {
            3 * (count(c, KNIGHT) + count(c, BISHOP)) + 5 * count(c, ROOK) + 9 * count(c, QUEEN)
        };
        let bishops = b.kind(BISHOP);
        let others = b.kind(KNIGHT) | b.kind(ROOK) | b.kind(QUEEN);
        if others.is_empty()
            && count(Color::White, BISHOP) == 1
            && count(Color::Black, BISHOP) == 1
            && (bishops & self.light).count() == 1
        {
            return self.terms.scale_opposite_bishops;
        }
        let strong = if white_eg >= 0 {
            Color::White
        } else {
            Color::Black
        };
        if b.pieces(strong, PAWN).is_empty() && minor_units(strong) - minor_units(!strong) <= 3 {
            return self.terms.scale_pawnless;
        }
        64
    }

    /// Blends a pair by phase.
    #[inline]
    pub fn taper(&self, s: S, phase: i32) -> i32 {
        s.taper(phase, self.phase_max)
    }
}

impl Evaluator<Chess> for ChessEval {
    /// The margins of this set's `search.*` entries (the defaults where it has none).
    fn search_params(&self) -> &SearchParams {
        self.params.search()
    }

    fn evaluate(&self, pos: &Chess) -> Score {
        let net_score = match &self.network {
            Some(net) if !net.is_residual() => {
                let score = net.evaluate(pos.board(), pos.side_to_move());
                return score.clamp(-EVAL_LIMIT, EVAL_LIMIT);
            }
            Some(net) => net.evaluate(pos.board(), pos.side_to_move()),
            None => 0,
        };
        let mut white = self.white_terms(pos);
        white.eg = white.eg * self.endgame_scale(pos, white.eg) / 64;
        let relative = white.for_side(pos.side_to_move());
        let score = self.taper(relative + self.terms.tempo, self.phase(pos)) + net_score;
        score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}
