"""The tie-break hand's prompt on the narrowest phone (360 px), in English and Spanish (RULES.md §8.7.14).

Four players, Ann dealing first; Ann and Dee both make phase 10 in hand 10 (Ben's deal) on 50 each. Worked out by
hand: the deal passes to the next tied player after Ben, clockwise: Dee deals hand 11, and Ann, the other tied
player, cuts and plays first. Nobody else is named, and the hand saves and decides the game.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser]

NARROW = {"width": 360, "height": 740}
SHOTS = Path("/tmp/shots-A")
NAMES = ["Ann", "Ben", "Cy", "Dee"]


def tied_phase10_game(live_app) -> int:  # noqa: ANN001
    """Hands 1-10 through the game service, as the pages save them: Ann and Dee make their phase every hand (Ann
    out in the odd hands, Dee in the even ones, 10 left to the other), Ben and Cy never (30 each)."""
    from companion.games import deal_entry, life
    from companion.rules.deal_score import LineEntry
    from companion.rules.published import PUBLISHED_RULESETS

    with live_app.app_context():
        players = [life.find_or_add_player(name) for name in NAMES]
        game = life.start_game(PUBLISHED_RULESETS["phase10"], players, 0)
        for number in range(1, 11):
            out = 0 if number % 2 else 3
            lines = [
                LineEntry(position=0, made=True, points="0" if out == 0 else "10"),
                LineEntry(position=1, points="30"),
                LineEntry(position=2, points="30"),
                LineEntry(position=3, made=True, points="0" if out == 3 else "10"),
            ]
            judgement = deal_entry.judge_entry(game, number, str(out), lines)
            assert judgement.ok, judgement.problems
            deal_entry.save_deal(game, number, judgement)
        return game.id


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"{name}.png")  # what the phone shows, 360 × 740


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_the_tiebreak_prompt_names_only_the_tied_players_and_the_hand_decides_the_game(page: Page, look, live_app) -> None:
    game = tied_phase10_game(live_app)
    page.goto(f"/games/{game}")
    prompt = page.locator(".phases-prompt")
    expect(prompt.locator(".deal-count")).to_have_text("Tie-break hand")
    expect(prompt.locator("#prompt-heading")).to_have_text("Ann and Dee are tied on 50: they play one more hand.")
    expect(prompt.locator(".roles dt")).to_have_text(["Hand", "Dealer", "Cuts", "Plays first"])
    expect(prompt.locator(".roles dd")).to_have_text(["10 cards each", "Dee", "Ann", "Ann"])
    expect(prompt.locator(".phase-list li")).to_have_count(2)
    look("tiebreak-prompt")
    shoot(page, "tiebreak-prompt-en")

    prompt.get_by_role("link", name="Enter scores for hand 11").click()
    expect(page.locator(".entry-head .meta")).to_contain_text("dealer Dee")
    expect(page.locator(".hand-row[data-position]")).to_have_count(2)
    page.locator("input[name=went_out][value='3']").check(force=True)
    page.locator("#hands-0-cards").fill("W 12")  # 25 + 10
    page.locator("input[name=hands-3-made]").check()
    shoot(page, "tiebreak-entry-en")
    page.locator("#save").click()
    expect(page.locator(".winner-named")).to_contain_text("Dee wins")
    look("tiebreak-decided")
    shoot(page, "tiebreak-decided-en")


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW, locale="es-CL")
def test_the_tiebreak_prompt_in_spanish(page: Page, look, live_app, owners_language_forgotten) -> None:
    game = tied_phase10_game(live_app)
    page.goto(f"/games/{game}")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    prompt = page.locator(".phases-prompt")
    expect(prompt.locator(".deal-count")).to_have_text("Mano de desempate")
    expect(prompt.locator("#prompt-heading")).to_have_text("Ann y Dee empatan con 50: juegan una mano más.")
    roles = prompt.locator(".roles div:not(:first-child)")  # who deals, cuts and plays first (not the deal's size)
    expect(roles.locator("dt")).to_have_text(["Repartidor", "Corta", "Empieza"])
    expect(roles.locator("dd")).to_have_text(["Dee", "Ann", "Ann"])
    look("tiebreak-prompt-es")
    shoot(page, "tiebreak-prompt-es")
