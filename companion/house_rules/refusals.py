"""The engine's refusals of a builder draft, said in a family's words beside the box the page shows.

The engine's sentences (:class:`~companion.rules.definition.RulesetDefinitionError`)
name the ruleset object's fields (``cards_dealt``, ``going_out`` is ``"no_discard"``)
because API clients and the import read them, and they must not change. The
builder translates them here, by the error's ``field`` path and what the draft
holds, into a sentence naming the box as the page labels it ("Cards dealt is a
whole number from 5 to 20.").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from ..rules.definition import RulesetDefinitionError
from ..rules.words import count_of
from .draft import Draft, field_key, typed_number

#: Whole-number boxes and the numbers the engine takes in them (tests/test_builder_refusals.py holds them to the engine's).
BOUNDS: dict[str, tuple[int, int]] = {
    "players_min": (2, 8),
    "players_max": (2, 8),  # from Fewest players, in fact
    "table-#-decks": (1, 6),
    "table-#-jokers": (0, 12),
    "deal-#-cards": (5, 20),
    "points": (0, 100),
    "buys_extra": (0, 3),
    "exact_cut_bonus": (0, 200),
    "one_turn_out_bonus": (0, 200),
}
#: How long a meld of the contract may be, by kind.
LENGTHS = {"set": (3, 8), "run": (3, 14), "pair": (2, 2)}
MOST_MELDS = 6
MOST_DEALS = 20
MOST_TABLE_SIZES = 7

#: Each box as the page labels it, by its key with row numbers as ``#``.
LABELS: dict[str, str] = {
    "name": "Name of these rules",
    "summary": "About them",
    "set_word": "Cards of one rank are a…",
    "buy_word": "Taking the discard out of turn is a…",
    "players_min": "Fewest players",
    "players_max": "Most players",
    "table-#-low": "From (players)",
    "table-#-high": "To (players)",
    "table-#-decks": "Packs",
    "table-#-jokers": "Jokers",
    "wilds": "Wild cards",
    "max_wilds": "Wild cards in one meld going down",
    "deal-#-cards": "Cards dealt",
    "deal-#-going_out": "Going out",
    "deal-#-req-#-kind": "Meld",
    "exact": "Exactly the contract's lengths",
    "aces": "Aces in runs",
    "repeat_rank": "Two sets of one rank in one contract",
    "dup_suits": "A set may hold two cards of one suit",
    "same_suit_runs": "Two runs of one suit in one contract",
    "buys_per_deal": "Times a deal",
    "buys_extra": "Extra stock cards",
    "exact_cut_bonus": "Exact cut: points off",
    "one_turn_out_bonus": "Down and out in one turn: points off",
}

_CHOICES = ("set_word", "buy_word", "wilds", "aces", "same_suit_runs", "deal-#-req-#-kind", "deal-#-going_out")
_TEXTS = ("name", "summary")
_FLAGS = ("exact", "repeat_rank", "dup_suits")
_NO_LIMIT = ("max_wilds", "buys_per_deal")


def family_refusal(error: RulesetDefinitionError, draft: Draft) -> tuple[str, str]:
    """Where the engine's refusal of ``draft`` stands in the form, and the sentence a family reads there."""
    key = field_key(error.field)
    if key not in draft.field_keys():
        key = "form"
    shape = re.sub(r"\d+", "#", key)
    if shape == "table-#-low":  # the From box follows the row before: the To box is the one to change
        key, shape = key.removesuffix("-low") + "-high", "table-#-high"
    say = _SAYINGS.get(shape)
    if say is None:
        say = _points if shape.startswith("points-") else _something_unseen
    return key, say(key, draft)


# ---------------------------------------------------------------------------
# One sentence for each kind of refusal


