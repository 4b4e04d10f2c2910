"""A family makes its own rules on a 360 px phone, plays a whole game under them, checks a go-down and a
lay-off under them, exports them and imports them on a fresh database.

The family's rules (issue 11): Contract Rummy with 10/10/10/10/12/12/12 cards, an eighth deal of four
groups of 3, jokers worth 25, one wild card per meld. Every page is screenshotted, checked for sideways
scrolling and scanned with axe (``look`` in conftest.py).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from werkzeug.serving import make_server

from companion import create_app
from companion.extensions import db

pytestmark = [pytest.mark.browser]

NARROW = {"width": 360, "height": 780}
FAMILY = "Family Contract"
DEALT = [10, 10, 10, 10, 12, 12, 12, 12]
CONTRACTS = [
    "Two groups of 3", "One group of 3 and one run of 4", "Two runs of 4", "Three groups of 3",
    "Two groups of 3 and one run of 4", "One group of 3 and two runs of 4", "Three runs of 4 (every card, no discard)",
    "Four groups of 3",
]  # fmt: skip
NAMES = ["Gran", "Pop", "Kit"]
# who went out, and the cards left in the other two hands (typed); a joker scores 25
GAME = [
    ("Gran", {"Pop": "K JK", "Kit": "5 5"}),
    ("Pop", {"Gran": "A", "Kit": "JK JK"}),
    ("Kit", {"Gran": "2 3", "Pop": "Q"}),
    ("Gran", {"Pop": "7", "Kit": "K K"}),
    ("Pop", {"Gran": "JK", "Kit": "9"}),
    ("Kit", {"Gran": "10", "Pop": "A A"}),
    ("Gran", {"Pop": "4", "Kit": "JK 6"}),
    ("Pop", {"Gran": "8 8", "Kit": "J"}),
]
POINTS = {"A": 15, "JK": 25, "10": 10, "J": 10, "Q": 10, "K": 10} | {str(n): n for n in range(2, 10)}


def field_error(page: Page, key: str):
    return page.locator(f"#err-{key}")


@pytest.fixture
def fresh_server(tmp_path) -> Iterator[tuple[str, dict]]:
    """A second companion on an empty database: its address, and a storage state signed in as its owner."""
    from tests.conftest import add_owner, sign_in

    app = create_app({"TESTING": True, "SECRET_KEY": "fresh", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'fresh.sqlite'}"})
    with app.app_context():
        db.create_all()
    owner = add_owner(app)
    client = app.test_client()
    sign_in(client, owner)
    cookie = client.get_cookie("session")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state = {
        "cookies": [{"name": "session", "value": cookie.value, "domain": "127.0.0.1", "path": "/", "httpOnly": True, "sameSite": "Lax"}],
        "origins": [],
    }
    yield f"http://127.0.0.1:{server.server_port}", state
    server.shutdown()
    server.server_close()
    with app.app_context():
        db.engine.dispose()


def view(page: Page, label: str) -> None:
    """What the phone's screen shows now (the full-page pictures of the builder are very tall)."""
    from tests.browser.conftest import SCREENSHOTS

    page.screenshot(path=SCREENSHOTS / f"house-rules-{label}.png", animations="disabled")


def set_field(page: Page, name: str, value: str) -> None:
    """Type a value and leave the field, as a thumb does: the change is checked at once."""
    box = page.locator(f'[name="{name}"]')
    box.fill(value)
    box.press("Tab")


def unfold(page: Page, part: str) -> None:
    """Open a folded part of the builder (a deal, a group of settings) by its summary, as a thumb does."""
    details = page.locator(f"#{part}")
    if details.get_attribute("open") is None:
        details.locator("summary").tap()
    expect(details).to_have_attribute("open", "")


