"""The home page: games in progress, finished games, the rulesets; and the language switch."""

from flask import Blueprint, render_template, request
from flask_login import current_user
from werkzeug.wrappers import Response as WerkzeugResponse

from ..games.state import game_state
from sqlalchemy import func, select

from ..extensions import db
from ..i18n import N_, back_to, chosen_language, names_joined, remember_language
from ..models import Game, GameStatus
from ..rules import Progression
from .. import registry

bp = Blueprint("main", __name__)


@bp.get("/")
def home() -> str:
    in_progress = [
        {
            "game": game,
            "deal": min(len(game.deals) + 1, len(game.ruleset.deals)),
            # a Phase 10 game counts hands, not deals of a schedule (each player is on their own phase)
            "hand": len(game.deals) + 1 if game.ruleset.progression is not Progression.FIXED else None,
            "names": ", ".join(p.name for p in game.players),
        }
        for game in Game.in_progress()
    ]
    finished = []
    for game in Game.recent_finished():
        state = game_state(game)
        finished.append(
            {
                "game": game,
                "names": ", ".join(p.name for p in game.players),
                "winners": names_joined([s.player.name for s in state.leaders]),
                "ended_early": state.ended_early,
            }
        )
    abandoned = db.session.scalar(select(func.count()).select_from(Game).where(Game.status == GameStatus.ABANDONED.value))
    return render_template(
        "home.html", rulesets=registry.builtins(), in_progress=in_progress, finished=finished, abandoned=abandoned
    )


@bp.get("/healthz")
def health() -> tuple[dict[str, str], int]:
    """A trivial page: the server is up, and which version it is (the container's health check, a family's
    monitor; the yardstick the web benchmark measures against). It reads no database: the answer is fixed."""
    from ..version import VERSION

    return {"status": "ok", "version": VERSION}, 200


@bp.get("/sw.js")
def service_worker():  # type: ignore[no-untyped-def]
    """The service worker (static/sw.js), served from the root so it may answer every page of the site.

    Browsers run it only on secure pages (HTTPS, or localhost); it is
    asked for anew on each visit (``no-cache``), so a new version takes over.
    """
    from pathlib import Path

    from flask import Response, current_app

    script = (Path(current_app.static_folder or "") / "sw.js").read_bytes()
    response = Response(script, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


MANIFEST_WORDS = {
    "name": N_("Contract Rummy Companion"),
    "short_name": N_("Rummy"),
    "description": N_("Deals, meld rulings and scores for Contract Rummy and its family."),
}
"""The web app manifest's words a phone shows (installing it, under its icon), said in each language."""


@bp.get("/manifest.<language>.webmanifest")
def manifest(language: str) -> WerkzeugResponse:
    """The web app manifest (static/manifest.webmanifest) in ``language``: its name, short name and description
    translated, ``lang`` set; one URL per language, so a phone keeps each apart. A language pages don't speak: 404."""
    import json
    from pathlib import Path

    from flask import Response, abort, current_app
    from flask_babel import force_locale, gettext

    if chosen_language(language) is None:
        abort(404)
    fields = json.loads((Path(current_app.static_folder or "") / "manifest.webmanifest").read_text(encoding="utf-8"))
    with force_locale(language):
        fields.update({key: gettext(words) for key, words in MANIFEST_WORDS.items()}, lang=language)
    response = Response(json.dumps(fields, ensure_ascii=False, indent=2), mimetype="application/manifest+json")
    response.cache_control.public = True
    response.cache_control.max_age = 24 * 3600  # a new catalogue reaches an installed app within a day
    return response


@bp.post("/language")
def language() -> WerkzeugResponse:
    """The switch at the foot of every page: this phone's language (and the account's, when signed in).

    It goes back to the page it was sent from (a path on this site only); an
    unknown language changes nothing. (CSRFProtect refuses a form without its token before this runs.)
    """
    response = back_to(request.form.get("next"))
    chosen = chosen_language(request.form.get("language"))
    if chosen is None:
        return response
    if current_user.is_authenticated:
        current_user.language = chosen
        db.session.commit()
    return remember_language(response, chosen)
