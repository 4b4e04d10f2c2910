"""Checking a go-down: is this a legal initial meld for the deal's contract?

:func:`check_go_down` follows RULES.md §2.1. Melds, and the cards within a
meld, may come in any order: the go-down is legal when *some* matching of
melds to the contract's requirements, and *some* choice of what each wild
card stands for, meets every rule. An illegal go-down is not an exception:
the ruling lists every problem in a sentence a player understands, in the
order of RULES.md §5. Each sentence is one whole message said through
:mod:`.speech` in the language in use (English as RULES.md writes it unless
a caller chose another), the ruleset's words in their role ("trio", "deal")
and the cards in their notation as placeholders.

>>> from .catalogue import find_ruleset
>>> ruling = check_go_down(find_ruleset("contract"), 2, [parse_cards("9C 9D 9S"), parse_cards("5S 6S JK 8S")])
>>> ruling.legal, ruling.readings[1].describe()
(True, 'run of spades, 5 to 8, JK stands for 7S')
>>> check_go_down(find_ruleset("contract"), 3, [parse_cards("QH KH AH 2H"), parse_cards("5C 6C 7C 8C")]).problems
('Q-K-A-2 goes round the corner: an ace is high or low, not both.',)
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import itertools
from collections import Counter
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from .cards import PHASE10_COPIES, Card, Colour, Deck, Rank, Suit, format_cards, parse_cards  # noqa: F401  (parse_cards: for the doctests)
from .runs import (
    card_at,
    corner_window,
    longest_run,
    order_of,
    place_label,
    position_label,
    run_places,
    run_windows,
)
from .speech import mark_word, say, say_n, say_word, speaking_english
from .words import number_word, or_list, sentence, too_many_copies, too_many_jokers
from .rulesets import (
    AceRule,
    Deal,
    LadderRule,
    LayOffTiming,
    MeldKind,
    Progression,
    Requirement,
    Ruleset,
    RulesError,
    RunSuit,
    SameSuitRuns,
    Skips,
    article,
    contract_in_sentence,
    describe_contract,
    names_its_length,
    requirement_phrase,
)

__all__ = [
    "CHECK_BUDGET",
    "MAX_MELDS",
    "MAX_MELD_CARDS",
    "GoDownRuling",
    "GoDownTooBigError",
    "MeldReading",
    "Problem",
    "ProblemKind",
    "check_go_down",
    "position_label",
    "run_windows",
    "supply_problems",
]


MAX_MELDS = 20
"""The most melds a go-down is read with: a contract has at most six; callers refuse more before checking."""
MAX_MELD_CARDS = 60
"""The most cards one meld is read with: every card of one rank that six packs, twelve jokers and wild twos hold."""


CHECK_BUDGET = 10_000
"""The most steps one go-down's check may take: readings of a meld as a kind of meld (each weighed by its cards),
orders of the requirements, windows of runs weighed against each other. The real go-downs of every built-in
ruleset take a few hundred at most (tests/test_check_budget.py counts them); past it the checker answers
:class:`GoDownTooBigError` rather than search on."""


class GoDownTooBigError(RulesError):
    """A go-down whose check would take more than :data:`CHECK_BUDGET` steps: answered with a sentence."""


class CheckBudget:
    """The steps a go-down's check has left: each step of the search spends some, and past the last one the
    check stops with a sentence (a count, not a timer, so the answer is the same on any machine)."""

    __slots__ = ("left",)

    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise GoDownTooBigError(
                say("This go-down can be read in too many ways to check them all. Try it with fewer wild cards in its melds.")
            )


class ProblemKind(enum.IntEnum):
    """What is wrong, in the order RULES.md §5 lists problems."""

    SKIP = 0
    """A skip card in a meld (RULES.md §8.0: first of all)."""
    MELD_COUNT = 1
    """Wrong number or kind of melds."""
    TOO_FEW = 2
    TOO_MANY = 3
    MIXED = 4
    """Mixed suits in a run, mixed ranks in a set, mixed colours in a colour group."""
    GAP = 5
    """A gap no wild fills, or a rank repeated in a run."""
    WRAP = 6
    """An ace used round the corner, or low where aces are high only."""
    WILDS = 7
    NO_NATURAL = 8
    SAME_SUIT_RUNS = 9
    REPEATED_RANK = 10
    SUPPLY = 11
    UNMELDED = 12


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a go-down is illegal."""

    kind: ProblemKind
    message: str
    meld: int | None = None
    """The index of the meld it is about, if one."""


@dataclass(frozen=True, slots=True)
class MeldReading:
    """How one meld was read: its kind, and its rank or suit and span.

    ``low`` and ``high`` are run positions (A = 1 or 14, 2..K = 2..13;
    the Phase 10 deck's numbers); ``wilds`` maps a wild card's index in
    ``cards`` to the card it stands for, where every legal reading agrees.
    """

    kind: MeldKind
    """Set, run, pair or colour group."""
    cards: tuple[Card, ...]
    """The meld's cards, as laid."""
    rank: Rank | None = None
    """A set's or pair's rank (a Phase 10 number), where it has a natural card."""
    suit: Suit | None = None
    """A run's suit, where its naturals share one and suits matter."""
    low: int | None = None
    """A run's first position."""
    high: int | None = None
    """A run's last position."""
    wilds: tuple[tuple[int, Card], ...] = ()
    """``(index in cards, the card it stands for)`` for each wild whose stand-in every legal reading agrees on."""
    colour: Suit | Colour | None = None
    """A colour group's colour (a suit on a standard deck), where it has a natural card."""
    wild_places: tuple[tuple[int, int], ...] = ()
    """In a run whose suits are free, or a ladder: ``(index in cards, the position it stands for)`` for each wild
    whose place every legal reading agrees on (its number or rank alone, API.md: ``{"2": "5"}``)."""
    rule: LadderRule | None = None
    """A ladder's rule; ``None`` for every other kind."""
    shade: str | None = None
    """A same-colour ladder's colour, ``"red"`` or ``"black"``."""
    free_suits: bool = False
    """Whether runs take any suits or colours here (Phase 10): an illegal meld that is neither a set nor a run is
    then told so without "(one suit)". Not in the API's shape, like :attr:`row`."""
    row: bool = False
    """An illegal meld, where runs take any suits: whether its cards could stand in a row (3R 4B .. 10Y, a run too
    short for phase 6), so it is said as a run though of many colours."""

    @property
    def _phase10(self) -> bool:
        return any(card.deck is Deck.PHASE10 for card in self.cards)

    def _label(self, position: int) -> str:
        return str(position) if self._phase10 else position_label(position)

    def to_json(self) -> dict[str, object]:
        """The API's shape for a meld reading."""
        data: dict[str, object] = {"kind": self.kind.value, "cards": [str(card) for card in self.cards]}
        if self.kind is MeldKind.RUN:
            data |= self._run_json()
        elif self.kind is MeldKind.LADDER:
            data |= self._ladder_json()
        elif self.kind is MeldKind.COLOUR:
            if self.colour is not None:
                data["colour"] = self.colour.value
        elif self.rank is not None:
            data["rank"] = self._label(self.rank)
        wilds = {str(index): str(card) for index, card in self.wilds}
        wilds |= {str(index): self._label(place) for index, place in self.wild_places}
        data["wilds"] = wilds
        return data

    def _ladder_json(self) -> dict[str, object]:
        """A ladder's rule, and its suit (same_suit) or colour (same_colour), API.md."""
        data: dict[str, object] = {"rule": self.rule.value if self.rule is not None else None}
        if self.suit is not None:
            data["suit"] = self.suit.value
        if self.shade is not None:
            data["colour"] = self.shade
        return data

    def _run_json(self) -> dict[str, object]:
        """A run's suit (where it has one) and span."""
        data: dict[str, object] = {}
        if self.suit is not None:
            data["suit"] = self.suit.value
        if self.low is not None and self.high is not None:
            data["low"] = self._label(self.low)
            data["high"] = self._label(self.high)
        return data

    def describe(self, set_word: str = "set", run_word: str = "run") -> str:
        """The reading in words, in the language in use: ``"run of spades, 5 to 8, JK stands for 7S"``, ``"group
        of 9s"``; in Spanish ``"escala de picas, de 5 a 8, JK hace de 7S"``, ``"grupo de 9"``.

        ``set_word`` is what the ruleset calls a set (group, book, trio), ``run_word`` a run: where runs are escalas
        (Carioca) a ladder is called by its name, ``"escala real, A to K, hearts"``, never a ladder (escalera).
        """
        if self.kind is MeldKind.RUN:
            text = self._run_words(set_word)
        elif self.kind is MeldKind.LADDER:
            text = self._ladder_words(run_word)
        elif self.kind is MeldKind.COLOUR:
            text = self._colour_words()
        else:
            text = self._rank_words(set_word)
        stand_ins = [say("%(card)s stands for %(stands_for)s", card=str(self.cards[index]), stands_for=str(card))
                     for index, card in self.wilds]  # fmt: skip
        stand_ins += [say("%(card)s stands for %(stands_for)s", card=str(self.cards[index]), stands_for=self._label(place))
                      for index, place in self.wild_places]  # fmt: skip
        return ", ".join([text, *stand_ins])

    def _rank_words(self, set_word: str) -> str:
        """A set's or pair's reading: ``"group of 9s"``, ``"pair of aces"``, Phase 10's ``"set of 1s"``."""
        word = say_word("set word", set_word) if self.kind is MeldKind.SET else say("pair")
        if self.rank is None:
            return word
        if self._phase10:
            return say("%(kind)s of %(number)ss", kind=word, number=int(self.rank))
        return say("%(kind)s of %(ranks)s", kind=word, ranks=self.rank.said_plural)

    def _colour_words(self) -> str:
        """A colour group's reading: ``"colour group"``, ``"colour group of red"`` (a suit on a standard deck)."""
        if self.colour is None:
            return say("colour group")
        name = self.colour.said_plural if isinstance(self.colour, Suit) else say_word("word", self.colour.name.lower())
        return say("colour group of %(colour)s", colour=name)

    def _ladder_words(self, run_word: str = "run") -> str:
        """A ladder's reading in words: ``"ladder, A to K, hearts"``, ``"ladder, A to K, red"``; where runs are
        escalas, by its escala's name: ``"escala real, A to K, hearts"``."""
        if run_word == "escala" and self.rule is not None:
            parts = [say("%(name)s, A to K", name=say_word("word", _ESCALA_NAMES[self.rule]))]
        else:
            parts = [say("ladder, A to K")]
        if self.suit:
            parts.append(self.suit.said_plural)
        if self.shade:
            parts.append(say_word("word", self.shade))
        return ", ".join(parts)

    def _run_words(self, set_word: str) -> str:
        """A run's reading in words: ``"run of spades, 5 to 8"``."""
        if self.suit is None and self.low is None:
            return self._unplaced_run_words(set_word)
        text = say("run") if self.suit is None else say("run of %(suit)s", suit=self.suit.said_plural)
        if self.low is not None and self.high is not None:
            text = say("%(run)s, %(low)s to %(high)s", run=text, low=self._label(self.low), high=self._label(self.high))
        return text


    def _unplaced_run_words(self, set_word: str) -> str:
        """An illegal meld read as a try at a run, with neither a suit nor a span: where suits are free and its
        cards could stand in a row (3R 4B .. 10Y too short for its phase), a run; else no meld, said as neither."""
        if self.row:
            return say("run")
        if self.free_suits:
            return say("no meld: neither a %(set)s (one rank) nor a run (ranks in a row)", set=say_word("set word", set_word))
        # neither one suit nor one rank: it is no meld, so not called "run"
        return say("no meld: neither a %(set)s (one rank) nor a run (one suit)", set=say_word("set word", set_word))


