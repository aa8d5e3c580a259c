/* Live parts of the public pages: every element with data-live="URL" fetches that fragment every
   data-interval seconds (3 by default) and swaps it in when it changed: no full reload, no library.
   data-live-now loads it at once. Paused while the tab is hidden. A [data-cycle] element (the venue
   screen) shows its .screen-panel children in turn. Loaded once per page (guarded). */
(function () {
  "use strict";
  if (window.nardyLive) return;
  window.nardyLive = true;

  function schedule(el) {
    var seconds = parseFloat(el.dataset.interval || "3");
    setTimeout(function () {
      if (document.hidden) { schedule(el); } else { refresh(el); }
    }, seconds * 1000);
  }

  function refresh(el) {
    fetch(el.dataset.live, { credentials: "same-origin", cache: "no-store", headers: { "X-Live": "1" } })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        if (html !== el.dataset.liveHtml) {
          el.innerHTML = html;
          el.dataset.liveHtml = html;
        }
        el.dataset.liveAt = String(Date.now());
        el.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
      })
      .catch(function () { /* the next poll tries again */ })
      .then(function () { schedule(el); });
  }

  function cycle(root) {
    var panels = root.querySelectorAll(".screen-panel");
    if (panels.length < 2) return;
    var i = 0;
    setInterval(function () {
      panels[i].hidden = true;
      i = (i + 1) % panels.length;
      panels[i].hidden = false;
    }, parseFloat(root.dataset.cycle || "20") * 1000);
  }

  function clock() {
    var el = document.getElementById("screen-clock");
    if (!el) return;
    var tick = function () { el.textContent = new Date().toLocaleTimeString("ru-RU", { hour: "2-digit", minute: "2-digit" }); };
    tick();
    setInterval(tick, 10000);
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
