//! SVG pictures of positions: well-formed documents that draw the real geometry, pieces,
//! stacks, notes, hands, highlights and captions; and `grimoire show` building them.

use grimoire_engine::square::{Geometry, Square};
use grimoire_engine::view::{BoardView, PieceView, SquareView, Zone};
use grimoire_engine::Color;
use grimoire_pictures::show::{self, ShowArgs};
use grimoire_pictures::svg::render_svg;
use grimoire_registry as registry;
use roxmltree::{Document, Node};

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// Parses `svg` (panicking with the text if it is not well-formed XML) and checks the root.
fn parse(svg: &str) -> Document<'_> {
    let doc = Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some(SVG_NS));
    let number = |name: &str| -> f64 {
        root.attribute(name)
            .unwrap_or_else(|| panic!("svg has no {name}"))
            .parse()
            .unwrap()
    };
    let (w, h) = (number("width"), number("height"));
    assert!(w > 0.0 && h > 0.0);
    assert_eq!(
        root.attribute("viewBox"),
        Some(format!("0 0 {w} {h}").as_str())
    );
    doc
}

fn has_class(n: &Node, class: &str) -> bool {
    n.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|w| w == class))
}

fn elements<'a>(doc: &'a Document, tag: &str, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == tag && has_class(n, class))
        .collect()
}

/// The `data-square` names of elements `tag.class`, sorted.
fn squares_of(doc: &Document, tag: &str, class: &str) -> Vec<String> {
    let mut v: Vec<String> = elements(doc, tag, class)
        .iter()
        .map(|n| n.attribute("data-square").unwrap().to_string())
        .collect();
    v.sort();
    v
}

/// All text content under `n`.
fn text_of(n: &Node) -> String {
    n.descendants()
        .filter(|d| d.is_text())
        .filter_map(|d| d.text())
        .collect()
}

