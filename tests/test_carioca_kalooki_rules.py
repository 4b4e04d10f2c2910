"""Carioca and Kalooki judged by the go-down checker: every example of RULES.md §4.13 (``carioca``) and §4.14
(``kalooki``), the sentences §8.0 adds to §5, their scoring lines, the rulesets as data (§8.3, §8.4) with their
house options (API.md "House options (the new built-ins offer)"), and that they stay out of the catalogue.

Expected values are RULES.md's and API.md's words, never the engine's."""

from __future__ import annotations

import pytest

from companion.rules import RULESETS, DealOutOfRangeError, MeldKind, check_go_down, parse_cards, score_hand
from companion.rules.carioca import CARIOCA, CARIOCA_RULESETS
from companion.rules.kalooki import KALOOKI, KALOOKI_RULESETS
from companion.rules.rulesets import AceRule, JokerReclaim, LadderRule, Requirement, Tiebreak

BY_ID = {"carioca": CARIOCA, "kalooki": KALOOKI}


def melds_of(text: str) -> list[tuple]:
    return [parse_cards(meld) for meld in text.split("|")]


# (ruleset, options, name, deal, melds, remaining, players, legal, every problem as a whole sentence)
GO_DOWNS = [
    # 4.13 carioca
    ("carioca", (), "d1_suits_may_repeat", 1, "7S 7H 7H | KC KD KS", None, None, True, ()),
    ("carioca", (), "d1_one_meld", 1, "7S 7H 7D", None, None, False, ("Deal 1 needs two trios; you laid down 1 meld.",)),
    ("carioca", (), "d1_two_trios_of_9s", 1, "9S 9H 9D | 9C 9S 9H", None, None, False,
     ("Two trios of 9s: a contract can't use a rank twice.",)),
    ("carioca", (), "d1_a_trio_of_4", 1, "7S 7H 7D 7C | KC KD KS", None, None, False,
     ("This trio has 4 cards; going down, a trio is exactly 3. Lay off the extra on a later turn.",)),
    ("carioca", (), "d2_mixed_suits", 2, "4C 4D 4H | 5H 6H 7C 8H", None, None, False, ("5H 6H 7C 8H mixes suits.",)),
    ("carioca", (), "d2_a_joker_for_6h", 2, "8C 8D 8H | 5H JK 7H 8H", None, None, True, ()),
    ("carioca", (), "d2_two_jokers_in_an_escala", 2, "8C 8D 8H | 5H JK JK 8H", None, None, False,
     ("5H JK JK 8H has 2 jokers; this game allows 1 per meld.",)),
    ("carioca", (), "d3_round_the_corner", 3, "QD KD AD 2D | 5C 6C 7C 8C", None, None, True, ()),
    ("carioca", (), "d3_two_escalas_in_spades", 3, "3S 4S 5S 6S | 9S 10S JS QS", None, None, True, ()),
    ("carioca", (), "d3_an_escala_of_3", 3, "9C 10C JC | 5C 6C 7C 8C", None, None, False, ("9C 10C JC is 3 cards; an escala needs 4.",)),
    ("carioca", (), "d5_three_jokers", 5, "9S 9H JK | QC QD JK | 5C 6C JK 8C", None, None, False,
     ("Your go-down has 3 jokers; this game allows 2 in one go-down.",)),
    ("carioca", (), "d5_k_a_2_3", 5, "5S 5H 5D | JC JD JH | KD AD 2D 3D", None, None, True, ()),
    ("carioca", ("escala-real",), "real_ace_to_king", 9, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "", None, True, ()),
    ("carioca", ("escala-real",), "real_no_joker", 9, "AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH", "", None, False,
     ("The escala real allows no joker: JK is one.",)),
    ("carioca", ("escala-sucia",), "sucia_any_suits", 9, "AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS", "", None, True, ()),
    ("carioca", ("escala-color",), "color_both_red_suits", 9, "AH 2D 3H 4H 5D 6H 7D 8H 9D 10H JD QH KD", "", None, True, ()),
    ("carioca", ("escala-color",), "color_ks_is_black", 9, "AH 2D 3H 4H 5D 6H 7D 8H 9D 10H JD QH KS", "", None, False,
     ("The escala de color is all red or all black: KS is black.",)),
    ("carioca", ("escala-payaso",), "payaso_alternates", 9, "AH 2S 3D 4C 5H 6S 7D 8C 9H 10S JD QC KH", "", None, True, ()),
    ("carioca", ("escala-payaso",), "payaso_4c_5c", 9, "AH 2S 3D 4C 5C 6S 7D 8C 9H 10S JD QC KH", "", None, False,
     ("The escala payaso alternates red and black: 4C and 5C are both black.",)),
    ("carioca", ("escala-real", "escala-sucia"), "real_and_sucia_d9_is_the_sucia", 9,
     "AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS", "", None, True, ()),
    ("carioca", ("escala-real", "escala-sucia"), "real_and_sucia_d10_is_the_real", 10,
     "AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS", "", None, False,
     ("The escala real is A to K of one suit: 2H is not a spade.",)),
    # 4.14 kalooki
    ("kalooki", (), "d1_duplicates", 1, "5S 5S 5H | 9D 9C 9H | QS QH QD", None, None, True, ()),
    ("kalooki", (), "d1_two_threes_of_5s", 1, "5S 5D 5H | 5C 5S 5H | QS QH QD", None, None, False,
     ("Two threes of 5s: a player's threes must be of different ranks.",)),
    ("kalooki", (), "d1_a_joker_in_a_three", 1, "KS KH JK | 3C 3D 3H | 9S 9C 9D", None, None, True, ()),
    ("kalooki", (), "d1_one_natural_in_a_three", 1, "QS JK JK | 3C 3D 3H | 9S 9C 9D", None, None, False,
     ("QS JK JK has 1 natural card; a three needs at least 2.",)),
    ("kalooki", (), "d1_lengths_are_minimums", 1, "5S 5H 5D 5C 5S | KC KD KH | 2S 2D JK", None, None, True, ()),
    ("kalooki", (), "d2_jokers_apart", 2, "5H JK 7H JK | 3C 3D 3H | 9S 9C 9D", None, None, True, ()),
    ("kalooki", (), "d2_jokers_side_by_side", 2, "5H JK JK 8H | 3C 3D 3H | 9S 9C 9D", None, None, False,
     ("5H JK JK 8H puts two jokers side by side; in a four they may not be.",)),
    ("kalooki", (), "d2_round_the_corner", 2, "QS KS AS 2S | 3C 3D 3H | 9S 9C 9D", None, None, False,
     ("Q-K-A-2 goes round the corner: an ace is high or low, not both.",)),
    ("kalooki", (), "d3_ace_low_then_high", 3, "AD 2D 3D 4D | JC QC KC AC | 7S 7C 7D", None, None, True, ()),
    ("kalooki", (), "d3_two_fours_in_hearts", 3, "3H 4H 5H 6H | 9H 10H JH QH | 7S 7C 7D", None, None, False,
     ("Two fours in hearts: a player's fours must be of different suits.",)),
    ("kalooki", (), "d9_one_four_in_each_suit", 9, "AS 2S 3S 4S | 5H 6H 7H 8H | 9D 10D JD QD | JC QC KC AC", None, None, True, ()),
    ("kalooki", (), "d4_a_full_suit", 4, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", None, None, False,
     ("Deal 4 needs three fours; you laid down 1 meld.",)),
    ("kalooki", ("full-suit",), "d4_a_full_suit_with_the_option", 4, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", None, None, True, ()),
    ("kalooki", (), "d1_five_jokers_at_a_table_of_4", 1, "JK 8S 8H | JK 9S 9H | JK 10S 10H", "JK JK", 4, False,
     ("Five jokers, but a table of 4 has four.",)),
    ("kalooki", (), "d1_five_jokers_at_the_largest_table", 1, "JK 8S 8H | JK 9S 9H | JK 10S 10H", "JK JK", None, True, ()),
]  # fmt: skip


@pytest.mark.parametrize(
    ("ruleset_id", "options", "name", "deal", "melds", "remaining", "players", "legal", "problems"),
    GO_DOWNS,
    ids=[f"{case[0]}-{case[2]}" for case in GO_DOWNS],
)
def test_rules_md_examples(ruleset_id, options, name, deal, melds, remaining, players, legal, problems):
    ruleset = BY_ID[ruleset_id].with_options(*options)
    left = None if remaining is None else parse_cards(remaining)
    ruling = check_go_down(ruleset, deal, melds_of(melds), left, players)
    assert ruling.legal is legal, ruling.problems
    assert ruling.problems == problems


# -- readings: what the checker reports for the legal examples ---------------------------------------------


def test_the_joker_of_5h_jk_7h_8h_stands_for_6h():
    ruling = check_go_down(CARIOCA, 2, melds_of("8C 8D 8H | 5H JK 7H 8H"))
    assert ruling.readings[1].to_json()["wilds"] == {"1": "6H"}


def test_a_run_round_the_corner_reads_low_q_high_2():
    """API.md: with aces around a run's low is its first card in run order and high its last."""
    reading = check_go_down(CARIOCA, 3, melds_of("QD KD AD 2D | 5C 6C 7C 8C")).readings[0].to_json()
    assert (reading["kind"], reading["suit"], reading["low"], reading["high"]) == ("run", "D", "Q", "2")


def test_kalooki_jokers_apart_read_in_the_order_written():
    """Written in run order, each joker stands for its own place; the stand-ins are kept only where every legal
    reading agrees (4H-7H with the jokers 4H and 6H is legal too, so they are not kept here)."""
    ruling = check_go_down(KALOOKI, 2, melds_of("5H JK 7H JK | 3C 3D 3H | 9S 9C 9D"))
    assert ruling.legal and ruling.readings[0].to_json()["kind"] == "run"
    ruling = check_go_down(KALOOKI, 2, melds_of("AH JK 3H JK | 3C 3D 3H | 9S 9C 9D"))
    assert ruling.readings[0].to_json()["wilds"] == {"1": "2H", "3": "4H"}


def test_kalooki_two_jokers_at_one_end_read_apart():
    """RULES.md §8.0: Kalooki 5H 6H JK JK is legal, the jokers read 4H and 7H."""
    ruling = check_go_down(KALOOKI, 2, melds_of("5H 6H JK JK | 3C 3D 3H | 9S 9C 9D"))
    assert ruling.legal, ruling.problems
    assert sorted(ruling.readings[0].to_json()["wilds"].values()) == ["4H", "7H"]


def test_a_ladder_reads_its_rule_suit_and_stand_in():
    """API.md: a ladder's reading has its rule, its suit for same_suit, and a wild's stand-in as a rank alone."""
    ruleset = CARIOCA.with_options("escala-sucia")
    reading = check_go_down(ruleset, 9, melds_of("AS 2H 3D 4C 5S JK 7D 8C 9S 10H JD QC KS"), ()).readings[0].to_json()
    assert reading == {"kind": "ladder", "rule": "any_suit", "cards": reading["cards"], "wilds": {"5": "6"}}
    real = check_go_down(CARIOCA.with_options("escala-real"), 9, melds_of("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"), ())
    assert real.readings[0].to_json()["suit"] == "H"
    color = check_go_down(CARIOCA.with_options("escala-color"), 9, melds_of("AH 2D 3H 4H 5D 6H 7D 8H 9D 10H JD QH KD"), ())
    assert color.readings[0].to_json()["colour"] == "red"


def test_a_full_suit_run_of_13_reads_ace_low():
    """RULES.md §8.7.6: a run holding all 13 ranks is reported ace low, also under around."""
    reading = check_go_down(KALOOKI.with_options("full-suit"), 4, melds_of("KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS")).readings[0]
    assert (reading.low, reading.high) == (1, 13)


# -- §8.0's further sentences ----------------------------------------------------------------------------


def test_a_ladder_with_a_card_twice_says_rules_md_sentence():
    """RULES.md §8.0, additions to §5 (ladders)."""
    ruling = check_go_down(CARIOCA.with_options("escala-sucia"), 9, melds_of("AS 2H 3D 4C 5S 6H 7H 7H 9S 10H JD QC KS"), ())
    assert ruling.problems == ("A ladder holds one card of each rank A to K: 7H is there twice and there is no 8.",)


def test_a_ladder_with_a_rank_twice():
    ruleset = CARIOCA.with_options("escala-sucia")
    ruling = check_go_down(ruleset, 9, melds_of("AS 2H 3D 4C 5S 6H 7H 7D 9S 10H JD QC KS"), ())
    assert ruling.problems == ("A ladder holds one card of each rank A to K: 7H and 7D are both there and there is no 8.",)


def test_an_escala_real_of_two_suits_names_the_card():
    ruling = check_go_down(CARIOCA.with_options("escala-real"), 9, melds_of("AH 2H 3H 4H 5H 6H 7S 8H 9H 10H JH QH KH"), ())
    assert ruling.problems == ("The escala real is A to K of one suit: 7S is not a heart.",)


def test_an_escala_must_use_every_card():
    ruling = check_go_down(CARIOCA.with_options("escala-real"), 9, melds_of("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"), parse_cards("9D"))
    assert ruling.problems == ("The escala must use every card: 9D is left.",)


def test_an_escala_sucia_takes_one_joker_not_two():
    ruleset = CARIOCA.with_options("escala-sucia")
    assert check_go_down(ruleset, 9, melds_of("AS 2H 3D 4C 5S 6H JK 8C 9S 10H JD QC KS"), ()).legal
    ruling = check_go_down(ruleset, 9, melds_of("AS 2H 3D 4C 5S 6H JK 8C 9S JK JD QC KS"), ())
    assert ruling.problems == ("AS 2H 3D 4C 5S 6H JK 8C 9S JK JD QC KS has 2 jokers; this game allows 1 per meld.",)


def test_kalooki_deal_8_with_full_suit_explains_against_the_contract_of_two_melds():
    """RULES.md §8.7.5: the sentence explains against the contract whose number of melds equals the melds laid."""
    ruleset = KALOOKI.with_options("full-suit")
    assert check_go_down(ruleset, 8, melds_of("7S 7C 7D | AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")).legal
    ruling = check_go_down(ruleset, 8, melds_of("7S 7C 7D | AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"))
    assert ruling.problems == ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH is 12 cards; deal 8 needs a four of 13.",) or (
        ruling.problems == ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH is 12 cards; a four needs 13.",)
    )


