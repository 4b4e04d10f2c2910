"""Entering a deal: the one use case the score page and the offline sync both call, and a deal's undo.

:func:`enter_deal` takes what the phone sent (who went out, a line a seat,
the deal's version when correcting it, and the table's say-so), asks the
engine's :func:`~companion.rules.deal_score.judge_deal` to judge it, checks
the game's state once (:func:`entry_refusal`), and saves it in one
transaction: :class:`EntryResult` says what happened. The HTML route and the
sync endpoint only turn that into a page or a JSON answer.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from flask_babel import gettext as _

from ..extensions import db
from ..i18n import N_
from ..models import BuyCount, Change, DealResult, Game, GameStatus, HandScore, utc_now
from ..rules.deal_score import STOCK, DealJudgement, DealTable, LineEntry, LineScore, ScoredHand, judge_deal
from ..rules.progression import judge_hand
from ..rules.seats import cutter_side
from .errors import ALREADY_RECORDED, CHANGED_SINCE, GameError, StaleEntryError
from .holding import hold_game
from .history import deal_facts, judged_facts, log_change, pending_offers, same_scores, who_and_when
from .round_words import counted
from .phases import game_progress, per_player, seat_names, seats_in_hand, stored_hands
from .state import roles

__all__ = [
    "STOCK",
    "DealSent",
    "EntryOutcome",
    "EntryResult",
    "LineEntry",
    "buys_in_deal",
    "enter_deal",
    "entry_refusal",
    "judge_entry",
    "receive_entry",
    "save_deal",
    "settle_offer",
    "undo_last_deal",
]


def buys_in_deal(game: Game, deal_number: int) -> dict[int, int]:
    """May I / buy counts per seat for a deal (from the live counter, or the saved result)."""
    saved = game.deal_result(deal_number)
    if saved is not None:
        return {hand.position: hand.buys for hand in saved.hands}
    return {b.position: b.count for b in game.buys if b.deal_number == deal_number}


def judge_entry(game: Game, deal_number: int, went_out: str | None, lines: Sequence[LineEntry]) -> DealJudgement:
    """A deal's score form judged by the engine against ``game``'s rules, seats, cutter and May I counts.

    ``went_out`` is the form's choice: a seat's position as text, ``"stock"``, or empty.
    """
    names = seat_names(game)
    playing = seats_in_hand(game, deal_number)  # a tie-break hand's lines are the tied players' only
    hand_roles = roles(game, deal_number)  # a tie-break hand's cutter is a tied player (RULES.md §8.7.14)
    table = DealTable(
        names={seat: names[seat] for seat in playing},
        cutter=hand_roles.cutter,
        cutter_side=cutter_side(len(game.seats), game.ruleset.direction, hand_roles),
        buys=buys_in_deal(game, deal_number),
    )
    judgement = judge_deal(game.ruleset, deal_number, table, _went_out_choice(went_out), lines)
    if not per_player(game.ruleset):
        return judgement
    return judge_hand(game.ruleset, names, stored_hands(game), deal_number, judgement)


def _went_out_choice(went_out: str | None) -> int | str | None:
    """The form's "who went out" as the engine takes it: a seat, the stock, nothing chosen, or ``-1`` (no seat)."""
    if went_out in (None, "", STOCK):
        return went_out or None
    text = went_out.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 4 else -1


def entry_refusal(game: Game, deal_number: int, existing: DealResult | None) -> str | None:
    """Why ``game`` can't take an entry of deal ``deal_number`` now (a sentence), or ``None`` when it can.

    The one check of the game's state: the score page (opening and saving),
    the offline sync and :func:`save_deal` all ask it. A deal not saved yet
    must be the next one, in a game still in progress; a recorded deal can be
    corrected unless the game was abandoned.
    """
    if game.game_status is GameStatus.ABANDONED:
        return _("This game was abandoned; its scores can't change.")
    if existing is None and deal_number != len(game.deals) + 1:
        return counted(game.ruleset, N_("Deal %(next)s is the next to enter, not deal %(number)s."),
                       N_("Hand %(next)s is the next to enter, not hand %(number)s."), next=len(game.deals) + 1, number=deal_number)  # fmt: skip
    if existing is None and game.game_status is GameStatus.FINISHED:
        return counted(game.ruleset, N_("This game ended after deal %(number)s: undo that deal to play on."),
                       N_("This game ended after hand %(number)s: undo that hand to play on."), number=len(game.deals))  # fmt: skip
    return None


