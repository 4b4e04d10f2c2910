"""The server's side of scoring with no connection (the phone's side is ``static/js/offline/`` (store, sync, navigation, page)).

A phone that saved deals while offline keeps them in its own store and,
when the connection is back, sends each in order to :func:`sync_deal`, which
answers JSON the script acts on. The same phone asks :func:`offline_pack`
for the pages it keeps so the game can be opened and scored offline, and
:func:`fresh_token` for a new CSRF token when the one it saved with expired.
The table settles a deal recorded on two phones with :func:`settle`.
"""

from __future__ import annotations

from flask import abort, flash, jsonify, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response

from ..auth.access import can_change_game, refusal
from ..card_faces import ranks_in_words
from ..extensions import db
from ..i18n import N_
from ..models import Change, Game, GameStatus
from ..rules.deal_score import hand_total
from . import bp
from .deal_entry import EntryOutcome, EntryResult, enter_deal, settle_offer
from .entry import deal_sent, entry_context, entry_form, form_messages, prompt_facts
from .errors import GameError
from .history import pending_offers
from .round_words import counted
from .state import game_state
from .forms import MAX_DEALS, ConfirmForm
from .phases import per_player


def _answer(code: int, **body: object) -> tuple[Response, int]:
    response = jsonify(body)
    response.headers["Cache-Control"] = "no-store"
    return response, code


@bp.post("/<int:game_id>/deals/<int:number>/sync")
def sync_deal(game_id: int, number: int) -> tuple[Response, int]:
    """A deal saved on a phone while it was offline, sent now: the score form's fields, with the deal's version.

    Answers ``{"status": ..., "message": ...}``: ``saved``, ``already``
    (recorded exactly so: nothing added) or ``conflict`` (another phone
    recorded it differently; both are kept for the table to choose), all 200;
    ``invalid`` and ``warnings`` (422) for an entry the table must look at
    again; ``refused`` (409) when the game can't take it. Any answer but
    these (a redirect to sign in, a 400 for an expired token) the script
    handles on its own.
    """
    game = db.session.get(Game, game_id)
    if game is None or not 1 <= number <= _last_hand(game):
        return _answer(404, status="refused", error=_("This game or deal is not on the server any more."))
    if not can_change_game(current_user, game):
        return _answer(403, status="refused", error=refusal(game))
    if game.game_status is GameStatus.ABANDONED:  # before the form: an abandoned game takes nothing
        return _answer(409, status="refused", error=_("This game was abandoned; its scores can't change."))
    form = entry_form(game)  # the entry page's own form, read and checked as that page reads it
    if not form.validate():
        errors = {name: " ".join(form_messages(field_errors)) for name, field_errors in form.errors.items()}
        return _answer(422, status="invalid", error=" ".join(errors.values()), errors=errors)
    result = enter_deal(game, number, deal_sent(game, form), by=current_user.id, late=True)
    return _sync_answer(game, result)


def _sync_answer(game: Game, result: EntryResult) -> tuple[Response, int]:
    """The entry use case's result as the phone's script reads it."""
    outcome = result.outcome
    if outcome in (EntryOutcome.SAVED, EntryOutcome.ALREADY, EntryOutcome.CONFLICT):
        return _answer(200, status=outcome.value, message=result.message, revision=game.revision)
    if outcome is EntryOutcome.NEEDS_CONFIRM and result.judgement is not None:
        # the phone shows them as the score page does: "18 aces", not the engine's "18 As"
        warnings = [ranks_in_words(warning) for warning in result.judgement.warnings]
        return _answer(422, status="warnings", error=" ".join(warnings), warnings=warnings)
    if outcome is EntryOutcome.INVALID and result.judgement is not None:
        return _answer(422, status="invalid", error=result.message, errors=_field_problems(result))
    return _answer(409, status="refused", error=result.message)  # refused, or stale (a late entry is never stale)


def _field_problems(result: EntryResult) -> dict[str, str]:
    """The problems by the form's field names (``went_out``, ``hand-<n>``, ``confirm_finished``)."""
    assert result.judgement is not None
    problems = {}
    if result.judgement.went_out_problem:
        problems["went_out"] = result.judgement.went_out_problem
    problems.update({f"hand-{p}": message for p, message in result.judgement.line_problems.items()})
    if result.finished_problem:
        problems["confirm_finished"] = result.finished_problem
    return problems


@bp.get("/csrf-token")
def fresh_token() -> tuple[Response, int]:
    """A CSRF token for this session (signed in: the gate sends anyone else to sign in)."""
    return _answer(200, csrf_token=generate_csrf())


