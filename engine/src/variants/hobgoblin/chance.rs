//! Hobgoblin's dice (HOB-100..104, G6): when a turn's roll sites are pending, the outcomes
//! with their exact weights, and the all-survive outcome that perft and move lists take when
//! none is named (HOB-151).

use super::position::{Chance as Dice, Hobgoblin};
use crate::moves::{Move, MoveKind};
use crate::rules::Chance;

/// The chance outcome whose sites of `mask` explode (bit i: the i-th roll site in index order).
pub fn outcome_move(mask: u32) -> Move {
    Move::build(None, None, MoveKind::Chance, None, 0, mask)
}

/// Per roll site, the weights of exploding and surviving (HOB-101, HOB-104): with k rolls,
/// 12^k − 11^k and 11^k out of 12^k, so a set's weight is the product over the sites and the
/// weights of a turn sum to 12^(total rolls). Exact up to 35 rolls in a turn (12^35 < 2^128);
/// beyond that (crowds of dozens of pawns) each site's pair is scaled to 2^60 in total, so the
/// weights keep their ratios to about 18 digits.
fn site_weights(chance: &Dice) -> (Vec<u128>, Vec<u128>) {
    let exact = chance.total_rolls() <= 35;
    chance
        .sites()
        .map(|(_, k)| {
            if exact {
                let (twelve, eleven) = (12u128.pow(k as u32), 11u128.pow(k as u32));
                (twelve - eleven, eleven)
            } else {
                let survive = (11.0f64 / 12.0).powi(k as i32);
                let scale = (1u128 << 60) as f64;
                let s = ((survive * scale) as u128).max(1);
                ((1u128 << 60) - s, s)
            }
        })
        .unzip()
}

impl Chance for Hobgoblin {
    /// G6: the dice of a turn's roll sites are pending (HOB-100..104).
    fn is_chance_node(&self) -> bool {
        self.chance().is_some() && self.result().is_none()
    }

    /// No blast of any roll site reaches a piece or a king of either side (HOB-102): at worst
    /// pawns go.
    fn quiet_chance(&self) -> bool {
        let Some(chance) = self.chance() else {
            return true;
        };
        let blast = self.blast_nodes(&chance, u32::MAX);
        let b = self.bits();
        let pieces = (0..2).fold(crate::bitboard::Bitboard::EMPTY, |acc, c| {
            (0..5).fold(acc, |acc, k| acc | b.whole[c][k] | b.halves[c][k])
        });
        (blast & pieces).is_empty()
    }

    /// The distinct outcomes of the pending chance step (HOB-104, G6), each with its exact
    /// weight over 12^k (k: the turn's rolls): every set of exploding sites is played, and sets
    /// with the same result are merged. An outcome's move names the smallest of its sets
    /// (fewest sites, then the earliest in index order); the all-survive outcome comes first.
    fn weighted_outcomes(&self) -> Vec<(Move, u128)> {
        let Some(chance) = self.chance() else {
            return Vec::new();
        };
        let sites = chance.sites.count() as usize;
        let (explode, survive) = site_weights(&chance);
        // Smallest sets first: fewest sites, then the earliest sites in index order.
        let mut masks: Vec<u32> = (0..1u32 << sites).collect();
        masks.sort_by_key(|&m| {
            let list: Vec<u32> = (0..32).filter(|i| m & (1 << i) != 0).collect();
            (m.count_ones(), list)
        });
        let mut outcomes: Vec<(u64, Move, u128)> = Vec::new();
        for mask in masks {
            let mut weight = 1u128;
            for i in 0..sites {
                let w = if mask & (1 << i) != 0 {
                    explode[i]
                } else {
                    survive[i]
                };
                weight = weight.saturating_mul(w);
            }
            let mut child = self.clone();
            child.apply_outcome(mask);
            let key = child.hash();
            match outcomes.iter_mut().find(|o| o.0 == key) {
                Some(o) => o.2 = o.2.saturating_add(weight),
                None => outcomes.push((key, outcome_move(mask), weight)),
            }
        }
        outcomes.into_iter().map(|(_, mv, w)| (mv, w)).collect()
    }

    /// HOB-151 and notation §3.7: unnamed dice mean every roll survived.
    fn implicit_outcome(&self) -> Option<Move> {
        self.is_chance_node().then(|| outcome_move(0))
    }
}
