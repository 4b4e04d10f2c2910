"""The checker against the brute-force reference (tests/phase10_reference.py) on Phase 10 go-downs, fuzzed.

Go-downs are built to meet a phase (then perhaps spoiled: a card swapped, dropped or added, a skip slipped in,
melds merged) or drawn at random from a few numbers; both decks, with and without ``all-wild-groups``. The
checker's verdict must be the reference's, its problems empty exactly when legal, and a legal go-down's
readings must be of the kinds the phase asks for. Enough of the answers must be "legal" for the comparison
to mean something: a floor on the true answers seen.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from phase10_reference import reference_legal

from conftest import fuzz
from companion.rules import JOKER, Card, MeldKind, Rank, Suit, check_go_down
from companion.rules.cards import SKIP, WILD, Colour
from companion.rules.phase10 import PHASE10, PHASE10_CARDS

VARIANTS = {
    "phase10": PHASE10,
    "phase10-cards": PHASE10_CARDS,
    "phase10+all-wild-groups": PHASE10.with_options("all-wild-groups"),
    "phase10-cards+all-wild-groups": PHASE10_CARDS.with_options("all-wild-groups"),
}
COLOURS = list(Colour)
SUITS = list(Suit)


def natural(ruleset, number: int, colour: int) -> Card:
    """The natural card of a number (1..12) and a colour (0..3) in the ruleset's deck."""
    if ruleset is PHASE10 or ruleset.deck is PHASE10.deck:
        return Card(Rank(number), None, colour=COLOURS[colour])
    return Card(Rank(number), SUITS[colour])


def wild(ruleset, rng: random.Random) -> Card:
    return WILD if ruleset.deck is PHASE10.deck else Card(Rank.KING, rng.choice(SUITS))


def skip(ruleset) -> Card:
    return SKIP if ruleset.deck is PHASE10.deck else JOKER


def built_meld(ruleset, requirement, rng: random.Random) -> list[Card]:
    """A meld meeting ``requirement``, perhaps longer, with perhaps a wild or two in it."""
    extra = rng.choice([0, 0, 0, 1, 2])
    if requirement.kind is MeldKind.RUN:
        size = min(12, requirement.length + extra)
        start = rng.randint(1, 13 - size)
        meld = [natural(ruleset, number, rng.randrange(4)) for number in range(start, start + size)]
    elif requirement.kind is MeldKind.COLOUR:
        colour = rng.randrange(4)
        meld = [natural(ruleset, rng.randint(1, 12), colour) for _ in range(requirement.length + extra)]
    else:  # the deck holds two of each colour of a number: at most 8 naturals
        number = rng.randint(1, 12)
        size = min(8, requirement.length + extra)
        meld = [natural(ruleset, number, colour) for colour in rng.sample([0, 1, 2, 3] * 2, size)]
    return [wild(ruleset, rng) if rng.random() < 0.2 else card for card in meld]


def spoil(ruleset, melds: list[list[Card]], rng: random.Random) -> str:
    """Perhaps spoil a built go-down in one way; returns how."""
    how = rng.choice(["none", "none", "none", "swap", "drop", "add", "skip", "merge", "split", "wilds"])
    meld = rng.choice(melds)
    if how == "swap":
        meld[rng.randrange(len(meld))] = natural(ruleset, rng.randint(1, 12), rng.randrange(4))
    elif how == "drop" and len(meld) > 1:
        meld.pop(rng.randrange(len(meld)))
    elif how == "add":
        meld.insert(rng.randrange(len(meld) + 1), natural(ruleset, rng.randint(1, 12), rng.randrange(4)))
    elif how == "skip":
        meld[rng.randrange(len(meld))] = skip(ruleset)
    elif how == "merge" and len(melds) > 1:
        melds[0] += melds.pop()
    elif how == "split" and len(meld) > 2:
        cut = rng.randrange(1, len(meld))
        melds.append(meld[cut:])
        del meld[cut:]
    elif how == "wilds":
        meld[:] = [wild(ruleset, rng) for _ in meld]
    return how


