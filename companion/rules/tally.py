"""Scoring a hand at the table from its ranks alone, and the sanity checks on a deal's entry.

At the table suits do not matter for penalty points, so a hand is entered as
ranks (``"K Q 7 JK"``) from a keypad or typed; a full card (``"KH"``) is
taken for its rank. The checks here warn about an entry the table may still
want to keep (it is their game), so they return sentences, not errors.

>>> from .catalogue import find_ruleset
>>> contract = find_ruleset("contract")
>>> ranks = parse_ranks("k q 7 jk")
>>> ranks, rank_points(contract, ranks)
(('K', 'Q', '7', 'JK'), 42)
>>> hand_warnings(contract, contract.deal(1), parse_ranks("JK JK JK"), players=3, buys=0)
['Three jokers, but a table of 3 has two.']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from .cards import JOKER_SPELLINGS_IN, SUIT_LETTERS, SUIT_SPELLINGS_IN, CardSyntaxError, Notation, Suit
from .cards import Deck
from .rulesets import PHASE10_POINT_KEYS, POINT_KEYS, Deal, Ruleset, TableSupply, buy_said
from .scoring import rank_points
from .speech import say, say_n
from .words import number_word, sentence, too_many_jokers

__all__ = [
    "PHASE10_KEYS",
    "RANK_KEYS",
    "keypad_keys",
    "read_phase10_hand",
    "HandTextError",
    "hand_size_limit",
    "hand_warnings",
    "parse_ranks",
    "rank_of",
    "rank_points",
    "read_hand",
    "table_warnings",
]

#: The keypad's keys, in order: A, 2 .. 10, J, Q, K, JK.
RANK_KEYS = POINT_KEYS
_RANK_ALIASES = {key: key for key in RANK_KEYS} | {"T": "10", "1": "A"}
#: The ranks each notation reads: a ten is ``T`` too in English; a Spanish T is tréboles.
_RANK_ALIASES_IN = {Notation.ENGLISH: _RANK_ALIASES, Notation.SPANISH: {k: v for k, v in _RANK_ALIASES.items() if k != "T"}}
_SEPARATORS = re.compile(r"[\s,;]+")


def _not_a_rank(shown: str) -> str:
    """The sentence for a token that is no rank (``shown`` quoted), in the language in use."""
    return say("%(token)s is not a rank: a rank is A, 2-10, J, Q, K or JK (suits don't matter here).", token=shown)


#: The keypad's keys for the Phase 10 deck: 1 .. 12, W (Wild) and SKIP (colours don't matter to points).
PHASE10_KEYS = PHASE10_POINT_KEYS
_PHASE10_ALIASES = {key: key for key in PHASE10_KEYS} | {"WILD": "W", "S": "SKIP"}
#: A Phase 10 card written with its colour (``7R``, ``12g``): the number is what scores.
_PHASE10_CARD = re.compile(r"(1[0-2]|[1-9])[RBGY]")


#: The keypad's ace keys where the ace scores by its colour (Kalooki): a black ace and a red ace, each kept with a
#: suit of its colour (AS scores as AC, AH as AD), so a tapped hand is read as the typed one.
SPLIT_ACE_KEYS = ("AS", "AH")


def keypad_keys(ruleset: Ruleset) -> tuple[str, ...]:
    """The score keypad's keys for ``ruleset``'s deck: ranks and the joker (a black and a red ace in place of A where
    the ace scores by its colour), or Phase 10's numbers, W and SKIP."""
    if ruleset.deck is Deck.PHASE10:
        return PHASE10_KEYS
    if ruleset.points.split_ace:
        return (*SPLIT_ACE_KEYS, *RANK_KEYS[1:])
    return RANK_KEYS


def read_phase10_hand(text: str) -> tuple[str, ...]:
    """The cards left in a Phase 10 hand as point keys: numbers 1 to 12, ``W`` and ``SKIP``, separated by spaces.

    Raises :class:`HandTextError` with a sentence for a word that is no Phase 10 card.

    >>> read_phase10_hand("12 w skip 7R 3")
    ('12', 'W', 'SKIP', '7', '3')
    >>> read_phase10_hand("13")
    Traceback (most recent call last):
    ...
    companion.rules.tally.HandTextError: “13” is not a Phase 10 card: a card is 1 to 12, W or SKIP (colours don't matter here); put a space between cards.
    """
    cards = []
    for word in (w for w in _SEPARATORS.split(text or "") if w):
        upper = word.upper()
        if upper in _PHASE10_ALIASES:
            cards.append(_PHASE10_ALIASES[upper])
        elif (match := _PHASE10_CARD.fullmatch(upper)) is not None:
            cards.append(match.group(1))
        else:
            shown = word if len(word) <= 12 else word[:10] + "…"
            raise HandTextError(say("“%(word)s” is not a Phase 10 card: a card is 1 to 12, W or SKIP (colours don't "
                                    "matter here); put a space between cards.", word=shown))  # fmt: skip
    return tuple(cards)


