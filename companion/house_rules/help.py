"""What each builder field means, in a player's words, with the published rulesets' values as examples.

The examples are read from the built-in rulesets' own objects, so they are
never out of date.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from flask_babel import gettext, ngettext

from .. import registry
from ..i18n import N_, page_language
from ..rules.definition import ruleset_to_definition
from ..rules.speech import say_word

EXPLAIN: dict[str, str] = {  # English; the builder says each in the page's language (gettext where shown)
    "name": N_("What your table calls these rules. It shows on the game page, the rules card and in the standings."),
    "summary": N_("One line about these rules, shown under their name on the rules card."),
    "set_word": N_("What your table calls cards of one rank laid together; every sentence the app says uses it."),
    "buy_word": N_("What your table calls taking the discard out of turn."),
    "run_word": N_(
        "What your table calls cards of one suit in order (5 6 7 8); every sentence the app says uses it. "
        "An escala or a four names its length, so a contract says “Three fours”."
    ),
    "wild_word": N_(
        "What every sentence the app says calls a card that stands for another: a wild card, or a joker even "
        "when it is a two."
    ),
    "tiebreak": N_(
        "Who wins when two or more players end on the lowest total. A tie-break hand is only for a game where "
        "each player is on their own phase."
    ),
    "lay_off": N_("When a player who has gone down may first lay cards off on the melds on the table."),
    "players": N_(
        "How many can sit at the table, and for each table size how many packs of 52 and how many jokers "
        "are shuffled together. Each table size starts where the one before ends; change its “To”."
    ),
    "wilds": N_("Which cards may stand for any card in a meld."),
    "deck": N_(
        "The cards you play with. With the Phase 10 deck the wild cards, the 1 to 12, the deck at each table size "
        "and the points follow its rules."
    ),
    "progression": N_(
        "With phases, each deal is a phase: a player who makes theirs moves on to the next, the others play it "
        "again, and the game ends after the hand in which someone makes the last one. Every phase deals the same "
        "cards."
    ),
    "set_min_length": N_("The fewest cards a set of the contract may ask for."),
    "run_suit": N_("Whether a run's cards must share a suit, or any suits may be mixed (Phase 10)."),
    "deals": N_(
        "A game is a list of deals. Each deal has its contract: the melds a player lays down together, "
        "first, to go down. Sets are cards of one rank (7 7 7); runs are cards of one suit in order (5 6 7 8)."
    ),
    "cards_dealt": N_("Cards each player gets in this deal."),
    "going_out": N_("How a player gets rid of the last card in this deal."),
    "meld_all": N_("Going down must use every card in hand (lengths are then only minimums)."),
    "exact": N_(
        "Going down uses exactly the contract's lengths (a set of 3 is 3 cards); more cards wait to be laid "
        "off. Never in a deal where every card is melded."
    ),
    "aces": N_("Where an ace may stand in a run."),
    "max_wilds": N_("How many wild cards one meld of the contract may hold when going down. Empty: any number."),
    "min_naturals_set": N_("How many cards of a set, going down, must be natural (not wild)."),
    "min_naturals_run": N_("How many cards of a run, going down, must be natural (not wild)."),
    "max_wilds_per_contract": N_("How many wild cards all the melds of one go-down may hold together. Empty: any number."),
    "run_wilds_adjacent": N_("May two wild cards stand next to each other in a run (5 W W 8)?"),
    "repeat_rank": N_("May one contract hold two sets of the same rank (7 7 7 and 7 7 7)?"),
    "dup_suits": N_("May a set hold two cards of one suit (7♥ 7♥ 7♠)?"),
    "same_suit_runs": N_("When a contract has two runs in one suit, may they join end to end (3456 and 78910)?"),
    "card_points": N_(
        "Penalty points for each card left in hand when someone goes out. Where twos are wild, a two "
        "scores what you put for 2."
    ),
    "buys": N_(
        "Taking the discard out of turn (a May I, or a buy): how often one player may do it in a deal "
        "(empty: no limit, 0: never) and how many stock cards come with it as the penalty."
    ),
    "exact_cut_bonus": N_(
        "Points taken off the cutter's deal score when the cut leaves exactly the cards needed "
        "to deal (0: no such bonus)."
    ),
    "one_turn_out_bonus": N_("Points taken off for going down and going out in one turn (0: no such bonus)."),
    "ladder": N_(
        "A ladder is one card of each rank from A to K (13 cards). Choose which cards it takes; its wild cards "
        "are this deal's wild cards in one meld."
    ),
    "ladder_deal": N_("A deal with a ladder is dealt 12 cards and goes down with all 13 after the draw, with no discard."),
    "alternatives": N_(
        "Another contract a player may go down with instead in this deal (like a full suit for three fours). "
        "Up to three."
    ),
    "run_wild_min_gap": N_(
        "On the table, how many natural cards must stand between two wild cards of one run (4: JK 3 4 5 6 JK). "
        "Empty: no such rule."
    ),
    "reclaim": N_("What may happen to a wild card once it is laid down in a meld."),
    "play": N_("These are told to the table on the rules card; the app does not check them."),
    "direction": N_("Which way the deal and the turns go round the table: the game names each deal's dealer, cutter "
                    "and first player that way."),
    "wild_discard": N_("May a player discard a wild card?"),
    "discard_draw": N_("May a player who has gone down still take the discard, or only draw from the stock?"),
    "buys_permission": N_("Whether taking the discard out of turn needs the leave of the player whose turn it is (told, not checked)."),
    "buys_only_before_down": N_("Whether a player who has gone down may no longer take the discard out of turn (told, not checked)."),
}


def _packs(n: int) -> str:
    """``"1 pack"``, ``"2 packs"``: in figures, as a table counts them, in the page's language."""
    return ngettext("%(num)s pack", "%(num)s packs", n)