@st.composite
def built_go_downs(draw):
    """A go-down built to meet a phase, perhaps spoiled, melds and cards in any order."""
    key = draw(st.sampled_from(sorted(VARIANTS)))
    ruleset = VARIANTS[key]
    phase = draw(st.integers(1, 10))
    rng = random.Random(draw(st.integers(0, 2**32)))
    melds = [built_meld(ruleset, requirement, rng) for requirement in ruleset.deal(phase).requirements]
    how = spoil(ruleset, melds, rng)
    for meld in melds:
        rng.shuffle(meld)
    rng.shuffle(melds)
    return key, phase, melds, how


@st.composite
def random_go_downs(draw):
    """Melds dealt at random from a few numbers of the deck (two of each card), wilds and skips: any phase,
    mostly as many melds as it asks for, each about as long as its requirement."""
    key = draw(st.sampled_from(sorted(VARIANTS)))
    ruleset = VARIANTS[key]
    phase = draw(st.integers(1, 10))
    rng = random.Random(draw(st.integers(0, 2**32)))
    low, numbers = rng.randint(1, 11), rng.randint(0, 2)
    deck = [natural(ruleset, n, colour) for n in range(low, min(12, low + numbers) + 1) for colour in range(4)] * 2
    deck += [wild(ruleset, rng) for _ in range(rng.randint(0, 8))] + [skip(ruleset)] * rng.randint(0, 2)
    rng.shuffle(deck)
    lengths = [requirement.length for requirement in ruleset.deal(phase).requirements]
    if rng.random() < 0.2:
        lengths = [rng.randint(1, 9) for _ in range(rng.randint(1, 3))]
    melds = []
    for length in lengths:
        size = max(1, length + rng.randint(-1, 1))
        melds.append(deck[:size] or [rng.choice(deck[-1:] or [skip(ruleset)])])
        del deck[:size]
    return key, phase, melds, "random"


def _assert_places_fit(ruleset, reading, described: str) -> None:
    """A legal run lies within 1..12 holding its cards once each; a wild's claimed place is an empty one of it."""
    if reading.kind is not MeldKind.RUN:
        assert not reading.wild_places, described
        return
    assert 1 <= reading.low <= reading.high <= 12 and reading.high - reading.low + 1 == len(reading.cards), described
    natural = [int(card.rank) for card in reading.cards if card.rank is not None and not ruleset.is_wild(card)]
    claimed = [place for _, place in reading.wild_places]
    assert len(set(natural + claimed)) == len(natural) + len(claimed), described
    assert all(reading.low <= place <= reading.high for place in natural + claimed), described


def _judge(case, seen: Counter) -> None:
    key, phase, melds, how = case
    ruleset = VARIANTS[key]
    ruling = check_go_down(ruleset, phase, melds)
    expected = reference_legal(ruleset, phase, melds)
    described = f"{key} phase {phase} ({how}): " + " | ".join(" ".join(map(str, meld)) for meld in melds)
    assert ruling.legal is expected, (described, ruling.problems)
    assert (not ruling.problems) is ruling.legal, described
    assert all(problem.endswith((".", "!", "?")) and not problem[:1].islower() for problem in ruling.problems), ruling.problems
    if ruling.legal:
        wanted = Counter(requirement.kind for requirement in ruleset.deal(phase).requirements)
        assert Counter(reading.kind for reading in ruling.readings) == wanted, described
        for reading in ruling.readings:
            _assert_places_fit(ruleset, reading, described)
    seen[expected] += 1
    event("legal" if expected else "illegal")
    event(f"{how}: {'legal' if expected else 'illegal'}")


@pytest.mark.parametrize(("strategy", "examples", "floor"), [(built_go_downs, 600, 0.3), (random_go_downs, 400, 0.03)], ids=["built", "random"])
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
