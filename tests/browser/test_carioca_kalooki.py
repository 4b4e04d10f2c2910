"""Carioca and Kalooki on a 360 px phone (issue 18, item 4): a whole Carioca game with an escala round, entered on
the keypad with every tap counted, and Kalooki's black and red ace keys.

Expected points come from RULES.md's point tables, never from the app: Carioca (§8.3) 2-10 face, J/Q/K 10, A 20,
JK 30, a red two left in hand 2; Kalooki (§8.4) black ace 15, red ace 1. Every page reached is screenshotted,
checked for sideways scrolling and scanned with axe (``look``). The taps per hand are printed (``-s``) for the
README's performance notes.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = [pytest.mark.browser]

NARROW = {"width": 360, "height": 780}
CARIOCA_POINTS = {"A": 20, **{str(n): n for n in range(2, 11)}, "J": 10, "Q": 10, "K": 10, "JK": 30}
NAMES = ["Ann", "Bob", "Cat"]
CONTRACTS = [
    "Two trios", "One trio and one escala", "Two escalas", "Three trios", "Two trios and one escala",
    "One trio and two escalas", "Three escalas", "Four trios",
    "Escala real: A to K of one suit, no jokers (every card, no discard)",
]  # fmt: skip
#: Who goes out in each deal (0 Ann, 1 Bob, 2 Cat), and the cards left, keyed in, for the other two in seat order.
OUTS = [1, 2, 0, 1, 2, 0, 1, 2, 1]
LEFT = [
    ["K 7", "A JK 2"], ["Q", "9 9 3"], ["JK", "5 5"], ["A A", "10"], ["2 2 2", "J Q K"],
    ["7", "JK JK"], ["4 6", "8"], ["A", "K 8"], ["3", "2 3 4 5 6 7 8 9 10 J Q K"],
]  # fmt: skip


class Taps:
    """Counts the taps of one hand's entry."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, target: Locator) -> None:
        target.tap()
        self.count += 1


