// The golden whole games (tests/golden/games.json, written from tests/whole_games.py, by hand from RULES.md) through
// the phone's tally (static/js/tally.js): every line as typed scores as the transcript says, each deal's running
// totals follow (a correction replaces its deal), and each player's phase moves on by the "made" ticks. Run by make
// test under Debian's nodejs (node --test tests/js); tests/test_whole_games_offline.py replays the same games from
// the server's offline pack.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const T = require("../../static/js/tally.js");

const GOLDEN = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "golden", "games.json"), "utf8"));

function lineOf(line) {
  const points = line.typed.startsWith("=") ? line.typed.slice(1) : "";
  const cards = points ? "" : line.typed;
  const ticked = {};
  for (const tick of line.ticks) if (tick !== "made") ticked[tick] = true;
  return { cards: cards, points: points, out: line.out, ticked: ticked };
}

for (const game of GOLDEN.games) {
  test(`${game.id}: every line scores as written and the running totals follow`, () => {
    const deals = {};
    for (const event of game.events) {
      const scored = {};
      for (const line of event.lines) {
        const result = T.scoreLine(game.rules, lineOf(line));
        assert.equal(result.error, undefined, `${game.id} deal ${event.deal}: ${result.error}`);
        assert.equal(result.total, line.points, `${game.id} deal ${event.deal} seat ${line.seat}: ${line.score}`);
        scored[line.seat] = result.total;
      }
      deals[event.deal] = scored;
      const zero = Object.fromEntries(game.seats.map((_, seat) => [String(seat), 0]));
      const totals = T.runningTotals(zero, Object.keys(deals).sort((a, b) => a - b).map((n) => deals[n]));
      assert.deepEqual(totals, event.totals, `${game.id} after deal ${event.deal}`);
    }
  });
  if (!game.per_player) continue;
  test(`${game.id}: each player's phase moves on by the made ticks, and the game ends when someone makes the last`, () => {
    const hands = [];
    for (const event of game.events) {
      if (event.tiebreak) break;
      hands[event.deal - 1] = event.lines.map((line) => ({ seat: line.seat, made: line.ticks.includes("made") }));
      let state = { progression: "per_player", last: game.phases, made: Object.fromEntries(game.seats.map((_, s) => [String(s), []])) };
      let over = false;
      for (const lines of hands) {
        const after = T.afterHand(state, lines);
        state = { ...state, made: after.made };
        over = after.over;
      }
      const phases = Object.fromEntries(Object.keys(state.made).map((seat) => [seat, T.phaseOf(state, seat) || 0]));
      assert.deepEqual(phases, event.phases, `${game.id} after hand ${event.deal}`);
      assert.equal(over, Object.values(event.phases).includes(0), `${game.id} after hand ${event.deal}`);
    }
  });
}
