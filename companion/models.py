"""The stored facts: what happened at the table.

Only facts are stored: who sat where, who dealt, who went out, the cards or
number entered for each hand, May I / buy counts and every change. Totals,
the leader and the final order are derived from them (see
:mod:`companion.games.state`) and can always be recomputed.
"""

from __future__ import annotations

import datetime as dt
import enum
import functools
import json
from typing import TYPE_CHECKING, Any

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, Text, UniqueConstraint, false, func, select, text
from flask_login import UserMixin
from sqlalchemy.orm import Mapped, mapped_column, relationship
from sqlalchemy.ext.hybrid import hybrid_property

from .extensions import Base, db
from .rules import Ruleset
from .rules.deal_score import hand_total
from .rules.snapshot import ruleset_from_dict, ruleset_to_dict


@functools.lru_cache(maxsize=256)
def ruleset_from_snapshot(rules_json: str) -> Ruleset:
    """A stored rules snapshot as a ruleset; snapshots never change, so each is read once."""
    return ruleset_from_dict(json.loads(rules_json))


if TYPE_CHECKING:
    # Flask-SQLAlchemy makes db.Model at run time from our declarative base; a type checker sees the base.
    Model = Base
else:
    Model = db.Model


def utc_now() -> dt.datetime:
    """The time now in UTC, without a zone: how every time is stored."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class GameStatus(enum.StrEnum):
    """Where a game stands."""

    IN_PROGRESS = "in_progress"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class Player(Model):
    """A person who plays; the name is shown as text, never as HTML."""

    __tablename__ = "player"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    """The name folded for comparison, so "Ann" and "ann " are one player."""
    created_at: Mapped[dt.datetime] = mapped_column(default=utc_now)

    @staticmethod
    def key_for(name: str) -> str:
        return " ".join(name.split()).casefold()

    @classmethod
    def by_name(cls, name: str) -> Player | None:
        return db.session.scalar(select(cls).where(cls.name_key == cls.key_for(name)))

    @classmethod
    def find_or_add(cls, name: str) -> Player:
        """The player with this (already cleaned) name, whatever its case and spacing, added if new."""
        key = cls.key_for(name)
        # players added earlier in this request are not written yet (a new game writes them with the game, so a
        # name taken meanwhile on another phone is one refusal there): look among them too
        player = next((p for p in db.session.new if isinstance(p, Player) and p.name_key == key), None)
        if player is None:
            with db.session.no_autoflush:
                player = cls.by_name(name)
        if player is None:
            player = cls(name=name, name_key=key)
            db.session.add(player)
        return player

    @classmethod
    def ordered(cls) -> list[Player]:
        return list(db.session.scalars(select(cls).order_by(func.lower(cls.name))))


class Game(Model):
    """One game: its ruleset (with a frozen copy of the exact rules), seats and deals."""

    __tablename__ = "game"

    id: Mapped[int] = mapped_column(primary_key=True)
    ruleset_id: Mapped[str] = mapped_column(String(40))
    rules_json: Mapped[str] = mapped_column(Text)
    """The exact rules played, house options included (:mod:`companion.rules.snapshot`)."""
    status: Mapped[str] = mapped_column(String(20), default=GameStatus.IN_PROGRESS.value)
    first_dealer: Mapped[int] = mapped_column()
    """The seat position of the first deal's dealer."""
    revision: Mapped[int] = mapped_column(default=1)
    """Raised by every write to the game; pages are cached and validated by it."""
    created_at: Mapped[dt.datetime] = mapped_column(default=utc_now)
    finished_at: Mapped[dt.datetime | None] = mapped_column(default=None)
    league_id: Mapped[int | None] = mapped_column(
        ForeignKey("league.id", ondelete="SET NULL", name="game_league_fk"), default=None, index=True
    )
    share_token: Mapped[str | None] = mapped_column(String(43), default=None)
    """The secret in the game's watch link (read-only, no account needed)."""
    custom_version_id: Mapped[int | None] = mapped_column(
        ForeignKey("custom_ruleset_version.id", ondelete="RESTRICT", name="game_custom_version_fk"),
        default=None,
        index=True,
    )
    """The version of a table's own ruleset this game is played under (``None``: a built-in one).

    The rules themselves are in ``rules_json`` as for every game; this link says
    which stored version they came from, and keeps that version from being deleted.
    """

    league: Mapped[League | None] = relationship(back_populates="games")
    custom_version: Mapped[CustomRulesetVersion | None] = relationship(lazy="select")

    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.position", cascade="all, delete-orphan", lazy="selectin"
    )
    deals: Mapped[list[DealResult]] = relationship(
        back_populates="game", order_by="DealResult.number", cascade="all, delete-orphan", lazy="selectin"
    )
    buys: Mapped[list[BuyCount]] = relationship(back_populates="game", cascade="all, delete-orphan", lazy="selectin")
    changes: Mapped[list[Change]] = relationship(
        back_populates="game", order_by="Change.id.desc()", cascade="all, delete-orphan", lazy="select"
    )

    __table_args__ = (
        CheckConstraint("status in ('in_progress', 'finished', 'abandoned')", name="game_status_known"),
        UniqueConstraint("share_token", name="game_share_token_once"),
    )

    @property
    def ruleset(self) -> Ruleset:
        """The rules this game is played under (from its snapshot, never the current built-in)."""
        return ruleset_from_snapshot(self.rules_json)

    @ruleset.setter
    def ruleset(self, ruleset: Ruleset) -> None:
        self.ruleset_id = ruleset.id
        self.rules_json = json.dumps(ruleset_to_dict(ruleset), sort_keys=True)

    @property
    def game_status(self) -> GameStatus:
        return GameStatus(self.status)

    @property
    def players(self) -> list[Player]:
        return [seat.player for seat in self.seats]

    def deal_result(self, number: int) -> DealResult | None:
        return next((deal for deal in self.deals if deal.number == number), None)

    @classmethod
    def in_progress(cls) -> list[Game]:
        return list(
            db.session.scalars(
                select(cls).where(cls.status == GameStatus.IN_PROGRESS.value).order_by(cls.created_at.desc(), cls.id.desc())
            )
        )

    @classmethod
    def recent_finished(cls, limit: int = 10) -> list[Game]:
        return list(
            db.session.scalars(
                select(cls)
                .where(cls.status == GameStatus.FINISHED.value)
                .order_by(cls.finished_at.desc(), cls.id.desc())
                .limit(limit)
            )
        )


