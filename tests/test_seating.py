"""Seating a game from a league: who plays, their order from the first dealer, remembered for next time."""

from __future__ import annotations

import json

from test_games import game_id, page, reading

from companion.models import Game, League


def make_league(client, app, names):
    client.post("/leagues/", data={"name": "Kitchen"})
    with reading(app) as session:
        league = session.query(League).filter_by(name="Kitchen").one().id
    for name in names:
        response = client.post(f"/leagues/{league}/members", data={"new_name": name})
        assert response.status_code in (200, 303), response.get_data(as_text=True)[:500]
    return league


def rows(doc) -> list[tuple[str, bool]]:
    """The seating list as shown: (name, ticked)."""
    found = []
    for li in doc.find(cls="seat-order").find_all("li"):
        box = li.find("input")
        found.append((li.find(cls="seat-name").text, "checked" in box.attrs))
    return found


def test_players_are_chosen_and_ordered_from_the_dealer_and_remembered(form_client, no_csrf_app):
    league = make_league(form_client, no_csrf_app, ["Ann", "Bob", "Cat", "Dan", "Eve"])
    url = f"/games/new/league/{league}"
    doc = page(form_client, url)
    assert rows(doc) == [("Ann", True), ("Bob", True), ("Cat", True), ("Dan", True), ("Eve", True)]
    with reading(no_csrf_app) as session:
        ids = {p.name: p.id for p in session.get(League, league).members}
    order = ",".join(str(ids[n]) for n in ["Ann", "Bob", "Cat", "Dan", "Eve"])
    plays = [str(ids[n]) for n in ["Ann", "Cat", "Dan", "Eve"]]  # Bob sits out
    form = {"ruleset": "contract", "order": order, "plays": plays}
    # Dan moves up twice: above Cat, then above Bob (who sits out); each move keeps the ticks
    response = form_client.post(url, data={**form, "move": f"up-{ids['Dan']}"})
    assert response.status_code == 200
    doc = page_from(response)
    assert rows(doc) == [("Ann", True), ("Bob", False), ("Dan", True), ("Cat", True), ("Eve", True)]
    order = doc.find("input", name="order").attrs["value"]
    doc = page_from(form_client.post(url, data={**form, "order": order, "move": f"up-{ids['Eve']}"}))
    order = doc.find("input", name="order").attrs["value"]
    doc = page_from(form_client.post(url, data={**form, "order": order, "move": f"up-{ids['Eve']}"}))
    order = doc.find("input", name="order").attrs["value"]
    doc = page_from(form_client.post(url, data={**form, "order": order, "move": f"up-{ids['Eve']}"}))
    order = doc.find("input", name="order").attrs["value"]
    doc = page_from(form_client.post(url, data={**form, "order": order, "move": f"up-{ids['Eve']}"}))
    assert rows(doc) == [("Eve", True), ("Ann", True), ("Bob", False), ("Dan", True), ("Cat", True)]
    assert "deals first" in doc.find(cls="seat-order").find_all("li")[0].text
    order = doc.find("input", name="order").attrs["value"]
    response = form_client.post(url, data={**form, "order": order})
    assert response.status_code == 303
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(response.headers["Location"]))
        assert [s.player.name for s in game.seats] == ["Eve", "Ann", "Dan", "Cat"]
        assert game.first_dealer == 0 and game.league_id == league
        assert json.loads(session.get(League, league).usual_seating) == [ids[n] for n in ["Eve", "Ann", "Dan", "Cat"]]
    # next time: the usual seating first, ticked; Bob after them, not ticked
    assert rows(page(form_client, url)) == [("Eve", True), ("Ann", True), ("Dan", True), ("Cat", True), ("Bob", False)]


def page_from(response):
    from pages import parse

    return parse(response.get_data(as_text=True))


def test_too_few_players_or_odd_input_get_sentences(form_client, no_csrf_app):
    league = make_league(form_client, no_csrf_app, ["Ann", "Bob", "Cat"])
    url = f"/games/new/league/{league}"
    with reading(no_csrf_app) as session:
        ids = [p.id for p in session.get(League, league).members]
    response = form_client.post(url, data={"ruleset": "contract", "order": "x,,9999", "plays": [str(ids[0]), "junk"]})
    assert response.status_code == 422
    assert "Contract Rummy is played by 3 to 5 players; you ticked 1." in response.get_data(as_text=True)
    response = form_client.post(url, data={"ruleset": "nonsense", "plays": [str(i) for i in ids]})
    assert response.status_code == 422
    assert "Pick the rules from the list." in response.get_data(as_text=True)
    with reading(no_csrf_app) as session:
        assert session.query(Game).count() == 0
    assert form_client.get("/games/new/league/99999").status_code == 404


def test_a_move_down_keeps_the_ticks_the_rules_and_only_the_house_rules_they_offer(form_client, no_csrf_app):
    from test_table_friction import selected_ruleset, ticked_options

    league = make_league(form_client, no_csrf_app, ["Ann", "Bob", "Cat"])
    url = f"/games/new/league/{league}"
    with reading(no_csrf_app) as session:
        ids = {p.name: p.id for p in session.get(League, league).members}
    order = ",".join(str(ids[n]) for n in ["Ann", "Bob", "Cat"])
    form = {"ruleset": "shanghai", "order": order, "plays": [str(ids["Ann"]), str(ids["Cat"])]}
    options = ["no-jokers", "bogus", "no-jokers"]  # one unknown, one twice: the page keeps one no-jokers
    response = form_client.post(url, data={**form, "options": options, "move": f"down-{ids['Ann']}"})
    assert response.status_code == 200
    doc = page_from(response)
    assert rows(doc) == [("Bob", False), ("Ann", True), ("Cat", True)]
    assert (selected_ruleset(doc), ticked_options(doc)) == ("shanghai", ["no-jokers"])
    # the last seat can't move down, nor an unknown player or direction: the order stays
    for move in (f"down-{ids['Cat']}", "down-99999", f"left-{ids['Bob']}"):
        doc = page_from(form_client.post(url, data={**form, "move": move}))
        assert rows(doc) == [("Ann", True), ("Bob", False), ("Cat", True)], move
    # a move with rules not in the list still moves, and says so beside the list
    response = form_client.post(url, data={**form, "ruleset": "nonsense", "move": f"up-{ids['Cat']}"})
    assert response.status_code == 422
    assert rows(page_from(response)) == [("Ann", True), ("Cat", True), ("Bob", False)]
    assert "Pick the rules from the list." in response.get_data(as_text=True)
    with reading(no_csrf_app) as session:
        assert session.query(Game).count() == 0


def test_a_game_started_from_the_seating_page_keeps_only_the_house_rules_offered(form_client, no_csrf_app):
    league = make_league(form_client, no_csrf_app, ["Ann", "Bob", "Cat"])
    with reading(no_csrf_app) as session:
        ids = [str(p.id) for p in session.get(League, league).members]
    data = {"ruleset": "shanghai", "order": ",".join(ids), "plays": ids, "options": ["bogus", "no-jokers", "no-jokers"]}
    response = form_client.post(f"/games/new/league/{league}", data=data)
    assert response.status_code == 303
    with reading(no_csrf_app) as session:
        assert session.get(Game, game_id(response.headers["Location"])).ruleset.chosen_options == ("no-jokers",)
