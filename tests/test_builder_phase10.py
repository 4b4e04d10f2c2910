"""The rules builder on the phone for Phase 10 (issue 18 item 2): it starts from Phase 10 on either deck, chooses
the progression and the deck (the wilds, aces, packs and points boxes following the deck, API.md "Custom rulesets:
fields added"), takes sets of 2, colour groups and runs of any suits, and saves a ruleset object that round-trips
through the engine; the engine's refusal stands beside its box."""

from __future__ import annotations

import pytest
from pages import parse
from sqlalchemy import select
from test_house_rules import error_at, form_values, open_builder, press, shown_errors

from companion.extensions import db
from companion.models import CustomRuleset
from companion.rules.definition import ruleset_from_definition, ruleset_to_definition

PHASE10_KEYS = [*(str(n) for n in range(1, 13)), "W", "SKIP"]


@pytest.fixture
def app(no_csrf_app):
    return no_csrf_app


def saved(client, app, values: dict[str, str]) -> dict:
    """Save the form and give back the stored ruleset object."""
    response = client.post("/rulesets/build/save", data=values)
    assert response.status_code == 303, shown_errors(response.get_data(as_text=True))
    with app.app_context():
        return db.session.scalars(select(CustomRuleset)).one().latest.definition


def with_deals(client, values: dict[str, str], count: int) -> dict[str, str]:
    """Press "Add a deal" until the form holds ``count`` deals."""
    while f"deal-{count - 1}-cards" not in values:
        values = form_values(press(client, values, "add-deal").get_data(as_text=True))
    return values


def assert_round_trip(definition: dict) -> None:
    """The saved object is the engine's own writing of the ruleset it reads (API.md: the round trip holds)."""
    assert ruleset_to_definition(ruleset_from_definition(definition, ruleset_id="custom")) == definition


@pytest.mark.parametrize("ruleset_id", ["phase10", "phase10-cards"])
def test_the_builder_starts_from_phase10_on_either_deck(client, ruleset_id):
    html = client.get("/rulesets/build", query_string={"start": ruleset_id}).get_data(as_text=True)
    values = form_values(html)
    assert values["progression"] == "per_player"
    assert values["deck"] == ("phase10" if ruleset_id == "phase10" else "standard")
    assert [values[f"deal-{i}-cards"] for i in range(10)] == ["10"] * 10 and "deal-10-cards" not in values
    assert (values["set_min_length"], values["run_suit"]) == ("2", "any")
    assert shown_errors(press(client, values).get_data(as_text=True)) == {}
    # the index offers both as a start
    index = client.get("/rulesets/").get_data(as_text=True)
    assert f'<option value="{ruleset_id}">' in index


def test_phase10_with_our_twelve_phases_is_built_and_saved(client, app):
    values = open_builder(client, start="phase10")
    values["name"] = "Phase 10 with our twelve phases"
    values = with_deals(client, values, 12)
    # phase 11: a set of 2 and a colour group of 8; phase 12: two runs of 5 (any suits)
    values |= {"deal-10-req-0-kind": "set", "deal-10-req-0-length": "2", "deal-10-req-1-kind": "colour",
               "deal-10-req-1-length": "8"}  # fmt: skip
    values = {k: v for k, v in values.items() if not k.startswith("deal-11-req-")}
    values |= {"deal-11-req-0-kind": "run", "deal-11-req-0-length": "5", "deal-11-req-1-kind": "run",
               "deal-11-req-1-length": "5"}  # fmt: skip
    html = press(client, values).get_data(as_text=True)
    assert shown_errors(html) == {}
    # the deals are named as the family plays them: phases, each player on their own
    page = parse(html)
    assert page.find(id="head-deal-10").text.startswith("Phase 11:")
    assert "Phases (12), each player on their own" in page.find(id="deals").text
    definition = saved(client, app, form_values(html))
    assert definition["name"] == "Phase 10 with our twelve phases"
    assert definition["progression"] == "per_player"
    assert definition["deck"] == "phase10"
    assert len(definition["deals"]) == 12
    assert [deal["cards_dealt"] for deal in definition["deals"]] == [10] * 12
    assert definition["deals"][10]["requirements"] == [{"kind": "set", "length": 2}, {"kind": "colour", "length": 8}]
    assert definition["deals"][11]["requirements"] == [{"kind": "run", "length": 5}, {"kind": "run", "length": 5}]
    assert definition["deals"][0]["requirements"] == [{"kind": "set", "length": 3}, {"kind": "set", "length": 3}]
    assert (definition["wilds"], definition["skips"], definition["aces"]) == ("W", "SKIP", "low_only")
    assert definition["table"] == [{"players": [2, 6], "decks": 1, "jokers": 0}]
    assert (definition["set_min_length"], definition["run_suit"]) == (2, "any")
    assert (definition["game_end"], definition["winner"], definition["tiebreak"]) == (
        "last_phase_made", "finished_lowest_total", "replay_last_phase")  # fmt: skip
    assert set(definition["card_points"]) == set(PHASE10_KEYS)
    assert definition["card_points"]["W"] == 25 and definition["card_points"]["SKIP"] == 15
    assert_round_trip(definition)