def _jokers(n: int) -> str:
    """``"1 joker"``, ``"0 jokers"``: in figures, in the page's language."""
    return ngettext("%(num)s joker", "%(num)s jokers", n)


def _players(d: dict[str, Any]) -> str:
    rows = []
    for row in d["table"]:
        low, high = row["players"]
        who = f"{low}" if low == high else f"{low}–{high}"
        rows.append(f"{who}: {_packs(row['decks'])} + {_jokers(row['jokers'])}")
    return "; ".join(rows)


def _deals(d: dict[str, Any]) -> str:
    """``"7 deals, 10–12 cards"``; deals all of one size say it once (``"7 deals, 11 cards"``, not ``11–11``)."""
    dealt = [x["cards_dealt"] for x in d["deals"]]
    low, high = min(dealt), max(dealt)
    cards = f"{low}" if low == high else f"{low}–{high}"
    return gettext("%(deals)s deals, %(cards)s cards", deals=len(d["deals"]), cards=cards)


def _yes_or_no(value: object) -> str:
    return gettext("yes") if value else gettext("no")


def _buys(d: dict[str, Any]) -> str:
    """``"no limit, 1 extra"``, ``"2 a deal, 2 extra"``."""
    per_deal, extra = d["buys"]["per_deal"], d["buys"]["extra_cards"]
    if per_deal is None:
        return gettext("no limit, %(extra)s extra", extra=extra)
    return gettext("%(times)s a deal, %(extra)s extra", times=per_deal, extra=extra)


