"""A Phase 10 game at the table: each player on their own phase (RULES.md §8.6, §8.7.9-10, example 4.11).

The game is played through its pages as a phone would: the setup form, the game page's prompt and scoreboard,
the score form with its "made" ticks. Expected phases, winners and sentences come from RULES.md.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pages import parse
from progression_example import hands_to_14
from sqlalchemy import select

from companion.extensions import db
from companion.models import HandScore
from conftest import fuzz, start_game_via_form

NAMES = ["Ann", "Ben", "Cy"]


def hand_data(lines, went_out, *, version=None, chosen=None):
    """The score form's fields: ``lines`` maps seat → (made, points); ``chosen`` seat → the phase chosen."""
    data = {"went_out": "stock" if went_out is None else str(went_out)}
    for seat in range(len(NAMES)):
        made, points = lines.get(seat, (False, ""))
        data[f"hands-{seat}-points"] = str(points)
        if made:
            data[f"hands-{seat}-made"] = "y"
    for seat, phase in (chosen or {}).items():
        data[f"hands-{seat}-chosen_phase"] = str(phase)
    if version is not None:
        data["version"] = str(version)
    return data


def save_hand(client, url, number, lines, went_out, **kwargs):
    response = client.post(f"{url}/deals/{number}", data=hand_data(lines, went_out, **kwargs))
    assert response.status_code == 303, response.get_data(as_text=True)
    return response


def play(client, url, hands, first=1):
    """Save the engine's :class:`PlayedHand` values as hands ``first``, ``first + 1``, ... through the form."""
    for number, played in enumerate(hands, start=first):
        lines = {line.seat: (line.made, line.points) for line in played.lines}
        save_hand(client, url, number, lines, played.went_out)


def game_page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return parse(response.get_data(as_text=True))


def prompt_phases(client, url) -> list[str]:
    """Each line of the next hand's prompt: "Ann Phase 5 One run of 8"."""
    prompt = game_page(client, url).find(cls="phase-list")
    return [" ".join(item.text.split()) for item in prompt.find_all("li")]


@pytest.fixture
def phase10_game(form_client):
    return start_game_via_form(form_client, NAMES, ruleset="phase10")


@pytest.mark.parametrize("ruleset", ["phase10", "phase10-cards"])
def test_game_setup_offers_the_phase10_rulesets(form_client, ruleset):
    setup = parse(form_client.get("/games/new").get_data(as_text=True))
    offered = {option.attrs.get("value") for option in setup.find("select", name="ruleset").find_all("option")}
    assert ruleset in offered
    url = start_game_via_form(form_client, NAMES, ruleset=ruleset)
    assert prompt_phases(form_client, url) == [f"{name} Phase 1 Two sets of 3" for name in NAMES]


def test_the_prompt_lists_every_players_phase_and_its_contract(form_client, phase10_game):
    """4.11: hand 5, Ann and Ben on phase 5, Cy on phase 3 → hand 6: Ann 6, Ben 6, Cy 3."""
    play(form_client, phase10_game, hands_to_14(140, 95)[:4])
    assert prompt_phases(form_client, phase10_game) == [
        "Ann Phase 5 One run of 8",
        "Ben Phase 5 One run of 8",
        "Cy Phase 3 One set of 4 and one run of 4",
    ]
    save_hand(form_client, phase10_game, 5, {0: (True, 0), 1: (True, 15), 2: (False, 40)}, 0)
    assert prompt_phases(form_client, phase10_game) == [
        "Ann Phase 6 One run of 9",
        "Ben Phase 6 One run of 9",
        "Cy Phase 3 One set of 4 and one run of 4",
    ]
    assert "Hand 6" in game_page(form_client, phase10_game).find(cls="phases-prompt").text


def test_the_player_who_went_out_made_their_phase_without_a_tick(no_csrf_app, form_client, phase10_game):
    """Issue 27, finding 3: going out needs the phase (RULES.md §8.6.4), so the form without script saves the hand
    with Ann's phase made though her box is unticked: one tap fewer, and no "tick it" refusal."""
    response = form_client.post(f"{phase10_game}/deals/1", data=hand_data({0: (False, 0), 1: (True, 20), 2: (False, 5)}, 0))
    assert response.status_code == 303, response.get_data(as_text=True)
    with no_csrf_app.app_context():
        made = {hand.position: hand.made for hand in db.session.scalars(select(HandScore))}
    assert made == {0: True, 1: True, 2: False}
    assert prompt_phases(form_client, phase10_game) == [
        "Ann Phase 2 One set of 3 and one run of 4",
        "Ben Phase 2 One set of 3 and one run of 4",
        "Cy Phase 1 Two sets of 3",
    ]


