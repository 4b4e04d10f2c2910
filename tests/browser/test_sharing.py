"""Several phones on one game: live follow, watch links and their QR code, names that look like HTML, signing in.

A watcher is a second browser context with no cookie (anyone a watch link
was sent to); a second member is a second context signed in as the owner.
Live follow is the game page's poller (``#live-poll``, every ``LIVE_POLL_MS``:
2 s when served, a quarter second under these tests so no check races a
poll): a score entered on one phone must show on the others, without a
reload. How soon is a matter of the poll interval, not asserted against a
wall clock (a loaded CI machine would miss any budget).
Every page reached is screenshotted into artifacts/screenshots/ and, where
it matters, scanned with axe (``look`` in conftest.py).
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.conftest import OWNER_NAME, OWNER_PASSWORD

pytestmark = [pytest.mark.browser]

LIVE_WAIT_MS = 20_000  # how long to wait for a followed change before calling it lost (not a speed budget)

XSS_SCRIPT = "<script>window.__xss=1</script>"
XSS_IMG = '<img src=x onerror="window.__xss=2">'
XSS_LEAGUE = "<b onmouseover=alert(1)>Bold</b>"

# Listens, before any of the page's scripts run, for what the Content-Security-Policy blocks.
CSP_LISTENER = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = event.target && event.target.outerHTML ? event.target.outerHTML.slice(0, 120) : String(event.target);
  window.__csp.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} on ${where}: ${event.sample}`);
});
"""


# ---------------------------------------------------------------------------
# Phones


_CONSOLES: weakref.WeakKeyDictionary[Page, list[str]] = weakref.WeakKeyDictionary()


def watch_csp(phone: Page) -> None:
    """From now on, record on ``phone`` what the Content-Security-Policy blocks (``window.__csp``) and console errors."""
    console = _CONSOLES.setdefault(phone, [])
    phone.add_init_script(CSP_LISTENER)
    phone.on(
        "console", lambda message: console.append(f"{phone.url}: {message.text}") if message.type == "error" else None
    )
    phone.on("pageerror", lambda error: console.append(f"{phone.url}: {error}"))


def console_errors(phone: Page) -> list[str]:
    """The console errors and uncaught exceptions on ``phone`` since :func:`watch_csp` (every page it showed)."""
    return _CONSOLES[phone]


def check_no_csp_violations(phone: Page) -> None:
    """Nothing blocked on the page now shown, nor in the console since (inline script or style crept in)."""
    violations = phone.evaluate("window.__csp")
    assert violations == [], f"{phone.url}: {violations}"
    assert not [line for line in console_errors(phone) if "Content Security Policy" in line], console_errors(phone)


@pytest.fixture
def anonymous(browser: Browser, browser_context_args: dict) -> Iterator[Callable[[], Page]]:
    """``anonymous()``: a page in a new phone-sized context with no cookie (nobody signed in)."""
    contexts: list[BrowserContext] = []
    args = {key: value for key, value in browser_context_args.items() if key != "storage_state"}

    def open_page() -> Page:
        context = browser.new_context(**args)
        contexts.append(context)
        page = context.new_page()
        watch_csp(page)
        return page

    yield open_page
    for context in contexts:
        context.close()


def tap(locator) -> None:
    locator.tap()


def totals(page: Page):
    return page.locator("#scoreboard tfoot td")


def may_i_count(page: Page, name: str):
    return page.locator("#buys li", has=page.locator(".buy-name", has_text=re.compile(f"^{re.escape(name)}$"))).locator(
        ".buy-count [aria-hidden=true]"
    )


def watch_link(page: Page) -> str:
    """Open the share section of a game or league page; its watch link (the QR code is beside it)."""
    share = page.locator("details.share")
    if share.get_attribute("open") is None:
        tap(share.locator("summary"))
    expect(share.get_by_role("img", name=re.compile("QR code"))).to_be_visible()
    link = share.get_by_role("textbox", name="Watch link").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/watch/[gl]/[A-Za-z0-9_-]{43}", link), link
    return link


