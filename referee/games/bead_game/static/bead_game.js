// Domino Bead Game board: the whole layout in sight, at most two cells ticked at once, then the tile picker
// as a bottom sheet where a tap on the tile places it, and zoom with buttons or two fingers.
// The page works without this file (the cells are plain checkboxes of the placement form).
(function () {
  "use strict";
  if (window.beadGameBoard) return; // htmx runs this again after each swap of the table
  window.beadGameBoard = true;

  // The player's zoom (the buttons, two fingers), a factor on the board's fitted size, kept for the session.
  var scale = parseFloat(sessionStorage.getItem("bead-zoom") || "1") || 1;
  var picked = [];
  var THUMB = 44 / 48;  // a cell drawn at 48 px shown at 44 px: a thumb's target
  // Cells drawn under 32 px are hard to tap one out of its neighbours (benchmarks/bead_fit.py, RESULTS section
  // 70): the first tap on such a board ticks the cell it lands on and zooms the board around it, so the
  // second cell is tapped at a thumb's size and a tick that missed shows at once, large, to be tapped off.
  var CROWDED = 32 / 48;
  var near = null;  // the board zoomed by that tap: {board, x, y} in board units, until the placement is made

  // The layout and the empty rings around it fill the board's box, however many cells that takes, so every
  // cell a placement may take is in sight with no panning (issue 27: at 360x740 a board kept at 44 px a cell
  // hid one of the two cells in 26 of the golden game's 52 placements, and the player had to drag the board
  // to find it); the player sees every line of the layout too.
  function fitted(s) {
    var board = s.closest("[data-bead-board]");
    var room = parseFloat(getComputedStyle(board).maxHeight) - (board.offsetHeight - board.clientHeight);
    var wide = board.clientWidth / s.dataset.width;
    var high = isNaN(room) ? 1 : room / s.dataset.height;  // the box's content height at most (inside its border)
    return Math.min(1, wide, high);
  }

  function apply() {
    if (near && !near.board.isConnected) near = null;  // a new board: the placement was made
    document.querySelectorAll("[data-bead-board] svg").forEach(function (s) {
      var board = s.closest("[data-bead-board]");
      if (!board.clientWidth) return;  // in a closed sheet: fitted when it opens
      var size = fitted(s) * scale;
      if (near && near.board === board) size = Math.max(size, THUMB);
      s.setAttribute("width", String(Math.round(s.dataset.width * size)));
      s.setAttribute("height", String(Math.round(s.dataset.height * size)));
    });
    var tools = document.querySelector("[data-bead-zoom-tools]");
    if (tools) tools.hidden = false;
  }

  // A tap (not a key, nor a screen reader's click: their cells are named, not aimed at) on a crowded board
  // of the table ticks its cell as on any board and zooms the board to 44 px a cell, the box keeping its
  // height so that the page does not move, with the tapped spot in the box's middle, where the second cell
  // lies: still three taps a placement (a zoom that took the first tap instead made it four in 41 of the
  // golden game's 52 placements at 360x740, and a tap that ticked nothing).
  document.addEventListener("click", function (e) {
    var cell = e.target.closest && e.target.closest("#table .bead-cell");
    if (!cell || near || !e.detail || cell.closest("dialog")) return;
    var board = cell.closest("[data-bead-board]"), s = board.querySelector("svg");
    if (fitted(s) * scale >= CROWDED) return;
    var r = s.getBoundingClientRect();
    near = { board: board, x: (e.clientX - r.left) / r.width * s.dataset.width, y: (e.clientY - r.top) / r.height * s.dataset.height };
    board.style.height = board.offsetHeight + "px";
    apply();
    var unit = s.getBoundingClientRect().width / s.dataset.width;
    board.scrollLeft = near.x * unit - board.clientWidth / 2;
    board.scrollTop = near.y * unit - board.clientHeight / 2;
  }, true);

  // The whole layout again, fitted to its box (another choice of cells, the player's own zoom).
  function unzoom() {
    if (!near) return;
    near.board.style.height = "";
    near = null;
    apply();
  }

  function zoomTo(next) {
    unzoom();
    scale = Math.min(3, Math.max(0.4, next));
    sessionStorage.setItem("bead-zoom", String(scale));
    apply();
  }

  document.addEventListener("click", function (e) {
    var b = e.target.closest("[data-bead-zoom]");
    if (b) zoomTo(scale * parseFloat(b.dataset.beadZoom));
  });

  // A third tapped cell unticks the oldest one: a tile covers exactly two.
  document.addEventListener("change", function (e) {
    var box = e.target;
    if (!box.matches || !box.matches(".bead-cell input")) return;
    // a correction's board (in its sheet) keeps its own two cells and leaves the table's form alone
    var board = box.closest("[data-bead-board]");
    picked = picked.filter(function (el) {
      return el.isConnected && el.checked && el !== box && el.closest("[data-bead-board]") === board;
    });
    // cells ticked before any tap (a correction's placement as recorded) count as the oldest
    var before = Array.prototype.filter.call(board.querySelectorAll(".bead-cell input:checked"), function (el) {
      return el !== box && picked.indexOf(el) < 0;
    });
    picked = before.concat(picked);
    if (box.checked) picked.push(box);
    while (picked.length > 2) picked.shift().checked = false;
    if (!box.closest("dialog")) {
      mark();
      sheet(picked.length === 2);
    }
  });

  // The first of the two ticked cells is drawn darker: the tile's higher number goes there.
  function mark() {
    document.querySelectorAll("#table .bead-cell.high").forEach(function (el) { el.classList.remove("high"); });
    var form = document.getElementById("bead-place");
    var mine = picked.filter(function (el) { return el.form === form && el.checked; });
    if (mine.length === 2) mine[0].parentNode.classList.add("high");
  }

  // Two cells ticked, the tile sheet open: the tapped tile is placed at once, its higher number on the
  // first cell tapped (the sheet's hint says so), by the button that says that way round: a placement
  // is three taps (issue 27). Keyboards choose a tile with the arrows and place it with Enter.
  function place(tile) {
    var form = document.getElementById("bead-place");
    if (!form || !form.classList.contains("bottom-sheet") || tile.form !== form) return;
    var cells = picked.filter(function (el) { return el.form === form && el.checked; });
    if (cells.length !== 2) return;
    var a = cells[0].value.split(",").map(Number), b = cells[1].value.split(",").map(Number);
    var firstTopLeft = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
    var n = tile.value.split("-");
    var id = n[0] === n[1] ? "bead-place-double" : firstTopLeft ? "bead-place-button" : "bead-place-turned";
    document.getElementById(id).click();  // htmx sends the clicked button's turn
  }
  var byKeys = false;  // the arrow keys tick the radio they move to: a click, not a choice made
  document.addEventListener("pointerdown", function () { byKeys = false; }, true);
  document.addEventListener("keydown", function (e) {
    byKeys = true;
    if (e.key !== "Enter" || !e.target.matches || !e.target.matches("#bead-place.bottom-sheet input[name=tile]")) return;
    e.preventDefault();
    if (e.target.checked) place(e.target);
  }, true);
  document.addEventListener("click", function (e) {
    if (!byKeys && e.target.matches && e.target.matches("input[name=tile]")) place(e.target);
  });

  // Two cells ticked: the tile picker rises as a sheet at the bottom of the
  // screen, so the rest of the play needs no scrolling. A spacer keeps the page as long as it was.
  function sheet(on) {
    var form = document.getElementById("bead-place");
    if (!form || form.classList.contains("bottom-sheet") === on) return;
    var spacer = document.getElementById("bead-place-spacer");
    if (on) {
      spacer = document.createElement("div");
      spacer.id = "bead-place-spacer";
      spacer.style.height = form.offsetHeight + "px";
      form.parentNode.insertBefore(spacer, form);
    } else if (spacer) {
      spacer.remove();
    }
    form.classList.toggle("bottom-sheet", on);
    var other = document.getElementById("bead-other-cells");
    if (other) other.hidden = !on;
    reveal(on);
  }

  // The two chosen cells stay in sight above the sheet while the tile is chosen (newplayer9: the sheet
  // covered them): the board box, given room under its last row, scrolls them up; the page stays put.
  function reveal(on) {
    var board = document.querySelector("#table [data-bead-board]");
    var form = document.getElementById("bead-place");
    if (!board) return;
    board.classList.toggle("picking", on);
    if (!on) return;
    var low = 0;
    board.querySelectorAll(".bead-cell input:checked").forEach(function (el) {
      low = Math.max(low, el.getBoundingClientRect().bottom);
    });
    var top = form.getBoundingClientRect().top - 6;
    if (low > top) board.scrollTop += low - top;
  }

  // A board wider than the phone opens on the last tile played, not on its empty left edge (the
  // board box scrolls, the page does not); not while cells are ticked, so a refusal keeps them in view.
  function showLast() {
    var board = document.querySelector("[data-bead-board]");
    var last = board && board.querySelector(".bead-tile.last");
    if (!last || document.querySelector("#table .bead-cell input:checked")) return;
    var b = board.getBoundingClientRect(), r = last.getBoundingClientRect();
    board.scrollLeft += r.left + r.width / 2 - (b.left + b.width / 2);
    board.scrollTop += r.top + r.height / 2 - (b.top + b.height / 2);
  }

  // Once play has stopped the board waits in a sheet (_state.html): opened, it shows the last tile too.
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest(".bead-board-sheet > .toggle")) requestAnimationFrame(function () { apply(); showLast(); });
  });

  // After a swap the sheet follows the ticked cells (a refused placement may keep both ticked).
  document.addEventListener("htmx:afterSwap", function () {
    sheet(document.querySelectorAll("#table .bead-cell input:checked").length === 2);
  });

  // The sheet covers part of the board: this button unticks both cells and lowers it again.
  document.addEventListener("click", function (e) {
    if (!e.target.closest || !e.target.closest("#bead-other-cells")) return;
    picked.forEach(function (box) { box.checked = false; });
    picked = [];
    var form = document.getElementById("bead-place");  // a new choice: the last one's refusal is over
    if (form && window.refereeGiveUp) window.refereeGiveUp(form);
    sheet(false);
    unzoom();
  });

  // The tiles left in the hands at the end of a hand: a design is held at most as many times as copies
  // of it are still unseen (the boxes of it in one player's grid), so once they are all ticked, for one
  // player or shared out, its free boxes in every grid are greyed out (newplayer9: the second player's
  // grid offered a tile ticked for the first; the end was refused only when recorded).
  function spare(form) {
    var designs = {};
    form.querySelectorAll(".picker.tiles[data-picker^=left] input").forEach(function (el) {
      if (el.parentNode.classList.contains("used")) return;  // both copies on the table: off already
      var d = designs[el.value] = designs[el.value] || { boxes: [], grid: el.name, copies: 0 };
      d.boxes.push(el);
      if (el.name === d.grid) d.copies += 1;
    });
    Object.keys(designs).forEach(function (value) {
      var d = designs[value];
      var held = d.boxes.filter(function (el) { return el.checked; }).length;
      d.boxes.forEach(function (el) {
        el.disabled = !el.checked && held >= d.copies;
        el.parentNode.classList.toggle("taken", el.disabled);
      });
    });
  }
  function spareAll() {
    document.querySelectorAll("form").forEach(function (form) {
      if (form.querySelector(".picker.tiles[data-picker^=left]")) spare(form);
    });
  }
  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form");
    if (form && e.target.closest(".picker.tiles[data-picker^=left]")) spare(form);
  });
  document.addEventListener("htmx:afterSettle", spareAll);

  // Two fingers on the board: pinch to zoom (one finger scrolls the board as usual).
  var touches = {};
  var start = null;
  function distance() {
    var p = Object.keys(touches).map(function (k) { return touches[k]; });
    return p.length < 2 ? 0 : Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y);
  }
  document.addEventListener("pointerdown", function (e) {
    if (e.pointerType !== "touch" || !e.target.closest("[data-bead-board]")) return;
    touches[e.pointerId] = { x: e.clientX, y: e.clientY };
    if (Object.keys(touches).length === 2) start = { d: distance(), scale: scale };
  });
  document.addEventListener("pointermove", function (e) {
    if (!touches[e.pointerId]) return;
    touches[e.pointerId] = { x: e.clientX, y: e.clientY };
    if (start && start.d > 0) zoomTo(start.scale * distance() / start.d);
  });
  function lift(e) { delete touches[e.pointerId]; if (Object.keys(touches).length < 2) start = null; }
  document.addEventListener("pointerup", lift);
  document.addEventListener("pointercancel", lift);

  // A refused placement keeps the ticked cells (only the answer box is swapped): start from them, in the
  // order they were tapped while they are the same boxes (the first one takes the higher number).
  document.addEventListener("htmx:afterSwap", function () {
    var ticked = Array.prototype.slice.call(document.querySelectorAll("#table .bead-cell input:checked"));
    picked = picked.filter(function (el) { return ticked.indexOf(el) >= 0; });
    picked = picked.concat(ticked.filter(function (el) { return picked.indexOf(el) < 0; }));
    mark();
    apply();
    showLast();
  });
  function ready() { apply(); showLast(); spareAll(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready); else ready();
})();
