"""Which built-in rulesets are asked about where (issue 18): the API and a ruleset object's base know Phase 10;
game setup and league setup offer what a table plays (Phase 10 too); the rules builder's "start from" offers only
a fixed schedule on standard cards.
"""

from __future__ import annotations

import dataclasses

from pages import parse
from sqlalchemy import select

from companion import registry
from companion.extensions import db
from companion.house_rules import service
from companion.models import User
from companion.rules import RULESETS, ruleset_to_definition
from companion.rules.carioca import CARIOCA
from companion.rules.kalooki import KALOOKI
from companion.rules.phase10 import PHASE10, PHASE10_CARDS
from companion.rules.rulesets import GameEnd, Progression, Tiebreak, Winner


def test_published_holds_the_ten_and_the_wider_family_and_builtins_what_a_table_plays():
    assert [r.id for r in registry.published()][: len(RULESETS)] == list(RULESETS)
    assert [r.id for r in registry.published()][len(RULESETS):] == ["phase10", "phase10-cards", "carioca", "kalooki"]
    # the table plays Phase 10 (RULES.md §8.6), and Carioca and Kalooki, fixed games on the standard deck (issue 18)
    assert registry.builtins() == (*RULESETS.values(), PHASE10, PHASE10_CARDS, CARIOCA, KALOOKI)
    assert registry.is_builtin("carioca") and registry.is_builtin("kalooki")
    assert registry.table_plays(PHASE10) and registry.table_plays(PHASE10.with_options("masters"))
    assert not registry.table_plays(dataclasses.replace(PHASE10, progression=Progression.FIXED, game_end=GameEnd.LAST_DEAL,
                                                        winner=Winner.LOWEST_TOTAL, tiebreak=Tiebreak.NONE))  # fmt: skip
    assert all(registry.table_plays(r) for r in RULESETS.values())
    assert registry.is_builtin("phase10") and registry.is_builtin("contract")
    assert registry.builtin("phase10-cards") is PHASE10_CARDS  # the API's lookup
    # the rules cards describe Phase 10 too (phases per player); the builder starts from every ruleset a table
    # plays, Phase 10 on either deck too (issue 18: its deck and progression boxes)
    assert {*RULESETS.values(), PHASE10, PHASE10_CARDS} <= set(registry.builtins())
    assert registry.table_plays(PHASE10_CARDS) and registry.table_plays(PHASE10.with_options("masters"))
    assert {*RULESETS.values(), PHASE10, PHASE10_CARDS} <= set(registry.builtins())
    assert registry.table_plays(PHASE10_CARDS) and registry.table_plays(RULESETS["contract"])
    # Carioca and Kalooki: a fixed schedule on standard cards, described and buildable (issue 18)
    assert {CARIOCA, KALOOKI} <= set(registry.builtins()) and {CARIOCA, KALOOKI} <= set(registry.builtins())


def _offered(client, url: str) -> list[str]:
    doc = parse(client.get(url).get_data(as_text=True))
    return [option.attrs["value"] for option in doc.find("select", id="ruleset").find_all("option")]


def test_the_new_game_page_offers_phase10_on_either_deck(form_client):
    offered = _offered(form_client, "/games/new")
    assert "contract" in offered
    assert "phase10" in offered and "phase10-cards" in offered


def _stored(app, *objects: dict) -> list[str]:
    with app.app_context():
        owner = db.session.get(User, app.config["OWNER_ID"])
        return [service.save(obj, user=owner).ruleset_id for obj in objects]


def test_a_stored_fixed_schedule_on_the_phase10_deck_is_not_offered_for_a_game(form_client, no_csrf_app):
    per_player, phase10_deck, kings, contract = _stored(
        no_csrf_app,
        {"base": "phase10-cards", "name": "Our Phase 10"},
        {"base": "phase10", "name": "Phase 10 deck, one phase a hand", "progression": "fixed"},
        {"base": "phase10-cards", "name": "Kings wild, one phase a hand", "progression": "fixed"},
        {**ruleset_to_definition(RULESETS["contract"]), "name": "Our Contract"},
    )
    offered = _offered(form_client, "/games/new")
    assert contract in offered and kings in offered and per_player in offered
    assert phase10_deck not in offered


