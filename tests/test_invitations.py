"""Invitations name the player the new account will be; the owner can make that player before any game."""

from __future__ import annotations

from pages import parse

from companion.models import Invite, Player
from test_games import reading


def invite(client, **data):
    response = client.post("/account/invites", data={"invite_player": "", "new_player": "", **data})
    return response, parse(response.get_data(as_text=True))


def test_the_owner_invites_a_new_player_before_any_game(form_client, no_csrf_app):
    response, doc = invite(form_client, new_player="  Grandma   Rose ")
    assert response.status_code == 200
    link = doc.find("input", cls="link-text").attrs["value"]
    assert "/invite/" in link
    assert "Send this link to Grandma Rose (it works once, for 7 days):" in " ".join(doc.text.split())
    assert doc.find(cls="qr").find("svg") is not None
    buttons = doc.find(cls="share-buttons")
    assert buttons.attrs["data-share-url"] == link and "hidden" in buttons.attrs  # shown by share.js
    with reading(no_csrf_app) as session:
        player = session.query(Player).filter_by(name="Grandma Rose").one()
        assert session.query(Invite).one().player_id == player.id
    # the invitee's page says who they will be
    token = link.rsplit("/", 1)[1]
    page = parse(no_csrf_app.test_client().get(f"/invite/{token}").get_data(as_text=True))
    assert "You were invited as Grandma Rose at the table" in " ".join(page.text.split())


def test_an_invitation_for_a_known_player_and_refusals(form_client, no_csrf_app):
    invite(form_client, new_player="Ann")
    with reading(no_csrf_app) as session:
        ann = session.query(Player).filter_by(name="Ann").one().id
    response, doc = invite(form_client, invite_player=str(ann), new_player="Bob")
    assert response.status_code == 422
    assert doc.find(id="new-player-error").text == "Pick a player or type a new name, not both."
    response, doc = invite(form_client, new_player="x" * 41)
    assert response.status_code == 422 and doc.find(id="new-player-error").text
    response, doc = invite(form_client, invite_player="99999")
    assert response.status_code == 422
    with reading(no_csrf_app) as session:
        assert session.query(Invite).count() == 1
        assert session.query(Player).count() == 1


def test_an_empty_sign_up_form_shows_every_error(form_client, no_csrf_app):
    response, doc = invite(form_client, new_player="Cat")
    token = doc.find("input", cls="link-text").attrs["value"].rsplit("/", 1)[1]
    response = no_csrf_app.test_client().post(f"/invite/{token}", data={"username": "", "password": ""})
    assert response.status_code == 422
    text = " ".join(parse(response.get_data(as_text=True)).text.split())
    assert "Choose a name to sign in with." in text
    assert "A password needs at least 10 characters." in text