# -- red twos (option red-twos-wild) ---------------------------------------------------------------------


def test_a_red_two_read_as_wild_when_that_makes_it_legal():
    ruleset = CARIOCA.with_options("red-twos-wild")
    ruling = check_go_down(ruleset, 2, melds_of("8C 8D 8H | 5H 2D 7H 8H"))
    assert ruling.legal, ruling.problems
    assert ruling.readings[1].to_json()["wilds"] == {"1": "6H"}
    assert not check_go_down(CARIOCA, 2, melds_of("8C 8D 8H | 5H 2D 7H 8H")).legal


def test_a_red_two_read_as_itself_is_not_in_wilds():
    """RULES.md §8.7.6: of the legal readings, the one with the fewest red twos read as wild."""
    ruling = check_go_down(CARIOCA.with_options("red-twos-wild"), 2, melds_of("2H 2D 2S | AH 2H 3H 4H"))
    assert ruling.legal, ruling.problems
    assert ruling.readings[0].to_json()["wilds"] == {}
    assert ruling.readings[1].to_json()["wilds"] == {}


def test_red_twos_count_against_the_go_downs_wilds():
    ruleset = CARIOCA.with_options("red-twos-wild")
    assert check_go_down(ruleset, 5, melds_of("9S 9H 2H | QC QD 2D | 5C 6C 7C 8C")).legal
    assert not check_go_down(ruleset, 5, melds_of("9S 9H 2H | QC QD JK | 5C 6C 2D 8C")).legal
    ruling = check_go_down(ruleset, 5, melds_of("9S 9H JK | QC QD JK | 5C 6C JK 8C"))
    assert ruling.problems == ("Your go-down has 3 wilds; this game allows 2 in one go-down.",)


