"""Scoring through a lost connection (static/js/offline/*.js, static/sw.js), in Chromium with Playwright's
``context.set_offline``.

On localhost (a secure context) the service worker also answers a reload
with no connection. On a plain-http address that is not loopback (Chromium
started inside a network namespace, reaching the app through a veth pair:
another device on the home network) there is no service worker: the pages
kept in IndexedDB are shown by the script, and the queue is the same.
"""

from __future__ import annotations

import re
import stat
import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect
from sqlalchemy import select
from werkzeug.serving import make_server

from companion.extensions import db
from companion.models import Change, DealResult

pytestmark = pytest.mark.browser

WAITING = "saved on this phone, waiting for the connection"


def recorded(live_app, game_id):
    """Each recorded deal of the game: (number, {seat: points}); and the history's actions."""
    with live_app.app_context():
        db.session.expire_all()
        deals = db.session.scalars(select(DealResult).where(DealResult.game_id == game_id).order_by(DealResult.number)).all()
        actions = db.session.scalars(select(Change.action).where(Change.game_id == game_id).order_by(Change.id)).all()
        return [(d.number, {h.position: h.points + h.adjustment for h in d.hands}) for d in deals], list(actions)


def until(page, script: str, arg=None, tries: int = 600) -> None:  # noqa: ANN001
    """Until ``script`` (which answers a promise) comes true in the page. Playwright's wait_for_function
    takes a promise itself for a true answer, so the promise's answer is asked for again and again: a
    number of tries 50 ms apart, never a clock reading (a loaded machine only makes each try later)."""
    from playwright.sync_api import Error

    for _ in range(tries):
        try:
            if page.evaluate(script, arg):
                return
        except Error as error:  # the page reloaded (it does once its queue is sent): ask the new one
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
            page.wait_for_load_state()
        page.wait_for_timeout(50)
    raise AssertionError(f"never came true: {script}")


def wait_until_kept(page, game_id):
    """Until the phone holds the game's pack (its score screens), as the script keeps it on the game page."""
    until(page, "id => window.RummyOffline && window.RummyOffline.get('meta', 'pack-' + id).then(found => !!found)", str(game_id))

def phone_on_game(browser, context_args: dict, game: int, *, service_worker: bool = True):  # noqa: ANN001
    """A new phone (its own context) on the game's page, once it holds the game's score screens."""
    context = browser.new_context(**context_args, **({} if service_worker else {"service_workers": "block"}))
    page = context.new_page()
    page.goto(f"/games/{game}")
    if service_worker and page.evaluate("window.isSecureContext"):
        page.wait_for_function("() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)")
    wait_until_kept(page, game)
    return context, page


def until_sent(page) -> None:  # noqa: ANN001
    """Until the phone's queue is empty: all it kept has reached the server."""
    until(page, "() => window.RummyOffline && window.RummyOffline.all('queue').then(items => items.length === 0)")


def go_offline(context, page) -> None:  # noqa: ANN001
    """Cut the connection, and wait until the page knows (``navigator.onLine`` turns false on its own time)."""
    context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")


def enter_deal(page, went_out: int, hands: dict[int, str]) -> None:
    """Fill the score form (who went out; each other hand's cards, typed) and save it."""
    expect(page.locator("#keypad")).to_be_visible()  # the screen's script is running
    page.locator(f"input[name=went_out][value='{went_out}']").check(force=True)
    for seat, cards in hands.items():
        page.locator(f"#hands-{seat}-cards").fill(cards)
    page.locator("main form button[type=submit]").last.click()  # the score form's (the footer holds the language switch)


def offline_ready(page):  # noqa: ANN001, ANN201
    """The page, once its offline scripts have run (deferred: a page's text can be read before they run)."""
    page.wait_for_function("() => !!(window.RummyOffline && window.RummyOffline.start)")
    return page


def queue_length(page) -> int:
    return offline_ready(page).evaluate("() => window.RummyOffline.all('queue').then(items => items.length)")


