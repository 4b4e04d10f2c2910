"""A deal's judgement at the table: each line of the score form read and scored, the deal's checks, the totals.

The score form has a line per player: the cards left (ranks, typed or
tapped) or their points typed as a number, and the ruleset's adjustments
ticked (an exact cut, going down and out in one turn). This module is the
one place that reads such a line, knows what each adjustment is worth, adds
a hand's points to its adjustment, and checks the deal as a whole (someone
went out or the stock ran out, the one who went out holds nothing, hand
sizes and the packs' supply). The web pages, the offline sync and the league
importer adapt to it; the phone's own tally (``static/js/tally.js``) mirrors
:func:`score_line` and is checked against it on one golden table.

Errors stop a save (a sentence beside the line or the "who went out"
choice); warnings are sentences the table may overrule ("save anyway").

>>> from .catalogue import find_ruleset
>>> liverpool = find_ruleset("liverpool")
>>> score_line(liverpool, cards="K Q 7 JK", ticked={"exact_cut"}).total
-8
>>> score_line(liverpool, points="25").total, score_line(liverpool, cards="K", out=True).total
(25, 0)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from .cards import Deck, Notation
from .rulesets import Progression, Ruleset
from .scoring import ace_colour_sentence, rank_points
from .seats import Side
from .tally import HandTextError, hand_warnings, read_hand, read_phase10_hand, table_warnings
from .speech import say, say_n
from .words import and_list

__all__ = [
    "MAX_HAND_CARDS",
    "MAX_HAND_TEXT",
    "MAX_TYPED_POINTS",
    "STOCK",
    "Adjustment",
    "DealJudgement",
    "LineEntry",
    "LineScore",
    "adjustments",
    "bonus_problem",
    "hand_total",
    "judge_deal",
    "line_adjustment",
    "read_cards",
    "read_points",
    "score_line",
]

MAX_HAND_CARDS = 50
"""More cards than any hand holds."""
MAX_HAND_TEXT = 200
"""The longest hand text read (and stored: the column holds 200 characters)."""
MAX_TYPED_POINTS = 2000
"""More points than any hand can hold."""
_POINTS_READ = 10**9
"""Typed points beyond this (either way) are not read as a number at all."""
STOCK = "stock"
"""The "who went out" answer when nobody did: the stock ran out and everyone scores."""


def hand_total(points: int, adjustment: int) -> int:
    """A hand's score in a deal: its penalty points plus its adjustment (negative for a bonus).

    The one place the two are added: the stored hand (``models.HandScore.total``,
    also as SQL), a line on the score form, and the phone's tally all come here.
    """
    return points + adjustment


@dataclass(frozen=True, slots=True)
class Adjustment:
    """One thing the score form can tick on a line, and what it adds to that hand's score."""

    field: str
    """The form's name for it: ``"exact_cut"`` or ``"one_turn_out"``."""
    points: int
    """What it adds to the hand's score (negative: a bonus taken off)."""


def adjustments(ruleset: Ruleset) -> tuple[Adjustment, ...]:
    """The adjustments ``ruleset`` has, as data (the phone's tally gets the same list).

    >>> from .catalogue import find_ruleset
    >>> adjustments(find_ruleset("liverpool"))
    (Adjustment(field='exact_cut', points=-50),)
    """
    found = []
    if ruleset.exact_cut_bonus:
        found.append(Adjustment("exact_cut", -ruleset.exact_cut_bonus))
    if ruleset.one_turn_out_bonus:
        found.append(Adjustment("one_turn_out", -ruleset.one_turn_out_bonus))
    return tuple(found)


def line_adjustment(ruleset: Ruleset, ticked: Collection[str]) -> int:
    """What the ticked adjustments add to a hand's score (an adjustment the ruleset lacks adds nothing).

    >>> from .catalogue import find_ruleset
    >>> line_adjustment(find_ruleset("liverpool"), {"exact_cut"}), line_adjustment(find_ruleset("shanghai"), {"exact_cut"})
    (-50, 0)
    """
    return sum(a.points for a in adjustments(ruleset) if a.field in ticked)


def bonus_problem(
    ruleset: Ruleset, ticked: Collection[str], *, went_out: bool, cutter: str | None = None, side: Side | None = Side.RIGHT
) -> str | None:
    """Why a line's ticked bonuses can't stand (a sentence), or ``None``.

    A bonus the ruleset lacks; going down and out in one turn for a player who
    didn't go out; and, when ``cutter`` names the player who cut (the line
    being someone else's), an exact cut by the wrong player, said with the
    ``side`` of the dealer they sit on (``None``: not beside the dealer, in a
    tie-break hand). The going-out bonus is judged last: its sentence wins
    when both are wrong.
    """
    problem = None
    if "exact_cut" in ticked:
        if not ruleset.exact_cut_bonus:
            problem = say("%(name)s has no exact-cut bonus.", name=ruleset.name)
        elif cutter is not None:
            problem = _wrong_cutter(cutter, side)
    if "one_turn_out" in ticked:
        if not ruleset.one_turn_out_bonus:
            problem = say("%(name)s has no bonus for going down and out in one turn.", name=ruleset.name)
        elif not went_out:
            problem = say("Only the player who went out can have gone down and out in one turn.")
    return problem


