"""The go-down checker's old exhaustive search, kept as the brute-force reference for the bounded one.

Before issue 28 the checker tried every order of the contract's requirements
times every combination of each meld's readings (a run of L cards with one
natural has up to L windows): simple, plainly right, and 18 s of CPU on a
710-byte body. It is kept here word for word, so that tests can judge a
go-down with it in place of :func:`companion.rules.godown._search` (see
:func:`exhaustive_search`) and compare the whole ruling with the bounded
search's, sentence for sentence. Only small inputs: it grows as the product
of the readings.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from unittest import mock

from companion.rules import godown
from companion.rules.godown import _cross_problems, _distinct_orders, _fitting_orders, _resembles, agreed_reading


def _search(ruleset, melds, requirement_kinds, kinds, options, word):
    legal, fewest_cross = _legal_readings(ruleset, melds, requirement_kinds, options, word)
    if legal is not None:
        return legal, ((), [])
    return None, _closest_matching(melds, requirement_kinds, kinds, options, fewest_cross)


def _legal_readings(ruleset, melds, requirement_kinds, options, word):
    legal_choices = None
    needs_agreement = any(meld.wild_indexes for meld in melds)
    fewest_cross = {}
    for order in _fitting_orders(requirement_kinds, options):
        per_meld = [options.of(i, k) for i, k in enumerate(order)]
        for combination in itertools.product(*(found for found, _ in per_meld)):
            cross = _cross_problems(ruleset, combination, word)
            if cross:
                if order not in fewest_cross or len(cross) < fewest_cross[order][0]:
                    fewest_cross[order] = (len(cross), combination, cross)
                continue
            if not needs_agreement:
                return tuple(combination), fewest_cross
            if legal_choices is None:
                legal_choices = [[reading] for reading in combination]
            else:
                for choices, reading in zip(legal_choices, combination, strict=True):
                    choices.append(reading)
    if legal_choices is None:
        return None, fewest_cross
    return tuple(agreed_reading(choices) for choices in legal_choices), fewest_cross


def _closest_matching(melds, requirement_kinds, kinds, options, fewest_cross):
    best = None
    unlike_by_kind = [[not _resembles(meld, kind) for kind in kinds] for meld in melds]
    for order in _distinct_orders(requirement_kinds):
        unlike = sum(unlike_by_kind[i][k] for i, k in enumerate(order))
        per_meld = [options.of(i, k) for i, k in enumerate(order)]
        if any(why for _, why in per_meld):
            individual = [problem for _, why in per_meld for problem in why]
            if best is None or (unlike, len(individual)) < best[0]:
                best = ((unlike, len(individual)), tuple(found[0] if found else None for found, _ in per_meld), individual)
            continue
        fewest = fewest_cross.get(order)
        if fewest is not None and (best is None or (unlike, fewest[0]) < best[0]):
            best = ((unlike, fewest[0]), fewest[1], fewest[2])
    assert best is not None
    return best[1], best[2]


@contextmanager
def exhaustive_search() -> Iterator[None]:
    """Judge go-downs with the old exhaustive search (and no budget) while inside."""
    with mock.patch.object(godown, "_search", _search), mock.patch.object(godown, "CHECK_BUDGET", 10**12):
        yield


def exhaustive_ruling(*args: object, **kwargs: object) -> godown.GoDownRuling:
    """:func:`~companion.rules.godown.check_go_down`, searched the old way."""
    with exhaustive_search():
        return godown.check_go_down(*args, **kwargs)  # type: ignore[arg-type]


__all__: Sequence[str] = ("exhaustive_ruling", "exhaustive_search")
