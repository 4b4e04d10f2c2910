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

A Spanish table types its suits with its own letters (:class:`Notation`): P picas, C corazones, D diamantes,
T tréboles. A page reads what is typed on it in the page's notation; the JSON API reads API.md's letters only.

>>> [str(card) for card in parse_cards("7C 10P AT", notation=Notation.SPANISH)]
['7H', '10S', 'AC']
>>> format_cards(parse_cards("7H 10S AC JK"), Notation.SPANISH)
'7C 10P AT JK'

Phase 10's own deck (RULES.md §8, API.md "Phase 10 deck") is read in its
own notation, named by the ruleset's :class:`Deck`: a number 1 to 12 and a
colour (``7R``, ``12g``), a wild (``W``) or a skip (``SKIP``).

>>> parse_cards("7r 12G w skip", deck=Deck.PHASE10)
(Card.parse('7R', Deck.PHASE10), Card.parse('12G', Deck.PHASE10), Card.parse('W', Deck.PHASE10), Card.parse('SKIP', Deck.PHASE10))
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from .speech import mark_word, say, say_word, speaking_english


class CardSyntaxError(ValueError):
    """A token that is not a card in any accepted notation (``"1X"``).

    The message is a sentence ready to show a player, full stop included.
    """


class CardNotationError(CardSyntaxError):
    """A card written in the other deck's notation (``7R`` where a ruleset reads standard cards, ``7H`` on the
    Phase 10 deck): the card is named as such, never judged. The message names the card in canonical form."""


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
        """The suit's name in a sentence: ``"spades"`` (English; :attr:`said_plural` in the language in use)."""
        return self.name.lower()

    @property
    def said_plural(self) -> str:
        """The suit's name in the language in use: ``"spades"``, in Spanish ``"picas"`` ("un grupo de picas")."""
        return self.plural if speaking_english() else say_word("word", _SUIT_WORDS[self][1])

    @property
    def said_one(self) -> str:
        """One card's suit in the language in use: ``"spade"`` ("7H is not a spade"), in Spanish ``"pica"``."""
        return _SUIT_WORDS[self][0] if speaking_english() else say_word("word", _SUIT_WORDS[self][0])


class Notation(enum.StrEnum):
    """The letters a player types a card's suit with (the suit symbols ♠ ♥ ♦ ♣ are read in every notation)."""

    ENGLISH = "en"
    """API.md's: S spades, H hearts, D diamonds, C clubs (and T for a ten)."""
    SPANISH = "es"
    """A Spanish table's: P picas (♠), C corazones (♥), D diamantes (♦), T tréboles (♣); a joker is JK or comodín."""


class Colour(enum.StrEnum):
    """The four colours of the Phase 10 deck, by their canonical letter."""

    RED = "R"
    """Red."""
    BLUE = "B"
    """Blue."""
    GREEN = "G"
    """Green."""
    YELLOW = "Y"
    """Yellow."""

    @property
    def word(self) -> str:
        """The colour in a sentence: ``"red"``."""
        return self.name.lower()


class Special(enum.StrEnum):
    """The Phase 10 deck's cards that have neither number nor colour."""

    WILD = "W"
    """A Wild card: stands for any number in any colour."""
    SKIP = "SKIP"
    """A Skip card: makes a player lose a turn; never part of a phase."""


_SPECIAL_WORDS = {Special.WILD: mark_word("word", "wild"), Special.SKIP: mark_word("word", "skip")}


class Deck(enum.StrEnum):
    """The kind of deck a ruleset plays with, and so the notation its cards are written in."""

    STANDARD = "standard"
    """52-card packs and jokers: ``10H``, ``QS``, ``JK``."""
    PHASE10 = "phase10"
    """Phase 10's own 108 cards: 1 to 12 in four colours twice, 8 Wild, 4 Skip: ``7R``, ``W``, ``SKIP``."""


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
    def word(self) -> str:
        """The rank in a sentence about one card: ``"8"``, ``"ace"``."""
        return _RANK_WORDS.get(self, self.label)

    @property
    def plural(self) -> str:
        """The rank in a sentence about several cards: ``"8s"``, ``"aces"``."""
        return f"{self.word}s"

    @property
    def said(self) -> str:
        """The rank of one card in the language in use: ``"ace"``, ``"8"``; in Spanish ``"as"``, ``"8"``."""
        if speaking_english() or self not in _RANK_WORDS:
            return self.word
        return say_word("word", _RANK_WORDS[self])

    @property
    def said_plural(self) -> str:
        """The rank of several cards in the language in use: ``"aces"``, ``"8s"``; in Spanish ``"ases"``, ``"8"``
        (a figure takes no plural there: "un grupo de 8")."""
        if speaking_english():
            return self.plural
        if self not in _RANK_PLURALS:
            return self.label
        return say_word("word", _RANK_PLURALS[self])

    @classmethod
    def from_label(cls, text: str) -> Rank:
        """The rank for ``A``, ``2`` .. ``10``, ``T``, ``J``, ``Q``, ``K`` (any case)."""
        try:
            return _LABEL_RANKS[text.upper()]
        except KeyError:
            raise ValueError(say("%(text)s is not a rank (A, 2-10, J, Q, K)", text=repr(text))) from None


