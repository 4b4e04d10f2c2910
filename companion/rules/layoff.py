"""Play after going down: laying off, and taking a joker from a run.

Two questions a player asks at the table, each answered by a frozen ruling
with ``legal`` and ``problems`` (sentences a player understands, naming the
cards). Illegal play is never an exception: an empty meld or a card that
fits nowhere is a problem, not an error.

- :func:`check_lay_off`: may these cards from my hand go on that meld?
- :func:`check_joker_exchange`: may this natural card take the place of a
  joker in that run, so that I take the joker?

Each sentence is said through :mod:`.speech` in the language in use, a
whole sentence with its cards, melds and the ruleset's words as
placeholders (English as RULES.md writes it unless a caller chose another).

A meld on the table is given as its cards, in any order. It was legal when
laid, so it is a set or a run (or Progressive's pair); where its cards could
be read either way (``7H JK JK``), the caller may say which with ``kind``,
and otherwise the play is accepted if any reading allows it.

Readings this module takes (RULES.md leaves them open):

- ``max_wilds`` limits the melds of a contract, that is going down; laying
  off a wild card on a meld is never limited (Shanghai's "a book or run
  cannot contain more than one joker" is read as a rule for going down).
- A wild card's place in a run is fixed once melded. Cards laid off go
  beyond the run's ends (a laid-off wild may fill a place between them and
  the run); a natural card whose place a wild already holds does not lay
  off, it is exchanged (:func:`check_joker_exchange`). Where the cards on
  the table leave a wild's place open (``5S 6S 7S JK``: the joker is 4S or
  8S), any reading will do.
- A pair is exactly two cards: nothing lays off on it, and its wild, like a
  set's, is dead.
- A lay-off may not bring more copies of a card onto one meld than the
  largest table's packs hold (the supply check of going down).

>>> from .catalogue import find_ruleset
>>> contract = find_ruleset("contract")
>>> check_lay_off(contract, parse_cards("5S 6S 7S 8S"), parse_cards("9S 10S")).reading.describe()
'run of spades, 5 to 10'
>>> check_joker_exchange(contract, parse_cards("5S JK 7S 8S"), Card.parse("6S")).joker_index
1
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from .cards import Card, Rank, Suit, format_cards, parse_cards  # noqa: F401 (parse_cards: for the doctests)
from .godown import MeldReading, agreed_reading, supply_problems
from .runs import card_at, corner_window, longest_run, longest_run_span, positions, run_windows, written_order
from .hits import check_hit, ranks_word
from .rulesets import AceRule, JokerReclaim, LayOffTiming, MeldKind, Ruleset, RunSuit
from .speech import mark_word, say, say_n, say_word
from .words import and_list, number_word, or_list

__all__ = ["ExchangeRuling", "LayOffProblem", "LayOffProblemKind", "LayOffRuling", "check_joker_exchange", "check_lay_off"]


class LayOffProblemKind(enum.IntEnum):
    """What is wrong with a lay-off or a joker exchange, in the order a player would look."""

    TIMING = 1
    """Too early: in the turn of going down, or before going down on an earlier turn."""
    MELD = 2
    """The meld on the table is no meld this play can use, or no card was chosen."""
    RULE = 3
    """The ruleset's joker rules: melded wilds stay, a joker slides, a joker in a set is dead."""
    CARD = 4
    """A card that doesn't belong: another rank or suit, already in the run, its place held."""
    ROOM = 5
    """A run already as long as a run can be."""
    GAP = 6
    """A gap between the run and the cards that no laid-off wild fills."""
    WRAP = 7
    """Cards that would fit only by going round the corner past the ace."""
    WILDS = 8
    """More wilds on one meld than the ruleset allows on the table (Shanghai)."""
    SUPPLY = 9
    """More copies of a card on one meld than the packs hold."""


@dataclass(frozen=True, slots=True)
class LayOffProblem:
    """One reason a lay-off or an exchange is refused: its kind, and the sentence a player reads."""

    kind: LayOffProblemKind
    message: str


@dataclass(frozen=True, slots=True)
class LayOffRuling:
    """The answer to "may these cards go on that meld?".

    ``reading`` is the meld with the cards added (its cards are the meld's,
    then the laid-off ones), when legal; a wild's stand-in is given only
    where every legal reading agrees. ``readings`` lists every legal
    reading, for a caller who wants to ask where a laid-off joker goes.
    """

    legal: bool
    problems: tuple[str, ...]
    reading: MeldReading | None = None
    readings: tuple[MeldReading, ...] = ()
    details: tuple[LayOffProblem, ...] = field(default=(), repr=False)
    """The problems with their kinds, in the order of ``problems``."""

    def to_json(self) -> dict[str, object]:
        """The API's shape: ``{"legal", "problems", "meld"}``."""
        return {
            "legal": self.legal,
            "problems": list(self.problems),
            "meld": None if self.reading is None else self.reading.to_json(),
        }


@dataclass(frozen=True, slots=True)
class ExchangeRuling:
    """The answer to "may this natural card take a melded joker's place?".

    When legal, ``joker_index`` is the joker's index in the meld as given,
    ``stands_for`` the card it stood for (the natural itself), and
    ``reading`` the meld after the exchange (the natural in the joker's
    index).
    """

    legal: bool
    problems: tuple[str, ...]
    joker_index: int | None = None
    stands_for: Card | None = None
    reading: MeldReading | None = None
    details: tuple[LayOffProblem, ...] = field(default=(), repr=False)
    """The problems with their kinds, in the order of ``problems``."""

    def to_json(self) -> dict[str, object]:
        """The API's shape: ``{"legal", "problems", "joker_index", "stands_for", "meld"}``."""
        return {
            "legal": self.legal,
            "problems": list(self.problems),
            "joker_index": self.joker_index,
            "stands_for": None if self.stands_for is None else str(self.stands_for),
            "meld": None if self.reading is None else self.reading.to_json(),
        }


# ---------------------------------------------------------------------------
# Words


def _a_rank(rank: Rank) -> str:
    """One card of ``rank`` in words, in the language in use: ``"an ace"``, ``"an 8"``, ``"a 7"``."""
    named = {
        Rank.ACE: say("an ace"), Rank.EIGHT: say("an 8"), Rank.JACK: say("a jack"), Rank.QUEEN: say("a queen"),
        Rank.KING: say("a king"),
    }  # fmt: skip
    return named.get(rank) or say("a %(rank)s", rank=rank.label)


def _set_word(ruleset: Ruleset) -> str:
    """The ruleset's word for a set, in the language in use."""
    return say_word("set word", ruleset.set_word)


def _run_word(ruleset: Ruleset) -> str:
    """The ruleset's word for a run, in the language in use."""
    return say_word("run word", ruleset.run_word)


def _joined(cards: Sequence[str], message: str) -> str:
    """``cards`` joined two by two through ``message`` (``"%(items)s or %(last)s"``): ``"JK or 2S or 2H"``."""
    text = cards[0]
    for card in cards[1:]:
        text = say(message, items=text, last=card)
    return text


def _is_ladder(ruleset: Ruleset, meld: Sequence[Card], kind: MeldKind | None) -> bool:
    """Whether ``meld`` is a ladder: said so, or, where the ruleset has a ladder deal, 13 cards whose natural
    cards are of different ranks (one of each rank A to K, RULES.md §8.0)."""
    if kind is MeldKind.LADDER:
        return True
    if kind is not None or len(meld) != 13 or not any(deal.ladder is not None for deal in ruleset.deals):
        return False
    ranks = [card.rank for card in meld if not ruleset.is_wild(card)]
    return None not in ranks and len(set(ranks)) == len(ranks)


