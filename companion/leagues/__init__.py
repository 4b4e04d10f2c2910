"""Leagues: rosters, standings by season and ruleset, player pages, head-to-head, export and backup.

The blueprint is made here; its views (:mod:`.routes`, :mod:`.backup_routes`)
register themselves on it, so neither view module imports the other.
"""

from flask import Blueprint

bp = Blueprint("leagues", __name__, url_prefix="/leagues")

from . import backup_routes, routes  # noqa: E402,F401  (the views register themselves on bp)
