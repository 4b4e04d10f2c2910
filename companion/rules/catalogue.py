"""The catalogue: the ten built-in rulesets of RULES.md §3, as data in the schema of :mod:`.rulesets`.

Each is one :class:`~.rulesets.Ruleset` value, with its sources and its
readings of what the sources leave open; :data:`RULESETS` holds them by id.

>>> find_ruleset("shanghai").deal(1).cards_dealt
11
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable

from .speech import mark, mark_word
from .rulesets import (
    AceRule,
    BuyRule,
    Deal,
    GoingOut,
    HouseOption,
    JokerReclaim,
    LayOffTiming,
    PointTable,
    Requirement,
    Ruleset,
    SameSuitRuns,
    Settlement,
    TableSupply,
    UnknownRulesetError,
    describe_contract,
)
from .speech import say

__all__ = ["DEFAULT_RULESET_ID", "RULESETS", "find_ruleset"]


def _schedule(
    contracts: Iterable[str],
    dealt: Iterable[int],
    *,
    set_word: str,
    buys: BuyRule | Iterable[BuyRule],
    going_out: GoingOut = GoingOut.DISCARD,
    meld_all: Iterable[int] = (),
) -> tuple[Deal, ...]:
    """Deals from contract symbols; ``meld_all`` deals end with no discard."""
    contracts, dealt = list(contracts), list(dealt)
    buy_rules = [buys] * len(contracts) if isinstance(buys, BuyRule) else list(buys)
    if not len(contracts) == len(dealt) == len(buy_rules):
        raise ValueError("a schedule needs as many contracts, deal sizes and buy rules as deals")
    melds_all = set(meld_all)
    deals = []
    for number, (symbols, cards, buy) in enumerate(zip(contracts, dealt, buy_rules, strict=True), start=1):
        requirements = Requirement.from_symbols(symbols)
        text = describe_contract(requirements, set_word)
        every = number in melds_all
        if every:
            text += " (every card, no discard)"
        deals.append(
            Deal(
                number=number,
                contract=text,
                cards_dealt=cards,
                requirements=requirements,
                going_out=GoingOut.NO_DISCARD if every else going_out,
                meld_all=every,
                buys=buy,
            )
        )
    return tuple(deals)


def _points(ace: int, joker: int, *, two_to_nine: dict[int, int] | None = None, ten_to_king: int = 10) -> PointTable:
    values = {"A": ace, "JK": joker} | {k: ten_to_king for k in ("10", "J", "Q", "K")}
    values |= {str(n): (two_to_nine or {}).get(n, n) for n in range(2, 10)}
    return PointTable.of(values)


T1 = ("S3 S3", "S3 R4", "R4 R4", "S3 S3 S3", "S3 S3 R4", "S3 R4 R4", "R4 R4 R4")
T2 = T1[:6] + ("S3 S3 S3 S3", "R4 R4 R4")
T3 = ("S3 S3", "S3 R4", "R4 R4", "S3 S3 S3", "S3 R7", "S3 S3 R5", "R4 R4 R4", "S3 R10", "S3 S3 S3 R5", "R5 R5 R5")
T4 = (
    "S3 S3", "S3 R4", "S4 S4", "R4 R4", "S3 S3 R4", "S4 R5", "S5 S5", "R5 R5",
    "S3 S3 S3 S3", "R4 R4 R4", "S4 S4 S4", "R3 R3 R3 R3 R3", "S3 S3 S3 S3 S3", "S5 R5 P2", "S3 S3 R5",
)  # fmt: skip

_MAY_I = BuyRule(limit=None, extra_cards=1, no_successive=True)
_MAY_I_PLAIN = BuyRule(limit=None, extra_cards=1)
_SHANGHAI_MAY_I = BuyRule(limit=2, extra_cards=2)
_NO_BUY = BuyRule(limit=0, extra_cards=0)
_PROGRESSIVE_BUYS = (
    (_NO_BUY,) * 8
    + (BuyRule(limit=1, extra_cards=0),) * 3
    + (BuyRule(limit=2, extra_cards=1),) * 2
    + (BuyRule(limit=1, extra_cards=0), _NO_BUY)
)

_NO_JOKERS = HouseOption(key="no-jokers", label=mark("No jokers"), changes=(("jokers", 0),))

CONTRACT = Ruleset(
    id="contract",
    name="Contract Rummy",
    summary=mark("Seven deals, two packs with one joker fewer than the players; deal 7 melds every card."),
    set_word="group",
    supply=tuple(TableSupply(min_players=n, max_players=n, packs=2, jokers=n - 1) for n in range(3, 6)),
    deals=_schedule(T1, (10, 10, 10, 12, 12, 12, 12), set_word="group", buys=_MAY_I, meld_all=(7,)),
    exact=True,
    same_suit_runs=SameSuitRuns.NO_CONTIGUOUS,
    repeat_rank=True,
    max_wilds=None,
    aces=AceRule.LOW_OR_HIGH,
    lay_off=LayOffTiming.LATER_TURN,
    reclaim=JokerReclaim.RUNS,
    points=_points(ace=15, joker=15),
    options=(
        HouseOption(key="joker-20", label=mark("Jokers score 20"), changes=(("points", (("JK", 20),)),)),
        HouseOption(key="deuces-wild", label=mark("Deuces wild (a wild two scores as a joker)"), changes=(("deuces_wild", True), ("points", (("2", 15),)))),
        _NO_JOKERS,
    ),  # fmt: skip
    sources=(mark("004: pagat.com, Contract Rummy by Magnus"), mark("001: a Contract Rummy page (the same text)")),
    readings=(
        mark("Two groups of one rank in one contract (7H 7S 7D + 7C 7H 7S) are allowed."),
        mark("Without a table size, up to 4 jokers pass the supply check."),
        mark("3H 4H 5H JK + 7H 8H 9H 10H is legal, the joker standing for 2H."),
        mark("Deal 7 after a May I: every card is still melded, in runs of 4 or more."),
    ),
)

LIVERPOOL = dataclasses.replace(
    CONTRACT,
    id="liverpool",
    name="Liverpool Rummy",
    summary=mark("Contract Rummy with the exact-cut bonus: cut exactly the cards needed and take 50 off."),
    exact_cut_bonus=50,
    sources=(mark("004: pagat.com, Liverpool Rummy by Paul Welty"),),
    readings=CONTRACT.readings + (mark("A deal score may go below 0 after the exact-cut bonus."),),
)

PARLETT = Ruleset(
    id="parlett",
    name="Parlett's Contract Rummy",
    summary=mark("Parlett's seven deals: one wild card per initial meld, never more than the contract."),
    set_word="set",
    supply=(
        TableSupply(min_players=3, max_players=4, packs=2, jokers=1),
        TableSupply(min_players=5, max_players=8, packs=3, jokers=2),
    ),
    deals=_schedule(T1, (10, 10, 10, 10, 12, 12, 12), set_word="set", buys=_MAY_I_PLAIN),
    max_wilds=1,
    points=_points(ace=15, joker=15),
    options=(
        HouseOption(key="deuces-wild", label=mark("Deuces wild (a wild two scores as a joker)"), changes=(("deuces_wild", True), ("points", (("2", 15),)))),
        _NO_JOKERS,
    ),  # fmt: skip
    sources=(mark("003: David Parlett, The Penguin Book of Card Games, Contract Rummy"),),
    readings=(
        mark("One wild card per meld of the contract."),
        mark("Deal 7 (three runs of 4) melds 12 of the 13 cards held and discards the 13th; it is not a meld-all deal."),
        mark("The misprinted example (2345 6789) is read by its words: same-suit runs must not be consecutive."),
        mark("Card points as in Contract Rummy."),
        mark("Two sets of one rank in one contract are allowed."),
    ),
)

COMBINATION = Ruleset(
    id="combination",
    name="Combination Rummy",
    summary=mark("Wikipedia's Contract Rummy: 2 to 4 packs of 54 by table size; deal 7 melds every card."),
    set_word="set",
    supply=(
        TableSupply(min_players=3, max_players=4, packs=2, jokers=4),
        TableSupply(min_players=5, max_players=6, packs=3, jokers=6),
        TableSupply(min_players=7, max_players=8, packs=4, jokers=8),
    ),
    deals=_schedule(T1, (10, 10, 10, 10, 12, 12, 12), set_word="set", buys=_MAY_I_PLAIN, meld_all=(7,)),
    max_wilds=1,
    lay_off=LayOffTiming.SAME_TURN,
    points=_points(ace=15, joker=15),
    options=(HouseOption(key="joker-20", label=mark("Jokers score 20"), changes=(("points", (("JK", 20),)),)), _NO_JOKERS),
    sources=(mark("000: Wikipedia and Grokipedia, Contract rummy"),),
    readings=(
        mark("One wild card per initial meld (the source mentions a limit without giving it)."),
        mark("Sets may repeat a suit."),
        mark("Same-suit runs must not join end to end."),
        mark("Laying off may start in the turn a player goes down."),
        mark("Two sets of one rank in one contract are allowed."),
    ),
)

MAY_I = dataclasses.replace(
    CONTRACT,
    id="may-i",
    name=mark_word("ruleset name", "May I?"),  # a Spanish page: «¿Me la das?», as the table asks it
    summary=mark("Contract Rummy with longer melds allowed, contiguous runs allowed, and jokers worth 25."),
    supply=tuple(
        TableSupply(min_players=n, max_players=n, packs=math.ceil(n / 2), jokers=2 * math.ceil(n / 2)) for n in range(3, 9)
    ),
    deals=_schedule(T1, (10, 10, 10, 12, 12, 12, 12), set_word="group", buys=_MAY_I),
    exact=False,
    same_suit_runs=SameSuitRuns.ANY,
    reclaim=JokerReclaim.NEVER,
    points=_points(ace=15, joker=25),
    options=(_NO_JOKERS,),
    sources=(mark("004: pagat.com, May I? by Greg Petras"),),
    readings=(
        mark("3 to 8 players; with an odd number of players the packs round up."),
        mark("Two groups of one rank in one contract are allowed."),
    ),
)

_SHANGHAI_POINTS = _points(ace=20, joker=50, two_to_nine={n: 5 if n <= 7 else 10 for n in range(2, 10)})

SHANGHAI = Ruleset(
    id="shanghai",
    name="Shanghai Rummy",
    summary=mark("Eleven cards every deal, aces high only, one joker per meld, two May Is a deal."),
    set_word="book",
    supply=(TableSupply(min_players=3, max_players=5, packs=2, jokers=4),),
    deals=_schedule(T1, (11,) * 7, set_word="book", buys=_SHANGHAI_MAY_I, meld_all=(7,)),
    repeat_rank=False,
    max_wilds=1,
    aces=AceRule.HIGH_ONLY,
    table_max_wilds=True,
    lay_off=LayOffTiming.SAME_TURN,
    points=_SHANGHAI_POINTS,
    shanghai_call=True,
    options=(_NO_JOKERS,),
    sources=(mark("004: pagat.com, Shanghai Rummy by Mark Allen Davis"),),
    readings=(
        mark("Exact lengths carry over from Contract Rummy: meld 4, lay off the rest this turn."),
        mark("Run jokers may be reclaimed, as in Contract Rummy."),
        mark("The source's '2 - 75' means 2 to 7: 5 points."),
    ),
)

SHANGHAI_POWE = dataclasses.replace(
    SHANGHAI,
    id="shanghai-powe",
    name="Shanghai (Tahelia Powe)",
    summary=mark("Eight deals of 10 cards, never a discard to go out, one run per suit."),
    deals=_schedule(T2, (10,) * 8, set_word="book", buys=_SHANGHAI_MAY_I, going_out=GoingOut.NO_DISCARD),
    same_suit_runs=SameSuitRuns.ONE_PER_SUIT,
    shanghai_call=False,
    buy_name="buy",
    sources=(mark("004: pagat.com, Shanghai Rummy, Tahelia Powe's version"),),
    readings=(
        mark("No deal is a meld-all deal, although no deal ends on a discard."),
        mark("Deal 8 is not special: its runs are exactly 4."),
        mark("Deals 7 and 8 need 12 cards while a player holds 11 after drawing: a buy is needed."),
    ),
)

SHANGHAI_KOLSOV = dataclasses.replace(
    SHANGHAI,
    id="shanghai-kolsov",
    name="Shanghai (Deb Kolsov)",
    summary=mark("Ten deals of 11 cards with longer runs: up to a run of 10."),
    set_word="set",
    deals=_schedule(T3, (11,) * 10, set_word="set", buys=_SHANGHAI_MAY_I),
    sources=(mark("004: pagat.com, Shanghai Rummy, Deb Kolsov's version"), mark("000: Grokipedia, 11 cards over 10 rounds")),
    readings=(
        mark("No deal is a meld-all deal and every deal may end on a discard (the source lists only contracts)."),
        mark("Deals 8 to 10 need more cards than a player holds: a May I is needed."),
    ),
)

CONTINENTAL = Ruleset(
    id="continental",
    name="Continental Rummy",
    summary=mark("Seven hands dealt 7 to 13 cards, two packs and two jokers, 10 off for going down and out at once."),
    set_word="trio",
    supply=(TableSupply(min_players=2, max_players=8, packs=2, jokers=2),),
    deals=_schedule(T1, range(7, 14), set_word="trio", buys=_MAY_I_PLAIN),
    same_suit_runs=SameSuitRuns.ANY,
    lay_off=LayOffTiming.SAME_TURN,
    reclaim=JokerReclaim.SLIDE,
    points=_points(ace=11, joker=50),
    one_turn_out_bonus=10,
    options=(_NO_JOKERS,),
    sources=(mark("002: a copy of gamerules.com, Continental Rummy"), mark("gamerules.com and igamingxp.com: the schedule of 7 to 13 cards")),
    readings=(
        mark("2 to 8 players (the source says 2 or more)."),
        mark("Trios and runs are exactly 3 and 4 going down; the rest is laid off at once."),
        mark("Contiguous same-suit runs and repeated trio ranks are allowed."),
    ),
)

PROGRESSIVE = Ruleset(
    id="progressive",
    name="Progressive Rummy",
    summary=mark("Fifteen deals of 11 cards; jokers and twos are wild; buys in deals 9 to 14."),
    set_word="set",
    supply=(TableSupply(min_players=2, max_players=8, packs=2, jokers=4),),
    deuces_wild=True,
    deals=_schedule(T4, (11,) * 15, set_word="set", buys=_PROGRESSIVE_BUYS, going_out=GoingOut.EITHER),
    same_suit_runs=SameSuitRuns.ANY,
    lay_off=LayOffTiming.SAME_TURN,
    reclaim=JokerReclaim.NEVER,
    buy_name="buy",
    points=_points(ace=15, joker=20, two_to_nine={2: 20} | {n: 5 for n in range(3, 10)}, ten_to_king=10).replace(**{"10": 5}),
    settlement=Settlement(
        step=2,
        winner_takes_kitty=True,
        description=mark("Place k (k ≥ 2) pays 2 × (k − 1) pennies to the winner; the winner also takes the kitty of buys."),
    ),
    options=(_NO_JOKERS,),
    sources=(mark("004: pagat.com, Progressive Rummy by John Eveleigh"),),
    readings=(
        mark("A two is always wild, so twos and jokers alone have no natural card."),
        mark("A pair may hold one wild card (7H JK)."),
        mark("Exact lengths carry over from Contract Rummy."),
        mark("At other table sizes place k pays 2(k − 1), the winner gets the total, and ties split."),
    ),
)

#: Every built-in ruleset by id; ``contract`` is the default.
RULESETS: dict[str, Ruleset] = {
    ruleset.id: ruleset
    for ruleset in (
        CONTRACT, LIVERPOOL, PARLETT, COMBINATION, MAY_I, SHANGHAI, SHANGHAI_POWE, SHANGHAI_KOLSOV, CONTINENTAL, PROGRESSIVE,
    )
}  # fmt: skip

DEFAULT_RULESET_ID = "contract"


def find_ruleset(ruleset_id: str) -> Ruleset:
    """The built-in ruleset with this id; raises :class:`UnknownRulesetError`.

    >>> find_ruleset("shanghai").name
    'Shanghai Rummy'
    """
    try:
        return RULESETS[ruleset_id]
    except (KeyError, TypeError):
        known = ", ".join(RULESETS)
        raise UnknownRulesetError(say("There is no ruleset %(id)s; the rulesets are %(ids)s.", id=repr(ruleset_id), ids=known)) from None
