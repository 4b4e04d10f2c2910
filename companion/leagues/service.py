"""League actions: create a league, manage its roster. Each is one transaction."""

from __future__ import annotations

from flask_babel import gettext
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..auth.access import new_token
from ..models import League, Player
from ..validation import TextError, clean_name


class LeagueError(ValueError):
    """A league action that can't be done; the message is for the player."""


def _touch(league: League) -> None:
    # raised in SQL (read back after the commit), so two roster changes at once both count
    league.revision = League.revision + 1


def create_league(name: str) -> League:
    if not (name or "").strip():
        raise LeagueError(gettext("Give the league a name."))
    try:
        clean = clean_name(name, longest=60, what="A league name")
    except TextError as error:
        raise LeagueError(str(error)) from None
    if db.session.query(League).filter_by(name_key=League.key_for(clean)).first() is not None:
        raise LeagueError(gettext("There is already a league called “%(name)s”.", name=clean))
    league = League(name=clean, name_key=League.key_for(clean), share_token=new_token())  # its watch link
    db.session.add(league)
    try:
        db.session.commit()
    except IntegrityError:  # made on another phone at the same moment
        db.session.rollback()
        raise LeagueError(gettext("There is already a league called “%(name)s”.", name=clean)) from None
    return league


def add_member(league: League, player: Player) -> bool:
    """Put a player on the roster; ``False`` if they were on it already."""
    if player in league.members:
        return False
    name = player.name
    league.members.append(player)
    _touch(league)
    try:
        db.session.commit()
    except IntegrityError:  # the same player added (or a new player of that name made) on another phone
        db.session.rollback()
        raise LeagueError(f"{name} was just added on another phone: reload to see the roster.") from None
    return True


def remove_member(league: League, player: Player) -> None:
    """Take a player off the roster; their past games still count in the standings."""
    if player not in league.members:
        raise LeagueError(f"{player.name} is not on the roster.")
    league.members.remove(player)
    _touch(league)
    db.session.commit()
