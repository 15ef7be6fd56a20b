use grimoire_engine::prelude::*;
use grimoire_engine::variants::hobgoblin::*;
use rand::prelude::*;
use std::time::Instant;
fn main() {
    let mut rng = StdRng::seed_from_u64(3);
    let fen = std::env::args().nth(1).unwrap_or(START_FEN.to_string());
    let mut pos = Hobgoblin::parse_fen(&fen).unwrap();
    for ply in 0..120 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        if ply % 20 == 0 {
            let t = Instant::now();
            let legal = pos.legal_moves();
            let a = t.elapsed();
            let t = Instant::now();
            let mut pseudo = MoveList::new();
            pos.generate_pseudo_legal(&mut pseudo);
            let n = pseudo.iter().filter(|&&m| pos.is_legal_pseudo(m)).count();
            let b = t.elapsed();
            let t = Instant::now();
            for &m in &legal {
                let tok = pos.format_move(m);
                let _ = pos.parse_move(&tok).unwrap();
            }
            let c = t.elapsed();
            let t = Instant::now();
            grimoire_engine::consistency::check_position(&pos, &HobOptions::default()).unwrap();
            let d = t.elapsed();
            println!("check_position {:?}", d);
            println!(
                "ply {ply}: {} legal ({n}) gen {:?} pseudo+filter {:?} parse-all {:?} fen {}",
                legal.len(),
                a,
                b,
                c,
                pos.to_fen()
            );
        }
        let &mv = moves.choose(&mut rng).unwrap();
        pos.play(mv);
    }
}
