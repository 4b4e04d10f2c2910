"""Phase 10 in the JSON API (API.md "The wider family"), its examples taken literally.

Every expected answer is written from API.md and RULES.md §8 by hand; the
only answers compared with the code's own are a ruleset's id and its
``definition``, whose sameness is the round trip API.md promises.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import create_app
from companion.rules import RULESETS

PHASE10_IDS = ("phase10", "phase10-cards")
OPTIONS = [  # API.md "House options (the new built-ins offer)"
    {"key": "all-wild-groups", "label": "Groups may be all wilds"},
    {"key": "hit-next-turn", "label": "Hit from the turn after your phase"},
    {"key": "masters", "label": "Masters: choose your phase before each hand"},
]
PHASE10_POINTS = {**{str(n): 5 for n in range(1, 10)}, "10": 10, "11": 10, "12": 10, "W": 25, "SKIP": 15}
CARDS_POINTS = {"A": 5, **{str(n): 5 for n in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 25, "JK": 15}
PHASE10_REFUSAL = "7H is a standard card; Phase 10 cards are a number 1 to 12 and a colour R, B, G or Y (7R), W or SKIP."


def standard_refusal(card: str) -> str:
    return f"{card} is a Phase 10 card; this ruleset uses standard cards such as 7H, 10S or JK."


@pytest.fixture(scope="module")
def client():
    app = create_app({"TESTING": True, "SECRET_KEY": "api-phase10", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    return app.test_client()


def ok(response) -> dict:
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def refused(response) -> str:
    assert response.status_code == 400, response.get_data(as_text=True)
    body = response.get_json()
    assert list(body) == ["error"]
    sentence = body["error"]
    assert sentence.endswith(".") and "\n" not in sentence and "Traceback" not in sentence, sentence
    return sentence


def check(client, **body):
    return client.post("/api/melds/check", json=body)


# -- GET /api/rulesets and /api/rulesets/<id> -----------------------------------------


def test_the_list_gains_phase10_and_phase10_cards(client):
    listed = ok(client.get("/api/rulesets"))["rulesets"]
    assert {"id": "phase10", "name": "Phase 10"} in listed
    assert {"id": "phase10-cards", "name": "Phase 10 (standard cards)"} in listed


def test_phase10_for_four_players_as_api_md_shows_it(client):
    body = ok(client.get("/api/rulesets/phase10?players=4"))
    assert (body["id"], body["name"], body["players"]) == ("phase10", "Phase 10", {"min": 2, "max": 6})
    assert (body["deck"], body["progression"], body["decks"], body["jokers"]) == ("phase10", "per_player", 1, 0)
    assert body["deals"][7] == {
        "number": 8, "contract": "Seven cards of one colour", "cards_dealt": 10,
        "requirements": [{"kind": "colour", "length": 7}], "discard_to_go_out": True, "meld_all": False,
    }  # fmt: skip
    assert body["deals"][8] == {
        "number": 9, "contract": "One set of 5 and one set of 2", "cards_dealt": 10,
        "requirements": [{"kind": "set", "length": 5}, {"kind": "set", "length": 2}],
        "discard_to_go_out": True, "meld_all": False,
    }  # fmt: skip
    assert body["deals"][0]["contract"] == "Two sets of 3"
    assert body["phases"] == body["deals"]
    assert body["card_points"] == PHASE10_POINTS
    assert (body["wilds"], body["skips"], body["options"]) == (["W"], ["SKIP"], OPTIONS)
    assert "base" not in body["definition"]


def test_phase10_cards_for_four_players(client):
    body = ok(client.get("/api/rulesets/phase10-cards?players=4"))
    assert (body["deck"], body["progression"], body["decks"], body["jokers"]) == ("standard", "per_player", 2, 4)
    assert body["card_points"] == CARDS_POINTS
    assert (body["wilds"], body["skips"], body["options"]) == (["K"], ["JK"], OPTIONS)
    assert body["deals"][7]["requirements"] == [{"kind": "colour", "length": 7}]
    assert body["phases"] == body["deals"]


@pytest.mark.parametrize("ruleset_id", PHASE10_IDS)
def test_the_new_built_ins_without_players(client, ruleset_id):
    """API.md's table: 2-6 players, 10 deals of 10 cards; no decks or jokers without players."""
    body = ok(client.get(f"/api/rulesets/{ruleset_id}"))
    assert body["players"] == {"min": 2, "max": 6}
    assert [deal["cards_dealt"] for deal in body["deals"]] == [10] * 10
    assert [deal["number"] for deal in body["deals"]] == list(range(1, 11))
    assert "decks" not in body and "jokers" not in body


