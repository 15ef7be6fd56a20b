//! Glyphs, key, PNG and JSON: every piece type of every variant has its own drawn glyph that
//! differs from every other type's of the variant (as SVG and as pixels), the key lists the
//! types shown, PNGs are real PNGs of the asked size, and the view's JSON parses back whole.

use grimoire_engine::piece::Color;
use grimoire_engine::square::{Geometry, Square};
use grimoire_engine::view::{BoardView, PieceView, SquareView, Zone};
use grimoire_pictures::glyphs::{self, glyph, glyph_document, Glyph};
use grimoire_pictures::png::render_png;
use grimoire_pictures::show::{self, ShowArgs};
use grimoire_pictures::svg::render_svg;
use grimoire_pictures::types::{types_view, variant_types, variants};
use grimoire_registry as registry;
use resvg::{tiny_skia, usvg};
use std::collections::BTreeSet;

/// The positions of `scripts/make_pictures.sh` (docs/pictures/*.png): variant and FEN.
const PICTURES: [(&str, &str); 7] = [
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "duggan",
        "gabsdbag/mmmmmmmm/8/2c5/5C2/8/MMMMMMMM/GABSDBAG w - - 0 1",
    ),
    (
        "archmage",
        "grusqkmurg/xbtfziftbx/pppppppppp/10/2alj3ch/3DHCJLA1/10/PPPPPPPPPP/XBTFZIFTBX/GRUSQKMURG[] w KQkq - 0 1",
    ),
    (
        "ghost",
        "rnbqk3/pppp4/8/8/8/8/PPPP4/RNBQK3 w - - 0 1 Qa0,Rb0,Bc0,Nd0,Pe0,Pg0,qz3,rz4,bi4,ni5,pa9,pc9",
    ),
    (
        "eldritch",
        "qrbn^ap*a*c/*e*g*i*k*o*p*s*u/*v*w*x^b^d^f^i^r/7^x/^X7/*V*W*X^B^D^F^I^R/*E*G*I*K*O*P*S*U/QRBNKP*A*C w - - 0 1",
    ),
    (
        "eldritch",
        "qrbn^vp*a*c/*e*g*i*k*o*p*s*u/*v*w*x^b^d^f^i^r/7^x/^X7/*V*W*X^B^D^F^I^R/*E*G*I*K*O*P*S*U/QRBN^PP*A*C w - - 0 1",
    ),
    (
        "hobgoblin",
        "r1bqkb1r1/pppp1ppp1/2n2n2=h/4p4/4P3=a/2(N,P)(Q~d1,B~f1)4=c/PP1P1PPPR/R1B(Q~d3)K(B~d3)N2 w Qkq - 2 7 L",
    ),
];

fn view_of(variant: &str, fen: &str) -> BoardView {
    let mut game = registry::create(variant).unwrap();
    game.set_position(Some(fen), &[])
        .unwrap_or_else(|e| panic!("{variant} {fen}: {e}"));
    game.view()
}

/// Every unit of a view, board and hands.
fn units(view: &BoardView) -> Vec<&PieceView> {
    view.squares
        .iter()
        .flat_map(|s| s.units.iter())
        .chain(view.hands.iter().flatten())
        .collect()
}

#[test]
fn every_type_of_every_variant_has_a_glyph() {
    let counts = [
        ("chess", 6),
        ("duggan", 7),
        ("archmage", 20),
        ("ghost", 11),
        ("eldritch", 46),
        ("hobgoblin", 6),
    ];
    for (variant, n) in counts {
        let types = variant_types(variant).unwrap();
        assert_eq!(types.len(), n, "{variant}");
        for t in types {
            assert!(
                glyph(t.name).is_some(),
                "{variant}: {} ({}) has no glyph",
                t.name,
                t.code
            );
        }
    }
    assert_eq!(variants(), registry::variant_names());
    for v in registry::variant_names() {
        assert!(variant_types(v).is_some(), "no type list for {v}");
    }
}

#[test]
fn every_unit_a_variant_shows_is_a_known_type_with_a_glyph() {
    // The views' names are the type lists' names: nothing falls back to a disc.
    for (variant, fen) in PICTURES {
        let view = view_of(variant, fen);
        let types = variant_types(variant).unwrap();
        for u in units(&view) {
            assert!(
                types.iter().any(|t| t.name == u.name && t.code == u.code),
                "{variant}: unit {} {} is not in the type list",
                u.code,
                u.name
            );
            assert!(
                glyph(&u.name).is_some(),
                "{variant}: {} has no glyph",
                u.name
            );
        }
        let svg = render_svg(&view, &[], None);
        assert!(
            !svg.contains("class=\"disc\""),
            "{variant}: a disc was drawn"
        );
    }
}

