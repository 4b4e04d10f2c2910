"""Two phones entering or correcting the same deal at once, against a real multi-worker server.

Each test starts gunicorn (3 workers, 2 threads each, loopback only) over a
fresh database built by the migrations, signs two phones in over HTTP (as
two accounts, CSRF and all) and races them: both post the same deal at the
same moment, 100 times, alternating first entries and corrections made
from the same version. Exactly one must win (303); the other must be told,
with a 422, who recorded the deal and what is recorded now. The database
must then hold every deal exactly once, with the winner's scores, one
version and one history entry per success, and no stray hand scores.
A second test races May I taps at Shanghai's limit of 2 per deal.

SQLite always; PostgreSQL too when TEST_DATABASE_URL names a database
(``bash scripts/with-postgres.sh .venv/bin/python -m pytest tests/test_concurrency.py``).
"""

from __future__ import annotations

import contextlib
import html
import http.client
import itertools
import os
import random
import re
import secrets
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import pytest
from sqlalchemy import create_engine, func, select, text
from werkzeug.security import generate_password_hash

from companion import create_app
from companion.extensions import db
from companion.games import life
from companion.models import BuyCount, Change, DealResult, Game, GameResult, HandScore, User
from companion.rules import RULESETS
from companion.rules.deal_score import read_cards
from companion.rules.tally import rank_points
from tests.conftest import free_port, venv_tool

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "race-password-123"
PHONES = ("Ann", "Bob")  # the two racing accounts (the owner account exists too)
RACES = 100
PLAYERS = ("North", "East", "South", "West")
CARDS = ("K Q 7", "A 5", "JK 9 9", "3 4", "10 J", "2", "Q Q 8 6", "A A")

DATABASES = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param(
        "postgresql",
        id="postgresql",
        marks=pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL"), reason="TEST_DATABASE_URL is not set"),
    ),
]


# ---------------------------------------------------------------------------
# The server


