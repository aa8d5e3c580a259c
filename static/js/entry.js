/* The whole-round result entry (public/entry.py): each row's form is sent on its own with fetch; the
   server answers with that row's HTML only, which replaces the row. Enter moves the cursor to the first
   field of the next editable row at once (the secretary never waits for the server); a row the server
   refuses comes back red with the reason and takes the cursor back. Typing 7, Tab, 4, Enter saves a row.
   Without this script the rows post as plain forms. No library. */
(function () {
  "use strict";
  var box = document.getElementById("entry");
  if (!box) return;

  function nextInput(form) {
    var el = form.nextElementSibling;
    while (el) {
      var input = el.querySelector("input.s1");
      if (input) return input;
      el = el.nextElementSibling;
    }
    return null;
  }

  // One row in flight at a time, in the order typed: the cursor never waits, the server takes the rows one
  // by one (no two saves of one round racing for the tournament's lock).
  var queue = [];
  var sending = false;

  function pump() {
    if (sending || !queue.length) return;
    sending = true;
    var form = queue.shift();
    var body = new FormData(form);
    fetch(form.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-Entry-Row": "1", "X-CSRFToken": body.get("csrfmiddlewaretoken") }
    }).then(function (r) {
      return r.text().then(function (html) { return { ok: r.ok, status: r.status, html: html }; });
    }).then(function (answer) {
      var holder = document.createElement("div");
      holder.innerHTML = answer.html.trim();
      var row = holder.firstElementChild;
      if (!row || !row.classList.contains("entry-row")) {
        fail(form, box.dataset.failed);
        return;
      }
      form.replaceWith(row);
      if (!answer.ok) {
        var again = row.querySelector("input.s1");
        if (again) { again.focus(); again.select(); }
      }
    }).catch(function () {
      fail(form, box.dataset.offline);
    }).then(function () {
      sending = false;
      pump();
    });
  }

  function fail(form, text) {
    // Not saved (the server failed or is out of reach): the row stays as typed, red, to be sent again.
    form.dataset.busy = "0";
    form.classList.add("failed");
    var note = form.querySelector(".entry-note.error") || document.createElement("span");
    note.className = "entry-note error";
    note.setAttribute("role", "alert");
    note.textContent = text || "";
    form.appendChild(note);
  }

  function send(form) {
    if (form.dataset.busy === "1") return;  // a double Enter sends one request
    form.dataset.busy = "1";
    queue.push(form);
    pump();
  }

  box.addEventListener("submit", function (event) {
    var form = event.target.closest("form.entry-row");
    if (!form) return;
    event.preventDefault();
    var next = nextInput(form);
    send(form);
    if (next) { next.focus(); next.select(); }
  });

  // "Save every row typed": the rows whose scores differ from the stored ones go in one submit, saved
  // together or not at all (public.entry.save_all); the page comes back with the refused rows named.
  var all = document.getElementById("entry-all");
  if (all) {
    all.hidden = false;
    all.addEventListener("submit", function () {
      var rows = [];
      box.querySelectorAll("form.entry-row").forEach(function (form) {
        var s1 = form.querySelector("input.s1"), s2 = form.querySelector("input.s2");
        var version = form.querySelector("input[name=version]");
        if (!s1 || !s2 || !version || form.dataset.busy === "1") return;
        if (!s1.value && !s2.value) return;
        if (s1.value === form.dataset.s1 && s2.value === form.dataset.s2) return;
        rows.push([Number(form.dataset.match), s1.value, s2.value, version.value]);
      });
      all.querySelector("input[name=rows]").value = JSON.stringify(rows);
    });
  }

  var first = box.querySelector("input.s1");
  if (location.hash) {
    var target = document.getElementById(location.hash.slice(1));
    if (target && target.querySelector("input.s1")) first = target.querySelector("input.s1");
  }
  if (first) first.focus();
})();
