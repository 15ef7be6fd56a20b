//! The ArchMage evaluator: tapered material and piece-square terms for the twenty kinds, the
//! Dragons in hand, summoner safety (summoners attacked, summoners near the own King, where
//! their switches and drops defend it), attacks on the enemy King's zone, and tempo. Material
//! comes from the piece-value method ([`derived_piece_values`], `docs/eval.md`).

pub mod params;
pub use params::{ARCHMAGE_KIND_NAMES, ARCHMAGE_MATERIAL};

use crate::features::{piece_value, piece_value_with};
use crate::params::EvalParams;
use crate::reader::{piece_square_tables, ParamReader};
use crate::score::S;
use grimoire_engine::eval_api::{Evaluator, Score, SearchParams};
use grimoire_engine::square::SQUARE_COUNT;
use grimoire_engine::tables::masks;
use grimoire_engine::variants::archmage::tables::tables;
use grimoire_engine::variants::archmage::*;
use grimoire_engine::{prelude::*, Bitboard, Color, Geometry};
use params::ArchMageTerms;

/// Evaluations are clamped to this, well inside the ±10000 the search reserves for mates.
pub const EVAL_LIMIT: i32 = 9000;

/// Scale (out of 128) of the King-zone attack sum by the number of distinct attacking pieces.
pub const ATTACKER_SCALE: [i32; 8] = [0, 32, 64, 96, 112, 120, 124, 128];

pub use crate::features::DerivedValue;

/// The piece-value method applied to ArchMage's pieces on the 10x10 board, from the engine's
/// own attack function (ARC-80). The King is royal and gets none; the Pawn is the unit.
///
/// - Prince: captures are its King steps; quiet moves add the orthogonal two-step (a slide).
/// - Every other piece: its capturing moves, which equal its quiet moves (ARC-12).
///
/// Promotion, switching and summoning are abilities, not movement; the hand and summoner
/// terms value the last two separately.
pub fn derived_piece_values() -> Vec<DerivedValue> {
    let board = masks::board10();
    let t = tables();
    let white = Color::White;
    let mut out = Vec::new();
    for kind in 0..KINDS as u8 {
        if kind == KING || kind == PAWN {
            continue;
        }
        let value = if kind == PRINCE {
            piece_value_with(
                board,
                board,
                |s, occ| piece_attacks(PRINCE, white, s, occ),
                |s, occ| {
                    let mut two = Bitboard::EMPTY;
                    for to in t.prince_two[s.index()] {
                        if (t.base.between(s, to) & occ).is_empty() {
                            two.set(to);
                        }
                    }
                    piece_attacks(PRINCE, white, s, occ) | two
                },
            )
        } else {
            piece_value(board, |s, occ| piece_attacks(kind, white, s, occ))
        };
        out.push(DerivedValue {
            kind,
            name: NAMES[kind as usize],
            model: if kind == PRINCE {
                "captures K, quiet K + mnD"
            } else {
                "its capturing moves (ARC-20..46)"
            },
            value,
        });
    }
    out
}

/// The ArchMage evaluator. Build it once and share it; `evaluate` only reads it.
#[derive(Clone)]
pub struct ArchMageEval {
    /// The terms that are one number each.
    terms: ArchMageTerms,
    params: EvalParams,
    psqt: [[[S; SQUARE_COUNT]; KINDS]; 2],
    material: [S; KINDS],
    phase_weight: [i32; KINDS],
    phase_max: i32,
    hand: [S; 2],
    king_zone: [Bitboard; SQUARE_COUNT],
}

evaluator_impls!(
    ArchMageEval,
    ArchMage,
    crate::EvalParams::archmage_tuned(),
    from_params
);

impl ArchMageEval {
    /// Builds the evaluator, or says why `params` does not fit it.
    pub fn try_from_params(params: EvalParams) -> Result<ArchMageEval, String> {
        let r = ParamReader::new(&params, "archmage", &ARCHMAGE_KIND_NAMES)?;
        let all: Vec<u8> = (0..KINDS as u8).collect();
        // The King has no material value, and neither it nor the Pawn counts for the phase.
        let valued: Vec<u8> = all.iter().copied().filter(|&k| k != KING).collect();
        let phased: Vec<u8> = valued.iter().copied().filter(|&k| k != PAWN).collect();
        let material: [S; KINDS] = r.per_kind("material", &valued)?;
        let phase_weight: [i32; KINDS] = r.phase_weights(&phased)?;
        let psqt = piece_square_tables(
            Geometry::Board10,
            &material,
            &r.per_kind("pst_centre", &all)?,
            &r.per_kind("pst_advance", &all)?,
        );
        let start = ArchMage::start_position(&ArchMageOptions::default());
        let phase_max = phase_of(&phase_weight, &start).max(1);
        let t = tables();
        let mut king_zone = [Bitboard::EMPTY; SQUARE_COUNT];
        for s in masks::board10() {
            king_zone[s.index()] = t.leaps[KING as usize][s.index()] | Bitboard::from_square(s);
        }
        let terms = ArchMageTerms::read(&r)?;
        Ok(ArchMageEval {
            terms,
            psqt,
            material,
            phase_weight,
            phase_max,
            hand: [terms.hand_dragon_king, terms.hand_dragon_horse],
            king_zone,
            params,
        })
    }