def parse_ranks(text: str | Iterable[str], *, ace_suits: bool = False, notation: Notation = Notation.ENGLISH) -> tuple[str, ...]:
    """The ranks of a hand from text (``"K Q 7 jk"``, ``"10h, 3c"``) or tokens, canonical.

    With ``ace_suits`` (a ruleset scoring the ace by its colour, Kalooki) an
    ace typed with its suit keeps it: ``"ah"`` is ``"AH"``. A suit is read in ``notation``'s letters (a Spanish
    ``"AC"`` is the ace of corazones, ``"AH"``).

    Raises :class:`~.cards.CardSyntaxError` quoting the first token that is
    not a rank or a card.

    >>> parse_ranks(["a", "T", "7S", "joker"])
    ('A', '10', '7', 'JK')
    >>> parse_ranks("K X")
    Traceback (most recent call last):
    ...
    companion.rules.cards.CardSyntaxError: 'X' is not a rank: a rank is A, 2-10, J, Q, K or JK (suits don't matter here).
    >>> parse_ranks("ah A♠ k", ace_suits=True)
    ('AH', 'AS', 'K')
    >>> parse_ranks("ac at 10p", ace_suits=True, notation=Notation.SPANISH)
    ('AH', 'AC', '10')
    """
    tokens = [t for t in _SEPARATORS.split(text) if t] if isinstance(text, str) else list(text)
    aliases, suits = _RANK_ALIASES_IN[notation], SUIT_SPELLINGS_IN[notation]
    ranks = []
    for token in tokens:
        if not isinstance(token, str):
            raise CardSyntaxError(_not_a_rank(repr(token)))
        word = token.strip().upper()
        if word in JOKER_SPELLINGS_IN[notation]:
            ranks.append("JK")
        elif word in aliases:
            ranks.append(aliases[word])
        elif len(word) >= 2 and word[-1] in suits and word[:-1] in aliases and word[:-1] not in ("1", "JK"):
            ranks.append(_suited(aliases[word[:-1]], suits[word[-1]].value, ace_suits))
        else:
            raise CardSyntaxError(_not_a_rank(repr(token.strip())))
    return tuple(ranks)


def _suited(rank: str, suit: str | None, ace_suits: bool) -> str:
    """A rank as the tally keeps it: an ace with its suit's canonical letter (``suit``) where aces score by colour
    (``"AH"``)."""
    return f"A{suit}" if ace_suits and rank == "A" and suit else rank


def ranks_written(ranks: str, notation: Notation) -> str:
    """Ranks as the tally keeps them (``"K AH 7"``), written for a player who types ``notation``'s suit letters: an
    ace kept with its suit gets that notation's letter (``"K AC 7"`` in Spanish, the ace of corazones).

    >>> ranks_written("K AH AS 7", Notation.SPANISH)
    'K AC AP 7'
    """
    letters = SUIT_LETTERS[notation]
    return " ".join(f"A{letters[Suit(token[1])]}" if token in _SUITED_ACES else token for token in ranks.split())


def rank_of(token: str) -> str:
    """The rank of a tally token: ``"AH"`` (an ace kept with its suit) is an ``"A"``."""
    return "A" if token in _SUITED_ACES else token


#: The tokens of an ace kept with its suit (:func:`parse_ranks` with ``ace_suits``).
_SUITED_ACES = frozenset(f"A{suit}" for suit in "SHDC")


class HandTextError(CardSyntaxError):
    """Typed hand text that can't be read, or could be read two ways; the message is a sentence for the player."""


