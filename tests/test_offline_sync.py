"""The server's side of scoring offline: deals a phone saved with no connection, sent when it is back.

Each entry is the score form's fields, posted to ``/games/<id>/deals/<n>/sync``
with ``Accept: application/json``. Nothing is dropped or counted twice: a
repeat is answered ``already``; a deal another phone recorded differently
meanwhile is kept beside it (``conflict``) for the table to choose, and the
history keeps both.
"""

from __future__ import annotations

import json

import pytest
from conftest import sign_in
from pages import parse
from sqlalchemy import select

from companion.extensions import db
from companion.models import Change, DealResult, Game, User

JSON = {"Accept": "application/json"}


def entry(went_out="0", hands=None, version=""):
    """The score form's fields: ``hands`` maps a seat to its cards (every other seat: no cards)."""
    hands = hands or {}
    data = {"went_out": went_out, "version": version}
    for seat in range(4):
        data[f"hands-{seat}-cards"] = hands.get(seat, "")
        data[f"hands-{seat}-points"] = ""
    return data


def game_id_of(url: str) -> int:
    return int(url.rstrip("/").rsplit("/", 1)[1])


def stored(app, game_id):
    """Each recorded deal: (number, went out, {seat: points}), and how many results there are."""
    with app.app_context():
        rows = db.session.scalars(select(DealResult).where(DealResult.game_id == game_id).order_by(DealResult.number)).all()
        return [(d.number, d.went_out, {h.position: h.points + h.adjustment for h in d.hands}) for d in rows]


def history(app, game_id):
    with app.app_context():
        return [c.action for c in db.session.scalars(select(Change).where(Change.game_id == game_id).order_by(Change.id))]


@pytest.fixture
def game(make_game, no_csrf_app):
    return game_id_of(make_game(["Ann", "Bob", "Cat", "Dan"]))


@pytest.fixture
def phone(form_client):
    return form_client


def sync(client, game_id, number, data):
    return client.post(f"/games/{game_id}/deals/{number}/sync", data=data, headers=JSON)


def test_a_deal_saved_offline_is_recorded_once_however_often_it_is_sent(phone, game, no_csrf_app):
    data = entry("0", {1: "K Q", 2: "7", 3: "JK"})
    first = sync(phone, game, 1, data)
    assert first.status_code == 200
    assert first.get_json()["status"] == "saved"
    assert first.get_json()["message"] == "Deal 1 saved."
    # the answer was lost on the way back: the phone sends it again
    again = sync(phone, game, 1, data)
    assert again.status_code == 200
    assert again.get_json() == {"status": "already", "message": "Deal 1 was already recorded like this.", "revision": again.get_json()["revision"]}
    assert stored(no_csrf_app, game) == [(1, 0, {0: 0, 1: 20, 2: 7, 3: 15})]  # Contract Rummy: 7 is 7, a joker 15
    assert history(no_csrf_app, game) == ["started", "entered"]


def test_queued_deals_sent_in_order_are_each_recorded(phone, game, no_csrf_app):
    for number, hands in enumerate([{1: "K", 2: "3", 3: "4"}, {1: "2", 2: "A", 3: "4"}, {1: "9", 2: "8", 3: "5 5"}], start=1):
        answer = sync(phone, game, number, entry("0", hands))
        assert answer.get_json()["status"] == "saved", answer.get_json()
    assert [row[2] for row in stored(no_csrf_app, game)] == [{0: 0, 1: 10, 2: 3, 3: 4}, {0: 0, 1: 2, 2: 15, 3: 4}, {0: 0, 1: 9, 2: 8, 3: 10}]


def test_a_deal_out_of_order_is_kept_on_the_phone_with_the_reason(phone, game, no_csrf_app):
    answer = sync(phone, game, 2, entry("0", {1: "K", 2: "3", 3: "4"}))
    assert answer.status_code == 409
    assert answer.get_json() == {"status": "refused", "error": "Deal 1 is the next to enter, not deal 2."}
    assert stored(no_csrf_app, game) == []


