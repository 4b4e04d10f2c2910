"""The schema of a ruleset: one frozen :class:`Ruleset` value per variant, checked when it is made.

Every way in which the variants differ is a named field (``aces``,
``same_suit_runs``, ``max_wilds`` ...). The engine reads those fields and
never asks which variant it is, so a house rule is just a ruleset with some
fields changed, and behaves exactly like a built-in one. The ten built-in
rulesets are data in :mod:`.catalogue`:

>>> from .catalogue import find_ruleset
>>> parlett = find_ruleset("parlett")
>>> parlett.deuces_wild
False
>>> parlett.with_options("deuces-wild").deuces_wild
True
>>> [deal.contract for deal in find_ruleset("contract").deals][:2]
['Two groups of 3', 'One group of 3 and one run of 4']

The values are those of ``RULES.md``; its readings of open points are noted
in each ruleset's ``readings``.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import JOKER, Card, Deck, Rank, Special, Suit
from .speech import ENGLISH, mark_word, say, say_n, say_word, speaking, speaking_english
from .words import and_list, number_word, plural, sentence


class RulesError(ValueError):
    """Input that names something the rules do not have (a ruleset, deal or table size)."""


class UnknownRulesetError(RulesError):
    """A ruleset id that is not one of the built-in rulesets (:data:`.catalogue.RULESETS`)."""


class DealOutOfRangeError(RulesError):
    """A deal number outside the ruleset's schedule."""


class PlayersOutOfRangeError(RulesError):
    """A table size the ruleset is not played with."""


class RulesetValueError(RulesError):
    """A ruleset (or one of its parts) made with a field of the wrong type or out of range.

    The message is a sentence naming the field: ``"max_wilds must be a whole
    number 0 or more, not -1."``
    """


def _shown(value: object) -> str:
    """A value quoted as JSON writes it (text in double quotes), as stored rulesets and the API show values."""
    return f'"{value}"' if isinstance(value, str) else repr(value)


def _whole(owner: object, name: str, low: int, high: int | None = None, *, none_ok: bool = False) -> None:
    """Check that ``owner.name`` is a whole number in ``low..high`` (or ``None`` where allowed)."""
    value = getattr(owner, name)
    if value is None and none_ok:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        raise RulesetValueError(_not_whole(name, low, high, _shown(value), none_ok=none_ok))


def _not_whole(name: str, low: int, high: int | None, shown: str, *, none_ok: bool) -> str:
    """The sentence for a field that is not a whole number in its range, in the language in use."""
    values = {"name": name, "low": low, "high": high, "value": shown}
    if high is None and none_ok:
        return say("%(name)s must be a whole number %(low)s or more, or None for no limit, not %(value)s.", **values)
    if high is None:
        return say("%(name)s must be a whole number %(low)s or more, not %(value)s.", **values)
    if none_ok:
        return say("%(name)s must be a whole number from %(low)s to %(high)s, or None for no limit, not %(value)s.",
                   **values)  # fmt: skip
    return say("%(name)s must be a whole number from %(low)s to %(high)s, not %(value)s.", **values)


def _flag(owner: object, name: str) -> None:
    value = getattr(owner, name)
    if not isinstance(value, bool):
        raise RulesetValueError(say("%(name)s must be True or False, not %(value)s.", name=name, value=_shown(value)))


def _text(owner: object, name: str, *, empty_ok: bool = False) -> None:
    value = getattr(owner, name)
    if not isinstance(value, str) or (not empty_ok and not value.strip()):
        if empty_ok:
            raise RulesetValueError(say("%(name)s must be a text, not %(value)s.", name=name, value=repr(value)))
        raise RulesetValueError(say("%(name)s must be a non-empty text, not %(value)s.", name=name, value=repr(value)))


def _items(owner: object, name: str, kind: type | tuple[type, ...], *, empty_ok: bool = True) -> None:
    """Check that ``owner.name`` is a tuple (a list is turned into one) of ``kind`` values."""
    value = getattr(owner, name)
    if isinstance(value, list):
        value = tuple(value)
        object.__setattr__(owner, name, value)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    what = " or ".join(k.__name__ for k in kinds)
    if not isinstance(value, tuple) or not all(isinstance(item, kind) for item in value):
        raise RulesetValueError(say("%(name)s must be a tuple of %(what)s values, not %(value)s.", name=name, what=what, value=repr(value)))
    if not value and not empty_ok:
        raise RulesetValueError(say("%(name)s must hold at least one %(what)s.", name=name, what=what))


class MeldKind(enum.StrEnum):
    """The kinds of meld a contract asks for."""

    SET = "set"
    """Cards of one rank, suits free (a group, book or trio)."""
    RUN = "run"
    """Cards of one suit in unbroken rank order (a sequence)."""
    PAIR = "pair"
    """Exactly two cards of one rank (Progressive's deal 14)."""
    COLOUR = "colour"
    """Cards of one colour, any ranks, repeats allowed (Phase 10's "7 cards of one colour"); on a standard
    deck a colour is a suit (RULES.md §8.0)."""
    LADDER = "ladder"
    """Thirteen cards, one of each rank A to K, whose naturals meet a :class:`LadderRule` (Carioca's final
    escalas, RULES.md §8.0); wilds fill missing ranks."""


class LadderRule(enum.StrEnum):
    """What a ladder's natural cards must share (RULES.md §8.0 kinds: ``ladder``)."""

    ANY_SUIT = "any_suit"
    """Nothing more: any suits (the escala sucia)."""
    SAME_COLOUR = "same_colour"
    """All red (hearts, diamonds) or all black (spades, clubs): the escala de color."""
    ALTERNATING_COLOUR = "alternating_colour"
    """In rank order A, 2, ..., K the colours alternate: the escala payaso."""
    SAME_SUIT = "same_suit"
    """One suit: the escala real."""


class GoingOut(enum.StrEnum):
    """How the last card may leave the hand."""

    DISCARD = "discard"
    """The last card is discarded."""
    NO_DISCARD = "no_discard"
    """Every card is melded or laid off; no final discard."""
    EITHER = "either"
    """By discarding, or by melding every card."""


class SameSuitRuns(enum.StrEnum):
    """What a player's contract runs of one suit may look like together."""

    ANY = "any"
    """Any two runs of one suit, even end to end (3456 + 78910)."""
    NO_CONTIGUOUS = "no_contiguous"
    """They must overlap or leave a gap; never join end to end."""
    ONE_PER_SUIT = "one_per_suit"
    """At most one run of each suit."""


class AceRule(enum.StrEnum):
    """Where an ace may stand in a run."""

    LOW_OR_HIGH = "low_or_high"
    """Below the 2 (A234) or above the king (JQKA), never both (QKA2)."""
    HIGH_ONLY = "high_only"
    """Only above the king."""
    LOW_ONLY = "low_only"
    """Only below the 2 (the Phase 10 deck's 1 below its 2); nothing follows the top rank."""
    AROUND = "around"
    """The 13 ranks form a circle: QKA2 and KA23 are runs, each rank at most once, so 13 cards at most (Carioca)."""


class RunSuit(enum.StrEnum):
    """Whether a run's natural cards share a suit."""

    SAME = "same"
    """They share a suit (a colour on the Phase 10 deck)."""
    ANY = "any"
    """Suits and colours are free (Phase 10)."""


class Skips(enum.StrEnum):
    """The cards that are never part of a meld (RULES.md §8.0 ``skips``)."""

    NONE = "none"
    """No such card."""
    JOKER = "JK"
    """The joker (Phase 10 played with standard cards, where kings are wild)."""
    SKIP = "SKIP"
    """The Phase 10 deck's Skip."""


class Progression(enum.StrEnum):
    """How the players move through the deals (RULES.md §8.6)."""

    FIXED = "fixed"
    """Everyone plays deal n in hand n."""
    PER_PLAYER = "per_player"
    """Each player plays their own phase and repeats it until it is made."""
    PER_PLAYER_CHOICE = "per_player_choice"
    """Before each hand each player picks a phase not yet made (Phase 10 Masters)."""


class GameEnd(enum.StrEnum):
    """When a game ends (RULES.md §8.0 ``game_end``)."""

    LAST_DEAL = "last_deal"
    """After the last deal of the schedule."""
    LAST_PHASE_MADE = "last_phase_made"
    """After the hand in which someone makes their last phase."""


class Winner(enum.StrEnum):
    """Who wins a game (RULES.md §8.0 ``winner``)."""

    LOWEST_TOTAL = "lowest_total"
    """The lowest total."""
    FINISHED_LOWEST_TOTAL = "finished_lowest_total"
    """The lowest total among those who made every phase (RULES.md §8.6.6)."""


class Tiebreak(enum.StrEnum):
    """What settles a tie for the win (RULES.md §8.0 ``tiebreak``)."""

    NONE = "none"
    """Nothing: the win is shared."""
    MOST_DEALS_WON = "most_deals_won"
    """The most deals in which the player went out."""
    REPLAY_LAST_PHASE = "replay_last_phase"
    """The tied players play a tie-break hand on their last phase (RULES.md §8.6.7)."""


