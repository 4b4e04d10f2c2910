"""The solver's search for the standard-deck rules of the wider family (RULES.md §8.0): Carioca and Kalooki.

:func:`.solver.solve` sends a deal here when it has one of their rules: aces round the corner, red twos read
either way, a limit on the wilds of a whole go-down, naturals counted by kind, wilds never side by side in a
run, a deal's own wild limit, alternative contracts, a ladder. Anything else this search does not know is
refused by :func:`unsolved_family_rules` rather than answered wrongly.

How it searches, exactly:

- A deal that melds every card with one requirement (a ladder) has one go-down only, the whole hand as that
  meld; the checker's verdict on it is the answer.
- Red twos: each way of reading some of them as wild (the most that could be melded as wilds at all) is
  searched on its own; the best wins. So is each contract of a deal with alternatives.
- Runs keep to their suit, so the runs of each suit are found apart from the others' by a dynamic programme
  over the places of that suit's line (A..K..A, or round the corner cut where no run crosses), whose state is
  each open run's length, wilds, naturals and whether its last place is a wild; the answer per suit is the
  best natural points for each number of runs, of wilds, and of cards taken from ranks a set could use.
- The suits are combined by number of runs and wilds; then the sets take what the runs left, by a dynamic
  programme over the ranks that can hold a set (each set its own rank). Where lengths are minimums a set takes
  every natural left of its rank, and the wilds no meld needs go onto the sets (within their limits).
- Wilds are interchangeable: melding ``j`` of them melds the ``j`` with the most points.

Every state visited is counted against the solver's budget of steps.

>>> from .carioca import CARIOCA
>>> from .cards import format_cards, parse_cards
>>> hand = parse_cards("7S 7H 7D JK KC AC 2C 5H 9D QS 10S 4D 8H")
>>> melds, remaining = search_family(CARIOCA, CARIOCA.deal(2), hand, None, spend=lambda steps: None)
>>> [sorted(format_cards(meld).split()) for meld in melds], format_cards(remaining)
([['7D', '7H', '7S'], ['2C', 'AC', 'JK', 'KC']], '4D 5H 8H 9D 10S QS')
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from .cards import Card, Rank, Suit
from .godown import check_go_down
from .rulesets import AceRule, Deal, MeldKind, PointTable, Requirement, Ruleset, SameSuitRuns
from .speech import say

__all__ = ["FamilySearch", "family_rules", "search_family", "unsolved_family_rules"]

_SUITS = tuple(Suit)

#: One run's place in its line as the answer records it: the natural rank there, or 0 for a wild.
RunCards = tuple[int, ...]


class RunState(NamedTuple):
    """An open run while its suit's line is searched."""

    length: int
    """Places so far (where lengths are minimums, capped at the requirement's: "long enough")."""
    wilds: int
    """Wilds so far (tracked only where a meld's wilds are limited)."""
    naturals: int
    """Naturals so far, capped at the fewest a run needs."""
    last_wild: bool
    """Whether its last place is a wild (tracked only where wilds may not stand side by side)."""


#: A suit's state: the open runs (sorted), runs finished, wilds used, naturals taken from each rank a set could
#: use, aces taken at the low end (so the high end knows what is left).
SuitKey = tuple[tuple[RunState, ...], int, int, tuple[int, ...], int]
#: A suit's entry: natural points melded, the open runs' cards (in the order of the key's runs), the runs done.
SuitEntry = tuple[int, tuple[RunCards, ...], tuple[RunCards, ...]]
#: A state of the sets' search: the sets still open (bits), the wilds they hold, the wilds they could still take.
SetKey = tuple[int, int, int]
#: Its best way there: the natural points melded and ``(set, rank, naturals, wilds)`` for each set made.
SetEntry = tuple[int, tuple[tuple[int, int, int, int], ...]]
#: What a suit's runs come to: (runs, wilds, naturals taken from each set rank) -> (points, the runs' cards).
SuitTable = dict[tuple[int, int, tuple[int, ...]], tuple[int, tuple[RunCards, ...]]]


