"""The builder in a family's words (issue 19, item 6): sentences naming the boxes as the page labels them, folded
parts' lines that follow what was typed, table sizes that can't overlap, "Meld every card" setting "Going out",
plurals, the import page's words and a way from the home page to the builder.

The engine's own sentences stay as they are for the API and the import (API clients read them).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import fuzz
from companion.house_rules.builder import judge
from companion.house_rules.draft import Draft, TableRow
from companion.house_rules.help import examples
from companion.house_rules.refusals import BOUNDS, LENGTHS, family_refusal
from companion.rules import RULESETS
from companion.rules.definition import RulesetDefinitionError, ruleset_from_definition, ruleset_to_definition
from pages import parse
from test_house_rules import HTMX, error_at, form_values, open_builder, press, shown_errors

#: What a family should never read (what they typed, shown back in “ ”, aside): a field's name from the ruleset object (``going_out``, ``players.min``,
#: ``card_points JK``) or an enum value in JSON quotes (``"no_discard"``).
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z_]+\b|\"[^\"]*\"|\[|\]|card_points")


@pytest.fixture
def app(no_csrf_app):
    return no_csrf_app


def contract_draft() -> Draft:
    draft = Draft.from_definition(ruleset_to_definition(RULESETS["contract"]))
    draft.name = "Grandma's rules"
    return draft


# ---------------------------------------------------------------------------
# Sentences


def test_the_engine_keeps_its_own_sentences_for_the_api():
    definition = ruleset_to_definition(RULESETS["contract"])
    definition["deals"][0]["cards_dealt"] = 25
    with pytest.raises(RulesetDefinitionError, match=r"^deal 1: cards_dealt is a whole number from 5 to 20, not 25\.$"):
        ruleset_from_definition(definition)


def test_the_issues_two_sentences_in_family_words():
    draft = contract_draft()
    draft.deals[0].cards = "25"
    assert judge(draft).errors == {"deal-0-cards": "Cards dealt is a whole number from 5 to 20."}
    draft = contract_draft()
    draft.deals[0].meld_all, draft.deals[0].going_out = True, "discard"
    assert judge(draft).errors == {
        "deal-0-going_out": "A deal where every card is melded can't end on a discard: choose “No discard” or “Either way” for Going out."
    }


def _bad_values(key: str) -> list[str]:
    """Values the draft reads as numbers and the engine refuses in the box ``key`` (row numbers as ``#``)."""
    if key == "deal-#-req-#-length":
        return ["2", "15"]
    low, high = BOUNDS["points" if key.startswith("points") else key]
    return ([str(low - 1)] if low > 0 else []) + [str(high + 1), "999"]


#: Each box the builder shows and a value the engine refuses in it (each kind of refusal once).
REFUSALS: list[tuple[str, str]] = [
    *[(name, value) for name in ("players_min", "players_max", "buys_extra", "exact_cut_bonus", "one_turn_out_bonus")
      for value in _bad_values(name)],
    *[(f"table-1-{name}", value) for name in ("decks", "jokers") for value in _bad_values(f"table-#-{name}")],
    *[("deal-2-cards", value) for value in _bad_values("deal-#-cards")],
    ("table-2-decks", "1"),  # deal 4 has more cards than one pack holds for five
    *[("deal-1-req-1-length", value) for value in _bad_values("deal-#-req-#-length")],
    *[(f"points-{card}", "101") for card in ("A", "2", "10", "K", "JK")],
    ("table-0-high", "2"), ("table-2-high", "9"), ("table-2-high", "4"), ("table-2-high", "7"),  # To below From, past 8
    ("deal-1-req-1-kind", "quad"), ("deal-1-going_out", "fly"), ("aces", "x"), ("wilds", "JK+3"),
    ("set_word", "bunch"), ("buy_word", "grab"), ("same_suit_runs", "never"),
    ("name", "Gran\x00"), ("summary", "\u200bhidden"),
    ("extra", '{"shanghai_call": "never"}'), ("extra", '{"colour": "red"}'), ("deal-0-extra", '{"buys": 3}'),
]  # fmt: skip


@pytest.mark.parametrize(("field", "value"), REFUSALS)
def test_every_kind_of_refusal_in_every_box_has_a_family_sentence(field, value):
    form = contract_draft().form_data() | {field: value}
    judged = judge(Draft.from_form(form))
    assert len(judged.errors) == 1, judged.errors
    [(key, sentence)] = judged.errors.items()
    assert not CODE.search(sentence), sentence
    assert sentence[:1].isupper() and sentence.endswith("."), sentence


def test_too_many_melds_deals_and_table_sizes_are_said_in_words():
    draft = contract_draft()
    draft.apply("add-req-0"), draft.apply("add-req-0"), draft.apply("add-req-0"), draft.apply("add-req-0"), draft.apply("add-req-0")
    assert judge(draft).errors == {"deal-0": "A contract has at most 6 melds: remove one meld."}
    draft = contract_draft()
    for _ in range(14):
        draft.apply("add-deal")
    assert judge(draft).errors == {"form": "A game has at most 20 deals: remove 1."}


def _tables_draft(players: tuple[str, str], *spans: tuple[str, str]) -> Draft:
    """A draft for ``players`` (Fewest, Most) whose table sizes are ``spans`` of (From, To), as typed."""
    return Draft(players_min=players[0], players_max=players[1], tables=[TableRow(low=a, high=b) for a, b in spans])


#: The table sizes as a whole, each way the engine refuses them, and the sentence beside the tables.
TABLE_REFUSALS = [
    (_tables_draft(("2", "8"), *[("2", "8")] * 8), "At most 7 table sizes: remove 1."),
    (_tables_draft(("", "5"), ("3", "5")), "Every number of players from Fewest to Most needs exactly one table size."),
    (_tables_draft(("3", "5"), ("3", "x")), "Every number of players from Fewest to Most needs exactly one table size."),
    (_tables_draft(("3", "6"), ("3", "4"), ("5", "5")), "No table size is for 6 players: make the last To (players) 6, the Most players."),
    (_tables_draft(("3", "5"), ("3", "4"), ("4", "5")),
     "4 players are in two table sizes: each number of players from 3 to 5 is in exactly one."),
    (_tables_draft(("3", "5"), ("3", "4"), ("5", "7")),
     "A table size is for 6 players, but these rules are for 3 to 5: make the last To (players) 5."),
    (_tables_draft(("3", "5"), ("3", "5")), "Every number of players from 3 to 5 needs exactly one table size."),
]  # fmt: skip


@pytest.mark.parametrize(("draft", "sentence"), TABLE_REFUSALS)
def test_each_refusal_of_the_table_sizes_as_a_whole_has_its_sentence(draft, sentence):
    for path in (("table",), ("players",)):
        assert family_refusal(RulesetDefinitionError("refused", path), draft) == (path[0], sentence)


def test_bounds_the_builder_tells_are_the_engines():
    """Each bound in a sentence is where the engine starts refusing: the value at it is taken, one past it refused."""
    for key, (low, high) in BOUNDS.items():
        field = {"table-#-decks": "table-0-decks", "table-#-jokers": "table-0-jokers", "deal-#-cards": "deal-0-cards",
                 "points": "points-K"}.get(key, key)  # fmt: skip
        base = contract_draft().form_data() | {"players_min": "2", "table-0-decks": "6", "table-1-decks": "6", "table-2-decks": "6"}
        if key == "players_max":
            low = 2
        for value, refused in ((low, False), (high, False), (low - 1, True), (high + 1, True)):
            if value < 0:
                continue
            form = base | {field: str(value)}
            if key == "players_max":  # the last table size ends at the most players
                form |= {"table-2-high": str(max(value, 5)), "table-1-high": "4", "table-0-high": "3"}
                if value < 5:
                    form |= {"table-2-high": "5"}
            errors = judge(Draft.from_form(form)).errors
            assert (field in errors) == refused, (key, value, errors)
    for kind, (low, high) in LENGTHS.items():
        form = contract_draft().form_data() | {"deal-0-req-0-kind": kind}
        for value, refused in ((low, False), (high, False), (low - 1, True), (high + 1, True)):
            errors = judge(Draft.from_form(form | {"deal-0-req-0-length": str(value)})).errors
            assert ("deal-0-req-0-length" in errors) == refused, (kind, value, errors)


FIELD_NAMES = sorted(contract_draft().form_data())
bad_text = st.one_of(
    st.integers(-3, 400).map(str),
    st.text(max_size=8),
    st.sampled_from(["discard", "no_discard", "JK+3", "low_or_high", "quad", "pair", "run", "{}", '{"x": 1}', '{"lay_off": 2}']),
)


def test_random_bad_values_in_every_box_are_never_answered_in_code():
    seen: set[str] = set()

    @fuzz(600)
    @given(st.dictionaries(st.sampled_from(FIELD_NAMES), bad_text, min_size=1, max_size=4), st.sampled_from(list(RULESETS)))
    def in_words(changes, start):
        draft = Draft.from_definition(ruleset_to_definition(RULESETS[start]))
        draft.name = "Ours"
        for key, sentence in judge(Draft.from_form(draft.form_data() | changes)).errors.items():
            said = re.sub(r"“[^”]*”", "“…”", sentence)  # what was typed, shown back in quotes, is the family's own
            assert not CODE.search(said), (key, sentence)
            seen.add(re.sub(r"\d+", "#", key))

    in_words()
    # the sentences asserted on stood beside boxes all over the form
    assert {"deal-#-cards", "deal-#-req-#-length", "players_min", "table-#-decks", "points-#", "form"} <= seen, seen


# ---------------------------------------------------------------------------
# Meld every card sets Going out; table sizes that can't overlap


def test_ticking_meld_every_card_takes_the_last_discard_away(client):
    values = open_builder(client, start="contract")
    assert values["deal-0-going_out"] == "discard"
    values["deal-0-meld_all"] = "y"
    html = press(client, values).get_data(as_text=True)
    assert shown_errors(html) == {}
    assert form_values(html)["deal-0-going_out"] == "no_discard"


def test_a_table_sizes_from_follows_the_row_before(client):
    values = open_builder(client, start="contract")  # 3, 4, 5
    values |= {"table-0-high": "4", "table-1-low": "4", "table-1-high": "5", "table-2-low": "2"}
    html = press(client, values).get_data(as_text=True)
    shown = form_values(html)
    assert (shown["table-1-low"], shown["table-2-low"]) == ("5", "6")  # what was posted in "from" doesn't count
    assert error_at(html, "table-2-high") == "Table size 3 starts at 6 players: its To (players) is a whole number from 6 to 8."
    assert "readonly" in parse(html).find(id="table-1-low").attrs


def test_adding_a_table_size_splits_the_last_and_removing_one_gives_its_players_on(client):
    values = open_builder(client, start="contract") | {"table-0-high": "3", "table-1-high": "5"}
    values = form_values(press(client, values, "remove-table-2").get_data(as_text=True))  # 3; 4-5
    assert [values[f"table-{i}-{end}"] for i in range(2) for end in ("low", "high")] == ["3", "3", "4", "5"]
    html = press(client, values, "add-table").get_data(as_text=True)  # 3; 4; 5
    values = form_values(html)
    assert [values[f"table-{i}-{end}"] for i in range(3) for end in ("low", "high")] == ["3", "3", "4", "4", "5", "5"]
    assert shown_errors(html) == {}
    html = press(client, values, "remove-table-2").get_data(as_text=True)  # the last goes: the one before takes 5
    values = form_values(html)
    assert [values[f"table-{i}-{end}"] for i in range(2) for end in ("low", "high")] == ["3", "3", "4", "5"]
    assert shown_errors(html) == {}


# ---------------------------------------------------------------------------
# Folded parts' lines follow what was typed


def test_a_check_answers_each_folded_parts_line_from_the_posted_values(client):
    values = open_builder(client, start="contract") | {"deal-3-cards": "10", "points-JK": "25", "players_max": "6",
                                                         "table-2-high": "6", "wilds": "JK+2"}  # fmt: skip
    page = parse(client.post("/rulesets/build/check", data=values, headers=HTMX).get_data(as_text=True))
    lines = {n.attrs["id"]: " ".join(n.text.split()) for n in page.iter() if n.attrs.get("id", "").startswith("head-")}
    assert lines["head-deal-3"] == "Deal 4: three groups of 3 · 10 cards"
    assert lines["head-card-points"] == "Card points joker 25"
    assert lines["head-players"] == "Players, packs and jokers 3 to 6 players"
    assert lines["head-wilds"] == "Wild cards jokers and twos"
    assert all(page.find(id=key).attrs.get("hx-swap-oob") == "true" for key in lines)
    values["deal-3-cards"] = "25"
    page = parse(client.post("/rulesets/build/check", data=values, headers=HTMX).get_data(as_text=True))
    assert " ".join(page.find(id="head-deal-3").text.split()) == "Deal 4: three groups of 3 · 25 cards · needs a fix"


# ---------------------------------------------------------------------------
# Plurals, the import page, the home page


def test_one_joker_is_one_joker():
    assert "2 packs + 2 jokers" in examples()["players"]
    assert "1 jokers" not in examples()["players"] and "1 packs" not in examples()["players"]
    assert re.search(r"\b1 pack\b|\b1 joker\b|\b0 jokers\b", examples()["players"])


def test_deals_all_of_one_size_say_it_once():
    deals = examples()["deals"]
    assert "7 deals, 11 cards (Shanghai)" in deals and "7 deals, 10–12 cards (Contract" in deals
    assert not re.search(r"\b(\d+)–\1 cards", deals)


def test_the_import_page_says_what_a_file_of_rules_is(client, app):
    from conftest import add_owner, sign_in

    sign_in(client, add_owner(app))
    text = " ".join(parse(client.get("/rulesets/import").get_data(as_text=True)).find(tag="main").text.split())
    assert "API" not in text and "object" not in text
    assert "a file of rules saved from this app" in text


def test_the_home_page_leads_to_the_builder(client):
    page = parse(client.get("/").get_data(as_text=True))
    links = [a for a in page.find_all("a") if a.attrs.get("href", "").startswith("/rulesets/build")]
    assert links and "Make your own rules" in links[0].text
