"""Game pages: set up a game, the game page (prompt, May I counter, scoreboard, history), score entry."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

from flask_login import current_user
from flask_babel import get_locale
from flask_babel import gettext as _
from flask import abort, session, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response as WerkzeugResponse
from wtforms import Field, SelectChoice

from sqlalchemy import bindparam, select

from ..extensions import db
from ..fact_words import reminders_in_words
from ..links import public_url
from ..auth.access import can_change_game, can_change_league, changeable_leagues, may_change, refusal
from ..models import Game, GameStatus, League, Player
from ..i18n import names_joined
from ..qr import qr_svg
from .. import registry
from ..htmx import is_htmx
from ..models import CustomRulesetVersion
from ..rules import HouseOption, Ruleset
from ..rules.deal_score import DealJudgement
from ..rules.house_options import options_that_apply
from ..i18n import N_, listed
from ..rules.guide import deal_reminders, exact_cut_size, setup_card
from . import bp, life, offline
from .deal_entry import EntryOutcome, EntryResult, buys_in_deal, enter_deal, entry_refusal, undo_last_deal
from .entry import deal_sent, entry_context, entry_form, hand_phases
from .errors import GameError
from .history import history_rows
from .round_words import counted
from .pagecache import page_cache
from ..validation import parse_id
from .forms import RANDOM_DEALER, ConfirmForm, DealEntryForm, NewGameForm, UndoForm
from .forms import MAX_DEALS
from .phases import per_player
from .state import GameState, game_state, roles



def _game_or_404(game_id: int) -> Game:
    game = db.session.get(Game, game_id)
    if game is None:
        abort(404)
    return game


def _game_to_change(game_id: int) -> Game:
    """The game, if the reader may change it; otherwise a 403 saying why."""
    game = _game_or_404(game_id)
    if not can_change_game(current_user, game):
        abort(403, description=refusal(game))
    return game


# ---------------------------------------------------------------------------
# A new game


@bp.route("/new", methods=["GET", "POST"])
def new_game() -> tuple[str, int] | WerkzeugResponse:
    form = NewGameForm()
    known = Player.ordered()
    rules = _offer_choices(form, known)
    if request.method == "GET":
        _fill_from_link(form, rules)
    if form.validate_on_submit():
        game = _start_from_form(form, known)
        if game is not None:
            return redirect(url_for("games.show", game_id=game.id), code=303)
    ruleset = registry.find_ruleset(form.ruleset.data or registry.DEFAULT_ID) or registry.default()
    return render_template("games/new.html", form=form, ruleset=ruleset, rulesets=rules), (422 if request.method == "POST" else 200)


class _FieldProblem(Exception):
    """A problem with the new-game form, said beside one of its fields."""

    def __init__(self, field: Field, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def _offer_choices(form: NewGameForm, known: list[Player]) -> list[registry.Choice]:
    """The form's lists: the players known, the rules (a league's own first) and the leagues; the rules listed."""
    for seat in form.seats:
        seat.form.player.choices = [SelectChoice("", "—")] + [SelectChoice(str(p.id), p.name) for p in known]
    asked_league = parse_id(request.args.get("league") or request.form.get("league"))
    first = db.session.get(League, asked_league) if asked_league is not None else None
    rules = registry.choices(current_user, first)
    form.ruleset.choices = [SelectChoice(c.value, c.label) for c in rules]
    form.league.choices = [SelectChoice("", _("No league"))] + [
        SelectChoice(str(league.id), league.name) for league in League.ordered()
    ]
    return rules


def _fill_from_link(form: NewGameForm, rules: list[registry.Choice]) -> None:
    """A link's ``?ruleset=`` picks the rules; its ``?league=`` fills the seats from the roster, in order,
    and (with no ``?ruleset=``) picks the rules and house rules of the league's last game."""
    asked = parse_id(request.args.get("league"))
    league = db.session.get(League, asked) if asked is not None else None
    if league is not None:
        form.league.data = league.id
        form.ruleset.data, form.options.data = _league_last_rules(league, rules)
        for seat, member in zip(form.seats, league.seating(), strict=False):
            seat.form.player.data = member.id
    if request.args.get("ruleset") in {c.value for c in rules}:
        form.ruleset.data, form.options.data = request.args["ruleset"], []


