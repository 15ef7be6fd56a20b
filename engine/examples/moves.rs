use grimoire_engine::variants::chess::Chess;
use grimoire_engine::Rules;
fn main() {
    let fen = std::env::args().nth(1).unwrap();
    let p = Chess::from_fen(&fen, &()).unwrap();
    println!("{}", p.render());
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    println!("{} {}", v.len(), v.join(" "));
}
