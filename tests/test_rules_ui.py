"""Rules at the table: the meld checker, the go-down helper, lay-off rulings, rules cards and the comparison."""

from __future__ import annotations

import html
import re

import pytest
from pages import parse, table_reads
from rules_examples import GO_DOWNS

from companion.rules import RULESETS, find_ruleset, parse_cards
from companion.rules.guide import rules_facts
from companion.rules_ui.picker import MeldsText, apply_action


def text_of(response) -> str:
    """The page's text, with entities decoded and spaces folded (a card's markup inside a sentence breaks no word)."""
    page = re.sub(r"<script.*?</script>", " ", response.get_data(as_text=True), flags=re.S)
    page = re.sub(r"</?span[^>]*>", "", page)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def said_on(response) -> list[str]:
    """The engine's sentences a page wrote with cards, as the engine said them (each keeps it in data-sentence)."""
    return [html.unescape(found) for found in re.findall(r'data-sentence="([^"]*)"', response.get_data(as_text=True))]


def field_value(response, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', response.get_data(as_text=True))
    assert found, f"no field {name}"
    return html.unescape(found.group(1))


# -- the picker's state -------------------------------------------------------


def test_picker_state_round_trips_through_its_text():
    state = MeldsText.parse("5s 6s jk 8s | 9h 10h")
    assert state.text == "5S 6S JK 8S | 9H 10H"
    assert MeldsText.parse(state.text) == state


def test_typed_melds_may_be_split_by_a_slash_as_well():
    """Issue 19, item 8: "|" is hard to find on a phone's keyboard; "/" is on its first page of symbols."""
    assert MeldsText.parse("5s 6s jk 8s / 9h 10h jh") == MeldsText.parse("5S 6S JK 8S | 9H 10H JH")
    assert MeldsText.parse("7H 7S 7D/KC KD KS|2C 3C 4C").text == "7H 7S 7D | KC KD KS | 2C 3C 4C"


def test_the_checker_takes_melds_split_by_a_slash(form_client):
    page = form_client.post("/check", data={"ruleset": "contract", "deal": "1", "melds": "7H 7S 7D / KC KD JK"})
    assert "Legal go-down" in page.get_data(as_text=True)


def test_typed_melds_may_be_a_line_each_and_new_meld_splits_them_without_typing_a_bar(form_client):
    """Issue 19, item 8: melds split without "|": a line each, or the "New meld" key beside the typed box."""
    assert MeldsText.parse("7h 7s 7d\r\nkc kd jk").text == "7H 7S 7D | KC KD JK"
    assert MeldsText.parse("7H 7S 7D\n\n\nKC KD JK").melds == (parse_cards("7H 7S 7D"), parse_cards("KC KD JK"))  # a blank line is no meld
    assert MeldsText.parse("7H 7S 7D\n").melds == (parse_cards("7H 7S 7D"), ())  # the next meld is started
    # without script, "New meld" posts: the next meld is started, and the typed box stays open to type it
    page = form_client.post("/check", data={"ruleset": "contract", "deal": "1", "melds": "7H 7S 7D", "next": "typed"})
    assert field_value(page, "melds") == "7H 7S 7D |"
    typed = parse(page.get_data(as_text=True)).find(id="checker-typed")
    assert "open" in typed.parent.attrs
    assert typed.find("button", name="next").text == "New meld"


def test_picker_taps_add_remove_and_start_melds():
    state = MeldsText.parse("9C 9D")
    state = apply_action(state, {"add": "9S"})
    assert state.text == "9C 9D 9S"
    state = apply_action(state, {"next": "1"})
    state = apply_action(state, {"add": "5S"})
    assert state.melds == (parse_cards("9C 9D 9S"), parse_cards("5S"))
    state = apply_action(state, {"remove": "0:1"})
    assert state.melds[0] == parse_cards("9C 9S")
    assert apply_action(state, {"remove": "7:0"}) == state  # an out-of-date tap changes nothing
    for hostile in ("1" * 5000 + ":0", "0:" + "9" * 5000, ":", "0:-1", "٣:0"):  # a forged tap changes nothing either
        assert apply_action(state, {"remove": hostile}) == state
    assert apply_action(state, {"clear": "1"}).filled == ()


def test_picker_quotes_a_bad_token():
    state = MeldsText.parse("5S 1X")
    assert state.error is not None and "'1X'" in state.error


# -- the meld checker ------------------------------------------------------------


def test_checker_page_offers_rules_deals_and_the_card_picker(form_client):
    page = form_client.get("/check?ruleset=shanghai&deal=3")
    assert page.status_code == 200
    text = text_of(page)
    assert "Is this go-down legal?" in text
    assert "3: Two runs of 4" in text
    body = page.get_data(as_text=True)
    assert body.count('name="add"') == 53  # 52 cards and the joker
    assert 'aria-label="10 of hearts"' in body


@pytest.mark.parametrize(
    ("ruleset_id", "name", "deal", "melds", "remaining", "legal", "words"),
    [example for example in GO_DOWNS if example[0] in ("contract", "shanghai", "progressive", "may-i")],
    ids=[f"{e[0]}-{e[1]}" for e in GO_DOWNS if e[0] in ("contract", "shanghai", "progressive", "may-i")],
)
def test_checker_page_agrees_with_the_api(form_client, ruleset_id, name, deal, melds, remaining, legal, words):
    form = {"ruleset": ruleset_id, "deal": str(deal), "melds": melds, "check": "1"}
    if remaining is not None:
        form["remaining"] = remaining
    response = form_client.post("/check", data=form)
    page = text_of(response)
    body = {"ruleset": ruleset_id, "deal": deal, "melds": [m.split() for m in melds.split("|")]}
    if remaining is not None:
        body["remaining"] = remaining.split()
    api = form_client.post("/api/melds/check", json=body).get_json()
    assert api["legal"] is legal
    assert ("✓ Legal go-down" in page) is legal
    for problem in api["problems"]:
        assert table_reads(problem) in page  # the page writes the cards as the table reads them
        assert problem in said_on(response) or problem in page  # and keeps the API's sentence beside them


def test_checker_taps_build_melds_and_rule_on_them(form_client):
    base = {"ruleset": "contract", "deal": "2"}
    response = form_client.post("/check", data={**base, "melds": "9C 9D 9S", "next": "1"}, headers={"HX-Request": "true"})
    melds = field_value(response, "melds")
    for card in ("5S", "6S", "JK", "8S"):
        response = form_client.post("/check", data={**base, "melds": melds, "add": card}, headers={"HX-Request": "true"})
        melds = field_value(response, "melds")
    assert melds == "9C 9D 9S | 5S 6S JK 8S"
    text = text_of(response)
    assert "✓ Legal go-down" in text
    assert "joker stands for 7♠" in text
    assert "<html" not in response.get_data(as_text=True)  # an htmx tap gets the widget, not a page


def test_checker_explains_an_illegal_go_down_in_words(form_client):
    response = form_client.post("/check", data={"ruleset": "contract", "deal": "3", "melds": "QH KH AH 2H | 5C 6C 7C 8C"})
    assert "Q-K-A-2 goes round the corner" in text_of(response)


def test_checker_meld_all_deal_needs_the_cards_left(form_client):
    form = {"ruleset": "contract", "deal": "7", "melds": "AS 2S 3S 4S | 5H 6H 7H 8H | 10C JC QC KC", "remaining": "9D"}
    assert "9♦ is left" in text_of(form_client.post("/check", data=form))


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("ruleset=nope", "There is no ruleset “nope”"),
        ("deal=9", "Contract Rummy has deals 1 to 7."),
        ("deal=abc", "Contract Rummy has deals 1 to 7."),
        ("players=9", "Contract Rummy is played by 3 to 5 players."),
        ("melds=5S+1X", "'1X' is not a card"),
        ("remaining=ZZ&melds=5S", "'ZZ' is not a card"),
    ],
)
def test_checker_bad_input_gets_a_message_not_an_error(form_client, query, message):
    response = form_client.get(f"/check?{query}")
    assert response.status_code == 422
    assert message in text_of(response)
    assert ".." not in text_of(response)


