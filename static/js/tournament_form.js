/* The tournament form (issue 14 item 8): only the settings of the chosen system and character are shown (the
   others stay in the form, unchanged); the tie-breaks are moved up and down; until the secretary touches
   them, the tie-breaks follow the chosen system's default. Without this script every field shows. No
   library. */
(function () {
  "use strict";
  var form = document.getElementById("tournament-form");
  if (!form) return;
  var system = form.querySelector("select[name=system]");
  var character = form.querySelector("select[name=character]");
  var list = form.querySelector("ol.tiebreaks");
  var touched = list && list.querySelector("input:checked") !== null;

  function showFields() {
    // A field shows when it belongs to the chosen system and to the chosen character (a team event's
    // boards and team scoring are not a personal event's: issue 28 §6).
    form.querySelectorAll("[data-systems], [data-characters]").forEach(function (p) {
      var bySystem = !system || !p.dataset.systems || p.dataset.systems.split(" ").indexOf(system.value) !== -1;
      var byCharacter = !character || !p.dataset.characters ||
        p.dataset.characters.split(" ").indexOf(character.value) !== -1;
      p.hidden = !(bySystem && byCharacter);
    });
  }

  function applyDefaults() {
    if (!list || touched || !system) return;
    var defaults = JSON.parse(list.dataset.defaults || "{}")[system.value] || [];
    var items = Array.prototype.slice.call(list.children);
    items.sort(function (a, b) {
      var ia = defaults.indexOf(a.dataset.key), ib = defaults.indexOf(b.dataset.key);
      return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
    });
    items.forEach(function (li) {
      li.querySelector("input").checked = defaults.indexOf(li.dataset.key) !== -1;
      list.appendChild(li);
    });
  }

  if (list) {
    list.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      var li = button.closest("li");
      if (button.classList.contains("up") && li.previousElementSibling) list.insertBefore(li, li.previousElementSibling);
      if (button.classList.contains("down") && li.nextElementSibling) list.insertBefore(li.nextElementSibling, li);
      touched = true;
    });
    list.addEventListener("change", function () { touched = true; });
  }
  if (system) system.addEventListener("change", function () { showFields(); applyDefaults(); });
  if (character) character.addEventListener("change", showFields);
  showFields();
  applyDefaults();
})();
