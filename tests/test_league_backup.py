"""Export and backup: CSV of games, deals and scores; a JSON backup that an import restores exactly.

A family league is played through the pages (a finished Liverpool game with
house rules, an exact cut, a typed hand, a correction and an undone deal; a
game in progress with a live May I count; an abandoned Continental game; a
finished Contract game), then exported. The backup is imported through the
upload page into a second app with its own database, and backed up again:
the two files must be identical. Bad and tampered files are refused with a
sentence naming the problem, and every table keeps exactly the rows it had.
"""

from __future__ import annotations

import copy
import csv
import io
import json

import pytest
from conftest import add_owner, sign_in
from pages import parse
from sqlalchemy import func, select
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from companion import create_app
from companion.extensions import db
from companion.leagues.exports import checksum, deals_csv, games_csv, league_backup, scores_csv
from companion.leagues.imports import CHECKSUM_MISMATCH, BackupError, import_league_backup
from companion.models import (
    BuyCount,
    Change,
    CustomRuleset,
    CustomRulesetVersion,
    DealResult,
    Game,
    GameResult,
    HandScore,
    League,
    Player,
    Seat,
    league_member,
)

# ---------------------------------------------------------------------------
# Helpers


class Points(str):
    """A hand typed as points (a plain string is the cards left)."""


def make_app(path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
        }
    )
    with app.app_context():
        db.create_all()
    app.config["OWNER_ID"] = add_owner(app)
    return app


def dispose(app) -> None:
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def other_app(tmp_path):
    """A second app with its own database (and its own owner), to restore a backup into."""
    app = make_app(tmp_path / "other.sqlite")
    yield app
    dispose(app)


def signed_in(app):
    client = app.test_client()
    sign_in(client, app.config["OWNER_ID"])
    return client


def new_league(client, name) -> int:
    response = client.post("/leagues/", data={"name": name})
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])


def start(client, league_id, names, ruleset, first_dealer="0", options=()) -> str:
    data = {"ruleset": ruleset, "first_dealer": first_dealer, "options": list(options), "league": str(league_id)}
    for index, name in enumerate(names):
        data[f"seats-{index}-new_name"] = name
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def deal(client, url, number, went_out, hands, *, exact_cut=(), one_turn_out=(), version=None):
    data = {"went_out": str(went_out), "confirm": "y", "confirm_finished": "y"}
    for position, text in enumerate(hands):
        data[f"hands-{position}-{'points' if isinstance(text, Points) else 'cards'}"] = str(text)
    for position in exact_cut:
        data[f"hands-{position}-exact_cut"] = "y"
    for position in one_turn_out:
        data[f"hands-{position}-one_turn_out"] = "y"
    if version is not None:
        data["version"] = str(version)
    response = client.post(f"{url}/deals/{number}", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)


def may_i(client, url, position):
    response = client.post(f"{url}/buys/{position}", data={})
    assert response.status_code == 303


def confirm(client, url, action, **fields):
    response = client.post(f"{url}/{action}", data={"sure": "y", **fields})
    assert response.status_code == 303


def game_id(url: str) -> int:
    return int(url.rstrip("/").rsplit("/", 1)[1])


def play_family_league(client, app) -> int:
    """The league every round-trip test uses; its id."""
    league_id = new_league(client, "Sunday Family")

    # Liverpool with a house rule (jokers 20), to the end: an exact cut, a typed hand, May Is, a correction, an undo
    liverpool = start(client, league_id, ["Ann", "Bob", "Cat", "Dan"], "liverpool", options=["joker-20"])
    deal(client, liverpool, 1, 0, ["", Points("25"), "K Q 7", "JK 5"], exact_cut=[3])  # Dan cut exactly: 25 - 50
    deal(client, liverpool, 1, 0, ["", Points("25"), "K Q 8", "JK 5"], exact_cut=[3], version=1)  # corrected
    may_i(client, liverpool, 2)
    may_i(client, liverpool, 2)
    deal(client, liverpool, 2, 1, ["A A", "", "3 4", "10"])
    deal(client, liverpool, 3, 2, ["5", "6", "", "7"])
    confirm(client, liverpool, "undo", deal="3")
    deal(client, liverpool, 3, 3, ["5", "6", "9", ""])
    for number, out in ((4, 0), (5, 1), (6, 2), (7, 3)):
        deal(client, liverpool, number, out, ["" if p == out else "K" for p in range(4)])

    # Contract in progress: the stock ran out in deal 1, and a May I counted in deal 3 (not yet saved)
    contract = start(client, league_id, ["Ann", "Bob", "Zoë"], "contract", first_dealer="2")
    deal(client, contract, 1, "stock", ["K", "Q", "J"])
    deal(client, contract, 2, 1, ["2 3", "", "JK"])
    may_i(client, contract, 0)

    # Continental, abandoned: out in one turn (10 off), and a May I left on the counter
    continental = start(client, league_id, ["Cat", "Dan", "Eve"], "continental")
    deal(client, continental, 1, 1, ["K K", "", "A"], one_turn_out=[1])
    may_i(client, continental, 2)
    confirm(client, continental, "abandon")

    # Contract to the end, with a shared win
    finished = start(client, league_id, ["Bob", "Cat", "Eve"], "contract", first_dealer="1")
    for number in range(1, 8):
        out = number % 3
        deal(client, finished, number, out, ["" if p == out else "5" for p in range(3)])

    # the roster: Gus joins without playing, Eve leaves (her games still count)
    assert client.post(f"/leagues/{league_id}/members", data={"new_name": "Gus"}).status_code == 303
    with app.app_context():
        eve = Player.by_name("Eve").id
    assert client.post(f"/leagues/{league_id}/members/{eve}/remove", data={}).status_code == 303
    return league_id


