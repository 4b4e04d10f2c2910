"""The paper score sheet's pages: type or pick the sheet, answer the questions on its preview, confirm.

Nothing is written until the confirm button. The sheet is posted once (typed,
pasted or picked), within these routes' own size limit (a 2 MB sheet, not
the app's 64 KB for every other form), and kept on the server under a token
(:mod:`.pending`); the preview's questions and its confirm button post the
token and the answers, and each reads the kept sheet again, matches it with
the answers given so far and shows what would be stored. Every refusal is a
sentence on the page with a 422, and the page keeps the sheet's text in a
box to fix and preview again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import json

from flask import Response, abort, current_app, flash, redirect, render_template, request, url_for
from flask_login import current_user
from flask_babel import gettext, ngettext
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response as WerkzeugResponse
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import TextAreaField

from ..downloads import attachment
from ..extensions import csrf, db
from ..i18n import N_
from ..leagues.routes import _league_to_change
from ..models import Game, GameStatus, League
from . import bp, pending
from .bgstats import bgstats_file, read_bgstats
from .paper import MAX_SHEET_BYTES, SheetError, SheetGame, read_sheet
from .service import ImportError_, NewRules, Preview, Question, preview, store
from .shanghai_tracker import read_tracker, tracker_rules

EXAMPLE = """Game, 2024-12-25, Contract Rummy
Deal, Ann, Bob, Cat
1, 15, 0, 40
2, 0, 25, 5
3, 30, 10, 0
4, 0, 45, 20
5, 65, 0, 35
6, 20, 55, 0
7, 0, 40, 85
Total, 130, 175, 185"""


REQUEST_LIMIT = 3 * MAX_SHEET_BYTES + 64 * 1024
"""The largest post these pages take: a 2 MB sheet, even typed in the box and sent URL-encoded (every comma and
line break three characters), with the form's other fields. A page's own form sends it as it is (multipart)."""


class SheetForm(FlaskForm):
    sheet = TextAreaField(_l("The score sheet (typed, or pasted from a spreadsheet)"))
    file = FileField(_l("or a CSV file"))


def _sheet_text(form: SheetForm) -> str:
    """The sheet from the file picked, else from the box; :class:`SheetError` when it can't be text."""
    upload = form.file.data
    if upload is not None and bool(getattr(upload, "filename", None)):
        raw = upload.stream.read(MAX_SHEET_BYTES + 1)
        if len(raw) > MAX_SHEET_BYTES:
            raise SheetError([gettext("The file is over %(megabytes)s MB: import it a few years at a time.",
                                      megabytes=MAX_SHEET_BYTES // (1024 * 1024))])  # fmt: skip
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise SheetError([gettext("The file is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”.")]) from None
    return form.sheet.data or ""


@dataclass(frozen=True)
class Source:
    """Where games come from: how its text is read, the rules it may bring, its page."""

    label: str
    """What the games' history says they were brought in from."""
    phrase: str
    """The same, in the sentence saying how many were added (a message: said in the page's language)."""
    read: Callable[[str, dict[str, str]], tuple[list[SheetGame], list[str], list[Question]]]
    """The text as games, notes on what was left out, and questions only the file can answer."""
    new_rules: Callable[[], dict[str, NewRules]]
    template: str
    totals_only: bool = False
    """Its games are final totals, not deals (see :func:`.service.totals_only_rules`)."""


def _paper(text: str, answers: dict[str, str]) -> tuple[list[SheetGame], list[str], list[Question]]:
    return read_sheet(text), [], []


def _tracker(text: str, answers: dict[str, str]) -> tuple[list[SheetGame], list[str], list[Question]]:
    return (*read_tracker(text), [])


SOURCES = {
    "paper": Source("paper score sheet", N_("the score sheet"), _paper, dict, "history/paper.html"),
    "shanghai-tracker": Source("shanghai-tracker", "shanghai-tracker", _tracker, tracker_rules, "history/tracker.html"),
    "bgstats": Source("BG Stats", "BG Stats", read_bgstats, dict, "history/bgstats.html", totals_only=True),
}


@bp.route("/leagues/<int:league_id>/history/paper", methods=["GET", "POST"], defaults={"source": "paper"}, endpoint="paper")
@bp.route("/leagues/<int:league_id>/history/shanghai-tracker", methods=["GET", "POST"], defaults={"source": "shanghai-tracker"}, endpoint="tracker")
@bp.route("/leagues/<int:league_id>/history/bgstats", methods=["GET", "POST"], defaults={"source": "bgstats"}, endpoint="bgstats")
@csrf.exempt  # checked in the view, once the request is known to be within these pages' own limit
def import_page(league_id: int, source: str) -> ResponseReturnValue:
    league = _league_to_change(league_id)
    kind = SOURCES[source]
    action = url_for(request.endpoint or "history.paper", league_id=league.id)
    if request.method == "POST":
        refused = _refused_by_size(league, action)
        if refused is not None:
            return refused
    form = SheetForm()
    if request.method == "GET" or not form.validate_on_submit():
        status = 422 if request.method == "POST" else 200
        return render_template(kind.template, league=league, form=form, example=EXAMPLE, action=action), status
    kept = _kept_sheet(form, league, source)
    if kept is None:
        text, result = _previewed(form, kind, league, _answers_sent())
        token = None
    else:
        token, text = kept
        result = _previewed_text(text, kind, league, _answers_sent())
        if not text:
            result = Preview(problems=[gettext("This preview has expired (a preview waits two hours): pick or paste the sheet again.")])
    if request.form.get("confirm") and result.ready:
        return _confirmed(league, kind, result, token)
    if token is None and not result.problems:
        token = pending.keep(text, league_id=league.id, source=source, user_id=getattr(current_user, "id", None))
    form.sheet.data = text
    status = 422 if result.problems else 200
    return render_template("history/preview.html", league=league, form=form, result=result, action=action, token=token), status


def _refused_by_size(league: League, action: str) -> ResponseReturnValue | None:
    """Raise the request's limits to these pages' own (before its body is read), and refuse a larger one on the
    page; then check its CSRF token as every form's is."""
    request.max_content_length = REQUEST_LIMIT  # a body sent without a length is cut off here too
    request.max_form_memory_size = REQUEST_LIMIT
    if request.content_length is not None and request.content_length > REQUEST_LIMIT:
        sentence = gettext("The sheet is over %(megabytes)s MB: import it a few years at a time.",
                           megabytes=MAX_SHEET_BYTES // (1024 * 1024))  # fmt: skip
        form = SheetForm(formdata=None)
        return render_template("history/preview.html", league=league, form=form, result=Preview(problems=[sentence]),
                               action=action, token=None), 422  # fmt: skip
    if current_app.config.get("WTF_CSRF_ENABLED", True):
        csrf.protect()  # the error page for a missing or stale token, as on every form
    return None


def _kept_sheet(form: SheetForm, league: League, source: str) -> tuple[str, str] | None:
    """``(token, text)`` when the post answers a preview whose sheet is kept (its text is empty once expired);
    ``None`` when it brings a sheet of its own."""
    token = request.form.get("token", "")
    upload = form.file.data
    if not token or form.sheet.data or (upload is not None and bool(getattr(upload, "filename", None))):
        return None
    return token, pending.kept(token, league_id=league.id, source=source, user_id=getattr(current_user, "id", None)) or ""


def _confirmed(league: League, kind: Source, result: Preview, token: str | None) -> ResponseReturnValue:
    """Store the previewed games; the league's page saying how many, or the preview again with why not."""
    name = league.name
    try:
        added = store(league, result, kind.label)
    except ImportError_ as error:
        result.problems.append(str(error))
        form = SheetForm(formdata=None)
        return render_template("history/preview.html", league=league, form=form, result=result,
                               action=request.path, token=token), 422  # fmt: skip
    if token:
        pending.forget(token)
    flash(_added_message(kind, name, len(result.games), added), "info")
    return redirect(url_for("leagues.show", league_id=league.id), code=303)


def _answers_sent() -> dict[str, str]:
    """The answers the form sends to the preview's questions (its other fields are the sheet's own)."""
    return {key: value for key, value in request.form.items() if key.startswith(("player-", "rules-", "bgstats-"))}


def _previewed(form: SheetForm, kind: Source, league: League, answers: dict[str, str]) -> tuple[str, Preview]:
    """The text sent and what it would store with these answers; a preview of its problems when it can't be read."""
    try:
        text = _sheet_text(form)
    except SheetError as error:
        return form.sheet.data or "", Preview(problems=error.sentences)
    return text, _previewed_text(text, kind, league, answers)


def _previewed_text(text: str, kind: Source, league: League, answers: dict[str, str]) -> Preview:
    """What ``text`` would store with these answers; a preview of its problems when it can't be read."""
    try:
        games, notes, questions = kind.read(text, answers)
        result = preview(league, games, answers, kind.new_rules(), totals_only=kind.totals_only)
    except SheetError as error:
        return Preview(problems=error.sentences)
    result.notes[:0] = notes
    result.questions[:0] = questions
    return result


def _added_message(kind: Source, league_name: str, games: int, added: int) -> str:
    """What confirming did: the games added, and those already here (``games`` in all)."""
    if not added:
        return gettext("Every game in it is already in %(league)s: nothing was added.", league=league_name)
    message = ngettext("%(num)s game from %(source)s added to %(league)s.", "%(num)s games from %(source)s added to %(league)s.",
                       added, source=gettext(kind.phrase), league=league_name)  # fmt: skip
    skipped = games - added
    if skipped:
        # one English sentence for any count (as it always read); a language with a singular says it there
        message += " " + ngettext("%(num)s were already here and were not added again.",
                                  "%(num)s were already here and were not added again.", skipped)  # fmt: skip
    return message


def _bgstats_download(games: list[Game], filename: str) -> WerkzeugResponse:
    return Response(
        json.dumps(bgstats_file(games), ensure_ascii=False, indent=1),
        mimetype="application/json",
        headers={"Content-Disposition": attachment(filename)},
    )


@bp.get("/leagues/<int:league_id>/bgstats.json")
def league_bgstats(league_id: int) -> WerkzeugResponse:
    """The league's finished games as a file BG Stats imports."""
    from ..leagues.exports import league_games
    from ..leagues.routes import _league_or_404, _slug

    league = _league_or_404(league_id)
    return _bgstats_download(league_games(league), f"{_slug(league.name)}-bgstats.json")


@bp.get("/games/<int:game_id>/bgstats.json")
def game_bgstats(game_id: int) -> WerkzeugResponse:
    """One finished game as a file BG Stats imports (404 for a game not finished: BG Stats logs results)."""
    game = db.session.get(Game, game_id)
    if game is None or game.status != GameStatus.FINISHED.value:
        abort(404)
    return _bgstats_download([game], f"game-{game.id}-bgstats.json")
