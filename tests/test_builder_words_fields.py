"""The builder's boxes for the last four fields a custom ruleset could only carry over from its start (issue 18):
what the table calls a run (``run_word``) and a wild card (``wild_word``), who wins a tie (``tiebreak``) and when a
player who is down may first lay off (``lay_off``) (API.md "Custom rulesets: fields added to the table" and "Settled
points", RULES.md §8.0). Each is set through the builder's form posts, saved, exported and compared with the object
written here by hand; a bad value is answered beside its box and nothing is stored; the round trip save → edit →
export and a JSON import keep every one."""

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


def _custom_id(app, name: str) -> int:
    with app.app_context():
        return db.session.scalars(select(CustomRuleset).where(CustomRuleset.name == name)).one().id


def _exported(client, app, name: str) -> dict:
    response = client.get(f"/rulesets/{_custom_id(app, name)}/export")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def _built(client, app, name: str, changes: dict[str, str], *, start: str = "contract") -> dict:
    """Open the builder on ``start``, change boxes as a family would, save, and export."""
    values = open_builder(client, start=start) | {"name": name, **changes}
    response = _save(client, values)
    assert response.status_code == 303, shown_errors(response.get_data(as_text=True))
    return _exported(client, app, name)


def _radio_values(html: str, name: str) -> list[str]:
    from pages import parse

    return [n.attrs["value"] for n in parse(html).iter() if n.tag == "input" and n.attrs.get("name") == name]


# ---------------------------------------------------------------------------
# Each box: set, saved, exported, equal to the object written by hand


@pytest.mark.parametrize(
    ("start", "changes", "expected"),
    [
        ("contract", {"run_word": "escala"}, {"run_word": "escala"}),
        ("contract", {"run_word": "four"}, {"run_word": "four"}),
        ("contract", {"wild_word": "joker"}, {"wild_word": "joker"}),
        ("contract", {"tiebreak": "most_deals_won"}, {"tiebreak": "most_deals_won"}),
        ("contract", {"lay_off": "same_turn"}, {"lay_off": "same_turn"}),
        ("contract", {"run_word": "four", "wild_word": "joker", "tiebreak": "most_deals_won", "lay_off": "same_turn"},
         {"run_word": "four", "wild_word": "joker", "tiebreak": "most_deals_won", "lay_off": "same_turn"}),
        # RULES.md §8.3: Carioca's own words, its most deals won and its later-turn lay-off, each put back as Contract's
        ("carioca", {"run_word": "run"}, {"run_word": "run"}),
        ("carioca", {"wild_word": "wild"}, {"wild_word": "wild"}),
        ("carioca", {"tiebreak": "none"}, {"tiebreak": "none"}),
        ("carioca", {"lay_off": "same_turn"}, {"lay_off": "same_turn"}),
        # RULES.md §8.1: Phase 10's tie-break hand, and its hits in the same turn
        ("phase10", {"tiebreak": "most_deals_won"}, {"tiebreak": "most_deals_won"}),
        ("phase10", {"tiebreak": "none"}, {"tiebreak": "none"}),
        ("phase10", {"lay_off": "later_turn"}, {"lay_off": "later_turn"}),
    ],
)  # fmt: skip
def test_each_box_is_saved_into_the_definition(client, app, start, changes, expected):
    unchanged = _built(client, app, "Unchanged", {}, start=start)
    built = _built(client, app, "Changed", changes, start=start)
    assert built == {**unchanged, "name": "Changed", **expected}


@pytest.mark.parametrize(
    ("start", "words"),
    [
        # API.md's defaults for Contract Rummy (RULES.md §3: lay_off later_turn); Shanghai lays off in the same turn
        ("contract", ("run", "wild", "none", "later_turn")),
        ("shanghai", ("run", "wild", "none", "same_turn")),
        # RULES.md §8.3 Carioca: run_word escala, jokers, tiebreak most_deals_won, lay_off later_turn
        ("carioca", ("escala", "joker", "most_deals_won", "later_turn")),
        # RULES.md §8.4 Kalooki: run_word four, tiebreak none, lay_off same_turn
        ("kalooki", ("four", "joker", "none", "same_turn")),
        # RULES.md §8.1 Phase 10: a tie-break hand, hits in the same turn
        ("phase10", ("run", "wild", "replay_last_phase", "same_turn")),
    ],
)
def test_the_boxes_open_on_the_starting_rules_values(client, app, start, words):
    values = open_builder(client, start=start)
    assert (values["run_word"], values["wild_word"], values["tiebreak"], values["lay_off"]) == words
    built = _built(client, app, "Kept", {}, start=start)
    assert (built["run_word"], built["wild_word"], built["tiebreak"], built["lay_off"]) == words


