use grimoire_engine::perft::perft;
use grimoire_engine::variants::chess::Chess;
use grimoire_engine::Rules;
fn main() {
    let fen = std::env::args().nth(1).unwrap();
    let depth: u32 = std::env::args().nth(2).unwrap().parse().unwrap();
    let p = Chess::from_fen(&fen, &()).unwrap();
    let t = std::time::Instant::now();
    let n = perft(&p, depth);
    let s = t.elapsed().as_secs_f64();
    println!("{n} nodes {s:.3}s {:.1} Mnps", n as f64 / s / 1e6);
}
