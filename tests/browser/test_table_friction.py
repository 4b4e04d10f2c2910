"""Issue 19's table frictions at phone size (360 and 390 px wide): the totals in sight after a save, a
twelve-card hand read back whole, "Finish early" beside the prompt, and the new-game defaults.

Every page reached is screenshotted (artifacts/screenshots), checked for sideways scrolling and scanned
with axe, as tests/browser/conftest.py's ``look`` does.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser]

PHONE = {"width": 390, "height": 844}
NARROW = {"width": 360, "height": 740}
SCREENS = pytest.mark.parametrize("screen", [PHONE, NARROW], ids=["390x844", "360x740"])


def in_view(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the viewport as it is now."""
    return page.evaluate(
        """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
             return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""",
        selector,
    )


def key(page: Page, label: str):
    return page.locator("#keypad").get_by_role("button", name=label, exact=True)


# ---------------------------------------------------------------------------
# 3. The totals in sight after saving


@SCREENS
def test_the_totals_are_in_sight_after_saving(page: Page, look, seed_game, screen) -> None:
    page.set_viewport_size(screen)
    game = seed_game("contract", ["Ann", "Bob", "Cat", "Dan"])
    page.goto(f"/games/{game}/deals/1")
    page.get_by_role("radio", name="Ann", exact=True).tap()
    for card in ("K", "Q"):  # Bob, the next hand, is chosen already
        key(page, card).tap()
    page.locator("#hand-2 .hand-name").tap()
    key(page, "3").tap()
    page.locator("#hand-3 .hand-name").tap()
    key(page, "JK").tap()
    page.locator("#save").tap()
    expect(page.locator(".flash")).to_have_text("Deal 1 saved.")
    expect(page.locator(".flash-totals")).to_have_text("After deal 1: Ann leads on 0, then Cat 3, Dan 15 and Bob 20.")
    assert page.evaluate("scrollY") == 0
    assert in_view(page, ".flashes"), "the totals are out of sight"
    look(f"saved-totals-{screen['width']}")


# ---------------------------------------------------------------------------
# 4. A twelve-card hand read back whole


TWELVE = ["A", "2", "3", "4", "5", "10", "J", "Q", "K", "K", "JK", "JK"]


@SCREENS
def test_a_twelve_card_hand_is_shown_whole(page: Page, look, seed_game, screen) -> None:
    page.set_viewport_size(screen)
    game = seed_game("contract", ["Ann", "Bob", "Cat", "Dan"])
    page.goto(f"/games/{game}/deals/1")
    page.get_by_role("radio", name="Ann", exact=True).tap()
    for card in TWELVE:
        key(page, card).tap()
    box = page.get_by_role("textbox", name="Cards left for Bob", exact=True)
    expect(box).to_have_value(" ".join(TWELVE))
    sizes = box.evaluate("(b) => [b.scrollWidth, b.clientWidth, b.scrollHeight, b.clientHeight]")
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], f"the hand is cut off in its box: {sizes}"
    assert box.evaluate("(b) => b.getBoundingClientRect().height") > 50, "the box did not grow to a second line"
    assert in_view(page, "#save")
    look(f"twelve-cards-{screen['width']}")
    # Enter moves on to the next hand, it doesn't break the line
    box.press("Enter")
    expect(page.get_by_role("textbox", name="Cards left for Cat", exact=True)).to_be_focused()
    expect(box).to_have_value(" ".join(TWELVE))


# ---------------------------------------------------------------------------
# 5. "Finish early" beside the deal prompt


