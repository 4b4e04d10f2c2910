"""Benchmark of the game pages: server time, SQL queries, bytes on the wire, and throughput.

Run ``python bench/web.py``. It builds an 8-player Progressive game at its
last deal (and a 3-player Contract game at its first, to show the query count
does not grow), then prints:

- server time per request (median, p99) for the game page (kept per game
  revision, and rendered cold after a change) and for the score-entry page,
  measured in-process;
- SQL queries per request;
- bytes transferred with gzip for a first load of the game page (the page,
  its CSS and htmx);
- the game page's throughput as a ratio of a trivial route's (``/healthz``),
  on one real server (gunicorn, loopback only) in the same run.

Targets (issue 3): first load at most 60 KB, queries
not growing with players or deals, throughput ratio at least 0.5.
"""

from __future__ import annotations

import gzip
import http.client
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from companion import create_app  # noqa: E402
from support import count_queries, free_port, tool  # noqa: E402
from companion.extensions import db  # noqa: E402
from companion.models import LoginSession, User  # noqa: E402
from werkzeug.security import generate_password_hash  # noqa: E402


def build_game(client, names: list[str], ruleset: str, deals_to_play: int) -> str:
    data = {"ruleset": ruleset, "first_dealer": "0"}
    for index, name in enumerate(names):
        data[f"seats-{index}-new_name"] = name
    location = client.post("/games/new", data=data).headers["Location"]
    for number in range(1, deals_to_play + 1):
        out = number % len(names)
        form = {"went_out": str(out), "confirm": "y"}
        for index in range(len(names)):
            form[f"hands-{index}-cards"] = "" if index == out else "K Q 7 JK"
        response = client.post(f"{location}/deals/{number}", data=form)
        assert response.status_code == 303, response.status_code
    return location


def timed(call, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * (len(ordered) - 1) + 0.5))]
    return f"median {statistics.median(values) * 1e3:6.2f} ms, p99 {p99 * 1e3:6.2f} ms"


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 6))


def hammer(port: int, path: str, seconds: float, threads: int = 4) -> float:
    """Requests per second for ``path`` from a few keep-alive clients on loopback, for a bounded time."""
    stop = time.perf_counter() + seconds
    counts = [0] * threads

    def client(index: int) -> None:
        # Like a phone, each client keeps the session cookie the first answer sets.
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        headers: dict[str, str] = {}
        while time.perf_counter() < stop:
            conn.request("GET", path, headers=headers)
            response = conn.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"{path} answered {response.status}")
            cookie = response.getheader("Set-Cookie")
            if cookie:
                headers["Cookie"] = cookie.split(";", 1)[0]
            counts[index] += 1
        conn.close()

    workers = [threading.Thread(target=client, args=(i,)) for i in range(threads)]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return sum(counts) / (time.perf_counter() - started)