#[test]
fn the_pictures_hold_every_type_of_their_variant() {
    for variant in variants() {
        let shown: BTreeSet<String> = PICTURES
            .iter()
            .filter(|(v, _)| *v == variant)
            .flat_map(|(v, fen)| {
                units(&view_of(v, fen))
                    .into_iter()
                    .map(|u| u.name.clone())
                    .collect::<Vec<_>>()
            })
            .collect();
        let all: BTreeSet<String> = variant_types(variant)
            .unwrap()
            .iter()
            .map(|t| t.name.to_string())
            .collect();
        if variant == "eldritch" {
            // EFEN holds part-1 types only; the type sheet (`show --types`) holds them all.
            assert!(shown.is_subset(&all));
            assert_eq!(shown.len(), 28, "{shown:?}");
            let sheet: BTreeSet<String> = units(&types_view(variant).unwrap())
                .into_iter()
                .map(|u| u.name.clone())
                .collect();
            assert_eq!(sheet, all);
        } else {
            assert_eq!(shown, all, "{variant}");
        }
    }
}

/// `glyph` drawn alone at `size` pixels: RGBA bytes.
fn raster(g: Glyph, color: Color, size: u32) -> Vec<u8> {
    let svg = glyph_document(g, color, size);
    let tree = usvg::Tree::from_str(&svg, &usvg::Options::default()).unwrap();
    let mut pixmap = tiny_skia::Pixmap::new(size, size).unwrap();
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap.data().to_vec()
}

/// Pixels that differ clearly between two rasters of the same size.
fn differing_pixels(a: &[u8], b: &[u8]) -> usize {
    a.chunks(4)
        .zip(b.chunks(4))
        .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 60))
        .count()
}

#[test]
fn each_glyph_differs_from_every_other_of_its_variant() {
    const SIZE: u32 = 48;
    for variant in variants() {
        let types = variant_types(variant).unwrap();
        for color in Color::BOTH {
            let drawn: Vec<(String, String, Vec<u8>)> = types
                .iter()
                .map(|t| {
                    let g = glyph(t.name).unwrap();
                    (
                        t.name.to_string(),
                        glyph_document(g, color, SIZE),
                        raster(g, color, SIZE),
                    )
                })
                .collect();
            for (i, (a, svg_a, px_a)) in drawn.iter().enumerate() {
                assert!(
                    px_a.chunks(4).filter(|p| p[3] > 128).count() > 200,
                    "{variant}: {a} draws next to nothing"
                );
                for (b, svg_b, px_b) in &drawn[i + 1..] {
                    assert_ne!(svg_a, svg_b, "{variant}: {a} and {b} have the same SVG");
                    let d = differing_pixels(px_a, px_b);
                    // At least 2% of the box: a different emblem or silhouette, not a speck.
                    assert!(
                        d >= (SIZE * SIZE / 50) as usize,
                        "{variant} {}: {a} and {b} differ in only {d} pixels",
                        color.name()
                    );
                }
            }
        }
    }
}

#[test]
fn ghosts_look_unlike_the_living_pieces() {
    for name in ["Queen", "Rook", "Bishop", "Knight", "Pawn"] {
        let living = glyph(name).unwrap();
        let ghost = glyph(&format!("Ghost {name}")).unwrap();
        assert!(!living.ghost && ghost.ghost);
        assert_eq!(living.base, ghost.base, "a ghost keeps its piece's outline");
        for color in Color::BOTH {
            let d = differing_pixels(&raster(living, color, 48), &raster(ghost, color, 48));
            assert!(d >= 100, "{name}: ghost differs in only {d} pixels");
        }
        assert!(glyphs::key(ghost).starts_with("ghost-"));
    }
}

#[test]
fn the_key_lists_each_type_on_the_board_once_with_its_glyph() {
    for (variant, fen) in PICTURES {
        let view = view_of(variant, fen);
        let svg = render_svg(&view, &[], None);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let items: Vec<roxmltree::Node> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("key-item"))
            .collect();
        let names: Vec<&str> = items
            .iter()
            .map(|n| n.attribute("data-name").unwrap())
            .collect();
        let listed: BTreeSet<&str> = names.iter().copied().collect();
        assert_eq!(listed.len(), names.len(), "{variant}: a type listed twice");
        let on_board: BTreeSet<&str> = units(&view).iter().map(|u| u.name.as_str()).collect();
        assert_eq!(listed, on_board, "{variant}");
        for item in items {
            let name = item.attribute("data-name").unwrap();
            let g = item
                .descendants()
                .find(|d| d.attribute("class") == Some("glyph"))
                .unwrap_or_else(|| panic!("{variant}: key entry {name} has no glyph"));
            assert_eq!(
                g.attribute("data-glyph"),
                Some(glyphs::key(glyph(name).unwrap()).as_str())
            );
            let label: String = item
                .descendants()
                .filter(|d| d.is_text())
                .filter_map(|d| d.text())
                .collect();
            assert!(label.starts_with(name), "{variant}: key label {label}");
        }
    }
}

