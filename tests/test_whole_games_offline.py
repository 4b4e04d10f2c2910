"""The golden whole games (tests/whole_games.py) through the phone's offline code, under node (issue 27, item 7).

Each game is played over HTTP up to its correction; then the connection drops. The phone keeps the game's offline
pack (``GET /games/<id>/offline``) and saves every later deal on itself: the score screen's tally
(static/js/tally.js) scores each line as typed, the game page adds the deals waiting here to the recorded totals
(RummyTally.runningTotals) and shows the next deal's prompt from the pack; where each player is on their own phase,
the phone moves the phases on by the "made" ticks (RummyTally.afterHand) and the roles a seat a hand
(tests/js/games_replay.js). Everything is compared with the transcripts, written by hand.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from pages import parse
from test_whole_games import (
    COUNTER_CLOCKWISE,
    NO_BUYING,
    line_entry,
    reminder_kinds,
    save,
    start,
)
from whole_games import GAMES, Correction, Deal, Game

NODE = shutil.which("node")
REPLAY = Path(__file__).resolve().parent / "js" / "games_replay.js"
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

FIXED = [game for game in GAMES if not game.per_player]
PER_PLAYER = [game for game in GAMES if game.per_player]


def offline_after_the_correction(client, app, game: Game) -> tuple[str, dict, list[Deal]]:
    """Play online up to the last correction, then take the offline pack; the deals left to save on the phone
    (a tie-break hand is the server's to call: it is not among them)."""
    url = start(client, app, game)
    last = max(i for i, event in enumerate(game.events) if isinstance(event, Correction))
    for event in game.events[: last + 1]:
        save(client, url, game, event)
    pack = client.get(f"{url}/offline").get_json()
    rest = [event for event in game.events[last + 1 :] if isinstance(event, Deal) and not event.tiebreak]
    return url, pack, rest


def script_data(html: str, element_id: str) -> dict | None:
    found = parse(html).find_all("script", id=element_id)
    return json.loads(found[0].text) if found else None


def node_replay(game: Game, pack: dict, deals: list[Deal]) -> dict:
    first_page = next(iter(pack["pages"].values()))
    question = {
        "rules": script_data(first_page, "tally-rules"),
        "phase_state": script_data(first_page, "phase-state"),
        "before": pack["totals"]["recorded"],
        "deals": [
            {
                "lines": [
                    {
                        "seat": str(game.seats.index(name)),
                        "cards": (entry := line_entry(game.seats.index(name), line)).cards,
                        "points": entry.points,
                        "out": name == deal.out,
                        "ticked": {tick: True for tick in entry.ticked},
                        "made": line.made,
                    }
                    for name, line in deal.lines.items()
                ]
            }
            for deal in deals
        ],
    }
    done = subprocess.run([NODE, str(REPLAY)], input=json.dumps(question), capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)


def by_name(game: Game, seats: dict[str, int]) -> dict[str, int]:
    return {game.seats[int(seat)]: value for seat, value in seats.items()}


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_phone_adds_up_the_deals_saved_on_it_as_the_transcript(form_client, no_csrf_app, game: Game):
    _url, pack, rest = offline_after_the_correction(form_client, no_csrf_app, game)
    assert rest, game.id
    answer = node_replay(game, pack, rest)
    assert answer["errors"] == []
    for deal, scores, totals in zip(rest, answer["scores"], answer["totals"], strict=True):
        assert by_name(game, scores) == {name: line.points for name, line in deal.lines.items()}, (game.id, deal.number)
        assert by_name(game, totals) == deal.totals, (game.id, deal.number)


def pack_prompts(pack: dict, rest: list[Deal]) -> list[tuple[Deal, dict]]:
    return [(deal, pack["prompts"][str(deal.number)]) for deal in rest]


def check_kept_prompts(game: Game, pack: dict, rest: list[Deal], *, roles: bool, reminders: bool) -> None:
    for deal in rest:
        prompt = pack["prompts"][str(deal.number)]
        assert (prompt["count"], prompt["contract"], prompt["dealt"]) == (
            deal.prompt.count, deal.prompt.contract, f"{deal.prompt.dealt} cards each",
        ), (game.id, deal.number)  # fmt: skip
        if roles:
            cut = deal.prompt.cut
            cutter = deal.prompt.cutter if cut is None else f"{deal.prompt.cutter} (exactly {cut} takes 50 off)"
            assert (prompt["dealer"], prompt["cutter"], prompt["first"]) == (deal.prompt.dealer, cutter, deal.prompt.first), (game.id, deal.number)
        if reminders:
            assert reminder_kinds(prompt["reminders"]) == deal.prompt.reminders, (game.id, deal.number)


@pytest.mark.parametrize("game", FIXED, ids=[g.id for g in FIXED])
def test_the_phone_keeps_each_later_deals_prompt(form_client, no_csrf_app, game: Game):
    """Count, contract, cards each; roles and reminders where no finding awaits (the tests below)."""
    _url, pack, rest = offline_after_the_correction(form_client, no_csrf_app, game)
    check_kept_prompts(game, pack, rest, roles=True, reminders=game.id not in NO_BUYING)


FIXED_CCW = [game for game in FIXED if game.id in COUNTER_CLOCKWISE]
FIXED_NO_BUYING = [game for game in FIXED if game.id in NO_BUYING]


@pytest.mark.parametrize("game", FIXED_CCW, ids=[g.id for g in FIXED_CCW])
def test_the_phone_keeps_each_later_deals_dealer_cutter_and_first_player(form_client, no_csrf_app, game: Game):
    _url, pack, rest = offline_after_the_correction(form_client, no_csrf_app, game)
    check_kept_prompts(game, pack, rest, roles=True, reminders=False)


@pytest.mark.parametrize("game", FIXED_NO_BUYING, ids=[g.id for g in FIXED_NO_BUYING])
def test_the_phone_keeps_each_later_deals_reminders(form_client, no_csrf_app, game: Game):
    _url, pack, rest = offline_after_the_correction(form_client, no_csrf_app, game)
    check_kept_prompts(game, pack, rest, roles=False, reminders=True)


@pytest.mark.parametrize("game", PER_PLAYER, ids=[g.id for g in PER_PLAYER])
def test_the_phone_moves_each_players_phase_on_by_the_ticks(form_client, no_csrf_app, game: Game):
    _url, pack, rest = offline_after_the_correction(form_client, no_csrf_app, game)
    answer = node_replay(game, pack, rest)
    for deal, after in zip(rest, answer["phases"], strict=True):
        assert by_name(game, after["phases"]) == deal.phases, (game.id, deal.number)
    assert [after["over"] for after in answer["phases"]] == [False] * (len(rest) - 1) + [True]  # the game ends with the last


@pytest.mark.parametrize("game", PER_PLAYER, ids=[g.id for g in PER_PLAYER])
def test_the_phone_names_who_deals_and_plays_first_in_the_hands_to_come(form_client, no_csrf_app, game: Game):
    _url, pack, rest = offline_after_the_correction(form_client, no_csrf_app, game)
    answer = node_replay(game, pack, rest)
    following = [d for d in game.deals if d.number > rest[0].number and not d.tiebreak]
    for deal, roles in zip(following, answer["roles"], strict=False):
        assert roles == {"dealer": deal.prompt.dealer, "first": deal.prompt.first}, (game.id, deal.number)
    first_page = next(iter(pack["pages"].values()))
    table = script_data(first_page, "phase-state")["table"]
    assert table["names"] == list(game.seats)