@bp.get("/<int:game_id>/offline")
def offline_pack(game_id: int) -> tuple[Response, int]:
    """The pages a phone keeps to open and score this game offline: the game page and each deal still to enter.

    With them, each deal's prompt as data and the recorded totals, so the game page can show the next
    deal's prompt, and the totals with the deals saved on the phone, while those wait to be sent.

    Each entry page is what ``GET /games/<id>/deals/<n>`` renders now, so a
    deal saved offline is followed by the next one's form, with its dealer
    and contract, from the phone's own store.
    """
    game = db.session.get(Game, game_id)
    if game is None:
        abort(404)
    if not can_change_game(current_user, game):
        return _answer(403, error=refusal(game))
    pages, prompts = {}, {}
    for number in _hands_to_keep(game):
        pages[url_for("games.deal_entry", game_id=game.id, number=number)] = _entry_page(game, number)
        if not per_player(game.ruleset):  # a per-player game's hands after this one follow from its ticks, on the
            prompts[str(number)] = prompt_facts(game, number)  # phone (its page's phase state), not from prompts here
    state = game_state(game)
    totals = {
        "names": {str(s.position): s.player.name for s in state.standings},
        "recorded": {str(s.position): s.total for s in state.standings},
    }
    return _answer(200, revision=game.revision, pages=pages, prompts=prompts, totals=totals)


def _last_hand(game: Game) -> int:
    """The highest deal number a game can have: its last deal, or for a per-player game as many hands as the
    score page takes (it ends when someone makes the last phase, not after a count)."""
    return MAX_DEALS if per_player(game.ruleset) else len(game.ruleset.deals)


def _hands_to_keep(game: Game) -> range:
    """The deals whose score pages a phone keeps: every deal still to enter; in a per-player game only the next
    hand, whose phases are known here: the phone draws each hand after it from the one before, moving its page's
    phase state (:func:`.entry.phase_state`) on by the "made" ticks it keeps."""
    if per_player(game.ruleset):
        return range(len(game.deals) + 1, len(game.deals) + 1 + (game.game_status is GameStatus.IN_PROGRESS))
    return range(len(game.deals) + 1, len(game.ruleset.deals) + 1)


def _entry_page(game: Game, number: int) -> str:
    """The score screen of a deal not entered yet, as ``GET /games/<id>/deals/<n>`` shows it once it is next.

    (Its totals "before this deal" are the recorded ones; the phone adds the
    deals it saved and has not sent yet, which the server has not seen.)
    """
    form = entry_form(game, formdata=None)
    return render_template("games/entry.html", **entry_context(game, number, form, None), warnings=[], stale=None)


@bp.post("/<int:game_id>/offers/<int:change_id>/<any(use, keep):choice>")
def settle(game_id: int, change_id: int, choice: str) -> Response:
    """The table chooses between a deal's recorded entry and one a phone sent later (both stay in the history)."""
    game = db.session.get(Game, game_id)
    offer = db.session.get(Change, change_id)
    if game is None or offer is None or offer.game_id != game.id or offer.action != "offered":
        abort(404)
    if not can_change_game(current_user, game):
        abort(403, description=refusal(game))
    if not ConfirmForm().validate_on_submit():
        flash(_("The page was out of date: try again."), "error")
    else:
        try:
            settle_offer(game, offer, use_it=choice == "use", by=current_user.id)
        except GameError as problem:
            flash(str(problem), "error")
        else:
            if choice == "use":
                chose = counted(game.ruleset, N_("Deal %(number)s: the table chose the entry sent later. Both are in the history."),
                                N_("Hand %(number)s: the table chose the entry sent later. Both are in the history."), number=offer.deal_number)  # fmt: skip
            else:
                chose = counted(game.ruleset, N_("Deal %(number)s: the table chose the entry recorded first. Both are in the history."),
                                N_("Hand %(number)s: the table chose the entry recorded first. Both are in the history."), number=offer.deal_number)  # fmt: skip
            flash(chose, "info")
    return redirect(url_for("games.show", game_id=game.id), code=303)


def offers_context(game: Game) -> list[dict[str, object]]:
    """Each deal recorded on two phones, for the game page: the recorded entry and the other one, hand by hand."""
    shown: list[dict[str, object]] = []
    for offer in pending_offers(game):
        recorded = game.deal_result(offer.deal_number) if offer.deal_number is not None else None
        other = offer.new
        rows = []
        for seat in game.seats:
            mine = next((h for h in other["hands"] if h["position"] == seat.position), None)
            theirs = recorded.hand(seat.position) if recorded else None
            rows.append(
                {
                    "name": seat.player.name,
                    "recorded": None if theirs is None else theirs.total,
                    "other": None if mine is None else hand_total(mine["points"], mine["adjustment"]),
                }
            )
        shown.append(
            {
                "offer": offer,
                "recorded": recorded,
                "recorded_out": _went_out_name(game, recorded.went_out if recorded else None),
                "other_out": _went_out_name(game, other["went_out"]),
                "rows": rows,
            }
        )
    return shown


def _went_out_name(game: Game, position: int | None) -> str:
    return _("nobody (the stock ran out)") if position is None else game.seats[position].player.name