def family_rules(ruleset: Ruleset, deal: Deal) -> bool:
    """Whether a deal has a rule of Carioca's or Kalooki's (RULES.md §8.0) that the first search does not know."""
    return (
        ruleset.aces is AceRule.AROUND
        or ruleset.red_twos_wild
        or ruleset.max_wilds_per_contract is not None
        or ruleset.set_naturals != ruleset.min_naturals
        or ruleset.run_naturals != ruleset.min_naturals
        or not ruleset.run_wilds_adjacent
        or deal.own_max_wilds
        or bool(deal.alternatives)
        or deal.ladder is not None
    )


def unsolved_family_rules(ruleset: Ruleset, deal: Deal) -> list[str]:
    """The rules of such a deal this search does not know yet, in words (none: it solves the deal)."""
    if _whole_hand(deal):
        return []  # the whole hand is the one meld: the checker judges it
    rules: list[str] = []
    for contract in deal.contracts:
        rules += _unsolved_contract(ruleset, deal, contract)
    return list(dict.fromkeys(rules))


def _unsolved_contract(ruleset: Ruleset, deal: Deal, contract: Sequence[Requirement]) -> list[str]:
    """What this search does not know in one contract of a deal."""
    kinds = [r.kind for r in contract]
    others = [_other_kind_words(kind) for kind in dict.fromkeys(kinds) if kind not in (MeldKind.SET, MeldKind.RUN)]
    return _unsolved_melds(ruleset, deal, contract) + _unsolved_runs(ruleset, deal, contract) + others


def _unsolved_melds(ruleset: Ruleset, deal: Deal, contract: Sequence[Requirement]) -> list[str]:
    """What this search does not know of a contract's melds together, or of its sets."""
    sets = sum(r.kind is MeldKind.SET for r in contract)
    rules = (
        (deal.meld_all, say("melding every card in several melds alongside Carioca's and Kalooki's rules")),
        (sets > 1 and ruleset.repeat_rank, say("two sets of one rank alongside Carioca's and Kalooki's rules")),
        (sets > 0 and not ruleset.dup_suits, say("sets of different suits alongside Carioca's and Kalooki's rules")),
        (min(ruleset.set_naturals, ruleset.run_naturals) < 1,
         say("melds of wilds only alongside Carioca's and Kalooki's rules")),
    )  # fmt: skip
    return [words for applies, words in rules if applies]


def _unsolved_runs(ruleset: Ruleset, deal: Deal, contract: Sequence[Requirement]) -> list[str]:
    """What this search does not know of a contract's runs."""
    runs = [r for r in contract if r.kind is MeldKind.RUN]
    around = ruleset.aces is AceRule.AROUND
    rules = (
        (len({r.length for r in runs}) > 1,
         say("runs of different lengths in one contract alongside Carioca's and Kalooki's rules")),
        (len(runs) > 1 and ruleset.same_suit_runs is SameSuitRuns.NO_CONTIGUOUS,
         say("runs of one suit that may not join alongside Carioca's and Kalooki's rules")),
        (around and not ruleset.is_exact(deal), say("runs round the corner of any length alongside Carioca's and Kalooki's rules")),
        (around and sum(r.length - 1 for r in runs) >= 13,
         say("runs round the corner that cover the circle alongside Carioca's and Kalooki's rules")),
    )  # fmt: skip
    return [words for applies, words in rules if applies]


def _other_kind_words(kind: MeldKind) -> str:
    """Melds of a kind this search does not know (a pair, a colour group, a ladder beside other melds), in words."""
    if kind is MeldKind.PAIR:
        return say("pair melds alongside Carioca's and Kalooki's rules")
    if kind is MeldKind.COLOUR:
        return say("colour melds alongside Carioca's and Kalooki's rules")
    return say("ladder melds alongside Carioca's and Kalooki's rules")


#: A go-down found: the melds (in the contract's order) and what stays in hand.
Found = tuple[list[tuple[Card, ...]], tuple[Card, ...]]


def search_family(ruleset: Ruleset, deal: Deal, hand: Sequence[Card], players: int | None, *, spend: Callable[[int], None]) -> Found | None:
    """The go-down leaving the fewest points, as melds (in the contract's order) and what stays in hand, from
    every contract of the deal and every reading of its red twos; ``None``: there is none."""
    if _whole_hand(deal):
        spend(len(hand))
        legal = check_go_down(ruleset, deal.number, [hand], [], players).legal
        return ([tuple(hand)], ()) if legal else None
    best: tuple[int, Found] | None = None
    tables: dict[tuple[object, ...], SuitTable] = {}
    for naturals, wilds in _readings(ruleset, hand):
        for contract in deal.contracts:
            found = FamilySearch(ruleset, deal, contract, naturals, wilds, spend=spend, tables=tables).run()
            if found is None:
                continue
            points = sum(ruleset.card_points(card) for card in found[1])
            if best is None or points < best[0]:
                best = (points, found)
    return None if best is None else best[1]


