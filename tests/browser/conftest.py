"""Browser tests: the app served on a free local port, driven by Debian's Chromium at phone size.

pytest-playwright gives one browser per session and a fresh context and page
per test; this file points it at Debian's Chromium (``playwright install``
is never run: it downloads a browser), makes every context a Pixel 7 phone,
and serves the app from a thread (``base_url``, so ``page.goto("/")``
works). ``look(...)`` is what every test calls on each page it reaches: a
full-page screenshot in ``artifacts/screenshots/``, a check that nothing
scrolls sideways and, unless told otherwise, an axe scan that fails on
serious or critical problems.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from werkzeug.serving import WSGIRequestHandler, make_server

from sqlalchemy import create_engine

from companion import create_app
from companion.extensions import db

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"

# /usr/lib/chromium/chromium is the binary itself; /usr/bin/chromium is Debian's wrapper script
# (it works too, with a harmless shell warning). COMPANION_CHROMIUM overrides both.
CHROMIUM_PATHS = ("/usr/lib/chromium/chromium", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic"]

PHONE = "Pixel 7"  # 412 x 839 CSS pixels
SERIOUS = ("serious", "critical")


def chromium_path() -> str | None:
    candidates = [os.environ.get("COMPANION_CHROMIUM", ""), *CHROMIUM_PATHS]
    return next((path for path in candidates if path and os.access(path, os.X_OK)), None)


# ---------------------------------------------------------------------------
# The browser (pytest-playwright's fixtures, pointed at Debian's Chromium)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    path = chromium_path()
    if path is None:
        pytest.skip("Debian's Chromium is not installed (`make test` installs it with apt-get)")
    return {**browser_type_launch_args, "executable_path": path, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def signed_in_state(live_app, base_url) -> dict:
    """A browser storage state holding the owner's session cookie: pages open signed in."""
    from tests.conftest import sign_in

    client = live_app.test_client()
    sign_in(client, live_app.config["OWNER_ID"])
    cookie = client.get_cookie("session")
    assert cookie is not None
    host = base_url.split("//", 1)[1].split(":", 1)[0]
    return {
        "cookies": [
            {"name": "session", "value": cookie.value, "domain": host, "path": "/", "httpOnly": True, "sameSite": "Lax"}
        ],
        "origins": [],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict, playwright, signed_in_state: dict) -> dict:
    """Every page is a phone, signed in as the owner, unless a test says otherwise (``@pytest.mark.browser_context_args``)."""
    return {**browser_context_args, **playwright.devices[PHONE], "storage_state": signed_in_state}


# ---------------------------------------------------------------------------
# The app, served from a thread


class _QuietHandler(WSGIRequestHandler):
    def log_request(self, *args: object, **kwargs: object) -> None:  # one line per request is noise here
        pass


class Latency:
    """Slows chosen requests down on the server, to act out a phone on a slow connection."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.pattern: re.Pattern[str] | None = None

    def set(self, seconds: float, path_pattern: str) -> None:
        self.seconds, self.pattern = seconds, re.compile(path_pattern)

    def reset(self) -> None:
        self.seconds, self.pattern = 0.0, None

    def wrap(self, wsgi_app: Callable) -> Callable:
        def slowed(environ, start_response):  # type: ignore[no-untyped-def]
            if self.pattern is not None and self.pattern.search(environ.get("PATH_INFO", "")):
                time.sleep(self.seconds)
            return wsgi_app(environ, start_response)

        return slowed


@pytest.fixture(scope="session")
def live_app(tmp_path_factory: pytest.TempPathFactory):
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        # The PostgreSQL run: a database of the session's own, emptied once. Not the one each other test
        # empties for itself: in a process that runs browser and other test files in turn, those would wipe
        # the browser phones' accounts and sessions between two files.
        from tests.conftest import own_database

        url = own_database(url, "browser")
        engine = create_engine(url)
        with engine.begin() as connection:
            db.metadata.drop_all(connection)
        engine.dispose()
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'companion.sqlite'}"
    # the live-follow poll runs every quarter second here, so no check waits on (or races) a 2 s poll
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "browser-tests",
            "SQLALCHEMY_DATABASE_URI": url,
            "LIVE_POLL_MS": 250,
            "PENDING_IMPORTS_FOLDER": str(tmp_path_factory.mktemp("pending-imports")),
        }
    )
    with app.app_context():
        db.create_all()
    from tests.conftest import add_owner

    app.config["OWNER_ID"] = add_owner(app)
    app.extensions["test_latency"] = latency = Latency()
    app.wsgi_app = latency.wrap(app.wsgi_app)  # type: ignore[method-assign]
    yield app
    with app.app_context():
        db.engine.dispose()  # close the pool (a PostgreSQL server counts connections)


@pytest.fixture(scope="session")
def base_url(live_app) -> Iterator[str]:
    """The served app's address (overrides pytest-playwright's ``--base-url`` option)."""
    server = make_server("127.0.0.1", 0, live_app, threaded=True, request_handler=_QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="live-app", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)


@pytest.fixture
def latency(live_app) -> Iterator[Latency]:
    yield live_app.extensions["test_latency"]
    live_app.extensions["test_latency"].reset()


# ---------------------------------------------------------------------------
# Looking at each page: screenshot, sideways scrolling, axe


@pytest.fixture(scope="session")
def axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SCREENSHOTS.glob("*.png"):  # only this run's pictures are left to look at
        old.unlink()
    return SCREENSHOTS


def serious_violations(axe, page) -> list[str]:
    """axe-core's serious and critical violations on the page, one readable line each."""
    results = axe.run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {', '.join(str(n['target']) for n in v['nodes'][:5])}"
        for v in results.response["violations"]
        if v["impact"] in SERIOUS
    ]


