"""A whole Phase 10 game through the pages on a 360 px phone, counting taps and scrolls per hand (issue 18).

Four players (Ann, Ben, Cy, Dee) play the Phase 10 deck until someone makes phase 10 (RULES.md §8.6.5): Ann and
Ben make their phase every hand and go out in turn, Cy and Dee every other hand, so after hand 10 Ann and Ben
have both made phase 10 on the same total, and the tied pair plays one tie-break hand (§8.6.7), which Ann wins by
going out. Each hand is entered as a phone would: from the game page, tap "Enter scores for hand n", tap who went
out (which ticks their "made"), tick "made" for everyone else who made their phase, tap each player's name (where the keypad is not already
theirs) and the cards left on the keypad, then Save. Printed per hand: taps (and the cards among them, the least
a hand can take), the page's scroll events, and whether the keypad ever left the screen.

Run: ``.venv/bin/python bench/phase10_game.py`` (Debian's Chromium; never ``playwright install``). Screenshots go
to artifacts/bench/phase10-*.png.
"""

from __future__ import annotations

import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import WSGIRequestHandler, make_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion import create_app  # noqa: E402
from companion.extensions import db  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.conftest import add_owner, sign_in  # noqa: E402

SCREEN = {"width": 360, "height": 740}
OUT = ROOT / "artifacts" / "bench"
NAMES = ("Ann", "Ben", "Cy", "Dee")
#: RULES.md §8.1's points: 1-9 5, 10-12 10, SKIP 15, W 25 (to check the totals the pages show).
POINTS = {**{str(n): 5 if n <= 9 else 10 for n in range(1, 13)}, "W": 25, "SKIP": 15}


@dataclass(frozen=True)
class Hand:
    """One hand as the table plays it: who went out, who else made their phase, each other player's cards left."""

    out: str
    made: tuple[str, ...]
    left: dict[str, list[str]]


def the_game() -> list[Hand]:
    """Ten hands to phase 10 for Ann and Ben (tied on 50 each), then the tie-break hand Ann wins."""
    hands = []
    for number in range(1, 11):
        out, other = ("Ann", "Ben") if number % 2 else ("Ben", "Ann")
        odd = number % 2 == 1
        made = (other, "Cy") if odd else (other, "Dee")
        left = {other: ["5", "7"], "Cy": ["W", "2", "12"] if not odd else ["3"], "Dee": ["SKIP", "4"] if odd else ["1"]}
        hands.append(Hand(out=out, made=made, left=left))
    hands.append(Hand(out="Ann", made=(), left={"Ben": ["11", "W"]}))  # the tie-break hand: Ann out, Ben misses
    return hands


class Quiet(WSGIRequestHandler):
    def log_request(self, *args: object, **kwargs: object) -> None:
        pass


def serve():
    folder = Path(tempfile.mkdtemp(prefix="bench-phase10-"))
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'db.sqlite'}"})
    with app.app_context():
        db.create_all()
    owner = add_owner(app)
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return app, owner, server, f"http://127.0.0.1:{server.server_port}"


def new_game(app) -> int:
    from companion import registry
    from companion.games import life

    with app.app_context():
        players = [life.find_or_add_player(name) for name in NAMES]
        return life.start_game(registry.builtin("phase10"), players, 0).id


def enter_hand(page, game: int, number: int, hand: Hand) -> tuple[int, int, int, bool]:
    """The hand entered from the game page: (taps, cards tapped, scrolls, keypad always on screen)."""
    page.get_by_role("link", name=f"Enter scores for hand {number}").tap()
    page.wait_for_function("document.getElementById('keypad') && !document.getElementById('keypad').hidden")
    page.evaluate("window.__scrolls = 0; addEventListener('scroll', () => window.__scrolls++)")
    taps, cards, pad_seen = 1, 0, True
    page.get_by_role("radio", name=hand.out, exact=True).tap()
    taps += 1
    # whoever went out made their phase too (§8.6.4): the tap on their name ticked it (issue 27); tick the others
    for name in hand.made:
        page.locator(f"#hand-{NAMES.index(name)}").get_by_role("checkbox").tap()
        taps += 1
    pad = page.locator("#keypad")
    for name, left in hand.left.items():
        if pad.get_attribute("aria-label") != f"Cards left for {name}":
            page.locator(f"#hand-{NAMES.index(name)} .hand-name").tap()
            taps += 1
        for card in left:
            pad.get_by_role("button", name=card, exact=True).tap()
            taps += 1
            cards += 1
        pad_seen = pad_seen and pad.is_visible() and page.evaluate(
            "(() => { const r = document.getElementById('keypad').getBoundingClientRect();"
            " return r.top >= 0 && r.bottom <= innerHeight; })()"
        )
        shown = page.locator(f"#hand-{NAMES.index(name)} .hand-total").inner_text()
        assert shown == str(sum(POINTS[c] for c in left)), (name, shown)
    if number in (1, 11):
        page.screenshot(path=OUT / f"phase10-hand-{number}-entry.png")
    scrolls = page.evaluate("window.__scrolls") + (1 if page.evaluate("scrollY") else 0)
    page.locator("#save").tap()
    taps += 1
    page.wait_for_url(f"**/games/{game}")
    return taps, cards, scrolls, pad_seen


def main() -> None:
    path = chromium_path()
    if path is None:
        sys.exit("Debian's Chromium is not installed (make test installs it)")
    OUT.mkdir(parents=True, exist_ok=True)
    app, owner, server, base = serve()
    client = app.test_client()
    sign_in(client, owner)
    cookie = client.get_cookie("session")
    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        context = browser.new_context(
            **{**playwright.devices["Pixel 7"], "viewport": SCREEN, "screen": SCREEN}, base_url=base, bypass_csp=True
        )
        context.add_cookies([{"name": "session", "value": cookie.value, "url": base}])
        page = context.new_page()
        game = new_game(app)
        page.goto(f"/games/{game}")
        for number, hand in enumerate(the_game(), start=1):
            rows.append((number, hand, *enter_hand(page, game, number, hand)))
        winner = " ".join(page.locator(".winner-named").inner_text().split())
        page.screenshot(path=OUT / "phase10-final.png", full_page=True)
        browser.close()
    server.shutdown()
    print(f"A Phase 10 game, {len(NAMES)} players, at {SCREEN['width']}x{SCREEN['height']}: each hand from the game page to Save")
    print(f"{'hand':<14} {'players':>7} {'made':>4} {'cards':>5} {'taps':>4} {'scrolls':>7}  keypad on screen")
    for number, hand, taps, cards, scrolls, pad_seen in rows:
        players = 1 + len(hand.left)
        made = 1 + len(hand.made)  # the player out, and the others who made theirs
        label = f"{number}" + (" (tie-break)" if number == len(rows) else "")
        print(f"{label:<14} {players:>7} {made:>4} {cards:>5} {taps:>4} {scrolls:>7}  {'yes' if pad_seen else 'no'}")
    total_taps = sum(row[2] for row in rows)
    total_cards = sum(row[3] for row in rows)
    print(
        f"Whole game: {len(rows)} hands, {total_taps} taps ({total_taps / len(rows):.1f} a hand; {total_cards} of them "
        f"cards), {sum(row[4] for row in rows)} scrolls. {winner}"
    )


if __name__ == "__main__":
    main()
