"""A game where each player plays their own phase (RULES.md §8.6, §8.7.9-10; example 4.11's "Progression").

Expected values come from RULES.md; the property tests compare the engine with tests/progression_reference.py,
which recounts everything from the ticks alone.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import progression_reference as ref
from progression_example import hand, hands_to_14
from conftest import fuzz
from companion.rules import Progression, Tiebreak
from companion.rules.catalogue import find_ruleset
from companion.rules.phase10 import PHASE10, PHASE10_CARDS
from companion.rules.progression import GameProgress, HandLine, PlayedHand, follow_game

NAMES = {0: "Ann", 1: "Ben", 2: "Cy"}
MASTERS = PHASE10.with_options("masters")


# Example 4.11: hands 1-4 bring Ann and Ben to phase 5 and Cy to phase 3.
FIRST_FOUR = [
    hand((True, 0), (True, 10), (True, 5), out=0),
    hand((True, 5), (True, 0), (False, 30), out=1),
    hand((True, 0), (True, 5), (True, 5), out=0),
    hand((True, 10), (True, 0), (False, 20), out=1),
]
# Hand 5: Ann (phase 5) goes out; Ben (phase 5) lays his phase down but does not go out; Cy (phase 3) fails.
HAND_5 = hand((True, 0), (True, 15), (False, 40), out=0)


def test_the_example_game_is_built_as_4_11_says():
    """The fixture itself: totals 140 / 95 / 60 and Cy on phase 9 in hand 14 (else the tests below prove nothing)."""
    hands = hands_to_14(140, 95)
    assert [sum(line.points for h in hands for line in h.lines if line.seat == s) for s in range(3)] == [140, 95, 60]
    assert follow_game(PHASE10, NAMES, hands[:13]).players[2].phase == 9
    assert [p.phase for p in follow_game(PHASE10, NAMES, hands[:5]).players] == [6, 6, 3]


def test_4_11_hand_5_brings_ann_and_ben_to_phase_6_and_cy_stays_on_3():
    before = follow_game(PHASE10, NAMES, FIRST_FOUR)
    assert [p.phase for p in before.players] == [5, 5, 3]
    after = follow_game(PHASE10, NAMES, [*FIRST_FOUR, HAND_5])
    assert [p.phase for p in after.players] == [6, 6, 3]
    assert after.attempted[4] == {0: 5, 1: 5, 2: 3}
    assert after.problems == ()
    assert not after.over and after.ended_after is None


def test_4_11_ben_wins_on_the_lower_total_of_those_who_made_phase_10():
    game = follow_game(PHASE10, NAMES, hands_to_14(140, 95))
    assert game.problems == ()
    assert game.ended_after == 14
    assert game.attempted[13] == {0: 10, 1: 10, 2: 9}
    assert [p.total for p in game.players] == [140, 95, 60]
    assert game.winners == (1,)
    assert game.over and not game.tiebreak
    # Cy's 60 is the lowest total, but Cy has not made every phase (§8.6.6).
    assert [p.name for p in game.standings] == ["Ben", "Ann", "Cy"]
    assert game.next_phases() == {}


def test_4_11_the_game_goes_on_until_someone_makes_phase_10():
    game = follow_game(PHASE10, NAMES, hands_to_14(140, 95)[:13])
    assert not game.over and game.ended_after is None
    assert game.next_phases() == {0: 10, 1: 10, 2: 9}


def test_4_11_tied_at_95_ann_and_ben_play_a_tiebreak_hand_on_phase_10_and_ann_wins():
    hands = hands_to_14(95, 95)
    tied = follow_game(PHASE10, NAMES, hands)
    assert [p.total for p in tied.players] == [95, 95, 60]
    assert tied.ended_after == 14
    assert not tied.over
    assert tied.tiebreak == {0: 10, 1: 10}
    assert tied.next_phases() == {0: 10, 1: 10}
    tiebreak = PlayedHand(
        went_out=0, lines=(HandLine(seat=0, made=True, points=0), HandLine(seat=1, made=False, points=25))
    )
    decided = follow_game(PHASE10, NAMES, [*hands, tiebreak])
    assert decided.problems == ()
    assert [p.total for p in decided.players] == [95, 120, 60]
    assert decided.attempted[14] == {0: 10, 1: 10}
    assert decided.winners == (0,)


def test_a_tiebreak_hand_nobody_makes_is_played_again_by_the_same_players():
    hands = hands_to_14(95, 95)
    nobody = PlayedHand(
        went_out=None, lines=(HandLine(seat=0, made=False, points=30), HandLine(seat=1, made=False, points=25))
    )
    game = follow_game(PHASE10, NAMES, [*hands, nobody])
    assert not game.over
    assert game.tiebreak == {0: 10, 1: 10}


def test_a_tiebreak_hand_with_nobody_out_goes_to_the_lowest_total_of_those_who_made_it():
    hands = hands_to_14(95, 95)
    stock = PlayedHand(
        went_out=None, lines=(HandLine(seat=0, made=True, points=30), HandLine(seat=1, made=True, points=25))
    )
    assert follow_game(PHASE10, NAMES, [*hands, stock]).winners == (1,)
    again = PlayedHand(
        went_out=None, lines=(HandLine(seat=0, made=True, points=25), HandLine(seat=1, made=True, points=25))
    )
    assert follow_game(PHASE10, NAMES, [*hands, again]).tiebreak == {0: 10, 1: 10}


def test_the_first_out_wins_a_tiebreak_hand_whatever_the_totals():
    """§8.7.10: the first to go out wins the tie-break hand."""
    hands = hands_to_14(95, 95)
    out = PlayedHand(went_out=1, lines=(HandLine(seat=0, made=True, points=0), HandLine(seat=1, made=True, points=0)))
    assert follow_game(PHASE10, NAMES, [*hands, out]).winners == (1,)


def test_only_the_tied_players_play_the_tiebreak_hand():
    hands = hands_to_14(95, 95)
    everyone = hand((True, 0), (False, 25), (False, 10), out=0)
    game = follow_game(PHASE10, NAMES, [*hands, everyone])
    assert [(p.seat, p.sentence) for p in game.problems] == [
        (2, "Cy is not in this tie-break hand; only Ann and Ben play it.")
    ]
    assert game.winners == (0,)


def test_a_hand_after_the_decided_game_is_shown_to_delete():
    game = follow_game(PHASE10, NAMES, [*hands_to_14(140, 95), hand((True, 0), (True, 5), (True, 5), out=0)])
    assert [(p.hand, p.seat, p.sentence) for p in game.problems] == [
        (15, None, "The game ended after hand 14: Ben won. Delete this hand.")
    ]
    assert [p.total for p in game.players] == [140, 95, 60]


@pytest.mark.parametrize("ruleset", [PHASE10, PHASE10_CARDS], ids=["phase10", "phase10-cards"])
def test_the_player_who_went_out_made_their_phase(ruleset):
    """§8.6.4: "Ann went out, so Ann made phase 4; tick it." """
    hands = [hand((True, 0), (False, 20), (False, 5), out=0) for _ in range(3)]
    game = follow_game(ruleset, NAMES, [*hands, hand((False, 0), (True, 20), (False, 5), out=0)])
    assert [(p.hand, p.seat, p.sentence) for p in game.problems] == [
        (4, 0, "Ann went out, so Ann made phase 4; tick it.")
    ]


def test_everyone_who_made_their_phase_moves_on_not_only_the_player_out():
    game = follow_game(PHASE10, NAMES, [hand((True, 0), (True, 20), (False, 5), out=0)])
    assert [p.phase for p in game.players] == [2, 2, 1]


def test_a_corrected_tick_rederives_every_later_phase():
    """§8.6.9: Cy's tick in hand 1 is taken away: Cy played phase 1 again in hand 3, and so on."""
    corrected = [hand((True, 0), (True, 10), (False, 5), out=0), *FIRST_FOUR[1:], HAND_5]
    game = follow_game(PHASE10, NAMES, corrected)
    assert [h[2] for h in game.attempted] == [1, 1, 1, 2, 2]
    assert [p.phase for p in game.players] == [6, 6, 2]
    assert [p.made for p in game.players][2] == (1,)


