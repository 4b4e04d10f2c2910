// Answers the property test (tests/test_tally_golden.py): one JSON question a line on stdin, one JSON answer
// a line on stdout, from static/js/tally.js, so one node process serves a whole batch of examples.
"use strict";
const readline = require("node:readline");
const tally = require("../../static/js/tally.js");

function answer(question) {
  if (question.op === "readHand") return tally.readHand(question.text);
  if (question.op === "readPoints") return tally.readPoints(question.text);
  const ticked = {};
  for (const field of question.line.ticked) ticked[field] = true;
  return tally.scoreLine(question.rules, { ...question.line, ticked });
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => process.stdout.write(JSON.stringify(answer(JSON.parse(line))) + "\n"));
