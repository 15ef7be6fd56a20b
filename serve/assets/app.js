// Grimoire's board page. It never judges legality: every action it offers is one of the legal
// tokens the server sent with the state (token, kind, from, to, piece), and every action it
// takes is a request the server may refuse with a reason, which the page shows.
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token");
const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";

const ui = {
  board: $("board"), status: $("status"), message: $("message"), prompt: $("prompt"),
  moves: $("moves"), rolls: $("rolls"), fen: $("fen"), fenFields: $("fen-fields"),
  legal: $("legal-list"), tokenInput: $("token-input"), other: $("other-actions"),
  evalbar: $("evalbar"), anOn: $("an-on"), anMultipv: $("an-multipv"), anLines: $("an-lines"),
  anSummary: $("an-summary"), setup: $("setup-panel"), setupLog: $("setup-log"), bundles: $("bundles"),
  top: $("player-top"), bottom: $("player-bottom"), stop: $("btn-stop"),
};

let variants = [];          // from /api/variants
let pieces = {};            // variant -> code -> {name, white, black}
let game = null;            // the last state
let socket = null;
let selection = null;       // {kind: "square", sq} | {kind: "piece", piece}
let cursor = null;          // keyboard cursor square
let infos = {};             // multipv -> info, for the current generation
let lastInfos = {};         // the previous position's search, shown until this one reports
let svgText = "";
let clockBase = null;       // {white, black, running, at}
let removedShown = "";
let actionStart = 0;        // performance.now() of the click or key that started an action
let review = null;          // {ply, key, data}: an earlier position shown instead of the game's
let reviewSeq = 0;          // the latest review request (older answers are dropped)
const positionCache = new Map(); // position key -> the server's position JSON
let shownVariant = null;    // the variant the Variant menu was last set to by a state
let boardByKeyboard = false; // the board got focus from the keyboard: arrows move its cursor
let lastPointer = 0;
let showThreats = localStorage.getItem("grimoire-threats") === "1";

// What the browser test reads: click-to-update latencies and counters.
window.grimoireStats = { latencies: [], selects: [], reviews: [], renders: 0, infos: 0, errors: [] };
window.grimoireState = () => game;
window.grimoireCursor = () => cursor;
window.grimoireReview = () => (review ? { ply: review.ply, data: review.data } : null);

// ---------------------------------------------------------------------------------------------
// Server access

function withToken(path) {
  if (!TOKEN) return path;
  return path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(TOKEN);
}

async function api(path, method = "GET", body = undefined) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(withToken(path), init);
  } catch (e) {
    showMessage("The server cannot be reached: " + e.message);
    return null;
  }
  let data = null;
  const text = await response.text();
  try { data = JSON.parse(text); } catch (_) { data = { error: text }; }
  if (!response.ok) {
    showMessage(data && data.error ? data.error : "Refused (" + response.status + ")");
    window.grimoireStats.errors.push(data && data.error);
    return null;
  }
  return data;
}

function showMessage(text) {
  ui.message.textContent = text;
  ui.message.hidden = !text;
}

// ---------------------------------------------------------------------------------------------
// Games

function newGameRequest() {
  const player = (side) => {
    if ($("ng-" + side).value === "human") return { kind: "human" };
    return { kind: "engine", limit: $("ng-limit").value, value: Math.max(1, Number($("ng-value").value) || 1) };
  };
  const req = { variant: $("ng-variant").value, white: player("white"), black: player("black") };
  if ($("ng-clock").checked) {
    req.clock = {
      base_ms: Math.max(100, Math.round(Number($("ng-base").value) * 60000)),
      inc_ms: Math.max(0, Math.round(Number($("ng-inc").value) * 1000)),
    };
  }
  const options = {};
  for (const el of document.querySelectorAll("#ng-options [data-option]")) {
    options[el.dataset.option] = el.type === "checkbox" ? String(el.checked) : el.value;
  }
  if (Object.keys(options).length) req.options = options;
  if (ui.anOn.checked) req.analysis = Number(ui.anMultipv.value);
  return req;
}

async function startGame(request) {
  const state = await api("/api/games", "POST", request);
  if (!state) return;
  showMessage("");
  foldNewGame();
  adopt(state);
}

function adopt(state) {
  if (!game || game.id !== state.id) {
    connect(state.id);
    history.replaceState(null, "", withToken("/") + "#game=" + state.id);
  }
  infos = {};
  render(state);
}

function connect(id) {
  if (socket) { socket.onclose = null; socket.close(); }
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + withToken("/api/games/" + id + "/ws"));
  socket = ws;
  ws.onmessage = (event) => {
    let data;
    try { data = JSON.parse(event.data); } catch (_) { return; }
    if (data.type === "state" && data.id === id) render(data);
    else if (data.type === "info") onInfo(data);
    else if (data.type === "error") showMessage(data.error);
  };
  ws.onclose = () => {
    if (socket === ws) setTimeout(() => { if (socket === ws && game) connect(game.id); }, 1000);
  };
}

async function post(path, body) {
  if (!game) return null;
  const state = await api("/api/games/" + game.id + path, "POST", body === undefined ? {} : body);
  if (state && state.type === "state") { showMessage(""); render(state); }
  return state;
}

async function playToken(token) {
  clearSelection();
  const start = actionStart || performance.now();
  const state = await post("/move", { token });
  if (state) {
    requestAnimationFrame(() => {
      window.grimoireStats.latencies.push(performance.now() - start);
    });
  } else {
    drawOverlay();
  }
  actionStart = 0;
}

// ---------------------------------------------------------------------------------------------
// Rendering

function sideTitle(side) { return side === "white" ? "White" : "Black"; }

function playerText(p) {
  if (p.kind === "human") return "Person";
  if (p.limit === "level") return "Engine (level " + p.value + (p.value >= 8 ? ", full strength)" : ")");
  const unit = { movetime: " ms/move", depth: " plies", nodes: " nodes" }[p.limit] || "";
  return "Engine (" + p.value + unit + ")";
}