#: The game end and winner rule that go with each progression (API.md: "any other pairing answers 400").
_PROGRESSION_ENDS = {
    Progression.FIXED: (GameEnd.LAST_DEAL, Winner.LOWEST_TOTAL),
    Progression.PER_PLAYER: (GameEnd.LAST_PHASE_MADE, Winner.FINISHED_LOWEST_TOTAL),
    Progression.PER_PLAYER_CHOICE: (GameEnd.LAST_PHASE_MADE, Winner.FINISHED_LOWEST_TOTAL),
}


class LayOffTiming(enum.StrEnum):
    """The earliest a player may lay off after going down."""

    LATER_TURN = "later_turn"
    """Not before a later turn."""
    SAME_TURN = "same_turn"
    """Already in the turn they go down."""


class JokerReclaim(enum.StrEnum):
    """Which melded jokers a player may take by putting the natural card in their place."""

    RUNS = "runs"
    """A joker in a run (a joker in a set is dead)."""
    NEVER = "never"
    """None: wild cards once melded stay."""
    SLIDE = "slide"
    """None is taken into the hand; a joker slides to an open end of its owner's run when the natural
    it stands for is laid there, and an end joker may move to another player's run (Continental, RULES.md §6.3)."""
    TACK = "tack"
    """Jokers never leave their meld; a four's joker moves to an open end of the same four when the natural it
    stands for is laid in its place (Kalooki's tacking, RULES.md §6.9)."""


class Direction(enum.StrEnum):
    """Which way the deal and the play go round the table (told to the table and followed by the game's prompt, RULES.md
    §8.7.13; never checked)."""

    CLOCKWISE = "clockwise"
    """To the left (every ruleset of RULES.md §3)."""
    COUNTERCLOCKWISE = "counterclockwise"
    """To the right (Carioca)."""


class WildDiscard(enum.StrEnum):
    """Whether a wild card may be discarded (told to the table, never checked)."""

    ALLOWED = "allowed"
    """Any card may be discarded."""
    FORBIDDEN = "forbidden"
    """A joker is never discarded (Carioca)."""


class DiscardDraw(enum.StrEnum):
    """When a player may draw the upcard (told to the table, never checked)."""

    ALWAYS = "always"
    """Whenever it is their turn."""
    NOT_AFTER_DOWN = "not_after_down"
    """Not once they have gone down: they draw from the stock only (Carioca)."""


class BuyPermission(enum.StrEnum):
    """Whose leave a May I / buy / call needs (told to the table, never checked)."""

    NONE = "none"
    """Nobody's."""
    CURRENT_PLAYER = "current_player"
    """The player in turn's (Kalooki's call)."""


def _coerce_enum(value: object, name: str, kind: type[enum.Enum]) -> None:
    """Turn a frozen dataclass field given as its text (``"high_only"``) into the enum member.

    The engine compares these fields by identity (``ruleset.aces is AceRule.HIGH_ONLY``),
    so a plain string from a house rule or a stored snapshot must not slip through.
    Raises :class:`RulesetValueError` quoting a value that is not a member.
    """
    given = getattr(value, name)
    if isinstance(given, kind):
        return
    try:
        member = kind(given)
    except (ValueError, TypeError):
        choices = ", ".join(repr(m.value) for m in kind)
        raise RulesetValueError(say("%(name)s must be one of %(choices)s, not %(value)s.", name=name, choices=choices,
                                    value=repr(given))) from None  # fmt: skip
    object.__setattr__(value, name, member)


@dataclass(frozen=True, kw_only=True)
class Requirement:
    """One meld of a contract: a kind and a length (exact or minimum, by ruleset and deal).

    >>> str(Requirement(kind=MeldKind.RUN, length=4))
    'R4'
    """

    kind: MeldKind
    """Set, run, pair, colour group or ladder."""
    length: int
    """How many cards (a minimum where lengths are, always 13 for a ladder)."""
    rule: LadderRule | None = None
    """A ladder's rule (what its naturals share); ``None`` for every other kind."""

    def __post_init__(self) -> None:
        _coerce_enum(self, "kind", MeldKind)
        if self.kind is MeldKind.LADDER or self.rule is not None:
            self._check_ladder()
        if self.kind is MeldKind.PAIR and self.length != 2:
            raise ValueError(f"a pair has length 2, not {self.length!r}")
        if not 2 <= self.length <= 14:
            raise ValueError(f"a meld length is 2 to 14 cards, not {self.length!r}")
        if self.kind in (MeldKind.RUN, MeldKind.COLOUR) and self.length < 3:
            raise ValueError(f"a {self.kind.value} has at least 3 cards, not {self.length!r}")

    def _check_ladder(self) -> None:
        """A ladder is 13 cards with a rule; no other kind has a rule."""
        if self.kind is not MeldKind.LADDER:
            raise ValueError(f"only a ladder has a rule, not a {self.kind.value}")
        if self.length != 13:
            raise ValueError(f"a ladder is 13 cards long, not {self.length!r}")
        if self.rule is None:
            raise ValueError('a ladder needs a rule: "any_suit", "same_colour", "alternating_colour" or "same_suit"')
        _coerce_enum(self, "rule", LadderRule)

    def __str__(self) -> str:
        return f"{self.kind.value[0].upper()}{self.length}"

    @classmethod
    def from_symbols(cls, symbols: str) -> tuple[Requirement, ...]:
        """A contract written as its requirements' symbols, the reverse of ``str``.

        >>> [str(r) for r in Requirement.from_symbols("S3 R4 C7")]
        ['S3', 'R4', 'C7']
        """
        kinds = {kind.value[0].upper(): kind for kind in MeldKind}
        return tuple(cls(kind=kinds[symbol[0]], length=int(symbol[1:])) for symbol in symbols.split())


@dataclass(frozen=True, kw_only=True)
class BuyRule:
    """What a May I (or a buy) allows in one deal.

    ``limit`` is how many times one player may do it in the deal (``None``:
    no limit; 0: not in this deal); each time they take the upcard and
    ``extra_cards`` more from the stock.
    """

    limit: int | None
    extra_cards: int
    no_successive: bool = False
    """Whether one player may not take two discards in a row (Contract Rummy)."""
    permission: BuyPermission = BuyPermission.NONE
    """Whose leave it needs (told to the table, never checked)."""
    only_before_down: bool = False
    """Whether only a player not yet down may do it (Kalooki's call; told to the table, never checked)."""

    def __post_init__(self) -> None:
        _coerce_enum(self, "permission", BuyPermission)
        if self.limit is not None and self.limit < 0:
            raise ValueError(f"a buy limit is 0 or more, not {self.limit!r}")
        if self.extra_cards < 0:
            raise ValueError(f"extra cards per buy are 0 or more, not {self.extra_cards!r}")

    @property
    def allowed(self) -> bool:
        """Whether any May I / buy is allowed in the deal."""
        return self.limit is None or self.limit > 0


@dataclass(frozen=True, kw_only=True)
class Deal:
    """One deal of a game's schedule."""

    number: int
    contract: str
    """The contract in words: ``"Two groups of 3"``."""
    cards_dealt: int
    requirements: tuple[Requirement, ...]
    going_out: GoingOut = GoingOut.DISCARD
    meld_all: bool = False
    """Going down must use every card in hand; lengths are then minimums."""
    buys: BuyRule
    max_wilds: int | None = None
    """This deal's own limit of wilds in one meld going down (Carioca's final escalas), where ``own_max_wilds``."""
    own_max_wilds: bool = False
    """Whether ``max_wilds`` replaces the ruleset's in this deal (set by giving a ``max_wilds``; with ``None``:
    no limit in this deal, whatever the ruleset's)."""
    alternatives: tuple[tuple[Requirement, ...], ...] = ()
    """Other contracts that also meet the deal (Kalooki's ``full-suit``: one four of the whole suit)."""
    added_order: int | None = None
    """Where a deal that a house option adds goes among the added deals (Carioca's escalas: sucia, color,
    payaso, real), whatever order the options are chosen in; ``None`` for the schedule's own deals."""

    def __post_init__(self) -> None:
        _coerce_enum(self, "going_out", GoingOut)
        if self.max_wilds is not None:
            object.__setattr__(self, "own_max_wilds", True)
        if isinstance(self.alternatives, list):
            object.__setattr__(self, "alternatives", tuple(tuple(contract) for contract in self.alternatives))
        if self.number < 1:
            raise ValueError(f"deals are numbered from 1, not {self.number!r}")
        if not self.requirements:
            raise ValueError(f"deal {self.number} has no requirements")
        if self.cards_dealt < 1:
            raise ValueError(f"deal {self.number} deals {self.cards_dealt!r} cards")

    @property
    def cards_needed(self) -> int:
        """How many cards the contract takes at its shortest."""
        return sum(requirement.length for requirement in self.requirements)

    @property
    def discard_to_go_out(self) -> bool:
        """Whether a player may go out by discarding (the API's field)."""
        return self.going_out is not GoingOut.NO_DISCARD

    @property
    def symbols(self) -> str:
        """The contract in compact symbols: ``"S3 R4"``."""
        return " ".join(str(requirement) for requirement in self.requirements)

    @property
    def contracts(self) -> tuple[tuple[Requirement, ...], ...]:
        """The contract, then each alternative: any one of them meets the deal."""
        return (self.requirements, *self.alternatives)

    @property
    def ladder(self) -> Requirement | None:
        """The deal's ladder requirement, where it asks for one (a ladder deal has only that)."""
        return next((r for r in self.requirements if r.kind is MeldKind.LADDER), None)


