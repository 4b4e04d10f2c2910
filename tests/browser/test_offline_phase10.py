"""A Phase 10 game scored hand after hand with no connection (issue 18): the phone draws each next hand from the
"made" ticks it keeps, and the server, once the queue is sent, derives the same phases.

Expected phases come from RULES.md §8.6 (made: the next phase; not made: the same one) and §8.1's contracts;
points from §8.1's table (1-9 5, 10-12 10, SKIP 15, W 25), never from the app.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .test_offline import WAITING, go_offline, phone_on_game, recorded, until, until_sent

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cy"]
PHASE_1 = "Two sets of 3"
PHASE_2 = "One set of 3 and one run of 4"
PHASE_3 = "One set of 4 and one run of 4"


def new_phase10_game(live_app, *options: str, hands_ann_makes: int = 0) -> int:  # noqa: ANN001
    """A Phase 10 game seating NAMES, the first seat dealing, through the game service as the pages do; in its
    first ``hands_ann_makes`` hands Ann goes out on her phase and nobody else makes theirs (Ben 10, Cy 5 left)."""
    from companion.games import deal_entry, life
    from companion.rules.deal_score import LineEntry
    from companion.rules.published import PUBLISHED_RULESETS

    with live_app.app_context():
        players = [life.find_or_add_player(name) for name in NAMES]
        game = life.start_game(PUBLISHED_RULESETS["phase10"].with_options(*options), players, 0)
        for number in range(1, hands_ann_makes + 1):
            lines = [LineEntry(position=0, made=True), LineEntry(position=1, points="10"), LineEntry(position=2, points="5")]
            judgement = deal_entry.judge_entry(game, number, "0", lines)
            assert judgement.ok, judgement.problems
            deal_entry.save_deal(game, number, judgement)
        return game.id


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
    enter_hand(page, 0, {1: "11 3", 2: "W 12 5"}, made={1})  # Ben 10 + 5, Cy 25 + 10 + 5; Ann's made by going out
    expect(page.locator("#offline-status")).to_contain_text(f"Hand 1: {WAITING}.")

    # the game page, from the phone's store, prompts hand 2 from those ticks: made moves on, not made repeats
    expect(prompt.locator("[data-prompt='count']")).to_have_text("Hand 2")
    expect(prompt.locator(".phase-list li")).to_have_text(
        [f"Ann Phase 2 {PHASE_2}", f"Ben Phase 2 {PHASE_2}", f"Cy Phase 1 {PHASE_1}"], use_inner_text=True
    )
    expect(prompt.locator("[data-prompt='dealer']")).to_have_text("Ben")  # the deal passes left each hand
    expect(prompt.locator("[data-prompt='first']")).to_have_text("Cy")
    expect(prompt.locator("[data-prompt='cutter']")).to_have_text("Ann")  # on the dealer's right (tally.js handRoles)
    expect(page.locator(".waiting-totals")).to_have_text(
        "Totals with the hand saved on this phone (not sent yet): Ann 0, Ben 15, Cy 40."
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
    expect(page.locator("#offline-status")).to_contain_text(f"Hand 2: {WAITING}.")
    expect(prompt.locator("[data-prompt='count']")).to_have_text("Hand 3")
    expect(prompt.locator(".phase-list li")).to_have_text(
        [f"Ann Phase 2 {PHASE_2}", f"Ben Phase 3 {PHASE_3}", f"Cy Phase 2 {PHASE_2}"], use_inner_text=True
    )
    expect(prompt.get_by_role("link", name="Enter scores for hand 3")).to_be_visible()
    expect(page.locator(".waiting-totals")).to_have_text(
        "Totals with the 2 hands saved on this phone (not sent yet): Ann 25, Ben 15, Cy 45."
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


def test_offline_the_hand_in_which_someone_makes_phase_10_offers_no_next_hand(browser, browser_context_args, live_app, look):
    """RULES.md §8.6.5: the game ends after the hand in which someone makes phase 10; the winner (or a tie-break
    hand) is the server's to say, so the phone offers no hand after it."""
    game = new_phase10_game(live_app, hands_ann_makes=9)  # Ann has made phases 1 to 9
    context, page = phone_on_game(browser, browser_context_args, game, service_worker=False)
    prompt = page.locator(".phases-prompt")
    expect(prompt.locator(".phase-list li").first).to_contain_text("Ann Phase 10")
    go_offline(context, page)
    prompt.get_by_role("link", name="Enter scores for hand 10").click()
    enter_hand(page, 0, {1: "3", 2: "4"}, made={0})
    expect(page.locator("#offline-status")).to_contain_text(f"Hand 10: {WAITING}.")
    expect(page.locator("[data-offline-added='phases']")).to_have_text(
        "Someone made their last phase in hand 10, so the game ends there: the server names the winner,"
        " or calls a tie-break hand, once the connection is back."
    )
    expect(prompt.get_by_role("link", name=re.compile("Enter scores"))).to_have_count(0)
    look("phase10-offline-game-ends", page=page)

    context.set_offline(False)
    until_sent(page)
    expect(page.locator(".winner-named")).to_have_text("Ann wins: the lowest total of those who made every phase.")
    context.close()


