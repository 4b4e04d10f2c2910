"""Two phones ending a game at once, on a real server: how many races leave a game that disagrees with its hands.

``python bench/race_ends.py [--races 25]``; under ``scripts/with-postgres.sh``
PostgreSQL is raced too. gunicorn (3 workers, 2 threads each, loopback only)
serves a fresh database built by the migrations, as the race tests run it
(tests/test_concurrency.py); two signed-in phones post at the same moment
(connections open, released by a barrier). Each race has a game of its own:

- ``phase10``: Phase 10 after 9 hands in which Ann made every phase; one phone
  saves hand 10 (Ann makes her phase and goes out), the other corrects hand
  9 (Ben went out, Ann did not make her phase). Wrong: the game stored
  finished while Ann has made fewer than 10 phases (or going on with 10).
- ``contract``: Contract Rummy after 6 deals; one phone saves deal 7, the
  other corrects deal 3 (no "correct it anyway" box: its game was in play).
  Wrong: a finished game whose standings rows are not its stored totals.
- ``undo``: Contract Rummy after 6 deals; one phone saves deal 7, the other
  takes deal 6 back. Wrong: the stored deals are not 1, 2, ... with no gap,
  or the game's status is not what its deals make it.

What is stored is read straight from the tables. Prints, per database and
race, how many races of how many went wrong, and how the races ended.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import func, select  # noqa: E402
from werkzeug.security import generate_password_hash  # noqa: E402

from companion import create_app  # noqa: E402
from companion.extensions import db  # noqa: E402
from companion.games import life  # noqa: E402
from companion.models import DealResult, Game, GameResult, HandScore, User  # noqa: E402
from companion.registry import builtin  # noqa: E402
from tests.test_concurrency import PASSWORD, Phone, race, serving  # noqa: E402

PLAYERS = ("Ann", "Ben", "Cy")


def _phase10_hand(lines: dict[int, tuple[bool, int]], went_out: int, version: int | None = None) -> dict[str, str]:
    form = {"went_out": str(went_out), "confirm": "y", "version": "" if version is None else str(version)}
    for seat, (made, points) in lines.items():
        form[f"hands-{seat}-points"] = str(points)
        if made:
            form[f"hands-{seat}-made"] = "y"
    return form


def _contract_deal(out: int, points: tuple[int, int, int], version: int | None = None) -> dict[str, str]:
    form = {"went_out": str(out), "confirm": "y", "version": "" if version is None else str(version)}
    for seat, value in enumerate(points):
        form[f"hands-{seat}-cards"] = ""
        form[f"hands-{seat}-points"] = "" if seat == out else str(value)
    return form


ANN_GOES_OUT = _phase10_hand({0: (True, 0), 1: (False, 50), 2: (False, 60)}, 0)
HAND_9_CORRECTED = _phase10_hand({0: (False, 25), 1: (True, 0), 2: (False, 30)}, 1, version=1)
ANN_OUT_DEAL = _contract_deal(0, (0, 10, 20))


class Race:
    """One kind of race: the game it starts from, the two requests, and whether what is stored went wrong."""

    def __init__(self, ruleset: str, played: int, before: dict[str, str],
                 requests: Callable[[int], list[tuple[str, str, dict[str, str], dict[str, str]]]],
                 wrong: Callable[[dict], bool]) -> None:
        self.ruleset, self.played, self.before, self.requests, self.wrong = ruleset, played, before, requests, wrong


def _phase10_wrong(found: dict) -> bool:
    return (found["status"] == "finished") != (found["made"].get(0, 0) == 10)


def _contract_wrong(found: dict) -> bool:
    if found["status"] != "finished":
        return True  # deal 7 is saved in every ending
    return [(p, t) for p, t in found["results"]] != sorted(found["totals"].items())


def _undo_wrong(found: dict) -> bool:
    deals = found["deals"]
    return deals != list(range(1, len(deals) + 1)) or (found["status"] == "finished") != (len(deals) == 7)


RACES = {
    "phase10": Race("phase10", 9, ANN_GOES_OUT, lambda g: [
        ("POST", f"/games/{g}/deals/10", ANN_GOES_OUT, {}),
        ("POST", f"/games/{g}/deals/9", HAND_9_CORRECTED, {}),
    ], _phase10_wrong),
    "contract": Race("contract", 6, ANN_OUT_DEAL, lambda g: [
        ("POST", f"/games/{g}/deals/7", ANN_OUT_DEAL, {}),
        ("POST", f"/games/{g}/deals/3", _contract_deal(2, (70, 80, 0), version=1), {}),
    ], _contract_wrong),
    "undo": Race("contract", 6, ANN_OUT_DEAL, lambda g: [
        ("POST", f"/games/{g}/deals/7", ANN_OUT_DEAL, {}),
        ("POST", f"/games/{g}/undo", {"deal": "6", "sure": "y"}, {}),
    ], _undo_wrong),
}


def _stored(app, game_id: int) -> dict:
    with app.app_context():
        by_deal = select(DealResult.id).where(DealResult.game_id == game_id)
        made = db.session.execute(
            select(HandScore.position, func.count()).where(HandScore.deal_id.in_(by_deal), HandScore.made)
            .group_by(HandScore.position)
        ).all()
        totals = db.session.execute(
            select(HandScore.position, func.sum(HandScore.points + HandScore.adjustment))
            .where(HandScore.deal_id.in_(by_deal)).group_by(HandScore.position)
        ).all()
        found = {
            "status": db.session.get(Game, game_id).status,
            "deals": list(db.session.scalars(
                select(DealResult.number).where(DealResult.game_id == game_id).order_by(DealResult.number))),
            "made": dict(made),
            "totals": {p: int(t) for p, t in totals},
            "results": [tuple(r) for r in db.session.execute(
                select(GameResult.position, GameResult.total).where(GameResult.game_id == game_id)
                .order_by(GameResult.position))],
        }
        db.session.remove()
        return found


def _accounts(app) -> None:
    with app.app_context():
        password = generate_password_hash(PASSWORD)
        for name in ("Owner", "Ann", "Bob"):
            db.session.add(User(username=name, username_key=User.key_for(name), password_hash=password,
                                is_owner=name == "Owner"))
        db.session.commit()


def _games(app, kind: Race, count: int, phone: Phone) -> list[int]:
    with app.app_context():
        players = [life.find_or_add_player(name) for name in PLAYERS]
        ids = [life.start_game(builtin(kind.ruleset), players, 0).id for _ in range(count)]
        db.session.remove()
    for game_id in ids:
        for number in range(1, kind.played + 1):
            answer = phone.send("POST", f"/games/{game_id}/deals/{number}", kind.before)
            assert answer.status == 303, answer.body[:2000]
    return ids


def run(database: str, races: int) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-race-ends-") as folder, serving(database, Path(folder)) as server:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": server.url})
        _accounts(app)
        phones = [Phone(server.port, name) for name in ("Ann", "Bob")]
        for phone in phones:
            phone.sign_in()
            phone.open("/games/new")  # its CSRF token
        for name, kind in RACES.items():
            wrong, endings = 0, Counter()
            for game_id in _games(app, kind, races, phones[0]):
                answers = race(phones, kind.requests(game_id))
                endings[tuple(answer.status for answer in answers)] += 1
                wrong += kind.wrong(_stored(app, game_id))
            print(f"{database:10} {name:8} {wrong:3} of {races} races wrong   answers: {dict(endings)}", flush=True)
        with app.app_context():
            db.engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=25)
    args = parser.parse_args()
    for database in ("sqlite", "postgresql") if os.environ.get("TEST_DATABASE_URL") else ("sqlite",):
        run(database, args.races)


if __name__ == "__main__":
    main()