@dataclass(frozen=True)
class DealSent:
    """What a phone sent for a deal: the score form, read (the form's own checks passed)."""

    went_out: str | None
    """Who went out: a seat's position as text, ``"stock"``, or empty."""
    lines: Sequence[LineEntry]
    """A line a seat."""
    version: int | None = None
    """The deal's version the form was opened with (a correction), or ``None`` for a first entry."""
    confirmed: bool = False
    """The table said "save anyway" to the warnings."""
    confirm_finished: bool = False
    """The table ticked "correct it anyway" for a deal of a finished game."""


class EntryOutcome(enum.Enum):
    """What :func:`enter_deal` did with an entry (the values are the offline sync's ``status``)."""

    SAVED = "saved"
    """Recorded (or corrected)."""
    ALREADY = "already"
    """Sent late, and recorded exactly so already: nothing added."""
    CONFLICT = "conflict"
    """Sent late, and recorded differently by another phone: kept in the history for the table to choose."""
    NEEDS_CONFIRM = "warnings"
    """Readable, but with warnings the table has not confirmed."""
    INVALID = "invalid"
    """A line or the "who went out" choice can't be saved as it is."""
    STALE = "stale"
    """Another phone saved or corrected this deal since the form was opened."""
    REFUSED = "refused"
    """The game's state doesn't take it (abandoned, finished, not the next deal)."""


@dataclass(frozen=True)
class EntryResult:
    """What :func:`enter_deal` did, with what the page or the phone shows for it."""

    outcome: EntryOutcome
    judgement: DealJudgement | None = None
    """The engine's judgement (``None`` when the entry was refused before it was judged)."""
    message: str = ""
    """The sentence for the phone: what was saved, or why not."""
    finished_problem: str | None = None
    """The sentence beside the "correct it anyway" box, when a finished game's deal is corrected unticked."""
    stale: StaleEntryError | None = None
    """Who saved the deal first, when the outcome is :attr:`EntryOutcome.STALE`."""


FINISHED_UNCONFIRMED = N_("This game is finished: tick the box to correct it.")


def enter_deal(game: Game, deal_number: int, sent: DealSent, *, by: int | None, late: bool = False) -> EntryResult:
    """Judge and save a deal's entry: the one path from a phone's score form to the stored deal.

    ``late``: the entry was saved on a phone with no connection and is sent
    now; a deal another phone recorded meanwhile is then not stale but
    ``already`` (the same) or a ``conflict`` kept for the table (see
    :func:`receive_entry`).

    The game's row is held first (:func:`~.holding.hold_game`): the entry is
    checked and judged against the game as stored now, and the game's end
    decided from it, with no other phone's write in between.
    """
    try:
        hold_game(game)
    except GameError as problem:
        db.session.rollback()
        return EntryResult(EntryOutcome.REFUSED, message=str(problem))
    existing = game.deal_result(deal_number)
    refusal = entry_refusal(game, deal_number, existing)
    if refusal is not None:
        db.session.rollback()
        return EntryResult(EntryOutcome.REFUSED, message=refusal)
    judgement = judge_entry(game, deal_number, sent.went_out, sent.lines)
    unsaved = _not_ready(game, judgement, sent, existing)
    if unsaved is not None:
        db.session.rollback()  # the game's row is let go at once
        return unsaved
    try:
        if late:
            outcome, message = receive_entry(game, deal_number, judgement, version=sent.version, by=by)
            return EntryResult(outcome, judgement, message)
        # a form opened before the deal was first saved has no version: save_deal refuses it as already recorded
        save_deal(game, deal_number, judgement, version=sent.version if existing is not None else None, by=by)
    except StaleEntryError as stale:
        db.session.rollback()
        db.session.expire_all()
        return EntryResult(EntryOutcome.STALE, judgement, str(stale), stale=stale)
    except GameError as problem:
        db.session.rollback()
        return EntryResult(EntryOutcome.REFUSED, judgement, str(problem))
    if existing is None:
        said = counted(game.ruleset, N_("Deal %(number)s saved."), N_("Hand %(number)s saved."), number=deal_number)
    else:
        said = counted(game.ruleset, N_("Deal %(number)s corrected."), N_("Hand %(number)s corrected."), number=deal_number)
    return EntryResult(EntryOutcome.SAVED, judgement, said)


def _not_ready(game: Game, judgement: DealJudgement, sent: DealSent, existing: DealResult | None) -> EntryResult | None:
    """The entry's problems, or its warnings the table has not confirmed; ``None`` when it can be saved."""
    finished_problem = _finished_unconfirmed(game, sent, existing)
    if not judgement.ok or finished_problem:
        message = " ".join(judgement.problems + ((finished_problem,) if finished_problem else ()))
        return EntryResult(EntryOutcome.INVALID, judgement, message, finished_problem)
    if judgement.warnings and not sent.confirmed:
        return EntryResult(EntryOutcome.NEEDS_CONFIRM, judgement, " ".join(judgement.warnings))
    return None


