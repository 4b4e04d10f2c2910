"""League standings, ratings, player records and head-to-head on hand-made leagues, and the league pages.

Every game here is played through the game service, as the pages do: seven
deals saved with :func:`judge_entry` and :func:`save_deal`, each player's
final total chosen by the test. Expected numbers are worked out by hand (or,
for ratings, by running OpenSkill's Plackett-Luce here, on the final places
the test chose), never read back from the code under test.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Sequence

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import func, select

from companion.extensions import db
from companion.games import deal_entry, life
from companion.rules.deal_score import LineEntry
from companion.leagues.service import LeagueError, add_member, create_league, remove_member
from companion.leagues.standings import (
    COLUMNS,
    Season,
    compute_standings,
    contract_records,
    standings_for,
)
from companion.games.changes import mark_changed
from companion.models import Game, GameResult, GameStatus, League, Player
from companion.rules import RULESETS

THIS_YEAR = dt.date.today().year


# ---------------------------------------------------------------------------
# Playing games through the service


@pytest.fixture
def ctx(no_csrf_app):
    """An app context to call the services in (the app's CSRF is off, for the page tests' posts)."""
    with no_csrf_app.app_context():
        yield no_csrf_app


def people(*names: str) -> list[Player]:
    found = [life.find_or_add_player(name) for name in names]
    db.session.commit()
    return found


def default_outs(players: int, deals: int = 7) -> list[int | None]:
    """Who goes out in each deal unless a test says: seat 0, 1, 2, … in turn."""
    return [number % players for number in range(deals)]


def deals_for(totals: Sequence[int], outs: Sequence[int | None]) -> list[tuple[int | None, dict[int, int]]]:
    """Seven deals giving each seat its final total: all of it in the first deal that seat did not go out in."""
    deals: list[tuple[int | None, dict[int, int]]] = [(out, {}) for out in outs]
    for seat, total in enumerate(totals):
        number = next(n for n, out in enumerate(outs) if out != seat)
        deals[number][1][seat] = total
    return deals


def play(
    league: League | None,
    players: Sequence[Player],
    totals: Sequence[int] | None = None,
    *,
    outs: Sequence[int | None] | None = None,
    deals: Sequence[tuple[int | None, dict[int, int]]] | None = None,
    ruleset: str = "contract",
    on: dt.datetime | None = None,
    stop_after: int | None = None,
) -> Game:
    """A game in ``league`` (seats in the order given), finished unless ``stop_after`` deals.

    Either ``totals`` (each seat's final score; ``outs`` says who went out in
    each deal, ``None`` for the stock running out) or ``deals`` (who went out
    and each seat's typed points, deal by deal). ``on`` is when it was played.
    """
    rules = RULESETS[ruleset]
    if deals is None:
        assert totals is not None
        deals = deals_for(totals, outs or default_outs(len(players), len(rules.deals)))
    assert len(deals) == len(rules.deals)
    game = life.start_game(rules, list(players), 0, league=league)
    if on is not None:
        game.created_at = on
        db.session.commit()
    for number, (out, points) in enumerate(deals[:stop_after], start=1):
        went_out = deal_entry.STOCK if out is None else str(out)
        entries = [
            LineEntry(position=seat, points="" if seat == out else str(points.get(seat, 0)))
            for seat in range(len(players))
        ]
        judgement = deal_entry.judge_entry(game, number, went_out, entries)
        assert judgement.ok, judgement.problems
        deal_entry.save_deal(game, number, judgement)
    return game


def correct(game: Game, number: int, points: dict[int, int], out: int | None) -> None:
    """Save a correction of a past deal (with the version it edits), as the correction page does."""
    went_out = deal_entry.STOCK if out is None else str(out)
    entries = [
        LineEntry(position=seat.position, points="" if seat.position == out else str(points.get(seat.position, 0)))
        for seat in game.seats
    ]
    judgement = deal_entry.judge_entry(game, number, went_out, entries)
    assert judgement.ok, judgement.problems
    deal_entry.save_deal(game, number, judgement, version=game.deal_result(number).version)


def fresh(league: League, season: Season | None = None, ruleset_id: str | None = None):
    """Standings computed from scratch (no cache)."""
    return compute_standings(league.id, season or Season.all_time(), ruleset_id)


def by_name(standings) -> dict[str, object]:
    return {record.name: record for record in standings.records.values()}


# ---------------------------------------------------------------------------
# Ratings worked out here: OpenSkill's Plackett-Luce on the final places


def places(totals: Sequence[int]) -> list[int]:
    """The lowest total wins; tied players share a place (1, 1, 3)."""
    return [1 + sum(1 for other in totals if other < total) for total in totals]


def expected_ratings(games: Sequence[Sequence[tuple[str, int]]]) -> dict[str, tuple[float, float, float]]:
    """(ordinal, mu, sigma) per player after the games, each a list of (name, final total) in seat order."""
    model = PlackettLuce()
    ratings: dict[str, object] = {}
    for game in games:
        names = [name for name, _ in game]
        teams = [[ratings.get(name) or model.rating()] for name in names]
        rated = model.rate(teams, ranks=places([total for _, total in game]))
        for name, (rating,) in zip(names, rated, strict=True):
            ratings[name] = rating
    return {name: (r.ordinal(), r.mu, r.sigma) for name, r in ratings.items()}  # type: ignore[attr-defined]


def test_the_rating_update_is_openskills_to_the_last_bit() -> None:
    """The standings' own Plackett-Luce step against OpenSkill's, over random games with ties, 2 to 8 players."""
    import random

    from companion.leagues.standings import rate_game

    rng = random.Random(7)
    model = PlackettLuce()
    theirs = {p: model.rating() for p in range(9)}
    ours = {p: (model.mu, model.sigma) for p in range(9)}
    for _ in range(3000):
        seats = rng.sample(range(9), rng.randint(2, 8))
        ranks = places([rng.choice((0, 5, 10, 10, 25, 40)) for _ in seats])
        rated = model.rate([[theirs[p]] for p in seats], ranks=ranks)
        mus, sigmas = rate_game([ours[p][0] for p in seats], [ours[p][1] for p in seats], ranks)
        for p, (rating,), mu, sigma in zip(seats, rated, mus, sigmas, strict=True):
            theirs[p], ours[p] = rating, (mu, sigma)
            assert (mu, sigma) == (rating.mu, rating.sigma)


def assert_ratings(standings, games: Sequence[Sequence[tuple[str, int]]]) -> None:
    expected = expected_ratings(games)
    records = by_name(standings)
    assert set(records) == set(expected)
    for name, (ordinal, mu, sigma) in expected.items():
        record = records[name]
        assert record.rating == pytest.approx(ordinal, abs=1e-9), name
        assert record.mu == pytest.approx(mu, abs=1e-9), name
        assert record.sigma == pytest.approx(sigma, abs=1e-9), name


def same_standings(a, b) -> None:
    """Two standings agree on every number, ratings and each game's rating history included."""
    assert a.games == b.games
    assert a.results == b.results
    assert set(a.records) == set(b.records)
    for player_id, ra in a.records.items():
        rb = b.records[player_id]
        for attribute in ("games", "wins", "total_score", "deals", "deals_out", "best", "best_game", "worst",
                          "worst_game", "streak_kind", "streak"):
            assert getattr(ra, attribute) == getattr(rb, attribute), (ra.name, attribute)
        for attribute in ("rating", "mu", "sigma"):
            assert getattr(ra, attribute) == pytest.approx(getattr(rb, attribute), abs=1e-12), (ra.name, attribute)
        assert [h[:3] for h in ra.history] == [h[:3] for h in rb.history]
        assert [h[3] for h in ra.history] == pytest.approx([h[3] for h in rb.history], abs=1e-12)


# ---------------------------------------------------------------------------
# A small league: three games, a shared win


def three_games(ctx):
    """Ann, Bob, Cat and Dan: Ann wins game 1, Bob and Cat share game 2, Bob wins game 3."""
    league = create_league("Kitchen Table")
    ann, bob, cat, dan = people("Ann", "Bob", "Cat", "Dan")
    g1 = play(league, [ann, bob, cat], [10, 20, 30], on=dt.datetime(THIS_YEAR, 1, 5, 20))
    # four players; Dan goes out twice, Ann never, the stock runs out in deal 7
    g2 = play(league, [ann, bob, cat, dan], [40, 15, 15, 50], outs=[1, 2, 3, 1, 2, 3, None], on=dt.datetime(THIS_YEAR, 1, 6, 20))
    g3 = play(league, [bob, cat, dan], [5, 25, 35], on=dt.datetime(THIS_YEAR, 1, 7, 20))
    games = [
        [("Ann", 10), ("Bob", 20), ("Cat", 30)],
        [("Ann", 40), ("Bob", 15), ("Cat", 15), ("Dan", 50)],
        [("Bob", 5), ("Cat", 25), ("Dan", 35)],
    ]
    return league, (g1, g2, g3), games


def test_standings_count_wins_shared_wins_averages_and_going_out(ctx) -> None:
    league, (g1, g2, g3), games = three_games(ctx)
    standings = fresh(league)
    assert standings.games == 3
    records = by_name(standings)
    ann, bob, cat, dan = (records[name] for name in ("Ann", "Bob", "Cat", "Dan"))

    assert (ann.games, bob.games, cat.games, dan.games) == (2, 3, 3, 2)
    assert (ann.wins, bob.wins, cat.wins, dan.wins) == (1, 1.5, 0.5, 0)  # the shared win is half each
    assert (ann.win_rate, bob.win_rate, cat.win_rate, dan.win_rate) == (0.5, 0.5, pytest.approx(1 / 6), 0)
    assert ann.average == 25 and bob.average == pytest.approx(40 / 3) and cat.average == pytest.approx(70 / 3)
    assert dan.average == 42.5
    # seven deals a game: penalty per deal is the points over every deal played
    assert ann.deals == 14 and bob.deals == 21
    assert ann.per_deal == pytest.approx(50 / 14) and dan.per_deal == pytest.approx(85 / 14)
    # went out: game 1 and 3 seats 0,1,2,0,1,2,0 (seat 0 three times); game 2 as listed
    assert (ann.deals_out, bob.deals_out, cat.deals_out, dan.deals_out) == (3 + 0, 2 + 2 + 3, 2 + 2 + 2, 2 + 2)
    assert bob.go_out_rate == pytest.approx(7 / 21) and dan.go_out_rate == pytest.approx(4 / 14)
    # best (lowest) and worst (highest) final score, with the game they were in
    assert (ann.best, ann.best_game, ann.worst, ann.worst_game) == (10, g1.id, 40, g2.id)
    assert (bob.best, bob.best_game, bob.worst, bob.worst_game) == (5, g3.id, 20, g1.id)
    assert (cat.best, cat.best_game) == (15, g2.id)
    # current streaks: Bob won (shared) game 2 and won game 3; Ann lost her last; Dan lost both
    assert (bob.streak_kind, bob.streak, bob.streak_text) == ("W", 2, "2 wins in a row")
    assert (ann.streak_kind, ann.streak, ann.streak_text) == ("L", 1, "lost the last game")
    assert (cat.streak_kind, cat.streak) == ("L", 1)
    assert (dan.streak_kind, dan.streak) == ("L", 2)
    assert bob.streak_value == 2 and dan.streak_value == -2
    assert_ratings(standings, games)
    # the history: one entry per game, in order, with the rating after it
    assert [(game_id, total) for _, game_id, total, _ in bob.history] == [(g1.id, 20), (g2.id, 15), (g3.id, 5)]
    assert bob.history[-1][3] == pytest.approx(bob.rating)


def test_streaks_count_back_from_the_latest_game(ctx) -> None:
    league = create_league("Streaky")
    ann, bob, cat = people("Ann", "Bob", "Cat")
    # Ann: W L W W W (the middle one lost), Bob: L W L L L, Cat never wins
    for day, totals in enumerate([[1, 2, 3], [3, 1, 2], [1, 2, 3], [5, 9, 9], [0, 1, 2]], start=1):
        play(league, [ann, bob, cat], totals, on=dt.datetime(THIS_YEAR, 2, day))
    records = by_name(fresh(league))
    assert records["Ann"].streak_text == "3 wins in a row"
    assert records["Bob"].streak_text == "lost the last 3"
    assert records["Cat"].streak_text == "lost the last 5"
    assert records["Ann"].wins == 4


def test_a_tie_for_first_between_three_shares_the_win_three_ways(ctx) -> None:
    league = create_league("Three way")
    ann, bob, cat, dan = people("Ann", "Bob", "Cat", "Dan")
    play(league, [ann, bob, cat, dan], [20, 20, 20, 21])
    standings = fresh(league)
    records = by_name(standings)
    assert [records[n].wins for n in ("Ann", "Bob", "Cat", "Dan")] == [pytest.approx(1 / 3)] * 3 + [0]
    assert all(records[n].streak_text == "won the last game" for n in ("Ann", "Bob", "Cat"))
    assert_ratings(standings, [[("Ann", 20), ("Bob", 20), ("Cat", 20), ("Dan", 21)]])
    # tied players come out of the rating level with each other
    assert records["Ann"].rating == pytest.approx(records["Cat"].rating)


def test_abandoned_and_unfinished_games_do_not_count(ctx) -> None:
    league, _, games = three_games(ctx)
    ann, bob, cat, dan = people("Ann", "Bob", "Cat", "Dan")
    before = fresh(league)
    abandoned = play(league, [ann, bob, dan], [0, 90, 90], stop_after=4)
    life.abandon(abandoned)
    unfinished = play(league, [ann, cat, dan], [0, 90, 90], stop_after=6)
    after = fresh(league)
    assert abandoned.game_status is GameStatus.ABANDONED and unfinished.game_status is GameStatus.IN_PROGRESS
    same_standings(before, after)
    assert db.session.scalar(select(func.count()).select_from(GameResult).where(GameResult.game_id.in_([abandoned.id, unfinished.id]))) == 0
    # finishing the last one makes it count
    correct_last = 7
    out = default_outs(3)[correct_last - 1]
    entries = [LineEntry(position=s, points="" if s == out else "5") for s in range(3)]
    judgement = deal_entry.judge_entry(unfinished, correct_last, str(out), entries)
    deal_entry.save_deal(unfinished, correct_last, judgement)
    finished = fresh(league)
    assert finished.games == 4
    assert by_name(finished)["Ann"].games == 3
    assert_ratings(finished, [*games, [("Ann", 0 + 0), ("Cat", 90 + 5), ("Dan", 90 + 5)]])


def test_seasons_by_calendar_year_and_by_date_range(ctx) -> None:
    league = create_league("Seasons")
    ann, bob, cat = people("Ann", "Bob", "Cat")
    play(league, [ann, bob, cat], [10, 20, 30], on=dt.datetime(2024, 12, 31, 23, 59))
    play(league, [ann, bob, cat], [30, 10, 20], on=dt.datetime(2025, 1, 1, 0, 0))
    play(league, [ann, bob, cat], [30, 20, 10], on=dt.datetime(2025, 3, 31, 23, 0))
    play(league, [ann, bob, cat], [20, 10, 30], on=dt.datetime(2025, 4, 1, 0, 0))
    play(league, [ann, bob, cat], [5, 10, 30], on=dt.datetime(2026, 6, 1, 12, 0))

    def winners(season: Season) -> dict[str, float]:
        return {name: record.wins for name, record in by_name(fresh(league, season)).items()}

    assert winners(Season.year(2024)) == {"Ann": 1, "Bob": 0, "Cat": 0}
    assert winners(Season.year(2025)) == {"Ann": 0, "Bob": 2, "Cat": 1}
    assert fresh(league, Season.year(2025)).games == 3
    assert fresh(league, Season.year(2023)).games == 0 and fresh(league, Season.year(2023)).records == {}
    # a range counts its first and last day whole
    march = Season.between(dt.date(2025, 1, 1), dt.date(2025, 3, 31))
    assert march.label == "2025-01-01 to 2025-03-31"
    assert winners(march) == {"Ann": 0, "Bob": 1, "Cat": 1}
    assert fresh(league, Season.between(dt.date(2024, 12, 31), dt.date(2024, 12, 31))).games == 1
    assert fresh(league, Season.all_time()).games == 5
    # the rating of a season starts afresh: it is the season's games alone
    assert_ratings(fresh(league, Season.year(2025)), [
        [("Ann", 30), ("Bob", 10), ("Cat", 20)],
        [("Ann", 30), ("Bob", 20), ("Cat", 10)],
        [("Ann", 20), ("Bob", 10), ("Cat", 30)],
    ])


def test_moving_a_game_to_another_day_moves_it_to_that_season(ctx) -> None:
    league = create_league("Dates")
    ann, bob, cat = people("Ann", "Bob", "Cat")
    game = play(league, [ann, bob, cat], [10, 20, 30], on=dt.datetime(2025, 5, 1))
    cached = standings_for(league, Season.year(2025))
    assert cached.games == 1
    game.created_at = dt.datetime(2024, 5, 1)
    mark_changed(game)
    db.session.commit()
    assert standings_for(league, Season.year(2025)).games == 0
    assert standings_for(league, Season.year(2024)).games == 1


def test_the_ruleset_filter(ctx) -> None:
    league = create_league("Mixed rules")
    ann, bob, cat = people("Ann", "Bob", "Cat")
    play(league, [ann, bob, cat], [10, 20, 30], ruleset="contract")
    play(league, [ann, bob, cat], [30, 20, 10], ruleset="shanghai")
    play(league, [ann, bob, cat], [30, 10, 20], ruleset="shanghai")
    contract = by_name(fresh(league, ruleset_id="contract"))
    shanghai = by_name(fresh(league, ruleset_id="shanghai"))
    assert {n: r.wins for n, r in contract.items()} == {"Ann": 1, "Bob": 0, "Cat": 0}
    assert {n: r.wins for n, r in shanghai.items()} == {"Ann": 0, "Bob": 1, "Cat": 1}
    assert fresh(league, ruleset_id="liverpool").games == 0
    assert fresh(league).games == 3


def test_a_player_in_two_leagues_is_counted_in_each_separately(ctx) -> None:
    home, club = create_league("Home"), create_league("Club")
    ann, bob, cat, dan = people("Ann", "Bob", "Cat", "Dan")
    play(home, [ann, bob, cat], [10, 20, 30])
    play(club, [dan, ann, bob], [5, 50, 40])
    play(club, [dan, ann, cat], [5, 60, 70])
    play(None, [ann, bob, cat], [0, 99, 99])  # a game in no league counts nowhere
    at_home, at_club = by_name(fresh(home)), by_name(fresh(club))
    assert (at_home["Ann"].games, at_home["Ann"].wins, at_home["Ann"].average) == (1, 1, 10)
    assert (at_club["Ann"].games, at_club["Ann"].wins, at_club["Ann"].average) == (2, 0, 55)
    assert "Dan" not in at_home
    assert at_home["Ann"].rating == pytest.approx(expected_ratings([[("Ann", 10), ("Bob", 20), ("Cat", 30)]])["Ann"][0])
    assert_ratings(fresh(club), [[("Dan", 5), ("Ann", 50), ("Bob", 40)], [("Dan", 5), ("Ann", 60), ("Cat", 70)]])
    assert {p.name for p in home.members} == {"Ann", "Bob", "Cat"}  # playing in a league puts you on its roster
    assert {p.name for p in club.members} == {"Ann", "Bob", "Cat", "Dan"}


# ---------------------------------------------------------------------------
# Sorting


def sort_league(ctx) -> League:
    """Five players whose numbers differ in every column (names sort without regard to case)."""
    league = create_league("Sorting")
    ann, bob, cat, dan, eve = people("ann", "Bob", "cat", "Dan", "eve")
    day = dt.datetime(THIS_YEAR, 3, 1)
    # eve and Dan share game 1; cat wins 2 and 3; eve wins 4; ann wins 5
    play(league, [eve, dan, cat], [10, 10, 30], outs=[0, 0, 0, 0, 1, 2, 0], on=day)
    play(league, [eve, dan, cat], [25, 35, 15], outs=[1, 1, 1, 1, 1, 2, 0], on=day + dt.timedelta(days=1))
    play(league, [eve, dan, cat], [40, 45, 12], outs=[2, 2, 2, 2, 2, 2, 1], on=day + dt.timedelta(days=2))
    play(league, [eve, dan, bob], [9, 50, 60], on=day + dt.timedelta(days=3))
    play(league, [eve, bob, ann], [70, 33, 31], outs=[1, 1, 1, 2, 2, 2, 2], on=day + dt.timedelta(days=4))
    return league


@pytest.mark.parametrize("key", [key for key, _, _ in COLUMNS])
def test_sorting_by_every_column_in_both_directions(ctx, key: str) -> None:
    league = sort_league(ctx)
    standings = fresh(league)

    def value(record):
        return {"name": record.name.casefold(), "streak": record.streak_value}.get(key, getattr(record, key, None))

    records = list(standings.records.values())
    values = [value(r) for r in records]
    assert len(set(values)) == len(values), f"{key}: the test league needs different values"
    ascending = [r.name for r in sorted(records, key=value)]
    assert [r.name for r in standings.rows(key, descending=False)] == ascending
    assert [r.name for r in standings.rows(key, descending=True)] == ascending[::-1]
    bigger_first = next(bigger for k, _, bigger in COLUMNS if k == key)
    assert [r.name for r in standings.rows(key)] == (ascending[::-1] if bigger_first else ascending)


def test_sorting_keeps_equal_values_in_name_order_and_unknown_keys_sort_by_wins(ctx) -> None:
    league, _, _ = three_games(ctx)
    tied = fresh(league)
    # Ann and Dan played 2 games, Bob and Cat 3; Ann and Bob each won half their games
    assert [r.name for r in tied.rows("games", descending=True)] == ["Bob", "Cat", "Ann", "Dan"]
    assert [r.name for r in tied.rows("games", descending=False)] == ["Ann", "Dan", "Bob", "Cat"]
    assert [r.name for r in tied.rows("win_rate")] == ["Ann", "Bob", "Cat", "Dan"]  # Ann and Bob both won half
    assert [r.name for r in tied.rows("nonsense")] == [r.name for r in tied.rows("wins")]


# ---------------------------------------------------------------------------
# Ratings after an edit equal ratings from scratch


def test_correcting_a_past_deal_reruns_every_rating_as_if_it_had_always_been_so(ctx) -> None:
    league, (g1, g2, g3), games = three_games(ctx)
    season = Season.all_time()
    cached = standings_for(league, season)
    revision = league.revision
    assert standings_for(league, season) is cached  # kept while nothing changes

    # Game 1, deal 1: Cat's hand was 3 points, not 30 (Cat goes from last to first in the first game)
    first_deal = g1.deal_result(1)
    assert first_deal.went_out == 0 and {h.position: h.total for h in first_deal.hands} == {0: 0, 1: 20, 2: 30}
    correct(g1, 1, {1: 20, 2: 3}, out=0)
    assert league.revision != revision
    games[0] = [("Ann", 10), ("Bob", 20), ("Cat", 3)]
    after = standings_for(league, season)
    assert after is not cached
    same_standings(after, fresh(league))
    assert_ratings(after, games)
    records = by_name(after)
    assert records["Cat"].wins == 1.5 and records["Ann"].wins == 0 and records["Cat"].best == 3
    assert records["Ann"].streak_text == "lost the last 2"
    # and in the season's cache too (a new revision is a new key)
    same_standings(standings_for(league, Season.year(THIS_YEAR)), fresh(league, Season.year(THIS_YEAR)))


def test_undoing_a_deal_takes_the_game_out_until_it_is_finished_again(ctx) -> None:
    league, (g1, g2, g3), games = three_games(ctx)
    before = standings_for(league, Season.all_time())
    revision = league.revision
    deal_entry.undo_last_deal(g2, g2.deals[-1].number)
    assert league.revision != revision
    after = standings_for(league, Season.all_time())
    same_standings(after, fresh(league))
    assert after.games == 2
    assert_ratings(after, [games[0], games[2]])
    assert by_name(after)["Bob"].wins == 1 and by_name(after)["Cat"].wins == 0  # game 2's shared win is gone
    # entered again the same way: everything is back as it was
    entries = [LineEntry(position=s, points="0") for s in range(4)]
    judgement = deal_entry.judge_entry(g2, 7, deal_entry.STOCK, entries)
    deal_entry.save_deal(g2, 7, judgement)
    same_standings(standings_for(league, Season.all_time()), before)


def test_deleting_a_game_takes_it_out_of_the_standings(ctx) -> None:
    league, (g1, g2, g3), games = three_games(ctx)
    cached = standings_for(league, Season.all_time())
    revision = league.revision
    mark_changed(g2)
    db.session.delete(g2)
    db.session.commit()
    assert league.revision != revision
    after = standings_for(league, Season.all_time())
    assert after is not cached and after.games == 2
    same_standings(after, fresh(league))
    assert_ratings(after, [games[0], games[2]])


def test_moving_a_game_to_another_league_updates_both(ctx) -> None:
    league, (g1, g2, g3), games = three_games(ctx)
    other = create_league("Other")
    here, there = standings_for(league, Season.all_time()), standings_for(other, Season.all_time())
    assert (here.games, there.games) == (3, 0)
    g3.league = other
    mark_changed(g3)
    db.session.commit()
    assert standings_for(league, Season.all_time()).games == 2
    assert standings_for(other, Season.all_time()).games == 1
    assert_ratings(standings_for(league, Season.all_time()), games[:2])


def test_a_roster_change_is_a_new_revision(ctx) -> None:
    league = create_league("Roster")
    ann, bob = people("Ann", "Bob")
    revision = league.revision
    assert add_member(league, ann) is True
    assert league.revision == revision + 1
    assert add_member(league, ann) is False
    assert league.revision == revision + 1
    remove_member(league, ann)
    assert league.revision == revision + 2
    with pytest.raises(LeagueError, match="Bob is not on the roster."):
        remove_member(league, bob)


def test_rebuilding_every_result_changes_nothing(ctx) -> None:
    from companion.leagues.summary import rebuild_all

    league, _, games = three_games(ctx)
    before = fresh(league)
    assert rebuild_all() == 3
    same_standings(fresh(league), before)


# ---------------------------------------------------------------------------
# Head-to-head and contracts


def test_head_to_head_counts_ahead_behind_and_level(ctx) -> None:
    league, _, _ = three_games(ctx)
    standings = fresh(league)
    ids = {record.name: record.player_id for record in standings.records.values()}
    bobs_row = standings.against(ids["Bob"])  # one row, worked out before the whole table is
    h2h = standings.head_to_head()
    assert bobs_row == {b: cell for (a, b), cell in h2h.items() if a == ids["Bob"]} == standings.against(ids["Bob"])
    assert standings.head_to_head() is h2h  # kept with the standings

    def cell(a: str, b: str):
        return h2h.get((ids[a], ids[b]))

    assert cell("Ann", "Bob") == (1, 1, 0)  # ahead in game 1, behind in game 2
    assert cell("Bob", "Cat") == (2, 0, 1)  # ahead in 1 and 3, level in 2
    assert cell("Cat", "Bob") == (0, 2, 1)
    assert cell("Ann", "Dan") == (1, 0, 0)
    assert cell("Dan", "Cat") == (0, 2, 0)
    assert cell("Ann", "Ann") is None
    assert len(h2h) == 12  # every ordered pair of the four met at least once


def test_contract_records_average_penalty_and_going_out_per_contract(ctx) -> None:
    league = create_league("Contracts")
    ann, bob, cat = people("Ann", "Bob", "Cat")
    deals_1 = [(0, {1: 5, 2: 10}), (1, {0: 20, 2: 5}), (2, {0: 30, 1: 1}), (0, {1: 1, 2: 1}),
               (None, {0: 40, 1: 2, 2: 2}), (1, {0: 10, 2: 9}), (2, {0: 70, 1: 3})]
    deals_2 = [(1, {0: 15, 2: 3}), (0, {1: 8, 2: 8}), (0, {1: 9, 2: 9}), (2, {0: 6, 1: 6}),
               (1, {0: 20, 2: 4}), (0, {1: 2, 2: 2}), (1, {0: 90, 2: 5})]
    play(league, [ann, bob, cat], deals=deals_1, on=dt.datetime(THIS_YEAR, 4, 1))
    play(league, [bob, ann, cat], deals=deals_2, on=dt.datetime(THIS_YEAR, 4, 2))  # Ann is seat 1 here
    play(None, [ann, bob, cat], [100, 0, 0])  # not in the league
    records = {r.symbols: r for r in contract_records(league.id, ann.id, Season.all_time(), None)}
    # Ann's penalties by deal: game 1 seat 0, game 2 seat 1
    assert records["S3 S3"].deals == 2 and records["S3 S3"].average_penalty == pytest.approx((0 + 0) / 2)
    assert records["S3 S3"].went_out == 2 and records["S3 S3"].go_out_rate == 1
    assert records["S3 R4"].average_penalty == pytest.approx((20 + 8) / 2) and records["S3 R4"].went_out == 0
    assert records["R4 R4"].average_penalty == pytest.approx((30 + 9) / 2)
    assert records["S3 S3 S3"].average_penalty == pytest.approx((0 + 6) / 2) and records["S3 S3 S3"].went_out == 1
    assert records["S3 S3 R4"].average_penalty == pytest.approx((40 + 0) / 2) and records["S3 S3 R4"].went_out == 1
    assert records["S3 R4 R4"].average_penalty == pytest.approx((10 + 2) / 2)
    assert records["R4 R4 R4"].average_penalty == pytest.approx((70 + 0) / 2)
    hardest = contract_records(league.id, ann.id, Season.all_time(), None)
    assert [r.symbols for r in hardest][:3] == ["R4 R4 R4", "S3 S3 R4", "R4 R4"]  # the highest average first
    assert hardest[0].contract == "Three runs of 4"
    assert contract_records(league.id, ann.id, Season.year(THIS_YEAR - 1), None) == []
    assert contract_records(league.id, ann.id, Season.all_time(), "shanghai") == []
    # the standings agree with the contracts: the same deals, the same points
    ann_record = by_name(fresh(league))["Ann"]
    total = sum(r.average_penalty * r.deals for r in hardest)
    assert total == ann_record.total_score and sum(r.deals for r in hardest) == ann_record.deals
    assert sum(r.went_out for r in hardest) == ann_record.deals_out


# ---------------------------------------------------------------------------
# The pages


def text_of(fragment: str) -> str:
    """The text of an HTML fragment as read: inline tags dropped, others a space, spaces squeezed."""
    inline = re.sub(r"</?(?:a|span|strong|em|b|small|time)\b[^>]*>", "", fragment)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", inline)).split())


def table_rows(page: str, table_class: str) -> list[list[str]]:
    """The body rows of the table inside ``<div class="{table_class}">``, as cell texts."""
    block = page.split(f'<div class="{table_class}">', 1)[1].split("</table>", 1)[0]
    body = block.split("<tbody>", 1)[1]
    return [[text_of(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


def error_beside(page: str, field: str) -> str:
    """The message shown beside a field (``<p class="error" id="{field}-error">``), checking the field points at it."""
    found = re.search(rf'<p class="error" id="{field}-error">(.*?)</p>', page, re.S)
    assert found, f"no message beside {field}"
    assert f'aria-describedby="{field}-error"' in page
    return text_of(found.group(1))


def test_the_league_list_and_creating_a_league(ctx, form_client) -> None:
    page = form_client.get("/leagues/")
    assert page.status_code == 200 and "No leagues yet." in page.get_data(as_text=True)

    for name, message in [
        ("", "Give the league a name."),
        ("   ", "Give the league a name."),
        ("x" * 61, "A league name is at most 60 letters."),
    ]:
        response = form_client.post("/leagues/", data={"name": name})
        body = response.get_data(as_text=True)
        assert response.status_code == 422, name
        assert error_beside(body, "name") == message
        assert 'aria-invalid="true"' in body

    response = form_client.post("/leagues/", data={"name": "  Kitchen   Table "})
    assert response.status_code == 303
    league = db.session.scalar(select(League))
    assert league.name == "Kitchen Table" and response.headers["Location"] == f"/leagues/{league.id}"
    page = form_client.get(response.headers["Location"]).get_data(as_text=True)
    assert "League “Kitchen Table” created: add its players." in page

    again = form_client.post("/leagues/", data={"name": "kitchen table"})
    assert again.status_code == 422
    assert error_beside(again.get_data(as_text=True), "name") == "There is already a league called “kitchen table”."
    assert form_client.post("/leagues/", data={"name": "<b>Bold</b> & co"}).status_code == 303
    listing = form_client.get("/leagues/").get_data(as_text=True)
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; co" in listing and "<b>Bold" not in listing  # a name is text
    assert listing.index("&lt;b&gt;Bold") < listing.index("Kitchen Table")  # in name order
    assert "0 players" in listing


def test_a_league_form_without_its_security_token_is_refused(app, client) -> None:
    response = client.post("/leagues/", data={"name": "Sneaky"})
    assert response.status_code == 400
    assert "The form was out of date" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(League)) == 0


def test_adding_and_removing_players_on_the_roster(ctx, form_client) -> None:
    league = create_league("Roster")
    ann, bob = people("Ann", "Bob")
    url = f"/leagues/{league.id}"

    def post(path: str, data=None) -> str:
        response = form_client.post(url + path, data=data or {})
        assert response.status_code == 303 and response.headers["Location"] == url
        return text_of(form_client.get(url).get_data(as_text=True))

    assert "Ann joined Roster." in post("/members", {"player": str(ann.id)})
    assert "Ann is already on the roster." in post("/members", {"player": str(ann.id)})
    assert "Cleo joined Roster." in post("/members", {"new_name": "  Cleo "})
    assert "Bob joined Roster." in post("/members", {"new_name": "bob"})  # a known name is that player
    assert "Pick a player or type a new name." in post("/members", {"new_name": "   "})
    assert "Pick a player from the list." in post("/members", {"player": "999"})
    assert "A name is at most 40 letters." in post("/members", {"new_name": "y" * 41})
    db.session.expire_all()
    assert [p.name for p in league.members] == ["Ann", "Bob", "Cleo"]
    page = form_client.get(url).get_data(as_text=True)
    assert 'aria-label="Take Cleo off the roster"' in page
    # the "add a known player" list offers only those not on the roster
    select_block = page.split('id="player"', 1)[1].split("</select>", 1)[0]
    assert "Ann" not in select_block

    cleo = Player.by_name("Cleo")
    assert "Cleo left the roster; their past games still count." in post(f"/members/{cleo.id}/remove")
    assert "Cleo is not on the roster." in post(f"/members/{cleo.id}/remove")
    db.session.expire_all()
    assert [p.name for p in league.members] == ["Ann", "Bob"]
    assert form_client.post(f"{url}/members/999/remove").status_code == 404
    assert form_client.post("/leagues/999/members", data={"player": str(ann.id)}).status_code == 404


def test_the_standings_page_shows_every_number(ctx, form_client) -> None:
    league, (g1, g2, g3), _ = three_games(ctx)
    response = form_client.get(f"/leagues/{league.id}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert f"3 games in {THIS_YEAR}" in text_of(page)
    standings = fresh(league, Season.year(THIS_YEAR))
    rows = table_rows(page, "standings-table")
    assert [row[0] for row in rows] == [r.name for r in standings.rows("wins")]  # most wins first
    bob = next(row for row in rows if row[0] == "Bob")
    bob_record = by_name(standings)["Bob"]
    rating = f"{round(bob_record.mu)}, {bob_record.skill_word}"
    # Player, Games, Wins, Win rate, Average, Per deal, Went out, Best, Worst, Streak, Rating
    assert bob == ["Bob", "3", "1.5", "50%", "13.3", "1.9", "33%", "5", "20", "2 wins in a row", rating]
    ann = next(row for row in rows if row[0] == "Ann")
    assert ann == ["Ann", "2", "1", "50%", "25.0", "3.6", "21%", "10", "40", "lost the last game", f"{round(by_name(standings)['Ann'].mu)}, {by_name(standings)['Ann'].skill_word}"]
    # best and worst link to their games; names to the player pages
    assert f'href="/games/{g3.id}">5</a>' in page and f'href="/games/{g1.id}">20</a>' in page
    bob_id = by_name(standings)["Bob"].player_id
    assert f'href="/leagues/{league.id}/players/{bob_id}?season={THIS_YEAR}">Bob</a>' in page
    # the phone's list has the same people in the same order
    cards = re.findall(r'<span class="name"><a [^>]*>(.*?)</a>', page)
    assert cards == [row[0] for row in rows]
    assert f'href="/games/new/league/{league.id}"' in page  # seating from the roster


def test_sorting_the_standings_page_by_every_column_both_ways(ctx, form_client) -> None:
    league = sort_league(ctx)
    standings = fresh(league, Season.year(THIS_YEAR))
    for key, heading, bigger in COLUMNS:
        for direction in ("asc", "desc", None):
            query = f"?sort={key}" + (f"&dir={direction}" if direction else "")
            page = form_client.get(f"/leagues/{league.id}{query}").get_data(as_text=True)
            descending = bigger if direction is None else direction == "desc"
            expected = [r.name for r in standings.rows(key, descending)]
            assert [row[0] for row in table_rows(page, "standings-table")] == expected, query
            assert re.findall(r'<span class="name"><a [^>]*>(.*?)</a>', page) == expected, query
            # the heading says how it is sorted, and its link turns the order round
            th = re.search(rf'<th scope="col" aria-sort="(\w+)"><a href="([^"]+)">{heading}</a></th>', page)
            assert th and th.group(1) == ("descending" if descending else "ascending"), query
            assert html.unescape(th.group(2)).count(f"dir={'asc' if descending else 'desc'}") == 1, query
            assert page.count("aria-sort=") == 1


def test_filters_by_season_and_ruleset_on_the_page(ctx, form_client) -> None:
    league = create_league("Years")
    ann, bob, cat = people("Ann", "Bob", "Cat")
    play(league, [ann, bob, cat], [10, 20, 30], on=dt.datetime(2024, 6, 1))
    play(league, [ann, bob, cat], [30, 10, 20], on=dt.datetime(2025, 6, 1), ruleset="shanghai")
    play(league, [ann, bob, cat], [30, 20, 10], on=dt.datetime(2025, 7, 1))
    url = f"/leagues/{league.id}"

    def wins(query: str) -> dict[str, str]:
        response = form_client.get(url + query)
        assert response.status_code == 200, query
        return {row[0]: row[2] for row in table_rows(response.get_data(as_text=True), "standings-table")}

    # no game this year: the latest year with games is shown
    page = form_client.get(url).get_data(as_text=True)
    assert "2 games in 2025" in text_of(page)
    assert '<option value="2025" selected>' in page and '<option value="2024" >' in page
    assert wins("?season=2024") == {"Ann": "1", "Bob": "0", "Cat": "0"}
    assert wins("?season=all") == {"Ann": "1", "Bob": "1", "Cat": "1"}
    assert wins("?season=all&ruleset=shanghai") == {"Bob": "1", "Ann": "0", "Cat": "0"}
    assert wins("?season=range&from=2025-06-01&to=2025-06-30") == {"Bob": "1", "Ann": "0", "Cat": "0"}
    page = form_client.get(url + "?season=range&from=2025-06-01&to=2025-06-30&sort=wins").get_data(as_text=True)
    assert "1 game in 2025-06-01 to 2025-06-30" in text_of(page)
    assert 'value="2025-06-01"' in page and 'value="2025-06-30"' in page
    # the chosen season and ruleset follow the links to players and head-to-head
    assert f"/leagues/{league.id}/head-to-head?season=range&amp;from=2025-06-01&amp;to=2025-06-30" in page
    page = form_client.get(url + "?season=all&ruleset=shanghai").get_data(as_text=True)
    assert "/head-to-head?season=all&amp;ruleset=shanghai" in page


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("?season=nonsense", "season", "“nonsense” is not a season: pick a year, all time or a range."),
        ("?season=%3Cb%3E", "season", "“<b>” is not a season: pick a year, all time or a range."),
        ("?season=%C2%B2", "season", "“²” is not a season: pick a year, all time or a range."),
        ("?season=1850", "season", "“1850” is not a season: pick a year, all time or a range."),
        ("?season=9999", "season", "“9999” is not a season: pick a year, all time or a range."),
        ("?season=" + "9" * 5000, "season", "“" + "9" * 39 + "…” is not a season: pick a year, all time or a range."),
        ("?season=range&from=2025-01-01", "season", "Give both dates of the range, as a calendar shows them."),
        ("?season=range&from=2025-01-01&to=31/01/2025", "season", "Give both dates of the range, as a calendar shows them."),
        ("?season=range&from=2025-03-01&to=2025-01-01", "season", "The range ends before it starts."),
        ("?season=range&from=2025-01-01&to=9999-12-31", "season", "Pick dates from the year 1900 to 9998."),
        ("?ruleset=bogus", "ruleset", "There is no ruleset “bogus”."),
    ],
)
def test_bad_filters_are_refused_with_the_message_beside_the_field(ctx, form_client, query, field, message) -> None:
    league, _, _ = three_games(ctx)
    ann = Player.by_name("Ann")
    for page_path in ("", "/head-to-head", f"/players/{ann.id}"):
        response = form_client.get(f"/leagues/{league.id}{page_path}{query}")
        assert response.status_code == 422, page_path
        page = response.get_data(as_text=True)
        assert error_beside(page, field) == message
        assert "<b>”" not in page  # what was typed is shown as text
        assert page.count('class="error"') == 1


def test_a_range_the_wrong_way_round_is_shown_the_right_way_round(ctx, form_client) -> None:
    league, _, _ = three_games(ctx)
    page = form_client.get(f"/leagues/{league.id}?season=range&from={THIS_YEAR}-12-31&to={THIS_YEAR}-01-01").get_data(as_text=True)
    assert f"3 games in {THIS_YEAR}-01-01 to {THIS_YEAR}-12-31" in text_of(page)


def test_a_player_page(ctx, form_client) -> None:
    league, (g1, g2, g3), _ = three_games(ctx)
    standings = fresh(league, Season.year(THIS_YEAR))
    bob = by_name(standings)["Bob"]
    response = form_client.get(f"/leagues/{league.id}/players/{bob.player_id}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    text = text_of(page)
    assert "<h1>Bob</h1>" in page
    assert f"Games 3 Wins 1.5 (50%) Average score 13.3 Went out 33% of deals Skill {round(bob.mu)}, {bob.skill_word} Streak 2 wins in a row" in text
    # two charts drawn on the server, each named for a screen reader
    charts = [html.unescape(label) for label in re.findall(r'<svg class="chart"[^>]*role="img" aria-label="([^"]+)"', page)]
    assert charts[0] == "Bob's final scores: 3 games, from 20 to 5, lowest 5, highest 20"
    skills = bob.skills
    assert len(skills) == 3 and skills[-1] == pytest.approx(bob.mu)
    assert charts[1] == (f"Bob's skill: 3 games, from {skills[0]:.0f} to {skills[-1]:.0f}, "
                         f"lowest {min(skills):.0f}, highest {max(skills):.0f}")
    assert page.count("<polyline") == 2
    # by contract: deal 1 is where Bob's 20 of game 1 and 15 of game 2 are (typed in the first deal he didn't go out)
    contracts = contract_records(league.id, bob.player_id, Season.year(THIS_YEAR), None)
    hardest = contracts[0]
    assert f"Hardest contract: {hardest.contract} ({hardest.average_penalty:.1f} points a deal)." in text
    assert len(re.findall(r"points a deal · went out", text)) == 7
    # each contract in the table's letters (Contract Rummy says "group": G3, the engine's S3 kept as the text)
    assert 'aria-label="group of 3" data-face="G3"><span class="card-code">S3</span>' in page
    assert 'data-face="S3"' not in page
    # head to head, most-met opponents first
    assert "Against Cat: ahead 2, behind 0, level 1 (3 games)" in text
    assert "Against Ann: ahead 1, behind 1 (2 games)" in text
    assert text.index("Against Cat") < text.index("Against Ann")
    # the games, newest first, each linking to its game
    links = re.findall(r'<a href="/games/(\d+)">final score (\d+)</a>', page)
    assert links == [(str(g3.id), "5"), (str(g2.id), "15"), (str(g1.id), "20")]


def test_a_player_page_in_a_season_without_their_games(ctx, form_client) -> None:
    league, _, _ = three_games(ctx)
    ann = Player.by_name("Ann")
    page = form_client.get(f"/leagues/{league.id}/players/{ann.id}?season={THIS_YEAR - 1}")
    assert page.status_code == 200
    assert "No finished games for Ann in this season." in page.get_data(as_text=True)


def test_a_player_page_for_someone_never_in_the_league_is_not_found(ctx, form_client) -> None:
    league, _, _ = three_games(ctx)
    other = create_league("Other")
    (eve,) = people("Eve")
    add_member(other, eve)
    assert form_client.get(f"/leagues/{league.id}/players/{eve.id}").status_code == 404
    assert form_client.get(f"/leagues/{other.id}/players/{eve.id}").status_code == 200  # on the roster, no games yet
    # off the roster but with games: the page is still there
    cat = Player.by_name("Cat")
    remove_member(league, cat)
    assert form_client.get(f"/leagues/{league.id}/players/{cat.id}").status_code == 200


def test_the_head_to_head_page(ctx, form_client) -> None:
    league, _, _ = three_games(ctx)
    response = form_client.get(f"/leagues/{league.id}/head-to-head")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    header = re.search(r"<thead>(.*?)</thead>", page, re.S).group(1)
    assert re.findall(r'<th scope="col">(.*?)</th>', header) == ["Player", "Ann", "Bob", "Cat", "Dan"]
    same = "—the same player"  # a dash on screen, words for a screen reader
    assert table_rows(page, "h2h-table") == [
        ["Ann", same, "1–1", "1–1", "1–0"],
        ["Bob", "1–1", same, "2–0", "2–0"],
        ["Cat", "1–1", "0–2", same, "2–0"],
        ["Dan", "0–1", "0–2", "0–2", same],
    ]
    text = text_of(page)
    assert "vs Cat: ahead 2, behind 0, level 1" in text  # Bob's card on the phone
    assert form_client.get(f"/leagues/{league.id}/head-to-head?season={THIS_YEAR - 1}").status_code == 200
    empty = form_client.get(f"/leagues/{league.id}/head-to-head?season={THIS_YEAR - 1}").get_data(as_text=True)
    assert "No finished games in this season yet." in empty


def test_unknown_leagues_and_players_are_not_found(ctx, form_client) -> None:
    league, _, _ = three_games(ctx)
    for path in ["/leagues/999", "/leagues/999/head-to-head", "/leagues/999/players/1",
                 f"/leagues/{league.id}/players/999", "/leagues/abc"]:
        response = form_client.get(path)
        assert response.status_code == 404, path
        assert "There is nothing here" in response.get_data(as_text=True)
    assert form_client.post("/leagues/999/members/1/remove").status_code == 404


def test_the_pages_use_a_constant_number_of_queries(no_csrf_app, form_client) -> None:
    """More games do not add a query to any league page (each rendered cold)."""
    from sqlalchemy import event

    app = no_csrf_app
    with app.app_context():  # set up in a context of its own: each request then has its own session
        league, _, _ = three_games(app)
        league_id, bob_id = league.id, Player.by_name("Bob").id
        engine = db.engine
    paths = [f"/leagues/{league_id}", f"/leagues/{league_id}/players/{bob_id}", f"/leagues/{league_id}/head-to-head"]

    def queries(path: str) -> int:
        app.extensions.pop("league_standings", None)
        seen: list[str] = []

        def listener(*args):  # noqa: ANN002
            seen.append(args[2])

        event.listen(engine, "before_cursor_execute", listener)
        try:
            assert form_client.get(path).status_code == 200
        finally:
            event.remove(engine, "before_cursor_execute", listener)
        return len(seen)

    queries(paths[0])  # the first request of the app looks up once what it then keeps
    before = [queries(path) for path in paths]
    with app.app_context():
        league, players = db.session.get(League, league_id), people("Ann", "Bob", "Cat")
        for _ in range(3):
            play(league, players, [10, 20, 30], on=dt.datetime(THIS_YEAR, 2, 1))
    assert [queries(path) for path in paths] == before
    assert before[0] <= 9, before  # 8, and one for the league's own rulesets in the rules filter
