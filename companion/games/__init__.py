"""Games: new game, seating, deal entry and undo, the game page, and offline entry synced later.

The blueprint is made here; its views (:mod:`.routes`, :mod:`.offline`) register
themselves on it, so neither view module needs the other to exist first.
"""

from flask import Blueprint

bp = Blueprint("games", __name__, url_prefix="/games")

from . import offline, routes  # noqa: E402,F401  (the views register themselves on bp)
