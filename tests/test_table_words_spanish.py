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


# ---------------------------------------------------------------------------
# Phase 10 is played in hands: «mano», never «ronda»


def phase10_hand(client, url: str, number: int, made: set[int], points: list[int], *, version: str | None = None):
    data = {"went_out": "0"}
    for seat, scored in enumerate(points):
        data[f"hands-{seat}-points"] = str(scored)
        if seat in made:
            data[f"hands-{seat}-made"] = "y"
    if version:
        data["version"] = version
    response = client.post(f"{url}/deals/{number}", data=data, headers=ES)
    assert response.status_code == 303, response.get_data(as_text=True)


def page_text(doc) -> str:
    return " ".join(doc.find("main").text.split())


def test_a_phase_10_game_says_mano_where_it_said_ronda(make_game, form_client):
    """The Chilean evening: "Ronda 2 corregida", "Deshacer la ronda 11" on a game played in hands."""
    url = make_game(["Ana", "Beto", "Caro", "Dani"], ruleset="phase10")
    phase10_hand(form_client, url, 1, {0, 1}, [0, 20, 30, 40])
    first = spanish(form_client, url)
    assert "Mano 1 guardada." in page_text(first)
    phase10_hand(form_client, url, 2, {0}, [0, 15, 30, 40])
    entry = spanish(form_client, f"{url}/deals/2")
    version = entry.find("input", name="version").attrs["value"]
    phase10_hand(form_client, url, 2, {0}, [0, 25, 30, 40], version=version)
    doc = spanish(form_client, url)
    text = page_text(doc)
    assert "Mano 2 corregida." in text
    assert "Deshacer la mano 2" in text and "Toca el número de una mano en el marcador para corregirla." in text
    assert "Mano 2 corregida por Owner" in text or "Mano 2 corregida" in doc.find("details", cls="history").text
    assert [term.text for term in doc.find("section", cls="prompt").find_all("dt")][0] == "Mano"
    offline = doc.find(id="offline").attrs
    assert offline["data-say-waiting"] == "Mano {deal}: guardada en este teléfono, esperando la conexión."
    assert words_a_table_would_not_say(text + " " + " ".join(v for v in offline.values() if v), hands=True) == []
    form_client.post(f"{url}/undo", data={"sure": "y", "deal": "2"}, headers=ES)
    assert "Se deshizo la mano 2; queda en el historial." in page_text(spanish(form_client, url))
    # the same words in English: a hand, not a deal
    english = " ".join(parse(form_client.get(url).get_data(as_text=True)).find("main").text.split())
    assert "Undo hand 1" in english and "Undo deal" not in english


def test_a_fixed_game_still_says_ronda(make_game, form_client):
    url = make_game(["Ana", "Beto", "Caro"], ruleset="carioca")
    form_client.post(f"{url}/deals/1", data={"went_out": "0", "hands-0-cards": "", "hands-1-cards": "K", "hands-2-cards": "5"}, headers=ES)
    text = page_text(spanish(form_client, url))
    assert "Ronda 1 guardada." in text and "Deshacer la ronda 1" in text


# ---------------------------------------------------------------------------
# The escala real by its name


def test_the_checker_calls_an_escala_round_by_its_name_not_escalera(make_game, form_client):
    url = make_game(["Ana", "Beto", "Caro"], ruleset="carioca", options=["escala-real"])
    for number in range(1, 9):
        form_client.post(f"{url}/deals/{number}", data={"went_out": "0", "hands-0-cards": "", "hands-1-cards": "K",
                                                        "hands-2-cards": "5"})  # fmt: skip
    game_id = url.rsplit("/", 1)[1]
    royal = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    checked = spanish(form_client, f"/check?game={game_id}&melds={royal.replace(' ', '+')}")
    text = " ".join(checked.find("main").text.split())
    assert "Juego 1: escala real, de la A a la K, picas" in text
    assert words_a_table_would_not_say(text, escalas=True) == []
    laid = spanish(form_client, f"/layoff?game={game_id}&meld={royal.replace(' ', '+')}&cards=KH")
    assert words_a_table_would_not_say(" ".join(laid.find("main").text.split()), escalas=True) == []
    english = " ".join(parse(form_client.get(f"/check?game={game_id}&melds={royal.replace(' ', '+')}").get_data(as_text=True)).text.split())
    assert "Meld 1: escala real, A to K, spades" in english


# ---------------------------------------------------------------------------
# Built-in names with English words, said in Spanish


def test_built_in_names_with_english_words_are_said_in_spanish(anon_client, client, make_game, form_client):
    rules = " ".join(spanish(anon_client, "/rules/").find("main").text.split())
    assert "Phase 10 (cartas inglesas)" in rules and "¿Me la das?" in rules
    assert words_a_table_would_not_say(rules) == []
    card = spanish(anon_client, "/rules/phase10-cards")
    assert card.find("h1").text == "Phase 10 (cartas inglesas)"
    assert card.find("title").text.startswith("Reglas de Phase 10 (cartas inglesas)") or "Phase 10 (cartas inglesas)" in card.find("title").text
    url = make_game(["Ana", "Beto", "Caro"], ruleset="phase10-cards")
    assert spanish(form_client, url).find("h1").text == "Phase 10 (cartas inglesas)"
    assert "«May I?»" in spanish(anon_client, "/rules/may-i").text  # a source's title, quoted
    # English pages and the JSON API keep the names as written
    assert parse(anon_client.get("/rules/phase10-cards").get_data(as_text=True)).find("h1").text == "Phase 10 (standard cards)"
    names = {r["id"]: r["name"] for r in anon_client.get("/api/rulesets", headers=ES).get_json()["rulesets"]}
    assert names["phase10-cards"] == "Phase 10 (standard cards)" and names["may-i"] == "May I?"


def test_the_spanish_rules_list_keeps_the_published_rules_out_of_the_tables_own(anon_client):
    """The list of a table's own rules filtered the published ones by their English group label: on a Spanish page
    every published ruleset was listed again as «Las reglas de tu mesa»."""
    doc = spanish(anon_client, "/rules/")
    own = doc.find_all("ul", cls="cards-list")[1]
    assert "Reglas publicadas" not in own.text and "Contract Rummy" not in own.text