def _places(positions: Sequence[int], suit: Suit) -> str:
    """Run places in words: ``9S``, ``8S 9S``, ``5S to JS``, joined by "and"."""
    groups: list[list[int]] = []
    for position in sorted(positions):
        if groups and groups[-1][-1] == position - 1:
            groups[-1].append(position)
        else:
            groups.append([position])
    words = []
    for group in groups:
        if len(group) >= 3:
            words.append(say("%(first)s to %(last)s", first=card_at(group[0], suit), last=card_at(group[-1], suit)))
        else:
            words.append(" ".join(str(card_at(p, suit)) for p in group))
    return and_list(words)




# ---------------------------------------------------------------------------
# How a run lies


@dataclass(frozen=True, slots=True)
class _Layout:
    """One way a run's cards lie: its window, and each card's place.

    ``places[i]`` is card ``i``'s position, or ``None`` for a wild whose
    place is open: the cards are not written in run order, so the wilds
    share the ``free`` places between them.
    """

    low: int
    high: int
    places: tuple[int | None, ...]
    free: tuple[int, ...]

    def wild_places(self, cards: Sequence[Card], wilds: Sequence[int]) -> dict[int, int]:
        """Each wild's place: its own if fixed, else the free places in the order written."""
        fixed = {i: place for i in wilds if (place := self.places[i]) is not None}
        open_wilds = [i for i in wilds if i not in fixed]
        return fixed | dict(zip(open_wilds, self.free, strict=False))


def _layouts(ruleset: Ruleset, cards: Sequence[Card]) -> list[_Layout]:
    """Every way ``cards`` (naturals of one suit, and wilds) lie as a run."""
    naturals = [card for card in cards if not ruleset.is_wild(card)]
    if not naturals or len({card.suit for card in naturals}) > 1:
        return []
    layouts = []
    for low, ace_at in run_windows(ruleset, naturals, len(cards)):
        layouts.append(_layout(ruleset, cards, low, ace_at))
        if low == 1 and ruleset.aces is AceRule.AROUND and len(cards) < 13:
            # round the corner, a run from the ace also lies a circle later (14 on), so a king goes below it
            layouts.append(_layout(ruleset, cards, 14, 14))
    return layouts


def _layout(ruleset: Ruleset, cards: Sequence[Card], low: int, ace_at: int | None) -> _Layout:
    """The cards laid out in the window from ``low`` (past 14 the ranks start again, aces ``around``)."""
    high = low + len(cards) - 1
    ordered = written_order(ruleset, cards, low, high) if low <= 14 else None
    if ordered is not None:
        return _Layout(low, high, tuple(ordered), ())
    places = _unordered_places(ruleset, cards, low, ace_at)
    taken = {p for p in places if p is not None}
    return _Layout(low, high, tuple(places), tuple(p for p in range(low, high + 1) if p not in taken))


def _unordered_places(ruleset: Ruleset, cards: Sequence[Card], low: int, ace_at: int | None) -> list[int | None]:
    """Each natural's place in the window from ``low`` (``None`` for a wild), the cards not being in run order."""
    places: list[int | None] = []
    aces_seen = 0
    for card in cards:
        if ruleset.is_wild(card):
            places.append(None)
        elif card.rank is Rank.ACE:
            places.append(ace_at if ace_at is not None else (1, 14)[aces_seen])
            aces_seen += 1
        else:
            rank = int(card.natural_rank)
            places.append(rank if rank >= low else rank + 13)
    return places


def _reading(
    kind: MeldKind, cards: Sequence[Card], suit: Suit, low: int, high: int, wilds: dict[int, int]
) -> MeldReading:
    stand_ins = tuple(sorted((i, card_at(p, suit)) for i, p in wilds.items()))
    return MeldReading(kind=kind, cards=tuple(cards), suit=suit, low=low, high=high, wilds=stand_ins)


def _agreed(readings: Sequence[MeldReading]) -> MeldReading | None:
    """The first reading, keeping only the stand-ins every reading agrees on (as a go-down's); ``None``: none."""
    return agreed_reading(readings) if readings else None


def _unique(readings: Sequence[MeldReading]) -> list[MeldReading]:
    seen: list[MeldReading] = []
    for reading in readings:
        if reading not in seen:
            seen.append(reading)
    return seen


# ---------------------------------------------------------------------------
# What a meld on the table is


@dataclass(frozen=True, slots=True)
class _TableMeld:
    """A meld on the table, and the kinds it can be read as."""

    cards: tuple[Card, ...]
    naturals: tuple[Card, ...]
    wilds: tuple[int, ...]
    kinds: tuple[MeldKind, ...]
    problem: str | None

    @property
    def text(self) -> str:
        return format_cards(self.cards)

    @property
    def rank(self) -> Rank:
        return self.naturals[0].natural_rank

    @property
    def suit(self) -> Suit:
        return self.naturals[0].natural_suit


def _table_meld(ruleset: Ruleset, cards: Sequence[Card], kind: MeldKind | None, *, verb: str) -> _TableMeld:
    """The meld's kinds, or why it is no meld ``verb`` can use (``"lay off on"``)."""
    cards = tuple(cards)
    naturals = tuple(card for card in cards if not ruleset.is_wild(card))
    wilds = tuple(i for i, card in enumerate(cards) if ruleset.is_wild(card))
    kinds, problem = _meld_kinds(ruleset, cards, naturals, kind, verb)
    return _TableMeld(cards, naturals, wilds, kinds, problem)


def _meld_kinds(
    ruleset: Ruleset, cards: tuple[Card, ...], naturals: tuple[Card, ...], kind: MeldKind | None, verb: str
) -> tuple[tuple[MeldKind, ...], str | None]:
    """The kinds a meld on the table can be (``kind`` when the table says it), or the sentence why it is none."""
    text = format_cards(cards)
    if not cards:
        return (), _no_meld(verb)
    if not naturals:
        return (), say("%(meld)s has no natural card, so it is not a meld.", meld=text)
    one_rank = len({card.rank for card in naturals}) == 1
    if kind is MeldKind.PAIR or (kind is None and len(cards) == 2 and one_rank):
        if len(cards) == 2 and one_rank:
            return (MeldKind.PAIR,), None
        return (), say("%(meld)s is not a pair: a pair is two cards of one rank.", meld=text)
    if len(cards) < 3:
        return (), _too_few_cards(ruleset, text, len(cards), kind)
    return _set_or_run(ruleset, cards, naturals, one_rank, kind)


def _no_meld(verb: str) -> str:
    """The sentence for no meld given, for what the player meant to do with it (``verb``: ``"lay off on"``)."""
    if verb == "take a joker from":
        return say("There is no meld to take a joker from: give the cards of a meld on the table.")
    if verb == "move a joker from":
        return say("There is no meld to move a joker from: give the cards of a meld on the table.")
    return say("There is no meld to lay off on: give the cards of a meld on the table.")


def _too_few_cards(ruleset: Ruleset, text: str, count: int, kind: MeldKind | None) -> str:
    """The sentence for a meld on the table of fewer than three cards (``kind``: what it was said to be)."""
    if kind is MeldKind.SET:
        return say_n("%(meld)s is only %(num)s card; a %(set_word)s on the table has at least 3.",
                     "%(meld)s is only %(num)s cards; a %(set_word)s on the table has at least 3.", count,
                     meld=text, set_word=_set_word(ruleset))  # fmt: skip
    if kind is MeldKind.RUN:
        return say_n("%(meld)s is only %(num)s card; a run on the table has at least 3.",
                     "%(meld)s is only %(num)s cards; a run on the table has at least 3.", count, meld=text)  # fmt: skip
    return say_n("%(meld)s is only %(num)s card; a meld on the table has at least 3.",
                 "%(meld)s is only %(num)s cards; a meld on the table has at least 3.", count, meld=text)  # fmt: skip


