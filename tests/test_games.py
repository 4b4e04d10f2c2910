"""Tracking a game at the table, through the pages: set-up, prompts, score entry, May I, corrections, the end.

Most tests post forms with CSRF off (``form_client``, ``make_game``); CSRF
itself is tested with the ``client`` fixture. Messages are looked for beside
their field (see :mod:`pages`), and the database is read after each refusal
to check nothing was stored.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import random
from contextlib import contextmanager

import pytest
import sqlalchemy.orm
from pages import parse
from sqlalchemy import func, inspect, select
from sqlalchemy.exc import IntegrityError

from companion.extensions import db
from companion.games import deal_entry, errors
from companion.rules.deal_score import LineEntry
from companion.models import BuyCount, Change, DealResult, Game, HandScore, Player, Seat
from companion.rules import RULESETS
from companion.rules.snapshot import ruleset_to_dict

# ---------------------------------------------------------------------------
# Helpers


def game_id(url: str) -> int:
    return int(url.rstrip("/").rsplit("/", 1)[1])


@contextmanager
def reading(app):
    """A fresh app context and session, to read what the requests stored."""
    with app.app_context():
        yield db.session


def count(app, model) -> int:
    with reading(app) as session:
        return session.scalar(select(func.count()).select_from(model))


def counts(app) -> dict[str, int]:
    return {
        model.__name__: count(app, model) for model in (Player, Game, Seat, DealResult, HandScore, BuyCount, Change)
    }


class Points(str):
    """A hand typed as points in the points box (a plain string is the cards left)."""


def entry_data(went_out, hands, *, exact_cut=(), one_turn_out=(), confirm=False, confirm_finished=False, version=None):
    data = {"went_out": str(went_out)}
    for position, text in enumerate(hands):
        if isinstance(text, (int, Points)):
            data[f"hands-{position}-points"] = str(text)
        else:
            data[f"hands-{position}-cards"] = text
    for position in exact_cut:
        data[f"hands-{position}-exact_cut"] = "y"
    for position in one_turn_out:
        data[f"hands-{position}-one_turn_out"] = "y"
    if confirm:
        data["confirm"] = "y"
    if confirm_finished:
        data["confirm_finished"] = "y"
    if version is not None:
        data["version"] = str(version)
    return data


def post_deal(client, url, number, went_out, hands, **kwargs):
    return client.post(f"{url}/deals/{number}", data=entry_data(went_out, hands, **kwargs))


def save_deal(client, url, number, went_out, hands, **kwargs):
    response = post_deal(client, url, number, went_out, hands, **kwargs)
    assert response.status_code == 303, response.get_data(as_text=True)
    assert response.headers["Location"].endswith(url)
    return response


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return parse(response.get_data(as_text=True))


def hand_error(html, position) -> str:
    """The error shown beside a hand's line (empty when none)."""
    hand = parse(html).find(id=f"hand-{position}")
    return " ".join(node.text for node in hand.find_all("p", cls="error"))


def buy_counts_shown(doc) -> list[str]:
    """The May I counter as seen (the first word of each count; the rest is for screen readers)."""
    return [span.text.split()[0] for span in doc.find(id="buys").find_all(cls="buy-count")]


def flashes(doc) -> str:
    return " ".join(node.text for node in doc.find_all(cls="flash"))


def new_game_form(**fields):
    """The new-game form as a browser posts it: every seat's fields, empty unless given."""
    data = {"ruleset": "contract", "first_dealer": "0"}
    for index in range(8):
        data[f"seats-{index}-player"] = ""
        data[f"seats-{index}-new_name"] = ""
    data.update(fields)
    return data


def seat_errors(html, index) -> str:
    seat = parse(html).find_all(cls="seat")[index]
    return " ".join(node.text for node in seat.find_all(cls="error"))


CONTRACT3 = ("Ann", "Bob", "Cat")


# ---------------------------------------------------------------------------
# Setting up a game


def test_new_game_page_offers_seats_rules_and_first_dealer(form_client):
    doc = page(form_client, "/games/new")
    assert [o.attrs["value"] for o in doc.find("select", id="ruleset").find_all("option") if "selected" in o.attrs] == [
        "contract"
    ]
    assert len(doc.find_all(cls="seat")) == 8
    dealer_choices = [o.attrs["value"] for o in doc.find("select", id="first_dealer").find_all("option")]
    assert dealer_choices == ["random"] + [str(i) for i in range(8)]
    assert "Contract Rummy: 3–5 players." in doc.find(id="player-range").text
    options = {i.attrs["value"] for i in doc.find(cls="options").find_all("input")}
    assert options == {"joker-20", "deuces-wild", "no-jokers"}


def test_house_options_fragment_follows_the_ruleset(form_client):
    doc = parse(form_client.get("/games/new/options?ruleset=shanghai").get_data(as_text=True))
    assert "Shanghai Rummy: 3–5 players." in doc.find(id="player-range").text
    assert [i.attrs["value"] for i in doc.find_all("input")] == ["no-jokers"]


def test_players_are_seated_clockwise_in_the_order_given(make_game, no_csrf_app):
    url = make_game(["Ann", "Bob", "Cat", "Dan"], first_dealer="1")
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert [(s.position, s.player.name) for s in game.seats] == [(0, "Ann"), (1, "Bob"), (2, "Cat"), (3, "Dan")]
        assert game.first_dealer == 1
        assert game.status == "in_progress"
        started = [c for c in game.changes if c.action == "started"]
        assert len(started) == 1
        assert started[0].new == {
            "ruleset": "contract",
            "options": [],
            "players": ["Ann", "Bob", "Cat", "Dan"],
            "first_dealer": "Bob",
        }


def test_empty_seats_between_players_close_up_and_the_dealer_follows(form_client, no_csrf_app):
    data = new_game_form(first_dealer="3")
    data.update({"seats-0-new_name": "Ann", "seats-2-new_name": "Bob", "seats-3-new_name": "Cat"})
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 303
    with reading(no_csrf_app) as session:
        game = session.scalars(select(Game)).one()
        assert [s.player.name for s in game.seats] == ["Ann", "Bob", "Cat"]
        assert game.first_dealer == 2  # form seat 4 is Cat, at position 2


def test_known_players_and_new_names_share_a_table(form_client, make_game, no_csrf_app):
    make_game(["Ann", "Bob", "Cat"])
    with reading(no_csrf_app) as session:
        ann = session.scalar(select(Player).where(Player.name == "Ann")).id
    data = new_game_form()
    data.update({"seats-0-new_name": "Dan", "seats-1-player": str(ann), "seats-2-new_name": "  Eve  "})
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 303
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(response.headers["Location"]))
        assert [s.player.name for s in game.seats] == ["Dan", "Ann", "Eve"]
        assert game.seats[1].player.id == ann
    assert count(no_csrf_app, Player) == 5


def test_a_new_name_matching_a_known_player_is_that_player(make_game, no_csrf_app):
    make_game(["Ann", "Bob", "Cat"])
    make_game(["ann", "BOB", " Cat "])
    assert count(no_csrf_app, Player) == 3


def test_the_known_players_are_offered_in_every_seat(make_game, form_client):
    make_game(["Cat", "ann", "Bob"])
    doc = page(form_client, "/games/new")
    choices = [o.text for o in doc.find("select", id="seats-0-player").find_all("option")]
    assert choices == ["—", "ann", "Bob", "Cat"]


@pytest.mark.parametrize(
    ("ruleset", "names", "message"),
    [
        ("contract", ["Ann", "Bob"], "Contract Rummy is played by 3 to 5 players; you seated 2."),
        ("contract", ["A1", "A2", "A3", "A4", "A5", "A6"], "Contract Rummy is played by 3 to 5 players; you seated 6."),
        ("shanghai", ["Ann"], "Shanghai Rummy is played by 3 to 5 players; you seated 1."),
        ("continental", [], "Continental Rummy is played by 2 to 8 players; you seated 0."),
    ],
)
def test_too_few_or_too_many_players_for_the_ruleset(form_client, no_csrf_app, ruleset, names, message):
    data = new_game_form(ruleset=ruleset)
    data.update({f"seats-{i}-new_name": name for i, name in enumerate(names)})
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    assert parse(response.get_data(as_text=True)).find(id="seats-error").text == message
    assert counts(no_csrf_app)["Game"] == 0
    assert counts(no_csrf_app)["Player"] == 0


def test_the_same_name_twice_in_any_case_is_refused_beside_the_second(form_client, no_csrf_app):
    data = new_game_form()
    data.update({"seats-0-new_name": "Ann", "seats-1-new_name": "Bob", "seats-2-new_name": "ANN"})
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert seat_errors(html, 2) == "ANN already has a seat at this table."
    assert seat_errors(html, 0) == ""
    assert counts(no_csrf_app)["Game"] == counts(no_csrf_app)["Player"] == 0


