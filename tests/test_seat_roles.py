"""Who deals, cuts and plays first (companion/rules/seats.py), from RULES.md §8.7.13-14's words.

The expected seats below are worked out by hand from the sentences quoted beside them (seats listed clockwise:
A is seat 0, B seat 1, ...), and a hypothesis property checks the engine against a tiny reference written here,
which walks round a ring of seats one hand at a time instead of counting.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.rulesets import Direction
from companion.rules.seats import HandRoles, Side, cutter_side, hand_roles
from conftest import fuzz

CW, CCW = Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE
A, B, C, D, E = range(5)


@pytest.mark.parametrize(
    ("seats", "first_dealer", "direction", "number", "part_table", "dealer", "cutter", "first"),
    [
        # §8.7.13: "Clockwise (every ruleset of §3): the deal passes to the left, the player on the dealer's left
        # plays first, the player on the dealer's right cuts."  A, B, C, D listed clockwise, A dealing first.
        (4, A, CW, 1, {}, A, D, B),
        (4, A, CW, 2, {}, B, A, C),
        (4, A, CW, 4, {}, D, C, A),
        (4, A, CW, 5, {}, A, D, B),  # round the table and back to A
        # §8.7.13: "Four players A, B, C, D listed clockwise, A dealing first in Carioca: round 1 A deals, B cuts,
        # D plays first; round 2 D deals, A cuts, C plays first; round 3 C deals."
        (4, A, CCW, 1, {}, A, B, D),
        (4, A, CCW, 2, {}, D, A, C),
        (4, A, CCW, 3, {}, C, D, B),  # C's left is D, who cuts; C's right is B, who plays first
        (4, A, CCW, 5, {}, A, B, D),
        # two players: the other one is on both sides, so cuts and plays first, either way round
        (2, B, CW, 1, {}, B, A, A),
        (2, B, CCW, 2, {}, A, B, B),
        # §8.7.14: "Five players A-E listed clockwise, A dealt hand 11, B and D tie: hand 12 is dealt by B, cut by
        # D and played first by D."  (A dealt hand 11 of a clockwise game of five: A dealt hand 1 too.)
        (5, A, CW, 12, {12: (B, D)}, B, D, D),
        # "the deal passes, in the ruleset's direction, to the next tied player after the last dealer": a second
        # tie-break hand between B and D passes from B to D, and B both cuts and plays first
        (5, A, CW, 13, {12: (B, D), 13: (B, D)}, D, B, B),
        # three tied, clockwise, A dealt hand 11, B, C and E tie: the next tied player after A to the left is B;
        # the next after B is C (plays first); the tied player before B is E (cuts)
        (5, A, CW, 12, {12: (B, C, E)}, B, E, C),
        # the same counter-clockwise (A dealt hand 11: 10 hands to the right from A come back to A): the next tied
        # player to A's right is E, who deals; after E to the right, D sits out, so C plays first; before E (on
        # E's left) A sits out, so B cuts
        (5, A, CCW, 12, {12: (B, C, E)}, E, B, C),
        # a tied dealer of the hand before: the deal still passes on, to the next tied player after them
        (4, A, CW, 11, {11: (A, B, D)}, D, B, A),  # hand 10 was B's: the next tied player after B is D
        (4, A, CW, 11, {11: (B, C)}, C, B, B),  # hand 10 was B's (tied): the deal passes on to C
    ],
)
def test_who_deals_cuts_and_plays_first_as_rules_md_says(seats, first_dealer, direction, number, part_table, dealer, cutter, first):
    assert hand_roles(seats, first_dealer, direction, number, part_table) == HandRoles(dealer, cutter, first)


@pytest.mark.parametrize(
    ("direction", "number", "part_table", "side"),
    [
        (CW, 1, {}, Side.RIGHT),  # §3.2: "the player on the dealer's right cuts"
        (CCW, 1, {}, Side.LEFT),  # §8.7.13: "the player on the dealer's left cuts"
        (CW, 12, {12: (B, D)}, None),  # B deals, D cuts: D is not beside B
        (CW, 12, {12: (B, C)}, Side.LEFT),  # B deals, C (on B's left) cuts: C is the tied player before B
    ],
)
def test_the_cutters_side_is_said_as_the_table_sees_it(direction, number, part_table, side):
    assert cutter_side(5, direction, hand_roles(5, A, direction, number, part_table)) is side


@pytest.mark.parametrize(("seats", "first_dealer", "number"), [(0, 0, 1), (3, 3, 1), (3, -1, 1), (3, 0, 0)])
def test_a_table_that_cant_be_is_refused(seats, first_dealer, number):
    with pytest.raises(ValueError):
        hand_roles(seats, first_dealer, CW, number)


def reference_roles(seats, first_dealer, direction, number, part_table):
    """A tiny seat-walker: the table as a ring of seats in the direction of play, walked one hand at a time.

    Hand 1 is dealt by the first dealer (or, if they sit it out, the next player in the hand after them); every
    later hand by the next player in it after the last dealer. In the ring of the hand's players (and the
    dealer), the one after the dealer plays first and the one before cuts."""
    ring = list(range(seats)) if direction is CW else list(reversed(range(seats)))

    def around(seat, playing):
        """The hand's ring from ``seat`` on: seat first, then each player in it, in the direction of play."""
        start = ring.index(seat)
        return [seat] + [s for s in ring[start + 1 :] + ring[:start] if s in playing]

    dealer = None
    for hand in range(1, number + 1):
        playing = set(part_table.get(hand, range(seats)))
        if dealer is None:
            dealer = first_dealer if first_dealer in playing else around(first_dealer, playing)[1]
        else:
            dealer = around(dealer, playing)[1]
    walk = around(dealer, set(part_table.get(number, range(seats))) - {dealer})
    return HandRoles(dealer=dealer, cutter=walk[-1], first_player=walk[1] if len(walk) > 1 else dealer)


