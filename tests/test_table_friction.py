"""Issue 19's table frictions, through the pages: the totals said after a save, "Finish early" beside the
prompt, hands that wrap, and the new-game defaults (a league's last rules, seats for the rules' table size,
house rules a table's own rules make meaningless left out).
"""

from __future__ import annotations

from pages import parse

from companion.extensions import db


def flashes(doc) -> list[str]:
    """The banners at the top of the page, and the totals said under a "saved" one."""
    return (
        [node.text for node in doc.find(cls="flashes").find_all() if node.classes & {"flash", "flash-totals"}]
        if doc.has(cls="flashes")
        else []
    )


def game_page(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return parse(response.get_data(as_text=True))


def save(client, url, number, went_out, hands):
    data = {"went_out": str(went_out), **{f"hands-{i}-cards": text for i, text in enumerate(hands)}}
    response = client.post(f"{url}/deals/{number}", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return game_page(client, url)  # the page the save lands on, with its banners


# ---------------------------------------------------------------------------
# 3. The totals in sight after saving


def test_the_saved_banner_says_who_leads_and_every_total(make_game, form_client):
    url = make_game(["Ann", "Bob", "Cat", "Dan"])
    doc = save(form_client, url, 1, 0, ["", "K Q", "3 3", "JK"])  # Bob 20, Cat 6, Dan 15
    assert flashes(doc) == [
        "Deal 1 saved.",
        "After deal 1: Ann leads on 0, then Cat 6, Dan 15 and Bob 20.",
    ]


def test_the_banner_names_every_leader_when_they_tie(make_game, form_client):
    url = make_game(["Ann", "Bob", "Cat"])
    save(form_client, url, 1, 0, ["", "5", "K"])
    doc = save(form_client, url, 2, 1, ["5", "", "9"])  # Ann 5, Bob 5, Cat 19
    assert flashes(doc)[1] == "After deal 2: Ann and Bob lead on 5, then Cat 19."


def test_the_banner_says_when_everyone_is_level(make_game, form_client):
    url = make_game(["Ann", "Bob", "Cat"])
    save(form_client, url, 1, 0, ["", "K", "5"])
    doc = save(form_client, url, 2, 1, ["K", "", "5"])  # 10 each
    assert flashes(doc)[1] == "After deal 2, everyone is level on 10."


def test_the_last_deal_saved_opens_on_the_final_order_with_no_second_banner(make_game, form_client):
    url = make_game(["Ann", "Bob", "Cat"])
    for number in range(1, 8):
        doc = save(form_client, url, number, 0, ["", "5", "K"])
    assert flashes(doc) == ["Deal 7 saved."]
    assert doc.find(id="final-heading") is not None


# ---------------------------------------------------------------------------
# 5. "Finish early" beside the deal prompt


def test_finish_early_is_folded_beside_the_deal_prompt_and_still_needs_the_table_to_agree(client, app):
    url = start_game_via_form_with_csrf(client, ["Ann", "Bob", "Cat"])
    doc = game_page(client, url)
    assert not doc.has(cls="finish-early")  # no deal played: nothing to end (abandon is for that)
    token = doc.find(tag="input", name="csrf_token").attrs["value"]
    hands = {"hands-0-cards": "", "hands-1-cards": "K", "hands-2-cards": "5"}
    saved = client.post(f"{url}/deals/1", data={"csrf_token": token, "went_out": "0", **hands})
    assert saved.status_code == 303, saved.get_data(as_text=True)
    doc = game_page(client, url)
    fold = doc.find(cls="prompt").find(tag="details", cls="finish-early")
    assert fold.find(tag="summary").text == "Finish early"
    assert "open" not in fold.attrs
    form = fold.find(tag="form")
    assert form.attrs["action"] == f"{url}/end" and form.attrs["method"] == "post"
    assert form.has(tag="input", name="csrf_token")
    assert form.find(tag="input", name="sure").attrs["type"] == "checkbox"
    assert "End the game here" not in doc.find(cls="actions").text  # no longer under Corrections
    refused = client.post(f"{url}/end", data={"sure": "y"})  # no CSRF token
    assert refused.status_code == 400
    assert game_page(client, url).has(cls="finish-early")  # still in play
    client.post(f"{url}/end", data={"csrf_token": token, "sure": "y"})
    assert "The game ended after deal 1; it counts as played." in flashes(game_page(client, url))


def start_game_via_form_with_csrf(client, names) -> str:
    token = game_page(client, "/games/new").find(tag="input", name="csrf_token").attrs["value"]
    data = {"csrf_token": token, "ruleset": "contract", "first_dealer": "0"}
    data.update({f"seats-{i}-new_name": name for i, name in enumerate(names)})
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


# ---------------------------------------------------------------------------
# 4. A long hand wraps in its box


def test_the_cards_box_is_a_wrapping_box_that_shows_the_whole_hand(make_game, form_client):
    url = make_game(["Ann", "Bob", "Cat"])
    doc = game_page(form_client, f"{url}/deals/1")
    box = doc.find(id="hands-1-cards")
    assert box.tag == "textarea" and box.attrs["rows"] == "1"
    twelve = "A 2 3 4 10 J Q K K JK 9 8"
    response = form_client.post(
        f"{url}/deals/1",
        data={
            "went_out": "0",
            "hands-0-cards": "",
            "hands-1-cards": twelve,
            "hands-2-cards": "5 5 5 5 5 5 5 5 5 5 5 ZZ",
        },
    )
    assert response.status_code == 422  # refused for Cat's line: Bob's twelve cards come back whole, to read
    assert parse(response.get_data(as_text=True)).find(id="hands-1-cards").text == twelve


def test_a_hand_typed_over_two_lines_is_read_as_one(make_game, form_client):
    url = make_game(["Ann", "Bob", "Cat"])
    response = form_client.post(
        f"{url}/deals/1",
        data={"went_out": "0", "hands-0-cards": "", "hands-1-cards": "K Q\r\n7", "hands-2-cards": "5\n5"},
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    assert flashes(game_page(form_client, url))[1] == "After deal 1: Ann leads on 0, then Cat 10 and Bob 27."


# ---------------------------------------------------------------------------
# 7. The new game's defaults


def selected_ruleset(doc) -> str:
    return next(o.attrs["value"] for o in doc.find(id="ruleset").find_all("option") if "selected" in o.attrs)


def ticked_options(doc) -> list[str]:
    return [box.attrs["value"] for box in doc.find_all(tag="input", name="options") if "checked" in box.attrs]


def shown_seats(doc) -> int:
    return sum(1 for seat in doc.find_all(cls="seat") if "hidden" not in seat.attrs)


def test_a_leagues_new_game_picks_the_rules_of_its_last_game(form_client, no_csrf_app):
    from test_seating import make_league

    league = make_league(form_client, no_csrf_app, ["Ann", "Bob", "Cat"])
    doc = game_page(form_client, f"/games/new?league={league}")
    assert (selected_ruleset(doc), ticked_options(doc)) == ("contract", [])  # no game yet: the default rules
    with no_csrf_app.app_context():
        from companion.models import League

        ids = [p.id for p in db.session.get(League, league).members]
    url = f"/games/new/league/{league}"
    start = {"order": ",".join(map(str, ids)), "plays": [str(i) for i in ids]}
    response = form_client.post(url, data={**start, "ruleset": "shanghai", "options": ["no-jokers"]})
    assert response.status_code == 303, response.get_data(as_text=True)
    for page_url in (f"/games/new?league={league}", url):
        doc = game_page(form_client, page_url)
        assert (selected_ruleset(doc), ticked_options(doc)) == ("shanghai", ["no-jokers"]), page_url
    # a link that names its rules still picks them
    doc = game_page(form_client, f"/games/new?league={league}&ruleset=parlett")
    assert (selected_ruleset(doc), ticked_options(doc)) == ("parlett", [])


def test_the_new_game_form_shows_as_many_seats_as_the_rules_take(form_client):
    doc = game_page(form_client, "/games/new")  # Contract Rummy: 3 to 5 players
    assert shown_seats(doc) == 5
    assert doc.find(id="player-range").attrs["data-max-players"] == "5"
    dealers = [o.text for o in doc.find(id="first_dealer").find_all("option") if "hidden" not in o.attrs]
    assert dealers == ["Draw at random", "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5"]
    assert shown_seats(game_page(form_client, "/games/new?ruleset=parlett")) == 8  # 3 to 8 players
    # a form sent back with a seat filled beyond the rules' table shows that seat, with the problem
    data = {"ruleset": "contract", "first_dealer": "random", **{f"seats-{i}-new_name": f"P{i}" for i in range(6)}}
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    doc = parse(response.get_data(as_text=True))
    assert shown_seats(doc) == 6
    assert "Contract Rummy is played by 3 to 5 players; you seated 6." in doc.find(cls="seats").text


def test_house_rules_a_tables_own_rules_already_settle_are_not_offered(form_client, no_csrf_app):
    from companion.house_rules import service
    from companion.models import User
    from companion.rules import RULESETS, ruleset_to_definition

    grandma = RULESETS["contract"].changed([("points", (("JK", 25),))])
    definition = {**ruleset_to_definition(grandma), "name": "Grandma's rules"}
    with no_csrf_app.app_context():
        custom = service.save(definition, user=db.session.get(User, no_csrf_app.config["OWNER_ID"]))
        db.session.commit()
        ruleset_id = custom.ruleset_id
    doc = game_page(form_client, f"/games/new/options?ruleset={ruleset_id}")
    offered = [label.text for label in doc.find_all(tag="label")]
    assert offered == ["Deuces wild (a wild two scores as a joker)", "No jokers"]  # not "Jokers score 20"
    assert "Jokers score 20" in game_page(form_client, "/games/new/options?ruleset=contract").text
    data = {"ruleset": ruleset_id, "first_dealer": "0", "options": ["joker-20"]}
    data.update({f"seats-{i}-new_name": name for i, name in enumerate(["Ann", "Bob", "Cat"])})
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    assert "Grandma's rules has no house rule “joker-20”." in parse(response.get_data(as_text=True)).text