def test_a_failing_red_two_go_down_is_explained_as_its_closest_reading():
    """Read as itself, 2H makes 9S 9H 2H a mix of ranks; read as wild, the go-down has one problem fewer."""
    ruling = check_go_down(CARIOCA.with_options("red-twos-wild"), 2, melds_of("9S 9H 2H | 5C 6C 7C 9C"))
    assert ruling.problems == ("5C 6C 7C 9C skips 8C and no wild fills it.",)


# -- scoring (§4.13, §4.14) ------------------------------------------------------------------------------

SCORES = [
    ("carioca", (), "AC JK 7D KS 10H", 77),
    ("carioca", ("joker-50",), "AC JK 7D KS 10H", 97),
    ("carioca", (), "AS AH KS KH QC JD 10C 9D 8S 7H 6C JK", 150),
    ("carioca", ("red-twos-wild",), "2H 2D", 4),
    ("kalooki", (), "JK AS AH KD 10C 3H", 89),
    ("kalooki", (), "AC AD", 16),
    ("kalooki", (), "JK JK", 100),
    ("kalooki", (), "AS AH", 16),
]


@pytest.mark.parametrize(("ruleset_id", "options", "cards", "points"), SCORES, ids=[f"{r}-{c}" for r, _, c, _ in SCORES])
def test_scoring_lines(ruleset_id, options, cards, points):
    assert score_hand(BY_ID[ruleset_id].with_options(*options), parse_cards(cards)).points == points


