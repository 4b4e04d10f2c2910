"""The JSON API against its contract, ``shared/API.md``, and the worked examples of RULES.md §4.

Every endpoint's answers, the card notations it accepts, the canonical form
it answers in, and every way a request can be malformed: each answers 400
with ``{"error": "<one sentence>"}`` naming what is wrong, never a 500 or an
HTML page.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from bruteforce import brute_force_best_points
from rules_examples import GO_DOWNS, SCORES

from companion import create_app
from companion.api.openapi import openapi_document
from companion.rules import RULESETS, Card, CardSyntaxError, find_ruleset, parse_cards
from companion.rules.cards import JOKER, STANDARD_PACK


class DefinitionClient:
    """A test client that sends each built-in ruleset as its ``definition`` (API.md "Round trip") instead of its id.

    Every test of this module runs once with ids and once through this client:
    a definition sent back as ``ruleset`` must give the answers the id gives.
    A body without ``ruleset`` gets Contract Rummy's definition, the default.
    """

    def __init__(self, client):
        self.client = client
        self.definitions = {
            ruleset_id: client.get(f"/api/rulesets/{ruleset_id}").get_json()["definition"] for ruleset_id in RULESETS
        }
        self.sent = 0

    def post(self, url, *args, json=None, **kwargs):
        if isinstance(json, dict) and url != "/api/rulesets/check":
            ruleset_id = json.get("ruleset", "contract")
            if isinstance(ruleset_id, str) and ruleset_id in self.definitions:
                json = {**json, "ruleset": self.definitions[ruleset_id]}
                self.sent += 1
        return self.client.post(url, *args, json=json, **kwargs)

    def __getattr__(self, name):
        return getattr(self.client, name)


@pytest.fixture(scope="module", params=["by_id", "by_definition"])
def client(request):
    """One app for the whole module: the API stores nothing, and a fresh app per test doubles the run time."""
    app = create_app({"TESTING": True, "SECRET_KEY": "api-test", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    test_client = app.test_client()
    return test_client if request.param == "by_id" else DefinitionClient(test_client)


POINT_KEYS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]
CONTRACT_HAND = ["7H", "7S", "7D", "KH", "KS", "JK", "2C"]


def cards(text: str) -> list[str]:
    return text.split()


def melds(text: str) -> list[list[str]]:
    """``"7H 7S 7D | KC KD JK"`` as a list of melds."""
    return [meld.split() for meld in text.split("|")]


def assert_json(response, status: int = 200) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    return response.get_json()


def assert_error(response, *words: str, status: int = 400) -> str:
    """A JSON error with exactly one field, a single sentence mentioning ``words``."""
    body = assert_json(response, status)
    assert list(body) == ["error"]
    message = body["error"]
    assert isinstance(message, str) and message
    assert "\n" not in message and "<" not in message
    assert message.endswith(".")
    assert not message[0].islower(), message
    for word in words:
        assert word in message, (word, message)
    return message


def check(client, body):
    return client.post("/api/melds/check", json=body)


def score(client, body):
    return client.post("/api/score", json=body)


def solve(client, body):
    return client.post("/api/solve", json=body)


# ---------------------------------------------------------------------------
# GET /api/rulesets


def test_rulesets_lists_every_ruleset_with_id_and_name(client):
    body = assert_json(client.get("/api/rulesets"))
    assert list(body) == ["rulesets"]
    assert body["rulesets"][0] == {"id": "contract", "name": "Contract Rummy"}
    assert [entry["id"] for entry in body["rulesets"]][: len(RULESETS)] == list(RULESETS)
    for entry in body["rulesets"][: len(RULESETS)]:
        assert entry["name"] == RULESETS[entry["id"]].name
    # API.md "The wider family": the list gains Phase 10 and Phase 10 with standard cards
    assert {"id": "phase10", "name": "Phase 10"} in body["rulesets"]
    assert {"id": "phase10-cards", "name": "Phase 10 (standard cards)"} in body["rulesets"]


# ---------------------------------------------------------------------------
# GET /api/rulesets/<id>


def test_contract_ruleset_without_players_leaves_out_decks_and_jokers(client):
    body = assert_json(client.get("/api/rulesets/contract"))
    assert body["id"] == "contract"
    assert body["name"] == "Contract Rummy"
    assert body["players"] == {"min": 3, "max": 5}
    assert "decks" not in body and "jokers" not in body
    assert [deal["number"] for deal in body["deals"]] == [1, 2, 3, 4, 5, 6, 7]
    assert [deal["cards_dealt"] for deal in body["deals"]] == [10, 10, 10, 12, 12, 12, 12]
    assert body["deals"][0] == {
        "number": 1,
        "contract": "Two groups of 3",
        "cards_dealt": 10,
        "requirements": [{"kind": "set", "length": 3}, {"kind": "set", "length": 3}],
        "discard_to_go_out": True,
        "meld_all": False,
    }
    assert body["deals"][1]["requirements"] == [{"kind": "set", "length": 3}, {"kind": "run", "length": 4}]
    assert body["deals"][6]["requirements"] == [{"kind": "run", "length": 4}] * 3
    assert [deal["discard_to_go_out"] for deal in body["deals"]] == [True] * 6 + [False]
    assert list(body["card_points"]) == POINT_KEYS  # in the documented order, not sorted as text
    assert body["card_points"] == {
        "A": 15, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
        "10": 10, "J": 10, "Q": 10, "K": 10, "JK": 15,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("ruleset", "players", "decks", "jokers"),
    [
        ("contract", 3, 2, 2),
        ("contract", 4, 2, 3),
        ("contract", 5, 2, 4),
        ("parlett", 4, 2, 1),
        ("parlett", 5, 3, 2),
        ("combination", 4, 2, 4),
        ("combination", 6, 3, 6),
        ("combination", 8, 4, 8),
        ("may-i", 5, 3, 6),
        ("shanghai", 3, 2, 4),
        ("continental", 2, 2, 2),
        ("progressive", 8, 2, 4),
    ],
)
def test_ruleset_for_a_table_size_gives_decks_and_jokers(client, ruleset, players, decks, jokers):
    body = assert_json(client.get(f"/api/rulesets/{ruleset}?players={players}"))
    assert (body["decks"], body["jokers"]) == (decks, jokers)
    assert body["id"] == ruleset


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_every_ruleset_has_the_documented_shape(client, ruleset_id):
    ruleset = RULESETS[ruleset_id]
    body = assert_json(client.get(f"/api/rulesets/{ruleset_id}"))
    assert {"id", "name", "players", "deals", "card_points"} <= set(body)
    assert body["players"] == {"min": ruleset.min_players, "max": ruleset.max_players}
    assert [deal["number"] for deal in body["deals"]] == list(range(1, len(ruleset.deals) + 1))
    for deal in body["deals"]:
        assert {"number", "contract", "cards_dealt", "requirements", "discard_to_go_out"} <= set(deal)
        assert isinstance(deal["contract"], str) and deal["contract"]
        assert isinstance(deal["discard_to_go_out"], bool)
        assert all(r["kind"] in {"set", "run", "pair"} and r["length"] >= 2 for r in deal["requirements"])
    assert set(body["card_points"]) == set(POINT_KEYS)
    assert all(isinstance(points, int) for points in body["card_points"].values())


def test_deal_schedules_follow_rules_md(client):
    kolsov = assert_json(client.get("/api/rulesets/shanghai-kolsov"))
    assert len(kolsov["deals"]) == 10
    assert kolsov["deals"][7]["requirements"] == [{"kind": "set", "length": 3}, {"kind": "run", "length": 10}]
    powe = assert_json(client.get("/api/rulesets/shanghai-powe"))
    assert [deal["discard_to_go_out"] for deal in powe["deals"]] == [False] * 8
    progressive = assert_json(client.get("/api/rulesets/progressive"))
    assert progressive["deals"][13]["requirements"][-1] == {"kind": "pair", "length": 2}
    continental = assert_json(client.get("/api/rulesets/continental"))
    assert [deal["cards_dealt"] for deal in continental["deals"]] == list(range(7, 14))
    assert continental["deals"][0]["contract"] == "Two trios"


@pytest.mark.parametrize("players", ["2", "6", "0", "-1", "100"])
def test_ruleset_players_outside_the_range_is_400(client, players):
    assert_error(client.get(f"/api/rulesets/contract?players={players}"), "3 to 5", players)


@pytest.mark.parametrize("players", ["four", "4.5", "", "true", "4x", "0x4", "٤"])
def test_ruleset_players_not_a_whole_number_is_400(client, players):
    assert_error(client.get("/api/rulesets/contract", query_string={"players": players}), "'players'", "whole number")


@pytest.mark.parametrize("ruleset_id", ["nope", "Contract", "contract ", "a/b", "1X"])
def test_unknown_ruleset_id_is_400(client, ruleset_id):
    message = assert_error(client.get(f"/api/rulesets/{ruleset_id}"), repr(ruleset_id))
    assert "contract" in message  # it lists the ids that exist


# ---------------------------------------------------------------------------
# POST /api/melds/check


@pytest.mark.parametrize(
    ("ruleset", "name", "deal", "laid", "remaining", "legal", "words"),
    GO_DOWNS,
    ids=[f"{example[0]}-{example[1]}" for example in GO_DOWNS],
)
def test_check_answers_the_rules_md_examples(client, ruleset, name, deal, laid, remaining, legal, words):
    body = {"ruleset": ruleset, "deal": deal, "melds": melds(laid)}
    if remaining is not None:
        body["remaining"] = cards(remaining)
    answer = assert_json(check(client, body))
    assert answer["legal"] is legal, answer["problems"]
    if legal:
        assert answer["problems"] == []
    else:
        assert answer["problems"] and all(isinstance(problem, str) and problem for problem in answer["problems"])
        for word in words:
            assert word in answer["problems"][0], (word, answer["problems"])
    assert [reading["cards"] for reading in answer["melds"]] == melds(laid)
    for reading in answer["melds"]:
        assert reading["kind"] in {"set", "run", "pair"}


def test_check_reads_the_joker_in_a_run(client):
    answer = assert_json(check(client, {"ruleset": "contract", "deal": 2, "melds": melds("9C 9D 9S | 5S 6S JK 8S")}))
    assert answer["legal"] is True
    assert answer["problems"] == []
    group, run = answer["melds"]
    assert group["kind"] == "set" and group["rank"] == "9" and group["cards"] == ["9C", "9D", "9S"]
    assert run["kind"] == "run"
    assert run["suit"] == "S"
    assert run["cards"] == ["5S", "6S", "JK", "8S"]
    assert (run["low"], run["high"]) == ("5", "8")
    assert run["wilds"] == {"2": "7S"}


def test_check_without_ruleset_uses_contract(client):
    body = {"deal": 3, "melds": melds("QH KH AH 2H | 5C 6C 7C 8C")}
    answer = assert_json(check(client, body))
    assert answer == assert_json(check(client, {"ruleset": "contract", **body}))
    assert answer["legal"] is False
    assert answer["problems"] == ["Q-K-A-2 goes round the corner: an ace is high or low, not both."]


def test_check_ace_high_run_reports_low_and_high(client):
    body = {"ruleset": "combination", "deal": 3, "melds": melds("JS QS KS AS | AC 2C 3C 4C")}
    answer = assert_json(check(client, body))
    assert answer["legal"] is True
    high, low = answer["melds"]
    assert (high["suit"], high["low"], high["high"]) == ("S", "J", "A")
    assert (low["suit"], low["low"], low["high"]) == ("C", "A", "4")


def test_check_remaining_matters_only_where_every_card_is_melded(client):
    laid = melds("AS 2S 3S 4S | 5H 6H 7H 8H | 10C JC QC KC")
    answer = assert_json(check(client, {"deal": 7, "melds": laid, "remaining": ["9D"]}))
    assert answer["legal"] is False
    assert "9D" in answer["problems"][0]
    for leftover in ({}, {"remaining": []}, {"remaining": None}):
        everything = melds("AS 2S 3S 4S | 5H 6H 7H 8H 9H | 10C JC QC KC")
        assert assert_json(check(client, {"deal": 7, "melds": everything, **leftover}))["legal"] is True
    # deal 1 is not a meld-all deal: cards left in hand are fine
    answer = assert_json(check(client, {"deal": 1, "melds": melds("7H 7S 7D | KC KD KS"), "remaining": ["2C", "JK"]}))
    assert answer["legal"] is True


def test_check_supply_depends_on_players(client):
    body = {"deal": 1, "melds": melds("7H 7S JK | KC KD JK"), "remaining": ["JK"]}
    assert assert_json(check(client, body))["legal"] is True  # the largest table: 4 jokers
    assert assert_json(check(client, {**body, "players": 5}))["legal"] is True
    answer = assert_json(check(client, {**body, "players": 3}))  # 3 players: 2 jokers
    assert answer["legal"] is False
    assert any("Three jokers" in problem for problem in answer["problems"])


def test_check_judges_impossible_quantities_instead_of_rejecting_them(client):
    answer = assert_json(check(client, {"ruleset": "contract", "deal": 1, "melds": melds("7H 7H 7H | KC KD KS")}))
    assert answer["legal"] is False
    assert "Three 7H" in answer["problems"][0]


def test_check_with_the_wrong_number_of_melds_is_judged(client):
    answer = assert_json(check(client, {"deal": 1, "melds": []}))
    assert answer == {"legal": False, "problems": [answer["problems"][0]], "melds": []}
    assert "Deal 1 needs two groups of 3" in answer["problems"][0]


def test_check_accepts_every_card_notation_and_answers_canonically(client):
    laid = [["9c", " 9♦ ", "9♤"], ["5s", "6♠", "joker", "8S"]]
    answer = assert_json(check(client, {"deal": 2, "melds": laid}))
    assert answer["legal"] is True
    assert [reading["cards"] for reading in answer["melds"]] == [["9C", "9D", "9S"], ["5S", "6S", "JK", "8S"]]
    assert answer["melds"][1]["wilds"] == {"2": "7S"}
    laid = [["th", "j♡", "*", "k♥"], ["10c", "Jc", "Q♧", "K♣"]]
    answer = assert_json(check(client, {"deal": 3, "melds": laid}))
    assert answer["legal"] is True
    assert answer["melds"][0]["cards"] == ["10H", "JH", "JK", "KH"]
    assert answer["melds"][0]["wilds"] == {"2": "QH"}
    assert answer["melds"][1]["cards"] == ["10C", "JC", "QC", "KC"]


def test_check_judges_an_empty_meld_instead_of_rejecting_it(client):
    answer = assert_json(check(client, {"deal": 1, "melds": [["7H", "7S", "7D"], []]}))
    assert answer["legal"] is False
    assert answer["problems"]
    assert all(problem.strip() == problem and problem[0].isupper() for problem in answer["problems"])
    assert [reading["cards"] for reading in answer["melds"]] == [["7H", "7S", "7D"], []]


def test_check_answer_has_the_documented_fields(client):
    answer = assert_json(check(client, {"deal": 2, "melds": melds("9C 9D 9S | 5S 6S 7H 8S")}))
    assert {"legal", "problems", "melds"} <= set(answer)
    assert answer["legal"] is False
    assert answer["problems"] == ["5S 6S 7H 8S mixes suits."]


# ---------------------------------------------------------------------------
# POST /api/score


@pytest.mark.parametrize(("ruleset", "hand", "points"), SCORES, ids=[f"{s[0]}-{s[1] or 'empty'}" for s in SCORES])
def test_score_answers_the_rules_md_examples(client, ruleset, hand, points):
    answer = assert_json(score(client, {"ruleset": ruleset, "cards": cards(hand)}))
    assert answer["points"] == points
    assert [entry["card"] for entry in answer["cards"]] == cards(hand)
    assert sum(entry["points"] for entry in answer["cards"]) == points


def test_score_lists_each_card_and_defaults_to_contract(client):
    answer = assert_json(score(client, {"cards": ["KH", "JK", "7S"]}))
    assert answer == {
        "points": 32,
        "cards": [{"card": "KH", "points": 10}, {"card": "JK", "points": 15}, {"card": "7S", "points": 7}],
    }


def test_score_of_no_cards_is_zero(client):
    assert assert_json(score(client, {"ruleset": "shanghai", "cards": []})) == {"points": 0, "cards": []}


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        ("10h", "10H"), ("10H", "10H"), ("th", "10H"), ("T♥", "10H"), ("t♡", "10H"),
        ("Q♠", "QS"), ("q♤", "QS"), ("qs", "QS"), ("a♦", "AD"), ("A♢", "AD"), ("2♣", "2C"), ("k♧", "KC"),
        ("jk", "JK"), ("JK", "JK"), ("JOKER", "JK"), ("Joker", "JK"), ("*", "JK"), ("  9d  ", "9D"),
    ],
)  # fmt: skip
def test_score_accepts_every_notation_and_answers_canonically(client, token, canonical):
    answer = assert_json(score(client, {"cards": [token]}))
    assert answer["cards"][0]["card"] == canonical
    assert answer["points"] == find_ruleset("contract").card_points(Card.parse(canonical))


def test_a_wild_deuce_is_still_written_as_a_deuce(client):
    answer = assert_json(score(client, {"ruleset": "progressive", "cards": ["2c", "AS", "10d"]}))
    assert answer == {
        "points": 40,
        "cards": [{"card": "2C", "points": 20}, {"card": "AS", "points": 15}, {"card": "10D", "points": 5}],
    }


# ---------------------------------------------------------------------------
# POST /api/solve


CANONICAL = re.compile(r"(?:10|[2-9AJQK])[SHDC]|JK")


def assert_a_legal_answer(client, ruleset, deal, hand, answer, players=None):
    """What API.md promises of a solution: legal melds from the hand, and the rest of it."""
    assert answer["can_meet_contract"] is True
    melded = [card for meld in answer["melds"] for card in meld]
    canonical_hand = [str(card) for card in parse_cards(hand)]
    assert all(CANONICAL.fullmatch(card) for card in melded + answer["remaining"])
    assert not Counter(melded) - Counter(canonical_hand)  # only cards of the hand, each at most as often
    assert Counter(melded) + Counter(answer["remaining"]) == Counter(canonical_hand)  # remaining is the rest
    body = {"ruleset": ruleset, "deal": deal, "melds": answer["melds"], "remaining": answer["remaining"]}
    if players is not None:
        body["players"] = players
    ruling = assert_json(check(client, body))
    assert ruling["legal"] is True, ruling["problems"]
    points = assert_json(score(client, {"ruleset": ruleset, "cards": answer["remaining"]}))["points"]
    if "points" in answer:
        assert answer["points"] == points
    return points


def test_solve_the_api_md_example(client):
    answer = assert_json(solve(client, {"ruleset": "contract", "deal": 1, "hand": CONTRACT_HAND}))
    assert {"can_meet_contract", "melds", "remaining"} <= set(answer)
    assert assert_a_legal_answer(client, "contract", 1, CONTRACT_HAND, answer) == 2
    assert answer["remaining"] == ["2C"]


def test_solve_without_ruleset_uses_contract(client):
    body = {"deal": 1, "hand": CONTRACT_HAND}
    assert assert_json(solve(client, body)) == assert_json(solve(client, {"ruleset": "contract", **body}))


def test_solve_unsolvable_hand_answers_null_melds_and_remaining(client):
    answer = assert_json(solve(client, {"ruleset": "contract", "deal": 3, "hand": CONTRACT_HAND}))
    assert answer["can_meet_contract"] is False
    assert "melds" in answer and answer["melds"] is None
    assert "remaining" in answer and answer["remaining"] is None


def test_solve_empty_hand_cannot_meet_the_contract(client):
    answer = assert_json(solve(client, {"deal": 1, "hand": []}))
    assert (answer["can_meet_contract"], answer["melds"], answer["remaining"]) == (False, None, None)


def test_solve_prefers_the_fewest_penalty_points(client):
    hand = cards("7H 7S 7D KH KS KD 2C 2D 2S AH AS JK")
    answer = assert_json(solve(client, {"deal": 1, "hand": hand}))
    points = assert_a_legal_answer(client, "contract", 1, hand, answer)
    assert points == brute_force_best_points(find_ruleset("contract"), 1, parse_cards(hand))


def test_solve_a_meld_all_deal_uses_every_card(client):
    hand = cards("AS 2S 3S 4S 5H 6H 7H 8H 9H 10C JC QC KC")
    answer = assert_json(solve(client, {"deal": 7, "hand": hand}))
    assert_a_legal_answer(client, "contract", 7, hand, answer)
    assert answer["remaining"] == []
    hand_with_spare = hand[:8] + ["9D"] + hand[9:]
    answer = assert_json(solve(client, {"deal": 7, "hand": hand_with_spare}))
    assert answer["can_meet_contract"] is False


def test_solve_accepts_every_notation_and_answers_canonically(client):
    hand = ["7h", "7♠", "7♢", "kh", "K♤", "joker", "2c", "th"]
    answer = assert_json(solve(client, {"deal": 1, "hand": hand}))
    assert_a_legal_answer(client, "contract", 1, hand, answer)
    assert sorted(answer["remaining"]) == ["10H", "2C"]


def test_solve_supply_depends_on_players(client):
    hand = cards("7H 7S JK KC KD JK JK")
    assert assert_json(solve(client, {"deal": 1, "hand": hand}))["can_meet_contract"] is True
    assert assert_json(solve(client, {"deal": 1, "hand": hand, "players": 3}))["can_meet_contract"] is False


def _random_hands(seed: int):
    """A few hands per ruleset and deal, drawn from the ruleset's largest supply."""
    rng = random.Random(seed)
    for ruleset in RULESETS.values():
        table = ruleset.table()
        deck = [str(card) for card in STANDARD_PACK] * table.packs + [str(JOKER)] * table.jokers
        for deal in ruleset.deals:
            yield ruleset.id, deal.number, rng.sample(deck, min(len(deck), deal.cards_dealt + 2))