@pytest.mark.parametrize("field", ["meld", "cards", "moved_from"])
def test_layoff_card_errors_are_the_engines_sentences(form_client, field):
    form = {"ruleset": "continental", "meld": "5H 6H 7H 8H", "cards": "JK", "moved_from": "10S JS QS JK", field: "5S XX"}
    response = form_client.post("/layoff", data=form)
    assert response.status_code == 422
    error = parse(response.get_data(as_text=True)).find(id=f"{field}-error").text
    assert error == "'XX' is not a card: a card is a rank (A, 2-10 or T, J, Q, K) and a suit (S, H, D, C or ♠ ♥ ♦ ♣), like 10H or Q♠, or a joker (JK)."


def test_checker_from_a_game_uses_its_exact_rules_and_current_deal(make_game, form_client):
    url = make_game(["Ann", "Bob", "Cat"], ruleset="parlett", options=["deuces-wild"])
    game_id = url.rstrip("/").split("/")[-1]
    page = form_client.get(f"/check?game={game_id}")
    text = text_of(page)
    assert "Parlett's Contract Rummy (house rules) · 3 players" in text
    # with deuces wild, 8C 8D 2S is a set with one wild card
    ruled = form_client.post("/check", data={"game": game_id, "deal": "1", "melds": "8C 8D 2S | QS QH QD"})
    assert "✓ Legal go-down" in text_of(ruled)
    assert form_client.get("/check?game=99999").status_code == 404