/// The first of `nodes` whose attribute `name` is `value`.
fn with_attribute<'n, 'a>(nodes: &'n [Node<'a, 'a>], name: &str, value: &str) -> &'n Node<'a, 'a> {
    nodes
        .iter()
        .find(|n| n.attribute(name) == Some(value))
        .unwrap()
}

/// The text of each element `tag.class`, in document order.
fn texts(doc: &Document, tag: &str, class: &str) -> Vec<String> {
    elements(doc, tag, class).iter().map(text_of).collect()
}

fn all_text(doc: &Document) -> String {
    text_of(&doc.root())
}

/// One unit of a type with no name (so no glyph: drawn as its code in a disc).
fn piece(code: &str, color: Color) -> Vec<PieceView> {
    vec![PieceView::new(code, "", color)]
}

fn named(code: &str, name: &str, color: Color) -> Vec<PieceView> {
    vec![PieceView::new(code, name, color)]
}

fn board_square(square: Square, units: Vec<PieceView>) -> SquareView {
    SquareView {
        square,
        zone: Zone::Board,
        units,
    }
}

/// The `data-glyph` keys of the glyphs drawn under `n`.
fn glyphs_in(n: &Node) -> Vec<String> {
    n.descendants()
        .filter(|d| has_class(d, "glyph"))
        .map(|d| d.attribute("data-glyph").unwrap().to_string())
        .collect()
}

fn start_view() -> BoardView {
    registry::create("chess").unwrap().view()
}

#[test]
fn start_position_draws_64_squares_and_32_pieces() {
    let svg = render_svg(&start_view(), &[], None);
    let doc = parse(&svg);
    let squares = elements(&doc, "rect", "square");
    assert_eq!(squares.len(), 64);
    assert_eq!(elements(&doc, "rect", "light").len(), 32);
    assert_eq!(elements(&doc, "rect", "dark").len(), 32);
    assert!(elements(&doc, "rect", "edge").is_empty());
    // a1 is dark, h1 light.
    let a1 = with_attribute(&squares, "data-square", "a1");
    assert!(has_class(a1, "dark"));
    let pieces = elements(&doc, "g", "piece");
    assert_eq!(pieces.len(), 32);
    let white = pieces
        .iter()
        .filter(|p| p.attribute("data-color") == Some("white"))
        .count();
    assert_eq!(white, 16);
    // Standard pieces are drawn chess glyphs (no text, no discs), named in data-name.
    let e1 = with_attribute(&pieces, "data-square", "e1");
    assert_eq!(glyphs_in(e1), ["king"]);
    assert_eq!(e1.attribute("data-name"), Some("King"));
    assert!(text_of(e1).is_empty(), "glyphs are shapes, not text");
    let e8 = with_attribute(&pieces, "data-square", "e8");
    assert_eq!(glyphs_in(e8), ["king"]);
    assert_eq!(e8.attribute("data-color"), Some("black"));
    assert!(elements(&doc, "circle", "disc").is_empty());
    // Labels a..h and 1..8, no hands, no highlight, no caption.
    let files = texts(&doc, "text", "file-label");
    assert_eq!(files, ["a", "b", "c", "d", "e", "f", "g", "h"]);
    let ranks = texts(&doc, "text", "rank-label");
    assert_eq!(ranks, ["1", "2", "3", "4", "5", "6", "7", "8"]);
    assert!(elements(&doc, "g", "hand").is_empty());
    assert!(elements(&doc, "rect", "highlight").is_empty());
    assert!(elements(&doc, "text", "caption").is_empty());
    let side = &elements(&doc, "g", "side-to-move")[0];
    assert_eq!(side.attribute("data-color"), Some("white"));
    assert!(text_of(side).contains("White to move"));
}

#[test]
fn last_move_is_highlighted_after_e2e4() {
    let mut game = registry::create("chess").unwrap();
    assert!(game.last_move_squares().is_empty());
    game.set_position(None, &["e2e4"]).unwrap();
    let last = game.last_move_squares();
    let names: Vec<String> = last.iter().map(|&s| Geometry::Framed8.name(s)).collect();
    assert_eq!(names, ["e2", "e4"]);
    let svg = render_svg(&game.view(), &last, None);
    let doc = parse(&svg);
    assert_eq!(squares_of(&doc, "rect", "highlight"), ["e2", "e4"]);
    assert_eq!(squares_of(&doc, "g", "piece").len(), 32);
    assert!(squares_of(&doc, "g", "piece").contains(&"e4".to_string()));
    assert!(!squares_of(&doc, "g", "piece").contains(&"e2".to_string()));
    let side = &elements(&doc, "g", "side-to-move")[0];
    assert!(text_of(side).contains("Black to move"));
}

#[test]
fn highlights_only_drawn_squares() {
    // z5 is not in a chess view: no overlay for it.
    let svg = render_svg(&start_view(), &[Square::new(0, 5), Square::new(5, 2)], None);
    let doc = parse(&svg);
    assert_eq!(squares_of(&doc, "rect", "highlight"), ["e2"]);
}

#[test]
fn framed8_edge_ring_is_drawn_and_shaded_as_edge() {
    // A Ghost-style board: a1..h8 plus the 32 edge squares, with a ghost on the edge.
    let g = Geometry::Framed8;
    let mut squares = Vec::new();
    for sq in Square::all() {
        let (c, r) = (sq.col(), sq.row());
        let corner = (c == 0 || c == 9) && (r == 0 || r == 9);
        if corner {
            continue;
        }
        let edge = c == 0 || c == 9 || r == 0 || r == 9;
        squares.push(SquareView {
            square: sq,
            zone: if edge { Zone::Edge } else { Zone::Board },
            units: Vec::new(),
        });
    }
    let f0 = g.parse("f0").unwrap();
    squares.iter_mut().find(|s| s.square == f0).unwrap().units = vec![PieceView {
        note: Some("ghost".into()),
        ..PieceView::new("R", "Ghost Rook", Color::White)
    }];
    let view = BoardView {
        geometry: g,
        squares,
        hands: [Vec::new(), Vec::new()],
        side_to_move: Color::Black,
    };
    let svg = render_svg(&view, &[f0], Some("Ghost test"));
    let doc = parse(&svg);
    assert_eq!(elements(&doc, "rect", "square").len(), 96);
    let edge = squares_of(&doc, "rect", "edge");
    assert_eq!(edge.len(), 32);
    for name in ["z1", "z8", "i1", "i8", "a0", "h0", "a9", "h9", "f0"] {
        assert!(edge.contains(&name.to_string()), "{name} is an edge square");
    }
    for corner in ["z0", "i0", "z9", "i9"] {
        assert!(!edge.contains(&corner.to_string()));
    }
    // Edge squares are not light/dark board squares and have their own fills.
    assert_eq!(elements(&doc, "rect", "light").len(), 32);
    assert_eq!(elements(&doc, "rect", "dark").len(), 32);
    let board_fills: Vec<&str> = elements(&doc, "rect", "square")
        .iter()
        .filter(|n| !has_class(n, "edge"))
        .map(|n| n.attribute("fill").unwrap())
        .collect();
    for e in elements(&doc, "rect", "edge") {
        assert!(!board_fills.contains(&e.attribute("fill").unwrap()));
    }
    // Labels span the frame: files z..i, ranks 0..9.
    let files = texts(&doc, "text", "file-label");
    assert_eq!(files, ["z", "a", "b", "c", "d", "e", "f", "g", "h", "i"]);
    let ranks = texts(&doc, "text", "rank-label");
    assert_eq!(ranks.first().map(String::as_str), Some("0"));
    assert_eq!(ranks.last().map(String::as_str), Some("9"));
    assert_eq!(squares_of(&doc, "g", "piece"), ["f0"]);
    assert_eq!(squares_of(&doc, "rect", "highlight"), ["f0"]);
    let notes = elements(&doc, "text", "note");
    assert_eq!(notes.len(), 1);
    assert_eq!(text_of(&notes[0]), "ghost");
    assert_eq!(text_of(&elements(&doc, "text", "caption")[0]), "Ghost test");
}

#[test]
fn hallway_column_widens_the_board() {
    // Hobgoblin-style: a1..h8 plus the hallway i1..i8.
    let g = Geometry::Framed8;
    let mut squares = Vec::new();
    for r in 1..=8 {
        for c in 1..=9 {
            squares.push(SquareView {
                square: Square::new(c, r),
                zone: if c == 9 { Zone::Edge } else { Zone::Board },
                units: Vec::new(),
            });
        }
    }
    let view = BoardView {
        geometry: g,
        squares,
        hands: [Vec::new(), Vec::new()],
        side_to_move: Color::White,
    };
    let svg = render_svg(&view, &[], None);
    let doc = parse(&svg);
    assert_eq!(elements(&doc, "rect", "square").len(), 72);
    assert_eq!(squares_of(&doc, "rect", "edge").len(), 8);
    let files = texts(&doc, "text", "file-label");
    assert_eq!(files, ["a", "b", "c", "d", "e", "f", "g", "h", "i"]);
}

/// An ArchMage-style 10x10 view with eldritch-style codes, a stack and hands.
fn board10_view() -> BoardView {
    let g = Geometry::Board10;
    let mut squares: Vec<SquareView> = Square::all()
        .map(|sq| board_square(sq, Vec::new()))
        .collect();
    let mut put = |name: &str, p: Vec<PieceView>| {
        let sq = g.parse(name).unwrap();
        squares[sq.index()].units = p;
    };
    put("e1", named("K", "King", Color::White));
    put("f10", named("K", "King", Color::Black));
    put("a1", piece("A", Color::White));
    put("j10", piece("GO", Color::Black));
    put(
        "d5",
        vec![PieceView {
            count: 3,
            note: Some("<stage 2> & \"bound\"".into()),
            ..PieceView::new("M", "", Color::White)
        }],
    );
    let in_hand = |code: &str, name: &str, color, count| PieceView {
        count,
        ..PieceView::new(code, name, color)
    };
    BoardView {
        geometry: g,
        squares,
        hands: [
            vec![
                in_hand("Q", "Queen", Color::White, 1),
                in_hand("L", "", Color::White, 2),
            ],
            vec![in_hand("P", "Pawn", Color::Black, 4)],
        ],
        side_to_move: Color::Black,
    }
}

#[test]
fn board10_draws_100_squares_with_codes_stacks_notes_and_hands() {
    let view = board10_view();
    let svg = render_svg(&view, &[], Some("0-1 <resign> & done"));
    let doc = parse(&svg);
    assert_eq!(elements(&doc, "rect", "square").len(), 100);
    assert!(elements(&doc, "rect", "edge").is_empty());
    let files = texts(&doc, "text", "file-label");
    assert_eq!(files, ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]);
    let ranks = texts(&doc, "text", "rank-label");
    assert_eq!(ranks.last().map(String::as_str), Some("10"));
    assert_eq!(elements(&doc, "g", "piece").len(), 5);
    // Non-standard codes are discs with the code as text; colours decide fill and ink.
    let pieces = elements(&doc, "g", "piece");
    let board_discs = pieces
        .iter()
        .flat_map(|p| p.descendants())
        .filter(|d| has_class(d, "disc"))
        .count();
    assert_eq!(board_discs, 3, "A, GO and the M stack");
    assert_eq!(
        elements(&doc, "circle", "disc").len(),
        8,
        "and the L in hand, and each of the four again in the key"
    );
    let key: Vec<&str> = elements(&doc, "g", "key-item")
        .iter()
        .map(|k| k.attribute("data-code").unwrap())
        .collect();
    assert_eq!(key, ["K", "GO", "M", "A", "Q", "L", "P"]);
    let by_square = |name: &str| with_attribute(&pieces, "data-square", name);
    let go = by_square("j10");
    assert!(text_of(go).contains("GO"));
    let a1 = by_square("a1");
    let disc_fill = |n: &Node| {
        n.descendants()
            .find(|d| has_class(d, "disc"))
            .unwrap()
            .attribute("fill")
            .unwrap()
            .to_string()
    };
    assert_ne!(disc_fill(go), disc_fill(a1));
    // The stack has a count badge; its note is escaped and comes back intact.
    let d5 = by_square("d5");
    let badge = d5.descendants().find(|d| has_class(d, "badge")).unwrap();
    assert_eq!(text_of(&badge), "×3");
    assert_eq!(elements(&doc, "g", "badge").len(), 1);
    let note = d5.descendants().find(|d| has_class(d, "note")).unwrap();
    assert_eq!(text_of(&note), "<stage 2> & \"bound\"");
    assert!(svg.contains("&lt;stage 2&gt; &amp; &quot;bound&quot;"));
    // Both hands, labelled, with every count.
    let hands = elements(&doc, "g", "hand");
    assert_eq!(hands.len(), 2);
    let white = with_attribute(&hands, "data-color", "white");
    assert!(text_of(white).contains("White in hand"));
    let white_items: Vec<(String, String)> = white
        .descendants()
        .filter(|d| has_class(d, "hand-piece"))
        .map(|d| {
            let count = d
                .descendants()
                .find(|c| has_class(c, "hand-count"))
                .unwrap();
            (
                d.attribute("data-code").unwrap().to_string(),
                text_of(&count),
            )
        })
        .collect();
    assert_eq!(
        white_items,
        [
            ("Q".to_string(), "×1".to_string()),
            ("L".to_string(), "×2".to_string())
        ]
    );
    // The queen in hand is a glyph, the unnamed L a disc.
    assert_eq!(glyphs_in(white), ["queen"]);
    let black = with_attribute(&hands, "data-color", "black");
    assert!(text_of(black).contains("Black in hand"));
    assert!(text_of(black).contains("×4"));
    assert_eq!(glyphs_in(black), ["pawn"]);
    // Hand pieces are not board pieces.
    assert_eq!(elements(&doc, "g", "hand-piece").len(), 3);
    assert_eq!(
        text_of(&elements(&doc, "text", "caption")[0]),
        "0-1 <resign> & done"
    );
    assert!(all_text(&doc).contains("Black to move"));
}

