"""Card notation, as API.md's table gives it: every accepted spelling, canonical output, clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import JOKER, Card, CardSyntaxError, Rank, Suit, format_cards, parse_cards
from companion.rules.cards import STANDARD_PACK

ALL_CARDS = list(STANDARD_PACK) + [JOKER]

# -- accepted notations ----------------------------------------------------------

# (token, canonical card) from API.md's table
NOTATIONS = [
    # ranks
    ("AS", "AS"), ("2S", "2S"), ("9S", "9S"), ("10S", "10S"), ("TS", "10S"), ("JS", "JS"), ("QS", "QS"), ("KS", "KS"),
    # suit letters
    ("7S", "7S"), ("7H", "7H"), ("7D", "7D"), ("7C", "7C"),
    # suit symbols, black and white
    ("Q♠", "QS"), ("Q♥", "QH"), ("Q♦", "QD"), ("Q♣", "QC"),
    ("Q♤", "QS"), ("Q♡", "QH"), ("Q♢", "QD"), ("Q♧", "QC"),
    ("10♦", "10D"), ("T♧", "10C"),
    # jokers
    ("JK", "JK"), ("JOKER", "JK"), ("*", "JK"),
    # any case
    ("th", "10H"), ("tH", "10H"), ("Th", "10H"), ("10h", "10H"), ("qs", "QS"), ("aC", "AC"), ("k♠", "KS"),
    ("jk", "JK"), ("Jk", "JK"), ("joker", "JK"), ("Joker", "JK"), ("jOkEr", "JK"),
    # surrounding spaces
    (" 10H ", "10H"), ("\t5c\n", "5C"), ("  jk", "JK"), ("* ", "JK"), (" Q♠ ", "QS"),
]  # fmt: skip


@pytest.mark.parametrize(("token", "canonical"), NOTATIONS, ids=[repr(t) for t, _ in NOTATIONS])
def test_api_notation_parses_to_the_canonical_card(token, canonical):
    card = Card.parse(token)
    assert str(card) == canonical
    assert card == Card.parse(canonical)


def test_joker_spellings_are_the_one_joker():
    assert Card.parse("JK") == JOKER
    assert Card.parse("*").is_joker
    assert Card.parse("JOKER").rank is None and Card.parse("JOKER").suit is None


def test_parsed_card_has_rank_and_suit():
    card = Card.parse("t♡")
    assert card.rank is Rank.TEN
    assert card.suit is Suit.HEARTS
    assert not card.is_joker


# (text, canonical cards) for whole hands typed as text
TEXTS = [
    ("5♠ 6s, jk", "5S 6S JK"),
    ("A♠, th JK", "AS 10H JK"),
    ("AS,10H,JK", "AS 10H JK"),
    ("AS , 10H ,JK", "AS 10H JK"),
    ("  7h   7s\t7d\n", "7H 7S 7D"),
    ("joker * jk", "JK JK JK"),
    ("", ""),
    ("  ,  ", ""),
]


@pytest.mark.parametrize(("text", "canonical"), TEXTS, ids=[repr(t) for t, _ in TEXTS])
def test_text_separated_by_commas_or_spaces(text, canonical):
    assert format_cards(parse_cards(text)) == canonical


def test_list_of_tokens_parses_each_token():
    assert parse_cards(["kd", " * ", "T♣"]) == (Card.parse("KD"), JOKER, Card.parse("10C"))


def test_parse_cards_returns_a_tuple_of_cards():
    cards = parse_cards("2c 3c")
    assert isinstance(cards, tuple)
    assert all(isinstance(card, Card) for card in cards)


# -- canonical output ------------------------------------------------------------

# (card, str, pretty)
CANONICAL = [("th", "10H", "10♥"), ("q♠", "QS", "Q♠"), ("ad", "AD", "A♦"), ("2c", "2C", "2♣"), ("joker", "JK", "JK")]


@pytest.mark.parametrize(("token", "text", "pretty"), CANONICAL, ids=[t for t, _, _ in CANONICAL])
def test_canonical_formatting(token, text, pretty):
    card = Card.parse(token)
    assert str(card) == text
    assert card.pretty == pretty


def test_format_cards_is_canonical_and_space_separated():
    assert format_cards(parse_cards("th, q♠ ,joker 2c")) == "10H QS JK 2C"
    assert format_cards([]) == ""


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_repr_reads_back(card):
    assert repr(card) == f"Card.parse({str(card)!r})"
    assert eval(repr(card), {"Card": Card}) == card  # noqa: S307 - the repr is meant to read back


def test_cards_order_by_rank_then_suit_with_the_joker_last():
    assert format_cards(sorted(parse_cards("JK KS 2C AH 2S 10D"))) == "AH 2S 2C 10D KS JK"


def test_cards_are_immutable_values():
    card = Card.parse("5S")
    with pytest.raises(AttributeError):
        card.rank = Rank.SIX  # type: ignore[misc]
    assert len({Card.parse("5s"), Card.parse("5♠"), Card.parse(" 5S ")}) == 1


def test_a_card_has_both_rank_and_suit_or_neither():
    with pytest.raises(ValueError, match="both a rank and a suit"):
        Card(Rank.ACE, None)
    with pytest.raises(ValueError, match="both a rank and a suit"):
        Card(None, Suit.SPADES)


# -- rejection -------------------------------------------------------------------

# (token, what the message must quote)
BAD_TOKENS = [
    ("1X", "'1X'"),
    ("11H", "'11H'"),
    ("1H", "'1H'"),
    ("0S", "'0S'"),
    ("10", "'10'"),
    ("H", "'H'"),
    ("QX", "'QX'"),
    ("Q♠♠", "'Q♠♠'"),
    ("♠Q", "'♠Q'"),
    ("J K", "'J K'"),
    ("10 H", "'10 H'"),
    ("JOKERS", "'JOKERS'"),
    ("**", "'**'"),
    ("", "''"),
    ("   ", "''"),
    (" 1x ", "'1x'"),
]


@pytest.mark.parametrize(("token", "quoted"), BAD_TOKENS, ids=[repr(t) for t, _ in BAD_TOKENS])
def test_bad_token_raises_card_syntax_error_quoting_it(token, quoted):
    with pytest.raises(CardSyntaxError) as raised:
        Card.parse(token)
    assert quoted in str(raised.value)


@pytest.mark.parametrize("token", [None, 10, 10.0, b"10H", ["10H"]], ids=repr)
def test_non_text_token_raises_card_syntax_error(token):
    with pytest.raises(CardSyntaxError) as raised:
        Card.parse(token)  # type: ignore[arg-type]
    assert repr(token) in str(raised.value)


def test_card_syntax_error_is_a_value_error():
    assert issubclass(CardSyntaxError, ValueError)


# (text or tokens, the first bad token, quoted)
BAD_TEXTS = [
    ("A C", "'A'"),  # no space inside a card: two tokens, and 'A' is not a card
    ("10H 1X QS", "'1X'"),
    ("10H, 11H, QS", "'11H'"),
    ("5S 6S 7H 8", "'8'"),
    (["10H", "1X", "ZZ"], "'1X'"),
    (["A C"], "'A C'"),
    (["QS", " 11h "], "'11h'"),
]


@pytest.mark.parametrize(("cards", "quoted"), BAD_TEXTS, ids=[repr(c) for c, _ in BAD_TEXTS])
def test_card_syntax_errors_are_sentences_with_their_full_stop(cards, quoted):
    # the engine's sentence is shown as it is: no caller adds a full stop
    with pytest.raises(CardSyntaxError) as raised:
        parse_cards(cards)
    assert str(raised.value) == f"{quoted} is not a card: a card is a rank (A, 2-10 or T, J, Q, K) and a suit (S, H, D, C or ♠ ♥ ♦ ♣), like 10H or Q♠, or a joker (JK)."


@pytest.mark.parametrize("text", ["K X", ["K", "X"], ["K", None]], ids=repr)
def test_rank_syntax_errors_are_sentences_with_their_full_stop(text):
    from companion.rules.tally import parse_ranks

    with pytest.raises(CardSyntaxError) as raised:
        parse_ranks(text)
    message = str(raised.value)
    assert message.endswith("or JK (suits don't matter here).")
    assert not message.endswith("..")


@pytest.mark.parametrize(("cards", "quoted"), BAD_TEXTS, ids=[repr(c) for c, _ in BAD_TEXTS])
def test_parse_cards_quotes_the_first_bad_token(cards, quoted):
    with pytest.raises(CardSyntaxError) as raised:
        parse_cards(cards)
    assert quoted in str(raised.value)


def test_text_with_a_space_inside_a_card_is_an_error_on_its_first_part():
    with pytest.raises(CardSyntaxError) as raised:
        parse_cards("A C")
    message = str(raised.value)
    assert message.startswith("'A' ")
    assert "'C'" not in message


# -- round trips (fuzzed) ----------------------------------------------------------

cards = st.sampled_from(ALL_CARDS)

RANK_SPELLINGS = {rank: [rank.label, rank.label.lower()] for rank in Rank}
RANK_SPELLINGS[Rank.TEN] += ["T", "t"]
SUIT_SPELLINGS = {
    Suit.SPADES: ["S", "s", "♠", "♤"],
    Suit.HEARTS: ["H", "h", "♥", "♡"],
    Suit.DIAMONDS: ["D", "d", "♦", "♢"],
    Suit.CLUBS: ["C", "c", "♣", "♧"],
}
JOKER_SPELLINGS = ["JK", "jk", "Jk", "jK", "JOKER", "joker", "Joker", "*"]
PADDING = st.sampled_from(["", " ", "  ", "\t", "\n", " \t "])


@st.composite
def spellings(draw) -> tuple[Card, str]:
    """A card and one way a player might type it."""
    card = draw(cards)
    if card.is_joker:
        core = draw(st.sampled_from(JOKER_SPELLINGS))
    else:
        core = draw(st.sampled_from(RANK_SPELLINGS[card.rank])) + draw(st.sampled_from(SUIT_SPELLINGS[card.suit]))
    return card, draw(PADDING) + core + draw(PADDING)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(cards)
def test_parse_of_format_is_the_card(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert Card.parse(card.pretty) == card


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(cards, max_size=20))
def test_parse_cards_of_format_cards_is_the_cards(hand):
    assert parse_cards(format_cards(hand)) == tuple(hand)
    assert parse_cards([str(card) for card in hand]) == tuple(hand)
    assert parse_cards(", ".join(card.pretty for card in hand)) == tuple(hand)


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(spellings())
def test_alternative_spellings_parse_to_the_same_card(spelled):
    card, token = spelled
    assert Card.parse(token) == card
    assert str(Card.parse(token)) == str(card)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(spellings(), max_size=12), st.lists(st.sampled_from([" ", ",", ", ", " , ", "\t", "  "]), min_size=12, max_size=12))
def test_text_of_alternative_spellings_parses_to_the_same_cards(spelled, separators):
    text = "".join(token + separator for (_, token), separator in zip(spelled, separators, strict=False))
    assert parse_cards(text) == tuple(card for card, _ in spelled)
