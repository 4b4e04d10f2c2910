"""Offline syncs and new games racing on a real multi-worker server, SQLite and PostgreSQL.

An attack found three races the one-phone tests could not see:

- 30 identical syncs of an unrecorded deal: 1 saved, 11 "already" and 18
  identical "conflict" offers (27 choice blocks on the game page); on
  PostgreSQL 3 offers where 1 is right. Now: 1 saved, the rest "already".
- Phones racing with the same entry that differs from the recorded one:
  one offer for the table, however many send it.
- 40 new games at once sharing one new name: 30 refused on PostgreSQL,
  blaming names nobody else used. Now every game starts, with one player of
  that name.

The server fixture (tests/test_concurrency.py) fails a test on any
traceback in the server's log.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from sqlalchemy import func, select

from companion.extensions import db
from companion.models import Change, DealResult, Game, Player
from tests.test_concurrency import DATABASES, Phone, _new_games, race
from tests import test_concurrency

# the real server on a database built by the migrations, and the app in this process on that database
server = test_concurrency.server
app = test_concurrency.app

JSON = {"Accept": "application/json"}
SYNCS = 30
NEW_GAMES = 40


def _sync_form(went_out: int, cards: dict[int, str]) -> dict[str, str]:
    form = {"went_out": str(went_out), "version": ""}
    for seat in range(4):
        form[f"hands-{seat}-cards"] = cards.get(seat, "")
        form[f"hands-{seat}-points"] = ""
    return form


def _phones(server, count: int, page: str) -> list[Phone]:
    phones = []
    for index in range(count):
        phone = Phone(server.port, ("Ann", "Bob")[index % 2])
        phone.sign_in()
        phone.open(page)  # its CSRF token
        phones.append(phone)
    return phones


def _actions(app, game_id: int) -> list[str]:
    with app.app_context():
        found = list(db.session.scalars(select(Change.action).where(Change.game_id == game_id).order_by(Change.id)))
        db.session.remove()
        return found


@pytest.mark.parametrize("server", DATABASES, indirect=True)
def test_thirty_identical_syncs_of_a_deal_save_it_once_and_offer_nothing(server, app):
    (game_id,) = _new_games(app, "contract", 1)
    phones = _phones(server, SYNCS, f"/games/{game_id}")
    path = f"/games/{game_id}/deals/1/sync"
    form = _sync_form(0, {1: "K Q", 2: "7", 3: "JK"})
    answers = race(phones, [("POST", path, form, JSON)] * SYNCS)
    assert all(answer.status == 200 for answer in answers), [(a.status, a.body[:300]) for a in answers]
    statuses = Counter(json.loads(answer.body)["status"] for answer in answers)
    assert statuses == {"saved": 1, "already": SYNCS - 1}, statuses
    assert _actions(app, game_id) == ["started", "entered"]
    page = phones[0].open(f"/games/{game_id}")
    assert 'class="offer' not in page


@pytest.mark.parametrize("server", DATABASES, indirect=True)
def test_phones_racing_with_the_same_other_entry_leave_one_offer(server, app):
    (game_id,) = _new_games(app, "contract", 1)
    phones = _phones(server, SYNCS // 2, f"/games/{game_id}")
    path = f"/games/{game_id}/deals/1/sync"
    first = phones[0].send("POST", path, _sync_form(0, {1: "K Q", 2: "3", 3: "4"}), headers=JSON)
    assert first.status == 200 and '"saved"' in first.body
    other = _sync_form(1, {0: "A", 2: "7", 3: "3"})
    answers = race(phones, [("POST", path, other, JSON)] * len(phones))
    assert all(answer.status == 200 and '"conflict"' in answer.body for answer in answers), [a.body[:300] for a in answers]
    assert _actions(app, game_id) == ["started", "entered", "offered"]
    with app.app_context():
        deal = db.session.scalar(select(DealResult).where(DealResult.game_id == game_id))
        assert deal.went_out == 0  # the first entry counts until the table chooses
        db.session.remove()


@pytest.mark.parametrize("server", DATABASES, indirect=True)
def test_forty_new_games_sharing_one_new_name_all_start(server, app):
    phones = _phones(server, NEW_GAMES, "/games/new")
    requests = []
    for index in range(NEW_GAMES):
        form = {"ruleset": "contract", "first_dealer": "0", "seats-0-new_name": "Shared",
                "seats-1-new_name": f"P{index}a", "seats-2-new_name": f"P{index}b"}
        requests.append(("POST", "/games/new", form, {}))
    answers = race(phones, requests)
    refused = [answer.body[:500] for answer in answers if answer.status != 303]
    assert not refused, refused
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == NEW_GAMES
        assert db.session.scalar(select(func.count()).select_from(Player).where(Player.name_key == "shared")) == 1
        assert db.session.scalar(select(func.count()).select_from(Player)) == 1 + 2 * NEW_GAMES
        db.session.remove()
