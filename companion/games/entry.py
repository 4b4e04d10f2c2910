"""The one-screen deal entry's page data, for the entry page (:mod:`.routes`) and the pages a phone keeps
for offline entry (:mod:`.offline`)."""

from __future__ import annotations

from ..models import Game
from ..rules.tally import RANK_KEYS, rank_points
from . import service
from .forms import DealEntryForm
from .state import game_state, roles


def entry_context(game: Game, number: int, form: DealEntryForm, existing) -> dict[str, object]:  # noqa: ANN001
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
