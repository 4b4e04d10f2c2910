"""Phase 10's hits (RULES.md §8.0, "Additions to §6", 7): a run takes a card at either end while it stays within
1-12 (A-Q with standard cards), a set takes its number in any colour, a colour group its colour, a wild goes on any
of them, a skip is never hit, and a melded wild keeps its place. Examples written from the rule; a property against
a brute force over the windows a run could grow to."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.cards import Deck, parse_cards
from companion.rules.layoff import check_lay_off
from companion.rules.phase10 import PHASE10, PHASE10_CARDS
from companion.rules.rulesets import MeldKind

SET, RUN, COLOUR = MeldKind.SET, MeldKind.RUN, MeldKind.COLOUR


def p10(text: str):
    return parse_cards(text, deck=Deck.PHASE10)


@pytest.mark.parametrize(
    ("meld", "cards", "kind", "legal"),
    [
        ("3R 4B 5G 6Y", "7R", None, True),  # a run takes a card at the top, any colour
        ("3R 4B 5G 6Y", "2G", None, True),  # and at the bottom
        ("3R 4B 5G 6Y", "1Y 2Y 7B 8B", RUN, True),  # at both ends at once
        ("3R 4B 5G 6Y", "8R W", RUN, True),  # a wild fills the place between
        ("3R 4B 5G 6Y", "8R", RUN, False),  # a gap at 7
        ("3R 4B 5G 6Y", "5R", RUN, False),  # 5 is already there
        ("9R 10B 11G 12Y", "1R", RUN, False),  # nothing after 12: never round the corner
        ("1R 2B 3G 4Y 5R 6B 7G 8Y 9R 10B 11G 12Y", "W", RUN, False),  # a run holds 12 at most
        ("3R W 5G 6Y", "4B", RUN, False),  # the W keeps its place: 4B is not laid in it
        ("3R W 5G 6Y", "7B", RUN, True),
        ("7R 7B 7G", "7Y 7R", None, True),  # a set takes its number in any colour
        ("7R 7B 7G", "8R", SET, False),
        ("7R 7B 7G", "W", None, True),
        ("2B 4B 5B 8B 8B 12B W", "3B 3B", COLOUR, True),  # a colour group takes its colour, numbers repeating
        ("2B 4B 5B 8B 8B 12B W", "3R", COLOUR, False),
        ("2B 4B 5B 8B 8B 12B W", "W", COLOUR, True),
        ("7R 7B 7G", "SKIP", None, False),  # a skip is never hit
        ("3R 4B 5G 6Y", "W SKIP", RUN, False),
    ],
)
def test_phase10_hits(meld, cards, kind, legal):
    ruling = check_lay_off(PHASE10, p10(meld), p10(cards), kind=kind)
    assert ruling.legal is legal, ruling.problems
    assert bool(ruling.problems) is not legal


def test_the_sentences_say_what_is_wrong_in_the_games_own_words():
    def said(meld, cards, kind=None, ruleset=PHASE10, parse=p10):
        return check_lay_off(ruleset, parse(meld), parse(cards), kind=kind).problems

    assert said("9R 10B 11G 12Y", "1R", RUN) == ("1R does not fit 9R 10B 11G 12Y: a run takes cards at either end, from 1 to 12.",)
    assert said("2B 4B 5B 8B 8B 12B W", "3R", COLOUR) == ("3R is not blue; these cards are all blue.",)
    assert said("7R 7B 7G", "SKIP") == ("SKIP is a skip card; a skip is never hit.",)
    assert said("7R 7B 7G", "8R", SET) == ("8R is not a 7; a set of 7s takes only 7s.",)
    assert said("9S 10H JD QC", "AS", RUN, PHASE10_CARDS, parse_cards) == (
        "AS does not fit 9S 10H JD QC: a run takes cards at either end, from A to Q.",
    )
    assert said("9S 10H JD QC", "KS", RUN, PHASE10_CARDS, parse_cards) == ()  # a wild king: the 8
    assert said("2H 5H 8H 9H 10H JH KC", "3S", COLOUR, PHASE10_CARDS, parse_cards) == (
        "3S is not a heart; these cards are all hearts.",
    )
    assert said("7R 7B 7G", "") == ("Choose at least one card to lay off.",)


def test_phase10_cards_hits_read_kings_as_wild_and_jokers_as_skips():
    assert check_lay_off(PHASE10_CARDS, parse_cards("AS 2H 3D 4C"), parse_cards("5S KH"), kind=RUN).legal  # KH = 6
    assert not check_lay_off(PHASE10_CARDS, parse_cards("AS 2H 3D 4C"), parse_cards("JK"), kind=RUN).legal
    assert check_lay_off(PHASE10, p10("7R 7B 7G"), p10("7Y"), turns_since_going_down=0).legal  # same turn
    hit_later = PHASE10.with_options("hit-next-turn")
    assert not check_lay_off(hit_later, p10("7R 7B 7G"), p10("7Y"), turns_since_going_down=0).legal


def reference_run_hit(meld_numbers: list[int], hit_numbers: list[int], hit_wilds: int) -> bool:
    """A run of naturals ``meld_numbers`` (unbroken) with ``hit_numbers`` and ``hit_wilds`` added: legal iff some
    window of 1..12 holding the meld's own window has room for exactly the added cards, each number in a new place."""
    low, high = min(meld_numbers), max(meld_numbers)
    size = len(meld_numbers) + len(hit_numbers) + hit_wilds
    for start in range(1, 13):
        end = start + size - 1
        if end > 12 or start > low or end < high:
            continue
        new_places = set(range(start, end + 1)) - set(range(low, high + 1))
        if len(set(hit_numbers)) == len(hit_numbers) and set(hit_numbers) <= new_places:
            return True
    return False


