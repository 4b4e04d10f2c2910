/* The one-screen score entry: who went out, then each other hand by keypad or typing, totals as you tap.
   Everything is added up here, on the phone (tally.js), in the tap's own event: no request until Save,
   which posts the form as it would without JavaScript. The server is the judge of what is stored. */
(function () {
  "use strict";
  var form = document.getElementById("entry");
  var data = document.getElementById("tally-rules");
  var Tally = window.RummyTally;
  if (!form || !data || !Tally) return;
  var rules = JSON.parse(data.textContent);
  Tally.useWords(rules.words);  // the tally's sentences in the page's language (none on an English page)
  var rows = Array.prototype.slice.call(form.querySelectorAll(".hand-row"));
  var keypad = document.getElementById("keypad");
  var keypadFor = document.getElementById("keypad-for");
  var phoneTotals = document.getElementById("phone-totals");
  var active = -1;
  var chosenByHand = false;  // until a line is tapped or typed in, choosing who went out picks the next seat

  function field(row, name) { return row.querySelector('[name="hands-' + row.dataset.position + "-" + name + '"]'); }
  function nameOf(row) { return row.querySelector(".hand-name").textContent; }
  function wentOut() {
    var checked = form.querySelector('input[name="went_out"]:checked');
    return checked ? checked.value : "";
  }
  function isOut(row) { return row.classList.contains("out"); }

  /** The line's score by the rules in the page; shows it, its error (once edited) and the totals. */
  function score(row) {
    var ticked = {};
    (rules.adjustments || []).forEach(function (adjustment) {
      var box = field(row, adjustment.field);
      ticked[adjustment.field] = !!(box && box.checked && box.offsetParent !== null);
    });
    var cards = field(row, "cards"), points = field(row, "points");
    return Tally.scoreLine(rules, { cards: cards.value, points: points.value, out: isOut(row), ticked: ticked });
  }

  function show(row, edited) {
    var result = score(row);
    var i = row.dataset.position;
    document.getElementById("hand-" + i + "-total").textContent = result.error ? "?" : String(result.total);
    var run = document.getElementById("run-" + i);
    run.textContent = String(parseInt(run.dataset.before, 10) + (result.error ? 0 : result.total));
    if (edited) {
      var error = document.getElementById("hands-" + i + "-error");
      error.textContent = result.error || "";
      error.hidden = !result.error;
      var cards = field(row, "cards"), points = field(row, "points");
      var onPoints = points.value.trim() && !cards.value.trim();
      cards.setAttribute("aria-invalid", result.error && !onPoints ? "true" : "false");
      points.setAttribute("aria-invalid", result.error && onPoints ? "true" : "false");
    }
    return result;
  }

  function showAll(edited) { rows.forEach(function (row) { show(row, edited); }); }

  function choose(index) {
    active = index;
    rows.forEach(function (row, i) {
      row.classList.toggle("active", i === index);
      if (i === index) row.setAttribute("aria-current", "true"); else row.removeAttribute("aria-current");
    });
    // the page's own words (entry.html's keypad carries them in its language), the name put in whole
    var label = index >= 0
      ? (keypad.dataset.cardsLeftFor || "Cards left for {name}").replace("{name}", function () { return nameOf(rows[index]); })
      : keypad.dataset.tapAName || "Cards left: tap a name first";
    keypad.setAttribute("aria-label", label);
    keypadFor.textContent = label;
  }

  /** The next hand to enter after seat ``from``, clockwise, skipping whoever went out. */
  function nextRow(from) {
    for (var step = 1; step <= rows.length; step++) {
      var i = (from + step + rows.length) % rows.length;
      if (!isOut(rows[i])) return i;
    }
    return -1;
  }

  /** Whoever went out made their phase (RULES.md §8.6.4; Phase 10): their "made" box is ticked and stays ticked
      while they are out; tapping someone else gives the box back as it was. The server takes the one who went
      out as made too, ticked or not, so the form without script needs no tap either. */
  function markMade(out) {
    rows.forEach(function (row) {
      var made = field(row, "made");
      if (!made) return;
      if (row.dataset.position === out) {
        if (made.getAttribute("aria-disabled") !== "true") made.dataset.before = made.checked ? "y" : "";
        made.checked = true;
        made.setAttribute("aria-disabled", "true");
      } else if (made.getAttribute("aria-disabled") === "true") {
        made.removeAttribute("aria-disabled");
        made.checked = made.dataset.before === "y";
      }
    });
  }

  function markOut() {
    var out = wentOut();
    rows.forEach(function (row) { row.classList.toggle("out", row.dataset.position === out); });
    markMade(out);
    if (active < 0 || isOut(rows[active]) || !chosenByHand) {
      var from = out === "" || out === "stock" ? -1 : parseInt(out, 10);
      choose(nextRow(from));
    }
    showAll(false);
  }

  function tap(key) {
    if (key === "next") { choose(nextRow(active)); return; }
    if (active < 0) return;
    chosenByHand = true;
    var row = rows[active], cards = field(row, "cards"), points = field(row, "points");
    points.value = "";  // tapping cards means the cards are what counts, not a typed number
    var text = cards.value.trim();
    if (key === "clear") {
      text = "";
    } else if (key === "back") {
      var read = Tally.readHand(text, false, rules.letters);  // in the page's suit letters (a Spanish 7T is one card)
      text = read.error ? text.split(/\s+/).slice(0, -1).join(" ") : read.ranks.slice(0, -1).join(" ");
    } else {
      text = text ? text + " " + key : key;
    }
    cards.value = text;  // the box grows a line when the hand is long (field-sizing): every card stays in sight
    show(row, true);
  }

  form.classList.add("js");
  keypad.hidden = false;
  keypad.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-key]");
    if (button) tap(button.dataset.key);
  });
  // a "made" box held for the one who went out can't be unticked (a click or the space bar is a click)
  form.addEventListener("click", function (event) {
    var box = event.target.closest('input[name$="-made"]');
    if (box && box.getAttribute("aria-disabled") === "true") event.preventDefault();
  });
  form.addEventListener("change", function (event) {
    if (event.target.name === "went_out") markOut();
    else showAll(false);
  });
  rows.forEach(function (row, i) {
    row.addEventListener("click", function (event) {
      if (event.target.closest("input, textarea, .bonus, .made")) return;  // a tick's label ticks
      event.preventDefault();  // a tap on the name chooses the line; the keyboard stays down
      chosenByHand = true;
      choose(i);
    });
    row.addEventListener("focusin", function () { chosenByHand = true; choose(i); });
    row.addEventListener("input", function () { show(row, true); });
    // the cards box is a textarea only so a long hand wraps: Enter moves on to the next hand, as in a line
    row.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || !event.target.classList.contains("hand-cards")) return;
      event.preventDefault();
      var next = rows[nextRow(i)];
      if (next && next !== row) field(next, "cards").focus();
    });
  });
  form.addEventListener("submit", function () {
    phoneTotals.value = rows.map(function (row) {
      var result = score(row);
      return result.error ? "" : String(result.total);
    }).join(",");
  });
  markOut();
  if (active < 0) choose(nextRow(-1));
})();
