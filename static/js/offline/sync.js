/* The offline queue's sync protocol (second of four files; see offline/page.js): deals saved on the phone
   are sent, oldest first, to the server's sync address; its answer says saved, already, conflict, or why it
   was refused, and what the table must confirm before it is sent again. The pure parts are exported under
   node for tests/js/offline.test.js. */
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
  var O = window.RummyOffline = window.RummyOffline || {};
  if (O.flush) return;
  var get = O.get, put = O.put, remove = O.remove, all = O.all;
  function render() { return O.render(); }  // the queue's notices: page.js

  var flushing = null;
  var SAY_AGAIN = "rummy-offline-say-again";  // sessionStorage: a sync's reload says what was sent once more
  O.SAY_AGAIN = SAY_AGAIN;
  var sentGames = {};  // the games whose deals this flush sent
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
      return { name: name ? name.textContent.trim() : O.say("seat", "Seat {number}", { number: i }), total: total, position: i };
    });
  }

  /** Keep the deal ``form`` holds in the queue; ``phases`` is the next hand's phase state of a per-player game
      (page.js nextPhaseState: drawn from this hand's "made" ticks), or null. */
  function enqueue(root, form, phases) {
    var item = {
      game: root.dataset.game,
      deal: parseInt(root.dataset.deal, 10),
      sync: root.dataset.sync,
      gameUrl: root.dataset.gameUrl,
      fields: fieldsOf(form),
      summary: summaryOf(form),
      savedAt: Date.now(),
      state: "waiting",
      message: "",
      phases: phases || null
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
            return get("meta", "sent-" + item.game);
          }).then(function (sent) {
            // what the server said, kept until a page has shown it (page.js); notices already shown start afresh
            var notices = sent && !sent.seen ? sent.notices || [] : [];
            notices.push({ status: answer.status, message: answer.message || "" });
            sentGames[item.game] = true;
            return put("meta", { key: "sent-" + item.game, notices: notices, seen: false });
          }).then(function () { return "done"; });
        }
        item.state = "attention";
        item.kind = attentionKind(answer);
        item.message = answer.error || O.say("refused", "The server could not take this entry ({status}).", { status: response.status });
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
      // the game page shows the server's game at once, and says there what was sent: a page may have shown
      // it already (the live poll swapped in meanwhile, marking it seen), so the page after the reload is
      // told to say it again whatever the mark (a mark in IndexedDB could be written after the reload began)
      var games = Object.keys(sentGames);
      sentGames = {};
      if (sent && document.getElementById("live") && navigator.onLine) {
        sayAgainAfterReload(games);
        refreshLive();
        return sent;
      }
      render();
      return sent;
    });
    return flushing;
  }

  /** The games whose sent deals the next page says even when a page said them already (page.js). */
  function sayAgainAfterReload(games) {
    try { sessionStorage.setItem(SAY_AGAIN, games.join(" ")); } catch (unavailable) { /* said once, as before */ }
  }

  /** After sending: show the server's game now (the live poll would within seconds; this is at once). */
  function refreshLive() {
    if (navigator.onLine) location.reload();
  }

  O.attentionKind = attentionKind; O.confirmation = confirmation; O.confirmed = confirmed;
  O.enqueue = enqueue; O.flush = flush;
})();
