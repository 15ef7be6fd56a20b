//! FEN for Ghost Chess (`docs/notation.md` §2.5): the six chess fields of the living pieces,
//! the 7th field listing the ghosts, and the `spawn=` key of a pending decision; the `d` board
//! with the edge ring around it; the view with the ring as edge squares.

use super::spawn;
use super::tables::tables;
use super::{Ghost, PendingSpawn, START_FEN};
use crate::board::Board;
use crate::board8;
use crate::errors::{FenError, Illegality};
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece};
use crate::rules::{Fen, Notation, Position};
use crate::square::{Geometry, Square};
use crate::variants::chess::{Chess, LETTERS, NAMES, PAWN};
use crate::view::{BoardView, PieceView, SquareView, Zone};

/// Every piece of a side was one of its 16 at the start; none is ever created (GHO-20, GHO-23).
const MAX_PIECES_PER_SIDE: u32 = 16;

fn parse_code(c: char) -> Result<Piece, String> {
    let kind = "pnbrq"
        .find(c.to_ascii_lowercase())
        .ok_or_else(|| format!("bad ghost code '{c}' (ghosts are Q, R, B, N or P)"))?;
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Ok(Piece::new(color, kind as u8))
}

/// The ghost list (field 7); every error is a [`FenError::Field`] of `ghosts`.
fn parse_ghosts(field: &str) -> Result<Board<6>, FenError> {
    parse_ghost_list(field).map_err(|m| FenError::field("ghosts", m))
}

fn parse_ghost_list(field: &str) -> Result<Board<6>, String> {
    let t = tables();
    let g = Geometry::Framed8;
    let mut ghosts = Board::<6>::new();
    if field == "-" {
        return Ok(ghosts);
    }
    for item in field.split(',') {
        let mut chars = item.chars();
        let code = chars
            .next()
            .ok_or_else(|| "empty item in the ghost list".to_string())?;
        let piece = parse_code(code)?;
        let name = chars.as_str();
        let s = g
            .parse(name)
            .ok_or_else(|| format!("bad ghost square '{name}'"))?;
        if !t.ring.contains(s) {
            return Err(format!("ghost on '{name}', which is not an edge square"));
        }
        if ghosts.piece_at(s).is_some() {
            return Err(format!("two ghosts on '{name}'"));
        }
        if piece.kind() == PAWN && t.last[piece.color().index()].contains(s) {
            return Err(format!(
                "ghost pawn on its last square '{name}' (it promotes there, GHO-43)"
            ));
        }
        ghosts.put(s, piece);
    }
    Ok(ghosts)
}

/// The `spawn=` key; every error is a [`FenError::Field`] of `spawn`.
fn parse_spawn(value: &str, side: Color) -> Result<PendingSpawn, FenError> {
    parse_spawn_text(value, side).map_err(|m| FenError::field("spawn", m))
}

fn parse_spawn_text(value: &str, side: Color) -> Result<PendingSpawn, String> {
    let (code, square) = value
        .split_once('@')
        .ok_or_else(|| format!("bad spawn '{value}', expected <code>@<square>"))?;
    let mut chars = code.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(format!("bad spawn piece '{code}'"));
    };
    let piece = parse_code(c)?;
    if piece.color() != side {
        return Err("the spawning piece must belong to the side to decide (field 2)".to_string());
    }
    let q = Geometry::Framed8
        .parse(square)
        .filter(|s| tables().board.contains(*s))
        .ok_or_else(|| format!("bad capture square '{square}' (a board square)"))?;
    if piece.kind() == PAWN && (q.row() == 1 || q.row() == 8) {
        return Err(format!(
            "a pawn cannot have been taken on '{square}' (no pawn stands on rank 1 or 8)"
        ));
    }
    Ok(PendingSpawn {
        piece,
        capture_square: q,
    })
}

fn ghost_letter(p: Piece) -> char {
    board8::piece_letter(&LETTERS, p)
}

impl Fen for Ghost {
    fn start_position(_: &()) -> Self {
        Self::from_fen(START_FEN, &()).expect("start FEN is valid")
    }