def test_solve_answers_are_legal_and_as_good_as_brute_force_on_small_hands(client):
    solved = 0
    for ruleset, deal, hand in _random_hands(seed=7):
        answer = assert_json(solve(client, {"ruleset": ruleset, "deal": deal, "hand": hand}))
        if answer["can_meet_contract"]:
            solved += 1
            assert_a_legal_answer(client, ruleset, deal, hand, answer)
        else:
            assert answer["melds"] is None and answer["remaining"] is None
    assert solved  # the sample is not all unsolvable
    # the preference for the fewest points, against brute force on hands small enough for it
    rng = random.Random(11)
    contract = find_ruleset("contract")
    deck = [str(card) for card in STANDARD_PACK] * 2 + ["JK"] * 4
    for _ in range(12):
        hand = rng.sample(deck, 9)
        answer = assert_json(solve(client, {"deal": 1, "hand": hand}))
        expected = brute_force_best_points(contract, 1, parse_cards(hand))
        if expected is None:
            assert answer["can_meet_contract"] is False
        else:
            assert assert_a_legal_answer(client, "contract", 1, hand, answer) == expected


# ---------------------------------------------------------------------------
# Malformed requests: 400 with one sentence, never a 500 or HTML

POSTS = ["/api/melds/check", "/api/score", "/api/solve"]
GOOD = {
    "/api/melds/check": {"ruleset": "contract", "deal": 1, "melds": melds("7H 7S 7D | KC KD JK")},
    "/api/score": {"ruleset": "contract", "cards": ["KH", "JK", "7S"]},
    "/api/solve": {"ruleset": "contract", "deal": 1, "hand": CONTRACT_HAND},
}


