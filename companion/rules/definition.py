"""A family's own rules as a ruleset object (API.md "Custom rulesets"), and back.

:func:`ruleset_from_definition` reads a JSON-ready object into a frozen
:class:`~.rulesets.Ruleset`, checking every field first: anything it cannot
use raises :class:`RulesetDefinitionError`, whose text is one sentence naming
the field (and the deal), ready to show a player. :func:`ruleset_to_definition`
writes any ruleset as the complete object, without ``base``; reading that
back gives a ruleset that behaves exactly as the original:

>>> from .catalogue import find_ruleset
>>> shanghai = find_ruleset("shanghai")
>>> again = ruleset_from_definition(ruleset_to_definition(shanghai), ruleset_id="shanghai")
>>> again.deals == shanghai.deals and again.points == shanghai.points
True
>>> ruleset_from_definition({"base": "contract", "name": "Grandma's", "max_wilds": 1}).max_wilds
1
>>> ruleset_from_definition({"base": "contract", "name": "Grandma's", "deals": [{"cards_dealt": 10,
...     "requirements": [{"kind": "run", "length": 15}]}]})
Traceback (most recent call last):
...
companion.rules.definition.RulesetDefinitionError: deal 1: a run is 3 to 14 cards long, not 15.

The fields are API.md's, which name RULES.md §2's parameters, plus a few
that the built-in rulesets need to behave exactly as they do everywhere
(the words a table uses, when laying off starts, which jokers may be taken
back, per-deal buys, money at the end); these are optional and default to
the plainest rule. The wider family's fields (RULES.md §8.0, API.md "Custom
rulesets: fields added to the table") that the engine reads today are here
too: ``deck``, ``wilds`` ``"K"`` and ``"W"``, ``skips``, ``run_suit``,
``set_min_length``, ``aces`` ``"low_only"``, colour groups, ``progression``,
``game_end``, ``winner`` and ``tiebreak``; each defaults to the value that
keeps the ten rulesets of RULES.md §3 as they are. The check is pure Python
and reads nothing stored.

>>> ruleset_from_definition({"base": "phase10", "name": "Ours", "wilds": "JK"})
Traceback (most recent call last):
...
companion.rules.definition.RulesetDefinitionError: wilds must be "W" with the Phase 10 deck, not "JK".

This is the public form of a ruleset; :mod:`.snapshot` is the exact stored
one a game replays (its docstring says why there are two).
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
import json
import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .cards import PHASE10_COPIES, Deck
from .speech import say, say_n
from .words import and_list, json_kind, or_list
from .published import PUBLISHED_RULESETS
from .rulesets import (
    PHASE10_POINT_KEYS,
    POINT_KEYS,
    SPLIT_ACE_POINT_KEYS,
    AceRule,
    BuyPermission,
    BuyRule,
    Deal,
    DiscardDraw,
    Direction,
    GameEnd,
    GoingOut,
    HouseOption,
    JokerReclaim,
    LadderRule,
    LayOffTiming,
    MeldKind,
    PointTable,
    Progression,
    Requirement,
    Ruleset,
    RulesError,
    RulesetValueError,
    RunSuit,
    SameSuitRuns,
    Settlement,
    Skips,
    TableSupply,
    Tiebreak,
    WildDiscard,
    Winner,
    contract_words,
)

__all__ = [
    "DEFINITION_FIELDS", "HOUSE_OPTIONS", "RulesetDefinitionError", "WILDS", "requirements_json",
    "ruleset_from_definition", "ruleset_to_definition", "wild_cards", "wilds_name",
]  # fmt: skip


class RulesetDefinitionError(RulesError):
    """A ruleset object that is not a playable ruleset; the text is one sentence naming the field and the deal,
    said in the language in use (:mod:`.speech`: API.md's English unless a caller chose another). Field names,
    values and ids stay as the object writes them in every language.

    ``field`` is where the problem is, as a path of keys and list positions
    counted from 1 (``("deals", 3, "requirements", 2, "length")``), so a form
    can show the sentence beside its field; ``deal`` is the deal's number, or
    ``None`` for a field outside the deals.
    """

    def __init__(self, sentence: str, field: tuple[str | int, ...] = (), deal: int | None = None) -> None:
        super().__init__(sentence)
        self.field = field
        self.deal = deal


#: Every top-level field of a ruleset object, in the order :func:`ruleset_to_definition` writes them.
DEFINITION_FIELDS: tuple[str, ...] = (
    "name", "summary", "players", "deck", "table", "wilds", "skips", "deals", "exact", "aces", "max_wilds",
    "repeat_rank", "dup_suits", "same_suit_runs", "run_suit", "set_min_length", "card_points", "buys",
    "exact_cut_bonus", "one_turn_out_bonus", "set_word", "buy_word", "lay_off", "reclaim", "shanghai_call",
    "settlement", "options", "table_max_wilds", "progression", "game_end", "winner", "tiebreak",
    "min_naturals_set", "min_naturals_run", "max_wilds_per_contract", "run_wilds_adjacent", "run_wild_min_gap",
    "run_word", "wild_word", "direction", "wild_discard", "discard_draw",
)  # fmt: skip

#: The fields API.md requires in an object without ``base``; the others have defaults.
REQUIRED_FIELDS: frozenset[str] = frozenset(
    (
        "name", "players", "table", "wilds", "deals", "exact", "aces", "max_wilds", "repeat_rank", "dup_suits",
        "same_suit_runs", "card_points", "buys", "exact_cut_bonus", "one_turn_out_bonus",
    )
)  # fmt: skip

_DEAL_FIELDS = ("cards_dealt", "requirements", "going_out", "meld_all", "buys", "max_wilds", "alternatives")
_BUY_FIELDS = ("per_deal", "extra_cards", "no_successive", "permission", "only_before_down")
_TABLE_FIELDS = ("players", "decks", "jokers")
_SETTLEMENT_FIELDS = ("step", "winner_takes_kitty")

SET_WORDS = ("group", "set", "book", "trio", "three")
RUN_WORDS = ("run", "escala", "four")
WILD_WORDS = ("wild", "joker")
BUY_WORDS = ("May I", "buy", "call")
NAME_LENGTH = 60
SUMMARY_LENGTH = 300

#: House options a ruleset object may offer, by key: the built-in rulesets' own, which mean the same everywhere.
HOUSE_OPTIONS: dict[str, HouseOption] = {}
for _ruleset in PUBLISHED_RULESETS.values():
    for _option in _ruleset.options:
        HOUSE_OPTIONS.setdefault(_option.key, _option)

# Length bounds per kind (API.md): a set set_min_length-8, a run 3-14 (at most the rank line), a pair 2, a colour
# group 3-14. A kind added to the engine (a ladder) is one entry here and one in each of _TOO_LONG_OR_SHORT and
# _NOT_A_LADDER.
_LENGTHS = {
    MeldKind.SET: (3, 8), MeldKind.RUN: (3, 14), MeldKind.PAIR: (2, 2), MeldKind.COLOUR: (3, 14), MeldKind.LADDER: (13, 13),
}  # fmt: skip
#: The sentence for a requirement of each kind whose length does not fit (``low``, ``high``, ``value`` given): one
#: whole sentence per kind, so that each language says its own meld's name ("a colour group is 3 to 14 cards long").
_TOO_LONG_OR_SHORT: dict[MeldKind, Callable[[dict[str, Any]], str]] = {
    MeldKind.SET: lambda v: say("a set is %(low)s to %(high)s cards long, not %(value)s.", **v),
    MeldKind.RUN: lambda v: say("a run is %(low)s to %(high)s cards long, not %(value)s.", **v),
    MeldKind.PAIR: lambda v: say("a pair is 2 cards long, not %(value)s.", **v),
    MeldKind.COLOUR: lambda v: say("a colour group is %(low)s to %(high)s cards long, not %(value)s.", **v),
    MeldKind.LADDER: lambda v: say("a ladder is 13 cards long, not %(value)s.", **v),
}
#: The sentence for a ``rule`` given to a requirement of a kind other than a ladder.
_NOT_A_LADDER: dict[MeldKind, Callable[[], str]] = {
    MeldKind.SET: lambda: say("only a ladder has a rule, not a set."),
    MeldKind.RUN: lambda: say("only a ladder has a rule, not a run."),
    MeldKind.PAIR: lambda: say("only a ladder has a rule, not a pair."),
    MeldKind.COLOUR: lambda: say("only a ladder has a rule, not a colour group."),
}
#: A ladder's rules in the order sentences list them (API.md).
_LADDER_RULES = tuple(rule.value for rule in LadderRule)

#: The ace rules a custom ruleset may choose (RULES.md §2, §8.0); the wider family's ``around`` is one entry more.
_CUSTOM_ACES = (AceRule.LOW_OR_HIGH.value, AceRule.HIGH_ONLY.value, AceRule.LOW_ONLY.value, AceRule.AROUND.value)


@dataclass(frozen=True)
class _Wilds:
    """One value of a ruleset object's ``wilds``: the deck it plays on and the engine's wild-card fields it sets."""

    deck: Deck
    """The deck these wild cards belong to."""
    fields: tuple[tuple[str, bool], ...]
    """The :class:`~.rulesets.Ruleset` fields it sets, every other wild-card field being false."""


#: The wild cards a ruleset object may choose (API.md ``wilds``), in the order sentences list them; the wider
#: family's ``JK+2red`` is one entry more (and its engine field one more name in _WILD_FIELDS).
WILDS: dict[str, _Wilds] = {
    "JK": _Wilds(Deck.STANDARD, ()),
    "JK+2": _Wilds(Deck.STANDARD, (("deuces_wild", True),)),
    "JK+2red": _Wilds(Deck.STANDARD, (("red_twos_wild", True),)),
    "K": _Wilds(Deck.STANDARD, (("kings_wild", True),)),
    "W": _Wilds(Deck.PHASE10, ()),
}
_WILD_FIELDS = ("deuces_wild", "red_twos_wild", "kings_wild")
#: How a sentence names the cards each wild-card field makes wild, said in the language in use.
_WILD_WORDS = {"deuces_wild": lambda: say("twos"), "red_twos_wild": lambda: say("red twos"), "kings_wild": lambda: say("kings")}
#: The wilds a ladder may be played with: natural kings, the standard deck (RULES.md §8.7.8).
_LADDER_WILDS = ("JK", "JK+2", "JK+2red")

#: Keys of the other deck's card_points that are named as such ("card_points has no key "W" with the standard
#: deck."); "1" on a standard deck reads as a mistyped ace, so its sentence lists the keys instead.
_OTHER_DECK_KEYS = {Deck.STANDARD: ("11", "12", "W", "SKIP"), Deck.PHASE10: ("A", "J", "Q", "K", "JK")}

#: The cards one deck of each kind holds (a standard pack's jokers are counted by the table).
_DECK_CARDS = {Deck.STANDARD: 52, Deck.PHASE10: sum(PHASE10_COPIES.values())}


@dataclass(frozen=True)
class _Plain:
    """A top-level field of a ruleset object that is one :class:`~.rulesets.Ruleset` field, read and written as
    it is: a choice of an enum's values, or a whole number in a range. A field the engine gains
    (``run_wilds_adjacent``, ``max_wilds_per_contract`` ...) is one entry of :data:`_PLAIN_FIELDS`."""

    name: str
    """The key in the ruleset object (and the :class:`~.rulesets.Ruleset` field of that name)."""
    default: Any
    """The value when the field is left out: the one that keeps today's rulesets as they are."""
    choices: type[enum.Enum] | None = None
    """The enum whose values the field takes, or ``None`` for a whole number."""
    low: int = 0
    """The smallest whole number (a number field only)."""
    high: int | None = None
    """The largest whole number, ``None`` for no bound (a number field only)."""
    nullable: bool = False
    """Whether ``null`` (no limit, no such rule) is a value too (a number field only)."""
    flag: bool = False
    """Whether the field is true or false."""
    words: tuple[str, ...] = ()
    """The texts the field takes, where it is a word (``run_word``) rather than an enum."""
    attribute: str = ""
    """The :class:`~.rulesets.Ruleset` attribute written, where it is not the field of that name
    (``min_naturals_set`` writes ``set_naturals``, which says what the ruleset does when the field is unset)."""

    def read(self, reader: _Reader, value: Any) -> Any:
        """The engine's value for the object's ``value``, or the reader's sentence naming the field."""
        if self.choices is not None:
            return self.choices(reader.choice(value, self.name, tuple(c.value for c in self.choices), self.name))
        if self.words:
            return reader.choice(value, self.name, self.words, self.name)
        if self.flag:
            return reader.flag(value, self.name, self.name)
        if self.nullable:
            return reader.whole_or_null(value, self.name, self.low, self.high, self.name)
        return reader.whole(value, self.name, self.low, self.high, self.name)

    def write(self, ruleset: Ruleset) -> Any:
        """The ruleset's value, JSON-ready."""
        value = getattr(ruleset, self.attribute or self.name)
        return value.value if isinstance(value, enum.Enum) else value


#: The plain fields, as :func:`ruleset_to_definition` writes them (after ``same_suit_runs``).
_PLAIN_FIELDS: tuple[_Plain, ...] = (
    _Plain("run_suit", RunSuit.SAME.value, RunSuit),
    _Plain("set_min_length", 3, low=2, high=3),
)

#: The plain fields of Carioca and Kalooki (RULES.md §8.3, §8.4), written last, after ``tiebreak``.
_FAMILY_FIELDS: tuple[_Plain, ...] = (
    _Plain("min_naturals_set", 1, low=0, high=8, attribute="set_naturals"),
    _Plain("min_naturals_run", 1, low=0, high=14, attribute="run_naturals"),
    _Plain("max_wilds_per_contract", None, low=0, nullable=True),
    _Plain("run_wilds_adjacent", True, flag=True),
    _Plain("run_wild_min_gap", None, low=1, high=12, nullable=True),
    _Plain("run_word", "run", words=RUN_WORDS),
    _Plain("wild_word", "wild", words=WILD_WORDS),
    _Plain("direction", Direction.CLOCKWISE.value, Direction),
    _Plain("wild_discard", WildDiscard.ALLOWED.value, WildDiscard),
    _Plain("discard_draw", DiscardDraw.ALWAYS.value, DiscardDraw),
)


#: "card_points has no key "W" with the standard deck.", by the deck in play (the key as written given).
_NO_SUCH_KEY: dict[Deck, Callable[[str], str]] = {
    Deck.STANDARD: lambda key: say("card_points has no key %(key)s with the standard deck.", key=key),
    Deck.PHASE10: lambda key: say("card_points has no key %(key)s with the Phase 10 deck.", key=key),
}
#: "wilds "W" needs the Phase 10 deck (deck "phase10").", by the deck the wilds need (the wilds and deck as written).
_WILDS_NEED_DECK: dict[Deck, Callable[[str, str], str]] = {
    Deck.STANDARD: lambda wilds, deck: say("wilds %(wilds)s needs the standard deck (deck %(deck)s).", wilds=wilds, deck=deck),
    Deck.PHASE10: lambda wilds, deck: say("wilds %(wilds)s needs the Phase 10 deck (deck %(deck)s).", wilds=wilds, deck=deck),
}  # fmt: skip
#: A base on the other deck gives no card_points: the sentence names the base's deck.
_BASE_POINTS_FOR: dict[Deck, Callable[[], str]] = {
    Deck.STANDARD: lambda: say("card_points is needed: the base's points are for the standard deck."),
    Deck.PHASE10: lambda: say("card_points is needed: the base's points are for the Phase 10 deck."),
}
#: What a whole number counts (``whole``'s ``noun``), each a whole sentence with ``name``, ``low``, ``high`` and
#: ``value``: "settlement.step is 1 to 100 pennies, not 0."
_COUNTED: dict[str, Callable[[dict[str, Any]], str]] = {
    "pennies": lambda v: say("%(name)s is %(low)s to %(high)s pennies, not %(value)s.", **v),
    "points": lambda v: say("%(name)s is %(low)s to %(high)s points, not %(value)s.", **v),
    "packs": lambda v: say("%(name)s is %(low)s to %(high)s packs, not %(value)s.", **v),
    "jokers": lambda v: say("%(name)s is %(low)s to %(high)s jokers, not %(value)s.", **v),
}


def _too_few_cards(deck: Deck, table: TableSupply, values: dict[str, Any]) -> str:
    """The sentence for a deal that needs more cards than a table size's packs (and jokers) hold; ``values``
    gives ``each``, ``players``, ``needed`` and ``held``."""
    if deck is Deck.PHASE10:
        return say_n(
            "%(each)s cards each for %(players)s players is %(needed)s cards, more than %(num)s Phase 10 deck holds (%(held)s).",
            "%(each)s cards each for %(players)s players is %(needed)s cards, more than %(num)s Phase 10 decks hold (%(held)s).",
            table.packs, **values,
        )  # fmt: skip
    packs = say_n("%(num)s pack", "%(num)s packs", table.packs)
    jokers = say_n("%(num)s joker", "%(num)s jokers", table.jokers)
    return say("%(each)s cards each for %(players)s players is %(needed)s cards, more than %(packs)s and %(jokers)s hold (%(held)s).",
               packs=packs, jokers=jokers, **values)  # fmt: skip
#: ``skips`` left out of an object without a base: the Phase 10 deck's Skip goes with that deck, and only with it.
_SKIPS_BY_DECK = {Deck.STANDARD: Skips.NONE, Deck.PHASE10: Skips.SKIP}


# -- writing -------------------------------------------------------------------


def _buys_json(rule: BuyRule) -> dict[str, Any]:
    return {
        "per_deal": rule.limit, "extra_cards": rule.extra_cards, "no_successive": rule.no_successive,
        "permission": rule.permission.value, "only_before_down": rule.only_before_down,
    }  # fmt: skip


def requirements_json(requirements: tuple[Requirement, ...]) -> list[dict[str, Any]]:
    """A contract's requirements as the API writes them; a ladder carries its ``rule``.

    >>> requirements_json((Requirement(kind=MeldKind.LADDER, length=13, rule=LadderRule.SAME_SUIT),))
    [{'kind': 'ladder', 'length': 13, 'rule': 'same_suit'}]
    """
    written = []
    for requirement in requirements:
        item: dict[str, Any] = {"kind": requirement.kind.value, "length": requirement.length}
        if requirement.rule is not None:
            item["rule"] = requirement.rule.value
        written.append(item)
    return written


def _deal_json(deal: Deal, common: BuyRule) -> dict[str, Any]:
    """One deal of the ruleset object: its own ``buys`` only where they are not the ruleset's, its own
    ``max_wilds`` only where it has one (``null`` too), ``alternatives`` only where it has some."""
    item: dict[str, Any] = {
        "cards_dealt": deal.cards_dealt,
        "requirements": requirements_json(deal.requirements),
        "going_out": deal.going_out.value,
        "meld_all": deal.meld_all,
    }
    if deal.buys != common:
        item["buys"] = _buys_json(deal.buys)
    if deal.own_max_wilds:
        item["max_wilds"] = deal.max_wilds
    if deal.alternatives:
        item["alternatives"] = [requirements_json(contract) for contract in deal.alternatives]
    return item


def ruleset_to_definition(ruleset: Ruleset) -> dict[str, Any]:
    """The complete ruleset object, without ``base``: every field, JSON-ready.

    :func:`ruleset_from_definition` of the result behaves exactly as
    ``ruleset`` (its id aside, which a definition does not carry).
    """
    rules = Counter(deal.buys for deal in ruleset.deals)
    # The most common rule is the ruleset's; the first deal's wins a tie, so the choice is stable.
    common = max(rules, key=lambda rule: (rules[rule], -[d.buys for d in ruleset.deals].index(rule)))
    deals = [_deal_json(deal, common) for deal in ruleset.deals]
    settlement = None
    if ruleset.settlement is not None:
        settlement = {"step": ruleset.settlement.step, "winner_takes_kitty": ruleset.settlement.winner_takes_kitty}
    return {
        "name": ruleset.name,
        "summary": ruleset.summary,
        "players": {"min": ruleset.min_players, "max": ruleset.max_players},
        "deck": ruleset.deck.value,
        "table": [
            {"players": [s.min_players, s.max_players], "decks": s.packs, "jokers": s.jokers} for s in ruleset.supply
        ],
        "wilds": wilds_name(ruleset),
        "skips": ruleset.skips.value,
        "deals": deals,
        "exact": ruleset.exact,
        "aces": ruleset.aces.value,
        "max_wilds": ruleset.max_wilds,
        "repeat_rank": ruleset.repeat_rank,
        "dup_suits": ruleset.dup_suits,
        "same_suit_runs": ruleset.same_suit_runs.value,
        **{plain.name: plain.write(ruleset) for plain in _PLAIN_FIELDS},
        "card_points": ruleset.points.as_dict(),
        "buys": _buys_json(common),
        "exact_cut_bonus": ruleset.exact_cut_bonus,
        "one_turn_out_bonus": ruleset.one_turn_out_bonus,
        "set_word": ruleset.set_word,
        "buy_word": ruleset.buy_name,
        "lay_off": ruleset.lay_off.value,
        "reclaim": ruleset.reclaim.value,
        "shanghai_call": ruleset.shanghai_call,
        "settlement": settlement,
        "options": [option.key for option in ruleset.options],
        "table_max_wilds": ruleset.table_max_wilds,  # RULES.md §6.2: Shanghai's wild limit holds on the table too
        "progression": ruleset.progression.value,
        "game_end": ruleset.game_end.value,
        "winner": ruleset.winner.value,
        "tiebreak": ruleset.tiebreak.value,
        **{plain.name: plain.write(ruleset) for plain in _FAMILY_FIELDS},
    }


def wild_cards(ruleset: Ruleset) -> list[str]:
    """The wild cards as the API lists them (``"wilds"``): ``["JK"]``, ``["JK", "2"]``, ``["JK", "2H", "2D"]``,
    ``["K"]``, ``["W"]``.

    >>> from .phase10 import PHASE10, PHASE10_CARDS
    >>> wild_cards(PHASE10), wild_cards(PHASE10_CARDS), wild_cards(PUBLISHED_RULESETS["progressive"])
    (['W'], ['K'], ['JK', '2'])
    """
    if ruleset.deck is Deck.PHASE10:
        return ["W"]
    jokers = ["JK"] if ruleset.skips is not Skips.JOKER else []
    return jokers + ["2"] * ruleset.deuces_wild + ["2H", "2D"] * ruleset.red_twos_wild + ["K"] * ruleset.kings_wild


def wilds_name(ruleset: Ruleset) -> str:
    """The ruleset object's ``wilds`` for a ruleset: ``"JK"``, ``"JK+2"``, ``"JK+2red"``, ``"K"`` or ``"W"``.

    >>> from .phase10 import PHASE10, PHASE10_CARDS
    >>> wilds_name(PHASE10), wilds_name(PHASE10_CARDS)
    ('W', 'K')
    """
    for name, wilds in WILDS.items():
        if wilds.deck is ruleset.deck and all(getattr(ruleset, f) == ((f, True) in wilds.fields) for f in _WILD_FIELDS):
            return name
    wild = and_list([_WILD_WORDS[f]() for f in _WILD_FIELDS if getattr(ruleset, f)])
    raise RulesetValueError(say("no value of wilds makes %(cards)s wild together.", cards=wild))


def _split_ace(points: Mapping[str, Any]) -> dict[str, Any]:
    """Standard-deck points with ``A`` given as ``A_red`` and ``A_black``."""
    split = dict(points)
    if "A" in split:
        split["A_red"] = split["A_black"] = split.pop("A")
    return split


# -- reading -------------------------------------------------------------------


def _shown(value: Any) -> str:
    """A value as it was written in JSON, shortened for a sentence (control characters escaped)."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=True)
    except (TypeError, ValueError, RecursionError):
        text = say("that value")
    return text if len(text) <= 40 else text[:37] + "..."




def _field_name(key: Any) -> str:
    """An unknown key as a sentence may quote it."""
    return _shown(key) if isinstance(key, str) else repr(key)


_FIELDS_LISTED = 16
"""The most fields a sentence lists; a ruleset object's many fields are told by the nearest name instead."""


def _unknown_field(key: Any, what: str, allowed: tuple[str, ...]) -> str:
    """The sentence about an unknown field of ``what``: it tells the object's fields, or the nearest of its many."""
    field = _field_name(key)
    if len(allowed) <= _FIELDS_LISTED:
        return say("%(field)s is not a field of %(what)s; the fields are %(fields)s.", field=field, what=what,
                   fields=", ".join(allowed))  # fmt: skip
    nearest = difflib.get_close_matches(key, allowed, n=1) if isinstance(key, str) else []
    if nearest:
        return say("%(field)s is not a field of %(what)s; the nearest is %(nearest)s.", field=field, what=what,
                   nearest=json.dumps(nearest[0]))  # fmt: skip
    return say('%(field)s is not a field of %(what)s; the fields are those of API.md\'s "Custom rulesets".',
               field=field, what=what)  # fmt: skip


def _made(**fields: Any) -> Ruleset:
    """The ruleset of fields already read; the Ruleset's own checks are a safety net, their sentence kept."""
    try:
        return Ruleset(**fields)
    except RulesetDefinitionError:
        raise
    except (ValueError, TypeError) as error:
        # everything the reader checks should have caught it first
        sentence = str(error).strip() or say("this is not a playable ruleset")
        raise RulesetDefinitionError(sentence.rstrip(".") + ".") from None


class _Reader:
    """Reads one ruleset object, knowing where it is so every sentence names the field and the deal."""

    def __init__(self) -> None:
        self.path: tuple[str | int, ...] = ()
        self.deal_number: int | None = None
        self.set_min_length = 3
        """The shortest set a requirement may ask for, once read."""
        self.longest_run = 14
        """The longest run the rank line holds, once the deck and wilds are read (12 on the Phase 10 deck)."""
        self.colour_word = "suit"
        """What a colour group shares in a contract's words: a suit, or a colour on the Phase 10 deck."""
        self.run_word = "run"
        """What a contract calls a run, once read."""
        self.run_suit = RunSuit.SAME
        """Whether runs are of one suit, once read."""
        self.run_wilds_adjacent = True
        """Whether two wilds may stand side by side in a run, once read (a ladder's words say so)."""
        self.wilds_name = "JK"
        """The object's ``wilds``, once read (a ladder needs natural kings on the standard deck)."""

    def fail(self, sentence: str, *where: str | int) -> RulesetDefinitionError:
        """The refusal ``sentence`` (said already in the language in use), naming the deal it is in, if any."""
        if self.deal_number is not None:
            sentence = say("deal %(number)s: %(sentence)s", number=self.deal_number, sentence=sentence)
        return RulesetDefinitionError(sentence, self.path + where, self.deal_number)

    # -- shapes

    def obj(self, value: Any, what: str, allowed: tuple[str, ...], *where: str | int) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(say("%(what)s is an object, not %(kind)s.", what=what, kind=json_kind(value)), *where)
        for key in value:
            if key not in allowed:
                raise self.fail(_unknown_field(key, what, allowed), *where)
        return value

    def whole(self, value: Any, name: str, low: int, high: int | None, *where: str | int, noun: str = "") -> int:
        """A whole number from ``low`` to ``high`` (no bound: ``None``); ``noun`` (a key of :data:`_COUNTED`) says
        what it counts."""
        if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
            values = {"name": name, "low": low, "high": high, "value": _shown(value)}
            if noun:
                raise self.fail(_COUNTED[noun](values), *where)
            if high is None:
                raise self.fail(say("%(name)s is a whole number of %(low)s or more, not %(value)s.", **values), *where)
            raise self.fail(say("%(name)s is a whole number from %(low)s to %(high)s, not %(value)s.", **values), *where)
        return value

    def whole_or_null(self, value: Any, name: str, low: int, high: int | None, *where: str | int) -> int | None:
        """A whole number in a range, or ``null`` (no limit, no such rule)."""
        if value is None:
            return None
        bad = isinstance(value, bool) or not isinstance(value, int)
        if bad or value < low or (high is not None and value > high):
            values = {"name": name, "low": low, "high": high, "value": _shown(value)}
            if high is None:
                raise self.fail(say("%(name)s must be a whole number %(low)s or more, or null, not %(value)s.", **values), *where)  # fmt: skip
            raise self.fail(say("%(name)s must be a whole number from %(low)s to %(high)s, or null, not %(value)s.", **values), *where)  # fmt: skip
        return int(value)

    def flag(self, value: Any, name: str, *where: str | int) -> bool:
        if not isinstance(value, bool):
            raise self.fail(say("%(name)s is true or false, not %(value)s.", name=name, value=_shown(value)), *where)
        return value

    def choice(self, value: Any, name: str, choices: tuple[str, ...], *where: str | int) -> str:
        if not isinstance(value, str) or value not in choices:
            listed = or_list([json.dumps(c) for c in choices])
            raise self.fail(say("%(name)s is %(choices)s, not %(value)s.", name=name, choices=listed, value=_shown(value)), *where)
        return value

    def text(self, value: Any, name: str, low: int, high: int, *where: str | int) -> str:
        if not isinstance(value, str):
            raise self.fail(say("%(name)s is text of %(low)s to %(high)s characters, not %(kind)s.", name=name, low=low,
                                high=high, kind=json_kind(value)), *where)  # fmt: skip
        if any(unicodedata.category(ch) in ("Cc", "Cs", "Cf", "Co", "Cn") for ch in value):
            raise self.fail(say("%(name)s may not hold control or invisible characters.", name=name), *where)
        text = " ".join(value.split())
        if not low <= len(text) <= high:
            raise self.fail(say("%(name)s is %(low)s to %(high)s characters long, not %(length)s.", name=name, low=low,
                                high=high, length=len(text)), *where)  # fmt: skip
        return text

    # -- parts

    def buys(self, value: Any, base: Mapping[str, Any] | None, *where: str | int) -> BuyRule:
        given = self.obj(value, "buys", _BUY_FIELDS, *where)
        merged = {**(base or {}), **given}
        for name in ("per_deal", "extra_cards"):
            if name not in merged:
                raise self.fail(say("buys needs %(field)s: the May I limit per player per deal (null: no limit) and the extra stock cards taken with each.", field=name), *where, name)  # fmt: skip
        per_deal = merged["per_deal"]
        limit = None
        if per_deal is not None:
            if isinstance(per_deal, bool) or not isinstance(per_deal, int) or per_deal < 0:
                raise self.fail(say("buys.per_deal is a whole number of 0 or more, or null for no limit, not %(value)s.", value=_shown(per_deal)), *where, "per_deal")  # fmt: skip
            limit = per_deal
        extra = self.whole(merged["extra_cards"], "buys.extra_cards", 0, 3, *where, "extra_cards")
        no_successive = self.flag(merged.get("no_successive", False), "buys.no_successive", *where, "no_successive")
        permissions = tuple(p.value for p in BuyPermission)
        permission = self.choice(merged.get("permission", "none"), "buys.permission", permissions, *where, "permission")
        before_down = self.flag(merged.get("only_before_down", False), "buys.only_before_down", *where, "only_before_down")
        return BuyRule(
            limit=limit, extra_cards=extra, no_successive=no_successive, permission=BuyPermission(permission),
            only_before_down=before_down,
        )  # fmt: skip

    def requirement(self, value: Any, position: int, *within: str | int) -> Requirement:
        where: tuple[str | int, ...] = (*within, "requirements", position) if not within else (*within, position)
        item = self.obj(value, say("requirement %(position)s", position=position), ("kind", "length", "rule"), *where)
        kinds = tuple(kind.value for kind in _LENGTHS)
        if "kind" not in item:
            listed = or_list([json.dumps(k) for k in kinds])
            raise self.fail(say("requirement %(position)s needs a kind: %(kinds)s.", position=position, kinds=listed), *where, "kind")  # fmt: skip
        kind_name = say("requirement %(position)s's kind", position=position)
        kind = MeldKind(self.choice(item["kind"], kind_name, kinds, *where, "kind"))
        if "length" not in item:
            raise self.fail(say("requirement %(position)s needs a length.", position=position), *where, "length")
        length = item["length"]
        if isinstance(length, bool) or not isinstance(length, int) or not self._fits(kind, length):
            raise self.fail(self._length_refusal(kind, length), *where, "length")
        return Requirement(kind=kind, length=length, rule=self._ladder_rule(kind, item, where))

    def _ladder_rule(self, kind: MeldKind, item: Mapping[str, Any], where: tuple[str | int, ...]) -> LadderRule | None:
        """A ladder's ``rule`` (API.md); no other kind has one."""
        if kind is not MeldKind.LADDER:
            if "rule" in item:
                raise self.fail(_NOT_A_LADDER[kind](), *where, "rule")
            return None
        if "rule" not in item:
            rules = or_list([json.dumps(rule) for rule in _LADDER_RULES])
            raise self.fail(say("a ladder needs a rule: %(rules)s.", rules=rules), *where, "rule")
        return LadderRule(self.choice(item["rule"], say("a ladder's rule"), _LADDER_RULES, *where, "rule"))

    def _requirements(self, requirements: Any, *where: str | int) -> tuple[Requirement, ...]:
        """A deal's contract (or one alternative): 1 to 6 requirements, each read in turn."""
        where = where or ("requirements",)
        if not isinstance(requirements, list) or not 1 <= len(requirements) <= 6:
            if isinstance(requirements, list):
                raise self.fail(say("%(field)s is a list of 1 to 6 melds, not %(count)s of them.", field=where[0],
                                    count=len(requirements)), *where)  # fmt: skip
            raise self.fail(say("%(field)s is a list of 1 to 6 melds, not %(kind)s.", field=where[0],
                                kind=json_kind(requirements)), *where)  # fmt: skip
        inside = where if where != ("requirements",) else ()
        return tuple(self.requirement(r, position, *inside) for position, r in enumerate(requirements, start=1))

    def _alternatives(self, value: Any) -> tuple[tuple[Requirement, ...], ...]:
        """A deal's ``alternatives``: 0 to 3 other contracts that also meet it (Kalooki's ``full-suit``)."""
        if not isinstance(value, list) or len(value) > 3:
            if isinstance(value, list):
                raise self.fail(say("alternatives is a list of 0 to 3 contracts, each a list of requirements, not %(count)s of them.", count=len(value)), "alternatives")  # fmt: skip
            raise self.fail(say("alternatives is a list of 0 to 3 contracts, each a list of requirements, not %(kind)s.", kind=json_kind(value)), "alternatives")  # fmt: skip
        return tuple(self._requirements(contract, "alternatives", position) for position, contract in enumerate(value, start=1))  # fmt: skip

    def _fits(self, kind: MeldKind, length: int) -> bool:
        """Whether a requirement of ``kind`` may be ``length`` long here: sets from ``set_min_length``, runs
        within the rank line."""
        low, high = _LENGTHS[kind]
        if kind is MeldKind.SET:
            low = self.set_min_length
        elif kind is MeldKind.RUN:
            high = min(high, self.longest_run)
        return low <= length <= high

    def _length_refusal(self, kind: MeldKind, length: Any) -> str:
        """The sentence for a requirement length that does not fit (API.md's 400 examples)."""
        low, high = _LENGTHS[kind]
        values = {"low": low, "high": high, "value": _shown(length)}
        if kind is MeldKind.SET:
            values["low"] = self.set_min_length
            if isinstance(length, int) and not isinstance(length, bool) and length < self.set_min_length:
                return say("a set is %(low)s to %(high)s cards long, not %(value)s (set_min_length is %(low)s).", **values)
        if kind is MeldKind.RUN and isinstance(length, int) and self.longest_run < length <= high:
            return say("a run on this deck is at most %(longest)s cards, not %(value)s.", longest=self.longest_run,
                       value=values["value"])  # fmt: skip
        return _TOO_LONG_OR_SHORT[kind](values)

    def deal(self, value: Any, number: int, default_buys: BuyRule, set_word: str) -> Deal:
        self.deal_number = number
        self.path = ("deals", number)
        item = self.obj(value, say("deal %(number)s", number=number), _DEAL_FIELDS)
        for name in ("cards_dealt", "requirements"):
            if name not in item:
                raise self.fail(say("%(field)s is missing.", field=name), name)
        cards = self.whole(item["cards_dealt"], "cards_dealt", 5, 20, "cards_dealt")
        contract = self._requirements(item["requirements"])
        meld_all = self.flag(item.get("meld_all", False), "meld_all", "meld_all")
        going_out_text = item.get("going_out", "no_discard" if meld_all else "discard")
        going_out = GoingOut(self.choice(going_out_text, "going_out", tuple(g.value for g in GoingOut), "going_out"))
        if meld_all and going_out is GoingOut.DISCARD:
            raise self.fail(
                say('a deal that melds every card (meld_all) can\'t end on a discard: going_out is "no_discard" or "either".'),
                "going_out",
            )
        buys = default_buys if "buys" not in item else self.buys(item["buys"], _buys_json(default_buys), "buys")
        own_max_wilds = "max_wilds" in item
        max_wilds = self.whole_or_null(item.get("max_wilds"), "max_wilds", 0, None, "max_wilds")
        alternatives = self._alternatives(item.get("alternatives", []))
        self._check_ladder_deal(contract, alternatives, cards, meld_all, going_out)
        deal = Deal(
            number=number, contract="-", cards_dealt=cards, requirements=contract, going_out=going_out,
            meld_all=meld_all, buys=buys, max_wilds=max_wilds, own_max_wilds=own_max_wilds, alternatives=alternatives,
        )  # fmt: skip
        words = contract_words(deal, set_word, self.colour_word, self.run_word, adjacent=self.run_wilds_adjacent,
                               same_suit=self.run_suit is RunSuit.SAME)  # fmt: skip
        return dataclasses.replace(deal, contract=words)

    def _check_ladder_deal(
        self, contract: tuple[Requirement, ...], alternatives: tuple[tuple[Requirement, ...], ...], cards: int,
        meld_all: bool, going_out: GoingOut,
    ) -> None:  # fmt: skip
        """A deal with a ladder has that one requirement, deals 12 and goes down with all 13 cards (RULES.md §8.7.4);
        a ladder needs natural kings on the standard deck (§8.7.8)."""
        if not any(r.kind is MeldKind.LADDER for c in (contract, *alternatives) for r in c):
            return
        if self.wilds_name not in _LADDER_WILDS:
            self.deal_number, self.path = None, ()
            raise self.fail(say("a ladder needs wilds JK, JK+2 or JK+2red."), "wilds")
        if len(contract) != 1 or alternatives:
            raise self.fail(say("a ladder is the deal's one requirement, with no alternatives."), "requirements")
        if (cards, meld_all, going_out) != (12, True, GoingOut.NO_DISCARD):
            raise self.fail(say('a ladder deal is dealt 12 and goes down with all 13 cards: meld_all true, going_out "no_discard".'), "meld_all")  # fmt: skip

    def table(self, value: Any, low: int, high: int, deck: Deck) -> tuple[TableSupply, ...]:
        if not isinstance(value, list) or not value:
            raise self.fail(say("table is a list of table sizes with their packs and jokers, not %(value)s.", value=_shown(value)), "table")  # fmt: skip
        if len(value) > 7:
            raise self.fail(say("table has at most 7 entries (2 to 8 players), not %(count)s.", count=len(value)), "table")
        supply = sorted((self._table_entry(entry, position) for position, entry in enumerate(value, start=1)),
                        key=lambda s: s.min_players)
        self._check_coverage(supply, low, high)
        if deck is Deck.PHASE10 and any((s.packs, s.jokers) != (1, 0) for s in supply):
            raise self.fail(say("table must give decks 1 and jokers 0 with the Phase 10 deck."), "table")
        return tuple(supply)

    def _table_entry(self, entry: Any, position: int) -> TableSupply:
        """One entry of ``table``: a range of table sizes with its packs and jokers."""
        where = ("table", position)
        item = self.obj(entry, say("table entry %(position)s", position=position), _TABLE_FIELDS, *where)
        for name in _TABLE_FIELDS:
            if name not in item:
                raise self.fail(say("table entry %(position)s needs %(field)s.", position=position, field=name), *where, name)  # fmt: skip
        span = item["players"]
        if (
            not isinstance(span, list) or len(span) != 2
            or any(isinstance(n, bool) or not isinstance(n, int) for n in span)
            or not 2 <= span[0] <= span[1] <= 8
        ):  # fmt: skip
            raise self.fail(say("table entry %(position)s's players is [fewest, most], 2 to 8, not %(value)s.",
                                position=position, value=_shown(span)), *where, "players")  # fmt: skip
        decks_name = say("table entry %(position)s's decks", position=position)
        decks = self.whole(item["decks"], decks_name, 1, 6, *where, "decks", noun="packs")
        jokers_name = say("table entry %(position)s's jokers", position=position)
        jokers = self.whole(item["jokers"], jokers_name, 0, 12, *where, "jokers", noun="jokers")
        return TableSupply(min_players=span[0], max_players=span[1], packs=decks, jokers=jokers)

    def _check_coverage(self, supply: list[TableSupply], low: int, high: int) -> None:
        """Every table size from ``low`` to ``high`` covered by exactly one entry, and none outside."""
        seen: Counter[int] = Counter(n for s in supply for n in range(s.min_players, s.max_players + 1))
        for n in range(low, high + 1):
            if seen[n] == 0:
                raise self.fail(say("table must cover %(low)s to %(high)s players exactly once: %(players)s players is not covered.", low=low, high=high, players=n), "table")  # fmt: skip
            if seen[n] > 1:
                raise self.fail(say("table must cover %(low)s to %(high)s players exactly once: %(players)s players is covered twice.", low=low, high=high, players=n), "table")  # fmt: skip
        extra = sorted(n for n in seen if not low <= n <= high)
        if extra:
            raise self.fail(say("table covers %(players)s players, outside players (%(low)s to %(high)s).", players=extra[0], low=low, high=high), "table")  # fmt: skip

    def points(self, value: Any, base: Mapping[str, int] | None, deck: Deck) -> PointTable:
        """``card_points`` over the base's (of the same deck), keyed by the deck's cards; on a standard deck the
        ace by colour (``A_red``, ``A_black``) or ``A`` for both, shown as ``A`` where the two are equal."""
        self._other_deck_points(value, deck)
        if deck is Deck.PHASE10:
            keys: tuple[str, ...] = PHASE10_POINT_KEYS
            merged = {**(base or {}), **self.obj(value, "card_points", keys)}
        else:
            keys = SPLIT_ACE_POINT_KEYS
            merged = {**_split_ace(base or {}), **self._split_points(value)}
        self._check_points(merged, keys, deck, based=base is not None)
        if deck is Deck.STANDARD and merged["A_red"] == merged["A_black"]:
            merged["A"] = merged.pop("A_red")
            del merged["A_black"]
            return PointTable.of(merged, POINT_KEYS)
        return PointTable.of(merged, keys)

    def _check_points(self, merged: Mapping[str, Any], keys: tuple[str, ...], deck: Deck, *, based: bool) -> None:
        """Every key of the deck given, each 0 to 100 points; an ace colour left out without a base asks for A."""
        missing = [key for key in keys if key not in merged]
        if missing:
            shown = "A" if missing[0] in ("A_red", "A_black") and not based else missing[0]
            if deck is Deck.PHASE10:
                raise self.fail(say("card_points needs every key 1 to 12, W and SKIP; %(key)s is missing.", key=shown), "card_points")  # fmt: skip
            raise self.fail(say("card_points needs every key A, 2 to 10, J, Q, K and JK; %(key)s is missing.", key=shown), "card_points")  # fmt: skip
        for key in keys:
            self.whole(merged[key], f"card_points {key}", 0, 100, "card_points", key, noun="points")

    def _split_points(self, value: Any) -> dict[str, Any]:
        """The object's standard-deck ``card_points``, its ``A`` given as both colours of ace."""
        given = self.obj(value, "card_points", (*POINT_KEYS, "A_red", "A_black"))
        if "A" in given and ("A_red" in given or "A_black" in given):
            raise self.fail(say("card_points: give A, or A_red and A_black, not both."), "card_points")
        return _split_ace(given)

    def _other_deck_points(self, value: Any, deck: Deck) -> None:
        """Refuse a card_points key of the other deck by name: "card_points has no key "W" with the standard deck"."""
        for key in value if isinstance(value, dict) else ():
            if key in _OTHER_DECK_KEYS[deck]:
                raise self.fail(_NO_SUCH_KEY[deck](_shown(key)), "card_points", key)

    # -- the deck and what goes with it (RULES.md §8.0, API.md "Custom rulesets: fields added")

    def wilds(self, value: Any, deck: Deck) -> dict[str, bool]:
        """The engine's wild-card fields for ``wilds``, which must be the deck's."""
        if deck is Deck.PHASE10 and value != "W":
            raise self.fail(say('wilds must be "W" with the Phase 10 deck, not %(value)s.', value=_shown(value)), "wilds")
        other = WILDS.get(value) if isinstance(value, str) else None
        if other is not None and other.deck is not deck:
            raise self.fail(_WILDS_NEED_DECK[other.deck](_shown(value), _shown(other.deck.value)), "wilds")
        wilds = WILDS[self.choice(value, "wilds", tuple(n for n, w in WILDS.items() if w.deck is deck), "wilds")]
        return {field: (field, True) in wilds.fields for field in _WILD_FIELDS}

    def skips(self, value: Any, deck: Deck, kings_wild: bool, supply: tuple[TableSupply, ...]) -> Skips:
        """``skips``: the Phase 10 deck's Skip with that deck only; the joker only where kings are wild."""
        skips = Skips(self.choice(value, "skips", tuple(s.value for s in Skips), "skips"))
        self._deck_skips(skips, deck)
        if skips is Skips.JOKER and not kings_wild:
            raise self.fail(say('skips "JK" needs wilds "K": a joker cannot be both wild and a skip.'), "skips")
        if kings_wild and skips is Skips.NONE and any(s.jokers for s in supply):
            raise self.fail(say('with wilds "K" a joker is not wild: give skips "JK", or no jokers in table.'), "skips")
        return skips

    def _deck_skips(self, skips: Skips, deck: Deck) -> None:
        """The Phase 10 deck's Skip goes with that deck, and only with it."""
        if deck is Deck.PHASE10 and skips is not Skips.SKIP:
            raise self.fail(say('skips must be "SKIP" with the Phase 10 deck, not %(value)s.', value=_shown(skips.value)), "skips")  # fmt: skip
        if deck is not Deck.PHASE10 and skips is Skips.SKIP:
            raise self.fail(say('skips "SKIP" needs the Phase 10 deck (deck "phase10").'), "skips")

    def aces(self, value: Any, deck: Deck, kings_wild: bool) -> AceRule:
        """``aces``: only ``low_only`` where the rank line ends at 12 (the Phase 10 deck, wild kings)."""
        if deck is Deck.PHASE10 and value != AceRule.LOW_ONLY.value:
            raise self.fail(say('aces must be "low_only" with the Phase 10 deck, not %(value)s.', value=_shown(value)), "aces")
        aces = AceRule(self.choice(value, "aces", _CUSTOM_ACES, "aces"))
        if kings_wild and aces is not AceRule.LOW_ONLY:
            raise self.fail(say('aces must be "low_only" with wilds "K", not %(value)s.', value=_shown(value)), "aces")
        return aces

    def runs(self, value: Any, plain: Mapping[str, Any], deck: Deck) -> SameSuitRuns:
        """``same_suit_runs``, which means nothing but ``"any"`` where runs have free suits."""
        runs = SameSuitRuns(self.choice(value, "same_suit_runs", tuple(s.value for s in SameSuitRuns), "same_suit_runs"))
        if deck is Deck.PHASE10 and plain["run_suit"] is not RunSuit.ANY:
            raise self.fail(say('run_suit must be "any" with the Phase 10 deck: runs of one colour are not judged yet.'), "run_suit")  # fmt: skip
        if plain["run_suit"] is RunSuit.ANY and runs is not SameSuitRuns.ANY:
            raise self.fail(say('same_suit_runs must be "any" when run_suit is "any".'), "same_suit_runs")
        return runs

    def progression(self, fields: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
        """``progression`` with its ``game_end``, ``winner`` and ``tiebreak`` (RULES.md §8.7.9): left out of the
        object itself, game end and winner follow its own progression, and a base's tie-break hand becomes none
        under fixed progression."""
        progression = Progression(self.choice(fields.get("progression", "fixed"), "progression", tuple(p.value for p in Progression), "progression"))  # fmt: skip
        fixed = progression is Progression.FIXED
        game_end, winner = (GameEnd.LAST_DEAL, Winner.LOWEST_TOTAL) if fixed else (GameEnd.LAST_PHASE_MADE, Winner.FINISHED_LOWEST_TOTAL)  # fmt: skip
        for name, kind, paired in (("game_end", GameEnd, game_end), ("winner", Winner, winner)):
            chosen = kind(self.choice(given.get(name, paired.value), name, tuple(k.value for k in kind), name))
            if chosen is not paired:
                raise self.fail(say('%(field)s must be "%(paired)s" with progression "%(progression)s", not "%(chosen)s".', field=name, paired=paired.value, progression=progression.value, chosen=chosen.value), name)  # fmt: skip
        return {"progression": progression, "game_end": game_end, "winner": winner, "tiebreak": self.tiebreak(fields, given, fixed)}  # fmt: skip

    def tiebreak(self, fields: Mapping[str, Any], given: Mapping[str, Any], fixed: bool) -> Tiebreak:
        """``tiebreak``: a tie-break hand needs per-player progression; one only a base has becomes none."""
        replay = Tiebreak.REPLAY_LAST_PHASE.value
        text = given["tiebreak"] if "tiebreak" in given else fields.get("tiebreak", Tiebreak.NONE.value)
        if "tiebreak" not in given and text == replay and fixed:
            text = Tiebreak.NONE.value
        tiebreak = Tiebreak(self.choice(text, "tiebreak", tuple(t.value for t in Tiebreak), "tiebreak"))
        if tiebreak is Tiebreak.REPLAY_LAST_PHASE and fixed:
            raise self.fail(say('tiebreak "replay_last_phase" needs per-player progression.'), "tiebreak")
        return tiebreak

    def check_phases(self, deals: tuple[Deal, ...], progression: Progression) -> None:
        """Every phase of a per-player game deals the same cards (RULES.md §8.6.1)."""
        if progression is Progression.FIXED:
            return
        for deal in deals:
            if deal.cards_dealt != deals[0].cards_dealt:
                self.deal_number, self.path = deal.number, ("deals", deal.number)
                raise self.fail(
                    say("every phase of a per-player game deals the same cards (%(first)s), not %(cards)s.",
                        first=deals[0].cards_dealt, cards=deal.cards_dealt),
                    "cards_dealt",
                )  # fmt: skip

    def settlement(self, value: Any, buy_word: str) -> Settlement | None:
        if value is None:
            return None
        item = self.obj(value, "settlement", _SETTLEMENT_FIELDS, "settlement")
        step = self.whole(item.get("step", 2), "settlement.step", 1, 100, "settlement", "step", noun="pennies")
        kitty = self.flag(item.get("winner_takes_kitty", True), "settlement.winner_takes_kitty", "settlement", "winner_takes_kitty")
        words = f"Place k (k ≥ 2) pays {step} × (k − 1) pennies to the winner"
        words += f"; the winner also takes the kitty of {buy_word}s." if kitty else "."
        return Settlement(step=step, winner_takes_kitty=kitty, description=words)

    def options(self, value: Any) -> tuple[HouseOption, ...]:
        known = tuple(HOUSE_OPTIONS)
        if not isinstance(value, list):
            raise self.fail(say("options is a list of house option keys (%(keys)s), not %(value)s.", keys=", ".join(known), value=_shown(value)), "options")  # fmt: skip
        chosen: list[HouseOption] = []
        for position, key in enumerate(value, start=1):
            if not isinstance(key, str) or key not in HOUSE_OPTIONS:
                raise self.fail(say("options: %(key)s is not a house option; they are %(keys)s.", key=_shown(key), keys=", ".join(known)), "options", position)  # fmt: skip
            if HOUSE_OPTIONS[key] not in chosen:
                chosen.append(HOUSE_OPTIONS[key])
        return tuple(chosen)

    # -- the whole object

    def ruleset(self, obj: Any, ruleset_id: str) -> Ruleset:
        fields, base, given = self._fields_over_base(obj)

        def field(name: str, default: Any = None) -> Any:
            return fields.get(name, default)

        name = self.text(field("name"), "name", 1, NAME_LENGTH, "name")
        summary = self.text(field("summary", ""), "summary", 0, SUMMARY_LENGTH, "summary")
        low, high = self._players(field("players"))
        deck = Deck(self.choice(field("deck", Deck.STANDARD.value), "deck", tuple(d.value for d in Deck), "deck"))
        supply = self.table(field("table"), low, high, deck)
        wilds = self.wilds(field("wilds"), deck)
        skips = self.skips(field("skips", _SKIPS_BY_DECK[deck].value), deck, wilds["kings_wild"], supply)
        exact = self.flag(field("exact"), "exact", "exact")
        aces = self.aces(field("aces"), deck, wilds["kings_wild"])
        max_wilds = self._max_wilds(field("max_wilds"))
        repeat_rank = self.flag(field("repeat_rank"), "repeat_rank", "repeat_rank")
        dup_suits = self.flag(field("dup_suits"), "dup_suits", "dup_suits")
        plain = {p.name: p.read(self, field(p.name, p.default)) for p in _PLAIN_FIELDS}
        runs = self.runs(field("same_suit_runs"), plain, deck)
        family = {p.name: p.read(self, field(p.name, p.default)) for p in _FAMILY_FIELDS}
        for naturals in ("min_naturals_set", "min_naturals_run"):  # 1 is min_naturals' own: unset, as in §3's rulesets
            family[naturals] = None if family[naturals] == 1 else family[naturals]
        self._rank_line(deck, wilds, plain, family, aces)
        self.wilds_name = field("wilds")
        # With a base, card_points and buys change only the keys given (the base's points only on its own deck).
        points = self.points(field("card_points"), self._base_points(base, given, deck), deck)
        buys = self.buys(field("buys"), base["buys"] if base is not None else None, "buys")
        exact_cut = self.whole(field("exact_cut_bonus"), "exact_cut_bonus", 0, 200, "exact_cut_bonus", noun="points")
        one_turn = self.whole(field("one_turn_out_bonus"), "one_turn_out_bonus", 0, 200, "one_turn_out_bonus", noun="points")  # fmt: skip
        set_word = self.choice(field("set_word", "set"), "set_word", SET_WORDS, "set_word")
        buy_word = self.choice(field("buy_word", "May I"), "buy_word", BUY_WORDS, "buy_word")
        lay_off = LayOffTiming(self.choice(field("lay_off", "later_turn"), "lay_off", tuple(t.value for t in LayOffTiming), "lay_off"))  # fmt: skip
        reclaim = JokerReclaim(self.choice(field("reclaim", "runs"), "reclaim", tuple(r.value for r in JokerReclaim), "reclaim"))  # fmt: skip
        shanghai_call = self.flag(field("shanghai_call", False), "shanghai_call", "shanghai_call")
        table_max_wilds = self.flag(field("table_max_wilds", False), "table_max_wilds", "table_max_wilds")
        settlement = self.settlement(field("settlement"), buy_word)
        options = self.options(field("options", []))

        progression = self.progression(fields, given)

        deals = self._deals(field("deals"), buys, set_word)
        self.check_phases(deals, progression["progression"])
        self._check_supply(deals, supply, deck)
        self.deal_number, self.path = None, ()
        ruleset = _made(
            id=ruleset_id, name=name, summary=summary, set_word=set_word, supply=supply, deck=deck, skips=skips,
            deals=deals, exact=exact, same_suit_runs=runs, repeat_rank=repeat_rank, max_wilds=max_wilds,
            aces=aces, dup_suits=dup_suits, lay_off=lay_off, reclaim=reclaim, buy_name=buy_word, points=points,
            exact_cut_bonus=exact_cut, one_turn_out_bonus=one_turn, shanghai_call=shanghai_call,
            settlement=settlement, options=options, table_max_wilds=table_max_wilds,
            **wilds, **plain, **progression, **family,
        )  # fmt: skip
        return self._fitting_options(ruleset, inherited="options" not in given)

    def _rank_line(
        self, deck: Deck, wilds: Mapping[str, bool], plain: Mapping[str, Any], family: Mapping[str, Any], aces: AceRule
    ) -> None:
        """What the deals are read against: the shortest set, the longest run (13 with aces around, RULES.md
        §8.7.8), a colour group's word, the run word and the wilds a ladder's words need."""
        self.set_min_length = plain["set_min_length"]
        self.longest_run = 12 if deck is Deck.PHASE10 or wilds["kings_wild"] else 13 if aces is AceRule.AROUND else 14
        self.colour_word = "colour" if deck is Deck.PHASE10 else "suit"
        self.run_suit = plain["run_suit"]
        self.run_word = family["run_word"]
        self.run_wilds_adjacent = family["run_wilds_adjacent"]

    def _base_points(self, base: Mapping[str, Any] | None, given: Mapping[str, Any], deck: Deck) -> Mapping[str, int] | None:
        """The base's card_points under the object's, where they score the same deck's cards."""
        if base is None:
            return None
        if base.get("deck", Deck.STANDARD.value) != deck.value:
            if "card_points" not in given:
                raise self.fail(_BASE_POINTS_FOR[Deck(base["deck"])](), "card_points")
            return None
        points: Mapping[str, int] = base["card_points"]
        return points

    def _fitting_options(self, ruleset: Ruleset, *, inherited: bool) -> Ruleset:
        """The ruleset offering only house options that apply to it (Phase 10's Masters needs per-player
        progression): one the object names that doesn't is refused; one a base offers is left out, so that
        ``{"base": "phase10", "progression": "fixed"}`` is a ruleset (RULES.md §8.7.9)."""
        kept = []
        for position, option in enumerate(ruleset.options, start=1):
            try:
                wilds_name(ruleset.with_options(option.key))  # a ruleset object can say its wild cards
            except (RulesetValueError, ValueError) as error:
                if not inherited:
                    why = str(error).rstrip(".")
                    raise self.fail(say("options: %(key)s can't apply to this ruleset: %(why)s.", key=_shown(option.key), why=why), "options", position) from None  # fmt: skip
            else:
                kept.append(option)
        return ruleset if len(kept) == len(ruleset.options) else dataclasses.replace(ruleset, options=tuple(kept))

    def _fields_over_base(self, obj: Any) -> tuple[dict[str, Any], dict[str, Any] | None, dict[str, Any]]:
        """The object's fields over its base's (a built-in ruleset's complete object), that base if any, and the
        object's own fields.

        Without a base every required field must be given.
        """
        given = self.obj(obj, say("a ruleset"), ("base", *DEFINITION_FIELDS))
        if "base" not in given:
            for name in DEFINITION_FIELDS:
                if name in REQUIRED_FIELDS and name not in given:
                    raise self.fail(say("%(field)s is missing: without a base, every field of a ruleset is needed.", field=name), name)  # fmt: skip
            return dict(given), None, given
        base_id = given["base"]
        if not isinstance(base_id, str) or base_id not in PUBLISHED_RULESETS:
            raise self.fail(say("base is a built-in ruleset id (%(ids)s), not %(value)s.", ids=", ".join(PUBLISHED_RULESETS), value=_shown(base_id)), "base")  # fmt: skip
        base = ruleset_to_definition(PUBLISHED_RULESETS[base_id])
        own = {k: v for k, v in given.items() if k != "base"}
        return {**base, **own}, base, own

    def _players(self, value: Any) -> tuple[int, int]:
        """The table sizes the ruleset is played by: ``players.min`` and ``players.max``, from 2 to 8."""
        players = self.obj(value, "players", ("min", "max"), "players")
        if "min" not in players or "max" not in players:
            raise self.fail(say("players needs min and max, from 2 to 8."), "players")
        low = self.whole(players["min"], "players.min", 2, 8, "players", "min")
        return low, self.whole(players["max"], "players.max", low, 8, "players", "max")

    def _max_wilds(self, value: Any) -> int | None:
        """The most wild cards in one meld, or ``None`` for no limit."""
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            # API.md: any integer >= 0. One above 14 (the longest meld) limits nothing, and is kept as given.
            raise self.fail(say("max_wilds is a whole number, 0 or more, or null for no limit, not %(value)s.", value=_shown(value)), "max_wilds")  # fmt: skip
        return value

    def _deals(self, value: Any, buys: BuyRule, set_word: str) -> tuple[Deal, ...]:
        """The deals, 1 to 20 of them, each read in turn."""
        if not isinstance(value, list) or not 1 <= len(value) <= 20:
            if isinstance(value, list):
                raise self.fail(say("deals is a list of 1 to 20 deals, not %(count)s of them.", count=len(value)), "deals")
            raise self.fail(say("deals is a list of 1 to 20 deals, not %(kind)s.", kind=json_kind(value)), "deals")
        return tuple(self.deal(d, number, buys, set_word) for number, d in enumerate(value, start=1))

    def _check_supply(self, deals: tuple[Deal, ...], supply: tuple[TableSupply, ...], deck: Deck) -> None:
        """A deal must fit in the cards of every table size: each player's hand, from the packs and jokers."""
        for deal in deals:
            for table in supply:
                needed = deal.cards_dealt * table.max_players
                held = _DECK_CARDS[deck] * table.packs + table.jokers
                if needed > held:
                    self.deal_number, self.path = deal.number, ("deals", deal.number)
                    values = {"each": deal.cards_dealt, "players": table.max_players, "needed": needed, "held": held}
                    raise self.fail(_too_few_cards(deck, table, values), "cards_dealt")


def ruleset_from_definition(obj: object, *, ruleset_id: str = "custom") -> Ruleset:
    """The ruleset a ruleset object describes (API.md "Custom rulesets"), checked in full.

    With ``"base"`` (a built-in id), every field left out is the base's, and
    ``card_points`` and ``buys`` change only the keys given. Raises
    :class:`RulesetDefinitionError`, one sentence naming the field and the
    deal, for anything that is not a playable ruleset; never another error.
    """
    try:
        return _Reader().ruleset(obj, ruleset_id)
    except RulesetDefinitionError:
        raise
    except (RecursionError, MemoryError):  # pragma: no cover - absurd nesting
        raise RulesetDefinitionError(say("the ruleset object is nested too deeply to read.")) from None
