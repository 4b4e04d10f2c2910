"""The engine's shared phrases (companion/rules/rulesets.py) in English and in Spanish.

English is pinned by ``tests/golden/phrases.json``, written from the code before the phrases went through the
catalogue (commit 646d08e): every published ruleset's contracts, each requirement as a sentence names it, each
alternative, the wild cards, and the articles, ladders, colour groups and named lengths. Its
``spanish_contracts`` are what ``companion/contract_words.contract_text`` wrote on a Spanish page before its
logic moved into the engine. The Spanish pinned by hand below follows the README's words ("Translating": trío in
Carioca and Continental, grupo elsewhere, escala, comodín, ronda, fase).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from speech_support import english_left, in_spanish

from companion.rules.published import PUBLISHED_RULESETS
from companion.rules.rulesets import (
    COLOUR_WORDS,
    DEAL_WORDS,
    RANK_WORDS,
    RUN_WORDS,
    SET_WORDS,
    LadderRule,
    MeldKind,
    Requirement,
    article,
    colour_phrase,
    contract_in_sentence,
    contract_words,
    deal_contract,
    describe_contract,
    ladder_words,
    names_its_length,
    requirement_phrase,
)
from companion.rules.speech import say_word

GOLDEN = json.loads((Path(__file__).parent / "golden" / "phrases.json").read_text(encoding="utf-8"))
ARTICLED = ["group", "set", "book", "trio", "three", "run", "escala", "four", "pair", "ladder", "escala real", "meld"]


def _variants():
    """Every published ruleset, with each house option alone and with all of them (the golden file's names)."""
    for ruleset in PUBLISHED_RULESETS.values():
        yield ruleset.id, ruleset
        keys = [option.key for option in ruleset.options]
        for key in keys:
            yield f"{ruleset.id}+{key}", ruleset.with_options(key)
        if len(keys) > 1:
            yield f"{ruleset.id}+all", ruleset.with_options(*keys)


VARIANTS = dict(_variants())
NAMES = list(VARIANTS)


def spanish_left_english(text: str) -> list[str]:
    """The English words left in ``text``, but "color": it is Spanish too ("de un mismo color")."""
    return [word for word in english_left(text) if word != "color"]


def _words(ruleset):
    return ruleset.set_word, ruleset.colour_word, ruleset.run_word


def test_the_golden_file_names_every_variant():
    assert set(GOLDEN["contracts"]) == set(VARIANTS) == set(GOLDEN["spanish_contracts"])


# -- English, byte for byte ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_english_contracts_and_phrases_are_unchanged(name):
    ruleset = VARIANTS[name]
    assert [deal.contract for deal in ruleset.deals] == GOLDEN["contracts"][name]
    assert [deal_contract(deal, ruleset) for deal in ruleset.deals] == GOLDEN["contracts"][name]
    assert [contract_in_sentence(deal, ruleset) for deal in ruleset.deals] == [
        text.lower() for text in GOLDEN["contracts"][name]
    ]
    assert [[requirement_phrase(r, *_words(ruleset)) for r in deal.requirements] for deal in ruleset.deals] == (
        GOLDEN["requirements"][name]
    )
    assert [[describe_contract(a, *_words(ruleset)) for a in deal.alternatives] for deal in ruleset.deals] == (
        GOLDEN["alternatives"][name]
    )
    assert ruleset.wild_words == GOLDEN["wild_words"][name]


def test_english_articles_ladders_colours_and_named_lengths_are_unchanged():
    assert {word: article(word) for word in ARTICLED} == GOLDEN["article"]
    ladders = [
        ladder_words(rule, most, run_word, adjacent=adjacent)
        for rule in LadderRule for most in (None, 0, 1, 2) for run_word in ("escala", "run", "four")
        for adjacent in (True, False)
    ]  # fmt: skip
    assert ladders == GOLDEN["ladder_words"]
    colours = [colour_phrase(c, n, w) for c in (1, 2, 3) for n in (3, 4, 7, 13) for w in ("colour", "suit")]
    assert colours == GOLDEN["colour_phrase"]
    named = [names_its_length(w, n) for w in ["group", "trio", "three", "run", "escala", "four"] for n in (3, 4, 5)]
    assert named == GOLDEN["names_its_length"]


def test_english_by_hand():
    assert requirement_phrase(Requirement(kind=MeldKind.RUN, length=9), "group", "suit") == "a run of 9"
    assert requirement_phrase(Requirement(kind=MeldKind.SET, length=3), "three", "suit", "four") == "a three"
    assert article("escala") == "an escala"
    assert VARIANTS["contract"].deal(2).contract == "One group of 3 and one run of 4"


# -- Spanish ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_spanish_contracts_are_what_the_pages_wrote(name):
    ruleset = VARIANTS[name]
    with in_spanish():
        said = [deal_contract(deal, ruleset) for deal in ruleset.deals]
        inside = [contract_in_sentence(deal, ruleset) for deal in ruleset.deals]
    assert said == GOLDEN["spanish_contracts"][name]
    assert inside == [text[:1].lower() + text[1:] for text in said]
    assert [spanish_left_english(text) for text in said] == [[] for _ in said]


@pytest.mark.parametrize("name", NAMES)
def test_every_part_of_every_deal_is_said_in_spanish(name):
    """Every requirement, contract and alternative of every deal is said in whole Spanish (no KeyError, no
    English left), and the contract the API answers with stays English."""
    ruleset = VARIANTS[name]
    with in_spanish():
        for deal in ruleset.deals:
            phrases = [requirement_phrase(r, *_words(ruleset)) for r in deal.requirements]
            phrases += [describe_contract(c, *_words(ruleset)) for c in deal.contracts]
            phrases += [article(word) for word in (ruleset.set_word, ruleset.run_word)]
            phrases.append(ruleset.wild_words)
            for phrase in phrases:
                assert spanish_left_english(phrase) == [], phrase
            data = contract_words(deal, *_words(ruleset), adjacent=ruleset.run_wilds_adjacent,
                                  same_suit=ruleset.run_suit.value == "same")  # fmt: skip
            assert data == deal.contract


@pytest.mark.parametrize(
    ("ruleset_id", "number", "expected"),
    [
        ("contract", 1, "Dos grupos de 3"),
        ("contract", 2, "Un grupo de 3 y una escala de 4"),
        ("contract", 7, "Tres escalas de 4 (todas las cartas, sin descartar)"),
        ("shanghai", 2, "Un grupo de 3 y una escala de 4"),
        ("continental", 1, "Dos tríos"),
        ("continental", 2, "Un trío y una escala de 4"),
        ("carioca", 1, "Dos tríos"),
        ("carioca", 2, "Un trío y una escala"),
        ("carioca", 8, "Cuatro tríos"),
        ("kalooki", 3, "Dos escalas de 4 y un grupo de 3"),
        ("phase10", 8, "Siete cartas de un mismo color"),
        ("phase10", 9, "Un grupo de 5 y un grupo de 2"),
    ],
)
def test_spanish_contracts_by_hand(ruleset_id, number, expected):
    ruleset = PUBLISHED_RULESETS[ruleset_id]
    with in_spanish():
        assert deal_contract(ruleset.deal(number), ruleset) == expected
    assert deal_contract(ruleset.deal(number), ruleset) == ruleset.deal(number).contract


def test_spanish_ladders_and_alternatives_by_hand():
    carioca = PUBLISHED_RULESETS["carioca"].with_options("escala-real")
    kalooki = PUBLISHED_RULESETS["kalooki"].with_options("full-suit")
    with in_spanish():
        assert deal_contract(carioca.deal(9), carioca) == (
            "Escala real: de la A a la K de un mismo palo, sin comodines (todas las cartas, sin descartar)"
        )
        assert ladder_words(LadderRule.ANY_SUIT, 1, "escala", adjacent=False) == (
            "Escala sucia: de la A a la K, de cualquier palo, como máximo 1 comodín"
        )
        assert ladder_words(LadderRule.SAME_SUIT, None, "run", adjacent=True).startswith("Escalera: ")
        assert deal_contract(kalooki.deal(4), kalooki) == "Tres escalas de 4 (o una escala de todo el palo)"
        assert contract_in_sentence(PUBLISHED_RULESETS["carioca"].deal(2), PUBLISHED_RULESETS["carioca"]) == (
            "un trío y una escala"
        )


@pytest.mark.parametrize(
    ("requirement", "words", "expected"),
    [
        ("S3", ("trio", "suit", "escala"), "un trío"),
        ("S4", ("trio", "suit", "escala"), "un trío de 4"),
        ("S3", ("group", "suit", "run"), "un grupo de 3"),
        ("S3", ("three", "suit", "four"), "un grupo de 3"),
        ("S2", ("set", "colour", "run"), "un grupo de 2"),
        ("R4", ("trio", "suit", "escala"), "una escala"),
        ("R4", ("three", "suit", "four"), "una escala de 4"),
        ("R9", ("set", "colour", "run"), "una escala de 9"),
        ("C7", ("set", "colour", "run"), "7 cartas de un mismo color"),
        ("C4", ("group", "suit", "run"), "4 cartas de un mismo palo"),
        ("P2", ("group", "suit", "run"), "un par"),
    ],
)
def test_spanish_requirement_phrases_by_hand(requirement, words, expected):
    (parsed,) = Requirement.from_symbols(requirement)
    with in_spanish():
        assert requirement_phrase(parsed, *words) == expected


def test_spanish_articles_follow_the_noun():
    with in_spanish():
        said = {word: article(word) for word in ARTICLED}
    assert said == {
        "group": "un grupo", "set": "un grupo", "book": "un grupo", "trio": "un trío", "three": "un grupo",
        "run": "una escala", "escala": "una escala", "four": "una escala", "pair": "un par",
        "ladder": "una escalera", "escala real": "una escala real", "meld": "un juego",
    }  # fmt: skip


def test_spanish_named_lengths_and_colour_phrases():
    with in_spanish():
        assert names_its_length("trio", 3) and names_its_length("escala", 4)
        assert not names_its_length("three", 3) and not names_its_length("four", 4)
        assert colour_phrase(1, 7, "colour") == "siete cartas de un mismo color"
        assert colour_phrase(2, 4, "suit") == "dos grupos de 4 cartas de un mismo palo"


def test_spanish_wild_cards():
    rulesets = PUBLISHED_RULESETS
    with in_spanish():
        assert rulesets["contract"].wild_words == "comodines"
        assert rulesets["contract"].with_options("deuces-wild").wild_words == "comodines y doses"
        assert rulesets["phase10"].wild_words == "comodines"


def test_the_ruleset_words_in_spanish():
    with in_spanish():
        sets = [say_word("set word", word) for word in SET_WORDS]
        runs = [say_word("run word", word) for word in RUN_WORDS]
        deals = [say_word("deal word", word) for word in DEAL_WORDS]
        colours = [say_word("colour word", word) for word in COLOUR_WORDS]
        ranks = [say_word("rank word", word) for word in RANK_WORDS]
    assert sets == ["grupo", "grupo", "grupo", "trío", "grupo"]
    assert runs == ["escala", "escala", "escala"]
    assert deals == ["ronda", "fase"]
    assert colours == ["color", "palo"]
    assert ranks == ["valor", "número"]


def test_every_rulesets_words_are_listed():
    for ruleset in VARIANTS.values():
        assert ruleset.set_word in SET_WORDS and ruleset.run_word in RUN_WORDS
        assert ruleset.deal_word in DEAL_WORDS and ruleset.colour_word in COLOUR_WORDS
        assert ruleset.rank_word in RANK_WORDS


# -- any contract -------------------------------------------------------------------------------------------------

_NUMBERS_EN = "zero one two three four five six seven eight nine ten eleven twelve".split()
_NUMBERS_ES = "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce".split()

REQUIREMENTS = st.one_of(
    st.builds(lambda n: Requirement(kind=MeldKind.SET, length=n), st.integers(2, 8)),
    st.builds(lambda n: Requirement(kind=MeldKind.RUN, length=n), st.integers(3, 14)),
    st.builds(lambda n: Requirement(kind=MeldKind.COLOUR, length=n), st.integers(3, 14)),
    st.just(Requirement(kind=MeldKind.PAIR, length=2)),
)
WORDS = st.tuples(st.sampled_from(SET_WORDS), st.sampled_from(COLOUR_WORDS), st.sampled_from(RUN_WORDS))


def _runs_of_alike(requirements):
    """The requirements with alike neighbours counted together (the reference's own grouping)."""
    groups = []
    for requirement in requirements:
        if groups and groups[-1][0] == requirement:
            groups[-1][1] += 1
        else:
            groups.append([requirement, 1])
    return groups


def _english_reference(requirements, set_word, colour_word, run_word):
    """RULES.md §8.0's contract wording: "Two groups of 3", "One trio", "Seven cards of one colour", "Two fours"."""
    named = {"trio": 3, "three": 3, "four": 4, "escala": 4}
    parts = []
    for requirement, count in _runs_of_alike(requirements):
        number = _NUMBERS_EN[count] if count <= 12 else str(count)
        if requirement.kind is MeldKind.COLOUR:
            if count == 1:
                length = _NUMBERS_EN[requirement.length] if requirement.length <= 12 else str(requirement.length)
                parts.append(f"{length} cards of one {colour_word}")
            else:
                parts.append(f"{number} groups of {requirement.length} cards of one {colour_word}")
            continue
        word = {MeldKind.SET: set_word, MeldKind.RUN: run_word, MeldKind.PAIR: "pair"}[requirement.kind]
        noun = word if count == 1 else word + "s"
        sized = requirement.kind is not MeldKind.PAIR and named.get(word) != requirement.length
        parts.append(f"{number} {noun}" + (f" of {requirement.length}" if sized else ""))
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return text[:1].upper() + text[1:]


@settings(max_examples=300, deadline=None)
@given(st.lists(REQUIREMENTS, min_size=1, max_size=6), WORDS)
def test_any_contract_in_english_and_in_whole_spanish(requirements, words):
    assert describe_contract(requirements, *words) == _english_reference(requirements, *words)
    with in_spanish():
        said = describe_contract(requirements, *words)
        phrases = [requirement_phrase(requirement, *words) for requirement in requirements]
    assert spanish_left_english(said) == [] and (said[:1].isupper() or said[:1].isdigit())  # "13 cartas ..."
    assert [spanish_left_english(phrase) for phrase in phrases] == [[] for _ in phrases]
    groups = _runs_of_alike(requirements)
    assert said.count(" y ") == (len(groups) > 1)  # the parts listed once, with "y" before the last
    first_count = groups[0][1]
    if first_count > 1:
        assert said.lower().startswith(_NUMBERS_ES[first_count] if first_count <= 12 else str(first_count))


def test_a_ruleset_made_in_spanish_keeps_its_contracts_in_english():
    """A deal's contract is data the API answers with byte for byte: a custom ruleset read, or a house option
    chosen, while the engine speaks Spanish still writes it in English (and says it in Spanish on demand)."""
    from companion.rules.definition import ruleset_from_definition, ruleset_to_definition

    carioca = PUBLISHED_RULESETS["carioca"]
    definition = ruleset_to_definition(carioca.with_options("escala-real"))
    with in_spanish():
        custom = ruleset_from_definition(definition)
        chosen = carioca.with_options("escala-sucia")
        said = deal_contract(custom.deal(2), custom)
    assert [deal.contract for deal in custom.deals] == [deal.contract for deal in carioca.with_options("escala-real").deals]
    assert chosen.deal(9).contract == "Escala sucia: A to K, any suits, at most 1 joker (every card, no discard)"
    assert said == "Un trío y una escala"
