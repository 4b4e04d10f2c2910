"""Play after going down: laying off and taking a joker (companion/rules/layoff.py).

Each example row names the rule it pins (the test id is
``<ruleset>-<rule>``); ``words`` are fragments the problems must contain, so
the sentence a player reads is pinned too. The property tests compare the
checker with brute-force references written here, which try every window
and every place for every card.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from random_rules import card_at
from companion.rules import JOKER, Card, MeldKind, Rank, Suit, find_ruleset, parse_cards
from companion.rules.runs import run_windows
from companion.rules.rulesets import AceRule, JokerReclaim, LayOffTiming, Ruleset
from companion.rules.layoff import ExchangeRuling, LayOffRuling, check_joker_exchange, check_lay_off

SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def ruleset(key: str) -> Ruleset:
    """A ruleset by id, with ``+option`` house rules; ``+distinct-suits`` turns ``dup_suits`` off."""
    name, *options = key.split("+")
    found = find_ruleset(name)
    for option in options:
        if option == "distinct-suits":
            found = dataclasses.replace(found, dup_suits=False)
        else:
            found = found.with_options(option)
    return found


def _id(example: tuple) -> str:
    return f"{example[0]}-{example[1]}"


ALL_SPADES = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"

# (ruleset, rule, meld, cards, kind, legal, words, span): span is (low, high) of the run, or None
LAY_OFFS = [
    # runs grow at either end, several cards at once
    ("contract", "run_takes_next_card_above", "5S 6S 7S 8S", "9S", None, True, (), (5, 9)),
    ("contract", "run_takes_next_card_below", "5S 6S 7S 8S", "4S", None, True, (), (4, 8)),
    ("contract", "run_grows_at_both_ends_at_once", "5S 6S 7S 8S", "4S 9S", None, True, (), (4, 9)),
    ("contract", "several_cards_fit_together", "5S 6S 7S 8S", "9S 10S", None, True, (), (5, 10)),
    ("contract", "several_cards_in_any_order", "8S 5S 7S 6S", "10S 3S 9S 4S", None, True, (), (3, 10)),
    ("contract", "card_alone_leaves_a_gap", "5S 6S 7S 8S", "10S", None, False,
     ("10S does not fit 5S 6S 7S 8S: it would leave a gap at 9S.",), None),
    ("contract", "cards_together_leave_a_gap", "5S 6S 7S 8S", "10S JS", None, False, ("gap at 9S",), None),
    ("contract", "laid_off_wild_fills_a_place", "5S 6S 7S 8S", "10S JK", None, True, (), (5, 10)),
    ("contract", "one_wild_fills_one_place_only", "5S 6S 7S 8S", "QS JK", None, False,
     ("gap at 9S to JS needs 3 wild cards", "laying off 1"), None),
    ("contract", "wild_alone_goes_on_an_end", "5S 6S 7S 8S", "JK", None, True, (), None),
    ("contract", "run_keeps_one_suit", "5S 6S 7S 8S", "QH", None, False, ("QH is a heart; this run is spades.",), None),
    ("contract", "run_has_one_card_of_each_rank", "5S 6S 7S 8S", "7S", None, False, ("7S is already in this run.",), None),
    ("contract", "no_rank_twice_in_the_cards", "5S 6S 7S 8S", "9S 9S", None, False, ("9S twice",), None),
    ("contract", "melded_joker_holds_its_place", "5S JK 7S 8S", "6S", None, False,
     ("6S's place in 5S JK 7S 8S is already held by JK.",), None),
    ("contract", "open_end_joker_read_either_way", "5S 6S 7S JK", "8S", None, True, (), (4, 8)),
    ("contract", "open_end_joker_has_one_place", "5S 6S 7S JK", "4S 8S", None, False, ("already holds one of their places",), None),
    # aces: low or high, never round the corner
    ("contract", "ace_goes_low_below_the_2", "2S 3S 4S 5S", "AS", None, True, (), (1, 5)),
    ("contract", "ace_goes_high_above_the_king", "10S JS QS KS", "AS", None, True, (), (10, 14)),
    ("contract", "nothing_above_the_ace", "JS QS KS AS", "2S", None, False,
     ("Nothing goes above the ace: J-Q-K-A-2 goes round the corner.",), None),
    ("contract", "nothing_below_the_ace", "AS 2S 3S 4S", "KS", None, False,
     ("Nothing goes below the ace: K-A-2-3-4 goes round the corner.",), None),
    ("contract", "joker_as_ace_does_not_turn_the_corner", "JS QS KS JK", "2S", None, False, ("round the corner",), None),
    ("contract", "thirteen_card_run_takes_the_other_ace", ALL_SPADES, "AS", None, True, (), (1, 14)),
    ("contract", "fourteen_card_run_is_full", ALL_SPADES + " AS", "JK", None, False, ("This run is full (A to A)",), None),
    ("contract", "run_has_room_up_to_a_to_a", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "AS JK JK", None, False,
     ("room for only two more cards",), None),
    # sets
    ("contract", "group_takes_its_rank", "9C 9D 9S", "9H", None, True, (), None),
    ("contract", "group_takes_a_repeated_suit", "9C 9D 9S", "9C", None, True, (), None),
    ("contract", "group_takes_wilds", "9C 9D 9S", "JK JK", None, True, (), None),
    ("contract", "group_takes_only_its_rank", "9C 9D 9S", "7D", None, False, ("7D is not a 9; a group of 9s takes only 9s.",), None),
    ("contract", "no_more_copies_than_packs", "7H 7H 7S", "7H", None, False, ("Three 7H, but there are only two packs.",), None),
    ("contract+distinct-suits", "set_without_repeated_suits", "9C 9D 9S", "9C", None, False, ("9C repeats a suit",), None),
    ("contract+distinct-suits", "set_takes_a_new_suit", "9C 9D 9S", "9H", None, True, (), None),
    # a meld that reads two ways
    # RULES.md §6.1: three cards are a group where runs are at least 4
    ("contract", "short_meld_is_a_group_not_a_run", "7H JK JK", "8H", None, False, ("8H is not a 7; a group of 7s takes only 7s.",), None),
    ("contract", "stated_run_takes_its_next_card", "7H JK JK", "8H", MeldKind.RUN, True, (), (5, 8)),
    ("contract", "two_way_meld_read_as_group", "7H JK JK", "7S", None, True, (), None),
    ("contract", "two_way_meld_fits_neither", "7H JK JK JK", "9S", None, False,
     ("7H JK JK JK could be a group of 7s or a run of hearts; 9S fits neither.",), None),
    ("continental", "ten_and_two_jokers_count_as_a_trio_of_tens", "10S JK JK", "JS", None, False, ("JS is not a 10; a trio of 10s takes only 10s.",), None),
    ("progressive", "three_cards_may_be_a_run_where_runs_of_3_are_played", "7H JK JK", "10H", None, True, (), None),
    ("contract", "stated_run_is_not_a_group", "7H JK JK", "7S", MeldKind.RUN, False, ("7S is a spade; this run is hearts.",), None),
    ("contract", "stated_group_is_not_a_run", "7H JK JK", "8H", MeldKind.SET, False, ("8H is not a 7; a group of 7s takes only 7s.",), None),
    # ill-formed questions are problems, not exceptions
    ("contract", "no_meld", "", "7H", None, False, ("There is no meld",), None),
    ("contract", "no_cards", "7H 7S 7D", "", None, False, ("Choose at least one card to lay off.",), None),
    ("contract", "meld_without_natural", "JK JK JK", "7H", None, False, ("JK JK JK has no natural card",), None),
    ("contract", "not_a_meld", "5S 7H 9D", "6S", None, False, ("5S 7H 9D is not a group or a run.",), None),
    # shanghai: aces high only; max_wilds is for going down
    ("shanghai", "aces_high_only_no_ace_below_the_2", "2S 3S 4S 5S", "AS", None, False,
     ("Aces are high only: A-2-3-4-5 is not a run.",), None),
    ("shanghai", "ace_above_the_king", "10S JS QS KS", "AS", None, True, (), (10, 14)),
    ("shanghai", "nothing_above_the_ace", "JS QS KS AS", "2S", None, False, ("Nothing goes above the ace: J-Q-K-A-2 is not a run.",), None),
    ("shanghai", "run_from_2_to_ace_is_full", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "JK", None, False,
     ("This run is full (2 to A)",), None),
    # RULES.md §6.2: Shanghai's one joker per meld holds on the table; Parlett's only going down
    ("shanghai", "second_joker_may_not_be_laid_off_on_a_book", "8H 8S JK", "JK", None, False,
     ("8H 8S JK already holds one wild card; in Shanghai Rummy a meld holds at most one at any time.",), None),
    ("shanghai", "second_joker_may_not_be_laid_off_on_a_run", "5S JK 7S 8S", "JK", None, False,
     ("5S JK 7S 8S already holds one wild card; in Shanghai Rummy a meld holds at most one at any time.",), None),
    ("shanghai", "first_joker_may_be_laid_off_on_a_book", "8H 8S 8D", "JK", None, True, (), None),
    ("parlett", "second_wild_may_be_laid_off", "8C 8D JK", "JK", None, True, (), None),
    # deuces wild
    ("parlett+deuces-wild", "wild_two_on_a_run", "5H 6H 7H 8H", "2C", None, True, (), None),
    ("parlett+deuces-wild", "wild_two_on_a_set", "9C 9D 9S", "2H", None, True, (), None),
    ("progressive", "two_is_wild_so_ace_below_3_leaves_a_gap", "3H 4H 5H", "AH", None, False,
     ("AH does not fit 3H 4H 5H: it would leave a gap at 2H.",), None),
    ("progressive", "wild_two_fills_its_own_place", "3H 4H 5H", "AH 2H", None, True, (), (1, 5)),
    ("progressive", "wild_cards_once_melded_cannot_be_moved", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "KS", None, False,
     ("KS does not fit AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS: it would leave a gap at QS.",), None),
    ("progressive", "nothing_goes_on_a_pair", "KC KH", "KS", MeldKind.PAIR, False, ("Nothing can be laid off on a pair",), None),
    ("progressive", "two_cards_of_a_rank_are_a_pair", "KC KH", "KS", None, False, ("Nothing can be laid off on a pair",), None),
]  # fmt: skip


def test_lay_off_ids_are_unique():
    ids = [_id(example) for example in LAY_OFFS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(
    ("key", "rule", "meld", "cards", "kind", "legal", "words", "span"), LAY_OFFS, ids=[_id(e) for e in LAY_OFFS]
)
def test_lay_off(key, rule, meld, cards, kind, legal, words, span):
    ruling = check_lay_off(ruleset(key), parse_cards(meld), parse_cards(cards), kind=kind)
    assert isinstance(ruling, LayOffRuling)
    assert ruling.legal is legal, ruling.problems
    text = " ".join(ruling.problems)
    for word in words:
        assert word in text
    if legal:
        assert ruling.problems == ()
        assert ruling.reading is not None
        assert ruling.reading.cards == parse_cards(meld) + parse_cards(cards)
        if span is not None:
            assert (ruling.reading.low, ruling.reading.high) == span
    else:
        assert ruling.problems and ruling.reading is None and ruling.readings == ()


def test_laid_off_wild_stand_in_is_given_when_fixed():
    ruling = check_lay_off(ruleset("contract"), parse_cards("5S 6S 7S 8S"), parse_cards("10S JK"))
    assert ruling.reading.wilds == ((5, Card.parse("9S")),)
    assert ruling.to_json()["meld"]["wilds"] == {"5": "9S"}


def test_lone_laid_off_wild_leaves_its_end_open():
    ruling = check_lay_off(ruleset("contract"), parse_cards("5S 6S 7S 8S"), parse_cards("JK"))
    assert {(r.low, r.high) for r in ruling.readings} == {(4, 8), (5, 9)}
    assert ruling.reading.wilds == ()


# Timing: RULES.md §2 `lay_off` for each ruleset (contract: "You may not lay off before or on the same turn in which you meld").
TIMING = [
    ("contract", False), ("liverpool", False), ("parlett", False), ("may-i", False),
    ("combination", True), ("shanghai", True), ("shanghai-powe", True), ("shanghai-kolsov", True),
    ("continental", True), ("progressive", True),
]  # fmt: skip


@pytest.mark.parametrize(("key", "same_turn"), TIMING)
def test_lay_off_timing_later_turn_vs_same_turn(key, same_turn):
    rules = ruleset(key)
    assert (rules.lay_off is LayOffTiming.SAME_TURN) is same_turn
    meld, cards = parse_cards("5H 6H 7H 8H"), parse_cards("9H")
    now = check_lay_off(rules, meld, cards, turns_since_going_down=0)
    assert now.legal is same_turn
    if not same_turn:
        assert now.problems == ("You may not lay off in the turn you go down; wait for your next turn.",)
    assert check_lay_off(rules, meld, cards, turns_since_going_down=1).legal
    assert check_lay_off(rules, meld, cards).legal


def test_timing_problem_comes_with_the_fit_problems():
    ruling = check_lay_off(
        ruleset("contract"), parse_cards("5S 6S 7S 8S"), parse_cards("10S"), turns_since_going_down=0
    )
    assert ruling.problems[0].startswith("You may not lay off in the turn you go down")
    assert "gap at 9S" in ruling.problems[1]


def test_negative_turns_are_malformed():
    with pytest.raises(ValueError, match="-1"):
        check_lay_off(ruleset("contract"), parse_cards("5S 6S 7S 8S"), parse_cards("9S"), turns_since_going_down=-1)


# (ruleset, rule, meld, natural, kind, went_down_before, legal, words, joker_index)
EXCHANGES = [
    ("contract", "run_joker_taken_by_its_natural", "5S JK 7S 8S", "6S", None, True, True, (), 1),
    ("contract", "natural_must_be_the_stand_in", "5S JK 7S 8S", "9S", None, True, False,
     ("JK stands for 6S in 5S JK 7S 8S; 9S cannot take its place.",), None),
    ("contract", "natural_must_be_of_the_suit", "5S JK 7S 8S", "6H", None, True, False, ("JK stands for 6S",), None),
    ("contract", "open_end_joker_read_high_by_the_natural", "5S 6S 7S JK", "8S", None, True, True, (), 3),
    ("contract", "open_end_joker_read_low_by_the_natural", "5S 6S 7S JK", "4S", None, True, True, (), 3),
    ("contract", "open_end_joker_natural_fits_no_reading", "5S 6S 7S JK", "9S", None, True, False,
     ("JK could stand for 4S or 8S in 5S 6S 7S JK; 9S is neither",), None),
    ("contract", "two_jokers_two_places", "5S JK JK 8S", "7S", None, True, True, (), 2),
    ("contract", "group_jokers_are_dead", "9C 9D JK", "9S", None, True, False,
     ("The joker in 9C 9D JK is dead: a joker in a group can't be taken.",), None),
    ("contract", "only_after_going_down_on_a_previous_turn", "5S JK 7S 8S", "6S", None, False, False,
     ("You may take a joker only if you went down on a previous turn.",), None),
    ("contract", "only_a_natural_takes_a_joker", "5S JK 7S 8S", "JK", None, True, False, ("only a natural card",), None),
    ("contract", "meld_without_joker", "5S 6S 7S 8S", "9S", None, True, False, ("5S 6S 7S 8S has no joker to take.",), None),
    ("contract", "joker_as_low_ace", "JK 2S 3S 4S", "AS", None, True, True, (), 0),
    ("contract", "joker_as_high_ace_in_a_14_card_run", ALL_SPADES + " JK", "AS", None, True, True, (), 13),
    ("contract", "stated_run_gives_up_its_joker", "7H JK JK", "8H", MeldKind.RUN, True, True, (), 1),
    ("contract", "short_meld_is_a_group_its_jokers_dead", "7H JK JK", "8H", None, True, False, ("jokers in 7H JK JK are dead",), None),
    ("contract", "stated_group_keeps_its_jokers", "7H JK JK", "8H", MeldKind.SET, True, False, ("jokers in 7H JK JK are dead",), None),
    ("contract", "no_meld", "", "6S", None, True, False, ("There is no meld to take a joker from",), None),
    ("shanghai", "joker_above_the_king_is_the_ace", "JS QS KS JK", "AS", None, True, True, (), 3),
    ("shanghai", "aces_high_only_joker_below_2_is_not_an_ace", "JK 2S 3S 4S", "AS", None, True, False, ("JK stands for 5S",), None),
    ("parlett", "sequence_joker_may_be_taken", "5S JK 7S 8S", "6S", None, True, True, (), 1),
    ("may-i", "melded_jokers_cannot_be_reused", "5S JK 7S 8S", "6S", None, True, False, ("In May I? melded wild cards (jokers) stay",), None),
    ("progressive", "wild_cards_once_melded_cannot_be_moved", "5S JK 7S 8S", "6S", None, True, False, ("stay where they are",), None),
    ("contract+deuces-wild", "wild_two_is_not_taken", "5S 2C 7S 8S", "6S", None, True, False, ("has no joker; a wild two can't be taken",), None),
    ("contract+deuces-wild", "wild_two_holds_its_place", "5S 2C JK 8S", "6S", None, True, False, ("held by 2C, a wild two",), None),
    ("contract+deuces-wild", "joker_beside_a_wild_two", "5S 2C JK 8S", "7S", None, True, True, (), 2),
    ("contract+deuces-wild", "a_two_is_wild_not_natural", "5S JK 7S 8S", "2S", None, True, False, ("2S is wild",), None),
]  # fmt: skip


def test_exchange_ids_are_unique():
    ids = [_id(example) for example in EXCHANGES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(
    ("key", "rule", "meld", "natural", "kind", "before", "legal", "words", "index"),
    EXCHANGES,
    ids=[_id(e) for e in EXCHANGES],
)
def test_joker_exchange(key, rule, meld, natural, kind, before, legal, words, index):
    cards, card = parse_cards(meld), Card.parse(natural)
    ruling = check_joker_exchange(ruleset(key), cards, card, kind=kind, went_down_before_this_turn=before)
    assert isinstance(ruling, ExchangeRuling)
    assert ruling.legal is legal, ruling.problems
    text = " ".join(ruling.problems)
    for word in words:
        assert word in text
    if legal:
        assert ruling.problems == ()
        assert ruling.joker_index == index and cards[index] == JOKER
        assert ruling.stands_for == card
        assert ruling.reading.kind is MeldKind.RUN
        assert ruling.reading.cards == cards[:index] + (card,) + cards[index + 1 :]
    else:
        assert ruling.problems and ruling.joker_index is None and ruling.stands_for is None


# Reclaiming: RULES.md §2 `reclaim` for each ruleset (Continental's jokers slide, never into the hand: §6.3).
RECLAIM = [
    ("contract", True), ("liverpool", True), ("parlett", True), ("combination", True), ("may-i", False),
    ("shanghai", True), ("shanghai-powe", True), ("shanghai-kolsov", True), ("continental", False), ("progressive", False),
]  # fmt: skip


@pytest.mark.parametrize(("key", "runs"), RECLAIM)
def test_reclaim_runs_vs_never(key, runs):
    rules = ruleset(key)
    assert (rules.reclaim is JokerReclaim.RUNS) is runs
    assert check_joker_exchange(rules, parse_cards("9H JK JH QH"), Card.parse("10H")).legal is runs
    assert not check_joker_exchange(rules, parse_cards("9H 9S JK"), Card.parse("9D")).legal


# ---------------------------------------------------------------------------
# Brute-force references: every window, every place, no cleverness.


def _places(rules: Ruleset, card: Card) -> list[int]:
    if card.rank is Rank.ACE:
        return [14] if rules.aces is AceRule.HIGH_ONLY else [1, 14]
    return [int(card.rank)]


def _run_arrangements(rules: Ruleset, cards) -> list[tuple[int, int, frozenset[int]]]:
    """Every (low, high, places of the naturals) in which ``cards`` lie as a run."""
    naturals = [card for card in cards if not rules.is_wild(card)]
    if len(cards) < 3 or not naturals or len({card.suit for card in naturals}) > 1:
        return []
    first = 2 if rules.aces is AceRule.HIGH_ONLY else 1
    found = []
    for low in range(first, 16 - len(cards)):
        high = low + len(cards) - 1
        for choice in itertools.product(*(_places(rules, card) for card in naturals)):
            if len(set(choice)) == len(choice) and all(low <= p <= high for p in choice):
                found.append((low, high, frozenset(choice)))
    return found


def _is_set(rules: Ruleset, cards) -> bool:
    naturals = [card for card in cards if not rules.is_wild(card)]
    return (
        len(cards) >= 3
        and bool(naturals)
        and len({card.rank for card in naturals}) == 1
        and (rules.dup_suits or len({card.suit for card in naturals}) == len(naturals))
    )


def _supply_ok(rules: Ruleset, cards) -> bool:
    table = rules.table(None)
    return all(n <= (table.jokers if card.is_joker else table.packs) for card, n in Counter(cards).items())


def _kinds(rules: Ruleset, meld, kind):
    # RULES.md §6.1: known only by its cards, a meld is a run only if it is as long as the shortest contract run.
    shortest = min(r.length for deal in rules.deals for r in deal.requirements if r.kind is MeldKind.RUN)
    readable = [
        k
        for k, ok in (
            (MeldKind.SET, _is_set(rules, meld)),
            (MeldKind.RUN, bool(_run_arrangements(rules, meld)) and (kind is MeldKind.RUN or len(meld) >= shortest)),
        )
        if ok
    ]
    return readable if kind is None else [k for k in readable if k is kind]


def _table_wilds_ok(rules: Ruleset, meld, cards) -> bool:
    """RULES.md §6.2: where ``table_max_wilds``, a wild laid off may not take a meld past ``max_wilds``."""
    if not rules.table_max_wilds or rules.max_wilds is None or not any(rules.is_wild(c) for c in cards):
        return True
    return sum(rules.is_wild(c) for c in tuple(meld) + tuple(cards)) <= rules.max_wilds


def reference_lay_off(rules: Ruleset, meld, cards, kind) -> bool:
    """Some reading of the meld takes every card: a set its rank and wilds; a run more places beyond its ends."""
    if not cards or not _supply_ok(rules, tuple(meld) + tuple(cards)) or not _table_wilds_ok(rules, meld, cards):
        return False
    new_naturals = [card for card in cards if not rules.is_wild(card)]
    for meld_kind in _kinds(rules, meld, kind):
        if meld_kind is MeldKind.SET:
            if _is_set(rules, tuple(meld) + tuple(cards)):
                return True
            continue
        suit = next(card.suit for card in meld if not rules.is_wild(card))
        if any(card.suit is not suit for card in new_naturals):
            continue
        size = len(meld) + len(cards)
        for low, high, _ in _run_arrangements(rules, meld):
            for new_low in range(1, 16 - size):
                new_high = new_low + size - 1
                if not new_low <= low <= high <= new_high or (rules.aces is AceRule.HIGH_ONLY and new_low < 2):
                    continue
                outside = [
                    [p for p in _places(rules, card) if new_low <= p <= new_high and not low <= p <= high]
                    for card in new_naturals
                ]
                if any(len(set(choice)) == len(choice) for choice in itertools.product(*outside)):
                    return True
    return False


def naive_combined_meld(rules: Ruleset, meld, cards, kind: MeldKind, stated=None) -> bool:
    """The combined cards read as one meld of the same kind (for a meld without wilds, read as that kind)."""
    combined = tuple(meld) + tuple(cards)
    if not cards or not _supply_ok(rules, combined) or kind not in _kinds(rules, meld, stated) or not _table_wilds_ok(rules, meld, cards):
        return False
    return _is_set(rules, combined) if kind is MeldKind.SET else bool(_run_arrangements(rules, combined))


def reference_exchange(rules: Ruleset, meld, natural: Card, kind, went_down_before: bool) -> bool:
    """A joker may go if some joker's place, in some reading of the run, is the natural's (jokers only)."""
    if rules.reclaim is not JokerReclaim.RUNS or rules.is_wild(natural) or not went_down_before:
        return False
    if MeldKind.RUN not in _kinds(rules, meld, kind):
        return False
    for i, card in enumerate(meld):
        if card == JOKER and _run_arrangements(rules, meld[:i] + (natural,) + meld[i + 1 :]):
            return True
    return False


# ---------------------------------------------------------------------------
# Generators


PROPERTY_RULESETS = ["contract", "shanghai", "progressive", "parlett+deuces-wild", "contract+distinct-suits"]
NATURAL_RULESETS = ["contract", "shanghai", "parlett", "contract+distinct-suits"]  # a melded two would be wild
JOKER_ONLY_RULESETS = ["contract", "shanghai", "parlett", "may-i", "contract+distinct-suits"]
EVERY_CARD = [Card(rank, suit) for rank in Rank for suit in Suit] + [JOKER]




@st.composite
def table_melds(draw, rules: Ruleset, *, wilds: bool = True, wild_odds: int = 5):
    """A legal meld on the table (a set or run, shuffled), its kind, and its window (a run's)."""
    wild_cards = [JOKER] + ([Card(Rank.TWO, suit) for suit in Suit] if rules.deuces_wild else [])
    wild = st.sampled_from(wild_cards)
    if draw(st.booleans()):
        suit = draw(st.sampled_from(list(Suit)))
        first = 2 if rules.aces is AceRule.HIGH_ONLY else 1
        length = draw(st.one_of(st.integers(3, 6), st.integers(3, 15 - first)))
        low = draw(st.integers(first, 15 - length))
        cards = []
        for position in range(low, low + length):
            card = card_at(position, suit)
            cards.append(
                draw(wild) if rules.is_wild(card) or (wilds and draw(st.integers(1, wild_odds)) == 1) else card
            )
        kind = MeldKind.RUN
        high = low + length - 1
    else:
        rank = draw(st.sampled_from([rank for rank in Rank if not (rules.deuces_wild and rank is Rank.TWO)]))
        size = draw(st.integers(3, 5))
        suits = (
            draw(st.permutations(list(Suit)))
            if not rules.dup_suits
            else draw(st.lists(st.sampled_from(list(Suit)), min_size=5, max_size=5))
        )
        cards = [
            draw(wild) if wilds and draw(st.integers(1, wild_odds)) == 1 else Card(rank, suits[i % len(suits)])
            for i in range(size)
        ]
        if not rules.dup_suits:
            cards = cards[:4]
        kind = MeldKind.SET
        low = high = 0
    if all(rules.is_wild(card) for card in cards):  # a meld has a natural card
        if kind is MeldKind.RUN:
            index, natural = next(
                (i, c) for i, p in enumerate(range(low, low + length)) if not rules.is_wild(c := card_at(p, suit))
            )
        else:
            index, natural = 0, Card(rank, suits[0])
        cards[index] = natural
    return tuple(draw(st.permutations(cards))), kind, low, high


def near(meld) -> st.SearchStrategy[Card]:
    """Cards likely to matter (next to the run, of the set's rank, wild), and sometimes any card."""
    cards, kind, low, high = meld
    naturals = [card for card in cards if card.rank not in (None, Rank.TWO)] or [
        card for card in cards if not card.is_joker
    ]
    suit, rank = naturals[0].suit, naturals[0].rank
    if kind is MeldKind.RUN:
        likely = [card_at(p, suit) for p in range(max(1, low - 3), min(14, high + 3) + 1)]
    else:
        likely = [Card(rank, s) for s in Suit]
    likely += [JOKER, Card(Rank.TWO, Suit.CLUBS)]
    return st.one_of(st.sampled_from(likely), st.sampled_from(likely), st.sampled_from(EVERY_CARD))


@st.composite
def lay_off_questions(draw, keys, *, wilds: bool = True):
    rules = ruleset(draw(st.sampled_from(keys)))
    table = draw(table_melds(rules, wilds=wilds))
    meld, kind = table[:2]
    cards = tuple(draw(st.lists(near(table), min_size=1, max_size=3)))
    stated = draw(st.sampled_from([kind, None]))
    return rules, meld, cards, kind, stated


@SETTINGS
@given(lay_off_questions(PROPERTY_RULESETS))
def test_lay_off_matches_brute_force(question):
    rules, meld, cards, _, stated = question
    ruling = check_lay_off(rules, meld, cards, kind=stated)
    assert ruling.legal is reference_lay_off(rules, meld, cards, stated), ruling.problems
    assert ruling.legal is (not ruling.problems)
    if ruling.legal:
        reading = ruling.reading
        assert reading.cards == meld + cards
        if reading.kind is MeldKind.RUN:
            assert reading.high - reading.low + 1 == len(meld) + len(cards)
            naturals = [card for card in reading.cards if not rules.is_wild(card)]
            assert reading.low in {low for low, _ in run_windows(rules, naturals, len(reading.cards))}


@SETTINGS
@given(lay_off_questions(NATURAL_RULESETS, wilds=False))
def test_lay_off_on_a_natural_meld_is_one_combined_meld(question):
    """Laying off on a meld without wilds is legal iff all the cards together read as one meld of its kind."""
    rules, meld, cards, kind, stated = question
    assert check_lay_off(rules, meld, cards, kind=stated).legal is naive_combined_meld(rules, meld, cards, kind, stated)


@st.composite
def exchange_questions(draw):
    rules = ruleset(draw(st.sampled_from(JOKER_ONLY_RULESETS)))
    table = draw(table_melds(rules, wild_odds=2))
    return rules, table[0], draw(near(table)), draw(st.sampled_from([table[1], None])), draw(st.booleans())


@SETTINGS
@given(exchange_questions())
def test_joker_exchange_matches_brute_force(question):
    rules, meld, natural, stated, before = question
    ruling = check_joker_exchange(rules, meld, natural, kind=stated, went_down_before_this_turn=before)
    assert ruling.legal is reference_exchange(rules, meld, natural, stated, before), ruling.problems
    assert ruling.legal is (not ruling.problems)
    if ruling.legal:
        assert meld[ruling.joker_index] == JOKER and ruling.stands_for == natural
        after = meld[: ruling.joker_index] + (natural,) + meld[ruling.joker_index + 1 :]
        assert ruling.reading.cards == after and _run_arrangements(rules, after)


@SETTINGS
@given(
    st.sampled_from(PROPERTY_RULESETS),
    st.lists(st.sampled_from(EVERY_CARD), max_size=6),
    st.lists(st.sampled_from(EVERY_CARD), max_size=3),
    st.sampled_from([None, MeldKind.SET, MeldKind.RUN, MeldKind.PAIR]),
    st.sampled_from([None, 0, 1]),
)
def test_any_cards_get_a_ruling_never_an_exception(key, meld, cards, kind, turns):
    rules = ruleset(key)
    ruling = check_lay_off(rules, meld, cards, kind=kind, turns_since_going_down=turns)
    assert ruling.legal is (not ruling.problems) and (ruling.reading is not None) is ruling.legal
    assert all(problem.endswith(".") for problem in ruling.problems)
    for natural in cards:
        exchange = check_joker_exchange(rules, meld, natural, kind=kind)
        assert exchange.legal is (not exchange.problems) and (exchange.joker_index is not None) is exchange.legal
