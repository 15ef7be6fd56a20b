//! The random cross-check of the fast generator against the independent model (issue 48):
//! seeded random games, and at every position reached the fast generator's whole turns
//! compared with the model's, as a set and as a count (a turn listed twice shows only in the
//! count), and at some positions perft 2 by count.
//!
//! Only this file translates the generator's turns into the model's terms (link token, FEN
//! after the whole turn, roll sites); the model itself reads positions and prints FENs, and
//! shares neither move generation nor the HOB-150 identity rule with the generator.

use super::model::{model_chance_turns, model_perft, model_turns, ModelTurn};
use super::Hobgoblin;
use crate::moves::{Move, MoveKind};
use crate::perft::perft;
use crate::piece::Color;
use crate::rules::{Chance, MoveGen, Notation, Position};
use crate::square::{Geometry, Square};
use rand::prelude::*;
use std::collections::BTreeSet;

/// The whole turns of `p` as the fast generator plays them, in the model's terms, with the
/// number of times the generator gave each (more than once is a HOB-150 duplicate).
pub fn engine_turns(p: &Hobgoblin) -> Vec<ModelTurn> {
    engine_turns_with_leaves(p).0
}

/// [`engine_turns`], and the perft-1 count they make (HOB-151: a turn that leaves the opponent
/// a promotion decision counts once per option of that decision).
fn engine_turns_with_leaves(p: &Hobgoblin) -> (Vec<ModelTurn>, u64) {
    let mut out = Vec::new();
    let mut leaves = 0u64;
    let name = |sq: Square| Geometry::Framed8.name(sq);
    p.visit_whole_turns(|link, q, mv| {
        let rolls: Vec<String> = q.roll_sites_of(mv).into_iter().map(name).collect();
        let before_promotion = if mv.kind() == MoveKind::Decision {
            String::new()
        } else {
            let mut staged = q.clone();
            staged.apply_move_stage(mv);
            if staged.result().is_some() {
                String::new()
            } else {
                staged.to_fen().split(' ').next().unwrap_or("").to_string()
            }
        };
        let mut after = q.clone();
        after.play(mv);
        // Every roll survives (HOB-151): the model's turns end after the implicit outcome.
        if let Some(survive) = after.implicit_outcome() {
            after.play(survive);
        }
        leaves += if after.pending_decision() {
            after.legal_moves().len() as u64
        } else {
            1
        };
        out.push(ModelTurn {
            link: link.map(|l| p.format_move(l)),
            fen: after.to_fen(),
            rolls,
            before_promotion,
        });
    });
    (out, leaves)
}

/// Compares the generator's whole turns of `p` with the model's. `Ok(n)`: both give the same
/// `n` distinct turns, and the generator gives each once; `Err`: what differs, with a few
/// examples.
pub fn compare_turns(p: &Hobgoblin, forbid_unlink_enemy: bool) -> Result<usize, String> {
    let (listed, leaves) = engine_turns_with_leaves(p);
    let fast: BTreeSet<ModelTurn> = listed.iter().cloned().collect();
    let model: BTreeSet<ModelTurn> = model_turns(p, forbid_unlink_enemy).into_iter().collect();
    // At the start of a turn, the count perft's last turn makes without playing them.
    let counted = p.count_turns().unwrap_or(leaves);
    if fast == model && listed.len() == fast.len() && counted == leaves {
        return Ok(fast.len());
    }
    let mut twice: Vec<&ModelTurn> = Vec::new();
    let mut seen = BTreeSet::new();
    for t in &listed {
        if !seen.insert(t) && twice.len() < 3 {
            twice.push(t);
        }
    }
    let only_fast: Vec<_> = fast.difference(&model).take(3).collect();
    let only_model: Vec<_> = model.difference(&fast).take(3).collect();
    Err(format!(
        "{}: the generator lists {} turns ({} distinct, {leaves} with the decisions after them; perft 1 counts {counted}), the model {}\n\
         only the generator: {only_fast:#?}\nonly the model: {only_model:#?}\nlisted twice: {twice:#?}",
        p.to_fen(),
        listed.len(),
        fast.len(),
        model.len()
    ))
}