function render(state) {
  // A response and a WebSocket message may cross: keep the newest state.
  if (game && game.id === state.id && state.seq < game.seq) return;
  const newPosition = !game || game.generation !== state.generation || game.id !== state.id;
  if (newPosition) {
    // The last search stays on show (marked as such) until the new position's first report.
    if (Object.keys(infos).length) lastInfos = infos;
    if (game && game.id !== state.id) lastInfos = {};
    infos = {};
    clearSelection(false);
    hidePrompt();
  }
  if (window.grimoireSounds) window.grimoireSounds.react(game, state);
  game = state;
  window.grimoireStats.renders++;
  if (review && review.key !== positionKey(review.ply)) review = null;
  syncVariantMenu();
  showBoard();
  renderBanner();
  renderPlayers();
  renderKey();
  renderStatus();
  renderMoves();
  renderActionsList();
  renderSetup();
  renderAnalysis();
  ui.fen.textContent = state.fen;
  ui.fenFields.textContent = state.fen_fields.map(([k, v]) => k + ": " + v).join("\n");
  if (state.message) showMessage(state.message);
  // The engine to act but idle (its last search failed): the same button asks it again.
  const engineIdle = !state.thinking && !state.human_to_act && !state.result;
  ui.stop.textContent = engineIdle ? "Engine, move"
    : state.thinking && state.thinking.mode === "analysis" ? "Stop analysis" : "Move now";
  ui.stop.disabled = !state.thinking && !engineIdle;
  $("btn-takeback").disabled = state.moves.length === 0;
  renderNav();
  $("btn-resign").disabled = !!state.result;
  ui.evalbar.classList.toggle("flipped", state.flipped);
  const removedKey = state.generation + ":" + state.removed.join(",");
  if (removedKey !== removedShown) { removedShown = removedKey; removedUntil = performance.now() + 2500; }
  if (!state.human_to_act) hidePrompt();
  else if (!selection) showPalette();
  drawOverlay();
}

// The board shown: the reviewed position's, or the game's.
function showBoard() {
  const shown = review ? review.data : game;
  ui.board.classList.toggle("reviewing", !!review);
  if (shown.svg === svgText) return;
  svgText = shown.svg;
  ui.board.innerHTML = shown.svg;
  const svg = ui.board.querySelector("svg");
  if (svg) {
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "board, " + sideTitle(shown.side_to_move) + " to act");
  }
  geometryCache = null;
  fitBoard();
  fitEvalbar();
}

// A PGN of another variant switches the game: the Variant menu follows the game.
function syncVariantMenu() {
  if (game.variant === shownVariant) return;
  shownVariant = game.variant;
  $("rules-link").href = "/rules/" + encodeURIComponent(game.variant);
  $("rules-link").textContent = "Rules of " + game.variant;
  const select = $("ng-variant");
  if (select.value !== game.variant && [...select.options].some((o) => o.value === game.variant)) {
    select.value = game.variant;
    renderOptions();
  }
}

// The game-over banner: who won, the result, and why in words.
function renderBanner() {
  const banner = $("banner");
  const r = game.result;
  banner.hidden = !r;
  if (!r) return;
  banner.querySelector(".title").textContent = r.title || "Game over";
  banner.querySelector(".result").textContent = r.result;
  banner.querySelector(".detail").textContent = r.detail || r.reason;
}

function renderPlayers() {
  const bottomSide = game.flipped ? "black" : "white";
  const topSide = game.flipped ? "white" : "black";
  for (const [el, side] of [[ui.bottom, bottomSide], [ui.top, topSide]]) {
    el.dataset.side = side;
    el.querySelector(".who").textContent = sideTitle(side) + " — " + playerText(game.players[side]);
  }
  clockBase = game.clock ? {
    white: game.clock.white_ms, black: game.clock.black_ms, running: game.clock.running, at: performance.now(),
  } : null;
  tickClocks();
}

function renderKey() {
  const list = $("key");
  list.textContent = "";
  const byName = {};
  // The ghosts of Ghost Chess share codes with the living pieces: look them up by name.
  for (const t of (pieces[game.variant + ":all"] || [])) byName[t.name] = t;
  for (const k of (review ? review.data : game).key) {
    const li = document.createElement("li");
    const p = byName[k.name];
    if (p) {
      const span = document.createElement("span");
      span.innerHTML = k.color === "white" ? p.white : p.black;
      li.appendChild(span);
      // The catalogue's facts as the item's tooltip: movement (Betza), the rest in words.
      li.title = [p.royal ? "Royal." : "", p.betza ? `Moves: ${p.betza}.` : "", p.special || ""]
        .filter(Boolean).join(" ");
    }
    // The name opens the piece's row of the rules page: its moves drawn, its power in words.
    const name = document.createElement("a");
    name.href = "/rules/" + encodeURIComponent(game.variant) + "#piece-" + encodeURIComponent(k.code);
    name.target = "_blank";
    name.rel = "noopener";
    name.textContent = k.name || k.code;
    li.appendChild(name);
    const code = document.createElement("code");
    code.textContent = k.code;
    li.appendChild(code);
    list.appendChild(li);
  }
}

// The board with what is drawn with it (ArchMage's hands under it) fits the window's height;
// on a narrow screen it leaves room for the status and the controls under it.
const NARROW = window.matchMedia("(max-width: 900px)");
function fitBoard() {
  const svg = ui.board.querySelector("svg");
  const vb = svg && svg.viewBox && svg.viewBox.baseVal;
  if (!vb || !vb.width || !vb.height) return;
  const top = ui.board.getBoundingClientRect().top + window.scrollY;
  const below = Math.max(ui.bottom.offsetHeight, 40) + (NARROW.matches ? 120 : 16);
  const height = window.innerHeight - top - below;
  ui.board.style.maxWidth = Math.max(200, Math.floor(height * vb.width / vb.height)) + "px";
}
window.addEventListener("resize", () => { fitBoard(); fitEvalbar(); });

// The evaluation bar spans the board's squares (not the hands under them).
function fitEvalbar() {
  const rects = [...ui.board.querySelectorAll("rect.square")];
  if (!rects.length) return;
  let top = Infinity, bottom = -Infinity;
  for (const r of rects) {
    const b = r.getBoundingClientRect();
    top = Math.min(top, b.top);
    bottom = Math.max(bottom, b.bottom);
  }
  const row = ui.board.getBoundingClientRect();
  ui.evalbar.style.marginTop = Math.max(0, top - row.top) + "px";
  ui.evalbar.style.height = Math.max(40, bottom - top) + "px";
}
window.addEventListener("resize", fitEvalbar);

// On a narrow screen the new-game form folds away under its summary once a game runs.
function foldNewGame() {
  if (NARROW.matches) $("ng-details").open = false;
}

function formatClock(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000), m = Math.floor(s / 60);
  const tenths = ms < 20000 ? "." + Math.floor((ms % 1000) / 100) : "";
  return m + ":" + String(s % 60).padStart(2, "0") + tenths;
}

function tickClocks() {
  for (const el of [ui.top, ui.bottom]) {
    const clock = el.querySelector(".clock");
    if (!clockBase) { clock.textContent = ""; continue; }
    const side = el.dataset.side;
    let ms = clockBase[side];
    const running = clockBase.running === side && !(game && game.result);
    if (running) ms -= performance.now() - clockBase.at;
    clock.textContent = formatClock(ms);
    clock.classList.toggle("running", running);
    clock.classList.toggle("low", running && ms < 10000);
  }
}
setInterval(tickClocks, 100);

function actionKinds() {
  return new Set((game.actions || []).map((a) => a.kind));
}