def _league_last_rules(league: League, rules: list[registry.Choice]) -> tuple[str, list[str]]:
    """The rules and house rules of the league's last game played or in play, when the reader may still pick them.

    A table that plays its own rules every week shouldn't have to pick them
    every week; with no such game, the default rules and none of their house rules.
    """
    last = db.session.scalars(
        select(Game)
        .where(Game.league_id == league.id, Game.status != GameStatus.ABANDONED.value)
        .order_by(Game.created_at.desc(), Game.id.desc())
        .limit(1)
    ).first()
    found = registry.find(last.ruleset_id) if last and last.ruleset_id in {c.value for c in rules} else None
    if last is None or found is None:
        return registry.DEFAULT_ID, []
    # a table's own rules may have changed since
    return last.ruleset_id, _offered_options(found[0], last.ruleset.chosen_options)


def _offered_options(ruleset: Ruleset, keys: Iterable[str]) -> list[str]:
    """The house rules of ``keys`` that ``ruleset`` offers, each once, in their order."""
    offered = {option.key for option in options_that_apply(ruleset)}
    return [key for key in dict.fromkeys(keys) if key in offered]


def _start_from_form(form: NewGameForm, known: list[Player]) -> Game | None:
    """Seat the chosen players in order; put any problem beside its field and return ``None``."""
    try:
        ruleset, custom_version = _rules_from_form(form)
        chosen = _seats_from_form(form, known)
        if not ruleset.plays(len(chosen)):
            raise _FieldProblem(
                form.seats,
                _(
                    "%(rules)s is played by %(least)s to %(most)s players; you seated %(count)s.",
                    rules=ruleset.said_name,
                    least=ruleset.min_players,
                    most=ruleset.max_players,
                    count=len(chosen),
                ),
            )
        first_dealer = _first_dealer_from_form(form, [index for index, _ in chosen])
        league = _league_from_form(form)
        players = [p if isinstance(p, Player) else life.find_or_add_player(p) for _, p in chosen]
        return life.start_game(
            ruleset, players, first_dealer, random.SystemRandom(), league=league, custom_version=custom_version
        )
    except _FieldProblem as problem:
        problem.field.errors = [problem.message]
    except GameError as error:
        form.seats.errors = [str(error)]
    return None


def _rules_from_form(form: NewGameForm) -> tuple[Ruleset, CustomRulesetVersion | None]:
    """The rules picked, with the house rules ticked (a table's own rules offer their own)."""
    found = registry.find(form.ruleset.data)
    if found is None:
        raise _FieldProblem(form.ruleset, _("Pick rules from the list."))
    ruleset, custom_version = found
    offered = {option.key for option in options_that_apply(ruleset)}
    unknown = [key for key in form.options.data or [] if key not in offered]
    if unknown:  # the form checked only the published rulesets' house rules
        raise _FieldProblem(
            form.options, _("%(rules)s has no house rule “%(option)s”.", rules=ruleset.said_name, option=unknown[0][:40])
        )
    return ruleset.with_options(*(form.options.data or [])), custom_version


def _seats_from_form(form: NewGameForm, known: list[Player]) -> list[tuple[int, Player | str]]:
    """The seats taken, in order: ``(seat index, a listed player or a new name)``; one player a seat."""
    by_id = {p.id: p for p in known}
    chosen: list[tuple[int, Player | str]] = []
    for index, seat in enumerate(form.seats):
        if seat.form.player.data is not None:
            chosen.append((index, by_id[seat.form.player.data]))  # the form took only a listed player
        elif seat.form.new_name.data and seat.form.new_name.data.strip():
            chosen.append((index, seat.form.new_name.data.strip()))
    seen: set[str] = set()
    for index, player in chosen:
        name = player if isinstance(player, str) else player.name
        if Player.key_for(name) in seen:  # the message goes beside the second seat taken by the same player
            field = form.seats[index].form
            raise _FieldProblem(
                field.new_name if isinstance(player, str) else field.player,
                _("%(name)s already has a seat at this table.", name=name),
            )
        seen.add(Player.key_for(name))
    return chosen


