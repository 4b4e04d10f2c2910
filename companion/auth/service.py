"""Account actions: the owner on first run, invites, sign-in with rate limiting."""

from __future__ import annotations

import datetime as dt
import hmac

from flask import current_app
from flask_babel import gettext as _
from flask_babel import ngettext
from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from ..extensions import db, rows_changed
from ..models import Change, DealResult, Invite, LoginAttempt, LoginSession, User, utc_now
from ..validation import TextError, clean_name, name_sentence, refused_character
from ..validation import looks_like_token
from .access import new_token
from .devices import kept_agent

#: Sign-in tries for one name from phones it was never signed in on, per :data:`NAME_WINDOW`: guessing is
#: slowed to a handful a minute, and the account's own phones (see :func:`sign_in`) are never held back.
NAME_TRIES = 5
NAME_WINDOW = dt.timedelta(minutes=1)
#: Sign-in tries from one address per :data:`ADDRESS_WINDOW` (any names): one guesser can't try many names.
ADDRESS_TRIES = 20
ADDRESS_WINDOW = dt.timedelta(minutes=15)
MIN_PASSWORD = 10
INVITE_LIFETIME = dt.timedelta(days=7)
"""An invitation link works once, within this long of being made."""

# Checked against when the name is unknown, so an unknown name costs the same hash as a wrong password
# (answer times don't tell which names exist).
_UNKNOWN_NAME_HASH = generate_password_hash("no account has this password")


class AccountError(ValueError):
    """An account action that can't be done; the message is for the person, in the page's language.

    ``field`` names the form field it is about (``"username"``, ``"password"``, ``"current"``), or is empty.
    """

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


class OwnerExistsError(AccountError):
    """The first-run setup came too late: the app has its owner (another phone, or a double tap, was first)."""


def has_accounts() -> bool:
    return (db.session.scalar(select(func.count()).select_from(User)) or 0) > 0


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
        raise AccountError(
            ngettext(
                "A password needs at least %(num)d character.", "A password needs at least %(num)d characters.", MIN_PASSWORD
            ),
            "password",
        )


def _new_user(username: str, password: str, *, owner: bool) -> User:
    if not (username or "").strip():
        raise AccountError(_("Choose a name to sign in with."), "username")
    try:
        clean = clean_name(username, longest=40)
    except TextError as error:
        raise AccountError(name_sentence(error), "username") from None
    if db.session.scalar(select(User).where(User.username_key == User.key_for(clean))) is not None:
        raise AccountError(_("The name “%(name)s” is taken: choose another.", name=clean), "username")
    check_password(password)
    # scrypt, Werkzeug's default: a standard, memory-hard password hash with a random salt
    user = User(username=clean, username_key=User.key_for(clean), password_hash=generate_password_hash(password), is_owner=owner)
    db.session.add(user)
    return user


def create_owner(username: str, password: str) -> User:
    """The first account; refused once any account exists.

    Setups racing each other (two phones with the link, a double tap) all
    pass the first check; the database's one-owner index and unique names let
    one insert through, and the others are told the app has its owner.
    """
    if has_accounts():
        raise OwnerExistsError(_("This app already has its owner."))
    user = _new_user(username, password, owner=True)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise OwnerExistsError(_("This app already has its owner.")) from None
    return user


def create_invite(owner: User, player_id: int | None = None) -> Invite:
    """A one-use link; the account it makes will be ``player_id`` at the table (the owner says who)."""
    if not owner.is_owner:
        raise AccountError(_("Only the owner can invite."))
    invite = Invite(token=new_token(), created_by_id=owner.id, player_id=player_id)
    db.session.add(invite)
    db.session.commit()
    return invite


def open_invite(token: str) -> Invite:
    invite = db.session.scalar(select(Invite).where(Invite.token == token)) if looks_like_token(token) else None
    if invite is None or invite.used_at is not None or invite.created_at < utc_now() - INVITE_LIFETIME:
        raise AccountError(_("This invitation link is not valid any more: ask for a new one."))
    return invite


def open_invites() -> list[Invite]:
    """Invitations not used yet and not expired, newest first (the owner may revoke them)."""
    return list(
        db.session.scalars(
            select(Invite)
            .where(Invite.used_at.is_(None), Invite.created_at >= utc_now() - INVITE_LIFETIME)
            .order_by(Invite.created_at.desc(), Invite.id.desc())
        )
    )


