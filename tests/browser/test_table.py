"""At the table's pace: a deal scored on one screen, on the phone, with no scrolling and few taps.

Expected totals are worked out here from RULES.md's point tables (never
from the app's scoring), and the phone's own tally is compared with what
the server stores. Every page reached is screenshotted and scanned with axe.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser]

PHONE = {"width": 390, "height": 844}
NARROW = {"width": 360, "height": 740}

# RULES.md §3: penalty points per rank (Contract Rummy).
CONTRACT_POINTS = {"A": 15, **{str(n): n for n in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10, "JK": 15}


class Taps:
    """Taps on the page, counted (a tap is what a thumb does: one touch)."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def __call__(self, locator) -> None:
        locator.tap()
        self.count += 1


def in_view(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the viewport as it is now."""
    return page.evaluate(
        """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
             return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""",
        selector,
    )


def assert_nothing_scrolls(page: Page) -> None:
    assert page.evaluate("scrollY") == 0, "the page scrolled"
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 1"), "the page is taller than the screen"
    for selector in ("#save", "#entry-foot .running", "#keypad"):
        assert in_view(page, selector), f"{selector} is out of view"


def line(page: Page, name: str):
    return page.locator(".hand-row", has=page.get_by_role("textbox", name=f"Cards left for {name}", exact=True))


def key(page: Page, label: str):
    return page.locator("#keypad").get_by_role("button", name=label, exact=True)


DEAL = {  # Ann went out; six cards left in each other hand
    "Bob": ["K", "Q", "7", "JK", "2", "A"],
    "Cat": ["3", "3", "10", "J", "9", "A"],
    "Dan": ["JK", "JK", "5", "4", "8", "K"],
}


@pytest.mark.parametrize("screen", [PHONE, NARROW], ids=["390x844", "360x740"])
def test_a_four_player_deal_without_scrolling(page: Page, look, seed_game, screen) -> None:
    page.set_viewport_size(screen)
    game = seed_game("contract", ["Ann", "Bob", "Cat", "Dan"])
    page.goto(f"/games/{game}/deals/1")
    look(f"entry-empty-{screen['width']}")
    assert_nothing_scrolls(page)
    tap = Taps(page)
    tap(page.get_by_role("radio", name="Ann", exact=True))
    assert_nothing_scrolls(page)
    totals = dict.fromkeys(DEAL, 0)
    for number, (name, cards) in enumerate(DEAL.items()):
        if number:  # the first hand after the one who went out is chosen already
            tap(line(page, name).locator(".hand-name"))
        for card in cards:
            tap(key(page, card))
            totals[name] += CONTRACT_POINTS[card]
            # the total is the phone's own: it is there the moment the key is tapped
            assert line(page, name).locator(".hand-total").text_content() == str(totals[name])
            assert page.locator("#entry-foot .run-total").nth(list(DEAL).index(name) + 1).text_content() == str(totals[name])
            assert_nothing_scrolls(page)
    look(f"entry-filled-{screen['width']}")
    tap(page.locator("#save"))
    expect(page.locator(".flash").first).to_have_text("Deal 1 saved.")
    cards = sum(len(hand) for hand in DEAL.values())
    assert tap.count <= cards + 4 + 2, f"{tap.count} taps for {cards} cards and 4 players"
    expect(page.locator("#scoreboard tfoot td")).to_have_text(["0", *(str(totals[name]) for name in DEAL)])


# ---------------------------------------------------------------------------
# The phone's tally against the engine


def test_the_phone_reads_typed_hands_as_the_engine_does(page: Page, seed_game) -> None:
    """tally.js's reader against companion.rules.tally.read_hand, on the examples and odd text."""
    from companion.rules.tally import HandTextError, read_hand

    game = seed_game("contract", ["Ann", "Bob", "Cat"])
    page.goto(f"/games/{game}/deals/1")
    texts = [
        "K994A2", "kq7jk", "10 10 j", "T", "25", "1010", "110", "K1Q", "K0", "KX", "X", "ZZ", "1X", "10h3c",
        "kqjoker", "jjk", "k,q", "JK JK", "*K", "K 1", "", "q♠k♥", "a'b", "8", "tt", "J K", "9;9 ,4", "joker",
        "KS QH", "1S", "10♦", "jkk", "JKS", "A2345678910JQK", "ace", "kk kk kk kk",
    ]
    phone = page.evaluate("(texts) => texts.map((t) => RummyTally.readHand(t))", texts)
    for text, read in zip(texts, phone, strict=True):
        try:
            assert read == {"ranks": list(read_hand(text))}, text
        except HandTextError as error:
            assert read == {"error": str(error)}, text




@pytest.mark.parametrize(
    "ruleset_id",
    ["contract", "liverpool", "parlett", "combination", "may-i", "shanghai", "shanghai-powe", "shanghai-kolsov", "continental", "progressive"],
)
def test_the_phones_totals_are_the_servers_for_every_ruleset(page: Page, seed_game, live_app, ruleset_id) -> None:
    """Every key tapped (all 14 ranks), typed points and every bonus the rules have: the totals the
    phone shows before Save are the totals the server stores."""
    from companion.extensions import db
    from companion.models import Game
    from companion.games.state import game_state

    names = ["Ann", "Bob", "Cat", "Dan"]
    game = seed_game(ruleset_id, names, first_dealer=1)  # Bob deals; Ann, on his right, cuts
    page.goto(f"/games/{game}/deals/1")
    page.get_by_role("radio", name="Cat", exact=True).tap()
    line(page, "Ann").locator(".hand-name").tap()
    for rank in ("A", "2", "3", "4", "5", "6", "7"):
        key(page, rank).tap()
    line(page, "Bob").locator(".hand-name").tap()
    for rank in ("8", "9", "10", "J", "Q", "K", "JK", "JK", "K", "⌫"):
        key(page, rank if rank != "⌫" else "Remove the last card").tap()
    line(page, "Dan").get_by_role("textbox", name="or Dan's points").fill("37")
    for box in page.locator(".hand-row .bonus input:visible").all():  # exact cut (Ann), one turn out (Cat)
        box.tap()
    phone = [int(text) for text in page.locator("#entry-foot .run-total").all_text_contents()]
    with page.expect_navigation():
        page.locator("#save").tap()
    confirm = page.get_by_role("checkbox", name="Save anyway: we checked these warnings")
    if confirm.count():  # e.g. two jokers at a table that plays with fewer
        assert [int(t) for t in page.locator("#entry-foot .run-total").all_text_contents()] == phone  # as the server reads it
        confirm.tap()
        page.locator("#save").tap()
    expect(page.locator(".flash").first).to_have_text("Deal 1 saved.")
    assert page.locator(".flash-error").count() == 0  # no "the phone showed ..." difference
    with live_app.app_context():
        state = game_state(db.session.get(Game, game))
        assert [s.total for s in state.standings] == phone


# ---------------------------------------------------------------------------
# A game's whole life, seating, invitations (each page looked at: screenshot, no sideways scroll, axe)


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_end_early_rematch_abandon_and_restore(page: Page, look, seed_game) -> None:
    game = seed_game("contract", ["Ann", "Bob", "Cat"], deals=[(0, {1: "K", 2: "5"})])
    page.goto(f"/games/{game}")
    expect(page.locator("#scoreboard .may-i-row td")).to_have_text(["0", "0", "0"])
    page.locator(".finish-early summary").tap()  # folded beside the deal prompt
    page.get_by_role("checkbox", name=re.compile("^We all agree")).tap()
    page.get_by_role("button", name="End the game here").tap()
    expect(page.locator(".ended-early")).to_contain_text("Ended early after deal 1 of 7")
    look("ended-early")
    page.get_by_role("button", name=re.compile("^Rematch: same seats, Bob deals")).tap()
    expect(page.locator(".flash").first).to_have_text("Rematch: Bob deals first.")
    expect(page.locator(".roles dd").nth(1)).to_have_text("Bob")
    look("rematch")
    page.get_by_role("checkbox", name=re.compile("abandon the game")).tap()
    page.get_by_role("button", name="Abandon the game").tap()
    expect(page.locator(".flash").first).to_have_text("The game was abandoned.")
    expect(page.get_by_role("button", name="Restore the game")).to_be_visible()
    page.goto("/games/abandoned")
    look("abandoned-list")
    page.get_by_role("button", name=re.compile("^Restore")).first.tap()
    expect(page.locator(".flash").first).to_have_text("The game is back in play.")
    expect(page.locator(".deal-count")).to_have_text("Deal 1 of 7")


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_seating_a_league_game_in_order(page: Page, look) -> None:
    page.goto("/leagues/")
    page.get_by_label("Name").first.fill("Seating Table")
    page.get_by_role("button", name=re.compile("league", re.I)).first.tap()
    for name in ("Sam", "Tia", "Uma", "Vic"):
        page.get_by_label("or a new player").fill(name)
        page.get_by_role("button", name="Add to the roster").tap()
    page.get_by_role("link", name="Start a game in this league").tap()
    look("seating")
    page.get_by_role("checkbox", name="Tia").tap()  # Tia sits this one out
    page.get_by_role("button", name="Move Vic up").tap()
    page.get_by_role("button", name="Move Vic up").tap()
    page.get_by_role("button", name="Move Vic up").tap()
    expect(page.locator(".seat-order .seat-name")).to_have_text(["Vic", "Sam", "Tia", "Uma"])
    expect(page.get_by_role("checkbox", name="Tia")).not_to_be_checked()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".roles dd").nth(1)).to_have_text("Vic")  # the first seat deals first
    expect(page.locator("#scoreboard thead th")).to_have_text(["Deal", "Vic", "Sam", "Uma"])


