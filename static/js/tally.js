/* The phone's own tally: reads a hand typed or tapped as cards and adds up a deal's line, so a total
   changes the moment a key is tapped, whatever the connection. It mirrors the engine's reading and
   scoring of a line (companion/rules/tally.py read_hand, companion/rules/deal_score.py read_cards,
   read_points, score_line) to the letter, error sentences included: tests/golden/tally.json is checked
   against both, and a property test feeds both the same random texts. The server stays the judge of
   what is saved.

   The rules come from the page as data (a <script type="application/json">), never as code:
     { "points": {"A": 15, "2": 2, ..., "JK": 50},   (or "A_black": 15, "A_red": 1 where the ace scores by its colour)
       "adjustments": [{"field": "exact_cut", "points": -50}, ...],
       "letters": {"notation": "es", "suits": {"P": "S", "C": "H", "D": "D", "T": "C"}, "jokers": [...]} }
   where "letters" (on a Spanish page only) are the suit letters the cards are typed in (entry.py tally_letters): a
   Spanish "7T" is a 7 of tréboles, an English one a 7 and a ten.
   Plain functions, no DOM: the entry screen (entry.js) and the offline queue use them, the queue also for the
   phases of a Phase 10 game's hands kept on the phone (afterHand, at the end). */
(function (root) {
  "use strict";

  // Python's whitespace (str.isspace, and \s in its patterns), written out: JavaScript's \s differs
  // (it takes U+FEFF and leaves out U+001C-U+001F and U+0085).
  var SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
  var SEPARATORS = new RegExp("[" + SPACE + ",;]+");
  var EDGE_SPACE = new RegExp("^[" + SPACE + "]+|[" + SPACE + "]+$", "g");
  var SYMBOLS = "\u2660\u2664\u2665\u2661\u2666\u2662\u2663\u2667";
  var SUITS = "SHDC" + SYMBOLS;
  var RANKS = { A: "A", "1": "A", T: "10", J: "J", Q: "Q", K: "K", "10": "10" };
  for (var n = 2; n <= 9; n++) RANKS[String(n)] = String(n);
  var JOKERS = { JK: true, JOKER: true, "*": true };
  // A suit as the engine writes it (companion/rules/cards.py SUIT_SPELLINGS): an ace keeps it where it scores by colour.
  var SUIT_LETTERS = { S: "S", "\u2660": "S", "\u2664": "S", H: "H", "\u2665": "H", "\u2661": "H",
    D: "D", "\u2666": "D", "\u2662": "D", C: "C", "\u2663": "C", "\u2667": "C" };
  var BLACK_ACES = { AS: true, AC: true }, RED_ACES = { AH: true, AD: true };
  var SHAPE = "a rank is A, 2-10, J, Q, K or JK (suits don't matter here)";

  // The sentences below are the engine's own messages (companion/rules/tally.py, deal_score.py, scoring.py), word
  // for word with their %(name)s places; a page in another language hands the phone their translations
  // (tally_rules' "words", companion/games/entry.py), so the tally says them as the server would, offline too.
  var WORDS = {};
  function useWords(words) { WORDS = words || {}; }
  function say(message, values) {
    var text = own(WORDS, message) ? WORDS[message] : message;
    return text.replace(/%\((\w+)\)s/g, function (whole, name) { return own(values || {}, name) ? String(values[name]) : whole; });
  }
  function notARank(token) { return say("%(token)s is not a rank: " + SHAPE + ".", { token: token }); }
  function tooManyCards(count) {
    return say("%(count)s cards is more than any hand holds: a hand is at most %(most)s cards.", { count: count, most: MAX_HAND_CARDS });
  }
  // One card in a word typed without spaces: a joker, or a rank and perhaps a suit (ignored).
  var COMPACT = new RegExp("^(?:(JOKER|JK|\\*)|(10|[2-9TAJQK])([" + SUITS + "])?)");

  // API.md's letters, and each other notation as the page gives it (rules.letters): its suit letters, its jokers,
  // and T is no ten (a Spanish T is tréboles). The symbols are read in every notation.
  var ENGLISH = { suits: SUITS, letterOf: SUIT_LETTERS, ranks: RANKS, jokers: JOKERS, compact: COMPACT, spanish: false };
  function lettersOf(given) {
    if (!given) return ENGLISH;
    var letterOf = {}, jokers = {}, ranks = {};
    Object.keys(SUIT_LETTERS).forEach(function (key) { if (SYMBOLS.indexOf(key) >= 0) letterOf[key] = SUIT_LETTERS[key]; });
    Object.keys(given.suits).forEach(function (letter) { letterOf[letter] = given.suits[letter]; });
    given.jokers.forEach(function (spelling) { jokers[spelling] = true; });
    Object.keys(RANKS).forEach(function (rank) { if (rank !== "T") ranks[rank] = RANKS[rank]; });
    var suits = Object.keys(given.suits).join("") + SYMBOLS;
    var compact = new RegExp("^(?:(JOKER|JK|\\*)|(10|[2-9AJQK])([" + suits + "])?)");
    return { suits: suits, letterOf: letterOf, ranks: ranks, jokers: jokers, compact: compact, spanish: given.notation === "es" };
  }
  var MAX_HAND_CARDS = 50, MAX_HAND_TEXT = 200, MAX_TYPED_POINTS = 2000, POINTS_READ = 1e9;
  // What Python's repr writes as an escape: str.isprintable() is false for these (a space aside).
  var UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

  function own(table, key) { return Object.prototype.hasOwnProperty.call(table, key); }

  /** str.strip() as Python does it. */
  function strip(text) { return String(text).replace(EDGE_SPACE, ""); }

  /** The number of characters (code points) in a text, as Python's len counts them. */
  function length(text) { return Array.from(text).length; }

  /** A rank as the tally keeps it: an ace with its suit letter where aces score by colour ("AH"); tally.py _suited. */
  function suited(rank, suit, aceSuits, letters) {
    return aceSuits && rank === "A" && suit ? "A" + (letters || ENGLISH).letterOf[suit] : rank;
  }

  /** One word that is a single card in any notation ("10h", "joker", "1"), or null. */
  function wholeCard(word, aceSuits, letters) {
    var upper = strip(word).toUpperCase();
    if (own(letters.jokers, upper)) return "JK";
    if (own(letters.ranks, upper)) return letters.ranks[upper];
    var chars = Array.from(upper), last = chars.pop(), head = chars.join("");
    if (chars.length >= 1 && letters.suits.indexOf(last) >= 0 && own(letters.ranks, head) && head !== "1") {
      return suited(letters.ranks[head], last, aceSuits, letters);
    }
    return null;
  }

  function hex(code, width) { return ("0000000" + code.toString(16)).slice(-width); }

  /** A word quoted as the server quotes it (Python's repr of a string). */
  function pyRepr(word) {
    var quote = word.indexOf("'") >= 0 && word.indexOf('"') < 0 ? '"' : "'";
    var out = "";
    for (var ch of word) {
      var code = ch.codePointAt(0);
      if (ch === "\\") out += "\\\\";
      else if (ch === quote) out += "\\" + ch;
      else if (ch === "\t") out += "\\t";
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch !== " " && UNPRINTABLE.test(ch)) {
        out += code < 0x100 ? "\\x" + hex(code, 2) : code < 0x10000 ? "\\u" + hex(code, 4) : "\\U" + hex(code, 8);
      } else out += ch;
    }
    return quote + out + quote;
  }

  function digitCards(digits) {
    var cards = digits.match(/10|[2-9]/g) || [];
    return cards.join("") === digits ? cards : [];
  }

  /** The ranks of one word of cards typed together ("K994A2"): {ranks} or {error}. */
  function readWord(word, aceSuits, notation) {
    var ranks = [];
    var letters = Array.from(word), uppers = Array.from(word.toUpperCase()), at = 0;
    // a letter that upper-cases to two ("ǰ" is J and a caron) is no card
    if (letters.length !== uppers.length) return { error: notARank(pyRepr(word)) };
    while (at < uppers.length) {
      var match = notation.compact.exec(uppers.slice(at).join(""));
      if (!match) {
        var bad = letters[at], rest = letters.slice(at).join("");
        if (at === 0) return { error: notARank(pyRepr(word)) };
        if (bad === "1") return { error: say("In \u201c%(word)s\u201d, the 1 is not a card: type A for an ace, or 10 for a ten.", { word: word }) };
        if (bad === "0" && notation.spanish) return { error: say("In \u201c%(word)s\u201d, the 0 is not a card: a ten is 10.", { word: word }) };
        if (bad === "0") return { error: say("In \u201c%(word)s\u201d, the 0 is not a card: a ten is 10 or T.", { word: word }) };
        return { error: say("In \u201c%(word)s\u201d, \u201c%(rest)s\u201d is not a card: " + SHAPE + ".", { word: word, rest: rest }) };
      }
      ranks.push(match[1] ? "JK" : suited(RANKS[match[2]], match[3], aceSuits, notation));
      at += length(match[0]);
    }
    return { ranks: ranks };
  }

  /** {ranks: [...]} for a hand's text (at most 50 cards, 200 characters), or {error: "a sentence"}; with aceSuits
      (the ace scores by its colour) an ace typed with its suit keeps it ("ah" is "AH"); ``given`` the suit letters
      typed in (rules.letters: a Spanish page's), API.md's without them. */
  function readHand(text, aceSuits, given) {
    var letters = lettersOf(given);
    text = String(text || "");
    if (length(text) > MAX_HAND_TEXT) {
      return { error: say("That is more than any hand holds: a hand is at most %(most)s cards.", { most: MAX_HAND_CARDS }) };
    }
    var ranks = [];
    var words = text.split(SEPARATORS);
    for (var w = 0; w < words.length; w++) {
      var word = words[w];
      if (!word) continue;
      var card = wholeCard(word, aceSuits, letters);
      if (card) { ranks.push(card); continue; }
      var upper = word.toUpperCase();
      if (/^[0-9]+$/.test(upper)) {
        var spaced = digitCards(upper).join(" ");
        if (spaced) {
          return { error: say("\u201c%(word)s\u201d reads like a number: type the cards with spaces (%(spaced)s), or the points in the points box.", { word: word, spaced: spaced }) };
        }
        return { error: say("\u201c%(word)s\u201d reads like a number: type the cards with spaces between them, or the points in the points box.", { word: word }) };
      }
      var read = readWord(word, aceSuits, letters);
      if (read.error) return read;
      ranks = ranks.concat(read.ranks);
    }
    if (ranks.length > MAX_HAND_CARDS) {
      return { error: tooManyCards(ranks.length) };
    }
    return { ranks: ranks };
  }

  // The Phase 10 deck (the engine's read_phase10_hand): numbers 1-12, W and SKIP, a colour after a number ignored.
  var PHASE10 = { W: "W", WILD: "W", S: "SKIP", SKIP: "SKIP" };
  for (var p = 1; p <= 12; p++) PHASE10[String(p)] = String(p);
  var PHASE10_CARD = /^(1[0-2]|[1-9])[RBGY]$/;
  var PHASE10_SHAPE = "a card is 1 to 12, W or SKIP (colours don't matter here)";

  /** The cards left in a Phase 10 hand as point keys: {ranks} or {error}, as the engine reads them. */
  function readPhase10Hand(text) {
    text = String(text || "");
    if (length(text) > MAX_HAND_TEXT) {
      return { error: say("That is more than any hand holds: a hand is at most %(most)s cards.", { most: MAX_HAND_CARDS }) };
    }
    var cards = [];
    var words = text.split(SEPARATORS);
    for (var w = 0; w < words.length; w++) {
      var word = words[w];
      if (!word) continue;
      var upper = word.toUpperCase(), match = PHASE10_CARD.exec(upper);
      if (own(PHASE10, upper)) cards.push(PHASE10[upper]);
      else if (match) cards.push(match[1]);
      else {
        var shown = length(word) <= 12 ? word : Array.from(word).slice(0, 10).join("") + "\u2026";
        return { error: say("\u201c%(word)s\u201d is not a Phase 10 card: " + PHASE10_SHAPE + "; put a space between cards.", { word: shown }) };
      }
    }
    if (cards.length > MAX_HAND_CARDS) {
      return { error: tooManyCards(cards.length) };
    }
    return { ranks: cards };
  }

  /** Points typed for a hand: {points} for a whole number 0-2000, else {error}. */
  function readPoints(text) {
    var typed = strip(String(text || ""));
    var digits = typed.charAt(0) === "-" ? typed.slice(1) : typed;
    if (!/^[0-9]+$/.test(digits) || digits.length > 12 || Math.abs(parseInt(typed, 10)) > POINTS_READ) {
      var shown = length(typed) <= 12 ? typed : Array.from(typed).slice(0, 10).join("") + "\u2026";
      return { error: say("\u201c%(text)s\u201d is not a number of points: type a whole number, like 25.", { text: shown }) };
    }
    var points = parseInt(typed, 10) + 0;  // "-0" is 0, as the engine reads it
    if (points < 0) return { error: say("Points can't be negative: type the cards left, or their points.") };
    if (points > MAX_TYPED_POINTS) return { error: say("%(points)s points is more than any hand can hold.", { points: points }) };
    return { points: points };
  }

  /** Whether the rules score the ace by its colour (Kalooki: keys A_black and A_red in place of A). */
  function splitAce(rules) { return own(rules.points, "A_black") && own(rules.points, "A_red"); }

  /** What the table is asked where an ace scores by its colour and one is typed without its suit (scoring.py). */
  function aceColourSentence(rules) {
    if (rules.letters && rules.letters.notation === "es") {
      return say("An ace scores by its colour here: type AP or AT for a black ace (%(black)s), AC or AD for a red ace (%(red)s).",
        { black: rules.points.A_black, red: rules.points.A_red });
    }
    return say("An ace scores by its colour here: type AS or AC for a black ace (%(black)s), AH or AD for a red ace (%(red)s).",
      { black: rules.points.A_black, red: rules.points.A_red });
  }

  /** Penalty points of ranks under the rules' point table (an ace kept with its suit scores by its colour). */
  function rankPoints(rules, ranks) {
    var sum = 0;
    for (var i = 0; i < ranks.length; i++) {
      var rank = ranks[i];
      sum += own(BLACK_ACES, rank) ? rules.points.A_black : own(RED_ACES, rank) ? rules.points.A_red : rules.points[rank];
    }
    return sum;
  }

  /** A hand's score: its points plus its adjustment (the engine's hand_total). */
  function handTotal(points, adjustment) { return points + adjustment; }

  /**
   * One line of the score form: line = {cards, points, out, ticked: {exact_cut: true, ...}}.
   * Returns {points, adjustment, total, count} or {error}; a player who went out holds nothing.
   */
  function scoreLine(rules, line) {
    var cards = strip(String(line.cards || "")), typed = strip(String(line.points || ""));
    var points = 0, count = 0;
    var adjustment = 0, ticked = line.ticked || {};
    for (var a = 0; a < (rules.adjustments || []).length; a++) {
      if (ticked[rules.adjustments[a].field] === true) adjustment += rules.adjustments[a].points;
    }
    if (!line.out) {
      if (cards && typed) return { error: say("Enter the cards left or their points, not both.") };
      if (typed) {
        var read = readPoints(typed);
        if (read.error) return read;
        points = read.points;
      } else {
        var split = splitAce(rules);
        var hand = rules.deck === "phase10" ? readPhase10Hand(cards) : readHand(cards, split, rules.letters);
        if (hand.error) return hand;
        if (split && hand.ranks.indexOf("A") >= 0) return { error: aceColourSentence(rules) };
        points = rankPoints(rules, hand.ranks);
        count = hand.ranks.length;
      }
    }
    return { points: points, adjustment: adjustment, total: handTotal(points, adjustment), count: count };
  }

  /** Each seat's total after some deals: ``before`` (seat -> total) plus each deal's line totals (seat -> total). */
  function runningTotals(before, deals) {
    var totals = {};
    Object.keys(before).forEach(function (seat) { totals[seat] = before[seat]; });
    deals.forEach(function (deal) {
      Object.keys(deal).forEach(function (seat) { totals[seat] = handTotal(totals[seat] || 0, deal[seat]); });
    });
    return totals;
  }

  // ---------------------------------------------------------------------------------------------
  // The running phases of a game where each player plays their own phase (Phase 10), as the running totals
  // are its points: companion/rules/progression.py's rule (RULES.md §8.6.2-5), so a phone with no connection
  // can show the hand after one it keeps, and the one after that. The server derives them again from what
  // it records; these only say what the table plays meanwhile.
  //   state = {progression: "per_player" | "per_player_choice", last: 10, made: {seat: [phases made, in order]}}

  /** The phases ``seat`` has not made yet, lowest first. */
  function openPhases(state, seat) {
    var made = state.made[seat] || [], open = [];
    for (var phase = 1; phase <= state.last; phase++) if (made.indexOf(phase) < 0) open.push(phase);
    return open;
  }

  /** The phase ``seat`` plays next: 1 + the phases made (per_player); null once every phase is made, or where
      each player chooses their phase before the hand (per_player_choice). */
  function phaseOf(state, seat) {
    if (state.progression !== "per_player" || !openPhases(state, seat).length) return null;
    return (state.made[seat] || []).length + 1;
  }

  /** The phase ``line``'s player attempts: derived (per_player), or the one chosen (null when no phase not made
      yet was chosen: the server says what is wrong, the phone can't go on from it). */
  function attempted(state, line) {
    if (state.progression === "per_player") return phaseOf(state, line.seat);
    var chosen = line.chosen;
    return typeof chosen === "number" && openPhases(state, line.seat).indexOf(chosen) >= 0 ? chosen : null;
  }

  /**
   * The state after one hand: each line {seat, made: true/false, chosen: the phase chosen (Masters)} moves its
   * player on when made, else the player repeats (or chooses again). Returns {made, over, known}: ``over`` when
   * someone has made every phase (the game ends after this hand, §8.6.5: the winner or a tie-break hand is the
   * server's to say), ``known`` false when a Masters line has no phase it may play (nothing follows from it).
   */
  function afterHand(state, lines) {
    var made = {}, known = true;
    Object.keys(state.made).forEach(function (seat) { made[seat] = state.made[seat].slice(); });
    lines.forEach(function (line) {
      var phase = attempted(state, line);
      if (phase === null) { known = false; return; }
      if (line.made) made[line.seat] = (made[line.seat] || []).concat([phase]);
    });
    var after = { progression: state.progression, last: state.last, made: made };
    var over = Object.keys(made).some(function (seat) { return !openPhases(after, seat).length; });
    return { made: made, over: over, known: known };
  }

  // ---------------------------------------------------------------------------------------------
  // Who deals, cuts and plays first in a hand (RULES.md §8.7.13-14): companion/rules/seats.py hand_roles to the
  // letter (tests/golden/seat_roles.json is checked against both, and a property sends both the same tables),
  // so a phone with no connection names them for the hands after one it keeps. Seats are numbered clockwise.

  /** The first seat after ``seat``, going ``step`` by ``step`` round ``seats`` seats, that plays (``seat`` when
      no other does). */
  function nextPlaying(seat, playing, step, seats) {
    for (var count = 1; count <= seats; count++) {
      var other = ((seat + count * step) % seats + seats) % seats;
      if (playing(other)) return other;
    }
    return seat;
  }

  /**
   * Who deals, cuts and plays first in hand ``number`` (from 1) at a table of ``seats`` seats, ``firstDealer``
   * having dealt hand 1, the deal passing "clockwise" (to the left) or "counterclockwise" (to the right).
   * ``partTable`` maps the number of each hand only part of the table plays (a tie-break hand) to its seats.
   * Returns {dealer, cutter, first} as seats.
   */
  function handRoles(seats, firstDealer, direction, number, partTable) {
    partTable = partTable || {};
    var step = direction === "counterclockwise" ? -1 : 1;
    var around = function (seat) { return ((seat % seats) + seats) % seats; };
    var last = around(firstDealer - step), done = 0;
    var hands = Object.keys(partTable).map(Number).filter(function (hand) { return hand <= number; });
    hands.sort(function (a, b) { return a - b; }).forEach(function (hand) {
      var tied = partTable[hand].map(Number);
      last = around(last + (hand - 1 - done) * step);
      last = nextPlaying(last, function (seat) { return tied.indexOf(seat) >= 0; }, step, seats);
      done = hand;
    });
    var dealer = around(last + (number - done) * step);
    var part = partTable[number] ? partTable[number].map(Number) : null;
    var playing = function (seat) { return part === null || part.indexOf(seat) >= 0; };
    return { dealer: dealer, cutter: nextPlaying(dealer, playing, -step, seats), first: nextPlaying(dealer, playing, step, seats) };
  }

  var api = {
    readHand: readHand, readPhase10Hand: readPhase10Hand, readPoints: readPoints, rankPoints: rankPoints, scoreLine: scoreLine, useWords: useWords,
    handTotal: handTotal, runningTotals: runningTotals, openPhases: openPhases, phaseOf: phaseOf, afterHand: afterHand,
    handRoles: handRoles
  };
  root.RummyTally = api;
  if (typeof module === "object" && module.exports) module.exports = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
