"""The rules card's facts, the deal prompt's reminders and a game's setup card on a page, in its language.

The engine says each of them in the language in use (:mod:`companion.rules.speech`: the page's catalogue is in
use for every request), so a page shows them as the engine says them: English exactly as the JSON API and the
comparison of rulesets read it, Spanish whole. These filters are the one place the templates ask, and add only
what is a page's own: a house option's label and a set's name as a choice names it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules.speech import say_text, say_word

if TYPE_CHECKING:
    from flask import Flask

    from .rules import Deal, Ruleset
    from .rules.guide import Fact, SetupCard
    from .rules.rulesets import HouseOption


def fact_label(fact: Fact, ruleset: Ruleset) -> str:  # noqa: ARG001  (a filter's signature: fact|fact_label(ruleset))
    """``fact``'s label, as the engine says it in the page's language."""
    return fact.label


def fact_text(fact: Fact, ruleset: Ruleset) -> str:  # noqa: ARG001
    """``fact``'s rule, as the engine says it in the page's language."""
    return fact.text


def option_label(option: HouseOption) -> str:
    """A house option's label in the page's language (a built-in ruleset's marked text; a custom one's as written)."""
    return say_text(option.label)


def reminders_in_words(reminders: list[str], ruleset: Ruleset, deal: Deal, players: int) -> list[str]:  # noqa: ARG001
    """Deal ``deal``'s prompt reminders, as the engine says them in the page's language."""
    return reminders


def set_name(ruleset: Ruleset) -> str:
    """What the ruleset calls a set, as a choice names it: "Book" on an English page, "Trío" or "Grupo" in
    Spanish."""
    return say_word("set word", ruleset.set_word).capitalize()


def setup_wilds(setup: SetupCard, ruleset: Ruleset) -> str:  # noqa: ARG001
    """A game's setup card's wild cards ("Wild cards: jokers."), as the engine says them."""
    return setup.wilds


def setup_buying(setup: SetupCard, ruleset: Ruleset) -> str:  # noqa: ARG001
    """A game's setup card's May I / buy rule, as the engine says it."""
    return setup.buying


def register(app: Flask) -> None:
    """The ``fact_label``, ``fact_text``, ``option_label``, ``set_name``, ``setup_wilds`` and ``setup_buying``
    filters: ``{{ fact|fact_text(ruleset) }}``."""
    app.add_template_filter(fact_label)
    app.add_template_filter(fact_text)
    app.add_template_filter(option_label)
    app.add_template_filter(set_name)
    app.add_template_filter(setup_wilds)
    app.add_template_filter(setup_buying)
