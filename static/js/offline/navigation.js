/* Opening the game with no connection (third of four files; see offline/page.js): a kept page shown in place
   of this one, links followed to kept pages, the pages and files kept while connected, and the service worker
   registered where the page is a secure context. */
(function () {
  "use strict";
  var O = window.RummyOffline = window.RummyOffline || {};
  if (O.showKept) return;
  var get = O.get, put = O.put, keepPage = O.keepPage, path = O.path;
  function start() { return O.start(); }  // page.js

  /** This document as it can be shown again later: without one-time messages or this script's notices. */
  function snapshot() {
    var copy = document.documentElement.cloneNode(true);
    Array.prototype.forEach.call(copy.querySelectorAll(".flashes, [data-offline-added]"), function (node) { node.remove(); });
    var status = copy.querySelector("#offline-status");
    if (status) status.textContent = "";
    return "<!DOCTYPE html>\n" + copy.outerHTML;
  }

  /** Show a kept page in place of this one (no connection).

      With a service worker the page is simply opened: the worker answers from its cache. Without one
      (plain http) no navigation can succeed, so the kept page's body replaces this one's, the address
      follows (history.pushState), and the page's scripts run as on a real load: files this document
      has not run yet are added (in order), htmx processes the new body, and this script starts again. */
  function showKept(url, push) {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      location.assign(path(url));
      return Promise.resolve(true);
    }
    return get("pages", path(url)).then(function (page) {
      if (!page) return false;
      var kept = new DOMParser().parseFromString(page.html, "text/html");
      if (push) history.pushState({ offline: true }, "", path(url));
      document.title = kept.title;
      document.body.replaceWith(document.adoptNode(kept.body));
      window.scrollTo(0, 0);
      // the data the page's scripts read stands in its head (the score screen's tally rules): bring it along
      Array.prototype.forEach.call(kept.head.querySelectorAll("script[type='application/json'][id]"), function (data) {
        var stale = document.getElementById(data.id);
        if (stale) stale.remove();
        document.head.appendChild(document.adoptNode(data));
      });
      Array.prototype.forEach.call(kept.querySelectorAll("script[src]"), function (script) {
        var src = script.getAttribute("src");
        if (/\/js\/offline\//.test(src)) return;
        if (/htmx/.test(src) && window.htmx) { window.htmx.process(document.body); return; }
        var fresh = document.createElement("script");
        fresh.src = src;
        fresh.async = false;  // in the order the page lists them (the tally before the screen that uses it)
        document.head.appendChild(fresh);
      });
      start();
      return true;
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Each page

  function keepPack(root) {
    if (!navigator.onLine || !root.dataset.pack) return Promise.resolve();
    return get("meta", "pack-" + root.dataset.game).then(function (known) {
      if (known && known.revision === root.dataset.revision) return null;
      return fetch(root.dataset.pack, { headers: { Accept: "application/json" }, credentials: "same-origin", redirect: "manual" })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (pack) {
          if (!pack) return null;
          var urls = Object.keys(pack.pages);
          var files = urls.length ? keepFiles(filesOf(new DOMParser().parseFromString(pack.pages[urls[0]], "text/html"))) : null;
          var prompts = put("meta", { key: "prompts-" + root.dataset.game, prompts: pack.prompts || {}, totals: pack.totals || {} });
          return Promise.all(urls.map(function (url) { return keepPage(url, pack.pages[url]); }).concat([files, prompts]))
            .then(function () { return put("meta", { key: "pack-" + root.dataset.game, revision: String(pack.revision) }); });
        });
    }).catch(function () {});
  }

  /** The scripts and stylesheet a page uses (its score screen's tally and keypad scripts, say). */
  function filesOf(doc) {
    return Array.prototype.map.call(doc.querySelectorAll("link[rel=stylesheet][href], script[src]"), function (node) {
      return new URL(node.getAttribute("href") || node.getAttribute("src"), location.href).href;
    });
  }

  /** Fetch files while connected, so a kept page has them offline: the browser keeps them (their URLs carry
      a hash of their content and may be kept a year), and the service worker too where there is one. */
  function keepFiles(urls) {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage({ keep: urls });
    return Promise.all(urls.map(function (url) { return fetch(url, { credentials: "same-origin" }).catch(function () {}); }));
  }

  // Links to kept pages, followed with no connection and no service worker to answer them.
  document.addEventListener("click", function (event) {
    if (navigator.onLine || event.defaultPrevented || (navigator.serviceWorker && navigator.serviceWorker.controller)) return;
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || link.origin !== location.origin) return;
    event.preventDefault();
    showKept(link.href, true).then(function (shown) {
      if (!shown) {
        var status = document.getElementById("offline-status");
        if (status) status.textContent = O.say("noPage", "That page isn't on this phone, and there is no connection.");
      }
    });
  });
  window.addEventListener("popstate", function () {
    if (!navigator.onLine) showKept(location.href, false);
    else location.reload();
  });
  // Sending the waiting entries when the phone comes online (and every 15 s) is page.js's, which has sync.js's flush.

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      // the files this page uses, so the game opens with no connection at all
      var files = Array.prototype.map.call(document.querySelectorAll("link[rel=stylesheet][href], script[src], link[rel=icon][href], link[rel=manifest][href]"), function (node) {
        return node.href || node.src;
      });
      // and the words of its "offline" page, in this page's language (base.html's <html data-say-no-connection*>)
      var root = document.documentElement;
      var words = { lang: root.lang, title: root.getAttribute("data-say-no-connection"), text: root.getAttribute("data-say-no-connection-page") };
      if (registration.active) registration.active.postMessage({ keep: files, words: words });
    }).catch(function () {});
  }

  O.snapshot = snapshot; O.showKept = showKept; O.keepPack = keepPack;
})();
