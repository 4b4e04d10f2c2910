"""Phase 10, as data: ``phase10`` (its own deck) and ``phase10-cards`` (two standard packs), RULES.md §8.1-§8.2.

Each player plays their own phase (``progression``: the deals are the ten
phases), so the checker names the phase: "Phase 1 needs two sets of 3".
They are not in :data:`.catalogue.RULESETS` (RULES.md §3's ten); the JSON
API, a ruleset object's ``base`` and game setup find them with the
catalogue's in :mod:`.published`.

>>> PHASE10.deal(8).contract, PHASE10_CARDS.deal(8).contract
('Seven cards of one colour', 'Seven cards of one suit')
>>> from .godown import check_go_down
>>> check_go_down(PHASE10, 4, [parse_cards("10R 11B 12G 1Y 2R 3B 4G", deck=Deck.PHASE10)]).problems
('10-11-12-1 goes past 12: a run is numbered 1 to 12 and never turns the corner.',)
"""

from __future__ import annotations

import dataclasses

from .speech import mark, mark_word
from .cards import Deck, parse_cards  # noqa: F401  (parse_cards: for the doctests)
from .rulesets import (
    PHASE10_POINT_KEYS,
    AceRule,
    BuyRule,
    Deal,
    GameEnd,
    GoingOut,
    HouseOption,
    JokerReclaim,
    LayOffTiming,
    PointTable,
    Progression,
    Requirement,
    Ruleset,
    RunSuit,
    SameSuitRuns,
    Skips,
    TableSupply,
    Tiebreak,
    Winner,
    describe_contract,
)

__all__ = ["PHASE10", "PHASE10_CARDS", "PHASE10_RULESETS", "PHASES"]

#: The ten phases (RULES.md §8.1): S = set, R = run, C = cards of one colour.
PHASES = ("S3 S3", "S3 R4", "S4 R4", "R7", "R8", "R9", "S4 S4", "C7", "S5 S2", "S5 S3")

_NO_BUY = BuyRule(limit=0, extra_cards=0)


def _phases(colour_word: str) -> tuple[Deal, ...]:
    """The ten phases as deals: 10 dealt each hand, out by a discard or by laying down the last card."""
    deals = []
    for number, symbols in enumerate(PHASES, start=1):
        requirements = Requirement.from_symbols(symbols)
        deals.append(
            Deal(
                number=number,
                contract=describe_contract(requirements, "set", colour_word),
                cards_dealt=10,
                requirements=requirements,
                going_out=GoingOut.EITHER,
                buys=_NO_BUY,
            )
        )
    return tuple(deals)


_OPTIONS = (
    HouseOption(key="all-wild-groups", label=mark("Groups may be all wilds"), changes=(("min_naturals", 0),)),
    HouseOption(key="hit-next-turn", label=mark("Hit from the turn after your phase"), changes=(("lay_off", LayOffTiming.LATER_TURN),)),
    HouseOption(key="masters", label=mark("Masters: choose your phase before each hand"), changes=(("progression", Progression.PER_PLAYER_CHOICE),)),
)  # fmt: skip

PHASE10 = Ruleset(
    id="phase10",
    name="Phase 10",
    summary=mark("Each player works through ten phases on their own, with Phase 10's own deck of numbers, Wilds and Skips."),
    set_word="set",
    supply=(TableSupply(min_players=2, max_players=6, packs=1, jokers=0),),
    deck=Deck.PHASE10,
    skips=Skips.SKIP,
    deals=_phases("colour"),
    progression=Progression.PER_PLAYER,
    game_end=GameEnd.LAST_PHASE_MADE,
    winner=Winner.FINISHED_LOWEST_TOTAL,
    tiebreak=Tiebreak.REPLAY_LAST_PHASE,
    exact=False,
    set_min_length=2,
    run_suit=RunSuit.ANY,
    same_suit_runs=SameSuitRuns.ANY,
    repeat_rank=True,
    max_wilds=None,
    min_naturals=1,
    aces=AceRule.LOW_ONLY,
    dup_suits=True,
    lay_off=LayOffTiming.SAME_TURN,
    reclaim=JokerReclaim.NEVER,
    buy_name="buy",
    points=PointTable.of({**{str(n): 5 if n <= 9 else 10 for n in range(1, 13)}, "W": 25, "SKIP": 15}, PHASE10_POINT_KEYS),
    options=_OPTIONS,
    sources=(
        mark("FUNDEX: the Fundex instruction sheet, as mirrored"),
        mark("QGR: quickgamerules.com, a paraphrase of the UK rulebook"),
        mark("P10-WIKI: Wikipedia, Phase 10, via mirrors"),
        mark("MASTERS: the Masters Edition tin"),
    ),
    readings=(
        mark("Every group needs one natural card (option: groups may be all wilds)."),
        mark("A player may hit in the turn they make their phase (option: from the turn after)."),
        mark("Extra cards go only onto the phase's own groups: lengths are minimums, never an extra group."),
        mark("A run of 9 made on phase 4 counts as phase 4 only."),
        mark("Going out by laying down every card is allowed."),
        mark("A Skip may be the last card."),
        mark("Two players who both finish on the lowest total play a tie-break hand."),
        mark("A Wild is any colour, whatever its print."),
    ),
)

PHASE10_CARDS = dataclasses.replace(
    PHASE10,
    id="phase10-cards",
    name=mark_word("ruleset name", "Phase 10 (standard cards)"),
    summary=mark("Phase 10 with two standard packs: A to Q are 1 to 12, suits are the colours, kings are wild, jokers are Skips."),
    supply=(TableSupply(min_players=2, max_players=6, packs=2, jokers=4),),
    deck=Deck.STANDARD,
    kings_wild=True,
    skips=Skips.JOKER,
    deals=_phases("suit"),
    points=PointTable.of({"A": 5, **{str(n): 5 for n in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 25, "JK": 15}),
    sources=(
        mark("STD: unogamerules.com, ourpastimes.com, jtepromotion (Phase 10 with standard cards)"),
        mark("FUNDEX: the Fundex instruction sheet, for everything else"),
    ),
    readings=PHASE10.readings
    + (
        mark("Colour is suit: seven cards of one colour are seven cards of one suit."),
        mark("Cards score as the Phase 10 cards they stand for: A to 9 5, 10 J Q 10, K 25, JK 15."),
        mark("A joker is never wild and a king never a natural 13."),
    ),
)

#: The Phase 10 rulesets by id, for :data:`.published.PUBLISHED_RULESETS`.
PHASE10_RULESETS: dict[str, Ruleset] = {ruleset.id: ruleset for ruleset in (PHASE10, PHASE10_CARDS)}
