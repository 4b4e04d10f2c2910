"""BG Stats: finished games sent as its export file's shape (winner, ranks, scores), and its export's plays read.

The games sent are a paper sheet brought into a league (two games, one with
a shared second place); the file is compared with hand-written values. The
export read is tests/data/bgstats-export.json, written by us in the shape of
BG Stats' own export (games, players, plays with playerScores).
"""

from __future__ import annotations

import json

from pathlib import Path

import pytest
from sqlalchemy import func, select

from companion.extensions import db
from companion.games import life
from companion.history import service
from companion.history.bgstats import GAME_FIELD, read_bgstats
from companion.history.paper import SheetError, read_sheet
from companion.leagues.service import add_member, create_league
from companion.models import CustomRuleset, Game

SHEET = """Game, 2024-12-25, Contract Rummy
Deal, Ann, Bob, Cat
1, 15, 0, 40
2, 0, 25, 5
3, 30, 10, 0
4, 0, 45, 20
5, 65, 0, 35
6, 20, 55, 0
7, 0, 40, 85
Game, 2025-01-01, Liverpool
Deal, Bob, Cat, Ann
1, 0, 10, 10
2, 10, 0, 0
3, 0, 5, 5
4, 5, 0, 5
5, 0, 5, 0
6, 5, 0, 0
7, 0, 0, -50
"""


@pytest.fixture
def league_id(no_csrf_app) -> int:
    with no_csrf_app.app_context():
        league = create_league("Family")
        for name in ("Ann", "Bob", "Cat"):
            add_member(league, life.find_or_add_player(name))
        db.session.commit()
        service.store(league, service.preview(league, read_sheet(SHEET), {}), "paper score sheet")
        return league.id


