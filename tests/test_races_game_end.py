"""Two phones writing to one game at the same moment: the stored game always agrees with its hands.

An attack (issue 28, finding 2) found a game ended wrongly: one phone saved
Phase 10's hand 10, in which Ann makes phase 10; another at the same moment
corrected hand 9 so that Ann did not make phase 9. The game was stored
finished, Ann the winner on nine phases (20 races of 25 on SQLite, 15 of 15
on PostgreSQL), and its page said "Ended early after hand 10, as the table
agreed". One after the other, the same two saves leave the game going on:
each request had read the game's deals before either took the game's row.

Here the two requests are made to meet deterministically: each phone (a
test client on a thread of its own) loads the game as the page does, then
waits at a barrier placed just before the game write it calls (the deal's
entry, the undo, ending early), so both have read the game before either
writes. Then one is let go a moment before the other. Whichever goes first,
what is stored must be what the two writes give one after the other, in
some order: never a mixture. On the old code every race here but the double
taps ended in a mixture (README: design notes, "Concurrency"; bench/race_ends.py
counts the same races on a real multi-worker server).

Every test runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from sqlalchemy import func, select

from companion.extensions import db
from companion.games import life, routes
from companion.models import Change, DealResult, Game, GameResult, HandScore
from conftest import sign_in, start_game_via_form

NAMES = ["Ann", "Ben", "Cy"]
LAG = 0.15
"""How long the second phone is held back after both met (it only orders them: nothing is timed)."""


# ---------------------------------------------------------------------------
# Two phones meeting before their writes


class Meeting:
    """A barrier in front of the game writes the routes call, for two phones (threads) at once."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *targets: tuple[object, str]) -> None:
        self.barrier = threading.Barrier(2)
        self.met = 0
        self.local = threading.local()
        for module, name in targets:
            monkeypatch.setattr(module, name, self._wrapped(getattr(module, name)))

    def _wrapped(self, original: Callable) -> Callable:
        def meet_then_write(*args, **kwargs):
            self.barrier.wait(timeout=60)  # both phones have read the game: neither has written
            self.met += 1
            time.sleep(getattr(self.local, "lag", 0.0))
            return original(*args, **kwargs)

        return meet_then_write

    def race(self, first: Callable, second: Callable, *, lagging: int) -> list:
        """Run ``first`` and ``second`` (each posting with a client of its own) at once; phone ``lagging`` (0 or 1)
        writes a moment after the other. Their responses, in order."""
        answers: list = [None, None]
        failures: list[BaseException] = []

        def run(index: int, action: Callable) -> None:
            self.local.lag = LAG if index == lagging else 0.0
            try:
                answers[index] = action()
            except BaseException as error:  # noqa: BLE001 (reported below)
                failures.append(error)
                self.barrier.abort()

        threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate((first, second))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        if failures:
            raise failures[0]
        assert self.met == 2, "the two phones did not both reach their write"
        return answers


def phone(app):
    """A second signed-in phone (a client of its own) at the same table."""
    client = app.test_client()
    sign_in(client, app.config["OWNER_ID"])
    return client


def game_id(url: str) -> int:
    return int(url.rsplit("/", 1)[1])


# ---------------------------------------------------------------------------
# What is stored, read straight from the tables (not through the code under test)


def stored(app, gid: int) -> dict:
    with app.app_context():
        game = db.session.get(Game, gid)
        deals = list(db.session.scalars(select(DealResult).where(DealResult.game_id == gid).order_by(DealResult.number)))
        made = db.session.execute(
            select(HandScore.position, func.count())
            .join(DealResult)
            .where(DealResult.game_id == gid, HandScore.made)
            .group_by(HandScore.position)
        ).all()
        sums = db.session.execute(
            select(HandScore.position, func.sum(HandScore.points + HandScore.adjustment))
            .join(DealResult)
            .where(DealResult.game_id == gid)
            .group_by(HandScore.position)
        ).all()
        results = db.session.execute(
            select(GameResult.position, GameResult.total, GameResult.place).where(GameResult.game_id == gid)
            .order_by(GameResult.position)
        ).all()
        changes = db.session.execute(
            select(Change.action, Change.deal_number, Change.new_json).where(Change.game_id == gid).order_by(Change.id)
        ).all()
        found = {
            "status": game.status,
            "deals": [deal.number for deal in deals],
            "versions": {deal.number: deal.version for deal in deals},
            "made": dict(made),
            "totals": {position: int(total) for position, total in sums},
            "results": [tuple(row) for row in results],
            "actions": [action for action, _, _ in changes],
            "changes": list(changes),
        }
        db.session.remove()
        return found


def assert_results_agree(found: dict) -> None:
    """A finished game's standings rows are its stored totals, one per seat; a game in play has none."""
    if found["status"] == "finished":
        assert [(p, t) for p, t, _ in found["results"]] == sorted(found["totals"].items()), found
    else:
        assert found["results"] == [], found


# ---------------------------------------------------------------------------
# Phase 10: hand 10 saved while hand 9 is corrected


