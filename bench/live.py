"""Live follow: the 2-second 204 poll against server-sent events, on the project's gunicorn settings.

``python bench/live.py [--watchers 20 60] [--seconds 20]``

Serves the app with ``gunicorn.conf.py`` (gthread workers) on 127.0.0.1,
with one more route for this measurement only: ``/bench/sse/<token>``, a
server-sent-events stream of a watch link's game, as SSE would have to be
served here (no change notification in SQLite: each stream's thread looks
at the game's revision every 2 s and sends an event when it changed, a
comment otherwise). For each number of watching phones it runs both ways
for the same time while a game is scored (one deal every 3 s) and prints:

- the server's CPU seconds (gunicorn's master and workers, from /proc);
- requests served to the watchers, and how soon they saw each change;
- the latency of a page (``/healthz``) asked for meanwhile: whether the
  watchers leave room for the phones at the table.

SSE holds one of gunicorn's threads for as long as a phone watches
(workers x threads of them: 48 with the project's settings); a poll holds
one for a millisecond every 2 s.
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from support import free_port, tool  # noqa: E402


def create():  # noqa: ANN201
    """The app with the SSE route (gunicorn loads this: ``live:create()``)."""
    from flask import Response, request, stream_with_context
    from sqlalchemy import select

    from companion import create_app
    from companion.extensions import db
    from companion.models import Game

    app = create_app()

    @app.get("/bench/sse/<token>")
    def sse(token: str) -> Response:
        seconds = float(request.args.get("seconds", "10"))

        def events():  # noqa: ANN202
            last = None
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                with db.engine.connect() as connection:
                    revision = connection.execute(select(Game.revision).where(Game.share_token == token)).scalar()
                if revision != last:
                    last = revision
                    yield f"event: changed\ndata: {revision}\n\n"
                else:
                    yield ": still here\n\n"
                time.sleep(2)

        return Response(stream_with_context(events()), mimetype="text/event-stream", headers={"Cache-Control": "no-store"})

    from companion.auth import gate

    gate.PUBLIC_ENDPOINTS.add("sse")  # as public as the watch link it stands for
    return app


def cpu_seconds(pid: int) -> float:
    """CPU time of a process and its children that are alive (gunicorn's master and workers)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid] + [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    for each in pids:
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
        except FileNotFoundError:
            pass
    return total


class Watchers:
    def __init__(self, port: int, token: str, count: int, seconds: float, how: str) -> None:
        self.port, self.token, self.count, self.seconds, self.how = port, token, count, seconds, how
        self.requests = 0
        self.seen: list[tuple[float, int]] = []  # (when, revision) each time a watcher saw a change
        self.failures = 0
        self.lock = threading.Lock()

    def poll(self) -> None:
        end = time.monotonic() + self.seconds
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        revision = None
        while time.monotonic() < end:
            try:
                connection.request("GET", f"/watch/g/{self.token}" + (f"?since={revision}" if revision else ""))
                response = connection.getresponse()
                body = response.read()
                with self.lock:
                    self.requests += 1
                if response.status == 200:
                    marker = b'?since='
                    at = body.find(marker)
                    revision = body[at + len(marker):body.find(b'"', at)].decode() if at >= 0 else revision
                    with self.lock:
                        self.seen.append((time.monotonic(), int(revision)))
            except (OSError, http.client.HTTPException):
                with self.lock:
                    self.failures += 1
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            time.sleep(2)

    def stream(self) -> None:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.seconds + 30)
            connection.request("GET", f"/bench/sse/{self.token}?seconds={self.seconds}")
            response = connection.getresponse()
            with self.lock:
                self.requests += 1
            for line in response:
                if line.startswith(b"data: "):
                    with self.lock:
                        self.seen.append((time.monotonic(), int(line[6:].strip())))
        except (OSError, http.client.HTTPException):
            with self.lock:
                self.failures += 1

    def run(self) -> list[threading.Thread]:
        target = self.poll if self.how == "poll" else self.stream
        threads = [threading.Thread(target=target, daemon=True) for _ in range(self.count)]
        for thread in threads:
            thread.start()
            time.sleep(0.01)
        return threads


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--watchers", type=int, nargs="+", default=[20, 60])
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="bench-live-"))
    env = {**os.environ, "COMPANION_INSTANCE_PATH": str(folder), "DATABASE_URL": f"sqlite:///{folder / 'live.sqlite'}"}
    env.pop("COMPANION_ORIGIN", None)
    subprocess.run([tool("flask"), "--app", "companion", "db", "upgrade"], env=env, check=True, capture_output=True)
    os.environ.update({"COMPANION_INSTANCE_PATH": env["COMPANION_INSTANCE_PATH"], "DATABASE_URL": env["DATABASE_URL"]})
    from companion import create_app
    from companion.extensions import db
    from companion.games import deal_entry, life
    from companion.rules.deal_score import LineEntry
    from companion.models import Game
    from companion.rules import RULESETS

    app = create_app()
    with app.app_context():
        from companion.auth.service import create_owner

        create_owner("Owner", "bench-owner-password")  # past the first run's setup
        players = [life.find_or_add_player(name) for name in ("Ann", "Bob", "Cat", "Dan")]
        game = life.start_game(RULESETS["shanghai"], players, 0)
        db.session.commit()
        game_id = game.id

    port = free_port()
    server = subprocess.Popen(
        [tool("gunicorn"), "-c", str(ROOT / "gunicorn.conf.py"), "--bind", f"127.0.0.1:{port}", "--chdir", str(ROOT / "bench"),
         "--no-control-socket", "live:create()"],
        env={**env, "PYTHONPATH": f"{ROOT}:{ROOT / 'bench'}"}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                http.client.HTTPConnection("127.0.0.1", port, timeout=2).request("GET", "/healthz")
                break
            except OSError:
                assert time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.2)
        time.sleep(2)
        print(f"gunicorn.conf.py settings on 127.0.0.1; {args.seconds:.0f} s per run; one deal scored every 3 s")
        deal = [0]

        def score_deals(seconds: float, changes: list[tuple[float, int]], game_id: int) -> None:
            end = time.monotonic() + seconds
            while time.monotonic() < end - 3:
                time.sleep(3)
                with app.app_context():
                    g = db.session.get(Game, game_id)
                    deal[0] = len(g.deals) + 1
                    if deal[0] > len(g.ruleset.deals):
                        continue
                    hands = [LineEntry(position=i, cards="" if i == 0 else "K") for i in range(4)]
                    judgement = deal_entry.judge_entry(g, deal[0], "0", hands)
                    try:
                        deal_entry.save_deal(g, deal[0], judgement)
                    except Exception as problem:  # noqa: BLE001 (a benchmark says what went wrong and goes on)
                        print("    could not score a deal:", problem)
                        continue
                    db.session.expire_all()
                    changes.append((time.monotonic(), db.session.get(Game, game_id).revision))

        for count in args.watchers:
            for how in ("poll", "sse"):
                with app.app_context():  # each run follows a fresh game
                    players = [life.find_or_add_player(name) for name in ("Ann", "Bob", "Cat", "Dan")]
                    fresh = life.start_game(RULESETS["shanghai"], players, 0)
                    token = fresh.share_token = f"bench-live-{count}-{how}"
                    db.session.commit()
                    game_id = fresh.id
                watchers = Watchers(port, token, count, args.seconds, how)
                changes: list[tuple[float, int]] = []
                before = cpu_seconds(server.pid)
                threads = watchers.run()
                scorer = threading.Thread(target=score_deals, args=(args.seconds, changes, game_id), daemon=True)
                scorer.start()
                latencies = []
                end = time.monotonic() + args.seconds
                while time.monotonic() < end:
                    start = time.perf_counter()
                    try:
                        probe = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                        probe.request("GET", "/healthz")
                        probe.getresponse().read()
                        latencies.append((time.perf_counter() - start) * 1000)
                    except OSError:
                        latencies.append(10_000.0)
                    time.sleep(0.25)
                for thread in threads:
                    thread.join(timeout=args.seconds + 30)
                scorer.join()
                used = cpu_seconds(server.pid) - before
                delays = []
                for when, revision in changes:
                    later = [t - when for t, r in watchers.seen if r >= revision and t >= when]
                    if later:
                        delays.append(min(later) * 1000)
                latencies.sort()
                print(
                    f"  {count:3d} watchers, {how:4s}: server CPU {used:5.2f} s; {watchers.requests:5d} requests;"
                    f" first watcher saw a change after {statistics.median(delays) if delays else float('nan'):5.0f} ms (median);"
                    f" /healthz meanwhile p50 {latencies[len(latencies) // 2]:6.1f} ms, p99 {latencies[int(len(latencies) * 0.99) - 1]:7.1f} ms;"
                    f" failures {watchers.failures}"
                )
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
