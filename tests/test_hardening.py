"""Regression tests of the hostile test's findings (issue 10), one section per finding.

Each test failed before its fix. A refused request must leave every row of
every table as it was (``snapshot``), and answer a sentence, never a 500.
"""

from __future__ import annotations

import html

import datetime as dt
import json

import pytest
from pages import parse
from sqlalchemy import create_engine, delete, func, insert, select

from companion.extensions import db
from companion.games import deal_entry, errors, life
from companion.rules.deal_score import LineEntry
from companion.leagues.exports import league_backup
from companion.leagues.imports import import_league_backup
from companion.models import DealResult, Game, League, Player
from conftest import stored_rows

CONTRACT3 = ("Ann", "Bob", "Cat")


snapshot = stored_rows


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
        with pytest.raises(errors.GameError, match="Deal 2 was already undone."):
            deal_entry.undo_last_deal(game, 2)
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


# ---------------------------------------------------------------------------
# 7. Races on unique names: the other phone's row lands just before this request writes


@pytest.fixture
def racing(no_csrf_app):
    """``racing(table, **values)``: another phone inserts that row just before this request's first write."""
    import sqlalchemy.orm
    from sqlalchemy import event, insert

    armed = []

    def before_flush(session, *_):
        if armed:
            table, values = armed.pop()
            other = create_engine(no_csrf_app.config["SQLALCHEMY_DATABASE_URI"])
            with other.begin() as connection:
                connection.execute(insert(table).values(**values))
            other.dispose()

    event.listen(sqlalchemy.orm.Session, "before_flush", before_flush)
    yield lambda table, **values: armed.append((table, values))
    event.remove(sqlalchemy.orm.Session, "before_flush", before_flush)


def test_a_new_player_named_at_once_in_two_games_is_seated_in_both(form_client, no_csrf_app, racing):
    """A name another phone adds at the same moment is that player: the game starts with them, not a refusal.

    Forty phones starting games with one shared new name once got thirty refusals blaming names nobody
    else used ("The name Shared2, P2a and P2b was just taken").
    """
    racing(Player.__table__, name="Zed", name_key="zed", created_at=dt.datetime(2026, 1, 1))
    data = {"ruleset": "contract", "first_dealer": "0", "seats-0-new_name": "Zed", "seats-1-new_name": "Bob",
            "seats-2-new_name": "Cat"}
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 303
    with no_csrf_app.app_context():
        zeds = db.session.scalars(select(Player).where(Player.name_key == "zed")).all()
        game = db.session.scalars(select(Game).order_by(Game.id.desc())).first()
        assert len(zeds) == 1
        assert [seat.player.name for seat in game.seats] == ["Zed", "Bob", "Cat"]
        assert game.seats[0].player_id == zeds[0].id


@pytest.mark.parametrize(
    ("known", "sentence"),
    [
        (["Bob", "Cat"], "The name Zed was just taken on another phone: tap Start again to seat that player."),
        (["Zed", "Bob", "Cat"], "The name of a player was just taken on another phone: tap Start again to seat that player."),
        # Bob and Cat are new on this phone too: only Zed was taken, and neither of them is stored
        ([], "The name Zed was just taken on another phone: tap Start again to seat that player."),
    ],
)
def test_a_game_refused_at_every_try_names_the_new_names_now_taken(form_client, no_csrf_app, monkeypatch, known, sentence):
    """Every try of the insert refused: no game, and beside the seats a sentence naming the new players' names
    another phone stored meanwhile (Zed, at the first try), or no name when every player was already known."""
    from sqlalchemy.exc import IntegrityError

    with no_csrf_app.app_context():
        for name in known:
            life.find_or_add_player(name)
        db.session.commit()
    tries = []

    def refused(*_args):
        if not tries and "Zed" not in known:
            other = create_engine(no_csrf_app.config["SQLALCHEMY_DATABASE_URI"])
            with other.begin() as connection:
                connection.execute(insert(Player).values(name="Zed", name_key="zed", created_at=dt.datetime(2026, 1, 1)))
            other.dispose()
        tries.append(1)
        raise IntegrityError("INSERT INTO game", {}, Exception("UNIQUE constraint failed"))

    monkeypatch.setattr(life, "_insert_game", refused)
    data = {"ruleset": "contract", "first_dealer": "0", "seats-0-new_name": "Zed", "seats-1-new_name": "Bob",
            "seats-2-new_name": "Cat"}
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    assert len(tries) == life._START_TRIES
    assert parse(response.get_data(as_text=True)).find(id="seats-error").text == sentence
    with no_csrf_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 0
        assert sorted(db.session.scalars(select(Player.name))) == sorted({*known, "Zed"})