def test_a_tie_break_hand_is_offered_only_with_phases_each_player_on_their_own(client, app):
    """API.md: ``"replay_last_phase"`` only with per-player progression; RULES.md §8.7.9: under fixed progression a
    tie-break hand left out becomes none."""
    values = open_builder(client, start="phase10")
    html = press(client, values).get_data(as_text=True)
    assert _radio_values(html, "tiebreak") == ["none", "most_deals_won", "replay_last_phase"]
    # the Phases box back on one schedule: the tie-break hand goes, the tie is shared
    html = press(client, values | {"progression": "fixed"}).get_data(as_text=True)
    assert _radio_values(html, "tiebreak") == ["none", "most_deals_won"]
    shown = form_values(html)
    assert shown["tiebreak"] == "none"
    built = _built(client, app, "Everyone together", {"progression": "fixed"}, start="phase10")
    assert (built["progression"], built["game_end"], built["winner"], built["tiebreak"]) == (
        "fixed", "last_deal", "lowest_total", "none"
    )
    # Contract Rummy on a fixed schedule never shows it; with its Phases box per player, it does
    values = open_builder(client, start="contract")
    assert _radio_values(press(client, values).get_data(as_text=True), "tiebreak") == ["none", "most_deals_won"]
    html = press(client, values | {"progression": "per_player"}).get_data(as_text=True)
    assert "replay_last_phase" in _radio_values(html, "tiebreak")


# ---------------------------------------------------------------------------
# Round trip: save, edit, export equal; a JSON import opens in the builder and survives it


@pytest.mark.parametrize(
    ("start", "changes"),
    [
        ("contract", {"run_word": "escala", "wild_word": "joker", "tiebreak": "most_deals_won", "lay_off": "same_turn"}),
        ("carioca", {"run_word": "four", "tiebreak": "none"}),
        ("kalooki", {"wild_word": "wild", "lay_off": "later_turn"}),
        ("phase10", {"run_word": "escala", "tiebreak": "replay_last_phase", "lay_off": "later_turn"}),
    ],
)
def test_save_edit_and_export_give_the_same_object(client, app, start, changes):
    first = _built(client, app, "Round trip", changes, start=start)
    assert {key: first[key] for key in changes} == changes
    custom_id = _custom_id(app, "Round trip")
    again = open_builder(client, edit=custom_id)
    assert {key: again[key] for key in changes} == changes
    assert _save(client, again).status_code == 303
    assert _exported(client, app, "Round trip") == first


def test_an_imported_object_with_every_word_opens_in_the_builder_and_round_trips(client, app):
    definition = {"base": "contract", "name": "Imported words", "run_word": "four", "wild_word": "joker",
                  "tiebreak": "most_deals_won", "lay_off": "same_turn"}  # fmt: skip
    response = client.post("/rulesets/import", data={"text": json.dumps(definition), "owner": "me"})
    assert response.status_code == 303, response.get_data(as_text=True)
    first = _exported(client, app, "Imported words")
    assert (first["run_word"], first["wild_word"], first["tiebreak"], first["lay_off"]) == ("four", "joker", "most_deals_won", "same_turn")
    values = open_builder(client, edit=_custom_id(app, "Imported words"))
    assert (values["run_word"], values["wild_word"], values["tiebreak"], values["lay_off"]) == ("four", "joker", "most_deals_won", "same_turn")
    assert _save(client, values).status_code == 303
    assert _exported(client, app, "Imported words") == first


# ---------------------------------------------------------------------------
# Bad values: a sentence beside the box, nothing stored


@pytest.mark.parametrize(
    ("changes", "where", "sentence"),
    [
        ({"run_word": "serie"}, "run_word", "Choose one of the choices for “Cards of one suit in order are a…”."),
        ({"run_word": ""}, "run_word", "Choose one of the choices for “Cards of one suit in order are a…”."),
        ({"wild_word": "comodin"}, "wild_word", "Choose one of the choices for “A card that stands for another is a…”."),
        ({"tiebreak": "coin_toss"}, "tiebreak", "Choose one of the choices for “A tie for the lowest total”."),
        ({"lay_off": "never"}, "lay_off", "Choose one of the choices for “Laying off after going down”."),
    ],
)
def test_a_bad_value_is_refused_beside_its_box_and_nothing_is_stored(client, app, changes, where, sentence):
    values = open_builder(client, start="contract") | {"name": "Refused", **changes}
    response = _save(client, values)
    assert response.status_code == 422
    assert shown_errors(response.get_data(as_text=True)) == {where: sentence}
    with app.app_context():
        assert stored_count() == (0, 0)