@pytest.mark.parametrize("url", POSTS)
def test_the_good_bodies_are_good(client, url):
    assert_json(client.post(url, json=GOOD[url]))


@pytest.mark.parametrize(
    ("url", "changes", "words"),
    [
        ("/api/score", {"cards": ["KH", "1X"]}, ["'1X'", "not a card", "'cards'"]),
        ("/api/score", {"cards": ["A C"]}, ["'A C'", "not a card"]),
        ("/api/score", {"cards": ["11H"]}, ["'11H'"]),
        ("/api/score", {"cards": [""]}, ["''", "not a card"]),
        ("/api/score", {"cards": ["JKR"]}, ["'JKR'"]),
        ("/api/solve", {"hand": ["7H", "1X"]}, ["'1X'", "'hand'"]),
        ("/api/melds/check", {"melds": [["7H", "7S", "7D"], ["KC", "1X", "JK"]]}, ["'1X'", "meld 2"]),
        ("/api/melds/check", {"remaining": ["1X"]}, ["'1X'", "'remaining'"]),
    ],
)
def test_an_unknown_card_is_400_naming_it(client, url, changes, words):
    message = assert_error(client.post(url, json={**GOOD[url], **changes}), *words)
    assert message.endswith("or a joker (JK).") and not message.endswith("..")  # one full stop, the engine's


