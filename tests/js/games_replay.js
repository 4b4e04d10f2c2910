// The phone's offline arithmetic over the deals of a golden whole game (tests/whole_games.py) kept on the phone
// while the connection is down: each line scored by static/js/tally.js as the score screen does, the running
// totals the game page shows with the deals waiting here (RummyTally.runningTotals), and, where each player is on
// their own phase, the phases and roles of the hands that follow (RummyTally.afterHand, phaseOf; the roles named
// from the table by RummyTally.handRoles as offline/page.js's namedRoles does). Reads one JSON question on stdin, answers on stdout;
// tests/test_whole_games_offline.py asks it and compares the answers with the transcripts.
"use strict";
const T = require("../../static/js/tally.js");

function replay(question) {
  const answer = { totals: [], scores: [], phases: [], roles: [], errors: [] };
  const kept = []; // each deal saved on the phone: seat -> its line's total
  let state = question.phase_state || null;
  let hand = state ? state.hand : 0;
  for (const deal of question.deals) {
    const scored = {};
    for (const line of deal.lines) {
      const result = T.scoreLine(question.rules, line);
      if (result.error) answer.errors.push(result.error);
      scored[line.seat] = result.total;
    }
    kept.push(scored);
    answer.scores.push(scored);
    answer.totals.push(T.runningTotals(question.before, kept));
    if (state) {
      const after = T.afterHand(state, deal.lines.map((line) => ({ seat: line.seat, made: !!line.made })));
      state = { progression: state.progression, last: state.last, made: after.made, table: state.table };
      hand += 1;
      const phases = {};
      for (const seat of Object.keys(after.made)) phases[seat] = T.phaseOf(state, seat) || 0;
      answer.phases.push({ phases: phases, over: after.over });
      const table = state.table || question.phase_state.table;
      const roles = T.handRoles(table.names.length, table.first_dealer, table.direction, hand);
      answer.roles.push({ dealer: table.names[roles.dealer], first: table.names[roles.first] });
    }
  }
  return answer;
}

let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => { process.stdout.write(JSON.stringify(replay(JSON.parse(input)))); });
