"""RULES.md §6: laying off and taking back wild cards, one test per reading, named after the rule."""

from __future__ import annotations

import pytest

from companion.rules import Card, MeldKind, check_joker_exchange, check_lay_off, find_ruleset, format_cards, parse_cards
from companion.rules.guide import rules_facts


def lay_off(ruleset_id, meld, cards, **kwargs):
    return check_lay_off(find_ruleset(ruleset_id), parse_cards(meld), parse_cards(cards), **kwargs)


# §6.1 A meld's kind on the table


def test_three_cards_are_a_group_where_every_run_is_at_least_4():
    ruling = lay_off("contract", "7H JK JK", "8H")
    assert not ruling.legal
    assert ruling.problems == ("8H is not a 7; a group of 7s takes only 7s.",)


def test_ten_and_two_jokers_count_as_a_trio_of_tens_in_continental():
    ruling = lay_off("continental", "10S JK JK", "JS")
    assert ruling.problems == ("JS is not a 10; a trio of 10s takes only 10s.",)
    assert lay_off("continental", "10S JK JK", "10H").legal


def test_a_meld_keeps_the_kind_it_was_melded_as():
    ruling = lay_off("contract", "7H JK JK", "8H", kind=MeldKind.RUN)
    assert ruling.legal
    assert ruling.reading is not None and ruling.reading.kind is MeldKind.RUN


def test_three_cards_may_be_a_run_where_a_contract_asks_for_runs_of_3():
    assert lay_off("progressive", "7H 8H 9H", "10H").legal


def test_three_natural_cards_in_a_row_are_no_meld_where_runs_are_at_least_4():
    ruling = lay_off("contract", "7H 8H 9H", "10H")
    assert ruling.problems == ("7H 8H 9H is not a group, and a run on the table has at least 4 cards.",)


# §6.2 Wild limits on the table


@pytest.mark.parametrize("ruleset_id", ["shanghai", "shanghai-powe", "shanghai-kolsov"])
def test_shanghai_a_book_or_run_holds_one_joker_on_the_table_too(ruleset_id):
    name = find_ruleset(ruleset_id).name
    ruling = lay_off(ruleset_id, "8H 8S JK", "JK")
    assert ruling.problems == (f"8H 8S JK already holds one wild card; in {name} a meld holds at most one at any time.",)
    assert not lay_off(ruleset_id, "5S JK 7S 8S", "9S JK").legal
    assert lay_off(ruleset_id, "5S 6S 7S 8S", "JK").legal


@pytest.mark.parametrize("ruleset_id", ["parlett", "combination"])
def test_parlett_and_combination_limit_only_the_original_meld(ruleset_id):
    assert lay_off(ruleset_id, "8H 8S JK", "JK").legal


# §6.3 Continental's jokers slide


def test_continental_joker_slides_to_the_end_when_its_owner_lays_the_natural():
    ruling = lay_off("continental", "AS 2S 3S JK 5S", "4S", own_run=True)
    assert ruling.legal, ruling.problems
    assert ruling.reading is not None
    assert format_cards(ruling.reading.cards) == "AS 2S 3S 4S 5S JK"
    assert ruling.reading.describe() == "run of spades, A to 6, JK stands for 6S"


def test_continental_joker_slides_only_in_its_owners_run():
    ruling = lay_off("continental", "AS 2S 3S JK 5S", "4S")
    assert not ruling.legal
    assert ruling.problems == (
        "4S's place in AS 2S 3S JK 5S is already held by JK. "
        "Only the player who dropped this run may lay it there; its joker then slides to the end.",
    )


def test_continental_jokers_are_never_taken_into_the_hand():
    ruling = check_joker_exchange(find_ruleset("continental"), parse_cards("AS 2S 3S JK 5S"), Card.parse("4S"))
    assert not ruling.legal
    assert ruling.problems == (
        "In Continental Rummy a melded joker is never taken into the hand: lay the card it stands for "
        "on your own run and the joker slides to the end.",
    )


def test_contract_joker_does_not_slide():
    assert not lay_off("contract", "AS 2S 3S JK 5S", "4S", own_run=True).legal


