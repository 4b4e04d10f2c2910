"""The rules card's facts in the page's language (companion/fact_words.py): an English page shows the engine's
``rules_facts`` exactly; a Spanish page the labels and the common rules in Spanish, written by hand below from the
README's words table (grupo / trío, escala, ronda, colocar, comodín)."""

from __future__ import annotations

import pytest

from companion import create_app, registry
from companion.fact_words import FIXED_LABELS, FIXED_TEXTS, fact_label, fact_text
from companion.rules.guide import rules_facts
from companion.rules.rulesets import AceRule
from pages import parse

ES = {"Accept-Language": "es"}
PUBLISHED = {ruleset.id: ruleset for ruleset in registry.published()}
WITH_OPTIONS = [
    *registry.published(),
    *(ruleset.with_options(option.key) for ruleset in registry.published() for option in ruleset.options),
]


@pytest.fixture(scope="module")
def page_app(tmp_path_factory):
    database = tmp_path_factory.mktemp("facts") / "db.sqlite"
    return create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})


def spanish_facts(app, ruleset) -> dict[str, tuple[str, str]]:
    with app.test_request_context("/", headers=ES):
        return {fact.key: (fact_label(fact, ruleset), fact_text(fact, ruleset)) for fact in rules_facts(ruleset)}


@pytest.mark.parametrize("ruleset", WITH_OPTIONS, ids=lambda ruleset: "+".join((ruleset.id, *ruleset.chosen_options)))
def test_an_english_page_shows_the_engines_facts_exactly(page_app, ruleset):
    with page_app.test_request_context("/"):
        for fact in rules_facts(ruleset):
            assert (fact_label(fact, ruleset), fact_text(fact, ruleset)) == (fact.label, fact.text)


def test_every_fixed_sentence_is_one_the_engine_writes():
    """A sentence the engine rewords would silently stay English: each one known here is on some rules card."""
    house = PUBLISHED["contract"].changed([("dup_suits", False), ("aces", AceRule.LOW_ONLY)])  # a table's own rules
    facts = [fact for ruleset in [*WITH_OPTIONS, house] for fact in rules_facts(ruleset)]
    assert FIXED_TEXTS - {fact.text for fact in facts} == set()
    assert FIXED_LABELS - {fact.label for fact in facts} == set()


@pytest.mark.parametrize("ruleset", WITH_OPTIONS, ids=lambda ruleset: "+".join((ruleset.id, *ruleset.chosen_options)))
def test_a_spanish_page_translates_every_label_and_the_common_rules(page_app, ruleset):
    common = ("players", "set_word", "exact", "meld_all", "same_suit_runs", "repeat_rank", "dup_suits", "aces", "lay_off")
    with page_app.test_request_context("/", headers=ES):
        for fact in rules_facts(ruleset):
            if fact.key != "buying":  # the ruleset's own name for a buy ("May I"), kept as the table says it
                assert fact_label(fact, ruleset) != fact.label or fact.label == "Phases", fact.label
            if fact.key in common:
                assert fact_text(fact, ruleset) != fact.text, fact.text


def test_contract_rummys_card_in_spanish(page_app):
    facts = spanish_facts(page_app, PUBLISHED["contract"])
    assert facts["players"] == ("Jugadores", "De 3 a 5.")
    assert facts["set_word"] == ("Las cartas iguales forman un…", "Grupo.")
    assert facts["meld_all"] == ("Bajar todas las cartas", "Ronda 7.")
    assert facts["repeat_rank"] == ("Dos grupos del mismo número", "Se puede.")
    assert facts["dup_suits"] == ("Un grupo con dos cartas del mismo palo", "Se puede.")
    assert facts["aces"] == ("Ases en las escalas", "Abajo (A-2-3-4) o arriba (J-Q-K-A), nunca dando la vuelta.")
    assert facts["lay_off"] == ("Colocar cartas", "Desde tu turno siguiente al de bajarte.")
    assert facts["same_suit_runs"][1] == "Se puede si se cruzan o dejan un hueco, nunca una a continuación de la otra."


def test_cariocas_card_says_trio_and_its_escalas_meld_every_card(page_app):
    facts = spanish_facts(page_app, PUBLISHED["carioca"])
    assert facts["set_word"][1] == "Trío."
    assert facts["repeat_rank"] == ("Dos tríos del mismo número", "No en un mismo contrato.")
    assert facts["meld_all"][1] == "Nunca se exige."
    escalas = PUBLISHED["carioca"].with_options("escala-sucia", "escala-color", "escala-payaso", "escala-real")
    assert spanish_facts(page_app, escalas)["meld_all"][1] == "Rondas 9, 10, 11 y 12."


def test_phase_10s_card_speaks_of_colours(page_app):
    facts = spanish_facts(page_app, PUBLISHED["phase10"])
    assert facts["dup_suits"][0] == "Un grupo con dos cartas del mismo color"
    assert facts["same_suit_runs"] == ("Escalas", "Colores mezclados: solo los números van seguidos.")
    assert facts["aces"][1] == "Solo abajo: 1-2-3-4; una escala termina en 12."


def test_the_rules_card_page_in_spanish(anon_client):
    doc = parse(anon_client.get("/rules/contract", headers=ES).get_data(as_text=True))
    terms = [node.text for node in doc.find("dl", cls="facts").find_all("dt")]
    assert "Ases en las escalas" in terms and "Colocar cartas" in terms and "Aces in runs" not in terms


def test_the_comparison_in_spanish(anon_client):
    doc = parse(anon_client.get("/rules/compare?ruleset=contract&ruleset=shanghai", headers=ES).get_data(as_text=True))
    headings = [node.text for node in doc.find_all("h2")]
    assert "Ases en las escalas" in headings
    english = parse(anon_client.get("/rules/compare?ruleset=contract&ruleset=kalooki").get_data(as_text=True))
    assert "Deal 1" in [node.text for node in english.find_all("h2")]
