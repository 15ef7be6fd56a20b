//! Readable move text (`docs/notation.md` §6): the SAN-like notation people read in the move
//! list, the analysis lines and PGN files. Chess writes exact SAN (`variants/chess/notation.rs`);
//! the variants build theirs here from [`SanParts`], one per legal action, and this module adds
//! what SAN adds on top: the shortest disambiguation (file, then rank, then both) where two
//! actions would read alike, and `+`/`#` for check and mate. Parsing matches typed text against
//! the texts of every legal action ([`crate::rules::Notation::parse_san`]); tokens stay accepted.

use crate::moves::{Move, MoveKind};
use crate::piece::Color;
use crate::rules::Rules;
use crate::square::{Geometry, Square};
use crate::view::{BoardView, PieceView};

/// One action's readable text before disambiguation and check marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanParts {
    /// The whole text without disambiguation: `Nf3`, `exd5`, `D@e5`, `O-O`.
    pub text: String,
    /// Where a disambiguation goes in `text` (after the piece letter); a disambiguation at the
    /// very end is written as the whole square in parentheses (`O-O-O(d1)`).
    pub at: usize,
    /// The square that tells this action apart from others that read alike, if any.
    pub from: Option<Square>,
}

impl SanParts {
    /// A text that never needs a disambiguation (it names everything it needs).
    pub fn plain(text: impl Into<String>) -> SanParts {
        SanParts {
            text: text.into(),
            at: 0,
            from: None,
        }
    }
}

/// The units of a position by square (the view's top unit first), for the letters and captures.
pub struct Units {
    squares: Vec<Vec<PieceView>>,
    pub geometry: Geometry,
    pub side: Color,
}

impl Units {
    pub fn of(view: &BoardView) -> Units {
        let mut squares = vec![Vec::new(); 100];
        for s in &view.squares {
            squares[s.square.index()] = s.units.clone();
        }
        Units {
            squares,
            geometry: view.geometry,
            side: view.side_to_move,
        }
    }

    /// What stands on `sq`, top unit first.
    pub fn at(&self, sq: Square) -> &[PieceView] {
        &self.squares[sq.index()]
    }

    /// The top unit on `sq`.
    pub fn top(&self, sq: Square) -> Option<&PieceView> {
        self.squares[sq.index()].first()
    }

    /// Whether `sq` holds a unit of the colour other than `mover`.
    pub fn enemy_at(&self, sq: Square, mover: Color) -> bool {
        self.at(sq).iter().any(|u| u.color != mover)
    }

    pub fn name(&self, sq: Square) -> String {
        self.geometry.name(sq)
    }
}

/// The parts of the common actions, as chess writes them: the moving piece's letter (none for
/// the codes in `pawns`; a pawn's capture names its file), `x` for a capture, the destination,
/// then the token's tail after its two squares (promotion letters become `=Q`; other tails,
/// such as Eldritch's `xd5` or `@se`, stay as written). Castling is `O-O`/`O-O-O` by the
/// direction of the move; drops are `D@e5`; null is `--`, a pass `pass`; anything else is its
/// token.
pub fn common_parts(units: &Units, mv: Move, token: &str, pawns: &[&str]) -> SanParts {
    let g = units.geometry;
    match mv.kind() {
        MoveKind::Null => return SanParts::plain("--"),
        MoveKind::Pass => return SanParts::plain("pass"),
        MoveKind::Castle => {
            let text = if mv.to().col() > mv.from().col() {
                "O-O"
            } else {
                "O-O-O"
            };
            return SanParts {
                text: text.to_string(),
                at: text.len(),
                from: Some(mv.from()),
            };
        }
        MoveKind::Normal
        | MoveKind::DoublePush
        | MoveKind::EnPassant
        | MoveKind::Promotion
        | MoveKind::Switch => {}
        _ => return SanParts::plain(token),
    }
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = units.top(from) else {
        return SanParts::plain(token);
    };
    let tail = token_tail(g, token);
    let mut text = String::with_capacity(8);
    if mv.kind() == MoveKind::Switch {
        // ArchMage ARC-51: the summoner trades places with a friendly piece.
        text.push_str(&mover.code);
        let at = text.len();
        text.push_str("<>");
        if let Some(partner) = units.top(to) {
            text.push_str(&partner.code);
        }
        g.write_name(to, &mut text);
        text.push_str(&promotion_tail(tail));
        return SanParts {
            text,
            at,
            from: Some(from),
        };
    }
    let capture = mv.kind() == MoveKind::EnPassant || units.enemy_at(to, mover.color);
    let pawn = pawns.contains(&mover.code.as_str());
    if pawn {
        if capture {
            text.push(g.name(from).chars().next().unwrap_or('?'));
        }
    } else {
        text.push_str(&mover.code);
    }
    let at = text.len();
    if capture {
        text.push('x');
    }
    g.write_name(to, &mut text);
    text.push_str(&promotion_tail(tail));
    SanParts {
        text,
        at,
        from: Some(from),
    }
}