class Seat(Model):
    """A player's place at a game's table; positions run clockwise from 0."""

    __tablename__ = "seat"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column()
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))

    game: Mapped[Game] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")

    __table_args__ = (
        UniqueConstraint("game_id", "position", name="seat_position_once"),
        UniqueConstraint("game_id", "player_id", name="seat_player_once"),
    )


class DealResult(Model):
    """The result of one deal: who dealt, who went out, the hands; one per (game, deal)."""

    __tablename__ = "deal_result"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column()
    dealer: Mapped[int] = mapped_column()
    """Seat position of the dealer."""
    went_out: Mapped[int | None] = mapped_column(default=None)
    """Seat position of the player who went out; ``None`` when the stock ran out."""
    stock_ran_out: Mapped[bool] = mapped_column(default=False)
    version: Mapped[int] = mapped_column(default=1)
    """Raised by every correction, so a stale edit is refused instead of lost."""
    created_at: Mapped[dt.datetime] = mapped_column(default=utc_now)
    updated_at: Mapped[dt.datetime] = mapped_column(default=utc_now)
    recorded_by_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL", name="deal_recorded_by_fk"), default=None)
    """The account that saved this version of the deal."""

    game: Mapped[Game] = relationship(back_populates="deals")
    recorded_by: Mapped[User | None] = relationship(lazy="joined")
    hands: Mapped[list[HandScore]] = relationship(
        back_populates="deal", order_by="HandScore.position", cascade="all, delete-orphan", lazy="selectin"
    )

    __table_args__ = (UniqueConstraint("game_id", "number", name="deal_result_once"),)
    # Optimistic locking: every UPDATE of a deal says "where version = the one I read", so of two
    # corrections made at once from two phones, the second finds nothing to update and is refused.
    __mapper_args__ = {"version_id_col": version}

    def hand(self, position: int) -> HandScore | None:
        return next((hand for hand in self.hands if hand.position == position), None)


