"""A family's history brought into a league: paper score sheets read, asked about, previewed, then stored.

The blueprint is made here; its views (:mod:`.routes`) register themselves on it.
"""

from flask import Blueprint

bp = Blueprint("history", __name__)

from . import routes  # noqa: E402,F401  (the views register themselves on bp)
