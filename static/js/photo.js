// The "Photo" button of a tile picker (issue 31). Without this file the button stays hidden and
// the picker is tapped as before. With it: the photo taken is shrunk on the phone (a canvas, at most
// MAX_SIDE pixels, JPEG) and sent to POST /api/v1/photos/tiles; the answer pre-fills the picker:
// tiles read for sure are ticked, unsure ones have their candidates outlined for one tap, and a tile
// already ticked in another picker of the group (data-photo-others) or greyed out as used is flagged,
// never ticked. An unsure tile names and outlines all its candidates, even one already taken (ticked
// by a sure tile of the same photo, or before): that one is named as taken, not hidden, so the player
// sees both readings and still settles it with one tap. Nothing is recorded: the player checks the picker and confirms with the form's button.
// Every sentence comes from the element's data-* attributes, in the page's language.
(function () {
  "use strict";
  if (window.refereePhoto) return;
  window.refereePhoto = true;
  var MAX_SIDE = 1600;

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_m, key) { return values[key] === undefined ? "" : values[key]; });
  }

  function bitmap(file) {
    if (window.createImageBitmap) {
      return createImageBitmap(file, { imageOrientation: "from-image" }).catch(function () { return createImageBitmap(file); });
    }
    return new Promise(function (resolve, reject) {
      var reader = new FileReader();
      reader.onload = function () {
        var img = new Image();
        img.onload = function () { resolve(img); };
        img.onerror = reject;
        img.src = reader.result; // a data: URL, which the CSP allows for images
      };
      reader.onerror = reject;
      reader.readAsDataURL(file);
    });
  }

  function shrink(file) {
    return bitmap(file).then(function (img) {
      var scale = Math.min(1, MAX_SIDE / Math.max(img.width, img.height));
      var canvas = document.createElement("canvas");
      canvas.width = Math.round(img.width * scale);
      canvas.height = Math.round(img.height * scale);
      canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
      return new Promise(function (resolve) { canvas.toBlob(resolve, "image/jpeg", 0.85); });
    });
  }

  // The picker of that name in the button's own form (a table page has one form per seat).
  function picker(block, name) {
    var scope = block.closest("form") || document;
    return scope.querySelector('fieldset[data-picker="' + name + '"]');
  }
  function box(fieldset, tile) { return fieldset.querySelector('input[value="' + tile + '"]'); }

  function takenElsewhere(block, tile) {
    var others = (block.dataset.photoOthers || "").split(" ").filter(Boolean);
    return others.some(function (name) {
      var other = picker(block, name);
      var input = other && box(other, tile);
      return input && input.checked;
    });
  }

  function clear(fieldset) {
    each(fieldset.querySelectorAll(".photo-sure, .photo-maybe, .photo-used"), function (label) {
      label.classList.remove("photo-sure", "photo-maybe", "photo-used");
    });
  }

  function mark(input, cls) {
    if (input && input.parentElement) input.parentElement.classList.add(cls);
  }

  // Sure tiles first, so that an unsure tile's candidate ticked by a sure one is known as taken
  // whatever order the answer lists them in.
  function apply(block, fieldset, answer) {
    clear(fieldset);
    var sure = 0, unsure = [], used = [];
    answer.tiles.filter(function (t) { return t.sure; }).forEach(function (t) {
      var input = box(fieldset, t.tile);
      if (!input || input.disabled || takenElsewhere(block, t.tile)) {
        used.push(t.tile);
        mark(input, "photo-used");
        return;
      }
      input.checked = true;
      mark(input, "photo-sure");
      sure += 1;
    });
    answer.tiles.filter(function (t) { return !t.sure; }).forEach(function (t) {
      unsure.push(t.candidates.map(function (c) {
        var input = box(fieldset, c);
        mark(input, "photo-maybe");
        var taken = input && (input.checked || input.disabled || takenElsewhere(block, c));
        return taken ? fill(block.dataset.taken, { tile: c }) : c;
      }).join(block.dataset.or));
    });
    var lines = [fill(block.dataset.found, { sure: sure, unsure: unsure.length })];
    if (unsure.length) lines.push(fill(block.dataset.unsure, { tiles: unsure.join("; ") }));
    if (used.length) lines.push(fill(block.dataset.used, { tiles: used.join(", ") }));
    // the form's own button by its label (issue 27: "confirm" named a button no page has)
    var send = block.closest("form") && block.closest("form").querySelector("button[type=submit]");
    if (send) lines.push(fill(block.dataset.confirm, { button: send.textContent.trim() }));
    return lines.join(" ");
  }

  function read(block, input) {
    var fieldset = picker(block, block.dataset.photoFor);
    var status = block.querySelector(".photo-status");
    var file = input.files && input.files[0];
    if (!file || !fieldset) return;
    status.textContent = block.dataset.reading;
    block.classList.add("busy");
    shrink(file).then(function (blob) {
      return fetch(block.dataset.url, {
        method: "POST",
        headers: { "Content-Type": "image/jpeg" },
        body: blob,
        credentials: "same-origin"
      });
    }).then(function (resp) {
      return resp.json().then(function (body) { return { ok: resp.ok, body: body }; });
    }).then(function (result) {
      if (!result.ok) {
        status.textContent = (result.body.error && result.body.error.message) || block.dataset.failed;
        return;
      }
      status.textContent = apply(block, fieldset, result.body);
      fieldset.dispatchEvent(new Event("change", { bubbles: true }));
    }).catch(function () {
      status.textContent = block.dataset.failed;
    }).then(function () {
      block.classList.remove("busy");
      input.value = "";
    });
  }

  function setUp(root) {
    each(root.querySelectorAll("[data-photo-for]"), function (block) {
      if (block.dataset.photoReady) return;
      block.dataset.photoReady = "1";
      block.hidden = false;
      var input = block.querySelector('input[type="file"]');
      input.addEventListener("change", function () { read(block, input); });
    });
  }

  document.addEventListener("DOMContentLoaded", function () { setUp(document); });
  document.addEventListener("htmx:load", function (e) { setUp(e.target); });
})();
