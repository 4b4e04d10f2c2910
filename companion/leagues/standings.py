"""League standings, player records and head-to-head, derived from the game results.

Nothing here is stored: everything is computed from
:class:`~companion.models.GameResult` rows (themselves rewritten from the
deals whenever a game changes) and kept in memory per league revision, so an
edit anywhere is reflected everywhere, ratings included, as if it had always
been so.

Ratings are OpenSkill's Plackett-Luce model run over the chosen games in the
order they were played, each game ranked by its final order (a tie shares a
place); a player's rating is shown as the conservative ordinal (mu − 3·sigma).
"""

from __future__ import annotations

import datetime as dt
import threading
from collections import OrderedDict, defaultdict
from dataclasses import dataclass, field

from openskill.models import PlackettLuce
from sqlalchemy import func, select

from ..extensions import db
from ..models import GameResult, League, Player

#: The standings' columns: key, heading, and whether a bigger value sorts first.
COLUMNS: tuple[tuple[str, str, bool], ...] = (
    ("name", "Player", False),
    ("games", "Games", True),
    ("wins", "Wins", True),
    ("win_rate", "Win rate", True),
    ("average", "Average score", False),
    ("per_deal", "Penalty per deal", False),
    ("go_out_rate", "Went out", True),
    ("best", "Best game", False),
    ("worst", "Worst game", False),
    ("streak", "Streak", True),
    ("rating", "Rating", True),
)
SORT_KEYS = {key for key, _, _ in COLUMNS}


@dataclass(frozen=True)
class Season:
    """The games counted: those started from ``start`` up to (not including) ``end``; ``None`` is open."""

    start: dt.datetime | None
    end: dt.datetime | None
    label: str

    @classmethod
    def year(cls, year: int) -> Season:
        return cls(dt.datetime(year, 1, 1), dt.datetime(year + 1, 1, 1), str(year))

    @classmethod
    def all_time(cls) -> Season:
        return cls(None, None, "All time")

    @classmethod
    def between(cls, first: dt.date, last: dt.date) -> Season:
        """From the morning of ``first`` to the end of ``last``."""
        return cls(
            dt.datetime.combine(first, dt.time()),
            dt.datetime.combine(last + dt.timedelta(days=1), dt.time()),
            f"{first.isoformat()} to {last.isoformat()}",
        )

    @property
    def key(self) -> tuple[object, ...]:
        return (self.start, self.end)


@dataclass
class PlayerRecord:
    """One player's line in the standings."""

    player_id: int
    name: str
    games: int = 0
    wins: float = 0.0
    """A win shared by k players counts 1/k."""
    total_score: int = 0
    deals: int = 0
    deals_out: int = 0
    best: int | None = None
    best_game: int | None = None
    worst: int | None = None
    worst_game: int | None = None
    streak_kind: str = ""
    """``W`` (won or shared first place) or ``L``; empty before any game."""
    streak: int = 0
    rating: float = 0.0
    mu: float = 0.0
    sigma: float = 0.0
    history: list[tuple[dt.datetime, int, int, float]] = field(default_factory=list)
    """Per game, in order: (played on, game id, final score, rating after it)."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float:
        return self.total_score / self.games if self.games else 0.0

    @property
    def per_deal(self) -> float:
        return self.total_score / self.deals if self.deals else 0.0

    @property
    def go_out_rate(self) -> float:
        return self.deals_out / self.deals if self.deals else 0.0

    @property
    def streak_text(self) -> str:
        return f"{self.streak_kind}{self.streak}" if self.streak else "—"

    @property
    def streak_value(self) -> int:
        """Wins count up, losses down, so a sort puts the hottest streak first."""
        return self.streak if self.streak_kind == "W" else -self.streak

    def sort_value(self, key: str) -> object:
        if key == "name":
            return self.name.casefold()
        if key == "streak":
            return self.streak_value
        if key in ("best", "worst"):
            value = getattr(self, key)
            return float("inf") if value is None else value
        return getattr(self, key)


@dataclass
class Standings:
    """A league's standings for a season and ruleset."""

    league_id: int
    season: Season
    ruleset_id: str | None
    records: dict[int, PlayerRecord]
    games: int
    results: list[tuple[int, int, int, int, int]]
    """(game id, player id, total, place, position) for every result counted, in the order played."""

    def rows(self, sort: str = "rating", descending: bool | None = None) -> list[PlayerRecord]:
        """The records sorted by a column (its natural direction unless ``descending`` says)."""
        if sort not in SORT_KEYS:
            sort = "rating"
        natural = next(bigger for key, _, bigger in COLUMNS if key == sort)
        reverse = natural if descending is None else descending
        rows = sorted(self.records.values(), key=lambda r: r.name.casefold())
        return sorted(rows, key=lambda r: r.sort_value(sort), reverse=reverse)  # type: ignore[arg-type, return-value]

    def head_to_head(self) -> dict[tuple[int, int], tuple[int, int, int]]:
        """For each pair (a, b) of players: games both played where a finished ahead, behind, level."""
        by_game: dict[int, list[tuple[int, int]]] = defaultdict(list)
        for game_id, player_id, total, _, _ in self.results:
            by_game[game_id].append((player_id, total))
        table: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
        for entries in by_game.values():
            for a, a_total in entries:
                for b, b_total in entries:
                    if a == b:
                        continue
                    cell = table[(a, b)]
                    cell[0 if a_total < b_total else 1 if a_total > b_total else 2] += 1
        return {pair: (c[0], c[1], c[2]) for pair, c in table.items()}


