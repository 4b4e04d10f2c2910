"""shanghai-tracker's exports brought into a league: its JSON and CSV read, its rules stored once as the league's own.

The sample files in tests/data/ are written by us in the shapes its
ExportData component writes (JSON: its games with their game_scores; CSV:
one row per player per game); both hold the same two finished games, and
the JSON one an unfinished game left out.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import stored_rows
from sqlalchemy import func, select

from companion.extensions import db
from companion.games import life
from companion.history import service
from companion.history.paper import SheetError
from companion.history.shanghai_tracker import TRACKER_RULES, read_tracker, tracker_rules
from companion.leagues.service import add_member, create_league
from companion.models import CustomRuleset, Game

DATA = Path(__file__).parent / "data"
#: The two finished games both samples hold: (date, players, rounds per player).
EXPECTED = [
    ("2024-11-28", ["Grandma", "Ann", "Bob"],
     [[0, 35, 20], [25, 0, 30], [40, 15, 0], [0, 60, 25], [55, 0, 70], [10, 45, 0], [0, 90, 35]]),
    ("2024-12-25", ["Ann", "Bob"], [[0, 45], [0, 15], [25, 0], [10, 0], [0, 65], [40, 0], [15, 0]]),
]


@pytest.mark.parametrize("sample", ["shanghai-tracker.json", "shanghai-tracker.csv"])
def test_its_exports_are_read_into_games(sample) -> None:
    games, notes = read_tracker((DATA / sample).read_text(encoding="utf-8"))
    assert [(g.played_on.isoformat(), g.names, g.deals) for g in games] == EXPECTED
    assert all(g.rules_words == TRACKER_RULES for g in games)
    assert notes == (["Game 3 (2025-01-01) is not finished in shanghai-tracker, so it is left out."]
                     if sample.endswith(".json") else [])


def test_its_rules_are_seven_contracts_dealt_ten_then_twelve_with_its_card_points() -> None:
    ruleset = tracker_rules()[TRACKER_RULES].ruleset
    assert [deal.cards_dealt for deal in ruleset.deals] == [10, 10, 10, 10, 12, 12, 12]
    assert [[(r.kind.value, r.length) for r in deal.requirements] for deal in ruleset.deals] == [
        [("set", 3), ("set", 3)], [("set", 3), ("run", 4)], [("run", 4), ("run", 4)], [("set", 3)] * 3,
        [("set", 3), ("set", 3), ("run", 4)], [("set", 3), ("run", 4), ("run", 4)], [("run", 4)] * 3,
    ]
    from companion.rules.tally import rank_points

    assert [rank_points(ruleset, [rank]) for rank in ("2", "9", "10", "K", "A", "JK")] == [5, 5, 10, 10, 15, 25]
    assert ruleset.deals[0].buys.limit == 5


def game_json(**changes) -> str:
    game = json.loads((DATA / "shanghai-tracker.json").read_text(encoding="utf-8"))[1]
    game.update(changes)
    return json.dumps([game])


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("{}", "The file is not a shanghai-tracker export: it should hold a list of games."),
        ("[1]", "Game 1 is not a shanghai-tracker game (it has no “game_scores” list)."),
        ("[{", "The file is not JSON that shanghai-tracker writes: export it again as JSON."),
        (game_json(date="25/12/2024"), "Game 1: its date must be written like 2024-12-25, not \"25/12/2024\"."),
        (game_json(game_scores=[{"player": {"name": "Ann"}, "round_scores": [0] * 6, "total_score": 0}] * 2),
         "Game 1 (2024-12-25), Ann: 6 round scores; shanghai-tracker's games have 7."),
        (game_json(game_scores=[{"player": {"name": "Ann"}, "round_scores": [0, -5, 0, 0, 0, 0, 0], "total_score": 0},
                                {"player": {"name": "Bob"}, "round_scores": [5] * 7, "total_score": 35}]),
         "Game 1 (2024-12-25), Ann, round 2: a round's score must be a whole number from 0 to 2000, not -5."),
        (game_json(game_scores=[{"player": {"name": "Ann"}, "round_scores": [0] * 7, "total_score": 9},
                                {"player": {"name": "Bob"}, "round_scores": [5] * 7, "total_score": 35}]),
         "Game 1 (2024-12-25), Ann: the total says 9 but the rounds add up to 0."),
        (game_json(game_scores=[{"player": {"name": "A\u202e"}, "round_scores": [0] * 7}] * 2),
         "Game 1 (2024-12-25), score 1: The player's name can't hold the invisible or control character "
         "U+202E (RIGHT-TO-LEFT OVERRIDE): type letters only."),
        ('"Date","Who"\n', "Line 1 is not shanghai-tracker's header (“Date”, “Player”, “Round 1 (2 Sets)” … "
                           "“Round 7 (3 Runs)”): export the games again as CSV."),
        ((DATA / "shanghai-tracker.csv").read_text(encoding="utf-8").replace('"65"', '"6x"'),
         "Line 6, column 7 (Round 5 (2 Sets + 1 Run)): “6x” is not a round's score."),
        ((DATA / "shanghai-tracker.csv").read_text(encoding="utf-8").replace('"12/25/2024"', '"12/45/2024"'),
         "Line 5, column 1: “12/45/2024” is not a date like 12/25/2024."),
    ],
)
def test_a_bad_export_gets_a_sentence_naming_the_game_and_field(text, sentence) -> None:
    with pytest.raises(SheetError) as raised:
        read_tracker(text)
    assert raised.value.sentences[0] == sentence


@pytest.fixture
def family(no_csrf_app):
    with no_csrf_app.app_context():
        league = create_league("Family")
        for name in ("Ann", "Bob"):
            add_member(league, life.find_or_add_player(name))
        db.session.commit()
        yield league


def test_its_games_are_stored_under_its_rules_made_the_leagues_own_once(family) -> None:
    games, _ = read_tracker((DATA / "shanghai-tracker.json").read_text(encoding="utf-8"))
    answers = {"player-0": service.NEW_PLAYER}  # Grandma is nobody on the roster yet
    result = service.preview(family, games, answers, tracker_rules())
    assert [q.prompt for q in result.questions] == ["Who is “Grandma”? Nobody in Family has that name."]
    assert result.ready and [g.totals for g in result.games] == [[130, 245, 180], [90, 125]]
    assert [d.went_out for d in result.games[1].deals] == [0, 0, 1, 1, 0, 1, 1]
    assert service.store(family, result, "shanghai-tracker") == 2

    (custom,) = db.session.scalars(select(CustomRuleset)).all()
    assert custom.name == "Shanghai (shanghai-tracker)" and custom.league_id == family.id
    stored = db.session.scalars(select(Game).order_by(Game.created_at)).all()
    assert {g.ruleset_id for g in stored} == {custom.ruleset_id}
    assert all(g.custom_version_id == custom.latest.id for g in stored)

    # the CSV of the same games adds nothing, and the league's stored rules are matched, not made again
    before = stored_rows(derived=("game_result",))
    csv_games, _ = read_tracker((DATA / "shanghai-tracker.csv").read_text(encoding="utf-8"))
    again = service.preview(family, csv_games, {}, tracker_rules())
    assert again.ready and [g.already_here for g in again.games] == [True, True]
    assert service.store(family, again, "shanghai-tracker") == 0
    assert stored_rows(derived=("game_result",)) == before


def test_the_tracker_page_previews_and_imports_a_file(form_client, no_csrf_app) -> None:
    import io

    with no_csrf_app.app_context():
        league = create_league("Family")
        for name in ("Ann", "Bob", "Grandma"):
            add_member(league, life.find_or_add_player(name))
        db.session.commit()
        lid = league.id
    assert f"/leagues/{lid}/history/shanghai-tracker" in form_client.get(f"/leagues/{lid}").get_data(as_text=True)
    raw = (DATA / "shanghai-tracker.json").read_bytes()
    shown = form_client.post(f"/leagues/{lid}/history/shanghai-tracker",
                             data={"file": (io.BytesIO(raw), "shanghai-games.json")}, content_type="multipart/form-data")
    body = shown.get_data(as_text=True)
    assert shown.status_code == 200 and "2 new games" in body
    assert "Game 3 (2025-01-01) is not finished in shanghai-tracker, so it is left out." in body
    done = form_client.post(f"/leagues/{lid}/history/shanghai-tracker",
                            data={"sheet": raw.decode(), "confirm": "1"})
    assert done.status_code == 303
    with no_csrf_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 2
    assert "2 games from shanghai-tracker added to Family." in form_client.get(f"/leagues/{lid}").get_data(as_text=True)


# ---------------------------------------------------------------------------
# Every refusal and reading of the JSON and the CSV pinned, one case each (the readers are split by job)

SAMPLE_CSV = (DATA / "shanghai-tracker.csv").read_text(encoding="utf-8")
#: The header of its own import sheet: no Total, Winner or Notes columns.
IMPORT_HEADER = '"Date","Player",' + ",".join(f'"Round {n}"' for n in range(1, 8))
CHRISTMAS_ROWS = ['"12/25/2024","Ann","0","0","25","10","0","40","15"', '"12/25/2024","Bob","45","15","0","0","65","0","0"']
CHRISTMAS_DEALS = EXPECTED[1][2]


def scores_json(*rows) -> str:
    return game_json(game_scores=list(rows))


def a_score(name: str, points: int, **more) -> dict:
    return {"player": {"name": name}, "round_scores": [points] * 7, **more}


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        (json.dumps([json.loads(game_json())[0]] * 2001), ["The file holds 2001 games; at most 2000 are brought in at once."]),
        ("[]", ["The file holds no games."]),
        (json.dumps([json.loads((DATA / "shanghai-tracker.json").read_text(encoding="utf-8"))[2]]),
         ["The file holds no finished games."]),
        (scores_json(*[a_score(f"P{n}", 0) for n in range(9)]), ["Game 1 (2024-12-25): a game has 2 to 8 players, not 9."]),
        (scores_json(a_score("Ann", 0)), ["Game 1 (2024-12-25): a game has 2 to 8 players, not 1."]),
        (scores_json(3, 4), ["Game 1 (2024-12-25), score 1: it needs a “player” with a name and “round_scores”."]),
        (scores_json({"player": "Ann", "round_scores": [0] * 7}, a_score("Bob", 5)),
         ["Game 1 (2024-12-25), score 1: it needs a “player” with a name and “round_scores”."]),
        (scores_json(a_score("Ann", 0), {"player": {"name": "Bob"}, "round_scores": "0000000"}),
         ["Game 1 (2024-12-25), score 2: it needs a “player” with a name and “round_scores”."]),
        (scores_json(a_score("Ann", 0), a_score("ann", 5)), ["Game 1 (2024-12-25): “Ann” has two rows of scores."]),
        (scores_json(a_score("Ann", 0, total_score="0"), a_score("Bob", 5)),
         ["Game 1 (2024-12-25), Ann, total: a round's score must be a whole number from 0 to 2000, not \"0\"."]),
        (SAMPLE_CSV.splitlines()[0] + "\n", ["The file holds no games."]),
        ("\n".join([IMPORT_HEADER, CHRISTMAS_ROWS[0].replace('"Ann"', '"A\u202e"'), CHRISTMAS_ROWS[1]]),
         ["Line 2, column 2: The player's name can't hold the invisible or control character U+202E "
          "(RIGHT-TO-LEFT OVERRIDE): type letters only.",
          "The game on line 3 (2024-12-25): a game has 2 to 8 players, not 1."]),
        # a Total that is no number is a total that can't add up
        (SAMPLE_CSV.replace('"245"', '"lots"'), ["The game on line 2 (2024-11-28), Ann: the total says -1 but the rounds add up to 245."]),
        ("\n".join([IMPORT_HEADER] + CHRISTMAS_ROWS * 2001),
         [f"Line {2 * 2001}: at most 2000 games are brought in at once."]),
        ("\n".join([IMPORT_HEADER] + [CHRISTMAS_ROWS[0].replace('"0"', '"x"', 1)] * 25),
         [f"Line {n}, column 3 (Round 1): “x” is not a round's score." for n in range(2, 22)]),
    ],
)
def test_every_refusal_of_its_files_is_a_sentence(text, sentences) -> None:
    with pytest.raises(SheetError) as raised:
        read_tracker(text)
    assert raised.value.sentences == sentences


def test_a_json_score_without_its_total_is_read_as_its_rounds_sum() -> None:
    (game,), notes = read_tracker(scores_json(a_score("Ann", 0), a_score("Bob", 5)))
    assert (game.label, game.names, game.deals, game.totals, notes) == (
        "Game 1 (2024-12-25)", ["Ann", "Bob"], [[0, 5]] * 7, [0, 35], [])


def test_its_import_sheet_has_no_totals_and_a_player_seen_again_starts_the_next_game() -> None:
    games, notes = read_tracker("\n".join([IMPORT_HEADER] + CHRISTMAS_ROWS * 2) + "\n")
    assert [(g.label, g.played_on.isoformat(), g.names, g.deals, g.totals) for g in games] == [
        ("The game on line 2 (2024-12-25)", "2024-12-25", ["Ann", "Bob"], CHRISTMAS_DEALS, None),
        ("The game on line 4 (2024-12-25)", "2024-12-25", ["Ann", "Bob"], CHRISTMAS_DEALS, None),
    ]
    assert notes == []


def test_a_csv_total_of_zero_is_a_total_of_zero() -> None:
    header = IMPORT_HEADER + ',"Total"'
    rows = ['"12/25/2024","Ann","0","0","0","0","0","0","0","0"', '"12/25/2024","Bob","5","5","5","5","5","5","5","35"']
    (game,), _ = read_tracker("\n".join([header, *rows]))
    assert game.totals == [0, 35]
