// referee: small progressive enhancements; every page also works without this file.
(function () {
  "use strict";

  // +/- buttons beside number inputs (score pad and other point entries); a "±" button flips the
  // sign, since some phones' number keyboards have no minus key. On a 0 there is no sign to flip, so
  // it arms a minus (the button then reads "−", pressed) that the next step or typed number takes:
  // "±" then "+5" is −5, never +5 (newplayer9: a player who wants minus five taps ± first).
  function armMinus(sign, on) {
    if (!sign) return;
    sign.classList.toggle("minus", on);
    sign.setAttribute("aria-pressed", on ? "true" : "false");
    sign.textContent = on ? "−" : "±";
  }
  function minusArmed(box) {
    var sign = box.querySelector("[data-step=sign]");
    return !!sign && sign.classList.contains("minus");
  }
  document.addEventListener("click", function (e) {
    var step = e.target.closest("[data-step]");
    if (!step) return;
    var box = step.closest("[data-stepper]");
    var input = box && box.querySelector("input[type=number]");
    if (!input) return;
    var now = parseInt(input.value, 10) || 0, sign = box.querySelector("[data-step=sign]");
    if (step === sign) {
      if (now) input.value = String(-now);
      else armMinus(sign, !minusArmed(box));
    } else {
      var by = parseInt(step.dataset.step, 10);
      input.value = String(now === 0 && minusArmed(box) ? -Math.abs(by) : now + by);
      armMinus(sign, false);
    }
    if (input.form) input.form.dataset.dirty = "1";
  });
  document.addEventListener("input", function (e) {
    var box = e.target.closest && e.target.closest("[data-stepper]");
    if (!box || !minusArmed(box)) return;
    var typed = parseInt(e.target.value, 10);
    if (typed > 0) e.target.value = String(-typed);
    if (typed) armMinus(box.querySelector("[data-step=sign]"), false);
  });
  function addSignButtons(scope) {
    var label = document.body.dataset.signLabel;
    if (!label) return;
    scope.querySelectorAll("[data-stepper]").forEach(function (box) {
      var input = box.querySelector("input[type=number]");
      if (!input || box.querySelector("[data-step=sign]") || (input.min !== "" && parseInt(input.min, 10) >= 0)) return;
      var sign = document.createElement("button");
      sign.type = "button";
      sign.className = "step sign";
      sign.dataset.step = "sign";
      sign.textContent = "±";
      sign.setAttribute("aria-pressed", "false");
      var name = box.querySelector("label");
      sign.setAttribute("aria-label", (name ? name.textContent.trim() + ": " : "") + label);
      var row = input.parentNode;
      row.classList.add("has-sign");
      row.insertBefore(sign, row.firstChild);
    });
  }
  // A number box selects its content when focused, so typing 5 over a 0 gives 5, not 05. The first
  // key after focusing selects again before it lands (a tap's mouseup can undo the first selection).
  document.addEventListener("focusin", function (e) {
    var input = e.target;
    if (!input.matches || !input.matches("input[type=number]")) return;
    input.dataset.fresh = "1";
    input.select();
  });
  document.addEventListener("keydown", function (e) {
    var input = e.target;
    if (!input.dataset || !input.dataset.fresh || ["Shift", "Control", "Alt", "Meta"].indexOf(e.key) >= 0) return;
    delete input.dataset.fresh;
    if (e.key !== "Tab") input.select();
  }, true);

  // A tap that ends or takes back something (undo, a claim, a close) asks for a second tap: the first
  // one turns the button into its question; any other tap puts it back. A button with data-again
  // (undo in the tab bar) keeps its place and says only that; its question is shown above the bar.
  function disarm(except) {
    document.querySelectorAll("button[data-armed]").forEach(function (b) {
      if (b === except) return;
      b.innerHTML = b.dataset.label;
      delete b.dataset.armed;
      b.classList.remove("armed");
    });
  }
  // A button with data-unusual asks only when one of its form's numbers is beyond data-unusual-over (the
  // score pad's round, np13 #8), naming each such number and whose it is; one beyond data-unusual-upto is
  // refused by the answer, with no question first.
  function unusual(b) {
    var over = parseInt(b.dataset.unusualOver, 10), upto = parseInt(b.dataset.unusualUpto, 10), asked = [];
    if (!b.form || !over) return "";
    b.form.querySelectorAll("input[type=number]").forEach(function (input) {
      var v = parseInt(input.value, 10);
      if (!(Math.abs(v) > over && Math.abs(v) <= upto)) return;
      var name = input.labels && input.labels[0] ? input.labels[0].textContent.trim() : "";
      asked.push(b.dataset.unusual.replace("{points}", (v > 0 ? "+" : "−") + Math.abs(v)).replace("{name}", name));
    });
    return asked.join(" ");
  }
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("button[data-confirm], button[data-unusual]");
    disarm(b);
    if (!b || b.dataset.armed) return;
    var question = b.dataset.unusual ? unusual(b) : b.dataset.again || b.dataset.confirm;
    if (!question) return;
    e.preventDefault();
    e.stopPropagation();
    b.dataset.armed = "1";
    b.dataset.label = b.innerHTML;
    b.textContent = question;
    b.classList.add("armed");
  }, true);
  // a number changed after the question: it is asked again (the answer was to the number it named)
  document.addEventListener("input", function () { disarm(null); });

  // A swap never moves the page under the reader (issue 27): the page keeps at least the height that holds
  // the part in view (a shorter fresh table would have the browser clamp the scroll) and the scroll it
  // had (the fresh table goes in beside the old one first, which pulls the scroll along), so a player
  // scrolled down to the draw or a record bar stays where they were; only the answer may bring itself
  // into view.
  // The height held is let go of once the page's own height holds the view: at once when the fresh table
  // is tall enough, else bit by bit as the player scrolls up (never below the bottom of the view, so
  // nothing moves by itself); held for ever, it left a blank strip under a short page (issue 27).
  var keptY = null;
  function keepPlace() {
    keptY = window.scrollY;
    document.documentElement.style.minHeight = Math.ceil(keptY + window.innerHeight) + "px";
  }
  function letGo() {
    var html = document.documentElement;
    if (!html.style.minHeight) return;
    var own = Math.ceil(document.body.getBoundingClientRect().bottom + window.scrollY);  // body: no margin
    var needed = Math.ceil(window.scrollY + window.innerHeight);
    if (own >= needed || window.scrollY <= 0) html.style.removeProperty("min-height");
    else html.style.minHeight = needed + "px";
  }
  function backInPlace() {
    if (keptY !== null && window.scrollY !== keptY) window.scrollTo(0, keptY);
    keptY = null;
    letGo();
  }
  document.addEventListener("htmx:beforeSwap", keepPlace);
  window.addEventListener("scroll", letGo, { passive: true });

  // The tab bar's real height (issue 27): at large text or on a narrow phone its labels take two lines
  // and the bar grows past the 52 px app.css assumes, so the panels, sheets and record bars that end at
  // its top (--tabs-h) lay under it. Each size the bar takes is measured into --tabs-bar-h; the bar
  // comes back with every swap of the table, so the fresh one is watched instead.
  var tabBar = null;
  // A bar hidden while a sheet is open measures 0: the last height stays, or the page's bottom padding
  // would shrink under the sheet and the page jump up (the Five Up end tapped while scrolled down).
  var tabBarSize = window.ResizeObserver && new ResizeObserver(function () {
    var height = tabBar ? Math.ceil(tabBar.getBoundingClientRect().height) : 0;
    if (height > 0) document.documentElement.style.setProperty("--tabs-bar-h", height + "px");
  });
  function watchTabBar() {
    var bar = document.querySelector(".table-tabs");
    if (!tabBarSize || bar === tabBar) return;
    if (tabBar) tabBarSize.unobserve(tabBar);
    tabBar = bar;
    if (bar) tabBarSize.observe(bar);
    else document.documentElement.style.removeProperty("--tabs-bar-h");
  }
  document.addEventListener("DOMContentLoaded", watchTabBar);
  document.addEventListener("htmx:afterSettle", watchTabBar);

  // The referee's answer to an entry is brought into view (the page otherwise keeps its scroll
  // position, leaving the answer far above the thumb), with the entry form just below it. In view is
  // what a reader sees: under the sticky header and above the tab bar fixed to the foot of the screen
  // (issue 27: measured against the whole window, an answer under the bar counted as seen).
  function showAnswer() {
    var answer = document.getElementById("answer");
    if (!answer) return;
    var box = answer.getBoundingClientRect();
    var header = document.querySelector("body > .bar"), tabs = document.querySelector(".table-tabs");
    var top = header ? header.getBoundingClientRect().bottom : 0;
    var bottom = tabs && tabs.getClientRects().length ? tabs.getBoundingClientRect().top : window.innerHeight;
    if (box.top < top || box.bottom > bottom) answer.scrollIntoView({ block: "start" });
  }
  // The status of a refused entry (409, 422), else 0: to this page's htmx requests (base.html's
  // X-Referee-Page header) the server answers a refusal 200 and names it in X-Referee-Refused, so the
  // console logs no failed request for a player's mistake (issue 27; referee/web/site/refusals.py).
  window.refereeRefused = function (xhr) {
    if (!xhr) return 0;
    return parseInt(xhr.getResponseHeader("X-Referee-Refused"), 10) || (xhr.status >= 400 ? xhr.status : 0);
  };
  document.addEventListener("DOMContentLoaded", function () {
    addSignButtons(document);
    document.body.addEventListener("htmx:afterSwap", function (e) {
      backInPlace();
      addSignButtons(document);
      var verb = e.detail.requestConfig && e.detail.requestConfig.verb;
      var inSheet = window.refereeRefused(e.detail.xhr) === 422 && sheetOf(e.detail.requestConfig.elt);
      if (verb && verb.toLowerCase() !== "get" && !inSheet) showAnswer();  // a sheet says its own refusal
    });
  });

  // A recording form's button says "Sending…" and is disabled until the answer comes (np13 #11: under a
  // slow server the first "Start the deal" left the page unchanged for 15 s, and a player taps again). The
  // form's fields were gathered before (htmx:configRequest), the button's own name and value with them;
  // disabled, a second tap meanwhile sends nothing. The answer usually swaps the form away; a refusal or
  // a lost connection gives the button back as it was.
  document.addEventListener("DOMContentLoaded", function () {
    var sending = document.body.dataset.sendingLabel;
    document.body.addEventListener("htmx:beforeRequest", function (e) {
      var form = e.detail.elt, cfg = e.detail.requestConfig;
      if (!sending || !form || form.tagName !== "FORM" || (cfg && cfg.verb === "get")) return;
      var button = (cfg && cfg.triggeringEvent && cfg.triggeringEvent.submitter) || form.querySelector("button[type=submit], button:not([type])");
      if (!button || button.disabled) return;
      button._refereeLabel = button.innerHTML;
      button.textContent = sending;
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
      form._refereeSending = button;
    });
    document.body.addEventListener("htmx:afterRequest", function (e) {
      var form = e.detail.elt, button = form && form._refereeSending;
      if (!button) return;
      form._refereeSending = null;
      button.innerHTML = button._refereeLabel;
      button.disabled = false;
      button.removeAttribute("aria-busy");
    });
  });

  // Live table pages (see referee/web/updates/pages.py): poll a tiny endpoint; it answers 204 while nothing
  // changed, or the fresh fragment. A poll answer is swapped in only when it is newer than the table
  // shown (versions "seq.proposed.decided" only grow), never while this phone's own entry is on its
  // way, and never over a form someone is filling in or a refusal still on screen: then we offer a refresh.
  function newer(a, b) {
    var x = String(a || "").split("."), y = String(b || "").split(".");
    for (var i = 0; i < Math.max(x.length, y.length); i++) {
      var d = (parseInt(x[i], 10) || 0) - (parseInt(y[i], 10) || 0);
      if (d) return d > 0;
    }
    return false;
  }
  function setUpLive() {
    var status = document.getElementById("live-status");
    if (!status || !window.fetch || !document.querySelector("[data-live]")) return;
    var every = parseInt(status.dataset.poll, 10) || 500;
    var watched = "watched" in status.dataset;  // the director's screen, the big screen: never slowed down
    var lost = false, waiting = null, timer = null, backTimer = null, busy = 0;

    function root() { return document.querySelector("[data-live]"); }
    function shown() { var el = root(); return el ? el.dataset.version : ""; }
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
        button.addEventListener("click", function () { if (waiting) swapIn(waiting.html); });
        status.appendChild(button);
      } else {
        status.textContent = status.dataset[kind];
      }
      if (kind === "back") backTimer = setTimeout(function () { status.hidden = true; }, 3000);
    }
    function keep(el) {
      var active = document.activeElement;
      if (active && el.contains(active) && active.matches("input:not([type=hidden]), select, textarea")) return true;
      return el.querySelector("form[data-dirty], [role=alert], .error") !== null;
    }
    // A section the player opened or closed (a <details>: "Change my bid", "Seat link of X") stays as
    // they left it when an update replaces the table around it.
    function detailsKeys(el) {
      var seen = {};
      return Array.prototype.map.call(el.querySelectorAll("details"), function (d) {
        var k = d.id ? "#" + d.id : d.className + "|" + d.querySelector("summary")?.textContent.trim();
        seen[k] = (seen[k] || 0) + 1;
        return k + "|" + seen[k];
      });
    }
    function keepOpen(old, fresh) {
      var was = {}, oldDetails = old.querySelectorAll("details");
      detailsKeys(old).forEach(function (k, i) { was[k] = oldDetails[i].open; });
      var freshDetails = fresh.querySelectorAll("details");
      detailsKeys(fresh).forEach(function (k, i) { if (k in was) freshDetails[i].open = was[k]; });
      // and a toggle's panel (issue 33), found by its id
      var shut = {};
      old.querySelectorAll(".toggle[aria-controls]").forEach(function (t) { shut[t.getAttribute("aria-controls")] = isOpen(t); });
      fresh.querySelectorAll(".toggle[aria-controls]").forEach(function (t) {
        var id = t.getAttribute("aria-controls");
        if (id in shut) setOpen(t, shut[id], fresh);
      });
    }
    function swapIn(html) {
      var old = root();
      var holder = document.createElement("template");
      holder.innerHTML = html.trim();
      var fresh = holder.content.firstElementChild;
      if (!old || !fresh) return;
      keepOpen(old, fresh);
      keepPlace();
      var focused = old.contains(document.activeElement) && document.activeElement.id;
      old.replaceWith(fresh);
      backInPlace();
      var again = focused && document.getElementById(focused);  // an open panel or a control keeps the focus
      if (again) again.focus({ preventScroll: true });
      if (window.htmx) htmx.process(fresh);
      addSignButtons(fresh);
      waiting = null;
      if (!lost) status.hidden = true;
      document.dispatchEvent(new CustomEvent("referee:swapped", { detail: { html: html.trim() } }));  // offline.js keeps this copy
    }
    // Another phone's entry, said once for a screen reader (issue 33): what was recorded and the
    // referee's answer politely; a rule break found or a correction waiting for a confirmation, new in
    // this update, at once (assertive). Each version once: a refresh offered and then taken is not said again.
    var said = null;
    function words(el) { return el ? el.textContent.replace(/\s+/g, " ").trim() : ""; }
    function spoken(el) { var a = el.querySelector("#answer .answer-status"); return a ? a.dataset.say || "" : ""; }
    function announce(old, fresh) {
      if (fresh.dataset.version === said) return;
      said = fresh.dataset.version;
      var polite = document.getElementById("announce"), urgent = document.getElementById("alarm");
      var answer = spoken(fresh);  // the answer in spoken forms ("six-four", not "6-4"), made by the server
      // and "Your turn" on a seat's phone when another phone's entry made it this seat's turn
      var turn = !old.querySelector("[data-your-turn]") && words(fresh.querySelector("[data-your-turn]"));
      if (answer === spoken(old)) answer = "";
      if (polite && (answer || turn)) polite.textContent = [answer, turn].filter(Boolean).join(" ");
      var before = Array.prototype.map.call(old.querySelectorAll(".breach, .pending-correction"), words);
      var news = Array.prototype.map.call(fresh.querySelectorAll(".breach, .pending-correction"), words)
        .filter(function (text) { return before.indexOf(text) < 0; });
      if (urgent && news.length) urgent.textContent = news.join(" ");
    }
    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(poll, document.hidden && !watched ? 5000 : every);
    }
    function poll() {
      var el = root();
      if (!el) return;
      var since = waiting ? waiting.version : el.dataset.version;
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
            var version = fresh && fresh.dataset.version;
            if (busy || !version || !newer(version, shown())) return;  // our own answer is coming, or is newer
            announce(root(), fresh);  // at once, also when the update waits for a tap to be shown
            if (keep(root())) { waiting = { html: html, version: version }; show("changed"); } else { swapIn(html); }
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
    // This phone's own entry: no poll answer is swapped in while it is on its way; its answer then
    // stands (a newer poll answer afterwards is offered, see keep()).
    document.body.addEventListener("htmx:beforeRequest", function () { busy++; });
    document.body.addEventListener("htmx:afterRequest", function () { busy = Math.max(0, busy - 1); });
    document.body.addEventListener("htmx:afterSwap", function () {
      if (waiting && !newer(waiting.version, shown())) { waiting = null; if (!lost) status.hidden = true; }
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

  // Toggles (issue 33): a real <button class="toggle" aria-expanded aria-controls> shows or hides its
  // panel ([data-toggled], hidden until opened; without this file noscript.css shows every panel). The
  // panel of a sheet (the Bingo plays, the Five Up layout, issue 27) or of the table's tab bar opens over
  // the play surface, one at a time: focus moves into it and, when it closes, back to its toggle. A
  // sheet gets a close button at its top, Escape or a tap outside it closes it, and it never grows over
  // its own toggle: its top is kept under the toggle's bottom while that leaves room for a usable sheet.
  function panelOf(toggle, scope) {
    var id = toggle.getAttribute("aria-controls");
    return id ? (scope || document).querySelector("#" + CSS.escape(id)) : null;
  }
  function toggleOf(panel) {
    return panel.id ? document.querySelector('.toggle[aria-controls="' + CSS.escape(panel.id) + '"]') : null;
  }
  function isOpen(toggle) { return toggle.getAttribute("aria-expanded") === "true"; }
  function setOpen(toggle, open, scope) {
    var panel = panelOf(toggle, scope);
    if (!panel) return;
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    panel.hidden = !open;
  }
  var OVER = ".sheet > .toggle, .tab > .toggle";  // the toggles whose panels open over the surface
  function openPanel(toggle) {
    var over = toggle.matches(OVER);
    if (over) document.querySelectorAll(OVER).forEach(function (t) { if (t !== toggle && isOpen(t)) closePanel(t, false); });
    setOpen(toggle, true);
    if (!over) return;
    if (toggle.parentNode.matches(".sheet")) fitSheet(toggle.parentNode);
    var panel = panelOf(toggle);
    if (!panel) return;
    panel.scrollTop = 0;  // a sheet opens at its top, however far it was scrolled when it closed
    panel.focus({ preventScroll: true });
  }
  function closePanel(toggle, back) {
    var panel = panelOf(toggle), active = document.activeElement;
    var inside = !active || active === document.body || (panel && panel.contains(active));
    setOpen(toggle, false);
    // a refusal said in a sheet belongs to that attempt: closed, the player gave the entry up, so the
    // answer behind no longer says it and, reopened, the sheet starts fresh (nothing ticked, its
    // inner panels closed, as the page first drew them)
    if (panel && giveUp(panel)) {
      panel.querySelectorAll("form").forEach(function (form) { form.reset(); });
      panel.querySelectorAll(".toggle[aria-expanded=true]").forEach(function (t) { setOpen(t, false, panel); });
    }
    if (back && inside) toggle.focus({ preventScroll: true });
  }
  document.addEventListener("click", function (e) {
    var toggle = e.target.closest && e.target.closest("button.toggle[aria-controls]");
    if (!toggle) return;
    var group = toggle.closest("[data-one-open]");  // tabs: one panel open, the open one stays open
    if (group) {
      group.querySelectorAll(".toggle").forEach(function (t) { setOpen(t, t === toggle); });
      return;
    }
    if (isOpen(toggle)) closePanel(toggle, true); else openPanel(toggle);
  });
  function sheets(scope) {
    var label = document.body.dataset.closeLabel;
    scope.querySelectorAll(".sheet > .sheet-body").forEach(function (body) {
      if (!label || body.querySelector(":scope > .sheet-close")) return;
      var close = document.createElement("button");
      close.type = "button";
      close.className = "button secondary sheet-close";
      close.textContent = "✕";
      close.setAttribute("aria-label", label);
      close.addEventListener("click", function () { var t = toggleOf(body); if (t) closePanel(t, true); });
      body.insertBefore(close, body.firstChild);
    });
  }
  function fitSheet(sheet) {
    var toggle = sheet.querySelector(":scope > .toggle");
    var below = toggle ? Math.round(toggle.getBoundingClientRect().bottom) + 4 : 0;
    if (below > 0 && below < window.innerHeight * 0.55) sheet.style.setProperty("--sheet-top", below + "px");
    else sheet.style.removeProperty("--sheet-top");
  }
  function closeSheets(except) {
    document.querySelectorAll(".sheet > .toggle[aria-expanded=true]").forEach(function (t) {
      if (!t.parentNode.contains(except)) closePanel(t, true);
    });
  }
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") return;
    closeSheets(null);
    var active = document.activeElement, tab = active && active.closest && active.closest(".tab");
    var toggle = tab && tab.querySelector(":scope > .toggle[aria-expanded=true]");
    if (toggle) closePanel(toggle, true);  // a tab panel closes by Escape from inside it
  });
  document.addEventListener("click", function (e) { if (e.target.isConnected) closeSheets(e.target); });
  document.addEventListener("DOMContentLoaded", function () {
    sheets(document);
    document.body.addEventListener("htmx:afterSwap", function () { sheets(document); });
    document.addEventListener("referee:swapped", function () { sheets(document); });
  });

  // A box of its own that grows at its end (the score pad's rounds) opens on its latest line.
  function scrollEnds() {
    document.querySelectorAll("[data-scroll-end]").forEach(function (box) { box.scrollTop = box.scrollHeight; });
  }
  document.addEventListener("DOMContentLoaded", function () {
    scrollEnds();
    document.body.addEventListener("htmx:afterSwap", scrollEnds);
    document.addEventListener("referee:swapped", scrollEnds);
  });

  // A refusal of an entry made from a sheet (the Bingo plays, the Bead Game's tile sheet, the Five Up
  // tile sheet) is said inside that sheet, just above its buttons where the thumb is (issue 27): the
  // sheet stays open with what was tapped, to be fixed. The answer strip behind keeps what it said (the
  // page behind never moves under an open sheet); a screen reader hears it once, from the layout's alert region (the server's out-of-band swap, or here for an
  // entry refused before it is sent: a tile not chosen, pickers.js), in the sheet or else in the answer.
  function sheetOf(form) {
    var sheet = form && form.closest && form.closest(".sheet > .sheet-body:not([hidden]), .bottom-sheet");
    return sheet && sheet.tagName !== "DIALOG" ? sheet : null;  // a correction sheet says its own refusals
  }
  function refuse(form, html, alert) {
    var alarm = document.getElementById("alarm");
    if (alert && alarm) {  // refused before it was sent: no answer from the server says it, so say it here
      var words = document.createElement("div");
      words.innerHTML = html;
      alarm.textContent = words.textContent;
    }
    var sheet = sheetOf(form);
    if (!sheet) {
      var answer = document.getElementById("answer");
      if (!answer) return;
      var box = answer.querySelector(":scope > .error") || document.createElement("div");  // its reason may hold a "why?" (not valid in a <p>)
      box.className = "error";
      box.innerHTML = html;
      answer.insertBefore(box, answer.firstChild);
      showAnswer();
      return;
    }
    form.querySelectorAll(".sheet-refusal").forEach(function (old) { old.remove(); });
    var note = document.createElement("div");
    note.className = "error sheet-refusal";  // written where the thumb is; the layout's #alarm says it
    note.innerHTML = html;
    var button = form.querySelector("[type=submit]");
    var place = button;
    while (place && place.parentNode !== form) place = place.parentNode;
    form.insertBefore(note, place || null);
    note.scrollIntoView({ block: "nearest" });
    if (button) button.scrollIntoView({ block: "nearest" });
  }
  window.refereeRefuse = function (form, text) {
    var p = document.createElement("p");
    p.textContent = text;
    refuse(form, p.innerHTML, true);
  };
  // the answer as it stood before an entry was sent from a sheet, put back when the server's answer box
  // says the entry's refusal: the sheet says it, and the play surface behind is not pushed down
  var answerBefore = null;
  // A refused attempt given up (its sheet closed, or a game's "start again" such as the bead game's
  // "Choose other cells"): its refusals in scope go. True when there was a refusal to take back.
  function giveUp(scope) {
    var refused = scope.querySelectorAll(".sheet-refusal");
    refused.forEach(function (old) { old.remove(); });
    return refused.length > 0;
  }
  window.refereeGiveUp = giveUp;
  document.addEventListener("DOMContentLoaded", function () {
    document.body.addEventListener("htmx:beforeRequest", function (e) {
      var answer = document.getElementById("answer"), form = e.detail.elt;
      if (answer && form && sheetOf(form)) answerBefore = answer.innerHTML;  // a sheet's refusal is never in it
    });
    document.body.addEventListener("htmx:afterSwap", function (e) {
      var xhr = e.detail.xhr, form = e.detail.requestConfig && e.detail.requestConfig.elt;
      if (window.refereeRefused(xhr) !== 422 || !form || !sheetOf(form)) return;
      var error = document.querySelector("#answer > .error");
      if (!error) return;
      var said = error.innerHTML;
      // said in the sheet (and once by #alarm), not again behind it: the answer keeps what it said, so
      // the page behind does not move and the sheet keeps its height (issue 27, newplayer5)
      var answer = document.getElementById("answer");
      if (answer && answerBefore !== null) answer.innerHTML = answerBefore;
      refuse(form, said, false);
    });
  });

  // How this phone shows numbers and cards (issue 33): large numbers, a four-colour deck. Kept in
  // localStorage and put on <html> as classes (app.css) on every page; toggled on the start page.
  var DISPLAY = "referee-display";
  function displayed() {
    try { return JSON.parse(localStorage.getItem(DISPLAY) || "[]"); } catch (e) { return []; }
  }
  function showDisplay() {
    var on = displayed();
    ["large-numbers", "four-colour"].forEach(function (name) {
      document.documentElement.classList.toggle(name, on.indexOf(name) >= 0);
    });
    document.querySelectorAll("[data-display]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(on.indexOf(b.dataset.display) >= 0));
    });
  }
  showDisplay();  // a deferred script: the page is parsed, not yet painted
  var settings = document.getElementById("display-settings");
  if (settings) settings.hidden = false;
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-display]");
    if (!b) return;
    var on = displayed().filter(function (name) { return name !== b.dataset.display; });
    if (b.getAttribute("aria-pressed") !== "true") on.push(b.dataset.display);
    localStorage.setItem(DISPLAY, JSON.stringify(on));
    showDisplay();
  });
})();
