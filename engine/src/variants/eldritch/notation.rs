//! Eldritch move tokens (notation §3.6), the `d` board and the view.

use super::army::replaced_letters;
use super::catalogue::*;
use super::fen::keys::unplaced_text;
use super::fen::piece_token::state_text;
use super::geometry::board_mask;
use super::highlander::{PendingStage, PARAM_ROYAL};
use super::placement::{group_rook, home_squares};
use super::state::Eldritch;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece};
use crate::rules::Notation;
use crate::square::{Geometry, Square};
use crate::view::{BoardView, PieceView, SquareView, Zone};

const G: Geometry = Geometry::Framed8;

impl Notation for Eldritch {
    fn piece_types() -> &'static [crate::catalogue::PieceType] {
        super::pieces::piece_types()
    }

    /// SAN with Eldritch's codes (`*Cd2`, `^Vxc6@se`, `e8=*C`), invokes as the piece, its
    /// square and the token's invoke (`*Ce3!f3`), decisions and placements as their tokens
    /// (`docs/notation.md` §6.5).
    fn format_san(&self, mv: Move) -> String {
        crate::san::san_of(self, mv, true, san_parts)
    }

    fn format_san_all(&self) -> Vec<(Move, String)> {
        crate::san::san_all(self, true, san_parts)
    }

    /// Token of a legal action (notation §3.6).
    fn format_move(&self, mv: Move) -> String {
        let mut s = String::with_capacity(8);
        match mv.kind() {
            MoveKind::Null | MoveKind::Pass => return "0000".to_string(),
            // Reactions (notation §3.6): the Pawn that becomes a Knight, the Mystic's return.
            MoveKind::Decision if mv.piece_kind() == Some(MYSTIC) => {
                s.push_str(piece_type(MYSTIC).code);
                s.push('@');
                G.write_name(mv.to(), &mut s);
                return s;
            }
            MoveKind::Decision if mv.param() == super::reactions::DEC_RELEASE => {
                s.push('>'); // ELD-385: the square the released piece is placed on
                G.write_name(mv.to(), &mut s);
                return s;
            }
            MoveKind::Decision => {
                G.write_name(mv.to(), &mut s);
                s.push_str("=N");
                return s;
            }
            MoveKind::Placement if self.placing.is_none() => {
                // A Highlander return (notation §3.6 with our completions C1, C3).
                let stage = (mv.param() & 7) as usize;
                let royal = mv.param() & PARAM_ROYAL != 0;
                let pending: Vec<(usize, bool, u8)> = self.pending_returns(self.side).collect();
                let index = [
                    0,
                    PendingStage::BR,
                    PendingStage::BR,
                    PendingStage::N,
                    PendingStage::P,
                ][stage];
                s.push_str(piece_type(HIGHLANDER).code);
                if royal && pending.iter().any(|&(i, r, _)| i == index && !r) {
                    s.push('!');
                }
                let n_and_p = pending.iter().any(|&(i, _, _)| i == PendingStage::N)
                    && pending.iter().any(|&(i, _, _)| i == PendingStage::P);
                if index == PendingStage::BR || n_and_p {
                    s.push('=');
                    s.push(['Q', 'B', 'R', 'N', 'P'][stage]);
                }
                s.push('@');
                G.write_name(mv.to(), &mut s);
                return s;
            }
            MoveKind::Placement => {
                let kind = mv.piece_kind().unwrap_or(PAWN);
                let to = mv.to();
                let c = self.side;
                s.push_str(piece_type(kind).code);
                if let Some(p) = self.placing() {
                    let list = p.side(c);
                    let bundles = list.iter().filter(|u| u.kind == kind).count();
                    if bundles > 1 {
                        if let Some(u) = list.get(mv.param() as usize) {
                            s.push(':');
                            s.push_str(&replaced_letters(&u.replaced));
                        }
                    }
                    s.push('@');
                    G.write_name(to, &mut s);
                    if kind == ILLUSIONIST {
                        let mut others: Vec<(Square, u8)> = Vec::new();
                        for u in list.iter().filter(|u| u.kind == ROOK || u.kind == QUEEN) {
                            if let Some(rook) = group_rook(mv).filter(|_| u.kind == ROOK) {
                                others.push((rook, ROOK));
                                continue;
                            }
                            let free = home_squares(u.kind, c)
                                .into_iter()
                                .filter(|x| *x != to && self.piece_at(*x).is_none());
                            others.extend(free.take(u.count as usize).map(|x| (x, u.kind)));
                        }
                        others.sort();
                        for (x, k) in others {
                            s.push(',');
                            s.push_str(piece_type(k).code);
                            s.push('@');
                            G.write_name(x, &mut s);
                        }
                    }
                }
                return s;
            }
            _ => {}
        }
        G.write_name(mv.from(), &mut s);
        if mv.kind() == MoveKind::Invoke {
            self.write_invoke(mv, &mut s);
            return s;
        }
        G.write_name(mv.to(), &mut s);
        let kind = self.piece_at(mv.from()).kind();
        if mv.kind() == MoveKind::Promotion {
            s.push('=');
            s.push_str(piece_type(mv.piece_kind().unwrap_or(QUEEN)).code);
        } else if mv.param() != 0 {
            match kind {
                DRAGON => {
                    s.push('x');
                    G.write_name(Square::from_index(mv.param()), &mut s);
                }
                VAMPIRE => {
                    s.push('@');
                    s.push_str(DIRECTIONS[(mv.param() - 1) as usize].0);
                }
                _ => {}
            }
        }
        s
    }

    /// The `d` board: two-character cells and a legend of the codes present.
    fn render(&self) -> String {
        let mut out = String::new();
        // The board, with the frame's rows and files once a strip exists (`##`: no square).
        let framed = self.frame.any();
        let (rows, cols) = if framed {
            (0..=9u8, 0..=9u8)
        } else {
            (1..=8u8, 1..=8u8)
        };
        let line = format!("  +{}\n", "----+".repeat(cols.len()));
        out.push_str(&line);
        let mut present: Vec<u8> = Vec::new();
        let exists = self.exists();
        for row in rows.rev() {
            out.push_str(&format!("{row} "));
            for col in cols.clone() {
                let s = Square::new(col, row);
                let p = self.piece_at(s);
                let cell = if !exists.contains(s) {
                    "## ".to_string()
                } else if p.is_some() {
                    if !present.contains(&p.kind()) {
                        present.push(p.kind());
                    }
                    let code = colored_code(p.kind(), p.color() == Color::White);
                    let mark = if self.tag(s) != 0 { "'" } else { " " };
                    format!("{code:>2}{mark}")
                } else {
                    "   ".to_string()
                };
                out.push_str(&format!("| {cell}"));
            }
            out.push_str("|\n");
            out.push_str(&line);
        }
        out.push_str(if framed {
            "     z    a    b    c    d    e    f    g    h    i"
        } else {
            "     a    b    c    d    e    f    g    h"
        });
        if !present.is_empty() {
            // The key of the types on the board follows in `d`, from the catalogue.
            out.push_str(
                "\n\nUpper case White, lower case Black; ' marks a piece with state of its own (braces or ! in the FEN).",
            );
        }
        if let Some(p) = self.placing() {
            out.push_str("\n\nPlacement phase, unplaced:");
            for c in Color::BOTH {
                let items: Vec<String> = p.side(c).iter().map(|u| unplaced_text(u, c)).collect();
                out.push_str(&format!("\n  {}: {}", c.name(), items.join(", ")));
            }
        }
        out
    }

    fn view(&self) -> BoardView {
        let squares = self
            .exists()
            .into_iter()
            .map(|square| {
                let p = self.piece_at(square);
                let unit = |p: Piece| {
                    PieceView::new(
                        piece_type(p.kind()).code,
                        piece_type(p.kind()).name,
                        p.color(),
                    )
                };
                let mut units = Vec::new();
                if p.is_some() {
                    let state = state_text(self, square);
                    units.push(PieceView {
                        note: (!state.is_empty()).then_some(state),
                        ..unit(p)
                    });
                    // Stacked units (part 2: riders, suborned pieces), top first.
                    let mut below: Vec<Piece> = self.extra.stacked_on(square).collect();
                    below.reverse();
                    units.extend(below.into_iter().map(unit));
                }
                SquareView {
                    square,
                    // ELD-371: strips appear at the board's edge.
                    zone: if board_mask().contains(square) {
                        Zone::Board
                    } else {
                        Zone::Edge
                    },
                    units,
                }
            })
            .collect();
        BoardView {
            geometry: G,
            squares,
            hands: [Vec::new(), Vec::new()],
            side_to_move: self.side,
        }
    }
}

/// Eldritch's SAN parts (ELD-013 tokens read as SAN): chess's for moves, castling, promotions
/// and the Dragon's and Vampire's tails; an invoke is the invoker's code, its square and the
/// token from `!` on (`*Bd4!` blocks, `*Gb1!z1-z4` lays a strip), so it names its piece and
/// never needs a disambiguation; a pass is `pass`.
fn san_parts(units: &crate::san::Units, mv: Move, token: &str) -> crate::san::SanParts {
    if mv.kind() != MoveKind::Invoke {
        return crate::san::common_parts(units, mv, token, &["P"]);
    }
    let mut text = String::new();
    if let Some(invoker) = mv.from_opt().and_then(|s| units.top(s)) {
        text.push_str(&invoker.code);
    }
    text.push_str(token);
    crate::san::SanParts::plain(text)
}