@pytest.mark.parametrize("url", POSTS)
@pytest.mark.parametrize("ruleset", ["nope", "", "CONTRACT"])
def test_an_unknown_ruleset_is_400_naming_it(client, url, ruleset):
    message = assert_error(client.post(url, json={**GOOD[url], "ruleset": ruleset}), repr(ruleset))
    assert "contract, liverpool" in message


@pytest.mark.parametrize("url", ["/api/melds/check", "/api/solve"])
@pytest.mark.parametrize(("ruleset", "deal", "words"), [
    ("contract", 0, "1 to 7"), ("contract", 8, "1 to 7"), ("contract", -1, "1 to 7"),
    ("progressive", 16, "1 to 15"), ("shanghai-powe", 9, "1 to 8"), ("contract", 10**30, "1 to 7"),
])  # fmt: skip
def test_a_deal_outside_the_ruleset_is_400(client, url, ruleset, deal, words):
    assert_error(client.post(url, json={**GOOD[url], "ruleset": ruleset, "deal": deal}), words, str(deal))


@pytest.mark.parametrize("url", ["/api/melds/check", "/api/solve"])
@pytest.mark.parametrize(("ruleset", "players", "words"), [
    ("contract", 2, "3 to 5"), ("contract", 6, "3 to 5"), ("contract", 0, "3 to 5"), ("contract", -1, "3 to 5"),
    ("parlett", 9, "3 to 8"), ("continental", 1, "2 to 8"),
])  # fmt: skip
def test_players_outside_the_ruleset_is_400(client, url, ruleset, players, words):
    assert_error(client.post(url, json={**GOOD[url], "ruleset": ruleset, "players": players}), words, str(players))


