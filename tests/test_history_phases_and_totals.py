"""Paper sheets of Phase 10 (each player on their own phase), the sheet's words in Spanish, counts before work,
and another app's final totals kept out of per-deal figures.

Every sheet here is written by hand with its phases, totals and winner worked
out by hand from RULES.md §8.6 (a player's phase is 1 + the phases made; the
game ends after the hand in which someone makes phase 10; the lowest total
among those who made every phase wins; an exact tie is broken by a hand the
tied players replay, which the first out wins).
"""

from __future__ import annotations

import pytest
from conftest import stored_rows
from sqlalchemy import select

from companion.extensions import db
from companion.games import life
from companion.games.state import game_state
from companion.history import paper, service
from companion.history.bgstats import GAME_FIELD, read_bgstats
from companion.history.paper import SheetError, read_sheet
from companion.leagues.service import add_member, create_league
from companion.leagues.standings import Season, compute_standings, contract_records
from companion.models import Game, League, Player

# Ann makes her phase in every hand but 6 and 11, so her tenth phase is made in hand 12; Bob makes his in the odd
# hands only (six phases). Nobody has 0 in hand 6: the stock ran out. Ann: 30 + 45 = 75; Bob:
# 10+35+5+40+15+50+20+25+10+55+0+30 = 295.
TWELVE_HANDS = """Game, 2024-12-25, Phase 10
Deal, Ann, Bob
1, 0*, 10*
2, 0*, 35
3, 0*, 5*
4, 0*, 40
5, 0*, 15*
6, 30, 50
7, 0*, 20*
8, 0*, 25
9, 0*, 10*
10, 0*, 55
11, 45, 0*
12, 0*, 30
"""

# Ann and Bob each make their phase every hand, going out in turn (the other has 10); Cat never makes hers. After
# hand 10 both have made phase 10 on 50 points: a tie (Cat 200), broken by hand 11, which Cat sits out and Ann
# goes out of: Ann wins on 50, Bob 75.
TIED = "Game, 2025-01-06, Phase 10\nDeal, Ann, Bob, Cat\n" + "".join(
    f"{n}, {'0*' if n % 2 else '10*'}, {'10*' if n % 2 else '0*'}, 20\n" for n in range(1, 11)
)


@pytest.fixture
def family(no_csrf_app):
    with no_csrf_app.app_context():
        league = create_league("Family")
        for name in ("Ann", "Bob", "Cat", "Grandpa Joe"):
            add_member(league, life.find_or_add_player(name))
        db.session.commit()
        yield league


def stored_games() -> list[Game]:
    return list(db.session.scalars(select(Game).order_by(Game.created_at)))


def test_a_phase10_sheet_of_twelve_hands_is_stored_with_its_phases_and_its_winner(family) -> None:
    result = service.preview(family, read_sheet(TWELVE_HANDS), {})
    assert result.problems == [] and result.ready
    assert service.store(family, result, "paper score sheet") == 1
    (game,) = stored_games()
    state = game_state(game)
    assert not state.ended_early and state.progress is not None
    assert [(p.name, len(p.made), p.total) for p in state.progress.players] == [("Ann", 10, 75), ("Bob", 6, 295)]
    assert state.progress.winners == (0,) and state.progress.ended_after == 12
    assert [(s.player.name, s.place) for s in state.standings] == [("Ann", 1), ("Bob", 2)]
    assert [deal.went_out for deal in game.deals] == [0, 0, 0, 0, 0, None, 0, 0, 0, 0, 1, 0]
    assert [[h.made for h in deal.hands] for deal in game.deals][5:7] == [[False, False], [True, True]]


def test_a_sheet_that_stops_before_anyone_made_every_phase_is_refused_not_stored_with_a_winner(family) -> None:
    # ten hands, as the importer once required: nobody has made ten phases (Ann eight, Bob five)
    ten = "\n".join(TWELVE_HANDS.splitlines()[:12]) + "\n"
    before = stored_rows()
    result = service.preview(family, read_sheet(ten), {})
    assert result.problems == [
        "The game on line 1: nobody has made all 10 phases after its 10 hands: write every hand up to the one in which "
        "someone makes the last phase (and a “*” after the score of each player who made their phase)."
    ]
    with pytest.raises(service.ImportError_):
        service.store(family, result, "paper score sheet")
    assert stored_rows() == before
    standings = compute_standings(family.id, Season.all_time())
    assert standings.games == 0


