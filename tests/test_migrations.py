"""The Alembic migrations in migrations/ build the schema the models describe."""

from __future__ import annotations

import logging

import flask_migrate
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from companion import create_app
from companion.extensions import db


@pytest.fixture
def keep_logging():
    """migrations/env.py configures logging from alembic.ini; put it back for the tests that follow."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    loggers = {
        name: (logger.disabled, logger.level, logger.handlers[:], logger.propagate)
        for name, logger in logging.Logger.manager.loggerDict.items()
        if isinstance(logger, logging.Logger)
    }
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    for name, (disabled, lvl, hdlrs, propagate) in loggers.items():
        logger = logging.getLogger(name)
        logger.disabled, logger.level, logger.handlers[:], logger.propagate = disabled, lvl, hdlrs, propagate


def make_app(path):
    return create_app({"TESTING": True, "SECRET_KEY": "migrations", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})


def schema(engine) -> dict[str, dict[str, object]]:
    """Everything the database says about each table, in a comparable form."""
    inspector = inspect(engine)
    tables = {}
    for table in sorted(set(inspector.get_table_names()) - {"alembic_version"}):
        tables[table] = {
            "columns": [(c["name"], str(c["type"]), c["nullable"]) for c in inspector.get_columns(table)],
            "primary_key": inspector.get_pk_constraint(table)["constrained_columns"],
            "foreign_keys": sorted(
                (
                    tuple(fk["constrained_columns"]),
                    fk["referred_table"],
                    tuple(fk["referred_columns"]),
                    (fk.get("options") or {}).get("ondelete"),
                )
                for fk in inspector.get_foreign_keys(table)
            ),
            "unique": sorted(
                (u["name"] or "", tuple(u["column_names"])) for u in inspector.get_unique_constraints(table)
            ),
            "indexes": sorted(
                (i["name"], tuple(i["column_names"]), bool(i["unique"])) for i in inspector.get_indexes(table)
            ),
            "checks": sorted(
                (c["name"] or "", " ".join(c["sqltext"].split())) for c in inspector.get_check_constraints(table)
            ),
        }
    return tables


def test_the_migration_creates_the_models_schema(tmp_path, keep_logging):
    migrated = make_app(tmp_path / "migrated.sqlite")
    with migrated.app_context():
        flask_migrate.upgrade()
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert differences == []
        migrated_schema = schema(db.engine)
        assert set(migrated_schema) == set(db.metadata.tables)
        for name, table in db.metadata.tables.items():
            assert [c[0] for c in migrated_schema[name]["columns"]] == [c.name for c in table.columns], name

    created = make_app(tmp_path / "created.sqlite")
    with created.app_context():
        db.create_all()
        assert schema(db.engine) == migrated_schema


def test_the_migrated_schema_keeps_one_result_per_deal(tmp_path, keep_logging):
    app = make_app(tmp_path / "migrated.sqlite")
    with app.app_context():
        flask_migrate.upgrade()
        tables = schema(db.engine)
    assert ("deal_result_once", ("game_id", "number")) in tables["deal_result"]["unique"]
    assert ("hand_score_once", ("deal_id", "position")) in tables["hand_score"]["unique"]
    assert ("seat_player_once", ("game_id", "player_id")) in tables["seat"]["unique"]
    assert ("seat_position_once", ("game_id", "position")) in tables["seat"]["unique"]


def test_the_migration_goes_down_and_up_again(tmp_path, keep_logging):
    app = make_app(tmp_path / "migrated.sqlite")
    with app.app_context():
        flask_migrate.upgrade()
        flask_migrate.downgrade(revision="base")
        assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}
        flask_migrate.upgrade()
        assert set(db.metadata.tables) <= set(inspect(db.engine).get_table_names())
