//! How Hobgoblin's chance nodes cost the search (issue 18, `docs/search.md`): for the bench
//! positions and positions of seeded random games, the turns that roll dice and how many
//! distinct outcomes they have, then the nodes and time to reach a depth with each
//! `ChanceSearch` mode, and the share of chance outcomes that the Star1/Star2 bounds cut.
//!
//! `cargo run --release -p grimoire --example hobgoblin_chance_depth -- [depth] [games] [seed]
//! [series]`: with `series`, only the controlled series (the same rooks and kings with 0, 2, 4,
//! 6 and 8 pawns a side), which shows how the cost grows with the roll sites on offer.

use grimoire_engine::search::{
    ChanceSearch, Limits, SearchOptions, Shared, TranspositionTable, THREAD_STACK,
};
use grimoire_registry::{self as registry, AnyGame};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Rooks and kings with more and more pawns: every pawn move rolls, and magnetism adds sites.
const PAWN_SERIES: &[&str] = &[
    "r3k2r1/9/9/9/9/9/9/R3K2R1 w - - 0 1 L",
    "r3k2r1/p6p1/9/9/9/9/P6P1/R3K2R1 w - - 0 1 L",
    "r3k2r1/pp4pp1/9/9/9/9/PP4PP1/R3K2R1 w - - 0 1 L",
    "r3k2r1/ppp2ppp1/9/9/9/9/PPP2PPP1/R3K2R1 w - - 0 1 L",
    "r3k2r1/pppppppp1/9/9/9/9/PPPPPPPP1/R3K2R1 w - - 0 1 L",
];

/// What a position's turns roll: how many turns, how many of them roll, and the largest
/// and mean number of distinct outcomes among those that do.
struct Dice {
    turns: usize,
    rolling: usize,
    max_outcomes: usize,
    mean_outcomes: f64,
}

fn dice_of(game: &dyn AnyGame) -> Dice {
    let tokens = game.legal_move_tokens();
    let mut counts = Vec::new();
    for t in &tokens {
        let mut child = game.clone_box();
        child.play_token(t).expect("a legal token plays");
        let n = child.chance_outcomes().len();
        if n > 0 {
            counts.push(n);
        }
    }
    Dice {
        turns: tokens.len(),
        rolling: counts.len(),
        max_outcomes: counts.iter().copied().max().unwrap_or(0),
        mean_outcomes: counts.iter().sum::<usize>() as f64 / counts.len().max(1) as f64,
    }
}

/// A position `plies` actions into a seeded random game (dice by their weights), or `None`
/// if that game ended first.
fn random_position(seed: u64, plies: usize) -> Option<String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = registry::create("hobgoblin").expect("hobgoblin is registered");
    for _ in 0..plies {
        let outcomes = game.chance_outcomes();
        let token = if outcomes.is_empty() {
            let legal = game.legal_move_tokens();
            if legal.is_empty() || game.outcome().is_some() {
                return None;
            }
            legal[rng.gen_range(0..legal.len())].clone()
        } else {
            let total: u128 = outcomes.iter().map(|(_, w)| w).sum();
            let mut pick = rng.gen_range(0..total);
            let mut chosen = outcomes[0].0.clone();
            for (t, w) in outcomes {
                if pick < w {
                    chosen = t;
                    break;
                }
                pick -= w;
            }
            chosen
        };
        game.play_token(&token).ok()?;
    }
    // Positions to search start a turn, not a pending roll.
    if game.is_chance_node() || game.outcome().is_some() {
        return None;
    }
    Some(game.fen())
}

struct Run {
    nodes: u64,
    ms: u128,
    searched: u64,
    cut: u64,
}

fn search(fen: &str, depth: u32, chance: ChanceSearch) -> Run {
    let mut game = registry::create("hobgoblin").expect("hobgoblin is registered");
    game.set_position(Some(fen), &[]).expect("a valid FEN");
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let tt = TranspositionTable::new(64);
    let shared = Shared::new(&limits, limits.plan(game.side_to_move(), 0));
    let options = SearchOptions {
        chance,
        ..SearchOptions::quiet()
    };
    let started = Instant::now();
    let (result, _, _) = game.search(&limits, &options, &tt, &shared, &mut |_| {});
    Run {
        nodes: result.nodes,
        ms: started.elapsed().as_millis(),
        searched: shared.chance.outcomes_searched.load(Ordering::Relaxed),
        cut: shared.chance.outcomes_cut.load(Ordering::Relaxed),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(6);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let series_only = args.get(4).is_some_and(|a| a == "series");
    let work = move || {
        let game = registry::create("hobgoblin").expect("hobgoblin is registered");
        let mut fens: Vec<String> = PAWN_SERIES.iter().map(|f| f.to_string()).collect();
        if !series_only {
            fens.extend(game.entry().bench.iter().map(|f| f.to_string()));
        }
        for g in 0..if series_only { 0 } else { games } {
            for plies in [6, 12, 18] {
                fens.extend(random_position(seed * 1000 + g, plies));
            }
        }
        println!(
            "depth {depth}; per position: turns, rolling turns, max/mean outcomes of a rolling turn; \
             then nodes and ms per mode, and Star1's outcomes searched/cut"
        );
        let modes = [
            ("survive", ChanceSearch::Implicit),
            ("star1", ChanceSearch::Star1),
            ("star2", ChanceSearch::Star2),
        ];
        let mut totals = [(0u64, 0u128); 3];
        for fen in &fens {
            let mut g = registry::create("hobgoblin").expect("hobgoblin is registered");
            g.set_position(Some(fen), &[]).expect("a valid FEN");
            let dice = dice_of(g.as_ref());
            let mut cells = Vec::new();
            let mut star1_cut = String::new();
            for (i, (name, mode)) in modes.iter().enumerate() {
                let run = search(fen, depth, *mode);
                totals[i].0 += run.nodes;
                totals[i].1 += run.ms;
                cells.push(format!("{name} {} n {} ms", run.nodes, run.ms));
                if *mode == ChanceSearch::Star1 {
                    let all = (run.searched + run.cut).max(1);
                    star1_cut = format!(
                        "{} searched, {} cut ({:.0}%)",
                        run.searched,
                        run.cut,
                        run.cut as f64 * 100.0 / all as f64
                    );
                }
            }
            println!(
                "{fen}\n  turns {} rolling {} outcomes max {} mean {:.1} | {} | star1 outcomes {star1_cut}",
                dice.turns,
                dice.rolling,
                dice.max_outcomes,
                dice.mean_outcomes,
                cells.join(" | ")
            );
        }
        for (i, (name, _)) in modes.iter().enumerate() {
            let (nodes, ms) = totals[i];
            println!(
                "total {name}: {nodes} nodes, {ms} ms, {} nodes/s",
                nodes as u128 * 1000 / ms.max(1)
            );
        }
    };
    std::thread::Builder::new()
        .stack_size(THREAD_STACK)
        .spawn(work)
        .expect("a search thread")
        .join()
        .expect("the measurement finished");
}