def test_a_known_player_and_the_same_new_name_is_refused(form_client, make_game, no_csrf_app):
    make_game(["Ann", "Bob", "Cat"])
    before = counts(no_csrf_app)
    with reading(no_csrf_app) as session:
        ann = session.scalar(select(Player).where(Player.name == "Ann")).id
    data = new_game_form()
    data.update({"seats-0-player": str(ann), "seats-1-new_name": "Dan", "seats-2-new_name": "aNN"})
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    assert seat_errors(response.get_data(as_text=True), 2) == "aNN already has a seat at this table."
    assert counts(no_csrf_app) == before


def test_a_known_player_twice_is_refused(form_client, make_game, no_csrf_app):
    make_game(["Ann", "Bob", "Cat"])
    before = counts(no_csrf_app)
    data = new_game_form()
    data.update({"seats-0-player": "1", "seats-1-player": "1", "seats-2-new_name": "Dan"})
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    assert seat_errors(response.get_data(as_text=True), 1) == "Ann already has a seat at this table."
    assert counts(no_csrf_app) == before


def test_a_known_player_and_a_new_name_in_one_seat_is_refused(form_client, make_game, no_csrf_app):
    make_game(["Ann", "Bob", "Cat"])
    before = counts(no_csrf_app)
    data = new_game_form()
    data.update(
        {"seats-0-player": "1", "seats-0-new_name": "Zed", "seats-1-new_name": "Dan", "seats-2-new_name": "Eve"}
    )
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    assert seat_errors(response.get_data(as_text=True), 0) == "Pick a player or type a new name, not both."
    assert counts(no_csrf_app) == before


def test_an_unknown_player_id_is_refused(form_client, no_csrf_app):
    data = new_game_form()
    data.update({"seats-0-player": "999", "seats-1-new_name": "Dan", "seats-2-new_name": "Eve"})
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    assert seat_errors(response.get_data(as_text=True), 0) == "Pick a player from the list."
    assert counts(no_csrf_app)["Game"] == counts(no_csrf_app)["Player"] == 0


def test_a_name_longer_than_40_letters_is_refused(form_client, no_csrf_app):
    data = new_game_form()
    data.update({"seats-0-new_name": "A" * 41, "seats-1-new_name": "Bob", "seats-2-new_name": "Cat"})
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    assert seat_errors(response.get_data(as_text=True), 0) == "A name is at most 40 letters."
    assert counts(no_csrf_app)["Game"] == 0


@pytest.mark.parametrize("first_dealer", ["3", "7", "-1", "x", ""])
def test_the_first_dealer_must_be_an_occupied_seat(form_client, no_csrf_app, first_dealer):
    data = new_game_form(first_dealer=first_dealer)
    data.update({"seats-0-new_name": "Ann", "seats-1-new_name": "Bob", "seats-2-new_name": "Cat"})
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    field = parse(response.get_data(as_text=True)).find("select", id="first_dealer").parent
    assert field.find(cls="error").text == "Pick a seat with a player in it, or draw the dealer at random."
    assert counts(no_csrf_app)["Game"] == counts(no_csrf_app)["Player"] == 0


@pytest.mark.parametrize(
    ("ruleset", "option", "message"),
    [
        ("shanghai", "joker-20", "Shanghai Rummy has no house rule “Jokers score 20”."),
        (
            "combination",
            "deuces-wild",
            "Combination Rummy has no house rule “Deuces wild (a wild two scores as a joker)”.",
        ),
        ("contract", "free-lunch", "'free-lunch' is not a valid choice for this field."),
    ],
)
def test_a_house_option_the_ruleset_does_not_offer_is_refused(form_client, no_csrf_app, ruleset, option, message):
    data = new_game_form(ruleset=ruleset, options=[option])
    data.update({"seats-0-new_name": "Ann", "seats-1-new_name": "Bob", "seats-2-new_name": "Cat"})
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    options = parse(response.get_data(as_text=True)).find(id="house-options")
    assert message in [node.text for node in options.find_all(cls="error")]
    assert counts(no_csrf_app)["Game"] == 0


def test_an_unknown_ruleset_is_refused(form_client, no_csrf_app):
    data = new_game_form(ruleset="snap")
    data.update({"seats-0-new_name": "Ann", "seats-1-new_name": "Bob", "seats-2-new_name": "Cat"})
    response = form_client.post("/games/new", data=data)
    assert response.status_code == 422
    field = parse(response.get_data(as_text=True)).find("select", id="ruleset").parent
    assert field.find(cls="error").text == "Pick the rules from the list."
    assert counts(no_csrf_app)["Game"] == 0


def test_a_random_first_dealer_is_drawn_from_the_seated_players(make_game, form_client, no_csrf_app, monkeypatch):
    drawn = []

    class Drawn(random.Random):
        def randrange(self, *args):
            drawn.append(args)
            return 2

    monkeypatch.setattr(random, "SystemRandom", Drawn)
    url = make_game(["Ann", "Bob", "Cat", "Dan"], first_dealer="random")
    assert drawn == [(4,)]
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert game.first_dealer == 2
        assert game.changes[-1].new["first_dealer"] == "Cat"
    assert "Dealer Cat" in page(form_client, url).find(cls="roles").text


def test_a_random_first_dealer_is_one_of_the_players(make_game, no_csrf_app):
    url = make_game(["Ann", "Bob", "Cat"], first_dealer="random")
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert game.first_dealer in {0, 1, 2}
        assert game.changes[-1].new["first_dealer"] == game.seats[game.first_dealer].player.name


def test_the_game_keeps_a_snapshot_of_the_exact_rules(make_game, form_client, no_csrf_app, monkeypatch):
    url = make_game(["Ann", "Bob", "Cat"], ruleset="combination", options=["joker-20", "no-jokers"])
    expected = RULESETS["combination"].with_options("joker-20", "no-jokers")
    # the built-in changes later: the game keeps the rules it started with
    monkeypatch.setitem(
        RULESETS, "combination", dataclasses.replace(RULESETS["combination"], name="Changed Rummy", exact_cut_bonus=50)
    )
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert game.ruleset_id == "combination"
        assert game.ruleset == expected
        assert json.loads(game.rules_json) == ruleset_to_dict(expected)
        assert game.ruleset.chosen_options == ("joker-20", "no-jokers")
        assert game.ruleset.table(3).jokers == 0
        assert game.ruleset.points.as_dict()["JK"] == 20
    doc = page(form_client, url)
    assert doc.find("h1").text == "Combination Rummy"
    assert "House rules: Jokers score 20, No jokers" in doc.text
    assert "Shuffle 2 standard packs with 0 jokers: 104 cards for 3 players." in doc.find(cls="setup").text
    # the changed built-in has an exact-cut bonus; the game's snapshot has none
    assert "exactly" not in doc.find(cls="roles").text
    assert not any("Cutter" in li.text for li in doc.find(cls="reminders").find_all("li"))


def test_the_snapshot_scores_the_game(make_game, form_client, no_csrf_app):
    url = make_game(["Ann", "Bob", "Cat"], ruleset="combination", options=["joker-20"])
    save_deal(form_client, url, 1, 0, ["", "JK", "JK JK"])
    with reading(no_csrf_app) as session:
        assert [h.points for h in session.get(Game, game_id(url)).deals[0].hands] == [0, 20, 40]


# ---------------------------------------------------------------------------
# The game page: setup card, deal prompt, roles, reminders


def test_setup_card_for_contract_with_four_players(make_game, form_client):
    doc = page(form_client, make_game(["Ann", "Bob", "Cat", "Dan"]))
    setup = doc.find(cls="setup").text
    assert "Shuffle 2 standard packs with 3 jokers: 107 cards for 4 players." in setup
    assert "Wild cards: jokers." in setup
    assert "May I: as often as you like, out of turn; you take the upcard and one more card from the stock." in setup
    assert "Seats, clockwise: Ann, Bob, Cat, Dan." in setup


def test_setup_card_for_parlett_with_six_players(make_game, form_client):
    doc = page(form_client, make_game(["A", "B", "C", "D", "E", "F"], ruleset="parlett"))
    assert "Shuffle 3 standard packs with 2 jokers: 158 cards for 6 players." in doc.find(cls="setup").text


