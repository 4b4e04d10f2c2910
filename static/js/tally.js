/* The phone's own tally: reads a hand typed or tapped as cards and adds up a deal's line, so a total
   changes the moment a key is tapped, whatever the connection. It mirrors companion/rules/tally.py
   (read_hand) and the service's adjustments; the server stays the judge of what is saved.

   The rules come from the page as data (a <script type="application/json">), never as code:
     { "points": {"A": 15, "2": 2, ..., "JK": 50},
       "adjustments": [{"field": "exact_cut", "points": -50}, ...] }
   Plain functions, no DOM: the entry screen (entry.js) and an offline queue can both use them. */
(function (root) {
  "use strict";

  var SEPARATORS = /[\s,;]+/;
  var SUITS = "SHDC\u2660\u2664\u2665\u2661\u2666\u2662\u2663\u2667";
  var RANKS = { A: "A", "1": "A", T: "10", J: "J", Q: "Q", K: "K", "10": "10" };
  for (var n = 2; n <= 9; n++) RANKS[String(n)] = String(n);
  var JOKERS = { JK: true, JOKER: true, "*": true };
  var SHAPE = "a rank is A, 2-10, J, Q, K or JK (suits don't matter here)";
  // One card in a word typed without spaces: a joker, or a rank and perhaps a suit (ignored).
  var COMPACT = new RegExp("^(?:(JOKER|JK|\\*)|(10|[2-9TAJQK])([" + SUITS + "])?)");

  /** One word that is a single card in any notation ("10h", "joker", "1"), or null. */
  function wholeCard(upper) {
    if (JOKERS[upper]) return "JK";
    if (RANKS[upper]) return RANKS[upper];
    var last = upper.charAt(upper.length - 1), head = upper.slice(0, -1);
    if (upper.length >= 2 && SUITS.indexOf(last) >= 0 && RANKS[head] && head !== "1") return RANKS[head];
    return null;
  }

  /** A word quoted as the server quotes it (Python's repr of a string). */
  function pyRepr(word) {
    if (word.indexOf("'") >= 0 && word.indexOf('"') < 0) return '"' + word.replace(/\\/g, "\\\\") + '"';
    return "'" + word.replace(/\\/g, "\\\\").replace(/'/g, "\\'") + "'";
  }

  function digitCards(digits) {
    var cards = digits.match(/10|[2-9]/g) || [];
    return cards.join("") === digits ? cards : [];
  }

  /** {ranks: [...]} for a hand's text, or {error: "a sentence"} (the same sentences as the server's). */
  function readHand(text) {
    var ranks = [];
    var words = String(text || "").split(SEPARATORS);
    for (var w = 0; w < words.length; w++) {
      var word = words[w];
      if (!word) continue;
      var upper = word.toUpperCase();
      var card = wholeCard(upper);
      if (card) { ranks.push(card); continue; }
      if (/^[0-9]+$/.test(upper)) {
        var spaced = digitCards(upper).join(" ");
        var how = spaced ? "type the cards with spaces (" + spaced + ")" : "type the cards with spaces between them";
        return { error: "\u201c" + word + "\u201d reads like a number: " + how + ", or the points in the points box." };
      }
      var at = 0;
      while (at < upper.length) {
        var match = COMPACT.exec(upper.slice(at));
        if (!match) {
          var bad = word.charAt(at);
          if (at === 0) return { error: pyRepr(word) + " is not a rank: " + SHAPE + "." };
          if (bad === "1") return { error: "In \u201c" + word + "\u201d, the 1 is not a card: type A for an ace, or 10 for a ten." };
          if (bad === "0") return { error: "In \u201c" + word + "\u201d, the 0 is not a card: a ten is 10 or T." };
          return { error: "In \u201c" + word + "\u201d, \u201c" + word.slice(at) + "\u201d is not a card: " + SHAPE + "." };
        }
        ranks.push(match[1] ? "JK" : RANKS[match[2]]);
        at += match[0].length;
      }
    }
    return { ranks: ranks };
  }

  /** Points typed for a hand: {points} for a whole number 0-2000, else {error}. */
  function readPoints(text) {
    var typed = String(text || "").trim();
    if (!/^-?[0-9]+$/.test(typed)) return { error: "\u201c" + typed + "\u201d is not a number of points: type a whole number, like 25." };
    var points = parseInt(typed, 10);
    if (points < 0) return { error: "Points can't be negative: type the cards left, or their points." };
    if (points > 2000) return { error: points + " points is more than any hand can hold." };
    return { points: points };
  }

  /** Penalty points of ranks under the rules' point table. */
  function rankPoints(rules, ranks) {
    var sum = 0;
    for (var i = 0; i < ranks.length; i++) sum += rules.points[ranks[i]];
    return sum;
  }

  /**
   * One line of the score form: line = {cards, points, out, ticked: {exact_cut: true, ...}}.
   * Returns {points, adjustment, total, count} or {error}; a player who went out holds nothing.
   */
  function scoreLine(rules, line) {
    var cards = String(line.cards || "").trim(), typed = String(line.points || "").trim();
    var points = 0, count = 0;
    if (!line.out) {
      if (cards && typed) return { error: "Enter the cards left or their points, not both." };
      if (typed) {
        var read = readPoints(typed);
        if (read.error) return read;
        points = read.points;
      } else {
        var hand = readHand(cards);
        if (hand.error) return hand;
        points = rankPoints(rules, hand.ranks);
        count = hand.ranks.length;
      }
    }
    var adjustment = 0, ticked = line.ticked || {};
    for (var a = 0; a < (rules.adjustments || []).length; a++) {
      if (ticked[rules.adjustments[a].field]) adjustment += rules.adjustments[a].points;
    }
    return { points: points, adjustment: adjustment, total: points + adjustment, count: count };
  }

  var api = { readHand: readHand, readPoints: readPoints, rankPoints: rankPoints, scoreLine: scoreLine };
  root.RummyTally = api;
  if (typeof module === "object" && module.exports) module.exports = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