def test_two_phones_offline_on_one_deal_the_table_chooses_and_the_history_keeps_both(phone, game, no_csrf_app):
    ann_phone = sync(phone, game, 1, entry("0", {1: "K Q", 2: "7", 3: "2"}))
    assert ann_phone.get_json()["status"] == "saved"
    bob_phone = sync(phone, game, 1, entry("1", {0: "A", 2: "7", 3: "3"}))
    assert bob_phone.status_code == 200
    answer = bob_phone.get_json()
    assert answer["status"] == "conflict"
    assert "both entries are on the game page for the table to choose" in answer["message"]
    # sent twice: still one entry waiting, not two
    assert sync(phone, game, 1, entry("1", {0: "A", 2: "7", 3: "3"})).get_json()["status"] == "conflict"
    assert stored(no_csrf_app, game) == [(1, 0, {0: 0, 1: 20, 2: 7, 3: 2})]  # the first counts until the table says
    assert history(no_csrf_app, game) == ["started", "entered", "offered"]

    page = parse(phone.get(f"/games/{game}").get_data(as_text=True))
    offer = page.find(cls="offer")
    assert offer.find("h2").text == "Deal 1 was recorded on two phones"
    rows = {row.find("th").text: [cell.text for cell in row.find_all("td")] for row in offer.find("tbody").find_all("tr")}
    assert rows == {"Went out": ["Ann", "Bob"], "Ann": ["0", "15"], "Bob": ["20", "0"], "Cat": ["7", "7"], "Dan": ["2", "3"]}
    use = next(form for form in offer.find_all("form") if form.attrs["action"].endswith("/use"))

    chosen = phone.post(use.attrs["action"], data={})
    assert chosen.status_code == 303
    assert stored(no_csrf_app, game) == [(1, 1, {0: 15, 1: 0, 2: 7, 3: 3})]
    assert history(no_csrf_app, game) == ["started", "entered", "offered", "chose", "corrected"]
    page = parse(phone.get(f"/games/{game}").get_data(as_text=True))
    assert not page.has(cls="offer")
    assert "Deal 1: the table chose the entry sent later" in page.find(cls="history").text
    assert "Deal 1: the table chose the entry sent later. Both are in the history." in page.text
    # the choice is made once
    assert phone.post(use.attrs["action"], data={}).status_code == 303
    assert history(no_csrf_app, game) == ["started", "entered", "offered", "chose", "corrected"]


def test_keeping_the_recorded_entry_changes_no_score(phone, game, no_csrf_app):
    sync(phone, game, 1, entry("0", {1: "K Q", 2: "3", 3: "4"}))
    sync(phone, game, 1, entry("0", {1: "K", 2: "3", 3: "4"}))
    with no_csrf_app.app_context():
        offer_id = db.session.scalar(select(Change.id).where(Change.action == "offered"))
    assert phone.post(f"/games/{game}/offers/{offer_id}/keep", data={}).status_code == 303
    assert stored(no_csrf_app, game) == [(1, 0, {0: 0, 1: 20, 2: 3, 3: 4})]
    assert history(no_csrf_app, game) == ["started", "entered", "offered", "kept"]
    assert not parse(phone.get(f"/games/{game}").get_data(as_text=True)).has(cls="offer")


def test_a_correction_made_offline_with_the_current_version_is_recorded(phone, game, no_csrf_app):
    sync(phone, game, 1, entry("0", {1: "K Q", 2: "3", 3: "4"}))
    with no_csrf_app.app_context():
        version = db.session.scalar(select(DealResult.version))
    answer = sync(phone, game, 1, entry("0", {1: "K", 2: "3", 3: "4"}, version=str(version)))
    assert answer.get_json()["status"] == "saved"
    assert stored(no_csrf_app, game) == [(1, 0, {0: 0, 1: 10, 2: 3, 3: 4})]
    # a correction from an older version is not applied over a newer one: the table chooses
    stale = sync(phone, game, 1, entry("0", {1: "Q", 2: "3", 3: "4"}, version=str(version)))
    assert stale.get_json()["status"] == "conflict"
    assert stored(no_csrf_app, game) == [(1, 0, {0: 0, 1: 10, 2: 3, 3: 4})]