function dangerText(danger) {
  if (!danger) return "";
  if (danger.check) return " (in check)";
  if (danger.in_danger) return danger.royal.length ? " — a royal piece is threatened (" + danger.royal.join(", ") + ")" : " — in danger";
  if (danger.capturable_royal && danger.capturable_royal.length) return " — the enemy royal piece can be taken (" + danger.capturable_royal.join(", ") + ")";
  return "";
}

function renderStatus() {
  renderReviewBar();
  const side = sideTitle(game.side_to_move);
  let text;
  ui.status.classList.toggle("over", !!game.result);
  if (game.result) {
    text = "Game over: " + game.result.result + " — " + game.result.reason;
  } else if (game.thinking && game.thinking.mode === "move") {
    text = "The engine (" + sideTitle(game.thinking.side) + ") is thinking…";
  } else if (game.human_to_act) {
    const kinds = actionKinds();
    if (kinds.size === 1 && kinds.has("decision")) {
      text = directActions().length
        ? side + " decides: pick a highlighted square"
        : side + " decides: pick one of the choices under Action";
    }
    else if (kinds.size === 1 && kinds.has("placement")) text = "Placement: " + side + " places a piece (pick it below, then its square)";
    else if (kinds.has("link") || kinds.has("unlink")) text = side + " to move (a link step may come first)" + dangerText(game.danger);
    else text = side + " to move" + dangerText(game.danger);
  } else {
    text = side + " to move" + dangerText(game.danger);
  }
  // The engine's last move, as people read it, while it is the last move of the game.
  const engineMove = (game.engine_moves || []).at(-1);
  if (!game.result && engineMove && engineMove.ply === game.moves.length - 1) {
    text += " (the engine played " + (engineMove.san || engineMove.token) + ")";
  }
  ui.status.textContent = text;
}

// ---------------------------------------------------------------------------------------------
// Review: any earlier position of the game, the game itself untouched

function viewedPly() { return review ? review.ply : game.moves.length; }

// What a position's board depends on: the game, its start, the actions before it, the side
// the board is seen from.
function positionKey(ply) {
  return [game.id, game.start_fen || "", game.flipped, game.moves.slice(0, ply).map((m) => m.token).join(" ")].join("|");
}

async function reviewTo(ply) {
  if (!game) return;
  const start = performance.now();
  const n = game.moves.length;
  ply = Math.max(0, Math.min(n, ply));
  if (ply === n) { goLive(); return; }
  const key = positionKey(ply);
  const seq = ++reviewSeq;
  let data = positionCache.get(key);
  if (!data) {
    data = await api("/api/games/" + game.id + "/position/" + ply);
    if (!data || data.type !== "position") return;
    if (positionCache.size > 300) positionCache.clear();
    positionCache.set(key, data);
  }
  if (seq !== reviewSeq || !game || positionKey(ply) !== key) return;
  const was = review ? review.ply : null;
  review = { ply, key, data };
  showMessage("");
  clearSelection(false);
  hidePrompt();
  refreshView();
  requestAnimationFrame(() => window.grimoireStats.reviews.push(performance.now() - start));
  if (was !== ply) analysisFollowsView();
}

function goLive() {
  reviewSeq++;
  if (!review) return;
  review = null;
  refreshView();
  if (game.human_to_act && !selection) showPalette();
  analysisFollowsView();
}

// Everything that shows the viewed position, redrawn.
function refreshView() {
  showBoard();
  renderKey();
  renderStatus();
  renderMoves();
  renderNav();
  drawOverlay();
}

function renderReviewBar() {
  const bar = $("review-bar");
  bar.hidden = !review;
  if (!review) return;
  const m = game.moves[review.ply - 1];
  const what = m ? "after " + (m.number || "") + " " + m.text : "the start position";
  bar.querySelector(".what").textContent = "Reviewing " + what + " (" + sideTitle(review.data.side_to_move) +
    " to act" + dangerText(review.data.danger) + "), action " + review.ply + " of " + game.moves.length +
    ". The game goes on; Last (End) returns to it.";
}

function renderNav() {
  const ply = viewedPly(), n = game.moves.length;
  $("btn-first").disabled = ply === 0;
  $("btn-back").disabled = ply === 0;
  $("btn-forward").disabled = ply >= n;
  $("btn-last").disabled = ply >= n;
}

// The analysis looks at the position shown (when it is on).
let analysisTimer = 0;
function analysisFollowsView() {
  if (!game || !ui.anOn.checked) return;
  const want = review ? review.ply : null;
  if ((game.analysis_ply === undefined ? null : game.analysis_ply) === want) return;
  clearTimeout(analysisTimer);
  analysisTimer = setTimeout(setAnalysis, 150);
}

// One action of the move list: its number where a turn starts, its text, its token as title.
function moveItem(m, i) {
  const li = document.createElement("li");
  li.dataset.ply = i + 1;
  li.dataset.sig = moveSignature(m);
  if (m.number) {
    const n = document.createElement("span");
    n.className = "num";
    n.textContent = m.number + " ";
    li.appendChild(n);
  }
  const t = document.createElement("span");
  t.textContent = m.text;
  t.title = m.token;
  if (m.roll) t.className = "roll";
  li.appendChild(t);
  return li;
}

function moveSignature(m) { return [m.token, m.text, m.number || "", m.roll].join("|"); }

let movesScrolled = "";

// The move list, updated in place (items that did not change stay, so a click on the list is
// never lost to a redraw while the engine plays); the viewed action is marked.
function renderMoves() {
  const viewing = review ? review.ply : -1;
  const items = [...ui.moves.querySelectorAll("li[data-ply]")];
  const old = ui.moves.querySelector("li.result");
  if (old) old.remove();
  let viewedItem = null;
  game.moves.forEach((m, i) => {
    let li = items[i];
    if (!li || li.dataset.sig !== moveSignature(m)) {
      const fresh = moveItem(m, i);
      if (li) li.replaceWith(fresh); else ui.moves.appendChild(fresh);
      li = fresh;
    }
    li.classList.toggle("last", i === game.moves.length - 1);
    li.classList.toggle("viewing", i + 1 === viewing);
    if (i + 1 === viewing) viewedItem = li;
  });
  for (const li of items.slice(game.moves.length)) li.remove();
  if (window.grimoireGraph && window.grimoireGraph.gameId === game.id) window.grimoireGraph.markMoves(ui.moves);
  if (game.result) {
    const li = document.createElement("li");
    li.className = "result";
    li.textContent = game.result.result;
    ui.moves.appendChild(li);
  }
  const scrollKey = game.id + "|" + game.moves.length + "|" + viewing;
  if (scrollKey !== movesScrolled) {
    movesScrolled = scrollKey;
    if (viewedItem) ui.moves.scrollTop = Math.max(0, viewedItem.offsetTop - ui.moves.offsetTop - ui.moves.clientHeight / 2);
    else ui.moves.scrollTop = ui.moves.scrollHeight;
  }
  if (game.rolls.length) {
    ui.rolls.hidden = false;
    // Each roll in words with its probability, and what else could have come up.
    ui.rolls.textContent = "Dice rolled by the referee: " + game.rolls.map((r) => {
      const texts = r.outcome_texts || r.outcomes.map(([t]) => t);
      const others = texts.filter((t, i) => r.outcomes[i][0] !== r.token);
      return "after action " + r.ply + ", " + (r.text || r.token) + (others.length ? " (otherwise " + others.join("; ") + ")" : "");
    }).join(". ");
  } else {
    ui.rolls.hidden = true;
  }
}

