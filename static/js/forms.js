/* Small form helpers, declared by data attributes (no inline script: the Content-Security-Policy allows
   scripts from this site's files only). No library.
   - <select data-submit-on-change>: sends its form when the choice changes (the button stays for no-JS).
   - <form data-confirm-for="id_kind" data-confirm-removal="…">: the form asks the sentence of the kind
     chosen in that select before it is sent (confirm.js asks; a kind without a sentence sends at once).
   - <input type="checkbox" data-check-all="#bulk input[name=entries]">: ticks or unticks every box the
     selector names. */
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
  document.querySelectorAll("input[data-check-all]").forEach(function (all) {
    all.addEventListener("change", function () {
      document.querySelectorAll(all.getAttribute("data-check-all")).forEach(function (box) {
        box.checked = all.checked;
      });
    });
  });
})();
