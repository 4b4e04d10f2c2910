"""Runs: the geometry every run rule uses, written once.

A run lies in a *window* of positions: A = 1 or 14, 2..K = 2..13 (aces
high only: A = 14 only; aces low only: A = 1 only, and the line ends at
the top rank: K, or Q where kings are wild; the Phase 10 deck's 1..12). Going down, laying off and taking a joker all ask
the same questions of it: where can these naturals lie, which place does
each card take, is the meld written in order, and would the cards fit only
by going round the corner past the ace.

>>> from .cards import parse_cards
>>> from .catalogue import find_ruleset
>>> contract = find_ruleset("contract")
>>> run_windows(contract, parse_cards("5S 6S 8S"), 4)
[(5, None)]
>>> corner_window(contract, [13, 1, 3], 3, 4)
([13, 1, 2, 3], 1)
"""

from __future__ import annotations

from collections.abc import Collection, Container, Sequence

from .speech import say
from .cards import Card, Deck, Rank, Suit
from .rulesets import AceRule, Ruleset, Skips

__all__ = [
    "around_windows", "card_at", "corner_window", "last_position", "longest_run", "longest_run_span", "order_of", "place_label",
    "position_label", "positions", "run_places", "run_windows", "written_order",
]  # fmt: skip

_POSITION_LABELS = {1: "A", 14: "A", 11: "J", 12: "Q", 13: "K"}


def position_label(position: int) -> str:
    """The rank shown at a run position: 1 and 14 are ``A``; past 14 (aces ``around``: Q-K-A-2 lies at 12 to 15)
    the ranks start again.

    >>> position_label(14), position_label(10), position_label(15)
    ('A', '10', '2')
    """
    if position > 14:
        position -= 13
    return _POSITION_LABELS.get(position, str(position))


def place_label(ruleset: Ruleset, position: int) -> str:
    """The rank shown at a run position in the ruleset's deck: ``A``, ``J`` ..., or Phase 10's numbers.

    >>> from .catalogue import find_ruleset
    >>> place_label(find_ruleset("contract"), 11)
    'J'
    """
    return str(position) if ruleset.deck is Deck.PHASE10 else position_label(position)


def last_position(ruleset: Ruleset) -> int:
    """The highest place a run reaches: 14 (the ace above the king), else the top rank (K, Q or Phase 10's 12)."""
    return ruleset.top_rank if ruleset.aces is AceRule.LOW_ONLY else 14


def card_at(position: int, suit: Suit) -> Card:
    """The natural card at a run position in a suit (the ace at 1 or 14)."""
    return _CARD_AT[position, suit]


#: Every run position's card in every suit, made once: the checker asks on every wild's stand-in (past 14,
#: aces ``around``, the ranks start again: 15 is the 2).
_CARD_AT = {(position, suit): Card(Rank((position - 1) % 13 + 1), suit) for position in range(1, 27) for suit in Suit}


def positions(ruleset: Ruleset, card: Card) -> tuple[int, ...]:
    """The run places a natural card may take: an ace 1 or 14 (14 only, aces high only; 1 only, aces low only)."""
    if card.rank is Rank.ACE:
        return _ACE_PLACES[ruleset.aces]
    rank = int(card.natural_rank)
    return (rank, rank + 13) if ruleset.aces is AceRule.AROUND else (rank,)


_ACE_PLACES = {AceRule.LOW_OR_HIGH: (1, 14), AceRule.HIGH_ONLY: (14,), AceRule.LOW_ONLY: (1,), AceRule.AROUND: (1, 14)}


def longest_run(ruleset: Ruleset) -> int:
    """The most cards a run holds: 14 (A to A), 13 where aces are high only (2 to A), the top rank where
    aces are low only (A to K, A to Q, 1 to 12)."""
    if ruleset.aces is AceRule.LOW_ONLY:
        return ruleset.top_rank
    return 13 if ruleset.aces in (AceRule.HIGH_ONLY, AceRule.AROUND) else 14


def longest_run_span(ruleset: Ruleset) -> str:
    """The longest run in words, in the language in use: ``"A to A"``, ``"2 to A"``, ``"A to K"``, ``"1 to 12"``,
    ``"each rank once"``."""
    if ruleset.aces is AceRule.AROUND:
        return say("each rank once")
    if ruleset.aces is AceRule.LOW_ONLY:
        return say("%(first)s to %(last)s", first=place_label(ruleset, 1), last=place_label(ruleset, ruleset.top_rank))
    return say("%(first)s to %(last)s", first="2" if ruleset.aces is AceRule.HIGH_ONLY else "A", last="A")


