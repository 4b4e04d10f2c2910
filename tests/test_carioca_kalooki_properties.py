"""The checker against the brute-force reference (tests/family_reference.py) on Carioca and Kalooki go-downs,
fuzzed: runs round the corner (aces ``around``), ladders (the final escalas), wilds never side by side, the
wilds of one meld (by deal) and of the whole go-down, the natural cards a kind needs, red twos read either
way, alternative contracts (``full-suit``), repeated set ranks and one run per suit.

Go-downs are built to meet a deal (then perhaps spoiled: a card swapped, dropped or added, a joker slipped in,
melds merged or split) or dealt at random from a few ranks. The checker's verdict must be the reference's, its
problems empty exactly when legal, and a legal go-down's readings of the kinds of the contract or of an
alternative. A floor on the true answers seen keeps the comparison meaningful.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from family_reference import reference_legal
from hypothesis import event, given
from hypothesis import strategies as st

from conftest import fuzz
from companion.rules import JOKER, Card, MeldKind, Rank, Suit, check_go_down
from companion.rules.carioca import CARIOCA
from companion.rules.kalooki import KALOOKI
from companion.rules.rulesets import LadderRule

ESCALAS = ("escala-sucia", "escala-color", "escala-payaso", "escala-real")
VARIANTS = {
    "carioca": CARIOCA,
    "carioca+red-twos-wild": CARIOCA.with_options("red-twos-wild"),
    "carioca+escalas": CARIOCA.with_options(*ESCALAS),
    "carioca+escalas+red-twos-wild": CARIOCA.with_options(*ESCALAS, "red-twos-wild"),
    "kalooki": KALOOKI,
    "kalooki+full-suit": KALOOKI.with_options("full-suit"),
}
SUITS = list(Suit)
RED_SUITS = [Suit.HEARTS, Suit.DIAMONDS]
BLACK_SUITS = [Suit.SPADES, Suit.CLUBS]


def card(rank: int, suit: Suit) -> Card:
    return Card(Rank((rank - 1) % 13 + 1), suit)


def a_wild(ruleset, rng: random.Random) -> Card:
    """A joker, or where red twos are wild sometimes a red two."""
    if ruleset.red_twos_wild and rng.random() < 0.4:
        return Card(Rank.TWO, rng.choice(RED_SUITS))
    return JOKER


def built_set(ruleset, rank: int, rng: random.Random, wild_room: int) -> tuple[list[Card], int]:
    """A set of ``rank``: 3 going down in Carioca, 3 to 5 with at least two naturals in Kalooki."""
    size = 3 if ruleset.exact else rng.choice([3, 3, 4, 5])
    meld = [card(rank, suit) for suit in rng.sample(SUITS * 2, size)]
    wilds = 0
    most = min(wild_room, ruleset.max_wilds if ruleset.max_wilds is not None else 2, size - ruleset.set_naturals)
    for place in rng.sample(range(size), size):
        if wilds < most and rng.random() < 0.3:
            meld[place] = a_wild(ruleset, rng)
            wilds += 1
    return meld, wilds


def built_run(ruleset, suit: Suit, rng: random.Random, wild_room: int, size: int | None = None) -> tuple[list[Card], int]:
    """A run of ``suit``: round the corner anywhere in Carioca (exactly 4), 4 to 6 ace low or high in Kalooki;
    some cards swapped for wilds, never two side by side where they may not be."""
    if size is None:
        size = 4 if ruleset.exact else rng.choice([4, 4, 5, 6])
    if ruleset.aces.value == "around":
        low = rng.randint(1, 13)
    else:
        low = rng.randint(1, 15 - size)
    meld = [card(rank, suit) for rank in range(low, low + size)]
    most = min(wild_room, ruleset.max_wilds if ruleset.max_wilds is not None else 3, size - 1)
    chosen: list[int] = []
    for place in rng.sample(range(size), size):
        if len(chosen) < most and rng.random() < 0.35 and all(abs(place - other) > 1 for other in chosen):
            chosen.append(place)
    for place in chosen:
        meld[place] = a_wild(ruleset, rng)
    return meld, len(chosen)


def built_ladder(ruleset, deal, rng: random.Random) -> list[Card]:
    """Thirteen cards A to K meeting the deal's ladder rule, perhaps a wild where the deal allows one."""
    rule = deal.ladder.rule
    if rule is LadderRule.SAME_SUIT:
        suit = rng.choice(SUITS)
        suits = [suit] * 13
    elif rule is LadderRule.SAME_COLOUR:
        colour = rng.choice([RED_SUITS, BLACK_SUITS])
        suits = [rng.choice(colour) for _ in range(13)]
    elif rule is LadderRule.ALTERNATING_COLOUR:
        odd, even = rng.sample([RED_SUITS, BLACK_SUITS], 2)
        suits = [rng.choice(odd if rank % 2 else even) for rank in range(1, 14)]
    else:
        suits = [rng.choice(SUITS) for _ in range(13)]
    meld = [card(rank, suit) for rank, suit in zip(range(1, 14), suits, strict=True)]
    limit = ruleset.max_wilds_in(deal) or 0
    if limit and rng.random() < 0.5:
        meld[rng.randrange(13)] = a_wild(ruleset, rng)
    return meld


