"""A brute-force reference for the solver: obviously correct, slow.

It tries every way of taking disjoint groups of cards from the hand for the
contract's requirements (every size a requirement allows), asks the checker
whether the go-down is legal, and keeps the smallest penalty left. Only use
it on small hands.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from companion.rules import Card, MeldKind, Ruleset, check_go_down, score_hand


def brute_force_best_points(ruleset: Ruleset, deal_number: int, hand: Sequence[Card], players: int | None = None) -> int | None:
    """The fewest penalty points any legal go-down leaves, or ``None`` if none is legal."""
    deal = ruleset.deal(deal_number)
    requirements = deal.requirements
    exact = ruleset.is_exact(deal)
    best: int | None = None
    seen: set[tuple[tuple[Card, ...], ...]] = set()

    def sizes(requirement, free: int) -> range:
        if exact or requirement.kind is MeldKind.PAIR:
            return range(requirement.length, requirement.length + 1)
        return range(requirement.length, free + 1)

    def search(level: int, free: tuple[int, ...], melds: list[tuple[Card, ...]]) -> None:
        nonlocal best
        if level == len(requirements):
            key = tuple(melds)
            if key in seen:
                return
            seen.add(key)
            remaining = [hand[i] for i in free]
            if check_go_down(ruleset, deal_number, melds, remaining, players).legal:
                points = score_hand(ruleset, remaining).points
                if best is None or points < best:
                    best = points
            return
        for size in sizes(requirements[level], len(free)):
            for chosen in itertools.combinations(free, size):
                meld = tuple(sorted(hand[i] for i in chosen))
                rest = tuple(i for i in free if i not in chosen)
                search(level + 1, rest, melds + [meld])

    search(0, tuple(range(len(hand))), [])
    return best
