"""The builder's boxes for the wider family's last fields on a 360 px phone (issue 18): a deal made a ladder (its
rule box comes, its deal is dealt 12 and melds every card), another contract for a deal, the run wild gap, what
happens to a melded joker, and the play rules told to the table. No sideways scrolling, every new control a
thumb-sized target, and screenshots in artifacts/screenshots (``look``: full page, axe)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_builder_words import snap
from tests.browser.test_house_rules import press, set_field, unfold

pytestmark = [pytest.mark.browser]

WIDTH = 360


def fits(page: Page, selector: str) -> None:
    """Every control inside ``selector`` is inside the phone's width and at least 44 px tall (a thumb's target)."""
    controls = page.locator(f"{selector} select, {selector} input:not([type=hidden]), {selector} button, {selector} label.choice")
    assert controls.count() > 0
    for n in range(controls.count()):
        control = controls.nth(n)
        if not control.is_visible():
            continue
        box = control.bounding_box()
        assert box is not None
        what = control.get_attribute("name") or control.inner_text()
        assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, f"{what} leaves the screen: {box}"
        if control.get_attribute("type") not in ("checkbox", "radio"):  # their label is the target
            assert box["height"] >= 44, f"{what} is {box['height']} px tall"


def processed(page: Page, selector: str) -> None:
    """Wait until htmx has taken up the builder just swapped in (a change in it is checked, or answers the whole
    builder): a thumb is never faster than that, a test can be."""
    page.wait_for_function("s => !!(document.querySelector(s) || {})['htmx-internal-data']", arg=selector)


@pytest.mark.browser_context_args(viewport={"width": WIDTH, "height": 780}, screen={"width": WIDTH, "height": 780})
def test_the_new_boxes_fit_a_phone(page: Page, look) -> None:
    page.goto("/rulesets/build?start=carioca")
    expect(page.get_by_role("heading", level=1)).to_have_text("Make your own rules")

    # deal 8's four trios become the escala real: a ladder of one suit
    unfold(page, "deal-7")
    for meld in (4, 3, 2):
        press(page, f"Remove meld {meld} of deal 8")
        expect(page.locator(f'[name="deal-7-req-{meld - 1}-kind"]')).to_have_count(0)
    processed(page, "#builder-form")
    page.locator("#deal-7-req-0-kind").select_option("ladder")
    rule = page.locator("#deal-7-req-0-rule-field")
    expect(rule).to_be_visible()  # the builder came back with the ladder's rule box
    expect(page.locator("#err-deal-7-req-0-rule")).to_have_text("Choose one of the choices for “Cards of the ladder”.")
    processed(page, "#builder-form")
    page.get_by_label("All of one suit (escala real)").check()
    expect(page.locator("#err-deal-7-req-0-rule")).to_be_hidden()
    expect(page.locator("#deal-7-cards")).to_have_value("12")
    expect(page.locator('[name="deal-7-meld_all"]')).to_be_checked()
    expect(page.locator("#deal-7-going_out")).to_have_value("no_discard")
    set_field(page, "deal-7-max_wilds", "0")
    expect(page.locator(".error:not([hidden])")).to_have_count(0)
    fits(page, "#deal-7")
    look("ladder")
    snap(page, "#deal-7", f"{WIDTH}-family-ladder")

    # another kind is only checked: a length typed at once after it stays as typed
    unfold(page, "deal-0")
    page.locator("#deal-0-req-1-kind").select_option("run")
    set_field(page, "deal-0-req-1-length", "4")
    expect(page.locator("#head-deal-0")).to_have_text("Deal 1: one trio and one run of 4 · 12 cards")
    expect(page.locator("#deal-0-req-1-length")).to_have_value("4")

    # another contract for deal 1
    press(page, "Add another contract for deal 1")
    expect(page.locator("#deal-0-alt-0")).to_be_visible()
    set_field(page, "deal-0-alt-0-req-0-length", "6")
    expect(page.locator(".error:not([hidden])")).to_have_count(0)
    fits(page, "#deal-0")
    look("another-contract")
    snap(page, "#deal-0", f"{WIDTH}-family-alternative")

    # the wild cards' new boxes: a bad gap is answered beside its box
    unfold(page, "wilds-section")
    set_field(page, "run_wild_min_gap", "0")
    expect(page.locator("#err-run_wild_min_gap")).to_have_text("Run_wild_min_gap must be a whole number from 1 to 12, or null, not 0.")
    set_field(page, "run_wild_min_gap", "4")
    expect(page.locator("#err-run_wild_min_gap")).to_be_hidden()
    page.get_by_label("They stay where they are").check()
    fits(page, "#wilds-section")
    snap(page, "#wilds-section", f"{WIDTH}-family-wilds")

    # the buy's leave, and the play rules told to the table
    unfold(page, "buys-section")
    page.get_by_label("Only with the leave of the player whose turn it is").check()
    page.get_by_label("Only a player not yet down may take it").check()
    fits(page, "#buys-section")
    unfold(page, "play-section")
    expect(page.locator("#head-play")).to_have_text("At the table told, not checked")
    page.get_by_label("Counter-clockwise (to the right)").check()
    fits(page, "#play-section")
    snap(page, "#play-section", f"{WIDTH}-family-play")
    look("all-open")
    expect(page.locator(".error:not([hidden])")).to_have_count(0)
