"""Laying off in Carioca and Kalooki: RULES.md §6.8 (Carioca's jokers on the table, escalas round the corner),
§6.9 (Kalooki's tacking) and §6.10 (Kalooki on the table). Expected verdicts are RULES.md's."""

from __future__ import annotations

import pytest

from companion.rules import MeldKind, check_joker_exchange, check_lay_off, parse_cards
from companion.rules.carioca import CARIOCA
from companion.rules.catalogue import find_ruleset
from companion.rules.kalooki import KALOOKI

BY_ID = {"carioca": CARIOCA, "kalooki": KALOOKI}

# (ruleset, name, meld on the table, cards laid off, legal)
LAY_OFFS = [
    # §6.8: after a lay-off, two jokers of one escala have at least 4 natural cards between them
    ("carioca", "jk_3c_4c_5c_6c_jk", "3C 4C 5C 6C JK", "JK", True),
    ("carioca", "jk_4c_5c_6c_jk", "JK 4C 5C 6C", "JK", False),
    ("carioca", "4c_5c_6c_jk_jk", "4C 5C 6C JK", "JK", False),
    ("carioca", "a_trio_takes_any_number_of_jokers", "7S 7H 7D", "JK JK", True),
    ("carioca", "an_escala_turns_the_corner", "QD KD AD 2D", "3D", True),
    ("carioca", "a_king_below_the_ace", "AD 2D 3D 4D", "KD", True),
    ("carioca", "queen_and_king_below_the_ace", "AD 2D 3D 4D", "QD KD", True),
    ("carioca", "an_escala_grows_to_13", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC", "KC", True),
    ("carioca", "each_rank_once", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "AC", False),
    ("carioca", "a_gap_is_still_a_gap", "QD KD AD 2D", "4D", False),
    # §6.10: a four never gets two jokers side by side; a three keeps its two naturals
    ("kalooki", "a_joker_apart", "5H 6H 7H JK", "JK", True),
    ("kalooki", "jokers_side_by_side", "JK 6H 7H JK", "JK", False),
    ("kalooki", "a_three_takes_a_joker", "KS KH JK", "JK", True),
    # §6.9: tacking: the natural takes the joker's place and the joker moves to an open end
    ("kalooki", "tack_6h", "5H JK 7H 8H", "6H", True),
    ("kalooki", "tack_below_an_ace_high_end", "JK QH KH AH", "JH", True),
    ("kalooki", "tack_not_beside_another_joker", "JK 5H JK 7H 8H 9H 10H JH QH KH AH", "6H", False),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset_id", "name", "meld", "cards", "legal"), LAY_OFFS, ids=[c[1] for c in LAY_OFFS])
def test_lay_offs(ruleset_id, name, meld, cards, legal):
    ruling = check_lay_off(BY_ID[ruleset_id], parse_cards(meld), parse_cards(cards))
    assert ruling.legal is legal, ruling.problems
    assert bool(ruling.problems) is not legal


def test_the_jokers_of_3c_to_6c_stand_at_both_ends():
    ruling = check_lay_off(CARIOCA, parse_cards("3C 4C 5C 6C JK"), parse_cards("JK"))
    assert {tuple(sorted(str(card) for _, card in reading.wilds)) for reading in ruling.readings} == {("2C", "7C")}


def test_too_close_jokers_say_so():
    ruling = check_lay_off(CARIOCA, parse_cards("4C 5C 6C JK"), parse_cards("JK"))
    assert ruling.problems == (
        "JK would leave two jokers of 4C 5C 6C JK with fewer than four natural cards between them; "
        "in Carioca (Chile) they need four.",
    )
    ruling = check_lay_off(KALOOKI, parse_cards("JK 6H 7H JK"), parse_cards("JK"))
    assert ruling.problems == ("JK would put two jokers of JK 6H 7H JK side by side; in a four they may not be.",)


def test_an_escala_round_the_corner_reads_from_its_first_card():
    reading = check_lay_off(CARIOCA, parse_cards("AD 2D 3D 4D"), parse_cards("KD")).reading.to_json()
    assert (reading["low"], reading["high"]) == ("K", "4")


def test_a_tacked_joker_stays_in_its_four():
    ruling = check_lay_off(KALOOKI, parse_cards("5H JK 7H 8H"), parse_cards("6H"))
    assert sorted(str(card) for card in ruling.reading.cards) == sorted(["5H", "JK", "7H", "8H", "6H"])
    assert {(r.low, r.high) for r in ruling.readings} == {(4, 8), (5, 9)}


def test_kalooki_jokers_are_never_taken():
    ruling = check_joker_exchange(KALOOKI, parse_cards("5H JK 7H 8H"), parse_cards("6H")[0])
    assert not ruling.legal
    assert ruling.problems == (
        "In Kalooki (Jamaica) a melded joker never leaves its meld: lay the card it stands for in its place "
        "and the joker moves to an end of the four.",
    )


def test_a_tacked_joker_moves_only_where_an_end_takes_it():
    ruling = check_lay_off(KALOOKI, parse_cards("JK 5H JK 7H 8H 9H 10H JH QH KH AH"), parse_cards("6H"))
    assert ruling.problems[-1].endswith("No end of this four takes the joker: not past an ace, nor beside another joker.")


def test_the_old_rulesets_lay_off_as_before():
    contract = find_ruleset("contract")
    assert check_lay_off(contract, parse_cards("5S 6S 7S JK"), parse_cards("JK")).legal  # jokers may stand together
    assert check_lay_off(contract, parse_cards("5S JK 7S 8S"), parse_cards("6S")).problems == (
        "6S's place in 5S JK 7S 8S is already held by JK.",
    )


# -- a joker laid off on a run, against a brute-force reading of RULES.md §6.8 and §6.10 -------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from conftest import fuzz  # noqa: E402
from companion.rules import JOKER, Card, Rank, Suit  # noqa: E402


def _reference_joker_fits(around: bool, min_gap: int, naturals: list[int], size: int) -> bool:
    """Whether one more joker can go at an end of a run of ``size`` cards holding the natural ``ranks``, so that
    any two wilds have at least ``min_gap`` natural cards between them (0: never side by side is 1)."""
    top = 13 if around else 14
    found = False
    for low in range(1, 14):
        places = list(range(low, low + size))
        ranks = [(p - 1) % 13 + 1 for p in places]
        if not around and low + size - 1 > 14:
            continue
        if not around:
            ranks = [14 if p == 14 else p for p in places]
        if sorted(ranks) != sorted(set(ranks)) or not set(naturals) <= set(ranks):
            continue
        wilds = [p for p, rank in zip(places, ranks, strict=True) if rank not in naturals]
        ends = [low - 1, low + size] if around else [e for e in (low - 1, low + size) if 1 <= e <= top]
        if around and size >= 13:
            ends = []
        for end in ends:
            spaced = sorted([*wilds, end])
            if all(b - a - 1 >= min_gap for a, b in zip(spaced, spaced[1:], strict=False)):
                found = True
    return found


@fuzz(400)
@given(st.booleans(), st.integers(1, 13), st.integers(4, 9), st.sampled_from(list(Suit)), st.integers(0, 2**32))
def test_a_joker_laid_off_on_a_run_matches_the_reference(carioca, low, size, suit, seed):
    import random

    rng = random.Random(seed)
    ruleset = CARIOCA if carioca else KALOOKI
    if not carioca:
        low = min(max(low, 2), 14 - size)  # Kalooki's runs here hold no ace: the joker may be one at either end
    places = list(range(low, low + size))
    run = [Card(Rank((p - 1) % 13 + 1), suit) for p in places]
    for place in rng.sample(range(size), rng.randint(0, min(3, size - 1))):
        run[place] = JOKER
    naturals = [int(card.rank) for card in run if card.rank is not None]
    gap = ruleset.run_wild_min_gap or 1
    expected = _reference_joker_fits(carioca, gap, naturals, size)
    ruling = check_lay_off(ruleset, run, [JOKER], kind=MeldKind.RUN)
    assert ruling.legal is expected, (ruleset.id, [str(c) for c in run], ruling.problems)


# -- RULES.md §8.0 (6.11): a ladder takes no lay-off --------------------------------------------------------------

LADDER = "AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS"


@pytest.mark.parametrize("option", ["escala-sucia", "escala-real"])
def test_a_ladder_takes_no_lay_off(option):
    from companion.rules.published import find_published_ruleset

    ruleset = find_published_ruleset("carioca").with_options(option)
    for cards in ("AH", "KD", "JK"):
        ruling = check_lay_off(ruleset, parse_cards(LADDER), parse_cards(cards))
        assert not ruling.legal
        assert ruling.problems == ("A ladder takes no lay-off: its deal ends when it goes down.",)


def test_a_ladder_said_so_takes_no_lay_off_in_spanish():
    from speech_support import in_spanish

    from companion.rules.published import find_published_ruleset

    ruleset = find_published_ruleset("carioca").with_options("escala-real")
    with in_spanish():
        ruling = check_lay_off(ruleset, parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"), parse_cards("AH"),
                               kind=MeldKind.LADDER)  # fmt: skip
    assert ruling.problems == ("A este juego no se le colocan cartas: su ronda termina cuando se baja.",)  # never «escalera» (issue 27)


def test_thirteen_cards_without_a_ladder_deal_are_read_as_before():
    from companion.rules.published import find_published_ruleset

    ruling = check_lay_off(find_published_ruleset("carioca"), parse_cards(LADDER), parse_cards("AH"))
    assert ruling.problems == (f"{LADDER} is not a trio or a run.",)