def test_kalooki_card_points_have_the_split_ace():
    """API.md: kalooki's card_points {"A_red": 1, "A_black": 15, "2": 2, ..., "K": 10, "JK": 50}."""
    points = KALOOKI.points.as_dict()
    assert points == {"A_red": 1, "A_black": 15, **{str(n): n for n in range(2, 11)}, "J": 10, "Q": 10, "K": 10, "JK": 50}
    assert KALOOKI.points.replace(A=11).for_card(parse_cards("AH")[0]) == 11


def test_carioca_card_points():
    assert CARIOCA.points.as_dict() == {"A": 20, **{str(n): n for n in range(2, 11)}, "J": 10, "Q": 10, "K": 10, "JK": 30}


# -- the rulesets as data --------------------------------------------------------------------------------

CARIOCA_CONTRACTS = [
    "Two trios", "One trio and one escala", "Two escalas", "Three trios", "Two trios and one escala",
    "One trio and two escalas", "Three escalas", "Four trios",
]  # fmt: skip
KALOOKI_CONTRACTS = [
    ("Three threes", "S3 S3 S3", 9), ("Two threes and one four", "S3 S3 R4", 10), ("Two fours and one three", "R4 R4 S3", 11),
    ("Three fours", "R4 R4 R4", 12), ("Four threes", "S3 S3 S3 S3", 12), ("Three threes and one four", "S3 S3 S3 R4", 13),
    ("Two threes and two fours", "S3 S3 R4 R4", 14), ("One three and three fours", "S3 R4 R4 R4", 15),
    ("Four fours", "R4 R4 R4 R4", 16),
]  # fmt: skip