@SCREENS
def test_finish_early_beside_the_prompt(page: Page, look, seed_game, screen) -> None:
    page.set_viewport_size(screen)
    game = seed_game("contract", ["Ann", "Bob", "Cat"], deals=[(0, {1: "K", 2: "5"})])
    page.goto(f"/games/{game}")
    fold = page.locator(".prompt .finish-early")
    expect(fold.locator("summary")).to_have_text("Finish early")
    end = page.get_by_role("button", name="End the game here")
    expect(end).to_be_hidden()  # folded: one tap can't end a game
    fold.locator("summary").tap()
    expect(end).to_be_visible()
    look(f"finish-early-open-{screen['width']}")
    end.tap()  # the table hasn't ticked that it agrees
    expect(page.locator(".flash.flash-error")).to_have_text("Tick “We all agree” to end the game here.")
    page.locator(".prompt .finish-early summary").tap()
    page.get_by_role("checkbox", name=re.compile("^We all agree")).tap()
    page.get_by_role("button", name="End the game here").tap()
    expect(page.locator(".ended-early")).to_contain_text("Ended early after deal 1 of 7")
    look(f"finish-early-done-{screen['width']}")


# ---------------------------------------------------------------------------
# 7. The new game's defaults


def seats_shown(page: Page) -> int:
    return page.locator(".seats .seat:visible").count()


@SCREENS
def test_the_new_game_form_fits_its_seats_to_the_rules(page: Page, look, screen) -> None:
    page.set_viewport_size(screen)
    page.goto("/games/new")
    expect(page.locator("#player-range")).to_have_text("Contract Rummy: 3–5 players.")
    assert seats_shown(page) == 5
    look(f"new-game-contract-{screen['width']}")
    page.locator("#ruleset").select_option("parlett")  # 3 to 8 players: htmx swaps the range in
    expect(page.locator("#player-range")).to_contain_text("3–8 players")
    expect(page.locator(".seats .seat:visible")).to_have_count(8)
    page.get_by_role("textbox", name="or a new player at seat 7").fill("Gus")
    page.locator("#ruleset").select_option("contract")
    expect(page.locator("#player-range")).to_contain_text("3–5 players")
    expect(page.locator(".seats .seat:visible")).to_have_count(6)  # seat 7 holds Gus: it stays in sight
    expect(page.get_by_role("textbox", name="or a new player at seat 7")).to_have_value("Gus")
    look(f"new-game-back-to-contract-{screen['width']}")


@pytest.fixture
def grandmas_league(live_app) -> int:
    """A league whose every game is played under its own "Grandma's rules" (jokers 25), with "No jokers" ticked."""
    from companion.extensions import db
    from companion.games import life
    from companion import registry
    from companion.house_rules import service
    from companion.leagues.service import create_league
    from companion.models import League, User
    from companion.rules import RULESETS, ruleset_to_definition

    name = "Grandma's table"
    with live_app.app_context():
        found = db.session.query(League).filter_by(name_key=League.key_for(name)).first()
        if found is not None:
            return found.id
        league = create_league(name)
        owner = db.session.get(User, live_app.config["OWNER_ID"])
        grandma = RULESETS["contract"].changed([("points", (("JK", 25),))])
        custom = service.save({**ruleset_to_definition(grandma), "name": "Grandma's rules"}, user=owner, league=league)
        db.session.commit()
        version = custom.latest
        ruleset = registry.of_version(version)
        players = [life.find_or_add_player(n) for n in ("Nan", "Pop", "Sue")]
        life.start_game(ruleset.with_options("no-jokers"), players, 0, league=league, custom_version=version)
        return league.id


@SCREENS
def test_a_leagues_game_starts_on_its_own_rules(page: Page, look, grandmas_league: int, screen) -> None:
    page.set_viewport_size(screen)
    for url, label in ((f"/games/new/league/{grandmas_league}", "seating"), (f"/games/new?league={grandmas_league}", "form")):
        page.goto(url)
        expect(page.locator("#ruleset option:checked")).to_have_text("Grandma's rules")
        expect(page.get_by_role("checkbox", name="No jokers")).to_be_checked()
        expect(page.locator("#house-options")).not_to_contain_text("Jokers score 20")  # the table's jokers score 25
        expect(page.get_by_role("checkbox", name="Deuces wild (a wild two scores as a joker)")).not_to_be_checked()
        look(f"league-{label}-{screen['width']}")
