"""Properties of ruleset objects (API.md "Custom rulesets") over random objects, valid and not.

- A random *valid* object (every field at random within API.md's ranges, with
  or without a ``base``) reads as written: each field of the ruleset is the
  value the object gave (or the base's), and definition -> JSON -> definition
  is unchanged. Through the API it is checked (200), judged, scored and
  solved, never a server error.
- A random *invalid* object (one field made wrong: a wrong type, a value out of
  range, an unknown field, a missing one, a deal that can't be dealt, nested
  junk, huge numbers, NaN, long or control-character names) always answers 400
  with one sentence that names the field (and the deal), never a 500.
- The solver agrees with the brute-force reference (tests/bruteforce.py) on
  hands built to meet random custom contracts, and on near misses.

Each property counts what it asserted on; the test after it fails if that
is too few.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter

import pytest
from bruteforce import brute_force_best_points
from hypothesis import given
from hypothesis import strategies as st
from conftest import fuzz
from random_rules import build_meld, supply_ok, wild_cards

from companion import create_app
from companion.rules import (
    RULESETS,
    Card,
    RulesetDefinitionError,
    check_go_down,
    ruleset_from_definition,
    ruleset_to_definition,
)
from companion.rules.cards import JOKER, STANDARD_PACK
from companion.rules.definition import DEFINITION_FIELDS, HOUSE_OPTIONS
from companion.rules.solver import MAX_HAND, solve

POINT_KEYS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]
LENGTHS = {"set": (3, 8), "run": (3, 14), "pair": (2, 2)}
APP = create_app({"TESTING": True, "SECRET_KEY": "definition-properties", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
CLIENT = APP.test_client()




# -- random valid objects -----------------------------------------------------------

NAME_CHARACTERS = st.characters(blacklist_categories=("Cc", "Cs", "Cf", "Co", "Cn"))
NAMES = st.text(NAME_CHARACTERS, min_size=1, max_size=60).filter(lambda text: text.split() != [])


def _capacity(table: list[dict]) -> int:
    """The most cards each player can be dealt at every table size: 52 per pack and the jokers, shared."""
    return min((52 * t["decks"] + t["jokers"]) // t["players"][1] for t in table)


@st.composite
def tables(draw, low: int, high: int) -> list[dict]:
    sizes = list(range(low, high + 1))
    cuts = sorted(draw(st.sets(st.sampled_from(sizes[1:]), max_size=len(sizes) - 1))) if len(sizes) > 1 else []
    bounds = [low, *cuts, high + 1]
    entries = [
        {"players": [a, b - 1], "decks": draw(st.integers(1, 6)), "jokers": draw(st.integers(0, 12))}
        for a, b in zip(bounds, bounds[1:], strict=False)
    ]
    return draw(st.permutations(entries))


def requirements(*, most_cards: int = 84):
    def one(kind: str):
        low, high = LENGTHS[kind]
        return st.integers(low, high).map(lambda length: {"kind": kind, "length": length})

    return st.lists(st.sampled_from(["set", "run", "pair"]).flatmap(one), min_size=1, max_size=6).filter(
        lambda reqs: sum(r["length"] for r in reqs) <= most_cards
    )


BUYS = st.fixed_dictionaries(
    {"per_deal": st.one_of(st.none(), st.integers(0, 5)), "extra_cards": st.integers(0, 3)},
    optional={"no_successive": st.booleans()},
)


@st.composite
def deals(draw, capacity: int, *, most: int = 8, most_cards: int = 84) -> list[dict]:
    result = []
    for _ in range(draw(st.integers(1, most))):
        meld_all = draw(st.booleans())
        deal: dict = {"cards_dealt": draw(st.integers(5, min(20, capacity))), "requirements": draw(requirements(most_cards=most_cards))}
        if meld_all or draw(st.booleans()):
            deal["meld_all"] = meld_all
        going_out = draw(st.sampled_from([None, "no_discard", "either"] + ([] if meld_all else ["discard"])))
        if going_out is not None:
            deal["going_out"] = going_out
        if draw(st.integers(0, 4)) == 0:
            deal["buys"] = draw(BUYS)
        result.append(deal)
    return result


# The house options a fixed-progression object may offer: Phase 10's Masters makes the game per-player (API.md).
FIXED_OPTIONS = sorted(key for key, option in HOUSE_OPTIONS.items() if all(name != "progression" for name, _ in option.changes))


@st.composite
def full_definitions(draw, *, most_deals: int = 8, most_cards: int = 84) -> dict:
    """Every field API.md lists, each at random within its range (and the optional ones, sometimes)."""
    low = draw(st.integers(2, 8))
    high = draw(st.integers(low, 8))
    table = draw(tables(low, high))
    definition = {
        "name": draw(NAMES),
        "players": {"min": low, "max": high},
        "table": table,
        "wilds": draw(st.sampled_from(["JK", "JK+2"])),
        "deals": draw(deals(_capacity(table), most=most_deals, most_cards=most_cards)),
        "exact": draw(st.booleans()),
        "aces": draw(st.sampled_from(["low_or_high", "high_only"])),
        "max_wilds": draw(st.one_of(st.none(), st.integers(0, 14), st.sampled_from([15, 99, 10**30]))),  # API.md: any >= 0
        "repeat_rank": draw(st.booleans()),
        "dup_suits": draw(st.booleans()),
        "same_suit_runs": draw(st.sampled_from(["any", "no_contiguous", "one_per_suit"])),
        "card_points": {key: draw(st.integers(0, 100)) for key in POINT_KEYS},
        "buys": draw(BUYS),
        "exact_cut_bonus": draw(st.integers(0, 200)),
        "one_turn_out_bonus": draw(st.integers(0, 200)),
    }
    optional = {
        "summary": st.text(NAME_CHARACTERS, max_size=80),
        "set_word": st.sampled_from(["group", "set", "book", "trio"]),
        "buy_word": st.sampled_from(["May I", "buy"]),
        "lay_off": st.sampled_from(["later_turn", "same_turn"]),
        "reclaim": st.sampled_from(sorted({r.reclaim.value for r in RULESETS.values()} | {"runs", "never"})),
        "shanghai_call": st.booleans(),
        "settlement": st.one_of(st.none(), st.fixed_dictionaries({"step": st.integers(1, 100), "winner_takes_kitty": st.booleans()})),
        "options": st.lists(st.sampled_from(FIXED_OPTIONS), unique=True),
    }
    for name, strategy in optional.items():
        if draw(st.booleans()):
            definition[name] = draw(strategy)
    if definition["wilds"] == "JK+2" and "options" in definition:
        # no wilds value makes every two and the red twos (which may be read as themselves) wild together: an
        # object naming red-twos-wild there is refused with a sentence (test_definition_family's objects)
        definition["options"] = [key for key in definition["options"] if key != "red-twos-wild"]
    return definition


@st.composite
def valid_objects(draw) -> tuple[str | None, dict]:
    """A full object, or one with a base and only some fields given (players, table and deals go together)."""
    full = draw(full_definitions())
    if draw(st.integers(0, 2)) == 0:
        return None, full
    base = draw(st.sampled_from(list(RULESETS)))
    obj: dict = {"base": base, "name": full["name"]}
    if draw(st.booleans()):
        obj |= {key: full[key] for key in ("players", "table", "deals")}
    for key in set(full) - {"name", "players", "table", "deals"}:
        if draw(st.booleans()):
            obj[key] = full[key]
    if "card_points" in obj:
        obj["card_points"] = {k: v for k, v in obj["card_points"].items() if draw(st.booleans())}
    if "buys" in obj:
        obj["buys"] = {k: v for k, v in obj["buys"].items() if draw(st.booleans())}
    if "options" in obj and _expected(base, obj, "wilds") == "JK+2":  # every two wild, given or the base's (above)
        obj["options"] = [key for key in obj["options"] if key != "red-twos-wild"]
    return base, obj


def _expected(base: str | None, obj: dict, name: str):
    """What a field should read as: the object's value, else the base ruleset's, else the plainest rule."""
    if name in obj:
        return obj[name]
    if base is not None:
        built_in = RULESETS[base]
        return {
            "wilds": "JK+2" if built_in.deuces_wild else "JK",
            "exact": built_in.exact, "aces": built_in.aces.value, "max_wilds": built_in.max_wilds,
            "repeat_rank": built_in.repeat_rank, "dup_suits": built_in.dup_suits,
            "same_suit_runs": built_in.same_suit_runs.value, "exact_cut_bonus": built_in.exact_cut_bonus,
            "one_turn_out_bonus": built_in.one_turn_out_bonus, "set_word": built_in.set_word,
            "buy_word": built_in.buy_name, "lay_off": built_in.lay_off.value, "reclaim": built_in.reclaim.value,
            "shanghai_call": built_in.shanghai_call,
        }[name]  # fmt: skip
    return {"set_word": "set", "buy_word": "May I", "lay_off": "later_turn", "reclaim": "runs", "shanghai_call": False}[name]


VALID: Counter[str] = Counter()


@fuzz(400)
@given(valid_objects())
def _a_valid_object_reads_as_written_and_survives_json(case):
    base, obj = case
    ruleset = ruleset_from_definition(json.loads(json.dumps(obj)), ruleset_id="family")
    assert ruleset.id == "family"
    assert ruleset.name == " ".join(obj["name"].split())
    assert ("JK+2" if ruleset.deuces_wild else "JK") == _expected(base, obj, "wilds")
    for name, value in (
        ("exact", ruleset.exact), ("aces", ruleset.aces.value), ("max_wilds", ruleset.max_wilds),
        ("repeat_rank", ruleset.repeat_rank), ("dup_suits", ruleset.dup_suits),
        ("same_suit_runs", ruleset.same_suit_runs.value), ("exact_cut_bonus", ruleset.exact_cut_bonus),
        ("one_turn_out_bonus", ruleset.one_turn_out_bonus), ("set_word", ruleset.set_word),
        ("buy_word", ruleset.buy_name), ("lay_off", ruleset.lay_off.value), ("reclaim", ruleset.reclaim.value),
        ("shanghai_call", ruleset.shanghai_call),
    ):  # fmt: skip
        assert value == _expected(base, obj, name), name
    base_points = RULESETS[base].points.as_dict() if base else {}
    assert ruleset.points.as_dict() == base_points | obj.get("card_points", {})
    if "deals" in obj:
        assert [d.cards_dealt for d in ruleset.deals] == [d["cards_dealt"] for d in obj["deals"]]
        assert [[(r.kind.value, r.length) for r in d.requirements] for d in ruleset.deals] == [
            [(r["kind"], r["length"]) for r in d["requirements"]] for d in obj["deals"]
        ]
        assert [d.meld_all for d in ruleset.deals] == [d.get("meld_all", False) for d in obj["deals"]]
        table = sorted(obj["table"], key=lambda t: t["players"][0])
        assert [(s.min_players, s.max_players, s.packs, s.jokers) for s in ruleset.supply] == [
            (t["players"][0], t["players"][1], t["decks"], t["jokers"]) for t in table
        ]
        for deal in ruleset.deals:
            assert deal.contract and deal.contract[0].isupper()
            assert all(deal.cards_dealt * s.max_players <= 52 * s.packs + s.jokers for s in ruleset.supply)
    else:
        assert ruleset.deals == RULESETS[base].deals or [d.requirements for d in ruleset.deals] == [
            d.requirements for d in RULESETS[base].deals
        ]
    # definition -> JSON -> definition is unchanged, and reads back as the same rules
    definition = ruleset_to_definition(ruleset)
    assert list(definition) == list(DEFINITION_FIELDS)
    again = ruleset_from_definition(json.loads(json.dumps(definition)), ruleset_id="family")
    assert ruleset_to_definition(again) == definition
    assert again == ruleset
    VALID["with a base" if base else "without a base"] += 1
    VALID["meld_all deals"] += sum(d.meld_all for d in ruleset.deals)


def test_a_valid_object_reads_as_written_and_survives_json():
    VALID.clear()
    _a_valid_object_reads_as_written_and_survives_json()
    # A run asserts on about 200 and 190 (400 examples); the floors leave room for the split to move.
    assert VALID["with a base"] >= 120 and VALID["without a base"] >= 60, dict(VALID)


# -- through the API: checked, judged, scored and solved ----------------------------------

API: Counter[str] = Counter()


def _deck(ruleset) -> list[str]:
    table = ruleset.table()
    return [str(card) for card in STANDARD_PACK] * table.packs + [str(JOKER)] * table.jokers


@fuzz(250)
@given(valid_objects(), st.randoms(use_true_random=False))
def _the_api_takes_every_valid_object(case, rng):
    _, obj = case
    ruleset = ruleset_from_definition(obj)
    players = rng.randint(ruleset.min_players, ruleset.max_players)
    checked = CLIENT.post("/api/rulesets/check", json={"ruleset": obj, "players": players})
    assert checked.status_code == 200, checked.get_json()
    body = checked.get_json()
    assert body["id"] == "custom" and len(body["deals"]) == len(ruleset.deals)
    assert (body["decks"], body["jokers"]) == (ruleset.packs(players), ruleset.jokers(players))
    assert ruleset_from_definition(body["definition"]) == ruleset

    deck = _deck(ruleset)
    deal = rng.randint(1, len(ruleset.deals))
    hand = rng.sample(deck, min(len(deck), rng.randint(0, 14)))
    # the penalty is the sum of the object's own card points (or its base's)
    points = (RULESETS[obj["base"]].points.as_dict() if "base" in obj else {}) | obj.get("card_points", {})
    scored = CLIENT.post("/api/score", json={"ruleset": obj, "cards": hand})
    assert scored.status_code == 200
    assert scored.get_json()["points"] == sum(points["JK" if card == "JK" else card[:-1]] for card in hand)

    cut = sorted(rng.sample(range(len(hand) + 1), min(len(hand) + 1, rng.randint(1, 4))))
    melds = [hand[a:b] for a, b in zip([0, *cut], cut, strict=False) if hand[a:b]]
    ruling = CLIENT.post("/api/melds/check", json={"ruleset": obj, "deal": deal, "melds": melds, "players": players})
    assert ruling.status_code == 200
    judged = ruling.get_json()
    assert judged["legal"] is (judged["problems"] == [])
    assert all(isinstance(p, str) and not p[0].islower() and p.endswith(".") for p in judged["problems"]), judged["problems"]
    # a hand built from the contract's melds: when the solver says yes, its melds are a legal go-down (API.md)
    built: list[Card] = []
    for requirement in ruleset.deal(deal).requirements:
        built += build_meld(rng, ruleset, requirement, extra=0)
    built = [str(card) for card in built[: MAX_HAND - 2]] + hand[: rng.randint(0, 2)]
    solved = CLIENT.post("/api/solve", json={"ruleset": obj, "deal": deal, "hand": built})
    assert solved.status_code == 200
    answer = solved.get_json()
    if answer["can_meet_contract"]:
        again = CLIENT.post("/api/melds/check", json={"ruleset": obj, "deal": deal, "melds": answer["melds"], "remaining": answer["remaining"]})
        assert again.get_json()["legal"] is True, (again.get_json(), answer)
        assert answer["points"] == sum(points["JK" if card == "JK" else card[:-1]] for card in answer["remaining"])
    API["checked, scored, judged and solved"] += 1
    API["solved go-downs checked legal"] += answer["can_meet_contract"]


def test_the_api_takes_every_valid_object():
    API.clear()
    _the_api_takes_every_valid_object()
    assert API["checked, scored, judged and solved"] >= 200, dict(API)
    assert API["solved go-downs checked legal"] >= 50, dict(API)


# -- random invalid objects: always a 400 sentence naming the field -----------------------------

NAN = float("nan")
JUNK = {
    "bool": [0, 1, "true", None, [], {}, 1.5, NAN],
    "int": [True, False, "5", 5.5, NAN, float("inf"), None, [], {}, [[[[]]]], -(10**30), 10**30],
    "nullable_int": [True, "1", 1.5, NAN, -1, -(10**30), [], {}, {"a": [1]}],
    "text_choice": ["", "JOKER", "x" * 5000, 3, None, [], "HIGH_ONLY", "group\n"],
    "list": [None, {}, "x", 7, True],
    "object": ["x", [], 5, True, [[{}]]],
    "name": ["", "   ", "x" * 61, "y" * 100_000, "a\x00b", "Gran\nma", "zero\u200bwidth", "bell\x07", 5, None, ["x"], {}],
}
TOP_KINDS = {
    "name": "name", "players": "object", "table": "list", "wilds": "text_choice", "deals": "list",
    "exact": "bool", "aces": "text_choice", "max_wilds": "nullable_int", "repeat_rank": "bool", "dup_suits": "bool",
    "same_suit_runs": "text_choice", "card_points": "object", "buys": "object", "exact_cut_bonus": "int",
    "one_turn_out_bonus": "int", "set_word": "text_choice", "buy_word": "text_choice", "lay_off": "text_choice",
    "reclaim": "text_choice", "shanghai_call": "bool", "options": "list",
}  # fmt: skip
RANGES = {"exact_cut_bonus": (0, 200), "one_turn_out_bonus": (0, 200), "max_wilds": (0, None)}  # None: no top


@st.composite
def invalid_objects(draw) -> tuple[dict, tuple[str, ...]]:
    """A valid object with one thing made wrong, and the words the sentence must hold to name it."""
    _, obj = draw(valid_objects())
    if "deals" not in obj:
        full = draw(full_definitions())
        obj |= {key: full[key] for key in ("players", "table", "deals")}
    obj = json.loads(json.dumps(obj))
    how = draw(st.sampled_from([
        "top junk", "top out of range", "unknown field", "missing field", "deal junk", "deal out of range",
        "requirement junk", "unknown deal field", "table junk", "points junk", "buys junk", "cannot be dealt",
        "meld_all discard", "table gap", "wrong option", "too many deals", "players upside down",
    ]))  # fmt: skip
    number = draw(st.integers(1, len(obj["deals"])))
    deal = obj["deals"][number - 1]
    if how == "top junk":
        name = draw(st.sampled_from(sorted(TOP_KINDS)))
        obj[name] = draw(st.sampled_from(JUNK[TOP_KINDS[name]]))
        if name == "options" and obj[name] is None:
            obj[name] = "no-jokers"
        return obj, (name,)
    if how == "top out of range":
        name = draw(st.sampled_from(sorted(RANGES)))
        low, high = RANGES[name]
        obj[name] = draw(st.sampled_from([low - 1, -(10**30)] + ([] if high is None else [high + 1, 10**30])))
        return obj, (name,)
    if how == "unknown field":
        name = draw(st.sampled_from(["colour", "Name", "max_wild", "deal", "id", "jokers", "x" * 300, "<b>", "\x00"]))
        obj[name] = draw(st.sampled_from([1, None, "x", []]))
        return obj, ("is not a field of a ruleset",)
    if how == "missing field":
        name = draw(st.sampled_from(sorted(TOP_KINDS.keys() - {"set_word", "buy_word", "lay_off", "reclaim", "shanghai_call", "options"})))
        obj.pop("base", None)
        full = draw(full_definitions())
        obj = {**full, **{k: v for k, v in obj.items() if k in full}}
        obj = {k: v for k, v in obj.items() if k != name}
        return obj, (name, "missing")
    if how == "deal junk":
        name, kind = draw(st.sampled_from([("cards_dealt", "int"), ("requirements", "list"), ("meld_all", "bool"),
                                           ("going_out", "text_choice"), ("buys", "object")]))  # fmt: skip
        deal[name] = draw(st.sampled_from(JUNK[kind]))
        if name == "going_out" and deal[name] is None:
            deal[name] = "sometimes"
        return obj, (f"deal {number}:", name)
    if how == "deal out of range":
        deal["cards_dealt"] = draw(st.sampled_from([4, 21, 0, -5, 10**30]))
        return obj, (f"deal {number}:", "cards_dealt")
    if how == "requirement junk":
        position = draw(st.integers(1, len(deal["requirements"])))
        requirement = deal["requirements"][position - 1]
        kind = requirement["kind"]
        low, high = LENGTHS[kind]
        change = draw(st.sampled_from(["length", "kind", "not an object", "unknown"]))
        if change == "length":
            requirement["length"] = draw(st.sampled_from([low - 1, high + 1, 0, 10**30, "3", True, None, 3.0]))
            return obj, (f"deal {number}:", f"a {kind} is")
        if change == "kind":
            requirement["kind"] = draw(st.sampled_from(["trio", "book", "", None, 1, "SET"]))
            return obj, (f"deal {number}:", f"requirement {position}")
        if change == "unknown":
            requirement["wilds"] = 1
            return obj, (f"deal {number}:", f"requirement {position}", '"wilds"')
        deal["requirements"][position - 1] = draw(st.sampled_from(["S3", 3, None, [["set", 3]]]))
        return obj, (f"deal {number}:", f"requirement {position}")
    if how == "unknown deal field":
        deal[draw(st.sampled_from(["contract", "number", "wild", "buys_limit"]))] = 1
        return obj, (f"deal {number}:", "is not a field of deal")
    if how == "table junk":
        position = draw(st.integers(1, len(obj["table"])))
        name = draw(st.sampled_from(["decks", "jokers", "players"]))
        bad = {"decks": [0, 7, -1, 10**30, True, "2", NAN], "jokers": [-1, 13, 10**30, False, 2.5],
               "players": [[1, 9], [3], "3-4", [3, 4, 5], [True, 4], None, [NAN, 3]]}[name]  # fmt: skip
        obj["table"][position - 1][name] = draw(st.sampled_from(bad))
        return obj, (f"table entry {position}", name)
    if how == "points junk":
        key = draw(st.sampled_from(POINT_KEYS))
        obj["card_points"] = {**obj.get("card_points", {}), key: draw(st.sampled_from([-1, 101, 10**30, True, "5", 5.5, None, NAN]))}
        return obj, (f"card_points {key}",)
    if how == "buys junk":
        name = draw(st.sampled_from(["per_deal", "extra_cards", "no_successive"]))
        bad = {"per_deal": [-1, True, "2", 1.5, NAN, -(10**30)], "extra_cards": [-1, 4, None, True, 10**30],
               "no_successive": [0, "yes", None]}[name]  # fmt: skip
        obj["buys"] = {"per_deal": None, "extra_cards": 1, name: draw(st.sampled_from(bad))}
        return obj, (f"buys.{name}",)
    if how == "cannot be dealt":
        obj["players"] = {"min": 2, "max": 8}
        obj["table"] = [{"players": [2, 8], "decks": 1, "jokers": draw(st.integers(0, 3))}]
        deal["cards_dealt"] = draw(st.integers(7, 20))  # 7 to 8 players is 56: more than 52 and up to 3 jokers
        for other in obj["deals"]:
            other["cards_dealt"] = min(other["cards_dealt"], 6)
        deal["cards_dealt"] = max(deal["cards_dealt"], 7)
        return obj, (f"deal {number}:", "8 players", "1 pack")
    if how == "meld_all discard":
        deal["meld_all"] = True
        deal["going_out"] = "discard"
        return obj, (f"deal {number}:", "meld_all", "discard")
    if how == "table gap":
        obj["players"] = {"min": 2, "max": 8}
        obj["table"] = [{"players": [2, 3], "decks": 4, "jokers": 4}, {"players": [5, 8], "decks": 4, "jokers": 4}]
        return obj, ("table", "4 players is not covered")
    if how == "wrong option":
        obj["options"] = ["no-jokers", draw(st.sampled_from(["jokers-25", "", "NO-JOKERS", None, 5]))]
        return obj, ("options",)
    if how == "too many deals":
        obj["deals"] = obj["deals"] * 21
        return obj, ("deals", "1 to 20")
    obj["players"] = {"min": 6, "max": draw(st.integers(2, 5))}
    return obj, ("players.max",)


INVALID: Counter[str] = Counter()
PYTHON_WORDS = ("Traceback", "None", "True", "False", "NoneType", "object of type", "Error", "__", "nan", "inf")


@fuzz(600)
@given(invalid_objects(), st.sampled_from(["/api/rulesets/check", "/api/melds/check", "/api/score", "/api/solve"]))
def _an_invalid_object_always_gets_a_400_sentence_naming_the_field(case, url):
    obj, words = case
    body = {"ruleset": obj, "deal": 1, "melds": [], "cards": [], "hand": []}
    response = CLIENT.post(url, json=body)
    assert response.status_code == 400, (obj, response.get_data(as_text=True))
    sentence = response.get_json()["error"]
    assert sentence.startswith("In 'ruleset', ") and sentence.endswith("."), sentence
    assert "\n" not in sentence and len(sentence) < 400, sentence
    for word in words:
        assert word in sentence, (word, sentence)
    shown = sentence.replace("NaN", "").replace("Infinity", "")
    for python in PYTHON_WORDS:
        assert python not in shown, (python, sentence)
    with pytest.raises(RulesetDefinitionError):
        ruleset_from_definition(obj)
    INVALID[words[0].split(":")[0] if words[0].startswith("deal ") else "outside the deals"] += 1


def test_an_invalid_object_always_gets_a_400_sentence_naming_the_field():
    INVALID.clear()
    _an_invalid_object_always_gets_a_400_sentence_naming_the_field()
    assert INVALID["outside the deals"] >= 250, dict(INVALID)
    # The split between faults outside and inside the deals moves from run to run (92 to 174 seen inside).
    assert sum(n for key, n in INVALID.items() if key.startswith("deal ")) >= 50, dict(INVALID)


# -- the solver over random custom rulesets, against the brute-force reference ----------------

SOLVER: Counter[str] = Counter()


@st.composite
def custom_hands(draw):
    """A random custom ruleset (from an object) with one small contract, and a hand built to meet it (or a near miss)."""
    definition = draw(full_definitions(most_deals=1, most_cards=9))
    ruleset = ruleset_from_definition(definition)
    rng = draw(st.randoms(use_true_random=False))
    deal = ruleset.deal(1)
    needed = deal.cards_needed
    size = rng.randint(needed, min(10, needed + 2))
    hand: list[Card] = []
    for requirement in deal.requirements:
        extra = 0 if ruleset.is_exact(deal) else rng.randint(0, max(0, min(2, size - needed)))
        hand += build_meld(rng, ruleset, requirement, extra=extra)
    hand = hand[:size]
    if rng.random() < 0.25:
        hand.pop(rng.randrange(len(hand)))  # a near miss
    fillers = [card for card in STANDARD_PACK if rng.random() < 0.1] + wild_cards(ruleset)
    while len(hand) < size:
        hand.append(rng.choice(fillers))
    rng.shuffle(hand)
    return ruleset, hand


@fuzz(600)
@given(custom_hands())
def _the_solver_agrees_with_the_reference_over_random_custom_rulesets(case):
    ruleset, hand = case
    if len(hand) > 10:
        SOLVER["too big for the reference"] += 1
        return
    if not supply_ok(ruleset, hand):
        SOLVER["breaks the supply"] += 1
        assert solve(ruleset, 1, hand) is None
        return
    solution = solve(ruleset, 1, hand)
    expected = brute_force_best_points(ruleset, 1, hand)
    described = f"{ruleset_to_definition(ruleset)} hand {' '.join(map(str, hand))}"
    assert (solution is None) is (expected is None), described
    SOLVER["yes" if expected is not None else "no"] += 1
    if solution is not None:
        assert solution.points == expected, described
        assert Counter([card for meld in solution.melds for card in meld] + list(solution.remaining)) == Counter(hand)
        assert check_go_down(ruleset, 1, solution.melds, solution.remaining).legal


def test_the_solver_agrees_with_the_reference_over_random_custom_rulesets():
    SOLVER.clear()
    _the_solver_agrees_with_the_reference_over_random_custom_rulesets()
    assert SOLVER["yes"] >= 200 and SOLVER["no"] >= 60, dict(SOLVER)


def test_nan_and_infinity_are_plain_json_words_in_a_sentence():
    # Python's json reads NaN and Infinity; the sentence quotes them as JSON, never as Python's nan or inf.
    sentence = str(pytest.raises(RulesetDefinitionError, ruleset_from_definition, {"base": "contract", "name": "x", "exact_cut_bonus": math.inf}).value)
    assert "Infinity" in sentence and "inf," not in sentence
    assert random  # keeps the import for the strategies above