def _finished_unconfirmed(game: Game, sent: DealSent, existing: DealResult | None) -> str | None:
    """The sentence when a finished game's deal is corrected without "correct it anyway" ticked.

    Only a correction (a form with the deal's version) asks: a first entry of a
    deal another phone saved meanwhile (its last deal finished the game) is
    refused as already recorded, not asked about a box its form never showed.
    """
    correcting = existing is not None and bool(sent.version)
    if correcting and game.game_status is GameStatus.FINISHED and not sent.confirm_finished:
        return _(FINISHED_UNCONFIRMED)
    return None


def save_deal(
    game: Game,
    deal_number: int,
    judgement: DealJudgement,
    *,
    version: int | None = None,
    by: int | None = None,
) -> DealResult:
    """Record a deal's result (new, or a correction of ``version``) in one transaction.

    Raises :class:`StaleEntryError` when the deal was saved or corrected by
    someone else since the form was opened, and :class:`GameError` when the
    game's state doesn't take it (:func:`entry_refusal`).
    """
    if not judgement.ok:
        raise GameError(_("The entry has errors."))
    try:
        hold_game(game)  # the checks below and the game's end read the game as stored now
        existing = _deal_to_write(game, deal_number, version)
    except GameError:
        db.session.rollback()
        raise
    old = deal_facts(existing) if existing is not None else None
    try:
        result = _write_deal(game, deal_number, judgement, existing, by)
        log_change(game, deal_number, "entered" if old is None else "corrected", old, deal_facts(result), by=by)
        _finish_after_the_last_deal(game)
        db.session.commit()
    except (IntegrityError, StaleDataError):
        # another phone saved this deal first (a new deal: the unique key; a correction: the version)
        db.session.rollback()
        db.session.expire_all()
        recorded = db.session.scalar(select(DealResult).where(DealResult.game_id == game.id, DealResult.number == deal_number))
        what = ALREADY_RECORDED if old is None else CHANGED_SINCE
        raise StaleEntryError(deal_number, what, recorded, round_word=game.ruleset.round_word) from None
    return result


def _deal_to_write(game: Game, deal_number: int, version: int | None) -> DealResult | None:
    """The deal's recorded result that this save corrects (``None`` for a first entry), checked.

    Raises :class:`StaleEntryError` when the form's version is not the
    recorded one, and :class:`GameError` when the game's state doesn't take it.
    """
    existing = game.deal_result(deal_number)
    if version is None and existing is not None:
        raise StaleEntryError(deal_number, ALREADY_RECORDED, existing, round_word=game.ruleset.round_word)
    if version is not None and (existing is None or existing.version != version):
        raise StaleEntryError(deal_number, CHANGED_SINCE, existing, round_word=game.ruleset.round_word)
    refusal = entry_refusal(game, deal_number, existing)
    if refusal is not None:
        raise GameError(refusal)
    return existing


def _finish_after_the_last_deal(game: Game) -> None:
    """A game in progress whose every deal is recorded is finished (logged); a per-player game once its winner is
    decided, and back in progress when a correction undecides it (RULES.md §8.6.5-7)."""
    progress = game_progress(game)
    decided = len(game.deals) == len(game.ruleset.deals) if progress is None else progress.over
    if decided and game.game_status is GameStatus.IN_PROGRESS:
        game.status = GameStatus.FINISHED.value
        game.finished_at = utc_now()
        log_change(game, None, "finished", None, None)
    elif progress is not None and not decided and game.game_status is GameStatus.FINISHED:
        game.status = GameStatus.IN_PROGRESS.value
        game.finished_at = None
        log_change(game, None, "reopened", None, None)


def _write_deal(
    game: Game, deal_number: int, judgement: DealJudgement, existing: DealResult | None, by: int | None
) -> DealResult:
    """The deal's row and its hands written (not committed); the May I counter of the deal cleared."""
    out = judgement.went_out
    if existing is None:
        result = DealResult(
            game=game,
            number=deal_number,
            dealer=roles(game, deal_number).dealer,
            went_out=out,
            stock_ran_out=out is None,
            recorded_by_id=by,
        )
        db.session.add(result)
    else:
        result = existing
        result.went_out = out
        result.stock_ran_out = out is None
        result.recorded_by_id = by
        result.updated_at = utc_now()  # always an UPDATE, so the version check always runs
        result.hands.clear()
        db.session.flush()
    for hand in judgement.hands:
        result.hands.append(
            HandScore(
                position=hand.position,
                cards=None if hand.line.ranks is None else " ".join(hand.line.ranks),
                points=hand.line.points,
                adjustment=hand.line.adjustment,
                exact_cut="exact_cut" in hand.line.ticked,
                one_turn_out="one_turn_out" in hand.line.ticked,
                buys=hand.buys,
                made=hand.made,
                chosen_phase=hand.chosen_phase,
            )
        )
    db.session.execute(delete(BuyCount).where(BuyCount.game_id == game.id, BuyCount.deal_number == deal_number))
    db.session.flush()
    return result


