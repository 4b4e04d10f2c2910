"""Who deals, cuts and plays first (companion/rules/seats.py), from RULES.md §8.7.13-14's words.

The expected seats below are worked out by hand from the sentences quoted beside them (seats listed clockwise:
A is seat 0, B seat 1, ...), and a hypothesis property checks the engine against a tiny reference written here,
which walks round a ring of seats one hand at a time instead of counting.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.rulesets import Direction
from companion.rules.seats import HandRoles, Side, cutter_side, hand_roles
from conftest import fuzz

CW, CCW = Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE
A, B, C, D, E = range(5)


GOLDEN = json.loads((Path(__file__).resolve().parent / "golden" / "seat_roles.json").read_text(encoding="utf-8"))["rows"]


def golden_table(row):
    """A golden row's arguments for :func:`hand_roles`."""
    part_table = {int(hand): tuple(seats) for hand, seats in row["part_table"].items()}
    return row["seats"], row["first_dealer"], Direction(row["direction"]), row["number"], part_table


@pytest.mark.parametrize("row", GOLDEN, ids=[f"{r['direction']}-{r['seats']}-{r['number']}" for r in GOLDEN])
def test_who_deals_cuts_and_plays_first_as_rules_md_says(row):
    """tests/golden/seat_roles.json: each row worked out by hand from the RULES.md words it quotes (the phone's
    handRoles is checked against the same file: tests/js/seats.test.js)."""
    expected = row["expected"]
    assert hand_roles(*golden_table(row)) == HandRoles(expected["dealer"], expected["cutter"], expected["first"]), row["why"]


def test_the_golden_rows_cover_both_directions_and_tie_break_hands():
    assert {row["direction"] for row in GOLDEN} == {"clockwise", "counterclockwise"}
    assert sum(bool(row["part_table"]) for row in GOLDEN) >= 6
    assert len(GOLDEN) >= 15


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


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not installed (make test installs Debian's nodejs)")
def test_the_phone_names_the_same_seats_as_the_engine_on_random_tables():
    """static/js/tally.js handRoles, asked through one node process (tests/js/tally_batch.js), against the engine."""
    from test_tally_golden import Tally

    tally = Tally()
    asked = {"tie-break": 0, "whole table": 0, "counterclockwise": 0}

    @fuzz(400)
    @given(tables())
    def alike(table):
        seats, first_dealer, direction, number, part_table = table
        question = {"op": "handRoles", "seats": seats, "first_dealer": first_dealer, "direction": direction.value,
                    "number": number, "part_table": {str(hand): list(tied) for hand, tied in part_table.items()}}  # fmt: skip
        roles = hand_roles(*table)
        assert tally.ask(question) == {"dealer": roles.dealer, "cutter": roles.cutter, "first": roles.first_player}, question
        asked["tie-break" if number in part_table else "whole table"] += 1
        asked["counterclockwise"] += direction is CCW

    try:
        alike()
    finally:
        tally.close()
    assert min(asked.values()) >= 50, asked
