"""Benchmark of the league pages: server time, SQL queries per request, and a full ratings recompute.

Run ``python bench/league.py``. It builds, straight into a fresh SQLite
database, a league of 5,000 finished games (12 players, 3 to 5 at a table,
spread over three calendar years, several rulesets) and a league of 500
games, inserting the stored facts directly (games with their rules
snapshot, seats, deal results, hand scores), then builds the game results
the standings read with :func:`companion.leagues.summary.rebuild_all`.
Then it prints:

- server time per request (median, p99), in-process, for the standings page,
  a player page and the head-to-head matrix: "kept" (the league's standings
  already computed for its revision) and "cold" (the standings cache cleared
  before every request, as after any change to the league);
- SQL queries per request for the 500-game and the 5,000-game league (they
  must be the same);
- the time to recompute all ratings (the standings over all time, every
  game rated in order).

Targets (issue "League standings"): pages at most 150 ms p99, a full ratings
recompute at most 2 s, queries not growing with games.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import insert  # noqa: E402

from companion import create_app  # noqa: E402
from support import count_queries  # noqa: E402
from companion.extensions import db  # noqa: E402
from companion.leagues.standings import Season, compute_standings  # noqa: E402
from companion.leagues.summary import rebuild_all  # noqa: E402
from companion.models import (  # noqa: E402
    DealResult, Game, GameStatus, HandScore, League, LoginSession, Player, Seat, User, league_member,
)
from companion.rules import RULESETS  # noqa: E402
from companion.rules.snapshot import ruleset_to_dict  # noqa: E402

YEARS = (2024, 2025, 2026)
#: Rulesets played, with how often: mostly Contract, some Shanghai, Liverpool, May I and a few long Progressive games.
RULESET_MIX = (("contract", 5), ("shanghai", 2), ("liverpool", 1), ("may-i", 1), ("progressive", 1))


# ---------------------------------------------------------------------------
# Building the leagues


class Ids:
    """Primary keys handed out here, so rows can be inserted in bulk and refer to each other."""

    def __init__(self) -> None:
        self.next: dict[str, int] = {}

    def __call__(self, table: str) -> int:
        value = self.next.get(table, 0) + 1
        self.next[table] = value
        return value


def build_league(name: str, games: int, players: list[int], rng: random.Random, ids: Ids) -> int:
    """A league of ``games`` finished games among ``players``, inserted in bulk; its id."""
    league_id = ids("league")
    db.session.execute(insert(League), [{"id": league_id, "name": name, "name_key": name.casefold(), "revision": 1}])
    db.session.execute(insert(league_member), [{"league_id": league_id, "player_id": p} for p in players])
    snapshots = {key: json.dumps(ruleset_to_dict(RULESETS[key]), sort_keys=True) for key, _ in RULESET_MIX}
    choices = [key for key, weight in RULESET_MIX for _ in range(weight)]
    start = dt.datetime(YEARS[0], 1, 1)
    span = (dt.datetime(YEARS[-1], 11, 1) - start).total_seconds()
    moments = sorted(start + dt.timedelta(seconds=rng.uniform(0, span)) for _ in range(games))
    game_rows, seat_rows, deal_rows, hand_rows = [], [], [], []
    for created in moments:
        key = rng.choice(choices)
        ruleset = RULESETS[key]
        table = rng.sample(players, rng.randint(3, min(5, ruleset.max_players)))
        game_id = ids("game")
        first_dealer = rng.randrange(len(table))
        game_rows.append({
            "id": game_id, "ruleset_id": key, "rules_json": snapshots[key], "status": GameStatus.FINISHED.value,
            "first_dealer": first_dealer, "revision": 1, "created_at": created,
            "finished_at": created + dt.timedelta(minutes=50), "league_id": league_id,
        })
        seat_rows += [{"id": ids("seat"), "game_id": game_id, "position": i, "player_id": p} for i, p in enumerate(table)]
        for number in range(1, len(ruleset.deals) + 1):
            deal_id = ids("deal")
            out = None if rng.random() < 0.04 else rng.randrange(len(table))
            deal_rows.append({
                "id": deal_id, "game_id": game_id, "number": number, "dealer": (first_dealer + number - 1) % len(table),
                "went_out": out, "stock_ran_out": out is None, "version": 1, "created_at": created, "updated_at": created,
            })
            for position in range(len(table)):
                points = 0 if position == out else rng.choice((0, 5, 10, 15, 20, 25, 30, 40, 55, 70, 90))
                hand_rows.append({"deal_id": deal_id, "position": position, "points": points, "adjustment": 0, "buys": 0})
    for model, rows in ((Game, game_rows), (Seat, seat_rows), (DealResult, deal_rows), (HandScore, hand_rows)):
        for chunk in range(0, len(rows), 20_000):
            db.session.execute(insert(model), rows[chunk:chunk + 20_000])
    db.session.commit()
    return league_id


# ---------------------------------------------------------------------------
# Measuring


def timed(call: Callable[[], object], repeat: int, cpu: list[float] | None = None) -> list[float]:
    """Wall-clock seconds of each call (and, into ``cpu``, the CPU seconds this process spent on it)."""
    times = []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        call()
        times.append(time.perf_counter() - start)
        if cpu is not None:
            cpu.append(time.process_time() - start_cpu)
    return times


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * (len(ordered) - 1) + 0.5))]


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1e3:7.2f} ms, p99 {p99(values) * 1e3:7.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=100, help="requests per measurement")
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="companion-league-bench-"))
    config = {"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{workdir / 'bench.sqlite'}"}
    app = create_app(config)
    rng = random.Random(20261121)
    try:
        with app.app_context():
            db.create_all()
            names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]
            db.session.execute(insert(Player), [{"id": i + 1, "name": n, "name_key": n.casefold()} for i, n in enumerate(names)])
            # the owner's account: the league pages are for signed-in players
            db.session.execute(insert(User), [{"id": 1, "username": "Owner", "username_key": "owner",
                                               "password_hash": "-", "is_owner": True}])
            ids = Ids()
            ids.next["player"] = len(names)
            started = time.perf_counter()
            big = build_league("Big family", args.games, list(range(1, 13)), rng, ids)
            small = build_league("Small family", args.games // 10, list(range(1, 13)), rng, ids)
            inserted = time.perf_counter() - started
            started = time.perf_counter()
            rebuilt = rebuild_all()
            rebuild_time = time.perf_counter() - started
            hands = ids.next.get("deal", 0)

        print(f"league benchmark: {args.games:,} games (and {args.games // 10:,}), 12 players, 3-5 a table, "
              f"{YEARS[0]}-{YEARS[-1]}, rulesets {', '.join(k for k, _ in RULESET_MIX)}")
        print(f"  built in {inserted:.1f} s ({hands:,} deals inserted); game results rebuilt for {rebuilt:,} games "
              f"in {rebuild_time:.1f} s")
        print()

        client = app.test_client()
        db.session.add(LoginSession(user_id=1, token="bench-session"))  # signed in as the owner, as at sign-in
        db.session.commit()
        with client.session_transaction() as session:  # as Flask-Login keeps it
            session["_user_id"], session["_fresh"] = "1:bench-session", True
        ann = 1
        # the pages as they open (this year's season), and the standings and a player over all time
        # (every game rated: the heaviest views; fewer repeats, to keep the run short)
        pages = {
            "standings (this year)": (f"/leagues/{big}", args.repeat),
            "player page (this year)": (f"/leagues/{big}/players/{ann}", args.repeat),
            "head-to-head (this year)": (f"/leagues/{big}/head-to-head", args.repeat),
            "standings (all time)": (f"/leagues/{big}?season=all", max(10, args.repeat // 4)),
            "player page (all time)": (f"/leagues/{big}/players/{ann}?season=all", max(10, args.repeat // 4)),
        }

        def get(path: str) -> None:
            response = client.get(path)
            assert response.status_code == 200, (path, response.status_code)

        def cold(path: str) -> Callable[[], None]:
            def call() -> None:
                app.extensions.pop("league_standings", None)
                get(path)

            return call

        worst = worst_cpu = 0.0
        print("server time per request (in-process; CPU: this process's CPU time, which other programs on")
        print("the machine don't inflate the way they do wall-clock time)")
        for label, (path, repeat) in pages.items():
            get(path)
            kept_cpu: list[float] = []
            cold_cpu: list[float] = []
            kept = timed(lambda path=path: get(path), repeat, kept_cpu)
            fresh = timed(cold(path), repeat, cold_cpu)
            if "this year" in label:
                worst = max(worst, p99(kept), p99(fresh))
                worst_cpu = max(worst_cpu, p99(kept_cpu), p99(cold_cpu))
            print(f"  {label:25} kept {ms(kept)}   CPU {ms(kept_cpu)}   ({repeat} requests)")
            print(f"  {'':25} cold {ms(fresh)}   CPU {ms(cold_cpu)}")
        print(f"  worst p99 of the pages as they open: {worst * 1e3:.1f} ms wall, {worst_cpu * 1e3:.1f} ms CPU (target <= 150 ms)")
        print()

        print("SQL queries per request (must not grow with games)")
        for league in (small, big):  # a league's first view makes its watch link, once
            get(f"/leagues/{league}")
        for label, template in (
            ("standings page", "/leagues/{league}"),
            ("player page", "/leagues/{league}/players/1"),
            ("head-to-head", "/leagues/{league}/head-to-head"),
        ):
            figures = []
            for league in (small, big):
                path = template.format(league=league)
                figures.append((count_queries(app, cold(path)), count_queries(app, lambda path=path: get(path))))
            (small_cold, small_kept), (big_cold, big_kept) = figures
            same = "same" if figures[0] == figures[1] else "GROWS"
            print(f"  {label:15} {args.games // 10:>5,} games: {small_cold:2} cold, {small_kept:2} kept   "
                  f"{args.games:>5,} games: {big_cold:2} cold, {big_kept:2} kept   ({same})")
        print()

        with app.app_context():
            runs = timed(lambda: compute_standings(big, Season.all_time()), 10)
            standings = compute_standings(big, Season.all_time())
        print(f"full ratings recompute ({standings.games:,} games, {len(standings.results):,} results, all time): "
              f"median {statistics.median(runs):.3f} s, worst {max(runs):.3f} s (target <= 2 s)")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
