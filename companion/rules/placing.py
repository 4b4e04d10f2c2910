"""A game's places by its ruleset's own winner rule: the one answer the game page, the leagues' wins, ratings and
head-to-head all read (RULES.md §8.0 ``winner`` and ``tiebreak``, §8.6.6-8).

- ``lowest_total``: the lowest total wins; players are placed by total.
- ``finished_lowest_total`` (Phase 10): the winner is the game's own (the lowest total among those who made every
  phase, a tie-break hand included), never a lower total still on phase 9; everyone else is placed as the
  standings put them, by phases made (more first), then total (lower first).
- ``most_deals_won``: a tie for the win goes to whoever went out in the most deals (a tie after that is shared).

Tied players share a place, and the next place counts everyone ahead (1, 1, 3). Example 4.11's game end: Ann and
Ben made phase 10 with 140 and 95; Cy, on phase 9, has 60. Ben wins; Cy is third.

>>> from .phase10 import PHASE10
>>> ann = SeatResult(seat=0, total=140, phases_made=10)
>>> ben = SeatResult(seat=1, total=95, phases_made=10)
>>> cy = SeatResult(seat=2, total=60, phases_made=8)
>>> game_places(PHASE10, [ann, ben, cy], winners=(1,))
{0: 2, 1: 1, 2: 3}
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .rulesets import Ruleset, Tiebreak, Winner

__all__ = ["SeatResult", "game_places"]


@dataclass(frozen=True, kw_only=True, slots=True)
class SeatResult:
    """What one seat's place is decided on: its total, the phases it made and the deals it went out in."""

    seat: int
    """The player's seat (0 is the first seat, clockwise)."""
    total: int
    """The player's points over the game (tie-break hands included)."""
    phases_made: int = 0
    """Phases made (a game where each player plays their own phase; 0 otherwise)."""
    went_out: int = 0
    """Deals (hands) in which the player went out."""


def _standing_key(ruleset: Ruleset, result: SeatResult) -> tuple[int, ...]:
    """How the ruleset's winner rule orders players (smaller first): by total, or by phases made then total."""
    if ruleset.winner is Winner.FINISHED_LOWEST_TOTAL:
        return (-result.phases_made, result.total)
    return (result.total,)


def _leaders(ruleset: Ruleset, results: Sequence[SeatResult]) -> set[int]:
    """The seats in first place when the game itself named no winner: the best by the winner rule, a tie for it
    narrowed by the most deals won where the ruleset breaks ties so."""
    best = min(_standing_key(ruleset, r) for r in results)
    tied = [r for r in results if _standing_key(ruleset, r) == best]
    if len(tied) > 1 and ruleset.tiebreak is Tiebreak.MOST_DEALS_WON:
        most = max(r.went_out for r in tied)
        tied = [r for r in tied if r.went_out == most]
    return {r.seat for r in tied}


def game_places(ruleset: Ruleset, results: Sequence[SeatResult], winners: Collection[int] = ()) -> dict[int, int]:
    """Each seat's place (1 is a win; tied players share a place).

    ``winners`` are the seats the game itself decided won (a per-player game once decided, after any tie-break
    hand: :attr:`~.progression.GameProgress.winners`); empty, the winner rule names them from the results (a
    game with a fixed schedule, or one stopped before its winner was decided).
    """
    if not results:
        return {}
    first = set(winners) or _leaders(ruleset, results)
    others = [r for r in results if r.seat not in first]
    places = dict.fromkeys(first, 1)
    for result in others:
        key = _standing_key(ruleset, result)
        ahead = sum(1 for other in others if _standing_key(ruleset, other) < key)
        places[result.seat] = 1 + len(first) + ahead
    return dict(sorted(places.items()))