@dataclass(frozen=True, slots=True)
class GoDownRuling:
    """The answer to "is this a legal go-down?"."""

    legal: bool
    problems: tuple[str, ...]
    readings: tuple[MeldReading, ...]
    details: tuple[Problem, ...] = field(default=(), repr=False)

    def to_json(self) -> dict[str, object]:
        """The API's shape: ``{"legal", "problems", "melds"}``."""
        return {
            "legal": self.legal,
            "problems": list(self.problems),
            "melds": [reading.to_json() for reading in self.readings],
        }


# ---------------------------------------------------------------------------
# One meld


class _Meld:
    """What the checker needs to know of one meld, worked out once."""

    __slots__ = (
        "index", "cards", "naturals", "wild_indexes", "wilds", "skips", "ranks", "suits", "run_suits", "free_suits",
        "resembles_set", "resembles_run", "_text", "_fits", "read_wild",
    )  # fmt: skip

    def __init__(
        self,
        *,
        index: int,
        cards: tuple[Card, ...],
        naturals: tuple[Card, ...],
        wild_indexes: tuple[int, ...],
        ranks: frozenset[Rank],
        suits: frozenset[Suit],
        skips: tuple[Card, ...] = (),
        free_suits: bool = False,
        read_wild: frozenset[int] = frozenset(),
    ) -> None:
        self.index = index
        # cards read as wild that the ruleset's place table takes as natural (a red two, RULES.md §8.0)
        self.read_wild = read_wild
        self.cards = cards
        self.naturals = naturals
        # A skip card is never part of a meld: it is reported on its own, and the rest of the meld is judged
        # as if it were a blank that fits anywhere (so it is counted with the wilds, never as one, see _wild_count).
        self.wild_indexes = wild_indexes
        self.skips = skips
        # the wild cards themselves (a skip stands for nothing)
        self.wilds = tuple(i for i in wild_indexes if cards[i] not in skips) if skips else wild_indexes
        self.ranks = ranks
        self.suits = suits
        self.run_suits = frozenset[Suit]() if free_suits else suits
        self.free_suits = free_suits
        # asked again and again while the closest reading of an illegal go-down is looked for: worked out once
        self.resembles_set = len(ranks) <= 1
        self.resembles_run = self._resembles_run()
        self._text: str | None = None
        self._fits: list[Container[int] | None] | None = None

    def fits(self, ruleset: Ruleset) -> list[Container[int] | None]:
        """The run places each card may take (:func:`~.runs.run_places`), worked out when first asked for."""
        if self._fits is None:
            table = run_places(ruleset)
            self._fits = [None if i in self.read_wild else table[card] for i, card in enumerate(self.cards)]
        return self._fits

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = format_cards(self.cards) if self.cards else say("An empty meld")
        return self._text

    def _resembles_run(self) -> bool:
        """One suit and more than one rank; where suits are free (Phase 10), distinct ranks that one window
        of the meld's length could hold."""
        if len(self.naturals) <= 1:
            return True
        if not self.free_suits:
            return len(self.run_suits) <= 1 and len(self.ranks) > 1
        return len(self.ranks) == len(self.naturals) and max(self.ranks) - min(self.ranks) < len(self.cards)

    @property
    def marks(self) -> frozenset[Suit | Colour | None]:
        """What a colour group's naturals share: their suits (standard deck) or colours (Phase 10 deck)."""
        return frozenset(card.mark for card in self.naturals)

    @property
    def resembles_colour_group(self) -> bool:
        return len(self.marks) <= 1

    def resembles(self, kind: MeldKind) -> bool:
        """Whether the meld looks like a meld of ``kind``."""
        if kind is MeldKind.RUN:
            return self.resembles_run
        if kind is MeldKind.COLOUR:
            return self.resembles_colour_group
        return self.resembles_set


def _analyse(ruleset: Ruleset, index: int, cards: Sequence[Card], read_wild: frozenset[int] = frozenset()) -> _Meld:
    """What the checker needs of one meld; ``read_wild`` are the places of cards read as wild that may also be
    natural (red twos, RULES.md §8.0)."""
    if ruleset.deck is Deck.PHASE10 or ruleset.kings_wild or ruleset.skips is not Skips.NONE or ruleset.red_twos_wild:
        return _analyse_wider(ruleset, index, cards, read_wild)
    naturals = []
    wild_indexes = []
    ranks = []
    suits = []
    deuces = ruleset.deuces_wild
    for position, card in enumerate(cards):
        rank = card.rank
        if rank is None or (deuces and rank is Rank.TWO):  # ruleset.is_wild, inlined: a hot loop
            wild_indexes.append(position)
        else:
            naturals.append(card)
            ranks.append(rank)  # card.natural_rank, inlined
            suit = card.suit
            suits.append(suit if suit is not None else card.natural_suit)  # raises: a Phase 10 card among standard ones
    return _Meld(
        index=index,
        cards=tuple(cards),
        naturals=tuple(naturals),
        wild_indexes=tuple(wild_indexes),
        ranks=frozenset(ranks),
        suits=frozenset(suits),
        free_suits=ruleset.run_suit is RunSuit.ANY,
    )


def _analyse_wider(ruleset: Ruleset, index: int, cards: Sequence[Card], read_wild: frozenset[int] = frozenset()) -> _Meld:
    """:func:`_analyse` for the wider family's cards: wild kings, skips, red twos, the Phase 10 deck (RULES.md §8.0)."""
    naturals = []
    blanks = []
    skips = []
    for position, card in enumerate(cards):
        if ruleset.is_skip(card):
            skips.append(card)
            blanks.append(position)
        elif position in read_wild or ruleset.is_wild(card):
            blanks.append(position)
        else:
            naturals.append(card)
    return _Meld(
        index=index,
        cards=tuple(cards),
        naturals=tuple(naturals),
        wild_indexes=tuple(blanks),
        ranks=frozenset(card.natural_rank for card in naturals),
        suits=frozenset(card.suit for card in naturals if card.suit is not None),
        skips=tuple(skips),
        free_suits=ruleset.run_suit is RunSuit.ANY,
        read_wild=read_wild,
    )


def _wild_count(meld: _Meld) -> int:
    """The wild cards of a meld (its skips, judged as blanks, are not wild)."""
    return len(meld.wilds)


def _common_problems(ruleset: Ruleset, deal: Deal, meld: _Meld, a_meld: str, naturals_needed: int) -> list[Problem]:
    """Wild-card and natural-card counts, the same for every kind of meld (``a_meld``: what the meld is asked to
    be, said with its article, "a group"; ``naturals_needed``: the ruleset's minimum for that kind)."""
    problems = []
    wilds = len(meld.wilds)  # _wild_count, inlined: every reading of every meld asks
    limit = ruleset.max_wilds if not deal.own_max_wilds else deal.max_wilds  # ruleset.max_wilds_in(deal), inlined
    # an all-wild meld's trouble is that it has no natural card, not how many wilds it has
    if limit is not None and wilds > limit and meld.naturals:
        problems.append(Problem(ProblemKind.WILDS, _too_many_wilds(ruleset, meld.text, wilds, limit), meld.index))
    if len(meld.naturals) < naturals_needed:
        if not meld.naturals:
            message = say("%(meld)s has no natural card.", meld=meld.text)
        else:
            message = say_n("%(meld)s has %(num)s natural card; %(a_meld)s needs at least %(needed)s.",
                            "%(meld)s has %(num)s natural cards; %(a_meld)s needs at least %(needed)s.",
                            len(meld.naturals), meld=meld.text, a_meld=a_meld, needed=naturals_needed)  # fmt: skip
        problems.append(Problem(ProblemKind.NO_NATURAL, message, meld.index))
    return problems


def _too_many_wilds(ruleset: Ruleset, meld: str, wilds: int, limit: int) -> str:
    """More wilds in one meld than the game allows (RULES.md §5.7), in the ruleset's word for a wild card
    (``"joker"`` where the sources speak of jokers): ``"8C JK JK has 2 wilds; this game allows 1 per meld."``."""
    if ruleset.wild_word == "joker":
        if limit:
            return say_n("%(meld)s has %(num)s joker; this game allows %(limit)s per meld.",
                         "%(meld)s has %(num)s jokers; this game allows %(limit)s per meld.", wilds, meld=meld, limit=limit)
        return say_n("%(meld)s has %(num)s joker; this game allows no joker.",
                     "%(meld)s has %(num)s jokers; this game allows no joker.", wilds, meld=meld)
    if limit:
        return say_n("%(meld)s has %(num)s wild; this game allows %(limit)s per meld.",
                     "%(meld)s has %(num)s wilds; this game allows %(limit)s per meld.", wilds, meld=meld, limit=limit)
    return say_n("%(meld)s has %(num)s wild; this game allows no wild card.",
                 "%(meld)s has %(num)s wilds; this game allows no wild card.", wilds, meld=meld)  # fmt: skip


_Word = tuple[str, str]
"""What a meld is asked to be, as a word in its role: ``("set word", "trio")``, ``("run word", "escala")``, or
one of the checker's own (``("word", "pair")``, a ladder's name)."""
_PAIR: _Word = ("word", "pair")
_COLOUR_GROUP: _Word = ("word", "colour group")
_A_COLOUR_GROUP = mark_word("word", "a colour group")
"""A colour group with its article (the ruleset words, the pair and the ladders have theirs in :func:`~.rulesets.article`)."""


def _a(word: _Word) -> str:
    """``word`` with its indefinite article, in the language in use: ``"a group"``, ``"an escala"`` (``"una
    escala"``)."""
    if word == _COLOUR_GROUP:
        return say_word("word", _A_COLOUR_GROUP)
    return article(word[1])


def _requirement_words(ruleset: Ruleset, requirement: Requirement) -> str:
    """One requirement in words, in the language in use, as a sentence names what a deal needs: ``"a run of 9"``."""
    return requirement_phrase(requirement, ruleset.set_word, ruleset.colour_word, ruleset.run_word)


def _contract_text(ruleset: Ruleset, deal: Deal) -> str:
    """The deal's contract inside a sentence, in the language in use: ``"two runs of 4"``. A deal with
    alternatives is judged against each of its contracts in turn, as a deal of its own whose text
    :func:`_judge_contracts` has already said in the language in use."""
    if deal is ruleset.deal(deal.number):
        return contract_in_sentence(deal, ruleset)
    return deal.contract.lower() if speaking_english() else deal.contract[:1].lower() + deal.contract[1:]


def _deal_word(ruleset: Ruleset) -> str:
    """What a deal is called inside a sentence, in the language in use: ``"deal"``, ``"phase"`` (a sentence that
    starts with it is made whole with :func:`~.words.sentence`)."""
    return say_word("deal word", ruleset.deal_word)


