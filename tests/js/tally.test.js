// The phone's tally (static/js/tally.js) against the golden table (tests/golden/tally.json), which pytest checks
// against the engine: both read and score every line alike, error sentences included. Run by make test under
// Debian's nodejs (node --test tests/js).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const tally = require("../../static/js/tally.js");

const golden = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "golden", "tally.json"), "utf8"));

function ticked(fields) {
  const chosen = {};
  for (const field of fields) chosen[field] = true;
  return chosen;
}

test("every golden row scores as the engine scores it", () => {
  assert.ok(golden.rows.length >= 300, "the golden table holds " + golden.rows.length + " rows");
  for (const row of golden.rows) {
    const rules = golden.rulesets[row.ruleset];
    const got = tally.scoreLine(rules, { ...row.line, ticked: ticked(row.line.ticked) });
    assert.deepEqual(got, row.expected, JSON.stringify(row.line));
  }
});

test("readHand, readPoints and scoreLine are what the page and the offline queue use", () => {
  assert.deepEqual(tally.readHand("K994A2"), { ranks: ["K", "9", "9", "4", "A", "2"] });
  assert.deepEqual(tally.readPoints("25"), { points: 25 });
  assert.equal(typeof tally.scoreLine, "function");
});

test("an adjustment is ticked only by true, not by a name every object has", () => {
  const rules = golden.rulesets.liverpool;
  for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
    assert.equal(tally.scoreLine(rules, { cards: "K", ticked: { [name]: true } }).adjustment, 0, name);
  }
  assert.equal(tally.scoreLine(rules, { cards: "K", ticked: { exact_cut: "yes" } }).adjustment, 0);
});

test("a rank named like an object's property is not a card", () => {
  for (const word of ["constructor", "toString", "__proto__", "valueOf"]) {
    assert.ok(tally.readHand(word).error, word);
  }
});

test("running totals add each deal's line totals to the totals before", () => {
  assert.deepEqual(tally.runningTotals({ 0: 10, 1: 0 }, [{ 0: 5, 1: -50 }, { 1: 7, 2: 3 }]), { 0: 15, 1: -43, 2: 3 });
  assert.deepEqual(tally.runningTotals({}, []), {});
});

// Kalooki (RULES.md §8.4): the ace scores by its colour, so the page's rules carry A_black and A_red in place of A,
// and a hand typed or tapped keeps each ace's suit (the keypad's AS and AH keys).
const KALOOKI = {
  points: { A_black: 15, A_red: 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, J: 10, Q: 10, K: 10, JK: 50 },
  adjustments: [],
};

test("Kalooki's split ace: RULES.md 4.14's scoring examples, typed or tapped", () => {
  const points = (cards) => tally.scoreLine(KALOOKI, { cards }).points;
  assert.equal(points("JK AS AH KD 10C 3H"), 89);  // 50 + 15 + 1 + 10 + 10 + 3
  assert.equal(points("AC AD"), 16);
  assert.equal(points("JK JK"), 100);
  assert.equal(points("AS AH"), 16);  // the keypad's black ace and red ace keys
  assert.equal(points("k9ah"), 20);  // run together, any case
  assert.equal(points("A\u2660 a\u2665"), 16);  // suit symbols
  assert.deepEqual(tally.readHand("ah A\u2663 k", true), { ranks: ["AH", "AC", "K"] });
  assert.deepEqual(tally.readHand("ah k"), { ranks: ["A", "K"] });  // elsewhere a suit doesn't matter
});

test("Kalooki asks again for an ace without its suit, in the engine's words", () => {
  assert.deepEqual(tally.scoreLine(KALOOKI, { cards: "A K" }), {
    error: "An ace scores by its colour here: type AS or AC for a black ace (15), AH or AD for a red ace (1).",
  });
});

test("a hand typed in a Spanish table's suit letters scores as tests/golden/tally_spanish.json says", () => {
  const spanish = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "golden", "tally_spanish.json"), "utf8"));
  const points = { contract: golden.rulesets.contract.points, kalooki: KALOOKI.points };
  for (const row of spanish.rows) {
    const rules = { points: points[row.ruleset], adjustments: [], letters: spanish.letters };
    const got = tally.scoreLine(rules, { cards: row.cards });
    const shown = got.error ? { error: got.error } : { points: got.points };
    assert.deepEqual(shown, row.expect, row.ruleset + ": " + row.cards);
  }
  // without the letters (an English page), the same keys read API.md's: 7T is a 7 and a ten, AC a black ace
  assert.equal(tally.scoreLine({ points: golden.rulesets.contract.points, adjustments: [] }, { cards: "7T" }).points, 17);
  assert.equal(tally.scoreLine(KALOOKI, { cards: "AC" }).points, 15);
});