def test_the_correction_form_shows_the_one_who_went_out_as_made(form_client, phase10_game):
    save_hand(form_client, phase10_game, 1, {0: (False, 0), 1: (False, 20), 2: (False, 5)}, 0)
    entry = parse(form_client.get(f"{phase10_game}/deals/1").get_data(as_text=True))
    assert "checked" in entry.find("input", name="hands-0-made").attrs
    assert "checked" not in entry.find("input", name="hands-1-made").attrs


@pytest.mark.parametrize("ruleset", ["phase10", "phase10-cards"])
def test_the_made_tick_is_stored_and_shown_beside_the_points(no_csrf_app, form_client, ruleset):
    url = start_game_via_form(form_client, NAMES, ruleset=ruleset)
    save_hand(form_client, url, 1, {0: (True, 0), 1: (True, 20), 2: (False, 5)}, 0)
    with no_csrf_app.app_context():
        made = {hand.position: hand.made for hand in db.session.scalars(select(HandScore))}
    assert made == {0: True, 1: True, 2: False}
    board = game_page(form_client, url).find(id="scoreboard")
    assert [" ".join(td.text.split()) for td in board.find("tbody").find_all("td")] == ["0 P1 ✓", "20 P1 ✓", "5 P1"]
    phase_row = board.find(cls="phase-row")
    assert [td.text for td in phase_row.find_all("td")] == ["Phase 2", "Phase 2", "Phase 1"]


def test_the_game_ends_after_the_hand_in_which_someone_makes_phase_10_and_names_the_winner(form_client, phase10_game):
    """4.11: in hand 14 Ann and Ben both make phase 10, Ann 140, Ben 95; Cy (phase 9) has 60. Ben wins."""
    play(form_client, phase10_game, hands_to_14(140, 95)[:13])
    assert "Hand 14" in game_page(form_client, phase10_game).find(cls="phases-prompt").text
    play(form_client, phase10_game, hands_to_14(140, 95)[13:], first=14)
    doc = game_page(form_client, phase10_game)
    assert not doc.has(cls="phases-prompt")
    assert "Ben wins: the lowest total of those who made every phase." in doc.find(cls="winner-named").text
    order = [" ".join(li.text.split()) for li in doc.find(cls="final-order").find_all("li")]
    assert order == ["1 Ben 95 Winner 10 phases made", "2 Ann 140 10 phases made", "3 Cy 60 8 phases made"]
    refused = form_client.get(f"{phase10_game}/deals/15")
    assert refused.status_code == 303  # the game is over: no hand 15


def test_a_tie_offers_the_tiebreak_hand_to_the_tied_players_only(form_client, phase10_game):
    """4.11: tied on 95, Ann and Ben play a tie-break hand on phase 10: Ann out (0), Ben 25 left: Ann wins."""
    play(form_client, phase10_game, hands_to_14(95, 95))
    prompt = game_page(form_client, phase10_game).find(cls="phases-prompt")
    assert "Ann and Ben are tied on 95: they play one more hand." in prompt.text
    assert prompt_phases(form_client, phase10_game) == ["Ann Phase 10 One set of 5 and one set of 3", "Ben Phase 10 One set of 5 and one set of 3"]
    entry = parse(form_client.get(f"{phase10_game}/deals/15").get_data(as_text=True))
    assert not entry.has(id="hand-2")  # Cy sits this hand out
    response = form_client.post(f"{phase10_game}/deals/15", data=hand_data({0: (True, 0), 1: (False, 25)}, 0))
    assert response.status_code == 303, response.get_data(as_text=True)
    doc = game_page(form_client, phase10_game)
    assert "Ann wins" in doc.find(cls="winner-named").text
    order = [" ".join(li.text.split()) for li in doc.find(cls="final-order").find_all("li")]
    assert order[:2] == ["1 Ann 95 Winner 10 phases made", "2 Ben 120 10 phases made"]


