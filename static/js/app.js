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
    if (input.form) input.form.dataset.dirty = "1";
  });

  // Live table pages (see referee/web/live.py): poll a tiny endpoint; it answers 204 while nothing
  // changed, or the fresh fragment. A form someone is filling in is never wiped: we offer a refresh.
  function setUpLive() {
    var status = document.getElementById("live-status");
    if (!status || !window.fetch || !document.querySelector("[data-live]")) return;
    var every = parseInt(status.dataset.poll, 10) || 500;
    var lost = false, waiting = null, latest = null, timer = null, backTimer = null;

    function root() { return document.querySelector("[data-live]"); }
    function show(kind) {
      clearTimeout(backTimer);
      status.className = "live-status " + kind;
      status.hidden = false;
      if (kind === "changed") {
        status.textContent = "";
        var button = document.createElement("button");
        button.type = "button";
        button.className = "button primary";
        button.textContent = status.dataset.changed;
        button.addEventListener("click", function () { if (waiting) swapIn(waiting); });
        status.appendChild(button);
      } else {
        status.textContent = status.dataset[kind];
      }
      if (kind === "back") backTimer = setTimeout(function () { status.hidden = true; }, 3000);
    }
    function midEntry(el) {
      var active = document.activeElement;
      if (active && el.contains(active) && active.matches("input:not([type=hidden]), select, textarea")) return true;
      return el.querySelector("form[data-dirty]") !== null;
    }
    function swapIn(html) {
      var old = root();
      var holder = document.createElement("template");
      holder.innerHTML = html.trim();
      var fresh = holder.content.firstElementChild;
      if (!old || !fresh) return;
      old.replaceWith(fresh);
      if (window.htmx) htmx.process(fresh);
      waiting = null;
      latest = fresh.dataset.version;
      if (!lost) status.hidden = true;
    }
    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(poll, document.hidden ? 5000 : every);
    }
    function poll() {
      var el = root();
      if (!el) return;
      var since = latest || el.dataset.version;
      var url = el.dataset.live + (el.dataset.live.indexOf("?") < 0 ? "?" : "&") + "since=" + encodeURIComponent(since);
      fetch(url, { credentials: "same-origin", cache: "no-store", headers: { "HX-Request": "true" } })
        .then(function (resp) {
          if (resp.status !== 200 && resp.status !== 204) throw new Error(String(resp.status));
          if (lost) { lost = false; show("back"); }
          if (resp.status === 204) return null;
          return resp.text().then(function (html) {
            var holder = document.createElement("template");
            holder.innerHTML = html.trim();
            var fresh = holder.content.firstElementChild;
            latest = fresh ? fresh.dataset.version : latest;
            if (midEntry(root())) { waiting = html; show("changed"); } else { swapIn(html); }
          });
        })
        .catch(function () { if (!lost) { lost = true; show("lost"); } })
        .then(schedule);
    }
    // A form being filled in is marked, so an update does not replace it.
    document.addEventListener("input", function (e) {
      var form = e.target.closest && e.target.closest("[data-live] form");
      if (form) form.dataset.dirty = "1";
    });
    // Our own entry swapped in a fresh fragment: start again from its version.
    document.body.addEventListener("htmx:afterSwap", function () {
      var el = root();
      if (el) { latest = el.dataset.version; waiting = null; if (!lost) status.hidden = true; }
    });
    document.addEventListener("visibilitychange", function () { if (!document.hidden) { clearTimeout(timer); poll(); } });
    window.addEventListener("online", function () { clearTimeout(timer); poll(); });
    schedule();
  }
  document.addEventListener("DOMContentLoaded", setUpLive);

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
