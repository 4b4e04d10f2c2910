"""At the table's pace: the score entry screen in Chromium on a slow phone connection.

The network is throttled through the DevTools protocol to a slow mobile profile
(400 ms round trip, 400 kbit/s each way). Prints:

- tap to total: from a keypad tap (the event's own time stamp) to the first frame
  painted after the hand's total and the running total changed, over many taps
  (median, p99, max; target p99 ≤ 50 ms);
- taps and scrolls to score a 4-player deal of 6 cards each at 390×844
  (the issue's budget: cards + players + 2), and an 8-player Progressive
  deal of 11 cards a hand, every hand still full, at 360×740;
- the entry screen's first load: bytes over the wire (as the server compressed
  them for Chromium), each resource's gzip size, and the time to the screen
  being ready (target ≤ 30 KB gzip);
- Save to scoreboard: from tapping Save to the game page with the new totals;
- a lay-off ruling on the card keys (issue 19, item 8): the taps, the wait from
  the last quick key tap to its card in the box, and from "Rule on it" to the
  ruling (before, the meld and the cards were typed on the phone's keyboard).

Run: ``.venv/bin/python bench/table.py`` (Debian's Chromium; never
``playwright install``). Screenshots go to artifacts/bench/.
"""

from __future__ import annotations

import gzip
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import WSGIRequestHandler, make_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from companion import create_app  # noqa: E402
from companion.extensions import db  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.conftest import add_owner, sign_in  # noqa: E402

LATENCY_MS = 400
KBITS = 400
SCREEN = {"width": 390, "height": 844}
OUT = ROOT / "artifacts" / "bench"
DEAL = {"Bob": ["K", "Q", "7", "JK", "2", "A"], "Cat": ["3", "3", "10", "J", "9", "A"], "Dan": ["JK", "JK", "5", "4", "8", "K"]}
SMALL_SCREEN = {"width": 360, "height": 740}
EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
ELEVEN = ["K", "Q", "7", "8", "2", "A", "3", "10", "J", "9", "5"]  # no joker: seven hands hold more than the packs have
#: Progressive's first deal at eight: Ann went out, the seven others still hold all eleven cards (the most taps).
EIGHT_DEAL = {name: ELEVEN for name in EIGHT[1:]}

# Installed in the page: each keypad tap's event time, and the frame painted after the totals changed.
PROBE = """
window.__taps = [];
const keypad = document.getElementById("keypad");
keypad.addEventListener("click", (event) => {
  const started = event.timeStamp;
  // entry.js changes the totals in this same click; the frame whose callbacks run next paints them
  requestAnimationFrame((frame) => { window.__taps.push(frame - started); });
}, true);
"""


class Quiet(WSGIRequestHandler):
    def log_request(self, *args: object, **kwargs: object) -> None:
        pass


def serve():
    folder = Path(tempfile.mkdtemp(prefix="bench-table-"))
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'db.sqlite'}"})
    with app.app_context():
        db.create_all()
    owner = add_owner(app)
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return app, owner, server, f"http://127.0.0.1:{server.server_port}"


def new_game(app, ruleset: str = "contract", names: tuple[str, ...] = ("Ann", "Bob", "Cat", "Dan")) -> int:
    from companion.games import life
    from companion.rules import RULESETS

    with app.app_context():
        players = [life.find_or_add_player(n) for n in names]
        return life.start_game(RULESETS[ruleset], players, 0).id


def enter_deal(page, deal: dict[str, list[str]]) -> tuple[int, int]:
    """Ann went out; each other player's cards tapped on the keypad. The taps and the scrolls it took."""
    page.evaluate("window.__scrolls = 0; addEventListener('scroll', () => window.__scrolls++)")
    taps = 0
    page.get_by_role("radio", name="Ann", exact=True).tap()
    taps += 1
    for index, (name, cards) in enumerate(deal.items()):
        if index:
            page.locator(".hand-row", has=page.get_by_role("textbox", name=f"Cards left for {name}", exact=True)).locator(".hand-name").tap()
            taps += 1
        for card in cards:
            page.locator("#keypad").get_by_role("button", name=card, exact=True).tap()
            taps += 1
    return taps, page.evaluate("window.__scrolls") + (1 if page.evaluate("scrollY") else 0)


def throttle(context, page) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    rate = KBITS * 1000 / 8
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": LATENCY_MS, "downloadThroughput": rate, "uploadThroughput": rate},
    )
    return cdp


