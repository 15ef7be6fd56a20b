//! The Eldritch evaluator (part 1): tapered material and piece-square terms for all 46 piece
//! types, the tempo bonus, and mobility, liege-safety and frozen-piece terms (0 in the starting
//! set, which skips them). Material comes from the piece-value method of `docs/eval.md`,
//! applied to each type's movement atoms from the engine's catalogue
//! ([`derived_piece_values`]); a test checks the built-in numbers against it. During the
//! placement phase the unplaced pieces count their material.

mod liege_safety;
mod mobility;
pub use liege_safety::{frozen_count, liege_safety, LiegeSafety};
pub use mobility::{count_by_atoms, MobilityTable};

use crate::features::{piece_value_with, PieceValue};
use crate::params::EvalParams;
use crate::reader::{piece_square_tables, ParamReader};
use crate::score::S;
use grimoire_engine::eval_api::{Evaluator, Score, SearchParams};
use grimoire_engine::square::SQUARE_COUNT;
use grimoire_engine::variants::eldritch::catalogue::*;
use grimoire_engine::variants::eldritch::geometry::{
    board_mask, fiend_targets, passed_squares, sq,
};
use grimoire_engine::variants::eldritch::highlander::{PENDING_KINDS, STAGE_KINDS};
use grimoire_engine::variants::eldritch::Eldritch;
use grimoire_engine::{prelude::*, Bitboard, Color, Geometry, Square};

/// Evaluations are clamped to this, well inside the ±10000 the search reserves for mates.
pub const EVAL_LIMIT: i32 = 9000;
/// Non-pawn material of the FIDE start (both sides), the middlegame end of the phase.
const PHASE_FULL: i32 = 6400;

/// The parameter name of a kind: its name in lower case with underscores (`court_magician`).
pub fn kind_name(kind: u8) -> String {
    piece_type(kind).name.to_ascii_lowercase().replace(' ', "_")
}

/// The targets of White's atom on `s` with blockers `occ`: (captures, quiet moves).
fn atom_targets(atom: &MovePattern, s: Square, occ: Bitboard) -> (Bitboard, Bitboard) {
    let board = board_mask();
    let at = |dx: i8, dy: i8| s.offset(dx, dy).filter(|t| board.contains(*t));
    let mut cap = Bitboard::EMPTY;
    let mut quiet = Bitboard::EMPTY;
    let add = |t: Square, mode: Mode, cap: &mut Bitboard, quiet: &mut Bitboard| {
        if mode.captures() {
            cap.set(t);
        }
        if mode.moves() {
            quiet.set(t);
        }
    };
    match *atom {
        MovePattern::Leap(leap) => {
            for &(dx, dy) in leap.offsets {
                let Some(t) = at(dx, dy) else { continue };
                let blocked = leap.lame
                    && passed_squares(s, (dx, dy))
                        .into_iter()
                        .any(|p| p.is_none_or(|p| !board.contains(p) || occ.contains(p)));
                if !blocked {
                    add(t, leap.mode, &mut cap, &mut quiet);
                }
            }
        }
        MovePattern::Slide(slide) => {
            for &(dx, dy) in slide.dirs {
                for k in 1..=slide.max as i8 {
                    let Some(t) = at(dx * k, dy * k) else { break };
                    if k >= slide.min as i8 {
                        add(t, slide.mode, &mut cap, &mut quiet);
                    }
                    if occ.contains(t) {
                        break;
                    }
                }
            }
        }
        MovePattern::Pawn { push, captures, .. } => {
            if push {
                if let Some(t) = at(0, 1) {
                    quiet.set(t);
                }
            }
            if captures {
                for dx in [-1, 1] {
                    if let Some(t) = at(dx, 1) {
                        cap.set(t);
                    }
                }
            }
        }
        // A one-shot move spends the piece: it adds threats, not mobility.
        MovePattern::OneShot(_) => {}
        MovePattern::Fiend => {
            // On the 8x8 board: the table also holds paths over frame squares (strips).
            let board = board_mask();
            for t in fiend_targets(s) {
                let on_board = t.paths.iter().any(|p| (*p & !board).is_empty());
                if board.contains(t.to) && on_board {
                    cap.set(t.to);
                    quiet.set(t.to);
                }
            }
        }
        MovePattern::Dragon => {
            for (dx, dy) in TWO_STEPS {
                let Some(l) = at(dx, dy) else { continue };
                cap.set(l);
                if !occ.contains(l) {
                    quiet.set(l);
                    for (ax, ay) in KING_STEPS {
                        if let Some(n) = l.offset(ax, ay).filter(|n| board.contains(*n) && *n != s)
                        {
                            cap.set(n);
                        }
                    }
                }
            }
        }
        // A fresh Vampire holds no directions: its knight atom is all it has.
        MovePattern::VampireSteps => {}
    }
    (cap, quiet)
}

