//! The FIDE chess manifest: everything the engine needs to play it, registered by one line in
//! `super::visit_variants`.

use crate::manifest::NoSetup;
use grimoire_engine::variants::chess::Chess;
use grimoire_eval::ChessEval;

manifest! {
    /// FIDE chess: its rules, evaluator, setup, bench positions and options.
    ChessVariant {
        rules: Chess,
        eval: ChessEval,
        setup: NoSetup,
        bench: grimoire_engine::variants::chess::BENCH,
        rules_doc: include_str!("../../../docs/rules/chess.md"),
        options: Vec::new(),
    }
}
