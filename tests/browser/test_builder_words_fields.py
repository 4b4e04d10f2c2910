"""The builder's boxes for the run word, the wild word, the tie and the lay-off timing on a 360 px phone (issue 18):
big choices a thumb can take, no sideways scrolling, axe clean, in English and in Spanish; screenshots in
artifacts/screenshots (``look``: full page, axe; ``snap``: the part itself)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_builder_family_fields import WIDTH, fits, processed
from tests.browser.test_builder_words import snap
from tests.browser.test_house_rules import unfold

pytestmark = [pytest.mark.browser]

PHONE = {"width": WIDTH, "height": 780}


@pytest.mark.browser_context_args(viewport=PHONE, screen=PHONE)
def test_the_words_tie_and_lay_off_boxes_fit_a_phone(page: Page, look) -> None:
    page.goto("/rulesets/build?start=phase10")
    expect(page.get_by_role("heading", level=1)).to_have_text("Make your own rules")
    processed(page, "#builder-form")

    # the words: Carioca's escala and its jokers
    unfold(page, "words-section")
    page.get_by_label("escala", exact=True).check()
    page.get_by_label("joker, even a wild two (“two jokers side by side”)").check()
    expect(page.locator("#head-words")).to_contain_text("set, escala, buy")
    fits(page, "#words-section")
    snap(page, "#words-section", f"{WIDTH}-words-run-and-wild")

    # laying off from the next turn (Phase 10 hits in the same turn)
    unfold(page, "going-down-section")
    expect(page.get_by_label("In the same turn, right after going down")).to_be_checked()
    page.get_by_label("From the player's next turn").check()
    fits(page, "#going-down-section")

    # the tie: Phase 10's tie-break hand is one of three choices while each player is on their own phase
    unfold(page, "tie-section")
    expect(page.locator('#tie-section input[name="tiebreak"]')).to_have_count(3)
    expect(page.get_by_label("A tie-break hand: the tied players play their last phase again")).to_be_checked()
    expect(page.locator("#head-tie")).to_have_text("A tie at the end a tie-break hand")
    fits(page, "#tie-section")
    snap(page, "#tie-section", f"{WIDTH}-tie-per-player")
    look("words-tie-lay-off")

    # everyone on the same deal: the tie-break hand goes, the tie is shared (RULES.md §8.7.9)
    page.get_by_label("Everyone plays the same deal").check()
    expect(page.locator('#tie-section input[name="tiebreak"]')).to_have_count(2)
    processed(page, "#builder-form")
    expect(page.get_by_label("Shared: the tied players share the win")).to_be_checked()
    unfold(page, "tie-section")
    page.get_by_label("Whoever went out in more deals wins; a tie after that is shared").check()
    expect(page.locator("#head-tie")).to_have_text("A tie at the end most deals won")
    # the boxes chosen before the swap are as they were
    expect(page.get_by_label("escala", exact=True)).to_be_checked()
    expect(page.get_by_label("From the player's next turn")).to_be_checked()
    fits(page, "#tie-section")
    snap(page, "#tie-section", f"{WIDTH}-tie-fixed")
    expect(page.locator(".error:not([hidden])")).to_have_count(0)
    look("tie-fixed")


@pytest.mark.browser_context_args(viewport=PHONE, screen=PHONE, locale="es-CL")
def test_the_new_boxes_in_spanish_fit_a_phone(page: Page, look) -> None:
    page.goto("/rulesets/build?start=carioca")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    processed(page, "#builder-form")
    unfold(page, "words-section")
    expect(page.get_by_label("escala («escala»)", exact=True)).to_be_checked()  # the English word, and the Spanish
    expect(page.get_by_label("«joker», aunque sea un dos (en español, «comodín»)")).to_be_checked()
    fits(page, "#words-section")
    unfold(page, "going-down-section")
    expect(page.get_by_label("Desde el turno siguiente del jugador")).to_be_checked()
    fits(page, "#going-down-section")
    unfold(page, "tie-section")
    expect(page.get_by_label("Gana quien cerró más rondas; si siguen empatados, comparten el triunfo")).to_be_checked()
    page.get_by_label("Compartido: los empatados comparten el triunfo").check()
    expect(page.locator("#head-tie")).to_have_text("Empate al final compartido")
    fits(page, "#tie-section")
    snap(page, "#tie-section", f"{WIDTH}-tie-es")
    look("es")