# -- the go-down helper -----------------------------------------------------------


def test_helper_finds_the_go_down_leaving_fewest_points(form_client):
    response = form_client.post(
        "/helper", data={"ruleset": "contract", "deal": "1", "hand": "7H 7S 7D KH KS JK 2C 9D 4S 5S 6S", "check": "1"}
    )
    text = text_of(response)
    assert "✓ You can go down" in text
    assert "26 points" in text  # 2C 4S 5S 6S 9D left: 2 + 4 + 5 + 6 + 9


def test_helper_says_plainly_when_a_hand_cannot_go_down(form_client):
    response = form_client.post("/helper", data={"ruleset": "contract", "deal": "3", "hand": "7H 7S 7D KH KS", "check": "1"})
    assert "✗ Not yet: these 5 cards can't make two runs of 4." in text_of(response)


def test_helper_taps_add_cards_to_the_hand(form_client):
    response = form_client.post("/helper", data={"ruleset": "contract", "deal": "1", "hand": "7H 7S", "add": "7D"}, headers={"HX-Request": "true"})
    assert field_value(response, "hand") == "7H 7S 7D"


def test_helper_bad_hand_is_quoted(form_client):
    response = form_client.post("/helper", data={"ruleset": "contract", "deal": "1", "hand": "7H QQ"})
    assert response.status_code == 422
    assert "'QQ' is not a card" in text_of(response)


# -- laying off and taking jokers -------------------------------------------------------


def test_layoff_ruling_and_reason(form_client):
    allowed = form_client.post("/layoff", data={"ruleset": "contract", "meld": "5S 6S 7S 8S", "cards": "9S 10S"})
    assert "✓ Allowed" in text_of(allowed)
    refused = form_client.post("/layoff", data={"ruleset": "contract", "meld": "5S 6S 7S 8S", "cards": "10S"})
    assert "✗ Not allowed" in text_of(refused)
    assert "gap at 9♠" in text_of(refused)


def test_layoff_in_the_turn_of_going_down_depends_on_the_rules(form_client):
    later = form_client.post("/layoff", data={"ruleset": "contract", "meld": "7H 7S 7D", "cards": "7C", "this_turn": "y"})
    assert "✗ Not allowed" in text_of(later)
    same = form_client.post("/layoff", data={"ruleset": "shanghai", "meld": "7H 7S 7D", "cards": "7C", "this_turn": "y"})
    assert "✓ Allowed" in text_of(same)


