"""What the game page tells the table: the setup card and each deal's reminders (companion.rules.guide)."""

from __future__ import annotations

import dataclasses

import pytest

from companion.rules import find_ruleset, guide
from companion.rules.guide import buy_rule_text, deal_reminders, exact_cut_size, rules_facts, setup_card
from companion.rules.carioca import CARIOCA
from companion.rules.phase10 import PHASE10, PHASE10_CARDS
from companion.rules.rulesets import AceRule, GoingOut, JokerReclaim, LayOffTiming, SameSuitRuns


@pytest.mark.parametrize(
    ("ruleset", "options", "players", "packs", "jokers", "total"),
    [
        ("contract", (), 3, 2, 2, 106),
        ("contract", (), 4, 2, 3, 107),
        ("contract", (), 5, 2, 4, 108),
        ("contract", ("no-jokers",), 4, 2, 0, 104),
        ("parlett", (), 4, 2, 1, 105),
        ("parlett", (), 5, 3, 2, 158),
        ("combination", (), 4, 2, 4, 108),
        ("combination", (), 6, 3, 6, 162),
        ("combination", (), 8, 4, 8, 216),
        ("may-i", (), 5, 3, 6, 162),
    ],
)
def test_setup_card_packs_jokers_and_total_cards(ruleset, options, players, packs, jokers, total):
    card = setup_card(find_ruleset(ruleset).with_options(*options), players)
    assert (card.players, card.packs, card.jokers, card.total_cards) == (players, packs, jokers, total)


def test_setup_card_wild_cards_follow_house_rules():
    assert setup_card(find_ruleset("contract"), 4).wilds == "Wild cards: jokers."
    assert setup_card(find_ruleset("contract").with_options("deuces-wild"), 4).wilds == "Wild cards: jokers and twos."
    assert setup_card(find_ruleset("progressive"), 4).wilds == "Wild cards: jokers and twos."


@pytest.mark.parametrize(
    ("ruleset", "buying"),
    [
        (
            "contract",
            (
                "May I: as often as you like, out of turn; you take the upcard and one more card from the stock. "
                "Not for two discards in a row."
            ),
        ),
        (
            "shanghai",
            "May I: at most two times a deal for each player, out of turn; you take the upcard and two more cards from the stock.",
        ),
        (
            "shanghai-powe",
            "Buy: at most two times a deal for each player, out of turn; you take the upcard and two more cards from the stock.",
        ),
        ("progressive", "Buys only in deals 9 to 14; each deal's limit is on its prompt."),
    ],
)
def test_setup_card_may_i_rules(ruleset, buying):
    assert setup_card(find_ruleset(ruleset), 4).buying == buying


@pytest.mark.parametrize(("deal", "players", "cut"), [(1, 4, 41), (1, 3, 31), (4, 5, 61), (7, 3, 37)])
def test_exact_cut_is_cards_dealt_plus_the_upcard(deal, players, cut):
    assert exact_cut_size(find_ruleset("liverpool").deal(deal), players) == cut


def reminders(ruleset, deal, players=4, options=()):
    rules = find_ruleset(ruleset).with_options(*options)
    return deal_reminders(rules, rules.deal(deal), players)


def test_liverpool_reminds_the_cutter_of_the_exact_cut():
    assert "Cutter: cut exactly 41 cards (4 × 10 + 1) and take 50 off your score." in reminders("liverpool", 1)
    assert "Cutter: cut exactly 61 cards (5 × 12 + 1) and take 50 off your score." in reminders(
        "liverpool", 5, players=5
    )
    assert not any("Cutter" in r for r in reminders("contract", 1))


def test_contract_deal_7_meld_every_card():
    assert reminders("contract", 7)[0] == "No discard: meld every card when you go down."
    assert "No discard: meld every card when you go down." not in reminders("contract", 6)


def test_contract_runs_must_not_touch():
    assert "Your runs of one suit must not touch: overlap them or leave a gap." in reminders("contract", 3)
    assert "Your runs of one suit must not touch: overlap them or leave a gap." not in reminders("contract", 1)


def test_contract_exact_go_down_and_lay_off_later():
    assert "Go down with exactly the contract's cards; lay off the rest from your next turn." in reminders(
        "contract", 1
    )
    assert "Go down with exactly the contract's cards; lay off the rest this turn." in reminders("combination", 1)


def test_shanghai_two_may_is_a_deal():
    assert (
        "May I: at most two times a deal for each player, out of turn; you take the upcard and two more cards from the stock."
        in reminders("shanghai", 1, players=3)
    )
    assert "Shanghai: call it as you discard to protect a card that fits a meld on the table." in reminders(
        "shanghai", 1
    )


