/* The payments page (fees/views.py; issue 34): «paid» in one key, like the check-in desk.
   - the list filters as a name is typed (case and ё/е do not matter) and by the state chosen;
   - Enter in the search marks the one unpaid entry found as paid, by the method chosen above the list
     (the form posts, the page comes back with the search selected for the next name).
   Without this script the search is a GET form and every «paid» button posts (cash). No library. */
(function () {
  "use strict";
  var table = document.getElementById("fees");
  var find = document.getElementById("fees-find");
  var q = document.getElementById("fees-q");
  if (!table || !find || !q) return;
  function fold(text) { return text.toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim(); }
  function method() {
    var m = find.querySelector("input[name=method]:checked");
    return m ? m.value : "cash";
  }
  function which() {
    var s = find.querySelector("input[name=show]:checked");
    return s ? s.value : "";
  }
  function keep(form) {
    // The method chosen, and the search and filter as typed: the page comes back with them.
    form.querySelector("input[name=method]").value = method();
    form.querySelector("input[name=q]").value = q.value;
    form.querySelector("input[name=show]").value = which();
  }
  function matches(tr) {
    var state = tr.dataset.state, w = which();
    if (w === "unpaid" && state !== "unpaid" && state !== "part") return false;
    if (w === "paid" && state !== "paid") return false;
    if (w === "refund" && state !== "refund_due") return false;
    var text = fold(q.value);
    return !text || fold(tr.cells[0].textContent).indexOf(text) >= 0;
  }
  function filter() {
    var shown = [];
    table.querySelectorAll("tr.fee-row").forEach(function (tr) {
      tr.hidden = !matches(tr);
      if (!tr.hidden) shown.push(tr);
    });
    return shown;
  }
  q.addEventListener("input", filter);
  find.querySelectorAll("input[name=show]").forEach(function (r) { r.addEventListener("change", filter); });
  find.addEventListener("submit", function (event) {
    var payable = filter().filter(function (tr) { return tr.querySelector("form.fee-pay"); });
    if (payable.length !== 1) return;  // none or several: the search is sent as a plain GET
    event.preventDefault();
    var form = payable[0].querySelector("form.fee-pay");
    keep(form);
    form.submit();
  });
  table.querySelectorAll("form.fee-pay").forEach(function (form) {
    form.addEventListener("submit", function () { keep(form); });
  });
  // Focused and selected by the script, not by autofocus (Chromium applies autofocus later and drops the
  // selection): the next name typed replaces the last one.
  q.focus();
  q.select();
  // The last name stays shown (selected); the first letter typed starts the next one. Done by hand, not left
  // to the selection: a narrow window's Chromium puts the caret before each letter typed over it (as the
  // check-in desk found).
  if (q.value) q.dataset.fresh = "1";
  q.addEventListener("keydown", function (event) {
    if (!q.dataset.fresh) return;
    delete q.dataset.fresh;
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) q.value = "";
  });
  filter();
  table.dataset.ready = "1";  // the tests wait for it before typing
})();
