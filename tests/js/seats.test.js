// Who deals, cuts and plays first on the phone (static/js/tally.js handRoles) against the golden table
// (tests/golden/seat_roles.json, written by hand from RULES.md §8.7.13-14), which pytest checks against the
// engine (companion/rules/seats.py): tests/test_seat_roles.py also sends both the same random tables.
// Run by make test under Debian's nodejs (node --test tests/js).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { handRoles } = require("../../static/js/tally.js");

const golden = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "golden", "seat_roles.json"), "utf8"));

test("every golden row names the dealer, cutter and first player RULES.md's words give", () => {
  assert.ok(golden.rows.length >= 15, "the golden table holds " + golden.rows.length + " rows");
  for (const row of golden.rows) {
    const got = handRoles(row.seats, row.first_dealer, row.direction, row.number, row.part_table);
    assert.deepEqual(got, row.expected, row.why);
  }
});

test("Carioca's four rounds from A go A, D, C, B: the deal passes to the right", () => {
  const dealers = [1, 2, 3, 4].map((n) => handRoles(4, 0, "counterclockwise", n).dealer);
  assert.deepEqual(dealers, [0, 3, 2, 1]);
});

test("a tie-break hand never names a player outside the tie", () => {
  const roles = handRoles(6, 2, "clockwise", 15, { 15: [0, 4] });
  for (const seat of [roles.dealer, roles.cutter, roles.first]) assert.ok([0, 4].includes(seat), JSON.stringify(roles));
});
