"""Ruleset objects with the wider family's fields (API.md "Custom rulesets: fields added to the table"), as properties.

Any object made of those fields, sensible or not, is either a ruleset whose
complete definition reads back as the same ruleset, or one sentence naming
the field: never another error. Objects built to be legal (a Phase 10 with
its own points, wild kings with skip jokers) are always rulesets.
"""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import RulesetDefinitionError, ruleset_from_definition, ruleset_to_definition
from companion.rules.definition import HOUSE_OPTIONS
from companion.rules.published import PUBLISHED_RULESETS
from companion.rules.rulesets import PHASE10_POINT_KEYS, POINT_KEYS, Deck, Progression

LADDER_RULES = ["any_suit", "same_colour", "alternating_colour", "same_suit"]
REQUIREMENT = st.fixed_dictionaries(
    {"kind": st.sampled_from(["set", "run", "pair", "colour", "ladder"]), "length": st.integers(1, 15)},
    optional={"rule": st.sampled_from([*LADDER_RULES, "diagonal"])},
)
#: A ladder deal as RULES.md §8.7.4 has it (dealt 12, every card, no discard), sometimes with its own wild limit.
LADDER_DEAL = st.fixed_dictionaries(
    {
        "cards_dealt": st.just(12), "meld_all": st.just(True), "going_out": st.just("no_discard"),
        "requirements": st.sampled_from(LADDER_RULES).map(lambda rule: [{"kind": "ladder", "length": 13, "rule": rule}]),
    },
    optional={"max_wilds": st.one_of(st.none(), st.integers(-1, 2))},
)  # fmt: skip
DEAL = st.one_of(
    st.fixed_dictionaries(
        {"cards_dealt": st.sampled_from([10, 10, 10, 11, 12]), "requirements": st.lists(REQUIREMENT, min_size=1, max_size=3)},
        optional={
            "going_out": st.sampled_from(["discard", "either", "no_discard"]),
            "max_wilds": st.one_of(st.none(), st.integers(-1, 3)),
            "alternatives": st.lists(st.lists(REQUIREMENT, min_size=1, max_size=2), max_size=2),
        },
    ),
    LADDER_DEAL,
)
FIELDS = {
    "deck": st.sampled_from(["standard", "phase10", "uno"]),
    "wilds": st.sampled_from(["JK", "JK+2", "K", "W", "JK+2red"]),
    "skips": st.sampled_from(["none", "JK", "SKIP", "W"]),
    "aces": st.sampled_from(["low_or_high", "high_only", "low_only", "around"]),
    "run_suit": st.sampled_from(["same", "any", "colour"]),
    "same_suit_runs": st.sampled_from(["any", "no_contiguous", "one_per_suit"]),
    "set_min_length": st.integers(1, 4),
    "progression": st.sampled_from(["fixed", "per_player", "per_player_choice", "random"]),
    "game_end": st.sampled_from(["last_deal", "last_phase_made"]),
    "winner": st.sampled_from(["lowest_total", "finished_lowest_total"]),
    "tiebreak": st.sampled_from(["none", "most_deals_won", "replay_last_phase"]),
    "card_points": st.dictionaries(st.sampled_from(sorted(set(POINT_KEYS) | set(PHASE10_POINT_KEYS) | {"A_red", "A_black"})), st.integers(0, 100), max_size=4),
    "table": st.sampled_from([
        [{"players": [2, 6], "decks": 1, "jokers": 0}],
        [{"players": [2, 6], "decks": 2, "jokers": 4}],
        [{"players": [3, 5], "decks": 2, "jokers": 0}],
    ]),
    "players": st.sampled_from([{"min": 2, "max": 6}, {"min": 3, "max": 5}]),
    "options": st.lists(st.sampled_from(sorted(HOUSE_OPTIONS)), max_size=3, unique=True),
    "deals": st.lists(DEAL, min_size=1, max_size=4),
    # Carioca's and Kalooki's fields (API.md "Custom rulesets: fields added to the table")
    "min_naturals_set": st.integers(-1, 9),
    "min_naturals_run": st.integers(-1, 15),
    "max_wilds_per_contract": st.one_of(st.none(), st.integers(-1, 3)),
    "run_wilds_adjacent": st.sampled_from([True, False, "no"]),
    "run_wild_min_gap": st.one_of(st.none(), st.integers(0, 13)),
    "reclaim": st.sampled_from(["runs", "never", "slide", "tack", "steal"]),
    "set_word": st.sampled_from(["three", "trio", "set", "pile"]),
    "run_word": st.sampled_from(["run", "escala", "four", "ladder"]),
    "direction": st.sampled_from(["clockwise", "counterclockwise", "up"]),
    "wild_discard": st.sampled_from(["allowed", "forbidden"]),
    "discard_draw": st.sampled_from(["always", "not_after_down"]),
    "buys": st.fixed_dictionaries({}, optional={
        "permission": st.sampled_from(["none", "current_player", "dealer"]), "only_before_down": st.booleans(),
    }),
}  # fmt: skip