/// A piece type with the value the piece-value method gives it.
#[derive(Clone, Debug)]
pub struct DerivedValue {
    pub kind: u8,
    pub value: PieceValue,
}

/// The piece-value method on every non-liege type with moves, from the catalogue's atoms.
/// Pawn-type pieces average over ranks 2..7 as the chess pawn does; a piece that moves only as
/// a pawn (plus the Berserker's one-shot moves, which spend it) is worth exactly a pawn.
pub fn derived_piece_values() -> Vec<DerivedValue> {
    let board = board_mask();
    let mut middle = Bitboard::EMPTY;
    for f in 0..8 {
        for r in 1..7 {
            middle.set(sq(f, r));
        }
    }
    let mut out = Vec::new();
    for kind in 6..KINDS as u8 {
        let t = piece_type(kind);
        if t.is(LIEGE) {
            continue;
        }
        let mut value = if kind == SHAPESHIFTER {
            // ELD-530: the mean of its four forms (a shift costs an action; base form is
            // where it starts, with no moves).
            let forms: Vec<PieceValue> = (1..=4)
                .map(|f| atoms_value(shapeshifter_atoms(f), board, middle))
                .collect();
            let mean = |get: fn(&PieceValue) -> f64| forms.iter().map(get).sum::<f64>() / 4.0;
            PieceValue {
                empty_mobility: mean(|v| v.empty_mobility),
                mobility: mean(|v| v.mobility),
                pawns: mean(|v| v.pawns),
            }
        } else if t.atoms.is_empty() {
            continue;
        } else {
            atoms_value(t.atoms, board, middle)
        };
        value.pawns += invoke_pawns(kind, board, middle);
        out.push(DerivedValue { kind, value });
    }
    out
}

/// The piece-value method on one set of movement atoms. Pawn-type pieces average over ranks
/// 2..7; a piece that moves only as a pawn (plus one-shot moves, which spend it) is worth
/// exactly a pawn.
fn atoms_value(atoms: &[MovePattern], board: Bitboard, middle: Bitboard) -> PieceValue {
    let pawnish = atoms.iter().any(|a| matches!(a, MovePattern::Pawn { .. }));
    let origins = if pawnish { middle } else { board };
    let targets = |s: Square, occ: Bitboard| {
        atoms
            .iter()
            .fold((Bitboard::EMPTY, Bitboard::EMPTY), |(c, q), a| {
                let (c2, q2) = atom_targets(a, s, occ);
                (c | c2, q | q2)
            })
    };
    let mut value = piece_value_with(
        board,
        origins,
        |s, o| targets(s, o).0,
        |s, o| targets(s, o).1,
    );
    let pawn_only = atoms
        .iter()
        .all(|a| matches!(a, MovePattern::Pawn { .. } | MovePattern::OneShot(_)));
    if pawn_only {
        value.pawns = 1.0;
    }
    value
}

/// What an invoke adds to a type's value, in pawns (`docs/eval.md`, Eldritch): the Evoker's
/// ranged capture is a capture-only knight leap with no leg, valued by the method from the
/// pawn's ranks; the Miasma's blast is a capture-only king step, halved because it destroys
/// its own side's neighbours too; the Conjurer's first creation is a Pawn, the Druid's Beast
/// counts as one. Invokes that move other pieces (throw, portal, swap), the Valkyrie's returns
/// and the Sphinx's Riddle add nothing yet.
fn invoke_pawns(kind: u8, board: Bitboard, middle: Bitboard) -> f64 {
    let around = |s: Square, offsets: &[(i8, i8)]| {
        let mut b = Bitboard::EMPTY;
        for &(dx, dy) in offsets {
            if let Some(t) = s.offset(dx, dy).filter(|t| board.contains(*t)) {
                b.set(t);
            }
        }
        b
    };
    let none = |_: Square, _: Bitboard| Bitboard::EMPTY;
    match kind {
        EVOKER => {
            piece_value_with(
                board,
                middle,
                |s, _| around(s, &grimoire_engine::tables::KNIGHT_OFFSETS),
                none,
            )
            .pawns
        }
        MIASMA => 0.5 * piece_value_with(board, board, |s, _| around(s, &KING_STEPS), none).pawns,
        CONJURER => 1.0,
        // A Beast is a knight for two moves, again and again: counted as one Pawn.
        DRUID => 1.0,
        _ => 0.0,
    }
}

