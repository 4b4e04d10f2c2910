"""The builder's boxes for the wider family's last fields (issue 18): a deal's ladder and its other contracts,
wild cards apart on the table, what happens to a melded joker, and the play rules told to the table (API.md "The
wider family", RULES.md §8.0). Each is set through the builder's form posts, saved, exported and compared with
the object written here by hand; a bad value is answered beside its box and nothing is stored."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select
from test_house_rules import form_values, open_builder, press, shown_errors, stored_count

from companion.extensions import db
from companion.models import CustomRuleset

ES = {"Accept-Language": "es"}


@pytest.fixture
def app(no_csrf_app):
    return no_csrf_app


def _save(client, values: dict[str, str]):
    return client.post("/rulesets/build/save", data=values)


def _exported(client, app, name: str) -> dict:
    with app.app_context():
        custom = db.session.scalars(select(CustomRuleset).where(CustomRuleset.name == name)).one()
        custom_id = custom.id
    response = client.get(f"/rulesets/{custom_id}/export")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def _built(client, app, name: str, changes: dict[str, str], *, start: str = "contract", drop: tuple[str, ...] = ()) -> dict:
    """Open the builder on ``start``, change boxes as a family would, save, and export."""
    values = open_builder(client, start=start)
    for key in drop:
        values.pop(key, None)
    values |= {"name": name, **changes}
    response = _save(client, values)
    assert response.status_code == 303, shown_errors(response.get_data(as_text=True))
    return _exported(client, app, name)


def _unchanged(client, app, start: str = "contract") -> dict:
    """The export of ``start`` saved through the builder with nothing changed but its name."""
    return _built(client, app, "Unchanged", {}, start=start)


def _pressed(client, values: dict[str, str], action: str) -> dict[str, str]:
    """The form after a button of the builder (add a contract, a meld ...), as the page shows it."""
    return form_values(press(client, values, action).get_data(as_text=True))


# ---------------------------------------------------------------------------
# Each new box: set, saved, exported, equal to the object written by hand


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"run_wild_min_gap": "4"}, {"run_wild_min_gap": 4}),
        ({"run_wild_min_gap": "12"}, {"run_wild_min_gap": 12}),
        ({"reclaim": "tack"}, {"reclaim": "tack"}),
        ({"reclaim": "never"}, {"reclaim": "never"}),
        ({"reclaim": "slide"}, {"reclaim": "slide"}),
        ({"direction": "counterclockwise"}, {"direction": "counterclockwise"}),
        ({"wild_discard": "forbidden"}, {"wild_discard": "forbidden"}),
        ({"discard_draw": "not_after_down"}, {"discard_draw": "not_after_down"}),
        (
            {"buys_permission": "current_player"},
            {"buys": {"per_deal": None, "extra_cards": 1, "no_successive": True, "permission": "current_player",
                      "only_before_down": False}},
        ),
        (
            {"buys_only_before_down": "y"},
            {"buys": {"per_deal": None, "extra_cards": 1, "no_successive": True, "permission": "none",
                      "only_before_down": True}},
        ),
    ],
)  # fmt: skip
def test_each_new_box_is_saved_into_the_definition(client, app, changes, expected):
    unchanged = _unchanged(client, app)
    # Contract Rummy as RULES.md §3 and §8.0's defaults have it
    assert (unchanged["run_wild_min_gap"], unchanged["reclaim"], unchanged["direction"]) == (None, "runs", "clockwise")
    assert (unchanged["wild_discard"], unchanged["discard_draw"]) == ("allowed", "always")
    assert unchanged["buys"] == {"per_deal": None, "extra_cards": 1, "no_successive": True, "permission": "none",
                                 "only_before_down": False}  # fmt: skip
    built = _built(client, app, "Changed", changes)
    assert built == {**unchanged, "name": "Changed", **expected}


def test_emptying_the_gap_box_is_no_rule(client, app):
    built = _built(client, app, "No gap", {"run_wild_min_gap": ""}, start="carioca")
    assert built["run_wild_min_gap"] is None
    assert _built(client, app, "Gap", {}, start="carioca")["run_wild_min_gap"] == 4


@pytest.mark.parametrize(
    ("rule", "max_wilds"), [("any_suit", "1"), ("same_colour", "0"), ("alternating_colour", "0"), ("same_suit", "0")]
)
def test_a_ladder_deal_is_saved_with_its_rule_and_its_own_wild_limit(client, app, rule, max_wilds):
    unchanged = _unchanged(client, app)
    values = open_builder(client, start="contract")
    values |= {"name": "Ladder", "deal-6-req-0-kind": "ladder", "deal-6-req-0-length": "4"}
    # the ladder is the deal's one meld: the other two are removed with their buttons
    values = _pressed(client, values, "remove-req-6-2")
    html = press(client, values, "remove-req-6-1").get_data(as_text=True)
    # once the kind is a ladder, the page shows its 13 cards and its four rules, none chosen yet
    values = form_values(html)
    assert values["deal-6-req-0-length"] == "13" and "deal-6-req-0-rule" not in values
    assert html.count('name="deal-6-req-0-rule"') == 4
    values |= {"deal-6-req-0-rule": rule, "deal-6-max_wilds": max_wilds}
    response = _save(client, values)
    assert response.status_code == 303, shown_errors(response.get_data(as_text=True))
    built = _exported(client, app, "Ladder")
    ladder_deal = {"cards_dealt": 12, "requirements": [{"kind": "ladder", "length": 13, "rule": rule}],
                   "going_out": "no_discard", "meld_all": True, "max_wilds": int(max_wilds)}  # fmt: skip
    assert built == {**unchanged, "name": "Ladder", "deals": [*unchanged["deals"][:6], ladder_deal]}


def test_choosing_a_ladder_deals_12_and_melds_every_card(client):
    values = open_builder(client, start="contract")
    values = _pressed(client, values, "remove-req-0-1")
    values |= {"deal-0-req-0-kind": "ladder", "deal-0-cards": "10", "deal-0-going_out": "discard"}
    values.pop("deal-0-meld_all", None)
    response = press(client, values)
    html = response.get_data(as_text=True)
    # the rule is asked for beside its box, which now shows; the deal's cards and going out are set as a ladder has them
    assert shown_errors(html) == {"deal-0-req-0-rule": "Choose one of the choices for “Cards of the ladder”."}
    shown = form_values(html)
    assert (shown["deal-0-cards"], shown.get("deal-0-meld_all"), shown["deal-0-going_out"]) == ("12", "y", "no_discard")
    assert shown["deal-0-req-0-length"] == "13" and "deal-0-req-0-rule" not in shown
    assert "A deal with a ladder is dealt 12 cards and goes down with all 13 after the draw" in html
    response = press(client, shown | {"deal-0-req-0-rule": "same_colour"})
    assert response.status_code == 200 and shown_errors(response.get_data(as_text=True)) == {}


def test_a_deal_made_another_way_kalookis_full_suit(client, app):
    """Kalooki's ``full-suit`` option as a custom deal: deal 4's three fours, or a run of 13 (RULES.md §8.4)."""
    unchanged = _unchanged(client, app, start="kalooki")
    values = open_builder(client, start="kalooki")
    assert not any("-alt-" in key for key in values)
    values = _pressed(client, values, "add-alt-3")
    assert (values["deal-3-alt-0-req-0-kind"], values["deal-3-alt-0-req-0-length"]) == ("run", "4")
    values |= {"name": "Full suit", "deal-3-alt-0-req-0-length": "13"}
    response = _save(client, values)
    assert response.status_code == 303, shown_errors(response.get_data(as_text=True))
    built = _exported(client, app, "Full suit")
    fours = [{"kind": "run", "length": 4}] * 3
    deal_4 = {"cards_dealt": 12, "requirements": fours, "going_out": "either", "meld_all": False,
              "alternatives": [[{"kind": "run", "length": 13}]]}  # fmt: skip
    assert built == {**unchanged, "name": "Full suit", "deals": [*unchanged["deals"][:3], deal_4, *unchanged["deals"][4:]]}


def test_other_contracts_take_melds_and_go_again(client, app):
    unchanged = _unchanged(client, app)
    values = open_builder(client, start="contract")
    values = _pressed(client, values, "add-alt-0")
    values = _pressed(client, values, "add-alt-0")
    values = _pressed(client, values, "add-altreq-0-1")
    values |= {"deal-0-alt-0-req-0-kind": "set", "deal-0-alt-0-req-0-length": "4",
               "deal-0-alt-1-req-0-kind": "pair", "deal-0-alt-1-req-0-length": "2",
               "deal-0-alt-1-req-1-kind": "run", "deal-0-alt-1-req-1-length": "5"}  # fmt: skip
    values = _pressed(client, values, "add-alt-0")
    values = _pressed(client, values, "remove-alt-0-2")  # the third, added by mistake
    assert not any(key.startswith("deal-0-alt-2") for key in values)
    values["name"] = "Either way"
    response = _save(client, values)
    assert response.status_code == 303, shown_errors(response.get_data(as_text=True))
    built = _exported(client, app, "Either way")
    first = {**unchanged["deals"][0], "alternatives": [[{"kind": "set", "length": 4}],
                                                        [{"kind": "pair", "length": 2}, {"kind": "run", "length": 5}]]}  # fmt: skip
    assert built == {**unchanged, "name": "Either way", "deals": [first, *unchanged["deals"][1:]]}
    # removing every other contract brings the deal back as it was
    values = open_builder(client, start="contract")
    values = _pressed(client, _pressed(client, values, "add-alt-0"), "remove-alt-0-0")
    assert not any("-alt-" in key for key in values)


def test_at_most_three_other_contracts_and_no_ladder_among_them(client):
    values = open_builder(client, start="contract")
    for _ in range(4):
        values = _pressed(client, values, "add-alt-0")
    assert sorted({key.split("-req-")[0] for key in values if "-alt-" in key}) == ["deal-0-alt-0", "deal-0-alt-1", "deal-0-alt-2"]
    html = press(client, values).get_data(as_text=True)
    assert 'value="add-alt-0"' not in html
    kinds = [o.attrs["value"] for o in parse_options(html, "deal-0-alt-0-req-0-kind")]
    assert "ladder" not in kinds and "ladder" in [o.attrs["value"] for o in parse_options(html, "deal-0-req-0-kind")]


def parse_options(html: str, select_id: str):
    from pages import parse

    return [node for node in parse(html).find(id=select_id).iter() if node.tag == "option"]


# ---------------------------------------------------------------------------
# Round trip: save, change, export equal


@pytest.mark.parametrize("start", ["carioca", "kalooki", "contract"])
def test_save_edit_and_export_give_the_same_object(client, app, start):
    values = open_builder(client, start=start)
    values = _pressed(client, values, "add-alt-1")
    values |= {"name": "Round trip", "run_wild_min_gap": "3", "reclaim": "slide", "direction": "counterclockwise",
               "wild_discard": "forbidden", "discard_draw": "not_after_down", "buys_permission": "current_player",
               "buys_only_before_down": "y", "deal-1-alt-0-req-0-length": "7"}  # fmt: skip
    assert _save(client, values).status_code == 303
    first = _exported(client, app, "Round trip")
    with app.app_context():
        custom_id = db.session.scalars(select(CustomRuleset).where(CustomRuleset.name == "Round trip")).one().id
    again = open_builder(client, edit=custom_id)
    assert _save(client, again).status_code == 303
    with app.app_context():
        versions = db.session.scalars(select(CustomRuleset).where(CustomRuleset.id == custom_id)).one().versions
        assert len(versions) in (1, 2)  # an unchanged save may or may not be a new version: both keep the object
    assert _exported(client, app, "Round trip") == first
    assert first["deals"][1]["alternatives"] == [[{"kind": "run", "length": 7}]]
    assert (first["buys"]["permission"], first["buys"]["only_before_down"]) == ("current_player", True)


def test_an_imported_ladder_deal_opens_in_the_builder_and_round_trips(client, app):
    from companion.rules.definition import ruleset_to_definition
    from companion.rules.published import PUBLISHED_RULESETS

    definition = ruleset_to_definition(PUBLISHED_RULESETS["carioca"].with_options("escala-real", "escala-sucia"))
    definition |= {"name": "Imported escalas", "options": []}
    response = client.post("/rulesets/import", data={"text": json.dumps(definition), "owner": "me"})
    assert response.status_code == 303, response.get_data(as_text=True)
    first = _exported(client, app, "Imported escalas")
    with app.app_context():
        custom_id = db.session.scalars(select(CustomRuleset).where(CustomRuleset.name == "Imported escalas")).one().id
    values = open_builder(client, edit=custom_id)
    assert (values["deal-8-req-0-kind"], values["deal-8-req-0-rule"]) == ("ladder", "any_suit")
    assert (values["deal-9-req-0-rule"], values["deal-9-max_wilds"]) == ("same_suit", "0")
    assert _save(client, values).status_code == 303
    assert _exported(client, app, "Imported escalas") == first


# ---------------------------------------------------------------------------
# Bad values: a sentence beside the box, nothing stored


@pytest.mark.parametrize(
    ("changes", "where", "sentence"),
    [
        ({"run_wild_min_gap": "0"}, "run_wild_min_gap", "Run_wild_min_gap must be a whole number from 1 to 12, or null, not 0."),
        ({"run_wild_min_gap": "13"}, "run_wild_min_gap", "Run_wild_min_gap must be a whole number from 1 to 12, or null, not 13."),
        ({"run_wild_min_gap": "four"}, "run_wild_min_gap", "Type a whole number, like 4, not “four”."),
        ({"run_wild_min_gap": "-2"}, "run_wild_min_gap", "Type a number of 0 or more."),
        # a choice the page doesn't offer (a form changed outside it) is asked for again, by the box's label
        ({"reclaim": "sometimes"}, "reclaim", "Choose one of the choices for “Wild cards once melded”."),
        ({"direction": "left"}, "direction", "Choose one of the choices for “Play goes”."),
        ({"wild_discard": "maybe"}, "wild_discard", "Choose one of the choices for “Discarding a wild card”."),
        ({"discard_draw": "never"}, "discard_draw", "Choose one of the choices for “Taking the discard once down”."),
        ({"buys_permission": "anyone"}, "buys_permission", "Choose one of the choices for “Whose leave it needs”."),
        ({"deal-0-alt-0-req-0-kind": "quad"}, "deal-0-alt-0-req-0-kind", "Choose one of the choices for “Meld 1”."),
        (
            {"deal-0-alt-0-req-0-length": "15"}, "deal-0-alt-0-req-0-length", "A run is 3 to 14 cards long.",
        ),
        (
            {"deal-0-alt-0-req-0-kind": "ladder", "deal-0-alt-0-req-0-rule": "any_suit"}, "deal-0",
            "deal 1: a ladder is the deal's one requirement, with no alternatives.",
        ),
        (
            {"deal-6-req-0-kind": "ladder", "deal-6-req-0-rule": "rainbow"}, "deal-6-req-0-rule",
            "Choose one of the choices for “Cards of the ladder”.",
        ),
        (
            {"deal-6-req-0-kind": "ladder", "deal-6-req-0-rule": ""}, "deal-6-req-0-rule",
            "Choose one of the choices for “Cards of the ladder”.",
        ),
        ({"deal-6-req-0-kind": "ladder", "deal-6-req-0-rule": "same_suit", "wilds": "K", "aces": "low_only"}, "wilds", "A ladder needs wilds JK, JK+2 or JK+2red."),
        ({"deal-1-req-1-kind": "ladder", "deal-1-req-1-rule": "same_suit"}, "deal-1", "deal 2: a ladder is the deal's one requirement, with no alternatives."),
    ],
)  # fmt: skip
def test_a_bad_value_is_refused_beside_its_box_and_nothing_is_stored(client, app, changes, where, sentence):
    values = open_builder(client, start="contract")
    if any(key.startswith("deal-0-alt-") for key in changes):
        values = _pressed(client, values, "add-alt-0")
    if changes.get("deal-6-req-0-kind") == "ladder":
        values = _pressed(client, _pressed(client, values, "remove-req-6-2"), "remove-req-6-1")
    if changes.get("wilds") == "K":
        values |= {f"table-{i}-jokers": "0" for i in range(3)}
    values |= {"name": "Refused", **changes}
    response = _save(client, values)
    assert response.status_code == 422
    errors = shown_errors(response.get_data(as_text=True))
    assert errors == {where: sentence}
    with app.app_context():
        assert stored_count() == (0, 0)


def test_a_sentence_opens_its_folded_part(client):
    from pages import parse

    values = open_builder(client, start="contract") | {"direction": "left"}
    doc = parse(press(client, values).get_data(as_text=True))
    assert "open" in doc.find(id="play-section").attrs
    assert "open" not in doc.find(id="bonuses-section").attrs


# ---------------------------------------------------------------------------
# Carioca made from Contract Rummy in the builder, with its escala real round


def _contract(melds: str) -> list[tuple[str, str]]:
    """RULES.md's short notation of a contract: ``"S3 R4"`` → ``[("set", "3"), ("run", "4")]``."""
    return [({"S": "set", "R": "run"}[meld[0]], meld[1:]) for meld in melds.split()]