@dataclass(frozen=True, kw_only=True)
class TableSupply:
    """Packs and jokers for a range of table sizes."""

    min_players: int
    max_players: int
    packs: int
    jokers: int

    def __post_init__(self) -> None:
        for name in ("min_players", "max_players", "packs", "jokers"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{name} is a whole number, not {value!r}")
        # bounded, so a bad snapshot can't ask for a table of 10**30 players (a real one has at most 20)
        if not 1 <= self.min_players <= self.max_players <= 20:
            raise ValueError(f"bad table range {self.min_players!r}-{self.max_players!r}")
        if not 1 <= self.packs <= 100 or not 0 <= self.jokers <= 1000:
            raise ValueError(f"bad supply: {self.packs!r} packs, {self.jokers!r} jokers")


#: The keys of :attr:`PointTable.as_dict`, in order: the API's ``card_points``.
POINT_KEYS: tuple[str, ...] = tuple(rank.label for rank in Rank) + ("JK",)

#: The keys of a Phase 10 deck's ``card_points``, in order: the numbers 1 to 12, ``W`` and ``SKIP``.
PHASE10_POINT_KEYS: tuple[str, ...] = tuple(str(n) for n in range(1, 13)) + ("W", "SKIP")

#: The keys of a standard deck's ``card_points`` where the ace scores by its colour (Kalooki: a red ace 1, a
#: black ace 15): ``A_red`` and ``A_black`` in place of ``A`` (RULES.md §8.0 ``points``).
SPLIT_ACE_POINT_KEYS: tuple[str, ...] = ("A_red", "A_black") + POINT_KEYS[1:]

_RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)


@dataclass(frozen=True)
class PointTable:
    """Penalty points by rank, and for the joker; or, on the Phase 10 deck, by number, Wild and Skip.

    >>> PointTable.of({"A": 15, "JK": 15, **{k: 10 for k in "10 J Q K".split()}, **{str(n): n for n in range(2, 10)}}).for_card(JOKER)
    15
    >>> phase10 = PointTable.of({**{str(n): 5 if n < 10 else 10 for n in range(1, 13)}, "W": 25, "SKIP": 15}, PHASE10_POINT_KEYS)
    >>> phase10.for_card(Card.parse("11B", Deck.PHASE10)), phase10.for_card(Card.parse("SKIP", Deck.PHASE10))
    (10, 15)
    """

    values: tuple[int, ...]
    """Points for each key of ``keys``, in that order (A, 2 .. 10, J, Q, K, JK on a standard deck)."""
    keys: tuple[str, ...] = POINT_KEYS
    """The cards the table scores: :data:`POINT_KEYS`, or :data:`PHASE10_POINT_KEYS` for the Phase 10 deck."""

    def __post_init__(self) -> None:
        if self.keys == POINT_KEYS:
            object.__setattr__(self, "keys", POINT_KEYS)  # the same tuple, so that for_card's fast path finds it
        elif self.keys == SPLIT_ACE_POINT_KEYS:
            object.__setattr__(self, "keys", SPLIT_ACE_POINT_KEYS)
        if self.keys not in (POINT_KEYS, PHASE10_POINT_KEYS, SPLIT_ACE_POINT_KEYS):
            raise ValueError(f"a point table's keys are those of a standard or a Phase 10 deck, not {self.keys!r}")
        if len(self.values) != len(self.keys) or any(not isinstance(v, int) or v < 0 for v in self.values):
            raise ValueError(f"a point table has {len(self.keys)} whole numbers of 0 or more, not {self.values!r}")

    @classmethod
    def of(cls, points: Mapping[str, int], keys: tuple[str, ...] = POINT_KEYS) -> PointTable:
        """A table from a mapping with every key of ``keys`` (:data:`POINT_KEYS` unless given)."""
        missing = [key for key in keys if key not in points]
        if missing:
            raise ValueError(f"card points are missing for {', '.join(missing)}")
        return cls(tuple(points[key] for key in keys), keys)

    @property
    def deck(self) -> Deck:
        """The deck whose cards this table scores."""
        return Deck.PHASE10 if self.keys == PHASE10_POINT_KEYS else Deck.STANDARD

    def for_card(self, card: Card) -> int:
        """The penalty points of one card (of the table's deck)."""
        if self.keys is POINT_KEYS:  # the standard deck, by far the most asked: no lookup by key
            return self.values[-1] if card.rank is None else self.values[card.rank - 1]
        if self.keys is SPLIT_ACE_POINT_KEYS:  # A_red, A_black, then 2 .. K at their rank's index, JK last
            if card.rank is None:
                return self.values[-1]
            if card.rank is Rank.ACE:
                return self.values[0] if card.suit in _RED_SUITS else self.values[1]
            return self.values[card.rank]
        return self.values[self.keys.index(card.point_key)]

    @property
    def split_ace(self) -> bool:
        """Whether the ace scores by its colour (keys ``A_red`` and ``A_black`` in place of ``A``)."""
        return self.keys is SPLIT_ACE_POINT_KEYS

    def as_dict(self) -> dict[str, int]:
        """``{"A": 15, "2": 2, ..., "JK": 15}`` (Phase 10: ``{"1": 5, ..., "W": 25, "SKIP": 15}``)."""
        return dict(zip(self.keys, self.values, strict=True))

    def replace(self, **changes: int) -> PointTable:
        """A copy with some keys' points changed; keys as in ``keys``. On a standard deck ``A`` sets both
        colours of ace, and ``A_red`` or ``A_black`` scores the ace by its colour from then on."""
        if self.deck is Deck.PHASE10:
            return PointTable.of(self.as_dict() | changes, self.keys)
        points = self.as_dict()
        split_asked = bool({"A_red", "A_black"} & set(changes))
        if "A" in points:
            points["A_red"] = points["A_black"] = points.pop("A")
        if "A" in changes:
            changes = dict(changes)
            changes["A_red"] = changes["A_black"] = changes.pop("A")
        points |= changes
        if points["A_red"] == points["A_black"] and not self.split_ace and not split_asked:
            points["A"] = points.pop("A_red")
            del points["A_black"]
            return PointTable.of(points)
        return PointTable.of(points, SPLIT_ACE_POINT_KEYS)


@dataclass(frozen=True, kw_only=True)
class Settlement:
    """Money at the end of the game: place k ≥ 2 pays ``step × (k − 1)`` to the winner."""

    step: int = 2
    winner_takes_kitty: bool = True
    description: str = ""


@dataclass(frozen=True, kw_only=True)
class HouseOption:
    """A house rule a table may choose: named changes to a ruleset's fields."""

    key: str
    label: str
    changes: tuple[tuple[str, object], ...]
    """``(field, value)`` pairs; a ``points`` change is a tuple of ``(rank key, points)``."""