TABLES = (
    Player, League, Game, Seat, DealResult, HandScore, BuyCount, Change, GameResult, CustomRuleset, CustomRulesetVersion
)  # fmt: skip


def row_counts(app) -> dict[str, int]:
    """The rows of every table, to show a refused import wrote nothing."""
    with app.app_context():
        counts = {model.__tablename__: db.session.scalar(select(func.count()).select_from(model)) for model in TABLES}
        counts["league_member"] = db.session.scalar(select(func.count()).select_from(league_member))
    return counts


def backup_of(app, league_id) -> dict:
    with app.app_context():
        return league_backup(db.session.get(League, league_id))


def resigned(data: dict) -> dict:
    """A changed backup with its checksum made again, as a careful forger would."""
    data["checksum"] = checksum(data)
    return data


def results(app, league_id) -> list[tuple]:
    """The league's game results, without database ids."""
    with app.app_context():
        rows = db.session.scalars(select(GameResult).where(GameResult.league_id == league_id))
        return sorted(
            (
                db.session.get(Player, r.player_id).name,
                r.ruleset_id,
                r.played_on,
                r.position,
                r.total,
                r.place,
                r.winners,
                r.players,
                r.deals,
                r.deals_out,
            )
            for r in rows
        )


def upload(client, content: bytes, filename="backup.json", **extra):
    """Post a file to the import page, as a browser's form does.

    The body is encoded here, in memory: the test client would spool a large
    one to a temporary file that it never closes.
    """
    boundary, body = encode_multipart(
        {"file": FileStorage(io.BytesIO(content), filename=filename, content_type="application/json"), **extra}
    )
    return client.post("/leagues/import", data=body, content_type=f"multipart/form-data; boundary={boundary}")


def field_error(response) -> str:
    """The message shown beside the file field."""
    doc = parse(response.get_data(as_text=True))
    field = doc.find("input", name="file").closest(cls="field")
    return " ".join(node.text for node in field.find_all("p", cls="error"))


@pytest.fixture(scope="module")
def family(tmp_path_factory):
    """The played league, in an app of its own shared by the tests that read it: (app, client, league id)."""
    app = make_app(tmp_path_factory.mktemp("family") / "family.sqlite")
    client = signed_in(app)
    yield app, client, play_family_league(client, app)
    dispose(app)


# ---------------------------------------------------------------------------
# CSV


