//! The piece catalogue: every piece type of a variant as people and tools meet it, declared once
//! in the variant's folder ([`crate::rules::Notation::piece_types`]). Pictures, the browser
//! board's key and help, `d`, `docs/pieces.md` and GUI adapters read it; nothing else lists
//! piece types.

/// One piece type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceType {
    /// The full name, the same for the same piece in every variant (`Bishop`); pictures pick
    /// the glyph by it.
    pub name: &'static str,
    /// The FEN code in upper case (White): `N`, `*A`, `^V`.
    pub code: &'static str,
    /// How it moves in Betza notation (XBetza where the plain one cannot say it), as far as
    /// Betza can say it; empty where it cannot say anything useful.
    pub betza: &'static str,
    /// One plain sentence for what Betza cannot say (crushes, invokes, explosions, immunities);
    /// empty when Betza says it all.
    pub special: &'static str,
    /// Its value for the key, in centipawns (a pawn is about 100); 0 for a royal piece.
    pub value: i32,
    /// Whether losing it loses the game (a king, Duggan's Adept, Eldritch's lieges).
    pub royal: bool,
    /// Where it stands: on the board, or off it (Ghost Chess's ghosts on the edge ring).
    pub off_board: bool,
}

impl PieceType {
    /// A board piece that Betza describes fully.
    pub const fn plain(
        name: &'static str,
        code: &'static str,
        betza: &'static str,
        value: i32,
    ) -> Self {
        PieceType {
            name,
            code,
            betza,
            special: "",
            value,
            royal: false,
            off_board: false,
        }
    }

    /// The same with the sentence Betza cannot say.
    pub const fn with_special(self, special: &'static str) -> Self {
        PieceType { special, ..self }
    }

    /// The same as a royal piece (value 0).
    pub const fn royal(self) -> Self {
        PieceType {
            royal: true,
            value: 0,
            ..self
        }
    }

    /// The same, standing off the board (Ghost Chess's edge ring).
    pub const fn off_board(self) -> Self {
        PieceType {
            off_board: true,
            ..self
        }
    }

    /// The FEN letter in lower case of a one-letter code (what the variants' tables index).
    pub const fn letter(&self) -> char {
        self.code.as_bytes()[0].to_ascii_lowercase() as char
    }
}

/// The lower-case letters of one-letter codes, in table order (FEN tables of the variants).
pub const fn letters<const N: usize>(pieces: &[PieceType; N]) -> [char; N] {
    let mut out = ['?'; N];
    let mut i = 0;
    while i < N {
        out[i] = pieces[i].letter();
        i += 1;
    }
    out
}

/// The names in table order.
pub const fn names<const N: usize>(pieces: &[PieceType; N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = pieces[i].name;
        i += 1;
    }
    out
}

/// The values in table order (the move ordering's piece values where a variant uses them).
pub const fn values<const N: usize>(pieces: &[PieceType; N]) -> [i32; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = pieces[i].value;
        i += 1;
    }
    out
}

/// The type named `name` in `pieces`.
pub fn by_name<'a>(pieces: &'a [PieceType], name: &str) -> Option<&'a PieceType> {
    pieces.iter().find(|t| t.name == name)
}
