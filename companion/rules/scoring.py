"""Penalty points for the cards left in a hand, and the end-of-game settlement.

>>> from .catalogue import find_ruleset
>>> score_hand(find_ruleset("contract"), parse_cards("KH JK 7S")).points
32
>>> score_hand(find_ruleset("progressive"), parse_cards("2C AS 10D")).points
40
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Notation, Rank, Suit, parse_cards
from .rulesets import Ruleset
from .speech import say

__all__ = ["AceColourError", "HandScore", "ace_colour_sentence", "parse_cards", "rank_points", "score_hand", "settle"]


@dataclass(frozen=True, slots=True)
class HandScore:
    """The penalty points of a hand, in total and card by card."""

    points: int
    cards: tuple[tuple[Card, int], ...]

    def to_json(self) -> dict[str, object]:
        """The API's shape: ``{"points", "cards": [{"card", "points"}]}``."""
        return {"points": self.points, "cards": [{"card": str(card), "points": points} for card, points in self.cards]}


def score_hand(ruleset: Ruleset, cards: Sequence[Card]) -> HandScore:
    """Penalty points of ``cards`` under ``ruleset`` (a wild deuce scores as the ruleset says a 2 does)."""
    per_card = tuple((card, ruleset.card_points(card)) for card in cards)
    return HandScore(points=sum(points for _, points in per_card), cards=per_card)


def rank_points(ruleset: Ruleset, ranks: Sequence[str]) -> int:
    """Penalty points of a hand given as ranks (``"K"``, ``"7"``, ``"JK"``: suits don't matter to points), but
    where the ace scores by its colour (Kalooki), each ace with its suit (``"AH"``); a bare ``"A"`` there raises
    :class:`AceColourError` with the sentence to show.

    >>> from .catalogue import find_ruleset
    >>> rank_points(find_ruleset("contract"), ["K", "JK", "7"])
    32
    """
    table = ruleset.points.as_dict()
    if ruleset.points.split_ace:  # an ace is kept with its suit (AH, AS) where it scores by its colour
        table |= {f"A{suit.value}": ruleset.card_points(Card(Rank.ACE, suit)) for suit in Suit}
        if "A" in ranks:
            raise AceColourError(ace_colour_sentence(ruleset))
    return sum(table[rank] for rank in ranks)


class AceColourError(ValueError):
    """A hand given by ranks holds an ace without its suit where the ace scores by its colour."""


def ace_colour_sentence(ruleset: Ruleset, notation: Notation = Notation.ENGLISH) -> str:
    """What the table is asked where an ace scores by its colour and one is typed without its suit (the suits in
    ``notation``'s letters).

    >>> from .kalooki import KALOOKI
    >>> ace_colour_sentence(KALOOKI)
    'An ace scores by its colour here: type AS or AC for a black ace (15), AH or AD for a red ace (1).'
    """
    black, red = ruleset.card_points(Card(Rank.ACE, Suit.SPADES)), ruleset.card_points(Card(Rank.ACE, Suit.HEARTS))
    if notation is Notation.SPANISH:
        return say("An ace scores by its colour here: type AP or AT for a black ace (%(black)s), AC or AD for a red ace "
                   "(%(red)s).", black=black, red=red)  # fmt: skip
    return say("An ace scores by its colour here: type AS or AC for a black ace (%(black)s), AH or AD for a red ace "
               "(%(red)s).", black=black, red=red)  # fmt: skip


def settle(ruleset: Ruleset, totals: Sequence[int], kitty: int = 0) -> list[int]:
    """Money won (+) or paid (−) by each player from their final totals (lowest wins), in whole pennies.

    Place k ≥ 2 pays ``step × (k − 1)``; the winner collects it all, and the
    kitty if the ruleset says so, so the payments always add up to the kitty
    paid out (RULES.md §3.10). Tied players share their places' payments
    (and, tied for first, the winnings) equally. **The odd penny:** where a
    shared amount doesn't divide evenly, the shares differ by one penny and
    the players listed first pay (or receive) the extra pennies. Returns
    zeros for a ruleset without a settlement.

    >>> from .catalogue import find_ruleset
    >>> settle(find_ruleset("progressive"), [50, 80, 120, 200], kitty=6)
    [18, -2, -4, -6]
    >>> settle(find_ruleset("progressive"), [0, 0], kitty=1)  # two pay 1 each into the pot of 2; 3 shared
    [1, 0]
    """
    if ruleset.settlement is None:
        return [0] * len(totals)
    step = ruleset.settlement.step
    order = sorted(range(len(totals)), key=lambda i: (totals[i], i))
    payments = [0] * len(totals)
    place = 0
    pot = 0
    while place < len(order):
        tied = [i for i in order if totals[i] == totals[order[place]]]
        owed = sum(step * k for k in range(place, place + len(tied)))  # place index k pays step*k (the winner pays nothing)
        for i, share in zip(tied, _shares(owed, len(tied)), strict=True):
            payments[i] -= share
        pot += owed
        place += len(tied)
    winners = [i for i in order if totals[i] == totals[order[0]]]
    won = pot + (kitty if ruleset.settlement.winner_takes_kitty else 0)
    for i, share in zip(winners, _shares(won, len(winners)), strict=True):
        payments[i] += share
    return payments


def _shares(amount: int, players: int) -> list[int]:
    """``amount`` split as evenly as whole pennies allow; the first players take the odd pennies.

    >>> _shares(7, 3)
    [3, 2, 2]
    """
    each, odd = divmod(amount, players)
    return [each + (n < odd) for n in range(players)]
