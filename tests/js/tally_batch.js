// Answers the property tests (tests/test_tally_golden.py, tests/test_offline_phases.py, tests/test_seat_roles.py): one JSON question a line on stdin, one JSON answer
// a line on stdout, from static/js/tally.js, so one node process serves a whole batch of examples.
"use strict";
const readline = require("node:readline");
const tally = require("../../static/js/tally.js");

/** A Phase 10 hand's running phases: the state after it, and each seat's next phase and phases not made. */
function phasesAfter(question) {
  const after = tally.afterHand(question.state, question.lines);
  const next = { ...question.state, made: after.made };
  const seats = Object.keys(after.made);
  return {
    ...after,
    phases: Object.fromEntries(seats.map((seat) => [seat, tally.phaseOf(next, seat)])),
    open: Object.fromEntries(seats.map((seat) => [seat, tally.openPhases(next, seat)])),
  };
}

function answer(question) {
  tally.useWords(question.words);  // a page's language: its translations of the tally's sentences (none: English)
  if (question.op === "afterHand") return phasesAfter(question);
  if (question.op === "handRoles") return tally.handRoles(question.seats, question.first_dealer, question.direction, question.number, question.part_table);
  if (question.op === "readHand") return tally.readHand(question.text);
  if (question.op === "readPoints") return tally.readPoints(question.text);
  const ticked = {};
  for (const field of question.line.ticked) ticked[field] = true;
  return tally.scoreLine(question.rules, { ...question.line, ticked });
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => process.stdout.write(JSON.stringify(answer(JSON.parse(line))) + "\n"));