def check_read_only(page: Page) -> None:
    """A watcher's game page: scores and the prompt, nothing to change."""
    expect(page.locator(".notice")).to_contain_text("You are watching this game")
    expect(page.get_by_role("link", name=re.compile("Enter scores"))).to_have_count(0)
    expect(page.get_by_role("link", name=re.compile("Correct deal"))).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("May I|Undo deal|Abandon"))).to_have_count(0)
    expect(page.locator("#buys")).to_have_count(0)
    expect(page.locator("main form[method=post]")).to_have_count(0)
    expect(page.locator("details.share")).to_have_count(0)  # a watcher can't hand the link on from here


# ---------------------------------------------------------------------------
# Live follow


def test_live_follow_on_a_watcher_and_a_second_member(page: Page, new_context, anonymous, look, seed_game) -> None:
    names = ["Ola", "Pia", "Rex"]
    game = seed_game("contract", names, first_dealer=2)
    watch_csp(page)
    page.goto(f"/games/{game}")
    link = watch_link(page)

    watcher = anonymous()
    response = watcher.goto(link)
    assert response is not None and response.status == 200
    expect(watcher.get_by_role("heading", level=1)).to_have_text("Contract Rummy")
    check_read_only(watcher)
    expect(totals(watcher)).to_have_text(["0", "0", "0"])
    look("watch-game", page=watcher)

    member = new_context().new_page()  # a second phone, signed in
    watch_csp(member)
    member.goto(f"/games/{game}")
    for phone in (watcher, member):
        phone.evaluate("window.__notReloaded = true")

    # A May I tapped on one member's phone shows on the other's, and back.
    tap(page.get_by_role("button", name="May I for Pia", exact=True))
    expect(may_i_count(page, "Pia")).to_have_text("1")
    expect(may_i_count(member, "Pia")).to_have_text("1", timeout=LIVE_WAIT_MS)
    tap(member.get_by_role("button", name="May I for Rex", exact=True))
    expect(may_i_count(member, "Rex")).to_have_text("1")
    expect(may_i_count(page, "Rex")).to_have_text("1", timeout=LIVE_WAIT_MS)
    expect(may_i_count(page, "Pia")).to_have_text("1")

    # A deal entered on the first phone: Ola went out, Pia kept K Q (20), Rex 7 3 (10).
    tap(page.get_by_role("link", name="Enter scores for deal 1"))
    tap(page.get_by_role("radio", name="Ola", exact=True))
    page.get_by_role("textbox", name="Cards left for Pia", exact=True).fill("K Q")
    page.get_by_role("textbox", name="Cards left for Rex", exact=True).fill("7 3")
    tap(page.get_by_role("button", name="Save deal 1"))
    expect(page.locator(".flash")).to_have_text("Deal 1 saved.")
    expect(totals(watcher)).to_have_text(["0", "20", "10"], timeout=LIVE_WAIT_MS)
    expect(totals(member)).to_have_text(["0", "20", "10"], timeout=LIVE_WAIT_MS)
    for phone in (watcher, member):
        assert phone.evaluate("window.__notReloaded") is True, "the page was reloaded, not followed"
    expect(watcher.locator(".prompt .deal-count")).to_have_text("Deal 2 of 7")
    expect(member.get_by_role("link", name="Enter scores for deal 2")).to_be_visible()
    check_read_only(watcher)  # the swapped-in page is still the watcher's
    # No inline script or style on any of them, swaps and May I answers included. (Checked before the
    # screenshots: taking one leaves style="" on inputs, which htmx would then copy onto swapped-in ones.)
    for phone in (page, member, watcher):
        check_no_csp_violations(phone)
        assert not console_errors(phone), console_errors(phone)
    look("watch-game-after-deal-1", page=watcher, scan=False)
    assert watch_link(page) == link  # the same link for the whole game
    look("game-share-open")


# ---------------------------------------------------------------------------
# Names that look like HTML are shown as text; no inline script or style anywhere


