"""Carioca (Chile), as data: RULES.md §8.3, with its house options (§8.3 Options, §8.7.11).

Trios and escalas: an escala is a run of one suit that may go round the
corner (aces ``around``: Q-K-A-2 is an escala). Going down, a trío is
exactly 3 cards and an escala exactly 4, with at most one joker a meld and
two a go-down. Eight rounds; the final escalas (A to K in one go, 13 cards)
are house options, added after round 8 in the order sucia, color, payaso,
real, whatever order they are chosen in. Not yet in
:data:`.catalogue.RULESETS`: found here by id.

>>> [deal.contract for deal in CARIOCA.deals][:3]
['Two trios', 'One trio and one escala', 'Two escalas']
>>> [deal.contract.split(":")[0] for deal in CARIOCA.with_options("escala-real", "escala-sucia").deals[8:]]
['Escala sucia', 'Escala real']
>>> from .godown import check_go_down
>>> check_go_down(CARIOCA, 1, [parse_cards("7S 7H 7D")]).problems
('Deal 1 needs two trios; you laid down 1 meld.',)
"""

from __future__ import annotations

from .speech import mark
from .cards import parse_cards  # noqa: F401  (parse_cards: for the doctests)
from .rulesets import (
    AceRule,
    BuyRule,
    Deal,
    DiscardDraw,
    Direction,
    GoingOut,
    HouseOption,
    JokerReclaim,
    LadderRule,
    LayOffTiming,
    MeldKind,
    PointTable,
    Requirement,
    Ruleset,
    SameSuitRuns,
    TableSupply,
    Tiebreak,
    WildDiscard,
    describe_contract,
)

__all__ = ["CARIOCA", "CARIOCA_ROUNDS", "CARIOCA_RULESETS"]

#: The eight rounds (RULES.md §8.3): S = trío, R = escala.
CARIOCA_ROUNDS = ("S3 S3", "S3 R4", "R4 R4", "S3 S3 S3", "S3 S3 R4", "S3 R4 R4", "R4 R4 R4", "S3 S3 S3 S3")

_NO_BUY = BuyRule(limit=0, extra_cards=0)


def _rounds() -> tuple[Deal, ...]:
    """The eight rounds: 12 dealt each, out by a discard."""
    deals = []
    for number, symbols in enumerate(CARIOCA_ROUNDS, start=1):
        requirements = Requirement.from_symbols(symbols)
        deals.append(
            Deal(
                number=number,
                contract=describe_contract(requirements, "trio", run_word="escala"),
                cards_dealt=12,
                requirements=requirements,
                buys=_NO_BUY,
            )
        )
    return tuple(deals)


def _escala(order: int, rule: LadderRule, contract: str, max_wilds: int | None) -> Deal:
    """A final escala round: A to K in one go, all 13 cards after the draw, no discard; ``order`` is its place
    among the final rounds (sucia 1, color 2, payaso 3, real 4)."""
    return Deal(
        number=9,  # numbered where it is added
        contract=contract,
        cards_dealt=12,
        requirements=(Requirement(kind=MeldKind.LADDER, length=13, rule=rule),),
        going_out=GoingOut.NO_DISCARD,
        meld_all=True,
        buys=_NO_BUY,
        max_wilds=max_wilds,
        own_max_wilds=True,
        added_order=order,
    )


#: Perla's deal (ENWIKI): 11 cards, 12 in rounds 7 and 8, which need 12.
_ELEVEN_CARDS = tuple((number, (("cards_dealt", 12 if number >= 7 else 11),)) for number in range(1, 9))