def test_deal_prompt_names_the_deal_contract_cards_and_roles(make_game, form_client):
    doc = page(form_client, make_game(["Ann", "Bob", "Cat", "Dan"], first_dealer="1"))
    prompt = doc.find(cls="prompt")
    assert prompt.find(cls="deal-count").text == "Deal 1 of 7"
    assert prompt.find("h2").text == "Two groups of 3"
    assert prompt.find(cls="symbols").text.endswith("S3 S3")
    # drawn in the table's own words: a group is G3, said "group of 3" (issue 19, item 8)
    parts = prompt.find(cls="symbols").find_all(cls="contract-part")
    assert [(p.attrs["data-face"], p.attrs["aria-label"]) for p in parts] == [("G3", "group of 3")] * 2
    assert prompt.find(cls="roles").text == "Deal 10 cards each Dealer Bob Cuts Ann Plays first Cat"


def test_dealer_passes_left_with_cutter_on_the_right_and_first_player_on_the_left(make_game, form_client, no_csrf_app):
    url = make_game(["Ann", "Bob", "Cat"], first_dealer="2")
    expected = [("Cat", "Bob", "Ann"), ("Ann", "Cat", "Bob"), ("Bob", "Ann", "Cat"), ("Cat", "Bob", "Ann")]
    for number, (dealer, cutter, first) in enumerate(expected, start=1):
        doc = page(form_client, url)
        assert doc.find(cls="deal-count").text == f"Deal {number} of 7"
        assert doc.find(cls="roles").text.endswith(f"Dealer {dealer} Cuts {cutter} Plays first {first}")
        entry = page(form_client, f"{url}/deals/{number}")
        assert f"dealer {dealer}" in entry.find(cls="meta").text
        save_deal(form_client, url, number, 0, ["", "5", "5"])
    with reading(no_csrf_app) as session:
        assert [d.dealer for d in session.get(Game, game_id(url)).deals] == [2, 0, 1, 2]


def test_liverpool_prompt_gives_the_exact_cut(make_game, form_client):
    doc = page(form_client, make_game(["Ann", "Bob", "Cat", "Dan"], ruleset="liverpool"))
    assert (
        doc.find(cls="roles").text == "Deal 10 cards each Dealer Ann Cuts Dan (exactly 41 takes 50 off) Plays first Bob"
    )
    reminders = [li.text for li in doc.find(cls="reminders").find_all("li")]
    assert "Cutter: cut exactly 41 cards (4 × 10 + 1) and take 50 off your score." in reminders


def test_liverpool_exact_cut_follows_the_deal_size(make_game, form_client):
    url = make_game(["Ann", "Bob", "Cat"], ruleset="liverpool")
    for number in range(1, 4):
        save_deal(form_client, url, number, 0, ["", "5", "5"])
    doc = page(form_client, url)
    assert "Cuts Cat (exactly 37 takes 50 off)" in doc.find(cls="roles").text  # deal 4: 3 × 12 + 1


def test_contract_has_no_exact_cut_reminder(make_game, form_client):
    doc = page(form_client, make_game(["Ann", "Bob", "Cat", "Dan"]))
    assert "exactly" not in doc.find(cls="roles").text
    assert not any("Cutter" in li.text for li in doc.find(cls="reminders").find_all("li"))


def test_contract_deal_7_reminds_to_meld_every_card(make_game, form_client):
    url = make_game(["Ann", "Bob", "Cat"])
    for number in range(1, 7):
        save_deal(form_client, url, number, 0, ["", "5", "5"])
    doc = page(form_client, url)
    assert doc.find(cls="deal-count").text == "Deal 7 of 7"
    assert doc.find(cls="symbols").text.endswith("R4 R4 R4")
    reminders = [li.text for li in doc.find(cls="reminders").find_all("li")]
    assert reminders[0] == "No discard: meld every card when you go down."
    assert "Deal 12 cards each" in doc.find(cls="roles").text


def test_shanghai_reminds_of_two_may_is(make_game, form_client):
    doc = page(form_client, make_game(["Ann", "Bob", "Cat"], ruleset="shanghai"))
    reminders = [li.text for li in doc.find(cls="reminders").find_all("li")]
    assert (
        "May I: at most two times a deal for each player, out of turn; you take the upcard and two more cards from the stock."
        in reminders
    )
    assert "Deal 11 cards each" in doc.find(cls="roles").text
    assert doc.find(cls="buys").find(cls="hint").text == "At most 2 each; each takes 3 cards."


def test_progressive_reminds_there_is_no_buy_in_deal_1(make_game, form_client):
    doc = page(form_client, make_game(["Ann", "Bob"], ruleset="progressive"))
    reminders = [li.text for li in doc.find(cls="reminders").find_all("li")]
    assert "No buy in this deal." in reminders
    assert "Buys only in deals 9 to 14; each deal's limit is on its prompt." in doc.find(cls="setup").text


def test_player_names_are_shown_as_text(make_game, form_client):
    url = make_game(["<b>Ann</b>", "Bob", "Cat"])
    html = form_client.get(url).get_data(as_text=True)
    assert "<b>Ann</b>" not in html
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html


# ---------------------------------------------------------------------------
# Score entry