def main() -> None:
    path = chromium_path()
    if path is None:
        sys.exit("Debian's Chromium is not installed (make test installs it)")
    OUT.mkdir(parents=True, exist_ok=True)
    app, owner, server, base = serve()
    client = app.test_client()
    sign_in(client, owner)
    cookie = client.get_cookie("session")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        context = browser.new_context(
            **{**playwright.devices["Pixel 7"], "viewport": SCREEN, "screen": SCREEN},
            base_url=base,
            bypass_csp=True,  # only so the benchmark may wait on page conditions (Playwright evaluates them)
        )
        context.add_cookies([{"name": "session", "value": cookie.value, "url": base}])
        page = context.new_page()
        cdp = throttle(context, page)

        # First load, cold cache: what crossed the wire, and each resource gzipped.
        sizes: dict[str, int] = {}
        urls: dict[str, str] = {}
        cdp.on("Network.responseReceived", lambda e: urls.__setitem__(e["requestId"], e["response"]["url"]))
        cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], int(e["encodedDataLength"])))
        game = new_game(app)
        started = time.perf_counter()
        page.goto(f"/games/{game}/deals/1", wait_until="load")
        page.wait_for_function("document.getElementById('keypad') && !document.getElementById('keypad').hidden")
        load_s = time.perf_counter() - started
        wire = sum(sizes.values())
        gz_total = 0
        print(f"Network: {LATENCY_MS} ms latency, {KBITS} kbit/s each way (DevTools protocol); screen {SCREEN['width']}x{SCREEN['height']}")
        print("First load of the entry screen (cold cache):")
        for request_id, url in urls.items():
            raw = client.get(url.removeprefix(base)).get_data()
            gzipped = len(gzip.compress(raw, 9))
            gz_total += gzipped
            print(f"  {url.removeprefix(base).split('?')[0]:<40} {len(raw):>7} B raw  {gzipped:>6} B gzip  {sizes.get(request_id, 0):>6} B on the wire")
        print(f"  total: {gz_total / 1024:.1f} KB gzip ({wire / 1024:.1f} KB on the wire); ready in {load_s * 1000:.0f} ms")
        page.screenshot(path=OUT / "entry-loaded.png")

        # A 4-player deal: taps and scrolls.
        page.evaluate(PROBE)
        taps, scrolls = enter_deal(page, DEAL)
        page.screenshot(path=OUT / "entry-filled.png")

        # Save to the scoreboard.
        started = time.perf_counter()
        page.locator("#save").tap()
        taps += 1
        page.wait_for_url(f"**/games/{game}")
        page.locator("#scoreboard tfoot td").first.wait_for()
        save_s = time.perf_counter() - started
        page.screenshot(path=OUT / "scoreboard.png")
        cards = sum(len(c) for c in DEAL.values())
        print(f"A 4-player deal, 6 cards each: {taps} taps (budget {cards} cards + 4 players + 2 = {cards + 6}), {scrolls} scrolls")
        print(f"Save to scoreboard: {save_s * 1000:.0f} ms")

        # Many taps: tap to total on screen.
        game = new_game(app)
        page.goto(f"/games/{game}/deals/1")
        page.wait_for_function("!document.getElementById('keypad').hidden")
        page.evaluate(PROBE)
        keys = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]
        for _round in range(15):
            for key in keys:
                page.locator("#keypad").get_by_role("button", name=key, exact=True).tap()
            page.locator("#keypad").get_by_role("button", name="Clear", exact=True).tap()
        page.wait_for_function(f"window.__taps.length >= {15 * 15}")
        times = sorted(page.evaluate("window.__taps"))
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(
            f"Tap to total on screen ({len(times)} taps): median {statistics.median(times):.1f} ms, "
            f"p99 {p99:.1f} ms, max {times[-1]:.1f} ms (target p99 <= 50 ms); requests made by taps: none until Save"
        )
        layoff_by_keys(page)  # on the throttled connection, before the small phone's page below

        # An 8-player Progressive deal on a small phone: the keypad stays in reach of every hand.
        small = browser.new_context(
            **{**playwright.devices["Pixel 7"], "viewport": SMALL_SCREEN, "screen": SMALL_SCREEN}, base_url=base, bypass_csp=True
        )
        small.add_cookies([{"name": "session", "value": cookie.value, "url": base}])
        page = small.new_page()
        game = new_game(app, "progressive", EIGHT)
        page.goto(f"/games/{game}/deals/1")
        page.wait_for_function("!document.getElementById('keypad').hidden")
        taps, scrolls = enter_deal(page, EIGHT_DEAL)
        page.screenshot(path=OUT / "entry-eight-filled.png", full_page=True)
        page.locator("#save").tap()
        taps += 1
        page.wait_for_url(f"**/games/{game}")
        cards = sum(len(c) for c in EIGHT_DEAL.values())
        print(
            f"An 8-player Progressive deal, 11 cards a hand at {SMALL_SCREEN['width']}x{SMALL_SCREEN['height']}: "
            f"{taps} taps (budget {cards} cards + 8 players + 2 = {cards + 10}), {scrolls} scrolls"
        )
        browser.close()
    server.shutdown()


def layoff_by_keys(page) -> None:
    """May 9♠ go on 5♠ 6♠ 7♠ 8♠? Asked on the lay-off page's card keys, each tap sent at a quick thumb's pace."""
    page.goto("/layoff")
    keys = page.get_by_role("group", name="Cards to add")
    taps = 0
    started = time.perf_counter()
    for name in ("5 of spades", "6 of spades", "7 of spades", "8 of spades"):
        keys.get_by_role("button", name=name, exact=True).tap()
        taps += 1
    page.get_by_role("group", name="Tap the cards into").get_by_role("button", name="Cards to lay off").tap()
    keys.get_by_role("button", name="9 of spades", exact=True).tap()
    taps += 2
    page.wait_for_function("document.getElementById('cards').value === '9S' && document.getElementById('meld').value === '5S 6S 7S 8S'")
    boxes_s = time.perf_counter() - started
    started = time.perf_counter()
    page.get_by_role("button", name="Rule on it").tap()
    taps += 1
    page.locator("#ruling .verdict-head").wait_for()
    ruling_s = time.perf_counter() - started
    page.screenshot(path=OUT / "layoff-ruled.png", full_page=True)
    typed = len("5S 6S 7S 8S") + len("9S") + 2  # each character on the keyboard, and a tap into each box
    print(
        f"A lay-off ruling on the card keys (5S 6S 7S 8S, lay off 9S): {taps} taps (typed: {typed} keyboard taps, "
        f"before); last key's card in its box {boxes_s * 1000:.0f} ms after the first tap; "
        f"Rule on it to the ruling {ruling_s * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
