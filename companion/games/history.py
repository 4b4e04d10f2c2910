"""A game's history: every write logged as a change, what a deal's entry looked like, and entries kept for the table.

Each action of :mod:`.life` and :mod:`.deal_entry` logs a :class:`~companion.models.Change`
here (with the deal's facts before and after), so the game page can show
who changed what, and a deal that arrived late from an offline phone waits
here, beside the recorded one, for the table to choose.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from flask_babel import gettext

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..extensions import db
from ..models import Change, DealResult, Game
from ..rules.deal_score import DealJudgement, hand_total
from .changes import mark_changed

IMPORTED_KEY = "imported"
"""The key of a game's ``started`` entry marking a game brought in from elsewhere (:mod:`companion.history`):
``{"from": where, "hash": ..., "totals_only": true}``, the last for another app's final totals (no deals)."""
TOTALS_ONLY_SOURCES = ("BG Stats",)
"""Where games came from as final totals before the entry said ``totals_only`` (their entries say only this)."""


def totals_only_games(session: Session, game_ids: list[int]) -> set[int]:
    """Those of ``game_ids`` brought in as final totals only (another app's plays): their one row of totals is no
    deal, so per-deal figures (points per deal, going out) leave them out. One query for any number of games."""
    found: set[int] = set()
    for start in range(0, len(game_ids), 500):
        rows = session.execute(
            select(Change.game_id, Change.new_json).where(
                Change.game_id.in_(game_ids[start : start + 500]), Change.action == "started",
                Change.new_json.contains(f'"{IMPORTED_KEY}"'),
            )
        )  # fmt: skip
        for game_id, text in rows:
            if _says_totals_only(text):
                found.add(game_id)
    return found


def _says_totals_only(text: str | None) -> bool:
    try:
        imported = json.loads(text or "{}")[IMPORTED_KEY]
        return imported.get("totals_only") is True or imported.get("from") in TOTALS_ONLY_SOURCES
    except (ValueError, KeyError, TypeError, AttributeError):
        return False


def touch(game: Game) -> None:
    """Mark the game as changed: cached pages of it are rendered afresh, and its results rewritten on commit.

    The revision is raised in the database (``revision = revision + 1``), so
    two phones writing at once each raise it: no write goes unnoticed.
    """
    if game.id is not None:
        game.revision = Game.revision + 1  # type: ignore[assignment]
    mark_changed(game)


def log_change(
    game: Game, deal_number: int | None, action: str, old: object, new: object, *, by: int | None = None
) -> None:
    """Log an action on ``game`` (with what it changed) in the same transaction as the action."""
    touch(game)
    db.session.add(
        Change(
            game=game,
            deal_number=deal_number,
            action=action,
            user_id=by,
            old_json=None if old is None else json.dumps(old),
            new_json=None if new is None else json.dumps(new),
        )
    )


def deal_facts(deal: DealResult) -> dict[str, object]:
    """A deal result as it is logged in the history."""
    return {
        "went_out": deal.went_out,
        "stock_ran_out": deal.stock_ran_out,
        "hands": [
            {
                "position": h.position,
                "cards": h.cards,
                "points": h.points,
                "adjustment": h.adjustment,
                "buys": h.buys,
                "made": h.made,
                "chosen_phase": h.chosen_phase,
            }
            for h in deal.hands
        ],
    }


def judged_facts(judgement: DealJudgement) -> dict[str, object]:
    """An entry that was not recorded, as it is kept in the history (enough to record it later)."""
    return {
        "went_out": judgement.went_out,
        "stock_ran_out": judgement.went_out is None,
        "hands": [
            {
                "position": h.position,
                "cards": None if h.line.ranks is None else " ".join(h.line.ranks),
                "typed": h.line.typed,
                "points": h.line.points,
                "adjustment": h.line.adjustment,
                "exact_cut": "exact_cut" in h.line.ticked,
                "one_turn_out": "one_turn_out" in h.line.ticked,
                "buys": h.buys,
                "made": h.made,
                "chosen_phase": h.chosen_phase,
            }
            for h in judgement.hands
        ],
    }


def logged_totals(facts: dict | None) -> dict[int, int]:
    """Each seat's score in a deal as logged (:func:`deal_facts`, :func:`judged_facts`); empty for ``None``."""
    if not facts:
        return {}
    return {hand["position"]: hand_total(hand["points"], hand["adjustment"]) for hand in facts["hands"]}


def same_scores(facts: dict, other: dict) -> bool:
    """Whether two entries of a deal say the same thing: who went out, and each hand's cards and points."""

    def scores(entry: dict) -> tuple:
        return entry["went_out"], sorted(
            (h["position"], h["cards"], h["points"], h["adjustment"], h.get("made", False), h.get("chosen_phase"))
            for h in entry["hands"]
        )

    return scores(facts) == scores(other)


def pending_offers(game: Game) -> list[Change]:
    """Entries of a deal that arrived after another phone had recorded it, not yet settled by the table."""
    settled = {c.old["offer"] for c in game.changes if c.action in ("chose", "kept") and c.old}
    return [c for c in game.changes if c.action == "offered" and c.id not in settled]


def who_and_when(deal: DealResult | None) -> dict[str, str] | None:
    """Who saved a deal and at what time (``{"name": "Ann", "time": "21:40"}``, UTC), for a sentence about it;
    ``None`` when unknown.

    For messages without markup (the offline sync's answer); the entry page shows the time in the phone's own
    time zone instead (templates/games/entry.html).
    """
    if deal is None or deal.recorded_by is None:
        return None
    return {"name": deal.recorded_by.username, "time": deal.updated_at.strftime("%H:%M")}


@dataclass(frozen=True)
class ScoreChange:
    """One player's score in a deal before and after a change (``None``: no score on that side)."""

    name: str
    before: int | None
    after: int | None


@dataclass(frozen=True)
class HistoryRow:
    """A change as the game page lists it, with the scores it changed worked out."""

    change: Change
    went_out: tuple[str, str] | None
    """Who went out before and after, when a correction changed it."""
    scores: tuple[ScoreChange, ...]
    """The players whose score the change moved (corrections, undos and entries kept for the table)."""
    by: str | None = None
    """The account that entered, corrected, took back or sent the deal (``None``: unknown, or another action)."""


_DIFFERENCES = ("corrected", "undone", "offered")
"""The changes whose rows show what they moved."""

_SAYS_WHO = ("entered", "corrected", "undone", "offered", "chose", "kept")
"""The changes to a deal whose rows say who made them (a table wants to know who typed a score)."""


def history_rows(game: Game) -> list[HistoryRow]:
    """The game's history for its page, oldest first, each change with the scores it moved."""
    return [_row(game, change) for change in game.changes]


def _row(game: Game, change: Change) -> HistoryRow:
    by = change.user.username if change.user is not None and change.action in _SAYS_WHO else None
    if change.action not in _DIFFERENCES:
        return HistoryRow(change, None, (), by)
    old, new = change.old, change.new
    went_out = None
    if old and new and old["went_out"] != new["went_out"]:
        went_out = (_out_name(game, old["went_out"]), _out_name(game, new["went_out"]))
    before, after = logged_totals(old), logged_totals(new)
    scores = tuple(
        ScoreChange(seat.player.name, before.get(seat.position), after.get(seat.position))
        for seat in game.seats
        if before.get(seat.position) != after.get(seat.position)
    )
    return HistoryRow(change, went_out, scores, by)


def _out_name(game: Game, position: int | None) -> str:
    return gettext("nobody") if position is None else game.seats[position].player.name