/// Width and height from a PNG's signature and IHDR chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn png_is_a_png_of_the_asked_width() {
    let view = view_of("chess", PICTURES[0].1);
    let svg = render_svg(&view, &[], None);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let attr = |n: &str| -> f64 { doc.root_element().attribute(n).unwrap().parse().unwrap() };
    let (w, h) = (attr("width"), attr("height"));
    let png = render_png(&svg, Some(300)).unwrap();
    let (pw, ph) = png_size(&png);
    assert_eq!(pw, 300);
    assert_eq!(ph, (h * 300.0 / w).round() as u32);
    let default = render_png(&svg, None).unwrap();
    assert_eq!(png_size(&default), ((w * 2.0) as u32, (h * 2.0) as u32));
    assert!(render_png(&svg, Some(3)).is_err());
    assert!(render_png("not svg", Some(100)).is_err());
}

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("grimoire-glyph-test-{}-{name}", std::process::id()))
}

#[test]
fn show_png_writes_the_picture_in_process() {
    let png = temp_path("ghost.png");
    let svg = temp_path("ghost.svg");
    let msg = show::run(&ShowArgs {
        variant: "ghost".into(),
        fen: Some(PICTURES[3].1.into()),
        png: Some(png.clone()),
        svg: Some(svg.clone()),
        size: Some(512),
        ..ShowArgs::default()
    })
    .unwrap();
    assert_eq!(msg.lines().count(), 2, "{msg}");
    let bytes = std::fs::read(&png).unwrap();
    std::fs::remove_file(&png).unwrap();
    std::fs::remove_file(&svg).unwrap();
    assert_eq!(png_size(&bytes).0, 512);
    // A bad size fails before anything is written.
    let err = show::run(&ShowArgs {
        variant: "chess".into(),
        png: Some(png.clone()),
        svg: Some(svg.clone()),
        size: Some(1),
        ..ShowArgs::default()
    })
    .unwrap_err();
    assert!(err.contains("width"), "{err}");
    assert!(!png.exists() && !svg.exists());
}

#[test]
fn show_types_draws_every_type_of_the_variant() {
    let png = temp_path("types.png");
    for variant in variants() {
        show::run(&ShowArgs {
            variant: variant.into(),
            types: true,
            png: Some(png.clone()),
            size: Some(200),
            ..ShowArgs::default()
        })
        .unwrap();
        assert_eq!(png_size(&std::fs::read(&png).unwrap()).0, 200);
        let view = types_view(variant).unwrap();
        let svg = render_svg(&view, &[], None);
        let keyed = svg.matches("class=\"key-item\"").count();
        assert_eq!(keyed, variant_types(variant).unwrap().len(), "{variant}");
    }
    std::fs::remove_file(&png).unwrap();
    let err = show::run(&ShowArgs {
        variant: "nope".into(),
        types: true,
        json: true,
        ..ShowArgs::default()
    })
    .unwrap_err();
    assert!(err.contains("no type sheet"), "{err}");
}

/// The units of one square or hand in the JSON, as (code, name, color, count, note).
fn json_units(v: &serde_json::Value) -> Vec<(String, String, String, u64, Option<String>)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["code"].as_str().unwrap().to_string(),
                u["name"].as_str().unwrap().to_string(),
                u["color"].as_str().unwrap().to_string(),
                u["count"].as_u64().unwrap(),
                u["note"].as_str().map(str::to_string),
            )
        })
        .collect()
}

fn view_units(units: &[PieceView]) -> Vec<(String, String, String, u64, Option<String>)> {
    units
        .iter()
        .map(|u| {
            (
                u.code.clone(),
                u.name.clone(),
                u.color.name().to_string(),
                u64::from(u.count),
                u.note.clone(),
            )
        })
        .collect()
}