WRONG_TYPES = [
    ("/api/melds/check", {"deal": "2"}, ["'deal'", "whole number", '"2"']),
    ("/api/melds/check", {"deal": 3.5}, ["'deal'", "whole number", "3.5"]),
    ("/api/melds/check", {"deal": 1.0}, ["'deal'", "whole number"]),
    ("/api/melds/check", {"deal": True}, ["'deal'", "whole number", "true"]),
    ("/api/melds/check", {"deal": None}, ["'deal'", "null"]),
    ("/api/melds/check", {"deal": [1]}, ["'deal'"]),
    ("/api/melds/check", {"melds": "7H 7S 7D"}, ["'melds'", "list of melds"]),
    ("/api/melds/check", {"melds": {"a": ["7H"]}}, ["'melds'", "list of melds"]),
    ("/api/melds/check", {"melds": None}, ["'melds'"]),
    ("/api/melds/check", {"melds": ["7H", "7S", "7D"]}, ["Meld 1", "list of cards", '"7H"']),
    ("/api/melds/check", {"melds": [["7H", "7S", "7D"], "KC KD JK"]}, ["Meld 2", "list of cards"]),
    ("/api/melds/check", {"melds": [["7H", 7, "7D"]]}, ["Meld 1", "item 2", "7"]),
    ("/api/melds/check", {"melds": [["7H", None, "7D"]]}, ["Meld 1", "item 2", "null"]),
    ("/api/melds/check", {"remaining": "KD"}, ["'remaining'", "list of cards", '"KD"']),
    ("/api/melds/check", {"remaining": 5}, ["'remaining'", "list of cards"]),
    ("/api/melds/check", {"remaining": {"KD": 1}}, ["'remaining'", "list of cards"]),
    ("/api/melds/check", {"remaining": [["KD"]]}, ["'remaining'", "item 1"]),
    ("/api/melds/check", {"players": "4"}, ["'players'", "whole number", '"4"']),
    ("/api/melds/check", {"players": 4.5}, ["'players'", "whole number"]),
    ("/api/melds/check", {"players": True}, ["'players'", "whole number"]),
    ("/api/melds/check", {"ruleset": 1}, ["'ruleset'", "ruleset id"]),
    ("/api/melds/check", {"ruleset": None}, ["'ruleset'", "null"]),
    ("/api/melds/check", {"ruleset": ["contract"]}, ["'ruleset'"]),
    ("/api/score", {"cards": "KH JK 7S"}, ["'cards'", "list of cards", '"KH JK 7S"']),
    ("/api/score", {"cards": None}, ["'cards'"]),
    ("/api/score", {"cards": {"KH": 1}}, ["'cards'", "list of cards"]),
    ("/api/score", {"cards": ["KH", 10]}, ["'cards'", "item 2", "10"]),
    ("/api/score", {"cards": [["KH"]]}, ["'cards'", "item 1"]),
    ("/api/score", {"ruleset": {"id": "contract"}}, ["'ruleset'"]),
    ("/api/solve", {"deal": "1"}, ["'deal'", "whole number"]),
    ("/api/solve", {"deal": 3.5}, ["'deal'", "whole number", "3.5"]),
    ("/api/solve", {"deal": False}, ["'deal'", "whole number", "false"]),
    ("/api/solve", {"hand": "7H 7S 7D"}, ["'hand'", "list of cards"]),
    ("/api/solve", {"hand": None}, ["'hand'"]),
    ("/api/solve", {"hand": [7]}, ["'hand'", "item 1"]),
    ("/api/solve", {"players": "four"}, ["'players'", "whole number", '"four"']),
    ("/api/solve", {"players": [4]}, ["'players'", "whole number"]),
]


