"""Starting a version on a database: a newer database refused in words, an older one backed up then migrated in
one transaction, so a migration that fails midway leaves it as it was (SQLite and PostgreSQL)."""

from __future__ import annotations

import os
import shutil
import textwrap
import uuid
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from companion import autobackup, create_app
from companion.dbbackup import read_backup
from companion.extensions import db
from companion.upgrade import MigrationFailed, UpgradeRefused, database_revision, prepare
from tests.conftest import own_database
from tests.test_migrations import keep_logging, schema  # noqa: F401 (a fixture)

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
pytestmark = pytest.mark.usefixtures("keep_logging")  # migrations/env.py reconfigures logging

BEFORE_LAST, LAST = "7d4b2e9f1a63", "5e2a8c41d7b9"  # 0009_account_language, 0010_phase_made


@pytest.fixture
def empty_database(tmp_path):
    """An empty database: a SQLite file, or with TEST_DATABASE_URL a new PostgreSQL database dropped after."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        yield f"sqlite:///{tmp_path / 'upgrade.sqlite'}"
        return
    made = own_database(url, f"upgrade_{uuid.uuid4().hex[:8]}")
    yield made
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    admin = create_engine(make_url(url), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{make_url(made).database}" WITH (FORCE)')
    admin.dispose()


def make_app(url, instance):
    app = create_app({"TESTING": True, "SECRET_KEY": "upgrade", "SQLALCHEMY_DATABASE_URI": url})
    app.instance_path = str(instance)
    return app


def at_revision(app, revision):
    import flask_migrate

    with app.app_context():
        flask_migrate.upgrade(revision=revision)
        db.session.execute(text("INSERT INTO player (name, name_key, created_at) VALUES ('Ann', 'ann', '2026-11-01 20:00:00'), ('Bob', 'bob', '2026-11-01 20:00:00')"))
        db.session.commit()


def players(app):
    with app.app_context():
        return [row[0] for row in db.session.execute(text("SELECT name FROM player ORDER BY id"))]


def test_an_older_database_is_backed_up_then_migrated(empty_database, tmp_path):
    app = make_app(empty_database, tmp_path)
    at_revision(app, BEFORE_LAST)
    with app.app_context():
        backup = prepare(app, db.engine)
        assert database_revision(db.engine) == LAST
        assert {"made", "chosen_phase"} <= {column["name"] for column in inspect(db.engine).get_columns("hand_score")}
    assert backup is not None and backup.name.startswith("before-upgrade-") and BEFORE_LAST in backup.name
    saved = read_backup(backup)
    assert saved["schema"] == BEFORE_LAST
    assert [row["name"] for row in saved["tables"]["player"]] == ["Ann", "Bob"]
    assert players(app) == ["Ann", "Bob"]
    with app.app_context():
        assert prepare(app, db.engine) is None  # already this version's: nothing to back up
        db.engine.dispose()


def test_a_first_start_migrates_without_a_backup(empty_database, tmp_path):
    app = make_app(empty_database, tmp_path)
    with app.app_context():
        assert prepare(app, db.engine) is None
        assert database_revision(db.engine) == LAST
        db.engine.dispose()
    assert not (tmp_path / "backups").exists()


def test_a_database_a_newer_version_made_is_refused_in_words(empty_database, tmp_path):
    app = make_app(empty_database, tmp_path)
    at_revision(app, LAST)
    with app.app_context():
        db.session.execute(text("UPDATE alembic_version SET version_num = 'f00dfeed0011'"))
        db.session.commit()
        with pytest.raises(UpgradeRefused) as refused:
            prepare(app, db.engine)
        assert database_revision(db.engine) == "f00dfeed0011"
        db.engine.dispose()
    assert str(refused.value) == (
        "This database was last used by a newer version of Rummy Companion (its schema is f00dfeed0011; this "
        f"version knows up to {LAST}). Start that newer version again, or, to go back to this one, restore the "
        "backup taken before the upgrade (instance/backups/before-upgrade-…) into a new database: see the "
        "README, Upgrading."
    )
    assert players(app) == ["Ann", "Bob"]


def test_flask_serve_refuses_a_newer_database_before_serving(empty_database, tmp_path, monkeypatch):
    from companion import serving

    app = make_app(empty_database, tmp_path)
    at_revision(app, LAST)
    with app.app_context():
        db.session.execute(text("UPDATE alembic_version SET version_num = 'f00dfeed0011'"))
        db.session.commit()
    started = []
    monkeypatch.setattr(serving.os, "execve", lambda *args: started.append(args))
    result = app.test_cli_runner().invoke(serving.serve_command, ["--local", "--port", "5998"])
    assert result.exit_code == 1
    assert "This database was last used by a newer version of Rummy Companion" in result.output
    assert started == []
    with app.app_context():
        db.engine.dispose()


FAILING_MIGRATION = '''
"""A migration made to fail midway: it adds a table and a column, fills a row, then fails."""

import sqlalchemy as sa
from alembic import op

revision = "badbadbad011"
down_revision = "{last}"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table("half_done", sa.Column("id", sa.Integer, primary_key=True))
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("nickname", sa.String(40), nullable=True))
    op.execute("UPDATE player SET name = 'Changed'")
    raise RuntimeError("this migration fails on purpose")


def downgrade():
    pass
'''


@pytest.mark.parametrize("start", [BEFORE_LAST, LAST])
def test_a_migration_that_fails_midway_leaves_the_database_as_it_was(empty_database, tmp_path, start):
    migrations = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS, migrations, ignore=shutil.ignore_patterns("__pycache__"))
    (migrations / "versions" / "0011_fails.py").write_text(textwrap.dedent(FAILING_MIGRATION.format(last=LAST)))
    app = make_app(empty_database, tmp_path / "instance")
    at_revision(app, start)
    with app.app_context():
        before = schema(db.engine)
    app.extensions["migrate"].directory = str(migrations)
    with app.app_context():
        with pytest.raises(MigrationFailed) as failed:
            prepare(app, db.engine)
        assert database_revision(db.engine) == start
        assert schema(db.engine) == before
        assert "half_done" not in inspect(db.engine).get_table_names()
        db.engine.dispose()
    assert players(app) == ["Ann", "Bob"]
    (backup,) = autobackup.backups(tmp_path / "instance" / "backups")
    assert str(failed.value) == (
        f"Upgrading the database failed, and it was left as it was (schema {start}). Start the version you had "
        f"before; a backup was taken just now: {backup.path}. The database said: this migration fails on purpose"
    )
    assert read_backup(backup.path)["schema"] == start


def test_flask_upgrade_backs_up_and_migrates(empty_database, tmp_path):
    app = make_app(empty_database, tmp_path)
    at_revision(app, BEFORE_LAST)
    result = app.test_cli_runner().invoke(args=["upgrade"])
    assert result.exit_code == 0, result.output
    (backup,) = autobackup.backups(tmp_path / "backups")
    assert result.output.endswith(f"\nThe database is this version's. Backed up first to {backup.path}.\n")
    again = app.test_cli_runner().invoke(args=["upgrade"])
    assert again.output.splitlines()[-1] == "The database is this version's."
    with app.app_context():
        assert database_revision(db.engine) == LAST
        db.engine.dispose()
