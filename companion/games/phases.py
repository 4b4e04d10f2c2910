"""A game where each player plays their own phase (Phase 10, RULES.md §8.6), seen from its stored hands.

The stored facts are each hand's points, "made" ticks, chosen phases (Masters)
and who went out; the engine's :func:`~companion.rules.progression.follow_game`
derives everyone's phase, the end, the standings, the winner and a tie-break
hand from them. This module only reads the rows into the engine's values.
"""

from __future__ import annotations

from ..models import Game
from ..rules import Progression, Ruleset
from ..rules.progression import GameProgress, HandLine, PlayedHand, follow_game


def per_player(ruleset: Ruleset) -> bool:
    """Whether each player plays their own phase in ``ruleset`` (rather than everyone the same deal)."""
    return ruleset.progression is not Progression.FIXED


def seat_names(game: Game) -> dict[int, str]:
    """Each seat's player's name, by position."""
    return {seat.position: seat.player.name for seat in game.seats}


def stored_hands(game: Game) -> list[PlayedHand]:
    """The game's recorded hands, in order, as the engine takes them."""
    return [
        PlayedHand(
            lines=tuple(
                HandLine(seat=hand.position, made=hand.made, points=hand.total, chosen_phase=hand.chosen_phase)
                for hand in deal.hands
            ),
            went_out=deal.went_out,
        )
        for deal in game.deals
    ]


def game_progress(game: Game, hands: int | None = None) -> GameProgress | None:
    """The per-player game after its first ``hands`` hands (all of them by default); ``None`` for a game where
    everyone plays the same deal."""
    ruleset = game.ruleset
    if not per_player(ruleset):
        return None
    recorded = stored_hands(game)
    return follow_game(ruleset, seat_names(game), recorded if hands is None else recorded[:hands])


def seats_in_hand(game: Game, number: int) -> list[int]:
    """The seats that play hand ``number``: everyone, or only the tied players in a tie-break hand."""
    before = game_progress(game, number - 1)
    if before is not None and before.tiebreak:
        return list(before.tiebreak)
    return [seat.position for seat in game.seats]
