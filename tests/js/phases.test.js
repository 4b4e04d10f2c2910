// The phone's running phases of a Phase 10 game (static/js/tally.js afterHand, phaseOf, openPhases): what a phone
// with no connection shows for the hands after one it keeps. Cases written by hand from RULES.md §8.6 and example
// 4.11's progression; tests/test_offline_phases.py checks the same functions against the engine on random games.
// Run by make test under Debian's nodejs (node --test tests/js).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { afterHand, phaseOf, openPhases } = require("../../static/js/tally.js");

const PHASE10 = { progression: "per_player", last: 10 };
const MASTERS = { progression: "per_player_choice", last: 10 };
const upTo = (n) => Array.from({ length: n }, (_, i) => i + 1);

function phases(state) {
  const shown = {};
  for (const seat of Object.keys(state.made)) shown[seat] = phaseOf(state, seat);
  return shown;
}

test("4.11: hand 5, Ann and Ben on phase 5 make it, Cy on phase 3 fails: hand 6 is Ann 6, Ben 6, Cy 3", () => {
  const before = { ...PHASE10, made: { 0: upTo(4), 1: upTo(4), 2: upTo(2) } };
  assert.deepEqual(phases(before), { 0: 5, 1: 5, 2: 3 });
  const after = afterHand(before, [
    { seat: "0", made: true }, // Ann goes out: she made her phase
    { seat: "1", made: true }, // Ben lays his down without going out: he moves on too (§8.6.3)
    { seat: "2", made: false },
  ]);
  assert.equal(after.over, false);
  assert.equal(after.known, true);
  assert.deepEqual(phases({ ...PHASE10, made: after.made }), { 0: 6, 1: 6, 2: 3 });
});

test("the game's first hand: everyone starts on phase 1, and only who made it moves to phase 2", () => {
  const start = { ...PHASE10, made: { 0: [], 1: [], 2: [] } };
  assert.deepEqual(phases(start), { 0: 1, 1: 1, 2: 1 });
  const after = afterHand(start, [{ seat: "0", made: true }, { seat: "1", made: true }, { seat: "2", made: false }]);
  assert.deepEqual(after.made, { 0: [1], 1: [1], 2: [] });
  assert.deepEqual(phases({ ...PHASE10, made: after.made }), { 0: 2, 1: 2, 2: 1 });
});

test("two hands in a row, as a phone keeps them offline: each hand's ticks move on from the last", () => {
  let state = { ...PHASE10, made: { 0: [], 1: [], 2: [] } };
  state = { ...state, made: afterHand(state, [{ seat: "0", made: true }, { seat: "1", made: true }, { seat: "2", made: false }]).made };
  state = { ...state, made: afterHand(state, [{ seat: "0", made: false }, { seat: "1", made: true }, { seat: "2", made: true }]).made };
  assert.deepEqual(phases(state), { 0: 2, 1: 3, 2: 2 });
});

test("4.11's end: in hand 14 Ann and Ben make phase 10 and the game ends after it (§8.6.5); Cy is on phase 9", () => {
  const before = { ...PHASE10, made: { 0: upTo(9), 1: upTo(9), 2: upTo(8) } };
  const after = afterHand(before, [{ seat: "0", made: true }, { seat: "1", made: true }, { seat: "2", made: false }]);
  assert.equal(after.over, true);
  assert.deepEqual(openPhases({ ...PHASE10, made: after.made }, "0"), []);
  assert.equal(phaseOf({ ...PHASE10, made: after.made }, "0"), null); // nothing left to play
  assert.equal(phaseOf({ ...PHASE10, made: after.made }, "2"), 9);
});

test("one player making phase 10 is enough to end the game", () => {
  const before = { ...PHASE10, made: { 0: upTo(9), 1: upTo(3) } };
  assert.equal(afterHand(before, [{ seat: "0", made: true }, { seat: "1", made: true }]).over, true);
  assert.equal(afterHand(before, [{ seat: "0", made: false }, { seat: "1", made: true }]).over, false);
});

test("a phase not made is played again, however many hands it takes", () => {
  let state = { ...PHASE10, made: { 0: upTo(3), 1: [] } };
  for (let hand = 0; hand < 5; hand++) {
    state = { ...state, made: afterHand(state, [{ seat: "0", made: false }, { seat: "1", made: false }]).made };
  }
  assert.deepEqual(phases(state), { 0: 4, 1: 1 });
});

test("the state kept with an earlier hand is left as it was", () => {
  const before = { ...PHASE10, made: { 0: [1], 1: [] } };
  afterHand(before, [{ seat: "0", made: true }, { seat: "1", made: true }]);
  assert.deepEqual(before.made, { 0: [1], 1: [] });
});

test("Masters (§8.6.2-3): a chosen phase made is marked made; the player chooses from the rest next hand", () => {
  const start = { ...MASTERS, made: { 0: [], 1: [], 2: [] } };
  assert.deepEqual(phases(start), { 0: null, 1: null, 2: null }); // chosen before each hand, never derived
  const after = afterHand(start, [
    { seat: "0", made: true, chosen: 4 },
    { seat: "1", made: false, chosen: 2 },
    { seat: "2", made: true, chosen: 1 },
  ]);
  assert.equal(after.known, true);
  assert.deepEqual(after.made, { 0: [4], 1: [], 2: [1] });
  const next = { ...MASTERS, made: after.made };
  assert.deepEqual(openPhases(next, "0"), [1, 2, 3, 5, 6, 7, 8, 9, 10]);
  assert.deepEqual(openPhases(next, "1"), upTo(10));
});

test("Masters: the game ends after the hand in which someone makes their last unmade phase, whichever it is", () => {
  const before = { ...MASTERS, made: { 0: [1, 2, 3, 4, 5, 6, 8, 9, 10], 1: [1] } };
  const after = afterHand(before, [{ seat: "0", made: true, chosen: 7 }, { seat: "1", made: false, chosen: 5 }]);
  assert.equal(after.over, true);
});

test("Masters: a line with no phase chosen, or one made already, is the server's to judge: nothing follows", () => {
  const before = { ...MASTERS, made: { 0: [3], 1: [] } };
  assert.equal(afterHand(before, [{ seat: "0", made: true, chosen: null }, { seat: "1", made: false, chosen: 1 }]).known, false);
  assert.equal(afterHand(before, [{ seat: "0", made: true, chosen: 3 }, { seat: "1", made: false, chosen: 1 }]).known, false);
  assert.equal(afterHand(before, [{ seat: "0", made: true, chosen: 11 }, { seat: "1", made: false, chosen: 1 }]).known, false);
});
