//! The independent reference model of Hobgoblin turns (`variants::hobgoblin::model`), checked
//! by hand against the rules (shared/rules/hobgoblin.md, rulings cited per test).

use grimoire_engine::variants::hobgoblin::model::{model_perft, model_turns, ModelTurn};
use grimoire_engine::variants::hobgoblin::Hobgoblin;

const START: &str = "rnbqkbnr1/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBNR1 w KQkq - 0 1 L";

fn parse(fen: &str) -> Hobgoblin {
    Hobgoblin::parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn turns(fen: &str, forbid: bool) -> Vec<ModelTurn> {
    model_turns(&parse(fen), forbid)
}

fn plain(ts: &[ModelTurn]) -> Vec<&ModelTurn> {
    ts.iter().filter(|t| t.link.is_none()).collect()
}

#[test]
fn explore() {
    let ts = turns(START, false);
    for t in plain(&ts) {
        println!("{:?} {} {:?}", t.link, t.fen, t.rolls);
    }
    println!("total {} plain {}", ts.len(), plain(&ts).len());
    let _ = model_perft(&parse(START), 1, false);
}