#[test]
fn only_the_non_empty_hand_is_drawn() {
    let mut view = board10_view();
    view.hands[Color::Black.index()].clear();
    let svg = render_svg(&view, &[], None);
    let doc = parse(&svg);
    let hands = elements(&doc, "g", "hand");
    assert_eq!(hands.len(), 1);
    assert_eq!(hands[0].attribute("data-color"), Some("white"));
    assert!(!all_text(&doc).contains("Black in hand"));
}

#[test]
fn many_hand_types_wrap_inside_the_picture() {
    let mut view = board10_view();
    let codes = "QRBPAMSLFIZJCTUDHXG";
    view.hands[0] = codes
        .chars()
        .map(|c| PieceView {
            count: 2,
            ..PieceView::new(c.to_string(), "", Color::White)
        })
        .collect();
    let svg = render_svg(&view, &[], None);
    let doc = parse(&svg);
    let width: f64 = doc
        .root_element()
        .attribute("width")
        .unwrap()
        .parse()
        .unwrap();
    let items = elements(&doc, "g", "hand-piece");
    assert_eq!(items.len(), codes.len() + 1);
    for item in items {
        for d in item.descendants().filter(|d| d.is_element()) {
            for attr in ["x", "cx"] {
                if let Some(x) = d.attribute(attr) {
                    let x: f64 = x.parse().unwrap();
                    assert!(x > 0.0 && x < width, "hand item at x={x} outside {width}");
                }
            }
        }
    }
}