def _wrong_cutter(cutter: str, side: Side | None) -> str:
    """An exact cut ticked on the line of a player who did not cut (RULES.md §8.7.13: the side follows the
    direction)."""
    if side is Side.RIGHT:
        return say("Only %(cutter)s, on the dealer's right, cut this deal.", cutter=cutter)
    if side is Side.LEFT:
        return say("Only %(cutter)s, on the dealer's left, cut this deal.", cutter=cutter)
    return say("Only %(cutter)s cut this deal.", cutter=cutter)


def read_cards(
    text: str, deck: Deck = Deck.STANDARD, *, ace_suits: bool = False, notation: Notation = Notation.ENGLISH
) -> tuple[str, ...]:
    """The ranks left in a hand, typed with or without spaces (see :func:`~.tally.read_hand`), at most 50; on the
    Phase 10 deck its numbers, W and SKIP (:func:`~.tally.read_phase10_hand`); with ``ace_suits`` (the ace scores
    by its colour) an ace keeps its suit (``"AH"``), typed in ``notation``'s suit letters.

    Raises :class:`~.tally.HandTextError` with a sentence for the player.
    """
    if len(text or "") > MAX_HAND_TEXT:
        raise HandTextError(say("That is more than any hand holds: a hand is at most %(most)s cards.", most=MAX_HAND_CARDS))
    ranks = read_phase10_hand(text or "") if deck is Deck.PHASE10 else read_hand(text or "", ace_suits=ace_suits, notation=notation)
    if len(ranks) > MAX_HAND_CARDS:
        raise HandTextError(say("%(count)s cards is more than any hand holds: a hand is at most %(most)s cards.",
                                count=len(ranks), most=MAX_HAND_CARDS))  # fmt: skip
    return ranks


def read_points(text: str) -> int:
    """Points typed for a hand: a whole number from 0 to 2000. Raises :class:`~.tally.HandTextError` otherwise.

    >>> read_points(" 25 ")
    25
    >>> read_points("25.5")
    Traceback (most recent call last):
    ...
    companion.rules.tally.HandTextError: “25.5” is not a number of points: type a whole number, like 25.
    """
    text = (text or "").strip()
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 12 or abs(int(text)) > _POINTS_READ:
        shown = text if len(text) <= 12 else text[:10] + "…"
        raise HandTextError(say("“%(text)s” is not a number of points: type a whole number, like 25.", text=shown))
    points = int(text)
    if points < 0:
        raise HandTextError(say("Points can't be negative: type the cards left, or their points."))
    if points > MAX_TYPED_POINTS:
        raise HandTextError(say("%(points)s points is more than any hand can hold.", points=points))
    return points


@dataclass(frozen=True, slots=True)
class LineScore:
    """One line of the score form, read and scored."""

    ranks: tuple[str, ...] | None
    """The ranks left (``None`` when the points were typed as a number)."""
    typed: int | None
    """The points as typed (``None`` when the cards were entered)."""
    points: int
    """The hand's penalty points before adjustments."""
    adjustment: int
    """What the ticked adjustments add (negative: bonuses)."""
    ticked: frozenset[str] = frozenset()
    """The adjustments ticked on the line, by their field names."""

    @property
    def total(self) -> int:
        """The line's score in the deal."""
        return hand_total(self.points, self.adjustment)


def score_line(
    ruleset: Ruleset, *, cards: str = "", points: str = "", out: bool = False, ticked: Collection[str] = (),
    notation: Notation = Notation.ENGLISH,
) -> LineScore:
    """A line of the score form as it will be saved: the cards left or their points, plus its adjustments.

    A player who went out holds nothing (whatever the line says: :func:`judge_deal` asks to clear it). The cards'
    suits are read in ``notation``'s letters (a page's; the JSON API's are API.md's).
    Raises :class:`~.tally.HandTextError` with the sentence shown beside the line.
    """
    chosen = frozenset(ticked)
    adjustment = line_adjustment(ruleset, chosen)
    cards, points = (cards or "").strip(), (points or "").strip()
    if out:
        return LineScore(ranks=(), typed=None, points=0, adjustment=adjustment, ticked=chosen)
    if cards and points:
        raise HandTextError(say("Enter the cards left or their points, not both."))
    if points:
        typed = read_points(points)
        return LineScore(ranks=None, typed=typed, points=typed, adjustment=adjustment, ticked=chosen)
    ranks = read_cards(cards, ruleset.deck, ace_suits=ruleset.points.split_ace, notation=notation)
    if ruleset.points.split_ace and "A" in ranks:
        raise HandTextError(ace_colour_sentence(ruleset, notation))
    return LineScore(ranks=ranks, typed=None, points=rank_points(ruleset, ranks), adjustment=adjustment, ticked=chosen)


