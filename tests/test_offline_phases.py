"""The phone's running phases of a Phase 10 game agree with the engine's, hand after hand, on random games.

A phone with no connection shows the hands after one it keeps from its own "made" ticks
(static/js/tally.js ``afterHand``, ``phaseOf``, ``openPhases``; the hand-written cases from RULES.md §8.6
are tests/js/phases.test.js). Here both are fed the same random games, Phase 10 and Masters, through one
node process (tests/js/tally_batch.js), and after every hand each player's phases made, next phase and
phases not made, the game's end, and whether the hand can be followed at all must be the engine's
(companion/rules/progression.py ``follow_game``), the brute-force reference being the engine itself.
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import fuzz
from hypothesis import given
from hypothesis import strategies as st
from test_tally_golden import NODE, Tally

from companion.rules.phase10 import PHASE10
from companion.rules.progression import HandLine, PlayedHand, follow_game

RULESETS = {"per_player": PHASE10, "per_player_choice": PHASE10.with_options("masters")}
NAMES = {0: "Ann", 1: "Ben", 2: "Cy", 3: "Di"}


def phone_state(progression: str, made: dict[int, list[int]]) -> dict:
    """The state a score screen carries for the phone (companion/games/entry.py ``phase_state``), seats as text."""
    return {"progression": progression, "last": 10, "made": {str(seat): phases for seat, phases in made.items()}}


@pytest.mark.skipif(NODE is None, reason="node is not installed (make test installs Debian's nodejs)")
def test_the_phone_and_the_engine_follow_the_same_random_games_alike():
    counts: Counter[str] = Counter()
    tally = Tally()

    @fuzz(150)
    @given(st.sampled_from(sorted(RULESETS)), st.integers(2, 4), st.data())
    def alike(progression, players, data):
        ruleset, names = RULESETS[progression], {seat: NAMES[seat] for seat in range(players)}
        hands: list[PlayedHand] = []
        made = {seat: [] for seat in names}
        for number in range(1, 41):
            before = follow_game(ruleset, names, hands)
            lines = []
            for player in before.players:
                chosen = None
                if progression == "per_player_choice":  # mostly a phase not made yet; now and then none, or a made one
                    chosen = data.draw(st.one_of(st.sampled_from(player.open_phases), st.none(), st.integers(1, 10)))
                lines.append(HandLine(seat=player.seat, made=data.draw(st.booleans()), points=0, chosen_phase=chosen))
            hands.append(PlayedHand(lines=tuple(lines)))
            after = follow_game(ruleset, names, hands)
            question = {
                "op": "afterHand",
                "state": phone_state(progression, made),
                "lines": [{"seat": str(line.seat), "made": line.made, "chosen": line.chosen_phase} for line in lines],
            }
            answer = tally.ask(question)
            made = {player.seat: list(player.made) for player in after.players}
            known = not any(problem.hand == number for problem in after.problems)
            assert answer["made"] == {str(seat): phases for seat, phases in made.items()}, question
            assert answer["phases"] == {str(p.seat): p.phase for p in after.players}, question
            assert answer["open"] == {str(p.seat): list(p.open_phases) for p in after.players}, question
            assert answer["known"] == known, question
            assert answer["over"] == (after.ended_after == number), question
            counts[f"{progression}: {'known' if known else 'unknown'}"] += 1
            if answer["over"]:
                counts[f"{progression}: over"] += 1
                return

    try:
        alike()
    finally:
        tally.close()
    # both answers of each question, many times, for both progressions
    for progression in RULESETS:
        assert counts[f"{progression}: known"] >= 100 and counts[f"{progression}: over"] >= 20, counts
    assert counts["per_player_choice: unknown"] >= 20, counts
