"""A brute-force reference for the solver: obviously correct, slow.

It tries every way of taking disjoint groups of cards from the hand for the
contract's requirements (every size a requirement allows), asks the checker
whether the go-down is legal, and keeps the smallest penalty left. Only use
it on small hands (up to about 10 cards).

One shortcut keeps it usable: a group of cards is taken for a requirement
only if the checker accepts it *on its own* as that requirement (a deal whose
contract is that one requirement). A legal go-down is legal meld by meld, so
this loses no answer; the whole go-down is still judged by the checker.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence

from companion.rules import Card, Deal, GoingOut, MeldKind, Requirement, Ruleset, check_go_down, score_hand


def _one_meld_ruleset(ruleset: Ruleset, requirement: Requirement, exact: bool) -> Ruleset:
    """The ruleset with one deal whose contract is ``requirement`` alone (same exactness)."""
    deal = Deal(
        number=1,
        contract="one meld",
        cards_dealt=requirement.length,
        requirements=(requirement,),
        going_out=GoingOut.DISCARD,
        meld_all=False,
        buys=ruleset.deals[0].buys,
    )
    return dataclasses.replace(ruleset, deals=(deal,), exact=exact)


def brute_force_best_points(ruleset: Ruleset, deal_number: int, hand: Sequence[Card], players: int | None = None) -> int | None:
    """The fewest penalty points any legal go-down leaves, or ``None`` if none is legal."""
    deal = ruleset.deal(deal_number)
    requirements = deal.requirements
    exact = ruleset.is_exact(deal)
    best: int | None = None
    seen: set[tuple[tuple[Card, ...], ...]] = set()
    alone = {requirement: _one_meld_ruleset(ruleset, requirement, exact) for requirement in requirements}
    fits_alone: dict[tuple[Requirement, tuple[Card, ...]], bool] = {}

    def fits(requirement: Requirement, meld: tuple[Card, ...]) -> bool:
        key = (requirement, meld)
        if key not in fits_alone:
            fits_alone[key] = check_go_down(alone[requirement], 1, [meld], None, players).legal
        return fits_alone[key]

    def sizes(requirement: Requirement, free: int) -> range:
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
        requirement = requirements[level]
        for size in sizes(requirement, len(free)):
            tried: set[tuple[Card, ...]] = set()
            for chosen in itertools.combinations(free, size):
                meld = tuple(sorted(hand[i] for i in chosen))
                if meld in tried:
                    continue  # the same cards from another copy: the same go-downs follow
                tried.add(meld)
                if not fits(requirement, meld):
                    continue
                rest = tuple(i for i in free if i not in chosen)
                search(level + 1, rest, melds + [meld])

    search(0, tuple(range(len(hand))), [])
    return best
