"""A meld's reading in words (the checker's "Meld 1: run of spades, 5 to 8"), in both languages."""

from __future__ import annotations

import pytest
from speech_support import english_left, in_spanish

from companion.rules import check_go_down, find_ruleset, parse_cards
from companion.rules.published import find_published_ruleset

CASES = [
    # (ruleset, deck, deal, melds, English readings, Spanish readings), the Spanish written by hand
    ("contract", None, 2, ["5S 6S JK 8S", "9C 9D 9H"],
     ["run of spades, 5 to 8, JK stands for 7S", "group of 9s"], ["escala de picas, de 5 a 8, JK hace de 7S", "grupo de 9"]),
    ("contract", None, 1, ["AS AH AD", "KC KD KH"], ["group of aces", "group of kings"], ["grupo de ases", "grupo de reyes"]),
    ("carioca", None, 1, ["5S 5H 5D", "7C 7D 7H"], ["trio of 5s", "trio of 7s"], ["trío de 5", "trío de 7"]),
    ("phase10", "phase10", 1, ["1R 1B 1G", "2R 2B 2G"], ["set of 1s", "set of 2s"], ["grupo de 1", "grupo de 2"]),
]  # fmt: skip


def readings(ruleset_id, deal, melds):
    ruleset = find_published_ruleset(ruleset_id) if ruleset_id not in ("contract",) else find_ruleset(ruleset_id)
    cards = [parse_cards(meld, deck=ruleset.deck) for meld in melds]
    ruling = check_go_down(ruleset, deal, cards)
    return [reading.describe(ruleset.set_word) for reading in ruling.readings]


@pytest.mark.parametrize(("ruleset_id", "deck", "deal", "melds", "english", "spanish"), CASES)
def test_a_meld_read_in_both_languages(ruleset_id, deck, deal, melds, english, spanish):
    assert readings(ruleset_id, deal, melds) == english
    with in_spanish():
        said = readings(ruleset_id, deal, melds)
    assert said == spanish
    assert [english_left(text) for text in said] == [[] for _ in said]


def test_no_meld_is_said_whole_in_spanish():
    with in_spanish():
        said = readings("contract", 1, ["5S 6H 9D", "KC KD KH"])
    assert said[0] == "no es un juego: ni un grupo (un mismo valor) ni una escala (un mismo palo)"
