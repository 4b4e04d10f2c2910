"""A brute-force reference for judging a Phase 10 go-down: obviously correct, slow, written from RULES.md §8.1
and §8.2 alone (it shares no code with the engine's checker).

Every card is first read as Phase 10 reads it: a number 1 to 12 and a colour, a wild, or a skip (on standard
cards A..Q are 1..12, the suit is the colour, a king is wild and a joker a skip). Then:

- no skip in any meld; no more of a card than the cards in play (Phase 10 deck: 2 of each numbered card,
  8 W, 4 SKIP; standard cards: 2 of each card, kings too, and 4 jokers);
- as many melds as the phase has requirements, and *some* matching of melds to requirements in which every
  meld meets its own: at least as long; at least ``min_naturals`` naturals; a set's naturals share a number; a
  colour group's share a colour; a run's cards, each wild given *some* number, are consecutive numbers within
  1..12 (every wild number tried); where a ruleset does not let a contract repeat a rank (``repeat_rank`` no),
  no two sets' naturals share a number.

:func:`reference_best_points` is the solver's reference: every way of taking melds from a hand, judged so.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from companion.rules import Card, MeldKind, Requirement, Ruleset
from companion.rules.cards import Deck, Special

WILD = "wild"
SKIP = "skip"


def phase10_face(card: Card) -> tuple[int, str] | str:
    """``(number, colour)`` for a natural, or ``WILD`` or ``SKIP``: the card as Phase 10 reads it."""
    if card.deck is Deck.PHASE10:
        if card.special is Special.WILD:
            return WILD
        if card.special is Special.SKIP:
            return SKIP
        return int(card.natural_rank), str(card.colour)
    if card.is_joker:
        return SKIP
    if card.natural_rank == 13:
        return WILD
    return int(card.natural_rank), str(card.natural_suit)


def _supply_ok(ruleset: Ruleset, cards: Sequence[Card]) -> bool:
    for card, count in Counter(cards).items():
        if ruleset.deck is Deck.PHASE10:
            limit = {WILD: 8, SKIP: 4}.get(phase10_face(card), 2)  # type: ignore[call-overload]
        else:
            limit = 4 if card.is_joker else 2
        if count > limit:
            return False
    return True


def _run_ok(naturals: Sequence[tuple[int, str]], wilds: int) -> bool:
    for numbers in itertools.product(range(1, 13), repeat=wilds):
        values = sorted([number for number, _ in naturals] + list(numbers))
        if all(b == a + 1 for a, b in itertools.pairwise(values)):
            return True
    return False


def meld_meets(requirement: Requirement, meld: Sequence[Card], min_naturals: int) -> bool:
    """Whether one meld meets one requirement of a phase (RULES.md §8.1)."""
    faces = [phase10_face(card) for card in meld]
    if SKIP in faces or len(meld) < requirement.length:
        return False
    naturals = [face for face in faces if isinstance(face, tuple)]
    if len(naturals) < min_naturals:
        return False
    if requirement.kind is MeldKind.SET:
        return len({number for number, _ in naturals}) <= 1
    if requirement.kind is MeldKind.COLOUR:
        return len({colour for _, colour in naturals}) <= 1
    return _run_ok(naturals, len(faces) - len(naturals))


def reference_legal(ruleset: Ruleset, phase: int, melds: Sequence[Sequence[Card]], remaining: Sequence[Card] = ()) -> bool:
    """Whether ``melds`` make phase ``phase``, judged by brute force."""
    requirements = ruleset.deal(phase).requirements
    if any(SKIP == phase10_face(card) for meld in melds for card in meld):
        return False
    if not _supply_ok(ruleset, [card for meld in melds for card in meld] + list(remaining)):
        return False
    if len(melds) != len(requirements):
        return False
    return any(
        all(meld_meets(requirement, meld, ruleset.min_naturals) for requirement, meld in zip(order, melds, strict=True))
        and (ruleset.repeat_rank or _set_numbers_differ(order, melds))
        for order in itertools.permutations(requirements)
    )


def _set_numbers_differ(order: Sequence[Requirement], melds: Sequence[Sequence[Card]]) -> bool:
    """Whether no two sets' naturals share a number (a set of wilds only has none)."""
    numbers = []
    for requirement, meld in zip(order, melds, strict=True):
        if requirement.kind is MeldKind.SET:
            numbers += list({face[0] for face in map(phase10_face, meld) if isinstance(face, tuple)})
    return len(numbers) == len(set(numbers))


def reference_points(card: Card) -> int:
    """A card's penalty points as RULES.md §8.1 scores it (§8.2: a standard card scores as the card it stands for):
    1 to 9 score 5, 10 to 12 score 10, a wild 25, a skip 15."""
    face = phase10_face(card)
    if face == WILD:
        return 25
    if face == SKIP:
        return 15
    number, _ = face  # type: ignore[misc]
    return 5 if number <= 9 else 10


def reference_best_points(ruleset: Ruleset, phase: int, hand: Sequence[Card]) -> int | None:
    """The fewest penalty points any legal go-down of phase ``phase`` leaves in ``hand``, or ``None`` if there
    is none: every way of taking disjoint groups of cards for the phase's requirements (every length from the
    requirement's up), each group kept only if it meets its requirement on its own (a legal go-down is legal meld
    by meld, so this loses no answer), the whole judged by :func:`reference_legal`. Small hands only."""
    requirements = ruleset.deal(phase).requirements
    best: int | None = None
    meets: dict[tuple[Requirement, tuple[Card, ...]], bool] = {}

    def fits(requirement: Requirement, meld: tuple[Card, ...]) -> bool:
        if (requirement, meld) not in meets:
            meets[requirement, meld] = meld_meets(requirement, meld, ruleset.min_naturals)
        return meets[requirement, meld]

    def search(level: int, free: tuple[int, ...], melds: list[tuple[Card, ...]]) -> None:
        nonlocal best
        if level == len(requirements):
            remaining = [hand[i] for i in free]
            if reference_legal(ruleset, phase, melds, remaining):
                points = sum(reference_points(card) for card in remaining)
                best = points if best is None else min(best, points)
            return
        requirement = requirements[level]
        for size in range(requirement.length, len(free) + 1):
            tried: set[tuple[Card, ...]] = set()
            for chosen in itertools.combinations(free, size):
                meld = tuple(sorted(hand[i] for i in chosen))
                if meld in tried or not fits(requirement, meld):
                    continue  # the same cards from another copy lead to the same go-downs
                tried.add(meld)
                search(level + 1, tuple(i for i in free if i not in chosen), melds + [meld])

    search(0, tuple(range(len(hand))), [])
    return best
