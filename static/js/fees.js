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
    form.querySelector("input[name=method]").value = method();
    form.submit();
  });
  table.querySelectorAll("form.fee-pay").forEach(function (form) {
    form.addEventListener("submit", function () { form.querySelector("input[name=method]").value = method(); });
  });
  q.select();
  filter();
})();
