"""Phase 10 judged by the go-down checker: RULES.md §4.11 (``phase10``) and §4.12 (``phase10-cards``), the
sentences §8.0 adds to §5, the rulesets as data (§8.1, §8.2), and that they stay out of the catalogue."""

from __future__ import annotations

import json

import pytest

from companion.rules import RULESETS, DealOutOfRangeError, MeldKind, check_go_down, parse_cards, score_hand
from companion.rules.cards import Colour, Deck, Suit
from companion.rules.phase10 import PHASE10, PHASE10_CARDS, PHASE10_RULESETS
from companion.rules.rulesets import AceRule, GameEnd, Progression, Tiebreak, Winner

RULESETS_BY_ID = {"phase10": PHASE10, "phase10-cards": PHASE10_CARDS}

# (ruleset, name, phase, melds, legal, the first problem as a whole sentence, or None)
GO_DOWNS = [
    # 4.11 phase10
    ("phase10", "p1_colours_are_free", 1, "7R 7B 7G | 10Y 10Y 10R", True, None),
    ("phase10", "p1_both_sets_may_be_10s", 1, "10R 10B 10G | 10Y 10Y 10R", True, None),
    ("phase10", "p1_never_an_extra_set", 1, "6R 6B 6G | 8Y 8R 8B | 10G 10G 10Y", False,
     "Phase 1 needs two sets of 3; you laid down 3 melds."),
    ("phase10", "p2_a_wild_fills_the_run", 2, "9R 9B 9G | 3Y 4G W 6R", True, None),
    ("phase10", "p3_lengths_are_minimums", 3, "9R 9B 9G 9Y 9R | 2B 3B 4G 5Y", True, None),
    ("phase10", "p4_never_past_12", 4, "10R 11B 12G 1Y 2R 3B 4G", False,
     "10-11-12-1 goes past 12: a run is numbered 1 to 12 and never turns the corner."),
    ("phase10", "p6_run_of_8_is_short", 6, "3R 4B 5G 6Y 7R 8B 9G 10Y", False,
     "3R 4B 5G 6Y 7R 8B 9G 10Y is 8 cards; phase 6 needs a run of 9."),
    ("phase10", "p8_any_numbers_repeats_too", 8, "1G 3G 3G 7G 9G 11G 12G", True, None),
    ("phase10", "p8_the_wild_is_blue", 8, "2B 4B 5B 8B 8B 12B W", True, None),
    ("phase10", "p8_a_skip_is_never_part_of_a_phase", 8, "2B 4B 5B 8B 8B 12B SKIP", False,
     "SKIP is a skip card; a skip is never part of a phase."),
    ("phase10", "p9_a_set_of_2", 9, "8R 8B 8G 8Y W | 12R 12G", True, None),
    ("phase10", "p1_all_wild_set", 1, "W W W | 5R 5B 5G", False, "W W W has no natural card."),
    ("phase10", "p7_three_4r", 7, "4R 4R 4R 4B | 11G 11G 11Y 11B", False, "Three 4R, but the deck has two."),
    # §8.0's additions to §5, on the Phase 10 deck
    ("phase10", "p2_a_gap_names_the_number", 2, "9R 9B 9G | 5R 6B 8G 9Y", False, "5R 6B 8G 9Y skips 7 and no wild fills it."),
    ("phase10", "p8_nine_wilds", 8, "W W W W W W W W W 5R", False, "Nine W, but the deck has eight."),
    # 4.12 phase10-cards
    ("phase10-cards", "p8_seven_hearts_and_a_wild_king", 8, "AH 3H 5H 9H JH QH KS", True, None),
    ("phase10-cards", "p8_mixes_colours", 8, "2C 4C 6C 8C 10C QC AD", False,
     "2C 4C 6C 8C 10C QC AD mixes colours; phase 8 needs 7 cards of one suit."),
    ("phase10-cards", "p4_the_ace_is_only_1", 4, "JS QS KS AS 2S 3S 4S", False,
     "JS QS KS AS 2S 3S 4S needs the ace after Q, but here the ace is only 1 and a run ends at Q."),
    ("phase10-cards", "p4_suits_are_free", 4, "AS 2H 3D 4C 5S 6H 7D", True, None),
    ("phase10-cards", "p1_the_joker_is_a_skip", 1, "7S 7H JK | QC QD QH", False,
     "JK is a skip card here; a skip is never part of a phase."),
    ("phase10-cards", "p1_a_king_is_wild", 1, "7S 7H 7D | QC QD KH", True, None),
    ("phase10-cards", "p9_a_set_of_2_with_a_wild", 9, "9S 9H 9D 9C 9S | 5D KD", True, None),
    ("phase10-cards", "p6_ten_cards_a_king_for_3", 6, "4S 5H 6D 7C 8S 9H 10D JC QS KH", True, None),
    ("phase10-cards", "p1_three_as", 1, "AS AS AS | 2D KC KH", False, "Three AS, but there are only two packs."),
    ("phase10-cards", "p5_all_kings", 5, "KS KH KD KC KS KH KD KC", False, "KS KH KD KC KS KH KD KC has no natural card."),
    # §5's sentence 5 on standard cards, with two wild kings
    ("phase10-cards", "p4_two_kings_cannot_make_a_13", 4, "9S 10H JD QC KS KH AD", False,
     "9S 10H JD QC KS KH AD needs the ace after Q, but here the ace is only 1 and a run ends at Q."),
]  # fmt: skip

