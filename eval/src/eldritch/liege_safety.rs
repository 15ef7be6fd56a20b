//! Liege safety and frozen pieces for the Eldritch evaluation: how many enemy pieces stand
//! within two steps of a side's liege, how many of its own stand next to it, and how many of
//! its pieces an enemy Enchanter freezes (ELD-311). Counts only: the parameters weigh them.

use grimoire_engine::square::SQUARE_COUNT;
use grimoire_engine::variants::eldritch::Eldritch;
use grimoire_engine::{Bitboard, Color, Square};
use std::sync::OnceLock;

/// Per frame square: the squares one king step away, and those at most two king steps away
/// (itself excluded). Frame squares that do not exist hold no piece, so need no mask.
struct Zones {
    near: Vec<Bitboard>,
    zone: Vec<Bitboard>,
}

fn zones() -> &'static Zones {
    static ZONES: OnceLock<Zones> = OnceLock::new();
    ZONES.get_or_init(|| {
        let around = |s: Square, reach: i8| {
            let mut b = Bitboard::EMPTY;
            for dx in -reach..=reach {
                for dy in -reach..=reach {
                    if (dx, dy) != (0, 0) {
                        if let Some(t) = s.offset(dx, dy) {
                            b.set(t);
                        }
                    }
                }
            }
            b
        };
        let squares = || (0..SQUARE_COUNT as u8).map(Square::from_index);
        Zones {
            near: squares().map(|s| around(s, 1)).collect(),
            zone: squares().map(|s| around(s, 2)).collect(),
        }
    })
}

/// What the liege-safety terms count for side `c`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LiegeSafety {
    /// Enemy pieces within two king steps of `c`'s liege (0 without a liege on the board).
    pub attackers: i32,
    /// `c`'s own pieces one king step from its liege.
    pub defenders: i32,
}

/// The liege-safety counts of side `c`.
pub fn liege_safety(pos: &Eldritch, c: Color) -> LiegeSafety {
    let Some(liege) = pos.liege(c) else {
        return LiegeSafety::default();
    };
    let z = zones();
    let board = pos.board();
    LiegeSafety {
        attackers: (z.zone[liege.index()] & board.color(!c)).count() as i32,
        defenders: (z.near[liege.index()] & board.color(c)).count() as i32,
    }
}

/// `c`'s pieces that an enemy Enchanter freezes (ELD-311: no moves, no castling, no check by a
/// moving capture).
pub fn frozen_count(pos: &Eldritch, c: Color) -> i32 {
    pos.frozen(c).count() as i32
}
