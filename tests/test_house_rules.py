"""The ruleset builder and stored custom rulesets: every step, every bad input beside its field, nothing stored.

The builder's form is read from the page as a browser would post it
(:func:`form_values`), changed, and posted back.
"""

from __future__ import annotations

import io
import json

import pytest
from sqlalchemy import func, select

from companion.extensions import db
from companion import registry
from companion.house_rules import share
from companion.models import CustomRuleset, CustomRulesetVersion, Game, League, User
from companion.rules import RULESETS
from companion.rules.definition import ruleset_from_definition, ruleset_to_definition

from conftest import OWNER_HASH, add_owner, sign_in, start_game_via_form
from pages import parse

HTMX = {"HX-Request": "true"}


@pytest.fixture
def app(no_csrf_app):
    """These tests post forms directly (CSRF has its own tests; the browser test posts the real forms)."""
    return no_csrf_app


def form_values(html: str, form_id: str = "builder-form") -> dict[str, str]:
    """What a browser posts for a form as the page shows it (no button: the test adds the one it presses)."""
    form = parse(html).find(id=form_id)
    values: dict[str, str] = {}
    for node in form.iter():
        name = node.attrs.get("name")
        if not name or node.tag == "button":
            continue
        if node.tag == "input":
            kind = node.attrs.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in node.attrs:
                    values[name] = node.attrs.get("value") or "on"
            elif kind != "file":
                values[name] = node.attrs.get("value") or ""
        elif node.tag == "select":
            options = [o for o in node.iter() if o.tag == "option"]
            chosen = next((o for o in options if "selected" in o.attrs), options[0] if options else None)
            values[name] = chosen.attrs.get("value", "") if chosen else ""
        elif node.tag == "textarea":
            values[name] = node.text
    return values


def error_at(html: str, key: str) -> str:
    """The sentence shown beside a field ("" when its place is empty and hidden)."""
    node = parse(html).find(id=f"err-{key}")
    return "" if "hidden" in node.attrs else node.text


def shown_errors(html: str) -> dict[str, str]:
    return {
        n.attrs["id"].removeprefix("err-"): n.text
        for n in parse(html).iter()
        if n.attrs.get("id", "").startswith("err-") and "hidden" not in n.attrs
    }


def stored_count() -> tuple[int, int]:
    return (
        db.session.scalar(select(func.count()).select_from(CustomRuleset)),
        db.session.scalar(select(func.count()).select_from(CustomRulesetVersion)),
    )


def open_builder(client, **args) -> dict[str, str]:
    response = client.get("/rulesets/build", query_string=args)
    assert response.status_code == 200, response.get_data(as_text=True)
    return form_values(response.get_data(as_text=True))


def press(client, values: dict[str, str], action: str = "check", htmx: bool = False):
    return client.post("/rulesets/build", data={**values, "action": action}, headers=HTMX if htmx else {})


def family_values(client) -> dict[str, str]:
    """The family's rules of the issue: Contract Rummy with 10/10/10/10/12/12/12 cards, an eighth deal of four
    sets, jokers 25, one wild per meld, five May Is a deal."""
    values = open_builder(client, start="contract")
    values["name"] = "Family Contract"
    response = press(client, values, "add-deal")
    values = form_values(response.get_data(as_text=True))
    # the new eighth deal is a copy of the seventh (meld every card, 12 cards): make it four sets of 3
    values.pop("deal-7-meld_all", None)
    values["deal-7-going_out"] = "discard"
    for j in range(3):
        values[f"deal-7-req-{j}-kind"] = "set"
        values[f"deal-7-req-{j}-length"] = "3"
    for i, cards in enumerate([10, 10, 10, 10, 12, 12, 12, 12]):
        values[f"deal-{i}-cards"] = str(cards)
    values["points-JK"] = "25"
    values["max_wilds"] = "1"
    values["buys_per_deal"] = "5"
    # deal 8 needs a fourth meld: the form shows one row per meld, so add it first
    values = form_values(press(client, values, "add-req-7").get_data(as_text=True))
    values["deal-7-req-3-kind"] = "set"
    values["deal-7-req-3-length"] = "3"
    return values


