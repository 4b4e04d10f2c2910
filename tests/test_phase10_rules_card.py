"""Phase 10's rules cards (issue 18, items 1 and 3; RULES.md §8.1, §8.2, §8.6): a deal is a phase, each player on
their own; the game ends after the hand in which someone makes phase 10; the winner is the lowest total of those
who made every phase; a tie is a tie-break hand; Skips; the Masters option. The rules index lists both decks; the
builder still starts from a fixed schedule only.
"""

from __future__ import annotations

import pytest
from pages import parse

from companion.rules.guide import card_contents, rules_facts
from companion.rules.phase10 import PHASE10, PHASE10_CARDS
from conftest import start_game_via_form

PHASES = [
    "Two sets of 3", "One set of 3 and one run of 4", "One set of 4 and one run of 4", "One run of 7", "One run of 8",
    "One run of 9", "Two sets of 4", "Seven cards of one colour", "One set of 5 and one set of 2",
    "One set of 5 and one set of 3",
]  # fmt: skip
"""RULES.md §8.1's table of phases, in order."""


def page_text(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return " ".join(parse(response.get_data(as_text=True)).text.split())


def facts(ruleset) -> dict[str, tuple[str, str]]:
    return {fact.key: (fact.label, fact.text) for fact in rules_facts(ruleset)}


def test_the_rules_index_lists_phase10_on_either_deck(client):
    doc = parse(client.get("/rules/").get_data(as_text=True))
    links = {a.attrs["href"]: " ".join(a.text.split()) for a in doc.find_all("a") if a.attrs.get("href", "").startswith("/rules/")}
    assert links["/rules/phase10"].startswith("Phase 10 ")
    assert links["/rules/phase10-cards"].startswith("Phase 10 (standard cards)")
    assert links["/rules/contract"].startswith("Contract Rummy")


@pytest.mark.parametrize("ruleset", [PHASE10, PHASE10_CARDS])
def test_the_card_says_phase_where_a_deal_is_a_phase(client, ruleset):
    doc = parse(client.get(f"/rules/{ruleset.id}").get_data(as_text=True))
    schedule = doc.find(id="schedule-heading")
    assert schedule.text == "Phases"
    headings = [th.text for th in doc.find("table", cls="schedule").find("thead").find_all("th")]
    assert headings == ["Phase", "Contract", "Dealt", "Needs"]
    rows = doc.find("table", cls="schedule").find("tbody").find_all("tr")
    assert [" ".join(row.find("th").text.split()) for row in rows] == [str(n) for n in range(1, 11)]
    for row, contract in zip(rows, PHASES, strict=True):
        if ruleset is PHASE10_CARDS:  # §8.2: "7 cards of one colour" = 7 cards of one suit
            contract = contract.replace("colour", "suit")
        assert contract in row.text and "10" in row.find_all("td")[1].text  # 10 dealt every hand
    label, text = facts(ruleset)["deals"]
    assert label == "Phases"
    assert text.startswith("10, in order, each player on their own phase: make it and you play the next one next hand;")
    assert "Everyone is dealt 10 cards every hand." in text


@pytest.mark.parametrize("ruleset", [PHASE10, PHASE10_CARDS])
def test_the_card_says_the_game_end_the_winner_and_the_tiebreak(client, ruleset):
    """§8.6.5-7: the end after the hand in which someone makes phase 10; the lowest total of the finished; a shared
    lowest total plays a tie-break hand on phase 10, the first out winning (§8.7.10)."""
    text = page_text(client, f"/rules/{ruleset.id}")
    assert "End of the game After the hand in which someone makes phase 10." in text
    assert (
        "Winner The lowest total among the players who made every phase; a player who has not made them all does "
        "not win, however low their total."
    ) in text
    tie = facts(ruleset)["tiebreak"]
    assert tie[0] == "A tie for the win"
    assert tie[1].startswith("Only the tied players play one more hand, each on phase 10; the first to go out wins.")
    assert "If nobody goes out, the lowest total of those who made it wins" in tie[1]
    assert "Making your phase Lay the whole phase down at once; one phase a hand." in text
    assert "No buy in this game." in text  # never "in this deal": a hand is no one deal


def test_the_card_says_what_a_skip_does_on_either_deck(client):
    """§8.1 Play (described, not checked); §8.2: on standard cards a joker is the Skip."""
    skip = facts(PHASE10)["skips"]
    assert skip[0] == "Skip cards"
    assert skip[1].startswith("A Skip (SKIP) is discarded to make a player you name lose their next turn;")
    assert "never part of a phase and never taken from the discard pile" in skip[1]
    assert facts(PHASE10_CARDS)["skips"][1].startswith("A joker (JK) is discarded to make a player you name lose")
    assert 'data-sentence="A joker (JK) is discarded to make a player' in client.get("/rules/phase10-cards").get_data(as_text=True)


def test_the_card_lists_the_house_options_masters_among_them(client):
    """As choices, never as rules in play (issue 27: a game with none chosen listed all three as «Reglas de la casa»)."""
    text = page_text(client, "/rules/phase10")
    assert (
        "House options None chosen; a table may choose: Groups may be all wilds; Hit from the turn after your phase; "
        "Masters: choose your phase before each hand."
    ) in text


def test_a_games_card_names_only_the_house_rules_it_chose(form_client):
    plain = page_text(form_client, start_game_via_form(form_client, ["Ann", "Ben", "Cy"], ruleset="phase10") + "/rules")
    assert "House options None chosen;" in plain and "House rules chosen" not in plain
    masters = page_text(form_client, start_game_via_form(form_client, ["Ann", "Ben", "Cy"], ruleset="phase10",
                                                         options=["masters"]) + "/rules")
    assert "House rules chosen Masters: choose your phase before each hand." in masters
    assert "Groups may be all wilds" not in masters.split("House rules chosen")[1]
    spanish = " ".join(parse(form_client.get(start_game_via_form(form_client, ["Ann", "Ben", "Cy"], ruleset="phase10")
                                             + "/rules", headers={"Accept-Language": "es"}).get_data(as_text=True)).text.split())
    assert "Reglas de la casa Ninguna elegida; una mesa puede elegir:" in spanish


@pytest.mark.parametrize(("language", "heading", "line"), [
    ("en", "Players Packs Wilds Cards", "Wild cards Wilds (W): 8 in each deck."),
    ("es", "Jugadores Barajas Comodines Cartas", "Comodines Comodines (W): 8 en cada mazo."),
])  # fmt: skip
def test_the_phase10_decks_wilds_are_counted_not_called_jokers(anon_client, language, heading, line):
    """Issue 27: «Comodines 0» for a deck with 8 Wild cards."""
    doc = parse(anon_client.get("/rules/phase10", headers={"Accept-Language": language}).get_data(as_text=True))
    packs = doc.find_all("table", cls="schedule")[1]
    assert " ".join(packs.find("thead").text.split()) == heading
    assert [" ".join(row.text.split()) for row in packs.find("tbody").find_all("tr")][:2] == ["2 1 8 108", "3 1 8 108"]
    assert line in " ".join(doc.text.split())
    cards = parse(anon_client.get("/rules/phase10-cards").get_data(as_text=True)).find_all("table", cls="schedule")[1]
    assert " ".join(cards.find("thead").text.split()) == "Players Packs Jokers Cards"  # standard packs: 4 jokers, the Skips


def test_runs_ignore_colour_and_sets_ignore_colour_in_words():
    assert facts(PHASE10)["same_suit_runs"] == ("Runs", "Any colours mixed: only the numbers follow on.")
    assert facts(PHASE10_CARDS)["same_suit_runs"] == ("Runs", "Any suits mixed: only the numbers follow on.")
    assert facts(PHASE10)["dup_suits"] == ("A set with two cards of one colour", "Allowed.")


def test_the_masters_card_chooses_phases_in_any_order_and_replays_the_last_made(form_client):
    """§8.1 option masters, §8.6.2 and .7: chosen before each hand, a phase not made yet; the tie-break hand on the
    phase each made last; the game ends once someone has made all ten."""
    masters = PHASE10.with_options("masters")
    assert facts(masters)["deals"][1].startswith(
        "10, in any order: before each hand each player chooses a phase they have not made yet"
    )
    assert facts(masters)["game_end"][1] == "After the hand in which someone makes their last phase: all 10 made."
    assert "each on the phase they made last" in facts(masters)["tiebreak"][1]
    url = start_game_via_form(form_client, ["Ann", "Ben", "Cy"], ruleset="phase10", options=["masters"])
    text = page_text(form_client, f"{url}/rules")
    assert "with house rules: Masters: choose your phase before each hand" in text
    assert "10, in any order: before each hand each player chooses a phase they have not made yet" in text


def test_a_fixed_schedule_card_keeps_deals_and_no_game_lines():
    contract = card_contents(PHASE10)["per_player"], facts(PHASE10)
    assert contract[0] is True
    from companion.rules import RULESETS

    fixed = facts(RULESETS["contract"])
    assert fixed["deals"] == ("Deals", "7.") and not {"game_end", "winner", "tiebreak", "skips", "options"} & set(fixed)
    assert card_contents(RULESETS["contract"])["per_player"] is False


def test_the_builder_starts_from_phase10_on_either_deck(form_client):
    """Issue 18 item 2: the builder holds Phase 10 whole (its deck and progression boxes), so both are offered."""
    index = parse(form_client.get("/rulesets/").get_data(as_text=True))
    offered = [option.attrs["value"] for option in index.find("select", id="start").find_all("option")]
    assert {"contract", "phase10", "phase10-cards"} <= set(offered)
    html = form_client.get("/rulesets/build?start=phase10-cards").get_data(as_text=True)
    assert "There is no ruleset" not in html and 'value="Phase 10 (standard cards) (ours)"' in html


def test_the_comparison_shows_phase10_beside_the_others(client):
    text = page_text(client, "/rules/compare")
    assert "Phase 10 (standard cards)" in text and "After the hand in which someone makes phase 10." in text
    assert page_text(client, "/rules/compare?ruleset=phase10&ruleset=phase10-cards").count("Any colours mixed") == 1
