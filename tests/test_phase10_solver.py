"""The solver on Phase 10's rules, both decks (RULES.md §4.11, §4.12, §8.1, §8.2).

RULES.md's "Solver:" examples, the rules the search still refuses, its budget of steps, and the solver
against a brute-force reference (tests/phase10_reference.py, which shares no code with the engine) on small
hands dealt at random and hands built to meet each phase: the same fewest points (or no go-down), and an
answer the checker accepts.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from phase10_reference import _supply_ok, reference_best_points, reference_legal, reference_points
from test_phase10_properties import VARIANTS, built_meld, natural, skip, wild

from conftest import fuzz
from companion.rules import Requirement, check_go_down, parse_cards, score_hand
from companion.rules.cards import JOKER, PHASE10_COPIES, STANDARD_PACK, Deck
from companion.rules.phase10 import PHASE10, PHASE10_CARDS
from companion.rules.solver import NotSolvedYetError, SearchTooBigError, solve

BY_ID = {"phase10": PHASE10, "phase10-cards": PHASE10_CARDS}
#: The variants the solver is tested on: both decks, with and without all-wild-groups, and two fields the
#: search reads that no built-in Phase 10 sets (a contract that may not repeat a number, two naturals a meld).
#: Phases 1 to 5 of the last variant mix the kinds in ways no built-in phase does: a colour group with a set or a
#: run, two runs, three sets (the search reads any contract of these kinds).
MIXED = ("C4 S3", "C4 R4", "R4 R4", "S3 S3 S2", "C3 R3 S2")


def _mixed(ruleset):
    deals = [
        dataclasses.replace(deal, requirements=Requirement.from_symbols(symbols), contract=f"Phase {symbols}")
        for deal, symbols in zip(ruleset.deals, MIXED, strict=False)
    ]
    return dataclasses.replace(ruleset, deals=tuple(deals) + ruleset.deals[len(MIXED) :])


SOLVER_VARIANTS = VARIANTS | {
    "phase10, no number twice": dataclasses.replace(PHASE10, repeat_rank=False),
    "phase10-cards, two naturals a meld": dataclasses.replace(PHASE10_CARDS, min_naturals=2),
    "phase10, mixed contracts": _mixed(PHASE10),
    "phase10-cards+all-wild-groups, mixed contracts": _mixed(PHASE10_CARDS.with_options("all-wild-groups")),
}


def _cards(ruleset, text: str):
    return parse_cards(text, deck=ruleset.deck)


# -- RULES.md's examples ---------------------------------------------------------------------------

SOLVER_EXAMPLES = [
    # §4.11: p2, 11 cards after the draw
    ("phase10", 2, "9R 9B W 3Y 4G 6R 12B 12G SKIP 1Y 2R", ["12B 12G W", "1Y 2R 3Y 4G"], "9R 9B 6R SKIP", 30),
    # §4.12: p8, seven hearts with KC wild
    ("phase10-cards", 8, "2H 5H 8H 8H JH AS KC JK 3D 9S 10H", ["2H 5H 8H 8H 10H JH KC"], "AS JK 3D 9S", 30),
]


@pytest.mark.parametrize(("key", "phase", "hand", "melds", "remaining", "points"), SOLVER_EXAMPLES, ids=["4.11", "4.12"])
def test_rules_md_solver_examples(key, phase, hand, melds, remaining, points):
    ruleset = BY_ID[key]
    solution = solve(ruleset, phase, _cards(ruleset, hand))
    assert solution is not None
    assert [Counter(meld) for meld in solution.melds] == [Counter(_cards(ruleset, meld)) for meld in melds]
    assert Counter(solution.remaining) == Counter(_cards(ruleset, remaining))
    assert solution.points == points
    assert check_go_down(ruleset, phase, solution.melds, solution.remaining).legal


def test_the_other_set_of_4_11_would_leave_40():
    """§4.11: "[9R 9B W] would leave 40": legal, but not the solver's answer."""
    melds = [_cards(PHASE10, "9R 9B W"), _cards(PHASE10, "1Y 2R 3Y 4G")]
    remaining = _cards(PHASE10, "12B 12G 6R SKIP")
    assert check_go_down(PHASE10, 2, melds, remaining).legal
    assert score_hand(PHASE10, remaining).points == 40


