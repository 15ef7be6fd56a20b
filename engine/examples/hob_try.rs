use grimoire_engine::prelude::*;
use grimoire_engine::variants::hobgoblin::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fen = args.get(1).cloned().unwrap_or(START_FEN.to_string());
    let opts = if std::env::var("HOB_FORBID").is_ok() {
        HobOptions {
            unlink_enemy: UnlinkEnemy::Forbid,
        }
    } else {
        HobOptions::default()
    };
    let mut pos = <Hobgoblin as Fen>::from_fen(&fen, &opts).unwrap();
    for tok in args.iter().skip(2) {
        if let Some(d) = tok.strip_prefix("perft") {
            let d: u32 = d.parse().unwrap();
            let t = std::time::Instant::now();
            println!(
                "perft {d} = {} ({:?})",
                grimoire_engine::perft::perft(&pos, d),
                t.elapsed()
            );
            continue;
        }
        let mv = pos.parse_move(tok).unwrap_or_else(|e| panic!("{tok}: {e}"));
        pos.play(mv);
    }
    println!("{}", pos.render());
    let mut toks: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| pos.format_move(m))
        .collect();
    toks.sort();
    println!("{} actions: {}", toks.len(), toks.join(" "));
}
