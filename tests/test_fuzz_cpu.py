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

from hypothesis import given, target
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
        target(cpu, label="CPU seconds of a solve or check")  # hill-climbs towards the costliest bodies

    post()
    assert answers["solve 200"] >= 100, answers
    # the hill-climbing (target) follows measured CPU, so the mix of answers varies from run to run: both must occur
    assert answers["check 200"] >= 50 and answers["check 400"] >= 5, answers


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


# -- the checker's own hostile bodies (issue 28): go-downs read in as many ways as can be ---------------------

RUN_REQUIREMENT = st.builds(lambda n: {"kind": "run", "length": n}, st.integers(3, 14))
CONTRACTS = st.lists(st.one_of(RUN_REQUIREMENT, RUN_REQUIREMENT, REQUIREMENTS), min_size=1, max_size=6)


@st.composite
def checker_rulesets(draw):
    """A custom ruleset object whose go-downs read many ways: runs not exact, wilds and red twos wild, same-suit
    runs of every kind, alternative contracts."""
    ruleset = draw(rulesets())
    deal = ruleset["deals"][0]
    deal["requirements"] = draw(CONTRACTS)
    deal["cards_dealt"] = 20
    deal["alternatives"] = draw(st.lists(CONTRACTS, max_size=3))
    ruleset["wilds"] = draw(st.sampled_from(["JK", "JK+2", "JK+2red"]))
    ruleset["table"][0]["decks"] = 6
    return ruleset


@st.composite
def wild_runs(draw):
    """A meld of a few naturals of one suit (red twos among them) and many wild cards: many windows."""
    suit = draw(st.sampled_from("SHDC"))
    naturals = draw(st.lists(st.sampled_from(RANKS), min_size=1, max_size=3))
    wilds = draw(st.lists(st.sampled_from(["JK", "2C", "2S", "2H", "2D"]), min_size=0, max_size=12))
    return [f"{rank}{suit}" for rank in naturals] + wilds


def _check_steps(body: dict) -> int:
    """The steps the engine's check of ``body`` takes (past the budget: the whole budget)."""
    from companion.rules import godown
    from companion.rules.definition import ruleset_from_definition

    budget = godown.CheckBudget(godown.CHECK_BUDGET)
    try:
        ruleset = ruleset_from_definition(body["ruleset"])
        melds = [godown.parse_cards(" ".join(meld)) for meld in body["melds"]]
        godown._judge(ruleset, ruleset.deal(1), melds, budget)
    except godown.RulesError:
        return godown.CHECK_BUDGET
    except Exception:  # a body the API refuses before checking
        return 0
    return godown.CHECK_BUDGET - budget.left


def test_no_check_costs_more_than_its_bound_however_many_ways_it_reads(client):
    """Hill-climbs (hypothesis' ``target``) on the checker's counted steps and on its CPU for the costliest
    go-downs: many runs of one natural and many wilds, red twos, alternatives; each is a ruling or the budget's
    sentence, within the CPU bound."""
    answers: Counter[str] = Counter()
    worst = {"cpu": 0.0, "steps": 0}

    @fuzz(200)
    @given(checker_rulesets(), st.lists(st.one_of(wild_runs(), wild_runs(), HANDS), min_size=1, max_size=6))
    def post(ruleset, melds):
        body = {"ruleset": ruleset, "deal": 1, "melds": [meld[:MAX_MELD_CARDS] for meld in melds]}
        response, cpu = _measured(lambda: client.post("/api/melds/check", json=body))
        assert response.status_code in (200, 400), response.get_data(as_text=True)
        assert cpu < CPU_BOUND, (cpu, json.dumps(body))
        answers[f"check {response.status_code}"] += 1
        answers["past the budget"] += response.status_code == 400 and "too many ways" in response.get_json()["error"]
        steps = _check_steps(body)
        worst["cpu"], worst["steps"] = max(worst["cpu"], cpu), max(worst["steps"], steps)
        target(float(steps), label="the checker's steps")
        target(cpu, label="CPU seconds of a check")

    post()
    print(f"\nthe checker's costliest body found: {worst['cpu'] * 1000:.0f} ms of CPU; most steps {worst['steps']:,}; {answers}")
    assert answers["check 200"] >= 100, answers
