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
import itertools
import math
import operator
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import ColumnElement, Row, String, case, func, select, type_coerce

from ..extensions import db
from ..i18n import N_
from ..models import Change, Game, GameResult, League, Player
from ..rules import Deal, Progression, Ruleset

#: The standings' columns: key, heading (English; the page says it in its language), and whether a bigger value sorts first.
COLUMNS: tuple[tuple[str, str, bool], ...] = (
    ("name", N_("Player"), False),
    ("games", N_("Games"), True),
    ("wins", N_("Wins"), True),
    ("win_rate", N_("Win rate"), True),
    ("average", N_("Average score"), False),
    ("per_deal", N_("Penalty per deal"), False),
    ("go_out_rate", N_("Went out"), True),
    ("best", N_("Best game"), False),
    ("worst", N_("Worst game"), False),
    ("streak", N_("Streak"), True),
    ("rating", N_("Skill"), True),
)
SORT_KEYS = {key for key, _, _ in COLUMNS}
DEFAULT_SORT = "wins"
"""What a family reads first: most wins, and between equal wins the lower average score (the places)."""


@dataclass(frozen=True)
class Season:
    """The games counted: those started from ``start`` up to (not including) ``end``; ``None`` is open."""

    start: dt.datetime | None
    end: dt.datetime | None
    label: str

    @classmethod
    def year(cls, year: int) -> Season:
        """A calendar year (the last one the calendar has runs on to the end of time)."""
        return cls(dt.datetime(year, 1, 1), dt.datetime(year + 1, 1, 1) if year < dt.MAXYEAR else None, str(year))

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
    """Deals played, in games that have deals (another app's final totals have none)."""
    deal_score: int = 0
    """Points scored in those deals: what :attr:`per_deal` divides (a play's final total is no deal's)."""
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
    skills: list[float] = field(default_factory=list)
    """Per game, in order: the skill (OpenSkill's mu) after it; it falls after a loss, unlike the rating."""

    @property
    def skill(self) -> int:
        """The family's number: OpenSkill's estimate (mu), whole; everyone starts at 25."""
        return round(self.mu)

    @property
    def skill_word(self) -> str:
        """How sure the estimate is, in a word: ``new`` (a few games), ``settling``, ``steady``."""
        if self.sigma > 6:
            return "new"
        if self.sigma > 4:
            return "settling"
        return "steady"

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float:
        return self.total_score / self.games if self.games else 0.0

    @property
    def per_deal(self) -> float:
        return self.deal_score / self.deals if self.deals else 0.0

    @property
    def go_out_rate(self) -> float:
        return self.deals_out / self.deals if self.deals else 0.0

    @property
    def streak_text(self) -> str:
        """The current streak in words: "2 wins in a row", "lost the last 2", "won the last game"."""
        if not self.streak:
            return "—"
        if self.streak_kind == "W":
            return "won the last game" if self.streak == 1 else f"{self.streak} wins in a row"
        return "lost the last game" if self.streak == 1 else f"lost the last {self.streak}"

    @property
    def streak_value(self) -> int:
        """Wins count up, losses down, so a sort puts the hottest streak first."""
        return self.streak if self.streak_kind == "W" else -self.streak

    def count_game(self, game_id: int, total: int, place: int, winners: int, deals: int, deals_out: int) -> None:
        """Add one finished game's result: place 1 is a win (shared by ``winners``), and the streak goes on or turns."""
        self.games += 1
        self.total_score += total
        self.deals += deals
        self.deal_score += total if deals else 0
        self.deals_out += deals_out
        kind = "W" if place == 1 else "L"
        if place == 1:
            self.wins += 1 / winners
        if self.streak_kind == kind:
            self.streak += 1
        else:
            self.streak_kind, self.streak = kind, 1
        if self.best is None or total < self.best:
            self.best, self.best_game = total, game_id
        if self.worst is None or total > self.worst:
            self.worst, self.worst_game = total, game_id

    def sort_value(self, key: str) -> object:
        if key == "name":
            return self.name.casefold()
        if key == "streak":
            return self.streak_value
        if key == "wins":  # equal wins: the lower average score (better places) first
            return (self.wins, -self.average)
        if key == "rating":  # by skill, the surer of two equal skills first
            return (self.mu, -self.sigma)
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
    _head_to_head: dict[tuple[int, int], tuple[int, int, int]] | None = field(default=None, repr=False, compare=False)

    def rows(self, sort: str = DEFAULT_SORT, descending: bool | None = None) -> list[PlayerRecord]:
        """The records sorted by a column (its natural direction unless ``descending`` says)."""
        if sort not in SORT_KEYS:
            sort = DEFAULT_SORT
        natural = next(bigger for key, _, bigger in COLUMNS if key == sort)
        reverse = natural if descending is None else descending
        rows = sorted(self.records.values(), key=lambda r: r.name.casefold())
        return sorted(rows, key=lambda r: r.sort_value(sort), reverse=reverse)  # type: ignore[arg-type, return-value]

    def head_to_head(self) -> dict[tuple[int, int], tuple[int, int, int]]:
        """For each pair (a, b) of players: games both played where a finished ahead, behind, level: by their places,
        which follow the ruleset's winner rule (Phase 10's winner is ahead of a lower total still on phase 9).

        Worked out once per standings (which are kept per league revision).
        """
        if self._head_to_head is not None:
            return self._head_to_head
        by_game: dict[int, list[tuple[int, int]]] = defaultdict(list)
        for game_id, player_id, _, place, _ in self.results:
            by_game[game_id].append((player_id, place))
        table: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
        for entries in by_game.values():
            for a, a_place in entries:
                for b, b_place in entries:
                    if a == b:
                        continue
                    table[(a, b)][_ahead_behind_level(a_place, b_place)] += 1
        self._head_to_head = {pair: (c[0], c[1], c[2]) for pair, c in table.items()}
        return self._head_to_head

    def against(self, player_id: int) -> dict[int, tuple[int, int, int]]:
        """One row of :meth:`head_to_head`: per opponent, games the player finished ahead, behind, level.

        Worked out from the results alone when the whole table isn't kept yet (a player's page needs one row).
        """
        if self._head_to_head is not None:
            return {b: cell for (a, b), cell in self._head_to_head.items() if a == player_id}
        return self._against_from_results(player_id)

    def _against_from_results(self, player_id: int) -> dict[int, tuple[int, int, int]]:
        mine = {game_id: place for game_id, player, _, place, _ in self.results if player == player_id}
        table: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
        for game_id, other, _, place, _ in self.results:
            if other != player_id and game_id in mine:
                table[other][_ahead_behind_level(mine[game_id], place)] += 1
        return {other: (c[0], c[1], c[2]) for other, c in table.items()}