def test_a_league_named_at_once_on_two_phones_is_a_sentence_not_a_500(form_client, no_csrf_app, racing):
    racing(League.__table__, name="Family", name_key="family", created_at=dt.datetime(2026, 1, 1), revision=1)
    response = form_client.post("/leagues/", data={"name": "Family"})
    assert response.status_code == 422
    assert "There is already a league called “Family”." in response.get_data(as_text=True)


def test_a_roster_add_made_at_once_on_two_phones_is_a_sentence_not_a_500(form_client, no_csrf_app, racing):
    from companion.models import league_member

    league = form_client.post("/leagues/", data={"name": "Family"}).headers["Location"]
    with no_csrf_app.app_context():
        player = life.find_or_add_player("Ann")
        db.session.commit()
        player_id = player.id
    racing(league_member, league_id=game_id(league), player_id=player_id)
    response = form_client.post(f"{league}/members", data={"player": str(player_id)})
    assert response.status_code == 303
    assert "Ann was just added on another phone" in " ".join(flashes(form_client, league))


def test_one_username_chosen_on_two_invitations_at_once_is_a_sentence_not_a_500(no_csrf_app, racing):
    from companion.auth import service as accounts
    from companion.models import Invite, User

    with no_csrf_app.app_context():
        owner = db.session.get(User, no_csrf_app.config["OWNER_ID"])
        token = accounts.create_invite(owner).token
    racing(User.__table__, username="Kim", username_key="kim", password_hash="x", is_owner=False,
           created_at=dt.datetime(2026, 1, 1))
    response = no_csrf_app.test_client().post(f"/invite/{token}", data={"username": "Kim", "password": "a-long-password"})
    assert response.status_code == 422
    assert "The name “Kim” is taken: choose another." in response.get_data(as_text=True)
    with no_csrf_app.app_context():
        assert db.session.scalar(select(Invite.used_at)) is None


# ---------------------------------------------------------------------------
# 5 and 14. Numbers out of range: 404s and sentences, never a 500 or Python's own words


HUGE = ["99999999999999999999", str(2**31), str(2**63), "9" * 5000]


@pytest.mark.parametrize("number", HUGE)
def test_ids_out_of_range_in_paths_are_not_found(make_game, form_client, anon_client, number):
    make_game(CONTRACT3)
    for client in (form_client, anon_client):
        for path in (f"/games/{number}", f"/games/{number}/rules", f"/leagues/{number}", f"/watch/l/x/players/{number}",
                     f"/games/1/deals/{number}"):
            assert client.get(path).status_code == 404, path


@pytest.mark.parametrize("number", HUGE)
def test_ids_out_of_range_in_queries_and_fields_are_sentences(make_game, form_client, no_csrf_app, number):
    url = make_game(CONTRACT3)
    assert form_client.get(f"/check?game={number}").status_code == 404
    assert form_client.get(f"/games/new?league={number}").status_code == 200
    before = snapshot(no_csrf_app)
    response = form_client.post("/games/new", data={"ruleset": "contract", "first_dealer": "0", "league": number,
                                                    "seats-0-player": number, "seats-1-new_name": "Bob"})
    assert response.status_code == 422
    response = form_client.post(f"{url}/deals/1", data={"went_out": number, "hands-1-points": number, "version": number})
    assert response.status_code == 422
    assert form_client.post(f"{url}/undo", data={"sure": "y", "deal": number}).status_code == 303
    assert snapshot(no_csrf_app) == before


