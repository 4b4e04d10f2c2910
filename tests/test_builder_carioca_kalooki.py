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