def _whole_hand(deal: Deal) -> bool:
    """Whether the deal's one go-down is the whole hand as its one meld (a ladder: every card, one meld)."""
    return deal.meld_all and len(deal.requirements) == 1 and not deal.alternatives


def _readings(ruleset: Ruleset, hand: Sequence[Card]) -> Iterator[tuple[list[Card], list[Card]]]:
    """The hand as naturals and wilds, each red two read as itself or as wild (the fewest wild first). Red twos
    read as wild beyond the wilds a go-down may meld at all change nothing, so they are not tried."""
    wild = [card for card in hand if ruleset.is_wild(card)]
    twos = sorted(card for card in hand if ruleset.may_be_wild(card))
    others = [card for card in hand if not ruleset.is_wild(card) and not ruleset.may_be_wild(card)]
    cap = ruleset.max_wilds_per_contract
    most = len(twos) if cap is None else max(0, min(len(twos), cap - len(wild)))
    for as_wild in _choices(twos, most):
        rest = list((Counter(twos) - Counter(as_wild)).elements())
        yield others + rest, wild + list(as_wild)


def _choices(cards: list[Card], most: int) -> Iterator[tuple[Card, ...]]:
    """Each choice of up to ``most`` of ``cards``, fewest first; copies of one card are one choice, not two."""
    seen: set[tuple[Card, ...]] = set()
    for count in range(most + 1):
        for chosen in itertools.combinations(cards, count):
            if chosen not in seen:
                seen.add(chosen)
                yield chosen


class _Line(NamedTuple):
    """The places of a suit's line, in order: each place's rank, and which places are the ace low and high."""

    ranks: tuple[int, ...]
    low_ace: int | None
    """The index of the ace below the 2 where the ace also stands above the king (``low_or_high``)."""
    high_ace: int | None


