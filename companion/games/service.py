"""Game actions: start a game, judge and save a deal's entry, correct, undo, count May Is, abandon.

Views call these; each write is one transaction (one commit, or a rollback
that leaves nothing half-written) and is logged in the game's history.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from sqlalchemy import ColumnElement, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ..extensions import db, rows_changed
from ..models import BuyCount, Change, CustomRulesetVersion, DealResult, Game, GameStatus, HandScore, League, Player, Seat
from ..rules import Ruleset
from ..rules.tally import HandTextError, hand_warnings, rank_points, read_hand, table_warnings
from ..validation import TextError, clean_name, parse_whole_number
from ..auth.access import new_token
from .changes import mark_changed
from .state import roles


class GameError(ValueError):
    """An action the game's state does not allow; the message is for the player."""


class NameTaken(GameError):
    """A name that became taken while this request was adding it (a race between two phones)."""


class StaleEntryError(GameError):
    """A correction made from an out-of-date page: someone else saved this deal first.

    The message reads "Deal 3 was already recorded by Ann at 21:40 UTC."; the
    entry page draws it from the parts (``deal_number``, ``what``, ``recorded``)
    so the time can be shown in the phone's own time zone.
    """

    def __init__(self, deal_number: int, what: str, recorded: DealResult | None) -> None:
        super().__init__(f"Deal {deal_number} was {what}{_by_whom(recorded)}.")
        self.deal_number = deal_number
        """The deal's number."""
        self.what = what
        """What happened to it: "already recorded" or "changed since you opened it"."""
        self.recorded = recorded
        """The deal as recorded now (``None`` when it was taken back meanwhile)."""


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def touch(game: Game) -> None:
    """Mark the game as changed: cached pages of it are rendered afresh, and its results rewritten on commit.

    The revision is raised in the database (``revision = revision + 1``), so
    two phones writing at once each raise it: no write goes unnoticed.
    """
    if game.id is not None:
        game.revision = Game.revision + 1  # type: ignore[assignment]
    mark_changed(game)


# ---------------------------------------------------------------------------
# Starting a game


def find_or_add_player(name: str) -> Player:
    """The player with this name (any case and spacing), added if new."""
    try:
        clean = clean_name(name, longest=40)
    except TextError as error:
        raise GameError(str(error)) from None
    return Player.find_or_add(clean)  # a name taken meanwhile on another phone: see start_game


def start_game(
    ruleset: Ruleset,
    players: Sequence[Player],
    first_dealer: int | None,
    rng: random.Random | None = None,
    league: League | None = None,
    custom_version: CustomRulesetVersion | None = None,
) -> Game:
    """A new game with players seated clockwise in the order given; ``None`` draws the first dealer.

    ``custom_version``: the stored version of a table's own ruleset that ``ruleset`` was read from.

    In a league, players not yet on its roster join it.
    """
    if not ruleset.min_players <= len(players) <= ruleset.max_players:
        raise GameError(f"{ruleset.name} is played by {ruleset.min_players} to {ruleset.max_players} players.")
    if first_dealer is None:
        first_dealer = (rng or random.SystemRandom()).randrange(len(players))
    # A new player's name added on another phone at the same moment makes this insert fail on the unique
    # name. The name is then that player's (find_or_add would seat them), so the game is tried again with
    # them: forty phones starting games with one shared new name once got thirty refusals.
    new_names = [p.name for p in players if p.id is None]
    for _ in range(_START_TRIES):
        try:
            return _insert_game(ruleset, players, first_dealer, league, custom_version)
        except IntegrityError:
            db.session.rollback()
            players = [p if p.id is not None else Player.find_or_add(p.name) for p in players]
    taken = [name for name in new_names if Player.by_name(name) is not None]
    raise NameTaken(
        f"The name {_names(taken) if taken else 'of a player'} was just taken on another phone: "
        "tap Start again to seat that player."
    )


_START_TRIES = 3
"""Tries of a new game whose new players' names other phones add at the same moment (each try seats them)."""