SMALL_EXAMPLES = [
    # a run only: a wild scores more than a natural, so it goes in the run and the natural stays (RULES.md §8.1 points)
    ("phase10", 4, "1R 2B 3G 4Y 5R 6B 7G 8Y 9R 10B 11G 12Y W", 5),
    # nothing follows 12 and the 1 is only low: 10 11 12 1 2 3 4 is no run (§4.11 example 6)
    ("phase10", 4, "10R 11B 12G 1Y 2R 3B 4G", None),
    ("phase10-cards", 4, "JS QS KS AS 2S 3S 4S", None),  # §4.12 example 3: the ace is only 1; KS is a wild, not a king
    # a skip is never melded, so a hand whose phase needs one cannot make it (§4.12 example 5)
    ("phase10-cards", 1, "7S 7H JK QC QD QH", None),
    ("phase10", 9, "8R 8B 8G 8Y W 12R 12G", 0),  # §4.11 example 11: a set of 2
    ("phase10", 1, "W W W W W 5R", None),  # §4.11 example 12: every set needs a natural card
    ("phase10", 7, "4R 4R 4R 4B 11G 11G 11Y 11B", None),  # §4.11 example 13: three 4R break the supply
]


@pytest.mark.parametrize(("key", "phase", "hand", "points"), SMALL_EXAMPLES)
def test_small_hands(key, phase, hand, points):
    ruleset = BY_ID[key]
    solution = solve(ruleset, phase, _cards(ruleset, hand))
    if points is None:
        assert solution is None
    else:
        assert solution is not None and solution.points == points
        assert check_go_down(ruleset, phase, solution.melds, solution.remaining).legal


def test_all_wild_groups_lets_a_set_be_wilds_only():
    """§4.11 example 12: ✓ with all-wild-groups."""
    ruleset = PHASE10.with_options("all-wild-groups")
    solution = solve(ruleset, 1, _cards(ruleset, "W W W W W 5R"))
    assert solution is not None and solution.points == 0
    assert check_go_down(ruleset, 1, solution.melds, solution.remaining).legal


# -- what the search still refuses -------------------------------------------------------------------

REFUSED = [
    ({"exact": True}, 2, "Phase 10 can't be solved yet: the solver does not know exact lengths alongside Phase 10's rules."),
    ({"max_wilds": 1}, 1, "Phase 10 can't be solved yet: the solver does not know a limit on wilds alongside Phase 10's rules."),
    ({"dup_suits": False}, 1, "Phase 10 can't be solved yet: the solver does not know sets of different suits alongside Phase 10's rules."),
]


@pytest.mark.parametrize(("changes", "phase", "message"), REFUSED, ids=[next(iter(c)) for c, _, _ in REFUSED])
def test_rules_the_search_does_not_know_are_refused_with_a_sentence(changes, phase, message):
    ruleset = dataclasses.replace(PHASE10, **changes)
    with pytest.raises(NotSolvedYetError) as error:
        solve(ruleset, phase, _cards(PHASE10, "9R 9B W 3Y 4G 6R 12B 12G SKIP 1Y 2R"))
    assert str(error.value) == message


def test_two_colour_groups_are_refused():
    ruleset = dataclasses.replace(PHASE10, deals=(dataclasses.replace(PHASE10.deals[7], number=1, requirements=Requirement.from_symbols("C4 C4")),))
    with pytest.raises(NotSolvedYetError, match="^Phase 10 can't be solved yet: the solver does not know two colour groups in one contract.$"):
        solve(ruleset, 1, _cards(ruleset, "1R 2R 3R 4R 1B 2B 3B 4B"))