def test_carioca_built_from_scratch_equals_the_published_one(client, app):
    """RULES.md §8.3: eight rounds dealt 12 (S3 S3, S3 R4, R4 R4, S3 S3 S3, S3 S3 R4, S3 R4 R4, R4 R4 R4,
    S3 S3 S3 S3) and the escala real round (a ladder of one suit, no jokers); every value typed by hand."""
    values = open_builder(client, start="contract")
    values = {key: value for key, value in values.items() if not key.startswith(("deal-", "table-", "points-"))}
    rounds = ["S3 S3", "S3 R4", "R4 R4", "S3 S3 S3", "S3 S3 R4", "S3 R4 R4", "R4 R4 R4", "S3 S3 S3 S3"]
    for i, melds in enumerate(rounds):
        values |= {f"deal-{i}-cards": "12", f"deal-{i}-going_out": "discard", f"deal-{i}-max_wilds": "", f"deal-{i}-extra": ""}
        for j, (kind, length) in enumerate(_contract(melds)):
            values |= {f"deal-{i}-req-{j}-kind": kind, f"deal-{i}-req-{j}-length": length}
    values |= {"deal-8-cards": "12", "deal-8-going_out": "discard", "deal-8-max_wilds": "0", "deal-8-extra": "",
               "deal-8-req-0-kind": "ladder", "deal-8-req-0-length": "3"}  # fmt: skip
    values = _pressed(client, values, "check")  # the ladder's rule box shows
    values["deal-8-req-0-rule"] = "same_suit"
    values |= {
        "name": "Our Carioca", "set_word": "trio", "buy_word": "May I", "players_min": "2", "players_max": "5",
        "table-0-low": "2", "table-0-high": "5", "table-0-decks": "2", "table-0-jokers": "4", "wilds": "JK",
        "exact": "y", "aces": "around", "max_wilds": "1", "dup_suits": "y", "same_suit_runs": "any",
        "buys_per_deal": "0", "buys_extra": "0", "exact_cut_bonus": "0", "one_turn_out_bonus": "0",
        "min_naturals_set": "1", "min_naturals_run": "1", "max_wilds_per_contract": "2", "run_wild_min_gap": "4",
        "reclaim": "never", "direction": "counterclockwise", "wild_discard": "forbidden",
        "discard_draw": "not_after_down", "buys_permission": "none",
        "run_word": "escala", "wild_word": "joker", "tiebreak": "most_deals_won", "lay_off": "later_turn",
    }  # fmt: skip
    for flag in ("repeat_rank", "run_wilds_adjacent", "buys_only_before_down"):
        values.pop(flag, None)
    values |= {"points-A": "20", **{f"points-{n}": str(n) for n in range(2, 11)}, "points-J": "10", "points-Q": "10",
               "points-K": "10", "points-JK": "30"}  # fmt: skip
    response = _save(client, values)
    assert response.status_code == 303, shown_errors(response.get_data(as_text=True))
    built = _exported(client, app, "Our Carioca")

    trio, escala = {"kind": "set", "length": 3}, {"kind": "run", "length": 4}
    deals = [
        {"cards_dealt": 12, "requirements": [{"S": trio, "R": escala}[m[0]] for m in melds.split()],
         "going_out": "discard", "meld_all": False}
        for melds in rounds
    ]  # fmt: skip
    escala_real = {"cards_dealt": 12, "requirements": [{"kind": "ladder", "length": 13, "rule": "same_suit"}],
                   "going_out": "no_discard", "meld_all": True, "max_wilds": 0}  # fmt: skip
    assert built["deals"] == [*deals, escala_real]
    from companion.rules.definition import ruleset_to_definition
    from companion.rules.published import PUBLISHED_RULESETS

    published = ruleset_to_definition(PUBLISHED_RULESETS["carioca"].with_options("escala-real"))
    # what the builder does not show: options, no two May Is in a row (Contract Rummy's, carried); everything
    # else, its escala, its jokers and its most deals won too, is the published Carioca with its escala real
    not_shown = ("name", "summary", "options")
    assert {k: v for k, v in built.items() if k not in not_shown} == {
        **{k: v for k, v in published.items() if k not in not_shown},
        "buys": {**published["buys"], "no_successive": True},
    }
    assert (built["run_wild_min_gap"], built["reclaim"], built["direction"]) == (4, "never", "counterclockwise")
    assert (built["wild_discard"], built["discard_draw"]) == ("forbidden", "not_after_down")


