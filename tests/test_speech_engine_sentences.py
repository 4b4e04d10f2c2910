"""The rules engine's scoring, tally, card, progression and ruleset sentences, in English and in Spanish.

English is byte for byte what the engine said before its sentences went through the catalogue
(``tests/golden/engine_sentences.json``, see :mod:`engine_sentence_cases`); RULES.md and API.md pin several of them
("Carioca has deals 1 to 8, not 9."). The Spanish below is written by hand from the catalogue's translation, in the
README's words (ronda, fase, mano, comodín, baraja, mazo, cerrar for going out).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from engine_sentence_cases import sentences
from speech_support import english_left, in_spanish

from companion.rules.cards import Card, Deck
from companion.rules.deal_score import DealTable, LineEntry, judge_deal, read_points, score_line
from companion.rules.progression import HandLine, PlayedHand, follow_game
from companion.rules.published import PUBLISHED_RULESETS, find_published_ruleset
from companion.rules.rulesets import RulesError
from companion.rules.scoring import ace_colour_sentence
from companion.rules.tally import HandTextError, hand_warnings, read_hand, read_phase10_hand, table_warnings

GOLDEN = json.loads((Path(__file__).parent / "golden" / "engine_sentences.json").read_text(encoding="utf-8"))
CARIOCA, PHASE10, CONTRACT, KALOOKI = (PUBLISHED_RULESETS[i] for i in ("carioca", "phase10", "contract", "kalooki"))

#: What a Spanish sentence may still hold that is no English left over: the rulesets' names (data, said as they
#: are), card notation (SKIP), Phase 10's name, a buy's own name («May I») and the JSON field names and values a
#: custom ruleset's refusal quotes.
KEPT = re.compile(
    "|".join(re.escape(name) for name in sorted((r.name for r in PUBLISHED_RULESETS.values()), key=len, reverse=True))
    + r"|Card\.parse\([^)]*\)|Deck\.PHASE10|Phase 10|SKIP|May I\??|\b[a-z]+(?:_[a-z]+)+\b|\b(?:wilds|skips|aces|points|progression|phase10-cards|phase10|standard"
    r"|joker-20|deuces-wild|no-jokers|all-wild-groups|joker-50|red-twos-wild|eleven-cards|full-suit|may-i)\b"
    r"|'[^']*'|\"[^\"]*\"|\b[A-Za-z]+=|color|Skip|\b(?:Deal|TableSupply|PointTable|Settlement)\b|(?<=Error: )[a-z_]+"
)


def test_english_is_what_the_engine_said_before():
    assert sentences() == GOLDEN


def test_every_case_is_said_in_spanish_without_english_left():
    with in_spanish():
        said = sentences()
    assert len(said) == len(GOLDEN)
    changed = [spanish for spanish, english in zip(said, GOLDEN, strict=True) if spanish != english]
    assert len(changed) > len(GOLDEN) // 2  # most answers are sentences, and they changed
    left = {text: english_left(KEPT.sub(" ", text)) for text in said}
    assert {text: words for text, words in left.items() if words} == {}


@pytest.mark.parametrize(
    ("ruleset", "number", "english", "spanish"),
    [
        (CARIOCA, 9, "Carioca has deals 1 to 8, not 9.", "Carioca tiene las rondas 1 a 8, no 9."),
        (PHASE10, 11, "Phase 10 has phases 1 to 10, not 11.", "Phase 10 tiene las fases 1 a 10, no 11."),
    ],
)
def test_a_deal_out_of_range(ruleset, number, english, spanish):
    with pytest.raises(RulesError) as raised:
        ruleset.deal(number)
    assert str(raised.value) == english
    with in_spanish(), pytest.raises(RulesError) as raised:
        ruleset.deal(number)
    assert str(raised.value) == spanish


def test_the_table_size_and_an_unknown_ruleset():
    with in_spanish():
        assert CONTRACT.players_refusal(9) == "Contract Rummy se juega con 3 a 5 jugadores, no con 9."
        with pytest.raises(RulesError) as raised:
            find_published_ruleset("uno")
    assert str(raised.value).startswith("No hay ningún reglamento 'uno'; los reglamentos son contract, liverpool")


@pytest.mark.parametrize(
    ("token", "deck", "spanish"),
    [
        ("1X", None, "'1X' no es una carta: una carta es un valor (A, 2-10 o T, J, Q, K) y un palo (S, H, D, C o "
                     "♠ ♥ ♦ ♣), como 10H o Q♠, o un comodín (JK)."),
        ("w", Deck.STANDARD, "W es una carta de Phase 10; estas reglas usan la baraja inglesa, con cartas como 7H, 10S o JK."),
        ("7h", Deck.PHASE10, "7H es una carta de la baraja inglesa; las cartas de Phase 10 son un número del 1 al 12 y "
                             "un color R, B, G o Y (7R), W o SKIP."),
        ("13R", Deck.PHASE10, "'13R' no es una carta: una carta de Phase 10 es un número del 1 al 12 y un color (R, B, "
                              "G o Y), como 7R o 12G, o bien W o SKIP."),
    ],
)  # fmt: skip
def test_card_notation_in_spanish(token, deck, spanish):
    with in_spanish(), pytest.raises(ValueError) as raised:
        Card.parse(token, deck) if deck else Card.parse(token)
    assert str(raised.value) == spanish


@pytest.mark.parametrize(
    ("text", "english", "spanish"),
    [
        ("1010", "“1010” reads like a number: type the cards with spaces (10 10), or the points in the points box.",
         "«1010» parece un número: escribe las cartas separadas por espacios (10 10), o los puntos en la casilla de puntos."),
        ("K1", "In “K1”, the 1 is not a card: type A for an ace, or 10 for a ten.",
         "En «K1», el 1 no es una carta: escribe A para un as, o 10 para un diez."),
        ("K0", "In “K0”, the 0 is not a card: a ten is 10 or T.", "En «K0», el 0 no es una carta: un diez es 10 o T."),
        ("KZ", "In “KZ”, “Z” is not a card: a rank is A, 2-10, J, Q, K or JK (suits don't matter here).",
         "En «KZ», «Z» no es una carta: un valor es A, 2-10, J, Q, K o JK (aquí el palo no importa)."),
    ],
)  # fmt: skip
def test_a_typed_hand_that_is_no_hand(text, english, spanish):
    with pytest.raises(HandTextError) as raised:
        read_hand(text)
    assert str(raised.value) == english
    with in_spanish(), pytest.raises(HandTextError) as raised:
        read_hand(text)
    assert str(raised.value) == spanish


def test_a_phase_10_hand_that_is_no_hand():
    with in_spanish(), pytest.raises(HandTextError) as raised:
        read_phase10_hand("7 K")
    assert str(raised.value) == (
        "«K» no es una carta de Phase 10: una carta es del 1 al 12, W o SKIP (aquí el color no importa); deja un "
        "espacio entre las cartas."
    )


def test_the_supply_warnings_in_spanish():
    deal = CONTRACT.deal(1)
    hand = ["7"] * 9 + ["JK"] * 3
    english = hand_warnings(CONTRACT, deal, hand + ["K"] * 3, players=3, buys=2)
    assert english == [
        "Nine 7s, but two packs hold only 8.", "Three jokers, but a table of 3 has two.",
        "15 cards left, but a hand holds at most 14 in this deal (10 dealt and 2 May Is).",
    ]  # fmt: skip
    with in_spanish():
        spanish = hand_warnings(CONTRACT, deal, hand + ["K"] * 3, players=3, buys=1)
        across = table_warnings(CONTRACT, [["JK"] * 3, ["JK"] * 2], players=3)
    assert spanish == [
        "Nueve cartas 7, pero dos barajas tienen solo 8.", "Tres comodines, pero una mesa de 3 tiene dos.",
        "Quedaron 15 cartas, pero en esta ronda una mano tiene como máximo 12 (10 repartidas y 1 «¿Me la das?»).",
    ]  # fmt: skip
    assert across == ["Entre todas las manos hay 5 comodines, pero solo se juega con 2."]


def test_the_score_forms_sentences_in_spanish():
    table = DealTable(names={0: "Ann", 1: "Bob", 2: "Cy"}, cutter=2)
    lines = [LineEntry(position=0, cards="K"), LineEntry(position=1), LineEntry(position=2)]
    with in_spanish():
        with pytest.raises(HandTextError) as raised:
            read_points("25.5")
        assert str(raised.value) == "«25.5» no es un número de puntos: escribe un número entero, como 25."
        with pytest.raises(HandTextError) as raised:
            score_line(CONTRACT, cards="K", points="10")
        assert str(raised.value) == "Escribe las cartas que quedaron o sus puntos, no ambos."
        assert ace_colour_sentence(KALOOKI) == (
            "Aquí el as suma según su color: escribe AS o AC para un as negro (15), AH o AD para un as rojo (1)."
        )
        stock = judge_deal(CONTRACT, 1, table, "stock", lines)
        nobody = judge_deal(CONTRACT, 1, table, None, lines)
        out = judge_deal(CONTRACT, 1, table, 0, lines)
    assert stock.warnings == ("Se acabó el mazo, así que todos suman puntos, pero Bob y Cy no tienen cartas anotadas.",)
    assert nobody.went_out_problem == "Toca a quien cerró, o «Nadie: se acabó el mazo»."
    assert out.line_problems == {0: "Ann cerró, así que no le quedan cartas: borra esta línea."}


def test_a_phase_10_games_problems_in_spanish():
    masters = PHASE10.with_options("masters")
    hand = PlayedHand(
        lines=(HandLine(seat=0, made=False, points=5, chosen_phase=99), HandLine(seat=1, made=False, points=0)),
        went_out=1,
    )
    with in_spanish():
        problems = [problem.sentence for problem in follow_game(masters, {0: "Ann", 1: "Bob"}, [hand]).problems]
    assert problems == [
        "No existe la fase 99: elige una del 1 al 10.", "Elige la fase de Bob para esta mano.",
    ]  # fmt: skip


def test_the_refusals_api_md_pins_in_spanish():
    import dataclasses

    with in_spanish(), pytest.raises(RulesError) as raised:
        dataclasses.replace(PHASE10, deuces_wild=True)
    assert str(raised.value) == 'wilds debe ser "W" con la baraja de Phase 10.'
    with pytest.raises(RulesError) as raised:
        dataclasses.replace(PHASE10, deuces_wild=True)
    assert str(raised.value) == 'wilds must be "W" with the Phase 10 deck.'


def test_cards_in_words_in_both_languages():
    standard = [Card.parse(text) for text in ("QS", "10H", "AD", "KC", "JK")]
    phase10 = [Card.parse(text, Deck.PHASE10) for text in ("7R", "12B", "1G", "3Y", "W", "SKIP")]
    assert [card.words for card in standard] == ["queen of spades", "10 of hearts", "ace of diamonds", "king of clubs", "joker"]
    assert [card.words for card in phase10] == ["7 red", "12 blue", "1 green", "3 yellow", "wild", "skip"]
    with in_spanish():
        assert [card.words for card in standard] == [
            "reina de picas", "10 de corazones", "as de diamantes", "rey de tréboles", "comodín",
        ]  # fmt: skip
        assert [card.words for card in phase10] == ["7 rojo", "12 azul", "1 verde", "3 amarillo", "comodín", "salto"]


def test_ranks_and_suits_said_in_both_languages():
    from companion.rules.cards import Rank, Suit

    ranks = [Rank.ACE, Rank.EIGHT, Rank.JACK, Rank.QUEEN, Rank.KING]
    assert [(rank.said, rank.said_plural) for rank in ranks] == [(rank.word, rank.plural) for rank in ranks]
    assert [(suit.said_one, suit.said_plural) for suit in Suit] == [
        ("spade", "spades"), ("heart", "hearts"), ("diamond", "diamonds"), ("club", "clubs"),
    ]  # fmt: skip
    with in_spanish():
        assert [(rank.said, rank.said_plural) for rank in ranks] == [
            ("as", "ases"), ("8", "8"), ("jota", "jotas"), ("reina", "reinas"), ("rey", "reyes"),
        ]  # fmt: skip
        assert [(suit.said_one, suit.said_plural) for suit in Suit] == [
            ("pica", "picas"), ("corazón", "corazones"), ("diamante", "diamantes"), ("trébol", "tréboles"),
        ]  # fmt: skip
