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

from flask_babel import gettext, ngettext

from ..i18n import N_, page_is_english
from ..rules.definition import RulesetDefinitionError
from ..rules.words import count_of
from .draft import Draft, RequirementRow, field_key, typed_number

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

#: Each box as the page labels it, by its key with row numbers as ``#`` (English; said in the page's language by ``_label``).
LABELS: dict[str, str] = {
    "name": N_("Name of these rules"),
    "summary": N_("About them"),
    "set_word": N_("Cards of one rank are a…"),
    "buy_word": N_("Taking the discard out of turn is a…"),
    "players_min": N_("Fewest players"),
    "players_max": N_("Most players"),
    "table-#-low": N_("From (players)"),
    "table-#-high": N_("To (players)"),
    "table-#-decks": N_("Packs"),
    "table-#-jokers": N_("Jokers"),
    "wilds": N_("Wild cards"),
    "max_wilds": N_("Wild cards in one meld going down"),
    "deal-#-cards": N_("Cards dealt"),
    "deal-#-going_out": N_("Going out"),
    "deal-#-max_wilds": N_("This deal's wild cards in one meld"),
    "deal-#-req-#-kind": N_("Meld"),
    "exact": N_("Exactly the contract's lengths"),
    "aces": N_("Aces in runs"),
    "repeat_rank": N_("Two sets of one rank in one contract"),
    "dup_suits": N_("A set may hold two cards of one suit"),
    "same_suit_runs": N_("Two runs of one suit in one contract"),
    "buys_per_deal": N_("Times a deal"),
    "buys_extra": N_("Extra stock cards"),
    "exact_cut_bonus": N_("Exact cut: points off"),
    "one_turn_out_bonus": N_("Down and out in one turn: points off"),
    "deck": N_("Cards"),
    "skips": N_("Skip cards"),
    "progression": N_("Phases"),
    "set_min_length": N_("Shortest set"),
    "run_suit": N_("Runs"),
    "min_naturals_set": N_("Natural cards a set needs"),
    "min_naturals_run": N_("Natural cards a run needs"),
    "max_wilds_per_contract": N_("Wild cards in one go-down"),
    "run_wilds_adjacent": N_("Two wild cards may stand side by side in a run"),
    "run_wild_min_gap": N_("Natural cards between two wild cards of a run on the table"),
    "deal-#-req-#-rule": N_("Cards of the ladder"),
    "deal-#-alt-#-req-#-rule": N_("Cards of the ladder"),
    "deal-#-alternatives": N_("Another contract for this deal"),
    "reclaim": N_("Wild cards once melded"),
    "direction": N_("Play goes"),
    "wild_discard": N_("Discarding a wild card"),
    "discard_draw": N_("Taking the discard once down"),
    "buys_permission": N_("Whose leave it needs"),
    "buys_only_before_down": N_("Only a player not yet down may take it"),
    "run_word": N_("Cards of one suit in order are a…"),
    "wild_word": N_("A card that stands for another is a…"),
    "tiebreak": N_("A tie for the lowest total"),
    "lay_off": N_("Laying off after going down"),
}
#: Boxes whose refusals the engine's own sentence says best (it names the deck or the progression they follow).
_ENGINE_SAID = (
    "deck", "skips", "progression", "set_min_length", "run_suit", "wilds", "aces",
    "min_naturals_set", "min_naturals_run", "max_wilds_per_contract", "run_wilds_adjacent", "deal-#-max_wilds",
    "run_wild_min_gap", "deal-#-alternatives",
)  # fmt: skip
#: The ends of the engine's paths about a ladder deal as a whole (its one requirement; dealt 12, all 13 melded):
#: said beside the deal in the engine's words (RULES.md §8.7.4).
_LADDER_DEAL_PATHS = ("requirements", "meld_all")
#: The values of the game boxes' choices: another value (a form changed outside the page) is asked to be chosen again.
_GAME_CHOICES = {
    "deck": ("standard", "phase10"), "progression": ("fixed", "per_player", "per_player_choice"),
    "set_min_length": ("2", "3"), "run_suit": ("same", "any"),
}  # fmt: skip