def test_five_hands_are_refused_with_the_same_sentence(family) -> None:
    five = "\n".join(TWELVE_HANDS.splitlines()[:7]) + "\n"
    (problem,) = service.preview(family, read_sheet(five), {}).problems
    assert problem.startswith("The game on line 1: nobody has made all 10 phases after its 5 hands")


def test_a_hand_after_the_game_ended_is_refused_with_the_engines_sentence(family) -> None:
    thirteen = TWELVE_HANDS + "13, 0*, 5\n"
    assert service.preview(family, read_sheet(thirteen), {}).problems == [
        "Line 15: The game ended after hand 12: Ann won. Delete this hand."
    ]


def test_a_tie_needs_its_tiebreak_hand_written_with_a_dash_for_who_sits_it_out(family) -> None:
    (problem,) = service.preview(family, read_sheet(TIED), {}).problems
    assert problem == ("The game on line 1: Ann and Bob are tied after hand 10: write the tie-break hand that decides "
                       "it (“-” for the players who sit it out).")
    result = service.preview(family, read_sheet(TIED + "11, 0*, 25, -\n"), {})
    assert result.problems == []
    service.store(family, result, "paper score sheet")
    (game,) = stored_games()
    state = game_state(game)
    assert state.progress is not None and state.progress.winners == (0,)
    assert [(s.player.name, s.total, s.place) for s in state.standings] == [("Ann", 50, 1), ("Bob", 75, 2), ("Cat", 200, 3)]
    assert [h.position for h in game.deals[10].hands] == [0, 1]


def test_the_player_who_went_out_made_their_phase_without_the_mark(family) -> None:
    unmarked = TWELVE_HANDS.replace("0*,", "0,")
    result = service.preview(family, read_sheet(unmarked), {})
    assert result.problems == []
    assert [deal.hands[0].made for deal in result.games[0].deals] == [True] * 5 + [False] + [True] * 4 + [False, True]


def test_a_made_mark_or_a_dash_in_a_fixed_schedule_is_a_sentence(family) -> None:
    sheet = "Game, 2024-12-25, Contract Rummy\nDeal, Ann, Bob, Cat\n" + "".join(f"{n}, 0, 5, 5\n" for n in range(1, 8))
    for cell in ("5*", "-"):
        (problem,) = service.preview(family, read_sheet(sheet.replace("3, 0, 5, 5", f"3, 0, {cell}, 5")), {}).problems
        assert problem == ("Line 5, column 3 (Bob): “*” (made) and “-” (sat out) are written only in a game where each "
                           "player plays their own phase, not in Contract Rummy: write the score alone.")


def test_a_total_row_is_checked_against_every_hand(family) -> None:
    assert read_sheet(TWELVE_HANDS + "Total, 75, 295\n")[0].totals == [75, 295]
    with pytest.raises(SheetError) as raised:
        read_sheet(TWELVE_HANDS + "Total, 75, 290\n")
    assert raised.value.sentences == ["Line 15, column 3 (Bob): the total says 290 but the deals add up to 295."]


@pytest.mark.parametrize(
    ("game", "deal", "total"), [("Partida", "Ronda", "Total"), ("PARTIDA", "mano", "Totales"), ("juego", "Reparto", "totales")]
)
def test_the_sheets_words_are_read_in_spanish_too(game, deal, total) -> None:
    english = "Game, 2024-12-25, Contract Rummy\nDeal, Ann, Bob\n1, 0, 25\n2, 10, 0\nTotal, 10, 25\n"
    spanish = english.replace("Game", game).replace("Deal", deal).replace("Total", total)
    assert [(g.names, g.deals, g.totals) for g in read_sheet(spanish)] == [(["Ann", "Bob"], [[0, 25], [10, 0]], [10, 25])]


