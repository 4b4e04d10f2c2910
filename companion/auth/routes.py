"""Sign-in pages: the owner's first-run setup, sign in and out, invitations, and one's account."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, send_file, url_for
from itsdangerous import BadSignature, URLSafeSerializer
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_required, login_user, logout_user
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as WerkzeugResponse
from wtforms import BooleanField, PasswordField, SelectChoice, SelectField, StringField

from .. import autobackup
from ..extensions import db
from ..i18n import N_
from ..links import public_url
from sqlalchemy import select

from ..models import Player, User
from ..qr import qr_svg
from ..version import VERSION
from ..validation import PlainText, TextError, clean_name, name_sentence, parse_id
from . import service
from .devices import device_name

bp = Blueprint("auth", __name__)


class AccountForm(FlaskForm):
    username = StringField(_l("Your name (to sign in with)"))
    password = PasswordField(_l("Password (at least 10 characters)"))


class SignInForm(FlaskForm):
    username = StringField(_l("Name"))
    password = PasswordField(_l("Password"))


class PlayerForm(FlaskForm):
    player = SelectField(_l("At the table, I am"), choices=[], validate_choice=False)


class InviteForm(FlaskForm):
    invite_player = SelectField(_l("They are, at the table"), choices=[], validate_choice=False)
    new_player = StringField(_l("or a new player (before any game)"))


class PlainForm(FlaskForm):
    """A POST button: it carries CSRF."""


class RemoveAccountForm(FlaskForm):
    """Removing an account is for good: the owner ticks that they mean it (a slipped thumb removes nothing)."""

    sure = BooleanField(_l("Yes, remove it"))


_PASSWORD_SENTENCES = (
    _l("A password is at most %(longest)d characters."),
    _l("A password can't hold the invisible or control character %(character)s."),
)


class PasswordForm(FlaskForm):
    current = PasswordField(_l("Current password"), validators=[PlainText(longest=1000, sentences=_PASSWORD_SENTENCES)])
    new = PasswordField(
        _l("New password (at least 10 characters)"), validators=[PlainText(longest=1000, sentences=_PASSWORD_SENTENCES)]
    )


def _safe_next(target: str | None) -> str:
    """Only a path on this site (never another host) after signing in."""
    if (
        target
        and target.startswith("/")
        and not target.startswith("//")
        and not urlsplit(target).netloc
        # browsers read a backslash as a slash and drop tabs and newlines: "/\\host" is "//host"
        and not any(char == "\\" or ord(char) < 32 or ord(char) == 127 for char in target)
    ):
        return target
    return url_for("main.home")


KNOWN_PHONE_COOKIE = "known_names"
"""A signed list of the names that signed in on this phone: their sign-in here is never slowed by guessing elsewhere."""


def _known_phone_signer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key or "", salt="known-phone")


def _known_names() -> list[str]:
    try:
        names = _known_phone_signer().loads(request.cookies.get(KNOWN_PHONE_COOKIE, ""))
    except BadSignature:
        return []
    return [name for name in names if isinstance(name, str)] if isinstance(names, list) else []


def _signed_in(user: User, response: WerkzeugResponse | None = None) -> WerkzeugResponse:
    """Sign ``user`` in on this phone: a new server-side session, and the phone remembered for this name."""
    service.start_session(user, request.user_agent.string)
    login_user(user, remember=True)  # phones stay signed in
    response = response or redirect(url_for("main.home"), code=303)
    names = [user.username_key] + [name for name in _known_names() if name != user.username_key][:4]
    response.set_cookie(
        KNOWN_PHONE_COOKIE,
        _known_phone_signer().dumps(names),
        max_age=365 * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
    )
    return response


def _field_error(form: AccountForm, error: service.AccountError) -> None:
    """The refusal beside its field; a refused name doesn't hide a refused password (every error at once)."""
    field = form.password if error.field == "password" else form.username
    field.errors = [str(error)]
    if field is form.username:
        try:
            service.check_password(form.password.data or "")
        except service.AccountError as password_error:
            form.password.errors = [str(password_error)]


def _setup_done() -> WerkzeugResponse:
    """The sign-in page, once the app has its owner; a setup form sent then (from a phone that lost a race of
    setups to another's commit) is told why."""
    if request.method == "POST":
        flash(_("This app already has its owner."), "info")
    return redirect(url_for("auth.login"), code=303)


