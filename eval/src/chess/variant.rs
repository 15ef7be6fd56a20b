//! The FIDE chess manifest: everything the engine needs to play it, registered by one line in
//! `crate::variant::visit_variants`.

use super::ChessEval;
use crate::variant::NoSetup;
use crate::EvalParams;
use grimoire_engine::variants::chess::Chess;

manifest! {
    /// FIDE chess: its rules, evaluator, setup, bench positions, options and parameters.
    ChessVariant {
        rules: Chess,
        eval: ChessEval,
        setup: NoSetup,
        bench: grimoire_engine::variants::chess::BENCH,
        options: Vec::new(),
        params: EvalParams::chess_shipped(),
    }
}