@pytest.mark.parametrize(
    ("url", "changes", "words"),
    WRONG_TYPES,
    ids=[f"{url}-{next(iter(changes))}-{i}" for i, (url, changes, _) in enumerate(WRONG_TYPES)],
)
def test_a_field_of_the_wrong_type_is_400_naming_it(client, url, changes, words):
    assert_error(client.post(url, json={**GOOD[url], **changes}), *words)


@pytest.mark.parametrize(
    ("url", "field"),
    [
        ("/api/melds/check", "deal"),
        ("/api/melds/check", "melds"),
        ("/api/score", "cards"),
        ("/api/solve", "deal"),
        ("/api/solve", "hand"),
    ],
)
def test_a_missing_field_is_400_naming_it(client, url, field):
    body = {key: value for key, value in GOOD[url].items() if key != field}
    assert_error(client.post(url, json=body), f"'{field}'", "missing")


@pytest.mark.parametrize(
    ("url", "field"), [("/api/melds/check", "remaining"), ("/api/melds/check", "players"), ("/api/solve", "players")]
)
def test_optional_fields_may_be_null(client, url, field):
    with_null = assert_json(client.post(url, json={**GOOD[url], field: None}))
    assert with_null == assert_json(client.post(url, json=GOOD[url]))


@pytest.mark.parametrize("url", POSTS)
@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("not json", ["not valid JSON"]),
        ("{", ["not valid JSON"]),
        ("{'deal': 1}", ["not valid JSON"]),
        ('{"deal": 1,}', ["not valid JSON"]),
        ("", ["empty"]),
        ("[" * 100_000, ["not valid JSON"]),
        (b"\xff\xfe\x00", ["not valid JSON"]),
    ],
    ids=["text", "open-brace", "single-quotes", "trailing-comma", "empty", "deep-nesting", "bad-bytes"],
)
def test_a_body_that_is_not_json_is_400(client, url, data, words):
    assert_error(client.post(url, data=data, content_type="application/json"), *words)


