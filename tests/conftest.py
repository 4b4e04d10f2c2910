"""Shared fixtures: the app, a test client, the CLI runner (as in Flask's tutorial), and game helpers."""

from __future__ import annotations

import pytest

from companion import create_app
from companion.extensions import db


@pytest.fixture
def app(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'test.sqlite'}",
        }
    )
    with app.app_context():
        db.create_all()
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def no_csrf_app(tmp_path):
    """The app with CSRF off, for view tests that post forms directly (CSRF has its own tests)."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'test.sqlite'}",
        }
    )
    with app.app_context():
        db.create_all()
    yield app


@pytest.fixture
def form_client(no_csrf_app):
    return no_csrf_app.test_client()


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