def main() -> None:
    workdir = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    database = workdir / "bench.sqlite"
    config = {"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}", "WTF_CSRF_ENABLED": False}
    app = create_app(config)
    with app.app_context():
        db.create_all()
    client = app.test_client()
    with app.app_context():  # an owner, signed in: the game pages are for members
        owner = User(username="Owner", username_key="owner", password_hash=generate_password_hash("bench-password"), is_owner=True)
        db.session.add(owner)
        db.session.commit()
        owner_id = owner.id
        db.session.add(LoginSession(user_id=owner_id, token="bench-session"))  # signed in, as at sign-in
        db.session.commit()
    with client.session_transaction() as session:
        session["_user_id"] = f"{owner_id}:bench-session"
    big = build_game(client, [f"Player {i + 1}" for i in range(8)], "progressive", 14)
    small = build_game(client, ["Ann", "Bob", "Cat"], "contract", 1)

    print("web benchmark: 8-player Progressive game at deal 15 of 15 (and a 3-player Contract game at deal 2)")
    print()
    print("server time per request (in-process)")
    client.get(big)
    print(f"  game page (kept per revision)      {ms(timed(lambda: client.get(big), 300))}")

    def cold() -> None:
        app.extensions["game_pages"].clear()
        client.get(big)

    print(f"  game page (rendered after a change) {ms(timed(cold, 100))}")
    print(f"  score-entry page                   {ms(timed(lambda: client.get(f'{big}/deals/15'), 100))}")
    print(f"  trivial route /healthz             {ms(timed(lambda: client.get('/healthz'), 300))}")
    print()
    print("the pages in Spanish against English (issue 20: translation costs nothing noticeable)")
    for language in ("en", "es"):
        asked = {"Accept-Language": language}

        def cold_in(asked=asked) -> None:
            app.extensions["game_pages"].clear()
            client.get(big, headers=asked)

        entry = client.get(f"{small}/deals/2", headers={**asked, "Accept-Encoding": "gzip"})
        print(f"  {language}: game page rendered after a change {ms(timed(cold_in, 100))}; "
              f"entry screen page {len(entry.data):,} bytes gzip")  # fmt: skip
    print()
    client.get(small)  # its first view makes its watch link: a one-time write, not counted below
    print("SQL queries per request (must not grow with players or deals)")
    for label, path in (("game page", None), ("score-entry page", "/deals/{n}")):
        figures = []
        for location, number in ((small, 2), (big, 15)):
            if path is None:

                def call(location=location) -> None:
                    app.extensions["game_pages"].clear()
                    client.get(location)

            else:
                call = lambda location=location, number=number: client.get(f"{location}/deals/{number}")  # noqa: E731
            figures.append(count_queries(app, call))
        print(f"  {label:18} 3 players, deal 2: {figures[0]:2}   8 players, deal 15: {figures[1]:2}")
    cached_queries = count_queries(app, lambda: client.get(big))
    print(f"  game page kept per revision: {cached_queries} query")
    print()

    print("bytes transferred with gzip")
    page = client.get(big, headers={"Accept-Encoding": "gzip"})
    page_html = gzip.decompress(page.data) if page.headers.get("Content-Encoding") == "gzip" else page.data
    total = len(page.data)
    parts = [f"page {len(page.data):,}"]
    for url in re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js)[^"]*)"', page_html.decode()):
        with client.get(url, headers={"Accept-Encoding": "gzip"}) as response:
            body = response.get_data()
            sent = len(body) if response.headers.get("Content-Encoding") == "gzip" else gz(body)
        total += sent
        parts.append(f"{url.split('/')[-1].split('?')[0]} {sent:,}")
    print(f"  first load of the game page: {total:,} bytes ({', '.join(parts)}); target <= 60 KB")
    print()

    print("throughput on one server (gunicorn, 2 workers, 4 keep-alive clients on loopback, 3 s each)")
    port = free_port()
    env = dict(os.environ, COMPANION_INSTANCE_PATH=str(workdir / "instance"), DATABASE_URL=f"sqlite:///{database}")
    gunicorn = tool("gunicorn")
    server = subprocess.Popen(
        [gunicorn, "--workers", "2", "--threads", "2", "--bind", f"127.0.0.1:{port}", "--log-level", "warning", "companion:create_app()"],
        env=env,
        cwd=ROOT,
    )
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/healthz")
                break
            except OSError:
                time.sleep(0.1)
        # the watch link: the same kept game page, readable without signing in
        page = client.get(big).get_data(as_text=True)
        watch = re.search(r'value="https?://[^/"]+(/watch/g/[^"]+)"', page).group(1)
        hammer(port, watch, 0.5)  # warm both workers' page caches
        trivial = hammer(port, "/healthz", 3)
        game_page = hammer(port, watch, 3)
        print(f"  /healthz {trivial:,.0f} req/s, game page (its watch link) {game_page:,.0f} req/s: ratio {game_page / trivial:.2f} (target >= 0.5)")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