@dataclass(frozen=True, kw_only=True)
class Ruleset:
    """Everything that decides what is legal and what it scores in one variant."""

    id: str
    """A short key (``"contract"``); a custom ruleset gets one of its own."""
    name: str
    """The name shown to players (``"Contract Rummy"``)."""
    summary: str
    """One sentence on what sets this variant apart."""
    set_word: str = "group"
    """What this variant calls a set: group, set, book or trio."""
    supply: tuple[TableSupply, ...]
    """Packs and jokers by table size (RULES.md §2 ``players``, ``packs(n)``, ``jokers(n)``), covering each size once."""
    deck: Deck = Deck.STANDARD
    """The cards played with, and so their notation: standard packs and jokers, or Phase 10's own deck."""
    deuces_wild: bool = False
    """Whether twos are wild as well as jokers (RULES.md §2 ``wilds``: ``JK+2``)."""
    kings_wild: bool = False
    """Whether every king is wild and no king natural, so runs end at the queen (RULES.md §8.0 ``wilds``: ``K``)."""
    skips: Skips = Skips.NONE
    """The cards that are never part of a meld: none, the joker, or the Phase 10 deck's Skip."""
    deals: tuple[Deal, ...]
    """The game's deals, numbered from 1: contract, cards dealt, going out, meld-all, buys."""
    progression: Progression = Progression.FIXED
    """Whether everyone plays the same deal, or each player their own phase (the deals are then phases)."""
    game_end: GameEnd = GameEnd.LAST_DEAL
    """When the game ends: after the last deal, or after the hand in which someone makes their last phase."""
    winner: Winner = Winner.LOWEST_TOTAL
    """Who wins: the lowest total, or the lowest total among those who made every phase."""
    tiebreak: Tiebreak = Tiebreak.NONE
    """What settles a tie for the win: nothing, the most deals won, or a tie-break hand."""
    exact: bool = True
    """Going down uses exactly each requirement's length (never in a ``meld_all`` deal)."""
    set_min_length: int = 3
    """The shortest set a contract may ask for: 3, or 2 for Phase 10's "one set of 2"."""
    run_suit: RunSuit = RunSuit.SAME
    """Whether a run's natural cards share a suit, or suits (colours) are free."""
    same_suit_runs: SameSuitRuns = SameSuitRuns.NO_CONTIGUOUS
    """What a player's contract runs of one suit may look like together."""
    repeat_rank: bool = True
    """Whether one contract may hold two sets of one rank."""
    max_wilds: int | None = None
    """Wild cards allowed in one meld of the contract (``None``: any number)."""
    table_max_wilds: bool = False
    """Whether ``max_wilds`` also limits a meld on the table at any time, so a wild can't be laid off
    past it (Shanghai: "a book or run cannot contain more than one joker"); otherwise it limits going down only."""
    min_naturals: int = 1
    """Natural cards every meld needs (1 in every ruleset, our reading), where ``min_naturals_set`` or
    ``min_naturals_run`` does not say otherwise for its kind."""
    min_naturals_set: int | None = None
    """Natural cards a set, pair or colour group needs, replacing ``min_naturals`` (Kalooki: 2); ``None``: as
    ``min_naturals``."""
    min_naturals_run: int | None = None
    """Natural cards a run or ladder needs, replacing ``min_naturals``; ``None``: as ``min_naturals``."""
    max_wilds_per_contract: int | None = None
    """Wild cards in the whole go-down, all melds together (Carioca: 2); ``None``: no limit."""
    run_wilds_adjacent: bool = True
    """Whether two wilds may stand side by side in a run; ``False``: the run needs a reading where no two wilds
    are neighbours, going down and on the table (Kalooki, Carioca)."""
    run_wild_min_gap: int | None = None
    """On the table only: natural cards needed between any two wilds of one run (Carioca: 4, RULES.md §6.8);
    never checked going down. ``None``: no such rule."""
    red_twos_wild: bool = False
    """Whether the red twos (2H 2D) are wild as well as jokers (RULES.md §8.0 ``wilds``: ``JK+2red``); a red
    two may always be read as itself, whichever makes a go-down legal."""
    run_word: str = "run"
    """What this variant calls a run: run, escala (Carioca) or four (Kalooki)."""
    wild_word: str = "wild"
    """What a sentence calls a wild card: ``"wild"``, or ``"joker"`` where the sources speak of jokers (Carioca,
    Kalooki: "5H JK JK 8H has 2 jokers")."""
    game_name: str = ""
    """What a sentence calls the game where the name says more (``"Carioca"`` for ``"Carioca (Chile)"``:
    "Carioca has deals 1 to 8, not 9."); empty: the name."""
    direction: Direction = Direction.CLOCKWISE
    """Which way the deal and the play go (told to the table, followed by the game's prompt: :mod:`.seats`)."""
    wild_discard: WildDiscard = WildDiscard.ALLOWED
    """Whether a wild card may be discarded (told to the table, never checked)."""
    discard_draw: DiscardDraw = DiscardDraw.ALWAYS
    """When a player may draw the upcard (told to the table, never checked)."""
    aces: AceRule = AceRule.LOW_OR_HIGH
    """Where an ace may stand in a run: low or high, or high only; never round the corner."""
    dup_suits: bool = True
    """Whether a set may hold two cards of one suit (identical cards too)."""
    lay_off: LayOffTiming = LayOffTiming.LATER_TURN
    """The earliest a player may lay off after going down."""
    reclaim: JokerReclaim = JokerReclaim.RUNS
    """Which melded jokers may be taken back or moved (RULES.md §6)."""
    buy_name: str = "May I"
    """What the table calls taking the upcard out of turn: ``"May I"`` or ``"buy"``."""
    points: PointTable
    """Penalty points by rank and for the joker."""
    exact_cut_bonus: int = 0
    """Points off the cutter's deal score when the cut is exact (Liverpool: 50)."""
    one_turn_out_bonus: int = 0
    """Points off for going down and out in one turn (Continental: 10)."""
    shanghai_call: bool = False
    """Whether a discard that fits a table meld may be claimed by calling "Shanghai"."""
    settlement: Settlement | None = None
    """Money at the end of the game (Progressive), or ``None``."""
    options: tuple[HouseOption, ...] = ()
    """House rules a table may choose."""
    chosen_options: tuple[str, ...] = ()
    """The keys of the house rules applied to this value."""
    sources: tuple[str, ...] = ()
    """Where the rules come from (the seeds)."""
    readings: tuple[str, ...] = field(default=())
    """How this ruleset reads points its sources leave open."""

    def __post_init__(self) -> None:
        """Check every field's type and range (RULES.md §2), so a bad value never reaches the engine."""
        self._check_types()
        self._check_together()
        self._one_natural_minimum()

    def _one_natural_minimum(self) -> None:
        """The same minimum for sets and for runs is ``min_naturals`` itself: a definition read back from Phase 10
        with all-wild groups says 0 and 0, and every search that reads ``min_naturals`` then takes it as the
        built-in with the option (the round trip of API.md), rather than as Kalooki's sets-and-runs rule."""
        if self.min_naturals_set is not None and self.min_naturals_set == self.min_naturals_run:
            object.__setattr__(self, "min_naturals", self.min_naturals_set)
            object.__setattr__(self, "min_naturals_set", None)
            object.__setattr__(self, "min_naturals_run", None)

    def _check_types(self) -> None:
        """Each field on its own: its type, and its range where it has one."""
        for name, kind in (
            ("same_suit_runs", SameSuitRuns), ("aces", AceRule), ("lay_off", LayOffTiming), ("reclaim", JokerReclaim),
            ("deck", Deck), ("skips", Skips), ("run_suit", RunSuit), ("progression", Progression),
            ("game_end", GameEnd), ("winner", Winner), ("tiebreak", Tiebreak), ("direction", Direction),
            ("wild_discard", WildDiscard), ("discard_draw", DiscardDraw),
        ):  # fmt: skip
            _coerce_enum(self, name, kind)
        for name in ("id", "name", "set_word", "buy_name", "run_word", "wild_word"):
            _text(self, name)
        _text(self, "summary", empty_ok=True)
        for name in ("deuces_wild", "kings_wild", "exact", "repeat_rank", "dup_suits", "table_max_wilds", "shanghai_call",
                     "run_wilds_adjacent", "red_twos_wild"):  # fmt: skip
            _flag(self, name)
        _whole(self, "set_min_length", 2, 3)
        _whole(self, "max_wilds", 0, none_ok=True)  # above 14 (the longest meld) limits nothing
        _whole(self, "min_naturals", 0, 14)
        _whole(self, "min_naturals_set", 0, 8, none_ok=True)
        _whole(self, "min_naturals_run", 0, 14, none_ok=True)
        _whole(self, "max_wilds_per_contract", 0, none_ok=True)
        _whole(self, "run_wild_min_gap", 1, 12, none_ok=True)
        _whole(self, "exact_cut_bonus", 0, 1_000_000)
        _whole(self, "one_turn_out_bonus", 0, 1_000_000)
        _items(self, "supply", TableSupply, empty_ok=False)
        _items(self, "deals", Deal, empty_ok=False)
        _items(self, "options", HouseOption)
        for name in ("chosen_options", "sources", "readings"):
            _items(self, name, str)
        if not isinstance(self.points, PointTable):
            raise RulesetValueError(say("points must be a PointTable, not %(value)s.", value=repr(self.points)))
        if self.settlement is not None and not isinstance(self.settlement, Settlement):
            raise RulesetValueError(say("settlement must be a Settlement or None, not %(value)s.", value=repr(self.settlement)))

    def _check_together(self) -> None:
        """The fields that must agree: deals numbered in order, every table size covered once, meld-all deals,
        set lengths, and the deck with its wild cards, skips and points."""
        if not self.id or not self.name:
            raise ValueError(f"a ruleset needs an id and a name, not {self.id!r} / {self.name!r}")
        numbers = [deal.number for deal in self.deals]
        if numbers != list(range(1, len(self.deals) + 1)):
            raise ValueError(f"{self.id}: deals must be numbered 1, 2, ... in order, not {numbers!r}")
        covered = [n for s in self.supply for n in range(s.min_players, s.max_players + 1)]
        if not covered or sorted(covered) != list(range(min(covered), max(covered) + 1)) or len(set(covered)) != len(covered):
            raise ValueError(f"{self.id}: table sizes must be covered once each, without gaps: {covered!r}")
        self._check_deals()
        self._check_deck()
        self._check_progression()

    def _check_progression(self) -> None:
        """Game end, winner and tie-break agree with the progression; every phase of a per-player game deals
        the same cards (RULES.md §8.6.1)."""
        game_end, winner = _PROGRESSION_ENDS[self.progression]
        if (self.game_end, self.winner) != (game_end, winner):
            raise RulesetValueError(say(
                'progression "%(progression)s" ends with game_end "%(game_end)s" and winner "%(winner)s", not '
                '"%(given_end)s" and "%(given_winner)s".', progression=self.progression.value, game_end=game_end.value,
                winner=winner.value, given_end=self.game_end.value, given_winner=self.winner.value,
            ))  # fmt: skip
        if self.tiebreak is Tiebreak.REPLAY_LAST_PHASE and self.progression is Progression.FIXED:
            raise RulesetValueError(say('tiebreak "replay_last_phase" needs per-player progression.'))
        if self.progression is not Progression.FIXED:
            dealt = self.deals[0].cards_dealt
            for deal in self.deals:
                if deal.cards_dealt != dealt:
                    raise RulesetValueError(say(
                        "deal %(number)s: every phase of a per-player game deals the same cards (%(dealt)s), not %(given)s.",
                        number=deal.number, dealt=dealt, given=deal.cards_dealt,
                    ))  # fmt: skip

    def _check_deals(self) -> None:
        """Each deal against the ruleset: a meld-all deal never ends on a discard, no set shorter than allowed."""
        for deal in self.deals:
            if deal.meld_all and deal.going_out is GoingOut.DISCARD:
                raise ValueError(f"{self.id}: deal {deal.number} melds every card, so it cannot end on a discard")
            short = [r for r in deal.requirements if r.kind is MeldKind.SET and r.length < self.set_min_length]
            if short:
                raise RulesetValueError(say(
                    "deal %(number)s: a set is %(shortest)s to 8 cards long, not %(length)s (set_min_length is "
                    "%(shortest)s).", number=deal.number, shortest=self.set_min_length, length=short[0].length,
                ))  # fmt: skip
            self._check_ladder_deal(deal)

    def _check_ladder_deal(self, deal: Deal) -> None:
        """A deal with a ladder has that one requirement, melds every card, ends without a discard and deals 12
        (RULES.md §8.7.4); a ladder needs the standard deck and natural kings. With aces around, no run is longer
        than the 13 ranks (§8.7.8)."""
        if self.aces is AceRule.AROUND and _longest_run_asked(deal) > 13:
            raise RulesetValueError(say('deal %(number)s: a run holds 13 cards at most with aces "around".', number=deal.number))
        if deal.ladder is None:
            return
        if len(deal.requirements) != 1 or not deal.meld_all or deal.going_out is not GoingOut.NO_DISCARD or deal.cards_dealt != 12:
            raise RulesetValueError(say(
                'deal %(number)s: a ladder deal has that one requirement, meld_all, going_out "no_discard" and 12 cards '
                "dealt.", number=deal.number,
            ))  # fmt: skip
        if self.deck is not Deck.STANDARD or self.kings_wild:
            raise RulesetValueError(say("deal %(number)s: a ladder needs the standard deck with natural kings.", number=deal.number))

    def _check_deck(self) -> None:
        """The deck, its wild cards, its skips and its points agree (RULES.md §8.0, API.md's refusals)."""
        phase10 = self.deck is Deck.PHASE10
        if self.points.deck is not self.deck:
            raise RulesetValueError(say("points must score the cards of the %(deck)s deck, not of the %(other)s deck.",
                                        deck=self.deck.value, other=self.points.deck.value))  # fmt: skip
        if phase10 and (self.deuces_wild or self.kings_wild):
            raise RulesetValueError(say('wilds must be "W" with the Phase 10 deck.'))
        if (self.skips is Skips.SKIP) is not phase10:
            raise RulesetValueError(say('skips "SKIP" goes with the Phase 10 deck, and only with it, not skips "%(skips)s".',
                                        skips=self.skips.value))  # fmt: skip
        if self.skips is Skips.JOKER and not self.kings_wild:
            raise RulesetValueError(say('skips "JK" needs wilds "K": a joker cannot be both wild and a skip.'))
        self._check_rank_line()

    def _check_rank_line(self) -> None:
        """Where the rank line ends at 12 (the Phase 10 deck, wild kings), the ace is only 1 and runs have free suits
        on the Phase 10 deck (its runs of one colour are not judged yet)."""
        if (self.deck is Deck.PHASE10 or self.kings_wild) and self.aces is not AceRule.LOW_ONLY:
            raise RulesetValueError(say('aces must be "low_only" with the Phase 10 deck or wild kings, not "%(aces)s".',
                                        aces=self.aces.value))  # fmt: skip
        if self.deck is Deck.PHASE10 and self.run_suit is not RunSuit.ANY:
            raise RulesetValueError(say('run_suit must be "any" with the Phase 10 deck: runs of one colour are not judged yet.'))

    def plays(self, players: int) -> bool:
        """Whether a table of ``players`` plays this ruleset: the one check of a table's size."""
        return self.min_players <= players <= self.max_players

    def players_refusal(self, players: int) -> str:
        """The sentence for a table of ``players`` this ruleset is not played by."""
        return say("%(name)s is played by %(low)s to %(high)s players, not %(players)s.", name=self.name,
                   low=self.min_players, high=self.max_players, players=players)  # fmt: skip

    # -- table size -----------------------------------------------------

    @property
    def min_players(self) -> int:
        return self.supply[0].min_players

    @property
    def max_players(self) -> int:
        return self.supply[-1].max_players

    def table(self, players: int | None = None) -> TableSupply:
        """The packs and jokers for a table of ``players`` (the largest table if ``None``).

        Raises :class:`PlayersOutOfRangeError` outside the ruleset's range.
        """
        if players is None:
            return self.supply[-1]
        for supply in self.supply:
            if supply.min_players <= players <= supply.max_players:
                return supply
        raise PlayersOutOfRangeError(self.players_refusal(players))

    def packs(self, players: int | None = None) -> int:
        """Standard 52-card packs shuffled together for ``players``."""
        return self.table(players).packs

    def jokers(self, players: int | None = None) -> int:
        """Jokers in play for ``players``."""
        return self.table(players).jokers

    # -- deals ----------------------------------------------------------

    def deal(self, number: int) -> Deal:
        """Deal ``number`` (from 1); raises :class:`DealOutOfRangeError` outside the schedule."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self.deals):
            raise DealOutOfRangeError(self._deal_refusal(number))
        return self.deals[number - 1]

    def _deal_refusal(self, number: object) -> str:
        """The sentence for a deal (or phase) ``number`` outside the schedule: "Carioca has deals 1 to 8, not 9."."""
        values = {"game": self.game_name or self.said_name, "last": len(self.deals), "number": repr(number)}
        if self.progression is Progression.FIXED:
            return say("%(game)s has deals 1 to %(last)s, not %(number)s.", **values)
        return say("%(game)s has phases 1 to %(last)s, not %(number)s.", **values)

    @property
    def deal_word(self) -> str:
        """What a deal of the schedule is called in a sentence: ``"deal"``, or ``"phase"`` where each player
        plays their own (RULES.md §8.0: "a per-player ruleset names the phase, not the deal")."""
        return DEAL_WORDS[0] if self.progression is Progression.FIXED else DEAL_WORDS[1]

    @property
    def said_name(self) -> str:
        """The ruleset's name as a page says it, in the language in use: a built-in name holding English words is
        said in the page's ("Phase 10 (standard cards)" is «Phase 10 (cartas inglesas)» in Spanish); any other name,
        a table's own among them, as written. The JSON API answers with :attr:`name` itself."""
        return say_word("ruleset name", self.name)

    @property
    def round_word(self) -> str:
        """What one deal played at the table is called when it is counted: ``"deal"`` where everyone plays the
        schedule's deal ("Deal 2 saved"), ``"hand"`` where each player plays their own phase, as Phase 10 says
        ("Hand 2 saved"; a Spanish table's *ronda* and *mano*). Pages choose their whole sentences by it.

        >>> from .catalogue import find_ruleset
        >>> find_ruleset("contract").round_word
        'deal'
        """
        return "deal" if self.progression is Progression.FIXED else "hand"

    @property
    def colour_word(self) -> str:
        """What a colour group shares: a ``"colour"`` on the Phase 10 deck, a ``"suit"`` on a standard deck."""
        return COLOUR_WORDS[0] if self.deck is Deck.PHASE10 else COLOUR_WORDS[1]

    @property
    def rank_word(self) -> str:
        """What a card's rank is called in a sentence: a ``"number"`` on the Phase 10 deck, else a ``"rank"``."""
        return RANK_WORDS[1] if self.deck is Deck.PHASE10 else RANK_WORDS[0]

    @property
    def top_rank(self) -> int:
        """The highest natural rank a run may hold: 12 on the Phase 10 deck or where kings are wild, else 13."""
        return 12 if self.deck is Deck.PHASE10 or self.kings_wild else 13

    @property
    def shortest_run(self) -> int | None:
        """The shortest run any deal's contract asks for (``None``: no deal asks for a run).

        A meld on the table known only by its cards is a run only if it is at
        least this long (RULES.md §6.1): in Contract Rummy ``7H JK JK`` is a group.
        """
        lengths = [r.length for deal in self.deals for r in deal.requirements if r.kind is MeldKind.RUN]
        return min(lengths) if lengths else None

    @property
    def has_pairs(self) -> bool:
        """Whether any deal's contract asks for a pair (Progressive's deal 14)."""
        return any(r.kind is MeldKind.PAIR for deal in self.deals for r in deal.requirements)

    @property
    def has_colour_groups(self) -> bool:
        """Whether any deal's contract asks for cards of one colour (Phase 10's phase 8)."""
        return any(r.kind is MeldKind.COLOUR for deal in self.deals for r in deal.requirements)

    def is_exact(self, deal: Deal) -> bool:
        """Whether going down in ``deal`` uses each requirement's exact length."""
        return self.exact and not deal.meld_all

    # -- cards ------------------------------------------------------------

    def is_wild(self, card: Card) -> bool:
        """Whether a card is wild in this ruleset: jokers (unless they are skips), twos if deuces are wild,
        kings if kings are wild, the Phase 10 deck's W."""
        if card.rank is None:
            return card.special is Special.WILD or (card.special is None and self.skips is not Skips.JOKER)
        return (self.deuces_wild and card.rank is Rank.TWO) or (self.kings_wild and card.rank is Rank.KING)

    def may_be_wild(self, card: Card) -> bool:
        """Whether a natural-looking card may also be read as wild: a red two where red twos are wild (it is
        read as itself unless reading it as wild makes the go-down legal, RULES.md §8.0)."""
        return self.red_twos_wild and card.rank is Rank.TWO and card.suit in _RED_SUITS

    @property
    def set_naturals(self) -> int:
        """Natural cards a set, pair or colour group needs (``min_naturals_set``, else ``min_naturals``)."""
        return self.min_naturals if self.min_naturals_set is None else self.min_naturals_set

    @property
    def run_naturals(self) -> int:
        """Natural cards a run or ladder needs (``min_naturals_run``, else ``min_naturals``)."""
        return self.min_naturals if self.min_naturals_run is None else self.min_naturals_run

    @property
    def has_buys(self) -> bool:
        """Whether any deal allows a May I / buy (Carioca and Phase 10 have none at all)."""
        return any(deal.buys.allowed for deal in self.deals)

    def max_wilds_in(self, deal: Deal) -> int | None:
        """Wilds allowed in one meld going down in ``deal``: the deal's own limit where it has one."""
        return deal.max_wilds if deal.own_max_wilds else self.max_wilds

    def is_skip(self, card: Card) -> bool:
        """Whether a card is one this ruleset never lets into a meld (Phase 10's Skip, or its joker stand-in)."""
        if self.skips is Skips.JOKER:
            return card.is_joker
        return self.skips is Skips.SKIP and card.special is Special.SKIP

    @property
    def wild_words(self) -> str:
        """The wild cards in words, in the language in use: ``"jokers"``, ``"jokers and twos"``, ``"jokers and red
        twos"``, ``"kings"`` (where jokers are skips), ``"Wilds"`` (the Phase 10 deck); ``"comodines y doses"``."""
        if self.deck is Deck.PHASE10:
            return say_word("word", WILD_CARD_WORDS[-1])
        jokers, twos, red_twos, kings = WILD_CARD_WORDS[:4]
        wild_twos = [red_twos] if self.red_twos_wild else [twos] * self.deuces_wild
        words = ([jokers] if self.skips is not Skips.JOKER else []) + wild_twos + [kings] * self.kings_wild
        return and_list([say_word("word", word) for word in words])

    def card_points(self, card: Card) -> int:
        """The penalty points of one card."""
        return self.points.for_card(card)

    # -- house rules ------------------------------------------------------

    def with_options(self, *keys: str) -> Ruleset:
        """This ruleset with the named house options applied.

        Raises ``ValueError`` naming an option this ruleset does not offer.
        """
        ruleset = self
        offered = {option.key: option for option in self.options}
        for key in keys:
            if key in ruleset.chosen_options:
                continue
            if key not in offered:
                raise ValueError(self._option_refusal(key, list(offered)))
            ruleset = ruleset.changed(offered[key].changes)
            ruleset = dataclasses.replace(ruleset, chosen_options=ruleset.chosen_options + (key,))
        return ruleset

    def _option_refusal(self, key: str, offered: list[str]) -> str:
        """The sentence for a house option this ruleset does not offer."""
        if not offered:
            return say("%(name)s has no house option %(key)s; it offers none.", name=self.name, key=repr(key))
        return say("%(name)s has no house option %(key)s; it offers %(options)s.", name=self.name, key=repr(key),
                   options=", ".join(offered))  # fmt: skip

    def changed(self, changes: Iterable[tuple[str, object]]) -> Ruleset:
        """A copy with named fields changed (``points`` takes ``(rank key, points)`` pairs).

        ``"jokers"`` sets the jokers of every table size.
        """
        fields: dict[str, Any] = {}
        for name, value in changes:
            if name == "points":
                if not isinstance(value, tuple):
                    raise RulesetValueError(say("a points change is a tuple of (rank, points) pairs, not %(value)s.", value=repr(value)))
                fields["points"] = self.points.replace(**{str(key): int(points) for key, points in value})
            elif name in ("deal_changes", "extra_deal"):
                fields["deals"] = self._changed_deals(fields.get("deals", self.deals), name, value)
            elif name == "jokers":
                if isinstance(value, bool) or not isinstance(value, int):
                    raise RulesetValueError(say("jokers must be a whole number, not %(value)s.", value=repr(value)))
                fields["supply"] = tuple(dataclasses.replace(s, jokers=value) for s in self.supply)
            else:
                fields[name] = value
        return dataclasses.replace(self, **fields)


    def _changed_deals(self, deals: tuple[Deal, ...], name: str, value: object) -> tuple[Deal, ...]:
        """The deals after a house option's ``deal_changes`` (``(deal number, ((field, value), ...))`` pairs, for
        the schedule's own deals) or ``extra_deal`` (a :class:`Deal` added after them, in its ``added_order``;
        where two options add a deal in one place, the one allowing fewer wilds is played)."""
        if name == "deal_changes":
            changed = _deal_changes(deals, value)
            return tuple(self.worded(deal) if deal.alternatives else deal for deal in changed)
        return _extra_deal(deals, self.worded(value) if isinstance(value, Deal) else value)

    def worded(self, deal: Deal) -> Deal:
        """A deal with its contract in this ruleset's words: a ladder with its rule and its own wild limit
        ("Escala real: A to K of one suit, no jokers" where runs are escalas, "Ladder: ..." elsewhere), a contract
        with each alternative after it ("Three fours (or one four of the whole suit)", RULES.md §8.7.5). A house
        option's deal is worded so, and a ruleset object's deal reads the same."""
        return dataclasses.replace(deal, contract=contract_words(
            deal, self.set_word, self.colour_word, self.run_word, adjacent=self.run_wilds_adjacent,
            same_suit=self.run_suit is RunSuit.SAME,
        ))  # fmt: skip


