// Trick de Bingo niceties; the forms work without them.
// - the card search box hides cards whose id/text does not match;
// - in the trick form, picking a card closes that player's picker, shows the card and opens the next.
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

  document.addEventListener("change", function (e) {
    var input = e.target;
    var play = input.closest ? input.closest("details[data-play]") : null;
    if (!play || input.type !== "radio") return;
    var shown = play.querySelector(".tdb-chosen");
    if (shown) shown.textContent = input.value;
    var n = parseInt(play.getAttribute("data-play"), 10);
    var next = play.parentElement.querySelector('details[data-play="' + (n + 1) + '"]');
    // a card played by one seat cannot be played by another in the same trick
    play.parentElement.querySelectorAll("details[data-play] input[type=radio]").forEach(function (r) {
      if (r.closest("details") === play || r.closest(".pick.used")) return;
      var taken = Array.prototype.some.call(
        play.parentElement.querySelectorAll("details[data-play] input:checked"),
        function (c) { return c.value === r.value && c !== r; });
      r.disabled = taken && !r.checked;
    });
    play.open = false;
    if (next) {
      next.open = true;
      next.scrollIntoView({ block: "start", behavior: "smooth" });
    }
  });
})();
