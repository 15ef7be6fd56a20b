//! PGN export: the seven standard tags, `Variant`, `SetUp`/`FEN` for games that do not start
//! from the standard position, `Termination`, `TimeControl` and `PlyCount`; the moves (SAN for
//! chess, our action tokens for the other variants, `docs/notation.md`), and the result with the
//! reason as a final comment.

use crate::referee::GameRecord;
use grimoire_engine::Color;

/// Tag values the match supplies.
#[derive(Clone, Debug)]
pub struct PgnContext {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    pub variant: String,
    pub time_control: String,
}

fn tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

/// One game as PGN text (ending in a blank line).
pub fn write_game(ctx: &PgnContext, round: usize, record: &GameRecord) -> String {
    let start_fen = record.start_fen.as_str();
    let mut out = String::new();
    tag(&mut out, "Event", &ctx.event);
    tag(&mut out, "Site", &ctx.site);
    tag(&mut out, "Date", &ctx.date);
    tag(&mut out, "Round", &round.to_string());
    tag(&mut out, "White", &record.white);
    tag(&mut out, "Black", &record.black);
    tag(&mut out, "Result", record.result);
    tag(&mut out, "Variant", &ctx.variant);
    if record.opening.fen.is_some() {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", start_fen);
    }
    tag(&mut out, "TimeControl", &ctx.time_control);
    if let Some(seed) = record.dice_seed {
        // The dice's generator (G6): the game's outcome tokens are in the movetext.
        tag(&mut out, "DiceSeed", &seed.to_string());
    }
    tag(&mut out, "Termination", record.termination.pgn_word());
    tag(&mut out, "PlyCount", &record.pgn_moves.len().to_string());
    out.push('\n');

    let mut movetext = Vec::new();
    for (number, mv) in move_numbers(&record.turn_starts)
        .into_iter()
        .zip(&record.pgn_moves)
    {
        movetext.extend(number);
        movetext.push(mv.clone());
    }
    movetext.push(format!("{{{}}}", record.reason.replace(['{', '}'], "")));
    movetext.push(record.result.to_string());
    out.push_str(&wrap(&movetext, 79));
    out.push_str("\n\n");
    out
}

/// The move number to print before each action, given the side whose turn it starts (`None`
/// where it continues one): `N.` before each White turn, `N...` before a first action that is
/// not. A decision step inside a turn (G5) gets no number, so moves are numbered per full move
/// as in chess.
pub fn move_numbers(turn_starts: &[Option<Color>]) -> Vec<Option<String>> {
    let mut number = 1;
    let mut out = Vec::with_capacity(turn_starts.len());
    for (i, &start) in turn_starts.iter().enumerate() {
        let earlier_turn = turn_starts[..i].iter().any(Option::is_some);
        out.push(match start {
            Some(Color::White) => {
                if earlier_turn {
                    number += 1;
                }
                Some(format!("{number}."))
            }
            _ if i == 0 => Some(format!("{number}...")),
            _ => None,
        });
    }
    out
}

/// Joins words into lines of at most `width` characters (PGN's export format).
fn wrap(words: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for w in words {
        if line_len > 0 && line_len + 1 + w.len() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(w);
        line_len += w.len();
    }
    out
}

/// Today's date in PGN form, from the system clock (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to a calendar date (proleptic Gregorian).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_convert() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn moves_are_numbered_per_full_move_with_decision_steps() {
        let (w, b) = (Some(Color::White), Some(Color::Black));
        let words = |starts: &[Option<Color>]| -> Vec<String> {
            move_numbers(starts)
                .into_iter()
                .map(|n| n.unwrap_or_default())
                .collect()
        };
        // Ghost: 1. e2e4 d7d5 2. e4d5 z5 g8f6 3. ... (Black's decision z5 ends White's turn).
        assert_eq!(
            words(&[w, b, w, None, b, w]),
            ["1.", "", "2.", "", "", "3."]
        );
        // Black first (a FEN start); White decides after Black's capture, then starts move 3.
        assert_eq!(
            words(&[b, w, b, None, w, b]),
            ["1...", "2.", "", "", "3.", ""]
        );
        // A game from a FEN with a decision pending: it continues the turn in progress.
        assert_eq!(words(&[None, b, w]), ["1...", "", "2."]);
        assert!(words(&[]).is_empty());
    }

    #[test]
    fn movetext_wraps_at_79() {
        let words: Vec<String> = (0..60).map(|i| format!("{i}.")).collect();
        let text = wrap(&words, 79);
        assert!(text.lines().all(|l| l.len() <= 79));
        assert_eq!(text.split_whitespace().count(), 60);
    }
}