def _longest_run_asked(deal: Deal) -> int:
    """The longest run the deal's contract or one of its alternatives asks for (0: none)."""
    return max((r.length for contract in deal.contracts for r in contract if r.kind is MeldKind.RUN), default=0)


def _extra_deal(deals: tuple[Deal, ...], value: object) -> tuple[Deal, ...]:
    """The deals with a house option's deal added after the schedule's own, in its ``added_order``; where two
    options add a deal in one place, the one allowing fewer wilds is played. Numbered again from 1."""
    if not isinstance(value, Deal) or value.added_order is None:
        raise RulesetValueError(say("extra_deal is a Deal with an added_order, not %(value)s.", value=repr(value)))
    own = [deal for deal in deals if deal.added_order is None]
    added = {deal.added_order: deal for deal in deals if deal.added_order is not None}
    if _fewer_wilds(value, added.get(value.added_order)):
        added[value.added_order] = value
    ordered = own + [added[order] for order in sorted(added)]
    return tuple(dataclasses.replace(deal, number=number) for number, deal in enumerate(ordered, start=1))


def _deal_changes(deals: tuple[Deal, ...], value: object) -> tuple[Deal, ...]:
    """The deals with some of the schedule's own deals changed: ``value`` is ``(deal number, ((field, value), ...))``."""
    if not isinstance(value, tuple):
        raise RulesetValueError(say("deal_changes is a tuple of (deal number, changes) pairs, not %(value)s.", value=repr(value)))
    by_number = dict(value)
    changed = []
    for deal in deals:
        own = deal.number in by_number and deal.added_order is None
        changed.append(dataclasses.replace(deal, **dict(by_number[deal.number])) if own else deal)
    return tuple(changed)


