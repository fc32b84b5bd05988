// Trick de Bingo niceties; the forms work without them.
// - the card search box hides cards whose id/text does not match;
// - "Another card" (the pick form's reset) shows them all again.
(function () {
  if (window.tdbReady) return;
  window.tdbReady = true;

  document.addEventListener("input", function (e) {
    var box = e.target.closest ? e.target.closest("[data-tdb-filter]") : null;
    if (!box) return;
    var words = box.value.toLowerCase().trim().split(/\s+/).filter(Boolean);
    var list = box.closest("fieldset").querySelectorAll("[data-search]");
    list.forEach(function (el) {
      var hay = el.getAttribute("data-search");
      var hit = words.every(function (w) { return hay.indexOf(w) >= 0; });
      el.hidden = !hit && !el.querySelector("input:checked");
    });
  });

  document.addEventListener("reset", function (e) {
    if (!e.target.matches || !e.target.matches("form.tdb-draft")) return;
    e.target.querySelectorAll("[data-search]").forEach(function (el) { el.hidden = false; });
  });
})();