@settings(max_examples=400, deadline=None)
@given(
    low=st.integers(1, 12),
    length=st.integers(4, 9),
    hits=st.lists(st.integers(1, 12), max_size=4),
    wilds=st.integers(0, 2),
    colours=st.lists(st.sampled_from("RBGY"), min_size=15, max_size=15),
)
def test_a_run_hit_agrees_with_the_brute_force(low, length, hits, wilds, colours):
    numbers = [n for n in range(low, low + length) if n <= 12]
    if len(numbers) < 4 or not hits and not wilds:
        return
    meld = [f"{n}{colours[i]}" for i, n in enumerate(numbers)]
    cards = [f"{n}{colours[-1 - i]}" for i, n in enumerate(hits)] + ["W"] * wilds
    ruling = check_lay_off(PHASE10, p10(" ".join(meld)), p10(" ".join(cards)), kind=RUN)
    assert ruling.legal is reference_run_hit(numbers, hits, wilds), (meld, cards, ruling.problems)


@settings(max_examples=200, deadline=None)
@given(start=st.integers(1, 12), ends=st.tuples(st.integers(0, 3), st.integers(0, 3)), length=st.integers(4, 8))
def test_a_run_hit_built_to_fit_is_legal(start, ends, length):
    """Cards taken from just below and just above a run always go on (the `true` answers, many of them)."""
    below, above = ends
    numbers = list(range(start, start + length))
    added = list(range(start - below, start)) + list(range(start + length, start + length + above))
    if numbers[-1] > 12 or not added or min(added) < 1 or max(added) > 12:
        return
    meld = p10(" ".join(f"{n}R" for n in numbers))
    assert check_lay_off(PHASE10, meld, p10(" ".join(f"{n}G" for n in added)), kind=RUN).legal


@pytest.mark.parametrize(
    ("ruleset", "meld", "cards", "verdict"),
    [
        ("phase10", "3R 4B 5G 6Y", "7R", "✓"),
        ("phase10", "2B 4B 5B 8B 8B 12B W", "3R", "✗"),
        ("phase10-cards", "AS 2H 3D 4C", "5S KH", "✓"),
        ("phase10-cards", "AS 2H 3D 4C", "JK", "✗"),
    ],
)
def test_the_layoff_page_rules_on_a_phase10_hit(form_client, ruleset, meld, cards, verdict):
    """The lay-off page answers a Phase 10 hit with its ruling (it raised on a run of any colours before)."""
    response = form_client.post("/layoff", data={"ruleset": ruleset, "meld": meld, "cards": cards})
    assert response.status_code in (200, 422)
    from pages import parse

    head = parse(response.get_data(as_text=True)).find(cls="verdict-head").text
    assert head.startswith(verdict), head


def test_the_checker_and_helper_pages_read_the_phase10_deck(form_client):
    """The checker reads a Phase 10 go-down in its deck's notation (4.11 example 9), the helper a Phase 10 hand, and a
    standard card on the Phase 10 deck gets the notation's sentence beside the box, never a 500."""
    from pages import parse

    ok = form_client.post("/check", data={"ruleset": "phase10", "deal": "8", "melds": "2B 4B 5B 8B 8B 12B W"})
    assert parse(ok.get_data(as_text=True)).find(cls="verdict-head").text.startswith("✓")
    wrong = form_client.post("/check", data={"ruleset": "phase10", "deal": "1", "melds": "7H 7S 7D | 8H 8S 8D"})
    assert wrong.status_code == 422
    assert "7H is a standard card" in wrong.get_data(as_text=True)
    helper = form_client.post("/helper", data={"ruleset": "phase10", "deal": "2", "hand": "9R 9B W 3Y 4G 6R 12B 12G SKIP 1Y 2R"})
    assert helper.status_code == 200


def test_the_card_keys_on_the_phase10_deck_are_its_numbers_colours_wild_and_skip(form_client):
    from pages import parse

    page = parse(form_client.get("/check?ruleset=phase10&deal=8").get_data(as_text=True))
    keys = [button.attrs["value"] for button in page.find(cls="picker").find_all("button")]
    assert len(keys) == 50 and keys[:3] == ["1R", "2R", "3R"] and keys[-2:] == ["W", "SKIP"]
    assert "7H" not in keys and "JK" not in keys
    tapped = form_client.post("/check", data={"ruleset": "phase10", "deal": "8", "melds": "2B 4B", "add": "12B"})
    assert "2B 4B 12B" in tapped.get_data(as_text=True)
    laid = form_client.post("/layoff", data={"ruleset": "phase10", "meld": "3R 4B 5G 6Y", "cards": "", "into": "cards", "add": "7Y"})
    assert 'value="7Y"' in laid.get_data(as_text=True) or ">7Y<" in laid.get_data(as_text=True)
    standard = parse(form_client.get("/check?ruleset=contract").get_data(as_text=True))
    assert "JK" in [button.attrs["value"] for button in standard.find(cls="picker").find_all("button")]


def test_the_layoff_page_asks_for_a_colour_group_on_phase10(form_client):
    from pages import parse

    page = parse(form_client.get("/layoff?ruleset=phase10").get_data(as_text=True))
    kinds = [option.attrs["value"] for option in page.find("select", id="kind").find_all("option")]
    assert kinds == ["", "set", "run", "colour"]
    ruled = form_client.post("/layoff", data={"ruleset": "phase10", "meld": "2B 4B 5B 8B 8B 12B W", "cards": "3R", "kind": "colour"})
    assert "3R is not blue; these cards are all blue." in ruled.get_data(as_text=True)
    contract = parse(form_client.get("/layoff?ruleset=contract").get_data(as_text=True))
    assert "colour" not in [option.attrs["value"] for option in contract.find("select", id="kind").find_all("option")]