class HandScore(Model):
    """One player's score for one deal: the cards left as entered (or a typed number), and adjustments."""

    __tablename__ = "hand_score"

    id: Mapped[int] = mapped_column(primary_key=True)
    deal_id: Mapped[int] = mapped_column(ForeignKey("deal_result.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column()
    cards: Mapped[str | None] = mapped_column(String(200), default=None)
    """The ranks left, canonical text (``"K Q 7 JK"``), or ``None`` when a number was typed."""
    points: Mapped[int] = mapped_column()
    """The penalty points of the hand before adjustments."""
    adjustment: Mapped[int] = mapped_column(default=0)
    """Points added (negative: taken off) by the ruleset's adjustments."""
    exact_cut: Mapped[bool] = mapped_column(default=False)
    one_turn_out: Mapped[bool] = mapped_column(default=False)
    buys: Mapped[int] = mapped_column(default=0)
    """May I / buys this player made in the deal."""
    made: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Whether the player made (laid down) their phase in this hand (RULES.md §8.6.2; per-player games only)."""
    chosen_phase: Mapped[int | None] = mapped_column(default=None)
    """The phase the player chose before the hand (Phase 10 Masters, ``per_player_choice``); ``None`` otherwise:
    under ``per_player`` the phase is derived from the ticks, never stored (RULES.md §8.6.9)."""

    deal: Mapped[DealResult] = relationship(back_populates="hands")

    __table_args__ = (UniqueConstraint("deal_id", "position", name="hand_score_once"),)
    # A deal undone on two phones at once: the first's delete took these rows (PostgreSQL cascades), so the
    # second finds none; its deal's own versioned delete is what tells it "already undone" (StaleDataError).
    __mapper_args__ = {"confirm_deleted_rows": False}

    @hybrid_property
    def total(self) -> int:
        """The hand's score in the deal (also a SQL expression: ``func.sum(HandScore.total)``)."""
        return hand_total(self.points, self.adjustment)


class BuyCount(Model):
    """May I / buys taken so far in a deal not yet saved (the counter on the game page)."""

    __tablename__ = "buy_count"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    deal_number: Mapped[int] = mapped_column()
    position: Mapped[int] = mapped_column()
    count: Mapped[int] = mapped_column(default=0)

    game: Mapped[Game] = relationship(back_populates="buys")

    __table_args__ = (
        UniqueConstraint("game_id", "deal_number", "position", name="buy_count_once"),
        CheckConstraint("count >= 0", name="buy_count_not_negative"),
    )


class Change(Model):
    """An append-only history of every entry, correction, undo and status change of a game."""

    __tablename__ = "change"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    deal_number: Mapped[int | None] = mapped_column(default=None)
    action: Mapped[str] = mapped_column(String(20))
    """``started``, ``entered``, ``corrected``, ``undone``, ``finished``, ``reopened``, ``abandoned``."""
    old_json: Mapped[str | None] = mapped_column(Text, default=None)
    new_json: Mapped[str | None] = mapped_column(Text, default=None)
    created_at: Mapped[dt.datetime] = mapped_column(default=utc_now)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL", name="change_user_fk"), default=None)
    """Who made the change, once accounts exist."""

    game: Mapped[Game] = relationship(back_populates="changes")
    user: Mapped[User | None] = relationship(lazy="joined")

    __table_args__ = (Index("change_by_game", "game_id", "id"),)

    @property
    def old(self) -> Any:
        return None if self.old_json is None else json.loads(self.old_json)

    @property
    def new(self) -> Any:
        return None if self.new_json is None else json.loads(self.new_json)


league_member = db.Table(
    "league_member",
    db.Column("league_id", db.ForeignKey("league.id", ondelete="CASCADE"), primary_key=True),
    db.Column("player_id", db.ForeignKey("player.id", ondelete="CASCADE"), primary_key=True),
)


class League(Model):
    """A family or club that plays many games; a player may belong to several."""

    __tablename__ = "league"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    name_key: Mapped[str] = mapped_column(String(60), unique=True)
    created_at: Mapped[dt.datetime] = mapped_column(default=utc_now)
    revision: Mapped[int] = mapped_column(default=1)
    """Raised whenever a game of the league or its roster changes; standings are kept per revision."""
    share_token: Mapped[str | None] = mapped_column(String(43), default=None)
    """The secret in the league's watch link (read-only standings, no account needed)."""
    usual_seating: Mapped[str | None] = mapped_column(Text, default=None)
    """The players of the league's last game, as a JSON list of player ids in seat order from the first
    dealer: a new game starts from it (see :meth:`seating`)."""

    def usual_player_ids(self) -> list[int]:
        """The player ids in :attr:`usual_seating`, in seat order (none when it is empty or unreadable)."""
        try:
            return [int(i) for i in json.loads(self.usual_seating or "[]")]
        except (ValueError, TypeError):
            return []

    def seating(self) -> list[Player]:
        """The roster in the usual seating order: last game's players first, in their seats, then the rest."""
        by_id = {player.id: player for player in self.members}
        usual = [by_id[i] for i in dict.fromkeys(self.usual_player_ids()) if i in by_id]
        return usual + [player for player in self.members if player not in usual]

    members: Mapped[list[Player]] = relationship(secondary=league_member, order_by="Player.name", lazy="selectin")

    __table_args__ = (UniqueConstraint("share_token", name="league_share_token_once"),)
    games: Mapped[list[Game]] = relationship(back_populates="league", lazy="select")

    @staticmethod
    def key_for(name: str) -> str:
        return " ".join(name.split()).casefold()

    @classmethod
    def ordered(cls) -> list[League]:
        return list(db.session.scalars(select(cls).order_by(func.lower(cls.name))))


class GameResult(Model):
    """One player's result in one finished game: a summary derived from the deals, kept for the standings.

    Never the truth: it is rewritten from the game's deals whenever they change
    (:func:`companion.leagues.summary.refresh_results`) and can be rebuilt at
    any time (``flask --app companion rebuild-results``).
    """

    __tablename__ = "game_result"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    league_id: Mapped[int | None] = mapped_column(default=None)
    ruleset_id: Mapped[str] = mapped_column(String(40))
    played_on: Mapped[dt.datetime] = mapped_column()
    """When the game started: it belongs to that day's season."""
    position: Mapped[int] = mapped_column()
    total: Mapped[int] = mapped_column()
    place: Mapped[int] = mapped_column()
    winners: Mapped[int] = mapped_column()
    """How many players shared first place."""
    players: Mapped[int] = mapped_column()
    deals: Mapped[int] = mapped_column()
    deals_out: Mapped[int] = mapped_column()
    """Deals this player went out in."""

    __table_args__ = (
        UniqueConstraint("game_id", "player_id", name="game_result_once"),
        Index("game_result_by_league", "league_id", "played_on"),
        Index("game_result_by_player", "player_id", "played_on"),
    )


class User(UserMixin, Model):
    """An account: who may change games, scores and leagues. The first one is the owner."""

    __tablename__ = "user"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(40))
    username_key: Mapped[str] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    is_owner: Mapped[bool] = mapped_column(default=False)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id", ondelete="SET NULL", name="user_player_fk"), default=None)
    """The player this account is at the table: leagues they are on the roster of are theirs to change."""
    created_at: Mapped[dt.datetime] = mapped_column(default=utc_now)
    language: Mapped[str | None] = mapped_column(String(8), default=None)
    """The language this account reads pages in (see companion/i18n.py); none: the phone's or browser's."""

    player: Mapped[Player | None] = relationship(lazy="joined")

    # Exactly one owner is a fact of the database: of eight first-run setups racing, one row can be the owner.
    __table_args__ = (
        Index("user_one_owner", "is_owner", unique=True, sqlite_where=text("is_owner"), postgresql_where=text("is_owner")),
    )

    # Not a column: set at sign-in and by the user loader. Annotated for the type checker only: the
    # declarative base would read an annotation at run time as a column's.
    if TYPE_CHECKING:
        session_token: str | None = None
    else:
        session_token = None
    """The server-side session this account was loaded through (set at sign-in and by the user loader)."""

    @staticmethod
    def key_for(name: str) -> str:
        return " ".join(name.split()).casefold()

    def get_id(self) -> str:
        """What Flask-Login keeps in the session and the remember cookie: the account and its session's secret.

        The secret names a :class:`LoginSession` row; signing out, a password
        change or a revocation deletes the row, so the cookie stops working
        everywhere at once (the server decides, not the cookie).
        """
        return f"{self.id}:{self.session_token}"


class LoginSession(Model):
    """A signed-in phone: made at sign-in, deleted by signing out, a password change, revocation or removal."""

    __tablename__ = "login_session"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE", name="login_session_user_fk"), index=True)
    token: Mapped[str] = mapped_column(String(43), unique=True)
    """The secret kept (signed) in the phone's session and remember cookies."""
    created_at: Mapped[dt.datetime] = mapped_column(default=utc_now)
    agent: Mapped[str | None] = mapped_column(String(120), default=None)
    """The browser's own description at sign-in, shortened: how the owner tells their phones apart."""


class Invite(Model):
    """A one-use link the owner makes to let someone create an account."""

    __tablename__ = "invite"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(43), unique=True)
    created_by_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"))
    created_at: Mapped[dt.datetime] = mapped_column(default=utc_now)
    used_at: Mapped[dt.datetime | None] = mapped_column(default=None)
    used_by_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"), default=None)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id", ondelete="SET NULL", name="invite_player_fk"), default=None)
    """The player the new account will be at the table (chosen by the owner)."""