#[test]
fn awkward_text_is_escaped_everywhere() {
    let mut view = board10_view();
    view.squares[0].units = vec![PieceView {
        note: Some("it's \u{1} odd".into()),
        ..PieceView::new("<&>", "<&> \"type\"", Color::Black)
    }];
    view.hands[1] = vec![PieceView::new("'\"", "", Color::Black)];
    let svg = render_svg(&view, &[], Some("a & b\n<c>"));
    let doc = parse(&svg);
    assert!(all_text(&doc).contains("<&>"));
    let captions = texts(&doc, "text", "caption");
    assert_eq!(captions, ["a & b", "<c>"]);
}

#[test]
fn empty_view_still_makes_a_document() {
    let view = BoardView {
        geometry: Geometry::Framed8,
        squares: Vec::new(),
        hands: [Vec::new(), Vec::new()],
        side_to_move: Color::White,
    };
    let svg = render_svg(&view, &[], None);
    let doc = parse(&svg);
    assert!(elements(&doc, "rect", "square").is_empty());
}

fn args(
    variant: &str,
    fen: Option<&str>,
    moves: &[&str],
    svg: Option<std::path::PathBuf>,
) -> ShowArgs {
    ShowArgs {
        variant: variant.to_string(),
        fen: fen.map(str::to_string),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        svg,
        ..ShowArgs::default()
    }
}

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("grimoire-svg-test-{}-{name}", std::process::id()))
}

