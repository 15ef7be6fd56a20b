//! `docs/pieces.md`, written from the variants' piece catalogues (so the page cannot drift
//! from the rules: `registry/tests/catalogue.rs` compares the file with this text).

use crate::variants;

/// The whole page: one table per registered variant, in `UCI_Variant` order.
pub fn pieces_markdown() -> String {
    let mut out = String::from(
        "# Piece types\n\n\
         Written from each variant's piece catalogue (`grimoire_engine::catalogue`, declared in the\n\
         variant's folder); `UPDATE_DOCS=1 cargo test -p grimoire-registry --test catalogue`\n\
         writes it again. Movement is in Betza notation (XBetza where plain Betza cannot say it);\n\
         what Betza cannot say is in words. Values are for the key, in centipawns; a royal piece\n\
         has none: losing it loses the game.\n",
    );
    for entry in variants() {
        let game = (entry.create)();
        out += &format!("\n## {}\n\n", entry.name);
        out += "| code | name | Betza | also | value |\n|---|---|---|---|---|\n";
        for t in game.entry().piece_types {
            let name = match (t.royal, t.off_board) {
                (true, _) => format!("{} (royal)", t.name),
                (false, true) => format!("{} (off the board)", t.name),
                _ => t.name.to_string(),
            };
            let betza = if t.betza.is_empty() {
                String::new()
            } else {
                format!("`{}`", t.betza)
            };
            let value = if t.royal {
                "-".to_string()
            } else {
                t.value.to_string()
            };
            out += &format!(
                "| `{}` | {name} | {betza} | {} | {value} |\n",
                t.code,
                t.special.replace('|', "\\|")
            );
        }
    }
    out
}
