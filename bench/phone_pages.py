"""Full-page screenshots of every page at 360 x 740, to LOOK at: ``python bench/phone_pages.py [out_dir]``.

Seeds one throw-away SQLite database (owner, a league with players and finished
games, a game in progress, a finished game, one ended early, an abandoned one,
one with a late offline entry waiting for the table, a custom ruleset, an
invitation), serves the app from a thread and walks Debian's Chromium through
the pages. Prints each page's file and its document width (a page wider than
the viewport scrolls sideways and is flagged). Not a test: it asserts nothing,
it makes pictures for a person to look at.
"""

from __future__ import annotations

import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import WSGIRequestHandler, make_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion import create_app  # noqa: E402
from companion.extensions import db  # noqa: E402

PHONE = {"width": 360, "height": 740}
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
NAMES = ["Rosalind", "Maximiliana Oppenheimer-Fitzgerald", "Tobias", "Wen"]
SETUP_TOKEN = "one-time-setup-secret"


class Quiet(WSGIRequestHandler):
    def log_request(self, *args: object, **kwargs: object) -> None:
        pass


def serve(app) -> str:  # noqa: ANN001
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}"


def play(game, deals: int) -> None:  # noqa: ANN001
    from companion.games import deal_entry
    from companion.rules.deal_score import LineEntry

    seats = len(game.seats)
    for number in range(1, deals + 1):
        out = (number - 1) % seats
        entries = [LineEntry(position=s, points="" if s == out else str(5 * (s + number)))
                   for s in range(seats)]
        judgement = deal_entry.judge_entry(game, number, str(out), entries)
        assert judgement.ok, judgement.problems
        deal_entry.save_deal(game, number, judgement)


