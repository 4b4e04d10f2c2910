"""The rules card's facts and the deal prompt's reminders in the page's language, as the engine says them in a
request (companion/fact_words.py shows them): an English page shows the engine's ``rules_facts`` exactly; a
Spanish page the labels and the rules in Spanish, written by hand below from the README's words table (grupo /
trío, escala, ronda, colocar, comodín, «¿Me la das?»)."""

from __future__ import annotations

import pytest

from companion import create_app, registry
from companion.fact_words import fact_label, fact_text
from companion.i18n import PAGE_CATALOGUE
from companion.rules.speech import speaking
from companion.rules.guide import rules_facts
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
    """The facts as a Spanish page shows them: said by the engine inside a request, the page's catalogue in use
    (as the app's request hook puts it, companion/i18n.py)."""
    with app.test_request_context("/", headers=ES), speaking(PAGE_CATALOGUE):
        return {fact.key: (fact_label(fact, ruleset), fact_text(fact, ruleset)) for fact in rules_facts(ruleset)}


def english_facts(ruleset) -> dict[str, tuple[str, str]]:
    """The facts as the engine writes them in English (the JSON API's)."""
    return {fact.key: (fact.label, fact.text) for fact in rules_facts(ruleset)}


@pytest.mark.parametrize("ruleset", WITH_OPTIONS, ids=lambda ruleset: "+".join((ruleset.id, *ruleset.chosen_options)))
def test_an_english_page_shows_the_engines_facts_exactly(page_app, ruleset):
    with page_app.test_request_context("/"):
        for fact in rules_facts(ruleset):
            assert (fact_label(fact, ruleset), fact_text(fact, ruleset)) == (fact.label, fact.text)



@pytest.mark.parametrize("ruleset", WITH_OPTIONS, ids=lambda ruleset: "+".join((ruleset.id, *ruleset.chosen_options)))
def test_a_spanish_page_translates_every_label_and_the_common_rules(page_app, ruleset):
    common = ("players", "set_word", "exact", "meld_all", "same_suit_runs", "repeat_rank", "dup_suits", "aces", "lay_off")
    english = english_facts(ruleset)
    for key, (label, text) in spanish_facts(page_app, ruleset).items():
        assert label != english[key][0] or label == "Phases", label
        if key in common:
            assert text != english[key][1], text


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


@pytest.mark.parametrize("ruleset", WITH_OPTIONS, ids=lambda ruleset: "+".join((ruleset.id, *ruleset.chosen_options)))
def test_a_spanish_page_leaves_no_fact_in_english(page_app, ruleset):
    said = english_facts(ruleset)
    english = {key for key, (_, text) in spanish_facts(page_app, ruleset).items() if text == said[key][1]}
    english -= {"deals"} if f"{len(ruleset.deals)}." in {fact.text for fact in rules_facts(ruleset)} else set()  # a number
    english -= {"points"} if not any(word in _points_text(ruleset) for word in ("face", "A_", "Black", "wild")) else set()
    assert english == set()


def _points_text(ruleset) -> str:
    return next(fact.text for fact in rules_facts(ruleset) if fact.key == "points")



def test_points_settling_up_and_the_shanghai_call_in_spanish(page_app):
    assert spanish_facts(page_app, PUBLISHED["contract"])["points"] == (
        "Puntos de castigo", "A 15 · 2–9 lo que marca la carta · 10–K 10 · JK 15."
    )
    assert spanish_facts(page_app, PUBLISHED["kalooki"])["points"][1] == (
        "A negro 15 · A rojo 1 · 2–9 lo que marca la carta · 10–K 10 · JK 50."
    )
    assert spanish_facts(page_app, PUBLISHED["progressive"])["points"][1] == (
        "A 15 · 2 20 · 3–10 5 · J–K 10 · JK 20 (un dos usado como comodín vale lo mismo que un comodín)."
    )
    assert spanish_facts(page_app, PUBLISHED["progressive"])["settlement"] == (
        "Ajuste de cuentas",
        "El lugar k (k ≥ 2) le paga 2 × (k − 1) monedas al ganador; el ganador además se lleva la plata de las compras.",
    )
    assert spanish_facts(page_app, PUBLISHED["shanghai"])["shanghai"] == (
        "El grito de Shanghai",
        "Grítalo al descartar para proteger una carta que sirve en un juego de la mesa; si no lo haces, cualquiera "
        "puede gritarlo, colocarla, y tú robas a ciegas de su mano. Gana a un «¿Me la das?».",
    )