def _ahead_behind_level(place: int, other_place: int) -> int:
    """Which head-to-head count a game adds to: 0 (ahead: the better place), 1 (behind) or 2 (level: one place)."""
    return 0 if place < other_place else 1 if place > other_place else 2


_MODEL = PlackettLuce()
"""OpenSkill's Plackett-Luce model with its default parameters: the ratings are its ratings."""
_TAU_SQUARED = _MODEL.tau * _MODEL.tau
_BETA_SQUARED = _MODEL.beta**2


def rate_game(mus: list[float], sigmas: list[float], ranks: list[int]) -> tuple[list[float], list[float]]:
    """One game's rating update: each player's new (mu, sigma), players in the order given, ``ranks`` their places.

    This is ``PlackettLuce().rate([[r] for r in ratings], ranks=ranks)`` of OpenSkill 6 (default
    parameters, one player a team) step for step, in the same order of operations, so the numbers
    agree with OpenSkill's to the last bit (the tests check it against OpenSkill itself). It is
    written out because OpenSkill deep-copies its rating objects on every game, which was most of
    the cost of rating a league's thousands of games.
    """
    sqrt, exp = math.sqrt, math.exp
    count = len(mus)
    # OpenSkill sorts the teams by rank (ties keep their order), computes, and puts them back
    order = sorted(range(count), key=ranks.__getitem__)
    rank = [int(ranks[i]) for i in order]
    sigma = [sqrt(sigmas[i] * sigmas[i] + _TAU_SQUARED) for i in order]  # tau keeps sigma from shrinking to nothing
    sigma_squared = [value**2 for value in sigma]
    collective = 0.0
    for value in sigma_squared:
        collective += value + _BETA_SQUARED
    c = sqrt(collective)
    c_squared = c**2
    exps = [exp(mus[i] / c) for i in order]
    sum_q = _place_sums(exps, rank)
    tied = [rank.count(r) for r in rank]  # how many share each one's place
    out_mu = [0.0] * count
    out_sigma = [0.0] * count
    for i in range(count):
        omega, delta = _omega_delta(i, exps, rank, sum_q, tied)
        variance = sigma_squared[i]
        omega *= variance / c
        delta *= variance / c_squared
        delta *= sqrt(variance) / c  # OpenSkill's default gamma
        # one player a team, weight 1: OpenSkill's sigma**2 / team sigma**2 and its weights are all exactly 1
        original = order[i]
        out_mu[original] = mus[original] + omega
        out_sigma[original] = sigma[i] * sqrt(max(1 - delta, _MODEL.kappa))
    return out_mu, out_sigma


