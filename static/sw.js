/* The companion's service worker (secure contexts only: HTTPS, or localhost): the game opens with no
   connection at all. Small and of our own: no framework.

   - Pages (navigations): the network first, a copy kept; with no connection, the kept copy, or a page
     kept by the offline scripts (static/js/offline/) (the score screens of the deals still to enter), or a short "offline" page.
   - Static files (/static/..., their URLs carry a hash of their content): the kept copy first.
   - Everything else (posts, the live poll, the JSON the pages fetch) goes to the network untouched:
     a saved deal with no connection is queued by static/js/offline/sync.js, never by this worker. */
"use strict";

var PAGES = "rummy-pages-v1";
var FILES = "rummy-files-v1";
var WORDS = "rummy-words-v1";
/* The words of the "offline" page, in the language of the last page this phone showed (its <html> carries them as
   data-say-no-connection*, static/js/offline/navigation.js sends them): kept under this key, not a page of the site. */
var WORDS_KEY = "/offline-words";
var ENGLISH = {
  lang: "en",
  title: "No connection",
  text: "This page isn't on this phone yet. Open the game page once while connected."
};

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.keep) || [];
  var words = event.data && event.data.words;
  event.waitUntil(Promise.all([caches.open(FILES).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      if (new URL(url).origin !== self.location.origin) return null;
      return cache.match(url).then(function (found) { return found || cache.add(url).catch(function () {}); });
    }));
  }), keepWords(words)]));
});

function keepWords(words) {
  if (!words || !words.title || !words.text) return Promise.resolve();
  return caches.open(WORDS).then(function (cache) {
    return cache.put(WORDS_KEY, new Response(JSON.stringify(words), { headers: { "Content-Type": "application/json" } }));
  }).catch(function () {});
}

function escaped(text) {
  return String(text).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" }[c]; });
}

/** The "offline" page in ``words`` (a page's language: lang, title, text), else in English. */
function offlineHtml(words) {
  var said = words && words.title && words.text ? words : ENGLISH;
  var lang = /^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(said.lang || "") ? said.lang : "en";
  return "<!DOCTYPE html><html lang=" + lang + "><meta charset=utf-8><meta name=viewport content=\"width=device-width\">" +
    "<title>" + escaped(said.title) + "</title><h1>" + escaped(said.title) + "</h1><p>" + escaped(said.text) + "</p>";
}

function offlinePage() {
  return caches.open(WORDS).then(function (cache) { return cache.match(WORDS_KEY); })
    .then(function (kept) { return kept ? kept.json() : null; })
    .catch(function () { return null; })
    .then(function (words) {
      return new Response(offlineHtml(words), { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok && !response.redirected && (response.headers.get("Content-Type") || "").indexOf("text/html") === 0) {
        var copy = response.clone();
        caches.open(PAGES).then(function (cache) { return cache.put(url.pathname, copy); });
      }
      return response;
    }, function () {
      return caches.open(PAGES).then(function (cache) { return cache.match(url.pathname); })
        .then(function (kept) { return kept || offlinePage(); });
    }));
    return;
  }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.open(FILES).then(function (cache) {
      return cache.match(request).then(function (kept) {
        return kept || fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
      });
    }));
  }
});

if (typeof module !== "undefined") module.exports = { offlineHtml: offlineHtml, ENGLISH: ENGLISH };  // node --test tests/js