@pytest.mark.parametrize("typed", ["--5", "9" * 5000, "1e3", "٣"])
def test_points_that_are_not_a_number_get_a_sentence_without_pythons_words(make_game, form_client, typed):
    url = make_game(CONTRACT3)
    response = form_client.post(f"{url}/deals/1", data={"went_out": "0", "hands-0-cards": "", "hands-1-points": typed,
                                                       "hands-2-cards": "K"})
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert "is not a number of points: type a whole number, like 25." in text
    assert "invalid literal" not in text and "Exceeds the limit" not in text


# ---------------------------------------------------------------------------
# 2 and 6. Sizes: posts, boxes of cards, hands of cards and form entries are bounded


def test_a_huge_post_is_refused_before_it_is_read(anon_client, form_client):
    for client in (anon_client, form_client):
        response = client.post("/check", data={"melds": "5S " * 400_000})
        assert response.status_code == 413
        assert "Traceback" not in response.get_data(as_text=True)


def test_a_long_box_of_melds_is_a_sentence_not_seconds_of_work(no_csrf_app):
    response = no_csrf_app.test_client().post("/check", data={"melds": "5S 6S 7S " * 5000})
    assert response.status_code == 422
    assert len(response.get_data()) < 200_000
    assert "more cards than a table holds" in response.get_data(as_text=True)


def test_a_helper_hand_of_too_many_cards_is_a_sentence(anon_client):
    response = anon_client.get("/helper", query_string={"hand": "5S " * 25})
    assert response.status_code == 422
    assert "A hand holds at most 24 cards; this one has 25." in response.get_data(as_text=True)


@pytest.mark.parametrize(("cards", "words"), [("JK " * 60, "a hand is at most 50 cards"),
                                              ("JK " * 67, "A hand is at most 200 characters.")])
def test_a_saved_anyway_hand_of_too_many_cards_is_refused_not_stored(make_game, form_client, no_csrf_app, cards, words):
    url = make_game(CONTRACT3)
    before = snapshot(no_csrf_app)
    response = form_client.post(f"{url}/deals/1", data={"went_out": "0", "hands-0-cards": "", "hands-1-cards": cards,
                                                        "hands-2-cards": "K", "confirm": "y"})
    assert response.status_code == 422
    assert words in response.get_data(as_text=True)
    assert snapshot(no_csrf_app) == before


