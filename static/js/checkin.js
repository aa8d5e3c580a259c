/* The check-in desk (draw/checkin.py; issue 28 §4): 120 players at the door.
   - the list filters as a name is typed (case and ё/е do not matter) and by absent / present;
   - "present", "cancel" and "all present but the ticked ones" are sent with fetch: the server answers the
     rows changed and the counts, put in place — no page load, the search keeps its place;
   - Enter in the search checks in the one player found (not yet present), and the search is selected again
     for the next name.
   Without this script the search is a GET form and every button posts. No library. */
(function () {
  "use strict";
  var table = document.getElementById("checkin");
  if (!table) return;
  var find = document.getElementById("checkin-find");
  var q = document.getElementById("checkin-q");
  var shown = document.getElementById("checkin-shown");
  var summary = document.getElementById("checkin-summary");
  var error = document.getElementById("checkin-error");
  var all = document.getElementById("checkin-all");
  var go = document.getElementById("checkin-find-go");
  if (go) go.style.display = "none";  // the list filters as one types; Enter checks in the one found

  function fold(text) { return text.toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim(); }
  function show() {
    var checked = find.querySelector("input[name=show]:checked");
    return checked ? checked.value : "";
  }
  function rows() { return table.querySelectorAll("tr.checkin-row"); }

  function filter() {
    var text = fold(q.value), which = show(), n = 0;
    rows().forEach(function (tr) {
      var here = tr.dataset.here === "1";
      var visible = (!text || tr.dataset.name.indexOf(text) >= 0) &&
        (!which || (which === "present") === here);
      tr.hidden = !visible;
      if (visible) n += 1;
    });
    shown.textContent = n + " / " + rows().length;
    var none = document.getElementById("checkin-none");
    if (none) none.hidden = n > 0;
    return n;
  }

  function visibleRows() {
    return Array.prototype.filter.call(rows(), function (tr) { return !tr.hidden; });
  }

  function put(answer) {
    if (answer.error) { error.textContent = answer.error; error.hidden = false; return; }
    error.hidden = true;
    Object.keys(answer.rows || {}).forEach(function (pk) {
      var old = document.getElementById("p" + pk);
      var holder = document.createElement("template");
      holder.innerHTML = answer.rows[pk].trim();
      if (old && holder.content.firstElementChild) old.replaceWith(holder.content.firstElementChild);
    });
    if (answer.summary !== undefined) summary.innerHTML = answer.summary;
    filter();
  }

  function post(form) {
    var body = new FormData(form);
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (b) { b.disabled = true; });
    return fetch(form.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: {"X-Checkin": "1", "X-CSRFToken": body.get("csrfmiddlewaretoken")}
    }).then(function (r) { return r.json(); }).then(put).catch(function () {
      error.textContent = table.dataset.failed || "";
      error.hidden = false;
    }).then(function () {
      buttons.forEach(function (b) { b.disabled = false; });
    });
  }

  table.addEventListener("submit", function (event) {
    var form = event.target.closest("form.checkin-act");
    if (!form) return;
    event.preventDefault();
    post(form).then(function () { q.focus(); q.select(); });
  });
  all.addEventListener("submit", function (event) {
    event.preventDefault();
    post(all);
  });

  find.addEventListener("submit", function (event) {
    event.preventDefault();
    // Enter: the one player found, not yet present, is checked in.
    var found = visibleRows();
    if (found.length === 1) {
      var form = found[0].querySelector("form.checkin-act");
      if (form && found[0].dataset.here !== "1") {
        // Selected at once, not when the server answers: the next name typed replaces this one even when
        // the desk types faster than the server (a select() after the answer would eat what was typed since).
        q.select();
        q.dataset.fresh = "1";
        post(form);
      }
    }
  });
  // After Enter the name found stays shown (selected); the first letter typed starts the next name. Done by
  // hand, not left to the selection: a narrow window's Chromium put the caret before each letter typed over it.
  q.addEventListener("keydown", function (event) {
    if (!q.dataset.fresh) return;
    delete q.dataset.fresh;
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) q.value = "";
  });
  q.addEventListener("input", filter);
  find.querySelectorAll("input[name=show]").forEach(function (radio) { radio.addEventListener("change", filter); });
  filter();
})();