/// Piece-square weights by movement family: (centre mg, eg), (advance mg, eg).
fn pst_defaults(kind: u8) -> ((i32, i32), (i32, i32)) {
    let t = piece_type(kind);
    if t.is(LIEGE) {
        return ((-10, 12), (-12, 2));
    }
    if t.atoms
        .iter()
        .any(|a| matches!(a, MovePattern::Pawn { .. }))
    {
        return ((5, 0), (2, 6));
    }
    if t.atoms
        .iter()
        .any(|a| matches!(a, MovePattern::Slide(Slide { max: 9, .. })))
    {
        return ((2, 3), (1, 0));
    }
    ((7, 5), (2, 0))
}

/// Built-in material by kind (centipawns): standard pieces as chess, eldritch pieces as the
/// method gives them (see the test), lieges 0.
pub const MATERIAL: [i32; KINDS] = [
    0, 894, 500, 330, 317, 100, // K Q R B N P
    278, 371, 482, 278, 258, 278, 217, 894, 485, 632, 100, 100, 330, 89, 71, 0, 278, 274, 200, 317,
    1231, 280, // *A..*X
    0, 100, 200, 278, 335, 2370, 278, 70, 71, 138, 0, 0, 100, 312, 317, 0, 894, 454, // ^A..^X
];

impl EvalParams {
    /// The shipped Eldritch parameters: the starting set ([`EvalParams::eldritch`]) with its
    /// material and piece-square slots tuned on self-play positions labelled by searches that
    /// count mobility (`eval/params/eldritch.txt`; docs/tuning.md, variant tuning, try G).
    pub fn eldritch_tuned() -> EvalParams {
        Self::shipped(
            include_str!("../../params/eldritch.txt"),
            "eldritch",
            EvalParams::eldritch,
        )
    }

    /// The built-in Eldritch parameters (`docs/eval.md`, Eldritch section): the starting set.
    pub fn eldritch() -> EvalParams {
        let mut p = EvalParams::new("eldritch");
        p.section("Material (the piece-value method of docs/eval.md; Pawn = 100; lieges 0).");
        for kind in 0..KINDS as u8 {
            let cp = MATERIAL[kind as usize];
            p.push_tapered(&format!("material_{}", kind_name(kind)), cp, cp);
        }
        p.section(
            "Piece-square features: centipawns per unit of centralisation and of advancement.",
        );
        for kind in 0..KINDS as u8 {
            let (c, a) = pst_defaults(kind);
            p.push_tapered(&format!("pst_centre_{}", kind_name(kind)), c.0, c.1);
            p.push_tapered(&format!("pst_advance_{}", kind_name(kind)), a.0, a.1);
        }
        EldritchTerms::side_to_move(&mut p);
        EldritchTerms::mobility(&mut p);
        EldritchTerms::liege_safety(&mut p);
        // Distant checks are common on both sides (Dragons, Evokers): extending each one let
        // check chains keep their depth and the tree exploded, and no extension at all lost at
        // equal time (`docs/search.md`, per-variant settings). Only checks that leave at most
        // three replies are extended.
        p.search_mut().check_ext_max_replies = 3;
        // Histories kept from one search to the next of a game (docs/search.md, SPRT row 36).
        p.search_mut().keep_history = 1;
        // No internal iterative reduction: at equal nodes Eldritch plays better without it
        // (docs/search.md, SPRT row 50), though its tree to a given depth is larger.
        p.search_mut().iir_min_depth = 1001;
        p
    }
}

/// The Eldritch evaluator: material plus piece-square tables, tapered by non-pawn material.
#[derive(Clone)]
pub struct EldritchEval {
    params: EvalParams,
    material: [S; KINDS],
    psqt: Box<[[[S; SQUARE_COUNT]; KINDS]; 2]>,
    /// The terms that are one number each.
    terms: EldritchTerms,
    mobility_table: &'static MobilityTable,
}

eval_terms! {
    /// The Eldritch terms that are one number each (material and piece-square features are
    /// read beside them).
    pub struct EldritchTerms;
    side_to_move => "Side to move." => {
        tempo: tapered(12, 6),
    }
    mobility => "Mobility: centipawns per square a piece (not a pawn-type piece or a liege) can move \
             to or capture on; 0 skips the count." => {
        mobility: tapered(0, 0),
    }
    liege_safety => "Liege safety: centipawns per enemy piece within two king steps of the liege, and per \
             own piece next to it; frozen: per own piece an enemy Enchanter freezes. 0 skips them." => {
        liege_attackers: tapered(0, 0),
        liege_defenders: tapered(0, 0),
        frozen_piece: tapered(0, 0),
    }
}

