use grimoire_engine::variants::hobgoblin::*;
fn main() {
    let fen = std::env::args().nth(1).unwrap();
    let needle = std::env::args().nth(2).unwrap();
    let p = Hobgoblin::parse_fen(&fen).unwrap();
    for t in model::model_turns(&p, false) {
        if t.link.is_none() && t.fen.contains(&needle) {
            println!("{} {:?}", t.fen, t.rolls);
        }
    }
}