def _too_few(ruleset: Ruleset, deal: Deal, meld: _Meld, requirement: Requirement, word: _Word) -> str:
    """A meld shorter than its requirement (RULES.md §5.2): ``"7H 7S is 2 cards; a group needs 3."``; where deals
    are each player's phases, the phase and what it asks: ``"... phase 6 needs a run of 9."`` (RULES.md §4.11)."""
    size = len(meld.cards)
    if ruleset.progression is Progression.FIXED and requirement.kind is not MeldKind.COLOUR:
        return say_n("%(meld)s is %(num)s card; %(a_meld)s needs %(length)s.",
                     "%(meld)s is %(num)s cards; %(a_meld)s needs %(length)s.", size,
                     meld=meld.text, a_meld=_a(word), length=requirement.length)  # fmt: skip
    return say_n("%(meld)s is %(num)s card; %(deal)s %(number)s needs %(what)s.",
                 "%(meld)s is %(num)s cards; %(deal)s %(number)s needs %(what)s.", size,
                 meld=meld.text, deal=_deal_word(ruleset), number=deal.number, what=_requirement_words(ruleset, requirement))  # fmt: skip


def _too_many(ruleset: Ruleset, meld: _Meld, requirement: Requirement, word: _Word) -> str:
    """A meld longer than its requirement where going down uses exact lengths (RULES.md §5.3); a word that
    names its length (trio, four) speaks of "this trio" and "the extra" (RULES.md §8.0)."""
    size, length = len(meld.cards), requirement.length
    if requirement.kind is MeldKind.PAIR:
        return say_n("%(meld)s is %(num)s card; a pair is exactly 2.", "%(meld)s is %(num)s cards; a pair is exactly 2.", size, meld=meld.text)
    values = {"meld": meld.text, "word": say_word(*word), "size": size, "a_meld": _a(word), "length": length}
    named = names_its_length(word[1], length)
    if ruleset.lay_off is LayOffTiming.SAME_TURN:
        if named:
            return say("This %(word)s has %(size)s cards; going down, %(a_meld)s is exactly %(length)s. Lay off the extra this turn.", **values)
        return say("%(meld)s has %(size)s cards; going down, %(a_meld)s is exactly %(length)s. Lay off the rest this turn.", **values)
    if named:
        return say("This %(word)s has %(size)s cards; going down, %(a_meld)s is exactly %(length)s. Lay off the extra on a later turn.",
                   **values)  # fmt: skip
    return say("%(meld)s has %(size)s cards; going down, %(a_meld)s is exactly %(length)s. Lay off the rest on a later turn.", **values)


def _length_problems(ruleset: Ruleset, deal: Deal, meld: _Meld, requirement: Requirement, word: _Word) -> list[Problem]:
    size = len(meld.cards)
    exact = requirement.kind is MeldKind.PAIR or ruleset.is_exact(deal)
    if size < requirement.length:
        return [Problem(ProblemKind.TOO_FEW, _too_few(ruleset, deal, meld, requirement, word), meld.index)]
    if exact and size > requirement.length:
        return [Problem(ProblemKind.TOO_MANY, _too_many(ruleset, meld, requirement, word), meld.index)]
    return []


def _set_options(ruleset: Ruleset, deal: Deal, meld: _Meld, requirement: Requirement) -> tuple[list[MeldReading], list[Problem]]:
    """Readings of a meld as a set or pair, or why it is neither."""
    word: _Word = ("set word", ruleset.set_word) if requirement.kind is MeldKind.SET else _PAIR
    if len(meld.ranks) > 1:
        if requirement.kind is MeldKind.PAIR:
            return [], [Problem(ProblemKind.MIXED, say("%(meld)s is not a pair: a pair is two cards of one rank.", meld=meld.text), meld.index)]
        if meld.resembles_run:
            return [], [Problem(ProblemKind.MELD_COUNT, _other_kind(ruleset, deal, meld, ("run word", ruleset.run_word)), meld.index)]
        return [], [Problem(ProblemKind.MIXED, _mixed_ranks(ruleset, meld, word), meld.index)]
    problems = _length_problems(ruleset, deal, meld, requirement, word)
    if not ruleset.dup_suits and len(meld.suits) < len(meld.naturals):
        message = say("%(meld)s repeats a suit; %(a_meld)s needs cards of different suits.", meld=meld.text, a_meld=_a(word))
        problems.append(Problem(ProblemKind.MIXED, message, meld.index))
    problems += _common_problems(ruleset, deal, meld, _a(word), ruleset.min_naturals if ruleset.min_naturals_set is None else ruleset.min_naturals_set)
    if problems:
        return [], problems
    rank = next(iter(meld.ranks)) if meld.ranks else None
    return [MeldReading(kind=requirement.kind, cards=meld.cards, rank=rank)], []


def _run_options(ruleset: Ruleset, deal: Deal, meld: _Meld, requirement: Requirement) -> tuple[list[MeldReading], list[Problem]]:
    """Every reading of a meld as a run, or why it is not one."""
    if len(meld.naturals) >= 2 and len(meld.ranks) == 1:
        return [], [Problem(ProblemKind.MELD_COUNT, _other_kind(ruleset, deal, meld, ("set word", ruleset.set_word)), meld.index)]
    if len(meld.run_suits) > 1:
        return [], [Problem(ProblemKind.MIXED, say("%(meld)s mixes suits.", meld=meld.text), meld.index)]
    word: _Word = ("run word", ruleset.run_word)
    problems = _length_problems(ruleset, deal, meld, requirement, word)
    if problems and problems[0].kind is ProblemKind.TOO_MANY:
        problems += _too_many_problems(ruleset, meld)
    naturals_needed = ruleset.min_naturals if ruleset.min_naturals_run is None else ruleset.min_naturals_run  # run_naturals, inlined
    problems += _common_problems(ruleset, deal, meld, _a(word), naturals_needed)
    if problems:
        return [], problems
    return _run_readings(ruleset, meld)


def _mixed_ranks(ruleset: Ruleset, meld: _Meld, word: _Word) -> str:
    """A set whose natural cards differ, by what the deck calls a rank (RULES.md §5.4): each sentence whole."""
    if ruleset.rank_word == "number":
        return say("%(meld)s mixes numbers; %(a_meld)s is cards of one number.", meld=meld.text, a_meld=_a(word))
    return say("%(meld)s mixes ranks; %(a_meld)s is cards of one rank.", meld=meld.text, a_meld=_a(word))


def _other_kind(ruleset: Ruleset, deal: Deal, meld: _Meld, kind: _Word) -> str:
    """A meld of a kind the contract does not ask for here (RULES.md §5.1): ``"5C 5D 5H is a group; deal 3 needs
    two runs of 4."``."""
    return say("%(meld)s is %(a_meld)s; %(deal)s %(number)s needs %(contract)s.", meld=meld.text, a_meld=_a(kind),
               deal=_deal_word(ruleset), number=deal.number, contract=_contract_text(ruleset, deal))  # fmt: skip


def _too_many_problems(ruleset: Ruleset, meld: _Meld) -> list[Problem]:
    """A run too long going down: where laying off the extra card would not mend it, why (besides its length)."""
    if run_windows(ruleset, meld.naturals, len(meld.cards)):
        return []
    why = _why_no_run(ruleset, meld)
    return [] if why.kind is ProblemKind.TOO_MANY else [why]  # laying off the extra card would not mend a gap: say both


def _run_readings(ruleset: Ruleset, meld: _Meld) -> tuple[list[MeldReading], list[Problem]]:
    """Every window a meld of the right length and kind lies in as a run, or why none."""
    windows, why = _fitting_windows(ruleset, meld)
    if why is not None:
        return [], [why]
    suit = next(iter(meld.run_suits)) if meld.run_suits else None
    size = len(meld.cards)
    # no wild, or every card wild (where no place is fixed): nothing stands for anything
    wild = bool(meld.wilds and meld.naturals)
    readings = []
    for low, ace_at, ordered in windows:
        high = low + size - 1
        places = _wild_places(meld, low, high, ace_at, ordered) if wild else ()
        if suit is None:  # suits are free (or every card is wild): a wild stands for a place alone
            reading = MeldReading(kind=MeldKind.RUN, cards=meld.cards, low=low, high=high, wild_places=places)
        else:
            stand_ins = tuple([(i, card_at(place, suit)) for i, place in places])
            reading = MeldReading(kind=MeldKind.RUN, cards=meld.cards, suit=suit, low=low, high=high, wilds=stand_ins)
        readings.append(reading)
    return readings, []


def _ordered_windows(ruleset: Ruleset, meld: _Meld) -> list[tuple[int, int | None, list[int] | None]]:
    """The windows the meld lies in as a run (:func:`~.runs.run_windows`), each with the places of its cards
    if they are written in run order there (:func:`~.runs.written_order`; worked out only where asked for);
    the windows that match the order the cards were written in come first."""
    size = len(meld.cards)
    windows = run_windows(ruleset, meld.naturals, size)
    if not windows or (len(windows) == 1 and not (meld.wilds and meld.naturals)):
        return [(low, ace_at, None) for low, ace_at in windows]  # neither sorted nor any wild's place asked for
    fits = meld.fits(ruleset)
    found = [(low, ace_at, order_of(fits, low, low + size - 1)) for low, ace_at in windows]
    if len(found) > 1:
        found.sort(key=_not_in_order)
    return found


_Window = tuple[int, int | None, list[int] | None]
"""A run's window: its first place, the ace's place (if it has one ace), the cards' places if written in order."""


def _fitting_windows(ruleset: Ruleset, meld: _Meld) -> tuple[list[_Window], Problem | None]:
    """The windows a meld lies in as a run, its wilds apart where they must be; or why there is none."""
    windows = _ordered_windows(ruleset, meld)
    if not windows:
        return [], _why_no_run(ruleset, meld)
    if not ruleset.run_wilds_adjacent and len(meld.wilds) > 1:
        windows = _wilds_apart(meld, windows)
        if not windows:
            return [], _side_by_side_problem(ruleset, meld)
    return windows, None


def _wilds_apart(meld: _Meld, windows: list[_Window]) -> list[_Window]:
    """The windows in which no two wilds stand side by side (``run_wilds_adjacent: no``; an all-wild meld has no
    place fixed, so it is judged on having natural cards instead)."""
    if not meld.naturals:
        return windows
    return [window for window in windows if not _wilds_side_by_side(meld, window[0], window[1])]


def _side_by_side_problem(ruleset: Ruleset, meld: _Meld) -> Problem:
    """Every reading of the run puts two wilds side by side (``run_wilds_adjacent: no``)."""
    a_run = _a(("run word", ruleset.run_word))
    if ruleset.wild_word == "joker":
        message = say("%(meld)s puts two jokers side by side; in %(a_run)s they may not be.", meld=meld.text, a_run=a_run)
    else:
        message = say("%(meld)s puts two wilds side by side; in %(a_run)s they may not be.", meld=meld.text, a_run=a_run)
    return Problem(ProblemKind.WILDS, message, meld.index)


def _wilds_side_by_side(meld: _Meld, low: int, ace_at: int | None) -> bool:
    """Whether, in the window from ``low``, two of the places the wilds must fill are neighbours.

    The window is as long as the meld, so the wilds fill exactly the places its naturals leave empty, whatever
    order they were written in (RULES.md §8.0 ``run_wilds_adjacent``).
    """
    empty = _empty_places(meld, low, low + len(meld.cards) - 1, ace_at)
    return any(b == a + 1 for a, b in zip(empty, empty[1:], strict=False))


