"""What a game's stored facts add up to (roles, totals, places), and the game service without the pages."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import func, select

from companion.extensions import db
from companion.games import deal_entry, errors, life
from companion.rules.deal_score import LineEntry
from companion.games.state import TableRoles, game_state, roles
from companion.models import DealResult, Game, GameStatus, HandScore, Player, Seat
from companion.rules import RULESETS, find_ruleset

# ---------------------------------------------------------------------------
# Games made in memory: game_state reads facts, never the database


def made_game(names, totals_by_deal=(), *, ruleset="contract", first_dealer=0, status=GameStatus.IN_PROGRESS):
    """A game not stored anywhere: seats for ``names`` and one deal result per row of ``totals_by_deal``."""
    game = Game(first_dealer=first_dealer, status=status.value)
    game.ruleset = find_ruleset(ruleset)
    game.seats = [Seat(position=i, player=Player(name=name, name_key=name.casefold())) for i, name in enumerate(names)]
    for number, totals in enumerate(totals_by_deal, start=1):
        out = totals.index(0) if 0 in totals else None
        deal = DealResult(number=number, dealer=roles(game, number).dealer, went_out=out, stock_ran_out=out is None)
        deal.hands = [HandScore(position=i, points=max(t, 0), adjustment=min(t, 0)) for i, t in enumerate(totals)]
        game.deals.append(deal)
    return game


@pytest.mark.parametrize(
    ("seats", "first_dealer", "deal", "expected"),
    [
        (4, 0, 1, TableRoles(dealer=0, cutter=3, first_player=1)),
        (4, 0, 2, TableRoles(dealer=1, cutter=0, first_player=2)),
        (4, 0, 4, TableRoles(dealer=3, cutter=2, first_player=0)),
        (4, 0, 5, TableRoles(dealer=0, cutter=3, first_player=1)),
        (3, 2, 1, TableRoles(dealer=2, cutter=1, first_player=0)),
        (3, 2, 2, TableRoles(dealer=0, cutter=2, first_player=1)),
        (3, 2, 7, TableRoles(dealer=2, cutter=1, first_player=0)),
        (2, 1, 1, TableRoles(dealer=1, cutter=0, first_player=0)),
        (2, 1, 2, TableRoles(dealer=0, cutter=1, first_player=1)),
        (8, 5, 6, TableRoles(dealer=2, cutter=1, first_player=3)),
    ],
)
def test_dealer_passes_left_cutter_sits_right_first_player_left(seats, first_dealer, deal, expected):
    game = made_game([f"P{i}" for i in range(seats)], ruleset="continental", first_dealer=first_dealer)
    assert roles(game, deal) == expected


def test_totals_running_totals_and_current_deal():
    game = made_game(["Ann", "Bob", "Cat"], [(0, 42, 25), (10, 0, 5)])
    state = game_state(game)
    assert state.deals_played == 2
    assert state.current_deal == find_ruleset("contract").deal(3)
    assert [s.total for s in state.standings] == [10, 42, 30]
    assert state.standings[1].deal_points == (42, 0, None, None, None, None, None)
    assert state.standings[2].running == (25, 30, None, None, None, None, None)
    assert [s.place for s in state.standings] == [1, 3, 2]
    assert [s.player.name for s in state.leaders] == ["Ann"]
    assert [s.player.name for s in state.final_order] == ["Ann", "Cat", "Bob"]
    assert not state.finished


def test_tied_players_share_a_place_and_the_next_place_is_skipped():
    game = made_game(["Ann", "Bob", "Cat", "Dan"], [(0, 10, 10, 30), (20, 0, 10, 0)])
    state = game_state(game)
    assert [s.total for s in state.standings] == [20, 10, 20, 30]
    assert [s.place for s in state.standings] == [2, 1, 2, 4]
    assert [(s.place, s.player.name) for s in state.final_order] == [(1, "Bob"), (2, "Ann"), (2, "Cat"), (4, "Dan")]


def test_a_shared_win():
    game = made_game(["Ann", "Bob", "Cat"], [(0, 5, 9), (5, 0, 9)])
    assert [s.player.name for s in game_state(game).leaders] == ["Ann", "Bob"]


def test_adjustments_count_and_totals_may_go_below_zero():
    game = made_game(["Ann", "Bob", "Cat"], [(-50, 10, 7)], ruleset="liverpool")
    state = game_state(game)
    assert [s.total for s in state.standings] == [-50, 10, 7]
    assert state.leaders[0].player.name == "Ann"


def test_no_leader_before_the_first_deal():
    state = game_state(made_game(["Ann", "Bob", "Cat"]))
    assert state.leaders == ()
    assert [s.place for s in state.standings] == [1, 1, 1]
    assert state.current_deal.number == 1


def test_every_deal_played_leaves_no_current_deal():
    game = made_game(["Ann", "Bob", "Cat"], [(0, 1, 2)] * 7, status=GameStatus.FINISHED)
    state = game_state(game)
    assert state.current_deal is None
    assert state.finished
    assert [s.total for s in state.standings] == [0, 7, 14]


def test_state_follows_the_games_snapshot_not_the_built_in(monkeypatch):
    game = made_game(["Ann", "Bob"], ruleset="progressive")
    monkeypatch.setitem(RULESETS, "progressive", RULESETS["contract"])
    assert len(game_state(game).ruleset.deals) == 15


# ---------------------------------------------------------------------------
# The service, in an app context


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield


def players(*names):
    return [life.find_or_add_player(name) for name in names]


def test_find_or_add_player_folds_case_and_spaces(ctx):
    ann = life.find_or_add_player("  Ann   Lee ")
    db.session.commit()
    assert ann.name == "Ann Lee"
    assert life.find_or_add_player("ann lee") is ann
    assert db.session.scalar(select(func.count()).select_from(Player)) == 1


@pytest.mark.parametrize(
    ("ruleset", "count"), [("contract", 2), ("contract", 6), ("shanghai", 6), ("progressive", 1), ("continental", 9)]
)
def test_start_game_refuses_a_table_outside_the_rulesets_range(ctx, ruleset, count):
    rules = find_ruleset(ruleset)
    with pytest.raises(errors.GameError, match=f"is played by {rules.min_players} to {rules.max_players} players"):
        life.start_game(rules, players(*(f"P{i}" for i in range(count))), 0)
    db.session.rollback()
    assert db.session.scalar(select(func.count()).select_from(Game)) == 0


def test_start_game_draws_the_first_dealer_with_the_given_randomness(ctx):
    game = life.start_game(find_ruleset("contract"), players("Ann", "Bob", "Cat", "Dan"), None, random.Random(7))
    assert game.first_dealer == random.Random(7).randrange(4)
    drawn = {
        life.start_game(
            find_ruleset("contract"), players("Ann", "Bob", "Cat"), None, random.Random(seed)
        ).first_dealer
        for seed in range(20)
    }
    assert drawn == {0, 1, 2}


def test_start_game_stores_the_rules_with_options(ctx):
    rules = find_ruleset("contract").with_options("deuces-wild")
    game_id = life.start_game(rules, players("Ann", "Bob", "Cat"), 1).id
    db.session.expire_all()
    game = db.session.get(Game, game_id)
    assert game.ruleset == rules
    assert game.ruleset.deuces_wild
    assert game.status == "in_progress"


def entries(*texts, exact_cut=(), one_turn_out=()):
    """Hand lines: a string is the cards left, an int (or a string starting "=") the points typed."""
    lines = []
    for i, text in enumerate(texts):
        points = str(text) if isinstance(text, int) else (text[1:] if text.startswith("=") else "")
        cards = "" if points or isinstance(text, int) else text
        lines.append(
            LineEntry(
                position=i,
                cards=cards,
                points=points,
                ticked=frozenset({"exact_cut"} if i in exact_cut else set()) | ({"one_turn_out"} if i in one_turn_out else set()),
            )
        )
    return lines


def test_judge_entry_scores_and_collects_every_error(ctx):
    game = life.start_game(find_ruleset("liverpool"), players("Ann", "Bob", "Cat", "Dan"), 0)
    judgement = deal_entry.judge_entry(game, 1, "3", entries("K Q", 30, "", "", exact_cut=(3,)))
    assert judgement.ok
    assert [(h.position, h.line.points, h.line.adjustment) for h in judgement.hands] == [
        (0, 20, 0),
        (1, 30, 0),
        (2, 0, 0),
        (3, 0, -50),
    ]
    assert judgement.warnings == (
        "Only one player goes out, but Cat has no cards entered: enter the cards left, or save anyway.",
    )

    judgement = deal_entry.judge_entry(game, 1, "0", entries("K", "Q Z", "=-1", "", exact_cut=(2,), one_turn_out=(0,)))
    assert judgement.line_problems == {
        0: "Liverpool Rummy has no bonus for going down and out in one turn.",
        1: "'Z' is not a rank: a rank is A, 2-10, J, Q, K or JK (suits don't matter here).",
        2: "Points can't be negative: type the cards left, or their points.",
    }
    assert judgement.hands == ()


@pytest.mark.parametrize(
    ("went_out", "message"),
    [
        (None, "Tap who went out"),
        ("", "Tap who went out"),
        ("9", "Tap one of the players"),
        ("x", "Tap one of the players"),
    ],
)
def test_judge_entry_needs_who_went_out(ctx, went_out, message):
    game = life.start_game(find_ruleset("contract"), players("Ann", "Bob", "Cat"), 0)
    assert deal_entry.judge_entry(game, 1, went_out, entries("5", "6", "7")).went_out_problem.startswith(message)


def test_hand_limit_counts_each_may_i_with_its_extra_cards(ctx):
    game = life.start_game(find_ruleset("shanghai"), players("Ann", "Bob", "Cat"), 0)
    life.change_buys(game, 1, 1)
    life.change_buys(game, 1, 1)
    assert deal_entry.buys_in_deal(game, 1) == {1: 2}
    # 11 dealt + 2 May Is × (1 + 2 extra) = 17
    seventeen = " ".join(["5"] * 8 + ["6"] * 8 + ["7"])
    assert deal_entry.judge_entry(game, 1, "0", entries("", seventeen, "K")).warnings == ()
    judgement = deal_entry.judge_entry(game, 1, "0", entries("", seventeen + " 7", "K"))
    assert judgement.warnings == (
        "Bob: 18 cards left, but a hand holds at most 17 in this deal (11 dealt and 2 May Is).",
    )
    with pytest.raises(errors.GameError, match="Bob has had 2 May Is: at most 2 times a deal in Shanghai Rummy."):
        life.change_buys(game, 1, 1)


def test_a_stale_version_is_refused_with_what_is_recorded(ctx):
    game = life.start_game(find_ruleset("contract"), players("Ann", "Bob", "Cat"), 0)
    first = deal_entry.judge_entry(game, 1, "0", entries("", "K", "5"))
    deal_entry.save_deal(game, 1, first)
    deal_entry.save_deal(game, 1, deal_entry.judge_entry(game, 1, "1", entries("3", "", "5")), version=1)
    with pytest.raises(errors.StaleEntryError) as refused:
        deal_entry.save_deal(game, 1, first, version=1)
    assert str(refused.value) == "Deal 1 was changed since you opened it."
    assert refused.value.recorded.version == 2
    assert [h.total for h in refused.value.recorded.hands] == [3, 0, 5]
    with pytest.raises(errors.StaleEntryError, match="Deal 1 was already recorded."):
        deal_entry.save_deal(game, 1, first)
    with pytest.raises(errors.StaleEntryError, match="was changed since you opened it"):
        deal_entry.save_deal(game, 2, first, version=1)  # a correction of a deal never saved


def test_the_last_deal_finishes_the_game_and_undo_reopens_it(ctx):
    game = life.start_game(find_ruleset("continental"), players("Ann", "Bob"), 0)
    for number in range(1, 8):
        deal_entry.save_deal(game, number, deal_entry.judge_entry(game, number, "0", entries("", "5")))
    assert game.game_status is GameStatus.FINISHED
    assert game.finished_at is not None
    with pytest.raises(errors.GameError, match="not in progress"):
        life.change_buys(game, 0, 1)
    assert deal_entry.undo_last_deal(game, 7) == 7
    assert game.game_status is GameStatus.IN_PROGRESS
    assert game.finished_at is None
    assert [c.action for c in game.changes][:2] == ["reopened", "undone"]


def test_abandon_is_logged_once_and_stops_the_game(ctx):
    game = life.start_game(find_ruleset("contract"), players("Ann", "Bob", "Cat"), 0)
    life.abandon(game)
    life.abandon(game)
    assert game.game_status is GameStatus.ABANDONED
    assert [c.action for c in game.changes].count("abandoned") == 1
    judgement = deal_entry.judge_entry(game, 1, "0", entries("", "K", "5"))
    with pytest.raises(errors.GameError, match="This game was abandoned."):
        deal_entry.save_deal(game, 1, judgement)
    with pytest.raises(errors.GameError, match="not in progress"):
        life.change_buys(game, 0, 1)
