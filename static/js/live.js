/* Live parts of the public pages: every element with data-live="URL" fetches that fragment every
   data-interval seconds (3 by default) and swaps it in when it changed: no full reload, no library.
   data-live-now loads it at once. Paused while the tab is hidden. A [data-cycle] element (the venue
   screen) shows its .screen-panel children in turn, a server page of tables after another. A poll the server sheds (503/429, issue 37) waits its
   Retry-After with a jittered backoff. Loaded once per page (guarded). */
(function () {
  "use strict";
  if (window.nardyLive) return;
  window.nardyLive = true;

  // An element polls in one chain of timeouts; jump() starts a new chain (a new generation) and the old one
  // stops at its next step, so a page change never leaves two chains polling.
  function generation(el) { return el.dataset.liveGen || "0"; }

  function schedule(el, wait) {
    var seconds = wait || parseFloat(el.dataset.interval || "3");
    var gen = generation(el);
    setTimeout(function () {
      if (generation(el) !== gen) return;
      if (document.hidden) { schedule(el); } else { refresh(el); }
    }, seconds * 1000);
  }

  function refresh(el) {
    var gen = generation(el);
    var current = function () { return generation(el) === gen; };
    // "no-cache": the browser asks again every time, sending the ETag it holds; an unchanged fragment is a
    // 304 (one query on the server) and the browser hands back its own copy.
    fetch(el.dataset.live, { credentials: "same-origin", cache: "no-cache", headers: { "X-Live": "1" } })
      .then(function (r) {
        syncClock(r);
        if (r.status === 503 || r.status === 429) return Promise.reject(backoff(el, r));
        return r.ok ? r.text() : Promise.reject(0);
      })
      .then(function (html) {
        if (!current()) return;
        el.dataset.liveBusy = "0";
        if (html !== el.dataset.liveHtml) {
          el.innerHTML = html;
          el.dataset.liveHtml = html;
        }
        el.dataset.liveAt = String(Date.now());
        el.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
      })
      // Anything else (no network, a 500): the next poll at the usual interval.
      .then(function () { if (current()) schedule(el); },
            function (wait) { if (current()) schedule(el, typeof wait === "number" ? wait : 0); });
  }

  // The venue screen's pairings come a server page (100 tables) at a time (issue 36); the fragment says
  // which page it is and how many there are. jump() asks for page n at once and polls that page from then on.
  function serverPages(panel) {
    var live = panel.querySelector("[data-live]");
    var marker = live && live.querySelector("[data-server-pages]");
    if (!marker) return null;
    return { live: live, page: Number(marker.dataset.serverPage), count: Number(marker.dataset.serverPages) };
  }

  function jump(el, n) {
    el.dataset.live = el.dataset.live.replace(/([?&]page=)\d+/, "$1" + n);
    el.dataset.liveGen = String(Number(generation(el)) + 1);
    refresh(el);
  }

  // The server shed this poll (issue 37: 503 or 429 past its capacity): come back after its Retry-After
  // (seconds; 5 when it says nothing), doubled for each refusal in a row up to a minute, times a random 1–2 so
  // that a thousand phones refused together do not come back together.
  function backoff(el, response) {
    var after = parseFloat(response.headers.get("Retry-After") || "5");
    if (!(after > 0)) after = 5;
    var refusals = Number(el.dataset.liveBusy || "0") + 1;
    el.dataset.liveBusy = String(refusals);
    return Math.min(60, after * Math.pow(2, refusals - 1)) * (1 + Math.random());
  }

  // The venue screen (a [data-cycle] element): its .screen-panel children in turn; a panel marked
  // data-paged shows its table a screenful of rows at a time, every page in turn, so 50+ tables fit a
  // 1080p screen. The rows are re-paged after every live update.
  function paging(panel) {
    var rows = panel.querySelectorAll("table tbody tr");
    if (!panel.hasAttribute("data-paged") || !rows.length) return { rows: rows, per: rows.length || 1, count: 1 };
    rows.forEach(function (r) { r.hidden = false; });
    var first = rows[0].getBoundingClientRect();
    var per = Math.max(1, Math.floor((window.innerHeight - first.top - 40) / Math.max(first.height, 1)));
    return { rows: rows, per: per, count: Math.ceil(rows.length / per) };
  }

  function showPage(panel, k) {
    var p = paging(panel);
    k = Math.min(k, p.count - 1);
    panel.dataset.page = String(k);
    p.rows.forEach(function (r, i) { r.hidden = p.count > 1 && (i < k * p.per || i >= (k + 1) * p.per); });
    var label = panel.querySelector(".screen-page");
    if (label) label.textContent = p.count > 1 ? (k + 1) + " / " + p.count : "";
    return p.count;
  }

  function cycle(root) {
    var panels = root.querySelectorAll(".screen-panel");
    if (!panels.length) return;
    var i = 0;
    for (var j = 0; j < panels.length; j++) { if (!panels[j].hidden) { i = j; break; } }
    showPage(panels[i], 0);
    root.addEventListener("live:updated", function (event) {
      var panel = event.target.closest(".screen-panel");
      if (panel && !panel.hidden) showPage(panel, Number(panel.dataset.page || "0"));
    });
    setInterval(function () {
      var panel = panels[i];
      var pages = showPage(panel, Number(panel.dataset.page || "0"));
      var next = Number(panel.dataset.page || "0") + 1;
      if (next < pages) { showPage(panel, next); return; }
      // Every screenful of this server page shown: the next server page, or back to the first for the
      // next turn (fetched now, while the other panels are shown).
      var server = serverPages(panel);
      if (server && server.page < server.count) { panel.dataset.page = "0"; jump(server.live, server.page + 1); return; }
      if (server && server.page > 1) { panel.dataset.page = "0"; jump(server.live, 1); }
      if (panels.length < 2) { showPage(panel, 0); return; }
      panel.hidden = true;
      i = (i + 1) % panels.length;
      panels[i].hidden = false;
      showPage(panels[i], 0);
    }, parseFloat(root.dataset.cycle || "20") * 1000);
  }

  // The server's clock, not the browser's: the offset from the time the page was rendered with, kept in
  // step by the Date header of every live answer.
  var offset = null;

  function clock() {
    var el = document.getElementById("screen-clock");
    if (!el) return;
    if (el.dataset.serverMs) offset = Number(el.dataset.serverMs) - Date.now();
    var tick = function () {
      var now = new Date(Date.now() + (offset || 0));
      el.textContent = now.toLocaleTimeString("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone: el.dataset.tz || undefined });
    };
    tick();
    setInterval(tick, 1000);
  }

  function syncClock(response) {
    var header = response.headers.get("Date");
    if (!header || offset === null) return;
    var server = Date.parse(header);
    if (!isNaN(server) && Math.abs(server - (Date.now() + offset)) > 2000) offset = server - Date.now();
  }

  function start() {
    document.querySelectorAll("[data-live]").forEach(function (el) {
      if (el.hasAttribute("data-live-now")) { refresh(el); } else { schedule(el); }
    });
    document.querySelectorAll("[data-cycle]").forEach(cycle);
    clock();
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
