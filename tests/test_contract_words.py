"""A deal's contract in the page's language (companion/contract_words.py): an English page shows the engine's own
``Deal.contract`` byte for byte, a Spanish page the contract written again in the table's words.

The Spanish expected below is written by hand from the README's words table ("Translating": trío in Carioca and
Continental, grupo elsewhere, escala for a run, comodín), not from the code: Spanish counts in words ("Dos grupos
de 3"), lists with "y", and says "(todas las cartas, sin descartar)" for a deal that melds every card.
"""

from __future__ import annotations

import pytest

from companion import create_app, registry
from companion.contract_words import contract_text
from pages import parse

ES = {"Accept-Language": "es"}
PUBLISHED = {ruleset.id: ruleset for ruleset in registry.published()}


@pytest.fixture(scope="module")
def page_app(tmp_path_factory):
    """An app to write pages with (no game is stored: the contract needs only the ruleset)."""
    database = tmp_path_factory.mktemp("contracts") / "db.sqlite"
    return create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})


def in_spanish(app, ruleset, number: int) -> str:
    with app.test_request_context("/", headers=ES):
        return contract_text(ruleset.deal(number), ruleset)


def _rulesets_with_options():
    """Every published ruleset, with no option, each option alone, and every option it takes together."""
    for ruleset in registry.published():
        yield pytest.param(ruleset, id=ruleset.id)
        keys = [option.key for option in ruleset.options]
        for key in keys:
            yield pytest.param(ruleset.with_options(key), id=f"{ruleset.id}+{key}")
        if len(keys) > 1:
            yield pytest.param(ruleset.with_options(*keys), id=f"{ruleset.id}+all")


RULESETS_WITH_OPTIONS = list(_rulesets_with_options())


@pytest.mark.parametrize("ruleset", RULESETS_WITH_OPTIONS)
def test_an_english_page_shows_the_engines_contract_exactly(page_app, ruleset):
    with page_app.test_request_context("/"):
        assert [contract_text(deal, ruleset) for deal in ruleset.deals] == [deal.contract for deal in ruleset.deals]
    with page_app.test_request_context("/", headers={"Accept-Language": "en-GB,en;q=0.9"}):
        assert [contract_text(deal, ruleset) for deal in ruleset.deals] == [deal.contract for deal in ruleset.deals]


@pytest.mark.parametrize("ruleset", RULESETS_WITH_OPTIONS)
def test_a_spanish_page_never_shows_the_english_contract(page_app, ruleset):
    english_words = (" of ", " and ", "every card", " run", " group", " trio", "cards", "jokers", "A to K")
    with page_app.test_request_context("/", headers=ES):
        for deal in ruleset.deals:
            text = contract_text(deal, ruleset)
            assert text != deal.contract or deal.contract.startswith("Escala")
            assert not [word for word in english_words if word in text], text
            assert text[:1].isupper() and "  " not in text


CONTRACT_RUMMY = [
    "Dos grupos de 3",
    "Un grupo de 3 y una escala de 4",
    "Dos escalas de 4",
    "Tres grupos de 3",
    "Dos grupos de 3 y una escala de 4",
    "Un grupo de 3 y dos escalas de 4",
    "Tres escalas de 4 (todas las cartas, sin descartar)",
]


def test_contract_rummys_seven_deals_in_spanish(page_app):
    ruleset = PUBLISHED["contract"]
    assert [in_spanish(page_app, ruleset, number) for number in range(1, 8)] == CONTRACT_RUMMY


@pytest.mark.parametrize("ruleset_id", ["shanghai", "parlett", "may-i"])
def test_a_book_or_a_set_is_a_grupo_too(page_app, ruleset_id):
    ruleset = PUBLISHED[ruleset_id]
    assert in_spanish(page_app, ruleset, 2) == "Un grupo de 3 y una escala de 4"


@pytest.mark.parametrize(
    ("number", "expected"),
    [(1, "Dos tríos"), (2, "Un trío y una escala de 4"), (6, "Un trío y dos escalas de 4"), (7, "Tres escalas de 4")],
)
def test_continentals_trios(page_app, number, expected):
    assert in_spanish(page_app, PUBLISHED["continental"], number) == expected


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        (1, "Dos tríos"),
        (2, "Un trío y una escala"),
        (3, "Dos escalas"),
        (5, "Dos tríos y una escala"),
        (6, "Un trío y dos escalas"),
        (7, "Tres escalas"),
        (8, "Cuatro tríos"),
    ],
)
def test_cariocas_trios_and_escalas(page_app, number, expected):
    assert in_spanish(page_app, PUBLISHED["carioca"], number) == expected