@pytest.mark.parametrize("ruleset_id", PHASE10_IDS)
def test_players_outside_the_range_is_400(client, ruleset_id):
    assert "2 to 6 players, not 7" in refused(client.get(f"/api/rulesets/{ruleset_id}?players=7"))


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_the_ten_rulesets_are_fixed_on_the_standard_deck_without_skips(client, ruleset_id):
    body = ok(client.get(f"/api/rulesets/{ruleset_id}"))
    assert (body["deck"], body["progression"], body["skips"]) == ("standard", "fixed", [])
    assert "phases" not in body
    assert body["wilds"] in (["JK"], ["JK", "2"])


def test_options_in_the_query_describe_the_ruleset_with_them(client):
    """API.md "Settled points": ?options= takes comma-separated keys; one listed twice counts once."""
    assert ok(client.get("/api/rulesets/phase10?options=masters"))["progression"] == "per_player_choice"
    assert ok(client.get("/api/rulesets/phase10?options=masters,masters"))["progression"] == "per_player_choice"
    assert ok(client.get("/api/rulesets/contract?options=joker-20"))["card_points"]["JK"] == 20
    assert '"nope"' in refused(client.get("/api/rulesets/phase10?options=nope"))


# -- deal or phase --------------------------------------------------------------------


def test_the_api_md_check_by_phase(client):
    body = ok(check(client, ruleset="phase10", phase=8, melds=[["2B", "4B", "5B", "8B", "8B", "12B", "W"]]))
    assert body["legal"] is True and body["problems"] == []
    assert body["melds"] == [{"kind": "colour", "colour": "B", "cards": ["2B", "4B", "5B", "8B", "8B", "12B", "W"], "wilds": {}}]


def test_deal_and_phase_name_the_same_thing(client):
    melds = [["2B", "4B", "5B", "8B", "8B", "12B", "W"]]
    by_deal = ok(check(client, ruleset="phase10", deal=8, melds=melds))
    assert ok(check(client, ruleset="phase10", deal=8, phase=8, melds=melds)) == by_deal
    assert ok(check(client, ruleset="phase10", phase=8, melds=melds)) == by_deal


def test_deal_and_phase_that_differ_is_400(client):
    sentence = refused(check(client, ruleset="phase10", deal=4, phase=5, melds=[["1R", "2B", "3G"]]))
    assert sentence == "'deal' is 4 and 'phase' is 5: send one of them."


@pytest.mark.parametrize("field", ["deal", "phase"])
def test_a_phase_outside_1_to_10_is_400(client, field):
    assert refused(check(client, ruleset="phase10", melds=[["1R"]], **{field: 11})) == "Phase 10 has phases 1 to 10, not 11."


def test_neither_deal_nor_phase_is_the_usual_missing_deal(client):
    assert "'deal' is missing" in refused(check(client, ruleset="phase10", melds=[["1R"]]))


def test_a_fixed_ruleset_does_not_read_phase(client):
    melds = [["7H", "7S", "7D"], ["KC", "KD", "JK"]]
    assert ok(check(client, ruleset="contract", deal=1, phase=5, melds=melds))["legal"] is True
    assert "'deal' is missing" in refused(check(client, ruleset="contract", phase=1, melds=melds))