def _fewer_wilds(deal: Deal, other: Deal | None) -> bool:
    """Whether ``deal`` allows fewer wilds in a meld than ``other`` (an own limit of ``None`` allows any number;
    no ``other``: yes)."""
    if other is None:
        return True
    mine = deal.max_wilds if deal.own_max_wilds else None
    theirs = other.max_wilds if other.own_max_wilds else None
    return mine is not None and (theirs is None or mine < theirs)


# ---------------------------------------------------------------------------
# A contract in words
#
# In English these functions write exactly what the rules cards print (and what ``Deal.contract`` holds); in
# another language (a catalogue in use, :mod:`.speech`) each part is said as one whole translated phrase, counted
# and with its noun's own article ("un trío", "una escala"), never English words glued together.

#: The words a ruleset calls its melds and deals by, listed for the catalogue: a sentence says them through
#: :func:`~.speech.say_word` in their role ("set word" ...), so a Spanish table reads "trío" where the ruleset says
#: "trio" and "grupo" where it says "book".
SET_WORDS = (
    mark_word("set word", "group"), mark_word("set word", "set"), mark_word("set word", "book"),
    mark_word("set word", "trio"), mark_word("set word", "three"),
)  # fmt: skip
RUN_WORDS = (mark_word("run word", "run"), mark_word("run word", "escala"), mark_word("run word", "four"))
BUY_WORDS = (mark_word("buy word", "May I"), mark_word("buy word", "buy"), mark_word("buy word", "call"))
"""The names a ruleset gives its out-of-turn buy (``Ruleset.buy_name``), for the catalogue: a Spanish table says
"¿Me la das?" for May I and "la pido" for a call, as it asks at the table (:func:`buy_said`)."""


