/* Small form helpers, declared by data attributes (no inline script: the Content-Security-Policy allows
   scripts from this site's files only). No library.
   - <select data-submit-on-change>: sends its form when the choice changes (the button stays for no-JS).
   - <form data-confirm-for="id_kind" data-confirm-removal="…">: the form asks the sentence of the kind
     chosen in that select before it is sent (confirm.js asks; a kind without a sentence sends at once).
   - <input type="checkbox" data-check-all="#bulk input[name=entries]">: ticks or unticks every box the
     selector names.
   - <form data-busy="what is being done…">: once sent (and not cancelled by a confirmation), its buttons are
     disabled — a second click sends nothing — and its .busy element says the sentence with the seconds
     passed until the answer comes. */
(function () {
  "use strict";
  document.querySelectorAll("select[data-submit-on-change]").forEach(function (select) {
    select.addEventListener("change", function () { select.form.submit(); });
  });
  document.querySelectorAll("form[data-confirm-for]").forEach(function (form) {
    var kind = document.getElementById(form.getAttribute("data-confirm-for"));
    if (!kind) return;
    function sync() {
      var says = form.getAttribute("data-confirm-" + kind.value);
      if (says) { form.setAttribute("data-confirm", says); } else { form.removeAttribute("data-confirm"); }
    }
    kind.addEventListener("change", sync);
    sync();
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form.hasAttribute || !form.hasAttribute("data-busy")) return;
    var said = form.querySelector(".busy");
    var started = Date.now();
    // Disabled after this turn: a button disabled now would leave the form without its submitter's value.
    setTimeout(function () {
      form.querySelectorAll("button, input[type=submit]").forEach(function (b) { b.disabled = true; });
    }, 0);
    if (!said) return;
    function tick() {
      said.textContent = form.getAttribute("data-busy") + " " + Math.round((Date.now() - started) / 1000) + " s";
    }
    said.hidden = false;
    tick();
    setInterval(tick, 1000);
  });
  document.querySelectorAll("input[data-check-all]").forEach(function (all) {
    all.addEventListener("change", function () {
      document.querySelectorAll(all.getAttribute("data-check-all")).forEach(function (box) {
        box.checked = all.checked;
      });
    });
  });
})();
