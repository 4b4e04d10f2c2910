"""A small reference game-runner written in the tests, from RULES.md alone: who deals, cuts and plays first
(§8.7.13, §8.7.14), and where a whole game stands (totals, phases, the end, the winners, a tie-break hand: §8.6).

The golden transcripts (tests/whole_games.py) are checked against it for their roles (a slip in a hand-written
name shows here), and the hypothesis property (tests/test_whole_games_property.py) plays random games through the
app's deal-entry use case against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field


def step(direction: str) -> int:
    """The next seat's offset in the direction of play: clockwise is to the left, the next seat in the list."""
    return 1 if direction == "clockwise" else -1


def fixed_roles(seats: int, first_dealer: int, number: int, direction: str) -> tuple[int, int, int]:
    """Deal ``number``'s (dealer, cutter, first player): the deal passes on in the direction of play; the next
    player in that direction plays first, the one before cuts (§8.7.13)."""
    s = step(direction)
    dealer = (first_dealer + s * (number - 1)) % seats
    return dealer, (dealer - s) % seats, (dealer + s) % seats


def tiebreak_roles(seats: int, last_dealer: int, tied: list[int], direction: str) -> tuple[int, int, int]:
    """A tie-break hand's (dealer, cutter, first player), all among ``tied`` (§8.7.14): the deal passes to the next
    tied player after the last dealer; the next tied player after the new dealer plays first; the tied player
    before the new dealer cuts."""
    s = step(direction)

    def following(seat: int, way: int) -> int:
        seat = (seat + way) % seats
        while seat not in tied:
            seat = (seat + way) % seats
        return seat

    dealer = following(last_dealer, s)
    return dealer, following(dealer, -s), following(dealer, s)


@dataclass
class PhaseRun:
    """A per-player game followed hand by hand (§8.6.2-7)."""

    phases: int
    seats: int
    tiebreak_rule: str
    made: dict[int, list[int]] = field(default_factory=dict)
    totals: dict[int, int] = field(default_factory=dict)
    went_out: dict[int, int] = field(default_factory=dict)
    ended: bool = False
    tied: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        for seat in range(self.seats):
            self.made.setdefault(seat, [])
            self.totals.setdefault(seat, 0)
            self.went_out.setdefault(seat, 0)

    def phase(self, seat: int) -> int:
        """The phase ``seat`` plays next (0 once every phase is made)."""
        return 0 if len(self.made[seat]) == self.phases else len(self.made[seat]) + 1

    def finished(self, seat: int) -> bool:
        return len(self.made[seat]) == self.phases

    def playing(self) -> list[int]:
        return list(self.tied) if self.tied else list(range(self.seats))

    def hand(self, lines: dict[int, tuple[bool, int]], out: int | None) -> None:
        """One hand: each playing seat's (made, points) and who went out."""
        for seat, (made, points) in lines.items():
            self.totals[seat] += points
            if made and not self.ended:
                self.made[seat].append(self.phase(seat))
        if out is not None:
            self.went_out[out] += 1
        if self.tied:
            if out in self.tied:
                self.tied, self.winners = [], [out]
                return
            makers = [seat for seat, (made, _points) in lines.items() if made]
            if makers:
                self._decide(makers)
            return
        done = [seat for seat in range(self.seats) if self.finished(seat)]
        if done:
            self.ended = True
            self._decide(done)

    def _decide(self, candidates: list[int]) -> None:
        low = min(self.totals[seat] for seat in candidates)
        tied = [seat for seat in candidates if self.totals[seat] == low]
        if len(tied) > 1 and self.tiebreak_rule == "most_deals_won":
            most = max(self.went_out[seat] for seat in tied)
            tied = [seat for seat in tied if self.went_out[seat] == most]
        if len(tied) > 1 and self.tiebreak_rule == "replay_last_phase":
            self.tied, self.winners = tied, []
        else:
            self.tied, self.winners = [], tied


def fixed_winners(totals: dict[int, int], went_out: dict[int, int], tiebreak_rule: str) -> list[int]:
    """The winners of a game on a fixed schedule: the lowest total, a tie narrowed by deals won where the ruleset
    says so (§8.0 ``tiebreak``); a tie after that is shared."""
    low = min(totals.values())
    tied = [seat for seat, total in totals.items() if total == low]
    if len(tied) > 1 and tiebreak_rule == "most_deals_won":
        most = max(went_out.get(seat, 0) for seat in tied)
        tied = [seat for seat in tied if went_out.get(seat, 0) == most]
    return tied
