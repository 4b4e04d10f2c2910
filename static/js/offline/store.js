/* The phone's offline store (the first of four files; see offline/page.js for the whole story): IndexedDB for
   the queue of deals saved with no connection and the pages kept to open the game offline, and the service
   worker's cache beside it where there is one. Loaded by every page, before sync.js, navigation.js and page.js,
   which find these functions on window.RummyOffline. */
(function () {
  "use strict";
  var O = window.RummyOffline = window.RummyOffline || {};
  if (O.get) return;  // a kept page written into the document runs no file twice

  var DB_NAME = "rummy-companion", DB_VERSION = 1, PAGES_CACHE = "rummy-pages-v1";
  var opening = null;

  function db() {
    if (!opening) {
      opening = new Promise(function (resolve, reject) {
        var request = indexedDB.open(DB_NAME, DB_VERSION);
        request.onupgradeneeded = function () {
          var base = request.result;
          if (!base.objectStoreNames.contains("pages")) base.createObjectStore("pages", { keyPath: "url" });
          if (!base.objectStoreNames.contains("queue")) base.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
          if (!base.objectStoreNames.contains("meta")) base.createObjectStore("meta", { keyPath: "key" });
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opening;
  }

  /** One IndexedDB request in its own transaction, as a promise. */
  function store(name, mode, act) {
    return db().then(function (base) {
      return new Promise(function (resolve, reject) {
        var tx = base.transaction(name, mode), result;
        var request = act(tx.objectStore(name));
        if (request) request.onsuccess = function () { result = request.result; };
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    });
  }
  function get(name, key) { return store(name, "readonly", function (s) { return s.get(key); }); }
  function put(name, value) { return store(name, "readwrite", function (s) { return s.put(value); }); }
  function remove(name, key) { return store(name, "readwrite", function (s) { return s.delete(key); }); }
  function all(name) { return store(name, "readonly", function (s) { return s.getAll(); }); }

  function path(url) { var u = new URL(url, location.href); return u.pathname; }

  /** Keep a page for opening with no connection (IndexedDB; and the service worker's cache where there is one). */
  function keepPage(url, html) {
    var key = path(url);
    var kept = put("pages", { url: key, html: html, at: Date.now() });
    if (window.caches && window.isSecureContext) {
      kept = kept.then(function () {
        return caches.open(PAGES_CACHE).then(function (cache) {
          return cache.put(key, new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
        });
      }).catch(function () {});
    }
    return kept;
  }

  /** A sentence in the page's language: the words the page carries as data-say-<name> on ``node`` (by default
      #offline, games/_offline.html), else ``english``. Each {placeholder} is filled with its value whole: the
      page's sentence is a whole sentence of its language, never words glued together here. */
  function say(name, english, values, node) {
    var from = node || document.getElementById("offline");
    var camel = name.replace(/-(\w)/g, function (whole, letter) { return letter.toUpperCase(); });
    var key = "say" + camel.charAt(0).toUpperCase() + camel.slice(1);
    var text = (from && from.dataset && from.dataset[key]) || english;
    return text.replace(/\{(\w+)\}/g, function (whole, part) {
      return values && Object.prototype.hasOwnProperty.call(values, part) ? String(values[part]) : whole;
    });
  }

  O.get = get; O.put = put; O.remove = remove; O.all = all; O.path = path; O.keepPage = keepPage; O.say = say;
})();