def _insert_game(
    ruleset: Ruleset,
    players: Sequence[Player],
    first_dealer: int,
    league: League | None,
    custom_version: CustomRulesetVersion | None,
) -> Game:
    # its watch link is made with it, so showing the game page writes nothing
    game = Game(first_dealer=first_dealer, custom_version_id=custom_version.id if custom_version else None,
                share_token=new_token())
    game.ruleset = ruleset
    game.seats = [Seat(position=i, player=player) for i, player in enumerate(players)]
    db.session.add(game)
    if league is not None:
        # the game is in the session before it joins the league's games (SQLAlchemy 2 no longer
        # cascades along the backref, and an autoflush in between warned and dropped the link)
        game.league = league
        for player in players:
            if player not in league.members:
                league.members.append(player)
    db.session.flush()
    _log(game, None, "started", None, {"ruleset": ruleset.id, "options": list(ruleset.chosen_options),
                                        "players": [p.name for p in players], "first_dealer": players[first_dealer].name})
    db.session.commit()
    return game


# ---------------------------------------------------------------------------
# A deal's entry


@dataclass
class HandEntry:
    """One player's line of the score form, as typed."""

    position: int
    text: str = ""
    """The cards left, as ranks (``"K Q 7 JK"``)."""
    points: str = ""
    """Or the points left, typed as a number."""
    exact_cut: bool = False
    one_turn_out: bool = False


@dataclass
class JudgedHand:
    position: int
    ranks: tuple[str, ...] | None
    typed: int | None
    points: int
    adjustment: int
    exact_cut: bool
    one_turn_out: bool
    buys: int


@dataclass
class EntryJudgement:
    """What the form said, checked: errors stop the save, warnings need the table's say-so."""

    hands: list[JudgedHand] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)
    """Field name (``went_out`` or ``hand-<position>``) to the message shown beside it."""
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


STOCK = "stock"
MAX_HAND_CARDS = 50
"""More cards than any hand holds (and, typed out, within the stored column of 200 characters)."""


def buys_in_deal(game: Game, deal_number: int) -> dict[int, int]:
    """May I / buy counts per seat for a deal (from the live counter, or the saved result)."""
    saved = game.deal_result(deal_number)
    if saved is not None:
        return {hand.position: hand.buys for hand in saved.hands}
    return {b.position: b.count for b in game.buys if b.deal_number == deal_number}


