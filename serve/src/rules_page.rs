//! `GET /rules/{variant}`: a variant's rules page, linked from the board. Its piece catalogue
//! (name, letter, glyph, moves in Betza, the power in a sentence, which pieces are royal)
//! comes first, then the rules in our own words (`docs/rules/<variant>.md`, the registry's
//! `rules_doc`), rendered from Markdown. Everything is inline: the page loads nothing else.

use crate::games::Games;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use grimoire_engine::catalogue::PieceType;
use grimoire_engine::view::PieceView;
use grimoire_engine::Color;
use grimoire_pictures::svg::{escape, piece_figure};
use std::fmt::Write;
use std::sync::Arc;

/// Inline styles only, and no scripts: the same policy as the board's files.
const CSP: &str = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; \
                   frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const STYLE: &str = "body{font-family:DejaVu Sans,sans-serif;max-width:52rem;margin:1rem auto;\
padding:0 1rem;line-height:1.45;color:#222;background:#f6f4ef}table{border-collapse:collapse}\
td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}\
code{background:#ebe7dd;padding:0 .2rem}.glyphs{white-space:nowrap}svg{vertical-align:middle}a{color:#3b2f63}";

pub async fn rules(State(games): State<Arc<Games>>, Path(name): Path<String>) -> Response {
    let Some(entry) = games.registry().get(&name) else {
        let shown: String = name.chars().take(40).collect();
        return page(
            StatusCode::NOT_FOUND,
            &format!("No variant '{}'", escape(&shown)),
            "",
        );
    };
    let mut body = String::new();
    pieces_table(&mut body, entry.piece_types);
    if entry.rules_doc.is_empty() {
        body.push_str("<p>This variant has no rules page yet.</p>");
    } else {
        markdown(&mut body, entry.rules_doc);
    }
    page(StatusCode::OK, &format!("{} rules", entry.name), &body)
}

/// One table row per piece type: its two glyphs, name and letter, moves and power.
fn pieces_table(out: &mut String, types: &[PieceType]) {
    out.push_str(
        "<h2 id=\"pieces\">Pieces</h2><p>Each picture shows where the piece goes on an \
         empty board: a dot where it moves or captures, a ring where it only moves, a cross \
         where it only captures (White's pieces; forward is up).</p><table><tr><th></th>\
         <th>Piece</th><th>Moves (Betza)</th><th>What else it does</th></tr>",
    );
    for t in types {
        let _ = write!(
            out,
            "<tr id=\"piece-{}\"><td class=\"glyphs\">",
            escape(t.code)
        );
        for color in [Color::White, Color::Black] {
            glyph(out, t, color);
        }
        out.push_str("<br>");
        let partial = move_diagram(out, t);
        let _ = write!(
            out,
            "</td><td>{}{} <code>{}</code></td><td><code>{}</code></td><td>{}{}</td></tr>",
            escape(t.name),
            if t.royal {
                " (royal: losing it loses)"
            } else {
                ""
            },
            escape(t.code),
            escape(if t.betza.is_empty() { "-" } else { t.betza }),
            escape(t.special),
            if partial {
                " (The picture shows only its plain moves.)"
            } else {
                ""
            },
        );
    }
    out.push_str("</table>");
}

/// Cells of the move diagram's side: the piece in the middle, four squares each way.
const RADIUS: i8 = 4;
const CELL: i32 = 14;

/// The piece's moves on an empty board, read from its Betza (`grimoire_pictures::betza`);
/// returns whether it moves in ways the picture leaves out (bent riders).
fn move_diagram(out: &mut String, t: &PieceType) -> bool {
    let (reach, skipped) = grimoire_pictures::betza::reach(t.betza, RADIUS);
    let side = (2 * RADIUS as i32 + 1) * CELL;
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}" role="img" aria-label="moves of the {}">"#,
        escape(t.name)
    );
    let cell_at = |d: i8| (d + RADIUS) as i32 * CELL;
    for row in -RADIUS..=RADIUS {
        for col in -RADIUS..=RADIUS {
            let fill = if (row + col) % 2 == 0 {
                "#eeeed2"
            } else {
                "#b9a27f"
            };
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#,
                cell_at(col),
                cell_at(-row)
            );
        }
    }
    let half = CELL / 2;
    for ((dx, dy), r) in reach {
        let (x, y) = (cell_at(dx) + half, cell_at(-dy) + half);
        let mark = match (r.moves, r.captures) {
            (true, true) => format!(r##"<circle cx="{x}" cy="{y}" r="4" fill="#222"/>"##),
            (true, false) => format!(
                r##"<circle cx="{x}" cy="{y}" r="4" fill="none" stroke="#222" stroke-width="1.5"/>"##
            ),
            _ => format!(
                r##"<path d="M{} {}l8 8m0 -8l-8 8" stroke="#b00" stroke-width="2"/>"##,
                x - 4,
                y - 4
            ),
        };
        out.push_str(&mark);
    }
    let _ = write!(
        out,
        r##"<rect x="{0}" y="{0}" width="{CELL}" height="{CELL}" fill="#6a5acd"/>"##,
        cell_at(0)
    );
    out.push_str("</svg>");
    skipped
}

fn glyph(out: &mut String, t: &PieceType, color: Color) {
    out.push_str(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="32" height="32">"#,
    );
    piece_figure(out, &PieceView::new(t.code, t.name, color), 20, 20, 40);
    out.push_str("</svg>");
}

/// The rules doc as HTML. Raw HTML in it is shown as text: the docs are ours, but the page
/// keeps to what it renders itself.
fn markdown(out: &mut String, text: &str) {
    use pulldown_cmark::{Event, Options, Parser};
    let parser = Parser::new_ext(text, Options::ENABLE_TABLES).map(|e| match e {
        Event::Html(h) | Event::InlineHtml(h) => Event::Text(h),
        other => other,
    });
    pulldown_cmark::html::push_html(out, parser);
}

fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title} - Grimoire</title><style>{STYLE}</style></head><body>\
         <p><a href=\"/\">Back to the board</a></p><h1>{title}</h1>{body}</body></html>"
    );
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, CSP),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        html,
    )
        .into_response()
}