def press(page: Page, name: str) -> None:
    """A builder button (add, move, remove): the builder comes back changed."""
    page.get_by_role("button", name=name, exact=True).tap()


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_a_problem_the_live_check_finds_in_a_folded_part_is_opened_to_be_seen(page: Page, look) -> None:
    page.goto("/rulesets/")
    page.get_by_label("Start from").select_option(label="Contract Rummy")
    page.get_by_role("button", name="Open the builder").tap()
    unfold(page, "players-section")
    expect(page.locator("#deal-3")).not_to_have_attribute("open", "")
    set_field(page, "table-2-decks", "1")  # five players and one pack: deal 4's 12 cards each are too many
    expect(page.locator("#deal-3")).to_have_attribute("open", "")
    expect(page.locator("#deal-3 .error:not([hidden])")).to_have_text(
        "Cards dealt: 12 each for 5 players is 60 cards, more than one pack and four jokers hold: deal fewer, or add a pack for 5 players."
    )
    expect(page.locator("details.deal[open]")).to_have_count(1)  # only the part with the problem
    page.locator("#deal-3").scroll_into_view_if_needed()
    view(page, "builder-problem-opened")
    look("builder-problem-opened")


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_a_family_makes_its_rules_plays_checks_and_shares_them(page: Page, look, browser, fresh_server, tmp_path) -> None:
    # -- the builder, from Contract Rummy
    page.goto("/rulesets/")
    look("rulesets-empty")
    page.get_by_label("Start from").select_option(label="Contract Rummy")
    page.get_by_role("button", name="Open the builder").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Make your own rules")
    look("builder-from-contract")
    set_field(page, "name", FAMILY)
    # every deal and group of settings is folded to a one-line summary; the family opens what it changes
    expect(page.locator("#deal-3 summary")).to_have_text("Deal 4: three groups of 3 · 12 cards")
    expect(page.locator("details.fold[open]")).to_have_count(0)
    unfold(page, "deal-3")
    set_field(page, "deal-3-cards", "10")  # deal 4: 12 cards in Contract Rummy, 10 at this table
    # an impossible value is answered beside its field at once, and the preview waits
    unfold(page, "deal-2")
    set_field(page, "deal-2-req-0-length", "15")
    expect(field_error(page, "deal-2-req-0-length")).to_have_text("A run is 3 to 14 cards long.")
    expect(page.locator("#preview .notice")).to_have_text("Fix the marked field to see the rules card.")
    page.locator("#deal-2").scroll_into_view_if_needed()
    look("builder-run-of-15")
    view(page, "builder-run-of-15-in-view")
    set_field(page, "deal-2-req-0-length", "4")
    expect(field_error(page, "deal-2-req-0-length")).to_be_hidden()
    # an eighth deal: a copy of the seventh, made four groups of 3 that end on a discard
    press(page, "Add a deal")
    expect(page.locator("#deal-7 summary")).to_have_text("Deal 8: three runs of 4 · 12 cards")
    expect(page.locator("#deal-7")).to_have_attribute("open", "")  # the new deal comes back open, the others folded
    expect(page.locator("details.deal[open]")).to_have_count(1)
    press(page, "Add a meld to deal 8")
    expect(page.locator('[name="deal-7-req-3-kind"]')).to_have_count(1)  # the builder came back with the new row
    for j in range(4):
        page.locator(f'[name="deal-7-req-{j}-kind"]').select_option(value="set")
        set_field(page, f"deal-7-req-{j}-length", "3")
    page.locator('[name="deal-7-meld_all"]').uncheck()
    page.locator('[name="deal-7-going_out"]').select_option(value="discard")
    unfold(page, "card-points-section")
    set_field(page, "points-JK", "25")
    unfold(page, "wilds-section")
    set_field(page, "max_wilds", "1")
    preview = page.locator("#preview")
    expect(preview.locator(".schedule").first.locator("tbody tr")).to_have_count(8)
    expect(preview.locator(".schedule").first.locator("tbody tr").nth(7)).to_contain_text("Four groups of 3")
    expect(preview).to_contain_text("joker 25")  # JK as the table says it (issue 27)
    expect(preview).to_contain_text("At most one per meld")
    look("builder-family-rules")
    page.locator("#deal-7").scroll_into_view_if_needed()
    view(page, "builder-deal-8-in-view")
    page.locator("#card_points").scroll_into_view_if_needed()
    view(page, "builder-points-in-view")
    page.locator("#preview").scroll_into_view_if_needed()
    view(page, "builder-preview-in-view")
    page.get_by_role("button", name="Save these rules").tap()
    expect(page.locator(".flash")).to_have_text(f"Saved “{FAMILY}” (version 1).")
    expect(page.get_by_role("heading", level=1)).to_have_text(FAMILY)
    page.locator("details.share summary").tap()
    expect(page.locator(".qr-code")).to_be_visible()
    look("family-rules-saved")

    # -- a whole game under them
    page.goto("/games/new")
    page.get_by_label("Rules", exact=True).select_option(label=FAMILY)
    expect(page.locator("#player-range")).to_contain_text(f"{FAMILY}:")
    for index, name in enumerate(NAMES):
        page.locator(f"#seats-{index}-new_name").fill(name)
    page.locator("#first_dealer").select_option(label="Seat 1")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(FAMILY)
    look("family-game-start")
    totals = dict.fromkeys(NAMES, 0)
    for number, (went_out, hands) in enumerate(GAME, start=1):
        prompt = page.locator(".prompt")
        expect(prompt.locator(".deal-count")).to_have_text(f"Deal {number} of 8")
        expect(prompt.get_by_role("heading", level=2)).to_have_text(CONTRACTS[number - 1])
        expect(prompt.locator(".roles dd").first).to_have_text(f"{DEALT[number - 1]} cards each")
        if number == 2:  # the meld checker from the game: the game's exact rules, one wild per meld
            game_url = page.url
            page.get_by_role("link", name="Check a meld").tap()
            expect(page.locator("#checker .meta")).to_contain_text(f"{FAMILY} · 3 players")
            page.get_by_text("Type the cards instead").tap()
            melds = page.get_by_label("Melds, split by |")
            melds.fill("7H JK JK | 5S 6S 7S 8S")
            melds.press("Enter")
            ruling = page.locator("#ruling")
            expect(ruling.locator(".verdict-head")).to_contain_text("✗ Not legal for deal 2")
            expect(ruling.locator(".problems li")).to_have_text(["7♥ joker joker has 2 wilds; this game allows 1 per meld."])
            look("family-checker-two-wilds")
            page.goto(game_url)
            expect(page.get_by_role("heading", level=1)).to_have_text(FAMILY)
        page.get_by_role("link", name=f"Enter scores for deal {number}").tap()
        page.get_by_role("radio", name=went_out, exact=True).tap()
        for name, cards in hands.items():
            page.get_by_role("textbox", name=f"Cards left for {name}", exact=True).fill(cards)
            totals[name] += sum(POINTS[c] for c in cards.split())
        if number in (1, 8):
            look(f"family-entry-deal-{number}", scan=number == 1)
        page.get_by_role("button", name=f"Save deal {number}").tap()
        expect(page.locator(".flash")).to_have_text(f"Deal {number} saved.")
    assert totals == {"Gran": 15 + 5 + 25 + 10 + 16, "Pop": 35 + 10 + 7 + 30 + 4, "Kit": 10 + 50 + 20 + 9 + 31 + 10}
    expect(page.locator("#scoreboard tfoot td")).to_have_text([str(totals[n]) for n in NAMES])
    expect(page.locator(".final-order li").first).to_contain_text("Gran")
    look("family-game-finished")
    page.goto(re.sub(r"(/games/\d+).*", r"\1/rules", page.url))
    expect(page.get_by_role("heading", level=1)).to_have_text(FAMILY)
    look("family-game-rules-card")

    # -- a go-down and a lay-off under the saved rules, on the rules pages
    page.goto("/check")
    page.get_by_label("Rules", exact=True).select_option(label=FAMILY)
    page.get_by_label("Deal", exact=True).select_option(value="8")
    page.get_by_text("Type the cards instead").tap()
    melds = page.get_by_label("Melds, split by |")
    melds.fill("7H 7S 7D | 8H 8S JK | 9H 9S 9D | 10H 10S 10D")
    melds.press("Enter")
    ruling = page.locator("#ruling")
    expect(ruling.locator(".verdict-head")).to_have_text("✓ Legal go-down for deal 8: Four groups of 3")
    look("family-checker-deal-8")
    page.goto("/layoff")
    page.get_by_label("Rules", exact=True).select_option(label=FAMILY)
    page.get_by_label("The meld on the table").fill("5S 6S 7S 8S")
    page.get_by_label(re.compile("^The (card or cards to lay off)$")).fill("9S 10S")
    page.get_by_role("button", name="Rule on it").tap()
    expect(page.locator("#ruling .verdict-head")).to_have_text("✓ Allowed")
    expect(page.locator("#ruling")).to_contain_text("The meld becomes: run of spades, 5 to 10.")
    look("family-layoff")

    # -- export, and import on a fresh database
    page.goto("/rulesets/")
    page.get_by_role("link", name=re.compile(FAMILY)).tap()
    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile("^Export")).tap()
    exported = Path(tmp_path / "family.json")
    download_info.value.save_as(exported)
    address, state = fresh_server
    other = browser.new_context(viewport=NARROW, screen=NARROW, has_touch=True, is_mobile=True, storage_state=state, base_url=address)
    try:
        phone = other.new_page()
        phone.goto("/rulesets/import")
        look("import-form", page=phone)
        phone.get_by_label(re.compile("^Ruleset file")).set_input_files(str(exported))
        phone.get_by_role("button", name="Import").tap()
        expect(phone.locator(".flash")).to_have_text(f"Imported “{FAMILY}”.")
        expect(phone.get_by_role("heading", level=1)).to_have_text(FAMILY)
        phone.get_by_role("link", name="Rules card").tap()
        expect(phone.locator(".schedule").first.locator("tbody tr").nth(7)).to_contain_text("Four groups of 3")
        look("imported-rules-card", page=phone)
    finally:
        other.close()


