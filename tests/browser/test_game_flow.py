"""Whole games played on a phone the way a person at the table would: tapping.

Expected totals are worked out here from the cards tapped and RULES.md's
point tables (never from the app's own scoring), then read off the
scoreboard. Every page reached is screenshotted into artifacts/screenshots/
and checked for sideways scrolling; most are scanned with axe (see
``look`` in conftest.py).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser]

# RULES.md §3: penalty points per rank.
CONTRACT_POINTS = {"A": 15, **{str(n): n for n in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10, "JK": 15}
SHANGHAI_POINTS = {
    **{str(n): 5 for n in range(2, 8)},
    **{rank: 10 for rank in ("8", "9", "10", "J", "Q", "K")},
    "A": 20,
    "JK": 50,
}
PROGRESSIVE_POINTS = {"JK": 20, "2": 20, "A": 15, "J": 10, "Q": 10, "K": 10, **{str(n): 5 for n in range(3, 11)}}

# RULES.md §4, schedule T1, in each ruleset's words.
T1 = [
    "Two {sets} of 3",
    "One {set} of 3 and one run of 4",
    "Two runs of 4",
    "Three {sets} of 3",
    "Two {sets} of 3 and one run of 4",
    "One {set} of 3 and two runs of 4",
    "Three runs of 4 (every card, no discard)",
]
CONTRACT_DEALS = [text.format(set="group", sets="groups") for text in T1]
SHANGHAI_DEALS = [text.format(set="book", sets="books") for text in T1]
CONTRACT_DEALT = [10, 10, 10, 12, 12, 12, 12]

NARROW = {"width": 360, "height": 780}  # the narrowest phone we design for


def points(table: dict[str, int], cards: list[str] | str) -> int:
    return sum(table[card] for card in (cards.split() if isinstance(cards, str) else cards))


def card_count(cards: list[str] | str) -> int:
    return len(cards.split() if isinstance(cards, str) else cards)


def penalty_text(table: dict[str, int], cards: list[str] | str) -> str:
    return str(points(table, cards))


# ---------------------------------------------------------------------------
# What a person does


def start_game(page: Page, ruleset: str, seats: list[str | tuple[str, str]], first_dealer: str) -> None:
    """Fill in the new-game form: a seat is a new name, or ``("known", name)`` picked from the list."""
    page.goto("/games/new")
    page.get_by_label("Rules", exact=True).select_option(label=ruleset)
    expect(page.locator("#player-range")).to_contain_text(f"{ruleset}:")  # the house rules were swapped in
    for index, seat in enumerate(seats):
        if isinstance(seat, tuple):
            page.locator(f"#seats-{index}-player").select_option(label=seat[1])
        else:
            page.locator(f"#seats-{index}-new_name").fill(seat)
    page.locator("#first_dealer").select_option(label=first_dealer)


def tap(locator) -> None:
    locator.tap()


def keypad(page: Page, name: str):
    """The one keypad, after tapping the player's name to choose their line."""
    tap(page.locator(".hand-row", has=hand_box(page, name)).locator(".hand-name"))
    pad = page.locator("#keypad")
    expect(pad).to_have_attribute("aria-label", f"Cards left for {name}")
    return pad


def hand_box(page: Page, name: str):
    return page.get_by_role("textbox", name=f"Cards left for {name}", exact=True)


def penalty(page: Page, name: str):
    """The line's points this deal, added up on the phone."""
    return page.locator(".hand-row", has=hand_box(page, name)).locator(".hand-total")


def tap_cards(page: Page, name: str, cards: list[str]) -> None:
    """Tap the keys one after the other, without waiting for each answer (as a quick thumb does)."""
    pad = keypad(page, name)
    for card in cards:
        tap(pad.get_by_role("button", name=card, exact=True))