def _place_sums(exps: list[float], rank: list[int]) -> list[float]:
    """For each player q (in rank order): the exponentials of everyone placed q's place or lower, added in order."""
    count = len(rank)
    sum_q = [0.0] * count
    for e, rank_i in zip(exps, rank, strict=True):
        for q in range(count):
            if rank_i >= rank[q]:
                sum_q[q] += e
    return sum_q


def _omega_delta(
    i: int, exps: list[float], rank: list[int], sum_q: list[float], tied: list[int]
) -> tuple[float, float]:
    """Player ``i``'s (in rank order) sums over everyone placed at or above them, before OpenSkill's scaling."""
    omega = 0.0
    delta = 0.0
    i_exp = exps[i]
    rank_i = rank[i]
    for q in range(len(rank)):
        if rank[q] <= rank_i:
            share = i_exp / sum_q[q]
            delta += share * (1 - share) / tied[q]
            if q == i:
                omega += (1 - share) / tied[q]
            else:
                omega -= share / tied[q]
    return omega, delta


def _as_datetime(value: object) -> dt.datetime:
    """A stored time: SQLite gives the text it keeps (``2025-06-01 20:15:00.000000``), PostgreSQL a datetime."""
    return dt.datetime.fromisoformat(value) if isinstance(value, str) else value  # type: ignore[return-value]


def compute_standings(league_id: int, season: Season, ruleset_id: str | None = None) -> Standings:
    """Standings from the stored results (two queries), with ratings run over the games in order."""
    rows = _result_rows(league_id, season, ruleset_id)
    names = dict(db.session.execute(select(Player.id, Player.name).where(Player.id.in_({r[1] for r in rows}))).all())
    records: dict[int, PlayerRecord] = {}
    ratings = _Ratings()
    results: list[tuple[int, int, int, int, int]] = []
    games = 0
    for game_id, grouped in itertools.groupby(rows, key=operator.itemgetter(0)):  # rows come a game at a time
        game_rows = list(grouped)
        games += 1
        played_on = _as_datetime(game_rows[0][2])
        for _, player_id, _, total, place, winners, deals, deals_out, position in game_rows:
            record = records.get(player_id)
            if record is None:
                record = records[player_id] = PlayerRecord(player_id=player_id, name=names.get(player_id, "?"))
            record.count_game(game_id, total, place, winners, deals, deals_out)
            results.append((game_id, player_id, total, place, position))
        ratings.rate([row[1] for row in game_rows], [row[4] for row in game_rows])
        for row in game_rows:
            player_id = row[1]
            records[player_id].history.append((played_on, game_id, row[3], ratings.ordinal(player_id)))
            records[player_id].skills.append(ratings.skill(player_id))
    ratings.write_into(records)
    return Standings(league_id=league_id, season=season, ruleset_id=ruleset_id, records=records, games=games, results=results)


def _scope(league_id: int, season: Season, ruleset_id: str | None) -> list[ColumnElement[bool]]:
    """The results the standings count: the league's, in the season, under the ruleset when one is chosen."""
    scope = [GameResult.league_id == league_id]
    if season.start is not None:
        scope.append(GameResult.played_on >= season.start)
    if season.end is not None:
        scope.append(GameResult.played_on < season.end)
    if ruleset_id:
        scope.append(GameResult.ruleset_id == ruleset_id)
    return scope


