use grimoire_engine::prelude::*;
use grimoire_engine::variants::hobgoblin::*;
fn main() {
    let fen = std::env::args().nth(1).unwrap();
    let want = std::env::args().nth(2).unwrap();
    let p = Hobgoblin::parse_fen(&fen).unwrap();
    for mv in p.legal_moves() {
        let mut c = p.clone();
        c.play(mv);
        let tok = p.format_move(mv);
        if c.pending_decision() {
            for d in c.legal_moves() {
                let mut e = c.clone();
                let dt = c.format_move(d);
                e.play(d);
                if e.to_fen() == want {
                    println!("{tok} {dt} rolls {:?}", p.roll_sites_of(mv));
                    println!("mid {}", c.to_fen());
                }
            }
        } else if c.to_fen() == want {
            println!("{tok}");
        }
    }
}
