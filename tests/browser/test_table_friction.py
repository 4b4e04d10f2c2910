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
    expect(page.locator(".flash")).to_have_text(["Deal 1 saved.", "After deal 1: Ann leads on 0, then Cat 3, Dan 15 and Bob 20."])
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