def built_melds(ruleset, deal, rng: random.Random) -> list[list[Card]]:
    """Melds meeting the deal's contract (or, sometimes, an alternative)."""
    if deal.ladder is not None:
        return [built_ladder(ruleset, deal, rng)]
    contract = rng.choice(deal.contracts) if deal.alternatives and rng.random() < 0.5 else deal.requirements
    ranks = rng.sample(range(1, 14), 4)
    suits = rng.sample(SUITS, 4)
    room = ruleset.max_wilds_per_contract if ruleset.max_wilds_per_contract is not None else 6
    melds = []
    for requirement in contract:
        if requirement.kind is MeldKind.SET:
            meld, used = built_set(ruleset, ranks.pop(), rng, room)
        else:
            size = 13 if requirement.length == 13 else None
            meld, used = built_run(ruleset, suits.pop(), rng, room if size is None else min(room, 1), size)
        room -= used
        melds.append(meld)
    return melds


def spoil(ruleset, melds: list[list[Card]], rng: random.Random) -> str:
    """Perhaps spoil a built go-down in one way; returns how."""
    how = rng.choice(["none", "none", "none", "swap", "drop", "add", "joker", "jokers", "merge", "split", "red-two"])
    meld = rng.choice(melds)
    if how == "swap":
        meld[rng.randrange(len(meld))] = card(rng.randint(1, 13), rng.choice(SUITS))
    elif how == "drop" and len(meld) > 1:
        meld.pop(rng.randrange(len(meld)))
    elif how == "add":
        meld.insert(rng.randrange(len(meld) + 1), card(rng.randint(1, 13), rng.choice(SUITS)))
    elif how == "joker":
        meld[rng.randrange(len(meld))] = JOKER
    elif how == "jokers" and len(meld) > 2:  # two jokers side by side, perhaps
        place = rng.randrange(len(meld) - 1)
        meld[place : place + 2] = [JOKER, JOKER]
    elif how == "merge" and len(melds) > 1:
        melds[0] += melds.pop()
    elif how == "split" and len(meld) > 2:
        cut = rng.randrange(1, len(meld))
        melds.append(meld[cut:])
        del meld[cut:]
    elif how == "red-two":
        meld[rng.randrange(len(meld))] = Card(Rank.TWO, rng.choice(RED_SUITS))
    return how