def _first_dealer_from_form(form: NewGameForm, occupied: list[int]) -> int | None:
    """The first dealer's place among the players seated, or ``None`` to draw one at random."""
    if form.first_dealer.data == RANDOM_DEALER:
        return None
    seat_index = int(form.first_dealer.data)  # one of the form's choices: a seat number
    if seat_index not in occupied:
        raise _FieldProblem(form.first_dealer, _("Pick a seat with a player in it, or draw the dealer at random."))
    return occupied.index(seat_index)


def _league_from_form(form: NewGameForm) -> League | None:
    """The league the game counts in (one the reader may start games in), or ``None``."""
    if form.league.data is None:
        return None
    league = db.session.get(League, form.league.data)  # one of the form's choices
    if league is None:  # removed since the form was shown
        raise _FieldProblem(form.league, _("Pick a league from the list, or no league."))
    if not can_change_league(current_user, league):
        raise _FieldProblem(form.league, _("Only members of %(league)s can start its games.", league=league.name))
    return league


@bp.route("/new/league/<int:league_id>", methods=["GET", "POST"])
def seat_league(league_id: int) -> tuple[str, int] | WerkzeugResponse:
    """A game from a league's roster: tick who plays, order the seats from the first dealer (up and down
    buttons, which work without JavaScript), pick the rules. The order is kept as the league's usual seating.
    """
    league = db.session.get(League, league_id)
    if league is None:
        abort(404)
    if not can_change_league(current_user, league):
        abort(403, description=refusal(league=league))
    order, playing, ruleset_id, chosen_options, move = _seating_asked(league)
    errors: dict[str, str] = {}
    rules = registry.choices(current_user, league)  # the league's own rules first, as on the new-game form
    ruleset, custom_version = _seating_rules(ruleset_id, rules, errors)
    chosen_options = _offered_options(ruleset, chosen_options)
    if move:  # "up-<id>" or "down-<id>": one seat moves, everything else stays as ticked
        _move_seat(order, move)
    elif request.method == "POST" and not errors:
        players = [p for p in order if p.id in playing]
        game = _start_seated(league, players, ruleset, chosen_options, custom_version, errors)
        if game is not None:
            return redirect(url_for("games.show", game_id=game.id), code=303)
    form = NewGameForm(formdata=None)
    form.options.data = chosen_options
    return render_template(
        "games/seating.html",
        league=league,
        order=order,
        playing=playing,
        ruleset=ruleset,
        form=form,
        rulesets=rules,
        errors=errors,
        confirm_form=ConfirmForm(),
    ), (422 if errors else 200)


def _start_seated(
    league: League,
    players: list[Player],
    ruleset: Ruleset,
    options: list[str],
    custom_version: CustomRulesetVersion | None,
    errors: dict[str, str],
) -> Game | None:
    """The game of the players ticked, in the order shown (kept as the league's usual seating), under ``ruleset``
    with the house rules ``options``; the first deals.

    When the rules aren't played by that many, no game: a sentence in ``errors`` instead.
    """
    if not ruleset.plays(len(players)):
        errors["plays"] = _(
            "%(rules)s is played by %(least)s to %(most)s players; you ticked %(count)s.",
            rules=ruleset.said_name,
            least=ruleset.min_players,
            most=ruleset.max_players,
            count=len(players),
        )
        return None
    league.usual_seating = json.dumps([p.id for p in players])
    return life.start_game(ruleset.with_options(*options), players, 0, league=league, custom_version=custom_version)


