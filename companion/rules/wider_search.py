"""The solver's search for the wider family's rules (RULES.md §8): Phase 10 on either deck.

:func:`.solver.solve` sends a deal here when it has a rule the first search
(:class:`.solver._Search`) does not know: runs whose suits are free, aces only
low, colour groups, skip cards, wild kings, the Phase 10 deck. This search is
exact for those rules with lengths as minimums (``exact`` no), no limit on
wilds per meld, sets that may repeat a suit, and no pair; anything else is
refused by :func:`unsolved_rules` rather than answered wrongly.

It is a dynamic programme over the ranks, lowest first. At each rank every
run either waits, starts, goes on (with a natural card or a wild) or has
ended; any open set may take the rank; the colour group (its colour chosen
before the search) takes what is left of its colour. The state is each run's
progress, the sets still open, the colour group's naturals so far and the
wilds used so far; the value is the points of the naturals melded. Three
choices never lose anything, so the search does not branch on them:

- Where a set or a colour group is melded, every wild left goes onto it,
  so every wild is melded; otherwise (runs only) the wilds are what the runs
  hold, and a run may hold a wild in place of a natural card it could take
  (a wild scores more left in hand than the natural).
- A run or a set takes a card of another colour than the colour group's
  first: such a card could go nowhere the group's colour could not.
- Cards a set or the colour group can take are melded: a longer set or
  colour group is still legal, and needs fewer wilds.

Skips are never melded; they stay in hand.

>>> from .phase10 import PHASE10
>>> from .cards import Deck, format_cards, parse_cards
>>> hand = parse_cards("9R 9B W 3Y 4G 6R 12B 12G SKIP 1Y 2R", deck=Deck.PHASE10)
>>> melds, remaining = WiderSearch(PHASE10, PHASE10.deal(2).requirements, hand, spend=lambda steps: None).run()
>>> [format_cards(meld) for meld in melds], format_cards(remaining)
(['12B 12G W', '1Y 2R 3Y 4G'], '6R 9R 9B SKIP')
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .cards import Card, Colour, Deck, Suit
from .family_search import family_rules
from .rulesets import AceRule, Deal, MeldKind, Requirement, Ruleset, RunSuit, Skips
from .speech import say

__all__ = ["WiderSearch", "unsolved_rules", "wider_family"]

#: A run's progress: not started, under way, ended (and long enough).
_WAITING, _RUNNING, _ENDED = 0, 1, 2
#: What a run takes at a rank: nothing, a natural of another colour than the group's, one of the group's
#: colour, or a wild.
_NOTHING, _OTHER, _GROUP_COLOUR, _WILD = "", "o", "g", "w"
_ENDED_RUN = (_ENDED, 0, 0)

#: A run's state: (progress, length so far up to its requirement's, naturals so far up to ``min_naturals``).
RunState = tuple[int, int, int]
#: A state of the search: each run's state, the open sets as bits, the colour group's naturals (up to what
#: it can use), the wilds used so far.
StateKey = tuple[tuple[RunState, ...], int, int, int]


@dataclass(frozen=True, slots=True)
class _Step:
    """What one rank gives the melds."""

    rank: int
    runs: tuple[str, ...]
    """For each run: ``_NOTHING``, ``_OTHER``, ``_GROUP_COLOUR`` or ``_WILD``."""
    sets: tuple[tuple[int, int, int], ...]
    """``(set, naturals of other colours, naturals of the group's colour)`` for each set taking this rank."""
    group: int
    """Naturals of the group's colour the colour group takes."""


#: A state's best way there: the points of the naturals melded, the entry it came from and the step taken.
Entry = tuple[int, "Entry | None", "_Step | None"]


def wider_family(ruleset: Ruleset, deal: Deal) -> bool:
    """Whether a deal has a rule of the wider family that only this search knows (RULES.md §8.0)."""
    return (
        ruleset.deck is Deck.PHASE10
        or ruleset.kings_wild
        or ruleset.skips is not Skips.NONE
        or ruleset.run_suit is RunSuit.ANY
        or ruleset.aces is AceRule.LOW_ONLY
        or any(r.kind is MeldKind.COLOUR for r in deal.requirements)
    )


def unsolved_rules(ruleset: Ruleset, deal: Deal) -> list[str]:
    """The rules of a wider-family deal this search does not know yet, in words (none: it solves the deal)."""
    kinds = [r.kind for r in deal.requirements]
    runs = MeldKind.RUN in kinds
    rules = (
        (runs and ruleset.run_suit is RunSuit.SAME, say("runs of one suit alongside Phase 10's rules")),
        (runs and ruleset.aces is not AceRule.LOW_ONLY, say("aces high alongside Phase 10's rules")),
        (ruleset.is_exact(deal), say("exact lengths alongside Phase 10's rules")),
        (deal.meld_all, say("melding every card alongside Phase 10's rules")),
        (ruleset.max_wilds is not None, say("a limit on wilds alongside Phase 10's rules")),
        (MeldKind.SET in kinds and not ruleset.dup_suits, say("sets of different suits alongside Phase 10's rules")),
        (MeldKind.PAIR in kinds, say("pairs alongside Phase 10's rules")),
        (kinds.count(MeldKind.COLOUR) > 1, say("two colour groups in one contract")),
        (family_rules(ruleset, deal), say("Carioca's or Kalooki's rules alongside Phase 10's rules")),
    )
    ladder = (MeldKind.LADDER in kinds, say("ladder melds alongside Phase 10's rules"))  # the one kind not searched
    return [words for applies, words in (*rules, ladder) if applies]


class WiderSearch:
    """One search: the hand sorted into naturals by rank and colour, wilds and skips; the contract's melds."""

    def __init__(self, ruleset: Ruleset, requirements: Sequence[Requirement], hand: Sequence[Card], *, spend: Callable[[int], None]) -> None:
        self.spend = spend
        """Counts steps of search against the solver's budget (raises past it)."""
        self.requirements = tuple(requirements)
        self.run_indexes = _indexes(requirements, MeldKind.RUN)
        self.set_indexes = _indexes(requirements, MeldKind.SET)
        self.group_index = next(iter(_indexes(requirements, MeldKind.COLOUR)), None)
        self.run_lengths = [requirements[i].length for i in self.run_indexes]
        self.set_lengths = [requirements[i].length for i in self.set_indexes]
        self.group_length = 0 if self.group_index is None else requirements[self.group_index].length
        self.min_naturals = ruleset.min_naturals
        #: The most naturals the colour group can use: beyond this, more change nothing but the points.
        self.group_cap = max(self.min_naturals, self.group_length)
        self.set_needs = max(1, self.min_naturals)
        """Naturals a set takes at its rank (a set of wilds only is made at the end, where allowed)."""
        #: Identical set requirements are interchangeable: each kind's open sets are taken lowest first.
        self.set_kinds = _kinds(self.set_lengths)
        self.one_set_a_rank = not ruleset.repeat_rank
        self.absorbing = bool(self.set_indexes) or self.group_index is not None
        """Whether a meld takes any number of wilds (a set or colour group), so that every wild is melded."""
        self.top = ruleset.top_rank
        self.naturals, self.wilds, self.skips = _sorted_hand(ruleset, hand)
        self.wild_prefix = list(itertools.accumulate((ruleset.card_points(c) for c in self.wilds), initial=0))
        self.rank_value = [0] * (self.top + 2)
        for card in self.naturals:
            self.rank_value[card.natural_rank] = ruleset.card_points(card)
        self.set_choice_cache: dict[tuple[int, int], list[tuple[int, ...]]] = {}

    # -- the search -------------------------------------------------------------

    def run(self) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]] | None:
        """The melds (in the contract's order) and what stays in hand, leaving the fewest points; ``None``: no go-down."""
        best: tuple[int, Entry, StateKey, Colour | Suit | None] | None = None
        for colour in self._group_colours():
            found = self._search(colour)
            if found is not None and (best is None or found[0] > best[0]):
                best = (*found, colour)
        if best is None:
            return None
        _, entry, key, colour = best
        return self._build(_steps(entry), key, colour)

    def _group_colours(self) -> list[Colour | Suit | None]:
        """The colours the colour group may take: those in hand (``None``: there is no group, or no natural)."""
        if self.group_index is None:
            return [None]
        return list(dict.fromkeys(card.mark for card in self.naturals)) or [None]

    def _search(self, colour: Colour | Suit | None) -> tuple[int, Entry, StateKey] | None:
        """The best go-down whose colour group is of ``colour``: (points melded, its last entry, its last state)."""
        runs = tuple((_WAITING, 0, 0) for _ in self.run_indexes)
        states: dict[StateKey, Entry] = {(runs, (1 << len(self.set_indexes)) - 1, 0, 0): (0, None, None)}
        by_rank: list[tuple[int, int]] = [(0, 0)] * (self.top + 1)
        for card in self.naturals:
            other, own = by_rank[card.natural_rank]
            by_rank[card.natural_rank] = (other, own + 1) if card.mark == colour else (other + 1, own)
        for rank in range(1, self.top + 1):
            states = self._advance(states, rank, *by_rank[rank])
        return self._best_end(states)

    def _advance(self, states: dict[StateKey, Entry], rank: int, other: int, own: int) -> dict[StateKey, Entry]:
        """The states after ``rank``, each by its best way there."""
        advanced: dict[StateKey, Entry] = {}
        for key, entry in states.items():
            moves = list(self._moves(key, rank, other, own))
            self.spend(1 + len(moves))
            for new_key, melded, step in moves:
                value = entry[0] + melded * self.rank_value[rank]
                if new_key not in advanced or value > advanced[new_key][0]:
                    advanced[new_key] = (value, entry, step)
        return advanced

    def _moves(self, key: StateKey, rank: int, other: int, own: int) -> Iterator[tuple[StateKey, int, _Step]]:
        """Every way ``rank`` can go: the new state, the naturals melded, and the step."""
        runs, open_sets, group_count, wilds = key
        for new_runs, actions, taken, run_wilds in self._run_choices(runs, other + own):
            from_other = min(taken, other)
            left_other, left_own = other - from_other, own - (taken - from_other)
            labels = _colour_labels(actions, from_other)
            for chosen in self._set_choices(open_sets, left_other + left_own):
                for sets, to_group, short in self._splits(chosen, left_other, left_own, group_count):
                    used = wilds + run_wilds + short
                    if used > len(self.wilds):
                        continue
                    closed = sum(1 << j for j in chosen)
                    new_key = (new_runs, open_sets & ~closed, min(self.group_cap, group_count + to_group), used)
                    melded = taken + sum(o + g for _, o, g in sets) + to_group
                    yield new_key, melded, _Step(rank, labels, sets, to_group)

    def _run_choices(self, runs: tuple[RunState, ...], available: int) -> Iterator[tuple[tuple[RunState, ...], tuple[str, ...], int, int]]:
        """Each run's move at a rank: (new run states, what each takes, naturals taken, wilds taken)."""
        options = [self._run_options(state, self.run_lengths[i]) for i, state in enumerate(runs)]
        for combo in itertools.product(*options):
            taken = sum(action == _OTHER for _, action in combo)
            if taken > available or self._out_of_order(runs, combo):
                continue
            wilds = sum(action == _WILD for _, action in combo)
            yield tuple(state for state, _ in combo), tuple(action for _, action in combo), taken, wilds

    def _out_of_order(self, runs: tuple[RunState, ...], combo: tuple[tuple[RunState, str], ...]) -> bool:
        """Whether a run starts before an identical one listed earlier: one order of identical runs is enough."""
        for i in range(1, len(runs)):
            same = self.run_lengths[i] == self.run_lengths[i - 1]
            if same and runs[i - 1][0] == _WAITING and combo[i - 1][0][0] == _WAITING and combo[i][0][0] != _WAITING:
                return True
        return False

    def _run_options(self, state: RunState, length: int) -> list[tuple[RunState, str]]:
        """One run's moves at a rank: its next state and what it takes (a natural is written ``_OTHER`` here)."""
        progress, size, naturals = state
        if progress == _ENDED:
            return [(state, _NOTHING)]
        grown = min(length, size + 1)
        options = [((_RUNNING, grown, min(self.min_naturals, naturals + 1)), _OTHER), ((_RUNNING, grown, naturals), _WILD)]
        if progress == _WAITING:
            options.append((state, _NOTHING))
        elif size >= length and naturals >= self.min_naturals:
            options.append((_ENDED_RUN, _NOTHING))
        return options

    def _set_choices(self, open_sets: int, available: int) -> list[tuple[int, ...]]:
        """The open sets that may take a rank holding ``available`` naturals (lowest first of each kind)."""
        key = (open_sets, available // self.set_needs)
        found = self.set_choice_cache.get(key)
        if found is None:
            found = self.set_choice_cache[key] = self._new_set_choices(open_sets, available // self.set_needs)
        return found

    def _new_set_choices(self, open_sets: int, most: int) -> list[tuple[int, ...]]:
        if self.one_set_a_rank:
            most = min(most, 1)
        open_by_kind = [[j for j in kind if open_sets >> j & 1] for kind in self.set_kinds]
        choices = []
        for takes in itertools.product(*(range(len(js) + 1) for js in open_by_kind)):
            if sum(takes) <= most:
                choices.append(tuple(j for js, take in zip(open_by_kind, takes, strict=True) for j in js[:take]))
        return choices

    def _splits(self, chosen: tuple[int, ...], other: int, own: int, group_count: int) -> Iterator[tuple[tuple[tuple[int, int, int], ...], int, int]]:
        """How the naturals a rank has left go to the sets taking it and to the colour group.

        Yields ``(per set (set, other, own), own to the group, wilds the sets still need)``. Each set
        takes its needed naturals, other colours first; the rest of other colours go to the sets; the
        group's colour is shared between the group and the sets in every way.
        """
        if not chosen:
            yield (), own if self.group_index is not None else 0, 0
            return
        need = self.set_needs * len(chosen)
        base_other = min(need, other)
        rest_own = own - (need - base_other)
        shares = range(rest_own + 1) if self.group_index is not None else range(1)
        for to_group in shares:
            if to_group and group_count + to_group - 1 >= self.group_cap:
                break  # the group has all it can use: the rest are as well in the sets
            amounts = self._fill_sets(chosen, other + own - to_group)
            short = sum(max(0, self.set_lengths[j] - a) for j, a in zip(chosen, amounts, strict=True))
            yield _colour_split(chosen, amounts, other), to_group, short

    def _fill_sets(self, chosen: tuple[int, ...], naturals: int) -> list[int]:
        """Naturals for each chosen set: its need, then up to its length in turn, any more to the first."""
        amounts = [self.set_needs] * len(chosen)
        extra = naturals - self.set_needs * len(chosen)
        for index, j in enumerate(chosen):
            add = min(extra, max(0, self.set_lengths[j] - amounts[index]))
            amounts[index] += add
            extra -= add
        amounts[0] += extra
        return amounts

    def _best_end(self, states: dict[StateKey, Entry]) -> tuple[int, Entry, StateKey] | None:
        """The best finished state: (points melded with wilds, its entry, its state), or ``None``."""
        best: tuple[int, Entry, StateKey] | None = None
        for key, entry in states.items():
            wilds = self._wilds_at_end(key)
            if wilds is None or wilds > len(self.wilds):
                continue
            melded_wilds = len(self.wilds) if self.absorbing else wilds
            value = entry[0] + self.wild_prefix[melded_wilds]
            if best is None or value > best[0]:
                best = (value, entry, key)
        return best

    def _wilds_at_end(self, key: StateKey) -> int | None:
        """The wilds a finished state needs in all (``None``: it is not a go-down)."""
        runs, open_sets, group_count, wilds = key
        if not all(self._run_done(run, length) for run, length in zip(runs, self.run_lengths, strict=True)):
            return None
        if open_sets and self.min_naturals:
            return None
        wilds += sum(length for j, length in enumerate(self.set_lengths) if open_sets >> j & 1)  # sets of wilds only
        if self.group_index is not None:
            if group_count < self.min_naturals:
                return None
            wilds += max(0, self.group_length - group_count)
        return wilds

    def _run_done(self, run: RunState, length: int) -> bool:
        """Whether a run's state at the end of the ranks is a whole run: long enough, with its naturals."""
        progress, size, naturals = run
        return progress == _ENDED or (progress == _RUNNING and size >= length and naturals >= self.min_naturals)

    # -- the answer -------------------------------------------------------------

    def _build(self, steps: list[_Step], key: StateKey, colour: Colour | Suit | None) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
        """The cards of the chosen go-down: the melds in the contract's order and what stays in hand."""
        piles: dict[int, tuple[list[Card], list[Card]]] = {}
        for card in self.naturals:
            other, own = piles.setdefault(int(card.natural_rank), ([], []))
            (own if card.mark == colour else other).append(card)
        runs: list[list[Card | None]] = [[] for _ in self.run_indexes]
        sets: list[list[Card]] = [[] for _ in self.set_indexes]
        group: list[Card] = []
        for step in steps:
            _take(step, *piles.get(step.rank, ([], [])), runs, sets, group)
        wilds = list(self.wilds)  # best first: the melded wilds are those with the most points
        melds = self._add_wilds(runs, sets, group, wilds)
        left = sorted([card for other, own in piles.values() for card in other + own] + self.skips)
        return melds, tuple(left + wilds)

    def _add_wilds(self, runs: list[list[Card | None]], sets: list[list[Card]], group: list[Card], wilds: list[Card]) -> list[tuple[Card, ...]]:
        """Wilds into the runs' empty places, the sets and the group up to their lengths, then (where a set or
        group is melded) every wild left onto the first of them; the melds in the contract's order."""
        melds: dict[int, list[Card]] = {}
        for index, run in zip(self.run_indexes, runs, strict=True):
            melds[index] = [card if card is not None else wilds.pop(0) for card in run]
        absorbing = self.set_indexes + ([] if self.group_index is None else [self.group_index])
        for index, cards in zip(absorbing, sets + [group], strict=False):
            short = max(0, self.requirements[index].length - len(cards))
            melds[index] = cards + [wilds.pop(0) for _ in range(short)]
        if absorbing:
            melds[absorbing[0]] += wilds
            wilds.clear()
        return [tuple(melds[index]) for index in range(len(self.requirements))]


def _take(step: _Step, other: list[Card], own: list[Card], runs: list[list[Card | None]], sets: list[list[Card]], group: list[Card]) -> None:
    """The cards one step gives the melds, from a rank's naturals of other colours and of the group's colour
    (``None`` for a run's wild)."""
    for run, action in zip(runs, step.runs, strict=True):
        if action != _NOTHING:
            run.append(None if action == _WILD else (own if action == _GROUP_COLOUR else other).pop(0))
    for j, from_other, from_own in step.sets:
        sets[j] += [other.pop(0) for _ in range(from_other)] + [own.pop(0) for _ in range(from_own)]
    group += [own.pop(0) for _ in range(step.group)]


def _indexes(requirements: Sequence[Requirement], kind: MeldKind) -> list[int]:
    """Where the contract lists requirements of one kind."""
    return [i for i, requirement in enumerate(requirements) if requirement.kind is kind]


def _kinds(lengths: list[int]) -> list[list[int]]:
    """The indexes of equal lengths, grouped."""
    return [[j for j, length in enumerate(lengths) if length == kind] for kind in dict.fromkeys(lengths)]


def _sorted_hand(ruleset: Ruleset, hand: Sequence[Card]) -> tuple[list[Card], list[Card], list[Card]]:
    """The hand's naturals (sorted), wilds (the most points first) and skips (sorted)."""
    skips = sorted(card for card in hand if ruleset.is_skip(card))
    wilds = sorted((card for card in hand if ruleset.is_wild(card) and not ruleset.is_skip(card)), key=ruleset.card_points, reverse=True)
    naturals = sorted(card for card in hand if not ruleset.is_wild(card) and not ruleset.is_skip(card))
    return naturals, wilds, skips


def _colour_labels(actions: tuple[str, ...], from_other: int) -> tuple[str, ...]:
    """The runs' naturals marked by colour: the first ``from_other`` of another colour than the group's."""
    labels = []
    for action in actions:
        if action == _OTHER:
            action = _OTHER if from_other > 0 else _GROUP_COLOUR
            from_other -= 1
        labels.append(action)
    return tuple(labels)


def _colour_split(chosen: tuple[int, ...], amounts: list[int], other: int) -> tuple[tuple[int, int, int], ...]:
    """Each chosen set's naturals as (set, of other colours, of the group's colour): other colours first."""
    split = []
    for j, amount in zip(chosen, amounts, strict=True):
        from_other = min(amount, other)
        other -= from_other
        split.append((j, from_other, amount - from_other))
    return tuple(split)


def _steps(entry: Entry | None) -> list[_Step]:
    """The steps that led to an entry, lowest rank first."""
    steps = []
    while entry is not None and entry[2] is not None:
        steps.append(entry[2])
        entry = entry[1]
    return steps[::-1]