def judge_entry(game: Game, deal_number: int, went_out: str | None, entries: Sequence[HandEntry]) -> EntryJudgement:
    """Check a deal's score form against the game's rules; compute each hand's points."""
    ruleset = game.ruleset
    deal = ruleset.deal(deal_number)
    seats = {seat.position: seat.player.name for seat in game.seats}
    players = len(seats)
    judgement = EntryJudgement()
    buys = buys_in_deal(game, deal_number)
    cutter = roles(game, deal_number).cutter

    out: int | None = None
    if went_out in (None, ""):
        judgement.errors["went_out"] = "Tap who went out, or “Nobody: the stock ran out”."
    elif went_out != STOCK:
        try:
            out = int(went_out)
        except ValueError:
            out = -1
        if out not in seats:
            judgement.errors["went_out"] = "Tap one of the players at this table."
            out = None

    parsed: dict[int, tuple[tuple[str, ...] | None, int | None]] = {}
    for entry in entries:
        if entry.position not in seats:
            continue
        field_name = f"hand-{entry.position}"
        name = seats[entry.position]
        text = (entry.text or "").strip()
        typed = (entry.points or "").strip()
        if entry.position == out:
            if text not in ("", "0") or typed not in ("", "0"):
                judgement.errors[field_name] = f"{name} went out, so {name} has no cards left: clear this line."
            parsed[entry.position] = ((), None)
        elif text and typed:
            judgement.errors[field_name] = "Enter the cards left or their points, not both."
            continue
        else:
            try:
                parsed[entry.position] = (None, parse_points(typed)) if typed else (parse_hand(text), None)
            except ValueError as error:
                judgement.errors[field_name] = str(error)
                continue
        if entry.exact_cut:
            if not ruleset.exact_cut_bonus:
                judgement.errors[field_name] = f"{ruleset.name} has no exact-cut bonus."
            elif entry.position != cutter:
                judgement.errors[field_name] = f"Only {seats[cutter]}, on the dealer's right, cut this deal."
        if entry.one_turn_out:
            if not ruleset.one_turn_out_bonus:
                judgement.errors[field_name] = f"{ruleset.name} has no bonus for going down and out in one turn."
            elif entry.position != out:
                judgement.errors[field_name] = "Only the player who went out can have gone down and out in one turn."

    if judgement.errors:
        return judgement

    for entry in entries:
        if entry.position not in parsed:
            continue
        ranks, typed_points = parsed[entry.position]
        points = typed_points if typed_points is not None else rank_points(ruleset, ranks or ())
        adjustment = 0
        if entry.exact_cut:
            adjustment -= ruleset.exact_cut_bonus
        if entry.one_turn_out:
            adjustment -= ruleset.one_turn_out_bonus
        judgement.hands.append(
            JudgedHand(
                position=entry.position,
                ranks=ranks,
                typed=typed_points,
                points=points,
                adjustment=adjustment,
                exact_cut=entry.exact_cut,
                one_turn_out=entry.one_turn_out,
                buys=buys.get(entry.position, 0),
            )
        )
        if ranks:
            for warning in hand_warnings(ruleset, deal, ranks, players=players, buys=buys.get(entry.position, 0)):
                judgement.warnings.append(f"{seats[entry.position]}: {warning}")
    judgement.warnings += table_warnings(ruleset, [h.ranks or () for h in judgement.hands], players=players)
    empty = [seats[h.position] for h in judgement.hands if h.position != out and h.typed is None and not h.ranks]
    if out is None and went_out == STOCK:
        if empty:
            judgement.warnings.append(
                f"The stock ran out, so everyone scores, but {_names(empty)} {_have(empty)} no cards entered."
            )
    elif empty:
        judgement.warnings.append(
            f"Only one player goes out, but {_names(empty)} {_have(empty)} no cards entered: enter "
            f"{'their' if len(empty) > 1 else 'the'} cards left, or save anyway."
        )
    return judgement


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _have(names: list[str]) -> str:
    return "has" if len(names) == 1 else "have"


def parse_hand(text: str) -> tuple[str, ...]:
    """The ranks left in a hand, typed with or without spaces (``"K Q 7 JK"``, ``"kq7jk"``, ``"K994A2"``).

    Raises ``ValueError`` with a sentence for the player when the text is
    not cards, or could be read two ways (see :func:`~companion.rules.tally.read_hand`).
    """
    if len(text or "") > 200:
        raise ValueError(f"That is more than any hand holds: a hand is at most {MAX_HAND_CARDS} cards.")
    try:
        ranks = read_hand(text or "")
    except HandTextError as error:
        raise ValueError(str(error)) from None
    if len(ranks) > MAX_HAND_CARDS:
        raise ValueError(f"{len(ranks)} cards is more than any hand holds: a hand is at most {MAX_HAND_CARDS} cards.")
    return ranks


def parse_points(text: str) -> int:
    """Points typed for a hand: a whole number from 0 to 2000; ``ValueError`` with a sentence otherwise."""
    text = (text or "").strip()
    points = parse_whole_number(text, low=-(10**9), high=10**9)
    if points is None:
        shown = text if len(text) <= 12 else text[:10] + "…"
        raise ValueError(f"“{shown}” is not a number of points: type a whole number, like 25.")
    if points < 0:
        raise ValueError("Points can't be negative: type the cards left, or their points.")
    if points > 2000:
        raise ValueError(f"{points} points is more than any hand can hold.")
    return points


def _deal_facts(deal: DealResult) -> dict[str, object]:
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
            }
            for h in deal.hands
        ],
    }


