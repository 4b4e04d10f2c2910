"""How long a league backup takes to restore: a 3 MB and a 15 MB file (``python bench/restore.py``).

Builds a league of finished games straight into a fresh SQLite database (as
bench/league.py does: several rulesets, 3 to 5 players a table, typed
points), writes its backup with the app's own exporter, then restores it
into another fresh database with the app's importer (every check included),
and prints the file's size, the wall and CPU seconds of the restore, and the
games per second. ``--sizes 3,15`` chooses the sizes in MB, ``--players 12,5000`` the players (a
family, and a file of many names: each name is looked up once).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from sqlalchemy import insert  # noqa: E402

from companion import create_app  # noqa: E402
from companion.extensions import db  # noqa: E402
from companion.leagues.exports import league_backup  # noqa: E402
from companion.leagues.imports import import_league_backup  # noqa: E402
from companion.models import League, Player  # noqa: E402
from league import Ids, build_league  # noqa: E402



def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def fresh_app(path: Path):
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        db.create_all()
    return app


def backup_of_games(workdir: Path, games: int, players: int) -> dict:
    """The backup of a league of ``games`` finished games among ``players`` players."""
    app = fresh_app(workdir / f"source-{games}-{players}.sqlite")
    names = [f"Player {number}" for number in range(1, players + 1)]
    with app.app_context():
        db.session.execute(insert(Player), [{"id": i + 1, "name": n, "name_key": n.casefold()} for i, n in enumerate(names)])
        ids = Ids()
        ids.next["player"] = len(names)
        league_id = build_league("Family", games, list(range(1, len(names) + 1)), random.Random(games), ids)
        data = league_backup(db.session.get(League, league_id))
        db.session.remove()
        db.engine.dispose()
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="3,15", help="backup sizes in MB, comma-separated")
    parser.add_argument("--players", default="12,5000", help="players in the league (a family; a file of many names)")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="companion-restore-bench-"))
    try:
        probe = backup_of_games(workdir, 200, 12)
        per_game = len(json.dumps(probe).encode()) / 200
        cases = [(float(s), int(p)) for p in args.players.split(",") for s in args.sizes.split(",")]
        for size, players in cases:
            games = max(1, round(size * 1024 * 1024 / per_game))
            data = backup_of_games(workdir, games, players)
            text = json.dumps(data)
            target = fresh_app(workdir / f"target-{games}-{players}.sqlite")
            with target.app_context():
                started, cpu = time.perf_counter(), cpu_seconds()
                import_league_backup(json.loads(text))
                wall, used = time.perf_counter() - started, cpu_seconds() - cpu
                db.session.remove()
                db.engine.dispose()
            print(f"{len(text.encode()) / 1024 / 1024:5.1f} MB backup, {games:,} games, {players:,} players: restored in {wall:.1f} s "
                  f"({used:.1f} s CPU), {games / wall:,.0f} games/s")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