def test_thousands_of_hand_fields_are_not_all_read(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    data = {f"hands-{i}-cards": "K" for i in range(3000)}
    data.update({"went_out": "0"})
    response = form_client.post(f"{url}/deals/1", data=data)
    assert response.status_code in (413, 422)


# ---------------------------------------------------------------------------
# 11. A deal saved into a game abandoned on another phone meanwhile


def test_a_deal_saved_as_the_game_is_abandoned_elsewhere_is_refused(make_game, form_client, no_csrf_app):
    from companion.models import GameStatus

    url = make_game(CONTRACT3)
    with no_csrf_app.app_context():
        game = db.session.get(Game, game_id(url))
        entries = [LineEntry(position=0), LineEntry(position=1, cards="K"),
                   LineEntry(position=2, cards="5")]
        judgement = deal_entry.judge_entry(game, 1, "0", entries)
        assert game.game_status is GameStatus.IN_PROGRESS  # read, as the saving request did
        other = create_engine(no_csrf_app.config["SQLALCHEMY_DATABASE_URI"])
        with other.begin() as connection:  # the other phone's abandon commits first
            connection.execute(Game.__table__.update().where(Game.id == game.id).values(status="abandoned"))
        other.dispose()
        with pytest.raises(errors.GameError, match="abandoned"):
            deal_entry.save_deal(game, 1, judgement)
        db.session.expire_all()
        assert db.session.scalar(select(func.count()).select_from(DealResult)) == 0


# ---------------------------------------------------------------------------
# 4. Signing out ends the session on the server; password change, phones, account removal


def _sign_in_over_the_form(app, name="Owner", password="owner-password-123"):
    client = app.test_client()
    response = client.post("/login", data={"username": name, "password": password})
    assert response.status_code == 303, response.get_data(as_text=True)
    return client


def _cookies(client) -> dict[str, str]:
    return {name: client.get_cookie(name).value for name in ("session", "remember_token") if client.get_cookie(name)}


def test_a_session_or_remember_cookie_kept_from_before_signing_out_opens_nothing(no_csrf_app):
    client = _sign_in_over_the_form(no_csrf_app)
    kept = _cookies(client)
    assert set(kept) == {"session", "remember_token"}
    assert client.post("/logout", data={}).status_code == 303
    for name, value in kept.items():  # a copied cookie, replayed alone
        thief = no_csrf_app.test_client()
        thief.set_cookie(name, value)
        assert thief.get("/account").status_code == 302, name


def test_a_password_change_signs_out_every_other_phone(no_csrf_app):
    phone = _sign_in_over_the_form(no_csrf_app)
    other = _sign_in_over_the_form(no_csrf_app)
    response = phone.post("/account/password", data={"current": "wrong", "new": "a-new-password-456"})
    assert response.status_code == 422 and "That is not your current password." in response.get_data(as_text=True)
    response = phone.post("/account/password", data={"current": "owner-password-123", "new": "a-new-password-456"})
    assert response.status_code == 303
    assert phone.get("/account").status_code == 200
    assert other.get("/account").status_code == 302
    _sign_in_over_the_form(no_csrf_app, password="a-new-password-456")


def test_a_phone_is_signed_out_from_another_in_the_list(no_csrf_app):
    from companion.models import LoginSession

    phone = _sign_in_over_the_form(no_csrf_app)
    lost = _sign_in_over_the_form(no_csrf_app)
    with no_csrf_app.app_context():
        ids = list(db.session.scalars(select(LoginSession.id).order_by(LoginSession.id)))
    page = phone.get("/account").get_data(as_text=True)
    assert "Signed-in phones" in page and "this phone" in page
    assert phone.post(f"/account/sessions/{ids[-1]}/revoke", data={}).status_code == 303
    assert lost.get("/account").status_code == 302
    assert phone.get("/account").status_code == 200


def test_the_owner_removes_an_account_and_its_phones_are_signed_out(no_csrf_app, make_game, form_client):
    from companion.auth import service as accounts
    from companion.models import User

    with no_csrf_app.app_context():
        owner = db.session.get(User, no_csrf_app.config["OWNER_ID"])
        token = accounts.create_invite(owner).token
    kim = no_csrf_app.test_client()
    assert kim.post(f"/invite/{token}", data={"username": "Kim", "password": "kims-password-1"}).status_code == 303
    url = make_game(CONTRACT3)
    save(kim, url, 1)
    with no_csrf_app.app_context():
        kim_id = db.session.scalar(select(User.id).where(User.username_key == "kim"))
    # without the tick nothing is removed (a slipped thumb on the red button)
    refused = form_client.post(f"/account/users/{kim_id}/remove", data={}, follow_redirects=True)
    assert "Tick “Yes, remove it” to remove Kim's account: nothing was removed." in html.unescape(refused.get_data(as_text=True))
    with no_csrf_app.app_context():
        assert db.session.get(User, kim_id) is not None
    assert form_client.post(f"/account/users/{kim_id}/remove", data={"sure": "y"}).status_code == 303
    assert kim.get("/account").status_code == 302
    with no_csrf_app.app_context():
        assert db.session.get(User, kim_id) is None
        assert [d.recorded_by_id for d in db.session.get(Game, game_id(url)).deals] == [None]  # the deal stays
    assert form_client.post(f"/account/users/{no_csrf_app.config['OWNER_ID']}/remove", data={"sure": "y"}).status_code == 303
    with no_csrf_app.app_context():
        assert db.session.get(User, no_csrf_app.config["OWNER_ID"]) is not None


# ---------------------------------------------------------------------------
# 13. Invitations expire and can be revoked; backups and the database file are the owner's only


def test_an_invitation_expires_after_seven_days(no_csrf_app):
    from companion.auth import service as accounts
    from companion.models import Invite, User

    with no_csrf_app.app_context():
        owner = db.session.get(User, no_csrf_app.config["OWNER_ID"])
        invite = accounts.create_invite(owner)
        token = invite.token
        invite.created_at = invite.created_at - dt.timedelta(days=7, minutes=1)
        db.session.commit()
    response = no_csrf_app.test_client().get(f"/invite/{token}")
    assert response.status_code == 404
    assert "This invitation link is not valid any more: ask for a new one." in response.get_data(as_text=True)
    with no_csrf_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Invite)) == 1


