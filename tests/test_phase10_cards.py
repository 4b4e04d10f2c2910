"""The Phase 10 deck and its notation (API.md, "Card notation" of the wider family; RULES.md §8.0).

Every accepted spelling reads to its canonical card, a card of the other deck's notation is named as such,
anything else is not a card, and formatting reads back (a property over every face of both decks).
"""

from __future__ import annotations

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from conftest import fuzz
from companion.rules import JOKER, Card, CardSyntaxError, find_ruleset, format_cards, parse_cards
from companion.rules.cards import PHASE10_COPIES, PHASE10_FACES, SKIP, STANDARD_PACK, WILD, Colour, Deck, Rank, Special
from companion.rules.rulesets import PHASE10_POINT_KEYS, PointTable
from companion.rules.runs import written_order

P10 = Deck.PHASE10

# (token, canonical) from API.md's Phase 10 table and its examples
NOTATIONS = [
    ("7R", "7R"), ("12g", "12G"), ("1y", "1Y"), ("10B", "10B"), ("11b", "11B"), ("9G", "9G"),
    ("W", "W"), ("w", "W"), ("WILD", "W"), ("wild", "W"),
    ("SKIP", "SKIP"), ("skip", "SKIP"), ("SK", "SKIP"), ("sk", "SKIP"),
    (" 7r ", "7R"), ("\t12Y\n", "12Y"),
]  # fmt: skip


@pytest.mark.parametrize(("token", "canonical"), NOTATIONS, ids=[repr(t) for t, _ in NOTATIONS])
def test_phase10_notation_parses_to_the_canonical_card(token, canonical):
    card = Card.parse(token, P10)
    assert str(card) == canonical
    assert card.deck is P10


def test_a_numbered_card_is_a_number_and_a_colour():
    card = Card.parse("11b", P10)
    assert card.rank is Rank.JACK and card.colour is Colour.BLUE and card.suit is None and card.special is None
    assert card.mark is Colour.BLUE
    assert not card.is_joker


def test_wild_and_skip_are_neither_joker_nor_numbered():
    assert Card.parse("wild", P10) == WILD and WILD.special is Special.WILD
    assert Card.parse("sk", P10) == SKIP and SKIP.special is Special.SKIP
    assert not WILD.is_joker and not SKIP.is_joker
    assert WILD != JOKER and SKIP != JOKER and WILD != SKIP


def test_the_deck_holds_108_cards():
    assert sum(PHASE10_COPIES.values()) == 108
    assert len(PHASE10_FACES) == 50
    assert PHASE10_COPIES[WILD] == 8 and PHASE10_COPIES[SKIP] == 4 and PHASE10_COPIES[Card.parse("7R", P10)] == 2


def test_a_text_of_phase10_cards():
    assert format_cards(parse_cards("7r, 12G w  skip 1y", deck=P10)) == "7R 12G W SKIP 1Y"
    assert parse_cards("", deck=P10) == ()


# -- the other deck's notation is named, never judged --------------------------------

# (token, sentence) from API.md
STANDARD_IN_PHASE10 = [
    ("7H", "7H is a standard card; Phase 10 cards are a number 1 to 12 and a colour R, B, G or Y (7R), W or SKIP."),
    ("7h", "7H is a standard card; Phase 10 cards are a number 1 to 12 and a colour R, B, G or Y (7R), W or SKIP."),
    ("JK", "JK is a standard card; Phase 10 cards are a number 1 to 12 and a colour R, B, G or Y (7R), W or SKIP."),
    ("Q♠", "QS is a standard card; Phase 10 cards are a number 1 to 12 and a colour R, B, G or Y (7R), W or SKIP."),
]
PHASE10_IN_STANDARD = [
    ("7R", "7R is a Phase 10 card; this ruleset uses standard cards such as 7H, 10S or JK."),
    ("w", "W is a Phase 10 card; this ruleset uses standard cards such as 7H, 10S or JK."),
    ("SKIP", "SKIP is a Phase 10 card; this ruleset uses standard cards such as 7H, 10S or JK."),
    ("12g", "12G is a Phase 10 card; this ruleset uses standard cards such as 7H, 10S or JK."),
]


@pytest.mark.parametrize(("token", "message"), STANDARD_IN_PHASE10, ids=[t for t, _ in STANDARD_IN_PHASE10])
def test_a_standard_card_in_a_phase10_ruleset_is_named(token, message):
    with pytest.raises(CardSyntaxError) as error:
        Card.parse(token, P10)
    assert str(error.value) == message


@pytest.mark.parametrize(("token", "message"), PHASE10_IN_STANDARD, ids=[t for t, _ in PHASE10_IN_STANDARD])
def test_a_phase10_card_in_a_standard_ruleset_is_named(token, message):
    with pytest.raises(CardSyntaxError) as error:
        Card.parse(token, Deck.STANDARD)
    assert str(error.value) == message


def test_without_a_deck_a_phase10_token_is_refused_as_before():
    """The API reads cards without a deck this session: its sentences stay as they were."""
    with pytest.raises(CardSyntaxError, match=r"^'7R' is not a card: a card is a rank"):
        Card.parse("7R")


@pytest.mark.parametrize("token", ["13R", "0B", "7X", "W7", "07R", "1", "R", "7 R", "SKIPS", "WW", "", "12"])
@pytest.mark.parametrize("deck", [Deck.STANDARD, P10], ids=str)
def test_not_a_card_in_either_notation(token, deck):
    with pytest.raises(CardSyntaxError) as error:
        Card.parse(token, deck)
    assert str(error.value).startswith(f"{token.strip()!r} is not a card: ")
    assert str(error.value).endswith(".")