def test_joker_exchange_ruling(form_client):
    taken = form_client.post("/layoff", data={"ruleset": "contract", "mode": "exchange", "meld": "5S 6S JK 8S", "cards": "7S"})
    assert "✓ Allowed" in text_of(taken)
    assert "The joker stood for 7♠" in text_of(taken)
    never = form_client.post("/layoff", data={"ruleset": "progressive", "mode": "exchange", "meld": "5S 6S JK 8S", "cards": "7S"})
    assert "✗ Not allowed" in text_of(never)


@pytest.mark.parametrize(
    ("ruleset_id", "set_word"), [("shanghai", "Book"), ("continental", "Trio"), ("contract", "Group"), ("parlett", "Set")]
)
def test_layoff_page_uses_the_rulesets_set_word(form_client, ruleset_id, set_word):
    page = form_client.get(f"/layoff?ruleset={ruleset_id}")
    options = [option.text for option in parse(page.get_data(as_text=True)).find("select", id="kind").find_all("option")]
    assert options[:3] == [f"{set_word} or run: work it out", set_word, "Run"]
    assert "Pair" not in options


def test_layoff_page_offers_pair_where_a_contract_has_pairs_and_nothing_lays_off_on_it(form_client):
    page = form_client.get("/layoff?ruleset=progressive")
    assert "Pair" in [option.text for option in parse(page.get_data(as_text=True)).find("select", id="kind").find_all("option")]
    refused = form_client.post("/layoff", data={"ruleset": "progressive", "meld": "KC KH", "cards": "KD", "kind": "pair"})
    assert "Nothing can be laid off on a pair" in text_of(refused)


def test_layoff_page_slides_a_continental_joker_in_the_players_own_run(form_client):
    form = {"ruleset": "continental", "meld": "AS 2S 3S JK 5S", "cards": "4S"}
    assert "✗ Not allowed" in text_of(form_client.post("/layoff", data=form))
    slid = form_client.post("/layoff", data={**form, "own_run": "y"})
    assert "✓ Allowed" in text_of(slid)
    assert "joker stands for 6♠" in text_of(slid)


def test_layoff_page_moves_an_end_joker_of_the_players_own_run_but_not_off_a_run_of_three(form_client):
    form = {"ruleset": "continental", "meld": "5H 6H 7H 8H", "cards": "JK"}
    moved = form_client.post("/layoff", data={**form, "moved_from": "10S JS QS JK"})
    assert "✓ Allowed" in text_of(moved)
    refused = form_client.post("/layoff", data={**form, "moved_from": "10S JS JK"})
    assert "10♠ J♠ joker is a run of only three cards: its joker stays." in text_of(refused)
    assert "10S JS JK is a run of only three cards: its joker stays." in said_on(refused)
    bad = form_client.post("/layoff", data={**form, "moved_from": "10S XX"})
    assert bad.status_code == 422
    assert "'XX' is not a card" in text_of(bad)


@pytest.mark.parametrize(
    ("ruleset_id", "pair", "slide"),
    [("progressive", True, False), ("continental", False, True), ("contract", False, False)],
)
def test_layoff_page_fields_follow_the_ruleset_select(form_client, ruleset_id, pair, slide):
    # the select asks for the rules-dependent fields again (htmx), with whatever the form holds
    response = form_client.get(
        f"/layoff?fields=rules&ruleset={ruleset_id}&meld=5S+XX&kind=run", headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    fields = parse(response.get_data(as_text=True)).find(id="layoff-ruleset-fields")
    options = [option.text for option in fields.find("select", id="kind").find_all("option")]
    assert ("Pair" in options) is pair
    assert fields.has("input", name="own_run") is slide
    assert fields.has("input", name="moved_from") is slide
    assert "selected" in fields.find("option", value="run").attrs  # the choice is kept
    assert "Not allowed" not in response.get_data(as_text=True)  # no ruling on a change of rules
    page = parse(form_client.get("/layoff").get_data(as_text=True))
    assert page.find("select", id="ruleset").attrs["hx-target"] == "#layoff-ruleset-fields"


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"meld": "", "cards": "9S"}, "Type the meld on the table"),
        ({"meld": "5S 6S 7S 8S", "cards": ""}, "Type the card or cards to lay off"),
        ({"meld": "5S XX", "cards": "9S"}, "'XX' is not a card"),
        ({"mode": "exchange", "meld": "5S 6S JK 8S", "cards": "7S 9S"}, "type just that card"),
    ],
)
def test_layoff_bad_input_is_explained_beside_the_field(form_client, form, message):
    response = form_client.post("/layoff", data={"ruleset": "contract", **form})
    assert response.status_code == 422
    assert message in text_of(response)


