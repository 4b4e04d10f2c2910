"""The solver: can a hand meet a deal's contract, and with which melds?

:func:`solve` is exact: it answers ``None`` only when no legal go-down
exists, and otherwise returns a legal go-down (one that
:func:`~.godown.check_go_down` accepts) that leaves the fewest penalty
points in hand; in a meld-all deal, one that uses every card.

How it stays fast on hard hands (many wilds, duplicates, 16 cards):

- Wild cards are interchangeable in a meld, so the search counts them
  instead of placing each one; melding ``j`` wilds always melds the ``j``
  with the most points.
- Runs are chosen first by depth-first search (suit, window, and which
  places take a natural card), with branch and bound: an optimistic bound
  on what the remaining melds could take cuts any branch that cannot beat
  the best go-down found so far, and candidates are tried best first.
- Once the runs are fixed, suits no longer matter to sets (in every
  variant a set may repeat a suit), so the sets are solved exactly by
  dynamic programming over ranks, cached by the rank counts left.

A deal with a rule of the wider family (RULES.md §8: Phase 10 on either deck)
goes to its own exact search, :mod:`.wider_search`, and one with a rule of
Carioca's or Kalooki's to :mod:`.family_search`, within the same budget.

>>> from .catalogue import find_ruleset
>>> solution = solve(find_ruleset("contract"), 1, parse_cards("7H 7S 7D KH KS JK 2C 9D 4S 5S 6S"))
>>> [format_cards(meld) for meld in solution.melds], format_cards(solution.remaining), solution.points
(['7S 7H 7D', 'KS KH JK'], '2C 4S 5S 6S 9D', 26)
>>> solve(find_ruleset("contract"), 3, parse_cards("7H 7S 7D KH KS JK 2C 9D 4S 5S 6S")) is None
True
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import Card, Rank, Suit, format_cards, parse_cards
from .godown import supply_problems
from .rulesets import AceRule, Deal, MeldKind, Requirement, Ruleset, RulesError, SameSuitRuns, TableSupply
from .speech import say, say_n
from .words import and_list
from .wider_search import WiderSearch, unsolved_rules, wider_family
from .family_search import family_rules, search_family, unsolved_family_rules

__all__ = [
    "MAX_HAND",
    "SEARCH_BUDGET",
    "HandTooLargeError",
    "NotSolvedYetError",
    "SearchTooBigError",
    "Solution",
    "solve",
    "format_cards",
    "parse_cards",
]

#: The most cards :func:`solve` takes: more than a hand at the table holds (13 dealt, a draw, five May Is).
MAX_HAND = 24


#: The most steps of search one :func:`solve` takes: a step is a search node, a run candidate, a state of the
#: sets' dynamic programme or a way of laying wilds on. Counted, not timed, so that a loaded machine gives the
#: same answer as an idle one; under half a second of CPU on a small machine (bench/hostile.py).
#: Hands a table holds never come near it (tests/test_search_budget.py); a hostile custom ruleset can.
SEARCH_BUDGET = 40_000


class HandTooLargeError(RulesError):
    """A hand of more cards than :data:`MAX_HAND`."""


class NotSolvedYetError(RulesError):
    """A ruleset with rules of the wider family (RULES.md §8) the solver does not search yet: refused, never
    answered wrongly."""


class SearchTooBigError(RulesError):
    """A search that would take more than :data:`SEARCH_BUDGET` steps: answered with a sentence, not searched on."""

_SUITS = tuple(Suit)
_NEG = float("-inf")
#: The most ways of giving ranks to sets :meth:`_Search._runs_needed` tries before giving up on its bound.
_MOST_RANK_CHOICES = 400


@dataclass(frozen=True, slots=True)
class Solution:
    """A legal go-down: the melds (in the contract's order) and what stays in hand."""

    melds: tuple[tuple[Card, ...], ...]
    remaining: tuple[Card, ...]
    points: int
    """Penalty points of ``remaining``."""


@dataclass(frozen=True, slots=True)
class _Run:
    """A run chosen by the search: its suit, window, and the places naturals fill."""

    suit: int
    low: int
    length: int
    naturals: int
    """Bit ``p`` set when place ``p`` (1..14) takes a natural card."""
    wilds: int
    value: int

    def key(self) -> tuple[int, int, int, int]:
        return (self.suit, self.low, self.length, self.naturals)


def _rank_at(position: int) -> int:
    return 1 if position == 14 else position


def _consumed(places: Sequence[int]) -> int:
    """The naturals a run's places take, as rank bits (an ace at 1 or 14 is rank 1; the A..A run takes two)."""
    bits = aces = 0
    for p in places:
        if p == 1 or p == 14:
            aces += 1
        else:
            bits |= 1 << p
    return bits | aces << 15


def solve(
    ruleset: Ruleset, deal_number: int, hand: Sequence[Card], players: int | None = None, *, budget: int = SEARCH_BUDGET
) -> Solution | None:
    """The go-down leaving the fewest penalty points, or ``None`` if the contract can't be met.

    Raises :class:`~.rulesets.DealOutOfRangeError` or
    :class:`~.rulesets.PlayersOutOfRangeError` for input outside the ruleset,
    and :class:`HandTooLargeError` for more than :data:`MAX_HAND` cards. Raises
    :class:`SearchTooBigError` when the search would take more than ``budget`` steps
    (:data:`SEARCH_BUDGET`), so no hand, however hostile, costs more than a moment.
    """
    deal = ruleset.deal(deal_number)
    table = ruleset.table(players)
    hand = tuple(hand)
    if len(hand) > MAX_HAND:
        raise HandTooLargeError(say("A hand holds at most %(most)s cards; this one has %(count)s.", most=MAX_HAND, count=len(hand)))
    _check_solvable(ruleset, deal)
    if wider_family(ruleset, deal):
        return _solve_wider(ruleset, deal, hand, players, budget)
    if family_rules(ruleset, deal):
        return _solve_family(ruleset, deal, hand, players, budget)
    if _hopeless(ruleset, deal, hand, table):
        return None
    return _Search(ruleset, deal.requirements, hand, exact=ruleset.is_exact(deal), meld_all=deal.meld_all, budget=budget).run()


def _solve_wider(ruleset: Ruleset, deal: Deal, hand: tuple[Card, ...], players: int | None, budget: int) -> Solution | None:
    """:func:`solve` for a deal of the wider family's rules (:mod:`.wider_search`), within the same budget of steps."""
    if supply_problems(ruleset, hand, players):
        return None  # the hand itself breaks the supply, so no go-down from it is legal
    if sum(not ruleset.is_skip(card) for card in hand) < deal.cards_needed:
        return None
    found = WiderSearch(ruleset, deal.requirements, hand, spend=_spender(ruleset, deal, hand, budget)).run()
    return _solution(ruleset, found)


def _solve_family(ruleset: Ruleset, deal: Deal, hand: tuple[Card, ...], players: int | None, budget: int) -> Solution | None:
    """:func:`solve` for a deal of Carioca's or Kalooki's rules (:mod:`.family_search`), within the same budget of steps."""
    if supply_problems(ruleset, hand, players):
        return None  # the hand itself breaks the supply, so no go-down from it is legal
    return _solution(ruleset, search_family(ruleset, deal, hand, players, spend=_spender(ruleset, deal, hand, budget)))


def _spender(ruleset: Ruleset, deal: Deal, hand: tuple[Card, ...], budget: int) -> Callable[[int], None]:
    """A counter of steps of search against ``budget``: past it, the search stops with a sentence."""
    steps_left = budget
    wilds = sum(ruleset.is_wild(card) and not ruleset.is_skip(card) for card in hand)

    def spend(steps: int) -> None:
        nonlocal steps_left
        steps_left -= steps
        if steps_left < 0:
            raise _too_big(len(hand), wilds, len(deal.requirements))

    return spend


def _solution(ruleset: Ruleset, found: tuple[list[tuple[Card, ...]], tuple[Card, ...]] | None) -> Solution | None:
    """A search's melds and cards left as a :class:`Solution` with their points (``None`` stays ``None``)."""
    if found is None:
        return None
    melds, remaining = found
    return Solution(melds=tuple(melds), remaining=remaining, points=sum(ruleset.card_points(c) for c in remaining))


def _too_big(cards: int, wilds: int, melds: int) -> SearchTooBigError:
    """The sentence for a search past its budget of steps."""
    # English says "wild ones" whatever their number (both forms alike); a language that counts them says it by
    # the number of wilds
    return SearchTooBigError(say_n(
        "This hand is too big to search: %(cards)s cards with %(wilds)s wild ones give too many ways to meet a "
        "contract of %(melds)s melds. Try it with fewer cards or fewer wild cards.",
        "This hand is too big to search: %(cards)s cards with %(wilds)s wild ones give too many ways to meet a "
        "contract of %(melds)s melds. Try it with fewer cards or fewer wild cards.",
        wilds, cards=cards, wilds=wilds, melds=melds,
    ))  # fmt: skip


def _hopeless(ruleset: Ruleset, deal: Deal, hand: tuple[Card, ...], table: TableSupply) -> bool:
    """Whether no go-down can come from the hand, before any search: it breaks the supply, holds too few
    cards, or (a meld-all deal of runs) too many for runs to hold."""
    for card, count in Counter(hand).items():
        if count > (table.jokers if card.is_joker else table.packs):
            return True  # the hand itself breaks the supply, so no go-down from it is legal
    if len(hand) < deal.cards_needed:
        return True
    if deal.meld_all and not any(r.kind is not MeldKind.RUN for r in deal.requirements):
        longest = 14 if ruleset.aces is AceRule.LOW_OR_HIGH else 13
        return len(hand) > longest * len(deal.requirements)  # runs alone can't hold every card
    return False


def _unsolved_rules(ruleset: Ruleset, deal: Deal) -> list[str]:
    """The rules of the wider family (RULES.md §8) neither search knows yet, in words."""
    if wider_family(ruleset, deal):
        return unsolved_rules(ruleset, deal)
    if family_rules(ruleset, deal):
        return unsolved_family_rules(ruleset, deal)
    return []


def _check_solvable(ruleset: Ruleset, deal: Deal) -> None:
    """Refuse, with a sentence, a deal whose rules the search does not know yet, rather than answer wrongly."""
    unsolved = _unsolved_rules(ruleset, deal)
    if unsolved:
        raise NotSolvedYetError(say("%(name)s can't be solved yet: the solver does not know %(rules)s.", name=ruleset.name,
                                    rules=and_list(unsolved)))  # fmt: skip


class _Search:
    """One solver run: the hand's counts, the bound, and the best go-down so far."""

    def __init__(
        self,
        ruleset: Ruleset,
        requirements: Sequence[Requirement],
        hand: tuple[Card, ...],
        *,
        exact: bool,
        meld_all: bool,
        budget: int = SEARCH_BUDGET,
    ) -> None:
        self.ruleset = ruleset
        #: Steps of search still allowed (:data:`SEARCH_BUDGET`).
        self.steps_left = budget
        self.exact = exact
        self.meld_all = meld_all
        self.hand = hand
        self.requirements = tuple(requirements)
        self.runs = sorted((r for r in requirements if r.kind is MeldKind.RUN), key=lambda r: -r.length)
        self.sets = [r for r in requirements if r.kind is not MeldKind.RUN]
        #: The set requirements that may hold more cards than their length (not pairs, lengths are minimums).
        #: Where there are any, sets are searched with the fewest wilds and topped up afterwards (:meth:`_top_up`).
        self.loose_sets = frozenset(i for i, r in enumerate(self.sets) if not exact and r.kind is not MeldKind.PAIR)
        #: The set requirements' indexes, grouped by identical requirement.
        self.set_kinds = [[i for i, r in enumerate(self.sets) if r == kind] for kind in dict.fromkeys(self.sets)]
        self.order = self.runs + self.sets
        #: From each level of the search on: the distinct requirements still to meld with their copies, and their cards.
        self.kinds_from = [list(Counter(self.order[level:]).items()) for level in range(len(self.order) + 1)]
        self.cards_from = [sum(r.length for r in self.order[level:]) for level in range(len(self.order) + 1)]
        self.min_naturals = ruleset.min_naturals
        self.max_wilds = len(hand) if ruleset.max_wilds is None else ruleset.max_wilds
        #: Whether a meld's wilds or naturals are limited beyond "at least one natural", so that which run
        #: holds a natural can decide whether both runs are legal.
        self.wild_limited = ruleset.max_wilds is not None or ruleset.min_naturals > 1
        self.first_low = 2 if ruleset.aces is AceRule.HIGH_ONLY else 1

        # In a meld-all deal every card counts 1 and all must be melded; otherwise a card counts its points.
        def value(card: Card) -> int:
            return 1 if meld_all else ruleset.card_points(card)

        self.wild_cards = sorted((c for c in hand if ruleset.is_wild(c)), key=value, reverse=True)
        self.wild_prefix = list(itertools.accumulate((value(c) for c in self.wild_cards), initial=0))
        self.count = [[0] * 14 for _ in _SUITS]  # count[suit][rank 1..13]
        self.rank_total = [0] * 14  # rank_total[rank]: the naturals of that rank left, all suits
        self.rank_value = [0] * 14
        for card in hand:
            if not ruleset.is_wild(card):
                natural_rank = int(card.natural_rank)
                self.count[_SUITS.index(card.natural_suit)][natural_rank] += 1
                self.rank_total[natural_rank] += 1
                self.rank_value[natural_rank] = value(card)
        # present[suit]: bit p set when a natural can stand at run place p (the ace at 1 and 14)
        self.present = [0, 0, 0, 0]
        for suit, counts in enumerate(self.count):
            for rank in range(1, 14):
                if counts[rank]:
                    self.present[suit] |= self._ace_bits() if rank == 1 else 1 << rank
        self.total_value = sum(value(c) for c in hand)
        self.best_value = self.total_value - 1 if meld_all else -1
        self.best: tuple[list[_Run], list[tuple[int, int, int]]] | None = None
        self.set_cache: dict[tuple[object, ...], list[tuple[int, list[tuple[int, int, int]]]]] = {}
        self.allocation_cache: dict[tuple[object, ...], list[tuple[int, list[tuple[int, int, int]]]]] = {}

    def _spend(self, steps: int) -> None:
        """Count ``steps`` of search against the budget; past it, stop the whole search with a sentence."""
        self.steps_left -= steps
        if self.steps_left < 0:
            raise _too_big(len(self.hand), len(self.wild_cards), len(self.requirements))

    # -- bound --------------------------------------------------------------

    def _bound(self, level: int, wilds_used: int) -> float:
        """An optimistic value for the melds from ``level`` on (``-inf`` when they surely cannot be made).

        The best cards left, with as many wilds as could fit, but at least as
        many as the melds need even if each had the most naturals any one
        meld of its kind could take.
        """
        melds = len(self.order) - level
        if not melds:
            return 0
        wilds_left = len(self.wild_cards) - wilds_used
        rank_total, rank_value = self.rank_total, self.rank_value
        naturals: list[int] = []
        for r in range(1, 14):
            if rank_total[r]:
                naturals += [rank_value[r]] * rank_total[r]
        naturals.sort(reverse=True)
        if len(naturals) < melds * self.min_naturals:
            return _NEG
        wilds_needed = 0
        for requirement, copies in self.kinds_from[level]:
            wilds_needed += copies * max(0, requirement.length - self._most_naturals(requirement))
        if wilds_needed > wilds_left:
            return _NEG
        if self.exact:
            slots = self.cards_from[level]
        else:
            slots = len(naturals) + wilds_left
        # Where lengths are minimums, wilds left over are laid on runs already chosen (_lay_on_wilds),
        # so the melds still to choose do not cap how many wilds are melded.
        wild_cap = melds * self.max_wilds if self.exact else wilds_left
        most_wilds = min(wilds_left, slots - melds * self.min_naturals, wild_cap)
        natural_prefix = list(itertools.accumulate(naturals, initial=0))
        runs_left = max(0, len(self.runs) - level)
        natural_cap = self._most_natural_value(runs_left, melds - runs_left)
        best = _NEG
        for j in range(wilds_needed, max(0, most_wilds) + 1):
            take = min(slots - j, len(naturals))
            if take < 0:
                continue
            natural_value = min(natural_prefix[take], natural_cap)
            best = max(best, self.wild_prefix[wilds_used + j] - self.wild_prefix[wilds_used] + natural_value)
        return best

    def _most_natural_value(self, runs: int, sets: int) -> int:
        """The most the naturals left could be worth in ``runs`` more runs and ``sets`` more sets.

        A run holds at most one natural of each rank of its suit (two aces
        where an ace is low or high), so ``j`` runs of a suit hold at most
        ``min(count, j)`` of each of its ranks: the best ``runs`` "layers" of
        the suits bound what runs can take. A set holds naturals of one rank,
        so the best ``sets`` ranks bound what sets can take. Where suits are
        few, this is far below "every natural left" (three runs and hearts in
        hand: the hearts can't all be melded), which the search's bound
        alone assumed.
        """
        value = self.rank_value
        layers = []
        if runs:
            two_aces = self.ruleset.aces is AceRule.LOW_OR_HIGH
            for counts in self.count:
                for layer in range(1, min(runs, max(counts)) + 1):
                    worth = sum(value[r] for r in range(2, 14) if counts[r] >= layer)
                    aces = min(2, counts[1] - 2 * (layer - 1)) if two_aces else min(1, counts[1] - (layer - 1))
                    layers.append(worth + max(0, aces) * value[1])
        layers.sort(reverse=True)
        ranks = sorted((value[r] * self.rank_total[r] for r in range(1, 14)), reverse=True)
        return sum(layers[:runs]) + sum(ranks[:sets])

    def _most_naturals(self, requirement: Requirement) -> int:
        """The most naturals one meld of this kind and length could hold from the cards left."""
        if requirement.kind is not MeldKind.RUN:
            if self.ruleset.dup_suits:
                most = max(self.rank_total[1:])
            else:
                most = self._most_suits_of_a_rank()
            return min(requirement.length, most)
        length = requirement.length
        window = (1 << length) - 1
        lows = range(self.first_low, 16 - length)
        most = 0
        for suit, present in enumerate(self.present):
            if present.bit_count() <= most:
                continue
            for low in lows:
                found = ((present >> low) & window).bit_count()
                if found > most:
                    most = found - (length == 14 and self.count[suit][1] == 1)  # one ace can't take both ends
                    if most >= length:
                        return most
        return most

    def _most_suits_of_a_rank(self) -> int:
        """The most suits any one rank is left in: bitwise, over the suits' run places (an ace's two alike)."""
        a, b, c, d = self.present
        if a & b & c & d:
            return 4
        if (a & b & (c | d)) | (c & d & (a | b)):
            return 3
        if (a & (b | c | d)) | (b & (c | d)) | (c & d):
            return 2
        return 1 if a | b | c | d else 0

    def _runs_needed(self) -> int:
        """In a meld-all deal, the fewest runs that could still hold every natural no set takes.

        A run holds at most one natural of each rank of its suit (two aces in
        an A..A run), so a suit with ``c`` naturals of one rank needs ``c``
        runs. Optimistically each set still to meld takes every natural of one
        rank, so the answer is the least, over the ways of giving up to that
        many ranks to sets, of the runs the suits then need. Where those ways
        are too many to try, ``0`` (no bound), which is always safe.
        """
        two_aces = self.ruleset.aces is AceRule.LOW_OR_HIGH
        needs = []
        for counts in self.count:
            need = list(counts)
            if two_aces:
                need[1] = (need[1] + 1) // 2
            needs.append(need)
        ranks = [r for r in range(1, 14) if any(need[r] for need in needs)]
        sets = min(len(self.sets), len(ranks))
        if sum(math.comb(len(ranks), k) for k in range(sets + 1)) > _MOST_RANK_CHOICES:
            return 0
        fewest = sum(max(need) for need in needs)
        for k in range(1, sets + 1):
            for given in itertools.combinations(ranks, k):
                kept = [r for r in ranks if r not in given]
                fewest = min(fewest, sum(max((need[r] for r in kept), default=0) for need in needs))
        return fewest

    def _ace_bits(self) -> int:
        return 1 << 14 if self.ruleset.aces is AceRule.HIGH_ONLY else (1 << 14) | 2

    # -- runs -----------------------------------------------------------------

    def run(self) -> Solution | None:
        self.ceiling = self._bound(0, 0)  # no go-down can do better: stop when one does this well
        if self.ceiling == _NEG:
            return None
        self._runs(0, 0, 0, [], None)
        if self.best is None:
            return None
        return self._build(*self.best)

    def _cover(self, level: int) -> tuple[int, int] | None:
        """In a meld-all deal of runs only, the first natural left: the next run must take it.

        Only when the runs still to choose are of one requirement: otherwise
        the run that takes it may be one of a later level.
        """
        if not (self.meld_all and not self.sets):
            return None
        if any(run != self.runs[level] for run in self.runs[level:]):
            return None
        for suit in range(4):
            for rank in range(1, 14):
                if self.count[suit][rank]:
                    return suit, rank
        return None

    def _runs(self, level: int, value: int, wilds_used: int, chosen: list[_Run], previous: tuple[int, ...] | None) -> None:
        if level == len(self.runs):
            self._finish(value, wilds_used, chosen)
            return
        if value + self._bound(level, wilds_used) + self.wild_prefix[wilds_used] <= self.best_value:
            return
        if self.meld_all and self._runs_needed() > len(self.runs) - level:
            return
        requirement = self.runs[level]
        cover = self._cover(level)
        if self.exact:
            candidates = self._exact_run_candidates(requirement, wilds_used, chosen)
        else:
            candidates = self._loose_run_candidates(requirement, wilds_used, chosen, cover)
        self._spend(1 + len(candidates))
        # With a card to cover, each run is the one that covers it, so runs come in one order already.
        # Where runs take every natural in their span, the order they take them in matters, so all are tried.
        greedy_spans = not self.exact and not self.sets
        same_as_previous = cover is None and not greedy_spans and level > 0 and self.runs[level - 1] == requirement
        candidates.sort(key=lambda run: -(run.value + self.wild_prefix[wilds_used + run.wilds] - self.wild_prefix[wilds_used]))
        for run in candidates:
            if self.best_value >= self.ceiling:
                return
            if same_as_previous and previous is not None and run.key() < previous:
                continue  # identical requirements: take their runs in one order only
            self._take(run, -1)
            chosen.append(run)
            self._runs(level + 1, value + run.value, wilds_used + run.wilds, chosen, run.key())
            chosen.pop()
            self._take(run, +1)

    def _take(self, run: _Run, sign: int) -> None:
        counts = self.count[run.suit]
        bits = run.naturals
        present = self.present[run.suit]
        for position in range(run.low, run.low + run.length):
            if bits >> position & 1:
                rank = 1 if position == 14 else position
                counts[rank] += sign
                self.rank_total[rank] += sign
                place = self._ace_bits() if rank == 1 else 1 << rank
                present = present | place if counts[rank] else present & ~place
        self.present[run.suit] = present

    def _joins(self, suit: int, low: int, high: int, chosen: list[_Run]) -> bool:
        """Whether a run of ``suit`` from ``low`` to ``high`` breaks the same-suit rule with runs chosen."""
        rule = self.ruleset.same_suit_runs
        if rule is SameSuitRuns.ANY:
            return False
        for run in chosen:
            if run.suit != suit:
                continue
            if rule is SameSuitRuns.ONE_PER_SUIT:
                return True
            if run.low + run.length == low or high + 1 == run.low:
                return True
        return False

    def _exact_run_candidates(self, requirement: Requirement, wilds_used: int, chosen: list[_Run]) -> list[_Run]:
        """Runs of exactly the requirement's length: every window and every choice of naturals in it."""
        wilds_left = len(self.wild_cards) - wilds_used
        wild_room = min(self.max_wilds, wilds_left)
        length = requirement.length
        need = max(self.min_naturals, length - wild_room)
        candidates = []
        window_free = self.ruleset.same_suit_runs is not SameSuitRuns.NO_CONTIGUOUS
        seen: list[set[int]] = [set(), set(), set(), set()]
        for suit in range(4):
            counts = self.count[suit]
            for low in range(self.first_low, 16 - length):
                high = low + length - 1
                if self._joins(suit, low, high, chosen):
                    continue
                available = [p for p in range(low, high + 1) if counts[1 if p == 14 else p]]
                if len(available) < need:
                    continue
                both_aces = low == 1 and high == 14 and counts[1] < 2
                for size in range(len(available), need - 1, -1):
                    self._spend(math.comb(len(available), size))
                    for places in itertools.combinations(available, size):
                        if both_aces and places[0] == 1 and places[-1] == 14:
                            continue  # one ace cannot stand at both ends of an A..A run
                        if window_free:
                            # Where the window matters to no later rule, runs taking the same naturals with
                            # the same number of wilds are one run to the search (8H JK JK is 8-10 or 6-8).
                            consumed = _consumed(places)
                            if consumed in seen[suit]:
                                continue
                            seen[suit].add(consumed)
                        candidates.append(self._make_run(suit, low, length, places))
        return candidates

    def _loose_run_candidates(
        self, requirement: Requirement, wilds_used: int, chosen: list[_Run], cover: tuple[int, int] | None
    ) -> list[_Run]:
        """Runs of at least the requirement's length, with no wild at an end beyond what the length needs.

        Wilds left over at the end are laid on afterwards (:meth:`_lay_on_wilds`),
        so a run here spans its first to its last natural, padded only up to
        the requirement's length.
        """
        wilds_left = len(self.wild_cards) - wilds_used
        wild_room = min(self.max_wilds, wilds_left)
        length = requirement.length
        high_only = self.ruleset.aces is AceRule.HIGH_ONLY
        candidates = []
        for suit in [cover[0]] if cover else range(4):
            counts = self.count[suit]
            positions = [p for p in range(2, 14) if counts[p]]
            if counts[1]:
                positions = ([] if high_only else [1]) + positions + [14]
            for i, lo in enumerate(positions):
                for hi in positions[i:]:
                    span = hi - lo + 1
                    if lo == 1 and hi == 14 and counts[1] < 2:
                        continue
                    size = max(span, length)
                    ends = (lo,) if lo == hi else (lo, hi)
                    interior = [p for p in positions if lo < p < hi]
                    # wilds: the gaps between naturals plus the padding up to the length
                    fewest_naturals = max(self.min_naturals, size - wild_room) - len(ends)
                    if fewest_naturals > len(interior):
                        continue
                    lows = range(max(self.first_low, hi - size + 1), min(lo, 15 - size) + 1)
                    if not lows:
                        continue
                    if self.ruleset.same_suit_runs is not SameSuitRuns.NO_CONTIGUOUS:
                        lows = lows[:1]  # where the padding goes matters only to the no-joining rule
                    # A natural inside the span may be left out: kept for a set, or to take the same place
                    # in another run whose wild allowance needs it there (one wild per meld:
                    # 7H JK 9H 10H + 8H 9H 10H JK). With runs only and no limit on wilds, the run takes
                    # every natural in its span: one left out would stay in hand or take the same place in
                    # another run, whose wild could swap with it, and a wild that could not be laid anywhere
                    # is swapped in afterwards (_swap_in_wilds).
                    most_left_out = len(interior) if (self.sets or self.wild_limited) else 0
                    for count in range(len(interior), max(0, fewest_naturals, len(interior) - most_left_out) - 1, -1):
                        self._spend(math.comb(len(interior), count) * len(lows))
                        for middle in itertools.combinations(interior, count):
                            places = ends + middle
                            if cover and not self._covers(places, cover[1]):
                                continue
                            for low in lows:
                                if not self._joins(suit, low, low + size - 1, chosen):
                                    candidates.append(self._make_run(suit, low, size, places))
        return candidates

    @staticmethod
    def _covers(places: Sequence[int], rank: int) -> bool:
        return any(_rank_at(p) == rank for p in places)

    def _make_run(self, suit: int, low: int, length: int, places: Sequence[int]) -> _Run:
        bits = 0
        natural_value = 0
        for p in places:
            bits |= 1 << p
            natural_value += self.rank_value[_rank_at(p)]
        return _Run(suit, low, length, bits, length - len(places), natural_value)

    def _swap_in_wilds(self, runs: list[_Run], melded_wilds: int) -> tuple[int, list[_Run], int]:
        """Wilds still in hand take the place of the cheapest melded naturals worth less than them.

        Returns how many were swapped, the runs, and the natural value taken
        out. The cheapest naturals are paired with the best wilds left, each
        run keeping its natural minimum and wild allowance, which is the best
        any swapping can do.
        """
        places: list[tuple[int, int, int]] = []
        for index, run in enumerate(runs):
            room = self.max_wilds - run.wilds
            naturals = [p for p in range(run.low, run.low + run.length) if run.naturals >> p & 1]
            room = min(room, len(naturals) - self.min_naturals)
            naturals.sort(key=lambda p: self.rank_value[_rank_at(p)])
            places.extend((self.rank_value[_rank_at(p)], index, p) for p in naturals[: max(0, room)])
        places.sort()
        swapped, lost = 0, 0
        runs = list(runs)
        for natural_value, index, position in places:
            spare = melded_wilds + swapped
            if spare >= len(self.wild_cards):
                break
            if self.wild_prefix[spare + 1] - self.wild_prefix[spare] <= natural_value:
                break
            run = runs[index]
            runs[index] = _Run(run.suit, run.low, run.length, run.naturals & ~(1 << position), run.wilds + 1, run.value - natural_value)
            swapped += 1
            lost += natural_value
        return swapped, runs, lost

    def _lay_on_wilds(self, runs: list[_Run], spare: int) -> tuple[int, list[_Run]]:
        """Lengthen runs with up to ``spare`` wilds at their ends: how many fit, and the runs so lengthened.

        Only where lengths are minimums. Each run grows within the aces'
        bounds and its wild allowance, without joining another run of its suit.
        """
        if spare <= 0 or not runs:
            return 0, runs
        options: list[list[tuple[int, int]]] = []
        for run in runs:
            room = min(self.max_wilds - run.wilds, spare)
            below = run.low - self.first_low
            above = 14 - (run.low + run.length - 1)
            options.append(
                [(a, b) for a in range(min(below, room) + 1) for b in range(min(above, room - a) + 1)]
            )
        if self.ruleset.same_suit_runs is not SameSuitRuns.NO_CONTIGUOUS:
            placed, grown = 0, []
            for run, choices in zip(runs, options, strict=True):
                a, b = max(choices, key=lambda ab: min(ab[0] + ab[1], spare - placed))
                take_a = min(a, spare - placed)
                take_b = min(b, spare - placed - take_a)
                placed += take_a + take_b
                grown.append(_Run(run.suit, run.low - take_a, run.length + take_a + take_b, run.naturals, run.wilds + take_a + take_b, run.value))
            return placed, grown
        best: tuple[int, list[_Run]] = (0, runs)

        def place(index: int, used: int, grown: list[_Run]) -> None:
            nonlocal best
            self._spend(1)
            if used > best[0]:
                best = (used, list(grown) + runs[index:])
            if index == len(runs) or best[0] == spare:
                return
            run = runs[index]
            for a, b in sorted(options[index], key=lambda ab: -(ab[0] + ab[1])):
                if used + a + b > spare:
                    continue
                low, length = run.low - a, run.length + a + b
                if self._joins(run.suit, low, low + length - 1, grown):
                    continue
                grown.append(_Run(run.suit, low, length, run.naturals, run.wilds + a + b, run.value))
                place(index + 1, used + a + b, grown)
                grown.pop()
                if best[0] == spare:
                    return

        place(0, 0, [])
        return best

    # -- sets -----------------------------------------------------------------

    def _finish(self, value: int, wilds_used: int, chosen: list[_Run]) -> None:
        wilds_left = len(self.wild_cards) - wilds_used
        if not self.sets:
            self._finish_with_sets(value, wilds_used, chosen, 0, [])
            return
        if self.ruleset.dup_suits:
            key: tuple[object, ...] = (wilds_left, *self.rank_total)
        else:
            key = (wilds_left, *self.count[0], *self.count[1], *self.count[2], *self.count[3])
        answers = self.set_cache.get(key)
        if answers is None:
            # the sets' bound (which counts wilds laid on runs) may show no sets can beat the best so far
            if value + self._bound(len(self.runs), wilds_used) + self.wild_prefix[wilds_used] <= self.best_value:
                return
            answers = self.set_cache[key] = self._solve_sets(wilds_left)
        # The best sets for each number of wilds they use: sets with fewer wilds may leave one to lay on a run.
        most_wilds = self.wild_prefix[-1]
        for set_value, set_choices in answers:
            # the most this can come to: every wild left laid on a run (none where lengths are exact)
            ceiling = value + self.wild_prefix[wilds_used] + set_value
            if not self.exact:
                ceiling += most_wilds - self.wild_prefix[wilds_used + sum(w for _, _, w in set_choices)]
            if ceiling > self.best_value:
                self._finish_with_sets(value, wilds_used, chosen, set_value, set_choices)

    def _finish_with_sets(
        self, value: int, wilds_used: int, chosen: list[_Run], set_value: int, set_choices: list[tuple[int, int, int]]
    ) -> None:
        wilds_left = len(self.wild_cards) - wilds_used
        set_wilds = sum(w for _, _, w in set_choices)
        runs = list(chosen)
        laid_on = 0
        if not self.exact:
            laid_on, runs = self._lay_on_wilds(runs, wilds_left - set_wilds)
        melded_wilds = wilds_used + set_wilds + laid_on
        if not self.exact and not self.meld_all and not self.sets and melded_wilds < len(self.wild_cards):
            swapped, runs, lost = self._swap_in_wilds(runs, melded_wilds)
            melded_wilds += swapped
            value -= lost
        if self.meld_all:
            leftover = sum(self.rank_total) - sum(k for _, k, _ in set_choices)
            if leftover or melded_wilds < len(self.wild_cards):
                return
        # set_value counts the sets' wilds after the runs'; the laid-on wilds come last
        total = value + self.wild_prefix[wilds_used] + set_value
        total += self.wild_prefix[melded_wilds] - self.wild_prefix[wilds_used + set_wilds]
        if total > self.best_value:
            self.best_value = total
            self.best = (runs, list(set_choices))

    def _solve_sets(self, wilds_left: int) -> list[tuple[int, list[tuple[int, int, int]]]]:
        """The best sets from what the runs left, for each number of wilds they may use.

        Each answer is a value and ``(rank, naturals, wilds)`` per set
        requirement; there is none when the sets can't be made.

        Dynamic programming over ranks; the state is which set requirements
        are still open and how many wilds the sets have used. The value
        counts naturals at their points and the sets' wilds as the next best
        wild cards after those the runs took.
        """
        requirements = self.sets
        if not requirements:
            return [(0, [])]
        n = len(requirements)
        full = (1 << n) - 1
        # states: (open-mask, wilds used, wilds held where no more may go) -> (natural value, choices); the
        # last counts only where sets are topped up afterwards (_top_up), and is 0 otherwise
        states: dict[tuple[int, int, int], tuple[int, tuple[tuple[int, int, int, int], ...]]] = {(full, 0, 0): (0, ())}
        available_by_rank = [0] * 14
        suits_by_rank: list[tuple[int, ...]] = [() for _ in range(14)]
        for r in range(1, 14):
            available_by_rank[r] = self.rank_total[r]
            suits_by_rank[r] = tuple(sorted((self.count[s][r] for s in range(4)), reverse=True))
        ranks = [r for r in range(1, 14) if available_by_rank[r] >= max(1, self.min_naturals)]
        if self.min_naturals == 0:
            ranks.append(0)  # an all-wild set of no stated rank
        for r in ranks:
            new_states = dict(states)
            for (mask, used, held), (nat_value, choices) in states.items():
                allocations = self._allocations(mask, r, available_by_rank[r], suits_by_rank[r], wilds_left - used)
                self._spend(1 + len(allocations))
                for sub, allocation in allocations:
                    extra_wilds = sum(w for _, _, w in allocation)
                    if self.loose_sets:
                        held += sum(w for i, _, w in allocation if i not in self.loose_sets)
                    gained = sum(k for _, k, _ in allocation) * (self.rank_value[r] if r else 0)
                    state = (mask & ~sub, used + extra_wilds, held)
                    candidate = (nat_value + gained, choices + tuple((i, r, k, w) for i, k, w in allocation))
                    if state not in new_states or candidate[0] > new_states[state][0]:
                        new_states[state] = candidate
            states = new_states
        if self.loose_sets:
            done = self._top_up(states, wilds_left)
        else:
            done = {used: found for (mask, used, _), found in states.items() if not mask}
        offset = len(self.wild_cards) - wilds_left  # the runs melded the best wilds already
        answers = []
        for used, (nat_value, choices) in sorted(done.items()):
            total = nat_value + self.wild_prefix[offset + used] - self.wild_prefix[offset]
            answers.append((total, [(r, k, w) for _, r, k, w in sorted(choices)]))
        return answers

    def _top_up(
        self, states: dict[tuple[int, int, int], tuple[int, tuple[tuple[int, int, int, int], ...]]], wilds_left: int
    ) -> dict[int, tuple[int, tuple[tuple[int, int, int, int], ...]]]:
        """Sets made with the fewest wilds each, then given the extra wilds a set of minimum length may hold.

        A wild more in a set changes nothing but how many wilds are melded, so
        the search gives each set only the wilds its length needs, and here
        every complete answer is topped up to each larger number of wilds,
        within the wild allowance: the room left is the same for every answer
        of a state, whose wilds held in pairs (which take no more) are part
        of it. Returns the best answer for each number of wilds.
        """
        topped: dict[int, tuple[int, tuple[tuple[int, int, int, int], ...]]] = {}
        for (mask, used, _), (nat_value, choices) in states.items():
            if mask:
                continue
            room = {i: self.max_wilds - w for i, _, _, w in choices if i in self.loose_sets}
            self._spend(1)
            for more in range(0, min(wilds_left - used, sum(room.values())) + 1):
                state = used + more
                if state in topped and topped[state][0] >= nat_value:
                    continue
                given, extra = [], more
                for i, r, k, w in choices:
                    add = min(extra, room.get(i, 0))
                    extra -= add
                    given.append((i, r, k, w + add))
                topped[state] = (nat_value, tuple(given))
        return topped

    def _allocations(
        self, mask: int, rank: int, available: int, suit_counts: tuple[int, ...], wilds_left: int
    ) -> list[tuple[int, list[tuple[int, int, int]]]]:
        """The ways of :meth:`_new_allocations`, worked out once per search for each shape of the question."""
        key = (mask, rank == 0, available, suit_counts, wilds_left)
        found = self.allocation_cache.get(key)
        if found is None:
            found = self.allocation_cache[key] = self._new_allocations(mask, rank, available, suit_counts, wilds_left)
        return found

    def _new_allocations(
        self, mask: int, rank: int, available: int, suit_counts: tuple[int, ...], wilds_left: int
    ) -> list[tuple[int, list[tuple[int, int, int]]]]:
        """Ways to meld some open set requirements in ``rank``: ``(requirements taken, [(index, naturals, wilds)])``.

        Identical requirements are interchangeable, so of each kind the open
        ones with the lowest indexes are taken first: the open requirements of
        a kind are then always its last ones, and the search meets each state once.
        """
        open_by_kind = [[i for i in indexes if mask >> i & 1] for indexes in self.set_kinds]
        most = sum(len(indexes) for indexes in open_by_kind) if (self.ruleset.repeat_rank or rank == 0) else 1
        results = []
        self._spend(math.prod(len(indexes) + 1 for indexes in open_by_kind))
        for takes in itertools.product(*(range(len(indexes) + 1) for indexes in open_by_kind)):
            size = sum(takes)
            if not 1 <= size <= most:
                continue
            group = tuple(i for indexes, take in zip(open_by_kind, takes, strict=True) for i in indexes[:take])
            sub = 0
            for i in group:
                sub |= 1 << i
            for allocation in self._split(group, rank, available, suit_counts, wilds_left):
                results.append((sub, allocation))
        return results

    def _split(
        self, group: tuple[int, ...], rank: int, available: int, suit_counts: tuple[int, ...], wilds_left: int
    ) -> list[list[tuple[int, int, int]]]:
        """Naturals and wilds for each requirement in ``group``, all of one rank."""
        options_per: list[list[tuple[int, int]]] = []
        for i in group:
            requirement = self.sets[i]
            exact = self.exact or requirement.kind is MeldKind.PAIR
            options = []
            top_naturals = 0 if rank == 0 else (requirement.length if exact else available)
            for k in range(max(self.min_naturals, 0 if rank == 0 else 1), min(top_naturals, available) + 1):
                wild_range: Sequence[int]
                if exact:
                    wild_range = [requirement.length - k]
                elif self.loose_sets:
                    wild_range = [max(0, requirement.length - k)]  # more are given afterwards (_top_up)
                else:
                    wild_range = range(max(0, requirement.length - k), min(self.max_wilds, wilds_left) + 1)
                for w in wild_range:
                    if w <= self.max_wilds and w <= wilds_left and k + w >= requirement.length:
                        options.append((k, w))
            if not options:
                return []
            options_per.append(options)
        # identical requirements side by side in the group: one order of their (naturals, wilds) is enough
        same_as_before = [j > 0 and self.sets[group[j]] == self.sets[group[j - 1]] for j in range(len(group))]
        splits = []
        self._spend(math.prod(len(options) for options in options_per))
        for combo in itertools.product(*options_per):
            if any(same and combo[j] > combo[j - 1] for j, same in enumerate(same_as_before)):
                continue
            naturals = sum(k for k, _ in combo)
            wilds = sum(w for _, w in combo)
            if naturals > available or wilds > wilds_left:
                continue
            if not self.ruleset.dup_suits and rank and not _distinct_suits_fit([k for k, _ in combo], suit_counts):
                continue
            splits.append([(i, k, w) for i, (k, w) in zip(group, combo, strict=True)])
        return splits

    # -- the answer -------------------------------------------------------------

    def _build(self, runs: list[_Run], sets: list[tuple[int, int, int]]) -> Solution:
        """Turn the chosen runs and sets into cards."""
        pool: Counter[Card] = Counter(c for c in self.hand if not self.ruleset.is_wild(c))
        wilds = list(self.wild_cards)  # best first: melded wilds are the ones with the most points
        melds_by_requirement: list[tuple[Card, ...]] = []
        for run in runs:
            suit = _SUITS[run.suit]
            cards = []
            for position in range(run.low, run.low + run.length):
                if run.naturals >> position & 1:
                    card = Card(Rank(_rank_at(position)), suit)
                    pool[card] -= 1
                    cards.append(card)
                else:
                    cards.append(wilds.pop(0))
            melds_by_requirement.append(tuple(cards))
        for rank, naturals, wild_count in sets:
            cards = _take_naturals(pool, rank, naturals, distinct_suits=not self.ruleset.dup_suits)
            cards += [wilds.pop(0) for _ in range(wild_count)]
            melds_by_requirement.append(tuple(cards))
        remaining = tuple(sorted(pool.elements())) + tuple(wilds)
        melds = _in_contract_order(self.requirements, self.order, melds_by_requirement)
        return Solution(melds=melds, remaining=remaining, points=sum(self.ruleset.card_points(c) for c in remaining))


def _take_naturals(pool: Counter[Card], rank: int, count: int, *, distinct_suits: bool) -> list[Card]:
    """Take ``count`` naturals of ``rank`` from the pool, from the largest piles first."""
    taken: list[Card] = []
    while len(taken) < count:
        piles = sorted(
            (card for card in pool if card.rank == rank and pool[card] > 0 and not (distinct_suits and card in taken)),
            key=lambda card: (-pool[card], card),
        )
        card = piles[0]  # the search only chose sets the piles can fill
        pool[card] -= 1
        taken.append(card)
    return taken


def _in_contract_order(
    requirements: Sequence[Requirement], searched: list[Requirement], melds: list[tuple[Card, ...]]
) -> tuple[tuple[Card, ...], ...]:
    """The melds listed in the order the contract lists its requirements."""
    pending = list(zip(searched, melds, strict=True))
    ordered = []
    for requirement in requirements:
        index = next(i for i, (searched_requirement, _) in enumerate(pending) if searched_requirement == requirement)
        ordered.append(pending.pop(index)[1])
    return tuple(ordered)


def _distinct_suits_fit(sizes: list[int], suit_counts: tuple[int, ...]) -> bool:
    """Whether sets of these sizes can each take distinct suits from these piles (Gale–Ryser)."""
    sizes = sorted(sizes, reverse=True)
    for j in range(1, len(sizes) + 1):
        if sum(sizes[:j]) > sum(min(c, j) for c in suit_counts):
            return False
    return True