#: Options whose change no field of a ruleset object says yet: all-wild-groups sets natural cards to 0, which
#: API.md's min_naturals_set and min_naturals_run will carry (being added to the engine with Carioca and Kalooki).
UNWRITTEN_OPTIONS = {"all-wild-groups"}


@st.composite
def family_objects(draw) -> dict:
    obj = {"base": draw(st.sampled_from(list(PUBLISHED_RULESETS))), "name": "Ours"}
    for name in draw(st.lists(st.sampled_from(sorted(FIELDS)), max_size=6, unique=True)):
        obj[name] = draw(FIELDS[name])
    return obj


def _same(one, other) -> bool:
    """Two rulesets alike in every field a definition carries (not their id, sources or readings)."""
    # a chosen option is written as the fields it changed; a sentence's short game name ("Carioca") is the
    # built-in's own; where a deal an option added goes among such deals is the option's, not the deal's
    skipped = {"id", "sources", "readings", "chosen_options", "game_name", "deals"}
    unordered = [[dataclasses.replace(deal, added_order=None) for deal in r.deals] for r in (one, other)]
    return unordered[0] == unordered[1] and all(
        getattr(one, f.name) == getattr(other, f.name) for f in dataclasses.fields(one) if f.name not in skipped
    )


def _reads_back(ruleset) -> None:
    definition = ruleset_to_definition(ruleset)
    again = ruleset_from_definition(definition)
    assert _same(again, ruleset)
    assert ruleset_to_definition(again) == definition


@settings(max_examples=300, deadline=None, derandomize=True)
@given(family_objects())
def test_an_object_is_a_ruleset_that_reads_back_or_one_sentence(obj):
    try:
        ruleset = ruleset_from_definition(obj)
    except RulesetDefinitionError as error:
        sentence = str(error)
        assert sentence.endswith(".") and ". " not in sentence.replace("e.g. ", ""), sentence
        assert "Traceback" not in sentence and "Error" not in sentence
        return
    _reads_back(ruleset)
    for option in ruleset.options:  # every option an object keeps applies, and its result can be written
        applied = ruleset.with_options(option.key)
        if option.key not in UNWRITTEN_OPTIONS:
            _reads_back(applied)
        else:
            ruleset_to_definition(applied)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(
    st.sampled_from(["phase10", "phase10-cards"]),
    st.dictionaries(st.sampled_from(["1", "7", "12", "W", "SKIP"]), st.integers(0, 100)),
    st.lists(st.sampled_from(["all-wild-groups", "hit-next-turn", "masters"]), unique=True),
    st.sampled_from(["per_player", "per_player_choice", "fixed"]),
)
def test_a_phase10_of_our_own_is_always_a_ruleset(base, points, options, progression):
    obj = {"base": base, "name": "Ours", "progression": progression}
    if base == "phase10":
        obj["card_points"] = points
    if progression != "fixed" or "masters" not in options:
        obj["options"] = options
    ruleset = ruleset_from_definition(obj)
    assert ruleset.progression is Progression(progression)
    assert ruleset.deck is (Deck.PHASE10 if base == "phase10" else Deck.STANDARD)
    if base == "phase10":
        assert all(ruleset.points.as_dict()[key] == value for key, value in points.items())
    _reads_back(ruleset)


@settings(max_examples=50, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(k for k, r in PUBLISHED_RULESETS.items() if r.deck is Deck.STANDARD)), st.integers(0, 12))
def test_wild_kings_with_skip_jokers_on_any_standard_base(base, jokers):
    """API.md: wilds "K" needs skips "JK" (or no jokers) and aces "low_only"; then it is a ruleset on any standard base."""
    players = PUBLISHED_RULESETS[base].supply
    table = [{"players": [s.min_players, s.max_players], "decks": s.packs, "jokers": jokers} for s in players]
    obj = {"base": base, "name": "Kings", "wilds": "K", "aces": "low_only", "skips": "JK", "table": table,
           "same_suit_runs": "any", "options": []}  # fmt: skip
    ruleset = ruleset_from_definition(obj)
    assert ruleset.kings_wild and not ruleset.deuces_wild
    _reads_back(ruleset)