def save_deal(
    game: Game,
    deal_number: int,
    went_out: str,
    judgement: EntryJudgement,
    *,
    version: int | None = None,
    by: int | None = None,
) -> DealResult:
    """Record a deal's result (new, or a correction of ``version``) in one transaction.

    Raises :class:`StaleEntryError` when the deal was saved or corrected by
    someone else since the form was opened, and :class:`GameError` when the
    deal is not the next one to enter.
    """
    if not judgement.ok:
        raise GameError("The entry has errors.")
    existing = game.deal_result(deal_number)
    if version is None and existing is not None:
        raise StaleEntryError(deal_number, "already recorded", existing)
    if version is not None and (existing is None or existing.version != version):
        raise StaleEntryError(deal_number, "changed since you opened it", existing)
    if existing is None and deal_number != len(game.deals) + 1:
        raise GameError(f"Deal {len(game.deals) + 1} is the next to enter, not deal {deal_number}.")
    if game.game_status is GameStatus.ABANDONED:
        raise GameError("This game was abandoned.")
    if existing is None and game.game_status is GameStatus.FINISHED:
        raise GameError(f"This game ended after deal {len(game.deals)}: undo that deal to play on.")

    old = _deal_facts(existing) if existing is not None else None
    out = None if went_out == STOCK else int(went_out)
    try:
        _claim_unless_abandoned(game)
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
            result.updated_at = _now()  # always an UPDATE, so the version check always runs
            result.hands.clear()
            db.session.flush()
        for hand in judgement.hands:
            result.hands.append(
                HandScore(
                    position=hand.position,
                    cards=None if hand.ranks is None else " ".join(hand.ranks),
                    points=hand.points,
                    adjustment=hand.adjustment,
                    exact_cut=hand.exact_cut,
                    one_turn_out=hand.one_turn_out,
                    buys=hand.buys,
                )
            )
        db.session.execute(delete(BuyCount).where(BuyCount.game_id == game.id, BuyCount.deal_number == deal_number))
        db.session.flush()
        _log(game, deal_number, "entered" if old is None else "corrected", old, _deal_facts(result), by=by)
        if len(game.deals) == len(game.ruleset.deals) and game.game_status is GameStatus.IN_PROGRESS:
            game.status = GameStatus.FINISHED.value
            game.finished_at = _now()
            _log(game, None, "finished", None, None)
        db.session.commit()
    except GameAbandoned:
        db.session.rollback()
        raise GameError("This game was abandoned; its scores can't change.") from None
    except (IntegrityError, StaleDataError):
        # another phone saved this deal first (a new deal: the unique key; a correction: the version)
        db.session.rollback()
        db.session.expire_all()
        recorded = db.session.scalar(select(DealResult).where(DealResult.game_id == game.id, DealResult.number == deal_number))
        what = "already recorded" if old is None else "changed since you opened it"
        raise StaleEntryError(deal_number, what, recorded) from None
    return result


class GameAbandoned(GameError):
    """The game was abandoned (on another phone) while a deal was being saved."""


def _claim_unless_abandoned(game: Game) -> None:
    """Take the game's row for this save, only if it is not abandoned: the save's first write.

    A plain read of the status and a later insert let an abandon land in
    between (a deal saved into an abandoned game). This UPDATE takes the
    game's row (PostgreSQL: its row lock; SQLite: the write lock) and checks
    the status at that moment; an abandon racing it either waits for the save
    or has already made it find no row.
    """
    claimed = rows_changed(
        update(Game)
        .where(Game.id == game.id, Game.status != GameStatus.ABANDONED.value)
        .values(revision=Game.revision)  # a write that changes nothing: it takes the lock (touch raises it)
        .execution_options(synchronize_session=False)
    )
    if claimed != 1:
        raise GameAbandoned("This game was abandoned.")


def _by_whom(deal: DealResult | None) -> str:
    """`` by Ann at 21:40 UTC`` for a message about who saved a deal (nothing when unknown).

    Plain text for messages without markup (the offline sync's answer); the entry page shows the time in the
    phone's own time zone instead (templates/games/entry.html).
    """
    if deal is None:
        return ""
    who = f" by {deal.recorded_by.username}" if deal.recorded_by is not None else ""
    return f"{who} at {deal.updated_at.strftime('%H:%M')} UTC" if who else who


