"""The rules card's facts in the page's language (the engine's ``rules_facts`` lines: "Aces in runs", "Laying off").

The engine writes each fact once, in English, and the JSON API and the comparison of rulesets read it so. A page
in another language shows a fact's label and rule translated where this module knows it: the labels and the
rules that are one fixed sentence are messages here (marked ``N_``; a test finds each among the published rules
cards, so one the engine rewords is noticed), and the rules built from the ruleset's data (players, the deals
that meld every card, the set word) are written again from that data as whole sentences. A fact this module does
not know yet stays in English; an English page shows every fact exactly as the engine writes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask_babel import gettext, ngettext

from .contract_words import page_is_english
from .i18n import N_, listed

if TYPE_CHECKING:
    from flask import Flask

    from .rules import Ruleset
    from .rules.guide import Fact

FIXED_LABELS = frozenset({
    N_("Players"), N_("Packs and jokers"), N_("Wild cards"), N_("Deals"), N_("Phases"), N_("A set is called"),
    N_("Going down"), N_("Meld every card"), N_("Wild cards in a meld"), N_("Natural cards in a meld"),
    N_("Two runs of one suit"), N_("Runs"), N_("Aces in runs"), N_("Laying off"), N_("Taking back a joker"),
    N_("Penalty points"), N_("A tie for the win"), N_("Making your phase"), N_("End of the game"), N_("Winner"),
    N_("Skip cards"), N_("House options"), N_("Exact cut"), N_("Down and out in one turn"), N_("Shanghai call"),
    N_("Settling up"), N_("Play"),
})  # fmt: skip
"""The facts' labels that are the same words under every ruleset."""

FIXED_TEXTS = frozenset({
    N_("Exactly the contract's cards; the rest are laid off."),
    N_("The contract's melds, which may be longer than it asks."),
    N_("Never required."),
    N_("Allowed."), N_("Not allowed."), N_("Not allowed in one contract."),
    N_("Allowed, even end to end (3-4-5-6 and 7-8-9-10)."),
    N_("Allowed if they overlap or leave a gap, never end to end."),
    N_("Not allowed: one run per suit."),
    N_("Any colours mixed: only the numbers follow on."),
    N_("Any suits mixed: only the numbers follow on."),
    N_("Low (A-2-3-4) or high (J-Q-K-A), never round the corner."),
    N_("High only: J-Q-K-A, never A-2-3-4."),
    N_("Low only: A-2-3-4, never J-Q-K-A."),
    N_("Round the corner too (Q-K-A-2), each rank once: 13 cards at most."),
    N_("Low only: 1-2-3-4; a run ends at 12."),
    N_("Low only: A-2-3-4; a run ends at Q."),
    N_("From your next turn after going down."),
    N_("Already in the turn you go down."),
})  # fmt: skip
"""The facts' rules that are one fixed sentence, whatever the ruleset."""


def _trio(ruleset: Ruleset) -> bool:
    """Whether the table says trío for a set (the ruleset's word is trio: Carioca, Continental); else grupo."""
    return ruleset.set_word == "trio"


def fact_label(fact: Fact, ruleset: Ruleset) -> str:
    """``fact``'s label in the page's language (the engine's own on an English page, or where not known yet)."""
    if page_is_english():
        return fact.label
    if fact.label in FIXED_LABELS:
        return gettext(fact.label)
    if fact.key == "repeat_rank":
        return gettext("Two trios of one rank") if _trio(ruleset) else gettext("Two groups of one rank")
    if fact.key == "dup_suits":
        return _two_of_one_suit(ruleset, colour=fact.label.endswith(" colour"))
    return fact.label


def _two_of_one_suit(ruleset: Ruleset, *, colour: bool) -> str:
    """The label "a set with two cards of one suit" (or colour, on the Phase 10 deck) in the table's set word."""
    if colour:
        return gettext("A trio with two cards of one colour") if _trio(ruleset) else gettext("A group with two cards of one colour")
    return gettext("A trio with two cards of one suit") if _trio(ruleset) else gettext("A group with two cards of one suit")


def fact_text(fact: Fact, ruleset: Ruleset) -> str:
    """``fact``'s rule in the page's language (the engine's own on an English page, or where not known yet)."""
    if page_is_english():
        return fact.text
    if fact.text in FIXED_TEXTS:
        return gettext(fact.text)
    if fact.key == "players":
        return gettext("%(low)s to %(high)s.", low=ruleset.min_players, high=ruleset.max_players)
    if fact.key == "set_word":
        return gettext("A trio.") if _trio(ruleset) else gettext("A group.")
    if fact.key == "meld_all":
        numbers = [str(deal.number) for deal in ruleset.deals if deal.meld_all]
        return ngettext("Deal %(numbers)s.", "Deals %(numbers)s.", len(numbers), numbers=listed(numbers))
    return fact.text


def register(app: Flask) -> None:
    """The ``fact_label`` and ``fact_text`` filters: ``{{ fact|fact_text(ruleset) }}``."""
    app.add_template_filter(fact_label)
    app.add_template_filter(fact_text)
