//! The state of a session as the page reads it: one JSON object (`"type":"state"`) with the
//! board as SVG (the pictures crate's, with a `data-square` on every square), the legal actions
//! as tokens with their kinds and squares, the moves, the clocks, the result, the engine's
//! activity, the referee's rolls and the setup log.

use super::Session;
use grimoire_engine::view::BoardView;
use grimoire_engine::{Color, MoveKind, Square};
use grimoire_pictures::svg::{key_entries, render_svg_with, SvgOptions};
use grimoire_registry::{ActionInfo, AnyGame};
use serde::Serialize;
use std::collections::HashMap;

/// One legal action as the page offers it.
#[derive(Clone, Debug, Serialize)]
pub struct ActionView {
    pub token: String,
    /// Its readable text (SAN for chess, notation §6).
    pub san: String,
    pub kind: &'static str,
    pub from: Option<String>,
    pub to: Option<String>,
    /// The piece a drop or placement puts down, as its token writes it (`D`, `*W`).
    pub piece: Option<String>,
}

impl From<ActionInfo> for ActionView {
    fn from(a: ActionInfo) -> ActionView {
        let piece = matches!(a.kind, MoveKind::Drop | MoveKind::Placement)
            .then(|| a.token.split_once('@').map(|(p, _)| p.to_string()))
            .flatten();
        ActionView {
            kind: kind_name(a.kind),
            token: a.token,
            san: a.san,
            from: a.from,
            to: a.to,
            piece,
        }
    }
}

/// The JSON name of an action kind.
pub fn kind_name(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Normal => "normal",
        MoveKind::DoublePush => "double_push",
        MoveKind::EnPassant => "en_passant",
        MoveKind::Castle => "castle",
        MoveKind::Promotion => "promotion",
        MoveKind::Drop => "drop",
        MoveKind::Switch => "switch",
        MoveKind::Invoke => "invoke",
        MoveKind::Decision => "decision",
        MoveKind::Placement => "placement",
        MoveKind::Link => "link",
        MoveKind::Unlink => "unlink",
        MoveKind::Pass => "pass",
        MoveKind::Null => "null",
        MoveKind::Chance => "chance",
    }
}

#[derive(Serialize)]
struct MoveView {
    token: String,
    /// As people read it (SAN for chess, the variant's SAN-like text, dice outcomes in words
    /// with their probabilities; notation §6).
    text: String,
    /// As the PGN writes it (SAN for chess; dice outcomes as tokens).
    pgn: String,
    /// `1.` or `1...` where a turn's number is printed.
    number: Option<String>,
    /// A referee's roll.
    roll: bool,
}

#[derive(Serialize)]
struct ClockView {
    white_ms: u64,
    black_ms: u64,
    running: Option<&'static str>,
    base_ms: u64,
    inc_ms: u64,
}

#[derive(Serialize)]
struct ThinkingView {
    mode: crate::engine::Mode,
    side: &'static str,
    elapsed_ms: u64,
    movetime: Option<u64>,
}

#[derive(Serialize)]
struct ResultView<'a> {
    result: &'a str,
    reason: &'a str,
    /// The banner's heading: "White wins", "Black wins" or "Draw".
    title: &'static str,
    /// The reason in a sentence ("Black captured White's King.").
    detail: &'a str,
    termination: &'static str,
}

/// What threatens the player to act (`AnyGame::danger`, whose fields say what each means), as
/// the page marks it: `check`, `in_danger`, `royal`, `threatened` (`null` where no pass
/// position exists) and `capturable_royal`. Nothing where the engine fails to say.
pub fn danger_view(game: &dyn AnyGame) -> serde_json::Value {
    let d = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| game.danger()))
        .unwrap_or_default();
    serde_json::json!({
        "check": d.check,
        "in_danger": d.in_danger,
        "royal": d.royal,
        "threatened": d.threatened,
        "capturable_royal": d.capturable_royal,
    })
}

#[derive(Serialize)]
struct Players {
    white: crate::players::Player,
    black: crate::players::Player,
}

#[derive(Serialize)]
struct SetupView<'a> {
    command: &'static str,
    log: &'a [String],
}