def undo_last_deal(game: Game, number: int | None) -> int:
    """Remove deal ``number``'s result, if it is the last one (logged, so it is in the history); its number.

    The form names the deal it takes back: a second tap, or a second phone,
    asking for the same deal is told it was already undone instead of taking
    back the deal before it. Two undos racing each other: the second finds
    the deal gone (its delete matches no row) and is told the same.
    """
    if game.game_status is GameStatus.ABANDONED:
        raise GameError("This game was abandoned.")
    if not game.deals and number is None:
        raise GameError("There is no deal to undo yet.")
    if number is None:
        raise GameError("The page was out of date: reload it and try again.")
    if not game.deals or game.deals[-1].number < number:
        raise GameError(f"Deal {number} was already undone.")
    last = game.deals[-1]
    if last.number != number:
        raise GameError(f"Deal {number} is not the last deal any more (deal {last.number} is): reload the page.")
    _log(game, number, "undone", _deal_facts(last), None)
    # the deal is to be played or entered again: its May I / buy counts go back on the counter
    for hand in last.hands:
        if hand.buys:
            row = next((b for b in game.buys if b.deal_number == number and b.position == hand.position), None)
            if row is None:
                game.buys.append(BuyCount(deal_number=number, position=hand.position, count=hand.buys))
            else:
                row.count = hand.buys
    game.deals.remove(last)
    if game.game_status is GameStatus.FINISHED:
        game.status = GameStatus.IN_PROGRESS.value
        game.finished_at = None
        _log(game, None, "reopened", None, None)
    try:
        db.session.commit()
    except (StaleDataError, IntegrityError):  # another phone took this deal back first
        db.session.rollback()
        raise GameError(f"Deal {number} was already undone.") from None
    return number


def change_buys(game: Game, position: int, delta: int) -> int:
    """Count (or take back) a May I / buy for a player in the current deal; the new count.

    Raises :class:`GameError` with the reason when the ruleset refuses it.
    """
    ruleset = game.ruleset
    if game.game_status is not GameStatus.IN_PROGRESS:
        raise GameError("This game is not in progress.")
    number = len(game.deals) + 1
    deal = ruleset.deal(number)
    seat = next((s for s in game.seats if s.position == position), None)
    if seat is None:
        raise GameError("That player is not at this table.")
    name = ruleset.buy_name
    if delta > 0 and not deal.buys.allowed:
        raise GameError(f"No {name} in deal {number} of {ruleset.name}.")
    row = db.session.scalar(
        select(BuyCount).where(BuyCount.game_id == game.id, BuyCount.deal_number == number, BuyCount.position == position)
    )
    if row is None:
        if delta < 0:
            raise GameError(f"{seat.player.name} has no {name} to take back.")
        row = BuyCount(game_id=game.id, deal_number=number, position=position, count=0)
        db.session.add(row)
        try:
            db.session.flush()
        except IntegrityError:  # another phone made the counter first: use theirs
            db.session.rollback()
            row = db.session.scalar(
                select(BuyCount).where(
                    BuyCount.game_id == game.id, BuyCount.deal_number == number, BuyCount.position == position
                )
            )
    if row is None:  # made by another phone and gone again (an undo) in between
        raise GameError(f"The {name} counter changed on another phone: try again.")
    # One conditional UPDATE: two phones tapping at once can't both take the last May I allowed.
    allowed: ColumnElement[bool] = BuyCount.count + delta >= 0
    if delta > 0 and deal.buys.limit is not None:
        allowed = allowed & (BuyCount.count + delta <= deal.buys.limit)
    changed = rows_changed(
        update(BuyCount).where(BuyCount.id == row.id, allowed).values(count=BuyCount.count + delta)
    )
    if not changed:
        db.session.rollback()
        count = db.session.scalar(select(BuyCount.count).where(BuyCount.id == row.id)) or 0
        if delta < 0:
            raise GameError(f"{seat.player.name} has no {name} to take back.")
        times = "once" if deal.buys.limit == 1 else f"{deal.buys.limit} times"
        raise GameError(f"{seat.player.name} has had {count} {name}s: at most {times} a deal in {ruleset.name}.")
    touch(game)
    db.session.commit()
    return db.session.scalar(select(BuyCount.count).where(BuyCount.id == row.id)) or 0


