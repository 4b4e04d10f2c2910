"""The rules builder started from Carioca or Kalooki (offered now that a table plays them): it opens clean, keeps
the rules it does not show, and asks for the ace's two colours where Kalooki scores them apart (RULES.md §8.4)."""

from __future__ import annotations

import pytest
from pages import parse
from sqlalchemy import select
from test_house_rules import open_builder, press, shown_errors

from companion.extensions import db
from companion.models import CustomRuleset


@pytest.mark.parametrize("ruleset_id", ["carioca", "kalooki"])
def test_the_builder_opens_clean_on_carioca_and_kalooki(client, ruleset_id):
    values = open_builder(client, start=ruleset_id)
    html = press(client, values).get_data(as_text=True)
    assert shown_errors(html) == {}


def test_kalooki_in_the_builder_shows_the_two_aces_and_saves_them(client, app):
    values = open_builder(client, start="kalooki")
    assert (values["points-A_red"], values["points-A_black"]) == ("1", "15") and "points-A" not in values
    labels = parse(client.get("/rulesets/build?start=kalooki").get_data(as_text=True)).find(id="card_points").text
    assert "Red A" in labels and "Black A" in labels
    values["points-A_red"] = "5"
    values["name"] = "Our Kalooki"
    response = client.post("/rulesets/build/save", data=values)
    assert response.status_code == 303, response.get_data(as_text=True)
    with app.app_context():
        definition = db.session.scalars(select(CustomRuleset)).one().latest.definition
    assert (definition["card_points"]["A_red"], definition["card_points"]["A_black"]) == (5, 15)
    # the fields the builder does not show are carried through (RULES.md §8.4)
    assert (definition["reclaim"], definition["min_naturals_set"], definition["run_wilds_adjacent"]) == ("tack", 2, False)
    assert (definition["set_word"], definition["run_word"]) == ("three", "four")
    assert (definition["buys"]["permission"], definition["buys"]["only_before_down"]) == ("current_player", True)


def test_carioca_in_the_builder_keeps_its_corner_and_gap(client, app):
    values = open_builder(client, start="carioca")
    values["name"] = "Our Carioca"
    response = client.post("/rulesets/build/save", data=values)
    assert response.status_code == 303, response.get_data(as_text=True)
    with app.app_context():
        definition = db.session.scalars(select(CustomRuleset)).one().latest.definition
    assert (definition["aces"], definition["run_wild_min_gap"], definition["max_wilds_per_contract"]) == ("around", 4, 2)
    assert definition["card_points"]["A"] == 20 and "A_red" not in definition["card_points"]


def _saved(client, app, values):
    response = client.post("/rulesets/build/save", data=values)
    assert response.status_code == 303, response.get_data(as_text=True)
    with app.app_context():
        return db.session.scalars(select(CustomRuleset)).one().latest.definition


def test_kalooki_with_one_natural_per_set_and_wilds_side_by_side_saves_them(client, app):
    values = open_builder(client, start="kalooki")
    # Kalooki as RULES.md §8.4 has it: two naturals in a set, never two wilds side by side in a run
    assert values["min_naturals_set"] == "2" and "run_wilds_adjacent" not in values
    values |= {"name": "Loose Kalooki", "min_naturals_set": "1", "run_wilds_adjacent": "y"}
    definition = _saved(client, app, values)
    assert definition["min_naturals_set"] == 1
    assert definition["min_naturals_run"] == 1
    assert definition["run_wilds_adjacent"] is True
    assert definition["max_wilds_per_contract"] is None
    assert (definition["reclaim"], definition["run_word"]) == ("tack", "four")


def test_carioca_with_a_go_down_limit_of_3_and_deal_2_without_wilds(client, app):
    values = open_builder(client, start="carioca")
    assert values["max_wilds_per_contract"] == "2"
    values |= {"name": "Strict Carioca", "max_wilds_per_contract": "3", "deal-1-max_wilds": "0"}
    definition = _saved(client, app, values)
    assert definition["max_wilds_per_contract"] == 3
    assert definition["deals"][1]["max_wilds"] == 0
    assert "max_wilds" not in definition["deals"][0]  # blank: the ruleset's limit
    assert definition["run_wild_min_gap"] == 4


@pytest.mark.parametrize(
    ("field", "typed", "words"),
    [
        ("min_naturals_set", "9", "0 to 8"),
        ("min_naturals_run", "15", "0 to 14"),
        ("max_wilds_per_contract", "two", "whole number"),
        ("deal-1-max_wilds", "-1", "0 or more"),
    ],
)
def test_a_bad_value_gets_its_sentence_beside_its_box(client, field, typed, words):
    values = open_builder(client, start="carioca")
    values[field] = typed
    response = press(client, values)
    errors = shown_errors(response.get_data(as_text=True))
    assert list(errors) == [field], errors
    assert words in errors[field]


def test_the_new_boxes_say_their_labels(client):
    html = client.get("/rulesets/build?start=kalooki").get_data(as_text=True)
    for label in ("Natural cards a three needs", "Natural cards a run needs", "Wild cards in one go-down",
                  "Two wild cards may stand side by side in a run", "This deal's wild cards in one meld"):  # fmt: skip
        assert label in html