def test_a_phone_that_lost_the_race_with_the_same_entry_is_told_already_not_conflict(phone, game, no_csrf_app, monkeypatch):
    """Thirty identical syncs once made eighteen identical offers: the check before saving ran before the winner's
    save landed. Here the winner's save lands just after this phone's check, as in that race."""
    from companion.games import deal_entry

    data = entry("0", {1: "K Q", 2: "7", 3: "JK"})
    real_save = deal_entry.save_deal
    racing = [True]

    def save_after_the_other_phone(*args, **kwargs):
        if racing.pop() if racing else False:
            real_save(*args, **kwargs)  # the other phone's identical entry, saved first
        return real_save(*args, **kwargs)

    monkeypatch.setattr(deal_entry, "save_deal", save_after_the_other_phone)
    answer = sync(phone, game, 1, data).get_json()
    assert answer["status"] == "already", answer
    assert history(no_csrf_app, game) == ["started", "entered"]
    assert not parse(phone.get(f"/games/{game}").get_data(as_text=True)).has(cls="offer")


def test_phones_racing_with_the_same_other_entry_make_one_offer(phone, game, no_csrf_app, monkeypatch):
    from companion.games import deal_entry

    assert sync(phone, game, 1, entry("0", {1: "K Q", 2: "3", 3: "4"})).get_json()["status"] == "saved"
    other = entry("1", {0: "A", 2: "7", 3: "3"})
    real_pending = deal_entry.pending_offers
    checks = []

    def offers_before_the_other_phones_landed(game_row):
        checks.append(1)
        if len(checks) == 1:  # this phone's first look: the other phone's offer is not written yet
            found = real_pending(game_row)
            first = sync(phone, game, 1, other).get_json()  # the other phone, at that moment
            assert first["status"] == "conflict"
            return found
        return real_pending(game_row)

    monkeypatch.setattr(deal_entry, "pending_offers", offers_before_the_other_phones_landed)
    answer = sync(phone, game, 1, other).get_json()
    assert answer["status"] == "conflict"
    assert history(no_csrf_app, game) == ["started", "entered", "offered"]  # one offer, not two
    page = parse(phone.get(f"/games/{game}").get_data(as_text=True))
    assert len(page.find_all(cls="offer")) == 1


def test_a_correction_of_a_finished_game_sent_later_asks_to_correct_it_anyway(phone, no_csrf_app, make_game):
    game = game_id_of(make_game(["Ann", "Bob", "Cat", "Dan"], ruleset="contract"))
    with no_csrf_app.app_context():
        deals = len(db.session.get(Game, game).ruleset.deals)
    for number in range(1, deals + 1):
        assert sync(phone, game, number, entry("0", {1: "K", 2: "3", 3: "4"})).get_json()["status"] == "saved"
    with no_csrf_app.app_context():
        assert db.session.get(Game, game).status == "finished"
        version = db.session.scalar(select(DealResult.version).where(DealResult.game_id == game, DealResult.number == deals))
    correction = entry("0", {1: "7", 2: "3", 3: "4"}, version=str(version))
    answer = sync(phone, game, deals, correction)
    assert answer.status_code == 422
    assert answer.get_json()["status"] == "invalid"
    assert answer.get_json()["errors"] == {"confirm_finished": "This game is finished: tick the box to correct it."}
    assert stored(no_csrf_app, game)[-1] == (deals, 0, {0: 0, 1: 10, 2: 3, 3: 4})
    confirmed = sync(phone, game, deals, {**correction, "confirm_finished": "y"})
    assert confirmed.get_json()["status"] == "saved"
    assert stored(no_csrf_app, game)[-1] == (deals, 0, {0: 0, 1: 7, 2: 3, 3: 4})