def compute_standings(league_id: int, season: Season, ruleset_id: str | None = None) -> Standings:
    """Standings from the stored results (two queries), with ratings run over the games in order."""
    query = select(
        GameResult.game_id,
        GameResult.player_id,
        GameResult.played_on,
        GameResult.total,
        GameResult.place,
        GameResult.winners,
        GameResult.deals,
        GameResult.deals_out,
        GameResult.position,
    ).where(GameResult.league_id == league_id)
    if season.start is not None:
        query = query.where(GameResult.played_on >= season.start)
    if season.end is not None:
        query = query.where(GameResult.played_on < season.end)
    if ruleset_id:
        query = query.where(GameResult.ruleset_id == ruleset_id)
    query = query.order_by(GameResult.played_on, GameResult.game_id, GameResult.position)
    rows = db.session.execute(query).all()
    names = dict(db.session.execute(select(Player.id, Player.name).where(Player.id.in_({r.player_id for r in rows}))).all())

    records: dict[int, PlayerRecord] = {}
    model = PlackettLuce()
    ratings: dict[int, object] = {}
    results: list[tuple[int, int, int, int, int]] = []
    games = 0
    index = 0
    while index < len(rows):
        game_id = rows[index].game_id
        end = index
        while end < len(rows) and rows[end].game_id == game_id:
            end += 1
        game_rows = rows[index:end]
        index = end
        games += 1
        for row in game_rows:
            record = records.get(row.player_id)
            if record is None:
                record = records[row.player_id] = PlayerRecord(player_id=row.player_id, name=names.get(row.player_id, "?"))
            record.games += 1
            record.total_score += row.total
            record.deals += row.deals
            record.deals_out += row.deals_out
            won = row.place == 1
            if won:
                record.wins += 1 / row.winners
            kind = "W" if won else "L"
            record.streak = record.streak + 1 if record.streak_kind == kind else 1
            record.streak_kind = kind
            if record.best is None or row.total < record.best:
                record.best, record.best_game = row.total, row.game_id
            if record.worst is None or row.total > record.worst:
                record.worst, record.worst_game = row.total, row.game_id
            results.append((row.game_id, row.player_id, row.total, row.place, row.position))
        if len(game_rows) >= 2:
            teams = [[ratings.get(row.player_id) or model.rating()] for row in game_rows]
            rated = model.rate(teams, ranks=[row.place for row in game_rows])
            for row, (rating,) in zip(game_rows, rated, strict=True):
                ratings[row.player_id] = rating
        for row in game_rows:
            rating = ratings.get(row.player_id)
            ordinal = rating.ordinal() if rating is not None else 0.0  # type: ignore[attr-defined]
            records[row.player_id].history.append((row.played_on, row.game_id, row.total, ordinal))
    for player_id, record in records.items():
        rating = ratings.get(player_id)
        if rating is not None:
            record.rating = rating.ordinal()  # type: ignore[attr-defined]
            record.mu, record.sigma = rating.mu, rating.sigma  # type: ignore[attr-defined]
    return Standings(league_id=league_id, season=season, ruleset_id=ruleset_id, records=records, games=games, results=results)