def test_standings_put_phases_made_before_totals():
    game = follow_game(
        PHASE10,
        NAMES,
        [hand((True, 0), (False, 5), (True, 90), out=0), hand((False, 50), (True, 0), (False, 5), out=1)],
    )
    assert [p.name for p in game.standings] == ["Ben", "Ann", "Cy"]  # one phase each: 5 < 50 < 95
    ahead = follow_game(PHASE10, NAMES, [hand((True, 0), (True, 80), (False, 5), out=0)])
    assert [p.name for p in ahead.standings] == ["Ann", "Ben", "Cy"]  # Cy's 5 is lowest but one phase behind


def test_masters_plays_the_chosen_phases_in_any_order_and_ends_when_all_ten_are_made():
    chosen_orders = [[10, 9, 8, 7, 6, 5, 4, 3, 2, 1], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]
    hands = [
        hand((True, 0), (True, 5), out=0, chosen=(chosen_orders[0][n], chosen_orders[1][n]))
        for n in range(9)
    ]  # fmt: skip
    game = follow_game(MASTERS, {0: "Ann", 1: "Ben"}, hands)
    assert game.players[0].open_phases == (1,) and game.players[1].open_phases == (10,)
    assert game.players[0].phase is None
    assert not game.over
    last = hand((True, 0), (False, 5), out=0, chosen=(1, 10))
    done = follow_game(MASTERS, {0: "Ann", 1: "Ben"}, [*hands, last])
    assert done.problems == ()
    assert done.ended_after == 10 and done.winners == (0,)