@dataclass(frozen=True, slots=True)
class LineEntry:
    """One player's line of the score form, as typed."""

    position: int
    """The player's seat (0 is the first seat, clockwise)."""
    cards: str = ""
    """The cards left, as ranks (``"K Q 7 JK"``, ``"kq7jk"``)."""
    points: str = ""
    """Or the points left, typed as a number."""
    ticked: frozenset[str] = frozenset()
    """The adjustments ticked (``"exact_cut"``, ``"one_turn_out"``)."""
    made: bool = False
    """Whether the player made their phase in this hand (the "made" tick; per-player games, RULES.md §8.6)."""
    chosen_phase: int | None = None
    """The phase the player chose before the hand (Phase 10 Masters); ``None`` where it is derived."""
    notation: Notation = Notation.ENGLISH
    """The suit letters the cards were typed in: a Spanish page's (P C D T) or API.md's."""


@dataclass(frozen=True, slots=True)
class DealTable:
    """What the deal's checks need to know about the table, as of this deal."""

    names: Mapping[int, str]
    """Each seat's player, by position."""
    cutter: int
    """The seat that cut this deal (:func:`~.seats.hand_roles`): only they can have an exact cut."""
    cutter_side: Side | None = Side.RIGHT
    """Which of the dealer's neighbours cut (``None``: a tied player further away, in a tie-break hand)."""
    buys: Mapping[int, int] = field(default_factory=dict)
    """May Is / buys each seat made in this deal (a hand may hold that many more cards)."""


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """One player's scored line in a judged deal."""

    position: int
    """The player's seat."""
    line: LineScore
    """The line as read and scored."""
    buys: int
    """May Is / buys the player made in this deal."""
    made: bool = False
    """Whether the player made their phase in this hand (per-player games)."""
    chosen_phase: int | None = None
    """The phase the player chose before the hand (Phase 10 Masters), else ``None``."""

    @property
    def total(self) -> int:
        """The player's score in the deal."""
        return self.line.total


@dataclass(frozen=True, slots=True)
class DealJudgement:
    """A deal's score form checked: problems stop the save, warnings need the table's say-so."""

    went_out: int | None
    """The seat that went out (``None``: the stock ran out, or the choice is missing or wrong)."""
    hands: tuple[ScoredHand, ...] = ()
    """Each line scored, in the order given (empty when there are problems)."""
    went_out_problem: str | None = None
    """The sentence beside the "who went out" choice, when it is missing or not a seat."""
    line_problems: Mapping[int, str] = field(default_factory=dict)
    """The sentence beside each line that can't be saved, by seat."""
    warnings: tuple[str, ...] = ()
    """What looks wrong but the table may keep (too many cards, more jokers than in play)."""

    @property
    def ok(self) -> bool:
        """Whether the deal can be saved (perhaps after the table confirms the warnings)."""
        return self.went_out_problem is None and not self.line_problems

    @property
    def problems(self) -> tuple[str, ...]:
        """Every problem's sentence, the "who went out" one first."""
        first = (self.went_out_problem,) if self.went_out_problem else ()
        return first + tuple(self.line_problems.values())

    @property
    def totals(self) -> dict[int, int]:
        """Each seat's score in the deal."""
        return {hand.position: hand.total for hand in self.hands}


def judge_deal(
    ruleset: Ruleset, deal_number: int, table: DealTable, went_out: int | str | None, lines: Sequence[LineEntry]
) -> DealJudgement:
    """Check a deal's score form against the rules and score each line.

    ``went_out`` is the seat that went out, :data:`STOCK` when nobody did, or
    ``None`` when nothing was chosen. Lines for seats not at the table are
    ignored.
    """
    out, went_out_problem = _who_went_out(table, went_out)
    scored: dict[int, LineScore] = {}
    line_problems: dict[int, str] = {}
    for entry in lines:
        if entry.position not in table.names:
            continue
        try:
            scored[entry.position] = _judged_line(ruleset, table, entry, out)
        except HandTextError as problem:
            line_problems[entry.position] = str(problem)
    if went_out_problem or line_problems:
        return DealJudgement(went_out=out, went_out_problem=went_out_problem, line_problems=line_problems)
    entries = {entry.position: entry for entry in lines}
    hands = tuple(
        ScoredHand(p, line, table.buys.get(p, 0), made=_made(ruleset, entries[p], out), chosen_phase=entries[p].chosen_phase)
        for p, line in scored.items()
    )
    warnings = _deal_warnings(ruleset, deal_number, table, hands, out, stock_ran_out=went_out == STOCK)
    return DealJudgement(went_out=out, hands=hands, warnings=tuple(warnings))