def buy_said(ruleset: Ruleset) -> str:
    """The ruleset's name for its buy in the language in use: ``"May I"``, in Spanish ``"¿Me la das?"``."""
    return say_word("buy word", ruleset.buy_name)

"""What a ruleset may call a run: a run, Carioca's escala, Kalooki's four."""
DEAL_WORDS = (mark_word("deal word", "deal"), mark_word("deal word", "phase"))
"""What a deal of the schedule is called: a deal, or a phase where each player plays their own."""
COLOUR_WORDS = (mark_word("colour word", "colour"), mark_word("colour word", "suit"))
"""What a colour group shares: a colour (the Phase 10 deck) or a suit."""
RANK_WORDS = (mark_word("rank word", "rank"), mark_word("rank word", "number"))
"""What a card's rank is called: a rank, or a number on the Phase 10 deck."""

WILD_CARD_WORDS = (
    mark_word("word", "jokers"), mark_word("word", "twos"), mark_word("word", "red twos"), mark_word("word", "kings"),
    mark_word("word", "Wilds"),
)  # fmt: skip
"""The wild cards as :attr:`Ruleset.wild_words` lists them: jokers, twos, red twos, kings, and the Phase 10 deck's
Wilds (last)."""

#: The words that name their own length: a contract writes "Two trios", "Three fours", never "of 3" (RULES.md §8.0).
NAMED_LENGTHS = {"trio": 3, "three": 3, "four": 4, "escala": 4}

#: The ruleset words that name a length of their own in every language the engine speaks: a trío is three cards
#: (Carioca's and Continental's "Two trios"), Carioca's escala four. Kalooki's "three" and "four" have no such
#: word at a Spanish table: they are said as a grupo de 3 and an escala de 4.
NAMED_LENGTHS_EVERYWHERE = {"trio": 3, "escala": 4}


def names_its_length(word: str, length: int) -> bool:
    """Whether ``word`` names a meld of ``length`` cards by itself (a trio of 3, a four of 4), in the language in
    use (in Spanish only the trío and Carioca's escala do).

    >>> names_its_length("four", 4), names_its_length("four", 5), names_its_length("group", 3)
    (True, False, False)
    """
    named = NAMED_LENGTHS if speaking_english() else NAMED_LENGTHS_EVERYWHERE
    return named.get(word) == length


#: A meld's word with its indefinite article, for a language whose article goes by the noun ("un trío", "una
#: escala"): the ruleset words, the pair, the ladder and Carioca's escalas by name.
_WITH_ARTICLE = {
    "group": mark_word("word", "a group"), "set": mark_word("word", "a set"), "book": mark_word("word", "a book"),
    "trio": mark_word("word", "a trio"), "three": mark_word("word", "a three"), "run": mark_word("word", "a run"),
    "escala": mark_word("word", "an escala"), "four": mark_word("word", "a four"), "pair": mark_word("word", "a pair"),
    "ladder": mark_word("word", "a ladder"), "escala sucia": mark_word("word", "an escala sucia"),
    "escala de color": mark_word("word", "an escala de color"), "escala payaso": mark_word("word", "an escala payaso"),
    "escala real": mark_word("word", "an escala real"), "meld": mark_word("word", "a meld"),
}  # fmt: skip


def article(word: str) -> str:
    """``word`` with its indefinite article: ``"a run"``, ``"an escala"`` (in Spanish ``"una escala"``; a word
    the catalogue does not list is said as in English).

    >>> article("run"), article("escala")
    ('a run', 'an escala')
    """
    if speaking_english() or word not in _WITH_ARTICLE:
        return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"
    return say_word("word", _WITH_ARTICLE[word])


def _counted(requirements: Iterable[Requirement]) -> list[tuple[Requirement, int]]:
    """The requirements with alike neighbours counted together, in their order (S3 S3 R4: (S3, 2), (R4, 1))."""
    groups: list[tuple[Requirement, int]] = []
    for requirement in requirements:
        if groups and groups[-1][0] == requirement:
            groups[-1] = (requirement, groups[-1][1] + 1)
        else:
            groups.append((requirement, 1))
    return groups


def describe_contract(requirements: Iterable[Requirement], set_word: str, colour_word: str = "colour", run_word: str = "run") -> str:
    """A contract in words, as the rules cards print it (in the language in use: ``"Dos tríos"``).

    >>> describe_contract([Requirement(kind=MeldKind.SET, length=3)] * 2, "group")
    'Two groups of 3'
    >>> describe_contract([Requirement(kind=MeldKind.SET, length=3)] * 2, "trio")
    'Two trios'
    >>> describe_contract([Requirement(kind=MeldKind.COLOUR, length=7)], "set")
    'Seven cards of one colour'
    >>> describe_contract(Requirement.from_symbols("R4 R4 S3"), "three", run_word="four")
    'Two fours and one three'
    """
    if not speaking_english():
        return sentence(_said_requirements(requirements, set_word, colour_word, run_word))
    parts = []
    for requirement, count in _counted(requirements):
        if requirement.kind is MeldKind.COLOUR:
            parts.append(colour_phrase(count, requirement.length, colour_word))
            continue
        if requirement.kind is MeldKind.LADDER:
            parts.append(f"{number_word(count)} {plural(count, 'ladder')} A to K")
            continue
        word = {MeldKind.SET: set_word, MeldKind.RUN: run_word, MeldKind.PAIR: "pair"}[requirement.kind]
        noun = plural(count, word)
        sized = requirement.kind is not MeldKind.PAIR and not names_its_length(word, requirement.length)
        parts.append(f"{number_word(count)} {noun}" + (f" of {requirement.length}" if sized else ""))
    return sentence(and_list(parts))


def _said_requirements(
    requirements: Iterable[Requirement], set_word: str, colour_word: str, run_word: str, *, whole_suit: bool = False
) -> str:
    """The requirements as one list in the language in use, alike ones counted together ("dos tríos y una
    escala"); ``whole_suit``: a run of 13 is the whole suit (an alternative where runs are of one suit)."""
    return and_list([
        _said_part(requirement, count, (set_word, colour_word, run_word), whole_suit=whole_suit)
        for requirement, count in _counted(requirements)
    ])  # fmt: skip


def _said_part(requirement: Requirement, count: int, words: tuple[str, str, str], *, whole_suit: bool) -> str:
    """``count`` alike requirements as one whole phrase in the language in use: ``"dos grupos de 3"``, ``"una
    escala"``; ``words`` are the ruleset's set, colour and run words."""
    set_word, colour_word, run_word = words
    count_words, length = number_word(count), requirement.length
    if requirement.kind is MeldKind.SET:
        return _said_sets(count, length, set_word)
    if requirement.kind is MeldKind.RUN:
        if whole_suit and length == 13:
            return say_n("one run of the whole suit", "%(count)s runs of the whole suit", count, count=count_words)
        if NAMED_LENGTHS_EVERYWHERE.get(run_word) == length:
            return say_n("one escala", "%(count)s escalas", count, count=count_words)
        return say_n("one run of %(length)s", "%(count)s runs of %(length)s", count, count=count_words, length=length)
    if requirement.kind is MeldKind.PAIR:
        return say_n("one pair", "%(count)s pairs", count, count=count_words)
    if requirement.kind is MeldKind.COLOUR:
        return colour_phrase(count, length, colour_word)
    return say_n("one ladder A to K", "%(count)s ladders A to K", count, count=count_words)


def _said_sets(count: int, length: int, set_word: str) -> str:
    """``count`` sets in the table's word, in the language in use: a trío where the ruleset says trio, else a
    grupo (a set, book, group or three alike)."""
    count_words = number_word(count)
    if set_word != "trio":
        return say_n("one group of %(length)s", "%(count)s groups of %(length)s", count, count=count_words, length=length)
    if NAMED_LENGTHS_EVERYWHERE[set_word] == length:
        return say_n("one trio", "%(count)s trios", count, count=count_words)
    return say_n("one trio of %(length)s", "%(count)s trios of %(length)s", count, count=count_words, length=length)


#: A ladder deal's name by the table's run word: Carioca's final escalas (RULES.md §8.3 Options), names its tables
#: say in every language.
_LADDER_NAMES = {
    "escala": {
        LadderRule.ANY_SUIT: "Escala sucia", LadderRule.SAME_COLOUR: "Escala de color",
        LadderRule.ALTERNATING_COLOUR: "Escala payaso", LadderRule.SAME_SUIT: "Escala real",
    },
}  # fmt: skip
_LADDER_RULE_WORDS = {
    LadderRule.ANY_SUIT: ", any suits", LadderRule.SAME_COLOUR: ", all red or all black",
    LadderRule.ALTERNATING_COLOUR: ", red and black in turn", LadderRule.SAME_SUIT: " of one suit",
}  # fmt: skip


def ladder_words(rule: LadderRule, max_wilds: int | None, run_word: str, *, adjacent: bool) -> str:
    """A ladder deal's contract in words, as Carioca's options write them; ``max_wilds`` is the deal's own limit.

    >>> ladder_words(LadderRule.ANY_SUIT, 1, "escala", adjacent=False)
    'Escala sucia: A to K, any suits, at most 1 joker'
    >>> ladder_words(LadderRule.SAME_SUIT, None, "run", adjacent=True)
    'Ladder: A to K of one suit, any number of jokers'
    """
    if not speaking_english():
        return _said_ladder(rule, max_wilds, run_word, adjacent=adjacent)
    name = _LADDER_NAMES.get(run_word, {}).get(rule, "Ladder")
    if max_wilds is None:
        wilds = "any number of jokers" if adjacent else "jokers never side by side"
    else:
        wilds = "no jokers" if max_wilds == 0 else f"at most {max_wilds} joker" + "s" * (max_wilds != 1)
    return f"{name}: A to K{_LADDER_RULE_WORDS[rule]}, {wilds}"