def test_progressive_buys_deal_by_deal():
    assert "No buy in this deal." in reminders("progressive", 1)
    assert "Buy: once a deal for each player, out of turn; you take the upcard only." in reminders("progressive", 9)
    assert (
        "Buy: at most two times a deal for each player, out of turn; you take the upcard and one more card from the stock."
        in reminders("progressive", 12)
    )
    assert "No buy in this deal." in reminders("progressive", 15)


def test_continental_one_turn_bonus():
    assert "Going down and out in one turn takes 10 off your score." in reminders("continental", 1)


def test_parlett_one_wild_per_meld():
    assert "At most one wild card in each meld when you go down." in reminders("parlett", 1)


def test_kolsov_long_runs_need_a_may_i():
    rules = reminders("shanghai-kolsov", 8)
    assert any(r.startswith("The contract needs 13 cards but you hold 12 after drawing") for r in rules), rules


def test_buy_rule_text_for_one_deal():
    rules = find_ruleset("contract")
    assert buy_rule_text(rules, rules.deal(1).buys).startswith("May I: as often as you like")


# ---------------------------------------------------------------------------
# What a deal's melds must be, said before it is played


@pytest.mark.parametrize(
    ("changes", "deal", "said"),
    [
        ((), 3, ["Your runs of one suit must not touch: overlap them or leave a gap."]),  # two runs
        ((), 2, []),  # one run: nothing to say of runs of one suit
        ((("same_suit_runs", SameSuitRuns.ONE_PER_SUIT),), 3, ["Only one run per suit."]),
        ((("same_suit_runs", SameSuitRuns.ANY),), 3, []),
        ((("repeat_rank", False),), 1, ["Your groups must be of different ranks."]),  # two groups
        ((("repeat_rank", False),), 2, []),  # one group
        ((("aces", AceRule.HIGH_ONLY),), 2, ["Aces are high only: A-2-3-4 is not a run."]),
        ((("aces", AceRule.HIGH_ONLY),), 1, []),  # no run
        ((("max_wilds", 1),), 1, ["At most one wild card in each meld when you go down."]),
        ((("max_wilds", 2),), 1, ["At most two wild cards in each meld when you go down."]),
        ((("max_wilds", 0),), 1, ["No wild cards in any meld when you go down."]),
        (
            (("repeat_rank", False), ("aces", AceRule.HIGH_ONLY), ("max_wilds", 2),
             ("same_suit_runs", SameSuitRuns.ONE_PER_SUIT), ("set_word", "book")),
            6,  # one book and two runs: the runs, the aces, the wild cards, in that order
            ["Only one run per suit.", "Aces are high only: A-2-3-4 is not a run.",
             "At most two wild cards in each meld when you go down."],
        ),
    ],
)  # fmt: skip
def test_each_rule_of_a_deals_melds_is_said_before_it(changes, deal, said):
    rules = find_ruleset("contract").changed(changes)
    assert guide._meld_reminders(rules, rules.deal(deal)) == said
    reminders = deal_reminders(rules, rules.deal(deal), 4)
    start = len(guide._going_out_reminders(rules.deal(deal)))
    assert reminders[start : start + len(said)] == said  # after how the deal is gone out of


# ---------------------------------------------------------------------------
# The rules card: each setting in words


def _fact(ruleset: str, changes=(), key: str = "") -> str:
    return {fact.key: fact.text for fact in rules_facts(find_ruleset(ruleset).changed(changes))}[key]


