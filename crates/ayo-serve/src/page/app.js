// ayo serve: the archive, the analysis board and the record form, on the
// JSON API of docs/SERVE.md. Written for ayo; no libraries, no network but
// this server. Text from records is only ever set as text (textContent),
// never as markup; the one piece of markup taken from the server is the
// board's SVG, which the library draws with every text escaped.
//
// Addresses: #archive; #game=ID&ply=K (a game of the archive after ply K);
// #board&setup=S&rules=R&moves=c,F,… (a set-up and a line from it).
// Test hook: …&steps=c,F,save clicks those pits (save presses Save) one
// after the other once the board is ready, then sets data-steps="done" on
// the page's root element. Moves played by the hook are not sown seed by
// seed unless the address has &animate. (Keys and the engine's line are
// tested with real input events, over the DevTools protocol.)
(function () {
  "use strict";

  var $ = function (id) { return document.getElementById(id); };
  var board = { rules: "", root: null, cur: null, gameId: null, busy: null,
    animation: null, replaying: false };
  var analysis = null; // the AbortController of the running search

  // ---- Talking to the server ----------------------------------------------

  function query(params) {
    return Object.keys(params).filter(function (k) {
      return params[k] !== undefined && params[k] !== null && params[k] !== "";
    }).map(function (k) {
      return encodeURIComponent(k) + "=" + encodeURIComponent(params[k]);
    }).join("&");
  }

  // Resolves to { ok, status, body } with the body read as JSON.
  function api(method, path, body) {
    var init = { method: method, headers: {} };
    if (body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    return fetch(path, init).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (b) {
        return { ok: r.ok, status: r.status, body: b };
      });
    });
  }

  function errorText(res) {
    return (res.body && res.body.error && res.body.error.message) || ("HTTP " + res.status);
  }

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    if (cls) { e.className = cls; }
    return e;
  }

  // ---- The archive ----------------------------------------------------------

  var filterTimer = null;

  function loadArchive() {
    var q = query({ player: $("f-player").value, event: $("f-event").value, date: $("f-date").value });
    api("GET", "/api/games" + (q ? "?" + q : "")).then(function (res) {
      var body = $("games").tBodies[0];
      body.textContent = "";
      if (!res.ok) { $("count").textContent = errorText(res); return; }
      var games = res.body.games;
      $("count").textContent = games.length + (games.length === 1 ? " game" : " games");
      games.forEach(function (g) { body.appendChild(gameRow(g)); });
    });
    loadStandings($("f-event").value.trim() ? q : null);
  }

  // The standings of the games listed, when the filter names an event, as
  // `ayo standings --format json` ranks them.
  function loadStandings(q) {
    var box = $("standings-box");
    var body = $("standings").tBodies[0];
    body.textContent = "";
    $("standings-notes").textContent = "";
    box.hidden = q === null;
    if (q === null) { return; }
    $("standings-json").href = "/api/standings?" + q;
    api("GET", "/api/standings?" + q).then(function (res) {
      if (!res.ok) { $("standings-notes").textContent = errorText(res); return; }
      res.body.standings.forEach(function (r) {
        var tr = document.createElement("tr");
        [r.rank, r.player, r.game_count, r.win_count, r.draw_count, r.loss_count, r.points,
          r.tiebreak || ""].forEach(function (v) { tr.appendChild(el("td", v)); });
        body.appendChild(tr);
      });
      $("standings-notes").textContent = res.body.notes.join("\n");
    });
  }

  function gameRow(g) {
    var tags = {};
    g.tags.forEach(function (t) { tags[t[0]] = t[1]; });
    var tr = document.createElement("tr");
    ["Date", "Event", "Round", "South", "North", "Result"].forEach(function (name) {
      tr.appendChild(el("td", tags[name] || ""));
    });
    // The first error as `ayo validate` words it, as text.
    var first = g.errors && g.errors[0];
    tr.appendChild(el("td", g.valid ? "" :
      first ? "line " + first.line + ", column " + first.column + ": " + first.message : "invalid"));
    var td = document.createElement("td");
    var view = el("a", "View");
    view.href = "/view/" + encodeURIComponent(g.id);
    var analyse = el("a", "Analyse");
    analyse.href = "#" + query({ game: g.id, ply: 0 });
    var download = el("a", "Download .ayo");
    download.href = "/api/games/" + encodeURIComponent(g.id) + "/ayo";
    download.setAttribute("download", "");
    td.appendChild(view);
    td.appendChild(analyse);
    td.appendChild(download);
    tr.appendChild(td);
    tr.setAttribute("data-id", g.id);
    return tr;
  }

  // ---- The tree of moves ----------------------------------------------------

  function node(setup, move, parent) {
    return { setup: setup, move: move, parent: parent, children: [] };
  }

  function pathTo(n) {
    var line = [];
    for (; n && n.move; n = n.parent) { line.unshift(n); }
    return line;
  }

  function onMainLine(n) {
    for (; n.parent; n = n.parent) {
      if (n.parent.children[0] !== n) { return false; }
    }
    return true;
  }

  // Plays `letter` from the current position: an existing branch is
  // followed, a new move asked of the server; a refusal changes nothing.
  function play(letter) {
    if (board.busy || !board.cur) { return board.busy || Promise.resolve(); }
    var cur = board.cur;
    var known = cur.children.filter(function (c) { return c.move.pit === letter; })[0];
    if (known) { go(known, true); return Promise.resolve(); }
    board.busy = api("POST", "/api/play", { setup: cur.setup, rules: board.rules, pit: letter })
      .then(function (res) {
        board.busy = null;
        if (!res.ok) { $("refused").textContent = "Refused: " + errorText(res); return; }
        var n = node(res.body.setup, res.body.move, cur);
        cur.children.push(n);
        go(n, true);
      }, function () { board.busy = null; });
    return board.busy;
  }

  // Goes to `n`; sows its move seed by seed when `sow` is set (a move
  // played, or a step forward) and animation is on.
  function go(n, sow) {
    board.cur = n;
    $("refused").textContent = "";
    render(sow && n.move && !still());
  }

  function still() {
    return board.replaying || $("still").checked ||
      (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  // ---- Drawing the board and its panels ------------------------------------

  function render(sow) {
    var n = board.cur;
    stopSowing();
    var params = n.move ? { setup: n.parent.setup, rules: board.rules, pit: n.move.pit }
      : { setup: n.setup, rules: board.rules };
    params.ply = pathTo(n).length;
    fetch("/api/board?" + query(params)).then(function (r) { return r.text(); }).then(function (svg) {
      if (board.cur !== n) { return; }
      var doc = new DOMParser().parseFromString(svg, "image/svg+xml");
      var box = $("board-box");
      box.textContent = "";
      if (doc.documentElement.nodeName !== "svg") { return; }
      var svg = document.importNode(doc.documentElement, true);
      box.appendChild(svg);
      if (sow) { sowMove(svg, n); }
    });
    $("caption").textContent = caption(n);
    renderMoves();
    updateAddress();
    probeTables();
    stopAnalysis();
    $("depths").tBodies[0].textContent = "";
    $("engine-note").textContent = "";
  }

  function sideName(s) { return s === "south" ? "South" : "North"; }

  function caption(n) {
    var toMove = n.setup.slice(-1) === "N" ? "North" : "South";
    if (!n.move) { return "Start. " + toMove + " to move."; }
    var m = n.move;
    var text = sideName(m.side) + " played " + m.notation + ": ";
    text += m.capture ? "captures " + m.capture.seeds + " from " + m.capture.pit + "." : "no capture.";
    text += " Stores " + m.stores[0] + "\u2013" + m.stores[1] + ".";
    if (m.result) { text += " Game over: " + m.result.token + "."; } else { text += " " + toMove + " to move."; }
    return text;
  }

  // A move's number, counted from the root: South's n-th turn and the North
  // turn after it (a game that North starts opens with 1…).
  function moveNumber(n) {
    var k = pathTo(n).length - 1;
    var northFirst = board.root.setup.slice(-1) === "N";
    return Math.floor((northFirst ? k + 1 : k) / 2) + 1;
  }

  function moveLink(n, first) {
    var frag = document.createDocumentFragment();
    var m = n.move;
    if (m.side === "south") { frag.appendChild(el("span", moveNumber(n) + ".", "num")); }
    else if (first) { frag.appendChild(el("span", moveNumber(n) + "\u2026", "num")); }
    var a = el("a", m.notation);
    a.href = "#";
    if (n === board.cur) { a.setAttribute("aria-current", "step"); }
    a.addEventListener("click", function (e) { e.preventDefault(); go(n); });
    frag.appendChild(a);
    frag.appendChild(document.createTextNode(" "));
    return frag;
  }

  // The line from `start` on (its first move `start`), with the other
  // branches of each position as variations after the move they replace.
  function renderLine(start, box) {
    var first = true;
    for (var n = start; n; n = n.children[0]) {
      box.appendChild(moveLink(n, first));
      first = false;
      var siblings = n.parent.children;
      if (siblings[0] === n && siblings.length > 1) {
        siblings.slice(1).forEach(function (v) {
          var span = el("span", null, "var");
          renderLine(v, span);
          box.appendChild(span);
        });
        first = true;
      }
    }
  }

  function renderMoves() {
    var box = $("moves");
    box.textContent = "";
    if (board.root.children.length) { renderLine(board.root.children[0], box); }
    else { box.appendChild(el("span", "No move yet.", "muted")); }
    $("promote").disabled = onMainLine(board.cur);
    $("delete").disabled = !board.cur.move;
  }

  function updateAddress() {
    var n = board.cur, hash;
    var line = pathTo(n);
    if (board.gameId && onMainLine(n)) {
      hash = query({ game: board.gameId, ply: line.length });
    } else {
      hash = "board&" + query({ setup: board.root.setup, rules: board.rules,
        moves: line.map(function (x) { return x.move.pit; }).join(",") });
    }
    history.replaceState(null, "", "#" + hash);
  }

  // ---- Sowing a move, as the viewer of `ayo html` does ----------------------
  // The steps and the dots are those of the viewer (src/output/viewer/
  // viewer.js in the library): the pit lifted empties, each pit sown gains a
  // seed, then the capture goes to the store. The board then ends as the
  // server drew it, whatever the steps showed.

  var MAX_DOTS = 12, DOT_RING = 17, DELAY = 90, MAX_STEPS = 3000;

  // A set-up string's rows and stores (`4,4,…/4,4,… 0-0 S`: South's row
  // first, each from its owner's left).
  function position(setup) {
    var parts = setup.split(" "), rows = parts[0].split("/"), stores = parts[1].split("-");
    return { south: rows[0].split(",").map(Number), north: rows[1].split(",").map(Number),
      stores: [Number(stores[0]), Number(stores[1])] };
  }

  function pitIndex(letter) {
    var c = letter.charCodeAt(0);
    return c >= 97 ? { row: "south", i: c - 97 } : { row: "north", i: c - 65 };
  }

  function setPit(g, seeds) {
    g.setAttribute("data-seeds", String(seeds));
    g.classList.toggle("many", seeds > MAX_DOTS);
    var hole = g.querySelector("circle.hole"), count = g.querySelector("text.count");
    if (!hole || !count) { return; }
    var cx = +hole.getAttribute("cx"), cy = +hole.getAttribute("cy");
    Array.prototype.slice.call(g.querySelectorAll("circle.seed")).forEach(function (d) {
      g.removeChild(d);
    });
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

  function paint(svg, rows, stores) {
    Array.prototype.forEach.call(svg.querySelectorAll("g.pit"), function (g) {
      var p = pitIndex(g.getAttribute("data-pit"));
      setPit(g, rows[p.row][p.i]);
    });
    ["south", "north"].forEach(function (side, i) {
      var g = svg.querySelector('g.store[data-side="' + side + '"]');
      if (g) {
        g.setAttribute("data-seeds", String(stores[i]));
        g.querySelector("text.count").textContent = String(stores[i]);
      }
    });
  }

  function stopSowing() {
    if (board.animation) { clearTimeout(board.animation.timer); board.animation = null; }
    $("board-box").removeAttribute("data-sowing");
  }

  function stepCount(m) {
    return m.laps.reduce(function (k, lap) { return k + 1 + lap.sown.length; }, 0);
  }

  // Sows `n`'s move on `svg` (the board after it, as drawn by the server):
  // from the position before it, lap by lap, seed by seed; then puts the
  // server's drawing back. The board box counts the frames shown
  // (data-frames).
  function sowMove(svg, n) {
    var m = n.move;
    if (stepCount(m) > MAX_STEPS) { return; }
    var drawn = svg.cloneNode(true), box = $("board-box");
    var before = position(n.parent.setup);
    var rows = { south: before.south, north: before.north }, stores = before.stores;
    var marks = svg.querySelector("g.marks");
    if (marks) { marks.style.visibility = "hidden"; }
    var lifted = null;
    var steps = [];
    m.laps.forEach(function (lap, k) {
      steps.push(function () {
        var p = pitIndex(lap.from);
        rows[p.row][p.i] = 0;
        if (lifted) { lifted.classList.remove("lifted"); }
        lifted = svg.querySelector('g.pit[data-pit="' + lap.from + '"]');
        if (lifted) { lifted.classList.add("lifted"); }
        $("caption").textContent = "Lap " + (k + 1) + " of " + m.laps.length + ": " +
          lap.seeds + " seed" + (lap.seeds === 1 ? "" : "s") + " from " + lap.from + ".";
      });
      lap.sown.forEach(function (l) {
        steps.push(function () { var p = pitIndex(l); rows[p.row][p.i] += 1; });
      });
    });
    if (m.capture) {
      steps.push(function () {
        var p = pitIndex(m.capture.pit);
        rows[p.row][p.i] = 0;
        var last = m.laps[m.laps.length - 1];
        if (m.capture.capturing_seed && last && last.sown.length) {
          var q = pitIndex(last.sown[last.sown.length - 1]);
          rows[q.row][q.i] = Math.max(0, rows[q.row][q.i] - 1);
        }
        stores[m.side === "south" ? 0 : 1] += m.capture.seeds;
        $("caption").textContent = "Capture: " + m.capture.seeds + " from " + m.capture.pit + ".";
      });
    }
    // Very long relays go faster, so that no move takes much over a minute.
    var delay = Math.min(DELAY, Math.max(5, Math.floor(60000 / Math.max(1, steps.length))));
    var k = 0, animation = { timer: null };
    board.animation = animation;
    box.setAttribute("data-sowing", "true");
    var tick = function () {
      if (board.animation !== animation || board.cur !== n) { return; }
      if (k < steps.length) {
        steps[k]();
        k += 1;
        paint(svg, rows, stores);
        animation.timer = setTimeout(tick, delay);
        return;
      }
      board.animation = null;
      if (svg.parentNode === box) { box.replaceChild(drawn, svg); }
      box.setAttribute("data-frames", String(k));
      box.removeAttribute("data-sowing");
      $("caption").textContent = caption(n);
    };
    tick();
  }

  // ---- Engine and tables ----------------------------------------------------

  function probeTables() {
    var n = board.cur;
    $("tables").textContent = "";
    api("GET", "/api/tables?" + query({ setup: n.setup, rules: board.rules })).then(function (res) {
      if (board.cur !== n || !res.ok) { return; }
      var t = $("tables");
      t.textContent = "";
      t.appendChild(el("span", "Exact (tables): ", "exact"));
      t.appendChild(document.createTextNode(res.body.outcome + " for the side to move, net gain " + res.body.net_gain));
    });
  }

  function stopAnalysis() {
    if (analysis) { analysis.abort(); analysis = null; }
    $("analyse").disabled = false;
    $("stop").disabled = true;
  }

  // A depth's line: its best move, value and principal variation, each move
  // of the variation a link that plays the line up to it from `from` (the
  // position analysed) as a variation; the best move is marked on the board.
  function showInfo(info, from) {
    var tr = document.createElement("tr");
    var value = el("td", (info.value > 0 ? "+" : "") + info.value);
    if (info.exact) { value.appendChild(el("span", " exact", "exact")); }
    var pv = el("td", null, "pv");
    info.pv.forEach(function (letter, k) {
      var a = el("a", letter);
      a.href = "#";
      a.title = "Play the line to here";
      a.addEventListener("click", function (e) {
        e.preventDefault();
        playLineFrom(from, info.pv.slice(0, k + 1));
      });
      pv.appendChild(a);
      pv.appendChild(document.createTextNode(" "));
    });
    [el("td", info.depth), el("td", info.best || "\u2013"), value, pv]
      .forEach(function (td) { tr.appendChild(td); });
    var body = $("depths").tBodies[0];
    body.insertBefore(tr, body.firstChild);
    markBest(info.best);
  }

  function markBest(letter) {
    Array.prototype.forEach.call(document.querySelectorAll("#board-box g.pit.best"), function (g) {
      g.classList.remove("best");
    });
    var g = letter && document.querySelector('#board-box g.pit[data-pit="' + letter + '"]');
    if (g) { g.classList.add("best"); }
  }

  // Plays `letters` from `from`, following the moves already in the tree
  // and asking the server for the others; the last one is sown.
  function playLineFrom(from, letters) {
    if (board.busy) { return board.busy; }
    board.cur = from;
    return letters.reduce(function (p, letter, k) {
      return p.then(function (ok) {
        if (!ok) { return false; }
        var cur = board.cur;
        var known = cur.children.filter(function (c) { return c.move.pit === letter; })[0];
        if (known) { board.cur = known; return true; }
        return api("POST", "/api/play", { setup: cur.setup, rules: board.rules, pit: letter }).then(function (res) {
          if (!res.ok) { $("refused").textContent = "Refused: " + errorText(res); return false; }
          var n = node(res.body.setup, res.body.move, cur);
          cur.children.push(n);
          board.cur = n;
          return true;
        });
      });
    }, Promise.resolve(true)).then(function () {
      var n = board.cur;
      go(n, n !== from && letters.length === pathTo(n).length - pathTo(from).length);
    });
  }

  // Reads the server-sent events of /api/analyse from a fetch, so that a
  // refusal (503) can say why and Stop can abort it.
  function analyse() {
    stopAnalysis();
    var n = board.cur, controller = new AbortController();
    analysis = controller;
    $("analyse").disabled = true;
    $("stop").disabled = false;
    $("depths").tBodies[0].textContent = "";
    $("engine-note").textContent = "Searching\u2026";
    fetch("/api/analyse?" + query({ setup: n.setup, rules: board.rules }), { signal: controller.signal })
      .then(function (r) {
        if (!r.ok) {
          return r.json().then(function (b) { throw new Error(b.error ? b.error.message : "HTTP " + r.status); });
        }
        var reader = r.body.getReader(), decoder = new TextDecoder(), buffer = "";
        var pump = function () {
          return reader.read().then(function (chunk) {
            if (chunk.done) { return; }
            buffer += decoder.decode(chunk.value, { stream: true });
            var events = buffer.split("\n\n");
            buffer = events.pop();
            events.forEach(function (ev) {
              var name = "", data = "";
              ev.split("\n").forEach(function (line) {
                if (line.indexOf("event: ") === 0) { name = line.slice(7); }
                if (line.indexOf("data: ") === 0) { data += line.slice(6); }
              });
              if (name === "info") { showInfo(JSON.parse(data), n); }
            });
            return pump();
          });
        };
        return pump();
      })
      .then(function () { if (analysis === controller) { $("engine-note").textContent = "Done."; stopAnalysis(); } },
        function (e) {
          if (analysis === controller) { $("engine-note").textContent = e.name === "AbortError" ? "Stopped." : String(e.message); stopAnalysis(); }
        });
  }

  // ---- Recording ------------------------------------------------------------

  function save(e) {
    if (e) { e.preventDefault(); }
    var form = $("record"), tags = [];
    ["Event", "Site", "Date", "Round", "South", "North", "Rules"].forEach(function (name) {
      var v = form.elements[name].value.trim();
      if (v) { tags.push([name, v]); }
    });
    var start = board.root.setup;
    var rules = board.rules || "russ";
    return api("GET", "/api/moves?" + query({ rules: rules })).then(function (res) {
      if (res.ok && res.body.setup !== start) { tags.push(["Setup", start]); }
      var moves = [];
      for (var n = board.root.children[0]; n; n = n.children[0]) { moves.push(n.move.pit); }
      return api("POST", "/api/save", { file: form.elements.file.value.trim(), tags: tags, moves: moves });
    }).then(function (res) {
      $("save-problems").textContent = "";
      if (res.ok) {
        $("saved").textContent = "Saved as " + res.body.id + " in " + res.body.file + ".";
      } else {
        $("saved").textContent = "Not saved: " + errorText(res);
        $("save-problems").textContent = (res.body.error && res.body.error.problems || []).map((p) => p.text).join("\n");
      }
    });
  }

  // ---- Opening positions and games -----------------------------------------

  function newBoard(setup, rules, gameId) {
    stopAnalysis();
    board.rules = rules || "";
    board.gameId = gameId || null;
    board.root = node(setup, null, null);
    board.cur = board.root;
  }

  // Plays `letters` one after the other from the root, as a main line.
  function playLine(letters) {
    return letters.reduce(function (p, letter) {
      return p.then(function (ok) {
        if (!ok) { return false; }
        var cur = board.cur;
        return api("POST", "/api/play", { setup: cur.setup, rules: board.rules, pit: letter }).then(function (res) {
          if (!res.ok) { return false; }
          var n = node(res.body.setup, res.body.move, cur);
          cur.children.push(n);
          board.cur = n;
          return true;
        });
      });
    }, Promise.resolve(true));
  }

  function openGame(id, ply) {
    return api("GET", "/api/games/" + encodeURIComponent(id)).then(function (res) {
      if (!res.ok || !res.body.setup) {
        newBoard("", "", null);
        return openSetup("", "", []).then(function () { $("refused").textContent = errorText(res); });
      }
      var g = res.body;
      newBoard(g.setup, g.rules, id);
      var tags = g.tags || {};
      $("title").textContent = (tags.South || "?") + " \u2013 " + (tags.North || "?") + (tags.Event ? ", " + tags.Event : "");
      var form = $("record");
      ["Event", "Site", "Date", "Round", "South", "North", "Rules"].forEach(function (name) {
        form.elements[name].value = tags[name] || "";
      });
      form.elements.file.value = g.file || "games.ayo";
      return playLine(g.moves.map(function (m) { return m.pit; })).then(function () {
        var n = board.root;
        for (var k = 0; k < ply && n.children[0]; k++) { n = n.children[0]; }
        go(n);
      });
    });
  }

  function openSetup(setup, rules, letters) {
    return api("GET", "/api/moves?" + query({ setup: setup, rules: rules })).then(function (res) {
      if (!res.ok) {
        newBoard("", "", null);
        return api("GET", "/api/moves").then(function (r2) {
          newBoard(r2.body.setup, "", null);
          go(board.root);
          $("refused").textContent = errorText(res);
        });
      }
      newBoard(res.body.setup, rules, null);
      $("title").textContent = "Set-up " + res.body.setup;
      return playLine(letters).then(function () { go(board.cur); });
    });
  }

  // ---- Routing, keys and the test hook -------------------------------------

  function params() {
    var out = {};
    location.hash.slice(1).split("&").forEach(function (kv) {
      var i = kv.indexOf("=");
      if (i < 0) { out[decodeURIComponent(kv)] = ""; return; }
      out[decodeURIComponent(kv.slice(0, i))] = decodeURIComponent(kv.slice(i + 1).replace(/\+/g, " "));
    });
    return out;
  }

  function show(section) {
    $("archive").hidden = section !== "archive";
    $("board").hidden = section !== "board";
    $("to-archive").setAttribute("aria-current", section === "archive" ? "page" : "false");
    $("to-board").setAttribute("aria-current", section === "board" ? "page" : "false");
  }

  function route() {
    var p = params();
    if ("archive" in p || location.hash === "") { show("archive"); loadArchive(); return Promise.resolve(); }
    show("board");
    if (p.game) { return openGame(p.game, parseInt(p.ply || "0", 10) || 0); }
    var letters = p.moves ? p.moves.split(",").filter(Boolean) : [];
    return openSetup(p.setup || "", p.rules || "", letters);
  }

  function runSteps(steps) {
    return steps.reduce(function (p, step) {
      return p.then(function () {
        if (step === "save") { return save(); }
        var g = document.querySelector('#board-box g.pit[data-pit="' + step + '"]');
        if (!g) { return waitBoard().then(function () { return clickPit(step); }); }
        return clickPit(step);
      }).then(waitBoard);
    }, Promise.resolve()).then(function () {
      document.documentElement.setAttribute("data-steps", "done");
    });
  }

  function clickPit(letter) {
    var g = document.querySelector('#board-box g.pit[data-pit="' + letter + '"]');
    if (g) { g.dispatchEvent(new MouseEvent("click", { bubbles: true })); }
    return board.busy || Promise.resolve();
  }

  // Resolves once the board drawn is the current position's.
  function waitBoard() {
    return new Promise(function (resolve) {
      var tries = 0;
      var look = function () {
        var svg = document.querySelector("#board-box svg");
        var want = String(pathTo(board.cur).length);
        var done = svg && svg.getAttribute("data-ply") === want && !board.busy && !board.animation;
        if (done || ++tries > 2000) { resolve(); }
        else { setTimeout(look, 10); }
      };
      look();
    });
  }

  function onKey(e) {
    if ($("board").hidden || e.ctrlKey || e.metaKey || e.altKey) { return; }
    var t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA")) { return; }
    var cur = board.cur;
    if (!cur) { return; }
    var k = e.key;
    if (k === "ArrowLeft" || k === "Left") { if (cur.parent) { go(cur.parent); } }
    else if (k === "ArrowRight" || k === "Right") { if (cur.children[0]) { go(cur.children[0], true); } }
    else if (k === "Home") { go(board.root); }
    else if (k === "End") { var n = cur; while (n.children[0]) { n = n.children[0]; } go(n); }
    else if (/^[a-zA-Z]$/.test(k)) { play(k); }
    else { return; }
    e.preventDefault();
  }

  function promote() {
    var n = board.cur;
    while (n.parent && n.parent.children[0] === n) { n = n.parent; }
    if (!n.parent) { return; }
    var siblings = n.parent.children;
    siblings.splice(siblings.indexOf(n), 1);
    siblings.unshift(n);
    render();
  }

  function remove() {
    var n = board.cur;
    if (!n.parent) { return; }
    var siblings = n.parent.children;
    siblings.splice(siblings.indexOf(n), 1);
    go(n.parent);
  }

  function init() {
    $("board-box").addEventListener("click", function (e) {
      var g = e.target.closest ? e.target.closest("g.pit") : null;
      if (g) { play(g.getAttribute("data-pit")); }
    });
    document.addEventListener("keydown", onKey);
    $("back").addEventListener("click", function () { if (board.cur.parent) { go(board.cur.parent); } });
    $("forward").addEventListener("click", function () { if (board.cur.children[0]) { go(board.cur.children[0], true); } });
    $("start").addEventListener("click", function () { go(board.root); });
    $("end").addEventListener("click", function () { onKey({ key: "End", target: null, preventDefault: function () {} }); });
    $("promote").addEventListener("click", promote);
    $("delete").addEventListener("click", remove);
    $("analyse").addEventListener("click", analyse);
    $("stop").addEventListener("click", stopAnalysis);
    $("record").addEventListener("submit", save);
    $("filters").addEventListener("input", function () {
      clearTimeout(filterTimer);
      filterTimer = setTimeout(loadArchive, 150);
    });
    $("filters").addEventListener("submit", function (e) { e.preventDefault(); loadArchive(); });
    $("to-board").addEventListener("click", function (e) {
      e.preventDefault();
      location.hash = "board";
    });
    var steps = params().steps;
    board.replaying = Boolean(steps) && !("animate" in params());
    window.addEventListener("hashchange", function () {
      // The page's own address updates use replaceState, which fires no event.
      route();
    });
    route().then(function () {
      if (steps) { return waitBoard().then(function () { return runSteps(steps.split(",")); }); }
    });
  }

  init();
})();