def _result_rows(
    league_id: int, season: Season, ruleset_id: str | None
) -> Sequence[Row[int, int, str, int, int, int, int, int, int]]:
    """The counted results in the order played, a game's rows together: (game id, player id, played on as
    stored, total, place, winners, deals, deals out, position)."""
    query = (
        select(
            GameResult.game_id,
            GameResult.player_id,
            type_coerce(GameResult.played_on, String),
            GameResult.total,
            GameResult.place,
            GameResult.winners,
            GameResult.deals,
            GameResult.deals_out,
            GameResult.position,
        )
        .where(*_scope(league_id, season, ruleset_id))
        .order_by(GameResult.played_on, GameResult.game_id, GameResult.position)
    )
    # plain rows (no ORM layer), the date as stored: it is read once a game below, not once a player
    return db.session.connection().execute(query).all()


class _Ratings:
    """Each player's OpenSkill rating (mu, sigma) as the games are rated in order; a player yet unrated has none."""

    def __init__(self) -> None:
        self.mus: dict[int, float] = {}
        self.sigmas: dict[int, float] = {}

    def rate(self, players: list[int], places: list[int]) -> None:
        """Rate one game (a game of one player rates nobody)."""
        if len(players) < 2:
            return
        new_mu, new_sigma = rate_game(
            [self.mus.get(p, _MODEL.mu) for p in players],
            [self.sigmas.get(p, _MODEL.sigma) for p in players],
            places,
        )
        for player_id, mu, sigma in zip(players, new_mu, new_sigma, strict=True):
            self.mus[player_id], self.sigmas[player_id] = mu, sigma

    def ordinal(self, player_id: int) -> float:
        """The rating shown: mu − 3·sigma (0 before the player's first rated game)."""
        return self.mus[player_id] - 3 * self.sigmas[player_id] if player_id in self.mus else 0.0

    def skill(self, player_id: int) -> float:
        return self.mus.get(player_id, _MODEL.mu)

    def write_into(self, records: dict[int, PlayerRecord]) -> None:
        """Each rated player's final mu, sigma and rating into their record."""
        for player_id, record in records.items():
            if player_id in self.mus:
                record.mu, record.sigma = self.mus[player_id], self.sigmas[player_id]
                record.rating = record.mu - 3 * record.sigma  # the ordinal, as OpenSkill's ordinal() gives it


class _StandingsCache:
    """Standings (and players' contract records) kept per league revision; the revision changes with any of its games."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._items: OrderedDict[tuple[object, ...], object] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[object, ...]) -> Any:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: tuple[object, ...], value: object) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def _cache() -> _StandingsCache:
    from flask import current_app

    return current_app.extensions.setdefault("league_standings", _StandingsCache())


def standings_for(league: League, season: Season, ruleset_id: str | None = None) -> Standings:
    """The league's standings, computed once per revision of the league."""
    cache = _cache()
    key = (league.id, league.revision, season.key, ruleset_id)
    found = cache.get(key)
    if found is None:
        found = compute_standings(league.id, season, ruleset_id)
        cache.put(key, found)
    return found


def ended_early(game_ids: Collection[int]) -> set[int]:
    """The games among ``game_ids`` the table ended early (and did not reopen since): their totals cover fewer deals."""
    if not game_ids:
        return set()
    last: dict[int, str] = {}
    query = (
        select(Change.game_id, Change.action)
        .where(Change.game_id.in_(game_ids), Change.action.in_(("ended_early", "reopened")))
        .order_by(Change.id)
    )
    for game_id, action in db.session.execute(query):
        last[game_id] = action
    return {game_id for game_id, action in last.items() if action == "ended_early"}


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
    deal: Deal | None = None
    """One deal of this contract, to draw its symbols in the table's letters."""
    set_words: tuple[str, ...] = ()
    """The set words of the rulesets that played it ("group", "set" ...): drawn only where there is one."""
    phase: int | None = None
    """The phase's number where the contract is a phase a player plays until made (Phase 10, RULES.md §8.6);
    then :attr:`deals` are the hands the player tried it in. ``None`` for a deal of a fixed schedule."""
    made: int = 0
    """Hands in which the player made the phase (a phase only)."""
    namings: tuple[tuple[Deal, Ruleset], ...] = ()
    """The deal and its ruleset behind each wording of :attr:`contract`, so a page writes them in its own language
    (the ``contract_names`` filter)."""

    @property
    def go_out_rate(self) -> float:
        return self.went_out / self.deals if self.deals else 0.0

    @property
    def made_rate(self) -> float:
        """How often the player made the phase when they tried it (a phase only)."""
        return self.made / self.deals if self.deals else 0.0

    @property
    def label(self) -> str:
        """What the player's page calls it: the contract, or "Phase 4: One run of 7"."""
        return self.contract if self.phase is None else f"Phase {self.phase}: {self.contract}"


