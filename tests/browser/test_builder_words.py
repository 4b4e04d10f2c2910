"""The builder in a family's words on a phone (issue 19, item 6), at 360 and 390 px: from the home page to the
builder, a refusal said as the page labels the box, folded parts' lines that follow what was typed, "Meld every
card" setting "Going out", and table sizes whose "from" follows the row before. Screenshots in
artifacts/screenshots (``look``: full page, no sideways scrolling, axe).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_house_rules import set_field, unfold

pytestmark = [pytest.mark.browser]

#: A name of the ruleset object (``cards_dealt``) or an enum value in JSON quotes: never on the page.
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b|\"[a-z_+A-Z]+\"")


def snap(page: Page, selector: str, label: str) -> None:
    """A picture of one part of the builder as the phone shows it (the full page is very tall)."""
    from tests.browser.conftest import SCREENSHOTS

    page.locator(selector).screenshot(path=SCREENSHOTS / f"builder-words-{label}.png", animations="disabled")


def builder_words(page: Page, look, width: int) -> None:
    page.goto("/")
    page.get_by_role("link", name="Make your own rules").scroll_into_view_if_needed()
    snap(page, "main", f"{width}-home")
    page.get_by_role("link", name="Make your own rules").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Make your own rules")

    # a refusal names the box as the page labels it
    unfold(page, "deal-3")
    set_field(page, "deal-3-cards", "25")
    error = page.locator("#err-deal-3-cards")
    expect(error).to_have_text("Cards dealt is a whole number from 5 to 20.")
    # the folded line follows what was typed, without a reload
    expect(page.locator("#head-deal-3")).to_contain_text("· 25 cards · needs a fix")
    look(f"builder-words-{width}-cards-refused")
    snap(page, "#deal-3", f"{width}-deal-refused")
    set_field(page, "deal-3-cards", "10")
    expect(error).to_be_hidden()
    expect(page.locator("#head-deal-3")).to_have_text("Deal 4: three groups of 3 · 10 cards")

    # Meld every card picks a Going out it allows: no sentence to fix
    page.locator('[name="deal-3-meld_all"]').check()
    expect(page.locator("#deal-3-going_out")).to_have_value("no_discard")
    expect(page.locator("#err-deal-3-going_out")).to_be_hidden()
    snap(page, "#deal-3", f"{width}-deal-meld-every-card")

    # jokers' points: the folded line follows
    unfold(page, "card-points-section")
    set_field(page, "points-JK", "25")
    expect(page.locator("#head-card-points")).to_have_text("Card points joker 25")

    # table sizes: a "from" follows the row before; merging by hand is not needed
    unfold(page, "players-section")
    set_field(page, "players_max", "6")
    expect(page.locator("#err-table")).to_have_text("No table size is for 6 players: make the last To (players) 6, the Most players.")
    set_field(page, "table-0-high", "4")
    expect(page.locator("#table-1-low")).to_have_value("5")  # follows at once
    expect(page.locator("#err-table-1-high")).to_have_text(
        "Table size 2 starts at 5 players: its To (players) is a whole number from 5 to 8."
    )
    page.get_by_role("button", name="Remove table size 2").tap()
    expect(page.locator('[name="table-2-high"]')).to_have_count(0)
    expect(page.locator("#table-1-low")).to_have_value("5")  # the row after now follows the first
    set_field(page, "table-1-high", "6")
    expect(page.locator("#head-players")).to_have_text("Players, packs and jokers 3 to 6 players")
    expect(page.locator(".error:not([hidden])")).to_have_count(0)
    page.locator("#players-section").scroll_into_view_if_needed()
    look(f"builder-words-{width}-tables")
    snap(page, "#players-section", f"{width}-tables")
    text = page.locator("main").inner_text()
    assert not CODE.search(text.replace("Grandma", "")), CODE.search(text)

    page.goto("/rulesets/import")
    expect(page.locator(".lead")).to_contain_text("a file of rules saved from this app")
    look(f"builder-words-{width}-import")


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 780}, screen={"width": 360, "height": 780})
def test_the_builder_speaks_the_familys_words_at_360(page: Page, look) -> None:
    builder_words(page, look, 360)


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, screen={"width": 390, "height": 844})
def test_the_builder_speaks_the_familys_words_at_390(page: Page, look) -> None:
    builder_words(page, look, 390)
