"""Issue 19 at 360 and 390 px: the league standings first (filters folded), sorted by wins, streaks in words,
names as 44 px targets; who entered each deal in a game's history; an ended-early game marked on a chart.

Every page reached is screenshotted into artifacts/screenshots/, checked for sideways scrolling and scanned
with axe (``look`` in conftest.py). The league is test_league_pages.py's (its numbers are worked out there).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_league_pages import LEAGUE, THIS_YEAR, league

__all__ = ["league"]  # the league fixture, shared with test_league_pages.py

pytestmark = [pytest.mark.browser]

SIZES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]
PHONES = [
    pytest.param(size, marks=pytest.mark.browser_context_args(viewport=size, screen=size), id=f"{size['width']}px")
    for size in SIZES
]


@pytest.mark.parametrize("phone", PHONES)
def test_the_standings_come_first_sorted_by_wins_with_streaks_in_words(page: Page, phone, look, league: int) -> None:
    assert page.viewport_size == phone
    page.goto(f"/leagues/{league}")
    expect(page.get_by_role("heading", level=1)).to_have_text(LEAGUE)
    fold = page.locator(".filters-fold")
    expect(fold.locator("summary")).to_have_text(f"Showing {THIS_YEAR} · All rulesets · by wins (change)")
    expect(page.get_by_label("Season")).to_be_hidden()  # folded
    # most wins first: Rosalind 2, Maximiliana 1, then Tobias and Wen with half a win each (Tobias averages 77.5, Wen 80)
    names = page.locator(".standings-list .name")
    expect(names).to_have_text(["Rosalind", "Maximiliana Oppenheimer-Fitzgerald", "Tobias", "Wen"])
    # the first player's card is whole on the first screen, the second starts on it
    first, second = (page.locator(".standings-list > li").nth(n).bounding_box() for n in (0, 1))
    assert first is not None and first["y"] + first["height"] <= phone["height"]
    assert second is not None and second["y"] < phone["height"]
    # each name is a tap target at least 44 px tall, inside the phone's width
    for link in page.locator(".standings-list .name a").all():
        box = link.bounding_box()
        assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= phone["width"]
    rosalind = page.locator(".standings-list > li", has_text="Rosalind")
    expect(rosalind.locator(".stats div", has_text="Streak").locator("dd")).to_have_text("won the last game")
    expect(page.locator(".standings-list .stats dd", has_text=re.compile(r"^[WL]\d+$"))).to_have_count(0)
    look(f"standings-{phone['width']}")
    # the fold opens on the season, rules and sort; the old ?sort= links still sort
    fold.locator("summary").tap()
    expect(page.get_by_label("Sort by")).to_have_value("wins")
    look(f"standings-filters-open-{phone['width']}")
    page.goto(f"/leagues/{league}?sort=rating")
    expect(fold.locator("summary")).to_contain_text("by skill")