#: The examples RULES.md marks "✓ with all-wild-groups".
ALL_WILD_GROUPS = {"p1_all_wild_set", "p5_all_kings"}


def _melds(ruleset, text):
    return [parse_cards(meld, deck=ruleset.deck) for meld in text.split("|")]


@pytest.mark.parametrize(("key", "name", "phase", "melds", "legal", "first"), GO_DOWNS, ids=[f"{c[0]}-{c[1]}" for c in GO_DOWNS])
def test_worked_examples(key, name, phase, melds, legal, first):
    ruleset = RULESETS_BY_ID[key]
    ruling = check_go_down(ruleset, phase, _melds(ruleset, melds))
    assert ruling.legal is legal, ruling.problems
    assert (not ruling.problems) is legal
    if first is not None:
        assert ruling.problems[0] == first
    option_legal = ruleset.with_options("all-wild-groups")
    assert check_go_down(option_legal, phase, _melds(ruleset, melds)).legal is (legal or name in ALL_WILD_GROUPS)


def test_a_phase_of_8_cards_reads_as_a_colour_group():
    ruling = check_go_down(PHASE10, 8, _melds(PHASE10, "2B 4B 5B 8B 8B 12B W"))
    (reading,) = ruling.readings
    assert reading.kind is MeldKind.COLOUR and reading.colour is Colour.BLUE
    assert reading.to_json() == {"kind": "colour", "colour": "B", "cards": ["2B", "4B", "5B", "8B", "8B", "12B", "W"], "wilds": {}}
    (suited,) = check_go_down(PHASE10_CARDS, 8, _melds(PHASE10_CARDS, "AH 3H 5H 9H JH QH KS")).readings
    assert suited.colour is Suit.HEARTS and suited.to_json()["colour"] == "H"


def test_a_phase10_run_reads_with_numbers_and_no_suit():
    ruling = check_go_down(PHASE10, 2, _melds(PHASE10, "9R 9B 9G | 3Y 4G W 6R"))
    group, run = (reading.to_json() for reading in ruling.readings)
    assert group["rank"] == "9"
    assert run["kind"] == "run" and "suit" not in run and (run["low"], run["high"]) == ("3", "6")
    high = check_go_down(PHASE10, 4, _melds(PHASE10, "6R 7B 8G 9Y 10R 11B 12G")).readings[0].to_json()
    assert (high["low"], high["high"]) == ("6", "12")