def test_entry_page_has_a_line_per_player_one_keypad_and_the_rules_as_data(make_game, form_client):
    url = make_game(CONTRACT3)
    doc = page(form_client, f"{url}/deals/1")
    assert doc.find("h1").text == "Scores for deal 1"
    assert [i.attrs["value"] for i in doc.find_all("input", name="went_out")] == ["0", "1", "2", "stock"]
    for position in range(3):
        hand = doc.find(id=f"hand-{position}")
        assert hand.find("textarea", name=f"hands-{position}-cards") is not None  # wraps a long hand
        assert hand.find("input", name=f"hands-{position}-points") is not None
    keys = [b.text for b in doc.find(id="keypad").find_all("button")]
    assert keys[:14] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]
    # the phone's tally reads the card points from the page: data, never a script to run (CSP)
    data = doc.find("script", id="tally-rules")
    assert data.attrs["type"] == "application/json"
    rules = json.loads(data.text)
    assert rules["points"] == {"A": 15, **{str(n): n for n in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10, "JK": 15}
    assert rules["adjustments"] == []
    scripts = [node.attrs.get("src") or "" for node in doc.find_all("script")]
    assert not [src for src in scripts if "htmx" in src]  # the entry screen needs no htmx
    # and the offline queue (offline.js), which every page loads
    assert [src.split("?")[0] for src in scripts if src] == [
        "/static/js/tally.js", "/static/js/entry.js", "/static/js/offline/store.js", "/static/js/offline/sync.js",
        "/static/js/offline/navigation.js", "/static/js/offline/page.js",
    ]


def test_liverpool_entry_carries_the_exact_cut_as_data(make_game, form_client):
    url = make_game(["Ann", "Bob", "Cat", "Dan"], ruleset="liverpool")
    rules = json.loads(page(form_client, f"{url}/deals/1").find("script", id="tally-rules").text)
    assert rules["adjustments"] == [{"field": "exact_cut", "points": -50}]


def test_points_by_ranks_and_typed_numbers_are_saved(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    response = save_deal(form_client, url, 1, 0, ["", "k q 7 jk", 25])
    assert "Deal 1 saved." in flashes(page(form_client, url))
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        (deal,) = game.deals
        assert (deal.number, deal.dealer, deal.went_out, deal.stock_ran_out, deal.version) == (1, 0, 0, False, 1)
        assert [(h.position, h.cards, h.points, h.adjustment, h.total) for h in deal.hands] == [
            (0, "", 0, 0, 0),
            (1, "K Q 7 JK", 42, 0, 42),
            (2, None, 25, 0, 25),
        ]
        assert [c.action for c in game.changes][:1] == ["entered"]
    assert response.status_code == 303


def test_typed_cards_with_suits_count_by_rank(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 1, ["10h, 3c AS", "", "joker"])
    with reading(no_csrf_app) as session:
        hands = session.get(Game, game_id(url)).deals[0].hands
        assert [(h.cards, h.points) for h in hands] == [("10 3 A", 28), ("", 0), ("JK", 15)]


def test_stock_ran_out_everyone_scores(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, "stock", ["5", "K", "3 3"])
    with reading(no_csrf_app) as session:
        deal = session.get(Game, game_id(url)).deals[0]
        assert deal.went_out is None and deal.stock_ran_out
        assert [h.total for h in deal.hands] == [5, 10, 6]


def test_stock_ran_out_with_an_empty_hand_warns(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    response = post_deal(form_client, url, 1, "stock", ["5", "", "3"])
    assert response.status_code == 422
    warnings = parse(response.get_data(as_text=True)).find(cls="warnings").text
    assert "The stock ran out, so everyone scores, but Bob has no cards entered." in warnings
    assert count(no_csrf_app, DealResult) == 0


def test_nobody_chosen_as_going_out_is_an_error_beside_the_choice(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    response = form_client.post(
        f"{url}/deals/1", data={"hands-0-cards": "5", "hands-1-cards": "", "hands-2-cards": "7"}
    )
    assert response.status_code == 422
    doc = parse(response.get_data(as_text=True))
    assert doc.find(id="went-out-error").text == "Tap who went out, or “Nobody: the stock ran out”."
    assert doc.find(id="went-out-error").closest("fieldset").classes == {"went-out"}
    assert count(no_csrf_app, DealResult) == 0


def test_going_out_must_be_a_player_at_the_table(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    response = post_deal(form_client, url, 1, 7, ["5", "6", "7"])
    assert response.status_code == 422
    assert (
        parse(response.get_data(as_text=True)).find(id="went-out-error").text == "Tap one of the players at this table."
    )
    assert count(no_csrf_app, DealResult) == 0


def test_hands_posted_with_a_gap_are_refused_not_given_to_the_wrong_seats(make_game, form_client, no_csrf_app):
    # hands-0 and hands-2 only: packed together they would give Cat's cards to Bob.
    url = make_game(CONTRACT3)
    response = form_client.post(
        f"{url}/deals/1", data={"went_out": "0", "hands-0-cards": "", "hands-2-cards": "K Q"}
    )
    assert response.status_code == 422
    assert "The hands came in out of order: open the deal again and enter them." in response.get_data(as_text=True)
    assert count(no_csrf_app, DealResult) == count(no_csrf_app, HandScore) == 0


def test_the_player_who_went_out_with_cards_is_an_error_beside_their_line(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    response = post_deal(form_client, url, 1, 1, ["5", "K Q", "7"])
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert hand_error(html, 1) == "Bob went out, so Bob has no cards left: clear this line."
    assert hand_error(html, 0) == hand_error(html, 2) == ""
    assert parse(html).find(id="hands-1-cards").attrs.get("aria-invalid") == "true"
    assert count(no_csrf_app, DealResult) == count(no_csrf_app, HandScore) == 0


def test_the_player_who_went_out_may_type_zero(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 1, ["5", "0", "7"])
    with reading(no_csrf_app) as session:
        assert [h.total for h in session.get(Game, game_id(url)).deals[0].hands] == [5, 0, 7]


def test_a_bad_card_is_an_error_quoting_it(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    response = post_deal(form_client, url, 1, 0, ["", "K 1X Q", "7"])
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert hand_error(html, 1).startswith("'1X' is not a rank: a rank is A, 2-10, J, Q, K or JK")
    # the line keeps what was typed, so it can be fixed
    assert parse(html).find(id="hands-1-cards").text == "K 1X Q"
    assert count(no_csrf_app, DealResult) == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("-5", "Points can't be negative: type the cards left, or their points."),
        ("2001", "2001 points is more than any hand can hold."),
        ("lots", "“lots” is not a number of points: type a whole number, like 25."),
    ],
)
def test_impossible_typed_points_are_errors(make_game, form_client, no_csrf_app, text, message):
    url = make_game(CONTRACT3)
    response = post_deal(form_client, url, 1, 0, ["", Points(text), "7"])
    assert response.status_code == 422
    assert hand_error(response.get_data(as_text=True), 1) == message
    assert count(no_csrf_app, DealResult) == 0


def test_every_bad_line_gets_its_own_message(make_game, form_client):
    url = make_game(CONTRACT3)
    response = post_deal(form_client, url, 1, 0, ["K", "ZZ", Points("-3")])
    html = response.get_data(as_text=True)
    assert "Ann went out" in hand_error(html, 0)
    assert "'ZZ' is not a rank" in hand_error(html, 1)
    assert "can't be negative" in hand_error(html, 2)


def test_liverpool_exact_cut_takes_50_off_the_cutter(make_game, form_client, no_csrf_app):
    url = make_game(["Ann", "Bob", "Cat", "Dan"], ruleset="liverpool")
    doc = page(form_client, f"{url}/deals/1")
    # only the cutter (Dan, on the dealer Ann's right) has the box
    assert [i.attrs["name"] for i in doc.find_all("input", type="checkbox") if "exact_cut" in i.attrs["name"]] == [
        "hands-3-exact_cut"
    ]
    save_deal(form_client, url, 1, 3, ["5", "K", "JK", ""], exact_cut=[3])
    save_deal(form_client, url, 2, 0, ["", "3", "4", "10"], exact_cut=[0])  # deal 2: Bob deals, Ann cuts
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        dan = game.deals[0].hand(3)
        assert (dan.points, dan.adjustment, dan.exact_cut, dan.total) == (0, -50, True, -50)
        ann = game.deals[1].hand(0)
        assert (ann.points, ann.adjustment, ann.total) == (0, -50, -50)
    from companion.games.state import game_state

    with reading(no_csrf_app) as session:
        state = game_state(session.get(Game, game_id(url)))
        assert [s.total for s in state.standings] == [-45, 13, 19, -40]
        assert [s.player.name for s in state.leaders] == ["Ann"]
    scoreboard = page(form_client, url).find(id="scoreboard")
    assert "-50" in scoreboard.find("tbody").find_all("tr")[0].text


def test_an_exact_cut_by_a_cutter_still_holding_cards(make_game, form_client, no_csrf_app):
    url = make_game(["Ann", "Bob", "Cat", "Dan"], ruleset="liverpool")
    save_deal(form_client, url, 1, 0, ["", "K", "JK", "5"], exact_cut=[3])
    with reading(no_csrf_app) as session:
        assert session.get(Game, game_id(url)).deals[0].hand(3).total == -45


def test_an_exact_cut_by_someone_who_did_not_cut_is_an_error(make_game, form_client, no_csrf_app):
    url = make_game(["Ann", "Bob", "Cat", "Dan"], ruleset="liverpool")
    response = post_deal(form_client, url, 1, 0, ["", "K", "JK", "5"], exact_cut=[1])
    assert response.status_code == 422
    assert hand_error(response.get_data(as_text=True), 1) == "Only Dan, on the dealer's right, cut this deal."
    assert count(no_csrf_app, DealResult) == 0


def test_an_exact_cut_in_a_ruleset_without_the_bonus_is_an_error(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    doc = page(form_client, f"{url}/deals/1")
    assert not any("exact_cut" in i.attrs["name"] for i in doc.find_all("input", type="checkbox"))
    response = post_deal(form_client, url, 1, 0, ["", "K", "5"], exact_cut=[2])
    assert response.status_code == 422
    assert hand_error(response.get_data(as_text=True), 2) == "Contract Rummy has no exact-cut bonus."
    assert count(no_csrf_app, DealResult) == 0


def test_continental_down_and_out_in_one_turn_takes_10_off(make_game, form_client, no_csrf_app):
    url = make_game(["Ann", "Bob"], ruleset="continental")
    save_deal(form_client, url, 1, 1, ["K Q", ""], one_turn_out=[1])
    with reading(no_csrf_app) as session:
        bob = session.get(Game, game_id(url)).deals[0].hand(1)
        assert (bob.points, bob.adjustment, bob.one_turn_out, bob.total) == (0, -10, True, -10)


def test_one_turn_bonus_for_someone_who_did_not_go_out_is_an_error(make_game, form_client, no_csrf_app):
    url = make_game(["Ann", "Bob"], ruleset="continental")
    response = post_deal(form_client, url, 1, 1, ["K Q", ""], one_turn_out=[0])
    assert response.status_code == 422
    assert (
        hand_error(response.get_data(as_text=True), 0)
        == "Only the player who went out can have gone down and out in one turn."
    )
    assert count(no_csrf_app, DealResult) == 0


def test_one_turn_bonus_in_a_ruleset_without_it_is_an_error(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    response = post_deal(form_client, url, 1, 0, ["", "K", "5"], one_turn_out=[0])
    assert response.status_code == 422
    assert (
        hand_error(response.get_data(as_text=True), 0)
        == "Contract Rummy has no bonus for going down and out in one turn."
    )


@pytest.mark.parametrize(
    ("names", "hands", "warnings"),
    [
        (
            CONTRACT3,
            ["", "JK JK JK", "5"],
            [
                "Bob: Three jokers, but a table of 3 has two.",
                "The hands hold 3 jokers between them, but only 2 are in play.",
            ],
        ),
        (
            CONTRACT3,
            ["", "JK JK", "JK"],
            ["The hands hold 3 jokers between them, but only 2 are in play."],
        ),
        (
            CONTRACT3,
            ["", "K K K K K", "K K K K"],
            ["The hands hold 9 kings between them, but the packs hold only 8."],  # issue 19, item 8: a rank in words
        ),
        (
            CONTRACT3,
            ["", "A 2 3 4 5 6 7 8 9 10 J Q K", "5"],
            ["Bob: 13 cards left, but a hand holds at most 10 in this deal (10 dealt)."],
        ),
        (
            CONTRACT3,
            ["", "8", ""],
            ["Only one player goes out, but Cat has no cards entered: enter the cards left, or save anyway."],
        ),
        (
            ("Ann", "Bob", "Cat", "Dan"),
            ["", "", "5", ""],
            [
                "Only one player goes out, but Bob and Dan have no cards entered: enter their cards left, or save anyway."
            ],
        ),
    ],
    ids=[
        "three-jokers-in-a-hand",
        "three-jokers-at-the-table",
        "nine-kings",
        "13-cards-in-a-10-card-deal",
        "blank",
        "two-blanks",
    ],
)
def test_warnings_need_the_tables_say_so(make_game, form_client, no_csrf_app, names, hands, warnings):
    url = make_game(names)
    response = post_deal(form_client, url, 1, 0, hands)
    assert response.status_code == 422
    box = parse(response.get_data(as_text=True)).find(cls="warnings")
    assert [li.text for li in box.find_all("li")] == warnings
    assert box.find("input", name="confirm").attrs["type"] == "checkbox"
    assert count(no_csrf_app, DealResult) == count(no_csrf_app, HandScore) == count(no_csrf_app, Change) - 1 == 0

    save_deal(form_client, url, 1, 0, hands, confirm=True)
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert len(game.deals) == 1
        assert len(game.deals[0].hands) == len(names)


def test_a_confirmed_entry_without_warnings_is_not_asked_again(make_game, form_client):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "5", "6"], confirm=True)


# ---------------------------------------------------------------------------
# Hand text the save refuses, in the player's words


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("25", "“25” reads like a number: type the cards with spaces (2 5), or the points in the points box."),
        ("K 1X", "'1X' is not a rank: a rank is A, 2-10, J, Q, K or JK (suits don't matter here)."),
    ],
)
def test_the_save_says_what_is_wrong_with_the_cards(make_game, form_client, text, message):
    url = make_game(CONTRACT3)
    assert hand_error(post_deal(form_client, url, 1, 0, ["", text, "5"]).get_data(as_text=True), 1) == message


# ---------------------------------------------------------------------------
# May I / buys


def buy(client, url, position, delta=1, htmx=False):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"{url}/buys/{position}", data={"delta": str(delta)}, headers=headers)


def buy_counts(app, url) -> dict[int, int]:
    with reading(app) as session:
        rows = session.scalars(select(BuyCount).where(BuyCount.game_id == game_id(url)))
        return {row.position: row.count for row in rows if row.count}


def test_may_i_counter_counts_and_takes_back(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    assert buy(form_client, url, 1).status_code == 303
    assert buy(form_client, url, 1).status_code == 303
    assert buy(form_client, url, 2).status_code == 303
    assert buy_counts(no_csrf_app, url) == {1: 2, 2: 1}
    assert buy(form_client, url, 1, delta=-1).status_code == 303
    assert buy_counts(no_csrf_app, url) == {1: 1, 2: 1}
    assert buy_counts_shown(page(form_client, url)) == ["0", "1", "1"]


def test_may_i_counter_as_an_htmx_fragment(make_game, form_client):
    url = make_game(CONTRACT3, ruleset="shanghai")
    response = buy(form_client, url, 0, htmx=True)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html
    assert buy_counts_shown(parse(html)) == ["1/2", "0/2", "0/2"]


def test_shanghai_third_may_i_is_refused_with_the_reason(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3, ruleset="shanghai")
    buy(form_client, url, 1)
    buy(form_client, url, 1)
    response = buy(form_client, url, 1, htmx=True)
    alert = parse(response.get_data(as_text=True)).find(id="buys").find(cls="error")
    assert alert.text == "Bob has had 2 May Is: at most 2 times a deal in Shanghai Rummy."
    assert buy_counts(no_csrf_app, url) == {1: 2}
    # without htmx the reason comes back as a message on the game page
    assert buy(form_client, url, 1).status_code == 303
    assert "Bob has had 2 May Is" in flashes(page(form_client, url))
    assert buy_counts(no_csrf_app, url) == {1: 2}


def test_progressive_buys_only_from_deal_9(make_game, form_client, no_csrf_app):
    url = make_game(["Ann", "Bob"], ruleset="progressive")
    response = buy(form_client, url, 0, htmx=True)
    assert parse(response.get_data(as_text=True)).find(cls="error").text == "No buy in deal 1 of Progressive Rummy."
    assert buy_counts(no_csrf_app, url) == {}
    for number in range(1, 9):
        save_deal(form_client, url, number, 0, ["", "5"])
    doc = page(form_client, url)
    assert doc.find(cls="deal-count").text == "Deal 9 of 15"
    assert "Buy: once a deal for each player, out of turn; you take the upcard only." in [li.text for li in doc.find_all("li")]
    buy(form_client, url, 1)
    response = buy(form_client, url, 1, htmx=True)
    assert (
        parse(response.get_data(as_text=True)).find(cls="error").text
        == "Bob has had 1 buys: at most once a deal in Progressive Rummy."
    )
    assert buy_counts(no_csrf_app, url) == {1: 1}


def test_taking_back_a_may_i_below_zero_is_refused(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    response = buy(form_client, url, 0, delta=-1, htmx=True)
    assert parse(response.get_data(as_text=True)).find(cls="error").text == "Ann has no May I to take back."
    assert count(no_csrf_app, BuyCount) == 0


def test_may_i_for_a_seat_not_at_the_table_is_refused(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    response = buy(form_client, url, 5, htmx=True)
    assert parse(response.get_data(as_text=True)).find(cls="error").text == "That player is not at this table."
    assert count(no_csrf_app, BuyCount) == 0


def test_may_i_counts_are_saved_with_the_deal_and_raise_the_hand_limit(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    buy(form_client, url, 1)
    entry = page(form_client, f"{url}/deals/1")
    assert entry.find(id="hand-1").find(cls="may-i").text == "May I 1"  # no limit in Contract Rummy
    twelve = "A 2 3 4 5 6 7 8 9 10 J Q"
    save_deal(form_client, url, 1, 0, ["", twelve, "5"])  # 10 dealt + 1 May I × (1 + 1 card) = 12: no warning
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert [h.buys for h in game.deals[0].hands] == [0, 1, 0]
    assert count(no_csrf_app, BuyCount) == 0  # the counter is cleared into the deal
    assert buy_counts_shown(page(form_client, url)) == ["0", "0", "0"]

    buy(form_client, url, 2)
    response = post_deal(form_client, url, 2, 0, ["", "5", twelve + " K"])
    assert response.status_code == 422
    assert [li.text for li in parse(response.get_data(as_text=True)).find(cls="warnings").find_all("li")] == [
        "Cat: 13 cards left, but a hand holds at most 12 in this deal (10 dealt and 1 May I)."
    ]


def test_the_saved_may_i_counts_are_kept_when_the_deal_is_corrected(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    buy(form_client, url, 2)
    save_deal(form_client, url, 1, 0, ["", "5", "6"])
    save_deal(form_client, url, 1, 0, ["", "7", "6"], version=1)
    with reading(no_csrf_app) as session:
        assert [h.buys for h in session.get(Game, game_id(url)).deals[0].hands] == [0, 0, 1]


# ---------------------------------------------------------------------------
# Order of deals, the scoreboard


def test_entering_deals_out_of_order_is_refused(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    response = form_client.get(f"{url}/deals/2")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(url)
    response = post_deal(form_client, url, 3, 0, ["", "5", "6"])
    assert response.status_code == 303
    assert "Deal 1 is the next to enter, not deal 2." in flashes(page(form_client, url))
    assert count(no_csrf_app, DealResult) == 0


@pytest.mark.parametrize("number", [0, 8, 99])
def test_a_deal_outside_the_schedule_is_404(make_game, form_client, number):
    url = make_game(CONTRACT3)
    assert form_client.get(f"{url}/deals/{number}").status_code == 404
    assert post_deal(form_client, url, number, 0, ["", "5", "6"]).status_code == 404


def test_scoreboard_running_totals_leader_and_current_deal(make_game, form_client):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "K", "5"])  # 0 10 5
    save_deal(form_client, url, 2, 1, [20, "", "3"])  # 20 0 3
    board = page(form_client, url).find(id="scoreboard")
    assert [th.text for th in board.find("thead").find_all("th")] == ["Deal", "Ann", "Bob", "Cat"]
    rows = board.find("tbody").find_all("tr")
    assert [td.text for td in rows[0].find_all("td")] == ["0 0", "10 10", "5 5"]
    assert [td.text for td in rows[1].find_all("td")] == ["20 20", "0 10", "3 8"]
    assert [td.text for td in rows[2].find_all("td")] == ["", "", ""]
    assert [i for i, row in enumerate(rows) if "current" in row.classes] == [2]
    totals = board.find("tfoot").find_all("td")
    assert [td.text for td in totals] == ["20", "10", "8"]
    assert [td.classes for td in totals] == [set(), set(), {"leader"}]
    # the played deals link to their correction
    assert rows[0].find("a").attrs["href"] == f"{url}/deals/1"
    assert not rows[2].has("a")


def test_leaders_tied_share_the_highlight(make_game, form_client):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "5", "5"])
    totals = page(form_client, url).find(id="scoreboard").find("tfoot").find_all("td")
    assert [td.classes for td in totals] == [{"leader"}, set(), set()]
    save_deal(form_client, url, 2, 1, ["5", "", "10"])
    totals = page(form_client, url).find(id="scoreboard").find("tfoot").find_all("td")
    assert [td.classes for td in totals] == [{"leader"}, {"leader"}, set()]


def test_no_leader_before_the_first_deal(make_game, form_client):
    board = page(form_client, make_game(CONTRACT3)).find(id="scoreboard")
    assert not board.has(cls="leader")


# ---------------------------------------------------------------------------
# Corrections and undo


def test_a_saved_deal_opens_prefilled_with_its_version(make_game, form_client):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "K Q 7 JK", 25])
    doc = page(form_client, f"{url}/deals/1")
    assert doc.find("h1").text == "Correct deal 1"
    assert doc.find("input", name="version").attrs["value"] == "1"
    assert [i.attrs["value"] for i in doc.find_all("input", name="went_out") if "checked" in i.attrs] == ["0"]
    assert [doc.find(id=f"hands-{p}-cards").text for p in range(3)] == ["", "K Q 7 JK", ""]
    assert doc.find(id="hands-2-points").attrs["value"] == "25"  # typed points come back as points


def test_a_correction_changes_the_totals_and_is_in_the_history(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "K Q 7 JK", 25])
    save_deal(form_client, url, 2, 1, ["5", "", "5"])
    save_deal(form_client, url, 1, 2, ["K", 30, ""], version=1)
    assert "Deal 1 corrected." in flashes(page(form_client, url))
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        deal = game.deal_result(1)
        assert (deal.version, deal.went_out) == (2, 2)
        assert [h.total for h in deal.hands] == [10, 30, 0]
        assert len(deal.hands) == 3
        corrected = [c for c in game.changes if c.action == "corrected"]
        assert len(corrected) == 1
        assert corrected[0].deal_number == 1
        assert corrected[0].old["went_out"] == 0
        assert [h["points"] for h in corrected[0].old["hands"]] == [0, 42, 25]
        assert corrected[0].new["went_out"] == 2
        assert [h["points"] for h in corrected[0].new["hands"]] == [10, 30, 0]
    assert count(no_csrf_app, HandScore) == 6  # the old hands are replaced, not kept beside the new
    doc = page(form_client, url)
    assert [td.text for td in doc.find(id="scoreboard").find("tfoot").find_all("td")] == ["15", "30", "5"]
    history = doc.find(cls="history")
    diff = history.find(cls="diff").text
    assert "Went out: Ann → Cat" in diff
    assert "Ann: 0 → 10" in diff and "Bob: 42 → 30" in diff and "Cat: 25 → 0" in diff
    assert "Deal 1 corrected" in history.text and "Deal 2 entered" in history.text


def test_a_stale_correction_is_refused_with_the_recorded_values(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "K", "5"])
    save_deal(form_client, url, 1, 0, ["", 30, "5"], version=1)  # someone else corrects first
    response = post_deal(form_client, url, 1, 0, ["", "7", "5"], version=1)  # from the old page
    assert response.status_code == 422
    notice = parse(response.get_data(as_text=True)).find(cls="notice")
    assert "Deal 1 was changed since you opened it by Owner at " in notice.text  # who saved it, and when
    assert [li.text for li in notice.find_all("li")] == ["Ann: 0", "Bob: 30", "Cat: 5"]
    with reading(no_csrf_app) as session:
        deal = session.get(Game, game_id(url)).deal_result(1)
        assert deal.version == 2
        assert [h.total for h in deal.hands] == [0, 30, 5]
        assert len([c for c in deal.game.changes if c.action == "corrected"]) == 1


