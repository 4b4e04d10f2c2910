"""A deal's contract in the page's language, written from its requirements.

The engine writes each deal's contract once, in English (``Deal.contract``:
"One group of 3 and one run of 4", "Escala real: A to K of one suit, no
jokers"), and the JSON API answers with it byte for byte. A page in another
language writes the contract again from what the deal asks for (each part's
kind, length and count, the ruleset's set and run words, a ladder's rule and
wild limit, the alternatives, "every card"), one whole translated phrase per
part, the parts joined as the language lists things (:func:`~companion.i18n.listed`):
never English words glued together. An English page shows ``Deal.contract``
itself, so it reads exactly as the rules cards and the API do.

The table's words in Spanish are the README's ("Translating"): a set is a
*trío* where the ruleset calls it a trio (Carioca, Continental) and a *grupo*
elsewhere, a run is an *escala*.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from flask_babel import get_locale, gettext, ngettext

from .i18n import DEFAULT_LANGUAGE, N_, listed
from .rules import MeldKind
from .rules.rulesets import LadderRule, RunSuit
from .rules.words import sentence

if TYPE_CHECKING:
    from collections.abc import Iterable

    from flask import Flask

    from .rules import Deal, Requirement, Ruleset

#: The ruleset words that name a length of their own in every language the pages speak: a trío is three cards
#: (Carioca's and Continental's "Two trios"), Carioca's escala four. Kalooki's "three" and "four" have no such
#: word at a Spanish table: they are written as a grupo de 3 and an escala de 4.
NAMED_LENGTHS = {"trio": 3, "escala": 4}

_NUMBER_WORDS = (
    N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"), N_("nine"), N_("ten"),
    N_("eleven"), N_("twelve"),
)  # fmt: skip
"""The counts from 2 to 12 in words, as a contract writes them ("Two trios"); larger ones in figures."""

_LADDER_CARDS = {
    LadderRule.ANY_SUIT: N_("A to K, any suits"),
    LadderRule.SAME_COLOUR: N_("A to K, all red or all black"),
    LadderRule.ALTERNATING_COLOUR: N_("A to K, red and black in turn"),
    LadderRule.SAME_SUIT: N_("A to K of one suit"),
}
"""A ladder's cards by its rule, as a whole phrase."""


def number_in_words(n: int) -> str:
    """A count of 2 or more in the page's language (``"dos"``); past twelve in figures."""
    return gettext(_NUMBER_WORDS[n - 2]) if 2 <= n < 2 + len(_NUMBER_WORDS) else str(n)


def page_is_english() -> bool:
    """Whether the page being written is in English (also outside a request: a command's words)."""
    return str(get_locale() or DEFAULT_LANGUAGE) == DEFAULT_LANGUAGE


def contract_text(deal: Deal, ruleset: Ruleset) -> str:
    """``deal``'s contract in the page's language: ``Deal.contract`` on an English page, else written from its
    requirements in ``ruleset``'s words ("Un trío y una escala", "Escala real: de la A a la K de un mismo palo,
    sin comodines")."""
    if page_is_english():
        return deal.contract
    ladder = deal.ladder
    if ladder is not None and ladder.rule is not None:
        text = _ladder_text(ladder.rule, deal.max_wilds if deal.own_max_wilds else None, ruleset)
    else:
        text = sentence(_requirements_text(deal.requirements, ruleset))
    whole_suit = ruleset.run_suit is RunSuit.SAME
    for alternative in deal.alternatives:
        text = gettext("%(contract)s (or %(other)s)", contract=text,
                       other=_requirements_text(alternative, ruleset, whole_suit=whole_suit))  # fmt: skip
    return gettext("%(contract)s (every card, no discard)", contract=text) if deal.meld_all else text


def contract_names(namings: Iterable[tuple[Deal, Ruleset]]) -> str:
    """The names one contract goes by in several rulesets (a league player's "By contract" list), each deal in its
    own ruleset's words, without its alternatives or "every card" (as ``Deal.contract`` reads before its first
    bracket), the names that read alike said once, joined by " / " ("Two groups of 3 / Two sets of 3")."""
    names: list[str] = []
    for deal, ruleset in namings:
        if page_is_english():
            name = deal.contract.split(" (")[0]
        else:
            name = contract_text(replace(deal, alternatives=(), meld_all=False), ruleset)
        if name not in names:
            names.append(name)
    return " / ".join(names)


def _requirements_text(requirements: Iterable[Requirement], ruleset: Ruleset, *, whole_suit: bool = False) -> str:
    """The requirements as one list, alike ones counted together in their order ("dos tríos y una escala");
    ``whole_suit``: a run of 13 is the whole suit (an alternative where runs are of one suit)."""
    groups: list[tuple[Requirement, int]] = []
    for requirement in requirements:
        if groups and groups[-1][0] == requirement:
            groups[-1] = (requirement, groups[-1][1] + 1)
        else:
            groups.append((requirement, 1))
    return listed([_part_text(requirement, count, ruleset, whole_suit=whole_suit) for requirement, count in groups])


