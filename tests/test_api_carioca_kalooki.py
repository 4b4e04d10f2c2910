"""Carioca and Kalooki in the JSON API (API.md "The wider family"), its examples taken literally.

Every expected answer is written from API.md and RULES.md §8.3, §8.4 and
§8.7 by hand; the only answers compared with the code's own are those of a
ruleset's ``definition`` sent back as ``ruleset``, whose sameness is the
round trip API.md promises ("so the round trip holds for the new built-ins
too").
"""

from __future__ import annotations

import random

import pytest

from companion import create_app
from companion.rules.published import PUBLISHED_RULESETS

FACE = {str(n): n for n in range(2, 11)}
CARIOCA_POINTS = {"A": 20, **FACE, "J": 10, "Q": 10, "K": 10, "JK": 30}
KALOOKI_POINTS = {"A_red": 1, "A_black": 15, **FACE, "J": 10, "Q": 10, "K": 10, "JK": 50}
CARIOCA_OPTIONS = [  # API.md "House options (the new built-ins offer)", then RULES.md §8.7.11's
    {"key": "joker-50", "label": "Jokers score 50"},
    {"key": "red-twos-wild", "label": "Red twos are wild"},
    {"key": "eleven-cards", "label": "Deal 11 cards (12 in rounds 7 and 8)"},
    {"key": "escala-sucia", "label": "Escala sucia round"},
    {"key": "escala-color", "label": "Escala de color round"},
    {"key": "escala-payaso", "label": "Escala payaso round"},
    {"key": "escala-real", "label": "Escala real round"},
    {"key": "escala-real-comodines", "label": "Escala real round with jokers (never side by side)"},
]
KALOOKI_OPTIONS = [{"key": "full-suit", "label": "A full suit may stand for three fours"}]
HEARTS = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]