def read_csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_csv_exports_match_the_stored_games_deals_and_scores(family):
    app, client, league_id = family
    response = client.get(f"/leagues/{league_id}/export/scores.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert 'filename="sunday-family-scores.csv"' in response.headers["Content-Disposition"]
    assert client.get(f"/leagues/{league_id}/export/nonsense.csv").status_code == 404

    with app.app_context():
        league = db.session.get(League, league_id)
        games = read_csv(client.get(f"/leagues/{league_id}/export/games.csv").get_data(as_text=True))
        deals = read_csv(deals_csv(league))
        scores = read_csv(scores_csv(league))
        assert games == read_csv(games_csv(league))
        stored = list(db.session.scalars(select(Game).where(Game.league_id == league_id).order_by(Game.created_at)))

        assert games[0] == [
            "game",
            "started",
            "finished",
            "ruleset",
            "house_rules",
            "status",
            "players",
            "totals",
            "winners",
        ]
        assert [row[0] for row in games[1:]] == [str(g.id) for g in stored]
        liverpool, contract, continental, finished = games[1:]
        assert liverpool[3:7] == ["liverpool", "joker-20", "finished", "Ann; Bob; Cat; Dan"]
        assert liverpool[1] == stored[0].created_at.isoformat() and liverpool[2] == stored[0].finished_at.isoformat()
        assert contract[2] == "" and contract[5:7] == ["in_progress", "Ann; Bob; Zoë"] and contract[8] == ""
        assert continental[5] == "abandoned" and continental[8] == ""
        assert finished[5] == "finished"
        for row, game in zip(games[1:], stored, strict=True):
            totals = [sum(h.total for d in game.deals for h in d.hands if h.position == s.position) for s in game.seats]
            assert row[7] == "; ".join(map(str, totals))
            if game.status == "finished":
                best = min(totals)
                assert row[8] == "; ".join(s.player.name for s, t in zip(game.seats, totals, strict=True) if t == best)

        assert deals[0] == ["game", "deal", "contract", "dealer", "went_out", "stock_ran_out"]
        expected = []
        for game in stored:
            names = {s.position: s.player.name for s in game.seats}
            for d in game.deals:
                expected.append(
                    [str(game.id), str(d.number), game.ruleset.deals[d.number - 1].contract, names[d.dealer],
                     names[d.went_out] if d.went_out is not None else "", "yes" if d.stock_ran_out else "no"]
                )  # fmt: skip
        assert deals[1:] == expected
        assert deals[8] == [str(stored[1].id), "1", "Two groups of 3", "Zoë", "", "yes"]  # the stock ran out

        assert scores[0] == ["game", "deal", "player", "cards", "points", "adjustment", "score", "buys"]
        expected = []
        for game in stored:
            names = {s.position: s.player.name for s in game.seats}
            for d in game.deals:
                for h in d.hands:
                    expected.append(
                        [str(game.id), str(d.number), names[h.position], h.cards if h.cards is not None else "",
                         str(h.points), str(h.adjustment), str(h.total), str(h.buys)]
                    )  # fmt: skip
        assert scores[1:] == expected
    first = str(stored[0].id)
    deal_one = [row for row in scores[1:] if row[:2] == [first, "1"]]
    assert deal_one == [
        [first, "1", "Ann", "", "0", "0", "0", "0"],
        [first, "1", "Bob", "", "25", "0", "25", "0"],  # typed points: no cards
        [first, "1", "Cat", "K Q 8", "28", "0", "28", "0"],  # as corrected
        [first, "1", "Dan", "JK 5", "25", "-50", "-25", "0"],  # joker 20 (house rule), exact cut 50 off
    ]
    assert next(row for row in scores[1:] if row[:3] == [first, "2", "Cat"])[-1] == "2"  # two May Is
    continental_out = [row for row in scores[1:] if row[0] == str(stored[2].id) and row[2] == "Dan"]
    assert continental_out == [[str(stored[2].id), "1", "Dan", "", "0", "-10", "-10", "0"]]


def test_csv_names_that_look_like_formulas_are_kept_as_text(form_client, no_csrf_app):
    league_id = new_league(form_client, "Spreadsheets")
    url = start(form_client, league_id, ["=HYPERLINK(1)", "Bob", "-Cat"], "contract")
    deal(form_client, url, 1, 0, ["", "K", "Q"])
    with no_csrf_app.app_context():
        league = db.session.get(League, league_id)
        games = read_csv(games_csv(league))
        scores = read_csv(scores_csv(league))
        deals = read_csv(deals_csv(league))
    assert games[1][6] == "'=HYPERLINK(1); Bob; -Cat"
    assert [row[2] for row in scores[1:]] == ["'=HYPERLINK(1)", "Bob", "'-Cat"]
    assert deals[1][3:5] == ["'=HYPERLINK(1)", "'=HYPERLINK(1)"]


# ---------------------------------------------------------------------------
# The JSON backup, round trip


def test_backup_restores_exactly_in_another_app(family, other_app):
    app, client, league_id = family
    response = client.get(f"/leagues/{league_id}/backup.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert 'filename="sunday-family-backup.json"' in response.headers["Content-Disposition"]
    original = response.get_data()
    data = json.loads(original)

    # what the backup holds: every kind of fact the league has
    assert data["league"]["members"] == ["Ann", "Bob", "Cat", "Dan", "Gus", "Zoë"]  # Eve left the roster
    liverpool, contract, continental, _finished = data["games"]
    assert [g["status"] for g in data["games"]] == ["finished", "in_progress", "abandoned", "finished"]
    assert liverpool["rules"]["chosen_options"] == ["joker-20"] and liverpool["rules"]["points"]["JK"] == 20
    assert (
        liverpool["deals"][0]["version"] == 2
        and liverpool["deals"][0]["updated_at"] != liverpool["deals"][0]["created_at"]
    )
    assert [c["action"] for c in liverpool["history"]] == (
        ["started", "entered", "corrected", "entered", "entered", "undone", "entered"] + ["entered"] * 4 + ["finished"]
    )
    assert contract["buys"] == [{"deal": 3, "position": 0, "count": 1}]
    assert continental["buys"] == [{"deal": 2, "position": 2, "count": 1}]
    assert continental["seats"] == ["Cat", "Dan", "Eve"]

    other = signed_in(other_app)
    assert other.get("/leagues/import").status_code == 200
    response = upload(other, original)
    assert response.status_code == 303, field_error(response)
    new_id = int(response.headers["Location"].rsplit("/", 1)[1])
    page = other.get(response.headers["Location"])
    assert "League “Sunday Family” restored from the backup, with 4 games." in page.get_data(as_text=True)

    again = other.get(f"/leagues/{new_id}/backup.json").get_data()
    assert again == original  # byte for byte: every fact, timestamp, version and the history
    assert results(other_app, new_id) == results(app, league_id)
    assert len(results(app, league_id)) == 7  # the two finished games: 4 + 3 players

    with other_app.app_context():
        league = db.session.get(League, new_id)
        assert league.created_at.isoformat() == data["league"]["created_at"]
        assert db.session.scalar(select(func.count()).select_from(Player)) == 7  # Eve and Gus too


def test_import_matches_players_by_name(family, other_app):
    app, _client, league_id = family
    data = backup_of(app, league_id)
    with other_app.app_context():
        from companion.games.life import find_or_add_player

        ann = find_or_add_player("ann")  # already known here, as "ann"
        db.session.commit()
        league = import_league_backup(data)
        assert db.session.scalar(select(func.count()).select_from(Player)) == 7
        assert ann in league.members
        first = league.games[0] if league.games[0].ruleset_id == "liverpool" else None
        assert first is not None and first.seats[0].player is ann


def test_a_league_of_the_same_name_is_refused(family):
    app, client, league_id = family
    data = backup_of(app, league_id)
    before = row_counts(app)
    with app.app_context(), pytest.raises(BackupError) as refused:
        import_league_backup(data)
    assert str(refused.value) == (
        "There is already a league called “Sunday Family”, so this backup of “Sunday Family” was not imported."
    )
    data["league"]["name"] = "  sunday   FAMILY "
    response = upload(client, json.dumps(resigned(data)).encode())
    assert response.status_code == 422
    assert "There is already a league called “Sunday Family”" in field_error(response)
    assert row_counts(app) == before

    data["league"]["name"] = "Sunday Family (restored)"
    response = upload(client, json.dumps(resigned(data)).encode())
    assert response.status_code == 303
    after = row_counts(app)
    assert after["league"] == before["league"] + 1 and after["player"] == before["player"]  # players shared
    assert after["game"] == 2 * before["game"] and after["game_result"] == 2 * before["game_result"]


# ---------------------------------------------------------------------------
# Bad files


def play_small_league(app, client):
    """A small league (a Contract game in progress, 2 deals); its backup."""
    league_id = new_league(client, "Small")
    url = start(client, league_id, ["Ann", "Bob", "Cat"], "contract")
    deal(client, url, 1, 0, ["", "K", "Q 3"])
    deal(client, url, 2, 1, ["7", "", Points("12")])
    return backup_of(app, league_id)


@pytest.fixture
def small(no_csrf_app, form_client):
    """The small league in this test's own app: (app, client, backup)."""
    return no_csrf_app, form_client, play_small_league(no_csrf_app, form_client)


@pytest.fixture(scope="module")
def _small_shared(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("small") / "small.sqlite")
    client = signed_in(app)
    yield app, client, play_small_league(app, client)
    dispose(app)


@pytest.fixture
def refusing(_small_shared):
    """The small league in an app shared by the tests of refused files (they write nothing): (app, client, backup)."""
    app, client, data = _small_shared
    return app, client, copy.deepcopy(data)


def _set(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return data

    return change


def _duplicate_deal(data):
    data["games"][0]["deals"][1]["number"] = 1
    return data


def _deal_beyond(data):
    extra = copy.deepcopy(data["games"][0]["deals"][1])
    extra["number"] = 8
    data["games"][0]["deals"].append(extra)
    return data


def _out_of_order(data):
    data["games"][0]["deals"].reverse()
    return data


def _twenty_seats(data):
    """A snapshot under a built-in id with a table of 20 (its score page once answered 500)."""
    game = data["games"][0]
    game["rules"]["supply"] = [{"min_players": 2, "max_players": 20, "packs": 4, "jokers": 8}]
    game["seats"] = [f"Player {number}" for number in range(1, 21)]
    game["deals"], game["buys"], game["history"] = [], [], game["history"][:1]
    return data


def _five_thousand_deals(data):
    """A "contract" of 5,000 deals (its offline pack once cost 16 s of CPU and 42 MB)."""
    rules = data["games"][0]["rules"]
    rules["deals"] = [copy.deepcopy(rules["deals"][i % 7]) | {"number": i + 1} for i in range(5000)]
    return data


TAMPERED = [
    pytest.param(_set(("games", 0, "deals", 1, "went_out"), 7), "Game 1, deal 2: went_out 7 is not a seat at a table of 3.",
                 id="went-out-out-of-range"),
    pytest.param(_duplicate_deal, "Game 1: deal 1 appears twice.", id="duplicate-deal"),
    pytest.param(_set(("games", 0, "rules", "id"), "gin-rummy"),
                 'Game 1: the rules snapshot is for an unknown ruleset "gin-rummy".', id="unknown-ruleset"),
    pytest.param(_deal_beyond, "Game 1, deal 8: Contract Rummy has only 7 deals.", id="deal-beyond-ruleset"),
    pytest.param(_out_of_order, "Game 1: the deals must be numbered 1, 2, 3… in order, not 2, 1.", id="deals-out-of-order"),
    pytest.param(_set(("games", 0, "deals", 0, "hands", 1, "points"), 11),
                 'Game 1, deal 1, hand 2: the cards "K" score 10 in Contract Rummy, not 11.', id="points-not-the-cards"),
    pytest.param(_set(("games", 0, "deals", 1, "hands", 2, "points"), 1.5),
                 "Game 1, deal 2, hand 3: points must be a whole number from 0 to 10000, not 1.5.", id="points-not-whole"),
    pytest.param(_set(("games", 0, "deals", 1, "hands", 2, "adjustment"), -50),
                 "Game 1, deal 2, hand 3: adjustment -50 does not match the hand's bonuses (0).", id="adjustment"),
    pytest.param(_set(("games", 0, "deals", 0, "dealer"), -1), "Game 1, deal 1: dealer -1 is not a seat at a table of 3.",
                 id="dealer"),
    pytest.param(_set(("games", 0, "deals", 0, "hands", 0, "position"), 2), "Game 1, deal 1: position 2 (Cat) has two hands.",
                 id="two-hands-one-seat"),
    pytest.param(_set(("games", 0, "status"), "won"), 'Game 1: status "won" must be in_progress, finished or abandoned.',
                 id="status"),
    pytest.param(_set(("games", 0, "status"), "finished"),
                 "Game 1: a finished game has a finished_at time, and a game that is not finished has none.", id="finished-no-time"),
    pytest.param(_set(("games", 0, "created_at"), "last Tuesday"),
                 'Game 1: created_at must be a date and time like “2024-05-01T19:30:00”, not "last Tuesday".', id="timestamp"),
    pytest.param(_set(("games", 0, "seats", 1), "ann"), "Game 1: “ann” sits at the table twice.", id="seat-twice"),
    pytest.param(_set(("games", 0, "seats", 1), " "), "Game 1, seat 2: the name is empty.", id="seat-empty"),
    pytest.param(_set(("games", 0, "seats", 1), "B" * 41), "Game 1, seat 2: The name is at most 40 letters.",
                 id="seat-too-long"),
    pytest.param(_set(("games", 0, "history", 0, "action"), "cheated"),
                 'Game 1, history entry 1: action "cheated" is not one of started, entered, corrected, undone, finished, '
                 "reopened, abandoned.", id="history-action"),
    pytest.param(_set(("games", 0, "rules", "deals"), "many"),
                 "Game 1: the rules snapshot is not a valid ruleset (", id="snapshot-broken"),
    pytest.param(_set(("games", 0, "ruleset_id"), "liverpool"),
                 'Game 1: ruleset_id "liverpool" does not match its rules snapshot (“contract”).', id="ruleset-id"),
    pytest.param(_set(("games", 0, "surprise"), 1), "Game 1: the game has a field this app does not know: “surprise”.",
                 id="unknown-field"),
    pytest.param(_set(("league", "name"), ""), "League: its name is empty.", id="league-name"),
    pytest.param(_set(("games", 0, "rules", "supply", 0, "max_players"), 10**30),
                 "Game 1: the rules snapshot's max_players must be a whole number from 1 to 99, not "
                 "1000000000000000000000000000000.", id="snapshot-table-forever"),
    pytest.param(_set(("games", 0, "rules", "exact_cut_bonus"), "50"),
                 'Game 1: the rules snapshot is not a valid ruleset (exact_cut_bonus must be a whole number from 0 to '
                 '1000000, not "50").', id="snapshot-text-for-number"),
    pytest.param(_set(("games", 0, "rules", "chosen_options"), {}),
                 'Game 1: the rules snapshot\'s "chosen_options" is not written as the app writes it.', id="snapshot-shape"),
    pytest.param(_set(("games", 0, "history", 1, "new", "went_out"), 9),
                 "Game 1, history entry 2: new.went_out 9 is not a seat at a table of 3.", id="history-deal-facts"),
    pytest.param(_twenty_seats, "Game 1: its rules can't be played (players.max is a whole number from 2 to 8, not 20).",
                 id="twenty-seats-under-a-built-in-id"),
    pytest.param(_five_thousand_deals, "Game 1: its rules can't be played (", id="five-thousand-deals"),
    # min_naturals 0 alone is now one a ruleset object gives (min_naturals_set and min_naturals_run 0: all-wild
    # groups, Phase 10's option); beside its own minimums for sets and runs it says nothing an object can write
    pytest.param(lambda data: _set(("games", 0, "rules", "min_naturals_run"), 1)(_set(("games", 0, "rules", "min_naturals_set"), 2)(
                     _set(("games", 0, "rules", "min_naturals"), 0)(data))),
                 "Game 1: the rules snapshot's min_naturals is not one a ruleset can have.", id="a-minimum-no-object-gives"),
    pytest.param(_set(("games", 0, "history", 1, "deal"), None),
                 "Game 1, history entry 2: “entered” is about a deal, so it names one.", id="history-without-deal"),
]  # fmt: skip


@pytest.mark.parametrize(("tamper", "message"), TAMPERED)
def test_a_tampered_file_with_a_new_checksum_is_refused_with_what_is_wrong(refusing, tamper, message):
    app, client, data = refusing
    data["league"]["name"] = "Small copy"  # not a name clash: the data itself must be refused
    bad = resigned(tamper(data))
    before = row_counts(app)
    with app.app_context(), pytest.raises(BackupError) as refused:
        import_league_backup(bad)
    assert str(refused.value).startswith(message), str(refused.value)
    response = upload(client, json.dumps(bad).encode())
    assert response.status_code == 422
    assert field_error(response) == str(refused.value)
    assert row_counts(app) == before


def test_a_file_changed_without_its_checksum_is_refused(refusing):
    app, client, data = refusing
    data["league"]["name"] = "Small copy"
    data = resigned(data)
    data["games"][0]["deals"][0]["hands"][1]["points"] = 11  # one point more, checksum kept
    before = row_counts(app)
    response = upload(client, json.dumps(data, indent=2).encode())
    assert response.status_code == 422
    assert (
        field_error(response)
        == CHECKSUM_MISMATCH
        == "The file was changed after it was made (its checksum does not match)."
    )
    del data["checksum"]
    assert "has no checksum" in field_error(upload(client, json.dumps(data).encode()))
    assert row_counts(app) == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "The file is not JSON, so it is not a backup made by this app."),
        (b"\xff\xfe{\x00}\x00", "The file is not UTF-8 text, so it is not a backup made by this app."),
        (b"   ", "The file is empty: pick the backup file made from a league's page."),
        (b"[1, 2, 3]", "This file is not a league backup: it holds a list, not a league."),
        (b'"a backup"', "This file is not a league backup: it holds a string, not a league."),
        (b'{"format": "something-else", "version": 1}', "This file is not a league backup made by this app (its “format” is missing or different)."),
        (b'{"format": "contract-rummy-companion/league-backup", "version": 2}',
         "This backup was made by a newer version of the app (backup version 2); this app reads version 1."),
        (b'{"format": "contract-rummy-companion/league-backup", "version": "1"}',
         "This backup's version \"1\" is not one this app reads (it reads version 1)."),
        (b'{"format": "contract-rummy-companion/league-backup", "version": 1, "league": {}, "games": [], "checksum": "0"}',
         CHECKSUM_MISMATCH),
    ],
    ids=["not-json", "not-utf8", "empty", "list", "string", "format", "newer-version", "version-text", "checksum"],
)  # fmt: skip
def test_files_that_are_not_backups_are_refused_beside_the_field(refusing, content, message):
    app, client, _data = refusing
    before = row_counts(app)
    response = upload(client, content)
    assert response.status_code == 422
    assert field_error(response) == message
    assert row_counts(app) == before


