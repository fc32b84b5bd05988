// Pickers on one screen (issue 12 point 2). Every form works without this file: all pickers are
// shown and the form posts normally. With it:
// - a form marked data-steps shows one picker (fieldset[data-step]) at a time. A row of chips above
//   says who plays what; a tap in a picker collapses it into its chip and opens the next player's
//   picker in the same place, so the taps of one play need no scrolling. A chip reopens its picker.
//   A card or tile chosen in one step is greyed out in the others.
// - a checkbox picker marked data-need="3" counts the ticks ("2 of 3"), unticks the oldest beyond
//   that, and adds up the labels' data-value (the Ninety-Nine bid) into its output.
(function () {
  "use strict";
  if (window.refereePickers) return; // htmx runs this again after each swap of the table
  window.refereePickers = true;

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }
  function steps(form) { return form.querySelectorAll("fieldset[data-step]"); }
  function chosen(step) { return step.querySelector("input:checked"); }

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
    if (pickedInput && pickedInput.nextElementSibling) {
      what.appendChild(pickedInput.nextElementSibling.cloneNode(true));
    } else {
      what.textContent = "?";
    }
    chip.appendChild(what);
    chip.classList.toggle("done", !!pickedInput);
  }

  function open(form, step) {
    each(steps(form), function (s) {
      var on = s === step;
      s.classList.toggle("current", on);
      s.stepChip.classList.toggle("current", on);
      s.stepChip.setAttribute("aria-expanded", on ? "true" : "false");
    });
  }

  // A value chosen in one step cannot be chosen in another step of the same play.
  function exclude(form) {
    var taken = {};
    each(steps(form), function (s) { var c = chosen(s); if (c) taken[c.value] = s; });
    each(steps(form), function (s) {
      each(s.querySelectorAll("input[type=radio]"), function (r) {
        var other = taken[r.value] && taken[r.value] !== s;
        if (other && !r.disabled) { r.disabled = true; r.dataset.taken = "1"; }
        else if (!other && r.dataset.taken) { r.disabled = false; delete r.dataset.taken; }
      });
    });
  }

  function setUpSteps(form) {
    var list = steps(form);
    if (!list.length || form.dataset.stepsReady) return;
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
      chips.appendChild(chip);
      paint(step);
    });
    form.classList.add("stepping");
    var first = Array.prototype.filter.call(list, function (s) { return !chosen(s); })[0];
    open(form, first || list[list.length - 1]);
    exclude(form);
  }

  function onStepChange(input) {
    var step = input.closest("fieldset[data-step]");
    var form = step && step.closest("form.stepping");
    if (!form) return;
    paint(step);
    exclude(form);
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
    if (input.type === "radio") onStepChange(input);
  });

  // A required step left empty: open it so the browser can point at it.
  document.addEventListener("invalid", function (e) {
    var step = e.target.closest && e.target.closest("form.stepping fieldset[data-step]");
    if (step) open(step.closest("form"), step);
  }, true);

  // A swap that brings back a selection (a refused entry keeps what was tapped): chips follow it.
  function refresh(form) {
    each(steps(form), paint);
    exclude(form);
    var open1 = form.querySelector("fieldset[data-step].current");
    if (!open1 || chosen(open1)) {
      var first = Array.prototype.filter.call(steps(form), function (s) { return !chosen(s); })[0];
      if (first) open(form, first);
    }
  }
  document.addEventListener("htmx:afterSettle", function () {
    each(document.querySelectorAll("form.stepping"), refresh);
    each(document.querySelectorAll("fieldset[data-need]"), count);
  });

  function setUp(root) {
    each(root.querySelectorAll("form[data-steps]"), setUpSteps);
    each(root.querySelectorAll("fieldset[data-need]"), count);
  }
  new MutationObserver(function (records) {
    records.forEach(function (r) { each(r.addedNodes, function (n) { if (n.nodeType === 1) setUp(n.parentNode || n); }); });
  }).observe(document.documentElement, { childList: true, subtree: true });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  else setUp(document);
})();