# A card in a run typed without spaces: a rank (10, T, 2-9, A, J, Q, K), optionally followed by a suit that
# is ignored, or a joker (JK, JOKER, *). "JK" is always the joker: a jack and a king are typed "J K" or "KJ".
_COMPACT_CARD = {
    Notation.ENGLISH: re.compile(r"(JOKER|JK|\*)|(10|[2-9TAJQK])([" + "".join(sorted(SUIT_SPELLINGS_IN[Notation.ENGLISH])) + r"])?"),
    Notation.SPANISH: re.compile(r"(JOKER|JK|\*)|(10|[2-9AJQK])([" + "".join(sorted(SUIT_SPELLINGS_IN[Notation.SPANISH])) + r"])?"),
}  # fmt: skip


def read_hand(text: str, *, ace_suits: bool = False, notation: Notation = Notation.ENGLISH) -> tuple[str, ...]:
    """The ranks of a hand typed with or without spaces or commas: ``"K994A2"``, ``"kq7jk"``, ``"10 10 j"``, ``"T"``.

    Words separated by spaces, commas or semicolons are read one by one. A
    word that is one card in any notation :func:`parse_ranks` reads
    (``"10h"``, ``"joker"``, ``"1"`` for an ace) is that card; any other word
    is read as cards written together, where ``JK`` is always a joker. Text
    that could mean two things gets a sentence instead of a guess: a word of
    digits alone (``"25"``: 25 points, or a 2 and a 5?) and a ``1`` inside a
    word (an ace, or the start of a 10?). Suits are read in ``notation``'s letters ("7T" is a 7 of tréboles in
    Spanish, a 7 and a ten in English). Raises :class:`HandTextError`.

    >>> read_hand("K994A2")
    ('K', '9', '9', '4', 'A', '2')
    >>> read_hand("kq7jk")
    ('K', 'Q', '7', 'JK')
    >>> read_hand("10 10 j"), read_hand("T"), read_hand("1010q")
    (('10', '10', 'J'), ('10',), ('10', '10', 'Q'))
    >>> read_hand("25")
    Traceback (most recent call last):
    ...
    companion.rules.tally.HandTextError: “25” reads like a number: type the cards with spaces (2 5), or the points in the points box.
    """
    ranks: list[str] = []
    for word in (w for w in _SEPARATORS.split(text or "") if w):
        try:
            ranks.extend(parse_ranks([word], ace_suits=ace_suits, notation=notation))
            continue
        except CardSyntaxError:
            pass
        upper = word.upper()
        if upper.isascii() and upper.isdigit():
            spaced = " ".join(_digit_cards(upper))
            if spaced:
                raise HandTextError(say("“%(word)s” reads like a number: type the cards with spaces (%(spaced)s), or the "
                                        "points in the points box.", word=word, spaced=spaced))  # fmt: skip
            raise HandTextError(say("“%(word)s” reads like a number: type the cards with spaces between them, or the "
                                    "points in the points box.", word=word))  # fmt: skip
        ranks.extend(_read_word(word, upper, ace_suits, notation))
    return tuple(ranks)


def _read_word(word: str, upper: str, ace_suits: bool = False, notation: Notation = Notation.ENGLISH) -> list[str]:
    """The ranks of one word of cards typed together (see :func:`read_hand`)."""
    if len(upper) != len(word):  # a letter that upper-cases to two ("ǰ" is J and a caron) is no card
        raise HandTextError(_not_a_rank(repr(word)))
    ranks = []
    at = 0
    while at < len(upper):
        match = _COMPACT_CARD[notation].match(upper, at)
        if match is None:
            bad = word[at]
            if at == 0:
                raise HandTextError(_not_a_rank(repr(word)))
            if bad == "1":
                raise HandTextError(say("In “%(word)s”, the 1 is not a card: type A for an ace, or 10 for a ten.", word=word))
            if bad == "0" and notation is Notation.SPANISH:
                raise HandTextError(say("In “%(word)s”, the 0 is not a card: a ten is 10.", word=word))
            if bad == "0":
                raise HandTextError(say("In “%(word)s”, the 0 is not a card: a ten is 10 or T.", word=word))
            raise HandTextError(say("In “%(word)s”, “%(rest)s” is not a card: a rank is A, 2-10, J, Q, K or JK (suits "
                                    "don't matter here).", word=word, rest=word[at:]))  # fmt: skip
        joker, rank, suit = match.groups()
        ranks.append("JK" if joker else _suited(_RANK_ALIASES[rank], suit and SUIT_SPELLINGS_IN[notation][suit].value, ace_suits))
        at = match.end()
    return ranks


def _digit_cards(digits: str) -> list[str]:
    """The one reading of a run of digits as cards (``"1010"`` is 10 10), or ``[]`` when there is none."""
    cards = re.findall(r"10|[2-9]", digits)
    return cards if "".join(cards) == digits else []




