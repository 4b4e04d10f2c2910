"""Phase 10's hits: laying off where a run's suits are free (RULES.md §8.0, "Additions to §6", 7).

A hit goes on any phase on the table: a run takes cards at either end while
it stays within the rank line (1 to 12; A to Q with standard cards), a set
takes its number in any colour, a colour group takes its colour, and a wild
goes on any of them. A skip is never hit. A wild stays what it was played as
(``reclaim: never``), so a natural card cannot take a melded wild's place.

Where the meld's cards leave its kind open (``7R 7B W`` is a set, and also a
run 6-8 or 7-9) the hit is legal if any reading allows it, as for the other
lay-offs (RULES.md §6.1); the page lets the player say which it was laid as.

>>> from .phase10 import PHASE10
>>> from .cards import Deck
>>> cards = lambda text: parse_cards(text, deck=Deck.PHASE10)
>>> check_hit(PHASE10, cards("3R 4B 5G 6Y"), cards("7R 2G")).legal
True
>>> check_hit(PHASE10, cards("9R 10B 11G 12Y"), cards("1R"), kind=MeldKind.RUN).problems
('1R does not fit 9R 10B 11G 12Y: a run takes cards at either end, from 1 to 12.',)
>>> check_hit(PHASE10, cards("2B 4B 5B 8B 8B 12B W"), cards("3R"), kind=MeldKind.COLOUR).problems
('3R is not blue; these cards are all blue.',)
>>> check_hit(PHASE10, cards("7R 7B 7G"), cards("SKIP")).problems
('SKIP is a skip card; a skip is never hit.',)
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, Colour, Deck, Rank, Suit, format_cards, parse_cards  # noqa: F401 (parse_cards: for the doctests)
from .godown import supply_problems
from .rulesets import AceRule, LayOffTiming, MeldKind, Ruleset
from .speech import mark_word, say, say_word, speaking_english

__all__ = ["HitRuling", "check_hit"]

#: The kinds a meld on the table may be in Phase 10, in the order a reading is tried.
_KINDS = (MeldKind.SET, MeldKind.RUN, MeldKind.COLOUR)


class HitRuling:
    """The answer to "may these cards be hit on that phase?": ``legal`` and one sentence per problem."""

    __slots__ = ("legal", "problems")

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        """What is wrong, one sentence each; empty when the hit is legal."""
        self.legal: bool = not self.problems
        """Whether the cards may be hit on the meld."""


def check_hit(
    ruleset: Ruleset,
    meld: Sequence[Card],
    cards: Sequence[Card],
    *,
    kind: MeldKind | None = None,
    turns_since_going_down: int | None = None,
) -> HitRuling:
    """Whether ``cards`` may be hit on ``meld`` (its ``kind`` where the player said it; ``None``: any reading)."""
    meld, cards = tuple(meld), tuple(cards)
    problems: list[str] = []
    if turns_since_going_down == 0 and ruleset.lay_off is LayOffTiming.LATER_TURN:
        problems.append(say("You may not lay off in the turn you go down; wait for your next turn."))
    problems += _card_problems(ruleset, meld, cards)
    if not problems:
        problems += _fit_problems(ruleset, meld, cards, kind)
    problems += [problem.message for problem in supply_problems(ruleset, meld + cards, None)]
    return HitRuling(problems)


def _card_problems(ruleset: Ruleset, meld: tuple[Card, ...], cards: tuple[Card, ...]) -> list[str]:
    """Skips, where they never go, and no card chosen."""
    if any(ruleset.is_skip(card) for card in meld):
        return [say("%(meld)s holds a skip card; a skip is never part of a phase.", meld=format_cards(meld))]
    skips = [card for card in cards if ruleset.is_skip(card)]
    if skips:
        return [say("%(card)s is a skip card; a skip is never hit.", card=card) for card in skips]
    if not cards:
        return [say("Choose at least one card to lay off.")]
    return []


def _fit_problems(ruleset: Ruleset, meld: tuple[Card, ...], cards: tuple[Card, ...], kind: MeldKind | None) -> list[str]:
    """Nothing when some reading of the meld (of ``kind``, where given) takes the cards; else why the first doesn't."""
    kinds = [k for k in _KINDS if (kind is None or k is kind) and _is_kind(ruleset, meld, k)]
    if not kinds:
        return [_not_a_meld(ruleset, meld, kind)]
    reasons = [_reason(ruleset, meld, cards, k) for k in kinds]
    if any(reason is None for reason in reasons):
        return []
    return [next(reason for reason in reasons if reason is not None)]