@pytest.mark.browser_context_args(viewport=NARROW, screen=NARROW)
def test_the_rules_list_follows_the_league_picked(page: Page, live_app, look) -> None:
    """Two leagues with rules of their own: picking one in the new-game form puts its rules first."""
    from companion.house_rules import service as house_rules
    from companion.leagues.service import create_league
    from companion.models import User
    from companion.rules.definition import ruleset_to_definition
    from companion.rules import RULESETS

    with live_app.app_context():
        owner = db.session.scalars(db.select(User).where(User.is_owner)).first()
        for league_name in ("Porch Table", "Kitchen Table"):
            league = create_league(f"{league_name} (list)")
            definition = ruleset_to_definition(RULESETS["contract"]) | {"name": f"{league_name} rules"}
            house_rules.save(definition, user=owner, league=league)
    page.goto("/games/new")
    rules = page.locator("#ruleset")
    rules.select_option(label="Contract Rummy")
    page.get_by_label("League").select_option(label="Kitchen Table (list)")
    expect(rules.locator("optgroup").first).to_have_attribute("label", "Kitchen Table (list)'s rules")
    expect(rules).to_have_value("contract")  # the rules picked stay picked
    page.get_by_label("League").select_option(label="Porch Table (list)")
    expect(rules.locator("optgroup").first).to_have_attribute("label", "Porch Table (list)'s rules")
    expect(rules.locator("optgroup").first.locator("option")).to_have_text(["Porch Table rules"])
    look("new-game-rules-follow-the-league")
