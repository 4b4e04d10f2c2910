"""The importers keep their promises: the sizes the README gives are the ones their pages take, the sheet is
posted once and kept on the server for its confirmation, the page keeps the sheet's text, and a large import is
written in batches within a memory bound.

Sheets are built here from a hand-written game (seven deals of Ann, Bob and Cat, totals worked out by hand),
repeated on different days.
"""

from __future__ import annotations

import gc
import html
import io
import re
import tracemalloc

import pytest
from conftest import stored_rows
from sqlalchemy import event, func, select

from companion.extensions import db
from companion.games import life
from companion.history import pending, service
from companion.history.paper import MAX_SHEET_BYTES, read_sheet
from companion.leagues.service import add_member, create_league
from companion.models import Game
from test_history_import import SHEET

GAME = SHEET.replace("2024-12-25", "{day}")  # test_history_import's sheet, one game a day


def sheet_of(games: int) -> str:
    """``games`` copies of the game, a day apart from 2000-01-01 (each one a new game: its day differs)."""
    import datetime as dt

    first = dt.date(2000, 1, 1)
    return "".join(GAME.format(day=(first + dt.timedelta(days=n)).isoformat()) for n in range(games))


@pytest.fixture
def pending_folder(no_csrf_app, tmp_path):
    no_csrf_app.config["PENDING_IMPORTS_FOLDER"] = str(tmp_path / "pending")
    return tmp_path / "pending"


def league_id(app) -> int:
    with app.app_context():
        league = create_league("Family")
        for name in ("Ann", "Bob", "Cat"):
            add_member(league, life.find_or_add_player(name))
        db.session.commit()
        return league.id


def games_stored(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game))


def post(client, url: str, **fields):  # noqa: ANN001, ANN201
    """Post ``fields`` as a browser's multipart form does (``bytes`` as a picked file). The body is encoded here,
    in memory: the test client would spool a large one to a temporary file that it never closes."""
    from werkzeug.datastructures import FileStorage
    from werkzeug.test import encode_multipart

    data = {k: FileStorage(io.BytesIO(v), filename="sheet.csv") if isinstance(v, bytes) else v for k, v in fields.items()}
    boundary, body = encode_multipart(data)
    return client.post(url, data=body, content_type=f"multipart/form-data; boundary={boundary}")


def token_of(page: str) -> str:
    found = re.search(r'<input type="hidden" name="token" value="([^"]+)"', page)
    assert found, "the preview keeps no token"
    return found.group(1)


def test_a_sheet_over_the_app_wide_form_limit_is_previewed_and_confirmed_by_its_token(form_client, no_csrf_app,
                                                                                      pending_folder) -> None:
    lid = league_id(no_csrf_app)
    text = sheet_of(400)  # about 80 kB: over the 64 kB every other form may send
    assert len(text.encode()) > 64 * 1024
    url = f"/leagues/{lid}/history/paper"
    shown = post(form_client, url, file=text.encode())
    page = shown.get_data(as_text=True)
    assert shown.status_code == 200 and "400 new games" in page
    token = token_of(page)
    assert len(list(pending_folder.iterdir())) == 1
    # the confirm button sends the token, not the sheet
    confirm = {"token": token, "confirm": "1"}
    assert len("&".join(f"{k}={v}" for k, v in confirm.items())) < 100
    done = form_client.post(url, data=confirm)
    assert done.status_code == 303
    assert games_stored(no_csrf_app) == 400
    assert list(pending_folder.iterdir()) == []  # forgotten once stored
    again = form_client.post(url, data=confirm)  # the same token again: nothing kept under it any more
    assert again.status_code == 422 and "This preview has expired" in again.get_data(as_text=True)
    assert games_stored(no_csrf_app) == 400


def test_the_largest_sheet_the_readme_promises_is_read_not_refused_by_size(form_client, no_csrf_app, pending_folder) -> None:
    lid = league_id(no_csrf_app)
    text = sheet_of(2001)  # 2,001 games (about 420 kB): read whole, and the 2,001st refused by the reader's count
    answer = post(form_client, f"/leagues/{lid}/history/paper", file=text.encode())
    assert answer.status_code == 422
    assert "a sheet holds at most 2000 games; import the rest next." in answer.get_data(as_text=True)
    padded = sheet_of(1) + "\n" * (MAX_SHEET_BYTES - 1024)  # just under 2 MB, typed in the box
    answer = post(form_client, f"/leagues/{lid}/history/paper", sheet=padded)
    assert answer.status_code == 200 and "1 new game" in answer.get_data(as_text=True)


def test_a_post_over_the_pages_limit_is_a_sentence_before_its_body_is_read(form_client, no_csrf_app) -> None:
    lid = league_id(no_csrf_app)
    before = stored_rows(no_csrf_app)
    answer = post(form_client, f"/leagues/{lid}/history/paper", file=b"x" * (7 * 1024 * 1024))
    assert answer.status_code == 422
    assert "The sheet is over 2 MB: import it a few years at a time." in answer.get_data(as_text=True)
    assert stored_rows(no_csrf_app) == before