function renderActionsList() {
  ui.legal.textContent = "";
  const actions = game.actions || [];
  // The suggestions are the readable texts (SAN), each with its token; either may be typed.
  for (const a of actions.slice(0, 3000)) {
    const o = document.createElement("option");
    o.value = a.san || a.token;
    if (a.san && a.san !== a.token) o.label = a.token;
    ui.legal.appendChild(o);
  }
  ui.tokenInput.disabled = !game.human_to_act;
  ui.other.textContent = "";
  for (const a of actions.filter((a) => !a.from && !a.to && !a.piece)) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = a.kind === "pass" ? "Pass (" + a.token + ")" : (a.san || a.token);
    if (a.san && a.san !== a.token) b.title = a.token;
    b.dataset.token = a.token;
    b.addEventListener("click", () => { actionStart = performance.now(); playToken(a.token); });
    ui.other.appendChild(b);
  }
}

// ---------------------------------------------------------------------------------------------
// Board geometry and the overlay (targets, selection, cursor, arrows, removed units)

let geometryCache = null;
let removedUntil = 0;

function squares() {
  if (geometryCache) return geometryCache;
  const map = new Map();
  for (const r of ui.board.querySelectorAll("rect.square[data-square]")) {
    map.set(r.dataset.square, {
      x: Number(r.getAttribute("x")), y: Number(r.getAttribute("y")),
      w: Number(r.getAttribute("width")), h: Number(r.getAttribute("height")),
    });
  }
  geometryCache = map;
  return map;
}

function svgPoint(event) {
  const svg = ui.board.querySelector("svg");
  if (!svg) return null;
  const p = svg.createSVGPoint();
  p.x = event.clientX; p.y = event.clientY;
  const m = svg.getScreenCTM();
  return m ? p.matrixTransform(m.inverse()) : null;
}