/// Parses `view.to_json()` and checks it against the view, square by square and unit by unit.
fn check_json(view: &BoardView) {
    let text = view.to_json();
    let json: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("bad JSON {e}: {text}"));
    let squares = json["squares"].as_array().unwrap();
    assert_eq!(squares.len(), view.squares.len());
    for (j, s) in squares.iter().zip(&view.squares) {
        assert_eq!(
            j["name"].as_str().unwrap(),
            view.geometry.name(s.square),
            "square name"
        );
        assert_eq!(j["col"].as_u64().unwrap(), u64::from(s.square.col()));
        assert_eq!(j["row"].as_u64().unwrap(), u64::from(s.square.row()));
        let zone = match s.zone {
            Zone::Board => "board",
            Zone::Edge => "edge",
        };
        assert_eq!(j["zone"].as_str().unwrap(), zone);
        assert_eq!(json_units(&j["units"]), view_units(&s.units));
    }
    for c in Color::BOTH {
        assert_eq!(
            json_units(&json["hands"][c.name()]),
            view_units(&view.hands[c.index()])
        );
    }
    assert_eq!(
        json["side_to_move"].as_str().unwrap(),
        view.side_to_move.name()
    );
    assert_eq!(
        json["geometry"]["board_size"].as_u64().unwrap(),
        u64::from(view.geometry.board_size())
    );
}

#[test]
fn json_lists_every_square_and_unit_and_parses_back() {
    for (variant, fen) in PICTURES {
        let view = view_of(variant, fen);
        check_json(&view);
        let json: serde_json::Value = serde_json::from_str(&view.to_json()).unwrap();
        let listed: usize = json["squares"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["units"].as_array().unwrap().len())
            .sum();
        let on_board: usize = view.squares.iter().map(|s| s.units.len()).sum();
        assert_eq!(listed, on_board, "{variant}");
    }
    // ArchMage's hands and a 10x10 geometry.
    let mut game = registry::create("archmage").unwrap();
    game.set_position(None, &[]).unwrap();
    let view = game.view();
    assert_eq!(view.hands[0].len(), 2);
    check_json(&view);
    // A stack of three units with awkward text, on an edge square.
    let stack = vec![
        PieceView {
            note: Some("rider \"a\\b\"\n\u{1}".into()),
            ..PieceView::new("*F", "Familiar", Color::White)
        },
        PieceView::new("N", "Knight", Color::White),
        PieceView {
            count: 2,
            ..PieceView::new("P", "Pawn", Color::Black)
        },
    ];
    let view = BoardView {
        geometry: Geometry::Framed8,
        squares: vec![SquareView {
            square: Square::new(0, 4),
            zone: Zone::Edge,
            units: stack,
        }],
        hands: [Vec::new(), vec![PieceView::new("Q", "Queen", Color::Black)]],
        side_to_move: Color::Black,
    };
    check_json(&view);
    let json: serde_json::Value = serde_json::from_str(&view.to_json()).unwrap();
    assert_eq!(json["squares"][0]["name"], "z4");
    assert_eq!(json["geometry"]["name"], "framed8");
}

#[test]
fn show_json_prints_the_view() {
    let text = show::run(&ShowArgs {
        variant: "eldritch".into(),
        fen: Some(PICTURES[4].1.into()),
        json: true,
        ..ShowArgs::default()
    })
    .unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let a = json["squares"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "e8")
        .unwrap();
    assert_eq!(a["units"][0]["code"], "^A");
    assert_eq!(a["units"][0]["name"], "Archmage");
    assert_eq!(a["units"][0]["color"], "black");
}

#[test]
fn a_stack_draws_every_unit_and_counts_them() {
    let mut view = view_of("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let d4 = Geometry::Framed8.parse("d4").unwrap();
    let s = view.squares.iter_mut().find(|s| s.square == d4).unwrap();
    s.units = vec![
        PieceView::new("N", "Knight", Color::White),
        PieceView::new("P", "Pawn", Color::White),
        PieceView::new("B", "Bishop", Color::Black),
    ];
    let svg = render_svg(&view, &[], None);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let piece = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("piece") && n.attribute("data-square") == Some("d4"))
        .unwrap();
    assert_eq!(piece.attribute("data-code"), Some("N"), "top unit first");
    assert_eq!(piece.attribute("data-units"), Some("3"));
    let drawn: Vec<&str> = piece
        .descendants()
        .filter(|d| d.attribute("class") == Some("unit"))
        .map(|d| d.attribute("data-code").unwrap())
        .collect();
    assert_eq!(drawn, ["N", "P", "B"]);
    let badge: String = piece
        .descendants()
        .find(|d| d.attribute("class") == Some("badge"))
        .unwrap()
        .descendants()
        .filter(|d| d.is_text())
        .filter_map(|d| d.text())
        .collect();
    assert_eq!(badge, "×3");
}
