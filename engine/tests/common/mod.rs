//! Helpers shared by the integration tests. Each test file is a crate of its own and uses only
//! some of them, hence the `dead_code` allowance.
#![allow(dead_code)]

use grimoire_engine::options::OptionError;
use grimoire_engine::prelude::*;

/// A spread sample of the positions one action after `p`: every `len / parts`-th legal action
/// (each one when there are fewer than `parts`), a chance step after it resolved by its
/// implicit outcome (HOB-151: every roll survives). Each comes with its action's token.
pub fn sample_one_action_later<R: Rules>(
    p: &R,
    parts: usize,
) -> impl Iterator<Item = (String, R)> + '_ {
    let actions = p.legal_moves();
    let step = (actions.len() / parts).max(1);
    actions.into_iter().step_by(step).map(move |mv| {
        let mut q = p.clone();
        q.play(mv);
        if let Some(outcome) = q.implicit_outcome() {
            q.play(outcome);
        }
        (p.format_move(mv), q)
    })
}

/// The tokens of every legal action at `p`, sorted.
pub fn tokens<R: Rules>(p: &R) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    v
}

/// Whether `token` is a legal action at `p`.
pub fn has<R: Rules>(p: &R, token: &str) -> bool {
    tokens(p).iter().any(|t| t == token)
}

/// `v` as owned strings, sorted: the expected side of a comparison with [`tokens`].
pub fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// A game drawn for `reason`, as `terminal()` and `Game::outcome()` report it.
pub fn drawn(reason: Reason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

/// A game won by `winner` for `reason`, as `terminal()` and `Game::outcome()` report it.
pub fn won(winner: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

/// From `start`, plays `cycle` (moves that bring back the position they start from) twice: no
/// move before the last ends the game, and the last, the third occurrence of `start`, draws by
/// repetition.
pub fn assert_two_cycles_draw_by_repetition<R: Rules>(start: R, cycle: &[&str]) {
    let mut game = Game::new(start);
    let moves = cycle.repeat(2);
    let (last, before) = moves.split_last().expect("a cycle has moves");
    for m in before {
        game.play_token(m).unwrap();
        assert_eq!(game.outcome(), None, "no draw before the third occurrence");
    }
    game.play_token(last).unwrap();
    assert_eq!(game.outcome(), drawn(Reason::Repetition));
}

/// Asserts that setting an option was refused for a bad value of the option named `option`.
pub fn assert_bad_value(result: Result<(), OptionError>, option: &str) {
    assert!(
        matches!(&result, Err(OptionError::BadValue { name, .. }) if *name == option),
        "{result:?}"
    );
}

/// Asserts that setting an option was refused for an unknown option name.
pub fn assert_unknown_option(result: Result<(), OptionError>) {
    assert!(
        matches!(&result, Err(OptionError::Unknown { .. })),
        "{result:?}"
    );
}

/// Each of `fens`, parsed by `pos`, is drawn at once for insufficient material.
pub fn assert_drawn_for_insufficient_material<R: Rules>(pos: impl Fn(&str) -> R, fens: &[&str]) {
    for fen in fens {
        let outcome = pos(fen).terminal();
        assert_eq!(outcome, drawn(Reason::InsufficientMaterial), "{fen}");
    }
}
