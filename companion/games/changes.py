"""Which games a session changed: noted by every write (:func:`companion.games.history.touch`).

Kept on the session and read when it commits by the league summaries
(:mod:`companion.leagues.summary`), which rewrite the changed games' results.
The note lives here, with the games, so the games package needs nothing of
the leagues package (leagues build on games, never the other way round).
"""

from __future__ import annotations

from ..extensions import db
from ..models import Game

TOUCHED = "touched_games"
"""The key of the changed games in ``session.info``."""


def mark_changed(game: Game) -> None:
    """Note that a game's results must be rewritten when the session commits."""
    db.session().info.setdefault(TOUCHED, set()).add(game)