def test_runs_of_one_suit_with_wild_kings_are_refused():
    ruleset = dataclasses.replace(PHASE10_CARDS, run_suit="same")
    with pytest.raises(NotSolvedYetError, match="^Phase 10 \\(standard cards\\) can't be solved yet: the solver does not know runs of one suit"):
        solve(ruleset, 2, _cards(ruleset, "9S 9H KC 3D 4C"))
    # a phase without runs does not care how runs are judged
    assert solve(ruleset, 1, _cards(ruleset, "9S 9H KC 3D 3C 3S")) is not None


# -- the budget --------------------------------------------------------------------------------------


def test_the_search_stops_at_its_budget_of_steps():
    hand = _cards(PHASE10, "W W W W 1R 2B 3G 5Y 7R 9B 11G")
    with pytest.raises(SearchTooBigError, match="^This hand is too big to search: 11 cards with 4 wild ones"):
        solve(PHASE10, 6, hand, budget=50)
    solution = solve(PHASE10, 6, hand)  # the budget, not the hand, stopped it
    assert solution is not None and check_go_down(PHASE10, 6, solution.melds, solution.remaining).legal


def _deck(ruleset) -> list:
    if ruleset.deck is Deck.PHASE10:
        return [card for card, copies in PHASE10_COPIES.items() for _ in range(copies)]
    return list(STANDARD_PACK) * 2 + [JOKER] * 4


def test_no_hand_a_table_holds_reaches_the_budget():
    """Hands of 11 (10 dealt and a draw) to 14 cards, rich in wilds, on every phase of both decks and options."""
    rng = random.Random(20261127)
    solved = 0
    for key in sorted(VARIANTS):
        ruleset = VARIANTS[key]
        cards = _deck(ruleset)
        wilds = [card for card in cards if ruleset.is_wild(card)]
        others = [card for card in cards if not ruleset.is_wild(card)]
        for phase in range(1, 11):
            for size in (11, 14):
                for wild_count in (0, 2, 4, 8):
                    hand = rng.sample(wilds, wild_count) + rng.sample(others, size - wild_count)
                    solution = solve(ruleset, phase, hand)  # SearchTooBigError here fails the test
                    if solution is not None:
                        solved += 1
                        assert check_go_down(ruleset, phase, solution.melds, solution.remaining).legal
    assert solved >= 200


# -- against the brute-force reference -------------------------------------------------------------------

ASSERTED: Counter[str] = Counter()


@st.composite
def small_hands(draw):
    """A variant, a phase and a hand of 6 to 9 cards: dealt at random from a few numbers (so that melds are
    likely), or built to meet the phase and topped up; at most 3 wilds (the reference tries every number for each)."""
    key = draw(st.sampled_from(sorted(SOLVER_VARIANTS)))
    ruleset = SOLVER_VARIANTS[key]
    phase = draw(st.integers(1, 10))
    rng = random.Random(draw(st.integers(0, 2**32)))
    how = draw(st.sampled_from(["dealt", "built"]))
    size = rng.randint(6, 9)
    if how == "built":
        hand = [card for requirement in ruleset.deal(phase).requirements for card in built_meld(ruleset, requirement, rng)]
    else:
        hand = []
    low = rng.randint(1, 9)
    while len(hand) < size:
        roll = rng.random()
        if roll < 0.12:
            hand.append(wild(ruleset, rng))
        elif roll < 0.2:
            hand.append(skip(ruleset))
        else:
            hand.append(natural(ruleset, rng.randint(low, min(12, low + 4)), rng.randrange(4)))
    hand = hand[: max(size, 7)]
    wilds = [card for card in hand if ruleset.is_wild(card)]
    hand = [card for card in hand if not ruleset.is_wild(card)] + wilds[:3]
    rng.shuffle(hand)
    return key, phase, how, hand


