"""Kalooki (Jamaica), as data: RULES.md §8.4, with its house option ``full-suit``.

Threes and fours: a three is a set of 3 or more with at least two natural
cards, a four a run of 4 or more of one suit whose jokers never stand side
by side. A player's threes are of different ranks and their fours of
different suits. Nine deals of 9 to 16 cards. Not yet in
:data:`.catalogue.RULESETS`: found here by id.

>>> [deal.contract for deal in KALOOKI.deals][1:3]
['Two threes and one four', 'Two fours and one three']
>>> KALOOKI.with_options("full-suit").deal(4).contract
'Three fours (or one four of the whole suit)'
>>> from .godown import check_go_down
>>> check_go_down(KALOOKI, 1, [parse_cards(m) for m in ("QS JK JK", "3C 3D 3H", "9S 9C 9D")]).problems
('QS JK JK has 1 natural card; a three needs at least 2.',)
"""

from __future__ import annotations

from .speech import mark
from .cards import parse_cards  # noqa: F401  (parse_cards: for the doctests)
from .rulesets import (
    SPLIT_ACE_POINT_KEYS,
    AceRule,
    BuyPermission,
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
    TableSupply,
    describe_contract,
)

__all__ = ["KALOOKI", "KALOOKI_DEALS", "KALOOKI_RULESETS"]

#: The nine deals (RULES.md §8.4): contract symbols (S = three, R = four) and cards dealt.
KALOOKI_DEALS = (
    ("S3 S3 S3", 9), ("S3 S3 R4", 10), ("R4 R4 S3", 11), ("R4 R4 R4", 12), ("S3 S3 S3 S3", 12),
    ("S3 S3 S3 R4", 13), ("S3 S3 R4 R4", 14), ("S3 R4 R4 R4", 15), ("R4 R4 R4 R4", 16),
)  # fmt: skip

#: A call: the upcard and one penalty card, no limit (only before going down, with leave: told, not checked).
_CALL = BuyRule(limit=None, extra_cards=1, permission=BuyPermission.CURRENT_PLAYER, only_before_down=True)


def _deals() -> tuple[Deal, ...]:
    """The nine deals; out by a discard or by laying down every card."""
    deals = []
    for number, (symbols, dealt) in enumerate(KALOOKI_DEALS, start=1):
        requirements = Requirement.from_symbols(symbols)
        deals.append(
            Deal(
                number=number,
                contract=describe_contract(requirements, "three", run_word="four"),
                cards_dealt=dealt,
                requirements=requirements,
                going_out=GoingOut.EITHER,
                buys=_CALL,
            )
        )
    return tuple(deals)


#: ``full-suit``: one four of the whole suit (13 cards or more) stands for the three fours of deals 4 and 8.
_FULL_SUIT = (
    (4, (("alternatives", (Requirement.from_symbols("R13"),)), ("contract", "Three fours (or one four of the whole suit)"))),
    (8, (
        ("alternatives", (Requirement.from_symbols("S3 R13"),)),
        ("contract", "One three and three fours (or one three and one four of the whole suit)"),
    )),
)  # fmt: skip

_OPTIONS = (HouseOption(key="full-suit", label=mark("A full suit may stand for three fours"), changes=(("deal_changes", _FULL_SUIT),)),)

KALOOKI = Ruleset(
    id="kalooki",
    name="Kalooki (Jamaica)",
    game_name="Kalooki",
    summary=mark("Nine deals of threes and fours, 9 to 16 cards; a three needs two natural cards, a four's jokers never touch."),
    set_word="three",
    run_word="four",
    wild_word="joker",
    supply=(
        TableSupply(min_players=3, max_players=4, packs=2, jokers=4),
        TableSupply(min_players=5, max_players=6, packs=3, jokers=8),
        TableSupply(min_players=7, max_players=8, packs=4, jokers=10),
    ),
    deals=_deals(),
    exact=False,
    same_suit_runs=SameSuitRuns.ONE_PER_SUIT,
    repeat_rank=False,
    max_wilds=None,
    max_wilds_per_contract=None,
    min_naturals=1,
    min_naturals_set=2,
    min_naturals_run=1,
    run_wilds_adjacent=False,
    aces=AceRule.LOW_OR_HIGH,
    dup_suits=True,
    lay_off=LayOffTiming.SAME_TURN,
    reclaim=JokerReclaim.TACK,
    buy_name="call",
    points=PointTable.of(
        {"A_red": 1, "A_black": 15, **{str(n): n for n in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10, "JK": 50},
        SPLIT_ACE_POINT_KEYS,
    ),
    options=_OPTIONS,
    sources=(
        mark("JAM-W: Wikipedia, Kalooki, and mirrors"),
        mark("JAM-P: pagat's Caribbean Kalooki, via copies"),
        mark("JAM-O: denexa.com, kalooki.net, iuxdgvbkj.blogspot.com"),
    ),
    readings=(
        mark("Lengths are minimums ('three or more', 'four or more'); never an extra meld."),
        mark("A full suit standing for three fours is a house option."),
        mark("Four jokers at 3-4 players, as with two packs plus four jokers."),
        mark("Tacking: a four's joker moves to an open end of the same four, never past an ace end nor beside another joker."),
        mark("Laying off (tacking) may start in the turn a player goes down; going out by a discard or by laying down every card."),
        mark("3 to 8 players."),
        mark("'A, 2, 3 is acceptable' (kalooki.net) is read as a slip: a four has at least 4 cards."),
    ),
)

#: The Kalooki rulesets by id, for :data:`.published.PUBLISHED_RULESETS`.
KALOOKI_RULESETS: dict[str, Ruleset] = {KALOOKI.id: KALOOKI}