def _empty_places(meld: _Meld, low: int, high: int, ace_at: int | None) -> list[int]:
    """The places from ``low`` to ``high`` the meld's naturals leave empty (past 14 where aces go ``around``)."""
    taken = set()
    for card in meld.naturals:
        rank = int(card.natural_rank)
        if card.rank is not Rank.ACE:
            taken.add(rank if rank >= low else rank + 13)  # past the ace in a window round the corner
        elif ace_at is not None:
            taken.add(ace_at)
        else:  # two aces: the A..A run
            taken.update((1, 14))
    return [p for p in range(low, high + 1) if p not in taken]


def _not_in_order(window: tuple[int, int | None, list[int] | None]) -> bool:
    return window[2] is None


def _wild_places(meld: _Meld, low: int, high: int, ace_at: int | None, ordered: list[int] | None) -> tuple[tuple[int, int], ...]:
    """The place each wild stands for in a run lying from ``low`` to ``high``: ``(index in the meld, place)``.

    When the meld is written in run order (up or down: ``ordered``, the places
    of its cards), each wild stands for its own place; otherwise the wilds fill
    the missing places in the order they were written. A skip card (judged as
    a blank, and refused on its own) stands for nothing.
    """
    wilds = meld.wilds
    if ordered is not None:
        return tuple([(i, ordered[i]) for i in wilds])
    return tuple(zip(wilds, _empty_places(meld, low, high, ace_at), strict=False))


def _why_no_run(ruleset: Ruleset, meld: _Meld) -> Problem:
    """The reason no window fits a one-suit meld of the right length."""
    counts = Counter(card.natural_rank for card in meld.naturals)
    repeated = _repeated_ranks(counts, len(meld.cards))
    if repeated:
        return _repeat_problem(ruleset, meld, repeated)
    size = len(meld.cards)
    if size > longest_run(ruleset):
        return _too_long_problem(ruleset, meld)
    has_ace = Rank.ACE in counts
    if ruleset.aces is AceRule.AROUND:
        return _around_gap_problem(meld, sorted(int(rank) for rank in counts))
    if has_ace:
        corner = _corner_problem(ruleset, meld, sorted(int(rank) for rank in counts))
        if corner is not None:
            return corner
    return _gap_problem(ruleset, meld, has_ace)


def _too_long_problem(ruleset: Ruleset, meld: _Meld) -> Problem:
    """A run longer than the rank line: ``"... is 13 cards; a run holds 12 at most."`` where the ace is only low
    (RULES.md §8.0), ``"... has 15 cards; a run has at most 14 (A to A)."`` otherwise."""
    size, longest = len(meld.cards), longest_run(ruleset)
    if ruleset.aces is AceRule.LOW_ONLY:
        message = say_n("%(meld)s is %(num)s card; a run holds %(longest)s at most.", "%(meld)s is %(num)s cards; a run holds %(longest)s at most.",
                        size, meld=meld.text, longest=longest)  # fmt: skip
    elif ruleset.aces is AceRule.AROUND:
        message = say("%(meld)s has %(size)s cards; a run has at most %(longest)s (each rank once).", meld=meld.text, size=size, longest=longest)
    else:
        low, high = ("2", "A") if ruleset.aces is AceRule.HIGH_ONLY else ("A", "A")  # as runs.longest_run_span says it
        message = say("%(meld)s has %(size)s cards; a run has at most %(longest)s (%(low)s to %(high)s).",
                      meld=meld.text, size=size, longest=longest, low=low, high=high)  # fmt: skip
    return Problem(ProblemKind.TOO_MANY, message, meld.index)


def _repeated_ranks(counts: Counter[Rank], size: int) -> list[Rank]:
    """The ranks a run holds more than once (two aces only in a 14-card A..A run)."""
    return sorted(rank for rank, count in counts.items() if count > 1 and (rank is not Rank.ACE or size < 14 or count > 2))


def _arc_missing(start: int, ranks: Sequence[int]) -> list[int]:
    """The ranks missing from the arc that starts at ``start`` and goes round the circle until it holds ``ranks``."""
    arc = [(start - 1 + i) % 13 + 1 for i in range(13)]
    end = max(arc.index(rank) for rank in ranks)
    return [rank for rank in arc[: end + 1] if rank not in ranks]


def _around_gap_problem(meld: _Meld, ranks: Sequence[int]) -> Problem:
    """A gap where the ranks form a circle (aces ``around``): the cards the shortest arc holding the naturals skips."""
    best = min((_arc_missing(start, ranks) for start in ranks), key=len)
    suit = next(iter(meld.run_suits)) if meld.run_suits else None
    skipped = " ".join(str(card_at(rank, suit)) if suit is not None else position_label(rank) for rank in best)
    return Problem(ProblemKind.GAP, _skips(meld, skipped), meld.index)


def _skips(meld: _Meld, missing: str) -> str:
    """A gap in a run that its wilds can't fill (RULES.md §5.5): ``"5S 6S 8S 9S skips 7S and no wild fills it."``."""
    wilds = _wild_count(meld)
    if not wilds:
        return say("%(meld)s skips %(missing)s and no wild fills it.", meld=meld.text, missing=missing)
    return say_n("%(meld)s skips %(missing)s: too many gaps for one wild.", "%(meld)s skips %(missing)s: too many gaps for %(num)s wilds.",
                 wilds, meld=meld.text, missing=missing, num=number_word(wilds))  # fmt: skip


def _repeat_problem(ruleset: Ruleset, meld: _Meld, repeated: Sequence[Rank]) -> Problem:
    """A rank (a number) twice in a run: named with its suit where the run has one."""
    if meld.run_suits:
        suit = next(iter(meld.run_suits))
        twice = ", ".join(f"{rank.label}{suit.value}" for rank in repeated)
        return Problem(ProblemKind.GAP, say("%(meld)s repeats %(twice)s; a run has one card of each rank.", meld=meld.text, twice=twice), meld.index)
    twice = ", ".join(place_label(ruleset, rank) for rank in repeated)
    if ruleset.rank_word == "number":
        message = say("%(meld)s repeats %(twice)s; a run has one card of each number.", meld=meld.text, twice=twice)
    else:
        message = say("%(meld)s repeats %(twice)s; a run has one card of each rank.", meld=meld.text, twice=twice)
    return Problem(ProblemKind.GAP, message, meld.index)


_ACE_CHOICES = {AceRule.LOW_OR_HIGH: (1, 14), AceRule.HIGH_ONLY: (14,), AceRule.LOW_ONLY: (1,)}


def _fewest_missing(ruleset: Ruleset, meld: _Meld, has_ace: bool) -> list[int]:
    """The places the tightest span of the naturals leaves empty, with the ace placed best."""
    best: list[int] | None = None
    for ace_position in _ACE_CHOICES[ruleset.aces] if has_ace else (0,):  # with no ace, ace_position is never used
        positions = sorted(ace_position if card.rank is Rank.ACE else int(card.natural_rank) for card in meld.naturals)
        missing = [p for p in range(positions[0], positions[-1] + 1) if p not in positions]
        if best is None or len(missing) < len(best):
            best = missing
    assert best is not None
    return best


def _gap_problem(ruleset: Ruleset, meld: _Meld, has_ace: bool) -> Problem:
    """A gap: the tightest span of the naturals is longer than the meld (the cards it skips, with the ace placed best)."""
    suit = next(iter(meld.run_suits)) if meld.run_suits else None
    best = _fewest_missing(ruleset, meld, has_ace)
    missing_cards = " ".join(str(card_at(p, suit)) if suit is not None else place_label(ruleset, p) for p in best)
    return Problem(ProblemKind.GAP, _skips(meld, missing_cards), meld.index)


def _corner_problem(ruleset: Ruleset, meld: _Meld, ranks: Sequence[int]) -> Problem | None:
    """The sentence for naturals that would lie in one run only by going round the corner past the ace.

    The shortest window round the corner that holds them is named (``K-A-2-3``
    for ``KH AH 3H``), when it is shorter than any straight span of them: then
    the player meant the corner, not a gap.
    """
    size = len(meld.cards)
    others = [rank for rank in ranks if rank != 1]
    straight = min(max([*others, place]) - min([*others, place]) + 1 for place in _ACE_CHOICES[ruleset.aces])
    found = corner_window(ruleset, ranks, size, max(size, straight - 1))
    if found is None:
        return None
    cycle, ace = found
    if ruleset.aces is AceRule.LOW_ONLY:
        return _past_the_top_problem(ruleset, meld, cycle[: ace + 1])
    labels = "-".join(Rank(r).label for r in cycle)
    if ruleset.aces is AceRule.HIGH_ONLY:
        if ace == 0:
            return Problem(ProblemKind.WRAP, say("Aces are high only: %(ranks)s is not a run.", ranks=labels), meld.index)
        message = say("Aces are high only and nothing follows the ace: %(ranks)s is not a run.", ranks=labels)
        return Problem(ProblemKind.WRAP, message, meld.index)
    return Problem(ProblemKind.WRAP, say("%(ranks)s goes round the corner: an ace is high or low, not both.", ranks=labels), meld.index)


def _past_the_top_problem(ruleset: Ruleset, meld: _Meld, climb: Sequence[int]) -> Problem:
    """Naturals that would lie in one run only by going on past the top rank to the ace (aces low only).

    ``climb`` is the window's ranks up to the ace (``[10, 11, 12, 1]``).
    """
    top = place_label(ruleset, ruleset.top_rank)
    if ruleset.deck is Deck.PHASE10:
        labels = "-".join(str(rank) for rank in climb)
        message = say("%(ranks)s goes past %(top)s: a run is numbered 1 to %(top)s and never turns the corner.", ranks=labels, top=top)
    else:
        message = say("%(meld)s needs the ace after %(top)s, but here the ace is only 1 and a run ends at %(top)s.", meld=meld.text, top=top)
    return Problem(ProblemKind.WRAP, message, meld.index)


def _colour_options(ruleset: Ruleset, deal: Deal, meld: _Meld, requirement: Requirement) -> tuple[list[MeldReading], list[Problem]]:
    """The reading of a meld as a colour group (RULES.md §8.0: naturals of one colour, any ranks), or why not."""
    if not meld.resembles_colour_group:
        message = say("%(meld)s mixes colours; %(deal)s %(number)s needs %(what)s.", meld=meld.text, deal=_deal_word(ruleset),
                      number=deal.number, what=_requirement_words(ruleset, requirement))  # fmt: skip
        return [], [Problem(ProblemKind.MIXED, message, meld.index)]
    problems = _length_problems(ruleset, deal, meld, requirement, _COLOUR_GROUP)
    problems += _common_problems(ruleset, deal, meld, _a(_COLOUR_GROUP), ruleset.set_naturals)
    if problems:
        return [], problems
    colour = next(iter(meld.marks)) if meld.naturals else None
    return [MeldReading(kind=MeldKind.COLOUR, cards=meld.cards, colour=colour)], []


