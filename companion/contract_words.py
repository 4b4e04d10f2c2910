"""A deal's contract in the page's language: the web side of the engine's :func:`~.rules.rulesets.deal_contract`.

The engine writes each deal's contract once, in English (``Deal.contract``:
"One group of 3 and one run of 4", "Escala real: A to K of one suit, no
jokers"), and the JSON API answers with it byte for byte. A page in another
language shows the contract the engine says again from what the deal asks for
(:func:`~.rules.rulesets.deal_contract`: one whole translated phrase per part,
never English words glued together), in the page's catalogue. An English page
shows ``Deal.contract`` itself, so it reads exactly as the rules cards and the
API do.

The table's words in Spanish are the README's ("Translating"): a set is a
*trío* where the ruleset calls it a trio (Carioca, Continental) and a *grupo*
elsewhere, a run is an *escala*.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from flask_babel import gettext

from .i18n import N_, PAGE_CATALOGUE, page_is_english
from .rules import MeldKind
from .rules.rulesets import NAMED_LENGTHS_EVERYWHERE, deal_contract
from .rules.speech import speaking

if TYPE_CHECKING:
    from collections.abc import Iterable

    from flask import Flask

    from .rules import Deal, Requirement, Ruleset

#: The ruleset words that name a length of their own in every language the pages speak (the engine's list).
NAMED_LENGTHS = NAMED_LENGTHS_EVERYWHERE

_NUMBER_WORDS = (
    N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"), N_("nine"), N_("ten"),
    N_("eleven"), N_("twelve"),
)  # fmt: skip
"""The counts from 2 to 12 in words, as a page writes them ("Dos tríos"); larger ones in figures."""


def number_in_words(n: int) -> str:
    """A count of 2 or more in the page's language (``"dos"``); past twelve in figures."""
    return gettext(_NUMBER_WORDS[n - 2]) if 2 <= n < 2 + len(_NUMBER_WORDS) else str(n)


def contract_text(deal: Deal, ruleset: Ruleset) -> str:
    """``deal``'s contract in the page's language: ``Deal.contract`` on an English page, else written from its
    requirements in ``ruleset``'s words ("Un trío y una escala", "Escala real: de la A a la K de un mismo palo,
    sin comodines")."""
    if page_is_english():
        return deal.contract
    with speaking(PAGE_CATALOGUE):
        return deal_contract(deal, ruleset)


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