def test_a_second_first_entry_of_the_same_deal_is_refused(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "K", "5"])
    response = post_deal(form_client, url, 1, 1, ["9", "", "9"])  # a second phone, opened before the save
    assert response.status_code == 422
    notice = parse(response.get_data(as_text=True)).find(cls="notice")
    assert "Deal 1 was already recorded by Owner at " in notice.text
    assert [li.text for li in notice.find_all("li")] == ["Ann: 0", "Bob: 10", "Cat: 5"]
    with reading(no_csrf_app) as session:
        assert [h.total for h in session.get(Game, game_id(url)).deal_result(1).hands] == [0, 10, 5]


def test_the_time_a_deal_was_saved_is_a_utc_time_the_phone_shows_in_its_own_zone(make_game, form_client, no_csrf_app):
    """The two-phone notice gives the saving time in a <time datetime="…Z" data-local="time"> that reads
    "21:40 UTC" without script; static/js/local-time.js rewrites it in the phone's zone."""
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "K", "5"])
    with reading(no_csrf_app) as session:
        session.get(Game, game_id(url)).deal_result(1).updated_at = dt.datetime(2026, 11, 23, 21, 40, 7)
        session.commit()
    response = post_deal(form_client, url, 1, 1, ["9", "", "9"])
    assert response.status_code == 422
    notice = parse(response.get_data(as_text=True)).find(cls="notice")
    shown = " ".join(notice.find("p").text.split()).replace(" .", ".")  # the reader puts a space after each element
    assert shown == (
        "Deal 1 was already recorded by Owner at 21:40 UTC. Here is what is recorded now; check it before saving again."
    )
    time = notice.find("time")
    assert time.attrs == {"datetime": "2026-11-23T21:40:07Z", "data-local": "time"}
    assert time.text == "21:40 UTC"
    with reading(no_csrf_app) as session:  # the plain message (the offline sync's answer) says UTC in words
        recorded = session.get(Game, game_id(url)).deal_result(1)
        assert str(errors.StaleEntryError(1, "already recorded", recorded)) == (
            "Deal 1 was already recorded by Owner at 21:40 UTC."
        )


