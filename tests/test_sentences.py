"""RULES.md §5: the sentences that explain an illegal go-down, one test per rule, in §5's order and words."""

from __future__ import annotations

from companion.rules import ProblemKind, check_go_down, find_ruleset, parse_cards


def problems(ruleset_id, deal, melds, remaining=None):
    ruling = check_go_down(find_ruleset(ruleset_id), deal, [parse_cards(m) for m in melds], remaining)
    kinds = [p.kind for p in ruling.details]
    assert kinds == sorted(kinds)  # §5's order
    assert all((p[:1].isupper() or p[:1].isdigit()) and p.endswith(".") for p in ruling.problems)  # ready to show
    return ruling.problems


def test_a_run_longer_than_ace_to_ace_is_too_long_not_a_gap():
    found = problems("may-i", 3, ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK", "2C 3C 4C 5C"])
    assert found == ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK has 15 cards; a run has at most 14 (A to A).",)


def test_a_run_longer_than_two_to_ace_where_aces_are_high_only():
    found = problems("shanghai", 7, ["2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS JK", "2C 3C 4C 5C", "6D 7D 8D 9D"])
    assert "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS JK has 14 cards; a run has at most 13 (2 to A)." in found
    assert not any("skips" in p for p in found)


def test_too_many_cards_and_a_gap_are_both_said():
    found = problems("contract", 2, ["9C 9D", "5S 6S 8S 9S 10S"])
    assert found == (
        "9C 9D is 2 cards; a group needs 3.",
        "5S 6S 8S 9S 10S has 5 cards; going down, a run is exactly 4. Lay off the rest on a later turn.",
        "5S 6S 8S 9S 10S skips 7S and no wild fills it.",
    )


def test_too_many_cards_of_a_good_run_is_only_too_many():
    found = problems("contract", 2, ["9C 9D 9S", "5S 6S 7S 8S 9S"])
    assert found == ("5S 6S 7S 8S 9S has 5 cards; going down, a run is exactly 4. Lay off the rest on a later turn.",)


def test_round_the_corner_across_a_gap_is_round_the_corner():
    found = problems("progressive", 12, ["KH AH 3H", "3C 4C 5C", "6C 7C 8C", "9D 10D JD", "3S 4S 5S"])
    assert found == ("K-A-2-3 goes round the corner: an ace is high or low, not both.",)


def test_round_the_corner_of_the_meld_length():
    assert problems("contract", 3, ["QH KH AH 2H", "5C 6C 7C 8C"]) == (
        "Q-K-A-2 goes round the corner: an ace is high or low, not both.",
    )


def test_aces_high_only_with_a_gap_after_the_low_ace():
    assert problems("shanghai", 2, ["5C 5D 5H", "AS 3S 4S 5S"]) == ("Aces are high only: A-2-3-4-5 is not a run.",)


def test_a_plain_gap_next_to_a_low_ace_is_a_gap():
    assert problems("contract", 2, ["9C 9D 9S", "AS 3S 4S 5S"]) == ("AS 3S 4S 5S skips 2S and no wild fills it.",)


def test_gap_with_no_wild():
    assert problems("contract", 2, ["9C 9D 9S", "5S 6S 8S 9S"]) == ("5S 6S 8S 9S skips 7S and no wild fills it.",)


def test_problem_kinds_follow_section_5():
    """§5's twelve, in order, after §8.0's new one "first of all": a skip card in a meld."""
    assert [k.value for k in ProblemKind] == list(range(0, 13))
    assert ProblemKind(0) is ProblemKind.SKIP