def test_masters_a_chosen_phase_already_made_is_shown_to_fix_never_guessed():
    hands = [hand((True, 0), (False, 5), out=0, chosen=(3, 1)), hand((True, 0), (False, 5), out=0, chosen=(3, 1))]
    game = follow_game(MASTERS, {0: "Ann", 1: "Ben"}, hands)
    assert [(p.hand, p.seat, p.sentence) for p in game.problems] == [
        (2, 0, "Ann made phase 3 in hand 1: choose a phase not made yet.")
    ]
    assert game.attempted[1] == {0: 3, 1: 1}
    assert game.players[0].made == (3,)


def test_masters_a_correction_that_makes_a_later_choice_stale_is_shown():
    """§8.6.9: a tick moved to an earlier hand leaves the later hand's choice on a made phase."""
    hands = [hand((True, 0), (False, 5), out=0, chosen=(4, 1)), hand((True, 0), (False, 5), out=0, chosen=(5, 1))]
    corrected = [hand((True, 0), (False, 5), out=0, chosen=(5, 1)), hands[1]]
    assert follow_game(MASTERS, {0: "Ann", 1: "Ben"}, hands).problems == ()
    sentences = [p.sentence for p in follow_game(MASTERS, {0: "Ann", 1: "Ben"}, corrected).problems]
    assert sentences == ["Ann made phase 5 in hand 1: choose a phase not made yet."]


@pytest.mark.parametrize(
    ("chosen", "sentence"),
    [(None, "Choose Ann's phase for this hand."), (11, "There is no phase 11: choose one from 1 to 10."), (0, "There is no phase 0: choose one from 1 to 10.")],
)  # fmt: skip
def test_masters_a_missing_or_unknown_choice_is_a_sentence(chosen, sentence):
    game = follow_game(MASTERS, {0: "Ann", 1: "Ben"}, [hand((False, 10), (True, 0), out=1, chosen=(chosen, 2))])
    assert [(p.seat, p.sentence) for p in game.problems] == [(0, sentence)]