function squareAt(event) {
  const p = svgPoint(event);
  if (!p) return null;
  for (const [name, r] of squares()) {
    if (p.x >= r.x && p.x < r.x + r.w && p.y >= r.y && p.y < r.y + r.h) return name;
  }
  return null;
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function occupied(sq) {
  return !!ui.board.querySelector('g.piece[data-square="' + sq + '"]');
}

// The royal units in danger glow red under their pieces (a check, a ghost that can take the
// king); with "show threats" on, the units the opponent could take are ringed.
function drawDanger(svg) {
  const old = svg.querySelector("g.danger-layer");
  if (old) old.remove();
  const danger = (review ? review.data : game).danger;
  if (!danger) return;
  const threats = showThreats && danger.threatened ? danger.threatened : [];
  const takeable = danger.capturable_royal || [];
  if (!danger.royal.length && !threats.length && !takeable.length) return;
  const layer = document.createElementNS(SVG_NS, "g");
  layer.setAttribute("class", "danger-layer");
  const firstPiece = svg.querySelector("g.piece");
  if (firstPiece) firstPiece.parentNode.insertBefore(layer, firstPiece);
  else svg.appendChild(layer);
  const defs = el("defs", {}, layer);
  const glow = el("radialGradient", { id: "check-glow" }, defs);
  for (const [offset, color, opacity] of [["0%", "#ff0000", 1], ["25%", "#e70000", 1], ["89%", "#a90000", 0], ["100%", "#9e0000", 0]]) {
    el("stop", { offset, "stop-color": color, "stop-opacity": opacity }, glow);
  }
  const sq = squares();
  for (const name of threats) {
    const r = sq.get(name);
    if (!r || danger.royal.includes(name)) continue;
    el("rect", { class: "threat", "data-square": name, x: r.x + r.w * 0.06, y: r.y + r.h * 0.06, width: r.w * 0.88, height: r.h * 0.88, rx: r.w * 0.12,
      fill: "#ff9800", "fill-opacity": 0.22, stroke: "#e65100", "stroke-width": Math.max(2, r.w * 0.06), "stroke-dasharray": r.w * 0.14 + " " + r.w * 0.08 }, layer);
  }
  const glowing = danger.royal.map((name) => [name, danger.check ? "check" : "check royal-threat"])
    .concat(takeable.map((name) => [name, "check royal-takeable"]));
  for (const [name, cls] of glowing) {
    const r = sq.get(name);
    if (!r) continue;
    el("rect", { class: cls, "data-square": name, x: r.x, y: r.y, width: r.w, height: r.h, fill: "url(#check-glow)" }, layer);
  }
}

function drawOverlay() {
  const svg = ui.board.querySelector("svg");
  if (!svg || !game) return;
  drawDanger(svg);
  let g = svg.querySelector("g.overlay");
  if (g) g.remove();
  g = el("g", { class: "overlay" }, svg);
  const sq = squares();
  const defs = el("defs", {}, g);
  const marker = el("marker", { id: "arrowhead", markerWidth: 3, markerHeight: 3, refX: 1.2, refY: 1.5, orient: "auto" }, defs);
  el("path", { d: "M0,0 L3,1.5 L0,3 z", fill: "#1565c0" }, marker);
  const centre = (name) => { const r = sq.get(name); return r ? [r.x + r.w / 2, r.y + r.h / 2, r.w] : null; };

  // Units the last action removed (captures, Golem crushes, explosions).
  if (!review && performance.now() < removedUntil) {
    for (const name of game.removed) {
      const c = centre(name); if (!c) continue;
      const [x, y, w] = c, d = w * 0.32;
      const mark = el("g", { class: "removed-mark", "data-square": name }, g);
      el("circle", { cx: x, cy: y, r: w * 0.42, fill: "#d32f2f", "fill-opacity": 0.28, stroke: "#b71c1c", "stroke-width": 3 }, mark);
      el("path", { d: `M${x - d},${y - d} L${x + d},${y + d} M${x + d},${y - d} L${x - d},${y + d}`, stroke: "#b71c1c", "stroke-width": 5, "stroke-linecap": "round" }, mark);
    }
  }

  // The best line while the engine thinks or analyses.
  const best = infos[1];
  const analysed = game.analysis_ply === undefined ? null : game.analysis_ply;
  if (best && best.generation === game.generation && analysed === (review ? review.ply : null)) {
    best.pv_squares.slice(0, 3).forEach((pair, i) => {
      const opacity = [0.8, 0.5, 0.35][i];
      if (pair.length >= 2) {
        const a = centre(pair[0]), b = centre(pair[1]);
        if (!a || !b) return;
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
        const shorten = a[2] * 0.3;
        const bx = b[0] - (b[0] - a[0]) / len * shorten, by = b[1] - (b[1] - a[1]) / len * shorten;
        el("line", { class: "pv-arrow", x1: a[0], y1: a[1], x2: bx, y2: by, stroke: "#1565c0", "stroke-width": a[2] * 0.12, "stroke-opacity": opacity, "stroke-linecap": "round", "marker-end": "url(#arrowhead)" }, g);
      } else if (pair.length === 1) {
        const a = centre(pair[0]);
        if (a) el("circle", { class: "pv-arrow", cx: a[0], cy: a[1], r: a[2] * 0.3, fill: "none", stroke: "#1565c0", "stroke-width": 4, "stroke-opacity": opacity }, g);
      }
    });
  }

  if (game.human_to_act && !review) {
    let targets = [];
    if (selection) {
      if (selection.kind === "square") {
        const r = sq.get(selection.sq);
        if (r) el("rect", { class: "selected", x: r.x, y: r.y, width: r.w, height: r.h, fill: "#2e7d32", "fill-opacity": 0.35 }, g);
      }
      targets = selectionActions().map((a) => a.to).filter(Boolean);
    } else {
      targets = directActions().map((a) => a.to);
    }
    for (const name of new Set(targets)) {
      const c = centre(name); if (!c) continue;
      const [x, y, w] = c;
      if (occupied(name)) el("circle", { class: "target", "data-square": name, cx: x, cy: y, r: w * 0.44, fill: "none", stroke: "#2e7d32", "stroke-width": w * 0.08, "stroke-opacity": 0.75 }, g);
      else el("circle", { class: "target", "data-square": name, cx: x, cy: y, r: w * 0.16, fill: "#2e7d32", "fill-opacity": 0.6 }, g);
    }
  }
  if (cursor && sq.get(cursor)) {
    const r = sq.get(cursor);
    el("rect", { class: "cursor", x: r.x + 2, y: r.y + 2, width: r.w - 4, height: r.h - 4, fill: "none", stroke: "#6a55a8", "stroke-width": 4, "stroke-dasharray": "6 3" }, g);
  }
}

// ---------------------------------------------------------------------------------------------
// Choosing actions

function sources() {
  return new Set((game.actions || []).filter((a) => a.from).map((a) => a.from));
}

// Actions with no square to start from and no piece to put down but a square to act on:
// decision steps such as Ghost's spawn, picked by their square. (Hobgoblin's opponent promotion
// names no square: it is offered as a button among the other actions.)
function directActions() {
  return (game.actions || []).filter((a) => !a.from && !a.piece && a.to);
}

function selectionActions() {
  if (!selection || !game) return [];
  const all = game.actions || [];
  if (selection.kind === "square") return all.filter((a) => a.from === selection.sq);
  return all.filter((a) => a.piece === selection.piece);
}

function select(sel) {
  const start = actionStart || performance.now();
  selection = sel;
  hidePrompt();
  const here = selectionActions().filter((a) => !a.to || (sel.kind === "square" && a.to === sel.sq));
  if (here.length) showChoices(here, "Other actions of " + (sel.sq || sel.piece));
  else if (sel.kind === "piece") showPalette();
  drawOverlay();
  requestAnimationFrame(() => window.grimoireStats.selects.push(performance.now() - start));
  actionStart = 0;
}

function clearSelection(redraw = true) {
  selection = null;
  if (redraw && game) { hidePrompt(); if (game.human_to_act) showPalette(); drawOverlay(); }
}

function choose(candidates) {
  if (candidates.length === 1) { playToken(candidates[0].token); return; }
  showChoices(candidates, "Which one?");
}

function clickSquare(name) {
  if (!game) return;
  showMessage("");
  if (review) { showMessage("This is an earlier position: press Last (End) to return to the game and move."); return; }
  if (game.result) { showMessage("The game is over: take back, load a position or start a new game."); return; }
  if (!game.human_to_act) {
    showMessage(game.thinking ? "Wait: the engine is thinking (or press Move now)." : "It is not a person's turn.");
    return;
  }
  const from = sources();
  if (selection) {
    const cands = selectionActions().filter((a) => a.to === name);
    if (cands.length) { choose(cands); return; }
    if (selection.kind === "square" && selection.sq === name) { clearSelection(); return; }
    if (from.has(name)) { select({ kind: "square", sq: name }); return; }
    const what = selection.kind === "square" ? "from " + selection.sq : "for " + selection.piece;
    clearSelection();
    showMessage("No legal action " + what + " to " + name + ".");
    return;
  }
  if (from.has(name)) { select({ kind: "square", sq: name }); return; }
  const direct = directActions().filter((a) => a.to === name);
  if (direct.length) { choose(direct); return; }
  showMessage(occupied(name)
    ? "The unit on " + name + " has no legal action now."
    : "No legal action starts on " + name + ".");
}

function glyphFor(code, color) {
  const table = pieces[game.variant] || {};
  const p = table[code] || table[code.toUpperCase()];
  return p ? { svg: color === "white" ? p.white : p.black, name: p.name } : null;
}

function pieceName(letter) {
  const glyph = glyphFor(letter, game.side_to_move);
  return glyph ? glyph.name : letter;
}

// One member of a Hobgoblin group (`docs/notation.md`: [count]letter[']["^" | "~"node]["=" t])
// in words: "Queen extends (its other half stays)", "Queen half (partner on d1)".
function memberWords(member) {
  const m = /^(\d*)([A-Za-z])(')?(?:(\^)|~([a-z]\d+))?(?:=([a-z]))?$/.exec(member);
  if (!m) return member;
  const [, count, letter, right, extend, partner, mutation] = m;
  let text = (count ? count + " × " : "") + pieceName(letter);
  if (extend) text += " extends (its other half stays)";
  else if (partner) text += " half (partner on " + partner + ")";
  else if (letter.toUpperCase() !== "P") text += " (whole)";
  if (right) text += " with the castling right";
  if (mutation) text += ", becomes " + pieceName(mutation);
  return text;
}

// A group choice: the group as written and what it moves in words, with any promotions.
function groupLabel(token) {
  const open = token.indexOf("("), close = token.indexOf(")", open);
  const group = token.slice(open + 1, close);
  const after = token.slice(close + 1);
  let words = group.split(",").map(memberWords).join(" + ");
  if (/^[qrbn]+$/.test(after)) words += "; promotes to " + [...after].map(pieceName).join(", ");
  else if (after) words += "; " + after;
  return { rest: token.slice(open), words };
}

// The part of each token after what all candidates share, with the piece it names if any;
// a Hobgoblin group whole, with its units and squares in words.
function choiceLabels(candidates) {
  const tokens = candidates.map((a) => a.token);
  if (tokens.every((t) => t.includes("(") && t.indexOf(")", t.indexOf("(")) > 0)) {
    return candidates.map((a) => ({ action: a, glyph: null, ...groupLabel(a.token) }));
  }
  let prefix = tokens[0].length;
  for (const t of tokens) {
    let i = 0;
    while (i < prefix && i < t.length && t[i] === tokens[0][i]) i++;
    prefix = i;
  }
  // A shared "(" of a group stays with each label: "(b^)", "(k~e8,b^)".
  if (prefix > 0 && tokens[0][prefix - 1] === "(") prefix--;
  return candidates.map((a) => {
    const rest = a.token.slice(prefix) || a.token;
    // A piece's glyph where what differs is one piece code (a promotion: "q", "=*W").
    const code = rest.replace(/^=/, "");
    const glyph = /^[*^]?[A-Za-z]$/.test(code) ? glyphFor(code, game.side_to_move) : null;
    return { action: a, rest, glyph, words: "" };
  });
}

function hidePrompt() {
  ui.prompt.hidden = true;
  ui.prompt.textContent = "";
}

function showChoices(candidates, title) {
  ui.prompt.textContent = "";
  ui.prompt.hidden = false;
  const t = document.createElement("div");
  t.className = "title";
  t.textContent = title;
  ui.prompt.appendChild(t);
  const box = document.createElement("div");
  box.className = "choices";
  box.setAttribute("role", "listbox");
  for (const { action, rest, glyph, words } of choiceLabels(candidates)) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "choice";
    b.dataset.token = action.token;
    if (glyph) {
      const span = document.createElement("span");
      span.innerHTML = glyph.svg;
      b.appendChild(span);
      b.appendChild(document.createTextNode(glyph.name));
    } else {
      b.appendChild(document.createTextNode(rest));
    }
    if (words) {
      const w = document.createElement("span");
      w.className = "words";
      w.textContent = words;
      b.appendChild(w);
      b.title = words;
    }
    const small = document.createElement("small");
    small.textContent = action.token;
    b.appendChild(small);
    b.addEventListener("click", () => { actionStart = performance.now(); playToken(action.token); });
    box.appendChild(b);
  }
  ui.prompt.appendChild(box);
  if (candidates.some((a) => /[(^~']/.test(a.token))) {
    const legend = document.createElement("div");
    legend.className = "legend";
    legend.textContent = "In a group: ^ extends (its other half stays), ~node a half linked to that node, ' carries the castling right, =t mutates to t; letters after the group declare promotions.";
    ui.prompt.appendChild(legend);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.textContent = "Cancel (Esc)";
  cancel.addEventListener("click", () => clearSelection());
  box.appendChild(cancel);
  const first = box.querySelector("button");
  if (first && document.activeElement !== ui.tokenInput) first.focus({ preventScroll: true });
}

// Pieces to put down (drops, placements) as buttons with their glyphs.
function showPalette() {
  if (!game || !game.human_to_act || review) return;
  const kinds = new Map();
  for (const a of game.actions || []) if (a.piece && !kinds.has(a.piece)) kinds.set(a.piece, a.kind);
  if (!kinds.size) { if (!selection) hidePrompt(); return; }
  ui.prompt.textContent = "";
  ui.prompt.hidden = false;
  const t = document.createElement("div");
  t.className = "title";
  const placing = [...kinds.values()].every((k) => k === "placement");
  t.textContent = placing ? "Pick a piece to place, then its square:" : "Or drop a piece from the hand, then pick its square:";
  ui.prompt.appendChild(t);
  const box = document.createElement("div");
  box.className = "choices";
  for (const piece of kinds.keys()) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "choice palette";
    b.dataset.piece = piece;
    const glyph = glyphFor(piece.split(":")[0], game.side_to_move);
    if (glyph) {
      const span = document.createElement("span");
      span.innerHTML = glyph.svg;
      b.appendChild(span);
      b.appendChild(document.createTextNode(glyph.name));
    }
    const small = document.createElement("small");
    small.textContent = piece;
    b.appendChild(small);
    if (selection && selection.kind === "piece" && selection.piece === piece) b.classList.add("primary");
    b.addEventListener("click", () => { actionStart = performance.now(); select({ kind: "piece", piece }); });
    box.appendChild(b);
  }
  ui.prompt.appendChild(box);
}

// ---------------------------------------------------------------------------------------------
// Pointer: click and drag

let press = null;

ui.board.addEventListener("pointerdown", (event) => {
  if (!game || event.button !== 0) return;
  actionStart = performance.now();
  boardByKeyboard = false;
  ui.board.focus({ preventScroll: true });
  const hand = event.target.closest && event.target.closest(".hand-piece");
  if (hand) {
    const piece = (game.actions || []).find((a) => a.piece === hand.dataset.code && a.kind === "drop");
    if (piece && hand.dataset.color === game.side_to_move) select({ kind: "piece", piece: piece.piece });
    else showMessage("That piece in hand cannot be dropped now.");
    return;
  }
  const sq = squareAt(event);
  if (!sq) return;
  press = { sq, x: event.clientX, y: event.clientY, drag: null, id: event.pointerId };
  const isTarget = selection && selectionActions().some((a) => a.to === sq);
  if (!isTarget && game.human_to_act && !review && sources().has(sq)) {
    const piece = ui.board.querySelector('g.piece[data-square="' + sq + '"]');
    if (piece) press.drag = piece;
  }
  ui.board.setPointerCapture(event.pointerId);
  event.preventDefault();
});

ui.board.addEventListener("pointermove", (event) => {
  if (!press || !press.drag) return;
  const moved = Math.hypot(event.clientX - press.x, event.clientY - press.y);
  if (!press.ghost && moved < 6) return;
  const svg = ui.board.querySelector("svg");
  if (!press.ghost) {
    if (!selection || selection.sq !== press.sq) select({ kind: "square", sq: press.sq });
    press.ghost = press.drag.cloneNode(true);
    press.ghost.classList.add("drag-ghost");
    press.ghost.style.pointerEvents = "none";
    press.drag.style.opacity = "0.3";
    svg.appendChild(press.ghost);
    press.origin = svgPoint({ clientX: press.x, clientY: press.y });
    ui.board.classList.add("dragging");
  }
  const p = svgPoint(event);
  if (p && press.origin) press.ghost.setAttribute("transform", `translate(${p.x - press.origin.x},${p.y - press.origin.y})`);
});

function endPress(event, cancelled) {
  if (!press) return;
  const p = press;
  press = null;
  ui.board.classList.remove("dragging");
  if (p.ghost) { p.ghost.remove(); p.drag.style.opacity = ""; }
  if (cancelled) return;
  const sq = squareAt(event);
  if (p.ghost) {
    if (sq && sq !== p.sq) clickSquare(sq);
    return;
  }
  if (sq === p.sq) clickSquare(sq);
}

ui.board.addEventListener("pointerup", (event) => endPress(event, false));
ui.board.addEventListener("pointercancel", (event) => endPress(event, true));

// ---------------------------------------------------------------------------------------------
// Keyboard

function moveCursor(dx, dy) {
  const sq = squares();
  if (!sq.size) return;
  if (!cursor || !sq.get(cursor)) {
    cursor = [...sources()][0] || [...sq.keys()][0];
    drawOverlay();
    return;
  }
  const c = sq.get(cursor);
  let best = null, bestScore = Infinity;
  for (const [name, r] of sq) {
    const ddx = r.x - c.x, ddy = r.y - c.y;
    const along = dx ? ddx * dx : ddy * dy;
    const across = dx ? Math.abs(ddy) : Math.abs(ddx);
    if (along <= 0) continue;
    const score = along + across * 4;
    if (score < bestScore) { bestScore = score; best = name; }
  }
  if (best) { cursor = best; drawOverlay(); }
}

document.addEventListener("pointerdown", () => { lastPointer = performance.now(); }, true);
ui.board.addEventListener("focus", () => { boardByKeyboard = performance.now() - lastPointer > 300; });

// On the board the arrows move the cursor once the board was reached by the keyboard (Tab) or
// the cursor shows (Up and Down start it); otherwise Left and Right step through the moves.
function arrowsMoveCursor(key) {
  if (review) return false;
  if (key === "ArrowUp" || key === "ArrowDown") return true;
  return boardByKeyboard || cursor !== null;
}

ui.board.addEventListener("keydown", (event) => {
  const keys = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (keys[event.key] && arrowsMoveCursor(event.key)) { moveCursor(...keys[event.key]); event.preventDefault(); return; }
  if ((event.key === "Enter" || event.key === " ") && cursor) {
    actionStart = performance.now();
    clickSquare(cursor);
    event.preventDefault();
  }
});

const REVIEW_KEYS = {
  ArrowLeft: () => viewedPly() - 1, ArrowRight: () => viewedPly() + 1,
  Home: () => 0, End: () => game.moves.length,
};

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") { clearSelection(); return; }
  const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName);
  if (typing || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  if (REVIEW_KEYS[event.key] && game) { event.preventDefault(); reviewTo(REVIEW_KEYS[event.key]()); return; }
  if (event.key === "f") flip();
  else if (event.key === "t") post("/takeback");
  else if (event.key === "s") post("/stop");
  else if (event.key === "a") { ui.anOn.checked = !ui.anOn.checked; setAnalysis(); }
});

// ---------------------------------------------------------------------------------------------
// Analysis and engine output

// Scores read from White's view everywhere, like the bar: + is good for White.
function scoreText(info) {
  if (info.mate !== null && info.mate !== undefined) {
    return (info.white_cp > 0 ? "#" : "-#") + Math.abs(info.mate);
  }
  const cp = info.white_cp;
  return (cp > 0 ? "+" : "") + (cp / 100).toFixed(2);
}

function onInfo(info) {
  if (!game || info.generation !== game.generation) return;
  window.grimoireStats.infos++;
  infos[info.multipv] = info;
  renderAnalysis();
  drawOverlay();
}

function renderAnalysis() {
  const current = Object.keys(infos).length > 0;
  const shown = current ? infos : lastInfos;
  const best = shown[1];
  const fill = ui.evalbar.querySelector(".fill");
  const value = ui.evalbar.querySelector(".value");
  if (best) {
    const white = Math.max(-1000, Math.min(1000, best.white_cp));
    const share = 1 / (1 + Math.exp(-white / 250));
    fill.style.height = (share * 100).toFixed(1) + "%";
    value.textContent = best.mate !== null && best.mate !== undefined
      ? (best.white_cp > 0 ? "#" : "-#") + Math.abs(best.mate)
      : (best.white_cp / 100).toFixed(1);
    ui.anSummary.textContent = (current ? "" : "Last search, before the last move: ") +
      (best.mode === "analysis" ? "Analysis" : "Engine") + ": depth " + best.depth + "/" + best.seldepth +
      ", " + best.nodes.toLocaleString() + " nodes, " + Math.round(best.nps / 1000) + " kn/s, " + (best.time_ms / 1000).toFixed(1) + " s" +
      " (scores from White's view)";
  } else {
    fill.style.height = "50%";
    value.textContent = "";
    ui.anSummary.textContent = game && game.thinking ? "thinking…" : "";
  }
  ui.anLines.textContent = "";
  for (const k of Object.keys(shown).sort((a, b) => a - b)) {
    const info = shown[k];
    const li = document.createElement("li");
    const s = document.createElement("span");
    s.className = "score";
    s.textContent = scoreText(info);
    li.appendChild(s);
    li.appendChild(document.createTextNode((info.pv_san && info.pv_san.length ? info.pv_san : info.pv).join(" ")));
    ui.anLines.appendChild(li);
  }
  if (game) ui.anOn.checked = game.analysis !== null && game.analysis !== undefined;
}

function setAnalysis() {
  const body = { multipv: ui.anOn.checked ? Number(ui.anMultipv.value) : 0 };
  if (ui.anOn.checked && review) body.ply = review.ply;
  post("/analysis", body);
}

// ---------------------------------------------------------------------------------------------
// Eldritch armies (any variant's setup command)

let bundlesLoaded = "";

function renderSetup() {
  const show = !!game.setup && game.moves.length === 0;
  ui.setup.hidden = !show;
  if (!game.setup) return;
  ui.setupLog.textContent = game.setup.log.filter((l) => !l.includes(" bundle ")).slice(-8).join("\n");
  if (show && bundlesLoaded !== game.id) {
    bundlesLoaded = game.id;
    runSetup("bundles").then((reply) => {
      if (!reply) return;
      ui.bundles.textContent = "";
      for (const line of reply.lines) {
        const [, , text, count, ...name] = line.split(" ");
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = text;
        b.title = count + " × " + name.join(" ");
        b.addEventListener("click", () => {
          const side = document.querySelector('input[name="army-side"]:checked').value;
          const input = $("army-" + side);
          input.value = (input.value.trim() === "-" ? "" : input.value.trim() + " ") + text;
        });
        ui.bundles.appendChild(b);
      }
    });
  }
}

async function runSetup(command) {
  if (!game || !game.setup) return null;
  const reply = await api("/api/games/" + game.id + "/setup", "POST", { command: game.setup.command + " " + command });
  if (reply && reply.state) { showMessage(""); render(reply.state); }
  return reply;
}

async function declareAndStart(mode) {
  const white = $("army-white").value.trim() || "-";
  const black = $("army-black").value.trim() || "-";
  const commands = $("army-matched").checked
    ? ["matched " + white]
    : ["army white " + white, "army black " + black];
  for (const c of commands.concat(["start " + mode])) {
    if (!(await runSetup(c))) return;
  }
}

for (const b of document.querySelectorAll("[data-propose]")) {
  b.addEventListener("click", async () => {
    const side = b.dataset.propose;
    const reply = await runSetup("propose " + side + " 2");
    if (reply && reply.lines[0]) $("army-" + side).value = reply.lines[0].split(" ").slice(3).join(" ") || "-";
  });
}
$("army-placement").addEventListener("click", () => declareAndStart("placement"));
$("army-default").addEventListener("click", () => declareAndStart("default"));

// ---------------------------------------------------------------------------------------------
// Controls

function flip() { if (game) post("/flip", { flipped: !game.flipped }); }

$("new-game").addEventListener("submit", (event) => { event.preventDefault(); startGame(newGameRequest()); });
$("ng-players").addEventListener("click", () => {
  const r = newGameRequest();
  post("/players", { white: r.white, black: r.black });
});
$("ng-variant").addEventListener("change", renderOptions);
// The whole-game review: every position scored, the graph drawn, the moves marked.
$("btn-review-game").addEventListener("click", () => {
  if (!game || !window.grimoireGraph) return;
  const id = game.id;
  window.grimoireGraph.run(id, () => api("/api/games/" + id + "/review", "POST", { ms: 100 }),
    $("eval-graph"), ui.moves, (ply) => reviewTo(ply));
});
// Levels run 1 (beginner) to 8 (full strength); the other limits keep their own values.
$("ng-limit").addEventListener("change", () => {
  const value = $("ng-value");
  if ($("ng-limit").value === "level") {
    value.max = "8";
    const n = Number(value.value);
    value.value = String(n >= 1 && n <= 8 ? n : 3);
  } else {
    value.removeAttribute("max");
  }
});
$("btn-takeback").addEventListener("click", () => post("/takeback"));
$("btn-first").addEventListener("click", () => reviewTo(0));
$("btn-back").addEventListener("click", () => reviewTo(viewedPly() - 1));
$("btn-forward").addEventListener("click", () => reviewTo(viewedPly() + 1));
$("btn-last").addEventListener("click", () => goLive());
$("review-live").addEventListener("click", () => goLive());
ui.moves.addEventListener("click", (event) => {
  const li = event.target.closest("li[data-ply]");
  if (li) reviewTo(Number(li.dataset.ply));
});
$("show-threats").checked = showThreats;
$("show-threats").addEventListener("change", (event) => {
  showThreats = event.target.checked;
  localStorage.setItem("grimoire-threats", showThreats ? "1" : "0");
  drawOverlay();
});
$("banner-close").addEventListener("click", () => { $("banner").hidden = true; });
$("btn-flip").addEventListener("click", flip);
$("btn-resign").addEventListener("click", () => post("/resign", {}));
ui.stop.addEventListener("click", () => post(game && !game.thinking ? "/go" : "/stop"));
ui.anOn.addEventListener("change", setAnalysis);
ui.anMultipv.addEventListener("change", () => { if (ui.anOn.checked) setAnalysis(); });
$("btn-pgn").addEventListener("click", () => {
  if (!game) return;
  const a = document.createElement("a");
  a.href = withToken("/api/games/" + game.id + "/pgn");
  a.download = "grimoire-" + game.variant + ".pgn";
  document.body.appendChild(a);
  a.click();
  a.remove();
});
$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const token = ui.tokenInput.value.trim();
  if (!token) return;
  actionStart = performance.now();
  playToken(token).then(() => { ui.tokenInput.value = ""; });
});
$("btn-load-fen").addEventListener("click", () => post("/load", { fen: $("load-text").value.trim() }));
$("btn-load-pgn").addEventListener("click", () => post("/load", { pgn: $("load-text").value }));
$("load-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  if (file.size > 1000000) { showMessage("That file is too large for a PGN (over 1 MB)."); return; }
  $("load-text").value = await file.text();
  post("/load", { pgn: $("load-text").value });
});

