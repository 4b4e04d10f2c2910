"""A league's pages on the narrowest phone: standings, sorting, a player's page with its charts, head-to-head.

The league's games are played through the game service (as the pages do),
each finished with totals chosen here; the numbers read off the pages are
worked out from those totals by hand. Every page reached is screenshotted
into artifacts/screenshots/, checked for sideways scrolling and scanned with
axe (see ``look`` in conftest.py).
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser]

NARROW = {"width": 360, "height": 780}  # the narrowest phone we design for
WIDE = {"width": 900, "height": 900}

LEAGUE = "Oppenheimer Family Rummy Night"
NAMES = ["Rosalind", "Maximiliana Oppenheimer-Fitzgerald", "Tobias", "Wen"]
THIS_YEAR = dt.date.today().year
# (who sat down, in seat order; their final totals): Rosalind wins two, Tobias and Wen share one
GAMES = [
    (["Rosalind", "Maximiliana Oppenheimer-Fitzgerald", "Tobias"], [35, 80, 120]),
    (["Tobias", "Wen", "Rosalind", "Maximiliana Oppenheimer-Fitzgerald"], [45, 45, 60, 150]),
    (["Wen", "Rosalind", "Tobias"], [90, 20, 75]),
    (["Maximiliana Oppenheimer-Fitzgerald", "Wen", "Tobias"], [55, 105, 70]),
]


@pytest.fixture
def league(live_app) -> int:
    """The league with its four finished games (played on four days of this year); its id."""
    from companion.extensions import db
    from companion.games import deal_entry, life
    from companion.rules.deal_score import LineEntry
    from companion.leagues.service import create_league
    from companion.models import League
    from companion.rules import RULESETS

    with live_app.app_context():
        found = db.session.query(League).filter_by(name_key=League.key_for(LEAGUE)).first()
        if found is not None:
            return found.id
        league = create_league(LEAGUE)
        for day, (names, totals) in enumerate(GAMES, start=1):
            players = [life.find_or_add_player(name) for name in names]
            game = life.start_game(RULESETS["contract"], players, 0, league=league)
            game.created_at = dt.datetime(THIS_YEAR, 1, day, 20)
            db.session.commit()
            for number in range(1, 8):
                out = (number - 1) % len(names)  # seats go out in turn; each total is typed in deal 1 or 2
                entries = [
                    LineEntry(
                        position=seat,
                        points="" if seat == out else str(totals[seat] if number == (2 if seat == 0 else 1) else 0),
                    )
                    for seat in range(len(names))
                ]
                judgement = deal_entry.judge_entry(game, number, str(out), entries)
                assert judgement.ok, judgement.problems
                deal_entry.save_deal(game, number, judgement)
        return league.id


def tap(locator) -> None:
    locator.tap()


def card_names(page: Page) -> list[str]:
    return page.locator(".standings-list .name").all_inner_texts()


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_standings_player_and_head_to_head_at_360_px(page: Page, look, league: int) -> None:
    assert page.viewport_size == NARROW
    page.goto("/leagues/")
    tap(page.get_by_role("link", name=re.compile(LEAGUE)))
    expect(page.get_by_role("heading", level=1)).to_have_text(LEAGUE)
    expect(page.locator("main .meta").first).to_contain_text(f"4 games in {THIS_YEAR}")
    # on a phone the standings are cards, most wins first; the table is for wider screens
    expect(page.locator(".standings-table")).to_be_hidden()
    expect(page.locator(".standings-list > li")).to_have_count(4)
    rosalind = page.locator(".standings-list > li", has_text="Rosalind")
    # Rosalind: 3 games (35, 60, 20), won 2; went out in deals 1, 4, 7 of game 1, 3 and 7 of game 2, 2 and 5 of game 3
    expect(rosalind.locator(".list-head .total")).to_have_text(re.compile(r"Wins\s*2\s*67%"))
    expect(rosalind.locator(".stats dd")).to_have_text(
        ["3", re.compile(r"^\d+, (new|settling|steady)$"), "38.3", "5.5", "33%", "20 / 60", "won the last game"]
    )
    look("standings")

    # Sort the cards by average score, lowest first, from the folded form
    tap(page.locator(".filters-fold > summary"))
    page.get_by_label("Sort by").select_option(label="Average score")
    page.get_by_label("Order").select_option(label="Lowest first (A to Z)")
    tap(page.get_by_role("button", name="Show", exact=True))
    # averages: Rosalind 38.3, Tobias 77.5, Wen 80, Maximiliana 95
    expect(page.locator(".standings-list .name")).to_have_text(["Rosalind", "Tobias", "Wen", "Maximiliana Oppenheimer-Fitzgerald"])
    expect(page.get_by_label("Order")).to_have_value("asc")
    look("standings-by-average")
    tap(page.locator(".filters-fold > summary"))
    page.get_by_label("Order").select_option(label="Highest first (Z to A)")
    tap(page.get_by_role("button", name="Show", exact=True))
    expect(page.locator(".standings-list .name")).to_have_text(["Maximiliana Oppenheimer-Fitzgerald", "Wen", "Tobias", "Rosalind"])
    # a new season choice keeps the sort
    tap(page.locator(".filters-fold > summary"))
    page.get_by_label("Season").select_option(label="All time")
    tap(page.get_by_role("button", name="Show", exact=True))
    expect(page).to_have_url(re.compile(r"season=all.*sort=average.*dir=desc"))
    expect(page.locator(".standings-list .name").first).to_have_text("Maximiliana Oppenheimer-Fitzgerald")

    # A player's page: numbers, two charts drawn on the server, contracts, head-to-head, games
    tap(page.locator(".standings-list").get_by_role("link", name="Maximiliana Oppenheimer-Fitzgerald"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Maximiliana Oppenheimer-Fitzgerald")
    scores = page.get_by_role("img", name=re.compile("final scores"))
    expect(scores).to_have_attribute(
        "aria-label", "Maximiliana Oppenheimer-Fitzgerald's final scores: 3 games, from 80 to 55, lowest 55, highest 150"
    )
    expect(page.get_by_role("img", name=re.compile("skill: 3 games"))).to_be_visible()
    expect(page.locator("svg.chart polyline")).to_have_count(2)
    expect(page.locator(".contract-list > li")).to_have_count(7)
    expect(page.get_by_text(re.compile(r"^Hardest contract:"))).to_be_visible()
    expect(page.locator(".h2h-list > li", has_text="Against Tobias")).to_contain_text("ahead 2, behind 1")
    expect(page.locator(".history-list > li")).to_have_count(3)
    for chart in page.locator("svg.chart").all():  # the charts fit the phone's width
        box = chart.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"]
    look("player")

    # Head to head: a card for each player on the phone
    tap(page.get_by_role("link", name=re.compile("← " + LEAGUE)))
    tap(page.get_by_role("link", name="Head to head"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Head to head")
    expect(page.locator(".h2h-table")).to_be_hidden()
    wen = page.locator(".h2h-cards section", has=page.get_by_role("heading", name="Wen"))
    expect(wen.locator("li")).to_have_text(
        ["vs Maximiliana Oppenheimer-Fitzgerald: ahead 1, behind 1", "vs Rosalind: ahead 1, behind 1", "vs Tobias: ahead 0, behind 2, level 1"]
    )
    look("head-to-head")

    # A range of dates: the date fields show once "Dates below" is chosen
    page.goto(f"/leagues/{league}")
    tap(page.locator(".filters-fold > summary"))
    expect(page.get_by_label("From", exact=True)).to_be_hidden()
    page.get_by_label("Season").select_option(label="Dates below")
    page.get_by_label("From", exact=True).fill(f"{THIS_YEAR}-01-02")
    page.get_by_label("To", exact=True).fill(f"{THIS_YEAR}-01-03")
    tap(page.get_by_role("button", name="Show", exact=True))
    expect(page.locator("main .meta").first).to_contain_text(f"2 games in {THIS_YEAR}-01-02 to {THIS_YEAR}-01-03")
    expect(page.get_by_label("From", exact=True)).to_have_value(f"{THIS_YEAR}-01-02")
    expect(page.locator(".filters-fold > summary")).to_contain_text(f"{THIS_YEAR}-01-02 to {THIS_YEAR}-01-03")
    look("standings-date-range")

    # A season that isn't one: the message is beside the field
    page.goto(f"/leagues/{league}?season=someday")
    expect(page.locator("#season-error")).to_have_text("“someday” is not a season: pick a year, all time or a range.")
    expect(page.get_by_label("Season")).to_have_attribute("aria-invalid", "true")
    look("standings-bad-season")


@pytest.mark.browser_context_args(viewport=WIDE, screen=WIDE)
def test_on_a_wide_screen_the_standings_are_a_table_sorted_from_its_headings(page: Page, look, league: int) -> None:
    page.goto(f"/leagues/{league}")
    table = page.locator(".standings-table table")
    expect(table).to_be_visible()
    expect(page.locator(".standings-list")).to_be_hidden()
    expect(table.locator("thead th")).to_have_text(
        ["Player", "Games", "Wins", "Win rate", "Average score", "Penalty per deal", "Went out", "Best game", "Worst game", "Streak", "Skill"]
    )
    expect(table.locator("th[aria-sort]")).to_have_text("Wins")
    look("standings-table")
    tap(table.get_by_role("link", name="Games", exact=True))  # most games first
    expect(table.locator("th[aria-sort]")).to_have_attribute("aria-sort", "descending")
    expect(table.locator("tbody th")).to_have_text(["Tobias", "Maximiliana Oppenheimer-Fitzgerald", "Rosalind", "Wen"])
    tap(table.get_by_role("link", name="Games", exact=True))  # and turned round
    expect(table.locator("th[aria-sort]")).to_have_attribute("aria-sort", "ascending")
    expect(table.locator("tbody th")).to_have_text(["Maximiliana Oppenheimer-Fitzgerald", "Rosalind", "Wen", "Tobias"])
    look("standings-table-by-games")
    page.goto(f"/leagues/{league}/head-to-head")
    matrix = page.locator(".h2h-table table")
    expect(matrix).to_be_visible()
    expect(matrix.locator("tbody tr").nth(3)).to_have_text(re.compile(r"Wen\s*1–1\s*1–1\s*0–2\s*—"))
    look("head-to-head-table")