def _not_a_meld(ruleset: Ruleset, meld: tuple[Card, ...], kind: MeldKind | None) -> str:
    """Why the meld is none of the kinds (``kind``, where the player said it) a hit goes on."""
    if not meld:  # no cards to name: said as any lay-off on no meld says it (it read " is not a set, ..." before)
        return say("There is no meld to lay off on: give the cards of a meld on the table.")
    words = {
        "meld": format_cards(meld),
        "set_word": say_word("set word", ruleset.set_word),
        "colour_word": say_word("colour word", ruleset.colour_word),
    }
    if kind is MeldKind.SET:
        return say("%(meld)s is not a %(set_word)s.", **words)
    if kind is MeldKind.RUN:
        return say("%(meld)s is not a run.", **words)
    if kind is MeldKind.COLOUR:
        return say("%(meld)s is not cards of one %(colour_word)s.", **words)
    return say("%(meld)s is not a %(set_word)s, a run or cards of one %(colour_word)s.", **words)


def _reason(ruleset: Ruleset, meld: tuple[Card, ...], cards: tuple[Card, ...], kind: MeldKind) -> str | None:
    """Why ``cards`` don't go on ``meld`` read as ``kind``; ``None`` when they do."""
    if kind is MeldKind.SET:
        return _set_reason(ruleset, meld, cards)
    if kind is MeldKind.COLOUR:
        return _colour_reason(ruleset, meld, cards)
    return _run_reason(ruleset, meld, cards)


def _naturals(ruleset: Ruleset, cards: Sequence[Card]) -> list[Card]:
    return [card for card in cards if not ruleset.is_wild(card)]


def _is_kind(ruleset: Ruleset, meld: tuple[Card, ...], kind: MeldKind) -> bool:
    """Whether the meld's cards can be a meld of ``kind`` at all (an all-wild meld is any kind)."""
    naturals = _naturals(ruleset, meld)
    if kind is MeldKind.SET:
        return len({card.rank for card in naturals}) <= 1
    if kind is MeldKind.COLOUR:
        return len({_colour(card) for card in naturals}) <= 1
    return bool(_run_lows(ruleset, meld))


def _set_reason(ruleset: Ruleset, meld: tuple[Card, ...], cards: tuple[Card, ...]) -> str | None:
    ranks = {card.rank for card in _naturals(ruleset, meld + cards)}
    if len(ranks) <= 1:
        return None
    rank = next((card.rank for card in _naturals(ruleset, meld)), None) or next(card.rank for card in _naturals(ruleset, cards))
    assert rank is not None  # a natural card of a set has a rank
    stranger = next(card for card in _naturals(ruleset, cards) if card.rank is not rank)
    return say(
        "%(card)s is not a %(rank)s; a %(set_word)s of %(ranks)s takes only %(ranks)s.",
        card=stranger, rank=rank_word(ruleset, rank), ranks=ranks_word(ruleset, rank),
        set_word=say_word("set word", ruleset.set_word),
    )  # fmt: skip


#: A Phase 10 card's colour: "3R is not blue".
_COLOUR_WORDS = {
    Colour.RED: mark_word("word", "red"), Colour.BLUE: mark_word("word", "blue"),
    Colour.GREEN: mark_word("word", "green"), Colour.YELLOW: mark_word("word", "yellow"),
}  # fmt: skip


def _phase10_number(ruleset: Ruleset) -> bool:
    """Whether a rank is said as its number: the Phase 10 deck's cards in a language other than English (whose
    sentences keep the rank's English word, as they always have)."""
    return ruleset.deck is Deck.PHASE10 and not speaking_english()


def rank_word(ruleset: Ruleset, rank: Rank) -> str:
    """A rank in a sentence about one card, in the language in use: ``"8"``, ``"ace"`` (:attr:`.Rank.said`)."""
    return str(int(rank)) if _phase10_number(ruleset) else rank.said


def ranks_word(ruleset: Ruleset, rank: Rank) -> str:
    """A rank in a sentence about several cards, in the language in use: ``"8s"``, ``"aces"``
    (:attr:`.Rank.said_plural`)."""
    return str(int(rank)) if _phase10_number(ruleset) else rank.said_plural


