//! Drawn piece glyphs: one per piece type, as SVG shapes (no fonts).
//!
//! A glyph is a *base* silhouette plus, for most types, an *emblem*. The six chess pieces are
//! chess silhouettes; a chess compound (ArchMage's Amazon, Chancellor, ...) is the silhouette of
//! its main part with the emblem of what it adds in a round badge at its foot (a knight's L, a
//! step). Every other type has a base by class (a wizard's hat and robe, a shield, a beast's
//! head, a spell's sunburst, a mitre, a sheet ghost, a stone block, a crown, a winged orb, a gem)
//! with its own emblem in the middle (an eye, a bolt, a flame, a crescent, ...). Within one
//! variant no two types share a base and an emblem, and `pictures/tests/glyphs.rs` checks that
//! every pair of rasterised glyphs differs.
//!
//! White pieces are light with a dark outline, Black pieces dark with a light outline ringed in
//! black (so they stand out on light and dark squares alike). A Ghost Chess ghost is the living
//! piece's glyph drawn translucent with a dashed outline.
//!
//! Glyphs are looked up by the type's full name ([`grimoire_engine::view::PieceView::name`]),
//! which is the same for the same piece across variants (a Bishop is a Bishop everywhere).

use grimoire_engine::piece::Color;
use std::fmt::Write;

/// The silhouette a glyph is built on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    /// A wizard's pointed hat over a robe: spellcasters.
    Hat,
    /// A heater shield: warriors.
    Shield,
    /// A beast's eared head: creatures.
    Beast,
    /// A sunburst: spells.
    Orb,
    /// A mitre: priests.
    Mitre,
    /// A sheet ghost: spirits and tricksters.
    Spirit,
    /// A stone block: constructs.
    Tower,
    /// A big crown over a cup: royal and commanding types.
    Crown,
    /// A winged orb: flyers.
    Winged,
    /// A cut gem: tokens.
    Gem,
}

impl Base {
    /// Whether the base is one of the six chess silhouettes (whose emblem goes in a badge).
    pub const fn is_chess(self) -> bool {
        matches!(
            self,
            Base::King | Base::Queen | Base::Rook | Base::Bishop | Base::Knight | Base::Pawn
        )
    }
}

/// The mark that tells types of one base apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Emblem {
    Plus,
    Saltire,
    Star8,
    KnightL,
    Ring,
    Bolt,
    Flame,
    Eye,
    Crescent,
    Star5,
    Heart,
    Triangle,
    Diamond,
    Wave,
    ArrowUp,
    Hourglass,
    Bow,
    Sword,
    Leaf,
    Square,
    Dots3,
    Chevron,
    Question,
    Fang,
    Portal,
    Pendulum,
    Skull,
    HalfDisc,
    Twin,
    Drop,
}

/// One type's glyph.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Glyph {
    pub base: Base,
    pub emblem: Option<Emblem>,
    /// Drawn translucent with a dashed outline (Ghost Chess's ghosts).
    pub ghost: bool,
}

const fn plain(base: Base) -> Glyph {
    Glyph {
        base,
        emblem: None,
        ghost: false,
    }
}

const fn with(base: Base, emblem: Emblem) -> Glyph {
    Glyph {
        base,
        emblem: Some(emblem),
        ghost: false,
    }
}

use Base as B;
use Emblem as E;

