/* Small helps on every page (issue 28 §5), no library; the pages read the same without it.
   - On a phone the tournament's tabs pan in one line: the current tab is scrolled into view.
   - The player's own row first: on a round's pairings his table moves to the top, on the standings a copy of
     his row heads the table (his row stays at its place too); both are marked. He is known when he is logged
     in as the person (the page says so in #me), or when he has opened his match link or found his table by
     name in this browser (#me[data-remember]: kept in localStorage, per tournament). Applied again after
     every live update (static/js/live.js). */
(function () {
  "use strict";
  var KEY = "nardy:me:";

  function activeTabIntoView() {
    var tab = document.querySelector(".tabs [aria-current=page]");
    var strip = tab && tab.parentElement;
    if (!strip || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = Math.max(0, tab.offsetLeft - strip.offsetLeft - (strip.clientWidth - tab.offsetWidth) / 2);
  }

  function stored(tournament) {
    try { return JSON.parse(window.localStorage.getItem(KEY + tournament) || "null"); } catch (e) { return null; }
  }

  function store(tournament, who) {
    try { window.localStorage.setItem(KEY + tournament, JSON.stringify(who)); } catch (e) { /* private mode */ }
  }

  function who() {
    var el = document.getElementById("me");
    var holder = el || document.querySelector("[data-tournament]");
    var tournament = holder && holder.dataset.tournament;
    if (!tournament) return null;
    if (el && el.dataset.participant) {
      var known = { p: el.dataset.participant, name: el.dataset.name || "" };
      if (el.hasAttribute("data-remember")) store(tournament, known);
      return known;
    }
    return stored(tournament);
  }

  function ownRow(table, me) {
    var links = table.querySelectorAll("tbody a[href$='/p/" + me.p + "/']");
    return links.length ? links[0].closest("tr") : null;
  }

  function pairingsFirst(me) {
    var table = document.getElementById("pairings");
    var elsewhere = document.getElementById("me-elsewhere");
    if (!table) return;
    var row = ownRow(table, me);
    if (!row) {
      // Paged (100 tables a page): his table is on another page; "find my table" shows it.
      var paged = document.querySelector("nav.pager");
      if (elsewhere && paged && me.name && !new URLSearchParams(window.location.search).get("q")) {
        elsewhere.querySelector("a").href = "?q=" + encodeURIComponent(me.name);
        elsewhere.hidden = false;
      }
      return;
    }
    if (elsewhere) elsewhere.hidden = true;
    row.classList.add("me");
    var body = row.parentElement;
    if (body.firstElementChild !== row) body.insertBefore(row, body.firstElementChild);
  }

  function standingsFirst(me) {
    var table = document.getElementById("standings");
    if (!table || table.querySelector("tr.me-copy")) return;
    var row = ownRow(table, me);
    if (!row) return;
    row.classList.add("me");
    if (row.parentElement.firstElementChild === row) return;
    var copy = row.cloneNode(true);
    copy.classList.add("me-copy");
    copy.setAttribute("aria-hidden", "true");  // a reader finds him at his place
    row.parentElement.insertBefore(copy, row.parentElement.firstElementChild);
  }

  function apply() {
    var me = who();
    if (!me || !me.p) return;
    pairingsFirst(me);
    standingsFirst(me);
  }

  function start() {
    activeTabIntoView();
    apply();
    document.addEventListener("live:updated", apply);
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
