/* Work in the background (an import's rows, a document's pages): the page asks the status URL in its box's
   data-status every second, shows the progress and reloads when the work is done. No library.
   - #import: {"progress": n, "done": bool} into #import-progress and #import-bar;
   - #document: {"label", "pages", "ready", "status", "url"} into #document-status and #document-pages
     (data-pages-text: the words after the number); with ?download=1 the ready PDF is downloaded. */
(function () {
  "use strict";
  function follow(box, show) {
    var url = box.getAttribute("data-status");
    if (!url) return;
    function poll() {
      fetch(url, {headers: {"Accept": "application/json"}}).then(function (r) { return r.json(); }).then(function (s) {
        if (show(s)) return;
        setTimeout(poll, 1000);
      }).catch(function () { setTimeout(poll, 3000); });
    }
    setTimeout(poll, 1000);
  }
  var batch = document.getElementById("import");
  if (batch) {
    follow(batch, function (s) {
      document.getElementById("import-progress").textContent = s.progress;
      document.getElementById("import-bar").value = s.progress;
      if (s.done) { window.location.reload(); return true; }
      return false;
    });
  }
  var doc = document.getElementById("document");
  if (doc) {
    var pages = document.getElementById("document-pages");
    var status = document.getElementById("document-status");
    var pagesText = doc.getAttribute("data-pages-text") || "";
    follow(doc, function (s) {
      status.textContent = s.label;
      pages.textContent = s.pages + " " + pagesText;
      if (s.ready && s.url && /[?&]download=1/.test(window.location.search)) { window.location.href = s.url; return true; }
      if (s.ready || s.status === "failed") { window.location.reload(); return true; }
      return false;
    });
  }
})();
