"""Random rulesets and hands built to meet their contract: shared by the solver's tests and bench/rules.py.

Every field the solver reads takes a random value: ``meld_all``, ``exact``,
``max_wilds``, ``min_naturals``, ``aces``, ``same_suit_runs``,
``repeat_rank``, ``dup_suits`` and wild twos, with a random contract.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from companion.rules import (
    JOKER,
    RULESETS,
    AceRule,
    BuyRule,
    Card,
    Deal,
    GoingOut,
    MeldKind,
    Rank,
    Requirement,
    SameSuitRuns,
    Suit,
    TableSupply,
    find_ruleset,
    parse_cards,
)

SUITS = list(Suit)
BASE = find_ruleset("contract")


def card_at(position: int, suit: Suit) -> Card:
    """The card at a run position (A = 1 or 14)."""
    return Card(Rank(1 if position == 14 else position), suit)


#: The ace rules the solver solves with runs of one suit: aces low only (RULES.md §8.0) is solved only where runs'
#: suits are free (Phase 10: tests/test_phase10_solver.py).
SOLVED_ACES = (AceRule.LOW_OR_HIGH, AceRule.HIGH_ONLY)


def random_ruleset(rng: random.Random, requirements: tuple[Requirement, ...], *, meld_all: bool):
    """A ruleset with random values of every field the solver reads, and one deal of these requirements."""
    deal = Deal(
        number=1,
        contract="a random contract",
        cards_dealt=sum(r.length for r in requirements),
        requirements=requirements,
        going_out=GoingOut.NO_DISCARD if meld_all else rng.choice(list(GoingOut)),
        meld_all=meld_all,
        buys=BuyRule(limit=None, extra_cards=1),
    )
    packs = rng.choice([1, 2, 2, 3])
    return dataclasses.replace(
        BASE,
        id="random",
        name="A random ruleset",
        deals=(deal,),
        supply=(TableSupply(min_players=2, max_players=8, packs=packs, jokers=rng.choice([0, 1, 2, 4, 6])),),
        exact=rng.random() < 0.5,
        max_wilds=rng.choice([None, None, 0, 1, 1, 2]),
        min_naturals=rng.choice([1, 1, 1, 2]),
        aces=rng.choice(SOLVED_ACES),
        same_suit_runs=rng.choice(list(SameSuitRuns)),
        repeat_rank=rng.random() < 0.5,
        dup_suits=rng.random() < 0.6,
        deuces_wild=rng.random() < 0.3,
        options=(),
    )


def random_requirements(rng: random.Random, *, most_cards: int, pair: bool = True) -> tuple[Requirement, ...]:
    shapes = [(MeldKind.SET, 3), (MeldKind.RUN, 3), (MeldKind.RUN, 4), (MeldKind.SET, 4), (MeldKind.RUN, 5)]
    if pair:
        shapes.append((MeldKind.PAIR, 2))
    requirements: list[Requirement] = []
    while True:
        kind, length = rng.choice(shapes)
        if sum(r.length for r in requirements) + length > most_cards:
            break
        requirements.append(Requirement(kind=kind, length=length))
        if len(requirements) >= 3 or rng.random() < 0.35:
            break
    if not requirements:
        requirements.append(Requirement(kind=MeldKind.SET, length=3))
    return tuple(requirements)


def wild_cards(ruleset) -> list[Card]:
    cards = [JOKER] * max(1, ruleset.jokers())
    if ruleset.deuces_wild:
        cards += [Card(Rank.TWO, suit) for suit in SUITS]
    if ruleset.jokers() == 0:
        cards = [card for card in cards if not card.is_joker] or cards
    return cards


def build_meld(rng: random.Random, ruleset, requirement: Requirement, *, extra: int, suit: Suit | None = None,
               rank: Rank | None = None, wild_room: int | None = None) -> list[Card]:
    """A meld for ``requirement``, ``extra`` cards longer, with wild cards placed inside within the limits."""
    length = requirement.length + (0 if requirement.kind is MeldKind.PAIR else extra)
    most_wilds = ruleset.max_wilds if ruleset.max_wilds is not None else 3
    if wild_room is not None:
        most_wilds = min(most_wilds, wild_room)
    most_wilds = max(0, min(most_wilds, length - ruleset.min_naturals))
    wild_count = rng.randint(0, most_wilds)
    wilds = wild_cards(ruleset)
    if requirement.kind is MeldKind.RUN:
        first_low = 2 if ruleset.aces is AceRule.HIGH_ONLY else 1
        length = min(length, 15 - first_low)
        suit = suit or rng.choice(SUITS)
        low = rng.randint(first_low, 15 - length)
        if ruleset.deuces_wild and low <= 2 and most_wilds < 1 and length <= 12:
            low = rng.randint(3, 15 - length)  # the 2's place would need a wild the meld can't hold
        places = list(range(low, low + length))
        # a natural 2 is wild where deuces are wild: its place takes a wild card
        forced = {i for i, p in enumerate(places) if ruleset.deuces_wild and p == 2}
        free = [i for i in range(length) if i not in forced]
        wild_at = forced | set(rng.sample(free, max(0, min(len(free), wild_count - len(forced)))))
        return [rng.choice(wilds) if i in wild_at else card_at(p, suit) for i, p in enumerate(places)]
    rank = rank or rng.choice([r for r in Rank if not (ruleset.deuces_wild and r is Rank.TWO)])
    naturals = length - wild_count
    if not ruleset.dup_suits and naturals > 4:
        naturals = 4  # one card of each suit at most: the meld is shorter
    suits = rng.sample(SUITS, min(naturals, 4)) if not ruleset.dup_suits else [rng.choice(SUITS) for _ in range(naturals)]
    return [Card(rank, s) for s in suits] + [rng.choice(wilds) for _ in range(wild_count)]


def supply_ok(ruleset, cards) -> bool:
    table = ruleset.table()
    return all(count <= (table.jokers if card.is_joker else table.packs) for card, count in Counter(cards).items())


def sure_hand(rng: random.Random):
    """A random ruleset (or a built-in one) and a hand of up to 16 cards that surely meets its contract.

    Runs take different suits, sets different ranks, and each meld holds at
    most ``max_wilds`` wilds and at least ``min_naturals`` naturals. In a
    meld-all deal the hand is the melds alone (perhaps longer than the
    minimum); otherwise it is topped up with other cards. ``None`` when the
    draw can't be built (more than four runs, too many cards).
    """
    meld_all = rng.random() < 0.5
    if rng.random() < 0.3:
        base = rng.choice(list(RULESETS.values()))
        deal = rng.choice(base.deals)
        requirements = deal.requirements
        ruleset = random_ruleset(rng, requirements, meld_all=deal.meld_all)
        ruleset = dataclasses.replace(base, deals=ruleset.deals, supply=ruleset.supply, options=())
        meld_all = deal.meld_all
    else:
        requirements = random_requirements(rng, most_cards=14)
        ruleset = random_ruleset(rng, requirements, meld_all=meld_all)
    runs = [r for r in requirements if r.kind is MeldKind.RUN]
    if len(runs) > 4:
        return None
    supply = TableSupply(min_players=2, max_players=8, packs=4, jokers=8)
    ruleset = dataclasses.replace(ruleset, supply=(supply,))
    exact = ruleset.is_exact(ruleset.deal(1))
    run_suits = iter(rng.sample(SUITS, len(runs)))
    set_ranks = iter(rng.sample([r for r in Rank if not (ruleset.deuces_wild and r is Rank.TWO)], 12))
    hand: list[Card] = []
    wilds_left = 8
    for requirement in requirements:
        extra = 0 if exact else rng.choice([0, 0, 1, 2])
        if requirement.kind is MeldKind.RUN:
            meld = build_meld(rng, ruleset, requirement, extra=extra, suit=next(run_suits), wild_room=wilds_left)
        else:
            meld = build_meld(rng, ruleset, requirement, extra=extra, rank=next(set_ranks), wild_room=wilds_left)
        wilds_left -= sum(card.is_joker for card in meld)
        hand += meld
    if not meld_all:
        hand += rng.sample(list(parse_cards("3C 4D 5H 6S 7C 8D 9H 10S JC QD KH AS JK")), rng.randint(0, 3))
    rng.shuffle(hand)
    if len(hand) > 16 or not supply_ok(ruleset, hand):
        return None
    return ruleset, hand
