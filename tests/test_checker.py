"""The go-down checker beyond RULES.md §4's examples: §2.1's order-free matching, readings and
wild stand-ins, API.md's JSON shape, §5's sentences and their order, the table size, and
"explain each meld as the kind it resembles"."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections import Counter

import pytest
from rules_examples import GO_DOWNS

from companion.rules import (
    Card,
    DealOutOfRangeError,
    MeldKind,
    PlayersOutOfRangeError,
    ProblemKind,
    Rank,
    Suit,
    TableSupply,
    check_go_down,
    find_ruleset,
    parse_cards,
)
from companion.rules.cards import STANDARD_PACK


def melds_of(text: str) -> list[tuple[Card, ...]]:
    """``"7H 7S 7D | KC KD JK"`` as two melds; ``""`` as no meld at all."""
    return [parse_cards(meld) for meld in text.split("|")] if text.strip() else []


def check(ruleset_id, deal, melds, remaining=None, players=None):
    ruleset = find_ruleset(ruleset_id) if isinstance(ruleset_id, str) else ruleset_id
    return check_go_down(ruleset, deal, melds_of(melds), None if remaining is None else parse_cards(remaining), players)


def _ids(examples):
    return [f"{example[0]}-{example[1]}" for example in examples]


# -- §2.1.3: melds and cards may come in any order --------------------------------------------


def _shuffled(melds: list[tuple[Card, ...]], rng: random.Random) -> list[tuple[Card, ...]]:
    melds = [list(meld) for meld in melds]
    for meld in melds:
        rng.shuffle(meld)
    rng.shuffle(melds)
    return [tuple(meld) for meld in melds]


@pytest.mark.parametrize(("ruleset_id", "rule", "deal", "melds", "remaining", "legal", "words"), GO_DOWNS, ids=_ids(GO_DOWNS))
def test_order_of_melds_and_cards_does_not_change_the_ruling(ruleset_id, rule, deal, melds, remaining, legal, words):
    ruleset = find_ruleset(ruleset_id)
    rest = None if remaining is None else parse_cards(remaining)
    written = check_go_down(ruleset, deal, melds_of(melds), rest)
    rng = random.Random(f"{ruleset_id}-{rule}")
    for _ in range(6):
        ruling = check_go_down(ruleset, deal, _shuffled(melds_of(melds), rng), rest)
        assert ruling.legal is legal
        # the same problems are found, whatever the order they were written in
        assert sorted(p.kind for p in ruling.details) == sorted(p.kind for p in written.details)


@pytest.mark.parametrize(
    ("ruleset_id", "deal", "melds"),
    [
        ("contract", 2, "9C 9D 9S | 5S 6S JK 8S"),
        ("contract", 3, "3H 4H 5H JK | 7H 8H 9H 10H"),
        ("contract", 7, "AS 2S 3S 4S | 5H 6H 7H 8H 9H | 10C JC QC KC"),
        ("progressive", 14, "8S 8D 8H 8C 8S | 4D 5D 6D 7D JK | KC KH"),
        ("progressive", 12, "3H 4H 5H | 6H 7H 8H | 9S 10S JS | QD KD AD | 6C 7C 2D"),
        ("shanghai-kolsov", 8, "2H 2S 2D | 5C 6C 7C 8C 9C 10C JC QC KC AC"),
    ],
)
def test_every_permutation_of_melds_is_legal(ruleset_id, deal, melds):
    for order in itertools.permutations(melds_of(melds)):
        assert check(ruleset_id, deal, " | ".join(" ".join(map(str, meld)) for meld in order)).legal


def test_every_order_of_cards_in_a_run_is_legal():
    for order in itertools.permutations(parse_cards("5S 6S JK 8S")):
        melds = [parse_cards("9C 9D 9S"), order]
        assert check_go_down(find_ruleset("contract"), 2, melds).legal


# -- readings: kind, rank, suit, low, high ---------------------------------------------------

# (ruleset, deal, melds, expected reading of each meld as API.md's JSON, without "cards" and "wilds")
READINGS = [
    ("contract", 2, "9C 9D 9S | 5S 6S JK 8S", [{"kind": "set", "rank": "9"}, {"kind": "run", "suit": "S", "low": "5", "high": "8"}]),
    ("contract", 2, "5S 6S JK 8S | 9C 9D 9S", [{"kind": "run", "suit": "S", "low": "5", "high": "8"}, {"kind": "set", "rank": "9"}]),
    ("contract", 1, "7H 7S 7D | KC KD JK", [{"kind": "set", "rank": "7"}, {"kind": "set", "rank": "K"}]),
    ("contract", 3, "3H 4H 5H JK | 7H 8H 9H 10H", [{"kind": "run", "suit": "H", "low": "2", "high": "5"}, {"kind": "run", "suit": "H", "low": "7", "high": "10"}]),
    ("combination", 3, "JS QS KS AS | AC 2C 3C 4C", [{"kind": "run", "suit": "S", "low": "J", "high": "A"}, {"kind": "run", "suit": "C", "low": "A", "high": "4"}]),
    ("combination", 3, "AS KS QS JS | 4C 3C AC 2C", [{"kind": "run", "suit": "S", "low": "J", "high": "A"}, {"kind": "run", "suit": "C", "low": "A", "high": "4"}]),
    ("shanghai", 2, "5C 5D 5H | JS QS KS AS", [{"kind": "set", "rank": "5"}, {"kind": "run", "suit": "S", "low": "J", "high": "A"}]),
    ("shanghai-kolsov", 8, "2H 2S 2D | 5C 6C 7C 8C 9C 10C JC QC KC AC", [{"kind": "set", "rank": "2"}, {"kind": "run", "suit": "C", "low": "5", "high": "A"}]),
    ("progressive", 14, "KC KH | 8S 8D 8H 8C 8S | 4D 5D 6D 7D 8D", [{"kind": "pair", "rank": "K"}, {"kind": "set", "rank": "8"}, {"kind": "run", "suit": "D", "low": "4", "high": "8"}]),
    ("progressive", 2, "7D 7S 7H | 9S JK 2C QS", [{"kind": "set", "rank": "7"}, {"kind": "run", "suit": "S", "low": "9", "high": "Q"}]),
    ("progressive", 1, "9C 2S 9D | 4S 4H JK", [{"kind": "set", "rank": "9"}, {"kind": "set", "rank": "4"}]),
    ("contract", 7, "10C JC QC KC AC | AS 2S 3S 4S | 5H 6H 7H 8H", [{"kind": "run", "suit": "C", "low": "10", "high": "A"}, {"kind": "run", "suit": "S", "low": "A", "high": "4"}, {"kind": "run", "suit": "H", "low": "5", "high": "8"}]),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset_id", "deal", "melds", "expected"), READINGS, ids=[f"{r}-deal_{d}-{m}" for r, d, m, _ in READINGS])
def test_reading_of_each_meld(ruleset_id, deal, melds, expected):
    ruling = check(ruleset_id, deal, melds)
    assert ruling.legal, ruling.problems
    assert len(ruling.readings) == len(expected)
    for reading, meld, want in zip(ruling.readings, melds_of(melds), expected, strict=True):
        shape = reading.to_json()
        assert shape["cards"] == [str(card) for card in meld]  # input order, canonical cards
        assert {key: value for key, value in shape.items() if key not in ("cards", "wilds")} == want


def test_contract_deal_7_runs_of_four_or_more_need_every_card():
    # a run of 3 is too short even in a meld-all deal, where lengths are minimums
    ruling = check("contract", 7, "10C JC QC KC AC | AS 2S 3S 4S | 5H 6H 7H", remaining="")
    assert not ruling.legal
    assert "5H 6H 7H is 3 cards" in ruling.problems[0]


def test_reading_fields():
    ruling = check("contract", 2, "9C 9D 9S | 5S 6S JK 8S")
    group, run = ruling.readings
    assert (group.kind, group.rank, group.suit) == (MeldKind.SET, Rank.NINE, None)
    assert (run.kind, run.suit, run.low, run.high, run.rank) == (MeldKind.RUN, Suit.SPADES, 5, 8, None)
    assert run.wilds == ((2, Card(Rank.SEVEN, Suit.SPADES)),)


def test_ace_high_run_reads_position_14():
    run = check("shanghai", 2, "5C 5D 5H | JS QS KS AS").readings[1]
    assert (run.low, run.high) == (11, 14)
    low = check("contract", 2, "5C 5D 5H | AS 2S 3S 4S").readings[1]
    assert (low.low, low.high) == (1, 4)


# -- wild stand-ins --------------------------------------------------------------------------


def _stand_ins(ruling, meld_index):
    return {int(index): card for index, card in ruling.to_json()["melds"][meld_index]["wilds"].items()}


# (ruleset, deal, melds, meld index, the stand-ins every legal reading agrees on)
STAND_INS = [
    # RULES.md §3.1 (c): 6H would join the heart runs, so the joker can only be 2H
    ("contract", 3, "3H 4H 5H JK | 7H 8H 9H 10H", 0, {3: "2H"}),
    ("contract", 3, "JK 3H 4H 5H | 7H 8H 9H 10H", 0, {0: "2H"}),
    ("contract", 3, "5H JK 3H 4H | 7H 8H 9H 10H", 0, {1: "2H"}),
    ("contract", 3, "7H 8H 9H 10H | 4H JK 5H 3H", 1, {1: "2H"}),
    # a single gap fixes the joker
    ("contract", 2, "9C 9D 9S | 5S 6S JK 8S", 1, {2: "7S"}),
    ("contract", 2, "9C 9D 9S | 8S JK 5S 6S", 1, {1: "7S"}),
    ("contract", 2, "9C 9D 9S | 5S JK JK 8S", 1, {1: "6S", 2: "7S"}),
    # ambiguous windows: no stand-in may be claimed
    ("contract", 2, "9C 9D 9S | 5S 6S JK JK", 1, {}),
    ("contract", 2, "9C 9D 9S | 5S 6S 7S JK", 1, {}),
    ("contract", 2, "9C 9D 9S | JK 5S JK 6S", 1, {}),
    ("contract", 2, "9C 9D 9S | 5S JK 7S JK", 1, {}),
    ("may-i", 2, "9C 9D 9S | 5S 6S 7S JK JK", 1, {}),
    ("progressive", 14, "8S 8D 8H 8C 8S | 4D 5D 6D 7D JK | KC KH", 1, {}),  # 3D or 8D
    ("progressive", 12, "3H 4H 5H | 6H 7H 8H | 9S 10S JS | QD KD AD | 6C 7C 2D", 4, {}),  # 5C or 8C
    # the window is fixed by the ends of the ranks
    ("contract", 2, "9C 9D 9S | JK QS KS AS", 1, {0: "JS"}),
    ("shanghai", 2, "5C 5D 5H | JK 3S 4S 5S", 1, {}),  # aces high only leaves 2S-5S and 3S-6S
    ("shanghai", 3, "JK 7H 8H 9H | 2H 3H 4H JK", 0, {0: "10H"}),  # 2-5 (no A-4 when aces are high); 6-9 would join it
    ("shanghai", 3, "JK 7H 8H 9H | 2H 3H 4H JK", 1, {3: "5H"}),
    # a set's wild has no fixed suit
    ("contract", 1, "7H 7S JK | KC KD KS", 0, {}),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset_id", "deal", "melds", "index", "expected"), STAND_INS, ids=[f"{r}-deal_{d}-{m}" for r, d, m, _, _ in STAND_INS])
def test_wild_stand_ins(ruleset_id, deal, melds, index, expected):
    ruling = check(ruleset_id, deal, melds)
    assert ruling.legal, ruling.problems
    assert _stand_ins(ruling, index) == expected


def test_fixed_stand_ins_in_a_meld_whose_window_is_fixed_by_another_meld():
    # J-A would join 7-10 of spades; 10-K overlaps it, so the jokers are 10S and JS in some order
    ruling = check("contract", 3, "JK JK QS KS | 7S 8S 9S 10S")
    assert ruling.legal
    run = ruling.readings[0]
    assert (run.low, run.high) == (10, 13)
    assert sorted(_stand_ins(ruling, 0).values(), key=str) in ([], ["10S", "JS"])


def test_progressive_joker_and_deuce_fill_10s_and_js():
    ruling = check("progressive", 2, "7D 7S 7H | 9S JK 2C QS")
    stand_ins = _stand_ins(ruling, 1)
    assert set(stand_ins) <= {1, 2}
    assert set(stand_ins.values()) <= {"10S", "JS"}
    assert len(set(stand_ins.values())) == len(stand_ins)


def _natural_world(ruleset):
    """The ruleset with supply no substitution can break: a stand-in is then just a natural card."""
    return dataclasses.replace(
        ruleset,
        supply=(TableSupply(min_players=ruleset.min_players, max_players=ruleset.max_players, packs=99, jokers=99),),
    )


def legal_substitutions(ruleset, deal, melds):
    """Every way to replace each wild by a natural card so that the go-down is legal.

    A candidate shares a rank or a suit with the meld's naturals (a meld has at least one
    natural, and every card of a set shares its rank, every card of a run its suit); the
    rank only when the naturals mix suits, the suit only when they mix ranks.
    Yields, for each legal substitution, the substitutes of each meld's wilds as a Counter.
    """
    world = _natural_world(ruleset)
    places = []
    for i, meld in enumerate(melds):
        naturals = [card for card in meld if not ruleset.is_wild(card)]
        ranks = {card.rank for card in naturals}
        suits = {card.suit for card in naturals}
        if len(suits) > 1:  # only a set: a stand-in keeps the rank
            candidates = [card for card in STANDARD_PACK if card.rank in ranks]
        elif len(ranks) > 1:  # only a run: a stand-in keeps the suit
            candidates = [card for card in STANDARD_PACK if card.suit in suits]
        else:
            candidates = [card for card in STANDARD_PACK if card.rank in ranks or card.suit in suits]
        places += [((i, j), candidates) for j, card in enumerate(meld) if ruleset.is_wild(card)]
    for choice in itertools.product(*(candidates for _, candidates in places)):
        substituted = [list(meld) for meld in melds]
        for ((i, j), _), card in zip(places, choice, strict=True):
            substituted[i][j] = card
        if check_go_down(world, deal, substituted).legal:
            per_meld = [Counter() for _ in melds]
            for ((i, _), _), card in zip(places, choice, strict=True):
                per_meld[i][card] += 1
            yield per_meld


# legal go-downs with wilds (rulesets where every wild is a joker)
WILD_GO_DOWNS = [
    ("contract", 2, "9C 9D 9S | 5S 6S JK 8S"),
    ("contract", 2, "9C 9D 9S | 5S JK JK 8S"),
    ("contract", 2, "9C 9D 9S | 5S 6S JK JK"),
    ("contract", 2, "9C JK 9S | JK 6S 7S 8S"),
    ("contract", 3, "3H 4H 5H JK | 7H 8H 9H 10H"),
    ("contract", 3, "JK 4H 5H JK | 7H 8H 9H 10H"),
    ("contract", 3, "JK JK QS KS | 7S 8S 9S 10S"),
    ("contract", 3, "2C JK 4C 5C | 7C JK 9C 10C"),
    ("contract", 2, "9C 9D 9S | JK QS KS AS"),
    ("contract", 2, "9C 9D 9S | AS 2S JK 4S"),
    ("contract", 2, "9C 9D 9S | AS JK 3S 4S"),
    ("parlett", 3, "2H 3H JK 5H | 7H JK 9H 10H"),
    ("parlett", 3, "2H 3H 4H JK | 7H 8H 9H JK"),
    ("shanghai", 2, "5C 5D JK | JK 3S 4S 5S"),
    ("shanghai", 2, "5C 5D 5H | JK QS KS AS"),
    ("shanghai", 3, "JK 7H 8H 9H | 2H 3H 4H JK"),
    ("shanghai-powe", 2, "5C 5D JK | JK QS KS AS"),
    ("may-i", 2, "9C 9D 9S | 5S 6S 7S JK JK"),
    ("may-i", 3, "3D 4D 5D JK | 7D 8D JK"),  # illegal: a run of 3 (kept to check the list is honest)
    ("combination", 3, "JS QS JK AS | AC 2C JK 4C"),
    ("continental", 3, "4H 5H JK 7H | 8H 9H JK JH"),
    ("continental", 1, "10S JK JK | QD QS QH"),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset_id", "deal", "melds"), WILD_GO_DOWNS, ids=[f"{r}-deal_{d}-{m}" for r, d, m in WILD_GO_DOWNS])
def test_stand_ins_are_claimed_only_where_every_legal_reading_agrees(ruleset_id, deal, melds):
    ruleset = find_ruleset(ruleset_id)
    ruling = check(ruleset, deal, melds)
    cards = melds_of(melds)
    substitutions = list(legal_substitutions(ruleset, deal, cards))
    # legal exactly when some choice of what each wild stands for makes it legal (§2.1.3)
    assert ruling.legal is bool(substitutions)
    if not ruling.legal:
        return
    for index, reading in enumerate(ruling.readings):
        claimed = Counter(card for _, card in reading.wilds)
        for j, card in reading.wilds:
            assert ruleset.is_wild(cards[index][j]), "a stand-in is claimed for a natural card"
            assert not ruleset.is_wild(card)
        for substitution in substitutions:
            assert not claimed - substitution[index], (index, claimed, substitution[index])


# -- API.md's JSON shape ----------------------------------------------------------------------


def test_to_json_shape_of_a_legal_ruling():
    data = check("contract", 2, "9C 9D 9S | 5S 6S JK 8S").to_json()
    assert json.loads(json.dumps(data)) == data
    assert set(data) == {"legal", "problems", "melds"}
    assert data["legal"] is True
    assert data["problems"] == []
    group, run = data["melds"]
    assert {"kind": group["kind"], "cards": group["cards"], "rank": group["rank"]} == {"kind": "set", "cards": ["9C", "9D", "9S"], "rank": "9"}
    assert set(group) <= {"kind", "cards", "rank", "wilds"}
    assert {key: run[key] for key in ("kind", "suit", "cards", "low", "high", "wilds")} == {
        "kind": "run", "suit": "S", "cards": ["5S", "6S", "JK", "8S"], "low": "5", "high": "8", "wilds": {"2": "7S"},
    }  # fmt: skip
    assert set(run) <= {"kind", "suit", "cards", "low", "high", "wilds"}


def test_to_json_cards_are_canonical():
    ruling = check_go_down(find_ruleset("contract"), 2, [parse_cards("9c 9♦ 9s"), parse_cards("5♠ 6s joker 8S")])
    data = ruling.to_json()
    assert data["melds"][0]["cards"] == ["9C", "9D", "9S"]
    assert data["melds"][1]["cards"] == ["5S", "6S", "JK", "8S"]


def test_to_json_shape_of_an_illegal_ruling():
    data = check("contract", 3, "QH KH AH 2H | 5C 6C 7C 8C").to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["legal"] is False
    assert data["problems"] and all(isinstance(p, str) for p in data["problems"])
    assert [meld["kind"] for meld in data["melds"]] == ["run", "run"]
    assert data["melds"][1]["low"] == "5" and data["melds"][1]["high"] == "8"


def test_to_json_pair_has_a_rank():
    data = check("progressive", 14, "8S 8D 8H 8C 8S | 4D 5D 6D 7D 8D | KC KH").to_json()
    assert {key: data["melds"][2][key] for key in ("kind", "rank", "cards")} == {"kind": "pair", "rank": "K", "cards": ["KC", "KH"]}


# -- §5: the sentences ------------------------------------------------------------------------

# (rule, ruleset, deal, melds, remaining, the sentence of §5 for these cards)
SENTENCES = [
    ("wrong_number_of_melds", "contract", 3, "5S 6S 7S 8S", None, "Deal 3 needs two runs of 4; you laid down 1 meld."),
    ("too_few_cards", "contract", 1, "7H 7S | KC KD KS", None, "7H 7S is 2 cards; a group needs 3."),
    ("mixed_suits", "contract", 2, "9C 9D 9S | 5S 6S 7H 8S", None, "5S 6S 7H 8S mixes suits."),
    ("gap", "contract", 2, "9C 9D 9S | 5S 6S 8S 9S", None, "5S 6S 8S 9S skips 7S and no wild fills it."),
    ("wrap_around_ace", "contract", 3, "QH KH AH 2H | 5C 6C 7C 8C", None, "Q-K-A-2 goes round the corner: an ace is high or low, not both."),
    ("aces_high_only", "shanghai", 2, "5C 5D 5H | AS 2S 3S 4S", None, "Aces are high only: A-2-3-4 is not a run."),
    ("too_many_wilds", "parlett", 1, "8C JK JK | QS QH QD", None, "8C JK JK has 2 wilds; this game allows 1 per meld."),
    ("no_natural_card", "combination", 4, "JK JK JK | 5C 5D 5H | 8S 8D 8C", None, "JK JK JK has no natural card."),
    ("contiguous_runs", "shanghai", 3, "6H 7H 8H 9H | 10H JH QH KH", None, "6-9 and 10-K of hearts join end to end; they must overlap or leave a gap."),
    ("repeated_set_rank", "shanghai", 4, "8H 8S 8D | 8C 8H 8S | KD KS KC", None, "Two books of 8s: a contract can't use a rank twice."),
    ("beyond_the_packs", "contract", 1, "7H 7H 7H | KC KD KS", None, "Three 7H, but there are only two packs."),
    ("unmelded_cards", "contract", 7, "AS 2S 3S 4S | 5H 6H 7H 8H | 10C JC QC KC", "9D", "Deal 7 must use every card: 9D is left."),
]  # fmt: skip


@pytest.mark.parametrize(("rule", "ruleset_id", "deal", "melds", "remaining", "sentence"), SENTENCES, ids=[s[0] for s in SENTENCES])
def test_problem_sentence(rule, ruleset_id, deal, melds, remaining, sentence):
    assert check(ruleset_id, deal, melds, remaining).problems == (sentence,)


# (rule, ruleset, deal, melds, remaining, fragments of the one problem) where §5's wording is an outline
SENTENCE_FRAGMENTS = [
    ("wrong_kind_of_meld", "contract", 3, "5C 5D 5H | 6S 7S 8S 9S", None, ("5C 5D 5H is a group", "deal 3 needs", "runs")),
    ("too_many_cards", "contract", 2, "9C 9D 9S | 5S 6S 7S 8S 9S", None, ("5 cards", "a run is exactly 4", "Lay off")),
    ("too_many_cards_lay_off_this_turn", "shanghai", 2, "9C 9D 9S | 5S 6S 7S 8S 9S", None, ("5 cards", "a run is exactly 4", "this turn")),
    ("one_run_per_suit", "shanghai-powe", 3, "6H 7H 8H 9H | JH QH KH AH", None, ("only one run per suit",)),
    ("too_many_jokers", "continental", 1, "10S JK JK | QD JK QH", None, ("Three jokers", "two")),
    ("repeated_rank_in_a_run", "contract", 2, "9C 9D 9S | 5S 6S 6S 7S", None, ("6S",)),
    ("gap_too_wide_for_the_wilds", "contract", 2, "9C 9D 9S | 4S JK 8S 9S", None, ("skips", "5S", "6S", "7S")),
    ("unmelded_cards_plural", "combination", 7, "AS 2S 3S 4S | 5H 6H 7H 8H | 10C JC QC KC", "9D KH", ("9D KH",)),
]  # fmt: skip


@pytest.mark.parametrize(("rule", "ruleset_id", "deal", "melds", "remaining", "fragments"), SENTENCE_FRAGMENTS, ids=[s[0] for s in SENTENCE_FRAGMENTS])
def test_problem_sentence_fragments(rule, ruleset_id, deal, melds, remaining, fragments):
    problems = check(ruleset_id, deal, melds, remaining).problems
    assert len(problems) == 1, problems
    for fragment in fragments:
        assert fragment in problems[0]


def test_problems_come_in_the_order_of_section_5():
    # deal 7 of contract: three runs of 4, every card melded, and two packs
    ruling = check("contract", 7, "5S 6S 7H 8S | 7H 7S | QH KH AH 2H", remaining="7H 9D")
    fragments = [
        "7H 7S is a group",  # 1. wrong kind of meld
        "5S 6S 7H 8S mixes suits",  # 4. mixed suits
        "Q-K-A-2 goes round the corner",  # 6. wrap-around ace
        "Three 7H",  # 11. beyond the packs
        "Deal 7 must use every card",  # 12. unmelded
    ]
    assert len(ruling.problems) == len(fragments), ruling.problems
    for problem, fragment in zip(ruling.problems, fragments, strict=True):
        assert fragment in problem
    kinds = [p.kind for p in ruling.details]
    assert kinds == sorted(kinds)
    assert kinds == [ProblemKind.MELD_COUNT, ProblemKind.MIXED, ProblemKind.WRAP, ProblemKind.SUPPLY, ProblemKind.UNMELDED]


def test_too_few_comes_before_too_many_and_mixed():
    ruling = check("contract", 5, "7H 7S 7D 7C | 5S 6S 7H 8S | KC KD", remaining=None)
    kinds = [p.kind for p in ruling.details]
    assert kinds == sorted(kinds)
    assert [ProblemKind.TOO_FEW, ProblemKind.TOO_MANY, ProblemKind.MIXED] == kinds
    assert ruling.problems[0] == "KC KD is 2 cards; a group needs 3."


def test_wilds_come_before_no_natural_and_supply():
    ruling = check("shanghai", 1, "8H JK JK | JK JK JK", players=3)
    kinds = [p.kind for p in ruling.details]
    assert kinds == [ProblemKind.WILDS, ProblemKind.NO_NATURAL, ProblemKind.SUPPLY]
    assert ruling.problems[-1].startswith("Five jokers")


def test_legal_has_no_problems_and_illegal_has_some():
    assert check("contract", 1, "7H 7S 7D | KC KD JK").problems == ()
    assert check("contract", 1, "7H 7S 7D | KC KD QS").problems


# -- the table size (§2.1.1 and API.md) ------------------------------------------------------

# (ruleset, deal, melds, remaining, players, legal)
PLAYERS = [
    # contract: 2 packs, jokers n − 1; without players, the largest table (4 jokers)
    ("contract", 2, "9C 9D 9S | 5S JK JK 8S", "JK", 3, False),
    ("contract", 2, "9C 9D 9S | 5S JK JK 8S", "JK", 4, True),
    ("contract", 2, "9C 9D 9S | 5S JK JK 8S", "JK", None, True),
    ("contract", 1, "7H 7S JK | KC KD JK", "JK JK", 4, False),
    ("contract", 1, "7H 7S JK | KC KD JK", "JK JK", 5, True),
    ("contract", 1, "7H 7S JK | KC KD JK", "JK JK", None, True),  # §3.1 (b): up to 4 JK pass
    ("contract", 1, "7H 7S JK | KC KD JK", "JK JK JK", None, False),
    # parlett: 2 packs for 3–4 players, 3 for 5–8
    ("parlett", 1, "7H 7H 7H | KC KD KS", None, 4, False),
    ("parlett", 1, "7H 7H 7H | KC KD KS", None, 5, True),
    ("parlett", 1, "7H 7H 7H | KC KD KS", None, None, True),
    ("parlett", 1, "7H 7S JK | KC KD JK", None, 3, False),  # one joker for 3–4 players
    ("parlett", 1, "7H 7S JK | KC KD JK", None, 8, True),
    # combination: 4 packs for 7–8 players
    ("combination", 1, "KH KH KH | 4C 4D 4S", "KH", 6, False),
    ("combination", 1, "KH KH KH | 4C 4D 4S", "KH", 7, True),
    # may-i: ⌈n/2⌉ packs
    ("may-i", 1, "7H 7H 7H 7S | KC KD KS", None, 4, False),
    ("may-i", 1, "7H 7H 7H 7S | KC KD KS", None, 5, True),
    # continental: two jokers at any size
    ("continental", 1, "10S JK JK | QD QS QH", None, 2, True),
    ("continental", 1, "10S JK JK | QD QS QH", "JK", 8, False),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset_id", "deal", "melds", "remaining", "players", "legal"), PLAYERS, ids=[f"{p[0]}-deal_{p[1]}-{p[4]}_players-{i}" for i, p in enumerate(PLAYERS)])
def test_players_change_the_supply(ruleset_id, deal, melds, remaining, players, legal):
    assert check(ruleset_id, deal, melds, remaining, players).legal is legal


def test_three_jokers_at_a_table_of_three():
    ruling = check("contract", 2, "9C 9D 9S | 5S JK JK 8S", "JK", 3)
    assert len(ruling.problems) == 1
    for fragment in ("Three jokers", "3", "two"):
        assert fragment in ruling.problems[0]


@pytest.mark.parametrize(("ruleset_id", "players"), [("contract", 2), ("contract", 6), ("parlett", 9), ("continental", 1), ("progressive", 0)])
def test_players_outside_the_range_raise(ruleset_id, players):
    with pytest.raises(PlayersOutOfRangeError):
        check(ruleset_id, 1, "7H 7S 7D | KC KD KS", players=players)


@pytest.mark.parametrize(("ruleset_id", "deal"), [("contract", 0), ("contract", 8), ("shanghai-powe", 9), ("progressive", 16)])
def test_deal_outside_the_schedule_raises(ruleset_id, deal):
    with pytest.raises(DealOutOfRangeError):
        check(ruleset_id, deal, "7H 7S 7D | KC KD KS")


# -- meld count (§5.1) -------------------------------------------------------------------------

# (ruleset, deal, melds, the count sentence)
COUNTS = [
    ("contract", 1, "", "Deal 1 needs two groups of 3; you laid down 0 melds."),
    ("contract", 1, "7H 7S 7D", "Deal 1 needs two groups of 3; you laid down 1 meld."),
    ("contract", 1, "7H 7S 7D | KC KD KS | 9S 9D 9H", "Deal 1 needs two groups of 3; you laid down 3 melds."),
    ("combination", 1, "KH KD KS", "Deal 1 needs two sets of 3; you laid down 1 meld."),
    ("shanghai-powe", 7, "4C 4D 4H | 9S 9D 9C | KH KS KD", "Deal 7 needs four books of 3; you laid down 3 melds."),
    ("progressive", 14, "8S 8D 8H 8C 8S | KC KH", "Deal 14 needs one set of 5, one run of 5 and one pair; you laid down 2 melds."),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset_id", "deal", "melds", "sentence"), COUNTS, ids=[f"{r}-deal_{d}-{len(melds_of(m))}_melds" for r, d, m, _ in COUNTS])
def test_meld_count_problem(ruleset_id, deal, melds, sentence):
    ruling = check(ruleset_id, deal, melds)
    assert not ruling.legal
    # the melds are fine, so nothing else is said about them
    assert ruling.problems == (sentence,)
    assert len(ruling.readings) == len(melds_of(melds))


def test_meld_count_problem_with_a_bad_meld_explains_it_too():
    ruling = check("contract", 1, "7H 7S 7D | 5S 6S 8S | KC KD KS")
    assert ruling.problems[0] == "Deal 1 needs two groups of 3; you laid down 3 melds."
    assert len(ruling.problems) == 2
    assert "5S 6S 8S" in ruling.problems[1]


# -- "explain each meld as the kind it resembles" (§5) -----------------------------------------

# (ruleset, deal, melds, the problems in §5's order, the kind each meld is read as)
RESEMBLES = [
    # 7H 7S resembles a group (short), 5S..9S a run (gapped): never "7H 7S is a group; deal 2 needs ..."
    ("contract", 2, "5S 6S 8S 9S | 7H 7S", ("7H 7S is 2 cards; a group needs 3.", "5S 6S 8S 9S skips 7S and no wild fills it."), ("run", "set")),
    ("contract", 2, "7H 7S | 5S 6S 8S 9S", ("7H 7S is 2 cards; a group needs 3.", "5S 6S 8S 9S skips 7S and no wild fills it."), ("set", "run")),
    # a short run and a long group
    ("contract", 2, "5S 6S 7S | 7H 7S 7D 7C", ("5S 6S 7S is 3 cards; a run needs 4.", "7H 7S 7D 7C has 4 cards; going down, a group is exactly 3. Lay off the rest on a later turn."), ("run", "set")),
    ("contract", 2, "7H 7S 7D 7C | 5S 6S 7S", ("5S 6S 7S is 3 cards; a run needs 4.", "7H 7S 7D 7C has 4 cards; going down, a group is exactly 3. Lay off the rest on a later turn."), ("set", "run")),
    # a group where only runs are asked for is explained as a group
    ("contract", 3, "5C 5D 5H | 6S 7S 8S 9S", ("5C 5D 5H is a group; deal 3 needs two runs of 4.",), ("set", "run")),
    ("contract", 1, "5S 6S 7S | 8H 8D 8C", ("5S 6S 7S is a run; deal 1 needs two groups of 3.",), ("run", "set")),
    # the meld that is fine is not mentioned
    ("contract", 2, "9C 9D 9S | 5S 6S 7H 8S", ("5S 6S 7H 8S mixes suits.",), ("set", "run")),
    ("contract", 2, "5S 6S 7H 8S | 9C 9D 9S", ("5S 6S 7H 8S mixes suits.",), ("run", "set")),
    ("contract", 2, "9C 9D 9H 9S | 5S 6S 7S 8S", ("9C 9D 9H 9S has 4 cards; going down, a group is exactly 3. Lay off the rest on a later turn.",), ("set", "run")),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset_id", "deal", "melds", "problems", "kinds"), RESEMBLES, ids=[f"{r}-deal_{d}-{m}" for r, d, m, _, _ in RESEMBLES])
def test_each_meld_is_explained_as_the_kind_it_resembles(ruleset_id, deal, melds, problems, kinds):
    ruling = check(ruleset_id, deal, melds)
    assert not ruling.legal
    assert ruling.problems == problems
    assert tuple(reading.kind.value for reading in ruling.readings) == kinds


def test_illegal_readings_name_the_rank_or_suit_they_resemble():
    ruling = check("contract", 2, "5S 6S 8S 9S | 7H 7S")
    run, group = ruling.readings
    assert run.suit is Suit.SPADES
    assert group.rank is Rank.SEVEN
