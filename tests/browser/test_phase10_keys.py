"""The rules pages on Phase 10's own deck at 360 px: the checker's card keys are its numbers in four colours, a Wild
and a Skip, each a thumb's size, and tapping them builds a phase the checker judges (RULES.md 4.11 example 9)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser]


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 780})
def test_the_checker_on_the_phase10_deck_takes_tapped_numbers_colours_and_a_wild(page: Page, look) -> None:
    page.goto("/check?ruleset=phase10&deal=8")
    keys = page.get_by_role("group", name="Cards to add")
    for name in ("Red", "Blue", "Green", "Yellow"):
        expect(keys.get_by_role("group", name=name)).to_be_visible()
    for box in [key.bounding_box() for key in keys.get_by_role("button").all()]:
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    look("phase10-keys")
    for name in ("2 Blue", "4 Blue", "5 Blue", "8 Blue", "8 Blue", "12 Blue"):
        keys.get_by_role("button", name=name, exact=True).tap()
    keys.get_by_role("button", name="Wild", exact=True).tap()
    expect(page.locator(".verdict-head")).to_contain_text("✓ Legal go-down for phase 8: Seven cards of one colour")
    look("phase10-checked")
