"""A Phase 10 game scored hand after hand with no connection (issue 18): the phone draws each next hand from the
"made" ticks it keeps, and the server, once the queue is sent, derives the same phases.

Expected phases come from RULES.md §8.6 (made: the next phase; not made: the same one) and §8.1's contracts;
points from §8.1's table (1-9 5, 10-12 10, SKIP 15, W 25), never from the app.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_offline import WAITING, go_offline, phone_on_game, recorded, until, until_sent

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cy"]
PHASE_1 = "Two sets of 3"
PHASE_2 = "One set of 3 and one run of 4"
PHASE_3 = "One set of 4 and one run of 4"


def new_phase10_game(live_app) -> int:  # noqa: ANN001
    """A Phase 10 game seating NAMES, the first seat dealing, through the game service as the pages do."""
    from companion.games import life
    from companion.rules.published import PUBLISHED_RULESETS

    with live_app.app_context():
        players = [life.find_or_add_player(name) for name in NAMES]
        return life.start_game(PUBLISHED_RULESETS["phase10"], players, 0).id


def enter_hand(page, went_out: int, cards: dict[int, str], made: set[int]) -> None:  # noqa: ANN001
    """Fill a Phase 10 score form (who went out, the cards left, the "made" ticks) and save it."""
    expect(page.locator("#keypad")).to_be_visible()  # the screen's script is running
    page.locator(f"input[name=went_out][value='{went_out}']").check(force=True)
    for seat, left in cards.items():
        page.locator(f"#hands-{seat}-cards").fill(left)
    for seat in made:
        page.locator(f"input[name=hands-{seat}-made]").check()
    page.locator("#save").click()


@pytest.mark.parametrize("service_worker", [False, True], ids=["plain-http", "service-worker"])
def test_offline_phase10_two_hands_with_made_ticks_then_the_server_shows_the_same_phases(
    browser, browser_context_args, live_app, look, service_worker
):
    game = new_phase10_game(live_app)
    context, page = phone_on_game(browser, browser_context_args, game, service_worker=service_worker)
    prompt = page.locator(".phases-prompt")
    go_offline(context, page)

    # hand 1: everyone on phase 1; Ann goes out, Ben lays his phase down too, Cy does not
    prompt.get_by_role("link", name="Enter scores for hand 1").click()
    expect(page.locator("h1")).to_have_text("Scores for hand 1")
    enter_hand(page, 0, {1: "11 3", 2: "W 12 5"}, made={0, 1})  # Ben 10 + 5, Cy 25 + 10 + 5
    expect(page.locator("#offline-status")).to_contain_text(f"Deal 1: {WAITING}.")

    # the game page, from the phone's store, prompts hand 2 from those ticks: made moves on, not made repeats
    expect(prompt.locator("[data-prompt='count']")).to_have_text("Hand 2")
    expect(prompt.locator(".phase-list li")).to_have_text(
        [f"Ann Phase 2 {PHASE_2}", f"Ben Phase 2 {PHASE_2}", f"Cy Phase 1 {PHASE_1}"], use_inner_text=True
    )
    expect(prompt.locator("[data-prompt='dealer']")).to_have_text("Ben")  # the deal passes left each hand
    expect(prompt.locator("[data-prompt='first']")).to_have_text("Cy")
    expect(page.locator(".waiting-totals")).to_have_text(
        "Totals with the deal saved on this phone (not sent yet): Ann 0, Ben 15, Cy 40."
    )
    look("phase10-offline-hand-2-prompt", page=page)

    # hand 2's score screen, drawn on the phone: its number, dealer and each player's phase
    prompt.get_by_role("link", name="Enter scores for hand 2").click()
    expect(page.locator("h1")).to_have_text("Scores for hand 2")
    expect(page).to_have_title("Hand 2 scores · Rummy Companion")
    expect(page.locator(".entry-head .meta")).to_contain_text("dealer Ben")
    expect(page.locator(".phase-label")).to_have_text(
        [f"Phase 2: {PHASE_2}", f"Phase 2: {PHASE_2}", f"Phase 1: {PHASE_1}"]
    )
    expect(page.locator(".running .run-total")).to_have_text(["0", "15", "40"])  # hand 1, still on the phone
    expect(page.locator("input[type=checkbox][name$='-made']:checked")).to_have_count(0)
    look("phase10-offline-hand-2-entry", page=page)
    # Ben goes out on phase 2, Cy makes phase 1, Ann misses phase 2
    enter_hand(page, 1, {0: "SKIP 10", 2: "1"}, made={1, 2})  # Ann 15 + 10, Cy 5
    expect(page.locator("#offline-status")).to_contain_text(f"Deal 2: {WAITING}.")
    expect(prompt.locator("[data-prompt='count']")).to_have_text("Hand 3")
    expect(prompt.locator(".phase-list li")).to_have_text(
        [f"Ann Phase 2 {PHASE_2}", f"Ben Phase 3 {PHASE_3}", f"Cy Phase 2 {PHASE_2}"], use_inner_text=True
    )
    expect(prompt.get_by_role("link", name="Enter scores for hand 3")).to_be_visible()
    expect(page.locator(".waiting-totals")).to_have_text(
        "Totals with the 2 deals saved on this phone (not sent yet): Ann 25, Ben 15, Cy 45."
    )
    assert recorded(live_app, game)[0] == []

    # back online: the queue goes in order, and the server's own derivation agrees with what the phone showed
    context.set_offline(False)
    until_sent(page)
    until(page, "() => document.readyState === 'complete' && !!document.querySelector('#scoreboard tbody tr + tr')")
    deals, actions = recorded(live_app, game)
    assert deals == [(1, {0: 0, 1: 15, 2: 40}), (2, {0: 25, 1: 0, 2: 5})]
    assert actions.count("entered") == 2
    board = page.locator("#scoreboard")
    expect(board.locator("thead th")).to_have_text(["Hand", "Ann", "Ben", "Cy"])  # the seats in order
    expect(board.locator(".phase-row td")).to_have_text(["Phase 2", "Phase 3", "Phase 2"])
    expect(board.locator("tfoot tr").last.locator("td")).to_have_text(["25", "15", "45"])
    # each hand's points with the phase played, ticked where made: the server derived hand 2's phases itself
    expect(board.locator("tbody tr").nth(1).locator("td")).to_have_text(["25 P2", "0 P2 ✓", "5 P1 ✓"])
    expect(prompt.locator(".deal-count")).to_have_text("Hand 3")
    expect(prompt.locator(".phase-list li")).to_have_text(
        [f"Ann Phase 2 {PHASE_2}", f"Ben Phase 3 {PHASE_3}", f"Cy Phase 2 {PHASE_2}"], use_inner_text=True
    )
    look("phase10-offline-back-online", page=page)
    context.close()