_ALL_SEVEN = tuple((rank, 7) for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"])


@pytest.mark.parametrize(
    ("ruleset", "changes", "text"),
    [
        ("contract", (), "A 15 · 2–9 face value · 10–K 10 · JK 15."),
        ("contract", (("deuces_wild", True), ("points", (("2", 15),))),
         "A–2 15 · 3–9 face value · 10–K 10 · JK 15 (a wild two scores as a joker)."),
        ("contract", (("deuces_wild", True), ("points", (("2", 15), ("JK", 20)))),  # a wild two not worth a joker
         "A–2 15 · 3–9 face value · 10–K 10 · JK 20."),
        ("contract", (("points", (("3", 5), ("5", 2))),),  # a lone rank at its own number is its number
         "A 15 · 2 2 · 3 5 · 4 4 · 5 2 · 6–9 face value · 10–K 10 · JK 15."),
        ("contract", (("points", (("5", 10),)),), "A 15 · 2–4 face value · 5 10 · 6–9 face value · 10–K 10 · JK 15."),
        ("shanghai", (), "A 20 · 2–7 5 · 8–K 10 · JK 50."),
        ("progressive", (), "A 15 · 2 20 · 3–10 5 · J–K 10 · JK 20 (a wild two scores as a joker)."),
        ("contract", (("points", _ALL_SEVEN),), "A–K 7 · JK 7."),
    ],
)  # fmt: skip
def test_the_penalty_points_join_equal_neighbours_and_face_values(ruleset, changes, text):
    assert _fact(ruleset, changes, "points") == text


_MELD_ALL_3_AND_7 = tuple(
    dataclasses.replace(deal, meld_all=True, going_out=GoingOut.NO_DISCARD) if deal.number == 3 else deal
    for deal in find_ruleset("contract").deals
)


@pytest.mark.parametrize(
    ("ruleset", "changes", "key", "text"),
    [
        ("contract", (("same_suit_runs", SameSuitRuns.ANY),), "same_suit_runs", "Allowed, even end to end (3-4-5-6 and 7-8-9-10)."),
        ("contract", (), "same_suit_runs", "Allowed if they overlap or leave a gap, never end to end."),
        ("contract", (("same_suit_runs", SameSuitRuns.ONE_PER_SUIT),), "same_suit_runs", "Not allowed: one run per suit."),
        ("contract", (), "aces", "Low (A-2-3-4) or high (J-Q-K-A), never round the corner."),
        ("contract", (("aces", AceRule.HIGH_ONLY),), "aces", "High only: J-Q-K-A, never A-2-3-4."),
        ("contract", (), "max_wilds", "Any number."),
        ("contract", (("max_wilds", 2), ("table_max_wilds", True)), "max_wilds",
         "At most two per meld, going down and on the table at any time."),
        ("contract", (("max_wilds", 1),), "max_wilds", "At most one per meld going down; more may be laid off later."),
        ("contract", (("max_wilds", 0),), "max_wilds", "None going down; they may be laid off later."),
        ("contract", (("max_wilds", 0), ("table_max_wilds", True)), "max_wilds", "None, going down or on the table at any time."),
        ("contract", (), "lay_off", "From your next turn after going down."),
        ("contract", (("lay_off", LayOffTiming.SAME_TURN),), "lay_off", "Already in the turn you go down."),
        ("contract", (), "reclaim",
         "A joker in a run can be taken by a player who went down on an earlier turn, by laying the exact natural card it "
         "stands for in its place; the joker must then be laid off in the same turn. A joker in a group stays."),
        ("contract", (("reclaim", JokerReclaim.SLIDE), ("set_word", "book")), "reclaim",
         "Never into the hand. Lay the natural card a joker stands for in your own run and the joker slides to an open "
         "end; an end joker of your run may move to another player's run, but not off a run of three cards. "
         "Jokers in a book stay."),
        ("contract", (("reclaim", JokerReclaim.NEVER), ("deuces_wild", True)), "reclaim",
         "Never: wild cards (jokers and twos) once melded stay."),
        ("contract", (), "meld_all", "Deal 7."),
        ("contract", (("deals", _MELD_ALL_3_AND_7),), "meld_all", "Deal 3, 7."),
        ("may-i", (), "meld_all", "Never required."),
        ("contract", (), "exact", "Exactly the contract's cards; the rest are laid off."),
        ("may-i", (), "exact", "The contract's melds, which may be longer than it asks."),
        ("contract", (), "repeat_rank", "Allowed."),
        ("shanghai", (), "repeat_rank", "Not allowed in one contract."),
        ("contract", (), "dup_suits", "Allowed."),
        ("contract", (("dup_suits", False),), "dup_suits", "Not allowed."),
        ("contract", (), "players", "3 to 5."),
        ("contract", (), "supply", "3 players: 2 packs + 2 jokers; 4 players: 2 packs + 3 jokers; 5 players: 2 packs + 4 jokers."),
        ("contract", (), "wilds", "Jokers."),
        ("contract", (), "deals", "7."),
        ("contract", (), "set_word", "A group."),
        ("contract", (), "naturals", "At least one."),
        ("liverpool", (), "exact_cut",
         "The player on the dealer's right cuts; cutting exactly the cards needed (players × cards dealt + 1) takes 50 "
         "off their deal score."),
        ("continental", (), "one_turn_out", "Takes 10 off your deal score."),
        ("shanghai", (), "shanghai",
         "Call it as you discard to protect a card that fits a meld on the table; if you don't, anyone may call, lay it "
         "on, and you draw blind from their hand. It beats a May I."),
        ("progressive", (), "settlement",
         "Place k (k ≥ 2) pays 2 × (k − 1) pennies to the winner; the winner also takes the kitty of buys."),
    ],
)  # fmt: skip
def test_each_setting_on_the_rules_card_in_words(ruleset, changes, key, text):
    assert _fact(ruleset, changes, key) == text


def test_the_rules_card_lists_its_lines_in_order_and_the_bonuses_and_calls_only_where_the_rules_have_them():
    contract = [(fact.key, fact.label) for fact in rules_facts(find_ruleset("contract"))]
    assert contract == [
        ("players", "Players"), ("supply", "Packs and jokers"), ("wilds", "Wild cards"), ("deals", "Deals"),
        ("set_word", "A set is called"), ("exact", "Going down"), ("meld_all", "Meld every card"),
        ("max_wilds", "Wild cards in a meld"), ("naturals", "Natural cards in a meld"),
        ("same_suit_runs", "Two runs of one suit"), ("repeat_rank", "Two groups of one rank"),
        ("dup_suits", "A group with two cards of one suit"), ("aces", "Aces in runs"), ("lay_off", "Laying off"),
        ("reclaim", "Taking back a joker"), ("buying", "May I"), ("points", "Penalty points"),
    ]  # fmt: skip
    every = find_ruleset("liverpool").changed([("one_turn_out_bonus", 10), ("shanghai_call", True)])
    assert [(fact.key, fact.label) for fact in rules_facts(every)][len(contract):] == [
        ("exact_cut", "Exact cut"), ("one_turn_out", "Down and out in one turn"), ("shanghai", "Shanghai call"),
    ]  # fmt: skip
    assert [fact.key for fact in rules_facts(find_ruleset("progressive"))][-1] == "settlement"


# ---------------------------------------------------------------------------
# Reminders that follow the deal and the ruleset (issue 27, finding 4)

_WILD_LIMIT = ("At most one wild card in each meld when you go down.", "No wild cards in any meld when you go down.")


def wild_limit_lines(rules, deal: int) -> list[str]:
    return [line for line in deal_reminders(rules, rules.deal(deal), 4) if line.startswith(("At most", "No wild"))]


@pytest.mark.parametrize(
    ("options", "deal", "said"),
    [
        ((), 1, [_WILD_LIMIT[0]]),  # Carioca's rounds: one joker a meld (RULES.md §8.3)
        (("escala-real",), 9, [_WILD_LIMIT[1]]),  # A to K of one suit, no jokers: no "at most one"
        (("escala-color",), 9, [_WILD_LIMIT[1]]),
        (("escala-sucia",), 9, [_WILD_LIMIT[0]]),  # at most one joker, as the contract says
        (("escala-real-comodines",), 9, []),  # jokers never side by side, any number: no limit to say
        (("escala-sucia", "escala-real"), 10, [_WILD_LIMIT[1]]),  # the real is the second escala round
    ],
)
def test_the_wild_card_reminder_is_the_deals_own_limit(options, deal, said):
    rules = CARIOCA.with_options(*options)
    assert wild_limit_lines(rules, deal) == said


@pytest.mark.parametrize("rules", [CARIOCA.with_options("escala-real"), PHASE10, PHASE10_CARDS], ids=lambda r: r.id)
def test_a_game_with_no_may_i_at_all_says_no_may_i_line_on_any_deal(rules):
    for deal in rules.deals:
        said = deal_reminders(rules, deal, 4)
        assert not any(line.startswith("No ") and line.endswith(" in this deal.") for line in said), (deal.number, said)
        assert not any(line.startswith(("May I", "Buy")) for line in said), said


def test_a_game_with_may_i_in_some_deals_still_says_where_there_is_none():
    assert "No buy in this deal." in reminders("progressive", 1)
    assert "Buy: once a deal for each player, out of turn; you take the upcard only." in reminders("progressive", 9)
    contract = find_ruleset("contract")
    first_without = contract.changed((("deal_changes", ((1, (("buys", dataclasses.replace(contract.deal(1).buys, limit=0)),)),)),))
    assert "No May I in this deal." in deal_reminders(first_without, first_without.deal(1), 4)


@pytest.mark.parametrize("rules", [CARIOCA, PHASE10], ids=lambda r: r.id)
def test_the_setup_card_and_the_rules_card_say_a_game_without_may_i_has_none_in_the_game(rules):
    said = f"No {'buy' if rules is PHASE10 else 'May I'} in this game."
    assert setup_card(rules, 4).buying == said
    assert dict((fact.key, fact.text) for fact in rules_facts(rules))["buying"] == said
