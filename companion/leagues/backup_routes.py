"""Restoring a league from its JSON backup: the upload page (the export routes are in :mod:`.routes`).

The file is checked as bytes (at most 20 MB, UTF-8, JSON) here and as a
backup in :mod:`.imports`; every refusal comes back beside the file field
with a 422 and nothing written. The request's size is looked at before its
body is read, so a huge upload is refused without being stored anywhere;
CSRF is then checked as on every other form (the view is exempt from the
automatic check only so that the check comes after the size).
"""

from __future__ import annotations

import json

from flask import current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext, ngettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from werkzeug.wrappers import Response as WerkzeugResponse

from ..extensions import csrf
from ..i18n import N_
from ..models import League
from .imports import BackupError, restore_checked, validate_backup
from . import bp

MAX_FILE_BYTES = 20 * 1024 * 1024
"""The largest backup file taken: a league of thousands of games is a few megabytes."""

_FORM_OVERHEAD = 64 * 1024
"""Room in the request for the multipart framing and the CSRF token."""

TOO_LARGE = N_("The file is over 20 MB, far larger than any league backup: pick the backup file (.json).")


class ImportForm(FlaskForm):
    file = FileField(_l("Backup file (.json)"), validators=[FileRequired(_l("Choose the backup file to import."))])


def _read_backup(form: ImportForm) -> object:
    """The uploaded file as parsed JSON; :class:`BackupError` with the sentence to show beside the field."""
    upload = form.file.data
    raw = upload.stream.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise BackupError(gettext(TOO_LARGE))
    if not raw.strip():
        raise BackupError(gettext("The file is empty: pick the backup file made from a league's page."))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BackupError(gettext("The file is not UTF-8 text, so it is not a backup made by this app.")) from None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise BackupError(gettext("The file is not JSON, so it is not a backup made by this app.")) from None


def _restored(form: ImportForm) -> tuple[League, int]:
    """The league restored from the uploaded file, and its number of games.

    The parsed file is let go of once it is checked: what is written comes from the checked values, and the
    file's tree of JSON values (several times its size in memory) is not held while the games are written."""
    data = _read_backup(form)
    checked = validate_backup(data)
    del data
    return restore_checked(checked), len(checked.games)


@bp.route("/import", methods=["GET", "POST"])
@csrf.exempt  # checked below, once the request is known not to be huge
def import_backup() -> tuple[str, int] | WerkzeugResponse:
    status = 200
    if request.method == "POST":
        limit = MAX_FILE_BYTES + _FORM_OVERHEAD
        request.max_content_length = limit  # a body sent without a length is cut off here too
        if request.content_length is not None and request.content_length > limit:
            form = ImportForm(formdata=None)
            form.file.errors = [gettext(TOO_LARGE)]
            return render_template("leagues/import.html", form=form), 422
        if current_app.config.get("WTF_CSRF_ENABLED", True):
            csrf.protect()  # the error page for a missing or stale token, as on every form
    form = ImportForm()
    if form.validate_on_submit():
        try:
            league, games = _restored(form)
        except BackupError as error:  # a bad file (nothing was written)
            form.file.errors = [str(error)]
        else:
            flash(
                ngettext(
                    "League “%(name)s” restored from the backup, with %(num)s game.",
                    "League “%(name)s” restored from the backup, with %(num)s games.",
                    games,
                    name=league.name,
                ),
                "info",
            )
            return redirect(url_for("leagues.show", league_id=league.id), code=303)
    if request.method == "POST":
        status = 422
    return render_template("leagues/import.html", form=form), status