def revoke_invite(owner: User, invite_id: int) -> bool:
    """The owner takes an unused invitation back (its link stops working); ``False`` if it was used or gone."""
    if not owner.is_owner:
        raise AccountError(_("Only the owner can revoke invitations."))
    gone = rows_changed(
        delete(Invite).where(Invite.id == invite_id, Invite.used_at.is_(None)).execution_options(synchronize_session=False)
    )
    db.session.commit()
    return gone == 1


def accept_invite(token: str, username: str, password: str) -> User:
    """A new account from a one-use invitation."""
    invite = open_invite(token)
    user = _new_user(username, password, owner=False)
    user.player_id = invite.player_id
    try:
        db.session.flush()
    except IntegrityError:  # the same name chosen on another invitation at the same moment
        db.session.rollback()
        raise AccountError(_("The name “%(name)s” is taken: choose another.", name=user.username), "username") from None
    # one conditional UPDATE: of two people opening the link at once, only the first gets an account
    used = rows_changed(
        update(Invite)
        .where(Invite.id == invite.id, Invite.used_at.is_(None))
        .values(used_at=utc_now(), used_by_id=user.id)
        .execution_options(synchronize_session=False)
    )
    if used != 1:
        db.session.rollback()
        raise AccountError(_("This invitation link is not valid any more: ask for a new one."))
    db.session.commit()
    return user


def _attempt_key(kind: str, text: str) -> str:
    """A throttle key: a name or address as typed, with what a database can't store (NUL, say) replaced.

    Written before the name is judged (an unknown or malformed name is still a
    try), so a NUL once reached PostgreSQL, which refuses it: a 500.
    """
    safe = "".join(char if char.isprintable() else "?" for char in text[:100])
    return f"{kind}:{safe}"


def _recent_tries(keys: dict[str, dt.timedelta], now: dt.datetime) -> dict[str, int]:
    """How many tries each key has within its window."""
    condition = or_(*((LoginAttempt.key == key) & (LoginAttempt.at >= now - window) for key, window in keys.items()))
    rows = db.session.execute(select(LoginAttempt.key, func.count()).where(condition).group_by(LoginAttempt.key))
    return {key: count for key, count in rows.all()}


def sign_in(username: str, password: str, address: str, *, known_phone: bool = False) -> User:
    """The account for these credentials; slowed, never locked, against guessing.

    A name may be tried :data:`NAME_TRIES` times a minute from phones it was
    never signed in on, and one address :data:`ADDRESS_TRIES` times a quarter
    of an hour. A phone the name signed in on before (``known_phone``, from a
    signed cookie no guesser has) counts only its own tries, under its own key
    and the address's limit: guesses from the same home network (one address
    behind the router) can't keep the owner's phone out.

    Tries already past a limit are refused before anything is written, so a
    flood of guesses writes nothing more (760 posts once wrote 1,520 rows and
    slowed everyone's saves). A try under the limits is written (and
    committed) before the password is checked, then the tries are counted
    again: of many tries at once, at most the allowed number are ever checked.
    An unknown name is checked against a stand-in hash, so it takes as long
    as a wrong password.
    """
    name = User.key_for(username or "")
    limits = _try_limits(name, address, known_phone=known_phone)
    windows = {key: window for key, (_, window) in limits.items()}
    now = utc_now()
    _refuse_past_limits(_recent_tries(windows, now), limits, written=False)
    tries = [LoginAttempt(key=key) for key in limits]
    db.session.add_all(tries)
    db.session.commit()
    _refuse_past_limits(_recent_tries(windows, now), limits, written=True)
    user = _account_matching(name, password)
    if user is None:
        db.session.execute(delete(LoginAttempt).where(LoginAttempt.at < now - ADDRESS_WINDOW))
        db.session.commit()
        raise AccountError(_("That name and password don't match an account."), "password")
    # a successful sign-in is not a guess: its tries don't count against the name or the address
    db.session.execute(delete(LoginAttempt).where(LoginAttempt.id.in_([t.id for t in tries])))
    db.session.commit()
    return user


def _try_limits(name: str, address: str, *, known_phone: bool) -> dict[str, tuple[int, dt.timedelta]]:
    """The keys a sign-in try counts under, each with its limit and window: a known phone its own; else the
    name's and the address's."""
    if known_phone:
        return {_attempt_key("known", name): (ADDRESS_TRIES, ADDRESS_WINDOW)}
    return {
        _attempt_key("name", name): (NAME_TRIES, NAME_WINDOW),
        _attempt_key("ip", address or "?"): (ADDRESS_TRIES, ADDRESS_WINDOW),
    }


