"""First-run setups racing on a real server: exactly one owner, whatever races, and never a 500.

An attack once sent eight ``POST /setup/<token>`` at the same moment with
different names and made eight owners (SQLite and PostgreSQL); a double tap
of one name answered one 303 and 500s. Here phones holding the one-time link
race on gunicorn over a database built by the migrations (whose one-owner
index is part of the fix): one phone becomes the owner and is signed in, every
other one is sent to the sign-in page with "This app already has its owner."
The server fixture fails the test on any traceback in the server's log.
"""

from __future__ import annotations

import secrets

import pytest
from sqlalchemy import func, select

from companion import create_app
from companion.extensions import db
from companion.models import User
from tests.test_concurrency import DATABASES, Phone, _csrf, race, serving

PASSWORD = "owner-password-123"


@pytest.fixture
def server(request, tmp_path):
    """tests/test_concurrency.py's server, with the one-time setup link configured before it starts."""
    token = secrets.token_urlsafe(16)
    with serving(request.param, tmp_path, config=f"SETUP_TOKEN = {token!r}\n") as running:
        running.token = token
        yield running


def _owners(url: str) -> list[str]:
    app = create_app({"TESTING": True, "SECRET_KEY": "race-check", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        names = list(db.session.scalars(select(User.username).where(User.is_owner)))
        total = db.session.scalar(select(func.count()).select_from(User))
        db.session.remove()
        db.engine.dispose()
    assert total == len(names), "only the owner's account may exist after the first run"
    return names


def _setup_race(server, names: list[str]):
    phones = [Phone(server.port, name) for name in names]
    path = f"/setup/{server.token}"
    for phone in phones:
        page = phone.send("GET", path)
        assert page.status == 200, page.status
        phone.csrf = _csrf(page.body)
    requests = [
        ("POST", path, {"username": name, "password": PASSWORD, "confirm": PASSWORD}, {}) for name in names
    ]
    return phones, race(phones, requests)


@pytest.mark.parametrize("server", DATABASES, indirect=True)
def test_eight_setups_with_different_names_make_exactly_one_owner(server):
    names = [f"Owner{i}" for i in range(8)]
    phones, answers = _setup_race(server, names)
    assert all(answer.status == 303 for answer in answers), [a.status for a in answers]
    winners = [phone.username for phone, answer in zip(phones, answers, strict=True) if answer.location.endswith("/")]
    losers = [answer for answer in answers if "/login" in answer.location]
    assert _owners(server.url) == winners
    assert len(winners) == 1 and len(losers) == 7, [a.location for a in answers]
    loser = phones[answers.index(losers[0])]
    assert "This app already has its owner." in loser.open("/login")


@pytest.mark.parametrize("server", DATABASES, indirect=True)
def test_a_double_tap_of_one_name_makes_one_owner_and_no_error(server):
    phones, answers = _setup_race(server, ["Grandma", "Grandma", "Grandma"])
    assert all(answer.status == 303 for answer in answers), [(a.status, a.body[:300]) for a in answers]
    assert _owners(server.url) == ["Grandma"]
    assert sum(answer.location.endswith("/") for answer in answers) == 1