# -- rules cards ----------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_every_ruleset_has_a_rules_card(client, ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    response = client.get(f"/rules/{ruleset_id}")
    assert response.status_code == 200
    text = text_of(response)
    for deal in ruleset.deals:
        assert deal.contract in text
    for fact in rules_facts(ruleset):
        assert table_reads(fact.text) in text
    for source in ruleset.sources:
        assert source in text


def test_rules_card_gives_packs_and_jokers_by_table_size(client):
    text = text_of(client.get("/rules/contract"))
    # players, packs, jokers, cards
    assert "3 2 2 106" in text and "4 2 3 107" in text and "5 2 4 108" in text


def test_game_rules_card_shows_the_games_house_rules(make_game, form_client):
    url = make_game(["Ann", "Bob", "Cat"], ruleset="combination", options=["joker-20"])
    text = text_of(form_client.get(f"{url}/rules"))
    assert "with house rules: Jokers score 20" in text
    assert "joker 20" in text
    assert "joker 15" in text_of(form_client.get("/rules/combination"))


def test_unknown_rules_card_is_404(client):
    assert client.get("/rules/nope").status_code == 404
    assert client.get("/games/12345/rules").status_code == 404


def test_compare_shows_only_what_differs(client):
    text = text_of(client.get("/rules/compare?ruleset=contract&ruleset=liverpool"))
    assert "Exact cut" in text
    assert "Aces in runs" not in text  # the same in both
    everything = text_of(client.get("/rules/compare"))
    assert "Aces in runs" in everything  # shanghai differs
    assert "High only" in everything


def test_game_page_links_to_the_rulings_and_its_rules_card(make_game, form_client):
    url = make_game(["Ann", "Bob", "Cat"])
    page = form_client.get(url).get_data(as_text=True)
    game_id = url.rstrip("/").split("/")[-1]
    for link in (f"/check?game={game_id}", f"/helper?game={game_id}", f"/layoff?game={game_id}", f"/games/{game_id}/rules"):
        assert link in page


# -- card codes shown as a player reads them (issue 19, item 8) ------------------------------------


def faces(node) -> list[tuple[str, str, str]]:
    """Each card written in ``node``: (its code, kept in data-code; the face, its text; the words read out)."""
    return [(card.attrs["data-code"], card.text, card.attrs["aria-label"]) for card in node.find_all(cls="card-face")]


def test_a_checker_ruling_draws_each_card_code_as_its_face_and_the_api_keeps_the_codes(form_client):
    """Issue 19, item 8: "5H JK JK 8H has 2 wilds", "JK stands for 7H" (elsewhere 7♥)."""
    form = {"ruleset": "shanghai", "deal": "2", "melds": "5H JK JK 8H | 9C 9D 9S", "check": "1"}
    ruling = parse(form_client.post("/check", data=form).get_data(as_text=True)).find(id="ruling")
    problem = ruling.find(cls="problems").find("li")
    assert faces(problem) == [
        ("5H", "5♥", "5 of hearts"), ("JK", "joker", "joker"), ("JK", "joker", "joker"), ("8H", "8♥", "8 of hearts"),
    ]  # fmt: skip
    assert problem.find(cls="card-face").attrs["class"] == "card-face suit-H"  # drawn red
    # the page's text is the face, as the table reads it (issue 27); the engine's sentence stays beside it
    assert problem.text == "5♥ joker joker 8♥ has 2 wilds; this game allows 1 per meld."
    assert problem.find(cls="said").attrs["data-sentence"] == "5H JK JK 8H has 2 wilds; this game allows 1 per meld."
    api = form_client.post("/api/melds/check", json={"ruleset": "shanghai", "deal": 2, "melds": [["5H", "JK", "JK", "8H"], ["9C", "9D", "9S"]]})
    assert api.get_json()["problems"] == ["5H JK JK 8H has 2 wilds; this game allows 1 per meld."]

    stood = parse(form_client.post("/check", data={"ruleset": "contract", "deal": "2", "melds": "9C 9D 9S | 5H 6H JK 8H"}).get_data(as_text=True))
    reading = stood.find(id="ruling").find(cls="readings").find_all("li")[1]
    assert faces(reading) == [("JK", "joker", "joker"), ("7H", "7♥", "7 of hearts")]