def phase10_hand(lines: dict[int, tuple[bool, int]], went_out: int, *, version: int | None = None) -> dict:
    data = {"went_out": str(went_out), "confirm": "y"}
    for seat, (made, points) in lines.items():
        data[f"hands-{seat}-points"] = str(points)
        if made:
            data[f"hands-{seat}-made"] = "y"
    if version is not None:
        data["version"] = str(version)
    return data


ANN_GOES_OUT = phase10_hand({0: (True, 0), 1: (False, 50), 2: (False, 60)}, 0)
"""Ann makes her phase and goes out; Ben and Cy make nothing."""
HAND_9_CORRECTED = phase10_hand({0: (False, 25), 1: (True, 0), 2: (False, 30)}, 1, version=1)
"""Hand 9 as it really went: Ben made his phase and went out, Ann did not make hers."""


@pytest.fixture
def phase10_at_hand_10(form_client):
    """A Phase 10 game after 9 hands in which Ann made every phase: hand 10 decides it if she makes phase 10."""
    url = start_game_via_form(form_client, NAMES, ruleset="phase10")
    for number in range(1, 10):
        answer = form_client.post(f"{url}/deals/{number}", data=ANN_GOES_OUT)
        assert answer.status_code == 303, answer.get_data(as_text=True)
    return url


@pytest.mark.parametrize("lagging", [0, 1], ids=["correction-first", "save-first"])
def test_phase10_hand_saved_while_an_earlier_hand_is_corrected_leaves_the_game_as_its_hands_say(
    no_csrf_app, form_client, phase10_at_hand_10, monkeypatch, lagging
):
    url, gid = phase10_at_hand_10, game_id(phase10_at_hand_10)
    other = phone(no_csrf_app)
    meeting = Meeting(monkeypatch, (routes, "enter_deal"))
    save, correct = meeting.race(
        lambda: form_client.post(f"{url}/deals/10", data=ANN_GOES_OUT),
        lambda: other.post(f"{url}/deals/9", data=HAND_9_CORRECTED),
        lagging=lagging,
    )
    found = stored(no_csrf_app, gid)
    assert save.status_code == 303
    if correct.status_code == 303:
        # the correction, then hand 10: Ann made phases 1-8 and 9 (in hand 10), so the game goes on
        assert found["versions"] == {**{n: 1 for n in range(1, 11)}, 9: 2}
        assert found["made"] == {0: 9, 1: 1}
        assert found["status"] == "in_progress", found
        assert "finished" not in found["actions"]
    else:
        # hand 10 first: Ann made phase 10 and won; the game is finished, so the late correction asks for the box
        assert correct.status_code == 422
        assert "This game is finished: tick the box to correct it." in correct.get_data(as_text=True)
        assert found["versions"] == {n: 1 for n in range(1, 11)}
        assert found["made"] == {0: 10}
        assert found["status"] == "finished", found
        assert [place for _, _, place in found["results"]] == [1, 2, 3]
    assert_results_agree(found)
    page = form_client.get(url).get_data(as_text=True)
    assert "Ended early" not in page and "ended early" not in page


def test_phase10_correction_and_save_one_after_the_other_leave_the_game_going_on(form_client, phase10_at_hand_10,
                                                                                 no_csrf_app):
    """The issue's reference: the same two saves, one after the other."""
    url = phase10_at_hand_10
    assert form_client.post(f"{url}/deals/9", data=HAND_9_CORRECTED).status_code == 303
    assert form_client.post(f"{url}/deals/10", data=ANN_GOES_OUT).status_code == 303
    found = stored(no_csrf_app, game_id(url))
    assert found["status"] == "in_progress" and found["made"] == {0: 9, 1: 1}
    assert_results_agree(found)


# ---------------------------------------------------------------------------
# A fixed schedule (Contract Rummy, 7 deals): the last deal saved while an earlier one is corrected


def contract_deal(out: int, points: tuple[int, int, int], *, version: int | None = None) -> dict:
    data = {"went_out": str(out), "confirm": "y"}
    for seat, value in enumerate(points):
        data[f"hands-{seat}-cards"] = ""
        data[f"hands-{seat}-points"] = "" if seat == out else str(value)
    if version is not None:
        data["version"] = str(version)
    return data


@pytest.fixture
def contract_after(form_client):
    """A factory: a Contract Rummy game with ``deals`` deals saved (Ann out, Ben 10, Cy 20 each)."""

    def make(deals: int) -> str:
        url = start_game_via_form(form_client, NAMES, ruleset="contract")
        for number in range(1, deals + 1):
            answer = form_client.post(f"{url}/deals/{number}", data=contract_deal(0, (0, 10, 20)))
            assert answer.status_code == 303, answer.get_data(as_text=True)
        return url

    return make


