"""The paper score sheet's pages: type or pick the sheet, answer the questions on its preview, confirm.

Nothing is written until the confirm button: every POST reads the sheet again
(it travels in the form), matches it with the answers given so far and shows
what would be stored. Every refusal is a sentence on the page with a 422.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import json

from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext, ngettext
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response as WerkzeugResponse
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import TextAreaField

from ..downloads import attachment
from ..extensions import db
from ..i18n import N_
from ..leagues.routes import _league_to_change
from ..models import Game, GameStatus, League
from . import bp
from .bgstats import bgstats_file, read_bgstats
from .paper import MAX_SHEET_BYTES, SheetError, SheetGame, read_sheet
from .service import NewRules, Preview, Question, preview, store
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
def import_page(league_id: int, source: str) -> ResponseReturnValue:
    league = _league_to_change(league_id)
    kind = SOURCES[source]
    action = url_for(request.endpoint or "history.paper", league_id=league.id)
    form = SheetForm()
    if request.method == "GET" or not form.validate_on_submit():
        status = 422 if request.method == "POST" else 200
        return render_template(kind.template, league=league, form=form, example=EXAMPLE, action=action), status
    text, result = _previewed(form, kind, league, _answers_sent())
    if request.form.get("confirm") and result.ready:
        added = store(league, result, kind.label)
        flash(_added_message(kind, league.name, len(result.games), added), "info")
        return redirect(url_for("leagues.show", league_id=league.id), code=303)
    form.sheet.data = text
    status = 422 if result.problems else 200
    return render_template("history/preview.html", league=league, form=form, result=result, action=action), status


def _answers_sent() -> dict[str, str]:
    """The answers the form sends to the preview's questions (its other fields are the sheet's own)."""
    return {key: value for key, value in request.form.items() if key.startswith(("player-", "rules-", "bgstats-"))}


def _previewed(form: SheetForm, kind: Source, league: League, answers: dict[str, str]) -> tuple[str, Preview]:
    """The text sent and what it would store with these answers; a preview of its problems when it can't be read."""
    try:
        text = _sheet_text(form)
        games, notes, questions = kind.read(text, answers)
        result = preview(league, games, answers, kind.new_rules(), totals_only=kind.totals_only)
    except SheetError as error:
        return form.sheet.data or "", Preview(problems=error.sentences)
    result.notes[:0] = notes
    result.questions[:0] = questions
    return text, result


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