@pytest.mark.parametrize(
    ("data", "status", "kind"),
    [
        (entry("", {1: "K"}), 422, "invalid"),
        (entry("0", {1: "K X"}), 422, "invalid"),
        (entry("0", {1: "JK " * 30}), 422, "warnings"),
        # read by the entry page's own form: hostile input is refused as the page refuses it
        ({"went_out": "0", "hands-0-cards": "", "hands-2-cards": "K"}, 422, "invalid"),  # a gap in the hands
        (entry("0", {1: "K"}, version="x" * 50), 422, "invalid"),
        (entry("0", {1: "K " * 400}), 422, "invalid"),  # longer than any hand's box
    ],
)
def test_an_entry_the_table_must_look_at_again_stays_on_the_phone(phone, game, no_csrf_app, data, status, kind):
    answer = sync(phone, game, 1, data)
    assert answer.status_code == status
    body = answer.get_json()
    assert body["status"] == kind
    assert body["error"] and "Traceback" not in body["error"]
    assert stored(no_csrf_app, game) == []


def test_a_warning_sent_back_to_the_phone_counts_ranks_in_words(phone, game, no_csrf_app):
    """Issue 19, item 8: the phone says "9 kings" as the score page does, not the engine's "9 Ks"."""
    answer = sync(phone, game, 1, entry("0", {1: "K K K K K", 2: "K K K K", 3: "7"}))
    assert answer.status_code == 422
    assert answer.get_json()["warnings"] == ["The hands hold 9 kings between them, but the packs hold only 8."]
    assert stored(no_csrf_app, game) == []


def test_an_abandoned_game_takes_no_late_entry(phone, game, no_csrf_app):
    phone.post(f"/games/{game}/abandon", data={"sure": "y"})
    answer = sync(phone, game, 1, entry("0", {1: "K", 2: "3", 3: "4"}))
    assert answer.status_code == 409
    assert answer.get_json()["error"] == "This game was abandoned; its scores can't change."


def test_a_signed_out_phone_is_sent_to_sign_in_and_nothing_is_stored(no_csrf_app, game):
    stranger = no_csrf_app.test_client()
    answer = sync(stranger, game, 1, entry("0", {1: "K", 2: "3", 3: "4"}))
    assert answer.status_code in (302, 303)
    assert "/login" in answer.headers["Location"]
    assert stored(no_csrf_app, game) == []


def test_an_expired_token_gets_a_json_answer_and_a_fresh_token_is_one_request_away(app, make_game):
    client = app.test_client()
    sign_in(client, app.config["OWNER_ID"])
    page = client.get("/games/new")
    assert page.status_code == 200
    answer = client.post("/games/1/deals/1/sync", data={"csrf_token": "expired"}, headers=JSON)
    assert answer.status_code == 400
    assert answer.get_json()["status"] == "token"
    fresh = client.get("/games/csrf-token", headers=JSON)
    assert fresh.status_code == 200
    assert fresh.headers["Cache-Control"] == "no-store"
    assert len(fresh.get_json()["csrf_token"]) > 20


def test_the_offline_pack_holds_the_score_screen_of_every_deal_still_to_enter(phone, game, no_csrf_app):
    sync(phone, game, 1, entry("0", {1: "K", 2: "3", 3: "4"}))
    pack = phone.get(f"/games/{game}/offline", headers=JSON)
    assert pack.status_code == 200
    body = pack.get_json()
    with no_csrf_app.app_context():
        revision = db.session.scalar(select(Game.revision).where(Game.id == game))
    assert body["revision"] == revision
    assert sorted(body["pages"]) == [f"/games/{game}/deals/{n}" for n in range(2, 8)]
    deal_3 = parse(body["pages"][f"/games/{game}/deals/3"])
    assert deal_3.find("h1").text == "Scores for deal 3"
    assert deal_3.find(id="offline").attrs["data-sync"] == f"/games/{game}/deals/3/sync"
    assert deal_3.find("form", method="post").attrs["action"] == f"/games/{game}/deals/3"
    # deal 3's contract part by part, as the game page draws it (issue 19, item 8: the table's own words)
    assert body["prompts"]["3"]["parts"] == [{"code": "R4", "face": "R4", "words": "run of 4"}] * 2
    assert body["prompts"]["2"]["parts"][0] == {"code": "S3", "face": "G3", "words": "group of 3"}