/// Where the random games start: the start position and constructed ones with crowds,
/// halves, links, the unlinking phase, a castling in progress, both kinds of en-passant
/// record, a pending promotion decision, pawns about to promote, and halves sharing a partner.
pub const CROSS_CHECK_STARTS: &[&str] = &[
    super::START_FEN,
    "r1b1kb1r1/ppp2ppp1/2n6/4(n,p)4/3(Q,N,2P)5/9/PPP2PPP1/R1B1KB1R1 w KQkq - 0 8 L",
    "rnb(q~d5)kbnr1/ppp2ppp1/9/3(q~d8)(B~b2,P)4/(R~a1)8/5(N~g1)3/P(B~e5,P)PP1PPP1/(R~a4)3K1(N~f3)R1 w Kkq - 4 6 L",
    "r1bqkb1r1/pppp1ppp1/2n2n2=h/4p4/4P3=a/2(N,P)5=c/PP1P1PPPR/R1BQKBN2 w Qkq - 2 7 L",
    "r1bqk(b~c5)nr=g/ppp(2p)pppp=d/2n5=h/2(b~f8)5=c/3(Q,P)4=d/2N2N2=f/PPP2PPP=e/R1B1KB1R=b w KQkq - 0 12 U",
    "r1bqkb1r1/pppp1ppp1/2n2n3/4p4/2B1P4/5N3/PPPP1PPP1/RNBQ(K~g1)(R~h1)(K~e1)(R~f1)1 b K*kq - 1 5 L",
    "r1bqkbnr1/1p1ppppp1/2n6/9/1Pp6/p8/2PPPPPP1/R1BQKBNR1 b KQkq b1,b2,b3:b4:1 0 9 L",
    "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq c3,i3:c4:2 0 6 L",
    "rnbqkbnr1/pp1ppppp1/9/9/9/2(N~b1)6/PP1PPPPP1/R(N~c3)pQKBNR1 b KQkq - 0 10 L",
    "k8/4(2P)4/9/9/9/9/9/4K4 w - - 0 40 L",
    "8k/9/1(N,N~h5)7/7(N~b6)1/9/9/9/K8 w - - 0 31 L",
];

/// [`CROSS_CHECK_STARTS`] as positions (default options).
pub fn cross_check_starts() -> Vec<Hobgoblin> {
    CROSS_CHECK_STARTS
        .iter()
        .map(|f| {
            <Hobgoblin as crate::rules::Fen>::from_fen(f, &Default::default())
                .expect("a valid start")
        })
        .collect()
}

/// One turn with its chance results, in comparable terms: (link token, FEN along every roll
/// surviving, k, outcomes as (FEN, weight over 12^k, exploded sites)).
pub type ChanceTurn = (
    Option<String>,
    String,
    u32,
    Vec<(String, u128, Vec<String>)>,
);

/// The generator's turns of `p` with their chance steps: every legal action (a link step
/// followed by each move after it), played; where dice are pending, every outcome with its
/// weight (HOB-100..105, G6).
pub fn engine_chance_turns(p: &Hobgoblin) -> BTreeSet<ChanceTurn> {
    let mut out = BTreeSet::new();
    let mut finish = |link: Option<String>, q: &Hobgoblin, mv: Move| {
        let mut after = q.clone();
        after.play(mv);
        let Some(chance) = after.chance().filter(|_| after.is_chance_node()) else {
            let fen = after.to_fen();
            out.insert((link, fen.clone(), 0, vec![(fen, 1, Vec::new())]));
            return;
        };
        let k = chance.total_rolls();
        let mut outcomes = Vec::new();
        let mut survive = String::new();
        for (o, w) in after.weighted_outcomes() {
            let token = after.format_move(o);
            let mut child = after.clone();
            child.play(o);
            let fen = child.to_fen();
            let exploded: Vec<String> = match token.as_str() {
                "!-" => {
                    survive = fen.clone();
                    Vec::new()
                }
                t => t[1..].split(',').map(String::from).collect(),
            };
            outcomes.push((fen, w, exploded));
        }
        outcomes.sort();
        out.insert((link, survive, k, outcomes));
    };
    p.visit_whole_turns(|link, q, mv| finish(link.map(|l| p.format_move(l)), q, mv));
    out
}

/// The model's turns of `p` with their chance steps, in the terms of [`engine_chance_turns`].
pub fn model_chance_turn_set(p: &Hobgoblin, forbid_unlink_enemy: bool) -> BTreeSet<ChanceTurn> {
    model_chance_turns(p, forbid_unlink_enemy)
        .into_iter()
        .map(|t| {
            let outcomes = t
                .outcomes
                .into_iter()
                .map(|o| (o.fen, o.weight, o.exploded))
                .collect();
            (t.turn.link, t.turn.fen, t.rolls, outcomes)
        })
        .collect()
}