def test_masters_tiebreak_replays_the_phase_each_made_last():
    orders = ([1, 2, 3, 4, 5, 6, 7, 8, 10, 9], [10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    hands = [hand((True, 0), (True, 0), out=0, chosen=(orders[0][n], orders[1][n])) for n in range(10)]
    game = follow_game(MASTERS, {0: "Ann", 1: "Ben"}, hands)
    assert game.tiebreak == {0: 9, 1: 1}


@pytest.mark.parametrize(("tiebreak", "winners"), [(Tiebreak.NONE, (0, 1)), (Tiebreak.MOST_DEALS_WON, (0,))])
def test_other_tiebreak_rules_share_or_count_hands_won(tiebreak, winners):
    ruleset = dataclasses.replace(PHASE10, tiebreak=tiebreak)
    hands = [hand((True, 0), (True, 5), out=0) for _ in range(9)] + [hand((True, 45), (True, 0), out=1)]
    game = follow_game(ruleset, {0: "Ann", 1: "Ben"}, hands)
    assert [p.total for p in game.players] == [45, 45]
    assert game.winners == winners and not game.tiebreak


def test_a_fixed_progression_ruleset_has_no_phases_per_player():
    with pytest.raises(ValueError, match="everyone plays the same deal"):
        follow_game(find_ruleset("contract"), NAMES, [])


def test_a_missing_line_is_a_sentence():
    game = follow_game(PHASE10, NAMES, [PlayedHand(went_out=0, lines=(HandLine(seat=0, made=True, points=0),))])
    assert [(p.seat, p.sentence) for p in game.problems] == [
        (1, "Ben has no line in this hand: enter their points."),
        (2, "Cy has no line in this hand: enter their points."),
    ]


# --- properties against the reference -------------------------------------------------------------------------


@st.composite
def played_games(draw: st.DrawFn) -> list[list[tuple[bool, int]]]:
    """A legal game's main hands: each player's tick and points; whoever goes out made their phase and scores 0;
    stopped at the hand that ends the game. Ticks lean towards made, so many games reach phase 10."""
    players = draw(st.integers(2, 6))
    hands: list[list[tuple[bool, int]]] = []
    for _ in range(draw(st.integers(1, 30))):
        lines = [(draw(st.integers(0, 3)) > 0, draw(st.sampled_from([0, 5, 25, 50]))) for _ in range(players)]
        hands.append(lines)
        if ref.end_hand(hands) is not None:
            break
    return hands


def as_played(hands: list[list[tuple[bool, int]]]) -> list[PlayedHand]:
    """The reference's hands as the engine's: the first seat that made its phase went out (points 0)."""
    played = []
    for lines in hands:
        out = next((seat for seat, (made, _) in enumerate(lines) if made), None)
        played.append(
            hand(*((made, 0 if seat == out else points) for seat, (made, points) in enumerate(lines)), out=out)
        )
    return played


def reference_lines(played: list[PlayedHand]) -> list[list[tuple[bool, int]]]:
    """The engine's hands back as the reference's (the points as played)."""
    return [[(line.made, line.points) for line in hand.lines] for hand in played]


@fuzz(300)
@given(played_games())
def test_phases_end_standings_and_winner_match_the_reference(hands):
    played = as_played(hands)
    table = reference_lines(played)
    names = {seat: f"P{seat}" for seat in range(len(table[0]))}
    game: GameProgress = follow_game(PHASE10, names, played)
    assert game.problems == ()
    for number in range(len(table)):
        assert game.attempted[number] == {seat: ref.phase_in_hand(table, number, seat) for seat in names}
    assert game.ended_after == ref.end_hand(table)
    assert [p.seat for p in game.standings] == ref.standings(table)
    assert [p.total for p in game.players] == ref.totals(table)
    lowest = ref.lowest_finished(table)
    event(f"{len(lowest)} on the lowest finished total")
    if len(lowest) == 1:
        assert game.winners == tuple(lowest) and not game.tiebreak
    elif lowest:
        assert game.winners == () and game.tiebreak == dict.fromkeys(lowest, 10)
    else:
        assert not game.over and game.next_phases() == {seat: ref.made_after(table, seat) + 1 for seat in names}


@fuzz(200)
@given(played_games(), st.data())
def test_a_corrected_tick_changes_only_later_hands_and_matches_a_fresh_count(hands, data):
    played = as_played(hands)
    number = data.draw(st.integers(0, len(played) - 1))
    seat = data.draw(st.integers(0, len(played[0].lines) - 1))
    lines = list(played[number].lines)
    lines[seat] = dataclasses.replace(lines[seat], made=not lines[seat].made)
    out = played[number].went_out if lines[seat].made or played[number].went_out != seat else None
    corrected = [*played[:number], PlayedHand(lines=tuple(lines), went_out=out), *played[number + 1 :]]
    names = {s: f"P{s}" for s in range(len(lines))}
    before, after = follow_game(PHASE10, names, played), follow_game(PHASE10, names, corrected)
    assert after.attempted[: number + 1] == before.attempted[: number + 1]
    table = reference_lines(corrected)
    end = ref.end_hand(table) or len(table)
    for later in range(number + 1, end):
        assert after.attempted[later] == {s: ref.phase_in_hand(table, later, s) for s in names}


@fuzz(200)
@given(
    st.lists(
        st.tuples(st.booleans(), st.booleans(), st.integers(0, 50), st.integers(0, 50), st.sampled_from([None, 0, 1])),
        min_size=1,
        max_size=6,
    )
)
def test_tiebreak_hands_follow_8_6_7_and_8_7_10(tiebreaks):
    """Ann and Ben tied at 95 play tie-break hands: the reference decides each by the rule, step by step."""
    hands = hands_to_14(95, 95)
    tied = [0, 1]
    totals = {0: 95, 1: 95}
    winner = None
    for ann_made, ben_made, ann_points, ben_points, out in tiebreaks:
        if winner is not None or out not in (None, *tied):
            break
        made = {0: ann_made or out == 0, 1: ben_made or out == 1}
        points = {0: 0 if out == 0 else ann_points, 1: 0 if out == 1 else ben_points}
        lines = tuple(HandLine(seat=s, made=made[s], points=points[s]) for s in tied)
        hands.append(PlayedHand(lines=lines, went_out=out))
        for s in tied:
            totals[s] += points[s]
        makers = [s for s in tied if made[s]]
        if out is not None:
            winner = out
        elif makers:
            best = min(totals[s] for s in makers)
            tied = [s for s in makers if totals[s] == best]
            winner = tied[0] if len(tied) == 1 else None
    game = follow_game(PHASE10, NAMES, hands)
    assert game.problems == ()
    event("decided" if winner is not None else "still tied")
    assert game.winners == ((winner,) if winner is not None else ())
    assert game.tiebreak == ({} if winner is not None else dict.fromkeys(tied, 10))


def test_per_player_choice_is_the_masters_option():
    assert MASTERS.progression is Progression.PER_PLAYER_CHOICE
