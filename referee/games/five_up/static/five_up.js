// Five Up's end of a hand (issue 27): the chip of each hand says how many of its tiles are ticked and
// what their pips add up to, and once a hand's tiles are all ticked the next hand's picker opens, so
// a hand end costs one tap per tile and the final tap. The form works without this file (the chips
// still switch the picker through CSS, the referee adds up the pips either way).
(function () {
  "use strict";
  if (window.refereeFiveUp) return; // htmx runs this again after each swap of the table
  window.refereeFiveUp = true;

  function pipsOf(tile) {
    return tile.split("-").reduce(function (sum, n) { return sum + (parseInt(n, 10) || 0); }, 0);
  }

  function tally(form) {
    var complete = {};
    Array.prototype.forEach.call(form.querySelectorAll(".fu-left-tally"), function (out) {
      var picker = form.querySelector('fieldset[data-picker="' + out.dataset.pickerFor + '"]');
      var ticked = picker ? picker.querySelectorAll("input:checked") : [];
      var pips = 0;
      Array.prototype.forEach.call(ticked, function (c) { pips += pipsOf(c.value); });
      if (ticked.length) {
        out.textContent = out.dataset.tally.replace("{n}", ticked.length)
          .replace("{held}", out.dataset.held).replace("{pips}", pips);
      }
      complete[out.dataset.pickerFor] = ticked.length >= parseInt(out.dataset.held, 10);
    });
    return complete;
  }

  // The /check count: a double at an open end needs no free number, so tapping it answers that question
  // ("—") and the next end opens, as a free number's tap does (pickers.js, data-moves-on).
  document.addEventListener("change", function (e) {
    var input = e.target, m = /^tile(\d+)$/.exec(input.name || "");
    if (!m || !input.checked || !input.closest("#five-up-count-form")) return;
    var halves = input.value.split("-");
    if (halves[0] !== halves[1]) return;
    var none = input.form.querySelector('input[name="end' + m[1] + '"][value=""]');
    if (!none || none.checked) return;
    none.checked = true;
    none.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // A set holds one of each tile: once ticked for one hand, it is greyed out in the others' pickers
  // (newplayer10 #13: the second hand offered the tiles ticked for the first).
  function spare(form) {
    var ticked = {};
    form.querySelectorAll("fieldset[data-picker^=left] input:checked").forEach(function (c) { ticked[c.value] = c.name; });
    form.querySelectorAll("fieldset[data-picker^=left] input").forEach(function (el) {
      if (el.dataset.off === undefined) el.dataset.off = el.disabled ? "1" : "";  // on the layout: off for good
      var taken = !el.checked && ticked[el.value] !== undefined && ticked[el.value] !== el.name;
      el.disabled = !!el.dataset.off || taken;
      el.parentNode.classList.toggle("taken", taken);
    });
  }

  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("[data-fu-left]");
    if (!form) return;
    spare(form);
    var complete = tally(form);
    var picker = e.target.closest("fieldset[data-picker]");
    if (!picker || !e.target.checked || !complete[picker.dataset.picker]) return;
    var seats = Array.prototype.slice.call(form.querySelectorAll('input[name="fu-seat"]'));
    var next = seats.filter(function (s) { return !complete["left" + s.value]; })[0];
    if (next) next.checked = true;
  });
})();