def run_windows(ruleset: Ruleset, naturals: Sequence[Card], length: int) -> list[tuple[int, int | None]]:
    """Where a run of ``length`` cards with these naturals (one suit) can lie.

    Each answer is ``(low, ace_position)``: the run covers positions ``low``
    to ``low + length - 1``, and the single ace, if any, stands at
    ``ace_position`` (``None`` with no ace or with two aces in an A..A run).

    >>> from .cards import parse_cards
    >>> from .catalogue import find_ruleset
    >>> run_windows(find_ruleset("contract"), parse_cards("AS 3S"), 4)
    [(1, 1)]
    """
    if ruleset.aces is AceRule.AROUND:
        return around_windows(naturals, length)
    # the rank line's ends (last_position, inlined: every run looked at asks), and so its longest run
    first_low = 2 if ruleset.aces is AceRule.HIGH_ONLY else 1
    last = ruleset.top_rank if ruleset.aces is AceRule.LOW_ONLY else 14
    if length > last + 1 - first_low:  # longer than longest_run(ruleset)
        return []
    span = _span(naturals)
    if span is None:
        return []  # a repeated rank never fits a run
    aces, low_rank, high_rank = span
    last_low = last + 1 - length
    if high_rank:
        first_low = max(first_low, high_rank - length + 1)
        last_low = min(last_low, low_rank)
    return _windows(first_low, last_low, length, aces)


def around_windows(naturals: Sequence[Card], length: int) -> list[tuple[int, int | None]]:
    """:func:`run_windows` where the ranks form a circle (aces ``around``): any arc of at most 13 ranks, each
    rank once. A window starts at a rank 1..13 and its positions go on past 14 (Q-K-A-2 is 12 to 15); a run of
    all 13 ranks is read ace low only (A to K, RULES.md §8.7.6).

    >>> from .cards import parse_cards
    >>> around_windows(parse_cards("QD AD 2D"), 4), around_windows(parse_cards("KD AD"), 3)
    ([(12, 14)], [(12, 14), (13, 14)])
    """
    if length > 13:
        return []
    seen = 0
    for card in naturals:
        bit = 1 << card.natural_rank
        if seen & bit:
            return []  # a rank twice (two aces too) never fits
        seen |= bit
    windows: list[tuple[int, int | None]] = []
    for low in range(1, 2 if length == 13 else 14):
        covered = 0
        for position in range(low, low + length):
            covered |= 1 << ((position - 1) % 13 + 1)
        if seen & ~covered:
            continue
        ace_at = (1 if low == 1 else 14) if seen & 2 else None
        windows.append((low, ace_at))
    return windows


def _span(naturals: Sequence[Card]) -> tuple[int, int, int] | None:
    """The aces, and the lowest and highest other rank (99 and 0 with none), of naturals that may share a run;
    ``None`` where a rank other than the ace repeats."""
    aces = 0
    low_rank, high_rank = 99, 0
    seen = 0
    for card in naturals:
        rank = card.natural_rank
        if rank is Rank.ACE:
            aces += 1
            continue
        bit = 1 << rank
        if seen & bit:
            return None
        seen |= bit
        if rank < low_rank:  # not min() and max(): a call each, for every natural of every run looked at
            low_rank = rank
        if rank > high_rank:
            high_rank = rank
    return aces, low_rank, high_rank


def _windows(first_low: int, last_low: int, length: int, aces: int) -> list[tuple[int, int | None]]:
    """The windows from ``first_low`` to ``last_low`` that hold the aces (one low or high; two only A..A)."""
    windows: list[tuple[int, int | None]] = []
    for low in range(first_low, last_low + 1):
        high = low + length - 1
        if aces == 0:
            windows.append((low, None))
        elif aces == 1:
            if low == 1:
                windows.append((low, 1))
            if high == 14:
                windows.append((low, 14))
        elif aces == 2 and low == 1 and high == 14:
            windows.append((low, None))
    return windows


def written_order(ruleset: Ruleset, cards: Sequence[Card], low: int, high: int) -> list[int] | None:
    """The places of the cards if they are written in run order, up or down (a wild takes any place, and so
    does a skip card, judged as a blank: it is refused on its own)."""
    table = run_places(ruleset)
    fits = [table[card] for card in cards]
    for places in (list(range(low, high + 1)), list(range(high, low - 1, -1))):
        if all(fit is None or place in fit for fit, place in zip(fits, places, strict=True)):
            return places
    return None


