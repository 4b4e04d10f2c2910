"""Load benchmark: many tables entering scores at once, against gunicorn on SQLite and on PostgreSQL.

Run ``python bench/load.py`` (options: ``--tables 20 --seconds 10 --workers 4``).
For each database it migrates a fresh one, starts gunicorn on 127.0.0.1
(nothing else is contacted) and lets every table play for a bounded time:
a table is a thread with two signed-in phones (two accounts) that starts a
4-player game (Contract or Shanghai), taps May Is, enters each deal as fast
as the server answers, corrects some, and now and then has both phones
post the same deal at the same moment (one must be saved, the other told
with a 422 who recorded it). Every phone shows the game page after a save,
as a phone does. At the end it prints

- requests per second, and p50 / p99 latency (overall and per kind);
- errors: answers other than the expected ones (a 5xx, a 4xx, a solo save
  refused, a race with no or two winners) or failed connections; target 0;
- lost updates: what each table believes it saved (every deal's hands,
  who went out, version, May I counts) compared with what the database
  holds at the end, plus deals stored twice or never; target 0.

PostgreSQL: with TEST_DATABASE_URL set (``bash scripts/with-postgres.sh
python bench/load.py``) that database is emptied and used; otherwise, when
PostgreSQL's programs are installed, the benchmark runs its PostgreSQL half
under ``scripts/with-postgres.sh`` (a throw-away server on 127.0.0.1);
otherwise it says it skipped it.
"""

from __future__ import annotations

import argparse
import glob
import html
import http.client
import os
import random
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, func, select, text
from werkzeug.security import generate_password_hash

from companion import create_app
from support import free_port, tool
from companion.extensions import db
from companion.games import life
from companion.models import BuyCount, DealResult, HandScore, User
from companion.rules import RULESETS
from companion.rules.deal_score import read_cards
from companion.rules.tally import rank_points

PASSWORD = "load-password-123"
SEATS = ("North", "East", "South", "West")
CARDS = ("K Q 7", "A 5", "JK 9 9", "3 4", "10 J", "2", "Q Q 8 6", "A A", "5 5 5")
RULESET_OF_TABLE = ("contract", "shanghai")
RACE_SHARE = 0.1  # of entries and corrections posted by both phones at once
CORRECTION_SHARE = 0.3  # of deals followed by a correction of one of the game's deals


# ---------------------------------------------------------------------------
# Results