def test_a_phase10_deck_ruleset_with_its_own_points(client, app):
    # start from the standard-card Phase 10 and choose the Phase 10 deck: its boxes follow
    values = open_builder(client, start="phase10-cards")
    values["deck"] = "phase10"
    html = press(client, values).get_data(as_text=True)
    values = form_values(html)
    assert [k.removeprefix("points-") for k in values if k.startswith("points-")] == PHASE10_KEYS
    assert values["wilds"] == "W" and values["aces"] == "low_only"
    assert (values["table-0-decks"], values["table-0-jokers"]) == ("1", "0")
    grid = parse(html).find(id="card_points").text
    assert "Wild" in grid and "Skip" in grid and "12" in grid
    assert shown_errors(html) == {}
    values |= {"name": "Our Phase 10 points", "points-1": "1", "points-12": "12", "points-W": "50", "points-SKIP": "20",
               "progression": "per_player_choice"}  # fmt: skip
    definition = saved(client, app, values)
    assert definition["deck"] == "phase10" and definition["progression"] == "per_player_choice"
    assert definition["card_points"] == {**{str(n): 5 for n in range(1, 10)}, "1": 1, "10": 10, "11": 10, "12": 12,
                                         "W": 50, "SKIP": 20}  # fmt: skip
    assert (definition["wilds"], definition["skips"], definition["aces"]) == ("W", "SKIP", "low_only")
    assert definition["table"] == [{"players": [2, 6], "decks": 1, "jokers": 0}]
    assert_round_trip(definition)


def test_back_on_standard_cards_the_boxes_follow_again(client):
    values = open_builder(client, start="phase10")
    values["deck"] = "standard"
    html = press(client, values).get_data(as_text=True)
    values = form_values(html)
    assert "points-W" not in values and values["points-JK"] == "15" and values["points-A"] == "15"
    assert values["wilds"] == "JK"
    assert (values["table-0-decks"], values["table-0-jokers"]) == ("2", "4")
    assert shown_errors(html) == {}


def test_phases_dealt_different_cards_are_refused_beside_the_cards(client):
    values = open_builder(client, start="phase10")
    values["deal-1-cards"] = "11"
    html = press(client, values).get_data(as_text=True)
    assert error_at(html, "deal-1-cards") == "deal 2: every phase of a per-player game deals the same cards (10), not 11."
    # the same deals on a fixed schedule are a game like the ten: nothing to refuse
    values["progression"] = "fixed"
    html = press(client, values).get_data(as_text=True)
    assert error_at(html, "deal-1-cards") == ""


def test_too_many_cards_for_the_phase10_deck_are_counted_in_its_cards(client):
    values = open_builder(client, start="phase10")
    for i in range(10):
        values[f"deal-{i}-cards"] = "20"
    html = press(client, values).get_data(as_text=True)
    assert shown_errors(html) == {
        "deal-0-cards": "deal 1: 20 cards each for 6 players is 120 cards, more than 1 Phase 10 deck holds (108)."
    }


def test_a_set_of_two_needs_sets_of_two_chosen(client):
    values = open_builder(client, start="phase10")
    values["set_min_length"] = "3"
    html = press(client, values).get_data(as_text=True)
    # phase 9 is a set of 5 and a set of 2 (RULES.md §8): refused beside that set's length only
    assert shown_errors(html) == {
        "deal-8-req-1-length": "A set is 3 to 8 cards long: choose “2 cards” for the shortest set to play sets of 2."
    }
    values["set_min_length"] = "2"
    assert shown_errors(press(client, values).get_data(as_text=True)) == {}


def test_a_fixed_schedule_from_phase10_drops_the_per_player_ending(client, app):
    """Everyone the same deal on standard cards: the game ends after the last deal, lowest total wins."""
    values = open_builder(client, start="phase10-cards")
    values |= {"name": "Ten deals of phases", "progression": "fixed"}
    definition = saved(client, app, values)
    assert definition["progression"] == "fixed"
    assert (definition["game_end"], definition["winner"], definition["tiebreak"]) == ("last_deal", "lowest_total", "none")
    assert (definition["wilds"], definition["skips"]) == ("K", "JK")
    assert_round_trip(definition)


def test_the_phase10_boxes_in_spanish(client):
    html = client.get("/rulesets/build?start=phase10", headers={"Accept-Language": "es"}).get_data(as_text=True)
    game = parse(html).find(id="game").text
    assert "Cada jugador en su propia fase" in game and "La baraja de Phase 10" in game
    grid = parse(html).find(id="card_points").text
    assert "Comodín" in grid and "Salto" in grid


def test_the_game_boxes_are_explained(client):
    page = parse(client.get("/rulesets/build?start=phase10").get_data(as_text=True))
    for key in ("deck", "progression", "set_min_length", "run_suit"):
        assert page.has(id=f"help-{key}"), key
    assert "Every phase deals the same cards." in page.find(id="help-progression").text


@pytest.mark.parametrize("ruleset_id", ["phase10", "phase10-cards", "carioca", "kalooki", "contract"])
def test_every_start_survives_the_form_unchanged(app, ruleset_id):
    """The form holds each ruleset whole: posted back untouched, it is the same ruleset object."""
    from companion import registry
    from companion.house_rules.builder import judge
    from companion.house_rules.draft import Draft

    ruleset = registry.builtin(ruleset_id)
    complete = ruleset_to_definition(ruleset)
    with app.test_request_context():
        judged = judge(Draft.from_form(Draft.from_definition(complete).form_data()))
    assert judged.ok, judged.errors
    assert judged.definition is not None and ruleset_to_definition(ruleset_from_definition(judged.definition)) == complete