_RANK_LABELS = {rank: str(rank.value) for rank in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_RANK_LABELS_ONLY = {label: rank for rank, label in _RANK_LABELS.items()}
_LABEL_RANKS = _RANK_LABELS_ONLY | {"T": Rank.TEN}
_RANK_WORDS = {
    Rank.ACE: mark_word("word", "ace"),
    Rank.JACK: mark_word("word", "jack"),
    Rank.QUEEN: mark_word("word", "queen"),
    Rank.KING: mark_word("word", "king"),
}
_RANK_PLURALS = {
    Rank.ACE: mark_word("word", "aces"), Rank.JACK: mark_word("word", "jacks"),
    Rank.QUEEN: mark_word("word", "queens"), Rank.KING: mark_word("word", "kings"),
}  # fmt: skip
"""The face ranks and the ace for several cards, listed for the catalogue (a figure is said as it is)."""

#: Each suit's name for one card and for several, listed for the catalogue.
_SUIT_WORDS = {
    Suit.SPADES: (mark_word("word", "spade"), mark_word("word", "spades")),
    Suit.HEARTS: (mark_word("word", "heart"), mark_word("word", "hearts")),
    Suit.DIAMONDS: (mark_word("word", "diamond"), mark_word("word", "diamonds")),
    Suit.CLUBS: (mark_word("word", "club"), mark_word("word", "clubs")),
}

#: Every accepted spelling of a suit, mapped to the suit.
SUIT_SPELLINGS = {
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}  # fmt: skip
JOKER_SPELLINGS = frozenset({"JK", "JOKER", "*"})

#: Each notation's letter for each suit, as a card is written back to the player who typed it.
SUIT_LETTERS: dict[Notation, dict[Suit, str]] = {
    Notation.ENGLISH: {suit: suit.value for suit in Suit},
    Notation.SPANISH: {Suit.SPADES: "P", Suit.HEARTS: "C", Suit.DIAMONDS: "D", Suit.CLUBS: "T"},
}
_SYMBOL_SPELLINGS = {spelling: suit for spelling, suit in SUIT_SPELLINGS.items() if not spelling.isalpha()}
#: Every spelling of a suit in each notation: its letters and the symbols.
SUIT_SPELLINGS_IN: dict[Notation, dict[str, Suit]] = {
    notation: {letter: suit for suit, letter in letters.items()} | _SYMBOL_SPELLINGS for notation, letters in SUIT_LETTERS.items()
}
#: Every spelling of a joker in each notation (a Spanish table's comodín too).
JOKER_SPELLINGS_IN: dict[Notation, frozenset[str]] = {
    Notation.ENGLISH: JOKER_SPELLINGS, Notation.SPANISH: JOKER_SPELLINGS | {"COMODÍN", "COMODIN"},
}

_COLOUR_SPELLINGS = {colour.value: colour for colour in Colour}
_SPECIAL_SPELLINGS = {"W": Special.WILD, "WILD": Special.WILD, "SKIP": Special.SKIP, "SK": Special.SKIP}
_PHASE10_NUMBERED = re.compile(r"(1[0-2]|[1-9])([RBGY])")


def _not_a_card(token: str, deck: Deck | None, notation: Notation = Notation.ENGLISH) -> str:
    """The sentence for a token that is no card of ``deck`` (standard notation unless the Phase 10 deck), with
    the shape a card has there in ``notation``, in the language in use."""
    if deck is Deck.PHASE10:
        return say("%(token)s is not a card: a Phase 10 card is a number 1 to 12 and a colour (R, B, G or Y), like 7R "
                   "or 12G, or W or SKIP.", token=token)  # fmt: skip
    if notation is Notation.SPANISH:
        return say("%(token)s is not a card: a card is a rank (A, 2-10, J, Q, K) and a suit's letter (P picas, C corazones, "
                   "D diamantes, T tréboles) or symbol (♠ ♥ ♦ ♣), like 10C or Q♠, or a joker (JK).", token=token)  # fmt: skip
    return say("%(token)s is not a card: a card is a rank (A, 2-10 or T, J, Q, K) and a suit (S, H, D, C or ♠ ♥ ♦ ♣), "
               "like 10H or Q♠, or a joker (JK).", token=token)  # fmt: skip


@functools.total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: a rank and a suit, or a joker (both ``None``); or a card of the Phase 10 deck.

    Cards order by rank, then suit, with the joker last; two cards from
    different packs that show the same face are equal. A Phase 10 card is a
    number (its ``rank``: 1 to 12, the place it takes in a run) and a
    ``colour``, or a ``special`` card (Wild or Skip); Phase 10 cards order
    after the standard ones, by number then colour, Wild and Skip last.

    >>> Card.parse("JOKER") == JOKER
    True
    >>> Card.parse("JOKER").is_joker
    True
    >>> str(Card(Rank.JACK, None, colour=Colour.BLUE))
    '11B'
    """

    rank: Rank | None
    suit: Suit | None
    colour: Colour | None = None
    """The colour of a numbered Phase 10 card (its ``suit`` is then ``None``)."""
    special: Special | None = None
    """The Phase 10 Wild or Skip (rank, suit and colour are then ``None``)."""
    # Worked out once: cards are compared, hashed and printed on the engine's hot paths.
    _index: int = field(init=False, repr=False, compare=False)
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.special is not None or self.colour is not None:
            index, text = self._phase10_face()
        elif (self.rank is None) != (self.suit is None):
            raise ValueError(f"a card has both a rank and a suit, or neither (a joker): {self.rank!r}, {self.suit!r}")
        elif self.rank is None or self.suit is None:
            index, text = 52, "JK"
        else:
            index, text = (self.rank - 1) * 4 + "SHDC".index(self.suit.value), f"{self.rank.label}{self.suit.value}"
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_text", text)

    def _phase10_face(self) -> tuple[int, str]:
        """The index and text of a Phase 10 card: numbered 53.. by number then colour, then Wild, then Skip."""
        if self.special is not None:
            if self.rank is not None or self.suit is not None or self.colour is not None:
                raise ValueError(f"a Wild or Skip has no number, suit or colour: {self.rank!r}, {self.suit!r}, {self.colour!r}")
            return (101 if self.special is Special.WILD else 102), self.special.value
        if self.rank is None or self.suit is not None or self.rank is Rank.KING or self.colour is None:
            raise ValueError(f"a Phase 10 card is a number 1 to 12 and a colour, not {self.rank!r}, {self.suit!r}, {self.colour!r}")
        return 53 + (self.rank - 1) * 4 + "RBGY".index(self.colour.value), f"{int(self.rank)}{self.colour.value}"

    @classmethod
    def parse(cls, token: str, deck: Deck | None = None, notation: Notation = Notation.ENGLISH) -> Card:
        """The card a token names, in any accepted notation of ``deck``, a standard card's suit in ``notation``'s
        letters (``"7C"`` is the 7 of clubs in English, of corazones (hearts) in Spanish).

        Raises :class:`CardSyntaxError` quoting the token when it is not a
        card. ``deck`` ``None`` reads standard notation and refuses any other
        token as not a card; a :class:`Deck` reads that deck's notation and
        names a card of the other deck's notation as such (API.md, the wider
        family's card notation).

        >>> Card.parse(" 10♦ ")
        Card.parse('10D')
        >>> Card.parse("1X")
        Traceback (most recent call last):
        ...
        companion.rules.cards.CardSyntaxError: '1X' is not a card: a card is a rank (A, 2-10 or T, J, Q, K) and a suit (S, H, D, C or ♠ ♥ ♦ ♣), like 10H or Q♠, or a joker (JK).
        >>> Card.parse("7h", Deck.PHASE10)
        Traceback (most recent call last):
        ...
        companion.rules.cards.CardNotationError: 7H is a standard card; Phase 10 cards are a number 1 to 12 and a colour R, B, G or Y (7R), W or SKIP.
        >>> Card.parse("w", Deck.STANDARD)
        Traceback (most recent call last):
        ...
        companion.rules.cards.CardNotationError: W is a Phase 10 card; this ruleset uses standard cards such as 7H, 10S or JK.
        """
        if not isinstance(token, str):
            raise CardSyntaxError(_not_a_card(repr(token), deck, notation))
        text = token.strip().upper()
        standard = _standard_card(text, notation)
        phase10 = _phase10_card(text) if deck is not None else None
        if deck is Deck.PHASE10:
            if phase10 is not None:
                return phase10
            if standard is not None:
                raise CardNotationError(say("%(card)s is a standard card; Phase 10 cards are a number 1 to 12 and a "
                                            "colour R, B, G or Y (7R), W or SKIP.", card=standard.written(notation)))  # fmt: skip
            raise CardSyntaxError(_not_a_card(repr(token.strip()), deck, notation))
        if standard is not None:
            return standard
        if phase10 is not None:
            raise CardNotationError(_a_phase10_card(phase10, notation))
        raise CardSyntaxError(_not_a_card(repr(token.strip()), None, notation))

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker (of a standard deck)."""
        return self.rank is None and self.special is None

    @property
    def deck(self) -> Deck:
        """The deck whose notation writes this card."""
        return Deck.STANDARD if self.special is None and self.colour is None else Deck.PHASE10

    @property
    def natural_rank(self) -> Rank:
        """The rank of a natural card; a joker has none (``ValueError``), so ask only of a natural.

        A numbered Phase 10 card's rank is its number (``Rank.JACK`` for 11).

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
    def mark(self) -> Suit | Colour | None:
        """What a colour group shares: a standard card's suit, a Phase 10 card's colour (``None``: neither)."""
        return self.suit if self.colour is None else self.colour

    @property
    def point_key(self) -> str:
        """The key of this card in a ruleset's ``card_points``: ``"K"``, ``"JK"``; ``"11"``, ``"W"``, ``"SKIP"``."""
        if self.special is not None:
            return self.special.value
        if self.colour is not None:
            return str(int(self.natural_rank))
        return "JK" if self.rank is None else self.rank.label

    @property
    def words(self) -> str:
        """The card said in words, as a screen reader reads a drawn card: ``"7 of hearts"``, ``"queen of spades"``,
        ``"joker"``; on the Phase 10 deck ``"7 red"``, ``"wild"``, ``"skip"``.

        >>> [Card.parse(text).words for text in ("QS", "10H", "JK")]
        ['queen of spades', '10 of hearts', 'joker']
        >>> [Card.parse(text, Deck.PHASE10).words for text in ("7R", "W", "SKIP")]
        ['7 red', 'wild', 'skip']
        """
        if not speaking_english():
            return _said_card(self)
        if self.special is not None:
            return _SPECIAL_WORDS[self.special]
        if self.colour is not None:
            return f"{int(self.natural_rank)} {self.colour.word}"
        if self.rank is None or self.suit is None:
            return "joker"
        return f"{self.rank.word} of {self.suit.plural}"

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, for pages: ``7♠``, ``10♥``, ``JK`` (a Phase 10 card as written: ``7R``)."""
        if self.rank is None or self.suit is None:
            return self._text
        return f"{self.rank.label}{self.suit.symbol}"

    def written(self, notation: Notation = Notation.ENGLISH) -> str:
        """The card as ``notation`` writes it: ``str(card)`` in English, ``"7C"`` for the 7 of hearts in Spanish.

        >>> Card.parse("7H").written(Notation.SPANISH), Card.parse("JK").written(Notation.SPANISH)
        ('7C', 'JK')
        """
        if notation is Notation.ENGLISH or self.rank is None or self.suit is None:
            return self._text
        return f"{self.rank.label}{SUIT_LETTERS[notation][self.suit]}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        if self.deck is Deck.PHASE10:
            return f"Card.parse({self._text!r}, Deck.PHASE10)"
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


def _standard_card(text: str, notation: Notation = Notation.ENGLISH) -> Card | None:
    """The standard card an upper-case token names in ``notation``, or ``None`` (a ten is ``T`` in English only:
    a Spanish T is tréboles)."""
    if text in JOKER_SPELLINGS_IN[notation]:
        return JOKER
    suits = SUIT_SPELLINGS_IN[notation]
    ranks = _LABEL_RANKS if notation is Notation.ENGLISH else _RANK_LABELS_ONLY
    if len(text) >= 2 and text[-1] in suits and text[:-1] in ranks:
        return _CARDS[(ranks[text[:-1]], suits[text[-1]])]
    return None


def _a_phase10_card(card: Card, notation: Notation) -> str:
    """The sentence for a Phase 10 card typed where a ruleset reads standard cards, its examples in ``notation``."""
    if notation is Notation.SPANISH:
        return say("%(card)s is a Phase 10 card; this ruleset uses standard cards such as 7C, 10P or JK.", card=card)
    return say("%(card)s is a Phase 10 card; this ruleset uses standard cards such as 7H, 10S or JK.", card=card)


def _phase10_card(text: str) -> Card | None:
    """The Phase 10 card an upper-case token names, or ``None``."""
    if text in _SPECIAL_SPELLINGS:
        return _PHASE10_SPECIALS[_SPECIAL_SPELLINGS[text]]
    found = _PHASE10_NUMBERED.fullmatch(text)
    if found is None:
        return None
    return _PHASE10_NUMBERS[(Rank(int(found[1])), _COLOUR_SPELLINGS[found[2]])]


JOKER = Card(None, None)
"""The joker (every joker is the same card)."""

_CARDS = {(rank, suit): Card(rank, suit) for rank in Rank for suit in Suit}

#: The 52 natural cards of one pack, by rank then suit.
STANDARD_PACK: tuple[Card, ...] = tuple(_CARDS.values())

_PHASE10_NUMBERS = {(Rank(n), colour): Card(Rank(n), None, colour=colour) for n in range(1, 13) for colour in Colour}
_PHASE10_SPECIALS = {special: Card(None, None, special=special) for special in Special}

WILD = _PHASE10_SPECIALS[Special.WILD]
"""The Phase 10 Wild card (``W``)."""
SKIP = _PHASE10_SPECIALS[Special.SKIP]
"""The Phase 10 Skip card (``SKIP``)."""

#: The 50 faces of the Phase 10 deck: 1 to 12 in each colour, by number then colour, then W and SKIP.
PHASE10_FACES: tuple[Card, ...] = (*_PHASE10_NUMBERS.values(), WILD, SKIP)

#: How many cards of each face one Phase 10 deck holds (2 of each numbered card, 8 W, 4 SKIP: 108).
PHASE10_COPIES: dict[Card, int] = {card: 2 for card in _PHASE10_NUMBERS.values()} | {WILD: 8, SKIP: 4}

_SEPARATORS = re.compile(r"[\s,;]+")


def parse_cards(cards: str | Iterable[str], deck: Deck | None = None, notation: Notation = Notation.ENGLISH) -> tuple[Card, ...]:
    """Cards from a text (separated by spaces or commas) or a list of tokens, in ``deck``'s notation (a standard
    card's suit in ``notation``'s letters).

    Raises :class:`CardSyntaxError` quoting the first token that is not a card
    (``deck`` as in :meth:`Card.parse`).

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
    return tuple(Card.parse(token, deck, notation) for token in tokens)