def test_an_invitation_link_is_shared_copied_and_names_the_player(page: Page, look, browser) -> None:
    page.goto("/account")
    page.get_by_label("or a new player (before any game)").fill("Grandpa Joe")
    page.get_by_role("button", name="Make an invitation link").tap()
    link = page.get_by_role("textbox", name="Invitation link").input_value()
    expect(page.get_by_role("img", name="QR code of the invitation link")).to_be_visible()
    copy = page.get_by_role("button", name="Copy the link")
    expect(copy).to_be_visible()
    copy.tap()  # plain http://127.0.0.1 counts as secure: the clipboard, or else the text is selected
    expect(page.locator(".share-said")).to_have_text(re.compile("Copied|selected"))
    look("invitation")
    guest = browser.new_context(has_touch=True, is_mobile=True, viewport=PHONE)  # someone else's phone, signed out
    other = guest.new_page()
    other.goto(link)
    expect(other.locator(".lead")).to_contain_text("You were invited as Grandpa Joe at the table")
    other.get_by_role("main").get_by_role("button").last.tap()  # an empty form: both errors at once
    expect(other.locator(".error")).to_have_count(2)
    guest.close()


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW, has_touch=True, is_mobile=True)
def test_the_account_page_at_360_px(page: Page, look, live_app) -> None:
    """Every section of the owner's account page (who they are, invitations not used yet, other accounts,
    signed-in phones, password change, sign out) fits 360 px: nothing sideways, every control big enough to tap."""
    from companion.auth import service as accounts
    from companion.auth.access import new_token
    from companion.extensions import db
    from companion.models import LoginSession, User

    with live_app.app_context():
        owner = db.session.get(User, live_app.config["OWNER_ID"])
        accounts.create_invite(owner)
        if db.session.query(User).filter_by(username_key=User.key_for("Bartholomew-Fitzgerald")).first() is None:
            accounts._new_user("Bartholomew-Fitzgerald", "long enough password", owner=False)
        for agent in (  # two more phones, with the long names browsers give themselves
            "Mozilla/5.0 (Linux; Android 14; Pixel 7 Pro Build/UQ1A.240205.004) AppleWebKit/537.36 "
            "(KHTML, like Gecko) Chrome/121.0.6167.101 Mobile Safari/537.36",
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
            "Version/17.2 Mobile/15E148 Safari/604.1",
        ):
            db.session.add(LoginSession(user_id=owner.id, token=new_token(), agent=agent[:120]))
        db.session.commit()
    page.goto("/account")
    expect(page.get_by_role("heading", name="Signed-in phones")).to_be_visible()
    expect(page.get_by_role("button", name="Revoke this link").first).to_be_visible()
    expect(page.get_by_role("button", name="Remove Bartholomew-Fitzgerald's account")).to_be_visible()
    expect(page.get_by_role("button", name="Sign that phone out").first).to_be_visible()
    look("account")
    small = page.evaluate(
        """() => [...document.querySelectorAll('main button, main input:not([type=hidden]), main select')]
             // a box ticked through its label is tapped on the label: that is its target
             .map(e => [e.name || e.textContent.trim(), (e.type === 'checkbox' && e.closest('label') || e).getBoundingClientRect()])
             .filter(([, r]) => r.height < 44 || r.right > innerWidth)
             .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)} at x ${Math.round(r.left)}`)"""
    )
    assert small == [], small
    # the account's two buttons (save who they are, remove the account) stand apart, not touching
    save = page.get_by_role("button", name="Save").nth(1).bounding_box()
    remove = page.get_by_role("button", name="Remove Bartholomew-Fitzgerald's account").bounding_box()
    assert remove["y"] - (save["y"] + save["height"]) >= 8
    # times (made, works until, since) are shown in the phone's own zone: none still reads "UTC"
    expect(page.locator("main time").first).to_have_attribute("data-localised", "1")
    assert "UTC" not in page.locator("main").inner_text()
    expect(page.locator(".accounts").first).to_contain_text("works until")
