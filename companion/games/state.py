"""What a game's stored facts add up to: whose deal it is, the totals, the leader, the final order.

Nothing here is stored; everything is derived from the seats and deal
results each time, so a correction anywhere is reflected everywhere.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass

from ..models import Game, GameStatus, Player
from ..rules import Deal, Ruleset
from ..rules.rulesets import Tiebreak
from ..rules.placing import SeatResult, game_places
from ..rules.progression import GameProgress
from ..rules.seats import HandRoles, hand_roles
from .phases import game_progress


TableRoles = HandRoles
"""Who does what in one deal (seat positions; clockwise, so "left" is the next seat)."""


def roles(game: Game, deal_number: int) -> TableRoles:
    """Who deals, cuts and plays first in deal ``deal_number``: the deal passes in the ruleset's direction from the
    game's first dealer; a tie-break hand is dealt, cut and played by the tied players only (RULES.md §8.7.13-14,
    :func:`~companion.rules.seats.hand_roles`)."""
    return hand_roles(len(game.seats), game.first_dealer, game.ruleset.direction, deal_number, part_table_hands(game))


def part_table_hands(game: Game) -> dict[int, tuple[int, ...]]:
    """The hands of ``game`` that only part of the table plays, by number, with their seats: the tie-break hands
    played, and the next hand when it is one (empty where everyone plays the same deal)."""
    progress = game_progress(game)
    if progress is None:
        return {}
    hands = dict(progress.tiebreak_hands)
    if progress.tiebreak:
        hands[len(game.deals) + 1] = tuple(progress.tiebreak)
    return hands


@dataclass(frozen=True)
class Standing:
    """One player's place in a game."""

    position: int
    player: Player
    total: int
    place: int
    """1 for the winner by the ruleset's rule (the lowest total; Phase 10: :mod:`~companion.rules.placing`);
    tied players share a place."""
    deal_points: tuple[int | None, ...]
    """This player's score in each deal (``None`` for deals not yet played)."""
    running: tuple[int | None, ...]
    """The running total after each deal."""
    went_out: int = 0
    """Deals in which this player went out (what a tie for the win is broken by where the ruleset says
    ``tiebreak: most_deals_won``)."""


@dataclass(frozen=True)
class GameState:
    """A game seen as a whole, derived from its stored facts."""

    game: Game
    ruleset: Ruleset
    standings: tuple[Standing, ...]
    """In seat order."""
    deals_played: int
    progress: GameProgress | None = None
    """Where each player stands in a per-player game (Phase 10: phases, end, winner, tie-break); ``None`` when
    everyone plays the same deal."""

    @property
    def finished(self) -> bool:
        return self.game.game_status is GameStatus.FINISHED

    @property
    def current_deal(self) -> Deal | None:
        """The deal being played now (``None`` once every deal has a result, or the game has ended); in a per-player
        game, the next hand (every phase deals alike; each player's phase is in :attr:`progress`)."""
        if self.game.game_status is GameStatus.FINISHED:
            return None
        if self.progress is not None:
            return None if self.progress.over else dataclasses.replace(self.ruleset.deals[0], number=self.deals_played + 1)
        if self.deals_played >= len(self.ruleset.deals):
            return None
        return self.ruleset.deals[self.deals_played]

    @property
    def ended_early(self) -> bool:
        """Finished by the table's say-so before the last deal (a per-player game: before its winner was decided)."""
        if self.progress is not None:
            return self.finished and not self.progress.over
        return self.finished and self.deals_played < len(self.ruleset.deals)

    @property
    def leaders(self) -> tuple[Standing, ...]:
        """The players in first place (a per-player game once decided: its winners, RULES.md §8.6.6)."""
        if not self.deals_played:
            return ()
        if self.progress is not None and self.progress.winners:
            return tuple(s for s in self.standings if s.position in self.progress.winners)
        return tuple(s for s in self.standings if s.place == 1)

    @property
    def final_order(self) -> tuple[Standing, ...]:
        return tuple(sorted(self.standings, key=lambda s: (s.place, s.position)))

    @property
    def tied_on_deals_won(self) -> tuple[Standing, ...]:
        """The players tied on the lowest total where the ruleset breaks that tie by deals won (RULES.md §8.0
        ``most_deals_won``: deals in which the player went out; a tie after that is shared), in seat order; empty
        when there is no such tie."""
        if self.progress is not None or self.ruleset.tiebreak is not Tiebreak.MOST_DEALS_WON or not self.deals_played:
            return ()
        lowest = min(s.total for s in self.standings)
        tied = tuple(s for s in self.standings if s.total == lowest)
        return tied if len(tied) > 1 else ()

    def roles(self, deal_number: int) -> TableRoles:
        return roles(self.game, deal_number)


def game_state(game: Game) -> GameState:
    """Totals, places and the current deal of a game."""
    progress = game_progress(game)
    per_seat = _deal_points(game, len(game.deals) if progress is not None else len(game.ruleset.deals))
    totals = {position: sum(p for p in points if p is not None) for position, points in per_seat.items()}
    places = _places(game, totals, progress)
    went_out = Counter(deal.went_out for deal in game.deals if deal.went_out is not None)
    standings = tuple(
        Standing(
            position=seat.position,
            player=seat.player,
            total=totals[seat.position],
            place=places[seat.position],
            deal_points=tuple(per_seat[seat.position]),
            running=_running(per_seat[seat.position]),
            went_out=went_out[seat.position],
        )
        for seat in game.seats
    )
    return GameState(game=game, ruleset=game.ruleset, standings=standings, deals_played=len(game.deals), progress=progress)


def _places(game: Game, totals: dict[int, int], progress: GameProgress | None) -> dict[int, int]:
    """Each seat's place by the ruleset's winner rule (:func:`~companion.rules.placing.game_places`): the lowest
    total first; a per-player game's decided winners first, then the most phases made (RULES.md §8.6.6-8); tied
    players share a place."""
    went_out = Counter(deal.went_out for deal in game.deals if deal.went_out is not None)
    if progress is None:
        results = [SeatResult(seat=seat, total=total, went_out=went_out[seat]) for seat, total in totals.items()]
        return game_places(game.ruleset, results)
    results = [
        SeatResult(seat=player.seat, total=player.total, phases_made=len(player.made), went_out=player.went_out)
        for player in progress.players
    ]
    return game_places(game.ruleset, results, progress.winners)


def _deal_points(game: Game, count: int) -> dict[int, list[int | None]]:
    """Each seat's score in each of ``count`` deals of the game (``None`` for deals not played yet, and for a
    player who sat out a tie-break hand)."""
    per_seat: dict[int, list[int | None]] = {seat.position: [None] * count for seat in game.seats}
    for deal in game.deals:
        for hand in deal.hands:
            if hand.position in per_seat and 1 <= deal.number <= count:
                per_seat[hand.position][deal.number - 1] = hand.total
    return per_seat


def _running(points: list[int | None]) -> tuple[int | None, ...]:
    """The running total after each deal played (``None`` for deals not played yet)."""
    running: list[int | None] = []
    total = 0
    for value in points:
        if value is None:
            running.append(None)
        else:
            total += value
            running.append(total)
    return tuple(running)
