"""House options and ruleset objects in the JSON API (API.md "House options" and "Custom rulesets").

Every example's expected answer is written by hand from RULES.md; the only
answers compared with the code's own are those of a built-in ruleset's id
and of its ``definition``, whose equality is the property API.md promises.
"""

from __future__ import annotations

import random

import pytest
from rules_examples import GO_DOWNS, SCORES
from test_definition import BAD, CONTRACT_BY_HAND

from companion import create_app
from companion.rules import RULESETS
from companion.rules.cards import JOKER, STANDARD_PACK


@pytest.fixture(scope="module")
def client():
    app = create_app({"TESTING": True, "SECRET_KEY": "api-rulesets", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    return app.test_client()


@pytest.fixture(scope="module")
def definitions(client):
    return {ruleset_id: client.get(f"/api/rulesets/{ruleset_id}").get_json()["definition"] for ruleset_id in RULESETS}


def ok(response) -> dict:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    return response.get_json()


def error(response, *words: str) -> str:
    assert response.status_code == 400, response.get_data(as_text=True)
    body = response.get_json()
    assert list(body) == ["error"]
    sentence = body["error"]
    assert not sentence[0].islower() and sentence.endswith("."), sentence
    assert "\n" not in sentence
    for word in words:
        assert word in sentence, (word, sentence)
    for python in ("Traceback", "NoneType", "object of type", "Error", "__"):
        assert python not in sentence, sentence
    return sentence


def melds(text: str) -> list[list[str]]:
    return [meld.split() for meld in text.split("|")]


# -- house options -------------------------------------------------------------

OFFERED = {  # RULES.md §3: the house options each ruleset offers
    "contract": ["joker-20", "deuces-wild", "no-jokers"],
    "liverpool": ["joker-20", "deuces-wild", "no-jokers"],
    "parlett": ["deuces-wild", "no-jokers"],
    "combination": ["joker-20", "no-jokers"],
    "may-i": ["no-jokers"],
    "shanghai": ["no-jokers"],
    "shanghai-powe": ["no-jokers"],
    "shanghai-kolsov": ["no-jokers"],
    "continental": ["no-jokers"],
    "progressive": ["no-jokers"],
}
LABELS = {"joker-20": "Jokers score 20", "deuces-wild": "Deuces wild (a wild two scores as a joker)", "no-jokers": "No jokers"}


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_a_ruleset_lists_the_house_options_it_offers(client, ruleset_id):
    body = ok(client.get(f"/api/rulesets/{ruleset_id}"))
    assert body["options"] == [{"key": key, "label": LABELS[key]} for key in OFFERED[ruleset_id]]


def test_joker_20_scores_a_joker_20(client):
    assert ok(client.post("/api/score", json={"cards": ["JK", "KH"]}))["points"] == 25
    assert ok(client.post("/api/score", json={"cards": ["JK", "KH"], "options": ["joker-20"]}))["points"] == 30


def test_deuces_wild_makes_a_two_wild_and_worth_15(client):
    body = {"ruleset": "contract", "deal": 1, "melds": melds("7H 7S 2C | KC KD KS")}
    assert ok(client.post("/api/melds/check", json=body))["legal"] is False
    assert ok(client.post("/api/melds/check", json={**body, "options": ["deuces-wild"]}))["legal"] is True
    assert ok(client.post("/api/score", json={"cards": ["2C"], "options": ["deuces-wild"]}))["points"] == 15
    hand = ["7H", "7S", "2C", "KC", "KD", "2D", "9S"]
    assert ok(client.post("/api/solve", json={"deal": 1, "hand": hand}))["can_meet_contract"] is False
    answer = ok(client.post("/api/solve", json={"deal": 1, "hand": hand, "options": ["deuces-wild"]}))
    assert answer["can_meet_contract"] is True
    assert answer["remaining"] == ["9S"]


def test_no_jokers_takes_the_jokers_out_of_the_supply(client):
    body = {"ruleset": "may-i", "deal": 1, "melds": melds("7H 7S JK | KC KD KS")}
    assert ok(client.post("/api/melds/check", json=body))["legal"] is True
    ruling = ok(client.post("/api/melds/check", json={**body, "options": ["no-jokers"]}))
    assert ruling["legal"] is False
    assert "joker" in ruling["problems"][0].lower()
    described = ok(client.post("/api/rulesets/check", json={"ruleset": "may-i", "players": 4, "options": ["no-jokers"]}))
    assert (described["decks"], described["jokers"]) == (2, 0)


def test_options_may_be_empty_or_null(client):
    assert ok(client.post("/api/score", json={"cards": ["JK"], "options": []}))["points"] == 15
    assert ok(client.post("/api/score", json={"cards": ["JK"], "options": None}))["points"] == 15


@pytest.mark.parametrize(
    ("url", "body"),
    [
        ("/api/score", {"cards": []}),
        ("/api/melds/check", {"deal": 1, "melds": []}),
        ("/api/solve", {"deal": 1, "hand": []}),
        ("/api/rulesets/check", {}),
    ],
)
def test_an_option_the_ruleset_does_not_offer_is_400_naming_it(client, url, body):
    error(client.post(url, json={**body, "ruleset": "shanghai", "options": ["joker-20"]}), '"joker-20"', "no-jokers")
    error(client.post(url, json={**body, "ruleset": "shanghai", "options": ["Jokers\n<b>"]}), "Jokers")
    error(client.post(url, json={**body, "options": "joker-20"}), "'options'", "list")
    error(client.post(url, json={**body, "options": [20]}), "20")


# -- GET /api/rulesets/<id>: the definition --------------------------------------


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_every_ruleset_carries_its_complete_definition_without_base(client, ruleset_id):
    body = ok(client.get(f"/api/rulesets/{ruleset_id}"))
    definition = body["definition"]
    assert "base" not in definition
    for field in ("name", "players", "table", "wilds", "deals", "exact", "aces", "max_wilds", "repeat_rank",
                  "dup_suits", "same_suit_runs", "card_points", "buys", "exact_cut_bonus", "one_turn_out_bonus"):  # fmt: skip
        assert field in definition, field
    assert definition["name"] == body["name"]
    assert definition["players"] == body["players"]
    assert definition["card_points"] == body["card_points"]
    assert [d["cards_dealt"] for d in definition["deals"]] == [d["cards_dealt"] for d in body["deals"]]


def test_contract_definition_is_contract_by_hand(client):
    assert ok(client.get("/api/rulesets/contract"))["definition"] | {"shanghai_call": False} == {
        **CONTRACT_BY_HAND,
        "deals": [{"going_out": "no_discard" if d.get("meld_all") else "discard", "meld_all": False, **d}
                  for d in CONTRACT_BY_HAND["deals"]],
        "buy_word": "May I",
        "shanghai_call": False,
        "settlement": None,
        "table_max_wilds": False,  # RULES.md §6.2: only Shanghai's wild limit holds on the table
        # API.md "The wider family": every added field is written, at the value that keeps Contract Rummy as it is
        "deck": "standard", "skips": "none", "run_suit": "same", "set_min_length": 3, "progression": "fixed",
        "game_end": "last_deal", "winner": "lowest_total", "tiebreak": "none",
    }  # fmt: skip


# -- round trip: the definition answers exactly as the id --------------------------


def _pairs(client, definitions, url, body):
    """The answers for the id and for its definition: they must be the same, whole."""
    by_id = client.post(url, json=body)
    by_definition = client.post(url, json={**body, "ruleset": definitions[body.get("ruleset", "contract")]})
    assert by_id.status_code == by_definition.status_code
    assert by_id.get_json() == by_definition.get_json()
    return by_id


@pytest.mark.parametrize(
    ("ruleset_id", "deal", "laid", "remaining", "legal"),
    [(r, d, m, rest, legal) for r, _, d, m, rest, legal, _ in GO_DOWNS],
    ids=[f"{r}-{name}" for r, name, *_ in GO_DOWNS],
)
def test_a_definition_judges_every_rules_md_example_as_its_id(client, definitions, ruleset_id, deal, laid, remaining, legal):
    body = {"ruleset": ruleset_id, "deal": deal, "melds": melds(laid)}
    if remaining is not None:
        body["remaining"] = remaining.split()
    answer = _pairs(client, definitions, "/api/melds/check", body).get_json()
    assert answer["legal"] is legal
    for players in range(RULESETS[ruleset_id].min_players, RULESETS[ruleset_id].max_players + 1):
        _pairs(client, definitions, "/api/melds/check", {**body, "players": players})


@pytest.mark.parametrize(("ruleset_id", "hand", "points"), SCORES, ids=[f"{r}-{h.replace(' ', '_') or 'empty'}" for r, h, _ in SCORES])
def test_a_definition_scores_every_rules_md_example_as_its_id(client, definitions, ruleset_id, hand, points):
    assert _pairs(client, definitions, "/api/score", {"ruleset": ruleset_id, "cards": hand.split()}).get_json()["points"] == points


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_a_definition_solves_random_hands_as_its_id(client, definitions, ruleset_id):
    rng = random.Random(ruleset_id)
    ruleset = RULESETS[ruleset_id]
    deck = [str(card) for card in STANDARD_PACK] * ruleset.packs() + [str(JOKER)] * ruleset.jokers()
    for deal in ruleset.deals:
        for _ in range(3):
            hand = rng.sample(deck, deal.cards_dealt + rng.randint(0, 3))
            _pairs(client, definitions, "/api/solve", {"ruleset": ruleset_id, "deal": deal.number, "hand": hand})


@pytest.mark.parametrize(
    ("ruleset_id", "deal", "laid", "remaining"),
    [(r, d, m, rest) for r, _, d, m, rest, legal, _ in GO_DOWNS if legal],
    ids=[f"{r}-{name}" for r, name, _, _, _, legal, _ in GO_DOWNS if legal],
)
def test_a_definition_solves_the_rules_md_go_downs_as_its_id(client, definitions, ruleset_id, deal, laid, remaining):
    hand = laid.replace("|", " ").split() + (remaining or "").split()
    answer = _pairs(client, definitions, "/api/solve", {"ruleset": ruleset_id, "deal": deal, "hand": hand}).get_json()
    assert answer["can_meet_contract"] is True  # RULES.md says these cards go down


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_a_definition_with_house_options_answers_as_its_id_with_them(client, definitions, ruleset_id):
    for option in OFFERED[ruleset_id]:
        body = {"ruleset": ruleset_id, "options": [option]}
        _pairs(client, definitions, "/api/score", {**body, "cards": ["JK", "2C", "AS", "KD"]})
        _pairs(client, definitions, "/api/melds/check", {**body, "deal": 1, "melds": melds("7H 7S 2C | KC KD JK")})
        _pairs(client, definitions, "/api/solve", {**body, "deal": 1, "hand": "7H 7S 2C KC KD JK 9S 9D".split()})


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_a_definition_gets_the_same_400s_as_its_id(client, definitions, ruleset_id):
    bad_deal = len(RULESETS[ruleset_id].deals) + 1
    _pairs(client, definitions, "/api/melds/check", {"ruleset": ruleset_id, "deal": bad_deal, "melds": []})
    _pairs(client, definitions, "/api/solve", {"ruleset": ruleset_id, "deal": 1, "hand": [], "players": 9})
    _pairs(client, definitions, "/api/score", {"ruleset": ruleset_id, "cards": ["1X"]})


# -- POST /api/rulesets/check ------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_checking_a_definition_describes_it_as_get_does(client, definitions, ruleset_id):
    players = RULESETS[ruleset_id].max_players
    described = ok(client.get(f"/api/rulesets/{ruleset_id}?players={players}"))
    checked = ok(client.post("/api/rulesets/check", json={"ruleset": definitions[ruleset_id], "players": players}))
    assert checked["id"] == "custom"
    assert {**checked, "id": ruleset_id} == described
    assert checked["definition"] == definitions[ruleset_id]
    without_players = ok(client.post("/api/rulesets/check", json={"ruleset": definitions[ruleset_id]}))
    assert "decks" not in without_players and "jokers" not in without_players


def test_checking_grandmas_contract_from_api_md(client):
    grandma = {
        "base": "contract",
        "name": "Grandma's Contract",
        "deals": [
            {"cards_dealt": 10, "requirements": [{"kind": "set", "length": 3}, {"kind": "set", "length": 3}]},
            {"cards_dealt": 10, "requirements": [{"kind": "set", "length": 3}, {"kind": "run", "length": 4}]},
        ],
        "max_wilds": 1,
        "card_points": {"JK": 25},
    }
    checked = ok(client.post("/api/rulesets/check", json={"ruleset": grandma, "players": 4}))
    assert checked["name"] == "Grandma's Contract"
    assert (checked["decks"], checked["jokers"]) == (2, 3)
    assert [d["contract"] for d in checked["deals"]] == ["Two groups of 3", "One group of 3 and one run of 4"]
    assert checked["card_points"]["JK"] == 25 and checked["card_points"]["A"] == 15
    assert "base" not in checked["definition"] and checked["definition"]["max_wilds"] == 1
    # and it is judged under its own rules everywhere
    ruling = ok(client.post("/api/melds/check", json={"ruleset": grandma, "deal": 2, "melds": melds("8C JK JK | 4H 5H 6H 7H")}))
    assert ruling["legal"] is False and "2 wilds" in ruling["problems"][0]
    assert ok(client.post("/api/melds/check", json={"ruleset": grandma, "deal": 2, "melds": melds("8C 8D JK | 4H 5H 6H 7H")}))["legal"]
    error(client.post("/api/melds/check", json={"ruleset": grandma, "deal": 3, "melds": []}), "deals 1 to 2")
    assert ok(client.post("/api/score", json={"ruleset": grandma, "cards": ["JK", "AS"]}))["points"] == 40
    hand = "8C 8D JK JK 4H 5H 6H 7H KS".split()
    answer = ok(client.post("/api/solve", json={"ruleset": grandma, "deal": 2, "hand": hand}))
    # one wild per meld: 8C 8D JK and 5H 6H 7H JK leave 4H KS (14), better than 4H-7H leaving JK KS (35)
    assert answer["can_meet_contract"] is True and sorted(answer["remaining"]) == ["4H", "KS"]


@pytest.mark.parametrize("limit", [15, 99, 10**30])
def test_a_wild_limit_above_the_longest_meld_is_taken_as_given_and_limits_nothing(client, limit):
    # API.md: max_wilds is any integer >= 0. Above 14 (the longest meld) no meld can reach it.
    lavish = {"base": "contract", "name": "Lavish", "max_wilds": limit}
    checked = ok(client.post("/api/rulesets/check", json={"ruleset": lavish, "players": 4}))
    assert checked["definition"]["max_wilds"] == limit
    ruling = ok(client.post("/api/melds/check", json={"ruleset": lavish, "deal": 1, "melds": melds("8C JK JK | 4H JK JK")}))
    assert ruling["legal"] is True, ruling["problems"]
    one = {**lavish, "max_wilds": 1}  # the same melds under a limit that bites
    assert ok(client.post("/api/melds/check", json={"ruleset": one, "deal": 1, "melds": melds("8C JK JK | 4H JK JK")}))["legal"] is False


def test_the_words_follow_the_ruleset(client):
    trio = {"base": "contract", "name": "Trios", "set_word": "trio"}
    ruling = ok(client.post("/api/melds/check", json={"ruleset": trio, "deal": 3, "melds": melds("5C 5D 5H | 6S 7S 8S 9S")}))
    assert "5C 5D 5H is a trio" in ruling["problems"][0], ruling["problems"]
    checked = ok(client.post("/api/rulesets/check", json={"ruleset": {**trio, "set_word": "book"}}))
    assert checked["deals"][0]["contract"] == "Two books of 3"


@pytest.mark.parametrize(("obj", "words"), [(obj, words) for _, obj, words in BAD], ids=[case for case, _, _ in BAD])
def test_a_bad_ruleset_object_is_400_with_one_sentence_naming_the_field(client, obj, words):
    for url, body in (
        ("/api/rulesets/check", {}),
        ("/api/melds/check", {"deal": 1, "melds": []}),
        ("/api/score", {"cards": []}),
        ("/api/solve", {"deal": 1, "hand": []}),
    ):
        sentence = error(client.post(url, json={**body, "ruleset": obj}))
        if isinstance(obj, dict):
            assert sentence.startswith("In 'ruleset', "), sentence
            for word in words:
                assert word in sentence, (word, sentence)


def test_the_api_md_error_example(client):
    obj = {"base": "contract", "name": "Long runs", "deals": [{"cards_dealt": 10, "requirements": [{"kind": "set", "length": 3}]}] * 2
           + [{"cards_dealt": 10, "requirements": [{"kind": "run", "length": 15}]}]}  # fmt: skip
    error(client.post("/api/rulesets/check", json={"ruleset": obj}), "deal 3: a run is 3 to 14 cards long, not 15")


@pytest.mark.parametrize(
    "value",
    [None, 5, True, 1.5, [], ["contract"], float("nan")],
    ids=["null", "number", "bool", "float", "empty_list", "list", "nan"],
)
def test_a_ruleset_that_is_neither_an_id_nor_an_object_is_400(client, value):
    error(client.post("/api/rulesets/check", json={"ruleset": value}), "'ruleset'", "id", "object")


def test_check_without_a_ruleset_checks_contract(client):
    assert ok(client.post("/api/rulesets/check", json={"players": 4})) == ok(client.get("/api/rulesets/contract?players=4"))


def test_check_players_outside_the_range_is_400(client, definitions):
    error(client.post("/api/rulesets/check", json={"ruleset": definitions["contract"], "players": 6}), "3 to 5")
    error(client.post("/api/rulesets/check", json={"ruleset": definitions["contract"], "players": "4"}), "'players'")


def test_a_house_option_that_leaves_too_few_cards_for_a_custom_deal_is_400(client):
    # 14 cards each for 8 players is 112: two packs and 8 jokers hold exactly that, two packs alone 104
    obj = {"base": "continental", "name": "Big hands", "deals": [{"cards_dealt": 14, "requirements": [{"kind": "set", "length": 3}]}],
           "table": [{"players": [2, 8], "decks": 2, "jokers": 8}]}  # fmt: skip
    assert ok(client.post("/api/rulesets/check", json={"ruleset": obj}))["deals"][0]["cards_dealt"] == 14
    error(client.post("/api/rulesets/check", json={"ruleset": obj, "options": ["no-jokers"]}), "'options'", "deal 1", "112 cards")


def test_deeply_nested_junk_is_400(client):
    raw = '{"ruleset": {"base": "contract", "name": "x", "deals": ' + "[" * 5000 + "]" * 5000 + "}}"
    response = client.post("/api/rulesets/check", data=raw, content_type="application/json")
    assert response.status_code == 400


def test_a_huge_body_of_deals_is_400_quickly(client):
    obj = {"base": "contract", "name": "x", "deals": [{"cards_dealt": 10, "requirements": [{"kind": "set", "length": 3}]}] * 5000}
    error(client.post("/api/rulesets/check", json={"ruleset": obj}), "deals", "1 to 20", "5000")


def test_openapi_describes_every_field_of_a_ruleset_object(client):
    from companion.rules.definition import DEFINITION_FIELDS

    paths = ok(client.get("/api/openapi.json"))["paths"]
    check = paths["/api/rulesets/check"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    ruleset_object = check["properties"]["ruleset"]["oneOf"][1]
    assert set(ruleset_object["properties"]) == {"base", *DEFINITION_FIELDS}
    assert ruleset_object["additionalProperties"] is False
    assert "options" in paths["/api/score"]["post"]["requestBody"]["content"]["application/json"]["schema"]["properties"]