class FamilySearch:
    """One search of one contract: the hand's naturals by rank and suit, its wilds, and the contract's melds."""

    def __init__(
        self,
        ruleset: Ruleset,
        deal: Deal,
        requirements: Sequence[Requirement],
        naturals: Sequence[Card],
        wilds: Sequence[Card],
        *,
        spend: Callable[[int], None],
        tables: dict[tuple[object, ...], SuitTable] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.tables = {} if tables is None else tables
        """Each suit's runs already found, shared by the searches of one hand (its red twos read each way): a
        suit's runs depend only on its cards, the wilds the go-down may meld and the ranks a set could use."""
        self.spend = spend
        """Counts steps of search against the solver's budget (raises past it)."""
        self.requirements = tuple(requirements)
        self.exact = ruleset.is_exact(deal)
        self.meld_limit = ruleset.max_wilds_in(deal)
        """Wilds one meld may hold going down (``None``: any)."""
        self.wilds = wilds = sorted(wilds, key=ruleset.card_points, reverse=True)
        self.wild_prefix = list(itertools.accumulate((ruleset.card_points(c) for c in wilds), initial=0))
        self.wild_cap = min(len(wilds), _or_more(ruleset.max_wilds_per_contract, len(wilds)))
        """The most wilds the go-down may meld: those in hand, within the go-down's limit."""
        self.count = Counter((int(card.natural_rank), card.natural_suit) for card in naturals)
        self.run_indexes = _indexes(requirements, MeldKind.RUN)
        self.set_indexes = _indexes(requirements, MeldKind.SET)
        self.run_length = max((requirements[i].length for i in self.run_indexes), default=0)
        self.set_lengths = [requirements[i].length for i in self.set_indexes]
        self.runs_per_suit = min(len(self.run_indexes), 1 if ruleset.same_suit_runs is SameSuitRuns.ONE_PER_SUIT else 4 * 13)
        self.apart = not ruleset.run_wilds_adjacent
        self.values = _natural_points(ruleset.points)
        """Each natural card's points."""
        self.option_cache: dict[RunState, list[str]] = {}
        self.grown_cache: dict[tuple[RunState, bool], RunState] = {}
        self.set_ranks = self._set_ranks()
        """The ranks that could hold a set: the runs' use of these is part of each suit's answer."""
        self.slot_of, self.slots = self._slots()
        self.set_cache: dict[tuple[tuple[int, ...], int], list[tuple[int, int, int, tuple[tuple[int, int, int, int], ...]]]] = {}

    def _slots(self) -> tuple[list[list[int]], list[tuple[int, tuple[Suit, ...]]]]:
        """Where each suit's use of each set rank is counted when the suits are combined: one count for a rank
        whose cards score alike in every suit (which suit a run took it from changes nothing for the sets), one
        per suit where they do not (Kalooki's aces, red 1 and black 15). Returns each suit's slot for each set
        rank, and each slot's rank and suits."""
        slot_of: list[list[int]] = [[] for _ in _SUITS]
        slots: list[tuple[int, tuple[Suit, ...]]] = []
        for rank in self.set_ranks:
            alike = len({self.values[rank, suit] for suit in _SUITS}) == 1
            groups = [_SUITS] if alike else [(suit,) for suit in _SUITS]
            for group in groups:
                for suit in group:
                    slot_of[_SUITS.index(suit)].append(len(slots))
                slots.append((rank, group))
        return slot_of, slots

    def _set_ranks(self) -> list[int]:
        """Ranks with enough naturals for the shortest set: its naturals, and its length less the wilds it may hold."""
        if not self.set_indexes:
            return []
        most_wilds = self.wild_cap if self.meld_limit is None else min(self.wild_cap, self.meld_limit)
        fewest = max(self.ruleset.set_naturals, min(self.set_lengths) - most_wilds)
        totals = Counter[int]()
        for (rank, _), copies in self.count.items():
            totals[rank] += copies
        return sorted(rank for rank, total in totals.items() if total >= fewest)

    # -- the search -------------------------------------------------------------

    def run(self) -> Found | None:
        """The melds (in the contract's order) and what stays in hand, leaving the fewest points; ``None``: no go-down."""
        if sum(self.count.values()) + len(self.wilds) < sum(r.length for r in self.requirements):
            return None
        combined = self._combined_runs()
        best: tuple[int, tuple[tuple[Suit, RunCards], ...], tuple[tuple[tuple[int, int, int, int], ...], int]] | None = None
        for (runs, wilds, usage), (value, suit_runs) in combined.items():
            if runs != len(self.run_indexes):
                continue
            for set_wilds, room, set_value, sets in self._sets(usage, self.wild_cap - wilds):
                melded = wilds + set_wilds + min(room, self.wild_cap - wilds - set_wilds)
                total = value + set_value + self.wild_prefix[melded]
                if best is None or total > best[0]:
                    best = (total, suit_runs, (sets, melded - wilds - set_wilds))
        if best is None:
            return None
        return self._build(best[1], *best[2])

    def _combined_runs(self) -> dict[tuple[int, int, tuple[int, ...]], tuple[int, tuple[tuple[Suit, RunCards], ...]]]:
        """Every suit's runs together: (runs, wilds, naturals taken from each set rank by suit) -> best points."""
        combined: dict[tuple[int, int, tuple[int, ...]], tuple[int, tuple[tuple[Suit, RunCards], ...]]] = {(0, 0, (0,) * len(self.slots)): (0, ())}
        if not self.run_indexes:
            return combined
        for place, suit in enumerate(_SUITS):
            table = self._suit_table(suit)
            grown: dict[tuple[int, int, tuple[int, ...]], tuple[int, tuple[tuple[Suit, RunCards], ...]]] = {}
            self.spend(len(combined) * len(table))
            for (runs, wilds, usage), (value, cards) in combined.items():
                for (more, more_wilds, taken), (points, suit_cards) in table.items():
                    if runs + more > len(self.run_indexes) or wilds + more_wilds > self.wild_cap:
                        continue
                    key = (runs + more, wilds + more_wilds, self._spread(usage, place, taken))
                    if key not in grown or value + points > grown[key][0]:
                        grown[key] = (value + points, cards + tuple((suit, run) for run in suit_cards))
            combined = grown
        return combined

    def _spread(self, usage: tuple[int, ...], place: int, taken: tuple[int, ...]) -> tuple[int, ...]:
        """The set ranks' counts used so far, with one more suit's (``taken``, by set rank) added to its slots."""
        if not any(taken):
            return usage
        spread = list(usage)
        for slot, more in zip(self.slot_of[place], taken, strict=True):
            spread[slot] += more
        return tuple(spread)

    # -- one suit's runs --------------------------------------------------------

    def _lines(self, suit: Suit) -> list[_Line]:
        """The lines a suit's runs are searched along: A..K..A (or as the ace rule has it), or round the corner
        cut at one place no run crosses (where no such place is sure, every cut)."""
        aces = self.ruleset.aces
        if aces is AceRule.LOW_OR_HIGH:
            return [_Line(tuple(range(1, 14)) + (1,), 0, 13)]
        if aces is AceRule.HIGH_ONLY:
            return [_Line(tuple(range(2, 14)) + (1,), None, None)]
        if aces is AceRule.LOW_ONLY:
            return [_Line(tuple(range(1, self.ruleset.top_rank + 1)), None, None)]
        return [_Line(tuple((start + i - 1) % 13 + 1 for i in range(13)), None, None) for start in self._cuts(suit)]

    def _cuts(self, suit: Suit) -> list[int]:
        """Where a circle of ranks may be cut (the rank that starts the line). After two missing ranks side by
        side no run goes on where two wilds may not stand side by side, so that one cut is enough. Otherwise
        ``j`` runs of length ``L`` cover at most ``j * (L - 1)`` of the 13 gaps between ranks, so of that many
        cuts and one more, one is crossed by no run: each is searched."""
        side_by_side = not self.apart and (self.meld_limit is None or self.meld_limit > 1)
        if not side_by_side:
            for rank in range(1, 14):
                after = rank % 13 + 1
                if not self.count[rank, suit] and not self.count[after, suit]:
                    return [after]
        most_wilds = self.wild_cap if self.meld_limit is None else min(self.wild_cap, self.meld_limit)
        each = max(self.ruleset.run_naturals, self.run_length - most_wilds)
        naturals = sum(self.count[rank, suit] for rank in range(1, 14))
        runs = min(self.runs_per_suit, len(self.run_indexes), naturals // each)
        return list(range(1, 14))[: runs * (self.run_length - 1) + 1]

    def _suit_table(self, suit: Suit) -> SuitTable:
        """The best runs of one suit for each number of runs, of wilds, and of naturals taken from the set ranks."""
        cards = tuple(self.count[rank, suit] for rank in range(1, 14))
        key = (suit, cards, self.wild_cap, tuple(self.set_ranks), self.run_length, len(self.run_indexes))
        if key not in self.tables:
            self.tables[key] = self._new_suit_table(suit)
        return self.tables[key]

    def _new_suit_table(self, suit: Suit) -> SuitTable:
        table: SuitTable = {(0, 0, (0,) * len(self.set_ranks)): (0, ())}
        if not any(self.count[rank, suit] for rank in range(1, 14)):
            return table  # a run needs a natural card
        for line in self._lines(suit):
            self._search_line(suit, line, table)
        return table

    def _search_line(self, suit: Suit, line: _Line, table: SuitTable) -> None:
        """The dynamic programme along one line of a suit; its finished states go into ``table``."""
        start: SuitKey = ((), 0, 0, (0,) * len(self.set_ranks), 0)
        states: dict[SuitKey, SuitEntry] = {start: (0, (), ())}
        for index, rank in enumerate(line.ranks):
            states = self._advance(suit, line, index, rank, states)
        for (runs, done, wilds, usage, _), (value, _, finished) in states.items():
            if runs:
                continue  # the end closed every run that could be closed (below)
            key = (done, wilds, usage)
            if key not in table or value > table[key][0]:
                table[key] = (value, finished)

    def _advance(self, suit: Suit, line: _Line, index: int, rank: int, states: dict[SuitKey, SuitEntry]) -> dict[SuitKey, SuitEntry]:
        """The states after one place of the line, each by its best way there; after the last place, the open
        runs that are whole are closed and the rest dropped."""
        advanced: dict[SuitKey, SuitEntry] = {}
        last = index == len(line.ranks) - 1
        for key, entry in states.items():
            moves = list(self._moves(suit, line, index, rank, key, entry))
            self.spend(1 + len(moves))
            for new_key, new_entry in moves:
                if last:
                    closed = self._close_all(new_key, new_entry)
                    if closed is None:
                        continue
                    new_key, new_entry = closed
                if new_key not in advanced or new_entry[0] > advanced[new_key][0]:
                    advanced[new_key] = new_entry
        return advanced

    def _close_all(self, key: SuitKey, entry: SuitEntry) -> tuple[SuitKey, SuitEntry] | None:
        """At the end of the line every open run must be whole: the state with them finished, or ``None``."""
        runs, done, wilds, usage, aces = key
        if not all(self._whole(run) for run in runs):
            return None
        value, open_cards, finished = entry
        return ((), done + len(runs), wilds, usage, aces), (value, (), finished + open_cards)

    def _whole(self, run: RunState) -> bool:
        """Whether an open run may end here: long enough (exactly, where lengths are exact) with its naturals."""
        return run.length >= self.run_length and run.naturals >= self.ruleset.run_naturals

    def _available(self, suit: Suit, line: _Line, index: int, rank: int, aces_low: int) -> int:
        """Naturals of this place's card in hand; at the high ace, less those the low ace took."""
        copies = self.count[rank, suit]
        return copies - aces_low if index == line.high_ace else copies

    def _moves(self, suit: Suit, line: _Line, index: int, rank: int, key: SuitKey, entry: SuitEntry) -> Iterator[tuple[SuitKey, SuitEntry]]:
        """Every way this place can go: each open run ends before it, takes a natural or takes a wild, and new
        runs start (with a natural or a wild) while the contract has runs to make."""
        runs, done, wilds, usage, aces_low = key
        places_left = len(line.ranks) - index
        if any(run.length + places_left < self.run_length for run in runs):
            return  # a run that can no longer be long enough
        available = self._available(suit, line, index, rank, aces_low)
        options = [self._run_options(run) for run in runs]
        room = min(self.runs_per_suit, len(self.run_indexes)) - done - len(runs)
        if places_left < self.run_length:
            room = 0  # a run starting here could not be long enough
        for choice in itertools.product(*options):
            for starts in self._starts(room):
                actions = choice + starts
                naturals = actions.count("natural")
                more_wilds = actions.count("wild")
                if naturals > available or wilds + more_wilds > self.wild_cap:
                    continue
                new_runs = runs + (_NEW,) * len(starts)
                yield self._step(rank, index, line, key, entry, new_runs, actions, (naturals, more_wilds), suit)

    @staticmethod
    @functools.lru_cache(maxsize=64)  # room is at most a run's length: bounded all the same
    def _starts(room: int) -> list[tuple[str, ...]]:
        """The runs that may start at a place: none, or some with a natural and some with a wild first."""
        found: list[tuple[str, ...]] = [()]
        for count in range(1, max(0, room) + 1):
            found += [tuple(["natural"] * n + ["wild"] * (count - n)) for n in range(count + 1)]
        return found

    def _run_options(self, run: RunState) -> list[str]:
        """What an open run may do at the next place: end before it (if whole), take a natural, take a wild."""
        found = self.option_cache.get(run)
        if found is None:
            found = self.option_cache[run] = self._new_run_options(run)
        return found

    def _new_run_options(self, run: RunState) -> list[str]:
        options = ["end"] if self._whole(run) else []
        if self.exact and run.length >= self.run_length:
            return options  # exactly its length: it ends
        options.append("natural")
        if not (self.apart and run.last_wild) and (self.meld_limit is None or run.wilds < self.meld_limit):
            options.append("wild")
        return options

    def _step(self, rank: int, index: int, line: _Line, key: SuitKey, entry: SuitEntry, runs: tuple[RunState, ...], actions: tuple[str, ...], taken: tuple[int, int], suit: Suit) -> tuple[SuitKey, SuitEntry]:
        """The state and entry after one place's actions (the new runs' actions last), which take ``taken``
        (naturals, wilds)."""
        naturals, more_wilds = taken
        _, done, wilds, usage, aces_low = key
        value, open_cards, finished = entry
        open_cards = open_cards + tuple(() for _ in range(len(runs) - len(open_cards)))
        kept: list[tuple[RunState, RunCards]] = []
        for run, cards, action in zip(runs, open_cards, actions, strict=True):
            if action == "end":
                finished += (cards,)
                done += 1
                continue
            wild = action == "wild"
            kept.append((self._grown(run, wild), cards + ((0 if wild else rank),)))
        kept.sort()
        if rank in self.set_ranks and naturals:
            at = self.set_ranks.index(rank)
            usage = usage[:at] + (usage[at] + naturals,) + usage[at + 1 :]
        if index == line.low_ace:
            aces_low += naturals
        new_key: SuitKey = (tuple(run for run, _ in kept), done, wilds + more_wilds, usage, aces_low)
        return new_key, (value + naturals * self.values[rank, suit], tuple(cards for _, cards in kept), finished)

    def _grown(self, run: RunState, wild: bool) -> RunState:
        """A run one place longer, by a wild or a natural."""
        key = (run, wild)
        grown = self.grown_cache.get(key)
        if grown is None:
            grown = self.grown_cache[key] = RunState(
                length=min(self.run_length, run.length + 1) if not self.exact else run.length + 1,
                wilds=run.wilds + wild if self.meld_limit is not None else 0,
                naturals=min(self.ruleset.run_naturals, run.naturals + (not wild)),
                last_wild=wild and self.apart,
            )
        return grown

    # -- the sets ---------------------------------------------------------------

    def _left(self, usage: tuple[int, ...]) -> tuple[int, ...]:
        """The naturals left by the runs in each slot (:meth:`_slots`)."""
        return tuple(sum(self.count[rank, suit] for suit in suits) - used for (rank, suits), used in zip(self.slots, usage, strict=True))

    def _sets(self, usage: tuple[int, ...], wilds: int) -> list[tuple[int, int, int, tuple[tuple[int, int, int, int], ...]]]:
        """The best sets from what the runs left, for each number of wilds they use and of wilds they could still
        take: ``(wilds, room, points, ((set, rank, naturals, wilds), ...))``; none where they can't be made."""
        if not self.set_indexes:
            return [(0, 0, 0, ())]
        left = self._left(usage)
        key = (left, wilds)
        found = self.set_cache.get(key)
        if found is None:
            found = self.set_cache[key] = self._solve_sets(left, wilds)
        return found

    def _solve_sets(self, left: tuple[int, ...], wilds: int) -> list[tuple[int, int, int, tuple[tuple[int, int, int, int], ...]]]:
        """A dynamic programme over the set ranks: which open set (if any) takes each, with which naturals and
        wilds; the state is the sets still open, the wilds they hold and the wilds they could still take."""
        states: dict[SetKey, SetEntry] = {((1 << len(self.set_indexes)) - 1, 0, 0): (0, ())}
        for rank in self.set_ranks:
            values = self._left_values(rank, left)
            grown = dict(states)
            for key, entry in states.items():
                self.spend(1)
                for new_key, candidate in self._set_moves(key, entry, rank, values, wilds):
                    if new_key not in grown or candidate[0] > grown[new_key][0]:
                        grown[new_key] = candidate
            states = grown
        return [(used, room, value, chosen) for (open_sets, used, room), (value, chosen) in states.items() if not open_sets]

    def _left_values(self, rank: int, left: tuple[int, ...]) -> list[int]:
        """The points of the naturals of ``rank`` the runs left (slot by slot), best first."""
        values = []
        for (slot_rank, suits), copies in zip(self.slots, left, strict=True):
            if slot_rank == rank:
                values += [self.values[rank, suits[0]]] * copies
        return sorted(values, reverse=True)

    def _set_moves(self, key: SetKey, entry: SetEntry, rank: int, values: list[int], wilds: int) -> Iterator[tuple[SetKey, SetEntry]]:
        """Each way an open set takes ``rank``, whose naturals left score ``values`` (best first)."""
        open_sets, used, room = key
        value, chosen = entry
        for j in self._first_open(open_sets):
            for naturals, set_wilds in self._set_options(len(values), self.set_lengths[j]):
                if used + set_wilds <= wilds:
                    new_key = (open_sets & ~(1 << j), used + set_wilds, min(wilds, room + self._room(set_wilds)))
                    yield new_key, (value + sum(values[:naturals]), chosen + ((j, rank, naturals, set_wilds),))

    def _first_open(self, open_sets: int) -> list[int]:
        """The open sets a rank may go to: of identical lengths, only the first still open (they are interchangeable)."""
        firsts: dict[int, int] = {}
        for j, length in enumerate(self.set_lengths):
            if open_sets >> j & 1:
                firsts.setdefault(length, j)
        return list(firsts.values())

    def _set_options(self, naturals: int, length: int) -> list[tuple[int, int]]:
        """A set's (naturals, wilds) from ``naturals`` of its rank: exactly its length with any share of wilds
        its limit allows, or (lengths as minimums) every natural and the wilds its length still needs."""
        limit = self.meld_limit
        fewest = self.ruleset.set_naturals
        if not self.exact:
            needed = max(0, length - naturals)
            return [(naturals, needed)] if naturals >= fewest and (limit is None or needed <= limit) else []
        return [(k, length - k) for k in range(fewest, min(naturals, length) + 1) if limit is None or length - k <= limit]

    def _room(self, set_wilds: int) -> int:
        """More wilds a set may take beyond those its length needs (none where lengths are exact)."""
        if self.exact:
            return 0
        return self.wild_cap if self.meld_limit is None else max(0, self.meld_limit - set_wilds)

    # -- the answer -------------------------------------------------------------

    def _build(self, runs: tuple[tuple[Suit, RunCards], ...], sets: tuple[tuple[int, int, int, int], ...], extra: int) -> Found:
        """The cards of the chosen go-down: the melds in the contract's order and what stays in hand."""
        pool = self._pool()
        wilds = list(self.wilds)  # best first: the melded wilds are those with the most points
        melds: dict[int, list[Card]] = {}
        for index, (suit, places) in zip(self.run_indexes, runs, strict=True):
            naturals = [Card(Rank(rank), suit) for rank in places if rank]
            pool.subtract(naturals)
            melds[index] = [naturals.pop(0) if rank else wilds.pop(0) for rank in places]
        for j, rank, naturals_taken, set_wilds in sets:
            taken = sorted(self._of_rank(pool, rank), key=self.ruleset.card_points, reverse=True)[:naturals_taken]
            pool.subtract(taken)
            melds[self.set_indexes[j]] = taken + [wilds.pop(0) for _ in range(set_wilds)]
        self._lay_extra(melds, sets, extra, wilds)
        left = sorted(pool.elements()) + wilds
        return [tuple(melds[index]) for index in range(len(self.requirements))], tuple(left)

    def _pool(self) -> Counter[Card]:
        """The hand's naturals, as cards."""
        return Counter({Card(Rank(rank), suit): copies for (rank, suit), copies in self.count.items() if copies})

    @staticmethod
    def _of_rank(pool: Counter[Card], rank: int) -> list[Card]:
        return [card for card in pool.elements() if int(card.natural_rank) == rank]

    def _lay_extra(self, melds: dict[int, list[Card]], sets: tuple[tuple[int, int, int, int], ...], extra: int, wilds: list[Card]) -> None:
        """The ``extra`` wilds no meld needs, onto the sets within their limits (where lengths are minimums)."""
        for j, _, _, set_wilds in sets:
            more = min(extra, _or_more(self.meld_limit, extra + set_wilds) - set_wilds)
            melds[self.set_indexes[j]] += [wilds.pop(0) for _ in range(more)]
            extra -= more


def _indexes(requirements: Sequence[Requirement], kind: MeldKind) -> list[int]:
    """Where the contract lists requirements of one kind."""
    return [i for i, requirement in enumerate(requirements) if requirement.kind is kind]


def _or_more(limit: int | None, most: int) -> int:
    """A limit, or where there is none (``None``) ``most``, which is as good as none."""
    return most if limit is None else limit


@functools.lru_cache(maxsize=32)
def _natural_points(points: PointTable) -> dict[tuple[int, Suit], int]:
    """Each natural card's points, by rank and suit: kept for the last few tables only, as a custom ruleset's table
    is whatever a request sends (every distinct one kept once cost 5.5 KB, issue 28)."""
    return {(rank, suit): points.for_card(Card(Rank(rank), suit)) for rank in range(1, 14) for suit in _SUITS}


#: A run just started, before its first place is taken.
_NEW = RunState(length=0, wilds=0, naturals=0, last_wild=False)