#[test]
fn show_writes_an_svg_of_the_position_after_moves() {
    let path = temp_path("e4e5.svg");
    let msg = show::run(&args("chess", None, &["e2e4", "e7e5"], Some(path.clone()))).unwrap();
    assert!(msg.contains(&path.display().to_string()), "{msg}");
    assert_eq!(msg.lines().count(), 1);
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let doc = parse(&svg);
    assert_eq!(elements(&doc, "rect", "square").len(), 64);
    assert_eq!(elements(&doc, "g", "piece").len(), 32);
    assert_eq!(squares_of(&doc, "rect", "highlight"), ["e5", "e7"]);
    assert!(all_text(&doc).contains("White to move"));
    assert!(elements(&doc, "text", "caption").is_empty());
}

#[test]
fn show_captions_a_finished_game_with_its_result() {
    let path = temp_path("mate.svg");
    let moves = ["f2f3", "e7e5", "g2g4", "d8h4"];
    show::run(&args("chess", None, &moves, Some(path.clone()))).unwrap();
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let doc = parse(&svg);
    let caption = text_of(&elements(&doc, "text", "caption")[0]);
    assert!(caption.starts_with("0-1"), "{caption}");
    assert_eq!(squares_of(&doc, "rect", "highlight"), ["d8", "h4"]);
}

