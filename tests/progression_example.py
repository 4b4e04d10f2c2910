"""Example 4.11's progression (RULES.md), as hands: shared by the engine's tests and the game pages' tests."""

from __future__ import annotations

from companion.rules.progression import HandLine, PlayedHand


def hand(*lines: tuple[bool, int], out: int | None = None, chosen: tuple[int | None, ...] = ()) -> PlayedHand:
    """A hand from ``(made, points)`` per seat (seat 0 first), who went out, and each seat's chosen phase."""
    return PlayedHand(
        went_out=out,
        lines=tuple(
            HandLine(seat=seat, made=made, points=points, chosen_phase=chosen[seat] if chosen else None)
            for seat, (made, points) in enumerate(lines)
        ),
    )


def hands_to_14(ann_total: int, ben_total: int) -> list[PlayedHand]:
    """Example 4.11's game to hand 14: Ann and Ben both make phase 10 in hand 14 with 140 and 95 (or the totals
    given); Cy, on phase 9 in hand 14, has 60. In each hand the first player who made their phase went out."""
    ann = [True, True, True, True, True, False, True, False, True, False, True, True, False, True]
    ben = [True, True, True, True, True, True, False, False, True, True, False, True, False, True]
    cy = [True, False, True, False, False, True, True, True, False, True, True, False, True, False]
    ann_points = [0, 0, 0, 0, 0, 20, 0, 30, 0, 20, 0, 0, ann_total - 70, 0]
    ben_points = [10, 0, 5, 0, 15, 0, 10, 10, 5, 0, 20, 0, ben_total - 75, 0]
    cy_points = [5, 30, 5, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    hands = []
    for number in range(14):
        ticks = (ann[number], ben[number], cy[number])
        out = ticks.index(True) if True in ticks else None
        points = (ann_points[number], ben_points[number], cy_points[number])
        hands.append(hand(*((ticks[s], 0 if s == out else points[s]) for s in range(3)), out=out))
    return hands