def _said_ladder(rule: LadderRule, max_wilds: int | None, run_word: str, *, adjacent: bool) -> str:
    """A ladder deal in the language in use: its name (Carioca's escalas keep theirs), its cards and its own
    wild limit: ``"Escala real: de la A a la K de un mismo palo, sin comodines"``."""
    if run_word in _LADDER_NAMES:
        name = _said_escala_name(rule)
    else:
        name = say("Ladder")
    if max_wilds is None:
        jokers = say("any number of jokers") if adjacent else say("jokers never side by side")
    elif max_wilds == 0:
        jokers = say("no jokers")
    else:
        jokers = say_n("at most %(num)s joker", "at most %(num)s jokers", max_wilds)
    return say("%(name)s: %(cards)s, %(jokers)s", name=name, cards=_said_ladder_cards(rule), jokers=jokers)


def _said_escala_name(rule: LadderRule) -> str:
    """Carioca's final escalas by their rule (RULES.md §8.3 Options), names its tables say in every language."""
    if rule is LadderRule.ANY_SUIT:
        return say("Escala sucia")
    if rule is LadderRule.SAME_COLOUR:
        return say("Escala de color")
    if rule is LadderRule.ALTERNATING_COLOUR:
        return say("Escala payaso")
    return say("Escala real")


def _said_ladder_cards(rule: LadderRule) -> str:
    """A ladder's cards by its rule, as one whole phrase in the language in use."""
    if rule is LadderRule.ANY_SUIT:
        return say("A to K, any suits")
    if rule is LadderRule.SAME_COLOUR:
        return say("A to K, all red or all black")
    if rule is LadderRule.ALTERNATING_COLOUR:
        return say("A to K, red and black in turn")
    return say("A to K of one suit")


def contract_words(deal: Deal, set_word: str, colour_word: str, run_word: str, *, adjacent: bool, same_suit: bool) -> str:
    """A deal's contract in words, always in English (it is the data ``Deal.contract`` holds, which the API answers
    byte for byte; :func:`deal_contract` says it in the language in use): a ladder with its rule and its own wild
    limit, else the requirements and each alternative after them; "(every card, no discard)" for a meld-all deal
    (see :meth:`Ruleset.worded`)."""
    with speaking(ENGLISH):
        ladder = deal.ladder
        if ladder is not None and ladder.rule is not None:
            own = deal.max_wilds if deal.own_max_wilds else None
            text = ladder_words(ladder.rule, own, run_word, adjacent=adjacent)
        else:
            text = describe_contract(deal.requirements, set_word, colour_word, run_word)
        for alternative in deal.alternatives:
            other = describe_contract(alternative, set_word, colour_word, run_word)
            if same_suit:  # a run of 13 of one suit is the whole suit
                other = other.replace(f"{run_word} of 13", f"{run_word} of the whole suit")
            text += f" (or {other[:1].lower()}{other[1:]})"
        return text + (" (every card, no discard)" if deal.meld_all else "")


def deal_contract(deal: Deal, ruleset: Ruleset) -> str:
    """``deal``'s contract in the language in use, as a rules card shows it: ``Deal.contract`` itself in English
    ("Two groups of 3"), else written again from the deal's requirements in ``ruleset``'s words ("Dos grupos de
    3", "Un trío y una escala", "Escala real: de la A a la K de un mismo palo, sin comodines")."""
    if speaking_english():
        return deal.contract
    ladder = deal.ladder
    if ladder is not None and ladder.rule is not None:
        own = deal.max_wilds if deal.own_max_wilds else None
        text = _said_ladder(ladder.rule, own, ruleset.run_word, adjacent=ruleset.run_wilds_adjacent)
    else:
        text = describe_contract(deal.requirements, ruleset.set_word, ruleset.colour_word, ruleset.run_word)
    whole_suit = ruleset.run_suit is RunSuit.SAME
    words = (ruleset.set_word, ruleset.colour_word, ruleset.run_word)
    for alternative in deal.alternatives:
        other = _said_requirements(alternative, *words, whole_suit=whole_suit)
        text = say("%(contract)s (or %(other)s)", contract=text, other=other)
    return say("%(contract)s (every card, no discard)", contract=text) if deal.meld_all else text


def contract_in_sentence(deal: Deal, ruleset: Ruleset) -> str:
    """``deal``'s contract inside a sentence ("Deal 2 needs one group of 3 and one run of 4."): in English
    ``Deal.contract`` in lower case, as the rulings have always said it; in another language
    :func:`deal_contract` with a small first letter ("dos tríos")."""
    if speaking_english():
        return deal.contract.lower()
    text = deal_contract(deal, ruleset)
    return text[:1].lower() + text[1:]


def colour_phrase(count: int, length: int, colour_word: str) -> str:
    """Colour groups in words: ``"seven cards of one colour"``, ``"two groups of 4 cards of one suit"`` (in the
    language in use: ``"siete cartas de un mismo color"``).

    >>> colour_phrase(1, 7, "suit")
    'seven cards of one suit'
    """
    if speaking_english():
        if count == 1:
            return f"{number_word(length)} cards of one {colour_word}"
        return f"{number_word(count)} groups of {length} cards of one {colour_word}"
    if count == 1:
        if colour_word == "colour":
            return say("%(length)s cards of one colour", length=number_word(length))
        return say("%(length)s cards of one suit", length=number_word(length))
    if colour_word == "colour":
        return say("%(count)s groups of %(length)s cards of one colour", count=number_word(count), length=length)
    return say("%(count)s groups of %(length)s cards of one suit", count=number_word(count), length=length)


def requirement_phrase(requirement: Requirement, set_word: str, colour_word: str, run_word: str = "run") -> str:
    """One requirement in words, as a sentence names what a deal needs: ``"a run of 9"``, ``"a trio"``,
    ``"7 cards of one colour"`` (figures: a player counts the cards); in the language in use (``"un trío"``,
    ``"una escala de 9"``).

    >>> requirement_phrase(Requirement(kind=MeldKind.SET, length=2), "set", "colour")
    'a set of 2'
    """
    if not speaking_english():
        return _said_requirement(requirement, set_word, colour_word, run_word)
    if requirement.kind is MeldKind.COLOUR:
        return f"{requirement.length} cards of one {colour_word}"
    if requirement.kind is MeldKind.PAIR:
        return "a pair"
    if requirement.kind is MeldKind.LADDER:
        return "a ladder A to K"
    word = set_word if requirement.kind is MeldKind.SET else run_word
    if names_its_length(word, requirement.length):
        return article(word)
    return f"{article(word)} of {requirement.length}"


def _said_requirement(requirement: Requirement, set_word: str, colour_word: str, run_word: str) -> str:
    """One requirement as one whole phrase in the language in use, its article by its noun: ``"un trío"``,
    ``"un grupo de 3"``, ``"una escala de 9"``, ``"7 cartas de un mismo color"``."""
    length = requirement.length
    if requirement.kind is MeldKind.COLOUR:
        if colour_word == "colour":
            return say("%(length)s cards of one colour", length=length)
        return say("%(length)s cards of one suit", length=length)
    if requirement.kind is MeldKind.PAIR:
        return say("a pair")
    if requirement.kind is MeldKind.LADDER:
        return say("a ladder A to K")
    if requirement.kind is MeldKind.RUN:
        if NAMED_LENGTHS_EVERYWHERE.get(run_word) == length:
            return say("an escala")
        return say("a run of %(length)s", length=length)
    if set_word != "trio":
        return say("a group of %(length)s", length=length)
    if NAMED_LENGTHS_EVERYWHERE[set_word] == length:
        return say("a trio")
    return say("a trio of %(length)s", length=length)


__all__ = [
    "AceRule", "BuyRule", "Deal", "DealOutOfRangeError", "GoingOut", "HouseOption", "JokerReclaim", "LayOffTiming",
    "MeldKind", "PlayersOutOfRangeError", "PointTable", "Requirement", "Ruleset", "RulesError",
    "RunSuit", "Skips", "Progression", "GameEnd", "Winner", "Tiebreak", "PHASE10_POINT_KEYS", "POINT_KEYS", "colour_phrase", "requirement_phrase",
    "SameSuitRuns", "Settlement", "TableSupply", "UnknownRulesetError", "describe_contract",
    "RulesetValueError",
    "JOKER", "LadderRule", "ladder_words", "contract_words", "Direction", "WildDiscard", "DiscardDraw", "BuyPermission", "SPLIT_ACE_POINT_KEYS", "NAMED_LENGTHS", "names_its_length", "article",
    "NAMED_LENGTHS_EVERYWHERE", "SET_WORDS", "RUN_WORDS", "WILD_CARD_WORDS", "DEAL_WORDS", "COLOUR_WORDS", "RANK_WORDS", "deal_contract",
    "contract_in_sentence",
]  # fmt: skip