def test_a_refusal_opens_the_fold_holding_its_box(client):
    from pages import parse

    for changes, section in (({"tiebreak": "x"}, "tie-section"), ({"lay_off": "x"}, "going-down-section"),
                             ({"run_word": "x"}, "words-section"), ({"wild_word": "x"}, "words-section")):  # fmt: skip
        doc = parse(press(client, open_builder(client, start="contract") | changes).get_data(as_text=True))
        assert "open" in doc.find(id=section).attrs, section
        assert "open" not in doc.find(id="bonuses-section").attrs


# ---------------------------------------------------------------------------
# What the page shows: the published rules' values beside each box, the folded lines


def test_each_box_shows_the_published_rules_values(client):
    from pages import parse

    doc = parse(press(client, open_builder(client, start="contract")).get_data(as_text=True))
    run_word = doc.find(id="run_word-field").text
    assert "escala (Carioca (Chile))" in run_word and "four (Kalooki (Jamaica))" in run_word
    assert "run (Contract, Liverpool" in run_word
    assert "joker (Carioca (Chile), Kalooki (Jamaica))" in doc.find(id="wild_word-field").text
    tie = doc.find(id="tiebreak-field").text
    assert "most deals won (Carioca (Chile))" in tie and "a tie-break hand (Phase 10, Phase 10 (standard cards))" in tie
    lay_off = doc.find(id="lay_off-field").text
    assert "from the next turn (Contract, Liverpool" in lay_off and "in the same turn (Combination, Shanghai" in lay_off
    assert doc.find(id="head-words").text.startswith("Words at your table group, run, May I")
    assert doc.find(id="head-tie").text.startswith("A tie at the end shared")


def test_the_new_boxes_in_spanish(client):
    from pages import parse

    values = open_builder(client, start="phase10") | {"lay_off": "sometimes"}
    html = client.post("/rulesets/build", data={**values, "action": "check"}, headers=ES).get_data(as_text=True)
    doc = parse(html)
    assert doc.find("html").attrs["lang"] == "es"
    labels = [node.text for node in doc.iter() if node.tag in ("label", "legend")]
    for spanish in ("Las cartas seguidas de una pinta son una…", "Una carta que reemplaza a otra es un…",
                    "Empate en el total más bajo", "Compartido: los empatados comparten el triunfo",
                    "Gana quien cerró más rondas; si siguen empatados, comparten el triunfo",
                    "Mano de desempate: los empatados vuelven a jugar su última fase",
                    "Colocar cartas después de bajarse", "Desde el turno siguiente del jugador",
                    "En el mismo turno, apenas se baja"):  # fmt: skip
        assert any(label.strip() == spanish or label.strip().startswith(spanish) for label in labels), spanish
    assert doc.find(id="help-tiebreak").text.startswith("Quién gana cuando dos o más jugadores terminan")
    assert "mano de desempate (Phase 10" in doc.find(id="tiebreak-field").text
    assert "más rondas ganadas (Carioca (Chile))" in doc.find(id="tiebreak-field").text
    assert doc.find(id="head-tie").text.startswith("Empate al final mano de desempate")
    assert shown_errors(html) == {"lay_off": "Elige una de las opciones de «Colocar cartas después de bajarse»."}
    for english in ("A tie for the lowest total", "Laying off after going down", "Cards of one suit in order",
                    "A card that stands for another", "tie-break hand", "From the player's next turn"):  # fmt: skip
        assert english not in doc.text, english


def test_the_rules_card_below_follows_the_boxes(client):
    """The preview is the rules card the table will read: its lay-off and tie lines follow the boxes (the card's
    sentences as the rules pages say them for Combination Rummy's same-turn lay-off and Carioca's tie)."""
    from pages import parse

    values = open_builder(client, start="contract")
    preview = parse(press(client, values).get_data(as_text=True)).find(id="preview").text
    assert "From your next turn after going down." in preview
    assert "A tie for the win" not in preview  # a shared tie on a fixed schedule has no line
    changed = values | {"lay_off": "same_turn", "tiebreak": "most_deals_won"}
    preview = parse(press(client, changed).get_data(as_text=True)).find(id="preview").text
    assert "Already in the turn you go down." in preview and "From your next turn after going down." not in preview
    assert "Whoever went out in more deals wins; a tie after that is shared." in preview


def test_the_run_word_names_the_contracts_on_the_rules_card(client):
    """RULES.md §8.0: a word that names its length is written without "of n": Contract Rummy's deal 2 (a group of
    3 and a run of 4) and deal 3 (two runs of 4) read with the table's four."""
    from pages import parse

    values = open_builder(client, start="contract")
    preview = parse(press(client, values).get_data(as_text=True)).find(id="preview").text
    assert "One group of 3 and one run of 4" in preview and "Two runs of 4" in preview
    preview = parse(press(client, values | {"run_word": "four"}).get_data(as_text=True)).find(id="preview").text
    assert "One group of 3 and one four" in preview and "Two fours" in preview and "run of 4" not in preview
