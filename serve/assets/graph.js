// The whole-game review on the page (issue 51, point 4): "Review game" asks the server to score
// every position (POST /api/games/{id}/review), then draws the evaluation graph over the game
// from White's view, marks the inaccuracies (?!), mistakes (?) and blunders (??) in the move
// list with the better move in the item's tooltip, and a click on the graph shows that move.
"use strict";
(function () {
  const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
  const COLOURS = { inaccuracy: "#c9a400", mistake: "#e07000", blunder: "#c62828" };
  const W = 300, H = 80, CAP = 1000;
  const graph = { result: null, gameId: null };

  function svgEl(name, attrs, parent) {
    const e = document.createElementNS("http://www.w3.org/2000/svg", name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  // The graph: White's advantage up, one point a position, the marked moves as dots.
  function draw(box, result, onPick) {
    box.textContent = "";
    const values = [result.start_white_cp || 0, ...result.plies.map((p) => p.white_cp)];
    const x = (i) => (values.length < 2 ? 0 : (i * W) / (values.length - 1));
    const y = (cp) => H / 2 - (Math.max(-CAP, Math.min(CAP, cp)) * (H / 2 - 4)) / CAP;
    const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "eval-graph", role: "img",
      "aria-label": "evaluation over the game, White's view" }, box);
    svgEl("rect", { x: 0, y: 0, width: W, height: H, fill: "#444" }, svg);
    const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    svgEl("polygon", { points: `0,${H} ${line} ${W},${H}`, fill: "#f4f4f4" }, svg);
    svgEl("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, stroke: "#888", "stroke-width": 0.5 }, svg);
    result.plies.forEach((p, i) => {
      if (!p.class) return;
      const dot = svgEl("circle", { cx: x(i + 1), cy: y(p.white_cp), r: 3.5, fill: COLOURS[p.class],
        class: "mark " + p.class, "data-ply": p.ply }, svg);
      svgEl("title", {}, dot).textContent = p.ply + ": " + p.class + (p.best ? ", better " + p.best : "");
    });
    svg.addEventListener("click", (e) => {
      const box = svg.getBoundingClientRect();
      const ply = Math.round(((e.clientX - box.left) / box.width) * (values.length - 1));
      onPick(Math.max(0, Math.min(values.length - 1, ply)));
    });
  }

  // The marks in the move list: `?!`, `?`, `??` after the move, the better move as a tooltip.
  graph.markMoves = function (list) {
    if (!graph.result) return;
    for (const p of graph.result.plies) {
      const li = list.querySelector(`li[data-ply="${p.ply}"]`);
      if (!li || !p.class || li.querySelector(".judgement")) continue;
      const mark = document.createElement("span");
      mark.className = "judgement " + p.class;
      mark.textContent = MARKS[p.class];
      li.appendChild(mark);
      if (p.best) li.title = p.class + ": " + p.best + " was better";
    }
  };

  graph.run = async function (gameId, request, box, list, onPick) {
    box.textContent = "Reviewing the game…";
    const result = await request();
    if (!result || !result.plies) { box.textContent = ""; return; }
    graph.result = result;
    graph.gameId = gameId;
    draw(box, result, onPick);
    graph.markMoves(list);
  };

  window.grimoireGraph = graph;
})();