def _made(ruleset: Ruleset, entry: LineEntry, out: int | None) -> bool:
    """Whether the line's player made their phase: ticked, or went out. Going out needs the phase laid down (RULES.md
    §8.6.4), so the score form takes the one who went out as having made it, tick or not: one tap fewer each hand,
    and never the refusal "Ann went out, so Ann made phase 4; tick it." (a record that says otherwise, a backup or
    a sheet, is still refused by :func:`~.progression.follow_game`)."""
    return entry.made or (ruleset.progression is not Progression.FIXED and entry.position == out)


def _who_went_out(table: DealTable, went_out: int | str | None) -> tuple[int | None, str | None]:
    """The seat that went out (``None`` for the stock), or the sentence saying what is wrong with the choice."""
    if went_out is None or went_out == "":
        return None, say("Tap who went out, or “Nobody: the stock ran out”.")
    if went_out == STOCK:
        return None, None
    if isinstance(went_out, int) and went_out in table.names:
        return went_out, None
    return None, say("Tap one of the players at this table.")


def _judged_line(ruleset: Ruleset, table: DealTable, entry: LineEntry, out: int | None) -> LineScore:
    """One line scored, or :class:`~.tally.HandTextError` with its problem (the last one found wins)."""
    went_out = entry.position == out
    problem = None
    line = None
    if went_out and not _clear(entry):
        name = table.names[entry.position]
        problem = say("%(name)s went out, so %(name)s has no cards left: clear this line.", name=name)
    else:  # a line that can't be read says so alone: its bonuses are judged once it is read
        line = score_line(ruleset, cards=entry.cards, points=entry.points, out=went_out, ticked=entry.ticked,
                          notation=entry.notation)
    # named only for an exact cut ticked on another line (the cutter plays the hand: seats.hand_roles)
    cutter = None if entry.position == table.cutter or "exact_cut" not in entry.ticked else table.names[table.cutter]
    problem = bonus_problem(ruleset, entry.ticked, went_out=went_out, cutter=cutter, side=table.cutter_side) or problem
    if problem is not None:
        raise HandTextError(problem)
    assert line is not None
    return line


def _clear(entry: LineEntry) -> bool:
    """Whether a line holds nothing (an empty box, or a 0, in both boxes)."""
    return (entry.cards or "").strip() in ("", "0") and (entry.points or "").strip() in ("", "0")


def _deal_warnings(
    ruleset: Ruleset,
    deal_number: int,
    table: DealTable,
    hands: Sequence[ScoredHand],
    out: int | None,
    *,
    stock_ran_out: bool,
) -> list[str]:
    """Hand sizes and the packs' supply, then lines left empty that should hold cards."""
    warnings = _supply_warnings(ruleset, deal_number, table, hands)
    empty = [table.names[h.position] for h in hands if h.position != out and h.line.typed is None and not h.line.ranks]
    if empty:
        warnings.append(_empty_lines_warning(empty, stock_ran_out=stock_ran_out))
    return warnings


def _supply_warnings(ruleset: Ruleset, deal_number: int, table: DealTable, hands: Sequence[ScoredHand]) -> list[str]:
    """Each hand's size and copies against the deal and the packs, then the copies across all the hands."""
    # a per-player game's hands run past its phases; every phase deals the same cards (RULES.md §8.6.1)
    deal = ruleset.deal(deal_number if ruleset.progression is Progression.FIXED else 1)
    players = len(table.names)
    warnings = []
    for hand in hands:
        if hand.line.ranks:
            said = hand_warnings(ruleset, deal, hand.line.ranks, players=players, buys=hand.buys)
            warnings += [say("%(name)s: %(warning)s", name=table.names[hand.position], warning=warning) for warning in said]
    return warnings + table_warnings(ruleset, [hand.line.ranks or () for hand in hands], players=players)


def _empty_lines_warning(empty: Sequence[str], *, stock_ran_out: bool) -> str:
    """The players whose lines are empty although they did not go out (a line left out by mistake?)."""
    names = and_list(empty)
    if stock_ran_out:
        return say_n("The stock ran out, so everyone scores, but %(names)s has no cards entered.",
                     "The stock ran out, so everyone scores, but %(names)s have no cards entered.", len(empty), names=names)
    return say_n("Only one player goes out, but %(names)s has no cards entered: enter the cards left, or save anyway.",
                 "Only one player goes out, but %(names)s have no cards entered: enter their cards left, or save anyway.",
                 len(empty), names=names)  # fmt: skip