@pytest.mark.parametrize(
    ("ruleset_id", "hand", "can"),
    [
        ("phase10", ["7R", "7B", "7G", "8R", "8B", "8G", "1R", "2R", "3R", "4R"], True),
        ("phase10", ["7R", "7B", "8G", "9R", "10B", "11G", "1R", "3R", "5R", "SKIP"], False),
        ("phase10-cards", ["7H", "7S", "KC", "8H", "8S", "8D", "AH", "2S", "3D", "JK"], True),
    ],
)
def test_solve_takes_phase_and_keeps_its_shape(client, ruleset_id, hand, can):
    """API.md: "deal" or "phase" as for the check; when it can, the melds are a legal go-down from the hand."""
    body = ok(client.post("/api/solve", json={"ruleset": ruleset_id, "phase": 1, "hand": hand}))
    assert body["can_meet_contract"] is can
    if not can:
        assert body["melds"] is None and body["remaining"] is None
        return
    assert sorted([*(card for meld in body["melds"] for card in meld), *body["remaining"]]) == sorted(hand)
    assert ok(check(client, ruleset=ruleset_id, phase=1, melds=body["melds"], remaining=body["remaining"]))["legal"] is True
    assert ok(client.post("/api/solve", json={"ruleset": ruleset_id, "deal": 1, "phase": 1, "hand": hand})) == body


def test_solve_with_deal_and_phase_that_differ_is_400(client):
    hand = ["7R", "7B", "7G", "8R", "8B", "8G", "1R", "2R", "3R", "4R"]
    assert refused(client.post("/api/solve", json={"ruleset": "phase10", "deal": 2, "phase": 3, "hand": hand})) == (
        "'deal' is 2 and 'phase' is 3: send one of them."
    )


# -- notation -------------------------------------------------------------------------


def test_score_the_api_md_phase10_hand(client):
    body = ok(client.post("/api/score", json={"ruleset": "phase10", "cards": ["1R", "9B", "10G", "12Y", "SKIP", "W"]}))
    assert body == {
        "points": 70,
        "cards": [
            {"card": "1R", "points": 5}, {"card": "9B", "points": 5}, {"card": "10G", "points": 10},
            {"card": "12Y", "points": 10}, {"card": "SKIP", "points": 15}, {"card": "W", "points": 25},
        ],
    }  # fmt: skip


def test_phase10_cards_are_written_canonically(client):
    body = ok(client.post("/api/score", json={"ruleset": "phase10", "cards": ["12g", " 1y ", "wild", "sk", "skip"]}))
    assert [card["card"] for card in body["cards"]] == ["12G", "1Y", "W", "SKIP", "SKIP"]


def test_a_standard_card_in_phase10_is_400(client):
    sentence = refused(client.post("/api/score", json={"ruleset": "phase10", "cards": ["7H"]}))
    assert sentence == f"In 'cards', {PHASE10_REFUSAL}"


@pytest.mark.parametrize("ruleset_id", ["contract", "phase10-cards"])
@pytest.mark.parametrize("token", ["7R", "W", "SKIP"])
def test_a_phase10_card_in_a_standard_ruleset_is_400(client, ruleset_id, token):
    sentence = refused(client.post("/api/score", json={"ruleset": ruleset_id, "cards": [token]}))
    assert sentence == f"In 'cards', {standard_refusal(token)}"


@pytest.mark.parametrize(
    ("ruleset_id", "field", "body", "card"),
    [
        ("phase10", "melds", {"deal": 1, "melds": [["7R", "7B", "7G"], ["1R", "1B", "7H"]]}, "7H"),
        ("phase10", "remaining", {"deal": 1, "melds": [["7R", "7B", "7G"]], "remaining": ["7H"]}, "7H"),
        ("contract", "melds", {"deal": 1, "melds": [["7H", "7S", "7R"]]}, "7R"),
        ("contract", "remaining", {"deal": 1, "melds": [["7H", "7S", "7D"]], "remaining": ["W"]}, "W"),
        ("phase10-cards", "melds", {"deal": 1, "melds": [["7H", "7S", "SKIP"]]}, "SKIP"),
    ],
)
def test_the_sentence_names_the_field_that_held_the_card(client, ruleset_id, field, body, card):
    sentence = refused(check(client, ruleset=ruleset_id, **body))
    expected = PHASE10_REFUSAL if ruleset_id == "phase10" else standard_refusal(card)
    assert sentence == f"In '{field}', {expected}"


