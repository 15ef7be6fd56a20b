//! Loading labelled positions: one `<FEN> | <result>` or `<FEN> | <score> | <result>` per line,
//! the result being White's score (`1`, `0.5`, `0`, or `1-0`, `1/2-1/2`, `0-1`, or any number
//! from 0 to 1) and the score a search's verdict in centipawns from White's point of view (what
//! `grimoire selfplay --position-labels search` writes). Blank lines and `#` comment lines are
//! skipped; a line that does not parse is counted and remembered (first few) but never fatal.

use grimoire_engine::Rules;
use std::path::Path;

/// A position with the final result of its game, from White's point of view (1 = White won),
/// and, where the data has one, a search's score of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample<R> {
    pub pos: R,
    pub result: f32,
    /// Centipawns from White's point of view, clamped to ±[`SCORE_CLAMP`].
    pub score: Option<f32>,
}

/// Search scores beyond this (mates) are clamped to it: the label is a certain win or loss
/// either way, and merged duplicates average sensibly.
pub const SCORE_CLAMP: f32 = 10_000.0;

/// How many bad lines are kept with their reasons.
pub const KEPT_ERRORS: usize = 5;

/// What a load saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoadStats {
    /// Lines holding a position (not blank, not a comment).
    pub data_lines: usize,
    /// Lines that did not parse.
    pub bad_lines: usize,
    /// `line N: reason` for the first [`KEPT_ERRORS`] bad lines.
    pub first_errors: Vec<String>,
}

/// Parses a result token: White's score. Besides `1`, `0.5`, `0` and the PGN tokens, any number
/// from 0 to 1 is accepted (a mean over several games).
pub fn parse_result(token: &str) -> Result<f32, String> {
    match token {
        "1-0" => Ok(1.0),
        "0-1" => Ok(0.0),
        "1/2" | "1/2-1/2" => Ok(0.5),
        _ => match token.parse::<f32>() {
            Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
            _ => Err(format!(
                "bad result {token:?} (expected 1, 0.5, 0, 1-0, 1/2-1/2, 0-1 or a number from 0 to 1)"
            )),
        },
    }
}

/// Parses one data line (not blank, not a comment).
pub fn parse_line<R: Rules>(line: &str, options: &R::Options) -> Result<Sample<R>, String> {
    let (rest, result) = line
        .rsplit_once('|')
        .ok_or_else(|| "no `|` between FEN and result".to_string())?;
    let result = parse_result(result.trim())?;
    let (fen, score) = match rest.rsplit_once('|') {
        Some((fen, score)) => {
            let cp = score
                .trim()
                .parse::<i32>()
                .map_err(|_| format!("bad search score {:?}", score.trim()))?;
            (fen, Some((cp as f32).clamp(-SCORE_CLAMP, SCORE_CLAMP)))
        }
        None => (rest, None),
    };
    let pos = R::from_fen(fen.trim(), options).map_err(|e| format!("bad FEN: {e}"))?;
    Ok(Sample { pos, result, score })
}

/// Parses a whole text; bad lines are counted in the stats.
pub fn load_str<R: Rules>(text: &str) -> (Vec<Sample<R>>, LoadStats) {
    let options = R::Options::default();
    let mut stats = LoadStats::default();
    let mut samples = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        stats.data_lines += 1;
        match parse_line::<R>(line, &options) {
            Ok(s) => samples.push(s),
            Err(e) => {
                stats.bad_lines += 1;
                if stats.first_errors.len() < KEPT_ERRORS {
                    stats.first_errors.push(format!("line {}: {e}", n + 1));
                }
            }
        }
    }
    (samples, stats)
}

/// Reads and parses a file; only an unreadable file is an error.
pub fn load_file<R: Rules>(path: &Path) -> Result<(Vec<Sample<R>>, LoadStats), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(load_str(&text))
}