# ---------------------------------------------------------------------------
# Opening the builder


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_the_builder_opens_on_every_published_ruleset_with_its_values(client, ruleset_id):
    response = client.get(f"/rulesets/build?start={ruleset_id}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    values = form_values(html)
    ruleset = RULESETS[ruleset_id]
    assert values["name"] == f"{ruleset.name} (ours)"
    assert [values[f"deal-{i}-cards"] for i in range(len(ruleset.deals))] == [str(d.cards_dealt) for d in ruleset.deals]
    assert f"deal-{len(ruleset.deals)}-cards" not in values
    assert values["points-JK"] == str(ruleset.points.as_dict()["JK"])
    assert values["max_wilds"] == ("" if ruleset.max_wilds is None else str(ruleset.max_wilds))
    assert shown_errors(html) == {}
    # the preview is the rules card of the rules as they stand
    preview = parse(html).find(id="preview")
    assert ruleset.deals[0].contract in preview.text


def test_the_form_as_opened_checks_clean_and_previews(client):
    values = open_builder(client, start="shanghai")
    response = press(client, values)
    assert response.status_code == 200
    assert shown_errors(response.get_data(as_text=True)) == {}


def test_every_field_is_explained_with_the_published_values(client):
    html = client.get("/rulesets/build?start=contract").get_data(as_text=True)
    page = parse(html)
    wilds = page.find(id="help-max_wilds").parent.text
    assert "1 (Parlett's Contract, Combination, Shanghai," in wilds  # one wild per meld in Shanghai
    assert "any number (Contract, Liverpool" in wilds
    assert "50 (Liverpool)" in page.find(id="help-exact_cut_bonus").parent.text
    for key in ("name", "deals", "players", "card_points", "buys", "exact", "aces", "dup_suits", "repeat_rank",
                "same_suit_runs", "wilds", "one_turn_out_bonus", "cards_dealt", "going_out", "set_word"):  # fmt: skip
        assert page.has(id=f"help-{key}"), key


def test_an_unknown_start_says_so_and_starts_from_contract_rummy(client):
    html = client.get("/rulesets/build?start=nonsense").get_data(as_text=True)
    assert "There is no ruleset “nonsense”" in error_at(html, "form")
    assert form_values(html)["name"] == "Contract Rummy (ours)"


def test_the_builder_needs_an_account(anon_client):
    response = anon_client.get("/rulesets/build")
    assert response.status_code == 302 and "/login" in response.headers["Location"]


# ---------------------------------------------------------------------------
# Buttons: deals, melds, table sizes


def test_add_a_deal_copies_the_last_one(client):
    values = open_builder(client, start="contract")
    html = press(client, values, "add-deal").get_data(as_text=True)
    after = form_values(html)
    assert after["deal-7-cards"] == after["deal-6-cards"] == "12"
    assert parse(html).find(id="deals").find(tag="legend").text == "Deals (8)"


def test_remove_and_reorder_deals(client):
    values = open_builder(client, start="contract")
    after = form_values(press(client, values, "up-deal-3").get_data(as_text=True))
    assert (after["deal-2-cards"], after["deal-3-cards"]) == ("12", "10")  # deal 4 (12 cards) moved above deal 3
    after = form_values(press(client, after, "down-deal-2").get_data(as_text=True))
    assert (after["deal-2-cards"], after["deal-3-cards"]) == ("10", "12")
    after = form_values(press(client, after, "remove-deal-0").get_data(as_text=True))
    assert "deal-6-cards" not in after and after["deal-0-req-1-kind"] == "run"  # deal 2 (S3 R4) is now first


def test_add_and_remove_melds(client):
    values = open_builder(client, start="contract")
    after = form_values(press(client, values, "add-req-0").get_data(as_text=True))
    assert after["deal-0-req-2-kind"] == "set" and after["deal-0-req-2-length"] == "3"
    after = form_values(press(client, after, "remove-req-0-0").get_data(as_text=True))
    assert "deal-0-req-2-kind" not in after and after["deal-0-req-1-kind"] == "set"


def test_buttons_with_stale_numbers_change_nothing(client):
    values = open_builder(client, start="contract")
    for action in ("remove-deal-99", "up-deal-0", "down-deal-6", "remove-req-0-9", "add-req-42", "remove-table-7", "bogus"):
        after = form_values(press(client, values, action).get_data(as_text=True))
        after.pop("csrf_token"), values.pop("csrf_token", None)
        assert after == values, action


def test_add_and_remove_a_table_size(client):
    values = open_builder(client, start="contract")
    after = form_values(press(client, values, "add-table").get_data(as_text=True))
    assert "table-3-low" in after
    after = form_values(press(client, after, "remove-table-3").get_data(as_text=True))
    assert "table-3-low" not in after


def test_htmx_buttons_answer_the_builder_alone(client):
    values = open_builder(client, start="contract")
    response = press(client, values, "add-deal", htmx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="builder">') and "<html" not in html


def test_an_htmx_check_answers_every_sentence_and_the_preview_out_of_band(client):
    values = open_builder(client, start="contract")
    values["deal-2-req-0-length"] = "15"
    response = client.post("/rulesets/build/check", data=values, headers=HTMX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    page = parse(html)
    node = page.find(id="err-deal-2-req-0-length")
    assert node.attrs.get("hx-swap-oob") == "true"
    assert node.text == "A run is 3 to 14 cards long."
    assert "hidden" in page.find(id="err-name").attrs
    assert page.find(id="preview").attrs.get("hx-swap-oob") == "true"
    assert "Fix the marked field" in page.find(id="preview").text


# ---------------------------------------------------------------------------
# Bad input: a sentence beside its field, never a 500, nothing stored


BAD_INPUTS = [
    ("deal-2-req-0-length", "15", "deal-2-req-0-length", "A run is 3 to 14 cards long."),
    ("deal-0-req-0-length", "9", "deal-0-req-0-length", "A group is 3 to 8 cards long."),  # Contract says "group"
    ("deal-0-req-0-length", "", "deal-0-req-0-length", "Type a number here, like 3."),
    ("deal-0-req-0-length", "three", "deal-0-req-0-length", "Type a whole number, like 3, not “three”."),
    ("deal-0-req-0-kind", "quad", "deal-0-req-0-kind", "Choose one of the choices for “Meld 1”."),
    ("deal-0-cards", "4", "deal-0-cards", "Cards dealt is a whole number from 5 to 20."),
    ("deal-0-cards", "-3", "deal-0-cards", "Type a number of 0 or more."),
    ("deal-0-cards", "１０", "deal-0-cards", "Type a whole number, like 10"),
    ("deal-0-going_out", "fly", "deal-0-going_out", "Choose one of the choices for “Going out”."),
    ("name", "   ", "name", "Give these rules a name"),
    ("name", "Tab\tname", None, None),  # whitespace folds: a tab inside is a space, accepted
    ("players_min", "1", "players_min", "Fewest players is a whole number from 2 to 8."),
    ("players_max", "9", "players_max", "Most players is a whole number from 3 to 8."),
    ("table-0-decks", "7", "table-0-decks", "Packs is a whole number from 1 to 6."),
    ("table-0-jokers", "13", "table-0-jokers", "Jokers is a whole number from 0 to 12."),
    ("table-0-high", "2", "table-0-high", "Table size 1 starts at 3 players: its To (players) is a whole number from 3 to 8."),
    ("table-2-high", "4", "table-2-high", "Table size 3 starts at 5 players: its To (players) is a whole number from 5 to 8."),
    ("table-2-high", "6", "table", "A table size is for 6 players, but these rules are for 3 to 5: make the last To (players) 5."),
    ("players_max", "6", "table", "No table size is for 6 players: make the last To (players) 6, the Most players."),
    ("table-1-low", "3", None, None),  # a table size's "from" follows the one before: what is posted can't overlap
    ("points-JK", "101", "points-JK", "Points for a joker are a whole number from 0 to 100."),
    ("points-K", "101", "points-K", "Points for K are a whole number from 0 to 100."),
    ("points-K", "ten", "points-K", "Type a whole number, like 10, not “ten”."),
    ("buys_extra", "4", "buys_extra", "Extra stock cards is a whole number from 0 to 3."),
    ("max_wilds", "x", "max_wilds", "Type a whole number, like 1, not “x”."),
    ("exact_cut_bonus", "201", "exact_cut_bonus", "Exact cut: points off is a whole number from 0 to 200."),
    ("one_turn_out_bonus", "99999", "one_turn_out_bonus", "Type a whole number, like 10, not “99999”."),
    ("aces", "sideways", "aces", "Choose one of the choices for “Aces in runs”."),
    ("wilds", "JK+3", "wilds", "Choose one of the choices for “Wild cards”."),
    ("set_word", "bunch", "set_word", "Choose one of the choices for “Cards of one rank are a…”."),
    ("extra", "{not json", "form", "This form was changed outside the builder"),
    ("extra", '{"colour": "red"}', "form", "These rules hold a setting the builder doesn't show that isn't right"),
    ("deal-0-extra", "[1]", "deal-0", "This form was changed outside the builder"),
]


@pytest.mark.parametrize(("field", "value", "where", "sentence"), BAD_INPUTS)
def test_a_bad_value_is_answered_beside_its_field_and_nothing_is_stored(client, app, field, value, where, sentence):
    values = open_builder(client, start="contract")
    values[field] = value
    for url, action in (("/rulesets/build", "check"), ("/rulesets/build/save", None)):
        response = client.post(url, data={**values, **({"action": action} if action else {})})
        html = response.get_data(as_text=True)
        if where is None:
            assert shown_errors(html) == {}
            continue
        assert response.status_code == 422, html
        errors = shown_errors(html)
        assert list(errors) == [where], errors
        assert errors[where].startswith(sentence) or sentence in errors[where], errors[where]
        # the field is marked, and what was typed is shown back
        page = parse(html)
        if page.has(tag="input", name=field) and field != "extra" and not field.endswith("extra"):
            node = page.find(tag="input", name=field)
            if node.attrs.get("type") == "text":
                assert node.attrs["value"] == value
    with app.app_context():
        assert stored_count() == ((1, 1) if where is None else (0, 0))


def test_more_cards_than_the_packs_hold_is_answered_beside_the_deal_cards(client, app):
    values = open_builder(client, start="contract")
    # 8 players, 2 packs and 2 jokers: 15 cards each is 120 cards, more than 106
    values.update({"players_max": "8", "table-2-high": "8", "table-2-jokers": "2", "deal-3-cards": "15"})
    html = press(client, values).get_data(as_text=True)
    assert shown_errors(html) == {
        "deal-3-cards": "Cards dealt: 15 each for 8 players is 120 cards, more than two packs and two jokers hold: deal fewer, or add a pack for 8 players."
    }
    with app.app_context():
        assert stored_count() == (0, 0)


def test_forged_forms_are_bounded_and_never_fail(client):
    values = open_builder(client, start="contract")
    values["deal-9999-cards"] = "10"  # too long an index: ignored
    values["deal-0-req-99999-length"] = "3"
    for i in range(30):
        values[f"table-{100 + i}-low"] = "2"  # far more table sizes than a form may carry: bounded
    response = press(client, values)
    assert response.status_code in (200, 422)
    response = client.post("/rulesets/build", data={"action": "check"})  # nothing at all
    assert response.status_code == 422
    assert "Give these rules a name" in shown_errors(response.get_data(as_text=True))["name"]


# ---------------------------------------------------------------------------
# Saving, versions, owners, names


def test_save_the_family_ruleset_and_its_stored_object(client, app):
    values = family_values(client)
    html = press(client, values).get_data(as_text=True)
    assert shown_errors(html) == {}
    preview = parse(html).find(id="preview").text
    assert "Four groups of 3" in preview and "joker 25" in preview and "At most one per meld" in preview
    response = client.post("/rulesets/build/save", data=values)
    assert response.status_code == 303
    with app.app_context():
        custom = db.session.scalars(select(CustomRuleset)).one()
        assert custom.name == "Family Contract" and custom.user_id == app.config["OWNER_ID"]
        definition = custom.latest.definition
        assert [d["cards_dealt"] for d in definition["deals"]] == [10, 10, 10, 10, 12, 12, 12, 12]
        assert definition["deals"][7]["requirements"] == [{"kind": "set", "length": 3}] * 4
        assert definition["card_points"]["JK"] == 25 and definition["max_wilds"] == 1
        assert definition["buys"]["per_deal"] == 5
        assert "base" not in definition
        # the stored object is the engine's own, complete
        assert ruleset_to_definition(ruleset_from_definition(definition)) == definition
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Family Contract" in page and "version 1" in page


def test_a_change_is_a_new_version_and_a_game_keeps_its_own(client, app, form_client):
    values = family_values(client)
    client.post("/rulesets/build/save", data=values)
    with app.app_context():
        custom_id = db.session.scalar(select(CustomRuleset.id))
    game_url = start_game_via_form(form_client, ["Ann", "Bob", "Cat"], ruleset=f"custom-{custom_id}")
    edit = open_builder(client, edit=custom_id)
    assert edit["edit"] == str(custom_id) and edit["points-JK"] == "25"
    edit["points-JK"] = "30"
    response = client.post("/rulesets/build/save", data=edit)
    assert response.status_code == 303
    with app.app_context():
        custom = db.session.get(CustomRuleset, custom_id)
        assert [v.number for v in custom.versions] == [1, 2]
        assert custom.latest.definition["card_points"]["JK"] == 30
        game = db.session.get(Game, int(game_url.rsplit("/", 1)[1]))
        assert game.custom_version.number == 1
        assert game.ruleset.points.as_dict()["JK"] == 25  # the game keeps the version it was started under
        assert game.ruleset_id == f"custom-{custom_id}"
    # saving the same again makes no version
    client.post("/rulesets/build/save", data=edit)
    with app.app_context():
        assert stored_count() == (1, 2)


def test_names_are_unique_per_owner(client, app):
    values = family_values(client)
    assert client.post("/rulesets/build/save", data=values).status_code == 303
    values["name"] = "  family   CONTRACT "
    response = client.post("/rulesets/build/save", data=values)
    assert response.status_code == 422
    assert shown_errors(response.get_data(as_text=True)) == {
        "name": "That name is taken: you already has rules called “family CONTRACT”."
    } or "That name is taken" in shown_errors(response.get_data(as_text=True))["name"]
    with app.app_context():
        assert stored_count() == (1, 1)
        league = League(name="Smiths", name_key="smiths")
        db.session.add(league)
        db.session.commit()
        league_id = league.id
    values["owner"] = str(league_id)  # the same name for another owner is fine
    assert client.post("/rulesets/build/save", data=values).status_code == 303
    with app.app_context():
        assert stored_count() == (2, 2)


def test_a_name_race_answers_that_name_is_taken(client, app, monkeypatch):
    """Two phones save one name at once: the unique index refuses the second, which hears why."""
    values = family_values(client)
    assert client.post("/rulesets/build/save", data=values).status_code == 303
    from companion.house_rules import service

    original = service.save

    def blind_save(*args, **kwargs):  # the other phone's check ran before the first phone's row existed
        monkeypatch.setattr(service.db.session, "scalar", lambda *a, **k: None)
        return original(*args, **kwargs)

    monkeypatch.setattr(service, "save", blind_save)
    values["name"] = "Family Contract"
    response = client.post("/rulesets/build/save", data=values)
    assert response.status_code == 422
    assert "That name is taken" in shown_errors(response.get_data(as_text=True))["name"]
    monkeypatch.undo()
    with app.app_context():
        assert stored_count() == (1, 1)


def test_a_league_ruleset_may_be_changed_by_its_members_only(app, client):
    values = family_values(client)
    with app.app_context():
        league = League(name="Smiths", name_key="smiths")
        stranger = User(username="Stranger", username_key="stranger", password_hash=OWNER_HASH)
        db.session.add_all([league, stranger])
        db.session.commit()
        league_id, stranger_id = league.id, stranger.id
    values["owner"] = str(league_id)
    response = client.post("/rulesets/build/save", data=values)
    assert response.status_code == 303
    with app.app_context():
        custom = db.session.scalars(select(CustomRuleset)).one()
        assert custom.league_id == league_id and custom.user_id is None
        custom_id = custom.id
    other = app.test_client()
    sign_in(other, stranger_id)
    assert other.get(f"/rulesets/build?edit={custom_id}").status_code == 403
    edit = {**values, "edit": str(custom_id), "points-JK": "40"}
    assert other.post("/rulesets/build/save", data=edit).status_code == 403
    assert other.post(f"/rulesets/{custom_id}/delete").status_code == 303
    with app.app_context():
        assert stored_count() == (1, 1)
    # nor may a stranger save rules for a league they are not in
    edit.pop("edit")
    edit["name"] = "Sneaky"
    response = other.post("/rulesets/build/save", data=edit)
    assert response.status_code == 422
    assert "Only members of Smiths" in shown_errors(response.get_data(as_text=True))["owner"]


def test_deleting_rules_a_game_uses_is_refused_with_the_reason(client, app, form_client):
    values = family_values(client)
    client.post("/rulesets/build/save", data=values)
    with app.app_context():
        custom_id = db.session.scalar(select(CustomRuleset.id))
    start_game_via_form(form_client, ["Ann", "Bob", "Cat"], ruleset=f"custom-{custom_id}")
    response = client.post(f"/rulesets/{custom_id}/delete", follow_redirects=True)
    flash = parse(response.get_data(as_text=True)).find(cls="flashes").text
    assert flash.endswith("“Family Contract” can't be deleted: 1 game was played under it, and a game keeps the rules it was played under.")
    with app.app_context():
        assert stored_count() == (1, 1)


def test_deleting_unused_rules(client, app):
    client.post("/rulesets/build/save", data=family_values(client))
    with app.app_context():
        custom_id = db.session.scalar(select(CustomRuleset.id))
    response = client.post(f"/rulesets/{custom_id}/delete")
    assert response.status_code == 303
    with app.app_context():
        assert stored_count() == (0, 0)
    assert client.get(f"/rulesets/{custom_id}").status_code == 404


# ---------------------------------------------------------------------------
# Export, import, share link


def _saved(client, app) -> int:
    client.post("/rulesets/build/save", data=family_values(client))
    with app.app_context():
        return db.session.scalar(select(CustomRuleset.id))


def test_export_is_the_api_object_and_imports_on_a_fresh_database(client, app, tmp_path):
    custom_id = _saved(client, app)
    response = client.get(f"/rulesets/{custom_id}/export")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert 'filename="family-contract.json"' in response.headers["Content-Disposition"]
    exported = json.loads(response.get_data(as_text=True))
    assert ruleset_from_definition(exported).points.as_dict()["JK"] == 25

    from companion import create_app



    fresh = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'fresh.sqlite'}", "WTF_CSRF_ENABLED": False})
    with fresh.app_context():
        db.create_all()
    other = fresh.test_client()
    sign_in(other, add_owner(fresh))
    response = other.post(
        "/rulesets/import",
        data={"file": (io.BytesIO(response.data), "family-contract.json"), "owner": "me"},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    with fresh.app_context():
        custom = db.session.scalars(select(CustomRuleset)).one()
        assert custom.latest.definition == exported
        db.engine.dispose()


IMPORT_ERRORS = [
    (b"not json", "That is not a ruleset file: it isn't JSON text"),
    (b"[1, 2]", "That is not a ruleset: a ruleset file holds one object"),
    (b"\xff\xfe", "That is not a ruleset file"),
    (json.dumps({"base": "contract", "name": "X", "max_wilds": -1}).encode(), "Max_wilds is a whole number, 0 or more"),
    (json.dumps({"base": "contract", "name": "X", "deals": [{"cards_dealt": 10, "requirements": [{"kind": "run", "length": 15}]}]}).encode(),
     "Deal 1: a run is 3 to 14 cards long, not 15."),
    (json.dumps({"name": "X"}).encode(), "Players is missing"),
    (b"[" * 40000, "That is too big to be a ruleset"),
    (b"[" * 5000 + b"]" * 5000, "That is not a ruleset"),
]


@pytest.mark.parametrize(("data", "sentence"), IMPORT_ERRORS)
def test_a_bad_import_says_why_and_stores_nothing(client, app, data, sentence):
    response = client.post(
        "/rulesets/import", data={"file": (io.BytesIO(data), "rules.json"), "owner": "me"}, content_type="multipart/form-data"
    )
    assert response.status_code == 422
    assert sentence in error_at(response.get_data(as_text=True), "file")
    with app.app_context():
        assert stored_count() == (0, 0)


def test_import_pasted_text_with_a_base(client, app):
    text = json.dumps({"base": "shanghai", "name": "Shanghai at Gran's", "card_points": {"JK": 25}})
    response = client.post("/rulesets/import", data={"text": text, "owner": "me"})
    assert response.status_code == 303
    with app.app_context():
        definition = db.session.scalars(select(CustomRuleset)).one().latest.definition
    assert "base" not in definition and definition["card_points"]["JK"] == 25
    assert definition["deals"] == ruleset_to_definition(RULESETS["shanghai"])["deals"]


def test_import_without_anything_says_what_to_do(client):
    response = client.post("/rulesets/import", data={"owner": "me"})
    assert response.status_code == 422
    assert "Choose a ruleset file" in error_at(response.get_data(as_text=True), "file")


@pytest.mark.parametrize(
    ("sent", "errors"),
    [
        # pasted text too big: said beside the text box, and what was pasted shown back cut at the limit
        ({"text": "[" * 40000}, {"text": "That is too big to be a ruleset (at most 32 KB)."}),
        # a file chosen without a name is no file: the pasted text is read
        ({"file": (io.BytesIO(b""), ""), "text": "[1]"}, {"text": "That is not a ruleset: a ruleset file holds one object, {…}."}),
        # nothing sent and a name too long: both said
        ({"name": "x" * 61}, {"file": "Choose a ruleset file (.json), or paste its text below.",
                              "name": "A name is at most 60 characters; this one is 61."}),
        # a name too long is said first: what was sent is not read
        ({"file": (io.BytesIO(b"[" * 40000), "rules.json"), "name": "x" * 61},
         {"name": "A name is at most 60 characters; this one is 61."}),
    ],
)  # fmt: skip
def test_an_import_says_each_problem_beside_its_box_and_stores_nothing(client, app, sent, errors):
    response = client.post("/rulesets/import", data={"owner": "me", **sent}, content_type="multipart/form-data")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert {key: " ".join(text.split()) for key, text in shown_errors(html).items()} == errors
    if "text" in sent:
        kept = parse(html).find(tag="textarea", id="text").text
        assert kept == sent["text"][:32 * 1024]
    with app.app_context():
        assert stored_count() == (0, 0)


def test_the_share_link_opens_the_builder_prefilled(client, app):
    custom_id = _saved(client, app)
    html = client.get(f"/rulesets/{custom_id}").get_data(as_text=True)
    page = parse(html)
    link = page.find(tag="input", **{"aria-label": "Share link for Family Contract"}).attrs["value"]
    assert page.has(cls="qr-code") or "<svg" in html
    assert "/rulesets/build?d=" in link and len(link) < 1500
    other = app.test_client()
    sign_in(other, app.config["OWNER_ID"])
    values = open_builder(other, d=link.split("d=", 1)[1])
    assert values["name"] == "Family Contract" and values["points-JK"] == "25" and values["deal-7-cards"] == "12"


@pytest.mark.parametrize(
    ("d", "sentence"),
    [
        ("abc", "This share link is broken"),
        ("!!!!", "This share link is broken"),
        ("A" * 5000, "This share link is too long"),
        (share.encode({"name": "X"}), "Players is missing"),
        (share.encode([1]), "A ruleset is an object"),
    ],
)
def test_a_bad_share_link_says_why(client, d, sentence):
    response = client.get("/rulesets/build", query_string={"d": d})
    assert response.status_code == 200
    assert sentence in error_at(response.get_data(as_text=True), "form")


def test_a_share_link_that_unpacks_to_too_much_is_refused():
    import base64
    import zlib

    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * 2_000_000, 9)).decode().rstrip("=")
    assert len(bomb) < share.MAX_LINK_TEXT
    with pytest.raises(share.ShareLinkError, match="unpacks to too much"):
        share.decode(bomb)


# ---------------------------------------------------------------------------
# Used everywhere a published ruleset is


def test_custom_rules_are_listed_first_in_a_new_game_and_the_rules_pages(client, app):
    custom_id = _saved(client, app)
    ruleset_id = f"custom-{custom_id}"
    for url in ("/games/new", "/check", "/helper", "/layoff", "/rules/compare"):
        html = client.get(url).get_data(as_text=True)
        assert ruleset_id in html, url
        assert html.index(ruleset_id) < html.index('value="contract"'), url
    index = parse(client.get("/rules/").get_data(as_text=True))
    assert index.find(tag="a", href=f"/rules/{ruleset_id}").find(tag="strong").text == "Family Contract"
    card = client.get(f"/rules/{ruleset_id}").get_data(as_text=True)
    assert "Family Contract" in card and "Four groups of 3" in card
    compare = client.get(f"/rules/compare?ruleset={ruleset_id}&ruleset=contract").get_data(as_text=True)
    assert "Family Contract" in compare and "JK 25" in compare


def test_the_checker_and_helper_judge_under_custom_rules(client, app):
    custom_id = _saved(client, app)
    ruleset_id = f"custom-{custom_id}"
    # one wild per meld: two jokers in one set is refused under the family's rules, fine under Contract Rummy
    melds = "7H 7S JK JK | 9C 9D 9S"
    family = client.post("/check", data={"ruleset": ruleset_id, "deal": "1", "melds": melds}).get_data(as_text=True)
    contract = client.post("/check", data={"ruleset": "contract", "deal": "1", "melds": melds}).get_data(as_text=True)
    assert "7H 7S JK JK has 2 wilds; this game allows 1 per meld." in family
    assert "this game allows" not in contract
    # the eighth deal exists under the family's rules only
    html = client.post("/helper", data={"ruleset": ruleset_id, "deal": "8", "hand": "7H 7S 7D 8H 8S 8D 9H 9S 9D 10H 10S 10D"}).get_data(as_text=True)
    assert "has deals 1 to" not in html


def test_rules_pages_without_an_account_do_not_see_stored_rules(client, app, anon_client):
    custom_id = _saved(client, app)
    assert anon_client.get(f"/rules/custom-{custom_id}").status_code == 404
    assert f"custom-{custom_id}" not in anon_client.get("/check").get_data(as_text=True)


def test_league_standings_filter_by_a_custom_ruleset(client, app):
    """A game under the family's rules counts in the standings filtered by them, not under Contract Rummy."""
    from companion.games import deal_entry, life
    from companion.rules.deal_score import LineEntry
    from companion.registry import of_version as ruleset_of
    from companion.leagues.service import add_member, create_league

    with app.app_context():
        league = create_league("Smiths")
        league_id = league.id
    values = family_values(client)
    values["owner"] = str(league_id)
    assert client.post("/rulesets/build/save", data=values).status_code == 303
    with app.app_context():
        custom = db.session.scalars(select(CustomRuleset)).one()
        league = db.session.get(League, league_id)
        players = [life.find_or_add_player(n) for n in ("Ann", "Bob", "Cat")]
        for p in players:
            add_member(league, p)
        rules = ruleset_of(custom.latest)
        game = life.start_game(rules, players, 0, league=league, custom_version=custom.latest)
        for number in range(1, len(rules.deals) + 1):  # Ann goes out every deal; jokers score 25
            entries = [LineEntry(position=s, cards="" if s == 0 else "K JK") for s in range(3)]
            judgement = deal_entry.judge_entry(game, number, "0", entries)
            assert judgement.ok, judgement.problems
            deal_entry.save_deal(game, number, judgement)
        custom_ruleset_id = custom.ruleset_id
    html = client.get(f"/leagues/{league_id}?season=all&ruleset={custom_ruleset_id}").get_data(as_text=True)
    page = parse(html)
    assert "1 game" in page.find(tag="p", cls="meta").text and "Family Contract" in page.find(tag="p", cls="meta").text
    option = page.find(tag="option", value=custom_ruleset_id)
    assert "selected" in option.attrs and option.text == "Family Contract"
    assert str(8 * (10 + 25)) in html  # Bob's and Cat's total: 8 deals of K (10) + JK (25)
    html = client.get(f"/leagues/{league_id}?season=all&ruleset=contract").get_data(as_text=True)
    assert "0 games" in parse(html).find(tag="p", cls="meta").text


# ---------------------------------------------------------------------------
# Folding: each deal and group of settings is a <details>, so the builder is short on a phone (no script needed)


def folds(html: str) -> dict[str, tuple[str, bool]]:
    """Each folded part by id: its summary's text and whether it comes open."""
    return {
        details.attrs["id"]: (" ".join(details.find("summary").text.split()), "open" in details.attrs)
        for details in parse(html).find_all("details", cls="fold")
    }


def test_every_deal_folds_to_a_line_saying_what_it_is(client):
    html = client.get("/rulesets/build", query_string={"start": "contract"}).get_data(as_text=True)
    found = folds(html)
    assert [found[f"deal-{i}"][0] for i in range(7)] == [
        "Deal 1: two groups of 3 · 10 cards",
        "Deal 2: one group of 3 and one run of 4 · 10 cards",
        "Deal 3: two runs of 4 · 10 cards",
        "Deal 4: three groups of 3 · 12 cards",
        "Deal 5: two groups of 3 and one run of 4 · 12 cards",
        "Deal 6: one group of 3 and two runs of 4 · 12 cards",
        "Deal 7: three runs of 4 · 12 cards",
    ]
    assert found["wilds-section"][0] == "Wild cards jokers"
    assert found["players-section"][0] == "Players, packs and jokers 3 to 5 players"
    assert not any(opened for _, opened in found.values())  # a clean form opens folded: a family opens what it changes


def test_without_script_the_deal_with_a_problem_comes_back_open_and_marked(client):
    values = open_builder(client, start="contract")
    response = press(client, values | {"deal-2-req-0-length": "15"})
    assert response.status_code == 422
    found = folds(response.get_data(as_text=True))
    assert found["deal-2"] == ("Deal 3: one run of 15 and one run of 4 · 10 cards · needs a fix", True)
    assert [key for key, (_, opened) in found.items() if opened] == ["deal-2"]
    assert error_at(response.get_data(as_text=True), "deal-2-req-0-length") == "A run is 3 to 14 cards long."
    found = folds(press(client, values | {"max_wilds": "many", "points-JK": "lots"}).get_data(as_text=True))
    assert found["wilds-section"] == ("Wild cards jokers · needs a fix", True)
    assert found["card-points-section"] == ("Card points joker lots · needs a fix", True)
    assert [key for key, (_, opened) in found.items() if opened] == ["wilds-section", "card-points-section"]


@pytest.mark.parametrize(
    ("action", "opened"),
    [
        ("add-deal", ["deal-7"]),
        ("up-deal-3", ["deal-2"]),
        ("down-deal-3", ["deal-4"]),
        ("add-req-5", ["deal-5"]),
        ("remove-req-4-2", ["deal-4"]),
        ("add-table", ["players-section"]),
        ("remove-deal-1", []),
    ],
)
def test_a_button_brings_its_deal_back_open(client, action, opened):
    values = open_builder(client, start="contract")
    found = folds(press(client, values, action, htmx=True).get_data(as_text=True))
    assert [key for key, (_, is_open) in found.items() if is_open] == opened


def test_a_deal_line_shows_what_was_typed_even_when_it_is_not_a_number(client):
    values = open_builder(client, start="contract") | {"deal-0-cards": "", "deal-0-req-1-length": "<b>x</b>", "set_word": "trio"}
    html = press(client, values).get_data(as_text=True)
    assert folds(html)["deal-0"][0] == "Deal 1: one trio and one trio of <b> · ? cards · needs a fix"
    assert "<b>x" not in html  # escaped


def _league_with_rules(client, app, league_name: str, rules_name: str) -> tuple[int, str]:
    """A league and rules of its own (saved through the builder): the league's id and the rules' ruleset id."""
    from companion.leagues.service import create_league

    with app.app_context():
        league_id = create_league(league_name).id
    values = family_values(client) | {"name": rules_name, "owner": str(league_id)}
    response = client.post("/rulesets/build/save", data=values)
    assert response.status_code == 303, response.get_data(as_text=True)
    return league_id, "custom-" + response.headers["Location"].rstrip("/").rsplit("/", 1)[1]


def option_groups(html: str) -> list[tuple[str, list[str]]]:
    """The rules list's optgroups in order: each label and its options' values."""
    return [
        (group.attrs["label"], [option.attrs["value"] for option in group.find_all("option")])
        for group in parse(f"<select>{html}</select>").find_all("optgroup")
    ]


def selected(html: str) -> list[str]:
    return [o.attrs["value"] for o in parse(f"<select>{html}</select>").find_all("option") if "selected" in o.attrs]


def test_the_rules_list_follows_the_league_picked(client, app):
    """Picking a league in the new-game form swaps the rules list for one with that league's rules first."""
    smiths, smith_rules = _league_with_rules(client, app, "Smiths", "Smith rules")
    joneses, jones_rules = _league_with_rules(client, app, "Joneses", "Jones rules")

    page = parse(client.get("/games/new").get_data(as_text=True))
    league = page.find("select", name="league")
    assert league.attrs["hx-get"] == "/games/new/rulesets" and league.attrs["hx-target"] == "#ruleset"
    assert league.attrs["hx-include"] == "#ruleset" and league.attrs["hx-trigger"] == "change"
    assert page.find("select", id="ruleset").attrs["name"] == "ruleset"
    # without script the list is grouped by owner, each group labelled with its league
    groups = [group.attrs["label"] for group in page.find("select", id="ruleset").find_all("optgroup")]
    assert {"Smiths's rules", "Joneses's rules", "Published rules"} <= set(groups)

    for league_id, first, other in ((joneses, jones_rules, smith_rules), (smiths, smith_rules, jones_rules)):
        response = client.get("/games/new/rulesets", query_string={"league": str(league_id), "ruleset": other})
        assert response.status_code == 200
        groups = option_groups(response.get_data(as_text=True))
        assert groups[0][1] == [first] and groups[-1][0] == "Published rules"
        assert selected(response.get_data(as_text=True)) == [other]  # the rules already picked stay picked
    # no league, an unknown one or nonsense: the list as with no league, Contract Rummy picked if the rules are unknown
    for asked in ("", "999", "abc", "1" * 40):
        response = client.get("/games/new/rulesets", query_string={"league": asked, "ruleset": "nope"})
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        assert selected(html) == ["contract"]
        assert {smith_rules, jones_rules} <= {v for _, values in option_groups(html) for v in values}


def test_the_rules_list_for_a_league_needs_an_account(anon_client):
    response = anon_client.get("/games/new/rulesets?league=1")
    assert response.status_code in (302, 303) and "/login" in response.headers["Location"]


def test_seating_from_a_league_offers_its_rules_first_and_keeps_the_version(client, app):
    """The league seating page lists rules as the new-game form does (the league's own, then the account's, then
    the published ones), and a game started there under stored rules keeps the version it was started under."""
    smiths, smith_rules = _league_with_rules(client, app, "Smiths", "Smith rules")
    _, jones_rules = _league_with_rules(client, app, "Joneses", "Jones rules")
    response = client.post("/rulesets/build/save", data=family_values(client) | {"name": "My rules"})
    assert response.status_code == 303, response.get_data(as_text=True)
    my_rules = "custom-" + response.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    for name in ("Ann", "Bob", "Cat"):
        assert client.post(f"/leagues/{smiths}/members", data={"new_name": name}).status_code in (200, 303)

    url = f"/games/new/league/{smiths}"
    page = client.get(url).get_data(as_text=True)
    rules_list = parse(page).find("select", id="ruleset")
    groups = [
        (group.attrs["label"], [option.attrs["value"] for option in group.find_all("option")])
        for group in rules_list.find_all("optgroup")
    ]
    assert groups[0] == ("Smiths's rules", [smith_rules])
    labels = [label for label, _ in groups]
    assert labels.index("Your own rules") < labels.index("Published rules") == len(labels) - 1
    assert dict(groups)["Your own rules"] == [my_rules]
    assert jones_rules in {v for _, values in groups for v in values}
    # Phase 10 (the table plays it) and Carioca and Kalooki (fixed progression on the standard deck) too
    assert set(RULESETS) | {"phase10", "phase10-cards", "carioca", "kalooki"} == set(dict(groups)["Published rules"])
    assert [o.attrs["value"] for o in rules_list.find_all("option") if "selected" in o.attrs] == ["contract"]

    with app.app_context():
        plays = [str(p.id) for p in db.session.get(League, smiths).members]
    response = client.post(url, data={"ruleset": smith_rules, "plays": plays, "order": ",".join(plays)})
    assert response.status_code == 303, response.get_data(as_text=True)
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    edit = open_builder(client, edit=int(smith_rules.removeprefix("custom-")))
    assert client.post("/rulesets/build/save", data=edit | {"points-JK": "30"}).status_code == 303
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game.ruleset_id == smith_rules and game.league_id == smiths
        assert game.custom_version.number == 1
        assert game.ruleset.points.as_dict()["JK"] == 25  # the version it was started under, not the new one
    # rules not in the list (unknown, or a stored id that does not exist) are refused beside the list
    for forged in ("custom-99999", "custom-x", "nonsense"):
        response = client.post(url, data={"ruleset": forged, "plays": plays, "order": ",".join(plays)})
        assert response.status_code == 422
        assert "Pick the rules from the list." in response.get_data(as_text=True)


def test_a_members_list_of_stored_rules_puts_their_leagues_first_then_their_own_then_the_rest(app):
    from companion.house_rules import service
    from companion.leagues.service import add_member, create_league
    from companion.models import Player

    contract = ruleset_to_definition(RULESETS["contract"])
    with app.app_context():
        owner = db.session.get(User, add_owner(app))
        ann = Player(name="Ann", name_key="ann")
        member = User(username="Ann", username_key="ann", password_hash=OWNER_HASH, player=ann)
        db.session.add_all([ann, member])
        ours, theirs = create_league("Aardvarks"), create_league("Smiths")
        add_member(theirs, ann)
        db.session.commit()
        service.save({**contract, "name": "A league's we are not in"}, user=owner, league=ours)
        service.save({**contract, "name": "Ann's own"}, user=member)
        service.save({**contract, "name": "Zed: the Smiths'"}, user=owner, league=theirs)
        assert [c.name for c in registry.visible(member)] == ["Zed: the Smiths'", "Ann's own", "A league's we are not in"]
        # the owner may change every league, so none stands out: by owner (an account's, then leagues by name)
        assert [c.name for c in registry.visible(owner)] == ["Ann's own", "A league's we are not in", "Zed: the Smiths'"]