def _part_text(requirement: Requirement, count: int, ruleset: Ruleset, *, whole_suit: bool) -> str:
    """``count`` alike requirements as one whole phrase: ``"dos grupos de 3"``, ``"una escala"``."""
    words = number_in_words(count)
    length = requirement.length
    if requirement.kind is MeldKind.SET:
        return _set_text(count, length, ruleset.set_word)
    if requirement.kind is MeldKind.RUN:
        if whole_suit and length == 13:
            return ngettext("one run of the whole suit", "%(count)s runs of the whole suit", count, count=words)
        if NAMED_LENGTHS.get(ruleset.run_word) == length:
            return ngettext("one escala", "%(count)s escalas", count, count=words)
        return ngettext("one run of %(length)s", "%(count)s runs of %(length)s", count, count=words, length=length)
    if requirement.kind is MeldKind.PAIR:
        return ngettext("one pair", "%(count)s pairs", count, count=words)
    if requirement.kind is MeldKind.COLOUR:
        return _colour_text(count, length, ruleset.colour_word)
    return ngettext("one ladder A to K", "%(count)s ladders A to K", count, count=words)


def _set_text(count: int, length: int, set_word: str) -> str:
    """``count`` sets in the table's word: a trío where the ruleset says trio, else a grupo."""
    words = number_in_words(count)
    if set_word != "trio":
        return ngettext("one group of %(length)s", "%(count)s groups of %(length)s", count, count=words, length=length)
    if NAMED_LENGTHS[set_word] == length:
        return ngettext("one trio", "%(count)s trios", count, count=words)
    return ngettext("one trio of %(length)s", "%(count)s trios of %(length)s", count, count=words, length=length)


def _colour_text(count: int, length: int, colour_word: str) -> str:
    """Colour groups: ``"siete cartas de un mismo color"``, ``"dos grupos de 4 cartas de un mismo palo"``."""
    if count == 1:
        if colour_word == "colour":
            return gettext("%(length)s cards of one colour", length=number_in_words(length))
        return gettext("%(length)s cards of one suit", length=number_in_words(length))
    if colour_word == "colour":
        return gettext("%(count)s groups of %(length)s cards of one colour", count=number_in_words(count), length=length)
    return gettext("%(count)s groups of %(length)s cards of one suit", count=number_in_words(count), length=length)


def _ladder_text(rule: LadderRule, max_wilds: int | None, ruleset: Ruleset) -> str:
    """A ladder deal: its name (Carioca's escalas keep theirs), its cards and its own wild limit."""
    name = _escala_name(rule) if ruleset.run_word == "escala" else gettext("Ladder")
    if max_wilds is None:
        jokers = gettext("any number of jokers") if ruleset.run_wilds_adjacent else gettext("jokers never side by side")
    elif max_wilds == 0:
        jokers = gettext("no jokers")
    else:
        jokers = ngettext("at most %(num)s joker", "at most %(num)s jokers", max_wilds)
    return gettext("%(name)s: %(cards)s, %(jokers)s", name=name, cards=gettext(_LADDER_CARDS[rule]), jokers=jokers)


def _escala_name(rule: LadderRule) -> str:
    """Carioca's final escalas by their rule (RULES.md §8.3 Options), names its tables say in every language."""
    return {
        LadderRule.ANY_SUIT: gettext("Escala sucia"), LadderRule.SAME_COLOUR: gettext("Escala de color"),
        LadderRule.ALTERNATING_COLOUR: gettext("Escala payaso"), LadderRule.SAME_SUIT: gettext("Escala real"),
    }[rule]  # fmt: skip


def part_words(requirement: Requirement, set_word: str) -> str:
    """One part of a contract as a symbol's label reads it out on a page not in English: ``"grupo de 3"``,
    ``"trío de 3"``, ``"escala de 4"`` (the length always said, as the English label says it: "group of 3")."""
    length = requirement.length
    if requirement.kind is MeldKind.SET:
        if set_word == "trio":
            return gettext("trio of %(length)s", length=length)
        return gettext("group of %(length)s", length=length)
    if requirement.kind is MeldKind.RUN:
        return gettext("run of %(length)s", length=length)
    if requirement.kind is MeldKind.PAIR:
        return gettext("pair")
    if requirement.kind is MeldKind.COLOUR:
        return gettext("colour group of %(length)s", length=length)
    return gettext("ladder of %(length)s", length=length)


def register(app: Flask) -> None:
    """The ``contract_text`` and ``contract_names`` filters, for every page's templates:
    ``{{ deal|contract_text(ruleset) }}``."""
    app.add_template_filter(contract_text)
    app.add_template_filter(contract_names)
