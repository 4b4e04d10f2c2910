"""A ruleset checks every field when it is made: a sentence naming the field, never a TypeError later."""

from __future__ import annotations

import dataclasses

import pytest

from companion.rules import RulesError, find_ruleset
from companion.rules.rulesets import RulesetValueError

CONTRACT = find_ruleset("contract")

BAD_FIELDS = [
    ("max_wilds", -1, "max_wilds must be a whole number 0 or more, or None for no limit, not -1."),
    ("max_wilds", "1", "max_wilds must be a whole number 0 or more, or None for no limit, not \"1\"."),
    ("max_wilds", True, "max_wilds must be a whole number"),
    ("min_naturals", 1.5, "min_naturals must be a whole number from 0 to 14, not 1.5."),
    ("exact", "yes", "exact must be True or False, not \"yes\"."),
    ("repeat_rank", 1, "repeat_rank must be True or False, not 1."),
    ("dup_suits", None, "dup_suits must be True or False, not None."),
    ("deuces_wild", "no", "deuces_wild must be True or False"),
    ("table_max_wilds", 0, "table_max_wilds must be True or False"),
    ("aces", "sideways", "aces must be one of 'low_or_high', 'high_only', 'low_only', 'around', not 'sideways'."),  # low_only, around: RULES.md §8.0
    ("same_suit_runs", 3, "same_suit_runs must be one of"),
    ("reclaim", "always", "reclaim must be one of 'runs', 'never', 'slide', 'tack', not 'always'."),
    ("lay_off", None, "lay_off must be one of"),
    ("set_word", "", "set_word must be a non-empty text"),
    ("name", 7, "name must be a non-empty text, not 7."),
    ("deals", (), "deals must hold at least one Deal."),
    ("deals", ("S3 S3",), "deals must be a tuple of Deal values"),
    ("supply", None, "supply must be a tuple of TableSupply values, not None."),
    ("points", {"A": 15}, "points must be a PointTable"),
    ("exact_cut_bonus", -50, "exact_cut_bonus must be a whole number from 0 to 1000000, not -50."),
    ("settlement", 2, "settlement must be a Settlement or None, not 2."),
]


@pytest.mark.parametrize(("field", "value", "sentence"), BAD_FIELDS, ids=[f"{f}={v!r}" for f, v, _ in BAD_FIELDS])
def test_a_bad_field_value_is_refused_with_a_sentence_naming_the_field(field, value, sentence):
    with pytest.raises(RulesetValueError) as caught:
        dataclasses.replace(CONTRACT, **{field: value})
    assert sentence in str(caught.value)
    assert str(caught.value).startswith(field)
    assert isinstance(caught.value, RulesError) and isinstance(caught.value, ValueError)


def test_a_text_value_of_an_enum_field_becomes_the_member():
    assert dataclasses.replace(CONTRACT, aces="high_only").aces.value == "high_only"


def test_a_list_becomes_a_tuple():
    ruleset = dataclasses.replace(CONTRACT, readings=["one reading"])
    assert ruleset.readings == ("one reading",)
    assert hash(ruleset.readings)


@pytest.mark.parametrize("option", ["joker-20", "deuces-wild", "no-jokers"])
def test_every_house_option_makes_a_valid_ruleset(option):
    assert CONTRACT.with_options(option).chosen_options == (option,)