class Server:
    """gunicorn with the app on a fresh database, on loopback; always stopped by :meth:`stop`."""

    def __init__(self, url: str, workdir: Path) -> None:
        self.url = url
        self.workdir = workdir
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = workdir / "gunicorn.log"
        self._log = None
        instance = workdir / "instance"
        instance.mkdir(parents=True, exist_ok=True)
        (instance / "config.py").write_text(f"SECRET_KEY = {secrets.token_hex(32)!r}\n")
        self.env = {k: v for k, v in os.environ.items() if k not in ("COMPANION_HTTPS",)}
        self.env.update(DATABASE_URL=url, COMPANION_INSTANCE_PATH=str(instance))

    def migrate(self) -> None:
        done = subprocess.run(
            [venv_tool("flask"), "--app", "companion", "db", "upgrade"],
            env=self.env, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
        )
        assert done.returncode == 0, done.stdout + done.stderr

    def start(self) -> None:
        self._log = open(self.log_path, "wb")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [
                venv_tool("gunicorn"), "--workers", "3", "--threads", "2",
                "--bind", f"127.0.0.1:{self.port}", "--log-level", "warning", "companion:create_app()",
            ],
            env=self.env, cwd=ROOT, stdout=self._log, stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"gunicorn stopped at start:\n{self.log()}")
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
            try:
                connection.request("GET", "/healthz")
                if connection.getresponse().status == 200:
                    return
            except OSError:
                pass
            finally:
                connection.close()
            time.sleep(0.1)
        raise AssertionError(f"gunicorn did not answer within 60 s:\n{self.log()}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self._log is not None:
            self._log.close()
            self._log = None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def _empty(url: str) -> None:
    """A PostgreSQL database emptied, for the migrations to build afresh."""
    engine = create_engine(url)
    with engine.begin() as connection:
        db.metadata.drop_all(connection)
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


@contextlib.contextmanager
def serving(database: str, tmp_path: Path, config: str = "") -> Iterator[Server]:
    """A :class:`Server` on a fresh ``database`` ("sqlite" or "postgresql"), with ``config`` added to its
    instance config; stopped (and PostgreSQL emptied) afterwards. No request may have failed inside it."""
    if database == "sqlite":
        url = f"sqlite:///{tmp_path / 'race.sqlite'}"
    else:
        url = os.environ["TEST_DATABASE_URL"]
        _empty(url)
    running = Server(url, tmp_path)
    settings = tmp_path / "instance" / "config.py"
    settings.write_text(settings.read_text() + config)
    try:
        running.migrate()
        running.start()
        yield running
    finally:
        running.stop()
        if database != "sqlite":
            _empty(url)
    # no request may have failed inside the server (a 500 logs its traceback), no worker may have timed out
    log = running.log()
    assert not any(word in log for word in ("Traceback", "[ERROR]", "[CRITICAL]")), log[-5000:]


@pytest.fixture
def server(request, tmp_path):
    with serving(request.param, tmp_path) as running:
        yield running


@pytest.fixture
def app(server):
    """The app in this process, on the server's database: to set the tables up and check what was stored."""
    app = create_app({"TESTING": True, "SECRET_KEY": "race-setup", "SQLALCHEMY_DATABASE_URI": server.url})
    with app.app_context():
        password = generate_password_hash(PASSWORD)
        for name in ("Owner", *PHONES):
            owner = name == "Owner"
            db.session.add(User(username=name, username_key=User.key_for(name), password_hash=password, is_owner=owner))
        db.session.commit()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _new_games(app, ruleset: str, count: int) -> list[int]:
    with app.app_context():
        players = [life.find_or_add_player(name) for name in PLAYERS]
        ids = [life.start_game(RULESETS[ruleset], players, 0).id for _ in range(count)]
        db.session.remove()
        return ids


# ---------------------------------------------------------------------------
# A phone: an HTTP client with a cookie jar


#: A logical clock: each request's send and its answer take the next number, so "both in flight together"
#: is read from the order of events, never from a clock reading a loaded machine would skew.
_EVENTS = itertools.count()
_EVENTS_LOCK = threading.Lock()


def _event() -> int:
    with _EVENTS_LOCK:
        return next(_EVENTS)


@dataclass
class Answer:
    status: int
    location: str | None
    body: str
    sent: int
    """The event number when the request had been sent."""
    answered: int
    """The event number when its answer had been read."""


class Phone:
    """One signed-in phone: its own cookies (session, remember-me); a fresh connection per request."""

    def __init__(self, port: int, username: str) -> None:
        self.port = port
        self.username = username
        self.cookies: dict[str, str] = {}
        self.csrf = ""

    def connect(self) -> http.client.HTTPConnection:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        connection.connect()
        return connection

    def send(self, method: str, path: str, form: dict[str, str] | None = None, *, headers: dict[str, str] | None = None,
             connection: http.client.HTTPConnection | None = None) -> Answer:
        connection = connection or self.connect()
        sent = {"Connection": "close", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode({**form, "csrf_token": self.csrf})
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=sent)
            sent_at = _event()
            response = connection.getresponse()
            data = response.read().decode()
            answered_at = _event()
        finally:
            connection.close()
        for header in response.msg.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            value = rest.split(";", 1)[0]
            if not value or "Max-Age=0" in header or "01 Jan 1970" in header:
                self.cookies.pop(name.strip(), None)
            else:
                self.cookies[name.strip()] = value
        return Answer(response.status, response.getheader("Location"), data, sent_at, answered_at)

    def sign_in(self) -> None:
        page = self.send("GET", "/login")
        assert page.status == 200, page.status
        self.csrf = _csrf(page.body)
        answer = self.send("POST", "/login", {"username": self.username, "password": PASSWORD})
        assert answer.status == 303, (answer.status, answer.body[:2000])

    def open(self, path: str) -> str:
        """A page, as the phone shows it (this also takes the flash message off the session)."""
        answer = self.send("GET", path)
        assert answer.status == 200, (path, answer.status)
        self.csrf = _csrf(answer.body) or self.csrf
        return answer.body


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    return found.group(1) if found else ""


def race(
    phones: list[Phone],
    requests: list[tuple[str, str, dict[str, str], dict[str, str]]],
    delays: list[float] | None = None,
) -> list[Answer]:
    """Each phone sends its request at the same moment (connections open, released by a barrier).

    ``delays`` hold one phone back a few milliseconds after the release, so
    the races also cover a loser reading the deal just after the winner saved it.
    """
    barrier = threading.Barrier(len(phones))
    answers: list[Answer | None] = [None] * len(phones)
    failures: list[BaseException] = []

    def go(index: int) -> None:
        try:
            connection = phones[index].connect()
            method, path, form, headers = requests[index]
            barrier.wait(timeout=30)
            if delays and delays[index]:
                time.sleep(delays[index])
            answers[index] = phones[index].send(method, path, form, headers=headers, connection=connection)
        except BaseException as error:  # noqa: BLE001 (reported below)
            failures.append(error)
            barrier.abort()

    threads = [threading.Thread(target=go, args=(i,)) for i in range(len(phones))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=150)
    if failures:
        raise failures[0]
    assert all(answer is not None for answer in answers)
    return answers  # type: ignore[return-value]


def _notice(body: str) -> tuple[str, list[str]]:
    """The stale-entry notice of a refused entry: its text, and the recorded hands' lines."""
    found = re.search(r'<div class="notice" role="alert">(.*?)</div>', body, re.DOTALL)
    assert found, body[:3000]
    inner = found.group(1)
    lines = [html.unescape(li).strip() for li in re.findall(r"<li>(.*?)</li>", inner, re.DOTALL)]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", inner)).split()), lines


# ---------------------------------------------------------------------------
# Deal entries


@dataclass
class Entry:
    """A deal's score form as a phone posts it, and what it should store."""

    went_out: int
    lines: list[tuple[str, str]]  # (cards, points) per position
    form: dict[str, str] = field(default_factory=dict)

    def stored(self, ruleset) -> list[tuple[int, str | None, int]]:
        """(position, cards, points) as the deal's hands should hold them."""
        hands = []
        for position, (cards, points) in enumerate(self.lines):
            if position == self.went_out:
                hands.append((position, "", 0))
            elif points:
                hands.append((position, None, int(points)))
            else:
                ranks = read_cards(cards)
                hands.append((position, " ".join(ranks), rank_points(ruleset, ranks)))
        return hands


def entry(race_index: int, phone: int, number: int) -> Entry:
    """A different, recognisable entry for each race and phone: cards on some lines, unique points on the others."""
    went_out = (number + phone + race_index) % len(PLAYERS)
    lines = []
    for position in range(len(PLAYERS)):
        if position == went_out:
            lines.append(("", ""))
        elif (position + phone) % 2:
            lines.append((CARDS[(race_index + position + phone) % len(CARDS)], ""))
        else:
            lines.append(("", str(race_index * 8 + phone * 4 + position)))
    form = {"went_out": str(went_out), "confirm": "y"}
    for position, (cards, points) in enumerate(lines):
        form[f"hands-{position}-cards"] = cards
        form[f"hands-{position}-points"] = points
    return Entry(went_out, lines, form)


def _totals(stored: list[tuple[int, str | None, int]]) -> list[str]:
    return [f"{PLAYERS[position]}: {points}" for position, _, points in stored]


@pytest.mark.parametrize("server", DATABASES, indirect=True)
def test_two_phones_racing_on_one_deal_record_it_once_with_the_winners_scores(server, app):
    """100 races of two phones posting one deal: first entries and corrections (from the same version), in turn.

    One phone is sometimes held back a few milliseconds, so the loser is
    refused both ways: by the database (the unique deal, the version) and
    by reading the deal the winner saved just before.
    """
    ruleset = RULESETS["contract"]
    deals_per_game = len(ruleset.deals)
    games = _new_games(app, "contract", -(-(RACES // 2) // deals_per_game))
    phones = [Phone(server.port, name) for name in PHONES]
    for phone in phones:
        phone.sign_in()
        phone.open(f"/games/{games[0]}/deals/1")  # the score form: its CSRF token
    with app.app_context():
        user_ids = {user.username: user.id for user in db.session.scalars(select(User))}
        db.session.remove()

    rng = random.Random(20240601)
    expected: dict[tuple[int, int], dict] = {}  # (game, deal) -> the winning entry, version and winners
    entered = 0
    overlapping = 0
    wins = {name: 0 for name in PHONES}
    for race_index in range(RACES):
        if race_index % 2 == 0:  # both enter the next deal, neither has seen it saved
            game_id, number = games[entered // deals_per_game], entered % deals_per_game + 1
            entered += 1
            version = None
        else:  # both correct a saved deal of this game, from the same page (the same version)
            number = rng.randint(max(1, number - 2), number)
            version = expected[(game_id, number)]["version"]
        path = f"/games/{game_id}/deals/{number}"
        entries = [entry(race_index, index, number) for index in range(len(phones))]
        requests = []
        for one in entries:
            form = dict(one.form)
            if version is not None:
                form["version"] = str(version)
                if sum(1 for g, _ in expected if g == game_id) == deals_per_game:
                    form["confirm_finished"] = "y"  # the correction form of a finished game asks for it
            requests.append(("POST", path, form, {}))
        delays = [0.0, 0.0]
        delays[rng.randrange(2)] = rng.choice((0.0, 0.0, 0.0, 0.005, 0.01, 0.02, 0.04))
        answers = race(phones, requests, delays)
        # both sent before either was answered: the server had both at once
        overlapping += answers[0].sent < answers[1].answered and answers[1].sent < answers[0].answered

        statuses = sorted(answer.status for answer in answers)
        assert statuses == [303, 422], (race_index, [(a.status, a.body[:1500]) for a in answers])
        winner = 0 if answers[0].status == 303 else 1
        loser = 1 - winner
        wins[PHONES[winner]] += 1
        won = entries[winner].stored(ruleset)
        what = "already recorded" if version is None else "changed since you opened it"
        message, recorded = _notice(answers[loser].body)
        assert f"Deal {number} was {what} by {PHONES[winner]} at " in message, (race_index, message)
        assert re.search(r" at \d\d:\d\d UTC \.", message), message  # the <time> reads UTC until the phone's script
        assert recorded == _totals(won), (race_index, recorded, won)  # the loser sees what was recorded
        phones[winner].open(answers[winner].location)  # the winner's phone shows the game (and its flash)
        key = (game_id, number)
        if version is None:
            expected[key] = {"stored": won, "version": 1, "went_out": entries[winner].went_out,
                             "by": [PHONES[winner]], "history": [won], "corrections": 0}
        else:
            record = expected[key]
            record.update(stored=won, version=version + 1, went_out=entries[winner].went_out)
            record["by"].append(PHONES[winner])
            record["history"].append(won)
            record["corrections"] += 1

    assert overlapping >= RACES // 2, (overlapping, wins)  # the requests really raced (counted in events)

    with app.app_context():
        session = db.session
        # every deal exactly once
        counts = session.execute(
            select(DealResult.game_id, DealResult.number, func.count()).group_by(DealResult.game_id, DealResult.number)
        ).all()
        assert sorted((g, n) for g, n, _ in counts) == sorted(expected)
        assert all(c == 1 for _, _, c in counts)
        for (game_id, number), record in expected.items():
            deal = session.scalar(select(DealResult).where(DealResult.game_id == game_id, DealResult.number == number))
            # no lost update: the stored hands are the last winning request's, whole
            assert [(h.position, h.cards, h.points) for h in deal.hands] == record["stored"], (game_id, number)
            assert deal.went_out == record["went_out"]
            assert deal.version == record["version"] == 1 + record["corrections"]
            assert deal.recorded_by.username == record["by"][-1]
            # the history: one entry per success, by the winner, with what was stored
            changes = list(session.scalars(
                select(Change).where(Change.game_id == game_id, Change.deal_number == number).order_by(Change.id)
            ))
            assert [c.action for c in changes] == ["entered"] + ["corrected"] * record["corrections"]
            assert [c.user_id for c in changes] == [user_ids[name] for name in record["by"]]
            hands = [[(h["position"], h["cards"], h["points"]) for h in c.new["hands"]] for c in changes]
            assert hands == record["history"]  # each success as it was saved
            olds = [[(h["position"], h["cards"], h["points"]) for h in c.old["hands"]] for c in changes[1:]]
            assert olds == record["history"][:-1]  # each correction replaced what the previous winner saved
        # no stray hand scores, no half-written deal
        orphans = session.scalar(
            select(func.count()).select_from(HandScore).where(HandScore.deal_id.not_in(select(DealResult.id)))
        )
        assert orphans == 0
        assert session.scalar(select(func.count()).select_from(HandScore)) == len(expected) * len(PLAYERS)
        actions = dict(session.execute(select(Change.action, func.count()).group_by(Change.action)).all())
        assert actions.get("entered") == len(expected)
        assert actions.get("corrected") == sum(record["corrections"] for record in expected.values())
        for game_id in games:
            game = session.get(Game, game_id)
            full = len(game.deals) == deals_per_game
            assert game.status == ("finished" if full else "in_progress")
            assert [c.action for c in game.changes].count("finished") == (1 if full else 0)
            results = session.scalar(select(func.count()).select_from(GameResult).where(GameResult.game_id == game_id))
            assert results == (len(PLAYERS) if full else 0)  # the standings' summary, written once


@pytest.mark.parametrize("server", DATABASES, indirect=True)
def test_may_i_taps_racing_at_the_limit_never_exceed_it(server, app):
    """Shanghai allows 2 May Is a deal: two taps at once never make 3, and two from 0 both count."""
    ruleset = RULESETS["shanghai"]
    limit = ruleset.deal(1).buys.limit
    assert limit == 2
    (game_id,) = _new_games(app, "shanghai", 1)
    phones = [Phone(server.port, name) for name in PHONES]
    for phone in phones:
        phone.sign_in()
        phone.open(f"/games/{game_id}")
    htmx = {"HX-Request": "true"}

    def tap_race(position: int) -> list[bool]:
        path = f"/games/{game_id}/buys/{position}"
        answers = race(phones, [("POST", path, {"delta": "1"}, htmx)] * 2)
        assert [a.status for a in answers] == [200, 200], [(a.status, a.body[:1500]) for a in answers]
        return ['class="error" role="alert"' not in a.body for a in answers]  # counted (no refusal shown)

    def count(number: int, position: int) -> int:
        with app.app_context():
            found = db.session.scalar(
                select(BuyCount.count).where(
                    BuyCount.game_id == game_id, BuyCount.deal_number == number, BuyCount.position == position
                )
            )
            db.session.remove()
            return found or 0

    races = 0
    for number in range(1, 5):
        for position in range(len(PLAYERS)):
            if position % 2 == 0:  # the 2nd and 3rd May I at once: one counts, one is refused
                answer = phones[0].send("POST", f"/games/{game_id}/buys/{position}", {"delta": "1"}, headers=htmx)
                assert answer.status == 200 and 'class="error" role="alert"' not in answer.body
                assert sorted(tap_race(position)) == [False, True]
            else:  # the 1st and 2nd at once: both count (no lost update), then the 3rd and 4th: both refused
                assert tap_race(position) == [True, True]
                assert tap_race(position) == [False, False]
                races += 1
            races += 1
            assert count(number, position) == limit
        form = entry(number, 0, number).form
        answer = phones[0].send("POST", f"/games/{game_id}/deals/{number}", form)
        assert answer.status == 303, answer.body[:2000]
        phones[0].open(answer.location)
        with app.app_context():
            deal = db.session.scalar(
                select(DealResult).where(DealResult.game_id == game_id, DealResult.number == number)
            )
            assert [h.buys for h in deal.hands] == [limit] * len(PLAYERS)  # the counts went into the deal
            db.session.remove()
    assert races == 24
    with app.app_context():
        assert db.session.scalar(select(func.max(BuyCount.count))) is None  # saved deals took their counters along


def test_a_late_first_entry_of_the_last_deal_is_told_who_recorded_it(make_game, form_client, no_csrf_app):
    """The race's slow loser, in order: a phone opened the last deal's form, another saved it (finishing the game).

    The late phone's form has no "game is finished" box and no version: it is
    refused as already recorded, by whom and with what, not asked to tick a box.
    """
    url = make_game(["Ann", "Bob", "Cat"])
    lines = {"hands-0-cards": "", "hands-0-points": "", "hands-1-points": "5", "hands-2-cards": "K"}
    for number in range(1, 8):
        answer = form_client.post(f"{url}/deals/{number}", data={"went_out": "0", "confirm": "y", **lines})
        assert answer.status_code == 303, answer.get_data(as_text=True)
    late = {"went_out": "1", "confirm": "y", "hands-0-cards": "Q", "hands-0-points": "", "hands-1-points": "",
            "hands-2-points": "9"}
    answer = form_client.post(f"{url}/deals/7", data=late)
    assert answer.status_code == 422
    message, recorded = _notice(answer.get_data(as_text=True))
    assert "Deal 7 was already recorded by Owner at " in message
    assert recorded == ["Ann: 0", "Bob: 5", "Cat: 10"]
    assert "tick the box" not in answer.get_data(as_text=True)
    with no_csrf_app.app_context():
        game = db.session.get(Game, int(url.rsplit("/", 1)[1]))
        assert game.status == "finished" and game.deal_result(7).version == 1
        assert [c.action for c in game.changes].count("entered") == 7