    pub fn params(&self) -> &EvalParams {
        &self.params
    }

    /// The material value of a kind (mg), as the search's ordering might want it.
    pub fn material(&self, kind: u8) -> i32 {
        self.material[kind as usize].mg
    }

    /// Game phase: from `phase_max()` (the start position's pieces) down to 0.
    pub fn phase(&self, pos: &ArchMage) -> i32 {
        phase_of(&self.phase_weight, pos).min(self.phase_max)
    }

    pub fn phase_max(&self) -> i32 {
        self.phase_max
    }

    /// The untapered score from White's point of view, before the tempo bonus.
    pub fn white_terms(&self, pos: &ArchMage) -> S {
        let b = pos.board();
        let occ = b.occupied();
        let t = tables();
        let summoners_all = b.kind(ARCHMAGE) | b.kind(MAGE) | b.kind(SORCERESS);
        let mut side = [S::ZERO; 2];
        for us in Color::BOTH {
            let ui = us.index();
            let them = !us;
            let psqt = &self.psqt[ui];
            let mut s = S::ZERO;
            for k in 0..KINDS as u8 {
                for sq in b.pieces(us, k) {
                    s += psqt[k as usize][sq.index()];
                }
            }
            // Dragons in hand: full value while a summoner can drop them (ARC-61), a share
            // otherwise (a promotion may bring one).
            let summoners = summoners_all & b.color(us);
            let percent = if summoners.any() {
                100
            } else {
                self.terms.hand_idle_percent
            };
            for (&value, kind) in self.hand.iter().zip(DRAGONS) {
                let n = pos.hand_count(us, kind) as i32;
                if n > 0 {
                    let v = value * n;
                    s += S::new(v.mg * percent / 100, v.eg * percent / 100);
                }
            }
            // Summoner safety: attacked summoners, and summoners near the own King.
            let own_king = pos.king_square(us);
            let attacked = pos.attacked_among(summoners, them).count() as i32;
            s += self.terms.summoner_attacked * attacked;
            let near = (summoners & t.box3[own_king.index()]).count() as i32;
            s += self.terms.summoner_near_king * near;
            // Attacks on the enemy King's zone by the pieces near it.
            let enemy_king = pos.king_square(them);
            let zone = self.king_zone[enemy_king.index()];
            let mut attackers = 0usize;
            let mut hits = 0i32;
            // Pieces within distance 3 of the King (long sliders further away are left out
            // to keep the term cheap).
            for from in b.color(us) & !b.kind(KING) & t.box3[enemy_king.index()] {
                let p = b.piece_at(from);
                let n = (piece_attacks(p.kind(), us, from, occ) & zone).count() as i32;
                if n > 0 {
                    attackers += 1;
                    hits += n;
                }
            }
            let scale = ATTACKER_SCALE[attackers.min(7)];
            let a = self.terms.king_attack * hits;
            s += S::new(a.mg * scale / 128, a.eg * scale / 128);
            side[ui] = s;
        }
        side[0] - side[1]
    }

    #[inline]
    pub fn taper(&self, s: S, phase: i32) -> i32 {
        s.taper(phase, self.phase_max)
    }
}

fn phase_of(weights: &[i32; KINDS], pos: &ArchMage) -> i32 {
    let b = pos.board();
    (0..KINDS as u8)
        .map(|k| weights[k as usize] * b.kind(k).count() as i32)
        .sum()
}

impl Evaluator<ArchMage> for ArchMageEval {
    /// The margins of this set's `search.*` entries (the defaults where it has none).
    fn search_params(&self) -> &SearchParams {
        self.params.search()
    }

    fn evaluate(&self, pos: &ArchMage) -> Score {
        let relative = self.white_terms(pos).for_side(pos.side_to_move());
        let score = self.taper(relative + self.terms.tempo, self.phase(pos));
        score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}