def test_a_card_code_opening_a_sentence_is_a_capital_joker_and_court_cards_are_said_in_words(form_client):
    form = {"ruleset": "shanghai", "deal": "2", "melds": "JK JK QS KS | 9C 9D 9S", "check": "1"}
    problems = parse(form_client.post("/check", data=form).get_data(as_text=True)).find(id="ruling").find(cls="problems")
    drawn = faces(problems)
    assert drawn[:2] == [("JK", "Joker", "joker"), ("JK", "joker", "joker")]
    assert ("QS", "Q♠", "queen of spades") in drawn and ("KS", "K♠", "king of spades") in drawn


def test_a_layoff_ruling_draws_its_cards(form_client):
    refused = parse(form_client.post("/layoff", data={"ruleset": "contract", "meld": "5S 6S 7S 8S", "cards": "10S"}).get_data(as_text=True))
    problem = refused.find(id="ruling").find(cls="problems").find("li")
    assert [face for _, face, _ in faces(problem)] == ["10♠", "5♠", "6♠", "7♠", "8♠", "9♠"]
    slid = parse(form_client.post("/layoff", data={"ruleset": "continental", "meld": "AS 2S 3S JK 5S", "cards": "4S", "own_run": "y"}).get_data(as_text=True))
    assert ("JK", "joker", "joker") in faces(slid.find(id="ruling"))


@pytest.mark.parametrize(("ruleset_id", "shown"), [("contract", "G3 G3"), ("shanghai", "B3 B3"), ("continental", "T3 T3"), ("parlett", "S3 S3")])
def test_contract_symbols_on_a_rules_card_are_in_the_tables_own_words(client, ruleset_id, shown):
    """Issue 19, item 8: "S3 S3 R4" on a table that says "group"."""
    card = parse(client.get(f"/rules/{ruleset_id}").get_data(as_text=True))
    parts = card.find(cls="schedule").find(cls="symbols").find_all(cls="contract-part")
    assert " ".join(part.attrs["data-face"] for part in parts) == shown
    assert " ".join(part.text for part in parts) == "S3 S3"  # the engine's symbols stay the text
    word = {"G": "group", "B": "book", "T": "trio", "S": "set"}[shown[0]]
    assert parts[0].attrs["aria-label"] == f"{word} of 3"


# -- the lay-off page's card keys (issue 19, item 8: "the lay-off page has no card picker") ----------------


def test_the_layoff_page_has_the_card_keys_and_a_choice_of_box_they_fill(form_client):
    page = parse(form_client.get("/layoff?ruleset=contract").get_data(as_text=True))
    keys = page.find(id="layoff-keys")
    assert len(keys.find_all("button", name="add")) == 53  # 52 cards and the joker
    assert keys.find("button", name="add", value="7H").attrs["formaction"] == "/layoff#layoff-keys"  # without script, back at the keys
    into = {button.attrs["value"]: button.attrs["aria-pressed"] for button in keys.find_all("button", name="switch")}
    assert into == {"meld": "true", "cards": "false"}
    assert page.find(id="layoff-cards").find("input", name="into").attrs["value"] == "meld"
    # the choice of box is a tap of its own, answered in its turn (a key tapped before it still fills the meld)
    switched = parse(form_client.post("/layoff", data={"ruleset": "contract", "into": "meld", "switch": "cards", "meld": "5S 6S 7S"}).get_data(as_text=True))
    assert switched.find(id="layoff-cards").find("input", name="into").attrs["value"] == "cards"
    assert switched.find("button", name="switch", value="cards").attrs["aria-pressed"] == "true"
    assert not switched.has(id="ruling") and not switched.has(cls="error")