/// Compares every turn's chance outcomes and exact weights with the model's: `Ok(turns)`, or
/// what differs.
pub fn compare_chance_turns(p: &Hobgoblin, forbid_unlink_enemy: bool) -> Result<usize, String> {
    let fast = engine_chance_turns(p);
    let slow = model_chance_turn_set(p, forbid_unlink_enemy);
    if fast == slow {
        return Ok(fast.len());
    }
    let only_fast: Vec<_> = fast.difference(&slow).take(2).collect();
    let only_model: Vec<_> = slow.difference(&fast).take(2).collect();
    Err(format!(
        "{}: {} engine turns, {} model turns (with their outcomes)
only engine: {only_fast:#?}
only model: {only_model:#?}",
        p.to_fen(),
        fast.len(),
        slow.len()
    ))
}

/// What a random cross-check covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CrossCheckStats {
    pub games: usize,
    /// Positions whose turn sets were compared.
    pub positions: usize,
    /// Turns compared at depth 1, summed over those positions.
    pub turns: u64,
    /// Positions whose perft 2 was compared, and the turns that perft counted.
    pub depth2_positions: usize,
    pub depth2_turns: u64,
    /// Positions whose turns' explosion outcomes and weights were compared.
    pub chance_positions: usize,
    /// Positions with a crowd of two or more units, a half, a link, a castling in progress.
    pub with_crowds: usize,
    pub with_halves: usize,
    pub with_links: usize,
    pub with_castling: usize,
    /// Explosion outcomes other than all-survive that the games played.
    pub explosions: usize,
}

/// How a random cross-check runs.
#[derive(Clone, Copy, Debug)]
pub struct CrossCheckPlan {
    pub games: usize,
    pub max_plies: usize,
    pub seed: u64,
    /// Perft 2 is compared at every position with at most this many turns (0: never).
    pub depth2_max_turns: usize,
    /// Every this many positions, every turn's explosion outcomes are compared too (0: never).
    pub chance_every: usize,
    pub forbid_unlink_enemy: bool,
}

/// Seeded random games from `starts` (cycled), each position at the start of a turn compared
/// with the model (depth 1 by set and count; depth 2 by count where small enough; at some,
/// every turn's explosion outcomes with their weights). Actions are
/// drawn uniformly; chance steps roll by their exact weights, so games see explosions. The
/// first difference ends the run with its description.
pub fn random_cross_check(
    starts: &[Hobgoblin],
    plan: &CrossCheckPlan,
) -> Result<CrossCheckStats, String> {
    let mut rng = StdRng::seed_from_u64(plan.seed);
    let mut stats = CrossCheckStats::default();
    for g in 0..plan.games {
        let mut p = starts[g % starts.len()].clone();
        stats.games += 1;
        for _ in 0..plan.max_plies {
            if p.result().is_some() {
                break;
            }
            if p.is_chance_node() {
                let outcomes = p.weighted_outcomes();
                let total: f64 = outcomes.iter().map(|o| o.1 as f64).sum();
                let mut x = rng.gen::<f64>() * total;
                let mut pick = outcomes[0].0;
                for &(mv, w) in &outcomes {
                    pick = mv;
                    x -= w as f64;
                    if x <= 0.0 {
                        break;
                    }
                }
                if pick.ext() != 0 {
                    stats.explosions += 1;
                }
                p.play(pick);
                continue;
            }
            let n = compare_turns(&p, plan.forbid_unlink_enemy)?;
            if plan.chance_every > 0 && stats.positions % plan.chance_every == 0 {
                compare_chance_turns(&p, plan.forbid_unlink_enemy)?;
                stats.chance_positions += 1;
            }
            note_shapes(&p, &mut stats);
            stats.positions += 1;
            stats.turns += n as u64;
            if n > 0 && n <= plan.depth2_max_turns && p.count_turns().is_some() {
                let fast = perft(&p, 2);
                let model = model_perft(&p, 2, plan.forbid_unlink_enemy);
                if fast != model {
                    return Err(format!("{}: perft 2 {fast}, the model {model}", p.to_fen()));
                }
                stats.depth2_positions += 1;
                stats.depth2_turns += fast;
            }
            let actions: Vec<Move> = p.legal_moves().into_iter().collect();
            let Some(&mv) = actions.choose(&mut rng) else {
                break;
            };
            p.play(mv);
        }
    }
    Ok(stats)
}

fn note_shapes(p: &Hobgoblin, stats: &mut CrossCheckStats) {
    let crowded = p
        .nodes()
        .any(|n| Color::BOTH.iter().map(|&c| p.unit_total(n, c)).sum::<u32>() > 1);
    if crowded {
        stats.with_crowds += 1;
    }
    if !p.pairs().is_empty() {
        stats.with_halves += 1;
    }
    if p.linked().any() {
        stats.with_links += 1;
    }
    if Color::BOTH.iter().any(|&c| p.in_progress(c).is_some()) {
        stats.with_castling += 1;
    }
}
