"""Sign-in pages: the owner's first-run setup, sign in and out, invitations, and one's account."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_login import current_user, login_required, login_user, logout_user
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as WerkzeugResponse
from wtforms import PasswordField, SelectChoice, SelectField, StringField

from ..extensions import db
from ..links import public_url
from sqlalchemy import select

from ..models import Player, User
from . import service

bp = Blueprint("auth", __name__)


class AccountForm(FlaskForm):
    username = StringField("Your name (to sign in with)")
    password = PasswordField("Password (at least 10 characters)")


class SignInForm(FlaskForm):
    username = StringField("Name")
    password = PasswordField("Password")


class PlayerForm(FlaskForm):
    player = SelectField("At the table, I am", choices=[], validate_choice=False)


class InviteForm(FlaskForm):
    invite_player = SelectField("They are, at the table", choices=[], validate_choice=False)


class PlainForm(FlaskForm):
    """A POST button: it carries CSRF."""


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


def _field_error(form: AccountForm, error: service.AccountError) -> None:
    message = str(error)
    field = form.password if "password" in message.lower() else form.username
    field.errors = [message]


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
        return redirect(url_for("auth.login"), code=303)
    if not service.setup_link_opens(token):
        return render_template("auth/setup_ask.html", wrong_link=token is not None), 403
    form = AccountForm()
    if form.validate_on_submit():
        try:
            user = service.create_owner(form.username.data or "", form.password.data or "")
        except service.AccountError as error:
            _field_error(form, error)
        else:
            login_user(user, remember=True)
            flash("Welcome! You own this companion: invite the others from your account page.", "info")
            return redirect(url_for("main.home"), code=303)
    return render_template("auth/setup.html", form=form), (422 if request.method == "POST" else 200)


@bp.route("/login", methods=["GET", "POST"])
def login() -> tuple[str, int] | WerkzeugResponse:
    form = SignInForm()
    if form.validate_on_submit():
        try:
            user = service.sign_in(form.username.data or "", form.password.data or "", request.remote_addr or "?")
        except service.AccountError as error:
            form.password.errors = [str(error)]
        else:
            login_user(user, remember=True)  # phones stay signed in
            return redirect(_safe_next(request.args.get("next")), code=303)
    return render_template("auth/login.html", form=form), (422 if request.method == "POST" else 200)


@bp.post("/logout")
def logout() -> WerkzeugResponse:
    if PlainForm().validate_on_submit():
        logout_user()
        flash("Signed out.", "info")
    return redirect(url_for("auth.login"), code=303)


@bp.route("/invite/<token>", methods=["GET", "POST"])
def accept(token: str) -> tuple[str, int] | WerkzeugResponse:
    try:
        service.open_invite(token)
    except service.AccountError as error:
        return render_template("error.html", title="Invitation", message=str(error)), 404
    form = AccountForm()
    if form.validate_on_submit():
        try:
            user = service.accept_invite(token, form.username.data or "", form.password.data or "")
        except service.AccountError as error:
            _field_error(form, error)
        else:
            login_user(user, remember=True)
            flash("Your account is ready.", "info")
            return redirect(url_for("auth.account"), code=303)
    return render_template("auth/invite.html", form=form), (422 if request.method == "POST" else 200)


def _player_choices(form: PlayerForm) -> None:
    form.player.choices = [SelectChoice("", "Nobody yet")] + [SelectChoice(str(p.id), p.name) for p in Player.ordered()]


def _chosen_player(form: PlayerForm) -> tuple[bool, int | None]:
    """``(ok, player id)`` from a player select; a bad choice gets its message beside the field."""
    chosen = form.player.data or ""
    player = db.session.get(Player, int(chosen)) if chosen.isascii() and chosen.isdigit() else None
    if chosen and player is None:
        form.player.errors = ["Pick a player from the list."]
        return False, None
    return True, player.id if player else None


def _invite_form() -> InviteForm:
    form = InviteForm()
    form.invite_player.choices = [SelectChoice("", "Nobody yet")] + [
        SelectChoice(str(p.id), p.name) for p in Player.ordered()
    ]
    return form


def _account_page(form: PlayerForm, invite_form: InviteForm, invite_url: str | None, status: int) -> tuple[str, int]:
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
        invite_url=invite_url,
        accounts=accounts,
        account_forms=forms,
    ), status


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
        abort(403, description="Only the owner says which player an account is: ask them.")
    elif form.validate_on_submit():
        ok, player_id = _chosen_player(form)
        if ok:
            service.assign_player(current_user, current_user, player_id)
            flash("Saved.", "info")
            return redirect(url_for("auth.account"), code=303)
    return _account_page(form, invite_form, None, 422 if request.method == "POST" else 200)


@bp.post("/account/users/<int:user_id>/player")
@login_required
def assign(user_id: int) -> WerkzeugResponse:
    """The owner links an account to the player it is at the table."""
    if not current_user.is_owner:
        abort(403, description="Only the owner says which player an account is.")
    user = db.session.get(User, user_id)
    if user is None:
        abort(404)
    form = PlayerForm()
    _player_choices(form)
    if not form.validate_on_submit():
        flash("The page was out of date: try again.", "error")
    else:
        ok, player_id = _chosen_player(form)
        if ok:
            service.assign_player(current_user, user, player_id)
            flash(f"Saved which player {user.username} is.", "info")
        else:
            flash(form.player.errors[0], "error")
    return redirect(url_for("auth.account"), code=303)


@bp.post("/account/invites")
@login_required
def invite() -> tuple[str, int] | WerkzeugResponse:
    if not current_user.is_owner:
        abort(403, description="Only the owner can invite.")
    invite_form = _invite_form()
    if not invite_form.validate_on_submit():
        flash("The page was out of date: try again.", "error")
        return redirect(url_for("auth.account"), code=303)
    chosen = invite_form.invite_player.data or ""
    player = db.session.get(Player, int(chosen)) if chosen.isascii() and chosen.isdigit() else None
    ok, player_id = (not chosen or player is not None), (player.id if player else None)
    if not ok:
        invite_form.invite_player.errors = ["Pick a player from the list."]
    form = PlayerForm()
    _player_choices(form)
    form.player.data = str(current_user.player_id or "")
    if not ok:
        return _account_page(form, invite_form, None, 422)
    made = service.create_invite(current_user, player_id)
    return _account_page(form, invite_form, public_url("auth.accept", token=made.token), 200)
