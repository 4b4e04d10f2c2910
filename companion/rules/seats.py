"""Who deals, cuts and plays first in each hand (RULES.md §8.7.13-14): one pure function, :func:`hand_roles`.

Seats are numbered clockwise from 0, so the next seat clockwise is a player's
left-hand neighbour. The ruleset's ``direction`` says which way the deal and
the play go round the table:

- clockwise (every ruleset of §3): the deal passes to the left, the player on
  the dealer's left plays first, the player on the dealer's right cuts;
- counter-clockwise (Carioca): the deal passes to the right, the player on
  the dealer's right plays first, the player on the dealer's left cuts.

A tie-break hand (§8.6.7) is dealt, cut and played by the tied players only:
the deal passes, in the ruleset's direction, to the next tied player after
the last dealer; the next tied player after the new dealer plays first; the
tied player before the new dealer cuts. A player outside the tie is never
named.

§8.7.13's example: four players A, B, C, D, A dealing first in Carioca.

>>> from .rulesets import Direction
>>> [hand_roles(4, 0, Direction.COUNTERCLOCKWISE, n) for n in (1, 2)]
[HandRoles(dealer=0, cutter=1, first_player=3), HandRoles(dealer=3, cutter=0, first_player=2)]

§8.7.14's: five players A-E, A dealt hand 11, B and D tie; hand 12 is dealt
by B, cut by D and played first by D.

>>> hand_roles(5, 0, Direction.CLOCKWISE, 12, {12: (1, 3)})
HandRoles(dealer=1, cutter=3, first_player=3)
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from .rulesets import Direction

__all__ = ["HandRoles", "Side", "cutter_side", "hand_roles"]


class Side(enum.StrEnum):
    """Which of the dealer's neighbours a player is."""

    LEFT = "left"
    """The next seat clockwise."""
    RIGHT = "right"
    """The next seat counter-clockwise."""


@dataclass(frozen=True, slots=True)
class HandRoles:
    """Who does what in one hand, by seat (0 is the first seat, clockwise)."""

    dealer: int
    cutter: int
    """Clockwise the player on the dealer's right; counter-clockwise on their left; in a tie-break hand the tied
    player before the dealer."""
    first_player: int
    """Clockwise the player on the dealer's left; counter-clockwise on their right; in a tie-break hand the next
    tied player after the dealer."""


def _step(direction: Direction) -> int:
    """The seat number's change from one player to the next in ``direction`` (seats are numbered clockwise)."""
    return 1 if direction is Direction.CLOCKWISE else -1


def _next_playing(seat: int, playing: Collection[int], step: int, seats: int) -> int:
    """The first seat after ``seat``, going ``step`` by ``step`` round ``seats`` seats, that is in ``playing``
    (``seat`` itself when no other is)."""
    for count in range(1, seats + 1):
        other = (seat + count * step) % seats
        if other in playing:
            return other
    return seat


def hand_roles(
    seats: int,
    first_dealer: int,
    direction: Direction,
    number: int,
    part_table: Mapping[int, Collection[int]] | None = None,
) -> HandRoles:
    """Who deals, cuts and plays first in hand ``number`` (from 1) at a table of ``seats`` seats, the seat
    ``first_dealer`` having dealt hand 1, the deal passing in ``direction``.

    ``part_table`` maps the number of each hand played by only part of the table (a tie-break hand) to the seats
    that play it; every other hand is played by everyone. The work is bounded by those hands times the seats.
    Raises :class:`ValueError` for a table with no seats, a first dealer not at it, or a hand before the first.
    """
    if seats < 1 or not 0 <= first_dealer < seats or number < 1:
        raise ValueError(f"no hand {number} at {seats} seats dealt first by seat {first_dealer}")
    part_table = part_table or {}
    step = _step(direction)
    last = (first_dealer - step) % seats  # as if the seat before the first dealer had dealt a hand 0
    done = 0
    for hand in sorted(h for h in part_table if h <= number):
        last = (last + (hand - 1 - done) * step) % seats  # each hand of the whole table passes the deal one seat on
        last = _next_playing(last, part_table[hand], step, seats)
        done = hand
    dealer = (last + (number - done) * step) % seats
    playing = part_table.get(number, range(seats))
    return HandRoles(
        dealer=dealer,
        cutter=_next_playing(dealer, playing, -step, seats),
        first_player=_next_playing(dealer, playing, step, seats),
    )


def cutter_side(seats: int, direction: Direction, roles: HandRoles) -> Side | None:
    """Which of the dealer's neighbours cuts, as the table says it (``None`` when the cutter sits further away,
    in a tie-break hand, or is the dealer alone at the table). At a table of two the other player is on both
    sides: the side the direction puts the cutter on is said."""
    if roles.cutter == roles.dealer:
        return None
    usual = Side.RIGHT if direction is Direction.CLOCKWISE else Side.LEFT
    on_left, on_right = roles.cutter == (roles.dealer + 1) % seats, roles.cutter == (roles.dealer - 1) % seats
    if on_left and on_right:
        return usual
    return Side.LEFT if on_left else Side.RIGHT if on_right else None
