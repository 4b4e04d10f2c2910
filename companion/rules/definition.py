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
the plainest rule. The check is pure Python and reads nothing stored.

This is the public form of a ruleset; :mod:`.snapshot` is the exact stored
one a game replays (its docstring says why there are two).
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter
from collections.abc import Mapping
from typing import Any

from .words import json_kind, plural
from .catalogue import RULESETS
from .rulesets import (
    POINT_KEYS,
    AceRule,
    BuyRule,
    Deal,
    GoingOut,
    HouseOption,
    JokerReclaim,
    LayOffTiming,
    MeldKind,
    PointTable,
    Requirement,
    Ruleset,
    RulesError,
    SameSuitRuns,
    Settlement,
    TableSupply,
    describe_contract,
)

__all__ = [
    "DEFINITION_FIELDS", "HOUSE_OPTIONS", "RulesetDefinitionError", "ruleset_from_definition",
    "ruleset_to_definition",
]  # fmt: skip


class RulesetDefinitionError(RulesError):
    """A ruleset object that is not a playable ruleset; the text is one sentence naming the field and the deal.

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
    "name", "summary", "players", "table", "wilds", "deals", "exact", "aces", "max_wilds", "repeat_rank",
    "dup_suits", "same_suit_runs", "card_points", "buys", "exact_cut_bonus", "one_turn_out_bonus",
    "set_word", "buy_word", "lay_off", "reclaim", "shanghai_call", "settlement", "options", "table_max_wilds",
)  # fmt: skip

#: The fields API.md requires in an object without ``base``; the others have defaults.
REQUIRED_FIELDS: frozenset[str] = frozenset(
    (
        "name", "players", "table", "wilds", "deals", "exact", "aces", "max_wilds", "repeat_rank", "dup_suits",
        "same_suit_runs", "card_points", "buys", "exact_cut_bonus", "one_turn_out_bonus",
    )
)  # fmt: skip

_DEAL_FIELDS = ("cards_dealt", "requirements", "going_out", "meld_all", "buys")
_BUY_FIELDS = ("per_deal", "extra_cards", "no_successive")
_TABLE_FIELDS = ("players", "decks", "jokers")
_SETTLEMENT_FIELDS = ("step", "winner_takes_kitty")

SET_WORDS = ("group", "set", "book", "trio")
BUY_WORDS = ("May I", "buy")
NAME_LENGTH = 60
SUMMARY_LENGTH = 300

#: House options a ruleset object may offer, by key: the built-in rulesets' own, which mean the same everywhere.
HOUSE_OPTIONS: dict[str, HouseOption] = {}
for _ruleset in RULESETS.values():
    for _option in _ruleset.options:
        HOUSE_OPTIONS.setdefault(_option.key, _option)

# Length bounds per kind (API.md): a set 3-8, a run 3-14, a pair 2.
_LENGTHS = {MeldKind.SET: (3, 8), MeldKind.RUN: (3, 14), MeldKind.PAIR: (2, 2)}

#: The ace rules a custom ruleset may choose. The wider family's ``low_only`` (RULES.md §8.0) comes with the
#: rest of its fields (deck, wilds, skips), which custom rulesets do not read yet: the public API is unchanged.
_CUSTOM_ACES = (AceRule.LOW_OR_HIGH.value, AceRule.HIGH_ONLY.value)


# -- writing -------------------------------------------------------------------


def _buys_json(rule: BuyRule) -> dict[str, Any]:
    return {"per_deal": rule.limit, "extra_cards": rule.extra_cards, "no_successive": rule.no_successive}


def ruleset_to_definition(ruleset: Ruleset) -> dict[str, Any]:
    """The complete ruleset object, without ``base``: every field, JSON-ready.

    :func:`ruleset_from_definition` of the result behaves exactly as
    ``ruleset`` (its id aside, which a definition does not carry).
    """
    rules = Counter(deal.buys for deal in ruleset.deals)
    # The most common rule is the ruleset's; the first deal's wins a tie, so the choice is stable.
    common = max(rules, key=lambda rule: (rules[rule], -[d.buys for d in ruleset.deals].index(rule)))
    deals = []
    for deal in ruleset.deals:
        item: dict[str, Any] = {
            "cards_dealt": deal.cards_dealt,
            "requirements": [{"kind": r.kind.value, "length": r.length} for r in deal.requirements],
            "going_out": deal.going_out.value,
            "meld_all": deal.meld_all,
        }
        if deal.buys != common:
            item["buys"] = _buys_json(deal.buys)
        deals.append(item)
    settlement = None
    if ruleset.settlement is not None:
        settlement = {"step": ruleset.settlement.step, "winner_takes_kitty": ruleset.settlement.winner_takes_kitty}
    return {
        "name": ruleset.name,
        "summary": ruleset.summary,
        "players": {"min": ruleset.min_players, "max": ruleset.max_players},
        "table": [
            {"players": [s.min_players, s.max_players], "decks": s.packs, "jokers": s.jokers} for s in ruleset.supply
        ],
        "wilds": "JK+2" if ruleset.deuces_wild else "JK",
        "deals": deals,
        "exact": ruleset.exact,
        "aces": ruleset.aces.value,
        "max_wilds": ruleset.max_wilds,
        "repeat_rank": ruleset.repeat_rank,
        "dup_suits": ruleset.dup_suits,
        "same_suit_runs": ruleset.same_suit_runs.value,
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
    }


# -- reading -------------------------------------------------------------------


def _shown(value: Any) -> str:
    """A value as it was written in JSON, shortened for a sentence (control characters escaped)."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=True)
    except (TypeError, ValueError, RecursionError):
        text = "that value"
    return text if len(text) <= 40 else text[:37] + "..."




