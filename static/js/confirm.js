/* Confirmations: a form with data-confirm="one sentence of what will happen" asks before it is sent (publish,
   drop, drop and draw again, withdraw, remove). The sentence is also printed beside the button, so the page
   says it without this script too. No library. */
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var text = form.getAttribute && form.getAttribute("data-confirm");
    if (!text) return;
    var button = event.submitter;
    if (button && button.hasAttribute("data-confirm")) text = button.getAttribute("data-confirm");
    if (!window.confirm(text)) event.preventDefault();
  });
})();