@pytest.mark.parametrize("url", POSTS)
@pytest.mark.parametrize(
    ("data", "kind"),
    [
        ("[]", "a list"),
        ('[{"deal": 1}]', "a list"),
        ("3", "a number"),
        ("2.5", "a number"),
        ("null", "null"),
        ('"x"', "a string"),
        ("true", "true or false"),
    ],
)
def test_a_json_body_that_is_not_an_object_is_400(client, url, data, kind):
    assert_error(client.post(url, data=data, content_type="application/json"), "JSON object", kind)


@pytest.mark.parametrize("url", POSTS)
@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "text/html", None])
def test_the_wrong_content_type_is_400(client, url, content_type):
    response = client.post(url, data=json.dumps(GOOD[url]), content_type=content_type)
    assert_error(response, "Content-Type: application/json")


@pytest.mark.parametrize("url", POSTS)
def test_a_form_post_is_400(client, url):
    assert_error(client.post(url, data={"deal": "1", "cards": "KH"}), "Content-Type: application/json")


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("GET", "/api/nope"),
        ("POST", "/api/nope"),
        ("GET", "/api"),
        ("GET", "/api/"),
        ("GET", "/api/rulesets/"),
        ("GET", "/api/melds"),
        ("POST", "/api/melds/check/now"),
        ("GET", "/api/openapi.yaml"),
    ],
)
def test_an_unknown_api_path_is_a_json_404(client, method, url):
    assert_error(client.open(url, method=method), url, status=404)


@pytest.mark.parametrize(
    ("method", "url", "allowed"),
    [
        ("GET", "/api/melds/check", "POST"),
        ("GET", "/api/score", "POST"),
        ("GET", "/api/solve", "POST"),
        ("PUT", "/api/score", "POST"),
        ("DELETE", "/api/solve", "POST"),
        ("POST", "/api/rulesets", "GET"),
        ("DELETE", "/api/rulesets/contract", "GET"),
        ("PATCH", "/api/rulesets/contract", "GET"),
        ("POST", "/api/openapi.json", "GET"),
    ],
)
def test_a_wrong_method_is_a_json_405(client, method, url, allowed):
    response = client.open(url, method=method, json={})
    message = assert_error(response, method, allowed, status=405)
    assert url in message
    assert allowed in response.headers["Allow"]