def _seating_rules(
    ruleset_id: str, rules: list[registry.Choice], errors: dict[str, str]
) -> tuple[Ruleset, CustomRulesetVersion | None]:
    """The rules picked on the seating page, if the list offers them; else the default, with a sentence in ``errors``."""
    found = registry.find(ruleset_id) if ruleset_id in {c.value for c in rules} else None
    if found is None:
        errors["ruleset"] = _("Pick the rules from the list.")
    return found or (registry.default(), None)


#: The seating page's state: the roster in seat order, who plays, the rules and house rules asked for, a seat's move.
_Seating = tuple[list[Player], set[int], str, list[str], str]


def _seating_asked(league: League) -> _Seating:
    """The seating page's state: the roster in seat order, who plays, the rules and house rules asked for, and
    the seat to move (``"up-<id>"`` or ``"down-<id>"``), if any.

    First shown, the league's usual seating (or everyone) with the rules of
    its last game (or the default rules); posted, what the page sent (unknown players left out).
    """
    return _seating_first_shown(league) if request.method == "GET" else _seating_posted(league)


def _seating_first_shown(league: League) -> _Seating:
    """:func:`_seating_asked` for the page first shown: the usual players ticked (everyone, with none usual)."""
    order = league.seating()
    usual = set(league.usual_player_ids())
    playing = {p.id for p in order if p.id in usual}
    ruleset_id, options = _league_last_rules(league, registry.choices(current_user, league))
    return order, playing or {p.id for p in order}, ruleset_id, options, ""


def _seating_posted(league: League) -> _Seating:
    """:func:`_seating_asked` for the page posted: its order first, then members it didn't name (a member added since)."""
    roster = {str(player.id): player for player in league.members}
    asked = [i for i in request.form.get("order", "").split(",") if i in roster]
    order = [roster[i] for i in dict.fromkeys(asked)] + [p for p in league.seating() if str(p.id) not in asked]
    playing = {roster[i].id for i in request.form.getlist("plays") if i in roster}
    return order, playing, request.form.get("ruleset", ""), request.form.getlist("options"), request.form.get("move", "")


def _move_seat(order: list[Player], move: str) -> None:
    """``"up-<id>"`` or ``"down-<id>"``: that player swaps seats with the one before or after."""
    direction, _, player_id = move.partition("-")
    index = next((i for i, p in enumerate(order) if str(p.id) == player_id), None)
    if index is not None and direction in ("up", "down"):
        other = index - 1 if direction == "up" else index + 1
        if 0 <= other < len(order):
            order[index], order[other] = order[other], order[index]


@bp.get("/new/rulesets")
def ruleset_options() -> str:
    """The rules list's options for the league just picked: its own rules first (swapped in when the league changes).

    The rules already picked stay picked; an unknown league or none lists them as with no league.
    """
    asked = parse_id(request.args.get("league"))
    league = db.session.get(League, asked) if asked is not None else None
    rules = registry.choices(current_user, league)
    picked = request.args.get("ruleset", "")
    selected_id = picked if picked in {c.value for c in rules} else "contract"
    return render_template("_ruleset_options.html", rulesets=rules, selected_id=selected_id)


@bp.get("/new/options")
def house_options() -> str:
    """The house rules a ruleset offers (swapped in when the ruleset changes)."""
    ruleset = registry.find_ruleset(request.args.get("ruleset", "")) or registry.default()
    form = NewGameForm(formdata=None)
    return render_template("games/_options.html", form=form, ruleset=ruleset)


# ---------------------------------------------------------------------------
# The game page


_GAME_HEAD = select(Game.revision, Game.league_id).where(Game.id == bindparam("game_id"))

@bp.get("/<int:game_id>")
def show(game_id: int) -> str | WerkzeugResponse:
    """The game page (signed in)."""
    return game_page(game_id, watching=False)