def test_a_correction_is_judged_like_an_entry(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "K", "5"])
    response = post_deal(form_client, url, 1, 0, ["", "K X", "5"], version=1)
    assert response.status_code == 422
    assert "'X' is not a rank" in hand_error(response.get_data(as_text=True), 1)
    with reading(no_csrf_app) as session:
        assert session.get(Game, game_id(url)).deal_result(1).version == 1


def test_undo_needs_the_box_then_takes_back_the_last_deal(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "K", "5"])
    save_deal(form_client, url, 2, 1, ["3", "", "5"])
    response = form_client.post(f"{url}/undo", data={})
    assert response.status_code == 303
    assert "Tick “Yes, I'm sure” to undo the last deal." in flashes(page(form_client, url))
    assert count(no_csrf_app, DealResult) == 2

    assert form_client.post(f"{url}/undo", data={"sure": "y", "deal": "2"}).status_code == 303
    doc = page(form_client, url)
    assert "Deal 2 was taken back; it is in the history." in flashes(doc)
    assert doc.find(cls="deal-count").text == "Deal 2 of 7"
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert [d.number for d in game.deals] == [1]
        undone = [c for c in game.changes if c.action == "undone"]
        assert len(undone) == 1 and undone[0].deal_number == 2
        assert [h["points"] for h in undone[0].old["hands"]] == [3, 0, 5]
    assert count(no_csrf_app, HandScore) == 3
    assert "Deal 2 taken back" in doc.find(cls="history").text
    # the deal can be entered again
    save_deal(form_client, url, 2, 2, ["4", "4", ""])


