use grimoire_engine::variants::hobgoblin::*;
use grimoire_engine::{Color, Square};
fn main() {
    let fen = std::env::args().nth(1).unwrap();
    let p = Hobgoblin::parse_fen(&fen).unwrap();
    let src = p.attack_sources(Color::White);
    for x in p.royal_nodes(Color::Black) {
        println!(
            "royal {:?} attacked {}",
            x,
            p.attacked_by(x, Color::White, false)
        );
        for k in 0..6 {
            for s in src[k] {
                println!(
                    " kind {k} source {:?} reach has x: {}",
                    s,
                    if k < 5 {
                        p.piece_reach(p.node(s), k as u8).contains(x)
                    } else {
                        p.pawn_capture_reach(p.node(s), Color::White).contains(x)
                    }
                );
            }
        }
    }
    let _ = Square::new(1, 1);
}
