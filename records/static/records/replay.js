/* Steps through the replay snapshots (rules_core.replay, side 1's numbering) on the board drawn by
   records/board.py. The checkers, dice and cube are redrawn here with the same geometry and the same stacking
   rule as board.checker_elements; the frame and the points stay as the server drew them. No library. */
(function () {
  "use strict";
  var root = document.getElementById("replay");
  if (!root) return;
  var rows = JSON.parse(document.getElementById("replay-rows").textContent);
  var geo = JSON.parse(document.getElementById("replay-geometry").textContent);
  var names = JSON.parse(document.getElementById("replay-names").textContent);
  var labels = JSON.parse(document.getElementById("replay-labels").textContent);
  var marksData = document.getElementById("replay-marks-data");
  var marks = marksData ? JSON.parse(marksData.textContent) : null;
  var marksBox = document.getElementById("replay-marks");
  var svg = root.querySelector("svg.board");
  var layer = svg.querySelector("g.checkers");
  var NS = "http://www.w3.org/2000/svg";
  var R = geo.r;
  var step = parseInt(root.dataset.step, 10) || 0;
  var starts = [];
  rows.forEach(function (s, i) { if (s.kind === "start") starts.push(i); });

  function el(name, attrs, text) {
    var e = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    layer.appendChild(e);
    return e;
  }
  function stack(count, topRow, base) {
    var out = [];
    if (count <= 0) return out;
    var stepY = count <= 5 ? 2 * R : (geo.stack - 2 * R) / (count - 1);
    var start = base !== undefined ? base : (topRow ? geo.top + R : geo.bottom - R);
    for (var i = 0; i < count; i++) out.push(topRow ? start + i * stepY : start - i * stepY);
    return out;
  }
  function checkers(x, ys, side) {
    ys.forEach(function (y) { el("circle", {"class": "checker s" + side, cx: x.toFixed(1), cy: y.toFixed(1), r: R}); });
    if (ys.length > 5) el("text", {"class": "count s" + side + "t", x: x.toFixed(1), y: ys[ys.length - 1].toFixed(1)}, String(ys.length));
  }
  var PIPS = {1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]]};
  function die(x, y, v, side) {
    el("rect", {"class": "die s" + side, x: x - 17, y: y - 17, width: 34, height: 34, rx: 6});
    (PIPS[v] || []).forEach(function (p) { el("circle", {"class": "pip s" + side, cx: x + p[0] * 9, cy: y + p[1] * 9, r: 3.4}); });
  }
  function mark(p, cls) {
    var top = p >= 13;
    el("rect", {"class": cls, x: (geo.points[String(p)] - geo.pw / 2).toFixed(1), y: top ? geo.top : geo.bottom - geo.depth,
      width: geo.pw, height: geo.depth});
  }
  function draw(s, prev) {
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    if (prev && prev.game === s.game && s.kind === "roll" && (s.side === 1 || s.side === 2)) {
      var sign = s.side === 1 ? 1 : -1, q;
      for (q = 1; q <= 24; q++) if (sign * s.board[q - 1] < sign * prev.board[q - 1]) mark(q, "moved-from");
      for (q = 1; q <= 24; q++) if (sign * s.board[q - 1] > sign * prev.board[q - 1]) mark(q, "moved-to");
    }
    for (var p = 1; p <= 24; p++) {
      var n = s.board[p - 1];
      if (n) checkers(geo.points[String(p)], stack(Math.abs(n), p >= 13), n > 0 ? 1 : 2);
    }
    checkers(geo.barX, stack(s.bar[0], false, geo.mid - R - 4).slice(0, 15), 1);
    checkers(geo.barX, stack(s.bar[1], true, geo.mid + R + 4).slice(0, 15), 2);
    var i;
    for (i = 0; i < s.off[0]; i++) el("rect", {"class": "off s1", x: geo.trayX, y: geo.bottom - 4 - (i + 1) * 11, width: geo.trayW, height: 9, rx: 2});
    for (i = 0; i < s.off[1]; i++) el("rect", {"class": "off s2", x: geo.trayX, y: geo.top + 4 + i * 11, width: geo.trayW, height: 9, rx: 2});
    if (s.off[0]) el("text", {"class": "traylabel", x: geo.trayX + geo.trayW / 2, y: geo.bottom - 8 - s.off[0] * 11}, String(s.off[0]));
    if (s.off[1]) el("text", {"class": "traylabel", x: geo.trayX + geo.trayW / 2, y: geo.top + 16 + s.off[1] * 11}, String(s.off[1]));
    if (s.dice && (s.side === 1 || s.side === 2)) {
      var cx = s.side === 1 ? geo.rightHalfX : geo.leftHalfX;
      die(cx - 22, geo.mid, s.dice[0], s.side);
      die(cx + 22, geo.mid, s.dice[1], s.side);
    }
    var cy = s.owner === 1 ? geo.bottom - 24 : s.owner === 2 ? geo.top + 24 : geo.mid;
    el("rect", {"class": s.crawford ? "cube crawford" : "cube", x: 8, y: cy - 18, width: 36, height: 36, rx: 5});
    el("text", {"class": "cubev", x: 26, y: cy}, String(s.cube));
    if (s.kind === "roll" && (s.side === 1 || s.side === 2)) {
      (s.path || []).forEach(function (points) {
        el("path", {"class": s.legal === false ? "arrow bad" : "arrow", d: arrow(points, s.side)});
      });
    }
  }
  // the same curves as board.arrow_d: each hop bows towards the middle of the board
  function arrow(points, side) {
    var xy = points.map(function (p) { return geo.anchors[p + ":" + side]; });
    var d = "M" + xy[0][0].toFixed(1) + "," + xy[0][1].toFixed(1);
    for (var i = 1; i < xy.length; i++) {
      var x1 = xy[i - 1][0], y1 = xy[i - 1][1], x2 = xy[i][0], y2 = xy[i][1], cy = (y1 + y2) / 2;
      if (Math.abs(y1 - y2) < 1) cy += y1 < geo.mid ? 70 : -70;
      d += " Q" + ((x1 + x2) / 2).toFixed(1) + "," + cy.toFixed(1) + " " + x2.toFixed(1) + "," + y2.toFixed(1);
    }
    return d;
  }
  function node(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  // the findings and notes at this step: what the rules say, and the legal plays instead
  function showMarks(i) {
    if (!marksBox || !marks) return;
    while (marksBox.firstChild) marksBox.removeChild(marksBox.firstChild);
    (marks[String(i)] || []).forEach(function (m) {
      var box = node("div", "mark " + (m.note ? "note" : "bad"));
      box.setAttribute("data-mark", "");
      box.appendChild(node("strong", "", (m.note ? labels.note : labels.violation) + (m.rule ? " · " + m.rule : "")));
      box.appendChild(node("p", "", m.message));
      if (m.play) {
        if (m.legal.length) {
          var more = m.legal_count > m.legal.length ? " (" + m.legal.length + " / " + m.legal_count + ")" : "";
          box.appendChild(node("p", "small", labels.legal + more + ":"));
          var ul = node("ul", "mono legal-plays");
          m.legal.forEach(function (p) { ul.appendChild(node("li", "", p)); });
          box.appendChild(ul);
        } else {
          box.appendChild(node("p", "small", labels.no_play));
        }
      } else if (m.expected) {
        box.appendChild(node("p", "small", labels.expected + ": " + m.expected));
      }
      marksBox.appendChild(box);
    });
  }
  function nameOf(side) { return side === 1 ? names[0] : side === 2 ? names[1] : labels.none; }
  function info(id, text) { document.getElementById(id).textContent = text; }
  function show(i) {
    step = Math.max(0, Math.min(rows.length - 1, i));
    var s = rows[step];
    draw(s, step > 0 ? rows[step - 1] : null);
    info("ri-game", s.game);
    info("ri-move", s.move === null ? labels.none : s.move);
    info("ri-side", nameOf(s.side));
    info("ri-action", labels[s.kind] || s.kind);
    info("ri-dice", s.dice ? s.dice[0] + "-" + s.dice[1] : labels.none);
    info("ri-play", s.play || labels.none);
    info("ri-score", names[0] + " " + s.score[0] + " : " + s.score[1] + " " + names[1]);
    info("ri-cube", s.cube + ", " + (s.owner ? labels.owner.replace("%(name)s", nameOf(s.owner)) : labels.centre));
    info("ri-crawford", s.crawford ? labels.crawford : labels.none);
    info("ri-turn", nameOf(s.turn));
    info("replay-pos", (step + 1) + " / " + rows.length);
    showMarks(step);
    var unchecked = document.getElementById("ri-unchecked");
    if (unchecked) unchecked.hidden = s.checked !== false;
    document.getElementById("replay-range").value = step;
    var select = document.getElementById("replay-game");
    for (var k = 0; k < starts.length; k++) if (rows[starts[k]].game === s.game) select.selectedIndex = k;
    if (window.history && history.replaceState) history.replaceState(null, "", "?step=" + step);
  }
  function gameStep(dir) {
    var k, target = dir < 0 ? 0 : rows.length - 1;
    if (dir < 0) { for (k = 0; k < starts.length; k++) if (starts[k] < step) target = starts[k]; }
    else { for (k = starts.length - 1; k >= 0; k--) if (starts[k] > step) target = starts[k]; }
    return target;
  }
  var actions = {
    "back": function () { show(step - 1); },
    "forward": function () { show(step + 1); },
    "prev-game": function () { show(gameStep(-1)); },
    "next-game": function () { show(gameStep(1)); }
  };
  root.querySelectorAll("[data-go]").forEach(function (a) {
    a.addEventListener("click", function (e) { e.preventDefault(); actions[a.dataset.go](); });
  });
  document.getElementById("replay-game").addEventListener("change", function (e) { show(parseInt(e.target.value, 10)); });
  document.getElementById("replay-range").addEventListener("input", function (e) { show(parseInt(e.target.value, 10)); });
  document.addEventListener("keydown", function (e) {
    if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName) && e.target.type !== "range") return;
    var go = {ArrowLeft: actions.back, ArrowRight: actions.forward, PageUp: actions["prev-game"], PageDown: actions["next-game"],
      Home: function () { show(0); }, End: function () { show(rows.length - 1); }}[e.key];
    if (go) { e.preventDefault(); go(); }
  });
  show(step);
})();
