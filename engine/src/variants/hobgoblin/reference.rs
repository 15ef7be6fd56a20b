//! The reference role: the hash from scratch, every candidate turn without the legality
//! filter, and legality by playing and looking (HOB-133). The independent model that
//! cross-checks perft from the rules text alone is `model.rs`.

use super::position::Hobgoblin;
use crate::moves::{Move, MoveKind, MoveList};
use crate::rules::Reference;

impl Reference for Hobgoblin {
    fn recompute_hash(&self) -> u64 {
        Hobgoblin::recompute_hash(self)
    }

    fn generate_pseudo_legal(&self, moves: &mut MoveList) {
        self.generate(moves, false, false);
    }

    fn is_legal_pseudo(&self, mv: Move) -> bool {
        let me = self.side();
        let mut child = self.clone();
        match mv.kind() {
            MoveKind::Decision | MoveKind::Chance => true,
            MoveKind::Link | MoveKind::Unlink => {
                child.apply_link_step(mv);
                let mut list = MoveList::new();
                child.generate(&mut list, true, true)
            }
            _ => {
                let fx = child.move_stage(mv);
                fx.king_captured
                    || (!fx.locked_disturbed[me.index()] && !child.royal_attacked(me, true))
            }
        }
    }
}
