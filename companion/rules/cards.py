"""Cards: the small immutable values everything else is built from.

A card is a rank and a suit, or a joker. Parsing accepts every notation a
player or a client is likely to type (``10h``, ``TH``, ``Q♠``, ``jk``,
``Joker``, ``*``); formatting is always canonical (``10H``, ``QS``, ``JK``).

>>> Card.parse("th")
Card.parse('10H')
>>> str(Card.parse("q♠"))
'QS'
>>> [str(card) for card in parse_cards("5♠ 6s, jk")]
['5S', '6S', 'JK']
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field


class CardSyntaxError(ValueError):
    """A token that is not a card in any accepted notation (``"1X"``).

    The message is a sentence ready to show a player, full stop included.
    """


class Suit(enum.StrEnum):
    """The four suits, by their canonical letter."""

    SPADES = "S"
    """Spades (♠)."""
    HEARTS = "H"
    """Hearts (♥)."""
    DIAMONDS = "D"
    """Diamonds (♦)."""
    CLUBS = "C"
    """Clubs (♣)."""

    @property
    def symbol(self) -> str:
        """The unicode symbol, ``♠ ♥ ♦ ♣``."""
        return _SUIT_SYMBOLS[self]

    @property
    def plural(self) -> str:
        """The suit's name in a sentence: ``"spades"``."""
        return self.name.lower()


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(enum.IntEnum):
    """The thirteen ranks; the value is the rank's place in a low-ace run."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """The canonical rank text: ``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_LABELS[self]

    @property
    def plural(self) -> str:
        """The rank in a sentence about several cards: ``"8s"``, ``"aces"``."""
        return _RANK_PLURALS.get(self, f"{self.label}s")

    @classmethod
    def from_label(cls, text: str) -> Rank:
        """The rank for ``A``, ``2`` .. ``10``, ``T``, ``J``, ``Q``, ``K`` (any case)."""
        try:
            return _LABEL_RANKS[text.upper()]
        except KeyError:
            raise ValueError(f"{text!r} is not a rank (A, 2-10, J, Q, K)") from None


_RANK_LABELS = {rank: str(rank.value) for rank in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_LABEL_RANKS = {label: rank for rank, label in _RANK_LABELS.items()} | {"T": Rank.TEN}
_RANK_PLURALS = {
    Rank.ACE: "aces",
    Rank.JACK: "jacks",
    Rank.QUEEN: "queens",
    Rank.KING: "kings",
}

#: Every accepted spelling of a suit, mapped to the suit.
SUIT_SPELLINGS = {
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}  # fmt: skip
JOKER_SPELLINGS = frozenset({"JK", "JOKER", "*"})

_CARD_SHAPE = "a card is a rank (A, 2-10 or T, J, Q, K) and a suit (S, H, D, C or ♠ ♥ ♦ ♣), like 10H or Q♠, or a joker (JK)"


@functools.total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: a rank and a suit, or a joker (both ``None``).

    Cards order by rank, then suit, with the joker last; two cards from
    different packs that show the same face are equal.

    >>> Card.parse("JOKER") == JOKER
    True
    >>> Card.parse("JOKER").is_joker
    True
    """

    rank: Rank | None
    suit: Suit | None
    # Worked out once: cards are compared, hashed and printed on the engine's hot paths.
    _index: int = field(init=False, repr=False, compare=False)
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise ValueError(f"a card has both a rank and a suit, or neither (a joker): {self.rank!r}, {self.suit!r}")
        if self.rank is None or self.suit is None:
            index, text = 52, "JK"
        else:
            index, text = (self.rank - 1) * 4 + "SHDC".index(self.suit.value), f"{self.rank.label}{self.suit.value}"
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_text", text)

    @classmethod
    def parse(cls, token: str) -> Card:
        """The card a token names, in any accepted notation.

        Raises :class:`CardSyntaxError` quoting the token when it is not a card.

        >>> Card.parse(" 10♦ ")
        Card.parse('10D')
        >>> Card.parse("1X")
        Traceback (most recent call last):
        ...
        companion.rules.cards.CardSyntaxError: '1X' is not a card: a card is a rank (A, 2-10 or T, J, Q, K) and a suit (S, H, D, C or ♠ ♥ ♦ ♣), like 10H or Q♠, or a joker (JK).
        """
        if not isinstance(token, str):
            raise CardSyntaxError(f"{token!r} is not a card: {_CARD_SHAPE}.")
        text = token.strip().upper()
        if text in JOKER_SPELLINGS:
            return JOKER
        if len(text) >= 2 and text[-1] in SUIT_SPELLINGS and text[:-1] in _LABEL_RANKS:
            return _CARDS[(_LABEL_RANKS[text[:-1]], SUIT_SPELLINGS[text[-1]])]
        raise CardSyntaxError(f"{token.strip()!r} is not a card: {_CARD_SHAPE}.")

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker."""
        return self.rank is None

    @property
    def natural_rank(self) -> Rank:
        """The rank of a natural card; a joker has none (``ValueError``), so ask only of a natural.

        >>> Card.parse("7H").natural_rank
        <Rank.SEVEN: 7>
        """
        if self.rank is None:
            raise ValueError("a joker has no rank")
        return self.rank

    @property
    def natural_suit(self) -> Suit:
        """The suit of a natural card; a joker has none (``ValueError``)."""
        if self.suit is None:
            raise ValueError("a joker has no suit")
        return self.suit

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, for pages: ``7♠``, ``10♥``, ``JK``."""
        if self.rank is None or self.suit is None:
            return "JK"
        return f"{self.rank.label}{self.suit.symbol}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index == other._index

    def __hash__(self) -> int:
        return self._index

    def __lt__(self, other: object) -> bool:  # jokers sort last
        if not isinstance(other, Card):
            return NotImplemented
        return self._index < other._index


JOKER = Card(None, None)
"""The joker (every joker is the same card)."""

_CARDS = {(rank, suit): Card(rank, suit) for rank in Rank for suit in Suit}

#: The 52 natural cards of one pack, by rank then suit.
STANDARD_PACK: tuple[Card, ...] = tuple(_CARDS.values())

_SEPARATORS = re.compile(r"[\s,;]+")


def parse_cards(cards: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from a text (separated by spaces or commas) or a list of tokens.

    Raises :class:`CardSyntaxError` quoting the first token that is not a card.

    >>> parse_cards("A♠, th JK")
    (Card.parse('AS'), Card.parse('10H'), Card.parse('JK'))
    >>> parse_cards(["kd", "*"])
    (Card.parse('KD'), Card.parse('JK'))
    >>> parse_cards("")
    ()
    """
    if isinstance(cards, str):
        tokens: Iterable[str] = [token for token in _SEPARATORS.split(cards) if token]
    else:
        tokens = cards
    return tuple(Card.parse(token) for token in tokens)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in canonical notation, separated by spaces.

    >>> format_cards(parse_cards("th jk 2c"))
    '10H JK 2C'
    """
    return " ".join(str(card) for card in cards)


def pretty_cards(cards: Iterable[Card]) -> str:
    """Cards with suit symbols, for pages: ``5♠ 6♠ JK``."""
    return " ".join(card.pretty for card in cards)