_OPTIONS = (
    HouseOption(key="joker-50", label=mark("Jokers score 50"), changes=(("points", (("JK", 50),)),)),
    HouseOption(key="red-twos-wild", label=mark("Red twos are wild"), changes=(("red_twos_wild", True), ("wild_word", "wild"))),
    HouseOption(key="eleven-cards", label=mark("Deal 11 cards (12 in rounds 7 and 8)"), changes=(("deal_changes", _ELEVEN_CARDS),)),
    HouseOption(key="escala-sucia", label=mark("Escala sucia round"), changes=(("extra_deal", _escala(
        1, LadderRule.ANY_SUIT, "Escala sucia: A to K, any suits, at most 1 joker (every card, no discard)", 1)),)),
    HouseOption(key="escala-color", label=mark("Escala de color round"), changes=(("extra_deal", _escala(
        2, LadderRule.SAME_COLOUR, "Escala de color: A to K, all red or all black, no jokers (every card, no discard)", 0)),)),
    HouseOption(key="escala-payaso", label=mark("Escala payaso round"), changes=(("extra_deal", _escala(
        3, LadderRule.ALTERNATING_COLOUR, "Escala payaso: A to K, red and black in turn, no jokers (every card, no discard)", 0)),)),
    HouseOption(key="escala-real", label=mark("Escala real round"), changes=(("extra_deal", _escala(
        4, LadderRule.SAME_SUIT, "Escala real: A to K of one suit, no jokers (every card, no discard)", 0)),)),
    HouseOption(key="escala-real-comodines", label=mark("Escala real round with jokers (never side by side)"), changes=(("extra_deal", _escala(
        4, LadderRule.SAME_SUIT, "Escala real: A to K of one suit, jokers never side by side (every card, no discard)", None)),)),
)  # fmt: skip

CARIOCA = Ruleset(
    id="carioca",
    name="Carioca (Chile)",
    game_name="Carioca",
    summary=mark("Eight rounds of trios and escalas, 12 cards each; escalas may turn the corner, one joker a meld going down."),
    set_word="trio",
    run_word="escala",
    wild_word="joker",
    supply=(TableSupply(min_players=2, max_players=5, packs=2, jokers=4),),
    deals=_rounds(),
    tiebreak=Tiebreak.MOST_DEALS_WON,
    exact=True,
    same_suit_runs=SameSuitRuns.ANY,
    repeat_rank=False,
    max_wilds=1,
    max_wilds_per_contract=2,
    min_naturals=1,
    min_naturals_set=1,
    min_naturals_run=1,
    run_wilds_adjacent=False,
    run_wild_min_gap=4,
    aces=AceRule.AROUND,
    dup_suits=True,
    lay_off=LayOffTiming.LATER_TURN,
    reclaim=JokerReclaim.NEVER,
    direction=Direction.COUNTERCLOCKWISE,
    wild_discard=WildDiscard.FORBIDDEN,
    discard_draw=DiscardDraw.NOT_AFTER_DOWN,
    points=PointTable.of({"A": 20, **{str(n): n for n in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10, "JK": 30}),
    options=_OPTIONS,
    sources=(
        mark("ESWIKI: Spanish Wikipedia, Carioca (juego), as mirrored"),
        mark("FORO: an older copy"),
        mark("REGLAS and CGA: two teams' written rules"),
        mark("PAGAT-C: pagat's Carioca / Central American Loba, via copies"),
        mark("ENWIKI: Perla's Cariocas, first half"),
        mark("RG: rummy-games.com"),
    ),
    readings=(
        mark("Going down, a trío is exactly 3 cards and an escala exactly 4; the extra is laid off on a later turn."),
        mark("At most 2 jokers in one go-down ('una misma mano' read as the player's go-down)."),
        mark("On the table, two jokers of one escala have at least 4 natural cards between them; a trío takes any number."),
        mark("Jokers score 30 (option: 50)."),
        mark("Eight rounds; each final escala is a house option."),
        mark("Two escalas of one suit may join end to end."),
        mark("A tie after the most rounds won is shared."),
    ),
)

#: The Carioca rulesets by id, for :data:`.published.PUBLISHED_RULESETS`.
CARIOCA_RULESETS: dict[str, Ruleset] = {CARIOCA.id: CARIOCA}
