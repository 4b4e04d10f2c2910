"""What the game page tells the table: the setup card and each deal's reminders (companion.rules.guide)."""

from __future__ import annotations

import pytest

from companion.rules import find_ruleset
from companion.rules.guide import buy_rule_text, deal_reminders, exact_cut_size, setup_card


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
