"""The server's own backups: one a day, kept by retention, private, shown to the owner, and restorable."""

from __future__ import annotations

import datetime as dt
import gzip
import json
import stat

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import autobackup, create_app
from companion.dbbackup import read_backup, restore
from companion.extensions import db
from companion.models import DealResult, Game, HandScore
from tests.conftest import fuzz, sign_in, start_game_via_form, stored_rows

UTC = dt.UTC


def day(text: str, hour: int = 3) -> dt.datetime:
    return dt.datetime.fromisoformat(text).replace(hour=hour, tzinfo=UTC)


# Worked by hand: 2026-11-29 is a Sunday; ISO week 48 is Mon 23 to Sun 29 November, week 47 is 16 to 22,
# week 46 is 9 to 15, week 45 is 2 to 8, week 44 holds 31 October and 1 November.
THIRTY_DAYS = [day("2026-10-31") + dt.timedelta(days=n) for n in range(30)]  # 31 Oct .. 29 Nov


@pytest.mark.parametrize(
    ("taken", "daily", "weekly", "expected"),
    [
        # the newest 7 (23..29 Nov, all week 48), and the newest of weeks 47, 46, 45 (week 48's is already kept)
        (THIRTY_DAYS, 7, 4, ["2026-11-08", "2026-11-15", "2026-11-22"] + [f"2026-11-{d}" for d in range(23, 30)]),
        # no weekly ones: the newest 7 only
        (THIRTY_DAYS, 7, 0, [f"2026-11-{d}" for d in range(23, 30)]),
        # no daily ones: the newest of the newest 4 weeks
        (THIRTY_DAYS, 0, 4, ["2026-11-08", "2026-11-15", "2026-11-22", "2026-11-29"]),
        # fewer backups than either count: all kept
        (THIRTY_DAYS[-3:], 7, 4, ["2026-11-27", "2026-11-28", "2026-11-29"]),
        # a laptop off for three weeks: the gap's weeks hold nothing, so older weeks count instead: weeks 48
        # (its newest, 26 Nov, is also the one daily), 45, 44 and 43 (Tuesdays 3 Nov, 27 and 20 Oct)
        (
            [day("2026-10-20"), day("2026-10-27"), day("2026-11-03"), day("2026-11-25"), day("2026-11-26")],
            1,
            4,
            ["2026-10-20", "2026-10-27", "2026-11-03", "2026-11-26"],
        ),
    ],
)
def test_kept_follows_the_retention_worked_by_hand(taken, daily, weekly, expected):
    assert sorted(moment.date().isoformat() for moment in autobackup.kept(taken, daily, weekly)) == expected


def reference_kept(taken: list[dt.datetime], daily: int, weekly: int) -> set[dt.datetime]:
    """The rule read plainly: a backup stays if fewer than ``daily`` are newer than it, or if it is the newest
    of its week and fewer than ``weekly`` weeks with a backup are newer than its week."""
    keep = set()
    for moment in taken:
        newer = [other for other in taken if other > moment]
        week = moment.isocalendar()[:2]
        newest_of_week = all(other.isocalendar()[:2] != week for other in newer)
        newer_weeks = {other.isocalendar()[:2] for other in taken if other.isocalendar()[:2] > week}
        if len(newer) < daily or (newest_of_week and len(newer_weeks) < weekly):
            keep.add(moment)
    return keep


moments = st.lists(
    st.datetimes(min_value=dt.datetime(2024, 1, 1), max_value=dt.datetime(2027, 1, 1)).map(
        lambda moment: moment.replace(microsecond=0, tzinfo=UTC)
    ),
    unique=True,
    max_size=60,
)


@fuzz(300)
@given(taken=moments, daily=st.integers(0, 10), weekly=st.integers(0, 6))
def test_kept_agrees_with_the_plain_reading(taken, daily, weekly):
    kept = autobackup.kept(taken, daily, weekly)
    assert kept == reference_kept(taken, daily, weekly)
    assert len(kept) <= daily + weekly


