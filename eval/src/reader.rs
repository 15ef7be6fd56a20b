//! Reading a parameter set into an evaluator's typed tables: the checks and lookups every
//! variant's `try_from_params` needs, so each evaluator only says which names it uses.

use crate::features::{self, SquareWeights};
use crate::params::EvalParams;
use crate::score::S;
use grimoire_engine::square::SQUARE_COUNT;
use grimoire_engine::{Bitboard, Color, Geometry, Square};

/// A parameter set checked to belong to one variant; each lookup names what is missing.
pub struct ParamReader<'a> {
    params: &'a EvalParams,
    variant: &'static str,
    /// Piece kind names by kind index (`chess::CHESS_KIND_NAMES` and the like).
    kind_names: &'a [&'a str],
}

impl<'a> ParamReader<'a> {
    /// Fails unless `params` is a set for `variant`.
    pub fn new(
        params: &'a EvalParams,
        variant: &'static str,
        kind_names: &'a [&'a str],
    ) -> Result<Self, String> {
        if params.variant() != variant {
            return Err(format!(
                "the {variant} evaluator needs {variant} parameters, got a set for {:?}",
                params.variant()
            ));
        }
        Ok(ParamReader {
            params,
            variant,
            kind_names,
        })
    }

    fn missing(&self, name: &str) -> String {
        format!("{} parameters lack {name:?}", self.variant)
    }

    /// A tapered parameter.
    pub fn tapered(&self, name: &str) -> Result<S, String> {
        self.params
            .get(name)
            .map(|(mg, eg)| S::new(mg, eg))
            .ok_or_else(|| self.missing(name))
    }

    /// A scalar parameter.
    pub fn scalar(&self, name: &str) -> Result<i32, String> {
        self.params.scalar(name).ok_or_else(|| self.missing(name))
    }

    /// `<prefix>_<kind name>` for each of `kinds`, by kind index (zero elsewhere).
    pub fn per_kind<const N: usize>(&self, prefix: &str, kinds: &[u8]) -> Result<[S; N], String> {
        let mut out = [S::ZERO; N];
        for &k in kinds {
            out[k as usize] = self.tapered(&format!("{prefix}_{}", self.kind_names[k as usize]))?;
        }
        Ok(out)
    }

    /// The scalar `phase_<kind name>` weights of `kinds`, by kind index (zero elsewhere).
    pub fn phase_weights<const N: usize>(&self, kinds: &[u8]) -> Result<[i32; N], String> {
        let mut out = [0; N];
        for &k in kinds {
            out[k as usize] = self.scalar(&format!("phase_{}", self.kind_names[k as usize]))?;
        }
        Ok(out)
    }

    /// `<prefix>_2` ..= `<prefix>_7`, indexed by 0-based relative rank (entries 1..=6 used).
    pub fn by_rank_8(&self, prefix: &str) -> Result<[S; 8], String> {
        let mut out = [S::ZERO; 8];
        for (r, value) in out.iter_mut().enumerate().take(7).skip(1) {
            *value = self.tapered(&format!("{prefix}_{}", r + 1))?;
        }
        Ok(out)
    }
}

/// Material plus the square features (`pst_centre_*`, `pst_advance_*`) of every kind, expanded
/// into one table per colour and kind over the frame.
pub fn piece_square_tables<const N: usize>(
    g: Geometry,
    material: &[S; N],
    centre: &[S; N],
    advance: &[S; N],
) -> [[[S; SQUARE_COUNT]; N]; 2] {
    let mut psqt = [[[S::ZERO; SQUARE_COUNT]; N]; 2];
    for color in Color::BOTH {
        for k in 0..N {
            let w = |f: fn(S) -> i32| SquareWeights {
                centre: f(centre[k]),
                advance: f(advance[k]),
            };
            let mg = features::square_table(g, color, w(|s| s.mg));
            let eg = features::square_table(g, color, w(|s| s.eg));
            for i in 0..SQUARE_COUNT {
                psqt[color.index()][k][i] = material[k] + S::new(mg[i], eg[i]);
            }
        }
    }
    psqt
}

/// For each colour and square of `board`: the squares of `board` ahead of it (towards the
/// colour's last rank) on its own and the adjacent columns, where an enemy pawn-like piece
/// stops a passer.
pub fn passed_spans(board: Bitboard) -> [[Bitboard; SQUARE_COUNT]; 2] {
    let mut spans = [[Bitboard::EMPTY; SQUARE_COUNT]; 2];
    for from in board {
        for color in Color::BOTH {
            spans[color.index()][from.index()] = board
                .into_iter()
                .filter(|s: &Square| {
                    s.col().abs_diff(from.col()) <= 1
                        && match color {
                            Color::White => s.row() > from.row(),
                            Color::Black => s.row() < from.row(),
                        }
                })
                .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s));
        }
    }
    spans
}