# ---------------------------------------------------------------------------
# localhost: a secure context, with the service worker


def test_offline_on_localhost_save_reload_and_back_online_reaches_the_server_once(
    browser, browser_context_args, live_app, base_url, seed_game, look
):
    game = seed_game("contract", ["Ann", "Bob", "Cat", "Dan"])
    context, page = phone_on_game(browser, browser_context_args, game)
    assert page.evaluate("window.isSecureContext")

    go_offline(context, page)
    page.get_by_role("link", name="Enter scores for deal 1").click()
    expect(page.locator("h1")).to_have_text("Scores for deal 1")
    enter_deal(page, 0, {1: "K Q", 2: "7", 3: "JK"})
    expect(page.locator("#offline-status")).to_contain_text(f"Deal 1: {WAITING}.")
    expect(page.locator("h1")).to_have_text("Contract Rummy")  # back on the game page, from the phone's store
    expect(page.locator(".offline-item li")).to_have_text(["Ann: 0", "Bob: 20", "Cat: 7", "Dan: 15"])
    look("saved-offline", page=page)
    assert recorded(live_app, game)[0] == []

    # a reload with no connection at all: the service worker answers it; the queue is still there
    page.reload()
    expect(page.locator("h1")).to_have_text("Contract Rummy")
    expect(page.locator("#offline-status")).to_contain_text(f"Deal 1: {WAITING}.")
    expect(page.get_by_role("link", name="Enter scores for deal 2")).to_be_visible()
    look("reloaded-offline", page=page)
    # the token it saved with expires while it waits: renewed, not fatal
    offline_ready(page).evaluate(
        """() => window.RummyOffline.all('queue').then(items => Promise.all(items.map(item => {
            item.fields = item.fields.map(pair => pair[0] === 'csrf_token' ? ['csrf_token', 'expired'] : pair);
            return new Promise(resolve => { const r = indexedDB.open('rummy-companion'); r.onsuccess = () => {
              const tx = r.result.transaction('queue', 'readwrite'); tx.objectStore('queue').put(item); tx.oncomplete = resolve; }; });
        })))"""
    )

    page.evaluate("() => { window.beforeTheSync = true; }")  # gone once the sync's reload has come
    context.set_offline(False)
    until(page, "() => !window.beforeTheSync && document.readyState === 'complete'")
    expect(page.locator(".scoreboard, #scoreboard, table").first).to_contain_text("20", timeout=15000)
    expect(page.locator("#offline-status")).not_to_contain_text(WAITING)
    deals, actions = recorded(live_app, game)
    assert deals == [(1, {0: 0, 1: 20, 2: 7, 3: 15})]
    assert actions.count("entered") == 1
    assert queue_length(page) == 0
    # what was sent is said once, in the success colour, on the game page the phone lands on
    sent = page.locator("#offline-status .offline-sent")
    expect(sent).to_have_text("Deal 1 saved. (sent when the connection came back)")
    expect(sent).to_have_class(re.compile(r"\bsuccess\b"))
    look("back-online", page=page)
    page.reload()  # and not again: a reload (or the next deal's screen) no longer says it
    expect(page.get_by_role("link", name="Enter scores for deal 2")).to_be_visible()
    expect(page.locator("#offline-status .offline-sent")).to_have_count(0)

    other = browser.new_context(**browser_context_args).new_page()
    other.goto(f"/games/{game}")
    expect(other.get_by_role("link", name="Enter scores for deal 2")).to_be_visible()
    other.context.close()
    context.close()


