"""Backing up and restoring the whole database: ``flask --app companion backup`` / ``restore``.

Through Flask's CLI runner, as an operator runs them: a backup restored into
a fresh database gives every row back; a restore never lands on data it
would mix with (unless ``--replace``) and never half-writes a bad file; a
backup taken while games are being played is one consistent moment. With
TEST_DATABASE_URL the same tests run on PostgreSQL.
"""

from __future__ import annotations

import json
import os
import random
import threading
from collections import Counter, defaultdict

import pytest
from conftest import OWNER_HASH, OWNER_NAME, OWNER_PASSWORD, stored_rows
from sqlalchemy import create_engine, select, text

from companion import create_app
from companion.auth.access import new_token
from companion.extensions import db
from companion.games.deal_entry import STOCK, judge_entry, save_deal, undo_last_deal
from companion.games.life import abandon, change_buys, find_or_add_player, start_game
from companion.rules.deal_score import LineEntry
from companion.games.state import roles
from companion.leagues.service import add_member, create_league
from companion.models import Game, Invite, League, LoginAttempt, LoginSession, User
from companion.rules import RULESETS

# ---------------------------------------------------------------------------
# Helpers


#: Tables derived from the stored facts (the standings' summaries): compared without their surrogate ids.
DERIVED = {"game_result"}


def rows_of(app) -> dict[str, list[tuple]]:
    """Every row of every table, in key order (restore rebuilds the derived ones with new ids)."""
    return stored_rows(app, derived=DERIVED)


def total(rows: dict[str, list]) -> int:
    return sum(len(table) for table in rows.values())


def play_deal(
    game: Game, number: int, went_out: int | str = 0, *, by: int | None = None, exact_cut: bool = False
) -> None:
    cutter = roles(game, number).cutter
    entries = [
        LineEntry(
            position=seat.position,
            cards="" if seat.position == went_out else "K 7 JK",
            ticked=frozenset({"exact_cut"}) if exact_cut and seat.position == cutter else frozenset(),
        )
        for seat in game.seats
    ]
    judgement = judge_entry(game, number, str(went_out), entries)
    assert judgement.ok, judgement.problems
    save_deal(game, number, judgement, by=by)


def populate(app) -> None:
    from companion.registry import of_version as custom_ruleset_of
    from companion.house_rules.service import save as save_custom
    from companion.rules.definition import ruleset_to_definition

    """A database with something in every table, names beyond ASCII, booleans both ways, empty and set times."""
    with app.app_context():
        owner = db.session.scalar(select(User).where(User.is_owner.is_(True)))
        zoe, ann, bob, asa = (find_or_add_player(name) for name in ("Zoë", "Ann", "Bob", "Åsa 😀"))
        league = create_league("Familjen Östberg")
        for player in (zoe, ann, bob):
            add_member(league, player)
        finished = start_game(RULESETS["contract"], [zoe, ann, bob], 0, league=league)
        for number in range(1, 8):
            play_deal(finished, number, number % 3, by=owner.id)
        playing = start_game(RULESETS["liverpool"], [ann, bob, asa], None, random.Random(3))
        change_buys(playing, 1, 1)
        play_deal(playing, 1, 0, by=owner.id, exact_cut=True)
        play_deal(playing, 2, STOCK)
        undo_last_deal(playing, 2)
        change_buys(playing, 2, 1)
        dropped = start_game(RULESETS["contract"], [zoe, asa, bob], 2)
        abandon(dropped)
        finished.share_token, league.share_token = new_token(), new_token()
        member = User(username="Zoë", username_key=User.key_for("Zoë"), password_hash=OWNER_HASH, player_id=zoe.id)
        db.session.add(member)
        db.session.flush()
        db.session.add(
            Invite(token=new_token(), created_by_id=owner.id, used_by_id=member.id, used_at=member.created_at)
        )
        db.session.add(Invite(token=new_token(), created_by_id=owner.id))
        db.session.add(LoginAttempt(key="ip:10.0.0.1"))
        db.session.add(LoginSession(user_id=member.id, token=new_token(), agent="Zoë's phone"))
        db.session.commit()
        own = save_custom(
            ruleset_to_definition(RULESETS["contract"]) | {"name": "Östbergs regler", "max_wilds": 1}, user=owner, league=league
        )
        start_game(custom_ruleset_of(own.latest), [zoe, ann, bob], 1, league=league, custom_version=own.latest)
    rows = rows_of(app)
    assert all(rows.values()), [name for name, table in rows.items() if not table]