def test_a_run_of_13_is_longer_than_the_line():
    ruling = check_go_down(PHASE10, 4, _melds(PHASE10, "1R 2B 3G 4Y 5R 6B 7G 8Y 9R 10B 11G 12Y W"))
    assert ruling.problems == ("1R 2B 3G 4Y 5R 6B 7G 8Y 9R 10B 11G 12Y W is 13 cards; a run holds 12 at most.",)
    kings = check_go_down(PHASE10_CARDS, 4, _melds(PHASE10_CARDS, "AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS"))
    assert kings.problems == ("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS is 13 cards; a run holds 12 at most.",)


def test_a_repeated_number_in_a_run():
    assert check_go_down(PHASE10, 4, _melds(PHASE10, "3R 4B 4G 5Y 6R 7B 8G")).problems == (
        "3R 4B 4G 5Y 6R 7B 8G repeats 4; a run has one card of each number.",
    )


def test_a_set_for_a_run_is_named_by_the_phase():
    assert check_go_down(PHASE10, 2, _melds(PHASE10, "9R 9B 9G | 4R 4B 4G 4Y")).problems == (
        "4R 4B 4G 4Y is a set; phase 2 needs one set of 3 and one run of 4.",
    )


# (phase, melds, problems): a meld for a set is called a run only where one window could hold it
NOT_A_SET = [
    (1, "3R 3B 5G | 7R 7B 7G", ("3R 3B 5G mixes numbers; a set is cards of one number.",)),
    (1, "3R 9B 5G | 7R 7B 7G", ("3R 9B 5G mixes numbers; a set is cards of one number.",)),
    (1, "3R 4B 5G | 7R 7B 7G", ("3R 4B 5G is a run; phase 1 needs two sets of 3.",)),
    (1, "3R W 5G | 7R 7B 7G", ("3R W 5G is a run; phase 1 needs two sets of 3.",)),
]


@pytest.mark.parametrize(("phase", "melds", "problems"), NOT_A_SET, ids=[m for _, m, _ in NOT_A_SET])
def test_a_meld_that_is_not_a_set(phase, melds, problems):
    assert check_go_down(PHASE10, phase, _melds(PHASE10, melds)).problems == problems


def test_a_short_set_of_2_and_a_short_colour_group():
    assert check_go_down(PHASE10, 9, _melds(PHASE10, "8R 8B 8G 8Y W | 12R")).problems == ("12R is 1 card; phase 9 needs a set of 2.",)
    assert check_go_down(PHASE10, 8, _melds(PHASE10, "2B 4B 5B")).problems == ("2B 4B 5B is 3 cards; phase 8 needs 7 cards of one colour.",)


def test_one_skip_sentence_for_several_skips():
    ruling = check_go_down(PHASE10, 1, _melds(PHASE10, "7R 7B SKIP | 5R SKIP 5G"))
    assert ruling.problems == ("SKIP is a skip card; a skip is never part of a phase.",)


def test_a_skip_may_stay_in_hand():
    assert check_go_down(PHASE10, 1, _melds(PHASE10, "7R 7B 7G | 5R 5B 5G"), remaining=_melds(PHASE10, "SKIP W")[0]).legal


def test_a_phase_outside_the_ten_is_named_a_phase():
    with pytest.raises(DealOutOfRangeError, match=r"^Phase 10 has phases 1 to 10, not 11\.$"):
        check_go_down(PHASE10, 11, [])


# -- scoring (RULES.md §4.11, §4.12) ---------------------------------------------------

SCORES = [
    ("phase10", "1R 9B 10G 12Y SKIP W", 70),
    ("phase10", "11B W", 35),
    ("phase10", "3R 3B 3G 3Y 7R 7B 7G 7Y 9R 9B", 50),
    ("phase10", "", 0),
    ("phase10-cards", "AS 9H JD QC KH JK", 70),
    ("phase10-cards", "10S 10D", 20),
    ("phase10-cards", "KS KH JK JK", 80),
]


@pytest.mark.parametrize(("key", "cards", "points"), SCORES, ids=[f"{k}-{c or 'empty'}" for k, c, _ in SCORES])
def test_scoring_examples(key, cards, points):
    ruleset = RULESETS_BY_ID[key]
    assert score_hand(ruleset, parse_cards(cards, deck=ruleset.deck)).points == points


# -- the rulesets as data ----------------------------------------------------------------

