"""Issue 19's table frictions, through the pages: the totals said after a save, "Finish early" beside the
prompt, hands that wrap, and the new-game defaults (a league's last rules, seats for the rules' table size,
house rules a table's own rules make meaningless left out).
"""

from __future__ import annotations

from pages import parse



def flashes(doc) -> list[str]:
    return [node.text for node in doc.find_all(cls="flash")]


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
