"""Cards typed on a Spanish page are read in the table's suit letters (issue 27): P picas ♠, C corazones ♥,
D diamantes ♦, T tréboles ♣. A Chilean typing 7C means corazones; before, every page read API.md's letters and
silently gave clubs (a Kalooki ace typed AC scored 15 as a black ace, not 1 as a red one), refused 10P and read 7T
as a 7 and a ten. The JSON API keeps API.md's letters exactly.

tests/golden/tally_spanish.json (written by hand) is checked here against the engine and by node against the phone's
tally (tests/js/tally.test.js).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pages import parse

from companion.games.entry import tally_rules
from companion.rules import Card, CardSyntaxError, Notation, format_cards, parse_cards
from companion.rules.deal_score import HandTextError, score_line
from companion.rules.published import PUBLISHED_RULESETS

GOLDEN = json.loads((Path(__file__).resolve().parent / "golden" / "tally_spanish.json").read_text(encoding="utf-8"))
ES = {"Accept-Language": "es"}


@pytest.mark.parametrize("row", GOLDEN["rows"], ids=lambda row: f"{row['ruleset']}:{row['cards']}")
def test_a_hand_typed_in_spanish_letters_scores_as_written_by_hand(row):
    try:
        scored = score_line(PUBLISHED_RULESETS[row["ruleset"]], cards=row["cards"], notation=Notation.SPANISH)
        got = {"points": scored.points}
    except HandTextError as error:
        got = {"error": str(error)}
    assert got == row["expect"]


def test_the_phone_is_given_the_letters_the_golden_table_uses():
    for ruleset_id in ("contract", "kalooki"):
        assert tally_rules(PUBLISHED_RULESETS[ruleset_id], Notation.SPANISH)["letters"] == GOLDEN["letters"]
    assert "letters" not in tally_rules(PUBLISHED_RULESETS["contract"])


@pytest.mark.parametrize(
    ("typed", "english", "spanish"),
    [("7C", "7C", "7H"), ("10P", None, "10S"), ("AT", None, "AC"), ("QD", "QD", "QD"), ("K♥", "KH", "KH"), ("TH", "10H", None)],
)
def test_a_card_reads_its_suit_in_the_notation_it_was_typed_in(typed, english, spanish):
    for notation, expected in ((Notation.ENGLISH, english), (Notation.SPANISH, spanish)):
        if expected is None:
            with pytest.raises(CardSyntaxError):
                Card.parse(typed, notation=notation)
        else:
            assert str(Card.parse(typed, notation=notation)) == expected


def test_cards_are_written_back_in_the_notation_they_are_read_in():
    cards = parse_cards("7H 10S AC QD JK")
    assert format_cards(cards, Notation.SPANISH) == "7C 10P AT QD JK"
    assert parse_cards(format_cards(cards, Notation.SPANISH), notation=Notation.SPANISH) == cards


def test_a_spanish_refusal_names_the_spanish_letters():
    with pytest.raises(CardSyntaxError) as refused:
        parse_cards("7X", notation=Notation.SPANISH)
    assert "P picas, C corazones, D diamantes, T tréboles" in str(refused.value)


# ---------------------------------------------------------------------------
# The pages


def checker(client, melds: str, notation: str | None, **extra):
    query = {"ruleset": "contract", "deal": "2", "melds": melds, **extra}
    if notation:
        query["notation"] = notation
    response = client.get("/check", query_string=query, headers=ES)
    return parse(response.get_data(as_text=True))


def test_the_checker_reads_a_spanish_pages_letters_and_writes_them_back(anon_client):
    doc = checker(anon_client, "7C 8C 9C 10C | 4P 4D 4T", "es")
    assert doc.find(id="melds").attrs["value"] == "7C 8C 9C 10C | 4P 4D 4T"
    assert doc.find("input", name="notation").attrs["value"] == "es"
    assert doc.find(cls="verdict").attrs["class"].count("legal") == 1 and "illegal" not in doc.find(cls="verdict").attrs["class"]
    chips = [chip.text.split()[0] for chip in doc.find(cls="picker").find_all(cls="chip")] if doc.find(cls="picker") else []
    assert not chips or chips[:4] == ["7♥", "8♥", "9♥", "10♥"]  # the symbols shown back make a slip visible
    assert "7♥" in doc.text


def test_the_checker_without_the_field_reads_api_letters_as_links_always_did(anon_client):
    doc = checker(anon_client, "7C 8C 9C 10C | 4S 4D 4H", None)
    assert doc.find(id="melds").attrs["value"] == "7C 8C 9C 10C | 4S 4D 4H"
    assert doc.find("input", name="notation").attrs["value"] == "en"
    assert "7♣" in doc.text


def test_a_fresh_spanish_checker_asks_for_spanish_letters_and_says_what_they_mean(anon_client):
    doc = parse(anon_client.get("/check?ruleset=contract&deal=2", headers=ES).get_data(as_text=True))
    assert doc.find("input", name="notation").attrs["value"] == "es"
    assert doc.find(id="melds").attrs["placeholder"] == "5P 6P JK 8P | 9C 10C JC QC"
    assert doc.find(cls="suit-letters").text == "Palos: P picas ♠, C corazones ♥, D diamantes ♦, T tréboles ♣; un comodín es JK."
    english = parse(anon_client.get("/check?ruleset=contract&deal=2").get_data(as_text=True))
    assert english.find(id="melds").attrs["placeholder"] == "5S 6S JK 8S | 9H 10H JH QH"
    assert english.find("input", name="notation").attrs["value"] == "en"


def test_a_spanish_tap_writes_the_meld_in_spanish_letters(form_client):
    doc = parse(form_client.post("/check", data={"ruleset": "contract", "deal": "1", "melds": "7C", "notation": "es", "add": "8H"},
                                 headers=ES).get_data(as_text=True))
    assert doc.find(id="melds").attrs["value"] == "7C 8C"  # the tapped key's own code (8H) is the 8 of corazones


def test_the_helper_and_the_lay_off_page_read_spanish_letters(anon_client):
    helper = parse(anon_client.get("/helper", query_string={"ruleset": "contract", "deal": "1", "hand": "7C 7P 7D KC KP KT",
                                                            "notation": "es"}, headers=ES).get_data(as_text=True))
    assert helper.find(id="hand").attrs["value"] == "7C 7P 7D KC KP KT"
    assert "K♣" in helper.text and "K♥" in helper.text
    layoff = parse(anon_client.get("/layoff", query_string={"ruleset": "contract", "meld": "5C 6C 7C 8C", "cards": "9C",
                                                            "notation": "es"}, headers=ES).get_data(as_text=True))
    assert layoff.find(id="meld").attrs["value"] == "5C 6C 7C 8C"
    assert "9♥" in layoff.text and "9♣" not in layoff.text


def test_the_api_keeps_api_md_letters_whatever_the_language(anon_client):
    asked = {"ruleset": "contract", "deal": 2, "melds": [["7C", "8C", "9C", "10C"], ["4S", "4D", "4H"]]}
    answer = anon_client.post("/api/melds/check", json=asked, headers=ES)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.get_json()["legal"] is True
    refused = anon_client.post("/api/melds/check", json={**asked, "melds": [["7P", "8P", "9P", "10P"], ["4S", "4D", "4H"]]}, headers=ES)
    assert refused.status_code == 400


def test_a_kalooki_ace_typed_ac_on_a_spanish_score_form_is_red(form_client, make_game):
    url = make_game(["Ana", "Beto", "Caro"], ruleset="kalooki")
    entry = parse(form_client.get(f"{url}/deals/1", headers=ES).get_data(as_text=True))
    assert entry.find("input", name="notation").attrs["value"] == "es"
    keys = {key.attrs.get("aria-label"): key.attrs["data-key"] for key in entry.find(id="keypad").find_all("button")}
    assert keys["As negro"] == "AP" and keys["As rojo"] == "AC"  # a tapped red ace is typed as the table types it
    data = {"went_out": "0", "hands-0-cards": "", "hands-1-cards": "AC", "hands-2-cards": "AT", "notation": "es"}
    assert form_client.post(f"{url}/deals/1", data=data, headers=ES).status_code == 303
    scores = [row.text for row in parse(form_client.get(url, headers=ES).get_data(as_text=True)).find(cls="scoreboard").find_all("td")]
    assert "1" in scores and "15" in scores
    corrected = parse(form_client.get(f"{url}/deals/1", headers=ES).get_data(as_text=True))
    assert [box.text for box in corrected.find_all("textarea")][1:] == ["AC", "AT"]  # written back in Spanish letters