def _numbers(key: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", key)]


def _bounded(key: str, draft: Draft) -> str:
    shape = re.sub(r"\d+", "#", key)
    low, high = BOUNDS[shape]
    if shape == "players_max":
        low = max(low, typed_number(draft.players_min) or low)
    return f"{LABELS[shape]} is a whole number from {low} to {high}."


def _points(key: str, _draft: Draft) -> str:
    low, high = BOUNDS["points"]
    card = key.removeprefix("points-")
    return f"Points for {'a joker' if card == 'JK' else card} are a whole number from {low} to {high}."


def _cards_dealt(key: str, draft: Draft) -> str:
    """Cards dealt out of bounds, or more than the packs of a table size hold."""
    deal = draft.deals[_numbers(key)[0]]
    cards = typed_number(deal.cards)
    low, high = BOUNDS["deal-#-cards"]
    if cards is None or not low <= cards <= high:
        return _bounded(key, draft)
    for table in sorted(draft.tables, key=lambda t: typed_number(t.low) or 0):
        players, packs, jokers = typed_number(table.high), typed_number(table.decks), typed_number(table.jokers)
        if players is None or packs is None or jokers is None:
            continue
        if cards * players > 52 * packs + jokers:
            return (
                f"Cards dealt: {cards} each for {players} players is {cards * players} cards, more than "
                f"{count_of(packs, 'pack')} and {count_of(jokers, 'joker')} hold: deal fewer, or add a pack for {players} players."
            )
    return _bounded(key, draft)


def _meld_length(key: str, draft: Draft) -> str:
    deal, meld = _numbers(key)
    kind = draft.deals[deal].requirements[meld].kind
    low, high = LENGTHS.get(kind, (2, 14))
    word = {"set": draft.set_word if draft.set_word in ("set", "group", "book", "trio") else "set"}.get(kind, kind)
    if kind not in LENGTHS:
        return f"Meld {meld + 1}: choose {draft.set_word}, run or pair first."
    if low == high:
        return f"A {word} is {low} cards long."
    return f"A {word} is {low} to {high} cards long."


def _choice(key: str, draft: Draft) -> str:
    shape = re.sub(r"\d+", "#", key)
    if shape == "deal-#-going_out":
        deal = draft.deals[_numbers(key)[0]]
        if deal.meld_all and deal.going_out == "discard":
            return "A deal where every card is melded can't end on a discard: choose “No discard” or “Either way” for Going out."
    label = LABELS[shape] + (f" {_numbers(key)[1] + 1}" if shape == "deal-#-req-#-kind" else "")
    return f"Choose one of the choices for “{label}”."


def _text(key: str, _draft: Draft) -> str:
    return f"{LABELS[key]} may not hold control or invisible characters (a tab or a line break pasted in is fine)."


def _flag(key: str, _draft: Draft) -> str:
    return f"Tick or untick “{LABELS[key]}”."


def _no_limit(key: str, _draft: Draft) -> str:
    return f"{LABELS[key]} is a whole number, 0 or more, or empty for no limit."


def _table_to(key: str, draft: Draft) -> str:
    """A table size whose players don't make a span: its To below its From, or above 8."""
    row = _numbers(key)[0]
    start = typed_number(draft.tables[row].low)
    first = max(2, start) if start is not None else 2
    return f"Table size {row + 1} starts at {first} players: its To (players) is a whole number from {first} to 8."


def _tables(_key: str, draft: Draft) -> str:
    """The table sizes as a whole: too many rows, or players not covered exactly once."""
    if len(draft.tables) > MOST_TABLE_SIZES:
        return f"At most {MOST_TABLE_SIZES} table sizes: remove {len(draft.tables) - MOST_TABLE_SIZES}."
    covered = _players_covered(draft)
    if covered is None:
        return "Every number of players from Fewest to Most needs exactly one table size."
    return _coverage_refusal(*covered)


def _players_covered(draft: Draft) -> tuple[int, int, Counter[int]] | None:
    """Fewest and Most players, and how many table sizes hold each number of players; ``None`` if a box isn't a number."""
    low, high, spans = typed_number(draft.players_min), typed_number(draft.players_max), _typed_spans(draft)
    if low is None or high is None or spans is None:
        return None
    return low, high, Counter(n for a, b in spans for n in range(a, b + 1))


def _typed_spans(draft: Draft) -> list[tuple[int, int]] | None:
    """Each table size's From and To (players) as numbers; ``None`` if one of them isn't a number."""
    spans = []
    for table in draft.tables:
        low, high = typed_number(table.low), typed_number(table.high)
        if low is None or high is None:
            return None
        spans.append((low, high))
    return spans


def _coverage_refusal(low: int, high: int, seen: Counter[int]) -> str:
    """The first number of players the table sizes miss, hold twice, or hold outside ``low`` to ``high``."""
    for n in range(low, high + 1):
        if seen[n] == 0:
            return f"No table size is for {n} players: make the last To (players) {high}, the Most players."
        if seen[n] > 1:
            return f"{n} players are in two table sizes: each number of players from {low} to {high} is in exactly one."
    beyond = sorted(n for n in seen if not low <= n <= high)
    if beyond:
        return f"A table size is for {beyond[0]} players, but these rules are for {low} to {high}: make the last To (players) {high}."
    return f"Every number of players from {low} to {high} needs exactly one table size."


def _deal(key: str, draft: Draft) -> str:
    deal = draft.deals[_numbers(key)[0]]
    if len(deal.requirements) > MOST_MELDS:
        extra = len(deal.requirements) - MOST_MELDS
        return f"A contract has at most {MOST_MELDS} melds: remove {count_of(extra, 'meld')}."
    return "This deal holds a setting the builder doesn't show that isn't right (from a file or a link): remove it and add it again."


def _something_unseen(key: str, draft: Draft) -> str:
    if len(draft.deals) > MOST_DEALS:
        return f"A game has at most {MOST_DEALS} deals: remove {len(draft.deals) - MOST_DEALS}."
    return "These rules hold a setting the builder doesn't show that isn't right (from a file or a link): start again from published rules."


_SAYINGS: dict[str, Callable[[str, Draft], str]] = {
    **{shape: _bounded for shape in BOUNDS if shape != "deal-#-cards"},
    "deal-#-cards": _cards_dealt,
    "deal-#-req-#-length": _meld_length,
    **{shape: _choice for shape in _CHOICES},
    **{shape: _text for shape in _TEXTS},
    **{shape: _flag for shape in _FLAGS},
    **{shape: _no_limit for shape in _NO_LIMIT},
    "table-#-high": _table_to,
    "table": _tables,
    "players": _tables,
    "deal-#": _deal,
}
