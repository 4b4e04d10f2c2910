"""Bringing a paper score sheet into a league on the narrowest phone: type it, answer the question, confirm.

Each page reached is screenshotted into artifacts/screenshots/, checked for
sideways scrolling and scanned with axe (``look`` in conftest.py).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser]

NARROW = {"width": 360, "height": 780}  # the narrowest phone we design for
LEAGUE = "Kowalczyk-Abernathy Christmas Rummy"
SHEET = """Game, 2019-12-25, Contract Rummy
Deal, Babcia, Tomasz, Eleanor
1, 15, 0, 40
2, 0, 25, 5
3, 30, 10, 0
4, 0, 45, 20
5, 65, 0, 35
6, 20, 55, 0
7, 0, 40, 85
Total, 130, 175, 185"""


@pytest.fixture
def league(live_app) -> int:
    from companion.extensions import db
    from companion.games import life
    from companion.leagues.service import add_member, create_league
    from companion.models import League

    with live_app.app_context():
        found = db.session.query(League).filter_by(name_key=League.key_for(LEAGUE)).first()
        if found is not None:
            return found.id
        league = create_league(LEAGUE)
        for name in ("Grandma Kowalczyk", "Tomasz", "Eleanor"):
            add_member(league, life.find_or_add_player(name))
        db.session.commit()
        return league.id


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_a_paper_sheet_is_previewed_asked_about_and_added_at_360_px(page: Page, look, league: int) -> None:
    page.goto(f"/leagues/{league}")
    page.get_by_role("link", name="Bring your paper scores").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Bring your paper scores")
    page.get_by_label("The score sheet").fill(SHEET)
    look("paper-sheet")
    page.get_by_role("button", name="Preview").click()

    # "Babcia" is nobody on the roster: the preview asks who she is, and offers no import yet
    question = page.get_by_label("Who is “Babcia”?")
    expect(question).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("^Add "))).to_have_count(0)
    look("paper-preview-question")
    question.select_option(label="Grandma Kowalczyk")
    page.get_by_role("button", name="Check the answers").click()

    expect(page.get_by_text("Grandma Kowalczyk 130, Tomasz 175, Eleanor 185")).to_be_visible()
    look("paper-preview-ready")
    page.get_by_role("button", name=f"Add 1 game to {LEAGUE}").click()

    expect(page.get_by_text(f"1 game from the score sheet added to {LEAGUE}.")).to_be_visible()
    expect(page.locator("main .meta").first).to_contain_text("1 game")
    grandma = page.locator(".standings-list > li", has_text="Grandma Kowalczyk")
    expect(grandma.locator(".stats dd").first).to_have_text("1")
    look("paper-imported-standings")