def _contract_key(deal: Deal) -> str:
    """What makes two deals one contract on a player's page: their melds, and for a ladder its rule and wild limit
    (Carioca's escala sucia and escala real are both ``L13``, but not one contract)."""
    ladder = deal.ladder
    if ladder is None or ladder.rule is None:
        return deal.symbols
    return f"{deal.symbols} {ladder.rule.value} {deal.max_wilds if deal.own_max_wilds else ''}".rstrip()


def contract_records(league_id: int, player_id: int, season: Season, ruleset_id: str | None) -> list[ContractRecord]:
    """The player's average penalty and going-out rate on each contract, hardest first.

    The same games as the standings (the player's finished games of the league in the season and
    ruleset, found through their results), added up in the database per ruleset and deal number
    (two queries, however many games); each deal number is then named from the game's rules snapshot.
    In a game where each player plays their own phase (Phase 10) a hand's number is no phase: those
    games are followed hand by hand (:func:`_per_phase_records`), and each phase counts the hands the
    player tried it in and made it.
    """
    from ..models import ruleset_from_snapshot

    # another app's final totals (deals 0 in their results) are no deals: they count in no contract's figures
    scope = [GameResult.player_id == player_id, GameResult.deals > 0, *_scope(league_id, season, ruleset_id)]
    per_deal = _per_deal_sums(scope)
    totals: dict[str, list[int]] = {}
    words: dict[str, list[str]] = {}
    namings: dict[str, list[tuple[Deal, Ruleset]]] = {}
    deals: dict[str, Deal] = {}
    set_words: dict[str, list[str]] = {}
    per_player_ids: set[str] = set()
    for number, n, total, out, rules_json, kind in per_deal:
        ruleset = ruleset_from_snapshot(rules_json)
        if ruleset.progression is not Progression.FIXED:
            per_player_ids.add(kind)
            continue
        if not 1 <= number <= len(ruleset.deals):
            continue
        deal = ruleset.deals[number - 1]
        key = _contract_key(deal)
        wording = deal.contract.split(" (")[0]
        if wording not in words.setdefault(key, []):  # each ruleset's own word: Liverpool's sets aren't trios
            words[key].append(wording)
            namings.setdefault(key, []).append((deal, ruleset))
        deals.setdefault(key, deal)
        if ruleset.set_word not in set_words.setdefault(key, []):
            set_words[key].append(ruleset.set_word)
        entry = totals.setdefault(key, [0, 0, 0])
        entry[0] += n
        entry[1] += total or 0
        entry[2] += out or 0
    records = [
        ContractRecord(symbols=deals[key].symbols, contract=" / ".join(words[key]), deals=n, average_penalty=total / n, went_out=out,
                       deal=deals[key], set_words=tuple(set_words[key]), namings=tuple(namings[key]))
        for key, (n, total, out) in totals.items()
    ]
    records += _per_phase_records(scope, per_player_ids)
    return sorted(records, key=lambda r: (-r.average_penalty, r.symbols, r.phase or 0))


@dataclass
class _PhaseTally:
    """One phase's hands for one player, added up while their games are followed."""

    deal: Deal
    set_word: str
    ruleset: Ruleset
    """The rules the phase was played under, whose words name it."""
    hands: int = 0
    penalty: int = 0
    went_out: int = 0
    made: int = 0


def _tally_phases(
    tallies: dict[tuple[int, str], _PhaseTally], game: Game, attempted: Sequence[Mapping[int, int]], position: int
) -> None:
    """Add the hands of ``game`` played at seat ``position`` to ``tallies``,
    each under the phase ``attempted`` says the seat played in it (a tie-break hand: the phase replayed)."""
    ruleset = game.ruleset
    for deal, phases in zip(game.deals, attempted, strict=False):
        phase = phases.get(position)
        hand = next((h for h in deal.hands if h.position == position), None)
        if phase is None or hand is None or not 1 <= phase <= len(ruleset.deals):
            continue
        contract = ruleset.deals[phase - 1]
        tally = tallies.setdefault((phase, contract.symbols), _PhaseTally(deal=contract, set_word=ruleset.set_word, ruleset=ruleset))
        tally.hands += 1
        tally.penalty += hand.total
        tally.went_out += deal.went_out == position
        tally.made += hand.made