#: A ladder's name by its rule, where the ruleset calls runs escalas (Carioca's final rounds); else "ladder".
_ESCALA_NAMES = {
    LadderRule.ANY_SUIT: mark_word("word", "escala sucia"), LadderRule.SAME_COLOUR: mark_word("word", "escala de color"),
    LadderRule.ALTERNATING_COLOUR: mark_word("word", "escala payaso"), LadderRule.SAME_SUIT: mark_word("word", "escala real"),
}  # fmt: skip
_LADDER = mark_word("word", "ladder")

_RED = frozenset((Suit.HEARTS, Suit.DIAMONDS))


def _colour_of(card: Card) -> str:
    """A standard card's colour in words: ``"red"`` or ``"black"``."""
    return "red" if card.suit in _RED else "black"


def ladder_name(ruleset: Ruleset, rule: LadderRule) -> str:
    """What a ladder is called in a sentence: ``"escala real"`` where runs are escalas, else ``"ladder"`` (in
    English; ``say_word("word", name)`` says it in the language in use, :func:`_a` with its article)."""
    return _ESCALA_NAMES[rule] if ruleset.run_word == "escala" else _LADDER


def _ladder_options(ruleset: Ruleset, deal: Deal, meld: _Meld, requirement: Requirement) -> tuple[list[MeldReading], list[Problem]]:
    """The reading of a meld as a ladder (RULES.md §8.0: 13 cards, one of each rank A..K, its rule met), or why not."""
    assert requirement.rule is not None
    name = ladder_name(ruleset, requirement.rule)
    size = len(meld.cards)
    if size != 13:
        kind = ProblemKind.TOO_FEW if size < 13 else ProblemKind.TOO_MANY
        message = say_n("%(meld)s is %(num)s card; %(a_ladder)s is 13, one of each rank A to K.",
                        "%(meld)s is %(num)s cards; %(a_ladder)s is 13, one of each rank A to K.", size,
                        meld=meld.text, a_ladder=_a(("word", name)))  # fmt: skip
        return [], [Problem(kind, message, meld.index)]
    common = _common_problems(ruleset, deal, meld, _a(("word", name)), ruleset.run_naturals)
    no_wilds = _ladder_wild_problems(ruleset, deal, meld, name)
    problems = no_wilds + [p for p in common if p.kind is not ProblemKind.WILDS] if no_wilds else common
    repeat = _ladder_repeat_problem(meld)
    if repeat is not None:
        problems.append(repeat)
    rule = _ladder_rule_problem(meld, requirement.rule, name)
    if rule is not None:
        problems.append(rule)
    if problems:
        return [], problems
    return [_ladder_reading(meld, requirement.rule)], []


def _ladder_wild_problems(ruleset: Ruleset, deal: Deal, meld: _Meld, name: str) -> list[Problem]:
    """A ladder whose deal allows no wild card: ``"The escala real allows no joker: JK is one."``."""
    if ruleset.max_wilds_in(deal) != 0 or not meld.wilds or not meld.naturals:
        return []
    wilds = [meld.cards[i] for i in meld.wilds]
    values = {"name": say_word("word", name), "card": wilds[0], "cards": format_cards(wilds), "count": number_word(len(wilds))}
    if ruleset.wild_word == "joker":
        if len(wilds) == 1:
            return [Problem(ProblemKind.WILDS, say("The %(name)s allows no joker: %(card)s is one.", **values), meld.index)]
        return [Problem(ProblemKind.WILDS, say("The %(name)s allows no joker: %(cards)s are %(count)s.", **values), meld.index)]
    if len(wilds) == 1:
        return [Problem(ProblemKind.WILDS, say("The %(name)s allows no wild: %(card)s is one.", **values), meld.index)]
    return [Problem(ProblemKind.WILDS, say("The %(name)s allows no wild: %(cards)s are %(count)s.", **values), meld.index)]


def _ladder_repeat_problem(meld: _Meld) -> Problem | None:
    """A rank twice in a ladder: ``"... 7H is there twice and there is no 8."``."""
    by_rank: dict[int, list[Card]] = {}
    for card in meld.naturals:
        by_rank.setdefault(int(card.natural_rank), []).append(card)
    twice = next((cards for _, cards in sorted(by_rank.items()) if len(cards) > 1), None)
    if twice is None:
        return None
    missing = or_list([position_label(rank) for rank in range(1, 14) if rank not in by_rank])
    if twice[0] == twice[1]:
        message = say("A ladder holds one card of each rank A to K: %(card)s is there twice and there is no %(missing)s.",
                      card=twice[0], missing=missing)  # fmt: skip
    else:
        message = say("A ladder holds one card of each rank A to K: %(card)s and %(other)s are both there and there is no %(missing)s.",
                      card=twice[0], other=twice[1], missing=missing)  # fmt: skip
    return Problem(ProblemKind.GAP, message, meld.index)


def _ladder_rule_problem(meld: _Meld, rule: LadderRule, name: str) -> Problem | None:
    """A ladder whose naturals break its rule, naming the first card that does (RULES.md §8.0's sentences)."""
    naturals = meld.naturals
    if rule is LadderRule.ANY_SUIT or not naturals:
        return None
    if rule is LadderRule.SAME_SUIT:
        return _one_suit_problem(meld, name)
    if rule is LadderRule.SAME_COLOUR:
        return _one_colour_problem(meld, name)
    return _alternating_problem(meld, name)


def _one_suit_problem(meld: _Meld, name: str) -> Problem | None:
    """The first natural not of the ladder's suit (the suit most of its cards have, the first written on a tie)."""
    written = [card.natural_suit for card in meld.naturals]
    suits = Counter(written)
    suit = max(suits, key=lambda s: (suits[s], -written.index(s)))
    odd = next((card for card in meld.naturals if card.suit is not suit), None)
    if odd is None:
        return None
    values = {"name": say_word("word", name), "card": odd}
    if suit is Suit.HEARTS:
        message = say("The %(name)s is A to K of one suit: %(card)s is not a heart.", **values)
    elif suit is Suit.DIAMONDS:
        message = say("The %(name)s is A to K of one suit: %(card)s is not a diamond.", **values)
    elif suit is Suit.CLUBS:
        message = say("The %(name)s is A to K of one suit: %(card)s is not a club.", **values)
    else:
        message = say("The %(name)s is A to K of one suit: %(card)s is not a spade.", **values)
    return Problem(ProblemKind.GAP, message, meld.index)


def _one_colour_problem(meld: _Meld, name: str) -> Problem | None:
    """The first natural not of the ladder's colour (the colour most of its cards have, the first's on a tie)."""
    colours = Counter(_colour_of(card) for card in meld.naturals)
    first = _colour_of(meld.naturals[0])
    colour = max(colours, key=lambda c: (colours[c], c == first))
    odd = next((card for card in meld.naturals if _colour_of(card) != colour), None)
    if odd is None:
        return None
    if colour == "red":  # odd is black
        return Problem(ProblemKind.GAP, say("The %(name)s is all red or all black: %(card)s is black.", name=say_word("word", name), card=odd), meld.index)
    return Problem(ProblemKind.GAP, say("The %(name)s is all red or all black: %(card)s is red.", name=say_word("word", name), card=odd), meld.index)


def _alternating_problem(meld: _Meld, name: str) -> Problem | None:
    """Colours that do not alternate in rank order: the first two neighbouring ranks of one colour, or else the
    first two naturals an even number of ranks apart whose colours differ."""
    ordered = sorted(meld.naturals, key=lambda card: int(card.natural_rank))
    for a, b in zip(ordered, ordered[1:], strict=False):
        apart = int(b.natural_rank) - int(a.natural_rank)
        if apart % 2 == 1 and _colour_of(a) == _colour_of(b):
            return Problem(ProblemKind.GAP, _not_alternating(name, a, b, next_to=apart == 1), meld.index)
        if apart % 2 == 0 and _colour_of(a) != _colour_of(b):
            message = say("The %(name)s alternates red and black: %(card)s and %(other)s must be one colour.", name=say_word("word", name), card=a, other=b)
            return Problem(ProblemKind.GAP, message, meld.index)
    return None


def _not_alternating(name: str, a: Card, b: Card, *, next_to: bool) -> str:
    """Two naturals of one colour an odd number of ranks apart in an alternating ladder: neighbours "are both
    red"; further apart they "may not both be red" (each sentence whole, by the colour)."""
    values = {"name": say_word("word", name), "card": a, "other": b}
    if _colour_of(a) == "red":
        if next_to:
            return say("The %(name)s alternates red and black: %(card)s and %(other)s are both red.", **values)
        return say("The %(name)s alternates red and black: %(card)s and %(other)s may not both be red.", **values)
    if next_to:
        return say("The %(name)s alternates red and black: %(card)s and %(other)s are both black.", **values)
    return say("The %(name)s alternates red and black: %(card)s and %(other)s may not both be black.", **values)


def _ladder_wild_places(meld: _Meld) -> tuple[tuple[int, int], ...]:
    """The rank each wild of a ladder stands for: its own place where the cards are written A to K (or K to A),
    otherwise the missing ranks in the order the wilds were written."""
    fits = [None if i in meld.wilds else (int(card.natural_rank),) for i, card in enumerate(meld.cards)]
    ordered = order_of(fits, 1, 13)
    if ordered is not None:
        return tuple((i, ordered[i]) for i in meld.wilds)
    present = {int(card.natural_rank) for card in meld.naturals}
    return tuple(zip(meld.wilds, [rank for rank in range(1, 14) if rank not in present], strict=False))


def _ladder_reading(meld: _Meld, rule: LadderRule) -> MeldReading:
    """A legal ladder's reading: its suit (same_suit) or colour (same_colour), and the rank each wild stands for."""
    places = _ladder_wild_places(meld)
    suit = next(iter(meld.suits)) if rule is LadderRule.SAME_SUIT and meld.suits else None
    shade = _colour_of(meld.naturals[0]) if rule is LadderRule.SAME_COLOUR and meld.naturals else None
    return MeldReading(kind=MeldKind.LADDER, cards=meld.cards, suit=suit, low=1, high=13, wild_places=places, rule=rule, shade=shade)


def _options(ruleset: Ruleset, deal: Deal, meld: _Meld, requirement: Requirement) -> tuple[list[MeldReading], list[Problem]]:
    if requirement.kind is MeldKind.RUN:
        return _run_options(ruleset, deal, meld, requirement)
    if requirement.kind is MeldKind.COLOUR:
        return _colour_options(ruleset, deal, meld, requirement)
    if requirement.kind is MeldKind.LADDER:
        return _ladder_options(ruleset, deal, meld, requirement)
    return _set_options(ruleset, deal, meld, requirement)


# ---------------------------------------------------------------------------
# Across melds


def _one_run_per_suit(ruleset: Ruleset, suit: Suit) -> str:
    """Two runs of one suit where a player's runs must differ in suit (RULES.md §5.9); where the ruleset's word for
    a run is its sources' (Kalooki's "four", JAM-W: "they must be of different suits"), as they say it (§8.0)."""
    if ruleset.run_word == "four":
        return say("Two fours in %(suit)s: a player's fours must be of different suits.", suit=suit.said_plural)
    return say("Two runs of %(suit)s: only one run per suit.", suit=suit.said_plural)