PHASE_TEXTS = [
    "Two sets of 3", "One set of 3 and one run of 4", "One set of 4 and one run of 4", "One run of 7", "One run of 8",
    "One run of 9", "Two sets of 4", "Seven cards of one colour", "One set of 5 and one set of 2", "One set of 5 and one set of 3",
]  # fmt: skip


def test_the_ten_phases():
    assert [deal.contract for deal in PHASE10.deals] == PHASE_TEXTS
    assert [deal.symbols for deal in PHASE10.deals] == [
        "S3 S3", "S3 R4", "S4 R4", "R7", "R8", "R9", "S4 S4", "C7", "S5 S2", "S5 S3",
    ]  # fmt: skip
    assert [deal.contract for deal in PHASE10_CARDS.deals] == PHASE_TEXTS[:7] + ["Seven cards of one suit"] + PHASE_TEXTS[8:]
    assert {deal.cards_dealt for deal in PHASE10.deals + PHASE10_CARDS.deals} == {10}
    assert all(deal.discard_to_go_out and not deal.meld_all for deal in PHASE10.deals)


def test_phase10_values():
    assert (PHASE10.min_players, PHASE10.max_players, PHASE10.packs(4), PHASE10.jokers(4)) == (2, 6, 1, 0)
    assert (PHASE10_CARDS.packs(2), PHASE10_CARDS.jokers(6)) == (2, 4)
    assert PHASE10.deck is Deck.PHASE10 and PHASE10_CARDS.deck is Deck.STANDARD
    assert PHASE10.progression is Progression.PER_PLAYER and PHASE10.deal_word == "phase"
    assert PHASE10.points.as_dict() == {**{str(n): 5 for n in range(1, 10)}, "10": 10, "11": 10, "12": 10, "W": 25, "SKIP": 15}
    assert PHASE10_CARDS.points.as_dict() == {
        "A": 5, **{str(n): 5 for n in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 25, "JK": 15,
    }  # fmt: skip
    assert [option.key for option in PHASE10.options] == ["all-wild-groups", "hit-next-turn", "masters"]
    assert PHASE10.with_options("masters").progression is Progression.PER_PLAYER_CHOICE
    for ruleset in (PHASE10, PHASE10_CARDS, PHASE10.with_options("masters")):
        assert (ruleset.game_end, ruleset.winner, ruleset.tiebreak) == (
            GameEnd.LAST_PHASE_MADE, Winner.FINISHED_LOWEST_TOTAL, Tiebreak.REPLAY_LAST_PHASE,
        )  # fmt: skip
    assert all((r.game_end, r.winner, r.tiebreak) == (GameEnd.LAST_DEAL, Winner.LOWEST_TOTAL, Tiebreak.NONE) for r in RULESETS.values())


def test_published_beside_the_catalogue():
    """The catalogue stays the ten of RULES.md §3; Phase 10 is published beside it (:mod:`companion.rules.published`)."""
    from companion.rules.published import find_published_ruleset

    assert not set(PHASE10_RULESETS) & set(RULESETS)
    assert len(RULESETS) == 10
    assert find_published_ruleset("phase10-cards") is PHASE10_CARDS


@pytest.mark.parametrize("ruleset", [PHASE10, PHASE10_CARDS, PHASE10.with_options("masters", "all-wild-groups")], ids=lambda r: r.id)
def test_a_stored_snapshot_reads_back(ruleset):
    """A game keeps a frozen snapshot of its rules (DESIGN.md): Phase 10's deck, points and fields survive it."""
    from companion.rules.snapshot import ruleset_from_dict, ruleset_to_dict

    again = ruleset_from_dict(json.loads(json.dumps(ruleset_to_dict(ruleset))))
    assert again == ruleset
    assert again.points.deck is ruleset.deck and again.progression is ruleset.progression
    assert check_go_down(again, 8, _melds(again, "AH 3H 5H 9H JH QH KS" if again.deck is Deck.STANDARD else "2B 4B 5B 8B 8B 12B W")).legal


def test_a_bad_wider_family_ruleset_is_refused_with_a_sentence():
    import dataclasses

    from companion.rules.rulesets import RulesetValueError, RunSuit, Skips

    with pytest.raises(RulesetValueError, match='^skips "JK" needs wilds "K": a joker cannot be both wild and a skip.$'):
        dataclasses.replace(PHASE10_CARDS, kings_wild=False)
    with pytest.raises(RulesetValueError, match='^aces must be "low_only" with the Phase 10 deck or wild kings, not "low_or_high".$'):
        dataclasses.replace(PHASE10, aces=AceRule.LOW_OR_HIGH)
    with pytest.raises(RulesetValueError, match="^points must score the cards of the phase10 deck"):
        dataclasses.replace(PHASE10, points=PHASE10_CARDS.points)
    with pytest.raises(RulesetValueError, match=r"^deal 9: a set is 3 to 8 cards long, not 2 \(set_min_length is 3\)\.$"):
        dataclasses.replace(PHASE10, set_min_length=3)
    with pytest.raises(RulesetValueError, match='^skips "SKIP" goes with the Phase 10 deck'):
        dataclasses.replace(PHASE10, skips=Skips.NONE)
    with pytest.raises(RulesetValueError, match='^run_suit must be "any" with the Phase 10 deck'):
        dataclasses.replace(PHASE10, run_suit=RunSuit.SAME)
    with pytest.raises(RulesetValueError, match=r'^tiebreak "replay_last_phase" needs per-player progression\.$'):
        dataclasses.replace(RULESETS["contract"], tiebreak=Tiebreak.REPLAY_LAST_PHASE)
    with pytest.raises(RulesetValueError, match='^progression "fixed" ends with game_end "last_deal" and winner "lowest_total", '):
        dataclasses.replace(PHASE10, progression=Progression.FIXED, tiebreak=Tiebreak.NONE)
    with pytest.raises(RulesetValueError, match=r"^deal 2: every phase of a per-player game deals the same cards \(10\), not 11\.$"):
        dataclasses.replace(PHASE10, deals=(PHASE10.deals[0], dataclasses.replace(PHASE10.deals[1], cards_dealt=11)))


# (ruleset, phase, melds, the run's wilds as the API writes them) from RULES.md §4.11.4 and §4.12.8, and open places
STAND_INS = [
    ("phase10", 2, "9R 9B 9G | 3Y 4G W 6R", {"2": "5"}),  # "W = 5"
    ("phase10-cards", 6, "4S 5H 6D 7C 8S 9H 10D JC QS KH", {"9": "3"}),  # "KH = 3"
    ("phase10", 5, "W 6R 7B 8G 9Y W 11B 12G", {"0": "5", "5": "10"}),  # written in run order: each wild its own place
    ("phase10", 4, "W W W W W W 12R", {"0": "6", "1": "7", "2": "8", "3": "9", "4": "10", "5": "11"}),  # 6 to 12 only
    ("phase10", 2, "9R 9B 9G | 3Y 4G 5B W", {}),  # 2 or 6: the legal readings disagree, so none is given
    ("phase10", 4, "W 6R 7B 8G 9Y W 11B", {}),  # 5 to 11 (W = 5, 10) or 6 to 12 (W = 10, 12): none agreed
]


@pytest.mark.parametrize(("key", "phase", "melds", "wilds"), STAND_INS, ids=[f"{k}-{m}" for k, _, m, _ in STAND_INS])
def test_a_free_suit_runs_wild_stands_for_a_number_alone(key, phase, melds, wilds):
    ruleset = RULESETS_BY_ID[key]
    ruling = check_go_down(ruleset, phase, _melds(ruleset, melds))
    assert ruling.legal, ruling.problems
    run = ruling.readings[-1].to_json()
    assert run["kind"] == "run" and "suit" not in run
    assert run["wilds"] == wilds


def test_a_stand_in_in_words():
    (reading,) = check_go_down(PHASE10, 5, _melds(PHASE10, "W 6R 7B 8G 9Y W 11B 12G")).readings
    assert reading.describe() == "run, 5 to 12, W stands for 5, W stands for 10"


def test_the_solver_answers_phase10_on_both_decks():
    """RULES.md §4.11's and §4.12's solver examples (more in tests/test_phase10_solver.py)."""
    from companion.rules.solver import solve

    for ruleset, phase, hand, points in ((PHASE10, 2, "9R 9B W 3Y 4G 6R 12B 12G SKIP 1Y 2R", 30), (PHASE10_CARDS, 8, "2H 5H 8H 8H JH AS KC JK 3D 9S 10H", 30)):
        solution = solve(ruleset, phase, parse_cards(hand, deck=ruleset.deck))
        assert solution is not None and solution.points == points
        assert check_go_down(ruleset, phase, solution.melds, solution.remaining).legal


def test_custom_rulesets_offer_aces_low_only():
    """API.md's wider family adds aces "low_only" to a custom ruleset, on any deck."""
    from companion.rules import ruleset_from_definition

    assert ruleset_from_definition({"base": "contract", "name": "X", "aces": "low_only"}).aces is AceRule.LOW_ONLY


# Issue 27, finding 5: an illegal meld of many colours that could stand in a row is read as a run (runs take any
# colours in Phase 10); a meld that is neither is told so without "(one suit)". The API's reading is unchanged.
MIXED_COLOURS = [
    (PHASE10, 6, "3R 4B 5G 6Y 7R 8B 9G 10Y", "run", "3R 4B 5G 6Y 7R 8B 9G 10Y is 8 cards; phase 6 needs a run of 9."),
    (PHASE10, 6, "3R 4R 5R 6R 7R 8R 9R 10R", "run", "3R 4R 5R 6R 7R 8R 9R 10R is 8 cards; phase 6 needs a run of 9."),
    (PHASE10, 5, "W 4B 5G 6Y 7R 8B 9G", "run", "W 4B 5G 6Y 7R 8B 9G is 7 cards; phase 5 needs a run of 8."),
    (PHASE10_CARDS, 6, "3H 4S 5D 6C 7H 8S 9D 10C", "run", "3H 4S 5D 6C 7H 8S 9D 10C is 8 cards; phase 6 needs a run of 9."),
    (PHASE10, 4, "3R 9B 5G", "no meld: neither a set (one rank) nor a run (ranks in a row)", None),
]


@pytest.mark.parametrize(("ruleset", "phase", "meld", "said", "problem"), MIXED_COLOURS, ids=[c[2] for c in MIXED_COLOURS])
def test_a_short_run_of_many_colours_is_described_as_a_run(ruleset, phase, meld, said, problem):
    ruling = check_go_down(ruleset, phase, _melds(ruleset, meld))
    assert not ruling.legal
    (reading,) = ruling.readings
    assert reading.describe() == said
    assert "one suit" not in reading.describe()
    if problem is not None:
        assert ruling.problems == (problem,)
    assert reading.to_json() == {"kind": "run", "cards": meld.split(), "wilds": {}}  # the API's shape as before


def test_a_short_run_of_one_suit_on_a_standard_deck_keeps_its_suit_and_neither_keeps_one_suit():
    contract = RULESETS["contract"]
    (short,) = check_go_down(contract, 2, _melds(contract, "7H 7S 7D | 5H 6H 7H")).readings[1:]
    assert short.describe() == "run of hearts"
    (neither,) = check_go_down(contract, 2, _melds(contract, "7H 7S 7D | 5H 9S 7C")).readings[1:]
    assert neither.describe("group") == "no meld: neither a group (one rank) nor a run (one suit)"


def test_a_short_run_of_many_colours_is_said_as_a_run_in_spanish_too():
    from speech_support import in_spanish

    with in_spanish():
        (run,) = check_go_down(PHASE10, 6, _melds(PHASE10, "3R 4B 5G 6Y 7R 8B 9G 10Y")).readings
        (neither,) = check_go_down(PHASE10, 4, _melds(PHASE10, "3R 9B 5G")).readings
        assert run.describe() == "escala"
        assert neither.describe() == "no es un juego: ni un grupo (un mismo valor) ni una escala (valores seguidos)"