/// Every type with a glyph, by full name. A name shared by several variants names the same
/// piece and gets the same glyph.
pub const GLYPHS: &[(&str, Glyph)] = &[
    // Chess (and every variant's FIDE pieces).
    ("King", plain(B::King)),
    ("Queen", plain(B::Queen)),
    ("Rook", plain(B::Rook)),
    ("Bishop", plain(B::Bishop)),
    ("Knight", plain(B::Knight)),
    ("Pawn", plain(B::Pawn)),
    // Duggan.
    ("Golem", with(B::Tower, E::Square)),
    ("Mercenary", with(B::Shield, E::Plus)),
    ("Archer", with(B::Shield, E::Bow)),
    ("Commander", with(B::Crown, E::Star8)),
    ("Assassin", with(B::Spirit, E::Sword)),
    ("Adept", with(B::Hat, E::Star5)),
    // ArchMage.
    ("ArchMage", with(B::Hat, E::Star8)),
    ("Mage", with(B::Hat, E::Star5)),
    ("Sorceress", with(B::Hat, E::Crescent)),
    ("Lion", with(B::Beast, E::Ring)),
    ("Phoenix", with(B::Winged, E::Flame)),
    ("Prince", with(B::Crown, E::ArrowUp)),
    ("Amazon", with(B::Queen, E::KnightL)),
    ("Archbishop", with(B::Bishop, E::KnightL)),
    ("Chancellor", with(B::Rook, E::KnightL)),
    ("Centaur", with(B::Knight, E::Ring)),
    ("Buffalo", with(B::Beast, E::Triangle)),
    ("Dragon King", with(B::Rook, E::Saltire)),
    ("Dragon Horse", with(B::Bishop, E::Plus)),
    ("Manticore", with(B::Beast, E::Fang)),
    ("Griffon", with(B::Winged, E::Chevron)),
    // Eldritch.
    ("Abjurer", with(B::Hat, E::Square)),
    ("Barricade", with(B::Tower, E::Saltire)),
    ("Celestial", with(B::Winged, E::Star5)),
    ("Diviner", with(B::Hat, E::Eye)),
    ("Enchanter", with(B::Hat, E::Heart)),
    ("Familiar", with(B::Beast, E::Crescent)),
    ("Gargoyle", with(B::Tower, E::Fang)),
    ("Highlander", with(B::Shield, E::Sword)),
    ("Illusionist", with(B::Hat, E::Diamond)),
    ("Court Magician", with(B::Crown, E::Star5)),
    ("Lightning Bolt", with(B::Orb, E::Bolt)),
    ("Mystic", with(B::Hat, E::Crescent)),
    ("Necromancer", with(B::Hat, E::Skull)),
    ("Ooze", with(B::Orb, E::Dots3)),
    ("Pendulum", with(B::Orb, E::Pendulum)),
    ("Riddle", with(B::Gem, E::Question)),
    ("Shadowmancer", with(B::Hat, E::HalfDisc)),
    ("Giant", with(B::Tower, E::Plus)),
    ("Druid", with(B::Mitre, E::Leaf)),
    ("Valkyrie", with(B::Winged, E::Sword)),
    ("Dragon", with(B::Winged, E::Flame)),
    ("Fireball", with(B::Orb, E::Flame)),
    ("Archmage", with(B::Hat, E::Star8)),
    ("Berserker", with(B::Shield, E::Chevron)),
    ("Conjurer", with(B::Hat, E::Dots3)),
    ("Doppelganger", with(B::Spirit, E::Twin)),
    ("Evoker", with(B::Hat, E::Bolt)),
    ("Fiend", with(B::Beast, E::Flame)),
    ("Geomancer", with(B::Hat, E::Triangle)),
    ("Ghost", with(B::Spirit, E::Eye)),
    ("Initiate", with(B::Mitre, E::ArrowUp)),
    ("Miasma", with(B::Orb, E::Wave)),
    ("Portalkeeper", with(B::Hat, E::Portal)),
    ("Pontiff", with(B::Mitre, E::Plus)),
    ("Gremlin", with(B::Beast, E::Bolt)),
    ("Shapeshifter", with(B::Spirit, E::Hourglass)),
    ("Beast", with(B::Beast, E::KnightL)),
    ("Vampire", with(B::Winged, E::Fang)),
    ("Shieldmaiden", with(B::Shield, E::Star8)),
    ("Sphinx", with(B::Beast, E::Triangle)),
];

/// The glyph of the type named `name`, if it has one.
pub fn glyph(name: &str) -> Option<Glyph> {
    // Ghost Chess's ghosts ("Ghost Rook") are their living piece drawn as a ghost; Eldritch's
    // Ghost (no second word) is a type of its own.
    if let Some(living) = name.strip_prefix("Ghost ") {
        return glyph(living).map(|g| Glyph { ghost: true, ..g });
    }
    GLYPHS.iter().find(|(n, _)| *n == name).map(|(_, g)| *g)
}

