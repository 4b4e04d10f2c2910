"""Finished games sent to BG Stats: its export file's shape, with the winner, ranks and scores the app shows.

The games are a paper sheet brought into a league (two games, one a tie for
first); the file is compared with hand-written values.
"""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from companion.extensions import db
from companion.games import life
from companion.history import service
from companion.history.paper import read_sheet
from companion.leagues.service import add_member, create_league
from companion.models import Game

SHEET = """Game, 2024-12-25, Contract Rummy
Deal, Ann, Bob, Cat
1, 15, 0, 40
2, 0, 25, 5
3, 30, 10, 0
4, 0, 45, 20
5, 65, 0, 35
6, 20, 55, 0
7, 0, 40, 85
Game, 2025-01-01, Liverpool
Deal, Bob, Cat, Ann
1, 0, 10, 10
2, 10, 0, 0
3, 0, 5, 5
4, 5, 0, 5
5, 0, 5, 0
6, 5, 0, 0
7, 0, 0, -50
"""


@pytest.fixture
def league_id(no_csrf_app) -> int:
    with no_csrf_app.app_context():
        league = create_league("Family")
        for name in ("Ann", "Bob", "Cat"):
            add_member(league, life.find_or_add_player(name))
        db.session.commit()
        service.store(league, service.preview(league, read_sheet(SHEET), {}), "paper score sheet")
        return league.id


def test_a_league_is_sent_as_bgstats_plays_with_winners_and_scores(form_client, league_id) -> None:
    response = form_client.get(f"/leagues/{league_id}/bgstats.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert 'filename="family-bgstats.json"' in response.headers["Content-Disposition"]
    data = json.loads(response.get_data(as_text=True))
    assert [(g["id"], g["name"], g["highestWins"]) for g in data["games"]] == [
        (1, "Contract Rummy", False), (2, "Liverpool Rummy", False)]
    names = {p["id"]: p["name"] for p in data["players"]}
    assert sorted(names.values()) == ["Ann", "Bob", "Cat"]
    plays = [
        (play["gameRefId"], play["playDate"], play["rounds"],
         [(names[s["playerRefId"]], s["score"], s["winner"], s["rank"], s["seatOrder"], s["startPlayer"])
          for s in play["playerScores"]])
        for play in data["plays"]
    ]
    assert plays == [
        (1, "2024-12-25 20:00:00", 7, [("Ann", "130", True, 1, 0, True), ("Bob", "175", False, 2, 1, False),
                                        ("Cat", "185", False, 3, 2, False)]),
        # Bob 20, Cat 20 (a shared win), Ann 20 - 50 = -30 ... wins alone
        (2, "2025-01-01 20:00:01", 7, [("Bob", "20", False, 2, 0, True), ("Cat", "20", False, 2, 1, False),
                                        ("Ann", "-30", True, 1, 2, False)]),
    ]
    assert len({play["uuid"] for play in data["plays"]}) == 2
    # the same league sent again is the same file: BG Stats sees the same plays, not new ones
    assert json.loads(form_client.get(f"/leagues/{league_id}/bgstats.json").get_data(as_text=True)) == data


def test_one_finished_game_is_sent_and_a_game_in_progress_is_not(form_client, no_csrf_app, league_id, make_game) -> None:
    with no_csrf_app.app_context():
        game_id = db.session.scalars(select(Game.id).order_by(Game.created_at)).first()
    one = json.loads(form_client.get(f"/games/{game_id}/bgstats.json").get_data(as_text=True))
    assert len(one["plays"]) == 1 and [s["score"] for s in one["plays"][0]["playerScores"]] == ["130", "175", "185"]
    in_progress = make_game(["Ann", "Bob", "Cat"]).rsplit("/", 1)[-1]
    assert form_client.get(f"/games/{in_progress}/bgstats.json").status_code == 404
    assert form_client.get("/games/999999/bgstats.json").status_code == 404