def abandon(game: Game) -> None:
    """Stop a game in progress; its scores are kept but can no longer change."""
    if game.game_status is GameStatus.ABANDONED:
        return
    if game.game_status is GameStatus.FINISHED:
        raise GameError("This game is finished, so it can't be abandoned.")
    old = game.status
    # only a game still in progress (one conditional UPDATE): a deal saved meanwhile that finished it wins
    changed = rows_changed(
        update(Game)
        .where(Game.id == game.id, Game.status == GameStatus.IN_PROGRESS.value)
        .values(status=GameStatus.ABANDONED.value)
        .execution_options(synchronize_session=False)
    )
    if changed != 1:
        db.session.rollback()
        raise GameError("This game changed meanwhile (it may be finished): reload the page.")
    game.status = GameStatus.ABANDONED.value
    _log(game, None, "abandoned", {"status": old}, {"status": game.status})
    db.session.commit()


def end_early(game: Game, *, by: int | None = None) -> None:
    """Finish a game in progress after the deals played so far, as the table agreed: the totals stand,
    it counts in a league's standings, and it is marked as ended early."""
    if game.game_status is not GameStatus.IN_PROGRESS:
        raise GameError("Only a game in progress can be ended early.")
    if not game.deals:
        raise GameError("No deal has been scored yet: abandon the game instead.")
    game.status = GameStatus.FINISHED.value
    game.finished_at = _now()
    _log(game, None, "ended_early", None, {"deals": len(game.deals), "of": len(game.ruleset.deals)}, by=by)
    db.session.commit()


def restore(game: Game, *, by: int | None = None) -> None:
    """Bring an abandoned game back into play where it stopped."""
    if game.game_status is not GameStatus.ABANDONED:
        raise GameError("Only an abandoned game can be restored.")
    game.status = GameStatus.IN_PROGRESS.value
    _log(game, None, "restored", {"status": GameStatus.ABANDONED.value}, {"status": game.status}, by=by)
    db.session.commit()


def rematch(game: Game) -> Game:
    """A new game with the same rules (house rules included), seats and league; the next player deals first."""
    if game.game_status is GameStatus.IN_PROGRESS:
        raise GameError("Finish or end this game before a rematch.")
    first_dealer = (game.first_dealer + 1) % len(game.seats)
    new = start_game(game.ruleset, game.players, first_dealer, league=game.league, custom_version=game.custom_version)
    _log(new, None, "rematch", None, {"of": game.id})
    db.session.commit()
    return new


def add_to_league(game: Game, league: League) -> None:
    """Count a game played outside a league in its standings after all; its players join the roster."""
    if game.league_id is not None:
        raise GameError("This game is in a league already.")
    if game.game_status is GameStatus.ABANDONED:
        raise GameError("An abandoned game doesn't count in a league: restore it first.")
    game.league = league
    for player in game.players:
        if player not in league.members:
            league.members.append(player)
    _log(game, None, "added_to_league", None, {"league": league.name})
    db.session.commit()


def abandoned_games() -> list[Game]:
    """Abandoned games, the latest first (they can be restored)."""
    return list(
        db.session.scalars(
            select(Game).where(Game.status == GameStatus.ABANDONED.value).order_by(Game.created_at.desc(), Game.id.desc())
        )
    )


def _log(game: Game, deal_number: int | None, action: str, old: object, new: object, *, by: int | None = None) -> None:
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


# ---------------------------------------------------------------------------
# Entries that arrive late: a phone that saved a deal with no connection sends it when it is back


def _judged_facts(went_out: str, judgement: EntryJudgement) -> dict[str, object]:
    """An entry that was not recorded, as it is kept in the history (enough to record it later)."""
    out = None if went_out == STOCK else int(went_out)
    return {
        "went_out": out,
        "stock_ran_out": out is None,
        "hands": [
            {
                "position": h.position,
                "cards": None if h.ranks is None else " ".join(h.ranks),
                "typed": h.typed,
                "points": h.points,
                "adjustment": h.adjustment,
                "exact_cut": h.exact_cut,
                "one_turn_out": h.one_turn_out,
                "buys": h.buys,
            }
            for h in judgement.hands
        ],
    }


def _same_scores(facts: dict, other: dict) -> bool:
    """Whether two entries of a deal say the same thing: who went out, and each hand's cards and points."""

    def scores(entry: dict) -> tuple:
        return entry["went_out"], sorted(
            (h["position"], h["cards"], h["points"], h["adjustment"]) for h in entry["hands"]
        )

    return scores(facts) == scores(other)