def enter_hand(page: Page, number: int, out: int, left: dict[int, list[str]], look=None) -> int:
    """Enters deal ``number`` from the game page on the keypad; the taps it took, from "Enter scores" to "Save"."""
    tap = Taps()
    tap(page.locator(".prompt").get_by_role("link", name=f"Enter scores for deal {number}"))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Scores for deal {number}")
    tap(page.get_by_role("radio", name=NAMES[out], exact=True))
    pad = page.locator("#keypad")
    for seat, cards in left.items():
        tap(page.locator(f"#hand-{seat} .hand-name"))
        expect(pad).to_have_attribute("aria-label", f"Cards left for {NAMES[seat]}")
        for card in cards:
            tap(pad.get_by_role("button", name=card, exact=True))
    for seat, cards in left.items():  # the phone's own tally, before anything is saved
        expect(page.locator(f"#hand-{seat} .hand-total")).to_have_text(str(sum(CARIOCA_POINTS[c] for c in cards)))
    if look is not None:
        look(f"carioca-deal-{number}-entry")
    tap(page.get_by_role("button", name=f"Save deal {number}"))
    expect(page.locator(".flash").first).to_have_text(f"Deal {number} saved.")
    return tap.count


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_a_whole_carioca_game_on_the_keypad_at_360_px(page: Page, look) -> None:
    page.goto("/games/new")
    page.get_by_label("Rules", exact=True).select_option(label="Carioca (Chile)")
    page.get_by_role("checkbox", name="Escala real round", exact=True).check()  # swapped in for Carioca
    for index, name in enumerate(NAMES):
        page.locator(f"#seats-{index}-new_name").fill(name)
    page.locator("#first_dealer").select_option(label="Seat 1")
    look("carioca-new-game")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Carioca (Chile)")
    expect(page.locator("main")).to_contain_text("House rules: Escala real round")

    totals = [0, 0, 0]
    taps: list[int] = []
    for number, contract in enumerate(CONTRACTS, start=1):
        prompt = page.locator(".prompt")
        expect(prompt.locator(".deal-count")).to_have_text(f"Deal {number} of 9")
        expect(prompt.locator("h2")).to_have_text(contract)
        expect(prompt).to_contain_text("12 cards each")
        if number in (1, 9):
            look(f"carioca-deal-{number}-prompt")
        out = OUTS[number - 1]
        others = [seat for seat in range(3) if seat != out]
        left = {seat: LEFT[number - 1][i].split() for i, seat in enumerate(others)}
        taps.append(enter_hand(page, number, out, left, look if number in (1, 9) else None))
        for seat, cards in left.items():
            totals[seat] += sum(CARIOCA_POINTS[c] for c in cards)
        if number == 1:
            look("carioca-after-deal-1")
    print("Carioca taps per hand:", taps)
    board = page.locator("#scoreboard")
    expect(board.locator("tfoot td")).to_have_text([str(t) for t in totals])
    # Ann: 17 + 10 + 40 + 6 + 10 + 20 + 3; Bob: 21 + 30 + 30 + 7 + 18; Cat: 52 + 10 + 10 + 60 + 8 + 84
    assert totals == [106, 106, 224]
    # level on 106: Bob went out in 4 deals, Ann in 2, so Bob wins (RULES.md §8.3 tiebreak most_deals_won)
    expect(page.locator(".tiebreak-note")).to_have_text("Ann and Bob tied on 106: Bob went out in the most deals (4) and wins.")
    expect(page.locator(".final-order li .who")).to_have_text(["Bob 106 Winner", "Ann 106", "Cat 224"])
    look("carioca-final")
    # each hand: "Enter scores", who went out, each of the two other names, their cards, "Save"
    assert taps == [1 + 1 + 2 + sum(len(h.split()) for h in hands) + 1 for hands in LEFT]


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_kalooki_keypad_keeps_the_aces_colour_at_360_px(page: Page, look) -> None:
    page.goto("/games/new")
    page.get_by_label("Rules", exact=True).select_option(label="Kalooki (Jamaica)")
    for index, name in enumerate(NAMES):
        page.locator(f"#seats-{index}-new_name").fill(name)
    page.locator("#first_dealer").select_option(label="Seat 1")
    page.get_by_role("button", name="Start the game").tap()
    page.locator(".prompt").get_by_role("link", name="Enter scores for deal 1").tap()
    page.get_by_role("radio", name="Ann", exact=True).tap()
    pad = page.locator("#keypad")
    page.locator("#hand-1 .hand-name").tap()
    for key in ("Black ace", "Red ace", "JK"):  # 15 + 1 + 50
        pad.get_by_role("button", name=key, exact=True).tap()
    page.locator("#hand-2 .hand-name").tap()
    for key in ("Red ace", "Red ace", "K"):  # 1 + 1 + 10
        pad.get_by_role("button", name=key, exact=True).tap()
    expect(page.locator("#hands-1-cards")).to_have_value("AS AH JK")
    expect(page.locator("#hand-1 .hand-total")).to_have_text("66")
    expect(page.locator("#hand-2 .hand-total")).to_have_text("12")
    look("kalooki-ace-keys")
    page.get_by_role("button", name="Save deal 1").tap()
    expect(page.locator(".flash").first).to_have_text("Deal 1 saved.")
    expect(page.locator("#scoreboard tfoot td")).to_have_text(["0", "66", "12"])


@pytest.mark.parametrize(("ruleset_id", "name"), [("carioca", "Carioca (Chile)"), ("kalooki", "Kalooki (Jamaica)")])
@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_the_rules_cards_of_carioca_and_kalooki_at_360_px(page: Page, look, ruleset_id: str, name: str) -> None:
    page.goto(f"/rules/{ruleset_id}")
    expect(page.get_by_role("heading", level=1)).to_contain_text(name)
    look(f"{ruleset_id}-rules-card")