def test_a_tiebreak_hand_takes_the_tied_player_who_went_out_as_having_made_the_phase(form_client, phase10_game):
    play(form_client, phase10_game, hands_to_14(95, 95))
    save_hand(form_client, phase10_game, 15, {0: (False, 0), 1: (False, 25)}, 0)
    assert "Ann wins" in game_page(form_client, phase10_game).find(cls="winner-named").text


def test_a_corrected_tick_rederives_the_later_phases(form_client, phase10_game):
    play(form_client, phase10_game, hands_to_14(140, 95)[:4])
    entry = parse(form_client.get(f"{phase10_game}/deals/1").get_data(as_text=True))
    version = entry.find("input", name="version").attrs["value"]
    # Cy did not make phase 1 in hand 1 after all
    save_hand(form_client, phase10_game, 1, {0: (True, 0), 1: (True, 10), 2: (False, 5)}, 0, version=version)
    assert prompt_phases(form_client, phase10_game)[2] == "Cy Phase 2 One set of 3 and one run of 4"


def test_a_stale_correction_is_refused_as_for_every_game(form_client, phase10_game):
    save_hand(form_client, phase10_game, 1, {0: (True, 0), 1: (False, 10), 2: (False, 5)}, 0)
    save_hand(form_client, phase10_game, 1, {0: (True, 0), 1: (True, 10), 2: (False, 5)}, 0, version=1)
    again = form_client.post(f"{phase10_game}/deals/1", data=hand_data({0: (True, 0), 1: (False, 10), 2: (False, 5)}, 0, version=1))
    assert again.status_code == 422
    assert "changed since you opened it" in again.get_data(as_text=True)
    twice = form_client.post(f"{phase10_game}/deals/1", data=hand_data({0: (True, 0), 1: (False, 10), 2: (False, 5)}, 0))
    assert twice.status_code == 422  # a double tap on "Save hand 1": already recorded
    assert "already recorded" in twice.get_data(as_text=True)


def test_masters_players_choose_a_phase_not_made_yet(form_client):
    url = start_game_via_form(form_client, NAMES, ruleset="phase10", options=["masters"])
    assert prompt_phases(form_client, url)[0] == "Ann Chooses a phase Not made yet: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10"
    save_hand(form_client, url, 1, {0: (True, 0), 1: (False, 10), 2: (False, 5)}, 0, chosen={0: 4, 1: 1, 2: 2})
    assert prompt_phases(form_client, url)[0] == "Ann Chooses a phase Not made yet: 1, 2, 3, 5, 6, 7, 8, 9, 10"
    response = form_client.post(f"{url}/deals/2", data=hand_data({0: (True, 0), 1: (False, 10), 2: (False, 5)}, 0, chosen={0: 4, 1: 1, 2: 2}))
    assert response.status_code == 422
    assert "Ann made phase 4 in hand 1: choose a phase not made yet." in parse(response.get_data(as_text=True)).find(id="hand-0").text


@pytest.mark.parametrize(
    ("chosen", "sentence"),
    [("", "Choose Ann's phase for this hand."), ("11", "There is no phase 11: choose one from 1 to 10."), ("four", "Choose the phase as a number, like 4.")],
)  # fmt: skip
def test_masters_a_bad_choice_is_a_sentence_beside_the_field(form_client, chosen, sentence):
    url = start_game_via_form(form_client, NAMES, ruleset="phase10", options=["masters"])
    data = hand_data({0: (False, 10), 1: (True, 0), 2: (False, 5)}, 1, chosen={1: 1, 2: 1})
    data["hands-0-chosen_phase"] = chosen
    response = form_client.post(f"{url}/deals/1", data=data)
    assert response.status_code == 422
    assert sentence in parse(response.get_data(as_text=True)).find(id="hand-0").text


@pytest.mark.parametrize("number", ["0", "100", "abc"])
def test_a_hand_number_out_of_range_is_not_found_never_a_500(form_client, phase10_game, number):
    assert form_client.get(f"{phase10_game}/deals/{number}").status_code == 404