def test_offline_the_game_page_prompts_the_next_deal_with_the_totals_so_far(browser, browser_context_args, seed_game, look):
    """Issue 19, item 1: after deal 1 is saved on the phone, the table needs deal 2's contract and dealer."""
    game = seed_game("contract", ["Ann", "Bob", "Cat", "Dan"])
    context, page = phone_on_game(browser, browser_context_args, game, service_worker=False)  # as on plain http
    expect(page.locator("[data-prompt='dealer']")).to_have_text("Ann")  # deal 1: the first seat deals
    go_offline(context, page)
    page.get_by_role("link", name="Enter scores for deal 1").click()
    enter_deal(page, 0, {1: "K Q", 2: "7", 3: "JK"})
    expect(page.locator("#offline-status")).to_contain_text(f"Deal 1: {WAITING}.")
    # Contract Rummy's deal 2 (RULES.md T1): one group of 3 and one run of 4, 10 cards; the dealer moves left
    expect(page.locator("[data-prompt='count']")).to_have_text("Deal 2 of 7")
    expect(page.locator("[data-prompt='contract']")).to_have_text("One group of 3 and one run of 4")
    parts = page.locator("[data-prompt='symbols'] .contract-part")  # drawn as the page draws them: G3 for a group
    expect(parts).to_have_text(["S3", "R4"])
    assert parts.evaluate_all("parts => parts.map(p => getComputedStyle(p, '::after').content)") == ['"G3"', '"R4"']
    expect(parts.first).to_have_attribute("aria-label", "group of 3")
    expect(page.locator("[data-prompt='dealer']")).to_have_text("Bob")
    expect(page.locator("[data-prompt='cutter']")).to_have_text("Ann")
    expect(page.locator("[data-prompt='first']")).to_have_text("Cat")
    expect(page.get_by_role("link", name="Enter scores for deal 2")).to_be_visible()
    expect(page.locator(".waiting-totals")).to_have_text(
        "Totals with the deal saved on this phone (not sent yet): Ann 0, Bob 20, Cat 7, Dan 15."
    )
    page.set_viewport_size({"width": 360, "height": 740})
    look("offline-next-deal-prompt", page=page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


def test_the_next_deals_running_totals_count_a_deal_still_waiting_on_the_phone(browser, browser_context_args, seed_game):
    game = seed_game("contract", ["Ann", "Bob", "Cat", "Dan"])
    context, page = phone_on_game(browser, browser_context_args, game, service_worker=False)  # as on plain http
    go_offline(context, page)
    page.get_by_role("link", name="Enter scores for deal 1").click()
    page.locator("#hands-1-cards").fill("K Q")
    expect(page.locator("#hand-1-total")).to_have_text("20")  # the kept screen adds up as it is typed
    enter_deal(page, 0, {1: "K Q", 2: "7", 3: "JK"})
    expect(page.locator("#offline-status")).to_contain_text(f"Deal 1: {WAITING}.")
    page.get_by_role("link", name="Enter scores for deal 2").click()
    expect(page.locator("h1")).to_have_text("Scores for deal 2")
    totals = page.locator(".running .run-total")
    expect(totals).to_have_text(["0", "20", "7", "15"])  # deal 1 (Ann 0, Bob 20, Cat 7, Dan 15), not yet sent
    page.locator("#hands-0-cards").fill("K")  # Ann's 10 in deal 2
    expect(totals).to_have_text(["10", "20", "7", "15"])
    context.close()


def test_a_late_answer_to_an_older_question_does_not_make_the_server_answer_again(
    browser, browser_context_args, live_app, seed_game
):
    # The score screen asks the server now and then. One question is answered slowly, just before the laptop goes
    # to sleep; a newer question hears nothing. The old "yes", arriving last, must not let Save post into the void.
    game = seed_game("contract", ["Ann", "Bob", "Cat", "Dan"])
    context, page = phone_on_game(browser, browser_context_args, game, service_worker=False)  # as on plain http
    page.get_by_role("link", name="Enter scores for deal 1").click()
    expect(page.locator("h1")).to_have_text("Scores for deal 1")
    offline_ready(page)

    held = []  # the older question, held unanswered until the newer one has heard nothing
    asleep = []  # once the laptop sleeps, every other request is refused

    def server(route) -> None:  # noqa: ANN001
        if asleep:
            route.abort("connectionrefused")
        elif route.request.url.endswith("/healthz"):
            held.append(route)
        else:
            route.continue_()

    context.route("**/*", server)
    page.evaluate("() => { window.oldQuestion = window.RummyOffline.reachable(); }")
    page.wait_for_function("() => true")
    assert held, "the older question reached the server"
    asleep.append(True)
    assert page.evaluate("() => window.RummyOffline.reachable()") is False  # the newer question: no answer
    held[0].fulfill(status=200, body="ok")  # the older question's late "yes"
    assert page.evaluate("() => window.oldQuestion") is True
    enter_deal(page, 0, {1: "K Q", 2: "7", 3: "JK"})
    expect(page.locator("#offline-status")).to_contain_text(f"Deal 1: {WAITING}.")
    assert recorded(live_app, game)[0] == [] and queue_length(page) == 1
    context.close()


def test_a_phone_that_thinks_it_is_online_keeps_its_deal_when_the_server_does_not_answer(
    browser, browser_context_args, live_app, seed_game, look
):
    # The home Wi-Fi is up, so the phone says it is online, but the laptop serving the game is asleep: every
    # request fails. Save must keep the deal on the phone, not end on the browser's error page.
    game = seed_game("contract", ["Ann", "Bob", "Cat", "Dan"])
    context, page = phone_on_game(browser, browser_context_args, game, service_worker=False)  # as on plain http
    page.get_by_role("link", name="Enter scores for deal 1").click()
    expect(page.locator("h1")).to_have_text("Scores for deal 1")

    context.route("**/*", lambda route: route.abort("connectionrefused"))
    # the screen asks the server every few seconds (so Save needn't); here it asks at once, and hears nothing
    assert offline_ready(page).evaluate("() => window.RummyOffline.reachable()") is False
    enter_deal(page, 0, {1: "K Q", 2: "7", 3: "JK"})
    expect(page.locator("#offline-status")).to_contain_text(f"Deal 1: {WAITING}.")
    expect(page.locator("h1")).to_have_text("Contract Rummy")  # the game page, from the phone's store
    expect(page.locator(".offline-item li")).to_have_text(["Ann: 0", "Bob: 20", "Cat: 7", "Dan: 15"])
    assert page.evaluate("navigator.onLine")  # the phone never knew
    assert recorded(live_app, game)[0] == [] and queue_length(page) == 1
    look("saved-while-the-server-slept", page=page)

    context.unroute("**/*")  # the laptop wakes
    offline_ready(page).evaluate("() => window.RummyOffline.flush()")
    until_sent(page)
    deals, actions = recorded(live_app, game)
    assert deals == [(1, {0: 0, 1: 20, 2: 7, 3: 15})]
    assert actions.count("entered") == 1
    context.close()


def test_save_asks_the_server_when_it_has_not_heard_from_it_lately_and_posts_when_it_answers(
    browser, browser_context_args, live_app, seed_game
):
    game = seed_game("contract", ["Ann", "Bob", "Cat", "Dan"])
    context, page = phone_on_game(browser, browser_context_args, game, service_worker=False)
    page.get_by_role("link", name="Enter scores for deal 1").click()
    expect(page.locator("h1")).to_have_text("Scores for deal 1")
    context.route("**/healthz", lambda route: route.abort("connectionrefused"))
    assert offline_ready(page).evaluate("() => window.RummyOffline.reachable()") is False  # heard nothing lately
    context.unroute("**/healthz")  # and now it answers again: Save asks, hears it, and posts
    enter_deal(page, 0, {1: "K Q", 2: "7", 3: "JK"})
    expect(page.locator("h1")).to_have_text("Contract Rummy")
    expect(page.get_by_role("link", name="Enter scores for deal 2")).to_be_visible()
    assert recorded(live_app, game)[0] == [(1, {0: 0, 1: 20, 2: 7, 3: 15})]
    assert queue_length(page) == 0
    context.close()


def test_two_phones_offline_on_one_deal_the_table_is_shown_both_and_picks_one(
    browser, browser_context_args, live_app, base_url, seed_game, look
):
    # A long name (who went out, in both entries' columns) on the narrowest phone: the table stays on the screen.
    game = seed_game("contract", ["Maximiliana Oppenheimer-Fitzgerald", "Bob", "Cat", "Dan"])
    phones = []
    for _ in range(2):
        context, page = phone_on_game(browser, {**browser_context_args, "viewport": {"width": 360, "height": 740}}, game)
        go_offline(context, page)
        phones.append(page)
    first, second = phones
    for page, (out, hands) in zip(phones, [(0, {1: "K Q", 2: "7", 3: "2"}), (1, {0: "A", 2: "7", 3: "3"})], strict=True):
        page.get_by_role("link", name="Enter scores for deal 1").click()
        enter_deal(page, out, hands)
        expect(page.locator("#offline-status")).to_contain_text(f"Deal 1: {WAITING}.")

    first.context.set_offline(False)
    expect(first.locator("#offline-status")).not_to_contain_text(WAITING, timeout=15000)
    second.context.set_offline(False)
    expect(second.locator(".offer h2")).to_have_text("Deal 1 was recorded on two phones", timeout=15000)
    look("two-entries", page=second)
    deals, actions = recorded(live_app, game)
    assert deals == [(1, {0: 0, 1: 20, 2: 7, 3: 2})]
    assert actions == ["started", "entered", "offered"]

    second.get_by_role("button", name="Use the one sent later").click()
    expect(second.locator(".flashes")).to_contain_text("the table chose the entry sent later")
    deals, actions = recorded(live_app, game)
    assert deals == [(1, {0: 15, 1: 0, 2: 7, 3: 3})]
    assert actions == ["started", "entered", "offered", "chose", "corrected"]
    second.locator(".history summary").click()
    expect(second.locator(".history")).to_contain_text("another entry arrived from a phone that was offline")
    look("chosen", page=second)
    for page in phones:
        page.context.close()


def test_a_phone_signed_out_meanwhile_is_told_and_keeps_its_deal(
    browser, browser_context_args, live_app, base_url, seed_game, look
):
    from tests.conftest import OWNER_NAME, OWNER_PASSWORD

    game = seed_game("contract", ["Ann", "Bob", "Cat", "Dan"])
    context, page = phone_on_game(browser, browser_context_args, game)
    go_offline(context, page)
    page.get_by_role("link", name="Enter scores for deal 1").click()
    enter_deal(page, 2, {0: "5", 1: "6", 3: "8"})
    expect(page.locator("#offline-status")).to_contain_text(WAITING)
    # The live poll of a signed-out phone's game page goes to the sign-in page (a navigation that would
    # race this test's checks); here what is checked is the queue's own message, so the poll stops first.
    page.evaluate("() => { const poll = document.getElementById('live-poll'); if (poll) poll.remove(); }")
    context.clear_cookies()  # signed out while away (a password change, the session ended elsewhere)

    context.set_offline(False)
    offline_ready(page).evaluate("() => window.RummyOffline.flush()")
    expect(page.locator("#offline-status")).to_contain_text("This phone was signed out: sign in again and it will be sent.")
    assert recorded(live_app, game)[0] == []
    assert queue_length(page) == 1
    look("signed-out", page=page)

    page.locator("#offline-status").get_by_role("link", name="Sign in").click()
    expect(page.get_by_role("status")).to_have_text("A deal saved on this phone is waiting: sign in and it will be sent.")
    look("sign-in-with-a-deal-waiting", page=page)
    page.get_by_label("Name").fill(OWNER_NAME)
    page.get_by_label("Password").fill(OWNER_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(re.compile(rf"/games/{game}$"))
    until_sent(page)
    # the game page sent the deal and reloads to show the server's game: waited for, so nothing races it
    until(page, "() => performance.getEntriesByType('navigation')[0].type === 'reload' && document.readyState === 'complete'")
    expect(page.get_by_role("link", name="Enter scores for deal 2")).to_be_visible(timeout=15000)
    assert recorded(live_app, game)[0] == [(1, {0: 5, 1: 6, 2: 0, 3: 8})]
    # the page shows the server's game once it has sent the deal (a reload), and says so there
    expect(page.locator("#offline-status .offline-sent")).to_have_text("Deal 1 saved. (sent when the connection came back)")
    # signed out again, the reloaded page's live poll would go to the sign-in page itself and abort this test's own
    # navigation there (CI saw net::ERR_ABORTED once): the poll stops first, as above
    page.evaluate("() => { const poll = document.getElementById('live-poll'); if (poll) poll.remove(); }")
    context.clear_cookies()
    page.goto("/login")  # nothing waits now: nothing said
    until_sent(page)
    expect(page.locator("#offline-waiting")).to_be_hidden()
    context.close()


def test_a_deal_the_server_questions_waits_on_the_phone_until_the_table_confirms(
    browser, browser_context_args, live_app, base_url, seed_game, look
):
    game = seed_game("contract", ["Ann", "Bob", "Cat", "Dan"])
    context, page = phone_on_game(browser, browser_context_args, game)
    go_offline(context, page)
    page.get_by_role("link", name="Enter scores for deal 1").click()
    enter_deal(page, 0, {1: "K Q"})  # Cat's and Dan's cards forgotten: the server's sanity check asks
    expect(page.locator("#offline-status")).to_contain_text(WAITING)

    context.set_offline(False)
    offline_ready(page).evaluate("() => window.RummyOffline.flush()")
    notice = page.locator(".offline-item.attention")
    expect(notice).to_contain_text("Deal 1: saved on this phone, not taken by the server.")
    expect(notice).to_contain_text("Cat and Dan have no cards entered")
    assert recorded(live_app, game)[0] == []
    look("questioned", page=page)

    notice.get_by_role("button", name="Save anyway: we checked").click()
    until_sent(page)
    deals, actions = recorded(live_app, game)
    assert deals == [(1, {0: 0, 1: 20, 2: 0, 3: 0})]
    assert actions.count("entered") == 1
    context.close()


def test_a_finished_games_correction_saved_offline_asks_to_correct_it_anyway(
    browser, browser_context_args, live_app, base_url, seed_game, look
):
    """A sync once corrected a finished game without the box the score page asks for: now the phone asks."""
    game = seed_game("contract", ["Ann", "Bob", "Cat", "Dan"], deals=[(0, {1: "K", 2: "3", 3: "4"})] * 7)
    context, page = phone_on_game(browser, browser_context_args, game)
    page.goto(f"/games/{game}/deals/7")  # the last deal's correction form, opened while online
    expect(page.locator("#keypad")).to_be_visible()
    go_offline(context, page)
    enter_deal(page, 0, {1: "7", 2: "3", 3: "4"})  # the box "correct it anyway" left unticked
    expect(page.locator("#offline-status")).to_contain_text(WAITING)

    context.set_offline(False)
    offline_ready(page).evaluate("() => window.RummyOffline.flush()")
    notice = page.locator(".offline-item.attention")
    expect(notice).to_contain_text("This game is finished: tick the box to correct it.")
    assert recorded(live_app, game)[0][-1] == (7, {0: 0, 1: 10, 2: 3, 3: 4})
    look("finished-correction-asked", page=page)

    notice.get_by_role("button", name="Correct it anyway").click()
    until_sent(page)
    deals, actions = recorded(live_app, game)
    assert deals[-1] == (7, {0: 0, 1: 7, 2: 3, 3: 4})
    assert actions.count("corrected") == 1
    context.close()


# ---------------------------------------------------------------------------
# A plain-http address on the home network: Chromium inside a network namespace


@pytest.fixture
def home_phone(tmp_path, live_app, playwright):
    """Chromium on "another device" (a namespace), and the app served on this machine's end of its veth pair."""
    from tests.browser.conftest import CHROMIUM_ARGS, chromium_path
    from tests.netns import phone_namespace, why_not

    reason = why_not()
    if reason:
        pytest.skip(reason)
    binary = chromium_path()
    if binary is None:
        pytest.skip("Debian's Chromium is not installed")
    with phone_namespace() as phone:
        server = make_server(phone.host_address, 0, live_app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        wrapper = tmp_path / "chromium-on-the-phone"
        wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {phone.name} {binary} "$@"\n')
        wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
        browser = playwright.chromium.launch(executable_path=str(wrapper), args=CHROMIUM_ARGS)
        try:
            yield browser, f"http://{phone.host_address}:{server.server_port}", phone.host_address
        finally:
            browser.close()
            server.shutdown()
            server.server_close()
            thread.join(timeout=5)


def signed_in(live_app, host: str) -> dict:
    from tests.conftest import sign_in

    client = live_app.test_client()
    sign_in(client, live_app.config["OWNER_ID"])
    cookie = client.get_cookie("session")
    return {"cookies": [{"name": "session", "value": cookie.value, "domain": host, "path": "/", "httpOnly": True, "sameSite": "Lax"}], "origins": []}


def test_on_a_plain_http_home_address_a_deal_saved_offline_reaches_the_server_once(
    home_phone, live_app, seed_game, playwright, screenshot_dir: Path
):
    browser, origin, host = home_phone
    game = seed_game("contract", ["Ann", "Bob", "Cat", "Dan"])
    phone_args = {**playwright.devices["Pixel 7"], "base_url": origin, "storage_state": signed_in(live_app, host)}
    context = browser.new_context(**phone_args)
    page = context.new_page()
    page.goto(f"/games/{game}")
    assert page.evaluate("window.isSecureContext") is False  # no service worker here
    assert page.evaluate("'serviceWorker' in navigator && navigator.serviceWorker.controller") in (None, False)
    wait_until_kept(page, game)

    go_offline(context, page)
    page.get_by_role("link", name="Enter scores for deal 1").click()
    expect(page.locator("h1")).to_have_text("Scores for deal 1")
    enter_deal(page, 3, {0: "A", 1: "K", 2: "2 2"})
    expect(page.locator("#offline-status")).to_contain_text(f"Deal 1: {WAITING}.")
    page.screenshot(path=screenshot_dir / "offline-home-http-saved.png", full_page=True)
    # the tab is closed while offline: the queue is in IndexedDB, not in the tab
    page.close()
    assert recorded(live_app, game)[0] == []

    context.set_offline(False)
    page = context.new_page()
    page.goto(f"/games/{game}")
    until_sent(page)
    expect(page.get_by_role("link", name="Enter scores for deal 2")).to_be_visible(timeout=15000)
    page.screenshot(path=screenshot_dir / "offline-home-http-back.png", full_page=True)
    deals, actions = recorded(live_app, game)
    assert deals == [(1, {0: 15, 1: 10, 2: 4, 3: 0})]
    assert actions.count("entered") == 1

    second = browser.new_context(**phone_args).new_page()
    second.goto(f"/games/{game}")
    expect(second.get_by_role("link", name="Enter scores for deal 2")).to_be_visible()
    second.context.close()
    context.close()


def test_the_offline_scripts_raise_no_error_when_the_phone_comes_online_and_every_15_seconds(
    browser, browser_context_args, seed_game
):
    """navigation.js once called a flush() it never defined on "online" and every 15 s: an uncaught
    ReferenceError in the console four times a minute on every page, while online. The page's clock is run on
    past two rounds of those tries (Playwright's clock: no waiting)."""
    game = seed_game("contract", ["Ann", "Bob", "Cat"])
    context = browser.new_context(**browser_context_args, service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.clock.install()
    page.goto(f"/games/{game}")
    offline_ready(page)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    page.clock.run_for("00:31")
    assert page.evaluate("() => navigator.onLine")
    assert errors == []
    context.close()