def _set_or_run(
    ruleset: Ruleset, cards: tuple[Card, ...], naturals: tuple[Card, ...], one_rank: bool, kind: MeldKind | None
) -> tuple[tuple[MeldKind, ...], str | None]:
    """A meld of three or more: a set, a run, both, or the sentence why neither."""
    text, word = format_cards(cards), _set_word(ruleset)
    kinds = []
    if one_rank and (ruleset.dup_suits or len({card.suit for card in naturals}) == len(naturals)):
        kinds.append(MeldKind.SET)
    # RULES.md §6.1: known only by its cards, a meld is a run only if it is as long as the shortest
    # run a contract asks for (Contract's 7H JK JK is a group of 7s; Continental's 10S JK JK a trio).
    shortest = ruleset.shortest_run
    long_enough = kind is MeldKind.RUN or (shortest is not None and len(cards) >= shortest)
    could_be_run = bool(_layouts(ruleset, cards))
    if could_be_run and long_enough:
        kinds.append(MeldKind.RUN)
    if kind is not None:
        if kind not in kinds:
            if kind is MeldKind.RUN:
                return (), say("%(meld)s is not a run.", meld=text)
            return (), say("%(meld)s is not a %(set_word)s.", meld=text, set_word=word)
        return (kind,), None
    if kinds:
        return tuple(kinds), None
    if could_be_run and shortest is not None:
        return (), say("%(meld)s is not a %(set_word)s, and a run on the table has at least %(length)s cards.",
                       meld=text, set_word=word, length=shortest)  # fmt: skip
    if could_be_run:
        return (), say("%(meld)s is not a %(set_word)s, and no contract of %(game)s has runs.", meld=text,
                       set_word=word, game=ruleset.name)  # fmt: skip
    return (), say("%(meld)s is not a %(set_word)s or a run.", meld=text, set_word=word)


# ---------------------------------------------------------------------------
# Laying off


def check_lay_off(
    ruleset: Ruleset,
    meld: Sequence[Card],
    cards: Sequence[Card],
    *,
    kind: MeldKind | None = None,
    turns_since_going_down: int | None = None,
    own_run: bool = False,
    moved_from: Sequence[Card] | None = None,
) -> LayOffRuling:
    """Whether ``cards`` from a player's hand may be laid off on ``meld``.

    ``meld`` is the cards of a meld on the table, in any order; ``kind``
    says whether it is a set, run or pair where its cards leave that open
    (``None``: the lay-off is legal if any reading of the meld allows it).
    All the cards go on at once, and must fit together:

    - A **set** takes cards of its rank (any suit where ``dup_suits``, else
      only suits it does not hold yet) and wild cards.
    - A **run** grows at either end, in its suit and in unbroken order: down
      to the ace as 1 or up to the ace as 14 (aces high only: only above the
      king), never round the corner. A wild laid off with naturals may fill
      a place between them and the run. A wild's place in the run is fixed
      once melded, so a natural card whose place it holds is exchanged, not
      laid off. A 14-card run, A to A, is full.
    - A **pair** takes nothing.

    ``max_wilds`` limits going down only, unless ``table_max_wilds`` says
    it limits a meld on the table at any time (Shanghai, RULES.md §6.2).
    With ``reclaim`` ``SLIDE`` (Continental, §6.3), a natural laid in the
    place a joker holds in a run the player dropped themselves
    (``own_run``) takes that place, and the joker slides to an open end.
    ``moved_from`` is the player's own run the wild card or cards laid off
    are moved from, instead of coming from the hand: with ``reclaim``
    ``SLIDE`` an end joker of your run may go to another player's run, but
    not off a run of only three cards, and a joker in a set stays (§6.3);
    where ``reclaim`` is not ``SLIDE`` a melded wild is never moved to
    another meld. ``turns_since_going_down`` is the number of
    the player's turns since they went down (0: this turn; ``None``: not
    checked); with ``lay_off`` ``LATER_TURN`` a player may not lay off in
    the turn they go down. Raises ``ValueError`` for a negative number of
    turns; never raises on well-formed cards.

    >>> from .catalogue import find_ruleset
    >>> contract, shanghai = find_ruleset("contract"), find_ruleset("shanghai")
    >>> run = parse_cards("5S 6S 7S 8S")
    >>> ruling = check_lay_off(contract, run, parse_cards("10S JK"))
    >>> ruling.legal, ruling.reading.describe()
    (True, 'run of spades, 5 to 10, JK stands for 9S')
    >>> check_lay_off(contract, run, parse_cards("10S")).problems
    ('10S does not fit 5S 6S 7S 8S: it would leave a gap at 9S.',)
    >>> check_lay_off(contract, run, parse_cards("QH")).problems
    ('QH is a heart; this run is spades.',)
    >>> check_lay_off(contract, parse_cards("9C 9D 9S"), parse_cards("9C JK")).legal
    True
    >>> check_lay_off(contract, parse_cards("9C 9D 9S"), parse_cards("7D")).problems
    ('7D is not a 9; a group of 9s takes only 9s.',)
    >>> check_lay_off(contract, parse_cards("JS QS KS AS"), parse_cards("2S")).problems
    ('Nothing goes above the ace: J-Q-K-A-2 goes round the corner.',)
    >>> check_lay_off(shanghai, parse_cards("2S 3S 4S 5S"), parse_cards("AS")).problems
    ('Aces are high only: A-2-3-4-5 is not a run.',)
    >>> check_lay_off(shanghai, parse_cards("8H 8S JK"), parse_cards("JK")).problems  # one wild, on the table too
    ('8H 8S JK already holds one wild card; in Shanghai Rummy a meld holds at most one at any time.',)
    >>> check_lay_off(contract, parse_cards("8H 8S JK"), parse_cards("JK")).legal  # max_wilds is for going down
    True
    >>> check_lay_off(contract, run, parse_cards("9S"), turns_since_going_down=0).problems
    ('You may not lay off in the turn you go down; wait for your next turn.',)
    >>> check_lay_off(shanghai, run, parse_cards("9S"), turns_since_going_down=0).legal
    True
    """
    if turns_since_going_down is not None and turns_since_going_down < 0:
        raise ValueError(f"turns since going down are 0 or more, not {turns_since_going_down!r}")
    if ruleset.run_suit is RunSuit.ANY:  # Phase 10's hits: runs of any colours, colour groups (RULES.md §8.0, §6 7)
        hit = check_hit(ruleset, meld, cards, kind=kind, turns_since_going_down=turns_since_going_down)
        return LayOffRuling(legal=hit.legal, problems=hit.problems)
    cards = tuple(cards)
    problems: list[LayOffProblem] = []
    if turns_since_going_down == 0 and ruleset.lay_off is LayOffTiming.LATER_TURN:
        problems.append(
            LayOffProblem(LayOffProblemKind.TIMING, say("You may not lay off in the turn you go down; wait for your next turn."))
        )
    if _is_ladder(ruleset, meld, kind):  # RULES.md §8.0 (6.11): its deal ends when it goes down
        ladder = LayOffProblem(LayOffProblemKind.MELD, say("A ladder takes no lay-off: its deal ends when it goes down."))
        return LayOffRuling(legal=False, problems=(ladder.message,), details=(ladder,))
    table = _table_meld(ruleset, meld, kind, verb="lay off on")
    readings: list[MeldReading] = []
    if table.problem is not None:
        problems.append(LayOffProblem(LayOffProblemKind.MELD, table.problem))
    elif not cards:
        problems.append(LayOffProblem(LayOffProblemKind.MELD, say("Choose at least one card to lay off.")))
    else:
        fits: list[LayOffProblem] = []
        for meld_kind in table.kinds:
            found: list[MeldReading]
            why: list[LayOffProblem]
            if meld_kind is MeldKind.PAIR:
                found = []
                why = [LayOffProblem(LayOffProblemKind.MELD, say("Nothing can be laid off on a pair: a pair is exactly 2 cards."))]
            elif meld_kind is MeldKind.SET:
                found, why = _set_lay_off(ruleset, table, cards)
            else:
                found, why = _run_lay_off(ruleset, table, cards, own_run=own_run)
            readings += found
            fits += why
        if not readings:
            if len(table.kinds) == 2:
                fits = [LayOffProblem(LayOffProblemKind.CARD, _fits_neither(ruleset, table, cards))]
            problems += fits
        problems += _table_wild_problems(ruleset, table, cards)
        problems += _supply_problems(ruleset, table.cards + cards)
    if moved_from is not None:
        problems += _moved_joker_problems(ruleset, tuple(moved_from), cards, table, own_run=own_run)
        problems.sort(key=lambda problem: problem.kind)
    legal = not problems
    return LayOffRuling(
        legal=legal,
        problems=tuple(problem.message for problem in problems),
        details=tuple(problems),
        reading=_agreed(readings) if legal else None,
        readings=tuple(readings) if legal else (),
    )


