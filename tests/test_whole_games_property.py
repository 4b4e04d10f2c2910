"""Random whole games on random rulesets, played through the deal-entry use case (companion/games/deal_entry.py)
against a small reference game-runner written in the tests (tests/whole_game_reference.py), from RULES.md.

Rulesets: a fixed schedule (from contract: 1 to 3 deals) or each player on their own phase (from phase10: 1 to 3
phases), played clockwise or counter-clockwise, with every tie-break their progression takes (fixed: none or
most_deals_won; per player: none, most_deals_won or replay_last_phase). Points are drawn from a few values so
that ties for the win come often. After every deal the stored game's totals (and phases) are the reference's;
at the end its winners are. A tie-break hand (replay_last_phase) is played through the use case by the tied
players only (RULES.md §8.7.14), and decides the game. The games played and the ties met are counted and
printed.
"""

from __future__ import annotations

from collections import Counter
from itertools import count

from conftest import fuzz
from hypothesis import given
from hypothesis import strategies as st
from whole_game_reference import PhaseRun, fixed_winners

from companion.extensions import db
from companion.games.deal_entry import DealSent, EntryOutcome, LineEntry, enter_deal
from companion.games.life import start_game
from companion.games.phases import seats_in_hand
from companion.games.state import game_state
from companion.models import Player
from companion.rules.definition import ruleset_from_definition

SET3 = {"kind": "set", "length": 3}
RUN4 = {"kind": "run", "length": 4}
CONTRACT_DEALS = [[SET3, SET3], [SET3, RUN4], [RUN4, RUN4]]
PHASES = [[SET3, SET3], [{"kind": "run", "length": 7}], [{"kind": "colour", "length": 7}]]
POINTS = [10, 20]  # two values: ties for the win come often (and are broken, or shared, or called)


@st.composite
def random_games(draw):
    per_player = draw(st.booleans())
    direction = draw(st.sampled_from(["clockwise", "counterclockwise"]))
    if per_player:
        tiebreak = draw(st.sampled_from(["none", "most_deals_won", "replay_last_phase"]))
        seats = draw(st.integers(2, 4))
        deals = [{"cards_dealt": 10, "requirements": r} for r in PHASES[: draw(st.integers(1, 3))]]
        base = "phase10"
    else:
        tiebreak = draw(st.sampled_from(["none", "most_deals_won"]))
        seats = draw(st.integers(3, 5))
        deals = [{"cards_dealt": 10, "requirements": r} for r in CONTRACT_DEALS[: draw(st.integers(1, 3))]]
        base = "contract"
    definition = {"base": base, "name": "Random", "direction": direction, "tiebreak": tiebreak, "deals": deals}
    hand = st.tuples(
        st.integers(0, seats - 1),  # who went out
        st.lists(st.sampled_from(POINTS), min_size=seats, max_size=seats),
        st.lists(st.booleans(), min_size=seats, max_size=seats),  # made (per player)
    )
    hands = draw(st.lists(hand, min_size=12, max_size=12))
    level = draw(st.booleans())  # steer the game to a tie for the win (below)
    if level and per_player:  # everyone makes every phase, 10 a hand when not out: ties among the most outs
        hands = [(out, [10] * seats, [True] * seats) for out, _points, _made in hands]
    elif level:
        hands = levelled(hands, len(deals), seats, draw(st.integers(0, seats - 1)))
    return definition, seats, draw(st.integers(0, seats - 1)), hands


def levelled(hands, deals: int, seats: int, b: int):
    """The hands with the last deal rewritten so that its player out (a) and seat ``b`` end level, everyone else
    above them: the test's own arithmetic on the totals before the last deal."""
    before = dict.fromkeys(range(seats), 0)
    for out, points, _made in hands[: deals - 1]:
        for s in range(seats):
            before[s] += 0 if s == out else points[s]
    a = hands[deals - 1][0]
    if b == a:
        b = (a + 1) % seats
    if before[b] > before[a]:
        a, b = b, a  # the one behind goes out
    tie = before[a]
    last = [tie - before[b] if s == b else tie - before[s] + 10 for s in range(seats)]
    last[a] = 0
    return [*hands[: deals - 1], (a, last, hands[deals - 1][2]), *hands[deals:]]


NAMES = count()


def saved(game, number: int, out: int, lines: list[LineEntry]) -> None:
    result = enter_deal(game, number, DealSent(went_out=str(out), lines=lines, confirmed=True), by=None)
    assert result.outcome is EntryOutcome.SAVED, (number, result.message)