def order_of(fits: Sequence[Container[int] | None], low: int, high: int) -> list[int] | None:
    """:func:`written_order` of cards given by the places each may take (``None``: any place, see
    :func:`run_places`), as many as the places from ``low`` to ``high``.

    >>> order_of([(5,), None, (7,)], 5, 7), order_of([(7,), None, (5,)], 5, 7), order_of([(1, 14), None], 13, 14)
    ([5, 6, 7], [7, 6, 5], [14, 13])
    """
    # a hot loop (every window of every run checked): plain loops, no call per card
    place = low
    for places in fits:
        if places is not None and place not in places:
            break
        place += 1
    else:
        return list(range(low, high + 1))
    place = high
    for places in fits:
        if places is not None and place not in places:
            break
        place -= 1
    else:
        return list(range(high, low - 1, -1))
    return None


class _Places(dict[Card, "Container[int] | None"]):
    """By card, the run places it may take (:func:`positions`), ``None`` for a card that takes any place: a wild,
    or a skip card (judged as a blank: it is refused on its own). Filled in as cards are asked for."""

    __slots__ = ("ruleset",)

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__()
        self.ruleset = ruleset

    def __missing__(self, card: Card) -> Container[int] | None:
        ruleset = self.ruleset
        places: Container[int] | None
        try:
            places = None if ruleset.is_wild(card) or ruleset.is_skip(card) else positions(ruleset, card)
        except ValueError as error:  # no rank (a Phase 10 SKIP where skips mean nothing): raised where it is asked
            places = _Unplaced(str(error))
        self[card] = places
        return places


class _Unplaced:
    """The places of a card with none: asking whether it takes a place raises as :func:`positions` does, when
    (and only if) a written order gets as far as that card."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message

    def __contains__(self, place: object) -> bool:
        raise ValueError(self.message)


#: The place tables by the fields of a ruleset they depend on (a few dozen at most): a ruleset is data.
_PLACE_TABLES: dict[tuple[AceRule, bool, bool, Skips], _Places] = {}


def run_places(ruleset: Ruleset) -> dict[Card, Container[int] | None]:
    """By card, the run places it may take in ``ruleset``, ``None`` where it takes any place (a wild, a skip).

    Worked out once per card for rulesets that agree on aces and on which cards are wild or skips.

    >>> from .cards import parse_cards
    >>> from .catalogue import find_ruleset
    >>> places = run_places(find_ruleset("contract"))
    >>> [places[card] for card in parse_cards("AS 7H JK")]
    [(1, 14), (7,), None]
    """
    key = (ruleset.aces, ruleset.deuces_wild, ruleset.kings_wild, ruleset.skips)
    table = _PLACE_TABLES.get(key)
    if table is None:
        table = _PLACE_TABLES[key] = _Places(ruleset)
    return table


def corner_window(ruleset: Ruleset, ranks: Collection[int], size: int, most: int) -> tuple[list[int], int] | None:
    """The shortest window of ``size`` to ``most`` ranks that holds ``ranks`` only by going round the corner.

    Returns the window's ranks in order (``[13, 1, 2, 3]`` for K-A-2-3) and the
    ace's index in it, or ``None``. A window with the ace at an end where
    that end is a straight run (A-2-3-4 low, J-Q-K-A high) is not round the
    corner; where aces are high only, a window starting at the ace is (it
    is A-2-3-4, which is not a run); where aces are low only, a window ending
    at the ace is (Q-K-A, or Phase 10's 11-12-1). The ranks go round the
    ruleset's rank line (A to K, A to Q where kings are wild, 1 to 12).
    """
    wanted = set(ranks)
    ring = ruleset.top_rank
    straight_ends = _STRAIGHT_ACE_ENDS[ruleset.aces]
    for length in range(size, min(most, ring) + 1):
        for start in range(1, ring + 1):
            cycle = [((start - 1 + i) % ring) + 1 for i in range(length)]
            if not wanted <= set(cycle) or 1 not in cycle:
                continue
            ace = cycle.index(1)
            if (ace == 0 and "low" in straight_ends) or (ace == length - 1 and "high" in straight_ends):
                continue
            return cycle, ace
    return None


#: Where an ace at the end of a window makes a straight run: low (A-2-3), high (Q-K-A), or both.
_STRAIGHT_ACE_ENDS = {
    AceRule.LOW_OR_HIGH: ("low", "high"), AceRule.HIGH_ONLY: ("high",), AceRule.LOW_ONLY: ("low",), AceRule.AROUND: ("low", "high"),
}  # fmt: skip
