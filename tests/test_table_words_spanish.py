"""The table's own words on a Spanish page (issue 27, "What to build" 5): a joker is a comodín, never a guasón;
Phase 10 counts hands (manos), not rondas; contract symbols in the page's letters; the escala real by its name;
built-in ruleset names in Spanish; the rules card's house options and wilds as chosen; cards typed with the
Spanish suit letters.

The Spanish letters of a contract's symbols (README, "Translating"): T trío, G grupo, E escala (a ladder, a run of
all 13, is an E13 too), C color, P par.
"""

from __future__ import annotations

import pytest
from pages import parse
from spanish_table_words import words_a_table_would_not_say

ES = {"Accept-Language": "es"}


def spanish(client, url: str):
    response = client.get(url, headers=ES)
    assert response.status_code == 200, response.status_code
    return parse(response.get_data(as_text=True))


def faces(node) -> str:
    return " ".join(part.attrs["data-face"] for part in node.find_all(cls="contract-part"))


# ---------------------------------------------------------------------------
# Contract symbols


@pytest.mark.parametrize(
    ("ruleset_id", "first", "second", "eighth"),
    [
        ("contract", "G3 G3", "G3 E4", None),
        ("carioca", "T3 T3", "T3 E4", "T3 T3 T3 T3"),
        ("phase10", "G3 G3", "G3 E4", "C7"),
        ("shanghai", "G3 G3", "G3 E4", None),
    ],
)
def test_contract_symbols_on_a_spanish_rules_card_are_in_spanish_letters(anon_client, ruleset_id, first, second, eighth):
    rows = spanish(anon_client, f"/rules/{ruleset_id}").find(cls="schedule").find_all("tr")[1:]
    assert faces(rows[0]) == first
    assert faces(rows[1]) == second
    if eighth:
        assert faces(rows[7]) == eighth
    english = parse(anon_client.get(f"/rules/{ruleset_id}").get_data(as_text=True)).find(cls="schedule")
    assert faces(english.find_all("tr")[2]).endswith("R4")  # an English page keeps its letters


def test_a_ladder_is_an_escala_of_13_in_spanish_letters(make_game, form_client):
    url = make_game(["Ana", "Beto", "Caro"], ruleset="carioca", options=["escala-real"])
    rows = spanish(form_client, f"{url}/rules").find(cls="schedule").find_all("tr")[1:]
    assert faces(rows[8]) == "E13"
    assert faces(parse(form_client.get(f"{url}/rules").get_data(as_text=True)).find(cls="schedule").find_all("tr")[9]) == "L13"


def test_the_deal_prompt_and_the_offline_pack_draw_spanish_letters(make_game, form_client):
    url = make_game(["Ana", "Beto", "Caro"], ruleset="carioca")
    prompt = spanish(form_client, url).find(cls="prompt")
    assert faces(prompt.find(cls="symbols")) == "T3 T3"
    assert [p.attrs["aria-label"] for p in prompt.find_all(cls="contract-part")] == ["trío de 3"] * 2
    pack = form_client.get(f"{url}/offline", headers={**ES, "Accept": "application/json"}).get_json()
    assert pack["prompts"]["3"]["parts"] == [{"code": "R4", "face": "E4", "words": "escala de 4"}] * 2


# ---------------------------------------------------------------------------
# A joker is a comodín


def test_no_page_calls_a_joker_a_guason(anon_client, client):
    for url in ("/rules/", "/rules/phase10-cards", "/rules/compare?ruleset=phase10-cards&ruleset=contract"):
        text = spanish(anon_client, url).find("main").text
        assert "guas" not in text.casefold(), url
    home = spanish(client, "/").find("main").text
    assert "guas" not in home.casefold()
    assert words_a_table_would_not_say("Un guasón; dos Guasones.") == ["guasón", "Guasones"]
    assert "las K hacen de comodín y los comodines (JK) son saltos" in " ".join(home.split())