@pytest.fixture
def empty_app(app, tmp_path):
    """A second app on a fresh, empty database with the tables made (on PostgreSQL: the same database, emptied).

    On PostgreSQL, read what the first app holds before asking for this one.
    """
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        with app.app_context():
            db.engine.dispose()  # no open connection of the first app holds a lock
        engine = create_engine(url)
        with engine.begin() as connection:
            db.metadata.drop_all(connection)
            db.metadata.create_all(connection)
        engine.dispose()
    else:
        url = f"sqlite:///{tmp_path / 'second.sqlite'}"
    second = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "SQLALCHEMY_DATABASE_URI": url})
    with second.app_context():
        db.create_all()
    yield second
    with second.app_context():
        db.engine.dispose()


def backup(app, path):
    result = app.test_cli_runner().invoke(args=["backup", str(path)])
    assert result.exit_code == 0, (result.output, result.exception)
    return result


def restore(app, path, *extra):
    return app.test_cli_runner().invoke(args=["restore", str(path), *extra])


# ---------------------------------------------------------------------------
# The round trip


def test_backup_then_restore_into_a_fresh_database_gives_every_row_back(app, tmp_path, request):
    populate(app)
    expected = rows_of(app)
    path = tmp_path / "backup.json"
    result = backup(app, path)
    assert result.output.strip() == f"Backed up {total(expected)} rows to {path}."
    raw = path.read_bytes()
    assert "Åsa 😀".encode() in raw  # UTF-8, names as they are
    data = json.loads(raw.decode("utf-8"))
    assert data["format"] == "contract-rummy-companion/database-backup"
    assert set(data["tables"]) == {table.name for table in db.metadata.sorted_tables}

    second = request.getfixturevalue("empty_app")
    result = restore(second, path)
    assert result.exit_code == 0, (result.output, result.exception)
    assert result.output.strip() == f"Restored {total(expected)} rows from {path}."
    assert rows_of(second) == expected


def test_the_restored_app_works_as_before(app, tmp_path, request):
    populate(app)
    expected = rows_of(app)
    backup(app, tmp_path / "backup.json")
    second = request.getfixturevalue("empty_app")
    assert restore(second, tmp_path / "backup.json").exit_code == 0
    second.config["WTF_CSRF_ENABLED"] = False
    # the password hashes came back: the owner signs in with the password
    client = second.test_client()
    response = client.post("/login", data={"username": OWNER_NAME, "password": OWNER_PASSWORD})
    assert response.status_code == 303
    with second.app_context():
        finished = db.session.scalar(select(Game).where(Game.status == "finished"))
        league = db.session.scalar(select(League))
        token = finished.share_token
    assert client.get(f"/games/{finished.id}").status_code == 200
    assert "Zoë" in client.get(f"/leagues/{league.id}?season=all").get_data(as_text=True)
    assert second.test_client().get(f"/watch/g/{token}").status_code == 200  # share links still work
    # new rows get new ids (on PostgreSQL the sequences were moved past the restored ids)
    response = client.post("/leagues/", data={"name": "After the restore"})
    assert response.status_code == 303
    with second.app_context():
        new_league = db.session.scalar(select(League).where(League.name == "After the restore"))
        players = [find_or_add_player(name) for name in ("New One", "New Two", "New Three")]
        game = start_game(RULESETS["contract"], players, 0)
        assert new_league.id > max(row[0] for row in expected["league"])
        assert game.id > max(row[0] for row in expected["game"])
        assert game.seats[0].id > max(row[0] for row in expected["seat"])


