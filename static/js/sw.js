// referee's service worker (issue 16), served by referee/web/site/offline.py at /sw.js with
// self.REFEREE_VERSION (a hash of the assets) and self.REFEREE_ASSETS prepended.
// - Assets (htmx, css, js, icons): from this version's cache; a new version installs a new cache.
// - A table page (/t/<id>): always from the network when it answers (the copy is kept); with no
//   signal, the last copy this phone saw, marked with the time it was saved.
// - Everything else (posts, fragments, live polls) is not touched: online, nothing changes.
// - Background Sync: entries queued with no signal are sent even when no table page is open.
/* global RefereeQueue */
"use strict";
importScripts("/static/js/offline.js");

var ASSETS = "referee-assets-" + self.REFEREE_VERSION;
var PAGES = "referee-pages";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(ASSETS).then(function (cache) {
    return cache.addAll(self.REFEREE_ASSETS.map(function (url) { return new Request(url, { cache: "reload" }); }));
  }).then(function () { return self.skipWaiting(); }));
});

// A new version (an older version's cache is there) tells every open page, which reloads once to use
// its assets (offline.js). A message waits for a page still loading; a controllerchange before the
// page's script ran would be lost, and the page would keep the old assets.
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    var older = names.filter(function (n) { return n.indexOf("referee-assets-") === 0 && n !== ASSETS; });
    return Promise.all(older.map(function (n) { return caches.delete(n); })).then(function () {
      return self.clients.claim();
    }).then(function () {
      if (!older.length) return;
      return self.clients.matchAll({ type: "window" }).then(function (pages) {
        pages.forEach(function (page) { page.postMessage("referee:new-version"); });
      });
    });
  }));
});

function isTablePage(url) { return /^\/t\/[^/]+$/.test(url.pathname) && !url.search; }

// The saved copy, with a marker the page reads to say "offline - showing the table as of 20:41".
function fromCopy(url) {
  return caches.open(PAGES).then(function (cache) { return cache.match(url.href); }).then(function (copy) {
    if (!copy) return Response.error();
    var saved = copy.headers.get("X-Referee-Saved") || "";
    return copy.text().then(function (html) {
      var marker = '<meta name="referee-offline" content="' + saved.replace(/\D/g, "") + '">';
      return new Response(html.replace(/<head>/i, "<head>" + marker),
        { headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (self.REFEREE_ASSETS.indexOf(url.pathname) >= 0) {
    event.respondWith(caches.open(ASSETS).then(function (cache) {
      return cache.match(url.pathname).then(function (hit) { return hit || fetch(request); });
    }));
  } else if (request.mode === "navigate" && isTablePage(url)) {
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok && !response.redirected) event.waitUntil(RefereeQueue.savePage(url.href, response.clone()));
      return response;
    }, function () { return fromCopy(url); }));
  }
});

self.addEventListener("sync", function (event) {
  if (event.tag === RefereeQueue.SYNC_TAG) event.waitUntil(RefereeQueue.flush(null));
});