def game_page(game_id: int, *, watching: bool) -> str | WerkzeugResponse:
    """The game page, for a member or a watcher; rendered once per revision of the game and kept.

    With ``?since=<revision>`` it is the live-follow poll: 204 while the game
    is unchanged, so a watching phone costs the server one small query.
    """
    with db.engine.connect() as connection:  # plain statements: the page may already be kept
        head = connection.execute(_GAME_HEAD, {"game_id": game_id}).first()
        if head is None:
            abort(404)
        can_edit = not watching and may_change(current_user, head.league_id, connection)
    if request.args.get("since") == str(head.revision):
        return WerkzeugResponse(status=204)
    cache = page_cache()
    language = str(get_locale())  # the page's words, its <html lang> and its language switch
    key = (game_id, head.revision, can_edit, watching, current_user.is_authenticated, request.path, language)
    cacheable = not session.get("_flashes")  # flash messages are for one reader, once
    if cacheable:
        page = cache.get(key)
        if page is not None:
            return page
    game = _game_or_404(game_id)
    context = _page_context(game)
    context.update(can_edit=can_edit, watching=watching, live_url=request.path, offers=offline.offers_context(game))
    if not watching and current_user.is_authenticated:
        context.update(_share(game))
    html = render_template("games/show.html", **context)
    if cacheable:
        cache.put(key, html)
    return html


def _share(game: Game) -> dict[str, object]:
    """The game's watch link and its QR code (the link's secret is made the first time it is shown)."""
    if game.share_token is None:  # made with the game (a GET writes nothing); a game older than that has none
        return {}
    url = public_url("watch.game", token=game.share_token)
    return {"share_url": url, "share_qr": qr_svg(url, title=_("QR code of the watch link"))}


def _page_context(game: Game) -> dict[str, object]:
    state = game_state(game)
    ruleset = state.ruleset
    players = len(game.seats)
    deal = state.current_deal
    context: dict[str, object] = {
        "game": game,
        "state": state,
        "ruleset": ruleset,
        "setup": setup_card(ruleset, players),
        "deal": deal,
        "confirm_form": ConfirmForm(),
        "history": history_rows(game),
        "rematch_dealer": life.rematch_dealer(game),
    }
    if state.progress is not None:
        context.update(_phases_context(game, state))
    if deal is not None:
        context["roles"] = roles(game, deal.number)
        context["reminders"] = reminders_in_words(deal_reminders(ruleset, deal, players), ruleset, deal, players)
        context["exact_cut"] = exact_cut_size(deal, players) if ruleset.exact_cut_bonus else None
        context["buys"] = buys_in_deal(game, deal.number)
    return context


def _phases_context(game: Game, state: GameState) -> dict[str, object]:
    """A per-player game's page: each player's phase for the next hand, the tie-break hand's players, phases made."""
    progress = state.progress
    assert progress is not None
    tied = [player for player in progress.players if player.seat in progress.tiebreak]
    return {
        "phases": hand_phases(game, state.deals_played + 1) if state.current_deal is not None else None,
        "tiebreak_names": names_joined([player.name for player in tied]),
        "tiebreak_total": tied[0].total if tied else None,
        "phases_made": {player.seat: len(player.made) for player in progress.players},
        "current_phase": {player.seat: player.phase for player in progress.players},
    }


@bp.post("/<int:game_id>/buys/<int:position>")
def change_buys(game_id: int, position: int) -> str | WerkzeugResponse:
    """A May I / buy tap (``delta`` 1, or -1 to take one back)."""
    game = _game_to_change(game_id)
    form = ConfirmForm()
    error = None
    if not form.validate_on_submit():
        error = _("The page was out of date: try again.")
    else:
        try:
            life.change_buys(game, position, -1 if request.form.get("delta") == "-1" else 1)
        except GameError as problem:
            error = str(problem)
    if is_htmx():
        context = _page_context(game)
        if context["deal"] is not None:
            # the scoreboard's May I row comes along (out of band), as the poller does
            context.update(buy_error=error, oob_poll=True, can_edit=True, live_url=url_for("games.show", game_id=game.id))
            return render_template("games/_buys.html", **context)
        # every deal is in (the page was stale): there is no counter to show, so reload the game page
        if error:
            flash(error, "error")
        return WerkzeugResponse("", 204, {"HX-Redirect": url_for("games.show", game_id=game.id)})
    if error:
        flash(error, "error")
    return redirect(url_for("games.show", game_id=game.id), code=303)