def test_backup_without_a_path_names_the_file_by_the_time(app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = app.test_cli_runner().invoke(args=["backup"])
    assert result.exit_code == 0, result.output
    [made] = list(tmp_path.glob("companion-backup-*.json"))
    assert made.name in result.output
    assert json.loads(made.read_text(encoding="utf-8"))["tables"]["user"][0]["username"] == OWNER_NAME


def test_a_backup_over_an_older_one_replaces_it(app, tmp_path):
    folder = tmp_path / "backups"
    folder.mkdir()
    path = folder / "backup.json"
    path.write_text("an older backup")
    backup(app, path)
    assert json.loads(path.read_text(encoding="utf-8"))["tables"]["user"]
    assert [p.name for p in folder.iterdir()] == ["backup.json"]  # nothing left beside it


# ---------------------------------------------------------------------------
# Restoring where there is data already


def test_restore_into_a_database_with_data_is_refused_and_changes_nothing(app, tmp_path):
    populate(app)
    path = tmp_path / "backup.json"
    backup(app, path)
    before = rows_of(app)
    result = restore(app, path)
    assert result.exit_code == 1
    assert "The database is not empty (" in result.output
    assert "restore into an empty one, or use --replace." in result.output
    assert rows_of(app) == before


def test_restore_with_replace_puts_the_backup_in_place_of_the_data(app, tmp_path):
    populate(app)
    expected = rows_of(app)
    path = tmp_path / "backup.json"
    backup(app, path)
    with app.app_context():  # changes made after the backup are what --replace takes away
        create_league("Made after the backup")
        game = db.session.scalar(select(Game).where(Game.status == "in_progress"))
        change_buys(game, 0, 1)
        db.session.add(User(username="Later", username_key="later", password_hash=OWNER_HASH))
        db.session.commit()
    assert rows_of(app) != expected
    result = restore(app, path, "--replace")
    assert result.exit_code == 0, (result.output, result.exception)
    assert rows_of(app) == expected


def test_restore_checks_the_schema_revision_when_the_database_has_one(app, tmp_path, request):
    path = tmp_path / "backup.json"
    backup(app, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["schema"] = "aaaa1111"
    path.write_text(json.dumps(data), encoding="utf-8")
    second = request.getfixturevalue("empty_app")
    with second.app_context():
        db.session.execute(text("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)"))
        db.session.execute(text("INSERT INTO alembic_version VALUES ('bbbb2222')"))
        db.session.commit()
    try:
        before = rows_of(second)
        result = restore(second, path)
        assert result.exit_code == 1
        assert "The backup is of schema aaaa1111, the database of bbbb2222: upgrade first." in result.output
        assert rows_of(second) == before
        with second.app_context():
            db.session.execute(text("UPDATE alembic_version SET version_num = 'aaaa1111'"))
            db.session.commit()
        assert restore(second, path).exit_code == 0
    finally:  # the table is not the models': nothing else would take it away (PostgreSQL keeps the database)
        with second.app_context():
            db.session.execute(text("DROP TABLE alembic_version"))
            db.session.commit()


# ---------------------------------------------------------------------------
# Bad files: refused with a clear message, nothing half written


def _broken(data: dict, how: str):
    """A copy of a good backup broken one way (as bytes)."""
    data = json.loads(json.dumps(data))
    tables = data["tables"]
    if how == "not JSON":
        return b'{"format": "contract-rummy-companion/database-backup", "tables": {'
    if how == "not UTF-8":
        return b"\xff\xfe\x00 not text"
    if how == "a list":
        return b"[]"
    if how == "another format":
        data["format"] = "contract-rummy-companion/league-backup"
    elif how == "another version":
        data["version"] = 2
    elif how == "no tables":
        del data["tables"]
    elif how == "an unknown table":
        tables["bogus"] = [{"id": 1}]
    elif how == "a bad timestamp":
        tables["invite"][-1]["created_at"] = "last Tuesday"  # invite comes late: rows before it went in
    elif how == "a timestamp that is a number":
        tables["deal_result"][-1]["updated_at"] = 1700000000
    elif how == "a missing column":
        del tables["hand_score"][-1]["points"]
    elif how == "an unknown column":
        tables["seat"][0]["colour"] = "red"
    elif how == "a row that is not an object":
        tables["hand_score"].append(["not", "a", "row"])
    elif how == "a table that is not a list":
        tables["hand_score"] = {"rows": 3}
    elif how == "a duplicate key":
        tables["hand_score"].append(dict(tables["hand_score"][0]))
    else:
        raise AssertionError(how)
    return json.dumps(data).encode()


BAD = {
    "not JSON": "Can't read",
    "not UTF-8": "Can't read",
    "a list": "This is not a companion database backup (or it is from another version).",
    "another format": "This is not a companion database backup (or it is from another version).",
    "another version": "This is not a companion database backup (or it is from another version).",
    "no tables": "The backup has no tables.",
    "an unknown table": "The backup has tables this version does not know: bogus.",
    "a bad timestamp": "Table invite: created_at 'last Tuesday' is not a time.",
    "a timestamp that is a number": "Table deal_result: updated_at 1700000000 is not a time.",
    "a missing column": "Table hand_score: a row has no points.",
    "an unknown column": "Table seat: a row has columns this version does not know: colour.",
    "a row that is not an object": "Table hand_score: a row is not an object of column values.",
    "a table that is not a list": "Table hand_score is not a list of rows.",
    "a duplicate key": "Table hand_score: its rows don't fit the database (",
}


def test_a_bad_file_is_refused_with_a_clear_message_and_nothing_half_written(app, tmp_path, request):
    populate(app)
    path = tmp_path / "backup.json"
    backup(app, path)
    good = json.loads(path.read_text(encoding="utf-8"))
    with_data = rows_of(app)
    empty = request.getfixturevalue("empty_app") if not os.environ.get("TEST_DATABASE_URL") else None
    for how, message in BAD.items():
        bad = tmp_path / "bad.json"
        bad.write_bytes(_broken(good, how))
        # over the data (--replace deletes first: the deletion must be undone too) ...
        result = restore(app, bad, "--replace")
        assert result.exit_code == 1, (how, result.output, result.exception)
        assert message in result.output, (how, result.output)
        assert "Traceback" not in result.output
        assert rows_of(app) == with_data, how
        # ... and into an empty database
        if empty is not None:
            result = restore(empty, bad)
            assert result.exit_code == 1, (how, result.output)
            assert message in result.output, how
            assert total(rows_of(empty)) == 0, how


def test_restore_of_a_missing_file_says_so(app, tmp_path):
    result = restore(app, tmp_path / "nowhere.json")
    assert result.exit_code == 2
    assert "does not exist" in result.output


# ---------------------------------------------------------------------------
# A consistent moment while the app runs


def check_consistent(data: dict) -> dict[str, int]:
    """The cross-table facts a backup of one moment keeps (each is written in one transaction); a summary."""
    tables = data["tables"]
    games = {row["id"]: row for row in tables["game"]}
    deals = {row["id"]: row for row in tables["deal_result"]}
    seats = Counter(row["game_id"] for row in tables["seat"])
    hands = defaultdict(list)
    for hand in tables["hand_score"]:
        assert hand["deal_id"] in deals, hand
        hands[hand["deal_id"]].append(hand)
    for table in ("seat", "buy_count", "change", "game_result"):
        for row in tables[table]:
            assert row["game_id"] in games, (table, row)
    deals_of = Counter(deal["game_id"] for deal in deals.values())
    for deal in deals.values():
        assert deal["game_id"] in games, deal
        assert len(hands[deal["id"]]) == seats[deal["game_id"]], deal  # a deal and its hands arrive together
    changes = defaultdict(Counter)
    for change in tables["change"]:
        changes[change["game_id"]][change["action"]] += 1
    taps = Counter()
    for row in tables["buy_count"]:
        taps[row["game_id"]] += row["count"]
    for hand in tables["hand_score"]:
        taps[deals[hand["deal_id"]]["game_id"]] += hand["buys"]
    results = Counter(row["game_id"] for row in tables["game_result"])
    for game_id, game in games.items():
        logged = changes[game_id]
        assert logged["started"] == 1, game
        assert logged["entered"] == deals_of[game_id], (game, logged)
        assert game["revision"] >= sum(logged.values()), (game, logged)
        # started (1 + 1), one per deal saved, one per May I tap: the revision counts every write
        assert game["revision"] == 2 + deals_of[game_id] + taps[game_id], (game, logged, taps[game_id])
        finished = deals_of[game_id] == 7
        assert (game["status"] == "finished") == finished, game
        assert logged["finished"] == int(finished), game
        assert results[game_id] == (seats[game_id] if finished else 0), game  # the standings' summary too
    return {"games": len(games), "deals": len(deals), "taps": sum(taps.values())}


def test_a_backup_taken_while_games_are_played_is_consistent(app, tmp_path):
    """One thread keeps saving deals and tapping May I through the service while backups are taken."""
    stop = threading.Event()
    errors: list[BaseException] = []
    progress = Counter()
    dealt = threading.Semaphore(0)  # released once a deal: the test counts deals played, never reads a clock

    def play() -> None:
        try:
            with app.app_context():
                players = [find_or_add_player(name) for name in ("Ann", "Bob", "Cat")]
                db.session.commit()
                while not stop.is_set():
                    game = start_game(RULESETS["contract"], players, 0)
                    for number in range(1, 8):
                        for position in range(number % 3):
                            change_buys(game, position, 1)
                            progress["taps"] += 1
                        play_deal(game, number, number % 3)
                        progress["deals"] += 1
                        dealt.release()
                        if stop.is_set():
                            break
        except BaseException as error:  # noqa: BLE001 - handed to the test's thread
            errors.append(error)

    writer = threading.Thread(target=play, daemon=True)
    writer.start()
    summaries = []
    try:
        for index in range(4):
            # three deals before the first backup, one more between backups (the timeout only ends a stuck writer)
            if not all(dealt.acquire(timeout=60) for _ in range(3 if index == 0 else 1)):
                break
            path = tmp_path / f"backup-{index}.json"
            backup(app, path)
            summaries.append(check_consistent(json.loads(path.read_text(encoding="utf-8"))))
    finally:
        stop.set()
        writer.join(60)
    assert not writer.is_alive()
    assert not errors, errors
    assert len(summaries) == 4, "the writer stopped playing"
    assert summaries[-1]["deals"] > summaries[0]["deals"] or summaries[-1]["taps"] > summaries[0]["taps"], summaries
    # the last state, read after the writer stopped, passes the same checks
    backup(app, tmp_path / "after.json")
    check_consistent(json.loads((tmp_path / "after.json").read_text(encoding="utf-8")))