def _account_matching(name: str, password: str) -> User | None:
    """The account of name key ``name`` if ``password`` is its password (an unknown name takes as long)."""
    # no account's name holds a control character (clean_name refuses them), and PostgreSQL refuses NUL even
    # in a query's parameter: such a name is a wrong name, looked up nowhere
    user = None if refused_character(name) else db.session.scalar(select(User).where(User.username_key == name))
    matched = check_password_hash(user.password_hash if user else _UNKNOWN_NAME_HASH, password or "")
    return user if matched else None


def _refuse_past_limits(counted: dict[str, int], limits: dict[str, tuple[int, dt.timedelta]], *, written: bool) -> None:
    """Refuse the try when a key is past its limit (once ``written``, the try itself is among those counted)."""
    for key, (most, _window) in limits.items():
        if counted.get(key, 0) > most - (not written):
            if key.startswith("name:"):
                raise AccountError(_("Too many tries for this name just now: wait a minute, then try again."), "password")
            if key.startswith("known:"):
                raise AccountError(
                    _("Too many tries on this phone just now: wait a quarter of an hour, then try again."), "password"
                )
            raise AccountError(_("Too many tries from this network: wait a quarter of an hour, then try again."), "password")


# ---------------------------------------------------------------------------
# Sessions: one row per signed-in phone, so signing out ends it on the server


def start_session(user: User, agent: str | None) -> User:
    """A new signed-in phone for ``user`` (call before ``login_user``, which keeps ``user.get_id()``)."""
    token = new_token()
    db.session.add(LoginSession(user_id=user.id, token=token, agent=kept_agent(agent)))
    db.session.commit()
    user.session_token = token
    return user


def user_for_session(stored_id: str) -> User | None:
    """The account a session or remember cookie names, if its session still exists (``"<id>:<secret>"``)."""
    user_id, _colon, token = (stored_id or "").partition(":")
    if not (user_id.isascii() and user_id.isdigit() and len(user_id) <= 10 and looks_like_token(token)):
        return None
    found = db.session.scalar(select(LoginSession).where(LoginSession.token == token, LoginSession.user_id == int(user_id)))
    if found is None:
        return None
    user = db.session.get(User, found.user_id)
    if user is not None:
        user.session_token = token
    return user


def end_session(user: User) -> None:
    """This phone signs out: its session is deleted, so its cookies open nothing any more."""
    if user.session_token:
        db.session.execute(delete(LoginSession).where(LoginSession.token == user.session_token))
        db.session.commit()


def sessions_of(user: User) -> list[LoginSession]:
    return list(db.session.scalars(select(LoginSession).where(LoginSession.user_id == user.id).order_by(LoginSession.id.desc())))


def revoke_session(by: User, session_id: int) -> bool:
    """Sign a phone out from another (one's own phones; the owner: anyone's); ``False`` if there is no such session."""
    query = delete(LoginSession).where(LoginSession.id == session_id)
    if not by.is_owner:
        query = query.where(LoginSession.user_id == by.id)
    gone = rows_changed(query.execution_options(synchronize_session=False))
    db.session.commit()
    return gone == 1


def change_password(user: User, current: str, new: str, agent: str | None) -> User:
    """A new password; every phone of the account is signed out, and this one signed in again."""
    if not check_password_hash(user.password_hash, current or ""):
        raise AccountError(_("That is not your current password."), "current")
    check_password(new)
    user.password_hash = generate_password_hash(new)
    db.session.execute(delete(LoginSession).where(LoginSession.user_id == user.id))
    db.session.commit()
    return start_session(user, agent)


def remove_account(owner: User, user: User) -> None:
    """The owner removes an account: its phones are signed out; the deals it saved stay, without its name."""
    if not owner.is_owner:
        raise AccountError(_("Only the owner can remove accounts."))
    if user.id == owner.id:
        raise AccountError(_("The owner's own account can't be removed."))
    # done here, not left to the database: SQLite keeps foreign keys only when asked to
    db.session.execute(update(DealResult).where(DealResult.recorded_by_id == user.id).values(recorded_by_id=None))
    db.session.execute(update(Change).where(Change.user_id == user.id).values(user_id=None))
    db.session.execute(update(Invite).where(Invite.used_by_id == user.id).values(used_by_id=None))
    db.session.execute(delete(Invite).where(Invite.created_by_id == user.id))
    db.session.execute(delete(LoginSession).where(LoginSession.user_id == user.id))
    db.session.delete(user)
    db.session.commit()


def assign_player(owner: User, user: User, player_id: int | None) -> None:
    """The owner says which player an account is; membership of leagues follows from it."""
    if not owner.is_owner:
        raise AccountError(_("Only the owner can say which player an account is."))
    user.player_id = player_id
    db.session.commit()
