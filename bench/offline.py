"""Scoring offline, timed in Chromium (Debian's, through Playwright): ``python bench/offline.py``.

1. Opening the game page with no connection, from the phone's own store:
   - with the service worker (localhost or HTTPS): a reload while offline,
     from the navigation's start to the page's ``load`` event;
   - without one (a plain-http home address; here the same server with
     service workers blocked): a tap on "Back to the game" on a kept score
     screen, until the kept game page is in place and its scripts ran.
   Target: 300 ms.
2. From the connection's return (``context.set_offline(False)``) to the
   queued deal being in the database.

The app is served from a thread on 127.0.0.1 (loopback only) with a
throw-away SQLite file. Prints medians and worst cases.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402
from sqlalchemy import func, select  # noqa: E402
from werkzeug.serving import WSGIRequestHandler, make_server  # noqa: E402

from companion import create_app  # noqa: E402
from companion.extensions import db  # noqa: E402
from companion.games import life  # noqa: E402
from companion.models import DealResult  # noqa: E402
from companion.rules import RULESETS  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.conftest import add_owner, sign_in  # noqa: E402

ROUNDS = 15


class Quiet(WSGIRequestHandler):
    def log_request(self, *args: object, **kwargs: object) -> None:
        pass


def new_game(app) -> int:  # noqa: ANN001
    with app.app_context():
        players = [life.find_or_add_player(name) for name in ("Ann", "Bob", "Cat", "Dan")]
        return life.start_game(RULESETS["contract"], players, 0).id


def deals_in(app, game_id: int) -> int:  # noqa: ANN001
    with app.app_context():
        db.session.remove()
        return db.session.scalar(select(func.count()).select_from(DealResult).where(DealResult.game_id == game_id))


def summary(label: str, values: list[float]) -> None:
    print(
        f"  {label}: median {statistics.median(values):.0f} ms, worst {max(values):.0f} ms, best {min(values):.0f} ms"
        f" ({len(values)} runs)"
    )


def kept(page, game_id: int) -> None:  # noqa: ANN001
    """Until the phone holds the game's pack (asked again and again: wait_for_function takes a promise as true)."""
    script = "id => window.RummyOffline && window.RummyOffline.get('meta', 'pack-' + id).then(found => !!found)"
    while not page.evaluate(script, str(game_id)):
        time.sleep(0.02)

def offline_on_new_game(app, context, page) -> int:  # noqa: ANN001
    """A new game opened while connected and its score screens kept, then the connection cut."""
    context.set_offline(False)
    game = new_game(app)
    page.goto(f"/games/{game}")
    kept(page, game)
    go_offline(context, page)
    return game


def go_offline(context, page) -> None:  # noqa: ANN001
    """Cut the connection, and wait until the page knows (``navigator.onLine`` turns false on its own time)."""
    context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")


def queue_one_deal(page, game_id: int) -> None:  # noqa: ANN001
    page.get_by_role("link", name="Enter scores for deal 1").click()
    page.locator("input[name=went_out][value='0']").check(force=True)
    for seat, cards in {1: "K Q", 2: "7", 3: "JK"}.items():
        page.locator(f"#hands-{seat}-cards").fill(cards)
    page.locator("form button[type=submit]").last.click()
    page.locator("#offline-status", has_text="waiting for the connection").wait_for()


def main() -> None:
    binary = chromium_path()
    if binary is None:
        sys.exit("Debian's Chromium is not installed (make test installs it).")
    folder = Path(tempfile.mkdtemp(prefix="bench-offline-"))
    app = create_app({"SECRET_KEY": "bench-offline", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}"})
    with app.app_context():
        db.create_all()
    owner = add_owner(app)
    client = app.test_client()
    sign_in(client, owner)
    cookie = client.get_cookie("session").value
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    state = {"cookies": [{"name": "session", "value": cookie, "domain": "127.0.0.1", "path": "/"}], "origins": []}

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=binary, args=CHROMIUM_ARGS)
        phone = {**playwright.devices["Pixel 7"], "base_url": base, "storage_state": state}

        print("Opening the game page with no connection, from the phone's store (target 300 ms):")
        context = browser.new_context(**phone)
        page = context.new_page()
        game = new_game(app)
        page.goto(f"/games/{game}")
        page.wait_for_function("() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)")
        kept(page, game)
        go_offline(context, page)
        reloads = []
        for _ in range(ROUNDS):
            page.reload()
            page.locator("#live").wait_for()
            reloads.append(page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd"))
        summary("service worker (localhost/HTTPS), a reload offline", reloads)
        context.close()

        context = browser.new_context(**phone, service_workers="block")  # as on a plain-http home address
        page = context.new_page()
        swaps = []
        for _ in range(ROUNDS):
            game = offline_on_new_game(app, context, page)
            page.get_by_role("link", name="Enter scores for deal 1").click()
            page.locator("#offline[data-page=entry]").wait_for(state="attached")
            swaps.append(
                page.evaluate(
                    """() => new Promise(resolve => {
                        const start = performance.now();
                        document.querySelector("a[href$='/games/" + document.getElementById('offline').dataset.game + "']").click();
                        (function check() {
                          const root = document.getElementById('offline');
                          if (root && root.dataset.page === 'game' && window.htmx) resolve(performance.now() - start);
                          else requestAnimationFrame(check);
                        })();
                    })"""
                )
            )
        summary("no service worker (plain http), 'Back to the game' offline", swaps)

        print("From the connection's return to the queued deal on the server:")
        returns = []
        for _ in range(ROUNDS):
            game = offline_on_new_game(app, context, page)
            queue_one_deal(page, game)
            assert deals_in(app, game) == 0
            with page.expect_navigation():  # once sent, the page reloads to show the server's game
                start = time.perf_counter()
                context.set_offline(False)
                while deals_in(app, game) == 0:
                    time.sleep(0.005)
                returns.append((time.perf_counter() - start) * 1000)
            assert deals_in(app, game) == 1
        summary("online event to the deal in the database", returns)
        context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
