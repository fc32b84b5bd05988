// Bingo's tricks: a tile cannot reply to itself. The reply picker greys the tile picked as the lead
// (the correction sheet ticks the recorded lead) and ungreys it when another lead is picked. Greyed,
// not disabled: a picker never takes a choice away, a tap on it is answered by the referee in words.
// A hook of the shared pickers (static/js/pickers.js: window.refereePickerHooks); the form works
// without this file.
(function () {
  "use strict";
  if (window.refereeBingo) return; // htmx runs this again after each swap of the table
  window.refereeBingo = true;

  function noSelfReply(form) {
    var lead = form.querySelector("input[name=lead]:checked");
    Array.prototype.forEach.call(form.querySelectorAll("input[name=reply]"), function (r) {
      r.toggleAttribute("data-self", !!lead && r.value === lead.value);
    });
  }
  (window.refereePickerHooks = window.refereePickerHooks || []).push(noSelfReply);
})();
