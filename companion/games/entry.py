"""The one-screen deal entry's page data, for the entry page (:mod:`.routes`) and the pages a phone keeps
for offline entry (:mod:`.offline`)."""

from __future__ import annotations

from wtforms import SelectChoice

from ..models import DealResult, Game, GameStatus
from ..rules.tally import RANK_KEYS, rank_points
from . import service
from .forms import DealEntryForm
from .state import game_state, roles


def entry_form(game: Game, existing: DealResult | None = None, **form_args: object) -> DealEntryForm:
    """The score form for ``game``: a "who went out" choice per seat and the stock, a line per seat,
    filled from ``existing`` (the deal's saved result, when correcting it) if given."""
    form = DealEntryForm(**form_args)
    form.went_out.choices = [SelectChoice(str(seat.position), seat.player.name) for seat in game.seats] + [
        SelectChoice(service.STOCK, "Nobody: the stock ran out")
    ]
    if existing is not None:
        _prefill(form, game, existing)
    while len(form.hands) < len(game.seats):
        form.hands.append_entry()
    return form


def hand_entries(game: Game, form: DealEntryForm) -> list[service.HandEntry]:
    """The posted form's hand lines as the service judges them: a line a seat, in seat order."""
    return [
        service.HandEntry(
            position=seat.position,
            text=hand.form.cards.data or "",
            points=hand.form.points.data or "",
            exact_cut=bool(hand.form.exact_cut.data),
            one_turn_out=bool(hand.form.one_turn_out.data),
        )
        for seat, hand in zip(game.seats, form.hands, strict=False)
    ]


def finished_correction_unconfirmed(game: Game, existing: DealResult | None, form: DealEntryForm) -> str | None:
    """The sentence when ``form`` corrects a finished game's deal without "correct it anyway" ticked, else ``None``.

    Only a correction (a form with the deal's version) asks: a first entry of
    a deal another phone saved meanwhile (its last deal finished the game) is
    refused as already recorded, with who recorded it and what, not asked
    about a box its form never showed. The score page and the offline sync
    both ask it here, so a phone away from the server can't skip it.
    """
    correcting = existing is not None and bool(form.version.data)
    if correcting and game.game_status is GameStatus.FINISHED and not form.confirm_finished.data:
        return "This game is finished: tick the box to correct it."
    return None


def form_messages(errors: object) -> list[str]:
    """Every sentence in a form's ``errors`` (nested for its hand lines), in order."""
    if isinstance(errors, str):
        return [errors]
    if isinstance(errors, dict):
        errors = list(errors.values())
    if isinstance(errors, (list, tuple)):
        return [message for part in errors for message in form_messages(part)]
    return []


def _prefill(form: DealEntryForm, game: Game, existing: DealResult) -> None:
    form.version.data = existing.version
    form.went_out.data = service.STOCK if existing.went_out is None else str(existing.went_out)
    for seat in game.seats:
        hand = existing.hand(seat.position)
        form.hands.append_entry()
        line = form.hands[-1].form
        if hand is not None:
            if hand.cards is None:
                line.points.data = str(hand.points)
            else:
                line.cards.data = hand.cards
            line.exact_cut.data = hand.exact_cut
            line.one_turn_out.data = hand.one_turn_out


def entry_context(game: Game, number: int, form: DealEntryForm, existing: DealResult | None) -> dict[str, object]:
    """What the one-screen entry needs: each line's score as the server reads it, the totals before
    this deal, May I counts against the limit, and the rules as data for the phone's own tally."""
    ruleset = game.ruleset
    deal = ruleset.deal(number)
    state = game_state(game)
    went_out = form.went_out.data
    lines = []
    for seat, hand in zip(game.seats, form.hands, strict=False):
        line = hand.form
        out = went_out == str(seat.position)
        lines.append(_line_score(ruleset, line, out))
    before = [
        standing.total - ((standing.deal_points[number - 1] or 0) if existing is not None else 0)
        for standing in state.standings
    ]
    return {
        "game": game,
        "ruleset": ruleset,
        "deal": deal,
        "form": form,
        "existing": existing,
        "roles": roles(game, number),
        "keys": RANK_KEYS,
        "buys": service.buys_in_deal(game, number),
        "lines": lines,
        "before": before,
        "tally_rules": tally_rules(ruleset),
    }


def tally_rules(ruleset) -> dict[str, object]:  # noqa: ANN001
    """The ruleset's card points and adjustments as data for the phone's tally (static/js/tally.js)."""
    adjustments = []
    if ruleset.exact_cut_bonus:
        adjustments.append({"field": "exact_cut", "points": -ruleset.exact_cut_bonus})
    if ruleset.one_turn_out_bonus:
        adjustments.append({"field": "one_turn_out", "points": -ruleset.one_turn_out_bonus})
    return {"points": ruleset.points.as_dict(), "adjustments": adjustments}


def _line_score(ruleset, line, out: bool) -> dict[str, object]:  # noqa: ANN001
    """A line of the score form as the save will read it: ``{"total", "error"}`` (``total`` None on an error)."""
    adjustment = (-ruleset.exact_cut_bonus if line.exact_cut.data else 0) + (
        -ruleset.one_turn_out_bonus if line.one_turn_out.data else 0
    )
    if out:
        return {"total": adjustment, "error": None}
    cards, typed = (line.cards.data or "").strip(), (line.points.data or "").strip()
    try:
        points = service.parse_points(typed) if typed and not cards else rank_points(ruleset, service.parse_hand(cards))
    except ValueError as error:
        return {"total": None, "error": str(error)}
    return {"total": points + adjustment, "error": None}