def _one_set_per_rank(word: str, rank: Rank) -> str:
    """Two sets of one rank where a contract can't use a rank twice (RULES.md §5.10), in the ruleset's word for a
    set; Kalooki's "three" as its sources say it (JAM-W: "of different ranks", §8.0)."""
    ranks = rank.said_plural
    if word == "three":
        return say("Two threes of %(rank)s: a player's threes must be of different ranks.", rank=ranks)
    if word == "trio":
        return say("Two trios of %(rank)s: a contract can't use a rank twice.", rank=ranks)
    if word == "book":
        return say("Two books of %(rank)s: a contract can't use a rank twice.", rank=ranks)
    if word == "set":
        return say("Two sets of %(rank)s: a contract can't use a rank twice.", rank=ranks)
    return say("Two groups of %(rank)s: a contract can't use a rank twice.", rank=ranks)


def _cross_problems(ruleset: Ruleset, readings: Sequence[MeldReading], word: str) -> list[Problem]:
    """Problems between melds of one go-down: same-suit runs and repeated ranks."""
    problems = []
    runs = [(i, r) for i, r in enumerate(readings) if r.kind is MeldKind.RUN and r.suit is not None]
    if ruleset.same_suit_runs is not SameSuitRuns.ANY:
        reported: set[Suit] = set()
        for (_, a), (j, b) in itertools.combinations(runs, 2):
            if a.suit is not b.suit:
                continue
            assert a.suit is not None and a.low is not None and a.high is not None and b.low is not None and b.high is not None
            if ruleset.same_suit_runs is SameSuitRuns.ONE_PER_SUIT:
                if a.suit not in reported:
                    reported.add(a.suit)
                    problems.append(Problem(ProblemKind.SAME_SUIT_RUNS, _one_run_per_suit(ruleset, a.suit), j))
            elif a.high + 1 == b.low or b.high + 1 == a.low:
                (low_1, high_1), (low_2, high_2) = sorted([(a.low, a.high), (b.low, b.high)])
                message = say(
                    "%(first)s and %(second)s of %(suit)s join end to end; they must overlap or leave a gap.",
                    first=f"{position_label(low_1)}-{position_label(high_1)}",
                    second=f"{position_label(low_2)}-{position_label(high_2)}",
                    suit=a.suit.said_plural,
                )
                problems.append(Problem(ProblemKind.SAME_SUIT_RUNS, message, j))
    if not ruleset.repeat_rank:
        seen: dict[Rank, int] = {}
        for i, reading in enumerate(readings):
            if reading.kind is MeldKind.RUN or reading.rank is None:
                continue
            if reading.rank in seen:
                problems.append(Problem(ProblemKind.REPEATED_RANK, _one_set_per_rank(word, reading.rank), i))
            else:
                seen[reading.rank] = i
    return problems


def supply_problems(ruleset: Ruleset, cards: Iterable[Card], players: int | None) -> list[Problem]:
    """More of a card than the packs (or jokers) in play hold (for ``players``, or the largest table)."""
    table = ruleset.table(players)
    counts = Counter(cards)
    if ruleset.deck is Deck.PHASE10:
        return _phase10_supply_problems(counts, table.packs)
    over = [(card, count) for card, count in counts.items() if count > (table.jokers if card.rank is None else table.packs)]
    problems = []
    where = say("this game") if players is None else say("a table of %(players)s", players=players)
    for card, count in sorted(over):
        if card.is_joker:
            problems.append(Problem(ProblemKind.SUPPLY, too_many_jokers(count, table.jokers, where)))
        else:
            problems.append(Problem(ProblemKind.SUPPLY, too_many_copies(count, str(card), table.packs)))
    return problems


def _phase10_supply_problems(counts: Counter[Card], decks: int) -> list[Problem]:
    """More of a card than the Phase 10 deck holds (RULES.md §8.0: 2 of each numbered card, 8 W, 4 SKIP)."""
    problems = []
    for card, count in sorted(counts.items()):
        held = PHASE10_COPIES.get(card, 0) * decks
        if count > held:
            message = say_n("%(count)s %(card)s, but the deck has %(held)s.", "%(count)s %(card)s, but the %(decks)s decks have %(held)s.",
                            decks, count=number_word(count), card=card, held=number_word(held), decks=number_word(decks))  # fmt: skip
            problems.append(Problem(ProblemKind.SUPPLY, sentence(message)))
    return problems


def skip_problems(ruleset: Ruleset, melds: Sequence[_Meld]) -> list[Problem]:
    """A skip card in a meld: one sentence per kind of skip card, about the first meld holding one."""
    if ruleset.skips is Skips.NONE:
        return []  # no card is a skip (a meld's skips are ruleset.is_skip's)
    problems = []
    seen: set[Card] = set()
    for meld in melds:
        for card in meld.skips:
            if card not in seen:
                seen.add(card)
                problems.append(Problem(ProblemKind.SKIP, _skip_sentence(ruleset, card), meld.index))
    return problems


def _skip_sentence(ruleset: Ruleset, card: Card) -> str:
    """A skip card in a meld (RULES.md §8.0): "here" where the card is a skip only in this game (a joker), and
    "a phase" where each player plays their own phases."""
    if ruleset.deck is Deck.STANDARD:  # a joker is a skip only in this game
        if ruleset.progression is not Progression.FIXED:
            return say("%(card)s is a skip card here; a skip is never part of a phase.", card=card)
        return say("%(card)s is a skip card here; a skip is never part of a meld.", card=card)
    if ruleset.progression is not Progression.FIXED:
        return say("%(card)s is a skip card; a skip is never part of a phase.", card=card)
    return say("%(card)s is a skip card; a skip is never part of a meld.", card=card)


# ---------------------------------------------------------------------------
# The whole go-down


def check_go_down(
    ruleset: Ruleset,
    deal_number: int,
    melds: Sequence[Sequence[Card]],
    remaining: Sequence[Card] | None = None,
    players: int | None = None,
) -> GoDownRuling:
    """Whether ``melds`` are a legal go-down for deal ``deal_number``.

    ``remaining`` is what is left in hand (it must be empty in a meld-all
    deal); ``players`` is the table size for the supply check (the largest
    table if ``None``). Raises :class:`~.rulesets.DealOutOfRangeError` or
    :class:`~.rulesets.PlayersOutOfRangeError` for input outside the
    ruleset; never raises on well-formed cards.
    """
    deal = ruleset.deal(deal_number)
    ruleset.table(players)  # validates the table size before anything else
    remaining = tuple(remaining or ())
    readings, problems, analysed = _judge(ruleset, deal, melds, CheckBudget(CHECK_BUDGET))
    problems += supply_problems(ruleset, [card for meld in melds for card in meld] + list(remaining), players)
    problems += _unmelded_problems(ruleset, deal, remaining)
    problems.sort(key=lambda p: (p.kind, -1 if p.meld is None else p.meld))
    final = tuple([reading if reading is not None else _fallback_reading(meld) for reading, meld in zip(readings, analysed, strict=True)])
    return GoDownRuling(
        legal=not problems,
        problems=tuple([problem.message for problem in problems]),
        readings=final,
        details=tuple(problems),
    )


_Judged = tuple[list["MeldReading | None"], list["Problem"], list["_Meld"]]
"""How each meld was read, what is wrong with the melds themselves (not supply or unmelded cards), and the melds."""


def _judge(ruleset: Ruleset, deal: Deal, melds: Sequence[Sequence[Card]], budget: CheckBudget) -> _Judged:
    """The melds against the deal (RULES.md §2.1 steps 1a-5): red twos read both ways, alternatives, the wilds
    of the whole go-down, where the ruleset has them."""
    if ruleset.red_twos_wild or deal.alternatives or ruleset.max_wilds_per_contract is not None:
        judged = _judge_reading(ruleset, deal, melds, budget)
        if judged[1] and ruleset.red_twos_wild:
            judged = _red_twos_read_wild(ruleset, deal, melds, judged, budget)
        return judged
    # the rulesets of RULES.md §3 (and most): one reading of the cards, one contract
    analysed = [_analyse(ruleset, index, meld) for index, meld in enumerate(melds)]
    readings, problems = _judge_melds(ruleset, deal, analysed, budget)
    if ruleset.skips is not Skips.NONE:  # else no card is a skip
        problems += skip_problems(ruleset, analysed)
    return readings, problems, analysed


def _judge_reading(
    ruleset: Ruleset, deal: Deal, melds: Sequence[Sequence[Card]], budget: CheckBudget, read_wild: Sequence[frozenset[int]] = ()
) -> _Judged:
    """The melds against the deal, with the cards at ``read_wild`` (per meld) read as wild (red twos)."""
    if read_wild:
        analysed = [_analyse(ruleset, index, meld, read_wild[index]) for index, meld in enumerate(melds)]
    else:
        analysed = [_analyse(ruleset, index, meld) for index, meld in enumerate(melds)]
    readings, problems = _judge_contracts(ruleset, deal, analysed, budget) if deal.alternatives else _judge_melds(ruleset, deal, analysed, budget)
    if ruleset.skips is not Skips.NONE:  # else no card is a skip
        problems += skip_problems(ruleset, analysed)
    if ruleset.max_wilds_per_contract is not None:
        problems += _contract_wild_problems(ruleset, analysed)
    return readings, problems, analysed


def _contract_wild_problems(ruleset: Ruleset, melds: Sequence[_Meld]) -> list[Problem]:
    """More wilds in the whole go-down than ``max_wilds_per_contract`` (Carioca: 2)."""
    limit = ruleset.max_wilds_per_contract
    wilds = sum(len(meld.wilds) for meld in melds)
    if limit is None or wilds <= limit:
        return []
    # English says "wilds" even for one (as RULES.md's sentence always has): the singular is the plural there
    if ruleset.wild_word == "joker":
        message = say_n("Your go-down has %(num)s jokers; this game allows %(limit)s in one go-down.",
                        "Your go-down has %(num)s jokers; this game allows %(limit)s in one go-down.", wilds, limit=limit)  # fmt: skip
    else:
        message = say_n("Your go-down has %(num)s wilds; this game allows %(limit)s in one go-down.",
                        "Your go-down has %(num)s wilds; this game allows %(limit)s in one go-down.", wilds, limit=limit)  # fmt: skip
    return [Problem(ProblemKind.WILDS, message)]


#: The most red twos a go-down is read with both ways (each as itself or wild): 2 ** 8 readings at most; two
#: packs hold four, and a go-down with more is refused for its supply whatever they are read as.
_MOST_RED_TWOS = 8


def _red_twos_read_wild(ruleset: Ruleset, deal: Deal, melds: Sequence[Sequence[Card]], as_themselves: _Judged, budget: CheckBudget) -> _Judged:
    """The legal reading with the fewest red twos read as wild (RULES.md §8.0, §8.7.6); where none is legal, the
    reading with the fewest problems (the fewest red twos wild on a tie), so that the sentences are about the
    player's likely meaning.

    Tried after the reading with every red two as itself (``as_themselves``) failed: one red two wild, then two...
    """
    places = [(i, j) for i, meld in enumerate(melds) for j, card in enumerate(meld) if ruleset.may_be_wild(card)]
    if len(places) > _MOST_RED_TWOS:
        return as_themselves
    closest = as_themselves
    for read_wild in _red_two_choices(melds, places):
        judged = _judge_reading(ruleset, deal, melds, budget, read_wild)
        if not judged[1]:
            return judged
        if len(judged[1]) < len(closest[1]):
            closest = judged
    return closest


