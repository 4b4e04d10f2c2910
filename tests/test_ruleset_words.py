"""Sentences use the ruleset's own words (RULES.md §7): its set word (group, set, book, trio) and May I or buy.

Random custom rulesets get each set word and each buy word; every sentence
the engine and the API produce for them (go-down problems and readings,
lay-off and exchange rulings, the rules card, setup card, deal reminders,
score-entry warnings, contract texts) is collected, and none may use
another ruleset's word.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from conftest import fuzz
from test_definition_properties import CLIENT, full_definitions

from companion.rules import MeldKind, check_go_down, check_joker_exchange, check_lay_off, parse_cards, ruleset_from_definition
from companion.rules import find_ruleset
from companion.rules.guide import deal_reminders, rules_facts, setup_card
from companion.rules.tally import hand_warnings, table_warnings

SET_WORDS = ("group", "set", "book", "trio")
BUY_WORDS = ("May I", "buy")


def _foreign(words: tuple[str, ...], own: str) -> re.Pattern[str]:
    others = [re.escape(w) for w in words if w != own]
    return re.compile(r"\b(?:" + "|".join(others) + r")(?:s|es)?\b", re.IGNORECASE)


# melds and lay-offs that make the engine name a set: a set where runs are needed, a set told what it takes,
# a joker in a set that can't be taken, two sets of one rank
SET_MELDS = [parse_cards(m) for m in ("5C 5D 5H", "9C 9D 9S", "9C 9D JK", "5C 5D", "7H 7H 7H 7H 7S")]
RUN_MELDS = [parse_cards(m) for m in ("5S 6S 7S 8S", "6H 7H 8H", "QH KH AH 2H", "5S 6S 8S 9S")]


def _sentences(ruleset, players: int) -> list[str]:
    said: list[str] = []
    for deal in ruleset.deals:
        said.append(deal.contract)
        for melds in ([SET_MELDS[0], RUN_MELDS[0]], [SET_MELDS[0], SET_MELDS[0]], [SET_MELDS[2]], RUN_MELDS, SET_MELDS):
            ruling = check_go_down(ruleset, deal.number, melds[: len(deal.requirements)] or melds, None, players)
            said += ruling.problems
            said += [reading.describe(ruleset.set_word) for reading in ruling.readings]
        said += deal_reminders(ruleset, deal, players)
        said += hand_warnings(ruleset, deal, ["K"] * (deal.cards_dealt + 9), players=players, buys=2)
    for meld, cards in ((SET_MELDS[1], "7D"), (SET_MELDS[1], "9H"), (SET_MELDS[2], "JK"), (SET_MELDS[3], "5S"),
                        (RUN_MELDS[0], "9S"), (RUN_MELDS[1], "5H JK")):  # fmt: skip
        for kind in (None, MeldKind.SET, MeldKind.RUN):
            ruling = check_lay_off(ruleset, meld, parse_cards(cards), kind=kind, turns_since_going_down=1)
            said += ruling.problems
    for meld, natural in ((SET_MELDS[2], "9H"), (parse_cards("5S 6S 7S JK"), "8S")):
        said += check_joker_exchange(ruleset, meld, parse_cards(natural)[0]).problems
    card = setup_card(ruleset, players)
    said += [card.wilds, card.buying]
    # the one fact that explains the word itself ("A set is called: A group.") is left out
    said += [f"{fact.label}: {fact.text}" for fact in rules_facts(ruleset) if fact.key != "set_word"]
    said += table_warnings(ruleset, [["K"] * 30, ["JK"] * 12], players=players)
    return said


SAID: Counter[str] = Counter()


@fuzz(150)
@given(full_definitions(most_deals=4), st.sampled_from(SET_WORDS), st.sampled_from(BUY_WORDS))
def _every_sentence_uses_the_rulesets_own_words(definition, set_word, buy_word):
    ruleset = ruleset_from_definition({**definition, "set_word": set_word, "buy_word": buy_word})
    said = _sentences(ruleset, ruleset.max_players)
    response = CLIENT.post("/api/rulesets/check", json={"ruleset": {**definition, "set_word": set_word, "buy_word": buy_word}})
    said += [deal["contract"] for deal in response.get_json()["deals"]]
    foreign_set, foreign_buy = _foreign(SET_WORDS, set_word), _foreign(BUY_WORDS, buy_word)
    for sentence in said:
        assert not foreign_set.search(sentence), (set_word, sentence)
        assert not foreign_buy.search(sentence), (buy_word, sentence)
    own = re.compile(rf"\b{re.escape(set_word)}s?\b", re.IGNORECASE)
    SAID["sentences"] += len(said)
    SAID["naming the set word"] += sum(bool(own.search(s)) for s in said)
    SAID["naming the buy word"] += sum(buy_word.lower() in s.lower() for s in said)


def test_every_sentence_uses_the_rulesets_own_words():
    SAID.clear()
    _every_sentence_uses_the_rulesets_own_words()
    assert SAID["naming the set word"] >= 500 and SAID["naming the buy word"] >= 100, dict(SAID)


@pytest.mark.parametrize(
    ("jokers", "expected"),
    [
        (2, "The hands hold 3 jokers between them, but only 2 are in play."),
        (1, "The hands hold 3 jokers between them, but only 1 is in play."),
        (0, "The hands hold 3 jokers between them, but none are in play."),
    ],
)
def test_too_many_jokers_across_the_hands_agrees_in_number(jokers: int, expected: str) -> None:
    contract = find_ruleset("contract")
    ruleset = dataclasses.replace(contract, supply=tuple(dataclasses.replace(s, jokers=jokers) for s in contract.supply))
    assert table_warnings(ruleset, [["JK", "JK"], ["JK"]], players=3) == [expected]