def test_the_play_rules_and_naturals_by_kind_in_spanish(page_app):
    assert spanish_facts(page_app, PUBLISHED["carioca"])["play"] == (
        "Juego",
        "Se reparte y se juega hacia la derecha (contra las agujas del reloj). Un comodín nunca se descarta. "
        "Una vez que te bajas, solo robas del mazo.",
    )
    assert spanish_facts(page_app, PUBLISHED["kalooki"])["naturals"][1] == "Al menos dos en un grupo y una en una escala."


def test_phase_10s_own_lines_in_spanish(page_app):
    facts = spanish_facts(page_app, PUBLISHED["phase10"])
    assert facts["making"] == (
        "Hacer tu fase",
        "Baja la fase completa de una vez; una fase por mano. Todos los que la hacen avanzan, no solo quien cierra, "
        "y quien cierra ya hizo la suya.",
    )
    assert facts["game_end"][1] == "Después de la mano en que alguien hace la fase 10."
    assert facts["winner"][1].startswith("El total más bajo entre los jugadores que hicieron todas las fases;")
    assert facts["skips"][1].startswith("Un salto (SKIP) se descarta para que el jugador que nombres pierda su próximo turno;")
    assert facts["options"][1] == (
        "Ninguna elegida; una mesa puede elegir: Los grupos pueden ser solo de comodines; Dejar cartas desde el turno "
        "siguiente a tu fase; Masters: elige tu fase antes de cada mano."
    )
    masters = spanish_facts(page_app, PUBLISHED["phase10"].with_options("masters"))
    assert masters["game_end"][1] == "Después de la mano en que alguien hace su última fase: las 10 hechas."
    assert spanish_facts(page_app, PUBLISHED["phase10-cards"])["skips"][1].startswith("Un comodín (JK) se descarta")


def test_a_games_house_rules_in_spanish(make_game, form_client):
    url = make_game(["Ana", "Beto", "Carla"], ruleset="carioca", options=["joker-50"])
    page = form_client.get(url, headers=ES).get_data(as_text=True)
    assert "Los comodines valen 50" in page and "Jokers score 50" not in page
    assert "Jokers score 50" in form_client.get(url).get_data(as_text=True)


def test_the_wild_card_limits_in_spanish(page_app):
    assert spanish_facts(page_app, PUBLISHED["contract"])["max_wilds"][1] == "Cualquier cantidad."
    assert spanish_facts(page_app, PUBLISHED["shanghai"])["max_wilds"][1] == (
        "Como máximo uno por juego, al bajarse y en la mesa."
    )
    assert spanish_facts(page_app, PUBLISHED["carioca"])["max_wilds"][1] == (
        "Como máximo uno por juego al bajarse; después se pueden colocar más. Como máximo dos al bajarse. "
        "Nunca dos seguidos en una escala."
    )
    assert spanish_facts(page_app, PUBLISHED["kalooki"])["max_wilds"][1] == (
        "Cualquier cantidad. Nunca dos seguidos en una escala."
    )
    assert spanish_facts(page_app, PUBLISHED["contract"])["naturals"] == ("Cartas naturales en un juego", "Al menos una.")