def pending_offers(game: Game) -> list[Change]:
    """Entries of a deal that arrived after another phone had recorded it, not yet settled by the table."""
    settled = {c.old["offer"] for c in game.changes if c.action in ("chose", "kept") and c.old}
    return [c for c in game.changes if c.action == "offered" and c.id not in settled]


def receive_entry(
    game: Game, deal_number: int, went_out: str, judgement: EntryJudgement, *, version: int | None, by: int | None
) -> tuple[str, str]:
    """A deal's entry sent late by a phone that saved it offline: ``(outcome, message for the phone)``.

    ``saved``: recorded (or corrected, when the phone had the deal's current
    ``version``). ``already``: the deal is recorded exactly so already (the
    phone sent it twice, or another phone entered the same), nothing is added.
    ``conflict``: another phone recorded the deal differently meanwhile; this
    entry is kept in the history beside it and the game page asks the table
    to choose. Nothing is dropped, nothing is counted twice.
    """
    existing = game.deal_result(deal_number)
    offered = _judged_facts(went_out, judgement)
    if existing is not None and _same_scores(_deal_facts(existing), offered):
        return "already", f"Deal {deal_number} was already recorded like this."
    if any(c.deal_number == deal_number and _same_scores(c.new, offered) for c in pending_offers(game)):
        return "conflict", f"Deal {deal_number} is waiting for the table to choose between two entries."
    try:
        save_deal(game, deal_number, went_out, judgement, version=version if existing is not None else None, by=by)
    except StaleEntryError as stale:
        if stale.recorded is None:  # taken back meanwhile: nothing to choose between, try again as a new entry
            raise
        # Phones racing with the same entry: take the game's row, then look again at what is recorded and
        # offered now. Thirty identical syncs once made eighteen identical offers; only a different entry,
        # offered once, is a conflict for the table.
        try:
            _claim_unless_abandoned(game)
        except GameAbandoned:
            db.session.rollback()
            raise GameError("This game was abandoned; its scores can't change.") from None
        db.session.expire_all()
        recorded = game.deal_result(deal_number)
        if recorded is None:
            db.session.rollback()
            raise
        if _same_scores(_deal_facts(recorded), offered):
            db.session.rollback()
            return "already", f"Deal {deal_number} was already recorded like this."
        if any(c.deal_number == deal_number and _same_scores(c.new, offered) for c in pending_offers(game)):
            db.session.rollback()
            return "conflict", f"Deal {deal_number} is waiting for the table to choose between two entries."
        _log(game, deal_number, "offered", {**_deal_facts(recorded), "version": recorded.version}, offered, by=by)
        db.session.commit()
        return "conflict", (
            f"Deal {deal_number} was also recorded{_by_whom(recorded)}: both entries are on the game page"
            " for the table to choose."
        )
    return "saved", f"Deal {deal_number} saved."


def settle_offer(game: Game, offer: Change, *, use_it: bool, by: int | None) -> None:
    """The table's choice between a deal's recorded entry and one that arrived late (both stay in the history)."""
    if offer not in pending_offers(game):
        raise GameError("The table has already chosen for this deal.")
    number = offer.deal_number
    assert number is not None
    if use_it:
        facts = offer.new
        judgement = EntryJudgement(
            hands=[
                JudgedHand(
                    position=h["position"],
                    ranks=None if h["cards"] is None else tuple(h["cards"].split()),
                    typed=h["typed"],
                    points=h["points"],
                    adjustment=h["adjustment"],
                    exact_cut=h["exact_cut"],
                    one_turn_out=h["one_turn_out"],
                    buys=h["buys"],
                )
                for h in facts["hands"]
            ]
        )
        went_out = STOCK if facts["went_out"] is None else str(facts["went_out"])
        existing = game.deal_result(number)
        # the settlement is logged first, in the same transaction as the correction save_deal commits
        _log(game, number, "chose", {"offer": offer.id}, None, by=by)
        try:
            save_deal(game, number, went_out, judgement, version=existing.version if existing else None, by=by)
        except GameError:
            db.session.rollback()
            raise
    else:
        _log(game, number, "kept", {"offer": offer.id}, None, by=by)
        db.session.commit()