@pytest.fixture(scope="module")
def client():
    app = create_app({"TESTING": True, "SECRET_KEY": "api-carioca-kalooki", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    return app.test_client()


def ok(response) -> dict:
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def refused(response) -> str:
    assert response.status_code == 400, response.get_data(as_text=True)
    body = response.get_json()
    assert list(body) == ["error"]
    return body["error"]


def check(client, **body):
    return client.post("/api/melds/check", json=body)


# -- GET /api/rulesets and /api/rulesets/<id> -----------------------------------------


def test_the_list_gains_carioca_and_kalooki(client):
    listed = ok(client.get("/api/rulesets"))["rulesets"]
    assert {"id": "carioca", "name": "Carioca (Chile)"} in listed
    assert {"id": "kalooki", "name": "Kalooki (Jamaica)"} in listed


def test_carioca_as_api_md_tables_it(client):
    body = ok(client.get("/api/rulesets/carioca"))
    assert body["players"] == {"min": 2, "max": 5}
    assert (body["deck"], body["progression"]) == ("standard", "fixed")
    assert [deal["cards_dealt"] for deal in body["deals"]] == [12] * 8
    assert body["card_points"] == CARIOCA_POINTS
    assert (body["wilds"], body["skips"], body["options"]) == (["JK"], [], CARIOCA_OPTIONS)
    assert "decks" not in body and "jokers" not in body
    # RULES.md §8.3: the eight rounds, trios and escalas, words naming their length
    assert [deal["contract"] for deal in body["deals"]][:3] == ["Two trios", "One trio and one escala", "Two escalas"]
    assert body["deals"][1]["requirements"] == [{"kind": "set", "length": 3}, {"kind": "run", "length": 4}]
    assert all("max_wilds" not in deal and "alternatives" not in deal for deal in body["deals"])


def test_kalooki_as_api_md_tables_it(client):
    body = ok(client.get("/api/rulesets/kalooki"))
    assert body["players"] == {"min": 3, "max": 8}
    assert [deal["cards_dealt"] for deal in body["deals"]] == [9, 10, 11, 12, 12, 13, 14, 15, 16]
    assert body["card_points"] == KALOOKI_POINTS
    assert (body["wilds"], body["skips"], body["options"]) == (["JK"], [], KALOOKI_OPTIONS)
    assert body["deals"][2]["contract"] == "Two fours and one three"


@pytest.mark.parametrize(
    ("ruleset_id", "players", "decks", "jokers"),
    [("carioca", 2, 2, 4), ("carioca", 5, 2, 4), ("kalooki", 3, 2, 4), ("kalooki", 4, 2, 4), ("kalooki", 5, 3, 8),
     ("kalooki", 6, 3, 8), ("kalooki", 7, 4, 10), ("kalooki", 8, 4, 10)],
)  # fmt: skip
def test_decks_and_jokers_by_players(client, ruleset_id, players, decks, jokers):
    body = ok(client.get(f"/api/rulesets/{ruleset_id}?players={players}"))
    assert (body["decks"], body["jokers"]) == (decks, jokers)


@pytest.mark.parametrize(("ruleset_id", "players"), [("carioca", 6), ("carioca", 1), ("kalooki", 2), ("kalooki", 9)])
def test_players_outside_the_range_is_400(client, ruleset_id, players):
    assert refused(client.get(f"/api/rulesets/{ruleset_id}?players={players}"))


FULL_SUIT_DEAL_4 = {
    "number": 4,
    "contract": "Three fours (or one four of the whole suit)",  # RULES.md §8.7.5
    "cards_dealt": 12,
    "requirements": [{"kind": "run", "length": 4}] * 3,
    "discard_to_go_out": True,
    "meld_all": False,
    "alternatives": [[{"kind": "run", "length": 13}]],
}


def test_kalooki_full_suit_by_query_and_by_check(client):
    """API.md: deal 4 "alternatives": [[{"kind": "run", "length": 13}]], asked either way of Settled points."""
    by_query = ok(client.get("/api/rulesets/kalooki?options=full-suit"))
    by_check = ok(client.post("/api/rulesets/check", json={"ruleset": {"base": "kalooki"}, "options": ["full-suit"]}))
    for body in (by_query, by_check):
        assert body["deals"][3] == FULL_SUIT_DEAL_4
        assert body["deals"][7]["alternatives"] == [[{"kind": "set", "length": 3}, {"kind": "run", "length": 13}]]
        assert "alternatives" not in body["deals"][0]


def test_red_twos_wild_lists_the_red_twos(client):
    assert ok(client.get("/api/rulesets/carioca?options=red-twos-wild"))["wilds"] == ["JK", "2H", "2D"]


def test_carioca_escalas_follow_deal_8_in_their_own_order(client):
    """API.md: ["escala-real", "escala-sucia"] makes deal 9 the sucia and deal 10 the real."""
    for asked in ("escala-real,escala-sucia", "escala-sucia,escala-real"):
        deals = ok(client.get(f"/api/rulesets/carioca?options={asked}"))["deals"]
        assert len(deals) == 10
        sucia, real = deals[8], deals[9]
        assert sucia == {
            "number": 9,
            "contract": "Escala sucia: A to K, any suits, at most 1 joker (every card, no discard)",
            "cards_dealt": 12,
            "requirements": [{"kind": "ladder", "length": 13, "rule": "any_suit"}],
            "discard_to_go_out": False,
            "meld_all": True,
            "max_wilds": 1,
        }
        assert (real["number"], real["requirements"], real["max_wilds"]) == (
            10, [{"kind": "ladder", "length": 13, "rule": "same_suit"}], 0)


def test_an_escala_deal_only_with_its_option(client):
    melds = [HEARTS]
    assert refused(check(client, ruleset="carioca", deal=9, melds=melds)) == "Carioca has deals 1 to 8, not 9."
    assert ok(check(client, ruleset="carioca", options=["escala-real"], deal=9, melds=melds))["legal"] is True


def test_an_option_listed_twice_counts_once(client):
    assert len(ok(client.get("/api/rulesets/carioca?options=escala-real,escala-real"))["deals"]) == 9


def test_an_unknown_option_is_400(client):
    assert "Kalooki (Jamaica) has no house option" in refused(client.get("/api/rulesets/kalooki?options=joker-50"))


# -- POST /api/melds/check: the readings ------------------------------------------------


def test_a_ladder_reading_with_its_rule_and_suit(client):
    answer = ok(check(client, ruleset="carioca", options=["escala-real"], deal=9, melds=[HEARTS]))
    assert answer == {"legal": True, "problems": [], "melds": [
        {"kind": "ladder", "rule": "same_suit", "cards": HEARTS, "suit": "H", "wilds": {}}]}  # fmt: skip


def test_a_ladder_reading_with_its_colour(client):
    red = ["AH", "2D", "3H", "4D", "5H", "6D", "7H", "8D", "9H", "10D", "JH", "QD", "KH"]
    reading = ok(check(client, ruleset="carioca", options=["escala-color"], deal=9, melds=[red]))["melds"][0]
    assert reading == {"kind": "ladder", "rule": "same_colour", "cards": red, "colour": "red", "wilds": {}}


def test_a_ladder_wild_stands_for_its_rank_alone(client):
    """API.md: a wild's stand-in in a ladder is its rank alone ({"6": "7"}), the suit of a missing rank being open."""
    sucia = ["AS", "2H", "3D", "4C", "5S", "6H", "JK", "8H", "9C", "10D", "JS", "QH", "KC"]
    answer = ok(check(client, ruleset="carioca", options=["escala-sucia"], deal=9, melds=[sucia]))
    assert answer["legal"] is True
    assert answer["melds"][0] == {"kind": "ladder", "rule": "any_suit", "cards": sucia, "wilds": {"6": "7"}}


def test_a_run_round_the_corner_reads_in_run_order(client):
    """API.md: with aces around, low is the first card in run order and high the last: Q .. 2."""
    answer = ok(check(client, ruleset="carioca", deal=2, melds=[["QS", "KS", "AS", "2S"], ["7H", "7D", "7C"]]))
    assert answer["legal"] is True
    assert answer["melds"][0] == {"kind": "run", "cards": ["QS", "KS", "AS", "2S"], "suit": "S", "low": "Q", "high": "2", "wilds": {}}


def test_a_red_two_read_as_itself_is_not_in_wilds(client):
    """RULES.md §8.7.6: of the legal readings, the fewest red twos wild; a red two read as natural is not in wilds."""
    answer = ok(check(client, ruleset="carioca", options=["red-twos-wild"], deal=3,
                      melds=[["AH", "2H", "3H", "4H"], ["5D", "6D", "2H", "8D"]]))  # fmt: skip
    assert answer["legal"] is True
    assert answer["melds"][0] == {"kind": "run", "cards": ["AH", "2H", "3H", "4H"], "suit": "H", "low": "A", "high": "4", "wilds": {}}
    assert answer["melds"][1]["wilds"] == {"2": "7D"}  # the other 2H can only be wild here


# -- POST /api/score ---------------------------------------------------------------------


def test_score_kaloo_ki_split_ace(client):
    """API.md: {"ruleset": "kalooki", "cards": ["AS","AH"]} → 16."""
    answer = ok(client.post("/api/score", json={"ruleset": "kalooki", "cards": ["AS", "AH"]}))
    assert answer == {"points": 16, "cards": [{"card": "AS", "points": 15}, {"card": "AH", "points": 1}]}


def test_score_carioca_red_twos_left_in_hand(client):
    """RULES.md §8.3: a red two left in hand scores 2 (points read literally); an ace 20, a joker 30."""
    body = {"ruleset": "carioca", "options": ["red-twos-wild"], "cards": ["2H", "2D", "AS", "JK"]}
    assert ok(client.post("/api/score", json=body))["points"] == 2 + 2 + 20 + 30


def test_kalooki_aces_11_scores_every_ace_11(client):
    """API.md: {"base": "kalooki", "card_points": {"A": 11}} scores every ace 11, and the table shows A."""
    ruleset = {"base": "kalooki", "name": "X", "card_points": {"A": 11}}
    assert ok(client.post("/api/score", json={"ruleset": ruleset, "cards": ["AS", "AH"]}))["points"] == 22
    points = ok(client.post("/api/rulesets/check", json={"ruleset": ruleset}))["card_points"]
    assert points["A"] == 11 and "A_red" not in points and "A_black" not in points


def test_equal_colours_of_ace_show_as_a(client):
    """API.md: with A_red and A_black equal, the table shows A; otherwise the two keys and no A."""
    equal = {"base": "contract", "name": "X", "card_points": {"A_red": 9, "A_black": 9}}
    assert ok(client.post("/api/rulesets/check", json={"ruleset": equal}))["card_points"]["A"] == 9
    split = {"base": "contract", "name": "X", "card_points": {"A_red": 1}}
    points = ok(client.post("/api/rulesets/check", json={"ruleset": split}))["card_points"]
    assert (points["A_red"], points["A_black"], "A" in points) == (1, 15, False)


# -- ruleset objects: the fields added, and their 400s ----------------------------------------------


LADDER = {"kind": "ladder", "length": 13, "rule": "same_suit"}


def _ladder_deal(**changes) -> dict:
    return {"cards_dealt": 12, "requirements": [LADDER], "meld_all": True, "going_out": "no_discard", **changes}


@pytest.mark.parametrize(
    ("obj", "sentence"),
    [
        ({"base": "carioca", "name": "X", "deals": [_ladder_deal(requirements=[{**LADDER, "length": 12}])]},
         "deal 1: a ladder is 13 cards long, not 12."),
        ({"base": "carioca", "name": "X", "deals": [_ladder_deal(requirements=[{"kind": "ladder", "length": 13}])]},
         'deal 1: a ladder needs a rule: "any_suit", "same_colour", "alternating_colour" or "same_suit".'),
        ({"base": "kalooki", "name": "X", "run_wild_min_gap": 0},
         "run_wild_min_gap must be a whole number from 1 to 12, or null, not 0."),
        ({"base": "kalooki", "name": "X", "card_points": {"A": 11, "A_red": 1}},
         "card_points: give A, or A_red and A_black, not both."),
        ({"base": "carioca", "name": "X", "deals": [{"cards_dealt": 12, "requirements": [{"kind": "set", "length": 3}]}] * 8
          + [_ladder_deal(meld_all=False, going_out="discard")]},
         'deal 9: a ladder deal is dealt 12 and goes down with all 13 cards: meld_all true, going_out "no_discard".'),
        ({"base": "carioca", "name": "X", "deals": [{"cards_dealt": 12, "requirements": [{"kind": "set", "length": 3}]}] * 8
          + [_ladder_deal(cards_dealt=13)]},
         'deal 9: a ladder deal is dealt 12 and goes down with all 13 cards: meld_all true, going_out "no_discard".'),
        ({"base": "carioca", "name": "X", "deals": [{"cards_dealt": 12, "requirements": [{"kind": "run", "length": 4}]}] * 2
          + [{"cards_dealt": 14, "requirements": [{"kind": "run", "length": 14}]}]},
         "deal 3: a run on this deck is at most 13 cards, not 14."),
        ({"base": "carioca", "name": "X", "wilds": "K", "skips": "JK", "aces": "low_only", "deals": [_ladder_deal()]},
         "a ladder needs wilds JK, JK+2 or JK+2red."),
        ({"base": "contract", "name": "X", "aces": "sideways"},
         'aces is "low_or_high", "high_only", "low_only" or "around", not "sideways".'),
        ({"base": "kalooki", "name": "X", "deals": [{"cards_dealt": 12, "requirements": [{"kind": "run", "length": 4, "rule": "same_suit"}]}]},
         "deal 1: only a ladder has a rule, not a run."),
        ({"base": "kalooki", "name": "X", "max_wilds_per_contract": -1},
         "max_wilds_per_contract must be a whole number 0 or more, or null, not -1."),
        ({"base": "kalooki", "name": "X", "min_naturals_set": 9}, "min_naturals_set is a whole number from 0 to 8, not 9."),
        ({"base": "kalooki", "name": "X", "direction": "widdershins"},
         'direction is "clockwise" or "counterclockwise", not "widdershins".'),
        ({"base": "kalooki", "name": "X", "buys": {"permission": "dealer"}},
         'buys.permission is "none" or "current_player", not "dealer".'),
        ({"base": "carioca", "name": "X", "deals": [{"cards_dealt": 12, "requirements": [{"kind": "set", "length": 3}], "max_wilds": -1}]},
         "deal 1: max_wilds must be a whole number 0 or more, or null, not -1."),
    ],
)  # fmt: skip
def test_a_bad_ruleset_object_gets_its_sentence(client, obj, sentence):
    assert refused(client.post("/api/rulesets/check", json={"ruleset": obj})) == f"In 'ruleset', {sentence}"
    assert refused(client.post("/api/score", json={"ruleset": obj, "cards": []})) == f"In 'ruleset', {sentence}"


def test_kalooki_definition_writes_its_fields(client):
    """API.md "Custom rulesets: fields added": every field written in definition, at Kalooki's values (RULES.md §8.4)."""
    definition = ok(client.get("/api/rulesets/kalooki"))["definition"]
    assert {name: definition[name] for name in (
        "aces", "wilds", "min_naturals_set", "min_naturals_run", "max_wilds_per_contract", "run_wilds_adjacent",
        "run_wild_min_gap", "reclaim", "set_word", "run_word", "lay_off", "same_suit_runs", "repeat_rank", "exact",
    )} == {
        "aces": "low_or_high", "wilds": "JK", "min_naturals_set": 2, "min_naturals_run": 1,
        "max_wilds_per_contract": None, "run_wilds_adjacent": False, "run_wild_min_gap": None, "reclaim": "tack",
        "set_word": "three", "run_word": "four", "lay_off": "same_turn", "same_suit_runs": "one_per_suit",
        "repeat_rank": False, "exact": False,
    }  # fmt: skip
    assert definition["card_points"] == KALOOKI_POINTS
    assert definition["buys"]["permission"] == "current_player" and definition["buys"]["only_before_down"] is True


def test_carioca_definition_writes_its_fields(client):
    definition = ok(client.get("/api/rulesets/carioca?options=red-twos-wild,escala-sucia"))["definition"]
    assert {name: definition[name] for name in (
        "aces", "wilds", "max_wilds", "max_wilds_per_contract", "run_wilds_adjacent", "run_wild_min_gap", "reclaim",
        "set_word", "run_word", "direction", "wild_discard", "discard_draw", "tiebreak",
    )} == {
        "aces": "around", "wilds": "JK+2red", "max_wilds": 1, "max_wilds_per_contract": 2, "run_wilds_adjacent": False,
        "run_wild_min_gap": 4, "reclaim": "never", "set_word": "trio", "run_word": "escala",
        "direction": "counterclockwise", "wild_discard": "forbidden", "discard_draw": "not_after_down",
        "tiebreak": "most_deals_won",
    }  # fmt: skip
    assert definition["deals"][8] == {**_ladder_deal(requirements=[{**LADDER, "rule": "any_suit"}]), "max_wilds": 1}
    assert definition["card_points"] == CARIOCA_POINTS


# -- the round trip: every built-in's definition answers as its id ----------------------------------


def _deck(ruleset) -> list[str]:
    """Every card of the largest table, in the ruleset's notation."""
    if ruleset.deck.value == "phase10":
        return [f"{n}{c}" for n in range(1, 13) for c in "RBGY"] * 2 + ["W"] * 8 + ["SKIP"] * 4
    pack = [f"{rank}{suit}" for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K") for suit in "SHDC"]
    return pack * ruleset.packs() + ["JK"] * ruleset.jokers()


def _same_answers(client, url: str, body: dict, definition: dict) -> dict:
    """The answers for the id (with its options) and for its definition (which carries the options' changes,
    so it is sent without them): the same, whole."""
    by_id = client.post(url, json=body)
    own = {key: value for key, value in body.items() if key != "options"}
    by_definition = client.post(url, json={**own, "ruleset": definition})
    assert by_id.status_code == by_definition.status_code, (url, body)
    assert by_id.get_json() == by_definition.get_json(), (url, body)
    return by_id.get_json()


def _described(answer: dict) -> dict:
    return {key: value for key, value in answer.items() if key != "id"}


ROUND_TRIPS = [(ruleset_id, ()) for ruleset_id in PUBLISHED_RULESETS] + [
    ("carioca", ("red-twos-wild", "escala-sucia", "escala-payaso")),
    ("carioca", ("joker-50", "eleven-cards", "escala-color", "escala-real-comodines")),
    ("kalooki", ("full-suit",)),
]


@pytest.mark.parametrize(("ruleset_id", "options"), ROUND_TRIPS, ids=[f"{r}-{'+'.join(o) or 'plain'}" for r, o in ROUND_TRIPS])
def test_every_built_in_definition_answers_as_its_id(client, ruleset_id, options):
    """API.md: sent back as ruleset, the definition answers the same for describe, check, score and solve."""
    query = f"?options={','.join(options)}" if options else ""
    described = ok(client.get(f"/api/rulesets/{ruleset_id}{query}"))
    definition = described["definition"]
    assert _described(ok(client.post("/api/rulesets/check", json={"ruleset": definition}))) == _described(described)
    ruleset = PUBLISHED_RULESETS[ruleset_id].with_options(*options)
    rng = random.Random(f"{ruleset_id}{options}")
    deck = _deck(ruleset)
    base = {"ruleset": ruleset_id, "options": list(options)}
    for deal in ruleset.deals:
        hand = rng.sample(deck, deal.cards_dealt + 1)
        solved = _same_answers(client, "/api/solve", {**base, "deal": deal.number, "hand": hand}, definition)
        melds = solved["melds"] or [hand[:3], hand[3:7]]
        _same_answers(client, "/api/melds/check", {**base, "deal": deal.number, "melds": melds}, definition)
        _same_answers(client, "/api/score", {**base, "cards": hand}, definition)


# -- POST /api/solve ---------------------------------------------------------------------------------


def test_a_hand_of_12_cannot_meet_a_13_card_ladder(client):
    """API.md: in a ladder deal (meld_all) the whole hand must go down, so a hand of 12 cannot meet a 13-card ladder."""
    body = {"ruleset": "carioca", "options": ["escala-real"], "deal": 9, "hand": HEARTS[:12]}
    assert ok(client.post("/api/solve", json=body)) == {"can_meet_contract": False, "melds": None, "remaining": None}



def test_a_hand_of_13_meets_the_escala_real(client):
    body = {"ruleset": "carioca", "options": ["escala-real"], "deal": 9, "hand": HEARTS}
    answer = ok(client.post("/api/solve", json=body))
    assert answer["can_meet_contract"] is True and sorted(answer["melds"][0]) == sorted(HEARTS)
    assert (answer["remaining"], answer["points"]) == ([], 0)


def test_solve_a_carioca_deal_round_the_corner(client):
    """RULES.md §8.3: Q-K-A-2 is an escala round the corner; a trío is exactly 3 going down."""
    hand = ["QS", "KS", "AS", "2S", "7H", "7D", "7C", "9D", "3C", "5H", "8S"]
    answer = ok(client.post("/api/solve", json={"ruleset": "carioca", "deal": 2, "hand": hand}))
    assert answer["can_meet_contract"] is True
    assert sorted(map(sorted, answer["melds"])) == sorted(map(sorted, [["QS", "KS", "AS", "2S"], ["7H", "7D", "7C"]]))
    assert answer["points"] == 9 + 3 + 5 + 8