def test_taking_back_a_joker_in_spanish(page_app):
    assert spanish_facts(page_app, PUBLISHED["contract"])["reclaim"][1].endswith("Un comodín en un grupo se queda.")
    assert spanish_facts(page_app, PUBLISHED["continental"])["reclaim"] == (
        "Recuperar un comodín",
        "Nunca a la mano. Pon la carta natural que reemplaza un comodín en tu propia escala y el comodín se corre a "
        "un extremo libre; el comodín del extremo de tu escala puede pasar a la escala de otro jugador, pero no salir "
        "de una escala de tres cartas. Los comodines en un trío se quedan.",
    )
    assert spanish_facts(page_app, PUBLISHED["kalooki"])["reclaim"][1].startswith("Nunca: un comodín se queda en su juego.")


def test_ties_phases_and_bonuses_in_spanish(page_app):
    assert spanish_facts(page_app, PUBLISHED["carioca"])["tiebreak"] == (
        "Empate por el primer lugar", "Gana quien cerró más rondas; si siguen empatados, comparten el triunfo."
    )
    phase10 = spanish_facts(page_app, PUBLISHED["phase10"])
    assert phase10["tiebreak"][1].startswith("Solo los empatados juegan una mano más, cada uno en la fase 10;")
    assert phase10["deals"] == ("Fases", "10, en orden, cada jugador en su propia fase: si la haces, juegas la "
                                "siguiente en la próxima mano; si no, la juegas de nuevo. A todos se les reparten 10 "
                                "cartas en cada mano.")
    masters = spanish_facts(page_app, PUBLISHED["phase10"].with_options("masters"))
    assert masters["deals"][1].startswith("10, en cualquier orden:")
    assert "en la última fase que hizo" in masters["tiebreak"][1]
    assert spanish_facts(page_app, PUBLISHED["continental"])["one_turn_out"][1] == "Se descuenta 10 de tu puntaje de la ronda."
    assert spanish_facts(page_app, PUBLISHED["liverpool"])["exact_cut"][1].endswith(
        "se descuenta 50 de su puntaje de la ronda."
    )



def test_the_deal_prompts_reminders_in_spanish(make_game, form_client):
    url = make_game(["Ana", "Beto", "Carla"], ruleset="shanghai")
    doc = parse(form_client.get(url, headers=ES).get_data(as_text=True))
    reminders = [node.text for node in doc.find("ul", cls="reminders").find_all("li")]
    assert "Tus grupos deben ser de números distintos." in reminders
    assert "Shanghai: grítalo al descartar para proteger una carta que sirve en un juego de la mesa." in reminders
    english = parse(form_client.get(url).get_data(as_text=True))
    assert "Your books must be of different ranks." in [node.text for node in english.find("ul", cls="reminders").find_all("li")]


def spanish_reminders(app, ruleset, number: int) -> list[str]:
    from companion.fact_words import reminders_in_words
    from companion.rules.guide import deal_reminders

    deal = ruleset.deal(number)
    with app.test_request_context("/", headers=ES), speaking(PAGE_CATALOGUE):
        return reminders_in_words(deal_reminders(ruleset, deal, ruleset.min_players), ruleset, deal, ruleset.min_players)


def test_the_buy_rule_in_spanish(page_app):
    assert (
        "«¿Me la das?»: todas las veces que quieras, fuera de turno; te llevas la carta del pozo y una carta más del mazo. "
        "No para dos descartes seguidos."
    ) in spanish_reminders(page_app, PUBLISHED["contract"], 1)
    assert (
        "«¿Me la das?»: como máximo dos veces por ronda cada jugador, fuera de turno; te llevas la carta del pozo y dos "
        "cartas más del mazo."
    ) in spanish_reminders(page_app, PUBLISHED["shanghai"], 1)
    assert (
        "«La pido»: todas las veces que quieras, fuera de turno; te llevas la carta del pozo y una carta más del mazo. "
        "Solo antes de bajarte. Solo con permiso del jugador de turno."
    ) in spanish_reminders(page_app, PUBLISHED["kalooki"], 1)
    no_buy = (PUBLISHED["progressive"], 1)
    assert "En esta ronda no hay «compra»." in spanish_reminders(page_app, *no_buy)  # Progressive's deal 1: its own word