def seed(app) -> dict:  # noqa: ANN001
    from companion.auth import service as accounts
    from companion.games import deal_entry, life
    from companion.rules.deal_score import LineEntry
    from companion.house_rules import service as house_rules
    from companion.leagues.service import create_league
    from companion.models import User
    from companion.rules import RULESETS
    from companion.rules.definition import ruleset_to_definition
    from tests.conftest import add_owner

    ids: dict = {"owner": add_owner(app)}
    with app.app_context():
        owner = db.session.get(User, ids["owner"])
        league = create_league("Oppenheimer Family Rummy Night")
        ids["league"], ids["league_token"] = league.id, league.share_token
        players = [life.find_or_add_player(name) for name in NAMES]
        for _ in range(3):
            finished = life.start_game(RULESETS["contract"], players, 0, league=league)
            play(finished, 7)
        ids["finished"] = finished.id
        ids["players"] = [p.id for p in players]  # stored (with ids) by now
        live = life.start_game(RULESETS["contract"], players, 0, league=league)
        play(live, 3)
        life.change_buys(live, 1, 1)
        ids["live"], ids["live_token"] = live.id, live.share_token
        early = life.start_game(RULESETS["liverpool"], players[:3], 0)
        play(early, 2)
        life.end_early(early)
        ids["early"] = early.id
        gone = life.start_game(RULESETS["shanghai"], players[1:], 0)
        play(gone, 1)
        life.abandon(gone)
        # a late offline entry for deal 2 that disagrees with the table's corrected one
        torn = life.start_game(RULESETS["contract"], players[:3], 0)
        play(torn, 2)
        recorded = torn.deal_result(2)
        version = recorded.version
        fix = [LineEntry(position=s, points="" if s == 1 else "15") for s in range(3)]
        deal_entry.save_deal(torn, 2, deal_entry.judge_entry(torn, 2, "1", fix), version=version)
        late = [LineEntry(position=s, points="" if s == 1 else "40") for s in range(3)]
        deal_entry.receive_entry(torn, 2, deal_entry.judge_entry(torn, 2, "1", late), version=version, by=None)
        ids["torn"] = torn.id
        definition = ruleset_to_definition(RULESETS["contract"]) | {"name": "Grandma's Thursday Contract Rummy"}
        ids["custom"] = house_rules.save(definition, user=owner, league=league).id
        ids["invite"] = accounts.create_invite(owner, players[2].id).token
    return ids


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "artifacts" / "phone")
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    tmp = Path(tempfile.mkdtemp())
    app = create_app({"SECRET_KEY": "phone-pages", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'a.sqlite'}",
                      "SETUP_TOKEN": SETUP_TOKEN})
    fresh = create_app({"SECRET_KEY": "phone-pages", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'b.sqlite'}",
                        "SETUP_TOKEN": SETUP_TOKEN})
    for each in (app, fresh):
        with each.app_context():
            db.create_all()
    ids = seed(app)
    base, fresh_base = serve(app), serve(fresh)
    wide: list[str] = []
    count = 0

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)

        def context():  # noqa: ANN202
            return browser.new_context(viewport=PHONE, screen=PHONE, device_scale_factor=1,
                                       is_mobile=True, has_touch=True)

        def shot(page, label: str, *, screen: bool = False) -> None:  # noqa: ANN001
            """``screen``: also the first screenful as the phone shows it (sticky bars in place)."""
            nonlocal count
            page.wait_for_load_state("networkidle")
            count += 1
            path = out / f"{count:02d}-{label}.png"
            page.screenshot(path=path, full_page=True, animations="disabled")
            if screen:
                page.screenshot(path=out / f"{count:02d}-{label}-screen.png", animations="disabled")
            width = page.evaluate("document.documentElement.scrollWidth")
            small = page.evaluate("""() => [...document.querySelectorAll(
                'a, button, input:not([type=hidden]), select, textarea, summary, label.chip-choice')]
                .filter(e => e.offsetParent !== null)
                .map(e => [e, e.getBoundingClientRect()])
                .filter(([e, r]) => r.height > 0 && r.height < 44 && !e.closest('p, li:not(.chip), td, dd'))
                .map(([e, r]) => `${e.tagName.toLowerCase()}${e.className ? '.' + e.className.split(' ')[0] : ''}`
                                 + `"${(e.innerText || e.value || e.name || '').trim().slice(0, 24)}" ${Math.round(r.height)}px`)""")
            flag = "  SCROLLS SIDEWAYS" if width > PHONE["width"] else ""
            if flag:
                wide.append(label)
            print(f"{path.name}: {width}px{flag}")
            if small:
                print("   small:", "; ".join(small[:12]))

        # first run, no account yet
        guest = context().new_page()
        guest.goto(f"{fresh_base}/setup")
        shot(guest, "setup-wait")
        guest.goto(f"{fresh_base}/setup/{SETUP_TOKEN}")
        shot(guest, "setup")
        guest.click("main form button[type=submit]")
        shot(guest, "setup-errors")
        # signed out: sign in, the invitation
        guest = context().new_page()
        guest.goto(f"{base}/login")
        shot(guest, "sign-in")
        guest.fill("input[name=username]", "Owner")
        guest.fill("input[name=password]", "wrong password")
        guest.click("main form button[type=submit]")
        shot(guest, "sign-in-refused")
        guest.goto(f"{base}/invite/{ids['invite']}")
        shot(guest, "invite")
        guest.click("main form button[type=submit]")
        shot(guest, "invite-errors")
        guest.goto(f"{base}/watch/g/{ids['live_token']}")
        shot(guest, "watch-game")
        guest.goto(f"{base}/watch/l/{ids['league_token']}")
        shot(guest, "watch-league")
        guest.goto(f"{base}/watch/l/{ids['league_token']}/players/{ids['players'][1]}")
        shot(guest, "watch-player")
        guest.goto(f"{base}/watch/l/{ids['league_token']}/head-to-head?a={ids['players'][0]}&b={ids['players'][1]}")
        shot(guest, "watch-head-to-head")

        # the owner, signed in
        page = context().new_page()
        page.goto(f"{base}/login")
        page.fill("input[name=username]", "Owner")
        page.fill("input[name=password]", "owner-password-123")
        page.click("main form button[type=submit]")
        page.wait_for_load_state()
        g, lg = ids["live"], ids["league"]
        for label, path in [
            ("home", "/"),
            ("new-game", "/games/new"),
            ("league-seating", f"/games/new/league/{lg}"),
            ("game-in-progress", f"/games/{g}"),
            ("game-finished", f"/games/{ids['finished']}"),
            ("game-ended-early", f"/games/{ids['early']}"),
            ("game-offline-conflict", f"/games/{ids['torn']}"),
            ("game-add-to-league", f"/games/{ids['early']}/league"),
            ("abandoned", "/games/abandoned"),
            ("leagues", "/leagues/"),
            ("league", f"/leagues/{lg}"),
            ("player", f"/leagues/{lg}/players/{ids['players'][1]}"),
            ("head-to-head", f"/leagues/{lg}/head-to-head?a={ids['players'][0]}&b={ids['players'][1]}"),
            ("account", "/account"),
            ("rules-index", "/rules/"),
            ("rules-card-contract", "/rules/contract"),
            ("rules-card-continental", "/rules/continental"),
            ("rules-card-game", f"/games/{g}/rules"),
            ("rules-compare", "/rules/compare?ruleset=contract&ruleset=liverpool&ruleset=progressive"),
            ("checker", "/check"),
            ("checker-answer", "/check?ruleset=contract&deal=1&melds=5S+5H+5D+%7C+9C+9H+9D+JK"),
            ("checker-refused", "/check?ruleset=contract&deal=2&melds=5S+5H+5D+%7C+9C+10C+JK+QC+KC"),
            ("helper", "/helper"),
            ("helper-answer", "/helper?ruleset=contract&deal=2&hand=5S+6S+7S+8S+9C+9H+9D+2C+JK+KH"),
            ("layoff", "/layoff"),
            ("layoff-continental", "/layoff?ruleset=continental&meld=5S+6S+JK+8S&cards=9S+10S"),
            ("layoff-progressive", "/layoff?ruleset=progressive&meld=5S+6S+JK+8S&cards=7S&mode=exchange"),
            ("layoff-error", "/layoff?ruleset=continental&meld=5S+ZZ&cards="),
            ("rulesets", "/rulesets/"),
            ("ruleset-builder", "/rulesets/build"),
            ("ruleset-custom", f"/rulesets/{ids['custom']}"),
            ("ruleset-import", "/rulesets/import"),
            ("league-import", "/leagues/import"),
        ]:
            page.goto(base + path)
            shot(page, label)

        # the builder: a deal unfolded, then an error
        page.goto(f"{base}/rulesets/build")
        summaries = page.locator("details > summary")
        for i in range(min(summaries.count(), 3)):
            if summaries.nth(i).is_visible():
                summaries.nth(i).click()
        shot(page, "ruleset-builder-open")
        name = page.locator("input[name=name]")
        if name.count():
            name.first.fill("")
            page.locator("main form button[type=submit]").last.click()
            shot(page, "ruleset-builder-error")

        # score entry: empty, filled, warnings, error
        nxt = f"{base}/games/{g}/deals/4"
        page.goto(nxt)
        shot(page, "entry-empty", screen=True)
        page.locator("input[name=went_out][value='3']").check(force=True)
        page.fill("textarea[name='hands-0-cards']", "K Q 5 JK")
        page.fill("input[name='hands-1-points']", "35")
        page.fill("textarea[name='hands-2-cards']", "A A 9")
        shot(page, "entry-filled", screen=True)
        page.fill("textarea[name='hands-0-cards']", "K K K K K K K K K K K K K K K K")
        page.locator("main form button[type=submit]").last.click()
        shot(page, "entry-warnings", screen=True)
        page.goto(nxt)
        page.locator("input[name=went_out][value='3']").check(force=True)
        page.fill("textarea[name='hands-0-cards']", "K Q ZZ")
        page.fill("input[name='hands-1-points']", "lots")
        page.locator("main form button[type=submit]").last.click()
        shot(page, "entry-error", screen=True)
        browser.close()
    print("sideways:", ", ".join(wide) or "none")


if __name__ == "__main__":
    main()