/// What a token has after its two leading squares (`q` of `e7e8q`, `=Q` of `e7e8=Q`).
pub fn token_tail(g: Geometry, token: &str) -> &str {
    let Some((_, a)) = g.parse_prefix(token) else {
        return "";
    };
    let Some((_, b)) = g.parse_prefix(&token[a..]) else {
        return "";
    };
    &token[a + b..]
}

/// Lower-case promotion letters (`q`, `qn`) as `=Q`, `=QN`; any other tail as it is.
pub fn promotion_tail(tail: &str) -> String {
    if !tail.is_empty() && tail.bytes().all(|b| b.is_ascii_lowercase()) {
        format!("={}", tail.to_ascii_uppercase())
    } else {
        tail.to_string()
    }
}

/// `+` if `mv` gives check, `#` if it mates, else nothing.
pub fn check_mark<R: Rules>(pos: &R, mv: Move) -> &'static str {
    let mut after = pos.clone();
    after.play(mv);
    if !after.in_check() {
        ""
    } else if after.has_legal_action() {
        "+"
    } else {
        "#"
    }
}

/// The readable text of every legal action of `pos`, in legal-list order: `parts` of each,
/// disambiguated where two read alike (the file, else the rank, else the square of the
/// piece), any that still read alike followed by their token in brackets (`[token]`), and
/// check marks where `marks`. No two legal actions get the same text.
pub fn san_all<R: Rules>(
    pos: &R,
    marks: bool,
    parts: impl Fn(&Units, Move, &str) -> SanParts,
) -> Vec<(Move, String)> {
    let units = Units::of(&pos.view());
    let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let tokens: Vec<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
    let all: Vec<SanParts> = moves
        .iter()
        .zip(&tokens)
        .map(|(&m, t)| parts(&units, m, t))
        .collect();
    let mut by_text: std::collections::HashMap<&str, Vec<usize>> = Default::default();
    for (i, p) in all.iter().enumerate() {
        by_text.entry(p.text.as_str()).or_default().push(i);
    }
    let mut texts: Vec<String> = all
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let rivals: Vec<Square> = by_text[p.text.as_str()]
                .iter()
                .filter(|&&j| j != i)
                .filter_map(|&j| all[j].from)
                .filter(|&s| Some(s) != p.from)
                .collect();
            match p.from {
                Some(from) if !rivals.is_empty() => {
                    let name = units.name(from);
                    let split = name
                        .find(|c: char| c.is_ascii_digit())
                        .unwrap_or(name.len());
                    let (file, rank) = name.split_at(split);
                    let dis = if p.at == p.text.len() {
                        format!("({name})")
                    } else if rivals.iter().all(|s| s.col() != from.col()) {
                        file.to_string()
                    } else if rivals.iter().all(|s| s.row() != from.row()) {
                        rank.to_string()
                    } else {
                        name.clone()
                    };
                    let mut t = p.text.clone();
                    t.insert_str(p.at, &dis);
                    t
                }
                _ => p.text.clone(),
            }
        })
        .collect();
    // Whatever still reads alike (two actions of one piece to one square that differ in
    // something the parts do not say) names its token.
    let mut count: std::collections::HashMap<String, usize> = Default::default();
    for t in &texts {
        *count.entry(t.clone()).or_default() += 1;
    }
    for (t, token) in texts.iter_mut().zip(&tokens) {
        if count[t.as_str()] > 1 {
            t.push('[');
            t.push_str(token);
            t.push(']');
        }
    }
    moves
        .into_iter()
        .zip(texts)
        .map(|(m, mut t)| {
            if marks {
                t.push_str(check_mark(pos, m));
            }
            (m, t)
        })
        .collect()
}

/// The text of one legal action from [`san_all`]; its token if it is not legal.
pub fn san_of<R: Rules>(
    pos: &R,
    mv: Move,
    marks: bool,
    parts: impl Fn(&Units, Move, &str) -> SanParts,
) -> String {
    let units = Units::of(&pos.view());
    let token = pos.format_move(mv);
    let own = parts(&units, mv, &token);
    // Only the actions that read like this one matter: skip the check marks of the others.
    let alike: Vec<(Move, String)> = san_all(pos, false, parts);
    let text = alike
        .into_iter()
        .find(|&(m, _)| m == mv)
        .map(|(_, t)| t)
        .unwrap_or(own.text);
    if marks {
        text + check_mark(pos, mv)
    } else {
        text
    }
}

pub use crate::rules::forgiven;

/// The probability `weight / total` in words: `1 in 12`, `11 in 12`, `1 in 1`.
pub fn chance_words(weight: u128, total: u128) -> String {
    fn gcd(a: u128, b: u128) -> u128 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let d = gcd(weight, total).max(1);
    format!("{} in {}", weight / d, total / d)
}
