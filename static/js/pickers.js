// Pickers on one screen (issue 12 point 2). Every form works without this file: all pickers are
// shown and the form posts normally. With it:
// - a form marked data-steps shows one picker (fieldset[data-step]) at a time. A row of chips above
//   says who plays what; a tap in a picker collapses it into its chip and opens the next player's
//   picker in the same place, so the taps of one play need no scrolling. A chip reopens its picker.
//   After a refused entry that kept its selection, every step is shown, to fix the one that was wrong
//   (a form marked data-steps-kept keeps one step at a time: its chips say what each holds). A step
//   marked data-stay asks several things: a tap in it does not move on, except in its last question
//   (data-moves-on), whose answer the chip also shows.
// - a checkbox picker marked data-need="3" counts the ticks ("2 of 3"), unticks the oldest beyond
//   that, and adds up the labels' data-value (the Ninety-Nine bid) into its output; as a step, its chip
//   says "2/3" and the next step opens once it has all three (the tiles left in each bead hand).
(function () {
  "use strict";
  if (window.refereePickers) return; // htmx runs this again after each swap of the table
  window.refereePickers = true;

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }
  function steps(form) { return form.querySelectorAll("fieldset[data-step]"); }
  function chosen(step) { return step.querySelector("input:checked"); }

  // A checkbox picker marked data-need has all its ticks.
  function full(box) { return box.querySelectorAll("input:checked").length >= parseInt(box.dataset.need, 10); }

  function paint(step) {
    var chip = step.stepChip;
    var legend = step.querySelector("legend");
    var pickedInput = chosen(step);
    chip.textContent = "";
    var who = document.createElement("span");
    who.className = "chip-who";
    who.textContent = step.dataset.chip || (legend ? legend.textContent.trim().replace(/[:：]$/, "") : "");
    chip.appendChild(who);
    var what = document.createElement("span");
    what.className = "chip-what";
    var need = parseInt(step.dataset.need, 10);
    if (need) {  // a step of several ticks (the tiles left in a hand): how many of them
      what.textContent = step.querySelectorAll("input:checked").length + "/" + need;
    } else if (pickedInput && pickedInput.type === "checkbox") {  // a pile of any size: how many tiles
      what.textContent = String(step.querySelectorAll("input[type=checkbox]:checked").length);
    } else if (pickedInput && pickedInput.nextElementSibling) {
      // the picked card or tile: hidden from screen readers in its picker (its box says it), in the chip
      // a picture named as its box is ("ace of clubs"), so the chip never says nothing or "AC"
      var face = pickedInput.nextElementSibling.cloneNode(true), name = pickedInput.getAttribute("aria-label");
      if (name) {
        face.removeAttribute("aria-hidden");
        face.setAttribute("role", "img");
        face.setAttribute("aria-label", name);
      }
      what.appendChild(face);
    } else {
      what.textContent = "?";
    }
    var last = step.querySelector("[data-moves-on] input:checked");
    if (last && last !== pickedInput && last.value && last.nextElementSibling) {  // "End 1: 5-2 · 2"
      var also = document.createElement("span");
      also.className = "chip-also";
      also.textContent = last.nextElementSibling.textContent;
      what.appendChild(also);
    }
    chip.appendChild(what);
    chip.classList.toggle("done", need ? full(step) : !!pickedInput);
  }

  function open(form, step) {
    form.classList.remove("all-open");
    each(steps(form), function (s) {
      var on = s === step;
      s.classList.toggle("current", on);
      s.stepChip.classList.toggle("current", on);
      s.stepChip.setAttribute("aria-expanded", on ? "true" : "false");
    });
  }

  function setUpSteps(form) {
    var list = steps(form);
    if (!list.length) return;
    form.noValidate = true; // a step left empty is said in words (below), not by the browser's bubble
    if (form.dataset.stepsReady) { form.classList.add("stepping"); return; }
    form.dataset.stepsReady = "1";
    var chips = document.createElement("div");
    chips.className = "step-chips";
    list[0].parentNode.insertBefore(chips, list[0]);
    each(list, function (step) {
      var chip = document.createElement("button");
      chip.type = "button";
      chip.className = "step-chip";
      chip.addEventListener("click", function () { open(form, step); });
      step.stepChip = chip;
      if (step.dataset.seat) chip.dataset.seat = step.dataset.seat; // a seat's step and chip hide together
      chips.appendChild(chip);
      paint(step);
    });
    form.classList.add("stepping");
    var first = Array.prototype.filter.call(list, function (s) { return !chosen(s); })[0];
    open(form, first || list[list.length - 1]);
  }

  function onStepChange(input) {
    var step = input.closest("fieldset[data-step]");
    var form = step && step.closest("form.stepping");
    if (!form) return;
    paint(step);
    if (form.classList.contains("all-open")) return; // after a refusal every choice stays in view
    // a step of several questions stays open until its chip is left, or until its last question (marked
    // data-moves-on) is answered: the Five Up count's end moves on once its free number is tapped
    if (step.hasAttribute("data-stay") && !input.closest("[data-moves-on]")) return;
    var list = Array.prototype.slice.call(steps(form));
    var after = list.slice(list.indexOf(step) + 1).concat(list.slice(0, list.indexOf(step)));
    var next = after.filter(function (s) { return !chosen(s); })[0];
    if (next) open(form, next); // else: keep the last one open, the record bar is right below
  }

  function count(box) {
    var need = parseInt(box.dataset.need, 10);
    var ticked = box.querySelectorAll("input[type=checkbox]:checked");
    var out = box.querySelector("output.pick-count");
    if (!out) return;
    var text = out.dataset.count.replace("{n}", String(ticked.length));
    if (out.dataset.sum) {
      var sum = 0;
      each(ticked, function (c) { sum += parseInt(c.closest("[data-value]").dataset.value, 10) || 0; });
      text += " · " + out.dataset.sum.replace("{n}", String(sum));
    }
    out.textContent = text;
    out.hidden = false;
    box.classList.toggle("full", ticked.length >= need);
  }

  var order = [];
  function onNeedChange(box, input) {
    var need = parseInt(box.dataset.need, 10);
    order = order.filter(function (el) { return el.isConnected && el.checked && el !== input; });
    if (input.checked) order.push(input);
    var mine = order.filter(function (el) { return box.contains(el); });
    while (mine.length > need) { var old = mine.shift(); old.checked = false; order.splice(order.indexOf(old), 1); }
    count(box);
  }

  document.addEventListener("change", function (e) {
    var input = e.target;
    if (!input.closest) return;
    var box = input.closest("fieldset[data-need]");
    if (box) onNeedChange(box, input);
    // a step of several ticks moves on once it has them all, and says how many it has meanwhile
    if (input.type === "radio" || (box && box.matches("[data-step]") && input.checked && full(box))) onStepChange(input);
    else if (input.closest("fieldset[data-step]") && input.closest("fieldset[data-step]").stepChip) paint(input.closest("fieldset[data-step]")); // its chip's count
  });

  // A form sent with a required step left empty: the browser's own bubble pointed at whichever picker
  // was shown (often the wrong one) and logged an error for every hidden tile (issue 27). Instead the
  // empty step opens and the form's own sentence for it ([data-missing-for]) is said where the answer
  // or the sheet shows refusals (app.js); nothing is sent.
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.matches || !form.matches("form.stepping")) return;
    var empty = Array.prototype.filter.call(steps(form), function (s) {
      return !chosen(s) && s.querySelector("input[required]:not(:disabled)");
    })[0];
    if (!empty) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    open(form, empty);
    var say = form.querySelector('[data-missing-for="' + empty.dataset.picker + '"]');
    var legend = empty.querySelector("legend");
    if (window.refereeRefuse) window.refereeRefuse(form, (say || legend).textContent.trim());
  }, true);

  // A required step left empty: open it so the browser can point at it.
  document.addEventListener("invalid", function (e) {
    var step = e.target.closest && e.target.closest("form.stepping fieldset[data-step]");
    if (step) open(step.closest("form"), step);
  }, true);

  // After a swap the chips follow the selection; a refused entry that kept what was tapped shows
  // every step at once, so the player fixes the wrong card or tile instead of starting over.
  function refresh(form, refused) {
    each(steps(form), paint);
    var any = Array.prototype.some.call(steps(form), function (s) { return !!chosen(s); });
    if (refused && any && !form.hasAttribute("data-steps-kept")) { // data-steps-kept: its chips say what each step holds
      form.classList.add("all-open");
      each(steps(form), function (s) { s.stepChip.classList.remove("current"); });
    }
  }
  document.addEventListener("htmx:afterSettle", function (e) {
    var xhr = e.detail && e.detail.xhr;
    var refused = !!window.refereeRefused && window.refereeRefused(xhr) > 0;
    // While a swapped element that keeps its id settles, htmx gives it the old element's class and puts
    // the new one back afterwards: a form set up in between lost its "stepping" (issue 27). Again, now.
    setUp(document);
    each(document.querySelectorAll("form.stepping"), function (form) { refresh(form, refused); });
    each(document.querySelectorAll("fieldset[data-need]"), count);
  });

  // A game's own rule for its pickers lives in its folder (its static/<game>.js), which adds a
  // function of the form to window.refereePickerHooks: it runs on each form with steps as it is set up
  // (a correction sheet comes with the entry as recorded ticked) and after each change in a form. A
  // hook added once the page is set up (a game's script may run after this one) runs at once.
  var hooks = window.refereePickerHooks || [];
  function runHooks(form) { hooks.forEach(function (hook) { hook(form); }); }
  window.refereePickerHooks = {
    push: function (hook) {
      hooks.push(hook);
      each(document.querySelectorAll("form[data-steps]"), hook);
    }
  };
  document.addEventListener("change", function (e) {
    if (e.target.form) runHooks(e.target.form);
  });

  function setUp(root) {
    each(root.querySelectorAll("form[data-steps]"), setUpSteps);
    each(root.querySelectorAll("form[data-steps]"), runHooks);
    each(root.querySelectorAll("fieldset[data-need]"), count);
  }
  new MutationObserver(function (records) {
    records.forEach(function (r) { each(r.addedNodes, function (n) { if (n.nodeType === 1) setUp(n.parentNode || n); }); });
  }).observe(document.documentElement, { childList: true, subtree: true });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  else setUp(document);
})();