def test_the_owner_revokes_an_invitation_and_its_link_stops_working(no_csrf_app, form_client):
    from companion.models import Invite

    page = form_client.post("/account/invites", data={"invite_player": ""}).get_data(as_text=True)
    link = parse(page).find("input", **{"aria-label": "Invitation link"}).attrs["value"]
    path = "/" + link.split("/", 3)[3]
    assert no_csrf_app.test_client().get(path).status_code == 200
    assert "Revoke this link" in form_client.get("/account").get_data(as_text=True)
    with no_csrf_app.app_context():
        invite_id = db.session.scalar(select(Invite.id))
    assert form_client.post(f"/account/invites/{invite_id}/revoke", data={}).status_code == 303
    assert no_csrf_app.test_client().get(path).status_code == 404


def test_a_backup_and_a_new_database_file_are_readable_by_their_owner_only(no_csrf_app, tmp_path, monkeypatch):
    import os
    import stat

    from companion import create_app
    from companion.dbbackup import write_backup

    monkeypatch.setattr(os, "umask", os.umask)  # the test's umask is the usual 022
    previous = os.umask(0o022)
    try:
        target = tmp_path / "backup.json"
        with no_csrf_app.app_context():
            write_backup(db.engine, target)
        assert stat.S_IMODE(target.stat().st_mode) == 0o600
        fresh = tmp_path / "fresh" / "companion.sqlite"
        app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{fresh}"})
        with app.app_context():
            db.create_all()
            db.engine.dispose()
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o600
    finally:
        os.umask(previous)


# ---------------------------------------------------------------------------
# 12. `flask restore` checks types and foreign keys in its transaction and rebuilds derived rows


@pytest.fixture
def backup_and_target(make_game, form_client, no_csrf_app, tmp_path):
    from companion import create_app
    from companion.dbbackup import dump

    url = make_game(CONTRACT3)
    for number in range(1, 8):  # the whole game: it has results in the standings' summary
        save(form_client, url, number)
    with no_csrf_app.app_context():
        data = dump(db.engine)
    target = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'to.sqlite'}"})
    with target.app_context():
        db.create_all()
    yield data, target
    with target.app_context():
        db.engine.dispose()


def _first(data, table, **match):
    return next(row for row in data["tables"][table] if all(row[k] == v for k, v in match.items()))


@pytest.mark.parametrize(
    ("tamper", "words"),
    [
        (lambda d: _first(d, "seat", position=0).update(game_id=999), "name a game by game_id that the backup doesn't hold"),
        (lambda d: _first(d, "deal_result", number=1).update(number="abc"), "number 'abc' is not a whole number"),
        (lambda d: _first(d, "user").update(is_owner="false"), "is_owner 'false' is not true or false"),
        (lambda d: _first(d, "player").update(name="x" * 41), "name is longer than 40 characters"),
        (lambda d: _first(d, "player").update(name="A\x00"), "holds a character no database stores"),
        (lambda d: _first(d, "game").update(first_dealer=2**40), "is not a whole number a table holds"),
    ],
    ids=["orphan", "text-in-integer", "text-for-boolean", "too-long", "nul", "huge"],
)
def test_a_tampered_database_backup_is_refused_and_nothing_is_written(backup_and_target, tamper, words):
    from companion.dbbackup import RestoreError, restore

    data, target = backup_and_target
    tamper(data)
    with target.app_context():
        with pytest.raises(RestoreError, match=words.replace("(", r"\(").replace(")", r"\)")):
            restore(db.engine, json.loads(json.dumps(data)))
        assert all(not rows for rows in snapshot(target).values())