/// One type the board shows, for the page's key.
#[derive(Serialize)]
struct KeyView {
    code: String,
    name: String,
    color: &'static str,
}

#[derive(Serialize)]
struct State<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    id: &'a str,
    variant: &'a str,
    /// Grows with every state published: the page keeps the newest.
    seq: u64,
    generation: u64,
    fen: String,
    /// Where the moves start: a FEN, or `null` for the variant's start position.
    start_fen: Option<&'a str>,
    /// The FEN's `key=value` fields (Eldritch `unplaced=`, ...).
    fen_fields: Vec<(String, String)>,
    side_to_move: &'static str,
    human_to_act: bool,
    svg: String,
    /// The types on the board and in hand, each once (the picture's key), in the catalogue's
    /// order.
    key: Vec<KeyView>,
    flipped: bool,
    danger: serde_json::Value,
    /// Legal actions, while a person is to act.
    actions: Vec<ActionView>,
    moves: Vec<MoveView>,
    last_move: Vec<String>,
    /// Squares whose units the last action (and its rolls) removed: captures, crushes.
    removed: &'a [String],
    result: Option<ResultView<'a>>,
    players: Players,
    clock: Option<ClockView>,
    thinking: Option<ThinkingView>,
    analysis: Option<usize>,
    /// The earlier position (its number of actions) the analysis looks at; `null`: the game's.
    analysis_ply: Option<usize>,
    rolls: &'a [crate::chance::Roll],
    setup: Option<SetupView<'a>>,
    engine_moves: &'a [super::EngineMove],
    message: Option<&'a str>,
}

fn side_name(c: Color) -> &'static str {
    c.name()
}

/// The board of `game` as the page draws it: the SVG (the last move highlighted) and the key.
fn board_svg(game: &dyn AnyGame, view: &BoardView, flipped: bool) -> (String, Vec<KeyView>) {
    let last = game.last_move_squares();
    let svg = render_svg_with(
        view,
        &last,
        None,
        SvgOptions {
            flipped,
            header: false,
            key: false,
        },
    );
    (svg, key_of(game, view))
}

/// The key of `view` in the catalogue's order (White's before Black's of a type), so it does
/// not change from move to move.
fn key_of(game: &dyn AnyGame, view: &BoardView) -> Vec<KeyView> {
    let types = game.entry().piece_types;
    let rank = |name: &str, code: &str| {
        types
            .iter()
            .position(|t| t.name == name)
            .or_else(|| types.iter().position(|t| t.code == code))
            .unwrap_or(types.len())
    };
    let mut key: Vec<(usize, KeyView)> = key_entries(view)
        .into_iter()
        .map(|e| {
            (
                rank(&e.name, &e.code),
                KeyView {
                    code: e.code,
                    name: e.name,
                    color: e.color.name(),
                },
            )
        })
        .collect();
    key.sort_by(|(a, x), (b, y)| {
        (a, x.color != "white", &x.name, &x.code).cmp(&(b, y.color != "white", &y.name, &y.code))
    });
    key.into_iter().map(|(_, k)| k).collect()
}

/// The state of `s` as JSON.
pub fn state_json(s: &Session) -> String {
    let game = s.game();
    let view = game.view();
    let geometry = view.geometry;
    let last = game.last_move_squares();
    let (svg, key) = board_svg(game, &view, s.flipped);
    let actions = if s.human_to_act() {
        // An action onto a square the board does not draw yet (a Geomancer strip's first
        // square, Eldritch ELD-371) is offered as a choice of its piece, not by a click there.
        let drawn: std::collections::HashSet<String> = view
            .squares
            .iter()
            .map(|q| geometry.name(q.square))
            .collect();
        game.legal_actions()
            .into_iter()
            .map(ActionView::from)
            .map(|mut a| {
                if a.from.is_some() && a.to.as_ref().is_some_and(|t| !drawn.contains(t)) {
                    a.to = None;
                }
                a
            })
            .collect()
    } else {
        Vec::new()
    };
    let numbers = grimoire_arena::pgn::move_numbers(&game.turn_starts());
    let roll_plies: Vec<usize> = s.rolls.iter().map(|r| r.ply).collect();
    let texts = s.readable_moves();
    let moves = game
        .move_tokens()
        .iter()
        .zip(game.pgn_moves())
        .zip(numbers)
        .enumerate()
        .map(|(i, ((token, pgn), number))| MoveView {
            token: token.clone(),
            text: texts.get(i).cloned().unwrap_or_else(|| pgn.clone()),
            pgn,
            number,
            roll: roll_plies.contains(&i),
        })
        .collect();
    let fen = game.fen();
    let fen_fields = fen
        .split_whitespace()
        .skip(1)
        .filter_map(|f| f.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let state = State {
        kind: "state",
        id: &s.id,
        variant: game.variant(),
        seq: s.seq(),
        generation: s.generation,
        fen,
        start_fen: s.start_fen.as_deref(),
        fen_fields,
        side_to_move: side_name(game.side_to_move()),
        human_to_act: s.human_to_act(),
        svg,
        key,
        flipped: s.flipped,
        danger: danger_view(game),
        actions,
        moves,
        last_move: last.iter().map(|&sq| geometry.name(sq)).collect(),
        removed: &s.removed,
        result: s.end.as_ref().map(|e| ResultView {
            result: e.result,
            reason: &e.reason,
            title: match e.result {
                "1-0" => "White wins",
                "0-1" => "Black wins",
                "1/2-1/2" => "Draw",
                _ => "Game over",
            },
            detail: &e.detail,
            termination: e.termination.pgn_word(),
        }),
        players: Players {
            white: s.player(Color::White),
            black: s.player(Color::Black),
        },
        clock: s.clocks.as_ref().map(|c| ClockView {
            white_ms: c.left(Color::White),
            black_ms: c.left(Color::Black),
            running: c.running().map(side_name),
            base_ms: c.control.base_ms,
            inc_ms: c.control.inc_ms,
        }),
        thinking: s.search.as_ref().map(|r| ThinkingView {
            mode: r.mode,
            side: side_name(r.side),
            elapsed_ms: r.started.elapsed().as_millis() as u64,
            movetime: r.movetime,
        }),
        analysis: s.analysis,
        analysis_ply: s.analysis_ply,
        rolls: &s.rolls,
        setup: s.setup_command().map(|command| SetupView {
            command,
            log: &s.setup_log,
        }),
        engine_moves: &s.engine_moves,
        message: s.message.as_deref(),
    };
    serde_json::to_string(&state).unwrap_or_else(|e| error_json(&e.to_string()))
}

/// An earlier position of the game, as the page reviews it.
#[derive(Serialize)]
struct PositionState<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    id: &'a str,
    /// Actions played to reach it (0: the start).
    ply: usize,
    /// Actions in the game.
    plies: usize,
    fen: String,
    side_to_move: &'static str,
    svg: String,
    key: Vec<KeyView>,
    last_move: Vec<String>,
    removed: Vec<String>,
    danger: serde_json::Value,
}

/// The position after the game's first `ply` actions as JSON (`GET .../position/{ply}`): the
/// board with its last move, whose turn, and the danger there. The game is not changed.
pub fn position_json(s: &Session, ply: usize) -> Result<String, super::Refusal> {
    let plies = s.game().move_tokens().len();
    if ply > plies {
        return Err(super::Refusal::bad(format!(
            "the game has {plies} actions: no position after {ply}"
        )));
    }
    let (before, game) = s.replayed(ply)?;
    let view = game.view();
    let (svg, key) = board_svg(&*game, &view, s.flipped);
    let from = game.last_move_squares().first().copied();
    let removed = match &before {
        Some(b) => removed_squares(b, &view, from),
        None => Vec::new(),
    };
    let state = PositionState {
        kind: "position",
        id: &s.id,
        ply,
        plies,
        fen: game.fen(),
        side_to_move: side_name(game.side_to_move()),
        svg,
        key,
        last_move: game
            .last_move_squares()
            .iter()
            .map(|&sq| view.geometry.name(sq))
            .collect(),
        removed,
        danger: danger_view(&*game),
    };
    serde_json::to_string(&state).map_err(|e| super::Refusal::bad(e.to_string()))
}

