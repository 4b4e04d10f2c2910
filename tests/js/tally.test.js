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