def undo_last_deal(game: Game, number: int | None, *, by: int | None = None) -> int:
    """Remove deal ``number``'s result, if it is the last one (logged, so it is in the history); its number.

    The form names the deal it takes back: a second tap, or a second phone,
    asking for the same deal is told it was already undone instead of taking
    back the deal before it. Two undos racing each other: the second finds
    the deal gone and is told the same. The game's row is held first, so a
    deal saved at the same moment is either seen here (and this deal is no
    longer the last) or saved after the undo (and refused as not the next).
    """
    try:
        hold_game(game)
        last = _deal_to_undo(game, number)
    except GameError:
        db.session.rollback()
        raise
    taken_back_already = _already_undone(game, last.number)  # said before the commit: a failed one expires the rows
    log_change(game, last.number, "undone", deal_facts(last), None, by=by)
    _back_on_the_counter(game, last)
    game.deals.remove(last)
    if game.game_status is GameStatus.FINISHED:
        game.status = GameStatus.IN_PROGRESS.value
        game.finished_at = None
        log_change(game, None, "reopened", None, None)
    try:
        db.session.commit()
    except (StaleDataError, IntegrityError):  # another phone took this deal back first
        db.session.rollback()
        raise GameError(taken_back_already) from None
    return last.number


def _already_undone(game: Game, number: int) -> str:
    return counted(game.ruleset, N_("Deal %(number)s was already undone."), N_("Hand %(number)s was already undone."), number=number)


def _deal_to_undo(game: Game, number: int | None) -> DealResult:
    """The last deal, if it is deal ``number`` (the one the form names); :class:`GameError` saying why not."""
    if game.game_status is GameStatus.ABANDONED:
        raise GameError(_("This game was abandoned."))
    if not game.deals and number is None:
        raise GameError(counted(game.ruleset, N_("There is no deal to undo yet."), N_("There is no hand to undo yet.")))
    if number is None:
        raise GameError(_("The page was out of date: reload it and try again."))
    if not game.deals or game.deals[-1].number < number:
        raise GameError(_already_undone(game, number))
    last = game.deals[-1]
    if last.number != number:
        raise GameError(counted(
            game.ruleset, N_("Deal %(number)s is not the last deal any more (deal %(last)s is): reload the page."),
            N_("Hand %(number)s is not the last hand any more (hand %(last)s is): reload the page."), number=number, last=last.number,
        ))  # fmt: skip
    return last


def _back_on_the_counter(game: Game, deal: DealResult) -> None:
    """A deal taken back is to be played or entered again: its May I / buy counts go back on the counter."""
    for hand in deal.hands:
        if hand.buys:
            row = next((b for b in game.buys if b.deal_number == deal.number and b.position == hand.position), None)
            if row is None:
                game.buys.append(BuyCount(deal_number=deal.number, position=hand.position, count=hand.buys))
            else:
                row.count = hand.buys




# ---------------------------------------------------------------------------
# Entries that arrive late: a phone that saved a deal with no connection sends it when it is back


def receive_entry(
    game: Game, deal_number: int, judgement: DealJudgement, *, version: int | None, by: int | None
) -> tuple[EntryOutcome, str]:
    """A deal's entry sent late by a phone that saved it offline: ``(outcome, message for the phone)``.

    ``SAVED``: recorded (or corrected, when the phone had the deal's current
    ``version``). ``ALREADY``: the deal is recorded exactly so already (the
    phone sent it twice, or another phone entered the same), nothing is added.
    ``CONFLICT``: another phone recorded the deal differently meanwhile; this
    entry is kept in the history beside it and the game page asks the table
    to choose. Nothing is dropped, nothing is counted twice.
    """
    existing = game.deal_result(deal_number)
    offered = judged_facts(judgement)
    if existing is not None and same_scores(deal_facts(existing), offered):
        said = _recorded_like_this(game, deal_number)  # said before the rollback, which expires the rows
        db.session.rollback()  # nothing to write: the game's row (held by enter_deal) is let go
        return EntryOutcome.ALREADY, said
    if _offered_already(game, deal_number, offered):
        said = counted(
            game.ruleset, N_("Deal %(number)s is waiting for the table to choose between two entries."),
            N_("Hand %(number)s is waiting for the table to choose between two entries."), number=deal_number,
        )
        db.session.rollback()
        return EntryOutcome.CONFLICT, said
    try:
        save_deal(game, deal_number, judgement, version=version if existing is not None else None, by=by)
    except StaleEntryError as stale:
        if stale.recorded is None:  # taken back meanwhile: nothing to choose between, try again as a new entry
            raise
        return _offer_beside_recorded(game, deal_number, offered, stale, by)
    return EntryOutcome.SAVED, counted(game.ruleset, N_("Deal %(number)s saved."), N_("Hand %(number)s saved."), number=deal_number)


