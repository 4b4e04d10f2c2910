"""The fuzz gate's CPU teeth: hostile bodies for the solver and the checker, each request's CPU bounded.

Hypothesis builds custom ruleset objects with random values of every field
the solver reads (up to six requirements, packs, jokers, wild twos, limits)
and hands of up to 24 cards rich in wild cards, and sends them to
``/api/solve``; go-downs of random melds (including far too many, empty and
oversized ones) go to ``/api/melds/check``; the same hands go to the helper
and checker pages as typed text. No answer may be a server error, and none
may cost this process more than ``CPU_BOUND`` seconds of CPU: CPU time, not
wall-clock time, so a loaded machine does not fail it (an attack once cost
30 s for one request; the budget keeps each under half a second).
"""

from __future__ import annotations

import json
import resource
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from companion.rules.godown import MAX_MELD_CARDS, MAX_MELDS
from conftest import fuzz

CPU_BOUND = 1.5
"""Seconds of CPU one request may cost here: three times the budget's worst, so a slow machine still passes."""

RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
NATURALS = [f"{rank}{suit}" for rank in RANKS for suit in "SHDC"]
REQUIREMENTS = st.one_of(
    st.builds(lambda n: {"kind": "set", "length": n}, st.integers(3, 8)),
    st.builds(lambda n: {"kind": "run", "length": n}, st.integers(3, 14)),
    st.just({"kind": "pair", "length": 2}),
)


@st.composite
def rulesets(draw):
    """A custom ruleset object, always valid: one deal, every field the solver reads drawn."""
    requirements = draw(st.lists(REQUIREMENTS, min_size=1, max_size=6))
    meld_all = draw(st.booleans())
    decks = draw(st.integers(2, 6))
    return {
        "base": "contract",
        "name": "Fuzzed",
        "players": {"min": 2, "max": 8},
        "table": [{"players": [2, 8], "decks": decks, "jokers": draw(st.sampled_from([0, 2, 6, 12]))}],
        "wilds": draw(st.sampled_from(["JK", "JK+2"])),
        "exact": draw(st.booleans()) and not meld_all,
        "aces": draw(st.sampled_from(["low_or_high", "high_only"])),
        "max_wilds": draw(st.sampled_from([None, 0, 1, 2, 3, 10**29])),
        "repeat_rank": draw(st.booleans()),
        "dup_suits": draw(st.booleans()),
        "same_suit_runs": draw(st.sampled_from(["any", "no_contiguous", "one_per_suit"])),
        "deals": [
            {
                "cards_dealt": min(20, max(5, sum(r["length"] for r in requirements))),
                "requirements": requirements,
                "meld_all": meld_all,
                "going_out": "no_discard" if meld_all else "discard",
            }
        ],
    }


HANDS = st.builds(
    lambda naturals, jokers: naturals + ["JK"] * jokers,
    st.lists(st.sampled_from(NATURALS), min_size=0, max_size=20),
    st.integers(0, 8),
)


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _measured(call):
    before = _cpu_seconds()
    response = call()
    return response, _cpu_seconds() - before


def test_no_solve_or_check_costs_more_than_its_bound_whatever_the_body(client):
    answers: Counter[str] = Counter()

    @fuzz(250)
    @given(rulesets(), HANDS, st.data())
    def post(ruleset, hand, data):
        hand = hand[:24]
        response, cpu = _measured(lambda: client.post("/api/solve", json={"ruleset": ruleset, "deal": 1, "hand": hand}))
        assert response.status_code in (200, 400), response.get_data(as_text=True)
        assert cpu < CPU_BOUND, (cpu, json.dumps(ruleset), hand)
        answers[f"solve {response.status_code}"] += 1
        melds = data.draw(st.lists(st.lists(st.sampled_from(hand or ["JK"]), max_size=MAX_MELD_CARDS + 2), max_size=MAX_MELDS + 3))
        response, cpu = _measured(lambda: client.post("/api/melds/check", json={"ruleset": ruleset, "deal": 1, "melds": melds}))
        assert response.status_code in (200, 400), response.get_data(as_text=True)
        assert cpu < CPU_BOUND, (cpu, json.dumps(ruleset), melds)
        answers[f"check {response.status_code}"] += 1

    post()
    assert answers["solve 200"] >= 100, answers
    assert answers["check 200"] >= 50 and answers["check 400"] >= 20, answers


def test_no_helper_or_checker_page_costs_more_than_its_bound(client):
    answers: Counter[str] = Counter()

    @fuzz(150)
    @given(st.sampled_from(["contract", "may-i", "liverpool", "progressive", "continental"]), HANDS, st.integers(1, 12))
    def visit(ruleset_id, hand, deal):
        text = " ".join(hand[:24])
        for path in ("/helper", "/check"):
            response, cpu = _measured(
                lambda path=path: client.get(path, query_string={"ruleset": ruleset_id, "deal": deal, "hand": text, "melds": text})
            )
            assert response.status_code < 500
            assert cpu < CPU_BOUND, (cpu, path, ruleset_id, deal, text)
            answers[path] += 1

    visit()
    assert answers["/helper"] == answers["/check"] >= 100, answers
