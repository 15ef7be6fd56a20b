//! A random cross-check of the fast generator (`movegen`, `invokes`, `reactions`, ...) against
//! the independent reference generator (`reference`: its own mailbox walk and play-and-look
//! legality, sharing only the position's accessors and `play`). Seeded games from many armies,
//! biased towards the actions that lead to the later stages (invokes, captures that raise
//! reactions, strips, Bolt continuations), compare the depth-1 set of legal actions at every
//! position and the depth-2 count at some.

use super::army::{random_declaration, Declaration};
use super::state::Eldritch;
use super::{EldritchOptions, BENCH};
use crate::moves::{Move, MoveKind, MoveList};
use crate::perft::{perft, perft_reference};
use crate::rules::{Fen, MoveGen, Notation, Position, Reference};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Army pairs that bring in the stage 2..4 rules (the perft suite's armies): invokes, Blocks,
/// stacks, Bolts, reactions, Highlanders, Diviners, strips and Ghosts.
const FEATURE_ARMIES: &[(&str, &str)] = &[
    ("-", "-"),
    ("^E:R ^C:Q", "*T:R ^M:N"),
    ("^O:N ^W:QR", "^E:N ^E:N *T:R"),
    ("*T:R *T:R ^M:N", "^C:RR ^O:N"),
    ("^S:Q *T:R", "^S:RN ^E:R"),
    ("*V:Q ^E:R", "*V:NNB ^I:P"),
    ("*U:Q ^X:NB", "^X:NNBBPP *U:Q"),
    ("*B:R *T:R", "*B:R ^F:N"),
    ("*N:Q *B:R", "*N:BR ^E:N"),
    ("*F:B *F:B ^O:N", "*F:B *T:R ^M:N"),
    ("*L:Q *L:R", "*L:R ^E:N"),
    ("*C:Q *M:N", "*M:R *C:BB"),
    ("*H:QNP *C:BB", "*H:QNP *M:R"),
    ("*D:BB *M:N", "*D:Q ^E:R"),
    ("^G:N *H:QNP", "^G:N *D:BB"),
    ("^H:Q *M:N", "^H:BB *O:RR"),
    ("^G:N ^H:Q", "^G:N *L:R"),
    ("^G:N *F:B", "^H:Q *C:BB"),
];

/// What one run is asked to do.
#[derive(Clone, Debug)]
pub struct Config {
    pub games: usize,
    pub seed: u64,
    /// Plies per game at most.
    pub max_plies: usize,
    /// Every this many positions, the depth-2 counts are compared too (0: never).
    pub depth2_every: usize,
    /// Mismatches kept before the run stops.
    pub max_mismatches: usize,
}

impl Config {
    pub fn new(games: usize, seed: u64) -> Config {
        Config {
            games,
            seed,
            max_plies: 80,
            depth2_every: 16,
            max_mismatches: 5,
        }
    }
}

/// A disagreement between the two generators.
#[derive(Clone, Debug)]
pub struct Mismatch {
    pub fen: String,
    /// 1: the legal sets differ (the tokens below); 2: the depth-2 counts differ.
    pub depth: u32,
    pub only_fast: Vec<String>,
    pub only_reference: Vec<String>,
    /// The depth-2 counts (fast, reference) where those differ.
    pub counts: Option<(u64, u64)>,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.counts {
            Some((fast, reference)) => write!(
                f,
                "depth 2 at {}: fast {fast}, reference {reference}",
                self.fen
            ),
            None => write!(
                f,
                "depth 1 at {}: only fast [{}], only reference [{}]",
                self.fen,
                self.only_fast.join(" "),
                self.only_reference.join(" ")
            ),
        }
    }
}

/// How many compared positions had each later-stage feature in play.
#[derive(Clone, Debug, Default)]
pub struct Features {
    pub placement: usize,
    pub reactions: usize,
    pub bolt_continuations: usize,
    pub strips: usize,
    /// Positions with a legal action that ends on a frame square (slides onto the strips).
    pub frame_moves: usize,
    pub stacks: usize,
    pub invokes: usize,
    pub blocks: usize,
    pub returns: usize,
    pub divines: usize,
}

/// The result of a run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub games: usize,
    pub positions: usize,
    pub moves: usize,
    pub depth2_positions: usize,
    /// Positions on the plain fast path, where its list was also compared with the general
    /// route's, order included.
    pub plain_positions: usize,
    pub features: Features,
    pub mismatches: Vec<Mismatch>,
    pub elapsed: Duration,
}

fn decl(text: &str) -> Declaration {
    Declaration::parse(text).expect("a feature army parses")
}

/// The start of game `i`: feature armies, random armies (default placement or the placement
/// phase) and the `bench` positions in turn.
fn start(i: usize, seed: u64, options: &EldritchOptions) -> Eldritch {
    let s = seed.wrapping_mul(0x9E37_79B9).wrapping_add(i as u64 * 2);
    let feature = |swapped: bool| {
        let (w, b) = FEATURE_ARMIES[(i / 2 + seed as usize) % FEATURE_ARMIES.len()];
        // The same armies with the colours swapped every other time.
        let (w, b) = if swapped { (b, w) } else { (w, b) };
        Eldritch::default_placement(&[decl(w), decl(b)], options)
    };
    match i % 4 {
        0 => feature(false),
        1 => feature(true),
        2 => {
            let decls = [random_declaration(s, 4), random_declaration(s + 1, 4)];
            if (i / 4) % 3 == 2 {
                Eldritch::placement_start(&decls, options)
            } else {
                Eldritch::default_placement(&decls, options)
            }
        }
        _ => {
            let fen = BENCH[(i / 4 + seed as usize) % BENCH.len()];
            Eldritch::from_fen(fen, options).expect("bench FENs parse")
        }
    }
}