def _red_two_choices(melds: Sequence[Sequence[Card]], places: Sequence[tuple[int, int]]) -> Iterator[list[frozenset[int]]]:
    """Each way to read some of the red twos at ``places`` (``(meld, index)``) as wild, by meld, the fewest first;
    two identical red twos of one meld are one choice, not two."""
    for count in range(1, len(places) + 1):
        seen: set[tuple[tuple[int, Card], ...]] = set()
        for chosen in itertools.combinations(places, count):
            same = tuple(sorted((i, melds[i][j]) for i, j in chosen))
            if same not in seen:
                seen.add(same)
                yield [frozenset(j for i, j in chosen if i == index) for index in range(len(melds))]


def _judge_contracts(
    ruleset: Ruleset, deal: Deal, analysed: Sequence[_Meld], budget: CheckBudget
) -> tuple[list[MeldReading | None], list[Problem]]:
    """The melds against the deal's contract or one of its alternatives (RULES.md §8.0 step 2): legal if one is
    met; otherwise explained against the contract with as many melds as were laid down (the main one first),
    or else the main contract (§8.7.5)."""
    words = (ruleset.set_word, ruleset.colour_word, ruleset.run_word)
    contracts = [
        dataclasses.replace(deal, requirements=contract, contract=describe_contract(contract, *words), alternatives=())
        for contract in deal.contracts
    ]
    explained: tuple[list[MeldReading | None], list[Problem]] | None = None
    for contract in contracts:
        if len(contract.requirements) != len(analysed):
            continue
        judged = _judge_melds(ruleset, contract, analysed, budget)
        if not judged[1]:
            return judged
        explained = explained or judged
    return explained or _judge_melds(ruleset, contracts[0], analysed, budget)


def _unmelded_problems(ruleset: Ruleset, deal: Deal, remaining: Sequence[Card]) -> list[Problem]:
    """Cards left in hand in a deal that must use every card (RULES.md §2.1 step 6; a ladder deal: "The escala
    must use every card")."""
    if not deal.meld_all or not remaining:
        return []
    left, count = format_cards(remaining), len(remaining)
    if deal.ladder is not None and ruleset.run_word == "escala":
        message = say_n("The escala must use every card: %(left)s is left.", "The escala must use every card: %(left)s are left.", count, left=left)
    elif deal.ladder is not None:
        message = say_n("The ladder must use every card: %(left)s is left.", "The ladder must use every card: %(left)s are left.", count, left=left)
    else:
        message = sentence(say_n("%(deal)s %(number)s must use every card: %(left)s is left.",
                                 "%(deal)s %(number)s must use every card: %(left)s are left.", count,
                                 deal=_deal_word(ruleset), number=deal.number, left=left))  # fmt: skip
    return [Problem(ProblemKind.UNMELDED, message)]


def _judge_melds(
    ruleset: Ruleset, deal: Deal, analysed: Sequence[_Meld], budget: CheckBudget
) -> tuple[list[MeldReading | None], list[Problem]]:
    """The melds against the deal's contract (RULES.md §2.1 steps 2-5): how each was read, and what is wrong."""
    requirements = deal.requirements
    kinds = list(dict.fromkeys(requirements))  # the distinct requirements, in the contract's order
    options = Options(ruleset, deal, analysed, kinds, budget)
    if len(analysed) == len(requirements):
        legal, chosen = _search(ruleset, analysed, [kinds.index(r) for r in requirements], kinds, options, ruleset.set_word)
        if legal is not None:
            return list(legal), []
        return list(chosen[0]), chosen[1]
    problems = [Problem(ProblemKind.MELD_COUNT, _meld_count(ruleset, deal, len(analysed)))]
    readings: list[MeldReading | None] = []
    for meld in analysed:
        found, why = _closest(meld, kinds, options)
        readings.append(found)
        problems += why
    return readings, problems


def _meld_count(ruleset: Ruleset, deal: Deal, laid: int) -> str:
    """Not as many melds as the contract asks for (RULES.md §5.1): ``"Deal 3 needs two runs of 4; you laid down 1
    meld."``; a ladder deal names its ladder, ``"the escala real, A to K in one meld"`` (its contract text is a
    whole description)."""
    values = {"deal": _deal_word(ruleset), "number": deal.number, "num": laid}
    if deal.ladder is not None and deal.ladder.rule is not None:
        name = say_word("word", ladder_name(ruleset, deal.ladder.rule))
        return sentence(say_n("%(deal)s %(number)s needs the %(name)s, A to K in one meld; you laid down %(num)s meld.",
                              "%(deal)s %(number)s needs the %(name)s, A to K in one meld; you laid down %(num)s melds.", laid,
                              name=name, **values))  # fmt: skip
    return sentence(say_n("%(deal)s %(number)s needs %(contract)s; you laid down %(num)s meld.",
                          "%(deal)s %(number)s needs %(contract)s; you laid down %(num)s melds.", laid,
                          contract=_contract_text(ruleset, deal), **values))  # fmt: skip


class Options:
    """For each meld, for each distinct requirement: its readings as that requirement, or why none.

    Worked out when first asked for: a legal go-down seldom needs every meld
    read as every kind of meld.
    """

    __slots__ = ("ruleset", "deal", "melds", "kinds", "budget", "_found", "_kinds_read")

    def __init__(self, ruleset: Ruleset, deal: Deal, melds: Sequence[_Meld], kinds: Sequence[Requirement], budget: CheckBudget) -> None:
        self.ruleset = ruleset
        self.deal = deal
        self.melds = melds
        self.kinds = kinds
        self.budget = budget
        self._found: dict[tuple[int, int], tuple[list[MeldReading], list[Problem]]] = {}
        self._kinds_read: dict[tuple[int, int], int] = {}

    def of(self, meld: int, kind: int) -> tuple[list[MeldReading], list[Problem]]:
        """Meld ``meld`` read as requirement ``kinds[kind]``."""
        found = self._found.get((meld, kind))
        if found is None:
            self.budget.spend(1 + len(self.melds[meld].cards))
            found = self._found[meld, kind] = _options(self.ruleset, self.deal, self.melds[meld], self.kinds[kind])
        return found

    def reading_kind(self, meld: int, kind: int) -> int:
        """Which of the meld's distinct lists of readings reading it as ``kinds[kind]`` gives: requirements of one
        kind of meld (runs of 3 and of 4 that the meld fits) give the same readings, so the same number."""
        number = self._kinds_read.get((meld, kind))
        if number is None:
            readings = self.of(meld, kind)[0]
            number = next((other for (i, k), other in self._kinds_read.items() if i == meld and self.of(i, k)[0] == readings),
                          len(self._kinds_read))  # fmt: skip
            self._kinds_read[meld, kind] = number
        return number


def _closest(meld: _Meld, kinds: Sequence[Requirement], options: Options) -> tuple[MeldReading | None, list[Problem]]:
    """A meld judged as the contract kind it resembles (no problem if it fits one)."""
    candidates = []
    for order, requirement in enumerate(kinds):
        found, why = options.of(meld.index, order)
        if found:
            return found[0], []
        kind = requirement.kind  # meld.resembles(kind), inlined for runs and sets: asked of every kind, every meld
        resembles = meld.resembles_run if kind is MeldKind.RUN else meld.resembles_set if kind is not MeldKind.COLOUR else meld.resembles(kind)
        candidates.append((not resembles, len(why), order, why))
    return None, min(candidates)[3] if candidates else []


def _search(
    ruleset: Ruleset,
    melds: Sequence[_Meld],
    requirement_kinds: Sequence[int],
    kinds: Sequence[Requirement],
    options: Options,
    word: str,
) -> tuple[tuple[MeldReading, ...] | None, tuple[tuple[MeldReading | None, ...], list[Problem]]]:
    """Find a legal reading, or else the matching with the fewest problems.

    ``requirement_kinds`` are the contract's requirements as indexes into
    ``kinds``. Returns ``(legal_readings, (closest_readings, problems))``; the
    first is ``None`` when nothing is legal. In a legal answer a wild's
    stand-in is kept only where every legal reading agrees. Among illegal
    matchings, the one judging most melds as the kind they resemble wins
    (RULES.md §5), then the one with the fewest problems.
    """
    legal, fewest_cross = _legal_readings(ruleset, melds, requirement_kinds, options, word)
    if legal is not None:
        return legal, ((), [])
    return None, _closest_matching(melds, requirement_kinds, kinds, options, fewest_cross)


_Crossed = dict[tuple[int, ...], tuple[int, tuple["MeldReading", ...], list["Problem"]]]
"""By matching: the combination of readings with the fewest problems between melds, and how many."""


@dataclass(frozen=True, slots=True)
class _Together:
    """How one assignment of readings' kinds to melds (a reading vector) fares across melds.

    ``first`` is the first combination of readings (in the order of
    :func:`itertools.product`) with the fewest problems between melds,
    ``problems`` those problems; where there are none, ``readings`` holds, for
    each meld, every reading that is part of some legal combination.
    """

    first: tuple[MeldReading, ...]
    problems: list[Problem]
    readings: tuple[Sequence[MeldReading], ...] = ()


def _legal_readings(
    ruleset: Ruleset, melds: Sequence[_Meld], requirement_kinds: Sequence[int], options: Options, word: str
) -> tuple[tuple[MeldReading, ...] | None, _Crossed]:
    """A legal reading (stand-ins kept where every legal reading agrees), or ``None`` and the closest combinations.

    Only the matchings where every meld fits its requirement on its own are looked at (found meld by meld):
    a legal reading is among them. The readings of a meld depend on the kind of meld it is read as, not on the
    order the requirements came in, and the problems between melds on the readings alone: so each distinct
    vector of readings is judged once (:func:`_together`), never the product of its readings, whatever the
    number of orders that give it. Where every meld fits but none fit together, the combination with the
    fewest problems between melds is kept, so that the search for the closest matching need not judge it again.
    """
    first: tuple[MeldReading, ...] | None = None
    legal: list[dict[MeldReading, None]] = []
    # Stand-ins are reported only where every legal reading agrees, so with wilds every legal one is looked at.
    needs_agreement = any(meld.wild_indexes for meld in melds)
    fewest_cross: _Crossed = {}
    judged: dict[tuple[int, ...], _Together] = {}
    for order in _fitting_orders(requirement_kinds, options):
        options.budget.spend(1)
        vector = tuple([options.reading_kind(i, k) for i, k in enumerate(order)])
        together = judged.get(vector)
        if together is None:
            found = [options.of(i, k)[0] for i, k in enumerate(order)]
            together = judged[vector] = _together(ruleset, found, word, options.budget)
        if together.problems:
            fewest_cross[order] = (len(together.problems), together.first, together.problems)
            continue
        if not needs_agreement:  # no wild card: the first legal reading is the answer
            return together.first, fewest_cross
        if first is None:
            first, legal = together.first, [{} for _ in melds]
        for agreed, readings in zip(legal, together.readings, strict=True):
            agreed.update(dict.fromkeys(readings))
    if first is None:
        return None, fewest_cross
    return tuple(agreed_reading([reading, *agreed]) for reading, agreed in zip(first, legal, strict=True)), fewest_cross


