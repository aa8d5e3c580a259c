/* The whole-round result entry (public/entry.py). Typing 7, Tab, 4, Enter saves a row; the secretary types
   from the slips with his eyes on the paper, so (issue 28 §1):
   - a score goes to the row it was typed in: Enter takes the row's scores at that moment and the cursor goes
     to the next table at once, and nothing the server answers ever moves the cursor;
   - the rows go to the server one at a time, in the order typed; a row typed again before its answer is sent
     again with the newest version the server gave (never merged, never lost);
   - each row says saved / being sent / not saved / Enter again; a row refused stays red with the reason and
     is listed above the tables (#entry-problems) until it is saved;
   - a field's content is selected when the cursor comes to it (typing 7 over a stored 7:3 gives 7, not 77);
   - a score that replaces a stored result or an unlikely one comes back "Enter again": the same score sent
     with the row's confirm field (the server's one rule, ``public.entry.warnings``) is saved;
   - the «Table No.» field («/» reaches it) jumps to a table, across pages: a page's rows are fetched and
     added to the ones on screen (rows are never removed, so nothing typed or pending leaves the page), and
     Enter in a row reached that way comes back to the field; keys typed while a page is fetched are kept and
     played into it afterwards.
   Without this script the rows post as plain forms. No library. */
(function () {
  "use strict";
  var box = document.getElementById("entry");
  if (!box) return;
  var T = box.dataset;
  var jumpForm = document.getElementById("entry-jump");
  var jumpInput = document.getElementById("entry-table");
  var jumpNote = document.getElementById("entry-jump-note");
  var problems = document.getElementById("entry-problems");
  var tally = document.getElementById("entry-tally");
  var pages = Number(T.pages || "1");
  var loaded = {};
  loaded[T.page || "1"] = true;

  function rowOf(match) { return box.querySelector('form.entry-row[data-match="' + match + '"]'); }
  function allRows() { return box.querySelectorAll("form.entry-row"); }
  function isRow(el) { return el && el.matches && el.matches("form.entry-row"); }
  function editable(form) { return !!form.querySelector("input.s1"); }
  function values(form) {
    var s1 = form.querySelector("input.s1"), s2 = form.querySelector("input.s2");
    return s1 && s2 ? [s1.value.trim(), s2.value.trim()] : null;
  }
  function nextEditable(form) {
    for (var el = form.nextElementSibling; el; el = el.nextElementSibling) {
      if (isRow(el) && editable(el)) return el;
    }
    return null;
  }
  function prevEditable(form) {
    for (var el = form.previousElementSibling; el; el = el.previousElementSibling) {
      if (isRow(el) && editable(el)) return el;
    }
    return null;
  }
  function focusInput(input) {
    if (!input) return;
    input.focus();
    input.select();
  }

  // --- the state each row shows ---------------------------------------------------------------------------
  var STATES = ["saved", "pending", "failed", "confirm", "edited"];
  function setState(form, name, note) {
    STATES.forEach(function (s) { form.classList.toggle(s, s === name); });
    var status = form.querySelector(".entry-status");
    if (status) status.textContent = name ? (T["t" + name.charAt(0).toUpperCase() + name.slice(1)] || "") : "";
    var old = form.querySelector(".entry-note.js");
    if (old) old.remove();
    if (note) {
      var span = document.createElement("span");
      span.className = "entry-note error js";
      span.textContent = note;
      form.appendChild(span);
    }
  }
  function reason(form) {
    var note = form.querySelector(".entry-note.error, .entry-note.warning");
    return note ? note.textContent.trim() : "";
  }
  function render() {
    // The rows not saved, above the tables: each links to its row; the tally of the page's rows.
    var bad = box.querySelectorAll("form.entry-row.failed, form.entry-row.confirm, form.entry-row.edited");
    var list = problems.querySelector("ul");
    list.textContent = "";
    bad.forEach(function (form) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = "#" + form.id;
      a.textContent = T.tTable + " " + form.dataset.table;
      a.dataset.match = form.dataset.match;
      li.appendChild(a);
      li.appendChild(document.createTextNode(": " + (reason(form) || T.tEdited)));
      list.appendChild(li);
    });
    problems.hidden = bad.length === 0;
    tally.hidden = false;
    tally.querySelector('[data-tally="saved"]').textContent = box.querySelectorAll("form.entry-row.saved").length;
    tally.querySelector('[data-tally="pending"]').textContent = box.querySelectorAll("form.entry-row.pending").length;
    tally.querySelector('[data-tally="problems"]').textContent = bad.length;
  }
  problems.addEventListener("click", function (event) {
    var a = event.target.closest("a[data-match]");
    if (!a) return;
    event.preventDefault();
    var form = rowOf(a.dataset.match);
    if (form) { form.scrollIntoView({block: "center"}); focusInput(form.querySelector("input.s1")); }
  });

  // --- sending, one row at a time in the order typed -------------------------------------------------------
  // One request of this page at a time: the saves in the order typed, a page of rows the cursor waits for
  // ahead of them (``loads``). Kind to the server, and SQLite's one writer never meets this page's reader.
  var queue = [];
  var loads = [];
  var inflight = null;

  function send(form, typed) {
    var match = form.dataset.match;
    var key = typed.join(":");
    if (inflight && inflight.match === match && inflight.key === key && !queue.some(function (i) { return i.match === match; })) {
      return;  // a double Enter: that score is on its way
    }
    var confirm = form.querySelector("input[name=confirm]");
    var item = {match: match, url: form.action, s1: typed[0], s2: typed[1], key: key,
      confirm: confirm ? confirm.value : ""};
    queue = queue.filter(function (i) { return i.match !== match; });  // the newest score of a row wins
    queue.push(item);
    form.dataset.sent = key;
    setState(form, "pending");
    render();
    pump();
  }

  function pump() {
    if (inflight) return;
    if (loads.length) { inflight = {load: true}; loads.shift()(); return; }
    if (!queue.length) return;
    var item = inflight = queue.shift();
    var form = rowOf(item.match);
    var body = new FormData();
    body.append("csrfmiddlewaretoken", form.querySelector("input[name=csrfmiddlewaretoken]").value);
    body.append("score1", item.s1);
    body.append("score2", item.s2);
    // The version the server gave last (an earlier save of this row moved it on): read when sent.
    var version = form.querySelector("input[name=version]");
    body.append("version", version ? version.value : "");
    if (item.confirm) body.append("confirm", item.confirm);
    fetch(item.url, {
      method: "POST", body: body, credentials: "same-origin",
      headers: {"X-Entry-Row": "1", "X-CSRFToken": body.get("csrfmiddlewaretoken")}
    }).then(function (r) {
      return r.text().then(function (html) { return {status: r.status, html: html}; });
    }).then(function (answer) {
      settle(item, answer.html);
    }).catch(function () {
      failed(item, T.offline);
    }).then(function () {
      inflight = null;
      render();
      pump();
    });
  }

  function parseRow(html) {
    var holder = document.createElement("div");
    holder.innerHTML = html.trim();
    var row = holder.firstElementChild;
    return isRow(row) ? row : null;
  }

  function failed(item, text) {
    // Not saved (the server failed or is out of reach): the row keeps what was typed, red, to be sent again.
    var form = rowOf(item.match);
    if (!form || queue.some(function (i) { return i.match === item.match; })) return;
    setState(form, "failed", text);
  }

  function settle(item, html) {
    var current = rowOf(item.match);
    var fresh = parseRow(html);
    if (!current) return;
    if (!fresh) { failed(item, T.failed); return; }
    var again = queue.some(function (i) { return i.match === item.match; });
    var now = values(current);
    var same = now && now.join(":") === item.key;
    if (!editable(fresh) || !editable(current)) {
      // Read-only now (a protest, the next match started, the tournament finished): the server's row.
      if (current.dataset.page) fresh.dataset.page = current.dataset.page;
      current.replaceWith(fresh);
      return;
    }
    // In place: the cursor may be in this row, and what was typed since stays as typed.
    var score = current.querySelector(".entry-score");
    var freshScore = fresh.querySelector(".entry-score");
    Array.prototype.slice.call(current.childNodes).forEach(function (n) { if (n !== score) n.remove(); });
    var before = true;
    Array.prototype.slice.call(fresh.childNodes).forEach(function (n) {
      if (n === freshScore) { before = false; return; }
      if (before) current.insertBefore(n, score); else current.appendChild(n);
    });
    current.className = fresh.className;
    current.dataset.s1 = fresh.dataset.s1;
    current.dataset.s2 = fresh.dataset.s2;
    if (same && !current.contains(document.activeElement)) {
      current.querySelector("input.s1").value = fresh.querySelector("input.s1").value;
      current.querySelector("input.s2").value = fresh.querySelector("input.s2").value;
    }
    if (again) setState(current, "pending");
    else if (!same && !current.contains(document.activeElement)) setState(current, "edited");
  }

  // --- Enter in a row ----------------------------------------------------------------------------------
  var jumped = null;  // the row the «Table No.» field led to: Enter in it comes back to the field

  function enter(form) {
    var typed = values(form);
    if (!typed) return;
    var back = jumped === form;
    jumped = null;
    var stored = [form.dataset.s1 || "", form.dataset.s2 || ""];
    if (typed[0] || typed[1]) {
      var pending = form.classList.contains("pending") && form.dataset.sent === typed.join(":");
      if (typed.join(":") === stored.join(":") && !form.classList.contains("pending")) {
        setState(form, stored[0] ? "saved" : "");  // as stored: nothing to send
        render();
      } else if (!pending) {
        send(form, typed);
      }
    }
    if (back) { focusInput(jumpInput); jumpInput.value = ""; return; }
    goNext(form);
  }

  function goNext(form) {
    // The cursor goes to the next table in order — not to the next row on screen when a page between them
    // is not here (a jump brought a later page): that page's rows come first, and the keys typed meanwhile
    // are held and played into them.
    var next = nextEditable(form);
    var page = Number(form.dataset.page || "0");
    if (page) {
      var until = next && next.dataset.page ? Number(next.dataset.page) : pages + 1;
      for (var k = page + 1; k < until && k <= pages; k++) {
        if (!loaded[String(k)]) {
          awaiting = true;
          fetchRows("page=" + k, function () {
            awaiting = false;
            goNext(form);
          }, lost);
          return;
        }
      }
    }
    // No table after this one: the cursor waits in the «Table No.» field, where a stray key changes nothing.
    focusInput(next ? next.querySelector("input.s1") : jumpInput);
  }

  box.addEventListener("submit", function (event) {
    var form = event.target.closest("form.entry-row");
    if (!form) return;
    event.preventDefault();
    enter(form);
  });

  box.addEventListener("focusin", function (event) {
    var input = event.target;
    if (input.matches && input.matches("input.s1, input.s2")) {
      input.select();
      var form = input.form;
      if (form.classList.contains("edited")) { setState(form, ""); render(); }
      prefetch(form);
    }
  });
  box.addEventListener("focusout", function (event) {
    var form = event.target.closest && event.target.closest("form.entry-row");
    if (!form || (event.relatedTarget && form.contains(event.relatedTarget))) return;
    var typed = values(form);
    if (!typed || form.classList.contains("pending") || form.classList.contains("failed") || form.classList.contains("confirm")) return;
    var key = typed.join(":");
    var stored = (form.dataset.s1 || "") + ":" + (form.dataset.s2 || "");
    if ((typed[0] || typed[1]) && key !== stored && key !== form.dataset.sent) {
      setState(form, "edited", T.tEditedNote);
      render();
    }
  });

  // --- pages of rows, added to the ones on screen --------------------------------------------------------
  var awaiting = false;  // the cursor waits for rows being fetched (Enter on the last row, a jump)
  var held = [];  // keys typed meanwhile: played into the rows once they are here
  var prefetching = {};

  function lost(text) {
    // The rows did not come: the keys held were meant for them and go nowhere rather than to another table.
    awaiting = false;
    held = [];
    jumpNote.textContent = text || T.offline;
    focusInput(jumpInput);
  }

  function fetchRows(query, then, fail) {
    loads.push(function () { getRows(query, then, fail); });
    pump();
  }

  function getRows(query, then, fail) {
    var url = T.url + (T.url.indexOf("?") < 0 ? "?" : "&") + "part=rows&" + query;
    fetch(url, {credentials: "same-origin"}).then(function (r) {
      return r.text().then(function (text) { return {ok: r.ok, text: text}; });
    }).then(function (answer) {
      if (!answer.ok) { if (fail) fail(answer.text.length < 300 ? answer.text : T.failed); replay(); return; }
      var holder = document.createElement("div");
      holder.innerHTML = answer.text.trim();
      var part = holder.firstElementChild;
      if (part && part.dataset.page) loaded[part.dataset.page] = true;
      if (part) insertRows(part);
      if (then) then(part);
      replay();
    }).catch(function () {
      if (fail) fail(T.offline);
      replay();
    }).then(function () {
      inflight = null;
      pump();
    });
  }

  function insertRows(part) {
    // In table order among the rows on screen; a row already here stays as it is (typed, pending, refused).
    var here = Array.prototype.slice.call(allRows());
    var empty = box.querySelector(":scope > p.muted");
    if (empty) empty.remove();
    Array.prototype.slice.call(part.querySelectorAll("form.entry-row")).forEach(function (row) {
      if (rowOf(row.dataset.match)) return;
      var table = Number(row.dataset.table);
      var at = null;
      for (var i = 0; i < here.length; i++) {
        if (Number(here[i].dataset.table) > table) { at = here[i]; break; }
      }
      box.insertBefore(row, at);
      here.splice(at ? here.indexOf(at) : here.length, 0, row);
    });
  }

  function loadPages(page, then) {
    if (loaded[String(page)]) { then(); return; }
    fetchRows("page=" + page, then, lost);
  }

  function prefetch(form) {
    // Near the last row on screen: the next page is asked for before the cursor gets there.
    var page = Number(form.dataset.page || "0");
    if (!page || page >= pages || loaded[String(page + 1)] || prefetching[page + 1]) return;
    var ahead = form, n = 0;
    while (ahead && n < 10) { ahead = nextEditable(ahead); n += 1; }
    if (ahead) return;
    prefetching[page + 1] = true;
    var done = function () { prefetching[page + 1] = false; };
    fetchRows("page=" + (page + 1), done, done);
  }

  // --- the «Table No.» field ------------------------------------------------------------------------------
  function land(form, table) {
    awaiting = false;
    jumpNote.textContent = "";
    if (!form) { focusInput(jumpInput); return; }
    form.scrollIntoView({block: "center"});
    if (editable(form)) {
      jumped = form;
      focusInput(form.querySelector("input.s1"));
    } else {
      var note = form.querySelector(".entry-note");
      jumpNote.textContent = T.tTable + " " + table + ": " + T.tLocked + " " + (note ? note.textContent : "");
      focusInput(jumpInput);
    }
  }

  function jump() {
    var table = jumpInput.value.trim();
    if (!/^[0-9]+$/.test(table)) { focusInput(jumpInput); return; }
    var here = box.querySelector('form.entry-row[data-table="' + table + '"]');
    if (here) { land(here, table); return; }
    jumpNote.textContent = T.tLoading;
    awaiting = true;
    fetchRows("table=" + table, function () {
      land(box.querySelector('form.entry-row[data-table="' + table + '"]'), table);
    }, lost);
  }

  if (jumpForm) {
    jumpForm.addEventListener("submit", function (event) { event.preventDefault(); jump(); });
  }
  document.querySelectorAll(".entry-pager a[data-page]").forEach(function (a) {
    a.addEventListener("click", function (event) {
      event.preventDefault();
      var page = Number(a.dataset.page);
      awaiting = true;
      loadPages(page, function () {
        awaiting = false;
        var first = box.querySelector('form.entry-row[data-page="' + page + '"]');
        if (first) {
          first.scrollIntoView({block: "start"});
          var row = editable(first) ? first : nextEditable(first);
          if (row) focusInput(row.querySelector("input.s1"));
        }
      });
    });
  });

  // --- keys typed while a page is fetched; «/» to the field ----------------------------------------------
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    if (awaiting) {
      if (/^[0-9]$/.test(event.key) || event.key === "Tab" || event.key === "Enter" || event.key === "Backspace") {
        event.preventDefault();
        held.push({key: event.key, shift: event.shiftKey});
      }
      return;
    }
    if (event.key === "/" && jumpInput && document.activeElement !== jumpInput) {
      event.preventDefault();
      focusInput(jumpInput);
    }
  }, true);

  function replay() {
    if (awaiting) return;
    var keys = held;
    held = [];
    for (var i = 0; i < keys.length; i++) {
      if (awaiting) { held = keys.slice(i).concat(held); return; }
      press(keys[i]);
    }
  }

  function press(k) {
    var el = document.activeElement;
    if (!el || el.tagName !== "INPUT") return;
    if (k.key === "Enter") {
      if (el === jumpInput) jump();
      else if (isRow(el.form)) enter(el.form);
      return;
    }
    if (k.key === "Tab") {
      var form = el.form;
      if (!isRow(form)) return;
      if (!k.shift) {
        if (el.classList.contains("s1")) focusInput(form.querySelector("input.s2"));
        else { var next = nextEditable(form); if (next) focusInput(next.querySelector("input.s1")); }
      } else {
        if (el.classList.contains("s2")) focusInput(form.querySelector("input.s1"));
        else { var prev = prevEditable(form); if (prev) focusInput(prev.querySelector("input.s2")); }
      }
      return;
    }
    var start = el.selectionStart, end = el.selectionEnd;
    if (k.key === "Backspace") {
      if (start === end && start > 0) start -= 1;
      el.setRangeText("", start, end, "end");
    } else if (el.value.length - (end - start) < (el.maxLength > 0 ? el.maxLength : 99)) {
      el.setRangeText(k.key, start, end, "end");
    }
    el.dispatchEvent(new Event("input", {bubbles: true}));
  }

  // --- "Save every row typed": the rows whose scores differ from the stored ones, in one submit ----------
  var leaving = false;
  var all = document.getElementById("entry-all");
  if (all) {
    all.hidden = false;
    all.addEventListener("submit", function () {
      var rows = [];
      allRows().forEach(function (form) {
        var typed = values(form);
        var version = form.querySelector("input[name=version]");
        if (!typed || !version || form.classList.contains("pending")) return;
        if (!typed[0] && !typed[1]) return;
        if (typed[0] === form.dataset.s1 && typed[1] === form.dataset.s2) return;
        var confirm = form.querySelector("input[name=confirm]");
        var row = [Number(form.dataset.match), typed[0], typed[1], version.value];
        if (confirm) row.push(confirm.value);
        rows.push(row);
      });
      all.querySelector("input[name=rows]").value = JSON.stringify(rows);
      leaving = true;
    });
  }

  // Leaving with rows in flight or not saved loses them: the browser asks first.
  window.addEventListener("beforeunload", function (event) {
    if (leaving) return;
    if (inflight || queue.length || box.querySelector("form.entry-row.failed, form.entry-row.confirm, form.entry-row.edited")) {
      event.preventDefault();
      event.returnValue = T.tUnsaved;
    }
  });

  render();
  var first = box.querySelector("input.s1");
  if (location.hash) {
    var target = document.getElementById(location.hash.slice(1));
    if (target && target.querySelector("input.s1")) first = target.querySelector("input.s1");
  }
  if (first) focusInput(first);
})();