def test_offline_masters_each_player_chooses_from_the_phases_the_phone_knows_are_left(
    browser, browser_context_args, live_app
):
    """Masters (RULES.md §8.6.2-3): the phone asks each player's chosen phase offline, as the server's page does,
    offering the phases not made yet after the hands it keeps."""
    game = new_phase10_game(live_app, "masters")
    context, page = phone_on_game(browser, browser_context_args, game, service_worker=False)
    prompt = page.locator(".phases-prompt")
    go_offline(context, page)
    prompt.get_by_role("link", name="Enter scores for hand 1").click()
    for seat, phase in {0: "4", 1: "2", 2: "1"}.items():
        page.locator(f"#hands-{seat}-chosen_phase").select_option(phase)
    enter_hand(page, 0, {1: "3", 2: "4"}, made={0, 2})  # Ann makes phase 4, Cy phase 1, Ben misses phase 2
    expect(page.locator("#offline-status")).to_contain_text(f"Hand 1: {WAITING}.")
    expect(prompt.locator(".phase-list li")).to_have_text(
        [
            "Ann Chooses a phase Not made yet: 1, 2, 3, 5, 6, 7, 8, 9, 10",
            "Ben Chooses a phase Not made yet: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10",
            "Cy Chooses a phase Not made yet: 2, 3, 4, 5, 6, 7, 8, 9, 10",
        ],
        use_inner_text=True,
    )
    prompt.get_by_role("link", name="Enter scores for hand 2").click()
    expect(page.locator("h1")).to_have_text("Scores for hand 2")
    expect(page.locator("#hands-0-chosen_phase option")).to_have_text(
        ["—", *[f"Phase {n}" for n in (1, 2, 3, 5, 6, 7, 8, 9, 10)]]
    )
    expect(page.locator("#hands-2-chosen_phase option")).to_have_text(["—", *[f"Phase {n}" for n in range(2, 11)]])
    for seat, phase in {0: "1", 1: "2", 2: "9"}.items():
        page.locator(f"#hands-{seat}-chosen_phase").select_option(phase)
    enter_hand(page, 1, {0: "5", 2: "6"}, made={1})  # Ben goes out on phase 2
    expect(page.locator("#offline-status")).to_contain_text(f"Hand 2: {WAITING}.")

    context.set_offline(False)
    until_sent(page)
    deals, _ = recorded(live_app, game)
    assert deals == [(1, {0: 0, 1: 5, 2: 5}), (2, {0: 5, 1: 0, 2: 5})]
    board = page.locator("#scoreboard")
    # hand 1: Ann P4 made, Ben P2, Cy P1 made; hand 2: Ann P1, Ben P2 made, Cy P9 (as chosen on the phone)
    expect(board.locator("tbody tr").nth(0).locator("td")).to_have_text(["0 P4 ✓", "5 P2", "5 P1 ✓"])
    expect(board.locator("tbody tr").nth(1).locator("td")).to_have_text(["5 P1", "0 P2 ✓", "5 P9"])
    expect(board.locator(".phase-row td")).to_have_text(["1 made", "1 made", "1 made"])
    context.close()