def test_an_account_not_on_the_league_roster_gets_no_pack_and_can_send_nothing(no_csrf_app):
    from companion.games.life import find_or_add_player, start_game
    from companion.leagues.service import create_league
    from companion.rules import RULESETS

    with no_csrf_app.app_context():
        league = create_league("Joneses")
        players = [find_or_add_player(name) for name in ("Ann", "Bob", "Cat")]
        game_id = start_game(RULESETS["contract"], players, 0, league=league).id
        outsider = User(username="Vera", username_key="vera", password_hash="x", is_owner=False)
        db.session.add(outsider)
        db.session.commit()
        outsider_id = outsider.id
    client = no_csrf_app.test_client()
    sign_in(client, outsider_id)
    answer = sync(client, game_id, 1, entry("0", {1: "K", 2: "3", 3: "4"}))
    assert answer.status_code == 403
    assert answer.get_json() == {"status": "refused", "error": "Only members of Joneses can change its games and standings."}
    assert client.get(f"/games/{game_id}/offline", headers=JSON).status_code == 403
    assert stored(no_csrf_app, game_id) == []


def test_the_service_worker_is_served_from_the_root_for_the_whole_site(anon_client):
    response = anon_client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response.headers["Cache-Control"]
    assert "addEventListener(\"fetch\"" in response.get_data(as_text=True)


# ---------------------------------------------------------------------------
# Phase 10 (RULES.md §8.6): the phone goes on hand after hand from its own "made" ticks

PHASE10_NAMES = ["Ann", "Ben", "Cy"]
#: RULES.md §8.1's contract text of each phase.
PHASE10_CONTRACTS = {
    "1": "Two sets of 3",
    "2": "One set of 3 and one run of 4",
    "3": "One set of 4 and one run of 4",
    "4": "One run of 7",
    "5": "One run of 8",
    "6": "One run of 9",
    "7": "Two sets of 4",
    "8": "Seven cards of one colour",
    "9": "One set of 5 and one set of 2",
    "10": "One set of 5 and one set of 3",
}


def phase10_hand(went_out, lines, chosen=None):
    """A Phase 10 hand's fields: ``lines`` maps a seat to (made, points); ``chosen`` a seat to its phase (Masters)."""
    data = {"went_out": str(went_out), "version": ""}
    for seat in range(len(PHASE10_NAMES)):
        made, points = lines[seat]
        data[f"hands-{seat}-cards"] = ""
        data[f"hands-{seat}-points"] = str(points)
        if made:
            data[f"hands-{seat}-made"] = "y"
    for seat, phase in (chosen or {}).items():
        data[f"hands-{seat}-chosen_phase"] = str(phase)
    return data


def phase_state_of(page_html: str) -> dict:
    return json.loads(parse(page_html).find("script", id="phase-state").text)


def test_a_phase10_score_screen_carries_what_the_phone_needs_for_the_hands_after_it(phone, make_game, no_csrf_app):
    game = game_id_of(make_game(PHASE10_NAMES, ruleset="phase10"))
    # hand 1: Ann goes out (made), Ben makes phase 1, Cy does not
    assert sync(phone, game, 1, phase10_hand(0, {0: (True, 0), 1: (True, 15), 2: (False, 40)})).get_json()["status"] == "saved"
    body = phone.get(f"/games/{game}/offline", headers=JSON).get_json()
    assert sorted(body["pages"]) == [f"/games/{game}/deals/2"]  # the next hand only: the phone draws the rest
    page = body["pages"][f"/games/{game}/deals/2"]
    state = phase_state_of(page)
    assert state["hand"] == 2
    assert state["progression"] == "per_player"
    assert state["last"] == 10
    assert state["made"] == {"0": [1], "1": [1], "2": []}
    assert state["contracts"] == PHASE10_CONTRACTS
    # the table the phone names each hand's dealer, cutter and first player from (tally.js handRoles): the first
    # seat dealt hand 1, and the deal passes left (tests/test_seat_roles.py checks handRoles against the engine)
    assert state["table"] == {"names": PHASE10_NAMES, "first_dealer": 0, "direction": "clockwise"}
    # the words the phone writes into the next hands' pages, whole sentences with their blanks
    offline = parse(page).find(id="offline").attrs
    assert offline["data-say-hand-heading"] == "Scores for hand {deal}"
    assert offline["data-say-save-hand"] == "Save hand {deal}"
    assert offline["data-say-phase-contract"] == "Phase {number}: {contract}"
    assert offline["data-say-dealer"] == "dealer {name}"
    assert offline["data-say-enter-hand"] == "Enter scores for hand {deal}"
    assert "{deal}" in offline["data-say-game-ends"]
    assert "data-say-tick-it" not in offline  # whoever went out is taken as made (RULES.md §8.6.4): nothing to tick
    # what the phone rewrites is marked: the dealer and each player's phase
    shown = parse(page)
    assert shown.find(**{"data-phase-page": "dealer"}).text == "dealer Ben"
    assert [label.text for label in shown.find_all(**{"data-phase-page": "phase"})] == [
        "Phase 2: One set of 3 and one run of 4", "Phase 2: One set of 3 and one run of 4", "Phase 1: Two sets of 3",
    ]  # fmt: skip