def test_a_deal_row_of_thousands_of_names_is_refused_by_its_count_before_any_name_is_read(monkeypatch) -> None:
    read = []
    original = paper.clean_name

    def counted(*args, **kwargs):
        read.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(paper, "clean_name", counted)
    sheet = "Game, 2024-12-25, Contract Rummy\nDeal, " + ", ".join(f"P{n}" for n in range(15_000)) + "\n"
    with pytest.raises(SheetError) as raised:
        read_sheet(sheet)
    assert raised.value.sentences == ["Line 2: a game has 2 to 8 players, not 15000."]
    assert len(read) <= 1  # the ruleset's words only: no name compared with another


# ---------------------------------------------------------------------------
# Another app's final totals: counted in standings, wins and ratings, not in per-deal figures


def bring_bgstats(league: League) -> None:
    export = (__import__("pathlib").Path(__file__).parent / "data" / "bgstats-export.json").read_text(encoding="utf-8")
    games, _, _ = read_bgstats(export, {GAME_FIELD: "1"})
    result = service.preview(league, games, {}, totals_only=True)
    assert result.ready
    service.store(league, result, "BG Stats")


def test_bgstats_plays_count_in_games_and_wins_but_not_per_deal_or_going_out(family) -> None:
    bring_bgstats(family)  # Ann 85 (wins), Bob 210, Joe 150; then Ann 120, Bob 95 (wins), Joe 130
    joe = Player.by_name("Grandpa Joe").id
    record = compute_standings(family.id, Season.all_time()).records[joe]
    assert (record.games, record.wins, record.total_score) == (2, 0, 280)
    assert (record.deals, record.per_deal, record.go_out_rate) == (0, 0.0, 0.0)
    assert contract_records(family.id, joe, Season.all_time(), None) == []

    # seven deals on paper: Ann goes out of deals 2, 4 and 7 and scores 130 in all (130 / 7 a deal)
    sheet = ("Game, 2024-12-25, Contract Rummy\nDeal, Ann, Bob, Cat\n1, 15, 0, 40\n2, 0, 25, 5\n3, 30, 10, 0\n"
             "4, 0, 45, 20\n5, 65, 0, 35\n6, 20, 55, 0\n7, 0, 40, 85\n")
    service.store(family, service.preview(family, read_sheet(sheet), {}), "paper score sheet")
    ann = Player.by_name("Ann").id
    record = compute_standings(family.id, Season.all_time()).records[ann]
    assert (record.games, record.wins, record.total_score) == (3, 2, 335)
    assert (record.deals, record.deals_out) == (7, 3)
    assert record.per_deal == pytest.approx(130 / 7)
    (contract,) = [c for c in contract_records(family.id, ann, Season.all_time(), None) if c.symbols == "S3 S3"]
    assert (contract.deals, contract.average_penalty) == (1, 15)


def test_an_imported_tiebreak_hand_is_dealt_by_a_tied_player(family) -> None:
    """RULES.md §8.7.14 on a sheet: Ann, Cat and Bob sit in that order (seats 0, 1, 2; Ann deals hand 1, the deal
    passes left, so Ann deals hand 10 too: (10 - 1) mod 3 = 0). Ann and Bob tie as above while Cat, between them,
    makes nothing. The deal passing round the whole table would give hand 11 to Cat, who sits it out; among the
    tied players it goes from Ann to the next tied player on her left, Bob (seat 2)."""
    sheet = "Game, 2025-01-07, Phase 10\nDeal, Ann, Cat, Bob\n" + "".join(
        f"{n}, {'0*' if n % 2 else '10*'}, 20, {'10*' if n % 2 else '0*'}\n" for n in range(1, 11)
    ) + "11, 0*, -, 25\n"
    result = service.preview(family, read_sheet(sheet), {})
    assert result.problems == []
    service.store(family, result, "paper score sheet")
    (game,) = stored_games()
    assert [deal.dealer for deal in game.deals] == [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 2]