def test_a_standard_card_in_a_phase10_hand_to_solve_is_400(client):
    sentence = refused(client.post("/api/solve", json={"ruleset": "phase10", "deal": 1, "hand": ["7H"]}))
    assert sentence == f"In 'hand', {PHASE10_REFUSAL}"


@pytest.mark.parametrize("ruleset_id", ["phase10", "contract", "phase10-cards"])
@pytest.mark.parametrize("token", ["13R", "0B", "7X", "W7", "07R"])
def test_not_a_card_in_either_notation_is_the_usual_400(client, ruleset_id, token):
    sentence = refused(client.post("/api/score", json={"ruleset": ruleset_id, "cards": [token]}))
    assert sentence.startswith(f"In 'cards', '{token}' is not a card: ")


# -- readings -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset_id", "meld"),
    [
        ("phase10", ["3R", "4B", "W", "6G", "7Y", "8R", "9B"]),
        ("phase10-cards", ["3H", "4S", "KC", "6D", "7H", "8H", "9C"]),
    ],
)
def test_a_free_suit_run_has_no_suit_and_its_wild_stands_for_a_number(client, ruleset_id, meld):
    """API.md: a run whose suits are free has no "suit"; a wild's stand-in is its number or rank alone ({"2": "5"})."""
    body = ok(check(client, ruleset=ruleset_id, phase=4, melds=[meld]))
    assert body["legal"] is True
    assert body["melds"] == [{"kind": "run", "cards": meld, "low": "3", "high": "9", "wilds": {"2": "5"}}]


def test_phase10_cards_reads_a_colour_group_as_a_suit(client):
    meld = ["2C", "5C", "9C", "JC", "QC", "AC", "KD"]
    body = ok(check(client, ruleset="phase10-cards", phase=8, melds=[meld]))
    assert body["legal"] is True
    assert body["melds"] == [{"kind": "colour", "colour": "C", "cards": meld, "wilds": {}}]


def test_runs_on_the_phase10_deck_are_numbered(client):
    body = ok(check(client, ruleset="phase10", phase=6, melds=[["4R", "5B", "6G", "7Y", "8R", "9B", "10G", "11Y", "12R"]]))
    assert (body["melds"][0]["low"], body["melds"][0]["high"]) == ("4", "12")


# -- the round trip -------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", PHASE10_IDS)
def test_the_definition_answers_as_its_id(client, ruleset_id):
    definition = ok(client.get(f"/api/rulesets/{ruleset_id}"))["definition"]
    described = ok(client.post("/api/rulesets/check", json={"ruleset": definition, "players": 3}))
    by_id = ok(client.get(f"/api/rulesets/{ruleset_id}?players=3"))
    assert {**described, "id": ruleset_id} == by_id
    hands = {
        "phase10": (["7R", "7B", "W"], ["1R", "2B", "3G", "4Y"], ["9B", "SKIP", "W", "1R"]),
        "phase10-cards": (["7H", "7S", "KC"], ["AH", "2S", "3D", "4C"], ["9S", "JK", "KD", "AH"]),
    }[ruleset_id]
    for options in (None, ["all-wild-groups"], ["hit-next-turn"], ["masters"]):
        extra = {} if options is None else {"options": options}
        for phase in (1, 2, 8):
            body = {"phase": phase, "melds": [hands[0], hands[1]] if phase == 2 else [hands[0], hands[0]], **extra}
            assert check(client, ruleset=definition, **body).get_json() == check(client, ruleset=ruleset_id, **body).get_json()
        score = {"cards": hands[2], **extra}
        assert (
            client.post("/api/score", json={"ruleset": definition, **score}).get_json()
            == client.post("/api/score", json={"ruleset": ruleset_id, **score}).get_json()
        )