def hand_size_limit(deal: Deal, buys: int) -> int:
    """The most cards a player who did not go out can hold: the deal, plus what each May I / buy brought."""
    return deal.cards_dealt + buys * (1 + deal.buys.extra_cards)


def hand_warnings(ruleset: Ruleset, deal: Deal, ranks: Sequence[str], *, players: int, buys: int) -> list[str]:
    """What looks wrong in one hand: more of a rank or jokers than the packs hold, or too many cards."""
    if ruleset.deck is Deck.PHASE10:
        counted = Counter(ranks).items()
        warnings = [_phase10_copies(card, count) for card, count in counted if count > _PHASE10_COPIES.get(card, 8)]
    else:
        warnings = _copies_warnings(ruleset.table(players), ranks, players)
    limit = hand_size_limit(deal, buys)
    if len(ranks) > limit:
        warnings.append(_too_many_cards(len(ranks), limit, deal.cards_dealt, buys, buy_said(ruleset)))
    return warnings


def _too_many_cards(count: int, limit: int, dealt: int, buys: int, buy_name: str) -> str:
    """More cards left in a hand than it can hold in the deal, in a sentence (the buys counted: "2 May Is")."""
    values = {"count": count, "limit": limit, "dealt": dealt, "buy": buy_name}
    if not buys:
        return say("%(count)s cards left, but a hand holds at most %(limit)s in this deal (%(dealt)s dealt).", **values)
    return say_n("%(count)s cards left, but a hand holds at most %(limit)s in this deal (%(dealt)s dealt and %(num)s "
                 "%(buy)s).", "%(count)s cards left, but a hand holds at most %(limit)s in this deal (%(dealt)s dealt "
                 "and %(num)s %(buy)ss).", buys, **values)  # fmt: skip


def _copies_warnings(table: TableSupply, ranks: Sequence[str], players: int) -> list[str]:
    """More of a rank, or more jokers, in one hand than the packs at the table hold."""
    warnings = []
    for rank, count in Counter(rank_of(token) for token in ranks).items():
        if rank == "JK":
            if count > table.jokers:
                warnings.append(too_many_jokers(count, table.jokers, say("a table of %(players)s", players=players)))
        elif count > 4 * table.packs:
            warnings.append(sentence(say_n(
                "%(count)s %(rank)ss, but one pack hold only %(held)s.", "%(count)s %(rank)ss, but %(packs)s packs hold "
                "only %(held)s.", table.packs, count=number_word(count), rank=rank, packs=number_word(table.packs),
                held=4 * table.packs,
            )))  # fmt: skip
    return warnings


_PHASE10_COPIES = {"W": 8, "SKIP": 4}
"""Cards of one kind in a Phase 10 deck where not 8 (each number: 2 in each of 4 colours)."""


def _phase10_copies(card: str, count: int) -> str:
    """Too many of one Phase 10 card in a hand, in a sentence."""
    held = _PHASE10_COPIES.get(card, 8)
    return sentence(say("%(count)s %(card)ss, but the deck holds only %(held)s.", count=number_word(count), card=card,
                        held=held))  # fmt: skip


def table_warnings(ruleset: Ruleset, hands: Iterable[Sequence[str]], *, players: int) -> list[str]:
    """What looks wrong across every hand of a deal: more of a rank or jokers than the packs hold."""
    table = ruleset.table(players)
    counts = Counter(rank_of(token) for hand in hands for token in hand)
    warnings = []
    for rank in RANK_KEYS:
        count = counts.get(rank, 0)
        if rank == "JK" and count > table.jokers:
            warnings.append(_jokers_beyond_play(count, table.jokers))
        elif rank != "JK" and count > 4 * table.packs:
            warnings.append(say("The hands hold %(count)s %(rank)ss between them, but the packs hold only %(held)s.",
                                count=count, rank=rank, held=4 * table.packs))  # fmt: skip
    return warnings


def _jokers_beyond_play(count: int, jokers: int) -> str:
    """More jokers across the hands than the table plays with, in a sentence."""
    if jokers == 0:
        return say("The hands hold %(count)s jokers between them, but none are in play.", count=count)
    return say_n("The hands hold %(count)s jokers between them, but only %(num)s is in play.",
                 "The hands hold %(count)s jokers between them, but only %(num)s are in play.", jokers, count=count)  # fmt: skip
