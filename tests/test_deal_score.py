"""A deal's judgement in the engine (companion.rules.deal_score): each line read and scored, the deal's checks.

RULES.md's scoring examples, then properties against a brute-force reference
written here from RULES.md alone: a hand's points are the sum of its ranks'
points, its adjustment the sum of the ticked bonuses, its total the two added.
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import fuzz
from hypothesis import given
from hypothesis import strategies as st

from companion.rules import RULESETS
from companion.rules.deal_score import (
    STOCK,
    DealTable,
    HandTextError,
    LineEntry,
    adjustments,
    hand_total,
    judge_deal,
    read_cards,
    read_points,
    score_line,
)

CONTRACT, LIVERPOOL, CONTINENTAL = RULESETS["contract"], RULESETS["liverpool"], RULESETS["continental"]
NAMES = {0: "Ann", 1: "Bob", 2: "Cat", 3: "Dan", 4: "Eve", 5: "Fay", 6: "Gus", 7: "Hal"}


@pytest.mark.parametrize(
    ("ruleset", "cards", "ticked", "out", "points", "adjustment", "total"),
    [
        # RULES.md §3.9: [KH JK 7S] 67, [AS 10D 2C] 23, drop and go out in one turn: 0 - 10 = -10
        (CONTINENTAL, "K JK 7", (), False, 67, 0, 67),
        (CONTINENTAL, "A 10 2", (), False, 23, 0, 23),
        (CONTINENTAL, "", ("one_turn_out",), True, 0, -10, -10),
        # §3.1: contract's points (JK 50? see the point table) and §3.2: an exact cut takes 50 off, below 0
        (CONTRACT, "K Q 7 JK", (), False, 42, 0, 42),
        (LIVERPOOL, "K", ("exact_cut",), False, 10, -50, -40),
        (LIVERPOOL, "kq7jk", ("exact_cut",), False, 42, -50, -8),
    ],
)
def test_rules_examples_score_as_written(ruleset, cards, ticked, out, points, adjustment, total):
    line = score_line(ruleset, cards=cards, ticked=ticked, out=out)
    assert (line.points, line.adjustment, line.total) == (points, adjustment, total)


def test_the_ruleset_adjustments_are_data_the_phone_gets_too():
    assert [(a.field, a.points) for a in adjustments(LIVERPOOL)] == [("exact_cut", -50)]
    assert [(a.field, a.points) for a in adjustments(CONTINENTAL)] == [("one_turn_out", -10)]
    assert adjustments(RULESETS["shanghai"]) == ()
    # an adjustment the ruleset doesn't have adds nothing to the line (judge_deal says why it can't be saved)
    assert score_line(RULESETS["shanghai"], cards="K", ticked={"exact_cut"}).total == 10


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("25.5", "“25.5” is not a number of points: type a whole number, like 25."),
        ("-3", "Points can't be negative: type the cards left, or their points."),
        ("2001", "2001 points is more than any hand can hold."),
        ("1000000001", "“1000000001” is not a number of points: type a whole number, like 25."),
        ("٣", "“٣” is not a number of points: type a whole number, like 25."),
    ],
)
def test_typed_points_out_of_bounds_are_sentences(text, message):
    with pytest.raises(HandTextError) as refused:
        read_points(text)
    assert str(refused.value) == message


def test_a_hand_longer_than_any_is_refused_before_it_is_read():
    with pytest.raises(HandTextError, match="a hand is at most 50 cards"):
        read_cards("K " * 101)
    with pytest.raises(HandTextError, match="51 cards is more than any hand holds"):
        read_cards("K" * 51)
    assert len(read_cards("K" * 50)) == 50


def test_both_cards_and_points_on_a_line_is_one_sentence():
    with pytest.raises(HandTextError, match="Enter the cards left or their points, not both."):
        score_line(CONTRACT, cards="K", points="10")


TABLE = DealTable(names={0: "Ann", 1: "Bob", 2: "Cat"}, cutter=2, buys={1: 1})


def test_a_deal_is_judged_as_a_whole():
    lines = [LineEntry(0), LineEntry(1, cards="K Q"), LineEntry(2, points="7", ticked=frozenset({"exact_cut"}))]
    judged = judge_deal(LIVERPOOL, 1, TABLE, 0, lines)
    assert judged.ok and judged.warnings == ()
    assert judged.totals == {0: 0, 1: 20, 2: -43}
    assert [hand.buys for hand in judged.hands] == [0, 1, 0]


def test_every_problem_is_beside_its_line():
    lines = [
        LineEntry(0, cards="K"),
        LineEntry(1, cards="Q Z"),
        LineEntry(2, points="5", ticked=frozenset({"exact_cut", "one_turn_out"})),
    ]
    judged = judge_deal(LIVERPOOL, 1, TABLE, 0, lines)
    assert not judged.ok and judged.hands == ()
    assert judged.line_problems == {
        0: "Ann went out, so Ann has no cards left: clear this line.",
        1: "'Z' is not a rank: a rank is A, 2-10, J, Q, K or JK (suits don't matter here).",
        2: "Liverpool Rummy has no bonus for going down and out in one turn.",
    }
    wrong_cutter = judge_deal(LIVERPOOL, 1, TABLE, STOCK, [LineEntry(1, cards="K", ticked=frozenset({"exact_cut"}))])
    assert wrong_cutter.line_problems == {1: "Only Cat, on the dealer's right, cut this deal."}


@pytest.mark.parametrize(
    ("went_out", "problem"),
    [(None, "Tap who went out, or “Nobody: the stock ran out”."), (7, "Tap one of the players at this table."),
     ("x", "Tap one of the players at this table.")],
)
def test_who_went_out_must_be_a_seat_or_the_stock(went_out, problem):
    judged = judge_deal(CONTRACT, 1, TABLE, went_out, [LineEntry(0, cards="K")])
    assert judged.went_out_problem == problem and judged.problems == (problem,)


def test_the_deal_warns_about_empty_lines_and_the_supply():
    empty = judge_deal(CONTRACT, 1, TABLE, 0, [LineEntry(0), LineEntry(1), LineEntry(2, cards="5")])
    assert empty.ok
    assert empty.warnings == (
        "Only one player goes out, but Bob has no cards entered: enter the cards left, or save anyway.",
    )
    stock = judge_deal(CONTRACT, 1, TABLE, STOCK, [LineEntry(0), LineEntry(1), LineEntry(2, cards="JK JK JK")])
    assert stock.warnings == (
        "Cat: Three jokers, but a table of 3 has two.",
        "The hands hold 3 jokers between them, but only 2 are in play.",
        "The stock ran out, so everyone scores, but Ann and Bob have no cards entered.",
    )


# ---------------------------------------------------------------------------
# Properties against a reference written from RULES.md's point tables


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK")
SPELLINGS = {"10": ("10", "T", "10h"), "A": ("A", "a", "1"), "JK": ("JK", "joker", "*")}


def reference_points(ruleset, ranks):
    table = ruleset.points.as_dict()
    total = 0
    for rank in ranks:
        total += table[rank]
    return total


def reference_adjustment(ruleset, ticked):
    bonus = 0
    if "exact_cut" in ticked:
        bonus -= ruleset.exact_cut_bonus
    if "one_turn_out" in ticked:
        bonus -= ruleset.one_turn_out_bonus
    return bonus


rulesets = st.sampled_from(sorted(RULESETS.values(), key=lambda r: r.id))
hands = st.lists(st.sampled_from(RANKS), max_size=20)
tickings = st.frozensets(st.sampled_from(("exact_cut", "one_turn_out")))


def test_a_line_scores_its_ranks_plus_its_bonuses():
    counts: Counter[str] = Counter()

    @fuzz(400)
    @given(rulesets, hands, tickings, st.data())
    def scored(ruleset, ranks, ticked, data):
        spelled = [data.draw(st.sampled_from(SPELLINGS.get(rank, (rank, rank.lower())))) for rank in ranks]
        line = score_line(ruleset, cards=" ".join(spelled), ticked=ticked)
        assert line.ranks == tuple(ranks)
        assert line.points == reference_points(ruleset, ranks)
        assert line.adjustment == reference_adjustment(ruleset, ticked)
        assert line.total == line.points + line.adjustment == hand_total(line.points, line.adjustment)
        counts["lines"] += 1
        counts["bonus"] += line.adjustment != 0

    scored()
    assert counts["lines"] >= 400 and counts["bonus"] >= 20, counts


def test_a_deal_that_meets_the_form_is_saved_with_the_reference_totals():
    """Built to be right: one seat went out with an empty line, the others hold cards or typed points."""
    counts: Counter[str] = Counter()

    @fuzz(300)
    @given(rulesets, st.data())
    def saved(ruleset, data):
        players = data.draw(st.integers(ruleset.min_players, ruleset.max_players))
        names = {seat: NAMES[seat] for seat in range(players)}
        cutter = data.draw(st.sampled_from(sorted(names)))
        out = data.draw(st.sampled_from(sorted(names)))
        lines, expected = [], {}
        for seat in names:
            ticked = set()
            if ruleset.exact_cut_bonus and seat == cutter and data.draw(st.booleans()):
                ticked.add("exact_cut")
            if ruleset.one_turn_out_bonus and seat == out and data.draw(st.booleans()):
                ticked.add("one_turn_out")
            if seat == out:
                lines.append(LineEntry(seat, ticked=frozenset(ticked)))
                points = 0
            elif data.draw(st.booleans()):
                points = data.draw(st.integers(0, 2000))
                lines.append(LineEntry(seat, points=str(points), ticked=frozenset(ticked)))
            else:
                ranks = data.draw(st.lists(st.sampled_from(RANKS), min_size=1, max_size=6))
                points = reference_points(ruleset, ranks)
                lines.append(LineEntry(seat, cards=" ".join(ranks), ticked=frozenset(ticked)))
            expected[seat] = points + reference_adjustment(ruleset, ticked)
        judged = judge_deal(ruleset, 1, DealTable(names=names, cutter=cutter), out, lines)
        assert judged.ok, judged.problems
        assert judged.totals == expected
        counts["ok"] += 1

    saved()
    assert counts["ok"] >= 300, counts


def test_a_line_that_cant_be_read_is_a_problem_beside_that_line_only():
    """A line is refused exactly when the reader refuses its text, and then only that line."""
    counts: Counter[str] = Counter()

    three = {0: "Ann", 1: "Bob", 2: "Cat"}  # a table every built-in ruleset is played by

    @fuzz(300)
    @given(rulesets, st.sampled_from(sorted(three)), st.one_of(st.text(max_size=8), hands.map(" ".join)))
    def judged_once(ruleset, seat, text):
        other = (seat + 1) % len(three)
        try:
            read_cards(text)
            readable = True
        except HandTextError:
            readable = False
        lines = [LineEntry(s, cards=text if s == seat else "") for s in three if s != other]
        judged = judge_deal(ruleset, 1, DealTable(names=three, cutter=0), other, lines)
        assert judged.ok == readable
        assert set(judged.line_problems) == (set() if readable else {seat})
        counts["readable" if readable else "refused"] += 1

    judged_once()
    assert counts["readable"] >= 50 and counts["refused"] >= 50, counts


# Issue 27, finding 3: going out needs the phase (RULES.md §8.6.4), so the score form takes the player who went
# out as having made it, ticked or not; in a deal everyone plays the same contract the tick means nothing.
@pytest.mark.parametrize("out", [0, 1, 2])
@pytest.mark.parametrize("ticked", [set(), {1}, {0, 1, 2}])
def test_the_player_who_went_out_made_their_phase_ticked_or_not(out, ticked):
    from companion.rules.phase10 import PHASE10

    lines = [LineEntry(position=p, points="" if p == out else "10", made=p in ticked) for p in range(3)]
    judged = judge_deal(PHASE10, 1, DealTable(names={0: "Ann", 1: "Bob", 2: "Cat"}, cutter=2), out, lines)
    assert judged.ok, judged.problems
    assert {hand.position: hand.made for hand in judged.hands} == {p: p == out or p in ticked for p in range(3)}
    stock = judge_deal(PHASE10, 1, DealTable(names={0: "Ann", 1: "Bob", 2: "Cat"}, cutter=2), STOCK,
                       [LineEntry(position=p, points="10", made=p in ticked) for p in range(3)])  # fmt: skip
    assert {hand.position: hand.made for hand in stock.hands} == {p: p in ticked for p in range(3)}


def test_in_a_fixed_game_going_out_marks_nothing_made():
    lines = [LineEntry(position=0), LineEntry(position=1, cards="K"), LineEntry(position=2, cards="Q")]
    judged = judge_deal(RULESETS["contract"], 1, TABLE, 0, lines)
    assert [hand.made for hand in judged.hands] == [False, False, False]
