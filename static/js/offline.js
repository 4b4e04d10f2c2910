/* Scoring through a lost connection, on every kind of address (plain http included).

   The game page and the score screens of the deals still to enter are kept on the phone (IndexedDB,
   which insecure origins have too), so with no connection the game page opens its score screen and a
   saved deal goes into a queue on the phone ("saved on this phone, waiting for the connection")
   instead of being lost. When the connection is back the queue is sent, oldest first, to the server's
   sync address with the deal's version; the server records it, says it already has it, or keeps it
   beside another phone's entry for the table to choose (nothing dropped, nothing counted twice). An
   expired CSRF token is renewed and the send tried again; a phone signed out meanwhile is told, and
   its queue waits for it.

   Where the page is a secure context (HTTPS, or localhost) a service worker (/sw.js) is registered
   too: it answers navigations from the pages kept here, so a reload with no connection works.

   The page says what it is in <div id="offline" data-...> (games/_offline.html); pages without it are
   left alone. This file is loaded by every page and runs again when a kept page is written into the
   document, so everything global is set up once (window.RummyOffline). */
(function () {
  "use strict";

  /* What a refused entry asks of the table before it is sent again: the server's sanity checks
     ("warnings") and a correction of a finished game ("finished", as the score page's box asks). */
  var CONFIRMATIONS = {
    warnings: { field: "confirm", label: "Save anyway: we checked" },
    finished: { field: "confirm_finished", label: "Correct it anyway" }
  };

  /** The kind of a sync answer the phone keeps its entry for: a key of CONFIRMATIONS, or the answer's status. */
  function attentionKind(answer) {
    return answer.errors && answer.errors.confirm_finished ? "finished" : answer.status || "";
  }

  /** The confirmation an entry kept for ``kind`` asks for, or null (only CONFIRMATIONS' own keys). */
  function confirmation(kind) {
    return Object.prototype.hasOwnProperty.call(CONFIRMATIONS, kind) ? CONFIRMATIONS[kind] : null;
  }

  /** The entry's fields with a confirmation set (once), for sending again. */
  function confirmed(fields, kind) {
    var field = confirmation(kind).field;
    return fields.filter(function (pair) { return pair[0] !== field; }).concat([[field, "y"]]);
  }

  if (typeof module === "object" && module.exports) {  // node --test (tests/js): the pure parts only
    module.exports = { attentionKind: attentionKind, confirmation: confirmation, confirmed: confirmed };
    return;
  }
  if (window.RummyOffline) { window.RummyOffline.start(); return; }

  var DB_NAME = "rummy-companion", DB_VERSION = 1, PAGES_CACHE = "rummy-pages-v1";
  var REACH_WAIT_MS = 4000;  // how long Save waits for the server before keeping the deal on the phone
  var FRESH_MS = 10000;  // a score screen asks every FRESH_MS / 2; an answer this recent lets Save post at once
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
        if (/\/offline\.js/.test(src)) return;
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
  // The queue

  var flushing = null;
  var token = null;  // a CSRF token fetched anew this visit, used in place of the one saved with an entry

  function fieldsOf(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) { fields.push([name, String(value)]); });
    return fields;
  }

  /** Each hand's points this deal as the phone's tally made them (the totals entry.js puts in the form on Save). */
  function summaryOf(form) {
    var totals = form.elements.phone_totals ? form.elements.phone_totals.value.split(",") : [];
    return Array.prototype.map.call(form.querySelectorAll(".hand-row"), function (row, index) {
      var i = row.dataset.position;
      var name = row.querySelector(".hand-name"), shown = document.getElementById("hand-" + i + "-total");
      var total = totals[index] !== undefined && totals[index] !== "" ? totals[index] : (shown ? shown.textContent.trim() : "?");
      return { name: name ? name.textContent.trim() : "Seat " + i, total: total, position: i };
    });
  }

  function enqueue(root, form) {
    var item = {
      game: root.dataset.game,
      deal: parseInt(root.dataset.deal, 10),
      sync: root.dataset.sync,
      gameUrl: root.dataset.gameUrl,
      fields: fieldsOf(form),
      summary: summaryOf(form),
      savedAt: Date.now(),
      state: "waiting",
      message: ""
    };
    return put("queue", item);
  }

  function renewToken() {
    return fetch("/games/csrf-token", { headers: { Accept: "application/json" }, redirect: "manual", credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (response.type === "opaqueredirect" || response.status === 401) throw { signedOut: true };
        if (!response.ok) throw { status: response.status };
        return response.json();
      })
      .then(function (body) { token = body.csrf_token; return token; });
  }

  function post(item) {
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[0] === "csrf_token" && token ? token : pair[1]); });
    return fetch(item.sync, {
      method: "POST", body: body, redirect: "manual", credentials: "same-origin", cache: "no-store",
      headers: { Accept: "application/json" }
    });
  }

  /** Send one entry: ``"done"``, ``"kept"`` (the server refused it: it stays, with the reason), or throws. */
  function send(item, renewed) {
    return post(item).then(function (response) {
      if (response.type === "opaqueredirect") throw { signedOut: true };
      if (response.status === 400 && !renewed) {
        return renewToken().then(function () { return send(item, true); });  // the token expired offline
      }
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (response.ok) {
          return remove("queue", item.id).then(function () {
            return put("meta", { key: "last-" + item.game, status: answer.status, message: answer.message || "", at: Date.now() });
          }).then(function () { return "done"; });
        }
        item.state = "attention";
        item.kind = attentionKind(answer);
        item.message = answer.error || "The server could not take this entry (" + response.status + ").";
        return put("queue", item).then(function () { return "kept"; });
      });
    });
  }

  /** Send every waiting entry, oldest first; stops at the first that can't reach the server. */
  function flush() {
    if (flushing) return flushing;
    flushing = all("queue").then(function (items) {
      items.sort(function (a, b) { return a.id - b.id; });
      var sent = 0;
      var step = Promise.resolve();
      items.forEach(function (item) {
        step = step.then(function (stop) {
          if (stop || item.state === "attention") return stop;
          return send(item).then(function (outcome) { if (outcome === "done") sent++; return false; });
        });
      });
      return step.then(function () { return sent; });
    }).then(function (sent) {
      return all("queue").then(function (items) {
        items.forEach(function (item) { if (item.state === "signed-out") { item.state = "waiting"; put("queue", item); } });
        return sent;
      });
    }, function (problem) {
      if (problem && problem.signedOut) {
        return all("queue").then(function (items) {
          return Promise.all(items.map(function (item) {
            if (item.state !== "waiting") return null;
            item.state = "signed-out";
            return put("queue", item);
          }));
        }).then(function () { return 0; });
      }
      return 0;  // no connection (yet): the entries wait
    }).then(function (sent) {
      flushing = null;
      render();
      if (sent && document.getElementById("live")) refreshLive();
      return sent;
    });
    return flushing;
  }

  /** After sending: show the server's game now (the live poll would within seconds; this is at once). */
  function refreshLive() {
    if (navigator.onLine) location.reload();
  }

  // ---------------------------------------------------------------------------------------------
  // What the phone shows

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  function render() {
    var root = document.getElementById("offline");
    var status = document.getElementById("offline-status");
    if (!root || !status) return Promise.resolve();
    return Promise.all([all("queue"), get("meta", "last-" + root.dataset.game)]).then(function (found) {
      var items = found[0].filter(function (item) { return item.game === root.dataset.game; });
      var last = found[1];
      status.textContent = "";
      items.sort(function (a, b) { return a.id - b.id; });
      items.forEach(function (item) {
        var box = el("div", "", "notice offline-item " + item.state);
        box.dataset.deal = String(item.deal);
        var head = item.state === "waiting" ? "Deal " + item.deal + ": saved on this phone, waiting for the connection."
          : item.state === "signed-out" ? "Deal " + item.deal + ": saved on this phone. This phone was signed out: sign in again and it will be sent."
          : "Deal " + item.deal + ": saved on this phone, not taken by the server. " + item.message;
        box.appendChild(el("p", head));
        var list = el("ul", "", "offline-hands");
        item.summary.forEach(function (hand) { list.appendChild(el("li", hand.name + ": " + hand.total)); });
        box.appendChild(list);
        if (item.state === "signed-out") {
          var link = el("a", "Sign in", "button");
          link.href = "/login?next=" + encodeURIComponent(item.gameUrl);
          box.appendChild(link);
        }
        if (item.state === "attention" && confirmation(item.kind)) {
          // what the phone can't judge offline: the table looks, and confirms
          var confirm = el("button", confirmation(item.kind).label, "button primary");
          confirm.type = "button";
          confirm.addEventListener("click", function () {
            item.fields = confirmed(item.fields, item.kind);
            item.state = "waiting";
            item.message = "";
            put("queue", item).then(flush);
          });
          box.appendChild(confirm);
        }
        if (item.state === "attention") {
          var drop = el("button", "Remove it from this phone", "button");
          drop.type = "button";
          drop.addEventListener("click", function () { remove("queue", item.id).then(render); });
          box.appendChild(drop);
        }
        status.appendChild(box);
      });
      if (last && Date.now() - last.at < 10 * 60 * 1000 && last.message) {
        status.appendChild(el("p", last.message + (last.status === "saved" ? " (sent when the connection came back)" : ""), "notice offline-sent"));
      }
      pointPastQueued(root, items);
    });
  }

  /** On the game page: with deals saved here but not sent yet, "Enter scores" leads to the next deal's form. */
  function pointPastQueued(root, items) {
    if (root.dataset.page !== "game" || !items.length) return;
    var next = Math.max.apply(null, items.map(function (item) { return item.deal; })) + 1;
    var link = document.querySelector("a[href$='/deals/" + root.dataset.deal + "']");
    if (!link || next <= parseInt(root.dataset.deal, 10) || next > parseInt(root.dataset.deals, 10)) return;
    link.href = root.dataset.gameUrl + "/deals/" + next;
    link.textContent = "Enter scores for deal " + next;
    if (!document.querySelector("[data-offline-added='prompt']")) {
      var note = el("p", "The prompt above is for deal " + root.dataset.deal + ", which is saved on this phone; deal " + next + "'s form is on this phone too.", "hint");
      note.setAttribute("data-offline-added", "prompt");
      link.parentNode.insertBefore(note, link);
    }
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
          return Promise.all(urls.map(function (url) { return keepPage(url, pack.pages[url]); }).concat([files]))
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

  function onGamePage(root) {
    if (navigator.onLine) keepPage(location.pathname, snapshot());
    document.body.addEventListener("htmx:afterSettle", function () {
      var fresh = document.getElementById("offline");
      if (fresh && navigator.onLine) {
        keepPage(location.pathname, snapshot());
        keepPack(fresh);
      }
      render();
    });
    keepPack(root);
  }

  /** Whether the server answers now. A phone on the home Wi-Fi says it is online while the laptop serving the
      game is asleep or out of reach: a plain post would end on the browser's error page. Any answer counts
      (the page at /healthz never touches the database); none within a few seconds is no connection. */
  var lastAnswer = -Infinity;  // when the server last answered (performance.now())
  function reachable() {
    if (!navigator.onLine) { lastAnswer = -Infinity; return Promise.resolve(false); }
    var control = new AbortController();
    var timer = setTimeout(function () { control.abort(); }, REACH_WAIT_MS);
    return fetch("/healthz", { cache: "no-store", credentials: "same-origin", redirect: "manual", signal: control.signal })
      .then(function () { return true; }, function () { return false; })
      .then(function (answer) {
        clearTimeout(timer);
        lastAnswer = answer ? performance.now() : -Infinity;
        return answer;
      });
  }

  /** On a score screen, ask now and then, so Save knows without asking (asking on a slow connection would
      cost Save a round trip); off elsewhere. */
  var watching = null;
  function watchServer(on) {
    if (on && !watching) { reachable(); watching = setInterval(reachable, FRESH_MS / 2); }
    if (!on && watching) { clearInterval(watching); watching = null; }
  }

  /** A later deal's score screen counts the deals saved on this phone and not sent yet in its running totals:
      the screen was made by the server, which has not seen them. */
  function countQueuedBefore(root) {
    var deal = parseInt(root.dataset.deal, 10);
    return all("queue").then(function (items) {
      var added = {};
      items.forEach(function (item) {
        if (item.game !== root.dataset.game || !(item.deal < deal)) return;
        item.summary.forEach(function (hand) {
          var points = parseInt(hand.total, 10);
          if (hand.position === undefined || isNaN(points)) return;
          added[hand.position] = (added[hand.position] || 0) + points;
        });
      });
      Object.keys(added).forEach(function (position) {
        var run = document.getElementById("run-" + position);
        if (!run || run.dataset.queuedCounted) return;
        run.dataset.queuedCounted = "1";
        run.dataset.before = String(parseInt(run.dataset.before, 10) + added[position]);
        var shown = parseInt(run.textContent, 10);
        if (!isNaN(shown)) run.textContent = String(shown + added[position]);
      });
    }).catch(function () {});
  }

  function onEntryPage(root) {
    var form = document.getElementById("entry") || document.querySelector("form.entry-form");
    if (!form) return;
    countQueuedBefore(root);
    var asking = false;
    form.addEventListener("submit", function (event) {
      if (event.defaultPrevented) return;
      // the server answered seconds ago (or just now, when asked below): the plain post, as without JavaScript
      if (navigator.onLine && performance.now() - lastAnswer < FRESH_MS) return;
      event.preventDefault();
      if (asking) return;  // a second tap while the first is asking: one entry, not two
      asking = true;
      reachable().then(function (up) {
        asking = false;
        if (up) {  // lastAnswer is now: this submit posts
          if (form.requestSubmit) form.requestSubmit(); else form.submit();
          return;
        }
        return enqueue(root, form).then(function () {
          return showKept(root.dataset.gameUrl, true);
        }).then(function (shown) {
          if (!shown) { form.reset(); render(); }
        });
      });
    });
  }

  /** On the sign-in page: the deals this phone still holds, so a phone sent here (signed out while away) is
      told they are safe and go once it signs in. */
  function tellWaiting() {
    var box = document.getElementById("offline-waiting");
    if (!box) return;
    all("queue").then(function (items) {
      if (!items.length) return;
      box.textContent = items.length === 1
        ? "A deal saved on this phone is waiting: sign in and it will be sent."
        : items.length + " deals saved on this phone are waiting: sign in and they will be sent.";
      box.hidden = false;
    }).catch(function () {});
  }

  function start() {
    var root = document.getElementById("offline");
    watchServer(!!root && root.dataset.page === "entry");
    tellWaiting();
    if (!root) return;
    if (root.dataset.page === "game") onGamePage(root);
    else if (root.dataset.page === "entry") onEntryPage(root);
    render();
    if (navigator.onLine) flush();
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
        if (status) status.textContent = "That page isn't on this phone, and there is no connection.";
      }
    });
  });
  window.addEventListener("popstate", function () {
    if (!navigator.onLine) showKept(location.href, false);
    else location.reload();
  });
  window.addEventListener("online", function () { flush(); });
  // A phone's idea of being online can be wrong both ways: try now and then while anything waits.
  setInterval(function () { if (navigator.onLine) flush(); }, 15000);

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      // the files this page uses, so the game opens with no connection at all
      var files = Array.prototype.map.call(document.querySelectorAll("link[rel=stylesheet][href], script[src], link[rel=icon][href], link[rel=manifest][href]"), function (node) {
        return node.href || node.src;
      });
      if (registration.active) registration.active.postMessage({ keep: files });
    }).catch(function () {});
  }

  window.RummyOffline = { start: start, flush: flush, all: all, get: get, reachable: reachable };
  start();
})();
