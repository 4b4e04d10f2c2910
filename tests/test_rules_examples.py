"""RULES.md §4, example by example: every worked go-down, score and adjustment.

The go-down and score tables live in ``rules_examples.py`` as data; each test
id names the ruleset and the rule the example pins, for example
``contract-deal_3_same_suit_runs_must_not_join``.
"""

from __future__ import annotations

import pytest
from rules_examples import GO_DOWNS, SCORES

from companion.rules import (
    RULESETS,
    check_go_down,
    find_ruleset,
    parse_cards,
    ruleset_from_definition,
    ruleset_to_definition,
    score_hand,
    settle,
)


@pytest.fixture(params=["built_in", "definition"])
def ruleset_named(request):
    """Finds a built-in ruleset by id, or (second run) the ruleset its definition describes (API.md "Round trip").

    Every example below runs against both: a built-in ruleset's definition
    must judge and score exactly as the built-in does.
    """
    if request.param == "built_in":
        return find_ruleset

    def from_definition(ruleset_id: str):
        return ruleset_from_definition(ruleset_to_definition(find_ruleset(ruleset_id)), ruleset_id=f"{ruleset_id}-copy")

    return from_definition


def melds_of(text: str) -> list[tuple]:
    """``"7H 7S 7D | KC KD JK"`` as two melds."""
    return [parse_cards(meld) for meld in text.split("|")]


def _go_down_id(example: tuple) -> str:
    return f"{example[0]}-{example[1]}"


def test_example_ids_are_unique():
    ids = [_go_down_id(example) for example in GO_DOWNS]
    assert len(ids) == len(set(ids))


def test_every_ruleset_has_worked_examples():
    assert {example[0] for example in GO_DOWNS} == set(RULESETS)


@pytest.mark.parametrize(
    ("ruleset_id", "rule", "deal", "melds", "remaining", "legal", "words"),
    GO_DOWNS,
    ids=[_go_down_id(example) for example in GO_DOWNS],
)
def test_go_down_example(ruleset_named, ruleset_id, rule, deal, melds, remaining, legal, words):
    ruling = check_go_down(
        ruleset_named(ruleset_id),
        deal,
        melds_of(melds),
        None if remaining is None else parse_cards(remaining),
    )
    assert ruling.legal is legal, ruling.problems
    if legal:
        assert ruling.problems == ()
    else:
        assert ruling.problems, "an illegal go-down must say why"
        for word in words:
            assert word in ruling.problems[0], (word, ruling.problems)


@pytest.mark.parametrize(
    ("ruleset_id", "cards", "points"),
    SCORES,
    ids=[f"{ruleset}-{cards.replace(' ', '_') or 'empty'}" for ruleset, cards, _ in SCORES],
)
def test_score_example(ruleset_named, ruleset_id, cards, points):
    score = score_hand(ruleset_named(ruleset_id), parse_cards(cards))
    assert score.points == points
    assert sum(card_points for _, card_points in score.cards) == points
    assert [card for card, _ in score.cards] == list(parse_cards(cards))


# -- RULES.md §4.2: Liverpool's exact cut -------------------------------------

# (players, deal, cards in an exact cut) from §4.2 and §3.2 (players × cards_dealt + 1)
EXACT_CUTS = [
    (4, 1, 41), (4, 2, 41), (4, 3, 41),
    (4, 4, 49), (4, 5, 49), (4, 6, 49), (4, 7, 49),
    (5, 4, 61),
]  # fmt: skip


@pytest.mark.parametrize(("players", "deal", "cards"), EXACT_CUTS, ids=[f"{p}_players-deal_{d}-{c}" for p, d, c in EXACT_CUTS])
def test_liverpool_exact_cut_is_players_times_cards_dealt_plus_one(ruleset_named, players, deal, cards):
    # The engine has no function for the exact cut itself; the number follows from the deal's data.
    liverpool = ruleset_named("liverpool")
    assert players * liverpool.deal(deal).cards_dealt + 1 == cards


def test_liverpool_exact_cut_takes_50_off(ruleset_named):
    assert ruleset_named("liverpool").exact_cut_bonus == 50
    assert ruleset_named("contract").exact_cut_bonus == 0


# (cards held by the cutter, deal score after an exact cut) from §4.2
LIVERPOOL_CUT_SCORES = [("AS 10D 2C", -23), ("", -50)]


@pytest.mark.parametrize(("cards", "score"), LIVERPOOL_CUT_SCORES, ids=["holds_27_points", "went_out"])
def test_liverpool_exact_cut_score_may_go_below_zero(ruleset_named, cards, score):
    liverpool = ruleset_named("liverpool")
    assert score_hand(liverpool, parse_cards(cards)).points - liverpool.exact_cut_bonus == score


# -- RULES.md §4.9: Continental's one-turn bonus -------------------------------


def test_continental_one_turn_out_bonus_is_10(ruleset_named):
    continental = ruleset_named("continental")
    assert continental.one_turn_out_bonus == 10
    assert score_hand(continental, ()).points - continental.one_turn_out_bonus == -10


@pytest.mark.parametrize("ruleset_id", ["contract", "liverpool", "shanghai", "progressive"])
def test_only_continental_has_a_one_turn_out_bonus(ruleset_named, ruleset_id):
    assert ruleset_named(ruleset_id).one_turn_out_bonus == 0


# -- RULES.md §3.10 and §4.10: Progressive's settlement -------------------------

# (final totals, kitty, money per player); lowest total wins
SETTLEMENTS = [
    ([50, 80, 120, 200], 6, [18, -2, -4, -6]),  # §4.10: 4 players, a 6-penny kitty
    ([200, 120, 80, 50], 6, [-6, -4, -2, 18]),  # the same, seats in another order
    ([50, 80, 120, 200], 0, [12, -2, -4, -6]),  # §3.10: the winner gets +12
    ([10, 20, 30], 0, [6, -2, -4]),  # (d) place k pays 2(k − 1) at any table size
    ([10, 20, 30, 40, 50], 3, [23, -2, -4, -6, -8]),
    ([10, 10, 30, 40], 0, [5, 5, -4, -6]),  # (d) tied winners share the payments of places 1 and 2
]


@pytest.mark.parametrize(("totals", "kitty", "money"), SETTLEMENTS, ids=[f"{len(t)}_players-kitty_{k}-{i}" for i, (t, k, _) in enumerate(SETTLEMENTS)])
def test_progressive_settlement(ruleset_named, totals, kitty, money):
    assert settle(ruleset_named("progressive"), totals, kitty=kitty) == money


def test_settlement_only_moves_the_kitty(ruleset_named):
    totals = [31, 77, 12, 54, 90, 45]
    assert sum(settle(ruleset_named("progressive"), totals, kitty=9)) == 9


def test_rulesets_without_a_settlement_settle_nothing(ruleset_named):
    assert settle(ruleset_named("contract"), [50, 80, 120, 200], kitty=6) == [0, 0, 0, 0]


# -- settle in whole pennies, with ties (RULES.md §3.10; the odd penny goes to the player listed first) ------


def test_settlement_two_players_tied_share_the_kitty_and_the_odd_penny_goes_to_the_first(ruleset_named):
    assert settle(ruleset_named("progressive"), [0, 0], kitty=1) == [1, 0]


def test_settlement_with_ties_pays_out_exactly_nothing_without_a_kitty(ruleset_named):
    money = settle(ruleset_named("progressive"), [0, 0, 0, 1, 1])
    assert sum(money) == 0
    assert money == [5, 5, 4, -7, -7]  # places 1-3 owe 0+2+4, 2 each; places 4-5 owe 6+8, 7 each; 20 shared by three