def _recorded_like_this(game: Game, deal_number: int) -> str:
    return counted(game.ruleset, N_("Deal %(number)s was already recorded like this."),
                   N_("Hand %(number)s was already recorded like this."), number=deal_number)  # fmt: skip


def _offered_already(game: Game, deal_number: int, offered: dict) -> bool:
    return any(c.deal_number == deal_number and same_scores(c.new, offered) for c in pending_offers(game))


def _offer_beside_recorded(
    game: Game, deal_number: int, offered: dict, stale: StaleEntryError, by: int | None
) -> tuple[EntryOutcome, str]:
    """A late entry of a deal another phone recorded first: the same (nothing to do), or kept for the table.

    Phones racing with the same entry: take the game's row, then look again at
    what is recorded and offered now. Thirty identical syncs once made eighteen
    identical offers; only a different entry, offered once, is a conflict.
    """
    hold_game(game)  # save_deal let it go when it refused the entry: held again, the game read afresh
    if game.game_status is GameStatus.ABANDONED:
        db.session.rollback()
        raise GameError(_("This game was abandoned; its scores can't change."))
    recorded = game.deal_result(deal_number)
    if recorded is None:
        db.session.rollback()
        raise stale
    if same_scores(deal_facts(recorded), offered):
        db.session.rollback()
        return EntryOutcome.ALREADY, _recorded_like_this(game, deal_number)
    if _offered_already(game, deal_number, offered):
        db.session.rollback()
        return EntryOutcome.CONFLICT, counted(
            game.ruleset, N_("Deal %(number)s is waiting for the table to choose between two entries."),
            N_("Hand %(number)s is waiting for the table to choose between two entries."), number=deal_number,
        )
    log_change(game, deal_number, "offered", {**deal_facts(recorded), "version": recorded.version}, offered, by=by)
    db.session.commit()
    who = who_and_when(recorded)
    if who is None:
        return EntryOutcome.CONFLICT, _(
            "Deal %(number)s was also recorded: both entries are on the game page for the table to choose.",
            number=deal_number,
        )
    return EntryOutcome.CONFLICT, _(
        "Deal %(number)s was also recorded by %(name)s at %(time)s UTC: both entries are on the game page for the "
        "table to choose.",
        number=deal_number,
        **who,
    )


def settle_offer(game: Game, offer: Change, *, use_it: bool, by: int | None) -> None:
    """The table's choice between a deal's recorded entry and one that arrived late (both stay in the history)."""
    hold_game(game)  # two phones choosing at once: the second sees the first's choice
    if offer not in pending_offers(game):
        raise GameError(_("The table has already chosen for this deal."))
    number = offer.deal_number
    assert number is not None
    if not use_it:
        log_change(game, number, "kept", {"offer": offer.id}, None, by=by)
        db.session.commit()
        return
    existing = game.deal_result(number)
    # the settlement is logged first, in the same transaction as the correction save_deal commits
    log_change(game, number, "chose", {"offer": offer.id}, None, by=by)
    try:
        save_deal(game, number, _offered_judgement(offer.new), version=existing.version if existing else None, by=by)
    except GameError:
        db.session.rollback()
        raise


def _offered_judgement(facts: dict) -> DealJudgement:
    """An entry kept in the history (:func:`~.history.judged_facts`) as the judgement it was saved from."""
    hands = tuple(
        ScoredHand(
            position=h["position"],
            line=LineScore(
                ranks=None if h["cards"] is None else tuple(h["cards"].split()),
                typed=h["typed"],
                points=h["points"],
                adjustment=h["adjustment"],
                ticked=frozenset(name for name in ("exact_cut", "one_turn_out") if h[name]),
            ),
            buys=h["buys"],
            made=h.get("made", False),
            chosen_phase=h.get("chosen_phase"),
        )
        for h in facts["hands"]
    )
    return DealJudgement(went_out=facts["went_out"], hands=hands)