def fill_hands(page: Page, hands: dict[str, list[str] | str], table: dict[str, int]) -> None:
    """Tap (a list) or type (a string) each hand, then check the line and its running penalty."""
    for name, cards in hands.items():
        if isinstance(cards, str):
            hand_box(page, name).fill(cards)
        else:
            tap_cards(page, name, cards)
    for name, cards in hands.items():
        expect(hand_box(page, name)).to_have_value(cards if isinstance(cards, str) else " ".join(cards))
        expect(penalty(page, name)).to_have_text(penalty_text(table, cards))


def open_entry(page: Page, number: int) -> None:
    tap(page.get_by_role("link", name=f"Enter scores for deal {number}"))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Scores for deal {number}")


def save_deal(page: Page, number: int) -> None:
    tap(page.get_by_role("button", name=f"Save deal {number}"))
    expect(page.locator(".flash")).to_have_text(f"Deal {number} saved.")


def tick(locator) -> None:
    tap(locator)
    expect(locator).to_be_checked()


def check_prompt(
    page: Page, number: int, of: int, contract: str, dealt: int, dealer: str, cuts: str, first: str
) -> None:
    prompt = page.locator(".prompt")
    expect(prompt.locator(".deal-count")).to_have_text(f"Deal {number} of {of}")
    expect(prompt.get_by_role("heading", level=2)).to_have_text(contract)
    expect(prompt.locator(".roles dt")).to_have_text(["Deal", "Dealer", "Cuts", "Plays first"])
    expect(prompt.locator(".roles dd")).to_have_text([f"{dealt} cards each", dealer, cuts, first])
    expect(prompt.get_by_role("link", name=f"Enter scores for deal {number}")).to_be_visible()


def roles(names: list[str], first_dealer: int, number: int) -> tuple[str, str, str]:
    """Dealer, cutter and first player of a deal: seats are clockwise and the deal passes to the left."""
    dealer = (first_dealer + number - 1) % len(names)
    return names[dealer], names[(dealer - 1) % len(names)], names[(dealer + 1) % len(names)]


def check_scoreboard(page: Page, names: list[str], played: list[dict[str, int]]) -> None:
    """The table's totals and, for each deal played, its points and running totals (seat order)."""
    board = page.locator("#scoreboard")
    expect(board.locator("thead th")).to_have_text(["Deal", *names])
    running = dict.fromkeys(names, 0)
    rows = board.locator("tbody tr")
    for number, scores in enumerate(played, start=1):
        cells = []
        for name in names:
            running[name] += scores[name]
            cells.append(f"{scores[name]} {running[name]}")
        expect(rows.nth(number - 1).locator("td")).to_have_text(cells)
    expect(board.locator("tfoot td")).to_have_text([str(running[name]) for name in names])


def deal_scores(names: list[str], hands: dict[str, list[str] | str], table: dict[str, int]) -> dict[str, int]:
    return {name: points(table, hands.get(name, [])) for name in names}


def history(page: Page):
    details = page.locator("details.history")
    if details.get_attribute("open") is None:
        tap(details.locator("summary"))
    return details.locator(".history-list")


# ---------------------------------------------------------------------------
# Contract Rummy: seven deals, four players


CONTRACT_NAMES = ["Ann", "Bob", "Cat", "Dan"]
# (who went out, or "stock"; the cards left in the other hands: a list is tapped, a string typed)
CONTRACT_GAME: list[tuple[str, dict[str, list[str] | str]]] = [
    ("Ann", {"Bob": ["K", "Q", "7"], "Cat": ["A", "JK"], "Dan": ["2", "3"]}),
    ("Bob", {"Ann": ["10", "9"], "Cat": ["5", "2"], "Dan": "K Q 7 JK"}),
    ("Cat", {"Ann": ["4", "4"], "Bob": ["J", "J", "A"], "Dan": []}),  # Dan's hand left empty: a warning
    ("Dan", {"Ann": ["Q"], "Bob": ["6", "6", "6"], "Cat": ["K", "K"]}),
    ("stock", {"Ann": ["3", "A"], "Bob": ["8", "K"], "Cat": ["9", "9"], "Dan": ["2", "4"]}),
    ("Ann", {"Bob": ["JK", "JK"], "Cat": ["A", "A"], "Dan": ["10", "J"]}),
    ("Dan", {"Ann": ["5", "5"], "Bob": ["2", "3"], "Cat": ["7", "8"]}),
]