evaluator_impls!(EldritchEval, Eldritch, crate::EvalParams::eldritch_tuned());

impl EldritchEval {
    pub fn try_from_params(params: EvalParams) -> Result<EldritchEval, String> {
        let names: Vec<String> = (0..KINDS as u8).map(kind_name).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let r = ParamReader::new(&params, "eldritch", &names)?;
        let all: Vec<u8> = (0..KINDS as u8).collect();
        let material: [S; KINDS] = r.per_kind("material", &all)?;
        let psqt = Box::new(piece_square_tables(
            Geometry::Framed8,
            &material,
            &r.per_kind("pst_centre", &all)?,
            &r.per_kind("pst_advance", &all)?,
        ));
        Ok(EldritchEval {
            terms: EldritchTerms::read(&r)?,
            params,
            material,
            psqt,
            mobility_table: MobilityTable::get(),
        })
    }

    pub fn params(&self) -> &EvalParams {
        &self.params
    }

    /// Squares side `c`'s pieces can move to (empty) or capture on (an enemy piece), summed
    /// over its pieces, by the catalogue's atoms (`mobility`, [`MobilityTable`]).
    pub fn mobility_count(&self, pos: &Eldritch, c: Color) -> i32 {
        self.mobility_table.count(pos, c)
    }
}

impl Evaluator<Eldritch> for EldritchEval {
    /// The margins of this set's `search.*` entries (the defaults where it has none).
    fn search_params(&self) -> &SearchParams {
        self.params.search()
    }

    fn evaluate(&self, pos: &Eldritch) -> Score {
        let mut score = [S::ZERO; 2];
        let mut phase = 0;
        let board = pos.board();
        for s in board.occupied() {
            let p = board.piece_at(s);
            let c = p.color().index();
            score[c] += self.psqt[c][p.kind() as usize][s.index()];
            if p.kind() != PAWN {
                phase += self.material[p.kind() as usize].mg;
            }
            if p.kind() == HIGHLANDER && pos.highlander_stage(s) != 0 {
                // ELD-410: a Highlander past stage q is worth what it moves as.
                let now = self.material[STAGE_KINDS[pos.highlander_stage(s) as usize] as usize];
                score[c] += now - self.material[HIGHLANDER as usize];
            }
            // A riding Familiar (ELD-332) counts its material, with no square term.
            if let Some(r) = pos.rider(s) {
                let m = self.material[r.kind() as usize];
                score[r.color().index()] += m;
                phase += m.mg;
            }
            // A suborned piece (ELD-381) is its owner's again once the Ghost falls: half its
            // material, no square term.
            if let Some(u) = pos.suborned(s) {
                let m = self.material[u.kind() as usize];
                score[u.color().index()] += S::new(m.mg / 2, m.eg / 2);
            }
        }
        if let Some(placing) = pos.placing() {
            for c in Color::BOTH {
                for u in placing.side(c) {
                    let m = self.material[u.kind as usize];
                    score[c.index()] =
                        score[c.index()] + S::new(m.mg * u.count as i32, m.eg * u.count as i32);
                    if u.kind != PAWN {
                        phase += m.mg * u.count as i32;
                    }
                }
            }
        }
        // ELD-411: a pending Highlander return is material about to come back.
        for c in Color::BOTH {
            for (stage, _, n) in pos.pending_returns(c) {
                let m = self.material[PENDING_KINDS[stage] as usize];
                score[c.index()] += S::new(m.mg * n as i32, m.eg * n as i32);
            }
        }
        if self.terms.mobility != S::ZERO {
            for c in Color::BOTH {
                let n = self.mobility_count(pos, c);
                score[c.index()] += S::new(self.terms.mobility.mg * n, self.terms.mobility.eg * n);
            }
        }
        if self.terms.liege_attackers != S::ZERO || self.terms.liege_defenders != S::ZERO {
            for c in Color::BOTH {
                let n = liege_safety(pos, c);
                score[c.index()] += self.terms.liege_attackers * n.attackers;
                score[c.index()] += self.terms.liege_defenders * n.defenders;
            }
        }
        if self.terms.frozen_piece != S::ZERO {
            for c in Color::BOTH {
                score[c.index()] += self.terms.frozen_piece * frozen_count(pos, c);
            }
        }
        let phase = phase.clamp(0, PHASE_FULL);
        let us = pos.side_to_move().index();
        let diff = score[us] - score[1 - us] + self.terms.tempo;
        let blended = (diff.mg * phase + diff.eg * (PHASE_FULL - phase)) / PHASE_FULL;
        blended.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}