_CHOICES = (
    "set_word", "buy_word", "wilds", "aces", "same_suit_runs", "deal-#-req-#-kind", "deal-#-going_out",
    "deal-#-req-#-rule", "deal-#-alt-#-req-#-kind", "deal-#-alt-#-req-#-rule",
    "reclaim", "direction", "wild_discard", "discard_draw", "buys_permission", "run_word", "wild_word", "tiebreak",
    "lay_off",
)  # fmt: skip
_TEXTS = ("name", "summary")
_FLAGS = ("exact", "repeat_rank", "dup_suits", "buys_only_before_down")
_NO_LIMIT = ("max_wilds", "buys_per_deal")


def family_refusal(error: RulesetDefinitionError, draft: Draft) -> tuple[str, str]:
    """Where the engine's refusal of ``draft`` stands in the form, and the sentence a family reads there."""
    key = field_key(error.field)
    if key not in draft.field_keys():
        key = "form"
    shape = re.sub(r"\d+", "#", key)
    if shape == "table-#-low":  # the From box follows the row before: the To box is the one to change
        key, shape = key.removesuffix("-low") + "-high", "table-#-high"
    if shape in _GAME_CHOICES and getattr(draft, shape).strip() not in _GAME_CHOICES[shape]:
        return key, _choice(key, draft)
    if _engine_says(shape, key, draft) or (shape == "deal-#" and _about_a_ladder_deal(error, key, draft)):
        return key, _engine_sentence(str(error), shape)
    say = _SAYINGS.get(shape)
    if say is None:
        say = _points if shape.startswith("points-") else _something_unseen
    return key, say(key, draft)


def _engine_says(shape: str, key: str, draft: Draft) -> bool:
    """Whether the engine's own sentence stands beside the box: the new game fields (it names the deck or the
    progression they follow: 'wilds must be "W" with the Phase 10 deck'), a choice of the other deck, and a
    phase of a per-player game dealt other cards than the first ("deal 2: every phase of a per-player game deals
    the same cards (10), not 11.")."""
    if shape in _ENGINE_SAID:
        return shape not in ("wilds", "aces") or draft.deck != "standard" or draft.wilds in ("K", "W")
    if shape == "deal-#-cards" and draft.deck == "phase10":
        return True  # the engine counts the Phase 10 deck's 108 cards; the family sentence counts packs of 52
    if shape == "deal-#-cards" and draft.progression != "fixed" and draft.deals:
        first = typed_number(draft.deals[0].cards)
        return first is not None and typed_number(draft.deals[_numbers(key)[0]].cards) != first
    return False


def _about_a_ladder_deal(error: RulesetDefinitionError, key: str, draft: Draft) -> bool:
    """Whether a refusal beside a deal is about its ladder (its one requirement, its 12 cards and no discard),
    rather than too many melds or a setting the builder doesn't show."""
    deal = draft.deals[_numbers(key)[0]]
    return bool(error.field) and error.field[-1] in _LADDER_DEAL_PATHS and len(deal.requirements) <= MOST_MELDS


def _engine_sentence(sentence: str, shape: str) -> str:
    """The engine's sentence as the box shows it: a phase's own (``"deal 2: …"``, API.md's words) as it is; one
    about a whole box with a capital, as every sentence beside a box starts."""
    return sentence if shape.startswith("deal-") else sentence[:1].upper() + sentence[1:]


# ---------------------------------------------------------------------------
# One sentence for each kind of refusal


def _label(shape: str) -> str:
    """The box's label as the page shows it, in the page's language."""
    return gettext(LABELS[shape])


def _counted(n: int, noun: str, translated: str) -> str:
    """A count of things: English's own words ("two packs", as the engine counts), another language's
    ``translated`` (its ``ngettext``, in figures)."""
    return count_of(n, noun) if page_is_english() else translated