#[test]
fn show_without_svg_returns_the_text_board() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let text = show::run(&args("chess", Some(fen), &[], None)).unwrap();
    assert!(text.contains(&format!("Fen: {fen}")), "{text}");
}

#[test]
fn show_reports_bad_input_as_errors() {
    let path = temp_path("never.svg");
    let unknown = show::run(&args("no-such-variant", None, &[], Some(path.clone()))).unwrap_err();
    assert!(unknown.contains("unknown variant"), "{unknown}");
    let bad_fen =
        show::run(&args("chess", Some("not a fen"), &[], Some(path.clone()))).unwrap_err();
    assert!(bad_fen.contains("FEN"), "{bad_fen}");
    let illegal = show::run(&args("chess", None, &["e2e5"], Some(path.clone()))).unwrap_err();
    assert!(illegal.contains("e2e5"), "{illegal}");
    assert!(!path.exists(), "nothing written on error");
    let unwritable = std::env::temp_dir()
        .join("grimoire-no-such-dir-xyz")
        .join("a.svg");
    let err = show::run(&args("chess", None, &[], Some(unwritable))).unwrap_err();
    assert!(err.contains("cannot write"), "{err}");
}

/// The square's drawn rectangle: (x, y).
fn rect_at(doc: &Document, square: &str) -> (i32, i32) {
    let r = elements(doc, "rect", "square")
        .into_iter()
        .find(|n| n.attribute("data-square") == Some(square))
        .unwrap_or_else(|| panic!("no square {square}"));
    let n = |a: &str| r.attribute(a).unwrap().parse::<i32>().unwrap();
    (n("x"), n("y"))
}

#[test]
fn flipped_pictures_put_black_at_the_bottom_with_labels_that_follow() {
    use grimoire_pictures::svg::{render_svg_with, SvgOptions};
    let view = start_view();
    let upright = render_svg(&view, &[], None);
    let flipped = render_svg_with(
        &view,
        &[],
        None,
        SvgOptions {
            flipped: true,
            header: false,
            key: false,
        },
    );
    let (u, f) = (parse(&upright), parse(&flipped));
    let (a1, h8) = (rect_at(&u, "a1"), rect_at(&u, "h8"));
    assert!(a1.0 < h8.0 && a1.1 > h8.1, "upright: a1 bottom left");
    let (a1f, h8f) = (rect_at(&f, "a1"), rect_at(&f, "h8"));
    assert!(a1f.0 > h8f.0 && a1f.1 < h8f.1, "flipped: a1 top right");
    // The same squares and pieces, only placed the other way.
    assert_eq!(
        squares_of(&u, "rect", "square"),
        squares_of(&f, "rect", "square")
    );
    assert_eq!(squares_of(&u, "g", "piece"), squares_of(&f, "g", "piece"));
    // File labels run h..a, rank labels 1 at the top.
    let labels = |doc: &Document, class: &str| -> Vec<(i32, i32, String)> {
        elements(doc, "text", class)
            .iter()
            .map(|n| {
                let v = |a: &str| n.attribute(a).unwrap().parse::<i32>().unwrap();
                (v("x"), v("y"), text_of(n))
            })
            .collect()
    };
    let mut files = labels(&f, "file-label");
    files.sort();
    let order: String = files.iter().map(|(_, _, t)| t.as_str()).collect();
    assert_eq!(order, "hgfedcba");
    let mut ranks = labels(&f, "rank-label");
    ranks.sort_by_key(|(_, y, _)| *y);
    let order: String = ranks.iter().map(|(_, _, t)| t.as_str()).collect();
    assert_eq!(order, "12345678");
    // The file labels sit under the lowest row, the rank labels left of the leftmost column.
    assert!(files.iter().all(|(_, y, _)| *y > a1f.1 && *y > h8f.1));
    assert!(ranks.iter().all(|(x, _, _)| *x < h8f.0));
    // No header, no key.
    assert!(elements(&f, "g", "side-to-move").is_empty());
    assert!(elements(&f, "g", "key").is_empty());
    assert!(!elements(&u, "g", "key").is_empty());
}