def test_cariocas_final_escalas(page_app):
    ruleset = PUBLISHED["carioca"].with_options("escala-sucia", "escala-color", "escala-payaso", "escala-real")
    assert [in_spanish(page_app, ruleset, number) for number in range(9, 13)] == [
        "Escala sucia: de la A a la K, de cualquier palo, como máximo 1 comodín (todas las cartas, sin descartar)",
        "Escala de color: de la A a la K, toda roja o toda negra, sin comodines (todas las cartas, sin descartar)",
        "Escala payaso: de la A a la K, roja y negra alternadas, sin comodines (todas las cartas, sin descartar)",
        "Escala real: de la A a la K de un mismo palo, sin comodines (todas las cartas, sin descartar)",
    ]
    with_jokers = PUBLISHED["carioca"].with_options("escala-real-comodines")
    assert in_spanish(page_app, with_jokers, 9) == (
        "Escala real: de la A a la K de un mismo palo, sin dos comodines seguidos (todas las cartas, sin descartar)"
    )


def test_kalooki_threes_and_fours_and_the_whole_suit(page_app):
    ruleset = PUBLISHED["kalooki"]
    assert in_spanish(page_app, ruleset, 1) == "Tres grupos de 3"
    assert in_spanish(page_app, ruleset, 3) == "Dos escalas de 4 y un grupo de 3"
    assert in_spanish(page_app, ruleset, 7) == "Dos grupos de 3 y dos escalas de 4"
    full_suit = ruleset.with_options("full-suit")
    assert in_spanish(page_app, full_suit, 4) == "Tres escalas de 4 (o una escala de todo el palo)"
    assert in_spanish(page_app, full_suit, 8) == (
        "Un grupo de 3 y tres escalas de 4 (o un grupo de 3 y una escala de todo el palo)"
    )


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        (1, "Dos grupos de 3"),
        (3, "Un grupo de 4 y una escala de 4"),
        (4, "Una escala de 7"),
        (8, "Siete cartas de un mismo color"),
        (9, "Un grupo de 5 y un grupo de 2"),
    ],
)
def test_phase_10s_phases(page_app, number, expected):
    assert in_spanish(page_app, PUBLISHED["phase10"], number) == expected


def test_phase_10_with_standard_cards_asks_for_a_suit(page_app):
    assert in_spanish(page_app, PUBLISHED["phase10-cards"], 8) == "Siete cartas de un mismo palo"


def test_progressives_pair_and_five_runs(page_app):
    ruleset = PUBLISHED["progressive"]
    assert in_spanish(page_app, ruleset, 12) == "Cinco escalas de 3"
    assert in_spanish(page_app, ruleset, 14) == "Un grupo de 5, una escala de 5 y un par"


def test_the_rules_card_shows_the_contracts_in_spanish_and_english(anon_client):
    spanish = parse(anon_client.get("/rules/contract", headers=ES).get_data(as_text=True))
    rows = [row.find("td").text for row in spanish.find("tbody").find_all("tr")]
    assert rows[0].startswith("Dos grupos de 3") and rows[6].startswith(CONTRACT_RUMMY[6])
    english = parse(anon_client.get("/rules/contract").get_data(as_text=True))
    rows = [row.find("td").text for row in english.find("tbody").find_all("tr")]
    assert rows[1].startswith("One group of 3 and one run of 4")


def test_the_checkers_deal_picker_in_spanish(anon_client):
    doc = parse(anon_client.get("/check?ruleset=carioca", headers=ES).get_data(as_text=True))
    options = [option.text for option in doc.find("select", name="deal").find_all("option")]
    assert options[:2] == ["1: Dos tríos", "2: Un trío y una escala"]


def test_the_game_pages_prompt_in_spanish(make_game, form_client):
    url = make_game(["Ana", "Beto", "Carla"])
    doc = parse(form_client.get(url, headers=ES).get_data(as_text=True))
    assert doc.find(id="prompt-heading").text == "Dos grupos de 3"
    english = parse(form_client.get(url).get_data(as_text=True))
    assert english.find(id="prompt-heading").text == "Two groups of 3"


def test_the_symbols_are_read_out_in_the_pages_language(anon_client):
    """Each drawn symbol (G3, R4) has its part in words for a screen reader: Spanish on a Spanish page."""
    spanish = parse(anon_client.get("/rules/continental", headers=ES).get_data(as_text=True))
    row = spanish.find("tbody").find_all("tr")[1]
    assert [part.attrs["aria-label"] for part in row.find_all(cls="contract-part")] == ["trío de 3", "escala de 4"]
    english = parse(anon_client.get("/rules/continental").get_data(as_text=True))
    row = english.find("tbody").find_all("tr")[1]
    assert [part.attrs["aria-label"] for part in row.find_all(cls="contract-part")] == ["trio of 3", "run of 4"]
    progressive = parse(anon_client.get("/rules/progressive", headers=ES).get_data(as_text=True))
    row = progressive.find("tbody").find_all("tr")[13]
    assert [part.attrs["aria-label"] for part in row.find_all(cls="contract-part")] == ["grupo de 5", "escala de 5", "par"]


def test_phase_10s_phase_lines_in_spanish(make_game, form_client):
    url = make_game(["Ana", "Beto", "Carla"], ruleset="phase10")
    doc = parse(form_client.get(url, headers=ES).get_data(as_text=True))
    labels = [node.text for node in doc.find_all(cls="phase-contract")]
    assert labels and set(labels) == {"Dos grupos de 3"}
