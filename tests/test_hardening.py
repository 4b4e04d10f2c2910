"""Regression tests of the hostile test's findings (issue 10), one section per finding.

Each test failed before its fix. A refused request must leave every row of
every table as it was (``snapshot``), and answer a sentence, never a 500.
"""

from __future__ import annotations

import json

import pytest
from pages import parse
from sqlalchemy import create_engine, delete, func, select

from companion.extensions import db
from companion.games import service
from companion.leagues.exports import league_backup
from companion.leagues.imports import import_league_backup
from companion.models import DealResult, Game, League

CONTRACT3 = ("Ann", "Bob", "Cat")


def snapshot(app) -> dict[str, list[tuple]]:
    """Every row of every table, in key order."""
    with app.app_context():
        tables = {}
        for table in db.metadata.sorted_tables:
            order = list(table.primary_key.columns) or list(table.columns)
            tables[table.name] = [tuple(row) for row in db.session.execute(select(table).order_by(*order))]
        return tables


def flashes(client, url) -> list[str]:
    return [p.text for p in parse(client.get(url).get_data(as_text=True)).find_all(cls="flash")]


def save(client, url, number, went_out=0, cards=("", "K", "5")):
    data = {"went_out": str(went_out), "confirm": "y"}
    for position, text in enumerate(cards):
        data[f"hands-{position}-cards"] = text
    response = client.post(f"{url}/deals/{number}", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)


def game_id(url: str) -> int:
    return int(url.rstrip("/").rsplit("/", 1)[1])


# ---------------------------------------------------------------------------
# 1. Two undos at once (or a double tap) took back two deals


def test_a_double_tapped_undo_takes_back_one_deal_and_says_so(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    for number in (1, 2, 3):
        save(form_client, url, number)
    assert form_client.post(f"{url}/undo", data={"sure": "y", "deal": "3"}).status_code == 303
    assert form_client.post(f"{url}/undo", data={"sure": "y", "deal": "3"}).status_code == 303
    assert "Deal 3 was already undone." in flashes(form_client, url)
    with no_csrf_app.app_context():
        assert [d.number for d in db.session.get(Game, game_id(url)).deals] == [1, 2]


def test_an_undo_racing_another_is_told_the_deal_was_already_undone(make_game, form_client, no_csrf_app):
    """The second of two racing undos read the deal before the first removed it: its delete finds nothing."""
    url = make_game(CONTRACT3)
    for number in (1, 2):
        save(form_client, url, number)
    with no_csrf_app.app_context():
        game = db.session.get(Game, game_id(url))
        assert [d.number for d in game.deals] == [1, 2]  # read, as the racing request did
        other = create_engine(no_csrf_app.config["SQLALCHEMY_DATABASE_URI"])
        with other.begin() as connection:  # the other phone's undo commits first
            connection.execute(delete(DealResult).where(DealResult.game_id == game.id, DealResult.number == 2))
        other.dispose()
        with pytest.raises(service.GameError, match="Deal 2 was already undone."):
            service.undo_last_deal(game, 2)
        db.session.expire_all()
        assert db.session.scalar(select(func.count()).select_from(DealResult)) == 1


# ---------------------------------------------------------------------------
# 6 and 8. Names: NUL, control, bidi and zero-width characters, keys that outgrow their column;
# the forms and the league importer refuse alike


BAD_NAMES = ["Ann\x00", "Ann\u202eevil", "An\u200bn", "ß" * 40, "A\u0007"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_new_players_name_with_hidden_characters_is_refused_beside_the_field(form_client, no_csrf_app, name):
    before = snapshot(no_csrf_app)
    data = {"ruleset": "contract", "first_dealer": "0", "seats-0-new_name": name, "seats-1-new_name": "Bob",
            "seats-2-new_name": "Cat"}
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    error = parse(response.get_data(as_text=True)).find("input", id="seats-0-new_name").parent.find(cls="error")
    assert error is not None and ("character" in error.text or "at most 40 letters" in error.text)
    assert snapshot(no_csrf_app) == before


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_league_name_and_a_roster_name_with_hidden_characters_are_refused(form_client, no_csrf_app, name):
    before = snapshot(no_csrf_app)
    assert form_client.post("/leagues/", data={"name": name}).status_code == 422
    assert snapshot(no_csrf_app) == before
    league = form_client.post("/leagues/", data={"name": "Family"}).headers["Location"]
    before = snapshot(no_csrf_app)
    form_client.post(f"{league}/members", data={"new_name": name})
    assert snapshot(no_csrf_app) == before


def test_whatever_a_form_stores_a_league_backup_imports_back(make_game, form_client, no_csrf_app):
    """Finding 8: names the forms took were refused by the importer; now both use one check."""
    league = form_client.post("/leagues/", data={"name": "Ünïcode Fämily"}).headers["Location"]
    league_id = game_id(league)
    names = ("Zoë", "José María", "李")
    data = {"ruleset": "contract", "first_dealer": "0", "league": str(league_id)}
    data.update({f"seats-{i}-new_name": name for i, name in enumerate(names)})
    assert form_client.post("/games/new", data=data).status_code == 303
    with no_csrf_app.app_context():
        backup = league_backup(db.session.get(League, league_id))
        backup["league"]["name"] = "Another Family"
        from companion.leagues.exports import checksum

        backup["checksum"] = checksum(backup)
        imported = import_league_backup(json.loads(json.dumps(backup)))
        assert sorted(p.name for p in imported.members) == sorted(names)


@pytest.mark.parametrize("name", BAD_NAMES)
def test_the_importer_refuses_the_names_the_forms_refuse(make_game, form_client, no_csrf_app, name):
    from companion.leagues.exports import checksum
    from companion.leagues.imports import BackupError

    league = form_client.post("/leagues/", data={"name": "Family"}).headers["Location"]
    with no_csrf_app.app_context():
        backup = league_backup(db.session.get(League, game_id(league)))
        backup["league"]["name"] = name
        backup["checksum"] = checksum(backup)
        with pytest.raises(BackupError, match="character|at most"):
            import_league_backup(backup)
