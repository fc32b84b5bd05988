// referee: small progressive enhancements; every page also works without this file.
(function () {
  "use strict";

  // +/- buttons beside number inputs (score pad and other point entries).
  document.addEventListener("click", function (e) {
    var step = e.target.closest("[data-step]");
    if (!step) return;
    var box = step.closest("[data-stepper]");
    var input = box && box.querySelector("input[type=number]");
    if (!input) return;
    input.value = String((parseInt(input.value, 10) || 0) + parseInt(step.dataset.step, 10));
  });

  // Keep the screen awake while the table is open (Screen Wake Lock API), on request.
  var lock = null;
  function setUpWake() {
    var button = document.getElementById("wake");
    if (!button || !("wakeLock" in navigator)) return;
    button.hidden = false;
    function release() { if (lock) { lock.release(); lock = null; } button.setAttribute("aria-pressed", "false"); }
    button.addEventListener("click", function () {
      if (lock) { release(); localStorage.removeItem("referee-wake"); return; }
      navigator.wakeLock.request("screen").then(function (l) {
        lock = l; button.setAttribute("aria-pressed", "true"); localStorage.setItem("referee-wake", "1");
        l.addEventListener("release", function () { lock = null; button.setAttribute("aria-pressed", "false"); });
      }).catch(function () { button.setAttribute("aria-pressed", "false"); });
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && localStorage.getItem("referee-wake") && !lock) button.click();
    });
  }
  document.addEventListener("DOMContentLoaded", setUpWake);
})();