def test_contract_rummy_game_to_the_end_then_correct_and_undo(page: Page, look) -> None:
    names = CONTRACT_NAMES
    start_game(page, "Contract Rummy", names, first_dealer="Seat 2")
    look("new-game-filled")
    tap(page.get_by_role("button", name="Start the game"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Contract Rummy")
    look("game-start")

    played: list[dict[str, int]] = []
    for number, (went_out, hands) in enumerate(CONTRACT_GAME, start=1):
        dealer, cuts, first = roles(names, 1, number)
        check_prompt(page, number, 7, CONTRACT_DEALS[number - 1], CONTRACT_DEALT[number - 1], dealer, cuts, first)
        open_entry(page, number)
        expect(page.locator("main .meta")).to_have_text(f"{CONTRACT_DEALS[number - 1]} · dealer {dealer}")
        if number == 2:
            # Saved too soon: nobody marked as out, and a typo in a typed hand.
            fill_hands(page, {"Ann": hands["Ann"], "Cat": hands["Cat"]}, CONTRACT_POINTS)
            hand_box(page, "Dan").fill("K Q 7 X")
            expect(penalty(page, "Dan")).to_have_text("?")  # no total while a card can't be read
            expect(page.locator("#hands-3-error")).to_contain_text("'X' is not a rank")  # said at once, on the phone
            tap(page.get_by_role("button", name="Save deal 2"))
            expect(page.locator(".went-out .error")).to_have_text("Tap who went out, or “Nobody: the stock ran out”.")
            expect(page.locator("#hands-3-error")).to_contain_text("'X' is not a rank")
            expect(hand_box(page, "Dan")).to_have_attribute("aria-invalid", "true")
            look("deal-2-errors")
            tap(page.get_by_role("radio", name=went_out, exact=True))
            fill_hands(page, {"Dan": hands["Dan"]}, CONTRACT_POINTS)
        else:
            radio = "Nobody: the stock ran out" if went_out == "stock" else went_out
            tap(page.get_by_role("radio", name=radio, exact=True))
            fill_hands(page, hands, CONTRACT_POINTS)
            look(f"deal-{number}-entry", scan=number in (1, 5))
        if number == 3:
            tap(page.get_by_role("button", name="Save deal 3"))
            warnings = page.get_by_role("alert").filter(has_text="Check before saving")
            expect(warnings).to_contain_text("Only one player goes out, but Dan has no cards entered")
            look("deal-3-warnings")
            tick(page.get_by_role("checkbox", name="Save anyway"))
        save_deal(page, number)
        played.append(deal_scores(names, hands, CONTRACT_POINTS))
        check_scoreboard(page, names, played)
        look(f"game-after-deal-{number}", scan=number in (1, 7))

    totals = {name: sum(deal[name] for deal in played) for name in names}
    assert totals == {"Ann": 65, "Bob": 133, "Cat": 120, "Dan": 73}  # the table above, added up by hand
    expect(page.locator(".prompt")).to_have_count(0)
    final = page.locator(".final-order li")
    expect(final).to_have_text(
        [
            re.compile(r"1\s+Ann\s+65\s+Winner"),
            re.compile(r"2\s+Dan\s+73$"),
            re.compile(r"3\s+Cat\s+120$"),
            re.compile(r"4\s+Bob\s+133$"),
        ]
    )
    game_path = re.sub(r"^https?://[^/]+", "", page.url)
    page.goto("/")
    # this game's own card (other tests' games may also be won by an Ann, on the same server)
    expect(page.locator(f".card-item:has(a[href='{game_path}'])")).to_contain_text("Won by Ann")
    look("home-after-contract")
    page.go_back()

    # Correct deal 2 from the scoreboard: Dan had only an ace left, not K Q 7 JK.
    tap(page.get_by_role("link", name="Correct deal 2"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Correct deal 2")
    expect(hand_box(page, "Dan")).to_have_value("K Q 7 JK")
    expect(page.get_by_role("radio", name="Bob", exact=True)).to_be_checked()
    tap(keypad(page, "Dan").get_by_role("button", name="Clear"))
    expect(hand_box(page, "Dan")).to_have_value("")
    tap_cards(page, "Dan", ["A"])
    expect(penalty(page, "Dan")).to_have_text("15")
    tap(page.get_by_role("button", name="Save the correction"))
    expect(page.get_by_text("This game is finished: tick the box to correct it.")).to_be_visible()
    look("correct-deal-2-finished")
    tick(page.get_by_role("checkbox", name="This game is finished: correct it anyway"))
    tap(page.get_by_role("button", name="Save the correction"))
    expect(page.locator(".flash")).to_have_text("Deal 2 corrected.")
    played[1]["Dan"] = 15
    check_scoreboard(page, names, played)
    expect(final.first).to_have_text(re.compile(r"1\s+Dan\s+46\s+Winner"))  # 73 - 42 + 15: the lead changed hands
    log = history(page)
    corrected = log.locator(":scope > li", has_text="Deal 2 corrected")
    expect(corrected.locator(".diff li")).to_have_text(["Dan: 42 → 15"])
    look("game-corrected-history")

    # Undo the last deal: first without the "sure" tick, then with it.
    undo = page.locator("form", has=page.get_by_role("button", name="Undo deal 7"))
    tap(undo.get_by_role("button", name="Undo deal 7"))
    expect(page.locator(".flash-error")).to_have_text("Tick “Yes, I'm sure” to undo the last deal.")
    tick(undo.get_by_role("checkbox", name="Yes, I'm sure"))
    tap(undo.get_by_role("button", name="Undo deal 7"))
    expect(page.locator(".flash")).to_have_text("Deal 7 was taken back; it is in the history.")
    played.pop()
    check_scoreboard(page, names, played)
    check_prompt(page, 7, 7, CONTRACT_DEALS[6], 12, *roles(names, 1, 7))
    log = history(page)
    expect(log.locator(":scope > li").nth(0)).to_contain_text("Game reopened")
    expect(log.locator(":scope > li").nth(1)).to_contain_text("Deal 7 taken back")
    expect(log.locator(":scope > li").nth(1).locator(".diff li")).to_have_text(
        ["Ann: 10 → —", "Bob: 5 → —", "Cat: 15 → —", "Dan: 0 → —"]
    )
    look("game-after-undo")

    # Abandon it: the scores can't change any more.
    abandon = page.locator("form", has=page.get_by_role("button", name="Abandon the game"))
    tick(abandon.get_by_role("checkbox", name="Yes, I'm sure"))
    tap(abandon.get_by_role("button", name="Abandon the game"))
    expect(page.locator(".notice")).to_have_text("This game was abandoned after 6 deals.")
    expect(page.get_by_role("link", name="Correct deal 1")).to_have_count(0)
    look("game-abandoned")


# ---------------------------------------------------------------------------
# Shanghai: eleven cards every deal, May I at most twice a deal, a shared win


SHANGHAI_NAMES = ["Eve", "Finn", "Gus"]
SHANGHAI_GAME: list[tuple[str, dict[str, list[str] | str]]] = [
    ("Eve", {"Finn": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"], "Gus": ["A"]}),
    ("Finn", {"Eve": ["JK"], "Gus": ["8", "8"]}),
    ("Gus", {"Eve": ["2", "3"], "Finn": ["K"]}),
    ("Eve", {"Finn": ["A", "A"], "Gus": ["Q", "9", "4"]}),
    ("Gus", {"Eve": ["7", "7"], "Finn": ["5", "K"]}),
    ("Finn", {"Eve": ["10", "2"], "Gus": ["6", "3"]}),
    ("Eve", {"Finn": ["J"], "Gus": ["4", "4"]}),
]


def may_i_count(page: Page, name: str):
    return page.locator("#buys li", has=page.locator(".buy-name", has_text=re.compile(f"^{name}$"))).locator(
        ".buy-count [aria-hidden=true]"
    )


def test_shanghai_game_with_may_i_ends_in_a_shared_win(page: Page, look) -> None:
    names = SHANGHAI_NAMES
    start_game(page, "Shanghai Rummy", names, first_dealer="Draw at random")
    look("new-game-filled", scan=False)
    tap(page.get_by_role("button", name="Start the game"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Shanghai Rummy")
    look("game-start", scan=False)
    first_dealer = names.index(page.locator(".roles dd").nth(1).text_content())  # drawn at random

    played: list[dict[str, int]] = []
    for number, (went_out, hands) in enumerate(SHANGHAI_GAME, start=1):
        check_prompt(page, number, 7, SHANGHAI_DEALS[number - 1], 11, *roles(names, first_dealer, number))
        expect(page.locator("#buys-heading")).to_have_text("May I this deal")
        for name in names:
            expect(may_i_count(page, name)).to_have_text("0/2")
        if number == 1:
            plus = page.get_by_role("button", name="May I for Finn", exact=True)
            minus = page.get_by_role("button", name="Take back a May I for Finn")
            tap(plus)
            expect(may_i_count(page, "Finn")).to_have_text("1/2")
            tap(plus)
            expect(may_i_count(page, "Finn")).to_have_text("2/2")
            tap(plus)  # a third is refused, with the reason
            expect(page.locator("#buys").get_by_role("alert")).to_have_text(
                "Finn has had 2 May Is: at most 2 times a deal in Shanghai Rummy."
            )
            expect(may_i_count(page, "Finn")).to_have_text("2/2")
            look("may-i-refused")
            tap(minus)
            expect(may_i_count(page, "Finn")).to_have_text("1/2")
            expect(page.locator("#buys").get_by_role("alert")).to_have_count(0)
            tap(plus)
            expect(may_i_count(page, "Finn")).to_have_text("2/2")
        open_entry(page, number)
        if number == 1:
            # Two May Is brought Finn 2 x 3 cards: twelve left is possible, so no warning.
            finn = page.locator(".hand-row", has=hand_box(page, "Finn"))
            expect(finn.locator(".may-i")).to_have_text("May I 2/2")
        tap(page.get_by_role("radio", name=went_out, exact=True))
        fill_hands(page, hands, SHANGHAI_POINTS)
        look(f"deal-{number}-entry", scan=number == 1)
        save_deal(page, number)
        played.append(deal_scores(names, hands, SHANGHAI_POINTS))
        check_scoreboard(page, names, played)
        look(f"game-after-deal-{number}", scan=number == 1)

    totals = {name: sum(deal[name] for deal in played) for name in names}
    assert totals == {"Eve": 85, "Finn": 165, "Gus": 85}
    expect(page.locator(".final-order li")).to_have_text(
        [
            re.compile(r"1\s+Eve\s+85\s+Shared win"),
            re.compile(r"1\s+Gus\s+85\s+Shared win"),
            re.compile(r"3\s+Finn\s+165$"),
        ]
    )
    expect(page.get_by_role("button", name="May I for Eve", exact=True)).to_have_count(0)
    look("game-finished-shared-win")
    page.goto("/")
    expect(page.locator(".card-item", has_text="Won by Eve and Gus")).to_be_visible()
    look("home-after-shanghai", scan=False)


# ---------------------------------------------------------------------------
# Keypad details


def test_quick_taps_on_a_slow_connection_all_count(page: Page, look, latency, seed_game) -> None:
    """Taps are added up on the phone: with every request slowed to 300 ms, none is made until Save."""
    game = seed_game("contract", ["Ivy", "Jon", "Kim"])
    page.goto(f"/games/{game}/deals/1")
    latency.set(0.3, r".")
    requests: list[str] = []
    # The browser's own favicon fetch may come late on a loaded machine; only the app's requests count.
    page.on("request", lambda request: None if "/static/icons/" in request.url else requests.append(request.url))
    pad = keypad(page, "Jon")
    for card in ("K", "Q", "7"):
        tap(pad.get_by_role("button", name=card, exact=True))
    tap(pad.get_by_role("button", name="Remove the last card"))
    tap(pad.get_by_role("button", name="JK", exact=True))
    expect(hand_box(page, "Jon")).to_have_value("K Q JK")
    expect(penalty(page, "Jon")).to_have_text("35")
    # From the keyboard: the key keeps the focus.
    key = pad.get_by_role("button", name="A", exact=True)
    key.focus()
    page.keyboard.press("Enter")
    expect(hand_box(page, "Jon")).to_have_value("K Q JK A")
    expect(key).to_be_focused()
    assert requests == []
    latency.reset()
    look("keypad-after-quick-taps")


def test_a_second_phone_at_the_table_counts_a_may_i(page: Page, new_context, look, seed_game) -> None:
    """Two phones on one game: the page the first phone saw may be kept, but the second's taps still count."""
    game = seed_game("contract", ["Lou", "Mia", "Ned"])
    page.goto(f"/games/{game}")
    other = new_context().new_page()
    other.goto(f"/games/{game}")
    tap(other.get_by_role("button", name="May I for Mia", exact=True))
    expect(may_i_count(other, "Mia")).to_have_text("1")
    expect(other.locator("#buys").get_by_role("alert")).to_have_count(0)
    look("second-phone-counted-a-may-i", page=other, scan=False)
    page.reload()
    expect(may_i_count(page, "Mia")).to_have_text("1")
    look("first-phone-sees-the-may-i", scan=False)


def test_a_lone_tapped_number_card_scores_as_that_card(page: Page, seed_game) -> None:
    game = seed_game("shanghai", ["Ivy", "Jon", "Kim"])
    page.goto(f"/games/{game}/deals/1")
    tap(page.get_by_role("radio", name="Ivy", exact=True))
    tap_cards(page, "Jon", ["8"])
    tap_cards(page, "Kim", ["8", "8"])
    expect(hand_box(page, "Jon")).to_have_value("8")
    expect(penalty(page, "Kim")).to_have_text("20")  # two 8s: read as cards
    save_deal(page, 1)
    expect(page.locator("#scoreboard tfoot td")).to_have_text(["0", "10", "20"], timeout=1_000)


# ---------------------------------------------------------------------------
# The narrowest phone: nothing scrolls sideways, eight players included


LONG_NAMES = ["Annabelle", "Bartholomew", "Cat", "Dan", "Eve", "Fitzgerald-Smythe", "Gus", "Maximiliana Oppenheimer"]


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_eight_players_at_360_px(page: Page, look, seed_game) -> None:
    ranks = ["K", "2", "JK", "A", "3", "10", "Q"]
    deals = [
        (number % 8, {p: f"{ranks[(number + p) % 7]} {ranks[p % 7]}" for p in range(8) if p != number % 8})
        for number in range(15)
    ]
    finished = seed_game("progressive", LONG_NAMES, deals, first_dealer=3)
    assert page.viewport_size == NARROW

    page.goto("/")
    look("home")
    names = ["Annabelle", "Bartholomew", "Cat", "Dan", "Eve", "Fitzgerald-Smythe", "Gus", "Hal"]
    start_game(page, "Progressive Rummy", [("known", names[0]), ("known", names[1]), *names[2:]], first_dealer="Seat 8")
    expect(page.locator("#player-range")).to_have_text("Progressive Rummy: 2–8 players.")
    look("new-game-eight-seats")
    tap(page.get_by_role("button", name="Start the game"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Progressive Rummy")
    check_prompt(page, 1, 15, "Two sets of 3", 11, "Hal", "Gus", "Annabelle")
    expect(page.locator("#buys-heading")).to_have_text("Buy this deal")
    expect(page.locator("#buys")).to_contain_text("No buy in this deal.")
    expect(page.locator("#buys").get_by_role("button")).to_have_count(0)  # nothing to tap until deal 9
    board = page.locator("#scoreboard")
    expect(board.locator("table")).to_be_hidden()  # more than four players: a list on a phone
    expect(board.locator(".list-view")).to_be_visible()
    look("game-eight-players")

    hands = {name: ["K", "2"] if i % 2 else ["5", "3"] for i, name in enumerate(names) if name != "Annabelle"}
    open_entry(page, 1)
    tap(page.get_by_role("radio", name="Annabelle", exact=True))
    fill_hands(page, hands, PROGRESSIVE_POINTS)
    look("deal-1-entry-eight-players")
    save_deal(page, 1)
    scores = deal_scores(names, hands, PROGRESSIVE_POINTS)
    order = sorted(names, key=lambda name: (scores[name], names.index(name)))
    expect(board.locator(".list-view .name")).to_have_text(order)
    expect(board.locator(".list-view .total")).to_have_text([str(scores[name]) for name in order])
    look("game-eight-players-after-deal-1")

    page.goto(f"/games/{finished}")
    expect(page.locator(".final-order li")).to_have_count(8)
    expect(board.locator(".list-view li").first.locator(".by-deal span")).to_have_count(15)
    look("finished-fifteen-deals")
    page.set_viewport_size({"width": 800, "height": 900})  # wider: the scoreboard becomes a table
    expect(board.locator("table")).to_be_visible()
    expect(board.locator(".list-view")).to_be_hidden()
    look("finished-fifteen-deals-800px", scan=False)

    # Four long names: the scoreboard stays a table at 360 px, and the May I rows wrap whole.
    page.set_viewport_size(NARROW)
    four = ["Maximiliana Oppenheimer", "Bartholomew", "Fitzgerald-Smythe", "Annabelle"]
    game = seed_game("contract", four, [(0, {1: "K Q", 2: "JK A", 3: "3 4"})], buys=[1, 1])
    page.goto(f"/games/{game}")
    expect(board.locator("table")).to_be_visible()
    expect(may_i_count(page, "Bartholomew")).to_have_text("2")
    look("four-long-names")


# ---------------------------------------------------------------------------
# Every kind of page, scanned with axe


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)  # and none of them scrolls sideways at 360 px
def test_every_page_passes_axe(page: Page, look, seed_game) -> None:
    contract = [
        (
            "stock" if went_out == "stock" else CONTRACT_NAMES.index(went_out),
            {
                CONTRACT_NAMES.index(name): " ".join(cards) if isinstance(cards, list) else cards
                for name, cards in hands.items()
            },
        )
        for went_out, hands in CONTRACT_GAME
    ]
    playing = seed_game("liverpool", ["Quinn", "Rosa", "Sam"], [(0, {1: "K Q", 2: "3 A"})], buys=[2])
    finished = seed_game("contract", CONTRACT_NAMES, contract, first_dealer=1)

    page.goto("/")
    look("home")
    page.goto("/games/new")
    look("new-game")
    page.locator("#seats-0-new_name").fill("Solo")
    tap(page.get_by_role("button", name="Start the game"))
    expect(page.locator("#seats-error")).to_have_text("Contract Rummy is played by 3 to 5 players; you seated 1.")
    look("new-game-errors")

    page.goto(f"/games/{playing}")
    expect(page.locator(".prompt")).to_contain_text("Deal 2 of 7")
    history(page)
    look("game-in-progress-history-open")
    open_entry(page, 2)
    expect(page.get_by_role("checkbox", name=re.compile("Cut exactly"))).to_be_visible()  # Liverpool's bonus
    hand_box(page, "Rosa").fill("K K K K K")
    tap(page.get_by_role("button", name="Save deal 2"))
    expect(page.locator(".went-out .error")).to_be_visible()
    look("entry-errors")
    tap(page.get_by_role("radio", name="Quinn", exact=True))
    tap(page.get_by_role("button", name="Save deal 2"))
    expect(page.get_by_role("alert").filter(has_text="Check before saving")).to_contain_text("Sam has no cards entered")
    look("entry-warnings")

    # The pages a game links to besides score entry (the rules helpers in the prompt, the bar's links).
    page.goto(f"/games/{playing}")
    links = page.locator(".prompt a, header.bar nav a").evaluate_all("links => links.map(a => a.pathname)")
    for path in dict.fromkeys(link for link in links if "/deals/" not in link):
        page.goto(path)
        look("linked" + re.sub(r"[^A-Za-z0-9]+", "-", path).rstrip("-"))

    page.goto(f"/games/{finished}")
    expect(page.locator(".final-order li").first).to_contain_text("Ann")
    look("game-finished")
    page.goto(f"/games/{finished}/deals/3")
    look("correct-finished-deal")
    page.goto(f"/games/{finished}/deals/8")
    expect(page.get_by_role("heading", level=1)).to_have_text("Not Found")
    look("404-deal")
    page.goto("/games/999999")
    look("404-game")
    page.goto(f"/games/{finished}/undo")
    expect(page.get_by_role("heading", level=1)).to_have_text("Method Not Allowed")
    look("405")
    page.goto("/games/new")
    page.locator("main input[name=csrf_token]").evaluate("input => { input.value = 'stale' }")
    tap(page.get_by_role("button", name="Start the game"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Please try again")
    look("400-csrf")


def test_a_poll_sent_before_a_may_i_tap_does_not_undo_the_taps_answer(page: Page, look) -> None:
    """The live poll (every 250 ms here) and a tap racing: a poll that asked before the tap, answered after
    it, used to swap an older page in over the tap's answer (CI saw the refusal vanish, and a count one
    behind). Here the polls are held until three taps have been answered, then let through."""
    start_game(page, "Shanghai Rummy", SHANGHAI_NAMES, first_dealer="Draw at random")
    tap(page.get_by_role("button", name="Start the game"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Shanghai Rummy")
    polls = re.compile(r"/games/\d+\?since=")
    held, holding = [], [True]
    page.route(polls, lambda route: held.append(route) if holding[0] else route.continue_())
    with page.expect_request(polls):  # a poll is on its way (and held) before the first tap
        pass
    page.evaluate(
        """() => { window.__answered = 0;
            document.addEventListener('htmx:afterRequest', e => { if (e.detail.elt.id === 'live-poll') window.__answered++; }); }"""
    )
    plus = page.get_by_role("button", name="May I for Finn", exact=True)
    for count in ("1/2", "2/2"):
        tap(plus)
        expect(may_i_count(page, "Finn")).to_have_text(count)
    tap(plus)
    refusal = page.locator("#buys").get_by_role("alert")
    expect(refusal).to_have_text("Finn has had 2 May Is: at most 2 times a deal in Shanghai Rummy.")
    holding[0] = False
    waiting = len(held)
    for route in held:
        route.continue_()
    page.wait_for_function("n => window.__answered >= n", arg=waiting)  # every held poll has been answered
    expect(refusal).to_have_text("Finn has had 2 May Is: at most 2 times a deal in Shanghai Rummy.")
    expect(may_i_count(page, "Finn")).to_have_text("2/2")
    look("may-i-refusal-kept-after-a-late-poll", scan=False)
