use grimoire_engine::consistency::random_games;
use grimoire_engine::variants::archmage::{ArchMage, ArchMageOptions, START_FEN};
use grimoire_engine::Rules;
#[test]
fn stress() {
    let mut plies = 0;
    let mut fin = 0;
    for (o, options) in ArchMageOptions::all().into_iter().enumerate() {
        let start = ArchMage::from_fen(START_FEN, &options).unwrap();
        let s = random_games(&start, &options, 25, 400, 77 + o as u64)
            .unwrap_or_else(|e| panic!("{options:?}: {e}"));
        plies += s.plies;
        fin += s.finished_games;
    }
    println!("stress {plies} plies {fin} finished");
}