#: Each field's value in a published ruleset, in the page's words (a choice's own words marked for the catalogue).
_CHOICE_WORDS: dict[str, dict[str, str]] = {
    "wilds": {"JK": N_("jokers"), "JK+2": N_("jokers and twos"), "JK+2red": N_("jokers and red twos"), "K": N_("kings"),
              "W": N_("the deck's Wilds")},
    "aces": {"low_or_high": N_("low or high"), "high_only": N_("high only"), "low_only": N_("low only"),
             "around": N_("round the corner")},
    "same_suit_runs": {
        "any": N_("yes, even end to end"),
        "no_contiguous": N_("only with an overlap or gap"),
        "one_per_suit": N_("one run per suit"),
    },
    "reclaim": {"runs": N_("taken back from runs"), "never": N_("never moved"), "slide": N_("slide in their run"),
                "tack": N_("move to an end of their four")},
    "direction": {"clockwise": N_("clockwise"), "counterclockwise": N_("counter-clockwise")},
    "wild_discard": {"allowed": N_("allowed"), "forbidden": N_("never")},
    "discard_draw": {"always": N_("always"), "not_after_down": N_("not once down")},
    "wild_word": {"wild": N_("wild card"), "joker": N_("joker")},
    "tiebreak": {"none": N_("shared"), "most_deals_won": N_("most deals won"), "replay_last_phase": N_("a tie-break hand")},
    "lay_off": {"later_turn": N_("from the next turn"), "same_turn": N_("in the same turn")},
}


def _choice(key: str) -> Callable[[dict[str, Any]], str]:
    words = _CHOICE_WORDS[key]
    return lambda d: gettext(words[d[key]]) if d[key] in words else str(d[key])


_SHOWN: dict[str, Callable[[dict[str, Any]], str]] = {
    # the ruleset's words as the page's language says them (in Spanish every set word but "trio" is a grupo)
    "set_word": lambda d: say_word("set word", str(d["set_word"])),
    "buy_word": lambda d: say_word("buy word", str(d["buy_word"])),
    "run_word": lambda d: say_word("run word", str(d["run_word"])),
    "wild_word": _choice("wild_word"),
    "tiebreak": _choice("tiebreak"),
    "lay_off": _choice("lay_off"),
    "players": _players,
    "wilds": _choice("wilds"),
    "deals": _deals,
    "exact": lambda d: gettext("exactly") if d["exact"] else gettext("longer is fine"),
    "aces": _choice("aces"),
    "max_wilds": lambda d: gettext("any number") if d["max_wilds"] is None else str(d["max_wilds"]),
    "repeat_rank": lambda d: _yes_or_no(d["repeat_rank"]),
    "dup_suits": lambda d: _yes_or_no(d["dup_suits"]),
    "same_suit_runs": _choice("same_suit_runs"),
    "card_points": lambda d: gettext("A %(ace)s, joker %(joker)s", ace=d["card_points"]["A"], joker=d["card_points"]["JK"]),
    "buys": _buys,
    "exact_cut_bonus": lambda d: str(d["exact_cut_bonus"]),
    "one_turn_out_bonus": lambda d: str(d["one_turn_out_bonus"]),
    "run_wild_min_gap": lambda d: gettext("no rule") if d["run_wild_min_gap"] is None else str(d["run_wild_min_gap"]),
    "reclaim": _choice("reclaim"),
    "direction": _choice("direction"),
    "wild_discard": _choice("wild_discard"),
    "discard_draw": _choice("discard_draw"),
    "buys_permission": lambda d: gettext("with leave") if d["buys"]["permission"] == "current_player" else gettext("no leave needed"),
    "buys_only_before_down": lambda d: _yes_or_no(d["buys"]["only_before_down"]),
}


def examples() -> dict[str, str]:
    """For each field: the published rulesets' values, each with who plays it (``"any number (Contract, …) · 1 (Shanghai, …)"``),
    in the page's language."""
    return _examples(page_language())


@functools.lru_cache(maxsize=8)  # one entry per language the pages speak
def _examples(language: str) -> dict[str, str]:
    """:func:`examples` for ``language`` (the words come from the catalogue of the page asking: one list per language)."""
    definitions = [(r.said_name, ruleset_to_definition(r)) for r in registry.builtins()]
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