# -- ruleset objects: the fields added (API.md "400 examples" and "Settled points") ---------------------------

S3 = {"kind": "set", "length": 3}


@pytest.mark.parametrize(
    ("obj", "sentence"),
    [
        ({"base": "contract", "name": "X", "deals": [{"cards_dealt": 10, "requirements": [{"kind": "set", "length": 2}]}]},
         "deal 1: a set is 3 to 8 cards long, not 2 (set_min_length is 3)."),
        ({"base": "phase10", "name": "X", "wilds": "JK"}, 'wilds must be "W" with the Phase 10 deck, not "JK".'),
        ({"base": "contract", "name": "X", "tiebreak": "replay_last_phase"},
         'tiebreak "replay_last_phase" needs per-player progression.'),
        ({"base": "contract", "name": "X", "card_points": {"W": 25}}, 'card_points has no key "W" with the standard deck.'),
        ({"base": "phase10", "name": "X", "aces": "around"}, 'aces must be "low_only" with the Phase 10 deck, not "around".'),
        ({"base": "contract", "name": "X", "skips": "JK"}, 'skips "JK" needs wilds "K": a joker cannot be both wild and a skip.'),
        ({"base": "phase10", "name": "X", "deals": [{"cards_dealt": 10, "requirements": [S3]}, {"cards_dealt": 11, "requirements": [S3]}]},
         "deal 2: every phase of a per-player game deals the same cards (10), not 11."),
        ({"base": "phase10", "name": "X", "table": [{"players": [2, 6], "decks": 2, "jokers": 0}]},
         "table must give decks 1 and jokers 0 with the Phase 10 deck."),
        ({"base": "phase10-cards", "name": "X", "same_suit_runs": "no_contiguous"},
         'same_suit_runs must be "any" when run_suit is "any".'),
        ({"base": "phase10", "name": "X", "deals": [{"cards_dealt": 10, "requirements": [S3]}] * 2
          + [{"cards_dealt": 10, "requirements": [{"kind": "run", "length": 13}]}]},
         "deal 3: a run on this deck is at most 12 cards, not 13."),
        ({"base": "phase10-cards", "name": "X", "deals": [{"cards_dealt": 10, "requirements": [S3]}] * 2
          + [{"cards_dealt": 10, "requirements": [{"kind": "run", "length": 13}]}]},
         "deal 3: a run on this deck is at most 12 cards, not 13."),
    ],
)  # fmt: skip
def test_a_bad_ruleset_object_gets_api_mds_sentence(client, obj, sentence):
    assert refused(client.post("/api/rulesets/check", json={"ruleset": obj})) == f"In 'ruleset', {sentence}"
    assert refused(client.post("/api/score", json={"ruleset": obj, "cards": []})) == f"In 'ruleset', {sentence}"


def test_a_fixed_phase10_follows_its_own_progression(client):
    """RULES.md §8.7.9: game end and winner follow the object's progression; the base's tie-break hand becomes none."""
    body = ok(client.post("/api/rulesets/check", json={"ruleset": {"base": "phase10", "name": "X", "progression": "fixed"}}))
    definition = body["definition"]
    assert (body["progression"], "phases" in body) == ("fixed", False)
    assert (definition["game_end"], definition["winner"], definition["tiebreak"]) == ("last_deal", "lowest_total", "none")
    assert "masters" not in [option["key"] for option in body["options"]]  # Masters picks phases: per-player only
    assert ok(check(client, ruleset={"base": "phase10", "name": "X", "progression": "fixed"}, deal=9,
                    melds=[["5R", "5B", "W", "5G", "5Y"], ["7R", "7B"]]))["legal"] is True  # fmt: skip


