"""A plain reference for a per-player game (RULES.md §8.6), written from the rules alone, sharing no code with
``companion.rules.progression``: every number is recounted from scratch from the ticks, hand by hand.

A game here is a list of hands; a hand is a list of ``(made, points)`` per seat, every seat in every hand.
"""

from __future__ import annotations

from collections.abc import Sequence

Hand = Sequence[tuple[bool, int]]

PHASES = 10


def phase_in_hand(hands: Sequence[Hand], hand_index: int, seat: int) -> int:
    """The phase ``seat`` plays in hand ``hand_index`` (from 0): 1 + the ticks before it (§8.6.2)."""
    return 1 + sum(1 for hand in hands[:hand_index] if hand[seat][0])


def made_after(hands: Sequence[Hand], seat: int) -> int:
    """Phases ``seat`` has made after all of ``hands`` (never more than 10)."""
    return min(PHASES, sum(1 for hand in hands if hand[seat][0]))


def end_hand(hands: Sequence[Hand]) -> int | None:
    """The number (from 1) of the first hand after which someone has made phase 10 (§8.6.5)."""
    for number in range(1, len(hands) + 1):
        if any(made_after(hands[:number], seat) == PHASES for seat in range(len(hands[0]))):
            return number
    return None


def totals(hands: Sequence[Hand]) -> list[int]:
    """Each seat's points over ``hands``."""
    return [sum(hand[seat][1] for hand in hands) for seat in range(len(hands[0]))]


def lowest_finished(hands: Sequence[Hand]) -> list[int]:
    """The finished seats (phase 10 made) whose total is the lowest among the finished (§8.6.6)."""
    seats = range(len(hands[0]))
    finished = [seat for seat in seats if made_after(hands, seat) == PHASES]
    if not finished:
        return []
    best = min(totals(hands)[seat] for seat in finished)
    return [seat for seat in finished if totals(hands)[seat] == best]


def standings(hands: Sequence[Hand]) -> list[int]:
    """Seats by phases made (more first), then total (lower first), then seat (§8.6.8), by trying every pair."""
    seats = list(range(len(hands[0])))
    ordered: list[int] = []
    while seats:
        best = seats[0]
        for seat in seats:
            key = (-made_after(hands, seat), totals(hands)[seat], seat)
            if key < (-made_after(hands, best), totals(hands)[best], best):
                best = seat
        ordered.append(best)
        seats.remove(best)
    return ordered