def _fits_neither(ruleset: Ruleset, table: _TableMeld, cards: Sequence[Card]) -> str:
    """The sentence for cards that fit neither reading of a meld that could be a set or a run."""
    return say_n(
        "%(meld)s could be a %(set_word)s of %(ranks)s or a run of %(suits)s; %(cards)s fits neither.",
        "%(meld)s could be a %(set_word)s of %(ranks)s or a run of %(suits)s; %(cards)s fit neither.",
        len(cards), meld=table.text, set_word=_set_word(ruleset), ranks=ranks_word(ruleset, table.rank),
        suits=table.suit.said_plural, cards=format_cards(cards),
    )  # fmt: skip


def _moved_joker_problems(
    ruleset: Ruleset, source: tuple[Card, ...], cards: Sequence[Card], table: _TableMeld, *, own_run: bool
) -> list[LayOffProblem]:
    """Why the wild cards laid off may not be moved from the player's own run ``source`` (RULES.md §6.3).

    Where ``reclaim`` is ``SLIDE``, an end wild of the player's own run may be
    moved to another player's run, and the run keeps at least three cards
    ("not off a run of only three cards"); a wild in a set stays. Elsewhere a
    melded wild card is never moved to another meld.
    """

    def refused(kind: LayOffProblemKind, message: str) -> list[LayOffProblem]:
        return [LayOffProblem(kind, message)]

    moved = [card for card in cards if ruleset.is_wild(card)]
    wild = _wild_word(ruleset)
    if ruleset.reclaim is not JokerReclaim.SLIDE:
        return refused(
            LayOffProblemKind.RULE,
            say("In %(game)s a melded %(wild)s is never moved to another meld; lay off from your hand.",
                game=ruleset.name, wild=wild),
        )  # fmt: skip
    if not moved:
        return refused(LayOffProblemKind.MELD, say("No %(wild)s is laid off, so none is moved from your run.", wild=wild))
    if own_run:
        return refused(
            LayOffProblemKind.RULE, say("An end %(wild)s of your run may be moved only to another player's run.", wild=wild)
        )
    if table.problem is None and MeldKind.RUN not in table.kinds:
        return refused(
            LayOffProblemKind.RULE,
            say("An end %(wild)s of your run moves only to a run, not to a %(set_word)s.", wild=wild,
                set_word=_set_word(ruleset)),
        )  # fmt: skip
    # The run keeps the kind it was melded as (§6.1): cards that read as a set are one, whose wilds stay.
    origin = _table_meld(ruleset, source, None, verb="move a joker from")
    text = format_cards(source)
    if origin.problem is None and MeldKind.RUN not in origin.kinds and MeldKind.SET in origin.kinds:
        return refused(
            LayOffProblemKind.RULE,
            say("%(meld)s is a %(set_word)s: a %(wild)s in a %(set_word)s stays.", meld=text, wild=wild,
                set_word=_set_word(ruleset)),
        )  # fmt: skip
    if origin.problem is not None or MeldKind.RUN not in origin.kinds:
        origin = _table_meld(ruleset, source, MeldKind.RUN, verb="move a joker from")
        if origin.problem is not None:
            return refused(
                LayOffProblemKind.MELD, say("%(meld)s is not a run, so no %(wild)s is moved from it.", meld=text, wild=wild)
            )
    return _run_keeps_its_cards(ruleset, source, origin, moved)


def _run_keeps_its_cards(
    ruleset: Ruleset, source: tuple[Card, ...], origin: _TableMeld, moved: list[Card]
) -> list[LayOffProblem]:
    """Why the wilds can't leave the player's run ``source``: it would keep fewer than three cards, it holds
    no such card, or they are not at its ends."""
    text = format_cards(source)
    left = len(source) - len(moved)
    if left < 3:
        if len(moved) == 1:
            return [LayOffProblem(LayOffProblemKind.RULE,
                say("%(meld)s is a run of only three cards: its %(wild)s stays.", meld=text, wild=_wild_word(ruleset)))]  # fmt: skip
        return [LayOffProblem(LayOffProblemKind.RULE,
            say_n("Moving %(moved)s wild cards would leave %(meld)s with %(num)s; a run keeps at least three.",
                  "Moving %(moved)s wild cards would leave %(meld)s with %(num)s; a run keeps at least three.", left,
                  moved=number_word(len(moved)), meld=text, num=number_word(left)))]  # fmt: skip
    missing = [card for card in dict.fromkeys(moved) if moved.count(card) > sum(c == card for c in source)]
    if missing:
        held = _joined([str(card) for card in missing], "%(items)s or %(last)s")
        return [LayOffProblem(LayOffProblemKind.CARD, say("%(meld)s holds no %(cards)s to move.", meld=text, cards=held))]
    if not any(_ends_hold(ruleset, origin, layout, moved) for layout in _layouts(ruleset, source)):
        held = _joined(list(dict.fromkeys(str(card) for card in moved)), "%(items)s and %(last)s")
        return [LayOffProblem(LayOffProblemKind.CARD,
            say_n("%(cards)s is not at an end of %(meld)s: only an end %(wild)s moves.",
                  "%(cards)s are not at its ends of %(meld)s: only an end %(wild)s moves.", len(moved), cards=held,
                  meld=text, wild=_wild_word(ruleset)))]  # fmt: skip
    return []


def _ends_hold(ruleset: Ruleset, origin: _TableMeld, layout: _Layout, moved: Sequence[Card]) -> bool:
    """Whether the run's ends in this layout hold the ``moved`` wild cards (one end each)."""
    wild_cards = [origin.cards[i] for i in origin.wilds]
    if layout.free:
        # the cards are not written in run order: any wild may stand at an end no natural holds
        at_ends, room = wild_cards, sum(end in layout.free for end in {layout.low, layout.high})
    else:
        places = layout.wild_places(origin.cards, origin.wilds)
        at_ends = [origin.cards[i] for i, place in places.items() if place in (layout.low, layout.high)]
        room = len(at_ends)
    if len(moved) > room:
        return False
    left = list(at_ends)
    for card in moved:
        if card not in left:
            return False
        left.remove(card)
    return True


def _wild_word(ruleset: Ruleset) -> str:
    """What a melded wild card is called, in the language in use: a joker, or a wild card where twos are wild too."""
    return say_word("word", mark_word("word", "wild card") if ruleset.deuces_wild else mark_word("word", "joker"))


def _wilds_word(ruleset: Ruleset) -> str:
    """Several melded wild cards (:func:`_wild_word`): jokers, or wild cards where twos are wild too."""
    return say_word("word", mark_word("word", "wild cards") if ruleset.deuces_wild else mark_word("word", "jokers"))