@dataclass
class Stats:
    """Every request's kind, latency and verdict, from every table thread."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    races: int = 0
    races_told: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.latencies[kind].append(seconds)

    def error(self, message: str) -> None:
        with self.lock:
            self.errors.append(message)


@dataclass
class Belief:
    """What a table believes it saved for one deal."""

    went_out: int
    hands: list[tuple[int, str | None, int]]
    buys: list[int]
    version: int = 1


# ---------------------------------------------------------------------------
# A phone: HTTP/1.1 keep-alive with a cookie jar


@dataclass
class Answer:
    status: int
    location: str | None
    body: str


class Phone:
    def __init__(self, port: int, username: str, stats: Stats) -> None:
        self.port = port
        self.username = username
        self.stats = stats
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.connection: http.client.HTTPConnection | None = None

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def send(self, kind: str, method: str, path: str, form: dict[str, str] | None = None,
             headers: dict[str, str] | None = None) -> Answer:
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode({**form, "csrf_token": self.csrf})
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.perf_counter()
        for attempt in (1, 2):
            reused = self.connection is not None
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            try:
                self.connection.request(method, path, body=body, headers=sent)
                response = self.connection.getresponse()
                data = response.read().decode()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # a kept-alive connection the server had closed before reading the request: once more, afresh
                self.close()
                if attempt == 2 or not reused:
                    raise
        self.stats.record(kind, time.perf_counter() - started)
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        for header in response.msg.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            value = rest.split(";", 1)[0]
            if not value or "Max-Age=0" in header or "01 Jan 1970" in header:
                self.cookies.pop(name.strip(), None)
            else:
                self.cookies[name.strip()] = value
        return Answer(response.status, response.getheader("Location"), data)

    def sign_in(self) -> None:
        page = self.send("sign in", "GET", "/login")
        self.csrf = _csrf(page.body)
        answer = self.send("sign in", "POST", "/login", {"username": self.username, "password": PASSWORD})
        if answer.status != 303:
            raise RuntimeError(f"{self.username} could not sign in: {answer.status}")
        self.csrf = _csrf(self.send("sign in", "GET", "/games/new").body) or self.csrf

    def follow(self, answer: Answer) -> None:
        """The page a phone shows after a save (it also takes the flash message off the session)."""
        shown = self.send("game page", "GET", answer.location or "/")
        if shown.status != 200:
            self.stats.error(f"GET {answer.location} answered {shown.status}")


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    return found.group(1) if found else ""


def _notice(body: str) -> str:
    found = re.search(r'<div class="notice" role="alert">(.*?)</div>', body, re.DOTALL)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split()) if found else ""


# ---------------------------------------------------------------------------
# A table


class Table(threading.Thread):
    """Two phones at one table, playing games one after another until the deadline."""

    def __init__(self, index: int, port: int, deadline: float, stats: Stats, player_ids: list[int]) -> None:
        super().__init__(name=f"table-{index}", daemon=True)
        self.index = index
        self.deadline = deadline
        self.stats = stats
        self.player_ids = player_ids
        self.rng = random.Random(index)
        self.phones = [Phone(port, f"table{index:02}-{side}", stats) for side in "ab"]
        self.ruleset_id = RULESET_OF_TABLE[index % len(RULESET_OF_TABLE)]
        self.ruleset = RULESETS[self.ruleset_id]
        self.beliefs: dict[tuple[int, int], Belief] = {}
        self.open_buys: dict[tuple[int, int], list[int]] = {}  # May Is counted in a deal not yet saved
        self.games: list[int] = []

    def run(self) -> None:
        try:  # the phones are signed in before the clock starts
            while time.perf_counter() < self.deadline:
                self.play_game()
        except Exception as error:  # noqa: BLE001 (a table that stops is an error, reported at the end)
            self.stats.error(f"table {self.index}: {type(error).__name__}: {error}")
        finally:
            for phone in self.phones:
                phone.close()

    def phone(self) -> Phone:
        return self.phones[self.rng.randrange(2)]

    def play_game(self) -> None:
        form = {"ruleset": self.ruleset_id, "first_dealer": "0"}
        for seat, player_id in enumerate(self.player_ids):
            form[f"seats-{seat}-player"] = str(player_id)
        phone = self.phone()
        answer = phone.send("new game", "POST", "/games/new", form)
        if answer.status != 303 or not answer.location:
            self.stats.error(f"new game answered {answer.status}")
            return
        phone.follow(answer)
        game_id = int(answer.location.rstrip("/").rsplit("/", 1)[1])
        self.games.append(game_id)
        deals = len(self.ruleset.deals)
        for number in range(1, deals + 1):
            if time.perf_counter() >= self.deadline:
                return
            buys = self.tap_may_is(game_id, number)
            if not self.post_deal("entry", game_id, number, None, buys):
                return
            if self.rng.random() < CORRECTION_SHARE and time.perf_counter() < self.deadline:
                self.correct(game_id, self.rng.randint(max(1, number - 2), number), finished=number == deals)

    def tap_may_is(self, game_id: int, number: int) -> list[int]:
        counts = self.open_buys.setdefault((game_id, number), [0] * len(SEATS))
        limit = self.ruleset.deal(number).buys.limit
        for _ in range(self.rng.choice((0, 0, 1, 2, 3))):
            position = self.rng.randrange(len(SEATS))
            if limit is not None and counts[position] >= limit:
                continue  # the phone's button would say the limit is reached
            answer = self.phone().send(
                "may i", "POST", f"/games/{game_id}/buys/{position}", {"delta": "1"}, {"HX-Request": "true"}
            )
            if answer.status != 200 or 'class="error" role="alert"' in answer.body:
                self.stats.error(f"May I tap answered {answer.status} {_error_text(answer.body)}")
                continue
            counts[position] += 1
        return counts

    def entry(self, number: int) -> tuple[dict[str, str], int, list[tuple[int, str | None, int]]]:
        """A score form (cards on some lines, points on others), who went out, and the hands it should store."""
        went_out = self.rng.randrange(len(SEATS))
        form = {"went_out": str(went_out), "confirm": "y"}
        hands: list[tuple[int, str | None, int]] = []
        for position in range(len(SEATS)):
            cards, points = "", ""
            if position == went_out:
                hands.append((position, "", 0))
            elif self.rng.random() < 0.5:
                cards = self.rng.choice(CARDS)
                ranks = read_cards(cards)
                hands.append((position, " ".join(ranks), rank_points(self.ruleset, ranks)))
            else:
                points = str(self.rng.randrange(0, 200))
                hands.append((position, None, int(points)))
            form[f"hands-{position}-cards"] = cards
            form[f"hands-{position}-points"] = points
        return form, went_out, hands

    def correct(self, game_id: int, number: int, *, finished: bool) -> None:
        """A correction of a saved deal, from a page showing its current version."""
        belief = self.beliefs[(game_id, number)]
        self.post_deal("correction", game_id, number, belief.version, belief.buys, finished=finished)

    def post_deal(self, kind: str, game_id: int, number: int, version: int | None, buys: list[int],
                  *, finished: bool = False) -> bool:
        """Post an entry or a correction, alone or from both phones at once; what the table then believes."""
        path = f"/games/{game_id}/deals/{number}"
        racing = self.rng.random() < RACE_SHARE
        senders = self.phones if racing else [self.phone()]
        entries = [self.entry(number) for _ in senders]
        forms = []
        for form, _, _ in entries:
            if version is not None:
                form["version"] = str(version)
                if finished:
                    form["confirm_finished"] = "y"
            forms.append(form)
        answers = self.race(kind, path, forms) if racing else [senders[0].send(kind, "POST", path, forms[0])]
        saved = [i for i, a in enumerate(answers) if a.status == 303]
        refused = [i for i, a in enumerate(answers) if a.status == 422]
        if len(saved) != 1 or len(saved) + len(refused) != len(answers):
            self.stats.error(f"{kind} of deal {number}: {[a.status for a in answers]} {_error_text(answers[0].body)}")
            return False
        winner = saved[0]
        if racing:
            what = "already recorded" if version is None else "changed since you opened it"
            told = f"Deal {number} was {what} by {senders[winner].username} at "
            notice = _notice(answers[refused[0]].body)
            with self.stats.lock:
                self.stats.races += 1
                self.stats.races_told += told in notice
            if told not in notice:  # refused, but not told clearly who recorded the deal
                told_instead = notice or _error_text(answers[refused[0]].body)
                self.stats.error(f"race on deal {number}: the loser was told {told_instead!r}")
        senders[winner].follow(answers[winner])
        _, went_out, hands = entries[winner]
        self.beliefs[(game_id, number)] = Belief(went_out, hands, list(buys), 1 if version is None else version + 1)
        return True

    def race(self, kind: str, path: str, forms: list[dict[str, str]]) -> list[Answer]:
        barrier = threading.Barrier(2)
        answers: list[Answer | None] = [None, None]
        failures: list[BaseException] = []

        def go(index: int) -> None:
            try:
                barrier.wait(timeout=30)
                answers[index] = self.phones[index].send(kind, "POST", path, forms[index])
            except BaseException as error:  # noqa: BLE001
                failures.append(error)
                barrier.abort()

        threads = [threading.Thread(target=go, args=(i,), daemon=True) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        if failures or None in answers:
            raise RuntimeError(f"a race failed: {failures[:1]}")
        return answers  # type: ignore[return-value]


def _error_text(body: str) -> str:
    found = re.findall(r'class="(?:error|notice)"[^>]*>(.*?)</', body, re.DOTALL)
    return " / ".join(" ".join(html.unescape(f).split()) for f in found)[:300]


# ---------------------------------------------------------------------------
# One database


def _empty(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as connection:
        db.metadata.drop_all(connection)
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


def run(label: str, url: str, args: argparse.Namespace) -> None:
    workdir = Path(tempfile.mkdtemp(prefix="companion-load-"))
    instance = workdir / "instance"
    instance.mkdir()
    (instance / "config.py").write_text(f"SECRET_KEY = {secrets.token_hex(32)!r}\n")
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_HTTPS"}
    env.update(DATABASE_URL=url, COMPANION_INSTANCE_PATH=str(instance))
    if url.startswith("postgresql"):
        _empty(url)
    migrated = subprocess.run([tool("flask"), "--app", "companion", "db", "upgrade"], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=300, check=False)
    if migrated.returncode:
        raise SystemExit(migrated.stdout + migrated.stderr)

    app = create_app({"SECRET_KEY": "load-setup", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        password = generate_password_hash(PASSWORD)  # hashed once: every account has the same password
        db.session.add(User(username="owner", username_key="owner", password_hash=password, is_owner=True))
        players = []
        for index in range(args.tables):
            for side in "ab":
                name = f"table{index:02}-{side}"
                db.session.add(User(username=name, username_key=name, password_hash=password))
            players.append([life.find_or_add_player(f"T{index:02} {seat}") for seat in SEATS])
        db.session.commit()
        player_ids = [[p.id for p in table] for table in players]
        db.session.remove()

    port = free_port()
    log_path = workdir / "gunicorn.log"
    stats = Stats()
    with open(log_path, "wb") as log:
        server = subprocess.Popen(
            [tool("gunicorn"), "--workers", str(args.workers), "--threads", str(args.threads), "--keep-alive", "60",
             "--bind", f"127.0.0.1:{port}", "--log-level", "warning", "companion:create_app()"],
            env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        )
        try:
            _wait_for(port, server, log_path)
            # sign-ins (a slow password hash, on purpose) happen before the clock starts
            tables = [Table(i, port, 0.0, stats, player_ids[i]) for i in range(args.tables)]
            for table in tables:
                for phone in table.phones:
                    phone.sign_in()
            stats.latencies.pop("sign in", None)
            started = time.perf_counter()
            for table in tables:
                table.deadline = started + args.seconds
                table.start()
            for table in tables:
                table.join(timeout=args.seconds + 120)
            elapsed = time.perf_counter() - started
            stuck = [t.name for t in tables if t.is_alive()]
            if stuck:
                stats.error(f"tables still running after the deadline: {stuck}")
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=10)
    server_log = log_path.read_text(errors="replace")
    tracebacks = server_log.count("Traceback")
    if tracebacks:
        stats.error(f"{tracebacks} tracebacks in the server's log")

    lost, recorded, corrections = _check(app, tables)
    with app.app_context():
        db.engine.dispose()
    if url.startswith("postgresql"):
        _empty(url)
    shutil.rmtree(workdir, ignore_errors=True)
    _report(label, stats, elapsed, lost, recorded, corrections, tables)
    if tracebacks:
        print("  server log (end):")
        print("    " + "\n    ".join(server_log.strip().splitlines()[-30:]))


def _wait_for(port: int, server: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn stopped:\n{log_path.read_text(errors='replace')}")
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        try:
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.1)
        finally:
            connection.close()
    raise SystemExit("gunicorn did not answer within 60 s")


def _check(app, tables: list[Table]) -> tuple[list[str], int, int]:
    """What the tables believe they saved, against what the database holds: the lost updates, deals, corrections."""
    lost: list[str] = []
    beliefs = {key: belief for table in tables for key, belief in table.beliefs.items()}
    open_buys = {key: counts for table in tables for key, counts in table.open_buys.items() if key not in beliefs}
    games = {game_id for table in tables for game_id in table.games}
    with app.app_context():
        session = db.session
        stored = {
            (deal.game_id, deal.number): deal
            for deal in session.scalars(select(DealResult).where(DealResult.game_id.in_(games)))
        }
        twice = session.execute(
            select(DealResult.game_id, DealResult.number).group_by(DealResult.game_id, DealResult.number)
            .having(func.count() > 1)
        ).all()
        lost += [f"game {g} deal {n} stored twice" for g, n in twice]
        lost += [f"game {g} deal {n} stored but never saved by its table" for g, n in set(stored) - set(beliefs)]
        for key, belief in beliefs.items():
            deal = stored.get(key)
            if deal is None:
                lost.append(f"game {key[0]} deal {key[1]} saved but not stored")
                continue
            hands = [(h.position, h.cards, h.points) for h in deal.hands]
            if (hands, deal.went_out, deal.version) != (belief.hands, belief.went_out, belief.version):
                lost.append(f"game {key[0]} deal {key[1]}: stored {hands} out {deal.went_out} v{deal.version}, "
                            f"believed {belief.hands} out {belief.went_out} v{belief.version}")
            if [h.buys for h in deal.hands] != belief.buys:
                lost.append(f"game {key[0]} deal {key[1]}: May Is stored {[h.buys for h in deal.hands]}, "
                            f"counted {belief.buys}")
        for (game_id, number), counts in open_buys.items():  # May Is counted in a deal the deadline interrupted
            rows = {b.position: b.count for b in session.scalars(
                select(BuyCount).where(BuyCount.game_id == game_id, BuyCount.deal_number == number))}
            if [rows.get(p, 0) for p in range(len(SEATS))] != counts:
                lost.append(f"game {game_id} deal {number}: May I counter {rows}, counted {counts}")
        orphans = session.scalar(
            select(func.count()).select_from(HandScore).where(HandScore.deal_id.not_in(select(DealResult.id)))
        )
        if orphans:
            lost.append(f"{orphans} hand scores without their deal")
        session.remove()
    corrections = sum(b.version - 1 for b in beliefs.values())
    return lost, len(beliefs), corrections


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * (len(ordered) - 1) + 0.5))]


def _report(label: str, stats: Stats, elapsed: float, lost: list[str], recorded: int, corrections: int,
            tables: list[Table]) -> None:
    everything = [v for values in stats.latencies.values() for v in values]
    print(f"{label}")
    if not everything:
        print("  no requests were answered")
    else:
        rate = len(everything) / elapsed
        print(f"  throughput    {len(everything):,} requests in {elapsed:.1f} s: {rate:,.0f} req/s")
        print(f"  latency       p50 {statistics.median(everything) * 1e3:6.1f} ms"
              f"   p99 {_percentile(everything, 0.99) * 1e3:6.1f} ms")
        for kind in ("entry", "correction", "may i", "game page", "new game"):
            values = stats.latencies.get(kind, [])
            if values:
                print(f"    {kind:11} {len(values):6,}  p50 {statistics.median(values) * 1e3:6.1f} ms"
                      f"   p99 {_percentile(values, 0.99) * 1e3:6.1f} ms")
    games = sum(len(t.games) for t in tables)
    print(f"  recorded      {recorded:,} deals in {games:,} games ({corrections:,} corrections)")
    print(f"  races         {stats.races:,} (both phones posting one deal at once; the loser told who recorded it:"
          f" {stats.races_told:,}/{stats.races:,}; their 422s are expected)")
    print(f"  errors        {len(stats.errors)} (target 0)")
    for message in Counter(stats.errors).most_common(5):
        print(f"    {message[1]} x {message[0]}")
    print(f"  lost updates  {len(lost)} (target 0)")
    for message in lost[:5]:
        print(f"    {message}")
    print(flush=True)


# ---------------------------------------------------------------------------


def _postgres_programs() -> bool:
    return bool(glob.glob("/usr/lib/postgresql/*/bin/initdb"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--databases", default="sqlite,postgresql")
    parser.add_argument("--no-header", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    wanted = [d.strip() for d in args.databases.split(",") if d.strip()]
    if not args.no_header:
        print(f"load benchmark: {args.tables} tables of 4 players (2 phones each), {args.seconds:g} s per database, "
              f"gunicorn {args.workers} workers x {args.threads} threads on 127.0.0.1")
        print()
    if "sqlite" in wanted:
        with tempfile.TemporaryDirectory(prefix="companion-load-db-") as folder:
            run("SQLite", f"sqlite:///{Path(folder) / 'load.sqlite'}", args)
    if "postgresql" in wanted:
        url = os.environ.get("TEST_DATABASE_URL")
        if url:
            run("PostgreSQL", url, args)
        elif _postgres_programs():
            command = [sys.executable, str(Path(__file__).resolve()), "--databases", "postgresql", "--no-header",
                       "--tables", str(args.tables), "--seconds", str(args.seconds),
                       "--workers", str(args.workers), "--threads", str(args.threads)]
            done = subprocess.run(["bash", str(ROOT / "scripts" / "with-postgres.sh"), *command], cwd=ROOT,
                                  timeout=args.seconds + 900, check=False)
            if done.returncode:
                raise SystemExit(done.returncode)
        else:
            print("PostgreSQL: skipped (no PostgreSQL here: run `bash scripts/with-postgres.sh python bench/load.py`)")


if __name__ == "__main__":
    main()