/// Fill, outline and (for Black) the dark ring under the light outline.
struct Palette {
    body: &'static str,
    line: &'static str,
    ring: Option<&'static str>,
}

fn palette(color: Color) -> Palette {
    match color {
        Color::White => Palette {
            body: "#fbf7ea",
            line: "#1d1d1d",
            ring: None,
        },
        Color::Black => Palette {
            body: "#2b2b2b",
            line: "#f3efe2",
            ring: Some("#000000"),
        },
    }
}

/// The silhouette's shapes (drawn filled and outlined), its detail strokes (drawn in the outline
/// colour), and where its emblem goes: centre and scale (emblems are drawn within +-14 units).
struct Silhouette {
    shapes: &'static str,
    details: &'static str,
    emblem_at: (f32, f32, f32),
}

/// The chess pieces' emblem badge: a disc at the foot of the silhouette.
const BADGE: (f32, f32, f32) = (77.0, 77.0, 18.0);

fn silhouette(base: Base) -> Silhouette {
    let s = |shapes, details, emblem_at| Silhouette {
        shapes,
        details,
        emblem_at,
    };
    match base {
        B::King => s(
            r#"<path d="M22 93h56v-9H22z"/><path d="M29 84l6-33h30l6 33z"/><path d="M31 51h38v-8H31z"/><path d="M34 43c-4-14 6-20 16-20s20 6 16 20z"/><path d="M46 25v-7h-7v-7h7V4h8v7h7v7h-7v7z"/>"#,
            "",
            BADGE,
        ),
        B::Queen => s(
            r#"<path d="M22 93h56v-9H22z"/><path d="M29 84l8-32h26l8 32z"/><path d="M31 52h38v-7H31z"/><path d="M31 45L24 20l14 14 5-22 7 20 7-20 5 22 14-14-7 25z"/><circle cx="24" cy="18" r="5"/><circle cx="43" cy="11" r="5"/><circle cx="57" cy="11" r="5"/><circle cx="76" cy="18" r="5"/>"#,
            "",
            BADGE,
        ),
        B::Rook => s(
            r#"<path d="M20 93h60v-10H20z"/><path d="M30 83l3-40h34l3 40z"/><path d="M27 43h46v-7H27z"/><path d="M27 36V14h10v8h8v-8h10v8h8v-8h10v22z"/>"#,
            "",
            BADGE,
        ),
        B::Bishop => s(
            r#"<path d="M22 93h56v-9H22z"/><path d="M31 84l8-28h22l8 28z"/><path d="M34 56h32v-7H34z"/><path d="M50 14c14 10 20 22 14 35H36c-6-13 0-25 14-35z"/><circle cx="50" cy="10" r="5"/>"#,
            r#"<path d="M58 24L46 38" stroke-width="4" stroke-linecap="round"/>"#,
            BADGE,
        ),
        B::Knight => s(
            r#"<path d="M22 93h56v-9H22z"/><path d="M28 84c0-14 10-22 16-30-6 4-14 6-18 8-6 3-10-2-8-7l8-14c4-8 8-14 16-18l2-10 8 8c16 2 28 16 28 38v25z"/>"#,
            r#"<circle cx="40" cy="31" r="3.5" stroke="none" data-fill="line"/><path d="M63 24c6 10 8 24 6 40" stroke-width="3" fill="none" stroke-linecap="round"/>"#,
            BADGE,
        ),
        B::Pawn => s(
            r#"<path d="M24 93h52v-9H24z"/><path d="M31 84c2-14 8-22 13-26h12c5 4 11 12 13 26z"/><path d="M37 58h26v-6H37z"/><circle cx="50" cy="36" r="15"/>"#,
            "",
            BADGE,
        ),
        B::Hat => s(
            r#"<path d="M32 47L17 93h66L68 47z"/><path d="M62 5c-2 12-14 22-26 37h28c-4-12-6-24-2-37z"/><path d="M20 43c10-6 50-6 60 0-10 6-50 6-60 0z"/>"#,
            "",
            (50.0, 71.0, 1.15),
        ),
        B::Shield => s(
            r#"<path d="M17 10h66v36c0 24-14 38-33 48-19-10-33-24-33-48z"/>"#,
            "",
            (50.0, 47.0, 1.45),
        ),
        B::Beast => s(
            r#"<path d="M21 48L19 6l29 20z"/><path d="M79 48l2-42-29 20z"/><circle cx="50" cy="58" r="34"/>"#,
            "",
            (50.0, 60.0, 1.4),
        ),
        B::Orb => s(
            r#"<path d="M50 3l9 16 17-7-2 18 18 4-13 13 13 13-18 4 2 18-17-7-9 16-9-16-17 7 2-18-18-4 13-13-13-13 18-4-2-18 17 7z"/>"#,
            "",
            (50.0, 50.0, 1.3),
        ),
        B::Mitre => s(
            r#"<path d="M50 5c20 12 27 32 23 56v32H27V61c-4-24 3-44 23-56z"/>"#,
            r#"<path d="M27 78h46" stroke-width="3" fill="none"/>"#,
            (50.0, 47.0, 1.3),
        ),
        B::Spirit => s(
            r#"<path d="M20 93V44a30 30 0 0 1 60 0v49l-10-9-10 9-10-9-10 9-10-9z"/>"#,
            "",
            (50.0, 50.0, 1.4),
        ),
        B::Tower => s(
            r#"<path d="M19 93V30l12-17h38l12 17v63z"/>"#,
            r#"<path d="M19 30h62" stroke-width="3" fill="none"/>"#,
            (50.0, 62.0, 1.5),
        ),
        B::Crown => s(
            r#"<path d="M28 50h44l-5 43H33z"/><path d="M17 47L12 10l19 18L50 6l19 22 19-18-5 37z"/>"#,
            "",
            (50.0, 71.0, 1.05),
        ),
        B::Winged => s(
            r#"<path d="M34 50C22 28 10 22 2 24c6 14 4 28 12 40 6 8 14 10 22 8z"/><path d="M66 50c12-22 24-28 32-26-6 14-4 28-12 40-6 8-14 10-22 8z"/><circle cx="50" cy="56" r="24"/>"#,
            "",
            (50.0, 56.0, 1.15),
        ),
        B::Gem => s(
            r#"<path d="M30 10h40l16 24-36 60-36-60z"/>"#,
            r#"<path d="M14 34h72" stroke-width="3" fill="none"/>"#,
            (50.0, 55.0, 1.05),
        ),
    }
}