def _field_name(key: Any) -> str:
    """An unknown key as a sentence may quote it."""
    return _shown(key) if isinstance(key, str) else repr(key)


def _made(**fields: Any) -> Ruleset:
    """The ruleset of fields already read; the Ruleset's own checks are a safety net, their sentence kept."""
    try:
        return Ruleset(**fields)
    except RulesetDefinitionError:
        raise
    except (ValueError, TypeError) as error:
        # everything the reader checks should have caught it first
        sentence = str(error).strip() or "this is not a playable ruleset"
        raise RulesetDefinitionError(sentence.rstrip(".") + ".") from None


class _Reader:
    """Reads one ruleset object, knowing where it is so every sentence names the field and the deal."""

    def __init__(self) -> None:
        self.path: tuple[str | int, ...] = ()
        self.deal_number: int | None = None

    def fail(self, sentence: str, *where: str | int) -> RulesetDefinitionError:
        prefix = f"deal {self.deal_number}: " if self.deal_number is not None else ""
        return RulesetDefinitionError(prefix + sentence, self.path + where, self.deal_number)

    # -- shapes

    def obj(self, value: Any, what: str, allowed: tuple[str, ...], *where: str | int) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(f"{what} is an object, not {json_kind(value)}.", *where)
        for key in value:
            if key not in allowed:
                raise self.fail(
                    f"{_field_name(key)} is not a field of {what}; the fields are {', '.join(allowed)}.", *where
                )
        return value

    def whole(self, value: Any, name: str, low: int, high: int | None, *where: str | int, noun: str = "") -> int:
        if noun:
            what = f"{name} is {low} or more {noun}" if high is None else f"{name} is {low} to {high} {noun}"
        else:
            what = f"{name} is a whole number of {low} or more" if high is None else f"{name} is a whole number from {low} to {high}"
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{what}, not {_shown(value)}.", *where)
        if value < low or (high is not None and value > high):
            raise self.fail(f"{what}, not {_shown(value)}.", *where)
        return value

    def flag(self, value: Any, name: str, *where: str | int) -> bool:
        if not isinstance(value, bool):
            raise self.fail(f"{name} is true or false, not {_shown(value)}.", *where)
        return value

    def choice(self, value: Any, name: str, choices: tuple[str, ...], *where: str | int) -> str:
        if not isinstance(value, str) or value not in choices:
            listed = ", ".join(json.dumps(c) for c in choices[:-1]) + f" or {json.dumps(choices[-1])}"
            raise self.fail(f"{name} is {listed}, not {_shown(value)}.", *where)
        return value

    def text(self, value: Any, name: str, low: int, high: int, *where: str | int) -> str:
        if not isinstance(value, str):
            raise self.fail(f"{name} is text of {low} to {high} characters, not {json_kind(value)}.", *where)
        if any(unicodedata.category(ch) in ("Cc", "Cs", "Cf", "Co", "Cn") for ch in value):
            raise self.fail(f"{name} may not hold control or invisible characters.", *where)
        text = " ".join(value.split())
        if not low <= len(text) <= high:
            raise self.fail(f"{name} is {low} to {high} characters long, not {len(text)}.", *where)
        return text

    # -- parts

    def buys(self, value: Any, base: Mapping[str, Any] | None, *where: str | int) -> BuyRule:
        given = self.obj(value, "buys", _BUY_FIELDS, *where)
        merged = {**(base or {}), **given}
        for name in ("per_deal", "extra_cards"):
            if name not in merged:
                raise self.fail(f"buys needs {name}: the May I limit per player per deal (null: no limit) and the extra stock cards taken with each.", *where, name)  # fmt: skip
        per_deal = merged["per_deal"]
        limit = None
        if per_deal is not None:
            if isinstance(per_deal, bool) or not isinstance(per_deal, int) or per_deal < 0:
                raise self.fail(f"buys.per_deal is a whole number of 0 or more, or null for no limit, not {_shown(per_deal)}.", *where, "per_deal")  # fmt: skip
            limit = per_deal
        extra = self.whole(merged["extra_cards"], "buys.extra_cards", 0, 3, *where, "extra_cards")
        no_successive = self.flag(merged.get("no_successive", False), "buys.no_successive", *where, "no_successive")
        return BuyRule(limit=limit, extra_cards=extra, no_successive=no_successive)

    def requirement(self, value: Any, position: int) -> Requirement:
        where: tuple[str | int, ...] = ("requirements", position)
        item = self.obj(value, f"requirement {position}", ("kind", "length"), *where)
        if "kind" not in item:
            raise self.fail(f"requirement {position} needs a kind: \"set\", \"run\" or \"pair\".", *where, "kind")
        kind = MeldKind(self.choice(item["kind"], f"requirement {position}'s kind", ("set", "run", "pair"), *where, "kind"))
        if "length" not in item:
            raise self.fail(f"requirement {position} needs a length.", *where, "length")
        low, high = _LENGTHS[kind]
        length = item["length"]
        if isinstance(length, bool) or not isinstance(length, int) or not low <= length <= high:
            span = "2 cards long" if kind is MeldKind.PAIR else f"{low} to {high} cards long"
            raise self.fail(f"a {kind.value} is {span}, not {_shown(length)}.", *where, "length")
        return Requirement(kind=kind, length=length)

    def deal(self, value: Any, number: int, default_buys: BuyRule, set_word: str) -> Deal:
        self.deal_number = number
        self.path = ("deals", number)
        item = self.obj(value, f"deal {number}", _DEAL_FIELDS)
        for name in ("cards_dealt", "requirements"):
            if name not in item:
                raise self.fail(f"{name} is missing.", name)
        cards = self.whole(item["cards_dealt"], "cards_dealt", 5, 20, "cards_dealt")
        requirements = item["requirements"]
        if not isinstance(requirements, list) or not 1 <= len(requirements) <= 6:
            shown = f"{len(requirements)} of them" if isinstance(requirements, list) else json_kind(requirements)
            raise self.fail(f"requirements is a list of 1 to 6 melds, not {shown}.", "requirements")
        contract = tuple(self.requirement(r, position) for position, r in enumerate(requirements, start=1))
        meld_all = self.flag(item.get("meld_all", False), "meld_all", "meld_all")
        going_out_text = item.get("going_out", "no_discard" if meld_all else "discard")
        going_out = GoingOut(self.choice(going_out_text, "going_out", tuple(g.value for g in GoingOut), "going_out"))
        if meld_all and going_out is GoingOut.DISCARD:
            raise self.fail(
                "a deal that melds every card (meld_all) can't end on a discard: going_out is \"no_discard\" or \"either\".",
                "going_out",
            )
        buys = default_buys if "buys" not in item else self.buys(item["buys"], _buys_json(default_buys), "buys")
        text = describe_contract(contract, set_word) + (" (every card, no discard)" if meld_all else "")
        return Deal(
            number=number, contract=text, cards_dealt=cards, requirements=contract, going_out=going_out,
            meld_all=meld_all, buys=buys,
        )  # fmt: skip

    def table(self, value: Any, low: int, high: int) -> tuple[TableSupply, ...]:
        if not isinstance(value, list) or not value:
            raise self.fail(f"table is a list of table sizes with their packs and jokers, not {_shown(value)}.", "table")
        if len(value) > 7:
            raise self.fail(f"table has at most 7 entries (2 to 8 players), not {len(value)}.", "table")
        supply = sorted((self._table_entry(entry, position) for position, entry in enumerate(value, start=1)),
                        key=lambda s: s.min_players)
        self._check_coverage(supply, low, high)
        return tuple(supply)

    def _table_entry(self, entry: Any, position: int) -> TableSupply:
        """One entry of ``table``: a range of table sizes with its packs and jokers."""
        where = ("table", position)
        what = f"table entry {position}"
        item = self.obj(entry, what, _TABLE_FIELDS, *where)
        for name in _TABLE_FIELDS:
            if name not in item:
                raise self.fail(f"{what} needs {name}.", *where, name)
        span = item["players"]
        if (
            not isinstance(span, list) or len(span) != 2
            or any(isinstance(n, bool) or not isinstance(n, int) for n in span)
            or not 2 <= span[0] <= span[1] <= 8
        ):  # fmt: skip
            raise self.fail(f"{what}'s players is [fewest, most], 2 to 8, not {_shown(span)}.", *where, "players")
        decks = self.whole(item["decks"], f"{what}'s decks", 1, 6, *where, "decks", noun="packs")
        jokers = self.whole(item["jokers"], f"{what}'s jokers", 0, 12, *where, "jokers", noun="jokers")
        return TableSupply(min_players=span[0], max_players=span[1], packs=decks, jokers=jokers)

    def _check_coverage(self, supply: list[TableSupply], low: int, high: int) -> None:
        """Every table size from ``low`` to ``high`` covered by exactly one entry, and none outside."""
        seen: Counter[int] = Counter(n for s in supply for n in range(s.min_players, s.max_players + 1))
        for n in range(low, high + 1):
            if seen[n] != 1:
                told = "is not covered" if seen[n] == 0 else "is covered twice"
                raise self.fail(f"table must cover {low} to {high} players exactly once: {n} players {told}.", "table")
        extra = sorted(n for n in seen if not low <= n <= high)
        if extra:
            raise self.fail(f"table covers {extra[0]} players, outside players ({low} to {high}).", "table")

    def points(self, value: Any, base: Mapping[str, int] | None) -> PointTable:
        given = self.obj(value, "card_points", POINT_KEYS)
        merged = {**(base or {}), **given}
        missing = [key for key in POINT_KEYS if key not in merged]
        if missing:
            raise self.fail(f"card_points needs every key A, 2 to 10, J, Q, K and JK; {missing[0]} is missing.", "card_points")
        for key in POINT_KEYS:
            self.whole(merged[key], f"card_points {key}", 0, 100, "card_points", key, noun="points")
        return PointTable.of(merged)

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
            raise self.fail(f"options is a list of house option keys ({', '.join(known)}), not {_shown(value)}.", "options")
        chosen: list[HouseOption] = []
        for position, key in enumerate(value, start=1):
            if not isinstance(key, str) or key not in HOUSE_OPTIONS:
                raise self.fail(f"options: {_shown(key)} is not a house option; they are {', '.join(known)}.", "options", position)
            if HOUSE_OPTIONS[key] not in chosen:
                chosen.append(HOUSE_OPTIONS[key])
        return tuple(chosen)

    # -- the whole object

    def ruleset(self, obj: Any, ruleset_id: str) -> Ruleset:
        fields, base = self._fields_over_base(obj)

        def field(name: str, default: Any = None) -> Any:
            return fields.get(name, default)

        name = self.text(field("name"), "name", 1, NAME_LENGTH, "name")
        summary = self.text(field("summary", ""), "summary", 0, SUMMARY_LENGTH, "summary")
        low, high = self._players(field("players"))
        supply = self.table(field("table"), low, high)
        deuces_wild = self.choice(field("wilds"), "wilds", ("JK", "JK+2"), "wilds") == "JK+2"
        exact = self.flag(field("exact"), "exact", "exact")
        aces = AceRule(self.choice(field("aces"), "aces", _CUSTOM_ACES, "aces"))
        max_wilds = self._max_wilds(field("max_wilds"))
        repeat_rank = self.flag(field("repeat_rank"), "repeat_rank", "repeat_rank")
        dup_suits = self.flag(field("dup_suits"), "dup_suits", "dup_suits")
        runs = SameSuitRuns(self.choice(field("same_suit_runs"), "same_suit_runs", tuple(s.value for s in SameSuitRuns), "same_suit_runs"))  # fmt: skip
        # With a base, card_points and buys change only the keys given.
        points = self.points(field("card_points"), base["card_points"] if base is not None else None)
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

        deals = self._deals(field("deals"), buys, set_word)
        self._check_supply(deals, supply)
        self.deal_number, self.path = None, ()
        return _made(
            id=ruleset_id, name=name, summary=summary, set_word=set_word, supply=supply, deuces_wild=deuces_wild,
            deals=deals, exact=exact, same_suit_runs=runs, repeat_rank=repeat_rank, max_wilds=max_wilds,
            aces=aces, dup_suits=dup_suits, lay_off=lay_off, reclaim=reclaim, buy_name=buy_word, points=points,
            exact_cut_bonus=exact_cut, one_turn_out_bonus=one_turn, shanghai_call=shanghai_call,
            settlement=settlement, options=options, table_max_wilds=table_max_wilds,
        )  # fmt: skip

    def _fields_over_base(self, obj: Any) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """The object's fields over its base's (a built-in ruleset's complete object), and that base if any.

        Without a base every required field must be given.
        """
        given = self.obj(obj, "a ruleset", ("base", *DEFINITION_FIELDS))
        if "base" not in given:
            for name in DEFINITION_FIELDS:
                if name in REQUIRED_FIELDS and name not in given:
                    raise self.fail(f"{name} is missing: without a base, every field of a ruleset is needed.", name)
            return dict(given), None
        base_id = given["base"]
        if not isinstance(base_id, str) or base_id not in RULESETS:
            raise self.fail(f"base is a built-in ruleset id ({', '.join(RULESETS)}), not {_shown(base_id)}.", "base")
        base = ruleset_to_definition(RULESETS[base_id])
        return {**base, **{k: v for k, v in given.items() if k != "base"}}, base

    def _players(self, value: Any) -> tuple[int, int]:
        """The table sizes the ruleset is played by: ``players.min`` and ``players.max``, from 2 to 8."""
        players = self.obj(value, "players", ("min", "max"), "players")
        if "min" not in players or "max" not in players:
            raise self.fail("players needs min and max, from 2 to 8.", "players")
        low = self.whole(players["min"], "players.min", 2, 8, "players", "min")
        return low, self.whole(players["max"], "players.max", low, 8, "players", "max")

    def _max_wilds(self, value: Any) -> int | None:
        """The most wild cards in one meld, or ``None`` for no limit."""
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            # API.md: any integer >= 0. One above 14 (the longest meld) limits nothing, and is kept as given.
            raise self.fail(f"max_wilds is a whole number, 0 or more, or null for no limit, not {_shown(value)}.", "max_wilds")  # fmt: skip
        return value

    def _deals(self, value: Any, buys: BuyRule, set_word: str) -> tuple[Deal, ...]:
        """The deals, 1 to 20 of them, each read in turn."""
        if not isinstance(value, list) or not 1 <= len(value) <= 20:
            shown = f"{len(value)} of them" if isinstance(value, list) else json_kind(value)
            raise self.fail(f"deals is a list of 1 to 20 deals, not {shown}.", "deals")
        return tuple(self.deal(d, number, buys, set_word) for number, d in enumerate(value, start=1))

    def _check_supply(self, deals: tuple[Deal, ...], supply: tuple[TableSupply, ...]) -> None:
        """A deal must fit in the cards of every table size: each player's hand, from the packs and jokers."""
        for deal in deals:
            for table in supply:
                needed = deal.cards_dealt * table.max_players
                held = 52 * table.packs + table.jokers
                if needed > held:
                    self.deal_number, self.path = deal.number, ("deals", deal.number)
                    raise self.fail(
                        f"{deal.cards_dealt} cards each for {table.max_players} players is {needed} cards, "
                        f"more than {table.packs} {plural(table.packs, 'pack')} and {table.jokers} {plural(table.jokers, 'joker')} hold ({held}).",
                        "cards_dealt",
                    )


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
        raise RulesetDefinitionError("the ruleset object is nested too deeply to read.") from None