def test_a_stored_phase10_ruleset_has_a_rules_card(form_client, no_csrf_app):
    (ours,) = _stored(no_csrf_app, {"base": "phase10", "name": "Our Phase 10", "card_points": {"W": 20}})
    text = parse(form_client.get(f"/rules/{ours}").get_data(as_text=True)).text
    assert "1–9 5 · 10–12 10 · W 20 · SKIP 15." in " ".join(text.split())
    assert "2–6 players: 1 Phase 10 deck." in " ".join(text.split())
    assert "Low only: 1-2-3-4; a run ends at 12." in " ".join(text.split())
    assert form_client.get(f"/rules/compare?ruleset={ours}&ruleset=contract").status_code == 200


def test_the_builder_starts_from_phase10(form_client):
    """Issue 18 item 2: the builder has boxes for the deck and the progression, so Phase 10 is a start like the ten."""
    html = form_client.get("/rulesets/build?start=phase10").get_data(as_text=True)
    assert "There is no ruleset" not in html
    assert 'value="Phase 10 (ours)"' in html


def test_the_rules_facts_of_the_fields_a_ruleset_object_may_now_choose():
    """RULES.md §8.0 in words on a rules card: Wilds and a 1 to 12 line on the Phase 10 deck, wild kings ending at Q,
    aces low only on a standard deck; 108 cards in a Phase 10 deck."""
    from companion.rules import ruleset_from_definition
    from companion.rules.guide import rules_facts, setup_card

    def facts(ruleset):
        return {fact.key: fact.text for fact in rules_facts(ruleset)}

    assert (facts(PHASE10)["wilds"], facts(PHASE10)["aces"]) == ("Wilds (W): 8 in each deck.", "Low only: 1-2-3-4; a run ends at 12.")
    assert (facts(PHASE10_CARDS)["wilds"], facts(PHASE10_CARDS)["aces"]) == ("Kings.", "Low only: A-2-3-4; a run ends at Q.")
    low = ruleset_from_definition({"base": "contract", "name": "Low aces", "aces": "low_only"})
    assert (facts(low)["wilds"], facts(low)["aces"]) == ("Jokers.", "Low only: A-2-3-4, never J-Q-K-A.")
    assert setup_card(PHASE10, 4).total_cards == 108 and setup_card(PHASE10, 4).wilds == "Wild cards: Wilds."
    assert setup_card(PHASE10_CARDS, 4).total_cards == 108


def test_the_builder_offers_a_colour_group_and_aces_low_only(form_client, no_csrf_app):
    """The builder's meld kinds gain "cards of one suit" (a colour group on standard cards) and its aces "low only"."""
    from test_house_rules import form_values

    html = form_client.get("/rulesets/build?start=contract").get_data(as_text=True)
    doc = parse(html)
    kinds = [o.attrs["value"] for o in doc.find(id="deal-0-req-0-kind").find_all("option")]
    assert kinds == ["set", "run", "pair", "colour", "ladder"]  # a ladder A to K too, on standard cards (API.md)
    assert "low_only" in [i.attrs.get("value") for i in doc.find_all("input") if i.attrs.get("name") == "aces"]
    values = form_values(html)
    values |= {"name": "Suits", "aces": "low_only", "deal-0-req-0-kind": "colour", "deal-0-req-0-length": "5"}
    assert form_client.post("/rulesets/build/save", data=values).status_code == 303
    with no_csrf_app.app_context():
        from companion.models import CustomRuleset

        definition = db.session.scalars(select(CustomRuleset)).one().latest.definition
    assert definition["aces"] == "low_only"
    assert definition["deals"][0]["requirements"][0] == {"kind": "colour", "length": 5}