@bp.post("/<int:game_id>/undo")
def undo(game_id: int) -> WerkzeugResponse:
    game = _game_to_change(game_id)
    form = UndoForm()
    if not form.validate_on_submit():
        flash(_("The page was out of date: reload it and try again."), "error")
    elif not form.sure.data:
        flash(counted(game.ruleset, N_("Tick “Yes, I'm sure” to undo the last deal."), N_("Tick “Yes, I'm sure” to undo the last hand.")), "error")
    else:
        try:
            number = undo_last_deal(game, form.deal.data, by=current_user.id)
            flash(counted(game.ruleset, N_("Deal %(number)s was taken back; it is in the history."),
                          N_("Hand %(number)s was taken back; it is in the history."), number=number), "info")  # fmt: skip
        except GameError as problem:
            flash(str(problem), "error")
    return redirect(url_for("games.show", game_id=game.id), code=303)


@bp.post("/<int:game_id>/abandon")
def abandon(game_id: int) -> WerkzeugResponse:
    game = _game_to_change(game_id)
    form = ConfirmForm()
    if not form.validate_on_submit():
        flash(_("The page was out of date: try again."), "error")
    elif not form.sure.data:
        flash(_("Tick “Yes, I'm sure” to abandon the game."), "error")
    else:
        try:
            life.abandon(game)
            flash(_("The game was abandoned."), "info")
        except GameError as problem:
            flash(str(problem), "error")
    return redirect(url_for("games.show", game_id=game.id), code=303)


@bp.post("/<int:game_id>/end")
def end_early(game_id: int) -> WerkzeugResponse:
    """The table agrees to stop here: the game finishes with the deals played, marked as ended early."""
    game = _game_to_change(game_id)
    form = ConfirmForm()
    if not form.validate_on_submit():
        flash(_("The page was out of date: try again."), "error")
    elif not form.sure.data:
        flash(_("Tick “We all agree” to end the game here."), "error")
    else:
        try:
            life.end_early(game, by=current_user.id)
            flash(counted(game.ruleset, N_("The game ended after deal %(number)s; it counts as played."),
                          N_("The game ended after hand %(number)s; it counts as played."), number=len(game.deals)), "info")  # fmt: skip
        except GameError as problem:
            flash(str(problem), "error")
    return redirect(url_for("games.show", game_id=game.id), code=303)


@bp.post("/<int:game_id>/restore")
def restore(game_id: int) -> WerkzeugResponse:
    game = _game_to_change(game_id)
    if not ConfirmForm().validate_on_submit():
        flash(_("The page was out of date: try again."), "error")
        return redirect(url_for("games.abandoned"), code=303)
    try:
        life.restore(game, by=current_user.id)
        flash(_("The game is back in play."), "info")
    except GameError as problem:
        flash(str(problem), "error")
    return redirect(url_for("games.show", game_id=game.id), code=303)


@bp.post("/<int:game_id>/rematch")
def rematch(game_id: int) -> WerkzeugResponse:
    """The same table again: same rules, seats and league; the deal passes to the next player."""
    game = _game_to_change(game_id)
    if not ConfirmForm().validate_on_submit():
        flash(_("The page was out of date: try again."), "error")
        return redirect(url_for("games.show", game_id=game.id), code=303)
    try:
        new = life.rematch(game)
    except GameError as problem:
        flash(str(problem), "error")
        return redirect(url_for("games.show", game_id=game.id), code=303)
    flash(_("Rematch: %(name)s deals first.", name=new.seats[new.first_dealer].player.name), "info")
    return redirect(url_for("games.show", game_id=new.id), code=303)


