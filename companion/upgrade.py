"""Starting a version: refuse a database a newer version made, back up, then migrate in one transaction.

``flask serve`` (``make run``, the container) calls :func:`prepare` before it
serves. An upgrade is then: stop the app, put the new version in place,
start it. If the database's schema is older than this version's, a backup
is taken first (``instance/backups/before-upgrade-…``), then every pending
migration runs inside one transaction (``migrations/env.py``: PostgreSQL's
DDL is transactional, and SQLite's is too once the driver stops committing
on its own), so a migration that fails midway leaves the database exactly
as it was, and says so. Going back is starting the older version on a
restore of that backup; an older version started on a newer database
refuses with a sentence that says so, instead of running on a schema it
doesn't know.
"""

from __future__ import annotations

from pathlib import Path

from alembic.script import ScriptDirectory
from flask import Flask
from flask_babel import gettext
from alembic import command
from sqlalchemy import Engine, inspect, text

from . import autobackup


class UpgradeRefused(RuntimeError):
    """This version can't start on this database; the message says why and what to do."""


class MigrationFailed(RuntimeError):
    """A migration failed and the database was left as it was; the message says so."""


def database_revision(engine: Engine) -> str | None:
    """The migration the database is at, or None for a database without tables (a first start)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def scripts(app: Flask) -> ScriptDirectory:
    """This version's migrations."""
    migrate = app.extensions["migrate"]
    return ScriptDirectory.from_config(migrate.migrate.get_config(migrate.directory))


def migrate_to_head(app: Flask) -> None:
    """Run every pending migration (alembic itself: Flask-Migrate's wrapper turns a failure into an exit)."""
    migrate = app.extensions["migrate"]
    command.upgrade(migrate.migrate.get_config(migrate.directory), "head")


def prepare(app: Flask, engine: Engine) -> Path | None:
    """Make the database this version's: refuse a newer one, back up an older one, migrate. The backup taken,
    if any (none on a first start, nor when the database is already this version's)."""
    directory = scripts(app)
    head = directory.get_current_head()
    current = database_revision(engine)
    if current is not None and current not in {script.revision for script in directory.walk_revisions()}:
        raise UpgradeRefused(
            gettext(
                "This database was last used by a newer version of Rummy Companion (its schema is %(found)s; this "
                "version knows up to %(head)s). Start that newer version again, or, to go back to this one, restore "
                "the backup taken before the upgrade (instance/backups/before-upgrade-…) into a new database: see "
                "the README, Upgrading.",
                found=current,
                head=head,
            )
        )
    backup = None
    if current is not None and current != head:
        where = autobackup.folder(app.instance_path)
        backup = autobackup.take(engine, where, autobackup.BEFORE_UPGRADE, note=current)
        autobackup.prune(where, *autobackup.retention(app.config))
    try:
        migrate_to_head(app)
    except Exception as error:  # any failure of a migration: the transaction rolled it all back
        raise MigrationFailed(_failure_sentence(current, backup, error)) from error
    return backup


def _failure_sentence(current: str | None, backup: Path | None, error: Exception) -> str:
    cause = str(error).splitlines()[0][:200] if str(error) else type(error).__name__
    if backup is None:
        return gettext(
            "Upgrading the database failed, and it was left as it was (empty). The database said: %(cause)s",
            cause=cause,
        )
    return gettext(
        "Upgrading the database failed, and it was left as it was (schema %(found)s). Start the version you had "
        "before; a backup was taken just now: %(backup)s. The database said: %(cause)s",
        found=current,
        backup=str(backup),
        cause=cause,
    )
