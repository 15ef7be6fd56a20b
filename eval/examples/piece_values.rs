//! Prints the piece-value method's table (docs/eval.md) for the 8x8 and the 10x10 board:
//! `cargo run --release -p grimoire-eval --example piece_values`. With `--pst`, prints the
//! generated White piece-square tables (mg/eg) of the default chess parameters instead.

use grimoire_engine::tables::masks;
use grimoire_engine::{Color, Geometry};
use grimoire_eval::chess::CHESS_KIND_NAMES;
use grimoire_eval::features::{reference_pieces, square_table, SquareWeights};
use grimoire_eval::EvalParams;

fn main() {
    if std::env::args().any(|a| a == "--pst") {
        let p = EvalParams::chess();
        let g = Geometry::Framed8;
        for kind in CHESS_KIND_NAMES {
            let (cm, ce) = p.get(&format!("pst_centre_{kind}")).unwrap();
            let (am, ae) = p.get(&format!("pst_advance_{kind}")).unwrap();
            let mg = square_table(
                g,
                Color::White,
                SquareWeights {
                    centre: cm,
                    advance: am,
                },
            );
            let eg = square_table(
                g,
                Color::White,
                SquareWeights {
                    centre: ce,
                    advance: ae,
                },
            );
            println!("{kind} (mg / eg), rank 8 at the top");
            for rank in (0..8).rev() {
                let row = |t: &[i32]| {
                    (0..8)
                        .map(|f| format!("{:4}", t[g.board_square(f, rank).index()]))
                        .collect::<String>()
                };
                println!("{}   |{}", row(&mg), row(&eg));
            }
            println!();
        }
        return;
    }
    for (label, board) in [("8x8", masks::board8()), ("10x10", masks::board10())] {
        println!("{label} board");
        println!("| piece | Betza | empty-board mobility | effective mobility M | value (pawns) |");
        println!("|---|---|---:|---:|---:|");
        for p in reference_pieces(board) {
            println!(
                "| {} | {} | {:.2} | {:.2} | {:.2} |",
                p.name, p.betza, p.value.empty_mobility, p.value.mobility, p.value.pawns
            );
        }
        println!();
    }
}
