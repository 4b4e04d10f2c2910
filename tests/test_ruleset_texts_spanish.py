"""A built-in ruleset's own texts (summary, readings, sources, house options) on a Spanish page: said from the
catalogue (they are marked in the engine's data with ``speech.mark``); English pages keep them as written."""

from __future__ import annotations

import pytest
from pages import parse
from speech_support import SPANISH

from companion.rules.published import PUBLISHED_RULESETS

ES = {"Accept-Language": "es"}


def texts(ruleset) -> list[str]:
    return [ruleset.summary, *ruleset.readings, *ruleset.sources, *(option.label for option in ruleset.options)]


@pytest.mark.parametrize("ruleset_id", sorted(PUBLISHED_RULESETS))
def test_every_built_in_rulesets_texts_have_their_spanish(ruleset_id):
    untranslated = [text for text in texts(PUBLISHED_RULESETS[ruleset_id]) if SPANISH.gettext(text) == text]
    # Source names that are only a site's address read the same in both languages.
    assert [text for text in untranslated if not text.startswith(("RG: ", "JAM-O: ", "003: "))] == []


def test_the_carioca_card_in_spanish_says_its_summary_and_readings_in_spanish(client):
    doc = parse(client.get("/rules/carioca", headers=ES).get_data(as_text=True))
    assert doc.find("p", cls="lead").text == (
        "Ocho rondas de tríos y escalas, 12 cartas cada una; las escalas pueden dar la vuelta, un comodín por juego al bajarse."
    )
    readings = [item.text for item in doc.find(id="readings-heading").parent.find_all("li")]
    assert "Dos escalas del mismo palo pueden unirse por los extremos." in readings
    assert "Two escalas of one suit may join end to end." not in doc.text


def test_the_contract_card_in_english_keeps_its_texts(client):
    doc = parse(client.get("/rules/contract").get_data(as_text=True))
    assert doc.find("p", cls="lead").text == (
        "Seven deals, two packs with one joker fewer than the players; deal 7 melds every card."
    )
    assert "Without a table size, up to 4 jokers pass the supply check." in doc.text


def test_the_house_options_on_the_new_game_page_in_spanish(client):
    page = client.get("/games/new/options?ruleset=carioca", headers=ES).get_data(as_text=True)
    assert "Los doses rojos son comodines" in page and "Red twos are wild" not in page


@pytest.mark.parametrize("ruleset_id", ["kalooki", "carioca", "phase10", "contract"])
def test_an_english_page_shows_each_contract_exactly_as_the_engine_writes_it(client, ruleset_id):
    """A page's catalogue is in use on every request, English too: the engine must still know the page is in
    English and keep its own contract text (Kalooki's "Two threes", never a Spanish-shaped "two groups of 3")."""
    import html

    page = html.unescape(client.get(f"/rules/{ruleset_id}").get_data(as_text=True))
    missing = [deal.contract for deal in PUBLISHED_RULESETS[ruleset_id].deals if deal.contract not in page]
    assert missing == []