def play_fixed(game, ruleset, seats: int, hands, counts: Counter) -> None:
    totals, went_out = dict.fromkeys(range(seats), 0), dict.fromkeys(range(seats), 0)
    for number in range(1, len(ruleset.deals) + 1):
        out, points, _made = hands[number - 1]
        lines = [LineEntry(position=s, points="" if s == out else str(points[s])) for s in range(seats)]
        saved(game, number, out, lines)
        for s in range(seats):
            totals[s] += 0 if s == out else points[s]
        went_out[out] += 1
        assert {st_.position: st_.total for st_ in game_state(game).standings} == totals
    state = game_state(game)
    assert state.finished
    winners = fixed_winners(totals, went_out, ruleset.tiebreak.value)
    assert sorted(s.position for s in state.leaders) == sorted(winners)
    low = min(totals.values())
    if sum(1 for t in totals.values() if t == low) > 1:
        counts["ties"] += 1
        counts["ties broken by deals won" if len(winners) == 1 else "ties shared"] += 1


def play_per_player(game, ruleset, seats: int, hands, counts: Counter) -> None:
    run = PhaseRun(phases=len(ruleset.deals), seats=seats, tiebreak_rule=ruleset.tiebreak.value)
    for number, (out, points, made) in enumerate(hands * 4, start=1):
        if run.winners or run.tied:
            break
        flags = [m or s == out for s, m in enumerate(made)]  # the player who went out made their phase
        lines = [LineEntry(position=s, points="" if s == out else str(points[s]), made=flags[s]) for s in range(seats)]
        saved(game, number, out, lines)
        run.hand({s: (flags[s], 0 if s == out else points[s]) for s in range(seats)}, out)
        progress = game_state(game).progress
        assert {p.seat: p.total for p in progress.players} == run.totals
        assert {p.seat: p.phase or 0 for p in progress.players} == {s: run.phase(s) for s in range(seats)}
    progress = game_state(game).progress
    if run.tied:  # a tie-break hand is called: only the tied players play it (RULES.md §8.6.7, §8.7.14)
        assert sorted(progress.tiebreak) == sorted(run.tied)
        counts["ties"] += 1
        counts["tie-break hands called"] += 1
        play_tiebreak_hand(game, run, hands[0], counts)
        progress = game_state(game).progress
    assert run.winners, "the game should have ended within the hands drawn"
    assert sorted(progress.winners) == sorted(run.winners)
    finished = [s for s in range(seats) if run.finished(s)]
    low = min(run.totals[s] for s in finished)
    if sum(1 for s in finished if run.totals[s] == low) > 1:
        counts["ties"] += 1
        counts["ties broken by deals won" if len(run.winners) == 1 else "ties shared"] += 1


def play_tiebreak_hand(game, run: PhaseRun, hand, counts: Counter) -> None:
    """The tie-break hand, saved through the use case with a line for each tied player only; one of them goes out,
    which decides the game (the reference's rule)."""
    tied = list(run.tied)
    number = len(game.deals) + 1
    assert sorted(seats_in_hand(game, number)) == sorted(tied)
    out_drawn, points, made = hand
    out = tied[out_drawn % len(tied)]
    flags = {s: made[s] or s == out for s in tied}
    lines = [LineEntry(position=s, points="" if s == out else str(points[s]), made=flags[s]) for s in tied]
    saved(game, number, out, lines)
    run.hand({s: (flags[s], 0 if s == out else points[s]) for s in tied}, out)
    counts["tie-break hands played"] += 1
    assert {p.seat: p.total for p in game_state(game).progress.players} == run.totals


def test_random_whole_games_follow_the_reference_runner(app, capsys):
    counts: Counter = Counter()

    @fuzz(120)
    @given(random_games())
    def play(spec):
        definition, seats, first_dealer, hands = spec
        ruleset = ruleset_from_definition(definition)
        with app.app_context():
            players = [Player(name=f"P{next(NAMES)}") for _ in range(seats)]
            for player in players:
                player.name_key = player.name.lower()
            db.session.add_all(players)
            db.session.commit()
            game = start_game(ruleset, players, first_dealer)
            db.session.commit()
            if ruleset.progression.value == "fixed":
                play_fixed(game, ruleset, seats, hands, counts)
            else:
                play_per_player(game, ruleset, seats, hands, counts)
            counts["games"] += 1
            counts[f"{ruleset.progression.value} {ruleset.direction.value} {ruleset.tiebreak.value}"] += 1

    play()
    with capsys.disabled():
        print("\nwhole games played through deal_entry:", dict(sorted(counts.items())))
    assert counts["games"] >= 100
    assert counts["ties broken by deals won"] >= 5 and counts["ties shared"] >= 5 and counts["tie-break hands called"] >= 5, counts
    assert counts["tie-break hands played"] == counts["tie-break hands called"], counts
    assert sum(1 for key in counts if key.startswith(("fixed", "per_player"))) >= 8, counts  # most kinds of game met