def _numbers(key: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", key)]


def _bounded(key: str, draft: Draft) -> str:
    shape = re.sub(r"\d+", "#", key)
    low, high = BOUNDS[shape]
    if shape == "players_max":
        low = max(low, typed_number(draft.players_min) or low)
    return gettext("%(label)s is a whole number from %(low)s to %(high)s.", label=_label(shape), low=low, high=high)


def _points(key: str, _draft: Draft) -> str:
    low, high = BOUNDS["points"]
    card = key.removeprefix("points-")
    if card == "JK":
        return gettext("Points for a joker are a whole number from %(low)s to %(high)s.", low=low, high=high)
    return gettext("Points for %(card)s are a whole number from %(low)s to %(high)s.", card=card, low=low, high=high)


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
            # each count made before the sentence (pybabel reads no message nested in another's arguments)
            packs_said = _counted(packs, "pack", ngettext("%(num)s pack", "%(num)s packs", packs))
            jokers_said = _counted(jokers, "joker", ngettext("%(num)s joker", "%(num)s jokers", jokers))
            return gettext(
                "Cards dealt: %(cards)s each for %(players)s players is %(total)s cards, more than %(packs)s and "
                "%(jokers)s hold: deal fewer, or add a pack for %(players)s players.",
                cards=cards,
                players=players,
                total=cards * players,
                packs=packs_said,
                jokers=jokers_said,
            )
    return _bounded(key, draft)


def _requirement_row(key: str, draft: Draft) -> tuple[RequirementRow, int]:
    """The meld a key names (``deal-1-req-2-length``, or one of another contract: ``deal-1-alt-0-req-2-length``)
    and its position in its contract."""
    numbers = _numbers(key)
    deal = draft.deals[numbers[0]]
    contract = deal.alternatives[numbers[1]] if "-alt-" in key else deal.requirements
    return contract[numbers[-1]], numbers[-1]


def _meld_length(key: str, draft: Draft) -> str:
    requirement, meld = _requirement_row(key, draft)
    kind = requirement.kind
    low, high = _lengths(draft).get(kind, (2, 14))
    word = {"set": draft.set_word if draft.set_word in ("set", "group", "book", "trio") else "set"}.get(kind, kind)
    if kind not in _lengths(draft):
        return gettext("Meld %(number)s: choose %(set)s, run or pair first.", number=meld + 1, set=draft.set_word)
    if low == high:
        return gettext("A %(meld)s is %(length)s cards long.", meld=_meld_word(word), length=low)
    if kind == "set" and typed_number(requirement.length) == 2:
        return gettext(
            "A %(meld)s is %(low)s to %(high)s cards long: choose “2 cards” for the shortest %(meld)s to play "
            "%(meld)ss of 2.",
            meld=_meld_word(word), low=low, high=high,
        )
    return gettext("A %(meld)s is %(low)s to %(high)s cards long.", meld=_meld_word(word), low=low, high=high)


def _lengths(draft: Draft) -> dict[str, tuple[int, int]]:
    """How long a meld of each kind may be with the draft's shortest set and deck (runs of 12 at most on the
    Phase 10 deck's 1 to 12 or where kings are wild, 13 round the corner, each rank once: RULES.md §8.0; a colour
    group 3 to 14)."""
    shortest = 2 if draft.set_min_length.strip() == "2" else 3
    longest_run = 12 if draft.deck == "phase10" or draft.wilds == "K" else 13 if draft.aces == "around" else LENGTHS["run"][1]
    return {**LENGTHS, "set": (shortest, 8), "run": (3, longest_run), "colour": (3, 14), "ladder": (13, 13)}


def _meld_word(word: str) -> str:
    """A meld's kind as the page names it: the table's set word as it is (a ruleset's own word), run and pair in
    the page's language."""
    return {"run": gettext("run"), "pair": gettext("pair"), "colour": gettext("colour group"), "ladder": gettext("ladder")}.get(word, word)


def _choice(key: str, draft: Draft) -> str:
    shape = re.sub(r"\d+", "#", key)
    if shape == "deal-#-going_out":
        deal = draft.deals[_numbers(key)[0]]
        if deal.meld_all and deal.going_out == "discard":
            return gettext(
                "A deal where every card is melded can't end on a discard: choose “No discard” or “Either way” for "
                "Going out."
            )
    if shape in ("deal-#-req-#-kind", "deal-#-alt-#-req-#-kind"):
        label = gettext("Meld %(number)s", number=_numbers(key)[-1] + 1)
    else:
        label = _label(shape)
    return gettext("Choose one of the choices for “%(label)s”.", label=label)


def _text(key: str, _draft: Draft) -> str:
    return gettext(
        "%(label)s may not hold control or invisible characters (a tab or a line break pasted in is fine).",
        label=_label(key),
    )


def _flag(key: str, _draft: Draft) -> str:
    return gettext("Tick or untick “%(label)s”.", label=_label(key))


def _no_limit(key: str, _draft: Draft) -> str:
    return gettext("%(label)s is a whole number, 0 or more, or empty for no limit.", label=_label(key))


def _table_to(key: str, draft: Draft) -> str:
    """A table size whose players don't make a span: its To below its From, or above 8."""
    row = _numbers(key)[0]
    start = typed_number(draft.tables[row].low)
    first = max(2, start) if start is not None else 2
    return gettext(
        "Table size %(number)s starts at %(first)s players: its To (players) is a whole number from %(first)s to 8.",
        number=row + 1,
        first=first,
    )


def _tables(_key: str, draft: Draft) -> str:
    """The table sizes as a whole: too many rows, or players not covered exactly once."""
    if len(draft.tables) > MOST_TABLE_SIZES:
        return gettext(
            "At most %(most)s table sizes: remove %(extra)s.", most=MOST_TABLE_SIZES, extra=len(draft.tables) - MOST_TABLE_SIZES
        )
    covered = _players_covered(draft)
    if covered is None:
        return gettext("Every number of players from Fewest to Most needs exactly one table size.")
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
            return gettext(
                "No table size is for %(count)s players: make the last To (players) %(high)s, the Most players.",
                count=n,
                high=high,
            )
        if seen[n] > 1:
            return gettext(
                "%(count)s players are in two table sizes: each number of players from %(low)s to %(high)s is in "
                "exactly one.",
                count=n,
                low=low,
                high=high,
            )
    beyond = sorted(n for n in seen if not low <= n <= high)
    if beyond:
        return gettext(
            "A table size is for %(count)s players, but these rules are for %(low)s to %(high)s: make the last To "
            "(players) %(high)s.",
            count=beyond[0],
            low=low,
            high=high,
        )
    return gettext("Every number of players from %(low)s to %(high)s needs exactly one table size.", low=low, high=high)


def _deal(key: str, draft: Draft) -> str:
    deal = draft.deals[_numbers(key)[0]]
    if len(deal.requirements) > MOST_MELDS:
        extra = len(deal.requirements) - MOST_MELDS
        melds = _counted(extra, "meld", ngettext("%(num)s meld", "%(num)s melds", extra))
        return gettext("A contract has at most %(most)s melds: remove %(extra)s.", most=MOST_MELDS, extra=melds)
    return gettext(
        "This deal holds a setting the builder doesn't show that isn't right (from a file or a link): remove it and "
        "add it again."
    )


def _something_unseen(key: str, draft: Draft) -> str:
    if len(draft.deals) > MOST_DEALS:
        return gettext("A game has at most %(most)s deals: remove %(extra)s.", most=MOST_DEALS, extra=len(draft.deals) - MOST_DEALS)
    return gettext(
        "These rules hold a setting the builder doesn't show that isn't right (from a file or a link): start again "
        "from published rules."
    )


_SAYINGS: dict[str, Callable[[str, Draft], str]] = {
    **{shape: _bounded for shape in BOUNDS if shape != "deal-#-cards"},
    "deal-#-cards": _cards_dealt,
    "deal-#-req-#-length": _meld_length,
    "deal-#-alt-#-req-#-length": _meld_length,
    **{shape: _choice for shape in _CHOICES},
    **{shape: _text for shape in _TEXTS},
    **{shape: _flag for shape in _FLAGS},
    **{shape: _no_limit for shape in _NO_LIMIT},
    "table-#-high": _table_to,
    "table": _tables,
    "players": _tables,
    "deal-#": _deal,
}