class Look:
    """``look("label")``: screenshot the page, check it doesn't scroll sideways, scan it with axe."""

    def __init__(self, page, axe, directory: Path, prefix: str) -> None:
        self.page, self.axe, self.directory, self.prefix = page, axe, directory, prefix
        self.count = 0
        self.scanned: list[str] = []

    def __call__(self, label: str, *, scan: bool = True, page=None) -> Path:
        page = page or self.page
        page.wait_for_load_state()
        self.count += 1
        path = self.directory / f"{self.prefix}-{self.count:02d}-{label}.png"
        try:
            page.screenshot(path=path, full_page=True, scale="css", animations="disabled")
        except PlaywrightError as error:  # Chromium, busy on a loaded machine, sometimes answers "Unable to capture"
            if "Unable to capture screenshot" not in str(error):
                raise
            page.wait_for_timeout(500)
            page.screenshot(path=path, full_page=True, scale="css", animations="disabled")
        width = page.viewport_size["width"]
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        assert scroll_width <= width, f"{label}: the page scrolls sideways ({scroll_width}px wide at {width}px)"
        if scan:
            problems = serious_violations(self.axe, page)
            assert not problems, f"{label} ({page.url}):\n" + "\n".join(problems)
            self.scanned.append(label)
        return path


@pytest.fixture
def look(page, axe, screenshot_dir: Path, request: pytest.FixtureRequest) -> Look:
    prefix = re.sub(r"[^A-Za-z0-9]+", "-", request.node.originalname.removeprefix("test_")).strip("-")
    return Look(page, axe, screenshot_dir, prefix)


# ---------------------------------------------------------------------------
# Games made directly (for pages whose set-up is not what a test is about)


@pytest.fixture
def seed_game(live_app) -> Callable[..., int]:
    """``seed_game("contract", names, deals=[(went_out, {position: "K Q"}), ...])``: the new game's id.

    ``went_out`` is a seat position or ``"stock"``. Goes through the game service, as the pages do.
    """
    from companion.games import deal_entry, life
    from companion.rules.deal_score import LineEntry
    from companion.rules import RULESETS

    def seed(ruleset_id: str, names, deals=(), *, first_dealer: int = 0, buys=()) -> int:
        with live_app.app_context():
            players = [life.find_or_add_player(name) for name in names]
            game = life.start_game(RULESETS[ruleset_id], players, first_dealer)
            for number, (went_out, hands) in enumerate(deals, start=1):
                entries = [LineEntry(position=i, cards=hands.get(i, "")) for i in range(len(names))]
                judgement = deal_entry.judge_entry(game, number, str(went_out), entries)
                assert judgement.ok, judgement.problems
                deal_entry.save_deal(game, number, judgement)
            for position in buys:
                life.change_buys(game, position, 1)
            return game.id

    return seed


@pytest.fixture
def owners_language_forgotten(live_app):
    """The switch, signed in, is the owner's choice on every phone: the browser tests after this one share that
    owner, so the choice is forgotten again after it."""
    from companion.extensions import db
    from companion.models import User

    yield
    with live_app.app_context():
        db.session.get(User, live_app.config["OWNER_ID"]).language = None
        db.session.commit()
