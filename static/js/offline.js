// referee with no signal (issue 16). Two parts:
// - RefereeQueue (window and service worker): entries made with no signal are kept in IndexedDB with
//   their idempotency key and the seq they were based on, and sent in the order they were made, one at
//   a time, by whoever gets there first (the page on reconnect or load, or the worker's Background
//   Sync), under a Web Lock. The server records an idempotency key once, so an entry whose answer was
//   lost is sent again safely. A refused entry (409: someone else recorded meanwhile; 422: illegal;
//   any other refusal) is marked and stops the queue: the entries after it wait for the player.
// - The page (window only): registers the worker, queues entries instead of losing them, shows
//   "waiting for signal (3)" in the entry list, the refused entry with its reason and the choice to
//   discard or correct it, and "offline - showing the table as of 20:41" on a page from the cache.
(function (scope) {
  "use strict";
  var DB = "referee-offline", STORE = "entries", SYNC_TAG = "referee-queue", PAGES = "referee-pages";

  function open() {
    return new Promise(function (resolve, reject) {
      var req = indexedDB.open(DB, 1);
      req.onupgradeneeded = function () { req.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true }); };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }
  function tx(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var t = db.transaction(STORE, mode), out;
        Promise.resolve(work(t.objectStore(STORE))).then(function (v) { out = v; });
        t.oncomplete = function () { db.close(); resolve(out); };
        t.onerror = t.onabort = function () { db.close(); reject(t.error); };
      });
    });
  }
  function request(r) { return new Promise(function (resolve) { r.onsuccess = function () { resolve(r.result); }; }); }

  // Every queued entry of one table (or of all tables with table = null), oldest first.
  function list(table) {
    return tx("readonly", function (store) { return request(store.getAll()); }).then(function (all) {
      return all.filter(function (e) { return table === null || e.table === table; })
        .sort(function (a, b) { return a.id - b.id; });
    });
  }
  function add(entry) { return tx("readwrite", function (store) { return request(store.add(entry)); }); }
  function put(entry) { return tx("readwrite", function (store) { return request(store.put(entry)); }); }
  function remove(id) { return tx("readwrite", function (store) { return request(store.delete(id)); }); }

  function field(entry, name, value) {
    var fields = entry.fields.filter(function (kv) { return kv[0] !== name; });
    fields.push([name, String(value)]);
    entry.fields = fields;
  }
  function freshKey() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return "q" + Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function exclusive(work) {
    if (scope.navigator && navigator.locks) return navigator.locks.request(SYNC_TAG, work);
    return work();
  }

  // Send the queue in order. Resolves to {sent, refused}: how many went through, and the refused
  // entry if one stopped the queue.
  function flush(table) {
    return exclusive(function () {
      var result = { sent: 0, refused: null };
      return list(table).then(function (entries) {
        var stopped = {};
        return entries.reduce(function (chain, entry) {
          return chain.then(function () {
            if (stopped[entry.table]) return;
            if (entry.refused) { stopped[entry.table] = true; result.refused = result.refused || entry; return; }
            return fetch(entry.url, {
              method: "POST", credentials: "same-origin", cache: "no-store",
              headers: { "HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams(entry.fields).toString()
            }).then(function (resp) {
              return resp.text().then(function (html) {
                if (resp.ok) { result.sent++; return remove(entry.id); }
                stopped[entry.table] = true;
                if (resp.status === 429 || resp.status >= 500) return;  // not an answer about the entry: try later
                entry.refused = { status: resp.status, html: html };
                result.refused = result.refused || entry;
                return put(entry);
              });
            }, function () { stopped[entry.table] = true; });  // still no signal: keep it
          });
        }, Promise.resolve());
      }).then(function () { return result; });
    });
  }

  function savePage(url, response) {
    return response.text().then(function (html) {
      return caches.open(PAGES).then(function (cache) {
        return cache.put(url, new Response(html, { headers: {
          "Content-Type": "text/html; charset=utf-8", "X-Referee-Saved": String(Date.now()) } }));
      });
    });
  }

  scope.RefereeQueue = { SYNC_TAG: SYNC_TAG, list: list, add: add, put: put, remove: remove, flush: flush,
    field: field, freshKey: freshKey, savePage: savePage };
})(self);

