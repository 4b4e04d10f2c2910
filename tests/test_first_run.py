"""The app on the home network before it has an owner: only the one-time setup link makes the owner's account,
and ``flask create-owner`` makes it from the terminal."""

from __future__ import annotations

import pytest
from pages import parse
from sqlalchemy import select

from companion.extensions import db
from companion.models import User

LINK_SECRET = "the-link-printed-in-the-terminal"
ASK = "Ask the person who started the app"


@pytest.fixture
def fresh_app(make_fresh_app):
    """No account yet; the setup link's secret as ``flask serve`` makes it (None: a server started some other way)."""
    return lambda token=LINK_SECRET: make_fresh_app(token=token)


def usernames(app) -> list[str]:
    with app.app_context():
        return list(db.session.scalars(select(User.username)))


OWNER_FORM = {"username": "Mum", "password": "correct horse battery"}


def test_without_the_link_a_stranger_is_asked_to_find_the_person_who_started_it(fresh_app):
    app = fresh_app()
    client = app.test_client()
    response = client.get("/", follow_redirects=True)
    assert response.status_code == 403
    assert response.request.path == "/setup"
    page = parse(response.get_data(as_text=True))
    assert page.find("h1").text == "Not set up yet"
    assert ASK in page.find("main").text
    assert not page.find("main").find_all("form")  # nothing to fill in
    assert client.post("/setup", data=OWNER_FORM).status_code == 403
    assert usernames(app) == []


@pytest.mark.parametrize("token", ["wrong", LINK_SECRET[:-1], LINK_SECRET + "x", LINK_SECRET.upper(), "%00"])
def test_a_wrong_link_makes_nothing_and_says_so(fresh_app, token):
    app = fresh_app()
    client = app.test_client()
    response = client.get(f"/setup/{token}")
    assert response.status_code == 403
    assert "not the one this app printed" in parse(response.get_data(as_text=True)).find("main").text
    assert client.post(f"/setup/{token}", data=OWNER_FORM).status_code == 403
    assert usernames(app) == []


def test_with_no_link_configured_no_token_opens_setup(fresh_app):
    app = fresh_app(token=None)
    client = app.test_client()
    for token in ("None", "x", LINK_SECRET):
        assert client.post(f"/setup/{token}", data=OWNER_FORM).status_code == 403
    assert usernames(app) == []
    assert "create-owner" in client.get("/setup").get_data(as_text=True)


def test_the_link_makes_the_owner_once_then_is_dead(fresh_app):
    app = fresh_app()
    client = app.test_client()
    form_page = client.get(f"/setup/{LINK_SECRET}")
    assert form_page.status_code == 200
    assert parse(form_page.get_data(as_text=True)).find("input", name="password") is not None
    response = client.post(f"/setup/{LINK_SECRET}", data=OWNER_FORM)
    assert response.status_code == 303
    assert client.get("/").status_code == 200  # signed in as the owner
    stranger = app.test_client()
    again = stranger.post(f"/setup/{LINK_SECRET}", data={"username": "Mallory", "password": "long enough password"})
    assert again.status_code == 303 and again.headers["Location"].endswith("/login")
    assert usernames(app) == ["Mum"]


# ---------------------------------------------------------------------------
# flask create-owner


def test_create_owner_reads_the_password_from_the_environment(fresh_app, monkeypatch):
    app = fresh_app()
    monkeypatch.setenv("COMPANION_OWNER_PASSWORD", "a long enough secret")
    result = app.test_cli_runner().invoke(args=["create-owner", "Grandma"])
    assert result.exit_code == 0, result.output
    assert "Grandma owns this companion" in result.output
    client = app.test_client()
    signed_in = client.post("/login", data={"username": "grandma", "password": "a long enough secret"})
    assert signed_in.status_code == 303
    assert client.get("/").status_code == 200


def test_create_owner_asks_for_the_password_twice(fresh_app, monkeypatch):
    app = fresh_app()
    monkeypatch.delenv("COMPANION_OWNER_PASSWORD", raising=False)
    typed = "a long enough secret\na long enough secret\n"
    result = app.test_cli_runner().invoke(args=["create-owner", "Grandma"], input=typed)
    assert result.exit_code == 0, result.output
    assert "a long enough secret" not in result.output  # hidden as typed
    assert usernames(app) == ["Grandma"]


@pytest.mark.parametrize(
    ("name", "password", "message"),
    [
        ("Grandma", "short", "A password needs at least 10 characters."),
        ("   ", "a long enough secret", "Choose a name to sign in with."),
    ],
)
def test_create_owner_refuses_in_plain_words(fresh_app, monkeypatch, name, password, message):
    app = fresh_app()
    monkeypatch.setenv("COMPANION_OWNER_PASSWORD", password)
    result = app.test_cli_runner().invoke(args=["create-owner", name])
    assert result.exit_code == 1
    assert f"Error: {message}" in result.output
    assert "Traceback" not in result.output
    assert usernames(app) == []


def test_create_owner_makes_no_second_owner(fresh_app, monkeypatch):
    app = fresh_app()
    monkeypatch.setenv("COMPANION_OWNER_PASSWORD", "a long enough secret")
    runner = app.test_cli_runner()
    assert runner.invoke(args=["create-owner", "Grandma"]).exit_code == 0
    result = runner.invoke(args=["create-owner", "Mallory"])
    assert result.exit_code == 1
    assert "This app already has its owner." in result.output
    assert usernames(app) == ["Grandma"]
