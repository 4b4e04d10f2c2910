"""Who may change what, in one place.

Changing a game, its scores or a league needs a signed-in account; in a
league, an account whose player is on the league's roster (the owner may
change everything). Watching needs no account, only a share link.
"""

from __future__ import annotations

import secrets

from flask_login import current_user

from ..models import Game, League, User


def new_token() -> str:
    """A share or invite secret: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def member_of(user: User, league: League | None) -> bool:
    if league is None:
        return True
    if user.is_owner:
        return True
    return user.player_id is not None and any(member.id == user.player_id for member in league.members)


def can_change_game(user: object, game: Game) -> bool:
    """A signed-in account; for a league's game, a member of that league (or the owner)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return member_of(user, game.league)  # type: ignore[arg-type]


def can_change_league(user: object, league: League) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return member_of(user, league)  # type: ignore[arg-type]


def refusal(game: Game | None = None, league: League | None = None) -> str:
    """Why the current reader may not change this, in a sentence."""
    if not current_user.is_authenticated:
        return "Sign in to change games, scores and leagues."
    target = league or (game.league if game else None)
    if target is not None:
        return f"Only members of {target.name} can change its games and standings."
    return "You can't change this."