class LoginAttempt(Model):
    """A failed sign-in, kept a while so repeated guessing is slowed down (per address and per name)."""

    __tablename__ = "login_attempt"

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(120), index=True)
    at: Mapped[dt.datetime] = mapped_column(default=utc_now, index=True)


class CustomRuleset(Model):
    """A table's own ruleset: owned by a league (its members may change it) or by an account.

    Its rules are in its versions: a change adds a version and never edits one,
    so a game keeps the exact version it was played under.
    """

    __tablename__ = "custom_ruleset"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    name_key: Mapped[str] = mapped_column(String(60))
    """The name folded for comparison: unique per owner."""
    owner_key: Mapped[str] = mapped_column(String(30))
    """``league-<id>`` or ``user-<id>``: names are unique per owner (a unique index, so a race is refused too)."""
    league_id: Mapped[int | None] = mapped_column(
        ForeignKey("league.id", ondelete="CASCADE", name="custom_ruleset_league_fk"), default=None, index=True
    )
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("user.id", ondelete="CASCADE", name="custom_ruleset_user_fk"), default=None, index=True
    )
    created_at: Mapped[dt.datetime] = mapped_column(default=utc_now)

    league: Mapped[League | None] = relationship(lazy="joined")
    user: Mapped[User | None] = relationship(lazy="joined")
    versions: Mapped[list[CustomRulesetVersion]] = relationship(
        back_populates="custom_ruleset",
        order_by="CustomRulesetVersion.number",
        cascade="all, delete-orphan",
        lazy="selectin",
    )

    __table_args__ = (
        UniqueConstraint("owner_key", "name_key", name="custom_ruleset_name_once"),
        CheckConstraint("(league_id is null) <> (user_id is null)", name="custom_ruleset_one_owner"),
    )

    @staticmethod
    def key_for(name: str) -> str:
        return " ".join(name.split()).casefold()

    @property
    def ruleset_id(self) -> str:
        """The id its rulesets carry (in games, results and the rules pages): ``custom-<id>``."""
        return f"custom-{self.id}"

    @property
    def latest(self) -> CustomRulesetVersion:
        return self.versions[-1]


class CustomRulesetVersion(Model):
    """One version of a custom ruleset: the API's ruleset object, as validated by the engine. Never changed."""

    __tablename__ = "custom_ruleset_version"

    id: Mapped[int] = mapped_column(primary_key=True)
    custom_ruleset_id: Mapped[int] = mapped_column(
        ForeignKey("custom_ruleset.id", ondelete="CASCADE", name="custom_version_ruleset_fk")
    )
    number: Mapped[int] = mapped_column()
    """1, 2, ... in the order they were saved."""
    definition_json: Mapped[str] = mapped_column(Text)
    """The complete ruleset object (API.md "Custom rulesets"), without ``base``."""
    created_at: Mapped[dt.datetime] = mapped_column(default=utc_now)
    created_by_id: Mapped[int | None] = mapped_column(
        ForeignKey("user.id", ondelete="SET NULL", name="custom_version_user_fk"), default=None
    )

    custom_ruleset: Mapped[CustomRuleset] = relationship(back_populates="versions")

    __table_args__ = (UniqueConstraint("custom_ruleset_id", "number", name="custom_version_once"),)

    @property
    def definition(self) -> dict[str, Any]:
        return json.loads(self.definition_json)