@pytest.mark.parametrize("lagging", [0, 1], ids=["correction-first", "save-first"])
def test_last_deal_saved_while_an_earlier_deal_is_corrected_counts_the_stored_deals(
    no_csrf_app, form_client, contract_after, monkeypatch, lagging
):
    url = contract_after(6)
    gid = game_id(url)
    other = phone(no_csrf_app)
    meeting = Meeting(monkeypatch, (routes, "enter_deal"))
    save, correct = meeting.race(
        lambda: form_client.post(f"{url}/deals/7", data=contract_deal(0, (0, 10, 20))),
        lambda: other.post(f"{url}/deals/3", data=contract_deal(2, (70, 80, 0), version=1)),
        lagging=lagging,
    )
    found = stored(no_csrf_app, gid)
    assert save.status_code == 303
    assert found["status"] == "finished" and found["deals"] == list(range(1, 8))
    assert found["actions"].count("finished") == 1
    if correct.status_code == 303:  # corrected before the game finished
        assert found["versions"][3] == 2
        assert found["totals"] == {0: 70, 1: 140, 2: 120}
    else:  # the game finished first: the late correction asks for the "correct it anyway" box
        assert correct.status_code == 422
        assert "This game is finished: tick the box to correct it." in correct.get_data(as_text=True)
        assert found["versions"][3] == 1
        assert found["totals"] == {0: 0, 1: 70, 2: 140}
    assert_results_agree(found)  # the league's standings count the deals as stored


@pytest.mark.parametrize("lagging", [0, 1], ids=["undo-first", "save-first"])
def test_last_deal_saved_while_the_deal_before_is_undone_leaves_no_gap(
    no_csrf_app, form_client, contract_after, monkeypatch, lagging
):
    url = contract_after(6)
    gid = game_id(url)
    other = phone(no_csrf_app)
    meeting = Meeting(monkeypatch, (routes, "enter_deal"), (routes, "undo_last_deal"))
    save, undo = meeting.race(
        lambda: form_client.post(f"{url}/deals/7", data=contract_deal(0, (0, 10, 20))),
        lambda: other.post(f"{url}/undo", data={"deal": "6", "sure": "y"}),
        lagging=lagging,
    )
    assert save.status_code == undo.status_code == 303
    found = stored(no_csrf_app, gid)
    # one after the other: the undo, then deal 7 refused (deal 6 is next); or deal 7, then the undo refused
    assert found["deals"] in (list(range(1, 6)), list(range(1, 8))), found["deals"]
    assert found["status"] == ("finished" if len(found["deals"]) == 7 else "in_progress"), found
    assert ("undone" in found["actions"]) == (len(found["deals"]) == 5)
    assert_results_agree(found)


@pytest.mark.parametrize("lagging", [0, 1], ids=["end-first", "save-first"])
def test_a_deal_saved_while_the_table_ends_the_game_early_is_counted_or_refused(
    no_csrf_app, form_client, contract_after, monkeypatch, lagging
):
    url = contract_after(4)
    gid = game_id(url)
    other = phone(no_csrf_app)
    meeting = Meeting(monkeypatch, (routes, "enter_deal"), (life, "end_early"))
    save, end = meeting.race(
        lambda: form_client.post(f"{url}/deals/5", data=contract_deal(0, (0, 10, 20))),
        lambda: other.post(f"{url}/end", data={"sure": "y"}),
        lagging=lagging,
    )
    assert save.status_code == end.status_code == 303
    found = stored(no_csrf_app, gid)
    assert found["status"] == "finished"
    ended = [new for action, _, new in found["changes"] if action == "ended_early"]
    assert len(ended) == 1
    # the game ended after the deals stored, and no deal was entered after it ended
    assert f'"deals": {len(found["deals"])}' in ended[0], (ended, found["deals"])
    assert found["actions"][-1] == "ended_early", found["actions"]
    assert_results_agree(found)


# ---------------------------------------------------------------------------
# Double taps: two phones saving the deal that ends the game


@pytest.mark.parametrize("ruleset", ["contract", "phase10"])
def test_two_phones_saving_the_deal_that_ends_the_game_finish_it_once(
    no_csrf_app, form_client, contract_after, phase10_at_hand_10, monkeypatch, ruleset
):
    if ruleset == "contract":
        url, last = contract_after(6), 7
        first, second = contract_deal(0, (0, 10, 20)), contract_deal(1, (30, 0, 40))
    else:
        url, last = phase10_at_hand_10, 10
        first, second = ANN_GOES_OUT, phase10_hand({0: (True, 0), 1: (False, 5), 2: (False, 15)}, 0)
    gid = game_id(url)
    other = phone(no_csrf_app)
    meeting = Meeting(monkeypatch, (routes, "enter_deal"))
    answers = meeting.race(
        lambda: form_client.post(f"{url}/deals/{last}", data=first),
        lambda: other.post(f"{url}/deals/{last}", data=second),
        lagging=1,
    )
    assert sorted(a.status_code for a in answers) == [303, 422]
    loser = next(a for a in answers if a.status_code == 422).get_data(as_text=True)
    assert f"Deal {last} was already recorded by Owner" in loser
    found = stored(no_csrf_app, gid)
    assert found["status"] == "finished" and found["deals"] == list(range(1, last + 1))
    assert found["actions"].count("entered") == last and found["actions"].count("finished") == 1
    assert len(found["results"]) == len(NAMES)
    assert_results_agree(found)