def test_pages_outside_the_api_keep_their_own_404(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert response.mimetype != "application/json"


# ---------------------------------------------------------------------------
# GET /api/openapi.json


def test_openapi_describes_every_endpoint(client):
    document = assert_json(client.get("/api/openapi.json"))
    assert document["openapi"].startswith("3.")
    assert {"title", "version"} <= set(document["info"])
    operations = {(path, method) for path, item in document["paths"].items() for method in item}
    assert operations == {
        ("/api/rulesets", "get"),
        ("/api/rulesets/{ruleset_id}", "get"),
        ("/api/rulesets/check", "post"),
        ("/api/melds/check", "post"),
        ("/api/score", "post"),
        ("/api/solve", "post"),
        ("/api/openapi.json", "get"),
    }
    for path, method in operations - {("/api/rulesets", "get"), ("/api/openapi.json", "get")}:
        error = document["paths"][path][method]["responses"]["400"]["content"]["application/json"]["schema"]
        assert error["required"] == ["error"]


def test_openapi_request_bodies_match_api_md(client):
    paths = assert_json(client.get("/api/openapi.json"))["paths"]

    def body(path):
        return paths[path]["post"]["requestBody"]["content"]["application/json"]["schema"]

    # API.md "The wider family": "phase" is "deal"'s synonym in a per-player ruleset, so one of them is needed
    assert body("/api/melds/check")["required"] == ["melds"]
    assert body("/api/melds/check")["anyOf"] == [{"required": ["deal"]}, {"required": ["phase"]}]
    assert set(body("/api/melds/check")["properties"]) == {"ruleset", "options", "deal", "phase", "melds", "remaining", "players"}
    assert body("/api/score")["required"] == ["cards"]
    assert set(body("/api/solve")["properties"]) == {"ruleset", "options", "deal", "phase", "hand", "players"}
    assert body("/api/solve")["required"] == ["hand"]
    assert body("/api/solve")["anyOf"] == [{"required": ["deal"]}, {"required": ["phase"]}]
    for path in ("/api/melds/check", "/api/score", "/api/solve"):
        ruleset_id, ruleset_object = body(path)["properties"]["ruleset"]["oneOf"]
        assert ruleset_id["enum"][: len(RULESETS)] == list(RULESETS) and ruleset_id["default"] == "contract"
        assert {"phase10", "phase10-cards"} <= set(ruleset_id["enum"])
        assert ruleset_object["type"] == "object" and "deals" in ruleset_object["properties"]
    parameters = {p["name"]: p for p in paths["/api/rulesets/{ruleset_id}"]["get"]["parameters"]}
    assert parameters["players"]["in"] == "query" and parameters["players"]["required"] is False


def test_openapi_solve_answer_allows_null_melds_and_remaining(client):
    paths = assert_json(client.get("/api/openapi.json"))["paths"]
    answer = paths["/api/solve"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer["required"] == ["can_meet_contract", "melds", "remaining"]
    assert answer["properties"]["melds"]["nullable"] is True
    assert answer["properties"]["remaining"]["nullable"] is True


ACCEPTED = ["10h", "10H", "th", "T♥", "Q♠", "q♤", "a♢", "K♧", "2c", "jk", "JK", "JOKER", "joker", "*", " 9d "]
REJECTED = ["1X", "1H", "11H", "10", "H", "A C", "♤", "JKR", "**", "10HH", "", " ", "1OH", "AX"]


@pytest.mark.parametrize("token", ACCEPTED + REJECTED)
def test_the_documented_card_pattern_agrees_with_the_parser(client, token):
    paths = assert_json(client.get("/api/openapi.json"))["paths"]
    schema = paths["/api/score"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    pattern = schema["properties"]["cards"]["items"]["pattern"]
    try:
        Card.parse(token)
        parsed = True
    except CardSyntaxError:
        parsed = False
    assert parsed is (token in ACCEPTED)
    assert bool(re.search(pattern, token)) is parsed


def test_the_documented_canonical_card_pattern_matches_every_card(client):
    paths = assert_json(client.get("/api/openapi.json"))["paths"]
    answer = paths["/api/score"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    pattern = answer["properties"]["cards"]["items"]["properties"]["card"]["pattern"]
    for card in (*STANDARD_PACK, JOKER):
        assert re.search(pattern, str(card))
        assert CANONICAL.fullmatch(str(card))
    for token in ["10h", "TH", "Q♠", "JOKER", "*", " 9D", "1X"]:
        assert not re.search(pattern, token)


def test_the_openapi_document_is_a_fresh_copy(client):
    first = assert_json(client.get("/api/openapi.json"))
    openapi_document()["paths"]["/api/score"]["post"]["requestBody"]["content"].clear()
    assert assert_json(client.get("/api/openapi.json")) == first


def test_an_unexpected_error_still_answers_json(monkeypatch):
    """A bug in the engine must not show the HTML error page (outside tests, which see the traceback)."""
    import companion.api.routes as routes

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(routes, "score_hand", broken)
    app = create_app({"SECRET_KEY": "api-test", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    assert_error(app.test_client().post("/api/score", json={"cards": ["KH"]}), "went wrong", status=500)
    app.testing = True
    with pytest.raises(RuntimeError, match="a bug"):
        app.test_client().post("/api/score", json={"cards": ["KH"]})
