"""Progressive's settlement in whole pennies, against exact fractions (RULES.md §3.10).

Every table of 2 to 8 players with many ties: payments add up to the kitty,
each is within a penny of the exact equal share, tied players differ by at
most a penny (the odd pennies to the players listed first), and a lower
total never wins less.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import find_ruleset, settle

PROGRESSIVE = find_ruleset("progressive")
ASSERTED: Counter[str] = Counter()


def exact_money(totals: list[int], kitty: int, step: int = 2) -> list[Fraction]:
    """The money of each player as exact fractions: tied places share their payments and winnings."""
    ranked = sorted(set(totals))
    money = [Fraction(0)] * len(totals)
    place = 0
    pot = Fraction(0)
    for total in ranked:
        tied = [i for i, t in enumerate(totals) if t == total]
        owed = sum(step * k for k in range(place, place + len(tied)))
        for i in tied:
            money[i] -= Fraction(owed, len(tied))
        pot += owed
        place += len(tied)
    winners = [i for i, t in enumerate(totals) if t == ranked[0]]
    for i in winners:
        money[i] += Fraction(pot + kitty, len(winners))
    return money


@settings(max_examples=600, deadline=None, derandomize=True, database=None)
@given(st.lists(st.integers(0, 4), min_size=2, max_size=8), st.integers(0, 30))
def _settlement_is_exact_in_whole_pennies(totals, kitty):
    money = settle(PROGRESSIVE, totals, kitty=kitty)
    exact = exact_money(totals, kitty)
    assert all(isinstance(m, int) for m in money)
    assert sum(money) == kitty
    for paid, fair in zip(money, exact, strict=True):
        assert abs(paid - fair) < 1
    for total in set(totals):
        tied = [money[i] for i, t in enumerate(totals) if t == total]
        assert max(tied) - min(tied) <= 1
        assert tied == sorted(tied, reverse=True)  # the odd pennies to the players listed first
    by_total = sorted(zip(totals, money, strict=True), key=lambda pair: pair[0])
    for (low_total, low_money), (high_total, high_money) in zip(by_total, by_total[1:], strict=False):
        if low_total < high_total:
            assert low_money > high_money
    ASSERTED["tie" if len(set(totals)) < len(totals) else "no tie"] += 1


def test_settlement_is_exact_in_whole_pennies():
    ASSERTED.clear()
    _settlement_is_exact_in_whole_pennies()
    assert ASSERTED["tie"] >= 300, dict(ASSERTED)