def seed_league_games(live_app, league_name: str, names: list[str]) -> dict[str, object]:
    """A finished game (seven deals) and one in progress in the league: their ids and the players' ids."""
    from companion.extensions import db
    from companion.games import deal_entry, life
    from companion.rules.deal_score import LineEntry
    from companion.models import League
    from companion.rules import RULESETS

    with live_app.app_context():
        league = db.session.query(League).filter_by(name=league_name).one()
        players = [life.find_or_add_player(name) for name in names]
        finished = life.start_game(RULESETS["contract"], players, 0, league=league)
        for number in range(1, 8):
            out = number % len(names)
            entries = [LineEntry(position=i, cards="" if i == out else "K 7") for i in range(len(names))]
            judgement = deal_entry.judge_entry(finished, number, str(out), entries)
            assert judgement.ok, judgement.problems
            deal_entry.save_deal(finished, number, judgement)
        playing = life.start_game(RULESETS["contract"], players, 1, league=league)
        return {"finished": finished.id, "playing": playing.id, "players": [p.id for p in players], "league": league.id}


def test_names_that_look_like_html_are_text_everywhere(page: Page, live_app, anonymous, look) -> None:
    watch_csp(page)

    # The league and two of its players made through the pages, as a person would type them.
    page.goto("/leagues/")
    page.get_by_label("League name").fill(XSS_LEAGUE)
    tap(page.get_by_role("button", name="Create the league"))
    expect(page.get_by_role("heading", level=1)).to_have_text(XSS_LEAGUE)
    for name in (XSS_SCRIPT, XSS_IMG):
        page.get_by_label("or a new player").fill(name)
        tap(page.get_by_role("button", name="Add to the roster"))
        expect(page.locator(".flash")).to_have_text(f"{name} joined {XSS_LEAGUE}.")
    names = [XSS_SCRIPT, XSS_IMG, "Quill"]
    seeded = seed_league_games(live_app, XSS_LEAGUE, names)
    league, finished, playing = seeded["league"], seeded["finished"], seeded["playing"]
    script_player, img_player = seeded["players"][:2]

    def visit(path: str, shown: list[str], *, label: str | None = None, phone: Page = page) -> None:
        response = phone.goto(path)
        assert response is not None and response.ok, f"{path}: {response and response.status}"
        policy = response.headers.get("content-security-policy", "")
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy, f"{path}: CSP {policy!r}"
        phone.wait_for_load_state("load")
        for name in shown:
            expect(phone.get_by_text(name).filter(visible=True).first, f"{path}: {name} shown as text").to_be_visible()
        assert phone.evaluate("typeof window.__xss") == "undefined", f"{path}: a name ran as script"
        expect(phone.locator("[onerror], [onmouseover], main script:not([type='application/json']), main img[src='x']")).to_have_count(0)
        scripts = phone.evaluate("[...document.scripts].map((s) => s.src || s.textContent)")
        assert not [s for s in scripts if "__xss" in s or "alert(" in s], f"{path}: {scripts}"
        check_no_csp_violations(phone)
        if label:
            look(label, page=phone)

    visit("/", [XSS_SCRIPT, XSS_IMG])
    visit("/games/new", [])
    options = page.locator("#seats-0-player option, #league option").all_text_contents()
    assert {XSS_SCRIPT, XSS_IMG, XSS_LEAGUE} <= set(options), options
    visit(f"/games/{playing}", names)
    expect(page.get_by_role("button", name=f"May I for {XSS_IMG}", exact=True)).to_be_visible()
    game_watch = watch_link(page)
    visit(f"/games/{playing}/deals/1", names)
    expect(page.get_by_role("radio", name=XSS_SCRIPT, exact=True)).to_be_visible()
    visit(f"/games/{finished}", names)
    visit(f"/leagues/{league}", [XSS_LEAGUE, *names])
    expect(page).to_have_title(f"{XSS_LEAGUE} · Rummy Companion")
    league_watch = watch_link(page)
    visit(f"/leagues/{league}/players/{script_player}", [XSS_LEAGUE, XSS_SCRIPT])
    visit(f"/leagues/{league}/players/{img_player}", [XSS_IMG])
    visit(f"/leagues/{league}/head-to-head", [XSS_LEAGUE, XSS_SCRIPT, XSS_IMG])
    visit(game_watch, names)
    visit(league_watch, [XSS_LEAGUE, *names], label="watch-league")
    visit(f"{league_watch}/players/{img_player}", [XSS_IMG])
    visit(f"{league_watch}/head-to-head", [XSS_SCRIPT, XSS_IMG])

    # The same pages to someone with only the link (the watcher's init script is its own).
    watcher = anonymous()
    visit(game_watch, names, phone=watcher)
    check_read_only(watcher)
    visit(league_watch, [XSS_LEAGUE, XSS_SCRIPT, XSS_IMG], phone=watcher)
    assert not console_errors(page) + console_errors(watcher), console_errors(page) + console_errors(watcher)


