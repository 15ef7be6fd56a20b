//! Reading a PGN game (the first in the text): its tags and its moves, without comments,
//! variations, annotation glyphs, move numbers and the result. Written for the records the
//! arena writes (`docs/notation.md` §3.8) and for other tools' chess PGN. A move is kept as
//! written; the game matches it against the legal actions (`AnyGame::pgn_move_token`).

/// One game's tags, in order, and its moves as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
}

impl PgnGame {
    /// The value of tag `name` (any case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Reads the first game of `text`. Errors name what is malformed.
pub fn read(text: &str) -> Result<PgnGame, String> {
    let mut game = PgnGame::default();
    let mut lines = text.lines().peekable();
    // Tags: `[Name "value"]` lines before the movetext.
    while let Some(line) = lines.peek() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('%') {
            lines.next();
            continue;
        }
        if !line.starts_with('[') {
            break;
        }
        game.tags.push(tag(line)?);
        lines.next();
    }
    let mut movetext = String::new();
    for line in lines {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && !game.moves.is_empty() {
            break;
        }
        if trimmed.starts_with('%') {
            continue;
        }
        // A new game's tags after this game's movetext end it.
        if trimmed.starts_with('[') && !movetext.trim().is_empty() {
            break;
        }
        movetext.push_str(line);
        movetext.push('\n');
    }
    game.moves = moves(&movetext)?;
    Ok(game)
}

/// `[Name "value"]` with PGN's `\"` and `\\` escapes.
fn tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| format!("bad tag line '{}'", cut(line)))?;
    let (name, rest) = inner
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(|| format!("bad tag line '{}'", cut(line)))?;
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| format!("tag {name} needs a quoted value"))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                value.push(n);
            }
        } else {
            value.push(c);
        }
    }
    Ok((name.to_string(), value))
}

/// The moves of a movetext. A `(` that starts a word opens a variation (skipped, nested); a
/// `(` inside a word belongs to the token (Hobgoblin groups, `d4d7(Q^,2P)`).
fn moves(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    let flush = |word: &mut String, out: &mut Vec<String>| {
        if let Some(m) = movetext_word(word) {
            out.push(m);
        }
        word.clear();
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut word, &mut out);
                // A comment runs to the next `}`.
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
            }
            ';' => {
                flush(&mut word, &mut out);
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' if word.is_empty() => depth += 1,
            c if c.is_whitespace() => {
                if depth == 0 {
                    flush(&mut word, &mut out);
                } else {
                    word.clear();
                }
            }
            // A `)` that no `(` of the word opened closes the variation.
            ')' if depth > 0 && word.matches('(').count() <= word.matches(')').count() => {
                word.clear();
                depth -= 1;
            }
            c => word.push(c),
        }
    }
    if depth == 0 {
        flush(&mut word, &mut out);
    } else {
        return Err("a variation '(' is never closed".to_string());
    }
    Ok(out)
}

/// A movetext word as a move, or `None` for a move number, result, NAG or empty word.
fn movetext_word(word: &str) -> Option<String> {
    let w = word.trim();
    if w.is_empty() || w.starts_with('$') || matches!(w, "1-0" | "0-1" | "1/2-1/2" | "*") {
        return None;
    }
    // `12.`, `12...` alone, or glued to the move (`12.e4`).
    let digits = w.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && w[digits..].starts_with('.') {
        let rest = w[digits..].trim_start_matches('.');
        return (!rest.is_empty()).then(|| rest.to_string());
    }
    Some(w.to_string())
}

fn cut(s: &str) -> String {
    s.chars().take(60).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_moves_without_numbers_comments_and_variations() {
        let g = read(
            "[Event \"x \\\"y\\\"\"]\n[Variant \"ghost\"]\n\n1. e2e4 {a comment} d7d5 (1... e7e5 2. Nf3 (2. f4)) 2. e4d5 z5 $1 g8f6 ; rest\n3.b1c3 1-0\n",
        )
        .unwrap();
        assert_eq!(g.tag("event"), Some("x \"y\""));
        assert_eq!(g.tag("Variant"), Some("ghost"));
        assert_eq!(g.moves, ["e2e4", "d7d5", "e4d5", "z5", "g8f6", "b1c3"]);
    }

    #[test]
    fn hobgoblin_groups_keep_their_parentheses() {
        let g =
            read("1. i2=a2 a2a4 2. d4d7(Q^,2P) i3|c3(n,2p) (2... e7e5 (3. c3e5(B^,N))) *").unwrap();
        assert_eq!(g.moves, ["i2=a2", "a2a4", "d4d7(Q^,2P)", "i3|c3(n,2p)"]);
    }

    #[test]
    fn only_the_first_game_is_read() {
        let g = read("[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n").unwrap();
        assert_eq!(g.tag("Event"), Some("a"));
        assert_eq!(g.moves, ["e4", "e5"]);
    }

    #[test]
    fn malformed_input_is_an_error_not_a_panic() {
        assert!(read("[Event x]\n1. e4").is_err());
        assert!(read("[Event \"x\"\n").is_err());
        assert!(read("1. e4 (e5").is_err());
        assert_eq!(read("").unwrap(), PgnGame::default());
        // Odd bytes and unbalanced closers are only words.
        assert!(read("1. e4 ) ) }} ÿ").is_ok());
    }
}