@bp.route("/setup", methods=["GET", "POST"], defaults={"token": None})
@bp.route("/setup/<token>", methods=["GET", "POST"])
def setup(token: str | None) -> tuple[str, int] | WerkzeugResponse:
    """First run: make the owner's account (one screen), from the one-time link printed where the app was started.

    The app may be open to the whole home network before anyone owns it:
    whoever reaches it first must not become its owner, so without the link
    (see :func:`companion.auth.service.setup_link_opens`) the page says to
    ask the person who started the app.
    """
    if service.has_accounts():
        return _setup_done()
    if not service.setup_link_opens(token):
        return render_template("auth/setup_ask.html", wrong_link=token is not None), 403
    form = AccountForm()
    if form.validate_on_submit():
        try:
            user = service.create_owner(form.username.data or "", form.password.data or "")
        except service.OwnerExistsError as error:
            flash(str(error), "info")
            return redirect(url_for("auth.login"), code=303)
        except service.AccountError as error:
            _field_error(form, error)
        else:
            flash(_("Welcome! You own this companion: invite the others from your account page."), "info")
            return _signed_in(user, redirect(url_for("main.home"), code=303))
    return render_template("auth/setup.html", form=form), (422 if request.method == "POST" else 200)


@bp.route("/login", methods=["GET", "POST"])
def login() -> tuple[str, int] | WerkzeugResponse:
    form = SignInForm()
    if form.validate_on_submit():
        try:
            user = service.sign_in(
                form.username.data or "",
                form.password.data or "",
                request.remote_addr or "?",
                known_phone=User.key_for(form.username.data or "") in _known_names(),
            )
        except service.AccountError as error:
            form.password.errors = [str(error)]
        else:
            response = redirect(_safe_next(request.args.get("next")), code=303)
            return _signed_in(user, response)
    return render_template("auth/login.html", form=form), (422 if request.method == "POST" else 200)


@bp.post("/logout")
def logout() -> WerkzeugResponse:
    if PlainForm().validate_on_submit():
        if current_user.is_authenticated:
            service.end_session(current_user)  # the cookies stop working on the server, not just here
        logout_user()
        flash(_("Signed out."), "info")
    return redirect(url_for("auth.login"), code=303)


@bp.route("/invite/<token>", methods=["GET", "POST"])
def accept(token: str) -> tuple[str, int] | WerkzeugResponse:
    try:
        invite = service.open_invite(token)
    except service.AccountError as error:
        return render_template("error.html", title=_("Invitation"), message=str(error)), 404
    form = AccountForm()
    if form.validate_on_submit():
        try:
            user = service.accept_invite(token, form.username.data or "", form.password.data or "")
        except service.AccountError as error:
            _field_error(form, error)
        else:
            flash(_("Your account is ready."), "info")
            return _signed_in(user, redirect(url_for("auth.account"), code=303))
    player = db.session.get(Player, invite.player_id) if invite.player_id else None
    return render_template("auth/invite.html", form=form, player=player), (422 if request.method == "POST" else 200)


def _player_choices(form: PlayerForm) -> None:
    form.player.choices = [SelectChoice("", _("Nobody yet"))] + [SelectChoice(str(p.id), p.name) for p in Player.ordered()]


def _chosen_player(form: PlayerForm) -> tuple[bool, int | None]:
    """``(ok, player id)`` from a player select; a bad choice gets its message beside the field."""
    chosen = form.player.data or ""
    chosen_id = parse_id(chosen)  # bounded: 5,000 digits once reached int() and its ValueError (a 500)
    player = db.session.get(Player, chosen_id) if chosen_id is not None else None
    if chosen and player is None:
        form.player.errors = [_("Pick a player from the list.")]
        return False, None
    return True, player.id if player else None


def _invite_form() -> InviteForm:
    form = InviteForm()
    form.invite_player.choices = [SelectChoice("", _("Nobody yet"))] + [
        SelectChoice(str(p.id), p.name) for p in Player.ordered()
    ]
    return form


