"""A family's paper score sheets brought into a league: the reader, the preview's questions, the stored games.

The reader's cases are hand-written sheets with their expected games or
sentences. The pages are driven as a family would: type a sheet, answer the
questions, confirm; then the games are in the league's standings with their
dates, a second import adds nothing, and a bad sheet or a failure midway
leaves every stored row as it was.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest
from conftest import stored_rows
from sqlalchemy import func, select

from companion.extensions import db
from companion.games import life
from companion.history import service
from companion.history.paper import MAX_GAMES, SheetError, read_sheet
from companion.leagues.service import add_member, create_league
from companion.leagues.standings import Season, compute_standings
from companion.models import Change, DealResult, Game, GameStatus, HandScore, League, Player

SHEET = """Game, 2024-12-25, Contract Rummy
Deal, Ann, Bob, Cat
1, 15, 0, 40
2, 0, 25, 5
3, 30, 10, 0
4, 0, 45, 20
5, 65, 0, 35
6, 20, 55, 0
7, 0, 40, 85
Total, 130, 175, 185
"""


# ---------------------------------------------------------------------------
# The reader


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Game, 2024-12-25, Contract Rummy\nDeal, Ann, Bob, Cat\n1, 15, 0, 40\n2, 0, 25, 5\nTotal, 15, 25, 45\n",
            [("2024-12-25", "Contract Rummy", ["Ann", "Bob", "Cat"], [[15, 0, 40], [0, 25, 5]], [15, 25, 45])],
        ),
        (  # pasted from a spreadsheet: tabs, padded empty cells, a blank line, "totals" in any case
            "Game\t2023-01-02\tliverpool\t\t\nDeal\tMum\tDad\tJo\t\n\n1\t0\t-50\t30\t\nTOTALS\t0\t-50\t30\n",
            [("2023-01-02", "liverpool", ["Mum", "Dad", "Jo"], [[0, -50, 30]], [0, -50, 30])],
        ),
        (  # two games, no totals, names' spacing tidied
            "Game, 2024-01-01, contract\nDeal,  Ann  Lee , Bob\n1, 5, 0\nGame, 2024-01-02, contract\nDeal, Bob, Ann Lee\n1, 0, 7\n",
            [
                ("2024-01-01", "contract", ["Ann Lee", "Bob"], [[5, 0]], None),
                ("2024-01-02", "contract", ["Bob", "Ann Lee"], [[0, 7]], None),
            ],
        ),
        (  # a quoted name holding a comma
            'Game, 2024-05-01, contract\nDeal, "Smith, Ann", Bob\n1, 0, 9\n',
            [("2024-05-01", "contract", ["Smith, Ann", "Bob"], [[0, 9]], None)],
        ),
    ],
)
def test_a_sheet_is_read_into_its_games(text, expected) -> None:
    games = read_sheet(text)
    assert [
        (g.played_on.isoformat(), g.rules_words, g.names, g.deals, g.totals) for g in games
    ] == expected


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("", ["The sheet is empty: type or paste the games, starting with a line “Game, 2024-12-25, Contract Rummy”."]),
        ("Deal, Ann, Bob\n", ["Line 1: the sheet must start with a line “Game, 2024-12-25, Contract Rummy”."]),
        ("Game, 25/12/2024, contract\nDeal, Ann, Bob\n1, 0, 5\n",
         ["Line 1, column 2: “25/12/2024” is not a date written like 2024-12-25."]),
        ("Game, 2024-12-25\n", ["Line 1: a game's line is “Game, date, ruleset”, like “Game, 2024-12-25, Contract Rummy”."]),
        ("Game, 2024-12-25, contract\nDeal, Ann, Bob\n1, 0, ten\n",
         ["Line 3, column 3 (Bob): “ten” is not a score (a whole number up to 2000)."]),
        ("Game, 2024-12-25, contract\nDeal, Ann, Bob\n1, 0, 5, 7\n", ["Line 3: 3 scores for 2 players (Ann, Bob)."]),
        ("Game, 2024-12-25, contract\nDeal, Ann, Bob\n2, 0, 5\n",
         ["Line 3, column 1: “2” should be the deal's number, 1 (or the row should be “Total”)."]),
        ("Game, 2024-12-25, contract\nDeal, Ann, Bob\n1, 0, 5\n2, 9, 0\nTotal, 9, 6\n",
         ["Line 5, column 3 (Bob): the total says 6 but the deals add up to 5."]),
        ("Game, 2024-12-25, contract\nDeal, Ann, ann\n", ["Line 2, column 3: “ann” is named twice."]),
        ("Game, 2024-12-25, contract\nDeal, Ann\n", ["Line 2: a game has 2 to 8 players, not 1."]),
        ("Game, 2024-12-25, contract\nDeal, Ann, B\u202eob\n1, 0, 5\n",
         ["Line 2, column 3: A player's name can't hold the invisible or control character "
          "U+202E (RIGHT-TO-LEFT OVERRIDE): type letters only."]),
        ("Game, 2024-12-25, contract\nDeal, " + "A" * 41 + ", Bob\n", ["Line 2, column 2: A player's name is at most 40 letters."]),
        ("Game, 2024-12-25, contract\nDeal, Ann, Bob\n1, 0, 2001\n",
         ["Line 3, column 3 (Bob): “2001” is not a score (a whole number up to 2000)."]),
        ("Game, 2024-12-25, contract\n1, 0, 5\n", ["Line 2: the game on line 1 needs its “Deal, Ann, Bob, …” line first."]),
        ("Game, 2024-12-25, contract\nDeal, Ann, Bob\n", ["The game on line 1 has no deals."]),
        ("Game, 2024-12-25, contract\nDeal, Ann, Bob\n1, 0, 5\nTotal, 0, 5\n2, 5, 0\n",
         ["Line 5: a deal after the Total row; start the next game with a “Game, …” line."]),
        ('Game, 2024-12-25, contract\nDeal, "Ann, Bob\n', ["Line 3 has a quote that is never closed."]),
        ("Game, 2024-12-25, contract\x00\n", ["The sheet is not text (it holds a NUL character): save it as CSV and pick that file."]),
        ("Game, 2024-12-25, contract\nDeal, Ann, Bob\nDeal, Cat, Dan\n1, 0, 5\n",
         ["Line 3: the game on line 1 already named its players."]),
        ("Game, 2024-12-25, contract\nDeal, Ann, Bob\n1, 0, 5\nTotal, 0, 5\nTotal, 0, 5\n",
         ["Line 5: the game on line 1 has two Total rows."]),
        ("Game, 2024-12-25, \u202e\nDeal, Ann, Bob\n1, 0, 5\n",
         ["Line 1, column 3: The ruleset's name can't hold the invisible or control character "
          "U+202E (RIGHT-TO-LEFT OVERRIDE): type letters only."]),
        ("Game, 2024-12-25, contract\nGame, 2024-12-26, contract\nDeal, Ann, Bob\n1, 0, 5\n",
         ["The game on line 1 has no “Deal, Ann, Bob, …” line naming its players."]),
        # a refused Deal line: its game's rows are skipped, the next game is read
        ("Game, 2024-12-25, contract\nDeal, Ann\n1, 0, 5\nGame, 2024-12-26, contract\nDeal, Ann, Bob\n1, 0, 5\n",
         ["Line 2: a game has 2 to 8 players, not 1."]),
        ("Game, 2024-12-25, contract\nDeal, Ann, Bob\n1, 0, 5\nGame, 2024-12-26, contract\n1, 0, 5\nDeal, Ann, Bob\n",
         ["Line 5: the game on line 4 needs its “Deal, Ann, Bob, …” line first."]),
    ],
)
def test_a_bad_sheet_gets_a_sentence_naming_row_and_column(text, sentences) -> None:
    with pytest.raises(SheetError) as raised:
        read_sheet(text)
    assert raised.value.sentences == sentences


def test_every_bad_row_gets_its_own_sentence() -> None:
    text = "Game, 2024-12-25, contract\nDeal, Ann, Bob\n1, 0, x\n1, y, 0\n"
    with pytest.raises(SheetError) as raised:
        read_sheet(text)
    assert raised.value.sentences == [
        "Line 3, column 3 (Bob): “x” is not a score (a whole number up to 2000).",
        "Line 4, column 2 (Ann): “y” is not a score (a whole number up to 2000).",
    ]


def test_a_sheet_with_more_bad_rows_than_a_screenful_gets_a_screenful_of_sentences() -> None:
    from companion.history.paper import MAX_SENTENCES

    with pytest.raises(SheetError) as raised:
        read_sheet("Game, 2024-12-25, contract\nDeal, Ann, Bob\n" + "1, 0, x\n" * (MAX_SENTENCES + 5))
    assert raised.value.sentences == [
        f"Line {n}, column 3 (Bob): “x” is not a score (a whole number up to 2000)." for n in range(3, 3 + MAX_SENTENCES)]


def test_sizes_are_bounded() -> None:
    one = "Game, 2024-01-01, contract\nDeal, A, B\n1, 0, 1\n"
    with pytest.raises(SheetError) as raised:
        read_sheet(one * (MAX_GAMES + 1))
    assert raised.value.sentences == [f"Line {3 * MAX_GAMES + 1}: a sheet holds at most {MAX_GAMES} games; import the rest next."]
    with pytest.raises(SheetError, match="over 2 MB"):
        read_sheet("x" * (2 * 1024 * 1024 + 1))


# ---------------------------------------------------------------------------
# Matching and planning, then storing


def seven_deals(rules: str, first: str) -> str:
    """A game of Ann, Bob and Cat whose first deal is ``first`` and whose six others Ann goes out in."""
    rest = "".join(f"{n}, 0, 5, 5\n" for n in range(2, 8))
    return f"Game, 2024-01-01, {rules}\nDeal, Ann, Bob, Cat\n{first}\n{rest}"


@pytest.fixture
def ctx(no_csrf_app):
    with no_csrf_app.app_context():
        yield no_csrf_app


@pytest.fixture
def family(ctx) -> League:
    league = create_league("Family")
    for name in ("Ann", "Bob", "Cat"):
        add_member(league, life.find_or_add_player(name))
    db.session.commit()
    return league


def test_a_known_sheet_plans_its_games_with_typed_points_and_who_went_out(family) -> None:
    result = service.preview(family, read_sheet(SHEET), {})
    assert result.ready and result.questions == [] and result.problems == []
    (game,) = result.games
    assert game.ruleset.id == "contract" and game.seats == ["Ann", "Bob", "Cat"]
    assert [deal.went_out for deal in game.deals] == [1, 0, 2, 0, 1, 2, 0]
    assert game.totals == [130, 175, 185]


@pytest.mark.parametrize(
    ("row", "rules", "went_out", "hands", "notes"),
    [
        ("1, 0, 5, 0", "contract", 0, [(0, 0, False, False), (5, 0, False, False), (0, 0, False, False)],
         ["Line 3: Ann and Cat have 0; Ann, the first, is taken to have gone out."]),
        ("1, 3, 5, 7", "contract", None, [(3, 0, False, False), (5, 0, False, False), (7, 0, False, False)],
         ["Line 3: nobody has 0, so the stock ran out in that deal."]),
        ("1, 0, -50, 30", "liverpool", 0, [(0, 0, False, False), (0, -50, True, False), (30, 0, False, False)], []),
        ("1, 20, -10, 30", "continental", 1, [(20, 0, False, False), (0, -10, False, True), (30, 0, False, False)], []),
        # an exact cut alone went out when nobody has a plain 0
        ("1, 5, -50, 30", "liverpool", 1, [(5, 0, False, False), (0, -50, True, False), (30, 0, False, False)], []),
    ],
)
def test_a_deal_row_is_planned_as_typed_points_bonuses_and_who_went_out(family, row, rules, went_out, hands, notes) -> None:
    result = service.preview(family, read_sheet(seven_deals(rules, row)), {})
    assert result.problems == []
    deal = result.games[0].deals[0]
    assert deal.went_out == went_out
    assert [(h.points, h.adjustment, h.exact_cut, h.one_turn_out) for h in deal.hands] == hands
    assert [n for n in result.notes if n.startswith("Line")] == notes


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (seven_deals("contract", "1, 0, -50, 30"),
         "Line 3, column 3 (Bob): -50 is not a score in Contract Rummy, which has no bonus taking points off."),
        (seven_deals("liverpool", "1, 0, -40, 30"),
         "Line 3, column 3 (Bob): -40 is not a score in Liverpool Rummy, whose bonus takes off 50."),
        ("Game, 2024-01-01, contract\nDeal, Ann, Bob\n1, 0, 5\n",
         "The game on line 1: Contract Rummy is played by 3 to 5 players, not 2."),
        ("Game, 2024-01-01, contract\nDeal, Ann, Bob, Cat\n" + "".join(f"{n}, 0, 5, 5\n" for n in range(1, 9)),
         "The game on line 1: Contract Rummy has 7 deals, the sheet 8."),
        ("Game, 2024-01-01, contract\nDeal, Ann, Bob, Cat\n1, 0, 5, 5\n",
         "The game on line 1: Contract Rummy has 7 deals, the sheet 1: write every deal's scores."),
        # the first one out in one turn went out: a second can't have
        (seven_deals("continental", "1, -10, -10, 30"),
         "Line 3, column 3 (Bob): Only the player who went out can have gone down and out in one turn."),
    ],
)
def test_what_the_rules_refuse_is_a_sentence(family, text, problem) -> None:
    assert service.preview(family, read_sheet(text), {}).problems == [problem]


def test_two_names_answered_as_one_member_is_a_sentence(family) -> None:
    text = seven_deals("contract", "1, 0, 5, 5").replace("Deal, Ann, Bob, Cat", "Deal, Ann, Mum, Cat")
    answers = {"player-0": str(Player.by_name("Ann").id)}
    result = service.preview(family, read_sheet(text), answers)
    assert result.problems == ["The game on line 1: two of its players are answered as the same member."]
    assert result.games == [] and not result.ready


def test_a_sheet_with_more_problems_than_a_screenful_stops_at_a_screenful(family) -> None:
    from companion.history.paper import MAX_SENTENCES

    two_players = "Game, 2024-01-01, contract\nDeal, Ann, Bob\n1, 0, 5\n"
    result = service.preview(family, read_sheet(two_players * (MAX_SENTENCES + 5)), {})
    assert result.problems == [
        f"The game on line {3 * n + 1}: Contract Rummy is played by 3 to 5 players, not 2." for n in range(MAX_SENTENCES)]


def test_a_leagues_rules_gone_since_the_page_was_read_is_a_sentence(family, monkeypatch) -> None:
    from companion import registry
    from companion.history.shanghai_tracker import tracker_rules

    # the league's own rules: stored with a game of another app's, offered by their name from then on
    tracker = tracker_rules()
    words = next(iter(tracker.values())).ruleset.name
    one = read_sheet(seven_deals("x", "1, 0, 5, 5"))[0]
    one.rules_words = next(iter(tracker))
    service.store(family, service.preview(family, [one], {}, tracker), "shanghai-tracker")
    text = seven_deals(words, "1, 0, 5, 5").replace("2024-01-01", "2024-02-02")
    assert service.preview(family, read_sheet(text), {}).ready
    monkeypatch.setattr(registry, "stored", lambda number: None)  # deleted by someone else meanwhile
    assert service.preview(family, read_sheet(text), {}).problems == ["The game on line 1: its rules can't be found any more."]


@pytest.mark.parametrize(
    ("row", "went_out"),
    [("1, 5, 0, 0", 1), ("1, 5, 6, 7", None)],
)
def test_final_totals_say_who_went_out_only_by_their_first_0_and_add_no_note(family, row, went_out) -> None:
    text = f"Game, 2024-01-01, contract\nDeal, Ann, Bob, Cat\n{row}\n"
    result = service.preview(family, read_sheet(text), {}, totals_only=True)
    assert result.problems == [] and result.notes == []
    assert [deal.went_out for deal in result.games[0].deals] == [went_out]
    assert result.games[0].new_rules is not None and result.games[0].ruleset.name == "Contract Rummy (totals only)"


def test_unknown_names_and_rules_are_asked_about_before_anything_is_planned(family) -> None:
    text = SHEET.replace("Contract Rummy", "our rummy").replace("Deal, Ann, Bob, Cat", "Deal, Mum, Bob, Zed")
    result = service.preview(family, read_sheet(text), {})
    assert not result.ready and result.games == []
    assert [(q.field, q.prompt) for q in result.questions] == [
        ("player-0", "Who is “Mum”? Nobody in Family has that name."),
        ("player-1", "Who is “Zed”? Nobody in Family has that name."),
        ("rules-0", "Which rules are “our rummy”?"),
    ]
    ann = Player.by_name("Ann")
    answers = {"player-0": str(ann.id), "player-1": service.NEW_PLAYER, "rules-0": "contract"}
    result = service.preview(family, read_sheet(text), answers)
    assert result.ready
    assert result.games[0].seats == ["Ann", "Bob", "Zed"]
    # an answer not offered is no answer
    assert not service.preview(family, read_sheet(text), {**answers, "rules-0": "nonsense"}).ready


def test_stored_games_count_in_the_standings_with_their_dates_and_a_second_import_adds_nothing(family) -> None:
    two = SHEET + SHEET.replace("2024-12-25", "2023-06-01")
    result = service.preview(family, read_sheet(two), {})
    assert service.store(family, result, "paper score sheet") == 2
    games = db.session.scalars(select(Game).order_by(Game.created_at)).all()
    assert [(g.created_at.date(), g.finished_at.date(), g.status) for g in games] == [
        (dt.date(2023, 6, 1), dt.date(2023, 6, 1), GameStatus.FINISHED.value),
        (dt.date(2024, 12, 25), dt.date(2024, 12, 25), GameStatus.FINISHED.value),
    ]
    hands = db.session.scalars(select(HandScore)).all()
    assert all(h.cards is None for h in hands)
    standings = compute_standings(family.id, Season.all_time(), None)
    assert standings.games == 2
    assert {r.name: r.wins for r in standings.records.values()} == {"Ann": 2, "Bob": 0, "Cat": 0}
    assert compute_standings(family.id, Season.year(2023), None).games == 1
    started = db.session.scalars(select(Change).where(Change.action == "started")).all()
    assert all(json.loads(c.new_json)["imported"]["from"] == "paper score sheet" for c in started)

    before = stored_rows(derived=("game_result",))
    again = service.preview(family, read_sheet(two), {})
    assert [g.already_here for g in again.games] == [True, True]
    assert service.store(family, again, "paper score sheet") == 0
    assert stored_rows(derived=("game_result",)) == before


def test_the_same_game_twice_on_one_sheet_is_stored_once(family) -> None:
    result = service.preview(family, read_sheet(SHEET + SHEET), {})
    assert [g.already_here for g in result.games] == [False, True]
    assert service.store(family, result, "paper score sheet") == 1


def test_a_failure_midway_leaves_every_row_as_it_was(family, monkeypatch) -> None:
    result = service.preview(family, read_sheet(SHEET + SHEET.replace("2024-12-25", "2024-12-26")), {})
    before = stored_rows()
    calls = []
    original = service._store_game

    def fail_on_the_second(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            db.session.flush()  # the first game's rows are in the transaction by now
            raise RuntimeError("the disk is full")
        return original(*args, **kwargs)

    monkeypatch.setattr(service, "_store_game", fail_on_the_second)
    with pytest.raises(RuntimeError):
        service.store(family, result, "paper score sheet")
    assert len(calls) == 2
    assert stored_rows() == before


def test_storing_an_unanswered_preview_is_refused(family) -> None:
    text = SHEET.replace("Ann", "Mum")
    result = service.preview(family, read_sheet(text), {})
    before = stored_rows()
    with pytest.raises(service.ImportError_):
        service.store(family, result, "paper score sheet")
    assert stored_rows() == before


# ---------------------------------------------------------------------------
# The pages


def league_id(app) -> int:
    with app.app_context():
        league = create_league("Family")
        for name in ("Ann", "Bob", "Cat"):
            add_member(league, life.find_or_add_player(name))
        db.session.commit()
        return league.id


def test_the_pages_preview_ask_and_confirm(form_client, no_csrf_app) -> None:
    lid = league_id(no_csrf_app)
    page = form_client.get(f"/leagues/{lid}").get_data(as_text=True)
    assert f"/leagues/{lid}/history/paper" in page
    assert "Game, 2024-12-25, Contract Rummy" in form_client.get(f"/leagues/{lid}/history/paper").get_data(as_text=True)

    text = SHEET.replace("Cat", "Granny")
    preview = form_client.post(f"/leagues/{lid}/history/paper", data={"sheet": text})
    body = preview.get_data(as_text=True)
    assert preview.status_code == 200
    assert "Who is “Granny”? Nobody in Family has that name." in body
    assert "Check the answers" in body and 'name="confirm"' not in body
    before = stored_rows(no_csrf_app)

    # confirming with a question open stores nothing
    refused = form_client.post(f"/leagues/{lid}/history/paper", data={"sheet": text, "confirm": "1"})
    assert refused.status_code == 200 and stored_rows(no_csrf_app) == before

    with no_csrf_app.app_context():
        cat = Player.by_name("Cat").id
    answered = form_client.post(f"/leagues/{lid}/history/paper", data={"sheet": text, "player-0": str(cat)})
    body = answered.get_data(as_text=True)
    assert "1 new game" in body and "Cat 185" in body and 'name="confirm"' in body
    assert stored_rows(no_csrf_app) == before

    done = form_client.post(f"/leagues/{lid}/history/paper", data={"sheet": text, "player-0": str(cat), "confirm": "1"})
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/leagues/{lid}")
    with no_csrf_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 1
        assert db.session.scalar(select(func.count()).select_from(DealResult)) == 7
    shown = form_client.get(f"/leagues/{lid}").get_data(as_text=True)
    assert "1 game from the score sheet added to Family." in shown

    again = form_client.post(f"/leagues/{lid}/history/paper", data={"sheet": text, "player-0": str(cat), "confirm": "1"})
    assert again.status_code == 303
    assert "Every game in it is already in Family: nothing was added." in form_client.get(
        f"/leagues/{lid}").get_data(as_text=True)
    with no_csrf_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 1


def test_a_bad_sheet_or_file_is_a_422_with_sentences_and_nothing_stored(form_client, no_csrf_app) -> None:
    import io

    lid = league_id(no_csrf_app)
    before = stored_rows(no_csrf_app)
    bad = form_client.post(f"/leagues/{lid}/history/paper", data={"sheet": "Game, 2024-12-25, contract\nDeal, Ann, Bob, Cat\n1, 0, x, 3\n", "confirm": "1"})
    assert bad.status_code == 422
    assert "Line 3, column 3 (Bob): “x” is not a score (a whole number up to 2000)." in bad.get_data(as_text=True)
    latin = form_client.post(
        f"/leagues/{lid}/history/paper",
        data={"file": (io.BytesIO("Game, 2024-12-25, contract\nDeal, Zoë\n".encode("latin-1")), "sheet.csv")},
        content_type="multipart/form-data",
    )
    assert latin.status_code == 422
    assert "The file is not UTF-8 text" in latin.get_data(as_text=True)
    uploaded = form_client.post(
        f"/leagues/{lid}/history/paper",
        data={"file": (io.BytesIO(SHEET.encode("utf-8-sig")), "sheet.csv")},
        content_type="multipart/form-data",
    )
    assert uploaded.status_code == 200 and "1 new game" in uploaded.get_data(as_text=True)
    assert stored_rows(no_csrf_app) == before


def test_only_who_may_change_the_league_may_import(anon_client, no_csrf_app) -> None:
    lid = league_id(no_csrf_app)
    assert anon_client.get(f"/leagues/{lid}/history/paper").status_code in (302, 303, 403)
    assert anon_client.post(f"/leagues/{lid}/history/paper", data={"sheet": SHEET, "confirm": "1"}).status_code in (302, 303, 400, 403)
    with no_csrf_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 0


def test_a_league_with_games_brought_in_backs_up_as_a_sound_backup(family) -> None:
    from companion.leagues.exports import league_backup
    from companion.leagues.imports import validate_backup

    text = SHEET + seven_deals("liverpool", "1, 0, -50, 30").replace("2, 0, 5, 5", "2, 3, 5, 7")
    service.store(family, service.preview(family, read_sheet(text), {}), "paper score sheet")
    checked = validate_backup(json.loads(json.dumps(league_backup(family))))
    assert [len(game.deals) for game in checked.games] == [7, 7]
    assert checked.games[0].deals[1].stock_ran_out


def test_a_sheet_with_games_already_here_says_how_many_were_added_and_how_many_were_not(form_client, no_csrf_app) -> None:
    lid = league_id(no_csrf_app)
    url = f"/leagues/{lid}/history/paper"
    assert form_client.post(url, data={"sheet": SHEET, "confirm": "1"}).status_code == 303
    two = SHEET + SHEET.replace("2024-12-25", "2023-06-01")
    done = form_client.post(url, data={"sheet": two, "confirm": "1"})
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/leagues/{lid}")
    assert ("1 game from the score sheet added to Family. 1 were already here and were not added again."
            in form_client.get(f"/leagues/{lid}").get_data(as_text=True))
    three = two + SHEET.replace("2024-12-25", "2022-06-01") + SHEET.replace("2024-12-25", "2021-06-01")
    assert form_client.post(url, data={"sheet": three, "confirm": "1"}).status_code == 303
    assert ("2 games from the score sheet added to Family. 2 were already here and were not added again."
            in form_client.get(f"/leagues/{lid}").get_data(as_text=True))
    with no_csrf_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 4


def test_a_form_that_does_not_validate_shows_the_page_again_with_a_422(form_client, no_csrf_app, monkeypatch) -> None:
    from companion.history.routes import SheetForm

    lid = league_id(no_csrf_app)
    before = stored_rows(no_csrf_app)
    monkeypatch.setattr(SheetForm, "validate", lambda self, extra_validators=None: False)
    refused = form_client.post(f"/leagues/{lid}/history/paper", data={"sheet": SHEET, "confirm": "1"})
    assert refused.status_code == 422
    assert "Bring your paper scores into Family" in refused.get_data(as_text=True)  # the sheet's page, not a preview
    assert stored_rows(no_csrf_app) == before

