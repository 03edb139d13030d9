// The ayo viewer: replays the games embedded in this page (the JSON of
// `ayo json`, see src/output/html.rs), lap by lap. Written for ayo; no
// libraries, no network.
//
// Deep links: #game=G&ply=K opens game G (counted from 1 in this page) after
// the K-th move of its main line (ply 0: the start); a position inside a
// variation is #game=G&node=N. The address follows as one moves.
// Test hook: #...&keys=Right,Right,End presses those keys once the page has
// loaded, without animation (ArrowLeft/Left, Right, Home, End, Up, Down).
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("ayo-data").textContent);

  // The geometry of src/output/svg.rs: lanes of the laps between the rows,
  // dots round a pit's count, arrowheads per lap colour.
  var RADIUS = 26, LANE0 = 7, LANE_STEP = 5, LANES = 4, COLOURS = 8;
  var MAX_DOTS = 12, DOT_RING = 17, MAX_LAPS_DRAWN = 24, TAG_SHIFT = 24;
  // A lap's number: its radius, how far apart two numbers' centres are at
  // least, and the rows of the gap between the rows of pits (TAG_ROWS).
  var TAG_RADIUS = 7, TAG_APART = 15, TAG_ROWS = [95, 110, 125];
  var X0 = 80, PITCH = 64;
  // Milliseconds a seed, from slow to fast (the speed control's steps).
  var DELAYS = [600, 380, 240, 150, 90, 55, 30, 15];
  // A move of more steps than this (seeds sown and laps lifted) is shown
  // straight away: sowing it would take minutes at any readable speed.
  var MAX_STEPS = 3000;
  var NAGS = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 10: "=",
    13: "\u221E", 14: "+=", 15: "=+", 16: "\u00B1", 17: "\u2213",
    18: "+\u2212", 19: "\u2212+" };

  var $ = function (id) { return document.getElementById(id); };
  var prefersStill = window.matchMedia &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  var games = data.games.map(buildGame);
  var current = { game: null, node: null };
  var animation = null;   // { timer, target } while a move is being sown
  var replaying = false;  // pressing the keys of the test hook: no animation

  // ---- The tree of positions of a game ------------------------------------

  // A node is a position: the start, or the position after a move that was
  // played. It knows the node before it (prev), the one after it on its line
  // (next), its move, and, for a variation, nothing more: a variation's
  // first node has the position before the move it replaces as prev.
  function buildGame(g, gi) {
    var game = { json: g, index: gi, nodes: [], main: [], root: null };
    if (!g.start) { return game; }
    var root = { id: 0, move: null, board: g.start.board, stores: g.start.stores,
      prev: null, next: null, main: true, ply: 0, toMove: g.start.to_move };
    game.nodes.push(root);
    game.main.push(root);
    game.root = root;
    addLine(game, g.moves, root, true);
    return game;
  }

  function addLine(game, moves, before, main) {
    var prev = before, alive = true;
    moves.forEach(function (m) {
      // Variations replace this move: they start from the same position.
      if (alive) {
        m.variations.forEach(function (v) { addLine(game, v, prev, false); });
      }
      if (!alive || !m.board) { alive = false; m.node = null; return; }
      var node = { id: game.nodes.length, move: m, board: m.board, stores: m.stores,
        prev: prev, next: null, main: main, ply: m.ply };
      game.nodes.push(node);
      if (main) { game.main.push(node); }
      // A line links its own nodes; a variation's first node hangs from a
      // position of another line, whose next move stays that line's.
      if (main || prev !== before) { prev.next = node; }
      m.node = node;
      prev = node;
    });
  }

  // ---- The page around the board ------------------------------------------

  function gameTitle(g, gi) {
    var tag = function (n) {
      var v = g.json.tags && g.json.tags[n];
      return v && v !== "?" ? v : null;
    };
    var players = (tag("South") || "South") + " \u2013 " + (tag("North") || "North");
    var result = g.json.result ? g.json.result.token : "";
    return (gi + 1) + ". " + players + (result ? " " + result : "");
  }

  function renderGameList() {
    if (games.length < 2) { return; }
    var nav = $("games"), ol = document.createElement("ol");
    games.forEach(function (g, gi) {
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = "#game=" + (gi + 1) + "&ply=0";
      a.textContent = gameTitle(g, gi);
      if (!g.json.valid) { a.className = "invalid"; a.title = "has problems"; }
      li.appendChild(a);
      ol.appendChild(li);
    });
    nav.appendChild(ol);
    nav.hidden = false;
  }

  function renderHead(g) {
    var head = $("head");
    head.textContent = "";
    var h2 = document.createElement("h2");
    h2.textContent = gameTitle(g, g.index);
    head.appendChild(h2);
    // The tags fold away, open where there is room for them beside the rest.
    var details = document.createElement("details");
    var summary = document.createElement("summary");
    summary.textContent = "Tags";
    details.appendChild(summary);
    details.open = !window.matchMedia || window.matchMedia("(min-width: 820px)").matches;
    var dl = document.createElement("dl");
    var tags = g.json.tags || {};
    Object.keys(tags).forEach(function (name) {
      var dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = name;
      dd.textContent = tags[name];
      dl.appendChild(dt);
      dl.appendChild(dd);
    });
    if (g.json.file) {
      var dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = "File";
      dd.textContent = g.json.file + (g.json.game ? ", game " + g.json.game : "");
      dl.appendChild(dt);
      dl.appendChild(dd);
    }
    details.appendChild(dl);
    head.appendChild(details);
  }

  function renderProblems(g) {
    var box = $("problems");
    box.textContent = "";
    g.json.problems.forEach(function (p) {
      var pre = document.createElement("pre");
      pre.className = p.severity;
      pre.textContent = p.text;
      box.appendChild(pre);
    });
  }

  function link(g, node) {
    return "#game=" + (g.index + 1) + (node.main ? "&ply=" + node.ply : "&node=" + node.id);
  }

  function span(cls, text) {
    var s = document.createElement("span");
    s.className = cls;
    s.textContent = text;
    return s;
  }

  function moveText(m) {
    var text = m.pit + (m.claim !== null && m.claim !== undefined ? "x" + m.claim : "");
    return text + m.glyphs.join("");
  }

  // What is wrong with a move the record claims a capture for, as `ayo
  // validate` finds it: the claim is not what the move captures (nothing
  // counts as 0). Null when the claim is right, or the move was not played.
  function wrongClaim(m) {
    if (!m.board || m.claim === null || m.claim === undefined) { return null; }
    var actual = m.capture ? m.capture.seeds : 0;
    if (m.claim === actual) { return null; }
    return "wrong claim: the move captures " +
      (m.capture ? actual + " from " + m.capture.pit : "nothing");
  }

  // A line of moves as text: numbers, moves (links to their positions),
  // glyphs, NAGs, comments, and each variation indented under its move. A
  // move with a wrong claim, and the illegal move that ends a line, are
  // marked (class "bad"), as the problems above say.
  // A line that hangs from a move not played (`dead`) was not played at all.
  function renderLine(g, moves, box, dead) {
    var needNumber = true, refused = !!dead;
    moves.forEach(function (m) {
      m.comments.before.forEach(function (c) {
        box.appendChild(span("comment", c));
        box.appendChild(document.createTextNode(" "));
        needNumber = true;
      });
      if (m.side === "south") {
        box.appendChild(span("num", m.number + "."));
      } else if (needNumber) {
        box.appendChild(span("num", m.number + "\u2026"));
      }
      needNumber = false;
      var el;
      if (m.node) {
        el = document.createElement("a");
        el.href = link(g, m.node);
        el.textContent = moveText(m);
        var wrong = wrongClaim(m);
        el.setAttribute("aria-label", "ply " + m.ply + ", " + m.side + " " + moveText(m) +
          (wrong ? ", " + wrong : ""));
        if (wrong) {
          el.className = "bad";
          el.title = wrong;
        }
        m.node.el = el;
      } else if (!refused) {
        refused = true;
        el = span("unplayed bad", moveText(m));
        el.title = "illegal: see the problem above";
      } else {
        el = span("unplayed", moveText(m));
        el.title = "not played: see the problem above";
      }
      box.appendChild(el);
      m.nags.forEach(function (n) {
        var s = span("nag", NAGS[n] || "$" + n);
        s.title = "$" + n;
        box.appendChild(s);
      });
      box.appendChild(document.createTextNode(" "));
      m.comments.after.forEach(function (c) {
        box.appendChild(span("comment", c));
        box.appendChild(document.createTextNode(" "));
        needNumber = true;
      });
      m.variations.forEach(function (v) {
        var vb = document.createElement("span");
        vb.className = "var";
        vb.setAttribute("role", "group");
        vb.setAttribute("aria-label", "variation");
        renderLine(g, v, vb, !m.node && el.className === "unplayed");
        box.appendChild(vb);
        needNumber = true;
      });
    });
  }

  function renderMoves(g) {
    var box = $("moves");
    box.textContent = "";
    var p = document.createElement("p");
    p.style.margin = "0";
    (g.json.game_comments || []).forEach(function (c) {
      p.appendChild(span("comment", c));
      p.appendChild(document.createTextNode(" "));
    });
    renderLine(g, g.json.moves, p);
    if (g.json.result) { p.appendChild(span("result", g.json.result.token)); }
    box.appendChild(p);
    if (g.json.raw) {
      box.appendChild(span("raw", g.json.raw));
    }
  }

  // ---- The board ----------------------------------------------------------

  function board() { return document.querySelector("#board-box .ayo-board"); }

  function pitIndex(letter) {
    var c = letter.charCodeAt(0);
    return c >= 97 ? { row: "south", i: c - 97 } : { row: "north", i: c - 65 };
  }

  function pitGroup(svg, letter) {
    return svg.querySelector('g.pit[data-pit="' + letter + '"]');
  }

  function setPit(svg, g, seeds) {
    g.setAttribute("data-seeds", String(seeds));
    g.setAttribute("class", seeds > MAX_DOTS ? "pit many" : "pit");
    var hole = g.querySelector("circle.hole");
    var cx = +hole.getAttribute("cx"), cy = +hole.getAttribute("cy");
    Array.prototype.slice.call(g.querySelectorAll("circle.seed")).forEach(function (d) {
      g.removeChild(d);
    });
    var count = g.querySelector("text.count");
    var n = Math.min(seeds, MAX_DOTS);
    for (var k = 0; k < n; k++) {
      var a = 2 * Math.PI * k / n - Math.PI / 2;
      var dot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
      dot.setAttribute("class", "seed");
      dot.setAttribute("cx", String(Math.round((cx + DOT_RING * Math.cos(a)) * 10) / 10));
      dot.setAttribute("cy", String(Math.round((cy + DOT_RING * Math.sin(a)) * 10) / 10));
      dot.setAttribute("r", "3.4");
      g.insertBefore(dot, count);
    }
    count.textContent = String(seeds);
  }

  function setStore(svg, side, seeds) {
    var g = svg.querySelector('g.store[data-side="' + side + '"]');
    g.setAttribute("data-seeds", String(seeds));
    g.querySelector("text.count").textContent = String(seeds);
  }

  function letters(svg) {
    return Array.prototype.map.call(svg.querySelectorAll("g.pit"), function (g) {
      return g.getAttribute("data-pit");
    });
  }

  // Shows a board (rows and stores) as it is, marks aside.
  function paint(rows, stores) {
    var svg = board();
    if (!svg) { return; }
    letters(svg).forEach(function (l) {
      var p = pitIndex(l);
      setPit(svg, pitGroup(svg, l), rows[p.row][p.i]);
    });
    setStore(svg, "south", stores[0]);
    setStore(svg, "north", stores[1]);
  }

  function centre(svg, letter) {
    var hole = pitGroup(svg, letter).querySelector("circle.hole");
    return { x: +hole.getAttribute("cx"), y: +hole.getAttribute("cy"),
      north: letter < "a" };
  }

  function lanePoint(svg, letter, k) {
    var c = centre(svg, letter), lane = k % LANES;
    var out = RADIUS + LANE0 + lane * LANE_STEP;
    return { x: c.x + lane * 3, y: c.north ? c.y + out : c.y - out };
  }

  // Where the number of lap k, lifted from `letter`, sits, clear of the
  // numbers placed before it: as tag_place in src/output/svg.rs, on its lane
  // before the lap's start when that is free, else the nearest free place of
  // a grid over the gap between the rows (clear of every pit's count).
  function tagPlace(svg, letter, k, placed) {
    var t = lanePoint(svg, letter, k);
    var first = { x: Math.max(0, t.x - TAG_SHIFT), y: t.y };
    var free = function (p) {
      return placed.every(function (q) {
        return Math.abs(q.x - p.x) >= TAG_APART || Math.abs(q.y - p.y) >= TAG_APART;
      });
    };
    if (free(first)) { return first; }
    var pits = letters(svg).length / 2;
    var left = X0 + TAG_RADIUS + 1, right = X0 + pits * PITCH - TAG_RADIUS - 1;
    var rows = [first.y].concat(TAG_ROWS);
    for (var step = 1; step <= Math.floor((right - left) / TAG_APART) + 1; step++) {
      for (var r = 0; r < rows.length; r++) {
        var xs = [first.x - step * TAG_APART, first.x + step * TAG_APART];
        for (var i = 0; i < 2; i++) {
          var p = { x: xs[i], y: rows[r] };
          if (p.x >= left && p.x <= right && free(p)) { return p; }
        }
      }
    }
    return first;
  }

  // The marks of a move, as in src/output/svg.rs: `laps` of its laps drawn
  // (all of them by default), and the capture once `captured`.
  function marksOf(svg, m, laps, captured) {
    var out = [];
    var ring = function (cls, letter, grow) {
      var c = centre(svg, letter);
      out.push('<circle class="' + cls + '" data-mark="' + letter + '" cx="' + c.x +
        '" cy="' + c.y + '" r="' + (RADIUS + grow) + '"/>');
    };
    ring("played", m.pit, 3);
    var last = m.laps.length ? m.laps[m.laps.length - 1] : null;
    var ended = last && last.sown.length ? last.sown[last.sown.length - 1] : null;
    if (captured && m.capture && ended) {
      ring("captured", m.capture.pit, 3);
      ring("capturing", ended, 6);
      // The seeds' way from the captured pit across the board.
      var a = centre(svg, m.capture.pit), b = centre(svg, ended);
      var ys = a.y < b.y ? [a.y + RADIUS + 4, b.y - RADIUS - 8] : [a.y - RADIUS - 4, b.y + RADIUS + 8];
      out.push('<path class="take" d="M' + Math.max(0, a.x - RADIUS - 4) + " " + ys[0] +
        "V" + ys[1] + '"/>');
    }
    var placed = [];
    m.laps.slice(0, Math.min(laps, MAX_LAPS_DRAWN)).forEach(function (lap, k) {
      var colour = k % COLOURS, from = centre(svg, lap.from);
      var gap = function (c) { return c.north ? c.y + RADIUS : c.y - RADIUS; };
      var d = "M" + (from.x + (k % LANES) * 3) + " " + gap(from);
      var points = [lap.from].concat(lap.sown);
      points.forEach(function (l, i) {
        var p = lanePoint(svg, l, k);
        d += "L" + p.x + " " + p.y;
        if (i === points.length - 1) { d += "L" + p.x + " " + gap(centre(svg, l)); }
      });
      var t = tagPlace(svg, lap.from, k, placed);
      placed.push(t);
      out.push('<g class="tag" data-lap="' + (k + 1) + '"><path class="lap lap' + colour +
        '" d="' + d + '" marker-end="url(#ayo-arrow' + colour + ')"/><circle class="lap' +
        colour + '" cx="' + t.x + '" cy="' + t.y + '" r="' + TAG_RADIUS + '"/><text x="' + t.x +
        '" y="' + t.y + '">' + (k + 1) + "</text></g>");
    });
    return out.join("");
  }

  function setMarks(html) {
    var svg = board();
    if (svg) { svg.querySelector("g.marks").innerHTML = html; }
  }

  function caption(g, node) {
    var m = node.move;
    var toMove = function (side) { return side === "south" ? "South" : "North"; };
    var isLast = node.main && node === g.main[g.main.length - 1];
    var end = "";
    var r = g.json.result;
    if (isLast && r && r.ended_by) {
      end = r.winner === "draw" ? "Game over: draw " : "Game over: " + toMove(r.winner) + " wins ";
      end += r.score[0] + "-" + r.score[1] + ".";
    }
    if (!m) {
      return "Start. " + (end || toMove(node.toMove) + " to move.");
    }
    var text = "Ply " + m.ply + ": " + m.number + (m.side === "south" ? ". " : "\u2026 ") +
      m.pit + " (" + toMove(m.side) + ")";
    if (m.capture) { text += ", +" + m.capture.seeds + " from " + m.capture.pit; }
    text += ". " + (end || toMove(m.side === "south" ? "north" : "south") + " to move.");
    if (m.laps.length > 1) { text += " " + m.laps.length + " laps."; }
    return text;
  }

  // The text alternative of the board: both rows and the stores.
  function describe(node) {
    var row = function (r, base) {
      return node.board[r].map(function (s, i) {
        return String.fromCharCode(base + i) + " " + s;
      }).join(", ");
    };
    return "North's pits: " + row("north", 65) + ". South's pits: " + row("south", 97) +
      ". Stores: South " + node.stores[0] + ", North " + node.stores[1] + ".";
  }

  // ---- Showing a position -------------------------------------------------

  function selectGame(gi) {
    var g = games[gi];
    if (current.game === g) { return g; }
    stopAnimation(false);
    current.game = g;
    current.node = null;
    var box = $("board-box");
    box.textContent = "";
    if (g.root && data.boards[g.json.pits]) {
      box.innerHTML = data.boards[g.json.pits];
      var svg = board();
      svg.setAttribute("data-rules", g.json.rules || "");
      svg.setAttribute("data-game", String(gi + 1));
      // Ids inside the board are the page's own: one board at a time.
    } else {
      box.appendChild(span("none", g.json.raw
        ? "No board: the game could not be read (see the problem below)."
        : "No board: the game could not start (see the problem below)."));
    }
    renderHead(g);
    renderProblems(g);
    renderMoves(g);
    Array.prototype.forEach.call(document.querySelectorAll("#games a"), function (a, i) {
      a.setAttribute("aria-current", i === gi ? "true" : "false");
      if (i === gi) { revealTab(a); }
    });
    return g;
  }

  // Scrolls the strip of games (not the page) sideways to bring the tab of
  // the game shown into its middle, when the strip is too narrow for all the
  // tabs (on a phone).
  function revealTab(a) {
    var strip = a.parentNode && a.parentNode.parentNode;
    if (!strip || strip.scrollWidth <= strip.clientWidth) { return; }
    var s = strip.getBoundingClientRect(), t = a.getBoundingClientRect();
    if (t.left >= s.left && t.right <= s.right) { return; }
    strip.scrollLeft += (t.left + t.width / 2) - (s.left + s.width / 2);
  }

  // The final state of a position: board, marks, caption, address.
  function show(g, node) {
    current.node = node;
    var svg = board();
    if (svg) {
      paint(node.board, node.stores);
      svg.setAttribute("data-ply", String(node.ply));
      setMarks(node.move ? marksOf(svg, node.move, Infinity, true) : "");
      var title = svg.querySelector("title"), desc = svg.querySelector("desc");
      if (title) { title.textContent = caption(g, node); }
      if (desc) { desc.textContent = describe(node); }
    }
    $("caption").textContent = caption(g, node);
    g.nodes.forEach(function (n) {
      if (n.el) { n.el.removeAttribute("aria-current"); }
    });
    if (node.el) {
      node.el.setAttribute("aria-current", "step");
      reveal(node.el);
    }
    setAddress(link(g, node));
  }

  // Scrolls the move list (not the page) to show the current move, when the
  // list scrolls on its own (beside the board on a wide screen).
  function reveal(el) {
    var box = $("moves");
    if (box.scrollHeight <= box.clientHeight) { return; }
    var top = el.offsetTop, bottom = top + el.offsetHeight;
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 2);
    }
  }

  function setAddress(hash) {
    if (location.hash === hash) { return; }
    try {
      history.replaceState(null, "", hash);
    } catch (e) {
      ignoreHash = hash;
      location.hash = hash;
    }
  }
  var ignoreHash = null;

  function stopAnimation(finish) {
    if (!animation) { return; }
    clearTimeout(animation.timer);
    var target = animation.target;
    animation = null;
    if (finish) { show(current.game, target); }
  }

  function still() {
    return replaying || prefersStill || $("still").checked;
  }

  // Goes to a node: sowing it seed by seed when it is the move after the one
  // shown, straight there otherwise.
  function go(node) {
    var g = current.game;
    if (!node) { return; }
    stopAnimation(false);
    if (node.move && node.prev === current.node && !still() && board() &&
        stepCount(node.move) <= MAX_STEPS) {
      animate(g, node);
    } else {
      show(g, node);
    }
  }

  function stepCount(m) {
    return m.laps.reduce(function (n, lap) { return n + 1 + lap.sown.length; }, 0);
  }

  // Sows a move lap by lap, seed by seed: the pit lifted empties, each pit
  // sown gains a seed, then the capture goes to the store; the board ends as
  // the move's board in the JSON, whatever the steps showed.
  function animate(g, node) {
    var m = node.move, svg = board();
    var rows = { south: node.prev.board.south.slice(), north: node.prev.board.north.slice() };
    var stores = node.prev.stores.slice();
    var steps = [];
    var bump = function (letter, by) {
      var p = pitIndex(letter);
      rows[p.row][p.i] = Math.max(0, rows[p.row][p.i] + by);
    };
    m.laps.forEach(function (lap, k) {
      steps.push(function () {
        var p = pitIndex(lap.from);
        rows[p.row][p.i] = 0;
        setMarks(marksOf(svg, m, k + 1, false));
        $("caption").textContent = "Lap " + (k + 1) + " of " + m.laps.length + ": " +
          lap.seeds + " seed" + (lap.seeds === 1 ? "" : "s") + " from " + lap.from + ".";
      });
      lap.sown.forEach(function (l) {
        steps.push(function () { bump(l, 1); });
      });
    });
    if (m.capture) {
      steps.push(function () {
        var p = pitIndex(m.capture.pit);
        rows[p.row][p.i] = 0;
        var lastLap = m.laps[m.laps.length - 1];
        if (m.capture.capturing_seed && lastLap && lastLap.sown.length) {
          bump(lastLap.sown[lastLap.sown.length - 1], -1);
        }
        stores[m.side === "south" ? 0 : 1] += m.capture.seeds;
        setMarks(marksOf(svg, m, Infinity, true));
        $("caption").textContent = "Capture: " + m.capture.seeds + " from " + m.capture.pit + ".";
      });
    }
    current.node = node;
    animation = { timer: null, target: node };
    var delay = DELAYS[+$("speed").value] || DELAYS[3];
    // Very long relays go faster, so that no move takes much over a minute.
    delay = Math.min(delay, Math.max(5, Math.floor(60000 / Math.max(1, steps.length))));
    var k = 0;
    var tick = function () {
      if (!animation || animation.target !== node) { return; }
      if (k < steps.length) {
        steps[k]();
        k += 1;
        paint(rows, stores);
        animation.timer = setTimeout(tick, delay);
      } else {
        animation = null;
        show(g, node);
      }
    };
    tick();
  }

  // ---- Navigation ---------------------------------------------------------

  function lineEnd(node) {
    while (node.next) { node = node.next; }
    return node;
  }

  var actions = {
    Right: function () {
      if (animation) { stopAnimation(true); return; }
      if (current.node) { go(current.node.next); }
    },
    Left: function () {
      stopAnimation(false);
      if (current.node && current.node.prev) { show(current.game, current.node.prev); }
      else if (current.node) { show(current.game, current.node); }
    },
    Home: function () {
      stopAnimation(false);
      if (current.game.root) { show(current.game, current.game.root); }
    },
    End: function () {
      stopAnimation(false);
      if (current.node) { show(current.game, lineEnd(current.node)); }
    },
    Up: function () { openGame(current.game.index - 1, 0); },
    Down: function () { openGame(current.game.index + 1, 0); }
  };
  actions.ArrowRight = actions.Right;
  actions.ArrowLeft = actions.Left;
  actions.ArrowUp = actions.Up;
  actions.ArrowDown = actions.Down;

  function openGame(gi, ply, nodeId) {
    if (gi < 0 || gi >= games.length) { return; }
    var g = selectGame(gi);
    if (!g.root) {
      current.node = null;
      $("caption").textContent = "";
      setAddress("#game=" + (gi + 1));
      return;
    }
    var node = nodeId !== undefined && g.nodes[nodeId] ? g.nodes[nodeId]
      : g.main[Math.max(0, Math.min(ply, g.main.length - 1))];
    stopAnimation(false);
    show(g, node);
  }

  function readAddress() {
    var params = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
      var i = kv.indexOf("=");
      if (i > 0) { params[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1)); }
    });
    return params;
  }

  function followAddress() {
    if (ignoreHash !== null && location.hash === ignoreHash) { ignoreHash = null; return; }
    var p = readAddress();
    var gi = p.game ? parseInt(p.game, 10) - 1 : 0;
    if (!(gi >= 0 && gi < games.length)) { gi = 0; }
    var ply = p.ply ? parseInt(p.ply, 10) : 0;
    if (!(ply >= 0)) { ply = 0; }
    var nodeId = p.node !== undefined ? parseInt(p.node, 10) : undefined;
    var g = games[gi];
    // One step forward from the position shown is a move: sow it.
    var target = null;
    if (g.root) {
      target = nodeId !== undefined ? g.nodes[nodeId] : g.main[Math.min(ply, g.main.length - 1)];
    }
    if (current.game === g && target && target.prev === current.node && !animation) {
      go(target);
    } else {
      openGame(gi, ply, nodeId);
    }
    return p;
  }

  // ---- Start ----------------------------------------------------------------

  renderGameList();
  $("first").addEventListener("click", function () { actions.Home(); });
  $("prev").addEventListener("click", function () { actions.Left(); });
  $("next").addEventListener("click", function () { actions.Right(); });
  $("last").addEventListener("click", function () { actions.End(); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) { return; }
    var act = actions[e.key];
    if (act && games.length) {
      e.preventDefault();
      act();
    }
  });
  window.addEventListener("hashchange", followAddress);
  if (games.length) {
    var params = followAddress();
    if (params.keys) {
      replaying = true;
      params.keys.split(",").forEach(function (k) {
        if (actions[k]) { actions[k](); }
      });
      replaying = false;
    }
  }
})();