@fuzz(3000)
@given(small_hands())
def _solver_matches_the_reference(case):
    key, phase, how, hand = case
    ruleset = SOLVER_VARIANTS[key]
    described = f"{key} phase {phase}: {' '.join(map(str, hand))}"
    solution = solve(ruleset, phase, hand)
    expected = reference_best_points(ruleset, phase, hand)
    assert (solution is None) is (expected is None), (described, solution)
    ASSERTED[f"{how}: {'yes' if expected is not None else 'no'}"] += 1
    if solution is not None:
        assert solution.points == expected, (described, solution)
        assert solution.points == sum(reference_points(card) for card in solution.remaining)
        assert Counter(card for meld in solution.melds for card in meld) + Counter(solution.remaining) == Counter(hand)
        assert check_go_down(ruleset, phase, solution.melds, solution.remaining).legal, (described, solution)
        assert reference_legal(ruleset, phase, solution.melds, solution.remaining), (described, solution)


def test_solver_matches_the_brute_force_reference():
    """The property on many examples, with floors on the answers of each kind seen (printed with -s)."""
    ASSERTED.clear()
    _solver_matches_the_reference()
    print(dict(ASSERTED))
    assert ASSERTED["built: yes"] >= 700, dict(ASSERTED)
    assert ASSERTED["dealt: yes"] >= 100, dict(ASSERTED)
    assert ASSERTED["dealt: no"] + ASSERTED["built: no"] >= 500, dict(ASSERTED)


BUILT: Counter[str] = Counter()


@st.composite
def built_hands(draw):
    """A variant, a phase and a hand of 11 to 14 cards holding a meld for each of the phase's requirements
    (test_phase10_properties.built_meld: longer melds, wilds inside) and random cards of the deck; the built-in
    variants only (a built hand may not meet a variant that refuses a number twice or wants two naturals)."""
    key = draw(st.sampled_from(sorted(VARIANTS)))
    ruleset = VARIANTS[key]
    phase = draw(st.integers(1, 10))
    rng = random.Random(draw(st.integers(0, 2**32)))
    hand = [card for requirement in ruleset.deal(phase).requirements for card in built_meld(ruleset, requirement, rng)]
    cards = _deck(ruleset)
    for card in hand:
        if card in cards:
            cards.remove(card)
    hand += rng.sample(cards, max(0, rng.randint(11, 14) - len(hand)))
    rng.shuffle(hand)
    return key, phase, hand


@fuzz(1500)
@given(built_hands())
def _solver_meets_every_phase_built_into_the_hand(case):
    key, phase, hand = case
    ruleset = VARIANTS[key]
    if not _supply_ok(ruleset, hand):  # the built melds took more of a card than the deck has
        BUILT["breaks the supply"] += 1
        assert solve(ruleset, phase, hand) is None
        return
    solution = solve(ruleset, phase, hand)
    assert solution is not None, f"{key} phase {phase}: {' '.join(map(str, hand))}"
    assert check_go_down(ruleset, phase, solution.melds, solution.remaining).legal
    assert reference_legal(ruleset, phase, solution.melds, solution.remaining)
    BUILT["yes"] += 1


def test_solver_meets_every_phase_built_into_the_hand():
    BUILT.clear()
    _solver_meets_every_phase_built_into_the_hand()
    print(dict(BUILT))
    assert BUILT["yes"] >= 1300, dict(BUILT)


@pytest.mark.parametrize("options", [(), ("all-wild-groups",), ("all-wild-groups", "masters")])
def test_a_phase10_definition_sent_back_solves_as_the_builtin(options):
    """API.md's round trip: Phase 10 with all-wild groups writes min_naturals_set 0 and min_naturals_run 0; read
    back, the same minimum for sets and runs is the ruleset's one minimum, so the solver takes it as the built-in
    (it refused it as Kalooki's sets-and-runs rule before)."""
    from companion.rules import ruleset_from_definition, ruleset_to_definition

    builtin = PHASE10.with_options(*options)
    again = ruleset_from_definition(ruleset_to_definition(builtin))
    hand = parse_cards("W W W 5R 5B 5G 3Y 4G 6R 12B 12G", deck=Deck.PHASE10)
    for phase in (1, 2, 8):
        expected, found = solve(builtin, phase, hand), solve(again, phase, hand)
        assert (expected and expected.points) == (found and found.points), phase
    assert ruleset_to_definition(again) == ruleset_to_definition(builtin)