def _table_wild_problems(ruleset: Ruleset, table: _TableMeld, cards: Sequence[Card]) -> list[LayOffProblem]:
    """Shanghai's limit on the wilds of a meld on the table (``table_max_wilds``, RULES.md §6.2)."""
    limit = ruleset.max_wilds
    if not ruleset.table_max_wilds or limit is None:
        return []
    laid = sum(ruleset.is_wild(card) for card in cards)
    if not laid or len(table.wilds) + laid <= limit:
        return []
    return [LayOffProblem(LayOffProblemKind.WILDS, _too_many_table_wilds(ruleset, table.text, len(table.wilds), laid, limit))]


def _too_many_table_wilds(ruleset: Ruleset, text: str, held: int, laid: int, limit: int) -> str:
    """The sentence for a meld that would hold more wilds than ``limit`` (``held`` already, ``laid`` more)."""
    values = {"meld": text, "game": ruleset.name, "most": number_word(limit)}
    if held and limit:
        return say_n("%(meld)s already holds %(num)s wild card; in %(game)s a meld holds at most %(most)s at any time.",
                     "%(meld)s already holds %(num)s wild cards; in %(game)s a meld holds at most %(most)s at any time.",
                     held, num=number_word(held), **values)  # fmt: skip
    if held:
        return say_n("%(meld)s already holds %(num)s wild card; in %(game)s a meld holds none at any time.",
                     "%(meld)s already holds %(num)s wild cards; in %(game)s a meld holds none at any time.",
                     held, num=number_word(held), **values)  # fmt: skip
    if limit:
        return say_n("%(meld)s would hold %(num)s wild cards; in %(game)s a meld holds at most %(most)s at any time.",
                     "%(meld)s would hold %(num)s wild cards; in %(game)s a meld holds at most %(most)s at any time.",
                     laid, num=number_word(laid), **values)  # fmt: skip
    return say_n("%(meld)s would hold %(num)s wild cards; in %(game)s a meld holds none at any time.",
                 "%(meld)s would hold %(num)s wild cards; in %(game)s a meld holds none at any time.",
                 laid, num=number_word(laid), **values)  # fmt: skip


def _set_lay_off(ruleset: Ruleset, table: _TableMeld, cards: Sequence[Card]) -> tuple[list[MeldReading], list[LayOffProblem]]:
    rank = table.rank
    words = {"set_word": _set_word(ruleset), "ranks": ranks_word(ruleset, rank)}
    problems = []
    suits = {card.suit for card in table.naturals}
    for card in cards:
        if ruleset.is_wild(card):
            continue
        if card.rank is not rank:
            problems.append(say("%(card)s is not %(a_rank)s; a %(set_word)s of %(ranks)s takes only %(ranks)s.",
                                card=card, a_rank=_a_rank(rank), **words))  # fmt: skip
        elif not ruleset.dup_suits and card.suit in suits:
            problems.append(say(
                "%(card)s repeats a suit: this %(set_word)s of %(ranks)s already has a %(suit)s, and a suit may appear "
                "only once.", card=card, suit=card.natural_suit.said_one, **words))  # fmt: skip
        else:
            suits.add(card.suit)
    if problems:
        return [], [LayOffProblem(LayOffProblemKind.CARD, problem) for problem in problems]
    return [MeldReading(kind=MeldKind.SET, cards=table.cards + tuple(cards), rank=rank)], []


def _run_lay_off(
    ruleset: Ruleset, table: _TableMeld, cards: Sequence[Card], *, own_run: bool
) -> tuple[list[MeldReading], list[LayOffProblem]]:
    """The readings of the run with ``cards`` added, or why they don't fit."""
    readings = _run_readings(ruleset, table, cards)
    if readings:
        return readings, []
    if (ruleset.reclaim is JokerReclaim.SLIDE and own_run) or ruleset.reclaim is JokerReclaim.TACK:
        slid = _slide_jokers(ruleset, table, cards)
        if slid:
            return slid, []
    if _wilds_limited_on_the_table(ruleset) and _run_readings(ruleset, table, cards, spaced=False):
        return [], [_spacing_problem(ruleset, table, cards)]
    return [], _run_problems(ruleset, table, cards, own_run=own_run)


def _wilds_limited_on_the_table(ruleset: Ruleset) -> bool:
    """Whether a run's wilds must stand apart on the table (RULES.md §6.8, §6.10)."""
    return ruleset.run_wild_min_gap is not None or not ruleset.run_wilds_adjacent


def _spacing_problem(ruleset: Ruleset, table: _TableMeld, cards: Sequence[Card]) -> LayOffProblem:
    """The cards would fit the run but for where its wilds would stand."""
    values = {"cards": format_cards(cards), "wilds": _wilds_word(ruleset), "meld": table.text}
    if ruleset.run_wild_min_gap is not None:
        return LayOffProblem(
            LayOffProblemKind.WILDS,
            say("%(cards)s would leave two %(wilds)s of %(meld)s with fewer than %(gap)s natural cards between them; in "
                "%(game)s they need %(gap)s.", gap=number_word(ruleset.run_wild_min_gap), game=ruleset.name, **values),
        )  # fmt: skip
    return LayOffProblem(
        LayOffProblemKind.WILDS,
        say("%(cards)s would put two %(wilds)s of %(meld)s side by side; in a %(run_word)s they may not be.",
            run_word=_run_word(ruleset), **values),
    )  # fmt: skip


def _slide_jokers(ruleset: Ruleset, table: _TableMeld, cards: Sequence[Card]) -> list[MeldReading]:
    """Continental's sliding joker (RULES.md §6.3): each natural laid in a joker's place takes it,
    and the joker moves to an open end of the run (``AS 2S 3S JK 5S`` + ``4S`` → ``AS 2S 3S 4S 5S JK``)."""
    layouts = _layouts(ruleset, table.cards)
    for layout in layouts:
        places = layout.wild_places(table.cards, table.wilds)
        after = list(table.cards)
        rest: list[Card] = []
        moved: list[Card] = []
        for card in cards:
            holder = None
            if not ruleset.is_wild(card) and card.suit is table.suit:
                holder = next(
                    (i for i, p in places.items() if p in positions(ruleset, card) and after[i].is_joker), None
                )
            if holder is None:
                rest.append(card)
            else:
                moved.append(after[holder])
                after[holder] = card
                del places[holder]
        if not moved:
            continue
        slid_table = _table_meld(ruleset, after, MeldKind.RUN, verb="lay off on")
        if slid_table.problem is not None:
            continue
        readings = _run_readings(ruleset, slid_table, rest + moved)
        if readings:
            return readings
    return []


def _run_readings(ruleset: Ruleset, table: _TableMeld, cards: Sequence[Card], spaced: bool = True) -> list[MeldReading]:
    """Every reading of the run with ``cards`` added beyond (or between) its ends (``spaced``: with its wilds
    where the ruleset lets them stand, :func:`_wilds_spaced`)."""
    suit = table.suit
    size = len(table.cards) + len(cards)
    if size > longest_run(ruleset):
        return []
    offset = len(table.cards)
    new_naturals = [(offset + j, card) for j, card in enumerate(cards) if not ruleset.is_wild(card)]
    new_wilds = [offset + j for j, card in enumerate(cards) if ruleset.is_wild(card)]
    if any(card.suit is not suit for _, card in new_naturals):
        return []
    combined = table.cards + tuple(cards)
    readings = [
        reading
        for layout in _layouts(ruleset, table.cards)
        for reading in _readings_beyond(ruleset, table, layout, combined, new_naturals, new_wilds, spaced)
    ]
    in_order = [
        r
        for r in readings
        if r.low is not None and r.high is not None and written_order(ruleset, combined, r.low, r.high) is not None
    ]
    return _unique(in_order + readings)