def test_a_league_is_sent_as_bgstats_plays_with_winners_and_scores(form_client, league_id) -> None:
    response = form_client.get(f"/leagues/{league_id}/bgstats.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert 'filename="family-bgstats.json"' in response.headers["Content-Disposition"]
    data = json.loads(response.get_data(as_text=True))
    assert [(g["id"], g["name"], g["highestWins"]) for g in data["games"]] == [
        (1, "Contract Rummy", False), (2, "Liverpool Rummy", False)]
    names = {p["id"]: p["name"] for p in data["players"]}
    assert sorted(names.values()) == ["Ann", "Bob", "Cat"]
    plays = [
        (play["gameRefId"], play["playDate"], play["rounds"],
         [(names[s["playerRefId"]], s["score"], s["winner"], s["rank"], s["seatOrder"], s["startPlayer"])
          for s in play["playerScores"]])
        for play in data["plays"]
    ]
    assert plays == [
        (1, "2024-12-25 20:00:00", 7, [("Ann", "130", True, 1, 0, True), ("Bob", "175", False, 2, 1, False),
                                        ("Cat", "185", False, 3, 2, False)]),
        # Bob 20, Cat 20 (a shared win), Ann 20 - 50 = -30 ... wins alone
        (2, "2025-01-01 20:00:01", 7, [("Bob", "20", False, 2, 0, True), ("Cat", "20", False, 2, 1, False),
                                        ("Ann", "-30", True, 1, 2, False)]),
    ]
    assert len({play["uuid"] for play in data["plays"]}) == 2
    # the same league sent again is the same file: BG Stats sees the same plays, not new ones
    assert json.loads(form_client.get(f"/leagues/{league_id}/bgstats.json").get_data(as_text=True)) == data


def test_one_finished_game_is_sent_and_a_game_in_progress_is_not(form_client, no_csrf_app, league_id, make_game) -> None:
    with no_csrf_app.app_context():
        game_id = db.session.scalars(select(Game.id).order_by(Game.created_at)).first()
    one = json.loads(form_client.get(f"/games/{game_id}/bgstats.json").get_data(as_text=True))
    assert len(one["plays"]) == 1 and [s["score"] for s in one["plays"][0]["playerScores"]] == ["130", "175", "185"]
    in_progress = make_game(["Ann", "Bob", "Cat"]).rsplit("/", 1)[-1]
    assert form_client.get(f"/games/{in_progress}/bgstats.json").status_code == 404
    assert form_client.get("/games/999999/bgstats.json").status_code == 404
    # the finished game's page offers it ("Send to BG Stats"); a game in progress has nothing to send yet
    assert f'href="/games/{game_id}/bgstats.json"' in form_client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "bgstats.json" not in form_client.get(f"/games/{in_progress}").get_data(as_text=True)


# ---------------------------------------------------------------------------
# Reading its export

DATA = Path(__file__).parent / "data"
EXPORT = (DATA / "bgstats-export.json").read_text(encoding="utf-8")


def test_its_export_asks_which_games_plays_then_reads_them_in_seat_order() -> None:
    games, notes, questions = read_bgstats(EXPORT, {})
    assert games == [] and [(q.field, q.choices) for q in questions] == [
        (GAME_FIELD, [("1", "Contract Rummy (3 plays)"), ("2", "Carcassonne (1 plays)")])]
    games, notes, questions = read_bgstats(EXPORT, {GAME_FIELD: "1"})
    assert [(g.played_on.isoformat(), g.rules_words, g.names, g.deals) for g in games] == [
        ("2023-07-04", "Contract Rummy", ["Ann", "Bob", "Grandpa Joe"], [[85, 210, 150]]),
        ("2023-12-26", "Contract Rummy", ["Ann", "Bob", "Grandpa Joe"], [[120, 95, 130]]),
    ]
    assert notes == ["Plays of Contract Rummy only; the file's other games are left out.",
                     "Play 3 (2024-01-01) is marked ignored in BG Stats, so it is left out."]
    assert questions[0].answer == "1"


@pytest.mark.parametrize(
    ("text", "answers", "sentence"),
    [
        ("[]", {}, "The file is not a BG Stats export: it should hold its games, players and plays."),
        ("{", {}, "The file is not JSON: export your data from BG Stats again (Settings, Export)."),
        ('{"games": [], "players": [], "plays": 3}', {}, "The file is not a BG Stats export: its “plays” is not a list of records."),
        ('{"games": [], "players": [], "plays": []}', {}, "The file holds no plays."),
        # ids that are lists (a hand-edited file) once raised TypeError: they refer to nothing
        ('{"games": [{"id": [1]}], "players": [], "plays": [{"gameRefId": [1]}]}', {}, "The file holds no plays."),
        (EXPORT, {GAME_FIELD: "2"},
         "Play 1 (2023-07-05): BG Stats marks Ann the winner, but the lowest score wins at rummy: check the play's scores in BG Stats."),
        (EXPORT.replace('"score": "210"', '"score": "lots"'), {GAME_FIELD: "1"},
         "Play 1 (2023-07-04), Bob: the score “lots” is not a whole number up to 2000."),
        (EXPORT.replace('"2023-12-26 20:15:00"', '"26/12/2023"'), {GAME_FIELD: "1"},
         "Play 2: its date must be written like “2024-12-25 20:00:00”, not '26/12/2023'."),
        (EXPORT.replace('"name": "Bob"', '"name": "B\\u202eob"'), {GAME_FIELD: "1"},
         "Play 1 (2023-07-04), score 1: The player's name can't hold the invisible or control character "
         "U+202E (RIGHT-TO-LEFT OVERRIDE): type letters only."),
    ],
)
def test_a_bad_export_gets_a_sentence_naming_the_play(text, answers, sentence) -> None:
    with pytest.raises(SheetError) as raised:
        read_bgstats(text, answers)
    assert raised.value.sentences == [sentence]


def test_its_plays_are_stored_as_totals_under_the_rules_totals_only_form_once(form_client, no_csrf_app) -> None:
    with no_csrf_app.app_context():
        league = create_league("Family")
        for name in ("Ann", "Bob", "Grandpa Joe"):
            add_member(league, life.find_or_add_player(name))
        db.session.commit()
        lid = league.id
    assert f"/leagues/{lid}/history/bgstats" in form_client.get(f"/leagues/{lid}").get_data(as_text=True)
    url = f"/leagues/{lid}/history/bgstats"
    asked = form_client.post(url, data={"sheet": EXPORT}).get_data(as_text=True)
    assert "Which game&#39;s plays should be brought in?" in asked and 'name="confirm"' not in asked
    shown = form_client.post(url, data={"sheet": EXPORT, GAME_FIELD: "1"}).get_data(as_text=True)
    assert "2 new games" in shown and "Ann 85, Bob 210, Grandpa Joe 150" in shown
    assert form_client.post(url, data={"sheet": EXPORT, GAME_FIELD: "1", "confirm": "1"}).status_code == 303
    with no_csrf_app.app_context():
        (custom,) = db.session.scalars(select(CustomRuleset)).all()
        assert custom.name == "Contract Rummy (totals only)"
        games = db.session.scalars(select(Game).order_by(Game.created_at)).all()
        assert [(g.ruleset_id, len(g.deals), [h.points for h in g.deals[0].hands]) for g in games] == [
            (custom.ruleset_id, 1, [85, 210, 150]), (custom.ruleset_id, 1, [120, 95, 130])]
    # again: nothing added, the league's "(totals only)" rules used, not made twice
    assert form_client.post(url, data={"sheet": EXPORT, GAME_FIELD: "1", "confirm": "1"}).status_code == 303
    assert "Every game in it is already in Family: nothing was added." in form_client.get(f"/leagues/{lid}").get_data(as_text=True)
    with no_csrf_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(CustomRuleset)) == 1
        assert db.session.scalar(select(func.count()).select_from(Game)) == 2