# ---------------------------------------------------------------------------
# Signing in, invitations, who may change what


def test_sign_in_invite_and_refusal(page: Page, live_app, anonymous, look) -> None:
    from companion.games import life
    from companion.leagues.service import create_league
    from companion.rules import RULESETS

    with live_app.app_context():
        cup = create_league("Sharing Cup")
        players = [life.find_or_add_player(name) for name in ("Sol", "Tam", "Uma")]
        game = life.start_game(RULESETS["contract"], players, 0, league=cup).id

    phone = anonymous()
    phone.goto("/")
    expect(phone).to_have_url(re.compile(r"/login\?next=(/|%2F)$"))
    phone.goto(f"/games/{game}")
    expect(phone).to_have_url(re.compile(rf"/login\?next=(/|%2F)games(/|%2F){game}$"))
    expect(phone.get_by_role("heading", level=1)).to_have_text("Sign in")
    look("login", page=phone)
    phone.get_by_label("Name").fill(OWNER_NAME)
    phone.get_by_label("Password").fill("not-the-password")
    tap(phone.get_by_role("button", name="Sign in"))
    expect(phone.locator("#password-error")).to_have_text("That name and password don't match an account.")
    expect(phone.get_by_label("Password")).to_have_attribute("aria-invalid", "true")
    look("login-wrong-password", page=phone)
    check_no_csp_violations(phone)
    phone.get_by_label("Password").fill(OWNER_PASSWORD)
    tap(phone.get_by_role("button", name="Sign in"))
    expect(phone).to_have_url(re.compile(rf"/games/{game}$"))  # the page asked for
    expect(phone.get_by_role("link", name="Enter scores for deal 1")).to_be_visible()

    # The owner's invitation link, opened on someone else's phone.
    phone.goto("/account")
    tap(phone.get_by_role("button", name="Make an invitation link"))
    invite = phone.get_by_role("textbox", name="Invitation link").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/invite/[A-Za-z0-9_-]{43}", invite), invite
    look("account-with-invite", page=phone)
    check_no_csp_violations(phone)

    guest = anonymous()
    guest.goto(invite)
    expect(guest.get_by_role("heading", level=1)).to_have_text("Join the table")
    look("invitation", page=guest)
    check_no_csp_violations(guest)
    guest.get_by_label("Your name (to sign in with)").fill("Vera Guest")
    guest.get_by_label("Password (at least 10 characters)").fill("a-good-long-password")
    tap(guest.get_by_role("button", name="Make the account"))
    expect(guest).to_have_url(re.compile(r"/account$"))
    expect(guest.get_by_role("heading", level=1)).to_have_text("Vera Guest")
    expect(guest.get_by_role("button", name="Make an invitation link")).to_have_count(0)  # only the owner invites
    assert guest.goto(invite).status == 404  # one use

    # Vera's player is on no roster: the league's score entry is refused, with the reason.
    response = guest.goto(f"/games/{game}/deals/1")
    assert response is not None and response.status == 403
    expect(guest.locator("main p").first).to_have_text(
        "Only members of Sharing Cup can change its games and standings."
    )
    look("refused-403", page=guest)
    check_no_csp_violations(guest)
    guest.goto(f"/games/{game}")
    expect(guest.get_by_role("link", name="Enter scores for deal 1")).to_have_count(0)

    # First-run setup is over once the owner exists.
    stranger = anonymous()
    stranger.goto("/setup")
    expect(stranger).to_have_url(re.compile(r"/login$"))
    expect(stranger.get_by_role("button", name="Make the account")).to_have_count(0)
