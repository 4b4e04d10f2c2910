"""Shared fixtures: the app, a test client, the CLI runner (as in Flask's tutorial), and game helpers."""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from sqlalchemy import create_engine, select
from werkzeug.security import generate_password_hash

from companion import create_app
from companion.extensions import db
from companion.models import User

OWNER_NAME = "Owner"
OWNER_PASSWORD = "owner-password-123"
# Hashed once: a password hash is slow on purpose, and most tests only need someone signed in.
OWNER_HASH = generate_password_hash(OWNER_PASSWORD)


def own_database(url: str, suffix: str) -> str:
    """A PostgreSQL database beside ``url``'s on the same server (``companion_<suffix>``), made when missing."""
    from sqlalchemy.engine import make_url

    base = make_url(url)
    name = f"{base.database}_{suffix}"
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        if connection.exec_driver_sql("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).first() is None:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def pytest_configure(config) -> None:
    """Under pytest-xdist, each worker process gets a PostgreSQL database of its own on the one test server.

    ``make test`` runs the suite in two worker processes (``-n 2``); on its PostgreSQL pass both would
    otherwise empty and fill one database under each other's tests. Each worker's database is made from
    ``TEST_DATABASE_URL`` by adding the worker's name (``companion_gw0``), and every test, fixture and
    server started by a test reads the variable as before. SQLite needs nothing: each test has its own file.
    """
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    url = os.environ.get("TEST_DATABASE_URL")
    if worker and url and url.startswith("postgresql"):
        os.environ["TEST_DATABASE_URL"] = own_database(url, worker)


def add_owner(app) -> int:
    """The first account (the owner), so the app is past its first-run setup; its id."""
    with app.app_context():
        existing = db.session.query(User).filter_by(username_key=User.key_for(OWNER_NAME)).first()
        if existing is not None:  # two apps on one database file
            return existing.id
        user = User(username=OWNER_NAME, username_key=User.key_for(OWNER_NAME), password_hash=OWNER_HASH, is_owner=True)
        db.session.add(user)
        db.session.commit()
        return user.id


def venv_tool(name: str) -> str:
    """A command of this test run's virtualenv (gunicorn, flask), else the one on PATH."""
    local = Path(sys.executable).parent / name
    return str(local) if local.exists() else (shutil.which(name) or name)


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on just now, on ``host``."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def fuzz(max_examples: int) -> settings:
    """The property tests' settings: seeded (the same examples every run), no deadline, no health checks."""
    return settings(
        max_examples=max_examples, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
    )


def stored_rows(app=None, *, skip=(), derived=()) -> dict[str, list[tuple]]:  # noqa: ANN001
    """Every row of every table, in key order: "nothing stored" means this is unchanged.

    In ``app``'s context, or the one already open. Tables in ``skip`` are left out; tables in ``derived``
    (rebuilt from the stored facts, so a PostgreSQL sequence may number them anew) are read without their
    surrogate ids.
    """
    if app is not None:
        with app.app_context():
            return stored_rows(skip=skip, derived=derived)
    tables = {}
    for table in db.metadata.sorted_tables:
        if table.name in skip:
            continue
        if table.name in derived:
            columns = [c for c in table.columns if not c.primary_key]
            tables[table.name] = [tuple(row) for row in db.session.execute(select(*columns).order_by(*columns))]
        else:
            order = list(table.primary_key.columns) or list(table.columns)
            tables[table.name] = [tuple(row) for row in db.session.execute(select(table).order_by(*order))]
    return tables


def sign_in(client, user_id: int) -> None:
    """Sign a test client in as an account: a server-side session, kept in the cookie as Flask-Login keeps it."""
    from companion.models import LoginSession

    token = secrets.token_urlsafe(32)
    with client.application.app_context():
        db.session.add(LoginSession(user_id=user_id, token=token, agent="test client"))
        db.session.commit()
    with client.session_transaction() as session:
        session["_user_id"] = f"{user_id}:{token}"
        session["_fresh"] = True


@pytest.fixture
def database_uri(tmp_path) -> str:
    """The test's database: a fresh SQLite file, or with TEST_DATABASE_URL a PostgreSQL database emptied for it."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        return f"sqlite:///{tmp_path / 'test.sqlite'}"
    with _postgres_engine(url).begin() as connection:
        fingerprint = _schema_fingerprint(connection)
        if _emptied_schemas.get(url) == fingerprint:
            # The tables are the ones create_all made here before: emptying them (ids from 1 again) is what
            # a rebuild would give, in a third of its time, over the suite's ~840 database tests.
            tables = ", ".join(connection.dialect.identifier_preparer.quote(t.name) for t in db.metadata.sorted_tables)
            connection.exec_driver_sql(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
        else:  # first use, or a test changed the schema (migrations, backups): build it again
            db.metadata.drop_all(connection)
            db.metadata.create_all(connection)
            _emptied_schemas[url] = _schema_fingerprint(connection)
    return url


#: Per database URL, the schema's fingerprint right after this process built it with create_all.
_emptied_schemas: dict[str, tuple] = {}
_engines: dict[str, object] = {}


def _postgres_engine(url: str):  # noqa: ANN202
    """One engine per database for the whole run: a connection per test costs more than emptying the tables."""
    if url not in _engines:
        _engines[url] = create_engine(url)
    return _engines[url]


def _schema_fingerprint(connection) -> tuple:  # noqa: ANN001
    """Every table's columns, types, defaults and constraints: any change a test made to the schema shows here."""
    columns = connection.exec_driver_sql(
        "SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns"
        " WHERE table_schema = current_schema() ORDER BY 1, 2"
    ).all()
    constraints = connection.exec_driver_sql(
        "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint"
        " WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2"
    ).all()
    indexes = connection.exec_driver_sql(
        "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1"
    ).all()
    return tuple(map(tuple, columns + constraints + indexes))


@pytest.fixture
def app(database_uri, tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": database_uri,
            "PENDING_IMPORTS_FOLDER": str(tmp_path / "pending-imports"),  # never the repository's instance folder
        }
    )
    with app.app_context():
        db.create_all()
    app.config["OWNER_ID"] = add_owner(app)
    yield app
    _dispose(app)