/// `{"type":"error","error":...}`.
pub fn error_json(message: &str) -> String {
    serde_json::json!({ "type": "error", "error": message }).to_string()
}

/// Units per (colour, type) on each square of a view.
fn census(view: &BoardView) -> HashMap<(Square, Color, String), u32> {
    let mut out = HashMap::new();
    for s in &view.squares {
        for u in &s.units {
            let kind = if u.name.is_empty() { &u.code } else { &u.name };
            *out.entry((s.square, u.color, kind.clone())).or_insert(0) += u.count;
        }
    }
    out
}

/// The squares where an action removed units: for each (colour, type) of which fewer stand on
/// the board afterwards, the squares that lost some, except `from` (where the mover left).
/// A capture marks the captured unit's square; a Golem crush or an explosion every square it
/// cleared; castling, magnetism and crowd moves mark nothing, since no type lost a unit, and a
/// promotion after the dice (Hobgoblin) nothing, since its side keeps as many units.
pub fn removed_squares(before: &BoardView, after: &BoardView, from: Option<Square>) -> Vec<String> {
    let (b, a) = (census(before), census(after));
    let total = |m: &HashMap<(Square, Color, String), u32>, c: Color, t: &str| -> u32 {
        m.iter()
            .filter(|((_, col, kind), _)| *col == c && kind == t)
            .map(|(_, n)| n)
            .sum()
    };
    // Units of a colour on the board: a promotion or a mutation changes types, not this count.
    let units = |m: &HashMap<(Square, Color, String), u32>, c: Color| -> u32 {
        m.iter()
            .filter(|((_, col, _), _)| *col == c)
            .map(|(_, n)| n)
            .sum()
    };
    let mut squares: Vec<Square> = Vec::new();
    for ((sq, color, kind), &n) in &b {
        let now = a.get(&(*sq, *color, kind.clone())).copied().unwrap_or(0);
        if now < n
            && Some(*sq) != from
            && total(&a, *color, kind) < total(&b, *color, kind)
            && units(&a, *color) < units(&b, *color)
            && !squares.contains(sq)
        {
            squares.push(*sq);
        }
    }
    squares.sort_by_key(|s| s.index());
    squares
        .into_iter()
        .map(|sq| before.geometry.name(sq))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use grimoire_registry::create;

    fn removed_after(variant: &str, moves: &[&str], last: &str) -> Vec<String> {
        let mut g = create(variant).unwrap();
        g.set_position(None, moves).unwrap();
        let before = g.view();
        g.play_token(last).unwrap();
        let from = g.last_move_squares().first().copied();
        removed_squares(&before, &g.view(), from)
    }

    #[test]
    fn captures_are_marked_castling_is_not() {
        assert_eq!(removed_after("chess", &["e2e4", "d7d5"], "e4d5"), ["d5"]);
        assert!(removed_after("chess", &["e2e4"], "e7e5").is_empty());
        let castle = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"];
        assert!(removed_after("chess", &castle, "e1g1").is_empty());
        // En passant: the captured pawn's square, not the target square.
        let ep = ["e2e4", "a7a6", "e4e5", "d7d5"];
        assert_eq!(removed_after("chess", &ep, "e5d6"), ["d5"]);
    }

    /// Hobgoblin: the crowd's pawns promote after the dice (HOB-110), which removes no unit;
    /// an explosion removes the blasted nodes' units (HOB-102): the crowd on e8 and the white
    /// king that magnetism pulled to e7.
    #[test]
    fn a_promotion_after_the_dice_is_not_marked_an_explosion_is() {
        const FEN: &str = "k8/4(2P)4/9/9/9/9/9/4K4 w - - 0 40 L";
        for (outcome, expected) in [("!-", vec![]), ("!e8", vec!["e7", "e8"])] {
            let mut g = create("hobgoblin").unwrap();
            g.set_position(Some(FEN), &[]).unwrap();
            g.play_token("e7e8(2P)qn").unwrap();
            let before = g.view();
            g.play_token(outcome).unwrap();
            assert_eq!(
                removed_squares(&before, &g.view(), None),
                expected,
                "{outcome}"
            );
        }
    }
}
