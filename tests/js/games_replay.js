// The phone's offline arithmetic over the deals of a golden whole game (tests/whole_games.py) kept on the phone
// while the connection is down: each line scored by static/js/tally.js as the score screen does, the running
// totals the game page shows with the deals waiting here (RummyTally.runningTotals), and, where each player is on
// their own phase, the phases and roles of the hands that follow (RummyTally.afterHand, phaseOf; the roles moved
// on a seat a hand as offline/page.js's nextPhaseState does). Reads one JSON question on stdin, answers on stdout;
// tests/test_whole_games_offline.py asks it and compares the answers with the transcripts.
"use strict";
const T = require("../../static/js/tally.js");

function replay(question) {
  const answer = { totals: [], scores: [], phases: [], roles: [], errors: [] };
  const kept = []; // each deal saved on the phone: seat -> its line's total
  let state = question.phase_state || null;
  let roles = state ? state.roles.slice() : [];
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
      state = { progression: state.progression, last: state.last, made: after.made };
      roles = roles.slice(1).concat(roles.slice(0, 1));
      const phases = {};
      for (const seat of Object.keys(after.made)) phases[seat] = T.phaseOf(state, seat) || 0;
      answer.phases.push({ phases: phases, over: after.over });
      answer.roles.push(roles[0]);
    }
  }
  return answer;
}

let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => { process.stdout.write(JSON.stringify(replay(JSON.parse(input)))); });