@pytest.mark.parametrize(
    ("own", "other", "cards"),
    [
        ("10S JS QS JK", "5H 6H 7H 8H", "JK"),  # the high end
        ("JK 10S JS QS", "5H 6H 7H 8H", "JK"),  # the low end
        ("QS JK 10S JS", "5H 6H 7H 8H", "JK"),  # not in run order: the joker may stand at either end
        ("JK 10S JS QS KS JK", "5H 6H 7H 8H", "JK JK"),  # both ends, and the run keeps four cards
        ("10S JS QS JK", "5H 6H 7H 8H", "4H JK"),  # with a card from the hand
    ],
)
def test_continental_end_joker_of_your_run_may_move_to_another_players_run(own, other, cards):
    ruling = lay_off("continental", other, cards, moved_from=parse_cards(own))
    assert ruling.legal, ruling.problems
    assert ruling.reading is not None and ruling.reading.kind is MeldKind.RUN


def test_continental_joker_is_not_moved_off_a_run_of_only_three_cards():
    ruling = lay_off("continental", "5H 6H 7H 8H", "JK", moved_from=parse_cards("10S JS JK"))
    assert not ruling.legal
    assert ruling.problems == ("10S JS JK is a run of only three cards: its joker stays.",)


def test_continental_moved_jokers_leave_at_least_three_cards_in_the_run():
    ruling = lay_off("continental", "5H 6H 7H 8H", "JK JK", moved_from=parse_cards("JK 10S JS JK"))
    assert ruling.problems == ("Moving two wild cards would leave JK 10S JS JK with two; a run keeps at least three.",)


def test_continental_only_an_end_joker_moves():
    ruling = lay_off("continental", "5H 6H 7H 8H", "JK", moved_from=parse_cards("10S JK QS KS"))
    assert ruling.problems == ("JK is not at an end of 10S JK QS KS: only an end joker moves.",)
    ruling = lay_off("continental", "5H 6H 7H 8H", "JK", moved_from=parse_cards("10S JS QS KS"))
    assert ruling.problems == ("10S JS QS KS holds no JK to move.",)


def test_continental_joker_in_a_trio_stays():
    ruling = lay_off("continental", "5H 6H 7H 8H", "JK", moved_from=parse_cards("10S JK JK"))
    assert ruling.problems == ("10S JK JK is a trio: a joker in a trio stays.",)


def test_continental_moved_joker_goes_only_to_another_players_run():
    to_trio = lay_off("continental", "5H 5S 5D", "JK", moved_from=parse_cards("10S JS QS JK"))
    assert to_trio.problems == ("An end joker of your run moves only to a run, not to a trio.",)
    to_own = lay_off("continental", "5H 6H 7H 8H", "JK", moved_from=parse_cards("10S JS QS JK"), own_run=True)
    assert to_own.problems == ("An end joker of your run may be moved only to another player's run.",)


def test_continental_moving_a_joker_needs_a_joker_laid_off():
    ruling = lay_off("continental", "5H 6H 7H 8H", "9H", moved_from=parse_cards("10S JS QS JK"))
    assert ruling.problems == ("No joker is laid off, so none is moved from your run.",)


def test_continental_moved_joker_must_still_fit_the_run_it_goes_on():
    ruling = lay_off("continental", "5H 6H 7H 8H", "JK 2H", moved_from=parse_cards("10S JS QS JK"))
    assert not ruling.legal


