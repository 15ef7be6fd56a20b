//! Single-thread perft speed (leaf bulk counting) on the positions the foundation issue names:
//! `cargo bench --bench perft`. Compare against the reference engines with
//! `scripts/perft_compare.sh`, which runs all of them side by side.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use grimoire_engine::perft::perft;
use grimoire_engine::variants::chess::{Chess, START_FEN};
use grimoire_engine::{prelude::*, MoveList};
use std::hint::black_box;
use std::time::Duration;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn chess_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess_perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for (name, fen, depth, nodes) in [
        ("startpos", START_FEN, 6, 119_060_324u64),
        ("kiwipete", KIWIPETE, 5, 193_690_690),
    ] {
        let pos = Chess::from_fen(fen, &()).unwrap();
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(name, depth), &pos, |b, pos| {
            b.iter(|| assert_eq!(perft(black_box(pos), depth), nodes))
        });
    }
    group.finish();
}

fn chess_movegen(c: &mut Criterion) {
    let pos = Chess::from_fen(KIWIPETE, &()).unwrap();
    c.bench_function("chess_movegen_kiwipete", |b| {
        b.iter(|| {
            let mut list = MoveList::new();
            black_box(&pos).generate_legal(&mut list);
            list.len()
        })
    });
}

criterion_group!(benches, chess_movegen, chess_perft);
criterion_main!(benches);
