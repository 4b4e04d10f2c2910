"""A brute-force reference solver for Carioca and Kalooki (RULES.md §8.3, §8.4): obviously correct, slow, and
engine-free. It judges go-downs with tests/family_reference.py (written from RULES.md §2.1 and §8.0 alone) and
scores cards from RULES.md's points tables, never through the engine's search or checker.

:func:`reference_best_points` tries every way of taking disjoint groups of cards from the hand for each
contract of the deal (every length a requirement allows: exactly its length where lengths are exact, else from
its length up; a meld-all deal takes every card), keeps a group only if it could meet its requirement on its
own under some reading of its red twos (a legal go-down is legal meld by meld, so this loses no answer), and
judges the whole with :func:`family_reference.reference_legal`. Small hands only.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from family_reference import RED, _is_red_two, meld_meets, reference_legal

from companion.rules import Card, MeldKind, Requirement, Ruleset
from companion.rules.rulesets import Deal


def carioca_points(card: Card, joker: int = 30) -> int:
    """A card's penalty points as RULES.md §8.3 scores them: 2-10 face, J Q K 10, A 20, JK 30 (50 with
    ``joker-50``); a red two is scored as itself."""
    if card.rank is None:
        return joker
    rank = int(card.rank)
    return 20 if rank == 1 else min(rank, 10)


def kalooki_points(card: Card) -> int:
    """A card's penalty points as RULES.md §8.4 scores them: JK 50, black ace 15, red ace 1, K Q J 10, 2-10 face."""
    if card.rank is None:
        return 50
    rank = int(card.rank)
    if rank == 1:
        return 1 if str(card.suit) in RED else 15
    return min(rank, 10)


def _could_meet(ruleset: Ruleset, deal: Deal, requirement: Requirement, meld: tuple[Card, ...]) -> bool:
    """Whether a group meets a requirement on its own under some reading of its red twos."""
    twos = [i for i, card in enumerate(meld) if ruleset.red_twos_wild and _is_red_two(card)]
    for chosen in itertools.product((False, True), repeat=len(twos)):
        wild = {i for i, is_wild in zip(twos, chosen, strict=True) if is_wild}
        flags = [card.rank is None or i in wild for i, card in enumerate(meld)]
        if meld_meets(ruleset, deal, requirement, meld, flags) is not None:
            return True
    return False


def _sizes(ruleset: Ruleset, deal: Deal, requirement: Requirement, free: int) -> range:
    if requirement.kind is MeldKind.LADDER:
        return range(13, 14)
    if ruleset.exact and not deal.meld_all:
        return range(requirement.length, requirement.length + 1)
    return range(requirement.length, free + 1)


def reference_best_points(
    ruleset: Ruleset, deal_number: int, hand: Sequence[Card], points: Callable[[Card], int], players: int | None = None
) -> int | None:
    """The fewest penalty points (each card's by ``points``) any legal go-down of the deal leaves in ``hand``, or
    ``None`` if there is none."""
    deal = ruleset.deal(deal_number)
    best: int | None = None
    fits: dict[tuple[Requirement, tuple[Card, ...]], bool] = {}

    def search(contract: Sequence[Requirement], level: int, free: tuple[int, ...], melds: list[tuple[Card, ...]]) -> None:
        nonlocal best
        if level == len(contract):
            remaining = [hand[i] for i in free]
            if reference_legal(ruleset, deal_number, melds, remaining, players):
                left = sum(points(card) for card in remaining)
                best = left if best is None else min(best, left)
            return
        requirement = contract[level]
        for size in _sizes(ruleset, deal, requirement, len(free)):
            tried: set[tuple[Card, ...]] = set()
            for chosen in itertools.combinations(free, size):
                meld = tuple(sorted(hand[i] for i in chosen))
                if meld in tried:
                    continue  # the same cards from another copy lead to the same go-downs
                tried.add(meld)
                if (requirement, meld) not in fits:
                    fits[requirement, meld] = _could_meet(ruleset, deal, requirement, meld)
                if fits[requirement, meld]:
                    search(contract, level + 1, tuple(i for i in free if i not in chosen), melds + [meld])

    for contract in deal.contracts:
        search(contract, 0, tuple(range(len(hand))), [])
    return best