def test_a_restore_rebuilds_the_standings_summary_from_the_deals(backup_and_target):
    from companion.dbbackup import restore
    from companion.models import GameResult

    data, target = backup_and_target
    kept = sorted((r["player_id"], r["total"], r["place"]) for r in data["tables"]["game_result"])
    assert len(kept) == 3
    for row in data["tables"]["game_result"]:
        row["total"], row["place"] = 9999, 9  # a summary that disagrees with the deals
    with target.app_context():
        restore(db.engine, json.loads(json.dumps(data)))
        rebuilt = sorted(db.session.execute(select(GameResult.player_id, GameResult.total, GameResult.place)).all())
    assert [tuple(r) for r in rebuilt] == kept


# ---------------------------------------------------------------------------
# Structure: no commit inside a GET (watch links are made with their game or league)


def test_showing_a_game_or_a_league_to_its_member_writes_nothing(make_game, form_client, no_csrf_app):
    game = make_game(CONTRACT3)
    league = form_client.post("/leagues/", data={"name": "Family"}).headers["Location"]
    before = snapshot(no_csrf_app)
    for path in (game, league, f"{league}/head-to-head"):
        page = form_client.get(path)
        assert page.status_code == 200
    assert "/watch/g/" in form_client.get(game).get_data(as_text=True)
    assert "/watch/l/" in form_client.get(league).get_data(as_text=True)
    assert snapshot(no_csrf_app) == before


# -- a game's rules by id: signed-in readers and the game's watchers only --------------------------


@pytest.mark.parametrize(
    "path",
    ["/games/{id}/rules", "/helper?game={id}", "/check?game={id}", "/layoff?game={id}"],
)
def test_a_signed_out_reader_sees_no_games_rules_by_its_id(no_csrf_app, make_game, path):
    """Sequential ids once showed anyone on the network a game's (custom) rules; ``/rulesets/<id>`` asks for sign-in."""
    game_url = make_game(["Ann", "Bob", "Cat"])
    game_id = int(game_url.rstrip("/").rsplit("/", 1)[1])
    with no_csrf_app.app_context():
        token = db.session.get(Game, game_id).share_token
    joiner = "&" if "?" in path else "?"
    stranger = no_csrf_app.test_client()
    assert stranger.get(path.format(id=game_id)).status_code == 404
    assert stranger.get(path.format(id=game_id) + joiner + "watch=not-the-secret").status_code == 404
    watched = stranger.get(path.format(id=game_id) + joiner + f"watch={token}")
    assert watched.status_code == 200
    assert "3 players" in " ".join(parse(watched.get_data(as_text=True)).text.split())


def test_a_watcher_follows_the_watch_pages_rulings_and_comes_back(no_csrf_app, make_game):
    game_url = make_game(["Ann", "Bob", "Cat"])
    game_id = int(game_url.rstrip("/").rsplit("/", 1)[1])
    with no_csrf_app.app_context():
        token = db.session.get(Game, game_id).share_token
    watcher = no_csrf_app.test_client()
    page = parse(watcher.get(f"/watch/g/{token}").get_data(as_text=True))
    links = [a.attrs["href"] for a in page.find("nav", cls="tool-links").find_all("a")]
    assert len(links) == 4
    for link in links:
        ruling = watcher.get(link)
        assert ruling.status_code == 200, link
        back = [a.attrs["href"] for a in parse(ruling.get_data(as_text=True)).find_all("a") if "game" in a.text]
        assert f"/watch/g/{token}" in back, (link, back)
