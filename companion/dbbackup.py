"""Backing up and restoring the whole database (``flask --app companion backup`` / ``restore``).

A backup is one JSON file: every row of every table, read from one
consistent snapshot while the app keeps running (SQLite: its online backup
API copies the file first; PostgreSQL: one repeatable-read, read-only
transaction). A restore writes it into an empty database at the same schema
in one transaction, so it either all arrives or nothing does.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import os
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    Engine,
    Integer,
    MetaData,
    String,
    create_engine,
    func,
    insert,
    inspect,
    select,
    text,
)
from sqlalchemy.exc import DBAPIError

from .extensions import db
from .validation import MAX_ID

FORMAT = "contract-rummy-companion/database-backup"
VERSION = 1


class RestoreError(ValueError):
    """A backup file that can't be restored here; the message says why."""


def _tables():  # noqa: ANN202
    return list(db.metadata.sorted_tables)


def _plain(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return value.isoformat()
    return value


def _read_all(connection) -> dict[str, list[dict[str, Any]]]:  # noqa: ANN001
    """Every row of every table the database holds, read as the database describes its tables (not as this
    version's models do): the backup taken before an upgrade reads a schema older than the models'."""
    found = MetaData()
    found.reflect(connection)
    data = {}
    for table in found.sorted_tables:
        if table.name == "alembic_version":
            continue
        order = [column for column in table.primary_key.columns] or list(table.columns)
        rows = connection.execute(select(table).order_by(*order)).mappings().all()
        data[table.name] = [{key: _plain(value) for key, value in row.items()} for row in rows]
    return data


def _schema_revision(connection) -> str | None:  # noqa: ANN001
    # looked up first, not tried: on PostgreSQL a failed SELECT aborts the transaction it is in
    if not inspect(connection).has_table("alembic_version"):
        return None  # a database made without migrations (tests)
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def dump(engine: Engine) -> dict[str, Any]:
    """Every row of every table, from one consistent snapshot of a running database."""
    if engine.dialect.name == "sqlite":
        source = sqlite3.connect(engine.url.database or ":memory:")
        with tempfile.TemporaryDirectory() as directory:
            copy_path = Path(directory) / "snapshot.sqlite"
            target = sqlite3.connect(copy_path)
            with target:
                source.backup(target)  # SQLite's online backup: a consistent copy, writers keep going
            target.close()
            source.close()
            snapshot = create_engine(f"sqlite:///{copy_path}")
            with snapshot.connect() as connection:
                tables, revision = _read_all(connection), _schema_revision(connection)
            snapshot.dispose()
    else:
        with engine.connect().execution_options(isolation_level="REPEATABLE READ", postgresql_readonly=True) as connection:
            with connection.begin():
                tables, revision = _read_all(connection), _schema_revision(connection)
    return {
        "format": FORMAT,
        "version": VERSION,
        "schema": revision,
        "made_at": dt.datetime.now(dt.UTC).isoformat(),
        "tables": tables,
    }


def _revive(table, row: dict[str, Any]) -> dict[str, Any]:  # noqa: ANN001
    """A JSON row back to column values (timestamps and booleans)."""
    if not isinstance(row, dict):
        raise RestoreError(f"Table {table.name}: a row is not an object of column values.")
    unknown = set(row) - {column.name for column in table.columns}
    if unknown:
        names = ", ".join(sorted(unknown))
        raise RestoreError(f"Table {table.name}: a row has columns this version does not know: {names}.")
    values = {}
    for column in table.columns:
        if column.name not in row:
            raise RestoreError(f"Table {table.name}: a row has no {column.name}.")
        values[column.name] = _revived_value(column, row[column.name], f"Table {table.name}: {column.name}")
    return values


def _revived_value(column, value: Any, where: str) -> Any:  # noqa: ANN001
    """One column's value from the file, checked as its column's type; ``where`` names it in the sentence."""
    if value is None:
        if not column.nullable:
            raise RestoreError(f"{where} can't be empty.")
        return None
    for kind, revive in _REVIVERS:
        if isinstance(column.type, kind):
            return revive(value, column, where)
    return value


def _time_value(value: Any, _column, where: str) -> dt.datetime:  # noqa: ANN001
    try:
        return dt.datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise RestoreError(f"{where} {_short(value)} is not a time.") from None


def _bool_value(value: Any, _column, where: str) -> bool:  # noqa: ANN001
    if not isinstance(value, bool):  # "false" is text, and bool("false") is True
        raise RestoreError(f"{where} {_short(value)} is not true or false.")
    return value


def _whole_value(value: Any, _column, where: str) -> int:  # noqa: ANN001
    if isinstance(value, bool) or not isinstance(value, int) or not -MAX_ID <= value <= MAX_ID:
        raise RestoreError(f"{where} {_short(value)} is not a whole number a table holds.")
    return value


def _text_value(value: Any, column, where: str) -> str:  # noqa: ANN001
    if not isinstance(value, str):
        raise RestoreError(f"{where} {_short(value)} is not text.")
    if column.type.length is not None and len(value) > column.type.length:
        raise RestoreError(f"{where} is longer than {column.type.length} characters.")
    if "\x00" in value or any("\ud800" <= char <= "\udfff" for char in value):
        raise RestoreError(f"{where} holds a character no database stores.")
    return value


#: How a column's value is read back, by the column's type (the first that matches).
_REVIVERS = ((DateTime, _time_value), (Boolean, _bool_value), (Integer, _whole_value), (String, _text_value))


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 30 else text[:27] + "..."


def _check_references(connection) -> None:  # noqa: ANN001
    """Every foreign key of the restored rows points at a row (SQLite doesn't check them unless asked)."""
    for table in _tables():
        for key in table.foreign_keys:
            column, target = key.parent, key.column
            orphans = connection.execute(
                select(func.count())
                .select_from(table)
                .where(column.is_not(None), ~select(target).where(target == column).exists())
            ).scalar()
            if orphans:
                raise RestoreError(
                    f"Table {table.name}: {orphans} row(s) name a {target.table.name} by {column.name} "
                    "that the backup doesn't hold."
                )


DERIVED_TABLES = {"game_result"}
"""Summaries derived from the facts: not taken from the file, rebuilt from the restored games."""


def restore(engine: Engine, backup: dict[str, Any], *, replace: bool = False) -> int:
    """Write a backup into the database in one transaction; the number of rows written.

    The database must have the schema (``flask db upgrade``) and be empty,
    unless ``replace`` says to delete what is there first.
    """
    tables_data = _checked_tables(backup)
    with engine.begin() as connection:
        _check_target(connection, backup.get("schema"), replace=replace)
        for table in reversed(_tables()):
            connection.execute(table.delete())
        written = _insert_rows(connection, tables_data)
        _check_references(connection)
        written += _rebuild_results(connection)
        if connection.dialect.name == "postgresql":
            _reset_id_sequences(connection)
    return written


def _checked_tables(backup: Any) -> dict[str, Any]:
    """The backup's rows by table name, from a file of this format and version naming only known tables."""
    if not isinstance(backup, dict) or backup.get("format") != FORMAT or backup.get("version") != VERSION:
        raise RestoreError("This is not a companion database backup (or it is from another version).")
    tables_data = backup.get("tables")
    if not isinstance(tables_data, dict):
        raise RestoreError("The backup has no tables.")
    known = {table.name for table in _tables()}
    unknown = set(tables_data) - known
    if unknown:
        raise RestoreError(f"The backup has tables this version does not know: {', '.join(sorted(unknown))}.")
    return tables_data


def _check_target(connection, schema: Any, *, replace: bool) -> None:  # noqa: ANN001
    """The database must be at the backup's schema, and empty unless ``replace`` says to empty it."""
    revision = _schema_revision(connection)
    if schema and revision and schema != revision:
        raise RestoreError(f"The backup is of schema {schema}, the database of {revision}: upgrade first.")
    nonempty = [t.name for t in _tables() if connection.execute(select(func.count()).select_from(t)).scalar()]
    if nonempty and not replace:
        raise RestoreError(f"The database is not empty ({', '.join(nonempty)}): restore into an empty one, or use --replace.")


def _insert_rows(connection, tables_data: dict[str, Any]) -> int:  # noqa: ANN001
    """Insert each table's rows, parents first (derived tables are skipped); the number written."""
    written = 0
    for table in _tables():
        rows = tables_data.get(table.name, [])
        if not isinstance(rows, list):
            raise RestoreError(f"Table {table.name} is not a list of rows.")
        if table.name in DERIVED_TABLES or not rows:
            continue
        try:
            connection.execute(table.insert(), [_revive(table, row) for row in rows])
        except DBAPIError as error:  # a duplicate key, a missing value, a broken constraint
            reason = str(error.orig).strip().splitlines()[0] if error.orig is not None else type(error).__name__
            raise RestoreError(f"Table {table.name}: its rows don't fit the database ({reason}).") from None
        written += len(rows)
    return written


def _reset_id_sequences(connection) -> None:  # noqa: ANN001
    """PostgreSQL: each id sequence continues after the restored rows' largest id."""
    for table in _tables():
        if "id" in table.columns and table.columns["id"].primary_key:
            connection.execute(
                text(
                    f"SELECT setval(pg_get_serial_sequence('\"{table.name}\"', 'id'), "
                    f"COALESCE((SELECT MAX(id) FROM \"{table.name}\"), 0) + 1, false)"
                )
            )


def _rebuild_results(connection) -> int:  # noqa: ANN001
    """The standings' summaries, recomputed from the restored deals in the same transaction."""
    from sqlalchemy.orm import Session

    from .games.history import totals_only_games
    from .leagues.summary import result_rows
    from .models import Game, GameResult

    session = Session(bind=connection)
    try:
        rows = []
        totals_only = totals_only_games(session, list(session.scalars(select(Game.id))))
        for game in session.scalars(select(Game).order_by(Game.id)):
            try:
                rows += result_rows(game, totals_only=game.id in totals_only)
            except (ValueError, KeyError, TypeError) as error:
                raise RestoreError(f"Game {game.id}: its rules or deals don't add up ({error}).") from None
        if rows:
            session.execute(insert(GameResult), rows)
        session.flush()
        return len(rows)
    finally:
        session.close()


def write_backup(engine: Engine, path: Path) -> int:
    """Write the backup to ``path``; the number of rows.

    UTF-8 whatever the locale (names have accents), and written beside the
    target then moved over it, so an earlier backup is never left half overwritten.
    """
    data = dump(engine)
    partial = path.with_name(f".{path.name}.partial")
    try:
        # readable by its owner only (0600) from its first byte: it holds password hashes and link secrets
        partial.unlink(missing_ok=True)
        descriptor = os.open(partial, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(json.dumps(data, ensure_ascii=False))
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    return sum(len(rows) for rows in data["tables"].values())


def read_backup(path: Path) -> dict[str, Any]:
    """A backup file as written by ``flask backup`` (JSON) or the automatic backups (the same, gzipped)."""
    try:
        raw = path.read_bytes()
        if raw[:2] == b"\x1f\x8b":  # gzip's magic number: an automatic backup (companion.autobackup)
            raw = gzip.decompress(raw)
        return json.loads(raw.decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise RestoreError(f"Can't read {path}: {error}") from None