/// The reference's legal actions: its pseudo-legal ones that pass its legality test.
fn reference_legal(pos: &Eldritch) -> Vec<Move> {
    let mut pseudo = MoveList::new();
    pos.generate_pseudo_legal(&mut pseudo);
    let mut out: Vec<Move> = pseudo
        .into_iter()
        .filter(|&m| pos.is_legal_pseudo(m))
        .collect();
    out.sort_by_key(|m| m.raw());
    out.dedup();
    out
}

/// Actions that lead towards the later stages: invokes, captures, decisions and moves that end
/// on (or leave) a frame square.
fn interesting(pos: &Eldritch, mv: Move) -> bool {
    match mv.kind() {
        MoveKind::Invoke | MoveKind::Decision | MoveKind::Castle | MoveKind::Promotion => true,
        MoveKind::Normal | MoveKind::EnPassant => {
            pos.piece_at(mv.to()).is_some() || pos.frame.contains(mv.to())
        }
        _ => false,
    }
}

fn note_features(pos: &Eldritch, legal: &[Move], f: &mut Features) {
    let count = |hit: bool, n: &mut usize| *n += hit as usize;
    count(pos.placing.is_some(), &mut f.placement);
    count(!pos.react.is_empty(), &mut f.reactions);
    count(pos.bolt.is_some(), &mut f.bolt_continuations);
    count(pos.frame.any(), &mut f.strips);
    count(
        legal
            .iter()
            .any(|m| m.to_opt().is_some_and(|t| pos.frame.contains(t))),
        &mut f.frame_moves,
    );
    count(
        pos.board.occupied().into_iter().any(|s| pos.is_stack(s)),
        &mut f.stacks,
    );
    count(
        legal.iter().any(|m| m.kind() == MoveKind::Invoke),
        &mut f.invokes,
    );
    count(pos.blocks.any(), &mut f.blocks);
    count(
        pos.returns_pending(pos.side) && pos.placing.is_none(),
        &mut f.returns,
    );
    count(legal.iter().any(|&m| pos.is_divine(m)), &mut f.divines);
}

/// Compares one position; a mismatch names the FEN and the actions only one side found.
fn compare(pos: &Eldritch, legal: &[Move]) -> Option<Mismatch> {
    let mut fast = legal.to_vec();
    fast.sort_by_key(|m| m.raw());
    let reference = reference_legal(pos);
    if fast == reference {
        return None;
    }
    let tokens = |a: &[Move], b: &[Move]| {
        a.iter()
            .filter(|m| !b.contains(m))
            .map(|&m| pos.format_move(m))
            .collect::<Vec<_>>()
    };
    Some(Mismatch {
        fen: pos.to_fen(),
        depth: 1,
        only_fast: tokens(&fast, &reference),
        only_reference: tokens(&reference, &fast),
        counts: None,
    })
}

/// Plays `config.games` seeded games, comparing the generators at every position.
pub fn run(config: &Config) -> Report {
    let clock = Instant::now();
    let options = EldritchOptions::default();
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut report = Report::default();
    'games: for i in 0..config.games {
        let mut pos = start(i, config.seed, &options);
        report.games += 1;
        for _ in 0..config.max_plies {
            let legal = pos.legal_moves();
            report.positions += 1;
            report.moves += legal.len();
            note_features(&pos, &legal, &mut report.features);
            let plain_differs = pos.is_plain() && {
                report.plain_positions += 1;
                let mut general = MoveList::new();
                pos.general_legal(&mut general);
                general != legal
            };
            if plain_differs {
                // The fast path must list the general route's moves in its order (search
                // and `bench` depend on the order).
                let mut general = MoveList::new();
                pos.general_legal(&mut general);
                let tokens = |l: &MoveList| l.iter().map(|&m| pos.format_move(m)).collect();
                report.mismatches.push(Mismatch {
                    fen: pos.to_fen(),
                    depth: 1,
                    only_fast: tokens(&legal),
                    only_reference: tokens(&general),
                    counts: None,
                });
                break 'games;
            }
            if let Some(m) = compare(&pos, &legal) {
                report.mismatches.push(m);
                if report.mismatches.len() >= config.max_mismatches {
                    break 'games;
                }
                break; // the game's later positions would repeat the same difference
            }
            if config.depth2_every > 0 && report.positions.is_multiple_of(config.depth2_every) {
                report.depth2_positions += 1;
                let (fast, reference) = (perft(&pos, 2), perft_reference(&pos, 2));
                if fast != reference {
                    report.mismatches.push(Mismatch {
                        fen: pos.to_fen(),
                        depth: 2,
                        only_fast: Vec::new(),
                        only_reference: Vec::new(),
                        counts: Some((fast, reference)),
                    });
                    if report.mismatches.len() >= config.max_mismatches {
                        break 'games;
                    }
                }
            }
            if legal.is_empty() || pos.terminal().is_some() {
                break;
            }
            let wanted: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| interesting(&pos, m))
                .collect();
            let mv = if !wanted.is_empty() && rng.gen_bool(0.5) {
                *wanted.choose(&mut rng).expect("not empty")
            } else {
                *legal.choose(&mut rng).expect("not empty")
            };
            pos.play(mv);
        }
    }
    report.elapsed = clock.elapsed();
    report
}
