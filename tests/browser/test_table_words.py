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


@pytest.fixture
def early_night(live_app) -> tuple[int, int, int]:
    """A league where Ada played a full game (120), one ended after two deals (10), another full one (90):
    (league id, Ada's player id, the ended-early game's id). Every deal is saved by the owner's account."""
    from companion.extensions import db
    from companion.games import deal_entry, life
    from companion.leagues.service import create_league
    from companion.models import Game, League
    from companion.rules import RULESETS
    from companion.rules.deal_score import LineEntry

    name = "Early Nights"
    with live_app.app_context():
        league = db.session.query(League).filter_by(name_key=League.key_for(name)).first()
        if league is None:
            league = create_league(name)
            for totals, deals in (([120, 80, 60], 7), ([10, 30, 40], 2), ([90, 100, 110], 7)):
                players = [life.find_or_add_player(n) for n in ("Ada", "Bea", "Cy")]
                game = life.start_game(RULESETS["contract"], players, 0, league=league)
                for number in range(1, deals + 1):
                    out = 1 if number == 1 else 0  # so every total is typed in deal 1 or 2
                    typed_in = {0: 1, 1: 2, 2: 1}
                    entries = [
                        LineEntry(position=seat, points="" if seat == out else str(totals[seat] if number == typed_in[seat] else 0))
                        for seat in range(3)
                    ]
                    judgement = deal_entry.judge_entry(game, number, str(out), entries)
                    assert judgement.ok, judgement.problems
                    deal_entry.save_deal(game, number, judgement, by=live_app.config["OWNER_ID"])
                if deals < 7:
                    life.end_early(game, by=live_app.config["OWNER_ID"])
        early = next(game for game in db.session.query(Game).filter_by(league_id=league.id) if len(game.deals) == 2)
        return league.id, life.find_or_add_player("Ada").id, early.id


@pytest.mark.parametrize("phone", PHONES)
def test_a_game_ended_early_is_marked_on_the_charts_and_the_history_says_who_entered(
    page: Page, phone, look, early_night: tuple[int, int, int]
) -> None:
    from tests.conftest import OWNER_NAME

    league, ada, early_game = early_night
    page.goto(f"/leagues/{league}/players/{ada}?season=all")
    scores = page.get_by_role("img", name=re.compile("Ada's final scores"))
    expect(scores).to_have_attribute(
        "aria-label", "Ada's final scores: 2 full games, from 120 to 90, lowest 90, highest 120; "
        "1 game ended early (hollow point, not on the line): 10"
    )
    hollow = scores.locator("circle.early")
    expect(hollow).to_have_count(1)
    expect(hollow).to_be_visible()
    expect(page.get_by_text("Ended early: a game stopped after fewer deals, so its total is lower.")).to_be_visible()
    expect(page.locator(".history-list > li", has_text="final score 10")).to_contain_text("(ended early)")
    for chart in page.locator("svg.chart").all():  # the charts fit the phone's width
        box = chart.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= phone["width"]
    scores.scroll_into_view_if_needed()
    look(f"player-ended-early-{phone['width']}")

    # the game's history says who entered each deal
    page.goto(f"/games/{early_game}")
    history = page.locator("details.history")
    history.locator("summary").tap()
    rows = history.locator(".history-list > li")
    expect(rows.filter(has_text="Deal 2 entered")).to_contain_text(f"by {OWNER_NAME}")
    expect(rows.filter(has_text="Deal 1 entered")).to_contain_text(f"by {OWNER_NAME}")
    expect(rows.filter(has_text="Game ended early")).not_to_contain_text("by ")
    history.scroll_into_view_if_needed()
    look(f"history-by-{phone['width']}")