def test_the_phase10_game_page_marks_the_prompt_the_phone_fills(phone, make_game, no_csrf_app):
    url = make_game(PHASE10_NAMES, ruleset="phase10")
    shown = parse(phone.get(url).get_data(as_text=True))
    assert shown.find(**{"data-prompt": "count"}).text == "Hand 1"
    assert shown.find(**{"data-prompt": "dealer"}).text == "Ann"
    assert shown.find(**{"data-prompt": "first"}).text == "Ben"
    assert [item.attrs["data-seat"] for item in shown.find(cls="phase-list").find_all("li")] == ["0", "1", "2"]


def test_hands_queued_on_a_phone_sync_in_order_and_the_server_derives_the_same_phases(phone, make_game, no_csrf_app):
    """Two hands the phone kept (RULES.md §8.6.3: everyone who made their phase moves on, the others repeat it)."""
    url = make_game(PHASE10_NAMES, ruleset="phase10")
    game = game_id_of(url)
    first = sync(phone, game, 1, phase10_hand(0, {0: (True, 0), 1: (True, 15), 2: (False, 40)}))
    second = sync(phone, game, 2, phase10_hand(1, {0: (False, 30), 1: (True, 0), 2: (True, 5)}))
    assert [first.get_json()["status"], second.get_json()["status"]] == ["saved", "saved"]
    assert stored(no_csrf_app, game) == [(1, 0, {0: 0, 1: 15, 2: 40}), (2, 1, {0: 30, 1: 0, 2: 5})]
    # hand 3 as the phone drew it: Ann repeats phase 2, Ben on 3, Cy on 2
    prompt = parse(phone.get(url).get_data(as_text=True)).find(cls="phase-list")
    assert [" ".join(item.text.split()) for item in prompt.find_all("li")] == [
        "Ann Phase 2 One set of 3 and one run of 4",
        "Ben Phase 3 One set of 4 and one run of 4",
        "Cy Phase 2 One set of 3 and one run of 4",
    ]
    state = phase_state_of(phone.get(f"{url}/deals/3").get_data(as_text=True))
    assert state["made"] == {"0": [1], "1": [1, 2], "2": [1]}


def test_masters_score_screen_says_each_player_chooses(phone, make_game, no_csrf_app):
    url = make_game(PHASE10_NAMES, ruleset="phase10", options=["masters"])
    game = game_id_of(url)
    hand = phase10_hand(0, {0: (True, 0), 1: (False, 25), 2: (True, 10)}, chosen={0: 4, 1: 2, 2: 1})
    assert sync(phone, game, 1, hand).get_json()["status"] == "saved"
    state = phase_state_of(phone.get(f"{url}/deals/2").get_data(as_text=True))
    assert state["progression"] == "per_player_choice"
    assert state["made"] == {"0": [4], "1": [], "2": [1]}


