/* Confirmations: a form with data-confirm="one sentence of what will happen" asks before it is sent (publish,
   drop, drop and draw again, withdraw, remove); a button with its own data-confirm asks for that button only
   (the protest's "Decide" beside "Preview the pairings"). The sentence is also printed beside the button, so
   the page says it without this script too. No library. */
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var text = form.getAttribute && form.getAttribute("data-confirm");
    var button = event.submitter;
    if (button && button.hasAttribute("data-confirm")) text = button.getAttribute("data-confirm");
    if (!text) return;
    if (!window.confirm(text)) event.preventDefault();
  });
})();