def test_a_token_that_is_not_text_is_not_a_card():
    with pytest.raises(CardSyntaxError, match="is not a card: a Phase 10 card is a number 1 to 12"):
        Card.parse(7, P10)  # type: ignore[arg-type]


def test_a_bad_phase10_card_cannot_be_made():
    with pytest.raises(ValueError, match="a number 1 to 12 and a colour"):
        Card(Rank.KING, None, colour=Colour.RED)
    with pytest.raises(ValueError, match="no number, suit or colour"):
        Card(Rank.TWO, None, special=Special.WILD)


# -- order, repr, points ---------------------------------------------------------------


def test_phase10_cards_order_by_number_then_colour_wild_and_skip_last():
    cards = parse_cards("SKIP W 12Y 1G 1R 10B", deck=P10)
    assert format_cards(sorted(cards)) == "1R 1G 10B 12Y W SKIP"
    assert sorted([WILD, JOKER, Card.parse("KS")]) == [Card.parse("KS"), JOKER, WILD]


@pytest.mark.parametrize("card", PHASE10_FACES, ids=str)
def test_phase10_repr_reads_back(card):
    assert eval(repr(card), {"Card": Card, "Deck": Deck}) == card  # noqa: S307 - the repr is meant to read back


PHASE10_POINTS = PointTable.of({**{str(n): 5 if n <= 9 else 10 for n in range(1, 13)}, "W": 25, "SKIP": 15}, PHASE10_POINT_KEYS)

# RULES.md §8.1: "5 points for each card numbered 1-9, 10 points for each card numbered 10-12, 15 ... Skip, 25 ... Wild"
POINTS = [("1R", 5), ("9B", 5), ("10G", 10), ("12Y", 10), ("SKIP", 15), ("W", 25)]


@pytest.mark.parametrize(("token", "points"), POINTS, ids=[t for t, _ in POINTS])
def test_phase10_card_points(token, points):
    assert PHASE10_POINTS.for_card(Card.parse(token, P10)) == points


def test_the_worked_example_hand_scores_70():
    assert sum(PHASE10_POINTS.for_card(card) for card in parse_cards("1R 9B 10G 12Y SKIP W", deck=P10)) == 70


def test_a_phase10_point_table_has_the_phase10_keys():
    assert list(PHASE10_POINTS.as_dict()) == [*map(str, range(1, 13)), "W", "SKIP"]
    assert PHASE10_POINTS.deck is P10
    assert PHASE10_POINTS.replace(W=50).for_card(WILD) == 50
    with pytest.raises(ValueError, match="missing for SKIP"):
        PointTable.of({str(n): 5 for n in range(1, 13)} | {"W": 25}, PHASE10_POINT_KEYS)


# -- the round trip, fuzzed ----------------------------------------------------------

ANY_CARD = st.sampled_from(PHASE10_FACES + STANDARD_PACK + (JOKER,))


def _spelling(draw, card: Card) -> str:
    """One accepted spelling of a card, in any case, with or without spaces around it."""
    text = str(card)
    if card == WILD:
        text = draw(st.sampled_from(["W", "WILD"]))
    elif card == SKIP:
        text = draw(st.sampled_from(["SKIP", "SK"]))
    elif card == JOKER:
        text = draw(st.sampled_from(["JK", "JOKER", "*"]))
    text = "".join(c.lower() if draw(st.booleans()) else c for c in text)
    return draw(st.sampled_from(["", " ", "\t"])) + text + draw(st.sampled_from(["", " ", "\n"]))


@st.composite
def spelled_hands(draw):
    cards = draw(st.lists(ANY_CARD, max_size=12))
    return cards, [_spelling(draw, card) for card in cards]


@fuzz(300)
@given(spelled_hands())
def test_parse_and_format_round_trip(hand):
    """A hand spelled any accepted way reads back to its cards in its own deck's notation, and its canonical
    text reads back to the same cards (each card alone where the hand mixes decks); in the other deck's
    notation every card is refused with a sentence naming it."""
    cards, tokens = hand
    decks = {card.deck for card in cards}
    event(f"decks: {'+'.join(sorted(decks)) or 'none'}")
    if len(decks) == 1 or not cards:
        deck = next(iter(decks), P10)
        assert parse_cards(tokens, deck=deck) == tuple(cards)
        assert parse_cards(format_cards(cards), deck=deck) == tuple(cards)
        assert all(str(Card.parse(str(card), deck)) == str(card) for card in cards)
    for card, token in zip(cards, tokens, strict=True):
        assert Card.parse(token, card.deck) == card
        assert Card.parse(str(card), card.deck) == card and str(Card.parse(token, card.deck)) == str(card)
        other = Deck.STANDARD if card.deck is P10 else P10
        with pytest.raises(CardSyntaxError, match=rf"^{str(card)} is a (standard|Phase 10) card; "):
            Card.parse(token, other)


def test_written_order_asks_a_rankless_cards_place_only_when_it_gets_that_far():
    """A Phase 10 Skip among a standard game's cards is neither wild nor a skip there, and has no place: asking
    for it raises, but only where the order gets as far as it (5H 9H stop both ways first)."""
    contract = find_ruleset("contract")
    assert written_order(contract, [*parse_cards("5H 9H"), SKIP], 5, 7) is None
    with pytest.raises(ValueError, match="no rank"):
        written_order(contract, [*parse_cards("5H 6H"), SKIP], 5, 7)
