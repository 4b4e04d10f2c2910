"""A league backup restores in batches, each its own short transaction, within a memory bound, and a failure in
any batch takes away everything the restore wrote.

The league restored is a paper sheet of a hand-written seven-deal game repeated on many days, brought into a
league and backed up with the app's own exporter.
"""

from __future__ import annotations

import gc
import json
import tracemalloc

import pytest
from sqlalchemy import event, func, select

from companion.extensions import db
from companion.games import life
from companion.history import service
from companion.history.paper import read_sheet
from companion.leagues import imports
from companion.leagues.exports import checksum, league_backup
from companion.leagues.service import add_member, create_league
from companion.models import Game, League, Player, league_member

from test_history_import_limits import sheet_of


def backup_of_games(games: int) -> bytes:
    """The backup file of a league "Family" of ``games`` games, renamed "Family again" (so it restores beside it)."""
    league = create_league("Family")
    for name in ("Ann", "Bob", "Cat"):
        add_member(league, life.find_or_add_player(name))
    db.session.commit()
    service.store(league, service.preview(league, read_sheet(sheet_of(games)), {}), "paper score sheet")
    data = league_backup(db.session.get(League, league.id))
    data["league"]["name"] = "Family again"
    data["league"]["members"].append("Zed")  # a player only the restore adds
    data["checksum"] = checksum(data)
    db.session.expunge_all()
    return json.dumps(data).encode()


def every_row() -> dict[str, int]:
    counts = {table.name: db.session.scalar(select(func.count()).select_from(table)) for table in db.metadata.sorted_tables}
    counts["league_member"] = db.session.scalar(select(func.count()).select_from(league_member))
    return counts


@pytest.fixture
def ctx(no_csrf_app):
    with no_csrf_app.app_context():
        yield no_csrf_app


def test_a_restore_is_written_in_batches_each_its_own_short_transaction(ctx) -> None:
    checked = imports.validate_backup(json.loads(backup_of_games(120)))
    games_per_commit: list[int] = []
    session = db.session()

    @event.listens_for(session, "before_commit")
    def count(_session) -> None:  # noqa: ANN001
        games_per_commit.append(sum(1 for obj in [*_session.new, *_session.identity_map.values()] if isinstance(obj, Game)))

    try:
        league = imports.restore_checked(checked, batch=50)
    finally:
        event.remove(session, "before_commit", count)
    assert games_per_commit == [50, 50, 20]
    assert db.session.scalar(select(func.count()).select_from(Game).where(Game.league_id == league.id)) == 120
    assert Player.by_name("Zed") in league.members


def test_a_failure_in_a_later_batch_takes_away_everything_the_restore_wrote(ctx, monkeypatch) -> None:
    content = backup_of_games(120)
    before = every_row()
    from companion.games import history

    real_touch = history.touch
    calls = []

    def failing_touch(game):  # noqa: ANN001
        calls.append(game)
        if len(calls) == 110:  # in the third batch: two are committed by then
            raise RuntimeError("the disk is full")
        real_touch(game)

    monkeypatch.setattr(history, "touch", failing_touch)
    with pytest.raises(RuntimeError):
        imports.restore_checked(imports.validate_backup(json.loads(content)), batch=50)
    assert len(calls) == 110
    assert every_row() == before
    assert Player.by_name("Zed") is None
    monkeypatch.setattr(history, "touch", real_touch)
    league = imports.restore_checked(imports.validate_backup(json.loads(content)), batch=50)  # whole, once nothing stops it
    assert db.session.scalar(select(func.count()).select_from(Game).where(Game.league_id == league.id)) == 120


def test_a_restore_holds_the_checked_file_and_one_batch_in_memory(ctx) -> None:
    content = backup_of_games(250)
    gc.collect()
    tracemalloc.start()
    try:
        data = json.loads(content)
        checked = imports.validate_backup(data)
        checking = tracemalloc.get_traced_memory()[1]
        del data
        held = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        imports.restore_checked(checked, batch=50)
        writing = tracemalloc.get_traced_memory()[1] - held
    finally:
        tracemalloc.stop()
    # the bound the README states: checking a file of S bytes takes at most 6 S; writing it, one batch (50 games
    # here: a few megabytes) over the checked values, whatever the number of games
    assert checking <= 6 * len(content), (checking, len(content))
    assert writing <= 16 * 1024 * 1024, writing  # SQLite under 12 MB, PostgreSQL's driver 14.7 MB measured