    fn from_fen(fen: &str, _: &()) -> Result<Self, FenError> {
        let mut fields: Vec<&str> = Vec::new();
        let mut pending_text = None;
        for f in fen.split_whitespace() {
            match f.split_once('=') {
                Some(("spawn", v)) if pending_text.is_none() => pending_text = Some(v),
                Some(("spawn", _)) => {
                    return Err(FenError::field("spawn", "key 'spawn' given twice"))
                }
                Some((k, _)) => {
                    return Err(FenError::field("keys", format!("unknown FEN key '{k}'")))
                }
                None if pending_text.is_some() => {
                    return Err(FenError::field(
                        "keys",
                        format!("field '{f}' after the keys"),
                    ));
                }
                None => fields.push(f),
            }
        }
        let (chess_fields, ghost_field) = match fields.len() {
            7 => (&fields[..6], fields[6]),
            4..=6 => (&fields[..], "-"),
            n => {
                return Err(FenError::FieldCount {
                    min: 4,
                    max: Some(7),
                    found: n,
                })
            }
        };
        let living = Chess::from_fen_king_may_be_taken(&chess_fields.join(" "))?;
        let ghosts = parse_ghosts(ghost_field)?;
        let side = living.side_to_move();
        let pending = pending_text.map(|v| parse_spawn(v, side)).transpose()?;
        let king_taken = !living.has_king(side);
        for c in Color::BOTH {
            let count = living.board().color(c).count()
                + ghosts.color(c).count()
                + pending.is_some_and(|p| p.piece.color() == c) as u32
                + (king_taken && c == side) as u32;
            Illegality::at_most(count, MAX_PIECES_PER_SIDE, "GHO-20, GHO-23", || {
                format!("pieces and ghosts of {}", c.name())
            })?;
        }
        if let Some(p) = pending {
            if living.halfmove_clock() != 0 {
                return Err(Illegality::rule(
                    "GHO-55",
                    "a spawn follows a capture, which resets the halfmove clock to 0",
                )
                .into());
            }
            if king_taken {
                return Err(Illegality::rule(
                    "GHO-52",
                    "no spawn is pending after a king is taken",
                )
                .into());
            }
            if spawn::options(&ghosts, p.piece, p.capture_square).len() < 2 {
                return Err(Illegality::rule(
                    "GHO-26",
                    "the spawn has a single option, so it is not a decision",
                )
                .into());
            }
        }
        let mut pos = Ghost {
            living,
            ghosts,
            pending,
            winner: king_taken.then_some(!side),
            danger: false,
        };
        pos.danger = pos.compute_danger();
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        let g = Geometry::Framed8;
        let mut out = self.living.to_fen();
        out.push(' ');
        if self.ghosts.occupied().is_empty() {
            out.push('-');
        } else {
            for (i, s) in self.ghosts.occupied().into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push(ghost_letter(self.ghosts.piece_at(s)));
                g.write_name(s, &mut out);
            }
        }
        if let Some(p) = self.pending {
            out.push_str(" spawn=");
            out.push(ghost_letter(p.piece));
            out.push('@');
            g.write_name(p.capture_square, &mut out);
        }
        out
    }
}

