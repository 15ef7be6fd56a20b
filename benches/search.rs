//! Search speed on fixed positions: one thread, a fresh table, a fixed depth (so the work is
//! the same every run): `cargo bench --bench search`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grimoire_engine::search::{search, Limits, SearchOptions, Shared, TranspositionTable};
use grimoire_engine::variants::chess::Chess;
use grimoire_engine::{prelude::*, Game};
use grimoire_eval::ChessEval;
use std::hint::black_box;
use std::time::Duration;

fn search_fixed_depth(c: &mut Criterion) {
    let eval = ChessEval::default();
    let mut group = c.benchmark_group("chess_search");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(15));
    for (i, fen) in grimoire_engine::variants::chess::BENCH
        .iter()
        .enumerate()
        .take(4)
    {
        let game = Game::new(Chess::from_fen(fen, &()).unwrap());
        group.bench_with_input(BenchmarkId::new("depth8", i), &game, |b, game| {
            b.iter(|| {
                let tt = TranspositionTable::new(16);
                let limits = Limits {
                    depth: Some(8),
                    ..Limits::default()
                };
                let shared = Shared::new(&limits, limits.plan(game.position().side_to_move(), 0));
                let options = SearchOptions {
                    report: false,
                    ..SearchOptions::default()
                };
                black_box(search(game, &eval, &tt, &shared, &limits, &options, &mut |_| {}).nodes)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search_fixed_depth);
criterion_main!(benches);
