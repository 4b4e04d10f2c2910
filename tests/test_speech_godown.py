"""The go-down checker's sentences (RULES.md §5, §8.0) said in English and in Spanish.

English is exactly as RULES.md writes it (the message is the English); the Spanish of the key sentences is
written here by hand from the catalogue's translation, never read back from the code. Every worked example of
RULES.md §4 that the checker refuses, and random go-downs of random rulesets, are said in Spanish whole: no
English word left (card notation aside), a capital first and a full stop last.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest
import rules_examples
from hypothesis import given
from hypothesis import strategies as st
from random_rules import build_meld, random_requirements, random_ruleset, wild_cards
from speech_support import english_left, in_spanish
from test_carioca_kalooki_properties import VARIANTS as CARIOCA_KALOOKI_VARIANTS
from test_carioca_kalooki_properties import built_go_downs as carioca_kalooki_built
from test_carioca_kalooki_properties import random_go_downs as carioca_kalooki_random
from test_carioca_kalooki_rules import GO_DOWNS as CARIOCA_KALOOKI_GO_DOWNS
from test_phase10_properties import VARIANTS as PHASE10_VARIANTS
from test_phase10_properties import built_go_downs as phase10_built
from test_phase10_properties import random_go_downs as phase10_random
from test_phase10_rules import GO_DOWNS as PHASE10_GO_DOWNS
from test_phase10_rules import RULESETS_BY_ID as PHASE10

from companion.rules import Card, Rank, Suit, check_go_down, find_ruleset, parse_cards, ruleset_from_definition
from companion.rules.cards import Deck
from companion.rules.carioca import CARIOCA
from companion.rules.definition import RUN_WORDS, SET_WORDS, WILD_WORDS
from companion.rules.kalooki import KALOOKI
from conftest import fuzz

#: Card notation a Spanish sentence keeps as it is ("SKIP is a skip card": the card SKIP is no English left).
_CARD = re.compile(r"\b(?:SKIP|JK|W|(?:10|[2-9AJQK])[SHDC]|1[0-2][RBGY]|[1-9][RBGY])\b")


def english_in(problem: str) -> list[str]:
    """The English words left in a sentence said in Spanish, its cards aside, and "color": Spanish too ("de un
    mismo color", Carioca's "escala de color")."""
    return [word for word in english_left(_CARD.sub("", problem)) if word != "color"]


def assert_whole_spanish(problems: tuple[str, ...]) -> None:
    """Each sentence said in Spanish is whole: no English left, a capital (or ¿, or a card's figure) first, a full
    stop last."""
    for problem in problems:
        assert english_in(problem) == [], problem
        assert problem[:1].isupper() or problem[:1].isdigit() or problem[:1] == "¿", problem
        assert problem.endswith("."), problem


def ruling_in_both(ruleset, deal: int, melds: str, remaining: str | None = None, players: int | None = None):
    """The ruling on a go-down in English and in Spanish (the same kinds of problem, about the same melds)."""
    cards = [parse_cards(meld, deck=ruleset.deck) for meld in melds.split("|")]
    left = None if remaining is None else parse_cards(remaining, deck=ruleset.deck)
    english = check_go_down(ruleset, deal, cards, left, players)
    with in_spanish():
        spanish = check_go_down(ruleset, deal, cards, left, players)
    assert spanish.legal is english.legal
    assert [(p.kind, p.meld) for p in spanish.details] == [(p.kind, p.meld) for p in english.details]
    return english, spanish


# -- the key sentences, word for word in both languages ---------------------------------------------------------

# (ruleset, options, deal, melds, remaining, English as RULES.md says it, Spanish as the catalogue says it)
SENTENCES = [
    # §5.1 wrong number or kind of melds
    ("combination", (), 1, "KH KD KS", None,
     "Deal 1 needs two sets of 3; you laid down 1 meld.", "La ronda 1 pide dos grupos de 3; bajaste 1 juego."),
    ("may-i", (), 3, "5C 5D 5H | 6S 7S 8S 9S", None,
     "5C 5D 5H is a group; deal 3 needs two runs of 4.", "5C 5D 5H es un grupo; la ronda 3 pide dos escalas de 4."),
    # §5.2 too few cards
    ("combination", (), 2, "10C 10D 10S | 4H 5H 6H", None,
     "4H 5H 6H is 3 cards; a run needs 4.", "4H 5H 6H tiene 3 cartas; una escala necesita 4."),
    ("continental", (), 4, "7H 7S | 8C 8D 8H | 9S 9D 9C", None,
     "7H 7S is 2 cards; a trio needs 3.", "7H 7S tiene 2 cartas; un trío necesita 3."),
    # §5.3 too many cards
    ("contract", (), 1, "7H 7S 7D 7C | KC KD KS", None,
     "7H 7S 7D 7C has 4 cards; going down, a group is exactly 3. Lay off the rest on a later turn.",
     "7H 7S 7D 7C tiene 4 cartas; al bajarte, un grupo tiene exactamente 3. Coloca el resto en un turno posterior."),
    # §5.4 mixed suits
    ("contract", (), 2, "9C 9D 9S | 5S 6S 7H 8S", None, "5S 6S 7H 8S mixes suits.", "5S 6S 7H 8S mezcla palos."),
    # §5.5 a gap
    ("contract", (), 2, "9C 9D 9S | 5S 6S 8S 9S", None,
     "5S 6S 8S 9S skips 7S and no wild fills it.", "En 5S 6S 8S 9S falta 7S y ningún comodín llena el hueco."),
    # §5.6 the ace round the corner, or low where aces are high only
    ("contract", (), 3, "QH KH AH 2H | 5C 6C 7C 8C", None,
     "Q-K-A-2 goes round the corner: an ace is high or low, not both.",
     "Q-K-A-2 da la vuelta por el as: el as va arriba o abajo, no las dos cosas."),
    ("shanghai", (), 2, "5C 5D 5H | AS 2S 3S 4S", None,
     "Aces are high only: A-2-3-4 is not a run.", "Los ases solo van arriba: A-2-3-4 no es una escala."),
    # §5.7 too many wilds
    ("parlett", (), 1, "8C JK JK | QS QH QD", None,
     "8C JK JK has 2 wilds; this game allows 1 per meld.", "8C JK JK tiene 2 comodines; esta partida permite 1 por juego."),
    # §5.8 no natural card
    ("combination", (), 4, "JK JK JK | 5C 5D 5H | 8S 8D 8C", None,
     "JK JK JK has no natural card.", "JK JK JK no tiene ninguna carta natural."),
    # §5.9 same-suit runs
    ("parlett", (), 3, "2H 3H 4H 5H | 6H 7H 8H 9H", None,
     "2-5 and 6-9 of hearts join end to end; they must overlap or leave a gap.",
     "2-5 y 6-9 de corazones quedan pegadas una a la otra; deben compartir cartas o dejar un hueco."),
    ("shanghai-powe", (), 3, "6H 7H 8H 9H | JH QH KH AH", None,
     "Two runs of hearts: only one run per suit.", "Dos escalas de corazones: solo una escala por palo."),
    # §5.10 a rank twice
    ("shanghai", (), 4, "8H 8S 8D | 8C 8H 8S | KD KS KC", None,
     "Two books of 8s: a contract can't use a rank twice.", "Dos grupos de 8: un contrato no puede usar un valor dos veces."),
    # §5.12 unmelded cards
    ("contract", (), 7, "AS 2S 3S 4S | 5H 6H 7H 8H | 10C JC QC KC", "9D",
     "Deal 7 must use every card: 9D is left.", "La ronda 7 debe usar todas las cartas: queda 9D."),
    # §8.0's sentences: Carioca
    ("carioca", (), 1, "7S 7H 7D 7C | KC KD KS", None,
     "This trio has 4 cards; going down, a trio is exactly 3. Lay off the extra on a later turn.",
     "Este juego tiene 4 cartas; al bajarte, un trío tiene exactamente 3. Coloca la que sobra en un turno posterior."),
    ("carioca", (), 1, "9S 9H 9D | 9C 9S 9H", None,
     "Two trios of 9s: a contract can't use a rank twice.", "Dos tríos de 9: un contrato no puede usar un valor dos veces."),
    ("carioca", (), 5, "9S 9H JK | QC QD JK | 5C 6C JK 8C", None,
     "Your go-down has 3 jokers; this game allows 2 in one go-down.",
     "Tu bajada tiene 3 comodines; esta partida permite 2 en una bajada."),
    ("carioca", ("escala-real",), 9, "AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH", "",
     "The escala real allows no joker: JK is one.", "La escala real no permite comodines: JK es uno."),
    ("carioca", ("escala-color",), 9, "AH 2D 3H 4H 5D 6H 7D 8H 9D 10H JD QH KS", "",
     "The escala de color is all red or all black: KS is black.", "La escala de color es toda roja o toda negra: KS es negra."),
    ("carioca", ("escala-payaso",), 9, "AH 2S 3D 4C 5C 6S 7D 8C 9H 10S JD QC KH", "",
     "The escala payaso alternates red and black: 4C and 5C are both black.",
     "La escala payaso alterna rojas y negras: 4C y 5C son las dos negras."),
    ("carioca", ("escala-real", "escala-sucia"), 10, "AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS", "",
     "The escala real is A to K of one suit: 2H is not a spade.",
     "La escala real va de la A a la K de un mismo palo: 2H no es de picas."),
    # Kalooki
    ("kalooki", (), 1, "5S 5D 5H | 5C 5S 5H | QS QH QD", None,
     "Two threes of 5s: a player's threes must be of different ranks.",
     "Dos grupos de 5: los grupos de un jugador deben ser de valores distintos."),
    ("kalooki", (), 1, "QS JK JK | 3C 3D 3H | 9S 9C 9D", None,
     "QS JK JK has 1 natural card; a three needs at least 2.", "QS JK JK tiene 1 carta natural; un grupo necesita al menos 2."),
    ("kalooki", (), 2, "5H JK JK 8H | 3C 3D 3H | 9S 9C 9D", None,
     "5H JK JK 8H puts two jokers side by side; in a four they may not be.",
     "5H JK JK 8H pone dos comodines juntos; en una escala no pueden ir juntos."),
    ("kalooki", (), 3, "3H 4H 5H 6H | 9H 10H JH QH | 7S 7C 7D", None,
     "Two fours in hearts: a player's fours must be of different suits.",
     "Dos escalas de corazones: las escalas de un jugador deben ser de palos distintos."),
    # Phase 10
    ("phase10", (), 6, "3R 4B 5G 6Y 7R 8B 9G 10Y", None,
     "3R 4B 5G 6Y 7R 8B 9G 10Y is 8 cards; phase 6 needs a run of 9.",
     "3R 4B 5G 6Y 7R 8B 9G 10Y tiene 8 cartas; la fase 6 pide una escala de 9."),
    ("phase10", (), 4, "10R 11B 12G 1Y 2R 3B 4G", None,
     "10-11-12-1 goes past 12: a run is numbered 1 to 12 and never turns the corner.",
     "10-11-12-1 pasa del 12: una escala va del 1 al 12 y nunca da la vuelta."),
    ("phase10", (), 8, "2B 4B 5B 8B 8B 12B SKIP", None,
     "SKIP is a skip card; a skip is never part of a phase.", "SKIP es una carta de salto; un salto nunca forma parte de una fase."),
    ("phase10", (), 7, "4R 4R 4R 4B | 11G 11G 11Y 11B", None,
     "Three 4R, but the deck has two.", "Tres 4R, pero la baraja tiene dos."),
    ("phase10-cards", (), 4, "JS QS KS AS 2S 3S 4S", None,
     "JS QS KS AS 2S 3S 4S needs the ace after Q, but here the ace is only 1 and a run ends at Q.",
     "JS QS KS AS 2S 3S 4S necesita el as después de Q, pero aquí el as solo vale 1 y una escala termina en Q."),
    ("phase10-cards", (), 1, "7S 7H JK | QC QD QH", None,
     "JK is a skip card here; a skip is never part of a phase.",
     "JK es una carta de salto en esta partida; un salto nunca forma parte de una fase."),
]  # fmt: skip

_BUILT_INS = {"carioca": CARIOCA, "kalooki": KALOOKI, **PHASE10}


def a_ruleset(ruleset_id: str, options: tuple[str, ...] = ()):
    base = _BUILT_INS.get(ruleset_id) or find_ruleset(ruleset_id)
    return base.with_options(*options) if options else base


@pytest.mark.parametrize(
    ("ruleset_id", "options", "deal", "melds", "remaining", "english", "spanish"),
    SENTENCES,
    ids=[f"{case[0]}-{case[2]}-{case[5][:30]}" for case in SENTENCES],
)
def test_a_key_sentence_in_both_languages(ruleset_id, options, deal, melds, remaining, english, spanish):
    english_ruling, spanish_ruling = ruling_in_both(a_ruleset(ruleset_id, options), deal, melds, remaining)
    assert english in english_ruling.problems
    assert spanish_ruling.problems[english_ruling.problems.index(english)] == spanish


def test_english_is_said_again_after_spanish():
    """The language is the caller's, inside its block only: the same ruling reads in English after it."""
    melds = [parse_cards("9C 9D 9S"), parse_cards("5S 6S 8S 9S")]
    with in_spanish():
        assert check_go_down(find_ruleset("contract"), 2, melds).problems == ("En 5S 6S 8S 9S falta 7S y ningún comodín llena el hueco.",)
    assert check_go_down(find_ruleset("contract"), 2, melds).problems == ("5S 6S 8S 9S skips 7S and no wild fills it.",)


def test_the_words_of_a_ruleset_in_spanish():
    """A trío where the ruleset says trio, a grupo for group, set, book and three; every run word an escala; the
    deal a ronda, the phase a fase."""
    with in_spanish():
        continental = check_go_down(find_ruleset("continental"), 4, [parse_cards("7H 7S")]).problems[0]
        shanghai = check_go_down(find_ruleset("shanghai"), 1, [parse_cards("8H 8S")]).problems[0]
        phase = check_go_down(PHASE10["phase10"], 1, [parse_cards("7R 7B 7G", deck=PHASE10["phase10"].deck)]).problems[0]
    assert continental == "La ronda 4 pide tres tríos; bajaste 1 juego."
    assert shanghai == "La ronda 1 pide dos grupos de 3; bajaste 1 juego."
    assert phase == "La fase 1 pide dos grupos de 3; bajaste 1 juego."


def test_the_too_many_sentences_of_each_wild_word_and_limit():
    """Jokers where the sources speak of jokers (Carioca), wilds elsewhere; "no wild card" where none is allowed."""
    no_wilds = dataclasses.replace(find_ruleset("parlett"), max_wilds=0)
    english, spanish = ruling_in_both(no_wilds, 1, "8C 8D JK | QS QH QD")
    assert english.problems == ("8C 8D JK has 1 wild; this game allows no wild card.",)
    assert spanish.problems == ("8C 8D JK tiene 1 comodín; esta partida no permite comodines.",)
    english, spanish = ruling_in_both(CARIOCA, 2, "8C 8D 8H | 5H JK JK 8H")
    assert english.problems == ("5H JK JK 8H has 2 jokers; this game allows 1 per meld.",)
    assert spanish.problems == ("5H JK JK 8H tiene 2 comodines; esta partida permite 1 por juego.",)


def test_a_ladder_deal_named_in_the_meld_count():
    english, spanish = ruling_in_both(CARIOCA.with_options("escala-real"), 9, "AH 2H 3H 4H 5H 6H | 7H 8H 9H 10H JH QH KH", "")
    assert english.problems[0] == "Deal 9 needs the escala real, A to K in one meld; you laid down 2 melds."
    assert spanish.problems[0] == "La ronda 9 pide la escala real, de la A a la K en un solo juego; bajaste 2 juegos."


def test_an_alternative_contract_said_in_spanish():
    """A deal with an alternative is explained against the contract with as many melds as were laid (RULES.md
    §8.7.5): its contract said in Spanish too."""
    full_suit = KALOOKI.with_options("full-suit")
    english, spanish = ruling_in_both(full_suit, 4, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS | 3H 3D")
    assert english.problems[0] == "Deal 4 needs three fours; you laid down 2 melds."
    assert spanish.problems[0] == "La ronda 4 pide tres escalas de 4; bajaste 2 juegos."
    assert_whole_spanish(spanish.problems)


# -- every refused worked example of RULES.md §4, said in Spanish whole -----------------------------------------

_EXAMPLES = [
    (ruleset_id, (), deal, melds, remaining, None)
    for ruleset_id, _name, deal, melds, remaining, legal, _words in rules_examples.GO_DOWNS
    if not legal
]
_EXAMPLES += [
    (ruleset_id, options, deal, melds, remaining, players)
    for ruleset_id, options, _name, deal, melds, remaining, players, legal, _problems in CARIOCA_KALOOKI_GO_DOWNS
    if not legal
]
_EXAMPLES += [(ruleset_id, (), phase, melds, None, None) for ruleset_id, _name, phase, melds, legal, _first in PHASE10_GO_DOWNS if not legal]


@pytest.mark.parametrize(("ruleset_id", "options", "deal", "melds", "remaining", "players"), _EXAMPLES,
                         ids=[f"{case[0]}-{case[2]}-{case[3]}" for case in _EXAMPLES])  # fmt: skip
def test_a_refused_worked_example_is_whole_spanish(ruleset_id, options, deal, melds, remaining, players):
    english, spanish = ruling_in_both(a_ruleset(ruleset_id, options), deal, melds, remaining, players)
    assert spanish.problems and len(spanish.problems) == len(english.problems)
    assert spanish.problems != english.problems
    assert_whole_spanish(spanish.problems)


# -- random go-downs: said in Spanish, never a missing placeholder, never English left -------------------------


def _spoiled(rng: random.Random, ruleset, melds: list[list[Card]]) -> list[list[Card]]:
    """The melds perhaps spoiled one way: a card swapped, dropped or added, a wild, two melds merged or one split."""
    how = rng.choice(["none", "swap", "drop", "add", "wild", "merge", "split", "empty"])
    meld = rng.choice(melds)
    stranger = Card(rng.choice(list(Rank)), rng.choice(list(Suit)))
    if how == "swap" and meld:
        meld[rng.randrange(len(meld))] = stranger
    elif how == "drop" and meld:
        meld.pop(rng.randrange(len(meld)))
    elif how == "add":
        meld.insert(rng.randrange(len(meld) + 1), stranger)
    elif how == "wild" and meld:
        meld[rng.randrange(len(meld))] = rng.choice(wild_cards(ruleset))
    elif how == "merge" and len(melds) > 1:
        melds[0] += melds.pop()
    elif how == "split" and len(meld) > 2:
        cut = rng.randrange(1, len(meld))
        melds.append(meld[cut:])
        del meld[cut:]
    elif how == "empty":
        melds.append([])
    return melds


@st.composite
def random_rulesets_go_downs(draw):
    """A random ruleset (random_rules' fields, and any set, run and wild word, deals or phases) and a go-down
    built for its contract, perhaps spoiled; perhaps cards left in a meld-all deal, perhaps a small table."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    requirements = random_requirements(rng, most_cards=14)
    ruleset = random_ruleset(rng, requirements, meld_all=rng.random() < 0.4)
    ruleset = dataclasses.replace(
        ruleset, set_word=rng.choice(SET_WORDS), run_word=rng.choice(RUN_WORDS), wild_word=rng.choice(WILD_WORDS),
        max_wilds_per_contract=rng.choice([None, None, 0, 1, 2]), run_wilds_adjacent=rng.random() < 0.7,
    )  # fmt: skip
    melds = [build_meld(rng, ruleset, requirement, extra=rng.choice([0, 0, 1])) for requirement in requirements]
    melds = _spoiled(rng, ruleset, melds)
    rng.shuffle(melds)
    remaining = rng.sample(list(parse_cards("3C 4D 9H JK")), rng.randint(0, 2)) if ruleset.deal(1).meld_all else None
    return ruleset, 1, melds, remaining, rng.choice([None, 2, 8])


def _said_whole_in_spanish(ruleset, deal: int, melds, remaining=None, players=None) -> None:
    english = check_go_down(ruleset, deal, melds, remaining, players)
    with in_spanish():
        spanish = check_go_down(ruleset, deal, melds, remaining, players)  # a missing placeholder would raise here
    assert spanish.legal is english.legal
    assert [p.kind for p in spanish.details] == [p.kind for p in english.details]
    assert_whole_spanish(spanish.problems)


@fuzz(300)
@given(random_rulesets_go_downs())
def test_random_go_downs_of_random_rulesets_in_spanish(case):
    _said_whole_in_spanish(*case)


@pytest.mark.parametrize("strategy", [carioca_kalooki_built, carioca_kalooki_random], ids=["built", "random"])
def test_random_carioca_and_kalooki_go_downs_in_spanish(strategy):
    @fuzz(150)
    @given(strategy())
    def check(case):
        key, number, melds, _how = case
        ruleset = CARIOCA_KALOOKI_VARIANTS[key]
        _said_whole_in_spanish(ruleset, number, melds, [] if ruleset.deal(number).meld_all else None)

    check()


@pytest.mark.parametrize("strategy", [phase10_built, phase10_random], ids=["built", "random"])
def test_random_phase10_go_downs_in_spanish(strategy):
    @fuzz(150)
    @given(strategy())
    def check(case):
        key, number, melds, _how = case
        _said_whole_in_spanish(PHASE10_VARIANTS[key], number, melds)

    check()


def test_every_built_in_deal_said_in_spanish():
    """Each deal of the built-ins (and of Carioca, Kalooki and Phase 10 with their options), asked about one
    stray card: the sentences name the deal and its contract in Spanish."""
    rulesets = [find_ruleset(key) for key in ("contract", "parlett", "combination", "shanghai", "continental", "progressive")]
    rulesets += [CARIOCA.with_options("escala-sucia", "escala-real"), KALOOKI.with_options("full-suit"), *PHASE10.values()]
    for ruleset in rulesets:
        stray = parse_cards("5S" if ruleset.deck is Deck.STANDARD else "5R", deck=ruleset.deck)
        for deal in ruleset.deals:
            _said_whole_in_spanish(ruleset, deal.number, [stray], [] if deal.meld_all else None)


# -- the API: the checker in the language asked for, English byte for byte otherwise ---------------------------

_API_CASES = [
    ("combination", 1, "KH KD KS", "Deal 1 needs two sets of 3; you laid down 1 meld.", "La ronda 1 pide dos grupos de 3; bajaste 1 juego."),
    ("kalooki", 2, "5H JK JK 8H | 3C 3D 3H | 9S 9C 9D", "5H JK JK 8H puts two jokers side by side; in a four they may not be.",
     "5H JK JK 8H pone dos comodines juntos; en una escala no pueden ir juntos."),
    ("carioca", 1, "7S 7H 7D 7C | KC KD KS",
     "This trio has 4 cards; going down, a trio is exactly 3. Lay off the extra on a later turn.",
     "Este juego tiene 4 cartas; al bajarte, un trío tiene exactamente 3. Coloca la que sobra en un turno posterior."),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset_id", "deal", "melds", "english", "spanish"), _API_CASES, ids=[c[0] for c in _API_CASES])
def test_the_api_checks_in_the_language_asked_for(client, ruleset_id, deal, melds, english, spanish):
    """An English request (no Accept-Language, or English asked) is answered as RULES.md writes it, the deal's
    contract and its words as the ruleset holds them; ``Accept-Language: es`` in Spanish."""
    body = {"ruleset": ruleset_id, "deal": deal, "melds": [meld.split() for meld in melds.split("|")]}
    for headers in ({}, {"Accept-Language": "en-GB,en;q=0.9"}):
        assert client.post("/api/melds/check", json=body, headers=headers).get_json()["problems"] == [english]
    assert client.post("/api/melds/check", json=body, headers={"Accept-Language": "es"}).get_json()["problems"] == [spanish]


# -- English byte for byte: a golden file of rulings written by the checker before it spoke through speech -------

#: ``tests/golden/godown_english.json``: go-downs of every built-in with each house option (and Carioca's escalas
#: together) and of random custom rulesets (their ruleset objects kept beside), at least one for each shape of
#: sentence the checker gave (20,000 random go-downs sorted by sentence), with the problems commit 646d08e's
#: checker gave them, before any sentence went through :mod:`companion.rules.speech`.
GOLDEN = json.loads((Path(__file__).parent / "golden" / "godown_english.json").read_text(encoding="utf-8"))


def _golden_ruleset(key: str):
    """A golden case's ruleset: ``"carioca+escala-real"`` is a built-in with its options; ``"custom7"`` a ruleset
    object kept in the file."""
    if key in GOLDEN["definitions"]:
        return ruleset_from_definition(GOLDEN["definitions"][key])
    base, *options = key.split("+")
    return a_ruleset(base, tuple(options))


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=[f"{case[0]}-{case[1]}-{index}" for index, case in enumerate(GOLDEN["cases"])])
def test_the_english_is_what_the_checker_always_said(case):
    key, deal, melds, remaining, players, problems = case
    ruleset = _golden_ruleset(key)
    cards = [parse_cards(meld, deck=ruleset.deck) for meld in melds]
    left = None if remaining is None else parse_cards(remaining, deck=ruleset.deck)
    assert list(check_go_down(ruleset, deal, cards, left, players).problems) == problems
    _said_whole_in_spanish(ruleset, deal, cards, left, players)


def test_the_golden_file_holds_every_kind_of_problem():
    """The golden rulings cover §5's twelve problems and §8.0's skip, in Carioca's, Kalooki's, Phase 10's and
    custom rulesets."""
    keys = {case[0].split("+")[0] for case in GOLDEN["cases"]}
    assert {"contract", "shanghai", "carioca", "kalooki", "phase10", "phase10-cards"} <= keys
    assert any(key.startswith("custom") for key in keys)
    said = " ".join(problem for case in GOLDEN["cases"] for problem in case[5])
    for words in ("you laid down", "is a group;", "a run needs", "going down,", "mixes suits", "skips", "round the corner",
                  "per meld", "no natural card", "join end to end", "a rank twice", "but there", "must use every card",
                  "skip card", "The escala real", "in one go-down", "side by side"):  # fmt: skip
        assert words in said, words
