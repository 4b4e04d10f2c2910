"""Account actions: the owner on first run, invites, sign-in with rate limiting."""

from __future__ import annotations

import datetime as dt
import hmac

from flask import current_app
from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from ..extensions import db
from ..models import Invite, LoginAttempt, User
from ..validation import TextError, clean_name
from .access import new_token

#: Failed sign-ins allowed per address and per name in :data:`WINDOW` before more are refused.
MAX_FAILURES = 8
WINDOW = dt.timedelta(minutes=15)
MIN_PASSWORD = 10


class AccountError(ValueError):
    """An account action that can't be done; the message is for the person."""


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def has_accounts() -> bool:
    return db.session.scalar(select(func.count()).select_from(User)) > 0


def setup_link_opens(token: str | None) -> bool:
    """Whether ``token`` is the one-time setup link's secret (``SETUP_TOKEN``, made by ``flask serve``).

    With no secret configured (a server started some other way) no link
    opens the setup page: the owner is made in the terminal with
    ``flask create-owner``. The secret is one-time because the page makes
    nothing once the owner exists.
    """
    expected = current_app.config.get("SETUP_TOKEN") or ""
    return bool(expected and token) and hmac.compare_digest(expected.encode(), (token or "").encode())


def check_password(password: str) -> None:
    if len(password or "") < MIN_PASSWORD:
        raise AccountError(f"A password needs at least {MIN_PASSWORD} characters.")


def _new_user(username: str, password: str, *, owner: bool) -> User:
    if not (username or "").strip():
        raise AccountError("Choose a name to sign in with.")
    try:
        clean = clean_name(username, longest=40)
    except TextError as error:
        raise AccountError(str(error)) from None
    if db.session.scalar(select(User).where(User.username_key == User.key_for(clean))) is not None:
        raise AccountError(f"The name “{clean}” is taken: choose another.")
    check_password(password)
    # scrypt, Werkzeug's default: a standard, memory-hard password hash with a random salt
    user = User(username=clean, username_key=User.key_for(clean), password_hash=generate_password_hash(password), is_owner=owner)
    db.session.add(user)
    return user


def create_owner(username: str, password: str) -> User:
    """The first account; refused once any account exists."""
    if has_accounts():
        raise AccountError("This app already has its owner.")
    user = _new_user(username, password, owner=True)
    db.session.commit()
    return user


def create_invite(owner: User, player_id: int | None = None) -> Invite:
    """A one-use link; the account it makes will be ``player_id`` at the table (the owner says who)."""
    if not owner.is_owner:
        raise AccountError("Only the owner can invite.")
    invite = Invite(token=new_token(), created_by_id=owner.id, player_id=player_id)
    db.session.add(invite)
    db.session.commit()
    return invite


def open_invite(token: str) -> Invite:
    invite = db.session.scalar(select(Invite).where(Invite.token == token))
    if invite is None or invite.used_at is not None:
        raise AccountError("This invitation link is not valid any more: ask for a new one.")
    return invite


def accept_invite(token: str, username: str, password: str) -> User:
    """A new account from a one-use invitation."""
    invite = open_invite(token)
    user = _new_user(username, password, owner=False)
    user.player_id = invite.player_id
    try:
        db.session.flush()
    except IntegrityError:  # the same name chosen on another invitation at the same moment
        db.session.rollback()
        raise AccountError(f"The name “{user.username}” is taken: choose another.") from None
    # one conditional UPDATE: of two people opening the link at once, only the first gets an account
    used = db.session.execute(
        update(Invite)
        .where(Invite.id == invite.id, Invite.used_at.is_(None))
        .values(used_at=_now(), used_by_id=user.id)
        .execution_options(synchronize_session=False)
    ).rowcount
    if used != 1:
        db.session.rollback()
        raise AccountError("This invitation link is not valid any more: ask for a new one.")
    db.session.commit()
    return user


def sign_in(username: str, password: str, address: str) -> User:
    """The account for these credentials; refused after too many failures from the address or for the name."""
    keys = [f"ip:{address}", f"name:{User.key_for(username or '')[:100]}"]
    since = _now() - WINDOW
    # counted per key: a failure is recorded for both the address and the name, so their sum would
    # refuse after MAX_FAILURES / 2 tries from one phone with one name
    failures = db.session.execute(
        select(LoginAttempt.key, func.count())
        .where(LoginAttempt.key.in_(keys), LoginAttempt.at >= since)
        .group_by(LoginAttempt.key)
    ).all()
    if any(count >= MAX_FAILURES for _, count in failures):
        raise AccountError("Too many tries: wait a quarter of an hour, then try again.")
    user = db.session.scalar(select(User).where(User.username_key == User.key_for(username or "")))
    if user is None or not check_password_hash(user.password_hash, password or ""):
        for key in keys:
            db.session.add(LoginAttempt(key=key))
        db.session.execute(delete(LoginAttempt).where(LoginAttempt.at < since))
        db.session.commit()
        raise AccountError("That name and password don't match an account.")
    return user


def assign_player(owner: User, user: User, player_id: int | None) -> None:
    """The owner says which player an account is; membership of leagues follows from it."""
    if not owner.is_owner:
        raise AccountError("Only the owner can say which player an account is.")
    user.player_id = player_id
    db.session.commit()
