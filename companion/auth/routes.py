"""Sign-in pages: the owner's first-run setup, sign in and out, invitations, and one's account."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_login import current_user, login_required, login_user, logout_user
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as WerkzeugResponse
from wtforms import PasswordField, SelectChoice, SelectField, StringField

from ..extensions import db
from ..models import Player
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


@bp.route("/setup", methods=["GET", "POST"])
def setup() -> tuple[str, int] | WerkzeugResponse:
    """First run: make the owner's account (one screen)."""
    if service.has_accounts():
        return redirect(url_for("auth.login"), code=303)
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
            flash("Your account is ready: say which player you are, so your leagues are yours to change.", "info")
            return redirect(url_for("auth.account"), code=303)
    return render_template("auth/invite.html", form=form), (422 if request.method == "POST" else 200)


@bp.route("/account", methods=["GET", "POST"])
@login_required
def account() -> tuple[str, int] | WerkzeugResponse:
    form = PlayerForm()
    form.player.choices = [SelectChoice("", "Nobody yet")] + [SelectChoice(str(p.id), p.name) for p in Player.ordered()]
    if request.method == "GET":
        form.player.data = str(current_user.player_id or "")
    elif form.validate_on_submit():
        chosen = form.player.data or ""
        player = db.session.get(Player, int(chosen)) if chosen.isdigit() else None
        if chosen and player is None:
            form.player.errors = ["Pick a player from the list."]
        else:
            current_user.player_id = player.id if player else None
            db.session.commit()
            flash("Saved.", "info")
            return redirect(url_for("auth.account"), code=303)
    return render_template("auth/account.html", form=form, plain_form=PlainForm(), invite_url=None), (
        422 if request.method == "POST" else 200
    )


@bp.post("/account/invites")
@login_required
def invite() -> tuple[str, int] | WerkzeugResponse:
    if not current_user.is_owner:
        abort(403)
    if not PlainForm().validate_on_submit():
        flash("The page was out of date: try again.", "error")
        return redirect(url_for("auth.account"), code=303)
    made = service.create_invite(current_user)
    form = PlayerForm()
    form.player.choices = [SelectChoice("", "Nobody yet")] + [SelectChoice(str(p.id), p.name) for p in Player.ordered()]
    form.player.data = str(current_user.player_id or "")
    return render_template(
        "auth/account.html",
        form=form,
        plain_form=PlainForm(),
        invite_url=url_for("auth.accept", token=made.token, _external=True),
    ), 200