function renderOptions() {
  const box = $("ng-options");
  box.textContent = "";
  const v = variants.find((x) => x.name === $("ng-variant").value);
  if (!v) return;
  for (const o of v.options) {
    const label = document.createElement("label");
    let input;
    if (o.kind === "check") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = o.default === "true";
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + o.name));
    } else if (o.kind === "combo") {
      input = document.createElement("select");
      for (const c of o.choices) {
        const opt = document.createElement("option");
        opt.textContent = c;
        if (c.toLowerCase() === String(o.default).toLowerCase()) opt.selected = true;
        input.appendChild(opt);
      }
      label.appendChild(document.createTextNode(o.name + " "));
      label.appendChild(input);
    } else if (o.kind === "spin" || o.kind === "string") {
      input = document.createElement("input");
      input.type = o.kind === "spin" ? "number" : "text";
      input.value = o.default;
      if (o.kind === "spin") { input.min = o.min; input.max = o.max; }
      label.appendChild(document.createTextNode(o.name + " "));
      label.appendChild(input);
    } else continue;
    input.dataset.option = o.name;
    box.appendChild(label);
  }
}

async function loadPieces(name) {
  if (pieces[name]) return;
  const data = await api("/api/variants/" + name + "/pieces");
  if (!data) return;
  const table = {};
  // Ghost Chess lists its ghosts after the living pieces under the same codes: the living win.
  for (const p of data.pieces) if (!table[p.code]) table[p.code] = p;
  pieces[name] = table;
  pieces[name + ":all"] = data.pieces;
}

async function main() {
  foldNewGame();
  NARROW.addEventListener("change", (e) => { if (!e.matches) $("ng-details").open = true; });
  $("ng-details").addEventListener("toggle", () => { fitBoard(); fitEvalbar(); });
  const data = await api("/api/variants");
  if (!data) return;
  variants = data.variants;
  const select = $("ng-variant");
  for (const v of variants) {
    const o = document.createElement("option");
    o.value = v.name;
    o.textContent = v.name;
    select.appendChild(o);
  }
  await Promise.all(variants.map((v) => loadPieces(v.name)));
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get("game");
  if (params.get("variant")) select.value = params.get("variant");
  renderOptions();
  if (id) {
    const state = await api("/api/games/" + id);
    if (state) { adopt(state); return; }
    showMessage("");
  }
  await startGame(newGameRequest());
}

main();