def _readings_beyond(
    ruleset: Ruleset,
    table: _TableMeld,
    layout: _Layout,
    combined: tuple[Card, ...],
    new_naturals: list[tuple[int, Card]],
    new_wilds: list[int],
    spaced: bool = True,
) -> list[MeldReading]:
    """The readings of the run laid out as ``layout`` with the new naturals placed beyond its span, wilds anywhere
    free (``spaced``: where the ruleset's wilds may stand on the table)."""
    size = len(combined)
    first, last = _window_starts(ruleset)
    old = layout.wild_places(table.cards, table.wilds)
    spaced = spaced and _wilds_limited_on_the_table(ruleset)
    outside = [_places_outside(ruleset, layout, card) for _, card in new_naturals]
    readings = []
    for choice in itertools.product(*outside):
        if len(set(choice)) < len(choice):
            continue
        span_low, span_high = min((layout.low, *choice)), max((layout.high, *choice))
        taken = set(range(layout.low, layout.high + 1)) | set(choice)
        for low in range(max(first, span_high - size + 1), min(span_low, last - size) + 1):
            free = [p for p in range(low, low + size) if p not in taken]
            wilds = old | dict(zip(new_wilds, free, strict=True))
            if _wilds_spaced(ruleset, wilds.values(), spaced):
                readings.append(_window_reading(combined, table.suit, low, wilds))
    return readings


def _window_starts(ruleset: Ruleset) -> tuple[int, int]:
    """The first place a run may start at, and the place one past its top (a second circle where aces go around)."""
    return (2 if ruleset.aces is AceRule.HIGH_ONLY else 1), (27 if ruleset.aces is AceRule.AROUND else 15)


def _places_outside(ruleset: Ruleset, layout: _Layout, card: Card) -> list[int]:
    """The places a natural laid off may take beyond the run as it lies."""
    return [p for p in _places_of(ruleset, card) if not layout.low <= p <= layout.high]


def _window_reading(cards: tuple[Card, ...], suit: Suit, low: int, wilds: dict[int, int]) -> MeldReading:
    """The run from ``low`` as a reading; a window a circle on (aces around, from 14) is the same run, read from
    its first rank."""
    shift = 13 if low > 13 else 0
    shifted = {i: p - shift for i, p in wilds.items()}
    return _reading(MeldKind.RUN, cards, suit, low - shift, low - shift + len(cards) - 1, shifted)


def _places_of(ruleset: Ruleset, card: Card) -> tuple[int, ...]:
    """The run places a natural may take (:func:`~.runs.positions`); round the corner also a second circle on."""
    found = positions(ruleset, card)
    if ruleset.aces is AceRule.AROUND:
        found = tuple(sorted({*found, *(p + 13 for p in found if p + 13 <= 26)}))
    return found


def _wilds_spaced(ruleset: Ruleset, places: Collection[int], spaced: bool = True) -> bool:
    """Whether the wilds of a run on the table stand far enough apart: never side by side where
    ``run_wilds_adjacent`` is off (Kalooki, RULES.md §6.10), at least ``run_wild_min_gap`` natural cards between
    two of them (Carioca's 4, §6.8). ``spaced`` off: any places will do."""
    if not spaced:
        return True
    gap = ruleset.run_wild_min_gap or (0 if ruleset.run_wilds_adjacent else 1)
    ordered = sorted(places)
    return all(b - a - 1 >= gap for a, b in itertools.pairwise(ordered))


def _run_problems(
    ruleset: Ruleset, table: _TableMeld, cards: Sequence[Card], *, own_run: bool = False
) -> list[LayOffProblem]:
    """Why ``cards`` don't go on the run, card by card, then together."""
    layouts = _layouts(ruleset, table.cards)
    wild_names = {table.cards[i] for i in table.wilds}
    holder = str(next(iter(wild_names))) if len(wild_names) == 1 else say("a wild card")
    problems, rest = _card_problems(ruleset, table, layouts, cards, holder, own_run)
    graded = [LayOffProblem(LayOffProblemKind.CARD, problem) for problem in problems]
    return graded + _together_problems(ruleset, table, layouts, rest, holder)


def _card_problems(
    ruleset: Ruleset, table: _TableMeld, layouts: Sequence[_Layout], cards: Sequence[Card], holder: str, own_run: bool
) -> tuple[list[str], list[Card]]:
    """Each card that can't go on the run, with why; and the cards left to judge together (wild ones included)."""
    meld_ranks = {card.rank for card in table.naturals if card.rank is not Rank.ACE}
    aces = sum(card.rank is Rank.ACE for card in table.naturals)
    ace_limit = 1 if ruleset.aces in (AceRule.HIGH_ONLY, AceRule.AROUND) else 2
    seen: set[Rank] = set()
    problems: list[str] = []
    rest: list[Card] = []
    for card in cards:
        if ruleset.is_wild(card):
            rest.append(card)
            continue
        problem = _card_problem(ruleset, table, layouts, card, holder, own_run, meld_ranks, seen, aces >= ace_limit, aces)
        if problem is not None:
            problems.append(problem)
            continue
        if card.rank is Rank.ACE:
            aces += 1
        else:
            seen.add(card.natural_rank)
        rest.append(card)
    return problems, rest


def _card_problem(
    ruleset: Ruleset,
    table: _TableMeld,
    layouts: Sequence[_Layout],
    card: Card,
    holder: str,
    own_run: bool,
    meld_ranks: Collection[Rank | None],
    seen: set[Rank],
    no_more_aces: bool,
    aces: int,
) -> str | None:
    """Why one natural card can't go on the run (another suit, its rank there or laid twice, its place held)."""
    if card.suit is not table.suit:
        return say("%(card)s is a %(suit)s; this run is %(suits)s.", card=card, suit=card.natural_suit.said_one,
                   suits=table.suit.said_plural)  # fmt: skip
    if card.rank is Rank.ACE:
        if not no_more_aces:
            return None
        return _already_in_run(card) if aces else _laid_twice(card)
    if card.rank in meld_ranks:
        return _already_in_run(card)
    if card.rank in seen:
        return _laid_twice(card)
    if _place_held(ruleset, layouts, card):
        return _place_held_sentence(ruleset, table, card, holder, own_run)
    return None


def _already_in_run(card: Card) -> str:
    """The sentence for a natural whose rank the run already holds."""
    return say("%(card)s is already in this run.", card=card)


def _laid_twice(card: Card) -> str:
    """The sentence for a rank laid off twice on one run."""
    return say("You are laying off %(card)s twice; a run has one card of each rank.", card=card)


def _place_held_sentence(ruleset: Ruleset, table: _TableMeld, card: Card, holder: str, own_run: bool) -> str:
    """The sentences for a natural whose place in the run a wild holds, and how it could go there after all."""
    sentence = say("%(card)s's place in %(meld)s is already held by %(holder)s.", card=card, meld=table.text,
                   holder=holder)  # fmt: skip
    if ruleset.reclaim is JokerReclaim.SLIDE and not own_run and any(table.cards[i].is_joker for i in table.wilds):
        sentence += " " + say("Only the player who dropped this run may lay it there; its joker then slides to the end.")
    elif ruleset.reclaim is JokerReclaim.TACK:
        sentence += " " + say("No end of this %(run_word)s takes the joker: not past an ace, nor beside another joker.",
                              run_word=_run_word(ruleset))  # fmt: skip
    return sentence


def _place_held(ruleset: Ruleset, layouts: Sequence[_Layout], card: Card) -> bool:
    """Whether the card's place lies within the run however it lies (so a wild holds it: its rank is not there);
    round the corner, a place within the run once is enough (the other is a circle away)."""
    if ruleset.aces is AceRule.AROUND:
        return all(any(layout.low <= p <= layout.high for p in _places_of(ruleset, card)) for layout in layouts)
    return all(layout.low <= p <= layout.high for layout in layouts for p in positions(ruleset, card))