def test_a_custom_ruleset_with_kings_wild_on_standard_cards(client):
    """wilds "K" with aces "low_only" and jokers as skips: Phase 10's reading of standard cards, on a base of Contract."""
    obj = {"base": "contract", "name": "Kings", "wilds": "K", "aces": "low_only", "skips": "JK"}
    body = ok(client.post("/api/rulesets/check", json={"ruleset": obj}))
    assert (body["wilds"], body["skips"], body["definition"]["wilds"], body["definition"]["skips"]) == (["K"], ["JK"], "K", "JK")
    reading = ok(check(client, ruleset=obj, deal=2, melds=[["7H", "7S", "KC"], ["3H", "4H", "KD", "6H"]]))
    assert reading["legal"] is True and reading["melds"][1]["wilds"] == {"2": "5H"}
    assert "JK is a skip card here" in ok(check(client, ruleset=obj, deal=1, melds=[["7H", "7S", "JK"], ["8H", "8S", "8D"]]))["problems"][0]


def test_a_colour_group_in_a_custom_ruleset(client):
    obj = {"base": "contract", "name": "Colours", "deals": [{"cards_dealt": 10, "requirements": [{"kind": "colour", "length": 5}]}]}
    body = ok(client.post("/api/rulesets/check", json={"ruleset": obj}))
    assert body["deals"][0]["contract"] == "Five cards of one suit"
    assert body["deals"][0]["requirements"] == [{"kind": "colour", "length": 5}]
    reading = ok(check(client, ruleset=obj, deal=1, melds=[["2H", "9H", "9H", "KH", "JK"]]))
    assert reading["legal"] is True and reading["melds"][0]["kind"] == "colour" and reading["melds"][0]["colour"] == "H"


def test_a_phase10_deck_custom_ruleset_scores_its_own_keys(client):
    obj = {"base": "phase10", "name": "Cheap wilds", "card_points": {"W": 5}}
    assert ok(client.post("/api/score", json={"ruleset": obj, "cards": ["W", "SKIP", "12B"]}))["points"] == 30
    assert refused(client.post("/api/score", json={"ruleset": {"base": "phase10", "name": "X", "card_points": {"K": 5}}, "cards": []})) == (
        "In 'ruleset', card_points has no key \"K\" with the Phase 10 deck."
    )


# -- never a 500 ----------------------------------------------------------------------

TOKENS = st.sampled_from(["7R", "12g", "W", "wild", "SKIP", "sk", "1Y", "7H", "10S", "JK", "KC", "AH", "13R", "0B", "07R", "W7", "", 7])
NUMBERS = st.one_of(st.integers(-2, 22), st.none(), st.just("4"), st.just(True), st.just(4.0))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    ruleset=st.sampled_from(["phase10", "phase10-cards", "contract", {"base": "phase10", "name": "X"}, {"base": "phase10-cards", "name": "X", "progression": "fixed"}]),
    url=st.sampled_from(["/api/melds/check", "/api/score", "/api/solve"]),
    numbers=st.dictionaries(st.sampled_from(["deal", "phase", "players"]), NUMBERS, max_size=3),
    melds=st.lists(st.lists(TOKENS, max_size=8), max_size=3),
    cards=st.lists(TOKENS, max_size=12),
    options=st.one_of(st.none(), st.lists(st.sampled_from(["masters", "all-wild-groups", "hit-next-turn", "joker-20"]), max_size=2)),
)
def test_any_phase10_request_is_answered_or_refused_in_one_sentence(client, ruleset, url, numbers, melds, cards, options):
    body = {"ruleset": ruleset, **numbers, "melds": melds, "cards": cards, "hand": cards, "remaining": cards[:2]}
    if options is not None:
        body["options"] = options
    response = client.post(url, json=body)
    assert response.status_code in (200, 400), response.get_data(as_text=True)
    if response.status_code == 400:
        refused(response)