class _StandingsCache:
    """Standings kept per (league, revision, season, ruleset); a league's revision changes with any of its games."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._items: OrderedDict[tuple[object, ...], Standings] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[object, ...]) -> Standings | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: tuple[object, ...], value: Standings) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def standings_for(league: League, season: Season, ruleset_id: str | None = None) -> Standings:
    """The league's standings, computed once per revision of the league."""
    from flask import current_app

    cache: _StandingsCache = current_app.extensions.setdefault("league_standings", _StandingsCache())
    key = (league.id, league.revision, season.key, ruleset_id)
    found = cache.get(key)
    if found is None:
        found = compute_standings(league.id, season, ruleset_id)
        cache.put(key, found)
    return found


def seasons_of(league_id: int) -> list[int]:
    """The calendar years from the league's first finished game to its last, newest first."""
    first, last = db.session.execute(
        select(func.min(GameResult.played_on), func.max(GameResult.played_on)).where(GameResult.league_id == league_id)
    ).one()
    if first is None:
        return []
    return list(range(last.year, first.year - 1, -1))


def has_played_in(league_id: int, player_id: int) -> bool:
    """Whether the player has a finished game in the league (in any season)."""
    found = db.session.execute(
        select(GameResult.id).where(GameResult.league_id == league_id, GameResult.player_id == player_id).limit(1)
    ).first()
    return found is not None


@dataclass(frozen=True)
class ContractRecord:
    """How a player does on one contract (deals with the same requirements, across rulesets)."""

    symbols: str
    contract: str
    deals: int
    average_penalty: float
    went_out: int

    @property
    def go_out_rate(self) -> float:
        return self.went_out / self.deals if self.deals else 0.0


def contract_records(league_id: int, player_id: int, season: Season, ruleset_id: str | None) -> list[ContractRecord]:
    """The player's average penalty and going-out rate on each contract, hardest first."""
    from ..models import DealResult, Game, GameStatus, HandScore, Seat, ruleset_from_snapshot

    games = select(Game.id).where(Game.league_id == league_id, Game.status == GameStatus.FINISHED.value)
    if season.start is not None:
        games = games.where(Game.created_at >= season.start)
    if season.end is not None:
        games = games.where(Game.created_at < season.end)
    if ruleset_id:
        games = games.where(Game.ruleset_id == ruleset_id)
    seat_games = games.join(Seat, Seat.game_id == Game.id).where(Seat.player_id == player_id)
    rules = dict(
        db.session.execute(
            select(Game.id, Game.rules_json).where(Game.id.in_(seat_games.scalar_subquery()))
        ).all()
    )
    hands = db.session.execute(
        select(DealResult.game_id, DealResult.number, DealResult.went_out, HandScore.position, HandScore.points, HandScore.adjustment)
        .join(HandScore, HandScore.deal_id == DealResult.id)
        .join(Seat, (Seat.game_id == DealResult.game_id) & (Seat.position == HandScore.position))
        .where(Seat.player_id == player_id, DealResult.game_id.in_(seat_games.scalar_subquery()))
    ).all()
    totals: dict[str, list[int]] = {}
    words: dict[str, str] = {}
    for game_id, number, went_out, position, points, adjustment in hands:
        ruleset = ruleset_from_snapshot(rules[game_id])
        if not 1 <= number <= len(ruleset.deals):
            continue
        deal = ruleset.deals[number - 1]
        key = deal.symbols
        words.setdefault(key, deal.contract.split(" (")[0])
        entry = totals.setdefault(key, [0, 0, 0])
        entry[0] += 1
        entry[1] += points + adjustment
        entry[2] += went_out == position
    records = [
        ContractRecord(symbols=key, contract=words[key], deals=n, average_penalty=total / n, went_out=out)
        for key, (n, total, out) in totals.items()
    ]
    return sorted(records, key=lambda r: (-r.average_penalty, r.symbols))