@st.composite
def tables(draw):
    """A table, its direction, a hand number and hands played by part of the table: tie-break hands at the end
    (as a game has them), or anywhere (the function takes any)."""
    seats = draw(st.integers(2, 8))
    first_dealer = draw(st.integers(0, seats - 1))
    direction = draw(st.sampled_from([CW, CCW]))
    number = draw(st.integers(1, 40))
    parts = draw(st.dictionaries(st.integers(1, number), st.sets(st.integers(0, seats - 1), min_size=2, max_size=seats),
                                 max_size=6))  # fmt: skip
    if draw(st.booleans()):  # as in a game: the tied hands come last, each among those of the hand before or fewer
        start = number - len(parts) + 1
        tied = sorted(draw(st.sets(st.integers(0, seats - 1), min_size=2, max_size=seats)))
        parts = {}
        for hand in range(max(start, 1), number + 1):
            parts[hand] = tuple(tied)
            tied = sorted(draw(st.sets(st.sampled_from(tied), min_size=2))) if len(tied) > 2 else tied
    return seats, first_dealer, direction, number, {hand: tuple(sorted(s)) for hand, s in parts.items()}


@fuzz(600)
@given(tables())
def test_hand_roles_walk_round_the_table_as_the_reference_does(table):
    seats, first_dealer, direction, number, part_table = table
    roles = hand_roles(seats, first_dealer, direction, number, part_table)
    assert roles == reference_roles(*table)
    playing = set(part_table.get(number, range(seats)))
    assert {roles.dealer, roles.cutter, roles.first_player} <= playing  # nobody outside the hand is named
    assert (roles.cutter == roles.first_player) == (len(playing) == 2)


def test_the_reference_agrees_with_rules_md_too():
    """The reference walker is checked on §8.7.13-14's own examples, so the property compares with a right answer."""
    assert reference_roles(4, A, CCW, 2, {}) == HandRoles(D, A, C)
    assert reference_roles(5, A, CW, 12, {12: (B, D)}) == HandRoles(B, D, D)
    assert reference_roles(5, A, CCW, 12, {12: (B, C, E)}) == HandRoles(E, B, C)