impl Notation for Ghost {
    fn piece_types() -> &'static [crate::catalogue::PieceType] {
        &super::PIECES
    }

    fn format_move(&self, mv: Move) -> String {
        let g = Geometry::Framed8;
        let mut s = String::with_capacity(5);
        match mv.kind() {
            MoveKind::Null => return "0000".to_string(),
            MoveKind::Decision => g.write_name(mv.to(), &mut s),
            _ => {
                g.write_name(mv.from(), &mut s);
                g.write_name(mv.to(), &mut s);
            }
        }
        if matches!(mv.kind(), MoveKind::Promotion | MoveKind::Decision) {
            s.extend(mv.piece_kind().map(|k| LETTERS[k as usize]));
        }
        s
    }

    /// SAN, ghost moves included (`Ra0xa7`), and the spawn decision as the captured piece, `@`
    /// and its edge square (`N@z5`, `P@z8=Q`; `docs/notation.md` §6.4).
    fn format_san(&self, mv: Move) -> String {
        crate::san::san_of(self, mv, true, |u, m, t| self.san_parts(u, m, t))
    }

    fn format_san_all(&self) -> Vec<(Move, String)> {
        crate::san::san_all(self, true, |u, m, t| self.san_parts(u, m, t))
    }

    /// The board with its ring: files z..i and ranks 9..0, ghosts in the frame squares.
    fn render(&self) -> String {
        let line = "     +---+---+---+---+---+---+---+---+\n";
        let cell = |s: Square| -> char {
            let p = self.living.board().piece_at(s);
            let p = if p.is_some() {
                p
            } else {
                self.ghosts.piece_at(s)
            };
            if p.is_some() {
                ghost_letter(p)
            } else if tables().ring.contains(s) {
                '.'
            } else {
                ' '
            }
        };
        let mut out = String::new();
        out.push_str("       a   b   c   d   e   f   g   h\n");
        let edge_row = |row: u8, out: &mut String| {
            out.push_str(&format!(" {row}   "));
            for col in 1..=8 {
                out.push_str(&format!("  {} ", cell(Square::new(col, row))));
            }
            out.push('\n');
        };
        edge_row(9, &mut out);
        out.push_str(line);
        for row in (1..=8).rev() {
            out.push_str(&format!(" {row} {} ", cell(Square::new(0, row))));
            for col in 1..=8 {
                out.push_str(&format!("| {} ", cell(Square::new(col, row))));
            }
            out.push_str(&format!("| {} {row}\n", cell(Square::new(9, row))));
            out.push_str(line);
        }
        edge_row(0, &mut out);
        out.push_str("   z   a   b   c   d   e   f   g   h   i");
        out.push_str("\n(ghosts on the ring: files z and i, ranks 0 and 9)");
        if let Some(p) = self.pending {
            let g = Geometry::Framed8;
            let options: Vec<String> = spawn::options(&self.ghosts, p.piece, p.capture_square)
                .iter()
                .map(|&(s, k)| {
                    let mut t = g.name(s);
                    if k != p.piece.kind() {
                        t.push(LETTERS[k as usize]);
                    }
                    t
                })
                .collect();
            out.push_str(&format!(
                "\nSpawn decision: {} places the {} taken on {}: {}",
                p.piece.color().name(),
                ghost_letter(p.piece),
                g.name(p.capture_square),
                options.join(" ")
            ));
        }
        if let Some(w) = self.winner {
            out.push_str(&format!("\nA {} ghost took the king.", w.name()));
        }
        out
    }

    fn view(&self) -> BoardView {
        let mut v = board8::view_board(self.living.board(), &LETTERS, &NAMES, self.side_to_move());
        for s in tables().ring {
            let p = self.ghosts.piece_at(s);
            let units = if p.is_some() {
                vec![PieceView {
                    // A ghost is its own type in the picture: "Ghost Rook", drawn translucent.
                    name: format!("Ghost {}", NAMES[p.kind() as usize]),
                    note: Some("ghost".to_string()),
                    ..board8::piece_view(p, &LETTERS, &NAMES)
                }]
            } else {
                Vec::new()
            };
            v.squares.push(SquareView {
                square: s,
                zone: Zone::Edge,
                units,
            });
        }
        v
    }
}

impl Ghost {
    /// Ghost's SAN parts: chess's for living and ghost moves; a spawn (GHO-26) names the
    /// captured piece and its edge square, with the type it takes under GHO-45 (`P@z8=Q`).
    fn san_parts(&self, units: &crate::san::Units, mv: Move, token: &str) -> crate::san::SanParts {
        if mv.kind() != MoveKind::Decision {
            return crate::san::common_parts(units, mv, token, &["P"]);
        }
        let mut text = String::new();
        if let Some(p) = self.pending() {
            text.push(LETTERS[p.piece.kind() as usize].to_ascii_uppercase());
        }
        text.push('@');
        Geometry::Framed8.write_name(mv.to(), &mut text);
        if let Some(k) = mv.piece_kind() {
            text.push('=');
            text.push(LETTERS[k as usize].to_ascii_uppercase());
        }
        crate::san::SanParts::plain(text)
    }
}
