//! Issue 50: every piece type a variant can put on the board is in its catalogue, and
//! `docs/pieces.md` is the catalogue's text.

use grimoire_registry::catalogue_doc::pieces_markdown;
use grimoire_registry::{variants, AnyGame};
use std::collections::BTreeSet;

/// Every unit the board shows, as (name, code).
fn units(game: &dyn AnyGame) -> Vec<(String, String)> {
    game.view()
        .squares
        .iter()
        .flat_map(|s| s.units.iter().map(|u| (u.name.clone(), u.code.clone())))
        .collect()
}

fn assert_listed(game: &dyn AnyGame, seen: &mut BTreeSet<String>) {
    let types = game.entry().piece_types;
    for (name, code) in units(game) {
        assert!(
            types.iter().any(|t| t.name == name && t.code == code),
            "{}: {name} ({code}) at {} is not in the catalogue",
            game.variant(),
            game.fen()
        );
        seen.insert(name);
    }
}

/// Seeded random games from each bench position: every unit of every position reached is a
/// catalogue type (name and code), and the games meet most of the catalogue.
#[test]
fn every_unit_on_the_board_is_a_catalogue_type() {
    for entry in variants() {
        let start = (entry.create)();
        let types = start.entry().piece_types;
        assert!(!types.is_empty(), "{}: empty catalogue", entry.name);
        let names: BTreeSet<&str> = types.iter().map(|t| t.name).collect();
        assert_eq!(names.len(), types.len(), "{}: a name twice", entry.name);
        assert!(
            types.iter().any(|t| t.royal),
            "{}: no royal type",
            entry.name
        );
        let mut seen = BTreeSet::new();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for (i, fen) in start.entry().bench.iter().enumerate() {
            for game_no in 0..4 {
                let mut game = start.clone_box();
                game.set_position(Some(fen), &[]).unwrap();
                for _ in 0..40 {
                    assert_listed(game.as_ref(), &mut seen);
                    let outcomes = game.chance_outcomes();
                    let tokens: Vec<String> = if outcomes.is_empty() {
                        game.legal_move_tokens()
                    } else {
                        outcomes.into_iter().map(|o| o.0).collect()
                    };
                    if tokens.is_empty() {
                        break;
                    }
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407 + (i * 4 + game_no) as u64);
                    let pick = &tokens[(state >> 33) as usize % tokens.len()];
                    game.play_token(pick).unwrap();
                }
            }
        }
        assert!(!seen.is_empty(), "{}", entry.name);
    }
}

/// Eldritch's catalogue is its rules table: one entry per kind, codes in kind order.
#[test]
fn eldritch_lists_every_kind_of_its_rules_table() {
    use grimoire_engine::variants::eldritch::catalogue::{CATALOGUE, KINDS};
    let game = grimoire_registry::create("eldritch").unwrap();
    let types = game.entry().piece_types;
    assert_eq!(types.len(), KINDS);
    for (t, row) in types.iter().zip(CATALOGUE.iter()) {
        assert_eq!((t.code, t.name), (row.code, row.name));
    }
    // The Betza the atoms give, where the spec writes it too (ELD-240, ELD-500's neighbours).
    let betza = |name: &str| types.iter().find(|t| t.name == name).unwrap().betza;
    assert_eq!(betza("Knight"), "N");
    assert_eq!(betza("Queen"), "Q");
    assert_eq!(betza("Pawn"), "fmWifmnDfcF");
}

#[test]
fn docs_pieces_md_is_the_catalogue() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/pieces.md");
    let text = pieces_markdown();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let file = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        file == text,
        "docs/pieces.md differs from the catalogues: run UPDATE_DOCS=1 cargo test -p grimoire-registry --test catalogue"
    );
}