def _account_page(
    form: PlayerForm,
    invite_form: InviteForm,
    invite_url: str | None,
    status: int,
    password_form: PasswordForm | None = None,
    invited: Player | None = None,
) -> tuple[str, int]:
    accounts = list(db.session.scalars(select(User).order_by(User.username_key))) if current_user.is_owner else []
    forms = {}
    for account in accounts:
        each = PlayerForm(formdata=None)
        _player_choices(each)
        each.player.data = str(account.player_id or "")
        forms[account.id] = each
    return render_template(
        "auth/account.html",
        form=form,
        invite_form=invite_form,
        plain_form=PlainForm(),
        password_form=password_form or PasswordForm(formdata=None),
        invite_url=invite_url,
        invite_qr=qr_svg(invite_url, title=_("QR code of the invitation link")) if invite_url else None,
        invited=invited,
        accounts=accounts,
        account_forms=forms,
        sessions=service.sessions_of(current_user),
        device_name=device_name,
        this_session=current_user.session_token,
        invites=service.open_invites() if current_user.is_owner else [],
        invite_lifetime=service.INVITE_LIFETIME,
        last_backup=_last_backup() if current_user.is_owner else None,
        version=VERSION,
    ), status


def _last_backup() -> autobackup.BackupFile | None:
    return autobackup.latest(Path(current_app.instance_path) / autobackup.FOLDER)


@bp.get("/account/backup")
@login_required
def download_backup() -> WerkzeugResponse:
    """The newest automatic backup, for the owner only: it holds every account's password hash."""
    if not current_user.is_owner:
        abort(403, description=_("Only the owner may download the backups."))
    newest = _last_backup()
    if newest is None:
        abort(404, description=_("No backup has been taken yet: the server takes one each day."))
    response = send_file(newest.path, mimetype="application/gzip", as_attachment=True, download_name=newest.path.name)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/account", methods=["GET", "POST"])
@login_required
def account() -> tuple[str, int] | WerkzeugResponse:
    """Your account. Only the owner says which player an account is (leagues' rosters decide who may change what)."""
    form = PlayerForm()
    _player_choices(form)
    invite_form = _invite_form()
    if request.method == "GET":
        form.player.data = str(current_user.player_id or "")
    elif not current_user.is_owner:
        abort(403, description=_("Only the owner says which player an account is: ask them."))
    elif form.validate_on_submit():
        ok, player_id = _chosen_player(form)
        if ok:
            service.assign_player(current_user, current_user, player_id)
            flash(_("Saved."), "info")
            return redirect(url_for("auth.account"), code=303)
    return _account_page(form, invite_form, None, 422 if request.method == "POST" else 200)


@bp.post("/account/users/<int:user_id>/player")
@login_required
def assign(user_id: int) -> WerkzeugResponse:
    """The owner links an account to the player it is at the table."""
    if not current_user.is_owner:
        abort(403, description=_("Only the owner says which player an account is."))
    user = db.session.get(User, user_id)
    if user is None:
        abort(404)
    form = PlayerForm()
    _player_choices(form)
    if not form.validate_on_submit():
        flash(_("The page was out of date: try again."), "error")
    else:
        ok, player_id = _chosen_player(form)
        if ok:
            service.assign_player(current_user, user, player_id)
            flash(_("Saved which player %(name)s is.", name=user.username), "info")
        else:
            flash(form.player.errors[0], "error")
    return redirect(url_for("auth.account"), code=303)


@bp.post("/account/invites")
@login_required
def invite() -> tuple[str, int] | WerkzeugResponse:
    if not current_user.is_owner:
        abort(403, description=_("Only the owner can invite."))
    invite_form = _invite_form()
    if not invite_form.validate_on_submit():
        flash(_("The page was out of date: try again."), "error")
        return redirect(url_for("auth.account"), code=303)
    ok, player_id = _invited_player(invite_form)
    form = PlayerForm()
    _player_choices(form)
    form.player.data = str(current_user.player_id or "")
    if not ok:
        return _account_page(form, invite_form, None, 422)
    invite_form.new_player.data = ""
    made = service.create_invite(current_user, player_id)  # commits the new player with it
    invite_form.invite_player.choices = _invite_form().invite_player.choices
    invite_form.invite_player.data = str(player_id or "")
    invited = db.session.get(Player, player_id) if player_id else None
    return _account_page(form, invite_form, public_url("auth.accept", token=made.token), 200, invited=invited)


