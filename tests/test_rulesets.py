"""The ten rulesets as RULES.md §3 and §4 give them, value by value, plus house rules and validation.

Every expected value below is copied from RULES.md (the section is named
beside it), never from the engine.
"""

from __future__ import annotations

import dataclasses
import math

import pytest

from companion.rules import (
    RULESETS,
    AceRule,
    BuyRule,
    Deal,
    DealOutOfRangeError,
    GoingOut,
    JokerReclaim,
    LayOffTiming,
    MeldKind,
    PlayersOutOfRangeError,
    PointTable,
    Requirement,
    RulesError,
    SameSuitRuns,
    TableSupply,
    UnknownRulesetError,
    check_go_down,
    find_ruleset,
    parse_cards,
    score_hand,
)
from companion.rules.catalogue import DEFAULT_RULESET_ID

IDS = [
    "contract", "liverpool", "parlett", "combination", "may-i",
    "shanghai", "shanghai-powe", "shanghai-kolsov", "continental", "progressive",
]  # fmt: skip


def test_the_ten_rulesets():
    assert list(RULESETS) == IDS
    assert DEFAULT_RULESET_ID == "contract"
    assert find_ruleset("contract").name == "Contract Rummy"  # API.md
    for ruleset_id in IDS:
        assert find_ruleset(ruleset_id).id == ruleset_id


# -- players, packs and jokers (§3) ---------------------------------------------------

PLAYERS = {
    "contract": (3, 5), "liverpool": (3, 5), "parlett": (3, 8), "combination": (3, 8), "may-i": (3, 8),
    "shanghai": (3, 5), "shanghai-powe": (3, 5), "shanghai-kolsov": (3, 5), "continental": (2, 8), "progressive": (2, 8),
}  # fmt: skip


def _supply(ruleset_id: str, n: int) -> tuple[int, int]:
    """(packs, jokers) for n players, in RULES.md §3's words."""
    if ruleset_id in ("contract", "liverpool"):
        return 2, n - 1  # "jokers n−1 (3→2, 4→3, 5→4)"
    if ruleset_id == "parlett":
        return (2, 1) if n <= 4 else (3, 2)  # "with 3–4, 2 packs + 1 JK; with 5–8, 3 packs + 2 JK"
    if ruleset_id == "combination":
        packs = 2 if n <= 4 else 3 if n <= 6 else 4  # "2 (up to 4 players), 3 (5–6), 4 (7–8)"
        return packs, 2 * packs  # "jokers 2 × packs"
    if ruleset_id == "may-i":
        return math.ceil(n / 2), 2 * math.ceil(n / 2)  # "packs ⌈n/2⌉; jokers 2 × packs"
    if ruleset_id.startswith("shanghai"):
        return 2, 4  # "2 packs + 4 JK"
    if ruleset_id == "continental":
        return 2, 2  # "2 packs + 2 JK at any size"
    return 2, 4  # progressive: "2 packs + 4 JK"


SUPPLY = [(ruleset_id, n, *_supply(ruleset_id, n)) for ruleset_id in IDS for n in range(PLAYERS[ruleset_id][0], PLAYERS[ruleset_id][1] + 1)]