def test_a_token_is_kept_for_its_league_and_account_only(no_csrf_app, tmp_path) -> None:
    folder = tmp_path / "pending"  # (the test's database is in tmp_path)
    no_csrf_app.config["PENDING_IMPORTS_FOLDER"] = str(folder)
    with no_csrf_app.test_request_context():
        token = pending.keep("Game, …", league_id=1, source="paper", user_id=7)
        assert pending.kept(token, league_id=1, source="paper", user_id=7) == "Game, …"
        assert pending.kept(token, league_id=2, source="paper", user_id=7) is None
        assert pending.kept(token, league_id=1, source="bgstats", user_id=7) is None
        assert pending.kept(token, league_id=1, source="paper", user_id=8) is None
        assert pending.kept("../../etc/passwd", league_id=1, source="paper", user_id=7) is None
        for _ in range(pending.MAX_KEPT + 5):
            pending.keep("x", league_id=1, source="paper", user_id=7)
        assert len(list(folder.iterdir())) == pending.MAX_KEPT


def test_the_error_page_shows_the_sheet_back_in_a_box_to_fix(form_client, no_csrf_app, pending_folder) -> None:
    lid = league_id(no_csrf_app)
    bad = GAME.format(day="2024-12-25").replace("3, 30, 10, 0", "3, 30, ten, 0")
    for data in ({"sheet": bad}, {"file": bad.encode()}):
        answer = post(form_client, f"/leagues/{lid}/history/paper", **data)
        page = answer.get_data(as_text=True)
        assert answer.status_code == 422 and "“ten” is not a score" in page
        box = re.search(r'<textarea id="sheet" name="sheet"[^>]*>(.*?)</textarea>', page, re.DOTALL)
        assert box is not None and html.unescape(box.group(1)) == bad
        assert not re.search(r"<textarea[^>]*hidden", page)
    # fixed in the box and previewed again
    fixed = form_client.post(f"/leagues/{lid}/history/paper", data={"sheet": bad.replace("ten", "10")})
    assert fixed.status_code == 200 and "1 new game" in fixed.get_data(as_text=True)


def test_the_pages_check_csrf_once_the_size_is_known(client, app) -> None:
    lid = league_id(app)
    answer = client.post(f"/leagues/{lid}/history/paper", data={"sheet": GAME.format(day="2024-12-25")})
    assert answer.status_code == 400
    assert games_stored(app) == 0


# ---------------------------------------------------------------------------
# Batches and memory


@pytest.fixture
def family(no_csrf_app):
    with no_csrf_app.app_context():
        league = create_league("Family")
        for name in ("Ann", "Bob", "Cat"):
            add_member(league, life.find_or_add_player(name))
        db.session.commit()
        yield league


def test_a_large_import_is_written_in_batches_each_its_own_short_transaction(family) -> None:
    result = service.preview(family, read_sheet(sheet_of(120)), {})
    games_per_commit: list[int] = []
    session = db.session()

    @event.listens_for(session, "before_commit")
    def count(_session) -> None:  # noqa: ANN001
        new = sum(1 for obj in _session.new if isinstance(obj, Game))
        games_per_commit.append(new + sum(1 for obj in _session.identity_map.values() if isinstance(obj, Game)))

    try:
        assert service.store(family, result, "paper score sheet") == 120
    finally:
        event.remove(session, "before_commit", count)
    # 25 games a transaction: the write lock is let go of between them
    assert games_per_commit == [service.BATCH_GAMES] * (120 // service.BATCH_GAMES) + [120 % service.BATCH_GAMES]
    assert db.session.scalar(select(func.count()).select_from(Game)) == 120


def test_a_failure_in_a_later_batch_keeps_the_batches_before_it_and_confirming_again_adds_the_rest(family, monkeypatch) -> None:
    text = sheet_of(70)
    result = service.preview(family, read_sheet(text), {})
    calls = []
    original = service._store_game

    def fail_on_the_sixtieth(*args, **kwargs):
        calls.append(1)
        if len(calls) == 60:
            raise RuntimeError("the disk is full")
        return original(*args, **kwargs)

    monkeypatch.setattr(service, "_store_game", fail_on_the_sixtieth)
    with pytest.raises(RuntimeError):
        service.store(family, result, "paper score sheet")
    assert db.session.scalar(select(func.count()).select_from(Game)) == 50  # the batches before the sixtieth game
    assert service.BATCH_GAMES == 25
    monkeypatch.setattr(service, "_store_game", original)
    again = service.preview(family, read_sheet(text), {})
    assert len(again.new_games) == 20
    assert service.store(family, again, "paper score sheet") == 20
    assert db.session.scalar(select(func.count()).select_from(Game)) == 70


def peak_of_storing(league, games: int) -> int:
    result = service.preview(league, read_sheet(sheet_of(games)), {})
    gc.collect()
    tracemalloc.start()
    try:
        service.store(league, result, "paper score sheet")
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_storing_holds_one_batch_in_memory_whatever_the_sheets_size(no_csrf_app) -> None:
    peaks = []
    for games in (50, 200):
        with no_csrf_app.app_context():
            league = create_league(f"Family {games}")
            for name in ("Ann", "Bob", "Cat"):
                add_member(league, life.find_or_add_player(name))
            db.session.commit()
            peaks.append(peak_of_storing(league, games))
    # four times the games, about the same peak (one batch's rows): the bound stated in the README, 16 MB
    assert peaks[1] < 1.5 * peaks[0], peaks
    assert peaks[1] < 16 * 1024 * 1024, peaks
