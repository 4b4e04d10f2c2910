"""Finding 3: links to share (watch links, invitations, QR codes) come from COMPANION_ORIGIN, never from headers.

A ``Host`` or ``X-Forwarded-Host`` header of ``evil.example`` once went
into the cached game page's watch link and QR code for every later reader.
"""

from __future__ import annotations

import pytest
from conftest import sign_in
from pages import parse

from companion import create_app
from companion.extensions import db

EVIL = {"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"}
EVIL_HOST = {"HTTP_HOST": "evil.example"}  # the Host header (set in the environ: the test client's cookies stay)


def evil_host(client) -> dict[str, str]:
    """A ``Host: evil.example`` header for the request; the signed-in session goes along to that host."""
    cookie = client.get_cookie("session")
    if cookie is not None:
        client.set_cookie("session", cookie.value, domain="evil.example")
    return EVIL_HOST


def watch_link(client, path: str, headers: dict[str, str] | None = None) -> str:
    response = client.get(path, headers=headers or {}, environ_overrides=evil_host(client) if headers else {})
    assert response.status_code == 200, response.status_code
    return parse(response.get_data(as_text=True)).find("input", **{"aria-label": "Watch link"}).attrs["value"]


def test_a_poisoned_host_header_never_reaches_the_cached_watch_link(make_game, form_client):
    game = make_game()
    poisoned = watch_link(form_client, game, EVIL)
    later = watch_link(form_client, game)
    assert poisoned == later
    assert later.startswith("http://localhost/watch/g/")
    page = form_client.get(game).get_data(as_text=True)
    assert "evil.example" not in page


def test_share_and_invitation_links_start_with_the_configured_origin(make_game, form_client, no_csrf_app):
    no_csrf_app.config["COMPANION_ORIGIN"] = "https://rummy.example"
    game = make_game()
    assert watch_link(form_client, game, EVIL).startswith("https://rummy.example/watch/g/")
    response = form_client.post("/leagues/", data={"name": "Family"})
    league = response.headers["Location"]
    assert watch_link(form_client, league, EVIL).startswith("https://rummy.example/watch/l/")
    page = parse(form_client.post("/account/invites", data={"invite_player": ""}, headers=EVIL, environ_overrides=evil_host(form_client)).get_data(as_text=True))
    invite = page.find("input", **{"aria-label": "Invitation link"}).attrs["value"]
    assert invite.startswith("https://rummy.example/invite/")


def test_the_server_address_is_the_default_origin(make_game, form_client):
    """Without the setting, the address the server listens on (the WSGI server's own, not the Host header)."""
    game = make_game()
    served = {"SERVER_NAME": "192.168.1.20", "SERVER_PORT": "8000", **evil_host(form_client)}
    link = parse(
        form_client.get(game, environ_overrides=served).get_data(as_text=True)
    ).find("input", **{"aria-label": "Watch link"}).attrs["value"]
    assert link.startswith("http://192.168.1.20:8000/watch/g/")


def test_behind_the_https_proxy_a_forwarded_host_is_not_trusted(monkeypatch, database_uri):
    monkeypatch.setenv("COMPANION_HTTPS", "1")
    monkeypatch.setenv("COMPANION_ORIGIN", "https://rummy.example/")
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False, "SQLALCHEMY_DATABASE_URI": database_uri})
    assert app.config["COMPANION_ORIGIN"] == "https://rummy.example"
    app.config["SESSION_COOKIE_SECURE"] = False  # the test client speaks plain HTTP
    with app.app_context():
        db.create_all()
    from conftest import add_owner

    client = app.test_client()
    sign_in(client, add_owner(app))
    data = {"ruleset": "contract", "first_dealer": "0", "seats-0-new_name": "Ann", "seats-1-new_name": "Bob", "seats-2-new_name": "Cat"}
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]
    game = response.headers["Location"]
    assert watch_link(client, game, EVIL).startswith("https://rummy.example/watch/g/")
    with app.app_context():
        db.engine.dispose()


@pytest.mark.parametrize("origin", ["rummy.example", "ftp://rummy.example", "https://rummy.example/path", "https://a b"])
def test_a_malformed_origin_stops_the_app_at_start_with_a_sentence(monkeypatch, origin):
    monkeypatch.setenv("COMPANION_ORIGIN", origin)
    with pytest.raises(RuntimeError, match="COMPANION_ORIGIN must look like"):
        create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