@pytest.mark.parametrize("ruleset", WITH_OPTIONS, ids=lambda ruleset: "+".join((ruleset.id, *ruleset.chosen_options)))
def test_english_reminders_stay_the_engines(page_app, ruleset):
    from companion.fact_words import reminders_in_words
    from companion.rules.guide import deal_reminders

    with page_app.test_request_context("/"):
        for deal in ruleset.deals:
            said = deal_reminders(ruleset, deal, ruleset.min_players)
            assert reminders_in_words(said, ruleset, deal, ruleset.min_players) == said


@pytest.mark.parametrize("ruleset", WITH_OPTIONS, ids=lambda ruleset: "+".join((ruleset.id, *ruleset.chosen_options)))
def test_a_spanish_prompt_has_no_english_reminder(page_app, ruleset):
    from companion.fact_words import reminders_in_words
    from companion.rules.guide import deal_reminders

    for players in (ruleset.min_players, ruleset.max_players):
        for deal in ruleset.deals:
            said = deal_reminders(ruleset, deal, players)
            with page_app.test_request_context("/", headers=ES), speaking(PAGE_CATALOGUE):
                written = reminders_in_words(deal_reminders(ruleset, deal, players), ruleset, deal, players)
            assert not set(said) & set(written), set(said) & set(written)


def test_the_counted_reminders_in_spanish(page_app):
    assert "Como máximo un comodín en cada juego al bajarte." in spanish_reminders(page_app, PUBLISHED["parlett"], 1)
    liverpool = spanish_reminders(page_app, PUBLISHED["liverpool"], 1)
    cut = 3 * PUBLISHED["liverpool"].deal(1).cards_dealt + 1
    assert f"Quien corta: corta exactamente {cut} cartas (3 × {PUBLISHED['liverpool'].deal(1).cards_dealt} + 1) y se descuenta 50 de su puntaje." in liverpool
    assert "Bajarse y cerrar en un solo turno descuenta 10 de tu puntaje." in spanish_reminders(page_app, PUBLISHED["continental"], 1)


def test_the_wild_cards_in_spanish(page_app):
    assert spanish_facts(page_app, PUBLISHED["contract"])["wilds"] == ("Comodines", "Comodines.")
    assert spanish_facts(page_app, PUBLISHED["progressive"])["wilds"][1] == "Comodines y doses."
    assert spanish_facts(page_app, PUBLISHED["carioca"].with_options("red-twos-wild"))["wilds"][1] == "Comodines y doses rojos."
    assert spanish_facts(page_app, PUBLISHED["phase10-cards"])["wilds"][1] == "Reyes."
    assert spanish_facts(page_app, PUBLISHED["progressive"])["reclaim"][1] == (
        "Nunca: las cartas comodín (comodines y doses) ya bajadas se quedan."
    )


def test_packs_jokers_and_buys_in_spanish(page_app):
    assert spanish_facts(page_app, PUBLISHED["parlett"])["supply"][1] == (
        "3–4 jugadores: 2 barajas + 1 comodín; 5–8 jugadores: 3 barajas + 2 comodines."
    )
    assert spanish_facts(page_app, PUBLISHED["phase10"])["supply"][1] == "2–6 jugadores: 1 mazo de Phase 10."
    assert spanish_facts(page_app, PUBLISHED["progressive"])["buying"][1] == (
        "«Compra» solo en las rondas 9 a 14; el límite de cada ronda está en su aviso."
    )
    assert spanish_facts(page_app, PUBLISHED["phase10"])["buying"][1] == "En esta partida no hay «compra»."
    assert spanish_facts(page_app, PUBLISHED["shanghai"])["buying"][1] == (
        "«¿Me la das?»: como máximo dos veces por ronda cada jugador, fuera de turno; te llevas la carta del pozo y dos "
        "cartas más del mazo."
    )