(function () {
  "use strict";
  if (typeof document === "undefined") return;  // the service worker only needs the queue above
  var Q = self.RefereeQueue;
  if (!("serviceWorker" in navigator) || !self.indexedDB || !self.isSecureContext) return;

  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  // A new version took over (its worker says so, sw.js): reload once so its assets are used, unless the
  // player is busy. The message waited for this script, however early the new version took over.
  navigator.serviceWorker.addEventListener("message", function (e) {
    if (e.data !== "referee:new-version") return;
    if (!document.querySelector("form[data-dirty], main [role=alert], main .error, .queued")) location.reload();
  });
  navigator.serviceWorker.startMessages();

  function table() { return document.querySelector("main#table[data-live]"); }
  function texts() { var el = document.getElementById("offline"); return el ? el.dataset : null; }
  function tableId() { var t = table(); return t ? location.pathname : null; }

  // This phone's copy of the table as it now stands: the page as the server sent it (the worker keeps
  // each page load), with the table part replaced by each newer fragment the server sends (an entry's
  // answer, a live update), for opening it with no signal. Never the live DOM: scripts changed it.
  function pageUrl() { return location.href.split("#")[0]; }
  function snapshot(fragment) {
    if (!table() || document.querySelector('meta[name="referee-offline"]') || location.search || !self.caches) return;
    var from = (fragment || "").indexOf('<main id="table"'), to = (fragment || "").lastIndexOf("</main>");
    if (from < 0 || to < from) return;  // not the table (a refusal's answer box alone)
    fragment = fragment.slice(from, to + 7);
    caches.match(pageUrl()).then(function (copy) {
      if (!copy) return;
      return copy.text().then(function (html) {
        var at = html.indexOf('<main id="table"'), end = html.lastIndexOf("</main>");
        if (at < 0 || end < at) return;
        return Q.savePage(pageUrl(), new Response(html.slice(0, at) + fragment + html.slice(end + 7))).then(function () {
          var seq = /data-seq="(\d+)"/.exec(fragment);
          if (seq) document.documentElement.dataset.keptSeq = seq[1];  // the copy is as of this entry
        });
      });
    }).catch(function () {});
  }
  // <html data-offline="ready">: this page would open with no signal (the worker runs it, its copy is kept).
  function ready() {
    if (!navigator.serviceWorker.controller || !self.caches) return;
    caches.match(pageUrl()).then(function (copy) {
      if (copy) { document.documentElement.dataset.offline = "ready"; return; }
      // the first visit, before the worker ran: keep a copy now (once)
      return fetch(pageUrl(), { credentials: "same-origin", cache: "no-store" }).then(function (resp) {
        if (resp.ok && !resp.redirected) return Q.savePage(pageUrl(), resp).then(ready);
      });
    }).catch(function () {});
  }
  navigator.serviceWorker.addEventListener("controllerchange", ready);

  function describe(entry) {
    var shown = entry.fields.filter(function (kv) {
      return ["csrf_token", "based_on", "idem", "type"].indexOf(kv[0]) < 0 && kv[1] !== "";
    }).map(function (kv) { return kv[1]; });
    return entry.label + (shown.length ? ": " + shown.join(", ") : "");
  }
  function reasonOf(refused) {
    var holder = document.createElement("template");
    holder.innerHTML = refused.html;
    var el = holder.content.querySelector("[role=alert], .error, main p");
    return (el ? el.textContent : "").trim() || String(refused.status);
  }

  // "waiting for signal (3)" and each waiting entry under the answer; a refused entry
  // with its reason and the two choices.
  function render() {
    var t = table(), words = texts();
    if (!t || !words) return Promise.resolve();
    return Q.list(tableId()).then(function (entries) {
      t.querySelectorAll("[data-offline-ui]").forEach(function (el) { el.remove(); });
      if (!entries.length) return;
      var box = document.createElement("section");
      box.dataset.offlineUi = "1";
      box.className = "queue";
      box.id = "queue";
      var head = document.createElement("p");
      head.className = "queue-count";
      head.setAttribute("role", "status");
      head.textContent = words.waiting.replace("{n}", String(entries.length));
      box.appendChild(head);
      var ol = document.createElement("ol");
      entries.forEach(function (entry) {
        var li = document.createElement("li");
        li.className = entry.refused ? "queued refused" : "queued";
        li.dataset.queued = String(entry.id);
        li.textContent = describe(entry);
        if (entry.refused) {
          var why = document.createElement("p");
          why.className = "error";
          why.setAttribute("role", "alert");
          why.textContent = words.refused.replace("{entry}", describe(entry)) + " " + reasonOf(entry.refused);
          li.appendChild(why);
          [["discard", words.discard, "secondary"], ["correct", words.correct, "primary"]].forEach(function (b) {
            var button = document.createElement("button");
            button.type = "button";
            button.className = "button " + b[2];
            button.dataset.queueAction = b[0];
            button.textContent = b[1];
            li.appendChild(button);
          });
          if (entries.length > 1) {
            var wait = document.createElement("p");
            wait.className = "muted";
            wait.textContent = words.after;
            li.appendChild(wait);
          }
        }
        ol.appendChild(li);
      });
      box.appendChild(ol);
      // under the answer, on the play surface: the history waits in its panel (issue 27)
      var answer = t.querySelector("#answer");
      if (answer) answer.after(box); else t.appendChild(box);
    });
  }

  // The table as the server has it now (after sending, or after a refusal).
  function refresh() {
    var t = table();
    if (!t || !window.htmx) return Promise.resolve();
    return htmx.ajax("GET", location.pathname, { target: "#table", swap: "outerHTML" });
  }

  // One send at a time. A send asked for while one is on its way (a discard tapped while the signal's
  // return is still being handled) runs once more after it: the queue may have changed meanwhile, and
  // nothing else would send the entries the discard freed until the next reconnect or load.
  var sending = null, again = false;
  function send() {
    if (!tableId()) return Promise.resolve();
    if (sending) { again = true; return sending; }
    sending = Q.flush(tableId()).then(function (result) {
      if (result.sent || result.refused) return refresh();
    }).then(render).catch(function () {}).then(function () {
      sending = null;
      if (again) { again = false; return send(); }
    });
    return sending;
  }

  // After a discard the entries still waiting follow the table as it now stands.
  function rebase(entries) {
    var seq = parseInt(table().dataset.seq, 10) || 0;
    return entries.reduce(function (chain, entry, i) {
      Q.field(entry, "based_on", seq + i);
      return chain.then(function () { return Q.put(entry); });
    }, Promise.resolve());
  }

  // Put a refused entry's choices back into the fresh form, for the player to correct and send.
  function restore(entry) {
    var form = table().querySelector("form[hx-post$='/events']");
    if (!form) return;
    var seen = {};
    entry.fields.forEach(function (kv) {
      if (["csrf_token", "based_on", "idem"].indexOf(kv[0]) >= 0) return;
      var inputs = form.querySelectorAll('[name="' + kv[0].replace(/"/g, "") + '"]');
      var choice = Array.prototype.filter.call(inputs, function (el) { return (el.type === "radio" || el.type === "checkbox") && el.value === kv[1]; });
      if (choice.length) { choice[0].checked = true; return; }
      var i = seen[kv[0]] = (seen[kv[0]] || 0);
      seen[kv[0]]++;
      var el = Array.prototype.filter.call(inputs, function (x) { return x.type !== "hidden" && x.type !== "radio" && x.type !== "checkbox"; })[i];
      if (el) el.value = kv[1];
    });
    form.dataset.dirty = "1";
  }

  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("[data-queue-action]");
    if (!button) return;
    var id = parseInt(button.closest("[data-queued]").dataset.queued, 10);
    Q.list(tableId()).then(function (entries) {
      var entry = entries.filter(function (x) { return x.id === id; })[0];
      if (!entry) return;
      return Q.remove(id).then(function () {
        return rebase(entries.filter(function (x) { return x.id !== id; }));
      }).then(render).then(function () {
        if (button.dataset.queueAction === "correct") restore(entry);
        else return send();
      });
    });
  });

  // An entry of a table page: kept instead of sent while there is no signal or older entries wait,
  // and kept when the network fails on its way (same idempotency key: sent again, recorded once).
  function entryOf(e) {
    var elt = e.detail.elt, t = table();
    var verb = (e.detail.requestConfig && e.detail.requestConfig.verb) || e.detail.verb || "";
    if (!t || !elt || !t.contains(elt) || String(verb).toLowerCase() !== "post" || !elt.querySelector) return null;
    return elt.closest("form") || elt;
  }
  function queue(form, url, fields, fresh) {
    var words = texts();
    var label = ((form.querySelector("[type=submit]") || {}).textContent || (words && words.entry) || "").trim();
    waitingCount++;
    form.reset();  // at once, like a sent entry's fresh form: the next entry may be typed meanwhile
    delete form.dataset.dirty;
    // stepping pickers (pickers.js) repaint their chips and open the first step again
    form.querySelectorAll("fieldset[data-step] input").forEach(function (input, i, all) {
      if (i === all.length - 1 || input.closest("fieldset") !== all[i + 1].closest("fieldset")) {
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
    return Q.list(tableId()).then(function (waiting) {
      var entry = { table: tableId(), url: url, fields: fields, made: Date.now(),
        label: label };
      if (fresh) {
        Q.field(entry, "idem", Q.freshKey());  // a cached form may hold a key that was used already
        Q.field(entry, "based_on", (parseInt(table().dataset.seq, 10) || 0) + waiting.length);
      }
      return Q.add(entry);
    }).then(function () {
      navigator.serviceWorker.ready.then(function (reg) {
        if (reg.sync) return reg.sync.register(Q.SYNC_TAG);
      }).catch(function () {});
      return render();
    });
  }
  var waitingCount = 0;
  document.addEventListener("htmx:configRequest", function (e) {
    var form = entryOf(e);
    if (!form) return;
    var fields = [];
    (e.detail.formData || new FormData(form)).forEach(function (v, k) { fields.push([k, String(v)]); });
    form._refereeEntry = { url: e.detail.path, fields: fields };
  });
  document.addEventListener("htmx:beforeRequest", function (e) {
    var form = entryOf(e);
    if (!form || !form._refereeEntry) return;
    if (navigator.onLine && !waitingCount) return;
    e.preventDefault();
    e.stopPropagation();  // not sent: app.js must not count it as on its way
    var entry = form._refereeEntry;
    form._refereeEntry = null;
    queue(form, entry.url, entry.fields, true);
  }, true);
  document.addEventListener("htmx:sendError", function (e) {
    var form = entryOf(e);
    if (!form || !form._refereeEntry) return;
    var entry = form._refereeEntry;
    form._refereeEntry = null;
    queue(form, entry.url, entry.fields, false);
  });

  function offlineMark() {
    var meta = document.querySelector('meta[name="referee-offline"]'), words = texts();
    var old = document.getElementById("offline-mark");
    if (!meta || !words) return;
    if (navigator.onLine && old) { old.remove(); meta.remove(); return; }
    if (old || navigator.onLine) return;
    var saved = new Date(parseInt(meta.content, 10) || Date.now());
    var mark = document.createElement("p");
    mark.id = "offline-mark";
    mark.className = "offline-mark";
    mark.setAttribute("role", "status");
    mark.textContent = words.asOf.replace("{time}", saved.toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" }));
    var t = table();
    t.parentNode.insertBefore(mark, t);
  }

  function watch() {
    Q.list(tableId()).then(function (entries) { waitingCount = entries.length; });
  }
  document.addEventListener("DOMContentLoaded", function () {
    if (!table()) return;
    offlineMark();
    render().then(watch).then(function () { if (navigator.onLine) send(); });
    document.body.addEventListener("htmx:afterSwap", function (e) {
      render().then(watch);
      var xhr = e.detail.xhr;
      if (xhr && xhr.status === 200 && !window.refereeRefused(xhr)) snapshot(String(xhr.responseText || "").trim());  // not a refusal's answer box
    });
    document.addEventListener("referee:swapped", function (e) { render().then(watch); snapshot(e.detail.html); });
    if (!document.querySelector('meta[name="referee-offline"]') && !location.search) ready();
  });
  window.addEventListener("online", function () { offlineMark(); send(); });
  window.addEventListener("offline", offlineMark);
})();
