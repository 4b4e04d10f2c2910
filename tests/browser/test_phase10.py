"""A Phase 10 game on a 360 px phone: each player on their own phase (RULES.md §8.6).

Expected points come from RULES.md §8.1's point table (1-9 5, 10-12 10, SKIP 15, W 25), never from the app.
Every page reached is screenshotted, checked for sideways scrolling and scanned with axe (``look``).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser]

NARROW = {"width": 360, "height": 780}
PHASE10_POINTS = {**{str(n): 5 if n <= 9 else 10 for n in range(1, 13)}, "W": 25, "SKIP": 15}
NAMES = ["Annabelle", "Bartholomew", "Cy", "Dee", "Fitzgerald-Smythe", "Gus"]


def hand_row(page: Page, name: str):
    return page.locator(f"#hand-{NAMES.index(name)}")


def tap_cards(page: Page, name: str, cards: list[str]) -> None:
    row = hand_row(page, name)
    row.locator(".hand-name").tap()
    pad = page.locator("#keypad")
    expect(pad).to_have_attribute("aria-label", f"Cards left for {name}")
    for card in cards:
        pad.get_by_role("button", name=card, exact=True).tap()


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_a_six_player_phase10_game_at_360_px(page: Page, look) -> None:
    page.goto("/games/new")
    page.get_by_label("Rules", exact=True).select_option(label="Phase 10")
    expect(page.locator("#player-range")).to_contain_text("Phase 10:")
    for index, name in enumerate(NAMES):
        page.locator(f"#seats-{index}-new_name").fill(name)
    page.locator("#first_dealer").select_option(label="Seat 1")
    look("new-game")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Phase 10")

    prompt = page.locator(".phases-prompt")
    expect(prompt.locator(".deal-count")).to_have_text("Hand 1")
    expect(prompt.locator(".phase-list li")).to_have_count(6)
    expect(prompt.locator(".phase-list li").first).to_contain_text("Phase 1")
    expect(prompt.locator(".phase-list li").first).to_contain_text("Two sets of 3")
    look("hand-1-prompt")

    prompt.get_by_role("link", name="Enter scores for hand 1").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Scores for hand 1")
    page.get_by_role("radio", name="Annabelle", exact=True).tap()
    left = {"Bartholomew": ["W", "SKIP", "12"], "Cy": ["1", "9"], "Dee": ["SKIP"], "Fitzgerald-Smythe": ["10", "11"], "Gus": ["W"]}
    for name, cards in left.items():
        tap_cards(page, name, cards)
    for name, cards in left.items():
        expect(hand_row(page, name).locator(".hand-total")).to_have_text(str(sum(PHASE10_POINTS[c] for c in cards)))
    hand_row(page, "Bartholomew").get_by_role("checkbox").tap()  # Bartholomew laid his phase down too
    # Annabelle went out, so she made her phase (RULES.md §8.6.4): ticked by that tap, and it stays ticked
    annabelle = hand_row(page, "Annabelle").get_by_role("checkbox")
    expect(annabelle).to_be_checked()
    expect(annabelle).to_have_attribute("aria-disabled", "true")  # said held to a screen reader (and to Playwright)
    annabelle.tap(force=True)
    hand_row(page, "Annabelle").locator(".made").tap(force=True)  # the label too
    expect(annabelle).to_be_checked()
    look("hand-1-entry-out-made")
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.locator(".flash").first).to_have_text("Hand 1 saved.")

    expect(prompt.locator(".deal-count")).to_have_text("Hand 2")
    expect(prompt.locator(".phase-list li")).to_have_text(
        [
            "Annabelle Phase 2 One set of 3 and one run of 4",
            "Bartholomew Phase 2 One set of 3 and one run of 4",
            *[f"{name} Phase 1 Two sets of 3" for name in NAMES[2:]],
        ],
        use_inner_text=True,
    )
    board = page.locator("#scoreboard")
    expect(board.locator("table")).to_be_hidden()  # six players: a list on a phone, each phase beside the total
    expect(board.locator(".list-view .name").first).to_have_text("Annabelle")
    expect(board.locator(".list-view li").first.locator(".phase-tag")).to_have_text("Phase 2")
    expect(board.locator(".list-view li").first.locator(".total")).to_have_text("0")
    look("hand-2-prompt")
    page.set_viewport_size({"width": 800, "height": 900})
    expect(board.locator(".phase-row td")).to_have_text(["Phase 2", "Phase 2", "Phase 1", "Phase 1", "Phase 1", "Phase 1"])
    look("hand-2-prompt-800px", scan=False)


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_masters_players_choose_their_phase_at_360_px(page: Page, look) -> None:
    page.goto("/games/new")
    page.get_by_label("Rules", exact=True).select_option(label="Phase 10")
    expect(page.locator("#player-range")).to_contain_text("Phase 10:")
    page.get_by_label("Masters: choose your phase before each hand").check()
    for index, name in enumerate(NAMES[:3]):
        page.locator(f"#seats-{index}-new_name").fill(name)
    page.locator("#first_dealer").select_option(label="Seat 1")
    page.get_by_role("button", name="Start the game").tap()
    prompt = page.locator(".phases-prompt")
    expect(prompt.locator(".phase-list li").first).to_have_text(
        "Annabelle Chooses a phase Not made yet: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10", use_inner_text=True
    )
    prompt.get_by_role("link", name="Enter scores for hand 1").tap()
    page.get_by_role("radio", name="Cy", exact=True).tap()
    for index, phase in enumerate(["4", "8", "1"]):
        page.locator(f"#hands-{index}-chosen_phase").select_option(label=f"Phase {phase}")
    tap_cards(page, "Annabelle", ["5", "W"])
    tap_cards(page, "Bartholomew", ["12"])
    expect(hand_row(page, "Cy").get_by_role("checkbox")).to_be_checked()  # Cy went out: made, no tap
    look("masters-entry")
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.locator(".flash").first).to_have_text("Hand 1 saved.")
    expect(prompt.locator(".phase-list li").nth(2)).to_have_text(
        "Cy Chooses a phase Not made yet: 2, 3, 4, 5, 6, 7, 8, 9, 10", use_inner_text=True
    )
    board = page.locator("#scoreboard")
    expect(board.locator("tbody td")).to_have_text(["30 P4", "10 P8", "0 P1 ✓"], use_inner_text=True)
    expect(board.locator(".phase-row td")).to_have_text(["0 made", "0 made", "1 made"])
    look("masters-after-hand-1")


def tapping_who_went_out_ticks_made(page: Page, look, language: str) -> None:
    """Issue 27, finding 3: the one who went out made their phase (RULES.md §8.6.4): their box is ticked by that
    tap and can't be unticked while they are out; tapping another player gives the first box back as it was."""
    page.goto("/games/new?ruleset=phase10")
    for index, name in enumerate(NAMES[:3]):
        page.locator(f"#seats-{index}-new_name").fill(name)
    page.locator("#first_dealer").select_option(index=1)
    page.locator("button.primary[type=submit]").last.tap()
    page.locator(".phases-prompt a.button").first.tap()
    expect(page.locator("#keypad")).to_be_visible()  # the screen's script is running
    made = [hand_row(page, name).locator("input[name$='-made']") for name in NAMES[:3]]
    for box in made:
        expect(box).not_to_be_checked()
    made[1].tap()  # Bartholomew laid his phase down
    page.locator("input[name=went_out][value='0']").check(force=True)  # Annabelle went out
    expect(made[0]).to_be_checked()
    made[0].tap(force=True)  # a tap a player makes: Playwright would wait for a box said held (aria-disabled)
    expect(made[0]).to_be_checked()  # held while she is out
    hand_row(page, "Annabelle").locator(".made").tap(force=True)  # its label neither
    expect(made[0]).to_be_checked()
    look(f"made-held-{language}")
    page.locator("input[name=went_out][value='1']").check(force=True)  # no: Bartholomew went out
    expect(made[0]).not_to_be_checked()  # her box as it was before
    expect(made[1]).to_be_checked()
    made[0].tap()
    expect(made[0]).to_be_checked()  # hers is free again
    page.locator("input[name=went_out][value='2']").check(force=True)  # Cy
    expect(made[1]).to_be_checked()  # ticked by hand before: kept
    expect(made[2]).to_be_checked()


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_tapping_who_went_out_ticks_their_made_box_until_someone_else_is_tapped(page: Page, look) -> None:
    tapping_who_went_out_ticks_made(page, look, "en")


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW, locale="es-CL")
def test_in_spanish_tapping_who_went_out_ticks_their_made_box(page: Page, look, owners_language_forgotten) -> None:
    tapping_who_went_out_ticks_made(page, look, "es")
    expect(page.locator("html")).to_have_attribute("lang", "es")