def _per_phase_records(scope: list[ColumnElement[bool]], ruleset_ids: Collection[str]) -> list[ContractRecord]:
    """The player's hands in the per-player games of ``scope`` (rulesets ``ruleset_ids``), per phase tried: each
    game followed by the engine (:func:`~companion.games.phases.game_progress`), which says the phase each hand's
    player attempted (RULES.md §8.6.2). One query for the games and one each for their seats, hands and deals."""
    from ..games.phases import game_progress

    if not ruleset_ids:
        return []
    found = db.session.execute(
        select(Game, GameResult.position)
        .join(GameResult, GameResult.game_id == Game.id)
        .where(*scope, GameResult.ruleset_id.in_(ruleset_ids))
        .order_by(Game.id)
    ).all()
    tallies: dict[tuple[int, str], _PhaseTally] = {}
    for game, position in found:
        progress = game_progress(game)
        if progress is not None:  # else a stored ruleset whose later version plays a fixed schedule
            _tally_phases(tallies, game, progress.attempted, position)
    return [
        ContractRecord(symbols=symbols, contract=t.deal.contract.split(" (")[0], deals=t.hands, average_penalty=t.penalty / t.hands,
                       went_out=t.went_out, deal=t.deal, set_words=(t.set_word,), phase=phase, made=t.made,
                       namings=((t.deal, t.ruleset),))
        for (phase, symbols), t in sorted(tallies.items())
    ]


def _per_deal_sums(scope: list[ColumnElement[bool]]) -> list[tuple[Any, ...]]:
    """The player's hands in the results of ``scope``, added up per rules snapshot and deal number:
    ``(deal number, hands, penalty, times went out, rules snapshot JSON, ruleset id)`` (two queries)."""
    from ..models import DealResult, Game, HandScore

    # the rules snapshot each ruleset was played under (one, unless a built-in ruleset changed between games)
    kinds = (
        select(
            GameResult.ruleset_id.label("ruleset_id"),
            func.count(func.distinct(Game.rules_json)).label("snapshots"),
            func.min(Game.id).label("first"),
        )
        .join(Game, Game.id == GameResult.game_id)
        .where(*scope)
        .group_by(GameResult.ruleset_id)
        .subquery()
    )
    snapshots = db.session.execute(
        select(kinds.c.ruleset_id, kinds.c.snapshots, Game.rules_json).join(Game, Game.id == kinds.c.first)
    ).all()
    if not snapshots:
        return []
    penalty = func.sum(HandScore.total)
    went_out = func.sum(case((DealResult.went_out == HandScore.position, 1), else_=0))
    hands = (
        select(DealResult.number, func.count(), penalty, went_out)
        .select_from(GameResult)
        .join(DealResult, DealResult.game_id == GameResult.game_id)
        .join(HandScore, (HandScore.deal_id == DealResult.id) & (HandScore.position == GameResult.position))
        .where(*scope)
    )
    if all(count == 1 for _, count, _ in snapshots):
        rules = {kind: rules_json for kind, _, rules_json in snapshots}
        rows = db.session.execute(
            hands.add_columns(GameResult.ruleset_id)
            .group_by(GameResult.ruleset_id, DealResult.number)
            .order_by(GameResult.ruleset_id, DealResult.number)
        ).all()
        per_deal = [(number, n, total, out, rules[kind], kind) for number, n, total, out, kind in rows]
    else:  # rare: group by the snapshot itself (slower: the whole text is the key)
        rows = db.session.execute(
            hands.join(Game, Game.id == GameResult.game_id)
            .add_columns(Game.rules_json, Game.ruleset_id)
            .group_by(Game.ruleset_id, Game.rules_json, DealResult.number)
            .order_by(Game.ruleset_id, Game.rules_json, DealResult.number)
        ).all()
        per_deal = [tuple(row) for row in rows]
    return per_deal


def contracts_for(league: League, player_id: int, season: Season, ruleset_id: str | None = None) -> list[ContractRecord]:
    """The player's contract records, worked out once per revision of the league (like the standings)."""
    cache = _cache()
    key = ("contracts", league.id, league.revision, player_id, season.key, ruleset_id)
    found = cache.get(key)
    if found is None:
        found = contract_records(league.id, player_id, season, ruleset_id)
        cache.put(key, found)
    return found  # type: ignore[return-value]