def test_no_phase_state_where_nothing_follows_on_the_phone(phone, make_game, no_csrf_app):
    fixed = make_game(["Ann", "Bob", "Cat", "Dan"])
    assert parse(phone.get(f"{fixed}/deals/1").get_data(as_text=True)).has("script", id="phase-state") is False
    url = make_game(PHASE10_NAMES, ruleset="phase10")
    game = game_id_of(url)
    sync(phone, game, 1, phase10_hand(0, {0: (True, 0), 1: (True, 15), 2: (False, 40)}))
    correction = parse(phone.get(f"{url}/deals/1").get_data(as_text=True))  # correcting hand 1: no hand follows here
    assert correction.has("script", id="phase-state") is False


def test_a_phase10_hand_recorded_on_two_phones_is_a_conflict_and_the_tables_choice_re_derives_the_phases(
    phone, make_game, no_csrf_app
):
    """As for the ten: the first entry counts until the table chooses; the phone's later hands are recorded on the
    server's own phases, and choosing the other entry moves every later phase with it (RULES.md §8.6.9)."""
    url = make_game(PHASE10_NAMES, ruleset="phase10")
    game = game_id_of(url)
    # another phone: Ann out, nobody else made phase 1
    assert sync(phone, game, 1, phase10_hand(0, {0: (True, 0), 1: (False, 30), 2: (False, 40)})).get_json()["status"] == "saved"
    # this phone kept hand 1 (Ben made it too) and hand 2 drawn from it
    answer = sync(phone, game, 1, phase10_hand(0, {0: (True, 0), 1: (True, 15), 2: (False, 40)})).get_json()
    assert answer["status"] == "conflict"
    assert "both entries are on the game page for the table to choose" in answer["message"]
    assert sync(phone, game, 2, phase10_hand(1, {0: (False, 30), 1: (True, 0), 2: (True, 5)})).get_json()["status"] == "saved"
    page = parse(phone.get(url).get_data(as_text=True))
    assert page.find(cls="offer").find("h2").text == "Hand 1 was recorded on two phones"
    phases = [" ".join(item.text.split()) for item in page.find(cls="phase-list").find_all("li")]
    assert phases == [  # on the recorded hand 1, Ben made phase 1 only in hand 2
        "Ann Phase 2 One set of 3 and one run of 4",
        "Ben Phase 2 One set of 3 and one run of 4",
        "Cy Phase 2 One set of 3 and one run of 4",
    ]
    use = next(form for form in page.find(cls="offer").find_all("form") if form.attrs["action"].endswith("/use"))
    assert phone.post(use.attrs["action"], data={}).status_code == 303
    page = parse(phone.get(url).get_data(as_text=True))
    phases = [" ".join(item.text.split()) for item in page.find(cls="phase-list").find_all("li")]
    assert phases == [  # as this phone showed them: Ben made phases 1 and 2
        "Ann Phase 2 One set of 3 and one run of 4",
        "Ben Phase 3 One set of 4 and one run of 4",
        "Cy Phase 2 One set of 3 and one run of 4",
    ]


def test_a_phase10_score_screen_in_spanish_gives_the_phone_its_sentences_in_spanish(phone, make_game, no_csrf_app):
    """The phone writes the next hands' pages with no connection: it can only say what the page gave it."""
    url = make_game(PHASE10_NAMES, ruleset="phase10")
    html = phone.get(f"{url}/deals/1", headers={"Accept-Language": "es"}).get_data(as_text=True)
    offline = parse(html).find(id="offline").attrs
    assert offline["data-say-hand-heading"] == "Puntos de la mano {deal}"
    assert offline["data-say-save-hand"] == "Guardar la mano {deal}"
    assert offline["data-say-phase-contract"] == "Fase {number}: {contract}"
    assert offline["data-say-game-ends"] == (
        "Alguien hizo su última fase en la mano {deal}, así que el juego termina ahí: el servidor dice quién gana,"
        " o pide una mano de desempate, cuando vuelva la conexión."
    )
    assert phase_state_of(html)["contracts"]["1"] == "Dos grupos de 3"  # each phase's contract in the page's words