@pytest.mark.parametrize("ruleset_id", IDS)
def test_player_range(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    assert (ruleset.min_players, ruleset.max_players) == PLAYERS[ruleset_id]


@pytest.mark.parametrize(("ruleset_id", "players", "packs", "jokers"), SUPPLY, ids=[f"{r}-{n}_players" for r, n, _, _ in SUPPLY])
def test_packs_and_jokers_for_each_table_size(ruleset_id, players, packs, jokers):
    ruleset = find_ruleset(ruleset_id)
    assert ruleset.packs(players) == packs
    assert ruleset.jokers(players) == jokers
    assert (ruleset.table(players).packs, ruleset.table(players).jokers) == (packs, jokers)


# "Supply" lines of §3: the largest table, used when no player count is given (§2.1)
LARGEST_TABLE = {
    "contract": (2, 4), "liverpool": (2, 4), "parlett": (3, 2), "combination": (4, 8), "may-i": (4, 8),
    "shanghai": (2, 4), "shanghai-powe": (2, 4), "shanghai-kolsov": (2, 4), "continental": (2, 2), "progressive": (2, 4),
}  # fmt: skip


@pytest.mark.parametrize("ruleset_id", IDS)
def test_supply_without_a_player_count_is_the_largest_table(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    assert (ruleset.packs(), ruleset.jokers()) == LARGEST_TABLE[ruleset_id]


@pytest.mark.parametrize("ruleset_id", IDS)
def test_table_size_outside_the_range_raises(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    low, high = PLAYERS[ruleset_id]
    for players in (low - 1, high + 1, 0, 9):
        if low <= players <= high:
            continue
        with pytest.raises(PlayersOutOfRangeError) as raised:
            ruleset.table(players)
        assert str(players) in str(raised.value)


def test_contract_table_of_9_raises():
    with pytest.raises(PlayersOutOfRangeError):
        find_ruleset("contract").table(9)
    assert issubclass(PlayersOutOfRangeError, RulesError)


# -- the schedules T1–T4 (§4) -------------------------------------------------------

T1 = ["S3 S3", "S3 R4", "R4 R4", "S3 S3 S3", "S3 S3 R4", "S3 R4 R4", "R4 R4 R4"]
T2 = T1[:6] + ["S3 S3 S3 S3", "R4 R4 R4"]
T3 = ["S3 S3", "S3 R4", "R4 R4", "S3 S3 S3", "S3 R7", "S3 S3 R5", "R4 R4 R4", "S3 R10", "S3 S3 S3 R5", "R5 R5 R5"]
T4 = [
    "S3 S3", "S3 R4", "S4 S4", "R4 R4", "S3 S3 R4", "S4 R5", "S5 S5", "R5 R5",
    "S3 S3 S3 S3", "R4 R4 R4", "S4 S4 S4", "R3 R3 R3 R3 R3", "S3 S3 S3 S3 S3", "S5 R5 P2", "S3 S3 R5",
]  # fmt: skip

SCHEDULES = {
    "contract": T1, "liverpool": T1, "parlett": T1, "combination": T1, "may-i": T1, "shanghai": T1,
    "shanghai-powe": T2, "shanghai-kolsov": T3, "continental": T1, "progressive": T4,
}  # fmt: skip

# the T1 table's "needed" column, and T2–T4's
NEEDED = {
    "T1": [6, 7, 8, 9, 10, 11, 12],
    "T2": [6, 7, 8, 9, 10, 11, 12, 12],
    "T3": [6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    "T4": [6, 7, 8, 8, 10, 9, 10, 10, 12, 12, 12, 15, 15, 12, 11],
}

CARDS_DEALT = {
    "contract": [10, 10, 10, 12, 12, 12, 12],
    "liverpool": [10, 10, 10, 12, 12, 12, 12],
    "may-i": [10, 10, 10, 12, 12, 12, 12],
    "parlett": [10, 10, 10, 10, 12, 12, 12],
    "combination": [10, 10, 10, 10, 12, 12, 12],
    "shanghai": [11] * 7,
    "shanghai-powe": [10] * 8,
    "shanghai-kolsov": [11] * 10,
    "continental": [7, 8, 9, 10, 11, 12, 13],
    "progressive": [11] * 15,
}

_KINDS = {"S": MeldKind.SET, "R": MeldKind.RUN, "P": MeldKind.PAIR}


def _requirements(symbols: str) -> list[tuple[MeldKind, int]]:
    return [(_KINDS[s[0]], int(s[1:])) for s in symbols.split()]


@pytest.mark.parametrize("ruleset_id", IDS)
def test_schedule_requirements(ruleset_id):
    deals = find_ruleset(ruleset_id).deals
    expected = SCHEDULES[ruleset_id]
    assert len(deals) == len(expected)
    for deal, symbols in zip(deals, expected, strict=True):
        assert [(r.kind, r.length) for r in deal.requirements] == _requirements(symbols), deal.number
        assert deal.symbols == symbols


@pytest.mark.parametrize("ruleset_id", IDS)
def test_cards_needed(ruleset_id):
    schedule = {id(T1): "T1", id(T2): "T2", id(T3): "T3", id(T4): "T4"}[id(SCHEDULES[ruleset_id])]
    assert [deal.cards_needed for deal in find_ruleset(ruleset_id).deals] == NEEDED[schedule]


@pytest.mark.parametrize("ruleset_id", IDS)
def test_cards_dealt(ruleset_id):
    assert [deal.cards_dealt for deal in find_ruleset(ruleset_id).deals] == CARDS_DEALT[ruleset_id]


@pytest.mark.parametrize("ruleset_id", IDS)
def test_deals_are_numbered_from_1(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    assert [deal.number for deal in ruleset.deals] == list(range(1, len(ruleset.deals) + 1))
    for deal in ruleset.deals:
        assert ruleset.deal(deal.number) is deal


@pytest.mark.parametrize("ruleset_id", IDS)
def test_deal_outside_the_schedule_raises(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    for number in (0, -1, len(SCHEDULES[ruleset_id]) + 1):
        with pytest.raises(DealOutOfRangeError) as raised:
            ruleset.deal(number)
        assert repr(number) in str(raised.value)


@pytest.mark.parametrize("number", [0, 8, True, "1", 1.0])
def test_contract_deal_out_of_range(number):
    with pytest.raises(DealOutOfRangeError):
        find_ruleset("contract").deal(number)
    assert issubclass(DealOutOfRangeError, RulesError)


# -- contract texts (§4's T1 table, T2–T4 where quoted) ---------------------------------

T1_GROUP_TEXTS = [
    "Two groups of 3",
    "One group of 3 and one run of 4",
    "Two runs of 4",
    "Three groups of 3",
    "Two groups of 3 and one run of 4",
    "One group of 3 and two runs of 4",
    "Three runs of 4",
]
NO_DISCARD_SUFFIX = " (every card, no discard)"
SET_WORDS = {
    "contract": "group", "liverpool": "group", "may-i": "group", "parlett": "set", "combination": "set",
    "shanghai": "book", "shanghai-powe": "book", "shanghai-kolsov": "set", "continental": "trio", "progressive": "set",
}  # fmt: skip
MELD_ALL_DEALS = {"contract": {7}, "liverpool": {7}, "combination": {7}, "shanghai": {7}}


def _t1_text(ruleset_id: str, number: int) -> str:
    text = T1_GROUP_TEXTS[number - 1]
    word = SET_WORDS[ruleset_id]
    if word == "trio":  # "Two trios": a trio is 3 cards, so its size is not repeated
        text = text.replace("groups of 3", "trios").replace("group of 3", "trio")
    else:
        text = text.replace("group", word)
    if number in MELD_ALL_DEALS.get(ruleset_id, ()):
        text += NO_DISCARD_SUFFIX
    return text


T1_TEXTS = [(r, n, _t1_text(r, n)) for r in IDS if SCHEDULES[r] is T1 for n in range(1, 8)]


@pytest.mark.parametrize(("ruleset_id", "number", "text"), T1_TEXTS, ids=[f"{r}-deal_{n}" for r, n, _ in T1_TEXTS])
def test_t1_contract_text(ruleset_id, number, text):
    assert find_ruleset(ruleset_id).deal(number).contract == text


# (ruleset, deal, text) quoted in §3–§4
QUOTED_TEXTS = [
    ("continental", 1, "Two trios"),
    ("continental", 7, "Three runs of 4"),
    ("shanghai-powe", 1, "Two books of 3"),
    ("shanghai-powe", 7, "Four books of 3"),
    ("shanghai-powe", 8, "Three runs of 4"),
    ("shanghai-kolsov", 1, "Two sets of 3"),
    ("shanghai-kolsov", 5, "One set of 3 and one run of 7"),
    ("progressive", 1, "Two sets of 3"),
    ("progressive", 14, "One set of 5, one run of 5 and one pair"),
]


@pytest.mark.parametrize(("ruleset_id", "number", "text"), QUOTED_TEXTS, ids=[f"{r}-deal_{n}" for r, n, _ in QUOTED_TEXTS])
def test_quoted_contract_text(ruleset_id, number, text):
    assert find_ruleset(ruleset_id).deal(number).contract == text


@pytest.mark.parametrize("ruleset_id", IDS)
def test_set_word(ruleset_id):
    assert find_ruleset(ruleset_id).set_word == SET_WORDS[ruleset_id]


# -- meld_all, going out and exact lengths per deal (§3) -------------------------------

GOING_OUT = {
    "contract": GoingOut.DISCARD, "liverpool": GoingOut.DISCARD, "parlett": GoingOut.DISCARD,
    "combination": GoingOut.DISCARD, "may-i": GoingOut.DISCARD, "shanghai": GoingOut.DISCARD,
    "shanghai-powe": GoingOut.NO_DISCARD, "shanghai-kolsov": GoingOut.DISCARD, "continental": GoingOut.DISCARD,
    "progressive": GoingOut.EITHER,
}  # fmt: skip
EXACT = {
    "contract": True, "liverpool": True, "parlett": True, "combination": True, "may-i": False,
    "shanghai": True, "shanghai-powe": True, "shanghai-kolsov": True, "continental": True, "progressive": True,
}  # fmt: skip
PER_DEAL = [(r, n) for r in IDS for n in range(1, len(SCHEDULES[r]) + 1)]


@pytest.mark.parametrize(("ruleset_id", "number"), PER_DEAL, ids=[f"{r}-deal_{n}" for r, n in PER_DEAL])
def test_meld_all_going_out_and_exact_per_deal(ruleset_id, number):
    ruleset = find_ruleset(ruleset_id)
    deal = ruleset.deal(number)
    meld_all = number in MELD_ALL_DEALS.get(ruleset_id, ())
    assert deal.meld_all is meld_all
    going_out = GoingOut.NO_DISCARD if meld_all else GOING_OUT[ruleset_id]
    assert deal.going_out is going_out
    assert deal.discard_to_go_out is (going_out is not GoingOut.NO_DISCARD)
    assert ruleset.exact is EXACT[ruleset_id]
    assert ruleset.is_exact(deal) is (EXACT[ruleset_id] and not meld_all)  # §2: never exact in a meld_all deal


def test_shanghai_powe_never_discards_to_go_out():
    assert [deal.discard_to_go_out for deal in find_ruleset("shanghai-powe").deals] == [False] * 8


# -- the rules of one meld and of a contract (§3) ---------------------------------------

RULE_VALUES = {
    # same_suit_runs, repeat_rank, max_wilds, aces, dup_suits, lay_off, reclaim, deuces wild
    "contract": (SameSuitRuns.NO_CONTIGUOUS, True, None, AceRule.LOW_OR_HIGH, True, LayOffTiming.LATER_TURN, JokerReclaim.RUNS, False),
    "liverpool": (SameSuitRuns.NO_CONTIGUOUS, True, None, AceRule.LOW_OR_HIGH, True, LayOffTiming.LATER_TURN, JokerReclaim.RUNS, False),
    "parlett": (SameSuitRuns.NO_CONTIGUOUS, True, 1, AceRule.LOW_OR_HIGH, True, LayOffTiming.LATER_TURN, JokerReclaim.RUNS, False),
    "combination": (SameSuitRuns.NO_CONTIGUOUS, True, 1, AceRule.LOW_OR_HIGH, True, LayOffTiming.SAME_TURN, JokerReclaim.RUNS, False),
    "may-i": (SameSuitRuns.ANY, True, None, AceRule.LOW_OR_HIGH, True, LayOffTiming.LATER_TURN, JokerReclaim.NEVER, False),
    "shanghai": (SameSuitRuns.NO_CONTIGUOUS, False, 1, AceRule.HIGH_ONLY, True, LayOffTiming.SAME_TURN, JokerReclaim.RUNS, False),
    "shanghai-powe": (SameSuitRuns.ONE_PER_SUIT, False, 1, AceRule.HIGH_ONLY, True, LayOffTiming.SAME_TURN, JokerReclaim.RUNS, False),
    "shanghai-kolsov": (SameSuitRuns.NO_CONTIGUOUS, False, 1, AceRule.HIGH_ONLY, True, LayOffTiming.SAME_TURN, JokerReclaim.RUNS, False),
    "continental": (SameSuitRuns.ANY, True, None, AceRule.LOW_OR_HIGH, True, LayOffTiming.SAME_TURN, JokerReclaim.SLIDE, False),
    "progressive": (SameSuitRuns.ANY, True, None, AceRule.LOW_OR_HIGH, True, LayOffTiming.SAME_TURN, JokerReclaim.NEVER, True),
}  # fmt: skip


@pytest.mark.parametrize("ruleset_id", IDS)
def test_meld_rules(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    same_suit_runs, repeat_rank, max_wilds, aces, dup_suits, lay_off, reclaim, deuces_wild = RULE_VALUES[ruleset_id]
    assert ruleset.same_suit_runs is same_suit_runs
    assert ruleset.repeat_rank is repeat_rank
    assert ruleset.max_wilds == max_wilds
    assert ruleset.aces is aces
    assert ruleset.dup_suits is dup_suits
    assert ruleset.lay_off is lay_off
    assert ruleset.reclaim is reclaim
    assert ruleset.deuces_wild is deuces_wild
    assert ruleset.min_naturals == 1  # "in every ruleset (our reading)"


@pytest.mark.parametrize("ruleset_id", IDS)
def test_wild_cards(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    assert ruleset.is_wild(parse_cards("JK")[0])
    for card in parse_cards("2S 2H 2D 2C"):
        assert ruleset.is_wild(card) is (ruleset_id == "progressive")  # "wilds JK and every 2"
    for card in parse_cards("AS 3H 10D KC"):
        assert not ruleset.is_wild(card)


# -- buys / May I (§3) ------------------------------------------------------------------

UNLIMITED_PLUS_ONE = (None, 1)


def _buy(ruleset_id: str, number: int) -> tuple[int | None, int] | tuple[int, None]:
    """(limit per player per deal, extra stock cards) from §3; extra None where §3 says nothing."""
    if ruleset_id.startswith("shanghai"):
        return 2, 2  # "buy ≤2 per player per deal, +2 cards"
    if ruleset_id == "progressive":
        if number in (12, 13):
            return 2, 1  # "2, each +1 blind stock card"
        if 9 <= number <= 14:
            return 1, None  # "buys: 1"
        return 0, None  # "buy in deals 9–14 only"
    return UNLIMITED_PLUS_ONE  # "buy unlimited, +1 card"


BUYS = [(r, n, *_buy(r, n)) for r, n in PER_DEAL]


@pytest.mark.parametrize(("ruleset_id", "number", "limit", "extra"), BUYS, ids=[f"{r}-deal_{n}" for r, n, _, _ in BUYS])
def test_buy_limit_and_extra_cards(ruleset_id, number, limit, extra):
    buys = find_ruleset(ruleset_id).deal(number).buys
    assert buys.limit == limit
    if extra is not None:
        assert buys.extra_cards == extra
    assert buys.allowed is (limit is None or limit > 0)


@pytest.mark.parametrize("ruleset_id", ["contract", "liverpool", "may-i"])
def test_contract_may_i_not_two_successive_cards(ruleset_id):
    assert all(deal.buys.no_successive for deal in find_ruleset(ruleset_id).deals)


def test_progressive_buys_only_in_deals_9_to_14():
    allowed = [deal.number for deal in find_ruleset("progressive").deals if deal.buys.allowed]
    assert allowed == [9, 10, 11, 12, 13, 14]


@pytest.mark.parametrize(("ruleset_id", "name"), [("shanghai-powe", "buy"), ("progressive", "buy"), ("contract", "May I"), ("shanghai", "May I")])
def test_buy_name(ruleset_id, name):
    assert find_ruleset(ruleset_id).buy_name == name


@pytest.mark.parametrize(("ruleset_id", "call"), [("shanghai", True), ("shanghai-powe", False), ("shanghai-kolsov", True), ("contract", False)])
def test_shanghai_call(ruleset_id, call):
    assert find_ruleset(ruleset_id).shanghai_call is call


# -- card points (§3) ---------------------------------------------------------------------

KEYS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK"]


def _table(ace, joker, two_to_nine=None, ten=10, jqk=10):
    """A, 2..9 (face unless given), 10, J, Q, K, JK."""
    low = two_to_nine or {n: n for n in range(2, 10)}
    return {"A": ace, **{str(n): low[n] for n in range(2, 10)}, "10": ten, "J": jqk, "Q": jqk, "K": jqk, "JK": joker}


_SHANGHAI = _table(20, 50, {n: 5 if n <= 7 else 10 for n in range(2, 10)})  # "2–7 5, 8–K 10, A 20, JK 50"
POINTS = {
    "contract": _table(15, 15),  # "A 15, 10/J/Q/K 10, 2–9 face, JK 15"
    "liverpool": _table(15, 15),
    "parlett": _table(15, 15),  # "as contract (our reading)"
    "combination": _table(15, 15),  # "2–10 face, J/Q/K 10, A 15, JK 15"
    "may-i": _table(15, 25),  # "JK 25"
    "shanghai": _SHANGHAI,
    "shanghai-powe": _SHANGHAI,
    "shanghai-kolsov": _SHANGHAI,
    "continental": _table(11, 50),  # "JK 50, A 11, 10–K 10, 2–9 face"
    "progressive": _table(15, 20, {2: 20} | {n: 5 for n in range(3, 10)}, ten=5),  # "wild (JK, 2) 20, A 15, J/Q/K 10, 3–10 5"
}


@pytest.mark.parametrize("ruleset_id", IDS)
def test_card_points(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    assert list(ruleset.points.as_dict()) == KEYS  # API.md's card_points keys, in order
    assert ruleset.points.as_dict() == POINTS[ruleset_id]


@pytest.mark.parametrize("ruleset_id", IDS)
def test_card_points_by_card(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    expected = POINTS[ruleset_id]
    for text in ("AS", "2H", "7D", "8C", "9S", "10H", "JD", "QC", "KS", "JK"):
        card = parse_cards(text)[0]
        key = "JK" if card.is_joker else card.rank.label
        assert ruleset.card_points(card) == expected[key], text
        assert score_hand(ruleset, [card]).points == expected[key]


def test_progressive_deuce_scores_as_a_wild():
    progressive = find_ruleset("progressive")
    assert score_hand(progressive, parse_cards("2C JK")).points == 40


@pytest.mark.parametrize(("ruleset_id", "settles"), [(r, r == "progressive") for r in IDS])
def test_only_progressive_settles_money(ruleset_id, settles):
    settlement = find_ruleset(ruleset_id).settlement
    assert (settlement is not None) is settles
    if settles:
        assert settlement.step == 2  # "2nd pays 2, 3rd 4, 4th 6"
        assert settlement.winner_takes_kitty


@pytest.mark.parametrize(("ruleset_id", "bonus"), [("liverpool", 50), ("contract", 0), ("continental", 0)])
def test_exact_cut_bonus(ruleset_id, bonus):
    assert find_ruleset(ruleset_id).exact_cut_bonus == bonus


# -- house rules ---------------------------------------------------------------------------


def _fields(ruleset) -> dict[str, object]:
    return {f.name: getattr(ruleset, f.name) for f in dataclasses.fields(ruleset)}


def test_combination_joker_20_changes_joker_points_and_nothing_else():
    combination = find_ruleset("combination")
    house = combination.with_options("joker-20")
    assert house.points.as_dict() == combination.points.as_dict() | {"JK": 20}
    before, after = _fields(combination), _fields(house)
    changed = {name for name in before if before[name] != after[name]}
    assert changed == {"points", "chosen_options"}
    assert house.chosen_options == ("joker-20",)
    assert score_hand(house, parse_cards("KH JK 7S")).points == 37
    assert combination.points.as_dict()["JK"] == 15  # the built-in value is untouched


def test_choosing_a_house_option_twice_is_choosing_it_once():
    combination = find_ruleset("combination")
    assert combination.with_options("joker-20", "joker-20") == combination.with_options("joker-20")


def _melds(text: str):
    return [parse_cards(meld) for meld in text.split("|")]


@pytest.fixture
def parlett_deuces():
    return find_ruleset("parlett").with_options("deuces-wild")


def test_parlett_deuces_wild_makes_twos_wild(parlett_deuces):
    assert parlett_deuces.deuces_wild
    assert not find_ruleset("parlett").deuces_wild  # "off by default"
    assert parlett_deuces.is_wild(parse_cards("2S")[0])
    assert parlett_deuces.max_wilds == 1


# (melds, legal with the deuces-wild option, legal without it) for parlett deal 1
DEUCES_WILD = [
    ("8C 8D 2S | QS QH QD", True, False),  # the 2 stands in the set of 8s
    ("8C 2S JK | QS QH QD", False, False),  # two wilds in one meld; parlett allows 1
    ("8C 2S 2H | QS QH QD", False, False),
    ("2C 2D 2S | QS QH QD", False, True),  # three natural 2s without the option; no natural card with it
    ("8C 8D JK | QS QH 2D", True, False),
]


@pytest.mark.parametrize(("melds", "with_option", "without"), DEUCES_WILD, ids=[m for m, _, _ in DEUCES_WILD])
def test_parlett_deuces_wild_option_in_the_checker(parlett_deuces, melds, with_option, without):
    assert check_go_down(parlett_deuces, 1, _melds(melds)).legal is with_option
    assert check_go_down(find_ruleset("parlett"), 1, _melds(melds)).legal is without


def test_parlett_deuces_wild_two_wilds_problem(parlett_deuces):
    ruling = check_go_down(parlett_deuces, 1, _melds("8C 2S JK | QS QH QD"))
    assert "2 wilds" in ruling.problems[0]


def test_parlett_deuces_wild_in_a_run(parlett_deuces):
    # deal 2: the 2 fills 7S
    assert check_go_down(parlett_deuces, 2, _melds("9C 9D 9S | 5S 6S 2H 8S")).legal


@pytest.mark.parametrize("ruleset_id", ["parlett", "combination", "shanghai", "continental", "may-i"])
def test_no_jokers_makes_a_joker_fail_the_supply(ruleset_id):
    ruleset = find_ruleset(ruleset_id).with_options("no-jokers")
    assert all(ruleset.jokers(n) == 0 for n in range(ruleset.min_players, ruleset.max_players + 1))
    assert ruleset.jokers() == 0
    packs = [find_ruleset(ruleset_id).packs(n) for n in range(ruleset.min_players, ruleset.max_players + 1)]
    assert [ruleset.packs(n) for n in range(ruleset.min_players, ruleset.max_players + 1)] == packs
    ruling = check_go_down(ruleset, 1, _melds("8C 8D JK | QS QH QD"))
    assert not ruling.legal
    assert "joker" in ruling.problems[-1].lower()
    assert check_go_down(ruleset, 1, _melds("8C 8D 8H | QS QH QD")).legal


@pytest.mark.parametrize("ruleset_id", IDS)
def test_unknown_house_option_raises(ruleset_id):
    with pytest.raises(ValueError, match="'no-such-rule'"):
        find_ruleset(ruleset_id).with_options("no-such-rule")


def test_combination_does_not_offer_deuces_wild():
    with pytest.raises(ValueError, match="'deuces-wild'"):
        find_ruleset("combination").with_options("deuces-wild")


# -- finding rulesets ------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", ["nope", "", "Contract", "contract ", None, 3])
def test_unknown_ruleset_raises(ruleset_id):
    with pytest.raises(UnknownRulesetError) as raised:
        find_ruleset(ruleset_id)
    assert repr(ruleset_id) in str(raised.value)
    assert isinstance(raised.value, RulesError)
    assert isinstance(raised.value, ValueError)


# -- validation: a ruleset is data, checked when it is made -------------------------------------

CONTRACT = find_ruleset("contract")
DEAL_1 = CONTRACT.deal(1)

# (how to make the bad value, the quoted value in the message)
INVALID = [
    ("requirement run of 2", lambda: Requirement(kind=MeldKind.RUN, length=2), "2"),
    ("requirement pair of 3", lambda: Requirement(kind=MeldKind.PAIR, length=3), "3"),
    ("requirement set of 15", lambda: Requirement(kind=MeldKind.SET, length=15), "15"),
    ("requirement set of 1", lambda: Requirement(kind=MeldKind.SET, length=1), "1"),
    ("requirement unknown kind", lambda: Requirement(kind="triple", length=3), "'triple'"),
    ("deal number 0", lambda: dataclasses.replace(DEAL_1, number=0), "0"),
    ("deal 0 cards dealt", lambda: dataclasses.replace(DEAL_1, cards_dealt=0), "0"),
    ("deal without requirements", lambda: dataclasses.replace(DEAL_1, requirements=()), "deal 1"),
    ("deal unknown going_out", lambda: dataclasses.replace(DEAL_1, going_out="sometimes"), "'sometimes'"),
    ("buy limit -1", lambda: BuyRule(limit=-1, extra_cards=1), "-1"),
    ("buy extra -2", lambda: BuyRule(limit=None, extra_cards=-2), "-2"),
    ("table 5 to 3", lambda: TableSupply(min_players=5, max_players=3, packs=2, jokers=2), "5"),
    ("table 0 packs", lambda: TableSupply(min_players=3, max_players=5, packs=0, jokers=2), "0"),
    ("point table too short", lambda: PointTable((1, 2, 3)), "(1, 2, 3)"),
    ("point table missing keys", lambda: PointTable.of({"A": 1}), "JK"),
    ("ruleset without id", lambda: dataclasses.replace(CONTRACT, id=""), "''"),
    ("ruleset max_wilds -1", lambda: dataclasses.replace(CONTRACT, max_wilds=-1), "-1"),
    ("ruleset min_naturals -1", lambda: dataclasses.replace(CONTRACT, min_naturals=-1), "-1"),
    ("ruleset deals out of order", lambda: dataclasses.replace(CONTRACT, deals=CONTRACT.deals[::-1]), "[7, 6, 5, 4, 3, 2, 1]"),
    ("ruleset deals with a hole", lambda: dataclasses.replace(CONTRACT, deals=CONTRACT.deals[1:]), "[2, 3, 4, 5, 6, 7]"),
    (
        "ruleset table sizes with a gap",
        lambda: dataclasses.replace(CONTRACT, supply=(CONTRACT.supply[0], CONTRACT.supply[2])),
        "[3, 5]",
    ),
    (
        "ruleset meld_all deal ending on a discard",
        lambda: dataclasses.replace(
            CONTRACT, deals=CONTRACT.deals[:6] + (dataclasses.replace(CONTRACT.deal(7), going_out=GoingOut.DISCARD),)
        ),
        "deal 7",
    ),
    ("ruleset unknown aces", lambda: dataclasses.replace(CONTRACT, aces="sideways"), "'sideways'"),
    ("ruleset unknown same_suit_runs", lambda: dataclasses.replace(CONTRACT, same_suit_runs="never"), "'never'"),
    ("ruleset unknown lay_off", lambda: dataclasses.replace(CONTRACT, lay_off="whenever"), "'whenever'"),
    ("ruleset unknown reclaim", lambda: dataclasses.replace(CONTRACT, reclaim="always"), "'always'"),
]


@pytest.mark.parametrize(("make", "quoted"), [(m, q) for _, m, q in INVALID], ids=[name.replace(" ", "_") for name, _, _ in INVALID])
def test_invalid_value_raises_value_error_quoting_it(make, quoted):
    with pytest.raises(ValueError) as raised:
        make()
    assert quoted in str(raised.value)


# (field, text) a stored snapshot or a house rule may give as plain text
TEXT_VALUES = [("aces", "high_only", AceRule.HIGH_ONLY), ("same_suit_runs", "any", SameSuitRuns.ANY), ("lay_off", "same_turn", LayOffTiming.SAME_TURN), ("reclaim", "never", JokerReclaim.NEVER)]


@pytest.mark.parametrize(("name", "text", "member"), TEXT_VALUES, ids=[name for name, _, _ in TEXT_VALUES])
def test_a_field_given_as_text_becomes_its_enum_member(name, text, member):
    assert getattr(CONTRACT.changed([(name, text)]), name) is member
    assert getattr(dataclasses.replace(CONTRACT, **{name: text}), name) is member


def test_aces_high_only_given_as_text_is_enforced():
    high_only = CONTRACT.changed([("aces", "high_only")])
    assert not check_go_down(high_only, 2, _melds("5C 5D 5H | AS 2S 3S 4S")).legal
    assert check_go_down(CONTRACT, 2, _melds("5C 5D 5H | AS 2S 3S 4S")).legal


def test_deal_going_out_given_as_text():
    deal = dataclasses.replace(DEAL_1, going_out="no_discard")
    assert deal.going_out is GoingOut.NO_DISCARD
    assert not deal.discard_to_go_out


def test_requirement_kind_given_as_text():
    assert Requirement(kind="run", length=4) == Requirement(kind=MeldKind.RUN, length=4)
    assert str(Requirement(kind="set", length=3)) == "S3"
    assert str(Requirement(kind="pair", length=2)) == "P2"


def test_rulesets_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        CONTRACT.exact = False  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEAL_1.cards_dealt = 3  # type: ignore[misc]


def test_deal_is_a_value():
    assert isinstance(DEAL_1, Deal)
    assert DEAL_1 == dataclasses.replace(DEAL_1)