# --- the cards left, on the Phase 10 deck: the engine and the phone's tally read them alike -----------------------


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("12 W SKIP", {"points": 50, "adjustment": 0, "total": 50, "count": 3}),  # RULES.md §8.1: 10 + 25 + 15
        ("1R 9B 10G 12Y SKIP W", {"points": 70, "adjustment": 0, "total": 70, "count": 6}),  # 4.11 scoring: 70
        ("11b w", {"points": 35, "adjustment": 0, "total": 35, "count": 2}),  # 4.11: [11B W] 35
        ("K", {"error": "“K” is not a Phase 10 card: a card is 1 to 12, W or SKIP (colours don't matter here); put a space between cards."}),
        ("13", {"error": "“13” is not a Phase 10 card: a card is 1 to 12, W or SKIP (colours don't matter here); put a space between cards."}),
        ("7R8B", {"error": "“7R8B” is not a Phase 10 card: a card is 1 to 12, W or SKIP (colours don't matter here); put a space between cards."}),
    ],
)  # fmt: skip
def test_a_phase10_hand_is_read_alike_by_the_engine_and_the_phone(cards, expected):
    from test_tally_golden import NODE, Tally, engine_line  # noqa: F401  (the golden test's node bridge)

    from companion.games.entry import tally_rules
    from companion.rules.deal_score import HandTextError, score_line
    from companion.rules.phase10 import PHASE10

    try:
        line = score_line(PHASE10, cards=cards)
        engine = {"points": line.points, "adjustment": line.adjustment, "total": line.total, "count": len(line.ranks or ())}
    except HandTextError as problem:
        engine = {"error": str(problem)}
    assert engine == expected
    if NODE is None:
        pytest.skip("node is not installed")
    tally = Tally()
    try:
        question = {"op": "scoreLine", "rules": tally_rules(PHASE10), "line": {"cards": cards, "points": "", "out": False, "ticked": []}}
        assert tally.ask(question) == expected
    finally:
        tally.close()


def test_the_keypad_has_the_phase10_decks_keys(form_client, phase10_game):
    entry = parse(form_client.get(f"{phase10_game}/deals/1").get_data(as_text=True))
    keys = [key.attrs["data-key"] for key in entry.find(id="keypad").find_all("button")]
    assert keys[:14] == [str(n) for n in range(1, 13)] + ["W", "SKIP"]


# --- offline: the next hand's page is kept; a hand saved offline is sent like any deal --------------------------


def test_the_offline_pack_keeps_only_the_next_hand_whose_phases_are_known(form_client, phase10_game):
    play(form_client, phase10_game, hands_to_14(140, 95)[:11])
    pack = form_client.get(f"{phase10_game}/offline").get_json()
    assert list(pack["pages"]) == [f"{phase10_game}/deals/12"]
    assert "Phase 9: One set of 5 and one set of 2" in pack["pages"][f"{phase10_game}/deals/12"]
    assert pack["prompts"] == {}
    shown = game_page(form_client, phase10_game).find(id="offline")
    assert shown.attrs["data-deals"] == "12"  # the phone never points past the hand it keeps


def test_a_hand_past_the_tenth_saved_offline_is_synced(form_client, phase10_game):
    play(form_client, phase10_game, hands_to_14(140, 95)[:10])
    played = hands_to_14(140, 95)[10]
    data = hand_data({line.seat: (line.made, line.points) for line in played.lines}, played.went_out)
    answer = form_client.post(f"{phase10_game}/deals/11/sync", data=data)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["status"] == "saved"
    again = form_client.post(f"{phase10_game}/deals/11/sync", data=data)
    assert again.get_json()["status"] == "already"


def test_the_home_page_counts_a_phase10_games_hands(form_client, phase10_game):
    play(form_client, phase10_game, hands_to_14(140, 95)[:12])
    home = parse(form_client.get("/").get_data(as_text=True))
    assert any("Hand 13" in item.text for item in home.find_all("span", cls="meta"))


def test_the_flash_after_a_save_says_hand_and_puts_phases_before_totals(form_client, phase10_game):
    save_hand(form_client, phase10_game, 1, {0: (True, 0), 1: (False, 5), 2: (True, 60)}, 0)
    flashes = [" ".join(node.text.split()) for node in game_page(form_client, phase10_game).find_all(cls="flash-totals")]
    assert "After hand 1: Ann leads on 0, then Cy 60 and Ben 5." in flashes