def test_carioca_values():
    assert [deal.contract for deal in CARIOCA.deals] == CARIOCA_CONTRACTS
    assert [deal.cards_dealt for deal in CARIOCA.deals] == [12] * 8
    assert (CARIOCA.min_players, CARIOCA.max_players, CARIOCA.packs(), CARIOCA.jokers()) == (2, 5, 2, 4)
    assert (CARIOCA.packs(2), CARIOCA.jokers(2)) == (2, 4)
    assert CARIOCA.aces is AceRule.AROUND and CARIOCA.exact and not CARIOCA.repeat_rank
    assert (CARIOCA.max_wilds, CARIOCA.max_wilds_per_contract, CARIOCA.run_wild_min_gap) == (1, 2, 4)
    assert not CARIOCA.run_wilds_adjacent and CARIOCA.reclaim is JokerReclaim.NEVER
    assert CARIOCA.tiebreak is Tiebreak.MOST_DEALS_WON
    assert (CARIOCA.set_word, CARIOCA.run_word) == ("trio", "escala")


def test_kalooki_values():
    assert [(d.contract, d.symbols, d.cards_dealt) for d in KALOOKI.deals] == KALOOKI_CONTRACTS
    assert [(KALOOKI.packs(n), KALOOKI.jokers(n)) for n in (3, 4, 5, 6, 7, 8)] == [(2, 4), (2, 4), (3, 8), (3, 8), (4, 10), (4, 10)]
    assert (KALOOKI.min_players, KALOOKI.max_players) == (3, 8)
    assert (KALOOKI.set_naturals, KALOOKI.run_naturals) == (2, 1)
    assert KALOOKI.reclaim is JokerReclaim.TACK and not KALOOKI.exact and not KALOOKI.run_wilds_adjacent
    assert all(deal.discard_to_go_out for deal in KALOOKI.deals)


