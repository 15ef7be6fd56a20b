//! Where a piece goes on an empty board, read from its Betza description (the piece
//! catalogue's `betza`), for the diagrams that teach a piece: the rules pages' move pictures.
//!
//! It reads the plain Betza that the catalogues use: the atoms W F D N A H C Z G, the compounds
//! K (WF), R (WW), B (FF) and Q (RB); a doubled atom or a number after it for a rider and its
//! range; the modifiers m (moves only), c (captures only), f/b (forward, backward), l/r/s
//! (left, right, sideways), v (vertical), with n (lame) and i (first move only) shown as plain
//! moves on an empty board. An atom with an XBetza modifier it does not read (y, a, p, g, z...:
//! bent and hopping riders) is left out and reported, so the picture never draws a wrong move;
//! the catalogue's sentence says what it does.

/// What a piece may do on one square of the diagram.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    pub moves: bool,
    pub captures: bool,
}

/// A square of the diagram as (dx, dy) from the piece, White's forward = +dy.
pub type Offset = (i8, i8);

/// The squares within `radius` the Betza description reaches on an empty board, and whether
/// some atom was left out.
pub fn reach(betza: &str, radius: i8) -> (Vec<(Offset, Reach)>, bool) {
    let mut out: Vec<(Offset, Reach)> = Vec::new();
    let mut skipped = false;
    let chars: Vec<char> = betza.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let mut modifiers = String::new();
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            modifiers.push(chars[i]);
            i += 1;
        }
        let Some(&letter) = chars.get(i) else { break };
        i += 1;
        let mut range = 1i8;
        if chars.get(i) == Some(&letter) {
            range = radius;
            i += 1;
        } else {
            let digits: String = chars[i..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            if !digits.is_empty() {
                i += digits.len();
                range = digits.parse::<i8>().unwrap_or(radius).min(radius);
            }
        }
        if modifiers.chars().any(|m| !"mcfblrsvni".contains(m)) {
            skipped = true;
            continue;
        }
        for (atom, atom_range) in expand(letter, range, radius) {
            add_atom(&mut out, atom, atom_range, &modifiers, radius);
        }
    }
    (out, skipped)
}

/// The basic leaps of a letter with their range: compounds become their parts.
fn expand(letter: char, range: i8, radius: i8) -> Vec<((i8, i8), i8)> {
    let leap = |d: (i8, i8)| vec![(d, range)];
    match letter {
        'W' => leap((1, 0)),
        'F' => leap((1, 1)),
        'D' => leap((2, 0)),
        'N' => leap((2, 1)),
        'A' => leap((2, 2)),
        'H' => leap((3, 0)),
        'C' => leap((3, 1)),
        'Z' => leap((3, 2)),
        'G' => leap((3, 3)),
        'K' => vec![((1, 0), range), ((1, 1), range)],
        'R' => vec![((1, 0), radius)],
        'B' => vec![((1, 1), radius)],
        'Q' => vec![((1, 0), radius), ((1, 1), radius)],
        _ => Vec::new(),
    }
}

/// Every symmetric direction of the leap `(a, b)` that the direction modifiers allow, ridden
/// up to `range` steps.
fn add_atom(
    out: &mut Vec<(Offset, Reach)>,
    (a, b): (i8, i8),
    range: i8,
    modifiers: &str,
    radius: i8,
) {
    let mode = Reach {
        moves: !modifiers.contains('c') || modifiers.contains('m'),
        captures: !modifiers.contains('m') || modifiers.contains('c'),
    };
    let mut dirs: Vec<(i8, i8)> = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let d = (x * sx, y * sy);
            if !dirs.contains(&d) && allowed(d, modifiers) {
                dirs.push(d);
            }
        }
    }
    for (dx, dy) in dirs {
        for k in 1..=range {
            let to = (dx * k, dy * k);
            if to.0.abs() > radius || to.1.abs() > radius {
                break;
            }
            match out.iter_mut().find(|(sq, _)| *sq == to) {
                Some((_, r)) => {
                    r.moves |= mode.moves;
                    r.captures |= mode.captures;
                }
                None => out.push((to, mode)),
            }
        }
    }
}

/// Whether the direction modifiers allow the step `(dx, dy)`: within the vertical letters (f,
/// b, v) and within the horizontal ones (l, r, s) any may match; both kinds present must both.
fn allowed((dx, dy): (i8, i8), modifiers: &str) -> bool {
    let has = |c: char| modifiers.contains(c);
    let vertical = ['f', 'b', 'v'].iter().any(|&c| has(c));
    let horizontal = ['l', 'r', 's'].iter().any(|&c| has(c));
    let vertical_ok = !vertical
        || (has('f') && dy > 0)
        || (has('b') && dy < 0)
        || (has('v') && dy.abs() > dx.abs());
    let horizontal_ok = !horizontal
        || (has('l') && dx < 0)
        || (has('r') && dx > 0)
        || (has('s') && dx.abs() > dy.abs());
    vertical_ok && horizontal_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(betza: &str) -> Vec<(i8, i8)> {
        let mut s: Vec<(i8, i8)> = reach(betza, 4).0.into_iter().map(|(sq, _)| sq).collect();
        s.sort();
        s
    }

    #[test]
    fn the_chess_pieces_read_as_they_move() {
        assert_eq!(squares("K").len(), 8);
        assert_eq!(squares("N").len(), 8);
        assert_eq!(squares("R").len(), 16);
        assert_eq!(squares("B").len(), 16);
        assert_eq!(squares("Q").len(), 32);
        assert!(squares("N").contains(&(1, 2)) && !squares("N").contains(&(2, 2)));
    }

    #[test]
    fn the_pawn_moves_forward_and_captures_diagonally() {
        let (reach, skipped) = reach("fmWfcF", 4);
        assert!(!skipped);
        let at = |sq| reach.iter().find(|(s, _)| *s == sq).map(|(_, r)| *r);
        assert_eq!(
            at((0, 1)),
            Some(Reach {
                moves: true,
                captures: false
            })
        );
        assert_eq!(
            at((1, 1)),
            Some(Reach {
                moves: false,
                captures: true
            })
        );
        assert_eq!(
            at((-1, 1)),
            Some(Reach {
                moves: false,
                captures: true
            })
        );
        assert_eq!(reach.len(), 3);
    }

    #[test]
    fn compounds_ranges_and_lame_leaps() {
        // ArchMage's Mage: king, knight, alfil and dabbaba leaps.
        assert_eq!(squares("KNAD").len(), 8 + 8 + 4 + 4);
        // A limited rider: two steps each way orthogonally.
        assert_eq!(squares("W2").len(), 8);
        // Duggan's Mercenary: forward step and forward lame two-step, moves only.
        assert_eq!(squares("mfWmfnD"), vec![(0, 1), (0, 2)]);
    }

    #[test]
    fn bent_riders_are_left_out_not_drawn_wrong() {
        // ArchMage's Manticore: the orthogonal step is drawn, the bent slide after it is not.
        let (reach, skipped) = reach("WyafsW", 4);
        assert!(skipped);
        assert_eq!(reach.len(), 4);
    }
}