def test_tapped_cards_fill_the_chosen_box_and_ask_for_no_ruling_yet(form_client):
    form = {"ruleset": "contract", "meld": "5S 6S", "cards": ""}
    tapped = form_client.post("/layoff", data={**form, "into": "meld", "add": "7S"})
    assert tapped.status_code == 200
    assert field_value(tapped, "meld") == "5S 6S 7S"
    page = parse(tapped.get_data(as_text=True))
    assert not page.has(id="ruling") and not page.has(id="cards-error")  # an empty box is fine while tapping
    assert [chip.attrs["aria-label"] for chip in page.find(id="layoff-cards").find_all("button", name="remove")] == [
        "Remove 5 of spades from the meld", "Remove 6 of spades from the meld", "Remove 7 of spades from the meld",
    ]  # fmt: skip

    laid = form_client.post("/layoff", data={**form, "meld": "5S 6S 7S 8S", "into": "cards", "add": "9S"})
    laid = form_client.post("/layoff", data={**form, "meld": "5S 6S 7S 8S", "cards": field_value(laid, "cards"), "into": "cards", "add": "10s"})
    assert (field_value(laid, "meld"), field_value(laid, "cards")) == ("5S 6S 7S 8S", "9S 10S")
    ruled = form_client.post("/layoff", data={**form, "meld": "5S 6S 7S 8S", "cards": "9S 10S"})
    assert "✓ Allowed" in text_of(ruled)

    removed = form_client.post("/layoff", data={**form, "meld": "5S 6S 7S", "remove": "meld:1"})
    assert field_value(removed, "meld") == "5S 7S"
    for forged in ("meld:9", "meld:x", "deck:0", "1" * 5000):
        assert field_value(form_client.post("/layoff", data={**form, "remove": forged}), "meld") == "5S 6S"


def test_taking_a_joker_the_card_offered_is_one_card_so_a_tap_replaces_it(form_client):
    form = {"ruleset": "contract", "mode": "exchange", "meld": "5S 6S JK 8S", "cards": "9S", "into": "cards", "add": "7S"}
    tapped = form_client.post("/layoff", data=form)
    assert field_value(tapped, "cards") == "7S"
    assert parse(tapped.get_data(as_text=True)).find(id="into-label").text == "Tap the cards into"
    assert "The card offered" in text_of(tapped)


def test_a_box_with_a_typing_mistake_takes_no_taps_and_says_why(form_client):
    tapped = form_client.post("/layoff", data={"ruleset": "contract", "meld": "5S XX", "into": "meld", "add": "7S"})
    assert tapped.status_code == 422
    assert field_value(tapped, "meld") == "5S XX"
    assert "'XX' is not a card" in parse(tapped.get_data(as_text=True)).find(id="meld-error").text
    htmx = form_client.post("/layoff", data={"ruleset": "contract", "meld": "5S XX", "add": "7S"}, headers={"HX-Request": "true"})
    assert htmx.status_code == 200  # htmx swaps only a 2xx


def test_where_jk_is_a_skip_a_ruling_draws_a_skip_and_a_colour_group_is_said_in_words():
    """Phase 10 with standard cards: kings are wild and the joker is a skip (RULES.md §8.0)."""
    from companion.card_faces import card_faces, contract_parts
    from companion.rules.phase10 import PHASE10_CARDS

    drawn = parse(str(card_faces("JK is a skip; 7H stays.", PHASE10_CARDS)))
    assert [(c.text, c.attrs["aria-label"]) for c in drawn.find_all(cls="card-face")] == [("Skip", "skip"), ("7♥", "7 of hearts")]
    colour = next(deal for deal in PHASE10_CARDS.deals if any(r.kind.value == "colour" for r in deal.requirements))
    assert any(part["words"].startswith("colour group of") for part in contract_parts(colour, "set"))