HOUSE_OPTIONS = {
    "carioca": [
        ("joker-50", "Jokers score 50"), ("red-twos-wild", "Red twos are wild"),
        ("eleven-cards", "Deal 11 cards (12 in rounds 7 and 8)"), ("escala-sucia", "Escala sucia round"),
        ("escala-color", "Escala de color round"), ("escala-payaso", "Escala payaso round"), ("escala-real", "Escala real round"),
    ],
    "kalooki": [("full-suit", "A full suit may stand for three fours")],
}  # fmt: skip


@pytest.mark.parametrize("ruleset_id", HOUSE_OPTIONS)
def test_house_options_keys_and_labels(ruleset_id):
    offered = [(option.key, option.label) for option in BY_ID[ruleset_id].options]
    assert offered[: len(HOUSE_OPTIONS[ruleset_id])] == HOUSE_OPTIONS[ruleset_id]


ESCALA_TEXTS = {
    "escala-sucia": ("Escala sucia: A to K, any suits, at most 1 joker (every card, no discard)", LadderRule.ANY_SUIT, 1),
    "escala-color": ("Escala de color: A to K, all red or all black, no jokers (every card, no discard)", LadderRule.SAME_COLOUR, 0),
    "escala-payaso": ("Escala payaso: A to K, red and black in turn, no jokers (every card, no discard)", LadderRule.ALTERNATING_COLOUR, 0),
    "escala-real": ("Escala real: A to K of one suit, no jokers (every card, no discard)", LadderRule.SAME_SUIT, 0),
}  # fmt: skip


@pytest.mark.parametrize("key", ESCALA_TEXTS)
def test_each_escala_option_adds_deal_9(key):
    ruleset = CARIOCA.with_options(key)
    deal = ruleset.deal(9)
    text, rule, max_wilds = ESCALA_TEXTS[key]
    assert deal.contract == text
    assert deal.requirements == (Requirement(kind=MeldKind.LADDER, length=13, rule=rule),)
    assert (deal.cards_dealt, deal.meld_all, deal.discard_to_go_out, ruleset.max_wilds_in(deal)) == (12, True, False, max_wilds)


def test_the_escalas_come_in_their_order_whatever_the_order_chosen():
    every = ["escala-real", "escala-payaso", "escala-sucia", "escala-color"]
    deals = CARIOCA.with_options(*every).deals
    assert [deal.number for deal in deals] == list(range(1, 13))
    assert [deal.contract.split(":")[0] for deal in deals[8:]] == ["Escala sucia", "Escala de color", "Escala payaso", "Escala real"]


def test_a_final_escala_is_out_of_range_without_its_option():
    with pytest.raises(DealOutOfRangeError) as caught:
        check_go_down(CARIOCA, 9, melds_of("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"), ())
    assert str(caught.value) == "Carioca has deals 1 to 8, not 9."


