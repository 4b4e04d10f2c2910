"""Finished games as a file BG Stats imports: its own export's shape (games, players, plays with scores).

BG Stats (the board-game logging app) exports and imports JSON holding
``games`` (a name, and how it is scored: here the lowest score wins),
``players`` (a name each), and ``plays``: each a game (``gameRefId``), a day
and time (``playDate``, ``YYYY-MM-DD HH:MM:SS``), and ``playerScores`` with
each player's ``playerRefId``, ``score`` (text), ``winner``, ``rank``,
``seatOrder`` and ``startPlayer``. Every row carries a ``uuid``, made here
from the game's id and start time so the same game sent twice is one play
there. The winners and ranks are the app's own (:mod:`companion.games.state`:
the lowest total wins, ties share a place).
"""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from ..games.state import game_state
from ..models import Game, GameStatus

__all__ = ["bgstats_file"]

_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "rummy-companion/bgstats")


def _uuid(*parts: object) -> str:
    return str(uuid.uuid5(_NAMESPACE, "/".join(map(str, parts))))


def _when(moment: dt.datetime | None) -> str:
    return (moment or dt.datetime(1970, 1, 1)).strftime("%Y-%m-%d %H:%M:%S")


def bgstats_file(games: list[Game]) -> dict[str, Any]:
    """The finished ``games`` as a BG Stats import file (games in progress or abandoned are left out)."""
    rulesets: dict[str, int] = {}
    players: dict[int, int] = {}
    game_rows: list[dict[str, Any]] = []
    player_rows: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    for game in sorted(games, key=lambda g: (g.created_at, g.id)):
        if game.status != GameStatus.FINISHED.value:
            continue
        name = game.ruleset.name
        if name not in rulesets:
            rulesets[name] = len(rulesets) + 1
            game_rows.append({
                "id": rulesets[name], "uuid": _uuid("game", name), "name": name, "bggId": 0,
                "highestWins": False, "noPoints": False, "cooperative": False, "usesTeams": False,
            })
        state = game_state(game)
        scores = []
        for standing in state.standings:
            player = standing.player
            if player.id not in players:
                players[player.id] = len(players) + 1
                player_rows.append({
                    "id": players[player.id], "uuid": _uuid("player", player.id, player.name_key),
                    "name": player.name, "isAnonymous": False,
                })
            scores.append({
                "playerRefId": players[player.id],
                "score": str(standing.total),
                "winner": standing.place == 1,
                "rank": standing.place,
                "seatOrder": standing.position,
                "startPlayer": standing.position == game.first_dealer,
                "newPlayer": False,
            })
        plays.append({
            "uuid": _uuid("play", game.id, _when(game.created_at)),
            "gameRefId": rulesets[name],
            "playDate": _when(game.created_at),
            "entryDate": _when(game.finished_at),
            "durationMin": max(0, int(((game.finished_at or game.created_at) - game.created_at).total_seconds() // 60)),
            "rounds": len(game.deals),
            "ignored": False,
            "manualWinner": False,
            "usesTeams": False,
            "playerScores": sorted(scores, key=lambda s: s["seatOrder"]),
        })
    return {"games": game_rows, "players": player_rows, "locations": [], "plays": plays}