def _invited_player(invite_form: InviteForm) -> tuple[bool, int | None]:
    """The player an invitation is for: one picked, one typed (made now), or none; ``(False, ...)`` with the
    sentence beside its field when the form can't be read."""
    chosen = invite_form.invite_player.data or ""
    typed = (invite_form.new_player.data or "").strip()
    chosen_id = parse_id(chosen)
    player = db.session.get(Player, chosen_id) if chosen_id is not None else None
    if chosen and player is None:
        invite_form.invite_player.errors = [_("Pick a player from the list.")]
        return False, None
    if typed and chosen:
        invite_form.new_player.errors = [_("Pick a player or type a new name, not both.")]
        return False, None
    if typed:
        return _player_made(typed, invite_form)
    return True, player.id if player else None


def _player_made(typed: str, invite_form: InviteForm) -> tuple[bool, int | None]:
    """The player of a typed name, made now (someone can be invited before their first game)."""
    try:
        made_player = Player.find_or_add(clean_name(typed, longest=40))  # the same person, any case and spacing
    except TextError as error:
        invite_form.new_player.errors = [name_sentence(error)]
        return False, None
    db.session.flush()
    return True, made_player.id


@bp.post("/account/password")
@login_required
def change_password() -> tuple[str, int] | WerkzeugResponse:
    """A new password: every other phone of the account is signed out."""
    password_form = PasswordForm()
    if password_form.validate_on_submit():
        try:
            # the account itself, not the current_user proxy: signed in again below, a proxy would stand for itself
            account = current_user._get_current_object()  # type: ignore[attr-defined]
            user = service.change_password(
                account, password_form.current.data or "", password_form.new.data or "", request.user_agent.string
            )
        except service.AccountError as error:
            field = password_form.current if error.field == "current" else password_form.new
            field.errors = [str(error)]
        else:
            login_user(user, remember=True)
            flash(_("Password changed: your other phones are signed out."), "info")
            return redirect(url_for("auth.account"), code=303)
    form = PlayerForm()
    _player_choices(form)
    form.player.data = str(current_user.player_id or "")
    return _account_page(form, _invite_form(), None, 422, password_form)


def _revoke(revoke: Callable[[], bool], done: str, already: str) -> WerkzeugResponse:
    """A Revoke button's answer on the account page: try again on an out-of-date page, else what became of it."""
    if not PlainForm().validate_on_submit():
        flash(_("The page was out of date: try again."), "error")
    else:
        flash(_(done) if revoke() else _(already), "info")
    return redirect(url_for("auth.account"), code=303)


@bp.post("/account/sessions/<int:session_id>/revoke")
@login_required
def revoke_session(session_id: int) -> WerkzeugResponse:
    """Sign a phone out from this one (a lost phone, a shared tablet)."""
    return _revoke(
        lambda: service.revoke_session(current_user, session_id),
        N_("That phone is signed out."),
        N_("That phone was already signed out."),
    )


@bp.post("/account/invites/<int:invite_id>/revoke")
@login_required
def revoke_invite(invite_id: int) -> WerkzeugResponse:
    if not current_user.is_owner:
        abort(403, description=_("Only the owner can revoke invitations."))
    return _revoke(
        lambda: service.revoke_invite(current_user, invite_id),
        N_("The invitation was revoked: its link no longer works."),
        N_("That invitation was already used or revoked."),
    )


@bp.post("/account/users/<int:user_id>/remove")
@login_required
def remove_account(user_id: int) -> WerkzeugResponse:
    """The owner removes an account (its phones are signed out; the games and scores stay)."""
    if not current_user.is_owner:
        abort(403, description=_("Only the owner can remove accounts."))
    user = db.session.get(User, user_id)
    if user is None:
        abort(404)
    form = RemoveAccountForm()
    if not form.validate_on_submit():
        flash(_("The page was out of date: try again."), "error")
    elif not form.sure.data:
        flash(_("Tick “Yes, remove it” to remove %(name)s's account: nothing was removed.", name=user.username), "error")
    else:
        name = user.username
        try:
            service.remove_account(current_user, user)
            flash(_("%(name)s's account was removed.", name=name), "info")
        except service.AccountError as error:
            flash(str(error), "error")
    return redirect(url_for("auth.account"), code=303)