/// An emblem in local units (+-14 around the origin): `ink` draws it, `bg` cuts holes in it.
fn emblem_svg(e: Emblem, ink: &str, bg: &str) -> String {
    let stroke = |w: f32, d: &str| {
        format!(
            r#"<path d="{d}" fill="none" stroke="{ink}" stroke-width="{w}" stroke-linecap="round" stroke-linejoin="round"/>"#
        )
    };
    let fill = |d: &str| format!(r#"<path d="{d}" fill="{ink}" stroke="none"/>"#);
    let dot = |x: f32, y: f32, r: f32, c: &str| {
        format!(r#"<circle cx="{x}" cy="{y}" r="{r}" fill="{c}" stroke="none"/>"#)
    };
    match e {
        E::Plus => stroke(5.0, "M0 -13V13M-13 0H13"),
        E::Saltire => stroke(5.0, "M-10 -10L10 10M10 -10L-10 10"),
        E::Star8 => stroke(3.6, "M0 -13V13M-13 0H13M-9.5 -9.5L9.5 9.5M9.5 -9.5L-9.5 9.5"),
        E::KnightL => stroke(4.5, "M-7 -13V7H7") + &dot(9.0, 7.0, 4.5, ink),
        E::Ring => {
            stroke(4.0, "M-11 0a11 11 0 1 0 22 0a11 11 0 1 0-22 0z") + &dot(0.0, 0.0, 3.5, ink)
        }
        E::Bolt => fill("M4 -14L-9 2H-1L-4 14L9 -3H1Z"),
        E::Flame => fill(
            "M1 -14C6 -6 12 -1 10 6C8 12 4 14 0 14C-4 14 -9 12 -10 6C-11 0 -6 -3 -4 -9C-3 -3 0 -2 2 -3C3 -7 2 -10 1 -14Z",
        ),
        E::Eye => fill("M-14 0Q0 -13 14 0Q0 13 -14 0Z") + &dot(0.0, 0.0, 4.5, bg),
        E::Crescent => fill("M3 -13A13.5 13.5 0 1 0 3 13A16 16 0 0 1 3 -13Z"),
        E::Star5 => fill("M0 -14L3.6 -4.9L13.3 -4.3L5.8 1.9L8.2 11.3L0 6L-8.2 11.3L-5.8 1.9L-13.3 -4.3L-3.6 -4.9Z"),
        E::Heart => fill("M0 12C-14 3 -13 -11 -5 -11C-2 -11 0 -8 0 -6C0 -8 2 -11 5 -11C13 -11 14 3 0 12Z"),
        E::Triangle => fill("M0 -13L13 11H-13Z"),
        E::Diamond => fill("M0 -14L10 0L0 14L-10 0Z"),
        E::Wave => stroke(3.5, "M-13 -5q3.25 -6 6.5 0t6.5 0t6.5 0t6.5 0M-13 6q3.25 -6 6.5 0t6.5 0t6.5 0t6.5 0"),
        E::ArrowUp => stroke(4.5, "M0 13V-11M-9 -2L0 -12L9 -2"),
        E::Hourglass => fill("M-10 -13H10L-10 13H10Z"),
        E::Bow => {
            stroke(3.5, "M-5 -13Q13 0 -5 13")
                + &stroke(1.6, "M-5 -13V13")
                + &stroke(3.0, "M-12 0H12M7 -4L12 0L7 4")
        }
        E::Sword => fill("M0 -15L3 -11V5H-3V-11Z") + &stroke(3.5, "M-8 5H8M0 6V13"),
        E::Leaf => {
            fill("M-11 12C-13 -4 0 -14 12 -13C12 1 4 12 -11 12Z")
                + &format!(
                    r#"<path d="M-9 10L7 -8" fill="none" stroke="{bg}" stroke-width="2"/>"#
                )
        }
        E::Square => stroke(4.5, "M-10 -10H10V10H-10Z"),
        E::Dots3 => dot(0.0, -8.0, 5.0, ink) + &dot(-8.0, 6.0, 5.0, ink) + &dot(8.0, 6.0, 5.0, ink),
        E::Chevron => stroke(4.5, "M-11 -1L0 -11L11 -1M-11 10L0 0L11 10"),
        E::Question => stroke(4.5, "M-7 -6C-7 -14 7 -14 7 -6C7 0 0 0 0 5") + &dot(0.0, 11.5, 3.0, ink),
        E::Fang => fill("M-13 -10H13V-5L7 12L3 -5H-3L-7 12L-13 -5Z"),
        E::Portal => {
            stroke(3.0, "M-12 0a12 12 0 1 0 24 0a12 12 0 1 0-24 0z")
                + &stroke(3.0, "M-6 0a6 6 0 1 0 12 0a6 6 0 1 0-12 0z")
                + &dot(0.0, 0.0, 2.0, ink)
        }
        E::Pendulum => {
            stroke(2.6, "M0 -13L6 5") + &dot(0.0, -13.0, 2.5, ink) + &dot(7.0, 7.0, 6.5, ink)
        }
        E::Skull => {
            fill("M-11 2A11 11 0 1 1 11 2V6H5V12H-5V6H-11Z")
                + &dot(-4.5, -1.0, 3.3, bg)
                + &dot(4.5, -1.0, 3.3, bg)
        }
        E::HalfDisc => {
            stroke(3.0, "M-12 0a12 12 0 1 0 24 0a12 12 0 1 0-24 0z")
                + &fill("M0 -12A12 12 0 0 0 0 12Z")
        }
        E::Twin => {
            stroke(3.5, "M-13 0a6.5 6.5 0 1 0 13 0a6.5 6.5 0 1 0-13 0z")
                + &stroke(3.5, "M0 0a6.5 6.5 0 1 0 13 0a6.5 6.5 0 1 0-13 0z")
        }
        E::Drop => fill("M0 -14C5 -5 10 0 10 5A10 10 0 0 1 -10 5C-10 0 -5 -5 0 -14Z"),
    }
}

/// Writes `glyph` in `color` centred on (`cx`, `cy`) in a box of side `size`, as
/// `<g class="glyph" data-glyph="...">`.
pub fn draw(out: &mut String, glyph: Glyph, color: Color, cx: f32, cy: f32, size: f32) {
    let p = palette(color);
    let s = size / 100.0;
    let (x, y) = (cx - size / 2.0, cy - size / 2.0);
    let ghost = if glyph.ghost { r#" opacity="0.6""# } else { "" };
    let _ = write!(
        out,
        r#"<g class="glyph" data-glyph="{}" transform="translate({} {}) scale({})"{ghost}>"#,
        key(glyph),
        fmt(x),
        fmt(y),
        fmt(s)
    );
    out.push_str(&glyph_body(glyph, color, &p));
    out.push_str("</g>");
}

/// The glyph in its 100-unit box, without placement.
fn glyph_body(glyph: Glyph, color: Color, p: &Palette) -> String {
    let sil = silhouette(glyph.base);
    let dash = if glyph.ghost {
        r#" stroke-dasharray="7 4""#
    } else {
        ""
    };
    let mut out = String::new();
    if let Some(ring) = p.ring {
        let _ = write!(
            out,
            r#"<g fill="{ring}" stroke="{ring}" stroke-width="7" stroke-linejoin="round">{}</g>"#,
            sil.shapes
        );
    }
    let width = if color == Color::White { 3.5 } else { 2.6 };
    let _ = write!(
        out,
        r#"<g fill="{}" stroke="{}" stroke-width="{width}" stroke-linejoin="round"{dash}>{}</g>"#,
        p.body, p.line, sil.shapes
    );
    if !sil.details.is_empty() {
        let details = sil
            .details
            .replace(r#"data-fill="line""#, &format!(r#"fill="{}""#, p.line));
        let _ = write!(out, r#"<g stroke="{}" fill="none">{details}</g>"#, p.line);
    }
    if let Some(e) = glyph.emblem {
        let (ex, ey, es) = sil.emblem_at;
        if glyph.base.is_chess() {
            // A badge in the outline colour with the emblem in the body colour.
            let _ = write!(
                out,
                r#"<circle class="badge-disc" cx="{ex}" cy="{ey}" r="{es}" fill="{}" stroke="{}" stroke-width="2.5"/><g transform="translate({ex} {ey}) scale(0.95)">{}</g>"#,
                p.line,
                p.ring.unwrap_or(p.body),
                emblem_svg(e, p.body, p.line)
            );
        } else {
            let _ = write!(
                out,
                r#"<g transform="translate({ex} {ey}) scale({es})">{}</g>"#,
                emblem_svg(e, p.line, p.body)
            );
        }
    }
    out
}

/// A short stable key naming the glyph's design (`data-glyph`): `rook+knightl`, `ghost-rook`.
pub fn key(glyph: Glyph) -> String {
    let mut k = String::new();
    if glyph.ghost {
        k.push_str("ghost-");
    }
    k.push_str(&format!("{:?}", glyph.base).to_ascii_lowercase());
    if let Some(e) = glyph.emblem {
        k.push('+');
        k.push_str(&format!("{e:?}").to_ascii_lowercase());
    }
    k
}

/// A standalone SVG document of one glyph in a `size`-pixel square (tests and previews).
pub fn glyph_document(glyph: Glyph, color: Color, size: u32) -> String {
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{size}" height="{size}" viewBox="0 0 {size} {size}">"#
    );
    let half = size as f32 / 2.0;
    draw(&mut out, glyph, color, half, half, size as f32);
    out.push_str("</svg>\n");
    out
}

/// A number for an attribute: at most two decimals, no trailing zeros.
fn fmt(v: f32) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}
