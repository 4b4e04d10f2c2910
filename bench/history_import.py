"""Benchmark of bringing a family's history in: a 500-game paper score sheet imported, then the league's pages.

Run ``python bench/history_import.py``. It writes a sheet of 500 Contract
games (8 family members, 3 to 5 at a table, 2019 to 2023, totals rows
included) as a family would type it, then into a fresh SQLite database:

- reads it, previews it in a league of those members and stores it (one
  transaction), printing each step's time (wall and this process's CPU);
- previews and "stores" it again: every game is found already there, nothing
  is added (the time of that check);
- the league pages' server time after it, as bench/league.py measures them.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from league import ms, timed  # noqa: E402  (bench/league.py: the same measures)
from sqlalchemy import func, select  # noqa: E402

from companion import create_app  # noqa: E402
from companion.extensions import db  # noqa: E402
from companion.games import life  # noqa: E402
from companion.history import service  # noqa: E402
from companion.history.paper import read_sheet  # noqa: E402
from companion.leagues.service import add_member, create_league  # noqa: E402
from companion.models import Game, HandScore, LoginSession, User  # noqa: E402

FAMILY = ["Mum", "Dad", "Granny", "Grandad", "Ann", "Bob", "Cat", "Uncle Dan"]


def paper_history(games: int, rng: random.Random) -> str:
    """A sheet of ``games`` seven-deal Contract games, one every few days from 2019."""
    lines = []
    day = dt.date(2019, 1, 1)
    for _ in range(games):
        day += dt.timedelta(days=rng.randint(1, 7))
        table = rng.sample(FAMILY, rng.randint(3, 5))
        lines += [f"Game, {day.isoformat()}, Contract Rummy", "Deal, " + ", ".join(table)]
        totals = [0] * len(table)
        for number in range(1, 8):
            out = rng.randrange(len(table))
            scores = [0 if seat == out else rng.choice((5, 10, 15, 20, 25, 30, 40, 55, 70, 90)) for seat in range(len(table))]
            totals = [a + b for a, b in zip(totals, scores, strict=True)]
            lines.append(f"{number}, " + ", ".join(map(str, scores)))
        lines.append("Total, " + ", ".join(map(str, totals)))
    return "\n".join(lines) + "\n"


def step(label: str, call):  # noqa: ANN001, ANN201
    start, start_cpu = time.perf_counter(), time.process_time()
    result = call()
    print(f"  {label:38} {time.perf_counter() - start:6.2f} s wall, {time.process_time() - start_cpu:6.2f} s CPU")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=50, help="requests per page measurement")
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="companion-history-bench-"))
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{workdir / 'bench.sqlite'}"})
    text = paper_history(args.games, random.Random(20261125))
    try:
        print(f"history import benchmark: {args.games} paper games ({len(text.encode()) / 1024:.0f} kB), "
              f"{len(FAMILY)} players, 3-5 a table")
        with app.app_context():
            db.create_all()
            db.session.add(User(id=1, username="Owner", username_key="owner", password_hash="-", is_owner=True))
            league = create_league("The family")
            for name in FAMILY:
                add_member(league, life.find_or_add_player(name))
            db.session.commit()
            league_id = league.id
            games = step("read the sheet", lambda: read_sheet(text))
            result = step("preview (match, plan, look for repeats)", lambda: service.preview(league, games, {}))
            assert result.ready, result.problems[:3]
            added = step("store (one transaction)", lambda: service.store(league, result, "paper score sheet"))
            again = step("preview again (every game already here)", lambda: service.preview(league, games, {}))
            assert service.store(league, again, "paper score sheet") == 0
            stored = db.session.scalar(select(func.count()).select_from(Game))
            hands = db.session.scalar(select(func.count()).select_from(HandScore))
            print(f"  stored {added} games ({stored} in the database, {hands:,} hands); the second import added none")
            db.session.add(LoginSession(user_id=1, token="bench-session"))
            db.session.commit()

        client = app.test_client()
        with client.session_transaction() as session:  # signed in as the owner, as Flask-Login keeps it
            session["_user_id"], session["_fresh"] = "1:bench-session", True

        def get(path: str) -> None:
            response = client.get(path)
            assert response.status_code == 200, (path, response.status_code)

        print()
        print("league pages after it (in-process; kept: the standings already computed, cold: cache cleared)")
        for label, path in (
            ("standings (latest year)", f"/leagues/{league_id}"),
            ("standings (all time)", f"/leagues/{league_id}?season=all"),
            ("player page (all time)", f"/leagues/{league_id}/players/1?season=all"),
            ("head-to-head (all time)", f"/leagues/{league_id}/head-to-head?season=all"),
        ):
            get(path)
            kept_cpu: list[float] = []
            cold_cpu: list[float] = []
            kept = timed(lambda path=path: get(path), args.repeat, kept_cpu)

            def cold(path: str = path) -> None:
                app.extensions.pop("league_standings", None)
                get(path)

            fresh = timed(cold, max(5, args.repeat // 5), cold_cpu)
            print(f"  {label:25} kept {ms(kept)}   CPU {ms(kept_cpu)}")
            print(f"  {'':25} cold {ms(fresh)}   CPU {ms(cold_cpu)}")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