def _colour(card: Card) -> Colour | Suit | None:
    """A natural card's colour: the Phase 10 deck's colour, or the suit on standard cards (RULES.md §8.2)."""
    return card.colour if card.colour is not None else card.suit


def _colour_reason(ruleset: Ruleset, meld: tuple[Card, ...], cards: tuple[Card, ...]) -> str | None:
    colours = [_colour(card) for card in _naturals(ruleset, meld + cards)]
    if len(set(colours)) <= 1:
        return None
    colour = colours[0]
    stranger = next(card for card in _naturals(ruleset, cards) if _colour(card) is not colour)
    if isinstance(colour, Colour):
        return say("%(card)s is not %(colour)s; these cards are all %(colour)s.", card=stranger,
                   colour=say_word("word", _COLOUR_WORDS[colour]))  # fmt: skip
    assert colour is not None  # a natural standard card has a suit
    return say("%(card)s is not a %(suit)s; these cards are all %(suits)s.", card=stranger, suit=colour.said_one,
               suits=colour.said_plural)  # fmt: skip


def _positions(ruleset: Ruleset, card: Card) -> tuple[int, ...]:
    """The places a natural card may take in a run: its number; an ace low, high or both as the ruleset says."""
    assert card.rank is not None  # a natural card in a run has a rank (or a Phase 10 number)
    if card.rank != 1 or card.colour is not None:
        return (int(card.rank),)
    return {AceRule.HIGH_ONLY: (14,), AceRule.LOW_OR_HIGH: (1, 14)}.get(ruleset.aces, (1,))


def _line(ruleset: Ruleset) -> tuple[int, int]:
    """The first and last places of a run: 1 to 12 (the Phase 10 deck, wild kings), or to 13 or the high ace."""
    top = 14 if ruleset.aces in (AceRule.HIGH_ONLY, AceRule.LOW_OR_HIGH) else ruleset.top_rank
    return (2 if ruleset.aces is AceRule.HIGH_ONLY else 1), top


def _run_lows(ruleset: Ruleset, meld: tuple[Card, ...]) -> list[int]:
    """Each first place the meld may start at as a run, its cards filling one unbroken window."""
    first, last = _line(ruleset)
    naturals = _naturals(ruleset, meld)
    return [low for low in range(first, last - len(meld) + 2) if _fits_places(ruleset, naturals, range(low, low + len(meld)))]


def _run_reason(ruleset: Ruleset, meld: tuple[Card, ...], cards: tuple[Card, ...]) -> str | None:
    """The run grows at either end: the cards' naturals take new places just below or above its window, wilds
    the rest; its own places stay as they were played (a melded wild keeps its place)."""
    first, last = _line(ruleset)
    naturals = _naturals(ruleset, cards)
    for low in _run_lows(ruleset, meld):
        high = low + len(meld) - 1
        for below in range(len(cards) + 1):
            new_low, new_high = low - below, high + len(cards) - below
            if new_low < first or new_high > last:
                continue
            outside = [p for p in range(new_low, new_high + 1) if not low <= p <= high]
            if _fits_places(ruleset, naturals, outside):
                return None
    numbered = ruleset.deck is Deck.PHASE10  # numbers 1 to 12; standard cards by rank, A to Q with wild kings
    bottom, top = (str(first), str(last)) if numbered else (_place_label(first), _place_label(last))
    return say("%(cards)s does not fit %(meld)s: a run takes cards at either end, from %(bottom)s to %(top)s.",
               cards=format_cards(cards), meld=format_cards(meld), bottom=bottom, top=top)  # fmt: skip


def _fits_places(ruleset: Ruleset, naturals: Sequence[Card], places: Sequence[int]) -> bool:
    """Whether each natural takes one of ``places`` (distinct), the wilds taking the others."""
    free = set(places)
    for card in naturals:
        place = next((p for p in _positions(ruleset, card) if p in free), None)
        if place is None:
            return False
        free.discard(place)
    return True


def _place_label(place: int) -> str:
    """A place on the standard rank line in words: ``A`` (1 or 14), ``2``..``10``, ``J``, ``Q``, ``K``."""
    return {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(place, str(place))
