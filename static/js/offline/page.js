/* Scoring through a lost connection, on every kind of address (plain http included): what the phone shows
   (last of four files, after offline/store.js, sync.js and navigation.js, and tally.js).

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
   left alone. Every page loads the four files; a kept page written into the document runs none of them
   again, but start() (below) once more.

   The running totals of a later deal's score screen count the deals saved here and not sent yet; they are
   added up by the phone's tally (RummyTally.runningTotals), as the entry screen adds up its lines.

   A game where each player plays their own phase (Phase 10) has no schedule of deals to keep: its next hand's
   screen carries the phases as data, and each hand saved here draws the screen of the hand after it (below,
   "A game where each player plays their own phase"). */
(function () {
  "use strict";
  var O = window.RummyOffline = window.RummyOffline || {};
  if (O.start) { O.start(); return; }
  var get = O.get, put = O.put, remove = O.remove, all = O.all, keepPage = O.keepPage;
  var flush = O.flush, enqueue = O.enqueue, confirmation = O.confirmation, confirmed = O.confirmed;
  var snapshot = O.snapshot, showKept = O.showKept, keepPack = O.keepPack, say = O.say, path = O.path;
  var shownHere = [];  // the server's answers to deals sent from this phone, said on this page
  var REACH_WAIT_MS = 4000;  // how long Save waits for the server before keeping the deal on the phone
  var FRESH_MS = 10000;  // a score screen asks every FRESH_MS / 2; an answer this recent lets Save post at once

  // ---------------------------------------------------------------------------------------------
  // What the phone shows

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  /** A sent deal's notice colour: recorded (saved, or already so) is good news; a conflict asks the table to look. */
  function noticeKind(status) { return status === "saved" || status === "already" ? "success" : "attention"; }

  function render(again) {
    var root = document.getElementById("offline");
    var status = document.getElementById("offline-status");
    if (!root || !status) return Promise.resolve();
    return Promise.all([all("queue"), get("meta", "sent-" + root.dataset.game)]).then(function (found) {
      var items = found[0].filter(function (item) { return item.game === root.dataset.game; });
      var sent = found[1];
      if (sent && (!sent.seen || again)) {  // said on this page; the next page (or a reload) forgets it (start)
        (sent.notices || []).forEach(function (notice) {
          var said = notice.status + "\n" + notice.message;
          if (shownHere.some(function (n) { return n.status + "\n" + n.message === said; })) return;
          shownHere.push(notice);
        });
        put("meta", { key: sent.key, notices: sent.notices, seen: true });
      }
      status.textContent = "";
      items.sort(function (a, b) { return a.id - b.id; });
      items.forEach(function (item) {
        var box = el("div", "", "notice offline-item " + item.state);
        box.dataset.deal = String(item.deal);
        // whole sentences in the page's language (games/_offline.html carries them), the deal's number put in
        var values = { deal: item.deal, message: item.message || "" };
        var head = item.state === "waiting" ? say("waiting", "Deal {deal}: saved on this phone, waiting for the connection.", values)
          : item.state === "signed-out" ? say("signedOut", "Deal {deal}: saved on this phone. This phone was signed out: sign in again and it will be sent.", values)
          : say("notTaken", "Deal {deal}: saved on this phone, not taken by the server. {message}", values).trim();
        box.appendChild(el("p", head));
        var list = el("ul", "", "offline-hands");
        item.summary.forEach(function (hand) { list.appendChild(el("li", hand.name + ": " + hand.total)); });
        box.appendChild(list);
        if (item.state === "signed-out") {
          var link = el("a", say("signIn", "Sign in"), "button");
          link.href = "/login?next=" + encodeURIComponent(item.gameUrl);
          box.appendChild(link);
        }
        if (item.state === "attention" && confirmation(item.kind)) {
          // what the phone can't judge offline: the table looks, and confirms
          var confirm = el("button", say("confirm-" + item.kind, confirmation(item.kind).label), "button primary");
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
          var drop = el("button", say("remove", "Remove it from this phone"), "button");
          drop.type = "button";
          drop.addEventListener("click", function () { remove("queue", item.id).then(render); });
          box.appendChild(drop);
        }
        status.appendChild(box);
      });
      shownHere.forEach(function (notice) {
        if (!notice.message) return;
        var text = notice.status === "saved"
          ? say("sentLater", "{message} (sent when the connection came back)", { message: notice.message })
          : notice.message;
        status.appendChild(el("p", text, "notice offline-sent " + noticeKind(notice.status)));
      });
      pointPastQueued(root, items);
    });
  }

  /** On the game page: with deals saved here but not sent yet, the prompt is the next deal's (from the phone's
      store: its contract, dealer and reminders), "Enter scores" leads to its form, and the totals so far count
      the deals waiting here, added up by the tally. */
  function pointPastQueued(root, items) {
    if (root.dataset.page !== "game" || !items.length) return;
    var last = items.reduce(function (latest, item) { return item.deal > latest.deal ? item : latest; });
    var next = last.deal + 1;
    var link = document.querySelector("a[href$='/deals/" + root.dataset.deal + "']");
    if (!link || next <= parseInt(root.dataset.deal, 10)) return;
    // a per-player game's next hand is the one its last hand saved here leads to (no count of hands to stop at)
    if (!last.phases && next > parseInt(root.dataset.deals, 10)) return;
    link.href = root.dataset.gameUrl + "/deals/" + next;
    link.textContent = say("enter", "Enter scores for deal {deal}", { deal: next });
    get("meta", "prompts-" + root.dataset.game).then(function (kept) {
      var prompt = kept && kept.prompts && kept.prompts[String(next)];
      if (last.phases) showNextHand(last.phases, link);
      else if (prompt) showPrompt(prompt, link);
      showWaitingTotals(kept && kept.totals, items, link);
    }).catch(function () {});
  }

  // ---------------------------------------------------------------------------------------------
  // A game where each player plays their own phase (Phase 10): the hands after one saved here. The score
  // screen of the next hand carries its phase state (entry.phase_state: phases made, each phase's contract,
  // who deals); a hand saved here moves it on by its "made" ticks (RummyTally.afterHand), keeps it with the
  // queued hand (the game page's prompt) and keeps the following hand's screen, drawn from this one's kept
  // page. The server derives every phase again from what it records when the queue is sent.

  /** The phase state this score screen carries, or null (everyone plays the same deal, a tie-break hand, a
      correction: nothing follows on the phone). */
  function pagePhaseState() {
    var data = document.getElementById("phase-state");
    if (!data) return null;
    try { return JSON.parse(data.textContent); } catch (unreadable) { return null; }
  }

  /** The next hand's phase state after the hand in ``form``: its ticks (and Masters' chosen phases) taken; the
      table stays, and names the next hand's dealer (handRoles). */
  function nextPhaseState(state, form) {
    var out = form.querySelector("input[name=went_out]:checked");
    var lines = Array.prototype.map.call(form.querySelectorAll(".hand-row[data-position]"), function (row) {
      var seat = row.dataset.position;
      var made = form.elements["hands-" + seat + "-made"], chosen = form.elements["hands-" + seat + "-chosen_phase"];
      // whoever went out made their phase (RULES.md §8.6.4), as the server takes it, ticked or not
      var wentOut = !!(out && out.value === seat);
      return { seat: seat, made: wentOut || !!(made && made.checked), chosen: chosen && chosen.value ? parseInt(chosen.value, 10) : null };
    });
    var after = window.RummyTally.afterHand(state, lines);
    return {
      hand: state.hand + 1, progression: state.progression, last: state.last, made: after.made,
      contracts: state.contracts, table: state.table, over: after.over, known: after.known
    };
  }

  function setText(node, text) { if (node) node.textContent = text; }

  /** Who deals, cuts and plays first in hand ``state.hand``, by name: the deal passes in the ruleset's direction
      (RULES.md §8.7.13; the phone keeps no tie-break hand, whose players the server names). */
  function namedRoles(state) {
    var table = state.table, names = table.names;
    var roles = window.RummyTally.handRoles(names.length, table.first_dealer, table.direction, state.hand);
    return { dealer: names[roles.dealer], cutter: names[roles.cutter], first: names[roles.first] };
  }

  /** A Masters line's choice: the phases not made yet (as the server's page lists them). */
  function chooseFrom(select, phases) {
    select.textContent = "";
    select.appendChild(new Option("\u2014", ""));
    phases.forEach(function (phase) { select.appendChild(new Option(say("phase", "Phase {number}", { number: phase }), String(phase))); });
  }

  /** The score screen of hand ``state.hand``: the kept screen of the hand before (``html``, as the server drew it
      or as this phone did), with its number, dealer and each player's phase moved on. Its lines are empty and
      its running totals are the recorded ones, as the server's page has them; the hands waiting here are
      added on the phone when it opens (countQueuedBefore). */
  function nextEntryPage(html, state) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var hand = { deal: state.hand };
    page.getElementById("phase-state").textContent = JSON.stringify({
      hand: state.hand, progression: state.progression, last: state.last, made: state.made,
      contracts: state.contracts, table: state.table
    });
    var root = page.getElementById("offline"), form = page.getElementById("entry");
    root.setAttribute("data-deal", String(state.hand));
    root.setAttribute("data-sync", root.getAttribute("data-sync").replace(/\/deals\/\d+\/sync$/, "/deals/" + state.hand + "/sync"));
    form.setAttribute("action", form.getAttribute("action").replace(/\/deals\/\d+$/, "/deals/" + state.hand));
    var title = page.title, rest = title.indexOf(" \u00b7 ");
    page.title = say("handTitle", "Hand {deal} scores", hand) + (rest < 0 ? "" : title.slice(rest));
    setText(page.querySelector(".entry-head h1"), say("handHeading", "Scores for hand {deal}", hand));
    setText(page.getElementById("save"), say("saveHand", "Save hand {deal}", hand));
    setText(page.querySelector("[data-phase-page='dealer']"), say("dealer", "dealer {name}", { name: namedRoles(state).dealer }));
    Array.prototype.forEach.call(page.querySelectorAll(".hand-row[data-position]"), function (row) {
      var seat = row.dataset.position, phase = window.RummyTally.phaseOf(state, seat);
      if (phase !== null) {
        setText(row.querySelector("[data-phase-page='phase']"),
          say("phaseContract", "Phase {number}: {contract}", { number: phase, contract: state.contracts[phase] }));
      }
      var choice = row.querySelector("select[name$='-chosen_phase']");
      if (choice) chooseFrom(choice, window.RummyTally.openPhases(state, seat));
    });
    return "<!DOCTYPE html>\n" + page.documentElement.outerHTML;
  }

  /** Keep the score screen of the hand after the one ``form`` saves here, when the phone can tell its phases. */
  function keepNextHand(form, state) {
    if (!state || !state.known || state.over) return Promise.resolve();
    var here = path(form.getAttribute("action"));
    return get("pages", here).then(function (page) {
      if (!page) return null;
      return keepPage(here.replace(/\/deals\/\d+$/, "/deals/" + state.hand), nextEntryPage(page.html, state));
    }).catch(function () {});
  }

  /** The game page's prompt for the hand after those saved here: each player's phase, the dealer and who plays
      first; or, when the phone can't tell (someone made their last phase, or a Masters line it can't read), why
      the server must say what follows. */
  function showNextHand(state, link) {
    var old = document.querySelector("[data-offline-added='phases']");
    if (old) old.remove();
    link.style.display = "";
    if (state.over || !state.known) {
      var said = state.over
        ? say("gameEnds", "Someone made their last phase in hand {deal}, so the game ends there: the server names the winner, or calls a tie-break hand, once the connection is back.", { deal: state.hand - 1 })
        : say("phasesUnknown", "Hand {deal} has a line with no phase it may play, so the next hand's phases need the server: they show once the connection is back.", { deal: state.hand - 1 });
      var note = el("p", said, "notice attention");
      note.setAttribute("data-offline-added", "phases");
      link.parentNode.insertBefore(note, link);
      link.style.display = "none";  // no hand to enter on this phone
      return;
    }
    var roles = namedRoles(state), hand = { deal: state.hand };
    showPrompt({ count: say("hand", "Hand {deal}", hand), dealer: roles.dealer, cutter: roles.cutter, first: roles.first,
      enter: say("enterHand", "Enter scores for hand {deal}", hand) }, link);
    Array.prototype.forEach.call(document.querySelectorAll(".phase-list li[data-seat]"), function (item) {
      var seat = item.dataset.seat, phase = window.RummyTally.phaseOf(state, seat);
      if (phase !== null) {
        setText(item.querySelector(".phase-number"), say("phase", "Phase {number}", { number: phase }));
        setText(item.querySelector(".phase-contract"), state.contracts[phase]);
      } else {
        setText(item.querySelector(".phase-contract"),
          say("notMadeYet", "Not made yet: {phases}", { phases: window.RummyTally.openPhases(state, seat).join(", ") }));
      }
    });
  }

  /** The next deal's prompt in place of the one the server drew for the deal saved here. */
  function showPrompt(prompt, link) {
    ["count", "contract", "symbols", "dealt", "dealer", "cutter", "first"].forEach(function (name) {
      var node = document.querySelector("[data-prompt='" + name + "']");
      if (node && typeof prompt[name] === "string") node.textContent = prompt[name];
    });
    showParts(document.querySelector("[data-prompt='symbols']"), prompt.parts);
    var reminders = document.querySelector("[data-prompt='reminders']");
    if (reminders && Array.isArray(prompt.reminders)) {
      reminders.textContent = "";
      prompt.reminders.forEach(function (text) { reminders.appendChild(el("li", String(text))); });
    }
    if (typeof prompt.enter === "string") link.textContent = prompt.enter;
  }

  /** The contract's parts in the table's own symbols (G3 where a set is a group), drawn as the page draws them
      (companion/card_faces.py): the engine's symbol kept as text, the table's drawn, the words read out. */
  function showParts(node, parts) {
    if (!node || !Array.isArray(parts)) return;
    node.textContent = "";
    parts.forEach(function (part, index) {
      if (index) node.appendChild(document.createTextNode(" "));
      var shown = el("span", "", "contract-part");
      shown.setAttribute("role", "img");
      shown.setAttribute("aria-label", String(part.words));
      shown.setAttribute("data-face", String(part.face));
      shown.appendChild(el("span", String(part.code), "card-code"));
      node.appendChild(shown);
    });
  }

  /** The totals with the deals waiting on this phone, marked as not yet sent. */
  function showWaitingTotals(totals, items, link) {
    var old = document.querySelector("[data-offline-added='totals']");
    if (old) old.remove();
    if (!totals || !totals.recorded || !totals.names) return;
    var deals = items.map(function (item) {
      var line = {};
      item.summary.forEach(function (hand) {
        var points = parseInt(hand.total, 10);
        if (hand.position !== undefined && !isNaN(points)) line[hand.position] = points;
      });
      return line;
    });
    var after = window.RummyTally.runningTotals(totals.recorded, deals);
    var parts = Object.keys(totals.names).map(function (seat) { return totals.names[seat] + " " + after[seat]; }).join(", ");
    // whole sentences, one for one deal and one for several (a translation writes each its own way)
    var text = items.length === 1
      ? say("totalsOne", "Totals with the deal saved on this phone (not sent yet): {totals}.", { totals: parts })
      : say("totalsMany", "Totals with the {count} deals saved on this phone (not sent yet): {totals}.",
        { count: items.length, totals: parts });
    var note = el("p", text, "hint waiting-totals");
    note.setAttribute("data-offline-added", "totals");
    link.parentNode.insertBefore(note, link);
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
  var asked = 0;  // how many times it was asked: only the newest question's answer counts
  function reachable() {
    var question = ++asked;
    if (!navigator.onLine) { lastAnswer = -Infinity; return Promise.resolve(false); }
    var control = new AbortController();
    var timer = setTimeout(function () { control.abort(); }, REACH_WAIT_MS);
    return fetch("/healthz", { cache: "no-store", credentials: "same-origin", redirect: "manual", signal: control.signal })
      .then(function () { return true; }, function () { return false; })
      .then(function (answer) {
        clearTimeout(timer);
        // an older question answered late (asked before the server went quiet) must not undo a newer "no"
        if (question === asked) lastAnswer = answer ? performance.now() : -Infinity;
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
      var queued = [];
      items.forEach(function (item) {
        if (item.game !== root.dataset.game || !(item.deal < deal)) return;
        var totals = {};
        item.summary.forEach(function (hand) {
          var points = parseInt(hand.total, 10);
          if (hand.position !== undefined && !isNaN(points)) totals[hand.position] = points;
        });
        queued.push(totals);
      });
      var before = {};
      Array.prototype.forEach.call(document.querySelectorAll(".run-total[id^='run-']"), function (run) {
        if (!run.dataset.queuedCounted) before[run.id.slice(4)] = parseInt(run.dataset.before, 10);
      });
      var after = window.RummyTally.runningTotals(before, queued);
      Object.keys(before).forEach(function (position) {
        var run = document.getElementById("run-" + position);
        if (after[position] === before[position]) return;
        run.dataset.queuedCounted = "1";
        var shown = parseInt(run.textContent, 10);
        var line = isNaN(shown) ? 0 : shown - before[position];  // this deal's line, as the tally showed it
        run.dataset.before = String(after[position]);
        if (!isNaN(shown)) run.textContent = String(window.RummyTally.handTotal(after[position], line));
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
        var state = pagePhaseState();
        var next = state && nextPhaseState(state, form);
        return enqueue(root, form, next).then(function () {
          return keepNextHand(form, next);
        }).then(function () {
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
      box.textContent = items.length === 1  // the sign-in page's own words (auth/login.html), whole
        ? say("one", "A deal saved on this phone is waiting: sign in and it will be sent.", {}, box)
        : say("many", "{count} deals saved on this phone are waiting: sign in and they will be sent.", { count: items.length }, box);
      box.hidden = false;
    }).catch(function () {});
  }

  /** Whether this page is the reload a sync asked for (sync.js) for ``game``: it says what was sent again. */
  function takeSayAgain(game) {
    try {
      var games = (sessionStorage.getItem(O.SAY_AGAIN) || "").split(" ");
      sessionStorage.removeItem(O.SAY_AGAIN);
      return games.indexOf(game) !== -1;
    } catch (unavailable) { return false; }
  }

  /** A new page: what an earlier page said of the deals sent is not said again. */
  function forgetShown(root) {
    return get("meta", "sent-" + root.dataset.game).then(function (sent) {
      return sent && sent.seen ? remove("meta", "sent-" + root.dataset.game) : null;
    }).catch(function () {});
  }

  function start() {
    shownHere = [];  // a new page: what was sent is said on the page that saw it, not again
    var root = document.getElementById("offline");
    watchServer(!!root && root.dataset.page === "entry");
    tellWaiting();
    if (!root) return;
    if (root.dataset.page === "game") onGamePage(root);
    else if (root.dataset.page === "entry") onEntryPage(root);
    if (takeSayAgain(root.dataset.game)) render(true);
    else forgetShown(root).then(function () { return render(); });
    if (navigator.onLine) flush();
  }


  window.addEventListener("online", function () { flush(); });
  // A phone's idea of being online can be wrong both ways: try now and then while anything waits.
  setInterval(function () { if (navigator.onLine) flush(); }, 15000);

  O.render = render; O.start = start; O.reachable = reachable;
  start();
})();
