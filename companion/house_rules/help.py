"""What each builder field means, in a player's words, with the published rulesets' values as examples.

The examples are read from the built-in rulesets' own objects, so they are
never out of date.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from .. import registry
from ..rules.definition import ruleset_to_definition
from ..rules.words import plural

EXPLAIN: dict[str, str] = {
    "name": "What your table calls these rules. It shows on the game page, the rules card and in the standings.",
    "summary": "One line about these rules, shown under their name on the rules card.",
    "set_word": "What your table calls cards of one rank laid together; every sentence the app says uses it.",
    "buy_word": "What your table calls taking the discard out of turn.",
    "players": "How many can sit at the table, and for each table size how many packs of 52 and how many jokers "
    "are shuffled together. Each table size starts where the one before ends; change its “To”.",
    "wilds": "Which cards may stand for any card in a meld.",
    "deals": "A game is a list of deals. Each deal has its contract: the melds a player lays down together, "
    "first, to go down. Sets are cards of one rank (7 7 7); runs are cards of one suit in order (5 6 7 8).",
    "cards_dealt": "Cards each player gets in this deal.",
    "going_out": "How a player gets rid of the last card in this deal.",
    "meld_all": "Going down must use every card in hand (lengths are then only minimums).",
    "exact": "Going down uses exactly the contract's lengths (a set of 3 is 3 cards); more cards wait to be laid "
    "off. Never in a deal where every card is melded.",
    "aces": "Where an ace may stand in a run.",
    "max_wilds": "How many wild cards one meld of the contract may hold when going down. Empty: any number.",
    "repeat_rank": "May one contract hold two sets of the same rank (7 7 7 and 7 7 7)?",
    "dup_suits": "May a set hold two cards of one suit (7♥ 7♥ 7♠)?",
    "same_suit_runs": "When a contract has two runs in one suit, may they join end to end (3456 and 78910)?",
    "card_points": "Penalty points for each card left in hand when someone goes out. Where twos are wild, a two "
    "scores what you put for 2.",
    "buys": "Taking the discard out of turn (a May I, or a buy): how often one player may do it in a deal "
    "(empty: no limit, 0: never) and how many stock cards come with it as the penalty.",
    "exact_cut_bonus": "Points taken off the cutter's deal score when the cut leaves exactly the cards needed "
    "to deal (0: no such bonus).",
    "one_turn_out_bonus": "Points taken off for going down and going out in one turn (0: no such bonus).",
}


def counted(n: int, noun: str) -> str:
    """``"1 joker"``, ``"2 packs"``: in figures, as a table counts packs and jokers."""
    return f"{n} {plural(n, noun)}"


def _players(d: dict[str, Any]) -> str:
    rows = []
    for row in d["table"]:
        low, high = row["players"]
        who = f"{low}" if low == high else f"{low}–{high}"
        rows.append(f"{who}: {counted(row['decks'], 'pack')} + {counted(row['jokers'], 'joker')}")
    return "; ".join(rows)


def _deals(d: dict[str, Any]) -> str:
    """``"7 deals, 10–12 cards"``; deals all of one size say it once (``"7 deals, 11 cards"``, not ``11–11``)."""
    dealt = [x["cards_dealt"] for x in d["deals"]]
    low, high = min(dealt), max(dealt)
    cards = f"{low}" if low == high else f"{low}–{high}"
    return f"{len(d['deals'])} deals, {cards} cards"


_SHOWN: dict[str, Callable[[dict[str, Any]], str]] = {
    "set_word": lambda d: str(d["set_word"]),
    "buy_word": lambda d: str(d["buy_word"]),
    "players": _players,
    "wilds": lambda d: {"JK": "jokers", "JK+2": "jokers and twos"}.get(d["wilds"], str(d["wilds"])),
    "deals": _deals,
    "exact": lambda d: "exactly" if d["exact"] else "longer is fine",
    "aces": lambda d: {"low_or_high": "low or high", "high_only": "high only"}.get(d["aces"], str(d["aces"])),
    "max_wilds": lambda d: "any number" if d["max_wilds"] is None else str(d["max_wilds"]),
    "repeat_rank": lambda d: "yes" if d["repeat_rank"] else "no",
    "dup_suits": lambda d: "yes" if d["dup_suits"] else "no",
    "same_suit_runs": lambda d: {"any": "yes, even end to end", "no_contiguous": "only with an overlap or gap", "one_per_suit": "one run per suit"}.get(d["same_suit_runs"], str(d["same_suit_runs"])),
    "card_points": lambda d: f"A {d['card_points']['A']}, joker {d['card_points']['JK']}",
    "buys": lambda d: ("no limit" if d["buys"]["per_deal"] is None else f"{d['buys']['per_deal']} a deal")
    + f", {d['buys']['extra_cards']} extra",
    "exact_cut_bonus": lambda d: str(d["exact_cut_bonus"]),
    "one_turn_out_bonus": lambda d: str(d["one_turn_out_bonus"]),
}


@functools.cache
def examples() -> dict[str, str]:
    """For each field: the published rulesets' values, each with who plays it (``"any number (Contract, …) · 1 (Shanghai, …)"``)."""
    definitions = [(r.name, ruleset_to_definition(r)) for r in registry.described_builtins()]
    found: dict[str, str] = {}
    for key, shown in _SHOWN.items():
        by_value: dict[str, list[str]] = {}
        for name, definition in definitions:
            try:
                value = shown(definition)
            except (KeyError, TypeError, ValueError):
                continue
            by_value.setdefault(value, []).append(name.removesuffix(" Rummy"))
        found[key] = " · ".join(f"{value} ({', '.join(names)})" for value, names in by_value.items())
    return found