@pytest.mark.parametrize("ruleset_id", ["contract", "may-i", "progressive"])
def test_a_melded_joker_moves_to_another_meld_only_where_jokers_slide(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    ruling = check_lay_off(ruleset, parse_cards("5H 6H 7H 8H"), parse_cards("JK"), moved_from=parse_cards("10S JS QS JK"))
    wild = "wild card" if ruleset.deuces_wild else "joker"
    assert ruling.problems == (f"In {ruleset.name} a melded {wild} is never moved to another meld; lay off from your hand.",)
    assert check_lay_off(ruleset, parse_cards("5H 6H 7H 8H"), parse_cards("JK")).legal  # from the hand it may


def test_moving_a_joker_is_read_from_the_rulesets_fields_not_its_name():
    import dataclasses

    from companion.rules import JokerReclaim

    custom = dataclasses.replace(find_ruleset("contract"), id="custom-1", name="Our rules", reclaim=JokerReclaim.SLIDE)
    assert check_lay_off(custom, parse_cards("5H 6H 7H 8H"), parse_cards("JK"), moved_from=parse_cards("10S JS QS JK")).legal
    ruling = check_lay_off(custom, parse_cards("5H 6H 7H 8H"), parse_cards("JK"), moved_from=parse_cards("10S JS JK"), kind=None)
    assert ruling.problems == ("10S JS JK is a run of only three cards: its joker stays.",)


# §6.4 Taking back a joker


def test_taking_a_joker_needs_a_player_down_on_an_earlier_turn():
    ruling = check_joker_exchange(
        find_ruleset("contract"), parse_cards("5S JK 7S 8S"), Card.parse("6S"), went_down_before_this_turn=False
    )
    assert ruling.problems == ("You may take a joker only if you went down on a previous turn.",)


def test_taking_a_joker_needs_the_exact_natural_it_stands_for():
    ruling = check_joker_exchange(find_ruleset("contract"), parse_cards("5S JK 7S 8S"), Card.parse("6H"))
    assert not ruling.legal


def test_a_joker_in_a_group_is_dead():
    ruling = check_joker_exchange(find_ruleset("contract"), parse_cards("9C 9D JK"), Card.parse("9S"))
    assert ruling.problems == ("The joker in 9C 9D JK is dead: a joker in a group can't be taken.",)


def test_contract_rules_card_states_both_conditions_for_taking_a_joker():
    text = {fact.key: fact.text for fact in rules_facts(find_ruleset("contract"))}["reclaim"]
    assert "went down on an earlier turn" in text
    assert "laid off in the same turn" in text


def test_shanghai_rules_card_gives_the_may_i_limit_per_player():
    text = {fact.key: fact.text for fact in rules_facts(find_ruleset("shanghai"))}["buying"]
    assert "at most two times a deal for each player" in text


def test_shanghai_rules_card_says_one_joker_per_meld_on_the_table_too():
    text = {fact.key: fact.text for fact in rules_facts(find_ruleset("shanghai"))}["max_wilds"]
    assert text == "At most one per meld, going down and on the table at any time."


# §6.5 Wild twos


def test_progressive_wild_twos_once_melded_stay_and_are_called_wild_cards():
    ruling = check_joker_exchange(find_ruleset("progressive"), parse_cards("5S 2C 7S 8S"), Card.parse("6S"))
    assert ruling.problems == ("In Progressive Rummy melded wild cards (jokers and twos) stay where they are: they can't be taken.",)
    assert "joker" not in ruling.problems[0].split("(")[0]


def test_a_wild_two_refused_in_an_exchange_is_called_a_wild_two():
    deuces = find_ruleset("contract").with_options("deuces-wild")
    ruling = check_joker_exchange(deuces, parse_cards("5S 2C 7S 8S"), Card.parse("6S"))
    assert ruling.problems == ("5S 2C 7S 8S has no joker; a wild two can't be taken, only a joker.",)


# §6.6 Nothing on a pair


def test_nothing_is_laid_off_on_a_pair():
    ruling = lay_off("progressive", "KC KH", "KD")
    assert ruling.problems == ("Nothing can be laid off on a pair: a pair is exactly 2 cards.",)


# Lay-off problems are graded, like go-down problems: a kind and a sentence ready to show


@pytest.mark.parametrize(
    ("ruleset_id", "meld", "cards", "kwargs", "kinds"),
    [
        ("contract", "5S 6S 7S 8S", "9S", {"turns_since_going_down": 0}, ["TIMING"]),
        ("contract", "", "9S", {}, ["MELD"]),
        ("contract", "5S 6S 7S 8S", "QH", {}, ["CARD"]),
        ("contract", "5S 6S 7S 8S", "10S", {}, ["GAP"]),
        ("contract", "JS QS KS AS", "2S", {}, ["WRAP"]),
        ("shanghai", "8H 8S JK", "JK", {}, ["WILDS"]),
        ("progressive", "KC KH", "KD", {}, ["MELD"]),
        ("contract", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "JK", {}, ["ROOM"]),
    ],
)
def test_lay_off_problems_are_graded_with_a_kind_and_a_sentence(ruleset_id, meld, cards, kwargs, kinds):
    from companion.rules import LayOffProblemKind

    ruling = lay_off(ruleset_id, meld, cards, **kwargs)
    assert [problem.kind for problem in ruling.details] == [LayOffProblemKind[k] for k in kinds]
    assert ruling.problems == tuple(problem.message for problem in ruling.details)
    assert all(p[:1].isupper() or p[:1].isdigit() for p in ruling.problems)


def test_exchange_problems_are_graded():
    from companion.rules import LayOffProblemKind

    ruling = check_joker_exchange(
        find_ruleset("contract"), parse_cards("9C 9D JK"), Card.parse("9S"), went_down_before_this_turn=False
    )
    assert [problem.kind for problem in ruling.details] == [LayOffProblemKind.TIMING, LayOffProblemKind.RULE]
    assert ruling.problems == tuple(problem.message for problem in ruling.details)