def test_no_file_and_a_huge_file_are_refused(refusing):
    app, client, data = refusing
    before = row_counts(app)
    response = client.post("/leagues/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 422
    assert field_error(response) == "Choose the backup file to import."
    response = upload(client, b"", filename="")  # the browser's empty file input
    assert field_error(response) == "Choose the backup file to import."

    # a file just over 20 MB (the request itself fits), and a request far over it (refused before it is read)
    padded = json.dumps(data).encode()
    padded += b" " * (20 * 1024 * 1024 + 1 - len(padded))
    for content in (padded, padded + b" " * 1024 * 1024):
        response = upload(client, content)
        assert response.status_code == 422
        assert (
            field_error(response)
            == "The file is over 20 MB, far larger than any league backup: pick the backup file (.json)."
        )
    assert row_counts(app) == before


def test_a_failure_while_writing_leaves_nothing_behind(small, monkeypatch):
    app, _client, data = small
    data["league"]["name"] = "Small copy"
    data["league"]["members"].append("Zed")  # a new player, who must not be left behind
    data["games"].append(copy.deepcopy(data["games"][0]))
    data = resigned(data)
    before = row_counts(app)

    from companion.games import history


    real_touch = history.touch
    calls = []

    def failing_touch(game):
        calls.append(game)
        if len(calls) == 2:
            raise RuntimeError("the disk is full")
        real_touch(game)

    monkeypatch.setattr(history, "touch", failing_touch)
    with app.app_context(), pytest.raises(RuntimeError):
        import_league_backup(data)
    assert row_counts(app) == before
    with app.app_context():
        assert Player.by_name("Zed") is None
        monkeypatch.setattr(history, "touch", real_touch)
        league = import_league_backup(data)  # the same file goes in whole once nothing stops it
        assert len(league.games) == 2 and Player.by_name("Zed") is not None


# ---------------------------------------------------------------------------
# The page


def test_the_import_page_is_linked_and_needs_its_csrf_token(client, anon_client, app, small):
    _app, _form_client, data = small  # the same database as ``client``'s app (one file per test)
    data["league"]["name"] = "Small copy"
    content = json.dumps(resigned(data)).encode()
    index = parse(client.get("/leagues/").get_data(as_text=True))
    assert index.find("a", href="/leagues/import").text == "Restore a league from a backup file"

    page = client.get("/leagues/import")
    assert page.status_code == 200
    doc = parse(page.get_data(as_text=True))
    form = doc.find("form", action="/leagues/import")
    assert form.attrs["enctype"] == "multipart/form-data"
    token = form.find("input", name="csrf_token").attrs["value"]

    before = row_counts(app)
    response = upload(anon_client, content)  # nobody signed in: the gate sends them to sign in first
    assert response.status_code == 303 and "/login" in response.headers["Location"]
    response = upload(client, content)
    assert response.status_code == 400
    assert "security token" in response.get_data(as_text=True)
    assert row_counts(app) == before

    response = upload(client, content, csrf_token=token)
    assert response.status_code == 303
    assert row_counts(app)["league"] == before["league"] + 1


def test_a_game_under_a_tables_own_rules_travels_in_a_backup(no_csrf_app, form_client, other_app):
    """The game keeps its rules snapshot on the other server (the stored ruleset itself is exported on its own)."""
    from companion.rules import RULESETS
    from companion.rules.definition import ruleset_to_definition

    league_id = new_league(form_client, "Gran's table")
    definition = ruleset_to_definition(RULESETS["contract"]) | {"name": "Gran's rules", "max_wilds": 1}
    definition["card_points"] = {**definition["card_points"], "JK": 25}
    response = form_client.post("/rulesets/import", data={"text": json.dumps(definition), "owner": str(league_id)})
    assert response.status_code == 303, response.get_data(as_text=True)
    custom = response.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    url = start(form_client, league_id, ["Ann", "Bob", "Cat"], f"custom-{custom}")
    deal(form_client, url, 1, "0", ["", "K JK", "5"])
    original = form_client.get(f"/leagues/{league_id}/backup.json").get_data()
    assert json.loads(original)["games"][0]["rules"]["name"] == "Gran's rules"
    response = upload(signed_in(other_app), original)
    assert response.status_code == 303, field_error(response)
    with other_app.app_context():
        game = db.session.scalars(select(Game)).one()
        assert game.ruleset.name == "Gran's rules" and game.ruleset.points.as_dict()["JK"] == 25
        assert game.deals[0].hand(1).points == 35


def _one_deal_rules(name: str, joker_points: int) -> dict:
    """A table's own rules of one deal (so one deal finishes a game and it counts in the standings)."""
    from companion.rules import RULESETS
    from companion.rules.definition import ruleset_to_definition

    definition = ruleset_to_definition(RULESETS["contract"]) | {"name": name}
    definition["deals"] = definition["deals"][:1]
    definition["card_points"] = {**definition["card_points"], "JK": joker_points}
    return definition


def _save_rules(client, definition: dict, owner: str) -> str:
    response = client.post("/rulesets/import", data={"text": json.dumps(definition), "owner": owner})
    assert response.status_code == 303, response.get_data(as_text=True)
    return "custom-" + response.headers["Location"].rstrip("/").rsplit("/", 1)[1]


def test_a_restored_game_under_a_tables_own_rules_never_shares_an_id_with_rules_already_here(
    no_csrf_app, form_client, other_app
):
    """Rules stored as custom-1 on the backup's server and custom-1 here are different rules: the filter keeps them apart."""
    from companion.leagues.standings import Season, compute_standings

    league_id = new_league(form_client, "Gran's table")
    grans = _save_rules(form_client, _one_deal_rules("Gran's rules", 25), str(league_id))
    url = start(form_client, league_id, ["Ann", "Bob", "Cat"], grans)
    deal(form_client, url, 1, "0", ["", "K JK", "5"])
    original = form_client.get(f"/leagues/{league_id}/backup.json").get_data()

    here = signed_in(other_app)
    mine = _save_rules(here, _one_deal_rules("My rules", 50), "")
    assert mine == grans  # the same number on both servers: the clash this guards against
    response = upload(here, original)
    assert response.status_code == 303, field_error(response)
    restored = int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    url = start(here, restored, ["Ann", "Bob", "Cat"], mine)  # a game here under this server's custom-1
    deal(here, url, 1, "1", ["K JK", "", "5"])

    with other_app.app_context():
        imported = db.session.scalars(select(Game).order_by(Game.id)).first()
        imported_id = imported.ruleset_id
        assert imported_id != mine
        stored = db.session.get(CustomRuleset, int(imported.ruleset_id.removeprefix("custom-")))
        assert stored.name == "Gran's rules" and stored.league_id == restored
        assert imported.custom_version is stored.latest and stored.latest.definition["card_points"]["JK"] == 25
        assert imported.ruleset.id == imported.ruleset_id and imported.ruleset.points.as_dict()["JK"] == 25
        assert imported.deals[0].hand(1).points == 35
        mine_only = compute_standings(restored, Season.all_time(), mine)
        grans_only = compute_standings(restored, Season.all_time(), imported.ruleset_id)
        assert (mine_only.games, grans_only.games) == (1, 1)
        assert compute_standings(restored, Season.all_time(), None).games == 2

    # the filter offers both by name, and the restored rules export again as themselves
    page = parse(here.get(f"/leagues/{restored}").get_data(as_text=True))
    offered = {
        option.attrs["value"]: option.text.strip() for option in page.find("select", name="ruleset").find_all("option")
    }
    assert offered[mine] == "My rules" and offered[imported_id] == "Gran's rules"
    again = json.loads(here.get(f"/leagues/{restored}/backup.json").get_data())
    assert {game["rules"]["name"] for game in again["games"]} == {"Gran's rules", "My rules"}


def test_a_refused_restore_stores_no_rules(no_csrf_app, form_client, other_app):
    """A backup refused after its games under a table's own rules were read leaves no stored ruleset behind."""

    league_id = new_league(form_client, "Gran's table")
    grans = _save_rules(form_client, _one_deal_rules("Gran's rules", 25), str(league_id))
    url = start(form_client, league_id, ["Ann", "Bob", "Cat"], grans)
    deal(form_client, url, 1, "0", ["", "K JK", "5"])
    start(form_client, league_id, ["Ann", "Bob", "Cat"], grans)
    data = json.loads(form_client.get(f"/leagues/{league_id}/backup.json").get_data())
    data["games"][1]["first_dealer"] = 7  # the second game is unsound
    here = signed_in(other_app)

    def stored() -> tuple[int, int]:
        with other_app.app_context():
            return (
                db.session.scalar(select(func.count()).select_from(CustomRuleset)),
                db.session.scalar(select(func.count()).select_from(CustomRulesetVersion)),
            )

    before = row_counts(other_app)
    response = upload(here, json.dumps(resigned(data)).encode())
    assert response.status_code == 422 and "Game 2" in field_error(response)
    assert row_counts(other_app) == before and stored() == (0, 0)

    # a league of that name already here: refused, and still nothing stored
    new_league(here, "GRAN'S TABLE")
    before = row_counts(other_app)
    data["games"][1]["first_dealer"] = 0
    response = upload(here, json.dumps(resigned(data)).encode())
    assert response.status_code == 422 and "already a league" in field_error(response)
    assert row_counts(other_app) == before and stored() == (0, 0)


def test_a_restored_tables_rules_that_could_not_be_saved_here_are_refused_with_a_sentence(
    no_csrf_app, form_client, other_app
):
    """A forged snapshot whose name no builder would take: refused beside the file, nothing stored."""
    league_id = new_league(form_client, "Gran's table")
    grans = _save_rules(form_client, _one_deal_rules("Gran's rules", 25), str(league_id))
    start(form_client, league_id, ["Ann", "Bob", "Cat"], grans)
    data = json.loads(form_client.get(f"/leagues/{league_id}/backup.json").get_data())
    data["games"][0]["rules"]["name"] = "G" * 61
    before = row_counts(other_app)
    response = upload(signed_in(other_app), json.dumps(resigned(data)).encode())
    assert response.status_code == 422
    assert field_error(response) == (
        "Game 1: its table's own rules can't be stored here (name is 1 to 60 characters long, not 61)."
    )
    assert row_counts(other_app) == before


def test_what_backs_up_restores_a_wild_limit_of_ten_to_the_twenty_nine(no_csrf_app, form_client, other_app):
    """max_wilds is any whole number from 0 (API.md): 10**29 was accepted, backed up, and its restore refused."""
    league_id = new_league(form_client, "Big limits")
    rules = _save_rules(form_client, _one_deal_rules("No real limit", 25) | {"max_wilds": 10**29}, str(league_id))
    start(form_client, league_id, ["Ann", "Bob", "Cat"], rules)
    data = json.loads(form_client.get(f"/leagues/{league_id}/backup.json").get_data())
    assert data["games"][0]["rules"]["max_wilds"] == 10**29
    with other_app.app_context():
        restored = import_league_backup(data)
        game = restored.games[0]
        assert game.ruleset.max_wilds == 10**29