def _together(ruleset: Ruleset, found: Sequence[Sequence[MeldReading]], word: str, budget: CheckBudget) -> _Together:
    """The readings of each meld (each meld's all of one kind, suit and rank) judged together.

    What is wrong between melds (:func:`_cross_problems`) depends on the kinds, suits and ranks of the readings,
    which a meld's readings share, and on the windows of runs of one suit only where runs of a suit may not join
    end to end: there the windows of each suit's runs are searched (:class:`_Touching`), and the rest stay as
    read first.
    """
    first = tuple([readings[0] for readings in found])
    groups = _joinable_runs(ruleset, found)
    if not groups:
        problems = _cross_problems(ruleset, first, word)
        return _Together(first, problems, tuple(found) if not problems else ())
    chosen = list(first)
    searches = []
    for members in groups:
        search = _Touching([[(r.low or 0, r.high or 0) for r in found[i]] for i in members], budget)
        searches.append((members, search))
        for i, window in zip(members, search.first_fewest(), strict=True):
            chosen[i] = found[i][window]
    problems = _cross_problems(ruleset, chosen, word)
    if problems:
        return _Together(tuple(chosen), problems)
    readings = list(found)
    for members, search in searches:
        for i, windows in zip(members, search.legal_windows(), strict=True):
            readings[i] = [found[i][window] for window in sorted(windows)]
    return _Together(tuple(chosen), [], tuple(readings))


def _joinable_runs(ruleset: Ruleset, found: Sequence[Sequence[MeldReading]]) -> list[list[int]]:
    """Where runs of one suit may not join end to end: the melds read as runs of each suit (two or more of them,
    one with more than one window), whose windows decide the problems between them."""
    if ruleset.same_suit_runs is not SameSuitRuns.NO_CONTIGUOUS:
        return []
    by_suit: dict[Suit, list[int]] = {}
    for i, readings in enumerate(found):
        if readings[0].kind is MeldKind.RUN and readings[0].suit is not None:
            by_suit.setdefault(readings[0].suit, []).append(i)
    return [members for members in by_suit.values() if len(members) > 1 and any(len(found[i]) > 1 for i in members)]


_Ends = tuple[tuple[int, ...], tuple[int, ...]]
"""The first and last places of the runs chosen so far that a later run could join: sorted, with repeats."""


class _Touching:
    """Windows for runs of one suit that may not join end to end: the fewest joins, and which windows join none.

    Searched run by run with memoisation: what a later run's window adds (the runs it would join) depends only
    on the ends of the runs before it that a later window could meet, so the search keeps those ends alone
    (sorted) and each (run, ends, window) is weighed once, every step counted on the go-down's budget.
    """

    __slots__ = ("windows", "budget", "_lows_met", "_highs_met", "_fewest")

    def __init__(self, windows: list[list[tuple[int, int]]], budget: CheckBudget) -> None:
        self.windows = windows
        self.budget = budget
        count = len(windows)
        # from run j on, the first places an earlier run's last place + 1 could be, and the reverse
        self._lows_met: list[frozenset[int]] = [frozenset()] * (count + 1)
        self._highs_met: list[frozenset[int]] = [frozenset()] * (count + 1)
        for j in reversed(range(count)):
            self._lows_met[j] = self._lows_met[j + 1] | {high + 1 for _, high in windows[j]}
            self._highs_met[j] = self._highs_met[j + 1] | {low - 1 for low, _ in windows[j]}
        self._fewest: dict[tuple[int, _Ends], int] = {}

    def _step(self, run: int, ends: _Ends, window: tuple[int, int]) -> tuple[int, _Ends]:
        """The joins a window adds after ``ends``, and the ends after it that a later run could meet."""
        self.budget.spend(1)
        lows, highs = ends
        low, high = window
        joins = highs.count(low - 1) + lows.count(high + 1)
        lows_met, highs_met = self._lows_met[run + 1], self._highs_met[run + 1]
        after = (
            tuple(sorted(x for x in (*lows, low) if x in lows_met)),
            tuple(sorted(x for x in (*highs, high) if x in highs_met)),
        )
        return joins, after

    def fewest(self, run: int = 0, ends: _Ends = ((), ())) -> int:
        """The fewest joins the runs from ``run`` on can make, after runs ending at ``ends``."""
        if run == len(self.windows):
            return 0
        known = self._fewest.get((run, ends))
        if known is None:
            known = min(joins + self.fewest(run + 1, after) for joins, after in (self._step(run, ends, w) for w in self.windows[run]))
            self._fewest[run, ends] = known
        return known

    def first_fewest(self) -> list[int]:
        """The first choice of windows (each run's in its order, the first run's first) with the fewest joins."""
        chosen = []
        ends: _Ends = ((), ())
        for run, windows in enumerate(self.windows):
            goal = self.fewest(run, ends)
            for index, window in enumerate(windows):
                joins, after = self._step(run, ends, window)
                if joins + self.fewest(run + 1, after) == goal:
                    chosen.append(index)
                    ends = after
                    break
        return chosen

    def legal_windows(self) -> list[set[int]]:
        """For each run, the windows that are part of some choice with no join (there is one)."""
        legal: list[set[int]] = [set() for _ in self.windows]
        reached: set[_Ends] = {((), ())}
        for run, windows in enumerate(self.windows):
            following: set[_Ends] = set()
            for ends in reached:
                for index, window in enumerate(windows):
                    joins, after = self._step(run, ends, window)
                    if not joins and not self.fewest(run + 1, after):
                        legal[run].add(index)
                        following.add(after)
            reached = following
        return legal


def _closest_matching(
    melds: Sequence[_Meld],
    requirement_kinds: Sequence[int],
    kinds: Sequence[Requirement],
    options: Options,
    fewest_cross: _Crossed,
) -> tuple[tuple[MeldReading | None, ...], list[Problem]]:
    """Nothing is legal: of every matching, the one judging most melds as the kind they resemble (RULES.md §5),
    then with the fewest problems."""
    best: tuple[tuple[int, int], tuple[MeldReading | None, ...], list[Problem]] | None = None
    unlike_by_kind = [[not _resembles(meld, kind) for kind in kinds] for meld in melds]
    for order in _distinct_orders(requirement_kinds):
        options.budget.spend(1)
        unlike = sum(unlike_by_kind[i][k] for i, k in enumerate(order))
        per_meld = [options.of(i, k) for i, k in enumerate(order)]
        if any(why for _, why in per_meld):
            individual = [problem for _, why in per_meld for problem in why]
            if best is None or (unlike, len(individual)) < best[0]:
                best = ((unlike, len(individual)), tuple(found[0] if found else None for found, _ in per_meld), individual)
            continue
        # Every meld fits on its own but no readings fit together (judged while looking for a legal one).
        fewest = fewest_cross.get(order)
        if fewest is not None and (best is None or (unlike, fewest[0]) < best[0]):
            best = ((unlike, fewest[0]), fewest[1], fewest[2])
    assert best is not None
    return best[1], best[2]


def _fitting_orders(items: Sequence[int], options: Options) -> list[tuple[int, ...]]:
    """The distinct orderings of ``items`` in which every meld fits its requirement, in :func:`_distinct_orders`' order.

    Built meld by meld, so that an ordering is dropped at the first meld that
    does not fit (with six melds there are hundreds of orderings, few fitting).
    """
    orders = _orders(tuple(items))
    if len(orders) <= 24:  # few: filtering the list worked out once per contract shape is quicker
        return [order for order in orders if not any(options.of(i, k)[1] for i, k in enumerate(order))]
    return _permutations(items, lambda place, key: not options.of(place, key)[1])


def _distinct_orders(items: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct ordering of a multiset, the given order first.

    >>> _distinct_orders([0, 0, 1])
    [(0, 0, 1), (0, 1, 0), (1, 0, 0)]
    """
    return list(_orders(tuple(items)))


@functools.lru_cache(maxsize=256)
def _orders(items: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The orderings, worked out once per contract shape (there are few)."""
    return tuple(_permutations(items, lambda place, key: True))


def _permutations(items: Sequence[int], fits: Callable[[int, int], bool]) -> list[tuple[int, ...]]:
    """The distinct orderings of the multiset ``items`` whose every place passes ``fits(place, item)``, the
    given order first (when it fits), the rest in the order of first appearance.

    Built place by place, so an ordering is dropped at its first misfit.

    >>> _permutations([0, 0, 1], lambda place, key: True)
    [(0, 0, 1), (0, 1, 0), (1, 0, 0)]
    >>> _permutations([0, 0, 1], lambda place, key: place != 0 or key == 1)
    [(1, 0, 0)]
    """
    counts = Counter(items)
    keys = list(counts)
    found: list[tuple[int, ...]] = []
    current: list[int] = []

    def extend() -> None:
        place = len(current)
        if place == len(items):
            found.append(tuple(current))
            return
        for key in keys:
            if counts[key] and fits(place, key):
                counts[key] -= 1
                current.append(key)
                extend()
                current.pop()
                counts[key] += 1

    extend()
    first = tuple(items)
    if first in found:
        found.remove(first)
        found.insert(0, first)
    return found


def _resembles(meld: _Meld, requirement: Requirement) -> bool:
    """Whether a meld looks like the kind of meld a requirement asks for (or like nothing at all)."""
    if not (meld.resembles_set or meld.resembles_run):
        return True
    kind = requirement.kind  # meld.resembles(kind), inlined for runs and sets: asked of every kind, every meld
    return meld.resembles_run if kind is MeldKind.RUN else meld.resembles_set if kind is not MeldKind.COLOUR else meld.resembles(kind)


_Pair = TypeVar("_Pair")


def _common(pairs: tuple[_Pair, ...], others: Sequence[tuple[_Pair, ...]]) -> tuple[_Pair, ...]:
    """The pairs found in every one of ``others`` too."""
    return tuple(pair for pair in pairs if all(pair in other for other in others))


def agreed_reading(choices: Sequence[MeldReading]) -> MeldReading:
    """The first reading, keeping only the stand-ins (and a free-suit run's places) every legal reading agrees on."""
    first = choices[0]
    if not (first.wilds or first.wild_places) or len(choices) == 1:
        return first
    others = choices[1:]
    agreed = _common(first.wilds, [other.wilds for other in others]) if first.wilds else ()
    places = _common(first.wild_places, [other.wild_places for other in others]) if first.wild_places else ()
    if agreed == first.wilds and places == first.wild_places:
        return first
    return MeldReading(
        kind=first.kind,
        cards=first.cards,
        rank=first.rank,
        suit=first.suit,
        low=first.low,
        high=first.high,
        wilds=agreed,
        colour=first.colour,
        wild_places=places,
        rule=first.rule,
        shade=first.shade,
    )  # every field (dataclasses.replace, spelt out: it is slow, and a legal go-down with wilds asks here)


def _fallback_reading(meld: _Meld) -> MeldReading:
    """An illegal meld described as the kind it resembles."""
    if meld.resembles_set and meld.naturals:
        return MeldReading(kind=MeldKind.SET, cards=meld.cards, rank=next(iter(meld.ranks)))
    if meld.resembles_run and meld.run_suits:
        return MeldReading(kind=MeldKind.RUN, cards=meld.cards, suit=next(iter(meld.run_suits)))
    kind = MeldKind.SET if meld.resembles_set else MeldKind.RUN
    row = kind is MeldKind.RUN and meld.resembles_run and meld.free_suits  # of many colours, where that is free
    return MeldReading(kind=kind, cards=meld.cards, free_suits=meld.free_suits, row=row)