def test_eleven_cards():
    ruleset = CARIOCA.with_options("eleven-cards", "escala-real")
    assert [deal.cards_dealt for deal in ruleset.deals] == [11] * 6 + [12, 12, 12]
    assert [d.cards_dealt for d in CARIOCA.with_options("escala-real", "eleven-cards").deals] == [11] * 6 + [12, 12, 12]


def test_full_suit_alternatives_and_texts():
    ruleset = KALOOKI.with_options("full-suit")
    assert ruleset.deal(4).contract == "Three fours (or one four of the whole suit)"
    assert ruleset.deal(4).alternatives == (Requirement.from_symbols("R13"),)
    assert ruleset.deal(8).alternatives == (Requirement.from_symbols("S3 R13"),)
    assert [d.alternatives for d in ruleset.deals if d.number not in (4, 8)] == [()] * 7


def test_the_new_rulesets_are_published_beside_the_catalogue():
    from companion.rules.published import find_published_ruleset

    assert find_published_ruleset("carioca") is CARIOCA and find_published_ruleset("kalooki") is KALOOKI
    assert set(CARIOCA_RULESETS) == {"carioca"} and set(KALOOKI_RULESETS) == {"kalooki"}
    assert "carioca" not in RULESETS and "kalooki" not in RULESETS


@pytest.mark.parametrize("ruleset", list(RULESETS.values()), ids=list(RULESETS))
def test_the_old_rulesets_keep_the_defaults(ruleset):
    """RULES.md §8.0: every new field's default keeps the ten rulesets as they were."""
    assert (ruleset.red_twos_wild, ruleset.max_wilds_per_contract, ruleset.run_wilds_adjacent, ruleset.run_wild_min_gap) == (False, None, True, None)
    assert (ruleset.min_naturals_set, ruleset.min_naturals_run, ruleset.run_word, ruleset.wild_word) == (None, None, "run", "wild")
    assert all(not deal.own_max_wilds and not deal.alternatives for deal in ruleset.deals)


@pytest.mark.parametrize(
    "ruleset",
    [CARIOCA, CARIOCA.with_options("escala-real", "eleven-cards", "red-twos-wild"), KALOOKI, KALOOKI.with_options("full-suit")],
    ids=["carioca", "carioca+options", "kalooki", "kalooki+full-suit"],
)
def test_a_snapshot_gives_the_same_ruleset_back(ruleset):
    """A game stores its ruleset as JSON: the split ace, alternatives and the options that add deals come back."""
    import json

    from companion.rules.snapshot import ruleset_from_dict, ruleset_to_dict

    back = ruleset_from_dict(json.loads(json.dumps(ruleset_to_dict(ruleset))))
    assert back == ruleset
    every = [option.key for option in ruleset.options]
    assert back.with_options(*every) == ruleset.with_options(*every)


def test_a_ladder_deal_laid_as_two_melds():
    ruling = check_go_down(CARIOCA.with_options("escala-real"), 9, melds_of("AH 2H 3H 4H 5H 6H | 7H 8H 9H 10H JH QH KH"), ())
    assert ruling.problems[0] == "Deal 9 needs the escala real, A to K in one meld; you laid down 2 melds."


def test_the_rules_card_says_the_new_rules():
    from companion.rules.guide import rules_facts

    kalooki = {fact.key: fact.text for fact in rules_facts(KALOOKI.with_options("full-suit"))}
    assert kalooki["naturals"] == "At least two in a three, one in a four."
    assert kalooki["points"] == "Black A 15 · red A 1 · 2–9 face value · 10–K 10 · JK 50."
    assert "moves to an open end of that four" in kalooki["reclaim"]
    carioca = {fact.key: fact.text for fact in rules_facts(CARIOCA.with_options("escala-real"))}
    assert carioca["aces"] == "Round the corner too (Q-K-A-2), each rank once: 13 cards at most."
    assert "At most two in one go-down." in carioca["max_wilds"]