def test_every_page_of_a_finished_phase10_game_answers(no_csrf_app, form_client, phase10_game):
    """The pages a table opens from a Phase 10 game (rulings, rules card, watch link, BG Stats) never answer 500."""
    from companion.models import Game

    play(form_client, phase10_game, hands_to_14(140, 95))
    game_id = int(phase10_game.rsplit("/", 1)[1])
    with no_csrf_app.app_context():
        token = db.session.get(Game, game_id).share_token
    for url in (f"/check?game={game_id}", f"/games/{game_id}/rules", f"/watch/g/{token}", f"/games/{game_id}/bgstats.json"):
        response = form_client.get(url)
        assert response.status_code in (200, 302, 303), (url, response.status_code)


def test_a_correction_that_takes_back_the_last_phase_made_reopens_the_game(form_client, phase10_game):
    play(form_client, phase10_game, hands_to_14(140, 95))
    assert game_page(form_client, phase10_game).has(cls="winner-named")
    entry = parse(form_client.get(f"{phase10_game}/deals/14").get_data(as_text=True))
    version = entry.find("input", name="version").attrs["value"]
    # neither made phase 10 after all: the stock ran out
    data = hand_data({0: (False, 10), 1: (False, 5), 2: (False, 5)}, None, version=version)
    data["confirm_finished"] = "y"
    response = form_client.post(f"{phase10_game}/deals/14", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    doc = game_page(form_client, phase10_game)
    assert not doc.has(cls="winner-named")
    assert prompt_phases(form_client, phase10_game)[:2] == ["Ann Phase 10 One set of 5 and one set of 3", "Ben Phase 10 One set of 5 and one set of 3"]


def test_a_game_finished_early_says_after_which_hand(form_client, phase10_game):
    play(form_client, phase10_game, hands_to_14(140, 95)[:3])
    response = form_client.post(f"{phase10_game}/end", data={"sure": "y"})
    assert response.status_code == 303
    text = " ".join(game_page(form_client, phase10_game).find(cls="ended-early").text.split())
    assert text == "Ended early after hand 3, as the table agreed; it counts as played."


# --- whatever a phone sends, a sentence or a save: never a 500 ------------------------------------------------------

FIELD_TEXT = st.one_of(st.sampled_from(["", "0", "4", "10", "11", "-1", "y", "W SKIP 12", "K", "1e3", "٣", "9" * 30]), st.text(max_size=8))


@fuzz(60)
@given(
    st.dictionaries(
        st.sampled_from(
            ["went_out", "version", *[f"hands-{s}-{f}" for s in range(4) for f in ("cards", "points", "made", "chosen_phase")]]
        ),
        FIELD_TEXT,
        max_size=10,
    ),
    st.booleans(),
)
def test_any_phase10_score_form_gets_a_sentence_or_a_save(form_client, fields, masters):
    url = start_game_via_form(form_client, NAMES, ruleset="phase10", options=["masters"] if masters else [])
    response = form_client.post(f"{url}/deals/1", data=fields)
    assert response.status_code in (303, 422), response.status_code
    if response.status_code == 422:
        page = parse(response.get_data(as_text=True))
        assert page.find_all(cls="error") or page.find_all(cls="warnings") or page.find_all(cls="notice")


def test_the_checker_from_a_phase10_game_opens_on_the_lowest_phase_played_next(form_client, phase10_game):
    """Hand 1 everyone makes phase 1; hand 2 only Ann makes phase 2: next, Ann plays phase 3, Ben and Cy phase 2.
    The checker opened from the game is on phase 2 (the hand's number, 3, is nobody's phase), under "Phase"."""
    save_hand(form_client, phase10_game, 1, {0: (True, 0), 1: (True, 20), 2: (True, 35)}, 0)
    save_hand(form_client, phase10_game, 2, {0: (True, 0), 1: (False, 50), 2: (False, 45)}, 0)
    game_id = phase10_game.rstrip("/").split("/")[-1]
    page = parse(form_client.get(f"/check?game={game_id}").get_data(as_text=True))
    picker = page.find("select", id="deal")
    assert [option.attrs["value"] for option in picker.find_all("option") if "selected" in option.attrs] == ["2"]
    assert [label.text for label in page.find_all("label") if label.attrs.get("for") == "deal"] == ["Phase"]