def _together_problems(
    ruleset: Ruleset, table: _TableMeld, layouts: Sequence[_Layout], rest: list[Card], holder: str
) -> list[LayOffProblem]:
    """Why the cards that each fit don't fit together: no room left, round the corner, or a gap."""
    room = longest_run(ruleset) - len(table.cards)
    if room <= 0:
        return [LayOffProblem(LayOffProblemKind.ROOM, say("This run is full (%(span)s): nothing more can be laid off on it.",
                                                          span=longest_run_span(ruleset)))]  # fmt: skip
    if len(rest) > room:
        return [LayOffProblem(LayOffProblemKind.ROOM,
            say_n("This run has room for only %(num)s more card: a run goes no further than %(span)s.",
                  "This run has room for only %(num)s more cards: a run goes no further than %(span)s.", room,
                  num=number_word(room), span=longest_run_span(ruleset)))
        ]  # fmt: skip
    if not rest or _run_readings(ruleset, table, rest):
        return []
    gap = _smallest_gap(ruleset, layouts, rest)
    # Cards that would fit round the corner but leave a wide gap going straight: the player meant the corner.
    # (round the corner is no fault where aces go around: there the gap is the reason)
    around = ruleset.aces is AceRule.AROUND
    corner = None if around else _corner_problem(ruleset, table, layouts, rest, wide_gap=gap is None or gap[0] >= 3)
    if corner is not None:
        return [LayOffProblem(LayOffProblemKind.WRAP, corner)]
    return [LayOffProblem(LayOffProblemKind.GAP, _gap_problem(ruleset, table, rest, gap, holder))]


def _corner_problem(
    ruleset: Ruleset, table: _TableMeld, layouts: Sequence[_Layout], rest: Sequence[Card], *, wide_gap: bool
) -> str | None:
    """The sentence for cards that would fit only going round the corner past the ace."""
    naturals = list(table.naturals) + [card for card in rest if not ruleset.is_wild(card)]
    ranks = [int(card.natural_rank) for card in naturals]
    size = len(table.cards) + len(rest)
    if len(set(ranks)) < len(ranks) or size > 13:
        return None
    if not wide_gap:  # a card or two short: the gap is the better explanation
        return None
    found = corner_window(ruleset, ranks, size, size)
    if found is None:
        return None
    cycle, ace = found
    labels = "-".join(Rank(rank).label for rank in cycle)
    if ruleset.aces is AceRule.HIGH_ONLY:
        if ace == 0:
            return say("Aces are high only: %(ranks)s is not a run.", ranks=labels)
        return say("Nothing goes above the ace: %(ranks)s is not a run.", ranks=labels)
    ace_places = {
        p for layout in layouts for card, p in zip(table.cards, layout.places, strict=True) if card.rank is Rank.ACE
    }
    if ace_places == {14}:
        return say("Nothing goes above the ace: %(ranks)s goes round the corner.", ranks=labels)
    if ace_places == {1}:
        return say("Nothing goes below the ace: %(ranks)s goes round the corner.", ranks=labels)
    return say("%(ranks)s goes round the corner: an ace is high or low, not both.", ranks=labels)


def _smallest_gap(ruleset: Ruleset, layouts: Sequence[_Layout], rest: Sequence[Card]) -> tuple[int, list[int]] | None:
    """The fewest places the cards leave unfilled beyond the laid-off wilds, and those places."""
    naturals = [card for card in rest if not ruleset.is_wild(card)]
    wilds = len(rest) - len(naturals)
    best: tuple[int, list[int]] | None = None
    for layout in layouts:
        outside = [[p for p in positions(ruleset, card) if not layout.low <= p <= layout.high] for card in naturals]
        for choice in itertools.product(*outside):
            if len(set(choice)) < len(choice):
                continue
            span_low, span_high = min((layout.low, *choice)), max((layout.high, *choice))
            missing = [
                p for p in range(span_low, span_high + 1) if not layout.low <= p <= layout.high and p not in choice
            ]
            if best is None or len(missing) - wilds < best[0]:
                best = (len(missing) - wilds, missing)
    return best


def _gap_problem(
    ruleset: Ruleset, table: _TableMeld, rest: Sequence[Card], gap: tuple[int, list[int]] | None, holder: str
) -> str:
    """The sentence for cards that leave a gap no laid-off wild fills."""
    text = format_cards(rest)
    if gap is None or gap[0] <= 0:
        return say("%(cards)s can't all go on %(meld)s: %(holder)s already holds one of their places.", cards=text,
                   meld=table.text, holder=holder)  # fmt: skip
    values = {"cards": text, "meld": table.text, "places": _places(gap[1], table.suit)}
    wilds = sum(ruleset.is_wild(card) for card in rest)
    if not wilds:
        return say_n("%(cards)s does not fit %(meld)s: it would leave a gap at %(places)s.",
                     "%(cards)s do not fit %(meld)s: they would leave a gap at %(places)s.", len(rest), **values)  # fmt: skip
    needed = len(gap[1])
    if len(rest) > 1:
        return say_n("%(cards)s do not fit %(meld)s: the gap at %(places)s needs %(num)s wild card, and you are laying "
                     "off %(wilds)s.", "%(cards)s do not fit %(meld)s: the gap at %(places)s needs %(num)s wild cards, "
                     "and you are laying off %(wilds)s.", needed, wilds=wilds, **values)  # fmt: skip
    return say_n("%(cards)s does not fit %(meld)s: the gap at %(places)s needs %(num)s wild card, and you are laying "
                 "off %(wilds)s.", "%(cards)s does not fit %(meld)s: the gap at %(places)s needs %(num)s wild cards, "
                 "and you are laying off %(wilds)s.", needed, wilds=wilds, **values)  # fmt: skip


def _supply_problems(ruleset: Ruleset, cards: Sequence[Card]) -> list[LayOffProblem]:
    """More copies of a card on one meld than the largest table's packs hold."""
    return [LayOffProblem(LayOffProblemKind.SUPPLY, problem.message) for problem in supply_problems(ruleset, cards, None)]


# ---------------------------------------------------------------------------
# Taking a joker


