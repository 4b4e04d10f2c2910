"""Watch links: a game or a league's standings, read-only, for anyone with the link (no account)."""

from __future__ import annotations

from flask import Blueprint, abort
from sqlalchemy import select
from werkzeug.wrappers import Response

from ..extensions import db
from ..models import Game, League
from ..validation import looks_like_token

bp = Blueprint("watch", __name__, url_prefix="/watch")


def _id_for(model, token: str) -> int:  # noqa: ANN001
    """The id a share token opens (a plain statement: a watching phone asks every two seconds)."""
    with db.engine.connect() as connection:
        found = connection.execute(select(model.id).where(model.share_token == token)).scalar() if looks_like_token(token) else None
    if found is None:
        abort(404)
    return found


@bp.get("/g/<token>")
def game(token: str) -> str | Response:
    """A game as it is played, following every score live."""
    from ..games.routes import game_page

    return game_page(_id_for(Game, token), watching=True)


@bp.get("/l/<token>")
def league(token: str) -> tuple[str, int]:
    """A league's standings, read-only."""
    from ..leagues.routes import standings_page

    return standings_page(db.session.get(League, _id_for(League, token)), watch_token=token)


@bp.get("/l/<token>/players/<int:player_id>")
def league_player(token: str, player_id: int) -> tuple[str, int]:
    from ..leagues.routes import player_page

    return player_page(db.session.get(League, _id_for(League, token)), player_id, watch_token=token)


@bp.get("/l/<token>/head-to-head")
def league_head_to_head(token: str) -> tuple[str, int]:
    from ..leagues.routes import head_to_head_page

    return head_to_head_page(db.session.get(League, _id_for(League, token)), watch_token=token)
