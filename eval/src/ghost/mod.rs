//! The Ghost Chess evaluator: the chess evaluation of the living pieces (GHO-10: they are FIDE
//! pieces), plus the ghosts: their material (derived by the piece-value method over the frame,
//! [`derived_ghost_values`]), a king in danger from ghosts (a ghost that could take it: not a
//! check, GHO-12, but the game ends if it is not dealt with, GHO-52), ghosts aimed at the king's
//! neighbourhood and at enemy living pieces, and a pending spawn counted for its owner. All
//! numbers come from [`EvalParams::ghost`]; `docs/eval.md` has the section.

pub mod params;
pub use params::GHOST_MATERIAL;

use crate::chess::ChessEval;
use crate::features::{piece_value_with, PieceValue};
use crate::params::EvalParams;
use crate::reader::ParamReader;
use crate::score::S;
use grimoire_engine::eval_api::{Evaluator, Score, SearchParams};
use grimoire_engine::tables::AttackTables;
use grimoire_engine::variants::chess::{tables as chess_tables, KING, PAWN, QUEEN};
use grimoire_engine::variants::ghost::movegen::ghost_pattern;
use grimoire_engine::variants::ghost::tables::tables as ghost_tables;
use grimoire_engine::variants::ghost::Ghost;
use grimoire_engine::{prelude::*, Bitboard, Color};
use params::GhostTerms;

/// Evaluations are clamped to this, well inside the ±10000 the search reserves for mates.
pub const EVAL_LIMIT: i32 = 9000;

/// Ghost kinds (pawn..queen) as they appear in parameter names.
pub const GHOST_KINDS: [&str; 5] = ["pawn", "knight", "bishop", "rook", "queen"];

/// A ghost's value by the piece-value method (`docs/eval.md`), applied on the frame: the origins
/// are the 32 edge squares; its pattern phases, so occupancy never cuts a line; targets on the
/// board are capture-only (mode 2/3), targets on the edge are both (mode 1).
pub fn derived_ghost_values() -> Vec<(&'static str, PieceValue)> {
    let t = ghost_tables();
    let frame = t.ring | t.board;
    (PAWN..=QUEEN)
        .map(|kind| {
            let value = piece_value_with(
                frame,
                t.ring,
                |s, _| ghost_pattern(kind, Color::White, s),
                |s, _| ghost_pattern(kind, Color::White, s) & t.ring,
            );
            (GHOST_KINDS[kind as usize], value)
        })
        .collect()
}

/// The Ghost Chess evaluator. Build it once and share it; `evaluate` only reads it.
#[derive(Clone)]
pub struct GhostEval {
    /// The terms that are one number each.
    terms: GhostTerms,
    params: EvalParams,
    living: ChessEval,
    ghost_material: [S; 5],
}

evaluator_impls!(GhostEval, Ghost, crate::EvalParams::ghost_tuned());

impl GhostEval {
    /// Builds the evaluator, or says why `params` does not fit it.
    pub fn try_from_params(params: EvalParams) -> Result<GhostEval, String> {
        let r = ParamReader::new(&params, "ghost", &GHOST_KINDS)?;
        // The living pieces' terms are the chess set's, under the same names.
        let mut chess = EvalParams::chess();
        let names: Vec<String> = chess.iter().map(|p| p.name.to_string()).collect();
        for name in names {
            let v = r.tapered(&name)?;
            chess.set(&name, v.mg, v.eg)?;
        }
        let ghost_material: [S; 5] = r.per_kind("ghost_material", &[0, 1, 2, 3, 4])?;
        Ok(GhostEval {
            terms: GhostTerms::read(&r)?,
            living: ChessEval::try_from_params(chess)?,
            ghost_material,
            params,
        })
    }

    pub fn params(&self) -> &EvalParams {
        &self.params
    }

    /// The ghost terms from White's point of view (untapered).
    pub fn white_ghost_terms(&self, pos: &Ghost) -> S {
        let ghosts = pos.ghosts();
        let b = pos.living().board();
        let king_table: &AttackTables = chess_tables();
        let mut side = [S::ZERO; 2];
        for us in Color::BOTH {
            let them = !us;
            let enemy_king = b.pieces(them, KING);
            let zone = if enemy_king.any() {
                king_table.king[enemy_king.lsb().index()]
            } else {
                Bitboard::EMPTY
            };
            let prey = b.color(them) & !enemy_king;
            let mut s = S::ZERO;
            for sq in ghosts.color(us) {
                let kind = ghosts.piece_at(sq).kind();
                s += self.ghost_material[kind as usize];
                let reach = ghost_pattern(kind, us, sq);
                if (reach & enemy_king).any() {
                    s += self.terms.ghost_king_danger;
                }
                s += self.terms.ghost_king_zone * (reach & zone).count() as i32;
                s += self.terms.ghost_target * (reach & prey).count().min(3) as i32;
            }
            side[us.index()] = s;
        }
        if let Some(p) = pos.pending() {
            let m = self.ghost_material[p.piece.kind() as usize];
            side[p.piece.color().index()] += S::new(
                m.mg * self.terms.ghost_pending_spawn_percent / 100,
                m.eg * self.terms.ghost_pending_spawn_percent / 100,
            );
        }
        side[0] - side[1]
    }
}

impl Evaluator<Ghost> for GhostEval {
    /// The margins of this set's `search.*` entries (the defaults where it has none).
    fn search_params(&self) -> &SearchParams {
        self.params.search()
    }

    fn evaluate(&self, pos: &Ghost) -> Score {
        if let Some(w) = pos.winner() {
            return if w == pos.side_to_move() {
                EVAL_LIMIT
            } else {
                -EVAL_LIMIT
            };
        }
        let living = self.living.evaluate(pos.living());
        let relative = self.white_ghost_terms(pos).for_side(pos.side_to_move());
        let ghosts = self.living.taper(relative, self.living.phase(pos.living()));
        (living + ghosts).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}

/// The share of the method's figure that a ghost's material gets (`EvalParams::ghost`): the
/// divisor that makes a ghost taking a living piece of its own kind an even exchange, fitted
/// over the five kinds (4.27, `docs/eval.md`; a test recomputes the fit).
pub const GHOST_VALUE_DIVISOR: i32 = 4;