@bp.route("/<int:game_id>/league", methods=["GET", "POST"])
def add_to_league(game_id: int) -> ResponseReturnValue:
    """Count a game played outside a league in one of the reader's leagues (a page of its own: the game
    page is kept per revision, and the leagues a reader may pick are theirs)."""
    game = _game_to_change(game_id)
    leagues = changeable_leagues(current_user, League.ordered())
    error = None
    if request.method == "POST":
        asked = parse_id(request.form.get("league", ""))
        league = db.session.get(League, asked) if asked is not None else None
        if not ConfirmForm().validate_on_submit():
            error = _("The page was out of date: try again.")
        elif league is None or league not in leagues:
            error = _("Pick one of your leagues from the list.")
        else:
            try:
                life.add_to_league(game, league)
            except GameError as problem:
                error = str(problem)
            else:
                flash(_("The game counts in %(league)s now.", league=league.name), "info")
                return redirect(url_for("games.show", game_id=game.id), code=303)
    return render_template(
        "games/league.html", game=game, leagues=leagues, error=error, confirm_form=ConfirmForm()
    ), (422 if error else 200)


@bp.get("/abandoned")
def abandoned() -> str:
    """Abandoned games, each with a button to restore it."""
    games = [game for game in life.abandoned_games() if can_change_game(current_user, game)]
    return render_template("games/abandoned.html", games=games, confirm_form=ConfirmForm())


# ---------------------------------------------------------------------------
# Score entry and corrections


@bp.route("/<int:game_id>/deals/<int:number>", methods=["GET", "POST"])
def deal_entry(game_id: int, number: int) -> tuple[str, int] | WerkzeugResponse:
    game = _game_to_change(game_id)
    # a per-player game's hands are not counted by its phases: it ends when someone makes the last one
    last = MAX_DEALS if per_player(game.ruleset) else len(game.ruleset.deals)
    if not 1 <= number <= last:
        abort(404)
    existing = game.deal_result(number)
    refusal = entry_refusal(game, number, existing)
    if refusal is not None:
        flash(refusal, "error")
        return redirect(url_for("games.show", game_id=game.id), code=303)
    form = entry_form(game, existing if request.method == "GET" else None)
    shown: dict[str, object] = {"warnings": (), "stale": None}
    if request.method == "POST" and form.validate():
        result = enter_deal(game, number, deal_sent(game, form), by=current_user.id)
        if result.outcome in (EntryOutcome.SAVED, EntryOutcome.REFUSED):
            return _back_to_the_game(game, result)
        shown = _not_saved(form, result)
        existing = existing if existing in game.deals else None  # taken back on another phone meanwhile
    return render_template(
        "games/entry.html", **entry_context(game, number, form, existing), **shown
    ), (422 if request.method == "POST" else 200)  # a post that comes back here was not saved


def _back_to_the_game(game: Game, result: EntryResult) -> WerkzeugResponse:
    """A saved (or refused) entry: the game page, with what happened said at its top."""
    saved = result.outcome is EntryOutcome.SAVED
    flash(result.message, "info" if saved else "error")
    if saved:
        standing = _standing_sentence(game_state(game))
        if standing:
            flash(standing, "totals")
    if saved and result.judgement is not None:
        difference = _phone_difference(game, result.judgement.totals, request.form.get("phone_totals", ""))
        if difference:
            flash(difference, "error")
    return redirect(url_for("games.show", game_id=game.id), code=303)


def _standing_sentence(state: GameState) -> str | None:
    """Who leads and each total, in one sentence, for the top of the game page just after a save.

    The scoreboard is below the next deal's prompt, out of sight on a phone;
    the table wants the totals the moment a deal is saved. A finished game's
    page opens on its final order, so it needs no sentence.
    """
    if state.current_deal is None or not state.deals_played:
        return None
    leaders = state.leaders  # in seat order, as in the final order
    others = [s for s in state.final_order if s.place != 1]
    level, leads, lead = _STANDINGS["hand" if state.progress is not None else "deal"]
    number, total = state.deals_played, leaders[0].total
    if not others:
        return _(level, number=number, total=total)
    names = listed([s.player.name for s in leaders])
    rest = listed([f"{s.player.name} {s.total}" for s in others])
    return _(_lead_sentence(state, leads, lead), number=number, names=names, total=total, rest=rest)