def test_undo_gives_the_may_i_counter_back(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    buy(form_client, url, 1)
    save_deal(form_client, url, 1, 0, ["", "5", "6"])
    form_client.post(f"{url}/undo", data={"sure": "y", "deal": "1"})
    assert buy_counts(no_csrf_app, url) == {1: 1}
    save_deal(form_client, url, 1, 0, ["", "5", "6"])
    with reading(no_csrf_app) as session:
        assert [h.buys for h in session.get(Game, game_id(url)).deals[0].hands] == [0, 1, 0]


def test_undo_with_no_deal_is_refused(make_game, form_client):
    url = make_game(CONTRACT3)
    form_client.post(f"{url}/undo", data={"sure": "y"})
    assert "There is no deal to undo yet." in flashes(page(form_client, url))


# ---------------------------------------------------------------------------
# The end of a game


def play_tied_game(client, url):
    """Seven deals of Contract Rummy: Ann and Bob tie on 35, Cat has 60."""
    save_deal(client, url, 1, 0, ["", "10", 30])
    save_deal(client, url, 2, 1, ["10", "", 30])
    for number in range(3, 8):
        save_deal(client, url, number, 2, ["5", "5", ""])


def test_the_game_finishes_after_the_last_deal_with_a_shared_win(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    play_tied_game(form_client, url)
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert game.status == "finished"
        assert game.finished_at is not None
        assert [c.action for c in game.changes][:2] == ["finished", "entered"]
    doc = page(form_client, url)
    assert not doc.has(cls="prompt") and not doc.has(id="buys")
    final = doc.find(cls="final-order").find_all("li")
    assert [li.text for li in final] == ["1 Ann 35 Shared win", "1 Bob 35 Shared win", "3 Cat 60"]
    assert [li.classes for li in final] == [{"won"}, {"won"}, set()]
    assert [td.classes for td in doc.find(id="scoreboard").find("tfoot").find_all("td")] == [
        {"leader"},
        {"leader"},
        set(),
    ]
    # nothing more to enter or buy
    assert form_client.get(f"{url}/deals/8").status_code == 404
    response = buy(form_client, url, 0, htmx=True)  # from a page opened before the last deal was saved
    assert response.headers["HX-Redirect"] == url
    assert "This game is not in progress." in flashes(page(form_client, url))
    assert buy(form_client, url, 0).status_code == 303
    assert "This game is not in progress." in flashes(page(form_client, url))
    assert count(no_csrf_app, BuyCount) == 0


def test_a_single_winner(make_game, form_client):
    url = make_game(CONTRACT3)
    for number in range(1, 8):
        save_deal(form_client, url, number, 2, ["5", "6", ""])
    final = page(form_client, url).find(cls="final-order").find_all("li")
    assert [li.text for li in final] == ["1 Cat 0 Winner", "2 Ann 35", "3 Bob 42"]


def test_correcting_a_finished_game_needs_the_box_and_is_logged(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    play_tied_game(form_client, url)
    doc = page(form_client, f"{url}/deals/3")
    assert doc.find("input", name="confirm_finished").attrs["type"] == "checkbox"

    response = post_deal(form_client, url, 3, 2, [15, "5", ""], version=1)
    assert response.status_code == 422
    box = parse(response.get_data(as_text=True)).find("input", name="confirm_finished").closest(cls="warnings")
    assert box.find(cls="error").text == "This game is finished: tick the box to correct it."
    with reading(no_csrf_app) as session:
        assert session.get(Game, game_id(url)).deal_result(3).version == 1

    save_deal(form_client, url, 3, 2, [15, "5", ""], version=1, confirm_finished=True)
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert game.status == "finished"
        assert game.deal_result(3).version == 2
        assert game.changes[0].action == "corrected" and game.changes[0].deal_number == 3
    final = page(form_client, url).find(cls="final-order").find_all("li")
    assert [li.text for li in final] == ["1 Bob 35 Winner", "2 Ann 45", "3 Cat 60"]


def test_undoing_the_last_deal_of_a_finished_game_reopens_it(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    play_tied_game(form_client, url)
    form_client.post(f"{url}/undo", data={"sure": "y", "deal": "7"})
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert game.status == "in_progress" and game.finished_at is None
        assert [c.action for c in game.changes][:2] == ["reopened", "undone"]
        assert len(game.deals) == 6
    doc = page(form_client, url)
    assert doc.find(cls="deal-count").text == "Deal 7 of 7"
    home = page(form_client, "/")
    assert "Deal 7 of 7" in home.text
    save_deal(form_client, url, 7, 0, ["", "5", "5"])
    with reading(no_csrf_app) as session:
        assert session.get(Game, game_id(url)).status == "finished"


# ---------------------------------------------------------------------------
# Abandoning


def test_abandon_needs_the_box_then_refuses_entries(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "5", "6"])
    form_client.post(f"{url}/abandon", data={})
    assert "Tick “Yes, I'm sure” to abandon the game." in flashes(page(form_client, url))
    with reading(no_csrf_app) as session:
        assert session.get(Game, game_id(url)).status == "in_progress"

    assert form_client.post(f"{url}/abandon", data={"sure": "y"}).status_code == 303
    doc = page(form_client, url)
    assert "The game was abandoned." in flashes(doc)
    assert "This game was abandoned after 1 deal." in doc.find(cls="notice").text
    assert not doc.has(cls="prompt")
    before = counts(no_csrf_app)

    response = post_deal(form_client, url, 2, 0, ["", "5", "6"])
    assert response.status_code == 303
    assert "This game was abandoned; its scores can't change." in flashes(page(form_client, url))
    assert post_deal(form_client, url, 1, 1, ["5", "", "6"], version=1).status_code == 303  # no correction either
    assert form_client.get(f"{url}/deals/2").status_code == 303
    assert "This game is not in progress." in buy(form_client, url, 0, htmx=True).get_data(as_text=True)
    form_client.post(f"{url}/undo", data={"sure": "y"})
    assert "This game was abandoned." in flashes(page(form_client, url))
    assert counts(no_csrf_app) == before
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        assert game.status == "abandoned"
        assert [h.total for h in game.deal_result(1).hands] == [0, 5, 6]
        assert [c.action for c in game.changes].count("abandoned") == 1


def test_a_finished_game_cannot_be_abandoned(make_game, form_client, no_csrf_app):
    url = make_game(CONTRACT3)
    play_tied_game(form_client, url)
    form_client.post(f"{url}/abandon", data={"sure": "y"})
    assert "This game is finished, so it can't be abandoned." in flashes(page(form_client, url))
    with reading(no_csrf_app) as session:
        assert session.get(Game, game_id(url)).status == "finished"


# ---------------------------------------------------------------------------
# The home page


def test_home_lists_games_in_progress_and_finished(make_game, form_client):
    in_progress = make_game(["Ann", "Bob", "Cat"])
    save_deal(form_client, in_progress, 1, 0, ["", "5", "6"])
    finished = make_game(["Dan", "Eve", "Fay"])
    play_tied_game(form_client, finished)
    abandoned = make_game(["Gus", "Hal", "Ivy"], ruleset="shanghai")
    form_client.post(f"{abandoned}/abandon", data={"sure": "y"})

    doc = page(form_client, "/")
    links = {a.attrs["href"]: a.text for a in doc.find_all("a", cls="row-link")}
    assert links[in_progress] == "Contract Rummy Deal 2 of 7 · Ann, Bob, Cat"
    assert links[finished] == "Contract Rummy Won by Dan and Eve · Dan, Eve, Fay"
    assert abandoned not in links
    headings = [h.text for h in doc.find_all("h2")]
    assert headings.index("Games in progress") < headings.index("Finished games")


def test_home_without_games_lists_none(form_client):
    doc = page(form_client, "/")
    assert not doc.has("a", cls="row-link")


# ---------------------------------------------------------------------------
# Unknown games


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/games/999"),
        ("get", "/games/999/deals/1"),
        ("post", "/games/999/deals/1"),
        ("post", "/games/999/buys/0"),
        ("post", "/games/999/undo"),
        ("post", "/games/999/abandon"),
        ("get", "/games/abc"),
    ],
)
def test_unknown_games_are_404(form_client, method, path):
    response = getattr(form_client, method)(path, data={"sure": "y"} if method == "post" else None)
    assert response.status_code == 404
    assert "There is nothing here" in response.get_data(as_text=True)


# ---------------------------------------------------------------------------
# CSRF (the ``client`` fixture keeps it on)


def test_a_new_game_without_a_csrf_token_is_refused(client, app):
    response = client.post(
        "/games/new",
        data={
            "ruleset": "contract",
            "first_dealer": "0",
            "seats-0-new_name": "Ann",
            "seats-1-new_name": "Bob",
            "seats-2-new_name": "Cat",
        },
    )
    assert response.status_code == 400
    assert "security token" in response.get_data(as_text=True)
    assert counts(app) == dict.fromkeys(counts(app), 0)


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/deals/2", entry_data(0, ["", "5", "6"])),
        ("/deals/1", entry_data(1, ["5", "", "6"], version=1)),
        ("/buys/1", {"delta": "1"}),
        ("/undo", {"sure": "y"}),
        ("/abandon", {"sure": "y"}),
    ],
)
def test_game_posts_without_a_csrf_token_are_refused(client, app, make_game, form_client, path, data):
    url = make_game(CONTRACT3)  # the CSRF-free app shares the database file with ``app``
    save_deal(form_client, url, 1, 0, ["", "5", "6"])
    before = counts(app)
    response = client.post(url + path, data=data)
    assert response.status_code == 400
    assert counts(app) == before
    with reading(app) as session:
        assert session.get(Game, game_id(url)).status == "in_progress"


