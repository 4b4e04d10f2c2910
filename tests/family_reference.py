"""A brute-force reference for judging a go-down in the standard-deck rulesets of the wider family (Carioca,
Kalooki, and the new checks of RULES.md §8.0 on any standard-deck ruleset): obviously correct, slow, written
from RULES.md §2.1 and §8.0 alone (it shares no code with the engine's checker).

A go-down is legal when there is *some* reading that meets every rule:

- each red two (``red_twos_wild``) read as itself or as wild;
- the contract or one of the deal's alternatives, with as many melds as requirements, matched in *some* order;
- each wild given *some* rank (and, in a run, the run's suit), so that every meld meets its requirement:
  a set's cards share a rank; a run's cards share a suit and, with the ace 1 or 14 (``low_or_high``), or on the
  circle of 13 ranks (``around``), stand at consecutive places, each once; a ladder's 13 cards are A to K once
  each, its naturals meeting the rule; lengths exact where ``exact`` (never in a meld-all deal), else minimums;
  naturals at least the kind's minimum; wilds at most the deal's limit (else the ruleset's); with
  ``run_wilds_adjacent`` off, no two wilds at neighbouring places of the run;
- across melds: sets of different ranks (``repeat_rank`` off), one run per suit (``one_per_suit``), the wilds
  of the whole go-down at most ``max_wilds_per_contract``;
- the supply (no natural card more often than the packs, no more jokers than in play) and, in a meld-all deal,
  nothing left.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from companion.rules import Card, MeldKind, Requirement, Ruleset
from companion.rules.rulesets import AceRule, Deal, LadderRule, SameSuitRuns

RED = {"H", "D"}


def _is_red_two(card: Card) -> bool:
    return card.rank is not None and int(card.rank) == 2 and str(card.suit) in RED


def _limit(ruleset: Ruleset, deal: Deal) -> int | None:
    return deal.max_wilds if deal.own_max_wilds else ruleset.max_wilds


def _naturals_needed(ruleset: Ruleset, kind: MeldKind) -> int:
    chosen = ruleset.min_naturals_run if kind in (MeldKind.RUN, MeldKind.LADDER) else ruleset.min_naturals_set
    return ruleset.min_naturals if chosen is None else chosen


def _places_ok(ruleset: Ruleset, ranks: Sequence[int], wild_at: Sequence[bool]) -> int | None:
    """The first place of a run holding ``ranks`` (wilds' ranks given) at consecutive places, each once, wilds
    apart where they must be; ``None`` where there is no such reading."""
    count = len(ranks)
    if ruleset.aces is AceRule.AROUND:
        if count > 13 or len(set(ranks)) != count:
            return None
        starts = [1] if count == 13 else range(1, 14)
        places_by_start = [[(r - start) % 13 for r in ranks] for start in starts]
    else:
        options = [(1, 14) if r == 1 else (r,) for r in ranks]
        places_by_start = [list(choice) for choice in itertools.product(*options)]
    for places in places_by_start:
        if sorted(places) != list(range(min(places), min(places) + count)):
            continue
        if not ruleset.run_wilds_adjacent:
            wild_places = sorted(p for p, wild in zip(places, wild_at, strict=True) if wild)
            if any(b == a + 1 for a, b in itertools.pairwise(wild_places)):
                continue
        return min(places)
    return None


def _run_ok(ruleset: Ruleset, naturals: list[Card], wilds: int) -> set[str] | None:
    """The suits a run of these cards may have (``None``: no reading); a run of wilds alone has any suit."""
    suits = {str(card.suit) for card in naturals}
    if len(suits) > 1:
        return None
    natural_ranks = [int(card.rank) for card in naturals]
    wild_at = [False] * len(naturals) + [True] * wilds
    for wild_ranks in itertools.product(range(1, 14), repeat=wilds):
        if _places_ok(ruleset, natural_ranks + list(wild_ranks), wild_at) is not None:
            return suits or {"S", "H", "D", "C"}
    return None


def _ladder_ok(rule: LadderRule | None, naturals: list[Card], wilds: int) -> bool:
    ranks = [int(card.rank) for card in naturals]
    if len(naturals) + wilds != 13 or len(set(ranks)) != len(ranks):
        return False
    colour = {card: "red" if str(card.suit) in RED else "black" for card in naturals}
    if rule is LadderRule.SAME_SUIT:
        return len({str(card.suit) for card in naturals}) <= 1
    if rule is LadderRule.SAME_COLOUR:
        return len(set(colour.values())) <= 1
    if rule is LadderRule.ALTERNATING_COLOUR:
        odd = {colour[card] for card in naturals if int(card.rank) % 2 == 1}
        even = {colour[card] for card in naturals if int(card.rank) % 2 == 0}
        return len(odd) <= 1 and len(even) <= 1 and not (odd and odd == even)
    return True


def meld_meets(ruleset: Ruleset, deal: Deal, requirement: Requirement, cards: Sequence[Card], wild: Sequence[bool]):
    """``None`` if the meld cannot meet the requirement; else what it is read as for the checks across melds:
    ``("set", rank or None)``, ``("run", suits it may have)`` or ``("ladder", None)``."""
    naturals = [card for card, is_wild in zip(cards, wild, strict=True) if not is_wild]
    wilds = len(cards) - len(naturals)
    kind = requirement.kind
    exact = ruleset.exact and not deal.meld_all
    if kind is MeldKind.LADDER:
        if len(cards) != 13:
            return None
    elif len(cards) < requirement.length or (exact and len(cards) != requirement.length):
        return None
    limit = _limit(ruleset, deal)
    if len(naturals) < _naturals_needed(ruleset, kind) or (limit is not None and wilds > limit):
        return None
    if kind is MeldKind.SET:
        ranks = {int(card.rank) for card in naturals}
        return ("set", next(iter(ranks), None)) if len(ranks) <= 1 else None
    if kind is MeldKind.LADDER:
        return ("ladder", None) if _ladder_ok(requirement.rule, naturals, wilds) else None
    suits = _run_ok(ruleset, naturals, wilds)
    return None if suits is None else ("run", suits)


def _across_ok(ruleset: Ruleset, readings: Sequence[tuple]) -> bool:
    set_ranks = [rank for kind, rank in readings if kind == "set" and rank is not None]
    if not ruleset.repeat_rank and len(set_ranks) != len(set(set_ranks)):
        return False
    if ruleset.same_suit_runs is SameSuitRuns.ONE_PER_SUIT:
        run_suits = [suits for kind, suits in readings if kind == "run"]
        # some choice of suit per run (a run of naturals has one) with no suit twice
        return any(len(set(choice)) == len(choice) for choice in itertools.product(*run_suits))
    return True


def _contract_ok(ruleset: Ruleset, deal: Deal, contract, melds, wild_flags) -> bool:
    if len(melds) != len(contract):
        return False
    for order in set(itertools.permutations(contract)):
        options = [meld_meets(ruleset, deal, r, m, w) for r, m, w in zip(order, melds, wild_flags, strict=True)]
        if all(option is not None for option in options) and _across_ok(ruleset, options):
            return True
    return False


def _supply_ok(ruleset: Ruleset, cards: Sequence[Card], players: int | None) -> bool:
    table = ruleset.table(players)
    return all(count <= (table.jokers if card.rank is None else table.packs) for card, count in Counter(cards).items())


def reference_legal(ruleset: Ruleset, deal_number: int, melds: Sequence[Sequence[Card]], remaining: Sequence[Card] = (), players: int | None = None) -> bool:
    """Whether ``melds`` are a legal go-down for deal ``deal_number``, judged by brute force."""
    deal = ruleset.deal(deal_number)
    if not _supply_ok(ruleset, [card for meld in melds for card in meld] + list(remaining), players):
        return False
    if deal.meld_all and remaining:
        return False
    red_twos = [(i, j) for i, meld in enumerate(melds) for j, card in enumerate(meld) if ruleset.red_twos_wild and _is_red_two(card)]
    for chosen in itertools.product((False, True), repeat=len(red_twos)):
        as_wild = {place for place, is_wild in zip(red_twos, chosen, strict=True) if is_wild}
        wild_flags = [[card.rank is None or (i, j) in as_wild for j, card in enumerate(meld)] for i, meld in enumerate(melds)]
        total_wilds = sum(sum(flags) for flags in wild_flags)
        if ruleset.max_wilds_per_contract is not None and total_wilds > ruleset.max_wilds_per_contract:
            continue
        if any(_contract_ok(ruleset, deal, contract, melds, wild_flags) for contract in deal.contracts):
            return True
    return False