def format_cards(cards: Iterable[Card], notation: Notation = Notation.ENGLISH) -> str:
    """Cards in canonical notation (``notation``'s suit letters), separated by spaces.

    >>> format_cards(parse_cards("th jk 2c"))
    '10H JK 2C'
    """
    if notation is not Notation.ENGLISH:
        return " ".join([card.written(notation) for card in cards])
    return " ".join([card._text for card in cards])  # str(card), inlined: every sentence about a meld names its cards


def pretty_cards(cards: Iterable[Card]) -> str:
    """Cards with suit symbols, for pages: ``5♠ 6♠ JK``."""
    return " ".join(card.pretty for card in cards)


def _said_card(card: Card) -> str:
    """A card in words in the language in use (see :attr:`Card.words`): ``"reina de picas"``, ``"7 rojo"``."""
    if card.special is not None:
        return say_word("word", _SPECIAL_WORDS[card.special])
    if card.colour is not None:
        return _said_colour_card(int(card.natural_rank), card.colour)
    if card.rank is None or card.suit is None:
        return say_word("word", "joker")
    return _said_suit_card(card.rank.said, card.suit)


def _said_colour_card(number: int, colour: Colour) -> str:
    """A numbered Phase 10 card, one whole phrase per colour (an adjective agrees with its noun)."""
    if colour is Colour.RED:
        return say("%(number)s red", number=number)
    if colour is Colour.BLUE:
        return say("%(number)s blue", number=number)
    if colour is Colour.GREEN:
        return say("%(number)s green", number=number)
    return say("%(number)s yellow", number=number)


def _said_suit_card(rank: str, suit: Suit) -> str:
    """A standard card by its rank (in words) and suit, one whole phrase per suit."""
    if suit is Suit.SPADES:
        return say("%(rank)s of spades", rank=rank)
    if suit is Suit.HEARTS:
        return say("%(rank)s of hearts", rank=rank)
    if suit is Suit.DIAMONDS:
        return say("%(rank)s of diamonds", rank=rank)
    return say("%(rank)s of clubs", rank=rank)