# ---------------------------------------------------------------------------
# In Spanish


def test_the_new_boxes_in_spanish(client):
    from pages import parse

    values = open_builder(client, start="carioca")
    values = _pressed(client, _pressed(client, values, "add-alt-0"), "remove-req-7-3")
    values = _pressed(client, _pressed(client, values, "remove-req-7-2"), "remove-req-7-1")
    values |= {"deal-7-req-0-kind": "ladder", "deal-0-alt-0-req-0-length": "15"}
    html = client.post("/rulesets/build", data={**values, "action": "check"}, headers=ES).get_data(as_text=True)
    doc = parse(html)
    assert doc.find("html").attrs["lang"] == "es"
    labels = [node.text for node in doc.iter() if node.tag in ("label", "legend", "option")]
    for spanish in ("Cartas de la escala completa", "Todas de una pinta (escala real)", "Roja y negra una por una (escala payaso)",
                    "O en su lugar, contrato 2", "Comodines ya bajados",
                    "Se quedan donde están", "El juego va", "Hacia la derecha (contra el reloj)", "Descartar un comodín",
                    "Nunca: un comodín no se descarta", "Tomar del pozo después de bajarse", "De quién necesita permiso",
                    "Solo quien todavía no se baja puede tomarla", "escala A–K",
                    "Cartas naturales entre dos comodines de una escala en la mesa (vacío: sin regla)"):  # fmt: skip
        assert any(spanish in label for label in labels), spanish
    assert doc.find(id="help-run_wild_min_gap").text.startswith("En la mesa, cuántas cartas naturales debe haber")
    assert doc.find(id="head-play").text.startswith("En la mesa se cuenta, no se revisa")
    # the published rules' values in Spanish: Carioca plays counter-clockwise, the others clockwise
    direction = doc.find(id="direction-field")
    assert "a la derecha (Carioca (Chile))" in direction.text
    assert "A deal with a ladder is dealt 12 cards" not in html and "En una ronda con escala completa se reparten 12 cartas" in html
    for english in ("Cards of the ladder", "Wild cards once melded", "Play goes", "Discarding a wild card", "Or instead",
                    "Whose leave it needs", "told, not checked", "Add another contract"):  # fmt: skip
        assert english not in doc.text, english
    # the sentences beside the boxes
    errors = shown_errors(html)
    # Carioca's escalas turn the corner, each rank once: 13 cards at most (RULES.md §8.0)
    assert errors["deal-0-alt-0-req-0-length"] == "Un juego «escala» tiene de 3 a 13 cartas."
    # the engine answers one problem at a time: the next ones once that one is fixed
    values["deal-0-alt-0-req-0-length"] = "5"
    html = client.post("/rulesets/build", data={**values, "action": "check"}, headers=ES).get_data(as_text=True)
    assert shown_errors(html) == {"deal-7-req-0-rule": "Elige una de las opciones de «Cartas de la escala completa»."}
    values |= {"deal-7-req-0-rule": "same_suit", "direction": "left"}
    html = client.post("/rulesets/build", data={**values, "action": "check"}, headers=ES).get_data(as_text=True)
    assert shown_errors(html) == {"direction": "Elige una de las opciones de «El juego va»."}


def test_a_run_round_the_corner_is_13_cards_at_most(client):
    """RULES.md §8.0: with aces around each rank is in a run once, so a run holds 13 cards at most."""
    values = open_builder(client, start="carioca") | {"deal-2-req-0-length": "14"}
    assert shown_errors(press(client, values).get_data(as_text=True)) == {"deal-2-req-0-length": "A run is 3 to 13 cards long."}
    values["deal-2-req-0-length"] = "13"
    assert shown_errors(press(client, values).get_data(as_text=True)) == {}


def test_a_fourth_other_contract_posted_from_outside_the_page_is_refused_beside_them(client, app):
    values = open_builder(client, start="contract")
    for _ in range(3):
        values = _pressed(client, values, "add-alt-0")
    values |= {"name": "Four ways", "deal-0-alt-3-req-0-kind": "run", "deal-0-alt-3-req-0-length": "4"}  # no button adds it
    response = _save(client, values)
    assert response.status_code == 422
    assert shown_errors(response.get_data(as_text=True)) == {
        "deal-0-alternatives": "deal 1: alternatives is a list of 0 to 3 contracts, each a list of requirements, not 4 of them."
    }
    with app.app_context():
        assert stored_count() == (0, 0)