def test_forms_carry_the_csrf_token_and_work_with_it(client, app):
    doc = page(client, "/games/new")
    token = doc.find("input", name="csrf_token").attrs["value"]
    data = {"csrf_token": token, "ruleset": "contract", "first_dealer": "0"}
    data.update({"seats-0-new_name": "Ann", "seats-1-new_name": "Bob", "seats-2-new_name": "Cat"})
    response = client.post("/games/new", data=data)
    assert response.status_code == 303
    url = response.headers["Location"]

    entry = page(client, f"{url}/deals/1")
    token = entry.find("input", name="csrf_token").attrs["value"]
    response = client.post(f"{url}/deals/1", data={"csrf_token": token, **entry_data(0, ["", "5", "6"])})
    assert response.status_code == 303

    game_page = page(client, url)
    for form in game_page.find_all("form", method="post"):
        assert form.has("input", name="csrf_token"), form.attrs["action"]
    # htmx requests carry the token in a header set on <body>
    headers = json.loads(game_page.find("body").attrs["hx-headers"])
    response = client.post(f"{url}/buys/0", data={"delta": "1"}, headers={"HX-Request": "true", **headers})
    assert response.status_code == 200
    assert buy_counts(app, url) == {0: 1}


# ---------------------------------------------------------------------------
# The database: one result per (game, deal), every write in one transaction


def test_the_database_keeps_one_result_per_game_and_deal(make_game, no_csrf_app):
    gid = game_id(make_game(CONTRACT3))
    with reading(no_csrf_app) as session:
        uniques = inspect(db.engine).get_unique_constraints("deal_result")
        assert {"name": "deal_result_once", "column_names": ["game_id", "number"]} in [
            {"name": u["name"], "column_names": u["column_names"]} for u in uniques
        ]
        session.add(DealResult(game_id=gid, number=1, dealer=0))
        session.commit()
        session.add(DealResult(game_id=gid, number=1, dealer=1))
        with pytest.raises(IntegrityError):
            session.commit()
        session.rollback()
        session.add(DealResult(game_id=gid, number=2, dealer=1))  # another deal is fine
        session.commit()
    assert count(no_csrf_app, DealResult) == 2


def test_the_database_keeps_one_score_per_deal_and_seat(make_game, no_csrf_app):
    gid = game_id(make_game(CONTRACT3))
    with reading(no_csrf_app) as session:
        deal = DealResult(game_id=gid, number=1, dealer=0)
        session.add(deal)
        session.flush()
        session.add_all(
            [HandScore(deal_id=deal.id, position=0, points=1), HandScore(deal_id=deal.id, position=0, points=2)]
        )
        with pytest.raises(IntegrityError):
            session.commit()


class CommitFailed(RuntimeError):
    pass


def fail_commits(monkeypatch):
    """From now on every commit fails (as a full disk or a lost connection would); ``monkeypatch.undo()`` ends it."""

    def fail(self):
        raise CommitFailed("the database went away")

    monkeypatch.setattr(sqlalchemy.orm.Session, "commit", fail)


def test_a_failed_save_leaves_nothing_half_written(make_game, form_client, no_csrf_app, monkeypatch):
    url = make_game(CONTRACT3)
    buy(form_client, url, 1)
    before = counts(no_csrf_app)
    fail_commits(monkeypatch)
    with pytest.raises(CommitFailed):
        post_deal(form_client, url, 1, 0, ["", "K", "5"])
    monkeypatch.undo()
    assert counts(no_csrf_app) == before
    assert buy_counts(no_csrf_app, url) == {1: 1}  # the counter was not cleared either
    save_deal(form_client, url, 1, 0, ["", "K", "5"])  # and the deal can still be saved


def test_a_failed_correction_keeps_the_recorded_deal(make_game, form_client, no_csrf_app, monkeypatch):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "K", "5"])
    before = counts(no_csrf_app)
    fail_commits(monkeypatch)
    with pytest.raises(CommitFailed):
        post_deal(form_client, url, 1, 1, ["7", "", "9"], version=1)
    monkeypatch.undo()
    assert counts(no_csrf_app) == before
    with reading(no_csrf_app) as session:
        deal = session.get(Game, game_id(url)).deal_result(1)
        assert (deal.version, deal.went_out) == (1, 0)
        assert [h.total for h in deal.hands] == [0, 10, 5]


@pytest.mark.parametrize("action", ["start", "undo", "buy", "abandon"])
def test_other_failed_writes_leave_nothing_half_written(make_game, form_client, no_csrf_app, monkeypatch, action):
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "K", "5"])
    before = counts(no_csrf_app)
    fail_commits(monkeypatch)
    requests = {
        "start": lambda: form_client.post(
            "/games/new",
            data=new_game_form(**{"seats-0-new_name": "Dan", "seats-1-new_name": "Eve", "seats-2-new_name": "Fay"}),
        ),
        "undo": lambda: form_client.post(f"{url}/undo", data={"sure": "y", "deal": "1"}),
        "buy": lambda: buy(form_client, url, 0),
        "abandon": lambda: form_client.post(f"{url}/abandon", data={"sure": "y"}),
    }
    with pytest.raises(CommitFailed):
        requests[action]()
    monkeypatch.undo()
    assert counts(no_csrf_app) == before
    with reading(no_csrf_app) as session:
        assert session.get(Game, game_id(url)).status == "in_progress"


@pytest.mark.parametrize("action", ["start", "save", "correct", "undo", "buy", "abandon"])
def test_every_write_is_one_commit(make_game, form_client, monkeypatch, action):
    """With the test above: one commit per write, so a failure stores nothing of it."""
    url = make_game(CONTRACT3)
    save_deal(form_client, url, 1, 0, ["", "K", "5"])
    real_commit = sqlalchemy.orm.Session.commit
    commits = []

    def counted(self):
        commits.append(action)
        return real_commit(self)

    monkeypatch.setattr(sqlalchemy.orm.Session, "commit", counted)
    requests = {
        "start": lambda: form_client.post(
            "/games/new",
            data=new_game_form(**{"seats-0-new_name": "Dan", "seats-1-new_name": "Eve", "seats-2-new_name": "Fay"}),
        ),
        "save": lambda: post_deal(form_client, url, 2, 1, ["5", "", "5"]),
        "correct": lambda: post_deal(form_client, url, 1, 1, ["5", "", "5"], version=1),
        "undo": lambda: form_client.post(f"{url}/undo", data={"sure": "y", "deal": "1"}),
        "buy": lambda: buy(form_client, url, 0),
        "abandon": lambda: form_client.post(f"{url}/abandon", data={"sure": "y"}),
    }
    assert requests[action]().status_code == 303
    assert commits == [action]


def test_a_save_losing_the_race_to_the_database_is_refused_as_stale(make_game, form_client, no_csrf_app, monkeypatch):
    """Two first entries of one deal at once: the database's constraint refuses the second."""
    url = make_game(CONTRACT3)
    real_commit = sqlalchemy.orm.Session.commit

    def racing_commit(self):
        monkeypatch.setattr(sqlalchemy.orm.Session, "commit", real_commit)
        raise IntegrityError("INSERT INTO deal_result", {}, Exception("UNIQUE constraint failed"))

    monkeypatch.setattr(sqlalchemy.orm.Session, "commit", racing_commit)
    response = post_deal(form_client, url, 1, 0, ["", "K", "5"])
    assert response.status_code == 422
    assert "Deal 1 was already recorded." in parse(response.get_data(as_text=True)).find(cls="notice").text
    assert count(no_csrf_app, DealResult) == count(no_csrf_app, HandScore) == 0


def test_service_refuses_an_entry_with_errors(make_game, no_csrf_app):
    url = make_game(CONTRACT3)
    with reading(no_csrf_app) as session:
        game = session.get(Game, game_id(url))
        judgement = deal_entry.judge_entry(
            game, 1, "0", [LineEntry(0, "K"), LineEntry(1), LineEntry(2)]
        )
        assert not judgement.ok
        with pytest.raises(errors.GameError, match="The entry has errors."):
            deal_entry.save_deal(game, 1, judgement)
        judgement = deal_entry.judge_entry(
            game, 2, "0", [LineEntry(0), LineEntry(1, "5"), LineEntry(2, "5")]
        )
        with pytest.raises(errors.GameError, match="Deal 1 is the next to enter, not deal 2."):
            deal_entry.save_deal(game, 2, judgement)
    assert count(no_csrf_app, DealResult) == 0