@pytest.fixture
def played(no_csrf_app, form_client):
    """A four-player game with its first deal saved."""
    url = start_game_via_form(form_client, ["Ann", "Bob", "Cat", "Dan"])
    response = form_client.post(
        f"{url}/deals/1",
        data={"went_out": "1", "hands-0-cards": "5 K", "hands-1-cards": "", "hands-2-cards": "Q", "hands-3-cards": "7 7"},
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    return url


def test_a_backup_is_taken_once_a_day_private_and_pruned(no_csrf_app, played, tmp_path):
    where = autobackup.folder(tmp_path / "instance")
    with no_csrf_app.app_context():
        first = autobackup.run_once(db.engine, where, 2, 0, now=day("2026-11-27"))
        again = autobackup.run_once(db.engine, where, 2, 0, now=day("2026-11-27", 20))
        second = autobackup.run_once(db.engine, where, 2, 0, now=day("2026-11-28"))
        third = autobackup.run_once(db.engine, where, 2, 0, now=day("2026-11-29"))
    assert first is not None and again is None and second is not None and third is not None
    assert [each.path for each in autobackup.backups(where)] == [second, third]  # 2 daily kept: the first went
    assert not first.exists()
    assert stat.S_IMODE(where.stat().st_mode) == 0o700
    assert stat.S_IMODE(third.stat().st_mode) == 0o600
    assert third.name == "daily-20261129-030000.json.gz"
    assert json.loads(gzip.decompress(third.read_bytes()))["format"] == "contract-rummy-companion/database-backup"
    assert sorted(where.iterdir()) == [second, third]  # nothing else left behind (no partial file)


def test_backups_before_upgrades_are_kept_apart_from_daily_ones(no_csrf_app, tmp_path):
    where = autobackup.folder(tmp_path / "instance")
    with no_csrf_app.app_context():
        for n in range(5):
            autobackup.take(db.engine, where, autobackup.BEFORE_UPGRADE, now=day("2026-11-01") + dt.timedelta(days=n))
        for n in range(10):
            autobackup.take(db.engine, where, autobackup.DAILY, now=day("2026-11-10") + dt.timedelta(days=n))
    autobackup.prune(where, 3, 0)
    kinds = [(each.kind, each.taken_at.day) for each in autobackup.backups(where)]
    assert kinds == [("before-upgrade", 3), ("before-upgrade", 4), ("before-upgrade", 5)] + [
        ("daily", 17),
        ("daily", 18),
        ("daily", 19),
    ]


def test_other_files_in_the_folder_are_left_alone(tmp_path):
    where = autobackup.folder(tmp_path)
    (where / "my-own-copy.json.gz").write_bytes(b"mine")
    (where / "daily-notadate.json.gz").write_bytes(b"mine")
    assert autobackup.backups(where) == []
    assert autobackup.prune(where, 0, 0) == []
    assert len(list(where.iterdir())) == 2


def test_an_automatic_backup_restores_every_row(no_csrf_app, played, tmp_path):
    where = autobackup.folder(tmp_path / "instance")
    with no_csrf_app.app_context():
        path = autobackup.take(db.engine, where)
    before = stored_rows(no_csrf_app, derived={"game_result"})
    other = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'new.sqlite'}"})
    with other.app_context():
        db.create_all()
        written = restore(db.engine, read_backup(path))
        assert written > 0
        game = db.session.query(Game).one()
        assert [p.name for p in game.players] == ["Ann", "Bob", "Cat", "Dan"]
        assert db.session.query(DealResult).count() == 1
        assert sorted(h.total for h in db.session.query(HandScore)) == [0, 10, 14, 15]  # 5+K, Q, 7+7 (RULES.md §3.1: 2-9 face, K Q 10)
    assert stored_rows(other, derived={"game_result"}) == before
    with other.app_context():
        db.engine.dispose()


def test_the_owner_sees_the_last_backup_and_downloads_it(app, client, tmp_path):
    app.instance_path = str(tmp_path)  # not the repository's instance folder
    page = client.get("/account").get_data(as_text=True)
    assert "No backup has been taken yet: the server takes one each day." in page
    assert client.get("/account/backup").status_code == 404
    with app.app_context():
        path = autobackup.take(db.engine, autobackup.folder(app.instance_path), now=day("2026-11-28", 4))
    page = client.get("/account").get_data(as_text=True)
    assert 'datetime="2026-11-28T04:00:00Z"' in page and "Last backup: " in page
    with client.get("/account/backup") as response:
        assert response.status_code == 200
        assert response.headers["Content-Disposition"] == f"attachment; filename={path.name}"
        assert response.headers["Cache-Control"] == "no-store"
        assert response.data == path.read_bytes()


def test_only_the_owner_may_download_a_backup(app, tmp_path):
    from companion.models import User

    app.instance_path = str(tmp_path)
    with app.app_context():
        autobackup.take(db.engine, autobackup.folder(app.instance_path))
        user = User(username="Kid", username_key=User.key_for("Kid"), password_hash="x")
        db.session.add(user)
        db.session.commit()
        kid = user.id
    client = app.test_client()
    sign_in(client, kid)
    assert client.get("/account/backup").status_code == 403
    assert "Last backup: " not in client.get("/account").get_data(as_text=True)
    assert app.test_client().get("/account/backup").status_code in (302, 303, 401)


def test_the_account_page_and_healthz_say_the_version(client):
    from importlib.metadata import version

    import tomllib
    from pathlib import Path

    written = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())["project"]["version"]
    assert version("companion") == written
    assert f"Rummy Companion, version {written}" in client.get("/account").get_data(as_text=True)
    assert client.get("/healthz").get_json() == {"status": "ok", "version": written}


@pytest.mark.parametrize(("value", "words"), [("seven", "'seven'"), ("-1", "'-1'"), ("1000", "'1000'")])
def test_a_retention_setting_that_is_not_a_count_is_said_at_start(monkeypatch, tmp_path, value, words):
    monkeypatch.setenv("COMPANION_BACKUP_DAILY", value)
    with pytest.raises(RuntimeError) as refused:
        create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    assert str(refused.value) == f"COMPANION_BACKUP_DAILY must be a whole number from 0 to 999, not {words}."


def test_retention_settings_reach_the_config(monkeypatch):
    monkeypatch.setenv("COMPANION_BACKUP_DAILY", "14")
    monkeypatch.setenv("COMPANION_BACKUP_WEEKLY", "0")
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    assert autobackup.retention(app.config) == (14, 0)
