"""Ruleset objects (API.md "Custom rulesets"): reading, writing, and a sentence for every bad field."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest

from companion.rules import (
    RULESETS,
    AceRule,
    GoingOut,
    MeldKind,
    RulesetDefinitionError,
    SameSuitRuns,
    find_ruleset,
    ruleset_from_definition,
    ruleset_to_definition,
)
from companion.rules.definition import DEFINITION_FIELDS

S3 = {"kind": "set", "length": 3}
R4 = {"kind": "run", "length": 4}

# Contract Rummy written out by hand from RULES.md §3.1, field by field: no code under test made it.
CONTRACT_BY_HAND = {
    "name": "Contract Rummy",
    "summary": "Seven deals, two packs with one joker fewer than the players; deal 7 melds every card.",
    "players": {"min": 3, "max": 5},
    "table": [
        {"players": [3, 3], "decks": 2, "jokers": 2},
        {"players": [4, 4], "decks": 2, "jokers": 3},
        {"players": [5, 5], "decks": 2, "jokers": 4},
    ],
    "wilds": "JK",
    "deals": [
        {"cards_dealt": 10, "requirements": [S3, S3]},
        {"cards_dealt": 10, "requirements": [S3, R4]},
        {"cards_dealt": 10, "requirements": [R4, R4]},
        {"cards_dealt": 12, "requirements": [S3, S3, S3]},
        {"cards_dealt": 12, "requirements": [S3, S3, R4]},
        {"cards_dealt": 12, "requirements": [S3, R4, R4]},
        {"cards_dealt": 12, "requirements": [R4, R4, R4], "meld_all": True},
    ],
    "exact": True,
    "aces": "low_or_high",
    "max_wilds": None,
    "repeat_rank": True,
    "dup_suits": True,
    "same_suit_runs": "no_contiguous",
    "card_points": {"A": 15, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
                    "J": 10, "Q": 10, "K": 10, "JK": 15},  # fmt: skip
    "buys": {"per_deal": None, "extra_cards": 1, "no_successive": True},
    "exact_cut_bonus": 0,
    "one_turn_out_bonus": 0,
    "set_word": "group",
    "lay_off": "later_turn",
    "reclaim": "runs",
    "options": ["joker-20", "deuces-wild", "no-jokers"],
}

_NOT_COMPARED = ("id", "sources", "readings")


def _same_rules(one, other) -> bool:
    """Equal in every field but the id and the provenance notes (which a definition does not carry)."""
    return dataclasses.replace(one, **{f: getattr(other, f) for f in _NOT_COMPARED}) == other


def test_contract_written_by_hand_is_the_built_in_contract():
    assert _same_rules(ruleset_from_definition(CONTRACT_BY_HAND), find_ruleset("contract"))


def test_a_definition_without_the_optional_fields_takes_the_plainest_rules():
    bare = {k: v for k, v in CONTRACT_BY_HAND.items() if k not in ("summary", "set_word", "lay_off", "reclaim", "options")}
    ruleset = ruleset_from_definition(bare, ruleset_id="family")
    assert ruleset.id == "family"
    assert ruleset.set_word == "set"
    assert ruleset.deal(1).contract == "Two sets of 3"
    assert ruleset.options == ()
    assert ruleset.buy_name == "May I"
    assert ruleset.settlement is None


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_every_built_in_survives_definition_and_json(ruleset_id):
    built_in = find_ruleset(ruleset_id)
    definition = ruleset_to_definition(built_in)
    assert "base" not in definition
    assert list(definition) == list(DEFINITION_FIELDS)
    again = ruleset_from_definition(json.loads(json.dumps(definition)), ruleset_id=ruleset_id)
    assert _same_rules(again, built_in)
    assert ruleset_to_definition(again) == definition


def test_progressive_keeps_its_buys_deal_by_deal():
    definition = ruleset_to_definition(find_ruleset("progressive"))
    assert definition["buys"] == {"per_deal": 0, "extra_cards": 0, "no_successive": False}
    assert definition["deals"][11]["buys"] == {"per_deal": 2, "extra_cards": 1, "no_successive": False}
    assert "buys" not in definition["deals"][0]
    assert definition["wilds"] == "JK+2"
    assert definition["settlement"] == {"step": 2, "winner_takes_kitty": True}


def test_grandmas_contract_from_api_md():
    ruleset = ruleset_from_definition(
        {
            "base": "contract",
            "name": "Grandma's Contract",
            "deals": [
                {"cards_dealt": 10, "requirements": [S3, S3]},
                {"cards_dealt": 10, "requirements": [S3, R4]},
            ],
            "max_wilds": 1,
            "card_points": {"JK": 25},
        }
    )
    assert ruleset.name == "Grandma's Contract"
    assert [d.contract for d in ruleset.deals] == ["Two groups of 3", "One group of 3 and one run of 4"]
    assert ruleset.max_wilds == 1
    assert ruleset.points.as_dict()["JK"] == 25
    assert ruleset.points.as_dict()["A"] == 15  # only the keys given change
    assert ruleset.same_suit_runs is SameSuitRuns.NO_CONTIGUOUS  # the base's
    assert ruleset.deal(2).going_out is GoingOut.DISCARD
    assert ruleset.deal(1).buys.extra_cards == 1


def test_a_family_ruleset_from_issue_11():
    cards = [10, 10, 10, 10, 12, 12, 12, 12]
    contracts = [[S3, S3], [S3, R4], [R4, R4], [S3, S3, S3], [S3, S3, R4], [S3, R4, R4], [R4, R4, R4], [S3] * 4]
    ruleset = ruleset_from_definition(
        {
            "base": "contract",
            "name": "The Smiths' rules",
            "deals": [{"cards_dealt": n, "requirements": c} for n, c in zip(cards, contracts, strict=True)],
            "card_points": {"JK": 25},
            "max_wilds": 1,
        }
    )
    assert len(ruleset.deals) == 8
    assert ruleset.deal(8).contract == "Four groups of 3"
    assert [r.kind for r in ruleset.deal(8).requirements] == [MeldKind.SET] * 4


def test_meld_all_deals_end_without_a_discard_unless_told_either():
    definition = {"base": "shanghai", "name": "x", "deals": [{"cards_dealt": 11, "requirements": [R4, R4], "meld_all": True}]}
    assert ruleset_from_definition(definition).deal(1).going_out is GoingOut.NO_DISCARD
    definition["deals"][0]["going_out"] = "either"
    assert ruleset_from_definition(definition).deal(1).going_out is GoingOut.EITHER


def test_a_name_is_trimmed_and_its_inner_spaces_kept_single():
    assert ruleset_from_definition({"base": "contract", "name": "  Gran's   rules "}).name == "Gran's rules"


def test_base_values_stay_when_only_aces_change():
    ruleset = ruleset_from_definition({"base": "parlett", "name": "Aces up", "aces": "high_only"})
    assert ruleset.aces is AceRule.HIGH_ONLY
    assert ruleset.max_wilds == 1


def _with(change: dict | None = None, *, drop: str | None = None, deal: dict | None = None, base: bool = True) -> dict:
    obj = copy.deepcopy(CONTRACT_BY_HAND)
    if base:
        obj = {"base": "contract", "name": "Test"}
    if drop:
        obj.pop(drop)
    if deal is not None:
        obj["deals"] = [{"cards_dealt": 10, "requirements": [S3, S3]}, {"cards_dealt": 10, "requirements": [S3, R4]}, deal]
    obj.update(change or {})
    return obj


# (case, object, fragments the sentence must hold)
BAD = [
    ("not_an_object", ["contract"], ("object", "a list")),
    ("unknown_field", _with({"colour": "red"}), ('"colour" is not a field',)),
    ("unknown_base", _with({"base": "rummy500"}), ("base", '"rummy500"')),
    ("missing_without_base", _with(drop="aces", base=False), ("aces is missing",)),
    ("name_empty", _with({"name": "   "}), ("name", "1 to 60", "not 0")),
    ("name_too_long", _with({"name": "x" * 61}), ("name", "1 to 60", "not 61")),
    ("name_huge", _with({"name": "x" * 100_000}), ("name", "not 100000")),
    ("name_control_character", _with({"name": "Gran\x00s"}), ("name", "control")),
    ("name_newline", _with({"name": "Gran\ns"}), ("name", "control")),
    ("name_not_text", _with({"name": 7}), ("name", "text")),
    ("players_bool", _with({"players": {"min": True, "max": 5}}), ("players.min", "true")),
    ("players_too_many", _with({"players": {"min": 3, "max": 9}}), ("players.max", "9")),
    ("players_upside_down", _with({"players": {"min": 5, "max": 3}}), ("players.max", "5 to 8", "not 3")),
    ("players_huge", _with({"players": {"min": 3, "max": 10**40}}), ("players.max",)),
    ("table_gap", _with({"table": [{"players": [3, 3], "decks": 2, "jokers": 2}, {"players": [5, 5], "decks": 2, "jokers": 4}]}), ("table", "4 players is not covered")),  # fmt: skip
    ("table_twice", _with({"table": [{"players": [3, 4], "decks": 2, "jokers": 2}, {"players": [4, 5], "decks": 2, "jokers": 4}]}), ("4 players is covered twice",)),  # fmt: skip
    ("table_decks", _with({"players": {"min": 3, "max": 3}, "table": [{"players": [3, 3], "decks": 7, "jokers": 2}]}), ("decks", "1 to 6 packs", "not 7")),  # fmt: skip
    ("table_jokers", _with({"players": {"min": 3, "max": 3}, "table": [{"players": [3, 3], "decks": 2, "jokers": 13}]}), ("jokers", "0 to 12", "not 13")),  # fmt: skip
    ("table_nan", _with({"players": {"min": 3, "max": 3}, "table": [{"players": [3, 3], "decks": float("nan"), "jokers": 2}]}), ("decks", "NaN")),  # fmt: skip
    ("wilds", _with({"wilds": "2"}), ("wilds", '"JK", "JK+2" or "K"', 'not "2"')),  # API.md: the standard deck's wilds
    ("exact_not_bool", _with({"exact": 1}), ("exact", "true or false", "not 1")),
    ("aces", _with({"aces": "low"}), ("aces", '"low"')),
    ("max_wilds_negative", _with({"max_wilds": -1}), ("max_wilds", "null for no limit", "not -1")),
    ("max_wilds_huge_negative", _with({"max_wilds": -(10**30)}), ("max_wilds", "0 or more", "not -1000000000000000000000000000000")),
    ("max_wilds_float", _with({"max_wilds": 1.0}), ("max_wilds", "not 1.0")),
    ("max_wilds_bool", _with({"max_wilds": False}), ("max_wilds", "not false")),
    ("same_suit_runs", _with({"same_suit_runs": "never"}), ("same_suit_runs",)),
    ("card_points_too_high", _with({"card_points": {"JK": 101}}), ("card_points JK", "0 to 100", "not 101")),
    ("card_points_unknown_key", _with({"card_points": {"1": 5}}), ('"1" is not a field of card_points',)),
    ("card_points_missing_without_base", _with({"card_points": {"JK": 20}}, base=False), ("card_points", "A is missing")),  # fmt: skip
    ("buys_extra", _with({"buys": {"extra_cards": 4}}), ("buys.extra_cards", "0 to 3", "not 4")),
    ("buys_limit", _with({"buys": {"per_deal": -2}}), ("buys.per_deal", "not -2")),
    ("bonus", _with({"exact_cut_bonus": 201}), ("exact_cut_bonus", "0 to 200", "not 201")),
    ("bonus_string", _with({"one_turn_out_bonus": "10"}), ("one_turn_out_bonus", 'not "10"')),
    ("set_word", _with({"set_word": "meld"}), ("set_word", '"meld"')),
    ("options_unknown", _with({"options": ["jokers-99"]}), ("options", '"jokers-99" is not a house option')),
    ("deals_empty", _with({"deals": []}), ("deals", "1 to 20", "not 0 of them")),
    ("deals_too_many", _with({"deals": [{"cards_dealt": 10, "requirements": [S3]}] * 21}), ("deals", "not 21 of them")),
    ("deals_nested_junk", _with({"deals": [[[[[]]]]]}), ("deal 1:", "object", "a list")),
    ("deal_run_15", _with(deal={"cards_dealt": 10, "requirements": [{"kind": "run", "length": 15}]}), ("deal 3: a run is 3 to 14 cards long, not 15",)),  # fmt: skip
    ("deal_set_9", _with(deal={"cards_dealt": 10, "requirements": [{"kind": "set", "length": 9}]}), ("deal 3: a set is 3 to 8 cards long, not 9",)),  # fmt: skip
    ("deal_pair_3", _with(deal={"cards_dealt": 10, "requirements": [{"kind": "pair", "length": 3}]}), ("deal 3: a pair is 2 cards long, not 3",)),  # fmt: skip
    ("deal_kind", _with(deal={"cards_dealt": 10, "requirements": [{"kind": "trio", "length": 3}]}), ("deal 3:", "requirement 1's kind", '"trio"')),  # fmt: skip
    ("deal_no_requirements", _with(deal={"cards_dealt": 10, "requirements": []}), ("deal 3:", "requirements", "1 to 6")),
    ("deal_seven_requirements", _with(deal={"cards_dealt": 10, "requirements": [S3] * 7}), ("deal 3:", "not 7 of them")),
    ("deal_cards_21", _with(deal={"cards_dealt": 21, "requirements": [S3]}), ("deal 3: cards_dealt", "5 to 20", "not 21")),  # fmt: skip
    ("deal_cards_bool", _with(deal={"cards_dealt": True, "requirements": [S3]}), ("deal 3: cards_dealt", "not true")),
    ("deal_unknown_field", _with(deal={"cards_dealt": 10, "requirements": [S3], "wild": 2}), ("deal 3:", '"wild" is not a field of deal 3')),  # fmt: skip
    ("deal_going_out", _with(deal={"cards_dealt": 10, "requirements": [S3], "going_out": "stop"}), ("deal 3: going_out", '"stop"')),  # fmt: skip
    ("deal_meld_all_discard", _with(deal={"cards_dealt": 10, "requirements": [S3], "meld_all": True, "going_out": "discard"}), ("deal 3:", "meld_all", "discard")),  # fmt: skip
    ("deal_buys", _with(deal={"cards_dealt": 10, "requirements": [S3], "buys": {"extra_cards": 9}}), ("deal 3: buys.extra_cards", "not 9")),  # fmt: skip
    (
        "deal_cannot_be_dealt",
        _with({"players": {"min": 8, "max": 8}, "table": [{"players": [8, 8], "decks": 2, "jokers": 2}]},
              deal={"cards_dealt": 15, "requirements": [S3]}),
        ("deal 3:", "15 cards each for 8 players is 120 cards", "2 packs and 2 jokers", "106"),
    ),  # fmt: skip
]


@pytest.mark.parametrize(("obj", "words"), [(obj, words) for _, obj, words in BAD], ids=[case for case, _, _ in BAD])
def test_a_bad_ruleset_object_gets_one_sentence_naming_the_field(obj, words):
    with pytest.raises(RulesetDefinitionError) as caught:
        ruleset_from_definition(obj)
    sentence = str(caught.value)
    for word in words:
        assert word in sentence, (word, sentence)
    assert sentence.endswith(".") and sentence.count(". ") == 0, sentence
    assert len(sentence) < 320  # the unknown-field sentence lists every field, table_max_wilds too
    for python in ("Traceback", "NoneType", "object of type", "__", "Error"):
        assert python not in sentence


def test_the_error_says_where_for_a_form():
    with pytest.raises(RulesetDefinitionError) as caught:
        ruleset_from_definition(_with(deal={"cards_dealt": 10, "requirements": [S3, {"kind": "run", "length": 15}]}))
    assert caught.value.deal == 3
    assert caught.value.field == ("deals", 3, "requirements", 2, "length")


def test_a_deal_that_fits_the_cards_exactly_is_playable():
    # 13 cards to each of 8 players is 104: two packs and no jokers hold exactly that.
    obj = _with({"players": {"min": 8, "max": 8}, "table": [{"players": [8, 8], "decks": 2, "jokers": 0}]},
                deal={"cards_dealt": 13, "requirements": [S3]})  # fmt: skip
    assert ruleset_from_definition(obj).deal(3).cards_dealt == 13