def test_a_league_sent_to_bgstats_comes_back_with_the_same_totals(form_client, no_csrf_app, league_id) -> None:
    sent = form_client.get(f"/leagues/{league_id}/bgstats.json").get_data(as_text=True)
    games, _, _ = read_bgstats(sent, {GAME_FIELD: "1"})
    assert [(g.names, g.deals) for g in games] == [(["Ann", "Bob", "Cat"], [[130, 175, 185]])]
    games, _, _ = read_bgstats(sent, {GAME_FIELD: "2"})
    assert [(g.names, g.deals) for g in games] == [(["Bob", "Cat", "Ann"], [[20, 20, -30]])]


def test_nobody_signed_out_gets_the_files(anon_client, no_csrf_app) -> None:
    with no_csrf_app.app_context():
        league = create_league("Family")
        db.session.commit()
        lid = league.id
    for path in (f"/leagues/{lid}/bgstats.json", "/games/1/bgstats.json", f"/leagues/{lid}/history/bgstats"):
        response = anon_client.get(path)
        assert response.status_code == 302 and "/login" in response.headers["Location"], path


# Every refusal and reading of an export pinned, one case each (its reader is split by job)

RECORDS = json.loads(EXPORT)
FIRST_PLAY = RECORDS["plays"][0]
#: The export with its Contract Rummy plays only: no question asked.
ONE_GAME = {**RECORDS, "games": RECORDS["games"][:1], "plays": [p for p in RECORDS["plays"] if p["gameRefId"] == 1]}


def first_play_scored(*scores) -> str:
    return json.dumps({**ONE_GAME, "plays": [{**FIRST_PLAY, "playerScores": list(scores)}]})


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        (json.dumps({**RECORDS, "plays": RECORDS["plays"][:1] * 20_001}),
         "The file holds 20,001 plays; at most 20,000 are read at once."),
        (json.dumps({**ONE_GAME, "games": [{**RECORDS["games"][0], "name": ""}]}), "The game's name can't be empty."),
        (json.dumps({**ONE_GAME, "games": [{**RECORDS["games"][0], "name": "x" * 41}]}), "The game's name is at most 40 letters."),
        (first_play_scored(FIRST_PLAY["playerScores"][0]), "Play 1 (2023-07-04): a play needs 2 to 8 players' scores."),
        (json.dumps({**ONE_GAME, "plays": [{**FIRST_PLAY, "playerScores": "lots"}]}),
         "Play 1 (2023-07-04): a play needs 2 to 8 players' scores."),
        (first_play_scored(FIRST_PLAY["playerScores"][0], 7), "Play 1 (2023-07-04), score 2: it is not a player's score."),
        (first_play_scored(FIRST_PLAY["playerScores"][0], {**FIRST_PLAY["playerScores"][1], "playerRefId": 99}),
         "Play 1 (2023-07-04), score 2: The player's name must be text."),
        (json.dumps({**ONE_GAME, "plays": [FIRST_PLAY] * 2001}), "Play 2001 (2023-07-04): at most 2000 plays are brought in at once."),
    ],
)
def test_every_refusal_of_an_export_is_a_sentence(text, sentence) -> None:
    with pytest.raises(SheetError) as raised:
        read_bgstats(text, {})
    assert raised.value.sentences == [sentence]


def test_an_export_of_one_game_asks_nothing_and_says_nothing_of_other_games() -> None:
    games, notes, questions = read_bgstats(json.dumps(ONE_GAME), {GAME_FIELD: "2"})
    assert [(g.label, g.names, g.deals) for g in games] == [
        ("Play 1 (2023-07-04)", ["Ann", "Bob", "Grandpa Joe"], [[85, 210, 150]]),
        ("Play 2 (2023-12-26)", ["Ann", "Bob", "Grandpa Joe"], [[120, 95, 130]]),
    ]
    assert notes == ["Play 3 (2024-01-01) is marked ignored in BG Stats, so it is left out."] and questions == []


def test_an_answer_naming_none_of_its_games_is_asked_again() -> None:
    games, notes, questions = read_bgstats(EXPORT, {GAME_FIELD: "9"})
    assert (games, notes) == ([], []) and [(q.field, q.answer) for q in questions] == [(GAME_FIELD, None)]


def test_a_play_without_seats_keeps_its_rows_order_and_without_a_winner_is_not_judged() -> None:
    unseated = [{**score, "seatOrder": None if row else True} for row, score in enumerate(FIRST_PLAY["playerScores"])]
    (game,), _, _ = read_bgstats(first_play_scored(*unseated), {})
    assert (game.names, game.deals) == (["Bob", "Ann", "Grandpa Joe"], [[210, 85, 150]])
    unflagged = [{**score, "winner": False} for score in FIRST_PLAY["playerScores"]]
    (game,), _, _ = read_bgstats(first_play_scored(*unflagged), {})
    assert (game.names, game.deals) == (["Ann", "Bob", "Grandpa Joe"], [[85, 210, 150]])