def _dispose(app) -> None:
    """Close the app's connections (a PostgreSQL server counts them)."""
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app):
    """A client signed in as the owner (CSRF on)."""
    client = app.test_client()
    sign_in(client, app.config["OWNER_ID"])
    return client


@pytest.fixture
def anon_client(app):
    """A client nobody signed in on."""
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def no_csrf_app(database_uri, tmp_path):
    """The app with CSRF off, for view tests that post forms directly (CSRF has its own tests)."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": database_uri,
            "PENDING_IMPORTS_FOLDER": str(tmp_path / "pending-imports"),
        }
    )
    with app.app_context():
        db.create_all()
    app.config["OWNER_ID"] = add_owner(app)
    yield app
    _dispose(app)


@pytest.fixture
def form_client(no_csrf_app):
    """A client signed in as the owner, with CSRF off."""
    client = no_csrf_app.test_client()
    sign_in(client, no_csrf_app.config["OWNER_ID"])
    return client


def start_game_via_form(client, names, ruleset="contract", first_dealer="0", options=()):
    """Post the new-game form seating ``names`` clockwise; the game's URL."""
    data = {"ruleset": ruleset, "first_dealer": first_dealer, "options": list(options)}
    for index, name in enumerate(names):
        data[f"seats-{index}-new_name"] = name
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


@pytest.fixture
def make_game(form_client):
    """A factory: ``make_game(["Ann", "Bob", "Cat"], ruleset="contract")`` returns the game's URL."""

    def make(names=("Ann", "Bob", "Cat", "Dan"), **kwargs):
        return start_game_via_form(form_client, names, **kwargs)

    return make


#: The one-time setup link's secret in tests, as `flask serve` makes one.
SETUP_TOKEN = "one-time-setup-secret"


@pytest.fixture
def make_fresh_app(database_uri):
    """Apps with no account yet (first run): ``make(csrf=False, token=SETUP_TOKEN)``; token None is a server
    started some other way. The environment is read when each is made."""
    made = []

    def make(*, csrf: bool = False, token: str | None = SETUP_TOKEN):
        app = create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "test-secret",
                "WTF_CSRF_ENABLED": csrf,
                "SQLALCHEMY_DATABASE_URI": database_uri,
                "SETUP_TOKEN": token,
            }
        )
        with app.app_context():
            db.create_all()
        made.append(app)
        return app

    yield make
    for app in made:
        with app.app_context():
            db.engine.dispose()


BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


def pytest_collection_modifyitems(config, items) -> None:
    """With COMPANION_DATABASE_TESTS_ONLY=1 (make test's PostgreSQL pass), run only what can touch a database.

    The rules engine's tests and doctests never open a database, so running them again on PostgreSQL
    proves nothing new and doubles the suite's slowest part. A test is kept when it takes the
    `database_uri` fixture (directly or through `app`, `client` ...), and a module is kept whole when it
    reads TEST_DATABASE_URL itself (its tests start servers of their own). The browser tests run once, on
    SQLite: they check what a phone shows and does, and every page's database work (two phones at once
    included) is run on PostgreSQL by the page, race and storage tests (a second browser pass cost the suite
    about four minutes).
    """
    if os.environ.get("COMPANION_DATABASE_TESTS_ONLY") != "1":
        return
    reads_the_url: dict[str, bool] = {}
    keep: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        path = str(item.path)
        if path not in reads_the_url:
            reads_the_url[path] = path.endswith(".py") and "TEST_DATABASE_URL" in Path(path).read_text("utf-8")
        in_a_browser = BROWSER_TESTS in item.path.parents
        uses_database = "database_uri" in getattr(item, "fixturenames", ())
        (keep if (uses_database or reads_the_url[path]) and not in_a_browser else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep
