"""Whole games written by hand from RULES.md, as a table keeps them: golden transcripts (issue 27, item 7).

Nothing here was produced by the code under test. For each of the 14 built-in rulesets and for four custom ones
(counter-clockwise, each player on their own phase, each kind of tie-break) a whole game is written down as it
would be played: the seats (clockwise, RULES.md §8.7.13) and the first dealer; for every deal its prompt (the
count, the contract, cards each, dealer, cutter, first player and the kinds of reminder the deal calls for); every
line of the score form as typed, with the points added up by hand (``"10 + 10 + 7 = 27"``: a test checks the sum
is right); the running totals (and, per player, the phases) after each deal; one correction mid-game; a tie and
how it is broken; the final order as the game page says it.

The points come from each ruleset's card values (RULES.md §3, §8.1-§8.4), restated in :data:`POINTS` and checked
against the rules the phone is given. The roles follow §8.7.13 (clockwise: the deal passes left, the dealer's
right cuts, the dealer's left plays first; counter-clockwise the other way round) and §8.7.14 for a tie-break
hand (only the tied players deal, cut and play). tests/golden/games.json is this module written out for the
phone's tally under node (tests/js/games.test.js); tests/golden/make_games.py writes it, and a test checks the
two agree.

Reminder kinds (the sentences the prompt says before a deal, by what each is about; §2 and §3 decide which a deal
calls for): see :data:`REMINDER_KINDS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# --- the reminder kinds ----------------------------------------------------------------------------------------

NO_DISCARD = "no-discard"  # meld_all: every card goes down, nothing is discarded
NO_DISCARD_OUT = "no-discard-out"  # going_out no_discard (shanghai-powe)
EITHER_OUT = "either-out"  # going_out either (progressive, kalooki, phase10)
RUNS_APART = "runs-apart"  # same_suit_runs no_contiguous, in a deal with two runs or more
ONE_RUN_PER_SUIT = "one-run-per-suit"  # same_suit_runs one_per_suit, two runs or more
RANKS_DIFFER = "ranks-differ"  # repeat_rank no, two sets or more
ACES_HIGH = "aces-high"  # aces high_only, a deal with a run
WILD_LIMIT = "wild-limit"  # max_wilds n (n > 0)
EXACT_NEXT_TURN = "exact-next-turn"  # exact lengths, lay off from a later turn
EXACT_THIS_TURN = "exact-this-turn"  # exact lengths, lay off the same turn
LAY_OFF_NEXT_TURN = "lay-off-next-turn"  # not exact, lay off from a later turn (not a meld_all deal)
NEEDS_BUY = "needs-buy"  # the contract needs more cards than a hand holds after the draw
BUY_RULE = "buy-rule"  # the deal's May I / buy / call rule; none where the ruleset has no buying at all
EXACT_CUT = "exact-cut"  # liverpool's exact cut
ONE_TURN_OUT = "one-turn-out"  # continental's -10 for going down and out in one turn
SHANGHAI_CALL = "shanghai-call"  # shanghai's call

REMINDER_KINDS = (
    NO_DISCARD, NO_DISCARD_OUT, EITHER_OUT, RUNS_APART, ONE_RUN_PER_SUIT, RANKS_DIFFER, ACES_HIGH, WILD_LIMIT,
    EXACT_NEXT_TURN, EXACT_THIS_TURN, LAY_OFF_NEXT_TURN, NEEDS_BUY, BUY_RULE, EXACT_CUT, ONE_TURN_OUT, SHANGHAI_CALL,
)  # fmt: skip


# --- the card values, restated from RULES.md --------------------------------------------------------------------


def _standard(ace: int, joker: int, two_to_nine: dict[int, int] | None = None, ten_to_king: int = 10, *, ten: int | None = None) -> dict[str, int]:
    values = {"A": ace} | {str(n): (two_to_nine or {}).get(n, n) for n in range(2, 10)}
    values |= {"10": ten_to_king if ten is None else ten, "J": ten_to_king, "Q": ten_to_king, "K": ten_to_king, "JK": joker}
    return values


_SHANGHAI = _standard(20, 50, {n: 5 if n <= 7 else 10 for n in range(2, 10)})
_PHASE10 = {str(n): 5 for n in range(1, 10)} | {"10": 10, "11": 10, "12": 10, "W": 25, "SKIP": 15}

POINTS: dict[str, dict[str, int]] = {
    "contract": _standard(15, 15),  # §3.1: A 15, 10/J/Q/K 10, 2-9 face, JK 15
    "liverpool": _standard(15, 15),  # §3.2: as contract
    "parlett": _standard(15, 15),  # §3.3: as contract (our reading)
    "combination": _standard(15, 15),  # §3.4: 2-10 face, J/Q/K 10, A 15, JK 15
    "may-i": _standard(15, 25),  # §3.5: as contract, JK 25
    "shanghai": _SHANGHAI,  # §3.6: 2-7 5, 8-K 10, A 20, JK 50
    "shanghai-powe": _SHANGHAI,
    "shanghai-kolsov": _SHANGHAI,
    "continental": _standard(11, 50),  # §3.9: JK 50, A 11, 10-K 10, 2-9 face
    "progressive": _standard(15, 20, {2: 20} | {n: 5 for n in range(3, 10)}, ten=5),  # §3.10: wild 20, A 15, JQK 10, 3-10 5
    "phase10": _PHASE10,  # §8.1: 1-9 5, 10-12 10, SKIP 15, W 25
    "phase10-cards": _standard(5, 15, {n: 5 for n in range(2, 10)}, ten_to_king=10) | {"K": 25},  # §8.2: A-9 5, 10 J Q 10, K 25, JK 15
    "carioca": _standard(20, 30),  # §8.3: 2-10 face, J/Q/K 10, A 20, JK 30
    "kalooki": {k: v for k, v in _standard(0, 50).items() if k != "A"} | {"A_red": 1, "A_black": 15},  # §8.4
}


# --- the transcript's shapes --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Prompt:
    """What the table is told before a deal (or a hand)."""

    count: str
    """"Deal 3 of 7"; "Hand 4" (each player on their own phase); "Tie-break hand"."""
    contract: str
    """The contract heading; for a per-player hand, empty (each player's phase is in :attr:`phases`)."""
    dealt: int
    dealer: str
    cutter: str
    first: str
    reminders: frozenset[str] = frozenset()
    """The kinds of reminder the deal calls for (empty for a per-player hand, whose prompt lists phases)."""
    phases: dict[str, int] = field(default_factory=dict)
    """Per-player hands: who plays it and on which phase."""
    cut: int | None = None
    """Liverpool: the exact cut, players x cards dealt + 1."""


@dataclass(frozen=True)
class Line:
    """One player's line of the score form: as typed (``""`` for the one who went out; ``"=25"`` typed in the points
    box), the score added up by hand, the ticks."""

    typed: str
    score: str
    """``"10 + 10 + 7 = 27"``: the arithmetic, then the score."""
    ticks: tuple[str, ...] = ()
    """``"exact_cut"``, ``"one_turn_out"``, ``"made"``."""

    @property
    def points(self) -> int:
        return int(self.score.rsplit("=", 1)[-1])

    @property
    def made(self) -> bool:
        return "made" in self.ticks


@dataclass(frozen=True)
class Deal:
    number: int
    prompt: Prompt
    out: str | None
    """Who went out (``None``: the stock ran out)."""
    lines: dict[str, Line]
    totals: dict[str, int]
    """Each player's running total just after this deal is saved."""
    phases: dict[str, int] = field(default_factory=dict)
    """Per-player games: the phase each plays next after this hand (0: every phase made)."""
    tiebreak: bool = False


@dataclass(frozen=True)
class Correction:
    """A deal corrected later in the game (from the scoreboard's link), and the totals (and phases) after it."""

    deal: int
    out: str | None
    lines: dict[str, Line]
    totals: dict[str, int]
    phases: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Game:
    id: str
    ruleset: str
    """A built-in ruleset's id, or ``"custom"`` (then :attr:`custom` is its ruleset object, as imported)."""
    seats: tuple[str, ...]
    """Clockwise."""
    first_dealer: str
    events: tuple[Deal | Correction, ...]
    tie: str
    """How the tie is broken, as the page says it ("" where the page has no sentence: a shared win)."""
    final: tuple[str, ...]
    """The final order as the game page lists it: place, name, total, badge (and phases made)."""
    custom: dict | None = None
    points_of: str = ""
    """Whose card values (:data:`POINTS`) the game scores with: the ruleset's (or a custom one's base)."""
    spanish: dict[int, dict[str, str]] = field(default_factory=dict)
    """Per deal, the Spanish page's prompt words compared (count, contract, dealt, phase lines)."""

    @property
    def deals(self) -> tuple[Deal, ...]:
        return tuple(e for e in self.events if isinstance(e, Deal))

    @property
    def corrections(self) -> tuple[Correction, ...]:
        return tuple(e for e in self.events if isinstance(e, Correction))

    @property
    def per_player(self) -> bool:
        return any(deal.phases for deal in self.deals)

    @property
    def points(self) -> dict[str, int]:
        return POINTS[self.points_of or self.ruleset]


def roles(text: str) -> dict[str, str]:
    dealer, cutter, first = text.split("/")
    return {"dealer": dealer, "cutter": cutter, "first": first}


def P(count: str, contract: str, dealt: int, who: str, *reminders: str, phases: dict[str, int] | None = None, cut: int | None = None) -> Prompt:  # noqa: N802
    """A prompt; ``who`` is "dealer/cutter/first"."""
    return Prompt(count, contract, dealt, **roles(who), reminders=frozenset(reminders), phases=phases or {}, cut=cut)


def L(typed: str, score: str, *ticks: str) -> Line:  # noqa: N802
    return Line(typed, score, ticks)


OUT = L("", "0")
OUT_MADE = L("", "0", "made")


def totals(names: tuple[str, ...], *values: int) -> dict[str, int]:
    return dict(zip(names, values, strict=True))


# =================================================================================================================
# contract (§3.1, T1 dealt 10/10/10/12/12/12/12): 4 players, Bob deals first; a correction of deal 2 after deal 3;
# Bob and Cat tie on 77 and share the win (tiebreak none).

ABCD = ("Ann", "Bob", "Cat", "Dan")
ABC = ("Ann", "Bob", "Cat")
ABCDE = ("Ann", "Bob", "Cat", "Dan", "Eve")

_C = (EXACT_NEXT_TURN, BUY_RULE)  # exact lengths, lay off from the next turn; May I unlimited, +1, not twice running
CONTRACT = Game(
    id="contract", ruleset="contract", seats=ABCD, first_dealer="Bob",
    events=(
        Deal(1, P("Deal 1 of 7", "Two groups of 3", 10, "Bob/Ann/Cat", *_C), "Cat",
             {"Ann": L("K Q 7", "10 + 10 + 7 = 27"), "Bob": L("=25", "25 = 25"), "Cat": OUT, "Dan": L("A JK", "15 + 15 = 30")},
             totals(ABCD, 27, 25, 0, 30)),
        Deal(2, P("Deal 2 of 7", "One group of 3 and one run of 4", 10, "Cat/Bob/Dan", *_C), "Ann",
             {"Ann": OUT, "Bob": L("9 9 3", "9 + 9 + 3 = 21"), "Cat": L("JK", "15 = 15"), "Dan": L("5", "5 = 5")},
             totals(ABCD, 27, 25 + 21, 0 + 15, 30 + 5)),
        Deal(3, P("Deal 3 of 7", "Two runs of 4", 10, "Dan/Cat/Ann", *_C, RUNS_APART), "Dan",
             {"Ann": L("10 J", "10 + 10 = 20"), "Bob": L("2 3 4", "2 + 3 + 4 = 9"), "Cat": L("KH JK 7S", "10 + 15 + 7 = 32"),  # §4.1: 32
              "Dan": OUT},
             totals(ABCD, 47, 55, 47, 35)),
        # Bob's 3 in deal 2 was an 8: 9 + 9 + 8 = 26, 5 more: Bob 55 + 5 = 60
        Correction(2, "Ann", {"Ann": OUT, "Bob": L("9 9 8", "9 + 9 + 8 = 26"), "Cat": L("JK", "15 = 15"), "Dan": L("5", "5 = 5")},
                   totals(ABCD, 47, 60, 47, 35)),
        Deal(4, P("Deal 4 of 7", "Three groups of 3", 12, "Ann/Dan/Bob", *_C), "Bob",
             {"Ann": L("AS 10D 2C", "15 + 10 + 2 = 27"), "Bob": OUT, "Cat": L("=12", "12 = 12"), "Dan": L("Q Q", "10 + 10 = 20")},  # §4.1: 27
             totals(ABCD, 74, 60, 59, 55)),
        Deal(5, P("Deal 5 of 7", "Two groups of 3 and one run of 4", 12, "Bob/Ann/Cat", *_C), "Cat",
             {"Ann": L("4", "4 = 4"), "Bob": L("6 6", "6 + 6 = 12"), "Cat": OUT, "Dan": L("J 3", "10 + 3 = 13")},
             totals(ABCD, 78, 72, 59, 68)),
        Deal(6, P("Deal 6 of 7", "One group of 3 and two runs of 4", 12, "Cat/Bob/Dan", *_C, RUNS_APART), "Cat",
             {"Ann": L("=9", "9 = 9"), "Bob": L("5", "5 = 5"), "Cat": OUT, "Dan": L("8 8 2", "8 + 8 + 2 = 18")},
             totals(ABCD, 87, 77, 59, 86)),
        # deal 7 is meld_all: no discard; no exact lengths in a meld_all deal, so no lay-off reminder
        Deal(7, P("Deal 7 of 7", "Three runs of 4 (every card, no discard)", 12, "Dan/Cat/Ann", NO_DISCARD, RUNS_APART, BUY_RULE), "Bob",
             {"Ann": L("A", "15 = 15"), "Bob": OUT, "Cat": L("K 8", "10 + 8 = 18"), "Dan": L("3", "3 = 3")},
             totals(ABCD, 102, 77, 77, 89)),
    ),
    tie="",  # tiebreak none: Bob and Cat share the win
    final=("1 Bob 77 Shared win", "1 Cat 77 Shared win", "3 Dan 89", "4 Ann 102"),
    spanish={1: {"count": "Ronda 1 de 7", "contract": "Dos grupos de 3", "dealt": "10 cartas a cada uno"},
             7: {"count": "Ronda 7 de 7", "contract": "Tres escalas de 4 (todas las cartas, sin descartar)", "dealt": "12 cartas a cada uno"}},
)  # fmt: skip

# =================================================================================================================
# liverpool (§3.2, as contract + the exact cut, -50): 4 players, Ann deals first. The cut is 4 x 10 + 1 = 41 in
# deals 1-3 and 4 x 12 + 1 = 49 in deals 4-7 (§4.2). Cat and Dan tie on 25.

_L = (EXACT_NEXT_TURN, BUY_RULE, EXACT_CUT)
LIVERPOOL = Game(
    id="liverpool", ruleset="liverpool", seats=ABCD, first_dealer="Ann",
    events=(
        Deal(1, P("Deal 1 of 7", "Two groups of 3", 10, "Ann/Dan/Bob", *_L, cut=41), "Bob",
             {"Ann": L("KH JK 7S", "10 + 15 + 7 = 32"), "Bob": OUT, "Cat": L("=8", "8 = 8"),
              "Dan": L("AS 10D 2C", "15 + 10 + 2 - 50 = -23", "exact_cut")},  # §4.2: the cutter cuts 41: 27 - 50
             totals(ABCD, 32, 0, 8, -23)),
        Deal(2, P("Deal 2 of 7", "One group of 3 and one run of 4", 10, "Bob/Ann/Cat", *_L, cut=41), "Cat",
             {"Ann": L("5 5", "5 + 5 = 10"), "Bob": L("Q", "10 = 10"), "Cat": OUT, "Dan": L("9", "9 = 9")},
             totals(ABCD, 42, 10, 8, -14)),
        Deal(3, P("Deal 3 of 7", "Two runs of 4", 10, "Cat/Bob/Dan", *_L, RUNS_APART, cut=41), "Ann",
             {"Ann": OUT, "Bob": L("J J", "10 + 10 = 20"), "Cat": L("A", "15 = 15"), "Dan": L("4 4 4", "4 + 4 + 4 = 12")},
             totals(ABCD, 42, 30, 23, -2)),
        # Ann had no joker in deal 1: 10 + 7 = 17, 15 less: 42 - 15 = 27
        Correction(1, "Bob", {"Ann": L("KH 7S", "10 + 7 = 17"), "Bob": OUT, "Cat": L("=8", "8 = 8"),
                              "Dan": L("AS 10D 2C", "15 + 10 + 2 - 50 = -23", "exact_cut")},
                   totals(ABCD, 27, 30, 23, -2)),
        Deal(4, P("Deal 4 of 7", "Three groups of 3", 12, "Dan/Cat/Ann", *_L, cut=49), "Dan",
             {"Ann": L("10 10", "10 + 10 = 20"), "Bob": L("3", "3 = 3"), "Cat": L("6", "6 - 50 = -44", "exact_cut"), "Dan": OUT},
             totals(ABCD, 47, 33, -21, -2)),
        # §4.2: the cutter cuts exactly and goes out: 0 - 50 = -50
        Deal(5, P("Deal 5 of 7", "Two groups of 3 and one run of 4", 12, "Ann/Dan/Bob", *_L, cut=49), "Dan",
             {"Ann": L("7", "7 = 7"), "Bob": L("K", "10 = 10"), "Cat": L("=30", "30 = 30"), "Dan": L("", "0 - 50 = -50", "exact_cut")},
             totals(ABCD, 54, 43, 9, -52)),
        Deal(6, P("Deal 6 of 7", "One group of 3 and two runs of 4", 12, "Bob/Ann/Cat", *_L, RUNS_APART, cut=49), "Bob",
             {"Ann": L("JK", "15 = 15"), "Bob": OUT, "Cat": L("8 8", "8 + 8 = 16"), "Dan": L("A A", "15 + 15 = 30")},
             totals(ABCD, 69, 43, 25, -22)),
        Deal(7, P("Deal 7 of 7", "Three runs of 4 (every card, no discard)", 12, "Cat/Bob/Dan", NO_DISCARD, RUNS_APART, BUY_RULE, EXACT_CUT, cut=49), "Cat",
             {"Ann": L("2", "2 = 2"), "Bob": L("Q Q 9", "10 + 10 + 9 = 29"), "Cat": OUT, "Dan": L("JK JK A 2", "15 + 15 + 15 + 2 = 47")},
             totals(ABCD, 71, 72, 25, 25)),
    ),
    tie="",
    final=("1 Cat 25 Shared win", "1 Dan 25 Shared win", "3 Ann 71", "4 Bob 72"),
)  # fmt: skip

# =================================================================================================================
# parlett (§3.3, T1 dealt 10/10/10/10/12/12/12, one wild a meld, exact in all 7 deals): 3 players, Cat deals first.

_PA = (WILD_LIMIT, EXACT_NEXT_TURN, BUY_RULE)
PARLETT = Game(
    id="parlett", ruleset="parlett", seats=ABC, first_dealer="Cat",
    events=(
        Deal(1, P("Deal 1 of 7", "Two sets of 3", 10, "Cat/Bob/Ann", *_PA), "Ann",
             {"Ann": OUT, "Bob": L("KH JK 7S", "10 + 15 + 7 = 32"), "Cat": L("QD QS 3C", "10 + 10 + 3 = 23")},  # §4.3
             totals(ABC, 0, 32, 23)),
        Deal(2, P("Deal 2 of 7", "One set of 3 and one run of 4", 10, "Ann/Cat/Bob", *_PA), "Bob",
             {"Ann": L("AH AD", "15 + 15 = 30"), "Bob": OUT, "Cat": L("6", "6 = 6")},  # §4.3: 30
             totals(ABC, 30, 32, 29)),
        Deal(3, P("Deal 3 of 7", "Two runs of 4", 10, "Bob/Ann/Cat", *_PA, RUNS_APART), "Cat",
             {"Ann": L("=14", "14 = 14"), "Bob": L("J 2", "10 + 2 = 12"), "Cat": OUT},
             totals(ABC, 44, 44, 29)),
        Deal(4, P("Deal 4 of 7", "Three sets of 3", 10, "Cat/Bob/Ann", *_PA), "Ann",
             {"Ann": OUT, "Bob": L("9", "9 = 9"), "Cat": L("10 5 5", "10 + 5 + 5 = 20")},
             totals(ABC, 44, 53, 49)),
        # Ann typed 14 in deal 3 for 4: 44 - 10 = 34
        Correction(3, "Cat", {"Ann": L("=4", "4 = 4"), "Bob": L("J 2", "10 + 2 = 12"), "Cat": OUT}, totals(ABC, 34, 53, 49)),
        Deal(5, P("Deal 5 of 7", "Two sets of 3 and one run of 4", 12, "Ann/Cat/Bob", *_PA), "Bob",
             {"Ann": L("K Q", "10 + 10 = 20"), "Bob": OUT, "Cat": L("3 3", "3 + 3 = 6")},
             totals(ABC, 54, 53, 55)),
        Deal(6, P("Deal 6 of 7", "One set of 3 and two runs of 4", 12, "Bob/Ann/Cat", *_PA, RUNS_APART), "Ann",
             {"Ann": OUT, "Bob": L("JK", "15 = 15"), "Cat": L("7", "7 = 7")},
             totals(ABC, 54, 68, 62)),
        # §3.3 (b): deal 7 is not meld_all; the 13th card is discarded
        Deal(7, P("Deal 7 of 7", "Three runs of 4", 12, "Cat/Bob/Ann", *_PA, RUNS_APART), "Cat",
             {"Ann": L("8", "8 = 8"), "Bob": L("K K", "10 + 10 = 20"), "Cat": OUT},
             totals(ABC, 62, 88, 62)),
    ),
    tie="",
    final=("1 Ann 62 Shared win", "1 Cat 62 Shared win", "3 Bob 88"),
)  # fmt: skip

# =================================================================================================================
# combination (§3.4, lay off the same turn, one wild a meld): 5 players (3 packs), Eve deals first.

_CO = (WILD_LIMIT, EXACT_THIS_TURN, BUY_RULE)
COMBINATION = Game(
    id="combination", ruleset="combination", seats=ABCDE, first_dealer="Eve",
    events=(
        Deal(1, P("Deal 1 of 7", "Two sets of 3", 10, "Eve/Dan/Ann", *_CO), "Bob",
             {"Ann": L("KH JK 7S", "10 + 15 + 7 = 32"), "Bob": OUT, "Cat": L("AS 10D 2C", "15 + 10 + 2 = 27"),
              "Dan": L("9C 8C JK JK", "9 + 8 + 15 + 15 = 47"), "Eve": L("=6", "6 = 6")},  # §4.4: 32, 27, 47
             totals(ABCDE, 32, 0, 27, 47, 6)),
        Deal(2, P("Deal 2 of 7", "One set of 3 and one run of 4", 10, "Ann/Eve/Bob", *_CO), "Eve",
             {"Ann": L("3", "3 = 3"), "Bob": L("10 10", "10 + 10 = 20"), "Cat": L("Q", "10 = 10"), "Dan": L("4 4", "4 + 4 = 8"), "Eve": OUT},
             totals(ABCDE, 35, 20, 37, 55, 6)),
        Deal(3, P("Deal 3 of 7", "Two runs of 4", 10, "Bob/Ann/Cat", *_CO, RUNS_APART), "Ann",
             {"Ann": OUT, "Bob": L("J", "10 = 10"), "Cat": L("2 2", "2 + 2 = 4"), "Dan": L("A", "15 = 15"), "Eve": L("K 9", "10 + 9 = 19")},
             totals(ABCDE, 35, 30, 41, 70, 25)),
        # Cat held a third 2 in deal 3: 2 + 2 + 2 = 6, 2 more
        Correction(3, "Ann", {"Ann": OUT, "Bob": L("J", "10 = 10"), "Cat": L("2 2 2", "2 + 2 + 2 = 6"), "Dan": L("A", "15 = 15"),
                              "Eve": L("K 9", "10 + 9 = 19")},
                   totals(ABCDE, 35, 30, 43, 70, 25)),
        Deal(4, P("Deal 4 of 7", "Three sets of 3", 10, "Cat/Bob/Dan", *_CO), "Cat",
             {"Ann": L("5", "5 = 5"), "Bob": L("6 6", "6 + 6 = 12"), "Cat": OUT, "Dan": L("7", "7 = 7"), "Eve": L("=15", "15 = 15")},
             totals(ABCDE, 40, 42, 43, 77, 40)),
        Deal(5, P("Deal 5 of 7", "Two sets of 3 and one run of 4", 12, "Dan/Cat/Eve", *_CO), "Dan",
             {"Ann": L("JK", "15 = 15"), "Bob": L("8", "8 = 8"), "Cat": L("9 9", "9 + 9 = 18"), "Dan": OUT, "Eve": L("3 3", "3 + 3 = 6")},
             totals(ABCDE, 55, 50, 61, 77, 46)),
        Deal(6, P("Deal 6 of 7", "One set of 3 and two runs of 4", 12, "Eve/Dan/Ann", *_CO, RUNS_APART), "Bob",
             {"Ann": L("2", "2 = 2"), "Bob": OUT, "Cat": L("K", "10 = 10"), "Dan": L("=20", "20 = 20"), "Eve": L("A", "15 = 15")},
             totals(ABCDE, 57, 50, 71, 97, 61)),
        Deal(7, P("Deal 7 of 7", "Three runs of 4 (every card, no discard)", 12, "Ann/Eve/Bob", NO_DISCARD, RUNS_APART, WILD_LIMIT, BUY_RULE), "Ann",
             {"Ann": OUT, "Bob": L("7", "7 = 7"), "Cat": L("4", "4 = 4"), "Dan": L("5", "5 = 5"), "Eve": L("J", "10 = 10")},
             totals(ABCDE, 57, 57, 75, 102, 71)),
    ),
    tie="",
    final=("1 Ann 57 Shared win", "1 Bob 57 Shared win", "3 Eve 71", "4 Cat 75", "5 Dan 102"),
)  # fmt: skip

# =================================================================================================================
# may-i (§3.5: not exact, runs may touch, JK 25): 4 players, Cat deals first; three share the win on 68.

_M = (LAY_OFF_NEXT_TURN, BUY_RULE)
MAY_I = Game(
    id="may-i", ruleset="may-i", seats=ABCD, first_dealer="Cat",
    events=(
        Deal(1, P("Deal 1 of 7", "Two groups of 3", 10, "Cat/Bob/Dan", *_M), "Dan",
             {"Ann": L("KH JK 7S", "10 + 25 + 7 = 42"), "Bob": L("JK JK", "25 + 25 = 50"), "Cat": L("AS 10D 2C", "15 + 10 + 2 = 27"), "Dan": OUT},  # §4.5
             totals(ABCD, 42, 50, 27, 0)),
        Deal(2, P("Deal 2 of 7", "One group of 3 and one run of 4", 10, "Dan/Cat/Ann", *_M), "Ann",
             {"Ann": OUT, "Bob": L("5", "5 = 5"), "Cat": L("6 6", "6 + 6 = 12"), "Dan": L("=18", "18 = 18")},
             totals(ABCD, 42, 55, 39, 18)),
        Deal(3, P("Deal 3 of 7", "Two runs of 4", 10, "Ann/Dan/Bob", *_M), "Bob",
             {"Ann": L("K", "10 = 10"), "Bob": OUT, "Cat": L("Q J", "10 + 10 = 20"), "Dan": L("9 9", "9 + 9 = 18")},
             totals(ABCD, 52, 55, 59, 36)),
        Deal(4, P("Deal 4 of 7", "Three groups of 3", 12, "Bob/Ann/Cat", *_M), "Cat",
             {"Ann": L("4", "4 = 4"), "Bob": L("A", "15 = 15"), "Cat": OUT, "Dan": L("3 3 3", "3 + 3 + 3 = 9")},
             totals(ABCD, 56, 70, 59, 45)),
        # Bob held one joker in deal 1, not two: 25, so 70 - 25 = 45
        Correction(1, "Dan", {"Ann": L("KH JK 7S", "10 + 25 + 7 = 42"), "Bob": L("JK", "25 = 25"), "Cat": L("AS 10D 2C", "15 + 10 + 2 = 27"), "Dan": OUT},
                   totals(ABCD, 56, 45, 59, 45)),
        Deal(5, P("Deal 5 of 7", "Two groups of 3 and one run of 4", 12, "Cat/Bob/Dan", *_M), "Dan",
             {"Ann": L("8", "8 = 8"), "Bob": L("7 7", "7 + 7 = 14"), "Cat": L("=5", "5 = 5"), "Dan": OUT},
             totals(ABCD, 64, 59, 64, 45)),
        Deal(6, P("Deal 6 of 7", "One group of 3 and two runs of 4", 12, "Dan/Cat/Ann", *_M), "Bob",
             {"Ann": L("2 2", "2 + 2 = 4"), "Bob": OUT, "Cat": L("10", "10 = 10"), "Dan": L("K Q", "10 + 10 = 20")},
             totals(ABCD, 68, 59, 74, 65)),
        # §3.5: "Round 7: not necessary to use all the cards": an ordinary deal
        Deal(7, P("Deal 7 of 7", "Three runs of 4", 12, "Ann/Dan/Bob", *_M), "Ann",
             {"Ann": OUT, "Bob": L("9", "9 = 9"), "Cat": L("5", "5 = 5"), "Dan": L("3", "3 = 3")},
             totals(ABCD, 68, 68, 79, 68)),
    ),
    tie="",
    final=("1 Ann 68 Shared win", "1 Bob 68 Shared win", "1 Dan 68 Shared win", "4 Cat 79"),
)  # fmt: skip

# =================================================================================================================
# shanghai (§3.6: 11 every deal, books of different ranks, one joker, aces high, same-turn lay-off, buys <= 2 +2,
# the Shanghai call): 5 players, Ann deals first.

_S = (WILD_LIMIT, EXACT_THIS_TURN, BUY_RULE, SHANGHAI_CALL)
SHANGHAI = Game(
    id="shanghai", ruleset="shanghai", seats=ABCDE, first_dealer="Ann",
    events=(
        Deal(1, P("Deal 1 of 7", "Two books of 3", 11, "Ann/Eve/Bob", *_S, RANKS_DIFFER), "Cat",
             {"Ann": L("KH JK 7S", "10 + 50 + 5 = 65"), "Bob": L("AS 8D 2C", "20 + 10 + 5 = 35"), "Cat": OUT,
              "Dan": L("7H 8H", "5 + 10 = 15"), "Eve": L("=40", "40 = 40")},  # §4.6: 65, 35, 15
             totals(ABCDE, 65, 35, 0, 15, 40)),
        Deal(2, P("Deal 2 of 7", "One book of 3 and one run of 4", 11, "Bob/Ann/Cat", *_S, ACES_HIGH), "Ann",
             {"Ann": OUT, "Bob": L("3", "5 = 5"), "Cat": L("9 9", "10 + 10 = 20"), "Dan": L("A", "20 = 20"), "Eve": L("4 4", "5 + 5 = 10")},
             totals(ABCDE, 65, 40, 20, 35, 50)),
        Deal(3, P("Deal 3 of 7", "Two runs of 4", 11, "Cat/Bob/Dan", *_S, ACES_HIGH, RUNS_APART), "Eve",
             {"Ann": L("K", "10 = 10"), "Bob": L("2 2", "5 + 5 = 10"), "Cat": L("JK", "50 = 50"), "Dan": L("8", "10 = 10"), "Eve": OUT},
             totals(ABCDE, 75, 50, 70, 45, 50)),
        # Dan held a king too in deal 2: 20 + 10 = 30, 10 more
        Correction(2, "Ann", {"Ann": OUT, "Bob": L("3", "5 = 5"), "Cat": L("9 9", "10 + 10 = 20"), "Dan": L("A K", "20 + 10 = 30"),
                              "Eve": L("4 4", "5 + 5 = 10")},
                   totals(ABCDE, 75, 50, 70, 55, 50)),
        Deal(4, P("Deal 4 of 7", "Three books of 3", 11, "Dan/Cat/Eve", *_S, RANKS_DIFFER), "Bob",
             {"Ann": L("5", "5 = 5"), "Bob": OUT, "Cat": L("6", "5 = 5"), "Dan": L("Q", "10 = 10"), "Eve": L("10", "10 = 10")},
             totals(ABCDE, 80, 50, 75, 65, 60)),
        Deal(5, P("Deal 5 of 7", "Two books of 3 and one run of 4", 11, "Eve/Dan/Ann", *_S, RANKS_DIFFER, ACES_HIGH), "Dan",
             {"Ann": L("J J", "10 + 10 = 20"), "Bob": L("A", "20 = 20"), "Cat": L("=25", "25 = 25"), "Dan": OUT, "Eve": L("3", "5 = 5")},
             totals(ABCDE, 100, 70, 100, 65, 65)),
        Deal(6, P("Deal 6 of 7", "One book of 3 and two runs of 4", 11, "Ann/Eve/Bob", *_S, ACES_HIGH, RUNS_APART), "Cat",
             {"Ann": L("9", "10 = 10"), "Bob": L("7", "5 = 5"), "Cat": OUT, "Dan": L("2 3", "5 + 5 = 10"), "Eve": L("5", "5 = 5")},
             totals(ABCDE, 110, 75, 100, 75, 70)),
        Deal(7, P("Deal 7 of 7", "Three runs of 4 (every card, no discard)", 11, "Bob/Ann/Cat", NO_DISCARD, WILD_LIMIT, BUY_RULE, SHANGHAI_CALL,
                  ACES_HIGH, RUNS_APART), "Bob",
             {"Ann": L("8", "10 = 10"), "Bob": OUT, "Cat": L("4", "5 = 5"), "Dan": L("JK", "50 = 50"), "Eve": L("6", "5 = 5")},
             totals(ABCDE, 120, 75, 105, 125, 75)),
    ),
    tie="",
    final=("1 Bob 75 Shared win", "1 Eve 75 Shared win", "3 Cat 105", "4 Ann 120", "5 Dan 125"),
)  # fmt: skip

# =================================================================================================================
# shanghai-powe (§3.7: T2, 10 dealt, never a discard to go out, one run per suit, "buy", no Shanghai call):
# 4 players, Dan deals first. Deals 7 and 8 need 12 cards of the 11 held: a buy is needed.

_PW = (NO_DISCARD_OUT, WILD_LIMIT, EXACT_THIS_TURN, BUY_RULE)
POWE = Game(
    id="shanghai-powe", ruleset="shanghai-powe", seats=ABCD, first_dealer="Dan",
    events=(
        Deal(1, P("Deal 1 of 8", "Two books of 3", 10, "Dan/Cat/Ann", *_PW, RANKS_DIFFER), "Ann",
             {"Ann": OUT, "Bob": L("QS JK", "10 + 50 = 60"), "Cat": L("2C 3C 4C", "5 + 5 + 5 = 15"), "Dan": L("AH KH", "20 + 10 = 30")},  # §4.7
             totals(ABCD, 0, 60, 15, 30)),
        Deal(2, P("Deal 2 of 8", "One book of 3 and one run of 4", 10, "Ann/Dan/Bob", *_PW, ACES_HIGH), "Cat",
             {"Ann": L("5", "5 = 5"), "Bob": L("9", "10 = 10"), "Cat": OUT, "Dan": L("3 3", "5 + 5 = 10")},
             totals(ABCD, 5, 70, 15, 40)),
        Deal(3, P("Deal 3 of 8", "Two runs of 4", 10, "Bob/Ann/Cat", *_PW, ACES_HIGH, ONE_RUN_PER_SUIT), "Dan",
             {"Ann": L("A", "20 = 20"), "Bob": L("4", "5 = 5"), "Cat": L("K Q", "10 + 10 = 20"), "Dan": OUT},
             totals(ABCD, 25, 75, 35, 40)),
        Deal(4, P("Deal 4 of 8", "Three books of 3", 10, "Cat/Bob/Dan", *_PW, RANKS_DIFFER), "Bob",
             {"Ann": L("8", "10 = 10"), "Bob": OUT, "Cat": L("=15", "15 = 15"), "Dan": L("JK", "50 = 50")},
             totals(ABCD, 35, 75, 50, 90)),
        # Bob held two 9s in deal 2: 10 + 10 = 20, 10 more
        Correction(2, "Cat", {"Ann": L("5", "5 = 5"), "Bob": L("9 9", "10 + 10 = 20"), "Cat": OUT, "Dan": L("3 3", "5 + 5 = 10")},
                   totals(ABCD, 35, 85, 50, 90)),
        Deal(5, P("Deal 5 of 8", "Two books of 3 and one run of 4", 10, "Dan/Cat/Ann", *_PW, RANKS_DIFFER, ACES_HIGH), "Ann",
             {"Ann": OUT, "Bob": L("2", "5 = 5"), "Cat": L("7 7", "5 + 5 = 10"), "Dan": L("A", "20 = 20")},
             totals(ABCD, 35, 90, 60, 110)),
        Deal(6, P("Deal 6 of 8", "One book of 3 and two runs of 4", 10, "Ann/Dan/Bob", *_PW, ACES_HIGH, ONE_RUN_PER_SUIT), "Cat",
             {"Ann": L("K", "10 = 10"), "Bob": L("5 6", "5 + 5 = 10"), "Cat": OUT, "Dan": L("8 9", "10 + 10 = 20")},
             totals(ABCD, 45, 100, 60, 130)),
        Deal(7, P("Deal 7 of 8", "Four books of 3", 10, "Bob/Ann/Cat", *_PW, RANKS_DIFFER, NEEDS_BUY), "Dan",
             {"Ann": L("3", "5 = 5"), "Bob": L("J", "10 = 10"), "Cat": L("4", "5 = 5"), "Dan": OUT},
             totals(ABCD, 50, 110, 65, 130)),
        Deal(8, P("Deal 8 of 8", "Three runs of 4", 10, "Cat/Bob/Dan", *_PW, ACES_HIGH, ONE_RUN_PER_SUIT, NEEDS_BUY), "Cat",
             {"Ann": L("10 5", "10 + 5 = 15"), "Bob": L("Q", "10 = 10"), "Cat": OUT, "Dan": L("2", "5 = 5")},
             totals(ABCD, 65, 120, 65, 135)),
    ),
    tie="",
    final=("1 Ann 65 Shared win", "1 Cat 65 Shared win", "3 Bob 120", "4 Dan 135"),
)  # fmt: skip

# =================================================================================================================
# shanghai-kolsov (§3.8: T3, 11 dealt, discard always allowed; deals 8-10 need more than 12 cards): 3 players,
# Bob deals first.

_K = (WILD_LIMIT, EXACT_THIS_TURN, BUY_RULE, SHANGHAI_CALL)
KOLSOV = Game(
    id="shanghai-kolsov", ruleset="shanghai-kolsov", seats=ABC, first_dealer="Bob",
    events=(
        Deal(1, P("Deal 1 of 10", "Two sets of 3", 11, "Bob/Ann/Cat", *_K, RANKS_DIFFER), "Ann",
             {"Ann": OUT, "Bob": L("KH JK 7S", "10 + 50 + 5 = 65"), "Cat": L("9S 9D", "10 + 10 = 20")},  # §4.8: 65, 20
             totals(ABC, 0, 65, 20)),
        Deal(2, P("Deal 2 of 10", "One set of 3 and one run of 4", 11, "Cat/Bob/Ann", *_K, ACES_HIGH), "Bob",
             {"Ann": L("AC 2C 3C", "20 + 5 + 5 = 30"), "Bob": OUT, "Cat": L("5", "5 = 5")},  # §4.8: 30
             totals(ABC, 30, 65, 25)),
        Deal(3, P("Deal 3 of 10", "Two runs of 4", 11, "Ann/Cat/Bob", *_K, ACES_HIGH, RUNS_APART), "Cat",
             {"Ann": L("8", "10 = 10"), "Bob": L("3 4", "5 + 5 = 10"), "Cat": OUT},
             totals(ABC, 40, 75, 25)),
        Deal(4, P("Deal 4 of 10", "Three sets of 3", 11, "Bob/Ann/Cat", *_K, RANKS_DIFFER), "Ann",
             {"Ann": OUT, "Bob": L("K", "10 = 10"), "Cat": L("A A", "20 + 20 = 40")},
             totals(ABC, 40, 85, 65)),
        Deal(5, P("Deal 5 of 10", "One set of 3 and one run of 7", 11, "Cat/Bob/Ann", *_K, ACES_HIGH), "Bob",
             {"Ann": L("=35", "35 = 35"), "Bob": OUT, "Cat": L("6", "5 = 5")},
             totals(ABC, 75, 85, 70)),
        # Cat held one ace in deal 4, not two: 20, so 70 - 20 = 50
        Correction(4, "Ann", {"Ann": OUT, "Bob": L("K", "10 = 10"), "Cat": L("A", "20 = 20")}, totals(ABC, 75, 85, 50)),
        Deal(6, P("Deal 6 of 10", "Two sets of 3 and one run of 5", 11, "Ann/Cat/Bob", *_K, RANKS_DIFFER, ACES_HIGH), "Cat",
             {"Ann": L("J", "10 = 10"), "Bob": L("7 7", "5 + 5 = 10"), "Cat": OUT},
             totals(ABC, 85, 95, 50)),
        # §3.8: no deal inherits Shanghai's "no discard"
        Deal(7, P("Deal 7 of 10", "Three runs of 4", 11, "Bob/Ann/Cat", *_K, ACES_HIGH, RUNS_APART), "Ann",
             {"Ann": OUT, "Bob": L("Q", "10 = 10"), "Cat": L("JK", "50 = 50")},
             totals(ABC, 85, 105, 100)),
        Deal(8, P("Deal 8 of 10", "One set of 3 and one run of 10", 11, "Cat/Bob/Ann", *_K, ACES_HIGH, NEEDS_BUY), "Bob",
             {"Ann": L("2 2", "5 + 5 = 10"), "Bob": OUT, "Cat": L("9", "10 = 10")},
             totals(ABC, 95, 105, 110)),
        Deal(9, P("Deal 9 of 10", "Three sets of 3 and one run of 5", 11, "Ann/Cat/Bob", *_K, RANKS_DIFFER, ACES_HIGH, NEEDS_BUY), "Ann",
             {"Ann": OUT, "Bob": L("5", "5 = 5"), "Cat": L("10", "10 = 10")},
             totals(ABC, 95, 110, 120)),
        Deal(10, P("Deal 10 of 10", "Three runs of 5", 11, "Bob/Ann/Cat", *_K, ACES_HIGH, RUNS_APART, NEEDS_BUY), "Bob",
             {"Ann": L("K 5", "10 + 5 = 15"), "Bob": OUT, "Cat": L("3", "5 = 5")},
             totals(ABC, 110, 110, 125)),
    ),
    tie="",
    final=("1 Ann 110 Shared win", "1 Bob 110 Shared win", "3 Cat 125"),
)  # fmt: skip

# =================================================================================================================
# continental (§3.9: T1 contracts dealt 7 to 13, trios, same-turn lay-off, -10 for dropping and going out in one
# turn): 3 players, Ann deals first.

_CN = (EXACT_THIS_TURN, BUY_RULE, ONE_TURN_OUT)
CONTINENTAL = Game(
    id="continental", ruleset="continental", seats=ABC, first_dealer="Ann",
    events=(
        Deal(1, P("Deal 1 of 7", "Two trios", 7, "Ann/Cat/Bob", *_CN), "Bob",
             {"Ann": L("KH JK 7S", "10 + 50 + 7 = 67"), "Bob": L("", "0 - 10 = -10", "one_turn_out"), "Cat": L("AS 10D 2C", "11 + 10 + 2 = 23")},  # §4.9
             totals(ABC, 67, -10, 23)),
        Deal(2, P("Deal 2 of 7", "One trio and one run of 4", 8, "Bob/Ann/Cat", *_CN), "Ann",
             {"Ann": OUT, "Bob": L("5 5", "5 + 5 = 10"), "Cat": L("=12", "12 = 12")},
             totals(ABC, 67, 0, 35)),
        Deal(3, P("Deal 3 of 7", "Two runs of 4", 9, "Cat/Bob/Ann", *_CN), "Cat",
             {"Ann": L("A", "11 = 11"), "Bob": L("K", "10 = 10"), "Cat": L("", "0 - 10 = -10", "one_turn_out")},
             totals(ABC, 78, 10, 25)),
        # Ann had dropped and gone out in one turn in deal 2: 0 - 10 = -10, so 78 - 10 = 68
        Correction(2, "Ann", {"Ann": L("", "0 - 10 = -10", "one_turn_out"), "Bob": L("5 5", "5 + 5 = 10"), "Cat": L("=12", "12 = 12")},
                   totals(ABC, 68, 10, 25)),
        Deal(4, P("Deal 4 of 7", "Three trios", 10, "Ann/Cat/Bob", *_CN), "Bob",
             {"Ann": L("3", "3 = 3"), "Bob": OUT, "Cat": L("JK", "50 = 50")},
             totals(ABC, 71, 10, 75)),
        Deal(5, P("Deal 5 of 7", "Two trios and one run of 4", 11, "Bob/Ann/Cat", *_CN), "Ann",
             {"Ann": OUT, "Bob": L("JK 9 8", "50 + 9 + 8 = 67"), "Cat": L("2", "2 = 2")},
             totals(ABC, 71, 77, 77)),
        Deal(6, P("Deal 6 of 7", "One trio and two runs of 4", 12, "Cat/Bob/Ann", *_CN), "Cat",
             {"Ann": L("4", "4 = 4"), "Bob": L("Q", "10 = 10"), "Cat": OUT},
             totals(ABC, 75, 87, 77)),
        Deal(7, P("Deal 7 of 7", "Three runs of 4", 13, "Ann/Cat/Bob", *_CN), "Cat",
             {"Ann": L("2", "2 = 2"), "Bob": L("6", "6 = 6"), "Cat": OUT},
             totals(ABC, 77, 93, 77)),
    ),
    tie="",
    final=("1 Ann 77 Shared win", "1 Cat 77 Shared win", "3 Bob 93"),
)  # fmt: skip

# =================================================================================================================
# progressive (§3.10: T4, 15 deals of 11, twos wild, go out either way, buys in deals 9-14 only): 3 players, Cat
# deals first, the roles come round every 3 deals.

_PR = (EITHER_OUT, EXACT_THIS_TURN, BUY_RULE)  # deals 1-8 and 15 say "No buy in this deal"
_ROT3_CAT = ("Cat/Bob/Ann", "Ann/Cat/Bob", "Bob/Ann/Cat")
PROGRESSIVE_CONTRACTS = (
    "Two sets of 3", "One set of 3 and one run of 4", "Two sets of 4", "Two runs of 4", "Two sets of 3 and one run of 4",
    "One set of 4 and one run of 5", "Two sets of 5", "Two runs of 5", "Four sets of 3", "Three runs of 4",
    "Three sets of 4", "Five runs of 3", "Five sets of 3", "One set of 5, one run of 5 and one pair", "Two sets of 3 and one run of 5",
)  # fmt: skip


def _pr(number: int, out: str, lines: dict[str, Line], *values: int) -> Deal:
    extra = (NEEDS_BUY,) if number in (12, 13) else ()  # 15 cards needed, 12 held after the draw
    prompt = P(f"Deal {number} of 15", PROGRESSIVE_CONTRACTS[number - 1], 11, _ROT3_CAT[(number - 1) % 3], *_PR, *extra)
    return Deal(number, prompt, out, lines, totals(ABC, *values))


PROGRESSIVE = Game(
    id="progressive", ruleset="progressive", seats=ABC, first_dealer="Cat",
    events=(
        _pr(1, "Ann", {"Ann": OUT, "Bob": L("KH JK 7S", "10 + 20 + 5 = 35"), "Cat": L("2C AS 10D", "20 + 15 + 5 = 40")}, 0, 35, 40),  # §4.10
        _pr(2, "Bob", {"Ann": L("3", "5 = 5"), "Bob": OUT, "Cat": L("Q", "10 = 10")}, 5, 35, 50),
        _pr(3, "Cat", {"Ann": L("A", "15 = 15"), "Bob": L("4 4", "5 + 5 = 10"), "Cat": OUT}, 20, 45, 50),
        _pr(4, "Ann", {"Ann": OUT, "Bob": L("2", "20 = 20"), "Cat": L("5", "5 = 5")}, 20, 65, 55),
        _pr(5, "Bob", {"Ann": L("K K", "10 + 10 = 20"), "Bob": OUT, "Cat": L("=10", "10 = 10")}, 40, 65, 65),
        # Bob's 2 in deal 4 was a 3: 5, not 20 (a wild two scores 20): 65 - 15 = 50
        Correction(4, "Ann", {"Ann": OUT, "Bob": L("3", "5 = 5"), "Cat": L("5", "5 = 5")}, totals(ABC, 40, 50, 65)),
        _pr(6, "Cat", {"Ann": L("9", "5 = 5"), "Bob": L("J", "10 = 10"), "Cat": OUT}, 45, 60, 65),
        _pr(7, "Ann", {"Ann": OUT, "Bob": L("6 7", "5 + 5 = 10"), "Cat": L("A", "15 = 15")}, 45, 70, 80),
        _pr(8, "Bob", {"Ann": L("JK", "20 = 20"), "Bob": OUT, "Cat": L("8", "5 = 5")}, 65, 70, 85),
        _pr(9, "Cat", {"Ann": L("10", "5 = 5"), "Bob": L("3", "5 = 5"), "Cat": OUT}, 70, 75, 85),
        _pr(10, "Ann", {"Ann": OUT, "Bob": L("Q", "10 = 10"), "Cat": L("4", "5 = 5")}, 70, 85, 90),
        _pr(11, "Bob", {"Ann": L("5 5", "5 + 5 = 10"), "Bob": OUT, "Cat": L("K", "10 = 10")}, 80, 85, 100),
        _pr(12, "Ann", {"Ann": OUT, "Bob": L("A", "15 = 15"), "Cat": L("2 2", "20 + 20 = 40")}, 80, 100, 140),
        _pr(13, "Cat", {"Ann": L("J", "10 = 10"), "Bob": L("7", "5 = 5"), "Cat": OUT}, 90, 105, 140),
        _pr(14, "Bob", {"Ann": L("3", "5 = 5"), "Bob": OUT, "Cat": L("9 9", "5 + 5 = 10")}, 95, 105, 150),
        _pr(15, "Bob", {"Ann": L("Q", "10 = 10"), "Bob": OUT, "Cat": L("6", "5 = 5")}, 105, 105, 155),
    ),
    tie="",
    final=("1 Ann 105 Shared win", "1 Bob 105 Shared win", "3 Cat 155"),
)  # fmt: skip

# =================================================================================================================
# phase10 (§8.1, §8.6): 3 players, Ann deals first, each on their own phase; Ann misses in hands 3 and 7, Bob in 5
# and 9, so both make phase 10 in hand 12, tied on 200; Cat's hand 2 is corrected after hand 3 (made after all),
# which moves her on a phase from hand 3. The tie-break hand 13 (§8.6.7, §8.7.14): the last dealer was Cat, the
# next tied player clockwise is Ann: Ann deals, Bob cuts and plays first; Ann goes out, Bob holds a W (4.11's
# tie-break): Ann 200, Bob 225.

PHASE10_CONTRACTS = {
    1: "Two sets of 3", 2: "One set of 3 and one run of 4", 3: "One set of 4 and one run of 4", 4: "One run of 7",
    5: "One run of 8", 6: "One run of 9", 7: "Two sets of 4", 8: "Seven cards of one colour",
    9: "One set of 5 and one set of 2", 10: "One set of 5 and one set of 3",
}  # fmt: skip

_ROT3_ANN = ("Ann/Cat/Bob", "Bob/Ann/Cat", "Cat/Bob/Ann")


def _hand(number: int, before: tuple[int, ...], out: str | None, lines: dict[str, Line], sums: tuple[int, ...], after: tuple[int, ...],
          rotation: tuple[str, ...] = _ROT3_ANN, seats: tuple[str, ...] = ABC) -> Deal:
    """Hand ``number`` of a per-player game: the phases played (``before``), the lines, the totals, the phases next."""
    who = rotation[(number - 1) % len(rotation)]
    prompt = P(f"Hand {number}", "", 10, who, phases=dict(zip(seats, before, strict=True)))
    return Deal(number, prompt, out, lines, totals(seats, *sums), phases=dict(zip(seats, after, strict=True)))


M = "made"
PHASE10 = Game(
    id="phase10", ruleset="phase10", seats=ABC, first_dealer="Ann",
    events=(
        _hand(1, (1, 1, 1), "Ann", {"Ann": OUT_MADE, "Bob": L("11B W", "10 + 25 = 35", M), "Cat": L("3 3 12", "5 + 5 + 10 = 20", M)},  # §4.11: [11B W] 35
              (0, 35, 20), (2, 2, 2)),
        _hand(2, (2, 2, 2), "Bob", {"Ann": L("W", "25 = 25", M), "Bob": OUT_MADE, "Cat": L("=45", "45 = 45")}, (25, 35, 65), (3, 3, 2)),
        _hand(3, (3, 3, 2), "Bob", {"Ann": L("1R 9B 10G 12Y SKIP W", "5 + 5 + 10 + 10 + 15 + 25 = 70"), "Bob": OUT_MADE,  # §4.11: 70
                                    "Cat": L("3R 3B 3G 3Y 7R 7B 7G 7Y 9R 9B", "5 + 5 + 5 + 5 + 5 + 5 + 5 + 5 + 5 + 5 = 50")},  # §4.11: 50
              (95, 35, 115), (3, 4, 2)),
        # Cat made phase 2 in hand 2 after all, holding 7 8 SKIP: 5 + 5 + 15 = 25 for 45: 115 - 20 = 95; she
        # attempted phase 3 in hand 3 (missed), and plays phase 3 next (§8.6.9)
        Correction(2, "Bob", {"Ann": L("W", "25 = 25", M), "Bob": OUT_MADE, "Cat": L("7 8 SKIP", "5 + 5 + 15 = 25", M)},
                   totals(ABC, 95, 35, 95), phases={"Ann": 3, "Bob": 4, "Cat": 3}),
        _hand(4, (3, 4, 3), "Cat", {"Ann": L("12", "10 = 10", M), "Bob": L("5 6", "5 + 5 = 10", M), "Cat": OUT_MADE}, (105, 45, 95), (4, 5, 4)),
        _hand(5, (4, 5, 4), "Ann", {"Ann": OUT_MADE, "Bob": L("=60", "60 = 60"), "Cat": L("W W 4", "25 + 25 + 5 = 55")}, (105, 105, 150), (5, 5, 4)),
        _hand(6, (5, 5, 4), "Cat", {"Ann": L("2 2", "5 + 5 = 10", M), "Bob": L("SKIP", "15 = 15", M), "Cat": OUT_MADE}, (115, 120, 150), (6, 6, 5)),
        _hand(7, (6, 6, 5), "Bob", {"Ann": L("10 11 12 W", "10 + 10 + 10 + 25 = 55"), "Bob": OUT_MADE, "Cat": L("=40", "40 = 40")},
              (170, 120, 190), (6, 7, 5)),
        _hand(8, (6, 7, 5), "Ann", {"Ann": OUT_MADE, "Bob": L("9", "5 = 5", M), "Cat": L("1 1", "5 + 5 = 10", M)}, (170, 125, 200), (7, 8, 6)),
        _hand(9, (7, 8, 6), "Ann", {"Ann": OUT_MADE, "Bob": L("=65", "65 = 65"), "Cat": L("12 12 W", "10 + 10 + 25 = 45")}, (170, 190, 245), (8, 8, 6)),
        _hand(10, (8, 8, 6), "Cat", {"Ann": L("4", "5 = 5", M), "Bob": L("6", "5 = 5", M), "Cat": OUT_MADE}, (175, 195, 245), (9, 9, 7)),
        _hand(11, (9, 9, 7), "Bob", {"Ann": L("W", "25 = 25", M), "Bob": OUT_MADE, "Cat": L("=30", "30 = 30")}, (200, 195, 275), (10, 10, 7)),
        _hand(12, (10, 10, 7), "Ann", {"Ann": OUT_MADE, "Bob": L("8", "5 = 5", M), "Cat": L("11", "10 = 10", M)}, (200, 200, 285), (0, 0, 8)),
        Deal(13, P("Tie-break hand", "", 10, "Ann/Bob/Bob", phases={"Ann": 10, "Bob": 10}), "Ann",
             {"Ann": OUT_MADE, "Bob": L("W", "25 = 25")}, {"Ann": 200, "Bob": 225, "Cat": 285}, phases={"Ann": 0, "Bob": 0, "Cat": 8}, tiebreak=True),
    ),
    tie="Ann and Bob are tied on 200: they play one more hand.",
    final=("1 Ann 200 Winner 10 phases made", "2 Bob 225 10 phases made", "3 Cat 285 7 phases made"),
    spanish={1: {"count": "Mano 1", "heading": "Cada uno juega su propia fase", "Ann": "Fase 1 Dos grupos de 3", "dealt": "10 cartas a cada uno"}},
)  # fmt: skip

# =================================================================================================================
# phase10-cards (§8.2: A-9 5, 10 J Q 10, K wild 25, JK skip 15): 4 players, Bob deals first; Ann and Dan make a
# phase every hand and tie on 80 after hand 10. Tie-break hand 11: the last dealer was Cat; the next tied player
# clockwise is Dan: Dan deals, Ann cuts and plays first; the stock runs out, nobody makes it, both hold 20: still
# tied, on 100 (§8.6.7). Tie-break hand 12: the deal passes on to Ann; Dan cuts and plays first, and goes out.

_ROT4_BOB = ("Bob/Ann/Cat", "Cat/Bob/Dan", "Dan/Cat/Ann", "Ann/Dan/Bob")
PHASE10_CARDS = Game(
    id="phase10-cards", ruleset="phase10-cards", seats=ABCD, first_dealer="Bob",
    events=(
        _hand(1, (1, 1, 1, 1), "Ann", {"Ann": OUT_MADE, "Bob": L("10S 10D", "10 + 10 = 20", M), "Cat": L("7", "5 = 5", M), "Dan": L("K", "25 = 25", M)},
              (0, 20, 5, 25), (2, 2, 2, 2), _ROT4_BOB, ABCD),  # §4.12: [10S 10D] 20
        _hand(2, (2, 2, 2, 2), "Dan", {"Ann": L("A", "5 = 5", M), "Bob": L("Q", "10 = 10", M), "Cat": L("AS 9H JD QC KH JK", "5 + 5 + 10 + 10 + 25 + 15 = 70"),
                                       "Dan": OUT_MADE},  # §4.12: 70
              (5, 30, 75, 25), (3, 3, 2, 3), _ROT4_BOB, ABCD),
        _hand(3, (3, 3, 2, 3), "Cat", {"Ann": L("2 3", "5 + 5 = 10", M), "Bob": L("KS KH JK JK", "25 + 25 + 15 + 15 = 80"), "Cat": OUT_MADE,  # §4.12: 80
                                       "Dan": L("J", "10 = 10", M)},
              (15, 110, 75, 35), (4, 3, 3, 4), _ROT4_BOB, ABCD),
        _hand(4, (4, 3, 3, 4), "Bob", {"Ann": L("JK", "15 = 15", M), "Bob": OUT_MADE, "Cat": L("=50", "50 = 50"), "Dan": L("4 4", "5 + 5 = 10", M)},
              (30, 110, 125, 45), (5, 4, 3, 5), _ROT4_BOB, ABCD),
        # Dan held a queen too in hand 3: 10 + 10 = 20, 10 more
        Correction(3, "Cat", {"Ann": L("2 3", "5 + 5 = 10", M), "Bob": L("KS KH JK JK", "25 + 25 + 15 + 15 = 80"), "Cat": OUT_MADE,
                              "Dan": L("J Q", "10 + 10 = 20", M)},
                   totals(ABCD, 30, 110, 125, 55), phases={"Ann": 5, "Bob": 4, "Cat": 3, "Dan": 5}),
        _hand(5, (5, 4, 3, 5), "Ann", {"Ann": OUT_MADE, "Bob": L("5", "5 = 5", M), "Cat": L("6", "5 = 5", M), "Dan": L("=10", "10 = 10", M)},
              (30, 115, 130, 65), (6, 5, 4, 6), _ROT4_BOB, ABCD),
        _hand(6, (6, 5, 4, 6), "Dan", {"Ann": L("10", "10 = 10", M), "Bob": L("K K", "25 + 25 = 50"), "Cat": L("=35", "35 = 35"), "Dan": OUT_MADE},
              (40, 165, 165, 65), (7, 5, 4, 7), _ROT4_BOB, ABCD),
        _hand(7, (7, 5, 4, 7), "Bob", {"Ann": L("9 9", "5 + 5 = 10", M), "Bob": OUT_MADE, "Cat": L("Q", "10 = 10", M), "Dan": L("8", "5 = 5", M)},
              (50, 165, 175, 70), (8, 6, 5, 8), _ROT4_BOB, ABCD),
        _hand(8, (8, 6, 5, 8), "Ann", {"Ann": OUT_MADE, "Bob": L("=40", "40 = 40"), "Cat": L("JK JK", "15 + 15 = 30"), "Dan": L("3", "5 = 5", M)},
              (50, 205, 205, 75), (9, 6, 5, 9), _ROT4_BOB, ABCD),
        _hand(9, (9, 6, 5, 9), "Cat", {"Ann": L("K", "25 = 25", M), "Bob": L("2", "5 = 5", M), "Cat": OUT_MADE, "Dan": L("A", "5 = 5", M)},
              (75, 210, 205, 80), (10, 7, 6, 10), _ROT4_BOB, ABCD),
        _hand(10, (10, 7, 6, 10), "Dan", {"Ann": L("5", "5 = 5", M), "Bob": L("=20", "20 = 20"), "Cat": L("7 7", "5 + 5 = 10"), "Dan": OUT_MADE},
              (80, 230, 215, 80), (0, 7, 6, 0), _ROT4_BOB, ABCD),
        Deal(11, P("Tie-break hand", "", 10, "Dan/Ann/Ann", phases={"Ann": 10, "Dan": 10}), None,
             {"Ann": L("Q J", "10 + 10 = 20"), "Dan": L("10 Q", "10 + 10 = 20")}, totals(ABCD, 100, 230, 215, 100),
             phases={"Ann": 0, "Bob": 7, "Cat": 6, "Dan": 0}, tiebreak=True),
        Deal(12, P("Tie-break hand", "", 10, "Ann/Dan/Dan", phases={"Ann": 10, "Dan": 10}), "Dan",
             {"Ann": L("K", "25 = 25"), "Dan": OUT_MADE}, totals(ABCD, 125, 230, 215, 100),
             phases={"Ann": 0, "Bob": 7, "Cat": 6, "Dan": 0}, tiebreak=True),
    ),
    tie="Ann and Dan are tied on 80: they play one more hand.",
    final=("1 Dan 100 Winner 10 phases made", "2 Ann 125 10 phases made", "3 Bob 230 6 phases made", "4 Cat 215 5 phases made"),
)  # fmt: skip

# =================================================================================================================
# carioca (§8.3, counter-clockwise, §8.7.13's own example: A deals, B cuts, D plays first; then D deals, A cuts,
# C plays first; then C deals): 4 players. No May I in Carioca, so no May I line. Bob and Dan tie on 69; Dan went
# out in 4 deals, Bob in 3: Dan wins (most_deals_won).

_CA = (WILD_LIMIT, EXACT_NEXT_TURN)
CARIOCA = Game(
    id="carioca", ruleset="carioca", seats=ABCD, first_dealer="Ann",
    events=(
        Deal(1, P("Deal 1 of 8", "Two trios", 12, "Ann/Bob/Dan", *_CA, RANKS_DIFFER), "Bob",
             {"Ann": L("AC JK 7D KS 10H", "20 + 30 + 7 + 10 + 10 = 77"), "Bob": OUT,  # §4.13: 77
              "Cat": L("5H 9D QS 10S 4D 8H", "5 + 9 + 10 + 10 + 4 + 8 = 46"), "Dan": L("=20", "20 = 20")},  # §4.13's solver: 46
             totals(ABCD, 77, 0, 46, 20)),
        Deal(2, P("Deal 2 of 8", "One trio and one escala", 12, "Dan/Ann/Cat", *_CA), "Ann",
             {"Ann": OUT, "Bob": L("K Q", "10 + 10 = 20"), "Cat": L("3", "3 = 3"), "Dan": L("A", "20 = 20")},
             totals(ABCD, 77, 20, 49, 40)),
        Deal(3, P("Deal 3 of 8", "Two escalas", 12, "Cat/Dan/Bob", *_CA), "Bob",
             {"Ann": L("2 2", "2 + 2 = 4"), "Bob": OUT, "Cat": L("JK", "30 = 30"), "Dan": L("9", "9 = 9")},
             totals(ABCD, 81, 20, 79, 49)),
        Deal(4, P("Deal 4 of 8", "Three trios", 12, "Bob/Cat/Ann", *_CA, RANKS_DIFFER), "Dan",
             {"Ann": L("5", "5 = 5"), "Bob": L("J 7", "10 + 7 = 17"), "Cat": L("6 6", "6 + 6 = 12"), "Dan": OUT},
             totals(ABCD, 86, 37, 91, 49)),
        # Cat's joker in deal 3 was a jack: 10 for 30, so 91 - 20 = 71
        Correction(3, "Bob", {"Ann": L("2 2", "2 + 2 = 4"), "Bob": OUT, "Cat": L("J", "10 = 10"), "Dan": L("9", "9 = 9")},
                   totals(ABCD, 86, 37, 71, 49)),
        Deal(5, P("Deal 5 of 8", "Two trios and one escala", 12, "Ann/Bob/Dan", *_CA, RANKS_DIFFER), "Bob",
             {"Ann": L("8", "8 = 8"), "Bob": OUT, "Cat": L("=15", "15 = 15"), "Dan": L("Q Q", "10 + 10 = 20")},
             totals(ABCD, 94, 37, 86, 69)),
        Deal(6, P("Deal 6 of 8", "One trio and two escalas", 12, "Dan/Ann/Cat", *_CA), "Dan",
             {"Ann": L("4", "4 = 4"), "Bob": L("A", "20 = 20"), "Cat": L("10", "10 = 10"), "Dan": OUT},
             totals(ABCD, 98, 57, 96, 69)),
        Deal(7, P("Deal 7 of 8", "Three escalas", 12, "Cat/Dan/Bob", *_CA), "Dan",
             {"Ann": L("3 3", "3 + 3 = 6"), "Bob": L("K", "10 = 10"), "Cat": L("7", "7 = 7"), "Dan": OUT},
             totals(ABCD, 104, 67, 103, 69)),
        Deal(8, P("Deal 8 of 8", "Four trios", 12, "Bob/Cat/Ann", *_CA, RANKS_DIFFER), "Dan",
             {"Ann": L("9", "9 = 9"), "Bob": L("2", "2 = 2"), "Cat": L("5", "5 = 5"), "Dan": OUT},
             totals(ABCD, 113, 69, 108, 69)),
    ),
    tie="Bob and Dan tied on 69: Dan went out in the most deals (4) and wins.",  # Bob out in 1, 3, 5; Dan in 4, 6, 7, 8
    final=("1 Dan 69 Winner", "2 Bob 69", "3 Cat 108", "4 Ann 113"),
    spanish={1: {"count": "Ronda 1 de 8", "contract": "Dos tríos", "dealt": "12 cartas a cada uno"},
             2: {"count": "Ronda 2 de 8", "contract": "Un trío y una escala", "dealt": "12 cartas a cada uno"}},
)  # fmt: skip

# =================================================================================================================
# kalooki (§8.4: the ace scores by its colour, black 15, red 1; go out either way; the "call"): 3 players, Bob
# deals first; Ann and Cat share the win on 78 (tiebreak none).

_KA = (EITHER_OUT, BUY_RULE)
KALOOKI = Game(
    id="kalooki", ruleset="kalooki", seats=ABC, first_dealer="Bob",
    events=(
        Deal(1, P("Deal 1 of 9", "Three threes", 9, "Bob/Ann/Cat", *_KA, RANKS_DIFFER), "Ann",
             {"Ann": OUT, "Bob": L("JK AS AH KD 10C 3H", "50 + 15 + 1 + 10 + 10 + 3 = 89"), "Cat": L("AC AD", "15 + 1 = 16")},  # §4.14
             totals(ABC, 0, 89, 16)),
        Deal(2, P("Deal 2 of 9", "Two threes and one four", 10, "Cat/Bob/Ann", *_KA, RANKS_DIFFER), "Cat",
             {"Ann": L("JK JK", "50 + 50 = 100"), "Bob": L("5 5", "5 + 5 = 10"), "Cat": OUT},  # §4.14: 100
             totals(ABC, 100, 99, 16)),
        Deal(3, P("Deal 3 of 9", "Two fours and one three", 11, "Ann/Cat/Bob", *_KA, ONE_RUN_PER_SUIT), "Bob",
             {"Ann": L("Q", "10 = 10"), "Bob": OUT, "Cat": L("AH 7", "1 + 7 = 8")},
             totals(ABC, 110, 99, 24)),
        Deal(4, P("Deal 4 of 9", "Three fours", 12, "Bob/Ann/Cat", *_KA, ONE_RUN_PER_SUIT), "Ann",
             {"Ann": OUT, "Bob": L("K 9", "10 + 9 = 19"), "Cat": L("=30", "30 = 30")},
             totals(ABC, 110, 118, 54)),
        # Ann held one joker in deal 2, not two: 50, so 110 - 50 = 60
        Correction(2, "Cat", {"Ann": L("JK", "50 = 50"), "Bob": L("5 5", "5 + 5 = 10"), "Cat": OUT}, totals(ABC, 60, 118, 54)),
        Deal(5, P("Deal 5 of 9", "Four threes", 12, "Cat/Bob/Ann", *_KA, RANKS_DIFFER), "Cat",
             {"Ann": L("2 2", "2 + 2 = 4"), "Bob": L("AS", "15 = 15"), "Cat": OUT},
             totals(ABC, 64, 133, 54)),
        Deal(6, P("Deal 6 of 9", "Three threes and one four", 13, "Ann/Cat/Bob", *_KA, RANKS_DIFFER), "Ann",
             {"Ann": OUT, "Bob": L("3", "3 = 3"), "Cat": L("J", "10 = 10")},
             totals(ABC, 64, 136, 64)),
        Deal(7, P("Deal 7 of 9", "Two threes and two fours", 14, "Bob/Ann/Cat", *_KA, RANKS_DIFFER, ONE_RUN_PER_SUIT), "Bob",
             {"Ann": L("8", "8 = 8"), "Bob": OUT, "Cat": L("4 4", "4 + 4 = 8")},
             totals(ABC, 72, 136, 72)),
        Deal(8, P("Deal 8 of 9", "One three and three fours", 15, "Cat/Bob/Ann", *_KA, ONE_RUN_PER_SUIT), "Ann",
             {"Ann": OUT, "Bob": L("AD", "1 = 1"), "Cat": L("6", "6 = 6")},
             totals(ABC, 72, 137, 78)),
        Deal(9, P("Deal 9 of 9", "Four fours", 16, "Ann/Cat/Bob", *_KA, ONE_RUN_PER_SUIT), "Cat",
             {"Ann": L("6", "6 = 6"), "Bob": L("10", "10 = 10"), "Cat": OUT},
             totals(ABC, 78, 147, 78)),
    ),
    tie="",
    final=("1 Ann 78 Shared win", "1 Cat 78 Shared win", "3 Bob 147"),
)  # fmt: skip

# =================================================================================================================
# Custom rulesets (§7, §8.7.9): imported as the family writes them.

# A three-deal Contract Rummy played counter-clockwise, a tie going to whoever went out in more deals. Bob deals
# first; the deal passes to the right (Ann), the dealer's left cuts, the dealer's right plays first (§8.7.13).
ROUND_THE_TABLE = {
    "base": "contract", "name": "Round the table", "direction": "counterclockwise", "tiebreak": "most_deals_won",
    "deals": [
        {"cards_dealt": 10, "requirements": [{"kind": "set", "length": 3}, {"kind": "set", "length": 3}]},
        {"cards_dealt": 10, "requirements": [{"kind": "set", "length": 3}, {"kind": "run", "length": 4}]},
        {"cards_dealt": 11, "requirements": [{"kind": "run", "length": 4}, {"kind": "run", "length": 4}]},
    ],
}  # fmt: skip
CUSTOM_CCW = Game(
    id="custom-ccw-deals-won", ruleset="custom", custom=ROUND_THE_TABLE, points_of="contract", seats=ABC, first_dealer="Bob",
    events=(
        Deal(1, P("Deal 1 of 3", "Two groups of 3", 10, "Bob/Cat/Ann", *_C), "Ann",
             {"Ann": OUT, "Bob": L("K Q", "10 + 10 = 20"), "Cat": L("7 7 7", "7 + 7 + 7 = 21")}, totals(ABC, 0, 20, 21)),
        Deal(2, P("Deal 2 of 3", "One group of 3 and one run of 4", 10, "Ann/Bob/Cat", *_C), "Cat",
             {"Ann": L("A 5", "15 + 5 = 20"), "Bob": L("3", "3 = 3"), "Cat": OUT}, totals(ABC, 20, 23, 21)),
        # Cat held two 7s in deal 1: 14, so 21 - 7 = 14
        Correction(1, "Ann", {"Ann": OUT, "Bob": L("K Q", "10 + 10 = 20"), "Cat": L("7 7", "7 + 7 = 14")}, totals(ABC, 20, 23, 14)),
        Deal(3, P("Deal 3 of 3", "Two runs of 4", 11, "Cat/Ann/Bob", *_C, RUNS_APART), "Ann",
             {"Ann": OUT, "Bob": L("JK", "15 = 15"), "Cat": L("6", "6 = 6")}, totals(ABC, 20, 38, 20)),
    ),
    tie="Ann and Cat tied on 20: Ann went out in the most deals (2) and wins.",  # Ann out in deals 1 and 3, Cat in 2
    final=("1 Ann 20 Winner", "2 Cat 20", "3 Bob 38"),
)  # fmt: skip

# Phase 10 with three phases, played counter-clockwise, each player on their own phase, the tie-break hand kept.
# Cat deals first: hand 1 Cat deals, Dan (her left) cuts, Bob (her right) plays first; hand 2 Bob deals ...
QUICK_PHASE = {
    "base": "phase10", "name": "Quick Phase", "direction": "counterclockwise",
    "deals": [
        {"cards_dealt": 10, "going_out": "either", "requirements": [{"kind": "set", "length": 3}, {"kind": "set", "length": 3}]},
        {"cards_dealt": 10, "going_out": "either", "requirements": [{"kind": "run", "length": 7}]},
        {"cards_dealt": 10, "going_out": "either", "requirements": [{"kind": "colour", "length": 7}]},
    ],
}  # fmt: skip
QUICK_CONTRACTS = {1: "Two sets of 3", 2: "One run of 7", 3: "Seven cards of one colour"}
_ROT4_CCW_CAT = ("Cat/Dan/Bob", "Bob/Cat/Ann", "Ann/Bob/Dan", "Dan/Ann/Cat")
CUSTOM_PER_PLAYER = Game(
    id="custom-per-player-ccw", ruleset="custom", custom=QUICK_PHASE, points_of="phase10", seats=ABCD, first_dealer="Cat",
    events=(
        _hand(1, (1, 1, 1, 1), "Ann", {"Ann": OUT_MADE, "Bob": L("5 5", "5 + 5 = 10", M), "Cat": L("=40", "40 = 40"), "Dan": L("W", "25 = 25", M)},
              (0, 10, 40, 25), (2, 2, 1, 2), _ROT4_CCW_CAT, ABCD),
        _hand(2, (2, 2, 1, 2), "Bob", {"Ann": L("12", "10 = 10", M), "Bob": OUT_MADE, "Cat": L("3 4", "5 + 5 = 10", M), "Dan": L("SKIP 9", "15 + 5 = 20")},
              (10, 10, 50, 45), (3, 3, 2, 2), _ROT4_CCW_CAT, ABCD),
        _hand(3, (3, 3, 2, 2), "Dan", {"Ann": L("11 11 W", "10 + 10 + 25 = 45"), "Bob": L("=35", "35 = 35"), "Cat": L("W 2", "25 + 5 = 30"), "Dan": OUT_MADE},
              (55, 45, 80, 45), (3, 3, 2, 3), _ROT4_CCW_CAT, ABCD),
        # Cat had not made phase 1 in hand 2 after all: she attempted phase 1 again in hand 3, and plays it next
        Correction(2, "Bob", {"Ann": L("12", "10 = 10", M), "Bob": OUT_MADE, "Cat": L("3 4", "5 + 5 = 10"), "Dan": L("SKIP 9", "15 + 5 = 20")},
                   totals(ABCD, 55, 45, 80, 45), phases={"Ann": 3, "Bob": 3, "Cat": 1, "Dan": 3}),
        _hand(4, (3, 3, 1, 3), "Ann", {"Ann": OUT_MADE, "Bob": L("7 8", "5 + 5 = 10"), "Cat": L("=20", "20 = 20"), "Dan": L("10", "10 = 10", M)},
              (55, 55, 100, 55), (0, 3, 1, 0), _ROT4_CCW_CAT, ABCD),
        # the tie-break hand (§8.7.14, counter-clockwise): Dan dealt hand 4; the next tied player to his right is
        # Ann (past Cat and Bob, not tied): Ann deals; Dan, the other, cuts and plays first
        Deal(5, P("Tie-break hand", "", 10, "Ann/Dan/Dan", phases={"Ann": 3, "Dan": 3}), "Dan",
             {"Ann": L("9", "5 = 5"), "Dan": OUT_MADE}, totals(ABCD, 60, 55, 100, 55),
             phases={"Ann": 0, "Bob": 3, "Cat": 1, "Dan": 0}, tiebreak=True),
    ),
    tie="Ann and Dan are tied on 55: they play one more hand.",
    final=("1 Dan 55 Winner 3 phases made", "2 Ann 60 3 phases made", "3 Bob 55 2 phases made", "4 Cat 100 0 phases made"),
)  # fmt: skip

# Phase 10 on standard cards, its phases played as a fixed schedule (§8.7.9: everyone on the same phase each deal,
# the game ends after the last; tiebreak left out becomes none): a tie is shared. (On Phase 10's own deck a fixed
# schedule is not played at the table yet: registry.table_plays.)
PHASES_IN_TURN = {
    "base": "phase10-cards", "name": "Phases in turn", "progression": "fixed",
    "deals": [
        {"cards_dealt": 10, "going_out": "either", "requirements": [{"kind": "set", "length": 3}, {"kind": "set", "length": 3}]},
        {"cards_dealt": 10, "going_out": "either", "requirements": [{"kind": "set", "length": 3}, {"kind": "run", "length": 4}]},
        {"cards_dealt": 10, "going_out": "either", "requirements": [{"kind": "run", "length": 7}]},
    ],
}  # fmt: skip
CUSTOM_FIXED_PHASES = Game(
    id="custom-fixed-phases", ruleset="custom", custom=PHASES_IN_TURN, points_of="phase10-cards", seats=ABC, first_dealer="Ann",
    events=(
        # go out either way (§8.1); Phase 10 has no buying, so no buy line
        Deal(1, P("Deal 1 of 3", "Two sets of 3", 10, "Ann/Cat/Bob", EITHER_OUT), "Bob",
             {"Ann": L("Q K", "10 + 25 = 35"), "Bob": OUT, "Cat": L("5 JK", "5 + 15 = 20")}, totals(ABC, 35, 0, 20)),
        Deal(2, P("Deal 2 of 3", "One set of 3 and one run of 4", 10, "Bob/Ann/Cat", EITHER_OUT), "Cat",
             {"Ann": L("3", "5 = 5"), "Bob": L("10 10", "10 + 10 = 20"), "Cat": OUT}, totals(ABC, 40, 20, 20)),
        # Ann held no wild king in deal 1: 10, so 40 - 25 = 15
        Correction(1, "Bob", {"Ann": L("Q", "10 = 10"), "Bob": OUT, "Cat": L("5 JK", "5 + 15 = 20")}, totals(ABC, 15, 20, 20)),
        Deal(3, P("Deal 3 of 3", "One run of 7", 10, "Cat/Bob/Ann", EITHER_OUT), "Bob",
             {"Ann": L("A", "5 = 5"), "Bob": OUT, "Cat": L("K", "25 = 25")}, totals(ABC, 20, 20, 45)),
    ),
    tie="",
    final=("1 Ann 20 Shared win", "1 Bob 20 Shared win", "3 Cat 45"),
)  # fmt: skip

# Two phases each on their own, a tie for the win going to whoever went out in more hands (no tie-break hand).
TWO_PHASES = {
    "base": "phase10", "name": "Two phases", "tiebreak": "most_deals_won",
    "deals": [
        {"cards_dealt": 10, "going_out": "either", "requirements": [{"kind": "set", "length": 3}, {"kind": "set", "length": 3}]},
        {"cards_dealt": 10, "going_out": "either", "requirements": [{"kind": "run", "length": 7}]},
    ],
}  # fmt: skip
_ROT3_BOB = ("Bob/Ann/Cat", "Cat/Bob/Ann", "Ann/Cat/Bob")
CUSTOM_PER_PLAYER_DEALS_WON = Game(
    id="custom-per-player-deals-won", ruleset="custom", custom=TWO_PHASES, points_of="phase10", seats=ABC, first_dealer="Bob",
    events=(
        _hand(1, (1, 1, 1), "Ann", {"Ann": OUT_MADE, "Bob": L("4", "5 = 5", M), "Cat": L("=30", "30 = 30")}, (0, 5, 30), (2, 2, 1), _ROT3_BOB),
        _hand(2, (2, 2, 1), "Cat", {"Ann": L("W", "25 = 25"), "Bob": L("6 6", "5 + 5 = 10"), "Cat": OUT_MADE}, (25, 15, 30), (2, 2, 2), _ROT3_BOB),
        # Cat held 20 in hand 1, not 30
        Correction(1, "Ann", {"Ann": OUT_MADE, "Bob": L("4", "5 = 5", M), "Cat": L("=20", "20 = 20")}, totals(ABC, 25, 15, 20),
                   phases={"Ann": 2, "Bob": 2, "Cat": 2}),
        _hand(3, (2, 2, 2), "Ann", {"Ann": OUT_MADE, "Bob": L("=35", "35 = 35"), "Cat": L("5", "5 = 5", M)}, (25, 50, 25), (0, 2, 0), _ROT3_BOB),
    ),
    tie="",  # Ann and Cat tie on 25; Ann went out in hands 1 and 3, Cat in 2: Ann wins
    final=("1 Ann 25 Winner 2 phases made", "2 Cat 25 2 phases made", "3 Bob 50 1 phase made"),
)  # fmt: skip

GAMES: tuple[Game, ...] = (
    CONTRACT, LIVERPOOL, PARLETT, COMBINATION, MAY_I, SHANGHAI, POWE, KOLSOV, CONTINENTAL, PROGRESSIVE, PHASE10,
    PHASE10_CARDS, CARIOCA, KALOOKI, CUSTOM_CCW, CUSTOM_PER_PLAYER, CUSTOM_FIXED_PHASES, CUSTOM_PER_PLAYER_DEALS_WON,
)  # fmt: skip
BY_ID = {game.id: game for game in GAMES}
