"""Issue 19's closing measure, a second look at every page at 360 x 740: what it found, kept found.

After "Save deal 4" with a warning, the page came back at its first screen with "Check before saving" two
screens below, under the hands and the keypad: the phone seemed to do nothing when Save was tapped.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser]

PHONE = {"width": 360, "height": 740}
NAMES = ["Rosalind", "Maximiliana Oppenheimer-Fitzgerald", "Tobias", "Wen"]


@pytest.mark.browser_context_args(viewport=PHONE, screen=PHONE)
def test_saving_with_a_warning_shows_it_on_the_first_screen(page: Page, look, seed_game) -> None:
    game = seed_game("contract", NAMES)
    page.goto(f"/games/{game}/deals/1")
    page.get_by_role("radio", name="Wen", exact=True).check(force=True)
    page.get_by_role("textbox", name="Cards left for Rosalind", exact=True).fill("K K K K K K K K K")
    page.get_by_role("button", name="Save deal 1").click()

    warnings = page.get_by_role("alert").filter(has_text="Check before saving")
    expect(warnings).to_contain_text("Rosalind: Nine kings, but two packs hold only 8.")
    expect(warnings.get_by_role("heading", name="Check before saving")).to_be_in_viewport()
    look("entry-warning-first-screen")

    # Ticking "Save anyway" and saving records the deal, as before.
    warnings.get_by_role("checkbox").check(force=True)
    page.get_by_role("button", name="Save deal 1").click()
    expect(page).to_have_url(f"/games/{game}")
    expect(page.locator("#scoreboard tfoot")).to_contain_text("90")


@pytest.mark.browser_context_args(viewport=PHONE, screen=PHONE, locale="en-US")
def test_a_page_switched_to_spanish_writes_its_dates_in_spanish(page: Page, look, owners_language_forgotten) -> None:
    """An English phone, the footer's "Español" tapped: "desde Nov 27, 11:12 AM" mixed the two languages."""
    page.goto("/account")
    since = page.locator(".accounts time[data-local]").last
    expect(since).to_have_attribute("data-localised", "1")
    english = since.inner_text()
    page.get_by_role("button", name="Español").click()  # kept on the account: set back to English below
    try:
        expect(page.get_by_role("heading", name="Cambia tu contraseña")).to_be_visible()
        since = page.locator(".accounts time[data-local]").last
        expect(since).to_have_attribute("data-localised", "1")
        month = since.evaluate("node => new Date(node.getAttribute('datetime')).toLocaleString('es', {month: 'short'})")
        assert month in since.inner_text() and since.inner_text() != english
        look("account-in-spanish")
    finally:
        page.get_by_role("button", name="English").click()  # the other tests' pages stay in English
    expect(page.locator(".accounts time[data-local]").last).to_have_text(english)


@pytest.mark.browser_context_args(viewport=PHONE, screen=PHONE)
def test_the_joker_on_chips_and_keys_is_the_joker_the_ruling_draws(page: Page, look) -> None:
    """The ruling drew "joker" while the chip above it and the key below said "JK"."""
    page.goto("/check?ruleset=contract&deal=1&melds=5S+5H+5D+%7C+9C+9H+9D+JK")
    expect(page.locator("#checker-melds .meld").nth(1).get_by_role("button")).to_have_text(
        ["9♣ ×", "9♥ ×", "9♦ ×", "joker ×"]
    )
    expect(page.locator("#ruling .card-face.joker")).to_have_count(1)
    joker = page.get_by_role("group", name="Cards to add").get_by_role("button", name="Joker", exact=True)
    expect(joker).to_have_text("Joker")
    look("checker-joker-chip")
    page.goto("/helper?ruleset=contract&deal=2&hand=5S+6S+7S+8S+9C+9H+9D+2C+JK+KH")
    expect(page.locator("#answer .solution")).to_contain_text("joker")
    expect(page.locator("#answer .solution")).not_to_contain_text("JK")


@pytest.mark.browser_context_args(viewport=PHONE, screen=PHONE)
def test_the_lay_off_ruling_stands_clear_of_the_button_above_it(page: Page, look) -> None:
    """The ruling's box touched "Rule on it" once it moved into a region of its own (the form's sibling no more)."""
    page.goto("/layoff?ruleset=continental&meld=5S+6S+JK+8S&cards=9S+10S")
    button = page.get_by_role("button", name="Rule on it").bounding_box()
    ruling = page.locator("#ruling").bounding_box()
    assert button and ruling and ruling["y"] - (button["y"] + button["height"]) >= 12
    look("layoff-ruling-clear-of-button")