def _lead_sentence(state: GameState, leads: str, lead: str) -> str:
    """The sentence for one leader (said ahead by deals won when level on points with others, Carioca's
    ``most_deals_won``), or for several."""
    if len(state.leaders) > 1:
        return lead
    return _LEADS_ON_DEALS_WON if state.tied_on_deals_won else leads


#: One leader level on points with others but ahead by deals won (``tiebreak: most_deals_won``).
_LEADS_ON_DEALS_WON = N_("After deal %(number)s: %(names)s leads on %(total)s with the most deals won, then %(rest)s.")


#: The standing's sentences after a deal (a contract), or a hand (per-player games, Phase 10): everyone level,
#: one leader, several leaders; each whole, said in the page's language.
_STANDINGS = {
    "deal": (
        N_("After deal %(number)s, everyone is level on %(total)s."),
        N_("After deal %(number)s: %(names)s leads on %(total)s, then %(rest)s."),
        N_("After deal %(number)s: %(names)s lead on %(total)s, then %(rest)s."),
    ),
    "hand": (
        N_("After hand %(number)s, everyone is level on %(total)s."),
        N_("After hand %(number)s: %(names)s leads on %(total)s, then %(rest)s."),
        N_("After hand %(number)s: %(names)s lead on %(total)s, then %(rest)s."),
    ),
}


def _not_saved(form: DealEntryForm, result: EntryResult) -> dict[str, object]:
    """What the entry page shows again for an entry not saved: its warnings, who saved it first, or its problems."""
    if result.outcome is EntryOutcome.STALE and result.stale is not None:
        return {"warnings": (), "stale": {"number": result.stale.deal_number, "what": result.stale.what,
                                          "recorded": result.stale.recorded}}
    if result.judgement is not None and result.outcome is EntryOutcome.NEEDS_CONFIRM:
        return {"warnings": result.judgement.warnings, "stale": None}
    if result.judgement is not None:
        _show_problems(form, result.judgement, result.finished_problem)
    return {"warnings": (), "stale": None}


def _show_problems(form: DealEntryForm, judgement: DealJudgement, finished_problem: str | None) -> None:
    """The entry's problems beside their fields: the "who went out" choice, each line, the finished box."""
    if judgement.went_out_problem:
        form.went_out.errors = [judgement.went_out_problem]
    for position, message in judgement.line_problems.items():
        form.hands[position].form.cards.errors = [message]
    if finished_problem:
        form.confirm_finished.errors = [finished_problem]


def _phone_difference(game: Game, totals: dict[int, int], phone_totals: str) -> str | None:
    """A sentence when the totals the phone showed (``"12,0,35"``, seat order) differ from the saved ones.

    The phone adds up as taps come; the server is the judge, so what it saved
    stands and the table is told where the two disagreed.
    """
    shown = phone_totals.split(",")[: len(game.seats)]
    names = {seat.position: seat.player.name for seat in game.seats}
    differ = []
    for position, total in totals.items():
        text = shown[position].strip() if position < len(shown) else ""
        if text and text.lstrip("-").isascii() and text.lstrip("-").isdigit() and len(text) < 8:
            if int(text) != total:
                differ.append(
                    _("%(name)s %(total)s (the phone showed %(shown)s)", name=names[position], total=total, shown=int(text))
                )
    if not differ:
        return None
    return _("The saved scores are the rules' own: %(differences)s.", differences=", ".join(differ))


@bp.app_template_filter("offered_options")
def offered_options(ruleset: Ruleset) -> tuple[HouseOption, ...]:
    """The house rules worth offering for ``ruleset`` (none its own rules already say or contradict)."""
    return options_that_apply(ruleset)


@bp.app_template_filter("signed")
def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)



@bp.app_template_filter("names_joined")
def names_joined_filter(names: list[str]) -> str:
    """Players' names as one list in the page's language ("Ann and Bob", "Ann y Bob")."""
    return names_joined(list(names))
