"""Who may change what, in one place.

Changing a game, its scores or a league needs a signed-in account; in a
league, an account whose player is on the league's roster (the owner may
change everything). Watching needs no account, only a share link. A stored
ruleset (house rules) is changed by its league's members, or by the account
that made it (and the owner).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from flask_login import current_user

from sqlalchemy import Connection, bindparam, select

from ..extensions import db
from ..models import CustomRuleset, Game, League, league_member


def new_token() -> str:
    """A share or invite secret: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


_MEMBER = select(league_member.c.player_id).where(
    league_member.c.league_id == bindparam("league_id"), league_member.c.player_id == bindparam("player_id")
)


def may_change(user: object, league_id: int | None, connection: Connection | None = None) -> bool:
    """THE access rule: may ``user`` change a game of league ``league_id`` (``None``: no league), or the league?

    A signed-in account may change games outside any league; in a league, an
    account whose player is on its roster may (the owner may change
    everything). One plain statement, on ``connection`` when given (the game
    page asks before it knows whether its page is already kept).
    """
    if not getattr(user, "is_authenticated", False):
        return False
    if getattr(user, "is_owner", False) or league_id is None:
        return True
    player_id = getattr(user, "player_id", None)
    if player_id is None:
        return False
    params = {"league_id": league_id, "player_id": player_id}
    if connection is not None:
        return connection.execute(_MEMBER, params).first() is not None
    return db.session.execute(_MEMBER, params).first() is not None


def changeable_leagues(user: object, leagues: Iterable[League]) -> list[League]:
    """Those of ``leagues`` that ``user`` may change: :func:`may_change` for a list, in one statement, not one a league."""
    leagues = list(leagues)
    if not getattr(user, "is_authenticated", False):
        return []
    if getattr(user, "is_owner", False):
        return leagues
    player_id = getattr(user, "player_id", None)
    if player_id is None:
        return []
    rostered = set(db.session.scalars(select(league_member.c.league_id).where(league_member.c.player_id == player_id)))
    return [league for league in leagues if league.id in rostered]


def can_change_game(user: object, game: Game) -> bool:
    """A signed-in account; for a league's game, a member of that league (or the owner)."""
    return may_change(user, game.league_id)


def can_change_league(user: object, league: League | None) -> bool:
    """Whether ``user`` may change what belongs to ``league`` (``None``: nothing's league): :func:`may_change`."""
    return may_change(user, league.id if league is not None else None)


def refusal(game: Game | None = None, league: League | None = None) -> str:
    """Why the current reader may not change this, in a sentence."""
    if not current_user.is_authenticated:
        return "Sign in to change games, scores and leagues."
    target = league or (game.league if game else None)
    if target is not None:
        return f"Only members of {target.name} can change its games and standings."
    return "You can't change this."


def can_change_rules(user: object, custom: CustomRuleset) -> bool:
    """A league's stored ruleset: its members (and the owner); an account's: that account (and the owner)."""
    if not getattr(user, "is_authenticated", False):
        return False
    if custom.league is not None:
        return can_change_league(user, custom.league)
    return bool(getattr(user, "is_owner", False)) or custom.user_id == getattr(user, "id", None)


def rules_refusal(custom: CustomRuleset) -> str:
    """Why the current reader may not change the stored ruleset ``custom``, in a sentence."""
    if custom.league is not None:
        return f"Only members of {custom.league.name} can change its rules."
    return "Only the account that made these rules (or the owner) can change them."
