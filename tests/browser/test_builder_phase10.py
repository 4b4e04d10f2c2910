"""The builder for Phase 10 on a phone at 360 px (issue 18 item 2): started from Phase 10, the deck chosen with a
thumb (the wild cards and the points follow it, the builder answered whole), a phase dealt other cards refused
beside its box in the engine's words; no sideways scrolling, thumb-sized choices, axe clean (``look``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_house_rules import set_field, unfold

pytestmark = [pytest.mark.browser]


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 780}, screen={"width": 360, "height": 780})
def test_phase10_in_the_builder_at_360(page: Page, look) -> None:
    page.goto("/rulesets/build?start=phase10")
    expect(page.locator('input[name="deck"][value="phase10"]')).to_be_checked()
    expect(page.locator('input[name="progression"][value="per_player"]')).to_be_checked()
    look("phase10-start")
    for choice in ("standard", "phase10"):
        box = page.locator(f'input[name="deck"][value="{choice}"]').locator("xpath=..").bounding_box()
        assert box is not None and box["height"] >= 44, box  # a thumb's target

    # standard cards: jokers are wild again and the points are the standard deck's
    page.locator('input[name="deck"][value="standard"]').locator("xpath=..").tap()
    expect(page.locator('[name="points-JK"]')).to_be_attached()
    expect(page.locator('input[name="wilds"][value="JK"]')).to_be_checked()
    # and back to the Phase 10 deck: its Wilds, its 1 to 12, W and SKIP
    page.locator('input[name="deck"][value="phase10"]').locator("xpath=..").tap()
    expect(page.locator('[name="points-SKIP"]')).to_be_attached()
    expect(page.locator('[name="points-12"]')).to_be_attached()
    expect(page.locator('input[name="wilds"][value="W"]')).to_be_checked()

    # a phase dealt other cards: the engine's sentence beside the box
    unfold(page, "deal-1")
    set_field(page, "deal-1-cards", "11")
    expect(page.locator("#err-deal-1-cards")).to_have_text(
        "deal 2: every phase of a per-player game deals the same cards (10), not 11."
    )
    look("phase10-phase-refused")