def check_joker_exchange(
    ruleset: Ruleset,
    meld: Sequence[Card],
    natural: Card,
    *,
    kind: MeldKind | None = None,
    went_down_before_this_turn: bool = True,
) -> ExchangeRuling:
    """Whether ``natural`` may take the place of a joker melded in ``meld``.

    The player puts the natural card in the run and takes the joker. It is
    allowed only where ``reclaim`` is ``RUNS``, only for a joker (a wild
    two stays), only in a run (a joker in a set or pair is dead), only by
    a player who went down on a previous turn, and only when the natural is
    exactly the card the joker stands for. ``meld`` is in any order; where
    a joker's place is open (``5S 6S 7S JK``: 4S or 8S), the natural decides
    it if it is one of the cards the joker could stand for. Where the meld
    is written in run order each wild holds its own place; otherwise the
    wilds' places are open between them, and any joker may be taken.
    ``kind`` says what the meld is where its cards leave that open (``None``:
    legal if a reading as a run allows it).

    In Contract Rummy the joker taken "must be laid off in the current
    turn"; this function does not check that.

    >>> from .catalogue import find_ruleset
    >>> contract = find_ruleset("contract")
    >>> ruling = check_joker_exchange(contract, parse_cards("5S JK 7S 8S"), Card.parse("6S"))
    >>> ruling.legal, ruling.joker_index, ruling.stands_for
    (True, 1, Card.parse('6S'))
    >>> check_joker_exchange(contract, parse_cards("5S 6S 7S JK"), Card.parse("4S")).reading.describe()
    'run of spades, 4 to 7'
    >>> check_joker_exchange(contract, parse_cards("5S 6S 7S JK"), Card.parse("9S")).problems
    ('JK could stand for 4S or 8S in 5S 6S 7S JK; 9S is neither, so it cannot take its place.',)
    >>> check_joker_exchange(contract, parse_cards("9C 9D JK"), Card.parse("9S")).problems
    ("The joker in 9C 9D JK is dead: a joker in a group can't be taken.",)
    >>> check_joker_exchange(find_ruleset("may-i"), parse_cards("5S JK 7S 8S"), Card.parse("6S")).problems
    ("In May I? melded wild cards (jokers) stay where they are: they can't be taken.",)
    """
    problems: list[LayOffProblem] = []

    def refused(*more: LayOffProblem) -> ExchangeRuling:
        found = problems + list(more)
        return ExchangeRuling(legal=False, problems=tuple(p.message for p in found), details=tuple(found))

    kept = _jokers_kept(ruleset)
    if kept is not None:
        return refused(LayOffProblem(LayOffProblemKind.RULE, kept))
    wild_natural = ruleset.is_wild(natural)
    if natural.is_joker:
        problems.append(LayOffProblem(LayOffProblemKind.CARD, say("JK is a joker; only a natural card can take a joker's place.")))
    elif wild_natural:
        problems.append(
            LayOffProblem(
                LayOffProblemKind.CARD,
                say("%(card)s is wild in %(game)s; only a natural card can take a joker's place.", card=natural,
                    game=ruleset.name),  # fmt: skip
            )
        )
    if not went_down_before_this_turn:
        problems.append(
            LayOffProblem(LayOffProblemKind.TIMING, say("You may take a joker only if you went down on a previous turn."))
        )
    table = _table_meld(ruleset, meld, kind, verb="take a joker from")
    if table.problem is not None:
        return refused(LayOffProblem(LayOffProblemKind.MELD, table.problem))
    jokers = [i for i in table.wilds if table.cards[i].is_joker]
    if not jokers:
        if table.wilds:
            return refused(LayOffProblem(LayOffProblemKind.RULE,
                say("%(meld)s has no joker; a wild two can't be taken, only a joker.", meld=table.text)))  # fmt: skip
        return refused(LayOffProblem(LayOffProblemKind.RULE, say("%(meld)s has no joker to take.", meld=table.text)))
    if MeldKind.RUN not in table.kinds:
        return refused(LayOffProblem(LayOffProblemKind.RULE, _dead_jokers(ruleset, table, len(jokers))))
    if wild_natural:
        return refused()
    found, why = _exchange(ruleset, table, jokers, natural)
    if why is not None:
        problems.append(LayOffProblem(LayOffProblemKind.CARD, why))
    if problems or found is None:
        return refused()
    return ExchangeRuling(legal=True, problems=(), joker_index=found[0], stands_for=natural, reading=found[1])


def _dead_jokers(ruleset: Ruleset, table: _TableMeld, jokers: int) -> str:
    """The sentence for jokers in a set or pair: dead, not taken."""
    if table.kinds == (MeldKind.PAIR,):
        return say_n("The joker in %(meld)s is dead: a joker in a pair can't be taken.",
                     "The jokers in %(meld)s are dead: a joker in a pair can't be taken.", jokers, meld=table.text)  # fmt: skip
    return say_n("The joker in %(meld)s is dead: a joker in a %(set_word)s can't be taken.",
                 "The jokers in %(meld)s are dead: a joker in a %(set_word)s can't be taken.", jokers, meld=table.text,
                 set_word=_set_word(ruleset))  # fmt: skip


def _jokers_kept(ruleset: Ruleset) -> str | None:
    """Why no melded joker is ever taken into the hand in this ruleset, or ``None`` where one may be (``runs``)."""
    if ruleset.reclaim is JokerReclaim.NEVER:
        return say("In %(game)s melded wild cards (%(wilds)s) stay where they are: they can't be taken.",
                   game=ruleset.name, wilds=ruleset.wild_words)  # fmt: skip
    if ruleset.reclaim is JokerReclaim.TACK:
        return say("In %(game)s a melded joker never leaves its meld: lay the card it stands for in its place and the "
                   "joker moves to an end of the %(run_word)s.", game=ruleset.name, run_word=_run_word(ruleset))  # fmt: skip
    if ruleset.reclaim is JokerReclaim.SLIDE:
        return say("In %(game)s a melded joker is never taken into the hand: lay the card it stands for on your own "
                   "run and the joker slides to the end.", game=ruleset.name)  # fmt: skip
    return None


def _exchange(
    ruleset: Ruleset, table: _TableMeld, jokers: Sequence[int], natural: Card
) -> tuple[tuple[int, MeldReading] | None, str | None]:
    """The joker ``natural`` replaces and the reading after, or why there is none."""
    matches, stand_ins, deuce_holds = _joker_places(ruleset, table, jokers, natural)
    if not matches:
        return None, deuce_holds or _no_place_sentence(table, jokers, natural, stand_ins)
    index = matches[0][0]
    after = table.cards[:index] + (natural,) + table.cards[index + 1 :]
    windows = {(layout.low, layout.high) for joker, layout in matches if joker == index}
    after_wilds = tuple(i for i in table.wilds if i != index)
    readings = [
        _reading(MeldKind.RUN, after, table.suit, layout.low, layout.high, layout.wild_places(after, after_wilds))
        for layout in _layouts(ruleset, after)
        if (layout.low, layout.high) in windows
    ]
    reading = _agreed(_unique(readings))
    assert reading is not None
    return (index, reading), None


def _joker_places(
    ruleset: Ruleset, table: _TableMeld, jokers: Sequence[int], natural: Card
) -> tuple[list[tuple[int, _Layout]], set[int], str | None]:
    """The jokers whose place ``natural`` takes (with the layout), every place the jokers stand in, and the
    sentence when a wild two, not a joker, holds the card's place."""
    matches: list[tuple[int, _Layout]] = []
    stand_ins: set[int] = set()
    deuce_holds: str | None = None
    for layout in _layouts(ruleset, table.cards):
        wild_places = layout.wild_places(table.cards, table.wilds)
        stand_ins.update(wild_places[i] for i in jokers)
        if natural.suit is not table.suit:
            continue
        for position in positions(ruleset, natural):
            if not layout.low <= position <= layout.high:
                continue
            if layout.free and position in layout.free:  # the wilds' places are open: any joker will do
                matches.append((jokers[0], layout))
                continue
            holder = next((i for i, p in wild_places.items() if p == position), None)
            if holder is None:
                continue
            if table.cards[holder].is_joker:
                matches.append((holder, layout))
            else:
                deuce_holds = say("%(card)s's place in %(meld)s is held by %(holder)s, a wild two; only a joker can be "
                                  "taken.", card=natural, meld=table.text, holder=table.cards[holder])  # fmt: skip
    return matches, stand_ins, deuce_holds


def _no_place_sentence(table: _TableMeld, jokers: Sequence[int], natural: Card, stand_ins: set[int]) -> str:
    """What the jokers stand for, and that ``natural`` is none of it."""
    names = list(dict.fromkeys(str(card_at(p, table.suit)) for p in sorted(stand_ins)))
    values = {"meld": table.text, "card": natural, "cards": or_list(names)}
    if len(jokers) == 1 and len(names) == 1:
        return say("JK stands for %(cards)s in %(meld)s; %(card)s cannot take its place.", **values)
    if len(jokers) == 1 and len(names) == 2:
        return say("JK could stand for %(cards)s in %(meld)s; %(card)s is neither, so it cannot take its place.", **values)
    if len(jokers) == 1:
        return say("JK could stand for %(cards)s in %(meld)s; %(card)s is none of them, so it cannot take its place.",
                   **values)  # fmt: skip
    if len(names) == 2:
        return say("The jokers in %(meld)s could stand for %(cards)s; %(card)s is neither, so it cannot take a joker's "
                   "place.", **values)  # fmt: skip
    return say("The jokers in %(meld)s could stand for %(cards)s; %(card)s is none of them, so it cannot take a "
               "joker's place.", **values)  # fmt: skip