@st.composite
def built_go_downs(draw):
    """A go-down built to meet a deal, perhaps spoiled, melds and cards in any order."""
    key = draw(st.sampled_from(sorted(VARIANTS)))
    ruleset = VARIANTS[key]
    number = draw(st.integers(1, len(ruleset.deals)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    melds = built_melds(ruleset, ruleset.deal(number), rng)
    how = spoil(ruleset, melds, rng)
    for meld in melds:
        rng.shuffle(meld)
    rng.shuffle(melds)
    return key, number, melds, how


@st.composite
def random_go_downs(draw):
    """Melds dealt at random from a few ranks of two packs and the jokers: any deal, mostly as many melds as it
    asks for, each about as long as its requirement."""
    key = draw(st.sampled_from(sorted(VARIANTS)))
    ruleset = VARIANTS[key]
    number = draw(st.integers(1, len(ruleset.deals)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    low, ranks = rng.randint(1, 13), rng.randint(1, 4)
    deck = [card(rank, suit) for rank in range(low, low + ranks + 1) for suit in SUITS] * 2
    deck += [JOKER] * rng.randint(0, 4)
    rng.shuffle(deck)
    lengths = [min(r.length, 7) for r in ruleset.deal(number).requirements]
    melds = []
    for length in lengths:
        size = max(1, length + rng.randint(-1, 1))
        melds.append(deck[:size] or [JOKER])
        del deck[:size]
    return key, number, melds, "random"


def _judge(case, seen: Counter) -> None:
    key, number, melds, how = case
    ruleset = VARIANTS[key]
    deal = ruleset.deal(number)
    remaining = [] if deal.meld_all else None
    ruling = check_go_down(ruleset, number, melds, remaining)
    expected = reference_legal(ruleset, number, melds)
    described = f"{key} deal {number} ({how}): " + " | ".join(" ".join(map(str, meld)) for meld in melds)
    assert ruling.legal is expected, (described, ruling.problems)
    assert (not ruling.problems) is ruling.legal, described
    assert all(problem.endswith((".", "!", "?")) and not problem[:1].islower() for problem in ruling.problems), ruling.problems
    if ruling.legal:
        kinds = Counter(reading.kind for reading in ruling.readings)
        assert any(kinds == Counter(r.kind for r in contract) for contract in deal.contracts), described
    seen[expected] += 1
    event("legal" if expected else "illegal")
    event(f"{key} {how}: {'legal' if expected else 'illegal'}")


@pytest.mark.parametrize(("strategy", "examples", "floor"), [(built_go_downs, 700, 0.35), (random_go_downs, 300, 0.0)], ids=["built", "random"])
def test_checker_matches_the_brute_force_reference(strategy, examples, floor):
    seen: Counter = Counter()

    @fuzz(examples)
    @given(strategy())
    def check(case):
        _judge(case, seen)

    check()
    total = seen[True] + seen[False]
    print(f"{strategy.__name__}: {total} go-downs judged, {seen[True]} legal, {seen[False]} illegal")
    assert total >= examples * 0.9
    assert seen[True] >= floor * total, seen


# -- the new checks one by one, on inputs built for them ------------------------------------------------------


@fuzz(400)
@given(st.integers(1, 13), st.integers(4, 13), st.sampled_from(SUITS), st.integers(0, 2**32))
def test_around_runs_match_the_reference(low, size, suit, seed):
    """Any arc of the 13 ranks is a run where aces go around (built legal, then perhaps a card moved off it)."""
    rng = random.Random(seed)
    ruleset = CARIOCA.changed([("exact", False), ("max_wilds", None), ("max_wilds_per_contract", None)])
    run = [card(rank, suit) for rank in range(low, low + size)]
    if rng.random() < 0.4:
        run[rng.randrange(size)] = card(rng.randint(1, 13), suit)
    if rng.random() < 0.4:
        run[rng.randrange(size)] = JOKER
    rng.shuffle(run)
    melds = [[card(5, s) for s in SUITS[:3]], run] if low % 2 else [run, [card(9, s) for s in SUITS[1:]]]
    expected = reference_legal(ruleset, 2, melds)
    assert check_go_down(ruleset, 2, melds).legal is expected, (melds, check_go_down(ruleset, 2, melds).problems)


@fuzz(400)
@given(st.integers(1, 10), st.integers(4, 7), st.integers(0, 2**32))
def test_wilds_apart_match_the_reference(low, size, seed):
    """Kalooki's four with jokers at random places: legal exactly when some reading keeps them apart."""
    rng = random.Random(seed)
    run = [card(rank, Suit.HEARTS) for rank in range(low, low + size)]
    for place in rng.sample(range(size), rng.randint(1, min(3, size - 1))):
        run[place] = JOKER
    rng.shuffle(run)
    melds = [run, [card(3, s) for s in SUITS[:3]], [card(12, s) for s in SUITS[1:]]]
    ruling = check_go_down(KALOOKI, 2, melds)
    assert ruling.legal is reference_legal(KALOOKI, 2, melds), (melds, ruling.problems)


@fuzz(300)
@given(st.sampled_from(ESCALAS), st.integers(0, 2**32))
def test_ladders_match_the_reference(option, seed):
    """A final escala built to its rule, then perhaps a card changed or a joker slipped in."""
    rng = random.Random(seed)
    ruleset = CARIOCA.with_options(option)
    deal = ruleset.deal(9)
    ladder = built_ladder(ruleset, deal, rng)
    how = rng.choice(["none", "swap", "joker", "suit"])
    place = rng.randrange(13)
    if how == "swap":
        ladder[place] = card(rng.randint(1, 13), rng.choice(SUITS))
    elif how == "joker":
        ladder[place] = JOKER
    elif how == "suit" and ladder[place].rank is not None:
        ladder[place] = Card(ladder[place].rank, rng.choice(SUITS))
    rng.shuffle(ladder)
    ruling = check_go_down(ruleset, 9, [ladder], [])
    assert ruling.legal is reference_legal(ruleset, 9, [ladder]), (option, ladder, ruling.problems)


@fuzz(300)
@given(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.integers(0, 2**32))
def test_wild_limits_and_naturals_match_the_reference(set_wilds, other_wilds, run_wilds, seed):
    """Per meld and per go-down wild limits (Carioca) and a three's two naturals (Kalooki), with jokers placed at
    random in melds built otherwise legal."""
    rng = random.Random(seed)
    for ruleset, number in ((CARIOCA, 5), (KALOOKI, 2)):
        sets = [[card(4, s) for s in SUITS[:3]], [card(11, s) for s in SUITS[1:]]]
        run = [card(rank, Suit.CLUBS) for rank in range(6, 10)]
        for meld, count in ((sets[0], set_wilds), (sets[1], other_wilds), (run, run_wilds)):
            for place in rng.sample(range(len(meld)), min(count, len(meld))):
                meld[place] = JOKER
        melds = [*sets, run]
        ruling = check_go_down(ruleset, number, melds)
        assert ruling.legal is reference_legal(ruleset, number, melds), (ruleset.id, melds, ruling.problems)
